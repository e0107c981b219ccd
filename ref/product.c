/* product.c -- logical_product, zipped_product, tiled_product, flat_product,
 * blocked_product, raked_product, tile_to_shape (spec/product.md).
 *
 * A x B keeps A as its first mode and lays the repetitions of A out along B:
 * the second mode is A* o B, where A* = complement(A, size(A)*cosize(B)) is
 * the layout of A's repetitions, long enough for every offset B reaches
 * [CuTe]. Only concatenation, composition and complement are used, so a
 * product is admissible exactly when they are: their errors propagate
 * unchanged. */
#include "product.h"
#include "construct.h"
#include "rearrange.h"
#include "ct_arith.h"

/* PROD-1: make_layout(A, complement(A, size(A)*cosize(B)) o B). */
CT_FN ct_code ct_logical_product(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e) {
  ct_val n, c;
  int64_t m;
  ct_tuple cot;
  ct_layout rep, tiles;
  const ct_layout *parts[2];
  CT_TRY(ct_l_size(A, &n, e));
  CT_TRY(ct_l_cosize(B, &c, e));
  if (ct_mul_ovf(n.v, c.v, &m))
    return CT_FAIL(e, CT_OVERFLOW, "logical_product: size(A)*cosize(B) = %lld*%lld overflows int64", (long long)n.v,
                   (long long)c.v);
  ct_t_set_int(&cot, m, n.stat && c.stat);
  CT_TRY(ct_complement(A, &cot, &rep, e));
  CT_TRY(ct_composition(&rep, B, &tiles, e));
  parts[0] = A;
  parts[1] = &tiles;
  return ct_l_concat(parts, 2, out, e);
}

/* PROD-6, PROD-7: the regroupings of the by-mode product (ref/tiler.c). */
CT_FN ct_code ct_zipped_product(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e) {
  return ct_by_mode_form(CT_BY_PRODUCT, CT_FORM_ZIPPED, A, T, out, e);
}

CT_FN ct_code ct_tiled_product(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e) {
  return ct_by_mode_form(CT_BY_PRODUCT, CT_FORM_TILED, A, T, out, e);
}

CT_FN ct_code ct_flat_product(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e) {
  return ct_by_mode_form(CT_BY_PRODUCT, CT_FORM_FLAT, A, T, out, e);
}

/* CuTe's append<R>: _1:_0 modes until rank R (an integer layout becomes a
 * tuple when R > 1); R >= rank(L) at every call. */
CT_FN static ct_code ct_pad_rank(const ct_layout *L, int R, ct_layout *out, ct_err *e) {
  ct_layout one;
  ct_l_set_int(&one, 1, 1, 0, 1);
  return ct_l_append_n(L, R, &one, out, e); /* REARR: built in one pass */
}

/* BLK-2 / RAKE-2: P = logical_product(A', B') = (A', B*); mode k of the result
 * is (A'_k, B*_k) (blocked) or (B*_k, A'_k) (raked), as CuTe C++ builds it
 * (no coalescing: the pair keeps both coordinates). With R == 1 the one mode
 * pairs A' and B* whole. */
