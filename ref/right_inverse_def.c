/* right_inverse_def.c -- right_inverse as spec/inverse.md defines it,
 * bounded (RINV-DEF).
 *
 * The definition. A right inverse of L is a layout R with L(R(i)) == i and
 * 0 <= R(i) < size(L) for i < size(R) (RINV-1, RINV-2). RINV-3 and RINV-4
 * fix one as a function where their hypothesis holds: filter(L) is
 * injective (only the stride-0 modes repeat values; spec/coalesce.md, FILT)
 * and the least indices r(i), the smallest j with L(j) == i for i < N, N
 * the least value L does not take, are a layout's function (RECOG-1); with
 * a negative stride, size(L) <= 2^20 is part of the hypothesis (RINV-NEG).
 * Then R has size N and R(i) == r(i). Where the hypothesis fails every
 * layout with RINV-1 and RINV-2 is a right inverse, and the reference's is
 * CuTe C++'s chain (RINV-6). So, read literally: visit L's indices, sort
 * filter(L)'s values for a repeat, tabulate r and N, and recognize r
 * (RECOG-1 applied level by level, on the table). This file answers "R is
 * this layout", "the hypothesis fails", or "past its bound" (more than cap
 * indices, values beyond 64 bits), never a guess; ref/inverse.c is the
 * procedure (RINV-ALG, RINV-NEG, ref/recognize.c), which needs no table,
 * and RINV-7 checks that the two agree.
 *
 * CuTe's construction, a worked case: L = (3,2,2,4):(2,0,1,12), coalesced
 * as it is, domain strides 1, 3, 6, 12. CuTe sorts the modes by stride,
 * 2:0, 2:1, 3:2, 4:12, and follows the chain from curr = 1: 2:0 is
 * skipped; 2:1 is the link, appended as 2:6 (its domain stride), curr =
 * 2*1 = 2; 3:2 is the link, appended as 3:1, curr = 6; 4:12 is not (12 !=
 * 6), skipped. R = (2,3):(6,1) (`cuteref eval 'right_inverse((3,2,2,4):(2,
 * 0,1,12))'`). The definition reaches it from the values: L(0..8) = 0 2 4
 * 0 2 4 1 3 5, and L is 2*c0 + c2 + 12*c3 in its coordinates. filter(L) =
 * (3,2,4):(2,1,12) takes 48/2 = 24 distinct values: injective. L takes 0..5
 * and not 6 (its values are 0..5 plus multiples of 12), so N = 6, and the
 * least indices are r = 0 6 1 7 2 8. RECOG-1: d = r(1) = 6, r(2) = 1 != 12,
 * so the first run is 2, which divides 6, and r(i) == r(i mod 2) + r(2*(i/
 * 2)) at every i < 6: mode 2:6; g = r(0), r(2), r(4) = 0 1 2 is 3:1. R =
 * (2,3):(6,1), the chain; composition(L, R) is (2,3):(1,2), the identity
 * 6:1 as a function. By contrast (2,3):(1,1) takes 1 and 2 twice (filter
 * repeats), and (2,2):(-1,2) has r = 0 3 2, no layout's: there the
 * hypothesis fails and the chain (2:1, _1:_0) is only CuTe's choice. */
#include "right_inverse_def.h"
#include "ct_arith.h"
#include "modes.h"

/* L's leaves as modes, *n = size(L), *neg: a leaf of size > 1 has a
 * negative stride. 0 when a shape is not a positive integer, a stride is
 * not an integer, or size(L) or the span of L's values, sum (s-1)*|d|,
 * does not fit (every value and partial sum below is then within it). */
CT_FN static int ct_rdef_leaves(const ct_layout *L, ct_modes *m, int64_t *n, int *neg) {
  int64_t span = 0, t;
  int k;
  ct_modes_of(L, 0, m);
  *n = 1;
  *neg = 0;
  for (k = 0; k < m->n; ++k) {
    const ct_mode *x = &m->m[k];
    if (x->dk != CT_INT || x->s < 1) return 0;
    if (ct_mul_ovf(*n, x->s, n) || ct_abs_ovf(x->d, &t) || ct_mul_ovf(x->s - 1, t, &t) || ct_add_ovf(span, t, &span))
      return 0;
    *neg = *neg || (x->s > 1 && x->d < 0);
  }
  return 1;
}

/* Heap sort of v[0..n), increasing: no recursion and no memory beyond v
 * (the device rule of ref/). */
CT_FN static void ct_rdef_sift(int64_t *v, int64_t at, int64_t n) {
  for (;;) {
    int64_t big = at, c = 2 * at + 1, t;
    if (c < n && v[c] > v[big]) big = c;
    if (c + 1 < n && v[c + 1] > v[big]) big = c + 1;
    if (big == at) return;
    t = v[at], v[at] = v[big], v[big] = t;
    at = big;
  }
}

