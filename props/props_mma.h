/* props_mma.h -- the MMA atom of a case (props_mma.c, spec/mma.md), for
 * the generators of requests that name one. */
#ifndef CT_PROPS_MMA_H
#define CT_PROPS_MMA_H

#include "props/props.h"

/* The atom (M, N, K, bits) and operand (CT_MMA_A, B, C) of a CT_GEN_SWIZZLE
 * case: one of PTX's 17 mma.sync shapes, or (a quarter of the cases) a
 * wgmma of N = 8..256 with 32-, 16- or 8-bit A. */
CT_FN void ct_case_mma(const ct_case *c, int *m, int *n, int *k, int *bits, int *op);

#endif
