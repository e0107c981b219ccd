/* props_construct.c -- properties of spec/construct.md (COMPACT-1..5,
 * ORD-1..5, LIKE-1..6, FRAG-1..5, CAST-1..7) and the error codes of its
 * Preconditions table.
 *
 * Inputs come from the case's layout: its shape (with static marks), orders
 * derived from its strides (coarsened at random, so that an order integer
 * may cover a sub-shape), the layout itself, and layouts derived from it that
 * upcast/downcast accept. Expected values are computed here from the leaves
 * (flat modes), independently of ref/construct.c. Brute-force checks visit
 * every index up to CT_BRUTE_MAX. */
#include "props/props.h"
#include "props/props_list.h"
#include "ref/coalesce.h"
#include "ref/construct.h"
#include "ref/ct_arith.h"
#include "ref/walk.h"

/* ---- helpers ---------------------------------------------------------------- */

CT_FN static uint64_t ct_pc_hc(const ct_case *c, uint64_t salt) {
  return ct_mix64(ct_digest_layout(&c->v[0]) + ct_mix64(salt ^ (uint64_t)c->k[0]));
}

CT_FN static uint64_t ct_pc_tdig(uint64_t h, const ct_tuple *t) {
  int j;
  for (j = 0; j < t->n; ++j) {
    h = ct_mix64(h ^ (uint64_t)t->nd[j].v);
    h = ct_mix64(h ^ ((uint64_t)t->nd[j].kind | (uint64_t)t->nd[j].rank << 8 | (uint64_t)t->nd[j].stat << 16));
  }
  return h;
}

CT_FN static ct_val ct_pc_val(int64_t v, int stat) {
  ct_val x;
  x.v = v;
  x.stat = stat;
  return x;
}

/* Leaf coordinates of index i over the sizes s (colexicographic). */
CT_FN static void ct_pc_colex(int64_t i, const ct_modes *m, int64_t *crd) {
  int k;
  for (k = 0; k < m->n; ++k) {
    int64_t s = m->m[k].s;
    crd[k] = s > 0 ? i % s : 0;
    if (s > 0) i /= s;
  }
}

CT_FN static int64_t ct_pc_dot(const int64_t *crd, const ct_modes *m) {
  int64_t v = 0;
  int k;
  for (k = 0; k < m->n; ++k) v += crd[k] * m->m[k].d;
  return v;
}

/* size of a flat list of modes; -1 past the brute-force bound. */
CT_FN static int64_t ct_pc_count(const ct_modes *m, int64_t cap) {
  int64_t p = 1;
  int k;
  for (k = 0; k < m->n; ++k)
    if (ct_mul_ovf(p, m->m[k].s, &p) || p > cap) return -1;
  return p;
}

/* Number of integers below node i. */
CT_FN static int ct_pc_nleaves(const ct_tuple *t, int i) {
  int j, n = 0;
  for (j = i; j < i + t->nd[i].span; ++j) n += t->nd[j].kind == CT_INT;
  return n;
}

/* Whether values v[0..n) fill [0, n) exactly once (n <= CT_BRUTE_MAX). */
CT_FN static int ct_pc_bijective(const int64_t *v, int64_t n, unsigned char *seen) {
  int64_t i;
  for (i = 0; i < n; ++i) seen[i] = 0;
  for (i = 0; i < n; ++i) {
    if (v[i] < 0 || v[i] >= n || seen[v[i]]) return 0;
    seen[v[i]] = 1;
  }
  return 1;
}

/* Appends a coarsening of t with the values of vals (congruent to t): a
 * tuple node may become one integer (hash h), the value of vals' first
 * integer below it. A coarsening has no more nodes than t, so its building
 * steps cannot fail (codes dropped on purpose). */
CT_FN static void ct_pc_coarsen(const ct_tuple *t, const ct_tuple *vals, uint64_t h, ct_tuple *out) {
  ct_walker w;
  ct_err e;
  int s;
  ct_walk_begin(&w, t, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    int i = w.at, j;
    if (s == CT_WALK_LEAF) {
      ct_discard(ct_t_push_int(out, vals->nd[i].v, vals->nd[i].stat, &e));
      continue;
    }
    if (s == CT_WALK_OPEN && (w.depth >= CT_MAX_DEPTH || ct_mix64(h + (uint64_t)i) % (w.depth == 0 ? 8u : 3u) == 0)) {
      int64_t v = 0;
      for (j = i; j < i + t->nd[i].span; ++j)
        if (vals->nd[j].kind == CT_INT) {
          v = vals->nd[j].v;
          break;
        }
      ct_discard(ct_t_push_int(out, v, 0, &e));
      ct_walk_skip(&w);
      continue;
    }
    ct_discard(ct_walk_rebuild(&w, s, out, 0, &e));
  }
}

/* An order for the case's shape: its strides, coarsened. */
CT_FN static void ct_pc_order(const ct_case *c, uint64_t salt, ct_tuple *order) {
  ct_t_clear(order);
  ct_pc_coarsen(&c->v[0].shape, &c->v[0].stride, ct_pc_hc(c, salt), order);
}

/* The groups of make_ordered_layout(S, order): first leaf, number of leaves,
 * key, in position order. Returns the count. */
CT_FN static int ct_pc_groups(const ct_tuple *S, const ct_tuple *order, int *first, int *count, int64_t *key) {
  int i = 0, j = 0, leaf = 0, m = 0;
  while (i < order->n && j < S->n) {
    if (order->nd[i].kind == CT_INT) {
      first[m] = leaf;
      count[m] = ct_pc_nleaves(S, j);
      key[m] = order->nd[i].v;
      leaf += count[m];
      ++m;
      ++i;
      j += S->nd[j].span;
    } else {
      ++i;
      ++j;
    }
  }
  return m;
}

CT_FN static int64_t ct_pc_group_size(const ct_modes *m, int first, int count) {
  int64_t p = 1;
  int k;
  for (k = first; k < first + count; ++k) p *= m->m[k].s;
  return p;
}

/* ---- COMPACT -------------------------------------------------------------------- */

CT_FN static int ct_pc_compact(int right, const ct_tuple *S, ct_val d0, ct_tuple *out, ct_outcome *o) {
  ct_err e;
  ct_code r = right ? ct_compact_row_major(S, d0, out, &e) : ct_compact_col_major(S, d0, out, &e);
  if (r != CT_OK) {
    CT_FAILS(o, "%s(shape, %lld) rejected: %s %s", right ? "compact_row_major" : "compact_col_major", (long long)d0.v,
             ct_code_name(e.code), e.msg);
    return 0;
  }
  o->digest = ct_pc_tdig(o->digest, out);
  return 1;
}

CT_FN void ct_p_compact_1(const ct_case *c, ct_outcome *o) {
  const ct_tuple *S = &c->v[0].shape;
  ct_tuple R;
  ct_val d0[2];
  int right, k, j;
  d0[0] = ct_pc_val(1, 1);
  d0[1] = ct_pc_val(c->v[0].stride.nd[c->v[0].stride.n - 1].v, (int)(ct_pc_hc(c, 1) & 1));
  for (right = 0; right < 2; ++right)
    for (k = 0; k < 2; ++k) {
      const char *op = right ? "compact_row_major" : "compact_col_major";
      (void)op;
      if (!ct_pc_compact(right, S, d0[k], &R, o)) return;
      if (!ct_t_congruent(&R, 0, S, 0)) {
        CT_FAILS(o, "%s(shape, %lld) is not congruent to the shape", op, (long long)d0[k].v);
        return;
      }
      for (j = 0; j < S->n; ++j)
        if (S->nd[j].kind == CT_INT && S->nd[j].stat && S->nd[j].v == 1 && !(R.nd[j].v == 0 && R.nd[j].stat)) {
          CT_FAILS(o, "%s(shape, %lld): a static _1 entry gets %s%lld, not _0", op, (long long)d0[k].v,
                   R.nd[j].stat ? "_" : "", (long long)R.nd[j].v);
          return;
        }
    }
}

