/* props_composed.c -- properties of spec/composed.md: CL-1..CL-5 and the
 * rejection of a coordinate offset.
 *
 * A case of CT_GEN_SWIZZLE is the composed layout C = w0 o k0 o v0 (the
 * outer function the layout v1 instead when k1 % 4 == 3), with v1 a
 * divisor and v2 a tiler of v0. Each property states its post-condition as
 * a function, R(c) == outer(offset + B'(c)) with B' the inner layout's
 * result computed by ref/ for layouts, and checks it at every index up to
 * CT_BRUTE_MAX. */
#include "judge/judge_composed.h"
#include "props/derived.h"
#include "props/props.h"
#include "props/props_list.h"
#include "ref/coalesce.h"
#include "ref/composed.h"
#include "ref/composition.h"
#include "ref/construct.h"
#include "ref/divide.h"
#include "ref/inverse.h"
#include "ref/product.h"
#include "ref/recast.h"
#include "ref/tiler.h"

/* The least value of L over its domain, apart from ref/composed.c: the
 * sum of (s-1)*d over the leaves of negative stride (the generators' sizes
 * never overflow it). */
CT_FN static int64_t ct_least_value(const ct_layout *L) {
  ct_modes m;
  int64_t lo = 0, t;
  int k;
  ct_modes_of(L, 0, &m);
  for (k = 0; k < m.n; ++k)
    if (m.m[k].d < 0 && !ct_mul_ovf(m.m[k].s - 1, m.m[k].d, &t)) lo += t;
  return lo;
}

/* The case's composed layout. An outer layout is never read below 0
 * (CL-DEF): the offset is raised to cover the inner layout's least value. */
CT_FN static void ct_case_composed(const ct_case *c, ct_composed *C) {
  int64_t off = c->k[0], lo;
  C->outer_kind = c->k[1] % 4 == 3 ? CT_OUTER_LAYOUT : CT_OUTER_SWIZZLE;
  C->sw = c->w[0];
  ct_l_copy(&C->outer, &c->v[1]);
  ct_l_copy(&C->inner, &c->v[0]);
  lo = C->outer_kind == CT_OUTER_LAYOUT ? ct_least_value(&C->inner) : 0;
  ct_t_set_int(&C->offset, off + lo < 0 ? -lo : off, 0);
}

/* outer(x), apart from ref/composed.c: the swizzle bit by bit (SW-1), or
 * the outer layout. 0 in *ok when it cannot be evaluated. */
CT_FN static int64_t ct_outer_at(const ct_composed *C, int64_t x, int *ok) {
  int64_t v = 0;
  ct_err e;
  *ok = 1;
  if (C->outer_kind == CT_OUTER_SWIZZLE) return ct_sw_by_bits(&C->sw, x);
  *ok = ct_l_eval(&C->outer, x, &v, &e) == CT_OK;
  return v;
}

CT_FN static uint64_t ct_digest_composed(const ct_composed *C) {
  return ct_digest_layout(&C->inner) ^ ct_mix64((uint64_t)ct_cl_offset(C) + 0xC0u) ^
         (C->outer_kind == CT_OUTER_SWIZZLE ? ct_mix64((uint64_t)(C->sw.b + 64 * C->sw.m + 4096 * (C->sw.s + 64)))
                                            : ct_digest_layout(&C->outer));
}

/* R(i) == outer(offset + B(i)) for i < size(B), R a composed layout whose
 * outer function and offset must be C's (CL-2..CL-4). */
CT_FN static void ct_check_on_inner(const ct_composed *C, const ct_composed *R, const ct_layout *B, const char *id,
                                    const char *what, ct_outcome *o) {
  int64_t i, n = ct_size(B);
  ct_leaf_form FB, FR; /* B and R's inner layout, index after index */
  ct_err e;
  o->digest = ct_digest_composed(R);
  if (R->outer_kind != C->outer_kind || ct_cl_offset(R) != ct_cl_offset(C) ||
      (C->outer_kind == CT_OUTER_SWIZZLE ? !ct_sw_same(&R->sw, &C->sw) : !ct_l_equal(&R->outer, &C->outer, 0))) {
    CT_FAILS(o, "%s: %s of a composed layout changed its outer function or offset", id, what);
    return;
  }
  if (n < 0 || n > CT_BRUTE_MAX) return;
  ct_lf_init(&FB, B);
  ct_lf_init(&FR, &R->inner);
  for (i = 0; i < n; ++i) {
    int ok;
    int64_t got = 0, want = ct_outer_at(C, ct_cl_offset(C) + ct_ev_form(&FB, i), &ok);
    if (!ok) continue; /* an outer layout below 0: not evaluated */
    if (ct_cl_eval_form(R, &FR, i, &got, &e) != CT_OK || got != want) {
      CT_FAILS(o, "%s: %s, R(%lld) = %lld, outer(offset + B'(i)) = %lld", id, what, (long long)i, (long long)got,
               (long long)want);
      return;
    }
  }
}

/* CL-1: C(i) == outer(offset + inner(i)), and at the natural coordinate. */
CT_FN void ct_p_cl_1(const ct_case *c, ct_outcome *o) {
  ct_composed C;
  ct_leaf_form F; /* inner(i) through the leaf form, C(i) through ct_cl_eval */
  ct_err e;
  int64_t i, n;
  ct_case_composed(c, &C);
  o->digest = ct_digest_composed(&C);
  if (ct_cl_check(&C, &e) != CT_OK) {
    CT_FAILS(o, "the composed layout is rejected: %s", e.msg);
    return;
  }
  n = ct_size(&C.inner);
  if (n < 0 || n > CT_BRUTE_MAX) return;
  ct_lf_init(&F, &C.inner);
  for (i = 0; i < n; ++i) {
    ct_tuple crd;
    int ok;
    int64_t want = ct_outer_at(&C, ct_cl_offset(&C) + ct_ev_form(&F, i), &ok), at_i = 0, at_c = 0;
    if (!ok) continue;
    if (ct_cl_eval(&C, i, &at_i, &e) != CT_OK || ct_idx2crd(i, &C.inner.shape, &crd, &e) != CT_OK ||
        ct_cl_crd2idx(&crd, &C, &at_c, &e) != CT_OK || at_i != want || at_c != want) {
      CT_FAILS(o, "C(%lld) = %lld, C(idx2crd(%lld)) = %lld, outer(offset + inner(%lld)) = %lld", (long long)i,
               (long long)at_i, (long long)i, (long long)at_c, (long long)i, (long long)want);
      return;
    }
  }
}

