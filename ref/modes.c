/* modes.c -- flat mode lists (see modes.h). */
#include "modes.h"

CT_FN void ct_modes_of(const ct_layout *L, int il, ct_modes *m) {
  /* the count and the end in locals: a store to a mode's byte fields may
   * alias them, so the compiler would reload both at every leaf */
  int j, n = 0, end = il + L->shape.nd[il].span;
  for (j = il; j < end; ++j) {
    if (L->shape.nd[j].kind != CT_INT) continue;
    if (n < CT_MAX_NODES) m->m[n++] = ct_mode_of(&L->shape.nd[j], &L->stride.nd[j]);
  }
  m->n = n;
}

CT_FN void ct_modes_push(ct_modes *m, int64_t s, int ss, int64_t d, int ds) {
  if (m->n >= CT_MAX_NODES) return; /* cannot happen: never more modes than nodes */
  m->m[m->n].s = s;
  m->m[m->n].d = d;
  m->m[m->n].ss = (uint8_t)(ss ? 1 : 0);
  m->m[m->n].ds = (uint8_t)(ds ? 1 : 0);
  m->m[m->n].dk = CT_INT;
  m->m[m->n].dn = 0;
  m->m[m->n].dp = 0;
  ++m->n;
}

/* The stride of a mode as a leaf: an integer, or a basis stride d@path. */
CT_FN static ct_code ct_mode_push_stride(const ct_mode *x, ct_tuple *t, ct_err *e) {
  CT_TRY(ct_t_push_int(t, x->d, x->ds, e));
  if (x->dk == CT_BASIS) {
    t->nd[t->n - 1].kind = CT_BASIS;
    t->nd[t->n - 1].rank = x->dn;
    t->nd[t->n - 1].path = x->dp;
  }
  return CT_OK;
}

CT_FN ct_code ct_modes_push_to(const ct_modes *m, ct_layout *out, ct_err *e) {
  int k, hs, hd;
  if (m->n == 0) {
    CT_TRY(ct_t_push_int(&out->shape, 1, 1, e));
    return ct_t_push_int(&out->stride, 0, 1, e);
  }
  if (m->n == 1) {
    CT_TRY(ct_t_push_int(&out->shape, m->m[0].s, m->m[0].ss, e));
    return ct_mode_push_stride(&m->m[0], &out->stride, e);
  }
  CT_TRY(ct_t_open(&out->shape, &hs, e));
  CT_TRY(ct_t_open(&out->stride, &hd, e));
  for (k = 0; k < m->n; ++k) {
    CT_TRY(ct_t_push_int(&out->shape, m->m[k].s, m->m[k].ss, e));
    CT_TRY(ct_mode_push_stride(&m->m[k], &out->stride, e));
  }
  CT_TRY(ct_t_close(&out->shape, hs, e));
  return ct_t_close(&out->stride, hd, e);
}

CT_FN ct_code ct_modes_to_layout(const ct_modes *m, ct_layout *out, ct_err *e) {
  ct_t_clear(&out->shape);
  ct_t_clear(&out->stride);
  return ct_modes_push_to(m, out, e);
}
