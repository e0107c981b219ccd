/* judge_basis.c -- judges of spec/basis.md: BASIS-1 to BASIS-7. A value of a
 * basis-strided layout is read coordinate by coordinate: entry p is the
 * value of the part on p (BASIS-PART), an integer layout. */
#include "judge/judge.h"
#include "ref/basis_ops.h"
#include "ref/composition.h"
#include "ref/ct_arith.h"

/* The paths of a and b together (a's first). */
CT_FN static void ct_jb_paths2(const ct_layout *a, const ct_layout *b, ct_paths *P) {
  ct_paths Q;
  int k, q;
  ct_basis_paths(a, P);
  ct_basis_paths(b, &Q);
  for (k = 0; k < Q.n; ++k) {
    for (q = 0; q < P->n && !ct_basis_same_path(&P->p[q], &Q.p[k]); ++q) continue;
    if (q == P->n && P->n < CT_MAX_NODES) P->p[P->n++] = Q.p[k];
  }
}

/* The part of L on p; L itself for p == 0 (integer strides). */
CT_FN static void ct_jb_part(const ct_layout *L, const ct_node *p, ct_layout *out) {
  if (p) ct_basis_part(L, p, out);
  else ct_l_copy(out, L);
}

/* The node of t at a basis path, -1 if there is none. */
CT_FN static int ct_jb_at_path(const ct_tuple *t, const ct_node *p) {
  int k, i = 0;
  for (k = 0; k < p->rank && i >= 0; ++k) {
    if (t->nd[i].kind != CT_TUPLE) return -1;
    i = ct_t_mode(t, i, ct_basis_index(p, k));
  }
  return i;
}

CT_FN ct_jstatus ct_judge_basis_1(const ct_tuple *S, const ct_layout *I, int64_t bound, ct_judgement *j) {
  ct_paths P;
  ct_tuple T0;
  int64_t i, n;
  int q, k, at[CT_MAX_NODES], idx[CT_MAX_NODES], nl, cod;
  ct_val size;
  ct_err e;
  if (!ct_t_equal(S, 0, &I->shape, 0, 0)) return CT_J_VIOLATES(j, "BASIS-1", "the identity layout's shape is not S");
  if (ct_t_product(S, 0, &size, &e) != CT_OK) return ct_j_unchecked(j, "BASIS-1");
  n = size.v < bound ? size.v : bound;
  /* I(c) by BASIS-EVAL: entry p is part_p(c). c = idx2crd(i, S) has I's
   * nesting, so part_p(c) is the sum, over I's leaves in order, of c's
   * coordinate there times the stride where it is on p (checked, as
   * ct_crd2idx adds it): the codomain, each path's entry and I's leaves are
   * found once, not at every index (issue 16). */
  ct_basis_paths(I, &P);
  cod = P.n > 0 ? ct_coprofile(I, &T0, &e) == CT_OK : 0;
  nl = ct_t_leaves(&I->shape, 0, idx, CT_MAX_NODES);
  for (q = 0; q < P.n && cod; ++q) at[q] = ct_jb_at_path(&T0, &P.p[q]);
  for (i = 0; i < n; ++i) {
    ct_tuple c, v;
    int ok = ct_idx2crd(i, S, &c, &e) == CT_OK;
    if (ok && P.n == 0) ok = ct_basis_eval(&c, I, &v, &e) == CT_OK; /* integer strides: an integer value */
    if (ok && P.n > 0) {
      ok = cod && !ct_t_has_all(&c, 0); /* ct_basis_eval's errors: `_`, the codomain */
      if (ok) v = T0;
      for (q = 0; q < P.n && ok; ++q) {
        int64_t acc = 0, term;
        for (k = 0; k < nl && ok; ++k) {
          const ct_node *d = &I->stride.nd[idx[k]];
          if (d->kind != CT_BASIS || !ct_basis_same_path(d, &P.p[q])) continue;
          ok = !ct_mul_ovf(c.nd[idx[k]].v, d->v, &term) && !ct_add_ovf(acc, term, &acc);
        }
        if (ok && at[q] >= 0) v.nd[at[q]].v = acc;
      }
    }
    if (!ok) return CT_J_VIOLATES(j, "BASIS-1", "the identity layout cannot be evaluated at index %lld", (long long)i);
    if (!ct_t_equal(&c, 0, &v, 0, 0))
      return CT_J_VIOLATES(j, "BASIS-1", "I(%lld) is not idx2crd(%lld, S)", (long long)i, (long long)i);
  }
  return size.v <= bound ? ct_j_holds(j, "BASIS-1") : ct_j_unchecked(j, "BASIS-1");
}

