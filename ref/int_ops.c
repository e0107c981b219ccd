/* int_ops.c -- IntTuple arithmetic (spec/inttuple.md). */
#include "int_ops.h"
#include "ct_arith.h"
#include "walk.h"

/* The operations by element walk one argument with the other as its
 * partner (walk.h). */

CT_FN static int ct_signum(int64_t x) { return (x > 0) - (x < 0); }

/* d divides x (d != 0), without the INT64_MIN % -1 trap. */
CT_FN static int ct_divides(int64_t d, int64_t x) {
  if (d == 1 || d == -1) return 1;
  return x % d == 0;
}

CT_FN static ct_code ct_no_all(const ct_tuple *t, const char *op, ct_err *e) {
  if (t->n == 0) return CT_FAIL(e, CT_ARG_TYPE, "%s: empty argument", op);
  if (ct_t_has_all(t, 0)) return CT_FAIL(e, CT_ARG_TYPE, "%s: `_` is not an integer", op);
  return CT_OK;
}

CT_FN static ct_code ct_all_positive(const ct_tuple *t, int i, const char *op, ct_err *e) {
  int j;
  for (j = i; j < i + t->nd[i].span; ++j)
    if (t->nd[j].kind == CT_INT && t->nd[j].v <= 0)
      return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "%s: shape entry %lld is not positive", op, (long long)t->nd[j].v);
  return CT_OK;
}

/* --- integers (IT-9, IT-13) ------------------------------------------------ */

CT_FN ct_code ct_shape_div_int(ct_val a, ct_val b, ct_val *out, ct_err *e) {
  if (b.v == 0) return CT_FAIL(e, CT_DIVISION_BY_ZERO, "shape_div: %lld / 0", (long long)a.v);
  out->stat = a.stat && b.stat;
  if (ct_divides(b.v, a.v)) { /* exact */
    if (b.v == -1) {
      if (a.v == INT64_MIN) return CT_FAIL(e, CT_OVERFLOW, "shape_div: %lld / -1 overflows int64", (long long)a.v);
      out->v = -a.v;
    } else {
      out->v = a.v / b.v;
    }
    return CT_OK;
  }
  if (a.v != 0 && ct_divides(a.v, b.v)) { /* a divides b: rounds away from zero */
    out->v = ct_signum(a.v) * ct_signum(b.v);
    return CT_OK;
  }
  return CT_FAIL(e, CT_NOT_DIVISIBLE, "shape_div: neither of %lld and %lld divides the other", (long long)a.v,
                 (long long)b.v);
}

CT_FN ct_code ct_ceil_div_int(ct_val a, ct_val b, ct_val *out, ct_err *e) {
  int64_t q, r;
  if (b.v == 0) return CT_FAIL(e, CT_DIVISION_BY_ZERO, "ceil_div: %lld / 0", (long long)a.v);
  out->stat = a.stat && b.stat;
  if (b.v == -1) {
    if (a.v == INT64_MIN) return CT_FAIL(e, CT_OVERFLOW, "ceil_div: %lld / -1 overflows int64", (long long)a.v);
    out->v = -a.v;
    return CT_OK;
  }
  q = a.v / b.v; /* truncates toward zero */
  r = a.v % b.v;
  if (r != 0 && ((r > 0) == (b.v > 0))) ++q; /* the exact quotient is positive: round up */
  out->v = q;
  return CT_OK;
}

/* --- reductions (IT-1, IT-3, IT-5) ------------------------------------------ */

CT_FN ct_code ct_it_product(const ct_tuple *t, ct_val *out, ct_err *e) {
  CT_TRY(ct_no_all(t, "product", e));
  if (ct_t_product(t, 0, out, e) != CT_OK) return CT_FAIL(e, CT_OVERFLOW, "product: overflows int64");
  return CT_OK;
}

CT_FN ct_code ct_it_sum(const ct_tuple *t, ct_val *out, ct_err *e) {
  CT_TRY(ct_no_all(t, "sum", e));
  if (ct_t_sum(t, 0, out, e) != CT_OK) return CT_FAIL(e, CT_OVERFLOW, "sum: overflows int64");
  return CT_OK;
}

