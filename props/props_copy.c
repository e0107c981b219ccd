/* props_copy.c -- properties of spec/copy.md: COPY-1..COPY-7 on the twelve
 * ldmatrix and stmatrix atoms, SM100's five .b8 forms, movmatrix and the
 * one-thread atoms. A case of CT_GEN_SWIZZLE picks one atom and
 * one of its layouts (ct_case_copy); each property visits every (thread,
 * value). */
#include "judge/judge_copy.h"
#include "judge/judge_tmem.h"
#include "props/props.h"
#include "props/props_copy.h"
#include "props/props_list.h"
#include "ref/copy_atom.h"

/* The most (thread, value) pairs a property visits: 32 threads x 128 bits. */
#define CT_COPY_BOUND 4096

CT_FN void ct_case_copy(const ct_case *c, int *st, int *num, int *trans, int *which) {
  uint64_t h = ct_mix64((uint64_t)c->k[1] * 977u + (uint64_t)(c->w[0].b + 8 * c->w[0].m + 64 * (c->w[0].s + 16)));
  int k = (int)(h % 16), kind = (int)((h / 16) % 4);
  *which = (int)((h / 64) % 3);
  if (k < CT_COPY_ATOMS) {
    ct_copy_atom_k(k, st, num, trans);
    return;
  }
  if (k == CT_COPY_ATOMS && (h / 1024) % 2 == 0) { /* an eighth of the rest: movmatrix (COPY-MOVM) */
    *st = CT_COPY_MOVM;
    *num = 1;
    *trans = 0;
    return;
  }
  /* a quarter of the cases: a one-thread atom, of bits its kind allows, up
   * to 4096 (TMA: whole bytes) so that the judges see every bit */
  *st = CT_COPY_ONE;
  *trans = kind;
  h /= 192;
  if (kind == CT_COPY_UNIVERSAL) *num = 1 << (int)(h % 11);
  else if (kind == CT_COPY_CP_ASYNC_CA) *num = 32 << (int)(h % 3);
  else if (kind == CT_COPY_CP_ASYNC_CG) *num = 128;
  else *num = 8 * (1 + (int)(h % 512));
}

/* The properties' atom of a case: an eighth of the cases one of SM100's
 * .b8 forms (COPY-B8), the rest ct_case_copy's (which the conformance
 * vectors' requests also take, unchanged by these forms). */
CT_FN static void ct_case_copy_props(const ct_case *c, int *st, int *num, int *trans, int *which) {
  uint64_t h = ct_mix64((uint64_t)c->k[1] * 131u + 7u);
  if (h % 8 != 0) {
    ct_case_copy(c, st, num, trans, which);
    return;
  }
  ct_copy_b8_atom_k((int)((h / 8) % CT_COPY_B8_ATOMS), st, num, trans);
  *which = (int)((h / 64) % 3);
}

/* The case's atom and its layout `which` (the case's own where which < 0). */
CT_FN static int ct_copy_of_case(const ct_case *c, int which, int *x, ct_layout *L, ct_outcome *o) {
  ct_err e;
  ct_case_copy_props(c, &x[0], &x[1], &x[2], &x[3]);
  if (which >= 0) x[3] = which;
  o->digest = ct_mix64((uint64_t)x[0] + 4u * (uint64_t)x[1] + 65536u * (uint64_t)(x[2] + 4 * x[3]));
  if (ct_copy_tv(x[0], x[1], x[2], x[3], L, &e) != CT_OK) {
    CT_FAILS(o, "copy_tv(%s x%d%s, %d) rejected: %s",
             x[0] == CT_COPY_ONE ? "one-thread" : x[0] == CT_COPY_MOVM ? "movmatrix" : x[0] == CT_COPY_LDSM16 ? "ldmatrix.m16n16" : x[0] == CT_COPY_STSM8 ? "stmatrix.m16n8" : x[0] ? "stmatrix" : "ldmatrix", x[1], x[2] ? " .trans/kind" : "",
             x[3], e.msg);
    return 0;
  }
  return 1;
}

/* The case's atom's register side (ldmatrix's dst, stmatrix's src) or
 * address side. */
CT_FN static int ct_copy_side(const ct_case *c, int regs, int *x, ct_layout *L, ct_outcome *o) {
  int y[4];
  ct_case_copy_props(c, &y[0], &y[1], &y[2], &y[3]);
  if (y[0] == CT_COPY_MOVM) return ct_copy_of_case(c, y[3] == CT_COPY_SRC ? CT_COPY_SRC : CT_COPY_DST, x, L, o);
  return ct_copy_of_case(c, (y[0] == CT_COPY_STSM || y[0] == CT_COPY_STSM8) == (regs == 1) ? CT_COPY_SRC : CT_COPY_DST,
                         x, L, o);
}

