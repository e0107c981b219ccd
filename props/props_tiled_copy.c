/* props_tiled_copy.c -- properties of spec/tiled_copy.md: TCOPY-1..TCOPY-6
 * on make_tiled_copy of every copy atom of the atlas (no TMA) with thread
 * and value layouts of ranks 1 and 2, and on make_tiled_copy_A/_B/_C of the
 * tiled MMAs of props_tiled_mma.c; TCOPY-PRE's errors. */
#include "judge/judge_tiled_copy.h"
#include "props/props.h"
#include "props/props_list.h"
#include "props/props_tiled_copy.h"
#include "props/props_tiled_mma.h"
#include "ref/complement.h"
#include "ref/composition.h"
#include "ref/partition.h"

/* The widest data layout tiled_copy_cotiled_tv!NOT_IN_DATA tabulates: 2^15 addresses. */
#define CT_TCOPY_IMG_WORDS 512

/* The largest (thread, value) count a property visits: 256 threads x 64. */
#define CT_TCOPY_BOUND ((int64_t)1 << 15)

/* s elements as a layout of rank 1 (s:1) or 2 ((p, s/p), column- or
 * row-major), by h. */
CT_FN static void ct_tc_lay(uint64_t h, int64_t s, ct_layout *L) {
  ct_layout a, b;
  const ct_layout *two[2];
  ct_err e;
  int64_t p = 1;
  int lg = 0;
  while (((int64_t)1 << (lg + 1)) <= s) ++lg;
  if (h % 4 == 0) {
    ct_l_set_int(L, s, 1, 1, 1);
    return;
  }
  p = (int64_t)1 << ((h / 4) % (uint64_t)(lg + 1));
  if ((h / 64) % 2) { /* row-major */
    ct_l_set_int(&a, p, 1, p == 1 ? 0 : s / p, 1);
    ct_l_set_int(&b, s / p, 1, s / p == 1 ? 0 : 1, 1);
  } else {
    ct_l_set_int(&a, p, 1, p == 1 ? 0 : 1, 1);
    ct_l_set_int(&b, s / p, 1, s / p == 1 ? 0 : p, 1);
  }
  two[0] = &a;
  two[1] = &b;
  if (ct_l_concat(two, 2, L, &e) != CT_OK) ct_l_set_int(L, s, 1, 1, 1);
}

/* The atom and element width of a case: ldmatrix/stmatrix (8, 16 or 32-bit
 * elements; 8 or 16 for .trans), or a universal copy or cp.async of
 * op_bits with elements of up to op_bits. */
CT_FN static void ct_case_tc_atom(uint64_t h, ct_tcopy_atom *a) {
  int k = (int)(h % 18);
  h /= 18;
  if (k < CT_COPY_ATOMS) {
    ct_copy_atom_k(k, &a->st, &a->num, &a->trans);
    a->bits = 8 << (int)(h % (a->trans ? 2 : 3));
    if (a->st != CT_COPY_LDSM && a->st != CT_COPY_STSM) a->bits = 16;
    return;
  }
  a->st = CT_COPY_ONE;
  if (k % 3 == 0) {
    a->trans = CT_COPY_CP_ASYNC_CA;
    a->num = 32 << (int)(h % 3);
  } else if (k % 3 == 1) {
    a->trans = CT_COPY_CP_ASYNC_CG;
    a->num = 128;
  } else {
    a->trans = CT_COPY_UNIVERSAL;
    a->num = 8 << (int)(h % 5);
  }
  h /= 5;
  a->bits = 8 << (int)(h % 5);
  while (a->bits > a->num) a->bits /= 2;
}

/* Whether the atom's three layouts are whole elements of a->bits bits. */
CT_FN static int ct_tc_atom_ok(const ct_tcopy_atom *a) {
  ct_layout L;
  ct_err e;
  int w;
  for (w = 0; w < 3; ++w)
    if (ct_tcopy_atom_tv(a, w, &L, &e) != CT_OK) return 0;
  return 1;
}

CT_FN void ct_case_tiled_copy(const ct_case *c, ct_tcopy_atom *a, ct_layout *thr, ct_layout *val) {
  uint64_t h = ct_mix64((uint64_t)c->k[1] * 2654435761u + (uint64_t)(c->w[0].b + 8 * c->w[0].m) + 3u);
  int64_t Ta, Vr;
  ct_case_tc_atom(h, a);
  /* ldmatrix, stmatrix and the one-thread atoms take the widths drawn; an
   * atom of another kind the atlas may add, 16 or 8 bits, else a universal copy */
  if (a->st != CT_COPY_LDSM && a->st != CT_COPY_STSM && a->st != CT_COPY_ONE && !ct_tc_atom_ok(a)) a->bits = 8;
  if (a->st != CT_COPY_LDSM && a->st != CT_COPY_STSM && a->st != CT_COPY_ONE && !ct_tc_atom_ok(a)) {
    a->st = CT_COPY_ONE;
    a->trans = CT_COPY_UNIVERSAL;
    a->num = a->bits = 32;
  }
  h = ct_mix64(h);
  Ta = ct_copy_threads(a->st);
  Vr = ct_copy_values(a->st, a->num, CT_COPY_REF) / a->bits;
  ct_tc_lay(h, Ta == 1 ? (int64_t)4 << (h % 5) : Ta << ((h / 8) % 3), thr);
  h = ct_mix64(h + 1u);
  ct_tc_lay(h, Vr << ((h / 8) % 2), val);
}

/* A case's tiled copy: make_tiled_copy (mma == 0), make_tiled_copy_X of the
 * case's tiled MMA (mma == 1; a quarter of SM70's quad-pair atoms; the
 * case's atom where it divides the MMA's modes, else a universal copy of
 * the MMA's elements) or make_tiled_copy_S
 * or _D (mma == 2: the case's make_tiled_copy's source or destination as the
 * tiled layout of the same atom, or of a universal copy of one element where
 * it does not divide); *TV its tiled layout, *n its tile's elements. */
typedef struct {
  ct_tcopy_atom a;
  int mma, op;
  ct_layout thr, val;
  ct_tiled_mma t;
  ct_layout TV;
  int64_t n;
} ct_tc_case;

/* TCOPY-PRE: where the case's atom does not fit x's tiled layout (its
 * values do not divide the layout's), a universal copy of one element. */
CT_FN static void ct_tc_fit_or_universal(ct_tc_case *x) {
  ct_layout lay;
  ct_err e;
  ct_code rc = ct_tiled_copy_of(&x->a, &x->TV, CT_COPY_SRC, &lay, &e);
  if (rc == CT_ARG_TYPE || rc == CT_SHAPE_DIVISIBILITY) {
    x->a.st = CT_COPY_ONE;
    x->a.trans = CT_COPY_UNIVERSAL;
    x->a.num = x->a.bits;
  }
}

