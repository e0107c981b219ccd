/* props_composed.c -- properties of spec/composed.md: CL-1..CL-5 and the
 * rejection of a coordinate offset.
 *
 * A case of CT_GEN_SWIZZLE is the composed layout C = w0 o k0 o v0 (the
 * outer function the layout v1 instead when k1 % 4 == 3), with v1 a
 * divisor and v2 a tiler of v0. Each property states its post-condition as
 * a function, R(c) == outer(offset + B'(c)) with B' the inner layout's
 * result computed by ref/ for layouts, and checks it at every index up to
 * CT_BRUTE_MAX. */
#include "props/props.h"
#include "props/props_list.h"
#include "ref/coalesce.h"
#include "ref/composed.h"
#include "ref/composition.h"
#include "ref/divide.h"
#include "ref/product.h"
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
