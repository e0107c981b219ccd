/* props_mma.c -- properties of spec/mma.md: MMA-1..MMA-6 on every atom of
 * the atlas. A case of CT_GEN_SWIZZLE picks one atom (ct_case_mma): one of
 * PTX's 17 mma.sync shapes, or a wgmma of N = 8..256 and 32-, 16- or 8-bit
 * A, and an operand. Each property visits every (thread, value). */
#include "judge/judge_mma.h"
#include "props/props.h"
#include "props/props_list.h"
#include "props/props_mma.h"
#include "ref/mma_atom.h"

/* The largest (thread, value) count a property visits: wgmma's C of N =
 * 256, on the host and the GPU alike (the judges' one scratch is a bitmap
 * of the tile). */
#define CT_MMA_BOUND CT_MMA_TILE_MAX

/* The atom and operand of a case: a mix of k1 and w0, so that every atom
 * comes up; a quarter of the cases are wgmma. */
CT_FN void ct_case_mma(const ct_case *c, int *m, int *n, int *k, int *bits, int *op) {
  uint64_t h = ct_mix64((uint64_t)c->k[1] * 131u + (uint64_t)(c->w[0].b + 8 * c->w[0].m + 64 * (c->w[0].s + 16)));
  if (h % 4 == 0) {
    *m = 64;
    *n = 8 * (1 + (int)((h / 4) % 32));
    *bits = 32 >> (int)((h / 128) % 3); /* 32, 16 or 8 */
    *k = 256 / *bits;
  } else {
    ct_mma_sync_shape((int)((h / 4) % CT_MMA_SYNC_SHAPES), m, n, k, bits);
  }
  *op = (int)((h / 512) % 3);
}

/* The case's atom (ct_case_mma) and form x[5]: an eighth of the cases are
 * SM70's quad-pair atoms instead, each of their eight forms alike (MMA-QP;
 * ct_case_mma, which the requests' generators share, keeps to atoms that
 * (M, N, K, bits) names). */
CT_FN static void ct_case_mma_form(const ct_case *c, int *x) {
  uint64_t h = ct_mix64((uint64_t)c->k[0] * 7919u + (uint64_t)c->k[1] * 131u + 70u);
  ct_case_mma(c, &x[0], &x[1], &x[2], &x[3], &x[4]);
  x[5] = 0;
  if (h % 8 == 0) {
    x[0] = x[1] = 8;
    x[2] = 4;
    x[3] = 16;
    x[5] = CT_MMA_QP | (int)((h / 8) % 8);
  }
}

/* The case's atom, operand `op` (or the case's own where op < 0), built. */
CT_FN static int ct_mma_of_case(const ct_case *c, int op, int *x, ct_layout *L, ct_outcome *o) {
  ct_err e;
  ct_case_mma_form(c, x);
  if (op >= 0) x[4] = op;
  o->digest = ct_mix64((uint64_t)(x[0] + 128 * x[1] + 65536 * x[2] + 16777216 * x[3]) * 64u + (uint64_t)x[4] +
                       4u * (uint64_t)x[5]);
  if (ct_mma_tv_form(x[0], x[1], x[2], x[3], x[5], x[4], L, &e) != CT_OK) {
    CT_FAILS(o, "mma_tv_%c(%d, %d, %d, %d; form %d) rejected: %s", "abc"[x[4]], x[0], x[1], x[2], x[3], x[5], e.msg);
    return 0;
  }
  return 1;
}

/* MMA-1: C (and D) is a bijection onto the M x N tile. */
CT_FN void ct_p_mma_1(const ct_case *c, ct_outcome *o) {
  int x[6];
  ct_layout L;
  ct_judgement j;
  if (!ct_mma_of_case(c, CT_MMA_C, x, &L, o)) return;
  ct_judge_mma_1(x[0], x[1], x[2], x[3], x[5], &L, CT_MMA_BOUND, &j);
  ct_judged(&j, o);
}

