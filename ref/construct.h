/* construct.h -- layout constructors (spec/construct.md): compact strides in a
 * given order, layouts "like" another one, and the re-typing of element
 * sizes (upcast / downcast).
 *
 * Marks are carried best effort (a stride is static iff every integer it was
 * computed from is static) and never change a value. */
#ifndef CT_CONSTRUCT_H
#define CT_CONSTRUCT_H

#include "layout.h"

/* COMPACT: compact column-major (LayoutLeft) / row-major (LayoutRight)
 * strides of a shape, starting at `current` (CuTe's default _1). A static
 * _1 entry gets stride _0. The result is a stride congruent to the shape. */
CT_FN CT_MUST_USE ct_code ct_compact_col_major(const ct_tuple *shape, ct_val current, ct_tuple *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_compact_row_major(const ct_tuple *shape, ct_val current, ct_tuple *out, ct_err *e);

/* ORD: the compact layout of `shape` whose modes get increasing strides in
 * increasing order of `order` (ties by position). `order` is weakly congruent
 * to the shape: an integer of order covering a sub-shape lays that sub-shape
 * out column-major. */
CT_FN CT_MUST_USE ct_code ct_make_ordered_layout(const ct_tuple *shape, const ct_tuple *order, ct_layout *out, ct_err *e);

/* LIKE: the shape of L with compact strides in the order of L's strides
 * (ties by position); zero strides stay zero. */
CT_FN CT_MUST_USE ct_code ct_make_layout_like(const ct_layout *L, ct_layout *out, ct_err *e);

/* FRAG: rank >= 2: mode 0 compact column-major (zero strides stay zero), then
 * the other modes ordered like L's strides, after mode 0. Rank 1: the
 * compact column-major layout of L's shape. */
CT_FN CT_MUST_USE ct_code ct_make_fragment_like(const ct_layout *L, ct_layout *out, ct_err *e);

/* CAST: re-typing elements N times wider (upcast) or narrower (downcast).
 * downcast<N>: the unique stride-1 mode's size is multiplied by N, every
 * other stride by N. upcast<N>: its inverse (the stride-1 mode's size and
 * every other stride divided by N), or, without a stride-1 mode of size > 1,
 * every stride divided by N. N must be >= 1; marks of N are in n.stat. */
CT_FN CT_MUST_USE ct_code ct_downcast(const ct_layout *L, ct_val n, ct_layout *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_upcast(const ct_layout *L, ct_val n, ct_layout *out, ct_err *e);

#endif
