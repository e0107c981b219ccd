/* composition.c -- R = A o B (spec/composition.md).
 *
 * The definition is composition_def.c (COMP-DEF); this file is the
 * procedure (COMP-EXACT); COMP-11 checks that they agree.
 *
 * A is read through Â, its extension past its size (COMP-EXT), prepared
 * into digits (COMP-PREP, ref/ahat.c). Each leaf of B starts as one mode: a box of modes
 * t:b whose candidate R*(c) = sum_m c_m*Â(b_m) is refined only where Â∘B
 * forces it. At the first point where R* and Â∘B differ (ref/carry.c),
 * either one mode's values change pattern and the mode splits there
 * (COMP-SPLIT), or no layout of B's nesting can agree (COMP-EXACT); with no
 * difference left, R* is the answer, each leaf coalesced (COMP-9). */
#include "composition.h"
#include "ct_arith.h"
#include "walk.h"

/* COMP-SPLIT: mode m changes pattern at y (p = y*e_m): y:b, (t/y):(y*b). */
CT_FN static ct_code ct_comp_split(ct_box *x, int m, const ct_point *p, ct_point *from, ct_err *e) {
  int k;
  int64_t y = p->c[m];
  if (x->n >= CT_COMP_MODES) return CT_FAIL(e, CT_CAPACITY, "composition: more than %d modes", CT_COMP_MODES);
  for (k = x->n++; k > m + 1; --k) {
    x->t[k] = x->t[k - 1], x->b[k] = x->b[k - 1], x->w[k] = x->w[k - 1], x->v[k] = x->v[k - 1];
    x->leaf[k] = x->leaf[k - 1];
  }
  x->t[m + 1] = x->t[m] / y, x->b[m + 1] = p->x, x->w[m + 1] = y * x->w[m], x->v[m + 1] = p->want;
  x->leaf[m + 1] = x->leaf[m];
  x->t[m] = y;
  for (k = 0; k < x->n; ++k) from->c[k] = k == m + 1; /* R* is unchanged below p's index */
  from->index = p->index;
  return CT_OK;
}

/* COMP-EXACT: at p, the first difference, either one mode splits or no
 * layout of B's nesting agrees with Â∘B on [0, p's index]. */
CT_FN static ct_code ct_comp_at(const ct_ahat *h, const ct_modes *bl, ct_box *x, const ct_point *p, ct_point *from,
                                ct_err *e) {
  int m, hi = -1, nz = 0, one_leaf = 1;
  int64_t lo, vlo = 0, vhi = 0;
  for (m = 0; m < x->n; ++m)
    if (p->c[m] != 0) {
      one_leaf = one_leaf && (hi < 0 || x->leaf[m] == x->leaf[hi]);
      hi = m, ++nz;
    }
  if (nz == 1 && x->t[hi] % p->c[hi] == 0) return ct_comp_split(x, hi, p, from, e);
  if (nz == 1) {
    const ct_mode *b = &bl->m[x->leaf[hi]];
    for (m = hi; m > 0 && x->leaf[m - 1] == x->leaf[hi]; --m) {
    }
    return CT_FAIL(e, CT_SHAPE_DIVISIBILITY,
                   "composition: mode %d (%lld:%lld) of B changes pattern at i = %lld: A^(%lld) = %lld, not "
                   "%lld*A^(%lld) = %lld, and %lld does not divide %lld",
                   x->leaf[hi], (long long)b->s, (long long)b->d, (long long)p->index, (long long)p->x,
                   (long long)p->want, (long long)p->c[hi], (long long)x->b[hi], (long long)p->got,
                   (long long)(x->w[hi] / x->w[m] * p->c[hi]), (long long)b->s);
  }
  lo = p->x - p->c[hi] * x->b[hi]; /* p = p' + c*e_hi: both parts at smaller indices */
  if (!ct_ahat_at(h, lo, &vlo) || !ct_ahat_at(h, p->x - lo, &vhi))
    return CT_FAIL(e, CT_OVERFLOW, "composition: a value of A^ o B overflows int64");
  return CT_FAIL(e, one_leaf ? CT_STRIDE_DIVISIBILITY : CT_NOT_DISJOINT,
                 "composition: A^(B(i)) is not additive at i = %lld: A^(%lld) + A^(%lld) = %lld + %lld != A^(%lld) = "
                 "%lld (values of %s of B)",
                 (long long)p->index, (long long)lo, (long long)(p->x - lo), (long long)vlo, (long long)vhi,
                 (long long)p->x, (long long)p->want, one_leaf ? "one mode" : "different modes");
}

