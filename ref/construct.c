/* construct.c -- layout constructors (spec/construct.md). */
#include "construct.h"
#include "ct_arith.h"

/* --- the common core: compact strides for groups of leaves in an order -------
 *
 * A group is the sub-shape at node gnode[k] of `shape`, sorted by (key[k], k):
 * ties go by position. Group k starts at scale * (the sizes of the groups
 * before it) and lays its leaves out column-major from there; a static _1
 * leaf gets stride _0 (CuTe's compact_col_major). Skipped groups neither get
 * a stride nor count in the sizes. `stride` must already be congruent to
 * `shape`: only its leaves in the groups are written. An overflow only
 * matters where a stride needs it. */
CT_FN static int ct_before(const int64_t *key, int q, int k) {
  return key[q] < key[k] || (key[q] == key[k] && q < k);
}

CT_FN static ct_code ct_ordered_strides(const ct_tuple *shape, const int *gnode, const int64_t *key,
                                        const uint8_t *skip, int m, ct_val scale, const char *op, ct_tuple *stride,
                                        ct_err *e) {
  int k, q, j;
  for (k = 0; k < m; ++k) {
    ct_val cur = scale;
    int ovf = 0;
    if (skip && skip[k]) continue;
    for (q = 0; q < m; ++q) { /* start = scale * sizes of the groups before k */
      ct_val p;
      ct_err ignore;
      if ((skip && skip[q]) || !ct_before(key, q, k)) continue;
      if (ct_t_product(shape, gnode[q], &p, &ignore) != CT_OK || ct_mul_ovf(cur.v, p.v, &cur.v)) ovf = 1;
      cur.stat = cur.stat && p.stat;
    }
    for (j = gnode[k]; j < gnode[k] + shape->nd[gnode[k]].span; ++j) { /* column-major inside the group */
      const ct_node *s = &shape->nd[j];
      ct_node *d = &stride->nd[j];
      if (s->kind != CT_INT) continue;
      if (s->stat && s->v == 1) {
        d->v = 0;
        d->stat = 1;
        continue;
      }
      if (ovf) return CT_FAIL(e, CT_OVERFLOW, "%s: a compact stride overflows int64", op);
      d->v = cur.v;
      d->stat = (uint8_t)(cur.stat ? 1 : 0);
      if (ct_mul_ovf(cur.v, s->v, &cur.v)) ovf = 1;
      cur.stat = cur.stat && s->stat;
    }
  }
  return CT_OK;
}

/* A shape: integers >= 1 only. */
CT_FN static ct_code ct_check_shape(const ct_tuple *shape, const char *op, ct_err *e) {
  int j;
  if (shape->n == 0) return CT_FAIL(e, CT_ARG_TYPE, "%s: empty shape", op);
  for (j = 0; j < shape->n; ++j) {
    if (shape->nd[j].kind == CT_ALL) return CT_FAIL(e, CT_ARG_TYPE, "%s: `_` in a shape", op);
    if (shape->nd[j].kind == CT_INT && shape->nd[j].v <= 0)
      return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "%s: shape entry %lld is not positive", op, (long long)shape->nd[j].v);
  }
  return CT_OK;
}

/* One group per leaf of `shape` below node i, keyed by `key_of` leaf: the
 * stride's value (keys from a congruent tree) or the leaf's position. */
CT_FN static int ct_leaf_groups(const ct_tuple *shape, int i, const ct_tuple *keys, int *gnode, int64_t *key) {
  int j, m = 0;
  for (j = i; j < i + shape->nd[i].span; ++j) {
    if (shape->nd[j].kind != CT_INT) continue;
    gnode[m] = j;
    key[m] = keys ? keys->nd[j].v : (int64_t)m;
    ++m;
  }
  return m;
}

/* --- COMPACT ------------------------------------------------------------------ */

CT_FN static ct_code ct_compact(const ct_tuple *shape, ct_val current, int right, const char *op, ct_tuple *out,
                                ct_err *e) {
  int gnode[CT_MAX_NODES], m, k;
  int64_t key[CT_MAX_NODES];
  ct_tuple r;
  CT_TRY(ct_check_shape(shape, op, e));
  ct_t_copy(&r, shape);
  m = ct_leaf_groups(shape, 0, 0, gnode, key);
  if (right)
    for (k = 0; k < m; ++k) key[k] = (int64_t)(m - 1 - k); /* COMPACT-3: the last mode is the fastest */
  CT_TRY(ct_ordered_strides(shape, gnode, key, 0, m, current, op, &r, e));
  ct_t_copy(out, &r);
  return CT_OK;
}

CT_FN ct_code ct_compact_col_major(const ct_tuple *shape, ct_val current, ct_tuple *out, ct_err *e) {
  return ct_compact(shape, current, 0, "compact_col_major", out, e);
}

