/* carry.c -- Â as a sum of floors and the first point where a box's
 * candidate differs from Â∘B (see carry.h; spec/composition.md).
 *
 * With A's digits, Â(y) = sum_k G_k floor(y/P_k), G_0 = D_0 and
 * G_k = D_k - M_(k-1)*D_(k-1) (COMP-FLOOR). For a box of modes t_m:b_m
 * (b_m >= 0), the candidate's defect is
 *   Â(sum_m c_m*b_m) - sum_m c_m*Â(b_m) = sum_(k>=1) G_k floor(L_k(c)/P_k),
 *   L_k(c) = sum_m c_m*(b_m mod P_k)                                  (COMP-DEFECT)
 * so it is 0 wherever no L_k reaches P_k: R* can first differ only at a
 * carry point, and the least one has a closed form (COMP-CARRY). Where the
 * carries there cancel, the points after it are examined one by one inside
 * a box that Â's period bounds (COMP-SEARCH). */
#include "carry.h"
#include "ct_arith.h"

/* Coordinates and index: the values are computed where needed. */
CT_FN static void ct_point_copy(int n, const ct_point *from, ct_point *to) {
  int m;
  for (m = 0; m < n; ++m) to->c[m] = from->c[m];
  to->index = from->index;
}

/* The point's index, B's value x, want = Â(x) and got = R*; 0 on overflow. */
CT_FN static int ct_point_values(const ct_ahat *h, const ct_box *x, ct_point *p) {
  int64_t sx = 0, sv = 0, t;
  int m;
  p->index = 0;
  for (m = 0; m < x->n; ++m) {
    if (p->c[m] == 0) continue;
    p->index += p->c[m] * x->w[m]; /* < size(B) */
    if (ct_mul_ovf(p->c[m], x->b[m], &t) || ct_add_ovf(sx, t, &sx)) return 0;
    if (ct_mul_ovf(p->c[m], x->v[m], &t) || ct_add_ovf(sv, t, &sv)) return 0;
  }
  p->x = sx;
  p->got = sv;
  return ct_ahat_at(h, sx, &p->want);
}

/* COMP-CARRY: the point of least index with L(c) = sum_m c_m*(b_m mod P) >= P.
 * Indices are colexicographic, so it fixes the top coordinate first, as
 * small as the lower ones at their most allow, and so on down; pre[m] is
 * L's most over the modes below m, capped at P. 0 if L never reaches P. */
CT_FN static int ct_first_carry(const ct_box *x, int64_t P, ct_point *p) {
  int64_t pre[CT_COMP_MODES + 1], acc = 0, add;
  int m;
  pre[0] = 0;
  for (m = 0; m < x->n; ++m)
    if (ct_mul_ovf(x->t[m] - 1, x->b[m] % P, &add) || ct_add_ovf(pre[m], add, &pre[m + 1]) || pre[m + 1] > P)
      pre[m + 1] = P;
  if (pre[x->n] < P) return 0;
  p->index = 0;
  for (m = x->n - 1; m >= 0; --m) {
    int64_t rho = x->b[m] % P, need = P - acc - pre[m];
    p->c[m] = need > 0 && rho > 0 ? ct_ceil_div(need, rho) : 0; /* <= t_m - 1: acc + pre[m+1] >= P */
    if (ct_mul_ovf(p->c[m], rho, &add) || ct_add_ovf(acc, add, &acc) || acc > P) acc = P;
    p->index += p->c[m] * x->w[m];
  }
  return 1;
}

/* The next point in index order inside c_m < lim[m]; 0 past the last. */
CT_FN static int ct_next_point(const ct_box *x, const int64_t *lim, ct_point *p) {
  int m;
  for (m = 0; m < x->n; ++m) {
    if (++p->c[m] < lim[m]) return 1;
    p->c[m] = 0;
  }
  return 0;
}

/* a*b == c*d, exactly (128-bit products from 32-bit halves). */
CT_FN static void ct_umul128(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo) {
  uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  *lo = (mid << 32) | (p00 & 0xffffffffu);
  *hi = a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}