/* COPY-1: 32 threads; PTX's registers x 32 bits, or one 128-bit row. */
CT_FN void ct_p_copy_1(const ct_case *c, ct_outcome *o) {
  int x[4];
  ct_layout L;
  ct_judgement j;
  if (!ct_copy_of_case(c, -1, x, &L, o)) return;
  ct_judge_copy_1(x[0], x[1], x[2], x[3], &L, &j);
  ct_judged(&j, o);
}

/* COPY-2: the register side is a bijection onto the matrices' bits. */
CT_FN void ct_p_copy_2(const ct_case *c, ct_outcome *o) {
  int x[4];
  ct_layout L;
  ct_judgement j;
  if (!ct_copy_side(c, 1, x, &L, o)) return;
  ct_judge_copy_2(x[0], x[1], &L, CT_COPY_BOUND, &j);
  ct_judged(&j, o);
}

/* COPY-3: the address side: a row of 128 bits per lane, every row once (a
 * one-thread atom has none: the judge says so). */
CT_FN void ct_p_copy_3(const ct_case *c, ct_outcome *o) {
  int x[4];
  ct_layout L;
  ct_judgement j;
  if (!ct_copy_side(c, 0, x, &L, o)) return;
  ct_judge_copy_3(x[0], x[1], &L, CT_COPY_BOUND, &j);
  ct_judged(&j, o);
}

/* COPY-4: src, dst and ref of one atom agree in bits. */
CT_FN void ct_p_copy_4(const ct_case *c, ct_outcome *o) {
  int x[4];
  ct_layout S, D, R;
  ct_judgement j;
  if (!ct_copy_of_case(c, CT_COPY_SRC, x, &S, o) || !ct_copy_of_case(c, CT_COPY_DST, x, &D, o) ||
      !ct_copy_of_case(c, CT_COPY_REF, x, &R, o))
    return;
  ct_judge_copy_4(x[0], x[1], &S, &D, &R, CT_COPY_BOUND, &j);
  ct_judged(&j, o);
}

/* COPY-5: the layout is PTX's formula at every (thread, value). */
CT_FN void ct_p_copy_5(const ct_case *c, ct_outcome *o) {
  int x[4];
  ct_layout L;
  ct_judgement j;
  if (!ct_copy_of_case(c, -1, x, &L, o)) return;
  ct_judge_copy_5(x[0], x[1], x[2], x[3], &L, CT_COPY_BOUND, &j);
  ct_judged(&j, o);
}

/* COPY-6: movmatrix's destination is the transpose of PTX's .trans
 * fragment (one atom: the case only numbers it). */
CT_FN void ct_p_copy_6(const ct_case *c, ct_outcome *o) {
  ct_layout L;
  ct_judgement j;
  ct_err e;
  o->digest = ct_mix64((uint64_t)c->k[1]);
  if (ct_copy_tv(CT_COPY_MOVM, 1, 0, CT_COPY_DST, &L, &e) != CT_OK) {
    CT_FAILS(o, "copy_tv_dst(SM75_U32x1_MOVM_T) rejected: %s", e.msg);
    return;
  }
  ct_judge_copy_6(&L, CT_COPY_BOUND, &j);
  ct_judged(&j, o);
}

/* COPY-7: a .b8 form's register side read through its address side is
 * PTX's text (one of the five atoms, by the case). */
CT_FN void ct_p_copy_7(const ct_case *c, ct_outcome *o) {
  int st, num, trans;
  ct_layout A, R;
  ct_judgement j;
  ct_err e;
  ct_copy_b8_atom_k((int)(ct_mix64((uint64_t)c->k[1]) % CT_COPY_B8_ATOMS), &st, &num, &trans);
  o->digest = ct_mix64((uint64_t)st + 8u * (uint64_t)num);
  if (ct_copy_tv(st, num, trans, st == CT_COPY_STSM8 ? CT_COPY_DST : CT_COPY_SRC, &A, &e) != CT_OK ||
      ct_copy_tv(st, num, trans, st == CT_COPY_STSM8 ? CT_COPY_SRC : CT_COPY_DST, &R, &e) != CT_OK) {
    CT_FAILS(o, "copy_tv of the .b8 form (%d, x%d) rejected: %s", st, num, e.msg);
    return;
  }
  ct_judge_copy_7(st, num, &A, &R, CT_COPY_BOUND, &j);
  ct_judged(&j, o);
}

/* The TMEM atom of a case (COPY-TMEM): tcgen05.ld or .st, one of the five
 * shapes, .num x1 .. x8 (the judges mark up to CT_TMEM_BITS_MAX bits). */
CT_FN static void ct_case_tmem(const ct_case *c, int *ld, int *s, int *num) {
  uint64_t h = ct_mix64((uint64_t)c->k[1] * 613u + (uint64_t)c->k[0]);
  *ld = (int)(h % 2);
  *s = (int)((h / 2) % CT_TMEM_SHAPES);
  *num = 1 << (int)((h / 10) % 4);
}

