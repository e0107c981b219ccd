/* layout.c -- layout queries and reshaping (spec/layout.md). */
#include "layout.h"
#include "ct_arith.h"
#include "walk.h"

/* Whether basis path a is a proper prefix of path b (a, b basis leaves). */
CT_FN static int ct_path_is_prefix(const ct_node *a, const ct_node *b) {
  int k;
  if (a->rank >= b->rank) return 0;
  for (k = 0; k < a->rank; ++k)
    if (ct_basis_index(a, k) != ct_basis_index(b, k)) return 0;
  return 1;
}

/* BASIS-WF (spec/basis.md): the strides of a layout add up in one codomain.
 * Beside a basis stride every integer stride is 0 (the zero of every
 * codomain), and no basis path is a proper prefix of another (a coordinate
 * cannot be an integer and a tuple at once). */
CT_FN ct_code ct_l_check_basis(const ct_tuple *d, ct_err *e) {
  int i, j, first = -1;
  for (i = 0; i < d->n; ++i)
    if (d->nd[i].kind == CT_BASIS && first < 0) first = i;
  if (first < 0) return CT_OK;
  for (i = 0; i < d->n; ++i) {
    const ct_node *a = &d->nd[i];
    if (a->kind == CT_INT && a->v != 0)
      return CT_FAIL(e, CT_BASIS_MISMATCH, "integer stride %lld beside basis strides (only 0 may be)", (long long)a->v);
    if (a->kind != CT_BASIS) continue;
    for (j = 0; j < d->n; ++j)
      if (d->nd[j].kind == CT_BASIS && ct_path_is_prefix(a, &d->nd[j]))
        return CT_FAIL(e, CT_BASIS_MISMATCH, "basis strides whose paths nest: one coordinate would be an integer and a tuple");
  }
  return CT_OK;
}

CT_FN ct_code ct_l_check(const ct_layout *L, ct_err *e) {
  int j;
  if (L->shape.n == 0 || L->stride.n == 0) return CT_FAIL(e, CT_ARG_TYPE, "empty layout");
  if (!ct_t_congruent(&L->shape, 0, &L->stride, 0))
    return CT_FAIL(e, CT_NOT_CONGRUENT, "shape and stride do not have the same nesting");
  for (j = 0; j < L->shape.n; ++j) {
    const ct_node *s = &L->shape.nd[j], *d = &L->stride.nd[j];
    if (s->kind == CT_ALL || d->kind == CT_ALL) return CT_FAIL(e, CT_ARG_TYPE, "`_` inside a layout");
    if (s->kind == CT_BASIS) return CT_FAIL(e, CT_ARG_TYPE, "a basis element in a shape");
    if (s->kind == CT_INT && s->v <= 0)
      return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "shape entry %lld is not positive", (long long)s->v);
  }
  return ct_l_check_basis(&L->stride, e);
}

CT_FN void ct_l_set_int(ct_layout *out, int64_t s, int s_stat, int64_t d, int d_stat) {
  ct_t_set_int(&out->shape, s, s_stat);
  ct_t_set_int(&out->stride, d, d_stat);
}

CT_FN ct_code ct_l_make(const ct_tuple *shape, const ct_tuple *stride, ct_layout *out, ct_err *e) {
  ct_t_sub(shape, 0, &out->shape);
  ct_t_sub(stride, 0, &out->stride);
  return ct_l_check(out, e);
}

/* Shared by LayoutLeft / LayoutRight: visit the leaves forwards or backwards,
 * giving each the running product (NOTE-COMPACT). An overflow of the running
 * product only matters if a later mode needs it as its stride. */
CT_FN static ct_code ct_l_compact(const ct_tuple *shape, int backwards, ct_layout *out, ct_err *e) {
  int k, idx[CT_MAX_NODES], n;
  ct_val cur;
  int ovf = 0;
  /* shape may alias out->shape or out->stride: copy it into out->shape first */
  if (shape != &out->shape) ct_t_copy(&out->shape, shape);
  ct_t_copy(&out->stride, &out->shape);
  n = ct_t_leaves(&out->shape, 0, idx, CT_MAX_NODES);
  cur.v = 1;
  cur.stat = 1;
  for (k = 0; k < n; ++k) {
    int j = idx[backwards ? n - 1 - k : k];
    ct_node *s = &out->shape.nd[j], *d = &out->stride.nd[j];
    if (s->kind != CT_INT) return CT_FAIL(e, CT_ARG_TYPE, "`_` in a shape");
    if (s->v <= 0) return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "shape entry %lld is not positive", (long long)s->v);
    if (s->stat && s->v == 1) { /* static size-1 mode: stride _0, as CuTe */
      d->v = 0;
      d->stat = 1;
      continue;
    }
    if (ovf) return CT_FAIL(e, CT_OVERFLOW, "compact stride overflows int64");
    d->v = cur.v;
    d->stat = (uint8_t)cur.stat;
    if (ct_mul_ovf(cur.v, s->v, &cur.v)) ovf = 1;
    cur.stat = cur.stat && s->stat;
  }
  return CT_OK;
}

