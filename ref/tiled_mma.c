/* tiled_mma.c -- make_tiled_mma and get_layout{A,B,C}_TV on layouts
 * (spec/tiled_mma.md, TMMA-DEF). CuTe builds the TV layout by dividing the
 * tile by the permutations and the atom and composing with the atom's TV
 * layout (thrfrg_C, mma_atom.hpp); the reference builds the same function
 * the other way round: the atom's TV layout spread into the tile, the atom
 * layout's inverse for the thread groups, the rest as values, and the
 * permutation composed last (TMMA-4). SM70's quad-pair atoms spread each
 * atom's 8 threads over the lanes of a warp (TMMA-QP): the thread mode is
 * then split at the lane's bits. SM100's UMMA atoms (TMMA-UMMA) take the
 * generic path: their "threads" are the 1 or 2 CTAs of the atom. */
#include "tiled_mma.h"

#include "composition.h"
#include "inverse.h"

/* The atom's extent along tile mode i (M, N, K). */
CT_FN static int64_t ct_tm_atom_dim(const ct_tiled_mma *t, int i) { return i == 0 ? t->m : i == 1 ? t->n : t->k; }

CT_FN void ct_tiled_mma_modes(int op, int *r, int *c) {
  *r = op == CT_MMA_B ? 1 : 0;
  *c = op == CT_MMA_C ? 1 : 2;
}

/* Whether L is a bijection from [0, n) onto [0, n), n = size(L) <= max. */
CT_FN static int ct_tm_bijective(const ct_layout *L, int64_t n, int64_t max) {
  uint64_t seen[CT_TMMA_MODE_MAX / 64];
  int64_t i, x = 0;
  ct_err e;
  if (n > max || n > CT_TMMA_MODE_MAX) return 0;
  for (i = 0; i < (n + 63) / 64; ++i) seen[i] = 0;
  for (i = 0; i < n; ++i) {
    if (ct_l_eval(L, i, &x, &e) != CT_OK || x < 0 || x >= n || ((seen[x >> 6] >> (x & 63)) & 1)) return 0;
    seen[x >> 6] |= (uint64_t)1 << (x & 63);
  }
  return 1;
}

/* lay padded to rank 3 (CuTe's append<3>(lay, Layout<_1,_0>)). */
CT_FN static ct_code ct_tm_pad(const ct_layout *lay, ct_layout *out, ct_err *e) {
  ct_layout one, r;
  ct_l_copy(out, lay);
  ct_l_set_int(&one, 1, 1, 0, 1);
  while (ct_l_rank(out) < 3) {
    if (ct_l_rank(out) == 1 && out->shape.nd[0].kind != CT_TUPLE) {
      const ct_layout *two[2];
      two[0] = out;
      two[1] = &one;
      CT_TRY(ct_l_concat(two, 2, &r, e));
    } else {
      CT_TRY(ct_l_append(out, &one, &r, e));
    }
    ct_l_copy(out, &r);
  }
  return CT_OK;
}

CT_FN int64_t ct_tiled_mma_threads(int form, int64_t Ta, int64_t atoms) {
  if (!(form & CT_MMA_QP)) return Ta * atoms; /* UMMA's too: ctas "threads" an atom (TMMA-UMMA) */
  if (atoms == 1 || atoms == 2) return 32; /* TMMA-QP: one warp, its quad-pairs repeating the atoms */
  return atoms % 4 == 0 ? 8 * atoms : 0;
}

CT_FN ct_code ct_tiled_mma_check(const ct_tiled_mma *t, ct_layout *lay, int64_t *tile, ct_err *e) {
  ct_mma_frag f;
  ct_val sz;
  int i;
  CT_TRY(ct_mma_frag_init_form(t->m, t->n, t->k, t->bits, t->form, CT_MMA_C, &f, e));
  if (ct_l_rank(&t->lay) > 3) return CT_FAIL(e, CT_ARG_TYPE, "make_tiled_mma: the atom layout has rank > 3 (M, N, K)");
  CT_TRY(ct_tm_pad(&t->lay, lay, e));
  CT_TRY(ct_l_size(lay, &sz, e));
  if (sz.v > CT_TMMA_ATOMS_MAX)
    return CT_FAIL(e, CT_ARG_TYPE, "make_tiled_mma: %lld atoms, more than the %d the reference checks", (long long)sz.v,
                   CT_TMMA_ATOMS_MAX);
  if (!ct_tm_bijective(lay, sz.v, CT_TMMA_ATOMS_MAX))
    return CT_FAIL(e, CT_NOT_INJECTIVE,
                   "make_tiled_mma: the atom layout is no bijection onto [0, %lld)", (long long)sz.v);
  if (ct_tiled_mma_threads(t->form, f.threads, sz.v) == 0) /* TMMA-QP */
    return CT_FAIL(e, CT_ARG_TYPE,
                   "make_tiled_mma: %lld quad-pair atoms; a warp holds four: 1, 2 or a multiple of 4 atoms",
                   (long long)sz.v);
  for (i = 0; i < 3; ++i) {
    int64_t l, d = ct_tm_atom_dim(t, i);
    CT_TRY(ct_l_mode_size(lay, i, &l, e));
    tile[i] = d * l;
    if (!t->has_perm[i]) continue;
    CT_TRY(ct_l_size(&t->perm[i], &sz, e));
    if (sz.v % (d * l) != 0)
      return CT_FAIL(e, CT_ARG_TYPE, "make_tiled_mma: permutation %c has size %lld, no multiple of atom x layout = %lld",
                     "MNK"[i], (long long)sz.v, (long long)(d * l));
    if (sz.v > CT_TMMA_MODE_MAX)
      return CT_FAIL(e, CT_ARG_TYPE, "make_tiled_mma: permutation %c has size %lld, more than the %d the reference checks",
                     "MNK"[i], (long long)sz.v, CT_TMMA_MODE_MAX);
    if (!ct_tm_bijective(&t->perm[i], sz.v, CT_TMMA_MODE_MAX))
      return CT_FAIL(e, CT_NOT_INJECTIVE, "make_tiled_mma: permutation %c is no bijection onto [0, %lld)", "MNK"[i],
                     (long long)sz.v);
    tile[i] = sz.v;
  }
  return CT_OK;
}