CT_FN static int ct_tmem_of_case(const ct_case *c, int *x, ct_layout *L, ct_outcome *o) {
  ct_err e;
  int k;
  ct_case_tmem(c, &x[0], &x[1], &x[2]);
  o->digest = ct_mix64((uint64_t)x[0] + 2u * (uint64_t)x[1] + 16u * (uint64_t)x[2]);
  for (k = 0; k < 3; ++k)
    if (ct_copy_tv(x[0] ? CT_COPY_TMEM_LD : CT_COPY_TMEM_ST, x[2], x[1], k, &L[k], &e) != CT_OK) {
      CT_FAILS(o, "copy_tv of tcgen05.%s shape %d .x%d, layout %d, rejected: %s", x[0] ? "ld" : "st", x[1], x[2], k,
               e.msg);
      return 0;
    }
  return 1;
}

/* COPY-8: a TMEM atom's TMEM side is the whole tile, its register side a
 * bijection onto it of whole 32-bit columns. */
CT_FN void ct_p_copy_8(const ct_case *c, ct_outcome *o) {
  int x[3];
  ct_layout L[3];
  ct_judgement j;
  if (!ct_tmem_of_case(c, x, L, o)) return;
  ct_judge_copy_8(x[0], x[1], x[2], &L[CT_COPY_SRC], &L[CT_COPY_DST], &L[CT_COPY_REF], &j);
  ct_judged(&j, o);
}

/* COPY-9: a TMEM atom's register side is PTX's figure at every (t, v). */
CT_FN void ct_p_copy_9(const ct_case *c, ct_outcome *o) {
  int x[3];
  ct_layout L[3];
  ct_judgement j;
  if (!ct_tmem_of_case(c, x, L, o)) return;
  ct_judge_copy_9(x[1], x[2], &L[x[0] ? CT_COPY_DST : CT_COPY_SRC], CT_TMEM_BITS_MAX, &j);
  ct_judged(&j, o);
}

/* COPY-10: a TMEM atom's register bits at PTX's Tensor Memory addresses,
 * the case's atom with or without .pack::16b / .unpack::16b (CuTe's `_16b`,
 * COPY-TMEM16): its register side read through ct_tmem_val_id. */
CT_FN void ct_case_tmem_atom(const ct_case *c, int *ld, int *s, int *num, int *pack) {
  ct_case_tmem(c, ld, s, num);
  *pack = (int)((ct_mix64((uint64_t)c->k[0] * 31u + (uint64_t)c->k[1]) >> 7) & 1);
}

/* COPY-11: tcgen05.cp's Tensor Memory addresses (COPY-UTCCP), one of the
 * six shapes by the case, a row and a bit of it checked in full. */
CT_FN void ct_p_copy_11(const ct_case *c, ct_outcome *o) {
  uint64_t h = ct_mix64((uint64_t)c->k[1] * 977u + (uint64_t)c->k[0]);
  int s = (int)(h % CT_UTCCP_SHAPES), r0 = (int)((h >> 8) % 128), y0 = (int)((h >> 16) % 256);
  ct_layout A;
  ct_judgement j;
  ct_err e;
  o->digest = ct_mix64((uint64_t)s + 8u * (uint64_t)r0 + 1024u * (uint64_t)y0);
  if (ct_utccp_val_id(s, &A, &e) != CT_OK) {
    CT_FAILS(o, "tcgen05.cp shape %d rejected: %s", s, e.msg);
    return;
  }
  ct_judge_copy_11(s, &A, r0, y0, &j);
  ct_judged(&j, o);
}

CT_FN void ct_p_copy_10(const ct_case *c, ct_outcome *o) {
  int ld, s, num, pack, kind;
  ct_layout R, A;
  ct_judgement j;
  ct_err e;
  ct_case_tmem_atom(c, &ld, &s, &num, &pack);
  o->digest = ct_mix64((uint64_t)ld + 2u * (uint64_t)s + 16u * (uint64_t)num + 4096u * (uint64_t)pack);
  kind = ld ? CT_COPY_TMEM_LD : CT_COPY_TMEM_ST; /* two enums: no conditional mixes them (-Wenum-compare) */
  if (pack) kind = ld ? CT_COPY_TMEM_LD16 : CT_COPY_TMEM_ST16;
  if (ct_copy_tv(kind, num, s, ld ? CT_COPY_DST : CT_COPY_SRC, &R, &e) != CT_OK ||
      ct_tmem_val_id(s, num, pack, &A, &e) != CT_OK) {
    CT_FAILS(o, "tcgen05.%s shape %d .x%d%s rejected: %s", ld ? "ld" : "st", s, num, pack ? " (16b)" : "", e.msg);
    return;
  }
  ct_judge_copy_10(s, num, pack, &R, &A, CT_TMEM_BITS_MAX, &j);
  ct_judged(&j, o);
}
