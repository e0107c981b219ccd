/* tiler.h -- the by-mode walk of a tiler <T0, T1, ...> that composition,
 * logical_divide and logical_product share (COMP-TILER, DIV-TILER,
 * PROD-TILER in spec/composition.md, spec/divide.md, spec/product.md). */
#ifndef CT_TILER_H
#define CT_TILER_H

#include "layout.h"

/* The operation applied to each mode (a switch, not a function pointer, so
 * that device code calls it directly). */
typedef enum { CT_BY_COMPOSITION, CT_BY_DIVIDE, CT_BY_PRODUCT } ct_by_mode_op;

/* op(A, T): `_` keeps A whole, a plain layout applies op to the whole of A,
 * and <T0, ..., T(r-1)> applies it mode by mode (recursing into nested
 * tilers); TOO_MANY_MODES when r > rank(A). */
CT_FN CT_MUST_USE ct_code ct_by_mode(ct_by_mode_op op, const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e);

/* The regroupings of a by-mode divide or product (DIV-6, DIV-8, PROD-6,
 * PROD-7): zipped ((tiles...), (rests..., uncovered modes...)) by
 * ct_tile_unzip, then tiled ((tiles...), rest0, rest1, ...) or flat
 * (tile0, tile1, ..., rest0, rest1, ...) by ct_tile_unpack (ref/divide.h). */
typedef enum { CT_FORM_ZIPPED, CT_FORM_TILED, CT_FORM_FLAT } ct_tile_form;
CT_FN CT_MUST_USE ct_code ct_by_mode_form(ct_by_mode_op op, ct_tile_form form, const ct_layout *A, const ct_tiler *T,
                                          ct_layout *out, ct_err *e);

/* By mode, `_` keeps the mode, a plain layout applies to the whole of A:
 * composition drops the modes of A the tiler does not cover (COMP-6), the
 * divide and the product keep them (DIV-5, PROD-5). */
CT_FN CT_MUST_USE ct_code ct_composition_tiler(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_logical_divide_tiler(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_logical_product_tiler(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e);

#endif