CT_FN ct_code ct_l_compact_left(const ct_tuple *shape, ct_layout *out, ct_err *e) {
  return ct_l_compact(shape, 0, out, e);
}

CT_FN ct_code ct_l_compact_right(const ct_tuple *shape, ct_layout *out, ct_err *e) {
  return ct_l_compact(shape, 1, out, e);
}

CT_FN ct_code ct_l_size(const ct_layout *L, ct_val *out, ct_err *e) {
  return ct_t_product(&L->shape, 0, out, e);
}

CT_FN ct_code ct_l_cosize(const ct_layout *L, ct_val *out, ct_err *e) {
  int j;
  if (ct_t_has_basis(&L->stride, 0)) /* VALUE-STRIDE: spec/basis.md defines it (ct_basis_cosize) */
    return CT_FAIL(e, CT_ARG_TYPE, "cosize of a layout with basis strides: see ct_basis_cosize");
  out->v = 1;
  out->stat = 1;
  for (j = 0; j < L->shape.n; ++j) {
    const ct_node *s = &L->shape.nd[j], *d = &L->stride.nd[j];
    int64_t ad, term;
    if (s->kind != CT_INT) continue;
    else if (ct_abs_ovf(d->v, &ad)) return CT_FAIL(e, CT_OVERFLOW, "cosize overflows int64");
    if (ct_mul_ovf(s->v - 1, ad, &term) || ct_add_ovf(out->v, term, &out->v))
      return CT_FAIL(e, CT_OVERFLOW, "cosize overflows int64");
    out->stat = out->stat && s->stat && d->stat;
  }
  return CT_OK;
}

CT_FN static ct_code ct_at_path(const ct_tuple *t, const int *path, int npath, int *node, ct_err *e) {
  int k, i = 0;
  for (k = 0; k < npath; ++k) {
    int m = ct_t_mode(t, i, path[k]);
    if (m < 0) return CT_FAIL(e, CT_INDEX_OUT_OF_RANGE, "mode %d does not exist (rank %d)", path[k], ct_t_rank(t, i));
    i = m;
  }
  *node = i;
  return CT_OK;
}

CT_FN ct_code ct_l_mode(const ct_layout *L, const int *path, int npath, ct_layout *out, ct_err *e) {
  int i = 0; /* set by ct_at_path; initialized for -Wmaybe-uninitialized once inlined */
  CT_TRY(ct_at_path(&L->shape, path, npath, &i, e));
  ct_t_sub(&L->shape, i, &out->shape);
  ct_t_sub(&L->stride, i, &out->stride);
  return CT_OK;
}

CT_FN ct_code ct_l_mode_size(const ct_layout *L, int i, int64_t *n, ct_err *e) {
  ct_layout M;
  ct_val s;
  CT_TRY(ct_l_mode(L, &i, 1, &M, e));
  CT_TRY(ct_l_size(&M, &s, e));
  *n = s.v;
  return CT_OK;
}

CT_FN ct_code ct_t_get(const ct_tuple *t, const int *path, int npath, ct_tuple *out, ct_err *e) {
  int i;
  CT_TRY(ct_at_path(t, path, npath, &i, e));
  ct_t_sub(t, i, out);
  return CT_OK;
}

/* Adds the offset of the integer coordinate cn against node il of L into
 * acc: cn is split colexicographically over the leaves below il. */
CT_FN static ct_code ct_crd_int(const ct_node *cn, const ct_layout *L, int il, ct_val *acc, ct_err *e) {
  int idx[CT_MAX_NODES], n, k;
  int64_t v = cn->v;
  if (v < 0) return CT_FAIL(e, CT_COORD_OUT_OF_RANGE, "negative coordinate %lld", (long long)v);
  n = ct_t_leaves(&L->shape, il, idx, CT_MAX_NODES);
  for (k = 0; k < n; ++k) {
    int j = idx[k];
    int64_t ck = v, term;
    if (k + 1 < n) { /* colexicographic split; the last leaf is not reduced */
      ck = v % L->shape.nd[j].v;
      v = v / L->shape.nd[j].v;
    }
    if (ct_mul_ovf(ck, L->stride.nd[j].v, &term) || ct_add_ovf(acc->v, term, &acc->v))
      return CT_FAIL(e, CT_OVERFLOW, "offset overflows int64");
    acc->stat = acc->stat && cn->stat && L->stride.nd[j].stat && L->shape.nd[j].stat;
  }
  return CT_OK;
}

