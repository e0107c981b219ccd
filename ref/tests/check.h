/* check.h -- a tiny test harness: CHECK records, ct_done prints the closing
 * line "N passed, N failed" and gives the exit status. */
#ifndef CT_CHECK_H
#define CT_CHECK_H

#include <stdio.h>
#include <string.h>

static int ct_passed, ct_failed;

#define CHECK(cond, ...)                                                        \
  do {                                                                         \
    if (cond) {                                                                \
      ++ct_passed;                                                             \
    } else {                                                                   \
      ++ct_failed;                                                             \
      fprintf(stderr, "%s:%d: FAILED: %s: ", __FILE__, __LINE__, #cond);       \
      fprintf(stderr, __VA_ARGS__);                                            \
      fputc('\n', stderr);                                                     \
    }                                                                          \
  } while (0)

/* A step that must succeed: a counted check of the code it returns (the
 * reference's functions are CT_MUST_USE). */
#define OK(expr) CHECK((expr) == CT_OK, "a step of the test failed")

#define CHECK_STR(got, want, ...)                                              \
  do {                                                                         \
    const char *g_ = (got), *w_ = (want);                                      \
    if (strcmp(g_, w_) == 0) {                                                 \
      ++ct_passed;                                                             \
    } else {                                                                   \
      ++ct_failed;                                                             \
      fprintf(stderr, "%s:%d: FAILED: got `%s`, want `%s`: ", __FILE__,        \
              __LINE__, g_, w_);                                               \
      fprintf(stderr, __VA_ARGS__);                                            \
      fputc('\n', stderr);                                                     \
    }                                                                          \
  } while (0)

static int ct_done(void) {
  printf("%d passed, %d failed\n", ct_passed, ct_failed);
  return ct_failed ? 1 : 0;
}

#endif