CT_FN ct_code ct_compact_row_major(const ct_tuple *shape, ct_val current, ct_tuple *out, ct_err *e) {
  return ct_compact(shape, current, 1, "compact_row_major", out, e);
}

/* --- ORD ------------------------------------------------------------------------ */

CT_FN ct_code ct_make_ordered_layout(const ct_tuple *shape, const ct_tuple *order, ct_layout *out, ct_err *e) {
  int gnode[CT_MAX_NODES], m = 0, i = 0, j = 0;
  int64_t key[CT_MAX_NODES];
  ct_val one;
  ct_layout r;
  CT_TRY(ct_check_shape(shape, "make_ordered_layout", e));
  if (order->n == 0 || ct_t_has_all(order, 0)) return CT_FAIL(e, CT_ARG_TYPE, "make_ordered_layout: `_` in the order");
  if (!ct_t_weakly_congruent(order, 0, shape, 0))
    return CT_FAIL(e, CT_BAD_PROFILE, "make_ordered_layout: the order is not weakly congruent to the shape");
  while (i < order->n) { /* ORD-1: an integer of the order covers the sub-shape it meets */
    if (order->nd[i].kind == CT_INT) {
      gnode[m] = j;
      key[m] = order->nd[i].v;
      ++m;
      i += 1;
      j += shape->nd[j].span;
    } else {
      ++i;
      ++j;
    }
  }
  one.v = 1;
  one.stat = 1;
  ct_t_copy(&r.shape, shape);
  ct_t_copy(&r.stride, shape);
  CT_TRY(ct_ordered_strides(shape, gnode, key, 0, m, one, "make_ordered_layout", &r.stride, e));
  ct_l_copy(out, &r);
  return CT_OK;
}

/* --- LIKE ----------------------------------------------------------------------- */

CT_FN ct_code ct_make_layout_like(const ct_layout *L, ct_layout *out, ct_err *e) {
  int gnode[CT_MAX_NODES], m, k;
  int64_t key[CT_MAX_NODES];
  uint8_t skip[CT_MAX_NODES] = {0};
  ct_val one;
  ct_layout r;
  CT_TRY(ct_l_check(L, e));
  ct_l_copy(&r, L); /* zero strides are kept as they are (LIKE-2) */
  m = ct_leaf_groups(&L->shape, 0, &L->stride, gnode, key);
  for (k = 0; k < m; ++k) skip[k] = (uint8_t)(L->stride.nd[gnode[k]].v == 0);
  one.v = 1;
  one.stat = 1;
  CT_TRY(ct_ordered_strides(&L->shape, gnode, key, skip, m, one, "make_layout_like", &r.stride, e));
  ct_l_copy(out, &r);
  return CT_OK;
}

/* --- FRAG ----------------------------------------------------------------------- */

CT_FN ct_code ct_make_fragment_like(const ct_layout *L, ct_layout *out, ct_err *e) {
  int gnode[CT_MAX_NODES], m, k, m0, r0, end0;
  int64_t key[CT_MAX_NODES];
  uint8_t skip[CT_MAX_NODES] = {0};
  ct_val one, n0;
  ct_layout r;
  CT_TRY(ct_l_check(L, e));
  if (ct_l_rank(L) < 2) return ct_l_compact_left(&L->shape, out, e); /* FRAG-5 */
  ct_l_copy(&r, L);
  one.v = 1;
  one.stat = 1;
  /* FRAG-2: mode 0 column-major over its leaves of nonzero stride */
  m0 = ct_t_child(&L->shape, 0, 0);
  end0 = m0 + L->shape.nd[m0].span;
  m = ct_leaf_groups(&L->shape, m0, 0, gnode, key);
  for (k = 0; k < m; ++k) skip[k] = (uint8_t)(L->stride.nd[gnode[k]].v == 0);
  CT_TRY(ct_ordered_strides(&L->shape, gnode, key, skip, m, one, "make_fragment_like", &r.stride, e));
  n0 = one; /* the size of mode 0's nonzero-stride part */
  for (k = 0; k < m; ++k) {
    const ct_node *s = &L->shape.nd[gnode[k]];
    if (skip[k]) continue;
    if (ct_mul_ovf(n0.v, s->v, &n0.v)) return CT_FAIL(e, CT_OVERFLOW, "make_fragment_like: mode 0 overflows int64");
    n0.stat = n0.stat && s->stat;
  }
  /* FRAG-3: the other modes, ordered by their strides, start at n0 */
  r0 = 0;
  for (k = end0; k < L->shape.n; ++k)
    if (L->shape.nd[k].kind == CT_INT) {
      gnode[r0] = k;
      key[r0] = L->stride.nd[k].v;
      ++r0;
    }
  CT_TRY(ct_ordered_strides(&L->shape, gnode, key, 0, r0, n0, "make_fragment_like", &r.stride, e));
  ct_l_copy(out, &r);
  return CT_OK;
}