/* Entry p of L(i) as BASIS-2 states it: the colexicographic digits of i over
 * L's leaves idx[0..n) (the last one unbounded) times the strides on p.
 * 0: overflow. */
CT_FN static int ct_jb_sum(const ct_layout *L, const int *idx, int n, const ct_node *p, int64_t i, int64_t *out) {
  int k;
  int64_t x = i, term;
  *out = 0;
  for (k = 0; k < n; ++k) {
    const ct_node *d = &L->stride.nd[idx[k]];
    int64_t c = x;
    if (k + 1 < n) {
      c = x % L->shape.nd[idx[k]].v;
      x /= L->shape.nd[idx[k]].v;
    }
    if (p ? d->kind != CT_BASIS || !ct_basis_same_path(d, p) : d->kind != CT_INT) continue;
    if (ct_mul_ovf(c, d->v, &term) || ct_add_ovf(*out, term, out)) return 0;
  }
  return 1;
}

CT_FN ct_jstatus ct_judge_basis_2(const ct_layout *L, const ct_tuple *cp, int64_t i, const ct_tuple *value,
                                  ct_judgement *j) {
  ct_paths P;
  int q, k, at[CT_MAX_NODES], idx[CT_MAX_NODES], n = ct_t_leaves(&L->shape, 0, idx, CT_MAX_NODES);
  int64_t want;
  ct_basis_paths(L, &P);
  if (P.n == 0) {
    if (value->nd[0].kind != CT_INT) return CT_J_VIOLATES(j, "BASIS-2", "L has integer strides: L(%lld) is an integer", (long long)i);
    if (!ct_jb_sum(L, idx, n, 0, i, &want)) return ct_j_unchecked(j, "BASIS-2");
    if (value->nd[0].v != want)
      return CT_J_VIOLATES(j, "BASIS-2", "L(%lld) = %lld, the sum of its strides is %lld", (long long)i,
                           (long long)value->nd[0].v, (long long)want);
    return ct_j_holds(j, "BASIS-2");
  }
  if (!cp) return ct_j_limit(j, "BASIS-2");
  if (!ct_t_congruent(cp, 0, value, 0))
    return CT_J_VIOLATES(j, "BASIS-2", "L(%lld) is not congruent to coprofile(L)", (long long)i);
  for (q = 0; q < P.n; ++q) at[q] = ct_jb_at_path(value, &P.p[q]); /* each path's entry */
  for (k = 0; k < value->n; ++k) /* a coordinate no stride reaches is 0 */
    if (value->nd[k].kind != CT_TUPLE) {
      int reached = 0;
      for (q = 0; q < P.n && !reached; ++q) reached = at[q] == k;
      if (!reached && (value->nd[k].kind != CT_INT || value->nd[k].v != 0))
        return CT_J_VIOLATES(j, "BASIS-2", "L(%lld) has a nonzero entry that no stride reaches", (long long)i);
    }
  for (q = 0; q < P.n; ++q) {
    if (!ct_jb_sum(L, idx, n, &P.p[q], i, &want)) return ct_j_unchecked(j, "BASIS-2");
    if (at[q] < 0 || value->nd[at[q]].kind != CT_INT || value->nd[at[q]].v != want)
      return CT_J_VIOLATES(j, "BASIS-2", "entry %d of L(%lld) is not %lld, the sum of c_k*v over its strides", q,
                           (long long)i, (long long)want);
  }
  return ct_j_holds(j, "BASIS-2");
}

