/* left_search.c -- left_inverse outside LINV-DIV/LINV-INJ (spec/inverse.md,
 * LINV-SEARCH).
 *
 * LINV-1, LINV-2 and LINV-5 fix R on L's values V (R(v) = r(v), the least
 * index of v) and its size M; elsewhere R is free. Every layout has the
 * function of one whose modes have prime sizes (s:d is (p, s/p):(d, p*d)),
 * so R is sought as (q_0, ..., q_n-1):(e_0, ..., e_n-1) for each order q of
 * M's prime factors: R(v) is the sum of v's digits in that mixed radix
 * times e, so R(v) == r(v) for every v in V is a system of linear
 * equations in the integers e (zsolve.c). An order whose system has an
 * integer solution gives R; when no order does, no layout has LINV-1,
 * LINV-2 and LINV-5. */
#include "left_search.h"
#include "zsolve.h"

/* The next order of q (lexicographic, the multiset's distinct orders);
 * 0 after the last. */
CT_FN static int ct_ls_next_order(int64_t *q, int n) {
  int i = n - 2, j = n - 1, k;
  while (i >= 0 && q[i] >= q[i + 1]) --i;
  if (i < 0) return 0;
  while (q[j] <= q[i]) --j;
  k = (int)q[i], q[i] = q[j], q[j] = k;
  for (k = i + 1, j = n - 1; k < j; ++k, --j) {
    int64_t t = q[k];
    q[k] = q[j], q[j] = t;
  }
  return 1;
}

/* The system of order q: 1 solved (e set), 0 none (*bad: the value whose
 * equation had no solution), -1 overflow. */
CT_FN static int ct_ls_solve(const int64_t *r, int64_t M, const int64_t *q, int n, int64_t *e, int64_t *bad) {
  ct_zsys s;
  int64_t v, a[CT_ZSOLVE_MAX];
  int k, ok;
  ct_zsys_init(&s, n);
  for (k = 0; k < n; ++k) a[k] = 0;
  for (v = 1; v < M; ++v) {
    for (k = 0; k < n && ++a[k] == q[k]; ++k) a[k] = 0; /* a: v's digits, counted up from v - 1's */
    if (r[v] < 0) continue; /* not a value of L: R is free there */
    ok = ct_zsys_add(&s, a, r[v]);
    if (ok != 1) {
      *bad = v;
      return ok;
    }
  }
  return ct_zsys_solution(&s, e) ? 1 : -1;
}

CT_FN ct_code ct_left_search(const ct_modes *c, int64_t M, ct_modes *out, ct_err *e) {
  int64_t r[CT_LINV_SEARCH], x[CT_MAX_NODES], q[CT_ZSOLVE_MAX], st[CT_ZSOLVE_MAX], n = 1, j = 0, v = 0, m = M, p,
      bad = -1, first_bad = -1;
  int k, nq = 0, got, overflowed = 0;
  for (k = 0; k < c->n; ++k) { /* L's largest value (strides >= 0) and its index; both fit: size(L) and M do */
    n *= c->m[k].s, x[k] = 0;
    v += (c->m[k].s - 1) * c->m[k].d;
    j += c->m[k].d ? (c->m[k].s - 1) * (n / c->m[k].s) : 0;
  }
  if (v >= M)
    return CT_FAIL(e, CT_NO_LAYOUT, "left_inverse: L(%lld) = %lld is not below size(R) = %lld (LINV-5), as LINV-1 asks",
                   (long long)j, (long long)v, (long long)M);
  if (M > CT_LINV_SEARCH || n > CT_LINV_VISIT)
    return CT_FAIL(e, CT_UNDECIDED,
                   "left_inverse: outside LINV-DIV/LINV-INJ the search covers size(R) <= %lld and size(L) <= %lld; "
                   "here %lld and %lld",
                   (long long)CT_LINV_SEARCH, (long long)CT_LINV_VISIT, (long long)M, (long long)n);
  for (j = 0; j < M; ++j) r[j] = -1;
  for (j = 0, v = 0; j < n; ++j) { /* r: the least index of each value, L's indices in order */
    if (r[v] < 0) r[v] = j;
    for (k = 0; k < c->n; ++k) { /* the next index: a mixed-radix counter */
      v += c->m[k].d;
      if (++x[k] < c->m[k].s) break;
      v -= c->m[k].s * c->m[k].d;
      x[k] = 0;
    }
  }
  for (p = 2; p <= m; ++p) /* M's prime factors, in increasing order */
    while (m % p == 0) q[nq++] = p, m /= p;
  do {
    got = ct_ls_solve(r, M, q, nq, st, &bad);
    if (got < 0) overflowed = 1;
    if (got == 0 && first_bad < 0) first_bad = bad;
  } while (got != 1 && ct_ls_next_order(q, nq));
  if (got == 1) {
    out->n = 0;
    for (k = 0; k < nq; ++k) ct_modes_push(out, q[k], 0, st[k], 0);
    return CT_OK;
  }
  if (overflowed)
    return CT_FAIL(e, CT_UNDECIDED, "left_inverse: the integer equations of the search overflowed int64");
  return CT_FAIL(e, CT_NO_LAYOUT,
                 "left_inverse: no layout of size %lld has R(v) = the least index of v for every value v of L "
                 "(LINV-2); with M's prime factors in increasing order, first at v = %lld",
                 (long long)M, (long long)first_bad);
}
