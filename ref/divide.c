/* divide.c -- logical_divide, zipped_divide, tiled_divide, flat_divide
 * (spec/divide.md).
 *
 * A / B splits A into two modes: the elements B points to (the tile, A o B)
 * and the repetitions of that tile (A o B*), where B* = complement(B,
 * size(A)) is the layout of B's repetitions [CuTe], [Shah, Def. 2.22]. It is
 * built only from concatenation, composition and complement, so it is
 * admissible exactly when they are: their errors propagate unchanged. The
 * zipped/tiled/flat forms only move modes of logical_divide's result. */
#include "divide.h"
#include "walk.h"

/* DIV-1: composition(A, make_layout(B, complement(B, size(A)))). */
CT_FN ct_code ct_logical_divide(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e) {
  ct_val n;
  ct_tuple cot;
  ct_layout rest, both;
  const ct_layout *parts[2];
  CT_TRY(ct_l_size(A, &n, e));
  ct_t_set_int(&cot, n.v, n.stat);
  CT_TRY(ct_complement(B, &cot, &rest, e)); /* rounds up: a ragged last tile */
  parts[0] = B;
  parts[1] = &rest;
  CT_TRY(ct_l_concat(parts, 2, &both, e));
  return ct_composition(A, &both, out, e);
}

/* Appends node i of L (both trees) as the next element of the tuple being
 * built in out. */
CT_FN static ct_code ct_div_push(ct_layout *out, const ct_layout *L, int i, ct_err *e) {
  CT_TRY(ct_t_push_sub(&out->shape, &L->shape, i, e));
  return ct_t_push_sub(&out->stride, &L->stride, i, e);
}

CT_FN static ct_code ct_div_open(ct_layout *out, int *hs, int *hd, ct_err *e) {
  CT_TRY(ct_t_open(&out->shape, hs, e));
  return ct_t_open(&out->stride, hd, e);
}

CT_FN static ct_code ct_div_close(ct_layout *out, int hs, int hd, ct_err *e) {
  CT_TRY(ct_t_close(&out->shape, hs, e));
  return ct_t_close(&out->stride, hd, e);
}

/* What a leaf g of the tiler (a `_` or a layout) makes of mode il of L. */
CT_FN static ct_code ct_unzip_leaf(const ct_layout *L, int il, const ct_node *g, ct_layout *F, ct_layout *S,
                                   ct_err *e) {
  if (g->kind == CT_ALL) { /* the whole mode is the tile; one repetition */
    CT_TRY(ct_div_push(F, L, il, e));
    CT_TRY(ct_t_push_int(&S->shape, 1, 1, e));
    return ct_t_push_int(&S->stride, 0, 1, e);
  }
  /* a layout: L has (first, second) here */
  if (L->shape.nd[il].kind != CT_TUPLE || L->shape.nd[il].rank != 2)
    return CT_FAIL(e, CT_BAD_PROFILE, "tile_unzip: expected a (first, second) mode where the tiler has a layout");
  CT_TRY(ct_div_push(F, L, ct_t_child(&L->shape, il, 0), e));
  return ct_div_push(S, L, ct_t_child(&L->shape, il, 1), e);
}

/* zip2_by: walks the tiler with L's shape as its partner, appending the
 * first parts to F and the second parts to S. A tuple `<...>` of the tiler
 * is rebuilt in both, the modes of L past its rank going to S; a layout of
 * the tiler (an unmarked tuple too) is a leaf of the walk. */
CT_FN static ct_code ct_unzip(const ct_layout *L, const ct_tiler *T, ct_layout *F, ct_layout *S, ct_err *e) {
  ct_walker w;
  int s;
  ct_walk_begin_pair(&w, &T->shape, 0, &L->shape, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    const ct_node *g = &T->shape.nd[w.at];
    int il = w.pair, k, rl = ct_t_rank(&L->shape, il);
    if (s == CT_WALK_OPEN && !g->mark) { /* a layout, taken whole */
      ct_walk_skip(&w);
      s = CT_WALK_LEAF;
    }
    if (s == CT_WALK_LEAF) {
      CT_TRY(ct_unzip_leaf(L, il, g, F, S, e));
      continue;
    }
    if (s == CT_WALK_OPEN && g->rank > rl)
      return CT_FAIL(e, CT_TOO_MANY_MODES, "tile_unzip: the tiler has %d modes, the layout only %d", g->rank, rl);
    if (s == CT_WALK_CLOSE)
      for (k = g->rank; k < rl; ++k) CT_TRY(ct_div_push(S, L, ct_t_mode(&L->shape, il, k), e));
    CT_TRY(ct_walk_rebuild_layout(&w, s, F, 0, e));
    CT_TRY(ct_walk_rebuild_layout(&w, s, S, 2, e));
  }
  return CT_OK;
}

CT_FN ct_code ct_tile_unzip(const ct_layout *L, const ct_tiler *T, ct_layout *out, ct_err *e) {
  ct_layout F, S;
  const ct_layout *parts[2];
  ct_t_clear(&F.shape);
  ct_t_clear(&F.stride);
  ct_t_clear(&S.shape);
  ct_t_clear(&S.stride);
  CT_TRY(ct_unzip(L, T, &F, &S, e));
  parts[0] = &F;
  parts[1] = &S;
  return ct_l_concat(parts, 2, out, e);
}

CT_FN ct_code ct_tile_unpack(const ct_layout *L, int unpack_first, ct_layout *out, ct_err *e) {
  int m, k, hs, hd;
  ct_layout res;
  if (ct_l_rank(L) != 2 || L->shape.nd[0].kind != CT_TUPLE)
    return CT_FAIL(e, CT_BAD_PROFILE, "tile_unpack: expected a rank-2 layout (first, second)");
  ct_t_clear(&res.shape);
  ct_t_clear(&res.stride);
  CT_TRY(ct_div_open(&res, &hs, &hd, e));
  for (m = 0; m < 2; ++m) {
    int im = ct_t_child(&L->shape, 0, m);
    if (m == 0 && !unpack_first) {
      CT_TRY(ct_div_push(&res, L, im, e));
      continue;
    }
    for (k = 0; k < ct_t_rank(&L->shape, im); ++k) CT_TRY(ct_div_push(&res, L, ct_t_mode(&L->shape, im, k), e));
  }
  CT_TRY(ct_div_close(&res, hs, hd, e));
  ct_l_copy(out, &res);
  return CT_OK;
}

/* DIV-6, DIV-8: the regroupings of the by-mode divide (ref/tiler.c). */
CT_FN ct_code ct_zipped_divide(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e) {
  return ct_by_mode_form(CT_BY_DIVIDE, CT_FORM_ZIPPED, A, T, out, e);
}

CT_FN ct_code ct_tiled_divide(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e) {
  return ct_by_mode_form(CT_BY_DIVIDE, CT_FORM_TILED, A, T, out, e);
}

CT_FN ct_code ct_flat_divide(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e) {
  return ct_by_mode_form(CT_BY_DIVIDE, CT_FORM_FLAT, A, T, out, e);
}
