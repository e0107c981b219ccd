/* builtins_cutlass2x.c -- the CUTLASS 2.x layouts as CuTe layouts
 * (spec/cutlass2x.md): NAME(extent[, strides]), the strides packed(extent)
 * when left out. */
#include "builtins.h"
#include "ref/cutlass2x.h"

/* extent (a flat tuple of the kind's rank) and optional strides (an
 * integer, or a flat triple for TensorNHWC). */
static ct_code ct_2x_call(int kind, const char *name, const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *t;
  int64_t ext[4], ld[3], k = 1;
  int r, rank = ct_2x_rank(kind), ns = ct_2x_nstrides(kind);
  ct_layout L;
  if (kind == CT_2X_COLUMN_MAJOR_INTERLEAVED || kind == CT_2X_ROW_MAJOR_INTERLEAVED) {
    if (a->nt != 1) return CT_FAIL(e, CT_ARITY, "%s<k> takes one template argument, the interleave", name);
    k = a->t[0];
  } else if (a->has_t) {
    return CT_FAIL(e, CT_ARITY, "%s takes no template arguments", name);
  }
  CT_TRY(ct_as_tuple(&a->a[0], &t, "the extent", e));
  if (t->nd[0].kind != CT_TUPLE || t->nd[0].rank != rank || t->n != rank + 1)
    return CT_FAIL(e, CT_ARG_TYPE, "%s: the extent is a flat tuple of %d integers", name, rank);
  for (r = 0; r < rank; ++r) ext[r] = t->nd[1 + r].v;
  if (a->n == 2) {
    CT_TRY(ct_as_tuple(&a->a[1], &t, "the strides", e));
    if (ns == 1 ? t->nd[0].kind != CT_INT : (t->nd[0].kind != CT_TUPLE || t->nd[0].rank != ns || t->n != ns + 1))
      return CT_FAIL(e, CT_ARG_TYPE, "%s: the stride is %s", name, ns == 1 ? "one integer, the leading dimension" : "a flat triple (W, H, N strides)");
    for (r = 0; r < ns; ++r) ld[r] = t->nd[ns == 1 ? 0 : 1 + r].v;
  } else {
    for (r = 0; r < rank; ++r)
      if (ext[r] < 1) return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "%s: a CUTLASS 2.x extent must be positive", name);
    CT_TRY(ct_2x_packed(kind, k, ext, ld, e));
  }
  CT_TRY(ct_2x_layout(kind, k, ext, ld, &L, e));
  ct_v_layout(out, &L);
  return CT_OK;
}

ct_code ct_b_pitch_linear(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_2x_call(CT_2X_PITCH_LINEAR, "PitchLinear", a, out, e);
}
ct_code ct_b_column_major(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_2x_call(CT_2X_COLUMN_MAJOR, "ColumnMajor", a, out, e);
}
ct_code ct_b_row_major(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_2x_call(CT_2X_ROW_MAJOR, "RowMajor", a, out, e);
}
ct_code ct_b_column_major_interleaved(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_2x_call(CT_2X_COLUMN_MAJOR_INTERLEAVED, "ColumnMajorInterleaved", a, out, e);
}
ct_code ct_b_row_major_interleaved(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_2x_call(CT_2X_ROW_MAJOR_INTERLEAVED, "RowMajorInterleaved", a, out, e);
}
ct_code ct_b_tensor_nhwc(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_2x_call(CT_2X_TENSOR_NHWC, "TensorNHWC", a, out, e);
}
