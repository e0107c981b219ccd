/* mma_atom.h -- the thread-value (TV) layouts of the warp-level MMA atoms
 * (spec/mma.md), derived from the PTX ISA's fragment tables, never from
 * CuTe's traits.
 *
 * An atom is named as PTX names it: the shape mMnNkK and the width in bits
 * of A's elements (16: .f16/.bf16, 32: .tf32, 64: .f64, 8: .s8/.u8/.e4m3/
 * .e5m2, 4: .s4/.u4, 1: .b1), which picks the fragment table (MMA-DEF).
 * M = 64 is Hopper's warpgroup wgmma.mma_async (A from registers, B from
 * shared memory). SM70's mma.sync.m8n8k4 with .f16 A is a quad-pair atom
 * of 8 threads with a `form` (the layouts of A and B, C's type: MMA-QP).
 * Each operand's fragment is PTX's formula (lane, i) -> (row, col); its TV
 * layout is that formula fitted as a layout
 * (ref/tv_fit.h) from (thread, value) to the column-major index of CuTe's
 * tile: A m + M*k, B n + N*k, C m + M*n. */
#ifndef CT_MMA_ATOM_H
#define CT_MMA_ATOM_H

#include "layout.h"

enum { CT_MMA_A = 0, CT_MMA_B = 1, CT_MMA_C = 2 };

/* The form of an atom: 0 for every mma.sync and wgmma atom but SM70's;
 * CT_MMA_QP plus its flags for SM70's quad-pair m8n8k4 (MMA-QP): A
 * column-major (PTX's .col alayout, CuTe's N for A), B row-major (.row
 * blayout, CuTe's T for B), C and D .f32 (else .f16). */
enum { CT_MMA_QP_ACOL = 1, CT_MMA_QP_BROW = 2, CT_MMA_QP_F32 = 4, CT_MMA_QP = 8 };
/* CT_MMA_UMMA [| CT_MMA_UMMA_2SM]: SM100's tcgen05.mma of (m, n, k), k*bits
 * = 256, as a one-"thread" atom whose thread is the CTA (or the peer CTA of
 * .cta_group::2): MMA-UMMA, the atom of a tiled MMA (TMMA-UMMA). */
enum { CT_MMA_UMMA = 16, CT_MMA_UMMA_2SM = 32 };

/* One operand's fragment of one atom (MMA-DEF). */
typedef struct {
  int m, n, k, bits; /* the atom: mMnNkK, A's elements of `bits` bits */
  int op;            /* CT_MMA_A, CT_MMA_B or CT_MMA_C */
  int form;          /* 0, CT_MMA_QP and its flags (SM70's quad-pair atoms), or CT_MMA_UMMA's */
  int rows, cols;    /* its tile in CuTe's order: M x K (A), N x K (B), M x N (C) */
  int threads;       /* 32 (mma.sync), 128 (wgmma), 8 (a quad-pair) or 1, 2 (UMMA's CTAs) */
  int elems;         /* the elements PTX lists per thread (a0..a7: 8) */
  int smem;          /* 1: a wgmma operand in shared memory, no fragment */
  int nt, tshape[3]; /* the thread mode's shape: (4,8) or (4,8,4) */
  int nv, vshape[3]; /* the value mode's shape, as CuTe nests it (nv == 1: an integer) */
} ct_mma_frag;

/* The fragment of operand `op` of the atom mMnNkK with A of `bits` bits;
 * ARG_TYPE naming the atom where PTX defines none (MMA-PRE). */
CT_FN CT_MUST_USE ct_code ct_mma_frag_init(int m, int n, int k, int bits, int op, ct_mma_frag *f, ct_err *e);

/* ct_mma_frag_init of an atom of form `form` (0: as ct_mma_frag_init;
 * CT_MMA_QP | flags: SM70's m8n8k4 .f16, (m, n, k, bits) = (8, 8, 4, 16)).
 * ARG_TYPE for (8, 8, 4, 16) of form 0: the quad-pair atom needs its form.
 * CT_MMA_UMMA [| CT_MMA_UMMA_2SM]: the UMMA atom of ct_umma_tv, k*bits =
 * 256; its threads are its 1 or 2 CTAs, value v of CTA c at ct_umma_at. */
CT_FN CT_MUST_USE ct_code ct_mma_frag_init_form(int m, int n, int k, int bits, int form, int op, ct_mma_frag *f,
                                                ct_err *e);

/* PTX's formula: the (row, col) of the matrix element that thread t (lane
 * t % 32 of warp t / 32) holds as its i-th element, rows and columns as the
 * PTX table writes them (B is K x N there). MMA-3. */
CT_FN void ct_mma_frag_rc(const ct_mma_frag *f, int t, int i, int *row, int *col);

/* The index of that element in CuTe's column-major tile (m + M*k, n + N*k,
 * m + M*n). */
CT_FN int64_t ct_mma_frag_at(const ct_mma_frag *f, int t, int i);

/* The TV layout of operand `op`: ct_mma_frag_init, then ct_tv_fit. */
CT_FN CT_MUST_USE ct_code ct_mma_tv(int m, int n, int k, int bits, int op, ct_layout *out, ct_err *e);
/* The same of an atom of form `form` (ct_mma_frag_init_form). */
CT_FN CT_MUST_USE ct_code ct_mma_tv_form(int m, int n, int k, int bits, int form, int op, ct_layout *out,
                                         ct_err *e);

/* The lane of an atom's thread t: t for every atom but a quad-pair's, whose
 * thread t is lane t % 4 + 16 * (t / 4) (CuTe's ThrID (4,2):(1,16);
 * MMA-QP). */
CT_FN int ct_mma_lane(const ct_mma_frag *f, int t);

/* SM100's UMMA, tcgen05.mma (MMA-UMMA): a one-"thread" atom of the
 * CTA that issues it (ctas == 1, .cta_group::1) or of the two peer CTAs
 * (ctas == 2, .cta_group::2), its operands in shared memory (A, B) and
 * tensor memory (C): `thread` c is CTA c, holding rows [c R/ctas, (c+1)
 * R/ctas) of its operand's R x S tile (A: M x K, B: N x K, C: M x N),
 * column-major: the element at value v is row c R/ctas + v % (R/ctas),
 * column v / (R/ctas), at index row + R*col. c is taken modulo ctas. */
CT_FN int64_t ct_umma_at(int rows, int ctas, int c, int v);

/* The TV layout of operand `op` of tcgen05.mma.cta_group::ctas of M x N
 * x K (K*bits = 256: K = 8, 16, 32, 64); ARG_TYPE where PTX defines no such
 * instruction (MMA-PRE): ctas 1 with M 64 (N a multiple of 8) or 128 (N a
 * multiple of 16), ctas 2 with M 128 or 256 (N a multiple of 16), N <= 256. */
CT_FN CT_MUST_USE ct_code ct_umma_tv(int m, int n, int k, int ctas, int op, ct_layout *out, ct_err *e);

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
/* The same, SM70's SM70_8x8x4_{F16F16F16F16,F32F16F16F32}_{TN,NT,NN,TT}
 * too: *form their form (0 for the others). Host only. */
int ct_mma_by_name_form(const char *name, int *m, int *n, int *k, int *bits, int *form);

#endif
