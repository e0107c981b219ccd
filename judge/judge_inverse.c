/* judge_inverse.c -- judges of spec/inverse.md: RINV-1 to RINV-4, LINV-1,
 * LINV-2. The hypotheses (filter(L) injective) are checked by brute force on
 * L itself, never through the reference's coalesce. */
#include "judge/judge.h"

CT_FN ct_jstatus ct_judge_rinv_1(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j) {
  int64_t i, n = ct_j_size(R), upto = n < bound ? n : bound;
  for (i = 0; i < upto; ++i) {
    int64_t x = ct_j_at(R, i), v = ct_j_at(L, x);
    if (v != i)
      return CT_J_VIOLATES(j, "RINV-1", "L(R(%lld)) = L(%lld) = %lld, not %lld", (long long)i, (long long)x, (long long)v,
                           (long long)i);
  }
  return n >= 0 && n <= bound ? ct_j_holds(j, "RINV-1") : ct_j_unchecked(j, "RINV-1");
}

CT_FN ct_jstatus ct_judge_rinv_2(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j) {
  int64_t i, n = ct_j_size(R), nl = ct_j_size(L), upto = n < bound ? n : bound;
  for (i = 0; i < upto; ++i) {
    int64_t x = ct_j_at(R, i);
    if (x < 0 || x >= nl)
      return CT_J_VIOLATES(j, "RINV-2", "R(%lld) = %lld is outside L's domain [0, %lld)", (long long)i, (long long)x,
                           (long long)nl);
  }
  return n >= 0 && n <= bound ? ct_j_holds(j, "RINV-2") : ct_j_unchecked(j, "RINV-2");
}

/* The (value, index) pairs of L sorted by value, then index: v[k] = L(ix[k]).
 * Returns size(L), or -1 when it exceeds cap. */
CT_FN static int64_t ct_j_pairs(const ct_layout *L, int64_t *v, int64_t *ix, int64_t cap) {
  int64_t gap, i, k, n = ct_j_size(L);
  if (n < 0 || n > cap) return -1;
  for (i = 0; i < n; ++i) v[i] = ct_j_at(L, i), ix[i] = i;
  for (gap = n / 2; gap > 0; gap /= 2) /* Shell sort on (v, ix) */
    for (i = gap; i < n; ++i) {
      int64_t x = v[i], y = ix[i];
      for (k = i; k >= gap && (v[k - gap] > x || (v[k - gap] == x && ix[k - gap] > y)); k -= gap) {
        v[k] = v[k - gap];
        ix[k] = ix[k - gap];
      }
      v[k] = x;
      ix[k] = y;
    }
  return n;
}

/* Whether filter(L) is injective: L with its stride-0 leaves made size 1
 * takes no value twice (-1: too large to tell). */
CT_FN static int ct_j_filter_injective(const ct_layout *L, int64_t *v, int64_t cap) {
  ct_layout F;
  int64_t i, n;
  int k;
  ct_l_copy(&F, L);
  for (k = 0; k < F.shape.n; ++k)
    if (F.shape.nd[k].kind == CT_INT && F.stride.nd[k].v == 0) F.shape.nd[k].v = 1;
  n = ct_j_sorted_values(&F, v, cap);
  if (n < 0) return -1;
  for (i = 1; i < n; ++i)
    if (v[i] == v[i - 1]) return 0;
  return 1;
}

CT_FN ct_jstatus ct_judge_rinv_3(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH int64_t v[CT_JUDGE_CAP];
  int64_t i, n, cap = bound < CT_JUDGE_CAP ? bound : CT_JUDGE_CAP, missing = 0;
  int inj = ct_j_filter_injective(L, v, cap);
  if (inj == 0) return ct_j_holds(j, "RINV-3"); /* the hypothesis fails */
  n = ct_j_sorted_values(L, v, cap);
  if (inj < 0 || n < 0) return ct_j_unchecked(j, "RINV-3");
  for (i = 0; i < n && v[i] <= missing; ++i)
    if (v[i] == missing) ++missing;
  if (ct_j_size(R) != missing)
    return CT_J_VIOLATES(j, "RINV-3", "size(R) = %lld, but filter(L) is injective and the smallest value L does not take is %lld",
                         (long long)ct_j_size(R), (long long)missing);
  return ct_j_holds(j, "RINV-3");
}

