/* layout.h -- Layout: a shape and a congruent stride (spec/layout.md).
 *
 * The layout function maps a coordinate c of the shape to the offset
 * sum_i c_i * d_i (LAYOUT-EVAL). Queries and the tuple-like reshaping
 * operations (concatenation, append, group, take, select, slice) live here;
 * the algebra (coalesce, composition, ...) builds on them in its own files. */
#ifndef CT_LAYOUT_H
#define CT_LAYOUT_H

#include "ct_arith.h"
#include "inttuple.h"

typedef struct {
  ct_tuple shape;
  ct_tuple stride;
} ct_layout;

/* dst := src, both trees copied node by node up to their n (ct_t_copy),
 * inline as the building primitives are (inttuple.h). */
CT_FN static inline void ct_l_copy(ct_layout *dst, const ct_layout *src) {
  ct_t_copy(&dst->shape, &src->shape);
  ct_t_copy(&dst->stride, &src->stride);
}

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
/* The size of L's top-level mode i (size<I>(L)). */
CT_FN CT_MUST_USE ct_code ct_l_mode_size(const ct_layout *L, int i, int64_t *n, ct_err *e);
/* Same walk on a bare tuple (get<I,J,...>). */
CT_FN CT_MUST_USE ct_code ct_t_get(const ct_tuple *t, const int *path, int npath, ct_tuple *out, ct_err *e);

/* crd2idx (LAYOUT-EVAL): an integer coordinate is split colexicographically
 * over the leaves below it, the last leaf keeping the rest (not reduced); a
 * tuple coordinate must match the shape's rank at that level. */
CT_FN CT_MUST_USE ct_code ct_crd2idx(const ct_tuple *c, const ct_layout *L, ct_val *out, ct_err *e);
/* ct_l_eval's answer to a basis stride (ARG_TYPE: ct_basis_eval evaluates those). */
CT_FN ct_code ct_l_eval_basis(ct_err *e);
/* L(i) is ct_crd2idx of the integer coordinate i (LAYOUT-EVAL), here in one
 * pass over the leaves, without a coordinate tuple or a list of leaves, since
 * every check evaluates layouts index by index (issue 16). Once the rest is 0
 * every later term is 0. The same errors in the same order as ct_crd2idx;
 * LAYOUT-2/integer checks the two case by case. A basis stride is noticed on
 * the way rather than by a scan before it: the scan runs only where the pass
 * could answer before reaching it (a negative i, an overflow, a stride tree
 * not of the shape's size). Inline: checks evaluate index after index, and
 * on the GPU a call per index cost more than the pass (docs/data/gpu-tuning.md,
 * twelfth step). */
CT_FN static inline CT_MUST_USE ct_code ct_l_eval(const ct_layout *L, int64_t i, int64_t *out, ct_err *e) {
  const ct_node *s = L->shape.nd, *d = L->stride.nd;
  int j, last, n = s[0].span;
  int64_t v = i, acc = 0, term;
  if ((v < 0 || d[0].span != n) && ct_t_has_basis(&L->stride, 0)) return ct_l_eval_basis(e);
  if (v < 0) return CT_FAIL(e, CT_COORD_OUT_OF_RANGE, "negative coordinate %lld", (long long)v);
  for (last = n - 1; last > 0 && s[last].kind == CT_TUPLE; --last) continue;
  for (j = 0; j < n; ++j) {
    int64_t ck = v;
    if (d[j].kind == CT_BASIS) return ct_l_eval_basis(e);
    if (s[j].kind == CT_TUPLE || v == 0) continue; /* v == 0: only the basis check is left */
    if (j != last) { /* colexicographic split; the last leaf is not reduced */
      if (v < s[j].v) v = 0; /* ck = v and nothing is left: no division */
      else if (s[j].v <= 0) /* only a layout built past the checks (0 < v, s <= 0): an error, not a division by 0 */
        return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "shape entry %lld is not positive", (long long)s[j].v);
      else ck = ct_divmod(v, s[j].v, &v);
    }
    if (ct_mul_ovf(ck, d[j].v, &term) || ct_add_ovf(acc, term, &acc))
      return ct_t_has_basis(&L->stride, 0) ? ct_l_eval_basis(e) : CT_FAIL(e, CT_OVERFLOW, "offset overflows int64");
  }
  *out = acc;
  return CT_OK;
}
/* idx2crd (LAYOUT-3): the natural coordinate of index i >= 0, the last leaf
 * not reduced (IDX2CRD). */
CT_FN CT_MUST_USE ct_code ct_idx2crd(int64_t i, const ct_tuple *shape, ct_tuple *out, ct_err *e);

/* Concatenation make_layout(L0, L1, ...): each layout becomes one mode. */
CT_FN CT_MUST_USE ct_code ct_l_concat(const ct_layout *const *ls, int n, ct_layout *out, ct_err *e);
/* make_layout(a, b): two layouts as the two modes of one. */
CT_FN CT_MUST_USE ct_code ct_l_concat2(const ct_layout *a, const ct_layout *b, ct_layout *out, ct_err *e);
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
