/* copy_atom.h -- the thread-value (TV) layouts of the warp-level copy atoms
 * ldmatrix and stmatrix (spec/copy.md), derived from the PTX ISA's
 * description of the instructions, never from CuTe's traits.
 *
 * An atom is PTX's ldmatrix.sync.aligned.m8n8.xN[.trans].shared.b16 (st = 0)
 * or stmatrix.sync.aligned.m8n8.xN[.trans].shared.b16 (st = 1), N = 1, 2, 4
 * matrices of 8 x 8 16-bit elements. Its layouts map (thread, value) to a BIT
 * of the N matrices as stored, 1024*j + 128*row + 16*col + b (matrix j, each
 * row 16 bytes), as CuTe's Copy_Traits do (COPY-DEF): the address side (the
 * rows the lanes address: ldmatrix's source, stmatrix's destination) and the
 * register side (the fragments: ldmatrix's destination, stmatrix's source,
 * and the reference of both). */
#ifndef CT_COPY_ATOM_H
#define CT_COPY_ATOM_H

#include "layout.h"

enum { CT_COPY_SRC = 0, CT_COPY_DST = 1, CT_COPY_REF = 2 };

/* The instruction `st`: ldmatrix, stmatrix, or a one-thread copy of `num`
 * bits (trans then names its kind: CT_COPY_UNIVERSAL, CT_COPY_CP_ASYNC_CA,
 * CT_COPY_CP_ASYNC_CG, CT_COPY_TMA; COPY-DEF), or movmatrix (num 1, trans
 * 0: the transpose is the instruction's, not a form; COPY-MOVM). */
enum { CT_COPY_LDSM = 0, CT_COPY_STSM = 1, CT_COPY_ONE = 2, CT_COPY_MOVM = 3 };
/* SM100's .b8 forms (COPY-B8): ldmatrix.m16n16.xN.trans.b8 (num 1, 2: N
 * matrices of 16 x 16 bytes, two registers each) and
 * stmatrix.m16n8.xN.trans.b8 (num 1, 2, 4: N matrices of 16 x 8 bytes,
 * stored as 8 rows of 16 bytes, one register each); trans is 1. */
enum { CT_COPY_LDSM16 = 4, CT_COPY_STSM8 = 5 };
/* SM100's TMEM copies (COPY-TMEM, ref/copy_tmem.h): tcgen05.ld (registers
 * from Tensor Memory) and tcgen05.st; num is .num, trans the shape
 * (CT_TMEM_32x32b ...). */
enum { CT_COPY_TMEM_LD = 6, CT_COPY_TMEM_ST = 7 };
/* Their .pack::16b / .unpack::16b forms (CuTe's `_16b` atoms,
 * COPY-TMEM16): the same layouts, the bits in Tensor Memory elsewhere
 * (ct_tmem_addr). */
enum { CT_COPY_TMEM_LD16 = 8, CT_COPY_TMEM_ST16 = 9 };
enum { CT_COPY_UNIVERSAL = 0, CT_COPY_CP_ASYNC_CA = 1, CT_COPY_CP_ASYNC_CG = 2, CT_COPY_TMA = 3 };

/* The most bits a one-thread atom of the atlas moves (a TMA box of 2^20
 * bits, 128 KiB). */
#define CT_COPY_ONE_MAX_BITS (1 << 20)

/* The number of atoms: {ldmatrix, stmatrix} x {x1, x2, x4} x {-, .trans}
 * (movmatrix and the one-thread atoms are not among them). */
#define CT_COPY_ATOMS 12

/* The k-th atom (k taken modulo CT_COPY_ATOMS): st, num (1, 2, 4), trans. */
CT_FN void ct_copy_atom_k(int k, int *st, int *num, int *trans);

/* The .b8 atoms (COPY-B8): ldmatrix.m16n16 .x1, .x2, stmatrix.m16n8 .x1,
 * .x2, .x4; the k-th (k taken modulo CT_COPY_B8_ATOMS). */
#define CT_COPY_B8_ATOMS 5
CT_FN void ct_copy_b8_atom_k(int k, int *st, int *num, int *trans);

/* The rows of the N matrices that the address side's lanes address: 8N
 * (.m8n8, stmatrix.m16n8) or 16N (ldmatrix.m16n16); and the bits of one
 * matrix: 1024, or 2048 for ldmatrix.m16n16. */
CT_FN int ct_copy_rows(int st, int num);
CT_FN int64_t ct_copy_matrix_bits(int st);

/* ldmatrix.m16n16's tile row of the matrix row that lane i (i < 16)
 * addresses: (i % 2) + 8 * ((i / 2) % 2) + 2 * (i / 4) (COPY-B8). */
CT_FN int ct_copy_tile_row16(int i);

/* The atom's threads: 32, or 1 for a one-thread atom. */
CT_FN int ct_copy_threads(int st);

/* 1 where layout `which` (CT_COPY_SRC, _DST, _REF) of the atom is its
 * register side, 0 where it is the address side (COPY-DEF). */
CT_FN int ct_copy_is_regs(int st, int which);

/* PTX's formula: the bit that thread t moves as its value v on layout
 * `which` (COPY-5). */
CT_FN int64_t ct_copy_at(int st, int num, int trans, int which, int t, int v);

/* The values a thread has on layout `which`: 128 (one 16-byte row) on the
 * address side, 32*num (num 32-bit registers) on the register side; num
 * (the bits) for a one-thread atom. */
CT_FN int ct_copy_values(int st, int num, int which);

/* The layout `which` of the atom: PTX's formula fitted as a layout of CuTe's
 * shape and checked at every (thread, value) (NO_LAYOUT where it is not
 * one); ARG_TYPE for num other than 1, 2, 4, or a one-thread atom's width
 * that PTX or CuTe does not define (COPY-PRE). */
CT_FN CT_MUST_USE ct_code ct_copy_tv(int st, int num, int trans, int which, ct_layout *out, ct_err *e);

/* CuTe's name (SM75_U32x{1,2,4}_LDSM_N, SM75_U16x{2,4,8}_LDSM_T,
 * SM90_U32x{1,2,4}_STSM_N, SM90_U16x{2,4,8}_STSM_T; SM75_U32x1_MOVM_T as
 * (CT_COPY_MOVM, 1, 0); SM100_SU{4,6}_DU8x16_x{1,2,4}_LDSM_N as ldmatrix
 * .xN, COPY-M8N16) as (st, num, trans): 1 if it is one of these, else 0. A one-thread atom's name (the
 * cp.async and TMA operations, SM80_CP_ASYNC_CACHEALWAYS, SM90_TMA_LOAD,
 * ...): 2, st = CT_COPY_ONE and *trans its kind (its bits are an argument).
 * Host only. */
int ct_copy_by_name(const char *name, int *st, int *num, int *trans);

/* CuTe's name of a warp-level atom (st, num, trans): ldmatrix, stmatrix or
 * movmatrix (SM75_U32x1_MOVM_T); of a one-thread atom of kind `trans`, the
 * first name of that kind (UniversalCopy for CT_COPY_UNIVERSAL, whose
 * requests are its bits alone). NULL for none. Host only. */
const char *ct_copy_name(int st, int num, int trans);

/* The arguments of a copy_tv_x request for the atom (st, num, trans), as
 * spec/copy.md's syntax writes them: NAME (ldmatrix, stmatrix, movmatrix),
 * NAME, bits (cp.async, TMA), or bits (a universal copy); into buf of cap
 * bytes. 0 if the atom has no name. Host only (the requests' generators). */
int ct_copy_call_args(int st, int num, int trans, char *buf, int cap);

#endif
