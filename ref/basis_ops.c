/* basis_ops.c -- the algebra on basis-strided layouts (basis_ops.h,
 * spec/basis.md): lifting to integer markers, and composition with a B
 * whose strides are basis elements. */
#include "basis_ops.h"
#include "ct_arith.h"
#include "walk.h"

CT_FN static int ct_is_zero(const ct_node *d) { return d->v == 0; }

/* d == s * p as elements of the codomain (the merge test of coalesce on
 * neighbours p, d; zero is the zero of every codomain). */
CT_FN static int ct_m_scaled(const ct_node *d, int64_t s, const ct_node *p) {
  int64_t sp;
  if (ct_is_zero(d) || ct_is_zero(p)) return ct_is_zero(d) && ct_is_zero(p);
  if (d->kind != p->kind) return 0;
  if (d->kind == CT_BASIS && !ct_basis_same_path(d, p)) return 0;
  return !ct_mul_ovf(s, p->v, &sp) && sp == d->v;
}

/* BASIS-LIFT, the markers. A leaf either continues the run of the previous
 * leaf of size > 1 (its stride is that leaf's times its size: the marker is
 * scaled alike) or starts run c. A run's first marker is 1 in A1 and
 * H + 1 - c in A2 (H runs): never a neighbour's size times its marker
 * (>= 2, resp. >= 2*(H+1-c') with c' < c), so the markers merge exactly
 * where A's strides do. Zero strides stay 0. */
CT_FN ct_code ct_lift_markers(const ct_layout *A, ct_layout *A1, ct_layout *A2, ct_lift *runs, ct_err *e) {
  int run[CT_MAX_NODES], prev = -1, j;
  int64_t P[CT_MAX_NODES];
  runs->n = 0;
  for (j = 0; j < A->stride.n; ++j) {
    const ct_node *d = &A->stride.nd[j];
    run[j] = -1;
    P[j] = 0;
    if (d->kind == CT_TUPLE) continue;
    if (ct_is_zero(d)) {
      /* stays 0 */
    } else if (prev >= 0 && ct_m_scaled(d, A->shape.nd[prev].v, &A->stride.nd[prev])) {
      run[j] = run[prev];
      if (ct_mul_ovf(A->shape.nd[prev].v, P[prev], &P[j]))
        return CT_FAIL(e, CT_OVERFLOW, "a marker of basis lifting overflows int64");
    } else {
      run[j] = runs->n;
      runs->head[runs->n++] = *d;
      P[j] = 1;
    }
    if (A->shape.nd[j].v != 1) prev = j;
  }
  ct_l_copy(A1, A);
  ct_l_copy(A2, A);
  for (j = 0; j < A->stride.n; ++j) {
    ct_node *d1 = &A1->stride.nd[j], *d2 = &A2->stride.nd[j];
    if (d1->kind == CT_TUPLE) continue;
    d1->kind = d2->kind = CT_INT;
    d1->rank = d2->rank = 0;
    d1->path = d2->path = 0;
    d1->v = P[j];
    d2->v = 0;
    if (run[j] >= 0 && ct_mul_ovf((int64_t)(runs->n + 1 - run[j]), P[j], &d2->v))
      return CT_FAIL(e, CT_OVERFLOW, "a marker of basis lifting overflows int64");
  }
  return CT_OK;
}

CT_FN ct_code ct_lift_decode(const ct_layout *R1, const ct_layout *R2, const ct_lift *runs, ct_layout *out, ct_err *e) {
  int j;
  if (!ct_t_equal(&R1->shape, 0, &R2->shape, 0, 0) || !ct_t_congruent(&R1->stride, 0, &R2->stride, 0))
    return CT_FAIL(e, CT_ARG_TYPE, "basis lifting: the operation's results on the two markers differ in shape");
  ct_l_copy(out, R1);
  for (j = 0; j < out->stride.n; ++j) {
    ct_node *d = &out->stride.nd[j];
    int64_t r1 = R1->stride.nd[j].v, r2 = R2->stride.nd[j].v, h, c;
    const ct_node *head;
    if (d->kind == CT_TUPLE) continue;
    if (r1 == 0) {
      if (r2 != 0) return CT_FAIL(e, CT_ARG_TYPE, "basis lifting: a stride is 0 on one marker only");
      continue; /* the zero of the codomain: an integer 0 */
    }
    if (r2 % r1 != 0) return CT_FAIL(e, CT_ARG_TYPE, "basis lifting: stride %lld does not name a run", (long long)r1);
    h = r2 / r1;
    c = (int64_t)runs->n + 1 - h;
    if (c < 0 || c >= runs->n) return CT_FAIL(e, CT_ARG_TYPE, "basis lifting: stride %lld does not name a run", (long long)r1);
    head = &runs->head[c];
    if (ct_mul_ovf(r1, head->v, &d->v)) return CT_FAIL(e, CT_OVERFLOW, "a stride of the result overflows int64");
    d->kind = head->kind;
    d->rank = head->kind == CT_BASIS ? head->rank : 0;
    d->path = head->kind == CT_BASIS ? head->path : 0;
    d->stat = (uint8_t)(d->stat && head->stat);
  }
  return CT_OK;
}

