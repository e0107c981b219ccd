/* tiled_copy.c -- CuTe's TiledCopy on layouts (spec/tiled_copy.md,
 * TCOPY-DEF). CuTe's tile2thrfrg divides the tiled layout TV by the atom's
 * (threads, reference values), composes the atom's block with
 * right_inverse(ref) o src (or o dst) and zips the rest back in
 * (copy_atom.hpp); the reference builds the same function from the same
 * pieces, by composition, and checks the atom's element layouts point by
 * point. */
#include "tiled_copy.h"

#include "composition.h"
#include "construct.h"
#include "inverse.h"
#include "partition.h"

/* The sizes of TV's two modes (thread, value). */
CT_FN static ct_code ct_tc_tv_sizes(const ct_layout *L, int64_t *T, int64_t *V, ct_err *e) {
  ct_layout M;
  ct_val s;
  int p = 0;
  if (ct_l_rank(L) != 2) return CT_FAIL(e, CT_ARG_TYPE, "tiled copy: the TV layout has no (thread, value) modes");
  CT_TRY(ct_l_mode(L, &p, 1, &M, e));
  CT_TRY(ct_l_size(&M, &s, e));
  *T = s.v;
  p = 1;
  CT_TRY(ct_l_mode(L, &p, 1, &M, e));
  CT_TRY(ct_l_size(&M, &s, e));
  *V = s.v;
  return CT_OK;
}

/* Whether E (elements of b bits) moves exactly L's bits (TCOPY-DEF): bit i
 * of L's value b*w + i is bit i of the element E(t, w), for every (t, w). */
CT_FN static int ct_tc_whole(const ct_layout *L, const ct_layout *E, int64_t T, int64_t Vb, int64_t b) {
  int64_t t, w, i, x, y;
  ct_err e;
  for (t = 0; t < T; ++t)
    for (w = 0; w < Vb / b; ++w) {
      if (ct_l_eval(E, t + T * w, &y, &e) != CT_OK) return 0;
      for (i = 0; i < b; ++i)
        if (ct_l_eval(L, t + T * (b * w + i), &x, &e) != CT_OK || x != b * y + i) return 0;
    }
  return 1;
}

CT_FN ct_code ct_tcopy_atom_tv(const ct_tcopy_atom *a, int which, ct_layout *out, ct_err *e) {
  ct_layout L;
  ct_val n;
  int64_t T, V;
  if (a->st == CT_COPY_ONE && a->trans == CT_COPY_TMA)
    return CT_FAIL(e, CT_ARG_TYPE, "tiled copy: a TMA atom is tiled by make_tma_copy, not make_tiled_copy");
  CT_TRY(ct_copy_tv(a->st, a->num, a->trans, which, &L, e));
  CT_TRY(ct_tc_tv_sizes(&L, &T, &V, e));
  if (a->bits < 1 || V % a->bits != 0)
    return CT_FAIL(e, CT_ARG_TYPE, "tiled copy: %d-bit elements do not divide the atom's %lld bits a thread",
                   a->bits, (long long)V);
  n.v = a->bits;
  n.stat = 1;
  if (ct_upcast(&L, n, out, e) != CT_OK || !ct_tc_whole(&L, out, T, V, a->bits))
    return CT_FAIL(e, CT_ARG_TYPE, "tiled copy: the atom's bits are no whole %d-bit elements (its layout %d)",
                   a->bits, which);
  return CT_OK;
}

/* The mode of L at the path (i) or (i, j). */
CT_FN static ct_code ct_tc_mode(const ct_layout *L, int i, int j, ct_layout *out, ct_err *e) {
  int p[2];
  p[0] = i;
  p[1] = j;
  return ct_l_mode(L, p, j < 0 ? 1 : 2, out, e);
}

