/* refine.h -- the common refinement, the common coarsening and the greatest
 * common domain of two shapes (spec/refine.md), after NVIDIA's reference
 * ([Cecka] 2.2.1 and its PyCuTe). Shapes only: every integer >= 1. */
#ifndef CT_REFINE_H
#define CT_REFINE_H

#include "layout.h"

/* common_refinement(a, b) (REFINE-1..3): the least shape that both a and b
 * are compatible with; NO_COMMON_REFINEMENT when there is none. */
CT_FN CT_MUST_USE ct_code ct_common_refinement(const ct_tuple *a, const ct_tuple *b, ct_tuple *out, ct_err *e);
/* common_coarsening(a, b) (COARSEN-1..3): the greatest shape compatible with
 * both; SIZE_MISMATCH when size(a) != size(b). */
CT_FN CT_MUST_USE ct_code ct_common_coarsening(const ct_tuple *a, const ct_tuple *b, ct_tuple *out, ct_err *e);
/* greatest_common_domain(a, b) (GCD-1..5): the flat layout of the segments
 * g:d that lie in one leaf of a and one leaf of b, one per pair of leaves
 * that share one; (1):(0) when none does. */
CT_FN CT_MUST_USE ct_code ct_greatest_common_domain(const ct_tuple *a, const ct_tuple *b, ct_layout *out, ct_err *e);

/* domain_distribute(a, b) (DIST-1..3): coalesce((g_0, g_1, ...):(p_0, p_1,
 * ...)) over the leaves s_i of a with prefix products p_i, where g_i =
 * gcd(s_i, b / (g_0 ... g_{i-1})); static marks throughout. Every integer of
 * a and b must be static (NOT_STATIC), b an integer >= 1. */
CT_FN CT_MUST_USE ct_code ct_domain_distribute(const ct_tuple *a, const ct_tuple *b, ct_layout *out, ct_err *e);

#endif
