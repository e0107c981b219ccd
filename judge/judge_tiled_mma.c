/* judge_tiled_mma.c -- judges of spec/tiled_mma.md: TMMA-1..TMMA-5. The
 * tile is counted element by element (TMMA-1, TMMA-2) or each (t, v) is
 * recomputed from the atom's PTX formula (TMMA-3): none of them reads
 * ref/tiled_mma.c's construction. */
#include "judge/judge_tiled_mma.h"

/* What every judge needs of t: the atom's C fragment sizes, lay's modes and
 * the tile (ct_tiled_mma_init); 0 when t is no tiled MMA. */
typedef struct {
  const ct_tiled_mma *t;
  ct_layout lay;       /* t's atom layout padded to rank 3 */
  ct_mma_frag f;       /* the operand's atom fragment */
  int64_t tile[3];     /* M, N, K */
  int64_t l[3];        /* lay's mode sizes */
  int64_t d[3];        /* the atom's M, N, K */
  int r, c;            /* the operand's tile modes */
  int64_t T, V;        /* threads and values of the tiled layout */
  int64_t rep;         /* the warp's repetition of the atoms: 4 / n for 1 or 2 quad-pair atoms, else 1 */
} ct_jt;

CT_FN static int ct_jt_init(const ct_tiled_mma *t, int op, ct_jt *x) {
  ct_err e;
  ct_val s;
  ct_layout M;
  int i;
  x->t = t;
  if (ct_tiled_mma_check(t, &x->lay, x->tile, &e) != CT_OK) return 0;
  if (ct_mma_frag_init_form(t->m, t->n, t->k, t->bits, t->form, op, &x->f, &e) != CT_OK) return 0;
  for (i = 0; i < 3; ++i) {
    int p = i;
    if (ct_l_mode(&x->lay, &p, 1, &M, &e) != CT_OK || ct_l_size(&M, &s, &e) != CT_OK) return 0;
    x->l[i] = s.v;
  }
  x->d[0] = t->m;
  x->d[1] = t->n;
  x->d[2] = t->k;
  ct_tiled_mma_modes(op, &x->r, &x->c);
  x->T = (int64_t)x->f.threads * x->l[0] * x->l[1] * x->l[2];
  x->rep = 1;
  if ((t->form & CT_MMA_QP) && x->T < 32) { /* TMMA-QP: 1 or 2 quad-pair atoms fill a warp, repeated */
    x->rep = 32 / x->T;
    x->T = 32;
  }
  x->V = (int64_t)x->f.elems * (x->tile[x->r] / (x->d[x->r] * x->l[x->r])) *
         (x->tile[x->c] / (x->d[x->c] * x->l[x->c]));
  return 1;
}

/* Every element of [0, n) is L(t, v) for exactly rho pairs (t, v). */
CT_FN static ct_jstatus ct_jt_count(const char *id, const ct_jt *x, const ct_layout *L, int64_t n, int64_t rho,
                                    int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH uint8_t cnt[CT_TMMA_TILE_MAX];
  int64_t T, V, i, y;
  ct_leaf_form F;
  if (!ct_j_tv_sizes(L, &T, &V)) return CT_J_VIOLATES(j, id, "the layout is no (thread, value) pair of modes");
  if (T != x->T) return CT_J_VIOLATES(j, id, "%lld threads, the tiled MMA has %lld", (long long)T, (long long)x->T);
  if (T * V != rho * n)
    return CT_J_VIOLATES(j, id, "%lld (thread, value) pairs for %lld elements held %lld times each",
                         (long long)(T * V), (long long)n, (long long)rho);
  if (n > CT_TMMA_TILE_MAX || rho > 255 || T * V > bound) return ct_j_unchecked(j, id);
  for (i = 0; i < n; ++i) cnt[i] = 0;
  ct_lf_init(&F, L);
  /* T*V == rho*n, so no element above rho is every element at rho */
  for (i = 0; i < T * V; ++i) {
    y = ct_j_at_form(&F, i);
    if (y < 0 || y >= n || cnt[y] == rho)
      return CT_J_VIOLATES_AT(j, id, i, "(t, v) = (%lld, %lld) gives %lld: outside [0, %lld) or held %lld times already",
                              (long long)(i % T), (long long)(i / T), (long long)y, (long long)n, (long long)rho);
    ++cnt[y];
  }
  return ct_j_holds(j, id);
}

