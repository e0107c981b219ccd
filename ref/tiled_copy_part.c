/* tiled_copy_part.c -- a tiled copy's partitions of a tensor
 * (spec/tiled_copy.md, TCOPY-FRG): CuTe's tidfrg_S / tidfrg_D (the tensor
 * divided by the tile, the tile read through the source or destination TV
 * layout), get_slice(thr).partition_S / _D (one thread's slice of it) and
 * retile (a thread's register fragment in the copy's value order), built
 * from the same divides and compositions copy_atom.hpp names. */
#include "tiled_copy.h"

#include "coalesce.h"
#include "composition.h"
#include "construct.h"
#include "divide.h"
#include "inverse.h"
#include "product.h"
#include "rearrange.h"

/* The mode of L at path (i). */
CT_FN static ct_code ct_tcp_mode(const ct_layout *L, int i, ct_layout *out, ct_err *e) {
  return ct_l_mode(L, &i, 1, out, e);
}

/* out := (head, the top-level modes of rest...) (CuTe's slice flattening a
 * coordinate tuple of `_`: (v, (rm, rn)) read as (v, rm, rn)); a rest of
 * rank 1 is appended whole. Mode after mode (ct_l_append), no array of
 * layouts on the stack (the GPU runs this too). */
CT_FN static ct_code ct_tcp_unfold(const ct_layout *head, const ct_layout *rest, ct_layout *out, ct_err *e) {
  ct_layout m, acc;
  int i, r;
  if (rest->shape.nd[0].kind != CT_TUPLE) return ct_l_concat2(head, rest, out, e);
  r = ct_l_rank(rest);
  CT_TRY(ct_tcp_mode(rest, 0, &m, e));
  CT_TRY(ct_l_concat2(head, &m, out, e));
  for (i = 1; i < r; ++i) {
    CT_TRY(ct_tcp_mode(rest, i, &m, e));
    ct_l_copy(&acc, out);
    CT_TRY(ct_l_append(&acc, &m, out, e));
  }
  return CT_OK;
}

/* CuTe's upcast<n> of a layout of static strides (layout.hpp), leaf by
 * leaf: s:0 kept, s:d -> ceil_div(s, ceil_div(n, |d|)) : sign(d) *
 * ceil_div(|d|, n), where d divides n or n divides d (SHAPE_DIVISIBILITY
 * otherwise: CuTe's static_assert "Divisibility condition"). Not
 * recast's upcast (spec/recast.md), which keeps every index. */
CT_FN static ct_code ct_tcp_upcast(const ct_layout *L, int64_t n, ct_layout *out, ct_err *e) {
  int i;
  ct_l_copy(out, L);
  for (i = 0; i < out->shape.n; ++i) {
    int64_t s, d, a;
    if (out->shape.nd[i].kind != CT_INT) continue;
    s = out->shape.nd[i].v;
    d = out->stride.nd[i].v;
    if (d == 0) continue;
    a = d < 0 ? -d : d;
    if (a % n != 0 && n % a != 0)
      return CT_FAIL(e, CT_SHAPE_DIVISIBILITY, "retile: upcast<%lld> of stride %lld (CuTe's divisibility condition)",
                     (long long)n, (long long)d);
    out->shape.nd[i].v = ct_ceil_div(s, ct_ceil_div(n, a));
    out->stride.nd[i].v = (d < 0 ? -1 : 1) * ct_ceil_div(a, n);
  }
  return CT_OK;
}

CT_FN ct_code ct_tiled_copy_tiler(const ct_tuple *tile, ct_tiler *out, ct_err *e) {
  int hs, hd, i, r;
  if (tile->nd[0].kind != CT_TUPLE) {
    ct_l_set_int(out, tile->nd[0].v, 0, 1, 0);
    return CT_OK;
  }
  ct_t_clear(&out->shape);
  ct_t_clear(&out->stride);
  CT_TRY(ct_t_open(&out->shape, &hs, e));
  CT_TRY(ct_t_open(&out->stride, &hd, e));
  r = tile->nd[0].rank;
  for (i = 0; i < r; ++i) {
    int b = ct_t_child(tile, 0, i);
    if (tile->nd[b].kind != CT_INT) return CT_FAIL(e, CT_ARG_TYPE, "tiled copy: a tile of nested shapes");
    CT_TRY(ct_t_push_int(&out->shape, tile->nd[b].v, 0, e));
    CT_TRY(ct_t_push_int(&out->stride, 1, 0, e));
  }
  CT_TRY(ct_t_close(&out->shape, hs, e));
  CT_TRY(ct_t_close(&out->stride, hd, e));
  out->shape.nd[0].mark = 1; /* a tiler <s0:1, s1:1, ...> */
  out->stride.nd[0].mark = 1;
  return CT_OK;
}

CT_FN void ct_tiled_copy_tiler_shape(const ct_tiler *T, ct_tuple *tile) {
  *tile = T->shape; /* TCOPY-11: _C_atom's <t0, t1>, make_cotiled_copy's: (shape(t0), shape(t1), ...) */
  tile->nd[0].mark = 0;
}

