/* builtins_tiled_copy.c -- CuTe's TiledCopy (spec/tiled_copy.md):
 * tiled_copy_s_tv / _d_tv / _tile(COPY, bits, thr, val), make_tiled_copy's
 * get_layoutS_TV, get_layoutD_TV and tiler; tiled_copy_{a,b,c}_s_tv / _d_tv
 * / _tile(COPY, bits, MMA, atom_layout[, perm_m, perm_n, perm_k]),
 * make_tiled_copy_A/_B/_C's. COPY is a copy atom as copy_tv_src takes it
 * (spec/copy.md): NAME (ldmatrix, stmatrix), NAME, op_bits (cp.async) or
 * op_bits (UniversalCopy); bits is the element width of CuTe's
 * Copy_Atom<Op, T>; MMA and the rest are tiled_mma_c_tv's arguments. */
#include "builtins.h"
#include "ref/composed.h"
#include "ref/partition.h"
#include "ref/tiled_copy.h"

/* Whether v is the bare `_`. */
static int ct_tc_is_all(const ct_value *v) {
  return v->kind == CT_V_TUPLE && v->l.shape.n == 1 && v->l.shape.nd[0].kind == CT_ALL;
}

/* The copy atom and element bits at the head of the call; *used := the
 * arguments they take (TCOPY-PRE's argument kinds). */
static ct_code ct_tc_atom(const ct_args *a, const char *nm, ct_tcopy_atom *x, int *used, ct_err *e) {
  int64_t b;
  int k = 1, kind = a->n >= 1 && a->a[0].kind == CT_V_SYMBOL ? ct_copy_by_name(a->a[0].sym, &x->st, &x->num, &x->trans)
                                                              : -1;
  if (kind == 0)
    return CT_FAIL(e, CT_ARG_TYPE,
                   "%s: %s is no copy atom of the atlas: SM75_U32x{1,2,4}_LDSM_N, SM75_U16x{2,4,8}_LDSM_T, "
                   "SM90_U32x{1,2,4}_STSM_N, SM90_U16x{2,4,8}_STSM_T, a cp.async operation with its bits, or "
                   "UniversalCopy's bits (spec/tiled_copy.md)",
                   nm, a->a[0].sym);
  if (kind == 2) k = 2;
  if (a->n < k + 1) return CT_FAIL(e, CT_ARITY, "%s: the copy atom, then its element bits", nm);
  if (kind != 1) {
    CT_TRY(ct_as_int(&a->a[k - 1], &b, "the bits the copy atom moves", e));
    if (b < 1 || b > CT_COPY_ONE_MAX_BITS)
      return CT_FAIL(e, CT_ARG_TYPE, "%s: %lld bits is outside [1, 2^20]", nm, (long long)b);
    x->num = (int)b;
    if (kind == -1) {
      x->st = CT_COPY_ONE;
      x->trans = CT_COPY_UNIVERSAL;
    }
  }
  CT_TRY(ct_as_int(&a->a[k], &b, "the element bits (Copy_Atom's T)", e));
  if (b < 1 || b > 1024) return CT_FAIL(e, CT_ARG_TYPE, "%s: element bits %lld outside [1, 1024]", nm, (long long)b);
  x->bits = (int)b;
  *used = k + 1;
  return CT_OK;
}

/* make_tiled_copy's call: COPY, bits, thr, val. */
static ct_code ct_tc_args(const ct_args *a, const char *nm, ct_tcopy_atom *x, ct_layout *thr, ct_layout *val,
                          ct_err *e) {
  int k;
  CT_TRY(ct_tc_atom(a, nm, x, &k, e));
  if (a->n != k + 2) return CT_FAIL(e, CT_ARITY, "%s(COPY, bits, thr, val): the thread and value layouts", nm);
  CT_TRY(ct_as_layout(&a->a[k], thr, "make_tiled_copy's thread layout", e));
  return ct_as_layout(&a->a[k + 1], val, "make_tiled_copy's value layout", e);
}

