/* ct_port.h -- portability layer shared by the host (C11) and GPU (CUDA) builds.
 *
 * Every function of ref/ is declared CT_FN so that the same source compiles as
 * plain C11 on the host and as __host__ __device__ code under nvcc (device/).
 * The code is written in the common subset of C11 and C++ (no designated
 * initializers, no compound literals, no VLAs, explicit casts from void*).
 * Capacities are compile-time constants so that nothing allocates. */
#ifndef CT_PORT_H
#define CT_PORT_H

#include <stdint.h>
#include <stddef.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#if defined(__CUDACC__)
#define CT_FN __host__ __device__
#else
#define CT_FN
#endif

/* On a function returning a ct_code: a caller that drops the code gets a
 * warning (an error under the build's -Werror). Drop one on purpose with
 * ct_discard() and a comment saying why (ref/ct_error.h). Off under nvcc,
 * whose host and device passes would warn twice. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__)
#define CT_MUST_USE __attribute__((warn_unused_result))
#else
#define CT_MUST_USE
#endif

#if defined(__CUDA_ARCH__)
#define CT_ON_DEVICE 1
#else
#define CT_ON_DEVICE 0
#endif

/* Documented bounds of the representation (spec/notation.md, NOTE-LIMITS).
 * CT_MAX_NODES may be lowered by a build (device/ uses a smaller value). */
#ifndef CT_MAX_NODES
#define CT_MAX_NODES 128 /* integers + tuples in one IntTuple tree */
#endif
#define CT_MAX_DEPTH 8   /* nesting depth of an IntTuple */
#define CT_MAX_RANK 32   /* elements of one tuple */

#endif
