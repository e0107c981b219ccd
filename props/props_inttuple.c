/* props_inttuple.c -- properties of spec/inttuple.md (IT-1..IT-24) and the
 * error codes of its Preconditions table.
 *
 * IntTuples come from the case's layouts: shapes (positive integers), strides
 * (signed, with zeros), coarsenings of them; integers from their leaves, from
 * the case's k0 (CT_GEN_INT) or from a hash of the case. Expected values are
 * computed here from the leaves, independently of ref/int_ops.c. */
#include "props/props.h"
#include "props/props_list.h"
#include "ref/ct_arith.h"
#include "ref/walk.h"
#include "ref/int_ops.h"

/* ---- helpers ---------------------------------------------------------------- */

CT_FN static uint64_t ct_pi_tdig(uint64_t h, const ct_tuple *t) {
  int j;
  for (j = 0; j < t->n; ++j) {
    h = ct_mix64(h ^ (uint64_t)t->nd[j].v);
    h = ct_mix64(h ^ ((uint64_t)t->nd[j].kind | (uint64_t)t->nd[j].rank << 8));
  }
  return h;
}

CT_FN static uint64_t ct_pi_vdig(uint64_t h, int64_t v) { return ct_mix64(h ^ (uint64_t)v); }

/* A deterministic choice derived from the case. */
CT_FN static uint64_t ct_pi_hc(const ct_case *c, uint64_t salt) {
  return ct_mix64(ct_digest_layout(&c->v[0]) + ct_mix64(salt ^ (uint64_t)c->k[0]));
}

/* Values of the integers below node i, in preorder. */
CT_FN static int ct_pi_vals(const ct_tuple *t, int i, int64_t *v) {
  int j, n = 0;
  for (j = i; j < i + t->nd[i].span; ++j)
    if (t->nd[j].kind == CT_INT) v[n++] = t->nd[j].v;
  return n;
}

CT_FN static void ct_pi_int(ct_tuple *t, int64_t v) { ct_t_set_int(t, v, 0); }

/* out := (a, b); 0 where the pair exceeds the representation (a build with
 * a small CT_MAX_NODES): the case is then skipped (ct_build_failed) and the
 * caller stops. */
CT_FN static int ct_pi_pair(const ct_tuple *a, const ct_tuple *b, ct_tuple *out, ct_outcome *o) {
  const ct_tuple *srcs[2];
  ct_err e;
  srcs[0] = a;
  srcs[1] = b;
  return !ct_build_failed(ct_t_make_tuple(out, srcs, 0, 2, &e), o, "(a, b)");
}

/* out := (a, x); 0 as ct_pi_pair. */
CT_FN static int ct_pi_pair_int(const ct_tuple *a, int64_t x, ct_tuple *out, ct_outcome *o) {
  ct_tuple t;
  ct_pi_int(&t, x);
  return ct_pi_pair(a, &t, out, o);
}

/* a itself if it is a tuple, else the 1-tuple (a). */
/* (a) for an integer a, else a: one node more than a generated shape, so
 * building it cannot fail (the code is dropped on purpose). */
CT_FN static void ct_pi_tupled(const ct_tuple *a, ct_tuple *out) {
  const ct_tuple *srcs[1];
  ct_err e;
  if (a->nd[0].kind == CT_TUPLE) {
    ct_t_copy(out, a);
    return;
  }
  srcs[0] = a;
  ct_discard(ct_t_make_tuple(out, srcs, 0, 1, &e));
}

/* |v| for every integer, 0 made 1: a tuple of positive divisors. */
CT_FN static void ct_pi_absnz(const ct_tuple *t, ct_tuple *out) {
  int j;
  ct_t_copy(out, t);
  for (j = 0; j < out->n; ++j) {
    int64_t v = out->nd[j].v;
    if (out->nd[j].kind != CT_INT) continue;
    out->nd[j].v = v == 0 || v == INT64_MIN ? 1 : v < 0 ? -v : v;
  }
}

/* The empty tuple (): one node, cannot fail. */
CT_FN static void ct_pi_empty(ct_tuple *t) {
  int h;
  ct_err e;
  ct_t_clear(t);
  ct_discard(ct_t_open(t, &h, &e));
  ct_discard(ct_t_close(t, h, &e));
}

CT_FN static int ct_pi_prod(const int64_t *x, int n, int64_t *p) {
  int k;
  *p = 1;
  for (k = 0; k < n; ++k)
    if (ct_mul_ovf(*p, x[k], p)) return 0;
  return 1;
}

/* A divisor of x >= 1 picked by h (x itself when x is large). */
CT_FN static int64_t ct_pi_divisor(int64_t x, uint64_t h) {
  int64_t d, cnt = 0, pick;
  if (x < 1) return 1;
  if (x > 4096) return h & 1 ? x : 1;
  for (d = 1; d <= x; ++d)
    if (x % d == 0) ++cnt;
  pick = (int64_t)(h % (uint64_t)cnt);
  for (d = 1; d <= x; ++d)
    if (x % d == 0 && pick-- == 0) return d;
  return x;
}

/* out := a coarsening of t: a tuple node may be replaced (hash h) by one
 * integer, the product of its leaves (vals == 0) or the value of vals' first
 * integer below the same node (vals congruent to t). No more nodes than t:
 * the building steps cannot fail (codes dropped). */
CT_FN static void ct_pi_coarsen(const ct_tuple *t, const ct_tuple *vals, uint64_t h, ct_tuple *out) {
  ct_walker w;
  ct_err e;
  int s;
  ct_t_clear(out);
  ct_walk_begin(&w, t, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    int i = w.at, j;
    if (s == CT_WALK_LEAF) {
      ct_discard(ct_t_push_int(out, vals ? vals->nd[i].v : t->nd[i].v, vals ? vals->nd[i].stat : t->nd[i].stat, &e));
      continue;
    }
    if (s == CT_WALK_OPEN && (w.depth >= CT_MAX_DEPTH || ct_mix64(h + (uint64_t)i) % (w.depth == 0 ? 8u : 3u) == 0)) {
      int64_t v = 1;
      if (vals) {
        for (j = i; j < i + t->nd[i].span; ++j)
          if (vals->nd[j].kind == CT_INT) {
            v = vals->nd[j].v;
            break;
          }
      } else {
        ct_val p;
        if (ct_t_product(t, i, &p, &e) == CT_OK) v = p.v;
      }
      ct_discard(ct_t_push_int(out, v, 0, &e));
      ct_walk_skip(&w);
      continue;
    }
    ct_discard(ct_walk_rebuild(&w, s, out, 0, &e));
  }
}

/* Index of the last integer of t, -1 if none. */
CT_FN static int ct_pi_last_int(const ct_tuple *t) {
  int j;
  for (j = t->n - 1; j >= 0 && t->nd[j].kind != CT_INT; --j) {
  }
  return j;
}

CT_FN static int ct_pi_same_profile(const ct_tuple *a, const ct_tuple *b) {
  int j;
  if (a->n != b->n) return 0;
  for (j = 0; j < a->n; ++j) {
    if (a->nd[j].kind != b->nd[j].kind) return 0;
    if (a->nd[j].kind == CT_TUPLE && a->nd[j].rank != b->nd[j].rank) return 0;
  }
  return 1;
}

/* The integers of the case: the shape's, the stride's (at most 12). */
CT_FN static int ct_pi_case_ints(const ct_case *c, int64_t *v) {
  int64_t a[CT_MAX_NODES];
  int n = 0, k, na;
  na = ct_pi_vals(&c->v[0].shape, 0, a);
  for (k = 0; k < na && n < 6; ++k) v[n++] = a[k];
  na = ct_pi_vals(&c->v[0].stride, 0, a);
  for (k = 0; k < na && n < 12; ++k) v[n++] = a[k];
  return n;
}

/* ---- product, sum (IT-1..IT-4) ---------------------------------------------- */

/* IT-1 / IT-3: product (red 0) or sum (red 1) of t equals the product or
 * sum of its integers. */
CT_FN static void ct_pi_check_fold(int red, const ct_tuple *t, const char *what, ct_outcome *o) {
  const char *op = red ? "sum" : "product";
  int64_t v[CT_MAX_NODES], want = red ? 0 : 1;
  ct_val got;
  ct_err e;
  int k, n = ct_pi_vals(t, 0, v);
  (void)what;
  (void)op;
  for (k = 0; k < n; ++k) /* an overflow: product!OVERFLOW / sum!OVERFLOW cover it */
    if (red ? ct_add_ovf(want, v[k], &want) : ct_mul_ovf(want, v[k], &want)) return;
  if ((red ? ct_it_sum(t, &got, &e) : ct_it_product(t, &got, &e)) != CT_OK) {
    CT_FAILS(o, "%s(%s) rejected: %s %s", op, what, ct_code_name(e.code), e.msg);
    return;
  }
  o->digest = ct_pi_vdig(o->digest, got.v);
  if (got.v != want)
    CT_FAILS(o, "%s(%s) = %lld, its integers %s %lld", op, what, (long long)got.v,
             red ? "add up to" : "multiply to", (long long)want);
}

