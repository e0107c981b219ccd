/* builtins_mma.c -- the thread-value layouts of the MMA atoms (spec/mma.md):
 * mma_tv_a / mma_tv_b / mma_tv_c(M, N, K, bits), the atom mma.mMnNkK with A
 * of `bits` bits as PTX names it, or (M, N, K) read from CuTe's name where
 * the expression reader passes one as a symbol (SM80_16x8x16_F16F16F16F16_TN). */
#include "builtins.h"
#include "ref/mma_atom.h"

#include <stdio.h>

/* (M, N, K, bits, form) of the call: four integers (form 0), or one CuTe
 * atom name (SM70's quad-pair atoms by name alone: MMA-QP). */
static ct_code ct_mma_args(const ct_args *a, const char *name, int *mnkb, ct_err *e) {
  int j;
  mnkb[4] = 0;
  if (a->n == 1 && a->a[0].kind == CT_V_SYMBOL) {
    if (!ct_mma_by_name_form(a->a[0].sym, &mnkb[0], &mnkb[1], &mnkb[2], &mnkb[3], &mnkb[4]))
      return CT_FAIL(e, CT_ARG_TYPE, "%s: %s is no MMA atom of the atlas (spec/mma.md)", name, a->a[0].sym);
    return CT_OK;
  }
  if (a->n != 4) return CT_FAIL(e, CT_ARITY, "%s(M, N, K, bits): four integers", name);
  for (j = 0; j < 4; ++j) {
    int64_t v;
    CT_TRY(ct_as_int(&a->a[j], &v, j == 3 ? "the width of A's elements in bits" : "a dimension of the atom", e));
    if (v < 1 || v > 1024) return CT_FAIL(e, CT_ARG_TYPE, "%s: %lld is no MMA dimension or width", name, (long long)v);
    mnkb[j] = (int)v;
  }
  return CT_OK;
}

static ct_code ct_b_mma_tv(const ct_args *a, int op, const char *name, ct_value *out, ct_err *e) {
  int x[5];
  ct_layout L;
  CT_TRY(ct_mma_args(a, name, x, e));
  CT_TRY(ct_mma_tv_form(x[0], x[1], x[2], x[3], x[4], op, &L, e));
  ct_v_layout(out, &L);
  return CT_OK;
}

/* mma_tv_a(M, N, K, bits): (thread, value) -> m + M*k of A (MMA-1..MMA-4). */
ct_code ct_b_mma_tv_a(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_mma_tv(a, CT_MMA_A, "mma_tv_a", out, e);
}
/* mma_tv_b(M, N, K, bits): (thread, value) -> n + N*k of B. */
ct_code ct_b_mma_tv_b(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_mma_tv(a, CT_MMA_B, "mma_tv_b", out, e);
}
/* mma_tv_c(M, N, K, bits): (thread, value) -> m + M*n of C and D. */
ct_code ct_b_mma_tv_c(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_mma_tv(a, CT_MMA_C, "mma_tv_c", out, e);
}

/* mma_shape(NAME): the atom's (M, N, K), static as CuTe's Shape_MNK (MMA-DEF). */
ct_code ct_b_mma_shape(const ct_args *a, ct_value *out, ct_err *e) {
  int x[5], j, hdr;
  ct_tuple t;
  if (a->n != 1 || a->a[0].kind != CT_V_SYMBOL)
    return CT_FAIL(e, CT_ARG_TYPE, "mma_shape's argument is a CuTe MMA atom's name");
  CT_TRY(ct_mma_args(a, "mma_shape", x, e));
  ct_t_clear(&t);
  CT_TRY(ct_t_open(&t, &hdr, e));
  for (j = 0; j < 3; ++j) CT_TRY(ct_t_push_int(&t, x[j], 1, e));
  CT_TRY(ct_t_close(&t, hdr, e));
  ct_v_tuple(out, &t);
  return CT_OK;
}

/* umma_tv_x(M, N, K[, ctas]): SM100's tcgen05.mma (MMA-UMMA), one CTA or
 * the two peer CTAs of .cta_group::2. */
static ct_code ct_b_umma_tv(const ct_args *a, int op, const char *name, ct_value *out, ct_err *e) {
  int x[4] = {0, 0, 0, 1}, j;
  ct_layout L;
  if (a->n != 3 && a->n != 4) return CT_FAIL(e, CT_ARITY, "%s(M, N, K[, ctas]): three or four integers", name);
  for (j = 0; j < a->n; ++j) {
    int64_t v;
    CT_TRY(ct_as_int(&a->a[j], &v, j == 3 ? "the CTAs of the MMA (1 or 2)" : "a dimension of the atom", e));
    if (v < 1 || v > 1024) return CT_FAIL(e, CT_ARG_TYPE, "%s: %lld is no UMMA dimension or CTA count", name, (long long)v);
    x[j] = (int)v;
  }
  CT_TRY(ct_umma_tv(x[0], x[1], x[2], x[3], op, &L, e));
  ct_v_layout(out, &L);
  return CT_OK;
}

/* umma_tv_a(M, N, K[, ctas]): A's (CTA, value) -> m + M*k (MMA-UMMA). */
ct_code ct_b_umma_tv_a(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_umma_tv(a, CT_MMA_A, "umma_tv_a", out, e);
}
/* umma_tv_b(M, N, K[, ctas]): B's (CTA, value) -> n + N*k. */
ct_code ct_b_umma_tv_b(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_umma_tv(a, CT_MMA_B, "umma_tv_b", out, e);
}
/* umma_tv_c(M, N, K[, ctas]): C's (CTA, value) -> m + M*n, in tensor memory. */
ct_code ct_b_umma_tv_c(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_umma_tv(a, CT_MMA_C, "umma_tv_c", out, e);
}