CT_FN static int ct_products_equal(int64_t a, int64_t b, int64_t c, int64_t d) {
  uint64_t h1, l1, h2, l2;
  int neg1 = a != 0 && b != 0 && (a < 0) != (b < 0), neg2 = c != 0 && d != 0 && (c < 0) != (d < 0);
  ct_umul128(a < 0 ? 0 - (uint64_t)a : (uint64_t)a, b < 0 ? 0 - (uint64_t)b : (uint64_t)b, &h1, &l1);
  ct_umul128(c < 0 ? 0 - (uint64_t)c : (uint64_t)c, d < 0 ? 0 - (uint64_t)d : (uint64_t)d, &h2, &l2);
  return h1 == h2 && l1 == l2 && (neg1 == neg2 || (h1 == 0 && l1 == 0));
}

/* COMP-PERIOD: Â(y) = (D_a/P_a)*y + psi(y mod P_a), so along mode m the
 * defect repeats with period ord_m = P_a/gcd(b_m, P_a) when
 * psi(b_m mod P_a) = 0, and is non-zero at c_m = ord_m otherwise: the first
 * point where R* differs has c_m < lim[m] = min(t_m, ord_m (+1)). */
CT_FN static void ct_period_box(const ct_ahat *h, const ct_box *x, int64_t *lim) {
  int64_t P = h->P[h->a];
  int m;
  for (m = 0; m < x->n; ++m) {
    int64_t r = x->b[m] % P, ord = P / ct_gcd(r, P), ar;
    int psi0 = r == 0 || (ct_ahat_at(h, r, &ar) && ct_products_equal(P, ar, h->D[h->a], r));
    lim[m] = ct_min64(x->t[m], psi0 ? ord : ord + 1);
  }
}

/* COMP-SEARCH: every point of the period box from p on, in index order. */
CT_FN static ct_code ct_search(const ct_ahat *h, const ct_box *x, ct_point *p, int *found, int64_t *spent, ct_err *e) {
  int64_t lim[CT_COMP_MODES];
  int m, top = -1;
  ct_period_box(h, x, lim);
  for (m = 0; m < x->n; ++m) /* the least point of the period box at or after p */
    if (p->c[m] >= lim[m]) top = m;
  if (top >= 0) {
    for (m = 0; m <= top; ++m) p->c[m] = lim[m] - 1;
    if (!ct_next_point(x, lim, p)) return CT_OK;
  }
  for (;;) {
    int64_t last;
    if (!ct_point_values(h, x, p)) return CT_FAIL(e, CT_OVERFLOW, "composition: a value of A^ o B overflows int64");
    if (p->want != p->got) {
      *found = 1;
      return CT_OK;
    }
    last = p->index;
    if (!ct_next_point(x, lim, p)) return CT_OK; /* the period box agrees: so does the whole box */
    if (++*spent >= CT_COMP_SEARCH)
      return CT_FAIL(e, CT_UNDECIDED,
                     "composition: carries across A's digits cancel; %lld points examined up to index %lld "
                     "without a decision",
                     (long long)*spent, (long long)last);
  }
}

CT_FN ct_code ct_first_difference(const ct_ahat *h, const ct_box *x, const ct_point *from, ct_point *p, int *found,
                                  int64_t *spent, ct_err *e) {
  ct_point q;
  int k, any = 0;
  *found = 0;
  for (k = 1; k <= h->a; ++k) /* COMP-CARRY over every place value: the least */
    if (ct_first_carry(x, h->P[k], &q) && (!any || q.index < p->index)) {
      ct_point_copy(x->n, &q, p);
      any = 1;
    }
  if (!any) return CT_OK; /* no carry: R* is Â∘B on the whole box */
  if (p->index >= from->index) {
    if (!ct_point_values(h, x, p)) return CT_FAIL(e, CT_OVERFLOW, "composition: a value of A^ o B overflows int64");
    if (p->want != p->got) {
      *found = 1;
      return CT_OK;
    }
    if (!ct_next_point(x, x->t, p)) return CT_OK; /* the carries cancel at the last point */
  } else {
    ct_point_copy(x->n, from, p);
  }
  return ct_search(h, x, p, found, spent, e);
}
