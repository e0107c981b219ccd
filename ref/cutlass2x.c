/* cutlass2x.c -- the CUTLASS 2.x layouts as CuTe layouts (spec/cutlass2x.md). */
#include "cutlass2x.h"

#include "ct_arith.h"

CT_FN int ct_2x_rank(int kind) { return kind == CT_2X_TENSOR_NHWC ? 4 : 2; }
CT_FN int ct_2x_nstrides(int kind) { return kind == CT_2X_TENSOR_NHWC ? 3 : 1; }

CT_FN static ct_code ct_2x_mul(int64_t a, int64_t b, int64_t *out, ct_err *e) {
  if (ct_mul_ovf(a, b, out)) return CT_FAIL(e, CT_OVERFLOW, "a CUTLASS 2.x stride or capacity overflows int64");
  return CT_OK;
}

/* CX-3: the leading dimension that leaves no gap. */
CT_FN ct_code ct_2x_packed(int kind, int64_t k, const int64_t *ext, int64_t *ld, ct_err *e) {
  switch (kind) {
  case CT_2X_PITCH_LINEAR:
  case CT_2X_COLUMN_MAJOR: ld[0] = ext[0]; return CT_OK;
  case CT_2X_ROW_MAJOR: ld[0] = ext[1]; return CT_OK;
  case CT_2X_COLUMN_MAJOR_INTERLEAVED: return ct_2x_mul(ext[0], k, &ld[0], e);
  case CT_2X_ROW_MAJOR_INTERLEAVED: return ct_2x_mul(ext[1], k, &ld[0], e);
  default: /* NHWC: W stride C, H stride W*C, N stride H*W*C */
    ld[0] = ext[3];
    CT_TRY(ct_2x_mul(ext[2], ld[0], &ld[1], e));
    return ct_2x_mul(ext[1], ld[1], &ld[2], e);
  }
}

/* A flat or one-level nested layout from a preorder list: n[i] > 0 is an
 * integer leaf with stride s[i] (st[i] & 1: a static stride, & 2: a static
 * extent, both CuTe's compile-time constants); n[i] == -r opens a
 * tuple of r leaves (s[i] unused). */
CT_FN static ct_code ct_2x_build(const int64_t *n, const int64_t *s, const int *st, int count, int rank, ct_layout *out,
                                 ct_err *e) {
  int i, h0, h1, hs, hs1, open = 0;
  ct_t_clear(&out->shape);
  ct_t_clear(&out->stride);
  CT_TRY(ct_t_open(&out->shape, &h0, e));
  CT_TRY(ct_t_open(&out->stride, &hs, e));
  h1 = hs1 = -1;
  for (i = 0; i < count; ++i) {
    if (n[i] < 0) {
      CT_TRY(ct_t_open(&out->shape, &h1, e));
      CT_TRY(ct_t_open(&out->stride, &hs1, e));
      open = (int)-n[i];
      continue;
    }
    CT_TRY(ct_t_push_int(&out->shape, n[i], (st[i] & 2) != 0, e));
    CT_TRY(ct_t_push_int(&out->stride, s[i], st[i] & 1, e));
    if (open > 0 && --open == 0) {
      CT_TRY(ct_t_close(&out->shape, h1, e));
      CT_TRY(ct_t_close(&out->stride, hs1, e));
    }
  }
  (void)rank;
  CT_TRY(ct_t_close(&out->shape, h0, e));
  return ct_t_close(&out->stride, hs, e);
}