/* MMA-2: A and B cover their tiles as PTX distributes them. */
CT_FN void ct_p_mma_2(const ct_case *c, ct_outcome *o) {
  int x[6];
  ct_layout L;
  ct_judgement j;
  if (!ct_mma_of_case(c, -1, x, &L, o)) return;
  if (x[4] == CT_MMA_C) { /* the case's operand is C: take A or B by the case's other bits */
    x[4] = (int)(c->k[1] & 1);
    if (!ct_mma_of_case(c, x[4], x, &L, o)) return;
  }
  ct_judge_mma_2(x[0], x[1], x[2], x[3], x[5], x[4], &L, CT_MMA_BOUND, &j);
  ct_judged(&j, o);
}

/* MMA-3: the layout is PTX's formula at every (thread, value). */
CT_FN void ct_p_mma_3(const ct_case *c, ct_outcome *o) {
  int x[6];
  ct_layout L;
  ct_judgement j;
  if (!ct_mma_of_case(c, -1, x, &L, o)) return;
  ct_judge_mma_3(x[0], x[1], x[2], x[3], x[5], x[4], &L, CT_MMA_BOUND, &j);
  ct_judged(&j, o);
}

/* MMA-4: 32 (128) threads, and PTX's register count of values. */
CT_FN void ct_p_mma_4(const ct_case *c, ct_outcome *o) {
  int x[6];
  ct_layout L;
  ct_judgement j;
  if (!ct_mma_of_case(c, -1, x, &L, o)) return;
  ct_judge_mma_4(x[0], x[1], x[2], x[3], x[5], x[4], &L, &j);
  ct_judged(&j, o);
}

/* MMA-5: a register's elements are consecutive along K (C's pairs along N). */
CT_FN void ct_p_mma_5(const ct_case *c, ct_outcome *o) {
  int x[6];
  ct_layout L;
  ct_judgement j;
  if (!ct_mma_of_case(c, -1, x, &L, o)) return;
  ct_judge_mma_5(x[0], x[1], x[2], x[3], x[5], x[4], &L, CT_MMA_BOUND, &j);
  ct_judged(&j, o);
}

/* The UMMA atom of a case (MMA-UMMA): one or two CTAs, M and N that PTX
 * allows for them, K of 32-, 16-, 8- or 4-bit A, an operand (props_mma.h). */
CT_FN void ct_case_umma(const ct_case *c, int *x) {
  uint64_t h = ct_mix64((uint64_t)c->k[1] * 613u + (uint64_t)c->k[0] * 17u + 100u);
  x[3] = 1 + (int)(h % 2);
  x[0] = (x[3] == 1 ? 64 : 128) << (int)((h / 2) % 2);
  x[1] = (x[0] == 64 ? 8 : 16) * (1 + (int)((h / 4) % (x[0] == 64 ? 32 : 16)));
  x[2] = 8 << (int)((h / 128) % 4);
  x[4] = (int)((h / 512) % 3);
  if (x[4] == CT_MMA_C && x[0] * x[1] > CT_MMA_BOUND) x[1] = CT_MMA_BOUND / x[0]; /* a C the judge marks whole */
}

/* MMA-6: UMMA's operand: CTA c holds its block of rows, every element once. */
CT_FN void ct_p_mma_6(const ct_case *c, ct_outcome *o) {
  int x[5];
  ct_layout L;
  ct_judgement j;
  ct_err e;
  ct_case_umma(c, x);
  o->digest = ct_mix64((uint64_t)(x[0] + 512 * x[1] + 262144 * x[2]) * 8u + (uint64_t)(x[3] * 3 + x[4]));
  if (ct_umma_tv(x[0], x[1], x[2], x[3], x[4], &L, &e) != CT_OK) {
    CT_FAILS(o, "umma_tv_%c(%d, %d, %d, %d) rejected: %s", "abc"[x[4]], x[0], x[1], x[2], x[3], e.msg);
    return;
  }
  ct_judge_mma_6(x[0], x[1], x[2], x[3], x[4], &L, CT_MMA_BOUND, &j);
  ct_judged(&j, o);
}