/* CL-2: the reshaping operations act on the inner layout. */
CT_FN void ct_p_cl_2(const ct_case *c, ct_outcome *o) {
  ct_composed C, R;
  ct_layout B;
  ct_err e;
  ct_code rc;
  int pick = (int)(c->k[1] % 6), path = 0;
  const char *what[6] = {"flatten", "coalesce", "filter", "layout<0>", "take<0,1>", "append(C, v1)"};
  ct_case_composed(c, &C);
  switch (pick) {
  case 0: rc = ct_l_flatten(&C.inner, &B, &e); break;
  case 1: rc = ct_coalesce(&C.inner, &B, &e); break;
  case 2: rc = ct_filter(&C.inner, &B, &e); break;
  case 3: rc = ct_l_mode(&C.inner, &path, 1, &B, &e); break;
  case 4: rc = ct_l_take(&C.inner, 0, 1, &B, &e); break;
  default: rc = ct_l_append(&C.inner, &c->v[1], &B, &e); break;
  }
  if (ct_build_failed(rc, o, what[pick])) return;
  ct_cl_rewrap(&C, &B, &R);
  ct_check_on_inner(&C, &R, &B, "CL-2", what[pick], o);
}

/* CL-3: composition(C, T) = outer o offset o composition(inner, T). */
CT_FN void ct_p_cl_3(const ct_case *c, ct_outcome *o) {
  ct_composed C, R;
  ct_layout B;
  ct_err e;
  int tiler = c->k[1] % 2 == 0;
  ct_case_composed(c, &C);
  /* a tiler goes through the by-mode form, a layout through ct_composition
   * (which takes a layout B only) */
  if ((tiler ? ct_composition_tiler(&C.inner, &c->v[2], &B, &e) : ct_composition(&C.inner, &c->v[1], &B, &e)) != CT_OK) {
    ct_rejected(c, o, &e, "composition of the inner layout");
    return;
  }
  ct_cl_rewrap(&C, &B, &R);
  ct_check_on_inner(&C, &R, &B, "CL-3", tiler ? "composition(C, tiler)" : "composition(C, layout)", o);
}

/* CL-4: the divides, products and tile_to_shape act on the inner layout. */
CT_FN void ct_p_cl_4(const ct_case *c, ct_outcome *o) {
  ct_composed C, R;
  ct_layout B;
  ct_err e;
  ct_code rc;
  int pick = (int)(c->k[1] % 7);
  const char *what[7] = {"logical_divide", "zipped_divide", "flat_divide", "logical_product",
                         "blocked_product", "raked_product", "tile_to_shape"};
  ct_case_composed(c, &C);
  switch (pick) {
  case 0: rc = ct_logical_divide(&C.inner, &c->v[1], &B, &e); break;
  case 1: rc = ct_zipped_divide(&C.inner, &c->v[2], &B, &e); break;
  case 2: rc = ct_flat_divide(&C.inner, &c->v[2], &B, &e); break;
  case 3: rc = ct_logical_product(&C.inner, &c->v[1], &B, &e); break;
  case 4: rc = ct_blocked_product(&C.inner, &c->v[1], &B, &e); break;
  case 5: rc = ct_raked_product(&C.inner, &c->v[1], &B, &e); break;
  default: { /* twice the inner shape, mode by mode */
    ct_tuple target = C.inner.shape;
    int k;
    for (k = 0; k < target.n; ++k)
      if (target.nd[k].kind == CT_INT) target.nd[k].v *= 2;
    rc = ct_tile_to_shape(&C.inner, &target, 0, &B, &e);
  }
  }
  if (rc != CT_OK) {
    ct_rejected(c, o, &e, what[pick]);
    return;
  }
  ct_cl_rewrap(&C, &B, &R);
  ct_check_on_inner(&C, &R, &B, "CL-4", what[pick], o);
}

/* CL-5: slice(c, C)(c') == C(c), the sliced-away offset folded into the
 * offset: `_` at top-level mode p, the other modes at the coordinate of
 * index k1. */
CT_FN void ct_p_cl_5(const ct_case *c, ct_outcome *o) {
  ct_composed C, R;
  ct_tuple full, crd;
  ct_err e;
  int64_t n, j, m;
  int rank, p, k, hdr;
  ct_case_composed(c, &C);
  rank = ct_l_rank(&C.inner);
  n = ct_size(&C.inner);
  if (n <= 0) return;
  if (rank == 0) { /* (): no mode to slice (a shrunk or regression case) */
    o->verdict = CT_SKIPPED;
    return;
  }
  p = (int)(c->k[1] % rank);
  if (ct_build_failed(ct_idx2crd(c->k[1] % n, &C.inner.shape, &full, &e), o, "idx2crd")) return;
  ct_t_clear(&crd); /* full with mode p replaced by `_` */
  if (rank == 1 && C.inner.shape.nd[0].kind == CT_INT) {
    if (ct_build_failed(ct_t_push_all(&crd, &e), o, "the coordinate")) return;
  } else {
    ct_code rc = ct_t_open(&crd, &hdr, &e);
    for (k = 0; k < rank && rc == CT_OK; ++k)
      rc = k == p ? ct_t_push_all(&crd, &e) : ct_t_push_sub(&crd, &full, ct_t_child(&full, 0, k), &e);
    if (rc == CT_OK) rc = ct_t_close(&crd, hdr, &e);
    if (ct_build_failed(rc, o, "the coordinate")) return;
  }
  if (ct_cl_slice(&crd, &C, &R, &e) != CT_OK) {
    CT_FAILS(o, "slice of a composed layout rejected: %s", e.msg);
    return;
  }
  o->digest = ct_digest_composed(&R);
  m = ct_size(&R.inner);
  if (m < 0 || m > CT_BRUTE_MAX) return;
  for (j = 0; j < m; ++j) { /* C at the coordinate with mode p := j */
    ct_tuple at, sub;
    const ct_tuple *parts[CT_MAX_RANK];
    int64_t got = 0, want;
    ct_layout Lp;
    ct_code rc = ct_l_mode(&C.inner, &p, 1, &Lp, &e);
    if (rc == CT_OK) rc = ct_idx2crd(j, &Lp.shape, &sub, &e);
    if (rank == 1 && C.inner.shape.nd[0].kind == CT_INT) {
      ct_t_copy(&at, &sub);
    } else if (rc == CT_OK) {
      ct_tuple pieces[1];
      for (k = 0; k < rank; ++k) parts[k] = &full;
      ct_t_copy(&pieces[0], &sub);
      { /* the children of full, mode p from sub */
        int idx[CT_MAX_RANK];
        for (k = 0; k < rank; ++k) idx[k] = ct_t_child(&full, 0, k);
        parts[p] = &pieces[0];
        idx[p] = 0;
        rc = ct_t_make_tuple(&at, parts, idx, rank, &e);
      }
    }
    if (ct_build_failed(rc, o, "the full coordinate")) return;
    {
      int ok = ct_cl_crd2idx(&at, &C, &want, &e) == CT_OK;
      if (!ok) continue; /* an outer layout below 0 */
    }
    if (ct_cl_eval(&R, j, &got, &e) != CT_OK || got != want) {
      CT_FAILS(o, "slice at mode %d: R(%lld) = %lld, C(c) = %lld", p, (long long)j, (long long)got, (long long)want);
      return;
    }
  }
}

