/* tiled_mma.h -- CuTe's make_tiled_mma on layouts (spec/tiled_mma.md): an
 * MMA atom of the atlas (spec/mma.md) repeated over an atom layout of
 * (M, N, K) and relabelled by three permutation tiles, and the thread-value
 * layouts of A, B and C over the tiled tile that CuTe's
 * get_layout{A,B,C}_TV answer (TMMA-DEF). */
#ifndef CT_TILED_MMA_H
#define CT_TILED_MMA_H

#include "mma_atom.h"

/* The largest atom layout (threads groups) and tile mode the reference
 * checks for bijectivity (TMMA-PRE): 1024 atoms, 4096 rows. */
#define CT_TMMA_ATOMS_MAX 1024
#define CT_TMMA_MODE_MAX 4096

/* make_tiled_mma(atom, lay, perm): the atom mMnNkK with A of `bits` bits
 * and form `form` (0, or CT_MMA_QP and its flags: SM70's quad-pair atoms,
 * MMA-QP; or CT_MMA_UMMA [| CT_MMA_UMMA_2SM]: SM100's UMMA, TMMA-UMMA); lay the atom layout, rank <= 3 (missing modes are 1:0); perm[i]
 * the permutation tile of mode i (M, N, K) where has_perm[i], else `_`. */
typedef struct {
  int m, n, k, bits, form;
  ct_layout lay;
  int has_perm[3];
  ct_layout perm[3];
} ct_tiled_mma;

/* Checks TMMA-PRE and pads lay to rank 3; tile[i] := the tile's M, N, K
 * (size(perm[i]), or the atom's times lay's mode). ARG_TYPE (no atom, lay
 * of rank > 3, a tile not a multiple of atom x lay), NOT_INJECTIVE (lay or
 * a permutation no bijection onto [0, size)). */
CT_FN CT_MUST_USE ct_code ct_tiled_mma_init(ct_tiled_mma *t, int64_t *tile, ct_err *e);

/* ct_tiled_mma_init without changing t: *lay := t's atom layout padded to
 * rank 3. */
CT_FN CT_MUST_USE ct_code ct_tiled_mma_check(const ct_tiled_mma *t, ct_layout *lay, int64_t *tile, ct_err *e);

/* The TV layout of operand op (CT_MMA_A, B, C) of the tiled MMA
 * (TMMA-DEF): (thread, value) -> the column-major index in the tile M x K
 * (A), N x K (B), M x N (C); TMMA-PRE's errors as ct_tiled_mma_init. */
CT_FN CT_MUST_USE ct_code ct_tiled_mma_tv(const ct_tiled_mma *t, int op, ct_layout *out, ct_err *e);
/* The same with permuted == 0: every permutation read as `_` (L0 of
 * TMMA-4; its tile is atom x lay). */
CT_FN CT_MUST_USE ct_code ct_tiled_mma_tv_of(const ct_tiled_mma *t, int op, int permuted, ct_layout *out, ct_err *e);
/* The same with the atom's TV layout of operand op given: atom is what
 * ct_mma_tv_form answers for t's atom (0: it is asked). The construction is
 * ct_tiled_mma_tv_of's, step for step; a caller that builds many tiled
 * MMAs of one atom fits the atom once (props/props_tiled_mma.c). */
CT_FN CT_MUST_USE ct_code ct_tiled_mma_tv_atom(const ct_tiled_mma *t, int op, int permuted, const ct_layout *atom,
                                               ct_layout *out, ct_err *e);

/* The two tile modes of operand op: C (M, N), A (M, K), B (N, K). */
CT_FN void ct_tiled_mma_modes(int op, int *r, int *c);

/* The threads of the tiled MMA of `atoms` atoms of Ta threads each: Ta *
 * atoms, but for a quad-pair atom (form != 0) 32 where atoms is 1 or 2 (a
 * whole warp: its other quad-pairs repeat the atoms) and 8 * atoms where
 * atoms is a multiple of 4 (TMMA-QP); a UMMA atom's Ta is its CTAs. 0 where a quad-pair atom has another
 * count of atoms (TMMA-PRE: ARG_TYPE). */
CT_FN int64_t ct_tiled_mma_threads(int form, int64_t Ta, int64_t atoms);

#endif
