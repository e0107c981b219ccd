/* judge_inverse.c -- judges of spec/inverse.md: RINV-1 to RINV-4, LINV-1,
 * LINV-2. The hypotheses (filter(L) injective; with a negative stride, the
 * least indices a layout's function) are checked by brute force on L
 * itself, never through the reference's coalesce or recognizer. */
#include "judge/judge.h"

CT_FN ct_jstatus ct_judge_rinv_1(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j) {
  int64_t i, n = ct_j_size(R), upto = n < bound ? n : bound;
  ct_leaf_form FR; /* R index after index */
  ct_lf_init(&FR, R);
  for (i = 0; i < upto; ++i) {
    int64_t x = ct_j_at_form(&FR, i), v = ct_j_at(L, x);
    if (v != i)
      return CT_J_VIOLATES(j, "RINV-1", "L(R(%lld)) = L(%lld) = %lld, not %lld", (long long)i, (long long)x, (long long)v,
                           (long long)i);
  }
  return n >= 0 && n <= bound ? ct_j_holds(j, "RINV-1") : ct_j_unchecked(j, "RINV-1");
}

CT_FN ct_jstatus ct_judge_rinv_2(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j) {
  int64_t i, n = ct_j_size(R), nl = ct_j_size(L), upto = n < bound ? n : bound;
  ct_leaf_form FR;
  ct_lf_init(&FR, R);
  for (i = 0; i < upto; ++i) {
    int64_t x = ct_j_at_form(&FR, i);
    if (x < 0 || x >= nl)
      return CT_J_VIOLATES(j, "RINV-2", "R(%lld) = %lld is outside L's domain [0, %lld)", (long long)i, (long long)x,
                           (long long)nl);
  }
  return n >= 0 && n <= bound ? ct_j_holds(j, "RINV-2") : ct_j_unchecked(j, "RINV-2");
}

/* filter(L)'s values: L with its stride-0 leaves made size 1, which takes
 * L's values, each at least once. Returns their number, -1 when it exceeds
 * cap. */
CT_FN static int64_t ct_j_filter_values(const ct_layout *L, int64_t *v, int64_t cap) {
  ct_layout F;
  int k;
  ct_l_copy(&F, L);
  for (k = 0; k < F.shape.n; ++k)
    if (F.shape.nd[k].kind == CT_INT && F.stride.nd[k].v == 0) F.shape.nd[k].v = 1;
  return ct_j_values(&F, v, cap);
}

/* The least j < n with L(j) == x, -1 when L does not take x there. */
CT_FN static int64_t ct_j_least_index(const ct_layout *L, int64_t n, int64_t x) {
  int64_t j;
  for (j = 0; j < n; ++j)
    if (ct_j_at(L, j) == x) return j;
  return -1;
}

/* The rest of RINV-3's and RINV-4's hypothesis (RINV-NEG): where L has a
 * negative stride on a leaf of size > 1, the least-index function r on
 * [0, N), N the least value L does not take, must be a layout's; without
 * one it always is (the chain). 1 yes, 0 no, -1 unchecked (size(L) > cap).
 * Brute force over L's values; v and r are scratch of cap entries. */
CT_FN static int ct_j_rinv_maximal(const ct_layout *L, int64_t cap, int64_t *v, int64_t *r) {
  int64_t n, j, N = 0;
  int k, neg = 0;
  for (k = 0; k < L->shape.n; ++k)
    neg = neg || (L->shape.nd[k].kind == CT_INT && L->shape.nd[k].v > 1 && L->stride.nd[k].v < 0);
  if (!neg) return 1;
  n = ct_j_values(L, v, cap);
  if (n < 0) return -1;
  for (j = 0; j < n; ++j) r[j] = -1;
  for (j = 0; j < n; ++j)
    if (v[j] >= 0 && v[j] < n && r[v[j]] < 0) r[v[j]] = j;
  while (N < n && r[N] >= 0) ++N;
  return ct_j_is_layout(r, N);
}

/* RINV-3 without a sort (issue 16): with filter(L) injective its values are
 * L's, each once, so the least value L does not take is size(R) exactly
 * when size(R) of them lie below size(R) and none equals it. On a
 * violation they are sorted to name that value. */