/* spec/composed.md, Preconditions: an offset that is no integer is rejected (ARG_TYPE), an integer
 * accepted unless it leaves an outer layout read below 0 (COORD_OUT_OF_RANGE, CL-DEF). */
CT_FN void ct_p_cl_e_arg(const ct_case *c, ct_outcome *o) {
  ct_composed C;
  ct_err e;
  ct_code rc;
  ct_case_composed(c, &C);
  ct_t_copy(&C.offset, &c->v[0].shape); /* a tuple offset when v0 has rank > 1 */
  rc = ct_cl_check(&C, &e);
  o->digest = ct_digest_code(rc);
  if (C.offset.nd[0].kind == CT_INT && C.outer_kind == CT_OUTER_LAYOUT &&
      C.offset.nd[0].v + ct_least_value(&C.inner) < 0) { /* below 0: the other precondition */
    if (rc != CT_COORD_OUT_OF_RANGE)
      CT_FAILS(o, "an outer layout read at %lld < 0: %s, not COORD_OUT_OF_RANGE",
               (long long)(C.offset.nd[0].v + ct_least_value(&C.inner)), ct_code_name(rc));
    return;
  }
  if ((C.offset.nd[0].kind == CT_INT) != (rc == CT_OK) || (rc != CT_OK && rc != CT_ARG_TYPE))
    CT_FAILS(o, "a composed layout with the offset of %s: %s", C.offset.nd[0].kind == CT_INT ? "an integer" : "a tuple",
             ct_code_name(rc));
}

/* The values of C and D agree at every index and their inner shapes are
 * compatible one way or the other, evaluated apart from ref/composed.c;
 * -1 when not decided (too large, or an outer layout below 0). */
CT_FN static int ct_brute_cl_same(const ct_composed *C, const ct_composed *D) {
  int64_t i, n = ct_size(&C->inner);
  ct_leaf_form FC, FD;
  if (!(ct_t_compatible_loose(&C->inner.shape, &D->inner.shape) ||
        ct_t_compatible_loose(&D->inner.shape, &C->inner.shape)))
    return 0;
  if (n < 0 || n > CT_BRUTE_MAX || ct_size(&D->inner) < 0) return -1;
  if (n != ct_size(&D->inner)) return 0;
  ct_lf_init(&FC, &C->inner);
  ct_lf_init(&FD, &D->inner);
  for (i = 0; i < n; ++i) {
    int okc, okd;
    int64_t vc = ct_outer_at(C, ct_cl_offset(C) + ct_ev_form(&FC, i), &okc);
    int64_t vd = ct_outer_at(D, ct_cl_offset(D) + ct_ev_form(&FD, i), &okd);
    if (!okc || !okd) return -1;
    if (vc != vd) return 0;
  }
  return 1;
}

/* CL-6: the judge of composed answers (ct_cl_equivalent, EQUIV-2) says
 * "equivalent" exactly when the values agree: C against D, D by k1 = C with
 * the outer swizzle w1, with the first stride of the inner layout plus one,
 * with the offset plus one, or with the inner layout coalesced (another
 * form of the same function). */
CT_FN void ct_p_cl_6(const ct_case *c, ct_outcome *o) {
  ct_composed C, D;
  ct_err e;
  int pick = (int)(c->k[1] % 4), want, got;
  const char *what[4] = {"the outer swizzle w1", "the first inner stride plus one", "the offset plus one",
                         "the inner layout coalesced"};
  ct_case_composed(c, &C);
  D = C;
  if (pick == 0) D.sw = c->w[1];
  if (pick == 1) {
    int k;
    for (k = 0; k < D.inner.stride.n && D.inner.stride.nd[k].kind != CT_INT; ++k) {}
    if (k == D.inner.stride.n) return;
    D.inner.stride.nd[k].v += 1;
    D.inner.stride.nd[k].stat = 0;
  }
  if (pick == 2) ct_t_set_int(&D.offset, ct_cl_offset(&C) + 1, 0);
  if (pick == 3 && ct_build_failed(ct_coalesce(&C.inner, &D.inner, &e), o, "coalesce")) return;
  o->digest = ct_digest_composed(&C) ^ ct_mix64(ct_digest_composed(&D) + (uint64_t)pick);
  want = ct_brute_cl_same(&C, &D);
  if (want < 0) return;
  got = ct_cl_equivalent(&C, &D, CT_BRUTE_MAX);
  if (got != want)
    CT_FAILS(o, "C against C with %s: judged %s, the values %s", what[pick], got ? "equivalent" : "not equivalent",
             want ? "agree at every index" : "differ");
}

/* CL-7: the portions of Sw o O o B are Sw and B, and give the value back,
 * C(i) == P(O + N(i)) at every index, evaluated apart from ref/composed.c.
 * An outer layout has none (get_swizzle_portion!ARG_TYPE). */
