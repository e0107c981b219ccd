/* ct_cuda.h -- the host side that the CUDA programs (agree.cu and the
 * sweeps) share: fatal errors and CUDA status checks, prefixed with the
 * program's name (CT_PROG, defined before the include), Bazel's sharding
 * and a monotonic clock. */
#ifndef CT_CUDA_H
#define CT_CUDA_H

#include <cuda_runtime.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef CT_PROG
#error "define CT_PROG (the program's name) before including device/ct_cuda.h"
#endif

/* Exit 2: bad usage or input. */
static void ct_die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, CT_PROG ": ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  exit(2);
}

/* Exit 3: a CUDA call failed. An illegal address in a kernel is a stack
 * overflow or a miscompile (device/README.md, "A ptxas miscompile"). */
#define CT_CUDA(x)                                                                                             \
  do {                                                                                                         \
    cudaError_t err_ = (x);                                                                                    \
    if (err_ != cudaSuccess) {                                                                                 \
      fprintf(stderr, CT_PROG ": CUDA error at %s:%d: %s (%s)\n", __FILE__, __LINE__, cudaGetErrorString(err_), \
              #x);                                                                                             \
      if (err_ == cudaErrorLaunchFailure || err_ == cudaErrorIllegalAddress)                                   \
        fprintf(stderr, CT_PROG ": (a stack overflow or a miscompile: device/README.md, \"A ptxas miscompile\")\n"); \
      exit(3);                                                                                                 \
    }                                                                                                          \
  } while (0)

/* Bazel's test sharding (TEST_TOTAL_SHARDS, TEST_SHARD_INDEX): shard *i of
 * *n, and the status file that says this program shards. */
static void ct_bazel_shard(int *i, int *n) {
  const char *env = getenv("TEST_TOTAL_SHARDS"), *idx = getenv("TEST_SHARD_INDEX"),
             *status = getenv("TEST_SHARD_STATUS_FILE");
  if (!env || atoi(env) <= 1) return;
  *n = atoi(env);
  *i = idx ? atoi(idx) : 0;
  if (status) {
    FILE *f = fopen(status, "w");
    if (f) fclose(f);
  }
}

static double ct_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#endif