CT_FN ct_code ct_tiled_copy_of(const ct_tcopy_atom *a, const ct_layout *TV, int which, ct_layout *out, ct_err *e) {
  ct_layout ref, trg, rinv, X, a0, a1, D0, D1, D, Z, z[4], P, Y, y0, y1, th, va;
  int64_t Ta, Vr, Vt, T, V;
  CT_TRY(ct_tcopy_atom_tv(a, CT_COPY_REF, &ref, e));
  CT_TRY(ct_tcopy_atom_tv(a, which, &trg, e));
  CT_TRY(ct_tc_tv_sizes(&ref, &Ta, &Vr, e));
  CT_TRY(ct_tc_tv_sizes(&trg, &T, &Vt, e));
  CT_TRY(ct_tc_tv_sizes(TV, &T, &V, e));
  /* CuTe's static_asserts "TiledCopy uses too few thrs / vals" */
  if (T % Ta != 0)
    return CT_FAIL(e, CT_ARG_TYPE, "tiled copy: %lld threads are no multiple of the atom's %lld", (long long)T,
                   (long long)Ta);
  if (V % Vr != 0)
    return CT_FAIL(e, CT_ARG_TYPE, "tiled copy: %lld values a thread are no multiple of the atom's %lld", (long long)V,
                   (long long)Vr);
  /* X: (target thread, value) -> the reference's (thread, value) index of the same element (COPY-4) */
  CT_TRY(ct_right_inverse(&ref, &rinv, e));
  CT_TRY(ct_composition(&rinv, &trg, &X, e));
  /* Z = TV o ((Ta, T/Ta), (Vr, V/Vr)): the atom's block and the rest, CuTe's zipped_divide */
  ct_l_set_int(&a0, Ta, 0, 1, 0);
  ct_l_set_int(&a1, T / Ta, 0, Ta, 0);
  CT_TRY(ct_l_concat2(&a0, &a1, &D0, e));
  ct_l_set_int(&a0, Vr, 0, T, 0);
  ct_l_set_int(&a1, V / Vr, 0, T * Vr, 0);
  CT_TRY(ct_l_concat2(&a0, &a1, &D1, e));
  CT_TRY(ct_l_concat2(&D0, &D1, &D, e));
  if (ct_composition(TV, &D, &Z, e) != CT_OK) /* CuTe's zipped_divide fails to compile (static shape_div) */
    return e->code == CT_OVERFLOW
               ? e->code
               : CT_FAIL(e, CT_SHAPE_DIVISIBILITY,
                         "tiled copy: the atom's %lld threads x %lld values do not divide the tiled layout's modes",
                         (long long)Ta, (long long)Vr);
  CT_TRY(ct_tc_mode(&Z, 0, 0, &z[0], e)); /* atom thread */
  CT_TRY(ct_tc_mode(&Z, 0, 1, &z[1], e)); /* rest thread */
  CT_TRY(ct_tc_mode(&Z, 1, 0, &z[2], e)); /* atom value */
  CT_TRY(ct_tc_mode(&Z, 1, 1, &z[3], e)); /* rest value */
  /* Y = (atom thread, atom value) o X: the target's (thread, value) -> tile */
  CT_TRY(ct_l_concat2(&z[0], &z[2], &P, e));
  if (ct_composition(&P, &X, &Y, e) != CT_OK)
    return e->code == CT_OVERFLOW ? e->code
                                  : CT_FAIL(e, CT_SHAPE_DIVISIBILITY,
                                            "tiled copy: the atom's block of the tiled layout does not divide as the "
                                            "atom's right_inverse(ref) o src (or dst) reads it");
  CT_TRY(ct_tc_mode(&Y, 0, -1, &y0, e));
  CT_TRY(ct_tc_mode(&Y, 1, -1, &y1, e));
  CT_TRY(ct_l_concat2(&y0, &z[1], &th, e)); /* threads: t = t_atom + Ta * t_rest */
  CT_TRY(ct_l_concat2(&y1, &z[3], &va, e)); /* values: v = v_atom + Vt * v_rest */
  return ct_l_concat2(&th, &va, out, e);
}

CT_FN ct_code ct_tiled_copy_tv(const ct_tcopy_atom *a, const ct_layout *thr, const ct_layout *val, int which,
                               ct_layout *out, ct_err *e) {
  ct_layout TV;
  CT_TRY(ct_make_layout_tv(thr, val, &TV, e));
  return ct_tiled_copy_of(a, &TV, which, out, e);
}

CT_FN ct_code ct_tiled_copy_tile(const ct_tcopy_atom *a, const ct_layout *thr, const ct_layout *val, ct_tuple *out,
                                 ct_err *e) {
  ct_layout L;
  CT_TRY(ct_tiled_copy_tv(a, thr, val, CT_COPY_REF, &L, e)); /* TCOPY-PRE */
  return ct_make_layout_tv_tiler(thr, val, out, e);
}

CT_FN ct_code ct_tiled_copy_mma_tv(const ct_tcopy_atom *a, const ct_tiled_mma *t, int op, int which, ct_layout *out,
                                   ct_err *e) {
  ct_layout TV;
  CT_TRY(ct_tiled_mma_tv(t, op, &TV, e));
  return ct_tiled_copy_of(a, &TV, which, out, e);
}

