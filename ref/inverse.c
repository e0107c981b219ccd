/* inverse.c -- right_inverse, left_inverse, nullspace, max_common_layout,
 * max_common_vector (spec/inverse.md).
 *
 * right_inverse's definition is right_inverse_def.c (RINV-DEF: L's indices
 * visited, r tabulated and recognized); this file is the procedure
 * (RINV-ALG, RINV-NEG), which needs no table; RINV-7 checks that they agree.
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
#include "work.h"

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
 * take: *rc becomes r's layout when r is one (RECOG). Otherwise *rc stays
 * the chain, CuTe C++'s answer: a right inverse always exists, so none is
 * rejected. Whether N0 is a value: L's values visited in index order (at
 * most CT_RINV_VISIT; past that the chain); injectivity on |d| (reversing a
 * negative mode's coordinate is a bijection of the coordinates). */
#define CT_RINV_VISIT ((int64_t)1 << 20)
CT_FN static ct_code ct_rinv_negative(const ct_modes *c, const int64_t *pre, int64_t N0, ct_modes *rc,
                                      const char *op, ct_err *e) {
  ct_modes a, r;
  int64_t x[CT_MAX_NODES], v = 0, i, n = 1, span = 0, t, twice = 0, N;
  int k, j;
  ct_code code;
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
  if (n > CT_RINV_VISIT) return CT_OK; /* past the bound: the chain */
  for (i = 0; i < n && v != N0; ++i) /* v = L(i), a mixed-radix counter */
    for (k = 0; k < c->n; ++k) {
      v += c->m[k].d;
      if (++x[k] < c->m[k].s) break;
      v -= c->m[k].s * c->m[k].d;
      x[k] = 0;
    }
  if (i == n || ct_modes_injective(&a, &twice) == 0) return CT_OK;
  code = ct_recognize_least_indices(c, pre, N0, &N, &r, op, e);
  if (code == CT_NO_LAYOUT) return CT_OK; /* r is no layout's: the chain stays */
  CT_TRY(code);
  ct_coalesce_modes(&r, rc);
  return CT_OK;
}

/* RINV-ALG: follow the chain of strides 1, s*1, s*s'*1, ... through the
 * sorted modes; a mode whose stride is not the next link (stride 0, a negative
 * or repeated stride, anything after a gap) is skipped. The chain's modes, as s_k:p_k,
 * are R (coalesced): CuTe C++'s right_inverse. `maximal`: with a negative
 * stride, RINV-NEG's least indices where they are a layout's. */
