/* threads_test.c -- the C API from many threads at once (spec/api.md,
 * "Threads"; issue 44): every thread evaluates, answers, parses, prints,
 * compares, calls and judges, on values of its own and on values shared
 * read-only by all, and must get exactly the answers computed beforehand on
 * one thread. `make test` runs it as it is; fuzz/tsan.sh builds the library
 * and this test with -fsanitize=thread (ThreadSanitizer), where any data
 * race inside the library is a report and a failure.
 *
 *   threads_test [THREADS [ROUNDS]]     default 8 threads, 20 rounds */
#define _POSIX_C_SOURCE 200809L
#include <cuteref.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_THREADS 64

/* Requests of several operations, heavy and light, accepted and rejected
 * (composition's SHAPE_DIVISIBILITY, cosize's OVERFLOW), a NUL inside (the
 * length-taking functions), a swizzle and a composed layout, a boolean and a
 * name, and the deepest kind of request the judge meets (issue 44). */
static const struct {
  const char *text;
  size_t len; /* 0: strlen(text) */
  const char *answer; /* an implementation's answer to judge; NULL: the reference's own */
} reqs[] = {
    {"composition((6,2):(8,2), (4,3):(3,1))", 0, NULL},
    {"composition((6,2):(8,2), (4,3):(3,1))", 0, "ok ((2,2),3):((24,2),9)"},
    {"complement((2,2):(1,6), 24)", 0, NULL},
    {"logical_divide((4,2,3):(2,1,8), 4:2)", 0, "ok ((2,2),(2,3)):((4,1),(2,8))"},
    {"zipped_divide(make_identity_layout((8,8)), <_2,_2>)", 0, NULL},
    {"blocked_product((2,2):(1,2), (3,4):(1,3))", 0, NULL},
    {"right_inverse(((2,2),3):((24,2),8))", 0, "ok 12:1"},
    {"left_inverse((4,2):(2,1))", 0, NULL},
    {"composition((4,6):(1,10), 3:2)", 0, NULL},
    {"composition((4,6):(1,10), 3:2)", 0, "ok 3:20"},
    {"cosize(2:-9223372036854775808)", 0, "error OVERFLOW too big"},
    {"size(4)\0junk", 12, "ok 4"},
    {"Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", 0, NULL},
    {"(8,8):(8,1)(3,5)", 0, NULL},
    {"congruent((4,2),(1,1))", 0, NULL},
    {"LayoutLeft", 0, NULL},
    {"tile_to_shape((2,2):(1,2), (8,8))", 0, NULL},
    {"9223372036854775808", 0, NULL},
};
#define NREQ (sizeof reqs / sizeof reqs[0])

/* What one thread computed beforehand, alone. */
typedef struct {
  char *value;  /* cuteref_eval_n's result, or NULL */
  int code;     /* its error code (0 for a result) */
  char *line;   /* cuteref_answer_n */
  int judged;   /* cuteref_judge_n of the answer */
  char verdict[32], id[48], expected[256];
  int has_size; /* cuteref_size of the value */
  int64_t size;
  int call_code; /* congruent(V, V) by cuteref_call, V the value */
  char *call_value;
} expect;

static expect want[NREQ];
static cuteref_value *shared[NREQ]; /* parsed once; every thread reads them */
static pthread_barrier_t start;
static int rounds = 20;

static size_t req_len(size_t i) { return reqs[i].len ? reqs[i].len : strlen(reqs[i].text); }

static const char *req_answer(size_t i) { return reqs[i].answer ? reqs[i].answer : want[i].line; }

static int same(const char *a, const char *b) { return a == b || (a && b && strcmp(a, b) == 0); }