CT_FN ct_code ct_tiled_mma_init(ct_tiled_mma *t, int64_t *tile, ct_err *e) {
  ct_layout lay;
  CT_TRY(ct_tiled_mma_check(t, &lay, tile, e));
  ct_l_copy(&t->lay, &lay);
  return CT_OK;
}

/* The relabelling P of TMMA-4: r + R*c -> perm_r(r) + R*perm_c(c), R the
 * tile's extent along r (`_` is the identity R:1). */
CT_FN static ct_code ct_tm_perm(const ct_tiled_mma *t, int r, int c, const int64_t *tile, ct_layout *P, ct_err *e) {
  ct_layout pr, pc, sc, x;
  ct_val cs;
  if (t->has_perm[r]) ct_l_copy(&pr, &t->perm[r]);
  else ct_l_set_int(&pr, tile[r], 1, 1, 1);
  if (t->has_perm[c]) {
    CT_TRY(ct_l_cosize(&t->perm[c], &cs, e));
    ct_l_set_int(&x, cs.v, 1, tile[r], 1); /* perm_c's strides times R */
    CT_TRY(ct_composition(&x, &t->perm[c], &sc, e));
    ct_l_copy(&pc, &sc);
  } else {
    ct_l_set_int(&pc, tile[c], 1, tile[r], 1);
  }
  return ct_l_concat2(&pr, &pc, P, e);
}

/* The atom's TV layout of operand op (given, or ct_mma_tv_form's) spread
 * into the tiled tile, (i, j) -> i + R*j: its thread mode *T and value
 * mode *V. */
CT_FN static ct_code ct_tm_atom(const ct_tiled_mma *t, int op, const ct_layout *given, int64_t dr, int64_t dc,
                                int64_t R, ct_layout *T, ct_layout *V, ct_err *e) {
  ct_layout atom, S, a, b, SA;
  int p;
  if (given) ct_l_copy(&atom, given);
  else CT_TRY(ct_mma_tv_form(t->m, t->n, t->k, t->bits, t->form, op, &atom, e));
  ct_l_set_int(&a, dr, 1, 1, 1);
  ct_l_set_int(&b, dc, 1, R, 1);
  CT_TRY(ct_l_concat2(&a, &b, &S, e));
  CT_TRY(ct_composition(&S, &atom, &SA, e));
  p = 0;
  CT_TRY(ct_l_mode(&SA, &p, 1, T, e));
  p = 1;
  return ct_l_mode(&SA, &p, 1, V, e);
}

/* The thread groups: the atom of group g sits at lay^-1(g); its r
 * coordinate moves the atom by dr rows, its c coordinate by dc columns
 * (R*dc), the third none (those groups hold the same elements: TMMA-1,
 * TMMA-2). D o right_inverse(lay), D = (lM, lN, lK) with those strides. */
CT_FN static ct_code ct_tm_groups(const ct_layout *lay, const int64_t *l, const int64_t *d3, ct_layout *G, ct_err *e) {
  ct_layout D, rinv;
  ct_tuple sh, st;
  int h, i;
  ct_t_clear(&sh);
  ct_t_clear(&st);
  CT_TRY(ct_t_open(&sh, &h, e));
  for (i = 0; i < 3; ++i) CT_TRY(ct_t_push_int(&sh, l[i], 1, e));
  CT_TRY(ct_t_close(&sh, h, e));
  CT_TRY(ct_t_open(&st, &h, e));
  for (i = 0; i < 3; ++i) CT_TRY(ct_t_push_int(&st, d3[i], 1, e));
  CT_TRY(ct_t_close(&st, h, e));
  CT_TRY(ct_l_make(&sh, &st, &D, e));
  CT_TRY(ct_right_inverse(lay, &rinv, e));
  return ct_composition(&D, &rinv, G, e);
}

