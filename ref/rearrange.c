/* rearrange.c -- spec/rearrange.md. Every result is built node by node
 * from subtrees of the arguments (no recursion, no layout arrays). */
#include "rearrange.h"
#include "walk.h"

/* Pushes the subtree of L at node i as the next mode of out. */
CT_FN static ct_code ct_push_mode(ct_layout *out, const ct_layout *L, int i, ct_err *e) {
  CT_TRY(ct_t_push_sub(&out->shape, &L->shape, i, e));
  return ct_t_push_sub(&out->stride, &L->stride, i, e);
}

CT_FN static ct_code ct_open2(ct_layout *r, int *hs, int *hd, ct_err *e) {
  CT_TRY(ct_t_open(&r->shape, hs, e));
  return ct_t_open(&r->stride, hd, e);
}

CT_FN static ct_code ct_close2(ct_layout *r, int hs, int hd, ct_err *e) {
  CT_TRY(ct_t_close(&r->shape, hs, e));
  return ct_t_close(&r->stride, hd, e);
}

/* The modes of L, padded with x to rank N at the back (back=1) or front. */
CT_FN static ct_code ct_pad(const ct_layout *L, int N, const ct_layout *x, int back, const char *op, ct_layout *out,
                            ct_err *e) {
  int r = ct_l_rank(L), tup = ct_t_is_tuple(&L->shape, 0), k, hs, hd;
  ct_layout R;
  if (N < r || N < 1)
    return CT_FAIL(e, CT_INDEX_OUT_OF_RANGE, "%s<%d>: the layout has rank %d, more than %d", op, N, r, N);
  if (N == r) { /* REARR-1: nothing to pad */
    ct_l_copy(out, L);
    return CT_OK;
  }
  ct_t_clear(&R.shape);
  ct_t_clear(&R.stride);
  CT_TRY(ct_open2(&R, &hs, &hd, e));
  if (!back)
    for (k = 0; k < N - r; ++k) CT_TRY(ct_push_mode(&R, x, 0, e));
  if (tup)
    for (k = 0; k < r; ++k) CT_TRY(ct_push_mode(&R, L, ct_t_child(&L->shape, 0, k), e));
  else
    CT_TRY(ct_push_mode(&R, L, 0, e));
  if (back)
    for (k = 0; k < N - r; ++k) CT_TRY(ct_push_mode(&R, x, 0, e));
  CT_TRY(ct_close2(&R, hs, hd, e));
  ct_l_copy(out, &R);
  return CT_OK;
}

CT_FN ct_code ct_l_append_n(const ct_layout *L, int N, const ct_layout *x, ct_layout *out, ct_err *e) {
  CT_TRY(ct_pad(L, N, x, 1, "append", out, e));
  return ct_l_check_basis(&out->stride, e); /* BASIS-WF-BUILD: x may clash with L */
}

CT_FN ct_code ct_l_prepend_n(const ct_layout *L, int N, const ct_layout *x, ct_layout *out, ct_err *e) {
  CT_TRY(ct_pad(L, N, x, 0, "prepend", out, e));
  return ct_l_check_basis(&out->stride, e); /* BASIS-WF-BUILD: x may clash with L */
}

CT_FN ct_code ct_l_replace(const ct_layout *L, int N, const ct_layout *x, ct_layout *out, ct_err *e) {
  int r = ct_l_rank(L), k, hs, hd;
  ct_layout R;
  if (N < 0 || N >= r) return CT_FAIL(e, CT_INDEX_OUT_OF_RANGE, "replace<%d>: the layout has rank %d", N, r);
  if (!ct_t_is_tuple(&L->shape, 0)) { /* N == 0 */
    ct_l_copy(out, x);
    return CT_OK;
  }
  ct_t_clear(&R.shape);
  ct_t_clear(&R.stride);
  CT_TRY(ct_open2(&R, &hs, &hd, e));
  for (k = 0; k < r; ++k) {
    if (k == N) CT_TRY(ct_push_mode(&R, x, 0, e));
    else CT_TRY(ct_push_mode(&R, L, ct_t_child(&L->shape, 0, k), e));
  }
  CT_TRY(ct_close2(&R, hs, hd, e));
  CT_TRY(ct_l_check_basis(&R.stride, e)); /* BASIS-WF-BUILD: x may clash with L's other modes */
  ct_l_copy(out, &R);
  return CT_OK;
}

