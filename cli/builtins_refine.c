/* builtins_refine.c -- common_refinement, common_coarsening and
 * greatest_common_domain of two shapes (spec/refine.md). A layout argument
 * stands for its shape, as in NVIDIA's reference. */
#include "builtins.h"
#include "ref/refine.h"
#include "ref/recast.h"

static ct_code ct_rf_shape(const ct_value *v, const ct_tuple **t, const char *what, ct_err *e) {
  if (v->kind == CT_V_LAYOUT) {
    *t = &v->l.shape;
    return CT_OK;
  }
  return ct_as_tuple(v, t, what, e);
}

ct_code ct_b_common_refinement(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *x, *y;
  ct_tuple r;
  CT_TRY(ct_rf_shape(&a->a[0], &x, "common_refinement's first shape", e));
  CT_TRY(ct_rf_shape(&a->a[1], &y, "common_refinement's second shape", e));
  CT_TRY(ct_common_refinement(x, y, &r, e));
  ct_v_tuple(out, &r);
  return CT_OK;
}

ct_code ct_b_common_coarsening(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *x, *y;
  ct_tuple r;
  CT_TRY(ct_rf_shape(&a->a[0], &x, "common_coarsening's first shape", e));
  CT_TRY(ct_rf_shape(&a->a[1], &y, "common_coarsening's second shape", e));
  CT_TRY(ct_common_coarsening(x, y, &r, e));
  ct_v_tuple(out, &r);
  return CT_OK;
}

ct_code ct_b_greatest_common_domain(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *x, *y;
  ct_layout r;
  CT_TRY(ct_rf_shape(&a->a[0], &x, "greatest_common_domain's first shape", e));
  CT_TRY(ct_rf_shape(&a->a[1], &y, "greatest_common_domain's second shape", e));
  CT_TRY(ct_greatest_common_domain(x, y, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

/* domain_distribute(a, b) (spec/refine.md): a static shape, a static count. */
ct_code ct_b_domain_distribute(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *x, *y;
  ct_layout r;
  CT_TRY(ct_rf_shape(&a->a[0], &x, "domain_distribute's shape", e));
  CT_TRY(ct_as_tuple(&a->a[1], &y, "domain_distribute's count", e));
  CT_TRY(ct_domain_distribute(x, y, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

/* max_alignment(L) (spec/recast.md): L's static marks are its input. */
ct_code ct_b_max_alignment(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L;
  ct_val r;
  CT_TRY(ct_as_layout(&a->a[0], &L, "max_alignment's layout", e));
  CT_TRY(ct_max_alignment(&L, &r, e));
  ct_v_val(out, r);
  return CT_OK;
}