static ct_code ct_b_tiled_copy(const ct_args *a, int which, const char *nm, ct_value *out, ct_err *e) {
  ct_tcopy_atom x;
  ct_layout thr, val, L;
  CT_TRY(ct_tc_args(a, nm, &x, &thr, &val, e));
  CT_TRY(ct_tiled_copy_tv(&x, &thr, &val, which, &L, e));
  ct_v_layout(out, &L);
  return CT_OK;
}

/* tiled_copy_s_tv(...): get_layoutS_TV, (thread, value) -> tile index (TCOPY-1..5). */
ct_code ct_b_tiled_copy_s_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy(a, CT_COPY_SRC, "tiled_copy_s_tv", out, e);
}
/* tiled_copy_d_tv(...): get_layoutD_TV. */
ct_code ct_b_tiled_copy_d_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy(a, CT_COPY_DST, "tiled_copy_d_tv", out, e);
}
/* tiled_copy_tile(...): the tiler, make_layout_tv_tiler(thr, val) (TCOPY-5). */
ct_code ct_b_tiled_copy_tile(const ct_args *a, ct_value *out, ct_err *e) {
  ct_tcopy_atom x;
  ct_layout thr, val;
  ct_tuple t;
  CT_TRY(ct_tc_args(a, "tiled_copy_tile", &x, &thr, &val, e));
  CT_TRY(ct_tiled_copy_tile(&x, &thr, &val, &t, e));
  ct_v_tuple(out, &t);
  return CT_OK;
}

/* make_tiled_copy_A/_B/_C's call: COPY, bits, then tiled_mma_c_tv's arguments. */
static ct_code ct_tc_mma_args(const ct_args *a, const char *nm, ct_tcopy_atom *x, ct_tiled_mma *t, ct_err *e) {
  int k, j, n;
  CT_TRY(ct_tc_atom(a, nm, x, &k, e));
  n = a->n - k;
  if (n != 2 && n != 5)
    return CT_FAIL(e, CT_ARITY, "%s(COPY, bits, MMA, atom_layout[, perm_m, perm_n, perm_k]): the tiled MMA's arguments",
                   nm);
  t->form = 0; /* SM70's quad-pair atoms: their form (TMMA-QP) */
  if (a->a[k].kind == CT_V_SYMBOL) {
    if (!ct_mma_by_name_form(a->a[k].sym, &t->m, &t->n, &t->k, &t->bits, &t->form))
      return CT_FAIL(e, CT_ARG_TYPE, "%s: %s is no MMA atom of the atlas (spec/mma.md)", nm, a->a[k].sym);
  } else {
    const ct_tuple *q;
    int64_t v[4];
    CT_TRY(ct_as_tuple(&a->a[k], &q, "the MMA atom (M, N, K, bits)", e));
    if (q->nd[0].kind != CT_TUPLE || q->nd[0].span != 5)
      return CT_FAIL(e, CT_ARG_TYPE, "%s: the MMA atom is a CuTe name or (M, N, K, bits)", nm);
    for (j = 0; j < 4; ++j) {
      if (q->nd[1 + j].kind != CT_INT || q->nd[1 + j].v < 1 || q->nd[1 + j].v > 1024)
        return CT_FAIL(e, CT_ARG_TYPE, "%s: the MMA atom (M, N, K, bits) is four integers in [1, 1024]", nm);
      v[j] = q->nd[1 + j].v;
    }
    t->m = (int)v[0];
    t->n = (int)v[1];
    t->k = (int)v[2];
    t->bits = (int)v[3];
  }
  CT_TRY(ct_as_layout(&a->a[k + 1], &t->lay, "make_tiled_mma's atom layout", e));
  for (j = 0; j < 3; ++j) {
    t->has_perm[j] = 0;
    if (n == 2 || ct_tc_is_all(&a->a[k + 2 + j])) continue;
    CT_TRY(ct_as_layout(&a->a[k + 2 + j], &t->perm[j], "make_tiled_mma's permutation tile", e));
    t->has_perm[j] = 1;
  }
  return CT_OK;
}