CT_FN ct_jstatus ct_judge_rinv_3(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH int64_t v[CT_JUDGE_CAP], r[CT_JUDGE_CAP];
  int64_t i, cap = bound < CT_JUDGE_CAP ? bound : CT_JUDGE_CAP, nl = ct_j_size(L), nr = ct_j_size(R), missing = 0,
             below = 0, nf;
  int hit = 0, maximal = ct_j_rinv_maximal(L, cap, v, r);
  if (maximal == 0) return ct_j_holds(j, "RINV-3"); /* the hypothesis fails: r is no layout's */
  nf = ct_j_filter_values(L, v, cap);
  if (nf >= 0 && ct_j_repeats(v, nf)) return ct_j_holds(j, "RINV-3"); /* the hypothesis fails */
  if (maximal < 0 || nf < 0 || nl < 0 || nl > cap) return ct_j_unchecked(j, "RINV-3");
  for (i = 0; i < nf; ++i) {
    below += v[i] >= 0 && v[i] < nr;
    hit = hit || v[i] == nr;
  }
  if (below == nr && !hit) return ct_j_holds(j, "RINV-3");
  ct_j_sort(v, nf);
  for (i = 0; i < nf && v[i] <= missing; ++i)
    if (v[i] == missing) ++missing;
  return CT_J_VIOLATES(j, "RINV-3", "size(R) = %lld, but filter(L) is injective and the smallest value L does not take is %lld",
                       (long long)nr, (long long)missing);
}

/* RINV-4 without a sort (issue 16): R(i) is the least index where L is i,
 * for every i < size(R), exactly when (a) L(R(i)) == i with R(i) in L's
 * domain, and (b) R(L(j)) <= j at every j with L(j) < size(R): (a) makes
 * R(i) an index of i, (b) puts it at or below every other. Both passes
 * keep the least i that fails, which is the one named. */
CT_FN ct_jstatus ct_judge_rinv_4(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH int64_t v[CT_JUDGE_CAP], w[CT_JUDGE_CAP];
  int64_t i, r, least, nl = ct_j_size(L), nr = ct_j_size(R), cap = bound < CT_JUDGE_CAP ? bound : CT_JUDGE_CAP, bad, nf;
  int maximal = ct_j_rinv_maximal(L, cap, v, w);
  ct_leaf_form FL, FR; /* L and R index after index */
  if (maximal == 0) return ct_j_holds(j, "RINV-4"); /* the hypothesis fails: r is no layout's */
  nf = ct_j_filter_values(L, v, cap);
  if (nf >= 0 && ct_j_repeats(v, nf)) return ct_j_holds(j, "RINV-4"); /* the hypothesis fails */
  if (maximal < 0 || nf < 0 || nl < 0 || nl > cap || nr > bound) return ct_j_unchecked(j, "RINV-4");
  ct_lf_init(&FR, R);
  for (bad = 0; bad < nr; ++bad) { /* (a) */
    r = ct_j_at_form(&FR, bad);
    if (r < 0 || r >= nl || ct_j_at(L, r) != bad) break;
  }
  ct_lf_init(&FL, L);
  for (i = 0; i < nl; ++i) { /* (b) */
    int64_t x = ct_j_at_form(&FL, i);
    if (x >= 0 && x < bad && ct_j_at(R, x) > i) bad = x;
  }
  if (bad >= nr) return ct_j_holds(j, "RINV-4");
  r = ct_j_at(R, bad);
  least = ct_j_least_index(L, nl, bad);
  if (least < 0)
    return CT_J_VIOLATES(j, "RINV-4", "R(%lld) = %lld, but L does not take %lld", (long long)bad, (long long)r, (long long)bad);
  return CT_J_VIOLATES(j, "RINV-4", "R(%lld) = %lld, but the smallest j with L(j) == %lld is %lld", (long long)bad,
                       (long long)r, (long long)bad, (long long)least);
}

CT_FN ct_jstatus ct_judge_linv_1(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j) {
  int64_t i, n = ct_j_size(L), nr = ct_j_size(R), upto = n < bound ? n : bound;
  ct_leaf_form FL; /* L index after index */
  ct_lf_init(&FL, L);
  for (i = 0; i < upto; ++i) {
    int64_t x = ct_j_at_form(&FL, i), r = ct_j_at(R, x);
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

/* LINV-2 without a sort (issue 16): R(L(i)) is the least j with L(j) ==
 * L(i) for every i exactly when 0 <= r <= i and L(r) == L(i) for r =
 * R(L(i)) at every i: r is then an index of L(i) at or below each of them.
 * The least value whose check fails is the one named. */
CT_FN ct_jstatus ct_judge_linv_2(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j) {
  int64_t i, n = ct_j_size(L), cap = bound < CT_JUDGE_CAP ? bound : CT_JUDGE_CAP, bad = 0;
  int failed = 0;
  ct_leaf_form FL;
  if (n < 0 || n > cap) return ct_j_unchecked(j, "LINV-2");
  ct_lf_init(&FL, L);
  for (i = 0; i < n; ++i) {
    int64_t x = ct_j_at_form(&FL, i), r = ct_j_at(R, x);
    if ((r < 0 || r > i || ct_j_at(L, r) != x) && (!failed || x < bad)) {
      bad = x;
      failed = 1;
    }
  }
  if (!failed) return ct_j_holds(j, "LINV-2");
  return CT_J_VIOLATES(j, "LINV-2", "R(%lld) = %lld, but the smallest j with L(j) == %lld is %lld", (long long)bad,
                       (long long)ct_j_at(R, bad), (long long)bad, (long long)ct_j_least_index(L, n, bad));
}
