/* inttuple.c -- the IntTuple tree (spec/inttuple.md). */
#include "inttuple.h"
#include "ct_arith.h"
#include "walk.h"

CT_FN ct_code ct_t_push_all(ct_tuple *t, ct_err *e) {
  CT_TRY(ct_t_push_int(t, 0, 0, e));
  t->nd[t->n - 1].kind = CT_ALL;
  return CT_OK;
}

CT_FN ct_code ct_t_push_basis(ct_tuple *t, int64_t v, int stat, const int *path, int npath, ct_err *e) {
  int k;
  uint16_t bits = 0;
  if (npath < 1 || npath > CT_BASIS_DEPTH)
    return CT_FAIL(e, CT_DEPTH_LIMIT, "a basis path of %d indices (1 to %d)", npath, CT_BASIS_DEPTH);
  for (k = 0; k < npath; ++k) {
    if (path[k] < 0 || path[k] >= CT_MAX_RANK)
      return CT_FAIL(e, CT_RANK_LIMIT, "basis index %d (at most %d)", path[k], CT_MAX_RANK - 1);
    bits = (uint16_t)(bits | (path[k] << (5 * k)));
  }
  CT_TRY(ct_t_push_int(t, v, stat, e));
  t->nd[t->n - 1].kind = CT_BASIS;
  t->nd[t->n - 1].rank = (uint8_t)npath;
  t->nd[t->n - 1].path = bits;
  return CT_OK;
}

CT_FN int ct_t_child(const ct_tuple *t, int i, int k) {
  int j = i + 1;
  while (k-- > 0) j += t->nd[j].span;
  return j;
}

CT_FN int ct_t_mode(const ct_tuple *t, int i, int k) {
  if (t->nd[i].kind != CT_TUPLE) return k == 0 ? i : -1;
  if (k < 0 || k >= t->nd[i].rank) return -1;
  return ct_t_child(t, i, k);
}

CT_FN int ct_t_depth(const ct_tuple *t, int i) {
  ct_walker w;
  int s, best = 0;
  ct_walk_begin(&w, t, i);
  while ((s = ct_walk_next(&w)) != CT_WALK_END)
    if (s == CT_WALK_OPEN && w.depth + 1 > best) best = w.depth + 1;
  return best;
}

CT_FN int ct_t_leaves(const ct_tuple *t, int i, int *idx, int cap) {
  int j, n = 0;
  for (j = i; j < i + t->nd[i].span; ++j)
    if (t->nd[j].kind != CT_TUPLE && n < cap) idx[n++] = j;
  return n;
}

CT_FN int ct_t_has_all(const ct_tuple *t, int i) {
  int j;
  for (j = i; j < i + t->nd[i].span; ++j)
    if (t->nd[j].kind == CT_ALL) return 1;
  return 0;
}

CT_FN int ct_t_has_basis(const ct_tuple *t, int i) {
  int j;
  for (j = i; j < i + t->nd[i].span; ++j)
    if (t->nd[j].kind == CT_BASIS) return 1;
  return 0;
}

CT_FN ct_code ct_t_product(const ct_tuple *t, int i, ct_val *out, ct_err *e) {
  int j;
  out->v = 1;
  out->stat = 1;
  for (j = i; j < i + t->nd[i].span; ++j) {
    if (t->nd[j].kind != CT_INT) continue;
    if (ct_mul_ovf(out->v, t->nd[j].v, &out->v)) return CT_FAIL(e, CT_OVERFLOW, "product overflows int64");
    out->stat = out->stat && t->nd[j].stat;
  }
  return CT_OK;
}

CT_FN ct_code ct_t_sum(const ct_tuple *t, int i, ct_val *out, ct_err *e) {
  int j;
  out->v = 0;
  out->stat = 1;
  for (j = i; j < i + t->nd[i].span; ++j) {
    if (t->nd[j].kind != CT_INT) continue;
    if (ct_add_ovf(out->v, t->nd[j].v, &out->v)) return CT_FAIL(e, CT_OVERFLOW, "sum overflows int64");
    out->stat = out->stat && t->nd[j].stat;
  }
  return CT_OK;
}