CT_FN static int ct_tc_build(const ct_case *c, int mma, ct_tc_case *x, ct_outcome *o) {
  ct_err e;
  ct_tuple tile;
  ct_layout lay;
  int64_t t3[3];
  int r, cc, i;
  ct_case_tiled_copy(c, &x->a, &x->thr, &x->val);
  x->mma = mma;
  x->op = 0;
  x->t.m = x->t.n = x->t.k = x->t.bits = x->t.form = 0;
  o->digest = ct_mix64((uint64_t)(x->a.st + 4 * x->a.num) * 1024u + (uint64_t)(x->a.trans * 64 + x->a.bits) +
                       (uint64_t)mma * 7u);
  if (mma != 1) {
    if (ct_make_layout_tv(&x->thr, &x->val, &x->TV, &e) != CT_OK ||
        ct_make_layout_tv_tiler(&x->thr, &x->val, &tile, &e) != CT_OK) {
      CT_FAILS(o, "make_layout_tv of the case's thread and value layouts rejected: %s", e.msg);
      return 0;
    }
    x->n = 1;
    for (i = 0; i < tile.n; ++i)
      if (tile.nd[i].kind == CT_INT) x->n *= tile.nd[i].v;
    if (mma == 0) return 1;
    if (ct_tiled_copy_of(&x->a, &x->TV, (c->k[0] >> 3) & 1 ? CT_COPY_SRC : CT_COPY_DST, &lay, &e) != CT_OK) {
      CT_FAILS(o, "the case's make_tiled_copy rejected: %s", e.msg);
      return 0;
    }
    ct_l_copy(&x->TV, &lay); /* make_tiled_copy_S/_D's tiled layout */
    ct_tc_fit_or_universal(x);
    return 1;
  }
  ct_case_tiled_mma_sm70(c, &x->t, &x->op);
  if (ct_tiled_mma_tv(&x->t, x->op, &x->TV, &e) != CT_OK || ct_tiled_mma_check(&x->t, &lay, t3, &e) != CT_OK) {
    CT_FAILS(o, "the case's tiled MMA rejected: %s", e.msg);
    return 0;
  }
  ct_tiled_mma_modes(x->op, &r, &cc);
  x->n = t3[r] * t3[cc];
  ct_tc_fit_or_universal(x); /* the atom may not divide the MMA's modes */
  return 1;
}

/* The case's construction: make_tiled_copy, _A/_B/_C or _S/_D (k0). */
CT_FN static int ct_tc_mode(const ct_case *c) { return (int)(((c->k[0] >> 1) & 3) % 3); }

/* The case's tiled copy and its side `which`. */
CT_FN static int ct_tc_side(const ct_case *c, int mma, int which, ct_tc_case *x, ct_layout *L, ct_outcome *o) {
  ct_err e;
  ct_code rc;
  if (!ct_tc_build(c, mma, x, o)) return 0;
  rc = mma == 1 ? ct_tiled_copy_mma_tv(&x->a, &x->t, x->op, which, L, &e)
       : mma == 2 ? ct_tiled_copy_of(&x->a, &x->TV, which, L, &e)
                  : ct_tiled_copy_tv(&x->a, &x->thr, &x->val, which, L, &e);
  if (rc != CT_OK) {
    CT_FAILS(o, "tiled copy (st %d, num %d, trans %d, %d bits) side %d of %s (%d,%d,%d,%d) op %d, rejected: %s",
             x->a.st, x->a.num, x->a.trans, x->a.bits, which, mma == 1 ? "the tiled MMA" : mma ? "make_tiled_copy_S/D" : "make_tiled_copy", x->t.m, x->t.n,
             x->t.k, x->t.bits, x->op, e.msg);

    return 0;
  }
  o->digest = ct_digest_layout(L);
  return 1;
}

/* TCOPY-1: the two modes' sizes; make_tiled_copy's tile is TV-2's. */
CT_FN void ct_p_tcopy_1(const ct_case *c, ct_outcome *o) {
  ct_tc_case x;
  ct_layout L;
  ct_judgement j;
  ct_tuple t1, t2;
  ct_err e;
  int which = (int)(c->k[0] & 1), mma = ct_tc_mode(c);
  if (!ct_tc_side(c, mma, which, &x, &L, o)) return;
  ct_judge_tcopy_1(&x.a, &x.TV, which, &L, &j);
  ct_judged(&j, o);
  if (o->verdict != CT_PASS) return;
  if (mma == 2) return; /* make_tiled_copy_S/_D: the tile is the other copy's */
  if (mma) { /* the tiled MMA's (M, K), (N, K) or (M, N) */
    ct_layout lay;
    int64_t t3[3];
    int r, cc;
    ct_tiled_mma_modes(x.op, &r, &cc);
    if (ct_tiled_copy_mma_tile(&x.a, &x.t, x.op, &t1, &e) != CT_OK || ct_tiled_mma_check(&x.t, &lay, t3, &e) != CT_OK ||
        t1.n != 3 || t1.nd[1].v != t3[r] || t1.nd[2].v != t3[cc])
      CT_FAILS(o, "TCOPY-1: tiled_copy_%c_tile is not the tiled MMA's tile of the operand", "abc"[x.op]);
    return;
  }
  if (ct_tiled_copy_tile(&x.a, &x.thr, &x.val, &t1, &e) != CT_OK ||
      ct_make_layout_tv_tiler(&x.thr, &x.val, &t2, &e) != CT_OK || !ct_t_equal(&t1, 0, &t2, 0, 0))
    CT_FAILS(o, "TCOPY-1: tiled_copy_tile is not make_layout_tv_tiler(thr, val)");
}

/* TCOPY-2: every (t, v) is TV at the reference's holder of the atom's element. */
CT_FN void ct_p_tcopy_2(const ct_case *c, ct_outcome *o) {
  ct_tc_case x;
  ct_layout L;
  ct_judgement j;
  int which = (int)(c->k[0] & 1);
  if (!ct_tc_side(c, ct_tc_mode(c), which, &x, &L, o)) return;
  ct_judge_tcopy_2(&x.a, &x.TV, which, &L, CT_TCOPY_BOUND, &j);
  ct_judged(&j, o);
}

/* TCOPY-3: each element copied as often as TV holds it, times the atom's own. */
CT_FN void ct_p_tcopy_3(const ct_case *c, ct_outcome *o) {
  ct_tc_case x;
  ct_layout L;
  ct_judgement j;
  int which = (int)(c->k[0] & 1);
  if (!ct_tc_side(c, ct_tc_mode(c), which, &x, &L, o)) return;
  ct_judge_tcopy_3(&x.a, &x.TV, which, &L, x.n, CT_TCOPY_BOUND, &j);
  ct_judged(&j, o);
}