/* The shape, the stride, an integer (its own product and sum) and (). */
CT_FN static void ct_pi_fold_prop(int red, const ct_case *c, ct_outcome *o) {
  ct_tuple t;
  ct_pi_check_fold(red, &c->v[0].shape, "shape", o);
  ct_pi_check_fold(red, &c->v[0].stride, "stride", o);
  ct_pi_int(&t, c->v[0].stride.nd[c->v[0].stride.n - 1].v);
  ct_pi_check_fold(red, &t, "an integer", o);
  ct_pi_empty(&t);
  ct_pi_check_fold(red, &t, "()", o);
}

CT_FN void ct_p_it_1(const ct_case *c, ct_outcome *o) { ct_pi_fold_prop(0, c, o); }

/* `red` 0: product, 1: sum */
CT_FN static ct_code ct_pi_reduce(int red, const ct_tuple *t, int64_t *out) {
  ct_val v;
  ct_err e;
  ct_code r = red ? ct_it_sum(t, &v, &e) : ct_it_product(t, &v, &e);
  *out = v.v;
  return r;
}

/* IT-2 / IT-4: the nesting does not matter. */
CT_FN static void ct_pi_check_nesting(int red, const ct_tuple *t, const char *what, ct_outcome *o) {
  const char *op = red ? "sum" : "product";
  ct_tuple f, sub;
  ct_err e;
  int64_t whole, flat, acc, part;
  int k;
  (void)op;
  (void)what;
  if (ct_pi_reduce(red, t, &whole) != CT_OK) return;
  o->digest = ct_pi_vdig(o->digest, whole);
  ct_discard(ct_t_flatten(t, &f, &e)); /* never more nodes than t: cannot fail */
  if (ct_pi_reduce(red, &f, &flat) != CT_OK || flat != whole) {
    CT_FAILS(o, "%s(%s) = %lld, %s(flatten) = %lld", op, what, (long long)whole, op, (long long)flat);
    return;
  }
  if (t->nd[0].kind != CT_TUPLE) return;
  acc = red ? 0 : 1;
  for (k = 0; k < t->nd[0].rank; ++k) {
    ct_t_sub(t, ct_t_child(t, 0, k), &sub);
    if (ct_pi_reduce(red, &sub, &part) != CT_OK) return;
    if (red ? ct_add_ovf(acc, part, &acc) : ct_mul_ovf(acc, part, &acc)) return;
  }
  if (acc != whole)
    CT_FAILS(o, "%s(%s) = %lld, combining its elements' %ss gives %lld", op, what, (long long)whole, op,
             (long long)acc);
}

CT_FN void ct_p_it_2(const ct_case *c, ct_outcome *o) {
  ct_pi_check_nesting(0, &c->v[0].shape, "shape", o);
  ct_pi_check_nesting(0, &c->v[0].stride, "stride", o);
}

CT_FN void ct_p_it_3(const ct_case *c, ct_outcome *o) { ct_pi_fold_prop(1, c, o); }

CT_FN void ct_p_it_4(const ct_case *c, ct_outcome *o) {
  ct_pi_check_nesting(1, &c->v[0].shape, "shape", o);
  ct_pi_check_nesting(1, &c->v[0].stride, "stride", o);
}

/* ---- inner_product (IT-5, IT-6) ---------------------------------------------- */

CT_FN static int ct_pi_dot(const int64_t *a, const int64_t *b, int n, int64_t *out) {
  int k;
  *out = 0;
  for (k = 0; k < n; ++k) {
    int64_t t;
    if (ct_mul_ovf(a[k], b[k], &t) || ct_add_ovf(*out, t, out)) return 0;
  }
  return 1;
}

CT_FN static void ct_pi_check_inner(const ct_tuple *a, const ct_tuple *b, int64_t want, const char *what,
                                    ct_outcome *o) {
  ct_val got;
  ct_err e;
  (void)what;
  if (ct_it_inner_product(a, b, &got, &e) != CT_OK) {
    CT_FAILS(o, "inner_product(%s) rejected: %s %s", what, ct_code_name(e.code), e.msg);
    return;
  }
  o->digest = ct_pi_vdig(o->digest, got.v);
  if (got.v != want) CT_FAILS(o, "inner_product(%s) = %lld, want %lld", what, (long long)got.v, (long long)want);
}

CT_FN void ct_p_it_5(const ct_case *c, ct_outcome *o) {
  const ct_tuple *S = &c->v[0].shape, *D = &c->v[0].stride;
  int64_t s[CT_MAX_NODES], d[CT_MAX_NODES], sd, ss, dd;
  int n = ct_pi_vals(S, 0, s);
  ct_pi_vals(D, 0, d);
  if (!ct_pi_dot(s, d, n, &sd) || !ct_pi_dot(s, s, n, &ss) || !ct_pi_dot(d, d, n, &dd)) return;
  ct_pi_check_inner(S, D, sd, "shape, stride", o);
  if (o->verdict == CT_PASS) ct_pi_check_inner(D, S, sd, "stride, shape (symmetry)", o);
  if (o->verdict == CT_PASS) ct_pi_check_inner(S, S, ss, "shape, shape: sum of squares", o);
  if (o->verdict == CT_PASS) ct_pi_check_inner(D, D, dd, "stride, stride: sum of squares", o);
}

CT_FN void ct_p_it_6(const ct_case *c, ct_outcome *o) {
  const ct_layout *L = &c->v[0];
  ct_tuple crd;
  ct_val got;
  ct_err e;
  int64_t i, n = ct_size(L);
  if (n < 0) return;
  if (n > CT_BRUTE_MAX) n = CT_BRUTE_MAX;
  for (i = 0; i < n; ++i) {
    int64_t want = ct_ev(L, i);
    if (ct_idx2crd(i, &L->shape, &crd, &e) != CT_OK) return;
    if (ct_it_inner_product(&crd, &L->stride, &got, &e) != CT_OK) {
      CT_FAILS(o, "inner_product(coordinate of %lld, stride) rejected: %s", (long long)i, e.msg);
      return;
    }
    o->digest = ct_pi_vdig(o->digest, got.v);
    if (got.v != want) {
      CT_FAILS(o, "inner_product(coordinate of %lld, stride) = %lld, L(%lld) = %lld", (long long)i, (long long)got.v,
               (long long)i, (long long)want);
      return;
    }
  }
}

/* ---- prefix_product (IT-7, IT-8) ---------------------------------------------- */

CT_FN static int ct_pi_prefix(const ct_tuple *t, int64_t init, ct_tuple *out, ct_outcome *o) {
  ct_val iv;
  ct_err e;
  int64_t v[CT_MAX_NODES], p = init;
  int k, n = ct_pi_vals(t, 0, v);
  for (k = 0; k + 1 < n; ++k) /* only the products a later integer needs */
    if (ct_mul_ovf(p, v[k], &p)) return 0;
  iv.v = init;
  iv.stat = 0;
  if (ct_it_prefix_product(t, iv, out, &e) != CT_OK) {
    CT_FAILS(o, "prefix_product(t, %lld) rejected: %s %s", (long long)init, ct_code_name(e.code), e.msg);
    return 0;
  }
  o->digest = ct_pi_tdig(o->digest, out);
  return 1;
}

CT_FN void ct_p_it_7(const ct_case *c, ct_outcome *o) {
  const ct_tuple *ts[2];
  int64_t inits[2];
  ct_tuple r, x;
  int a, b, j;
  ts[0] = &c->v[0].shape;
  ts[1] = &c->v[0].stride;
  inits[0] = 1;
  inits[1] = c->v[0].stride.nd[c->v[0].stride.n - 1].v;
  for (a = 0; a < 2; ++a)
    for (b = 0; b < 2; ++b) {
      if (!ct_pi_prefix(ts[a], inits[b], &r, o)) {
        if (o->verdict != CT_PASS) return;
        continue;
      }
      if (!ct_t_congruent(&r, 0, ts[a], 0)) {
        CT_FAILS(o, "prefix_product(%s, %lld) is not congruent to its argument", a ? "stride" : "shape",
                 (long long)inits[b]);
        return;
      }
      for (j = 0; j < r.n && r.nd[j].kind != CT_INT; ++j) {
      }
      if (j < r.n && r.nd[j].v != inits[b]) {
        CT_FAILS(o, "prefix_product(%s, %lld) starts with %lld", a ? "stride" : "shape", (long long)inits[b],
                 (long long)r.nd[j].v);
        return;
      }
    }
  ct_pi_int(&x, c->v[0].shape.nd[c->v[0].shape.n - 1].v); /* an integer t gives init */
  if (ct_pi_prefix(&x, inits[1], &r, o) && !(r.nd[0].kind == CT_INT && r.n == 1 && r.nd[0].v == inits[1]))
    CT_FAILS(o, "prefix_product(%lld, %lld) is not %lld", (long long)x.nd[0].v, (long long)inits[1],
             (long long)inits[1]);
}

