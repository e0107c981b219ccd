/* inverse.h -- right_inverse, left_inverse, nullspace, max_common_layout,
 * max_common_vector (spec/inverse.md). */
#ifndef CT_INVERSE_H
#define CT_INVERSE_H

#include "composition.h"

/* RINV: L(R(i)) == i and 0 <= R(i) < size(L) for i < size(R); the largest
 * such R when filter(L) is injective. NO_LAYOUT where RINV-3 and RINV-4 fix
 * a function that is no layout's (RINV-NEG), UNDECIDED past 2^20 indices. */
CT_FN CT_MUST_USE ct_code ct_right_inverse(const ct_layout *L, ct_layout *out, ct_err *e);
/* LINV: L(R(L(i))) == L(i), R(L(i)) the smallest index with L's value L(i).
 * NEGATIVE_STRIDE; outside LINV-DIV/LINV-INJ, NO_LAYOUT where no layout has
 * LINV-1, LINV-2 and LINV-5, UNDECIDED past the search's bounds. */
CT_FN CT_MUST_USE ct_code ct_left_inverse(const ct_layout *L, ct_layout *out, ct_err *e);
/* NULL: R enumerates {j < size(L) : L(j) == 0} in increasing order. */
CT_FN CT_MUST_USE ct_code ct_nullspace(const ct_layout *L, ct_layout *out, ct_err *e);
/* MCL: a(R(i)) == i == b(R(i)); R is right_inverse(b) cut to the longest
 * prefix on which a agrees. Needs size(a) >= size(b). */
CT_FN CT_MUST_USE ct_code ct_max_common_layout(const ct_layout *a, const ct_layout *b, ct_layout *out, ct_err *e);
/* MCV: size(max_common_layout(a, b)). */
CT_FN CT_MUST_USE ct_code ct_max_common_vector(const ct_layout *a, const ct_layout *b, ct_val *out, ct_err *e);

#endif
