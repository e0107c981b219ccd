/* judge_cast.c -- judges of upcast and downcast (spec/construct.md,
 * CAST-1, CAST-2, CAST-4, CAST-5, CAST-7) and of recast_layout
 * (spec/recast.md, REC-1, REC-2).
 *
 * Each judges the result as a function of its index: R's index is read as
 * the coordinate of L's leaves with the unit (or split) leaf's size scaled
 * by N, so an answer of another nesting with the same function is judged
 * alike (EQUIV-2). CAST-1's congruence and CAST-6 (CuTe's per-mode formulas
 * on static strides) compare representation and are not judged here. */
#include "judge/judge.h"
#include "ref/construct.h"
#include "ref/modes.h"

/* L's function at the coordinate of L's leaves read from index i over the
 * sizes of L's leaves, leaf u's size multiplied by `up` and divided by
 * `down` (one of them 1): the digit of leaf u is c_u, split as
 * c_u = up * q + k (downcast: q is L's coordinate, *k the sub-element) or
 * L's coordinate c_u * down (upcast, sub-element 0). 0 on overflow. */
CT_FN static int ct_jc_value(const ct_modes *m, int u, int64_t up, int64_t down, int64_t i, int64_t *v, int64_t *k) {
  int64_t acc = 0, t, c;
  int l;
  *k = 0;
  for (l = 0; l < m->n; ++l) {
    int64_t s = l == u ? m->m[l].s / down * up : m->m[l].s;
    c = l + 1 < m->n ? i % s : i; /* the last leaf is not reduced (LAYOUT-EVAL) */
    i = l + 1 < m->n ? i / s : 0;
    if (l == u) {
      *k = c % up;
      c = c / up * down;
    }
    if (ct_mul_ovf(c, m->m[l].d, &t) || ct_add_ovf(acc, t, &acc)) return 0;
  }
  *v = acc;
  return 1;
}

/* CAST-7 (and REC-2): R is L as a function, the same size. */
CT_FN static ct_jstatus ct_jc_same(const ct_layout *L, const ct_layout *R, const char *id, int64_t bound,
                                   ct_judgement *j) {
  int64_t i, n = ct_j_size(L), r = ct_j_size(R);
  if (n < 0 || r < 0) return ct_j_unchecked(j, id);
  if (r != n) return CT_J_VIOLATES(j, id, "size(R) = %lld, want %lld", (long long)r, (long long)n);
  for (i = 0; i < n && i < bound; ++i)
    if (ct_j_at(R, i) != ct_j_at(L, i))
      return CT_J_VIOLATES_AT(j, id, i, "R(%lld) = %lld, want %lld", (long long)i, (long long)ct_j_at(R, i),
                              (long long)ct_j_at(L, i));
  return n <= bound ? ct_j_holds(j, id) : ct_j_unchecked(j, id);
}

/* downcast's unit leaf: the one leaf of size > 1 and stride +-1; L's first
 * leaf when size(L) == 1; -1 when there is none or several (UNIT_STRIDE) or
 * its stride is -1 (NEGATIVE_STRIDE): an input downcast rejects. */
CT_FN static int ct_jc_unit_leaf(const ct_modes *m, int64_t size) {
  int l, u = -1;
  if (size == 1) return 0;
  for (l = 0; l < m->n; ++l)
    if (m->m[l].s > 1 && (m->m[l].d == 1 || m->m[l].d == -1)) {
      if (u >= 0) return -1;
      u = l;
    }
  return u >= 0 && m->m[u].d == 1 ? u : -1;
}