/* TCOPY-4: source and destination of one atom element address one element. */
CT_FN void ct_p_tcopy_4(const ct_case *c, ct_outcome *o) {
  ct_tc_case x;
  ct_layout S, D;
  ct_judgement j;
  int mma = ct_tc_mode(c);
  if (!ct_tc_side(c, mma, CT_COPY_SRC, &x, &S, o) || !ct_tc_side(c, mma, CT_COPY_DST, &x, &D, o)) return;
  ct_judge_tcopy_4(&x.a, &x.TV, &S, &D, CT_TCOPY_BOUND, &j);
  ct_judged(&j, o);
}

/* TCOPY-5: the register side is the tiled layout (the MMA's fragment). */
CT_FN void ct_p_tcopy_5(const ct_case *c, ct_outcome *o) {
  ct_tc_case x;
  ct_layout L;
  ct_judgement j;
  int which = (int)(c->k[0] & 1);
  if (!ct_tc_side(c, ct_tc_mode(c), which, &x, &L, o)) return;
  ct_judge_tcopy_5(&x.a, &x.TV, which, &L, CT_TCOPY_BOUND, &j);
  ct_judged(&j, o);
}

/* Every static mark of L flipped. */
CT_FN static void ct_tc_flip(ct_layout *L) {
  int i;
  for (i = 0; i < L->shape.n; ++i)
    if (L->shape.nd[i].kind == CT_INT) L->shape.nd[i].stat = (uint8_t)!L->shape.nd[i].stat;
  for (i = 0; i < L->stride.n; ++i)
    if (L->stride.nd[i].kind == CT_INT) L->stride.nd[i].stat = (uint8_t)!L->stride.nd[i].stat;
}

/* TCOPY-6: thr and val with every mark flipped give the same function and tile. */
CT_FN void ct_p_tcopy_6(const ct_case *c, ct_outcome *o) {
  ct_tc_case x;
  ct_layout L, M, thr, val;
  ct_tuple t1, t2;
  ct_err e;
  int64_t T, V, T2, V2, i;
  int which = (int)(c->k[0] & 1);
  if (!ct_tc_side(c, 0, which, &x, &L, o)) return;
  ct_l_copy(&thr, &x.thr);
  ct_l_copy(&val, &x.val);
  ct_tc_flip(&thr);
  ct_tc_flip(&val);
  if (ct_tiled_copy_tv(&x.a, &thr, &val, which, &M, &e) != CT_OK) {
    CT_FAILS(o, "TCOPY-6: marks flipped, rejected: %s", e.msg);
    return;
  }
  if (!ct_j_tv_sizes(&L, &T, &V) || !ct_j_tv_sizes(&M, &T2, &V2) || T != T2 || V != V2) {
    CT_FAILS(o, "TCOPY-6: marks flipped, other mode sizes");
    return;
  }
  for (i = 0; i < T * V && i < CT_TCOPY_BOUND; ++i)
    if (ct_j_at(&L, i) != ct_j_at(&M, i)) {
      CT_FAILS(o, "TCOPY-6: marks flipped, L(%lld) = %lld, was %lld", (long long)i, (long long)ct_j_at(&M, i),
               (long long)ct_j_at(&L, i));
      return;
    }
  if (ct_tiled_copy_tile(&x.a, &x.thr, &x.val, &t1, &e) != CT_OK ||
      ct_tiled_copy_tile(&x.a, &thr, &val, &t2, &e) != CT_OK || !ct_t_equal(&t1, 0, &t2, 0, 0))
    CT_FAILS(o, "TCOPY-6: marks flipped, another tile");
}

/* tiled_copy_s_tv!ARG_TYPE: 24-bit elements, which no atom's bits divide into. */
CT_FN void ct_p_tcopy_e1(const ct_case *c, ct_outcome *o) {
  ct_tcopy_atom a;
  ct_layout thr, val, L;
  ct_err e;
  ct_code rc;
  ct_case_tiled_copy(c, &a, &thr, &val);
  o->verdict = CT_PASS;
  a.bits = 24;
  rc = ct_tiled_copy_tv(&a, &thr, &val, CT_COPY_SRC, &L, &e);
  o->digest = ct_digest_code(rc);
  if (rc != CT_ARG_TYPE) CT_FAILS(o, "24-bit elements: %s, not ARG_TYPE", ct_code_name(rc));
}

/* tiled_copy_s_tv!ARG_TYPE: half the atom's threads ((Ta/2):1; a one-thread
 * atom: half its reference values). */
CT_FN void ct_p_tcopy_e2(const ct_case *c, ct_outcome *o) {
  ct_tcopy_atom a;
  ct_layout thr, val, L;
  ct_err e;
  ct_code rc;
  int64_t Vr;
  ct_case_tiled_copy(c, &a, &thr, &val);
  o->verdict = CT_PASS;
  Vr = ct_copy_values(a.st, a.num, CT_COPY_REF) / a.bits;
  if (a.st == CT_COPY_ONE && Vr == 1) { /* one element a thread: 24 bits instead */
    a.bits = 24;
  } else if (a.st == CT_COPY_ONE) {
    ct_l_set_int(&val, Vr / 2, 1, 1, 1);
  } else {
    ct_l_set_int(&thr, ct_copy_threads(a.st) / 2, 1, 1, 1);
  }
  rc = ct_tiled_copy_tv(&a, &thr, &val, CT_COPY_DST, &L, &e);
  o->digest = ct_digest_code(rc);
  if (rc != CT_ARG_TYPE) CT_FAILS(o, "too few threads or values for the atom: %s, not ARG_TYPE", ct_code_name(rc));
}

/* tiled_copy_s_tv!NOT_INJECTIVE: a thread layout (2, s):(0, 1) repeats thread indices. */
CT_FN void ct_p_tcopy_e3(const ct_case *c, ct_outcome *o) {
  ct_tcopy_atom a;
  ct_layout thr, val, L, x, y;
  const ct_layout *two[2];
  ct_err e;
  ct_code rc;
  ct_val s;
  ct_case_tiled_copy(c, &a, &thr, &val);
  o->verdict = CT_PASS;
  if (ct_l_size(&thr, &s, &e) != CT_OK) s.v = 32;
  ct_l_set_int(&x, 2, 1, 0, 1);
  ct_l_set_int(&y, s.v, 1, 1, 1);
  two[0] = &x;
  two[1] = &y;
  if (ct_l_concat(two, 2, &thr, &e) != CT_OK) return;
  rc = ct_tiled_copy_tv(&a, &thr, &val, CT_COPY_SRC, &L, &e);
  o->digest = ct_digest_code(rc);
  if (rc != CT_NOT_INJECTIVE) CT_FAILS(o, "thread layout (2, s):(0, 1): %s, not NOT_INJECTIVE", ct_code_name(rc));
}