CT_FN ct_code ct_tiled_copy_mma_tile(const ct_tcopy_atom *a, const ct_tiled_mma *t, int op, ct_tuple *out,
                                     ct_err *e) {
  ct_layout L, lay;
  int64_t tile[3];
  int r, c, h;
  CT_TRY(ct_tiled_copy_mma_tv(a, t, op, CT_COPY_REF, &L, e)); /* TCOPY-PRE */
  CT_TRY(ct_tiled_mma_check(t, &lay, tile, e));
  ct_tiled_mma_modes(op, &r, &c);
  ct_t_clear(out);
  CT_TRY(ct_t_open(out, &h, e));
  CT_TRY(ct_t_push_int(out, tile[r], 0, e));
  CT_TRY(ct_t_push_int(out, tile[c], 0, e));
  return ct_t_close(out, h, e);
}

/* s * L: L with every stride times s (the composition (cosize(L)):(s) o L). */
CT_FN static ct_code ct_tc_scale(const ct_layout *L, int64_t s, ct_layout *out, ct_err *e) {
  ct_layout x;
  ct_val cs;
  CT_TRY(ct_l_cosize(L, &cs, e));
  ct_l_set_int(&x, cs.v < 1 ? 1 : cs.v, 0, s, 0);
  return ct_composition(&x, L, out, e);
}

CT_FN ct_code ct_tiled_copy_c_atom_parts(const ct_tcopy_atom *a, const ct_tiled_mma *t, ct_layout *TV, ct_layout *t0,
                                         ct_layout *t1, ct_err *e) {
  ct_layout C, W, src, E, x, P, li;
  int64_t T, V, Vs, Ta, tile[3];
  int i;
  CT_TRY(ct_tiled_mma_tv(t, CT_MMA_C, &C, e));
  CT_TRY(ct_tiled_mma_check(t, &W, tile, e));
  CT_TRY(ct_tc_tv_sizes(&C, &T, &V, e));
  CT_TRY(ct_tcopy_atom_tv(a, CT_COPY_SRC, &src, e));
  CT_TRY(ct_tc_tv_sizes(&src, &Ta, &Vs, e));
  if (Vs > V) /* CuTe's CUTE_STATIC_ASSERT_V(copy_V <= size<1>(layoutC_TV)) */
    return CT_FAIL(e, CT_ARG_TYPE, "make_tiled_copy_C_atom: the atom's %lld values exceed the MMA's %lld a thread",
                   (long long)Vs, (long long)V);
  /* W: each thread's first Vs values of C, (T, Vs):(1, T) */
  ct_l_set_int(&x, T, 0, 1, 0);
  ct_l_set_int(&E, Vs, 0, T, 0);
  CT_TRY(ct_l_concat2(&x, &E, &P, e));
  CT_TRY(ct_composition(&C, &P, &W, e));
  /* the rows (columns) W reaches: filter((M, N):(1, 0) o W), filter((M, N):(0, 1) o W) */
  for (i = 0; i < 2; ++i) {
    ct_layout a0, a1;
    ct_l_set_int(&a0, tile[0], 0, i == 0 ? 1 : 0, 0);
    ct_l_set_int(&a1, tile[1], 0, i == 0 ? 0 : 1, 0);
    CT_TRY(ct_l_concat2(&a0, &a1, &E, e));
    CT_TRY(ct_composition(&E, &W, &x, e));
    CT_TRY(ct_filter(&x, i == 0 ? t0 : t1, e));
  }
  /* (t, v) -> the sub-tile's index: left_inverse(tile2mma) o W, tile2mma = (t0, M * t1) */
  CT_TRY(ct_tc_scale(t1, tile[0], &x, e));
  CT_TRY(ct_l_concat2(t0, &x, &P, e));
  CT_TRY(ct_left_inverse(&P, &li, e));
  return ct_composition(&li, &W, TV, e);
}

CT_FN ct_code ct_tiled_copy_c_atom_tv(const ct_tcopy_atom *a, const ct_tiled_mma *t, int which, ct_layout *out,
                                      ct_err *e) {
  ct_layout TV, t0, t1;
  CT_TRY(ct_tiled_copy_c_atom_parts(a, t, &TV, &t0, &t1, e));
  return ct_tiled_copy_of(a, &TV, which, out, e);
}