CT_FN ct_code ct_it_inner_product(const ct_tuple *a, const ct_tuple *b, ct_val *out, ct_err *e) {
  int j;
  CT_TRY(ct_no_all(a, "inner_product", e));
  CT_TRY(ct_no_all(b, "inner_product", e));
  if (!ct_t_congruent(a, 0, b, 0))
    return CT_FAIL(e, CT_NOT_CONGRUENT, "inner_product: the two tuples do not have the same profile");
  out->v = 0;
  out->stat = 1;
  for (j = 0; j < a->n; ++j) { /* congruent trees pair their leaves in preorder */
    int64_t term;
    if (a->nd[j].kind != CT_INT) continue;
    if (ct_mul_ovf(a->nd[j].v, b->nd[j].v, &term) || ct_add_ovf(out->v, term, &out->v))
      return CT_FAIL(e, CT_OVERFLOW, "inner_product: overflows int64");
    out->stat = out->stat && a->nd[j].stat && b->nd[j].stat;
  }
  return CT_OK;
}

/* --- prefix_product (IT-7, IT-8) --------------------------------------------
 * The hierarchical exclusive prefix product is the flat one over the leaves in
 * preorder (colexicographic order), put back in t's profile. An overflow of
 * the running product only matters if a later leaf needs it. */
CT_FN ct_code ct_it_prefix_product(const ct_tuple *t, ct_val init, ct_tuple *out, ct_err *e) {
  int j, ovf = 0;
  ct_val cur = init;
  ct_tuple r;
  CT_TRY(ct_no_all(t, "prefix_product", e));
  ct_t_copy(&r, t);
  for (j = 0; j < r.n; ++j) {
    ct_node *nd = &r.nd[j];
    int64_t s;
    int ss;
    if (nd->kind != CT_INT) continue;
    if (ovf) return CT_FAIL(e, CT_OVERFLOW, "prefix_product: the running product overflows int64");
    s = nd->v;
    ss = nd->stat;
    nd->v = cur.v;
    nd->stat = (uint8_t)(cur.stat ? 1 : 0);
    if (ct_mul_ovf(cur.v, s, &cur.v)) ovf = 1;
    cur.stat = cur.stat && ss;
  }
  ct_t_copy(out, &r);
  return CT_OK;
}

/* --- shape_div and ceil_div (IT-9..IT-16) ------------------------------------ */

enum { CT_SHAPE_DIV = 0, CT_CEIL_DIV = 1 };

CT_FN static ct_code ct_div_int(int op, ct_val a, ct_val b, ct_val *out, ct_err *e) {
  return op == CT_SHAPE_DIV ? ct_shape_div_int(a, b, out, e) : ct_ceil_div_int(a, b, out, e);
}

CT_FN static ct_val ct_leaf_val(const ct_tuple *t, int i) {
  ct_val v;
  v.v = t->nd[i].v;
  v.stat = t->nd[i].stat;
  return v;
}

CT_FN static const char *ct_div_name(int op) { return op == CT_SHAPE_DIV ? "shape_div" : "ceil_div"; }

/* Appends op(a@ia, b) for an integer b: the left-to-right fold of IT-11 /
 * IT-15. *rest is b on entry and what is left of it on exit. Entries are
 * positive (checked by the caller). Folding through a nested element equals
 * folding over its leaves (CuTe divides the rest by the element's product,
 * which gives the same rest whenever every step is accepted). `exact` asks
 * ceil_div's steps where the rest exceeds the element to be exact.
 * The result is congruent to a@ia, so the subtree is copied and its leaves,
 * in preorder (= left to right), are replaced. */
CT_FN static ct_code ct_div_fold(int op, const ct_tuple *a, int ia, ct_val *rest, int exact, ct_tuple *out,
                                 ct_err *e) {
  int base = out->n, j, span = a->nd[ia].span;
  ct_val r = *rest;
  CT_TRY(ct_t_push_sub(out, a, ia, e));
  for (j = base; j < base + span; ++j) {
    ct_node *n = &out->nd[j];
    ct_val x, q, nr;
    if (n->kind != CT_INT) { /* a tuple header, as ct_t_open makes it */
      n->v = 0;
      n->stat = 0;
      n->mark = 0;
      continue;
    }
    x.v = n->v;
    x.stat = n->stat;
    if (op == CT_CEIL_DIV && exact && r.v > x.v && r.v % x.v != 0)
      return CT_FAIL(e, CT_NOT_DIVISIBLE,
                     "ceil_div: the remaining divisor %lld is larger than the element %lld and not a multiple of it",
                     (long long)r.v, (long long)x.v);
    CT_TRY(ct_div_int(op, x, r, &q, e));
    CT_TRY(ct_div_int(op, r, x, &nr, e));
    n->v = q.v; /* a leaf as ct_t_push_int makes it */
    n->stat = (uint8_t)(q.stat ? 1 : 0);
    n->mark = 0;
    r = nr;
  }
  *rest = r;
  return CT_OK;
}