CT_FN int ct_t_congruent(const ct_tuple *a, int ia, const ct_tuple *b, int ib) {
  /* Same tree shape: compare the kinds/ranks node by node in preorder. */
  int k, s = a->nd[ia].span;
  if (s != b->nd[ib].span) return 0;
  for (k = 0; k < s; ++k) {
    const ct_node *x = &a->nd[ia + k], *y = &b->nd[ib + k];
    if ((x->kind == CT_TUPLE) != (y->kind == CT_TUPLE)) return 0;
    if (x->kind == CT_TUPLE && x->rank != y->rank) return 0;
  }
  return 1;
}

/* Walk both trees in lockstep; `leaf_rule` decides what happens when a's node
 * is a leaf (weakly congruent) or b's node is a leaf (compatible). */
CT_FN int ct_t_weakly_congruent(const ct_tuple *a, int ia, const ct_tuple *b, int ib) {
  int i = ia, j = ib, ea = ia + a->nd[ia].span;
  while (i < ea) {
    if (a->nd[i].kind != CT_TUPLE) { /* an integer of a matches any subtree of b */
      i += 1;
      j += b->nd[j].span;
      continue;
    }
    if (b->nd[j].kind != CT_TUPLE || a->nd[i].rank != b->nd[j].rank) return 0;
    ++i;
    ++j;
  }
  return 1;
}

CT_FN int ct_t_compatible(const ct_tuple *a, int ia, const ct_tuple *b, int ib) {
  int i = ia, j = ib, ea = ia + a->nd[ia].span;
  while (i < ea) {
    if (a->nd[i].kind != CT_TUPLE) {
      ct_val sb;
      ct_err e;
      if (ct_t_product(b, j, &sb, &e) != CT_OK) return 0;
      if (a->nd[i].kind != CT_INT || a->nd[i].v != sb.v) return 0;
      i += 1;
      j += b->nd[j].span;
      continue;
    }
    if (b->nd[j].kind != CT_TUPLE || a->nd[i].rank != b->nd[j].rank) return 0;
    ++i;
    ++j;
  }
  return 1;
}

CT_FN int ct_t_equal(const ct_tuple *a, int ia, const ct_tuple *b, int ib, int with_marks) {
  int k, s = a->nd[ia].span;
  if (!ct_t_congruent(a, ia, b, ib)) return 0;
  for (k = 0; k < s; ++k) {
    const ct_node *x = &a->nd[ia + k], *y = &b->nd[ib + k];
    if (x->kind != y->kind) return 0;
    if ((x->kind == CT_INT || x->kind == CT_BASIS) && x->v != y->v) return 0;
    if (x->kind == CT_BASIS && (x->rank != y->rank || x->path != y->path)) return 0;
    if (with_marks && (x->stat != y->stat || x->mark != y->mark)) return 0;
  }
  return 1;
}

CT_FN ct_code ct_t_flatten(const ct_tuple *t, ct_tuple *out, ct_err *e) {
  int j, hdr;
  if (t->nd[0].kind != CT_TUPLE) {
    ct_t_sub(t, 0, out);
    return CT_OK;
  }
  {
    ct_tuple tmp; /* t and out may alias */
    ct_t_clear(&tmp);
    CT_TRY(ct_t_open(&tmp, &hdr, e));
    for (j = 0; j < t->n; ++j)
      if (t->nd[j].kind != CT_TUPLE) CT_TRY(ct_t_push_sub(&tmp, t, j, e));
    CT_TRY(ct_t_close(&tmp, hdr, e));
    ct_t_copy(out, &tmp);
  }
  return CT_OK;
}

CT_FN ct_code ct_t_make_tuple(ct_tuple *out, const ct_tuple *const *srcs, const int *idx, int n, ct_err *e) {
  int k, hdr;
  ct_t_clear(out);
  CT_TRY(ct_t_open(out, &hdr, e));
  for (k = 0; k < n; ++k) CT_TRY(ct_t_push_sub(out, srcs[k], idx ? idx[k] : 0, e));
  return ct_t_close(out, hdr, e);
}