CT_FN ct_code ct_l_zip(const ct_layout *L, ct_layout *out, ct_err *e) {
  int r = ct_l_rank(L), q, i, j, hs, hd, hs2, hd2;
  ct_layout R;
  if (!ct_t_is_tuple(&L->shape, 0) || r == 0) { /* REARR-4: nothing to zip */
    ct_l_copy(out, L);
    return CT_OK;
  }
  ct_t_clear(&R.shape);
  ct_t_clear(&R.stride);
  CT_TRY(ct_open2(&R, &hs, &hd, e));
  if (!ct_t_is_tuple(&L->shape, ct_t_child(&L->shape, 0, 0))) { /* mode 0 no tuple: (L) */
    CT_TRY(ct_push_mode(&R, L, 0, e));
  } else {
    q = ct_t_rank(&L->shape, ct_t_child(&L->shape, 0, 0));
    for (i = 0; i < r; ++i) {
      int c = ct_t_child(&L->shape, 0, i);
      if (!ct_t_is_tuple(&L->shape, c) || L->shape.nd[c].rank != q)
        return CT_FAIL(e, CT_BAD_PROFILE, "zip: mode %d is not a tuple of rank %d, as mode 0 is", i, q);
    }
    for (j = 0; j < q; ++j) {
      CT_TRY(ct_open2(&R, &hs2, &hd2, e));
      for (i = 0; i < r; ++i) CT_TRY(ct_push_mode(&R, L, ct_t_child(&L->shape, ct_t_child(&L->shape, 0, i), j), e));
      CT_TRY(ct_close2(&R, hs2, hd2, e));
    }
  }
  CT_TRY(ct_close2(&R, hs, hd, e));
  ct_l_copy(out, &R);
  return CT_OK;
}

CT_FN ct_code ct_l_unflatten(const ct_layout *L, const ct_tuple *P, ct_layout *out, ct_err *e) {
  int leaves[CT_MAX_NODES], n = ct_t_leaves(&L->shape, 0, leaves, CT_MAX_NODES), used = 0, s;
  ct_layout R;
  ct_walker w;
  if (ct_l_depth(L) > 1) return CT_FAIL(e, CT_BAD_PROFILE, "unflatten: the layout is not flat (depth %d)", ct_l_depth(L));
  ct_t_clear(&R.shape);
  ct_t_clear(&R.stride);
  ct_walk_begin(&w, P, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) { /* P's tuples, and a leaf of L at each of its leaves */
    CT_TRY(ct_walk_rebuild_layout(&w, s, &R, 0, e));
    if (s != CT_WALK_LEAF) continue;
    if (used >= n) return CT_FAIL(e, CT_BAD_PROFILE, "unflatten: the profile has more leaves than the layout's %d", n);
    CT_TRY(ct_push_mode(&R, L, leaves[used++], e));
  }
  if (used != n) return CT_FAIL(e, CT_BAD_PROFILE, "unflatten: the profile has %d leaves, the layout %d", used, n);
  ct_l_copy(out, &R);
  return CT_OK;
}

CT_FN ct_code ct_t_product_each(const ct_tuple *S, ct_tuple *out, ct_err *e) {
  int r = ct_t_rank(S, 0), k, h;
  ct_val v;
  ct_t_clear(out);
  if (ct_t_has_all(S, 0)) return CT_FAIL(e, CT_ARG_TYPE, "product_each: `_` in the shape");
  CT_TRY(ct_t_open(out, &h, e));
  for (k = 0; k < r; ++k) {
    CT_TRY(ct_t_product(S, ct_t_is_tuple(S, 0) ? ct_t_child(S, 0, k) : 0, &v, e));
    CT_TRY(ct_t_push_int(out, v.v, v.stat, e));
  }
  return ct_t_close(out, h, e);
}
