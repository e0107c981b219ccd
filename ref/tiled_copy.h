/* tiled_copy.h -- CuTe's TiledCopy on layouts (spec/tiled_copy.md): a copy
 * atom of the atlas (spec/copy.md) read in elements of `bits` bits (CuTe's
 * Copy_Atom<Op, T>), tiled by a thread-value layout of the tile, and the
 * source and destination TV layouts its get_layoutS_TV / get_layoutD_TV
 * answer (TCOPY-DEF). The tiled layout comes from make_tiled_copy's thread
 * and value layouts (make_layout_tv, spec/partition.md) or from a tiled
 * MMA's operand (make_tiled_copy_A/_B/_C, spec/tiled_mma.md). */
#ifndef CT_TILED_COPY_H
#define CT_TILED_COPY_H

#include "composed.h"
#include "copy_atom.h"
#include "tiled_mma.h"

/* Copy_Atom<Op, T>: the atom (ref/copy_atom.h: st, num, trans) and T's bits. */
typedef struct {
  int st, num, trans;
  int bits;
} ct_tcopy_atom;

/* The atom's layout `which` (CT_COPY_SRC, _DST, _REF) in elements of
 * a->bits bits: upcast<bits> of its bit layout, checked at every (t, v)
 * to move whole elements, bit b of element w being bit bits*w + b
 * (TCOPY-PRE: ARG_TYPE where the atom's bits are no whole elements, for a
 * TMA atom, or where the atom is no atom of spec/copy.md). */
CT_FN CT_MUST_USE ct_code ct_tcopy_atom_tv(const ct_tcopy_atom *a, int which, ct_layout *out, ct_err *e);

/* The tiled copy of atom a over the tiled layout TV (thread, value) -> tile
 * index, the reference side (CuTe's TiledLayout_TV): get_layoutS_TV
 * (which == CT_COPY_SRC), get_layoutD_TV (CT_COPY_DST), or TV itself read
 * through the atom (CT_COPY_REF). ARG_TYPE where TV's threads are no
 * multiple of the atom's, or its values of the atom's reference values. */
CT_FN CT_MUST_USE ct_code ct_tiled_copy_of(const ct_tcopy_atom *a, const ct_layout *TV, int which, ct_layout *out,
                                           ct_err *e);

/* make_tiled_copy(atom, thr, val): TV = make_layout_tv(thr, val) (TV-DEF),
 * then ct_tiled_copy_of; its tile is make_layout_tv_tiler(thr, val). */
