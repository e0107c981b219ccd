/* props_linear.c -- linear_layout (spec/linear.md): LIN-1 and LIN-2, judged
 * by judge/judge_linear.c, which reads the definition index by index while
 * ref/linear.c decides by the bits of the images (LIN-ALG). */
#include "judge/judge.h"
#include "props/props.h"
#include "ref/linear.h"

/* Judge linear_layout(L): an answer by LIN-1, a NOT_LINEAR by LIN-2. */
CT_FN static void ct_lin_check(const ct_layout *L, ct_outcome *o) {
  ct_tuple B;
  ct_err e;
  ct_judgement j;
  ct_code rc = ct_linear_layout(L, &B, &e);
  if (rc == CT_OK) {
    o->digest = (uint64_t)B.n;
    ct_judge_lin_1(L, &B, CT_BRUTE_MAX, &j);
  } else if (rc == CT_NOT_LINEAR) {
    o->digest = 0x11;
    ct_judge_lin_2(L, CT_BRUTE_MAX, &j);
  } else {
    o->verdict = CT_SKIPPED; /* OVERFLOW: a value past 64 bits, no layout of the domain */
    return;
  }
  ct_judged(&j, o);
}

/* LIN-1: the case's layout with each leaf's size and |stride| rounded down
 * to powers of two, so that the size is one and the images are powers of
 * two, which share bits often enough to reach both answers. */
CT_FN void ct_p_lin_1(const ct_case *c, ct_outcome *o) {
  ct_layout L = c->v[0];
  int k;
  for (k = 0; k < L.shape.n; ++k) {
    int64_t s = L.shape.nd[k].v, d = L.stride.nd[k].v, p = 1, q = 1;
    if (L.shape.nd[k].kind != CT_INT) continue;
    while (p <= s / 2) p *= 2;
    while (q <= (d < 0 ? -d : d) / 2) q *= 2;
    L.shape.nd[k].v = p;
    L.stride.nd[k].v = d == 0 ? 0 : d < 0 ? -q : q;
  }
  ct_lin_check(&L, o);
}

/* LIN-2: the case's layout as drawn, most of them rejected. */
CT_FN void ct_p_lin_2(const ct_case *c, ct_outcome *o) { ct_lin_check(&c->v[0], o); }
