/* composition.h -- composition (spec/composition.md). */
#ifndef CT_COMPOSITION_H
#define CT_COMPOSITION_H

#include "coalesce.h"
#include "tiler.h"

/* R = A o B: compatible(B, R) and R(i) == A^(B(i)) for i < size(B), where A^
 * is A extended past its size through its last mode (COMP-1, COMP-2). */
CT_FN CT_MUST_USE ct_code ct_composition(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e);
/* COMP-PREP: A's digits M_k:D_k (the last one unbounded), as composition
 * reads A. Exposed for generators of admissible inputs (props/). */
CT_FN void ct_comp_prepare(const ct_layout *A, ct_modes *m, int *all_static);
/* The same from A's leaves in colexicographic order (ct_modes_of). */
CT_FN void ct_comp_prepare_modes(const ct_modes *leaves, ct_modes *m, int *all_static);

/* The core of composition on flat mode lists, which ct_composition runs leaf
 * by leaf over B's tree and device/ runs directly on flat A and B:
 *   ct_comp_core_init(&c, A's leaves); for each leaf s:d of B:
 *   ct_comp_core_leaf(&c, s, d, ..., &r_i) gives the modes that replace it;
 *   then ct_comp_core_check (COMP-DISJOINT) decides whether the leaves may be
 *   put side by side. ct_comp_core_reset starts another B against the same A. */
typedef struct {
  ct_modes a;                 /* prepared A: M_k:D_k */
  int a_static;               /* every integer of A static */
  int64_t used[CT_MAX_NODES]; /* largest digit sum reached at each position */
} ct_comp_core;

CT_FN void ct_comp_core_init(ct_comp_core *c, const ct_modes *a_leaves);
CT_FN void ct_comp_core_reset(ct_comp_core *c);
/* COMP-LEAF: r := the modes with r(j) == A^(d*j) for j < s, for a leaf b = s:d. */
CT_FN CT_MUST_USE ct_code ct_comp_core_leaf(ct_comp_core *c, const ct_mode *b, ct_modes *r, ct_err *e);
/* COMP-DISJOINT over the leaves composed since init/reset. */
CT_FN CT_MUST_USE ct_code ct_comp_core_check(const ct_comp_core *c, ct_err *e);

#endif