/* S:compact_*(S) maps index i to i (col) or to its lexicographic index (row). */
CT_FN static void ct_pc_compact_map(int right, const ct_case *c, ct_outcome *o) {
  ct_layout L;
  ct_leaf_form F; /* L index after index */
  ct_modes m;
  int64_t i, n, crd[CT_MAX_NODES];
  int k;
  ct_t_copy(&L.shape, &c->v[0].shape);
  if (!ct_pc_compact(right, &L.shape, ct_pc_val(1, 1), &L.stride, o)) return;
  ct_modes_of(&L, 0, &m);
  n = ct_size(&L);
  if (n < 0) return;
  if (n > CT_BRUTE_MAX) n = CT_BRUTE_MAX;
  ct_lf_init(&F, &L);
  for (i = 0; i < n; ++i) {
    int64_t want = i, got = ct_ev_form(&F, i);
    if (right) { /* lexicographic: the last leaf varies fastest */
      ct_pc_colex(i, &m, crd);
      want = 0;
      for (k = 0; k < m.n; ++k) want = want * m.m[k].s + crd[k];
    }
    if (got != want) {
      CT_FAILS(o, "shape:%s(shape) maps %lld to %lld, want %lld", right ? "compact_row_major" : "compact_col_major",
               (long long)i, (long long)got, (long long)want);
      return;
    }
  }
}

CT_FN void ct_p_compact_2(const ct_case *c, ct_outcome *o) { ct_pc_compact_map(0, c, o); }
CT_FN void ct_p_compact_3(const ct_case *c, ct_outcome *o) { ct_pc_compact_map(1, c, o); }

CT_FN void ct_p_compact_4(const ct_case *c, ct_outcome *o) {
  const ct_tuple *S = &c->v[0].shape;
  ct_tuple R1, Rd;
  int64_t d0 = (int64_t)(ct_pc_hc(c, 4) % 13) - 5;
  int right, j;
  if (ct_pc_hc(c, 5) & 1) d0 = c->v[0].stride.nd[c->v[0].stride.n - 1].v;
  for (right = 0; right < 2; ++right) {
    if (!ct_pc_compact(right, S, ct_pc_val(1, 1), &R1, o) || !ct_pc_compact(right, S, ct_pc_val(d0, 0), &Rd, o)) return;
    for (j = 0; j < S->n; ++j)
      if (S->nd[j].kind == CT_INT && Rd.nd[j].v != d0 * R1.nd[j].v) {
        CT_FAILS(o, "%s(shape, %lld) has %lld where %lld*%lld is wanted",
                 right ? "compact_row_major" : "compact_col_major", (long long)d0, (long long)Rd.nd[j].v, (long long)d0,
                 (long long)R1.nd[j].v);
        return;
      }
  }
}

CT_FN void ct_p_compact_5(const ct_case *c, ct_outcome *o) {
  ct_layout want, got;
  ct_err e;
  int right;
  ct_t_copy(&got.shape, &c->v[0].shape);
  for (right = 0; right < 2; ++right) {
    if (!ct_pc_compact(right, &got.shape, ct_pc_val(1, 1), &got.stride, o)) return;
    if ((right ? ct_l_compact_right(&c->v[0].shape, &want, &e) : ct_l_compact_left(&c->v[0].shape, &want, &e)) != CT_OK)
      return;
    if (!ct_l_equal(&want, &got, 1)) {
      CT_FAILS(o, "make_layout(S, %s) differs from S:%s(S) (marks included)", right ? "LayoutRight" : "LayoutLeft",
               right ? "compact_row_major" : "compact_col_major");
      return;
    }
  }
}

/* ---- ORD ------------------------------------------------------------------------- */

CT_FN static int ct_pc_ordered(const ct_tuple *S, const ct_tuple *order, ct_layout *R, ct_outcome *o) {
  ct_err e;
  if (ct_make_ordered_layout(S, order, R, &e) != CT_OK) {
    CT_FAILS(o, "make_ordered_layout rejected an order weakly congruent to the shape: %s %s", ct_code_name(e.code),
             e.msg);
    return 0;
  }
  o->digest = ct_mix64(o->digest ^ ct_digest_layout(R));
  return 1;
}

CT_FN void ct_p_ord_1(const ct_case *c, ct_outcome *o) {
  ct_tuple order;
  ct_layout R;
  ct_pc_order(c, 11, &order);
  if (!ct_pc_ordered(&c->v[0].shape, &order, &R, o)) return;
  if (!ct_t_equal(&R.shape, 0, &c->v[0].shape, 0, 1))
    CT_FAILS(o, "the shape (or its marks) changed");
  else if (!ct_t_congruent(&R.stride, 0, &R.shape, 0))
    CT_FAILS(o, "the stride is not congruent to the shape");
}

CT_FN void ct_p_ord_2(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH int64_t v[CT_BRUTE_MAX];
  CT_SCRATCH unsigned char seen[CT_BRUTE_MAX];
  ct_tuple order;
  ct_layout R;
  int64_t n;
  ct_pc_order(c, 12, &order);
  if (!ct_pc_ordered(&c->v[0].shape, &order, &R, o)) return;
  n = ct_j_values(&R, v, CT_BRUTE_MAX);
  if (n < 0) return;
  if (!ct_pc_bijective(v, n, seen)) CT_FAILS(o, "the image is not [0, %lld)", (long long)n);
}

/* Sorts group numbers by (key, position): insertion sort, groups are few. */
CT_FN static void ct_pc_sort_groups(const int64_t *key, int m, int *ord) {
  int a, b;
  for (a = 0; a < m; ++a) ord[a] = a;
  for (a = 1; a < m; ++a) {
    int x = ord[a];
    b = a - 1;
    while (b >= 0 && key[ord[b]] > key[x]) {
      ord[b + 1] = ord[b];
      --b;
    }
    ord[b + 1] = x;
  }
}

CT_FN void ct_p_ord_3(const ct_case *c, ct_outcome *o) {
  int first[CT_MAX_NODES], count[CT_MAX_NODES], ord[CT_MAX_NODES], m, g, k;
  int64_t key[CT_MAX_NODES], start[CT_MAX_NODES], crd[CT_MAX_NODES], i, n, p = 1;
  ct_tuple order;
  ct_layout R;
  ct_leaf_form F; /* R index after index */
  ct_modes ms;
  ct_pc_order(c, 13, &order);
  if (!ct_pc_ordered(&c->v[0].shape, &order, &R, o)) return;
  ct_modes_of(&c->v[0], 0, &ms);
  m = ct_pc_groups(&c->v[0].shape, &order, first, count, key);
  ct_pc_sort_groups(key, m, ord);
  for (g = 0; g < m; ++g) { /* each group starts where the groups before it end */
    start[ord[g]] = p;
    p *= ct_pc_group_size(&ms, first[ord[g]], count[ord[g]]);
  }
  n = ct_size(&R);
  if (n < 0) return;
  if (n > CT_BRUTE_MAX) n = CT_BRUTE_MAX;
  ct_lf_init(&F, &R);
  for (i = 0; i < n; ++i) {
    int64_t want = 0, got = ct_ev_form(&F, i);
    ct_pc_colex(i, &ms, crd);
    for (g = 0; g < m; ++g) { /* idx_g(c): the column-major index inside group g */
      int64_t idx = 0;
      for (k = first[g] + count[g] - 1; k >= first[g]; --k) idx = idx * ms.m[k].s + crd[k];
      want += idx * start[g];
    }
    if (got != want) {
      CT_FAILS(o, "R(%lld) = %lld, the groups in (order, position) give %lld", (long long)i, (long long)got,
               (long long)want);
      return;
    }
  }
}