/* Adds the offset of coordinate c against L into acc: c walked with L's
 * shape as its partner, a tuple of c matching the shape's rank there.
 * `zero_all` reads `_` as 0 (slice offsets). */
CT_FN static ct_code ct_crd_offset(const ct_tuple *c, const ct_layout *L, int zero_all, ct_val *acc, ct_err *e) {
  ct_walker w;
  int s;
  ct_walk_begin_pair(&w, c, 0, &L->shape, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    const ct_node *cn = &c->nd[w.at];
    int il = w.pair;
    if (s == CT_WALK_CLOSE || (cn->kind == CT_ALL && zero_all)) continue;
    if (cn->kind == CT_ALL) return CT_FAIL(e, CT_ARG_TYPE, "`_` in a coordinate: use slice");
    if (cn->kind == CT_INT) {
      CT_TRY(ct_crd_int(cn, L, il, acc, e));
      continue;
    }
    if (L->shape.nd[il].kind != CT_TUPLE || L->shape.nd[il].rank != cn->rank)
      return CT_FAIL(e, CT_COORD_MISMATCH, "a coordinate of rank %d for a mode of rank %d", cn->rank,
                     ct_t_rank(&L->shape, il));
  }
  return CT_OK;
}

CT_FN ct_code ct_crd2idx(const ct_tuple *c, const ct_layout *L, ct_val *out, ct_err *e) {
  if (ct_t_has_basis(&L->stride, 0)) /* its values are tuples: ct_basis_eval (spec/basis.md) */
    return CT_FAIL(e, CT_ARG_TYPE, "an integer offset of a layout with basis strides: see ct_basis_eval");
  out->v = 0;
  out->stat = 1;
  return ct_crd_offset(c, L, 0, out, e);
}

CT_FN ct_code ct_l_eval_basis(ct_err *e) {
  return CT_FAIL(e, CT_ARG_TYPE, "an integer offset of a layout with basis strides: see ct_basis_eval");
}

/* IDX2CRD: the colexicographic split of any i >= 0, the last leaf keeping
 * the rest unreduced, so that crd2idx (LAYOUT-EVAL) takes it back to i past
 * the size too (LAYOUT-3). */
CT_FN ct_code ct_idx2crd(int64_t i, const ct_tuple *shape, ct_tuple *out, ct_err *e) {
  int j, last = -1;
  if (i < 0) return CT_FAIL(e, CT_COORD_OUT_OF_RANGE, "negative index %lld", (long long)i);
  ct_t_sub(shape, 0, out);
  for (j = 0; j < out->n; ++j)
    if (out->nd[j].kind == CT_INT) last = j;
  if (last < 0 && i > 0) /* no leaf to carry the rest */
    return CT_FAIL(e, CT_COORD_OUT_OF_RANGE, "index %lld past the size 1 of a shape with no leaves", (long long)i);
  for (j = 0; j < out->n; ++j) {
    int k = j;
    ct_node *nd = &out->nd[k];
    if (nd->kind != CT_INT) continue;
    nd->stat = 0;
    if (k == last) nd->v = i; /* the rest, not reduced */
    else nd->v = ct_divmod(i, nd->v, &i); /* i mod s, and i / s is left for the next leaf */
  }
  return CT_OK;
}

CT_FN ct_code ct_l_concat(const ct_layout *const *ls, int n, ct_layout *out, ct_err *e) {
  int k, hs, hd;
  ct_layout r;
  ct_t_clear(&r.shape);
  ct_t_clear(&r.stride);
  CT_TRY(ct_t_open(&r.shape, &hs, e));
  CT_TRY(ct_t_open(&r.stride, &hd, e));
  for (k = 0; k < n; ++k) {
    CT_TRY(ct_t_push_sub(&r.shape, &ls[k]->shape, 0, e));
    CT_TRY(ct_t_push_sub(&r.stride, &ls[k]->stride, 0, e));
  }
  CT_TRY(ct_t_close(&r.shape, hs, e));
  CT_TRY(ct_t_close(&r.stride, hd, e));
  CT_TRY(ct_l_check_basis(&r.stride, e)); /* BASIS-WF-BUILD: the parts may clash */
  ct_l_copy(out, &r);
  return CT_OK;
}

