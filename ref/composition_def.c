/* composition_def.c -- composition as spec/composition.md defines it,
 * bounded (COMP-DEF).
 *
 * The definition. A is read through Â, the extension of coalesce(A) past
 * its size (COMP-EXT); the answer is a layout R of B's nesting, each leaf
 * s:d of B replaced by modes of total size s (COMP-1), with R(i) = Â(B(i))
 * for every i < size(B) (COMP-2). Such an R is R(c) = sum_j R_j(c_j) over
 * B's leaves, and a leaf's R_j is fixed by the values at the indices c_j*w_j
 * (w_j the leaf's index weight). A function of [0, s) is a layout's iff its
 * coalesced form peels off (COMP-PEEL): (T_2/T_1, ..., s/T_m):(g(T_1), ...,
 * g(T_m)) for a chain 1 = T_1 | T_2 | ... | T_m | s, its strides its values
 * at the T_i. So the definition, read literally: evaluate Â∘B at every
 * index, try every chain of divisors on every leaf, and check that Â∘B is
 * the sum over the leaves. The least index where that fails is COMP-10's
 * index; when nothing fails, each leaf's first chain that fits everywhere is
 * its coalesced form (COMP-9): a chain's sub-chains come first in the
 * order tried, and a fitting chain contains the coalesced one.
 *
 * Bounded: size(B) up to the caller's room, leaves of size <= 64 with at most
 * 12 proper divisors; past that PAST_BOUND, never a guess. ref/composition.c
 * decides the same without visiting the indices (COMP-EXACT); COMP-11 checks
 * that the two agree.
 *
 * CuTe's construction, a worked case: (6,2):(8,2) o (4,3):(3,1). CuTe folds
 * over B's modes; for each s:d it divides A's shape by the stride d from the
 * left, then keeps the first s elements. Mode 4:3: shape_div((6,2), 3) is
 * (2,2), strides (8*3, 2), and its first 4 elements are (2,2):(24,2). Mode
 * 3:1: dividing by 1 keeps (6,2):(8,2), whose first 3 elements are 3:8. So
 * R = ((2,2),3):((24,2),8). The definition reaches it from the values: B's
 * values at i = 0..11 are 0 3 6 9 1 4 7 10 2 5 8 11, and A's there are
 * 0 24 2 26 8 32 10 34 16 40 18 42. Leaf 4:3 (weight 1) reads g = 0 24 2 26:
 * g(2) = 2, not 2*g(1) = 48, so its pattern changes at T = 2, which divides
 * 4, and the next mode has stride g(2): the chain 1 | 2 | 4 gives
 * (2,2):(24,2), which also gives g(3) = 26. Leaf 3:1 (weight 4) reads
 * 0 8 16: 3:8. Every value is the sum of the leaves' (at i = 5 = (1,1):
 * 24 + 8 = 32), so R agrees with Â∘B at each of the 12 indices
 * (`cuteref eval 'composition((6,2):(8,2), (4,3):(3,1))'`). */
#include "composition_def.h"
#include "coalesce.h"
#include "ct_arith.h"
#include "walk.h"

/* The first x < s at which no layout of size s agrees with g(x) = F[x*w]
 * (defined where def[x*w]) on [0, x]; s when one agrees everywhere, with
 * its chain[0..*chain_m] (1, ..., s) when chain is not NULL; -1 past the
 * bound (more than CT_DEF_DIVISORS proper divisors). */
CT_FN static int64_t ct_def_leaf_first_bad(const int64_t *F, const unsigned char *def, int64_t w, int64_t s,
                                           int64_t *chain, int *chain_m) {
  int64_t div[CT_DEF_DIVISORS], T[CT_DEF_DIVISORS + 2], best = 0, d, x;
  int nd = 0, mask, m, k;
  for (d = 2; d < s; ++d)
    if (s % d == 0) {
      if (nd == CT_DEF_DIVISORS) return -1;
      div[nd++] = d;
    }
  for (mask = 0; mask < (1 << nd); ++mask) {
    int ok_chain = 1;
    T[0] = 1;
    for (m = 1, k = 0; k < nd; ++k)
      if (mask & (1 << k)) {
        ok_chain = ok_chain && div[k] % T[m - 1] == 0;
        T[m++] = div[k];
      }
    if (!ok_chain) continue;
    T[m] = s;
    for (x = 0; x < s; ++x) { /* the chain's layout at x, its strides g(T_i) */
      int64_t v = 0;
      int i, ok = def[x * w];
      for (i = 0; i < m && ok; ++i) {
        int64_t digit = (x / T[i]) % (T[i + 1] / T[i]);
        if (digit == 0) continue;
        ok = def[T[i] * w];
        v += digit * F[T[i] * w];
      }
      if (!ok || v != F[x * w]) break;
    }
    if (x > best) best = x;
    if (x == s && chain && *chain_m < 0) { /* the first chain that fits: the coalesced form */
      for (k = 0; k <= m; ++k) chain[k] = T[k];
      *chain_m = m;
    }
  }
  return best;
}

/* Leaf j's chain as modes (T_(k+1)/T_k):g(T_k), appended to r; a leaf of
 * size 1 is 1:0. 0 when r is full. */
CT_FN static int ct_def_push_chain(const int64_t *F, int64_t w, const int64_t *T, int m, ct_def_leaves *r, int j) {
  int k;
  r->count[j] = 0;
  for (k = 0; k < m; ++k) {
    int64_t size = T[k + 1] / T[k];
    if (r->modes.n >= CT_MAX_NODES) return 0;
    ct_modes_push(&r->modes, size, 0, size <= 1 ? 0 : F[T[k] * w], 0);
    ++r->count[j];
  }
  return 1;
}

