/* composition.c -- R = A o B (spec/composition.md).
 *
 * A is read as a mixed-radix number system: after preparation (COMP-PREP) it
 * is a list of modes M_0:D_0 ... M_a:D_a whose last mode is unbounded (A is
 * evaluated past its size through its last mode, as CuTe does, COMP-EXT).
 * A value x has digits x_k in [0, M_k) for k < a and a top digit x_a, and
 * A^(x) = sum_k D_k x_k. Each leaf s:d of B is composed on its own
 * (COMP-LEAF); the leaves may then be summed digit by digit only if no digit
 * position can overflow (COMP-DISJOINT), which makes R(c) = sum_i R_i(c_i)
 * equal to A^(B(c)). The by-mode form with a tiler is ref/tiler.c. */
#include "composition.h"
#include "ct_arith.h"

/* COMP-PREP: A coalesced (neither flattening, dropping size-1 modes nor
 * merging s0:d0 ++ s1:s0*d0 changes A^), except that a last size-1 mode is
 * kept unless it merges: it carries the extension (COMP-EXT). */
CT_FN void ct_comp_prepare_modes(const ct_modes *raw, ct_modes *m, int *all_static) {
  const ct_mode *last = raw->m + (raw->n > 0 ? raw->n - 1 : 0);
  int64_t span;
  int k;
  *all_static = 1;
  for (k = 0; k < raw->n; ++k) *all_static = *all_static && raw->m[k].ss && raw->m[k].ds;
  ct_coalesce_modes(raw, m);
  if (raw->n > 0 && last->s == 1 &&
      !(m->n > 0 && !ct_mul_ovf(m->m[m->n - 1].s, m->m[m->n - 1].d, &span) && span == last->d))
    m->m[m->n++] = *last;
  if (m->n == 0) ct_modes_push(m, 1, 1, 0, 1); /* no leaves, e.g. ():(): A^ is 0 everywhere, like 1:0 */
}

CT_FN void ct_comp_prepare(const ct_layout *A, ct_modes *m, int *all_static) {
  ct_modes raw;
  ct_modes_of(A, 0, &raw);
  ct_comp_prepare_modes(&raw, m, all_static);
}

CT_FN void ct_comp_core_init(ct_comp_core *c, const ct_modes *a_leaves) {
  ct_comp_prepare_modes(a_leaves, &c->a, &c->a_static);
  ct_comp_core_reset(c);
}

CT_FN void ct_comp_core_reset(ct_comp_core *c) {
  int k;
  for (k = 0; k < c->a.n; ++k) c->used[k] = 0;
}

/* Digit k of A receives sums of digits up to used[k]: only compared with
 * M_k - 1, so the sum saturates instead of overflowing. */
CT_FN static void ct_comp_use(ct_comp_core *c, int k, int64_t digit) {
  if (ct_add_ovf(c->used[k], digit, &c->used[k])) c->used[k] = INT64_MAX;
}

/* The stride unit*D of a composed mode. */
CT_FN static ct_code ct_comp_stride(int64_t unit, int64_t D, int64_t *stride, ct_err *e) {
  if (ct_mul_ovf(unit, D, stride)) return CT_FAIL(e, CT_OVERFLOW, "composition: stride overflows int64");
  return CT_OK;
}

/* The s values of a leaf whose steps are `rest` units of digit k (rest
 * divides M_k): whole digits k, k+1, ... first, then part of one. */
CT_FN static ct_code ct_comp_digits(ct_comp_core *c, int k, int64_t rest, const ct_mode *b, int st, ct_modes *r,
                                    ct_err *e) {
  const ct_modes *a = &c->a;
  int j, last = a->n - 1, ss = b->ss && c->a_static;
  int64_t left = b->s, stride;
  for (j = k;; ++j) {
    int64_t unit = j == k ? rest : 1, n = a->m[j].s / unit; /* values of digit j, in steps of unit */
    CT_TRY(ct_comp_stride(unit, a->m[j].d, &stride, e));
    if (j == last || left <= n) { /* the rest fits in this digit (the top one has no bound) */
      ct_modes_push(r, left, ss, stride, st);
      if (j < last) ct_comp_use(c, j, unit * (left - 1));
      return CT_OK;
    }
    if (left % n != 0)
      return CT_FAIL(e, CT_SHAPE_DIVISIBILITY,
                     "composition: %lld elements of B do not fill whole modes of A: %lld is neither a multiple of "
                     "mode size %lld nor at most it",
                     (long long)b->s, (long long)left, (long long)n);
    ct_modes_push(r, n, ss, stride, st);
    ct_comp_use(c, j, unit * (n - 1));
    left /= n;
    if (left == 1) return CT_OK;
  }
}

