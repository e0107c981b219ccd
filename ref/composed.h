/* composed.h -- CuTe's ComposedLayout `outer o offset o inner`
 * (spec/composed.md; spec/layout.md, VALUE-COMPOSED).
 *
 * Its value at a coordinate c is outer(offset + inner(c)): inner a layout,
 * offset an integer, outer a swizzle or a layout. A composed layout is a
 * value of its own, never a node of an IntTuple. The operations that act on
 * the inner layout alone (CuTe's layout_composed.hpp) are built by the
 * caller from the inner layout's operation and ct_cl_rewrap. */
#ifndef CT_COMPOSED_H
#define CT_COMPOSED_H

#include "ct_arith.h"
#include "layout.h"
#include "leaf_form.h"
#include "swizzle.h"

enum { CT_OUTER_SWIZZLE = 0, CT_OUTER_LAYOUT = 1 };

typedef struct {
  int outer_kind;   /* CT_OUTER_SWIZZLE or CT_OUTER_LAYOUT */
  ct_swizzle sw;    /* the outer function when a swizzle */
  ct_layout outer;  /* the outer function when a layout */
  ct_tuple offset;  /* an integer (coordinate tuples come with basis strides) */
  ct_layout inner;
} ct_composed;

/* Well-formed (CL-DEF; spec/composed.md, Preconditions): a valid swizzle or layout, an integer offset
 * (ARG_TYPE otherwise), a valid inner layout. */
CT_FN CT_MUST_USE ct_code ct_cl_check(const ct_composed *C, ct_err *e);
/* The offset as an integer (the check guarantees one). */
CT_FN static inline int64_t ct_cl_offset(const ct_composed *C) { return C->offset.nd[0].v; }
/* outer(x) for an integer x: the swizzle, or the outer layout at index x. */
CT_FN static inline CT_MUST_USE ct_code ct_cl_outer(const ct_composed *C, int64_t x, int64_t *out, ct_err *e) {
  if (C->outer_kind == CT_OUTER_SWIZZLE) {
    *out = ct_sw_apply(&C->sw, x);
    return CT_OK;
  }
  return ct_l_eval(&C->outer, x, out, e);
}
/* outer(offset + in), in = inner(i) or inner(c). */
CT_FN static inline CT_MUST_USE ct_code ct_cl_after_inner(const ct_composed *C, int64_t in, int64_t *out, ct_err *e) {
  int64_t x;
  if (ct_add_ovf(ct_cl_offset(C), in, &x)) return CT_FAIL(e, CT_OVERFLOW, "offset + inner overflows int64");
  return ct_cl_outer(C, x, out, e);
}
/* CL-1: C(c) = outer(offset + inner(c)) at a coordinate (crd2idx rules). */
CT_FN CT_MUST_USE ct_code ct_cl_crd2idx(const ct_tuple *c, const ct_composed *C, int64_t *out, ct_err *e);
/* C(i) at an integer index (inline, as ct_cl_eval_form below). */
CT_FN static inline CT_MUST_USE ct_code ct_cl_eval(const ct_composed *C, int64_t i, int64_t *out, ct_err *e) {
  int64_t in;
  CT_TRY(ct_l_eval(&C->inner, i, &in, e));
  return ct_cl_after_inner(C, in, out, e);
}
/* C(i) as ct_cl_eval, the inner layout read through F, a leaf form of
 * C->inner (ref/leaf_form.h): cheap index after index (LAYOUT-2/walk).
 * Inline with the three above: checks call it once per index, and on the
 * GPU a call per index, registers saved to local memory around it, cost
 * more than the evaluation (docs/data/gpu-tuning.md, twelfth step). */
CT_FN static inline CT_MUST_USE ct_code ct_cl_eval_form(const ct_composed *C, ct_leaf_form *F, int64_t i, int64_t *out,
                                                        ct_err *e) {
  int64_t in;
  CT_TRY(ct_lf_eval(F, i, &in, e));
  return ct_cl_after_inner(C, in, out, e);
}

/* composition(Sw, L) = Sw o _0 o L, as a composed value (SW-7). CuTe returns
 * L itself for Sw<0,...>: *plain is then 1 and out->inner is the answer. */
CT_FN CT_MUST_USE ct_code ct_cl_of_swizzle(const ct_swizzle *w, const ct_layout *L, ct_composed *out, int *plain,
                                           ct_err *e);