/* Appends op(a@ia, b@ib) where the walk below takes a@ia whole: b@ib an
 * integer, absent (ib < 0 means 1), or a tuple under an integer of a. */
CT_FN static ct_code ct_div_leaf(int op, const ct_tuple *a, int ia, const ct_tuple *b, int ib, ct_tuple *out,
                                 ct_err *e) {
  ct_val bv;
  if (ib >= 0 && b->nd[ib].kind == CT_TUPLE) { /* int tuple: divide by the product */
    if (ct_t_product(b, ib, &bv, e) != CT_OK) return CT_FAIL(e, CT_OVERFLOW, "%s: product overflows", ct_div_name(op));
  } else if (ib >= 0) {
    bv = ct_leaf_val(b, ib);
  } else {
    bv.v = 1;
    bv.stat = 1;
  }
  if (a->nd[ia].kind != CT_TUPLE) { /* int int */
    ct_val q;
    CT_TRY(ct_div_int(op, ct_leaf_val(a, ia), bv, &q, e));
    return ct_t_push_int(out, q.v, q.stat, e);
  }
  /* tuple int: the fold treats a as a shape */
  CT_TRY(ct_all_positive(a, ia, ct_div_name(op), e));
  if (bv.v <= 0)
    return CT_FAIL(e, bv.v == 0 ? CT_DIVISION_BY_ZERO : CT_SHAPE_NOT_POSITIVE, "%s: a tuple divided by %lld",
                   ct_div_name(op), (long long)bv.v);
  {
    int exact = 1;
    if (op == CT_CEIL_DIV) { /* one tile covering everything gives all ones, exact or not */
      ct_val pa;
      if (ct_t_product(a, ia, &pa, e) != CT_OK) return CT_FAIL(e, CT_OVERFLOW, "ceil_div: product overflows");
      exact = bv.v < pa.v;
    }
    return ct_div_fold(op, a, ia, &bv, exact, out, e);
  }
}

/* Appends op(a, b@ib): a walked with b as its partner from node ib. Where
 * both have a tuple, by element (ceil_div's b may have fewer elements: the
 * missing ones are 1); elsewhere ct_div_leaf takes a's node whole. */
CT_FN static ct_code ct_div_tree(int op, const ct_tuple *a, const ct_tuple *b, int ib, ct_tuple *out, ct_err *e) {
  ct_walker w;
  int s;
  ct_walk_begin_pair(&w, a, 0, b, ib);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    int ia = w.at, jb = w.pair;
    if (s == CT_WALK_OPEN && (jb < 0 || b->nd[jb].kind != CT_TUPLE)) {
      ct_walk_skip(&w);
      s = CT_WALK_LEAF;
    }
    if (s == CT_WALK_LEAF) {
      CT_TRY(ct_div_leaf(op, a, ia, b, jb, out, e));
      continue;
    }
    if (s == CT_WALK_OPEN) { /* tuple tuple: by element */
      int ra = a->nd[ia].rank, rb = b->nd[jb].rank;
      if (op == CT_SHAPE_DIV ? ra != rb : rb > ra)
        return CT_FAIL(e, CT_NOT_CONGRUENT, "%s: a tuple of rank %d divided by a tuple of rank %d", ct_div_name(op), ra,
                       rb);
    }
    CT_TRY(ct_walk_rebuild(&w, s, out, 0, e));
  }
  return CT_OK;
}

CT_FN static ct_code ct_it_div(int op, const ct_tuple *a, const ct_tuple *b, ct_tuple *out, ct_err *e) {
  ct_tuple r;
  CT_TRY(ct_no_all(a, ct_div_name(op), e));
  CT_TRY(ct_no_all(b, ct_div_name(op), e));
  ct_t_clear(&r);
  CT_TRY(ct_div_tree(op, a, b, 0, &r, e));
  ct_t_copy(out, &r);
  return CT_OK;
}

CT_FN ct_code ct_it_shape_div(const ct_tuple *a, const ct_tuple *b, ct_tuple *out, ct_err *e) {
  return ct_it_div(CT_SHAPE_DIV, a, b, out, e);
}

CT_FN ct_code ct_it_ceil_div(const ct_tuple *a, const ct_tuple *b, ct_tuple *out, ct_err *e) {
  return ct_it_div(CT_CEIL_DIV, a, b, out, e);
}

