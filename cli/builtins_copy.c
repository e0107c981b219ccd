/* builtins_copy.c -- the thread-value layouts of the copy atoms
 * (spec/copy.md): copy_tv_src / copy_tv_dst / copy_tv_ref(NAME), NAME one of
 * CuTe's ldmatrix and stmatrix atoms (SM75_U32x4_LDSM_N, SM90_U16x8_STSM_T,
 * ...), read as PTX's instruction ldmatrix/stmatrix .xN [.trans], and
 * movmatrix (SM75_U32x1_MOVM_T); the
 * one-thread atoms: copy_tv_x(SM80_CP_ASYNC_CACHEALWAYS, bits), (SM90_TMA_LOAD,
 * bits), ..., and copy_tv_x(bits), CuTe's UniversalCopy<T> of a bits-bit T;
 * copy_tmem_addr(NAME), a TMEM atom's Tensor Memory addresses (CuTe's ValID), or
 * tcgen05.cp's (COPY-UTCCP). */
#include "builtins.h"
#include "ref/copy_atom.h"
#include "ref/copy_tmem.h"
#include "ref/copy_utccp.h"

/* The atom of the call: NAME (ldmatrix, stmatrix), NAME and bits (cp.async,
 * TMA), or bits alone (CuTe's UniversalCopy<T> of a `bits`-bit T). */
static ct_code ct_copy_args(const ct_args *a, const char *name, int *st, int *num, int *trans, ct_err *e) {
  int64_t bits;
  int kind = a->n >= 1 && a->a[0].kind == CT_V_SYMBOL ? ct_copy_by_name(a->a[0].sym, st, num, trans) : -1;
  if (a->n < 1 || a->n > 2) return CT_FAIL(e, CT_ARITY, "%s(NAME), %s(NAME, bits) or %s(bits)", name, name, name);
  if (kind == 0)
    return CT_FAIL(e, CT_ARG_TYPE,
                   "%s: %s is no copy atom of the atlas: SM75_U32x{1,2,4}_LDSM_N, SM75_U16x{2,4,8}_LDSM_T, "
                   "SM90_U32x{1,2,4}_STSM_N, SM90_U16x{2,4,8}_STSM_T, SM75_U32x1_MOVM_T, "
                   "SM100_SU{4,6}_DU8x16_x{1,2,4}_LDSM_N, SM100_U8x{8,16}_LDSM_T, SM100_U8x{4,8,16}_STSM_T, SM100_TMEM_{LOAD,STORE}_{32dp32b,16dp64b,16dp128b,16dp256b,16dp32b}{1,2,..,128}x[_16b], or a cp.async or TMA operation with its bits "
                   "(spec/copy.md)",
                   name, a->a[0].sym);
  if (kind == 1) {
    if (a->n != 1) return CT_FAIL(e, CT_ARITY, "%s(%s): no bits for ldmatrix or stmatrix", name, a->a[0].sym);
    return CT_OK;
  }
  if (kind == 2 && a->n != 2) return CT_FAIL(e, CT_ARITY, "%s(%s, bits): the bits it moves", name, a->a[0].sym);
  if (kind == -1) {
    if (a->n != 1) return CT_FAIL(e, CT_ARITY, "%s(bits): a universal copy's bits", name);
    *st = CT_COPY_ONE;
    *trans = CT_COPY_UNIVERSAL;
  }
  CT_TRY(ct_as_int(&a->a[a->n - 1], &bits, "the bits a thread copies", e));
  if (bits < 1 || bits > CT_COPY_ONE_MAX_BITS)
    return CT_FAIL(e, CT_ARG_TYPE, "%s: %lld bits is outside [1, 2^20]", name, (long long)bits);
  *num = (int)bits;
  return CT_OK;
}

static ct_code ct_b_copy_tv(const ct_args *a, int which, const char *name, ct_value *out, ct_err *e) {
  int st = 0, num = 0, trans = 0;
  ct_layout L;
  CT_TRY(ct_copy_args(a, name, &st, &num, &trans, e));
  CT_TRY(ct_copy_tv(st, num, trans, which, &L, e));
  ct_v_layout(out, &L);
  return CT_OK;
}

/* copy_tv_src(NAME): (thread, value) -> the bit the atom reads (COPY-1..5). */
ct_code ct_b_copy_tv_src(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_copy_tv(a, CT_COPY_SRC, "copy_tv_src", out, e);
}
/* copy_tv_dst(NAME): (thread, value) -> the bit the atom writes. */
ct_code ct_b_copy_tv_dst(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_copy_tv(a, CT_COPY_DST, "copy_tv_dst", out, e);
}
/* copy_tv_ref(NAME): the reference, the register side of both. */
ct_code ct_b_copy_tv_ref(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_copy_tv(a, CT_COPY_REF, "copy_tv_ref", out, e);
}

/* copy_tmem_addr(NAME): a TMEM atom's tile bit -> its Tensor Memory address
 * in bits, CuTe's ValID (COPY-TMEM16, COPY-10). */
ct_code ct_b_copy_tmem_addr(const ct_args *a, ct_value *out, ct_err *e) {
  int st = 0, num = 0, trans = 0, ctas = 0;
  ct_layout L;
  if (a->n != 1) return CT_FAIL(e, CT_ARITY, "copy_tmem_addr(NAME): one TMEM atom's name");
  if (a->a[0].kind == CT_V_SYMBOL && ct_utccp_by_name(a->a[0].sym, &trans, &ctas)) { /* tcgen05.cp (COPY-UTCCP) */
    CT_TRY(ct_utccp_val_id(trans, &L, e));
    ct_v_layout(out, &L);
    return CT_OK;
  }
  if (a->a[0].kind != CT_V_SYMBOL || ct_copy_by_name(a->a[0].sym, &st, &num, &trans) != 1 ||
      st < CT_COPY_TMEM_LD || st > CT_COPY_TMEM_ST16)
    return CT_FAIL(e, CT_ARG_TYPE,
                   "copy_tmem_addr: no TMEM atom: SM100_TMEM_{LOAD,STORE}_{32dp32b,16dp64b,16dp128b,16dp256b,16dp32b}"
                   "{1,2,..,128}x[_16b] or SM100_UTCCP_{128dp256bit,128dp128bit,4dp256bit,4x32dp128bit,"
                   "2x64dp128bitlw0213,2x64dp128bitlw0123}_{1,2}cta (spec/copy.md)");
  CT_TRY(ct_tmem_val_id(trans, num, st >= CT_COPY_TMEM_LD16, &L, e));
  ct_v_layout(out, &L);
  return CT_OK;
}
