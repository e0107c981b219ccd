/* swizzle.h -- CuTe's swizzle functor Sw<B,M,S> (spec/swizzle.md).
 *
 * A swizzle is a function on offsets: it XORs the B bits above
 * M + max(0, S) (the Y mask) into the B bits S places lower or higher (the
 * Z mask), SW-1. Its three parameters are all it holds; the masks are
 * derived. Nothing here allocates or recurses. */
#ifndef CT_SWIZZLE_H
#define CT_SWIZZLE_H

#include "ct_error.h"

typedef struct {
  int b, m, s; /* Sw<B,M,S>: bits, base, shift */
} ct_swizzle;

/* Every mask bit lies below bit 31, as in CuTe's `int` masks (spec/swizzle.md, Preconditions). */
#define CT_SW_MAX_BITS 31

/* CuTe's asserts on B, M, S, and the masks below bit 31: BAD_SWIZZLE. */
CT_FN CT_MUST_USE ct_code ct_sw_check(const ct_swizzle *w, ct_err *e);
CT_FN void ct_sw_set(ct_swizzle *w, int b, int m, int s);
/* The Y mask (the bits read) and the Z mask (the bits flipped): B ones
 * above M + max(0, S) and above M + max(0, -S). Inline, as ct_sw_apply. */
CT_FN static inline int64_t ct_sw_ones(int b) { return ((int64_t)1 << b) - 1; }
CT_FN static inline int64_t ct_sw_ymask(const ct_swizzle *w) {
  return ct_sw_ones(w->b) << (w->m + (w->s > 0 ? w->s : 0));
}
CT_FN static inline int64_t ct_sw_zmask(const ct_swizzle *w) {
  return ct_sw_ones(w->b) << (w->m - (w->s < 0 ? w->s : 0));
}
/* B + M + |S|: the swizzle maps every aligned block of 2^width offsets onto
 * itself (SW-3). */
CT_FN int ct_sw_width(const ct_swizzle *w);
/* Sw(x) = x ^ ((x & Y) >> S), a negative S shifting left (SW-1). Any
 * int64 x: only bits below 31 change. w must be valid (ct_sw_check).
 * Inline: checks call it once per offset, and on the GPU a call per offset
 * (registers saved to local memory around it) cost more than the two
 * operations (docs/data/gpu-tuning.md, twelfth step). */
CT_FN static inline int64_t ct_sw_apply(const ct_swizzle *w, int64_t x) {
  int64_t y = x & ct_sw_ymask(w);
  return x ^ (w->s >= 0 ? y >> w->s : y << -w->s);
}
/* A brute force over many offsets takes the masks once (issue 16): k holds
 * the Y mask and the shift as a right and a left shift, one of them 0, and
 * ct_sw_apply_masks(k, x) == ct_sw_apply(w, x) for every x. The fast path
 * beside the definition: SW-1 checks it against ct_sw_apply at every offset
 * it visits. */
typedef struct {
  int64_t y;   /* the Y mask */
  int right;   /* max(0, S) */
  int left;    /* max(0, -S) */
} ct_sw_masks;
CT_FN void ct_sw_masks_of(const ct_swizzle *w, ct_sw_masks *k);
CT_FN static inline int64_t ct_sw_apply_masks(const ct_sw_masks *k, int64_t x) {
  return x ^ (((x & k->y) >> k->right) << k->left);
}
/* The same function: both the identity (B = 0) or the same parameters. */
CT_FN int ct_sw_same(const ct_swizzle *a, const ct_swizzle *b);

/* right_inverse(Sw) = left_inverse(Sw) = Sw: a swizzle is an involution
 * (SW-6). */
CT_FN void ct_sw_inverse(const ct_swizzle *w, ct_swizzle *out);

/* make_swizzle(Y, Z): the swizzle whose masks are Y and Z (SW-4). */
CT_FN CT_MUST_USE ct_code ct_make_swizzle(int64_t y, int64_t z, ct_swizzle *out, ct_err *e);
/* composition(a, b) = a o b where CuTe defines it: equal shifts, and the
 * XOR of the masks the masks of a swizzle (SW-5). */
CT_FN CT_MUST_USE ct_code ct_sw_compose(const ct_swizzle *a, const ct_swizzle *b, ct_swizzle *out, ct_err *e);

#endif