CT_FN ct_jstatus ct_judge_cast_down(const ct_layout *L, int64_t N, const ct_layout *R, int64_t bound,
                                    ct_judgement *j) {
  CT_JUDGE_SCRATCH ct_modes m;
  int64_t i, n = ct_j_size(L), r = ct_j_size(R), nr, v, k;
  int u;
  if (N == 1) return ct_jc_same(L, R, "CAST-7", bound, j);
  ct_modes_of(L, 0, &m);
  u = ct_jc_unit_leaf(&m, n);
  if (N < 1 || n < 0 || r < 0 || u < 0 || ct_mul_ovf(n, N, &nr)) return ct_j_unchecked(j, "CAST-1");
  if (r != nr)
    return CT_J_VIOLATES(j, "CAST-1", "size(R) = %lld, not %lld * size(L) = %lld", (long long)r, (long long)N,
                         (long long)nr);
  for (i = 0; i < nr && i < bound; ++i) {
    if (!ct_jc_value(&m, u, N, 1, i, &v, &k) || ct_mul_ovf(v, N, &v) || ct_add_ovf(v, k, &v))
      return ct_j_unchecked(j, "CAST-2");
    if (ct_j_at(R, i) != v)
      return CT_J_VIOLATES_AT(j, "CAST-2", i, "R(%lld) = %lld, not N*L(c) + k = %lld (leaf %d, k = %lld)",
                              (long long)i, (long long)ct_j_at(R, i), (long long)v, u, (long long)k);
  }
  return nr <= bound ? ct_j_holds(j, "CAST-2") : ct_j_unchecked(j, "CAST-2");
}

/* upcast's split leaf: the first leaf of stride 1 and size > 1, or -1. */
CT_FN static int ct_jc_split_leaf(const ct_modes *m) {
  int l;
  for (l = 0; l < m->n; ++l)
    if (m->m[l].s > 1 && m->m[l].d == 1) return l;
  return -1;
}

/* Whether upcast<N> accepts L: the split leaf's size and every other
 * stride of a leaf of size > 1 are multiples of N (NOT_DIVISIBLE). */
CT_FN static int ct_jc_divisible(const ct_modes *m, int u, int64_t N) {
  int l;
  for (l = 0; l < m->n; ++l)
    if (m->m[l].s > 1 && (l == u ? m->m[l].s % N != 0 : m->m[l].d % N != 0)) return 0;
  return 1;
}

/* CAST-4 is judged at sub-element k = 0 of each wide element: L's stride 1
 * on the split leaf adds k to both sides for the others. */
CT_FN ct_jstatus ct_judge_cast_up(const ct_layout *L, int64_t N, const ct_layout *R, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH ct_modes m;
  int64_t i, n = ct_j_size(L), r = ct_j_size(R), want, v, k, got;
  int u;
  const char *id;
  if (N == 1) return ct_jc_same(L, R, "CAST-7", bound, j);
  ct_modes_of(L, 0, &m);
  u = ct_jc_split_leaf(&m);
  id = u >= 0 ? "CAST-4" : "CAST-5";
  if (N < 1 || n < 0 || r < 0 || !ct_jc_divisible(&m, u, N)) return ct_j_unchecked(j, id);
  want = u >= 0 ? n / N : n;
  if (r != want)
    return CT_J_VIOLATES(j, id, "size(R) = %lld, not %lld", (long long)r, (long long)want);
  for (i = 0; i < want && i < bound; ++i) {
    if (u >= 0 ? !ct_jc_value(&m, u, 1, N, i, &v, &k) : (v = ct_j_at(L, i), 0)) return ct_j_unchecked(j, id);
    got = ct_j_at(R, i);
    if (ct_mul_ovf(got, N, &got) || got != v)
      return CT_J_VIOLATES_AT(j, id, i, "N*R(%lld) = %lld * %lld, L at its element = %lld", (long long)i,
                              (long long)N, (long long)ct_j_at(R, i), (long long)v);
  }
  return want <= bound ? ct_j_holds(j, id) : ct_j_unchecked(j, id);
}

/* REC-1 through upcast, the other operation it is stated by (judge/README.md):
 * U = upcast<u>(L) from ref/, then R judged as downcast<d>(U). */
CT_FN ct_jstatus ct_judge_rec_1(const ct_layout *L, int64_t old_bits, int64_t new_bits, const ct_layout *R,
                                int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH ct_layout U;
  ct_err e;
  ct_val up;
  int64_t g = ct_gcd(old_bits, new_bits), d;
  ct_jstatus s;
  if (old_bits <= 0 || new_bits <= 0) return ct_j_unchecked(j, "REC-1");
  up.v = new_bits / g, up.stat = 1;
  d = old_bits / g;
  if (up.v == 1) ct_l_copy(&U, L);
  else if (ct_upcast(L, up, &U, &e) != CT_OK) return ct_j_unchecked(j, "REC-1"); /* rejected with upcast */
  s = d == 1 ? ct_jc_same(&U, R, "REC-1", bound, j) : ct_judge_cast_down(&U, d, R, bound, j);
  j->id = "REC-1";
  return s;
}
