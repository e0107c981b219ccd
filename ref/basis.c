/* basis.c -- values, codomain and identity of basis-strided layouts
 * (spec/basis.md). */
#include "basis.h"
#include "coalesce.h"
#include "ct_arith.h"

CT_FN int ct_basis_same_path(const ct_node *a, const ct_node *b) { return a->rank == b->rank && a->path == b->path; }

CT_FN void ct_basis_paths(const ct_layout *L, ct_paths *out) {
  int j, k;
  out->n = 0;
  for (j = 0; j < L->stride.n; ++j) {
    const ct_node *d = &L->stride.nd[j];
    if (d->kind != CT_BASIS) continue;
    for (k = 0; k < out->n && !ct_basis_same_path(&out->p[k], d); ++k) continue;
    if (k == out->n && out->n < CT_MAX_NODES) {
      out->p[out->n] = *d;
      out->p[out->n].v = 1;
      out->p[out->n].stat = 1;
      ++out->n;
    }
  }
}

CT_FN void ct_basis_part(const ct_layout *L, const ct_node *p, ct_layout *out) {
  int j;
  ct_l_copy(out, L);
  for (j = 0; j < out->stride.n; ++j) {
    ct_node *d = &out->stride.nd[j];
    if (d->kind == CT_TUPLE) continue;
    if (d->kind == CT_BASIS && ct_basis_same_path(d, p)) {
      d->kind = CT_INT;
    } else { /* another coordinate's stride, or an integer 0 (BASIS-WF) */
      d->kind = CT_INT;
      d->v = 0;
      d->stat = 1;
    }
    d->rank = 0;
    d->path = 0;
  }
}

CT_FN int ct_basis_same_function(const ct_layout *a, const ct_layout *b) {
  ct_paths P;
  ct_layout pa, pb;
  int q, k;
  ct_basis_paths(a, &P);
  { /* the paths of b too */
    ct_paths Q;
    ct_basis_paths(b, &Q);
    for (k = 0; k < Q.n; ++k) {
      for (q = 0; q < P.n && !ct_basis_same_path(&P.p[q], &Q.p[k]); ++q) continue;
      if (q == P.n && P.n < CT_MAX_NODES) P.p[P.n++] = Q.p[k];
    }
  }
  if (P.n == 0) return ct_l_same_function(a, b);
  for (q = 0; q < P.n; ++q) {
    ct_basis_part(a, &P.p[q], &pa);
    ct_basis_part(b, &P.p[q], &pb);
    if (!ct_l_same_function(&pa, &pb)) return 0;
  }
  return 1;
}

CT_FN ct_code ct_make_identity_layout(const ct_tuple *shape, ct_layout *out, ct_err *e) {
  int end[CT_MAX_DEPTH + 2], next[CT_MAX_DEPTH + 2], top = 0, j, k;
  ct_layout r;
  for (j = 0; j < shape->n; ++j) {
    if (shape->nd[j].kind == CT_TUPLE) continue;
    if (shape->nd[j].kind != CT_INT) return CT_FAIL(e, CT_ARG_TYPE, "make_identity_layout: `_` in the shape");
    if (shape->nd[j].v <= 0)
      return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "make_identity_layout: shape entry %lld is not positive",
                     (long long)shape->nd[j].v);
  }
  ct_t_sub(shape, 0, &r.shape);
  ct_t_clear(&r.stride);
  if (shape->nd[0].kind == CT_INT) { /* an integer shape: E<> is _1 */
    ct_l_set_int(out, shape->nd[0].v, shape->nd[0].stat, 1, 1);
    return CT_OK;
  }
  /* Preorder walk; the stack holds each open tuple's end and its next child
   * index, so a leaf's path is the stack's indices (BASIS-ID). */
  for (j = 0; j < r.shape.n; ++j) {
    const ct_node *s = &r.shape.nd[j];
    while (top > 0 && j >= end[top - 1]) --top;
    if (top > 0) ++next[top - 1];
    if (s->kind == CT_TUPLE) {
      ct_node h = *s;
      h.stat = 0;
      if (r.stride.n >= CT_MAX_NODES) return CT_FAIL(e, CT_CAPACITY, "more than %d nodes", CT_MAX_NODES);
      r.stride.nd[r.stride.n++] = h;
      end[top] = j + s->span;
      next[top++] = -1;
    } else {
      int path[CT_MAX_DEPTH + 2];
      if (top > CT_BASIS_DEPTH)
        return CT_FAIL(e, CT_DEPTH_LIMIT, "make_identity_layout: a leaf at depth %d (basis paths have at most %d indices)",
                       top, CT_BASIS_DEPTH);
      for (k = 0; k < top; ++k) path[k] = next[k];
      CT_TRY(ct_t_push_basis(&r.stride, 1, 1, path, top, e));
    }
  }
  ct_l_copy(out, &r);
  return CT_OK;
}

/* The codomain tuple of the paths: `hit` where a path ends, `miss` at every
 * other coordinate; ranks are 1 + the largest index used at each level. No
 * path is a prefix of another (BASIS-WF), so each position is a leaf or a
 * tuple. Three nested levels at most (CT_BASIS_DEPTH), so no recursion. */
