/* props_tiled_copy.h -- the tiled copy of a case (props_tiled_copy.c,
 * spec/tiled_copy.md), for the generators of requests that name one. */
#ifndef CT_PROPS_TILED_COPY_H
#define CT_PROPS_TILED_COPY_H

#include "props/props.h"
#include "ref/tiled_copy.h"

/* make_tiled_copy's arguments of a CT_GEN_SWIZZLE case: an atom of the
 * atlas (ldmatrix, stmatrix, a universal copy of 8 to 128 bits, cp.async;
 * no TMA), an element width that divides it, a thread layout of 1, 2 or 4
 * times the atom's threads and a value layout of 1 or 2 times its
 * reference values, each of rank 1 or 2, column- or row-major. */
CT_FN void ct_case_tiled_copy(const ct_case *c, ct_tcopy_atom *a, ct_layout *thr, ct_layout *val);

#endif
