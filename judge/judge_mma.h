/* judge_mma.h -- judges of spec/mma.md: MMA-1..MMA-6, the post-conditions
 * of an MMA atom's thread-value layout L of operand `op` (CT_MMA_A, B, C)
 * of the atom mMnNkK with A of `bits` bits and form `form` (0, or SM70's
 * quad-pair forms: mma_atom.h, MMA-QP). Each visits every (thread, value)
 * up to `bound` pairs (unchecked past it). */
#ifndef CT_JUDGE_MMA_H
#define CT_JUDGE_MMA_H

#include "judge/judge.h"
#include "ref/mma_atom.h"

/* The largest tile a judge marks (64 x 256, wgmma's C). */
#define CT_MMA_TILE_MAX 16384

/* MMA-1: C's L is a bijection from (thread, value) onto [0, M*N). */
CT_FN ct_jstatus ct_judge_mma_1(int m, int n, int k, int bits, int form, const ct_layout *L, int64_t bound, ct_judgement *j);
/* MMA-2: A's (B's) L covers [0, M*K) ([0, N*K)) with PTX's replication:
 * once for a register fragment; for wgmma's B (shared memory) every thread
 * sees the whole tile, once per value. */
CT_FN ct_jstatus ct_judge_mma_2(int m, int n, int k, int bits, int form, int op, const ct_layout *L, int64_t bound,
                                ct_judgement *j);
/* MMA-3: L(t + T*v) is PTX's formula's element (ct_mma_frag_at) at every (t, v). */
CT_FN ct_jstatus ct_judge_mma_3(int m, int n, int k, int bits, int form, int op, const ct_layout *L, int64_t bound,
                                ct_judgement *j);
/* MMA-4: L has two modes, the threads (32; 128 for wgmma; 8 for a
 * quad-pair) and the values,
 * as many as PTX's table lists for a thread: registers x elements per register. */
CT_FN ct_jstatus ct_judge_mma_4(int m, int n, int k, int bits, int form, int op, const ct_layout *L, ct_judgement *j);

/* MMA-5: PTX's register packing. A register of A or B holds w = 32/bits > 1
 * elements consecutive along K (low to high; along M or N where a quad-pair
 * atom's A is .col or B .row, MMA-QP); C's elements come in pairs
 * consecutive along N (c0, c1; .f16x2 packs each pair in one register):
 * L(t, v + 1) is L(t, v) one step along K (N), at every v of a register but
 * its last. */
CT_FN ct_jstatus ct_judge_mma_5(int m, int n, int k, int bits, int form, int op, const ct_layout *L, int64_t bound,
                                ct_judgement *j);

/* MMA-6: L = umma_tv_x(M, N, K, ctas) of SM100's tcgen05.mma has ctas
 * "threads" (the CTAs) and is a bijection onto the operand's R x S tile
 * (A: M x K, B: N x K, C: M x N), CTA c holding exactly the rows [c R/ctas,
 * (c+1) R/ctas) of it. */
CT_FN ct_jstatus ct_judge_mma_6(int m, int n, int k, int ctas, int op, const ct_layout *L, int64_t bound,
                                ct_judgement *j);

#endif