CT_FN static ct_code ct_codomain(const ct_paths *P, int64_t hit, int64_t miss, ct_tuple *out, ct_err *e) {
  int lvl[CT_BASIS_DEPTH], k, q, h[CT_BASIS_DEPTH];
  ct_t_clear(out);
  /* A position is given by its first `len` indices in lvl[]: visit them in
   * order with an odometer over the levels. */
  {
    int len = 0, r[CT_BASIS_DEPTH];
    lvl[0] = 0;
    r[0] = 0;
    for (q = 0; q < P->n; ++q)
      if (ct_basis_index(&P->p[q], 0) + 1 > r[0]) r[0] = ct_basis_index(&P->p[q], 0) + 1;
    CT_TRY(ct_t_open(out, &h[0], e));
    len = 1;
    while (len > 0) {
      int at = len - 1, leaf = 0, deeper = 0, rr = 0;
      if (lvl[at] >= r[at]) { /* this tuple is complete */
        CT_TRY(ct_t_close(out, h[at], e));
        --len;
        if (len > 0) ++lvl[len - 1];
        continue;
      }
      for (q = 0; q < P->n; ++q) { /* the paths through this position */
        const ct_node *p = &P->p[q];
        int match = p->rank >= len;
        for (k = 0; k < len && match; ++k) match = ct_basis_index(p, k) == lvl[k];
        if (!match) continue;
        if (p->rank == len) leaf = 1;
        else {
          deeper = 1;
          if (ct_basis_index(p, len) + 1 > rr) rr = ct_basis_index(p, len) + 1;
        }
      }
      if (deeper && len < CT_BASIS_DEPTH) {
        CT_TRY(ct_t_open(out, &h[len], e));
        r[len] = rr;
        lvl[len++] = 0;
        continue;
      }
      CT_TRY(ct_t_push_int(out, leaf ? hit : miss, 1, e));
      ++lvl[at];
    }
  }
  return CT_OK;
}

/* The node of out at path p (a basis leaf's path). */
CT_FN static int ct_codomain_at(const ct_tuple *out, const ct_node *p) {
  int k, i = 0;
  for (k = 0; k < p->rank && i >= 0; ++k) i = ct_t_mode(out, i, ct_basis_index(p, k));
  return i;
}

CT_FN ct_code ct_coprofile(const ct_layout *L, ct_tuple *out, ct_err *e) {
  ct_paths P;
  ct_basis_paths(L, &P);
  if (P.n == 0) {
    ct_t_set_int(out, 0, 1);
    return CT_OK;
  }
  return ct_codomain(&P, 0, 0, out, e);
}

CT_FN ct_code ct_coshape(const ct_layout *L, ct_tuple *out, ct_err *e) {
  ct_paths P;
  ct_layout part;
  ct_val c;
  int q;
  ct_basis_paths(L, &P);
  if (P.n == 0) {
    CT_TRY(ct_l_cosize(L, &c, e));
    ct_t_set_int(out, c.v, c.stat);
    return CT_OK;
  }
  CT_TRY(ct_codomain(&P, 1, 1, out, e));
  for (q = 0; q < P.n; ++q) { /* BASIS-COSHAPE: the cosize of each part */
    int at = ct_codomain_at(out, &P.p[q]);
    ct_basis_part(L, &P.p[q], &part);
    CT_TRY(ct_l_cosize(&part, &c, e));
    out->nd[at].v = c.v;
    out->nd[at].stat = (uint8_t)c.stat;
  }
  return CT_OK;
}

CT_FN ct_code ct_basis_cosize(const ct_layout *L, ct_val *out, ct_err *e) {
  ct_tuple c;
  if (!ct_l_has_basis(L)) return ct_l_cosize(L, out, e);
  CT_TRY(ct_coshape(L, &c, e));
  return ct_t_product(&c, 0, out, e);
}

CT_FN ct_code ct_basis_eval(const ct_tuple *c, const ct_layout *L, ct_tuple *out, ct_err *e) {
  ct_paths P;
  ct_layout part;
  ct_val v;
  int q;
  if (ct_t_has_all(c, 0)) return CT_FAIL(e, CT_ARG_TYPE, "`_` in a coordinate: use slice");
  ct_basis_paths(L, &P);
  if (P.n == 0) {
    CT_TRY(ct_crd2idx(c, L, &v, e));
    ct_t_set_int(out, v.v, v.stat);
    return CT_OK;
  }
  CT_TRY(ct_codomain(&P, 0, 0, out, e));
  for (q = 0; q < P.n; ++q) { /* BASIS-EVAL: coordinate p of L(c) is part_p(c) */
    int at = ct_codomain_at(out, &P.p[q]);
    ct_basis_part(L, &P.p[q], &part);
    CT_TRY(ct_crd2idx(c, &part, &v, e));
    out->nd[at].v = v.v;
    out->nd[at].stat = (uint8_t)v.stat;
  }
  return CT_OK;
}