/* out := C's outer and offset over a new inner layout (CL-3, CL-4). */
CT_FN void ct_cl_rewrap(const ct_composed *C, const ct_layout *inner, ct_composed *out);
/* slice(c, C) = outer o (offset + crd2idx(c with `_` as 0, inner)) o
 * slice(c, inner) (CL-5). */
CT_FN CT_MUST_USE ct_code ct_cl_slice(const ct_tuple *c, const ct_composed *C, ct_composed *out, ct_err *e);
/* CL-6: a and b are the same function with a compatible shape (EQUIV-2 of
 * composed layouts): their inner shapes compatible one way or the other and
 * a(i) == b(i) at every index, however the outer function, the offset and the
 * inner layout are written. 0 when the size exceeds max (not decided). A plain
 * layout is compared as Sw<0,0,0> o 0 o L (ct_cl_of_layout). */
CT_FN int ct_cl_equivalent(const ct_composed *a, const ct_composed *b, int64_t max);
/* get_swizzle_portion / get_nonswizzle_portion of Sw o O o B: Sw and B, the
 * offset in neither (CL-7; spec/composed.md, "Swizzle and non-swizzle
 * portions"). An outer layout: ARG_TYPE, CuTe C++ defines neither there. */
CT_FN CT_MUST_USE ct_code ct_cl_swizzle_portion(const ct_composed *C, ct_swizzle *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_cl_nonswizzle_portion(const ct_composed *C, ct_layout *out, ct_err *e);
/* A plain layout's swizzle portion: CuTe's identity Sw<0,4,3> (CL-8); its
 * non-swizzle portion is the layout itself. */
CT_FN void ct_l_swizzle_portion(ct_swizzle *out);
/* CuTe's composition(L, Sw) (swizzle_layout.hpp): the swizzle of the masks
 * L takes Sw's masks to, make_swizzle(L(Y), L(Z)), L read past its size as
 * LAYOUT-EVAL reads it; Sw' o _0 o L is L o Sw "in simple cases" (SW-8).
 * NO_LAYOUT where L(Y), L(Z) are no swizzle's masks. */
CT_FN CT_MUST_USE ct_code ct_sw_carried(const ct_layout *L, const ct_swizzle *w, ct_swizzle *out, ct_err *e);
/* composition(L, Sw) = Sw' o _0 o L (L itself for an identity Sw'), answered
 * where R(i) == Â(Sw(i)) for every i < size(L), NO_LAYOUT elsewhere (SW-8;
 * ref/composed_compose.c; Â: L read as composition reads it, COMP-EXT).
 * *plain: the answer is the layout R->inner. */
CT_FN CT_MUST_USE ct_code ct_l_compose_swizzle(const ct_layout *L, const ct_swizzle *w, ct_composed *R, int *plain,
                                               ct_err *e);
/* composition(L, A o 0 o B), CuTe's composition(composition(L, A), B):
 * for an outer layout the layout composition(composition(L, A), B), for a
 * swizzle Sw' o _0 o composition(L, B); answered where R(i) == Â(C(i)) for
 * every i < size(B), NO_LAYOUT elsewhere; an offset other than 0: ARG_TYPE
 * (CuTe: "Require offset == 0"); a value C(i) < 0: COORD_OUT_OF_RANGE (L is
 * never read below 0). CL-9 in spec/composed.md. */
CT_FN CT_MUST_USE ct_code ct_l_compose_composed(const ct_layout *L, const ct_composed *C, ct_composed *R, int *plain,
                                                ct_err *e);
/* make_layout(Sw) = composition(Sw, _w:_1), w = B + M + |S| (SW-9; the
 * layout _w:_1 itself for an identity Sw, *plain). */
CT_FN CT_MUST_USE ct_code ct_sw_make_layout(const ct_swizzle *w, ct_composed *R, int *plain, ct_err *e);
/* right_inverse / left_inverse of A o 0 o B (ref/composed_inverse.c;
 * spec/inverse.md, CL-INV): CuTe's form, inv(B) o 0 o inv(A) for an outer
 * layout, Sw' o 0 o inv(B) for a swizzle, answered where it is a right
 * inverse (RINV-8) or a left inverse (LINV-7) of C, NO_LAYOUT where it is
 * not; a non-zero offset: COORD_OUT_OF_RANGE. *plain: the answer is the
 * layout R->inner (Sw' is the identity). */
CT_FN CT_MUST_USE ct_code ct_cl_right_inverse(const ct_composed *C, ct_composed *R, int *plain, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_cl_left_inverse(const ct_composed *C, ct_composed *R, int *plain, ct_err *e);
/* max_common_vector / max_common_layout of swizzled composed layouts (a
 * plain layout as Sw<0,0,0> o 0 o L), offsets 0 (ref/composed_common.c;
 * spec/inverse.md, MCL-COMPOSED): the inner layouts' common run cut at T,
 * the least 2^(M + max(0, S)) of their non-identity swizzles (MCV-3), and a
 * layout of at most that many common indices (MCL-6). ARG_TYPE for an
 * outer layout or another offset. */
CT_FN CT_MUST_USE ct_code ct_cl_max_common_vector(const ct_composed *a, const ct_composed *b, ct_val *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_cl_max_common_layout(const ct_composed *a, const ct_composed *b, ct_layout *out, ct_err *e);
/* Casts (ref/composed_cast.c; spec/recast.md, REC-SW): downcast<N>(Sw) =
 * Sw<B, M+n, S> and upcast<N>(Sw) = Sw<B, M-n, S> for N = 2^n (REC-3;
 * NOT_DIVISIBLE for another N, or upcast with M < n unless B = 0); a
 * swizzled composed layout cast part by part, the offset times N or over N
 * (REC-4; an outer layout: ARG_TYPE); recast_layout<OLD,NEW> by REC-1's
 * steps. */
CT_FN CT_MUST_USE ct_code ct_sw_downcast(const ct_swizzle *w, int64_t n, ct_swizzle *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_sw_upcast(const ct_swizzle *w, int64_t n, ct_swizzle *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_cl_cast(const ct_composed *C, ct_val n, int up, ct_composed *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_sw_recast_layout(const ct_swizzle *w, int64_t old_bits, int64_t new_bits, ct_swizzle *out,
                                              ct_err *e);
CT_FN CT_MUST_USE ct_code ct_cl_recast_layout(const ct_composed *C, int64_t old_bits, int64_t new_bits,
                                              ct_composed *out, ct_err *e);
/* max_alignment (ALIGN-3 in spec/recast.md): of a swizzle _2^M; of
 * Sw o O o B gcd(2^M, O, max_alignment(B)), a dynamic O read as 0; of a
 * composed layout with an outer layout _1, C++'s. Static answers. */
CT_FN CT_MUST_USE ct_code ct_sw_max_alignment(const ct_swizzle *w, ct_val *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_cl_max_alignment(const ct_composed *C, ct_val *out, ct_err *e);
/* nullspace(Sw o 0 o B) = nullspace(B) (NULL-5 in spec/inverse.md); an
 * outer layout or another offset: ARG_TYPE. */
CT_FN CT_MUST_USE ct_code ct_cl_nullspace(const ct_composed *C, ct_layout *out, ct_err *e);
/* logical_product(L, Sw o 0 o T) (ref/composed_product.c; spec/product.md,
 * PROD-CL): CuTe's form Sw' o _0 o logical_product(L, T), Sw' the swizzle
 * of the masks CuTe finds through T (swizzle_layout.hpp), answered where it
 * is (L, A* o C) as a function (PROD-8), NO_LAYOUT where not; an identity
 * swizzle: logical_product(L, T) itself (*plain). An outer layout or an
 * offset other than 0: ARG_TYPE (C++ does not compile them). */
CT_FN CT_MUST_USE ct_code ct_l_product_composed(const ct_layout *L, const ct_composed *C, ct_composed *R, int *plain,
                                                ct_err *e);
/* domain_offset(c, A o O o B) = A o (O + B(c)) o B, CuTe's (spec/layout.md,
 * DOFF-DEF); a plain layout L as Sw<0,0,0> o 0 o L. `_` in c: ARG_TYPE. */
CT_FN CT_MUST_USE ct_code ct_cl_domain_offset(const ct_tuple *c, const ct_composed *X, ct_composed *R, ct_err *e);
/* out := Sw<0,0,0> o 0 o L, the composed form of a plain layout. */
CT_FN void ct_cl_of_layout(const ct_layout *L, ct_composed *out);

#endif