/* --- elem_scale (IT-17, IT-18) ------------------------------------------------ */

/* Appends elem_scale(a, b): a walked with b as its partner, congruent down
 * to a's integers. */
CT_FN static ct_code ct_scale_tree(const ct_tuple *a, const ct_tuple *b, ct_tuple *out, ct_err *e) {
  ct_walker w;
  int s;
  ct_walk_begin_pair(&w, a, 0, b, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    int ia = w.at, ib = w.pair;
    if (s == CT_WALK_OPEN && (b->nd[ib].kind != CT_TUPLE || b->nd[ib].rank != a->nd[ia].rank))
      return CT_FAIL(e, CT_NOT_CONGRUENT, "elem_scale: a tuple of rank %d scaled by %s of rank %d", a->nd[ia].rank,
                     b->nd[ib].kind == CT_TUPLE ? "a tuple" : "an integer", ct_t_rank(b, ib));
    if (s == CT_WALK_LEAF) {
      ct_val pb;
      int64_t v;
      if (ct_t_product(b, ib, &pb, e) != CT_OK || ct_mul_ovf(a->nd[ia].v, pb.v, &v))
        return CT_FAIL(e, CT_OVERFLOW, "elem_scale: overflows int64");
      CT_TRY(ct_t_push_int(out, v, a->nd[ia].stat && pb.stat, e));
    }
    CT_TRY(ct_walk_rebuild(&w, s, out, 0, e));
  }
  return CT_OK;
}

CT_FN ct_code ct_it_elem_scale(const ct_tuple *a, const ct_tuple *b, ct_tuple *out, ct_err *e) {
  ct_tuple r;
  CT_TRY(ct_no_all(a, "elem_scale", e));
  CT_TRY(ct_no_all(b, "elem_scale", e));
  ct_t_clear(&r);
  CT_TRY(ct_scale_tree(a, b, &r, e));
  ct_t_copy(out, &r);
  return CT_OK;
}

/* --- evenly_divides (IT-19..IT-21) -------------------------------------------- */

/* For an integer b@ib: 1 if it evenly divides a@ia (the shape_div fold is
 * exact and uses all of b), 0 if not, -1 on an error (in *e). */
CT_FN static int ct_even_leaf(const ct_tuple *a, int ia, const ct_tuple *b, int ib, ct_err *e) {
  ct_tuple q, sub;
  ct_err ignore;
  ct_val pa, pq;
  int64_t back;
  ct_t_sub(a, ia, &sub);
  if (ct_t_product(&sub, 0, &pa, e) != CT_OK) {
    CT_FAIL(e, CT_OVERFLOW, "evenly_divides: product overflows");
    return -1;
  }
  ct_t_clear(&q);
  if (ct_div_tree(CT_SHAPE_DIV, &sub, b, ib, &q, &ignore) != CT_OK) return 0;
  ct_discard(ct_t_product(&q, 0, &pq, &ignore)); /* pq <= pa: cannot overflow */
  return !ct_mul_ovf(pq.v, b->nd[ib].v, &back) && back == pa.v;
}

/* 1: b evenly divides a, 0: it does not, -1: an error (in *e). b is walked
 * with a as its partner: a tuple of b by mode (a's extra modes are not
 * constrained), an integer of b by ct_even_leaf. */
CT_FN static int ct_even_tree(const ct_tuple *a, const ct_tuple *b, ct_err *e) {
  ct_walker w;
  int s;
  ct_walk_begin_pair(&w, b, 0, a, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    if (s == CT_WALK_OPEN && b->nd[w.at].rank > ct_t_rank(a, w.pair)) return 0;
    if (s == CT_WALK_LEAF) {
      int r = ct_even_leaf(a, w.pair, b, w.at, e);
      if (r != 1) return r;
    }
  }
  return 1;
}

CT_FN ct_code ct_it_evenly_divides(const ct_tuple *a, const ct_tuple *b, int *out, ct_err *e) {
  CT_TRY(ct_no_all(a, "evenly_divides", e));
  CT_TRY(ct_no_all(b, "evenly_divides", e));
  CT_TRY(ct_all_positive(a, 0, "evenly_divides", e));
  CT_TRY(ct_all_positive(b, 0, "evenly_divides", e));
  {
    int r = ct_even_tree(a, b, e);
    if (r < 0) return e->code;
    *out = r;
    return CT_OK;
  }
}
