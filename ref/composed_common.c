/* composed_common.c -- max_common_layout and max_common_vector of swizzled
 * composed layouts (spec/inverse.md, "Common runs of composed layouts",
 * MCL-COMPOSED; MCL-6, MCV-3).
 *
 * A swizzle Sw<B,M,S> reads no bit below T = 2^(M + max(0, S)), so it is
 * the identity on [0, T) and, being an involution, takes no other offset
 * there: below T a swizzled layout takes exactly its inner layout's values
 * at the same indices. The common run of the inner layouts, cut at T, is
 * therefore a common run of the composed ones, and it is theirs exactly
 * where it ends below T (or, for one swizzle on both, where the swizzle
 * keeps the run). Nothing here allocates or recurses. */
#include "composed.h"
#include "composition.h"
#include "inverse.h"
#include "modes.h"

/* T of C's swizzle, INT64_MAX for an identity; an outer layout or an offset
 * other than 0: ARG_TYPE (CuTe defines these for swizzles, its offset
 * "assumed" in the swizzle's YZ domain). */
CT_FN static ct_code ct_cl_first_read(const ct_composed *C, const char *op, int64_t *T, ct_err *e) {
  if (C->outer_kind != CT_OUTER_SWIZZLE)
    return CT_FAIL(e, CT_ARG_TYPE, "%s of a composed layout whose outer function is a layout: CuTe defines it for a "
                   "swizzle (spec/inverse.md, MCL-COMPOSED)", op);
  if (ct_cl_offset(C) != 0)
    return CT_FAIL(e, CT_ARG_TYPE, "%s of a composed layout with the offset %lld: defined for the offset 0 "
                   "(spec/inverse.md, MCL-COMPOSED)", op, (long long)ct_cl_offset(C));
  *T = C->sw.b == 0 ? INT64_MAX : (int64_t)1 << (C->sw.m + (C->sw.s > 0 ? C->sw.s : 0));
  return CT_OK;
}

CT_FN static ct_code ct_cl_common_bound(const ct_composed *a, const ct_composed *b, const char *op, int64_t *T,
                                        ct_err *e) {
  int64_t ta = 0, tb = 0;
  CT_TRY(ct_cl_first_read(a, op, &ta, e));
  CT_TRY(ct_cl_first_read(b, op, &tb, e));
  *T = ta < tb ? ta : tb;
  return CT_OK;
}

/* MCV-3: N0 = max_common_vector(inner a, inner b), cut at T; not cut where
 * a and b have the same swizzle and 2^width divides N0: then the swizzle
 * takes [0, N0) onto itself and fixes N0, so the common values of a and b,
 * the swizzle's image of the inner layouts' ones, run exactly to N0. */
CT_FN ct_code ct_cl_max_common_vector(const ct_composed *a, const ct_composed *b, ct_val *out, ct_err *e) {
  int64_t T = 0;
  CT_TRY(ct_cl_common_bound(a, b, "max_common_vector", &T, e));
  CT_TRY(ct_max_common_vector(&a->inner, &b->inner, out, e));
  if (ct_sw_same(&a->sw, &b->sw) && out->v % ((int64_t)1 << ct_sw_width(&a->sw)) == 0) return CT_OK;
  if (out->v > T) {
    out->v = T;
    out->stat = 1; /* T comes from the swizzles' parameters, static in CuTe */
  }
  return CT_OK;
}

/* MCL-6: R0 = max_common_layout(inner a, inner b), or where it is longer
 * than T its longest prefix of at most T indices that is a layout: whole
 * modes of coalesce(R0), then a divisor of the next one's size. */
CT_FN ct_code ct_cl_max_common_layout(const ct_composed *a, const ct_composed *b, ct_layout *out, ct_err *e) {
  int64_t T = 0, k = 1, t;
  ct_layout R0, C0, K;
  ct_modes m;
  ct_val n;
  int j;
  CT_TRY(ct_cl_common_bound(a, b, "max_common_layout", &T, e));
  CT_TRY(ct_max_common_layout(&a->inner, &b->inner, &R0, e));
  CT_TRY(ct_l_size(&R0, &n, e));
  if (n.v <= T) {
    ct_l_copy(out, &R0);
    return CT_OK;
  }
  CT_TRY(ct_coalesce(&R0, &C0, e));
  ct_modes_of(&C0, 0, &m);
  for (j = 0; j < m.n && k * m.m[j].s <= T; ++j) k *= m.m[j].s;
  if (j < m.n)
    for (t = T / k; t > 1; --t)
      if (m.m[j].s % t == 0) {
        k *= t;
        break;
      }
  ct_l_set_int(&K, k, 0, 1, 1);
  return ct_composition(&R0, &K, out, e);
}

/* NULL-5: nullspace(Sw o 0 o B) = nullspace(B), since Sw(x) == 0 exactly
 * when x == 0 (Sw keeps 0 and is a bijection); another offset or an outer
 * layout: ARG_TYPE. */
CT_FN ct_code ct_cl_nullspace(const ct_composed *C, ct_layout *out, ct_err *e) {
  if (C->outer_kind != CT_OUTER_SWIZZLE || ct_cl_offset(C) != 0)
    return CT_FAIL(e, CT_ARG_TYPE, "nullspace of a composed layout: defined for a swizzle and the offset 0 "
                   "(spec/inverse.md, NULL-5)");
  return ct_nullspace(&C->inner, out, e);
}