/* --- CAST ----------------------------------------------------------------------- */

CT_FN static ct_code ct_check_n(ct_val n, const char *op, ct_err *e) {
  if (n.v < 1) return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "%s: N = %lld is not a positive integer", op, (long long)n.v);
  return CT_OK;
}

CT_FN ct_code ct_downcast(const ct_layout *L, ct_val n, ct_layout *out, ct_err *e) {
  int j, unit = -1, units = 0;
  ct_layout r;
  ct_val sz;
  CT_TRY(ct_l_check(L, e));
  CT_TRY(ct_check_n(n, "downcast", e));
  if (n.v == 1) { /* CAST-7 */
    ct_l_copy(out, L);
    return CT_OK;
  }
  /* the unit leaf: of stride 1 or -1 and size > 1; a size-1 leaf's stride is
   * no part of L's function, so it never counts (PRIN-1: (1):(1) and (1):(0)
   * are the same layout). A layout of one element has none: its first leaf
   * takes the sub-elements, with stride 1. */
  for (j = 0; j < L->shape.n; ++j)
    if (L->shape.nd[j].kind == CT_INT && L->shape.nd[j].v > 1 &&
        (L->stride.nd[j].v == 1 || L->stride.nd[j].v == -1)) {
      unit = j;
      ++units;
    }
  if (units == 0 && ct_l_size(L, &sz, e) == CT_OK && sz.v == 1)
    for (j = 0; j < L->shape.n && units == 0; ++j)
      if (L->shape.nd[j].kind == CT_INT) {
        unit = j;
        units = 1;
      }
  if (units != 1)
    return CT_FAIL(e, CT_UNIT_STRIDE, "downcast: %d modes of stride 1 or -1; the sub-elements need exactly one", units);
  if (L->stride.nd[unit].v == -1 && L->shape.nd[unit].v > 1)
    return CT_FAIL(e, CT_NEGATIVE_STRIDE, "downcast: the adjacent elements run backwards (stride -1)");
  ct_l_copy(&r, L);
  r.stride.nd[unit].v = 1; /* a size-1 unit leaf's stride may have been anything */
  for (j = 0; j < r.shape.n; ++j) { /* CAST-1 */
    ct_node *s = &r.shape.nd[j], *d = &r.stride.nd[j];
    ct_node *x = j == unit ? s : d;
    if (s->kind != CT_INT) continue;
    if (ct_mul_ovf(x->v, n.v, &x->v)) return CT_FAIL(e, CT_OVERFLOW, "downcast: overflows int64");
    x->stat = (uint8_t)(x->stat && n.stat);
  }
  ct_l_copy(out, &r);
  return CT_OK;
}

CT_FN ct_code ct_upcast(const ct_layout *L, ct_val n, ct_layout *out, ct_err *e) {
  int j, unit = -1;
  ct_layout r;
  CT_TRY(ct_l_check(L, e));
  CT_TRY(ct_check_n(n, "upcast", e));
  if (n.v == 1) { /* CAST-7 */
    ct_l_copy(out, L);
    return CT_OK;
  }
  for (j = 0; j < L->shape.n; ++j) { /* CAST-4: the split mode, and every other stride divisible */
    const ct_node *s = &L->shape.nd[j], *d = &L->stride.nd[j];
    if (s->kind != CT_INT || s->v == 1) continue;
    if (d->v == 1 && unit < 0) {
      unit = j;
      if (s->v % n.v != 0)
        return CT_FAIL(e, CT_NOT_DIVISIBLE, "upcast: the stride-1 mode of size %lld is not a multiple of N = %lld",
                       (long long)s->v, (long long)n.v);
      continue;
    }
    if (d->v % n.v != 0)
      return CT_FAIL(e, CT_NOT_DIVISIBLE, "upcast: stride %lld (of a mode of size %lld) is not a multiple of N = %lld",
                     (long long)d->v, (long long)s->v, (long long)n.v);
  }
  ct_l_copy(&r, L);
  for (j = 0; j < r.shape.n; ++j) {
    ct_node *s = &r.shape.nd[j], *d = &r.stride.nd[j];
    if (s->kind != CT_INT) continue;
    if (j == unit) {
      s->v /= n.v;
      s->stat = (uint8_t)(s->stat && n.stat);
      continue;
    }
    if (d->v % n.v == 0) {
      d->v /= n.v;
    } else { /* a size-1 mode: its stride is never used; CuTe's rounding */
      d->v = d->v / n.v + (d->v > 0 ? 1 : -1); /* signum(d) * ceil(|d| / N) */
    }
    d->stat = (uint8_t)(d->stat && n.stat);
  }
  ct_l_copy(out, &r);
  return CT_OK;
}
