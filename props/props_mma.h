/* props_mma.h -- the MMA atom of a case (props_mma.c, spec/mma.md), for
 * the generators of requests that name one. */
#ifndef CT_PROPS_MMA_H
#define CT_PROPS_MMA_H

#include "props/props.h"

/* The atom (M, N, K, bits) and operand (CT_MMA_A, B, C) of a CT_GEN_SWIZZLE
 * case: one of PTX's 17 mma.sync shapes, or (a quarter of the cases) a
 * wgmma of N = 8..256 with 32-, 16- or 8-bit A. */
CT_FN void ct_case_mma(const ct_case *c, int *m, int *n, int *k, int *bits, int *op);

/* The UMMA atom of a CT_GEN_SWIZZLE case (spec/mma.md, MMA-UMMA) as x[0..4]
 * = M, N, K, ctas, operand: one or two CTAs, an M and N that PTX's
 * tcgen05.mma.cta_group::ctas takes, K of 32-, 16-, 8- or 4-bit A; N cut
 * to keep C's M x N within CT_MMA_TILE_MAX where the operand is C. */
CT_FN void ct_case_umma(const ct_case *c, int *x);

#endif
