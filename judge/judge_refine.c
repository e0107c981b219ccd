/* judge_refine.c -- judges of spec/refine.md: REFINE-1, REFINE-2,
 * COARSEN-1, COARSEN-2, GCD-1..GCD-4, DIST-1, DIST-2.
 *
 * common_refinement and common_coarsening answer shapes, whose tree is the
 * value: the judges walk it beside the arguments' trees (no recursion: both
 * trees in preorder, a leaf of the coarser one skipping the finer one's
 * subtree). REFINE-3 and COARSEN-3 relate two calls or say when one is
 * rejected; given REFINE-1/2 (COARSEN-1/2) their "= b exactly when
 * compatible(a, b)" follows. greatest_common_domain is judged on the
 * leaves of G of size >= 2 (size-1 leaves aside, EQUIV-2): GCD-1's "depth
 * 1" is representation; GCD-5 relates calls. domain_distribute is judged as
 * a function; DIST-3 (the result's static marks) is representation. */
#include "judge/judge.h"
#include "ref/modes.h"

/* For each node of the finer tree f (preorder), whether the coarser c has
 * a tuple at its place: mark[k] |= bit. c must coarsen f (compatible). */
CT_FN static void ct_jr_tuples_of(const ct_tuple *c, const ct_tuple *f, unsigned char *mark, unsigned char bit) {
  int pc = 0, pf = 0;
  while (pc < c->n && pf < f->n) {
    if (ct_t_is_tuple(c, pc)) {
      mark[pf] |= bit;
      ++pc, ++pf; /* a tuple's first child follows it in preorder */
    } else {
      ++pc;
      pf += f->nd[pf].span;
    }
  }
}

CT_FN ct_jstatus ct_judge_refine_1(const ct_tuple *a, const ct_tuple *b, const ct_tuple *R, ct_judgement *j) {
  if (!ct_t_compatible(a, 0, R, 0)) return CT_J_VIOLATES(j, "REFINE-1", "R does not refine a");
  if (!ct_t_compatible(b, 0, R, 0)) return CT_J_VIOLATES(j, "REFINE-1", "R does not refine b");
  return ct_j_holds(j, "REFINE-1");
}

/* REFINE-2 in its equivalent form: R has a tuple only where a or b has one
 * (R refines both: REFINE-1 first). */
CT_FN ct_jstatus ct_judge_refine_2(const ct_tuple *a, const ct_tuple *b, const ct_tuple *R, ct_judgement *j) {
  CT_JUDGE_SCRATCH unsigned char mark[CT_MAX_NODES];
  int k;
  if (!ct_t_compatible(a, 0, R, 0) || !ct_t_compatible(b, 0, R, 0)) return ct_j_unchecked(j, "REFINE-2");
  for (k = 0; k < R->n; ++k) mark[k] = 0;
  ct_jr_tuples_of(a, R, mark, 1);
  ct_jr_tuples_of(b, R, mark, 2);
  for (k = 0; k < R->n; ++k)
    if (ct_t_is_tuple(R, k) && !mark[k])
      return CT_J_VIOLATES(j, "REFINE-2", "node %d of R is a tuple where neither a nor b has one: not the least", k);
  return ct_j_holds(j, "REFINE-2");
}

CT_FN ct_jstatus ct_judge_coarsen_1(const ct_tuple *a, const ct_tuple *b, const ct_tuple *R, ct_judgement *j) {
  if (!ct_t_compatible(R, 0, a, 0)) return CT_J_VIOLATES(j, "COARSEN-1", "R does not coarsen a");
  if (!ct_t_compatible(R, 0, b, 0)) return CT_J_VIOLATES(j, "COARSEN-1", "R does not coarsen b");
  return ct_j_holds(j, "COARSEN-1");
}

/* Whether a at node ia and b at ib are tuples of one rank whose modes have
 * pairwise equal sizes (where the greatest coarsening keeps a tuple). */
