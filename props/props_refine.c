/* props_refine.c -- properties of spec/refine.md. A case's two shapes come
 * from its layouts and its digest: two coarsenings of one shape (so a common
 * refinement exists, that shape), a shape and its flattening, or two random
 * shapes; what a check needs besides the reference (compatibility, leaves,
 * cuts) is computed here, apart from ref/refine.c. */
#include "props/props.h"
#include "props/props_list.h"
#include "props/rng.h"
#include "ref/refine.h"
#include "ref/composition.h"
#include "ref/coalesce.h"

CT_FN static uint64_t ct_pf_hash(const ct_case *c, int salt) {
  return ct_mix64(ct_digest_layout(&c->v[0]) ^ ct_mix64((uint64_t)salt + 0x52454649ull));
}

/* Open tuples of a copy being built (as in a preorder walk). */
typedef struct {
  int n;
  int hdr[CT_MAX_DEPTH + 1];
  int left[CT_MAX_DEPTH + 1];
} ct_pf_stack;

CT_FN static ct_code ct_pf_done(ct_pf_stack *s, ct_tuple *out, ct_err *e) {
  while (s->n > 0) {
    if (--s->left[s->n - 1] > 0) return CT_OK;
    CT_TRY(ct_t_close(out, s->hdr[s->n - 1], e));
    s->n -= 1;
  }
  return CT_OK;
}

/* A copy of t where some tuples (chosen by h) are replaced by their size,
 * and, when bump, one integer leaf (chosen by h) is one larger. Every
 * coarsening of t is compatible with t (IT-24); a bumped copy has another
 * size. */
CT_FN static ct_code ct_pf_coarsen(const ct_tuple *t, uint64_t h, int bump, ct_tuple *out, ct_err *e) {
  ct_pf_stack s;
  int k = 0, leaf = 0, nleaves = 0, which, j;
  for (j = 0; j < t->n; ++j) nleaves += t->nd[j].kind == CT_INT;
  which = nleaves ? (int)(ct_mix64(h ^ 0xB0B) % (uint64_t)nleaves) : 0;
  s.n = 0;
  ct_t_clear(out);
  while (k < t->n) {
    const ct_node *x = &t->nd[k];
    if (x->kind == CT_TUPLE && !bump && (ct_mix64(h + (uint64_t)k) & 3) == 0) {
      ct_val z;
      CT_TRY(ct_t_product(t, k, &z, e));
      CT_TRY(ct_t_push_int(out, z.v, z.stat, e));
      k += x->span;
      CT_TRY(ct_pf_done(&s, out, e));
      continue;
    }
    if (x->kind == CT_TUPLE) {
      int hd;
      CT_TRY(ct_t_open(out, &hd, e));
      ++k;
      if (x->rank == 0) {
        CT_TRY(ct_t_close(out, hd, e));
        CT_TRY(ct_pf_done(&s, out, e));
        continue;
      }
      s.hdr[s.n] = hd;
      s.left[s.n] = x->rank;
      s.n += 1;
      continue;
    }
    CT_TRY(ct_t_push_int(out, x->v + (bump && leaf == which ? 1 : 0), x->stat, e));
    leaf += 1;
    ++k;
    CT_TRY(ct_pf_done(&s, out, e));
  }
  return CT_OK;
}

/* The case's two shapes; *common is 1 when both coarsen shape(v0) (then
 * *C, shape(v0), is a common refinement). Kinds, by the digest: two
 * coarsenings of shape(v0); shape(v0) and a coarsening; a coarsening and
 * flatten(shape(v0)); shape(v0) and shape(v1). */