CT_FN void ct_p_ord_4(const ct_case *c, ct_outcome *o) {
  const ct_tuple *S = &c->v[0].shape;
  ct_tuple order;
  ct_layout R, want;
  ct_err e;
  int64_t kappa = (int64_t)(ct_pc_hc(c, 14) % 9) - 4;
  int j, n = ct_pc_nleaves(S, 0), leaf = 0, v;
  for (v = 0; v < 3; ++v) {
    ct_t_copy(&order, S); /* 0: the integer kappa; 1: kappa at every leaf; 2: decreasing with the position */
    if (v == 0) ct_t_set_int(&order, kappa, 0);
    for (j = 0; v > 0 && j < order.n; ++j)
      if (order.nd[j].kind == CT_INT) {
        order.nd[j].v = v == 1 ? kappa : (int64_t)(n - 1 - leaf) + kappa;
        order.nd[j].stat = 0;
        ++leaf;
      }
    if (!ct_pc_ordered(S, &order, &R, o)) return;
    if ((v == 2 ? ct_l_compact_right(S, &want, &e) : ct_l_compact_left(S, &want, &e)) != CT_OK) return;
    if (!ct_l_equal(&R, &want, 0)) {
      CT_FAILS(o, "%s order: not the %s layout",
               v == 0   ? "an integer"
               : v == 1 ? "a constant"
                        : "a decreasing",
               v == 2 ? "row-major" : "column-major");
      return;
    }
  }
}

CT_FN void ct_p_ord_5(const ct_case *c, ct_outcome *o) {
  int first[CT_MAX_NODES], count[CT_MAX_NODES], m, g, q, k;
  int64_t key[CT_MAX_NODES], size[CT_MAX_NODES];
  ct_tuple order;
  ct_layout R;
  ct_modes ms, mr;
  ct_pc_order(c, 15, &order);
  ct_modes_of(&c->v[0], 0, &ms);
  m = ct_pc_groups(&c->v[0].shape, &order, first, count, key);
  for (g = 0; g < m; ++g) size[g] = ct_pc_group_size(&ms, first[g], count[g]);
  for (g = 0; g < m; ++g)
    for (q = g + 1; q < m; ++q)
      if (size[g] > 1 && size[q] > 1 && key[g] == key[q]) {
        o->verdict = CT_SKIPPED; /* tied groups: CuTe's layout is not compact */
        return;
      }
  if (!ct_pc_ordered(&c->v[0].shape, &order, &R, o)) return;
  ct_modes_of(&R, 0, &mr);
  for (g = 0; g < m; ++g) { /* compact_order: start = sizes of the strictly smaller orders */
    int64_t cur = 1;
    for (q = 0; q < m; ++q)
      if (key[q] < key[g]) cur *= size[q];
    for (k = first[g]; k < first[g] + count[g]; ++k) {
      if (ms.m[k].s > 1 && mr.m[k].d != cur) {
        CT_FAILS(o, "leaf %d has stride %lld, CuTe's compact_order gives %lld", k, (long long)mr.m[k].d, (long long)cur);
        return;
      }
      if (!(ms.m[k].ss && ms.m[k].s == 1)) cur *= ms.m[k].s;
    }
  }
}

/* ---- LIKE ------------------------------------------------------------------------ */

CT_FN static int ct_pc_like(const ct_layout *L, ct_layout *R, ct_outcome *o) {
  ct_err e;
  if (ct_make_layout_like(L, R, &e) != CT_OK) {
    CT_FAILS(o, "make_layout_like rejected a layout: %s %s", ct_code_name(e.code), e.msg);
    return 0;
  }
  o->digest = ct_mix64(o->digest ^ ct_digest_layout(R));
  return 1;
}

CT_FN void ct_p_like_1(const ct_case *c, ct_outcome *o) {
  ct_layout R;
  if (!ct_pc_like(&c->v[0], &R, o)) return;
  if (!ct_t_equal(&R.shape, 0, &c->v[0].shape, 0, 1))
    CT_FAILS(o, "the shape (or its marks) changed");
  else if (!ct_t_congruent(&R.stride, 0, &R.shape, 0))
    CT_FAILS(o, "the stride is not congruent to the shape");
}

CT_FN void ct_p_like_2(const ct_case *c, ct_outcome *o) {
  ct_layout R;
  ct_modes ml, mr;
  int k;
  if (!ct_pc_like(&c->v[0], &R, o)) return;
  ct_modes_of(&c->v[0], 0, &ml);
  ct_modes_of(&R, 0, &mr);
  for (k = 0; k < ml.n; ++k)
    if (ml.m[k].s > 1 && (ml.m[k].d == 0) != (mr.m[k].d == 0)) {
      CT_FAILS(o, "leaf %d: stride %lld in L, %lld in the result", k, (long long)ml.m[k].d, (long long)mr.m[k].d);
      return;
    }
}

/* Values of the result over the leaves not in `fixed` (their coordinates 0):
 * a bijection onto [0, product of their sizes)? Returns 0 when too large. */
CT_FN static int ct_pc_compact_on(const ct_modes *mr, const unsigned char *fixed, int *bij) {
  CT_SCRATCH int64_t v[CT_BRUTE_MAX];
  CT_SCRATCH unsigned char seen[CT_BRUTE_MAX];
  ct_modes unfixed;
  int64_t crd[CT_MAX_NODES], i, n;
  int k;
  unfixed.n = 0;
  for (k = 0; k < mr->n; ++k)
    if (!fixed[k]) unfixed.m[unfixed.n++] = mr->m[k];
  n = ct_pc_count(&unfixed, CT_BRUTE_MAX);
  if (n < 0) return 0;
  for (i = 0; i < n; ++i) {
    ct_pc_colex(i, &unfixed, crd);
    v[i] = ct_pc_dot(crd, &unfixed);
  }
  *bij = ct_pc_bijective(v, n, seen);
  return 1;
}

CT_FN void ct_p_like_3(const ct_case *c, ct_outcome *o) {
  ct_layout R;
  ct_modes ml, mr;
  unsigned char fixed[CT_MAX_NODES];
  int k, bij = 1;
  if (!ct_pc_like(&c->v[0], &R, o)) return;
  ct_modes_of(&c->v[0], 0, &ml);
  ct_modes_of(&R, 0, &mr);
  for (k = 0; k < ml.n; ++k) fixed[k] = (unsigned char)(ml.m[k].d == 0);
  if (ct_pc_compact_on(&mr, fixed, &bij) && !bij)
    CT_FAILS(o, "on the leaves of nonzero stride the result is not a bijection onto [0, their size)");
}

CT_FN void ct_p_like_4(const ct_case *c, ct_outcome *o) {
  ct_layout R;
  ct_modes ml, mr;
  int u, v;
  if (!ct_pc_like(&c->v[0], &R, o)) return;
  ct_modes_of(&c->v[0], 0, &ml);
  ct_modes_of(&R, 0, &mr);
  for (u = 0; u < ml.n; ++u)
    for (v = 0; v < ml.n; ++v) {
      if (ml.m[u].s < 2 || ml.m[v].s < 2 || ml.m[u].d == 0 || ml.m[v].d == 0) continue;
      if ((ml.m[u].d < ml.m[v].d || (ml.m[u].d == ml.m[v].d && u < v)) && !(mr.m[u].d < mr.m[v].d)) {
        CT_FAILS(o, "leaves %d, %d: strides %lld, %lld in L but %lld, %lld in the result", u, v, (long long)ml.m[u].d,
                 (long long)ml.m[v].d, (long long)mr.m[u].d, (long long)mr.m[v].d);
        return;
      }
    }
}

