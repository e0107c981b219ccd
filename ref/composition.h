/* composition.h -- composition (spec/composition.md). */
#ifndef CT_COMPOSITION_H
#define CT_COMPOSITION_H

#include "carry.h"
#include "coalesce.h"
#include "tiler.h"

/* R = A o B: compatible(B, R) and R(i) == A^(B(i)) for i < size(B), where A^
 * is coalesce(A) extended past its size through its last mode (COMP-EXT:
 * so equivalent A's compose alike; COMP-1, COMP-2).
 * Accepted iff such an R exists (COMP-8); R's leaves coalesced (COMP-9). */
CT_FN CT_MUST_USE ct_code ct_composition(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e);
/* The core on flat lists, which ct_composition runs on B's leaves and
 * device/ on flat A and B: Â prepared (ct_ahat_init of COMP-PREP's digits),
 * B's leaves in colexicographic order. On CT_OK leaf j of R is the box's
 * modes t:v with leaf == j, in order, or s_j:0 when it has none. */
CT_FN CT_MUST_USE ct_code ct_comp_flat(const ct_ahat *h, const ct_modes *b_leaves, ct_box *x, ct_err *e);

/* R's leaf for B's leaf `leaf` = b (COMP-1), appended to *r: the box's
 * modes of that leaf from *m on (*m moves past them), with the static marks
 * CuTe C++ sets, or b's s:0 where the box has none. Returns the modes
 * appended. ct_composition builds R with it, and so does COMP-2's plan
 * (device/plan_comp.c). */
CT_FN int ct_comp_leaf(const ct_ahat *h, const ct_box *x, const ct_mode *b, int leaf, int a_static, int *m, ct_modes *r);

#endif
