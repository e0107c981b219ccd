/* judge_tmem.h -- judges of spec/copy.md's TMEM atoms (COPY-TMEM):
 * COPY-8 (the structure: the TMEM side names the whole tile from every
 * thread, the register side is a bijection onto it of whole 32-bit
 * columns) and COPY-9 (PTX's figure at every (thread, value), written here
 * apart from ref/copy_tmem.c), COPY-10 (the Tensor Memory addresses,
 * .pack::16b's included). ld: tcgen05.ld (1) or .st (0); s the shape
 * (ref/copy_tmem.h), num its .num. */
#ifndef CT_JUDGE_TMEM_H
#define CT_JUDGE_TMEM_H

#include "judge/judge.h"
#include "ref/copy_tmem.h"
#include "ref/copy_utccp.h"

/* The most TMEM bits the judges mark (.16x256b.x8: 16 lanes of 2048 bits). */
#define CT_TMEM_BITS_MAX 32768

/* COPY-8: src, dst, ref of the atom (ld, s, num). */
CT_FN ct_jstatus ct_judge_copy_8(int ld, int s, int num, const ct_layout *src, const ct_layout *dst,
                                 const ct_layout *ref, ct_judgement *j);
/* COPY-9: the register side `regs` is PTX's figure of shape s at every (t, v). */
CT_FN ct_jstatus ct_judge_copy_9(int s, int num, const ct_layout *regs, int64_t bound, ct_judgement *j);

/* COPY-10: the TMEM address of each register bit, the register side
 * `regs` read through `addr` (ct_tmem_val_id: bit of the tile -> Tensor
 * Memory address, CT_TMEM_LANE_ADDR a lane), is PTX's: the lane and column
 * of COPY-9's figure, or with pack (.pack::16b / .unpack::16b) the low 16
 * bits of the columns 2c and 2c + 1 for the two halves of a register. */
CT_FN ct_jstatus ct_judge_copy_10(int s, int num, int pack, const ct_layout *regs, const ct_layout *addr, int64_t bound,
                                  ct_judgement *j);

/* COPY-11: tcgen05.cp's addresses `addr` (copy_tmem_addr of an
 * SM100_UTCCP_* atom, ref/copy_utccp.h's shape s) are PTX's: every row's
 * copies on the lanes and warps its shape and multicast name, each lane
 * once; row r0's bits, and bit y0 of every row, in the lane's columns in
 * order. */
CT_FN ct_jstatus ct_judge_copy_11(int s, const ct_layout *addr, int r0, int y0, ct_judgement *j);

#endif
