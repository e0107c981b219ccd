/* swizzle.c -- Sw<B,M,S>: check, masks, evaluation, make_swizzle and the
 * composition of two swizzles (spec/swizzle.md). */
#include "swizzle.h"

CT_FN void ct_sw_set(ct_swizzle *w, int b, int m, int s) {
  w->b = b;
  w->m = m;
  w->s = s;
}

CT_FN static int ct_iabs(int v) { return v < 0 ? -v : v; }

CT_FN int ct_sw_width(const ct_swizzle *w) { return w->b + w->m + ct_iabs(w->s); }

/* spec/swizzle.md, Preconditions: CuTe's static_asserts (B >= 0, M >= 0, |S| >= B), and every bit
 * of both masks below bit 31 (CuTe's masks are `int`). */
CT_FN ct_code ct_sw_check(const ct_swizzle *w, ct_err *e) {
  if (w->b < 0 || w->m < 0)
    return CT_FAIL(e, CT_BAD_SWIZZLE, "Sw<%d,%d,%d>: B and M must be >= 0", w->b, w->m, w->s);
  if (ct_iabs(w->s) < w->b)
    return CT_FAIL(e, CT_BAD_SWIZZLE, "Sw<%d,%d,%d>: |S| must be >= B (the Y and Z masks overlap)", w->b, w->m, w->s);
  if (w->s < -CT_SW_MAX_BITS || w->s > CT_SW_MAX_BITS || w->m > CT_SW_MAX_BITS ||
      w->b + w->m + ct_iabs(w->s) > CT_SW_MAX_BITS)
    return CT_FAIL(e, CT_BAD_SWIZZLE, "Sw<%d,%d,%d>: B+M+|S| must be <= %d (the masks lie below bit 31)", w->b, w->m,
                   w->s, CT_SW_MAX_BITS);
  return CT_OK;
}

/* SW-1 with the masks taken once: a positive S shifts right, a negative
 * one left (ct_sw_apply_masks). */
CT_FN void ct_sw_masks_of(const ct_swizzle *w, ct_sw_masks *k) {
  k->y = ct_sw_ymask(w);
  k->right = w->s > 0 ? w->s : 0;
  k->left = w->s < 0 ? -w->s : 0;
}

CT_FN int ct_sw_same(const ct_swizzle *a, const ct_swizzle *b) {
  if (a->b == 0 || b->b == 0) return a->b == b->b;
  return a->b == b->b && a->m == b->m && a->s == b->s;
}

/* SW-6: Y and Z are disjoint (|S| >= B), so a second pass undoes the first. */
CT_FN void ct_sw_inverse(const ct_swizzle *w, ct_swizzle *out) { *out = *w; }

CT_FN static int ct_popcount(int64_t v) {
  int n = 0;
  while (v) {
    v &= v - 1;
    ++n;
  }
  return n;
}

/* Trailing zeros of a 32-bit mask; 32 for 0, as C++20's countr_zero. */
CT_FN static int ct_ctz32(int64_t v) {
  int n = 0;
  if (v == 0) return 32;
  while (!(v & 1)) {
    v >>= 1;
    ++n;
  }
  return n;
}

/* SW-4: B from the popcounts, M the lower of the two lowest bits (mod 32,
 * as CuTe: two empty masks give Sw<0,0,0>), S their distance. */
CT_FN ct_code ct_make_swizzle(int64_t y, int64_t z, ct_swizzle *out, ct_err *e) {
  ct_swizzle w;
  int ty, tz;
  if (y < 0 || z < 0 || y > (int64_t)0xFFFFFFFF || z > (int64_t)0xFFFFFFFF)
    return CT_FAIL(e, CT_BAD_SWIZZLE, "make_swizzle(%lld, %lld): the masks must be 32-bit unsigned", (long long)y,
                   (long long)z);
  if (ct_popcount(y) != ct_popcount(z))
    return CT_FAIL(e, CT_BAD_SWIZZLE, "make_swizzle(%lld, %lld): Y has %d bits and Z has %d", (long long)y, (long long)z,
                   ct_popcount(y), ct_popcount(z));
  ty = ct_ctz32(y);
  tz = ct_ctz32(z);
  ct_sw_set(&w, ct_popcount(y), (ty < tz ? ty : tz) % 32, ty - tz);
  CT_TRY(ct_sw_check(&w, e));
  if (ct_sw_ymask(&w) != y || ct_sw_zmask(&w) != z)
    return CT_FAIL(e, CT_BAD_SWIZZLE, "make_swizzle(%lld, %lld): the masks are not those of Sw<%d,%d,%d> (not contiguous)",
                   (long long)y, (long long)z, w.b, w.m, w.s);
  *out = w;
  return CT_OK;
}

/* SW-5: with equal shifts, a o b flips Z_a ^ Z_b from Y_a ^ Y_b when that
 * pair is a swizzle's (then neither reads a bit the other flips). */
CT_FN ct_code ct_sw_compose(const ct_swizzle *a, const ct_swizzle *b, ct_swizzle *out, ct_err *e) {
  if (a->s != b->s)
    return CT_FAIL(e, CT_BAD_SWIZZLE, "composition(Sw<%d,%d,%d>, Sw<%d,%d,%d>): CuTe composes swizzles of equal shift only",
                   a->b, a->m, a->s, b->b, b->m, b->s);
  return ct_make_swizzle(ct_sw_ymask(a) ^ ct_sw_ymask(b), ct_sw_zmask(a) ^ ct_sw_zmask(b), out, e);
}