CT_FN void ct_p_like_5(const ct_case *c, ct_outcome *o) {
  ct_layout R, R2;
  if (!ct_pc_like(&c->v[0], &R, o) || !ct_pc_like(&R, &R2, o)) return;
  if (!ct_t_equal(&R.shape, 0, &R2.shape, 0, 0) || !ct_l_same_function(&R, &R2))
    CT_FAILS(o, "make_layout_like is not idempotent");
}

CT_FN void ct_p_like_6(const ct_case *c, ct_outcome *o) {
  ct_layout L = c->v[0], R;
  ct_modes ml, mr;
  int j, u, v;
  for (j = 0; j < L.stride.n; ++j) /* derived: every zero stride static (CuTe keeps only static _0) */
    if (L.stride.nd[j].kind == CT_INT && L.stride.nd[j].v == 0) L.stride.nd[j].stat = 1;
  ct_modes_of(&L, 0, &ml);
  for (u = 0; u < ml.n; ++u)
    for (v = u + 1; v < ml.n; ++v)
      if (ml.m[u].s > 1 && ml.m[v].s > 1 && ml.m[u].d != 0 && ml.m[u].d == ml.m[v].d) {
        o->verdict = CT_SKIPPED; /* tied strides: CuTe's layout is not compact */
        return;
      }
  if (!ct_pc_like(&L, &R, o)) return;
  ct_modes_of(&R, 0, &mr);
  for (u = 0; u < ml.n; ++u) { /* CuTe: compact_order(filter_zeros(shape), stride) */
    int64_t want = 0;
    if (ml.m[u].s < 2) continue;
    if (ml.m[u].d != 0) {
      want = 1;
      for (v = 0; v < ml.n; ++v)
        if (ml.m[v].d != 0 && ml.m[v].d < ml.m[u].d) want *= ml.m[v].s;
    }
    if (mr.m[u].d != want) {
      CT_FAILS(o, "leaf %d has stride %lld, CuTe's make_layout_like gives %lld", u, (long long)mr.m[u].d,
               (long long)want);
      return;
    }
  }
}

/* ---- FRAG ------------------------------------------------------------------------ */

CT_FN static int ct_pc_frag(const ct_layout *L, ct_layout *R, ct_outcome *o) {
  ct_err e;
  if (ct_make_fragment_like(L, R, &e) != CT_OK) {
    CT_FAILS(o, "make_fragment_like rejected a layout: %s %s", ct_code_name(e.code), e.msg);
    return 0;
  }
  o->digest = ct_mix64(o->digest ^ ct_digest_layout(R));
  return 1;
}

/* Leaves of mode 0 (rank >= 2), or -1. */
CT_FN static int ct_pc_mode0_leaves(const ct_layout *L) {
  if (ct_l_rank(L) < 2) return -1;
  return ct_pc_nleaves(&L->shape, ct_t_child(&L->shape, 0, 0));
}

CT_FN void ct_p_frag_1(const ct_case *c, ct_outcome *o) {
  ct_layout R;
  if (!ct_pc_frag(&c->v[0], &R, o)) return;
  if (!ct_t_equal(&R.shape, 0, &c->v[0].shape, 0, 1))
    CT_FAILS(o, "the shape (or its marks) changed");
  else if (!ct_t_congruent(&R.stride, 0, &R.shape, 0))
    CT_FAILS(o, "the stride is not congruent to the shape");
}

CT_FN void ct_p_frag_2(const ct_case *c, ct_outcome *o) {
  ct_layout R;
  ct_modes ml, mr;
  int k, n0 = ct_pc_mode0_leaves(&c->v[0]);
  int64_t cur = 1;
  if (n0 < 0) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (!ct_pc_frag(&c->v[0], &R, o)) return;
  ct_modes_of(&c->v[0], 0, &ml);
  ct_modes_of(&R, 0, &mr);
  for (k = 0; k < n0; ++k) {
    if (ml.m[k].d == 0) {
      if (mr.m[k].d != 0) {
        CT_FAILS(o, "mode 0, leaf %d: stride 0 became %lld", k, (long long)mr.m[k].d);
        return;
      }
      continue;
    }
    if (ml.m[k].s > 1 && mr.m[k].d != cur) {
      CT_FAILS(o, "mode 0, leaf %d: stride %lld, column-major gives %lld", k, (long long)mr.m[k].d, (long long)cur);
      return;
    }
    cur *= ml.m[k].s;
  }
}

CT_FN void ct_p_frag_3(const ct_case *c, ct_outcome *o) {
  const ct_layout *L = &c->v[0];
  ct_layout R, T, O;
  ct_modes ml, mr, mo;
  ct_err e;
  int k, n0 = ct_pc_mode0_leaves(L);
  int64_t N0 = 1;
  if (n0 < 0) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (!ct_pc_frag(L, &R, o)) return;
  ct_modes_of(L, 0, &ml);
  ct_modes_of(&R, 0, &mr);
  for (k = 0; k < n0; ++k)
    if (ml.m[k].d != 0) N0 *= ml.m[k].s;
  if (ct_l_take(L, 1, ct_l_rank(L), &T, &e) != CT_OK || ct_make_ordered_layout(&T.shape, &T.stride, &O, &e) != CT_OK) {
    CT_FAILS(o, "make_ordered_layout(take<1,R>(shape), take<1,R>(stride)) rejected: %s", e.msg);
    return;
  }
  ct_modes_of(&O, 0, &mo);
  for (k = n0; k < ml.n; ++k)
    if (ml.m[k].s > 1 && mr.m[k].d != N0 * mo.m[k - n0].d) {
      CT_FAILS(o, "leaf %d: stride %lld, want N0 = %lld times %lld", k, (long long)mr.m[k].d, (long long)N0,
               (long long)mo.m[k - n0].d);
      return;
    }
}

CT_FN void ct_p_frag_4(const ct_case *c, ct_outcome *o) {
  ct_layout R;
  ct_modes ml, mr;
  unsigned char fixed[CT_MAX_NODES];
  int k, bij = 1, n0 = ct_pc_mode0_leaves(&c->v[0]);
  if (n0 < 0) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (!ct_pc_frag(&c->v[0], &R, o)) return;
  ct_modes_of(&c->v[0], 0, &ml);
  ct_modes_of(&R, 0, &mr);
  for (k = 0; k < ml.n; ++k) fixed[k] = (unsigned char)(k < n0 && ml.m[k].d == 0);
  if (ct_pc_compact_on(&mr, fixed, &bij) && !bij)
    CT_FAILS(o, "fixing mode 0's zero-stride leaves, the result is not a bijection onto [0, size/their size)");
}

CT_FN void ct_p_frag_5(const ct_case *c, ct_outcome *o) {
  const ct_layout *parts[1];
  ct_layout L1, R, want;
  ct_err e;
  int v;
  parts[0] = &c->v[0];
  if (ct_l_concat(parts, 1, &L1, &e) != CT_OK) return; /* (L): rank 1 */
  for (v = 0; v < 2; ++v) {
    const ct_layout *L = v ? &L1 : &c->v[0];
    if (ct_l_rank(L) != 1) continue;
    if (!ct_pc_frag(L, &R, o)) return;
    if (ct_l_compact_left(&L->shape, &want, &e) != CT_OK) return;
    if (!ct_l_equal(&R, &want, 1)) {
      CT_FAILS(o, "rank 1%s: not make_layout(shape(L)) (marks included)", v ? " (L wrapped)" : "");
      return;
    }
  }
}

/* ---- CAST ------------------------------------------------------------------------ */

/* L times n (strides), into out. */
CT_FN static void ct_pc_scale_strides(const ct_layout *L, int64_t n, ct_layout *out) {
  int j;
  ct_l_copy(out, L);
  for (j = 0; j < out->stride.n; ++j)
    if (out->stride.nd[j].kind == CT_INT) out->stride.nd[j].v *= n;
}