CT_FN static ct_code ct_rank_product(const ct_layout *A, const ct_layout *B, int raked, ct_layout *out, ct_err *e) {
  int R = ct_l_rank(A) > ct_l_rank(B) ? ct_l_rank(A) : ct_l_rank(B);
  int k, hs, hd, ps, pd;
  ct_layout Ap, Bp, P, Z;
  CT_TRY(ct_pad_rank(A, R, &Ap, e));
  CT_TRY(ct_pad_rank(B, R, &Bp, e));
  CT_TRY(ct_logical_product(&Ap, &Bp, &P, e));
  ct_t_clear(&Z.shape);
  ct_t_clear(&Z.stride);
  CT_TRY(ct_t_open(&Z.shape, &hs, e));
  CT_TRY(ct_t_open(&Z.stride, &hd, e));
  for (k = 0; k < R; ++k) {
    int part[2], j;
    for (j = 0; j < 2; ++j) {
      int im = ct_t_child(&P.shape, 0, j);
      part[j] = R == 1 ? im : ct_t_mode(&P.shape, im, k);
      if (part[j] < 0) /* ct_pad_rank gave A' and B* rank R; only a broken pad gets here */
        return CT_FAIL(e, CT_INDEX_OUT_OF_RANGE, "%s: part %d of the product has no mode %d",
                       raked ? "raked_product" : "blocked_product", j, k);
    }
    CT_TRY(ct_t_open(&Z.shape, &ps, e));
    CT_TRY(ct_t_open(&Z.stride, &pd, e));
    for (j = 0; j < 2; ++j) {
      int i = part[raked ? 1 - j : j];
      CT_TRY(ct_t_push_sub(&Z.shape, &P.shape, i, e));
      CT_TRY(ct_t_push_sub(&Z.stride, &P.stride, i, e));
    }
    CT_TRY(ct_t_close(&Z.shape, ps, e));
    CT_TRY(ct_t_close(&Z.stride, pd, e));
  }
  CT_TRY(ct_t_close(&Z.shape, hs, e));
  CT_TRY(ct_t_close(&Z.stride, hd, e));
  ct_l_copy(out, &Z);
  return CT_OK;
}

CT_FN ct_code ct_blocked_product(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e) {
  return ct_rank_product(A, B, 0, out, e);
}

CT_FN ct_code ct_raked_product(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e) {
  return ct_rank_product(A, B, 1, out, e);
}

/* TILE-1: the tile counts target_k / size(block_k), laid out column-major (or
 * in `order`), blocked_product'ed with the padded block. */
CT_FN ct_code ct_tile_to_shape(const ct_layout *block, const ct_tuple *target, const ct_tuple *order, ct_layout *out,
                               ct_err *e) {
  int R = ct_t_rank(target, 0), k, h = 0;
  ct_layout Bp, tiles;
  ct_tuple counts;
  if (ct_t_has_all(target, 0)) return CT_FAIL(e, CT_ARG_TYPE, "tile_to_shape: the target shape contains `_`");
  if (ct_l_rank(block) > R)
    return CT_FAIL(e, CT_TOO_MANY_MODES, "tile_to_shape: the block has %d modes, the target shape only %d",
                   ct_l_rank(block), R);
  CT_TRY(ct_pad_rank(block, R, &Bp, e));
  ct_t_clear(&counts);
  if (target->nd[0].kind == CT_TUPLE) CT_TRY(ct_t_open(&counts, &h, e));
  for (k = 0; k < R; ++k) {
    ct_val b, t;
    int j;
    int it = ct_t_mode(target, 0, k);
    for (j = it; j < it + target->nd[it].span; ++j)
      if (target->nd[j].kind == CT_INT && target->nd[j].v <= 0)
        return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "tile_to_shape: target shape entry %lld is not positive",
                       (long long)target->nd[j].v);
    j = ct_t_mode(&Bp.shape, 0, k);
    if (j < 0) /* ct_pad_rank gave the block rank R; only a broken pad gets here */
      return CT_FAIL(e, CT_INDEX_OUT_OF_RANGE, "tile_to_shape: the padded block has no mode %d", k);
    CT_TRY(ct_t_product(&Bp.shape, j, &b, e));
    CT_TRY(ct_t_product(target, it, &t, e));
    if (t.v % b.v != 0)
      return CT_FAIL(e, CT_NOT_DIVISIBLE,
                     "tile_to_shape: block shape does not divide the target shape: mode %d of the block has size %lld, "
                     "the target %lld",
                     k, (long long)b.v, (long long)t.v);
    CT_TRY(ct_t_push_int(&counts, t.v / b.v, b.stat && t.stat, e));
  }
  if (target->nd[0].kind == CT_TUPLE) CT_TRY(ct_t_close(&counts, h, e));
  if (order) CT_TRY(ct_make_ordered_layout(&counts, order, &tiles, e)); /* copies in the given mode order */
  else CT_TRY(ct_l_compact_left(&counts, &tiles, e));                   /* column-major (LayoutLeft) */
  return ct_blocked_product(&Bp, &tiles, out, e);
}