/* TCOPY-7: make_tiled_copy_C_atom of the case's tiled MMA, by stmatrix x1,
 * x2, x4 or a universal copy of 1 or 2 elements (k1): its tiled layout read
 * through its tiler is C's first values; its source counted (TCOPY-3). */
CT_FN void ct_p_tcopy_7(const ct_case *c, ct_outcome *o) {
  ct_tcopy_atom a;
  ct_tiled_mma t;
  ct_layout C, TV, t0, t1, S, lay, src;
  ct_judgement j;
  ct_err e;
  int64_t tile[3], T, Vs, n0, n1;
  int op, k = (int)((uint64_t)c->k[1] % 5);
  ct_case_tiled_mma_sm70(c, &t, &op);
  a.bits = t.bits <= 16 ? 16 : 32;
  if (k < 3) {
    a.st = CT_COPY_STSM;
    a.num = 1 << k;
    a.trans = 0;
    if (a.bits != 16) a.bits = 32;
  } else {
    a.st = CT_COPY_ONE;
    a.trans = CT_COPY_UNIVERSAL;
    a.num = a.bits * (k - 2);
  }
  o->digest = ct_mix64((uint64_t)(t.m + 128 * t.n + 65536 * t.k) * 64u + (uint64_t)k);
  if (ct_tiled_mma_tv(&t, CT_MMA_C, &C, &e) != CT_OK || ct_tiled_mma_check(&t, &lay, tile, &e) != CT_OK ||
      ct_tcopy_atom_tv(&a, CT_COPY_SRC, &src, &e) != CT_OK || !ct_j_tv_sizes(&src, &T, &Vs)) {
    CT_FAILS(o, "the case's tiled MMA or atom rejected: %s", e.msg);
    return;
  }
  if (!ct_j_tv_sizes(&C, &T, &n0) || Vs > n0) { /* the atom's values exceed the MMA's: ARG_TYPE */
    if (ct_tiled_copy_c_atom_tv(&a, &t, CT_COPY_SRC, &S, &e) != CT_ARG_TYPE)
      CT_FAILS(o, "TCOPY-PRE: %lld source values over %lld a thread accepted", (long long)Vs, (long long)n0);
    return;
  }
  if (ct_tiled_copy_c_atom_parts(&a, &t, &TV, &t0, &t1, &e) != CT_OK) {
    CT_FAILS(o, "make_tiled_copy_C_atom (%d,%d,%d,%d), atom %d: %s", t.m, t.n, t.k, t.bits, k, e.msg);
    return;
  }
  ct_judge_tcopy_7(&C, tile[0], Vs, &TV, &t0, &t1, CT_TCOPY_BOUND, &j);
  ct_judged(&j, o);
  if (o->verdict != CT_PASS) return;
  if (ct_tiled_copy_c_atom_tv(&a, &t, CT_COPY_SRC, &S, &e) != CT_OK) {
    if (e.code != CT_SHAPE_DIVISIBILITY) CT_FAILS(o, "make_tiled_copy_C_atom's source: %s", e.msg);
    return;
  }
  n0 = ct_j_size(&t0);
  n1 = ct_j_size(&t1);
  ct_judge_tcopy_3(&a, &TV, CT_COPY_SRC, &S, n0 * n1, CT_TCOPY_BOUND, &j);
  ct_judged(&j, o);
}

/* The partitions (TCOPY-8..TCOPY-11): the case's tiled copy (TCOPY-9:
 * make_tiled_copy, _A/_B/_C or _S/_D by k0, the partitions of
 * tiled_copy_impl_*; TCOPY-8: make_tiled_copy or _S/_D, the tiled MMA's
 * forms costing 3 times as much a case; TCOPY-10: make_tiled_copy, whose
 * tiled layout holds each element once) over a tensor X of k_i tiles along each tile mode (k_i in 1..3, drawn),
 * column- or row-major; X swizzled for TCOPY-10. */
typedef struct {
  ct_tc_case x;
  ct_tuple tile;
  ct_tiler T;
  int64_t t[CT_MAX_RANK];
  int rt;
  ct_layout X, L;
  int which, tl; /* tl: T a tiler of layouts (_C_atom's, make_cotiled_copy's) */
} ct_tcp_case;

/* The tile (M, K), (N, K) or (M, N) of the case's tiled MMA operand: TCOPY-1
 * checks it is tiled_copy_x_tile's; read here without building the copy again. */
CT_FN static ct_code ct_tcp_mma_tile(const ct_tc_case *x, ct_tuple *tile, ct_err *e) {
  ct_layout lay;
  int64_t t3[3];
  int r, cc, h;
  CT_TRY(ct_tiled_mma_check(&x->t, &lay, t3, e));
  ct_tiled_mma_modes(x->op, &r, &cc);
  ct_t_clear(tile);
  CT_TRY(ct_t_open(tile, &h, e));
  CT_TRY(ct_t_push_int(tile, t3[r], 0, e));
  CT_TRY(ct_t_push_int(tile, t3[cc], 0, e));
  return ct_t_close(tile, h, e);
}

/* The case's tensor X of shape sh, compact, row- or column-major by bit
 * 20 of the case's hash h (ct_tcp_build, ct_tcp_build_tl). */
CT_FN static int ct_tcp_tensor(const ct_tuple *sh, uint64_t h, ct_layout *X, ct_outcome *o) {
  ct_err e;
  if ((h >> 20) & 1 ? ct_l_compact_right(sh, X, &e) != CT_OK : ct_l_compact_left(sh, X, &e) != CT_OK) {
    CT_FAILS(o, "the case's tensor rejected: %s", e.msg);
    return 0;
  }
  return 1;
}

