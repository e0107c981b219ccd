/* judges_basis.c -- conform's judges of spec/basis.md (registry.h,
 * ct_op_judge): BASIS-1 for make_identity_layout, BASIS-3 for coprofile,
 * BASIS-4 for coshape. */
#include "judges.h"

/* The answer as a layout that may have basis strides. */
static int ct_jxb_layout(const ct_value *result, ct_layout *R, const char *id, ct_judgement *j) {
  ct_err e;
  if (ct_as_layout_m(result, R, "the result", &e) == CT_OK) return 1;
  CT_J_VIOLATES(j, id, "the result is not a layout");
  return 0;
}

/* The answer as an IntTuple (coprofile, coshape). */
static int ct_jxb_tuple(const ct_value *result, const char *id, ct_judgement *j) {
  if (result->kind == CT_V_TUPLE && !ct_t_has_all(&result->l.shape, 0) && !ct_t_has_basis(&result->l.shape, 0))
    return 1;
  CT_J_VIOLATES(j, id, "the result is not an IntTuple");
  return 0;
}

int ct_jx_make_identity_layout(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                               ct_judgement *j) {
  const ct_tuple *S;
  ct_layout I;
  ct_err e;
  (void)accepted;
  if (n != 1 || ct_as_tuple(&args[0], &S, "S", &e) != CT_OK) return -1;
  if (!ct_jxb_layout(result, &I, "BASIS-1", j)) return 0;
  return ct_jx_status(ct_judge_basis_1(S, &I, bound, j));
}

int ct_jx_coprofile(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                    ct_judgement *j) {
  ct_layout L;
  ct_err e;
  (void)accepted, (void)bound;
  if (n != 1 || ct_as_layout_m(&args[0], &L, "L", &e) != CT_OK) return -1;
  if (!ct_jxb_tuple(result, "BASIS-3", j)) return 0;
  return ct_jx_status(ct_judge_basis_3(&L, &result->l.shape, j));
}

int ct_jx_coshape(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j) {
  ct_layout L;
  ct_err e;
  (void)accepted;
  if (n != 1 || ct_as_layout_m(&args[0], &L, "L", &e) != CT_OK) return -1;
  if (!ct_jxb_tuple(result, "BASIS-4", j)) return 0;
  return ct_jx_status(ct_judge_basis_4(&L, &result->l.shape, bound, j));
}
