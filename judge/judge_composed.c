/* judge_composed.c -- judges of spec/composed.md: CL-7 and CL-8, the
 * swizzle and non-swizzle portions of a composed layout or a layout. */
#include "judge/judge.h"
#include "judge/judge_composed.h"
#include "ref/complement.h"
#include "ref/coalesce.h"

/* CL-7 / CL-8, the swizzle portion P: X's swizzle as a function, or an
 * identity where X is a plain layout. A swizzle is linear over F2 (SW-1),
 * so two agree everywhere when they agree at 0 and at every power of two. */
CT_FN ct_jstatus ct_judge_cl_swizzle_portion(const ct_composed *X, int plain, const ct_swizzle *P, ct_judgement *j) {
  const char *id = plain ? "CL-8" : "CL-7";
  ct_err e;
  int k;
  if (ct_sw_check(P, &e) != CT_OK) return CT_J_VIOLATES(j, id, "the swizzle portion Sw<%d,%d,%d> is malformed", P->b, P->m, P->s);
  if (!plain && X->outer_kind != CT_OUTER_SWIZZLE) return CT_J_VIOLATES(j, id, "an outer layout has no swizzle portion");
  for (k = 0; k < 63; ++k) {
    int64_t x = (int64_t)1 << k, want = plain ? x : ct_sw_apply(&X->sw, x);
    if (ct_sw_apply(P, x) != want)
      return CT_J_VIOLATES(j, id, "the swizzle portion Sw<%d,%d,%d> takes %lld to %lld, %s takes it to %lld", P->b,
                           P->m, P->s, (long long)x, (long long)ct_sw_apply(P, x),
                           plain ? "the identity" : "the outer swizzle", (long long)want);
  }
  return ct_j_holds(j, id);
}

/* CL-7 / CL-8, the non-swizzle portion N: X's inner layout (the layout
 * itself where X is plain) as a function with a compatible shape (EQUIV-2),
 * index by index up to bound. */
CT_FN ct_jstatus ct_judge_cl_nonswizzle_portion(const ct_composed *X, int plain, const ct_layout *N, int64_t bound,
                                                ct_judgement *j) {
  const char *id = plain ? "CL-8" : "CL-7";
  const ct_layout *B = &X->inner;
  int64_t i, n = ct_j_size(B);
  ct_leaf_form FB, FN; /* B and N, index after index */
  if (!plain && X->outer_kind != CT_OUTER_SWIZZLE) return CT_J_VIOLATES(j, id, "an outer layout has no non-swizzle portion");
  if (!ct_t_compatible_loose(&B->shape, &N->shape) && !ct_t_compatible_loose(&N->shape, &B->shape))
    return CT_J_VIOLATES(j, id, "the non-swizzle portion's shape is compatible with the inner layout's neither way");
  if (n < 0 || n != ct_j_size(N)) return CT_J_VIOLATES(j, id, "the non-swizzle portion's size is not the inner layout's");
  if (n > bound || n > CT_JUDGE_CAP) return ct_j_unchecked(j, id);
  ct_lf_init(&FB, B);
  ct_lf_init(&FN, N);
  for (i = 0; i < n; ++i) {
    int64_t want = ct_j_at_form(&FB, i), got = ct_j_at_form(&FN, i);
    if (got != want)
      return CT_J_VIOLATES_AT(j, id, i, "N(%lld) = %lld, the inner layout's value is %lld", (long long)i, (long long)got,
                              (long long)want);
  }
  return ct_j_holds(j, id);
}

/* RINV-8: R (a composed form; a plain answer as Sw<0,0,0> o 0 o L) takes
 * every i < size(R) into C's domain, where C is i. */
CT_FN ct_jstatus ct_judge_rinv_8(const ct_composed *C, const ct_composed *R, int64_t bound, ct_judgement *j) {
  int64_t i, n = ct_j_size(&R->inner), m = ct_j_size(&C->inner), r, v;
  ct_err e;
  if (n < 0 || m < 0) return ct_j_unchecked(j, "RINV-8");
  for (i = 0; i < n; ++i) {
    if (i >= bound || i >= CT_JUDGE_CAP) return ct_j_unchecked(j, "RINV-8");
    if (ct_cl_eval(R, i, &r, &e) != CT_OK) return CT_J_VIOLATES_AT(j, "RINV-8", i, "R(%lld) cannot be evaluated", (long long)i);
    if (r < 0 || r >= m)
      return CT_J_VIOLATES_AT(j, "RINV-8", i, "R(%lld) = %lld lies outside C's domain [0, %lld)", (long long)i,
                              (long long)r, (long long)m);
    if (ct_cl_eval(C, r, &v, &e) != CT_OK || v != i)
      return CT_J_VIOLATES_AT(j, "RINV-8", i, "R(%lld) = %lld, C(%lld) = %lld", (long long)i, (long long)r,
                              (long long)r, (long long)v);
  }
  return ct_j_holds(j, "RINV-8");
}

