/* refine.c -- spec/refine.md. The trees are walked in lockstep in preorder
 * (no recursion); a stack of open result tuples counts their children. */
#include "refine.h"
#include "ct_arith.h"
#include "coalesce.h"

/* Every node an integer >= 1 or a tuple: a shape (spec/refine.md). */
CT_FN static ct_code ct_rf_check(const ct_tuple *t, const char *op, ct_err *e) {
  int k;
  for (k = 0; k < t->n; ++k) {
    if (t->nd[k].kind == CT_TUPLE) continue;
    if (t->nd[k].kind != CT_INT) return CT_FAIL(e, CT_ARG_TYPE, "%s: a shape holds only integers and tuples", op);
    if (t->nd[k].v < 1)
      return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "%s: shape entry %lld is not positive", op, (long long)t->nd[k].v);
  }
  return CT_OK;
}

/* The open tuples of the result: header node and children still to come. */
typedef struct {
  int n;
  int hdr[CT_MAX_DEPTH + 1];
  int left[CT_MAX_DEPTH + 1];
} ct_rf_stack;

/* One child of the innermost open tuple is complete: close the tuples that
 * are now full. */
CT_FN static ct_code ct_rf_done(ct_rf_stack *s, ct_tuple *out, ct_err *e) {
  while (s->n > 0) {
    if (--s->left[s->n - 1] > 0) return CT_OK;
    CT_TRY(ct_t_close(out, s->hdr[s->n - 1], e));
    s->n -= 1;
  }
  return CT_OK;
}

CT_FN static ct_code ct_rf_open(ct_rf_stack *s, ct_tuple *out, int rank, ct_err *e) {
  int h;
  if (s->n > CT_MAX_DEPTH) return CT_FAIL(e, CT_DEPTH_LIMIT, "nesting deeper than %d", CT_MAX_DEPTH);
  CT_TRY(ct_t_open(out, &h, e));
  if (rank == 0) { /* () has no children: complete at once */
    CT_TRY(ct_t_close(out, h, e));
    return ct_rf_done(s, out, e);
  }
  s->hdr[s->n] = h;
  s->left[s->n] = rank;
  s->n += 1;
  return CT_OK;
}

CT_FN ct_code ct_common_refinement(const ct_tuple *a, const ct_tuple *b, ct_tuple *out, ct_err *e) {
  int i = 0, j = 0;
  ct_rf_stack s;
  ct_tuple r;
  CT_TRY(ct_rf_check(a, "common_refinement", e));
  CT_TRY(ct_rf_check(b, "common_refinement", e));
  s.n = 0;
  ct_t_clear(&r);
  while (i < a->nd[0].span) {
    const ct_node *x = &a->nd[i], *y = &b->nd[j];
    ct_val z;
    if (x->kind == CT_TUPLE && y->kind == CT_TUPLE) { /* REFINE-1: both refine, mode by mode */
      if (x->rank != y->rank)
        return CT_FAIL(e, CT_NO_COMMON_REFINEMENT, "common_refinement: a tuple of rank %d against one of rank %d",
                       (int)x->rank, (int)y->rank);
      CT_TRY(ct_rf_open(&s, &r, x->rank, e));
      ++i;
      ++j;
      continue;
    }
    if (x->kind == CT_TUPLE) { /* b's integer must be the size of a's subtree */
      CT_TRY(ct_t_product(a, i, &z, e));
      if (z.v != y->v)
        return CT_FAIL(e, CT_NO_COMMON_REFINEMENT, "common_refinement: %lld against a tuple of size %lld",
                       (long long)y->v, (long long)z.v);
      CT_TRY(ct_t_push_sub(&r, a, i, e));
    } else if (y->kind == CT_TUPLE) {
      CT_TRY(ct_t_product(b, j, &z, e));
      if (z.v != x->v)
        return CT_FAIL(e, CT_NO_COMMON_REFINEMENT, "common_refinement: %lld against a tuple of size %lld",
                       (long long)x->v, (long long)z.v);
      CT_TRY(ct_t_push_sub(&r, b, j, e));
    } else {
      if (x->v != y->v)
        return CT_FAIL(e, CT_NO_COMMON_REFINEMENT, "common_refinement: %lld against %lld", (long long)x->v,
                       (long long)y->v);
      CT_TRY(ct_t_push_int(&r, x->v, x->stat && y->stat, e));
    }
    i += x->span;
    j += y->span;
    CT_TRY(ct_rf_done(&s, &r, e));
  }
  *out = r;
  return CT_OK;
}

