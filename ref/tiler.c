/* tiler.c -- the by-mode walk of a tiler (see tiler.h). */
#include "tiler.h"
#include "product.h"
#include "walk.h"

CT_FN static ct_code ct_by_mode_apply(ct_by_mode_op op, const ct_layout *A, const ct_layout *B, ct_layout *out,
                                      ct_err *e) {
  switch (op) {
  case CT_BY_DIVIDE: return ct_logical_divide(A, B, out, e);
  case CT_BY_PRODUCT: return ct_logical_product(A, B, out, e);
  default: return ct_composition(A, B, out, e);
  }
}

CT_FN static const char *ct_by_mode_name(ct_by_mode_op op) {
  return op == CT_BY_DIVIDE ? "logical_divide" : op == CT_BY_PRODUCT ? "logical_product" : "composition";
}

/* The walks' one difference: the modes of A past the tiler's rank are
 * dropped by composition, as CuTe does (COMP-TILER), and kept by divide and
 * product (DIV-TILER, PROD-TILER). */
CT_FN static int ct_by_mode_keeps_rest(ct_by_mode_op op) { return op != CT_BY_COMPOSITION; }

/* Walks the tiler with A's shape as its partner (walk.h): a tuple `<...>`
 * of the tiler is rebuilt, with mode k of A under its element k and A's
 * modes past its rank after them (or dropped); a `_` keeps A's mode whole;
 * a layout (an unmarked tuple too) is applied to A's mode by op. */
CT_FN ct_code ct_by_mode(ct_by_mode_op op, const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e) {
  const ct_node *root = &T->shape.nd[0];
  ct_layout res, Ak, Rk;
  ct_tiler Tk;
  ct_walker w;
  int s, k;
  if (root->kind == CT_ALL) { /* `_`: the whole mode */
    ct_l_copy(out, A);
    return CT_OK;
  }
  if (!(root->kind == CT_TUPLE && root->mark)) return ct_by_mode_apply(op, A, T, out, e);
  ct_t_clear(&res.shape);
  ct_t_clear(&res.stride);
  ct_walk_begin_pair(&w, &T->shape, 0, &A->shape, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    const ct_node *g = &T->shape.nd[w.at];
    const ct_layout *part = A;
    int node = w.pair, at = node, ra = ct_t_rank(&A->shape, node);
    if (s == CT_WALK_OPEN && !g->mark) { /* a layout, applied whole */
      ct_walk_skip(&w);
      s = CT_WALK_LEAF;
    }
    if (s == CT_WALK_OPEN && g->rank > ra)
      return CT_FAIL(e, CT_TOO_MANY_MODES, "%s: the tiler has %d modes, the layout only %d", ct_by_mode_name(op),
                     g->rank, ra);
    if (s == CT_WALK_CLOSE && ct_by_mode_keeps_rest(op))
      for (k = g->rank; k < ra; ++k) {
        CT_TRY(ct_t_push_sub(&res.shape, &A->shape, ct_t_mode(&A->shape, node, k), e));
        CT_TRY(ct_t_push_sub(&res.stride, &A->stride, ct_t_mode(&A->shape, node, k), e));
      }
    CT_TRY(ct_walk_rebuild_layout(&w, s, &res, 0, e));
    if (s != CT_WALK_LEAF) continue;
    if (g->kind != CT_ALL) { /* layout<k>(A) by T_k */
      ct_t_sub(&A->shape, node, &Ak.shape);
      ct_t_sub(&A->stride, node, &Ak.stride);
      ct_t_sub(&T->shape, w.at, &Tk.shape);
      ct_t_sub(&T->stride, w.at, &Tk.stride);
      CT_TRY(ct_by_mode_apply(op, &Ak, &Tk, &Rk, e));
      part = &Rk;
      at = 0;
    }
    CT_TRY(ct_t_push_sub(&res.shape, &part->shape, at, e));
    CT_TRY(ct_t_push_sub(&res.stride, &part->stride, at, e));
  }
  ct_l_copy(out, &res);
  return CT_OK;
}

CT_FN ct_code ct_composition_tiler(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e) {
  return ct_by_mode(CT_BY_COMPOSITION, A, T, out, e);
}

CT_FN ct_code ct_logical_divide_tiler(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e) {
  return ct_by_mode(CT_BY_DIVIDE, A, T, out, e);
}

CT_FN ct_code ct_logical_product_tiler(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e) {
  return ct_by_mode(CT_BY_PRODUCT, A, T, out, e);
}

CT_FN ct_code ct_by_mode_form(ct_by_mode_op op, ct_tile_form form, const ct_layout *A, const ct_tiler *T,
                              ct_layout *out, ct_err *e) {
  ct_layout L, Z;
  CT_TRY(ct_by_mode(op, A, T, &L, e));
  if (form == CT_FORM_ZIPPED) return ct_tile_unzip(&L, T, out, e);
  CT_TRY(ct_tile_unzip(&L, T, &Z, e));
  return ct_tile_unpack(&Z, form == CT_FORM_FLAT, out, e);
}
