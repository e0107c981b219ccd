/* builtins_tiled_mma.c -- make_tiled_mma's thread-value layouts
 * (spec/tiled_mma.md): tiled_mma_a_tv / _b_tv / _c_tv(ATOM, atom_layout[,
 * perm_m, perm_n, perm_k]) and tiled_mma_shape(...). ATOM is a CuTe name
 * (SM80_16x8x16_F16F16F16F16_TN, SM70_8x8x4_F32F16F16F32_TN), (M, N, K,
 * bits) as spec/mma.md names the atom, or (M, N, K, bits, ctas), SM100's
 * UMMA atom of 1 or 2 CTAs (TMMA-UMMA); a permutation is a layout, an
 * integer n (n:1) or `_`. */
#include "builtins.h"
#include "ref/tiled_mma.h"

#include <stdio.h>

/* Whether v is the bare `_`. */
static int ct_tm_is_all(const ct_value *v) {
  return v->kind == CT_V_TUPLE && v->l.shape.n == 1 && v->l.shape.nd[0].kind == CT_ALL;
}

/* The tiled MMA of the call (TMMA-PRE's argument kinds). */
static ct_code ct_tm_args(const ct_args *a, const char *nm, ct_tiled_mma *t, ct_err *e) {
  int j;
  if (a->n != 2 && a->n != 5)
    return CT_FAIL(e, CT_ARITY, "%s(ATOM, atom_layout[, perm_m, perm_n, perm_k]): 2 or 5 arguments", nm);
  t->form = 0;
  if (a->a[0].kind == CT_V_SYMBOL) { /* SM70's quad-pair atoms too, their form in the name (TMMA-QP) */
    if (!ct_mma_by_name_form(a->a[0].sym, &t->m, &t->n, &t->k, &t->bits, &t->form))
      return CT_FAIL(e, CT_ARG_TYPE, "%s: %s is no MMA atom of the atlas (spec/mma.md)", nm, a->a[0].sym);
  } else {
    const ct_tuple *x;
    int64_t v[5];
    int nv;
    CT_TRY(ct_as_tuple(&a->a[0], &x, "the atom (M, N, K, bits)", e));
    nv = x->nd[0].kind == CT_TUPLE ? x->nd[0].span - 1 : 0;
    if (nv != 4 && nv != 5) /* (M, N, K, bits, ctas): SM100's UMMA of 1 or 2 CTAs (TMMA-UMMA) */
      return CT_FAIL(e, CT_ARG_TYPE, "%s: the atom is a CuTe name, (M, N, K, bits) or (M, N, K, bits, ctas)", nm);
    for (j = 0; j < nv; ++j) {
      if (x->nd[1 + j].kind != CT_INT || x->nd[1 + j].v < 1 || x->nd[1 + j].v > 1024)
        return CT_FAIL(e, CT_ARG_TYPE, "%s: the atom (M, N, K, bits[, ctas]) is integers in [1, 1024]", nm);
      v[j] = x->nd[1 + j].v;
    }
    if (nv == 5 && v[4] != 1 && v[4] != 2)
      return CT_FAIL(e, CT_ARG_TYPE, "%s: a UMMA atom (M, N, K, bits, ctas) is of 1 or 2 CTAs, not %lld", nm,
                     (long long)v[4]);
    if (nv == 5) t->form = CT_MMA_UMMA | (v[4] == 2 ? CT_MMA_UMMA_2SM : 0);
    t->m = (int)v[0];
    t->n = (int)v[1];
    t->k = (int)v[2];
    t->bits = (int)v[3];
  }
  CT_TRY(ct_as_layout(&a->a[1], &t->lay, "make_tiled_mma's atom layout", e));
  for (j = 0; j < 3; ++j) {
    t->has_perm[j] = 0;
    if (a->n == 2 || ct_tm_is_all(&a->a[2 + j])) continue;
    CT_TRY(ct_as_layout(&a->a[2 + j], &t->perm[j], "make_tiled_mma's permutation tile", e));
    t->has_perm[j] = 1;
  }
  return CT_OK;
}

static ct_code ct_b_tiled_mma_tv(const ct_args *a, int op, const char *nm, ct_value *out, ct_err *e) {
  ct_tiled_mma t;
  ct_layout L;
  CT_TRY(ct_tm_args(a, nm, &t, e));
  CT_TRY(ct_tiled_mma_tv(&t, op, &L, e));
  ct_v_layout(out, &L);
  return CT_OK;
}

/* tiled_mma_a_tv(...): get_layoutA_TV, (thread, value) -> m + M*k (TMMA-2..5). */
ct_code ct_b_tiled_mma_a_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_mma_tv(a, CT_MMA_A, "tiled_mma_a_tv", out, e);
}
/* tiled_mma_b_tv(...): get_layoutB_TV, (thread, value) -> n + N*k. */
ct_code ct_b_tiled_mma_b_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_mma_tv(a, CT_MMA_B, "tiled_mma_b_tv", out, e);
}
/* tiled_mma_c_tv(...): get_layoutC_TV, (thread, value) -> m + M*n (TMMA-1). */
ct_code ct_b_tiled_mma_c_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_mma_tv(a, CT_MMA_C, "tiled_mma_c_tv", out, e);
}

/* tiled_mma_shape(...): the tile's (M, N, K), CuTe's tile_size_mnk (TMMA-5). */
ct_code ct_b_tiled_mma_shape(const ct_args *a, ct_value *out, ct_err *e) {
  ct_tiled_mma t;
  int64_t tile[3];
  int j, hdr;
  ct_tuple r;
  CT_TRY(ct_tm_args(a, "tiled_mma_shape", &t, e));
  CT_TRY(ct_tiled_mma_init(&t, tile, e));
  ct_t_clear(&r);
  CT_TRY(ct_t_open(&r, &hdr, e));
  for (j = 0; j < 3; ++j) CT_TRY(ct_t_push_int(&r, tile[j], 1, e));
  CT_TRY(ct_t_close(&r, hdr, e));
  ct_v_tuple(out, &r);
  return CT_OK;
}
