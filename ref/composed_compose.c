/* composed_compose.c -- composition(L, Sw) and composition(L, A o 0 o B),
 * a layout after a swizzle or a composed layout (spec/swizzle.md, SW-8;
 * spec/composed.md, CL-9).
 *
 * CuTe's answer, then checked against the definition index by index, as the
 * inverses of ref/composed_inverse.c: CuTe moves the swizzle in front of L
 * (ct_sw_carried), which is L o Sw only "in simple cases" (its comment). The
 * reference answers it where it is the function L(X(i)) on X's domain and
 * rejects it (NO_LAYOUT) where not. L is read as composition reads it,
 * through Â (COMP-EXT), and never below 0. Nothing here allocates or
 * recurses. */
#include "composed.h"
#include "composition.h"

/* The index-by-index check visits at most this many indices (UNDECIDED past it). */
#define CT_CL_COMPOSE_MAX ((int64_t)1 << 20)

CT_FN ct_code ct_sw_carried(const ct_layout *L, const ct_swizzle *w, ct_swizzle *out, ct_err *e) {
  int64_t y, z;
  CT_TRY(ct_l_eval(L, ct_sw_ymask(w), &y, e));
  CT_TRY(ct_l_eval(L, ct_sw_zmask(w), &z, e));
  if (ct_make_swizzle(y, z, out, e) != CT_OK)
    return CT_FAIL(e, CT_NO_LAYOUT, "the layout takes the masks %lld and %lld of Sw<%d,%d,%d> to %lld and %lld, no "
                   "swizzle's masks: CuTe's form Sw' o _0 o L does not exist (spec/swizzle.md, SW-8)",
                   (long long)ct_sw_ymask(w), (long long)ct_sw_zmask(w), w->b, w->m, w->s, (long long)y, (long long)z);
  return CT_OK;
}

/* L as composition reads it past its size: Â, the extension of coalesce(L)
 * (COMP-EXT in spec/composition.md); read through ct_l_eval, never below 0. */
CT_FN static ct_code ct_compose_at(const ct_layout *hat, int64_t x, int64_t *v, ct_err *e) {
  if (x < 0)
    return CT_FAIL(e, CT_COORD_OUT_OF_RANGE, "composition(L, C): C takes the value %lld < 0, where L would be read "
                   "below 0 (spec/composed.md, CL-9)", (long long)x);
  return ct_l_eval(hat, x, v, e);
}

/* The size of X's domain, or UNDECIDED past the bound. */
CT_FN static ct_code ct_compose_visits(const ct_layout *X, int64_t *n, ct_err *e) {
  ct_val s;
  CT_TRY(ct_l_size(X, &s, e));
  if (s.v > CT_CL_COMPOSE_MAX)
    return CT_FAIL(e, CT_UNDECIDED, "composition: checking CuTe's form visits %lld > 2^20 indices", (long long)s.v);
  *n = s.v;
  return CT_OK;
}

/* SW-8: R(i) == L(Sw(i)) for every i < size(L). */
CT_FN ct_code ct_l_compose_swizzle(const ct_layout *L, const ct_swizzle *w, ct_composed *R, int *plain, ct_err *e) {
  ct_swizzle carried;
  ct_layout hat;
  int64_t i, n = 0, got, want;
  CT_TRY(ct_sw_check(w, e));
  CT_TRY(ct_l_check(L, e));
  CT_TRY(ct_compose_visits(L, &n, e));
  CT_TRY(ct_sw_carried(L, w, &carried, e));
  CT_TRY(ct_cl_of_swizzle(&carried, L, R, plain, e));
  CT_TRY(ct_coalesce(L, &hat, e));
  for (i = 0; i < n; ++i) {
    CT_TRY(ct_cl_eval(R, i, &got, e));
    CT_TRY(ct_compose_at(&hat, ct_sw_apply(w, i), &want, e)); /* Sw(i) >= 0 for i >= 0 */
    if (got != want)
      return CT_FAIL(e, CT_NO_LAYOUT, "composition(L, Sw<%d,%d,%d>): CuTe's form Sw<%d,%d,%d> o _0 o L is %lld at "
                     "%lld, L(Sw(%lld)) = %lld (spec/swizzle.md, SW-8)", w->b, w->m, w->s, carried.b, carried.m,
                     carried.s, (long long)got, (long long)i, (long long)i, (long long)want);
  }
  return CT_OK;
}

