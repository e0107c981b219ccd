/* builtins_algebra.c -- coalesce, filter, composition, complement
 * (spec/coalesce.md, spec/composition.md, spec/complement.md). */
#include "builtins.h"
#include "ref/complement.h"
#include "ref/composition.h"

ct_code ct_b_coalesce(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, r;
  if (ct_v_has_basis(&a->a[0])) return ct_b_basis_coalesce(a, out, e);
  CT_TRY(ct_as_layout(&a->a[0], &L, "coalesce's layout", e));
  if (a->n == 2) {
    const ct_tuple *p;
    CT_TRY(ct_as_tuple(&a->a[1], &p, "coalesce's profile", e));
    CT_TRY(ct_coalesce_profile(&L, p, &r, e));
  } else {
    CT_TRY(ct_coalesce(&L, &r, e));
  }
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_filter_zeros(const ct_args *a, ct_value *out, ct_err *e) {
  if (ct_v_has_basis(&a->a[0])) return ct_b_basis_filter_zeros(a, out, e);
  return ct_b_of_layout(a, ct_filter_zeros, "filter_zeros", out, e);
}

ct_code ct_b_filter(const ct_args *a, ct_value *out, ct_err *e) {
  if (ct_v_has_basis(&a->a[0])) return ct_b_basis_filter(a, out, e);
  return ct_b_of_layout(a, ct_filter, "filter", out, e);
}

ct_code ct_b_composition(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout A, r;
  ct_tiler T;
  if (ct_v_has_basis(&a->a[0]) || ct_v_has_basis(&a->a[1])) return ct_b_basis_composition(a, out, e);
  CT_TRY(ct_as_layout(&a->a[0], &A, "composition's first argument", e));
  CT_TRY(ct_as_tiler(&a->a[1], &T, "composition's second argument", e));
  CT_TRY(ct_composition_tiler(&A, &T, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_with_shape(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout A, B, r;
  const ct_tuple *s;
  if (ct_v_has_basis(&a->a[0])) return ct_b_basis_with_shape(a, out, e);
  CT_TRY(ct_as_layout(&a->a[0], &A, "with_shape's layout", e));
  CT_TRY(ct_as_tuple(&a->a[1], &s, "with_shape's shape", e));
  CT_TRY(ct_l_compact_left(s, &B, e));
  CT_TRY(ct_composition(&A, &B, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

