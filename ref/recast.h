/* recast.h -- recast_layout<OLD,NEW>(L) of spec/recast.md: L re-read with
 * elements of NEW bits instead of OLD bits, through upcast and downcast
 * (CAST in spec/construct.md). */
#ifndef CT_RECAST_H
#define CT_RECAST_H

#include "layout.h"

/* With g = gcd(OLD, NEW), u = NEW/g, d = OLD/g: L when u == d == 1,
 * downcast<d>(L) when u == 1, upcast<u>(L) when d == 1, else
 * downcast<d>(upcast<u>(L)) (REC-1). OLD, NEW below 1: ARG_TYPE. */
CT_FN CT_MUST_USE ct_code ct_recast_layout(const ct_layout *L, int64_t old_bits, int64_t new_bits, ct_layout *out,
                                           ct_err *e);

/* max_alignment(L) (ALIGN-1, ALIGN-2): CuTe's, reading L's static marks. F
 * is L flattened with every dynamic shape read as 1 and every dynamic
 * stride as 0; n = size(right_inverse(F)); the answer is gcd(n, the strides
 * of coalesce(layout<1>(logical_divide(F, right_inverse(F))))), static.
 * A negative static stride: NEGATIVE_STRIDE. */
CT_FN CT_MUST_USE ct_code ct_max_alignment(const ct_layout *L, ct_val *out, ct_err *e);

#endif
