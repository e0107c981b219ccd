/* cases.c -- property testing from C (spec/api.md, "Cases"): the requests
 * `cuteref conform --random 6 --seed 7 --ops composition` sends, then a
 * failing request shrunk by conform's edits in props/shrink.h's loop. */
#include <cuteref.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The property that "fails" here: the layout's size is a multiple of 4. */
static int fails(const char *request) {
  char *s = cuteref_eval(request, NULL);
  int bad = s && atoll(s) > 0 && atoll(s) % 4 == 0;
  cuteref_free_string(s);
  return bad;
}

int main(void) {
  char req[CUTEREF_REQUEST_CAP], cand[CUTEREF_REQUEST_CAP];
  const char *gen;
  cuteref_error err;
  uint64_t i;
  int k = 0, steps = 0;
  for (i = 0; i < 6; ++i)
    if (cuteref_case("composition", 7, i, req, sizeof req, &gen, &err) == CUTEREF_OK)
      printf("%-24s %s\n", gen, req);
  if (cuteref_case("compositon", 7, 0, req, sizeof req, &gen, &err) != CUTEREF_OK)
    printf("%s: %s\n", err.name, err.message);
  /* greedy: the first candidate that still fails is the new request */
  strcpy(req, "size((3,(6,6)):(1,(3,18)))");
  while (cuteref_shrink_candidate(req, k, cand, sizeof cand, &err) > 0) {
    if (fails(cand)) {
      strcpy(req, cand);
      k = 0;
      ++steps;
    } else {
      ++k;
    }
  }
  printf("shrunk in %d steps: %s\n", steps, req);
  return 0;
}
