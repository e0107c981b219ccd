/* composition.c -- R = A o B (spec/composition.md).
 *
 * A is read as a mixed-radix number system: after preparation (COMP-PREP) it
 * is a list of modes M_0:D_0 ... M_a:D_a whose last mode is unbounded (A is
 * evaluated past its size through its last mode, as CuTe does, COMP-EXT).
 * A value x has digits x_k in [0, M_k) for k < a and a top digit x_a, and
 * A^(x) = sum_k D_k x_k. Each leaf s:d of B is composed on its own
 * (COMP-LEAF); the leaves may then be summed digit by digit only if no digit
 * position can overflow (COMP-DISJOINT), which makes R(c) = sum_i R_i(c_i)
 * equal to A^(B(c)). */
#include "composition.h"
#include "ct_arith.h"
#include "ct_mutant.h"

/* COMP-PREP: flatten A, drop size-1 modes except the last (it carries the
 * extension), merge s0:d0 ++ s1:s0*d0. Neither step changes A^. */
CT_FN void ct_comp_prepare_modes(const ct_modes *raw, ct_modes *m, int *all_static) {
  int k;
  m->n = 0;
  *all_static = 1;
  for (k = 0; k < raw->n; ++k) {
    int64_t span, merged;
    *all_static = *all_static && raw->ss[k] && raw->ds[k];
    if (raw->s[k] == 1 && (k + 1 < raw->n || (CT_MUTANT(4) && m->n > 0))) continue; /* M4: plain coalesce */
    if (m->n > 0) {
      int t = m->n - 1;
      if (!ct_mul_ovf(m->s[t], m->d[t], &span) && span == raw->d[k] && !ct_mul_ovf(m->s[t], raw->s[k], &merged)) {
        m->s[t] = merged;
        continue;
      }
    }
    ct_modes_push(m, raw->s[k], raw->ss[k], raw->d[k], raw->ds[k]);
  }
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

/* Digit sums only need to be compared with M_k - 1: saturate instead of
 * overflowing. */
CT_FN static void ct_comp_use(ct_comp_core *c, int k, int64_t digit) {
  if (ct_add_ovf(c->used[k], digit, &c->used[k])) c->used[k] = INT64_MAX;
}

/* COMP-LEAF: the modes r with r(j) == A^(d*j) for j < s. Records in c->used
 * the largest digit each position receives. */
CT_FN ct_code ct_comp_core_leaf(ct_comp_core *c, int64_t s, int ss, int64_t d, int ds, ct_modes *r, ct_err *e) {
  const ct_modes *a = &c->a;
  int last = a->n - 1, k = 0, st = ss && ds && c->a_static;
  int64_t rest = d, t, rest_s, stride;
  r->n = 0;
  if (s == 1 || d == 0) { /* a single point, or a broadcast: s:0 */
    ct_modes_push(r, s, ss, 0, s == 1 ? 1 : ds);
    return CT_OK;
  }
  if (last == 0) { /* A^ is linear: x -> x*D_0, for any sign of d */
    if (CT_MUL_OVF_M(40, d, a->d[0], &stride)) return CT_FAIL(e, CT_OVERFLOW, "composition: stride overflows int64");
    ct_modes_push(r, s, ss, stride, st);
    return CT_OK;
  }
  if (d < 0)
    return CT_FAIL(e, CT_NEGATIVE_STRIDE, "composition: B has stride %lld and A is not rank-1 after coalescing",
                   (long long)d);
  /* Divide out whole digit positions: the digits of d*j below k are 0. */
  while (k < last && rest % a->s[k] == 0) {
    rest /= a->s[k];
    ++k;
  }
  if (k == last) { /* every value lands in the unbounded top digit */
    if (CT_MUL_OVF_M(40, rest, a->d[last], &stride)) return CT_FAIL(e, CT_OVERFLOW, "composition: stride overflows int64");
    ct_modes_push(r, s, ss, stride, st);
    return CT_OK;
  }
  /* Now d*j = P_k * (rest*j): digit k receives multiples of rest. */
  if (rest > a->s[k] || a->s[k] % rest != 0) {
    /* COMP-TRUNC: rest does not divide M_k; fine only if B never wraps. */
    int64_t top_digit;
    if (rest < a->s[k] && !ct_mul_ovf(rest, s - 1, &top_digit) &&
        (top_digit < a->s[k] || CT_MUTANT(1) || (CT_MUTANT(6) && top_digit - rest < a->s[k]))) { /* M1, M6 */
      if (CT_MUL_OVF_M(40, rest, a->d[k], &stride)) return CT_FAIL(e, CT_OVERFLOW, "composition: stride overflows int64");
      ct_modes_push(r, s, ss, stride, st);
      ct_comp_use(c, k, top_digit);
      return CT_OK;
    }
    return CT_FAIL(e, CT_STRIDE_DIVISIBILITY,
                   "composition: stride %lld of B reaches mode %lld:%lld of A as %lld, which neither divides %lld "
                   "nor keeps all %lld elements inside it",
                   (long long)d, (long long)a->s[k], (long long)a->d[k], (long long)rest, (long long)a->s[k],
                   (long long)s);
  }
  /* Keep the first s elements of (M_k/rest, M_k+1, ..., top):(rest*D_k, D_k+1, ...). */
  t = a->s[k] / rest;
  rest_s = s;
  {
    int j = k;
    for (;;) {
      int64_t n = j == k ? t : a->s[j], unit = j == k ? rest : 1;
      if (j == k) {
        if (CT_MUL_OVF_M(40, rest, a->d[k], &stride)) return CT_FAIL(e, CT_OVERFLOW, "composition: stride overflows int64");
      } else {
        stride = a->d[j];
      }
      if (j == last || rest_s <= n) {
        ct_modes_push(r, rest_s, ss && c->a_static, stride, st);
        if (j < last) ct_comp_use(c, j, unit * (rest_s - 1));
        return CT_OK;
      }
      if (rest_s % n != 0 && !CT_MUTANT(2)) /* M2: no shape divisibility */
        return CT_FAIL(e, CT_SHAPE_DIVISIBILITY,
                       "composition: %lld elements of B do not fill whole modes of A: %lld is neither a multiple of "
                       "mode size %lld nor at most it",
                       (long long)s, (long long)rest_s, (long long)n);
      ct_modes_push(r, n, ss && c->a_static, stride, st);
      ct_comp_use(c, j, unit * (n - 1));
      rest_s /= n;
      if (rest_s == 1) return CT_OK;
      ++j;
    }
  }
}

/* Rebuilds B's tree with every leaf replaced by its composed modes. */
CT_FN static ct_code ct_comp_tree(ct_comp_core *c, const ct_layout *B, ct_layout *out, ct_err *e) {
  int j;
  int end[CT_MAX_DEPTH + 2], hs[CT_MAX_DEPTH + 2], hd[CT_MAX_DEPTH + 2], top = 0;
  for (j = 0; j < B->shape.n; ++j) {
    const ct_node *sn = &B->shape.nd[j], *dn = &B->stride.nd[j];
    if (sn->kind == CT_TUPLE) {
      CT_TRY(ct_t_open(&out->shape, &hs[top], e));
      CT_TRY(ct_t_open(&out->stride, &hd[top], e));
      end[top++] = j + sn->span;
      if (sn->rank > 0) continue;
    } else {
      ct_modes r;
      int k;
      CT_TRY(ct_comp_core_leaf(c, sn->v, sn->stat, dn->v, dn->stat, &r, e));
      if (r.n == 1) {
        CT_TRY(ct_t_push_int(&out->shape, r.s[0], r.ss[0], e));
        CT_TRY(ct_t_push_int(&out->stride, r.d[0], r.ds[0], e));
      } else {
        int h1, h2;
        CT_TRY(ct_t_open(&out->shape, &h1, e));
        CT_TRY(ct_t_open(&out->stride, &h2, e));
        for (k = 0; k < r.n; ++k) {
          CT_TRY(ct_t_push_int(&out->shape, r.s[k], r.ss[k], e));
          CT_TRY(ct_t_push_int(&out->stride, r.d[k], r.ds[k], e));
        }
        CT_TRY(ct_t_close(&out->shape, h1, e));
        CT_TRY(ct_t_close(&out->stride, h2, e));
      }
    }
    while (top > 0 && j + 1 >= end[top - 1]) {
      --top;
      CT_TRY(ct_t_close(&out->shape, hs[top], e));
      CT_TRY(ct_t_close(&out->stride, hd[top], e));
    }
  }
  return CT_OK;
}

/* COMP-DISJOINT: no digit position below the top may overflow. */
CT_FN ct_code ct_comp_core_check(const ct_comp_core *c, ct_err *e) {
  int k;
  for (k = 0; k + 1 < c->a.n; ++k)
    if (c->used[k] > c->a.s[k] - 1 && !CT_MUTANT(3)) /* M3: no disjointness */
      return CT_FAIL(e, CT_NOT_DISJOINT,
                     "composition: the modes of B together reach digit %lld of A's mode %lld:%lld, which has only "
                     "%lld values (their images overlap)",
                     (long long)c->used[k], (long long)c->a.s[k], (long long)c->a.d[k], (long long)c->a.s[k]);
  return CT_OK;
}

CT_FN ct_code ct_composition(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e) {
  ct_comp_core c;
  ct_modes leaves;
  ct_layout r;
  ct_modes_of(A, 0, &leaves);
  ct_comp_core_init(&c, &leaves);
  ct_t_clear(&r.shape);
  ct_t_clear(&r.stride);
  CT_TRY(ct_comp_tree(&c, B, &r, e));
  CT_TRY(ct_comp_core_check(&c, e));
  *out = r;
  return CT_OK;
}

/* Sub-tiler at node i (marks kept). */
CT_FN static void ct_subtiler(const ct_tiler *T, int i, ct_tiler *out) {
  ct_t_sub(&T->shape, i, &out->shape);
  ct_t_sub(&T->stride, i, &out->stride);
}

CT_FN ct_code ct_composition_tiler(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e) {
  const ct_node *root = &T->shape.nd[0];
  if (root->kind == CT_ALL) { /* `_`: the whole mode */
    *out = *A;
    return CT_OK;
  }
  if (!(root->kind == CT_TUPLE && root->mark)) return ct_composition(A, T, out, e);
  {
    int k, r = root->rank, hs, hd;
    ct_layout res, Ak, Rk;
    ct_tiler Tk;
    if (r > ct_l_rank(A))
      return CT_FAIL(e, CT_TOO_MANY_MODES, "composition: the tiler has %d modes, the layout only %d", r, ct_l_rank(A));
    ct_t_clear(&res.shape);
    ct_t_clear(&res.stride);
    CT_TRY(ct_t_open(&res.shape, &hs, e));
    CT_TRY(ct_t_open(&res.stride, &hd, e));
    for (k = 0; k < r; ++k) { /* COMP-TILER: mode by mode; A's modes past r are dropped, as in CuTe */
      int path = k;
      CT_TRY(ct_l_mode(A, &path, 1, &Ak, e));
      ct_subtiler(T, ct_t_child(&T->shape, 0, k), &Tk);
      CT_TRY(ct_composition_tiler(&Ak, &Tk, &Rk, e));
      CT_TRY(ct_t_push_sub(&res.shape, &Rk.shape, 0, e));
      CT_TRY(ct_t_push_sub(&res.stride, &Rk.stride, 0, e));
    }
    for (k = r; CT_MUTANT(5) && k < ct_l_rank(A); ++k) { /* M5: keeps uncovered modes */
      int path = k;
      CT_TRY(ct_l_mode(A, &path, 1, &Ak, e));
      CT_TRY(ct_t_push_sub(&res.shape, &Ak.shape, 0, e));
      CT_TRY(ct_t_push_sub(&res.stride, &Ak.stride, 0, e));
    }
    CT_TRY(ct_t_close(&res.shape, hs, e));
    CT_TRY(ct_t_close(&res.stride, hd, e));
    *out = res;
  }
  return CT_OK;
}
