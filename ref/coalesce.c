/* coalesce.c -- spec/coalesce.md. */
#include "coalesce.h"
#include "basis.h"
#include "ct_arith.h"
#include "walk.h"

/* COAL-ALG: drop size-1 modes; merge s0:d0 ++ s1:s0*d0 into s0*s1:d0. Both
 * rewrites keep the function on [0, size), and the result is canonical:
 * the first mode's stride is L(1), its size the first i with
 * L(i) != i*L(1), and so on. */
CT_FN void ct_coalesce_modes(const ct_modes *in, ct_modes *out) {
  int k;
  out->n = 0;
  for (k = 0; k < in->n; ++k) {
    int64_t span, merged;
    if (in->m[k].s == 1) continue;
    if (out->n > 0) {
      int t = out->n - 1;
      if (!ct_mul_ovf(out->m[t].s, out->m[t].d, &span) && span == in->m[k].d && !ct_mul_ovf(out->m[t].s, in->m[k].s, &merged)) {
        out->m[t].s = merged;
        out->m[t].ss = (uint8_t)(out->m[t].ss && in->m[k].ss);
        continue;
      }
    }
    ct_modes_push(out, in->m[k].s, in->m[k].ss, in->m[k].d, in->m[k].ds);
  }
}

CT_FN ct_code ct_coalesce(const ct_layout *L, ct_layout *out, ct_err *e) {
  ct_modes m, c;
  ct_modes_of(L, 0, &m);
  ct_coalesce_modes(&m, &c);
  return ct_modes_to_layout(&c, out, e);
}

/* Walks the profile with L's shape as its partner: at a profile leaf the
 * whole sub-layout is coalesced into one mode; at a profile tuple the
 * structure is kept, and the modes of L past the profile's rank are kept as
 * they are (COAL-6, as CuTe's transform_layout does). A one-mode profile
 * tuple over a leaf of L reads the leaf as its one-mode tuple (EQUIV-2), as
 * the CuTe DSL does. */
CT_FN static ct_code ct_coal_by_profile(const ct_layout *L, const ct_tuple *p, ct_layout *out, ct_err *e) {
  ct_walker w;
  int s;
  ct_walk_begin_pair(&w, p, 0, &L->shape, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    int il = w.pair, rp = p->nd[w.at].rank;
    if (s == CT_WALK_LEAF) {
      ct_modes m, c;
      ct_modes_of(L, il, &m);
      ct_coalesce_modes(&m, &c);
      CT_TRY(ct_modes_push_to(&c, out, e));
      continue;
    }
    if (s == CT_WALK_OPEN && (L->shape.nd[il].kind != CT_TUPLE ? rp != 1 : L->shape.nd[il].rank < rp))
      return CT_FAIL(e, CT_BAD_PROFILE, "the profile has a tuple where the shape has a leaf or fewer modes");
    if (s == CT_WALK_CLOSE && L->shape.nd[il].kind == CT_TUPLE) {
      int k;
      for (k = rp; k < L->shape.nd[il].rank; ++k) { /* past the profile: as they are */
        int c = ct_t_child(&L->shape, il, k);
        CT_TRY(ct_t_push_sub(&out->shape, &L->shape, c, e));
        CT_TRY(ct_t_push_sub(&out->stride, &L->stride, c, e));
      }
    }
    CT_TRY(ct_walk_rebuild_layout(&w, s, out, 0, e));
  }
  return CT_OK;
}

CT_FN ct_code ct_coalesce_profile(const ct_layout *L, const ct_tuple *profile, ct_layout *out, ct_err *e) {
  ct_layout r;
  ct_t_clear(&r.shape);
  ct_t_clear(&r.stride);
  CT_TRY(ct_coal_by_profile(L, profile, &r, e));
  ct_l_copy(out, &r);
  return CT_OK;
}

CT_FN ct_code ct_filter_zeros(const ct_layout *L, ct_layout *out, ct_err *e) {
  int j;
  (void)e;
  ct_l_copy(out, L);
  for (j = 0; j < out->shape.n; ++j)
    if (out->shape.nd[j].kind == CT_INT && out->stride.nd[j].v == 0) {
      out->shape.nd[j].v = 1;
      out->shape.nd[j].stat = 1;
      out->stride.nd[j].stat = 1;
    }
  return CT_OK;
}

CT_FN ct_code ct_filter(const ct_layout *L, ct_layout *out, ct_err *e) {
  ct_layout z;
  CT_TRY(ct_filter_zeros(L, &z, e));
  return ct_coalesce(&z, out, e);
}

CT_FN int ct_l_same_function(const ct_layout *a, const ct_layout *b) {
  ct_modes ma, mb, ca, cb;
  int k;
  if (ct_t_has_basis(&a->stride, 0) || ct_t_has_basis(&b->stride, 0)) return ct_basis_same_function(a, b);
  ct_modes_of(a, 0, &ma);
  ct_modes_of(b, 0, &mb);
  ct_coalesce_modes(&ma, &ca);
  ct_coalesce_modes(&mb, &cb);
  if (ca.n != cb.n) return 0;
  for (k = 0; k < ca.n; ++k)
    if (ca.m[k].s != cb.m[k].s || ca.m[k].d != cb.m[k].d) return 0;
  return 1;
}

/* The shape with size-1 leaves removed and the tuples left with no element
 * dropped or with one unwrapped, compared structurally. */
CT_FN static ct_code ct_profile_of(const ct_tuple *t, ct_tuple *out, ct_err *e) {
  ct_walker w;
  int s;
  ct_t_clear(out);
  ct_walk_begin(&w, t, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    const ct_node *nd = &t->nd[w.at];
    int hdr, j;
    if (s == CT_WALK_LEAF) {
      if (nd->kind == CT_INT && nd->v == 1) continue;
      CT_TRY(ct_t_push_int(out, nd->v, 0, e));
      continue;
    }
    CT_TRY(ct_walk_rebuild(&w, s, out, 0, e));
    if (s == CT_WALK_OPEN) continue;
    hdr = ct_walk_header(&w, 0);
    if (out->nd[hdr].rank == 0) { /* nothing kept: drop the tuple */
      out->n = hdr;
    } else if (out->nd[hdr].rank == 1) { /* unwrap (x) to x: shift the child over the header */
      for (j = hdr; j + 1 < out->n; ++j) out->nd[j] = out->nd[j + 1];
      --out->n;
    }
  }
  return CT_OK;
}

CT_FN int ct_t_compatible_loose(const ct_tuple *a, const ct_tuple *b) {
  ct_tuple pa, pb;
  ct_err e;
  if (ct_profile_of(a, &pa, &e) != CT_OK || ct_profile_of(b, &pb, &e) != CT_OK) return 0;
  if (pa.n == 0 || pb.n == 0) return pa.n == pb.n;
  return ct_t_compatible(&pa, 0, &pb, 0);
}

CT_FN int ct_l_equivalent(const ct_layout *a, const ct_layout *b) {
  return ct_l_same_function(a, b) &&
         (ct_t_compatible_loose(&a->shape, &b->shape) || ct_t_compatible_loose(&b->shape, &a->shape));
}
