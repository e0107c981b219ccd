/* props_algebra.c -- properties of spec/coalesce.md, spec/composition.md and
 * spec/complement.md. Brute-force checks visit every index, so generators
 * keep sizes small (ct_gen_params.max_size). */
#include "props/props.h"
#if !CT_ON_DEVICE
#include <stdlib.h>
#include <string.h>
#endif
#include "props/props_list.h"
#include "ref/complement.h"
#include "ref/composition.h"


/* ---- coalesce --------------------------------------------------------------- */

CT_FN static int ct_coal(const ct_case *c, ct_layout *C, ct_outcome *o) {
  ct_err e;
  if (ct_coalesce(&c->v[0], C, &e) != CT_OK) {
    CT_FAILS(o, "coalesce failed: %s", e.msg);
    return 0;
  }
  o->digest = ct_digest_layout(C);
  return 1;
}

/* Generate, coalesce, judge COAL-id (judge/judge_coalesce.c). */
CT_FN static void ct_coal_judged(const ct_case *c, int id, ct_outcome *o) {
  ct_layout R;
  ct_judgement j;
  if (!ct_coal(c, &R, o)) return;
  switch (id) {
  case 1: ct_judge_coal_1(&c->v[0], &R, &j); break;
  case 2: ct_judge_coal_2(&R, &j); break;
  case 3: ct_judge_coal_3(&c->v[0], &R, CT_BRUTE_MAX, &j); break;
  default: ct_judge_coal_4(&R, &j); break;
  }
  ct_judged(&j, o);
}

CT_FN void ct_p_coal_1(const ct_case *c, ct_outcome *o) { ct_coal_judged(c, 1, o); }

CT_FN void ct_p_coal_2(const ct_case *c, ct_outcome *o) { ct_coal_judged(c, 2, o); }

CT_FN void ct_p_coal_3(const ct_case *c, ct_outcome *o) { ct_coal_judged(c, 3, o); }

CT_FN void ct_p_coal_4(const ct_case *c, ct_outcome *o) { ct_coal_judged(c, 4, o); }

CT_FN void ct_p_coal_5(const ct_case *c, ct_outcome *o) {
  ct_layout C, C2;
  ct_err e;
  if (!ct_coal(c, &C, o)) return;
  if (ct_coalesce(&C, &C2, &e) != CT_OK || !ct_l_equal(&C, &C2, 0)) CT_FAILS(o, "coalesce is not idempotent");
}

CT_FN void ct_p_coal_6(const ct_case *c, ct_outcome *o) {
  /* profile (1,...,1) of p ones, 1 <= p <= rank(L) (p from the case's
   * digest): modes below p coalesced, the others kept as they are; a leaf L
   * with profile (1) is read as its one-mode tuple: R = (coalesce(L)) */
  const ct_layout *L = &c->v[0];
  ct_tuple prof;
  ct_layout R, Rk, Lk, Ck;
  ct_err e;
  ct_code rc = CT_OK;
  int k, r = ct_l_rank(L), hdr, p;
  if (r == 0) { /* (): no profile of ones to pick (a shrunk or regression case) */
    o->verdict = CT_SKIPPED;
    return;
  }
  p = r - (int)(ct_digest_layout(L) % (uint64_t)r);
  ct_t_clear(&prof);
  ct_step(&rc, ct_t_open(&prof, &hdr, &e));
  for (k = 0; k < p; ++k) ct_step(&rc, ct_t_push_int(&prof, 1, 1, &e));
  ct_step(&rc, ct_t_close(&prof, hdr, &e));
  if (ct_build_failed(rc, o, "the profile (1,...,1)")) return;
  if (ct_coalesce_profile(L, &prof, &R, &e) != CT_OK) {
    CT_FAILS(o, "by-mode coalesce failed: %s", e.msg);
    return;
  }
  o->digest = ct_digest_layout(&R);
  if (ct_l_rank(&R) != r || !ct_t_is_tuple(&R.shape, 0)) {
    CT_FAILS(o, "rank %d, want a tuple of rank %d (the profile's nesting)", ct_l_rank(&R), r);
    return;
  }
  for (k = 0; k < r; ++k) {
    if (ct_l_mode(&R, &k, 1, &Rk, &e) != CT_OK || ct_l_mode(L, &k, 1, &Lk, &e) != CT_OK) {
      CT_FAILS(o, "mode %d of R or L cannot be taken", k);
      return;
    }
    if (k >= p) ct_l_copy(&Ck, &Lk); /* past the profile */
    else if (ct_coalesce(&Lk, &Ck, &e) != CT_OK) {
      CT_FAILS(o, "coalesce(layout<%d>(L)) failed", k);
      return;
    }
    if (!ct_l_equal(&Rk, &Ck, 0)) {
      if (k >= p) CT_FAILS(o, "mode %d, past the profile, is not layout<%d>(L)", k, k);
      else CT_FAILS(o, "mode %d is not coalesce(layout<%d>(L))", k, k);
      return;
    }
  }
}