CT_FN ct_jstatus ct_judge_tmma_1(const ct_tiled_mma *t, const ct_layout *L, int64_t bound, ct_judgement *j) {
  ct_jt x;
  if (!ct_jt_init(t, CT_MMA_C, &x)) return ct_j_unchecked(j, "TMMA-1");
  return ct_jt_count("TMMA-1", &x, L, x.tile[0] * x.tile[1], x.l[2] * x.rep, bound, j);
}

CT_FN ct_jstatus ct_judge_tmma_2(const ct_tiled_mma *t, int op, const ct_layout *L, int64_t bound, ct_judgement *j) {
  ct_jt x;
  int64_t n, atom;
  if (op == CT_MMA_C) return ct_judge_tmma_1(t, L, bound, j);
  if (!ct_jt_init(t, op, &x)) return ct_j_unchecked(j, "TMMA-2");
  n = x.tile[x.r] * x.tile[x.c];
  /* the atom's replication: its (t, v) pairs per element of its tile */
  atom = (int64_t)x.f.threads * x.f.elems / (x.d[x.r] * x.d[x.c]);
  return ct_jt_count("TMMA-2", &x, L, n, atom * x.l[op == CT_MMA_A ? 1 : 0] * x.rep, bound, j);
}

/* perm_i(y), or y where the mode has none. */
CT_FN static int64_t ct_jt_perm(const ct_jt *x, int i, int64_t y) {
  int64_t z = y;
  ct_err e;
  if (x->t->has_perm[i] && ct_l_eval(&x->t->perm[i], y, &z, &e) != CT_OK) return -1;
  return z;
}

/* The tables TMMA-3 reads per (t, v), filled once per tiled MMA: the atom's
 * PTX element of each (ta, va) (ct_mma_frag_at) and each permutation's
 * value at each row or column of the tile (ct_jt_perm); a table that would
 * pass CT_JUDGE_CAP entries is not filled (n := 0) and its function is
 * asked at each pair instead. */
typedef struct {
  int32_t er[CT_JUDGE_CAP], ec[CT_JUDGE_CAP], pr[CT_JUDGE_CAP], pc[CT_JUDGE_CAP];
  int32_t ta[CT_JUDGE_CAP], r0[CT_JUDGE_CAP], c0[CT_JUDGE_CAP];
  int64_t nel, npr, npc, nth;
} ct_jt_tables;

/* Thread th's atom thread *ta and its atom's origin (*r0, *c0) in the tile:
 * the atom of group th / Ta at lay^-1(g) (TMMA-DEF), or for a quad-pair atom
 * the group its lane's quad-pair runs (TMMA-QP); inv is lay^-1, n atoms. */
CT_FN static void ct_jt_thread(const ct_jt *x, const int16_t *inv, int64_t n, int64_t th, int64_t *ta, int64_t *r0,
                               int64_t *c0) {
  int64_t Ta = x->f.threads, g = th / Ta, a, crd[3];
  *ta = th % Ta;
  if (x->t->form & CT_MMA_QP) { /* TMMA-QP: th is lane th % 32 of warp th / 32; quad-pair p = lane / 4 % 4 runs group p + 4 w */
    int64_t lane = th % 32;
    *ta = lane % 4 + 4 * (lane / 16);
    g = (lane / 4 % 4 + 4 * (th / 32)) % n;
  }
  a = inv[g];
  crd[0] = a % x->l[0];
  crd[1] = (a / x->l[0]) % x->l[1];
  crd[2] = a / (x->l[0] * x->l[1]);
  *r0 = x->d[x->r] * crd[x->r];
  *c0 = x->d[x->c] * crd[x->c];
}