CT_FN ct_code ct_tiled_copy_tidfrg(const ct_tcopy_atom *a, const ct_layout *TV, const ct_tiler *T, int which,
                                   const ct_layout *X, ct_layout *out, ct_err *e) {
  ct_layout L, Lc, Z, Z0, Z1, Y, y0, y1;
  const ct_layout *three[3];
  ct_tuple prof;
  int h;
  /* thrval2mn: the side's (thread, value) -> tile index, thread and value
   * modes coalesced as CuTe's coalesce(zip(...), (1, (1, 1))) */
  CT_TRY(ct_tiled_copy_of(a, TV, which, &L, e));
  ct_t_clear(&prof);
  CT_TRY(ct_t_open(&prof, &h, e));
  CT_TRY(ct_t_push_int(&prof, 1, 0, e));
  CT_TRY(ct_t_push_int(&prof, 1, 0, e));
  CT_TRY(ct_t_close(&prof, h, e));
  CT_TRY(ct_coalesce_profile(&L, &prof, &Lc, e));
  /* (tile, rest) of X: CuTe's zipped_divide(X, Tiler_MN) */
  CT_TRY(ct_zipped_divide(X, T, &Z, e));
  CT_TRY(ct_tcp_mode(&Z, 0, &Z0, e));
  CT_TRY(ct_tcp_mode(&Z, 1, &Z1, e));
  /* the tile read through the TV layout: tensor.compose(thrval2mn, _) */
  if (ct_composition(&Z0, &Lc, &Y, e) != CT_OK)
    return e->code == CT_OVERFLOW ? e->code
                                  : CT_FAIL(e, CT_SHAPE_DIVISIBILITY,
                                            "tiled copy: the tile of the tensor does not compose with the copy's TV "
                                            "layout (CuTe's static shape_div)");
  CT_TRY(ct_tcp_mode(&Y, 0, &y0, e));
  CT_TRY(ct_tcp_mode(&Y, 1, &y1, e));
  three[0] = &y0; /* TCOPY-8: (thread, value, rest) */
  three[1] = &y1;
  three[2] = &Z1;
  return ct_l_concat(three, 3, out, e);
}

CT_FN ct_code ct_tiled_copy_slice(const ct_layout *D, int64_t thr, ct_layout *out, int64_t *off, ct_err *e) {
  ct_layout th, va, rest;
  int64_t n;
  CT_TRY(ct_l_mode_size(D, 0, &n, e));
  if (thr < 0 || thr >= n)
    return CT_FAIL(e, CT_COORD_OUT_OF_RANGE, "tiled copy: thread %lld outside [0, %lld)", (long long)thr,
                   (long long)n);
  CT_TRY(ct_tcp_mode(D, 0, &th, e));
  CT_TRY(ct_tcp_mode(D, 1, &va, e));
  CT_TRY(ct_tcp_mode(D, 2, &rest, e));
  CT_TRY(ct_l_eval(&th, thr, off, e)); /* TCOPY-9: the slice's offset, tidfrg(thr, 0, 0) */
  return ct_tcp_unfold(&va, &rest, out, e);
}

CT_FN ct_code ct_tiled_copy_partition(const ct_tcopy_atom *a, const ct_layout *TV, const ct_tiler *T, int which,
                                      int64_t thr, const ct_layout *X, ct_layout *out, int64_t *off, ct_err *e) {
  ct_layout D;
  CT_TRY(ct_tiled_copy_tidfrg(a, TV, T, which, X, &D, e));
  return ct_tiled_copy_slice(&D, thr, out, off, e);
}

CT_FN ct_code ct_tiled_copy_slice_cl(const ct_composed *X, const ct_layout *D, int64_t thr, ct_composed *out,
                                     ct_err *e) {
  ct_layout P;
  int64_t off, o2;
  CT_TRY(ct_tiled_copy_slice(D, thr, &P, &off, e));
  ct_cl_rewrap(X, &P, out);
  if (ct_add_ovf(ct_cl_offset(X), off, &o2)) return CT_FAIL(e, CT_OVERFLOW, "tiled copy partition: offset overflows");
  ct_t_set_int(&out->offset, o2, 0); /* TCOPY-10: the slice's offset joins the composed layout's */
  return CT_OK;
}

CT_FN ct_code ct_tiled_copy_partition_cl(const ct_tcopy_atom *a, const ct_layout *TV, const ct_tiler *T, int which,
                                         int64_t thr, const ct_composed *X, ct_composed *out, ct_err *e) {
  ct_layout D;
  CT_TRY(ct_tiled_copy_tidfrg(a, TV, T, which, &X->inner, &D, e));
  return ct_tiled_copy_slice_cl(X, &D, thr, out, e);
}

