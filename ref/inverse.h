/* inverse.h -- right_inverse, left_inverse, nullspace, max_common_layout,
 * max_common_vector (spec/inverse.md). */
#ifndef CT_INVERSE_H
#define CT_INVERSE_H

#include "composition.h"

/* RINV: L(R(i)) == i and 0 <= R(i) < size(L) for i < size(R); the largest
 * such R when filter(L) is injective and its least indices are a layout's
 * (RINV-NEG), else CuTe C++'s chain. Never rejected but for OVERFLOW. */
CT_FN CT_MUST_USE ct_code ct_right_inverse(const ct_layout *L, ct_layout *out, ct_err *e);
/* LINV: L(R(L(i))) == L(i), R(L(i)) the smallest index with L's value L(i).
 * NEGATIVE_STRIDE; outside LINV-DIV/LINV-INJ, NO_LAYOUT where no layout has
 * LINV-1, LINV-2 and LINV-5, UNDECIDED past the search's bounds. */
CT_FN CT_MUST_USE ct_code ct_left_inverse(const ct_layout *L, ct_layout *out, ct_err *e);
/* NULL: R enumerates {j < size(L) : L(j) == 0} in increasing order.
 * NEGATIVE_STRIDE where strides of both signs cancel (NULL-NEG). */
CT_FN CT_MUST_USE ct_code ct_nullspace(const ct_layout *L, ct_layout *out, ct_err *e);
/* MCL: a(R(i)) == i == b(R(i)) and R(i) < min(size(a), size(b)); C++'s
 * prefix of b's chain, or the least common indices, of the common run's
 * length where either is a layout (MCL-ALG). */
CT_FN CT_MUST_USE ct_code ct_max_common_layout(const ct_layout *a, const ct_layout *b, ct_layout *out, ct_err *e);
/* MCV: the common run, >= size(max_common_layout(a, b)). */
CT_FN CT_MUST_USE ct_code ct_max_common_vector(const ct_layout *a, const ct_layout *b, ct_val *out, ct_err *e);

#endif