static ct_code ct_b_tiled_copy_mma(const ct_args *a, int op, int which, const char *nm, ct_value *out, ct_err *e) {
  ct_tcopy_atom x;
  ct_tiled_mma t;
  ct_layout L;
  ct_tuple tile;
  CT_TRY(ct_tc_mma_args(a, nm, &x, &t, e));
  if (which < 0) {
    CT_TRY(ct_tiled_copy_mma_tile(&x, &t, op, &tile, e));
    ct_v_tuple(out, &tile);
    return CT_OK;
  }
  CT_TRY(ct_tiled_copy_mma_tv(&x, &t, op, which, &L, e));
  ct_v_layout(out, &L);
  return CT_OK;
}

/* make_tiled_copy_A: the copy tiled like the tiled MMA's A (TCOPY-6). */
ct_code ct_b_tiled_copy_a_s_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_mma(a, CT_MMA_A, CT_COPY_SRC, "tiled_copy_a_s_tv", out, e);
}
ct_code ct_b_tiled_copy_a_d_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_mma(a, CT_MMA_A, CT_COPY_DST, "tiled_copy_a_d_tv", out, e);
}
ct_code ct_b_tiled_copy_a_tile(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_mma(a, CT_MMA_A, -1, "tiled_copy_a_tile", out, e);
}
/* make_tiled_copy_B. */
ct_code ct_b_tiled_copy_b_s_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_mma(a, CT_MMA_B, CT_COPY_SRC, "tiled_copy_b_s_tv", out, e);
}
ct_code ct_b_tiled_copy_b_d_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_mma(a, CT_MMA_B, CT_COPY_DST, "tiled_copy_b_d_tv", out, e);
}
ct_code ct_b_tiled_copy_b_tile(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_mma(a, CT_MMA_B, -1, "tiled_copy_b_tile", out, e);
}
/* make_tiled_copy_C. */
ct_code ct_b_tiled_copy_c_s_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_mma(a, CT_MMA_C, CT_COPY_SRC, "tiled_copy_c_s_tv", out, e);
}
ct_code ct_b_tiled_copy_c_d_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_mma(a, CT_MMA_C, CT_COPY_DST, "tiled_copy_c_d_tv", out, e);
}
ct_code ct_b_tiled_copy_c_tile(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_mma(a, CT_MMA_C, -1, "tiled_copy_c_tile", out, e);
}

/* make_tiled_copy_impl(atom, layout_tv, tiler)'s source and destination: the
 * copy tiled by any TV layout (make_tiled_copy_S/_D: another tiled copy's
 * get_layoutS_TV / get_layoutD_TV; TCOPY-1..5). */
static ct_code ct_b_tiled_copy_impl(const ct_args *a, int which, const char *nm, ct_value *out, ct_err *e) {
  ct_tcopy_atom x;
  ct_layout TV, L;
  int k;
  CT_TRY(ct_tc_atom(a, nm, &x, &k, e));
  if (a->n != k + 1) return CT_FAIL(e, CT_ARITY, "%s(COPY, bits, layout_tv): the tiled layout", nm);
  CT_TRY(ct_as_layout(&a->a[k], &TV, "the tiled copy's TV layout", e));
  CT_TRY(ct_tiled_copy_of(&x, &TV, which, &L, e));
  ct_v_layout(out, &L);
  return CT_OK;
}
ct_code ct_b_tiled_copy_impl_s_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_impl(a, CT_COPY_SRC, "tiled_copy_impl_s_tv", out, e);
}
ct_code ct_b_tiled_copy_impl_d_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_impl(a, CT_COPY_DST, "tiled_copy_impl_d_tv", out, e);
}

/* make_tiled_copy_C_atom(atom, mma): its source, destination and tiler
 * <t0, t1> (the MMA's rows and columns it reaches), TCOPY-7. */