CT_FN ct_code ct_comp_flat(const ct_ahat *h, const ct_modes *bl, ct_box *x, ct_err *e) {
  ct_point from, p;
  int64_t w = 1, wneg = 0, spent = 0;
  int j, neg = -1, found;
  x->n = 0;
  for (j = 0; j < bl->n; ++j) {
    const ct_mode *b = &bl->m[j];
    if (neg < 0 && b->s > 1 && b->d < 0 && h->a > 0) neg = j, wneg = w; /* COMP-EXT: Â is undefined at B(w) < 0 */
    if (neg < 0 && b->s > 1 && b->d != 0) {                  /* s = 1 or d = 0: never moves B's value */
      if (x->n >= CT_COMP_MODES) return CT_FAIL(e, CT_CAPACITY, "composition: more than %d modes", CT_COMP_MODES);
      x->t[x->n] = b->s, x->b[x->n] = b->d, x->w[x->n] = w, x->leaf[x->n] = j;
      if (!ct_ahat_at(h, b->d, &x->v[x->n++])) return CT_FAIL(e, CT_OVERFLOW, "composition: A^(%lld) overflows int64", (long long)b->d);
    }
    if (ct_mul_ovf(w, b->s, &w) && h->a > 0) return CT_FAIL(e, CT_OVERFLOW, "composition: size(B) overflows int64");
  }
  for (j = 0; j < x->n; ++j) from.c[j] = 0;
  from.index = 0;
  for (;;) {
    ct_code code;
    CT_TRY(ct_first_difference(h, x, &from, &p, &found, &spent, e));
    if (!found) break;
    code = ct_comp_at(h, bl, x, &p, &from, e); /* CT_OK: a mode split */
    if (code != CT_OK) return code;
  }
  if (neg >= 0)
    return CT_FAIL(e, CT_NEGATIVE_STRIDE, "composition: B(i) = %lld < 0 at i = %lld, where A^ is not defined (A is not linear)",
                   (long long)bl->m[neg].d, (long long)wneg);
  return CT_OK;
}

/* The static marks as CuTe C++ sets them (best effort, spec/composition.md):
 * a shape is static with B's and, where the leaf runs through whole digits
 * of A, with A's; a stride with B's and A's. */
CT_FN static int ct_comp_shape_mark(const ct_ahat *h, const ct_mode *b, int a_static, int split) {
  int64_t rest = b->d;
  int k = 0;
  if (split) return b->ss && a_static;
  while (k < h->a && rest % h->M[k] == 0) rest /= h->M[k++];
  return b->ss && (a_static || !(k < h->a && h->M[k] % rest == 0));
}

CT_FN int ct_comp_leaf(const ct_ahat *h, const ct_box *x, const ct_mode *b, int leaf, int a_static, int *m, ct_modes *r) {
  int k, n = 0, st = b->ss && b->ds && a_static;
  while (*m + n < x->n && x->leaf[*m + n] == leaf) ++n;
  for (k = 0; k < n; ++k, ++*m) ct_modes_push(r, x->t[*m], ct_comp_shape_mark(h, b, a_static, n > 1), x->v[*m], st);
  if (n == 0) ct_modes_push(r, b->s, b->ss, 0, b->s == 1 ? 1 : b->ds); /* s:0 */
  return n > 0 ? n : 1;
}

/* B's tree with leaf j replaced by its modes in the box (COMP-1). */
CT_FN ct_code ct_composition(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e) {
  ct_modes am, bl, r;
  ct_ahat h;
  ct_box x;
  ct_layout R;
  ct_walker w;
  int s, leaf = 0, m = 0, a_static;
  ct_comp_prepare(A, &am, &a_static);
  if (!ct_ahat_init(&am, &h)) return CT_FAIL(e, CT_CAPACITY, "composition: A has more than %d modes", CT_COMP_MODES);
  ct_modes_of(B, 0, &bl);
  CT_TRY(ct_comp_flat(&h, &bl, &x, e));
  ct_t_clear(&R.shape);
  ct_t_clear(&R.stride);
  ct_walk_begin(&w, &B->shape, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    CT_TRY(ct_walk_rebuild_layout(&w, s, &R, 0, e));
    if (s != CT_WALK_LEAF) continue;
    r.n = 0;
    ct_comp_leaf(&h, &x, &bl.m[leaf], leaf, a_static, &m, &r);
    ++leaf;
    CT_TRY(ct_modes_push_to(&r, &R, e));
  }
  ct_l_copy(out, &R);
  return CT_OK;
}