CT_FN CT_MUST_USE ct_code ct_tiled_copy_tv(const ct_tcopy_atom *a, const ct_layout *thr, const ct_layout *val,
                                           int which, ct_layout *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_tiled_copy_tile(const ct_tcopy_atom *a, const ct_layout *thr, const ct_layout *val,
                                             ct_tuple *out, ct_err *e);

/* make_tiled_copy_A/_B/_C(atom, mma): TV = tiled_mma_{a,b,c}_tv(mma)
 * (op CT_MMA_A, _B, _C), tile (M, K), (N, K), (M, N) of the tiled MMA. */
CT_FN CT_MUST_USE ct_code ct_tiled_copy_mma_tv(const ct_tcopy_atom *a, const ct_tiled_mma *t, int op, int which,
                                               ct_layout *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_tiled_copy_mma_tile(const ct_tcopy_atom *a, const ct_tiled_mma *t, int op,
                                                 ct_tuple *out, ct_err *e);

/* make_tiled_copy_C_atom(atom, mma): the smallest tiled copy of the
 * tiled MMA's C of the atom's source values a thread: W = tiled_mma_c_tv o
 * (T, Vs):(1, T) (each thread's first Vs values), the tiler <t0, t1> of the
 * rows and columns W reaches (filter((M,N):(1,0) o W), filter((M,N):(0,1) o
 * W)), *TV = left_inverse((t0, M*t1)) o W, (thread, value) -> the index of
 * the sub-tile (size(t0), size(t1)) (TCOPY-DEF). ARG_TYPE where the atom's
 * source values exceed the MMA's a thread. */
CT_FN CT_MUST_USE ct_code ct_tiled_copy_c_atom_parts(const ct_tcopy_atom *a, const ct_tiled_mma *t, ct_layout *TV,
                                                     ct_layout *t0, ct_layout *t1, ct_err *e);
/* Its side `which` (ct_tiled_copy_of of *TV). */
CT_FN CT_MUST_USE ct_code ct_tiled_copy_c_atom_tv(const ct_tcopy_atom *a, const ct_tiled_mma *t, int which,
                                                  ct_layout *out, ct_err *e);

/* make_cotiled_copy(atom, atom_tv, data) (ref/cotiled_copy.c): atom_tv
 * (thread, value) -> data address, data coordinate -> data address; *TV
 * (thread, value) -> index of the tile <t_0, ..., t_r-1> (*tiler, one
 * layout a mode of data: the coordinates of that mode atom_tv reaches),
 * TCOPY-DEF. NOT_IN_DATA where atom_tv names an address that data does
 * not hold at the coordinate left_inverse(data) gives it (TCOPY-PRE); the
 * atom is checked by the caller (ct_tiled_copy_of). */
CT_FN CT_MUST_USE ct_code ct_cotiled_copy(const ct_layout *atom_tv, const ct_layout *data, ct_layout *TV,
                                          ct_tiler *tiler, ct_err *e);

/* The tiled copy's partitions of a tensor (TCOPY-FRG; ref/tiled_copy_part.c). */

/* The tiler <s0:1, s1:1, ...> of a tile of shapes (s0, s1, ...) (CuTe's
 * Tiler_MN of make_tiled_copy), an integer s the tiler s:1. */
CT_FN CT_MUST_USE ct_code ct_tiled_copy_tiler(const ct_tuple *tile, ct_tiler *out, ct_err *e);
/* shape(Tiler_MN), the tile retile reads: the shapes of the tiler's modes,
 * (shape(t0), shape(t1), ...), nested as they are (a tiler of sizes gives
 * its sizes back; TCOPY-11). */
CT_FN void ct_tiled_copy_tiler_shape(const ct_tiler *T, ct_tuple *tile);

/* tidfrg_S (which == CT_COPY_SRC) / tidfrg_D (CT_COPY_DST) of the layout X
 * by the tiled copy of atom a over TV and its tiler T: (thread, value,
 * rest) -> X's index, X at the element ct_tiled_copy_of(a, TV, which)
 * maps (thread, value) to, in tile `rest` of zipped_divide(X, T)
 * (TCOPY-8). TOO_MANY_MODES where X has fewer modes than T;
 * SHAPE_DIVISIBILITY where the tile of X does not compose with the TV
 * layout (CuTe's static shape_div). */
CT_FN CT_MUST_USE ct_code ct_tiled_copy_tidfrg(const ct_tcopy_atom *a, const ct_layout *TV, const ct_tiler *T, int which,
                                               const ct_layout *X, ct_layout *out, ct_err *e);
/* Thread thr's slice of a tidfrg D (thread, value, rest): (value, rest_0,
 * ..., rest_{r-1}) and *off = D(thr, 0, 0), the offset the slice drops
 * (TCOPY-9). COORD_OUT_OF_RANGE where thr lies outside [0, threads). */
CT_FN CT_MUST_USE ct_code ct_tiled_copy_slice(const ct_layout *D, int64_t thr, ct_layout *out, int64_t *off,
                                              ct_err *e);
/* The slice of a composed layout X's tidfrg D (= tidfrg of X's inner
 * layout): outer o (offset + off) o slice (TCOPY-10). */
CT_FN CT_MUST_USE ct_code ct_tiled_copy_slice_cl(const ct_composed *X, const ct_layout *D, int64_t thr,
                                                 ct_composed *out, ct_err *e);
/* get_slice(thr).partition_S / _D: tidfrg sliced at thread thr, (value,
 * rest_0, ..., rest_{r-1}) with r = rank(X), and *off the offset the
 * slice drops (TCOPY-9, TCOPY-10). COORD_OUT_OF_RANGE where thr lies
 * outside [0, threads). */
CT_FN CT_MUST_USE ct_code ct_tiled_copy_partition(const ct_tcopy_atom *a, const ct_layout *TV, const ct_tiler *T,
                                                  int which, int64_t thr, const ct_layout *X, ct_layout *out,
                                                  int64_t *off, ct_err *e);
/* partition_S / _D of a tensor of a composed layout C = outer o offset o
 * inner (CuTe slices the inner layout and adds the slice's offset to C's):
 * outer o (offset + off) o partition(inner) (TCOPY-9, TCOPY-10). */
CT_FN CT_MUST_USE ct_code ct_tiled_copy_partition_cl(const ct_tcopy_atom *a, const ct_layout *TV, const ct_tiler *T,
                                                     int which, int64_t thr, const ct_composed *X, ct_composed *out,
                                                     ct_err *e);
/* retile_S == retile_D (CuTe's TiledCopy::retile) of a thread's fragment
 * layout F by the tiled copy over TV and its tile shape `tile`
 * (TCOPY-11). TOO_MANY_MODES where F has fewer than 1 + rank(tile)
 * modes, SHAPE_DIVISIBILITY where CuTe's divides fail to compile. */
CT_FN CT_MUST_USE ct_code ct_tiled_copy_retile(const ct_tcopy_atom *a, const ct_layout *TV, const ct_tuple *tile,
                                               const ct_layout *F, ct_layout *out, ct_err *e);

#endif