static ct_code ct_b_tiled_copy_c_atom(const ct_args *a, int which, const char *nm, ct_value *out, ct_err *e) {
  ct_tcopy_atom x;
  ct_tiled_mma t;
  ct_layout L, TV, t0, t1;
  const ct_layout *two[2];
  CT_TRY(ct_tc_mma_args(a, nm, &x, &t, e));
  if (which >= 0) {
    CT_TRY(ct_tiled_copy_c_atom_tv(&x, &t, which, &L, e));
    ct_v_layout(out, &L);
    return CT_OK;
  }
  CT_TRY(ct_tiled_copy_c_atom_parts(&x, &t, &TV, &t0, &t1, e));
  CT_TRY(ct_tiled_copy_of(&x, &TV, CT_COPY_SRC, &L, e)); /* TCOPY-PRE */
  two[0] = &t0;
  two[1] = &t1;
  CT_TRY(ct_l_concat(two, 2, &L, e));
  L.shape.nd[0].mark = 1; /* a tiler <t0, t1> */
  L.stride.nd[0].mark = 1;
  out->kind = CT_V_TILER;
  ct_l_copy(&out->l, &L);
  return CT_OK;
}
ct_code ct_b_tiled_copy_c_atom_s_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_c_atom(a, CT_COPY_SRC, "tiled_copy_c_atom_s_tv", out, e);
}
ct_code ct_b_tiled_copy_c_atom_d_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_c_atom(a, CT_COPY_DST, "tiled_copy_c_atom_d_tv", out, e);
}
ct_code ct_b_tiled_copy_c_atom_tile(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_c_atom(a, -1, "tiled_copy_c_atom_tile", out, e);
}

/* make_tiled_copy's tiled layout and tiler from thr and val (TV-DEF). */
static ct_code ct_tc_tv_tiler(const ct_tcopy_atom *x, const ct_layout *thr, const ct_layout *val, ct_layout *TV,
                              ct_tuple *tile, ct_err *e) {
  CT_TRY(ct_tiled_copy_tile(x, thr, val, tile, e)); /* TCOPY-PRE */
  return ct_make_layout_tv(thr, val, TV, e);
}

/* tidfrg_S / tidfrg_D(COPY, bits, thr, val, X): (thread, value, rest) -> X's
 * index (TCOPY-8). */
static ct_code ct_b_tiled_copy_tidfrg(const ct_args *a, int which, const char *nm, ct_value *out, ct_err *e) {
  ct_tcopy_atom x;
  ct_layout thr, val, TV, X, L;
  ct_tiler T;
  ct_tuple tile;
  ct_args b = *a;
  if (a->n < 2) return CT_FAIL(e, CT_ARITY, "%s(COPY, bits, thr, val, X)", nm);
  b.n = a->n - 1;
  CT_TRY(ct_tc_args(&b, nm, &x, &thr, &val, e));
  CT_TRY(ct_as_layout(&a->a[a->n - 1], &X, "the tensor's layout", e));
  CT_TRY(ct_tc_tv_tiler(&x, &thr, &val, &TV, &tile, e));
  CT_TRY(ct_tiled_copy_tiler(&tile, &T, e));
  CT_TRY(ct_tiled_copy_tidfrg(&x, &TV, &T, which, &X, &L, e));
  ct_v_layout(out, &L);
  return CT_OK;
}
ct_code ct_b_tiled_copy_tidfrg_s(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_tidfrg(a, CT_COPY_SRC, "tiled_copy_tidfrg_s", out, e);
}
ct_code ct_b_tiled_copy_tidfrg_d(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_tidfrg(a, CT_COPY_DST, "tiled_copy_tidfrg_d", out, e);
}

/* A partition of the tensor xv (a layout, or a composed layout outer o
 * offset o inner) by the tiled copy of atom x over TV and its tiler T:
 * (value, rest...) -> X's index, the offset apart (want_off), or of a
 * composed layout the partition of its inner layout, its offset added
 * (TCOPY-9, TCOPY-10). */