CT_FN void ct_p_cl_7(const ct_case *c, ct_outcome *o) {
  ct_composed C;
  ct_swizzle P;
  ct_layout N;
  ct_leaf_form FN; /* N index after index */
  ct_judgement j;
  ct_err e;
  int64_t i, n;
  ct_case_composed(c, &C);
  if (C.outer_kind != CT_OUTER_SWIZZLE) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (ct_build_failed(ct_cl_swizzle_portion(&C, &P, &e), o, "get_swizzle_portion") ||
      ct_build_failed(ct_cl_nonswizzle_portion(&C, &N, &e), o, "get_nonswizzle_portion"))
    return;
  o->digest = ct_digest_layout(&N) ^ ct_mix64((uint64_t)(P.b + 64 * P.m + 4096 * (P.s + 64)));
  ct_judge_cl_swizzle_portion(&C, 0, &P, &j);
  ct_judged(&j, o);
  if (o->verdict == CT_FAILED) return;
  ct_judge_cl_nonswizzle_portion(&C, 0, &N, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
  if (o->verdict == CT_FAILED) return;
  n = ct_size(&N);
  if (n < 0 || n > CT_BRUTE_MAX) return;
  ct_lf_init(&FN, &N);
  for (i = 0; i < n; ++i) {
    int ok;
    int64_t want = ct_outer_at(&C, ct_cl_offset(&C) + ct_ev_form(&FN, i), &ok), got = 0;
    if (ct_cl_eval(&C, i, &got, &e) != CT_OK || got != want) {
      CT_FAILS(o, "C(%lld) = %lld, P(O + N(i)) = %lld", (long long)i, (long long)got, (long long)want);
      return;
    }
  }
}

/* CL-8: a layout's swizzle portion is an identity, its non-swizzle portion
 * the layout itself. */
CT_FN void ct_p_cl_8(const ct_case *c, ct_outcome *o) {
  ct_composed X;
  ct_swizzle P;
  ct_judgement j;
  ct_l_swizzle_portion(&P);
  ct_cl_of_layout(&c->v[0], &X);
  o->digest = ct_digest_layout(&c->v[0]) ^ ct_mix64((uint64_t)(P.b + 64 * P.m + 4096 * (P.s + 64)));
  ct_judge_cl_swizzle_portion(&X, 1, &P, &j);
  ct_judged(&j, o);
  if (o->verdict == CT_FAILED) return;
  ct_judge_cl_nonswizzle_portion(&X, 1, &c->v[0], CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

/* spec/composed.md, Preconditions: neither portion of a composed layout
 * whose outer function is a layout (ARG_TYPE); both of a swizzle's. */
CT_FN void ct_p_cl_e_portion(const ct_case *c, ct_outcome *o) {
  ct_composed C;
  ct_swizzle P;
  ct_layout N;
  ct_err e;
  ct_code a, b;
  ct_case_composed(c, &C);
  a = ct_cl_swizzle_portion(&C, &P, &e);
  b = ct_cl_nonswizzle_portion(&C, &N, &e);
  o->digest = ct_digest_code(a) ^ ct_mix64((uint64_t)b + 7u);
  if (C.outer_kind == CT_OUTER_LAYOUT && (a != CT_ARG_TYPE || b != CT_ARG_TYPE))
    CT_FAILS(o, "the portions of a composed layout with an outer layout: %s and %s, not ARG_TYPE", ct_code_name(a),
             ct_code_name(b));
  else if (C.outer_kind == CT_OUTER_SWIZZLE && (a != CT_OK || b != CT_OK))
    CT_FAILS(o, "the portions of a swizzled composed layout rejected: %s and %s", ct_code_name(a), ct_code_name(b));
}

/* The case's composed layout for the inverses (CL-INV in spec/inverse.md):
 * by (k1 / 4) % 4 the offset _0, a dynamic 0, the case's (>= 0), or below 0
 * beside a swizzle. 0 when the value is no composed layout (CL-DEF). */
CT_FN static int ct_case_inv(const ct_case *c, ct_composed *C) {
  ct_err e;
  int pick = (int)((c->k[1] / 4) % 4);
  ct_case_composed(c, C);
  if (pick < 2) ct_t_set_int(&C->offset, 0, pick == 0);
  if (pick == 3 && C->outer_kind == CT_OUTER_SWIZZLE) ct_t_set_int(&C->offset, -1 - c->k[0], 0);
  return ct_cl_check(C, &e) == CT_OK;
}

/* RINV-8 / LINV-7's codes: COORD_OUT_OF_RANGE exactly for an offset > 0,
 * ARG_TYPE exactly for one < 0; 1 when the case is settled by them. */
CT_FN static int ct_inv_offset_settles(const ct_composed *C, ct_code rc, const char *id, ct_outcome *o) {
  int64_t off = ct_cl_offset(C);
  ct_code want = off > 0 ? CT_COORD_OUT_OF_RANGE : CT_ARG_TYPE;
  if (off == 0) {
    if (rc == CT_COORD_OUT_OF_RANGE || rc == CT_ARG_TYPE)
      CT_FAILS(o, "%s: the offset 0 rejected with %s", id, ct_code_name(rc));
    return rc == CT_COORD_OUT_OF_RANGE || rc == CT_ARG_TYPE;
  }
  if (rc != want) CT_FAILS(o, "%s: the offset %lld: %s, want %s", id, (long long)off, ct_code_name(rc), ct_code_name(want));
  return 1;
}

/* RINV-8: right_inverse of a composed layout, judged (C(R(i)) == i inside
 * C's domain), its size CuTe's, its codes by the offset, and an identity
 * swizzle always accepted with right_inverse(B). */
CT_FN void ct_p_rinv_8(const ct_case *c, ct_outcome *o) {
  ct_composed C, R, P;
  ct_layout I;
  ct_judgement j;
  ct_err e;
  ct_val want, got;
  ct_code rc;
  int plain = 0, identity;
  if (!ct_case_inv(c, &C)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  identity = C.outer_kind == CT_OUTER_SWIZZLE && C.sw.b == 0;
  rc = ct_cl_right_inverse(&C, &R, &plain, &e);
  o->digest = rc != CT_OK ? ct_digest_code(rc) : ct_digest_composed(&R) ^ (uint64_t)plain;
  if (ct_inv_offset_settles(&C, rc, "RINV-8", o)) return;
  if (rc != CT_OK) {
    if (identity) CT_FAILS(o, "right_inverse(Sw<0,...> o 0 o B) rejected: %s", e.msg);
    return; /* CuTe's form is none, or no inverse: NO_LAYOUT (CL-INV) */
  }
  if (plain) ct_cl_of_layout(&R.inner, &P);
  else P = R;
  ct_judge_rinv_8(&C, &P, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
  if (o->verdict == CT_FAILED) return;
  if (ct_build_failed(ct_right_inverse(C.outer_kind == CT_OUTER_SWIZZLE ? &C.inner : &C.outer, &I, &e), o,
                      "right_inverse") ||
      ct_build_failed(ct_l_size(&I, &want, &e), o, "size") || ct_build_failed(ct_l_size(&P.inner, &got, &e), o, "size"))
    return;
  if (got.v != want.v)
    CT_FAILS(o, "size(right_inverse(C)) = %lld, CuTe's is %lld", (long long)got.v, (long long)want.v);
  else if (identity && (!plain || !ct_l_equivalent(&R.inner, &I)))
    CT_FAILS(o, "right_inverse(Sw<0,...> o 0 o B) is not right_inverse(B)");
}

/* LINV-7: left_inverse of a composed layout, judged (C(R(C(i))) == C(i)
 * inside both domains), its codes by the offset, and an identity swizzle
 * accepted with left_inverse(B) wherever that is. */
CT_FN void ct_p_linv_7(const ct_case *c, ct_outcome *o) {
  ct_composed C, R, P;
  ct_layout I;
  ct_judgement j;
  ct_err e;
  ct_code rc;
  int plain = 0, identity;
  if (!ct_case_inv(c, &C)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  identity = C.outer_kind == CT_OUTER_SWIZZLE && C.sw.b == 0 && ct_left_inverse(&C.inner, &I, &e) == CT_OK;
  rc = ct_cl_left_inverse(&C, &R, &plain, &e);
  o->digest = rc != CT_OK ? ct_digest_code(rc) : ct_digest_composed(&R) ^ (uint64_t)plain;
  if (ct_inv_offset_settles(&C, rc, "LINV-7", o)) return;
  if (rc != CT_OK) {
    if (identity) CT_FAILS(o, "left_inverse(Sw<0,...> o 0 o B) rejected, left_inverse(B) is accepted: %s", e.msg);
    return;
  }
  if (plain) ct_cl_of_layout(&R.inner, &P);
  else P = R;
  ct_judge_linv_7(&C, &P, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
  if (o->verdict == CT_FAILED) return;
  if (identity && (!plain || !ct_l_equivalent(&R.inner, &I)))
    CT_FAILS(o, "left_inverse(Sw<0,...> o 0 o B) is not left_inverse(B)");
}

/* CL-9: composition(L, C), C = A o O o B (the case's, its offset 0 unless
 * (k1 / 4) % 4 == 2), L by k1 % 3 (ct_sw_case_outer): when accepted L(C(i))
 * on B's domain (the judge); an offset other than 0 rejected with ARG_TYPE,
 * a value below 0 with COORD_OUT_OF_RANGE; else, for an identity swizzle,
 * accepted exactly when composition(L, B) is, and that layout. */
CT_FN void ct_p_cl_9(const ct_case *c, ct_outcome *o) {
  ct_composed C, R;
  ct_layout L, LB;
  ct_judgement j;
  ct_err e;
  ct_code rc, rb;
  int plain = 0, identity;
  if (!ct_case_inv(c, &C)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_sw_case_outer(c, &L);
  identity = C.outer_kind == CT_OUTER_SWIZZLE && C.sw.b == 0;
  rc = ct_l_compose_composed(&L, &C, &R, &plain, &e);
  o->digest = rc != CT_OK ? ct_digest_code(rc) : ct_digest_composed(&R) ^ (uint64_t)plain;
  if (ct_cl_offset(&C) != 0) {
    if (rc != CT_ARG_TYPE) CT_FAILS(o, "composition(L, A o %lld o B): %s, want ARG_TYPE", (long long)ct_cl_offset(&C),
                                    ct_code_name(rc));
    return;
  }
  { /* a value below 0: COORD_OUT_OF_RANGE (L never read there), brute force apart from ref/ */
    int64_t i, n = ct_size(&C.inner);
    ct_leaf_form F;
    int below = 0, ok;
    if (n < 0 || n > CT_BRUTE_MAX) return;
    ct_lf_init(&F, &C.inner);
    for (i = 0; i < n && !below; ++i) below = ct_outer_at(&C, ct_ev_form(&F, i), &ok) < 0 && ok;
    if (below) {
      if (rc != CT_COORD_OUT_OF_RANGE) CT_FAILS(o, "composition(L, C), C takes a value < 0: %s, want COORD_OUT_OF_RANGE",
                                                ct_code_name(rc));
      return;
    }
  }
  rb = identity ? ct_composition(&L, &C.inner, &LB, &e) : CT_OK;
  if (rc != CT_OK) {
    if (identity && rb == CT_OK) CT_FAILS(o, "composition(L, Sw<0,...> o 0 o B) rejected (%s), composition(L, B) is "
                                          "accepted", ct_code_name(rc));
    return;
  }
  if (plain) ct_cl_of_layout(&R.inner, &R);
  ct_judge_cl_9(&L, &C, &R, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
  if (o->verdict == CT_FAILED || !identity) return;
  if (rb != CT_OK) CT_FAILS(o, "composition(L, Sw<0,...> o 0 o B) accepted, composition(L, B) is rejected");
  else if (!plain || !ct_l_equal(&R.inner, &LB, 0)) CT_FAILS(o, "composition(L, Sw<0,...> o 0 o B) is not composition(L, B)");
}

/* MCL-6 and MCV-3's pair: a the case's composed layout (offset by
 * ct_case_inv), b by (k1 / 16) % 3: a's inner layout, a itself, or the
 * inner layout under w1. 0 when a is no composed layout. */
CT_FN static int ct_case_common(const ct_case *c, ct_composed *a, ct_composed *b) {
  int pick = (int)((c->k[1] / 16) % 3);
  if (!ct_case_inv(c, a)) return 0;
  ct_cl_of_layout(&a->inner, b);
  if (pick == 1) *b = *a;
  if (pick == 2) b->sw = c->w[1];
  return 1;
}

/* The cut T of MCL-COMPOSED, apart from ref/: 2^(M + max(0, S)) of each
 * non-identity swizzle, the least; INT64_MAX without one. */
CT_FN static int64_t ct_common_cut(const ct_composed *a, const ct_composed *b) {
  int64_t t = INT64_MAX, u;
  const ct_composed *x[2];
  int k;
  x[0] = a;
  x[1] = b;
  for (k = 0; k < 2; ++k) {
    if (x[k]->sw.b == 0) continue;
    u = (int64_t)1 << (x[k]->sw.m + (x[k]->sw.s > 0 ? x[k]->sw.s : 0));
    if (u < t) t = u;
  }
  return t;
}

/* ARG_TYPE exactly for an outer layout or an offset other than 0; 1 when
 * that settles the case. */
CT_FN static int ct_common_settles(const ct_composed *a, ct_code rc, const char *id, ct_outcome *o) {
  int bad = a->outer_kind != CT_OUTER_SWIZZLE || ct_cl_offset(a) != 0;
  if (bad && rc != CT_ARG_TYPE) CT_FAILS(o, "%s: an outer layout or the offset %lld: %s, want ARG_TYPE", id,
                                         (long long)ct_cl_offset(a), ct_code_name(rc));
  if (!bad && rc == CT_ARG_TYPE) CT_FAILS(o, "%s: a swizzle and the offset 0 rejected with ARG_TYPE", id);
  return bad;
}

/* MCL-6: the judge (MCL-1, MCL-2 on the composed forms); size(R) <=
 * min(size(R0), T), with R == R0 as a function where size(R0) <= T. */
CT_FN void ct_p_mcl_6(const ct_case *c, ct_outcome *o) {
  ct_composed a, b;
  ct_layout R, R0;
  ct_judgement j;
  ct_err e;
  ct_code rc;
  int64_t T, n, n0;
  if (!ct_case_common(c, &a, &b)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  rc = ct_cl_max_common_layout(&a, &b, &R, &e);
  o->digest = rc != CT_OK ? ct_digest_code(rc) : ct_digest_layout(&R);
  if (ct_common_settles(&a, rc, "MCL-6", o) || rc != CT_OK) return; /* the inner layouts' own codes otherwise */
  ct_judge_mcl_6(&a, &b, &R, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
  if (o->verdict == CT_FAILED) return;
  if (ct_build_failed(ct_max_common_layout(&a.inner, &b.inner, &R0, &e), o, "max_common_layout")) return;
  T = ct_common_cut(&a, &b);
  n = ct_size(&R);
  n0 = ct_size(&R0);
  if (n > (n0 < T ? n0 : T)) CT_FAILS(o, "size(R) = %lld > min(size(R0) = %lld, T = %lld)", (long long)n, (long long)n0,
                                      (long long)T);
  else if (n0 <= T && !ct_l_equivalent(&R, &R0)) CT_FAILS(o, "size(R0) = %lld <= T, and R is not R0", (long long)n0);
}

/* MCV-3: the judge (a common run); N == N0 where N0 < T or one swizzle on
 * both with 2^width dividing N0, else N == T. */
CT_FN void ct_p_mcv_3(const ct_case *c, ct_outcome *o) {
  ct_composed a, b;
  ct_val N, N0;
  ct_judgement j;
  ct_err e;
  ct_code rc;
  int64_t T, want;
  if (!ct_case_common(c, &a, &b)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  rc = ct_cl_max_common_vector(&a, &b, &N, &e);
  o->digest = rc != CT_OK ? ct_digest_code(rc) : ct_mix64((uint64_t)N.v + 0x3cu);
  if (ct_common_settles(&a, rc, "MCV-3", o) || rc != CT_OK) return;
  ct_judge_mcv_3(&a, &b, N.v, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
  if (o->verdict == CT_FAILED) return;
  if (ct_build_failed(ct_max_common_vector(&a.inner, &b.inner, &N0, &e), o, "max_common_vector")) return;
  T = ct_common_cut(&a, &b);
  want = N0.v < T || (ct_sw_same(&a.sw, &b.sw) && N0.v % ((int64_t)1 << ct_sw_width(&a.sw)) == 0) ? N0.v : T;
  if (N.v != want) CT_FAILS(o, "max_common_vector = %lld, want %lld (N0 = %lld, T = %lld)", (long long)N.v,
                            (long long)want, (long long)N0.v, (long long)T);
}

/* The cast of REC-3 and REC-4: N = 2^(k1 % 5), or 3*2^(k1 % 3) (no power of
 * two) when (k1 / 5) % 7 == 6; upcast when (k1 / 35) % 2 == 1. */
CT_FN static void ct_case_cast(const ct_case *c, int64_t *n, int *up) {
  *n = (c->k[1] / 5) % 7 == 6 ? 3 * ((int64_t)1 << (c->k[1] % 3)) : (int64_t)1 << (c->k[1] % 5);
  *up = (int)((c->k[1] / 35) % 2);
}

/* REC-3: the judge; upcast accepted exactly when M >= n or B == 0, and
 * undone by downcast; no power of two: NOT_DIVISIBLE. */
CT_FN void ct_p_rec_3(const ct_case *c, ct_outcome *o) {
  const ct_swizzle *w = &c->w[0];
  ct_swizzle r, back;
  ct_judgement j;
  ct_err e;
  ct_code rc;
  int64_t n;
  int up, k = 0, pow2;
  ct_case_cast(c, &n, &up);
  pow2 = (n & (n - 1)) == 0;
  while (((int64_t)1 << k) < n) ++k;
  rc = up ? ct_sw_upcast(w, n, &r, &e) : ct_sw_downcast(w, n, &r, &e);
  o->digest = rc != CT_OK ? ct_digest_code(rc) : ct_mix64((uint64_t)(r.b + 64 * r.m + 4096 * (r.s + 64)) + (uint64_t)up);
  if (!pow2) {
    if (rc != CT_NOT_DIVISIBLE) CT_FAILS(o, "a cast by N = %lld: %s, want NOT_DIVISIBLE", (long long)n, ct_code_name(rc));
    return;
  }
  if (up && (rc == CT_OK) != (w->m >= k || w->b == 0)) {
    CT_FAILS(o, "upcast<%lld>(Sw<%d,%d,%d>): %s", (long long)n, w->b, w->m, w->s, ct_code_name(rc));
    return;
  }
  if (rc != CT_OK) { /* upcast splitting an element, or downcast past bit 31 */
    if (rc != (up ? CT_NOT_DIVISIBLE : CT_BAD_SWIZZLE))
      CT_FAILS(o, "%s<%lld>(Sw<%d,%d,%d>) rejected: %s", up ? "upcast" : "downcast", (long long)n, w->b, w->m, w->s,
               ct_code_name(rc));
    return;
  }
  ct_judge_rec_3(w, n, up, &r, &j);
  ct_judged(&j, o);
  if (o->verdict == CT_FAILED || up) return;
  if (ct_sw_upcast(&r, n, &back, &e) != CT_OK || !ct_sw_same(&back, w))
    CT_FAILS(o, "upcast<%lld>(downcast<%lld>(Sw<%d,%d,%d>)) is not the swizzle", (long long)n, (long long)n, w->b, w->m,
             w->s);
}

/* REC-4: a swizzled composed layout cast part by part (the judge, with
 * CAST's cast of the inner layout); an outer layout: ARG_TYPE; upcast with
 * an offset N does not divide: NOT_DIVISIBLE. */
CT_FN void ct_p_rec_4(const ct_case *c, ct_outcome *o) {
  ct_composed C, R;
  ct_layout B2;
  ct_judgement j;
  ct_err e;
  ct_code rc, rs, rb;
  ct_swizzle w2;
  ct_val v;
  int64_t n;
  int up;
  if (!ct_case_inv(c, &C)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_case_cast(c, &n, &up);
  v.v = n;
  v.stat = 1;
  rc = ct_cl_cast(&C, v, up, &R, &e);
  o->digest = rc != CT_OK ? ct_digest_code(rc) : ct_digest_composed(&R);
  if (C.outer_kind != CT_OUTER_SWIZZLE) {
    if (rc != CT_ARG_TYPE) CT_FAILS(o, "a cast of a composed layout with an outer layout: %s, want ARG_TYPE", ct_code_name(rc));
    return;
  }
  rs = up ? ct_sw_upcast(&C.sw, n, &w2, &e) : ct_sw_downcast(&C.sw, n, &w2, &e);
  rb = up ? ct_upcast(&C.inner, v, &B2, &e) : ct_downcast(&C.inner, v, &B2, &e);
  if (rs == CT_OK && up && ct_cl_offset(&C) % n != 0) {
    if (rc != CT_NOT_DIVISIBLE) CT_FAILS(o, "upcast<%lld> with the offset %lld: %s, want NOT_DIVISIBLE", (long long)n,
                                         (long long)ct_cl_offset(&C), ct_code_name(rc));
    return;
  }
  if (rs != CT_OK || rb != CT_OK) { /* a part's own code (or the result's CL-DEF) */
    if (rc == CT_OK) CT_FAILS(o, "a cast accepted although a part's cast is rejected (%s, %s)", ct_code_name(rs), ct_code_name(rb));
    return;
  }
  if (rc != CT_OK) {
    if (rc != CT_COORD_OUT_OF_RANGE) CT_FAILS(o, "a cast rejected (%s) although every part's is accepted", ct_code_name(rc));
    return;
  }
  ct_judge_rec_4(&C, n, up, &B2, &R, &j);
  ct_judged(&j, o);
}

/* ALIGN-3: max_alignment of the case's swizzle and composed layout, by its
 * formula apart from ref/: 2^M, gcd(2^M, O static or 0, max_alignment(B)),
 * _1 beside an outer layout; every answer static. */
CT_FN void ct_p_align_3(const ct_case *c, ct_outcome *o) {
  ct_composed C;
  ct_val s, v, b;
  ct_err e;
  int64_t want, off;
  ct_case_composed(c, &C);
  if ((c->k[1] / 3) % 2 == 1) ct_t_set_int(&C.offset, ct_cl_offset(&C), 1); /* a static offset too */
  if (ct_build_failed(ct_sw_max_alignment(&C.sw, &s, &e), o, "max_alignment(Sw)")) return;
  if (s.v != ((int64_t)1 << C.sw.m) || !s.stat) {
    CT_FAILS(o, "max_alignment(Sw<%d,%d,%d>) = %lld, want _%lld", C.sw.b, C.sw.m, C.sw.s, (long long)s.v,
             (long long)1 << C.sw.m);
    return;
  }
  if (ct_cl_max_alignment(&C, &v, &e) != CT_OK) {
    if (C.outer_kind == CT_OUTER_LAYOUT || ct_max_alignment(&C.inner, &b, &e) == CT_OK)
      CT_FAILS(o, "max_alignment of a composed layout rejected: %s", e.msg);
    return; /* B's own code (NEGATIVE_STRIDE) */
  }
  o->digest = ct_mix64((uint64_t)v.v + 0xa1u);
  if (C.outer_kind == CT_OUTER_LAYOUT) want = 1;
  else {
    if (ct_build_failed(ct_max_alignment(&C.inner, &b, &e), o, "max_alignment(B)")) return;
    off = C.offset.nd[0].stat ? ct_cl_offset(&C) : 0;
    for (want = (int64_t)1 << C.sw.m; want > 1; want >>= 1) /* the largest power of two dividing all three */
      if ((off % want) == 0 && (b.v % want) == 0) break;
  }
  if (v.v != want || !v.stat) CT_FAILS(o, "max_alignment of the composed layout = %lld, want _%lld", (long long)v.v,
                                       (long long)want);
}

/* NULL-5: nullspace of the case's composed layout (offset by ct_case_inv):
 * the judge where accepted; ARG_TYPE exactly for an outer layout or an
 * offset other than 0; else B's own codes (NULL-NEG). */
CT_FN void ct_p_null_5(const ct_case *c, ct_outcome *o) {
  ct_composed C;
  ct_layout R, NB;
  ct_judgement j;
  ct_err e;
  ct_code rc, rb;
  int bad;
  if (!ct_case_inv(c, &C)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  bad = C.outer_kind != CT_OUTER_SWIZZLE || ct_cl_offset(&C) != 0;
  rc = ct_cl_nullspace(&C, &R, &e);
  o->digest = rc != CT_OK ? ct_digest_code(rc) : ct_digest_layout(&R);
  if (bad) {
    if (rc != CT_ARG_TYPE) CT_FAILS(o, "nullspace of an outer layout or the offset %lld: %s, want ARG_TYPE",
                                    (long long)ct_cl_offset(&C), ct_code_name(rc));
    return;
  }
  rb = ct_nullspace(&C.inner, &NB, &e);
  if (rc != rb) {
    CT_FAILS(o, "nullspace(Sw o 0 o B): %s, nullspace(B): %s", ct_code_name(rc), ct_code_name(rb));
    return;
  }
  if (rc != CT_OK) return;
  ct_judge_null_5(&C, &R, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

/* PROD-8's L by the second swizzle's M mod 3 (drawn apart from k0, k1):
 * the case's divisor v1, _2:_1 or _1:_0; and when its B is odd, C's inner
 * layout the identity _2^w:_1, w = B + M + |S| <= 8, on which CuTe's form
 * is the product for the last two L. */
CT_FN static int ct_case_prod(const ct_case *c, ct_layout *L, ct_composed *C) {
  int pick = c->w[1].m % 3, w = ct_sw_width(&c->w[0]);
  if (!ct_case_inv(c, C)) return -1;
  if (pick == 0) ct_l_copy(L, &c->v[1]);
  else if (pick == 1) ct_l_set_int(L, 2, 1, 1, 1);
  else ct_l_set_int(L, 1, 1, 0, 1);
  if (c->w[1].b % 2 == 0 || w > 8) return 0;
  ct_l_set_int(&C->inner, (int64_t)1 << w, 1, 1, 1);
  return pick != 0; /* 1: accepted, when C is Sw o 0 o T */
}

/* PROD-8: logical_product(L, C), C = Sw o O o T (PROD-CL): when accepted
 * the product as a function (the judge); an outer layout or an offset
 * other than 0 ARG_TYPE; the product's own codes where logical_product(L,
 * T) rejects; an identity swizzle answered by logical_product(L, T) itself;
 * T the identity with L _2:_1 or _1:_0 accepted (CuTe's form is the product). */
CT_FN void ct_p_prod_8(const ct_case *c, ct_outcome *o) {
  ct_composed C, R;
  ct_layout L, P;
  ct_judgement j;
  ct_err e;
  ct_code rc, rb;
  int plain = 0, identity, must = ct_case_prod(c, &L, &C);
  if (must < 0) {
    o->verdict = CT_SKIPPED;
    return;
  }
  identity = C.outer_kind == CT_OUTER_SWIZZLE && C.sw.b == 0;
  rc = ct_l_product_composed(&L, &C, &R, &plain, &e);
  o->digest = rc != CT_OK ? ct_digest_code(rc) : ct_digest_composed(&R) ^ (uint64_t)plain;
  if (C.outer_kind != CT_OUTER_SWIZZLE || ct_cl_offset(&C) != 0) {
    if (rc != CT_ARG_TYPE) CT_FAILS(o, "logical_product(L, A o %lld o T), outer %s: %s, want ARG_TYPE",
                                    (long long)ct_cl_offset(&C), C.outer_kind == CT_OUTER_SWIZZLE ? "a swizzle" : "a layout",
                                    ct_code_name(rc));
    return;
  }
  rb = ct_logical_product(&L, &C.inner, &P, &e);
  if (rb != CT_OK) {
    if (rc != rb) CT_FAILS(o, "logical_product(L, T) rejects with %s, logical_product(L, C) answers %s", ct_code_name(rb),
                           ct_code_name(rc));
    return;
  }
  if (rc != CT_OK) {
    if (identity || must) CT_FAILS(o, "logical_product(L, C) rejected (%s) where %s", ct_code_name(rc),
                                   identity ? "the swizzle is an identity" : "T is the identity");
    else if (rc != CT_NO_LAYOUT && rc != CT_UNDECIDED && rc != CT_COORD_OUT_OF_RANGE && rc != CT_OVERFLOW)
      CT_FAILS(o, "logical_product(L, C): %s, not NO_LAYOUT", ct_code_name(rc));
    return;
  }
  if (plain) ct_cl_of_layout(&R.inner, &R);
  ct_judge_prod_8(&L, &C, &R, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
  if (o->verdict != CT_FAILED && identity && (!plain || !ct_l_equal(&R.inner, &P, 0)))
    CT_FAILS(o, "logical_product(L, Sw<0,...> o 0 o T) is not logical_product(L, T)");
}

/* Whether outer(O + B(c) + B(i)) reads an outer layout below 0 for some
 * i < size(B) (brute force apart from ref/; 0 past CT_BRUTE_MAX). */
CT_FN static int ct_doff_below(const ct_composed *X, int64_t d) {
  int64_t i, n = ct_size(&X->inner);
  ct_leaf_form F;
  if (X->outer_kind != CT_OUTER_LAYOUT || n < 0 || n > CT_BRUTE_MAX) return 0;
  ct_lf_init(&F, &X->inner);
  for (i = 0; i < n; ++i)
    if (ct_cl_offset(X) + d + ct_ev_form(&F, i) < 0) return 1;
  return 0;
}

/* DOFF-1 and DOFF-2 on X and the coordinate c; CuTe's form besides
 * (DOFF-DEF): X's outer function and inner layout, the offset O + B(c). */
CT_FN static void ct_doff_case(const ct_composed *X, const ct_tuple *c, ct_outcome *o) {
  ct_composed R;
  ct_judgement j;
  ct_err e;
  ct_val d;
  ct_code rc = ct_cl_domain_offset(c, X, &R, &e);
  o->digest = rc != CT_OK ? ct_digest_code(rc) : ct_digest_composed(&R);
  if (ct_crd2idx(c, &X->inner, &d, &e) != CT_OK) {
    if (rc == CT_OK) CT_FAILS(o, "domain_offset accepted a coordinate crd2idx rejects");
    return;
  }
  if (rc != CT_OK) {
    if (rc == CT_OVERFLOW || (rc == CT_COORD_OUT_OF_RANGE && ct_doff_below(X, d.v))) return;
    CT_FAILS(o, "domain_offset rejected (%s): %s", ct_code_name(rc), e.msg);
    return;
  }
  if (ct_doff_below(X, d.v)) {
    CT_FAILS(o, "domain_offset answered where the outer layout is read below 0");
    return;
  }
  ct_judge_doff_2(X, c, &R, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
  if (o->verdict == CT_FAILED) return;
  ct_judge_doff_1(X, c, &R, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
  if (o->verdict == CT_FAILED) return;
  if (R.outer_kind != X->outer_kind || !ct_l_equal(&R.inner, &X->inner, 1) || ct_cl_offset(&R) != ct_cl_offset(X) + d.v ||
      (X->outer_kind == CT_OUTER_SWIZZLE ? !ct_sw_same(&R.sw, &X->sw) : !ct_l_equal(&R.outer, &X->outer, 1)))
    CT_FAILS(o, "domain_offset is not CuTe's A o (O + B(c)) o B");
}

/* The coordinate of a DOFF case: the index k, or (odd k0) its natural
 * coordinate in the shape (idx2crd). */
CT_FN static void ct_doff_coord(const ct_case *c, int64_t k, const ct_tuple *shape, ct_tuple *out) {
  ct_err e;
  if (c->k[0] % 2 == 1 && ct_idx2crd(k, shape, out, &e) == CT_OK) return;
  ct_t_set_int(out, k, (int)(c->k[1] % 2));
}

/* DOFF-1 on a composed layout: the case's, at the index k1 (past the size
 * at times) or its natural coordinate. */
CT_FN void ct_p_doff_1(const ct_case *c, ct_outcome *o) {
  ct_composed X;
  ct_tuple crd;
  ct_case_composed(c, &X);
  ct_doff_coord(c, c->k[1], &X.inner.shape, &crd);
  ct_doff_case(&X, &crd, o);
}

/* DOFF-2 on a plain layout (Sw<0,0,0> o 0 o L): the case's at k0 in [0, 2 size). */
CT_FN void ct_p_doff_2(const ct_case *c, ct_outcome *o) {
  ct_composed X;
  ct_tuple crd;
  ct_cl_of_layout(&c->v[0], &X);
  ct_doff_coord(c, c->k[0], &X.inner.shape, &crd);
  ct_doff_case(&X, &crd, o);
}
