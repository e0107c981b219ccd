/* props_rinvdef.c -- RINV-7 (spec/inverse.md): the procedure
 * (ref/inverse.c, RINV-ALG and RINV-NEG) and the definition
 * (ref/right_inverse_def.c, RINV-DEF: L's indices visited, r tabulated and
 * recognized) say the same wherever the definition decides: where RINV-3
 * and RINV-4 fix R, right_inverse(L) is that function; where their
 * hypothesis fails, it is a right inverse (RINV-1, RINV-2). */
#include "props/props.h"
#include "props/derived.h"
#include "props/props_list.h"
#include "ref/coalesce.h"
#include "ref/inverse.h"
#include "ref/right_inverse_def.h"

/* RINV-1 and RINV-2 of the procedure's R, for i < min(size(R),
 * CT_BRUTE_MAX): 0 <= R(i) < size(L) and L(R(i)) == i. */
CT_FN static void ct_rd_right_inverse(const ct_layout *L, const ct_layout *R, ct_outcome *o) {
  int64_t n = ct_size(R), nl = ct_size(L), i, x;
  if (n > CT_BRUTE_MAX) n = CT_BRUTE_MAX;
  for (i = 0; i < n; ++i) {
    x = ct_ev(R, i);
    if (x < 0 || x >= nl || ct_ev(L, x) != i) {
      CT_FAILS(o, "L = %s: the hypothesis of RINV-3 fails, but R = %s is no right inverse: R(%lld) = %lld",
               ct_dv_show(L), ct_dv_show(R), (long long)i, (long long)x);
      return;
    }
  }
}

CT_FN static void ct_rd_check(const ct_layout *L, ct_outcome *o) {
  CT_SCRATCH int64_t w[CT_BRUTE_MAX];
  ct_layout R, D;
  ct_err e;
  ct_rinv_def_info info;
  ct_code got = ct_right_inverse(L, &R, &e);
  ct_rinv_def_verdict v = ct_right_inverse_def(L, w, CT_BRUTE_MAX, &D, &info);
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  if (v == CT_RINV_DEF_PAST_BOUND || ct_code_is_limit(got)) {
    o->verdict = CT_SKIPPED; /* one side did not decide */
    return;
  }
  if (got != CT_OK)
    CT_FAILS(o, "L = %s: the procedure rejects with %s, but size and values fit: a right inverse exists (RINV-6)",
             ct_dv_show(L), ct_code_name(got));
  else if (v == CT_RINV_DEF_FIXED && !ct_l_same_function(&R, &D))
    CT_FAILS(o, "L = %s: R = %s, but RINV-3/RINV-4 fix R = %s (N = %lld, r a layout's)", ct_dv_show(L), ct_dv_show(&R),
             ct_dv_show(&D), (long long)info.N);
  else if (v == CT_RINV_DEF_FREE)
    ct_rd_right_inverse(L, &R, o);
}

CT_FN void ct_p_rinv_7(const ct_case *c, ct_outcome *o) { ct_rd_check(&c->v[0], o); }

/* The same on L with a negative stride: the case's when it has one (so
 * --exhaustive visits every small one), else the case's with one leaf's
 * stride negated, the leaf picked by the case's digest (the derived input
 * follows the case through shrinking). */
CT_FN void ct_p_rinv_7n(const ct_case *c, ct_outcome *o) {
  ct_layout L = c->v[0];
  int j, n = 0, pick;
  for (j = 0; j < L.shape.n; ++j)
    n += L.shape.nd[j].kind == CT_INT && L.shape.nd[j].v > 1 && L.stride.nd[j].kind == CT_INT && L.stride.nd[j].v != 0;
  if (!ct_pi_negative(&L) && n > 0) {
    pick = (int)(ct_digest_layout(&L) % (uint64_t)n);
    for (j = 0; j < L.shape.n; ++j)
      if (L.shape.nd[j].kind == CT_INT && L.shape.nd[j].v > 1 && L.stride.nd[j].kind == CT_INT &&
          L.stride.nd[j].v != 0 && pick-- == 0)
        L.stride.nd[j].v = -L.stride.nd[j].v;
  }
  ct_rd_check(&L, o);
}
