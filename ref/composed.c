/* composed.c -- ComposedLayout: check, evaluation, composition(Sw, L),
 * slicing (spec/composed.md). */
#include "composed.h"

#include "coalesce.h"
#include "ct_arith.h"
#include "modes.h"

/* CL-DEF: an outer layout is read at O + B(i) for i < size(B); the least of
 * those must not be negative, or the layout would be read where no index
 * lies (spec/principle.md §2) and the reference's own evaluation of the
 * value it printed would fail. min B is the sum of (s-1)*d over the leaves
 * of negative stride. */
CT_FN static ct_code ct_cl_check_reach(const ct_composed *C, ct_err *e) {
  ct_modes m;
  int64_t lo = ct_cl_offset(C), t;
  int k;
  if (C->outer_kind != CT_OUTER_LAYOUT) return CT_OK; /* a swizzle is a function of every integer */
  ct_modes_of(&C->inner, 0, &m);
  for (k = 0; k < m.n; ++k) {
    if (m.m[k].d >= 0) continue;
    if (ct_mul_ovf(m.m[k].s - 1, m.m[k].d, &t) || ct_add_ovf(lo, t, &lo))
      return CT_FAIL(e, CT_OVERFLOW, "the least offset + inner value overflows int64");
  }
  if (lo < 0)
    return CT_FAIL(e, CT_COORD_OUT_OF_RANGE,
                   "the outer layout would be read at offset + inner(i) = %lld < 0, outside its domain", (long long)lo);
  return CT_OK;
}

CT_FN ct_code ct_cl_check(const ct_composed *C, ct_err *e) {
  if (C->outer_kind == CT_OUTER_SWIZZLE) CT_TRY(ct_sw_check(&C->sw, e));
  else CT_TRY(ct_l_check(&C->outer, e));
  if (C->offset.n < 1 || C->offset.nd[0].kind != CT_INT)
    return CT_FAIL(e, CT_ARG_TYPE, "a composed layout's offset must be an integer (coordinate offsets come with basis strides)");
  CT_TRY(ct_l_check(&C->inner, e));
  return ct_cl_check_reach(C, e);
}

/* CL-1: outer(offset + inner(c)). */
CT_FN ct_code ct_cl_crd2idx(const ct_tuple *c, const ct_composed *C, int64_t *out, ct_err *e) {
  ct_val in;
  CT_TRY(ct_crd2idx(c, &C->inner, &in, e));
  return ct_cl_after_inner(C, in.v, out, e);
}

CT_FN ct_code ct_cl_of_swizzle(const ct_swizzle *w, const ct_layout *L, ct_composed *out, int *plain, ct_err *e) {
  CT_TRY(ct_sw_check(w, e));
  CT_TRY(ct_l_check(L, e));
  out->outer_kind = CT_OUTER_SWIZZLE;
  out->sw = *w;
  ct_t_clear(&out->outer.shape);
  ct_t_clear(&out->outer.stride);
  ct_t_set_int(&out->offset, 0, 1);
  ct_l_copy(&out->inner, L);
  *plain = w->b == 0; /* CuTe: composition(Sw<0,M,S>, _0, L) is L */
  return CT_OK;
}

CT_FN void ct_cl_rewrap(const ct_composed *C, const ct_layout *inner, ct_composed *out) {
  if (out != C) {
    out->outer_kind = C->outer_kind;
    out->sw = C->sw;
    if (C->outer_kind == CT_OUTER_LAYOUT) ct_l_copy(&out->outer, &C->outer);
    else { /* beside a swizzle the outer layout is unused, and may be unset */
      ct_t_clear(&out->outer.shape);
      ct_t_clear(&out->outer.stride);
    }
    ct_t_copy(&out->offset, &C->offset);
  }
  ct_l_copy(&out->inner, inner);
}

