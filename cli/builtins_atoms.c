/* builtins_atoms.c -- the shared-memory layout atoms and the recast of a
 * byte swizzle to elements (spec/atoms.md). */
#include "builtins.h"
#include "ref/atoms.h"

#include <string.h>

/* gmma_atom(K|MN, row_bytes, bits): CuTe's Layout_{K,MN}_{INTER,SW32,SW64,
 * SW128}_Atom<T> for a T of `bits` bits (ATOM-1). */
ct_code ct_b_gmma_atom(const ct_args *a, ct_value *out, ct_err *e) {
  int64_t row, bits;
  int major;
  ct_composed C;
  if (a->a[0].kind != CT_V_SYMBOL || (strcmp(a->a[0].sym, "K") != 0 && strcmp(a->a[0].sym, "MN") != 0))
    return CT_FAIL(e, CT_ARG_TYPE, "gmma_atom's first argument is the major mode, K or MN");
  major = a->a[0].sym[0] == 'K' ? CT_MAJOR_K : CT_MAJOR_MN;
  CT_TRY(ct_as_int(&a->a[1], &row, "gmma_atom's row width in bytes", e));
  CT_TRY(ct_as_int(&a->a[2], &bits, "gmma_atom's element width in bits", e));
  if (row < 0 || row > 1024 || bits < 0 || bits > 1024)
    return CT_FAIL(e, CT_ARG_TYPE, "gmma_atom: rows of 16, 32, 64 or 128 bytes, elements of 1 to 128 bits");
  CT_TRY(ct_gmma_atom(major, (int)row, (int)bits, &C, e));
  ct_v_composed(out, &C);
  return CT_OK;
}

/* gmma_sparse_atom(K|MN, row_bytes, bits, S): CuTe's
 * Layout_{K,MN}_{INTER,SW32,SW64,SW128}_SpAtom<T, S> (ATOM-5). */
ct_code ct_b_gmma_sparse_atom(const ct_args *a, ct_value *out, ct_err *e) {
  int64_t row, bits, s;
  int major;
  ct_composed C;
  if (a->a[0].kind != CT_V_SYMBOL || (strcmp(a->a[0].sym, "K") != 0 && strcmp(a->a[0].sym, "MN") != 0))
    return CT_FAIL(e, CT_ARG_TYPE, "gmma_sparse_atom's first argument is the major mode, K or MN");
  major = a->a[0].sym[0] == 'K' ? CT_MAJOR_K : CT_MAJOR_MN;
  CT_TRY(ct_as_int(&a->a[1], &row, "gmma_sparse_atom's row width in bytes", e));
  CT_TRY(ct_as_int(&a->a[2], &bits, "gmma_sparse_atom's element width in bits", e));
  CT_TRY(ct_as_int(&a->a[3], &s, "gmma_sparse_atom's sparsity", e));
  if (row < 0 || row > 1024 || bits < 0 || bits > 1024)
    return CT_FAIL(e, CT_ARG_TYPE, "gmma_sparse_atom: rows of 16, 32, 64 or 128 bytes, elements of 1 to 128 bits");
  if (s < 1 || s > (1 << 20))
    return CT_FAIL(e, CT_ARG_TYPE, "gmma_sparse_atom: a sparsity of %lld; 1 to 2^20", (long long)s);
  CT_TRY(ct_gmma_sparse_atom(major, (int)row, (int)bits, (int)s, &C, e));
  ct_v_composed(out, &C);
  return CT_OK;
}

/* umma_atom_32b(bits): Blackwell's UMMA::Layout_MN_SW128_32B_Atom<T> for a
 * T of `bits` bits (ATOM-4). */
ct_code ct_b_umma_atom_32b(const ct_args *a, ct_value *out, ct_err *e) {
  int64_t bits;
  ct_composed C;
  CT_TRY(ct_as_int(&a->a[0], &bits, "umma_atom_32b's element width in bits", e));
  if (bits < 1 || bits > 1024)
    return CT_FAIL(e, CT_NOT_DIVISIBLE, "umma_atom_32b: %lld-bit elements do not divide a row of 1024 bits", (long long)bits);
  CT_TRY(ct_umma_atom_32b((int)bits, &C, e));
  ct_v_composed(out, &C);
  return CT_OK;
}

/* umma_sparse_atom_32b(bits, S): Blackwell's
 * UMMA::Layout_MN_SW128_32B_SpAtom<T, S> (ATOM-6). */
ct_code ct_b_umma_sparse_atom_32b(const ct_args *a, ct_value *out, ct_err *e) {
  int64_t bits, s;
  ct_composed C;
  CT_TRY(ct_as_int(&a->a[0], &bits, "umma_sparse_atom_32b's element width in bits", e));
  CT_TRY(ct_as_int(&a->a[1], &s, "umma_sparse_atom_32b's sparsity", e));
  if (bits < 1 || bits > 1024)
    return CT_FAIL(e, CT_NOT_DIVISIBLE, "umma_sparse_atom_32b: %lld-bit elements do not divide a row of 1024 bits",
                   (long long)bits);
  if (s < 1 || s > (1 << 20))
    return CT_FAIL(e, CT_ARG_TYPE, "umma_sparse_atom_32b: a sparsity of %lld; 1 to 2^20", (long long)s);
  CT_TRY(ct_umma_sparse_atom_32b((int)bits, (int)s, &C, e));
  ct_v_composed(out, &C);
  return CT_OK;
}

/* recast_swizzle(Sw, bits): a swizzle of byte addresses as a swizzle of
 * element offsets of `bits` bits (ATOM-2). */
ct_code ct_b_recast_swizzle(const ct_args *a, ct_value *out, ct_err *e) {
  int64_t bits;
  ct_swizzle w;
  if (a->a[0].kind != CT_V_SWIZZLE) return CT_FAIL(e, CT_ARG_TYPE, "recast_swizzle's first argument is a swizzle");
  CT_TRY(ct_as_int(&a->a[1], &bits, "recast_swizzle's element width in bits", e));
  if (bits < 1 || bits > 1024) return CT_FAIL(e, CT_NOT_DIVISIBLE, "recast_swizzle: %lld-bit elements", (long long)bits);
  CT_TRY(ct_sw_recast_bytes(&a->a[0].c.sw, (int)bits, &w, e));
  ct_v_swizzle(out, &w);
  return CT_OK;
}
