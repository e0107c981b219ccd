/* partition.h -- the partitioning constructions above the algebra
 * (spec/partition.md): inner_partition, outer_partition, local_tile and
 * local_partition, CuTe's tensor_impl.hpp helpers, on a layout.
 *
 * A CuTe tensor is an offset and a layout. Each function answers the
 * layout of the part and, through *off, its offset (PART-DEF): the part of
 * the coordinate that is sliced away, as `slice` and its offset do
 * (LAYOUT-6 in spec/layout.md). */
#ifndef CT_PARTITION_H
#define CT_PARTITION_H

#include "tiler.h"

/* The coordinate CuTe slices zipped_divide(L, T) with (PART-DEF):
 * inner ((_, ..., _), c appended with `_` up to the rest's rank), outer
 * (c appended with `_` up to the tile's rank, (_, ..., _)); an integer c
 * indexes the whole mode. Z is zipped_divide(L, T); COORD_MISMATCH where
 * c has more modes than the mode it indexes, COORD_OUT_OF_RANGE where an
 * entry of c lies outside its mode. */
CT_FN CT_MUST_USE ct_code ct_partition_coord(int outer, const ct_layout *Z, const ct_tuple *c, ct_tuple *P,
                                             ct_err *e);
/* The offset may be 0 (not wanted). */
CT_FN CT_MUST_USE ct_code ct_inner_partition(const ct_layout *L, const ct_tiler *T, const ct_tuple *c, ct_layout *out,
                                             int64_t *off, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_outer_partition(const ct_layout *L, const ct_tiler *T, const ct_tuple *c, ct_layout *out,
                                             int64_t *off, ct_err *e);
/* dice(P, T) on a tiler: the kept modes, still a tiler <...> where T was
 * one (PART-5). */
CT_FN CT_MUST_USE ct_code ct_dice_tiler(const ct_tuple *P, const ct_tiler *T, ct_tiler *out, ct_err *e);
/* dice(P, c) on a coordinate (`_` entries may be kept). */
CT_FN CT_MUST_USE ct_code ct_dice_coord(const ct_tuple *P, const ct_tuple *c, ct_tuple *out, ct_err *e);
/* local_tile(L, T, c[, P]): inner_partition of dice(P, T), dice(P, c)
 * (PART-5); P may be 0. */
CT_FN CT_MUST_USE ct_code ct_local_tile(const ct_layout *L, const ct_tiler *T, const ct_tuple *c, const ct_tuple *P,
                                        ct_layout *out, int64_t *off, ct_err *e);
/* The tiler product_each(shape(thr)) and CuTe's thr.get_flat_coord(idx):
 * per leaf (idx / d) % s (a size-1 leaf 0), combined colexicographically
 * inside each top-level mode (PART-6). NEGATIVE_STRIDE, DIVISION_BY_ZERO (a
 * stride-0 leaf of size > 1), COORD_OUT_OF_RANGE (idx < 0). */
CT_FN CT_MUST_USE ct_code ct_thr_tiler_coord(const ct_layout *thr, int64_t idx, ct_tiler *T, ct_tuple *c, ct_err *e);
/* local_partition(L, thr, idx[, P]): outer_partition of L by the tiler and
 * coordinate of dice(P, thr) (PART-6); P may be 0. */
CT_FN CT_MUST_USE ct_code ct_local_partition(const ct_layout *L, const ct_layout *thr, int64_t idx, const ct_tuple *P,
                                             ct_layout *out, int64_t *off, ct_err *e);

/* make_layout_tv(thr, val) (TV-DEF): the thread-value layout of a thread
 * layout and a value layout, each a bijection onto [0, size) (NOT_INJECTIVE,
 * NO_LAYOUT otherwise): with(right_inverse(raked_product(thr, val)),
 * (size(thr), size(val))), as CuTe's make_tiled_copy and the DSL's
 * make_layout_tv build it. */
CT_FN CT_MUST_USE ct_code ct_make_layout_tv(const ct_layout *thr, const ct_layout *val, ct_layout *out, ct_err *e);
/* Its tiler: product_each(shape(raked_product(thr, val))) (TV-2). */
CT_FN CT_MUST_USE ct_code ct_make_layout_tv_tiler(const ct_layout *thr, const ct_layout *val, ct_tuple *out,
                                                  ct_err *e);

#endif
