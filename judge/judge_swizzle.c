/* judge_swizzle.c -- judges of spec/swizzle.md: SW-4, SW-5, SW-7. */
#include "judge/judge.h"
#include "ref/coalesce.h"

CT_FN ct_jstatus ct_judge_sw_4(int64_t y, int64_t z, const ct_swizzle *r, ct_judgement *j) {
  ct_err e;
  if (ct_sw_check(r, &e) != CT_OK)
    return CT_J_VIOLATES(j, "SW-4", "make_swizzle(%lld, %lld) = Sw<%d,%d,%d>, which is malformed", (long long)y,
                         (long long)z, r->b, r->m, r->s);
  if (ct_sw_ymask(r) != y || ct_sw_zmask(r) != z)
    return CT_J_VIOLATES(j, "SW-4", "make_swizzle(%lld, %lld) = Sw<%d,%d,%d>, whose masks are %lld and %lld",
                         (long long)y, (long long)z, r->b, r->m, r->s, (long long)ct_sw_ymask(r),
                         (long long)ct_sw_zmask(r));
  return ct_j_holds(j, "SW-4");
}

CT_FN ct_jstatus ct_judge_sw_5(const ct_swizzle *a, const ct_swizzle *b, const ct_swizzle *r, ct_judgement *j) {
  int k;
  ct_err e;
  if (a->s != b->s)
    return CT_J_VIOLATES(j, "SW-5", "composition of swizzles of shifts %d and %d answered (CuTe rejects it)", a->s, b->s);
  if (ct_sw_check(r, &e) != CT_OK) return CT_J_VIOLATES(j, "SW-5", "the answer Sw<%d,%d,%d> is malformed", r->b, r->m, r->s);
  if (ct_sw_apply(r, 0) != 0) return CT_J_VIOLATES(j, "SW-5", "the answer does not take 0 to 0");
  for (k = 0; k < 64; ++k) {
    int64_t x = (int64_t)((uint64_t)1 << k), got = ct_sw_apply(r, x), want = ct_sw_apply(a, ct_sw_apply(b, x));
    if (got != want)
      return CT_J_VIOLATES(j, "SW-5", "Sw<%d,%d,%d>(%lld) = %lld, a(b(x)) = %lld", r->b, r->m, r->s, (long long)x,
                           (long long)got, (long long)want);
  }
  return ct_j_holds(j, "SW-5");
}

CT_FN ct_jstatus ct_judge_sw_7(const ct_swizzle *w, const ct_layout *L, const ct_composed *R, int plain,
                               int64_t bound, ct_judgement *j) {
  int64_t i, n = ct_j_size(L);
  ct_leaf_form FL, FR; /* L and R's inner layout, index after index */
  ct_err e;
  if (plain != (w->b == 0))
    return CT_J_VIOLATES(j, "SW-7", "composition(Sw<%d,%d,%d>, L) is %s", w->b, w->m, w->s,
                         plain ? "L itself, the swizzle is no identity" : "composed, the swizzle is the identity");
  if (plain) {
    if (!ct_l_equal(&R->inner, L, 0)) return CT_J_VIOLATES(j, "SW-7", "composition(Sw<0,...>, L) is not L");
    return ct_j_holds(j, "SW-7");
  }
  if (R->outer_kind != CT_OUTER_SWIZZLE || !ct_sw_same(&R->sw, w) || R->offset.nd[0].kind != CT_INT ||
      R->offset.nd[0].v != 0)
    return CT_J_VIOLATES(j, "SW-7", "composition(Sw, L) is not Sw o _0 o L'");
  if (n < 0 || n != ct_j_size(&R->inner)) return CT_J_VIOLATES(j, "SW-7", "size(composition(Sw, L)) != size(L)");
  if (n > bound || n > CT_JUDGE_CAP) return ct_j_unchecked(j, "SW-7");
  ct_lf_init(&FL, L);
  ct_lf_init(&FR, &R->inner);
  for (i = 0; i < n; ++i) {
    int64_t got = 0;
    if (ct_cl_eval_form(R, &FR, i, &got, &e) != CT_OK || got != ct_sw_apply(w, ct_j_at_form(&FL, i)))
      return CT_J_VIOLATES(j, "SW-7", "R(%lld) = %lld, Sw(L(i)) = %lld", (long long)i, (long long)got,
                           (long long)ct_sw_apply(w, ct_j_at(L, i)));
  }
  return ct_j_holds(j, "SW-7");
}

