/* composed_cast.c -- upcast, downcast and recast_layout of a swizzle and of
 * a swizzled composed layout (spec/recast.md, "Casts of swizzles and
 * composed layouts", REC-SW; REC-3, REC-4).
 *
 * A swizzle acts on bits, so elements N = 2^n times narrower move its masks
 * n bits up (downcast: Sw<B, M+n, S>) and N times wider n bits down (upcast:
 * Sw<B, M-n, S>, which needs M >= n: the swizzle must keep whole wide
 * elements). A composed layout Sw o O o B is cast part by part, as in CuTe's
 * layout_composed.hpp: the swizzle, the offset (N*O, or O/N) and the inner
 * layout (CAST in spec/construct.md). Nothing here allocates or recurses. */
#include "composed.h"
#include "construct.h"
#include "recast.h"

/* log2(N) for a power of two N >= 1; NOT_DIVISIBLE otherwise. */
CT_FN static ct_code ct_cast_log2(int64_t n, const char *op, int *k, ct_err *e) {
  int b = 0;
  if (n < 1 || (n & (n - 1)) != 0)
    return CT_FAIL(e, CT_NOT_DIVISIBLE, "%s<%lld> of a swizzle: N must be a power of two, a swizzle acts on bits "
                   "(spec/recast.md, REC-SW)", op, (long long)n);
  while (((int64_t)1 << b) < n) ++b;
  *k = b;
  return CT_OK;
}

CT_FN ct_code ct_sw_downcast(const ct_swizzle *w, int64_t n, ct_swizzle *out, ct_err *e) {
  int k = 0;
  CT_TRY(ct_cast_log2(n, "downcast", &k, e));
  ct_sw_set(out, w->b, w->m + k, w->s);
  return ct_sw_check(out, e); /* BAD_SWIZZLE where a mask reaches bit 31 */
}

CT_FN ct_code ct_sw_upcast(const ct_swizzle *w, int64_t n, ct_swizzle *out, ct_err *e) {
  int k = 0;
  CT_TRY(ct_cast_log2(n, "upcast", &k, e));
  if (w->b == 0) { /* the identity stays one */
    ct_sw_set(out, 0, w->m >= k ? w->m - k : 0, w->s);
    return CT_OK;
  }
  if (w->m < k)
    return CT_FAIL(e, CT_NOT_DIVISIBLE, "upcast<%lld>(Sw<%d,%d,%d>): the swizzle moves blocks of 2^%d offsets, "
                   "smaller than the new element (spec/recast.md, REC-3)", (long long)n, w->b, w->m, w->s, w->m);
  ct_sw_set(out, w->b, w->m - k, w->s);
  return CT_OK;
}

/* The parts of Sw o O o B cast (REC-4); an outer layout: ARG_TYPE. */
CT_FN ct_code ct_cl_cast(const ct_composed *C, ct_val n, int up, ct_composed *out, ct_err *e) {
  int64_t off = ct_cl_offset(C), o2;
  if (C->outer_kind != CT_OUTER_SWIZZLE)
    return CT_FAIL(e, CT_ARG_TYPE, "%s of a composed layout whose outer function is a layout: defined for a swizzle "
                   "(spec/recast.md, REC-SW)", up ? "upcast" : "downcast");
  out->outer_kind = CT_OUTER_SWIZZLE;
  ct_t_clear(&out->outer.shape);
  ct_t_clear(&out->outer.stride);
  if (up) {
    CT_TRY(ct_sw_upcast(&C->sw, n.v, &out->sw, e));
    if (off % n.v != 0)
      return CT_FAIL(e, CT_NOT_DIVISIBLE, "upcast<%lld> of a composed layout with the offset %lld: N must divide it "
                     "(spec/recast.md, REC-4)", (long long)n.v, (long long)off);
    o2 = off / n.v;
    CT_TRY(ct_upcast(&C->inner, n, &out->inner, e));
  } else {
    CT_TRY(ct_sw_downcast(&C->sw, n.v, &out->sw, e));
    if (ct_mul_ovf(off, n.v, &o2)) return CT_FAIL(e, CT_OVERFLOW, "downcast: N * offset overflows int64");
    CT_TRY(ct_downcast(&C->inner, n, &out->inner, e));
  }
  ct_t_set_int(&out->offset, o2, C->offset.nd[0].stat);
  return ct_cl_check(out, e);
}

/* REC-1's steps on a swizzle or a composed layout: X, downcast<d>, upcast<u>,
 * or downcast<d>(upcast<u>(X)), g = gcd(OLD, NEW), u = NEW/g, d = OLD/g. */
CT_FN static ct_code ct_recast_ratio(int64_t old_bits, int64_t new_bits, int64_t *u, int64_t *d, ct_err *e) {
  int64_t a = old_bits, b = new_bits, t;
  if (old_bits < 1 || new_bits < 1)
    return CT_FAIL(e, CT_ARG_TYPE, "recast_layout<OLD,NEW>: the widths must be positive (spec/recast.md)");
  while (b != 0) {
    t = a % b;
    a = b;
    b = t;
  }
  *u = new_bits / a;
  *d = old_bits / a;
  return CT_OK;
}

CT_FN ct_code ct_sw_recast_layout(const ct_swizzle *w, int64_t old_bits, int64_t new_bits, ct_swizzle *out,
                                  ct_err *e) {
  int64_t u = 1, d = 1;
  ct_swizzle t;
  CT_TRY(ct_recast_ratio(old_bits, new_bits, &u, &d, e));
  CT_TRY(ct_sw_upcast(w, u, &t, e));
  return ct_sw_downcast(&t, d, out, e);
}

CT_FN ct_code ct_cl_recast_layout(const ct_composed *C, int64_t old_bits, int64_t new_bits, ct_composed *out,
                                  ct_err *e) {
  int64_t u = 1, d = 1;
  ct_composed t;
  ct_val v;
  CT_TRY(ct_recast_ratio(old_bits, new_bits, &u, &d, e));
  v.v = u;
  v.stat = 1;
  CT_TRY(ct_cl_cast(C, v, 1, &t, e));
  v.v = d;
  return ct_cl_cast(&t, v, 0, out, e);
}

/* max_alignment of a swizzle, 2^M, and of Sw o O o B, gcd(2^M, O, that of
 * B), C++'s static reading: a dynamic offset counts as 0, as ALIGN reads
 * every dynamic integer; an outer layout: _1 (ALIGN-3). */
CT_FN ct_code ct_sw_max_alignment(const ct_swizzle *w, ct_val *out, ct_err *e) {
  CT_TRY(ct_sw_check(w, e));
  out->v = (int64_t)1 << w->m;
  out->stat = 1;
  return CT_OK;
}

CT_FN ct_code ct_cl_max_alignment(const ct_composed *C, ct_val *out, ct_err *e) {
  ct_val a, b;
  int64_t off = C->offset.nd[0].stat ? ct_cl_offset(C) : 0, g, t;
  out->v = 1;
  out->stat = 1;
  if (C->outer_kind != CT_OUTER_SWIZZLE) return CT_OK; /* C++: "Do not attempt for general ComposedLayouts" */
  CT_TRY(ct_sw_max_alignment(&C->sw, &a, e));
  CT_TRY(ct_max_alignment(&C->inner, &b, e));
  g = a.v;
  off = off < 0 ? -off : off;
  while (off != 0) { /* gcd(2^M, |O|), gcd(x, 0) = x */
    t = g % off;
    g = off;
    off = t;
  }
  t = b.v;
  while (t != 0) {
    int64_t r = g % t;
    g = t;
    t = r;
  }
  out->v = g;
  return CT_OK;
}
