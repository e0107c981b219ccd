/* int_ops.h -- IntTuple arithmetic (spec/inttuple.md, IT-n).
 *
 * product, sum, inner_product, prefix_product, shape_div, ceil_div,
 * elem_scale and evenly_divides. The relations congruent, weakly_congruent
 * and compatible live in inttuple.h; the spec page gives them their IDs.
 *
 * Results carry CuTe's static marks, best effort: an integer of a result is
 * static iff every integer it was computed from is static. Marks never
 * change a value. `_` is rejected everywhere (ARG_TYPE). */
#ifndef CT_INT_OPS_H
#define CT_INT_OPS_H

#include "inttuple.h"

/* --- integers ---------------------------------------------------------------
 * shape_div(a, b) (IT-9): a / b when b divides a; otherwise, when a divides b,
 * signum(a)*signum(b) (CuTe's "rounding away from zero"); otherwise
 * NOT_DIVISIBLE. b == 0 is DIVISION_BY_ZERO. */
CT_FN CT_MUST_USE ct_code ct_shape_div_int(ct_val a, ct_val b, ct_val *out, ct_err *e);
/* ceil_div(a, b) (IT-13): the least integer >= a / b, for every sign;
 * b == 0 is DIVISION_BY_ZERO. */
CT_FN CT_MUST_USE ct_code ct_ceil_div_int(ct_val a, ct_val b, ct_val *out, ct_err *e);

/* --- reductions ------------------------------------------------------------- */
/* product of the leaves (IT-1): () -> _1. */
CT_FN CT_MUST_USE ct_code ct_it_product(const ct_tuple *t, ct_val *out, ct_err *e);
/* sum of the leaves (IT-3): () -> _0. */
CT_FN CT_MUST_USE ct_code ct_it_sum(const ct_tuple *t, ct_val *out, ct_err *e);
/* sum of a_i * b_i over the leaves of two congruent tuples (IT-5). */
CT_FN CT_MUST_USE ct_code ct_it_inner_product(const ct_tuple *a, const ct_tuple *b, ct_val *out, ct_err *e);

/* --- tuple-valued ----------------------------------------------------------- */
/* Exclusive colexicographic prefix product, congruent to t (IT-7):
 * leaf k gets init * (product of the leaves before it). */
CT_FN CT_MUST_USE ct_code ct_it_prefix_product(const ct_tuple *t, ct_val init, ct_tuple *out, ct_err *e);
/* shape_div (IT-9..IT-12): int/int as above; tuple/tuple by element (equal
 * ranks); int/tuple divides by the product; tuple/int folds left to right,
 * every step checked (entries must then be positive). Result congruent to a. */
CT_FN CT_MUST_USE ct_code ct_it_shape_div(const ct_tuple *a, const ct_tuple *b, ct_tuple *out, ct_err *e);
/* ceil_div (IT-13..IT-16): same structure; tuple/tuple allows rank(b) <=
 * rank(a) (missing elements of b are 1); the tuple/int fold needs every step
 * where the remaining divisor exceeds the element to be exact, unless b >=
 * product(a). */
CT_FN CT_MUST_USE ct_code ct_it_ceil_div(const ct_tuple *a, const ct_tuple *b, ct_tuple *out, ct_err *e);
/* elem_scale (IT-17): each integer of a times the product of the matching
 * sub-tuple of b; a must be weakly congruent to b. */
CT_FN CT_MUST_USE ct_code ct_it_elem_scale(const ct_tuple *a, const ct_tuple *b, ct_tuple *out, ct_err *e);
/* evenly_divides (IT-19): whether shape a is divided evenly by b, by mode
 * where b is a tuple, by an exact shape_div fold where b is an integer.
 * Entries must be positive. */
CT_FN CT_MUST_USE ct_code ct_it_evenly_divides(const ct_tuple *a, const ct_tuple *b, int *out, ct_err *e);

#endif
