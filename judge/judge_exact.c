/* judge_exact.c -- judges of exactness: composition and complement accept an
 * input iff an answer exists (COMP-8, COMP-10, CPL-7 in spec/composition.md
 * and spec/complement.md), decided by brute force. They share no code with
 * ref/carry.c, ref/composition.c or ref/complement.c: composition's is its
 * definition (ref/composition_def.c: every layout of every leaf's size tried,
 * one per chain of divisors, against Â∘B at every index) on values of Â
 * from judge.h's ct_j_ahat (COMP-EXT), and a complement's image is tiled
 * greedily. */
#include "judge/judge.h"
#include "ref/composition_def.h"
#include "ref/modes.h"

/* Does a layout of B's nesting agree with Â∘B on [0, size(B))? 1 yes; 0 no,
 * *first the least index where none agrees on [0, *first]; -1 past bound. */
CT_FN static int ct_j_comp_exists(const ct_layout *A, const ct_layout *B, int64_t bound, int64_t *first) {
  CT_JUDGE_SCRATCH int64_t F[CT_JUDGE_CAP];
  CT_JUDGE_SCRATCH unsigned char def[CT_JUDGE_CAP];
  ct_modes b;
  ct_j_ahat h;
  int64_t n = ct_j_size(B), i;
  int j;
  ct_j_ahat_init(A, &h);
  ct_modes_of(B, 0, &b);
  if (n < 0 || n > bound || n > CT_JUDGE_CAP) return -1;
  for (j = 0; j < b.n; ++j)
    if (b.m[j].s > CT_DEF_LEAF) return -1;
  for (i = 0; i < n; ++i) { /* F(i) = Â(B(i)) */
    int64_t x = 0, r = i;
    for (j = 0; j < b.n; ++j) {
      x += (r % b.m[j].s) * b.m[j].d;
      r /= b.m[j].s;
    }
    def[i] = (unsigned char)ct_j_ahat_at(&h, x, &F[i]); /* undefined below 0 unless Â is linear */
    if (!def[i] && (x >= 0 || h.lin || h.n < 0)) return -1; /* beyond 64 bits: not decided here */
  }
  switch (ct_comp_def_peel(&b, n, F, def, 0, first)) {
  case CT_DEF_ANSWER: return 1;
  case CT_DEF_NO_ANSWER: return 0;
  default: return -1;
  }
}

/* The codes that say "not decided" or "cannot be represented", never "no answer". */
CT_FN static int ct_j_undecided(ct_code c) {
  return c == CT_UNDECIDED || c == CT_CAPACITY || c == CT_OVERFLOW || ct_code_is_limit(c);
}

CT_FN ct_jstatus ct_judge_comp_8(const ct_layout *A, const ct_layout *B, ct_code got, int64_t bound, ct_judgement *j) {
  int64_t first = 0;
  int r = ct_j_comp_exists(A, B, bound, &first);
  if (r < 0 || ct_j_undecided(got)) return ct_j_unchecked(j, "COMP-8");
  if (r && got != CT_OK)
    return CT_J_VIOLATES(j, "COMP-8", "rejected with %s, but a layout of B's nesting computes A^(B(i)) at every i",
                         ct_code_name(got));
  if (!r && got == CT_OK)
    return CT_J_VIOLATES(j, "COMP-8", "accepted, but no layout of B's nesting agrees with A^ o B on [0, %lld]",
                         (long long)first);
  return ct_j_holds(j, "COMP-8");
}

CT_FN ct_jstatus ct_judge_comp_10(const ct_layout *A, const ct_layout *B, int64_t index, int64_t bound,
                                  ct_judgement *j) {
  int64_t first = 0;
  int r = ct_j_comp_exists(A, B, bound, &first);
  if (r != 0) return ct_j_unchecked(j, "COMP-10");
  if (index != first)
    return CT_J_VIOLATES(j, "COMP-10", "the rejection names i = %lld; the least index where no layout agrees is %lld",
                         (long long)index, (long long)first);
  return ct_j_holds(j, "COMP-10");
}

