/* recast.c -- spec/recast.md. */
#include "recast.h"
#include "construct.h"
#include "ct_arith.h"
#include "inverse.h"
#include "divide.h"
#include "coalesce.h"

CT_FN ct_code ct_recast_layout(const ct_layout *L, int64_t old_bits, int64_t new_bits, ct_layout *out, ct_err *e) {
  int64_t g;
  ct_val u, d;
  ct_layout up;
  if (old_bits < 1 || new_bits < 1)
    return CT_FAIL(e, CT_ARG_TYPE, "recast_layout<%lld,%lld>: element sizes must be at least 1 bit", (long long)old_bits,
                   (long long)new_bits);
  g = ct_gcd(old_bits, new_bits); /* REC-1: the reduced ratio new/old = u/d */
  u.v = new_bits / g;
  d.v = old_bits / g;
  u.stat = d.stat = 1;
  if (u.v == 1 && d.v == 1) {
    *out = *L;
    return CT_OK;
  }
  if (u.v == 1) return ct_downcast(L, d, out, e);
  CT_TRY(ct_upcast(L, u, &up, e));
  if (d.v == 1) {
    *out = up;
    return CT_OK;
  }
  return ct_downcast(&up, d, out, e);
}

/* F of ALIGN-1: the flat layout of L's static part. */
CT_FN static ct_code ct_static_part(const ct_layout *L, ct_layout *F, ct_err *e) {
  int j, hs, hd;
  ct_t_clear(&F->shape);
  ct_t_clear(&F->stride);
  CT_TRY(ct_t_open(&F->shape, &hs, e));
  CT_TRY(ct_t_open(&F->stride, &hd, e));
  for (j = 0; j < L->shape.n; ++j) {
    const ct_node *s = &L->shape.nd[j], *d = &L->stride.nd[j];
    if (s->kind != CT_INT) continue;
    if (d->kind != CT_INT) return CT_FAIL(e, CT_ARG_TYPE, "max_alignment: the layout's strides must be integers");
    if (d->stat && d->v < 0)
      return CT_FAIL(e, CT_NEGATIVE_STRIDE, "max_alignment: stride %lld is negative", (long long)d->v);
    CT_TRY(ct_t_push_int(&F->shape, s->stat ? s->v : 1, 1, e));
    CT_TRY(ct_t_push_int(&F->stride, d->stat ? d->v : 0, 1, e));
  }
  CT_TRY(ct_t_close(&F->shape, hs, e));
  return ct_t_close(&F->stride, hd, e);
}

CT_FN ct_code ct_max_alignment(const ct_layout *L, ct_val *out, ct_err *e) {
  ct_layout F, RI, D, M, C;
  ct_val n;
  int j, path[1];
  int64_t g;
  CT_TRY(ct_static_part(L, &F, e));
  CT_TRY(ct_right_inverse(&F, &RI, e));
  CT_TRY(ct_l_size(&RI, &n, e));
  CT_TRY(ct_logical_divide(&F, &RI, &D, e)); /* (RI, its complement in size(F)) */
  path[0] = 1;
  CT_TRY(ct_l_mode(&D, path, 1, &M, e));
  CT_TRY(ct_coalesce(&M, &C, e));
  g = n.v; /* ALIGN-1: gcd(n, the rest's strides); gcd(n, 0) = n */
  for (j = 0; j < C.stride.n; ++j)
    if (C.stride.nd[j].kind == CT_INT) g = ct_gcd(g, C.stride.nd[j].v < 0 ? -C.stride.nd[j].v : C.stride.nd[j].v);
  out->v = g;
  out->stat = 1;
  return CT_OK;
}
