/* judge_partition.h -- the judges of spec/partition.md (judge/judge_partition.c).
 * Their declarations belong in judge/judge.h; they sit here while that
 * shared file is edited by others (issue 41). */
#ifndef CT_JUDGE_PARTITION_H
#define CT_JUDGE_PARTITION_H

#include "judge/judge.h"
#include "ref/tiler.h"

/* R is Z read at P, the `_` entries of P kept (PART-DEF): size(R) is the
 * product of the kept parts' sizes and R(i) == Z(P with i's colexicographic
 * digits in the kept leaves) - Z(P with 0 there), i < size(R), at most
 * `bound` indices. `id` names the post-condition. */
CT_FN ct_jstatus ct_judge_part_slice(const char *id, const ct_layout *Z, const ct_tuple *P, const ct_layout *R,
                                     int64_t bound, ct_judgement *j);
/* PART-1 (outer 0) / PART-2 (outer 1): R answers inner_partition /
 * outer_partition(L, T, c). */
CT_FN ct_jstatus ct_judge_part_1_2(int outer, const ct_layout *L, const ct_tiler *T, const ct_tuple *c,
                                   const ct_layout *R, int64_t bound, ct_judgement *j);
/* PART-5: R answers local_tile(L, T, c[, P]) (P may be 0). */
CT_FN ct_jstatus ct_judge_part_5(const ct_layout *L, const ct_tiler *T, const ct_tuple *c, const ct_tuple *P,
                                 const ct_layout *R, int64_t bound, ct_judgement *j);
/* PART-6: R answers local_partition(L, thr, idx[, P]) (P may be 0): the
 * thread's coordinate by CuTe's per-leaf (idx / d) % s, here apart from
 * ref/partition.c. */
CT_FN ct_jstatus ct_judge_part_6(const ct_layout *L, const ct_layout *thr, int64_t idx, const ct_tuple *P,
                                 const ct_layout *R, int64_t bound, ct_judgement *j);

/* PART-9: `off` answers the offset of inner_partition (which 0),
 * outer_partition (1) or local_tile (2, with P or without) of (L, T, c):
 * the zipped divide at the part's origin, computed here from Z's leaves. */
CT_FN ct_jstatus ct_judge_part_9(int which, const ct_layout *L, const ct_tiler *T, const ct_tuple *c,
                                 const ct_tuple *P, int64_t off, ct_judgement *j);
/* PART-10: `off` answers local_partition_offset(L, thr, idx[, P]), the
 * thread's coordinate by CuTe's per-leaf (idx / d) % s. */
CT_FN ct_jstatus ct_judge_part_10(const ct_layout *L, const ct_layout *thr, int64_t idx, const ct_tuple *P,
                                  int64_t off, ct_judgement *j);

/* TV-1: TV answers make_layout_tv(thr, val): size(thr) * size(val)
 * elements, and TV(t + size(thr) * v) is the tile index where thread t
 * holds value v, from the inverses of thr and val (each a bijection onto
 * [0, size), brute force, at most `bound` elements). */
CT_FN ct_jstatus ct_judge_tv_1(const ct_layout *thr, const ct_layout *val, const ct_layout *TV, int64_t bound,
                               ct_judgement *j);
/* TV-2: the tiler is (size(thr_m) * size(val_m)) over m < max(rank(thr),
 * rank(val)). */
CT_FN ct_jstatus ct_judge_tv_2(const ct_layout *thr, const ct_layout *val, const ct_tuple *tiler, ct_judgement *j);

#endif