/* Index of the j-th integer node of t. */
CT_FN static int ct_pc_leaf_node(const ct_tuple *t, int leaf) {
  int j;
  for (j = 0; j < t->n; ++j)
    if (t->nd[j].kind == CT_INT && leaf-- == 0) return j;
  return -1;
}

/* An input of downcast: the case's layout, or (h odd) the layout with its
 * strides doubled and one leaf's stride set to 1. */
CT_FN static void ct_pc_down_input(const ct_case *c, uint64_t h, ct_layout *L) {
  if (h & 1) {
    int n = ct_pc_nleaves(&c->v[0].shape, 0), j;
    ct_pc_scale_strides(&c->v[0], 2, L);
    j = n > 0 ? ct_pc_leaf_node(&L->stride, (int)((h >> 8) % (uint64_t)n)) : -1;
    if (j >= 0) L->stride.nd[j].v = 1;
  } else {
    ct_l_copy(L, &c->v[0]);
  }
}

/* The number of unit leaves (stride +-1, size > 1: a size-1 leaf's stride
 * is no part of the function, PRIN-1) and the last of them in *u; a layout
 * of one element has none of them and its first leaf stands in (spec/construct.md). */
CT_FN static int ct_pc_units(const ct_modes *m, int *u) {
  int k, n = 0, all_one = 1;
  *u = -1;
  for (k = 0; k < m->n; ++k) {
    all_one = all_one && m->m[k].s == 1;
    if (m->m[k].s > 1 && (m->m[k].d == 1 || m->m[k].d == -1)) {
      *u = k;
      ++n;
    }
  }
  if (n == 0 && all_one && m->n > 0) {
    *u = 0;
    return 1;
  }
  return n;
}

/* The unit leaf, if it is the only one and its stride not -1 (a size-1
 * stand-in may have any stride); else -1. */
CT_FN static int ct_pc_unit_leaf(const ct_modes *m) {
  int u, n = ct_pc_units(m, &u);
  return n == 1 && (m->m[u].s == 1 || m->m[u].d == 1) ? u : -1;
}

/* downcast<N>(L) of an admissible derived input; 0 (skipped) otherwise. */
CT_FN static int ct_pc_down(const ct_case *c, uint64_t salt, ct_layout *L, ct_val *n, ct_layout *R, int *u,
                            ct_outcome *o) {
  ct_modes m;
  ct_err e;
  uint64_t h = ct_pc_hc(c, salt);
  ct_pc_down_input(c, h, L);
  *n = ct_pc_val(2 + (int64_t)((h >> 16) % 3), (int)((h >> 24) & 1));
  ct_modes_of(L, 0, &m);
  *u = ct_pc_unit_leaf(&m);
  if (*u < 0) {
    o->verdict = CT_SKIPPED;
    return 0;
  }
  if (ct_downcast(L, *n, R, &e) != CT_OK) {
    CT_FAILS(o, "downcast<%lld> rejected a layout with one leaf of stride 1: %s %s", (long long)n->v,
             ct_code_name(e.code), e.msg);
    return 0;
  }
  o->digest = ct_digest_layout(R);
  return 1;
}

CT_FN void ct_p_cast_1(const ct_case *c, ct_outcome *o) {
  ct_layout L, R;
  ct_modes ml, mr;
  ct_val n;
  int u, k;
  if (!ct_pc_down(c, 21, &L, &n, &R, &u, o)) return;
  if (!ct_t_congruent(&R.shape, 0, &L.shape, 0) || !ct_t_congruent(&R.stride, 0, &L.stride, 0)) {
    CT_FAILS(o, "downcast<%lld>(L) is not congruent to L", (long long)n.v);
    return;
  }
  ct_modes_of(&L, 0, &ml);
  ct_modes_of(&R, 0, &mr);
  for (k = 0; k < ml.n; ++k) {
    int64_t ws = k == u ? n.v * ml.m[k].s : ml.m[k].s, wd = k == u ? 1 : n.v * ml.m[k].d;
    if (mr.m[k].s != ws || mr.m[k].d != wd) {
      CT_FAILS(o, "downcast<%lld>: leaf %d is %lld:%lld, want %lld:%lld", (long long)n.v, k, (long long)mr.m[k].s,
               (long long)mr.m[k].d, (long long)ws, (long long)wd);
      return;
    }
  }
  if (ct_size(&R) != n.v * ct_size(&L))
    CT_FAILS(o, "size(R) = %lld, N*size(L) = %lld", (long long)ct_size(&R), (long long)(n.v * ct_size(&L)));
}