/* The integer reference's operation (a switch: device code calls it). */
CT_FN static ct_code ct_lift_run(ct_lift_op op, const ct_layout *A, const ct_layout *B, const ct_tuple *profile,
                                 ct_layout *out, ct_err *e) {
  switch (op) {
  case CT_LIFT_COALESCE: return ct_coalesce(A, out, e);
  case CT_LIFT_COALESCE_PROFILE: return ct_coalesce_profile(A, profile, out, e);
  case CT_LIFT_FILTER_ZEROS: return ct_filter_zeros(A, out, e);
  case CT_LIFT_FILTER: return ct_filter(A, out, e);
  case CT_LIFT_COMPOSITION: return ct_composition(A, B, out, e);
  case CT_LIFT_COMPOSITION_TILER: return ct_composition_tiler(A, B, out, e);
  case CT_LIFT_LOGICAL_DIVIDE: return ct_logical_divide(A, B, out, e);
  case CT_LIFT_LOGICAL_DIVIDE_TILER: return ct_logical_divide_tiler(A, B, out, e);
  case CT_LIFT_ZIPPED_DIVIDE: return ct_zipped_divide(A, B, out, e);
  case CT_LIFT_TILED_DIVIDE: return ct_tiled_divide(A, B, out, e);
  case CT_LIFT_FLAT_DIVIDE: return ct_flat_divide(A, B, out, e);
  }
  return CT_FAIL(e, CT_ARG_TYPE, "no such lifted operation");
}

/* L's component on the path of q: the integer layout whose stride is v where
 * L's is v@q, and 0 elsewhere (an integer 0 included). */
CT_FN static void ct_component(const ct_layout *L, const ct_node *q, ct_layout *P) {
  int j;
  ct_l_copy(P, L);
  for (j = 0; j < P->stride.n; ++j) {
    ct_node *d = &P->stride.nd[j];
    if (d->kind == CT_TUPLE) continue;
    if (d->kind != CT_BASIS || !ct_basis_same_path(d, q)) d->v = 0;
    d->kind = CT_INT;
    d->rank = 0;
    d->path = 0;
  }
}

/* BASIS-LIFT-CHECK (conservative; BASIS-EXACT decides its rejections of
 * composition below). The markers stand for independent directions only while
 * the integer operation's strides are multiples of one run's; the exact
 * composition (COMP-EXACT) also answers sums over several modes, e.g.
 * (3,1,2):(1@0,1@1,1@2) o 2:4 needs the stride 1@0 + 1@2. So for the
 * operations that compose, each path's component is computed on its own by
 * the integer reference and must equal, as a function (coalesced), the
 * decoded answer's component; a component's rejection is the answer's (a
 * projection of an answer answers the component). The decoded strides take
 * their paths from A's runs (ct_lift_decode), so no other path can occur. */
