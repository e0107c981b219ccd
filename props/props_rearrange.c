/* props_rearrange.c -- properties of spec/rearrange.md. Template arguments
 * (N) come from the case's digest, so a case stays a pure function of
 * (seed, index). */
#include "props/props.h"
#include "props/props_list.h"
#include "ref/rearrange.h"
#include "ref/recast.h"
#include "ref/construct.h"
#include "ref/coalesce.h"
#include "ref/ct_arith.h"
#include "ref/inverse.h"
#include "ref/divide.h"

/* A rejection where none may be: the case fails (limits skip it). */
CT_FN static int ct_rr_ok(ct_code rc, const ct_err *e, ct_outcome *o, const char *what) {
  if (rc == CT_OK) return 1;
  o->digest = ct_digest_code(rc);
  if (ct_code_is_limit(rc)) o->verdict = CT_SKIPPED;
  else CT_FAILS(o, "%s: %s %s", what, ct_code_name(rc), e->msg);
  return 0;
}

CT_FN static int ct_rr_pick(const ct_case *c, int salt, int n) {
  return n <= 0 ? 0 : (int)((ct_digest_layout(&c->v[0]) ^ (uint64_t)salt * 0x9E3779B97F4A7C15ull) % (uint64_t)n);
}

/* append<N> / prepend<N> with N = rank(L) + 0..2. */
CT_FN static void ct_rr_pad(const ct_case *c, int back, ct_outcome *o) {
  ct_layout R;
  ct_err e;
  ct_judgement j;
  int N = ct_l_rank(&c->v[0]) + ct_rr_pick(c, back, 3);
  ct_code rc = back ? ct_l_append_n(&c->v[0], N, &c->v[1], &R, &e) : ct_l_prepend_n(&c->v[0], N, &c->v[1], &R, &e);
  if (!ct_rr_ok(rc, &e, o, back ? "append<N>" : "prepend<N>")) return;
  o->digest = ct_digest_layout(&R);
  ct_judge_rearr_pad(&c->v[0], N, &c->v[1], back, &R, &j);
  ct_judged(&j, o);
}

CT_FN void ct_p_rearr_1(const ct_case *c, ct_outcome *o) { ct_rr_pad(c, 1, o); }
CT_FN void ct_p_rearr_2(const ct_case *c, ct_outcome *o) { ct_rr_pad(c, 0, o); }

CT_FN void ct_p_rearr_3(const ct_case *c, ct_outcome *o) {
  ct_layout R;
  ct_err e;
  ct_judgement j;
  int N = ct_rr_pick(c, 3, ct_l_rank(&c->v[0]));
  if (!ct_rr_ok(ct_l_replace(&c->v[0], N, &c->v[1], &R, &e), &e, o, "replace<N>")) return;
  o->digest = ct_digest_layout(&R);
  ct_judge_rearr_3(&c->v[0], N, &c->v[1], &R, &j);
  ct_judged(&j, o);
}