/* LINV-7: every value C(i) lies in R's domain, and R takes it back to an
 * index of C where C has that value. */
CT_FN ct_jstatus ct_judge_linv_7(const ct_composed *C, const ct_composed *R, int64_t bound, ct_judgement *j) {
  int64_t i, n = ct_j_size(&R->inner), m = ct_j_size(&C->inner), c, r, v = 0;
  ct_err e;
  if (n < 0 || m < 0) return ct_j_unchecked(j, "LINV-7");
  for (i = 0; i < m; ++i) {
    if (i >= bound || i >= CT_JUDGE_CAP) return ct_j_unchecked(j, "LINV-7");
    if (ct_cl_eval(C, i, &c, &e) != CT_OK) return ct_j_unchecked(j, "LINV-7");
    if (c < 0 || c >= n)
      return CT_J_VIOLATES_AT(j, "LINV-7", i, "C(%lld) = %lld lies outside R's domain [0, %lld)", (long long)i,
                              (long long)c, (long long)n);
    if (ct_cl_eval(R, c, &r, &e) != CT_OK) return CT_J_VIOLATES_AT(j, "LINV-7", i, "R(%lld) cannot be evaluated", (long long)c);
    if (r < 0 || r >= m || ct_cl_eval(C, r, &v, &e) != CT_OK || v != c)
      return CT_J_VIOLATES_AT(j, "LINV-7", i, "R(C(%lld)) = R(%lld) = %lld, where C is not %lld", (long long)i,
                              (long long)c, (long long)r, (long long)c);
  }
  return ct_j_holds(j, "LINV-7");
}

/* CL-9: R = composition(L, C), C with the offset 0 and no value below 0,
 * has C's size and R(i) == L(C(i)) on C's domain, L read past its size as
 * composition reads it (Â, COMP-EXT). */
CT_FN ct_jstatus ct_judge_cl_9(const ct_layout *L, const ct_composed *C, const ct_composed *R, int64_t bound,
                               ct_judgement *j) {
  int64_t i, n = ct_j_size(&C->inner), c, got;
  ct_layout hat; /* Â: L read past its size as composition reads it (COMP-EXT) */
  ct_err e;
  if (ct_cl_offset(C) != 0) return CT_J_VIOLATES(j, "CL-9", "composition(L, A o O o B) answered for O = %lld != 0",
                                                 (long long)ct_cl_offset(C));
  if (n < 0 || n != ct_j_size(&R->inner)) return CT_J_VIOLATES(j, "CL-9", "size(composition(L, C)) != size(C)");
  if (n > bound || n > CT_JUDGE_CAP) return ct_j_unchecked(j, "CL-9");
  if (ct_coalesce(L, &hat, &e) != CT_OK) return ct_j_unchecked(j, "CL-9");
  for (i = 0; i < n; ++i) {
    if (ct_cl_eval(C, i, &c, &e) != CT_OK) return ct_j_unchecked(j, "CL-9");
    if (c < 0) return CT_J_VIOLATES_AT(j, "CL-9", i, "C(%lld) = %lld < 0 answered: L read below 0", (long long)i, (long long)c);
    if (ct_cl_eval(R, i, &got, &e) != CT_OK || got != ct_j_at(&hat, c))
      return CT_J_VIOLATES_AT(j, "CL-9", i, "R(%lld) = %lld, L(C(%lld)) = L(%lld) = %lld", (long long)i,
                              (long long)got, (long long)i, (long long)c, (long long)ct_j_at(&hat, c));
  }
  return ct_j_holds(j, "CL-9");
}

/* MCL-6: MCL-1 and MCL-2 on composed forms: a(R(i)) == i == b(R(i)) and
 * 0 <= R(i) < min(size(a), size(b)) for every i < size(R), size(R) >= 1. */
