/* layout.h -- Layout: a shape and a congruent stride (spec/layout.md).
 *
 * The layout function maps a coordinate c of the shape to the offset
 * sum_i c_i * d_i (LAYOUT-EVAL). Queries and the tuple-like reshaping
 * operations (concatenation, append, group, take, select, slice) live here;
 * the algebra (coalesce, composition, ...) builds on them in its own files. */
#ifndef CT_LAYOUT_H
#define CT_LAYOUT_H

#include "inttuple.h"

typedef struct {
  ct_tuple shape;
  ct_tuple stride;
} ct_layout;

/* dst := src, both trees copied node by node up to their n (ct_t_copy). */
CT_FN void ct_l_copy(ct_layout *dst, const ct_layout *src);

/* A tiler is stored as a layout whose tuple nodes written `<...>` carry
 * mark == 1 (in both trees); below an unmarked node everything is an
 * ordinary layout, and a `_` leaf (CT_ALL) means "the whole mode". */
typedef ct_layout ct_tiler;

/* Validity (LAYOUT-WF): congruent trees, integer leaves only, every shape
 * entry >= 1. */
CT_FN CT_MUST_USE ct_code ct_l_check(const ct_layout *L, ct_err *e);
/* BASIS-WF alone, on a stride tree: what the builders that put several
 * layouts' modes together check (BASIS-WF-BUILD, spec/basis.md). */
CT_FN CT_MUST_USE ct_code ct_l_check_basis(const ct_tuple *d, ct_err *e);
/* Compact column-major (LayoutLeft) / row-major (LayoutRight) strides for a
 * shape, with CuTe's static marks: a static _1 mode gets stride _0. */
CT_FN CT_MUST_USE ct_code ct_l_compact_left(const ct_tuple *shape, ct_layout *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_l_compact_right(const ct_tuple *shape, ct_layout *out, ct_err *e);
/* out := shape:stride, checked. */
CT_FN CT_MUST_USE ct_code ct_l_make(const ct_tuple *shape, const ct_tuple *stride, ct_layout *out, ct_err *e);
/* out := the integer layout s:d */
CT_FN void ct_l_set_int(ct_layout *out, int64_t s, int s_stat, int64_t d, int d_stat);

CT_FN static inline int ct_l_rank(const ct_layout *L) { return ct_t_rank(&L->shape, 0); }
CT_FN static inline int ct_l_depth(const ct_layout *L) { return ct_t_depth(&L->shape, 0); }
CT_FN CT_MUST_USE ct_code ct_l_size(const ct_layout *L, ct_val *out, ct_err *e);
/* cosize = 1 + sum over leaves (s-1)*|d| (LAYOUT-4). */
CT_FN CT_MUST_USE ct_code ct_l_cosize(const ct_layout *L, ct_val *out, ct_err *e);

/* Sub-layout at an index path (CuTe's layout<I,J,...>). */
CT_FN CT_MUST_USE ct_code ct_l_mode(const ct_layout *L, const int *path, int npath, ct_layout *out, ct_err *e);
/* Same walk on a bare tuple (get<I,J,...>). */
CT_FN CT_MUST_USE ct_code ct_t_get(const ct_tuple *t, const int *path, int npath, ct_tuple *out, ct_err *e);

/* crd2idx (LAYOUT-EVAL): an integer coordinate is split colexicographically
 * over the leaves below it, the last leaf keeping the rest (not reduced); a
 * tuple coordinate must match the shape's rank at that level. */
CT_FN CT_MUST_USE ct_code ct_crd2idx(const ct_tuple *c, const ct_layout *L, ct_val *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_l_eval(const ct_layout *L, int64_t i, int64_t *out, ct_err *e);
/* idx2crd (LAYOUT-3): the natural coordinate of index i, 0 <= i < size. */
CT_FN CT_MUST_USE ct_code ct_idx2crd(int64_t i, const ct_tuple *shape, ct_tuple *out, ct_err *e);

/* Concatenation make_layout(L0, L1, ...): each layout becomes one mode. */
CT_FN CT_MUST_USE ct_code ct_l_concat(const ct_layout *const *ls, int n, ct_layout *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_l_append(const ct_layout *L, const ct_layout *x, ct_layout *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_l_prepend(const ct_layout *L, const ct_layout *x, ct_layout *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_l_flatten(const ct_layout *L, ct_layout *out, ct_err *e);
/* Modes [b, e) become one mode. */
CT_FN CT_MUST_USE ct_code ct_l_group(const ct_layout *L, int b, int e_, ct_layout *out, ct_err *e);
/* Modes [b, e) as a tuple. */
CT_FN CT_MUST_USE ct_code ct_l_take(const ct_layout *L, int b, int e_, ct_layout *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_l_select(const ct_layout *L, const int *modes, int n, ct_layout *out, ct_err *e);
/* slice keeps the modes where c has `_` (flattened across c's nesting), dice
 * keeps the others; offset is crd2idx of c with `_` read as 0. */
CT_FN CT_MUST_USE ct_code ct_l_slice(const ct_tuple *c, const ct_layout *L, ct_layout *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_l_dice(const ct_tuple *c, const ct_layout *L, ct_layout *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_l_slice_offset(const ct_tuple *c, const ct_layout *L, int64_t *out, ct_err *e);

CT_FN int ct_l_equal(const ct_layout *a, const ct_layout *b, int with_marks);

#endif
