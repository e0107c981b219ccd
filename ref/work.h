/* work.h -- the work meter of one request (spec/expressions.md, the work
 * budget). The evaluator gives each request CT_WORK_VISITS index visits,
 * shared by the searches whose own bound is far above a cheap operation's
 * (max_common_layout/max_common_vector's passes, MCL-ALG: 2^24 each), so
 * that no request of many such calls runs for long. Host only: on the GPU
 * every check is one operation, bounded by its own search. */
#ifndef CT_WORK_H
#define CT_WORK_H

#include "ct_port.h"

#define CT_WORK_VISITS ((int64_t)1 << 26)

#if CT_ON_DEVICE
CT_FN static inline int ct_work_spend(int64_t n) {
  (void)n;
  return 1;
}
#else
#ifdef __cplusplus /* nvcc's host pass reads ref/ as C++ */
#define CT_THREAD_LOCAL thread_local
#else
#define CT_THREAD_LOCAL _Thread_local
#endif
/* Visits left to the request being evaluated; negative: no meter (a caller
 * outside the evaluator, such as the property suite). */
extern CT_THREAD_LOCAL int64_t ct_work_left;
/* 1 and n visits taken from the meter, or 0 when fewer than n are left
 * (the meter is then spent: ct_work_left == 0). */
static inline int ct_work_spend(int64_t n) {
  if (ct_work_left < 0) return 1;
  if (ct_work_left < n) {
    ct_work_left = 0;
    return 0;
  }
  ct_work_left -= n;
  return 1;
}
#endif

#endif
