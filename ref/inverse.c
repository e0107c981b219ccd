/* inverse.c -- right_inverse, left_inverse, nullspace, max_common_layout,
 * max_common_vector (spec/inverse.md).
 *
 * The inverses read L as a 1-D function: coalesce it into modes s_k:d_k
 * (INV-PREP) and give every mode its domain stride p_k = s_0*...*s_(k-1),
 * the index step of one step along that mode. A layout R made of modes
 * s_k:p_k picks indices of L by coordinates, so L(R(...)) is a sum of the
 * chosen d_k: the inverses choose modes whose strides d_k form a mixed-radix
 * number system. */
#include "inverse.h"
#include "ct_arith.h"
#include "injective.h"
#include "left_search.h"
#include "recognize.h"

/* Marks of the results (best effort): static iff every integer of L is. */
CT_FN static int ct_inv_static(const ct_layout *L) {
  int j;
  for (j = 0; j < L->shape.n; ++j)
    if (L->shape.nd[j].kind == CT_INT && !(L->shape.nd[j].stat && L->stride.nd[j].stat)) return 0;
  return 1;
}

/* INV-PREP: the coalesced modes of L (no size-1 modes, adjacent
 * s0:d0, s1:s0*d0 merged), their domain strides pre[k], and the sign check:
 * a negative stride survives coalescing exactly when L has one on a mode of
 * size > 1 (INV-NEG). */
CT_FN static ct_code ct_inv_prepare(const ct_layout *L, const char *op, const char *who, int neg_ok, ct_modes *c,
                                    int64_t *pre, ct_err *e) {
  ct_modes m;
  ct_val size;
  int k;
  CT_TRY(ct_l_size(L, &size, e)); /* bounds every prefix product below */
  ct_modes_of(L, 0, &m);
  ct_coalesce_modes(&m, c);
  pre[0] = 1;
  for (k = 0; k < c->n; ++k) {
    if (c->m[k].d < 0 && !neg_ok)
      return CT_FAIL(e, CT_NEGATIVE_STRIDE, "%s: %s has the mode %lld:%lld with a negative stride", op, who,
                     (long long)c->m[k].s, (long long)c->m[k].d);
    if (ct_mul_ovf(pre[k], c->m[k].s, &pre[k + 1])) return CT_FAIL(e, CT_OVERFLOW, "%s: size overflows int64", op);
  }
  return CT_OK;
}

/* Mode indices sorted by stride with CuTe C++'s exchange sort: position by
 * position, every later mode with a smaller stride is swapped in. Equal
 * strides are then not always in mode order ((3,3,1) gives modes 2, 1, 0);
 * only right_inverse of a non-injective layout can see the difference
 * (RINV-TIES). */
CT_FN static void ct_inv_sort(const ct_modes *c, int *ord) {
  int i, j;
  for (i = 0; i < c->n; ++i) ord[i] = i;
  for (i = 0; i < c->n; ++i)
    for (j = i + 1; j < c->n; ++j)
      if (c->m[ord[j]].d < c->m[ord[i]].d) {
        int t = ord[i];
        ord[i] = ord[j];
        ord[j] = t;
      }
}

/* RINV-NEG: with negative strides the chain of RINV-ALG (positive strides
 * only) keeps RINV-1 and RINV-2, and RINV-3/RINV-4 unless its size N0 is a
 * value of L and filter(L) is injective. In that class RINV-3/RINV-4 fix R
 * as the least-index function r on [0, N), N the least value L does not
 * take: *rc becomes r's layout when r is one (RECOG), else NO_LAYOUT.
 * Whether N0 is a value: L's values visited in index order (at most
 * CT_RINV_VISIT, else UNDECIDED); injectivity on |d| (reversing a negative
 * mode's coordinate is a bijection of the coordinates). */