/* CL-9: R(i) == L(C(i)) for every i < size(B). */
CT_FN ct_code ct_l_compose_composed(const ct_layout *L, const ct_composed *C, ct_composed *R, int *plain, ct_err *e) {
  ct_layout LA, LB, hat;
  ct_swizzle carried;
  int64_t i, n = 0, got, c, want;
  CT_TRY(ct_l_check(L, e));
  CT_TRY(ct_cl_check(C, e));
  if (ct_cl_offset(C) != 0)
    return CT_FAIL(e, CT_ARG_TYPE, "composition(L, A o O o B) with the offset %lld: CuTe requires the offset 0 "
                   "(spec/composed.md, CL-9)", (long long)ct_cl_offset(C));
  CT_TRY(ct_compose_visits(&C->inner, &n, e));
  for (i = 0; i < n; ++i) { /* L is never read below 0 (CL-DEF), before any composition's own codes */
    CT_TRY(ct_cl_eval(C, i, &c, e));
    if (c < 0)
      return CT_FAIL(e, CT_COORD_OUT_OF_RANGE, "composition(L, C): C(%lld) = %lld < 0, where L would be read below 0 "
                     "(spec/composed.md, CL-9)", (long long)i, (long long)c);
  }
  if (C->outer_kind == CT_OUTER_LAYOUT) { /* composition(composition(L, A), B), a layout */
    CT_TRY(ct_composition(L, &C->outer, &LA, e));
    CT_TRY(ct_composition(&LA, &C->inner, &LB, e));
    ct_cl_of_layout(&LB, R);
    *plain = 1;
  } else { /* composition(Sw' o _0 o L, B) = Sw' o _0 o composition(L, B) (CL-3) */
    CT_TRY(ct_sw_carried(L, &C->sw, &carried, e));
    CT_TRY(ct_composition(L, &C->inner, &LB, e));
    CT_TRY(ct_cl_of_swizzle(&carried, &LB, R, plain, e));
  }
  CT_TRY(ct_coalesce(L, &hat, e));
  for (i = 0; i < n; ++i) {
    CT_TRY(ct_cl_eval(R, i, &got, e));
    CT_TRY(ct_cl_eval(C, i, &c, e));
    CT_TRY(ct_compose_at(&hat, c, &want, e));
    if (got != want)
      return CT_FAIL(e, CT_NO_LAYOUT, "composition(L, C): CuTe's form is %lld at %lld, L(C(%lld)) = L(%lld) = %lld "
                     "(spec/composed.md, CL-9)", (long long)got, (long long)i, (long long)i, (long long)c,
                     (long long)want);
  }
  return CT_OK;
}

/* make_layout(Sw<B,M,S>) = composition(Sw, _w:_1), w = B + M + |S|, as
 * CuTe's swizzle_layout.hpp builds it (w offsets, not 2^w: SW-9). */
CT_FN ct_code ct_sw_make_layout(const ct_swizzle *w, ct_composed *R, int *plain, ct_err *e) {
  ct_layout L;
  CT_TRY(ct_sw_check(w, e));
  if (ct_sw_width(w) == 0) /* Sw<0,0,0>: C++'s _0:_1 has no index */
    return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "make_layout(Sw<0,0,0>) would have the size B + M + |S| = 0 "
                   "(spec/swizzle.md, SW-9)");
  ct_l_set_int(&L, ct_sw_width(w), 1, 1, 1);
  return ct_cl_of_swizzle(w, &L, R, plain, e);
}
