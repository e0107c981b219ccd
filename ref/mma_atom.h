/* mma_atom.h -- the thread-value (TV) layouts of the warp-level MMA atoms
 * (spec/mma.md), derived from the PTX ISA's fragment tables, never from
 * CuTe's traits.
 *
 * An atom is named as PTX names it: the shape mMnNkK and the width in bits
 * of A's elements (16: .f16/.bf16, 32: .tf32, 64: .f64, 8: .s8/.u8/.e4m3/
 * .e5m2, 4: .s4/.u4, 1: .b1), which picks the fragment table (MMA-DEF).
 * M = 64 is Hopper's warpgroup wgmma.mma_async (A from registers, B from
 * shared memory). Each operand's fragment is PTX's formula (lane, i) ->
 * (row, col); its TV layout is that formula fitted as a layout
 * (ref/tv_fit.h) from (thread, value) to the column-major index of CuTe's
 * tile: A m + M*k, B n + N*k, C m + M*n. */
#ifndef CT_MMA_ATOM_H
#define CT_MMA_ATOM_H

#include "layout.h"

enum { CT_MMA_A = 0, CT_MMA_B = 1, CT_MMA_C = 2 };

/* One operand's fragment of one atom (MMA-DEF). */
typedef struct {
  int m, n, k, bits; /* the atom: mMnNkK, A's elements of `bits` bits */
  int op;            /* CT_MMA_A, CT_MMA_B or CT_MMA_C */
  int rows, cols;    /* its tile in CuTe's order: M x K (A), N x K (B), M x N (C) */
  int threads;       /* 32 (mma.sync) or 128 (wgmma) */
  int elems;         /* the elements PTX lists per thread (a0..a7: 8) */
  int smem;          /* 1: a wgmma operand in shared memory, no fragment */
  int nt, tshape[3]; /* the thread mode's shape: (4,8) or (4,8,4) */
  int nv, vshape[3]; /* the value mode's shape, as CuTe nests it (nv == 1: an integer) */
} ct_mma_frag;

/* The fragment of operand `op` of the atom mMnNkK with A of `bits` bits;
 * ARG_TYPE naming the atom where PTX defines none (MMA-PRE). */
CT_FN CT_MUST_USE ct_code ct_mma_frag_init(int m, int n, int k, int bits, int op, ct_mma_frag *f, ct_err *e);

/* PTX's formula: the (row, col) of the matrix element that thread t (lane
 * t % 32 of warp t / 32) holds as its i-th element, rows and columns as the
 * PTX table writes them (B is K x N there). MMA-3. */
CT_FN void ct_mma_frag_rc(const ct_mma_frag *f, int t, int i, int *row, int *col);

/* The index of that element in CuTe's column-major tile (m + M*k, n + N*k,
 * m + M*n). */
CT_FN int64_t ct_mma_frag_at(const ct_mma_frag *f, int t, int i);

/* The TV layout of operand `op`: ct_mma_frag_init, then ct_tv_fit. */
CT_FN CT_MUST_USE ct_code ct_mma_tv(int m, int n, int k, int bits, int op, ct_layout *out, ct_err *e);

/* The PTX shapes of mma.sync the atlas covers, as (M, N, K, bits), for
 * generators that pick one: the k-th of CT_MMA_SYNC_SHAPES (k taken modulo
 * their number). A wgmma atom is (64, N, 256/bits, bits), N = 8, 16, .., 256,
 * bits 32, 16 or 8. */
#define CT_MMA_SYNC_SHAPES 17
CT_FN void ct_mma_sync_shape(int k, int *m, int *n, int *kk, int *bits);

/* CuTe's name of an atom (SM75_/SM80_16x8x16_F16F16F16F16_TN, SM89_16x8x32_...,
 * SM90_16x8x8_F64F64F64F64_TN, SM90_64x128x16_F32F16F16_RS, ...) as
 * (M, N, K, bits): 1 if it is one the atlas covers, else 0. Host only. */
int ct_mma_by_name(const char *name, int *m, int *n, int *k, int *bits);

#endif