CT_FN ct_jstatus ct_judge_basis_3(const ct_layout *L, const ct_tuple *cp, ct_judgement *j) {
  ct_paths P;
  int end[CT_MAX_DEPTH + 2], next[CT_MAX_DEPTH + 2], top = 0, k, q, x;
  ct_basis_paths(L, &P);
  if (P.n == 0) {
    if (cp->nd[0].kind != CT_INT || cp->nd[0].v != 0)
      return CT_J_VIOLATES(j, "BASIS-3", "L has integer strides: its coprofile is 0");
    return ct_j_holds(j, "BASIS-3");
  }
  for (q = 0; q < P.n; ++q) {
    int at = ct_jb_at_path(cp, &P.p[q]);
    if (at < 0 || cp->nd[at].kind == CT_TUPLE)
      return CT_J_VIOLATES(j, "BASIS-3", "the coprofile has no leaf at the path of stride path %d", q);
  }
  /* Every node, with its position t = next[0..top): a leaf is 0 and no path
   * runs through it; a tuple has rank 1 + the largest index at its level. */
  for (x = 0; x < cp->n; ++x) {
    const ct_node *nd = &cp->nd[x];
    int need = 0, through = 0;
    while (top > 0 && x >= end[top - 1]) --top;
    if (top > 0) ++next[top - 1];
    for (q = 0; q < P.n; ++q) {
      const ct_node *p = &P.p[q];
      int match = p->rank > top;
      for (k = 0; k < top && match; ++k) match = ct_basis_index(p, k) == next[k];
      if (!match) continue;
      through = 1;
      if (ct_basis_index(p, top) + 1 > need) need = ct_basis_index(p, top) + 1;
    }
    if (nd->kind != CT_TUPLE) {
      if (nd->kind != CT_INT || nd->v != 0) return CT_J_VIOLATES(j, "BASIS-3", "a leaf of the coprofile is not 0");
      if (through) return CT_J_VIOLATES(j, "BASIS-3", "a leaf of the coprofile where a path goes deeper");
      continue;
    }
    if (!through || nd->rank != need)
      return CT_J_VIOLATES(j, "BASIS-3", "a tuple of the coprofile has rank %d, the paths through it need %d", nd->rank,
                           need);
    if (top >= CT_MAX_DEPTH + 1) return ct_j_unchecked(j, "BASIS-3");
    end[top] = x + nd->span;
    next[top++] = -1;
  }
  return ct_j_holds(j, "BASIS-3");
}

/* 1 + sum (s-1)*|v| over the leaves whose stride is on p (p == 0: integer
 * strides); 0 on overflow. */
CT_FN static int ct_jb_cosize(const ct_layout *L, const ct_node *p, int64_t *out) {
  int x;
  int64_t a, t;
  *out = 1;
  for (x = 0; x < L->stride.n; ++x) {
    const ct_node *d = &L->stride.nd[x];
    if (d->kind == CT_TUPLE || (p ? d->kind != CT_BASIS || !ct_basis_same_path(d, p) : d->kind != CT_INT)) continue;
    if (ct_abs_ovf(d->v, &a) || ct_mul_ovf(L->shape.nd[x].v - 1, a, &t) || ct_add_ovf(*out, t, out)) return 0;
  }
  return 1;
}

