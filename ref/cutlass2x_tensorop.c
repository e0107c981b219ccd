/* cutlass2x_tensorop.c -- TensorOpMultiplicandCongruous / Crosswise as
 * composed layouts (spec/cutlass2x.md, CX-TOP).
 *
 * The 2.x function, in 128-bit vectors of V = 128/bits elements: a tile row
 * holds 8 vectors; kFactor F = 8V/cw strided rows share one tile row; the
 * 3-bit vector number within the tile row is XORed with the low bits of the
 * tile-row number vs = s/F (2 bits when the tile has 4 rows, 3 when it has
 * 8). Without the XOR the offset is the layout
 *   ((V, 8/F, C*F/(8V)), (F, S/F)) : ((1, V, 8V), (8V/F, ld*F)),
 * and when ld*F is a power of two the XOR is Sw<log2 TS, log2 V,
 * log2(ld*F) - log2 V> on that offset. The 32-bit Congruous layout is its
 * own specialization: Sw<2,3,log2(ld)-3> o (C,S):(1,ld). */
#include "cutlass2x_tensorop.h"

#include "atoms.h"

/* Builds ((n0, n1, n2), (n3, n4)) : ((d0, d1, d2), (d3, d4)), or (n0, n3) :
 * (d0, d3) when flat. */
CT_FN static ct_code ct_top_layout(const int64_t *n, const int64_t *d, int flat, ct_layout *L, ct_err *e) {
  int hs, hd, hs1, hd1, m, k;
  ct_t_clear(&L->shape);
  ct_t_clear(&L->stride);
  CT_TRY(ct_t_open(&L->shape, &hs, e));
  CT_TRY(ct_t_open(&L->stride, &hd, e));
  for (m = 0; m < 2; ++m) {
    int first = m ? 3 : 0, count = m ? 2 : 3; /* mode 0: n0..n2, mode 1: n3, n4 */
    if (flat) {
      CT_TRY(ct_t_push_int(&L->shape, n[first], 0, e));
      CT_TRY(ct_t_push_int(&L->stride, d[first], d[first] == 1, e));
      continue;
    }
    CT_TRY(ct_t_open(&L->shape, &hs1, e));
    CT_TRY(ct_t_open(&L->stride, &hd1, e));
    for (k = first; k < first + count; ++k) {
      CT_TRY(ct_t_push_int(&L->shape, n[k], k < 2 || k == 3, e)); /* V, 8/F, F: template constants */
      CT_TRY(ct_t_push_int(&L->stride, d[k], k < 4, e));
    }
    CT_TRY(ct_t_close(&L->shape, hs1, e));
    CT_TRY(ct_t_close(&L->stride, hd1, e));
  }
  CT_TRY(ct_t_close(&L->shape, hs, e));
  return ct_t_close(&L->stride, hd, e);
}

CT_FN ct_code ct_2x_tensor_op(int which, int bits, int cw, const int64_t *ext, int64_t ld, ct_composed *out,
                              ct_err *e) {
  int64_t n[5], d[5], v, f, ts, ldf;
  int lv, lts, lldf;
  if (bits < 1 || 128 % bits != 0)
    return CT_FAIL(e, CT_ARG_TYPE, "TensorOpMultiplicand: %d-bit elements do not divide a 128-bit access", bits);
  if (ext[0] < 1 || ext[1] < 1) return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "TensorOpMultiplicand: an extent must be positive");
  if (ld < ext[0])
    return CT_FAIL(e, CT_NOT_INJECTIVE, "TensorOpMultiplicand: leading dimension %lld is below the contiguous extent %lld",
                   (long long)ld, (long long)ext[0]);
  v = 128 / bits;
  lv = ct_log2_exact(v);
  out->outer_kind = CT_OUTER_SWIZZLE;
  ct_t_clear(&out->outer.shape);
  ct_t_clear(&out->outer.stride);
  ct_t_set_int(&out->offset, 0, 1);
  if (which == CT_TOP_CONGRUOUS && bits == 32) { /* the 32-bit specialization */
    int lld = ct_log2_exact(ld);
    if (ext[0] % 32 != 0 || lld < 5)
      return CT_FAIL(e, CT_NOT_DIVISIBLE, "TensorOpMultiplicandCongruous<32,%d>: needs a contiguous extent that is a multiple of 32 and a power-of-two leading dimension >= 32 (got %lld, ld %lld)",
                     cw, (long long)ext[0], (long long)ld);
    ct_sw_set(&out->sw, 2, 3, lld - 3);
    n[0] = ext[0];
    n[3] = ext[1];
    d[0] = 1;
    d[3] = ld;
    CT_TRY(ct_top_layout(n, d, 1, &out->inner, e));
    return ct_sw_check(&out->sw, e);
  }
  if (cw < 1 || (8 * v) % cw != 0 || ct_log2_exact(8 * v / cw) < 0 || 8 * v / cw > 8)
    return CT_FAIL(e, CT_ARG_TYPE, "TensorOpMultiplicand<%d,%d>: kFactor = 8*%lld/%d must be 1, 2, 4 or 8", bits, cw,
                   (long long)v, cw);
  f = 8 * v / cw;
  ts = 8 / f > 4 ? 8 / f : 4;
  lts = ct_log2_exact(ts);
  if (ext[0] % (8 * v / f) != 0 || ext[1] % f != 0)
    return CT_FAIL(e, CT_NOT_DIVISIBLE, "TensorOpMultiplicand<%d,%d>: the extent (%lld,%lld) is no whole number of (%lld,%lld) tiles",
                   bits, cw, (long long)ext[0], (long long)ext[1], (long long)(8 * v / f), (long long)f);
  ldf = ld * f;
  lldf = ct_log2_exact(ldf);
  if (lldf < 0 || lldf - lv < lts)
    return CT_FAIL(e, CT_NOT_DIVISIBLE, "TensorOpMultiplicand<%d,%d>: ld*kFactor = %lld is no power of two >= %lld, so the permutation is no swizzle of the offset",
                   bits, cw, (long long)ldf, (long long)(ts * v));
  ct_sw_set(&out->sw, lts, lv, lldf - lv);
  n[0] = v; d[0] = 1;
  n[1] = 8 / f; d[1] = v;
  n[2] = ext[0] * f / (8 * v); d[2] = 8 * v;
  n[3] = f; d[3] = 8 * v / f;
  n[4] = ext[1] / f; d[4] = ldf;
  CT_TRY(ct_top_layout(n, d, 0, &out->inner, e));
  return ct_sw_check(&out->sw, e);
}

/* CX-5: the pitch-linear layout over (contiguous, strided), its two modes
 * swapped for RowMajor. */
CT_FN ct_code ct_2x_tensor_op_matrix(int which, int row_major, int bits, int cw, const int64_t *ext, int64_t ld,
                                     ct_composed *out, ct_err *e) {
  int64_t pl[2];
  int swap[2] = {1, 0};
  ct_layout L;
  pl[0] = ext[row_major ? 1 : 0];
  pl[1] = ext[row_major ? 0 : 1];
  CT_TRY(ct_2x_tensor_op(which, bits, cw, pl, ld, out, e));
  if (!row_major) return CT_OK;
  ct_l_copy(&L, &out->inner);
  return ct_l_select(&L, swap, 2, &out->inner, e);
}