CT_FN static ct_code ct_rinv(const ct_layout *L, const char *op, const char *who, int maximal, ct_layout *out,
                             ct_err *e) {
  ct_modes c, r, rc;
  int64_t pre[CT_MAX_NODES + 1], curr = 1, N0 = 1;
  int ord[CT_MAX_NODES], j, neg = 0, st = ct_inv_static(L);
  CT_TRY(ct_inv_prepare(L, op, who, 1, &c, pre, e));
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
  if (neg && maximal) CT_TRY(ct_rinv_negative(&c, pre, N0, &rc, op, e));
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

/* NULL-NEG: L(j) == 0 exactly where every leaf with a non-zero stride has
 * coordinate 0, unless strides of both signs cancel. With one sign they
 * cannot; with both, filter(L)'s coordinates are visited (at most
 * CT_RINV_VISIT, else UNDECIDED) for a non-zero one where L is 0. */
CT_FN static ct_code ct_null_cancel(const ct_modes *m, ct_err *e) {
  ct_modes f;
  int64_t x[CT_MAX_NODES], v = 0, n = 1, span = 0, t, i;
  int k, pos = 0, neg = 0;
  for (f.n = 0, k = 0; k < m->n; ++k)
    if (m->m[k].s > 1 && m->m[k].d != 0) {
      f.m[f.n] = m->m[k];
      x[f.n++] = 0;
      pos = pos || m->m[k].d > 0;
      neg = neg || m->m[k].d < 0;
      n *= m->m[k].s; /* size(L) fits: checked by the caller */
      if (ct_abs_ovf(m->m[k].d, &t) || ct_mul_ovf(m->m[k].s - 1, t, &t) || ct_add_ovf(span, t, &span))
        return CT_FAIL(e, CT_OVERFLOW, "nullspace: a value overflows int64");
    }
  if (!pos || !neg) return CT_OK;
  if (n > CT_RINV_VISIT)
    return CT_FAIL(e, CT_UNDECIDED, "nullspace: strides of both signs and more than %lld coordinates to visit",
                   (long long)CT_RINV_VISIT);
  for (i = 1; i < n; ++i) { /* v = filter(L)(i), a mixed-radix counter */
    for (k = 0; k < f.n; ++k) {
      if (++x[k] < f.m[k].s) {
        v += f.m[k].d;
        break;
      }
      v -= (f.m[k].s - 1) * f.m[k].d;
      x[k] = 0;
    }
    if (v == 0)
      return CT_FAIL(e, CT_NEGATIVE_STRIDE, "nullspace: the strides cancel: L is 0 at filter(L)(%lld), not only where its non-zero strides have coordinate 0",
                     (long long)i);
  }
  return CT_OK;
}

/* NULL-ALG: where no strides cancel (NULL-NEG), L(j) == 0 exactly when
 * every leaf with a non-zero stride has coordinate 0. R walks the stride-0
 * leaves (flattened, not coalesced, as C++ does) with their compact
 * column-major strides (a static _1 leaf gets _0, like make_layout): it lists
 * that set in increasing order. No stride-0 leaf gives _1:_0. */
CT_FN ct_code ct_nullspace(const ct_layout *L, ct_layout *out, ct_err *e) {
  ct_layout C;
  ct_modes m, p, r;
  ct_val size;
  int k;
  CT_TRY(ct_l_size(L, &size, e)); /* OVERFLOW: compact strides alone fit when only size(L) does not */
  ct_modes_of(L, 0, &m);
  CT_TRY(ct_null_cancel(&m, e));
  CT_TRY(ct_l_compact_left(&L->shape, &C, e));
  ct_modes_of(&C, 0, &p);
  r.n = 0;
  for (k = 0; k < m.n; ++k)
    if (m.m[k].d == 0) ct_modes_push(&r, m.m[k].s, m.m[k].ss, p.m[k].d, p.m[k].ds);
  return ct_modes_to_layout(&r, out, e);
}

/* MCL-N: I, the chain of b (RINV-ALG), lists indices of b's values 0, 1,
 * 2, ... The first i with a(I(i)) != i is where composition's candidate for
 * a o I (one mode of I's at a time, strides a(I's strides)) first differs
 * from the identity, or from a o I (ref/carry.c): below both it is the
 * identity. I's strides are positive (its values are indices), so nothing
 * here sees b's signs. */
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

/* The least i < size(I) with I(i) >= lim, size(I) when there is none: I's
 * coalesced modes t_k:q_k (q_k > 0), from the last down, each with the least
 * coordinate that the modes below it can still complete to lim. */
CT_FN static int64_t ct_mcl_cut(const ct_modes *im, int64_t lim) {
  int64_t low[CT_MAX_NODES + 1], w[CT_MAX_NODES + 1], i = 0, need = lim, c;
  int k;
  low[0] = 0, w[0] = 1;
  for (k = 0; k < im->n; ++k) { /* I's values are indices of b: no overflow */
    low[k + 1] = low[k] + (im->m[k].s - 1) * im->m[k].d;
    w[k + 1] = w[k] * im->m[k].s;
  }
  if (low[im->n] < lim) return w[im->n];
  for (k = im->n - 1; k >= 0; --k) {
    c = need <= low[k] ? 0 : (need - low[k] + im->m[k].d - 1) / im->m[k].d;
    i += c * w[k];
    need -= c * im->m[k].d;
  }
  return i;
}

/* The largest n <= run whose prefix I(0..n-1) is a layout's: I's coalesced
 * modes t_k with weights w_k; a prefix of length n with w_k <= n < w_(k+1)
 * is one iff w_k divides n (RECOG-1). */
CT_FN static int64_t ct_mcl_prefix(const ct_modes *im, int64_t run) {
  int64_t w = 1;
  int k;
  for (k = 0; k < im->n && w * im->m[k].s <= run; ++k) w *= im->m[k].s;
  return run / w * w;
}

/* x's coalesced modes have positive strides and x is injective (undecided
 * counts as no): x takes each value at one index, its chain's (RINV-4). */
CT_FN static int ct_mcl_injective(const ct_layout *x) {
  ct_modes m, c, s;
  int64_t twice;
  int k, j;
  ct_modes_of(x, 0, &m);
  ct_coalesce_modes(&m, &c);
  for (s.n = 0, k = 0; k < c.n; ++k) {
    if (c.m[k].d <= 0) return 0;
    for (j = s.n++; j > 0 && s.m[j - 1].d > c.m[k].d; --j) s.m[j] = s.m[j - 1];
    s.m[j] = c.m[k];
  }
  return ct_modes_injective(&s, &twice) == 1;
}

/* C (MCL-C): for I = the chain of b, *run = n_I, the largest n <= size(I)
 * with a(I(i)) == i and I(i) < lim (= size(a)) for i < n, and *C = I o n_C:1
 * for n_C the largest n <= n_I whose prefix is a layout's. */
CT_FN static ct_code ct_mcl_chain(const ct_layout *a, const ct_layout *b, int64_t lim, int st, int64_t *run,
                                  ct_layout *C, ct_err *e) {
  ct_layout I, first;
  ct_modes im;
  int64_t cut, n;
  CT_TRY(ct_rinv(b, "max_common_layout", "b", 0, &I, e));
  CT_TRY(ct_mcl_n(a, &I, run, e));
  ct_modes_of(&I, 0, &im);
  if (im.n == 1 && im.m[0].d == 0) im.n = 0; /* _1:_0 */
  cut = ct_mcl_cut(&im, lim);
  if (cut < *run) *run = cut;
  n = ct_mcl_prefix(&im, *run);
  if (n == 1) {
    ct_l_set_int(C, 1, 1, 0, 1);
    return CT_OK;
  }
  ct_l_set_int(&first, n, st, 1, st);
  return ct_composition(&I, &first, C, e);
}

/* ---- MCL-ALG where it visits: a and b read index by index on [0, m) ---- */

/* a(j) and b(j), j = 0, 1, ..., m-1, by two mixed-radix counters over
 * their coalesced modes. Every pass visits m indices; past CT_MCL_VISITS in
 * all, `over` is set and the passes visit nothing (UNDECIDED). */
#define CT_MCL_VISITS ((int64_t)1 << 24)

#if !CT_ON_DEVICE
CT_THREAD_LOCAL int64_t ct_work_left = -1; /* work.h */
#endif
typedef struct {
  ct_modes a, b;
  int64_t xa[CT_MAX_NODES], xb[CT_MAX_NODES], j, va, vb, m, spent;
  int over;
} ct_mcl_walk;

CT_FN static void ct_mcl_start(ct_mcl_walk *w) {
  int k;
  w->j = w->va = w->vb = 0;
  for (k = 0; k < w->a.n; ++k) w->xa[k] = 0;
  for (k = 0; k < w->b.n; ++k) w->xb[k] = 0;
  if (w->spent > CT_MCL_VISITS - w->m || !ct_work_spend(w->m)) w->over = 1; /* the request's meter too (work.h) */
  if (w->over) w->j = w->m; /* an empty pass */
  else w->spent += w->m;
}

CT_FN static void ct_mcl_step(const ct_modes *m, int64_t *x, int64_t *v) {
  int k;
  for (k = 0; k < m->n; ++k) {
    if (++x[k] < m->m[k].s) {
      *v += m->m[k].d;
      return;
    }
    *v -= (m->m[k].s - 1) * m->m[k].d;
    x[k] = 0;
  }
}

CT_FN static void ct_mcl_next(ct_mcl_walk *w) {
  ++w->j;
  ct_mcl_step(&w->a, w->xa, &w->va);
  ct_mcl_step(&w->b, w->xb, &w->vb);
}

/* j < m is a common index of the value v: a(j) == b(j) == v. */
CT_FN static int ct_mcl_common(const ct_mcl_walk *w, int64_t m, int64_t j, int64_t v) {
  return j >= 0 && j < m && ct_modes_at(&w->a, j) == v && ct_modes_at(&w->b, j) == v;
}

/* r(v): the least common index of the value v, -1 when there is none. */
CT_FN static int64_t ct_mcl_least(ct_mcl_walk *w, int64_t m, int64_t v) {
  for (ct_mcl_start(w); w->j < m; ct_mcl_next(w))
    if (w->va == v && w->vb == v) return w->j;
  return -1;
}

/* N: the least value >= from that a and b take at no common index, every
 * value below `from` being taken (the chain's run). One pass per window of
 * CT_MCL_WINDOW values; N <= m, so the passes end. */
#define CT_MCL_WINDOW 4096
CT_FN static int64_t ct_mcl_common_run(ct_mcl_walk *w, int64_t m, int64_t from) {
  uint64_t seen[CT_MCL_WINDOW / 64];
  int b;
  for (;;) {
    for (b = 0; b < CT_MCL_WINDOW / 64; ++b) seen[b] = 0;
    for (ct_mcl_start(w); w->j < m; ct_mcl_next(w))
      if (w->va == w->vb && w->va >= from && w->va - from < CT_MCL_WINDOW)
        seen[(w->va - from) / 64] |= (uint64_t)1 << ((w->va - from) % 64);
    for (b = 0; b < CT_MCL_WINDOW && (seen[b / 64] >> (b % 64) & 1); ++b) {
    }
    if (b < CT_MCL_WINDOW) return from + b;
    from += CT_MCL_WINDOW;
  }
}

/* RECOG-2 on r, the least common index of each value v < N (MCL-R): 1 with
 * the layout's modes in *out when r is a layout's function, else 0. A level
 * with steps P and d = r(P): the least t with r(t*P) != t*d is where t*d is
 * no common index of t*P, or a smaller index is (one pass). */
CT_FN static int ct_mcl_recognize(ct_mcl_walk *w, int64_t m, int64_t N, ct_modes *out) {
  int64_t P = 1, d = N > 1 ? ct_mcl_least(w, m, 1) : 0, t, u, next = 0;
  out->n = 0;
  while (P < N) {
    t = N / P;
    for (ct_mcl_start(w); w->j < m; ct_mcl_next(w))
      if (w->va == w->vb && w->va > 0 && w->va < N && w->va % P == 0 && w->va / P < t && w->j < w->va / P * d)
        t = w->va / P;
    for (u = 1; u < t; ++u)
      if (!ct_mcl_common(w, m, u * d, u * P)) t = u;
    if ((N / P) % t != 0 || out->n == CT_MAX_NODES) return 0;
    if (t * P < N) next = ct_mcl_least(w, m, t * P);
    ct_modes_push(out, t, 0, d, 0);
    P *= t;
    d = next;
  }
  for (u = 0; u < N; ++u) /* the candidate against r: a common index of u, */
    if (!ct_mcl_common(w, m, ct_modes_at(out, u), u)) return 0;
  for (ct_mcl_start(w); w->j < m; ct_mcl_next(w)) /* and the least */
    if (w->va == w->vb && w->va >= 0 && w->va < N && w->j < ct_modes_at(out, w->va)) return 0;
  return 1;
}

/* MCL-ALG: N, the common run on [0, m), m = min(size(a), size(b)), and R:
 * C++'s candidate C where it has size N (MCL-C), else the least common
 * indices where they are a layout's (MCL-R), else C. N without visiting
 * where b, or a, is injective with positive strides (MCL-INJ); else by
 * passes over the m indices, at most CT_MCL_VISITS visits in all. */
CT_FN static ct_code ct_mcl(const ct_layout *a, const ct_layout *b, ct_layout *out, int64_t *N, ct_err *e) {
  ct_layout C, Ia, first;
  ct_modes im, rm, raw;
  ct_mcl_walk w;
  ct_val sa, sb, v;
  int64_t m, run, nc, t;
  int k, st = ct_inv_static(b);
  CT_TRY(ct_l_size(a, &sa, e));
  CT_TRY(ct_l_size(b, &sb, e));
  m = sa.v < sb.v ? sa.v : sb.v;
  CT_TRY(ct_mcl_chain(a, b, sa.v, st, &run, &C, e));
  CT_TRY(ct_l_size(&C, &v, e));
  nc = v.v;
  ct_l_copy(out, &C);
  if (ct_mcl_injective(b)) { /* r is the chain: N = n_I, C the longest layout */
    *N = run;
    return CT_OK;
  }
  if (ct_mcl_injective(a)) { /* r is a's chain: its run against b */
    CT_TRY(ct_mcl_chain(b, a, sb.v, ct_inv_static(a), N, &Ia, e));
    if (nc == *N) return CT_OK;
    CT_TRY(ct_rinv(a, "max_common_layout", "a", 0, &Ia, e));
    ct_modes_of(&Ia, 0, &im);
    if (ct_mcl_prefix(&im, *N) != *N) return CT_OK;
    ct_l_set_int(&first, *N, 0, 1, 0);
    return ct_composition(&Ia, &first, out, e);
  }
  for (k = 0; k < 2; ++k) { /* the counters' modes; their values fit: */
    ct_modes_of(k ? b : a, 0, &raw);
    ct_coalesce_modes(&raw, k ? &w.b : &w.a);
    CT_TRY(ct_l_cosize(k ? b : a, &v, e)); /* sum (s-1)*|d| < cosize */
  }
  w.m = m, w.spent = 0, w.over = 0;
  *N = ct_mcl_common_run(&w, m, run);
  if (!w.over && nc != *N && ct_mcl_recognize(&w, m, *N, &rm) && !w.over) {
    ct_coalesce_modes(&rm, &im);
    for (t = 1, k = 0; k < im.n; ++k) t *= im.m[k].s;
    if (t == *N) return ct_modes_to_layout(&im, out, e); /* always: the modes' sizes multiply to N */
  }
  if (w.over)
    return CT_FAIL(e, CT_UNDECIDED,
                   "max_common_layout: neither layout is injective with positive strides, and the passes over "
                   "min(size(a), size(b)) = %lld indices would visit more than %lld",
                   (long long)m, (long long)CT_MCL_VISITS);
  return CT_OK;
}

CT_FN ct_code ct_max_common_layout(const ct_layout *a, const ct_layout *b, ct_layout *out, ct_err *e) {
  int64_t N;
  return ct_mcl(a, b, out, &N, e);
}

/* MCV: N, static when R has size N and a static size. */
CT_FN ct_code ct_max_common_vector(const ct_layout *a, const ct_layout *b, ct_val *out, ct_err *e) {
  ct_layout R;
  ct_val n;
  int64_t N;
  CT_TRY(ct_mcl(a, b, &R, &N, e));
  CT_TRY(ct_l_size(&R, &n, e));
  out->v = N;
  out->stat = n.v == N && n.stat;
  return CT_OK;
}
