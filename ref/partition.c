/* partition.c -- inner_partition, outer_partition, local_tile and
 * local_partition on a layout (spec/partition.md), as CuTe's
 * tensor_impl.hpp builds them: zipped_divide, then a slice of one of its two
 * modes (PART-DEF). The offset is the slice's (LAYOUT-6). */
#include "partition.h"

#include "composition.h"
#include "divide.h"
#include "inverse.h"
#include "product.h"
#include "rearrange.h"
#include "walk.h"

/* Pushes `_` n times as a tuple, or one `_` where n == 1 (CuTe's repeat<1>
 * is the element itself). */
CT_FN static ct_code ct_push_alls(ct_tuple *P, int n, ct_err *e) {
  int h, k;
  if (n == 1) return ct_t_push_all(P, e);
  CT_TRY(ct_t_open(P, &h, e));
  for (k = 0; k < n; ++k) CT_TRY(ct_t_push_all(P, e));
  return ct_t_close(P, h, e);
}

/* Pushes c for mode m of Z (node zm): an integer or `_` as it is; a tuple
 * appended with `_` up to the mode's rank (CuTe's append<R>(c, _)). A
 * one-element tuple for a mode that is an integer is its element (C++ does
 * not compile it; spec/partition.md, Differences). */
CT_FN static ct_code ct_push_coord(ct_tuple *P, const ct_layout *Z, int zm, const ct_tuple *c, ct_err *e) {
  int h, k, r = ct_t_rank(&Z->shape, zm), rc = ct_t_rank(c, 0);
  if (c->nd[0].kind != CT_TUPLE) return ct_t_push_sub(P, c, 0, e);
  if (rc > r)
    return CT_FAIL(e, CT_COORD_MISMATCH, "a coordinate of rank %d for a mode of rank %d", rc, r);
  if (Z->shape.nd[zm].kind != CT_TUPLE) /* () appended with `_` is (_) */
    return rc == 0 ? ct_t_push_all(P, e) : ct_t_push_sub(P, c, ct_t_child(c, 0, 0), e);
  CT_TRY(ct_t_open(P, &h, e));
  for (k = 0; k < rc; ++k) CT_TRY(ct_t_push_sub(P, c, ct_t_child(c, 0, k), e));
  for (; k < r; ++k) CT_TRY(ct_t_push_all(P, e));
  return ct_t_close(P, h, e);
}

/* Every integer entry of P inside the part of Z's shape it indexes: an
 * integer for a tuple mode indexes its size (colexicographically). */
CT_FN static ct_code ct_coord_in_range(const ct_tuple *P, const ct_layout *Z, ct_err *e) {
  ct_walker w;
  int s;
  ct_walk_begin_pair(&w, P, 0, &Z->shape, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    const ct_node *cn = &P->nd[w.at];
    ct_val n;
    if (w.pair < 0)
      return CT_FAIL(e, CT_COORD_MISMATCH, "the coordinate has more modes than the shape");
    if (s == CT_WALK_OPEN && (Z->shape.nd[w.pair].kind != CT_TUPLE || Z->shape.nd[w.pair].rank != cn->rank))
      return CT_FAIL(e, CT_COORD_MISMATCH, "a coordinate of rank %d for a mode of rank %d", cn->rank,
                     ct_t_rank(&Z->shape, w.pair));
    if (s != CT_WALK_LEAF || cn->kind != CT_INT) continue;
    CT_TRY(ct_t_product(&Z->shape, w.pair, &n, e));
    if (cn->v < 0 || cn->v >= n.v)
      return CT_FAIL(e, CT_COORD_OUT_OF_RANGE, "coordinate %lld outside a mode of size %lld", (long long)cn->v,
                     (long long)n.v);
  }
  return CT_OK;
}

CT_FN ct_code ct_partition_coord(int outer, const ct_layout *Z, const ct_tuple *c, ct_tuple *P, ct_err *e) {
  int h;
  if (Z->shape.nd[0].kind != CT_TUPLE || Z->shape.nd[0].rank != 2)
    return CT_FAIL(e, CT_ARG_TYPE, "the zipped divide is not of rank 2");
  ct_t_clear(P);
  CT_TRY(ct_t_open(P, &h, e));
  if (outer) { /* PART-2: c indexes the tile, the rest is kept */
    CT_TRY(ct_push_coord(P, Z, ct_t_child(&Z->shape, 0, 0), c, e));
    CT_TRY(ct_push_alls(P, ct_t_rank(&Z->shape, ct_t_child(&Z->shape, 0, 1)), e));
  } else { /* PART-1: the tile is kept, c indexes the rest */
    CT_TRY(ct_push_alls(P, ct_t_rank(&Z->shape, ct_t_child(&Z->shape, 0, 0)), e));
    CT_TRY(ct_push_coord(P, Z, ct_t_child(&Z->shape, 0, 1), c, e));
  }
  CT_TRY(ct_t_close(P, h, e));
  return ct_coord_in_range(P, Z, e);
}