CT_FN static void ct_rdef_sort(int64_t *v, int64_t n) {
  int64_t i, t;
  for (i = n / 2; i-- > 0;) ct_rdef_sift(v, i, n);
  for (i = n; i-- > 1;) {
    t = v[0], v[0] = v[i], v[i] = t;
    ct_rdef_sift(v, 0, i);
  }
}

/* Whether filter(L) takes a value twice (*twice: the least such): its
 * values are L's at the indices whose stride-0 coordinates are 0, the
 * leaves with a non-zero stride on their own (FILT). w: room for them. */
CT_FN static int ct_rdef_repeats(const ct_modes *m, int64_t *w, int64_t *twice) {
  ct_modes f;
  int64_t n = 1, i;
  int k;
  for (f.n = 0, k = 0; k < m->n; ++k)
    if (m->m[k].d != 0) {
      f.m[f.n++] = m->m[k];
      n *= m->m[k].s;
    }
  for (i = 0; i < n; ++i) w[i] = ct_modes_at(&f, i);
  ct_rdef_sort(w, n);
  for (i = 1; i < n; ++i)
    if (w[i] == w[i - 1]) return *twice = w[i], 1;
  return 0;
}

/* The least indices: r[v] = the smallest j < n with L(j) == v, for v < n
 * (-1 where L does not take v). Returns N, the least value not taken
 * (n when L takes every value below its size). */
CT_FN static int64_t ct_rdef_least_indices(const ct_modes *m, int64_t n, int64_t *r) {
  int64_t j, v, N = 0;
  for (v = 0; v < n; ++v) r[v] = -1;
  for (j = 0; j < n; ++j) {
    v = ct_modes_at(m, j);
    if (v >= 0 && v < n && r[v] < 0) r[v] = j;
  }
  while (N < n && r[N] >= 0) ++N;
  return N;
}

/* RECOG-1 level by level on f[0..N) (f(0) == 0), read at the multiples of
 * P, the product of the sizes found so far: d = f(P); s, the least t >= 1
 * with f(t*P) != t*d (N/P if none); f is a layout's only if s divides N/P
 * and f(i*P) == f((i mod s)*P) + f((i/s)*s*P) for every i < N/P, and then
 * s:d is its next mode. 1 with the modes (coalesced: RECOG-1) in *out, 0
 * when f is no layout's, -1 past CT_MAX_NODES modes. */
CT_FN static int ct_rdef_recognize(const int64_t *f, int64_t N, ct_modes *out) {
  int64_t P = 1, n, s, d, i;
  out->n = 0;
  while (P < N) {
    n = N / P;
    d = f[P];
    s = 1;
    while (s < n && f[s * P] == s * d) ++s;
    if (n % s != 0) return 0;
    for (i = 0; i < n; ++i)
      if (f[i * P] != f[(i % s) * P] + f[(i / s) * s * P]) return 0;
    if (out->n == CT_MAX_NODES) return -1;
    ct_modes_push(out, s, 0, d, 0);
    P *= s;
  }
  return 1;
}

CT_FN ct_rinv_def_verdict ct_right_inverse_def(const ct_layout *L, int64_t *w, int64_t cap, ct_layout *R,
                                               ct_rinv_def_info *info) {
  ct_modes m, r;
  ct_err e;
  int64_t n;
  int neg, found;
  info->why = CT_RINV_WHY_LEAST;
  info->N = info->value = 0;
  if (!ct_rdef_leaves(L, &m, &n, &neg)) return CT_RINV_DEF_PAST_BOUND;
  if (neg && n > CT_RINV_DEF_NEG_SIZE) { /* RINV-3 is not stated for it */
    info->why = CT_RINV_WHY_UNSTATED;
    return CT_RINV_DEF_FREE;
  }
  if (n > cap) return CT_RINV_DEF_PAST_BOUND;
  if (ct_rdef_repeats(&m, w, &info->value)) {
    info->why = CT_RINV_WHY_REPEATS;
    return CT_RINV_DEF_FREE;
  }
  info->N = ct_rdef_least_indices(&m, n, w);
  found = ct_rdef_recognize(w, info->N, &r);
  if (found < 0) return CT_RINV_DEF_PAST_BOUND;
  if (found == 0) {
    info->why = CT_RINV_WHY_NO_LAYOUT;
    return CT_RINV_DEF_FREE;
  }
  if (ct_modes_to_layout(&r, R, &e) != CT_OK) return CT_RINV_DEF_PAST_BOUND;
  return CT_RINV_DEF_FIXED;
}
