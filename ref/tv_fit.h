/* tv_fit.h -- a thread-value function fitted as a layout (spec/mma.md,
 * MMA-DEF): where the derivation of an atom's TV layout from the PTX ISA
 * is checked rather than assumed. */
#ifndef CT_TV_FIT_H
#define CT_TV_FIT_H

#include "mma_atom.h"

/* The layout (T, V) -> ct_mma_frag_at(f, t, v) of the shape ((f's thread
 * shape), (f's value shape)): each stride is f at the unit coordinate of its
 * leaf, and the layout must equal f at EVERY (t, v), t < T, v < V; where it
 * does not (or f(0, 0) != 0), the function is no layout of that shape:
 * NO_LAYOUT, naming the first (t, v) where they differ. Integers are static,
 * as in CuTe's traits. */
CT_FN CT_MUST_USE ct_code ct_tv_fit(const ct_mma_frag *f, ct_layout *out, ct_err *e);

/* The sizes of f's thread and value modes. */
CT_FN int ct_tv_threads(const ct_mma_frag *f);
CT_FN int ct_tv_values(const ct_mma_frag *f);

#endif
