/* stack_test.c -- the library's stack (spec/api.md, "Threads"; issue 44).
 *
 * 1. Measures the stack that the heaviest requests known need when they are
 *    evaluated and judged on the calling thread: each runs on a thread whose
 *    stack is painted with a byte pattern, and the bytes no longer holding
 *    it are counted. The library runs a request on the caller's thread only
 *    where 1 MiB (2 MiB under sanitizers) is left, so each must need less
 *    than half of that.
 * 2. Runs the same requests on 128 KiB threads (musl's default): the library
 *    moves such work to a stack of its own, and the answers and verdicts
 *    must be those of step 1.
 * The requests: every spec/vectors request that needed more than 100 KiB
 * when this was written, alone and at the deepest nesting the evaluator
 * takes (32 calls), and that nesting of cheap calls. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#define _POSIX_C_SOURCE 200809L
#include "cuteref.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifdef SANITIZED
#define INLINE_NEED ((size_t)2 << 20)
#else
#define INLINE_NEED ((size_t)1 << 20)
#endif
#define PAINTED ((size_t)32 << 20)
#define SMALL ((size_t)128 << 10)
#define PAINT 0xA5

static const char *const heavy[] = {
    "zipped_divide(make_identity_layout((_8,_12)), <_4,_3>)",
    "tiled_divide(make_identity_layout((_8,_12)), (_2,_4))",
    "logical_divide(make_identity_layout((_8,_12)), <_4,_3>)",
    "composition(make_identity_layout((_8,_12)), <_4:_2,_3:_4>)",
    "composition(make_identity_layout((8,12)), (_4,_3):(_2@0,_1@1))",
    "zipped_divide(make_identity_layout((8,8)), <_2,_2>)",
    "flat_divide(((4,6),8):((1,4),24), <<2:1,3:1>, 4:1>)",
    "tile_to_shape(Sw<3,4,3> o _0 o (_8,_64):(_64,_1), (_64,_128))",
    "left_inverse((2,3,2,3,2,3,2,3):(1,2,6,12,36,72,216,432))",
    "complement((1000,1024,999,999):(862,2386,1112,3497))",
};
#define NHEAVY ((int)(sizeof heavy / sizeof heavy[0]))
#define NREQ (2 * NHEAVY + 1)

static char *requests[NREQ];

typedef struct {
  const char *request;
  char *answer;
  char verdict[64];
  int conforming;
} job;

static void *work(void *p) {
  job *j = (job *)p;
  cuteref_judgement v;
  j->answer = cuteref_answer(j->request);
  j->conforming = cuteref_judge(j->request, j->answer, CUTEREF_JUDGE_STRICT, &v);
  snprintf(j->verdict, sizeof j->verdict, "%s", v.verdict);
  return NULL;
}

/* Runs work(j) on a thread with the given stack (painted first when
 * `painted`); returns the bytes of it used, or 0 with painted == NULL. */
static size_t on_thread(job *j, unsigned char *painted, size_t size) {
  pthread_attr_t a;
  pthread_t t;
  size_t k = 0;
  pthread_attr_init(&a);
  if (painted) {
    memset(painted, PAINT, size);
    pthread_attr_setstack(&a, painted, size);
  } else {
    pthread_attr_setstacksize(&a, size);
  }
  if (pthread_create(&t, &a, work, j) != 0) {
    fprintf(stderr, "FAIL: pthread_create\n");
    exit(1);
  }
  pthread_join(t, NULL);
  pthread_attr_destroy(&a);
  if (!painted) return 0;
  while (k < size && painted[k] == PAINT) ++k; /* the stack grows down */
  return size - k;
}

static char *nested(const char *inner, int depth) {
  size_t n = strlen(inner) + 6 * (size_t)depth + 1;
  char *s = (char *)malloc(n), *p = s;
  int k;
  if (!s) exit(1);
  for (k = 0; k < depth; ++k) p += sprintf(p, "size(");
  p += sprintf(p, "%s", inner);
  for (k = 0; k < depth; ++k) *p++ = ')';
  *p = '\0';
  return s;
}

int main(void) {
  unsigned char *stack = (unsigned char *)mmap(NULL, PAINTED, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  size_t worst = 0;
  int k, failures = 0, worst_k = 0;
  if (stack == MAP_FAILED) return 1;
  for (k = 0; k < NHEAVY; ++k) {
    requests[2 * k] = nested(heavy[k], 0);
    requests[2 * k + 1] = nested(heavy[k], 31); /* 32 calls deep: the evaluator's bound */
  }
  requests[NREQ - 1] = nested("8", 32);
  for (k = 0; k < NREQ; ++k) {
    job big, small;
    size_t used;
    memset(&big, 0, sizeof big);
    big.request = requests[k];
    used = on_thread(&big, stack, PAINTED);
    if (used > worst) {
      worst = used;
      worst_k = k;
    }
    if (!big.answer || (strncmp(big.answer, "ok ", 3) != 0 && strncmp(big.answer, "error ", 6) != 0)) {
      fprintf(stderr, "FAIL: %.80s: no answer\n", requests[k]);
      ++failures;
    }
    if (!big.conforming) {
      fprintf(stderr, "FAIL: %.80s: the reference's own answer is judged %s\n", requests[k], big.verdict);
      ++failures;
    }
    if (used * 2 > INLINE_NEED) {
      fprintf(stderr, "FAIL: %.80s needs %zu KiB, more than half of the %zu KiB the library runs inline with\n",
              requests[k], used >> 10, INLINE_NEED >> 10);
      ++failures;
    }
    memset(&small, 0, sizeof small);
    small.request = requests[k];
    on_thread(&small, NULL, SMALL);
    if (!small.answer || strcmp(small.answer, big.answer) != 0 || strcmp(small.verdict, big.verdict) != 0) {
      fprintf(stderr, "FAIL: %.80s on a 128 KiB thread: %.80s (%s), on a large one: %.80s (%s)\n", requests[k],
              small.answer ? small.answer : "(null)", small.verdict, big.answer, big.verdict);
      ++failures;
    }
    cuteref_free_string(big.answer);
    cuteref_free_string(small.answer);
  }
  printf("stack_test: %d requests evaluated and judged; the deepest needs %zu KiB of the caller's stack"
         " (%s build; the library runs inline with %zu KiB left); all answer alike on 128 KiB threads\n",
         NREQ, worst >> 10,
#ifdef SANITIZED
         "sanitizer",
#else
         "release",
#endif
         INLINE_NEED >> 10);
  printf("stack_test: the deepest: %.100s%s\n", requests[worst_k], strlen(requests[worst_k]) > 100 ? "..." : "");
  for (k = 0; k < NREQ; ++k) free(requests[k]);
  munmap(stack, PAINTED);
  if (failures) fprintf(stderr, "stack_test: %d failures\n", failures);
  return failures != 0;
}
