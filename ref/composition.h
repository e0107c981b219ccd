/* composition.h -- composition (spec/composition.md). */
#ifndef CT_COMPOSITION_H
#define CT_COMPOSITION_H

#include "coalesce.h"

/* R = A o B: compatible(B, R) and R(i) == A^(B(i)) for i < size(B), where A^
 * is A extended past its size through its last mode (COMP-1, COMP-2). */
CT_FN ct_code ct_composition(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e);
/* COMP-PREP: A's digits M_k:D_k (the last one unbounded), as composition
 * reads A. Exposed for generators of admissible inputs (props/). */
CT_FN void ct_comp_prepare(const ct_layout *A, ct_modes *m, int *all_static);
/* By-mode composition with a tiler <T0, T1, ...> (`_` keeps the mode); a
 * tiler that is a plain layout composes with the whole of A. */
CT_FN ct_code ct_composition_tiler(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e);

#endif