CT_FN static int ct_tcp_build(const ct_case *c, int mode, ct_tcp_case *p, ct_outcome *o) {
  ct_err e;
  ct_tuple sh;
  uint64_t h = ct_mix64((uint64_t)c->k[1] * 40503u + (uint64_t)c->k[0] + 17u);
  int i, hs;
  int64_t n = 1;
  p->which = (int)(c->k[0] & 1);
  p->tl = 0;
  if (!ct_tc_side(c, mode, p->which, &p->x, &p->L, o)) return 0;
  if ((mode == 1 ? ct_tcp_mma_tile(&p->x, &p->tile, &e)
                 : ct_make_layout_tv_tiler(&p->x.thr, &p->x.val, &p->tile, &e)) != CT_OK ||
      ct_tiled_copy_tiler(&p->tile, &p->T, &e) != CT_OK) {
    CT_FAILS(o, "the case's tile rejected: %s", e.msg);
    return 0;
  }
  p->rt = p->tile.nd[0].kind == CT_TUPLE ? p->tile.nd[0].rank : 1;
  ct_t_clear(&sh);
  if (ct_t_open(&sh, &hs, &e) != CT_OK) return 0;
  for (i = 0; i < p->rt; ++i) {
    int64_t s = p->tile.nd[0].kind == CT_TUPLE ? p->tile.nd[ct_t_child(&p->tile, 0, i)].v : p->tile.nd[0].v;
    int64_t k = 1 + (int64_t)((h >> (4 * i)) % 3);
    if (n * s * k > CT_TCOPY_COVER_MAX / 4 || mode != 0) k = 1; /* the other forms: one tile a mode */
    p->t[i] = s;
    n *= s * k;
    if (ct_t_push_int(&sh, s * k, 0, &e) != CT_OK) return 0;
  }
  if (ct_t_close(&sh, hs, &e) != CT_OK) return 0;
  return ct_tcp_tensor(&sh, h, &p->X, o);
}

CT_FN static int ct_cot_case(const ct_case *c, ct_layout *atv, ct_layout *data, ct_layout *TV, ct_tiler *T,
                             ct_outcome *o);

/* The case's copy by a tiler of layouts (TCOPY-8, TCOPY-9): form 0
 * make_tiled_copy_C_atom of the case's tiled MMA (0 where the atom does not
 * fit it), 1 make_cotiled_copy of TCOPY-12's case (0 where the case's atom
 * does not tile it); X of k_i cosize(t_i) along tiler mode i (k_i in 1..2,
 * drawn), column- or row-major. */
CT_FN static int ct_tcp_build_tl(const ct_case *c, int form, ct_tcp_case *p, ct_outcome *o) {
  ct_err e;
  ct_tuple sh;
  ct_layout t0, t1, atv, data, m, cm;
  ct_tuple ctg;
  const ct_layout *two[2];
  uint64_t h = ct_mix64((uint64_t)c->k[1] * 40503u + (uint64_t)c->k[0] + 19u);
  int i, hs;
  int64_t n = 1;
  p->which = (int)(c->k[0] & 1);
  p->tl = 1;
  if (form == 0) {
    if (!ct_tc_build(c, 1, &p->x, o) || ct_tiled_copy_c_atom_parts(&p->x.a, &p->x.t, &p->x.TV, &t0, &t1, &e) != CT_OK)
      return 0;
    two[0] = &t0;
    two[1] = &t1;
    if (ct_l_concat(two, 2, &p->T, &e) != CT_OK) return 0;
    p->T.shape.nd[0].mark = 1; /* the tiler <t0, t1> */
    p->T.stride.nd[0].mark = 1;
  } else {
    if (!ct_cot_case(c, &atv, &data, &p->x.TV, &p->T, o)) return 0;
    ct_case_tiled_copy(c, &p->x.a, &p->x.thr, &p->x.val); /* the atom ct_cot_build draws */
  }
  if (ct_tiled_copy_of(&p->x.a, &p->x.TV, p->which, &p->L, &e) != CT_OK) return 0; /* TCOPY-PRE: not this atom's */
  o->digest = ct_digest_layout(&p->L);
  p->rt = p->T.shape.nd[0].kind == CT_TUPLE ? ct_l_rank(&p->T) : 1;
  ct_t_clear(&sh);
  if (p->rt > CT_MAX_RANK || ct_t_open(&sh, &hs, &e) != CT_OK) return 0;
  for (i = 0; i < p->rt; ++i) {
    ct_val cs;
    int64_t k = 1 + (int64_t)((h >> (2 * i)) % 2);
    if (p->rt == 1)
      ct_l_copy(&m, &p->T);
    else if (ct_l_mode(&p->T, &i, 1, &m, &e) != CT_OK)
      return 0;
    if (ct_l_cosize(&m, &cs, &e) != CT_OK) return 0;
    if (n * cs.v * k > CT_TCOPY_COVER_MAX / 4) k = 1;
    ct_t_set_int(&ctg, cs.v * k, 0);
    if (ct_complement(&m, &ctg, &cm, &e) != CT_OK) return 0; /* X's mode no tiler divides (CuTe's static_assert) */
    p->t[i] = ct_j_size(&m);
    n *= cs.v * k;
    if (ct_t_push_int(&sh, cs.v * k, 0, &e) != CT_OK) return 0;
  }
  if (ct_t_close(&sh, hs, &e) != CT_OK) return 0;
  return ct_tcp_tensor(&sh, h, &p->X, o);
}

/* The case's partition set-up: a tiler of layouts one case in 16 each
 * (_C_atom, make_cotiled_copy; k1), else ct_tcp_build's `mode`. */
CT_FN static int ct_tcp_any(const ct_case *c, int mode, ct_tcp_case *p, ct_outcome *o) {
  uint64_t f = ct_mix64((uint64_t)c->k[1] * 31u + 7u) % 16;
  if (f < 2) return ct_tcp_build_tl(c, (int)f, p, o);
  p->tl = 0;
  return ct_tcp_build(c, mode, p, o);
}

/* TCOPY-8: tidfrg_S / _D of the case's tensor. */
CT_FN void ct_p_tcopy_8(const ct_case *c, ct_outcome *o) {
  ct_tcp_case p;
  ct_layout D;
  ct_judgement j;
  ct_err e;
  if (!ct_tcp_any(c, ct_tc_mode(c) == 2 ? 2 : 0, &p, o)) return; /* _A/_B/_C: TCOPY-9's (time) */
  if (ct_tiled_copy_tidfrg(&p.x.a, &p.x.TV, &p.T, p.which, &p.X, &D, &e) != CT_OK) {
    if (e.code != CT_SHAPE_DIVISIBILITY) CT_FAILS(o, "tidfrg rejected: %s", e.msg);
    return;
  }
  o->digest = ct_digest_layout(&D);
  ct_judge_tcopy_8(&p.L, p.t, p.rt, p.tl ? &p.T : 0, &p.X, &D, CT_TCOPY_BOUND, &j);
  ct_judged(&j, o);
}