CT_FN static ct_code ct_lift_check(ct_lift_op op, const ct_layout *A, const ct_layout *B, const ct_layout *R, ct_err *e) {
  ct_layout Ap, Rp, Dp, c1, c2;
  int j, k;
  if (op == CT_LIFT_COALESCE || op == CT_LIFT_COALESCE_PROFILE || op == CT_LIFT_FILTER_ZEROS || op == CT_LIFT_FILTER)
    return CT_OK; /* the markers merge exactly where A's strides do (BASIS-LIFT) */
  for (j = 0; j < A->stride.n; ++j) {
    const ct_node *q = &A->stride.nd[j];
    if (q->kind != CT_BASIS) continue;
    for (k = 0; k < j; ++k) /* each path once */
      if (A->stride.nd[k].kind == CT_BASIS && ct_basis_same_path(&A->stride.nd[k], q)) break;
    if (k < j) continue;
    ct_component(A, q, &Ap);
    CT_TRY(ct_lift_run(op, &Ap, B, 0, &Rp, e));
    ct_component(R, q, &Dp);
    CT_TRY(ct_coalesce(&Rp, &c1, e));
    CT_TRY(ct_coalesce(&Dp, &c2, e));
    if (!ct_t_equal(&c1.shape, 0, &c2.shape, 0, 0) || !ct_t_equal(&c1.stride, 0, &c2.stride, 0, 0))
      return CT_FAIL(e, CT_BASIS_MISMATCH,
                     "the answer would need a stride that is a sum of basis elements of different paths "
                     "(spec/basis.md, BASIS-LIFT-CHECK)");
  }
  return CT_OK;
}

/* Inserts x into the ascending list u (n entries, at most cap), once. */
CT_FN static void ct_cut_insert(int64_t *u, int *n, int cap, int64_t x) {
  int k, j;
  for (k = 0; k < *n && u[k] < x; ++k) {
  }
  if ((k < *n && u[k] == x) || *n >= cap) return;
  for (j = *n; j > k; --j) u[j] = u[j - 1];
  u[k] = x;
  *n += 1;
}

/* The modes of leaf s:d of B in the answer (BASIS-EXACT): the cuts of every
 * path's component A_p o s:d (the prefix products of its coalesced, canonical
 * form) must form one divisibility chain 1 = u_0 | u_1 | ... | u_m = s; mode
 * k is (u_{k+1}/u_k) : f(u_k) with f(i) = A(d*i), and f(u_k) must lie on one
 * path. Pushes the leaf's mode, or its tuple of modes, to out. */
CT_FN static ct_code ct_exact_leaf(const ct_layout *A, const int *heads, int np, const ct_node *sn, int64_t d,
                                   ct_layout *out, ct_err *e) {
  int64_t u[64], s = sn->v;
  int nu = 1, p, k, j, hs = -1, hd = -1;
  u[0] = 1;
  for (p = 0; p < np; ++p) {
    ct_layout Ap, Lb, Rl, C;
    int64_t pre = 1;
    ct_component(A, &A->stride.nd[heads[p]], &Ap);
    ct_l_set_int(&Lb, s, sn->stat, d, 1);
    CT_TRY(ct_composition(&Ap, &Lb, &Rl, e));
    CT_TRY(ct_coalesce(&Rl, &C, e));
    for (j = 0; j < C.shape.n; ++j) {
      if (C.shape.nd[j].kind != CT_INT) continue;
      if (ct_mul_ovf(pre, C.shape.nd[j].v, &pre)) return CT_FAIL(e, CT_OVERFLOW, "a cut overflows int64");
      if (pre < s) ct_cut_insert(u, &nu, 63, pre);
    }
  }
  if (s > 1) ct_cut_insert(u, &nu, 64, s);
  for (k = 0; k + 1 < nu; ++k)
    if (u[k + 1] % u[k] != 0)
      return CT_FAIL(e, CT_BASIS_MISMATCH,
                     "the paths of A split a leaf of B at %lld and %lld, which no one layout can (spec/basis.md, "
                     "BASIS-EXACT)",
                     (long long)u[k], (long long)u[k + 1]);
  if (nu == 1) { /* a leaf of size 1 */
    CT_TRY(ct_t_push_int(&out->shape, s, sn->stat, e));
    return ct_t_push_int(&out->stride, 0, 1, e);
  }
  if (nu > 2) {
    CT_TRY(ct_t_open(&out->shape, &hs, e));
    CT_TRY(ct_t_open(&out->stride, &hd, e));
  }
  for (k = 0; k + 1 < nu; ++k) {
    int64_t x, v = 0, val = 0;
    int on = -1;
    if (ct_mul_ovf(d, u[k], &x)) return CT_FAIL(e, CT_OVERFLOW, "an index of A overflows int64");
    for (p = 0; p < np; ++p) {
      ct_layout Ap;
      ct_modes am;
      ct_ahat h;
      int st;
      ct_component(A, &A->stride.nd[heads[p]], &Ap);
      ct_comp_prepare(&Ap, &am, &st); /* Â_p, as A_p o B reads it (COMP-EXT): x may be past size(A) */
      if (!ct_ahat_init(&am, &h)) return CT_FAIL(e, CT_CAPACITY, "composition: A has more than %d modes", CT_COMP_MODES);
      if (!ct_ahat_at(&h, x, &v)) return CT_FAIL(e, CT_OVERFLOW, "a value of A overflows int64");
      if (v == 0) continue;
      if (on >= 0)
        return CT_FAIL(e, CT_BASIS_MISMATCH,
                       "the answer would need a stride that is a sum of basis elements of different paths "
                       "(spec/basis.md, BASIS-EXACT)");
      on = p;
      val = v;
    }
    CT_TRY(ct_t_push_int(&out->shape, u[k + 1] / u[k], nu == 2 ? sn->stat : 0, e));
    if (on < 0) {
      CT_TRY(ct_t_push_int(&out->stride, 0, 0, e));
    } else {
      const ct_node *q = &A->stride.nd[heads[on]];
      int path[CT_BASIS_DEPTH];
      for (j = 0; j < q->rank; ++j) path[j] = ct_basis_index(q, j);
      CT_TRY(ct_t_push_basis(&out->stride, val, 0, path, q->rank, e));
    }
  }
  if (nu > 2) {
    CT_TRY(ct_t_close(&out->shape, hs, e));
    CT_TRY(ct_t_close(&out->stride, hd, e));
  }
  return CT_OK;
}