#define CT_RINV_VISIT ((int64_t)1 << 20)
CT_FN static ct_code ct_rinv_negative(const ct_modes *c, const int64_t *pre, int64_t N0, ct_modes *rc,
                                      const char *op, ct_err *e) {
  ct_modes a, r;
  int64_t x[CT_MAX_NODES], v = 0, i, n = 1, span = 0, t, twice = 0, N;
  int k, j;
  for (a.n = 0, k = 0; k < c->n; ++k) {
    n *= c->m[k].s; /* size(L) fits: ct_inv_prepare */
    if (ct_abs_ovf(c->m[k].d, &t) || ct_mul_ovf(c->m[k].s, t, &t) || ct_add_ovf(span, t, &span))
      return CT_FAIL(e, CT_OVERFLOW, "%s: a value overflows int64", op);
    x[k] = 0;
    if (c->m[k].d == 0) continue;
    for (j = a.n++; j > 0 && a.m[j - 1].d > (c->m[k].d < 0 ? -c->m[k].d : c->m[k].d); --j) a.m[j] = a.m[j - 1];
    a.m[j] = c->m[k];
    a.m[j].d = c->m[k].d < 0 ? -c->m[k].d : c->m[k].d;
  }
  if (n > CT_RINV_VISIT)
    return CT_FAIL(e, CT_UNDECIDED, "%s: L has a negative stride and more than %lld indices to visit", op,
                   (long long)CT_RINV_VISIT);
  for (i = 0; i < n && v != N0; ++i) /* v = L(i), a mixed-radix counter */
    for (k = 0; k < c->n; ++k) {
      v += c->m[k].d;
      if (++x[k] < c->m[k].s) break;
      v -= c->m[k].s * c->m[k].d;
      x[k] = 0;
    }
  if (i == n || ct_modes_injective(&a, &twice) == 0) return CT_OK;
  CT_TRY(ct_recognize_least_indices(c, pre, N0, &N, &r, op, e));
  ct_coalesce_modes(&r, rc);
  return CT_OK;
}

/* RINV-ALG: follow the chain of strides 1, s*1, s*s'*1, ... through the
 * sorted modes; a mode whose stride is not the next link (stride 0, a repeated
 * stride, anything after a gap) is skipped. The chain's modes, as s_k:p_k,
 * are R (coalesced). */
CT_FN static ct_code ct_rinv(const ct_layout *L, const char *op, const char *who, int neg_ok, ct_layout *out,
                             ct_err *e) {
  ct_modes c, r, rc;
  int64_t pre[CT_MAX_NODES + 1], curr = 1, N0 = 1;
  int ord[CT_MAX_NODES], j, neg = 0, st = ct_inv_static(L);
  CT_TRY(ct_inv_prepare(L, op, who, neg_ok, &c, pre, e));
  ct_inv_sort(&c, ord);
  r.n = 0;
  for (j = 0; j < c.n; ++j) {
    int k = ord[j];
    if (c.m[k].d != curr) continue;
    ct_modes_push(&r, c.m[k].s, st, pre[k], st);
    if (ct_mul_ovf(c.m[k].s, c.m[k].d, &curr)) return CT_FAIL(e, CT_OVERFLOW, "%s: stride overflows int64", op);
  }
  ct_coalesce_modes(&r, &rc);
  for (j = 0; j < c.n; ++j) neg = neg || c.m[j].d < 0;
  for (j = 0; j < r.n; ++j) N0 *= r.m[j].s;
  if (neg) CT_TRY(ct_rinv_negative(&c, pre, N0, &rc, op, e));
  return ct_modes_to_layout(&rc, out, e);
}

CT_FN ct_code ct_right_inverse(const ct_layout *L, ct_layout *out, ct_err *e) {
  return ct_rinv(L, "right_inverse", "the layout", 1, out, e);
}

