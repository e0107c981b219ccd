/* judge_exact.c -- judges of exactness: composition and complement accept an
 * input iff an answer exists (COMP-8, COMP-10, CPL-7 in spec/composition.md
 * and spec/complement.md), decided by brute force. They share no code with
 * ref/carry.c, ref/composition.c or ref/complement.c: Â, the extension of
 * coalesce(A) (COMP-EXT), is judge.h's ct_j_ahat, every layout of every
 * leaf's size is tried (one per chain of divisors), and a complement's image
 * is tiled greedily.
 *
 * Why trying chains is trying every layout: a layout of size s, coalesced,
 * is (T_2/T_1, ..., s/T_m):(g(T_1), ..., g(T_m)) for a chain
 * 1 = T_1 | T_2 | ... | T_m | s, its strides its values at the T_i. A
 * layout of B's nesting is R(c) = sum_j R_j(c_j), and R_j(c_j) is pinned by
 * the index c_j*w_j, at most the index of c. So the least index where no such
 * R agrees with Â∘B is the least of: each leaf's first point that no chain
 * reaches, and the first index where Â∘B is not the sum over the leaves. */
#include "judge/judge.h"
#include "ref/modes.h"

#define CT_J_LEAF 64     /* leaf sizes tried */
#define CT_J_DIVISORS 12 /* proper divisors of a leaf size (2^12 chains at most) */

/* The first x < s at which no layout of size s agrees with g(x) = F[x*w]
 * (defined where def[x*w]) on [0, x]; s when one agrees everywhere; -1 when
 * s has too many divisors. */
CT_FN static int64_t ct_j_leaf_first_bad(const int64_t *F, const unsigned char *def, int64_t w, int64_t s) {
  int64_t div[CT_J_DIVISORS], T[CT_J_DIVISORS + 2], best = 0, d, x;
  int nd = 0, mask, m, k;
  for (d = 2; d < s; ++d)
    if (s % d == 0) {
      if (nd == CT_J_DIVISORS) return -1;
      div[nd++] = d;
    }
  for (mask = 0; mask < (1 << nd); ++mask) {
    int chain = 1;
    T[0] = 1;
    for (m = 1, k = 0; k < nd; ++k)
      if (mask & (1 << k)) {
        chain = chain && div[k] % T[m - 1] == 0;
        T[m++] = div[k];
      }
    if (!chain) continue;
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
  }
  return best;
}

/* Does a layout of B's nesting agree with Â∘B on [0, size(B))? 1 yes; 0 no,
 * *first the least index where none agrees on [0, *first]; -1 past bound. */
CT_FN static int ct_j_comp_exists(const ct_layout *A, const ct_layout *B, int64_t bound, int64_t *first) {
  CT_JUDGE_SCRATCH int64_t F[CT_JUDGE_CAP];
  CT_JUDGE_SCRATCH unsigned char def[CT_JUDGE_CAP];
  ct_modes b;
  ct_j_ahat h;
  int64_t n = ct_j_size(B), w[CT_MAX_NODES], i;
  int j;
  ct_j_ahat_init(A, &h);
  ct_modes_of(B, 0, &b);
  if (n < 0 || n > bound || n > CT_JUDGE_CAP) return -1;
  for (j = 0, w[0] = 1; j < b.n; ++j) {
    if (b.m[j].s > CT_J_LEAF) return -1;
    if (j + 1 < b.n) w[j + 1] = w[j] * b.m[j].s;
  }
  for (i = 0; i < n; ++i) { /* F(i) = Â(B(i)) */
    int64_t x = 0, r = i;
    for (j = 0; j < b.n; ++j) {
      x += (r % b.m[j].s) * b.m[j].d;
      r /= b.m[j].s;
    }
    def[i] = (unsigned char)ct_j_ahat_at(&h, x, &F[i]); /* undefined below 0 unless Â is linear */
    if (!def[i] && (x >= 0 || h.lin || h.n < 0)) return -1; /* beyond 64 bits: not decided here */
  }
  *first = n;
  for (j = 0; j < b.n; ++j) {
    int64_t y = ct_j_leaf_first_bad(F, def, w[j], b.m[j].s);
    if (y < 0) return -1;
    if (y < b.m[j].s && y * w[j] < *first) *first = y * w[j];
  }
  for (i = 0; i < *first; ++i) { /* additivity over the leaves below it */
    int64_t r = i, sum = 0;
    int ok = def[i];
    for (j = 0; j < b.n && ok; ++j) {
      int64_t p = (r % b.m[j].s) * w[j];
      ok = def[p];
      sum += F[p];
      r /= b.m[j].s;
    }
    if (!ok || sum != F[i]) break;
  }
  *first = i;
  return i == n;
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
