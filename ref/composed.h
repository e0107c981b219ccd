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
/* out := Sw<0,0,0> o 0 o L, the composed form of a plain layout. */
CT_FN void ct_cl_of_layout(const ct_layout *L, ct_composed *out);

#endif