/* LINV-ALG: the non-zero strides, sorted, d_0 < d_1 < ... < d_m, each
 * dividing the next (LINV-DIV) and each mode ending before the next stride,
 * s_j*d_j <= d_(j+1) (LINV-INJ: filter(L) injective). Then a value x of L
 * has the mixed-radix digits x = r + sum_j c_j*d_j (r < d_0, c_j < d_(j+1)/d_j,
 * c_m < s_m) and R(x) = sum_j c_j*p_j:
 *   R = (d_0, d_1/d_0, ..., d_m/d_(m-1), s_m) : (0, p_0, ..., p_(m-1), p_m)
 * coalesced, where p_j is the domain stride of the j-th sorted mode. An
 * all-zero L (one mode s:0 after coalescing) gives s:0. Outside LINV-DIV or
 * LINV-INJ: the search of LINV-SEARCH (left_search.c). */
CT_FN ct_code ct_left_inverse(const ct_layout *L, ct_layout *out, ct_err *e) {
  ct_modes c, r, rc;
  int64_t pre[CT_MAX_NODES + 1], prev = 1, span, M = 0;
  int ord[CT_MAX_NODES], j, last = -1, inside = 1, st = ct_inv_static(L);
  CT_TRY(ct_inv_prepare(L, "left_inverse", "the layout", 0, &c, pre, e));
  ct_inv_sort(&c, ord);
  for (j = 0; j < c.n; ++j) { /* LINV-DIV, LINV-INJ; M: LINV-5's size */
    int k = ord[j];
    if (c.m[k].d == 0) continue;
    if (c.m[k].d % prev != 0) inside = 0;
    if (last >= 0 && (ct_mul_ovf(c.m[last].s, c.m[last].d, &span) || span > c.m[k].d)) inside = 0;
    if (ct_mul_ovf(c.m[k].s, c.m[k].d, &span))
      return CT_FAIL(e, CT_OVERFLOW, "left_inverse: the size of the result overflows int64");
    if (last < 0 || c.m[k].d > c.m[last].d || span > M) M = span; /* ties: the largest s*d */
    prev = c.m[k].d;
    last = k;
  }
  if (!inside) {
    CT_TRY(ct_left_search(&c, M, &r, e));
    ct_coalesce_modes(&r, &rc);
    return ct_modes_to_layout(&rc, out, e);
  }
  r.n = 0;
  prev = 1;
  for (j = 0, last = -1; j < c.n; ++j) {
    int k = ord[j];
    if (c.m[k].d == 0) continue;
    ct_modes_push(&r, c.m[k].d / prev, st, last < 0 ? 0 : pre[last], st);
    prev = c.m[k].d;
    last = k;
  }
  if (last < 0) {
    if (c.n > 0) ct_modes_push(&r, c.m[0].s, st, 0, st);
  } else {
    ct_modes_push(&r, c.m[last].s, st, pre[last], st);
  }
  ct_coalesce_modes(&r, &rc);
  return ct_modes_to_layout(&rc, out, e);
}

/* NULL-ALG: with no negative stride, L(j) == 0 exactly when every leaf with a
 * non-zero stride has coordinate 0. R walks the stride-0 leaves (flattened,
 * not coalesced, as C++ does) with their compact column-major strides (a
 * static _1 leaf gets _0, like make_layout): it lists that set in increasing
 * order. No stride-0 leaf gives _1:_0. */
CT_FN ct_code ct_nullspace(const ct_layout *L, ct_layout *out, ct_err *e) {
  ct_layout C;
  ct_modes m, p, r;
  ct_val size;
  int k;
  CT_TRY(ct_l_size(L, &size, e)); /* OVERFLOW: compact strides alone fit when only size(L) does not */
  ct_modes_of(L, 0, &m);
  for (k = 0; k < m.n; ++k)
    if (m.m[k].s > 1 && m.m[k].d < 0)
      return CT_FAIL(e, CT_NEGATIVE_STRIDE, "nullspace: the layout has the mode %lld:%lld with a negative stride",
                     (long long)m.m[k].s, (long long)m.m[k].d);
  CT_TRY(ct_l_compact_left(&L->shape, &C, e));
  ct_modes_of(&C, 0, &p);
  r.n = 0;
  for (k = 0; k < m.n; ++k)
    if (m.m[k].d == 0) ct_modes_push(&r, m.m[k].s, m.m[k].ss, p.m[k].d, p.m[k].ds);
  return ct_modes_to_layout(&r, out, e);
}