CT_FN static ct_code ct_partition(int outer, const ct_layout *L, const ct_tiler *T, const ct_tuple *c, ct_layout *out,
                                  int64_t *off, ct_err *e) {
  ct_layout Z;
  ct_tuple P;
  int64_t o;
  CT_TRY(ct_zipped_divide(L, T, &Z, e));
  CT_TRY(ct_partition_coord(outer, &Z, c, &P, e));
  CT_TRY(ct_l_slice_offset(&P, &Z, &o, e));
  CT_TRY(ct_l_slice(&P, &Z, out, e));
  if (off) *off = o;
  return CT_OK;
}

CT_FN ct_code ct_inner_partition(const ct_layout *L, const ct_tiler *T, const ct_tuple *c, ct_layout *out,
                                 int64_t *off, ct_err *e) {
  return ct_partition(0, L, T, c, out, off, e);
}

CT_FN ct_code ct_outer_partition(const ct_layout *L, const ct_tiler *T, const ct_tuple *c, ct_layout *out,
                                 int64_t *off, ct_err *e) {
  return ct_partition(1, L, T, c, out, off, e);
}

CT_FN ct_code ct_dice_tiler(const ct_tuple *P, const ct_tiler *T, ct_tiler *out, ct_err *e) {
  int by_mode = T->shape.nd[0].kind == CT_TUPLE && T->shape.nd[0].mark;
  CT_TRY(ct_l_dice(P, T, out, e));
  if (by_mode && out->shape.nd[0].kind == CT_TUPLE) { /* still a tiler <...> (PART-5) */
    out->shape.nd[0].mark = 1;
    out->stride.nd[0].mark = 1;
  }
  return CT_OK;
}

CT_FN ct_code ct_dice_coord(const ct_tuple *P, const ct_tuple *c, ct_tuple *out, ct_err *e) {
  ct_layout C, R;
  ct_t_copy(&C.shape, c);
  ct_t_copy(&C.stride, c);
  CT_TRY(ct_l_dice(P, &C, &R, e));
  ct_t_copy(out, &R.shape);
  return CT_OK;
}

CT_FN ct_code ct_local_tile(const ct_layout *L, const ct_tiler *T, const ct_tuple *c, const ct_tuple *P,
                            ct_layout *out, int64_t *off, ct_err *e) {
  ct_tiler T2;
  ct_tuple c2;
  if (!P) return ct_inner_partition(L, T, c, out, off, e);
  CT_TRY(ct_dice_tiler(P, T, &T2, e));
  CT_TRY(ct_dice_coord(P, c, &c2, e));
  return ct_inner_partition(L, &T2, &c2, out, off, e);
}

/* The flat coordinate of idx in the leaves [b, end) of thr (one top-level
 * mode): per leaf (idx / d) % s, a size-1 leaf 0, combined colexicographically. */
CT_FN static ct_code ct_mode_coord(const ct_layout *thr, int b, int end, int64_t idx, int64_t *k, int64_t *size,
                                   ct_err *e) {
  int i;
  int64_t acc = 0, w = 1;
  for (i = b; i < end; ++i) {
    int64_t s = thr->shape.nd[i].v, d = thr->stride.nd[i].v, digit;
    if (thr->shape.nd[i].kind != CT_INT) continue;
    if (s == 1) continue; /* CuTe: "Skip potential stride-0 division" */
    if (d < 0) return CT_FAIL(e, CT_NEGATIVE_STRIDE, "thread layout stride %lld", (long long)d);
    if (d == 0) return CT_FAIL(e, CT_DIVISION_BY_ZERO, "thread layout leaf %lld:0 (idx / 0)", (long long)s);
    digit = (idx / d) % s;
    acc += digit * w; /* < size(thr), checked by the caller's size */
    w *= s;
  }
  *k = acc;
  *size = w;
  return CT_OK;
}

CT_FN ct_code ct_thr_tiler_coord(const ct_layout *thr, int64_t idx, ct_tiler *T, ct_tuple *c, ct_err *e) {
  ct_val n;
  int64_t k = 0, s = 1;
  if (idx < 0) return CT_FAIL(e, CT_COORD_OUT_OF_RANGE, "negative thread index %lld", (long long)idx);
  CT_TRY(ct_l_size(thr, &n, e)); /* OVERFLOW checked once: every mode's size is below it */
  ct_t_clear(&T->shape);
  ct_t_clear(&T->stride);
  ct_t_clear(c);
  if (thr->shape.nd[0].kind != CT_TUPLE) { /* a rank-1 thread layout: the tiler s:1, an integer coordinate */
    CT_TRY(ct_mode_coord(thr, 0, 1, idx, &k, &s, e));
    ct_l_set_int(T, s, 0, 1, 0);
    ct_t_set_int(c, k, 0);
    return CT_OK;
  } else {
    int hs, hd, hc, m, r = thr->shape.nd[0].rank;
    CT_TRY(ct_t_open(&T->shape, &hs, e));
    CT_TRY(ct_t_open(&T->stride, &hd, e));
    CT_TRY(ct_t_open(c, &hc, e));
    for (m = 0; m < r; ++m) {
      int b = ct_t_child(&thr->shape, 0, m);
      CT_TRY(ct_mode_coord(thr, b, b + thr->shape.nd[b].span, idx, &k, &s, e));
      CT_TRY(ct_t_push_int(&T->shape, s, 0, e));
      CT_TRY(ct_t_push_int(&T->stride, 1, 0, e));
      CT_TRY(ct_t_push_int(c, k, 0, e));
    }
    CT_TRY(ct_t_close(&T->shape, hs, e));
    CT_TRY(ct_t_close(&T->stride, hd, e));
    CT_TRY(ct_t_close(c, hc, e));
    T->shape.nd[0].mark = 1; /* product_each(shape(thr)): a shape, the tiler <s0:1, s1:1, ...> */
    T->stride.nd[0].mark = 1;
  }
  return CT_OK;
}

