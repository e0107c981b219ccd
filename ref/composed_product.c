/* composed_product.c -- logical_product(L, Sw o 0 o T), a composed layout
 * as the second factor (spec/product.md, PROD-CL), and domain_offset
 * (spec/layout.md, DOFF-DEF).
 *
 * The product is CuTe's form (swizzle_layout.hpp), then checked against the
 * definition index by index, as composition(L, C) is (ref/composed_compose.c):
 * CuTe multiplies L by the inner layout T and moves the swizzle in front of
 * the product by the masks it finds through T; the reference answers that
 * form where it is (L, A* o C) as a function and rejects it (NO_LAYOUT)
 * where not. Nothing here allocates or recurses. */
#include "composed.h"
#include "coalesce.h"
#include "complement.h"
#include "product.h"

/* The index-by-index check visits at most this many indices (UNDECIDED past it). */
#define CT_CL_PRODUCT_MAX ((int64_t)1 << 20)

/* CuTe's swizzle for logical_product(L, Sw o 0 o T): the bits of Sw's masks
 * that T's last value sets (its projection P o T at the last index, P keeping
 * the Y and Z bits), read back through T as indices and carried by the
 * copies' layout P1 = layout<1>(logical_product(L, T)) (CuTe's
 * new_layout(_0, T(active))), then make_swizzle. NO_LAYOUT where those are
 * no swizzle's masks (a static assertion in C++). */
CT_FN static ct_code ct_prod_swizzle(const ct_layout *T, const ct_layout *P1, const ct_swizzle *w, ct_swizzle *out,
                                     ct_err *e) {
  ct_val n;
  int64_t last, az, ay, tz, ty, z, y;
  CT_TRY(ct_l_size(T, &n, e));
  CT_TRY(ct_l_eval(T, n.v - 1, &last, e));
  az = last & ct_sw_zmask(w);
  ay = last & ct_sw_ymask(w);
  CT_TRY(ct_l_eval(T, az, &tz, e));
  CT_TRY(ct_l_eval(T, ay, &ty, e));
  CT_TRY(ct_l_eval(P1, tz, &z, e));
  CT_TRY(ct_l_eval(P1, ty, &y, e));
  if (ct_make_swizzle(y, z, out, e) != CT_OK)
    return CT_FAIL(e, CT_NO_LAYOUT, "logical_product(L, Sw<%d,%d,%d> o 0 o T): CuTe's swizzle masks %lld and %lld "
                   "are no swizzle's (spec/product.md, PROD-8)", w->b, w->m, w->s, (long long)y, (long long)z);
  return CT_OK;
}

/* PROD-8: R(x + size(L)*y) == L(x) + Â*(C(y)), A* = complement(L, size(L)*cosize(T))
 * read as composition reads it (COMP-EXT), never below 0. */
CT_FN static ct_code ct_prod_check(const ct_layout *L, const ct_composed *C, const ct_composed *R, ct_err *e) {
  ct_layout As, hat;
  ct_tuple M;
  ct_val nl, nt, ct;
  int64_t m, i, n, got, c, a, s;
  CT_TRY(ct_l_size(L, &nl, e));
  CT_TRY(ct_l_size(&C->inner, &nt, e));
  CT_TRY(ct_l_cosize(&C->inner, &ct, e));
  if (ct_mul_ovf(nl.v, ct.v, &m) || ct_mul_ovf(nl.v, nt.v, &n)) return CT_FAIL(e, CT_OVERFLOW, "size(L)*cosize(T) overflows");
  if (n > CT_CL_PRODUCT_MAX)
    return CT_FAIL(e, CT_UNDECIDED, "logical_product(L, C): checking CuTe's form visits %lld > 2^20 indices", (long long)n);
  ct_t_set_int(&M, m, 1);
  CT_TRY(ct_complement(L, &M, &As, e));
  CT_TRY(ct_coalesce(&As, &hat, e));
  for (i = 0; i < n; ++i) {
    CT_TRY(ct_cl_eval(C, i / nl.v, &c, e));
    if (c < 0)
      return CT_FAIL(e, CT_COORD_OUT_OF_RANGE, "logical_product(L, C): C(%lld) = %lld < 0, where the complement would "
                     "be read below 0 (spec/product.md, PROD-8)", (long long)(i / nl.v), (long long)c);
    CT_TRY(ct_l_eval(&hat, c, &s, e));
    CT_TRY(ct_l_eval(L, i % nl.v, &a, e));
    CT_TRY(ct_cl_eval(R, i, &got, e));
    if (got != a + s)
      return CT_FAIL(e, CT_NO_LAYOUT, "logical_product(L, C): CuTe's form is %lld at %lld, L(%lld) + A*(C(%lld)) = "
                     "%lld (spec/product.md, PROD-8)", (long long)got, (long long)i, (long long)(i % nl.v),
                     (long long)(i / nl.v), (long long)(a + s));
  }
  return CT_OK;
}

CT_FN ct_code ct_l_product_composed(const ct_layout *L, const ct_composed *C, ct_composed *R, int *plain, ct_err *e) {
  ct_layout P, P1;
  ct_swizzle w;
  int one = 1;
  CT_TRY(ct_l_check(L, e));
  CT_TRY(ct_cl_check(C, e));
  if (C->outer_kind != CT_OUTER_SWIZZLE)
    return CT_FAIL(e, CT_ARG_TYPE, "logical_product(L, A o O o T) with an outer layout A: CuTe defines the product "
                   "after a swizzle only (spec/product.md, PROD-CL)");
  if (ct_cl_offset(C) != 0)
    return CT_FAIL(e, CT_ARG_TYPE, "logical_product(L, Sw o %lld o T): CuTe requires the offset 0 (spec/product.md, "
                   "PROD-CL)", (long long)ct_cl_offset(C));
  CT_TRY(ct_logical_product(L, &C->inner, &P, e));
  if (C->sw.b == 0) { /* an identity: CuTe's masks are 0, make_swizzle<0,0> is Sw<0,0,0>, the answer P (PROD-8) */
    ct_cl_of_layout(&P, R);
    *plain = 1;
    return CT_OK;
  }
  CT_TRY(ct_l_mode(&P, &one, 1, &P1, e));
  CT_TRY(ct_prod_swizzle(&C->inner, &P1, &C->sw, &w, e));
  CT_TRY(ct_cl_of_swizzle(&w, &P, R, plain, e));
  return ct_prod_check(L, C, R, e);
}

/* DOFF-DEF: the coordinate's value moves into the offset, as CuTe's
 * domain_offset of a composed layout (layout_composed.hpp). */
CT_FN ct_code ct_cl_domain_offset(const ct_tuple *c, const ct_composed *X, ct_composed *R, ct_err *e) {
  ct_val d;
  int64_t sum;
  CT_TRY(ct_cl_check(X, e));
  if (ct_t_has_all(c, 0))
    return CT_FAIL(e, CT_ARG_TYPE, "domain_offset: the coordinate has `_`; it offsets by a point (spec/layout.md, "
                   "DOFF-DEF)");
  CT_TRY(ct_crd2idx(c, &X->inner, &d, e));
  if (ct_add_ovf(ct_cl_offset(X), d.v, &sum)) return CT_FAIL(e, CT_OVERFLOW, "domain_offset: the offset overflows int64");
  ct_cl_rewrap(X, &X->inner, R);
  ct_t_set_int(&R->offset, sum, X->offset.nd[0].stat && d.stat);
  return ct_cl_check(R, e); /* an outer layout is never read below 0 (CL-DEF) */
}