/* MCL-ALG: I = right_inverse(b) lists b's indices of the values 0, 1, 2, ...
 * N, the first i with a(I(i)) != i, is where composition's candidate for
 * a o I (one mode of I's at a time, strides a(I's strides)) first differs
 * from the identity, or from a o I (ref/carry.c): below both it is the
 * identity. R = I o N:1, a layout iff I's first N values are a layout's.
 * b may have negative strides: MCL-ALG only needs I to be a layout with
 * b(I(i)) == i, and I's strides are then non-negative (its values are
 * indices), so nothing below sees b's signs. */
CT_FN static ct_code ct_mcl_n(const ct_layout *a, const ct_layout *inv, int64_t *N, ct_err *e) {
  ct_modes am, im;
  ct_ahat h;
  ct_box x;
  ct_point from, p;
  int64_t w = 1, spent = 0;
  int k, st, found;
  ct_comp_prepare(a, &am, &st);
  ct_modes_of(inv, 0, &im);
  if (!ct_ahat_init(&am, &h) || im.n > CT_COMP_MODES)
    return CT_FAIL(e, CT_CAPACITY, "max_common_layout: more than %d modes", CT_COMP_MODES);
  for (x.n = 0, k = 0; k < im.n && im.m[k].d != 0; ++k, ++x.n) { /* I's modes (_1:_0 has none) */
    x.t[k] = im.m[k].s, x.b[k] = im.m[k].d, x.w[k] = w, x.leaf[k] = 0, w *= im.m[k].s;
    if (!ct_ahat_at(&h, x.b[k], &x.v[k])) return CT_FAIL(e, CT_OVERFLOW, "max_common_layout: a value overflows int64");
  }
  *N = w; /* size(I) */
  for (k = 0; k < x.n; ++k) {
    from.c[k] = 0;
    if (x.v[k] != x.w[k] && x.w[k] < *N) *N = x.w[k]; /* the candidate leaves the identity at e_k */
  }
  from.index = 0;
  CT_TRY(ct_first_difference(&h, &x, &from, &p, &found, &spent, e));
  if (found && p.index < *N) *N = p.index;
  return CT_OK;
}

CT_FN ct_code ct_max_common_layout(const ct_layout *a, const ct_layout *b, ct_layout *out, ct_err *e) {
  ct_layout inv, first;
  ct_val sa, sb;
  int64_t N = 1;
  ct_code code;
  CT_TRY(ct_l_size(a, &sa, e));
  CT_TRY(ct_l_size(b, &sb, e));
  if (sa.v < sb.v)
    return CT_FAIL(e, CT_COORD_OUT_OF_RANGE,
                   "max_common_layout: size(a) = %lld < size(b) = %lld: b's indices from %lld on are outside a's domain",
                   (long long)sa.v, (long long)sb.v, (long long)sa.v);
  CT_TRY(ct_rinv(b, "max_common_layout", "b", 1, &inv, e)); /* MCL-NEG: a negative b too; NO_LAYOUT, UNDECIDED as RINV-NEG */
  CT_TRY(ct_mcl_n(a, &inv, &N, e));
  if (N == 1) {
    ct_l_set_int(out, 1, 1, 0, 1);
    return CT_OK;
  }
  ct_l_set_int(&first, N, ct_inv_static(b), 1, ct_inv_static(b));
  code = ct_composition(&inv, &first, out, e);
  if (code == CT_SHAPE_DIVISIBILITY || code == CT_STRIDE_DIVISIBILITY)
    return CT_FAIL(e, code, "max_common_layout: a(I(i)) == i for i < %lld, but the first %lld values of I = "
                   "right_inverse(b) are not a layout's", (long long)N, (long long)N);
  return code;
}

CT_FN ct_code ct_max_common_vector(const ct_layout *a, const ct_layout *b, ct_val *out, ct_err *e) {
  ct_layout R;
  CT_TRY(ct_max_common_layout(a, b, &R, e));
  return ct_l_size(&R, out, e);
}
