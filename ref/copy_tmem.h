/* copy_tmem.h -- the TMEM copy atoms (spec/copy.md, COPY-TMEM): PTX's
 * tcgen05.ld and tcgen05.st (PTX ISA "Tensor Memory: Data Movement Shape",
 * "Matrix fragments for shape .32x32b / .16x64b / .16x128b / .16x256b /
 * .16x32bx2") as CuTe's SM100_TMEM_LOAD_* and SM100_TMEM_STORE_* atoms. One
 * side is the Tensor Memory tile a warp moves, `lanes` lanes of W = base *
 * num bits each, counted bit W*lane + column bit; the other the registers
 * of the warp's 32 threads. */
#ifndef CT_COPY_TMEM_H
#define CT_COPY_TMEM_H

#include "layout.h"

/* The shapes (`trans` of a TMEM atom): lanes x base bits. */
enum { CT_TMEM_32x32b = 0, CT_TMEM_16x64b = 1, CT_TMEM_16x128b = 2, CT_TMEM_16x256b = 3, CT_TMEM_16x32bx2 = 4 };
#define CT_TMEM_SHAPES 5

/* The lanes (32 or 16), the base bits a lane, and the registers a thread
 * has for one repetition (.num = 1) of shape s. */
CT_FN int ct_tmem_lanes(int s);
CT_FN int ct_tmem_base_bits(int s);
CT_FN int ct_tmem_regs(int s);

/* The largest .num of shape s (PTX's Table of .num: at most 128 registers a
 * thread): 128, or 64 for .16x128b, 32 for .16x256b. */
CT_FN int ct_tmem_max_num(int s);

/* PTX's figure, as CuTe's traits read it: the TMEM bit that thread t holds
 * as its value v on the register side of shape s, .num `num`. */
CT_FN int64_t ct_tmem_reg_at(int s, int num, int t, int v);

/* The layout `which` (CT_COPY_SRC, _DST, _REF) of tcgen05.ld (ld = 1) or
 * tcgen05.st (ld = 0) of shape s and .num num: the register side fitted
 * and checked at every (t, v), the TMEM side (32, lanes*W):(0, 1) (every
 * thread names the whole tile, CuTe's convention); the reference is the
 * TMEM side of both. ARG_TYPE for a shape or .num PTX does not define. */
CT_FN CT_MUST_USE ct_code ct_tmem_tv(int ld, int s, int num, int which, ct_layout *out, ct_err *e);

/* CuTe's TMEM address of a lane's first bit, in bits (its TMEM::DP_b): the
 * lane is the address's upper 16 bits, a column 32 bits. */
#define CT_TMEM_LANE_ADDR ((int64_t)1 << 21)

/* The Tensor Memory address (bits: CT_TMEM_LANE_ADDR a lane, 32 a column)
 * of the tile's bit x = W*lane + y, W = base * num (COPY-TMEM16): lane's
 * bit y; with pack (.pack::16b of tcgen05.ld, .unpack::16b of .st) the
 * 16-bit half y / 16 of the packed lane is the low 16 bits of column y / 16,
 * so a 32-bit register's halves are two adjacent columns. */
CT_FN int64_t ct_tmem_addr(int s, int num, int pack, int64_t x);

/* That map as CuTe's ValID writes it: (W, L):(1, 2^21), or with pack
 * ((16, W/16), L):((1, 32), 2^21); checked against ct_tmem_addr at every
 * bit. ARG_TYPE as ct_tmem_tv. */
CT_FN CT_MUST_USE ct_code ct_tmem_val_id(int s, int num, int pack, ct_layout *out, ct_err *e);

/* CuTe's name SM100_TMEM_{LOAD,STORE}_{32dp32b,16dp64b,16dp128b,16dp256b,
 * 16dp32b}{N}x[_16b] as (ld, s, num, pack): 1 if it is one, else 0. Host
 * only. */
int ct_tmem_by_name(const char *name, int *ld, int *s, int *num, int *pack);
/* Its inverse: CuTe's name of (ld, s, num, pack) into buf (cap bytes).
 * Host only. */
void ct_tmem_name(int ld, int s, int num, int pack, char *buf, int cap);

#endif