/* TCOPY-9: one thread's partition (drawn) of the case's plain tensor. */
CT_FN void ct_p_tcopy_9(const ct_case *c, ct_outcome *o) {
  ct_tcp_case p;
  ct_composed X, R;
  ct_layout P;
  ct_judgement j;
  ct_err e;
  int64_t T, V, off, t;
  if (!ct_tcp_any(c, ct_tc_mode(c), &p, o) || !ct_j_tv_sizes(&p.L, &T, &V)) return;
  t = (int64_t)(ct_mix64((uint64_t)c->k[1] + 5u) % (uint64_t)T);
  if (ct_tiled_copy_partition(&p.x.a, &p.x.TV, &p.T, p.which, t, &p.X, &P, &off, &e) != CT_OK) {
    if (e.code != CT_SHAPE_DIVISIBILITY) CT_FAILS(o, "partition of thread %lld rejected: %s", (long long)t, e.msg);
    return;
  }
  o->digest = ct_digest_layout(&P) ^ (uint64_t)off;
  ct_cl_of_layout(&p.X, &X);
  ct_cl_of_layout(&P, &R);
  ct_t_set_int(&R.offset, off, 0);
  ct_judge_tcopy_9(&p.L, p.t, p.rt, p.tl ? &p.T : 0, t, &X, &R, CT_TCOPY_BOUND, &j);
  ct_judged(&j, o);
}

/* TCOPY-10: every thread's partition of the case's tensor swizzled
 * (Sw<B,M,S>, B in 1..2, M in 0..3, S in 2..3, drawn; an offset 0 or 8):
 * together they hold each of its values rho times (NVIDIA/cutlass #3160). */
CT_FN void ct_p_tcopy_10(const ct_case *c, ct_outcome *o) {
  CT_JUDGE_SCRATCH int32_t cnt[CT_TCOPY_COVER_MAX]; /* on the GPU a thread's own (a static one was shared) */
  ct_tcp_case p;
  ct_composed X, R;
  ct_layout D;
  ct_judgement j;
  ct_err e;
  uint64_t h = ct_mix64((uint64_t)c->k[1] * 7u + 3u);
  int64_t T, V, t, rho;
  int plain;
  ct_swizzle w;
  if (!ct_tcp_build(c, 0, &p, o) || !ct_j_tv_sizes(&p.L, &T, &V)) return;
  ct_sw_set(&w, 1 + (int)(h % 2), (int)((h / 2) % 4), 2 + (int)((h / 8) % 2));
  if (ct_cl_of_swizzle(&w, &p.X, &X, &plain, &e) != CT_OK) {
    CT_FAILS(o, "the case's swizzle rejected: %s", e.msg);
    return;
  }
  if (plain) ct_cl_of_layout(&p.X, &X);
  ct_t_set_int(&X.offset, (h / 16) % 2 ? 8 : 0, 0);
  rho = ct_copy_values(p.x.a.st, p.x.a.num, p.which) / ct_copy_values(p.x.a.st, p.x.a.num, CT_COPY_REF);
  if (rho < 1 || !ct_judge_tcopy_10_start(&X, rho, cnt)) return;
  o->digest = 0;
  /* partition_cl(thr) is slice_cl(tidfrg, thr): tidfrg once a case, not
   * once a thread (the atom's fit made it 82 cases/s) */
  if (ct_tiled_copy_tidfrg(&p.x.a, &p.x.TV, &p.T, p.which, &X.inner, &D, &e) != CT_OK) {
    if (e.code != CT_SHAPE_DIVISIBILITY) CT_FAILS(o, "tidfrg rejected: %s", e.msg);
    return;
  }
  for (t = 0; t < T; ++t) {
    if (ct_tiled_copy_slice_cl(&X, &D, t, &R, &e) != CT_OK) {
      CT_FAILS(o, "partition of thread %lld rejected: %s", (long long)t, e.msg);
      return;
    }
    o->digest = ct_mix64(o->digest ^ ct_digest_layout(&R.inner) ^ (uint64_t)ct_cl_offset(&R));
    if (ct_judge_tcopy_10_thread(&R, cnt, t, &j) != CT_J_HOLDS) {
      ct_judged(&j, o);
      return;
    }
  }
  ct_judge_tcopy_10_end(cnt, &j);
  ct_judged(&j, o);
}

/* The column-major compact layout (s[0], ..., s[n-1]). */
CT_FN static int ct_tc_compact(const int64_t *s, int n, ct_layout *out) {
  ct_tuple sh;
  ct_err e;
  int hs, i;
  ct_t_clear(&sh);
  if (ct_t_open(&sh, &hs, &e) != CT_OK) return 0;
  for (i = 0; i < n; ++i)
    if (ct_t_push_int(&sh, s[i], 0, &e) != CT_OK) return 0;
  return ct_t_close(&sh, hs, &e) == CT_OK && ct_l_compact_left(&sh, out, &e) == CT_OK;
}

/* TCOPY-11 on a tiled MMA's own fragment (partition_fragment_A/_B/_C of a
 * k1 x k2 grid of tiles, k1 in 1..2, k2 in 1..3, drawn): F compact (FrgV,
 * rr*k1, rc*k2), rr x rc the atom's repeats in the tile, retiled by the
 * case's make_tiled_copy_X; a thread's partition of the tensor must
 * address through R what the MMA's fragment holds (the copy writes the
 * registers the MMA reads), judged at threads 0, T - 1 and two drawn (all
 * T made TCOPY-11 2.3 times slower). Half of them repeat the tile past
 * the atom layout along K (A, B) or N (C), where the case's permutations
 * never do: there alone the registers' order differs from the copy's
 * (mutant 570). */
