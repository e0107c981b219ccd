/* coalesce.c -- spec/coalesce.md. */
#include "coalesce.h"
#include "basis.h"
#include "ct_arith.h"

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

/* Walks L and the profile together: at a profile leaf the whole sub-layout is
 * coalesced into one mode; at a profile tuple the structure is kept, and the
 * modes of L past the profile's rank are kept as they are (COAL-6, as CuTe's
 * transform_layout does). A one-mode profile tuple over a leaf of L reads
 * the leaf as its one-mode tuple (EQUIV-2), as the CuTe DSL does.
 * Recursive: it writes what it was handed through the _ext primitives (inttuple.h). */
CT_FN static ct_code ct_coal_rec(const ct_layout *L, int il, const ct_tuple *p, int ip, ct_layout *out, ct_err *e) {
  if (p->nd[ip].kind != CT_TUPLE) {
    ct_modes m, c;
    ct_modes_of(L, il, &m);
    ct_coalesce_modes(&m, &c);
    return ct_modes_push_to(&c, out, e);
  }
  if (L->shape.nd[il].kind != CT_TUPLE && p->nd[ip].rank == 1) {
    int hs, hd;
    CT_TRY(ct_t_open_ext(&out->shape, &hs, e));
    CT_TRY(ct_t_open_ext(&out->stride, &hd, e));
    CT_TRY(ct_coal_rec(L, il, p, ct_t_child(p, ip, 0), out, e));
    CT_TRY(ct_t_close_ext(&out->shape, hs, e));
    return ct_t_close_ext(&out->stride, hd, e);
  }
  if (L->shape.nd[il].kind != CT_TUPLE || L->shape.nd[il].rank < p->nd[ip].rank)
    return CT_FAIL(e, CT_BAD_PROFILE, "the profile has a tuple where the shape has a leaf or fewer modes");
  {
    int k, hs, hd;
    CT_TRY(ct_t_open_ext(&out->shape, &hs, e));
    CT_TRY(ct_t_open_ext(&out->stride, &hd, e));
    for (k = 0; k < p->nd[ip].rank; ++k)
      CT_TRY(ct_coal_rec(L, ct_t_child(&L->shape, il, k), p, ct_t_child(p, ip, k), out, e));
    for (; k < L->shape.nd[il].rank; ++k) { /* past the profile: as they are */
      int c = ct_t_child(&L->shape, il, k);
      CT_TRY(ct_t_push_sub_ext(&out->shape, &L->shape, c, e));
      CT_TRY(ct_t_push_sub_ext(&out->stride, &L->stride, c, e));
    }
    CT_TRY(ct_t_close_ext(&out->shape, hs, e));
    return ct_t_close_ext(&out->stride, hd, e);
  }
}

CT_FN ct_code ct_coalesce_profile(const ct_layout *L, const ct_tuple *profile, ct_layout *out, ct_err *e) {
  ct_layout r;
  ct_t_clear(&r.shape);
  ct_t_clear(&r.stride);
  CT_TRY(ct_coal_rec(L, 0, profile, 0, &r, e));
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

/* The shape with size-1 leaves removed and one-element tuples unwrapped,
 * compared structurally.
 * Recursive: it writes what it was handed through the _ext primitives (inttuple.h). */
CT_FN static ct_code ct_profile_rec(const ct_tuple *t, int i, ct_tuple *out, ct_err *e) {
  if (t->nd[i].kind != CT_TUPLE) {
    if (t->nd[i].kind == CT_INT && t->nd[i].v == 1) return CT_OK;
    return ct_t_push_int_ext(out, t->nd[i].v, 0, e);
  }
  {
    int k, hdr, before = out->n, kept = 0;
    CT_TRY(ct_t_open_ext(out, &hdr, e));
    for (k = 0; k < t->nd[i].rank; ++k) {
      int n0 = out->n;
      CT_TRY(ct_profile_rec(t, ct_t_child(t, i, k), out, e));
      if (out->n > n0) ++kept;
    }
    if (kept == 0) { out->n = before; return CT_OK; }
    CT_TRY(ct_t_close_ext(out, hdr, e));
    if (kept == 1) { /* unwrap (x) to x: shift the child over the header */
      int j;
      for (j = hdr; j + 1 < out->n; ++j) out->nd[j] = out->nd[j + 1];
      --out->n;
    }
    return CT_OK;
  }
}

CT_FN int ct_t_compatible_loose(const ct_tuple *a, const ct_tuple *b) {
  ct_tuple pa, pb;
  ct_err e;
  ct_t_clear(&pa);
  ct_t_clear(&pb);
  if (ct_profile_rec(a, 0, &pa, &e) != CT_OK || ct_profile_rec(b, 0, &pb, &e) != CT_OK) return 0;
  if (pa.n == 0 || pb.n == 0) return pa.n == pb.n;
  return ct_t_compatible(&pa, 0, &pb, 0);
}

CT_FN int ct_l_equivalent(const ct_layout *a, const ct_layout *b) {
  return ct_l_same_function(a, b) &&
         (ct_t_compatible_loose(&a->shape, &b->shape) || ct_t_compatible_loose(&b->shape, &a->shape));
}
