/* divide.h -- logical_divide and its regroupings zipped_divide, tiled_divide,
 * flat_divide (spec/divide.md), and the regrouping helpers the products share
 * (spec/product.md). */
#ifndef CT_DIVIDE_H
#define CT_DIVIDE_H

#include "complement.h"
#include "composition.h"

/* A / B = A o (B, complement(B, size(A))) for a layout B (DIV-1). */
CT_FN CT_MUST_USE ct_code ct_logical_divide(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e);
/* ((Tiles...), (Rests..., uncovered modes...)) (DIV-6). */
CT_FN CT_MUST_USE ct_code ct_zipped_divide(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e);
/* ((Tiles...), Rest0, Rest1, ..., uncovered modes...) */
CT_FN CT_MUST_USE ct_code ct_tiled_divide(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e);
/* (Tile0, Tile1, ..., Rest0, Rest1, ..., uncovered modes...) */
CT_FN CT_MUST_USE ct_code ct_flat_divide(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e);

/* Regrouping shared with product.c. L is the result of a by-mode divide or
 * product with tiler T: at every place where T has a layout, L has a rank-2
 * mode (first, second). tile_unzip gathers the firsts into mode 0 and the
 * seconds (then L's modes T does not reach) into mode 1, following T's
 * nesting (CuTe's zip2_by). Where T has `_`, the whole mode of L is the
 * first part and _1:_0 the second. */
CT_FN CT_MUST_USE ct_code ct_tile_unzip(const ct_layout *L, const ct_tiler *T, ct_layout *out, ct_err *e);
/* For a rank-2 L = (X, Y): (X, Y_0, Y_1, ...) when unpack_first is 0,
 * (X_0, X_1, ..., Y_0, Y_1, ...) when it is 1 (an integer mode counts as its
 * own only mode). */
CT_FN CT_MUST_USE ct_code ct_tile_unpack(const ct_layout *L, int unpack_first, ct_layout *out, ct_err *e);

#endif