CT_FN ct_code ct_l_concat2(const ct_layout *a, const ct_layout *b, ct_layout *out, ct_err *e) {
  const ct_layout *two[2];
  two[0] = a;
  two[1] = b;
  return ct_l_concat(two, 2, out, e);
}

/* out := the tuple of modes[0..n) of L (each a node index into L's trees),
 * with x (if given) inserted at position `at`. */
CT_FN static ct_code ct_l_build(const ct_layout *L, const int *nodes, int n, const ct_layout *x, int at,
                                ct_layout *out, ct_err *e) {
  int k, hs, hd;
  ct_layout r;
  ct_t_clear(&r.shape);
  ct_t_clear(&r.stride);
  CT_TRY(ct_t_open(&r.shape, &hs, e));
  CT_TRY(ct_t_open(&r.stride, &hd, e));
  for (k = 0; k <= n; ++k) {
    if (x && k == at) {
      CT_TRY(ct_t_push_sub(&r.shape, &x->shape, 0, e));
      CT_TRY(ct_t_push_sub(&r.stride, &x->stride, 0, e));
    }
    if (k == n) break;
    CT_TRY(ct_t_push_sub(&r.shape, &L->shape, nodes[k], e));
    CT_TRY(ct_t_push_sub(&r.stride, &L->stride, nodes[k], e));
  }
  CT_TRY(ct_t_close(&r.shape, hs, e));
  CT_TRY(ct_t_close(&r.stride, hd, e));
  if (x) CT_TRY(ct_l_check_basis(&r.stride, e)); /* BASIS-WF-BUILD: x may clash with L */
  ct_l_copy(out, &r);
  return CT_OK;
}

/* The node of each top-level mode (ct_t_mode of k = 0, 1, ...), walked
 * sibling to sibling rather than from the first child for every k. */
CT_FN static int ct_l_modes(const ct_layout *L, int *nodes) {
  int k, r = ct_l_rank(L);
  if (!ct_t_is_tuple(&L->shape, 0)) {
    nodes[0] = 0; /* an integer is its own mode 0 */
    return r;
  }
  for (k = 0; k < r; ++k) nodes[k] = k == 0 ? 1 : nodes[k - 1] + L->shape.nd[nodes[k - 1]].span;
  return r;
}

CT_FN ct_code ct_l_append(const ct_layout *L, const ct_layout *x, ct_layout *out, ct_err *e) {
  int nodes[CT_MAX_RANK + 1], r = ct_l_modes(L, nodes);
  return ct_l_build(L, nodes, r, x, r, out, e);
}

CT_FN ct_code ct_l_prepend(const ct_layout *L, const ct_layout *x, ct_layout *out, ct_err *e) {
  int nodes[CT_MAX_RANK + 1], r = ct_l_modes(L, nodes);
  return ct_l_build(L, nodes, r, x, 0, out, e);
}

CT_FN ct_code ct_l_flatten(const ct_layout *L, ct_layout *out, ct_err *e) {
  ct_layout r;
  CT_TRY(ct_t_flatten(&L->shape, &r.shape, e));
  CT_TRY(ct_t_flatten(&L->stride, &r.stride, e));
  ct_l_copy(out, &r);
  return CT_OK;
}

CT_FN static ct_code ct_range_check(int b, int e_, int r, ct_err *e) {
  if (b < 0 || e_ > r || b >= e_)
    return CT_FAIL(e, CT_INDEX_OUT_OF_RANGE, "mode range [%d,%d) is empty or outside [0,%d)", b, e_, r);
  return CT_OK;
}

CT_FN ct_code ct_l_take(const ct_layout *L, int b, int e_, ct_layout *out, ct_err *e) {
  int nodes[CT_MAX_RANK + 1], r = ct_l_modes(L, nodes);
  CT_TRY(ct_range_check(b, e_, r, e));
  return ct_l_build(L, nodes + b, e_ - b, 0, 0, out, e);
}

