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

CT_FN ct_jstatus ct_judge_filt_2(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH int64_t a[CT_JUDGE_CAP], b[CT_JUDGE_CAP];
  ct_modes m;
  int64_t na, nb, k, cap = bound < CT_JUDGE_CAP ? bound : CT_JUDGE_CAP;
  ct_modes_of(R, 0, &m);
  for (k = 0; k < m.n; ++k)
    if (m.m[k].d == 0 && !(m.n == 1 && m.m[0].s == 1))
      return CT_J_VIOLATES(j, "FILT-2", "filter(L) kept the stride-0 mode %lld:0", (long long)m.m[k].s);
  na = ct_j_sorted_values(L, a, cap);
  nb = ct_j_sorted_values(R, b, cap);
  if (na < 0 || nb < 0) return ct_j_unchecked(j, "FILT-2");
  na = ct_j_unique(a, na);
  nb = ct_j_unique(b, nb);
  if (na != nb) return CT_J_VIOLATES(j, "FILT-2", "L takes %lld values, filter(L) %lld", (long long)na, (long long)nb);
  for (k = 0; k < na; ++k)
    if (a[k] != b[k])
      return CT_J_VIOLATES(j, "FILT-2", "L and filter(L) differ in their images (%lld against %lld)", (long long)a[k],
                           (long long)b[k]);
  return ct_j_holds(j, "FILT-2");
}