/* Entry p of coshape: its definition, and the bound of the values on p. */
CT_FN static ct_jstatus ct_jb_coshape_on(const ct_layout *L, const ct_node *p, int64_t got, int64_t bound, ct_judgement *j) {
  ct_layout part;
  int64_t want, i, n = ct_j_size(L), lo = 0, hi = 0, v;
  int pos = 0, neg = 0, x;
  ct_leaf_form F; /* the part index after index */
  if (!ct_jb_cosize(L, p, &want)) return ct_j_unchecked(j, "BASIS-4");
  if (got != want)
    return CT_J_VIOLATES(j, "BASIS-4", "an entry of coshape(L) is %lld, 1 + sum (s-1)*|v| is %lld", (long long)got,
                         (long long)want);
  if (n < 0 || n > bound) return ct_j_unchecked(j, "BASIS-4");
  ct_jb_part(L, p, &part);
  for (x = 0; x < part.stride.n; ++x)
    if (part.stride.nd[x].kind == CT_INT && part.shape.nd[x].v > 1) {
      pos |= part.stride.nd[x].v > 0;
      neg |= part.stride.nd[x].v < 0;
    }
  ct_lf_init(&F, &part);
  for (i = 0; i < n; ++i) {
    v = ct_j_at_form(&F, i);
    if (i == 0 || v < lo) lo = v;
    if (i == 0 || v > hi) hi = v;
  }
  if (got < 1 + hi - lo || (!(pos && neg) && got != 1 + hi - lo))
    return CT_J_VIOLATES(j, "BASIS-4", "an entry of coshape(L) is %lld, its values span [%lld, %lld]", (long long)got,
                         (long long)lo, (long long)hi);
  return ct_j_holds(j, "BASIS-4");
}

CT_FN ct_jstatus ct_judge_basis_4(const ct_layout *L, const ct_tuple *cs, int64_t bound, ct_judgement *j) {
  ct_paths P;
  ct_tuple cp;
  ct_err e;
  int q, k, unchecked = 0;
  ct_basis_paths(L, &P);
  if (P.n == 0) {
    if (cs->nd[0].kind != CT_INT) return CT_J_VIOLATES(j, "BASIS-4", "L has integer strides: its coshape is an integer");
    return ct_jb_coshape_on(L, 0, cs->nd[0].v, bound, j);
  }
  if (ct_coprofile(L, &cp, &e) != CT_OK) return ct_j_limit(j, "BASIS-4");
  if (!ct_t_congruent(&cp, 0, cs, 0)) return CT_J_VIOLATES(j, "BASIS-4", "coshape(L) is not congruent to coprofile(L)");
  for (k = 0; k < cs->n; ++k)
    if (cs->nd[k].kind != CT_TUPLE) {
      int reached = 0;
      for (q = 0; q < P.n && !reached; ++q) reached = ct_jb_at_path(cs, &P.p[q]) == k;
      if (!reached && cs->nd[k].v != 1) return CT_J_VIOLATES(j, "BASIS-4", "coshape(L) is not 1 where no stride reaches");
    }
  for (q = 0; q < P.n; ++q) {
    ct_jstatus s = ct_jb_coshape_on(L, &P.p[q], cs->nd[ct_jb_at_path(cs, &P.p[q])].v, bound, j);
    if (s == CT_J_VIOLATED) return s;
    unchecked |= s == CT_J_UNCHECKED;
  }
  return unchecked ? ct_j_unchecked(j, "BASIS-4") : ct_j_holds(j, "BASIS-4");
}

/* A and B take the same values on [0, n), part by part. */
CT_FN static int ct_jb_same_values(const ct_layout *A, const ct_layout *B, int64_t n, int64_t *bad) {
  ct_paths P;
  ct_layout pa, pb;
  ct_leaf_form Fa, Fb; /* the parts index after index */
  int q;
  int64_t i;
  ct_jb_paths2(A, B, &P);
  for (q = 0; q < (P.n ? P.n : 1); ++q) {
    ct_jb_part(A, P.n ? &P.p[q] : 0, &pa);
    ct_jb_part(B, P.n ? &P.p[q] : 0, &pb);
    ct_lf_init(&Fa, &pa);
    ct_lf_init(&Fb, &pb);
    for (i = 0; i < n; ++i)
      if (ct_j_at_form(&Fa, i) != ct_j_at_form(&Fb, i)) {
        *bad = i;
        return 0;
      }
  }
  return 1;
}