static ct_code ct_tc_part_of(const ct_tcopy_atom *x, const ct_layout *TV, const ct_tiler *T, int which, int want_off,
                             int64_t idx, const ct_value *xv, const char *nm, ct_value *out, ct_err *e) {
  ct_layout X, L;
  int64_t off;
  if (xv->kind == CT_V_COMPOSED) { /* outer o (offset + off) o L, CuTe's slice of a ComposedLayout */
    ct_composed c;
    if (want_off) return CT_FAIL(e, CT_ARG_TYPE, "%s: a composed layout's partition carries its offset", nm);
    CT_TRY(ct_tiled_copy_partition_cl(x, TV, T, which, idx, &xv->c, &c, e));
    ct_v_composed(out, &c);
    return CT_OK;
  }
  CT_TRY(ct_as_layout(xv, &X, "the tensor's layout", e));
  CT_TRY(ct_tiled_copy_partition(x, TV, T, which, idx, &X, &L, &off, e));
  if (want_off)
    ct_v_int(out, off, 0);
  else
    ct_v_layout(out, &L);
  return CT_OK;
}

/* get_slice(thr_idx).partition_S / _D(COPY, bits, thr, val, thr_idx, X). */
static ct_code ct_b_tiled_copy_part(const ct_args *a, int which, int want_off, const char *nm, ct_value *out,
                                    ct_err *e) {
  ct_tcopy_atom x;
  ct_layout thr, val, TV;
  ct_tiler T;
  ct_tuple tile;
  ct_args b = *a;
  int64_t idx;
  if (a->n < 3) return CT_FAIL(e, CT_ARITY, "%s(COPY, bits, thr, val, thr_idx, X)", nm);
  b.n = a->n - 2;
  CT_TRY(ct_tc_args(&b, nm, &x, &thr, &val, e));
  CT_TRY(ct_as_int(&a->a[a->n - 2], &idx, "the thread index", e));
  if (a->a[a->n - 1].kind == CT_V_COMPOSED && want_off)
    return CT_FAIL(e, CT_ARG_TYPE, "%s: a composed layout's partition carries its offset", nm);
  CT_TRY(ct_tc_tv_tiler(&x, &thr, &val, &TV, &tile, e));
  CT_TRY(ct_tiled_copy_tiler(&tile, &T, e));
  return ct_tc_part_of(&x, &TV, &T, which, want_off, idx, &a->a[a->n - 1], nm, out, e);
}
ct_code ct_b_tiled_copy_partition_s(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_part(a, CT_COPY_SRC, 0, "tiled_copy_partition_s", out, e);
}
ct_code ct_b_tiled_copy_partition_d(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_part(a, CT_COPY_DST, 0, "tiled_copy_partition_d", out, e);
}
ct_code ct_b_tiled_copy_partition_s_offset(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_part(a, CT_COPY_SRC, 1, "tiled_copy_partition_s_offset", out, e);
}
ct_code ct_b_tiled_copy_partition_d_offset(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tiled_copy_part(a, CT_COPY_DST, 1, "tiled_copy_partition_d_offset", out, e);
}

/* retile_S == retile_D(F) of make_tiled_copy(COPY, bits, thr, val) (op < 0)
 * or make_tiled_copy_A/_B/_C(COPY, bits, MMA, ...) (op CT_MMA_*), F the
 * thread's fragment layout, the last argument (TCOPY-11). */
static ct_code ct_b_tc_retile(const ct_args *a, int op, const char *nm, ct_value *out, ct_err *e) {
  ct_tcopy_atom x;
  ct_layout thr, val, TV, F, L;
  ct_tuple tile;
  ct_args b = *a;
  if (a->n < 2) return CT_FAIL(e, CT_ARITY, "%s(COPY, bits, ..., F)", nm);
  b.n = a->n - 1;
  if (op < 0) {
    CT_TRY(ct_tc_args(&b, nm, &x, &thr, &val, e));
    CT_TRY(ct_tc_tv_tiler(&x, &thr, &val, &TV, &tile, e));
  } else {
    ct_tiled_mma t;
    CT_TRY(ct_tc_mma_args(&b, nm, &x, &t, e));
    CT_TRY(ct_tiled_copy_mma_tile(&x, &t, op, &tile, e)); /* TCOPY-PRE */
    CT_TRY(ct_tiled_mma_tv(&t, op, &TV, e));
  }
  CT_TRY(ct_as_layout(&a->a[a->n - 1], &F, "the thread's fragment layout", e));
  CT_TRY(ct_tiled_copy_retile(&x, &TV, &tile, &F, &L, e));
  ct_v_layout(out, &L);
  return CT_OK;
}
ct_code ct_b_tiled_copy_retile(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tc_retile(a, -1, "tiled_copy_retile", out, e);
}
ct_code ct_b_tiled_copy_a_retile(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tc_retile(a, CT_MMA_A, "tiled_copy_a_retile", out, e);
}
ct_code ct_b_tiled_copy_b_retile(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tc_retile(a, CT_MMA_B, "tiled_copy_b_retile", out, e);
}
ct_code ct_b_tiled_copy_c_retile(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tc_retile(a, CT_MMA_C, "tiled_copy_c_retile", out, e);
}

