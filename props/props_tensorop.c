/* props_tensorop.c -- CX-4 of spec/cutlass2x.md: the composed layouts of
 * ref/cutlass2x_tensorop.c equal CUTLASS 2.x's TensorOpMultiplicand
 * offsets, computed here step by step as tensor_op_multiplicand_sm75.h
 * computes them (vector, tile, partition, XOR). */
#include "props/props.h"
#include "props/props_list.h"
#include "ref/cutlass2x_tensorop.h"

/* TensorOpMultiplicand<bits, cw>::operator()(c, s) with stride ld. */
CT_FN static int64_t ct_top_offset(int bits, int cw, int64_t ld, int64_t c, int64_t s) {
  int64_t epa = 128 / bits, tsc = 8, factor = tsc * epa / cw;
  int64_t tss = (tsc / factor) > (32 / tsc) ? (tsc / factor) : (32 / tsc);
  int64_t vc = c / epa, vs = s / factor;
  int64_t tci = vc / (tsc / factor), tcr = vc % (tsc / factor) + (s % factor) * (tsc / factor), tsr = vs % tss;
  int64_t pci = tcr / 4, psi = tsr / 4, pcr = tcr % 4, psr = tsr % 4;
  int64_t pvec = pcr ^ (psr % 4), ppart = pci ^ (psi % 2);
  int64_t ec = (tci * tsc + ppart * 4 + pvec) * epa + c % epa;
  return ec + vs * ld * factor;
}

/* TensorOpMultiplicandCongruous<32, cw>::operator()(c, s). */
CT_FN static int64_t ct_top32_offset(int64_t ld, int64_t c, int64_t s) {
  int64_t tc = c / 32, ts = s / 4, cc = (c % 32) / 4, ss = s % 4;
  return (cc ^ (2 * ss)) * 4 + ss * ld + tc * 32 + ts * ld * 4 + c % 4;
}

/* A case's parameters: Congruous or Crosswise, 8/16/32/64-bit elements, a
 * crosswise extent giving kFactor 1, 2 or 4, the extent a few tiles, ld a
 * power of two at least the extent. */
CT_FN void ct_top_case(const ct_case *c, int *which, int *bits, int *cw, int64_t *ext, int64_t *ld) {
  uint64_t h = ct_mix64((uint64_t)c->k[1] * 613u + (uint64_t)c->k[0] * 5u + (uint64_t)(c->w[0].b + 8 * c->w[0].m));
  int64_t v, f, tile;
  *which = (int)(h % 2);
  *bits = 8 << (int)((h >> 1) % 4);
  v = 128 / *bits;
  f = (int64_t)1 << ((h >> 3) % 3);
  *cw = (int)(8 * v / f);
  tile = 8 * v / f;
  ext[0] = tile * (1 + (int64_t)((h >> 5) % 2));
  if (*which == CT_TOP_CONGRUOUS && *bits == 32 && ext[0] % 32 != 0) ext[0] = 32;
  ext[1] = f * (1 + (int64_t)((h >> 6) % 4)) * (*bits == 32 ? 4 : 1);
  *ld = 1;
  while (*ld < ext[0]) *ld *= 2;
  *ld <<= (int)((h >> 8) % 2);
  while (*ld * f < 8 * v || *ld < 32) *ld *= 2; /* the swizzle form needs ld*F >= TS*V */
}

