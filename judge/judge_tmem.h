/* judge_tmem.h -- judges of spec/copy.md's TMEM atoms (COPY-TMEM):
 * COPY-8 (the structure: the TMEM side names the whole tile from every
 * thread, the register side is a bijection onto it of whole 32-bit
 * columns) and COPY-9 (PTX's figure at every (thread, value), written here
 * apart from ref/copy_tmem.c). ld: tcgen05.ld (1) or .st (0); s the shape
 * (ref/copy_tmem.h), num its .num. */
#ifndef CT_JUDGE_TMEM_H
#define CT_JUDGE_TMEM_H

#include "judge/judge.h"
#include "ref/copy_tmem.h"

/* The most TMEM bits the judges mark (.16x256b.x8: 16 lanes of 2048 bits). */
#define CT_TMEM_BITS_MAX 32768

/* COPY-8: src, dst, ref of the atom (ld, s, num). */
CT_FN ct_jstatus ct_judge_copy_8(int ld, int s, int num, const ct_layout *src, const ct_layout *dst,
                                 const ct_layout *ref, ct_judgement *j);
/* COPY-9: the register side `regs` is PTX's figure of shape s at every (t, v). */
CT_FN ct_jstatus ct_judge_copy_9(int s, int num, const ct_layout *regs, int64_t bound, ct_judgement *j);

#endif
