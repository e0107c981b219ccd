/* props_tiled_mma.c -- properties of spec/tiled_mma.md: TMMA-1..TMMA-5 on
 * tiled MMAs of every atom of the atlas (ct_case_mma; a quarter of them
 * SM70's quad-pair atoms, TMMA-QP, an eighth SM100's UMMA atoms, TMMA-UMMA:
 * ct_case_tiled_mma_qp), atom layouts of up to 8 atoms (4 of UMMA) and
 * permutation tiles of M, N or K (an interleaving, M's tile twice the atom
 * layout's); and TMMA-PRE's errors. */
#include "judge/judge_tiled_mma.h"
#include "props/props.h"
#include "props/props_list.h"
#include "props/props_mma.h"
#include "props/props_tiled_mma.h"

/* The largest (thread, value) count a property visits: an atom layout of
 * 8 atoms of 16 x 8 x 256 (b1) A, 256 x 512 pairs. */
#define CT_TMMA_BOUND ((int64_t)1 << 18)

/* a:b as the layout's tuple of three modes (s0, s1, s2):(d0, d1, d2). */
CT_FN static void ct_tm_lay3(ct_layout *L, const int64_t *s, const int64_t *d) {
  ct_err e;
  int h, i;
  ct_t_clear(&L->shape);
  ct_t_clear(&L->stride);
  if (ct_t_open(&L->shape, &h, &e) != CT_OK) return;
  for (i = 0; i < 3; ++i)
    if (ct_t_push_int(&L->shape, s[i], 1, &e) != CT_OK) return;
  if (ct_t_close(&L->shape, h, &e) != CT_OK) return;
  if (ct_t_open(&L->stride, &h, &e) != CT_OK) return;
  for (i = 0; i < 3; ++i)
    if (ct_t_push_int(&L->stride, d[i], 1, &e) != CT_OK) return;
  if (ct_t_close(&L->stride, h, &e) != CT_OK) return;
}

/* (a, b):(b, 1) or (a, b):(2, 1) etc.: the two-mode layout s0:d0, s1:d1. */
CT_FN static void ct_tm_lay2(ct_layout *L, int64_t s0, int64_t d0, int64_t s1, int64_t d1) {
  ct_layout a, b;
  ct_err e;
  ct_l_set_int(&a, s0, 1, d0, 1);
  ct_l_set_int(&b, s1, 1, d1, 1);
  if (ct_l_concat2(&a, &b, L, &e) != CT_OK) ct_l_set_int(L, 1, 1, 0, 1);
}

/* The atom layout and permutations of the case (k0) for t's atom. */
CT_FN static void ct_tm_draw(const ct_case *c, ct_tiled_mma *t) {
  uint64_t h = ct_mix64((uint64_t)c->k[0] * 2654435761u + 17u);
  int64_t s[3], d[3], dm, dn;
  int i;
  s[0] = (int64_t)1 << (h % 3);
  s[1] = (int64_t)1 << ((h / 3) % 3);
  s[2] = (int64_t)1 << ((h / 9) % 2);
  while (s[0] * s[1] * s[2] > 8) s[1] /= 2; /* at most 8 atoms: 8 warps */
  while ((t->form & CT_MMA_UMMA) && s[0] * s[1] * s[2] > 4) { /* UMMA: at most 4 atoms, tiles the judges check */
    if (s[1] > 1) s[1] /= 2;
    else s[0] /= 2;
  }
  if (t->m == 64 && !(t->form & CT_MMA_UMMA)) { /* a warpgroup atom: 1 or 2 along M */
    s[0] = (int64_t)1 + (int64_t)(h % 2);
    s[1] = s[2] = 1;
  }
  if ((h / 18) % 2) { /* row-major: M slowest */
    d[2] = 1;
    d[1] = s[2];
    d[0] = s[1] * s[2];
  } else {
    d[0] = 1;
    d[1] = s[0];
    d[2] = s[0] * s[1];
  }
  for (i = 0; i < 3; ++i)
    if (s[i] == 1) d[i] = 0;
  ct_tm_lay3(&t->lay, s, d);
  dm = t->m * s[0];
  dn = t->n * s[1];
  t->has_perm[0] = t->has_perm[1] = t->has_perm[2] = 0;
  switch ((h / 36) % 5) {
  case 1: /* M: two tiles interleaved row by row, (dm, 2):(2, 1) */
    ct_tm_lay2(&t->perm[0], dm, 2, 2, 1);
    t->has_perm[0] = 1;
    break;
  case 2: /* N: the columns transposed, (dn/8 or 1, ..):(.., 1) */
    if (dn % 8 == 0 && dn > 8) {
      ct_tm_lay2(&t->perm[1], 8, dn / 8, dn / 8, 1);
      t->has_perm[1] = 1;
    }
    break;
  case 3: /* K: two halves interleaved, (dk/2, 2):(2, 1) */
    if ((t->k * s[2]) % 2 == 0) {
      ct_tm_lay2(&t->perm[2], t->k * s[2] / 2, 2, 2, 1);
      t->has_perm[2] = 1;
    }
    break;
  case 4: /* M repeated past the atom layout: the tile 2 dm, the identity */
    ct_l_set_int(&t->perm[0], 2 * dm, 1, 1, 1);
    t->has_perm[0] = 1;
    break;
  default:
    break;
  }
}