CT_FN static int ct_jr_agree(const ct_tuple *a, int ia, const ct_tuple *b, int ib) {
  ct_val x, y;
  ct_err e;
  int k;
  if (!ct_t_is_tuple(a, ia) || !ct_t_is_tuple(b, ib) || ct_t_rank(a, ia) != ct_t_rank(b, ib)) return 0;
  for (k = 0; k < ct_t_rank(a, ia); ++k)
    if (ct_t_product(a, ct_t_child(a, ia, k), &x, &e) != CT_OK || ct_t_product(b, ct_t_child(b, ib, k), &y, &e) != CT_OK ||
        x.v != y.v)
      return 0;
  return 1;
}

/* COARSEN-2 in its equivalent form: at each integer of R, a and b do not
 * agree mode by mode (R coarsens both: COARSEN-1 first). */
CT_FN ct_jstatus ct_judge_coarsen_2(const ct_tuple *a, const ct_tuple *b, const ct_tuple *R, ct_judgement *j) {
  int pr = 0, pa = 0, pb = 0;
  if (!ct_t_compatible(R, 0, a, 0) || !ct_t_compatible(R, 0, b, 0)) return ct_j_unchecked(j, "COARSEN-2");
  while (pr < R->n) {
    if (ct_t_is_tuple(R, pr)) {
      ++pr, ++pa, ++pb;
      continue;
    }
    if (ct_jr_agree(a, pa, b, pb))
      return CT_J_VIOLATES(j, "COARSEN-2", "R has the integer %lld where a and b agree mode by mode: not the greatest",
                           (long long)R->nd[pr].v);
    ++pr;
    pa += a->nd[pa].span;
    pb += b->nd[pb].span;
  }
  return ct_j_holds(j, "COARSEN-2");
}

/* The leaf of t (its integers s_i in order, p_i their prefix products) in
 * which the segment g:d lies (p_i | d, d*g | p_i*s_i), or -1. */
CT_FN static int ct_jr_leaf_of(const ct_tuple *t, int64_t g, int64_t d) {
  int64_t p = 1, end, dg;
  int k, leaf = 0;
  if (d <= 0 || ct_mul_ovf(d, g, &dg)) return -1;
  for (k = 0; k < t->n; ++k) {
    if (t->nd[k].kind != CT_INT) continue;
    if (t->nd[k].v <= 0 || ct_mul_ovf(p, t->nd[k].v, &end)) return -1;
    if (d % p == 0 && end % dg == 0) return leaf;
    p = end, ++leaf;
  }
  return -1;
}

/* G's leaves of size >= 2, into m. */
CT_FN static void ct_jr_segments(const ct_layout *G, ct_modes *m) {
  CT_JUDGE_SCRATCH ct_modes all;
  int k;
  ct_modes_of(G, 0, &all);
  m->n = 0;
  for (k = 0; k < all.n; ++k)
    if (all.m[k].s >= 2) m->m[m->n++] = all.m[k];
}

/* GCD-1 (ordered, each mode ending where the next may start), GCD-2
 * (each mode in one leaf of a and one of b), GCD-4 (consecutive modes in
 * different leaves). */
CT_FN ct_jstatus ct_judge_gcd_1(const ct_tuple *a, const ct_tuple *b, const ct_layout *G, ct_judgement *j) {
  CT_JUDGE_SCRATCH ct_modes m;
  int k, ia, ib, pa = -1, pb = -1;
  int64_t end;
  ct_jr_segments(G, &m);
  for (k = 0; k < m.n; ++k) {
    int64_t g = m.m[k].s, d = m.m[k].d;
    if (k > 0 && (ct_mul_ovf(m.m[k - 1].s, m.m[k - 1].d, &end) || end <= 0 || d % end != 0))
      return CT_J_VIOLATES(j, "GCD-1", "d_%d * g_%d does not divide d_%d = %lld", k - 1, k - 1, k, (long long)d);
    ia = ct_jr_leaf_of(a, g, d), ib = ct_jr_leaf_of(b, g, d);
    if (ia < 0 || ib < 0)
      return CT_J_VIOLATES(j, "GCD-2", "mode %lld:%lld lies in no leaf of %s", (long long)g, (long long)d,
                           ia < 0 ? "a" : "b");
    if (ia == pa && ib == pb)
      return CT_J_VIOLATES(j, "GCD-4", "modes %d and %d lie in the same leaves of a and b", k - 1, k);
    pa = ia, pb = ib;
  }
  return ct_j_holds(j, "GCD-2");
}

