/* injective.c -- the injectivity of flat modes (see injective.h).
 *
 * Two coordinates c != c' reach the same offset exactly when some e = c - c'
 * != 0, |e_i| <= N_i - 1, has sum e_i*d_i == 0. Take t the last mode with
 * e_t != 0 and e_t > 0 (else negate e). With R_j = sum_{i<j} (N_i - 1)*d_i,
 * the modes below j reach only sums in [-R_j, R_j], so e_t*d_t <= R_t and
 * the digits e_(t-1), e_(t-2), ... are chosen from the largest stride down,
 * each keeping the rest p within [-R_j, R_j]: a depth-first search that ends
 * when p == 0 (a collision) or every choice is exhausted (injective). */
#include "injective.h"

#define CT_INJ_LIMIT ((int64_t)1 << 61) /* keeps p +- R in int64 */

/* floor(a/b) and ceil(a/b) for b > 0. */
CT_FN static int64_t ct_inj_floor(int64_t a, int64_t b) { return a / b - (a % b < 0); }
CT_FN static int64_t ct_inj_ceil(int64_t a, int64_t b) { return a / b + (a % b > 0); }

/* Whether the modes below lvl can sum to p[lvl]: depth first, the digit
 * e[j-1] of level j running up to hi[j-1]. Returns 0 (a collision, *twice
 * set), 1 (none) or -1 (out of steps). */
CT_FN static int ct_inj_search(const ct_modes *m, const int64_t *R, int t, int64_t *p, int64_t *pos, long *steps,
                               int64_t *twice) {
  int64_t e[CT_MAX_NODES], hi[CT_MAX_NODES];
  int lvl = t, fresh = 1;
  for (;;) {
    if (fresh && p[lvl] == 0) { /* the digits below are 0: c = e's positive part, c' = its negative part */
      *twice = pos[lvl];
      return 0;
    }
    if (fresh && lvl > 0) { /* e[lvl-1] in [lo, hi]: |p[lvl] - e*d| <= R[lvl-1] and |e| <= N - 1 */
      int64_t d = m->m[lvl - 1].d, n1 = m->m[lvl - 1].s - 1, lo = ct_inj_ceil(p[lvl] - R[lvl - 1], d);
      e[lvl - 1] = (lo > -n1 ? lo : -n1) - 1;
      hi[lvl - 1] = ct_inj_floor(p[lvl] + R[lvl - 1], d);
      if (hi[lvl - 1] > n1) hi[lvl - 1] = n1;
    }
    if (lvl > 0 && e[lvl - 1] < hi[lvl - 1]) { /* the next digit: one level down */
      int64_t x = ++e[lvl - 1] * m->m[lvl - 1].d;
      if (++*steps > CT_INJECTIVE_STEPS) return -1;
      p[lvl - 1] = p[lvl] - x;
      pos[lvl - 1] = pos[lvl] + (x > 0 ? x : 0);
      --lvl;
      fresh = 1;
      continue;
    }
    if (lvl == t) return 1; /* every digit of level t tried */
    ++lvl;                  /* back up to the level above, its next digit */
    fresh = 0;
  }
}

CT_FN int ct_modes_injective(const ct_modes *m, int64_t *twice) {
  int64_t R[CT_MAX_NODES + 1], p[CT_MAX_NODES + 1], pos[CT_MAX_NODES + 1];
  long steps = 0, tries = 0;
  int t, j;
  R[0] = 0;
  for (j = 0; j < m->n; ++j) { /* R[j+1] = R[j] + (N_j - 1)*d_j, bounded */
    if (m->m[j].s - 1 > (CT_INJ_LIMIT - R[j]) / m->m[j].d) return -1;
    R[j + 1] = R[j] + (m->m[j].s - 1) * m->m[j].d;
  }
  for (t = m->n - 1; t >= 0; --t) {
    int64_t et;
    for (et = 1; et < m->m[t].s && et * m->m[t].d <= R[t]; ++et) { /* the last non-zero digit, e_t > 0 */
      int r;
      /* a search that ends at once takes no step; counted here, so that
       * modes out of order (mutant 10 skips the sort) cannot loop about
       * R_t/d_t times, up to 2^61 */
      if (++tries > CT_INJECTIVE_STEPS) return -1;
      p[t] = -et * m->m[t].d;
      pos[t] = et * m->m[t].d;
      r = ct_inj_search(m, R, t, p, pos, &steps, twice);
      if (r != 1) return r;
    }
  }
  return 1;
}