/* make_tiled_copy_impl(COPY, layout_tv, tiler)'s call: COPY, bits, layout_tv,
 * tiler, then `extra` arguments (TCOPY-FRG over any tiled copy). The tiler
 * is a tiler <...> (make_tiled_copy_C_atom's, make_cotiled_copy's) or a
 * tuple of sizes (make_tiled_copy's, _A/_B/_C's, _S/_D's). */
static ct_code ct_tc_impl_args(const ct_args *a, int extra, const char *nm, ct_tcopy_atom *x, ct_layout *TV,
                               ct_tiler *T, ct_err *e) {
  int k;
  ct_layout L;
  CT_TRY(ct_tc_atom(a, nm, x, &k, e));
  if (a->n != k + 2 + extra)
    return CT_FAIL(e, CT_ARITY, "%s(COPY, bits, layout_tv, tiler%s)", nm,
                   extra == 1 ? ", X" : ", thr_idx, X");
  CT_TRY(ct_as_layout(&a->a[k], TV, "the tiled copy's TV layout", e));
  if (a->a[k + 1].kind == CT_V_TILER || a->a[k + 1].kind == CT_V_LAYOUT) {
    CT_TRY(ct_as_tiler(&a->a[k + 1], T, "the tiled copy's tiler", e));
  } else {
    const ct_tuple *t;
    CT_TRY(ct_as_tuple(&a->a[k + 1], &t, "the tiled copy's tiler", e));
    CT_TRY(ct_tiled_copy_tiler(t, T, e));
  }
  { /* TCOPY-PRE: the tiled layout's indices lie in the tile */
    ct_val cs, ts;
    CT_TRY(ct_l_cosize(TV, &cs, e));
    CT_TRY(ct_l_size(T, &ts, e));
    if (cs.v > ts.v)
      return CT_FAIL(e, CT_ARG_TYPE, "%s: layout_tv reaches index %lld, past the tile's %lld elements", nm,
                     (long long)(cs.v - 1), (long long)ts.v);
  }
  return ct_tiled_copy_of(x, TV, CT_COPY_REF, &L, e); /* TCOPY-PRE */
}

/* tidfrg_S / _D by make_tiled_copy_impl(COPY, layout_tv, tiler) (TCOPY-8). */
static ct_code ct_b_tc_impl_tidfrg(const ct_args *a, int which, const char *nm, ct_value *out, ct_err *e) {
  ct_tcopy_atom x;
  ct_layout TV, X, L;
  ct_tiler T;
  CT_TRY(ct_tc_impl_args(a, 1, nm, &x, &TV, &T, e));
  CT_TRY(ct_as_layout(&a->a[a->n - 1], &X, "the tensor's layout", e));
  CT_TRY(ct_tiled_copy_tidfrg(&x, &TV, &T, which, &X, &L, e));
  ct_v_layout(out, &L);
  return CT_OK;
}
ct_code ct_b_tiled_copy_impl_tidfrg_s(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tc_impl_tidfrg(a, CT_COPY_SRC, "tiled_copy_impl_tidfrg_s", out, e);
}
ct_code ct_b_tiled_copy_impl_tidfrg_d(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tc_impl_tidfrg(a, CT_COPY_DST, "tiled_copy_impl_tidfrg_d", out, e);
}

