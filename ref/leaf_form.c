/* leaf_form.c -- L(i) index after index over flat leaves (spec/layout.md,
 * Fast forms). ct_l_eval stays the definition; LAYOUT-2/walk checks this
 * against it. */
#include "leaf_form.h"
#include "ct_arith.h"

/* Leaf s:d joins the form; 0 when the form cannot hold it (ct_lf_init). */
CT_FN static int ct_lf_leaf(ct_leaf_form *F, int64_t s, int64_t d, int64_t *bound) {
  int64_t ad, term;
  if (s < 1 || ct_mul_ovf(F->size, s, &F->size) || ct_abs_ovf(d, &ad) || ct_mul_ovf(s - 1, ad, &term) ||
      ct_add_ovf(*bound, term, bound))
    return 0;
  if (s == 1) return 1; /* its coordinate is always 0 */
  if (F->n == CT_LF_MAX) return 0;
  F->s[F->n] = s;
  F->d[F->n] = d;
  F->back[F->n] = (s - 1) * d; /* |.| <= bound: an int64 */
  F->c[F->n] = 0;
  ++F->n;
  return 1;
}

CT_FN static void ct_lf_start(ct_leaf_form *F, const ct_layout *L) {
  F->L = L;
  F->n = -1;
  F->size = 1;
  F->at = 0;
  F->val = 0; /* L(0) = 0: every coordinate 0 */
}

CT_FN void ct_lf_init(ct_leaf_form *F, const ct_layout *L) {
  const ct_node *s = L->shape.nd, *d = L->stride.nd;
  int j, n = s[0].span;
  int64_t bound = 0;
  ct_lf_start(F, L);
  /* the nodes ct_l_eval reads: the shape's, and the stride's at the same places */
  if (L->shape.n < 1 || L->stride.n < 1 || d[0].span != n || ct_t_has_basis(&L->stride, 0)) return;
  for (j = 0, F->n = 0; j < n; ++j) {
    if (s[j].kind == CT_TUPLE && d[j].kind == CT_TUPLE) continue;
    if (s[j].kind != CT_INT || d[j].kind != CT_INT || !ct_lf_leaf(F, s[j].v, d[j].v, &bound)) {
      F->n = -1;
      return;
    }
  }
}

CT_FN void ct_lf_init_modes(ct_leaf_form *F, const ct_modes *m) {
  int j;
  int64_t bound = 0;
  ct_lf_start(F, 0);
  for (j = 0, F->n = 0; j < m->n; ++j) {
    const ct_mode *x = &m->m[j];
    if (x->dk != CT_INT || !ct_lf_leaf(F, x->s, x->d, &bound)) {
      F->n = -1;
      return;
    }
  }
}

/* Any index in [0, size): its coordinate by division (colexicographic, as
 * LAYOUT-EVAL; inside [0, size) the last leaf's rest is below its shape). */
CT_FN static void ct_lf_jump(ct_leaf_form *F, int64_t i) {
  int k;
  int64_t v = i;
  F->val = 0;
  for (k = 0; k < F->n; ++k) {
    F->c[k] = ct_divmod(v, F->s[k], &v);
    F->val += F->c[k] * F->d[k];
  }
  F->at = i;
}

CT_FN ct_code ct_lf_eval_any(ct_leaf_form *F, int64_t i, int64_t *out, ct_err *e) {
  if (F->n < 0 || i < 0 || i >= F->size) return ct_l_eval(F->L, i, out, e);
  if (i == F->at + 1) ct_lf_step(F);
  else if (i != F->at) ct_lf_jump(F, i);
  *out = F->val;
  return CT_OK;
}
