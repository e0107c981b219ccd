/* composed_inverse.c -- right_inverse and left_inverse of a composed layout
 * (spec/inverse.md, "Inverses of a composed layout", CL-INV; RINV-8, LINV-7).
 *
 * CuTe's answer (layout_composed.hpp, swizzle_layout.hpp), then checked
 * against the definition index by index: the inverse of A o 0 o B is the
 * inverse of B after the inverse of A. With an outer layout A that is the
 * composed layout inv(B) o 0 o inv(A). With a swizzle Sw, CuTe moves Sw in
 * front of inv(B): Sw' o 0 o inv(B), Sw' the swizzle of the masks inv(B)
 * takes Sw's masks to, which is inv(B) o Sw only "in simple cases" (CuTe's
 * own words); the check keeps it exactly where it inverts C. Nothing here
 * allocates or recurses. */
#include "composed.h"
#include "inverse.h"

/* The index-by-index check visits at most this many indices (UNDECIDED past it). */
#define CT_CL_INV_MAX ((int64_t)1 << 20)

/* CuTe's form of the inverse (CL-INV); *plain when Sw' is the identity: the
 * answer is then the layout R->inner (composition(Sw<0,...>, L) is L). */
CT_FN static ct_code ct_cl_inv_form(const ct_composed *C, int left, ct_composed *R, int *plain, ct_err *e) {
  const char *op = left ? "left_inverse" : "right_inverse";
  ct_layout IB;
  ct_swizzle w;
  if (ct_cl_offset(C) > 0) /* CuTe's inv(B) o -O o inv(A) reads inv(B) below 0 (CL-DEF) */
    return CT_FAIL(e, CT_COORD_OUT_OF_RANGE, "%s of a composed layout with the offset %lld: CuTe's answer reads %s(B) "
                   "at -offset < 0 (spec/inverse.md, CL-INV)", op, (long long)ct_cl_offset(C), op);
  if (ct_cl_offset(C) < 0) /* CuTe's answer has the swizzle as its inner function */
    return CT_FAIL(e, CT_ARG_TYPE, "%s of a composed layout with the offset %lld: CuTe's answer has the swizzle as "
                   "its inner function, which a composed value here cannot hold (spec/inverse.md, CL-INV)", op,
                   (long long)ct_cl_offset(C));
  CT_TRY(left ? ct_left_inverse(&C->inner, &IB, e) : ct_right_inverse(&C->inner, &IB, e));
  *plain = 0;
  if (C->outer_kind == CT_OUTER_LAYOUT) {
    R->outer_kind = CT_OUTER_LAYOUT;
    ct_sw_set(&R->sw, 0, 0, 0);
    ct_l_copy(&R->outer, &IB);
    ct_t_set_int(&R->offset, 0, 1);
    return left ? ct_left_inverse(&C->outer, &R->inner, e) : ct_right_inverse(&C->outer, &R->inner, e);
  }
  /* Sw' = make_swizzle(inv(B)(Y), inv(B)(Z)), CuTe's composition(inv(B), Sw) */
  CT_TRY(ct_sw_carried(&IB, &C->sw, &w, e));
  return ct_cl_of_swizzle(&w, &IB, R, plain, e);
}

/* The number of indices a check visits: n, or UNDECIDED past the bound. */
CT_FN static ct_code ct_cl_inv_visits(const ct_layout *L, const char *op, int64_t *n, ct_err *e) {
  ct_val s;
  CT_TRY(ct_l_size(L, &s, e));
  if (s.v > CT_CL_INV_MAX)
    return CT_FAIL(e, CT_UNDECIDED, "%s of a composed layout: checking CuTe's form visits %lld > 2^20 indices",
                   op, (long long)s.v);
  *n = s.v;
  return CT_OK;
}

/* RINV-8: R(i) in [0, size(C)) and C(R(i)) == i for every i < size(R). */
CT_FN ct_code ct_cl_right_inverse(const ct_composed *C, ct_composed *R, int *plain, ct_err *e) {
  int64_t i, n = 0, m = 0, r, v;
  CT_TRY(ct_cl_check(C, e));
  CT_TRY(ct_cl_inv_form(C, 0, R, plain, e));
  CT_TRY(ct_cl_check(R, e));
  CT_TRY(ct_cl_inv_visits(&R->inner, "right_inverse", &n, e));
  CT_TRY(ct_cl_inv_visits(&C->inner, "right_inverse", &m, e));
  for (i = 0; i < n; ++i) {
    CT_TRY(ct_cl_eval(R, i, &r, e));
    if (r < 0 || r >= m)
      return CT_FAIL(e, CT_NO_LAYOUT, "right_inverse: CuTe's form takes %lld to %lld, outside C's domain [0, %lld) "
                     "(spec/inverse.md, RINV-8)", (long long)i, (long long)r, (long long)m);
    CT_TRY(ct_cl_eval(C, r, &v, e));
    if (v != i)
      return CT_FAIL(e, CT_NO_LAYOUT, "right_inverse: CuTe's form takes %lld to %lld and C(%lld) = %lld: it is no "
                     "right inverse (spec/inverse.md, RINV-8)", (long long)i, (long long)r, (long long)r, (long long)v);
  }
  return CT_OK;
}

/* LINV-7: C(i) in [0, size(R)), R(C(i)) in [0, size(C)) and
 * C(R(C(i))) == C(i) for every i < size(C). */
CT_FN ct_code ct_cl_left_inverse(const ct_composed *C, ct_composed *R, int *plain, ct_err *e) {
  int64_t i, n = 0, m = 0, c, r, v = 0;
  CT_TRY(ct_cl_check(C, e));
  CT_TRY(ct_cl_inv_form(C, 1, R, plain, e));
  CT_TRY(ct_cl_check(R, e));
  CT_TRY(ct_cl_inv_visits(&C->inner, "left_inverse", &m, e));
  CT_TRY(ct_cl_inv_visits(&R->inner, "left_inverse", &n, e));
  for (i = 0; i < m; ++i) {
    CT_TRY(ct_cl_eval(C, i, &c, e));
    if (c < 0 || c >= n)
      return CT_FAIL(e, CT_NO_LAYOUT, "left_inverse: C(%lld) = %lld lies outside the domain [0, %lld) of CuTe's form "
                     "(spec/inverse.md, LINV-7)", (long long)i, (long long)c, (long long)n);
    CT_TRY(ct_cl_eval(R, c, &r, e));
    if (r >= 0 && r < m) CT_TRY(ct_cl_eval(C, r, &v, e));
    if (r < 0 || r >= m || v != c)
      return CT_FAIL(e, CT_NO_LAYOUT, "left_inverse: CuTe's form takes C(%lld) = %lld to %lld, where C is not %lld: "
                     "it is no left inverse (spec/inverse.md, LINV-7)", (long long)i, (long long)c, (long long)r,
                     (long long)c);
  }
  return CT_OK;
}
