/* inverse.h -- right_inverse, left_inverse, nullspace, max_common_layout,
 * max_common_vector (spec/inverse.md). */
#ifndef CT_INVERSE_H
#define CT_INVERSE_H

#include "composition.h"

/* RINV: L(R(i)) == i and 0 <= R(i) < size(L) for i < size(R); the largest
 * such R when filter(L) is injective. NEGATIVE_STRIDE for negative strides. */
CT_FN CT_MUST_USE ct_code ct_right_inverse(const ct_layout *L, ct_layout *out, ct_err *e);
/* LINV: L(R(L(i))) == L(i), R(L(i)) the smallest index with L's value L(i).
 * NEGATIVE_STRIDE, NOT_DIVISIBLE (sorted strides), NOT_INJECTIVE (filter(L)). */
CT_FN CT_MUST_USE ct_code ct_left_inverse(const ct_layout *L, ct_layout *out, ct_err *e);
/* NULL: R enumerates {j < size(L) : L(j) == 0} in increasing order. */
CT_FN CT_MUST_USE ct_code ct_nullspace(const ct_layout *L, ct_layout *out, ct_err *e);
/* MCL: a(R(i)) == i == b(R(i)); R is right_inverse(b) cut to the longest
 * prefix on which a agrees. Needs size(a) >= size(b). */
CT_FN CT_MUST_USE ct_code ct_max_common_layout(const ct_layout *a, const ct_layout *b, ct_layout *out, ct_err *e);
/* MCV: size(max_common_layout(a, b)). */
CT_FN CT_MUST_USE ct_code ct_max_common_vector(const ct_layout *a, const ct_layout *b, ct_val *out, ct_err *e);

#endif