CT_FN void ct_case_tiled_mma(const ct_case *c, ct_tiled_mma *t, int *op) {
  ct_case_mma(c, &t->m, &t->n, &t->k, &t->bits, op);
  t->form = 0;
  ct_tm_draw(c, t);
}

/* The hash that picks a case's atom family (the case's own, SM70's
 * quad-pair or SM100's UMMA), which ct_case_tiled_mma_qp and the
 * ct_case_tiled_mma_sm70 it calls both read. */
CT_FN static uint64_t ct_tm_atom_hash(const ct_case *c) {
  return ct_mix64((uint64_t)c->k[0] * 7919u + (uint64_t)c->k[1] * 131u + 71u);
}

/* ct_case_tiled_mma, but a quarter of the cases take SM70's quad-pair atom
 * instead, each of its eight forms alike (MMA-QP), with the case's atom
 * layout and permutations drawn for it (ct_case_tiled_mma, which the
 * requests' generators share, keeps to atoms that (M, N, K, bits) names). */
CT_FN void ct_case_tiled_mma_sm70(const ct_case *c, ct_tiled_mma *t, int *op) {
  uint64_t h = ct_tm_atom_hash(c);
  if (h % 4 != 0) {
    ct_case_tiled_mma(c, t, op);
    return;
  }
  t->m = t->n = 8;
  t->k = 4;
  t->bits = 16;
  t->form = CT_MMA_QP | (int)((h / 4) % 8);
  *op = (int)((h / 32) % 3);
  ct_tm_draw(c, t);
}

/* ct_case_tiled_mma_sm70, but an eighth of the cases take SM100's UMMA atom
 * (TMMA-UMMA): one CTA's M 64 (N 8 or 16, K 8, 16 or 32) or a 2x1SM atom's
 * M 128 (N 16 or 32, K 8 or 16), small enough that the judges visit every
 * (thread, value) pair; the atom layout (1, 2, 4 or 8 atoms; 4 for UMMA)
 * and permutations are the case's, drawn for the atom. */
CT_FN static void ct_case_tiled_mma_qp(const ct_case *c, ct_tiled_mma *t, int *op) {
  uint64_t h = ct_tm_atom_hash(c);
  if (h % 8 == 1) { /* TMMA-UMMA */
    int two = (int)((h / 8) % 2);
    t->m = two ? 128 : 64;
    t->n = (two ? 16 : 8) << ((h / 16) % 2);
    t->k = 8 << ((h / 32) % (two ? 2 : 3));
    t->bits = 256 / t->k;
    t->form = CT_MMA_UMMA | (two ? CT_MMA_UMMA_2SM : 0);
    *op = (int)((h / 96) % 3);
    ct_tm_draw(c, t);
    return;
  }
  ct_case_tiled_mma_sm70(c, t, op);
}

