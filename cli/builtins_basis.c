/* builtins_basis.c -- basis strides (spec/basis.md): make_identity_layout,
 * coprofile, coshape, and the forms of coalesce, filter, composition and the
 * divides that the builtins of the other pages hand over when an argument
 * has basis strides. */
#include "builtins.h"
#include "ref/basis_ops.h"
#include "ref/product.h"

ct_code ct_b_make_identity_layout(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *s;
  ct_layout r;
  CT_TRY(ct_as_tuple(&a->a[0], &s, "make_identity_layout's shape", e));
  CT_TRY(ct_make_identity_layout(s, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

/* coprofile<I...>(L), coshape<I...>(L): of the sub-layout at the path. */
static ct_code ct_co_call(const ct_args *a, int shape, ct_value *out, ct_err *e) {
  ct_layout L, M;
  ct_tuple t;
  CT_TRY(ct_as_layout_m(&a->a[0], &L, shape ? "coshape's layout" : "coprofile's layout", e));
  CT_TRY(ct_l_mode(&L, a->t, a->nt, &M, e));
  if (shape) CT_TRY(ct_coshape(&M, &t, e));
  else CT_TRY(ct_coprofile(&M, &t, e));
  ct_v_tuple(out, &t);
  return CT_OK;
}

ct_code ct_b_coprofile(const ct_args *a, ct_value *out, ct_err *e) { return ct_co_call(a, 0, out, e); }
ct_code ct_b_coshape(const ct_args *a, ct_value *out, ct_err *e) { return ct_co_call(a, 1, out, e); }

/* op(L[, B or profile]) through ct_lifted. */
static ct_code ct_lift_call(const ct_args *a, ct_lift_op op, const ct_layout *B, const ct_tuple *profile, const char *what,
                            ct_value *out, ct_err *e) {
  ct_layout L, r;
  CT_TRY(ct_as_layout_m(&a->a[0], &L, what, e));
  CT_TRY(ct_lifted(op, &L, B, profile, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_basis_coalesce(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *p;
  if (a->n == 1) return ct_lift_call(a, CT_LIFT_COALESCE, 0, 0, "coalesce's layout", out, e);
  CT_TRY(ct_as_tuple(&a->a[1], &p, "coalesce's profile", e));
  return ct_lift_call(a, CT_LIFT_COALESCE_PROFILE, 0, p, "coalesce's layout", out, e);
}

ct_code ct_b_basis_filter_zeros(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_lift_call(a, CT_LIFT_FILTER_ZEROS, 0, 0, "filter_zeros's layout", out, e);
}

ct_code ct_b_basis_filter(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_lift_call(a, CT_LIFT_FILTER, 0, 0, "filter's layout", out, e);
}

/* composition(A, B): B a layout with basis strides (BASIS-COMP), or A with
 * basis strides and B any tiler (BASIS-LIFT). */
ct_code ct_b_basis_composition(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout A, B, r;
  ct_tiler T;
  CT_TRY(ct_as_layout_m(&a->a[0], &A, "composition's first argument", e));
  if (ct_v_has_basis(&a->a[1])) {
    if (a->a[1].kind != CT_V_LAYOUT)
      return CT_FAIL(e, CT_ARG_TYPE, "composition's second argument: a tiler with basis strides (spec/basis.md)");
    CT_TRY(ct_as_layout_m(&a->a[1], &B, "composition's second argument", e));
    CT_TRY(ct_basis_composition(&A, &B, &r, e));
  } else {
    CT_TRY(ct_as_tiler(&a->a[1], &T, "composition's second argument", e));
    CT_TRY(ct_lifted(CT_LIFT_COMPOSITION_TILER, &A, &T, 0, &r, e));
  }
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_basis_with_shape(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout B;
  const ct_tuple *s;
  CT_TRY(ct_as_tuple(&a->a[1], &s, "with_shape's shape", e));
  CT_TRY(ct_l_compact_left(s, &B, e));
  return ct_lift_call(a, CT_LIFT_COMPOSITION, &B, 0, "with_shape's layout", out, e);
}

ct_code ct_b_basis_tiler_call(const ct_args *a, ct_tiler_op op, ct_value *out, ct_err *e) {
  ct_tiler T;
  ct_lift_op lop;
  if (op == ct_logical_divide_tiler) lop = CT_LIFT_LOGICAL_DIVIDE_TILER;
  else if (op == ct_zipped_divide) lop = CT_LIFT_ZIPPED_DIVIDE;
  else if (op == ct_tiled_divide) lop = CT_LIFT_TILED_DIVIDE;
  else if (op == ct_flat_divide) lop = CT_LIFT_FLAT_DIVIDE;
  else /* the products complement A, which orders its strides (VALUE-STRIDE) */
    return CT_FAIL(e, CT_ARG_TYPE, "the block has basis strides: products complement it, which needs integer strides "
                                   "(spec/basis.md)");
  CT_TRY(ct_as_tiler(&a->a[1], &T, "the second argument (a tiler)", e));
  return ct_lift_call(a, lop, &T, 0, "the first argument", out, e);
}
