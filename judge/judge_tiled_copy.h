/* judge_tiled_copy.h -- judges of spec/tiled_copy.md: TCOPY-1..TCOPY-5, the
 * post-conditions of the source or destination TV layout L (which:
 * CT_COPY_SRC, CT_COPY_DST) of a tiled copy of atom a over the tiled layout
 * TV (make_layout_tv(thr, val) or tiled_mma_x_tv(...), the reference side).
 * The atom is read from PTX's formula (ct_copy_at, ref/copy_atom.h) in
 * elements of a->bits bits, never from ref/tiled_copy.c. Each visits every
 * (thread, value) up to `bound` pairs (unchecked past it). */
#ifndef CT_JUDGE_TILED_COPY_H
#define CT_JUDGE_TILED_COPY_H

#include "judge/judge.h"
#include "ref/tiled_copy.h"

/* The largest tile TCOPY-3 counts, and atom (elements) TCOPY-2/4 tabulate. */
#define CT_TCOPY_TILE_MAX 8192
#define CT_TCOPY_ATOM_MAX 4096

/* TCOPY-1: L has two modes, TV's threads and Vx * (V / Vr) values. */
CT_FN ct_jstatus ct_judge_tcopy_1(const ct_tcopy_atom *a, const ct_layout *TV, int which, const ct_layout *L,
                                  ct_judgement *j);
/* TCOPY-2: L(ts + Ta*rt, vs + Vx*rv) is TV at the reference's holder of the
 * atom's element (ts, vs) of side `which`, in the instance (rt, rv). */
CT_FN ct_jstatus ct_judge_tcopy_2(const ct_tcopy_atom *a, const ct_layout *TV, int which, const ct_layout *L,
                                  int64_t bound, ct_judgement *j);
/* TCOPY-3: every element y < n of the tile is L(t, v) for exactly
 * (Vx / Vr) * #{TV(t, v) = y} pairs; none outside [0, n). */
CT_FN ct_jstatus ct_judge_tcopy_3(const ct_tcopy_atom *a, const ct_layout *TV, int which, const ct_layout *L,
                                  int64_t n, int64_t bound, ct_judgement *j);
/* TCOPY-4: in every atom instance, a source and a destination value of the
 * same atom element address the same element of the tile (S, D). */
CT_FN ct_jstatus ct_judge_tcopy_4(const ct_tcopy_atom *a, const ct_layout *TV, const ct_layout *S,
                                  const ct_layout *D, int64_t bound, ct_judgement *j);
/* TCOPY-5: where side `which` is the atom's reference (its register side,
 * or a one-thread atom), L == TV at every (t, v). */
CT_FN ct_jstatus ct_judge_tcopy_5(const ct_tcopy_atom *a, const ct_layout *TV, int which, const ct_layout *L,
                                  int64_t bound, ct_judgement *j);

/* TCOPY-7: make_tiled_copy_C_atom's tiled layout TV read through its tiler
 * <t0, t1> is the tiled MMA's C (the layout C) of the first Vs values of
 * each thread: t0(y % size(t0)) + M * t1(y / size(t0)) == C(t, v) for y =
 * TV(t, v), every (t, v < Vs); and t0, t1 are injective. */
CT_FN ct_jstatus ct_judge_tcopy_7(const ct_layout *C, int64_t M, int64_t Vs, const ct_layout *TV, const ct_layout *t0,
                                  const ct_layout *t1, int64_t bound, ct_judgement *j);

/* The partitions (TCOPY-8..TCOPY-11; judge/judge_tiled_copy_part.c). L is
 * the side's TV layout (judged by TCOPY-2), tile[0..rt) the tile's sizes;
 * X's element at tile element y in tile rr is X at the coordinate
 * (y_i + tile_i * rr_i)_i, y and rr colexicographic in the tile and in
 * the rest (size_i(X) / tile_i); unchecked where a tile size does not
 * divide its mode. Nothing here reads ref/tiled_copy_part.c. */