#if !CT_ON_DEVICE
#include <string.h>
#ifdef CT_WITH_MUTANTS
extern int ct_active_mutant; /* a mutant's atom is its own (mutants/ct_mutant.h) */
#define CT_TM_MUTANT ct_active_mutant
#else
#define CT_TM_MUTANT 0
#endif
/* The atoms' TV layouts, ct_mma_tv_form's answers, each asked once in a
 * process and kept: fitting an atom checks PTX's formula at every (thread,
 * value) of it (ref/tv_fit.c), the same work for each case of one atom,
 * and it was 75 to 93% of TMMA-2..4's time (perf record of check --only TMMA-2).
 * Keyed by all that ct_mma_tv_form reads, and the active mutant. */
#define CT_TM_MEMO 512
static struct {
  int key[7];
  ct_layout L;
} ct_tm_memo[CT_TM_MEMO];
static int ct_tm_memo_n;
#endif

/* ct_mma_tv_form's answer for t's atom and operand op, kept; 0 where none
 * is kept (a full memo, an atom it rejects, the device): the caller's
 * ct_tiled_mma_tv_atom then asks ct_mma_tv_form itself, errors and all. */
CT_FN static const ct_layout *ct_tm_atom_tv(const ct_tiled_mma *t, int op) {
#if CT_ON_DEVICE
  (void)t;
  (void)op;
  return 0;
#else
  int key[7], i;
  ct_err e;
  key[0] = t->m, key[1] = t->n, key[2] = t->k, key[3] = t->bits, key[4] = t->form, key[5] = op;
  key[6] = CT_TM_MUTANT;
  for (i = 0; i < ct_tm_memo_n; ++i)
    if (memcmp(ct_tm_memo[i].key, key, sizeof key) == 0) return &ct_tm_memo[i].L;
  if (ct_tm_memo_n == CT_TM_MEMO ||
      ct_mma_tv_form(t->m, t->n, t->k, t->bits, t->form, op, &ct_tm_memo[ct_tm_memo_n].L, &e) != CT_OK)
    return 0;
  memcpy(ct_tm_memo[ct_tm_memo_n].key, key, sizeof key);
  return &ct_tm_memo[ct_tm_memo_n++].L;
#endif
}

/* The case's tiled MMA and operand (op >= 0: that one), built from its
 * atom's kept TV layout (ct_tm_atom_tv). */
CT_FN static int ct_tm_of_case(const ct_case *c, int op, ct_tiled_mma *t, int *o_op, ct_layout *L, ct_outcome *o) {
  ct_err e;
  ct_case_tiled_mma_qp(c, t, o_op);
  if (op >= 0) *o_op = op;
  o->digest = ct_mix64((uint64_t)(t->m + 128 * t->n + 65536 * t->k) * 64u + (uint64_t)t->bits * 4u + (uint64_t)*o_op +
                       (uint64_t)t->form * 131071u);
  if (ct_tiled_mma_tv_atom(t, *o_op, 1, ct_tm_atom_tv(t, *o_op), L, &e) != CT_OK) {
    CT_FAILS(o, "tiled_mma_%c_tv((%d, %d, %d, %d), ...) rejected: %s", "abc"[*o_op], t->m, t->n, t->k, t->bits, e.msg);
    return 0;
  }
  return 1;
}

/* TMMA-1: C is held by exactly size(lay mode K) pairs per element. */
CT_FN void ct_p_tmma_1(const ct_case *c, ct_outcome *o) {
  ct_tiled_mma t;
  ct_layout L;
  ct_judgement j;
  int op;
  if (!ct_tm_of_case(c, CT_MMA_C, &t, &op, &L, o)) return;
  ct_judge_tmma_1(&t, &L, CT_TMMA_BOUND, &j);
  ct_judged(&j, o);
}