CT_FN void ct_p_it_8(const ct_case *c, ct_outcome *o) {
  const ct_tuple *S = &c->v[0].shape, *D = &c->v[0].stride;
  int64_t t[CT_MAX_NODES], p[CT_MAX_NODES], init = D->nd[D->n - 1].v, last, whole, i, size;
  ct_tuple r;
  ct_layout L;
  ct_leaf_form F; /* L index after index */
  int k, n;
  /* consecutive integers, on the stride (signed) and a signed init */
  n = ct_pi_vals(D, 0, t);
  if (ct_pi_prefix(D, init, &r, o)) {
    ct_pi_vals(&r, 0, p);
    for (k = 0; k + 1 < n; ++k)
      if (p[k + 1] != p[k] * t[k]) {
        CT_FAILS(o, "prefix_product(stride, %lld): integer %d is %lld, want %lld*%lld", (long long)init, k + 1,
                 (long long)p[k + 1], (long long)p[k], (long long)t[k]);
        return;
      }
    if (n > 0 && ct_pi_prod(t, n, &whole) && !ct_mul_ovf(whole, init, &whole) &&
        !ct_mul_ovf(p[n - 1], t[n - 1], &last) && last != whole) {
      CT_FAILS(o, "prefix_product(stride, %lld): last*t_last = %lld, init*product = %lld", (long long)init,
               (long long)last, (long long)whole);
      return;
    }
  }
  /* t:prefix_product(t) maps the natural coordinate of i to i */
  if (!ct_pi_prefix(S, 1, &r, o)) return;
  ct_t_copy(&L.shape, S);
  ct_t_copy(&L.stride, &r);
  size = ct_size(&L);
  if (size > CT_BRUTE_MAX) size = CT_BRUTE_MAX;
  ct_lf_init(&F, &L);
  for (i = 0; i < size; ++i)
    if (ct_ev_form(&F, i) != i) {
      CT_FAILS(o, "shape:prefix_product(shape) maps %lld to %lld", (long long)i, (long long)ct_ev(&L, i));
      return;
    }
}

/* ---- shape_div, ceil_div on integers (IT-9, IT-13) ----------------------------- */

CT_FN static int ct_pi_sgn(int64_t x) { return (x > 0) - (x < 0); }

CT_FN static int ct_pi_divs(int64_t d, int64_t x) { return d != 0 && (d == 1 || d == -1 || x % d == 0); }

CT_FN void ct_p_it_9(const ct_case *c, ct_outcome *o) {
  int64_t v[12];
  int n = ct_pi_case_ints(c, v), x, y;
  uint64_t h = ct_pi_hc(c, 9);
  for (x = 0; x < n; ++x)
    for (y = 0; y < n; ++y) {
      int64_t a = v[x], b = v[y];
      ct_val av, bv, q;
      ct_err e;
      ct_code got;
      av.v = a;
      av.stat = 0;
      bv.v = b;
      bv.stat = 0;
      if ((uint64_t)(x * n + y) == h % (uint64_t)(n * n)) { /* one pair through the tuple interface */
        ct_tuple ta, tb, tq;
        ct_pi_int(&ta, a);
        ct_pi_int(&tb, b);
        got = ct_it_shape_div(&ta, &tb, &tq, &e);
        if (got == CT_OK && (tq.n != 1 || tq.nd[0].kind != CT_INT)) {
          CT_FAILS(o, "shape_div(%lld, %lld) is not an integer", (long long)a, (long long)b);
          return;
        }
        q.v = got == CT_OK ? tq.nd[0].v : 0;
      } else {
        got = ct_shape_div_int(av, bv, &q, &e);
      }
      o->digest = got == CT_OK ? ct_pi_vdig(o->digest, q.v) : ct_pi_vdig(o->digest, (int64_t)ct_digest_code(got));
      if (b == 0) {
        if (got != CT_DIVISION_BY_ZERO) CT_FAILS(o, "shape_div(%lld, 0): want DIVISION_BY_ZERO", (long long)a);
      } else if (ct_pi_divs(b, a)) {
        if (got != CT_OK || q.v * b != a)
          CT_FAILS(o, "shape_div(%lld, %lld): %lld divides it, want %lld", (long long)a, (long long)b, (long long)b,
                   (long long)(a / b));
      } else if (ct_pi_divs(a, b)) {
        if (got != CT_OK || q.v != ct_pi_sgn(a) * ct_pi_sgn(b))
          CT_FAILS(o, "shape_div(%lld, %lld): %lld divides %lld, want signum product %d", (long long)a, (long long)b,
                   (long long)a, (long long)b, ct_pi_sgn(a) * ct_pi_sgn(b));
      } else if (got != CT_NOT_DIVISIBLE) {
        CT_FAILS(o, "shape_div(%lld, %lld): neither divides the other, want NOT_DIVISIBLE, got %s", (long long)a,
                 (long long)b, got == CT_OK ? "a result" : ct_code_name(got));
      }
      if (o->verdict == CT_PASS && got == CT_OK && q.v != (a / b != 0 ? a / b : ct_pi_sgn(a) * ct_pi_sgn(b)))
        CT_FAILS(o, "shape_div(%lld, %lld) = %lld is not C++'s value", (long long)a, (long long)b, (long long)q.v);
      if (o->verdict != CT_PASS) return;
    }
}

CT_FN void ct_p_it_13(const ct_case *c, ct_outcome *o) {
  int64_t v[12];
  int n = ct_pi_case_ints(c, v), x, y;
  for (x = 0; x < n; ++x)
    for (y = 0; y < n; ++y) {
      int64_t a = v[x], b = v[y];
      ct_val av, bv, q;
      ct_err e;
      ct_code got;
      av.v = a;
      av.stat = 0;
      bv.v = b;
      bv.stat = 0;
      got = ct_ceil_div_int(av, bv, &q, &e);
      o->digest = got == CT_OK ? ct_pi_vdig(o->digest, q.v) : ct_pi_vdig(o->digest, (int64_t)ct_digest_code(got));
      if (b == 0) {
        if (got != CT_DIVISION_BY_ZERO) CT_FAILS(o, "ceil_div(%lld, 0): want DIVISION_BY_ZERO", (long long)a);
      } else if (got != CT_OK) {
        CT_FAILS(o, "ceil_div(%lld, %lld) rejected: %s", (long long)a, (long long)b, e.msg);
      } else if (b > 0 ? !(q.v * b >= a && a > (q.v - 1) * b) : !(q.v * b <= a && a < (q.v - 1) * b)) {
        CT_FAILS(o, "ceil_div(%lld, %lld) = %lld is not the least integer >= a/b", (long long)a, (long long)b,
                 (long long)q.v);
      } else if (a >= 0 && b > 0 && q.v != (a + b - 1) / b) {
        CT_FAILS(o, "ceil_div(%lld, %lld) = %lld, C++'s (a+b-1)/b = %lld", (long long)a, (long long)b, (long long)q.v,
                 (long long)((a + b - 1) / b));
      }
      if (o->verdict != CT_PASS) return;
    }
}

/* ---- shape_div, ceil_div on tuples (IT-10..IT-12, IT-14..IT-16) ----------------- */

/* Divisors to try for the tuple a (positive): k0+1, P_k*d with d | a_k,
 * product(a)*m, a hash-picked value in [1, product(a)]. Returns the count. */
CT_FN static int ct_pi_int_divisors(const ct_case *c, const ct_tuple *a, uint64_t salt, int64_t *b) {
  int64_t x[CT_MAX_NODES], P = 1, prod;
  uint64_t h = ct_pi_hc(c, salt);
  int n = ct_pi_vals(a, 0, x), k, m = 0, pick;
  if (n == 0 || !ct_pi_prod(x, n, &prod) || prod < 1) return 0;
  b[m++] = c->k[0] + 1 > 0 ? c->k[0] + 1 : 1;
  pick = (int)(h % (uint64_t)n);
  for (k = 0; k < pick; ++k) P *= x[k];
  b[m++] = P * ct_pi_divisor(x[pick], h >> 8);
  if (!ct_mul_ovf(prod, (int64_t)(1 + (h >> 20) % 3), &b[m])) ++m;
  b[m++] = 1 + (int64_t)((h >> 24) % (uint64_t)prod);
  return m;
}

/* IT-11 / IT-19: the first integer x_k with P_k | b and (b/P_k) | x_k; -1 if none. */
CT_FN static int ct_pi_split_at(const int64_t *x, int n, int64_t b, int64_t *bk) {
  int64_t P = 1;
  int k;
  for (k = 0; k < n; ++k) {
    if (b % P == 0 && x[k] % (b / P) == 0) {
      *bk = b / P;
      return k;
    }
    if (ct_mul_ovf(P, x[k], &P) || P > b) break;
  }
  return -1;
}

#if !CT_ON_DEVICE /* for messages only */
CT_FN static const char *ct_pi_cn(ct_code c) { return c == CT_OK ? "a result" : ct_code_name(c); }
#endif

