/* tv_fit.c -- a function of (thread, value) fitted as a layout of a given
 * shape, and checked at every point (spec/mma.md, MMA-DEF, MMA-3). */
#include "tv_fit.h"

CT_FN static int ct_tv_prod(const int *s, int n) {
  int p = 1, j;
  for (j = 0; j < n; ++j) p *= s[j];
  return p;
}

CT_FN int ct_tv_threads(const ct_mma_frag *f) { return ct_tv_prod(f->tshape, f->nt); }
CT_FN int ct_tv_values(const ct_mma_frag *f) { return ct_tv_prod(f->vshape, f->nv); }

/* One mode of n leaves: an integer (n == 1) or a tuple, static entries. */
CT_FN static ct_code ct_tv_mode(ct_tuple *t, const int64_t *v, int n, ct_err *e) {
  int hdr, j;
  if (n == 1) return ct_t_push_int(t, v[0], 1, e);
  CT_TRY(ct_t_open(t, &hdr, e));
  for (j = 0; j < n; ++j) CT_TRY(ct_t_push_int(t, v[j], 1, e));
  return ct_t_close(t, hdr, e);
}

/* The strides: f at each leaf's unit coordinate, (t, 0) or (0, v). */
CT_FN static void ct_tv_strides(const ct_mma_frag *f, int64_t *dt, int64_t *dv) {
  int j, unit = 1;
  for (j = 0; j < f->nt; ++j) {
    dt[j] = ct_mma_frag_at(f, unit, 0);
    unit *= f->tshape[j];
  }
  unit = 1;
  for (j = 0; j < f->nv; ++j) {
    dv[j] = ct_mma_frag_at(f, 0, unit);
    unit *= f->vshape[j];
  }
}

CT_FN ct_code ct_tv_fit(const ct_mma_frag *f, ct_layout *out, ct_err *e) {
  int64_t st[3], sv[3], dt[3], dv[3], got = 0;
  int hdr, j, T = ct_tv_threads(f), V = ct_tv_values(f), t, v;
  if (ct_mma_frag_at(f, 0, 0) != 0)
    return CT_FAIL(e, CT_NO_LAYOUT, "mma_tv: the fragment's element (t, v) = (0, 0) is at %lld, not 0",
                   (long long)ct_mma_frag_at(f, 0, 0));
  for (j = 0; j < f->nt; ++j) st[j] = f->tshape[j];
  for (j = 0; j < f->nv; ++j) sv[j] = f->vshape[j];
  ct_tv_strides(f, dt, dv);
  ct_t_clear(&out->shape);
  ct_t_clear(&out->stride);
  CT_TRY(ct_t_open(&out->shape, &hdr, e));
  CT_TRY(ct_tv_mode(&out->shape, st, f->nt, e));
  CT_TRY(ct_tv_mode(&out->shape, sv, f->nv, e));
  CT_TRY(ct_t_close(&out->shape, hdr, e));
  CT_TRY(ct_t_open(&out->stride, &hdr, e));
  CT_TRY(ct_tv_mode(&out->stride, dt, f->nt, e));
  CT_TRY(ct_tv_mode(&out->stride, dv, f->nv, e));
  CT_TRY(ct_t_close(&out->stride, hdr, e));
  /* the fit is a claim: the layout equals f at every (t, v) */
  for (v = 0; v < V; ++v)
    for (t = 0; t < T; ++t) {
      int64_t want = ct_mma_frag_at(f, t, v);
      CT_TRY(ct_l_eval(out, (int64_t)t + (int64_t)T * v, &got, e));
      if (got != want)
        return CT_FAIL(e, CT_NO_LAYOUT,
                       "mma_tv: PTX's fragment is no layout of this shape: at (t, v) = (%d, %d) the fitted layout "
                       "gives %lld, the formula %lld",
                       t, v, (long long)got, (long long)want);
    }
  return CT_OK;
}