/* CX-1. */
CT_FN ct_code ct_2x_layout(int kind, int64_t k, const int64_t *ext, const int64_t *ld, ct_layout *out, ct_err *e) {
  int64_t n[6], s[6];
  int st[6] = {0, 0, 0, 0, 0, 0}, i, cnt = 0;
  for (i = 0; i < ct_2x_rank(kind); ++i)
    if (ext[i] < 1) return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "a CUTLASS 2.x extent must be positive, got %lld", (long long)ext[i]);
  if (k < 1) return CT_FAIL(e, CT_NOT_DIVISIBLE, "the interleave must be positive, got %lld", (long long)k);
  switch (kind) {
  case CT_2X_PITCH_LINEAR:
  case CT_2X_COLUMN_MAJOR:
  case CT_2X_ROW_MAJOR: {
    int c = kind == CT_2X_ROW_MAJOR; /* the contiguous mode */
    if (ld[0] < ext[c])
      return CT_FAIL(e, CT_NOT_INJECTIVE, "leading dimension %lld is below the contiguous extent %lld", (long long)ld[0],
                     (long long)ext[c]);
    n[0] = ext[0];
    n[1] = ext[1];
    s[c] = 1;
    st[c] = 1;
    s[1 - c] = ld[0];
    cnt = 2;
    break;
  }
  case CT_2X_COLUMN_MAJOR_INTERLEAVED:
  case CT_2X_ROW_MAJOR_INTERLEAVED: {
    int col = kind == CT_2X_COLUMN_MAJOR_INTERLEAVED;   /* columns are interleaved */
    int64_t inner = ext[col ? 0 : 1], outer = ext[col ? 1 : 0], span;
    if (outer % k != 0)
      return CT_FAIL(e, CT_NOT_DIVISIBLE, "the interleave %lld does not divide the %s extent %lld", (long long)k,
                     col ? "column" : "row", (long long)outer);
    CT_TRY(ct_2x_mul(inner, k, &span, e));
    if (ld[0] < span)
      return CT_FAIL(e, CT_NOT_INJECTIVE, "leading dimension %lld is below the interleaved extent %lld", (long long)ld[0],
                     (long long)span);
    /* the interleaved mode: (k, outer/k):(1, ld); the other: inner:k */
    if (col) {
      n[0] = inner; s[0] = k; st[0] = 1;
      n[1] = -2;
      n[2] = k; s[2] = 1; st[2] = 3;
      n[3] = outer / k; s[3] = ld[0];
    } else {
      n[0] = -2;
      n[1] = k; s[1] = 1; st[1] = 3;
      n[2] = outer / k; s[2] = ld[0];
      n[3] = inner; s[3] = k; st[3] = 1;
    }
    cnt = 4;
    break;
  }
  case CT_2X_TENSOR_NHWC: {
    if (ld[0] < ext[3] || ld[1] < ext[2] * ld[0] || ld[2] < ext[1] * ld[1])
      return CT_FAIL(e, CT_NOT_INJECTIVE, "TensorNHWC strides (%lld,%lld,%lld) overlap the extent", (long long)ld[0],
                     (long long)ld[1], (long long)ld[2]);
    for (i = 0; i < 4; ++i) n[i] = ext[i];
    s[0] = ld[2];
    s[1] = ld[1];
    s[2] = ld[0];
    s[3] = 1;
    st[3] = 1;
    cnt = 4;
    break;
  }
  default: return CT_FAIL(e, CT_ARG_TYPE, "no CUTLASS 2.x layout of kind %d", kind);
  }
  return ct_2x_build(n, s, st, cnt, ct_2x_rank(kind), out, e);
}

/* CX-2: 2.x's capacity(extent). */
CT_FN ct_code ct_2x_capacity(int kind, int64_t k, const int64_t *ext, const int64_t *ld, int64_t *out, ct_err *e) {
  switch (kind) {
  case CT_2X_PITCH_LINEAR:
  case CT_2X_COLUMN_MAJOR: return ct_2x_mul(ext[1], ld[0], out, e);
  case CT_2X_ROW_MAJOR: return ct_2x_mul(ext[0], ld[0], out, e);
  case CT_2X_COLUMN_MAJOR_INTERLEAVED: return ct_2x_mul((ext[1] + k - 1) / k, ld[0], out, e);
  case CT_2X_ROW_MAJOR_INTERLEAVED: return ct_2x_mul((ext[0] + k - 1) / k, ld[0], out, e);
  default: return ct_2x_mul(ext[0], ld[2], out, e);
  }
}