CT_FN void ct_p_it_10(const ct_case *c, ct_outcome *o) {
  const ct_tuple *A = &c->v[0].shape;
  ct_tuple B[6], R;
  int64_t b[4];
  ct_err e;
  int nb = ct_pi_int_divisors(c, A, 10, b), k, j, ok = 0;
  uint64_t h = ct_pi_hc(c, 11);
  for (k = 0; k < nb && k < 4; ++k) ct_pi_int(&B[k], b[k]);
  ct_t_copy(&B[nb], A); /* a congruent tuple of divisors */
  for (j = 0; j < B[nb].n; ++j)
    if (B[nb].nd[j].kind == CT_INT) B[nb].nd[j].v = ct_pi_divisor(A->nd[j].v, ct_mix64(h + (uint64_t)j));
  ct_pi_absnz(&c->v[0].stride, &B[nb + 1]); /* a congruent tuple of random divisors */
  for (k = 0; k < nb + 2; ++k) {
    ct_code got = ct_it_shape_div(A, &B[k], &R, &e);
    o->digest = got == CT_OK ? ct_pi_tdig(o->digest, &R) : ct_pi_vdig(o->digest, (int64_t)ct_digest_code(got));
    if (got != CT_OK) continue;
    ++ok;
    if (!ct_t_congruent(&R, 0, A, 0)) {
      CT_FAILS(o, "shape_div(shape, divisor %d) is not congruent to the shape", k);
      return;
    }
  }
  if (!ok) o->verdict = CT_SKIPPED;
}