/* CAST-2 by its judge (judge/judge_cast.c), R read by its index. */
CT_FN void ct_p_cast_2(const ct_case *c, ct_outcome *o) {
  ct_layout L, R;
  ct_val n;
  ct_judgement j;
  int u;
  if (!ct_pc_down(c, 22, &L, &n, &R, &u, o)) return;
  ct_judge_cast_down(&L, n.v, &R, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

CT_FN void ct_p_cast_3(const ct_case *c, ct_outcome *o) {
  ct_layout L, R, U;
  ct_val n;
  ct_err e;
  int u;
  if (!ct_pc_down(c, 23, &L, &n, &R, &u, o)) return;
  if (ct_upcast(&R, n, &U, &e) != CT_OK) {
    CT_FAILS(o, "upcast<%lld>(downcast<%lld>(L)) rejected: %s", (long long)n.v, (long long)n.v, e.msg);
    return;
  }
  /* equal, or (a layout of one element, whose stand-in leaf took stride 1) equivalent: EQUIV-2 */
  if (!ct_l_equal(&U, &L, 0) && !(ct_size(&L) == 1 && ct_l_equivalent(&U, &L)))
    CT_FAILS(o, "upcast<%lld>(downcast<%lld>(L)) is not L", (long long)n.v, (long long)n.v);
}

/* The split leaf of upcast: the first leaf of stride 1 and size > 1; -1 if none. */
CT_FN static int ct_pc_split_leaf(const ct_modes *m) {
  int k;
  for (k = 0; k < m->n; ++k)
    if (m->m[k].d == 1 && m->m[k].s > 1) return k;
  return -1;
}

/* An upcast input with a split leaf: the case's layout (h odd), or the layout
 * with leaf j's stride set to 1, N a divisor > 1 of its size, and the other
 * strides of leaves of size > 1 multiplied by N. */
CT_FN static int ct_pc_up_split_input(const ct_case *c, uint64_t h, ct_layout *L, ct_val *n) {
  ct_modes m;
  int k, j = -1, leaf = 0, cand = 0;
  *n = ct_pc_val(2 + (int64_t)((h >> 16) % 3), (int)((h >> 24) & 1));
  ct_l_copy(L, &c->v[0]);
  if (h & 1) return 1;
  ct_modes_of(L, 0, &m);
  for (k = 0; k < m.n; ++k) cand += m.m[k].s > 1;
  if (cand == 0) return 0;
  cand = (int)((h >> 32) % (uint64_t)cand);
  for (k = 0; k < m.n; ++k)
    if (m.m[k].s > 1 && cand-- == 0) j = k;
  {
    int64_t s = m.m[j].s, d;
    for (d = 2; d < s && s % d != 0; ++d) {
    }
    n->v = (h >> 40) & 1 ? s : d; /* the smallest factor or the size itself */
  }
  for (k = 0; k < L->shape.n; ++k) {
    if (L->shape.nd[k].kind != CT_INT) continue;
    if (leaf == j)
      L->stride.nd[k].v = 1;
    else if (L->shape.nd[k].v > 1)
      L->stride.nd[k].v *= n->v;
    ++leaf;
  }
  return 1;
}

CT_FN void ct_p_cast_4(const ct_case *c, ct_outcome *o) {
  ct_layout L, R, D;
  ct_modes ml, mr;
  ct_val n;
  ct_err e;
  ct_judgement j4;
  int j, q, units = 0;
  int64_t size;
  if (!ct_pc_up_split_input(c, ct_pc_hc(c, 24), &L, &n)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_modes_of(&L, 0, &ml);
  j = ct_pc_split_leaf(&ml);
  if (j < 0 || ct_upcast(&L, n, &R, &e) != CT_OK) {
    o->verdict = CT_SKIPPED; /* no split leaf, or not divisible (upcast!NOT_DIVISIBLE) */
    return;
  }
  o->digest = ct_digest_layout(&R);
  ct_modes_of(&R, 0, &mr);
  if (mr.n != ml.n || ct_size(&R) * n.v != ct_size(&L)) {
    CT_FAILS(o, "upcast<%lld>: size(R) = %lld, size(L)/N = %lld", (long long)n.v, (long long)ct_size(&R),
             (long long)(ct_size(&L) / n.v));
    return;
  }
  size = ct_size(&R);
  ct_judge_cast_up(&L, n.v, &R, CT_BRUTE_MAX, &j4); /* judge/judge_cast.c */
  ct_judged(&j4, o);
  if (o->verdict != CT_PASS) return;
  /* CAST-4's round trip: decided where the split leaf keeps a size > 1 in R
   * (or R is one element); where it shrank to size 1, its stride is no part
   * of R's function (PRIN-1) and downcast<N>(R) need not find it again */
  if (mr.m[j].s == 1 && size != 1) return;
  units = ct_pc_units(&mr, &q);
  if (units == 1 && mr.m[q].d == -1 && mr.m[q].s > 1) units = 2; /* rejected too (NEGATIVE_STRIDE) */
  if (units == 1) {
    /* L's shape, or (R of one element: its first leaf stands in) an equivalent layout (EQUIV-2) */
    if (ct_downcast(&R, n, &D, &e) != CT_OK ||
        !((ct_t_equal(&D.shape, 0, &L.shape, 0, 0) && ct_l_same_function(&D, &L)) ||
          (ct_size(&R) == 1 && ct_l_equivalent(&D, &L))))
      CT_FAILS(o, "downcast<%lld>(upcast<%lld>(L)) does not have L's function", (long long)n.v, (long long)n.v);
  } else if (ct_downcast(&R, n, &D, &e) == CT_OK) {
    CT_FAILS(o, "upcast<%lld>(L) has %d leaves of stride +-1 but downcast of it is not UNIT_STRIDE", (long long)n.v,
             units);
  }
}

CT_FN void ct_p_cast_5(const ct_case *c, ct_outcome *o) {
  ct_layout L, R;
  ct_modes m;
  ct_val n;
  ct_err e;
  uint64_t h = ct_pc_hc(c, 25);
  ct_judgement j;
  n = ct_pc_val(2 + (int64_t)((h >> 16) % 3), (int)((h >> 24) & 1));
  if (h & 1)
    ct_l_copy(&L, &c->v[0]);
  else
    ct_pc_scale_strides(&c->v[0], n.v, &L); /* every stride a multiple of N: no split leaf */
  ct_modes_of(&L, 0, &m);
  if (ct_pc_split_leaf(&m) >= 0 || ct_upcast(&L, n, &R, &e) != CT_OK) {
    o->verdict = CT_SKIPPED;
    return;
  }
  o->digest = ct_digest_layout(&R);
  if (!ct_t_equal(&R.shape, 0, &L.shape, 0, 0)) {
    CT_FAILS(o, "upcast<%lld> without a split leaf changed the shape", (long long)n.v);
    return;
  }
  ct_judge_cast_up(&L, n.v, &R, CT_BRUTE_MAX, &j); /* judge/judge_cast.c */
  ct_judged(&j, o);
}

CT_FN static int64_t ct_pc_cdiv(int64_t a, int64_t b) { return a / b + (a % b != 0); } /* a >= 0, b > 0 */

CT_FN void ct_p_cast_6(const ct_case *c, ct_outcome *o) {
  ct_layout L, R;
  ct_modes ml, mr;
  ct_val n;
  ct_err e;
  uint64_t h = ct_pc_hc(c, 26);
  int k, v, tried = 0;
  for (v = 0; v < 3; ++v) {
    int up = v > 0;
    if (v == 0) {
      ct_pc_down_input(c, h, &L);
      n = ct_pc_val(2 + (int64_t)((h >> 16) % 3), 1);
    } else if (v == 1) {
      if (!ct_pc_up_split_input(c, h >> 1, &L, &n)) continue;
    } else {
      n = ct_pc_val(2 + (int64_t)((h >> 20) % 3), 1);
      ct_pc_scale_strides(&c->v[0], n.v, &L);
    }
    if ((up ? ct_upcast(&L, n, &R, &e) : ct_downcast(&L, n, &R, &e)) != CT_OK) continue;
    ++tried;
    o->digest = ct_mix64(o->digest ^ ct_digest_layout(&R));
    ct_modes_of(&L, 0, &ml);
    ct_modes_of(&R, 0, &mr);
    for (k = 0; k < ml.n; ++k) {
      int64_t s = ml.m[k].s, d = ml.m[k].d, ws, wd, ad = d < 0 ? -d : d;
      if (s < 2) continue;
      if (!up) { /* CuTe: a +-1 stride multiplies the size, any other the stride */
        ws = d == 1 || d == -1 ? s * n.v : s;
        wd = d == 1 || d == -1 ? d : d * n.v;
      } else if (d == 0) {
        ws = s;
        wd = 0;
      } else { /* CuTe's static rule: ceil_div(s, ceil_div(N, |d|)) : signum(d)*ceil_div(|d|, N) */
        ws = ct_pc_cdiv(s, ct_pc_cdiv(n.v, ad));
        wd = (d > 0 ? 1 : -1) * ct_pc_cdiv(ad, n.v);
      }
      if (mr.m[k].s != ws || mr.m[k].d != wd) {
        CT_FAILS(o, "%s<%lld>: leaf %d %lld:%lld became %lld:%lld, CuTe's per-mode rule gives %lld:%lld",
                 up ? "upcast" : "downcast", (long long)n.v, k, (long long)s, (long long)d, (long long)mr.m[k].s,
                 (long long)mr.m[k].d, (long long)ws, (long long)wd);
        return;
      }
    }
  }
  if (!tried) o->verdict = CT_SKIPPED;
}

CT_FN void ct_p_cast_7(const ct_case *c, ct_outcome *o) {
  ct_layout R;
  ct_err e;
  int up;
  ct_val one = ct_pc_val(1, (int)(ct_pc_hc(c, 27) & 1));
  for (up = 0; up < 2; ++up) {
    if ((up ? ct_upcast(&c->v[0], one, &R, &e) : ct_downcast(&c->v[0], one, &R, &e)) != CT_OK) {
      CT_FAILS(o, "%s<1>(L) rejected: %s", up ? "upcast" : "downcast", e.msg);
      return;
    }
    o->digest = ct_mix64(o->digest ^ ct_digest_layout(&R));
    if (!ct_l_equal(&R, &c->v[0], 1)) {
      CT_FAILS(o, "%s<1>(L) is not L", up ? "upcast" : "downcast");
      return;
    }
  }
}

/* ---- error codes (Preconditions) ------------------------------------------------- */

CT_FN static void ct_pc_want(ct_code got, ct_code want, const char *what, ct_outcome *o) {
  (void)what;
  o->digest = ct_mix64(o->digest ^ ct_digest_code(got));
  if (got != want && o->verdict == CT_PASS)
    CT_FAILS(o, "%s: got %s, want %s", what, got == CT_OK ? "a result" : ct_code_name(got), ct_code_name(want));
}

CT_FN static int ct_pc_last_int(const ct_tuple *t) {
  int j;
  for (j = t->n - 1; j >= 0 && t->nd[j].kind != CT_INT; --j) {
  }
  return j;
}

/* The layout of the case followed by modes s_k:d_k (a tuple of them). */
/* Returns the code of the build (a representation limit where CT_MAX_NODES is small). */
CT_FN static ct_code ct_pc_extend(const ct_layout *L, const int64_t *s, const int64_t *d, int n, int before,
                                  ct_layout *out) {
  ct_layout m[4];
  const ct_layout *parts[5];
  ct_err e;
  int k, np = 0;
  if (before) parts[np++] = L;
  for (k = 0; k < n && k < 4; ++k) {
    ct_l_set_int(&m[k], s[k], 0, d[k], 0);
    parts[np++] = &m[k];
  }
  if (!before) parts[np++] = L;
  return ct_l_concat(parts, np, out, &e);
}

CT_FN void ct_p_cons_e_arg(const ct_case *c, ct_outcome *o) {
  ct_layout L = c->v[0], R;
  ct_tuple order = c->v[0].stride, out;
  ct_err e;
  int j = ct_pc_last_int(&L.shape);
  ct_val one = ct_pc_val(1, 1), two = ct_pc_val(2, 0);
  if (j < 0) {
    o->verdict = CT_SKIPPED;
    return;
  }
  order.nd[j].kind = CT_ALL; /* `_` in the order */
  ct_pc_want(ct_make_ordered_layout(&L.shape, &order, &R, &e), CT_ARG_TYPE, "make_ordered_layout(S, order with `_`)",
             o);
  L.shape.nd[j].kind = CT_ALL; /* `_` in the shape */
  ct_pc_want(ct_compact_col_major(&L.shape, one, &out, &e), CT_ARG_TYPE, "compact_col_major(S with `_`)", o);
  ct_pc_want(ct_compact_row_major(&L.shape, one, &out, &e), CT_ARG_TYPE, "compact_row_major(S with `_`)", o);
  ct_pc_want(ct_make_ordered_layout(&L.shape, &c->v[0].stride, &R, &e), CT_ARG_TYPE,
             "make_ordered_layout(S with `_`, order)", o);
  ct_pc_want(ct_make_layout_like(&L, &R, &e), CT_ARG_TYPE, "make_layout_like(L with `_`)", o);
  ct_pc_want(ct_make_fragment_like(&L, &R, &e), CT_ARG_TYPE, "make_fragment_like(L with `_`)", o);
  ct_pc_want(ct_upcast(&L, two, &R, &e), CT_ARG_TYPE, "upcast<2>(L with `_`)", o);
  ct_pc_want(ct_downcast(&L, two, &R, &e), CT_ARG_TYPE, "downcast<2>(L with `_`)", o);
}

/* The case's shape with its last integer made <= 0. */
CT_FN static int ct_pc_bad_shape(const ct_case *c, ct_tuple *S) {
  int j;
  ct_t_copy(S, &c->v[0].shape);
  j = ct_pc_last_int(S);
  if (j < 0) return 0;
  S->nd[j].v = -(int64_t)(ct_pc_hc(c, 40) % 3) * S->nd[j].v; /* 0, -s or -2s */
  return 1;
}

CT_FN static void ct_pc_compact_pos(int right, const ct_case *c, ct_outcome *o) {
  ct_tuple S, out;
  ct_err e;
  if (!ct_pc_bad_shape(c, &S)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_pc_want(
      right ? ct_compact_row_major(&S, ct_pc_val(1, 1), &out, &e) : ct_compact_col_major(&S, ct_pc_val(1, 1), &out, &e),
      CT_SHAPE_NOT_POSITIVE,
      right ? "compact_row_major(S with an entry <= 0)" : "compact_col_major(S with an entry <= 0)", o);
}

CT_FN void ct_p_ccm_e_pos(const ct_case *c, ct_outcome *o) { ct_pc_compact_pos(0, c, o); }
CT_FN void ct_p_crm_e_pos(const ct_case *c, ct_outcome *o) { ct_pc_compact_pos(1, c, o); }

CT_FN void ct_p_ord_e_pos(const ct_case *c, ct_outcome *o) {
  ct_tuple S;
  ct_layout R;
  ct_err e;
  if (!ct_pc_bad_shape(c, &S)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_pc_want(ct_make_ordered_layout(&S, &c->v[0].stride, &R, &e), CT_SHAPE_NOT_POSITIVE,
             "make_ordered_layout(S with an entry <= 0, order)", o);
}

/* (L, 2^32:10^6, 2^32:10^6+1, 2:10^6+2): the last mode's compact stride is at least 2^64. */
CT_FN static ct_code ct_pc_big(const ct_case *c, int before, ct_layout *out) {
  int64_t s[3], d[3];
  s[0] = s[1] = 4294967296LL;
  s[2] = 2;
  d[0] = 1000000;
  d[1] = 1000001;
  d[2] = 1000002;
  return ct_pc_extend(&c->v[0], s, d, 3, before, out);
}

CT_FN static void ct_pc_compact_ovf(int right, const ct_case *c, ct_outcome *o) {
  ct_layout B;
  ct_tuple out;
  ct_err e;
  /* row-major visits the leaves backwards: put the case's layout last */
  if (ct_build_failed(ct_pc_big(c, !right, &B), o, "the extended layout")) return;
  if (right) {              /* (2, 2^32, 2^32, L) */
    int64_t t = B.shape.nd[1].v;
    B.shape.nd[1].v = B.shape.nd[3].v;
    B.shape.nd[3].v = t;
  }
  ct_pc_want(right ? ct_compact_row_major(&B.shape, ct_pc_val(1, 1), &out, &e)
                   : ct_compact_col_major(&B.shape, ct_pc_val(1, 1), &out, &e),
             CT_OVERFLOW, right ? "compact_row_major((2, 2^32, 2^32, S))" : "compact_col_major((S, 2^32, 2^32, 2))", o);
}

CT_FN void ct_p_ccm_e_ovf(const ct_case *c, ct_outcome *o) { ct_pc_compact_ovf(0, c, o); }
CT_FN void ct_p_crm_e_ovf(const ct_case *c, ct_outcome *o) { ct_pc_compact_ovf(1, c, o); }

CT_FN void ct_p_ord_e_ovf(const ct_case *c, ct_outcome *o) {
  ct_layout B, R;
  ct_tuple order;
  ct_err e;
  ct_code rc = CT_OK;
  int hdr;
  if (ct_build_failed(ct_pc_big(c, 1, &B), o, "the extended layout")) return;
  ct_t_clear(&order); /* (coarsened stride of L, 10^6, 10^6+1, 10^6+2) */
  ct_step(&rc, ct_t_open(&order, &hdr, &e));
  ct_pc_coarsen(&c->v[0].shape, &c->v[0].stride, ct_pc_hc(c, 41), &order);
  ct_step(&rc, ct_t_push_int(&order, 1000000, 0, &e));
  ct_step(&rc, ct_t_push_int(&order, 1000001, 0, &e));
  ct_step(&rc, ct_t_push_int(&order, 1000002, 0, &e));
  ct_step(&rc, ct_t_close(&order, hdr, &e));
  if (ct_build_failed(rc, o, "the order")) return;
  ct_pc_want(ct_make_ordered_layout(&B.shape, &order, &R, &e), CT_OVERFLOW,
             "make_ordered_layout((S, 2^32, 2^32, 2), (o, ...))", o);
}

CT_FN void ct_p_like_e_ovf(const ct_case *c, ct_outcome *o) {
  ct_layout B, R;
  ct_err e;
  if (ct_build_failed(ct_pc_big(c, 1, &B), o, "the extended layout")) return;
  ct_pc_want(ct_make_layout_like(&B, &R, &e), CT_OVERFLOW, "make_layout_like((L, 2^32:.., 2^32:.., 2:..))", o);
}

CT_FN void ct_p_frag_e_ovf(const ct_case *c, ct_outcome *o) {
  ct_layout B, R;
  ct_err e;
  if (ct_build_failed(ct_pc_big(c, 1, &B), o, "the extended layout")) return;
  ct_pc_want(ct_make_fragment_like(&B, &R, &e), CT_OVERFLOW, "make_fragment_like((L, 2^32:.., 2^32:.., 2:..))", o);
}

CT_FN void ct_p_down_e_ovf(const ct_case *c, ct_outcome *o) {
  ct_layout L2, B, R;
  int64_t s = 4611686018427387904LL, d = 1; /* 2^62:1, then N = 4 */
  ct_err e;
  ct_pc_scale_strides(&c->v[0], 2, &L2);
  if (ct_build_failed(ct_pc_extend(&L2, &s, &d, 1, 0, &B), o, "the extended layout")) return;
  ct_pc_want(ct_downcast(&B, ct_pc_val(4, 0), &R, &e), CT_OVERFLOW, "downcast<4>((2^62:1, L*2))", o);
}

/* Appends t with leaf number `target` refined into a pair (v, v). Two
 * nodes more than a generated shape: the building steps cannot fail (codes
 * dropped on purpose). */
CT_FN static void ct_pc_refine(const ct_tuple *t, int target, ct_tuple *out) {
  ct_walker w;
  ct_err e;
  int s, hdr, leaf = 0;
  ct_walk_begin(&w, t, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    int64_t v = t->nd[w.at].v;
    ct_discard(ct_walk_rebuild(&w, s, out, 0, &e));
    if (s != CT_WALK_LEAF) continue;
    if (leaf++ == target && w.depth < CT_MAX_DEPTH - 1) {
      ct_discard(ct_t_open(out, &hdr, &e));
      ct_discard(ct_t_push_int(out, v, 0, &e));
      ct_discard(ct_t_push_int(out, v, 0, &e));
      ct_discard(ct_t_close(out, hdr, &e));
    } else {
      ct_discard(ct_t_push_int(out, v, 0, &e));
    }
  }
}

CT_FN void ct_p_ord_e_prof(const ct_case *c, ct_outcome *o) {
  const ct_tuple *S = &c->v[0].shape;
  ct_tuple order, one;
  ct_layout R;
  ct_err e;
  uint64_t h = ct_pc_hc(c, 42);
  int n = ct_pc_nleaves(S, 0);
  if (n == 0) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_t_set_int(&one, 0, 0); /* (order, 0): one element too many */
  {
    const ct_tuple *srcs[2];
    srcs[0] = &c->v[0].stride;
    srcs[1] = &one;
    if (ct_build_failed(ct_t_make_tuple(&order, srcs, 0, 2, &e), o, "(stride, 0)")) return;
  }
  ct_pc_want(ct_make_ordered_layout(S, &order, &R, &e), CT_BAD_PROFILE, "make_ordered_layout(S, (stride, 0))", o);
  ct_t_clear(&order); /* a leaf of the order refined into a pair where S has an integer */
  ct_pc_refine(&c->v[0].stride, (int)(h % (uint64_t)n), &order);
  ct_pc_want(ct_make_ordered_layout(S, &order, &R, &e), CT_BAD_PROFILE,
             "make_ordered_layout(S, stride with a leaf made a pair)", o);
}

CT_FN static void ct_pc_cast_pos(int up, const ct_case *c, ct_outcome *o) {
  ct_layout R;
  ct_err e;
  ct_val n = ct_pc_val(-(int64_t)(ct_pc_hc(c, 43) % 4), 1); /* 0, -1, -2, -3 */
  ct_pc_want(up ? ct_upcast(&c->v[0], n, &R, &e) : ct_downcast(&c->v[0], n, &R, &e), CT_SHAPE_NOT_POSITIVE,
             up ? "upcast<N <= 0>(L)" : "downcast<N <= 0>(L)", o);
}

CT_FN void ct_p_up_e_pos(const ct_case *c, ct_outcome *o) { ct_pc_cast_pos(1, c, o); }
CT_FN void ct_p_down_e_pos(const ct_case *c, ct_outcome *o) { ct_pc_cast_pos(0, c, o); }

CT_FN void ct_p_down_e_unit(const ct_case *c, ct_outcome *o) {
  ct_layout L2, B, R;
  ct_err e;
  uint64_t h = ct_pc_hc(c, 44);
  ct_val n = ct_pc_val(2 + (int64_t)(h % 3), 0);
  ct_pc_scale_strides(&c->v[0], 2, &L2); /* no stride +-1 */
  if (ct_size(&L2) > 1) /* one element: its first leaf stands in (spec/construct.md) */
    ct_pc_want(ct_downcast(&L2, n, &R, &e), CT_UNIT_STRIDE, "downcast(L*2): no unit stride", o);
  {
    int64_t s[2], d[2];
    s[0] = 2 + (int64_t)((h >> 8) % 3); /* sizes > 1: a size-1 leaf's stride never counts (PRIN-1) */
    d[0] = 1;
    s[1] = 2 + (int64_t)((h >> 16) % 3);
    d[1] = (h >> 24) & 1 ? 1 : -1;
    if (ct_build_failed(ct_pc_extend(&L2, s, d, 2, (int)((h >> 32) & 1), &B), o, "the extended layout")) return;
    ct_pc_want(ct_downcast(&B, n, &R, &e), CT_UNIT_STRIDE, "downcast(L*2 with two unit strides)", o);
  }
}

CT_FN void ct_p_down_e_neg(const ct_case *c, ct_outcome *o) {
  ct_layout L2;
  ct_layout R;
  ct_err e;
  uint64_t h = ct_pc_hc(c, 45);
  int n = ct_pc_nleaves(&c->v[0].shape, 0), j;
  if (n == 0) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_pc_scale_strides(&c->v[0], 2, &L2);
  j = ct_pc_leaf_node(&L2.stride, (int)(h % (uint64_t)n));
  L2.stride.nd[j].v = -1;
  if (L2.shape.nd[j].v == 1) L2.shape.nd[j].v = 2; /* a size-1 leaf's stride never counts (PRIN-1) */
  ct_pc_want(ct_downcast(&L2, ct_pc_val(2 + (int64_t)((h >> 8) % 3), 0), &R, &e), CT_NEGATIVE_STRIDE,
             "downcast(L*2 with one stride -1)", o);
}

CT_FN void ct_p_up_e_div(const ct_case *c, ct_outcome *o) {
  ct_layout LN, B, R;
  ct_err e;
  uint64_t h = ct_pc_hc(c, 46);
  int64_t N = 2 + (int64_t)(h % 3), s[2], d[2];
  ct_pc_scale_strides(&c->v[0], N, &LN); /* divisible everywhere */
  if ((h >> 8) & 1) {                    /* a split leaf of size N+1 */
    s[0] = N + 1;
    d[0] = 1;
    if (ct_build_failed(ct_pc_extend(&LN, s, d, 1, 0, &B), o, "the extended layout")) return;
  } else { /* a split leaf of size 2N, then a size-2 leaf of stride N*x+1 */
    s[0] = 2 * N;
    d[0] = 1;
    s[1] = 2;
    d[1] = N * (int64_t)((h >> 16) % 4) + 1;
    if (ct_build_failed(ct_pc_extend(&LN, s, d, 2, 0, &B), o, "the extended layout")) return;
  }
  ct_pc_want(ct_upcast(&B, ct_pc_val(N, 0), &R, &e), CT_NOT_DIVISIBLE,
             "upcast<N>(L with a stride or split size not a multiple of N)", o);
}