CT_FN static ct_code ct_pf_pair(const ct_case *c, int salt, ct_tuple *a, ct_tuple *b, int *common, ct_err *e) {
  const ct_tuple *S = &c->v[0].shape;
  uint64_t h = ct_pf_hash(c, salt);
  int kind = (int)(h % 4);
  *common = kind < 2;
  if (kind == 0) {
    CT_TRY(ct_pf_coarsen(S, ct_mix64(h + 1), 0, a, e));
    return ct_pf_coarsen(S, ct_mix64(h + 2), 0, b, e);
  }
  if (kind == 1) {
    *a = *S;
    return ct_pf_coarsen(S, ct_mix64(h + 3), 0, b, e);
  }
  if (kind == 2) {
    CT_TRY(ct_pf_coarsen(S, ct_mix64(h + 4), 0, a, e));
    return ct_t_flatten(S, b, e);
  }
  *a = *S;
  *b = c->v[1].shape;
  return CT_OK;
}

/* A check's own step failed: skip at a representation limit, else fail. */
CT_FN static int ct_pf_step_failed(ct_code rc, ct_outcome *o, const char *what) {
  if (rc == CT_OK) return 0;
  if (ct_code_is_limit(rc)) o->verdict = CT_SKIPPED;
  else CT_FAILS(o, "%s: %s", what, ct_code_name(rc));
  return 1;
}

/* An accepted answer where one is required; skipped at a limit. */
CT_FN static int ct_pf_answer(ct_code rc, int required, const ct_err *e, ct_outcome *o, const char *id) {
  o->digest = ct_digest_code(rc);
  if (rc == CT_OK) return 1;
  if (ct_code_is_limit(rc)) o->verdict = CT_SKIPPED;
  else if (required) CT_FAILS(o, "%s: rejected (%s %s) although an answer exists", id, ct_code_name(rc), e->msg);
  return 0;
}

CT_FN static uint64_t ct_pf_digest_tuple(const ct_tuple *t) {
  ct_layout L;
  L.shape = *t;
  L.stride = *t;
  return ct_digest_layout(&L);
}

/* REFINE-1: compatible(a, R) and compatible(b, R). */
CT_FN void ct_p_refine_1(const ct_case *c, ct_outcome *o) {
  ct_tuple a, b, R;
  ct_err e;
  ct_judgement j;
  int common;
  ct_code rc;
  if (ct_pf_step_failed(ct_pf_pair(c, 1, &a, &b, &common, &e), o, "building the shapes")) return;
  rc = ct_common_refinement(&a, &b, &R, &e);
  if (!ct_pf_answer(rc, common, &e, o, "REFINE-1")) return;
  o->digest = ct_pf_digest_tuple(&R);
  ct_judge_refine_1(&a, &b, &R, &j); /* judge/judge_refine.c */
  ct_judged(&j, o);
}

/* REFINE-2: the least: compatible(R, C) for the common refinement C =
 * shape(v0) that both shapes were coarsened from. */
CT_FN void ct_p_refine_2(const ct_case *c, ct_outcome *o) {
  ct_tuple a, b, R;
  ct_err e;
  ct_judgement j;
  int common;
  ct_code rc;
  if (ct_pf_step_failed(ct_pf_pair(c, 2, &a, &b, &common, &e), o, "building the shapes")) return;
  if (!common) {
    o->verdict = CT_SKIPPED;
    return;
  }
  rc = ct_common_refinement(&a, &b, &R, &e);
  if (!ct_pf_answer(rc, 1, &e, o, "REFINE-2")) return;
  o->digest = ct_pf_digest_tuple(&R);
  ct_judge_refine_2(&a, &b, &R, &j); /* the equivalent form: tuples only where a or b has one */
  ct_judged(&j, o);
  if (o->verdict == CT_PASS && !ct_t_compatible(&R, 0, &c->v[0].shape, 0))
    CT_FAILS(o, "REFINE-2: a common refinement (shape(v0)) does not refine the result: it is not the least");
}

/* REFINE-3: accepted where an answer exists, symmetric, and equal to b
 * exactly when compatible(a, b). */