/* COMP-LEAF: r := the modes with r(j) == A^(d*j) for j < s. */
CT_FN ct_code ct_comp_core_leaf(ct_comp_core *c, const ct_mode *b, ct_modes *r, ct_err *e) {
  const ct_modes *a = &c->a;
  int last = a->n - 1, k = 0, st = b->ss && b->ds && c->a_static;
  int64_t rest = b->d, top = 0, M, stride;
  r->n = 0;
  if (b->s == 1 || b->d == 0) { /* a single point, or a broadcast: s:0 */
    ct_modes_push(r, b->s, b->ss, 0, b->s == 1 ? 1 : b->ds);
    return CT_OK;
  }
  if (b->d < 0 && last > 0)
    return CT_FAIL(e, CT_NEGATIVE_STRIDE, "composition: B has stride %lld and A is not rank-1 after coalescing",
                   (long long)b->d);
  while (k < last && rest % a->m[k].s == 0) rest /= a->m[k++].s; /* the digits of d*j below k are 0 */
  M = a->m[k].s;
  if (k < last && M % rest == 0) return ct_comp_digits(c, k, rest, b, st, r, e); /* d*j = P_k*rest*j */
  /* Linear in the top digit; or COMP-TRUNC: rest does not divide M_k, fine only if B never wraps digit k. */
  if (k == last || (rest < M && !ct_mul_ovf(rest, b->s - 1, &top) && top < M)) {
    CT_TRY(ct_comp_stride(rest, a->m[k].d, &stride, e));
    ct_modes_push(r, b->s, b->ss, stride, st);
    if (k < last) ct_comp_use(c, k, top);
    return CT_OK;
  }
  return CT_FAIL(e, CT_STRIDE_DIVISIBILITY,
                 "composition: stride %lld of B reaches mode %lld:%lld of A as %lld, which neither divides %lld nor "
                 "keeps all %lld elements inside it",
                 (long long)b->d, (long long)M, (long long)a->m[k].d, (long long)rest, (long long)M, (long long)b->s);
}

/* COMP-DISJOINT: no digit position below the top may overflow. */
CT_FN ct_code ct_comp_core_check(const ct_comp_core *c, ct_err *e) {
  int k;
  for (k = 0; k + 1 < c->a.n; ++k)
    if (c->used[k] > c->a.m[k].s - 1)
      return CT_FAIL(e, CT_NOT_DISJOINT,
                     "composition: the modes of B together reach digit %lld of A's mode %lld:%lld, which has only "
                     "%lld values (their images overlap)",
                     (long long)c->used[k], (long long)c->a.m[k].s, (long long)c->a.m[k].d, (long long)c->a.m[k].s);
  return CT_OK;
}

/* B's tree with every leaf replaced by its composed modes (COMP-LEAF). */
CT_FN ct_code ct_composition(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e) {
  ct_comp_core c;
  ct_modes m; /* A's leaves, then each leaf's composed modes */
  ct_layout r;
  int j, end[CT_MAX_DEPTH + 2], hs[CT_MAX_DEPTH + 2], hd[CT_MAX_DEPTH + 2], top = 0;
  ct_modes_of(A, 0, &m);
  ct_comp_core_init(&c, &m);
  ct_t_clear(&r.shape);
  ct_t_clear(&r.stride);
  for (j = 0; j < B->shape.n; ++j) {
    const ct_node *sn = &B->shape.nd[j], *dn = &B->stride.nd[j];
    if (sn->kind == CT_TUPLE) {
      CT_TRY(ct_t_open(&r.shape, &hs[top], e));
      CT_TRY(ct_t_open(&r.stride, &hd[top], e));
      end[top++] = j + sn->span;
      if (sn->rank > 0) continue;
    } else {
      ct_mode b = ct_mode_of(sn, dn);
      CT_TRY(ct_comp_core_leaf(&c, &b, &m, e));
      CT_TRY(ct_modes_push_to(&m, &r, e));
    }
    for (; top > 0 && j + 1 >= end[top - 1]; --top) {
      CT_TRY(ct_t_close(&r.shape, hs[top - 1], e));
      CT_TRY(ct_t_close(&r.stride, hd[top - 1], e));
    }
  }
  CT_TRY(ct_comp_core_check(&c, e));
  *out = r;
  return CT_OK;
}