CT_FN void ct_p_cx_4(const ct_case *c, ct_outcome *o) {
  int which, bits, cw;
  int64_t ext[2], ld, s, x;
  ct_composed C;
  ct_leaf_form F;
  ct_err e;
  ct_top_case(c, &which, &bits, &cw, ext, &ld);
  o->digest = ct_mix64((uint64_t)(which + 2 * bits + 1024 * cw) ^ (uint64_t)(ext[0] + 4096 * ext[1] + 65536 * ld));
  if (ct_2x_tensor_op(which, bits, cw, ext, ld, &C, &e) != CT_OK) {
    CT_FAILS(o, "TensorOpMultiplicand%s<%d,%d> over (%lld,%lld), ld %lld rejected: %s", which ? "Crosswise" : "Congruous",
             bits, cw, (long long)ext[0], (long long)ext[1], (long long)ld, e.msg);
    return;
  }
  ct_lf_init(&F, &C.inner);
  for (s = 0; s < ext[1]; ++s)
    for (x = 0; x < ext[0]; ++x) {
      int64_t got, want = which == CT_TOP_CONGRUOUS && bits == 32 ? ct_top32_offset(ld, x, s) : ct_top_offset(bits, cw, ld, x, s);
      if (ct_cl_eval_form(&C, &F, x + ext[0] * s, &got, &e) != CT_OK || got != want) {
        CT_FAILS(o, "TensorOpMultiplicand%s<%d,%d> over (%lld,%lld), ld %lld: at (%lld,%lld) the CuTe layout gives %lld, 2.x %lld",
                 which ? "Crosswise" : "Congruous", bits, cw, (long long)ext[0], (long long)ext[1], (long long)ld,
                 (long long)x, (long long)s, (long long)got, (long long)want);
        return;
      }
    }
}

/* CX-5: ColumnMajor<...>(r, c) is the pitch-linear layout at (r, c), and
 * RowMajor<...>(r, c) at (c, r), over the same pitch-linear extent. */
CT_FN void ct_p_cx_5(const ct_case *c, ct_outcome *o) {
  int which, bits, cw, rm;
  int64_t ext[2], mext[2], ld, r, k, a, b;
  ct_composed P, C;
  ct_leaf_form FP, FC;
  ct_err e;
  ct_top_case(c, &which, &bits, &cw, ext, &ld);
  o->digest = ct_mix64((uint64_t)(which + 2 * bits + 1024 * cw) ^ (uint64_t)(ext[0] + 4096 * ext[1] + 65536 * ld) ^ 0x5u);
  if (ct_2x_tensor_op(which, bits, cw, ext, ld, &P, &e) != CT_OK) {
    CT_FAILS(o, "TensorOpMultiplicand<%d,%d> rejected: %s", bits, cw, e.msg);
    return;
  }
  for (rm = 0; rm < 2; ++rm) {
    mext[0] = ext[rm ? 1 : 0]; /* (rows, columns) */
    mext[1] = ext[rm ? 0 : 1];
    if (ct_2x_tensor_op_matrix(which, rm, bits, cw, mext, ld, &C, &e) != CT_OK) {
      CT_FAILS(o, "%sMajor TensorOpMultiplicand<%d,%d> rejected: %s", rm ? "Row" : "Column", bits, cw, e.msg);
      return;
    }
    ct_lf_init(&FP, &P.inner);
    ct_lf_init(&FC, &C.inner);
    /* every (r, k), in the pitch-linear index order (ColumnMajor: in both) */
    for (a = 0; a < mext[rm ? 0 : 1]; ++a)
      for (b = 0; b < mext[rm ? 1 : 0]; ++b) {
        int64_t got = 0, want = 0;
        int64_t pc, ps;
        r = rm ? a : b;
        k = rm ? b : a;
        pc = rm ? k : r; /* the pitch-linear coordinate */
        ps = rm ? r : k;
        if (ct_cl_eval_form(&P, &FP, pc + ext[0] * ps, &want, &e) != CT_OK ||
            ct_cl_eval_form(&C, &FC, r + mext[0] * k, &got, &e) != CT_OK || got != want) {
          CT_FAILS(o, "%sMajor TensorOpMultiplicand<%d,%d> over (%lld,%lld): at (%lld,%lld) %lld, the pitch-linear layout at (%lld,%lld) %lld",
                   rm ? "Row" : "Column", bits, cw, (long long)mext[0], (long long)mext[1], (long long)r, (long long)k,
                   (long long)got, (long long)pc, (long long)ps, (long long)want);
          return;
        }
      }
  }
}