CT_FN ct_jstatus ct_judge_mcl_6(const ct_composed *a, const ct_composed *b, const ct_layout *R, int64_t bound,
                                ct_judgement *j) {
  int64_t i, n = ct_j_size(R), ma = ct_j_size(&a->inner), mb = ct_j_size(&b->inner), m = ma < mb ? ma : mb, r, va,
             vb;
  ct_err e;
  if (n < 1) return CT_J_VIOLATES(j, "MCL-6", "size(R) = %lld < 1", (long long)n);
  if (n > bound || n > CT_JUDGE_CAP) return ct_j_unchecked(j, "MCL-6");
  for (i = 0; i < n; ++i) {
    r = ct_j_at(R, i);
    if (r < 0 || r >= m)
      return CT_J_VIOLATES_AT(j, "MCL-6", i, "R(%lld) = %lld lies outside both domains [0, %lld)", (long long)i,
                              (long long)r, (long long)m);
    if (ct_cl_eval(a, r, &va, &e) != CT_OK || ct_cl_eval(b, r, &vb, &e) != CT_OK || va != i || vb != i)
      return CT_J_VIOLATES_AT(j, "MCL-6", i, "R(%lld) = %lld, where a is %lld and b is %lld", (long long)i,
                              (long long)r, (long long)va, (long long)vb);
  }
  return ct_j_holds(j, "MCL-6");
}

/* MCV-3: 1 <= N <= min(size(a), size(b)) and every value i < N is taken by
 * a and b at one common index (one pass over the indices, the values below
 * N marked in a scratch bitmap of CT_JUDGE_CAP bits). */
CT_FN ct_jstatus ct_judge_mcv_3(const ct_composed *a, const ct_composed *b, int64_t N, int64_t bound,
                                ct_judgement *j) {
  CT_JUDGE_SCRATCH uint64_t seen[(CT_JUDGE_CAP + 63) / 64];
  int64_t i, ma = ct_j_size(&a->inner), mb = ct_j_size(&b->inner), m = ma < mb ? ma : mb, va, vb;
  ct_err e;
  if (N < 1 || N > m) return CT_J_VIOLATES(j, "MCV-3", "N = %lld outside [1, %lld]", (long long)N, (long long)m);
  if (m > bound || N > CT_JUDGE_CAP) return ct_j_unchecked(j, "MCV-3");
  for (i = 0; i < (N + 63) / 64; ++i) seen[i] = 0;
  for (i = 0; i < m; ++i)
    if (ct_cl_eval(a, i, &va, &e) == CT_OK && ct_cl_eval(b, i, &vb, &e) == CT_OK && va == vb && va >= 0 && va < N)
      seen[va / 64] |= (uint64_t)1 << (va % 64);
  for (i = 0; i < N; ++i)
    if (!((seen[i / 64] >> (i % 64)) & 1))
      return CT_J_VIOLATES(j, "MCV-3", "the value %lld < N = %lld is taken by a and b at no common index",
                           (long long)i, (long long)N);
  return ct_j_holds(j, "MCV-3");
}

/* REC-4: R = downcast<N>(C) (up 0) or upcast<N>(C) (up 1) is the cast
 * swizzle (REC-3) o N*O (or O/N) o B', B' the inner layout's cast as CAST
 * fixes it (given by the caller, as an equivalent layout: EQUIV-2). */
CT_FN ct_jstatus ct_judge_rec_4(const ct_composed *C, int64_t n, int up, const ct_layout *inner_cast,
                                const ct_composed *R, ct_judgement *j) {
  int64_t off = ct_cl_offset(C), want = up ? off / n : off * n;
  if (R->outer_kind != CT_OUTER_SWIZZLE || C->outer_kind != CT_OUTER_SWIZZLE)
    return CT_J_VIOLATES(j, "REC-4", "a cast of a composed layout without a swizzle outer function");
  if (ct_judge_rec_3(&C->sw, n, up, &R->sw, j) == CT_J_VIOLATED) {
    j->id = "REC-4";
    return CT_J_VIOLATED;
  }
  if ((up && off % n != 0) || ct_cl_offset(R) != want)
    return CT_J_VIOLATES(j, "REC-4", "the offset %lld cast by N = %lld is %lld, want %lld", (long long)off, (long long)n,
                         (long long)ct_cl_offset(R), (long long)want);
  if (!ct_l_equivalent(&R->inner, inner_cast))
    return CT_J_VIOLATES(j, "REC-4", "the inner layout is not the cast of C's");
  return ct_j_holds(j, "REC-4");
}