CT_FN ct_jstatus ct_judge_basis_5(const ct_layout *L, const ct_layout *R, int which, int64_t bound, ct_judgement *j) {
  int64_t n = ct_j_size(L), r = ct_j_size(R), bad = 0;
  int x;
  if (which == 1) { /* filter_zeros: L's leaves, a zero-stride leaf as 1:0 */
    if (!ct_t_congruent(&L->shape, 0, &R->shape, 0))
      return CT_J_VIOLATES(j, "BASIS-5", "filter_zeros(L) does not have L's nesting");
    for (x = 0; x < L->shape.n; ++x) {
      const ct_node *s = &L->shape.nd[x], *d = &L->stride.nd[x], *rs = &R->shape.nd[x], *rd = &R->stride.nd[x];
      int zero = d->v == 0;
      if (s->kind == CT_TUPLE) continue;
      if (zero ? rs->v != 1 || rd->v != 0
               : rs->v != s->v || rd->kind != d->kind || rd->v != d->v || (d->kind == CT_BASIS && !ct_basis_same_path(d, rd)))
        return CT_J_VIOLATES(j, "BASIS-5", "leaf %d of filter_zeros(L) is not %s", x, zero ? "1:0" : "L's");
    }
    return ct_j_holds(j, "BASIS-5");
  }
  if (ct_l_depth(R) > 1) return CT_J_VIOLATES(j, "BASIS-5", "depth %d > 1", ct_l_depth(R));
  if (which == 0) {
    if (r != n) return CT_J_VIOLATES(j, "BASIS-5", "size(coalesce(L)) = %lld, size(L) = %lld", (long long)r, (long long)n);
  } else { /* filter = coalesce(filter_zeros(L)): the same values as filter_zeros(L) */
    ct_layout Z;
    ct_err e;
    ct_modes m;
    ct_modes_of(R, 0, &m);
    for (x = 0; x < m.n; ++x)
      if (m.m[x].d == 0 && !(m.n == 1 && m.m[0].s == 1))
        return CT_J_VIOLATES(j, "BASIS-5", "filter(L) kept the stride-0 mode %lld:0", (long long)m.m[x].s);
    if (ct_lifted(CT_LIFT_FILTER_ZEROS, L, 0, 0, &Z, &e) != CT_OK) return ct_j_limit(j, "BASIS-5");
    n = ct_j_size(&Z);
    if (r != n) return CT_J_VIOLATES(j, "BASIS-5", "size(filter(L)) = %lld, size(filter_zeros(L)) = %lld", (long long)r, (long long)n);
    if (!ct_jb_same_values(&Z, R, n < bound ? n : bound, &bad))
      return CT_J_VIOLATES(j, "BASIS-5", "filter(L)(%lld) is not filter_zeros(L)(%lld)", (long long)bad, (long long)bad);
    return n <= bound ? ct_j_holds(j, "BASIS-5") : ct_j_unchecked(j, "BASIS-5");
  }
  if (!ct_jb_same_values(L, R, n < bound ? n : bound, &bad))
    return CT_J_VIOLATES(j, "BASIS-5", "coalesce(L)(%lld) is not L(%lld)", (long long)bad, (long long)bad);
  return n <= bound ? ct_j_holds(j, "BASIS-5") : ct_j_unchecked(j, "BASIS-5");
}

CT_FN ct_jstatus ct_judge_basis_6(const ct_layout *A, const ct_layout *B, const ct_layout *R, int64_t bound,
                                  ct_judgement *j) {
  ct_paths P;
  ct_layout pa, pr;
  int q, unchecked = 0;
  if (ct_judge_comp_1(B, R, j) == CT_J_VIOLATED || ct_judge_comp_3(B, R, j) == CT_J_VIOLATED) {
    j->id = "BASIS-6";
    return CT_J_VIOLATED;
  }
  ct_jb_paths2(A, R, &P);
  for (q = 0; q < (P.n ? P.n : 1); ++q) { /* COMP-2 entry by entry */
    ct_jstatus s;
    ct_jb_part(A, P.n ? &P.p[q] : 0, &pa);
    ct_jb_part(R, P.n ? &P.p[q] : 0, &pr);
    s = ct_judge_comp_2(&pa, B, &pr, bound, j);
    j->id = "BASIS-6";
    if (s == CT_J_VIOLATED) return s;
    unchecked |= s == CT_J_UNCHECKED;
  }
  return unchecked ? ct_j_unchecked(j, "BASIS-6") : ct_j_holds(j, "BASIS-6");
}

