/* judge_coalesce.c -- judges of spec/coalesce.md: COAL-1 to COAL-4, FILT-2. */
#include "judge/judge.h"
#include "ref/ct_arith.h"
#include "ref/modes.h"

CT_FN ct_jstatus ct_judge_coal_1(const ct_layout *L, const ct_layout *R, ct_judgement *j) {
  int64_t n = ct_j_size(L), r = ct_j_size(R);
  if (r != n) return CT_J_VIOLATES(j, "COAL-1", "size(R) = %lld, size(L) = %lld", (long long)r, (long long)n);
  return ct_j_holds(j, "COAL-1");
}

CT_FN ct_jstatus ct_judge_coal_2(const ct_layout *R, ct_judgement *j) {
  if (ct_l_depth(R) > 1) return CT_J_VIOLATES(j, "COAL-2", "depth(R) = %d > 1", ct_l_depth(R));
  return ct_j_holds(j, "COAL-2");
}

CT_FN ct_jstatus ct_judge_coal_3(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j) {
  int64_t i, n = ct_j_size(L), upto = n < bound ? n : bound;
  ct_leaf_form FL, FR;
  ct_lf_init(&FL, L);
  ct_lf_init(&FR, R);
  for (i = 0; i < upto; ++i)
    if (ct_j_at_form(&FR, i) != ct_j_at_form(&FL, i))
      return CT_J_VIOLATES(j, "COAL-3", "R(%lld) = %lld, L(%lld) = %lld", (long long)i, (long long)ct_j_at(R, i),
                           (long long)i, (long long)ct_j_at(L, i));
  return n <= bound ? ct_j_holds(j, "COAL-3") : ct_j_unchecked(j, "COAL-3");
}

CT_FN ct_jstatus ct_judge_coal_4(const ct_layout *R, ct_judgement *j) {
  ct_modes m;
  int64_t span;
  int k;
  ct_modes_of(R, 0, &m);
  if (m.n == 1 && m.m[0].s == 1 && m.m[0].d == 0) return ct_j_holds(j, "COAL-4"); /* 1:0 */
  for (k = 0; k < m.n; ++k) {
    if (m.m[k].s == 1) return CT_J_VIOLATES(j, "COAL-4", "mode %d of R has size 1", k);
    if (k > 0 && !ct_mul_ovf(m.m[k - 1].s, m.m[k - 1].d, &span) && span == m.m[k].d)
      return CT_J_VIOLATES(j, "COAL-4", "modes %d and %d of R could merge", k - 1, k);
  }
  return ct_j_holds(j, "COAL-4");
}

/* The distinct values among v[0..n), sorted: their count (v rewritten). */
CT_FN static int64_t ct_j_unique(int64_t *v, int64_t n) {
  int64_t a, b = 0;
  for (a = 0; a < n; ++a)
    if (a == 0 || v[a] != v[b - 1]) v[b++] = v[a];
  return b;
}

/* The values v[0..n), each at bit v - lo of bits[0..CT_J_NARROW/64) (every
 * one within [lo, lo + CT_J_NARROW)): how many distinct ones. */
CT_FN static int64_t ct_j_mark(const int64_t *v, int64_t n, int64_t lo, uint64_t *bits) {
  int64_t i, distinct = 0;
  for (i = 0; i < CT_J_NARROW / 64; ++i) bits[i] = 0;
  for (i = 0; i < n; ++i) {
    uint64_t b = (uint64_t)v[i] - (uint64_t)lo, bit = (uint64_t)1 << (b & 63);
    distinct += (bits[b >> 6] & bit) == 0;
    bits[b >> 6] |= bit;
  }
  return distinct;
}

/* The least value >= x marked in bits (one is: see ct_judge_filt_2). */
CT_FN static int64_t ct_j_next_marked(const uint64_t *bits, int64_t lo, int64_t x) {
  uint64_t b = (uint64_t)x - (uint64_t)lo;
  while (!(bits[b >> 6] >> (b & 63) & 1)) ++b;
  return lo + (int64_t)b;
}

/* L's image and filter(L)'s as sets: the counts of distinct values, then
 * the first k where the sorted distinct values differ, a[k] against b[k].
 * Where both images lie within CT_J_NARROW values, one bitmap each
 * instead of two sorts (judge.h). The sorted lists first differ at
 * the least x in one image and not the other; a[k] and b[k] are then each
 * image's least value >= x (x itself in one of them; the other image has
 * one, as the counts are equal and the images agree below x). */
CT_FN ct_jstatus ct_judge_filt_2(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH int64_t a[CT_JUDGE_CAP], b[CT_JUDGE_CAP];
  ct_modes m;
  int64_t na, nb, k, lo, hi, cap = bound < CT_JUDGE_CAP ? bound : CT_JUDGE_CAP;
  ct_modes_of(R, 0, &m);
  for (k = 0; k < m.n; ++k)
    if (m.m[k].d == 0 && !(m.n == 1 && m.m[0].s == 1))
      return CT_J_VIOLATES(j, "FILT-2", "filter(L) kept the stride-0 mode %lld:0", (long long)m.m[k].s);
  na = ct_j_values(L, a, cap);
  nb = ct_j_values(R, b, cap);
  if (na < 0 || nb < 0) return ct_j_unchecked(j, "FILT-2");
  lo = hi = na > 0 ? a[0] : nb > 0 ? b[0] : 0;
  for (k = 0; k < na; ++k) lo = a[k] < lo ? a[k] : lo, hi = a[k] > hi ? a[k] : hi;
  for (k = 0; k < nb; ++k) lo = b[k] < lo ? b[k] : lo, hi = b[k] > hi ? b[k] : hi;
  if ((uint64_t)hi - (uint64_t)lo < CT_J_NARROW) {
    uint64_t in_a[CT_J_NARROW / 64], in_b[CT_J_NARROW / 64];
    na = ct_j_mark(a, na, lo, in_a);
    nb = ct_j_mark(b, nb, lo, in_b);
    if (na != nb)
      return CT_J_VIOLATES(j, "FILT-2", "L takes %lld values, filter(L) %lld", (long long)na, (long long)nb);
    for (k = 0; k < CT_J_NARROW / 64; ++k)
      if (in_a[k] != in_b[k]) {
        uint64_t d = in_a[k] ^ in_b[k];
        int64_t x = lo + 64 * k;
        while (!(d & 1)) d >>= 1, ++x;
        return CT_J_VIOLATES(j, "FILT-2", "L and filter(L) differ in their images (%lld against %lld)",
                             (long long)ct_j_next_marked(in_a, lo, x), (long long)ct_j_next_marked(in_b, lo, x));
      }
    return ct_j_holds(j, "FILT-2");
  }
  ct_j_sort(a, na);
  ct_j_sort(b, nb);
  na = ct_j_unique(a, na);
  nb = ct_j_unique(b, nb);
  if (na != nb) return CT_J_VIOLATES(j, "FILT-2", "L takes %lld values, filter(L) %lld", (long long)na, (long long)nb);
  for (k = 0; k < na; ++k)
    if (a[k] != b[k])
      return CT_J_VIOLATES(j, "FILT-2", "L and filter(L) differ in their images (%lld against %lld)", (long long)a[k],
                           (long long)b[k]);
  return ct_j_holds(j, "FILT-2");
}