CT_FN ct_code ct_tiled_copy_retile(const ct_tcopy_atom *a, const ct_layout *TV, const ct_tuple *tile,
                                   const ct_layout *F, ct_layout *out, ct_err *e) {
  ct_layout ref, R, C, W, M, Ri, Vl, P, Fv, Tt, t0, t1, Vt, m;
  const ct_layout *p0 = &Vt;
  ct_tiler T2;
  ct_tuple pe;
  int64_t T, Vr, V;
  int hs, hd, i, r;
  CT_TRY(ct_tcopy_atom_tv(a, CT_COPY_REF, &ref, e));
  CT_TRY(ct_l_mode_size(&ref, 1, &Vr, e));
  CT_TRY(ct_l_mode_size(TV, 0, &T, e));
  if (ct_l_rank(F) < 2 || F->shape.nd[0].kind != CT_TUPLE)
    return CT_FAIL(e, CT_TOO_MANY_MODES, "retile: the fragment has fewer modes than (values, tile modes...)");
  CT_TRY(ct_l_mode_size(F, 0, &V, e));
  /* frg_layout_mn = upcast<T * V>(with_shape(right_inverse(TV), tile)): (m, n) -> the V-block of the value */
  CT_TRY(ct_right_inverse(TV, &R, e));
  CT_TRY(ct_l_compact_left(tile, &C, e));
  CT_TRY(ct_composition(&R, &C, &W, e));
  CT_TRY(ct_tcp_upcast(&W, T * V, &M, e));
  /* frg_layout_v = zipped_divide(logical_product(V:1, right_inverse(frg_layout_mn)), Vr:1) */
  CT_TRY(ct_right_inverse(&M, &Ri, e));
  ct_l_set_int(&Vl, V, 0, 1, 0);
  CT_TRY(ct_logical_product(&Vl, &Ri, &P, e));
  ct_l_set_int(&Vl, Vr, 0, 1, 0);
  if (ct_zipped_divide(&P, &Vl, &Fv, e) != CT_OK)
    return e->code == CT_OVERFLOW ? e->code
                                  : CT_FAIL(e, CT_SHAPE_DIVISIBILITY,
                                            "retile: the atom's %lld values do not divide the fragment's", (long long)Vr);
  /* zipped_divide(F, (V, product_each(shape(frg_layout_mn))...)) */
  CT_TRY(ct_t_product_each(&M.shape, &pe, e));
  ct_t_clear(&T2.shape);
  ct_t_clear(&T2.stride);
  CT_TRY(ct_t_open(&T2.shape, &hs, e));
  CT_TRY(ct_t_open(&T2.stride, &hd, e));
  CT_TRY(ct_t_push_int(&T2.shape, V, 0, e));
  CT_TRY(ct_t_push_int(&T2.stride, 1, 0, e));
  r = pe.nd[0].kind == CT_TUPLE ? pe.nd[0].rank : 1;
  for (i = 0; i < r; ++i) {
    int b = pe.nd[0].kind == CT_TUPLE ? ct_t_child(&pe, 0, i) : 0;
    CT_TRY(ct_t_push_int(&T2.shape, pe.nd[b].v, 0, e));
    CT_TRY(ct_t_push_int(&T2.stride, 1, 0, e));
  }
  CT_TRY(ct_t_close(&T2.shape, hs, e));
  CT_TRY(ct_t_close(&T2.stride, hd, e));
  T2.shape.nd[0].mark = 1;
  T2.stride.nd[0].mark = 1;
  if (ct_l_rank(F) < r + 1)
    return CT_FAIL(e, CT_TOO_MANY_MODES, "retile: the fragment has %d modes, fewer than 1 + the tile's %d",
                   ct_l_rank(F), r);
  for (i = 0; i < r; ++i) { /* TCOPY-PRE: the fragment holds whole blocks of the copy's values */
    int64_t f, q = pe.nd[pe.nd[0].kind == CT_TUPLE ? ct_t_child(&pe, 0, i) : 0].v;
    CT_TRY(ct_l_mode_size(F, i + 1, &f, e));
    if (q < 1 || f % q != 0)
      return CT_FAIL(e, CT_SHAPE_DIVISIBILITY,
                     "retile: the fragment's mode %d of %lld is no multiple of the %lld tiles the copy's values span",
                     i + 1, (long long)f, (long long)q);
  }
  CT_TRY(ct_zipped_divide(F, &T2, &Tt, e));
  CT_TRY(ct_tcp_mode(&Tt, 0, &t0, e));
  CT_TRY(ct_tcp_mode(&Tt, 1, &t1, e));
  if (ct_composition(&t0, &Fv, &Vt, e) != CT_OK)
    return e->code == CT_OVERFLOW ? e->code
                                  : CT_FAIL(e, CT_SHAPE_DIVISIBILITY,
                                            "retile: the fragment's tile does not compose with the copy's value order");
  /* v_tensor(_, (0, _, ...)): the values, then the rest modes past the first */
  r = ct_l_rank(&t1);
  if (r < 2) return ct_l_concat(&p0, 1, out, e);
  CT_TRY(ct_tcp_mode(&t1, 1, &m, e));
  CT_TRY(ct_l_concat2(&Vt, &m, out, e));
  for (i = 2; i < r; ++i) {
    CT_TRY(ct_tcp_mode(&t1, i, &m, e));
    ct_l_copy(&Tt, out);
    CT_TRY(ct_l_append(&Tt, &m, out, e));
  }
  return CT_OK;
}