/* SW-8: R = composition(L, Sw) has L's size and R(i) == L(Sw(i)) on L's
 * domain, L read past its size as composition reads it (Â, COMP-EXT). */
CT_FN ct_jstatus ct_judge_sw_8(const ct_layout *L, const ct_swizzle *w, const ct_composed *R, int64_t bound,
                               ct_judgement *j) {
  int64_t i, n = ct_j_size(L), got;
  ct_layout hat; /* Â: L read past its size as composition reads it (COMP-EXT) */
  ct_err e;
  if (n < 0 || n != ct_j_size(&R->inner)) return CT_J_VIOLATES(j, "SW-8", "size(composition(L, Sw)) != size(L)");
  if (n > bound || n > CT_JUDGE_CAP) return ct_j_unchecked(j, "SW-8");
  if (ct_coalesce(L, &hat, &e) != CT_OK) return ct_j_unchecked(j, "SW-8");
  for (i = 0; i < n; ++i) {
    int64_t want = ct_j_at(&hat, ct_sw_apply(w, i));
    if (ct_cl_eval(R, i, &got, &e) != CT_OK || got != want)
      return CT_J_VIOLATES_AT(j, "SW-8", i, "R(%lld) = %lld, L(Sw(%lld)) = L(%lld) = %lld", (long long)i,
                              (long long)got, (long long)i, (long long)ct_sw_apply(w, i), (long long)want);
  }
  return ct_j_holds(j, "SW-8");
}

/* REC-3: r = downcast<N>(w) (up 0) has r(N*x + k) == N*w(x) + k, r =
 * upcast<N>(w) (up 1) has N*r(x) == w(N*x), N = 2^n. Swizzles are linear
 * over F2 and N*x + k == N*x ^ k for k < N, so 0, every power of two x
 * (as far as N*x fits) and every power of two k < N decide it. */
CT_FN ct_jstatus ct_judge_rec_3(const ct_swizzle *w, int64_t n, int up, const ct_swizzle *r, ct_judgement *j) {
  int t;
  ct_err e;
  if (n < 1 || (n & (n - 1)) != 0) return CT_J_VIOLATES(j, "REC-3", "a cast by N = %lld, no power of two, answered", (long long)n);
  if (ct_sw_check(r, &e) != CT_OK) return CT_J_VIOLATES(j, "REC-3", "the answer Sw<%d,%d,%d> is malformed", r->b, r->m, r->s);
  for (t = 0; t < 62; ++t) {
    int64_t x = (int64_t)1 << t;
    if (x > (INT64_MAX >> 2) / n) break;
    if (up ? n * ct_sw_apply(r, x) != ct_sw_apply(w, n * x) : ct_sw_apply(r, n * x) != n * ct_sw_apply(w, x))
      return CT_J_VIOLATES(j, "REC-3", "%s<%lld>(Sw<%d,%d,%d>) = Sw<%d,%d,%d> is wrong at x = %lld", up ? "upcast" : "downcast",
                           (long long)n, w->b, w->m, w->s, r->b, r->m, r->s, (long long)x);
  }
  for (t = 0; ((int64_t)1 << t) < n; ++t)
    if (!up && ct_sw_apply(r, (int64_t)1 << t) != ((int64_t)1 << t))
      return CT_J_VIOLATES(j, "REC-3", "downcast<%lld>(Sw<%d,%d,%d>) moves the narrow element %lld", (long long)n, w->b,
                           w->m, w->s, (long long)1 << t);
  return ct_j_holds(j, "REC-3");
}