CT_FN void ct_p_it_11(const ct_case *c, ct_outcome *o) {
  ct_tuple A, R;
  int64_t b[4], x[CT_MAX_NODES], r[CT_MAX_NODES], prod, pr;
  ct_err e;
  int nb, n, k, q;
  ct_pi_tupled(&c->v[0].shape, &A);
  n = ct_pi_vals(&A, 0, x);
  nb = ct_pi_int_divisors(c, &A, 12, b);
  if (nb == 0 || !ct_pi_prod(x, n, &prod)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  for (q = 0; q < nb; ++q) {
    ct_tuple B;
    int64_t bk = 1;
    int split = ct_pi_split_at(x, n, b[q], &bk), whole = b[q] % prod == 0;
    ct_code got;
    ct_pi_int(&B, b[q]);
    got = ct_it_shape_div(&A, &B, &R, &e);
    o->digest = got == CT_OK ? ct_pi_tdig(o->digest, &R) : ct_pi_vdig(o->digest, (int64_t)ct_digest_code(got));
    if (split < 0 && !whole) {
      if (got != CT_NOT_DIVISIBLE)
        CT_FAILS(o, "shape_div(a, %lld): no integer splits evenly, want NOT_DIVISIBLE, got %s", (long long)b[q],
                 ct_pi_cn(got));
      if (o->verdict != CT_PASS) return;
      continue;
    }
    if (got != CT_OK) {
      CT_FAILS(o, "shape_div(a, %lld) rejected: %s", (long long)b[q], e.msg);
      return;
    }
    if (!ct_t_congruent(&R, 0, &A, 0) || ct_pi_vals(&R, 0, r) != n) {
      CT_FAILS(o, "shape_div(a, %lld) is not congruent to a", (long long)b[q]);
      return;
    }
    for (k = 0; k < n; ++k) {
      int64_t want = split < 0 ? 1 : k < split ? 1 : k == split ? x[k] / bk : x[k];
      if (r[k] != want) {
        CT_FAILS(o, "shape_div(a, %lld): integer %d is %lld, want %lld (split at %d)", (long long)b[q], k,
                 (long long)r[k], (long long)want, split);
        return;
      }
    }
    ct_pi_prod(r, n, &pr);
    if (!(prod % b[q] == 0 && pr * b[q] == prod) && !(whole && pr == 1)) {
      CT_FAILS(o, "shape_div(a, %lld): product %lld does not account for product(a) = %lld", (long long)b[q],
               (long long)pr, (long long)prod);
      return;
    }
  }
}

/* b for IT-12 / IT-16: rank rb (<= rank(a)); element i is a congruent tuple of
 * |stride| values, an integer P*d dividing a_i, or an integer from the stride.
 * No more nodes than a: the building steps cannot fail (codes dropped). */
CT_FN static void ct_pi_tuple_divisor(const ct_case *c, const ct_tuple *A, const ct_tuple *D, int rb, uint64_t h,
                                      ct_tuple *B) {
  ct_tuple Dn;
  ct_err e;
  int k, hdr;
  ct_pi_absnz(D, &Dn);
  ct_t_clear(B);
  ct_discard(ct_t_open(B, &hdr, &e));
  for (k = 0; k < rb; ++k) {
    int ia = ct_t_child(A, 0, k), kind = (int)(ct_mix64(h + (uint64_t)k) % 3);
    if (kind == 0) {
      ct_discard(ct_t_push_sub(B, &Dn, ia, &e));
    } else if (kind == 1) {
      int64_t x[CT_MAX_NODES], P = 1;
      int n = ct_pi_vals(A, ia, x), j, pick = n > 0 ? (int)(ct_mix64(h ^ (uint64_t)k) % (uint64_t)n) : 0;
      for (j = 0; j < pick; ++j) P *= x[j];
      ct_discard(ct_t_push_int(B, n > 0 ? P * ct_pi_divisor(x[pick], h >> 16) : 1, 0, &e));
    } else {
      ct_discard(ct_t_push_int(B, Dn.nd[ia + Dn.nd[ia].span - 1].v, 0, &e));
    }
  }
  ct_discard(ct_t_close(B, hdr, &e));
  (void)c;
}

/* op 0: shape_div, 1: ceil_div. Compares op(a, b) with op(a_i, b_i) by element
 * (1 for b's missing elements) and op(x, b) with op(x, product(b)). */
CT_FN static void ct_pi_check_by_element(int op, const ct_case *c, ct_outcome *o) {
  const char *name = op ? "ceil_div" : "shape_div";
  ct_tuple A, D, B, R, Ai, Bi, Ri, X, P;
  (void)name;
  ct_err e;
  ct_code got, want = CT_OK;
  uint64_t h = ct_pi_hc(c, 16 + (uint64_t)op);
  int k, ra, rb, ok = 1;
  ct_val pb;
  ct_pi_tupled(&c->v[0].shape, &A);
  ct_pi_tupled(&c->v[0].stride, &D);
  ra = A.nd[0].rank;
  rb = op ? (ra > 0 ? 1 + (int)(h % (uint64_t)ra) : 0) : ra;
  ct_pi_tuple_divisor(c, &A, &D, rb, h >> 4, &B);
  got = op ? ct_it_ceil_div(&A, &B, &R, &e) : ct_it_shape_div(&A, &B, &R, &e);
  o->digest = got == CT_OK ? ct_pi_tdig(0, &R) : ct_digest_code(got);
  for (k = 0; k < ra && want == CT_OK; ++k) {
    ct_t_sub(&A, ct_t_child(&A, 0, k), &Ai);
    if (k < rb)
      ct_t_sub(&B, ct_t_child(&B, 0, k), &Bi);
    else
      ct_pi_int(&Bi, 1);
    want = op ? ct_it_ceil_div(&Ai, &Bi, &Ri, &e) : ct_it_shape_div(&Ai, &Bi, &Ri, &e);
    if (want == CT_OK && got == CT_OK && !ct_t_equal(&R, ct_t_child(&R, 0, k), &Ri, 0, 0)) {
      CT_FAILS(o, "%s(a, b): element %d is not %s(a_%d, b_%d)", name, k, name, k, k);
      return;
    }
  }
  if (got != want) {
    CT_FAILS(o, "%s(a, b) gives %s, by element: %s", name, ct_pi_cn(got), ct_pi_cn(want));
    return;
  }
  if (got == CT_OK && (R.nd[0].kind != CT_TUPLE || R.nd[0].rank != ra)) {
    CT_FAILS(o, "%s(a, b) has rank %d, a has %d", name, ct_t_rank(&R, 0), ra);
    return;
  }
  /* integer / tuple: divide by the product */
  if (ct_t_product(&B, 0, &pb, &e) != CT_OK) return;
  ct_pi_int(&P, pb.v);
  for (k = 0; k < 3 && ok; ++k) {
    int64_t xv = k == 0 ? ct_size(&c->v[0]) : k == 1 ? D.nd[D.n - 1].v : c->k[0] + (int64_t)(h % 7);
    ct_tuple R1, R2;
    ct_code g1, g2;
    ct_pi_int(&X, xv);
    g1 = op ? ct_it_ceil_div(&X, &B, &R1, &e) : ct_it_shape_div(&X, &B, &R1, &e);
    g2 = op ? ct_it_ceil_div(&X, &P, &R2, &e) : ct_it_shape_div(&X, &P, &R2, &e);
    o->digest = ct_pi_vdig(o->digest, g1 == CT_OK ? R1.nd[0].v : (int64_t)g1);
    if (g1 != g2 || (g1 == CT_OK && !ct_t_equal(&R1, 0, &R2, 0, 0))) {
      CT_FAILS(o, "%s(%lld, b) = %s%lld, %s(%lld, product(b) = %lld) = %s%lld", name, (long long)xv,
               g1 ? ct_pi_cn(g1) : "", (long long)(g1 ? 0 : R1.nd[0].v), name, (long long)xv, (long long)pb.v,
               g2 ? ct_pi_cn(g2) : "", (long long)(g2 ? 0 : R2.nd[0].v));
      ok = 0;
    }
  }
}

CT_FN void ct_p_it_12(const ct_case *c, ct_outcome *o) { ct_pi_check_by_element(0, c, o); }

CT_FN void ct_p_it_14(const ct_case *c, ct_outcome *o) {
  const ct_tuple *A = &c->v[0].shape;
  ct_tuple B[6], R, At, Dt;
  int64_t b[4];
  ct_err e;
  int nb = ct_pi_int_divisors(c, A, 14, b), k, ok = 0;
  uint64_t h = ct_pi_hc(c, 15);
  for (k = 0; k < nb && k < 4; ++k) ct_pi_int(&B[k], b[k]);
  ct_pi_tupled(A, &At);
  ct_pi_tupled(&c->v[0].stride, &Dt);
  ct_pi_tuple_divisor(c, &At, &Dt, At.nd[0].rank > 0 ? 1 + (int)(h % (uint64_t)At.nd[0].rank) : 0, h >> 4, &B[nb]);
  for (k = 0; k < nb + 1; ++k) {
    const ct_tuple *a = k < nb ? A : &At;
    ct_code got = ct_it_ceil_div(a, &B[k], &R, &e);
    o->digest = got == CT_OK ? ct_pi_tdig(o->digest, &R) : ct_pi_vdig(o->digest, (int64_t)ct_digest_code(got));
    if (got != CT_OK) continue;
    ++ok;
    if (!ct_t_congruent(&R, 0, a, 0)) {
      CT_FAILS(o, "ceil_div(shape, divisor %d) is not congruent to the shape", k);
      return;
    }
  }
  if (!ok) o->verdict = CT_SKIPPED;
}

/* CuTe's tuple/integer ceil_div fold on the integers (positive): returns 0
 * when a step has a rest larger than the element and not a multiple of it. */
CT_FN static int ct_pi_cute_ceil_fold(const int64_t *x, int n, int64_t b, int64_t *q) {
  int64_t r = b;
  int k, exact = 1;
  for (k = 0; k < n; ++k) {
    if (r > x[k] && r % x[k] != 0) exact = 0;
    q[k] = x[k] / r + (x[k] % r != 0);
    r = r / x[k] + (r % x[k] != 0);
  }
  return exact;
}

CT_FN void ct_p_it_15(const ct_case *c, ct_outcome *o) {
  ct_tuple A, R, S;
  int64_t b[4], x[CT_MAX_NODES], r[CT_MAX_NODES], q[CT_MAX_NODES], prod, pr;
  ct_err e;
  int nb, n, k, j;
  ct_pi_tupled(&c->v[0].shape, &A);
  n = ct_pi_vals(&A, 0, x);
  nb = ct_pi_int_divisors(c, &A, 15, b);
  if (nb == 0 || !ct_pi_prod(x, n, &prod)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  for (j = 0; j < nb; ++j) {
    ct_tuple B;
    int exact = ct_pi_cute_ceil_fold(x, n, b[j], q), covers = b[j] >= prod;
    ct_code got, sgot;
    ct_pi_int(&B, b[j]);
    got = ct_it_ceil_div(&A, &B, &R, &e);
    o->digest = got == CT_OK ? ct_pi_tdig(o->digest, &R) : ct_pi_vdig(o->digest, (int64_t)ct_digest_code(got));
    if (!exact && !covers) {
      if (got != CT_NOT_DIVISIBLE)
        CT_FAILS(o, "ceil_div(a, %lld): the fold undercounts, want NOT_DIVISIBLE, got %s", (long long)b[j],
                 ct_pi_cn(got));
      if (o->verdict != CT_PASS) return;
      continue;
    }
    if (got != CT_OK) {
      CT_FAILS(o, "ceil_div(a, %lld) rejected: %s", (long long)b[j], e.msg);
      return;
    }
    if (!ct_t_congruent(&R, 0, &A, 0) || ct_pi_vals(&R, 0, r) != n) {
      CT_FAILS(o, "ceil_div(a, %lld) is not congruent to a", (long long)b[j]);
      return;
    }
    for (k = 0; k < n; ++k)
      if (r[k] != (covers ? 1 : q[k])) {
        CT_FAILS(o, "ceil_div(a, %lld): integer %d is %lld, %s %lld", (long long)b[j], k, (long long)r[k],
                 covers ? "b covers a, want" : "CuTe's fold gives", (long long)(covers ? 1 : q[k]));
        return;
      }
    if (!ct_pi_prod(r, n, &pr) || ct_mul_ovf(pr, b[j], &pr) || pr < prod) {
      CT_FAILS(o, "ceil_div(a, %lld): the tiles do not cover product(a) = %lld", (long long)b[j], (long long)prod);
      return;
    }
    sgot = ct_it_shape_div(&A, &B, &S, &e);
    if (sgot == CT_OK && !ct_t_equal(&S, 0, &R, 0, 0)) {
      CT_FAILS(o, "ceil_div(a, %lld) differs from shape_div(a, %lld)", (long long)b[j], (long long)b[j]);
      return;
    }
  }
}

CT_FN void ct_p_it_16(const ct_case *c, ct_outcome *o) { ct_pi_check_by_element(1, c, o); }

/* ---- elem_scale (IT-17, IT-18) ------------------------------------------------- */

/* a: a coarsening of the stride (signed values), b: the shape. */
CT_FN static int ct_pi_scale_case(const ct_case *c, ct_tuple *a, ct_tuple *r, ct_outcome *o) {
  ct_err e;
  ct_pi_coarsen(&c->v[0].shape, &c->v[0].stride, ct_pi_hc(c, 17), a);
  if (ct_it_elem_scale(a, &c->v[0].shape, r, &e) != CT_OK) {
    CT_FAILS(o, "elem_scale(a, b) rejected for a weakly congruent to b: %s %s", ct_code_name(e.code), e.msg);
    return 0;
  }
  o->digest = ct_pi_tdig(0, r);
  return 1;
}

CT_FN void ct_p_it_17(const ct_case *c, ct_outcome *o) {
  const ct_tuple *B = &c->v[0].shape;
  ct_tuple a, r;
  int i = 0, j = 0, k = 0;
  if (!ct_pi_scale_case(c, &a, &r, o)) return;
  if (!ct_t_congruent(&r, 0, &a, 0)) {
    CT_FAILS(o, "elem_scale(a, b) is not congruent to a");
    return;
  }
  while (i < a.n) { /* walk a and b in step: an integer of a meets a subtree of b */
    if (a.nd[i].kind == CT_INT) {
      ct_val p;
      ct_err e;
      int64_t want;
      if (ct_t_product(B, j, &p, &e) == CT_OK && !ct_mul_ovf(a.nd[i].v, p.v, &want) && r.nd[i].v != want) {
        CT_FAILS(o, "elem_scale: integer %d is %lld, want %lld*%lld", k, (long long)r.nd[i].v, (long long)a.nd[i].v,
                 (long long)p.v);
        return;
      }
      ++k;
      ++i;
      j += B->nd[j].span;
    } else {
      ++i;
      ++j;
    }
  }
}

CT_FN void ct_p_it_18(const ct_case *c, ct_outcome *o) {
  ct_tuple a, r;
  ct_val pa, pb, pr;
  ct_err e;
  int64_t want;
  if (!ct_pi_scale_case(c, &a, &r, o)) return;
  if (ct_t_product(&a, 0, &pa, &e) != CT_OK || ct_t_product(&c->v[0].shape, 0, &pb, &e) != CT_OK ||
      ct_mul_ovf(pa.v, pb.v, &want) || ct_t_product(&r, 0, &pr, &e) != CT_OK)
    return;
  if (pr.v != want)
    CT_FAILS(o, "product(elem_scale(a, b)) = %lld, product(a)*product(b) = %lld", (long long)pr.v, (long long)want);
}

/* ---- evenly_divides (IT-19..IT-21) ---------------------------------------------- */

CT_FN static int ct_pi_cute_evenly_int(const ct_tuple *a, int ia, int64_t b) {
  int64_t x[CT_MAX_NODES], q[CT_MAX_NODES], pa, pq;
  int n;
  x[0] = q[0] = 1;
  n = ct_pi_vals(a, ia, x);
  if (b < 1) return 0;
  ct_pi_cute_ceil_fold(x, n, b, q);
  if (!ct_pi_prod(x, n, &pa) || !ct_pi_prod(q, n, &pq) || ct_mul_ovf(pq, b, &pq)) return 0;
  return pa == pq;
}

/* CuTe's evenly_divides: a tuple b by mode, an integer b by sizes. */
CT_FN static int ct_pi_cute_evenly(const ct_tuple *a, int ia, const ct_tuple *b, int ib, int depth) {
  int k, rb;
  if (b->nd[ib].kind != CT_TUPLE) return ct_pi_cute_evenly_int(a, ia, b->nd[ib].v);
  rb = b->nd[ib].rank;
  if (rb > ct_t_rank(a, ia) || depth >= CT_MAX_DEPTH) return 0;
  for (k = 0; k < rb; ++k)
    if (!ct_pi_cute_evenly(a, ct_t_mode(a, ia, k), b, ct_t_child(b, ib, k), depth + 1)) return 0;
  return 1;
}

CT_FN static int ct_pi_evenly(const ct_tuple *a, const ct_tuple *b, int *out, ct_outcome *o) {
  ct_err e;
  if (ct_it_evenly_divides(a, b, out, &e) != CT_OK) {
    CT_FAILS(o, "evenly_divides rejected positive shapes: %s %s", ct_code_name(e.code), e.msg);
    return 0;
  }
  o->digest = ct_pi_vdig(o->digest, *out);
  return 1;
}

CT_FN void ct_p_it_19(const ct_case *c, ct_outcome *o) {
  const ct_tuple *A = &c->v[0].shape;
  int64_t b[4], x[CT_MAX_NODES], prod;
  int nb = ct_pi_int_divisors(c, A, 19, b), n = ct_pi_vals(A, 0, x), q;
  if (!ct_pi_prod(x, n, &prod)) return;
  for (q = 0; q < nb; ++q) {
    ct_tuple B, R;
    ct_err e;
    ct_val pr;
    int64_t bk, back;
    int got, by_div, by_split = ct_pi_split_at(x, n, b[q], &bk) >= 0;
    ct_pi_int(&B, b[q]);
    if (!ct_pi_evenly(A, &B, &got, o)) return;
    by_div = ct_it_shape_div(A, &B, &R, &e) == CT_OK && ct_t_product(&R, 0, &pr, &e) == CT_OK &&
             !ct_mul_ovf(pr.v, b[q], &back) && back == prod;
    if (got != by_div || got != by_split) {
      CT_FAILS(o, "evenly_divides(a, %lld) = %d; exact shape_div: %d, some P_k | b with (b/P_k) | a_k: %d",
               (long long)b[q], got, by_div, by_split);
      return;
    }
    if (A->nd[0].kind == CT_INT && got != (A->nd[0].v % b[q] == 0)) {
      CT_FAILS(o, "evenly_divides(%lld, %lld) = %d", (long long)A->nd[0].v, (long long)b[q], got);
      return;
    }
  }
}

/* A tuple b of rank 1..rank(a)+1: elements copies of a's modes, integers
 * dividing them, random integers, tuples of |stride| values. At most one
 * node more than a: the building steps cannot fail (codes dropped). */
CT_FN static void ct_pi_evenly_tuple(const ct_case *c, uint64_t h, ct_tuple *B) {
  const ct_tuple *A = &c->v[0].shape;
  ct_tuple Dn;
  ct_err e;
  int k, hdr, ra = ct_t_rank(A, 0), rb = 1 + (int)(h % (uint64_t)(ra + 1));
  ct_pi_absnz(&c->v[0].stride, &Dn);
  ct_t_clear(B);
  ct_discard(ct_t_open(B, &hdr, &e));
  for (k = 0; k < rb; ++k) {
    int ia = ct_t_mode(A, 0, k), kind = (int)(ct_mix64(h + (uint64_t)k) % 4);
    if (ia < 0) {
      ct_discard(ct_t_push_int(B, 1, 0, &e));
    } else if (kind == 0) {
      ct_discard(ct_t_push_sub(B, A, ia, &e));
    } else if (kind == 1) {
      int64_t x[CT_MAX_NODES], P = 1;
      int n = ct_pi_vals(A, ia, x), j, pick = n > 0 ? (int)(ct_mix64(h ^ (uint64_t)k) % (uint64_t)n) : 0;
      for (j = 0; j < pick; ++j) P *= x[j];
      ct_discard(ct_t_push_int(B, n > 0 ? P * ct_pi_divisor(x[pick], h >> 12) : 1, 0, &e));
    } else if (kind == 2) {
      ct_discard(ct_t_push_int(B, Dn.nd[ia].kind == CT_INT ? Dn.nd[ia].v : 1 + (int64_t)(h >> 40) % 6, 0, &e));
    } else {
      ct_discard(ct_t_push_sub(B, &Dn, ia, &e));
    }
  }
  ct_discard(ct_t_close(B, hdr, &e));
}

CT_FN void ct_p_it_20(const ct_case *c, ct_outcome *o) {
  const ct_tuple *A = &c->v[0].shape;
  ct_tuple B, Ai, Bi;
  int got, want, k, rb;
  ct_pi_evenly_tuple(c, ct_pi_hc(c, 20), &B);
  if (!ct_pi_evenly(A, &B, &got, o)) return;
  rb = B.nd[0].rank;
  want = rb <= ct_t_rank(A, 0);
  for (k = 0; k < rb && want; ++k) {
    int w;
    ct_t_sub(A, ct_t_mode(A, 0, k), &Ai);
    ct_t_sub(&B, ct_t_child(&B, 0, k), &Bi);
    if (!ct_pi_evenly(&Ai, &Bi, &w, o)) return;
    want = w;
  }
  if (got != want) CT_FAILS(o, "evenly_divides(a, b) = %d, rank and by mode: %d", got, want);
}

CT_FN void ct_p_it_21(const ct_case *c, ct_outcome *o) {
  const ct_tuple *A = &c->v[0].shape;
  ct_tuple B;
  int64_t b[4];
  int got, k, nb = ct_pi_int_divisors(c, A, 21, b);
  if (!ct_pi_evenly(A, A, &got, o)) return;
  if (!got) {
    CT_FAILS(o, "evenly_divides(a, a) is false");
    return;
  }
  ct_pi_int(&B, 1);
  if (!ct_pi_evenly(A, &B, &got, o)) return;
  if (!got) {
    CT_FAILS(o, "evenly_divides(a, 1) is false");
    return;
  }
  for (k = 0; k <= nb; ++k) {
    if (k < nb)
      ct_pi_int(&B, b[k]);
    else
      ct_pi_evenly_tuple(c, ct_pi_hc(c, 22), &B);
    if (!ct_pi_evenly(A, &B, &got, o)) return;
    if (got && !ct_pi_cute_evenly(A, 0, &B, 0, 0)) {
      CT_FAILS(o, "evenly_divides(a, b%d) is true, CuTe's is false", k);
      return;
    }
  }
}

/* ---- congruent, weakly_congruent, compatible (IT-22..IT-24) ----------------------- */

#define CT_PI_REL_N 6

CT_FN void ct_p_it_22(const ct_case *c, ct_outcome *o) {
  ct_tuple t[CT_PI_REL_N];
  int x, y, z;
  ct_t_copy(&t[0], &c->v[0].shape);
  ct_t_copy(&t[1], &c->v[0].stride);
  ct_t_copy(&t[2], &c->v[1].shape);
  ct_t_copy(&t[3], &c->v[1].stride);
  ct_pi_int(&t[4], c->v[0].shape.nd[0].v);
  ct_pi_int(&t[5], c->v[1].stride.nd[c->v[1].stride.n - 1].v - 7);
  for (x = 0; x < CT_PI_REL_N; ++x) {
    o->digest = ct_pi_tdig(o->digest, &t[x]);
    if (!ct_t_congruent(&t[x], 0, &t[x], 0)) {
      CT_FAILS(o, "congruent(t%d, t%d) is false", x, x);
      return;
    }
    for (y = 0; y < CT_PI_REL_N; ++y) {
      int xy = ct_t_congruent(&t[x], 0, &t[y], 0);
      o->digest = ct_pi_vdig(o->digest, xy);
      if (xy != ct_t_congruent(&t[y], 0, &t[x], 0)) {
        CT_FAILS(o, "congruent is not symmetric on t%d, t%d", x, y);
        return;
      }
      if (xy != ct_pi_same_profile(&t[x], &t[y])) {
        CT_FAILS(o, "congruent(t%d, t%d) = %d, same profile: %d", x, y, xy, !xy);
        return;
      }
      for (z = 0; z < CT_PI_REL_N && xy; ++z)
        if (ct_t_congruent(&t[y], 0, &t[z], 0) && !ct_t_congruent(&t[x], 0, &t[z], 0)) {
          CT_FAILS(o, "congruent is not transitive on t%d, t%d, t%d", x, y, z);
          return;
        }
    }
  }
  if (!ct_t_congruent(&t[4], 0, &t[5], 0)) CT_FAILS(o, "two integers are not congruent");
}

CT_FN void ct_p_it_23(const ct_case *c, ct_outcome *o) {
  ct_tuple t[CT_PI_REL_N];
  int x, y, z;
  ct_pi_coarsen(&c->v[0].shape, &c->v[0].stride, ct_pi_hc(c, 23), &t[0]);
  ct_t_copy(&t[1], &c->v[0].shape);
  ct_t_copy(&t[2], &c->v[1].shape);
  ct_pi_coarsen(&c->v[1].stride, 0, ct_pi_hc(c, 24), &t[3]);
  ct_pi_coarsen(&t[0], 0, ct_pi_hc(c, 25), &t[4]);
  ct_pi_int(&t[5], c->k[0] + 3);
  if (!ct_t_weakly_congruent(&t[0], 0, &t[1], 0) || !ct_t_weakly_congruent(&t[4], 0, &t[0], 0) ||
      !ct_t_weakly_congruent(&t[3], 0, &c->v[1].stride, 0)) {
    CT_FAILS(o, "a coarsening of t is not weakly congruent to t");
    return;
  }
  for (x = 0; x < CT_PI_REL_N; ++x) {
    o->digest = ct_pi_tdig(o->digest, &t[x]);
    if (!ct_t_weakly_congruent(&t[x], 0, &t[x], 0)) {
      CT_FAILS(o, "weakly_congruent(t%d, t%d) is false", x, x);
      return;
    }
    if (!ct_t_weakly_congruent(&t[5], 0, &t[x], 0)) {
      CT_FAILS(o, "an integer is not weakly congruent to t%d", x);
      return;
    }
    for (y = 0; y < CT_PI_REL_N; ++y) {
      int xy = ct_t_weakly_congruent(&t[x], 0, &t[y], 0), yx = ct_t_weakly_congruent(&t[y], 0, &t[x], 0);
      o->digest = ct_pi_vdig(o->digest, xy);
      if ((xy && yx) != ct_t_congruent(&t[x], 0, &t[y], 0)) {
        CT_FAILS(o, "congruent(t%d, t%d) is not weakly_congruent both ways", x, y);
        return;
      }
      for (z = 0; z < CT_PI_REL_N && xy; ++z)
        if (ct_t_weakly_congruent(&t[y], 0, &t[z], 0) && !ct_t_weakly_congruent(&t[x], 0, &t[z], 0)) {
          CT_FAILS(o, "weakly_congruent is not transitive on t%d, t%d, t%d", x, y, z);
          return;
        }
    }
  }
}

CT_FN void ct_p_it_24(const ct_case *c, ct_outcome *o) {
  ct_tuple t[CT_PI_REL_N];
  int x, y, z;
  ct_t_copy(&t[0], &c->v[0].shape);
  ct_pi_coarsen(&t[0], 0, ct_pi_hc(c, 24), &t[1]);
  ct_pi_coarsen(&t[1], 0, ct_pi_hc(c, 25), &t[2]);
  ct_t_copy(&t[3], &c->v[1].shape);
  ct_pi_coarsen(&t[3], 0, ct_pi_hc(c, 26), &t[4]);
  ct_pi_int(&t[5], ct_size(&c->v[0]));
  if (!ct_t_compatible(&t[1], 0, &t[0], 0) || !ct_t_compatible(&t[2], 0, &t[1], 0) ||
      !ct_t_compatible(&t[4], 0, &t[3], 0)) {
    CT_FAILS(o, "a coarsening of t by sizes is not compatible with t");
    return;
  }
  for (x = 0; x < CT_PI_REL_N; ++x) {
    o->digest = ct_pi_tdig(o->digest, &t[x]);
    if (!ct_t_compatible(&t[x], 0, &t[x], 0)) {
      CT_FAILS(o, "compatible(t%d, t%d) is false", x, x);
      return;
    }
    for (y = 0; y < CT_PI_REL_N; ++y) {
      int xy = ct_t_compatible(&t[x], 0, &t[y], 0);
      o->digest = ct_pi_vdig(o->digest, xy);
      if (!xy) continue;
      if (ct_t_compatible(&t[y], 0, &t[x], 0) && !ct_t_equal(&t[x], 0, &t[y], 0, 0)) {
        CT_FAILS(o, "compatible both ways on t%d, t%d, which differ", x, y);
        return;
      }
      {
        ct_val px, py;
        ct_err e;
        if (!ct_t_weakly_congruent(&t[x], 0, &t[y], 0) || ct_t_product(&t[x], 0, &px, &e) != CT_OK ||
            ct_t_product(&t[y], 0, &py, &e) != CT_OK || px.v != py.v) {
          CT_FAILS(o, "compatible(t%d, t%d) without weak congruence and equal products", x, y);
          return;
        }
      }
      for (z = 0; z < CT_PI_REL_N; ++z)
        if (ct_t_compatible(&t[y], 0, &t[z], 0) && !ct_t_compatible(&t[x], 0, &t[z], 0)) {
          CT_FAILS(o, "compatible is not transitive on t%d, t%d, t%d", x, y, z);
          return;
        }
    }
  }
}

/* ---- error codes (Preconditions) ------------------------------------------------- */

/* A result or a code: fails unless it is `want`. */
CT_FN static void ct_pi_want(ct_code got, ct_code want, const char *what, ct_outcome *o) {
  (void)what;
  o->digest = ct_pi_vdig(o->digest, (int64_t)ct_digest_code(got));
  if (got != want && o->verdict == CT_PASS) CT_FAILS(o, "%s: got %s, want %s", what, ct_pi_cn(got), ct_code_name(want));
}

/* `_` in an argument: every operation of the page. */
CT_FN void ct_p_it_e_arg(const ct_case *c, ct_outcome *o) {
  ct_tuple A, S = c->v[0].shape, R;
  ct_val v, init;
  ct_err e;
  int j = ct_pi_last_int(&S), b, yes;
  if (j < 0) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_t_copy(&A, &S);
  A.nd[j].kind = CT_ALL; /* the last integer is `_` */
  A.nd[j].v = 0;
  init.v = 1;
  init.stat = 1;
  ct_pi_want(ct_it_product(&A, &v, &e), CT_ARG_TYPE, "product", o);
  ct_pi_want(ct_it_sum(&A, &v, &e), CT_ARG_TYPE, "sum", o);
  ct_pi_want(ct_it_prefix_product(&A, init, &R, &e), CT_ARG_TYPE, "prefix_product", o);
  for (b = 0; b < 2; ++b) { /* `_` in the first, then in the second argument */
    const ct_tuple *x = b ? &S : &A, *y = b ? &A : &S;
    ct_pi_want(ct_it_inner_product(x, y, &v, &e), CT_ARG_TYPE, "inner_product", o);
    ct_pi_want(ct_it_shape_div(x, y, &R, &e), CT_ARG_TYPE, "shape_div", o);
    ct_pi_want(ct_it_ceil_div(x, y, &R, &e), CT_ARG_TYPE, "ceil_div", o);
    ct_pi_want(ct_it_elem_scale(x, y, &R, &e), CT_ARG_TYPE, "elem_scale", o);
    ct_pi_want(ct_it_evenly_divides(x, y, &yes, &e), CT_ARG_TYPE, "evenly_divides", o);
  }
}

CT_FN void ct_p_it_e_product_ovf(const ct_case *c, ct_outcome *o) {
  ct_tuple a, b;
  ct_val v;
  ct_err e;
  if (!ct_pi_pair_int(&c->v[0].shape, 4294967296LL, &a, o)) return;
  if (!ct_pi_pair_int(&a, 4294967296LL, &b, o)) return; /* ((S, 2^32), 2^32): at least 2^64 */
  ct_pi_want(ct_it_product(&b, &v, &e), CT_OVERFLOW, "product((S, 2^32), 2^32)", o);
}

CT_FN void ct_p_it_e_sum_ovf(const ct_case *c, ct_outcome *o) {
  ct_tuple a;
  ct_val v;
  ct_err e;
  if (!ct_pi_pair_int(&c->v[0].shape, INT64_MAX, &a, o)) return;
  ct_pi_want(ct_it_sum(&a, &v, &e), CT_OVERFLOW, "sum((S, 2^63-1))", o);
}

CT_FN void ct_p_it_e_inner_ovf(const ct_case *c, ct_outcome *o) {
  ct_tuple a, b;
  ct_val v;
  ct_err e;
  if (!ct_pi_pair_int(&c->v[0].shape, 4294967296LL, &a, o)) return;
  if (!ct_pi_pair_int(&c->v[0].stride, 4294967296LL, &b, o)) return;
  ct_pi_want(ct_it_inner_product(&a, &b, &v, &e), CT_OVERFLOW, "inner_product((S, 2^32), (D, 2^32))", o);
}

CT_FN void ct_p_it_e_inner_cong(const ct_case *c, ct_outcome *o) {
  ct_tuple b;
  ct_val v;
  ct_err e;
  if (!ct_pi_pair_int(&c->v[0].stride, 1, &b, o)) return; /* (D, 1) is never congruent to S */
  ct_pi_want(ct_it_inner_product(&c->v[0].shape, &b, &v, &e), CT_NOT_CONGRUENT, "inner_product(S, (D, 1))", o);
}

CT_FN void ct_p_it_e_prefix_ovf(const ct_case *c, ct_outcome *o) {
  ct_tuple a, b, d;
  ct_val init;
  ct_err e;
  if (!ct_pi_pair_int(&c->v[0].shape, 4294967296LL, &a, o)) return;
  if (!ct_pi_pair_int(&a, 4294967296LL, &b, o)) return;
  if (!ct_pi_pair_int(&b, 2, &d, o)) return; /* the last integer needs size*2^64 */
  init.v = 1;
  init.stat = 0;
  ct_pi_want(ct_it_prefix_product(&d, init, &a, &e), CT_OVERFLOW, "prefix_product(((S, 2^32), 2^32), 2)", o);
}

CT_FN void ct_p_it_e_scale_ovf(const ct_case *c, ct_outcome *o) {
  ct_tuple a, b, big, x;
  ct_err e;
  if (ct_pi_hc(c, 30) & 1) { /* a_k * product(b_k) */
    if (!ct_pi_pair_int(&c->v[0].stride, 4294967296LL, &a, o)) return;
    if (!ct_pi_pair_int(&c->v[0].shape, 4294967296LL, &b, o)) return;
  } else { /* product(b_k) itself */
    ct_pi_int(&x, 4294967296LL);
    if (!ct_pi_pair(&x, &x, &big, o)) return;
    if (!ct_pi_pair_int(&c->v[0].shape, 3, &a, o)) return;
    if (!ct_pi_pair(&c->v[0].shape, &big, &b, o)) return;
  }
  ct_pi_want(ct_it_elem_scale(&a, &b, &x, &e), CT_OVERFLOW, "elem_scale with a 2^64 integer", o);
}

CT_FN void ct_p_it_e_scale_cong(const ct_case *c, ct_outcome *o) {
  const ct_tuple *B = &c->v[0].shape;
  ct_tuple a, r;
  ct_err e;
  ct_code rc = CT_OK;
  int k, hdr, ra = B->nd[0].kind == CT_TUPLE ? B->nd[0].rank + 1 : 2;
  ct_t_clear(&a);
  ct_step(&rc, ct_t_open(&a, &hdr, &e));
  for (k = 0; k < ra; ++k) ct_step(&rc, ct_t_push_int(&a, 1, 0, &e));
  ct_step(&rc, ct_t_close(&a, hdr, &e));
  if (ct_build_failed(rc, o, "(1,...)")) return;
  ct_pi_want(ct_it_elem_scale(&a, B, &r, &e), CT_NOT_CONGRUENT, "elem_scale((1,...), S) with one element too many", o);
}

/* op 0 shape_div, 1 ceil_div */
CT_FN static void ct_pi_div_expect(int op, const ct_tuple *a, const ct_tuple *b, ct_code want, const char *what,
                                   ct_outcome *o) {
  ct_tuple r;
  ct_err e;
  ct_pi_want(op ? ct_it_ceil_div(a, b, &r, &e) : ct_it_shape_div(a, b, &r, &e), want, what, o);
}

CT_FN static void ct_pi_div_by_zero(int op, const ct_case *c, ct_outcome *o) {
  const ct_tuple *A = &c->v[0].shape;
  ct_tuple z, b;
  int j;
  ct_pi_int(&z, 0);
  ct_pi_div_expect(op, A, &z, CT_DIVISION_BY_ZERO, "a / 0", o);
  ct_t_copy(&b, A); /* a copy of a with its last integer 0: every other element divides */
  j = ct_pi_last_int(&b);
  if (j < 0) return;
  b.nd[j].v = 0;
  ct_pi_div_expect(op, A, &b, CT_DIVISION_BY_ZERO, "a / (a with an integer 0)", o);
  ct_pi_int(&z, c->v[0].stride.nd[0].v);
  ct_pi_div_expect(op, &z, &b, CT_DIVISION_BY_ZERO, "x / (a tuple of product 0)", o);
}

CT_FN void ct_p_it_sd_e_zero(const ct_case *c, ct_outcome *o) { ct_pi_div_by_zero(0, c, o); }
CT_FN void ct_p_it_cd_e_zero(const ct_case *c, ct_outcome *o) { ct_pi_div_by_zero(1, c, o); }

CT_FN void ct_p_it_sd_e_div(const ct_case *c, ct_outcome *o) {
  ct_tuple a, b;
  ct_val p;
  ct_err e;
  int64_t x = c->v[0].shape.nd[c->v[0].shape.n - 1].v;
  if (x >= 2) { /* x / (x+1): consecutive integers */
    ct_pi_int(&a, x);
    ct_pi_int(&b, x + 1);
    ct_pi_div_expect(0, &a, &b, CT_NOT_DIVISIBLE, "x / (x+1)", o);
  }
  ct_pi_tupled(&c->v[0].shape, &a);
  if (ct_t_product(&a, 0, &p, &e) != CT_OK || p.v < 2) {
    if (x < 2) o->verdict = CT_SKIPPED;
    return;
  }
  ct_pi_int(&b, p.v + 1); /* no P_k divides it but 1, and it exceeds every integer */
  ct_pi_div_expect(0, &a, &b, CT_NOT_DIVISIBLE, "a / (product(a)+1)", o);
}

CT_FN static void ct_pi_div_cong(int op, const ct_case *c, ct_outcome *o) {
  ct_tuple a, b;
  ct_err e;
  ct_code rc = CT_OK;
  int k, hdr, ra;
  ct_pi_tupled(&c->v[0].shape, &a);
  ra = a.nd[0].rank;
  ct_t_clear(&b);
  ct_step(&rc, ct_t_open(&b, &hdr, &e));
  for (k = 0; k <= ra; ++k) ct_step(&rc, ct_t_push_int(&b, 1, 0, &e));
  ct_step(&rc, ct_t_close(&b, hdr, &e));
  if (ct_build_failed(rc, o, "(1,...)")) return;
  ct_pi_div_expect(op, &a, &b, CT_NOT_CONGRUENT, "a / (1,...) of rank rank(a)+1", o);
  if (op == 0 && ra >= 2) { /* shape_div also needs equal ranks */
    b.nd[0].rank = (uint8_t)(ra - 1);
    b.nd[0].span = (uint16_t)ra;
    b.n = ra;
    ct_pi_div_expect(op, &a, &b, CT_NOT_CONGRUENT, "a / (1,...) of rank rank(a)-1", o);
  }
}

CT_FN void ct_p_it_sd_e_cong(const ct_case *c, ct_outcome *o) { ct_pi_div_cong(0, c, o); }
CT_FN void ct_p_it_cd_e_cong(const ct_case *c, ct_outcome *o) { ct_pi_div_cong(1, c, o); }

CT_FN static void ct_pi_div_pos(int op, const ct_case *c, ct_outcome *o) {
  ct_tuple a, b;
  int j;
  ct_pi_tupled(&c->v[0].shape, &a);
  j = ct_pi_last_int(&a);
  if (j < 0) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_pi_int(&b, -(int64_t)(1 + ct_pi_hc(c, 31) % 4));
  ct_pi_div_expect(op, &a, &b, CT_SHAPE_NOT_POSITIVE, "a / (negative integer)", o);
  a.nd[j].v = -a.nd[j].v + (int64_t)(ct_pi_hc(c, 32) % 2); /* <= 0 */
  ct_pi_int(&b, 1 + c->v[0].shape.nd[0].v);
  ct_pi_div_expect(op, &a, &b, CT_SHAPE_NOT_POSITIVE, "(a with an integer <= 0) / b", o);
}

CT_FN void ct_p_it_sd_e_pos(const ct_case *c, ct_outcome *o) { ct_pi_div_pos(0, c, o); }
CT_FN void ct_p_it_cd_e_pos(const ct_case *c, ct_outcome *o) { ct_pi_div_pos(1, c, o); }

CT_FN static void ct_pi_div_ovf(int op, const ct_case *c, ct_outcome *o) {
  ct_tuple a, b;
  ct_pi_int(&a, INT64_MIN);
  ct_pi_int(&b, -1);
  ct_pi_div_expect(op, &a, &b, CT_OVERFLOW, "-2^63 / -1", o);
  if (!ct_pi_pair_int(&c->v[0].shape, INT64_MIN, &a, o)) return; /* by element: S/S, then -2^63/-1 */
  if (!ct_pi_pair_int(&c->v[0].shape, -1, &b, o)) return;
  ct_pi_div_expect(op, &a, &b, CT_OVERFLOW, "(S, -2^63) / (S, -1)", o);
}

CT_FN void ct_p_it_sd_e_ovf(const ct_case *c, ct_outcome *o) { ct_pi_div_ovf(0, c, o); }
CT_FN void ct_p_it_cd_e_ovf(const ct_case *c, ct_outcome *o) { ct_pi_div_ovf(1, c, o); }

CT_FN void ct_p_it_cd_e_div(const ct_case *c, ct_outcome *o) {
  ct_tuple x, a, b;
  int64_t v = c->v[0].shape.nd[c->v[0].shape.n - 1].v;
  if (v < 2) v = 2 + (int64_t)(ct_pi_hc(c, 33) % 4);
  ct_pi_int(&x, v);
  if (!ct_pi_pair(&x, &c->v[0].shape, &a, o)) return; /* (x, S): the first rest x+1 exceeds x, not a multiple */
  ct_pi_int(&b, v + 1);
  if (ct_size(&c->v[0]) < 2 && !ct_pi_pair_int(&x, 5, &a, o)) return;
  ct_pi_div_expect(1, &a, &b, CT_NOT_DIVISIBLE, "(x, S) / (x+1)", o);
}

CT_FN void ct_p_it_ed_e_pos(const ct_case *c, ct_outcome *o) {
  ct_tuple a, b;
  ct_err e;
  int out, j;
  ct_pi_int(&b, -(int64_t)(ct_pi_hc(c, 34) % 3)); /* 0 or negative */
  ct_pi_want(ct_it_evenly_divides(&c->v[0].shape, &b, &out, &e), CT_SHAPE_NOT_POSITIVE, "evenly_divides(S, b <= 0)", o);
  ct_t_copy(&a, &c->v[0].shape);
  j = ct_pi_last_int(&a);
  if (j < 0) return;
  a.nd[j].v = -a.nd[j].v + 1;
  ct_pi_int(&b, 1);
  ct_pi_want(ct_it_evenly_divides(&a, &b, &out, &e), CT_SHAPE_NOT_POSITIVE, "evenly_divides(a with an integer <= 0, 1)",
             o);
  ct_pi_want(ct_it_evenly_divides(&c->v[0].shape, &a, &out, &e), CT_SHAPE_NOT_POSITIVE,
             "evenly_divides(S, b with an integer <= 0)", o);
}