/* Is f[0..n) a layout's function? Peel its coalesced form (COMP-PEEL): on
 * the multiples of P (g(u) = f(u*P), u < m = n/P) the next mode is t:g(1),
 * t the first u with g(u) != u*g(1); t divides m, and g(q*t + r) =
 * g(q*t) + g(r) for r < t; then the same on the multiples of P*t. */
CT_FN int ct_j_is_layout(const int64_t *f, int64_t n) {
  int64_t P = 1;
  while (P < n) {
    int64_t m = n / P, t = 1, u;
    while (t < m && f[P * t] == t * f[P]) ++t;
    if (m % t != 0) return 0;
    for (u = 0; u < m; ++u)
      if (f[P * u] != f[P * (u - u % t)] + f[P * (u % t)]) return 0;
    P *= t;
  }
  return 1;
}

/* Does a complement with CPL-1..CPL-3 exist? F's image (A's leaves of size
 * > 1 and stride != 0) must tile [0, K), K fixed by CPL-3, by translates T,
 * each offset once: the least offset not yet covered starts a translate, so
 * T is forced; R is T's increasing enumeration and must be a layout's.
 * 1 yes, 0 no, -1 past bound. */
CT_FN static int ct_j_cpl_exists(const ct_layout *A, int has_cot, int64_t M, int64_t bound) {
  CT_JUDGE_SCRATCH int64_t img[CT_JUDGE_CAP], T[CT_JUDGE_CAP];
  CT_JUDGE_SCRATCH unsigned char cov[4 * CT_JUDGE_CAP];
  ct_modes m, f;
  int64_t n = 1, span = 1, cos = 1, K, x, i, nt = 0;
  int k;
  ct_modes_of(A, 0, &m);
  for (f.n = 0, k = 0; k < m.n; ++k)
    if (m.m[k].s > 1 && m.m[k].d != 0) {
      if (m.m[k].d < 0) return 0; /* a negative offset is in no [0, K) */
      f.m[f.n++] = m.m[k];
      n *= m.m[k].s;
      cos += (m.m[k].s - 1) * m.m[k].d;
      if (m.m[k].s * m.m[k].d > span) span = m.m[k].s * m.m[k].d;
      if (n > bound || n > CT_JUDGE_CAP || cos > 4 * CT_JUDGE_CAP) return -1;
    }
  K = ((has_cot ? M : cos) + span - 1) / span * span; /* CPL-3 */
  if (K > bound || K > 4 * CT_JUDGE_CAP) return -1;
  for (i = 0; i < n; ++i) {
    int64_t v = 0, r = i;
    for (k = 0; k < f.n; ++k) {
      v += (r % f.m[k].s) * f.m[k].d;
      r /= f.m[k].s;
    }
    img[i] = v;
  }
  for (x = 0; x < K; ++x) cov[x] = 0;
  for (x = 0; x < K; ++x) {
    if (cov[x]) continue;
    if (nt == CT_JUDGE_CAP) return -1;
    T[nt++] = x;
    for (i = 0; i < n; ++i) {
      if (x + img[i] >= K || cov[x + img[i]]) return 0;
      cov[x + img[i]] = 1;
    }
  }
  return ct_j_is_layout(T, nt);
}

CT_FN ct_jstatus ct_judge_cpl_7(const ct_layout *A, int has_cot, int64_t M, ct_code got, int64_t bound,
                                ct_judgement *j) {
  int r = ct_j_cpl_exists(A, has_cot, M, bound);
  if (r < 0 || ct_j_undecided(got) || got == CT_ARG_TYPE || (has_cot && M <= 0)) return ct_j_unchecked(j, "CPL-7");
  if (r && got != CT_OK)
    return CT_J_VIOLATES(j, "CPL-7", "rejected with %s, but A's image tiles [0, K) with an ordered layout R",
                         ct_code_name(got));
  if (!r && got == CT_OK)
    return CT_J_VIOLATES(j, "CPL-7", "accepted, but no ordered layout R makes (filter(A), R) tile [0, K)");
  return ct_j_holds(j, "CPL-7");
}
