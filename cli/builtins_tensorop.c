/* builtins_tensorop.c -- TensorOpMultiplicandCongruous<E,Cw>(extent[, ld])
 * and TensorOpMultiplicandCrosswise<E,Cw>(extent[, ld]) and their ColumnMajor / RowMajor
 * forms over (rows, columns) (spec/cutlass2x.md). */
#include "builtins.h"
#include "ref/cutlass2x_tensorop.h"

/* matrix: 0 pitch-linear, 1 ColumnMajor, 2 RowMajor (CX-5). */
static ct_code ct_top_call(int which, int matrix, const char *name, const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *t;
  int64_t ext[2], ld;
  ct_composed C;
  if (a->nt != 2) return CT_FAIL(e, CT_ARITY, "%s<E,Cw> takes two template arguments: element bits, crosswise", name);
  CT_TRY(ct_as_tuple(&a->a[0], &t, "the extent", e));
  if (t->nd[0].kind != CT_TUPLE || t->nd[0].rank != 2 || t->n != 3)
    return CT_FAIL(e, CT_ARG_TYPE, "%s: the extent is (contiguous, strided)", name);
  ext[0] = t->nd[1].v;
  ext[1] = t->nd[2].v;
  ld = ext[matrix == 2 ? 1 : 0]; /* packed(extent) */
  if (a->n == 2) CT_TRY(ct_as_int(&a->a[1], &ld, "the leading dimension", e));
  if (matrix) CT_TRY(ct_2x_tensor_op_matrix(which, matrix == 2, a->t[0], a->t[1], ext, ld, &C, e));
  else CT_TRY(ct_2x_tensor_op(which, a->t[0], a->t[1], ext, ld, &C, e));
  ct_v_composed(out, &C);
  return CT_OK;
}

ct_code ct_b_tensor_op_congruous(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_top_call(CT_TOP_CONGRUOUS, 0, "TensorOpMultiplicandCongruous", a, out, e);
}
ct_code ct_b_tensor_op_crosswise(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_top_call(CT_TOP_CROSSWISE, 0, "TensorOpMultiplicandCrosswise", a, out, e);
}
ct_code ct_b_cm_top_congruous(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_top_call(CT_TOP_CONGRUOUS, 1, "ColumnMajorTensorOpMultiplicandCongruous", a, out, e);
}
ct_code ct_b_rm_top_congruous(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_top_call(CT_TOP_CONGRUOUS, 2, "RowMajorTensorOpMultiplicandCongruous", a, out, e);
}
ct_code ct_b_cm_top_crosswise(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_top_call(CT_TOP_CROSSWISE, 1, "ColumnMajorTensorOpMultiplicandCrosswise", a, out, e);
}
ct_code ct_b_rm_top_crosswise(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_top_call(CT_TOP_CROSSWISE, 2, "RowMajorTensorOpMultiplicandCrosswise", a, out, e);
}
