/* builtins_divide.c -- tile_to_shape (spec/product.md), whose optional mode
 * order the reference takes as a pointer. The divides and the other
 * products are called from their rows' argument kinds (cli/call.c). */
#include "builtins.h"
#include "ref/product.h"

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