/* One thread's work on request i; returns the number of mismatches. */
static int run_one(size_t i, int tid) {
  cuteref_error err;
  cuteref_value *v = NULL, *out = NULL;
  cuteref_judgement j;
  const cuteref_value *args[2];
  char *s, buf[512];
  int bad = 0, r;
  int64_t x;
  s = cuteref_eval_n(reqs[i].text, req_len(i), &err);
  if (!same(s, want[i].value) || err.code != want[i].code) {
    printf("FAIL thread %d: eval of request %d: %s (%s)\n", tid, (int)i, s ? s : "NULL", err.name);
    ++bad;
  }
  cuteref_free_string(s);
  s = cuteref_answer_n(reqs[i].text, req_len(i));
  if (!same(s, want[i].line)) printf("FAIL thread %d: answer of request %d: %s\n", tid, (int)i, s ? s : "NULL"), ++bad;
  cuteref_free_string(s);
  /* a value of this thread's own: parsed, printed, compared, measured, freed */
  if (cuteref_value_parse_n(reqs[i].text, req_len(i), &v, &err) == CUTEREF_OK) {
    s = cuteref_value_str(v);
    if (!same(s, want[i].value)) printf("FAIL thread %d: value_str of request %d\n", tid, (int)i), ++bad;
    cuteref_free_string(s);
    if (cuteref_value_print(v, buf, sizeof buf) != (int)strlen(want[i].value) || strcmp(buf, want[i].value) != 0)
      printf("FAIL thread %d: value_print of request %d\n", tid, (int)i), ++bad;
    if (cuteref_value_kind(v) != cuteref_value_kind(shared[i]) || cuteref_value_equivalent(v, shared[i]) != 1 ||
        cuteref_value_equivalent(shared[i], v) != 1)
      printf("FAIL thread %d: request %d's value is not its shared twin\n", tid, (int)i), ++bad;
    (void)cuteref_value_int(v, &x);
    r = cuteref_size(v, &x, &err);
    if ((r == CUTEREF_OK) != want[i].has_size || (r == CUTEREF_OK && x != want[i].size))
      printf("FAIL thread %d: size of request %d\n", tid, (int)i), ++bad;
    /* the shared value as an argument, with this thread's own */
    args[0] = shared[i];
    args[1] = v;
    r = cuteref_call("congruent", args, 2, &out, &err);
    s = r == CUTEREF_OK ? cuteref_value_str(out) : NULL;
    if (r != want[i].call_code || !same(s, want[i].call_value))
      printf("FAIL thread %d: congruent(V, V) of request %d: %s\n", tid, (int)i, err.name), ++bad;
    cuteref_free_string(s);
    cuteref_value_free(out);
    cuteref_value_free(v);
  } else if (want[i].value) {
    printf("FAIL thread %d: request %d does not parse: %s\n", tid, (int)i, err.name), ++bad;
  }
  /* the shared value printed and measured by every thread at once */
  if (shared[i]) {
    if (cuteref_value_print(shared[i], buf, sizeof buf) != (int)strlen(want[i].value))
      printf("FAIL thread %d: shared value %d prints otherwise\n", tid, (int)i), ++bad;
    r = cuteref_size(shared[i], &x, &err);
    if ((r == CUTEREF_OK) != want[i].has_size || (r == CUTEREF_OK && x != want[i].size))
      printf("FAIL thread %d: size of shared value %d\n", tid, (int)i), ++bad;
  }
  /* the judge, with lengths and without */
  r = cuteref_judge_n(reqs[i].text, req_len(i), req_answer(i), strlen(req_answer(i)), 0, &j);
  if (r != want[i].judged || strcmp(j.verdict, want[i].verdict) != 0 || strcmp(j.id, want[i].id) != 0 ||
      strncmp(j.expected, want[i].expected, sizeof want[i].expected - 1) != 0)
    printf("FAIL thread %d: judge of request %d: %s %s\n", tid, (int)i, j.verdict, j.id), ++bad;
  if (!reqs[i].len && cuteref_judge(reqs[i].text, req_answer(i), 0, &j) != want[i].judged)
    printf("FAIL thread %d: judge (C string) of request %d\n", tid, (int)i), ++bad;
  if (cuteref_code_by_name(cuteref_code_name(want[i].code)) != want[i].code)
    printf("FAIL thread %d: code names\n", tid), ++bad;
  return bad;
}