/* GCD-3: the largest segment (H/Lc):Lc that leaves i of a and j of b share
 * (Lc = lcm of their starts, H = gcd of their ends; one is shared when
 * Lc | H and H > Lc) lies within one mode of G: it holds every segment the
 * two leaves share. */
CT_FN ct_jstatus ct_judge_gcd_3(const ct_tuple *a, const ct_tuple *b, const ct_layout *G, ct_judgement *j) {
  CT_JUDGE_SCRATCH ct_modes m;
  int ka, kb, k;
  int64_t p = 1, q, pe, qe, lc, h, end;
  ct_jr_segments(G, &m);
  for (ka = 0; ka < a->n; ++ka) {
    if (a->nd[ka].kind != CT_INT) continue;
    if (a->nd[ka].v <= 0 || ct_mul_ovf(p, a->nd[ka].v, &pe)) return ct_j_unchecked(j, "GCD-3");
    for (q = 1, kb = 0; kb < b->n; ++kb) {
      if (b->nd[kb].kind != CT_INT) continue;
      if (b->nd[kb].v <= 0 || ct_mul_ovf(q, b->nd[kb].v, &qe) || ct_mul_ovf(p / ct_gcd(p, q), q, &lc)) return ct_j_unchecked(j, "GCD-3");
      h = ct_gcd(pe, qe);
      if (h % lc == 0 && h > lc) {
        for (k = 0; k < m.n; ++k)
          if (m.m[k].d > 0 && lc % m.m[k].d == 0 && !ct_mul_ovf(m.m[k].s, m.m[k].d, &end) && end % h == 0) break;
        if (k == m.n)
          return CT_J_VIOLATES(j, "GCD-3", "the common segment %lld:%lld lies in no mode of G: not the greatest",
                               (long long)(h / lc), (long long)lc);
      }
      q = qe;
    }
    p = pe;
  }
  return ct_j_holds(j, "GCD-3");
}

/* DIST-1 as a function: with r_0 = n, g_i = gcd(s_i, r_i), r_{i+1} =
 * r_i / g_i, R(x) is (g_0, g_1, ...):(p_0, p_1, ...) at x, and size(R)
 * is the product of the g_i; DIST-2: R increases. */
CT_FN ct_jstatus ct_judge_dist(const ct_tuple *a, int64_t n, const ct_layout *R, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH int64_t g[CT_MAX_NODES], p[CT_MAX_NODES];
  int64_t size = 1, pre = 1, rest = n, x, i, want, c, r = ct_j_size(R);
  int k, m = 0;
  if (n <= 0 || r < 0) return ct_j_unchecked(j, "DIST-1");
  for (k = 0; k < a->n; ++k) {
    if (a->nd[k].kind != CT_INT) continue;
    if (a->nd[k].v <= 0) return ct_j_unchecked(j, "DIST-1"); /* no shape: rejected */
    g[m] = ct_gcd(a->nd[k].v, rest), p[m] = pre;
    rest /= g[m], size *= g[m]; /* size divides n */
    if (ct_mul_ovf(pre, a->nd[k].v, &pre)) return ct_j_unchecked(j, "DIST-1");
    ++m;
  }
  if (r != size)
    return CT_J_VIOLATES(j, "DIST-1", "size(R) = %lld, not the product of the g_i = %lld", (long long)r, (long long)size);
  for (i = 0; i < size && i < bound; ++i) {
    if (i > 0 && ct_j_at(R, i) <= ct_j_at(R, i - 1))
      return CT_J_VIOLATES_AT(j, "DIST-2", i, "R(%lld) = %lld is not above R(%lld) = %lld", (long long)i,
                              (long long)ct_j_at(R, i), (long long)(i - 1), (long long)ct_j_at(R, i - 1));
    for (x = i, want = 0, k = 0; k < m; ++k) {
      c = x % g[k], x /= g[k];
      want += c * p[k];
    }
    if (ct_j_at(R, i) != want)
      return CT_J_VIOLATES_AT(j, "DIST-1", i, "R(%lld) = %lld, not %lld", (long long)i, (long long)ct_j_at(R, i),
                              (long long)want);
  }
  return size <= bound ? ct_j_holds(j, "DIST-1") : ct_j_unchecked(j, "DIST-1");
}