CT_FN void ct_p_refine_3(const ct_case *c, ct_outcome *o) {
  ct_tuple a, b, R, Q;
  ct_err e;
  int common, cab;
  ct_code rc, rq;
  if (ct_pf_step_failed(ct_pf_pair(c, 3, &a, &b, &common, &e), o, "building the shapes")) return;
  rc = ct_common_refinement(&a, &b, &R, &e);
  rq = ct_common_refinement(&b, &a, &Q, &e);
  if (ct_code_is_limit(rc) || ct_code_is_limit(rq)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  o->digest = rc == CT_OK ? ct_pf_digest_tuple(&R) : ct_digest_code(rc);
  if (common && rc != CT_OK) {
    CT_FAILS(o, "REFINE-3: rejected (%s) although both shapes coarsen shape(v0)", ct_code_name(rc));
    return;
  }
  if (rc != rq || (rc == CT_OK && !ct_t_equal(&R, 0, &Q, 0, 0))) {
    CT_FAILS(o, "REFINE-3: common_refinement(a, b) and common_refinement(b, a) differ (%s, %s)", ct_code_name(rc),
             ct_code_name(rq));
    return;
  }
  cab = ct_t_compatible(&a, 0, &b, 0);
  if (cab != (rc == CT_OK && ct_t_equal(&R, 0, &b, 0, 0)))
    CT_FAILS(o, "REFINE-3: compatible(a, b) is %s but common_refinement(a, b) %s b", cab ? "true" : "false",
             cab ? "is not" : "is");
}

/* common_refinement!NO_COMMON_REFINEMENT: a shape against a copy with one
 * leaf larger (another size, so nothing refines both). */
CT_FN void ct_p_refine_e_none(const ct_case *c, ct_outcome *o) {
  ct_tuple a, b, R;
  ct_err e;
  ct_code rc;
  if (ct_pf_step_failed(ct_pf_coarsen(&c->v[0].shape, ct_pf_hash(c, 4), 0, &a, &e), o, "coarsening")) return;
  if (ct_pf_step_failed(ct_pf_coarsen(&c->v[0].shape, ct_pf_hash(c, 5), 1, &b, &e), o, "bumping a leaf")) return;
  rc = ct_common_refinement(&a, &b, &R, &e);
  o->digest = ct_digest_code(rc);
  if (ct_code_is_limit(rc)) o->verdict = CT_SKIPPED;
  else if (rc != CT_NO_COMMON_REFINEMENT)
    CT_FAILS(o, "common_refinement of shapes of different sizes gives %s, not NO_COMMON_REFINEMENT", ct_code_name(rc));
}

/* COARSEN-1: compatible(R, a) and compatible(R, b). */
CT_FN void ct_p_coarsen_1(const ct_case *c, ct_outcome *o) {
  ct_tuple a, b, R;
  ct_err e;
  ct_judgement j;
  int common;
  ct_code rc;
  if (ct_pf_step_failed(ct_pf_pair(c, 6, &a, &b, &common, &e), o, "building the shapes")) return;
  rc = ct_common_coarsening(&a, &b, &R, &e);
  if (!ct_pf_answer(rc, common, &e, o, "COARSEN-1")) return;
  o->digest = ct_pf_digest_tuple(&R);
  ct_judge_coarsen_1(&a, &b, &R, &j); /* judge/judge_refine.c */
  ct_judged(&j, o);
}

/* COARSEN-2: the greatest, by its judge (judge/judge_refine.c): at no
 * integer of R could a and b both be split further. */
CT_FN void ct_p_coarsen_2(const ct_case *c, ct_outcome *o) {
  ct_tuple a, b, R;
  ct_err e;
  ct_judgement j;
  int common;
  ct_code rc;
  if (ct_pf_step_failed(ct_pf_pair(c, 7, &a, &b, &common, &e), o, "building the shapes")) return;
  rc = ct_common_coarsening(&a, &b, &R, &e);
  if (!ct_pf_answer(rc, common, &e, o, "COARSEN-2")) return;
  o->digest = ct_pf_digest_tuple(&R);
  ct_judge_coarsen_2(&a, &b, &R, &j);
  ct_judged(&j, o);
}

/* COARSEN-3: rejected exactly when the sizes differ, symmetric, and equal
 * to a exactly when compatible(a, b). */
CT_FN void ct_p_coarsen_3(const ct_case *c, ct_outcome *o) {
  ct_tuple a, b, R, Q;
  ct_err e;
  int common, cab;
  ct_val sa, sb;
  ct_code rc, rq;
  if (ct_pf_step_failed(ct_pf_pair(c, 8, &a, &b, &common, &e), o, "building the shapes")) return;
  if (ct_pf_step_failed(ct_t_product(&a, 0, &sa, &e), o, "size(a)")) return;
  if (ct_pf_step_failed(ct_t_product(&b, 0, &sb, &e), o, "size(b)")) return;
  rc = ct_common_coarsening(&a, &b, &R, &e);
  rq = ct_common_coarsening(&b, &a, &Q, &e);
  if (ct_code_is_limit(rc) || ct_code_is_limit(rq)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  o->digest = rc == CT_OK ? ct_pf_digest_tuple(&R) : ct_digest_code(rc);
  if ((rc == CT_OK) != (sa.v == sb.v) || (rc != CT_OK && rc != CT_SIZE_MISMATCH)) {
    CT_FAILS(o, "COARSEN-3: sizes %lld and %lld, and the answer is %s", (long long)sa.v, (long long)sb.v,
             ct_code_name(rc));
    return;
  }
  if (rc != rq || (rc == CT_OK && !ct_t_equal(&R, 0, &Q, 0, 0))) {
    CT_FAILS(o, "COARSEN-3: common_coarsening(a, b) and common_coarsening(b, a) differ");
    return;
  }
  cab = ct_t_compatible(&a, 0, &b, 0);
  if (cab != (rc == CT_OK && ct_t_equal(&R, 0, &a, 0, 0)))
    CT_FAILS(o, "COARSEN-3: compatible(a, b) is %s but common_coarsening(a, b) %s a", cab ? "true" : "false",
             cab ? "is not" : "is");
}

/* common_coarsening!SIZE_MISMATCH: a shape against a copy with one leaf
 * larger. */
CT_FN void ct_p_coarsen_e_size(const ct_case *c, ct_outcome *o) {
  ct_tuple a, b, R;
  ct_err e;
  ct_code rc;
  if (ct_pf_step_failed(ct_pf_coarsen(&c->v[0].shape, ct_pf_hash(c, 9), 1, &b, &e), o, "bumping a leaf")) return;
  a = c->v[0].shape;
  rc = ct_common_coarsening(&a, &b, &R, &e);
  o->digest = ct_digest_code(rc);
  if (ct_code_is_limit(rc)) o->verdict = CT_SKIPPED;
  else if (rc != CT_SIZE_MISMATCH)
    CT_FAILS(o, "common_coarsening of shapes of different sizes gives %s, not SIZE_MISMATCH", ct_code_name(rc));
}

/* --- greatest_common_domain ------------------------------------------------ */

/* The leaves of a shape and their prefix products, read here. */
typedef struct {
  int n;
  int64_t s[CT_MAX_NODES], p[CT_MAX_NODES];
} ct_pf_leaves;

CT_FN static void ct_pf_leaves_of(const ct_tuple *t, ct_pf_leaves *l) {
  int k;
  int64_t p = 1;
  l->n = 0;
  for (k = 0; k < t->n; ++k)
    if (t->nd[k].kind == CT_INT) {
      l->s[l->n] = t->nd[k].v;
      l->p[l->n] = p;
      l->n += 1;
      p *= t->nd[k].v; /* the case's sizes are small */
    }
}

/* The leaf of l that segment g:d lies in (p | d and d*g | p*s), or -1. */
CT_FN static int ct_pf_leaf_of(const ct_pf_leaves *l, int64_t g, int64_t d) {
  int k;
  for (k = 0; k < l->n; ++k)
    if (d % l->p[k] == 0 && (l->p[k] * l->s[k]) % (d * g) == 0) return k;
  return -1;
}

/* Two shapes for the greatest common domain, with the result. */
typedef struct {
  ct_tuple a, b;
  ct_layout G;
  ct_pf_leaves la, lb;
} ct_pf_gcd;

CT_FN static int ct_pf_gcd_case(const ct_case *c, int salt, ct_pf_gcd *x, ct_outcome *o) {
  ct_err e;
  int common;
  ct_val sa, sb;
  ct_code rc;
  if (ct_pf_step_failed(ct_pf_pair(c, salt, &x->a, &x->b, &common, &e), o, "building the shapes")) return 0;
  if (ct_t_product(&x->a, 0, &sa, &e) != CT_OK || ct_t_product(&x->b, 0, &sb, &e) != CT_OK || sa.v > 4096 ||
      sb.v > 4096) {
    o->verdict = CT_SKIPPED; /* the brute force below stays small */
    return 0;
  }
  rc = ct_greatest_common_domain(&x->a, &x->b, &x->G, &e);
  if (!ct_pf_answer(rc, 1, &e, o, "GCD")) return 0;
  o->digest = ct_digest_layout(&x->G);
  ct_pf_leaves_of(&x->a, &x->la);
  ct_pf_leaves_of(&x->b, &x->lb);
  return 1;
}

/* Mode k of G (a depth-1 tuple layout): its size and stride. */
CT_FN static void ct_pf_mode(const ct_layout *G, int k, int64_t *g, int64_t *d) {
  *g = G->shape.nd[ct_t_child(&G->shape, 0, k)].v;
  *d = G->stride.nd[ct_t_child(&G->stride, 0, k)].v;
}

CT_FN static int64_t ct_pf_gcd64(int64_t x, int64_t y) {
  while (y) {
    int64_t t = x % y;
    x = y;
    y = t;
  }
  return x;
}

/* GCD-1: a depth-1 tuple, every mode of size >= 2 with d_k g_k | d_{k+1}, or
 * exactly (1):(0); size(G) | gcd(size(a), size(b)). */
CT_FN void ct_p_gcd_1(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pf_gcd x;
  int k, m;
  int64_t g, d, g2, d2, sz = 1, sa = 1, sb = 1;
  if (!ct_pf_gcd_case(c, 10, &x, o)) return;
  if (!ct_t_is_tuple(&x.G.shape, 0) || ct_l_depth(&x.G) != 1) {
    CT_FAILS(o, "GCD-1: the result is not a tuple layout of depth 1");
    return;
  }
  m = ct_l_rank(&x.G);
  for (k = 0; k < m; ++k) {
    ct_pf_mode(&x.G, k, &g, &d);
    sz *= g;
    if (m == 1 && g == 1) {
      if (d != 0) CT_FAILS(o, "GCD-1: the one-element domain is not (1):(0)");
      return;
    }
    if (g < 2) {
      CT_FAILS(o, "GCD-1: mode %d has size %lld, below 2", k, (long long)g);
      return;
    }
    if (k + 1 < m) {
      ct_pf_mode(&x.G, k + 1, &g2, &d2);
      if (d <= 0 || d2 % (d * g) != 0) {
        CT_FAILS(o, "GCD-1: d_%d * g_%d = %lld does not divide d_%d = %lld", k, k, (long long)(d * g), k + 1,
                 (long long)d2);
        return;
      }
    }
  }
  for (k = 0; k < x.la.n; ++k) sa *= x.la.s[k];
  for (k = 0; k < x.lb.n; ++k) sb *= x.lb.s[k];
  if (ct_pf_gcd64(sa, sb) % sz != 0)
    CT_FAILS(o, "GCD-1: size %lld does not divide gcd(%lld, %lld)", (long long)sz, (long long)sa, (long long)sb);
}

/* GCD-2: every mode lies in one leaf of a and one of b; composition of the
 * compact layout of a (and of b) with G is accepted and is G. */
CT_FN void ct_p_gcd_2(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pf_gcd x;
  int side;
  ct_judgement j;
  ct_err e;
  if (!ct_pf_gcd_case(c, 11, &x, o)) return;
  ct_judge_gcd_1(&x.a, &x.b, &x.G, &j); /* each mode in one leaf of a and of b (judge/judge_refine.c) */
  ct_judged(&j, o);
  if (o->verdict != CT_PASS) return;
  for (side = 0; side < 2; ++side) {
    ct_layout A, R;
    ct_code rc = ct_l_compact_left(side ? &x.b : &x.a, &A, &e);
    if (rc == CT_OK) rc = ct_composition(&A, &x.G, &R, &e);
    if (ct_code_is_limit(rc)) {
      o->verdict = CT_SKIPPED;
      return;
    }
    if (rc != CT_OK || !ct_l_same_function(&R, &x.G)) {
      CT_FAILS(o, "GCD-2: composition(make_layout(%s), G) is %s, not G", side ? "b" : "a",
               rc != CT_OK ? ct_code_name(rc) : "another function");
      return;
    }
  }
}

/* GCD-3: every segment g:d (g >= 2) in one leaf of a and one of b lies in a
 * mode of G, by its judge (judge/judge_refine.c): each pair of leaves'
 * largest common segment, which holds every other they share. */
CT_FN void ct_p_gcd_3(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pf_gcd x;
  ct_judgement j;
  if (!ct_pf_gcd_case(c, 12, &x, o)) return;
  ct_judge_gcd_3(&x.a, &x.b, &x.G, &j);
  ct_judged(&j, o);
}

/* GCD-4: no two consecutive modes lie in the same leaf of a and of b. */
CT_FN void ct_p_gcd_4(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pf_gcd x;
  int k, m;
  if (!ct_pf_gcd_case(c, 13, &x, o)) return;
  m = ct_l_rank(&x.G);
  for (k = 0; k + 1 < m; ++k) {
    int64_t g, d, g2, d2;
    ct_pf_mode(&x.G, k, &g, &d);
    ct_pf_mode(&x.G, k + 1, &g2, &d2);
    if (g < 2 || g2 < 2) continue; /* GCD-1's failure */
    if (ct_pf_leaf_of(&x.la, g, d) == ct_pf_leaf_of(&x.la, g2, d2) &&
        ct_pf_leaf_of(&x.lb, g, d) == ct_pf_leaf_of(&x.lb, g2, d2) && d * g == d2) {
      CT_FAILS(o, "GCD-4: modes %d and %d lie in the same leaves of a and b: not split at leaves only", k, k + 1);
      return;
    }
  }
}

/* GCD-5: gcd(a, b) == gcd(b, a) == gcd(flatten(a), b), exactly. */
CT_FN void ct_p_gcd_5(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pf_gcd x;
  ct_layout Q, F;
  ct_tuple fa;
  ct_err e;
  ct_code rq, rf;
  if (!ct_pf_gcd_case(c, 14, &x, o)) return;
  rq = ct_greatest_common_domain(&x.b, &x.a, &Q, &e);
  rf = ct_t_flatten(&x.a, &fa, &e);
  if (rf == CT_OK) rf = ct_greatest_common_domain(&fa, &x.b, &F, &e);
  if (ct_code_is_limit(rq) || ct_code_is_limit(rf)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (rq != CT_OK || !ct_l_equal(&Q, &x.G, 0))
    CT_FAILS(o, "GCD-5: greatest_common_domain(b, a) is not greatest_common_domain(a, b)");
  else if (rf != CT_OK || !ct_l_equal(&F, &x.G, 0))
    CT_FAILS(o, "GCD-5: greatest_common_domain(flatten(a), b) is not greatest_common_domain(a, b)");
}

/* --- domain_distribute ------------------------------------------------------ */

/* shape(v0) with every integer static, and the count k0 + 1, static. */
CT_FN static void ct_pf_dist_args(const ct_case *c, ct_tuple *a, ct_tuple *n) {
  int k;
  *a = c->v[0].shape;
  for (k = 0; k < a->n; ++k) a->nd[k].stat = 1;
  ct_t_set_int(n, c->k[0] + 1, 1);
}

/* DIST-1: the gcd fold over the leaves, as a function; size(R) | n; by
 * its judge (judge/judge_refine.c). */
CT_FN void ct_p_dist_1(const ct_case *c, ct_outcome *o) {
  ct_tuple a, n;
  ct_layout R;
  ct_err e;
  ct_judgement j;
  ct_code rc;
  ct_pf_dist_args(c, &a, &n);
  rc = ct_domain_distribute(&a, &n, &R, &e);
  if (!ct_pf_answer(rc, 1, &e, o, "DIST-1")) return;
  o->digest = ct_digest_layout(&R);
  ct_judge_dist(&a, n.nd[0].v, &R, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

/* DIST-2: ordered, and composition(make_layout(a), R) is accepted and is R. */
CT_FN void ct_p_dist_2(const ct_case *c, ct_outcome *o) {
  ct_tuple a, n;
  ct_layout R, A, C;
  ct_leaf_form F; /* R index after index */
  ct_err e;
  int64_t i, sz, prev, cur;
  ct_code rc;
  ct_pf_dist_args(c, &a, &n);
  rc = ct_domain_distribute(&a, &n, &R, &e);
  if (!ct_pf_answer(rc, 1, &e, o, "DIST-2")) return;
  o->digest = ct_digest_layout(&R);
  sz = ct_size(&R);
  ct_lf_init(&F, &R);
  prev = ct_ev_form(&F, 0);
  for (i = 1; i < sz && i < CT_BRUTE_MAX; prev = cur, ++i)
    if ((cur = ct_ev_form(&F, i)) <= prev) {
      CT_FAILS(o, "DIST-2: R(%lld) = %lld is not above R(%lld) = %lld", (long long)i, (long long)ct_ev(&R, i),
               (long long)(i - 1), (long long)ct_ev(&R, i - 1));
      return;
    }
  rc = ct_l_compact_left(&a, &A, &e);
  if (rc == CT_OK) rc = ct_composition(&A, &R, &C, &e);
  if (ct_code_is_limit(rc)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (rc != CT_OK || !ct_l_same_function(&C, &R))
    CT_FAILS(o, "DIST-2: composition(make_layout(a), R) is %s, not R",
             rc != CT_OK ? ct_code_name(rc) : "another function");
}

/* DIST-3: a dynamic integer of a, or a dynamic count, is NOT_STATIC; an
 * accepted result is static throughout. */
CT_FN void ct_p_dist_3(const ct_case *c, ct_outcome *o) {
  ct_tuple a, n;
  ct_layout R;
  ct_err e;
  int k, which = (int)(ct_pf_hash(c, 15) % 3);
  ct_code rc;
  ct_pf_dist_args(c, &a, &n);
  rc = ct_domain_distribute(&a, &n, &R, &e);
  if (!ct_pf_answer(rc, 1, &e, o, "DIST-3")) return;
  for (k = 0; k < R.shape.n; ++k)
    if ((R.shape.nd[k].kind == CT_INT && !R.shape.nd[k].stat) || (R.stride.nd[k].kind == CT_INT && !R.stride.nd[k].stat)) {
      CT_FAILS(o, "DIST-3: an integer of the result is dynamic");
      return;
    }
  if (which == 0) n.nd[0].stat = 0;
  else { /* one integer of a dynamic */
    int leaves = 0, pick;
    for (k = 0; k < a.n; ++k) leaves += a.nd[k].kind == CT_INT;
    pick = (int)(ct_pf_hash(c, 16) % (uint64_t)(leaves ? leaves : 1));
    for (k = 0; k < a.n; ++k)
      if (a.nd[k].kind == CT_INT && pick-- == 0) a.nd[k].stat = 0;
    if (leaves == 0) n.nd[0].stat = 0;
  }
  rc = ct_domain_distribute(&a, &n, &R, &e);
  o->digest = ct_digest_code(rc);
  if (ct_code_is_limit(rc)) o->verdict = CT_SKIPPED;
  else if (rc != CT_NOT_STATIC)
    CT_FAILS(o, "DIST-3: a dynamic %s gives %s, not NOT_STATIC", which == 0 ? "count" : "shape integer",
             ct_code_name(rc));
}