/* get_slice(thr_idx).partition_S / _D by make_tiled_copy_impl (TCOPY-9). */
static ct_code ct_b_tc_impl_part(const ct_args *a, int which, int want_off, const char *nm, ct_value *out,
                                 ct_err *e) {
  ct_tcopy_atom x;
  ct_layout TV;
  ct_tiler T;
  int64_t idx;
  CT_TRY(ct_tc_impl_args(a, 2, nm, &x, &TV, &T, e));
  CT_TRY(ct_as_int(&a->a[a->n - 2], &idx, "the thread index", e));
  return ct_tc_part_of(&x, &TV, &T, which, want_off, idx, &a->a[a->n - 1], nm, out, e);
}
ct_code ct_b_tiled_copy_impl_partition_s(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tc_impl_part(a, CT_COPY_SRC, 0, "tiled_copy_impl_partition_s", out, e);
}
ct_code ct_b_tiled_copy_impl_partition_d(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tc_impl_part(a, CT_COPY_DST, 0, "tiled_copy_impl_partition_d", out, e);
}
ct_code ct_b_tiled_copy_impl_partition_s_offset(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tc_impl_part(a, CT_COPY_SRC, 1, "tiled_copy_impl_partition_s_offset", out, e);
}
ct_code ct_b_tiled_copy_impl_partition_d_offset(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tc_impl_part(a, CT_COPY_DST, 1, "tiled_copy_impl_partition_d_offset", out, e);
}

/* make_cotiled_copy(COPY, atom_tv, data): its tiled layout (which == -2,
 * CuTe's TiledLayout_TV), source, destination or tiler (-1), TCOPY-12,
 * TCOPY-13. */
static ct_code ct_b_tc_cotiled(const ct_args *a, int which, const char *nm, ct_value *out, ct_err *e) {
  ct_tcopy_atom x;
  ct_layout atv, data, TV, L;
  ct_tiler T;
  int k;
  CT_TRY(ct_tc_atom(a, nm, &x, &k, e));
  if (a->n != k + 2) return CT_FAIL(e, CT_ARITY, "%s(COPY, bits, atom_tv, data_layout)", nm);
  CT_TRY(ct_as_layout(&a->a[k], &atv, "make_cotiled_copy's atom TV layout", e));
  CT_TRY(ct_as_layout(&a->a[k + 1], &data, "make_cotiled_copy's data layout", e));
  CT_TRY(ct_cotiled_copy(&atv, &data, &TV, &T, e));
  CT_TRY(ct_tiled_copy_of(&x, &TV, which < 0 ? CT_COPY_REF : which, &L, e)); /* TCOPY-PRE */
  if (which == -1) {
    out->kind = CT_V_TILER;
    ct_l_copy(&out->l, &T);
  } else {
    ct_v_layout(out, which == -2 ? &TV : &L);
  }
  return CT_OK;
}
ct_code ct_b_tiled_copy_cotiled_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tc_cotiled(a, -2, "tiled_copy_cotiled_tv", out, e);
}
ct_code ct_b_tiled_copy_cotiled_s_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tc_cotiled(a, CT_COPY_SRC, "tiled_copy_cotiled_s_tv", out, e);
}
ct_code ct_b_tiled_copy_cotiled_d_tv(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tc_cotiled(a, CT_COPY_DST, "tiled_copy_cotiled_d_tv", out, e);
}
ct_code ct_b_tiled_copy_cotiled_tile(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_b_tc_cotiled(a, -1, "tiled_copy_cotiled_tile", out, e);
}

/* make_tiled_copy_C_atom's tiled layout (CuTe's TiledLayout_TV), the
 * (thread, value) -> sub-tile index that tiled_copy_impl_* take. */
ct_code ct_b_tiled_copy_c_atom_tv(const ct_args *a, ct_value *out, ct_err *e) {
  ct_tcopy_atom x;
  ct_tiled_mma t;
  ct_layout L, TV, t0, t1;
  CT_TRY(ct_tc_mma_args(a, "tiled_copy_c_atom_tv", &x, &t, e));
  CT_TRY(ct_tiled_copy_c_atom_parts(&x, &t, &TV, &t0, &t1, e));
  CT_TRY(ct_tiled_copy_of(&x, &TV, CT_COPY_REF, &L, e)); /* TCOPY-PRE */
  ct_v_layout(out, &TV);
  return CT_OK;
}

