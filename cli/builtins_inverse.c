/* builtins_inverse.c -- right_inverse, left_inverse, nullspace,
 * max_common_layout, max_common_vector (spec/inverse.md). */
#include "builtins.h"
#include "ref/inverse.h"

ct_code ct_b_right_inverse(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_of_layout(a, ct_right_inverse, "right_inverse", out, e);
}

ct_code ct_b_left_inverse(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_of_layout(a, ct_left_inverse, "left_inverse", out, e);
}

ct_code ct_b_nullspace(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_of_layout(a, ct_nullspace, "nullspace", out, e);
}

ct_code ct_b_max_common_layout(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_of_layouts(a, ct_max_common_layout, "max_common_layout", out, e);
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