/* Whether the tuples at a's node i and b's node j have one rank and modes of
 * equal sizes (COARSEN-2: then the coarsening keeps that tuple). */
CT_FN static int ct_rf_splits(const ct_tuple *a, int i, const ct_tuple *b, int j) {
  int k;
  ct_err e;
  if (a->nd[i].kind != CT_TUPLE || b->nd[j].kind != CT_TUPLE || a->nd[i].rank != b->nd[j].rank) return 0;
  for (k = 0; k < a->nd[i].rank; ++k) {
    ct_val x, y;
    if (ct_t_product(a, ct_t_child(a, i, k), &x, &e) != CT_OK) return 0;
    if (ct_t_product(b, ct_t_child(b, j, k), &y, &e) != CT_OK) return 0;
    if (x.v != y.v) return 0;
  }
  return 1;
}

CT_FN ct_code ct_common_coarsening(const ct_tuple *a, const ct_tuple *b, ct_tuple *out, ct_err *e) {
  int i = 0, j = 0;
  ct_rf_stack s;
  ct_tuple r;
  ct_val sa, sb;
  CT_TRY(ct_rf_check(a, "common_coarsening", e));
  CT_TRY(ct_rf_check(b, "common_coarsening", e));
  CT_TRY(ct_t_product(a, 0, &sa, e));
  CT_TRY(ct_t_product(b, 0, &sb, e));
  if (sa.v != sb.v)
    return CT_FAIL(e, CT_SIZE_MISMATCH, "common_coarsening: sizes %lld and %lld differ", (long long)sa.v,
                   (long long)sb.v);
  s.n = 0;
  ct_t_clear(&r);
  while (i < a->nd[0].span) {
    if (ct_rf_splits(a, i, b, j)) { /* COARSEN-2: keep the tuple, coarsen its modes */
      CT_TRY(ct_rf_open(&s, &r, a->nd[i].rank, e));
      ++i;
      ++j;
      continue;
    }
    CT_TRY(ct_t_product(a, i, &sa, e)); /* COARSEN-1: equal sizes here */
    CT_TRY(ct_t_product(b, j, &sb, e));
    CT_TRY(ct_t_push_int(&r, sa.v, sa.stat && sb.stat, e));
    i += a->nd[i].span;
    j += b->nd[j].span;
    CT_TRY(ct_rf_done(&s, &r, e));
  }
  *out = r;
  return CT_OK;
}

/* The leaves of a shape with their prefix products: leaf k spans the cuts
 * p[k] * x for x | s[k] (GCD-2). */
typedef struct {
  int n;
  int64_t s[CT_MAX_NODES], p[CT_MAX_NODES];
  int stat;
} ct_rf_leaves;

CT_FN static ct_code ct_rf_leaves_of(const ct_tuple *t, ct_rf_leaves *l, ct_err *e) {
  int k;
  int64_t p = 1;
  l->n = 0;
  l->stat = 1;
  for (k = 0; k < t->n; ++k) {
    if (t->nd[k].kind != CT_INT) continue;
    l->s[l->n] = t->nd[k].v;
    l->p[l->n] = p;
    l->stat = l->stat && t->nd[k].stat;
    l->n += 1;
    if (ct_mul_ovf(p, t->nd[k].v, &p)) return CT_FAIL(e, CT_OVERFLOW, "greatest_common_domain: size overflows int64");
  }
  return CT_OK;
}