CT_FN ct_jstatus ct_judge_basis_7(const ct_layout *A, const ct_layout *B, const ct_layout *R, int64_t bound,
                                  ct_judgement *j) {
  CT_JUDGE_SCRATCH int64_t want[CT_JUDGE_CAP];
  CT_JUDGE_SCRATCH char skip[CT_JUDGE_CAP];
  CT_JUDGE_SCRATCH ct_layout parts[3]; /* mode q of A on r, B on q, then R on r */
  ct_paths Q, P;
  ct_err e;
  ct_j_ahat h; /* the part of A's mode read past its size: COMP-EXT */
  ct_leaf_form F; /* a part of B, then of R, index after index */
  int q, r, k, path[CT_BASIS_DEPTH], unchecked = 0;
  int64_t v, i, n = ct_j_size(B), upto, cap = bound < CT_JUDGE_CAP ? bound : CT_JUDGE_CAP, b, t;
  if (ct_judge_comp_1(B, R, j) == CT_J_VIOLATED || ct_judge_comp_3(B, R, j) == CT_J_VIOLATED) {
    j->id = "BASIS-7";
    return CT_J_VIOLATED;
  }
  upto = n < cap ? n : cap;
  ct_basis_paths(B, &Q);
  ct_jb_paths2(A, R, &P);
  for (r = 0; r < (P.n ? P.n : 1); ++r) {
    const ct_node *pr = P.n ? &P.p[r] : 0;
    for (i = 0; i < upto; ++i) want[i] = skip[i] = 0;
    for (q = 0; q < Q.n; ++q) { /* entry q of B(i) into mode q of A */
      for (k = 0; k < Q.p[q].rank; ++k) path[k] = ct_basis_index(&Q.p[q], k);
      if (ct_l_mode(A, path, Q.p[q].rank, &parts[2], &e) != CT_OK)
        return CT_J_VIOLATES(j, "BASIS-7", "B has a stride on a path that is no mode of A");
      ct_jb_part(&parts[2], pr, &parts[0]);
      ct_basis_part(B, &Q.p[q], &parts[1]);
      ct_j_ahat_init(&parts[0], &h); /* the extension of its coalesced form; below 0 only where that is one mode */
      ct_lf_init(&F, &parts[1]);
      for (i = 0; i < upto; ++i) {
        b = ct_j_at_form(&F, i);
        if (b < 0 && !h.lin) { /* A^ undefined there: COMP-2's rule, this index not judged */
          unchecked = 1;
          skip[i] = 1;
          continue;
        }
        if (!ct_j_ahat_at(&h, b, &v) || ct_add_ovf(want[i], v, &t)) return ct_j_unchecked(j, "BASIS-7");
        want[i] = t;
      }
    }
    ct_jb_part(R, pr, &parts[2]);
    ct_lf_init(&F, &parts[2]);
    for (i = 0; i < upto; ++i)
      if (!skip[i] && ct_j_at_form(&F, i) != want[i])
        return CT_J_VIOLATES(j, "BASIS-7", "entry %d of R(%lld) is %lld, A(B(%lld)) gives %lld", r, (long long)i,
                             (long long)ct_j_at(&parts[2], i), (long long)i, (long long)want[i]);
  }
  return unchecked || n > upto || n < 0 ? ct_j_unchecked(j, "BASIS-7") : ct_j_holds(j, "BASIS-7");
}