/* TMMA-QP: the threads of a tiled MMA of quad-pair atoms, T the atom's 8
 * threads (t = r + 4h) and G the groups' map (n atoms). The tiled MMA's
 * thread x is read as the lane bits (r, q, h, w) = (x % 4, x/4 % 4, x/16 % 2,
 * x / 32): atom thread r + 4h of group q + 4w (CuTe's tiled_product of ThrID
 * (4,2):(1,16) with the atom layout); with 1 or 2 atoms, group q mod n (the
 * warp's other quad-pairs repeat them). */
CT_FN static ct_code ct_tm_qp_threads(const ct_layout *T, const ct_layout *G, int64_t n, ct_layout *out, ct_err *e) {
  ct_layout a, b, split, TS, GS, parts[4];
  const ct_layout *pp[4];
  int p, i, np = n % 4 == 0 ? 4 : 3;
  ct_l_set_int(&a, 4, 1, 1, 1);
  ct_l_set_int(&b, 2, 1, 4, 1);
  CT_TRY(ct_l_concat2(&a, &b, &split, e));
  CT_TRY(ct_composition(T, &split, &TS, e)); /* (r, h) */
  if (n % 4 == 0) {
    ct_l_set_int(&b, n / 4, 1, 4, 1); /* (q, w) = (4, n/4):(1, 4), a still 4:1 */
  } else {
    ct_l_set_int(&a, n, 1, 1, 1);
    ct_l_set_int(&b, 4 / n, 1, 0, 1); /* q mod n */
  }
  CT_TRY(ct_l_concat2(&a, &b, &split, e));
  CT_TRY(ct_composition(G, &split, &GS, e)); /* (q, w), or q mod n */
  p = 0;
  CT_TRY(ct_l_mode(&TS, &p, 1, &parts[0], e));
  if (n % 4 == 0) {
    CT_TRY(ct_l_mode(&GS, &p, 1, &parts[1], e));
    p = 1;
    CT_TRY(ct_l_mode(&GS, &p, 1, &parts[3], e));
  } else {
    ct_l_copy(&parts[1], &GS);
  }
  p = 1;
  CT_TRY(ct_l_mode(&TS, &p, 1, &parts[2], e));
  for (i = 0; i < np; ++i) pp[i] = &parts[i];
  return ct_l_concat(pp, np, out, e);
}

CT_FN ct_code ct_tiled_mma_tv_atom(const ct_tiled_mma *t, int op, int permuted, const ct_layout *atom, ct_layout *out,
                                   ct_err *e) {
  int64_t tile[3], l[3], d3[3], dr, dc;
  int r, c, i;
  ct_layout lay, T, V, G, a, b, x;
  CT_TRY(ct_tiled_mma_check(t, &lay, tile, e));
  ct_tiled_mma_modes(op, &r, &c);
  for (i = 0; i < 3; ++i) {
    CT_TRY(ct_l_mode_size(&lay, i, &l[i], e));
    if (!permuted) tile[i] = ct_tm_atom_dim(t, i) * l[i];
  }
  dr = ct_tm_atom_dim(t, r);
  dc = ct_tm_atom_dim(t, c);
  CT_TRY(ct_tm_atom(t, op, atom, dr, dc, tile[r], &T, &V, e));
  for (i = 0; i < 3; ++i) d3[i] = 0;
  d3[r] = dr;
  d3[c] = tile[r] * dc;
  CT_TRY(ct_tm_groups(&lay, l, d3, &G, e));
  if (t->form & CT_MMA_QP)
    CT_TRY(ct_tm_qp_threads(&T, &G, l[0] * l[1] * l[2], &x, e)); /* the lanes' bits (TMMA-QP) */
  else
    CT_TRY(ct_l_concat2(&T, &G, &x, e)); /* the threads: the atom's, then the groups */
  ct_l_copy(&T, &x);
  /* the values: the atom's, then the tile's rest along r and c */
  ct_l_set_int(&a, tile[r] / (dr * l[r]), 1, dr * l[r], 1);
  ct_l_set_int(&b, tile[c] / (dc * l[c]), 1, tile[r] * dc * l[c], 1);
  CT_TRY(ct_l_concat2(&a, &b, &G, e));
  CT_TRY(ct_l_concat2(&V, &G, &x, e));
  CT_TRY(ct_l_concat2(&T, &x, &V, e)); /* V := L0, the unpermuted layout */
  if (!permuted || (!t->has_perm[r] && !t->has_perm[c])) {
    ct_l_copy(out, &V);
    return CT_OK;
  }
  CT_TRY(ct_tm_perm(t, r, c, tile, &G, e));
  return ct_composition(&G, &V, out, e); /* P o L0 (TMMA-4) */
}

CT_FN ct_code ct_tiled_mma_tv_of(const ct_tiled_mma *t, int op, int permuted, ct_layout *out, ct_err *e) {
  return ct_tiled_mma_tv_atom(t, op, permuted, 0, out, e);
}

CT_FN ct_code ct_tiled_mma_tv(const ct_tiled_mma *t, int op, ct_layout *out, ct_err *e) {
  return ct_tiled_mma_tv_of(t, op, 1, out, e);
}