/* NULL-5: R's values are exactly the indices j < size(B) where C is 0, in
 * increasing order (NULL-1, NULL-3, NULL-4 with C for L). */
CT_FN ct_jstatus ct_judge_null_5(const ct_composed *C, const ct_layout *R, int64_t bound, ct_judgement *j) {
  int64_t i, k = 0, n = ct_j_size(R), m = ct_j_size(&C->inner), v;
  ct_err e;
  if (n < 1 || m < 1) return CT_J_VIOLATES(j, "NULL-5", "an empty nullspace or layout");
  if (m > bound || m > CT_JUDGE_CAP) return ct_j_unchecked(j, "NULL-5");
  for (i = 0; i < m; ++i) {
    if (ct_cl_eval(C, i, &v, &e) != CT_OK) return ct_j_unchecked(j, "NULL-5");
    if (v != 0) continue;
    if (k >= n || ct_j_at(R, k) != i)
      return CT_J_VIOLATES(j, "NULL-5", "C(%lld) == 0 is zero number %lld, but R(%lld) = %lld (size(R) = %lld)",
                           (long long)i, (long long)k, (long long)k, (long long)(k < n ? ct_j_at(R, k) : -1), (long long)n);
    ++k;
  }
  if (k != n) return CT_J_VIOLATES(j, "NULL-5", "C is 0 at %lld indices, size(R) = %lld", (long long)k, (long long)n);
  return ct_j_holds(j, "NULL-5");
}

/* PROD-8 (spec/product.md, PROD-CL): the product as a function, A* from
 * ref/'s complement, read through Â as judge.h's brute force reads it. */
CT_FN ct_jstatus ct_judge_prod_8(const ct_layout *L, const ct_composed *C, const ct_composed *R, int64_t bound,
                                 ct_judgement *j) {
  int64_t nl = ct_j_size(L), nt = ct_j_size(&C->inner), n, m, i, c, s, got;
  ct_layout As;
  ct_tuple M;
  ct_j_ahat h;
  ct_val ct;
  ct_err e;
  if (nl < 1 || nt < 0 || ct_mul_ovf(nl, nt, &n)) return ct_j_unchecked(j, "PROD-8");
  if (ct_j_size(&R->inner) != n)
    return CT_J_VIOLATES(j, "PROD-8", "size(R) = %lld, size(L)*size(T) = %lld", (long long)ct_j_size(&R->inner),
                         (long long)n);
  if (n > bound || n > CT_JUDGE_CAP) return ct_j_unchecked(j, "PROD-8");
  if (ct_l_cosize(&C->inner, &ct, &e) != CT_OK || ct_mul_ovf(nl, ct.v, &m)) return ct_j_unchecked(j, "PROD-8");
  ct_t_set_int(&M, m, 1);
  if (ct_complement(L, &M, &As, &e) != CT_OK) return ct_j_unchecked(j, "PROD-8");
  ct_j_ahat_init(&As, &h);
  for (i = 0; i < n; ++i) {
    if (ct_cl_eval(C, i / nl, &c, &e) != CT_OK) return ct_j_unchecked(j, "PROD-8");
    if (!ct_j_ahat_at(&h, c, &s)) continue; /* Â* read where it is undefined (below 0, not one mode): nothing stated */
    if (ct_cl_eval(R, i, &got, &e) != CT_OK || got != ct_j_at(L, i % nl) + s)
      return CT_J_VIOLATES_AT(j, "PROD-8", i, "R(%lld) = %lld, L(%lld) + A*(C(%lld)) = %lld + A*(%lld) = %lld",
                              (long long)i, (long long)got, (long long)(i % nl), (long long)(i / nl),
                              (long long)ct_j_at(L, i % nl), (long long)c, (long long)(ct_j_at(L, i % nl) + s));
  }
  return ct_j_holds(j, "PROD-8");
}

/* The natural coordinate of index x in the leaves of m, leaf by leaf (the
 * last unreduced), into k[]. */
CT_FN static void ct_doff_split(const ct_modes *m, int64_t x, int64_t *k) {
  int q;
  for (q = 0; q + 1 < m->n; ++q) {
    k[q] = x % m->m[q].s;
    x /= m->m[q].s;
  }
  if (m->n > 0) k[m->n - 1] = x;
}

