/* props_tiled_mma.h -- the tiled MMA of a case (props_tiled_mma.c,
 * spec/tiled_mma.md), for the generators of requests that name one. */
#ifndef CT_PROPS_TILED_MMA_H
#define CT_PROPS_TILED_MMA_H

#include "props/props.h"
#include "ref/tiled_mma.h"

/* The tiled MMA of a CT_GEN_SWIZZLE case: the case's atom (ct_case_mma),
 * an atom layout of up to 8 atoms (k0: sizes 1, 2, 4 per mode, column- or
 * row-major; a wgmma atom gets 1 or 2 along M) and, for a third of the
 * cases each, a permutation of M that interleaves two tiles, or of N that
 * transposes the tile's columns; *op the case's operand. */
CT_FN void ct_case_tiled_mma(const ct_case *c, ct_tiled_mma *t, int *op);
/* The same, but a quarter of the cases take SM70's quad-pair atom 8x8x4
 * (MMA-QP), one of its eight forms (the tiled copies' props). */
CT_FN void ct_case_tiled_mma_sm70(const ct_case *c, ct_tiled_mma *t, int *op);

#endif