/* The most values of X the partition judges tabulate. The GPU build sets
 * less for both its halves (device/build.sh): its tables are per-thread
 * locals there, and 16384 overflowed the stack (issue 41, fourth GPU run). */
#ifndef CT_TCOPY_COVER_MAX
#define CT_TCOPY_COVER_MAX 16384
#endif
/* TCOPY-8: D (thread, value, rest) is X at L(t, v) in tile rest; the tile
 * the sizes tile[0..rt), or (tiler not 0) a tiler of layouts <t_0, ...>
 * (make_tiled_copy_C_atom's, make_cotiled_copy's), mode i of tile r at
 * t_i(y) plus the r-th origin of t_i's translates. */
CT_FN ct_jstatus ct_judge_tcopy_8(const ct_layout *L, const int64_t *tile, int rt, const ct_layout *tiler,
                                  const ct_layout *X, const ct_layout *D, int64_t bound, ct_judgement *j);
/* TCOPY-9: thread t's partition R of the tensor X (a composed layout, a
 * plain one as Sw<0,0,0> o off o P) is X at L(t, v) in tile rest, at every
 * (v, rest). */
CT_FN ct_jstatus ct_judge_tcopy_9(const ct_layout *L, const int64_t *tile, int rt, const ct_layout *tiler, int64_t t,
                                  const ct_composed *X, const ct_composed *R, int64_t bound, ct_judgement *j);
/* TCOPY-10 in three steps over cnt[CT_TCOPY_COVER_MAX]: start counts rho
 * for each of X's values (0: X too large or a value outside the table),
 * thread subtracts each value of one thread's partition R (0 on a value
 * more than X holds), end finds every count 0 (all threads seen). */
CT_FN int ct_judge_tcopy_10_start(const ct_composed *X, int64_t rho, int32_t *cnt);
CT_FN ct_jstatus ct_judge_tcopy_10_thread(const ct_composed *R, int32_t *cnt, int64_t t, ct_judgement *j);
CT_FN ct_jstatus ct_judge_tcopy_10_end(const int32_t *cnt, ct_judgement *j);
/* TCOPY-11: R = retile(F) has F's size and holds F's values, each as often
 * as F (a bijection onto the same registers where F is one). */
/* TCOPY-11 for a tiled MMA's fragment: F compact of shape (FrgV, rr*k1,
 * rc*k2), register (v, m, k) holding M(t, v + FrgV*(m % rr + rr*(k % rc)))
 * of the tile tr x tc in tile (m / rr, k / rc) (thrfrg_A/B/C's order; M
 * the MMA's TV layout of the operand, f = {FrgV, rr, rc, k1}), R =
 * retile(F), P thread t's partition (value, rest...) of the column-major
 * (tr*k1) x (tc*k2) tensor, off its offset: at every i, the register R(i)
 * holds the element P addresses, off + P(i). */
CT_FN ct_jstatus ct_judge_tcopy_11_mma(const ct_layout *M, int64_t t, const int64_t *f, int64_t tr, int64_t tc,
                                       const ct_layout *R, const ct_layout *P, int64_t off, ct_judgement *j);
/* TCOPY-12: make_cotiled_copy's tiled layout TV and tiler <t_0, ...> of
 * atom_tv over data: at every (t, v), data at the coordinate
 * (t_k(y_k))_k, y = TV(t, v) read in the tile, is atom_tv(t, v). */
CT_FN ct_jstatus ct_judge_tcopy_12(const ct_layout *atom_tv, const ct_layout *data, const ct_layout *TV,
                                   const ct_layout *tiler, int64_t bound, ct_judgement *j);
/* TCOPY-13: the tiler has data's modes, each t_k distinct coordinates of
 * data's mode k, every one of them reached by some (t, v) of TV. */
#define CT_TCOPY_SEEN_MAX 1024
CT_FN ct_jstatus ct_judge_tcopy_13(const ct_layout *data, const ct_layout *TV, const ct_layout *tiler,
                                   ct_judgement *j);
CT_FN ct_jstatus ct_judge_tcopy_11(const ct_layout *F, const ct_layout *R, ct_judgement *j);

#endif
