/* judge_tiled_mma.h -- judges of spec/tiled_mma.md: TMMA-1..TMMA-5, the
 * post-conditions of the TV layout L of operand op (CT_MMA_A, B, C) of a
 * tiled MMA t (ref/tiled_mma.h). TMMA-1..3 read only the atom's PTX
 * formula (ref/mma_atom.h), the atom layout and the permutations, never
 * ref/tiled_mma.c; TMMA-4 relates L to the tiled MMA without permutations.
 * Each visits every (thread, value) up to `bound` pairs (unchecked past it). */
#ifndef CT_JUDGE_TILED_MMA_H
#define CT_JUDGE_TILED_MMA_H

#include "judge/judge.h"
#include "ref/tiled_mma.h"

/* The largest tile a judge counts (its scratch: 8-bit counts, so a
 * replication above 255 is unchecked). */
#define CT_TMMA_TILE_MAX 16384

/* TMMA-1: C's L has every element of the M x N tile held by exactly
 * size(lay mode K) pairs (t, v): a bijection where the atom layout has no K. */
CT_FN ct_jstatus ct_judge_tmma_1(const ct_tiled_mma *t, const ct_layout *L, int64_t bound, ct_judgement *j);
/* TMMA-2: A's (B's) L holds every element of the M x K (N x K) tile
 * exactly size(lay mode N) (M) times the atom's own replication. */
CT_FN ct_jstatus ct_judge_tmma_2(const ct_tiled_mma *t, int op, const ct_layout *L, int64_t bound, ct_judgement *j);
/* TMMA-3: L(t + T*v) is the atom's PTX element of thread t % Ta, value
 * v % Va, moved to the atom at lay^-1(t / Ta) and the rest v / Va, then
 * relabelled by the permutations. */
CT_FN ct_jstatus ct_judge_tmma_3(const ct_tiled_mma *t, int op, const ct_layout *L, int64_t bound, ct_judgement *j);
/* TMMA-4: L == P o L0 at every (t, v): L0 the tiled MMA without its
 * permutations, P (r, c) -> perm_r(r) + R*perm_c(c). */
CT_FN ct_jstatus ct_judge_tmma_4(const ct_tiled_mma *t, int op, const ct_layout *L, int64_t bound, ct_judgement *j);
/* The same with the atom's TV layout given (ct_tiled_mma_tv_atom's; 0:
 * ct_mma_tv_form's), for L0. */
CT_FN ct_jstatus ct_judge_tmma_4_atom(const ct_tiled_mma *t, int op, const ct_layout *atom, const ct_layout *L,
                                      int64_t bound, ct_judgement *j);
/* TMMA-5: L has two modes, Ta * size(lay) threads and Va * (R / (dr*lr)) *
 * (C / (dc*lc)) values; the tile is (size(perm_i) or atom_i * lay_i). */
CT_FN ct_jstatus ct_judge_tmma_5(const ct_tiled_mma *t, int op, const ct_layout *L, const int64_t *tile,
                                 ct_judgement *j);

#endif