/* FILT-1 by its judge (judge/judge_filter_zeros.c). */
CT_FN void ct_p_filt_1(const ct_case *c, ct_outcome *o) {
  ct_layout F;
  ct_err e;
  ct_judgement j;
  if (ct_filter_zeros(&c->v[0], &F, &e) != CT_OK) {
    CT_FAILS(o, "filter_zeros failed");
    return;
  }
  o->digest = ct_digest_layout(&F);
  ct_judge_filt_1(&c->v[0], &F, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

CT_FN void ct_p_filt_2(const ct_case *c, ct_outcome *o) {
  ct_layout F;
  ct_err e;
  ct_judgement j;
  if (ct_filter(&c->v[0], &F, &e) != CT_OK) {
    CT_FAILS(o, "filter failed");
    return;
  }
  o->digest = ct_digest_layout(&F);
  ct_judge_filt_2(&c->v[0], &F, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

/* ---- composition ------------------------------------------------------------- */

CT_FN static int ct_comp(const ct_case *c, ct_layout *R, ct_outcome *o) {
  ct_err e;
  if (ct_composition(&c->v[0], &c->v[1], R, &e) != CT_OK) {
    ct_rejected(c, o, &e, "composition");
    return 0;
  }
  o->digest = ct_digest_layout(R);
  return 1;
}

/* Generate, compose, judge COMP-id (judge/judge_composition.c). */
CT_FN static void ct_comp_judged(const ct_case *c, int id, ct_outcome *o) {
  ct_layout R;
  ct_judgement j;
  if (!ct_comp(c, &R, o)) return;
  switch (id) {
  case 1: ct_judge_comp_1(&c->v[1], &R, &j); break;
  case 2: ct_judge_comp_2(&c->v[0], &c->v[1], &R, CT_BRUTE_MAX, &j); break;
  default: ct_judge_comp_3(&c->v[1], &R, &j); break;
  }
  ct_judged(&j, o);
}

CT_FN void ct_p_comp_1(const ct_case *c, ct_outcome *o) { ct_comp_judged(c, 1, o); }

CT_FN void ct_p_comp_2(const ct_case *c, ct_outcome *o) { ct_comp_judged(c, 2, o); }

CT_FN void ct_p_comp_2r(const ct_case *c, ct_outcome *o) { ct_p_comp_2(c, o); }

CT_FN void ct_p_comp_3(const ct_case *c, ct_outcome *o) { ct_comp_judged(c, 3, o); }

CT_FN void ct_p_comp_4(const ct_case *c, ct_outcome *o) {
  ct_layout R, P, R2, Bf, R3, Rf;
  ct_modes m;
  ct_err e;
  int st;
  if (!ct_comp(c, &R, o)) return;
  ct_comp_prepare(&c->v[0], &m, &st);
  if (ct_build_failed(ct_modes_to_layout(&m, &P, &e), o, "A's prepared form")) return;
  if (ct_composition(&P, &c->v[1], &R2, &e) != CT_OK || !ct_l_equal(&R, &R2, 0)) {
    CT_FAILS(o, "composing with A's prepared form gives another result");
    return;
  }
  if (ct_build_failed(ct_l_flatten(&c->v[1], &Bf, &e), o, "flatten(B)") ||
      ct_build_failed(ct_l_flatten(&R, &Rf, &e), o, "flatten(R)"))
    return;
  if (ct_composition(&c->v[0], &Bf, &R3, &e) != CT_OK) {
    CT_FAILS(o, "composing with flatten(B) is rejected: %s", e.msg);
    return;
  }
  if (!ct_l_same_function(&R3, &Rf)) CT_FAILS(o, "composing with flatten(B) gives another function");
}

/* COMP-4/size-1: A and A with a trailing size-1 mode of any stride and mark
 * are the same function on [0, size(A)), so they compose alike with any B:
 * the same code, and equivalent answers (COMP-EXT reads coalesce(A); a
 * reading that lets that mode carry the extension breaks this wherever B
 * leaves A's domain). Random pairs, rejections included. */
CT_FN void ct_p_comp_4s(const ct_case *c, ct_outcome *o) {
  ct_layout one, A1, R, R1;
  ct_err e, e1;
  ct_code got, got1;
  uint64_t h = ct_digest_layout(&c->v[0]) * 31u + ct_digest_layout(&c->v[1]); /* the mode from the case: replays */
  ct_l_set_int(&one, 1, (int)(h >> 8 & 1), (int64_t)(h % 23) - 11, (int)(h >> 9 & 1));
  if (ct_build_failed(ct_l_append(&c->v[0], &one, &A1, &e), o, "A with a size-1 mode appended")) return;
  got = ct_composition(&c->v[0], &c->v[1], &R, &e);
  got1 = ct_composition(&A1, &c->v[1], &R1, &e1);
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  if (got != got1) {
    CT_FAILS(o, "composition(A, B) gives %s, with 1:%lld appended to A %s", got == CT_OK ? "a result" : ct_code_name(got),
             (long long)one.stride.nd[0].v, got1 == CT_OK ? "a result" : ct_code_name(got1));
    return;
  }
  if (got == CT_OK && !ct_l_equivalent(&R, &R1))
    CT_FAILS(o, "composition(A, B) and, with 1:%lld appended to A, composition(A', B) are not equivalent",
             (long long)one.stride.nd[0].v);
}

CT_FN void ct_p_comp_5(const ct_case *c, ct_outcome *o) {
  const ct_layout *A = &c->v[0];
  ct_layout I, R, B, R2;
  ct_err e;
  int64_t n = ct_size(A);
  ct_l_set_int(&I, n, 0, 1, 0);
  if (ct_composition(A, &I, &R, &e) != CT_OK) {
    CT_FAILS(o, "A o size(A):1 rejected: %s", e.msg);
    return;
  }
  o->digest = ct_digest_layout(&R);
  if (!ct_l_same_function(&R, A)) {
    CT_FAILS(o, "A o size(A):1 is not A");
    return;
  }
  /* make_layout(cosize(B)) o B == B, B = A with non-negative strides */
  {
    int j;
    ct_val cs;
    ct_l_copy(&B, A);
    for (j = 0; j < B.stride.n; ++j)
      if (B.stride.nd[j].kind == CT_INT && B.stride.nd[j].v < 0) B.stride.nd[j].v = -B.stride.nd[j].v;
    if (ct_build_failed(ct_l_cosize(&B, &cs, &e), o, "cosize(B)")) return;
    ct_l_set_int(&I, cs.v, 0, 1, 0);
    if (ct_composition(&I, &B, &R2, &e) != CT_OK || !ct_l_same_function(&R2, &B))
      CT_FAILS(o, "make_layout(cosize(B)) o B is not B");
  }
}

CT_FN void ct_p_comp_6(const ct_case *c, ct_outcome *o) {
  ct_layout R;
  ct_err e;
  ct_judgement j;
  if (ct_composition_tiler(&c->v[0], &c->v[1], &R, &e) != CT_OK) {
    ct_rejected(c, o, &e, "composition with a tiler");
    return;
  }
  o->digest = ct_digest_layout(&R);
  ct_judge_comp_6(&c->v[0], &c->v[1], &R, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

CT_FN void ct_p_comp_7(const ct_case *c, ct_outcome *o) {
  const ct_layout *A = &c->v[0], *B = &c->v[1], *C = &c->v[2];
  ct_layout AB, ABC1, BC, ABC2;
  ct_err e;
  int64_t i, n = ct_size(C), nb = ct_size(B);
  ct_leaf_form F; /* C index after index */
  if (n > CT_BRUTE_MAX) n = CT_BRUTE_MAX;
  ct_lf_init(&F, C);
  for (i = 0; i < n; ++i) { /* [Cecka]: needs C's image inside B's domain */
    int64_t x = ct_ev_form(&F, i);
    if (x < 0 || x >= nb) {
      o->verdict = CT_SKIPPED;
      return;
    }
  }
  if (ct_composition(A, B, &AB, &e) != CT_OK || ct_composition(&AB, C, &ABC1, &e) != CT_OK ||
      ct_composition(B, C, &BC, &e) != CT_OK || ct_composition(A, &BC, &ABC2, &e) != CT_OK) {
    o->verdict = CT_SKIPPED;
    return;
  }
  o->digest = ct_digest_layout(&ABC1);
  if (!ct_l_same_function(&ABC1, &ABC2)) CT_FAILS(o, "(A o B) o C differs from A o (B o C)");
}

/* COMP-8: accepted iff a brute-force search finds an answer (random pairs,
 * most of them rejected; every small pair with --exhaustive). */
CT_FN void ct_p_comp_8(const ct_case *c, ct_outcome *o) {
  ct_layout R;
  ct_err e;
  ct_judgement j;
  ct_code got = ct_composition(&c->v[0], &c->v[1], &R, &e);
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  ct_judge_comp_8(&c->v[0], &c->v[1], got, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

/* COMP-8 where carries cancel (COMP-SEARCH), which random pairs rarely
 * reach: A = (N,N,2):(1,N+1,N*N+N-1), so Â(y) = y + floor(y/N) -
 * floor(y/N^2) (the top mode's size never matters to Â), and B = s:(N+1).
 * The carries at c = N cancel; Â(B(c)) is c*(N+2) up to c = 2N-2 and not
 * at 2N-1, so B of size s >= 2N has no answer. N in 2..7 and s in 1..3N
 * from k0. */
CT_FN void ct_p_comp_8c(const ct_case *c, ct_outcome *o) {
  ct_layout A, B, R;
  ct_modes m;
  ct_err e;
  ct_judgement j;
  ct_code got;
  int64_t N = 2 + c->k[0] % 6, s = 1 + (c->k[0] / 6 + c->v[0].shape.n) % (3 * N);
  m.n = 0;
  ct_modes_push(&m, N, 0, 1, 0);
  ct_modes_push(&m, N, 0, N + 1, 0);
  ct_modes_push(&m, 2, 0, N * N + N - 1, 0); /* size 1 would drop it (COMP-PREP): no third digit */
  if (ct_modes_to_layout(&m, &A, &e) != CT_OK) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_l_set_int(&B, s, 0, N + 1, 0);
  got = ct_composition(&A, &B, &R, &e);
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  ct_judge_comp_8(&A, &B, got, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

CT_FN void ct_p_comp_9(const ct_case *c, ct_outcome *o) {
  ct_layout R;
  ct_err e;
  ct_judgement j;
  if (ct_composition(&c->v[0], &c->v[1], &R, &e) != CT_OK) {
    o->verdict = CT_SKIPPED; /* random pairs: COMP-8 judges the rejections */
    return;
  }
  o->digest = ct_digest_layout(&R);
  ct_judge_comp_9(&c->v[1], &R, &j);
  ct_judged(&j, o);
}

/* COMP-10: the index a rejection's message names ("i = N"; host only, the
 * GPU build carries no messages) is the least failing one. */
CT_FN void ct_p_comp_10(const ct_case *c, ct_outcome *o) {
  ct_layout R;
  ct_err e;
  ct_judgement j;
  ct_code got = ct_composition(&c->v[0], &c->v[1], &R, &e);
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  if (got != CT_STRIDE_DIVISIBILITY && got != CT_SHAPE_DIVISIBILITY && got != CT_NOT_DISJOINT &&
      got != CT_NEGATIVE_STRIDE) {
    o->verdict = CT_SKIPPED;
    return;
  }
#if CT_ON_DEVICE
  o->verdict = CT_SKIPPED;
#else
  {
    const char *at = strstr(e.msg, "i = ");
    if (!at) {
      CT_FAILS(o, "the rejection names no index: %s", e.msg);
      return;
    }
    ct_judge_comp_10(&c->v[0], &c->v[1], strtoll(at + 4, 0, 10), CT_BRUTE_MAX, &j);
    ct_judged(&j, o);
  }
#endif
}

/* Error-code properties: an input derived from the case that the operation
 * must reject with one code (spec/composition.md, Preconditions). */
CT_FN static void ct_expect_code(const ct_layout *A, const ct_tiler *B, ct_code want, ct_outcome *o,
                                 int complement, int64_t M) {
  ct_layout R;
  ct_err e;
  ct_code got;
  if (complement) {
    ct_tuple cot;
    ct_t_set_int(&cot, M, 0);
    got = ct_complement(A, &cot, &R, &e);
  } else {
    got = ct_composition_tiler(A, B, &R, &e);
  }
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  if (got != want) CT_FAILS(o, "got %s, want %s", got == CT_OK ? "a result" : ct_code_name(got), ct_code_name(want));
}

/* A digit k < last of A with M_k >= min_size; returns its domain stride. */
CT_FN static int ct_pick_digit(const ct_layout *A, int64_t min_size, ct_modes *m, int64_t *P) {
  int k, st;
  ct_comp_prepare(A, m, &st);
  *P = 1;
  for (k = 0; k + 1 < m->n; ++k) {
    if (m->m[k].s >= min_size) return k;
    *P *= m->m[k].s;
  }
  return -1;
}

/* B = 4:((M-1)*P) on A's last bounded digit M >= 3 (place value P): the
 * values 0, M-1, 2M-2, 3M-3 (in units of P) change pattern at 2, which
 * splits the leaf into (2,2), and then Â(3M-3) is not Â(M-1) + Â(2M-2)
 * (COMP-EXACT; composition((4,6,8):(2,3,5), 6:3) fails so at i = 3). The
 * digit above is the unbounded top, so no other carry can cancel it. */
CT_FN void ct_p_comp_e1(const ct_case *c, ct_outcome *o) {
  ct_modes m;
  int64_t P = 1;
  ct_layout B;
  int k, st;
  ct_comp_prepare(&c->v[0], &m, &st);
  for (k = 0; k + 2 < m.n; ++k) P *= m.m[k].s;
  if (m.n < 2 || m.m[k].s < 3) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_l_set_int(&B, 4, 0, (m.m[k].s - 1) * P, 0);
  ct_expect_code(&c->v[0], &B, CT_STRIDE_DIVISIBILITY, o, 0, 0);
}

CT_FN void ct_p_comp_e2(const ct_case *c, ct_outcome *o) {
  ct_modes m;
  int64_t P;
  ct_layout B;
  int k = ct_pick_digit(&c->v[0], 2, &m, &P);
  if (k < 0) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_l_set_int(&B, m.m[k].s + 1, 0, P, 0); /* overflows mode k without filling it */
  ct_expect_code(&c->v[0], &B, CT_SHAPE_DIVISIBILITY, o, 0, 0);
}

CT_FN void ct_p_comp_e3(const ct_case *c, ct_outcome *o) {
  ct_modes m;
  int64_t P;
  ct_layout B;
  ct_err e;
  ct_code rc = CT_OK;
  int hs, hd;
  int k = ct_pick_digit(&c->v[0], 2, &m, &P);
  if (k < 0) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_t_clear(&B.shape);
  ct_t_clear(&B.stride);
  ct_step(&rc, ct_t_open(&B.shape, &hs, &e));
  ct_step(&rc, ct_t_open(&B.stride, &hd, &e));
  ct_step(&rc, ct_t_push_int(&B.shape, m.m[k].s, 0, &e));
  ct_step(&rc, ct_t_push_int(&B.stride, P, 0, &e));
  ct_step(&rc, ct_t_push_int(&B.shape, 2, 0, &e));
  ct_step(&rc, ct_t_push_int(&B.stride, P, 0, &e));
  ct_step(&rc, ct_t_close(&B.shape, hs, &e));
  ct_step(&rc, ct_t_close(&B.stride, hd, &e));
  if (ct_build_failed(rc, o, "B = (M_k,2):(P,P)")) return;
  ct_expect_code(&c->v[0], &B, CT_NOT_DISJOINT, o, 0, 0);
}

CT_FN void ct_p_comp_e4(const ct_case *c, ct_outcome *o) {
  ct_modes m;
  int st;
  ct_layout B;
  ct_comp_prepare(&c->v[0], &m, &st);
  if (m.n < 2) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_l_set_int(&B, 2, 0, -1, 0);
  ct_expect_code(&c->v[0], &B, CT_NEGATIVE_STRIDE, o, 0, 0);
}

CT_FN void ct_p_comp_e5(const ct_case *c, ct_outcome *o) {
  ct_tiler T;
  ct_err e;
  ct_code rc = CT_OK;
  int k, hs, hd, r = ct_l_rank(&c->v[0]) + 1;
  ct_t_clear(&T.shape);
  ct_t_clear(&T.stride);
  ct_step(&rc, ct_t_open(&T.shape, &hs, &e));
  ct_step(&rc, ct_t_open(&T.stride, &hd, &e));
  for (k = 0; k < r; ++k) {
    ct_step(&rc, ct_t_push_all(&T.shape, &e));
    ct_step(&rc, ct_t_push_all(&T.stride, &e));
  }
  ct_step(&rc, ct_t_close(&T.shape, hs, &e));
  ct_step(&rc, ct_t_close(&T.stride, hd, &e));
  if (ct_build_failed(rc, o, "the tiler <_, ..., _>")) return;
  T.shape.nd[0].mark = T.stride.nd[0].mark = 1;
  ct_expect_code(&c->v[0], &T, CT_TOO_MANY_MODES, o, 0, 0);
}

/* ---- complement --------------------------------------------------------------- */

CT_FN static int ct_cpl(const ct_case *c, ct_layout *R, ct_outcome *o) {
  ct_err e;
  ct_tuple M;
  ct_t_set_int(&M, c->k[0], 0);
  if (ct_complement(&c->v[0], &M, R, &e) != CT_OK) {
    ct_rejected(c, o, &e, "complement");
    return 0;
  }
  o->digest = ct_digest_layout(R);
  return 1;
}

/* span of filter(A): the largest s*d (1 when nothing is left). */
CT_FN static int64_t ct_span(const ct_layout *A, ct_layout *F) {
  ct_modes m;
  ct_err e;
  int k;
  int64_t span = 1;
  if (ct_filter(A, F, &e) != CT_OK) return -1;
  ct_modes_of(F, 0, &m);
  for (k = 0; k < m.n; ++k)
    if (m.m[k].d != 0 && m.m[k].s * m.m[k].d > span) span = m.m[k].s * m.m[k].d;
  return span;
}

/* Generate, complement, judge CPL-id (judge/judge_complement.c). */
CT_FN static void ct_cpl_judged(const ct_case *c, int id, ct_outcome *o) {
  ct_layout R;
  ct_judgement j;
  if (!ct_cpl(c, &R, o)) return;
  switch (id) {
  case 1: ct_judge_cpl_1(&R, CT_BRUTE_MAX, &j); break;
  case 2: ct_judge_cpl_2(&c->v[0], &R, 4 * CT_BRUTE_MAX, &j); break;
  case 3: ct_judge_cpl_3(&c->v[0], c->k[0], &R, &j); break;
  case 8: ct_judge_cpl_8(&c->v[0], c->k[0], &R, &j); break;
  default: ct_judge_cpl_4(&c->v[0], &R, CT_BRUTE_MAX, &j); break;
  }
  ct_judged(&j, o);
}

CT_FN void ct_p_cpl_1(const ct_case *c, ct_outcome *o) { ct_cpl_judged(c, 1, o); }

CT_FN void ct_p_cpl_2(const ct_case *c, ct_outcome *o) { ct_cpl_judged(c, 2, o); }

CT_FN void ct_p_cpl_3(const ct_case *c, ct_outcome *o) { ct_cpl_judged(c, 3, o); }

CT_FN void ct_p_cpl_4(const ct_case *c, ct_outcome *o) { ct_cpl_judged(c, 4, o); }

CT_FN void ct_p_cpl_8(const ct_case *c, ct_outcome *o) { ct_cpl_judged(c, 8, o); }

CT_FN void ct_p_cpl_5(const ct_case *c, ct_outcome *o) {
  /* reversed leaves plus a broadcast and a size-1 mode: the same complement */
  ct_layout R, A2, R2;
  ct_modes m, rev;
  ct_err e;
  ct_tuple M;
  int k;
  if (!ct_cpl(c, &R, o)) return;
  ct_modes_of(&c->v[0], 0, &m);
  rev.n = 0;
  for (k = m.n - 1; k >= 0; --k) ct_modes_push(&rev, m.m[k].s, m.m[k].ss, m.m[k].d, m.m[k].ds);
  ct_modes_push(&rev, 3, 0, 0, 0);
  ct_modes_push(&rev, 1, 0, 5, 0);
  if (ct_build_failed(ct_modes_to_layout(&rev, &A2, &e), o, "A's leaves reversed, with two more")) return;
  ct_t_set_int(&M, c->k[0], 0);
  if (ct_complement(&A2, &M, &R2, &e) != CT_OK || !ct_l_equal(&R, &R2, 0))
    CT_FAILS(o, "permuting A's modes or adding stride-0/size-1 modes changed the complement");
}

CT_FN void ct_p_cpl_6(const ct_case *c, ct_outcome *o) {
  ct_layout R, R2, F;
  ct_err e;
  ct_val cs;
  ct_tuple M;
  int64_t span;
  if (ct_complement(&c->v[0], 0, &R, &e) != CT_OK) {
    ct_rejected(c, o, &e, "complement");
    return;
  }
  o->digest = ct_digest_layout(&R);
  span = ct_span(&c->v[0], &F);
  if (ct_build_failed(span < 0 ? CT_OVERFLOW : ct_l_cosize(&F, &cs, &e), o, "filter(A) and its cosize")) return;
  ct_t_set_int(&M, cs.v, 0);
  if (ct_complement(&c->v[0], &M, &R2, &e) != CT_OK || !ct_l_equal(&R, &R2, 0)) {
    CT_FAILS(o, "complement(A) differs from complement(A, cosize(filter(A)))");
    return;
  }
  if (ct_size(&F) * ct_size(&R) != span) CT_FAILS(o, "size(F)*size(R) = %lld, span %lld", (long long)(ct_size(&F) * ct_size(&R)), (long long)span);
}

CT_FN static int ct_first_mode(const ct_layout *A, int64_t *s, int64_t *d, ct_modes *m) {
  ct_layout F, R;
  ct_err e;
  /* The derivations assume A has an ordered complement (true of CT_GEN_CPL
   * cases, not of every enumerated layout). */
  if (ct_complement(A, 0, &R, &e) != CT_OK || ct_filter(A, &F, &e) != CT_OK) return 0;
  ct_modes_of(&F, 0, m);
  if (m->n == 0 || (m->n == 1 && m->m[0].s == 1)) return 0;
  *s = m->m[0].s;
  *d = m->m[0].d;
  return 1;
}

CT_FN void ct_p_cpl_e1(const ct_case *c, ct_outcome *o) {
  ct_modes m;
  int64_t s, d;
  ct_layout A;
  ct_err e;
  if (!ct_first_mode(&c->v[0], &s, &d, &m)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_modes_push(&m, 2, 0, d, 0); /* a second mode with the same stride */
  if (ct_build_failed(ct_modes_to_layout(&m, &A, &e), o, "the derived A")) return;
  ct_expect_code(&A, 0, CT_NOT_INJECTIVE, o, 1, c->k[0]);
}

CT_FN void ct_p_cpl_e2(const ct_case *c, ct_outcome *o) {
  ct_modes m;
  int64_t s, d, top = 1;
  ct_layout A;
  ct_err e;
  int k;
  if (!ct_first_mode(&c->v[0], &s, &d, &m)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  for (k = 0; k < m.n; ++k)
    if (m.m[k].s * m.m[k].d > top) top = m.m[k].s * m.m[k].d;
  ct_modes_push(&m, 2, 0, top + 1, 0); /* above every span, not a multiple of it */
  if (ct_build_failed(ct_modes_to_layout(&m, &A, &e), o, "the derived A")) return;
  ct_expect_code(&A, 0, CT_NOT_COMPLEMENTABLE, o, 1, c->k[0]);
}

CT_FN void ct_p_cpl_e3(const ct_case *c, ct_outcome *o) {
  ct_modes m;
  int64_t s, d;
  ct_layout A;
  ct_err e;
  if (!ct_first_mode(&c->v[0], &s, &d, &m)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  m.m[0].d = -m.m[0].d;
  if (ct_build_failed(ct_modes_to_layout(&m, &A, &e), o, "the derived A")) return;
  ct_expect_code(&A, 0, CT_NEGATIVE_STRIDE, o, 1, c->k[0]);
}

/* CPL-7: accepted iff A's image tiles [0, K) (judge/judge_exact.c); k0 the
 * cotarget, 0 the default one. */
CT_FN void ct_p_cpl_7(const ct_case *c, ct_outcome *o) {
  ct_tuple M;
  ct_layout R;
  ct_err e;
  ct_judgement j;
  ct_code got;
  ct_t_set_int(&M, c->k[0], 0);
  got = ct_complement(&c->v[0], c->k[0] ? &M : 0, &R, &e);
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  ct_judge_cpl_7(&c->v[0], c->k[0] != 0, c->k[0], got, 4 * CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

CT_FN void ct_p_cpl_7a(const ct_case *c, ct_outcome *o) { ct_p_cpl_7(c, o); }

/* complement!classified: a random layout and cotarget k0 (0 included; `_`
 * beside it one time in seven), and the code the Preconditions table of
 * spec/complement.md names, worked out without complement: ARG_TYPE for
 * `_`, NEGATIVE_STRIDE for a leaf s:d with s > 1 and d < 0, SHAPE_NOT_POSITIVE
 * for k0 == 0; then, when the leaves s > 1, d != 0 sorted by stride miss the
 * chain (a span not dividing the next stride), NOT_INJECTIVE or
 * NOT_COMPLEMENTABLE by counting filter(A)'s offsets. Skipped where the
 * count would pass CT_BRUTE_MAX. */
CT_FN static ct_code ct_cpl_classify(const ct_layout *A, int64_t k, int all) {
  CT_SCRATCH int64_t v[CT_BRUTE_MAX];
  ct_layout F;
  ct_modes m, leaves;
  int64_t span = 1, n;
  int j, q, chain = 1;
  ct_l_copy(&F, A);
  if (all) return CT_ARG_TYPE;
  ct_modes_of(A, 0, &m);
  leaves.n = 0;
  for (j = 0; j < m.n; ++j) {
    if (m.m[j].s > 1 && m.m[j].d < 0) return CT_NEGATIVE_STRIDE;
    if (m.m[j].s > 1 && m.m[j].d != 0) { /* insertion by (stride, size) */
      for (q = leaves.n++; q > 0 && (leaves.m[q - 1].d > m.m[j].d ||
                                     (leaves.m[q - 1].d == m.m[j].d && leaves.m[q - 1].s > m.m[j].s)); --q)
        leaves.m[q] = leaves.m[q - 1];
      leaves.m[q] = m.m[j];
    }
  }
  if (k <= 0) return CT_SHAPE_NOT_POSITIVE;
  for (j = 0; j < leaves.n && chain; ++j) {
    chain = leaves.m[j].d % span == 0 && leaves.m[j].d >= span;
    span = leaves.m[j].s * leaves.m[j].d;
  }
  if (chain) return CT_OK;
  for (j = 0; j < F.shape.n; ++j) /* filter(A)'s offsets: A without its stride-0 leaves */
    if (F.shape.nd[j].kind == CT_INT && F.stride.nd[j].v == 0) F.shape.nd[j].v = 1;
  n = ct_j_values(&F, v, CT_BRUTE_MAX);
  if (n < 0) return CT_NUM_CODES; /* not classified */
  return ct_j_repeats(v, n) ? CT_NOT_INJECTIVE : CT_NOT_COMPLEMENTABLE; /* a repeated offset */
}

CT_FN void ct_p_cpl_classified(const ct_case *c, ct_outcome *o) {
  ct_tuple M;
  ct_layout R;
  ct_err e;
  int all = c->k[0] % 7 == 3, h;
  ct_code want = ct_cpl_classify(&c->v[0], c->k[0], all), got, rc = CT_OK;
  ct_t_clear(&M);
  if (all) { /* (_, k0) */
    ct_step(&rc, ct_t_open(&M, &h, &e));
    ct_step(&rc, ct_t_push_all(&M, &e));
    ct_step(&rc, ct_t_push_int(&M, c->k[0], 0, &e));
    ct_step(&rc, ct_t_close(&M, h, &e));
    if (ct_build_failed(rc, o, "the cotarget (_, k0)")) return;
  } else {
    ct_t_set_int(&M, c->k[0], 0);
  }
  got = ct_complement(&c->v[0], &M, &R, &e);
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  if (want == CT_NUM_CODES) o->verdict = CT_SKIPPED;
  else if (got != want)
    CT_FAILS(o, "complement gives %s, its preconditions say %s", got == CT_OK ? "a result" : ct_code_name(got),
             want == CT_OK ? "a result" : ct_code_name(want));
}
