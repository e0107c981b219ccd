/* tv_fit.c -- a function of (thread, value) fitted as a layout of a given
 * shape, and checked at every point (spec/mma.md, MMA-DEF, MMA-3;
 * spec/copy.md, COPY-DEF, COPY-5): the one fitter of the MMA and copy
 * atoms. */
#include "tv_fit.h"

CT_FN static int ct_tv_prod(const int *s, int n) {
  int p = 1, j;
  for (j = 0; j < n; ++j) p *= s[j];
  return p;
}

CT_FN int ct_tv_threads(const ct_mma_frag *f) { return ct_tv_prod(f->tshape, f->nt); }
CT_FN int ct_tv_values(const ct_mma_frag *f) { return ct_tv_prod(f->vshape, f->nv); }

CT_FN int64_t ct_tv_at(const ct_tv_formula *f, int t, int v) {
  switch (f->kind) {
  case CT_TV_COPY: return ct_copy_at(f->st, f->num, f->trans, f->which, t, v);
  case CT_TV_UMMA: return ct_umma_at(f->rows, f->ctas, t, v);
  case CT_TV_TMEM: return ct_tmem_reg_at(f->trans, f->num, t, v);
  default: return ct_mma_frag_at(&f->mma, t, v);
  }
}

/* One mode of n leaves: an integer (n == 1) or a tuple, static entries. */
CT_FN static ct_code ct_tv_mode(ct_tuple *t, const int64_t *v, int n, ct_err *e) {
  int hdr, j;
  if (n == 1) return ct_t_push_int(t, v[0], 1, e);
  CT_TRY(ct_t_open(t, &hdr, e));
  for (j = 0; j < n; ++j) CT_TRY(ct_t_push_int(t, v[j], 1, e));
  return ct_t_close(t, hdr, e);
}

/* The strides: f at each leaf's unit coordinate, (t, 0) or (0, v). */
CT_FN static void ct_tv_strides(const ct_tv_formula *f, int64_t *dt, int64_t *dv) {
  int j, unit = 1;
  for (j = 0; j < f->nt; ++j) {
    dt[j] = ct_tv_at(f, unit, 0);
    unit *= f->tshape[j];
  }
  unit = 1;
  for (j = 0; j < f->nv; ++j) {
    dv[j] = ct_tv_at(f, 0, unit);
    unit *= f->vshape[j];
  }
}

CT_FN ct_code ct_tv_fit_formula(const ct_tv_formula *f, ct_layout *out, ct_err *e) {
  int64_t st[4], sv[4], dt[4], dv[4], got = 0;
  int hdr, j, T = ct_tv_prod(f->tshape, f->nt), V = ct_tv_prod(f->vshape, f->nv), t, v;
  if (ct_tv_at(f, 0, 0) != 0)
    return CT_FAIL(e, CT_NO_LAYOUT, "%s: the fragment's element (t, v) = (0, 0) is at %lld, not 0", f->who,
                   (long long)ct_tv_at(f, 0, 0));
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
      int64_t want = ct_tv_at(f, t, v);
      CT_TRY(ct_l_eval(out, (int64_t)t + (int64_t)T * v, &got, e));
      if (got != want)
        return CT_FAIL(e, CT_NO_LAYOUT,
                       "%s: PTX's function is no layout of this shape: at (t, v) = (%d, %d) the fitted layout "
                       "gives %lld, the formula %lld",
                       f->who, t, v, (long long)got, (long long)want);
    }
  return CT_OK;
}

CT_FN ct_code ct_tv_fit(const ct_mma_frag *f, ct_layout *out, ct_err *e) {
  ct_tv_formula x;
  int j;
  x.kind = CT_TV_MMA;
  x.who = "mma_tv";
  x.mma = *f;
  x.nt = f->nt;
  x.nv = f->nv;
  for (j = 0; j < 3; ++j) {
    x.tshape[j] = f->tshape[j];
    x.vshape[j] = f->vshape[j];
  }
  x.st = x.num = x.trans = x.which = 0;
  x.rows = x.ctas = 0;
  return ct_tv_fit_formula(&x, out, e);
}