CT_FN ct_def_verdict ct_comp_def_peel(const ct_modes *b, int64_t n, const int64_t *F, const unsigned char *def,
                                      ct_def_leaves *r, int64_t *first) {
  int64_t w[CT_MAX_NODES], i, T[CT_DEF_DIVISORS + 2];
  int j;
  for (j = 0; j < b->n; ++j) {
    if (b->m[j].s > CT_DEF_LEAF) return CT_DEF_PAST_BOUND;
    if (j == 0) w[j] = 1;
    else if (ct_mul_ovf(w[j - 1], b->m[j - 1].s, &w[j])) return CT_DEF_PAST_BOUND;
  }
  if (r) r->modes.n = 0;
  *first = n;
  for (j = 0; j < b->n; ++j) { /* each leaf alone: the least point no chain reaches */
    int m = -1;
    int64_t y = ct_def_leaf_first_bad(F, def, w[j], b->m[j].s, r ? T : 0, &m);
    if (y < 0) return CT_DEF_PAST_BOUND;
    if (y < b->m[j].s && y * w[j] < *first) *first = y * w[j];
    if (r && m >= 0 && !ct_def_push_chain(F, w[j], T, m, r, j)) return CT_DEF_PAST_BOUND;
  }
  for (i = 0; i < *first; ++i) { /* Â∘B is the sum over the leaves, below it */
    int64_t rest = i, sum = 0;
    int ok = def[i];
    for (j = 0; j < b->n && ok; ++j) {
      int64_t p = (rest % b->m[j].s) * w[j];
      ok = def[p];
      sum += F[p];
      rest /= b->m[j].s;
    }
    if (!ok || sum != F[i]) break;
  }
  *first = i;
  return i == n ? CT_DEF_ANSWER : CT_DEF_NO_ANSWER;
}

/* Â(x) (COMP-EXT) from coalesce(A)'s modes c: x split over them
 * colexicographically, the last digit not reduced; no mode (size 1): 0
 * everywhere; below 0 only where c is one mode, x*d. 0 where undefined or
 * beyond 64 bits. */
CT_FN static int ct_def_ahat(const ct_modes *c, int64_t x, int64_t *v) {
  int64_t acc = 0, t;
  int k;
  if (c->n == 0) return *v = 0, 1;
  if (x < 0) return c->n == 1 && !ct_mul_ovf(x, c->m[0].d, v);
  for (k = 0; k + 1 < c->n; ++k) {
    if (ct_mul_ovf(x % c->m[k].s, c->m[k].d, &t) || ct_add_ovf(acc, t, &acc)) return 0;
    x /= c->m[k].s;
  }
  if (ct_mul_ovf(x, c->m[c->n - 1].d, &t) || ct_add_ovf(acc, t, &acc)) return 0;
  *v = acc;
  return 1;
}

/* Integer strides and shapes of at least 1: the values the definition reads. */
CT_FN static int ct_def_plain(const ct_modes *m) {
  int k;
  for (k = 0; k < m->n; ++k)
    if (m->m[k].dk != CT_INT || m->m[k].s < 1) return 0;
  return 1;
}

/* B's tree with leaf j replaced by its chain (COMP-1), as composition's
 * answer is built. */
CT_FN static ct_code ct_def_build(const ct_layout *B, const ct_def_leaves *r, ct_layout *out, ct_err *e) {
  ct_modes leaf;
  ct_walker w;
  int s, k, at = 0, nleaf = 0;
  ct_t_clear(&out->shape);
  ct_t_clear(&out->stride);
  ct_walk_begin(&w, &B->shape, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    CT_TRY(ct_walk_rebuild_layout(&w, s, out, 0, e));
    if (s != CT_WALK_LEAF) continue;
    for (leaf.n = 0, k = 0; k < r->count[nleaf]; ++k) leaf.m[leaf.n++] = r->modes.m[at++];
    ++nleaf;
    CT_TRY(ct_modes_push_to(&leaf, out, e));
  }
  return CT_OK;
}

CT_FN ct_def_verdict ct_composition_def(const ct_layout *A, const ct_layout *B, int64_t *F, unsigned char *def,
                                        int64_t cap, ct_layout *R, int64_t *first) {
  ct_modes a, c, b;
  ct_def_leaves r;
  ct_def_verdict v;
  ct_err e;
  int64_t n = 1, i;
  int j;
  ct_modes_of(A, 0, &a);
  ct_modes_of(B, 0, &b);
  if (!ct_def_plain(&a) || !ct_def_plain(&b)) return CT_DEF_PAST_BOUND;
  ct_coalesce_modes(&a, &c);
  for (j = 0; j < b.n; ++j)
    if (ct_mul_ovf(n, b.m[j].s, &n) || n > cap) return CT_DEF_PAST_BOUND;
  for (i = 0; i < n; ++i) { /* Â(B(i)), B(i) by B's leaves, colexicographically */
    int64_t x = 0, rest = i, t;
    for (j = 0; j < b.n; ++j) {
      if (ct_mul_ovf(rest % b.m[j].s, b.m[j].d, &t) || ct_add_ovf(x, t, &x)) return CT_DEF_PAST_BOUND;
      rest /= b.m[j].s;
    }
    def[i] = (unsigned char)ct_def_ahat(&c, x, &F[i]);
    if (!def[i] && (x >= 0 || c.n == 1)) return CT_DEF_PAST_BOUND; /* beyond 64 bits: not decided here */
  }
  v = ct_comp_def_peel(&b, n, F, def, &r, first);
  if (v == CT_DEF_ANSWER && ct_def_build(B, &r, R, &e) != CT_OK) return CT_DEF_PAST_BOUND;
  return v;
}
