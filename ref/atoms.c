/* atoms.c -- the GMMA/UMMA shared-memory layout atoms (spec/atoms.md). */
#include "atoms.h"

#include "construct.h"
#include "product.h"

CT_FN int ct_log2_exact(int64_t v) {
  int k = 0;
  if (v < 1 || v > ((int64_t)1 << 30)) return -1;
  while (((int64_t)1 << k) < v) ++k;
  return ((int64_t)1 << k) == v ? k : -1;
}

/* t := (_a,_b), static as in CuTe's atom definitions. */
CT_FN static ct_code ct_atom_pair(ct_tuple *t, int64_t a, int64_t b, ct_err *e) {
  int hdr;
  ct_t_clear(t);
  CT_TRY(ct_t_open(t, &hdr, e));
  CT_TRY(ct_t_push_int(t, a, 1, e));
  CT_TRY(ct_t_push_int(t, b, 1, e));
  return ct_t_close(t, hdr, e);
}

CT_FN ct_code ct_gmma_atom_bits(int major, int row_bytes, ct_layout *out, ct_err *e) {
  int64_t w = 8 * (int64_t)row_bytes; /* a row in bits */
  if (major == CT_MAJOR_K) {
    CT_TRY(ct_atom_pair(&out->shape, 8, w, e));
    return ct_atom_pair(&out->stride, w, 1, e);
  }
  CT_TRY(ct_atom_pair(&out->shape, w, 8, e));
  return ct_atom_pair(&out->stride, 1, w, e);
}

/* ATOM-DEF: Sw<log2(row_bytes/16),4,3> o _0 o upcast<bits>(bit layout). */
CT_FN ct_code ct_gmma_atom(int major, int row_bytes, int bits, ct_composed *out, ct_err *e) {
  ct_layout L;
  ct_val n;
  int b = ct_log2_exact(row_bytes / 16);
  if (major != CT_MAJOR_K && major != CT_MAJOR_MN)
    return CT_FAIL(e, CT_ARG_TYPE, "gmma_atom: the major mode is K or MN");
  if (row_bytes % 16 != 0 || b < 0 || b > 3)
    return CT_FAIL(e, CT_ARG_TYPE, "gmma_atom: rows of %d bytes; CuTe's atoms have 16 (INTER), 32, 64 or 128", row_bytes);
  if (ct_log2_exact(bits) < 0 || bits > 8 * row_bytes)
    return CT_FAIL(e, CT_NOT_DIVISIBLE, "gmma_atom: %d-bit elements do not divide a row of %d bits", bits, 8 * row_bytes);
  CT_TRY(ct_gmma_atom_bits(major, row_bytes, &L, e));
  n.v = bits;
  n.stat = 1;
  out->outer_kind = CT_OUTER_SWIZZLE;
  ct_sw_set(&out->sw, b, 4, 3);
  ct_t_clear(&out->outer.shape);
  ct_t_clear(&out->outer.stride);
  ct_t_set_int(&out->offset, 0, 1);
  return ct_upcast(&L, n, &out->inner, e);
}

/* ATOM-4: CuTe's Layout_MN_SW128_32B_Atom_Bits is Sw<2,5,2> o (1024,4):(1,1024):
 * MN-major rows of 128 bytes, 4 of them, swizzled in units of 32 bytes. */
CT_FN ct_code ct_umma_atom_32b(int bits, ct_composed *out, ct_err *e) {
  ct_layout L;
  ct_val n;
  if (ct_log2_exact(bits) < 0 || bits > 1024)
    return CT_FAIL(e, CT_NOT_DIVISIBLE, "umma_atom_32b: %d-bit elements do not divide a row of 1024 bits", bits);
  CT_TRY(ct_atom_pair(&L.shape, 1024, 4, e));
  CT_TRY(ct_atom_pair(&L.stride, 1, 1024, e));
  n.v = bits;
  n.stat = 1;
  out->outer_kind = CT_OUTER_SWIZZLE;
  ct_sw_set(&out->sw, 2, 5, 2);
  ct_t_clear(&out->outer.shape);
  ct_t_clear(&out->outer.stride);
  ct_t_set_int(&out->offset, 0, 1);
  return ct_upcast(&L, n, &out->inner, e);
}

/* ATOM-5: CuTe's Layout_*_SpAtom<T, S> is the atom's swizzle over
 * blocked_product(Layout<Shape<_1,Int<S>>>, the atom's layout). */
CT_FN ct_code ct_gmma_sparse_atom(int major, int row_bytes, int bits, int s, ct_composed *out, ct_err *e) {
  ct_layout P, L;
  if (s < 1 || s > (1 << 20)) return CT_FAIL(e, CT_ARG_TYPE, "gmma_sparse_atom: a sparsity of %d; 1 to 2^20", s);
  CT_TRY(ct_gmma_atom(major, row_bytes, bits, out, e));
  CT_TRY(ct_atom_pair(&P.shape, 1, s, e));
  CT_TRY(ct_atom_pair(&P.stride, 0, 1, e));
  L = out->inner;
  return ct_blocked_product(&P, &L, &out->inner, e);
}

/* ATOM-6: CuTe's UMMA::Layout_MN_SW128_32B_SpAtom<T, S> is Sw<2,5,2> over
 * blocked_product(Layout<Shape<_1,Int<S>>>, the 32-byte-unit atom's layout). */
CT_FN ct_code ct_umma_sparse_atom_32b(int bits, int s, ct_composed *out, ct_err *e) {
  ct_layout P, L;
  if (s < 1 || s > (1 << 20)) return CT_FAIL(e, CT_ARG_TYPE, "umma_sparse_atom_32b: a sparsity of %d; 1 to 2^20", s);
  CT_TRY(ct_umma_atom_32b(bits, out, e));
  CT_TRY(ct_atom_pair(&P.shape, 1, s, e));
  CT_TRY(ct_atom_pair(&P.stride, 0, 1, e));
  L = out->inner;
  return ct_blocked_product(&P, &L, &out->inner, e);
}

/* ATOM-2: an element offset x of 2^k bits is the bit address x << k; the
 * byte swizzle is Sw<B, M+3, S> on bit addresses, and shifting by k moves
 * its masks down by k. */
CT_FN ct_code ct_sw_recast_bytes(const ct_swizzle *w, int bits, ct_swizzle *out, ct_err *e) {
  int k = ct_log2_exact(bits);
  if (k < 0 || w->m + 3 < k)
    return CT_FAIL(e, CT_NOT_DIVISIBLE, "recast of Sw<%d,%d,%d> from bytes to %d-bit elements: the base 2^%d bytes is no whole number of elements",
                   w->b, w->m, w->s, bits, w->m);
  ct_sw_set(out, w->b, w->m + 3 - k, w->s);
  return ct_sw_check(out, e);
}