/* CL-5: the sliced-away part of the coordinate moves into the offset. */
CT_FN ct_code ct_cl_slice(const ct_tuple *c, const ct_composed *C, ct_composed *out, ct_err *e) {
  ct_layout s;
  int64_t off, sum;
  CT_TRY(ct_l_slice(c, &C->inner, &s, e));
  CT_TRY(ct_l_slice_offset(c, &C->inner, &off, e));
  if (ct_add_ovf(ct_cl_offset(C), off, &sum)) return CT_FAIL(e, CT_OVERFLOW, "the sliced offset overflows int64");
  ct_cl_rewrap(C, &s, out);
  ct_t_set_int(&out->offset, sum, C->offset.nd[0].stat && sum == ct_cl_offset(C));
  return CT_OK;
}

CT_FN void ct_cl_of_layout(const ct_layout *L, ct_composed *out) {
  out->outer_kind = CT_OUTER_SWIZZLE;
  out->sw.b = out->sw.m = out->sw.s = 0;
  ct_t_clear(&out->outer.shape);
  ct_t_clear(&out->outer.stride);
  ct_t_set_int(&out->offset, 0, 1);
  out->inner = *L;
}

/* CL-6: equal parts (the same outer function and offset, equivalent inner
 * layouts) are the same function at any size; otherwise the values are
 * compared index by index, since parts written otherwise can still be the
 * same function on the domain (Sw<2,4,3> and Sw<3,4,3> on 512 offsets). */
CT_FN int ct_cl_equivalent(const ct_composed *a, const ct_composed *b, int64_t max) {
  int64_t i, va, vb;
  ct_val n, m;
  ct_leaf_form fa, fb; /* a's and b's inner layouts, index after index */
  ct_err e;
  if (!(ct_t_compatible_loose(&a->inner.shape, &b->inner.shape) ||
        ct_t_compatible_loose(&b->inner.shape, &a->inner.shape)))
    return 0;
  if (a->outer_kind == b->outer_kind && ct_cl_offset(a) == ct_cl_offset(b) && ct_l_equivalent(&a->inner, &b->inner) &&
      (a->outer_kind == CT_OUTER_SWIZZLE ? ct_sw_same(&a->sw, &b->sw) : ct_l_equivalent(&a->outer, &b->outer)))
    return 1;
  if (ct_l_size(&a->inner, &n, &e) != CT_OK || ct_l_size(&b->inner, &m, &e) != CT_OK || n.v != m.v || n.v > max)
    return 0;
  ct_lf_init(&fa, &a->inner);
  ct_lf_init(&fb, &b->inner);
  for (i = 0; i < n.v; ++i) {
    if (ct_cl_eval_form(a, &fa, i, &va, &e) != CT_OK || ct_cl_eval_form(b, &fb, i, &vb, &e) != CT_OK || va != vb) return 0;
  }
  return 1;
}

/* CL-7: the parts CuTe's TMA and cooperative copy take apart (swizzle_layout.hpp). */
CT_FN static ct_code ct_cl_need_swizzle(const ct_composed *C, const char *op, ct_err *e) {
  if (C->outer_kind == CT_OUTER_SWIZZLE) return CT_OK;
  return CT_FAIL(e, CT_ARG_TYPE, "%s of a composed layout whose outer function is a layout: only a swizzle has one "
                                 "(spec/composed.md, CL-7)", op);
}

CT_FN ct_code ct_cl_swizzle_portion(const ct_composed *C, ct_swizzle *out, ct_err *e) {
  CT_TRY(ct_cl_need_swizzle(C, "get_swizzle_portion", e));
  *out = C->sw;
  return CT_OK;
}

CT_FN ct_code ct_cl_nonswizzle_portion(const ct_composed *C, ct_layout *out, ct_err *e) {
  CT_TRY(ct_cl_need_swizzle(C, "get_nonswizzle_portion", e));
  ct_l_copy(out, &C->inner); /* the offset is dropped, as in CuTe (CL-7) */
  return CT_OK;
}

/* CL-8: CuTe's identity is Sw<0,4,3>; any Sw<0,M,S> is the same function. */
CT_FN void ct_l_swizzle_portion(ct_swizzle *out) { ct_sw_set(out, 0, 4, 3); }
