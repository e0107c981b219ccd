/* judge_complement.c -- judges of spec/complement.md: CPL-1 to CPL-4, with
 * F = filter(A), K = size(F)*size(R) and span the largest s*|d| of F. */
#include "judge/judge.h"
#include "ref/coalesce.h"
#include "ref/ct_arith.h"

CT_FN ct_jstatus ct_judge_cpl_1(const ct_layout *R, int64_t bound, ct_judgement *j) {
  int64_t i, n = ct_j_size(R), upto = n < bound ? n : bound;
  ct_leaf_form F; /* R(i - 1), then R(i): the form's last index, then one step */
  ct_lf_init(&F, R);
  for (i = 1; i < upto; ++i)
    if (ct_j_at_form(&F, i - 1) >= ct_j_at_form(&F, i))
      return CT_J_VIOLATES(j, "CPL-1", "R is not ordered: R(%lld) = %lld, R(%lld) = %lld", (long long)(i - 1),
                           (long long)ct_j_at(R, i - 1), (long long)i, (long long)ct_j_at(R, i));
  return n >= 0 && n <= bound ? ct_j_holds(j, "CPL-1") : ct_j_unchecked(j, "CPL-1");
}

CT_FN ct_jstatus ct_judge_cpl_2(const ct_layout *A, const ct_layout *R, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH unsigned char seen[4 * CT_JUDGE_CAP];
  ct_layout F, FR;
  ct_leaf_form W; /* (filter(A), R) index after index */
  const ct_layout *parts[2];
  ct_err e;
  int64_t i, K;
  ct_code got;
  if (ct_filter(A, &F, &e) != CT_OK) return ct_j_unchecked(j, "CPL-2");
  parts[0] = &F;
  parts[1] = R;
  got = ct_l_concat(parts, 2, &FR, &e);
  if (got != CT_OK) return ct_code_is_limit(got) ? ct_j_limit(j, "CPL-2") : ct_j_unchecked(j, "CPL-2");
  K = ct_j_size(&FR);
  if (K < 0 || K > bound || K > 4 * CT_JUDGE_CAP) return ct_j_unchecked(j, "CPL-2");
  for (i = 0; i < K; ++i) seen[i] = 0;
  ct_lf_init(&W, &FR);
  for (i = 0; i < K; ++i) {
    int64_t v = ct_j_at_form(&W, i);
    if (v < 0 || v >= K || seen[v])
      return CT_J_VIOLATES(j, "CPL-2", "(filter(A), R) is not a bijection onto [0, %lld): it takes %lld at %lld%s",
                           (long long)K, (long long)v, (long long)i, v >= 0 && v < K ? ", twice" : "");
    seen[v] = 1;
  }
  return ct_j_holds(j, "CPL-2");
}

CT_FN ct_jstatus ct_judge_cpl_3(const ct_layout *A, int64_t M, const ct_layout *R, ct_judgement *j) {
  ct_layout F;
  ct_modes m;
  ct_err e;
  int64_t span = 1, K, sd, ad;
  int k;
  if (ct_filter(A, &F, &e) != CT_OK) return ct_j_unchecked(j, "CPL-3");
  ct_modes_of(&F, 0, &m);
  for (k = 0; k < m.n; ++k) {
    if (m.m[k].d == 0) continue;
    if (ct_abs_ovf(m.m[k].d, &ad) || ct_mul_ovf(m.m[k].s, ad, &sd)) return ct_j_unchecked(j, "CPL-3");
    if (sd > span) span = sd;
  }
  if (ct_mul_ovf(ct_j_size(&F), ct_j_size(R), &K)) return ct_j_unchecked(j, "CPL-3");
  if (K < M)
    return CT_J_VIOLATES(j, "CPL-3", "K = size(filter(A))*size(R) = %lld is less than the cotarget's size %lld",
                         (long long)K, (long long)M);
  if (K - span >= M)
    return CT_J_VIOLATES(j, "CPL-3", "K = %lld is not the least multiple of the span %lld that is >= %lld", (long long)K,
                         (long long)span, (long long)M);
  return ct_j_holds(j, "CPL-3");
}

/* Whether x is among the sorted v[0..n). */
CT_FN static int ct_j_member(const int64_t *v, int64_t n, int64_t x) {
  int64_t lo = 0, hi = n;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (v[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo < n && v[lo] == x;
}

CT_FN ct_jstatus ct_judge_cpl_4(const ct_layout *A, const ct_layout *R, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH int64_t img[CT_JUDGE_CAP];
  int64_t i, nr = ct_j_size(R), na = ct_j_sorted_values(A, img, bound < CT_JUDGE_CAP ? bound : CT_JUDGE_CAP);
  ct_leaf_form F; /* R index after index */
  if (na < 0 || nr < 0 || nr > bound) return ct_j_unchecked(j, "CPL-4");
  ct_lf_init(&F, R);
  for (i = 1; i < nr; ++i)
    if (ct_j_member(img, na, ct_j_at_form(&F, i)))
      return CT_J_VIOLATES(j, "CPL-4", "R(%lld) = %lld is in A's image", (long long)i, (long long)ct_j_at(R, i));
  return ct_j_holds(j, "CPL-4");
}

/* CPL-8: the bound (1) CuTe's own unit test checks on every complement
 * (test/unit/cute/core/complement.cpp); M the cotarget's size. Its bound (2),
 * cosize(R) <= round_up(M, cosize(A)), is no contract: C++'s own algorithm
 * breaks it where A's strides leave gaps (complement((2):(3), 7) has cosize
 * 9 > 8 in C++ as here), so it is not judged. */
CT_FN ct_jstatus ct_judge_cpl_8(const ct_layout *A, int64_t M, const ct_layout *R, ct_judgement *j) {
  ct_layout AR;
  const ct_layout *parts[2];
  ct_val c;
  ct_err e;
  parts[0] = A;
  parts[1] = R;
  if (ct_l_concat(parts, 2, &AR, &e) != CT_OK || ct_l_cosize(&AR, &c, &e) != CT_OK) return ct_j_unchecked(j, "CPL-8");
  if (c.v < M)
    return CT_J_VIOLATES(j, "CPL-8", "cosize(make_layout(A, R)) = %lld is less than the cotarget's size %lld",
                         (long long)c.v, (long long)M);
  return ct_j_holds(j, "CPL-8");
}