CT_FN static void ct_jt_fill(const ct_jt *x, const int16_t *inv, int64_t n, int64_t T, ct_jt_tables *tb) {
  int64_t i, Ta = x->f.threads, Va = x->f.elems, el, ta, r0, c0;
  tb->nel = Ta * Va <= CT_JUDGE_CAP ? Ta * Va : 0;
  tb->npr = x->tile[x->r] <= CT_JUDGE_CAP ? x->tile[x->r] : 0;
  tb->npc = x->tile[x->c] <= CT_JUDGE_CAP ? x->tile[x->c] : 0;
  tb->nth = T <= CT_JUDGE_CAP ? T : 0;
  for (i = 0; i < tb->nel; ++i) { /* the atom's element (row, col) in the atom's tile, column-major */
    el = ct_mma_frag_at(&x->f, (int)(i % Ta), (int)(i / Ta));
    tb->er[i] = (int32_t)(el % x->d[x->r]);
    tb->ec[i] = (int32_t)(el / x->d[x->r]);
  }
  for (i = 0; i < tb->nth; ++i) {
    ct_jt_thread(x, inv, n, i, &ta, &r0, &c0);
    tb->ta[i] = (int32_t)ta;
    tb->r0[i] = (int32_t)r0;
    tb->c0[i] = (int32_t)c0;
  }
  for (i = 0; i < tb->npr; ++i) tb->pr[i] = (int32_t)ct_jt_perm(x, x->r, i);
  for (i = 0; i < tb->npc; ++i) tb->pc[i] = (int32_t)ct_jt_perm(x, x->c, i);
}

CT_FN ct_jstatus ct_judge_tmma_3(const ct_tiled_mma *t, int op, const ct_layout *L, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH int16_t inv[CT_TMMA_ATOMS_MAX];
  CT_JUDGE_SCRATCH ct_jt_tables tb;
  ct_jt x;
  int64_t T, V, i, n, Ta, Va, RR, th, v;
  ct_leaf_form F;
  ct_err e;
  if (!ct_jt_init(t, op, &x)) return ct_j_unchecked(j, "TMMA-3");
  if (!ct_j_tv_sizes(L, &T, &V) || T != x.T || V != x.V)
    return CT_J_VIOLATES(j, "TMMA-3", "the layout is no %lld threads x %lld values", (long long)x.T, (long long)x.V);
  if (T * V > bound) return ct_j_unchecked(j, "TMMA-3");
  n = x.l[0] * x.l[1] * x.l[2];
  /* lay^-1: the colexicographic index of the atom coordinate of each group */
  for (i = 0; i < n; ++i) {
    int64_t y = -1;
    if (ct_l_eval(&x.lay, i, &y, &e) != CT_OK || y < 0 || y >= n) return ct_j_unchecked(j, "TMMA-3");
    inv[y] = (int16_t)i;
  }
  Ta = x.f.threads;
  Va = x.f.elems;
  RR = x.tile[x.r] / (x.d[x.r] * x.l[x.r]);
  ct_jt_fill(&x, inv, n, T, &tb);
  ct_lf_init(&F, L);
  for (v = 0; v < V; ++v) { /* i = th + T*v in order: the first violation is the first index */
    int64_t va = v % Va, rest = v / Va, rr = x.d[x.r] * x.l[x.r] * (rest % RR), cc = x.d[x.c] * x.l[x.c] * (rest / RR);
    for (th = 0; th < T; ++th) {
      int64_t ta, r0, c0, row, col, want, got;
      i = th + T * v;
      if (tb.nth) ta = tb.ta[th], r0 = tb.r0[th], c0 = tb.c0[th];
      else ct_jt_thread(&x, inv, n, th, &ta, &r0, &c0);
      /* the atom's element (ct_mma_frag_at's, tabled), moved to its atom's origin and the rest */
      if (tb.nel) {
        row = tb.er[ta + Ta * va];
        col = tb.ec[ta + Ta * va];
      } else {
        int64_t el = ct_mma_frag_at(&x.f, (int)ta, (int)va);
        row = el % x.d[x.r];
        col = el / x.d[x.r];
      }
      row += r0 + rr;
      col += c0 + cc;
      want = (tb.npr && row >= 0 && row < tb.npr ? tb.pr[row] : ct_jt_perm(&x, x.r, row)) +
             x.tile[x.r] * (tb.npc && col >= 0 && col < tb.npc ? tb.pc[col] : ct_jt_perm(&x, x.c, col));
      got = ct_j_at_form(&F, i);
      if (got != want)
        return CT_J_VIOLATES_AT(j, "TMMA-3", i,
                                "L(%lld, %lld) = %lld; the atom's element is at (%lld, %lld), index %lld",
                                (long long)th, (long long)v, (long long)got, (long long)row, (long long)col,
                                (long long)want);
    }
  }
  return ct_j_holds(j, "TMMA-3");
}

CT_FN ct_jstatus ct_judge_tmma_4(const ct_tiled_mma *t, int op, const ct_layout *L, int64_t bound, ct_judgement *j) {
  return ct_judge_tmma_4_atom(t, op, 0, L, bound, j);
}