CT_FN ct_code ct_local_partition(const ct_layout *L, const ct_layout *thr, int64_t idx, const ct_tuple *P,
                                 ct_layout *out, int64_t *off, ct_err *e) {
  ct_layout t2;
  ct_tiler T;
  ct_tuple c;
  if (P) CT_TRY(ct_l_dice(P, thr, &t2, e));
  else ct_l_copy(&t2, thr);
  CT_TRY(ct_thr_tiler_coord(&t2, idx, &T, &c, e));
  return ct_outer_partition(L, &T, &c, out, off, e);
}

/* Whether L is a bijection onto [0, size(L)) (TV-DEF): its leaves of size >
 * 1, taken by increasing stride, have the strides 1, s_0, s_0*s_1, ...
 * NOT_INJECTIVE where two indices meet (a stride 0 or a stride below the
 * running product), NO_LAYOUT where the image has holes. */
CT_FN static ct_code ct_tv_compact(const ct_layout *L, const char *what, ct_err *e) {
  int used[CT_MAX_NODES], i, n = L->shape.n, k;
  int64_t want = 1;
  for (i = 0; i < n; ++i) used[i] = L->shape.nd[i].kind != CT_INT || L->shape.nd[i].v == 1;
  for (;;) {
    int best = -1;
    for (i = 0; i < n; ++i)
      if (!used[i] && (best < 0 || L->stride.nd[i].v < L->stride.nd[best].v)) best = i;
    if (best < 0) return CT_OK;
    k = best;
    used[k] = 1;
    if (L->stride.nd[k].v < 0)
      return CT_FAIL(e, CT_NO_LAYOUT, "make_layout_tv: the %s layout takes negative values (stride %lld)", what,
                     (long long)L->stride.nd[k].v);
    if (L->stride.nd[k].v < want)
      return CT_FAIL(e, CT_NOT_INJECTIVE, "make_layout_tv: the %s layout is not injective (stride %lld)", what,
                     (long long)L->stride.nd[k].v);
    if (L->stride.nd[k].v > want)
      return CT_FAIL(e, CT_NO_LAYOUT, "make_layout_tv: the %s layout is no bijection onto [0, size): %lld is no value",
                     what, (long long)want);
    if (ct_mul_ovf(want, L->shape.nd[k].v, &want)) return CT_FAIL(e, CT_OVERFLOW, "make_layout_tv: size overflows int64");
  }
}

CT_FN ct_code ct_make_layout_tv(const ct_layout *thr, const ct_layout *val, ct_layout *out, ct_err *e) {
  ct_layout M, R, B;
  ct_tuple S;
  ct_val nt, nv;
  int h;
  CT_TRY(ct_tv_compact(thr, "thread", e));
  CT_TRY(ct_tv_compact(val, "value", e));
  CT_TRY(ct_l_size(thr, &nt, e));
  CT_TRY(ct_l_size(val, &nv, e));
  CT_TRY(ct_raked_product(thr, val, &M, e)); /* (M,N) -> (thr_idx, val_idx) */
  CT_TRY(ct_right_inverse(&M, &R, e));       /* (thr_idx, val_idx) -> (M,N) */
  ct_t_clear(&S);
  CT_TRY(ct_t_open(&S, &h, e));
  CT_TRY(ct_t_push_int(&S, nt.v, 0, e));
  CT_TRY(ct_t_push_int(&S, nv.v, 0, e));
  CT_TRY(ct_t_close(&S, h, e));
  CT_TRY(ct_l_compact_left(&S, &B, e));
  return ct_composition(&R, &B, out, e); /* with_shape(R, (size(thr), size(val))) */
}

CT_FN ct_code ct_make_layout_tv_tiler(const ct_layout *thr, const ct_layout *val, ct_tuple *out, ct_err *e) {
  ct_layout M;
  CT_TRY(ct_tv_compact(thr, "thread", e));
  CT_TRY(ct_tv_compact(val, "value", e));
  CT_TRY(ct_raked_product(thr, val, &M, e));
  return ct_t_product_each(&M.shape, out, e);
}