static void *worker(void *arg) {
  int tid = *(int *)arg, k, bad = 0;
  size_t n;
  pthread_barrier_wait(&start);
  for (k = 0; k < rounds; ++k)
    for (n = 0; n < NREQ; ++n) bad += run_one((n + (size_t)tid * 5) % NREQ, tid); /* each its own order */
  *(int *)arg = bad;
  return NULL;
}

int main(int argc, char **argv) {
  int threads = 8, ids[MAX_THREADS], k, failures = 0;
  pthread_t t[MAX_THREADS];
  size_t i;
  if (argc > 1) threads = atoi(argv[1]);
  if (argc > 2) rounds = atoi(argv[2]);
  if (threads < 1 || threads > MAX_THREADS || rounds < 1) {
    fprintf(stderr, "usage: threads_test [THREADS (1..%d) [ROUNDS]]\n", MAX_THREADS);
    return 2;
  }
  /* the answers, computed on one thread */
  for (i = 0; i < NREQ; ++i) {
    cuteref_error err;
    cuteref_judgement j;
    want[i].value = cuteref_eval_n(reqs[i].text, req_len(i), &err);
    want[i].code = err.code;
    want[i].line = cuteref_answer_n(reqs[i].text, req_len(i));
    if (!want[i].line) {
      printf("FAIL: no answer line to request %d\n", (int)i);
      return 1;
    }
    if (cuteref_value_parse_n(reqs[i].text, req_len(i), &shared[i], &err) == CUTEREF_OK) {
      const cuteref_value *args[2];
      cuteref_value *out = NULL;
      want[i].has_size = cuteref_size(shared[i], &want[i].size, &err) == CUTEREF_OK;
      args[0] = args[1] = shared[i];
      want[i].call_code = cuteref_call("congruent", args, 2, &out, &err);
      want[i].call_value = out ? cuteref_value_str(out) : NULL;
      cuteref_value_free(out);
    }
    want[i].judged = cuteref_judge_n(reqs[i].text, req_len(i), req_answer(i), strlen(req_answer(i)), 0, &j);
    strcpy(want[i].verdict, j.verdict);
    strcpy(want[i].id, j.id);
    strncpy(want[i].expected, j.expected, sizeof want[i].expected - 1);
  }
  /* a few of the answers, to know the table means what it says */
  if (!want[0].value || strcmp(want[0].value, "((2,2),3):((24,2),8)") != 0 || want[1].judged != 0 ||
      strncmp(want[8].line, "error SHAPE_DIVISIBILITY composition: ", 38) != 0 ||
      strcmp(want[11].line, "error PARSE_EXPECTED a NUL byte at byte 7") != 0 || want[0].judged != 1 ||
      want[17].value != NULL || !want[0].call_value || strcmp(want[0].call_value, "true") != 0) {
    printf("FAIL: the answers computed on one thread are not the expected ones (%s; %s)\n",
           want[0].value ? want[0].value : "NULL", want[8].line);
    ++failures;
  }
  if (pthread_barrier_init(&start, NULL, (unsigned)threads) != 0) return 1;
  for (k = 0; k < threads; ++k) {
    ids[k] = k;
    if (pthread_create(&t[k], NULL, worker, &ids[k]) != 0) {
      printf("FAIL: pthread_create\n");
      return 1;
    }
  }
  for (k = 0; k < threads; ++k) {
    pthread_join(t[k], NULL);
    failures += ids[k];
  }
  pthread_barrier_destroy(&start);
  for (i = 0; i < NREQ; ++i) {
    cuteref_free_string(want[i].value);
    cuteref_free_string(want[i].line);
    cuteref_free_string(want[i].call_value);
    cuteref_value_free(shared[i]);
  }
  if (failures) {
    printf("threads_test: %d failures\n", failures);
    return 1;
  }
  printf("ok: threads_test (%d threads x %d rounds x %d requests: eval, answer, parse, print, equivalent, call, "
         "size, judge, at once)\n",
         threads, rounds, (int)NREQ);
  return 0;
}
