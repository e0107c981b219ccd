/* product.h -- logical_product and its regroupings, blocked_product,
 * raked_product, tile_to_shape (spec/product.md). */
#ifndef CT_PRODUCT_H
#define CT_PRODUCT_H

#include "divide.h"

/* A x B = (A, complement(A, size(A)*cosize(B)) o B) for a layout B (PROD-1). */
CT_FN CT_MUST_USE ct_code ct_logical_product(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e);
/* ((Blocks...), (Tiles..., uncovered modes...)) (PROD-6). */
CT_FN CT_MUST_USE ct_code ct_zipped_product(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e);
/* ((Blocks...), Tile0, Tile1, ..., uncovered modes...) */
CT_FN CT_MUST_USE ct_code ct_tiled_product(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e);
/* (Block0, Block1, ..., Tile0, Tile1, ..., uncovered modes...) */
CT_FN CT_MUST_USE ct_code ct_flat_product(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e);

/* Rank-sensitive products: both layouts padded with _1:_0 modes to rank
 * R = max(rank A, rank B), multiplied, and mode k of the result made of mode k
 * of A and mode k of the copies: (A_k, B*_k) for blocked (BLK-2), (B*_k, A_k)
 * for raked (RAKE-2). */
CT_FN CT_MUST_USE ct_code ct_blocked_product(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_raked_product(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e);

/* blocked_product of block (padded to rank(target)) with the layout of the
 * copies, target/shape(block) mode by mode (TILE-1): make_ordered_layout of
 * those counts with `order`, or column-major when order is NULL. */
CT_FN CT_MUST_USE ct_code ct_tile_to_shape(const ct_layout *block, const ct_tuple *target, const ct_tuple *order, ct_layout *out,
                               ct_err *e);

#endif