CT_FN ct_code ct_greatest_common_domain(const ct_tuple *a, const ct_tuple *b, ct_layout *out, ct_err *e) {
  ct_rf_leaves la, lb;
  int i, j, hs, hd, m = 0, st;
  ct_layout R;
  CT_TRY(ct_rf_check(a, "greatest_common_domain", e));
  CT_TRY(ct_rf_check(b, "greatest_common_domain", e));
  CT_TRY(ct_rf_leaves_of(a, &la, e));
  CT_TRY(ct_rf_leaves_of(b, &lb, e));
  st = la.stat && lb.stat;
  ct_t_clear(&R.shape);
  ct_t_clear(&R.stride);
  CT_TRY(ct_t_open(&R.shape, &hs, e));
  CT_TRY(ct_t_open(&R.stride, &hd, e));
  /* GCD-2, GCD-3: leaves i of a and j of b share the cuts c with
   * L | c | G, L = lcm(p_i, q_j), G = gcd(p_i s_i, q_j t_j); the segment
   * G/L : L when G > L. Pairs sharing one come in the order of i and of j
   * at once, so the strides increase (GCD-1). */
  for (i = 0; i < la.n; ++i)
    for (j = 0; j < lb.n; ++j) {
      int64_t ea = la.p[i] * la.s[i], eb = lb.p[j] * lb.s[j], G = ct_gcd(ea, eb), L;
      if (ct_mul_ovf(la.p[i] / ct_gcd(la.p[i], lb.p[j]), lb.p[j], &L)) continue; /* then L > G */
      if (G <= L || G % L != 0) continue;
      CT_TRY(ct_t_push_int(&R.shape, G / L, st, e));
      CT_TRY(ct_t_push_int(&R.stride, L, st, e));
      ++m;
    }
  if (m == 0) { /* GCD-1: no common segment, the one-element domain (1):(0) */
    CT_TRY(ct_t_push_int(&R.shape, 1, st, e));
    CT_TRY(ct_t_push_int(&R.stride, 0, st, e));
  }
  CT_TRY(ct_t_close(&R.shape, hs, e));
  CT_TRY(ct_t_close(&R.stride, hd, e));
  *out = R;
  return CT_OK;
}

CT_FN ct_code ct_domain_distribute(const ct_tuple *a, const ct_tuple *b, ct_layout *out, ct_err *e) {
  ct_rf_leaves la;
  int k, hs, hd;
  int64_t rest;
  ct_layout R;
  CT_TRY(ct_rf_check(a, "domain_distribute", e));
  if (b->nd[0].kind != CT_INT) return CT_FAIL(e, CT_ARG_TYPE, "domain_distribute: the count must be an integer");
  if (b->nd[0].v < 1)
    return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "domain_distribute: the count %lld is not positive", (long long)b->nd[0].v);
  CT_TRY(ct_rf_leaves_of(a, &la, e));
  /* DIST-3: CuTe computes it at compile time; the marks are its input */
  if (!la.stat || !b->nd[0].stat)
    return CT_FAIL(e, CT_NOT_STATIC, "domain_distribute: the %s is dynamic; CuTe requires it static",
                   !la.stat ? "shape" : "count");
  rest = b->nd[0].v;
  ct_t_clear(&R.shape);
  ct_t_clear(&R.stride);
  CT_TRY(ct_t_open(&R.shape, &hs, e));
  CT_TRY(ct_t_open(&R.stride, &hd, e));
  for (k = 0; k < la.n; ++k) { /* DIST-1: the first g_k elements of leaf k */
    int64_t g = ct_gcd(la.s[k], rest);
    rest /= g;
    CT_TRY(ct_t_push_int(&R.shape, g, 1, e));
    CT_TRY(ct_t_push_int(&R.stride, la.p[k], 1, e));
  }
  CT_TRY(ct_t_close(&R.shape, hs, e));
  CT_TRY(ct_t_close(&R.stride, hd, e));
  return ct_coalesce(&R, out, e);
}