/* retile_S == retile_D(F) of the tiled copy of atom x over TV and tiler T
 * (TCOPY-11), F the last argument. */
static ct_code ct_tc_retile_by(const ct_args *a, const ct_tcopy_atom *x, const ct_layout *TV, const ct_tiler *T,
                               ct_value *out, ct_err *e) {
  ct_layout F, L;
  ct_tuple tile;
  ct_tiled_copy_tiler_shape(T, &tile);
  CT_TRY(ct_as_layout(&a->a[a->n - 1], &F, "the thread's fragment layout", e));
  CT_TRY(ct_tiled_copy_retile(x, TV, &tile, &F, &L, e));
  ct_v_layout(out, &L);
  return CT_OK;
}

/* retile by make_tiled_copy_impl(COPY, layout_tv, tiler): any tiled copy,
 * make_tiled_copy_S/_D's among them (TCOPY-11). */
ct_code ct_b_tiled_copy_impl_retile(const ct_args *a, ct_value *out, ct_err *e) {
  ct_tcopy_atom x;
  ct_layout TV;
  ct_tiler T;
  CT_TRY(ct_tc_impl_args(a, 1, "tiled_copy_impl_retile", &x, &TV, &T, e));
  return ct_tc_retile_by(a, &x, &TV, &T, out, e);
}

/* retile by make_tiled_copy_C_atom(COPY, MMA...): its tiler <t0, t1>
 * (TCOPY-7, TCOPY-11). */
ct_code ct_b_tiled_copy_c_atom_retile(const ct_args *a, ct_value *out, ct_err *e) {
  ct_tcopy_atom x;
  ct_tiled_mma t;
  ct_layout TV, t0, t1, L;
  ct_tiler T;
  const ct_layout *two[2];
  ct_args b = *a;
  if (a->n < 2) return CT_FAIL(e, CT_ARITY, "tiled_copy_c_atom_retile(COPY, bits, MMA, ..., F)");
  b.n = a->n - 1;
  CT_TRY(ct_tc_mma_args(&b, "tiled_copy_c_atom_retile", &x, &t, e));
  CT_TRY(ct_tiled_copy_c_atom_parts(&x, &t, &TV, &t0, &t1, e));
  CT_TRY(ct_tiled_copy_of(&x, &TV, CT_COPY_REF, &L, e)); /* TCOPY-PRE */
  two[0] = &t0;
  two[1] = &t1;
  CT_TRY(ct_l_concat(two, 2, &T, e));
  return ct_tc_retile_by(a, &x, &TV, &T, out, e);
}

/* retile by make_cotiled_copy(COPY, atom_tv, data) (TCOPY-12, TCOPY-11). */
ct_code ct_b_tiled_copy_cotiled_retile(const ct_args *a, ct_value *out, ct_err *e) {
  ct_tcopy_atom x;
  ct_layout atv, data, TV, L;
  ct_tiler T;
  int k;
  CT_TRY(ct_tc_atom(a, "tiled_copy_cotiled_retile", &x, &k, e));
  if (a->n != k + 3) return CT_FAIL(e, CT_ARITY, "tiled_copy_cotiled_retile(COPY, bits, atom_tv, data_layout, F)");
  CT_TRY(ct_as_layout(&a->a[k], &atv, "make_cotiled_copy's atom TV layout", e));
  CT_TRY(ct_as_layout(&a->a[k + 1], &data, "make_cotiled_copy's data layout", e));
  CT_TRY(ct_cotiled_copy(&atv, &data, &TV, &T, e));
  CT_TRY(ct_tiled_copy_of(&x, &TV, CT_COPY_REF, &L, e)); /* TCOPY-PRE */
  return ct_tc_retile_by(a, &x, &TV, &T, out, e);
}
