/* builtins_inverse.c -- right_inverse, left_inverse, nullspace,
 * max_common_layout, max_common_vector (spec/inverse.md). */
#include "builtins.h"
#include "ref/inverse.h"

ct_code ct_b_right_inverse(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, r;
  CT_TRY(ct_as_layout(&a->a[0], &L, "right_inverse's layout", e));
  CT_TRY(ct_right_inverse(&L, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_left_inverse(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, r;
  CT_TRY(ct_as_layout(&a->a[0], &L, "left_inverse's layout", e));
  CT_TRY(ct_left_inverse(&L, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_nullspace(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, r;
  CT_TRY(ct_as_layout(&a->a[0], &L, "nullspace's layout", e));
  CT_TRY(ct_nullspace(&L, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_max_common_layout(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout A, B, r;
  CT_TRY(ct_as_layout(&a->a[0], &A, "max_common_layout's first layout", e));
  CT_TRY(ct_as_layout(&a->a[1], &B, "max_common_layout's second layout", e));
  CT_TRY(ct_max_common_layout(&A, &B, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_max_common_vector(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout A, B;
  ct_val n;
  CT_TRY(ct_as_layout(&a->a[0], &A, "max_common_vector's first layout", e));
  CT_TRY(ct_as_layout(&a->a[1], &B, "max_common_vector's second layout", e));
  CT_TRY(ct_max_common_vector(&A, &B, &n, e));
  ct_v_val(out, n);
  return CT_OK;
}