/* BASIS-EXACT: composition(A, B) for a basis-strided A and an integer B with
 * strides >= 0, decided exactly. An answer's component on each path p is an
 * answer of the integer composition A_p o B (exact, COMP-8), so a rejected
 * component rejects the input with its code; else the answer exists exactly
 * when, leaf by leaf, the components' cuts form one chain and each mode of
 * that common refinement moves along one path (ct_exact_leaf). */
CT_FN static ct_code ct_exact_composition(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e) {
  int heads[CT_MAX_NODES], np = 0, j, k, s;
  ct_layout r;
  ct_walker w;
  for (j = 0; j < A->stride.n; ++j) { /* each path once */
    const ct_node *q = &A->stride.nd[j];
    if (q->kind != CT_BASIS) continue;
    for (k = 0; k < np; ++k)
      if (ct_basis_same_path(&A->stride.nd[heads[k]], q)) break;
    if (k == np) heads[np++] = j;
  }
  for (k = 0; k < np; ++k) {
    ct_layout Ap, Rp;
    ct_component(A, &A->stride.nd[heads[k]], &Ap);
    CT_TRY(ct_composition(&Ap, B, &Rp, e));
  }
  ct_t_clear(&r.shape);
  ct_t_clear(&r.stride);
  ct_walk_begin(&w, &B->shape, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    CT_TRY(ct_walk_rebuild_layout(&w, s, &r, 0, e));
    if (s == CT_WALK_LEAF) CT_TRY(ct_exact_leaf(A, heads, np, &B->shape.nd[w.at], B->stride.nd[w.at].v, &r, e));
  }
  *out = r;
  return CT_OK;
}

CT_FN ct_code ct_lifted(ct_lift_op op, const ct_layout *A, const ct_layout *B, const ct_tuple *profile, ct_layout *out,
                        ct_err *e) {
  ct_layout A1, A2, R1, R2;
  ct_lift runs;
  ct_code rc;
  int j;
  if (B && ct_l_has_basis(B))
    return CT_FAIL(e, CT_ARG_TYPE, "the second operand has basis strides (spec/basis.md: only composition takes them)");
  if (!ct_l_has_basis(A)) return ct_lift_run(op, A, B, profile, out, e);
  rc = ct_lift_markers(A, &A1, &A2, &runs, e);
  if (rc == CT_OK) rc = ct_lift_run(op, &A1, B, profile, &R1, e);
  if (rc == CT_OK) rc = ct_lift_run(op, &A2, B, profile, &R2, e);
  if (rc == CT_OK) rc = ct_lift_decode(&R1, &R2, &runs, out, e);
  if (rc == CT_OK) rc = ct_lift_check(op, A, B, out, e);
  if (rc == CT_OK || (op != CT_LIFT_COMPOSITION && op != CT_LIFT_COMPOSITION_TILER)) return rc;
  /* BASIS-EXACT: the stand-ins rejected; decide exactly, for a B that is a
   * layout (no `<...>`, no `_`) with strides >= 0 */
  for (j = 0; j < B->stride.n; ++j) {
    const ct_node *x = &B->shape.nd[j], *y = &B->stride.nd[j];
    if (x->mark || y->mark || x->kind == CT_ALL || y->kind == CT_ALL || (y->kind == CT_INT && y->v < 0)) return rc;
  }
  return ct_exact_composition(A, B, out, e);
}