CT_FN ct_jstatus ct_judge_rinv_4(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH int64_t v[CT_JUDGE_CAP], ix[CT_JUDGE_CAP];
  int64_t i, k = 0, n, nr = ct_j_size(R), cap = bound < CT_JUDGE_CAP ? bound : CT_JUDGE_CAP;
  int inj = ct_j_filter_injective(L, v, cap);
  if (inj == 0) return ct_j_holds(j, "RINV-4"); /* the hypothesis fails */
  n = ct_j_pairs(L, v, ix, cap);
  if (inj < 0 || n < 0 || nr > bound) return ct_j_unchecked(j, "RINV-4");
  for (i = 0; i < nr; ++i) { /* the first pair with value i: the smallest index where L is i */
    int64_t r = ct_j_at(R, i);
    while (k < n && v[k] < i) ++k;
    if (k == n || v[k] != i)
      return CT_J_VIOLATES(j, "RINV-4", "R(%lld) = %lld, but L does not take %lld", (long long)i, (long long)r, (long long)i);
    if (r != ix[k])
      return CT_J_VIOLATES(j, "RINV-4", "R(%lld) = %lld, but the smallest j with L(j) == %lld is %lld", (long long)i,
                           (long long)r, (long long)i, (long long)ix[k]);
  }
  return ct_j_holds(j, "RINV-4");
}

CT_FN ct_jstatus ct_judge_linv_1(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j) {
  int64_t i, n = ct_j_size(L), nr = ct_j_size(R), upto = n < bound ? n : bound;
  for (i = 0; i < upto; ++i) {
    int64_t x = ct_j_at(L, i), r = ct_j_at(R, x);
    if (x < 0 || x >= nr)
      return CT_J_VIOLATES(j, "LINV-1", "L(%lld) = %lld is outside R's domain [0, %lld)", (long long)i, (long long)x,
                           (long long)nr);
    if (r < 0 || r >= n)
      return CT_J_VIOLATES(j, "LINV-1", "R(L(%lld)) = R(%lld) = %lld is outside L's domain [0, %lld)", (long long)i,
                           (long long)x, (long long)r, (long long)n);
    if (ct_j_at(L, r) != x)
      return CT_J_VIOLATES(j, "LINV-1", "L(R(L(%lld))) = L(%lld) = %lld, not L(%lld) = %lld", (long long)i, (long long)r,
                           (long long)ct_j_at(L, r), (long long)i, (long long)x);
  }
  return n >= 0 && n <= bound ? ct_j_holds(j, "LINV-1") : ct_j_unchecked(j, "LINV-1");
}

CT_FN ct_jstatus ct_judge_linv_2(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH int64_t v[CT_JUDGE_CAP], ix[CT_JUDGE_CAP];
  int64_t k, n = ct_j_pairs(L, v, ix, bound < CT_JUDGE_CAP ? bound : CT_JUDGE_CAP);
  if (n < 0) return ct_j_unchecked(j, "LINV-2");
  for (k = 0; k < n; ++k) /* the first pair of each value: the smallest index with that value */
    if ((k == 0 || v[k] != v[k - 1]) && ct_j_at(R, v[k]) != ix[k])
      return CT_J_VIOLATES(j, "LINV-2", "R(%lld) = %lld, but the smallest j with L(j) == %lld is %lld", (long long)v[k],
                           (long long)ct_j_at(R, v[k]), (long long)v[k], (long long)ix[k]);
  return ct_j_holds(j, "LINV-2");
}
