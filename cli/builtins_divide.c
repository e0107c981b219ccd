/* builtins_divide.c -- divides, products and tile_to_shape (spec/divide.md,
 * spec/product.md), callable from expressions. */
#include "builtins.h"
#include "ref/divide.h"
#include "ref/product.h"

/* op(A, tiler): the second argument may be a layout, <tiler>, n or a shape. */
static ct_code ct_tiler_call(const ct_args *a, ct_tiler_op op, ct_value *out, ct_err *e) {
  ct_layout A, r;
  ct_tiler T;
  if (ct_v_has_basis(&a->a[0])) return ct_b_basis_tiler_call(a, op, out, e);
  CT_TRY(ct_as_layout(&a->a[0], &A, "the first argument", e));
  CT_TRY(ct_as_tiler(&a->a[1], &T, "the second argument (a tiler)", e));
  CT_TRY(op(&A, &T, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_logical_divide(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_tiler_call(a, ct_logical_divide_tiler, out, e);
}
ct_code ct_b_zipped_divide(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_tiler_call(a, ct_zipped_divide, out, e);
}
ct_code ct_b_tiled_divide(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_tiler_call(a, ct_tiled_divide, out, e);
}
ct_code ct_b_flat_divide(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_tiler_call(a, ct_flat_divide, out, e);
}
ct_code ct_b_logical_product(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_tiler_call(a, ct_logical_product_tiler, out, e);
}
ct_code ct_b_zipped_product(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_tiler_call(a, ct_zipped_product, out, e);
}
ct_code ct_b_tiled_product(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_tiler_call(a, ct_tiled_product, out, e);
}
ct_code ct_b_flat_product(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_tiler_call(a, ct_flat_product, out, e);
}

static ct_code ct_rank_call(const ct_args *a, int raked, ct_value *out, ct_err *e) {
  ct_layout A, B, r;
  CT_TRY(ct_as_layout(&a->a[0], &A, "the block", e));
  CT_TRY(ct_as_layout(&a->a[1], &B, "the tiler layout", e));
  if (raked) CT_TRY(ct_raked_product(&A, &B, &r, e));
  else CT_TRY(ct_blocked_product(&A, &B, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}
ct_code ct_b_blocked_product(const ct_args *a, ct_value *out, ct_err *e) { return ct_rank_call(a, 0, out, e); }
ct_code ct_b_raked_product(const ct_args *a, ct_value *out, ct_err *e) { return ct_rank_call(a, 1, out, e); }

ct_code ct_b_tile_to_shape(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout block, r;
  const ct_tuple *target, *order = 0;
  CT_TRY(ct_as_layout(&a->a[0], &block, "tile_to_shape's block", e));
  CT_TRY(ct_as_tuple(&a->a[1], &target, "tile_to_shape's target shape", e));
  if (a->n == 3) CT_TRY(ct_as_tuple(&a->a[2], &order, "tile_to_shape's mode order", e));
  CT_TRY(ct_tile_to_shape(&block, target, order, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}