CT_FN static void ct_tcopy_11_mma(ct_tc_case *x, uint64_t h, ct_outcome *o) {
  ct_tuple tile;
  ct_tiler Tl;
  ct_layout F, R, X, D, P, lay;
  ct_judgement j;
  ct_err e;
  int64_t t3[3], a3[3], f[4], fs[3], xs[2], lr, lc, T, V, k2, t, off;
  int r, cc, q;
  ct_tiled_mma_modes(x->op, &r, &cc);
  if ((h >> 11) % 2 && !x->t.has_perm[cc] && ct_tiled_mma_check(&x->t, &lay, t3, &e) == CT_OK) {
    /* the operand's second mode repeated past the atom layout (K of A and
       B, N of C): the registers of a tile no longer follow the copy's order */
    ct_l_set_int(&x->t.perm[cc], 2 * t3[cc], 1, 1, 1);
    x->t.has_perm[cc] = 1;
    if (ct_tiled_mma_tv(&x->t, x->op, &x->TV, &e) != CT_OK) {
      CT_FAILS(o, "the case's tiled MMA with mode %d repeated rejected: %s", cc, e.msg);
      return;
    }
    ct_tc_fit_or_universal(x);
  }
  if (ct_tiled_mma_check(&x->t, &lay, t3, &e) != CT_OK || !ct_j_tv_sizes(&x->TV, &T, &V) ||
      ct_l_mode_size(&lay, r, &lr, &e) != CT_OK || ct_l_mode_size(&lay, cc, &lc, &e) != CT_OK)
    return;
  a3[0] = x->t.m;
  a3[1] = x->t.n;
  a3[2] = x->t.k;
  f[1] = t3[r] / (a3[r] * lr);
  f[2] = t3[cc] / (a3[cc] * lc);
  if (f[1] < 1 || f[2] < 1 || V % (f[1] * f[2]) != 0) {
    CT_FAILS(o, "TCOPY-11: the tiled MMA's %lld values a thread are no multiple of its %lld x %lld repeats",
             (long long)V, (long long)f[1], (long long)f[2]);
    return;
  }
  f[0] = V / (f[1] * f[2]);
  f[3] = 1 + (int64_t)((h >> 8) % 2);
  k2 = 1 + (int64_t)((h >> 9) % 3);
  fs[0] = f[0];
  fs[1] = f[1] * f[3];
  fs[2] = f[2] * k2;
  xs[0] = t3[r] * f[3]; /* the tensor: column-major (tr*k1) x (tc*k2) */
  xs[1] = t3[cc] * k2;
  if (!ct_tc_compact(fs, 3, &F) || !ct_tc_compact(xs, 2, &X)) return;
  if (ct_tiled_copy_mma_tile(&x->a, &x->t, x->op, &tile, &e) != CT_OK || ct_tiled_copy_tiler(&tile, &Tl, &e) != CT_OK) {
    CT_FAILS(o, "the case's make_tiled_copy_%c tile rejected: %s", "ABC"[x->op], e.msg);
    return;
  }
  if (ct_tiled_copy_retile(&x->a, &x->TV, &tile, &F, &R, &e) != CT_OK) {
    if (e.code != CT_SHAPE_DIVISIBILITY) CT_FAILS(o, "retile of the MMA's fragment rejected: %s", e.msg);
    return;
  }
  o->digest = ct_digest_layout(&R);
  ct_judge_tcopy_11(&F, &R, &j);
  if (j.status == CT_J_HOLDS) {
    if (ct_tiled_copy_tidfrg(&x->a, &x->TV, &Tl, CT_COPY_REF, &X, &D, &e) != CT_OK) {
      CT_FAILS(o, "tidfrg of the MMA's tensor rejected: %s", e.msg);
      return;
    }
    for (q = 0; q < 4; ++q) { /* threads 0 and T - 1, two drawn */
      t = q == 0 ? 0 : q == 1 ? T - 1 : (int64_t)(ct_mix64(h + (uint64_t)q) % (uint64_t)T);
      if (ct_tiled_copy_slice(&D, t, &P, &off, &e) != CT_OK) {
        CT_FAILS(o, "partition of thread %lld rejected: %s", (long long)t, e.msg);
        return;
      }
      if (ct_judge_tcopy_11_mma(&x->TV, t, f, t3[r], t3[cc], &R, &P, off, &j) != CT_J_HOLDS) break;
    }
  }
  ct_judged(&j, o);
}

/* TCOPY-11: retile of a fragment (V, k1, k2), compact, by the case's
 * tiled copy of each construction (drawn, k1): make_tiled_copy_X of the
 * case's tiled MMA, make_tiled_copy_S/_D, make_tiled_copy_C_atom of the
 * tiled MMA (its tiler of layouts; _X where the atom does not fit) and
 * make_cotiled_copy (TCOPY-12's case, its tiler of layouts); V the tiled
 * layout's values a thread, halved (drawn) down to the atom's reference
 * values. Half the _A/_B/_C cases retile the MMA's own fragment instead
 * and judge the registers' order too (ct_tcopy_11_mma). */
CT_FN void ct_p_tcopy_11(const ct_case *c, ct_outcome *o) {
  ct_tc_case x;
  ct_tuple tile;
  ct_layout F, R, TV, t0, t1, atv, data;
  ct_tiler Tl;
  const ct_layout *two[2];
  ct_judgement j;
  ct_err e;
  uint64_t h = ct_mix64((uint64_t)c->k[1] * 13u + 11u);
  int64_t T, V, Vr, fs[3];
  int form = (int)((h >> 3) % 4); /* 0 _A/_B/_C, 1 _S/_D, 2 _C_atom, 3 make_cotiled_copy */
  if (form == 3) {
    if (!ct_cot_case(c, &atv, &data, &TV, &Tl, o)) return;
    ct_case_tiled_copy(c, &x.a, &x.thr, &x.val); /* the atom ct_cot_build draws */
    if (ct_tiled_copy_of(&x.a, &TV, CT_COPY_REF, &F, &e) != CT_OK) return; /* TCOPY-PRE: not this atom's */
    ct_tiled_copy_tiler_shape(&Tl, &tile);
  } else if (form == 1) {
    if (!ct_tc_build(c, 2, &x, o)) return;
    ct_l_copy(&TV, &x.TV);
    if (ct_make_layout_tv_tiler(&x.thr, &x.val, &tile, &e) != CT_OK) {
      CT_FAILS(o, "the case's make_tiled_copy tile rejected: %s", e.msg);
      return;
    }
  } else {
    if (!ct_tc_build(c, 1, &x, o)) return;
    if (form == 0 && (h >> 7) % 2) {
      ct_tcopy_11_mma(&x, h, o);
      return;
    }
    if (form == 2 && ct_tiled_copy_c_atom_parts(&x.a, &x.t, &TV, &t0, &t1, &e) == CT_OK) {
      two[0] = &t0;
      two[1] = &t1;
      if (ct_l_concat(two, 2, &Tl, &e) != CT_OK) return;
      ct_tiled_copy_tiler_shape(&Tl, &tile);
    } else {
      ct_l_copy(&TV, &x.TV);
      if (ct_tiled_copy_mma_tile(&x.a, &x.t, x.op, &tile, &e) != CT_OK) {
        CT_FAILS(o, "the case's make_tiled_copy_%c rejected: %s", "ABC"[x.op], e.msg);
        return;
      }
    }
  }
  if (!ct_j_tv_sizes(&TV, &T, &V)) return;
  Vr = ct_copy_values(x.a.st, x.a.num, CT_COPY_REF) / x.a.bits;
  if ((h & 1) && V % 2 == 0 && (V / 2) % Vr == 0) V /= 2;
  fs[0] = V;
  fs[1] = 1 + (int64_t)((h >> 1) % 2);
  fs[2] = 1 + (int64_t)((h >> 5) % 3);
  if (!ct_tc_compact(fs, 3, &F)) return;
  if (ct_tiled_copy_retile(&x.a, &TV, &tile, &F, &R, &e) != CT_OK) {
    if (e.code != CT_SHAPE_DIVISIBILITY) CT_FAILS(o, "retile (form %d) rejected: %s", form, e.msg);
    return;
  }
  o->digest = ct_digest_layout(&R);
  ct_judge_tcopy_11(&F, &R, &j);
  ct_judged(&j, o);
}