/* DOFF-1 (spec/layout.md): R(i) == X(c + i) inside X's shape. c's natural
 * coordinate leaf by leaf: crd2idx of c into X's inner layout with the
 * stride 1 at that leaf and 0 elsewhere (as crd2idx splits it, an integer
 * colexicographically, the last mode unreduced). */
CT_FN ct_jstatus ct_judge_doff_1(const ct_composed *X, const ct_tuple *c, const ct_composed *R, int64_t bound,
                                 ct_judgement *j) {
  ct_layout E;
  ct_modes m;
  ct_val v;
  ct_err e;
  int64_t n = ct_j_size(&X->inner), i, kc[CT_MAX_NODES], ki[CT_MAX_NODES], x, got, want;
  int q, k, inside;
  if (n < 0 || ct_j_size(&R->inner) != n) return CT_J_VIOLATES(j, "DOFF-1", "size(R) != size(X)");
  if (n > bound || n > CT_JUDGE_CAP) return ct_j_unchecked(j, "DOFF-1");
  ct_modes_of(&X->inner, 0, &m);
  E = X->inner;
  for (k = 0; k < E.stride.n; ++k)
    if (E.stride.nd[k].kind != CT_TUPLE) {
      E.stride.nd[k].kind = CT_INT;
      E.stride.nd[k].path = 0;
      E.stride.nd[k].v = 0;
    }
  for (k = 0, q = 0; k < E.stride.n && q < m.n; ++k) {
    if (E.stride.nd[k].kind == CT_TUPLE) continue;
    E.stride.nd[k].v = 1;
    if (ct_crd2idx(c, &E, &v, &e) != CT_OK) return ct_j_unchecked(j, "DOFF-1");
    kc[q++] = v.v;
    E.stride.nd[k].v = 0;
  }
  if (q != m.n) return ct_j_unchecked(j, "DOFF-1");
  for (i = 0; i < n; ++i) {
    ct_doff_split(&m, i, ki);
    inside = 1;
    x = 0;
    for (q = m.n - 1; q >= 0; --q) { /* the leaf-wise sum, back to an index (Horner, last leaf first) */
      if (kc[q] + ki[q] >= m.m[q].s) inside = 0;
      x = x * m.m[q].s + kc[q] + ki[q];
    }
    if (!inside) continue;
    if (ct_cl_eval(X, x, &want, &e) != CT_OK) return ct_j_unchecked(j, "DOFF-1");
    if (ct_cl_eval(R, i, &got, &e) != CT_OK || got != want)
      return CT_J_VIOLATES_AT(j, "DOFF-1", i, "R(%lld) = %lld, X at c + %lld (index %lld) is %lld", (long long)i,
                              (long long)got, (long long)i, (long long)x, (long long)want);
  }
  return ct_j_holds(j, "DOFF-1");
}

/* DOFF-2 (spec/layout.md): the whole function, outer(O + B(c) + B(i)). */
CT_FN ct_jstatus ct_judge_doff_2(const ct_composed *X, const ct_tuple *c, const ct_composed *R, int64_t bound,
                                 ct_judgement *j) {
  ct_val d;
  ct_err e;
  int64_t n = ct_j_size(&X->inner), i, got, want, x;
  if (!ct_t_compatible_loose(&X->inner.shape, &R->inner.shape) && !ct_t_compatible_loose(&R->inner.shape, &X->inner.shape))
    return CT_J_VIOLATES(j, "DOFF-2", "the result's shape is compatible with the argument's neither way");
  if (n < 0 || ct_j_size(&R->inner) != n) return CT_J_VIOLATES(j, "DOFF-2", "size(R) != size(X)");
  if (n > bound || n > CT_JUDGE_CAP) return ct_j_unchecked(j, "DOFF-2");
  if (ct_crd2idx(c, &X->inner, &d, &e) != CT_OK) return ct_j_unchecked(j, "DOFF-2");
  for (i = 0; i < n; ++i) {
    if (ct_add_ovf(d.v, ct_j_at(&X->inner, i), &x) || ct_cl_after_inner(X, x, &want, &e) != CT_OK)
      return ct_j_unchecked(j, "DOFF-2");
    if (ct_cl_eval(R, i, &got, &e) != CT_OK || got != want)
      return CT_J_VIOLATES_AT(j, "DOFF-2", i, "R(%lld) = %lld, the argument's outer function at O + B(c) + B(%lld) is "
                              "%lld", (long long)i, (long long)got, (long long)i, (long long)want);
  }
  return ct_j_holds(j, "DOFF-2");
}
