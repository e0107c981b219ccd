/* tiler.c -- the by-mode walk of a tiler (see tiler.h). */
#include "tiler.h"
#include "product.h"

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

/* Recursion follows the tiler's nesting (<= CT_MAX_DEPTH). It builds in its
 * own locals and writes out, a caller's local, by ct_l_copy_ext (inttuple.h). */
CT_FN ct_code ct_by_mode(ct_by_mode_op op, const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e) {
  const ct_node *root = &T->shape.nd[0];
  int k, r = root->rank, ra = ct_l_rank(A), hs, hd, node = 0, tk = 0;
  ct_layout res, Ak, Rk;
  ct_tiler Tk;
  if (root->kind == CT_ALL) { /* `_`: the whole mode */
    ct_l_copy_ext(out, A);
    return CT_OK;
  }
  if (!(root->kind == CT_TUPLE && root->mark)) return ct_by_mode_apply(op, A, T, out, e);
  if (r > ra)
    return CT_FAIL(e, CT_TOO_MANY_MODES, "%s: the tiler has %d modes, the layout only %d", ct_by_mode_name(op), r, ra);
  ct_t_clear(&res.shape);
  ct_t_clear(&res.stride);
  CT_TRY(ct_t_open(&res.shape, &hs, e));
  CT_TRY(ct_t_open(&res.stride, &hd, e));
  for (k = 0; k < ra && (k < r || ct_by_mode_keeps_rest(op)); ++k) {
    const ct_layout *part = A;
    int at;
    /* mode k of A and T: ct_t_mode(.., 0, k), walked sibling to sibling */
    node = k == 0 ? ct_t_mode(&A->shape, 0, 0) : node + A->shape.nd[node].span;
    at = node;
    if (k < r) { /* layout<k>(A) by T_k */
      tk = k == 0 ? 1 : tk + T->shape.nd[tk].span;
      ct_t_sub(&A->shape, node, &Ak.shape);
      ct_t_sub(&A->stride, node, &Ak.stride);
      ct_t_sub(&T->shape, tk, &Tk.shape);
      ct_t_sub(&T->stride, tk, &Tk.stride);
      CT_TRY(ct_by_mode(op, &Ak, &Tk, &Rk, e));
      part = &Rk;
      at = 0;
    }
    CT_TRY(ct_t_push_sub(&res.shape, &part->shape, at, e));
    CT_TRY(ct_t_push_sub(&res.stride, &part->stride, at, e));
  }
  CT_TRY(ct_t_close(&res.shape, hs, e));
  CT_TRY(ct_t_close(&res.stride, hd, e));
  ct_l_copy_ext(out, &res);
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