CT_FN ct_jstatus ct_judge_tmma_4_atom(const ct_tiled_mma *t, int op, const ct_layout *atom, const ct_layout *L,
                                      int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH int32_t pr[CT_JUDGE_CAP], pc[CT_JUDGE_CAP];
  int64_t npr, npc;
  ct_jt x;
  ct_layout L0;
  ct_leaf_form F, F0;
  ct_err e;
  int64_t T, V, T0, V0, i, R;
  if (!ct_jt_init(t, op, &x)) return ct_j_unchecked(j, "TMMA-4");
  /* L0 has the tile of the atom layout; the permutation's tile may be a
   * multiple of it: then its rest modes differ and TMMA-3 alone decides */
  if (x.tile[x.r] != x.d[x.r] * x.l[x.r] || x.tile[x.c] != x.d[x.c] * x.l[x.c]) return ct_j_holds(j, "TMMA-4");
  if (ct_tiled_mma_tv_atom(t, op, 0, atom, &L0, &e) != CT_OK) return ct_j_unchecked(j, "TMMA-4");
  if (!ct_j_tv_sizes(L, &T, &V) || !ct_j_tv_sizes(&L0, &T0, &V0) || T != T0 || V != V0)
    return CT_J_VIOLATES(j, "TMMA-4", "the layout's modes are not those of the tiled MMA without permutations");
  if (T * V > bound) return ct_j_unchecked(j, "TMMA-4");
  R = x.tile[x.r];
  /* perm_r and perm_c tabled once (ct_jt_perm's values), where they fit */
  npr = R <= CT_JUDGE_CAP ? R : 0;
  npc = x.tile[x.c] <= CT_JUDGE_CAP ? x.tile[x.c] : 0;
  for (i = 0; i < npr; ++i) pr[i] = (int32_t)ct_jt_perm(&x, x.r, i);
  for (i = 0; i < npc; ++i) pc[i] = (int32_t)ct_jt_perm(&x, x.c, i);
  ct_lf_init(&F, L);
  ct_lf_init(&F0, &L0);
  for (i = 0; i < T * V; ++i) {
    int64_t y = ct_j_at_form(&F0, i), yr = y % R, yc = y / R, want;
    want = (npr && yr >= 0 && yr < npr ? pr[yr] : ct_jt_perm(&x, x.r, yr)) +
           R * (npc && yc >= 0 && yc < npc ? pc[yc] : ct_jt_perm(&x, x.c, yc));
    if (ct_j_at_form(&F, i) != want)
      return CT_J_VIOLATES_AT(j, "TMMA-4", i, "L(%lld, %lld) = %lld; the unpermuted %lld relabelled is %lld",
                              (long long)(i % T), (long long)(i / T), (long long)ct_j_at_form(&F, i), (long long)y,
                              (long long)want);
  }
  return ct_j_holds(j, "TMMA-4");
}

CT_FN ct_jstatus ct_judge_tmma_5(const ct_tiled_mma *t, int op, const ct_layout *L, const int64_t *tile,
                                 ct_judgement *j) {
  ct_jt x;
  int64_t T, V;
  int i;
  if (!ct_jt_init(t, op, &x)) return ct_j_unchecked(j, "TMMA-5");
  for (i = 0; i < 3; ++i) {
    int64_t want = x.d[i] * x.l[i];
    ct_val s;
    ct_err e;
    if (t->has_perm[i]) {
      if (ct_l_size(&t->perm[i], &s, &e) != CT_OK) return ct_j_unchecked(j, "TMMA-5");
      want = s.v;
    }
    if (tile[i] != want)
      return CT_J_VIOLATES(j, "TMMA-5", "the tile's %c is %lld, want %lld", "MNK"[i], (long long)tile[i],
                           (long long)want);
  }
  if (!ct_j_tv_sizes(L, &T, &V)) return CT_J_VIOLATES(j, "TMMA-5", "the layout is no (thread, value) pair of modes");
  if (T != x.T || V != x.V)
    return CT_J_VIOLATES(j, "TMMA-5", "%lld threads x %lld values, want %lld x %lld", (long long)T, (long long)V,
                         (long long)x.T, (long long)x.V);
  return ct_j_holds(j, "TMMA-5");
}