CT_FN ct_code ct_l_group(const ct_layout *L, int b, int e_, ct_layout *out, ct_err *e) {
  int nodes[CT_MAX_RANK + 1], r = ct_l_modes(L, nodes);
  ct_layout mid;
  CT_TRY(ct_range_check(b, e_, r, e));
  CT_TRY(ct_l_build(L, nodes + b, e_ - b, 0, 0, &mid, e));
  {
    int rest[CT_MAX_RANK + 1], k, m = 0;
    for (k = 0; k < r; ++k)
      if (k < b || k >= e_) rest[m++] = nodes[k];
    return ct_l_build(L, rest, m, &mid, b, out, e);
  }
}

CT_FN ct_code ct_l_select(const ct_layout *L, const int *modes, int n, ct_layout *out, ct_err *e) {
  int nodes[CT_MAX_RANK + 1], sel[CT_MAX_RANK + 1], r = ct_l_modes(L, nodes), k;
  if (n > CT_MAX_RANK) return CT_FAIL(e, CT_RANK_LIMIT, "select of %d modes", n);
  for (k = 0; k < n; ++k) {
    if (modes[k] < 0 || modes[k] >= r)
      return CT_FAIL(e, CT_INDEX_OUT_OF_RANGE, "mode %d does not exist (rank %d)", modes[k], r);
    sel[k] = nodes[modes[k]];
  }
  return ct_l_build(L, sel, n, 0, 0, out, e);
}

/* Collects into r the modes of L selected by the coordinate tuple c, walked
 * with L's shape as its partner: keep_all selects `_` entries (slice),
 * otherwise integer entries (dice). */
CT_FN static ct_code ct_cut_modes(const ct_tuple *c, const ct_layout *L, int keep_all, ct_layout *r, ct_err *e) {
  ct_walker w;
  int s;
  ct_walk_begin_pair(&w, c, 0, &L->shape, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    const ct_node *cn = &c->nd[w.at];
    int il = w.pair;
    if (s == CT_WALK_OPEN && (L->shape.nd[il].kind != CT_TUPLE || L->shape.nd[il].rank != cn->rank))
      return CT_FAIL(e, CT_COORD_MISMATCH, "a coordinate of rank %d for a mode of rank %d", cn->rank,
                     ct_t_rank(&L->shape, il));
    if (s != CT_WALK_LEAF) continue;
    if (cn->kind == CT_INT && cn->v < 0)
      return CT_FAIL(e, CT_COORD_OUT_OF_RANGE, "negative coordinate %lld", (long long)cn->v);
    if ((cn->kind == CT_ALL) == (keep_all != 0)) {
      CT_TRY(ct_t_push_sub(&r->shape, &L->shape, il, e));
      CT_TRY(ct_t_push_sub(&r->stride, &L->stride, il, e));
    }
  }
  return CT_OK;
}

CT_FN static ct_code ct_l_cut(const ct_tuple *c, const ct_layout *L, int keep_all, ct_layout *out, ct_err *e) {
  int hs, hd;
  ct_layout r;
  if (c->nd[0].kind != CT_TUPLE && (c->nd[0].kind == CT_ALL) == (keep_all != 0)) {
    ct_l_copy(out, L); /* the whole layout is kept */
    return CT_OK;
  }
  ct_t_clear(&r.shape);
  ct_t_clear(&r.stride);
  CT_TRY(ct_t_open(&r.shape, &hs, e));
  CT_TRY(ct_t_open(&r.stride, &hd, e));
  if (c->nd[0].kind == CT_TUPLE) CT_TRY(ct_cut_modes(c, L, keep_all, &r, e));
  CT_TRY(ct_t_close(&r.shape, hs, e));
  CT_TRY(ct_t_close(&r.stride, hd, e));
  ct_l_copy(out, &r);
  return CT_OK;
}

CT_FN ct_code ct_l_slice(const ct_tuple *c, const ct_layout *L, ct_layout *out, ct_err *e) {
  return ct_l_cut(c, L, 1, out, e);
}

CT_FN ct_code ct_l_dice(const ct_tuple *c, const ct_layout *L, ct_layout *out, ct_err *e) {
  return ct_l_cut(c, L, 0, out, e);
}

CT_FN ct_code ct_l_slice_offset(const ct_tuple *c, const ct_layout *L, int64_t *out, ct_err *e) {
  ct_val acc;
  acc.v = 0;
  acc.stat = 1;
  CT_TRY(ct_crd_offset(c, L, 1, &acc, e));
  *out = acc.v;
  return CT_OK;
}

CT_FN int ct_l_equal(const ct_layout *a, const ct_layout *b, int with_marks) {
  return ct_t_equal(&a->shape, 0, &b->shape, 0, with_marks) && ct_t_equal(&a->stride, 0, &b->stride, 0, with_marks);
}