/* make_cotiled_copy (TCOPY-12, TCOPY-13): the case's make_tiled_copy tile
 * (m_0, ...) inside a data layout of shape (k_0 m_0, ...) (k_i in 1..2),
 * column-major, row-major or column-major with its first stride padded by
 * 1 (drawn); atom_tv = the data's strides over the tile, composed with the
 * case's make_layout_tv: each (t, v) points to the data's address of its
 * tile element. `half` then cuts the data's last mode to half (or one
 * short), its strides kept: the addresses past it point outside the data
 * (NOT_IN_DATA) unless the tile lies in the half. */
CT_FN static int ct_cot_build(const ct_case *c, int half, ct_layout *atv, ct_layout *data, ct_outcome *o) {
  ct_tcopy_atom a;
  ct_layout thr, val, TV, E;
  ct_tuple tile;
  ct_err e;
  uint64_t h = ct_mix64((uint64_t)c->k[1] * 7919u + (uint64_t)c->k[0] + 29u);
  int64_t m[CT_MAX_RANK], s[CT_MAX_RANK], d[CT_MAX_RANK], prod = 1;
  int r, i, order = (int)(h % 3);
  ct_case_tiled_copy(c, &a, &thr, &val);
  if (ct_make_layout_tv(&thr, &val, &TV, &e) != CT_OK || ct_make_layout_tv_tiler(&thr, &val, &tile, &e) != CT_OK) {
    CT_FAILS(o, "make_layout_tv of the case rejected: %s", e.msg);
    return 0;
  }
  r = tile.nd[0].kind == CT_TUPLE ? tile.nd[0].rank : 1;
  for (i = 0; i < r; ++i) {
    m[i] = tile.nd[0].kind == CT_TUPLE ? tile.nd[ct_t_child(&tile, 0, i)].v : tile.nd[0].v;
    s[i] = m[i] * (1 + (int64_t)((h >> (2 + i)) & 1));
  }
  for (i = 0; i < r; ++i) { /* strides of the full data: column-major, row-major, or padded */
    int k = order == 1 ? r - 1 - i : i;
    d[k] = prod;
    prod *= s[k];
    if (order == 2 && i == 0 && r > 1) prod += 1;
  }
  if (half) s[r - 1] = s[r - 1] % 2 == 0 ? s[r - 1] / 2 : s[r - 1] - 1; /* then its last mode cut short */
  if (s[r - 1] < 1) s[r - 1] = 1;
  /* E: the tile (m_0, ...) with the full data's strides */
  if (!ct_tc_compact(m, r, &E)) return 0;
  for (i = 0; i < r; ++i) E.stride.nd[ct_t_child(&E.stride, 0, i)].v = d[i];
  if (ct_composition(&E, &TV, atv, &e) != CT_OK) {
    CT_FAILS(o, "the case's atom TV layout rejected: %s", e.msg);
    return 0;
  }
  ct_l_copy(data, &E);
  for (i = 0; i < r; ++i) data->shape.nd[ct_t_child(&data->shape, 0, i)].v = s[i];
  o->digest = ct_mix64(ct_digest_layout(atv) ^ ct_digest_layout(data));
  return 1;
}

/* The case's cotiled copy of addresses its data holds: 1 with its tiled
 * layout and tiler, else 0 with the outcome said (TCOPY-12, TCOPY-13). */
CT_FN static int ct_cot_case(const ct_case *c, ct_layout *atv, ct_layout *data, ct_layout *TV, ct_tiler *T,
                             ct_outcome *o) {
  ct_err e;
  if (!ct_cot_build(c, 0, atv, data, o)) return 0;
  if (ct_cotiled_copy(atv, data, TV, T, &e) != CT_OK) {
    CT_FAILS(o, "make_cotiled_copy of addresses the data holds rejected: %s", e.msg);
    return 0;
  }
  o->digest = ct_mix64(ct_digest_layout(TV) ^ ct_digest_layout(T));
  return 1;
}

/* TCOPY-12: every (t, v) of the case's cotiled copy reads the address the atom points to. */
CT_FN void ct_p_tcopy_12(const ct_case *c, ct_outcome *o) {
  ct_layout atv, data, TV;
  ct_tiler T;
  ct_judgement j;
  if (!ct_cot_case(c, &atv, &data, &TV, &T, o)) return;
  ct_judge_tcopy_12(&atv, &data, &TV, &T, CT_TCOPY_BOUND, &j);
  ct_judged(&j, o);
}

/* TCOPY-13: the tiler keeps the data's modes, each the coordinates reached. */
CT_FN void ct_p_tcopy_13(const ct_case *c, ct_outcome *o) {
  ct_layout atv, data, TV;
  ct_tiler T;
  ct_judgement j;
  if (!ct_cot_case(c, &atv, &data, &TV, &T, o)) return;
  ct_judge_tcopy_13(&data, &TV, &T, &j);
  ct_judged(&j, o);
}

/* tiled_copy_cotiled_tv!NOT_IN_DATA: the data's last mode cut short; the
 * rejection is right iff some (t, v) points to an address the data does
 * not hold (its image counted in a bitmap), and an answer iff none does. */
CT_FN void ct_p_tcopy_e4(const ct_case *c, ct_outcome *o) {
  uint64_t img[CT_TCOPY_IMG_WORDS];
  ct_layout atv, data, TV;
  ct_tiler T;
  ct_err e;
  ct_code rc;
  int64_t n, i, x, outside = -1;
  if (!ct_cot_build(c, 1, &atv, &data, o)) return;
  o->verdict = CT_PASS;
  for (i = 0; i < CT_TCOPY_IMG_WORDS; ++i) img[i] = 0;
  n = ct_j_size(&data);
  for (i = 0; i < n; ++i) {
    x = ct_j_at(&data, i);
    if (x < 0 || x >= 64 * CT_TCOPY_IMG_WORDS) return; /* too wide to tabulate: unchecked */
    img[x / 64] |= (uint64_t)1 << (x % 64);
  }
  n = ct_j_size(&atv);
  for (i = 0; i < n && outside < 0; ++i) {
    x = ct_j_at(&atv, i);
    if (x < 0 || x >= 64 * CT_TCOPY_IMG_WORDS || !((img[x / 64] >> (x % 64)) & 1)) outside = i;
  }
  rc = ct_cotiled_copy(&atv, &data, &TV, &T, &e);
  o->digest = ct_digest_code(rc);
  if (outside >= 0 && rc != CT_NOT_IN_DATA)
    CT_FAILS(o, "atom index %lld points outside the data: %s, not NOT_IN_DATA", (long long)outside, ct_code_name(rc));
  if (outside < 0 && rc != CT_OK) CT_FAILS(o, "every address in the data, rejected: %s", ct_code_name(rc));
}
