/* judge_copy.h -- judges of spec/copy.md: COPY-1..COPY-7, the
 * post-conditions of the TV layouts of a copy atom (ldmatrix, st = 0, or
 * stmatrix, st = 1, of num matrices, .trans or not; movmatrix, st = 3;
 * the one-thread atoms, st = 2). Each visits every
 * (thread, value) up to `bound` pairs (unchecked past it). */
#ifndef CT_JUDGE_COPY_H
#define CT_JUDGE_COPY_H

#include "judge/judge.h"
#include "ref/copy_atom.h"

/* The most bits an atom moves (x4: four 8 x 8 matrices of 16 bits). */
#define CT_COPY_BITS_MAX 4096

/* COPY-1: L (layout `which`) has two modes, 32 threads, and 32*num values
 * (num 32-bit registers) on the register side, 128 (one 16-byte row) on the
 * address side; a one-thread atom (st == CT_COPY_ONE) 1 thread and num bits. */
CT_FN ct_jstatus ct_judge_copy_1(int st, int num, int trans, int which, const ct_layout *L, ct_judgement *j);
/* COPY-2: the register side is a bijection from (thread, value) onto the
 * 1024*num bits of the matrices (a one-thread atom's, onto its num bits). */
CT_FN ct_jstatus ct_judge_copy_2(int st, int num, const ct_layout *L, int64_t bound, ct_judgement *j);
/* COPY-3: the address side: L(t, v) == L(t, 0) + v (a thread's 128 bits are
 * one row), lanes t < 8*num address distinct rows, every row once, and a
 * lane past them repeats lane t mod 8*num. */
CT_FN ct_jstatus ct_judge_copy_3(int st, int num, const ct_layout *L, int64_t bound, ct_judgement *j);
/* COPY-4: src, dst and ref agree in bits: ref(right_inverse(ref)(x)) == x
 * for every bit x < 1024*num, and src and dst each reach exactly those
 * bits, so that src o right_inverse(ref) and dst o right_inverse(ref) move
 * every bit the instruction moves. */
CT_FN ct_jstatus ct_judge_copy_4(int st, int num, const ct_layout *src, const ct_layout *dst, const ct_layout *ref,
                                 int64_t bound, ct_judgement *j);
/* COPY-5: L(t + 32*v) is the bit PTX's description gives thread t as its
 * value v, at every (t, v) (written in the judge, not read from ref/). */
CT_FN ct_jstatus ct_judge_copy_5(int st, int num, int trans, int which, const ct_layout *L, int64_t bound,
                                 ct_judgement *j);

/* COPY-6: movmatrix's destination `dst`, read in its source's bits (the
 * transpose), is PTX's ldmatrix .trans register fragment of one matrix. */
CT_FN ct_jstatus ct_judge_copy_6(const ct_layout *dst, int64_t bound, ct_judgement *j);

/* COPY-7: the .b8 forms (st CT_COPY_LDSM16, CT_COPY_STSM8; others hold):
 * each byte of the register side `regs` is a whole byte of a row that the
 * address side `addr` has a lane address, the one PTX's text gives the
 * lane (COPY-B8). */
CT_FN ct_jstatus ct_judge_copy_7(int st, int num, const ct_layout *addr, const ct_layout *regs, int64_t bound,
                                 ct_judgement *j);

#endif