/* TMMA-2: A (B) replicated exactly along lay's N (M) and the atom's own. */
CT_FN void ct_p_tmma_2(const ct_case *c, ct_outcome *o) {
  ct_tiled_mma t;
  ct_layout L;
  ct_judgement j;
  int op;
  if (!ct_tm_of_case(c, (int)(c->k[1] & 1), &t, &op, &L, o)) return;
  ct_judge_tmma_2(&t, op, &L, CT_TMMA_BOUND, &j);
  ct_judged(&j, o);
}

/* TMMA-3: every (t, v) is the atom's PTX element, moved and relabelled. */
CT_FN void ct_p_tmma_3(const ct_case *c, ct_outcome *o) {
  ct_tiled_mma t;
  ct_layout L;
  ct_judgement j;
  int op;
  if (!ct_tm_of_case(c, -1, &t, &op, &L, o)) return;
  ct_judge_tmma_3(&t, op, &L, CT_TMMA_BOUND, &j);
  ct_judged(&j, o);
}

/* TMMA-4: the permutation relabels the unpermuted tiled MMA. */
CT_FN void ct_p_tmma_4(const ct_case *c, ct_outcome *o) {
  ct_tiled_mma t;
  ct_layout L;
  ct_judgement j;
  int op;
  if (!ct_tm_of_case(c, -1, &t, &op, &L, o)) return;
  ct_judge_tmma_4_atom(&t, op, ct_tm_atom_tv(&t, op), &L, CT_TMMA_BOUND, &j);
  ct_judged(&j, o);
}

/* TMMA-5: the modes' sizes and the tile. */
CT_FN void ct_p_tmma_5(const ct_case *c, ct_outcome *o) {
  ct_tiled_mma t;
  ct_layout L, lay;
  ct_judgement j;
  ct_err e;
  int64_t tile[3];
  int op;
  if (!ct_tm_of_case(c, -1, &t, &op, &L, o)) return;
  if (ct_tiled_mma_check(&t, &lay, tile, &e) != CT_OK) {
    CT_FAILS(o, "tiled_mma_shape rejected: %s", e.msg);
    return;
  }
  ct_judge_tmma_5(&t, op, &L, tile, &j);
  ct_judged(&j, o);
}

/* tiled_mma!NOT_INJECTIVE: an atom layout that repeats an atom, (2, 2):(1, 1). */
CT_FN void ct_p_tmma_e1(const ct_case *c, ct_outcome *o) {
  ct_tiled_mma t;
  ct_layout L;
  ct_err e;
  ct_code rc;
  int op;
  ct_case_tiled_mma(c, &t, &op);
  o->verdict = CT_PASS;
  ct_tm_lay2(&t.lay, 2, 1, 2, 1);
  rc = ct_tiled_mma_tv(&t, op, &L, &e);
  o->digest = ct_digest_code(rc);
  if (rc != CT_NOT_INJECTIVE) CT_FAILS(o, "atom layout (2,2):(1,1): %s, not NOT_INJECTIVE", ct_code_name(rc));
}

/* tiled_mma!ARG_TYPE: a permutation of M whose size is no multiple of the
 * atom layout's M extent (one row more). */
CT_FN void ct_p_tmma_e2(const ct_case *c, ct_outcome *o) {
  ct_tiled_mma t;
  ct_layout L;
  ct_err e;
  ct_code rc;
  int op;
  ct_case_tiled_mma(c, &t, &op);
  o->verdict = CT_PASS;
  ct_l_set_int(&t.perm[0], (int64_t)t.m * 2 + 1, 1, 1, 1);
  t.has_perm[0] = 1;
  rc = ct_tiled_mma_tv(&t, op, &L, &e);
  o->digest = ct_digest_code(rc);
  if (rc != CT_ARG_TYPE) CT_FAILS(o, "permutation M of size 2M + 1: %s, not ARG_TYPE", ct_code_name(rc));
}