/* zip of (A, A) (zippable when A is a tuple) or of (A, B) (often not). */
CT_FN void ct_p_rearr_4(const ct_case *c, ct_outcome *o) {
  const ct_layout *ls[2];
  ct_layout L, R;
  ct_err e;
  ct_judgement j;
  ct_code rc = CT_OK;
  ls[0] = &c->v[0];
  ls[1] = ct_rr_pick(c, 4, 2) ? &c->v[0] : &c->v[1];
  ct_step(&rc, ct_l_concat(ls, 2, &L, &e));
  if (ct_build_failed(rc, o, "(A, A) or (A, B)")) return;
  rc = ct_l_zip(&L, &R, &e);
  if (ct_code_is_limit(rc)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  o->digest = rc == CT_OK ? ct_digest_layout(&R) : ct_digest_code(rc);
  ct_judge_rearr_4(&L, rc, &R, &j);
  ct_judged(&j, o);
}

/* unflatten(flatten(A), shape(A)) or unflatten(flatten(A), shape(B)). */
CT_FN void ct_p_rearr_5(const ct_case *c, ct_outcome *o) {
  ct_layout F, R;
  ct_err e;
  ct_judgement j;
  ct_code rc = CT_OK;
  const ct_tuple *P = ct_rr_pick(c, 5, 2) ? &c->v[0].shape : &c->v[1].shape;
  ct_step(&rc, ct_l_flatten(&c->v[0], &F, &e));
  if (ct_build_failed(rc, o, "flatten(A)")) return;
  rc = ct_l_unflatten(ct_rr_pick(c, 6, 4) ? &F : &c->v[0], P, &R, &e); /* now and then a layout that is not flat */
  if (ct_code_is_limit(rc)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  o->digest = rc == CT_OK ? ct_digest_layout(&R) : ct_digest_code(rc);
  ct_judge_rearr_5(ct_rr_pick(c, 6, 4) ? &F : &c->v[0], P, rc, &R, &j);
  ct_judged(&j, o);
}

CT_FN void ct_p_rearr_6(const ct_case *c, ct_outcome *o) {
  ct_tuple R;
  ct_err e;
  ct_judgement j;
  if (!ct_rr_ok(ct_t_product_each(&c->v[0].shape, &R, &e), &e, o, "product_each")) return;
  ct_judge_rearr_6(&c->v[0].shape, &R, &j);
  ct_judged(&j, o);
}

/* Element sizes in bits for recast_layout, from the case's digest. */
CT_FN static int64_t ct_rr_bits(const ct_case *c, int salt) {
  int k = ct_rr_pick(c, salt, 5);
  return k == 0 ? 8 : k == 1 ? 16 : k == 2 ? 24 : k == 3 ? 32 : 64;
}

/* REC-1: recast_layout<OLD,NEW>(L) is downcast<d>(upcast<u>(L)) with u/d
 * the reduced ratio NEW/OLD (a step by 1 left out), accepted exactly when
 * those steps are. */
CT_FN void ct_p_rec_1(const ct_case *c, ct_outcome *o) {
  int64_t ob = ct_rr_bits(c, 7), nb = ct_rr_bits(c, 8), g = ct_gcd(ob, nb);
  ct_val u, d;
  ct_layout R, W, U;
  ct_err e;
  ct_judgement j;
  ct_code rc = ct_recast_layout(&c->v[0], ob, nb, &R, &e), rw = CT_OK;
  u.v = nb / g;
  d.v = ob / g;
  u.stat = d.stat = 1;
  ct_l_copy(&U, &c->v[0]);
  if (u.v != 1) rw = ct_upcast(&c->v[0], u, &U, &e);
  if (rw == CT_OK && d.v != 1) rw = ct_downcast(&U, d, &W, &e);
  else ct_l_copy(&W, &U);
  if (ct_code_is_limit(rc) || ct_code_is_limit(rw)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  o->digest = rc == CT_OK ? ct_digest_layout(&R) : ct_digest_code(rc);
  if (rc != rw) {
    CT_FAILS(o, "REC-1: recast_layout<%lld,%lld> gives %s, upcast<%lld> then downcast<%lld> %s", (long long)ob,
             (long long)nb, ct_code_name(rc), (long long)u.v, (long long)d.v, ct_code_name(rw));
    return;
  }
  if (rc != CT_OK) return;
  ct_judge_rec_1(&c->v[0], ob, nb, &R, CT_BRUTE_MAX, &j); /* the function (judge/judge_cast.c) */
  ct_judged(&j, o);
  if (o->verdict == CT_PASS && !ct_l_equal(&R, &W, 1)) /* and "exactly": the representation, marks included */
    CT_FAILS(o, "REC-1: recast_layout<%lld,%lld>(L) is not downcast<%lld>(upcast<%lld>(L))", (long long)ob, (long long)nb,
             (long long)d.v, (long long)u.v);
}

/* REC-2: recast_layout<B,B>(L) == L; recast_layout<B,A>(recast_layout<A,B>(L))
 * is L as a function when A is a multiple of B (a downcast, undone). */
CT_FN void ct_p_rec_2(const ct_case *c, ct_outcome *o) {
  int64_t b = ct_rr_bits(c, 9), a = b * (1 + ct_rr_pick(c, 10, 4));
  ct_layout R, B;
  ct_err e;
  ct_code rc;
  if (ct_recast_layout(&c->v[0], b, b, &R, &e) != CT_OK || !ct_l_equal(&R, &c->v[0], 1)) {
    CT_FAILS(o, "REC-2: recast_layout<%lld,%lld>(L) is not L", (long long)b, (long long)b);
    return;
  }
  rc = ct_recast_layout(&c->v[0], a, b, &R, &e);
  o->digest = rc == CT_OK ? ct_digest_layout(&R) : ct_digest_code(rc);
  if (rc != CT_OK) { /* downcast's own preconditions (CAST) */
    if (ct_code_is_limit(rc)) o->verdict = CT_SKIPPED;
    return;
  }
  rc = ct_recast_layout(&R, b, a, &B, &e);
  if (ct_code_is_limit(rc)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (rc != CT_OK || !ct_l_same_function(&B, &c->v[0]) || ct_size(&B) != ct_size(&c->v[0]))
    CT_FAILS(o, "REC-2: recast_layout<%lld,%lld>(recast_layout<%lld,%lld>(L)) is not L", (long long)b, (long long)a,
             (long long)a, (long long)b);
}

/* F of ALIGN-1, built here: L flattened, dynamic shapes 1, dynamic strides 0. */
CT_FN static ct_code ct_al_static_part(const ct_layout *L, ct_layout *F, ct_err *e) {
  int j, hs, hd;
  ct_t_clear(&F->shape);
  ct_t_clear(&F->stride);
  CT_TRY(ct_t_open(&F->shape, &hs, e));
  CT_TRY(ct_t_open(&F->stride, &hd, e));
  for (j = 0; j < L->shape.n; ++j) {
    if (L->shape.nd[j].kind != CT_INT) continue;
    CT_TRY(ct_t_push_int(&F->shape, L->shape.nd[j].stat ? L->shape.nd[j].v : 1, 1, e));
    CT_TRY(ct_t_push_int(&F->stride, L->stride.nd[j].stat ? L->stride.nd[j].v : 0, 1, e));
  }
  CT_TRY(ct_t_close(&F->shape, hs, e));
  return ct_t_close(&F->stride, hd, e);
}

CT_FN static int ct_al_has_negative(const ct_layout *L) {
  int j;
  for (j = 0; j < L->stride.n; ++j)
    if (L->stride.nd[j].kind == CT_INT && L->stride.nd[j].stat && L->stride.nd[j].v < 0) return 1;
  return 0;
}

/* ALIGN-1 on one layout L: N = gcd(n, every value of the rest G), by brute
 * force over G. */
CT_FN static void ct_al_check(const ct_layout *L, ct_outcome *o) {
  ct_layout F, RI, D, G;
  ct_leaf_form FG; /* G index after index */
  ct_val N, n;
  ct_err e;
  int path[1];
  int64_t g, i, sz;
  ct_code rc = ct_max_alignment(L, &N, &e);
  if (ct_al_has_negative(L)) {
    if (rc != CT_NEGATIVE_STRIDE && !ct_code_is_limit(rc))
      CT_FAILS(o, "ALIGN-1: a negative static stride gives %s, not NEGATIVE_STRIDE", ct_code_name(rc));
    else o->verdict = CT_SKIPPED;
    return;
  }
  if (!ct_rr_ok(rc, &e, o, "max_alignment")) return;
  o->digest = ct_digest_code(rc) ^ (uint64_t)N.v;
  rc = ct_al_static_part(L, &F, &e);
  if (rc == CT_OK) rc = ct_right_inverse(&F, &RI, &e);
  if (rc == CT_OK) rc = ct_l_size(&RI, &n, &e);
  if (rc == CT_OK) rc = ct_logical_divide(&F, &RI, &D, &e);
  path[0] = 1;
  if (rc == CT_OK) rc = ct_l_mode(&D, path, 1, &G, &e);
  if (ct_build_failed(rc, o, "the static part and its rest")) return;
  g = n.v;
  sz = ct_size(&G);
  ct_lf_init(&FG, &G);
  for (i = 0; i < sz && i < CT_BRUTE_MAX; ++i) {
    int64_t v = ct_ev_form(&FG, i);
    g = ct_gcd(g, v < 0 ? -v : v);
  }
  if (sz > CT_BRUTE_MAX) return; /* bound reached: passes */
  if (!N.stat || N.v != g)
    CT_FAILS(o, "ALIGN-1: max_alignment is %s%lld, gcd(n = %lld, the rest's values) is %lld", N.stat ? "_" : "",
             (long long)N.v, (long long)n.v, (long long)g);
}

/* ALIGN-1 on the case's layout, and on a static one with a contiguous run:
 * the compact column-major layout of its shape, each stride d of the modes
 * past the first made d*k + k - 1, k = 1..4 (from the digest). */
CT_FN void ct_p_align_1(const ct_case *c, ct_outcome *o) {
  ct_layout L;
  ct_err e;
  int j, k = 1 + ct_rr_pick(c, 11, 4), first = -1;
  ct_al_check(&c->v[0], o);
  if (o->verdict != CT_PASS) return;
  if (ct_build_failed(ct_l_compact_left(&c->v[0].shape, &L, &e), o, "the compact layout")) return;
  for (j = 0; j < L.stride.n; ++j) {
    if (L.stride.nd[j].kind != CT_INT) continue;
    L.shape.nd[j].stat = L.stride.nd[j].stat = 1;
    if (first < 0) first = j;
    else if (L.stride.nd[j].v > 0 && L.stride.nd[j].v <= ((int64_t)1 << 40)) L.stride.nd[j].v = L.stride.nd[j].v * k + k - 1;
  }
  ct_al_check(&L, o);
}

/* ALIGN-2: dynamic integers' values do not count (each doubled plus one
 * here); no static integer gives _1. */
CT_FN void ct_p_align_2(const ct_case *c, ct_outcome *o) {
  ct_layout M = c->v[0];
  ct_val N, N2;
  ct_err e;
  int j, any = 0;
  ct_code rc = ct_max_alignment(&c->v[0], &N, &e), r2;
  if (ct_code_is_limit(rc) || rc == CT_NEGATIVE_STRIDE) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (!ct_rr_ok(rc, &e, o, "max_alignment")) return;
  o->digest = (uint64_t)N.v;
  for (j = 0; j < M.shape.n; ++j) {
    ct_node *s = &M.shape.nd[j], *d = &M.stride.nd[j];
    if (s->kind != CT_INT) continue;
    if (!s->stat) s->v = 2 * s->v + 1;
    if (!d->stat) d->v = 2 * d->v + 1;
    any = any || s->stat || d->stat;
  }
  r2 = ct_max_alignment(&M, &N2, &e);
  if (ct_code_is_limit(r2)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (r2 != CT_OK || N2.v != N.v)
    CT_FAILS(o, "ALIGN-2: other values of the dynamic integers give %s %lld, not %lld", ct_code_name(r2),
             (long long)N2.v, (long long)N.v);
  else if (!any && N.v != 1)
    CT_FAILS(o, "ALIGN-2: a layout with no static integer has max_alignment %lld, not 1", (long long)N.v);
}
