/* zsolve.c -- integer solvability of linear equations by column operations
 * (a Hermite normal form built one equation at a time).
 *
 * An equation a.e == b reads (a U).y == b in y = U^-1 e. Its entries in the
 * pivot columns j < c multiply the y already fixed; the rest are made one
 * entry g = gcd(...) at column c by unimodular operations on the columns
 * c..n-1 (extended Euclid on two columns at a time). Earlier equations have
 * zeros there, so they are unchanged. Then g*y_c == the residual fixes y_c,
 * which must be an integer; with no entry left the residual must be 0. */
#include "zsolve.h"
#include "ct_arith.h"

CT_FN void ct_zsys_init(ct_zsys *s, int n) {
  int i, j;
  s->n = n;
  s->c = 0;
  for (i = 0; i < n; ++i) {
    s->y[i] = 0;
    for (j = 0; j < n; ++j) s->U[i][j] = i == j;
  }
}

/* x*p + z*q, checked. */
CT_FN static int ct_zs_comb(int64_t x, int64_t p, int64_t z, int64_t q, int64_t *r) {
  int64_t a, b;
  return !ct_mul_ovf(x, p, &a) && !ct_mul_ovf(z, q, &b) && !ct_add_ovf(a, b, r);
}

/* Columns (k, j) of U and of the row t become (u*k + v*j, -(z/g)*k + (x/g)*j)
 * with g = u*x + v*z = gcd(x, z), x = t[k], z = t[j]: t[k] = g, t[j] = 0. The
 * 2x2 matrix has determinant (u*x + v*z)/g = 1. */
CT_FN static int ct_zs_merge(ct_zsys *s, int64_t *t, int k, int j) {
  int64_t x = t[k], z = t[j], u = 1, v = 0, u1 = 0, v1 = 1, a = x, b = z, g, i;
  if (x == INT64_MIN || z == INT64_MIN) return 0;
  while (b != 0) { /* a = u*x + v*z, b = u1*x + v1*z */
    int64_t q = a / b, r;
    r = a - q * b, a = b, b = r;
    r = u - q * u1, u = u1, u1 = r;
    r = v - q * v1, v = v1, v1 = r;
  }
  if (a < 0) a = -a, u = -u, v = -v;
  g = a;
  for (i = 0; i < s->n; ++i) {
    int64_t ck, cj;
    if (!ct_zs_comb(u, s->U[i][k], v, s->U[i][j], &ck) || !ct_zs_comb(-(z / g), s->U[i][k], x / g, s->U[i][j], &cj))
      return 0;
    s->U[i][k] = ck;
    s->U[i][j] = cj;
  }
  t[k] = g;
  t[j] = 0;
  return 1;
}

CT_FN int ct_zsys_add(ct_zsys *s, const int64_t *a, int64_t b) {
  int64_t t[CT_ZSOLVE_MAX], r = b;
  int i, j;
  for (j = 0; j < s->n; ++j) { /* t = a U */
    t[j] = 0;
    for (i = 0; i < s->n; ++i)
      if (!ct_zs_comb(1, t[j], a[i], s->U[i][j], &t[j])) return -1;
  }
  for (j = 0; j < s->c; ++j) { /* the residual of the fixed y */
    int64_t p;
    if (ct_mul_ovf(t[j], s->y[j], &p) || ct_sub_ovf(r, p, &r)) return -1;
  }
  for (j = s->c + 1; j < s->n; ++j)
    if (t[j] != 0 && !ct_zs_merge(s, t, s->c, j)) return -1;
  if (s->c == s->n || t[s->c] == 0) return r == 0; /* no new pivot */
  if (r % t[s->c] != 0) return 0;
  s->y[s->c] = r / t[s->c];
  ++s->c;
  return 1;
}

CT_FN int ct_zsys_solution(const ct_zsys *s, int64_t *e) {
  int i, j;
  for (i = 0; i < s->n; ++i) {
    e[i] = 0;
    for (j = 0; j < s->c; ++j)
      if (!ct_zs_comb(1, e[i], s->U[i][j], s->y[j], &e[i])) return 0;
  }
  return 1;
}