/* B_q: B's leaves whose stride has path q, as a flat tuple (s_k):(v_k). */
CT_FN static ct_code ct_leaves_on(const ct_layout *B, const ct_node *q, ct_layout *out, ct_err *e) {
  int j, hs, hd;
  ct_t_clear(&out->shape);
  ct_t_clear(&out->stride);
  CT_TRY(ct_t_open(&out->shape, &hs, e));
  CT_TRY(ct_t_open(&out->stride, &hd, e));
  for (j = 0; j < B->stride.n; ++j) {
    const ct_node *d = &B->stride.nd[j];
    if (d->kind != CT_BASIS || !ct_basis_same_path(d, q)) continue;
    CT_TRY(ct_t_push_int(&out->shape, B->shape.nd[j].v, B->shape.nd[j].stat, e));
    CT_TRY(ct_t_push_int(&out->stride, d->v, d->stat, e));
  }
  CT_TRY(ct_t_close(&out->shape, hs, e));
  return ct_t_close(&out->stride, hd, e);
}

/* R_q = layout<q>(A) o B_q (BASIS-COMP). */
CT_FN static ct_code ct_compose_on(const ct_layout *A, const ct_layout *B, const ct_node *q, ct_layout *R, ct_err *e) {
  int path[CT_BASIS_DEPTH], k;
  ct_layout Aq, Bq;
  for (k = 0; k < q->rank; ++k) path[k] = ct_basis_index(q, k);
  CT_TRY(ct_l_mode(A, path, q->rank, &Aq, e));
  CT_TRY(ct_leaves_on(B, q, &Bq, e));
  return ct_lifted(CT_LIFT_COMPOSITION, &Aq, &Bq, 0, R, e);
}

CT_FN ct_code ct_basis_composition(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e) {
  ct_layout r, Rq;
  ct_node cached; /* the path whose R_q is in Rq */
  ct_walker w;
  int j, k, s, have = 0;
  if (!ct_l_has_basis(B)) return ct_lifted(CT_LIFT_COMPOSITION, A, B, 0, out, e);
  ct_t_clear(&r.shape);
  ct_t_clear(&r.stride);
  cached.rank = 0;
  cached.path = 0;
  ct_walk_begin(&w, &B->shape, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    const ct_node *sn = &B->shape.nd[w.at], *dn = &B->stride.nd[w.at];
    j = w.at;
    CT_TRY(ct_walk_rebuild_layout(&w, s, &r, 0, e));
    if (s != CT_WALK_LEAF) continue;
    if (dn->kind != CT_BASIS) { /* an integer 0 (BASIS-WF): s:0 */
      CT_TRY(ct_t_push_int(&r.shape, sn->v, sn->stat, e));
      CT_TRY(ct_t_push_int(&r.stride, 0, dn->stat, e));
    } else {
      int pos = 0, i;
      for (i = 0; i < j; ++i) /* its place among the leaves of its path */
        if (B->stride.nd[i].kind == CT_BASIS && ct_basis_same_path(&B->stride.nd[i], dn)) ++pos;
      if (!have || !ct_basis_same_path(&cached, dn)) {
        CT_TRY(ct_compose_on(A, B, dn, &Rq, e));
        cached = *dn;
        have = 1;
      }
      k = ct_t_child(&Rq.shape, 0, pos);
      CT_TRY(ct_t_push_sub(&r.shape, &Rq.shape, k, e));
      CT_TRY(ct_t_push_sub(&r.stride, &Rq.stride, k, e));
    }
  }
  ct_l_copy(out, &r);
  return CT_OK;
}
