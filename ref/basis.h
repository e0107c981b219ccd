/* basis.h -- layouts with basis strides v@i (spec/basis.md): their values are
 * coordinate tuples, not integers (VALUE-BASIS in spec/layout.md).
 *
 * A basis stride v@(i,j) is v times the unit vector of coordinate (i,j); a
 * layout's value at c is the sum of c_k * d_k over its leaves, a tuple
 * congruent to the layout's coprofile. Along one path p the layout is an
 * ordinary integer layout, its part on p (ct_basis_part): every question
 * about values is answered path by path with the integer reference. */
#ifndef CT_BASIS_H
#define CT_BASIS_H

#include "layout.h"

CT_FN static inline int ct_l_has_basis(const ct_layout *L) { return ct_t_has_basis(&L->stride, 0); }

/* The distinct basis paths of L's strides, as basis leaves (scale 1) in
 * order of first appearance: their number. */
typedef struct {
  int n;
  ct_node p[CT_MAX_NODES];
} ct_paths;
CT_FN void ct_basis_paths(const ct_layout *L, ct_paths *out);
CT_FN int ct_basis_same_path(const ct_node *a, const ct_node *b);

/* Same value at every index below the size (EQUIV-1 in the codomain):
 * equal sizes and every part the same function (ct_l_same_function). */
CT_FN int ct_basis_same_function(const ct_layout *a, const ct_layout *b);

/* BASIS-PART: L with stride v where a leaf's stride is v@p, 0 elsewhere. */
CT_FN void ct_basis_part(const ct_layout *L, const ct_node *p, ct_layout *out);

/* make_identity_layout(shape): stride _1@(path of the leaf) at every leaf;
 * an integer shape n gives n:_1 (CuTe's E<> is _1). */
CT_FN CT_MUST_USE ct_code ct_make_identity_layout(const ct_tuple *shape, ct_layout *out, ct_err *e);

/* coprofile(L): `_0` at every coordinate of L's codomain (`_0` for integer
 * strides). coshape(L): the smallest C with every value of L below it
 * coordinate by coordinate: 1 + sum (s-1)*|v| over the leaves of each path,
 * `_1` where no leaf reaches (an integer layout: its cosize). */
CT_FN CT_MUST_USE ct_code ct_coprofile(const ct_layout *L, ct_tuple *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_coshape(const ct_layout *L, ct_tuple *out, ct_err *e);
/* cosize(L) = size(coshape(L)) (for integer strides, ct_l_cosize). */
CT_FN CT_MUST_USE ct_code ct_basis_cosize(const ct_layout *L, ct_val *out, ct_err *e);

/* L(c) for a coordinate c without `_` (LAYOUT-EVAL): a tuple congruent to
 * coprofile(L), or an integer when L has integer strides. */
CT_FN CT_MUST_USE ct_code ct_basis_eval(const ct_tuple *c, const ct_layout *L, ct_tuple *out, ct_err *e);

#endif
