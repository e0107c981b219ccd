/* judges.c -- judge/'s judges run on an answer of `cuteref conform`: each
 * adapter reads the request's arguments and the answer, then runs the
 * operation's judges in order and stops at the first one violated
 * (registry.h, ct_op_judge). */
#include "judges.h"
#include "ref/coalesce.h"

/* One judge's status into the adapter's answer: 0 at a violation (return
 * it), else notes whether it decided. */
#define CT_JX(call)                                                                                                    \
  do {                                                                                                                 \
    ct_jstatus s_ = (call);                                                                                            \
    if (s_ == CT_J_VIOLATED) return 0;                                                                                 \
    decided |= s_ == CT_J_HOLDS;                                                                                       \
    skipped |= s_ == CT_J_UNCHECKED;                                                                                   \
  } while (0)
/* 1 only when every judge ran and held: one that stopped at its bound
 * decided nothing, and "the post-conditions hold" would claim a check
 * that did not run (issue 44) */
#define CT_JX_DONE() return decided && !skipped ? 1 : -1

/* The answer as a layout; else a violation of `id` (its first post-condition). */
int ct_jx_result(const ct_value *result, ct_layout *R, const char *id, ct_judgement *j) {
  ct_err e;
  if (ct_as_layout(result, R, "the result", &e) == CT_OK) return 1;
  CT_J_VIOLATES(j, id, "the result is not a layout");
  return 0;
}

int ct_jx_status(ct_jstatus s) { return s == CT_J_VIOLATED ? 0 : s == CT_J_HOLDS ? 1 : -1; }

/* The answer as an integer; else a violation of `id`. */
static int ct_jx_int(const ct_value *result, int64_t *v, const char *id, ct_judgement *j) {
  if (result->kind == CT_V_TUPLE && result->l.shape.nd[0].kind == CT_INT) {
    *v = result->l.shape.nd[0].v;
    return 1;
  }
  CT_J_VIOLATES(j, id, "the result is not an integer");
  return 0;
}

/* The first argument as a layout, the only one (n == 1). */
static int ct_jx_one(const ct_value *args, int n, ct_layout *L) {
  ct_err e;
  return n == 1 && ct_as_layout(&args[0], L, "L", &e) == CT_OK;
}

int ct_jx_size(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j) {
  ct_layout L;
  int64_t v;
  (void)accepted, (void)bound;
  if (!ct_jx_one(args, n, &L)) return -1;
  if (!ct_jx_int(result, &v, "LAYOUT-1", j)) return 0;
  return ct_jx_status(ct_judge_layout_1(&L, v, j));
}

int ct_jx_cosize(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j) {
  ct_layout L;
  int64_t v;
  (void)accepted;
  if (!ct_jx_one(args, n, &L)) return -1;
  if (!ct_jx_int(result, &v, "LAYOUT-4", j)) return 0;
  return ct_jx_status(ct_judge_layout_4(&L, v, bound, j));
}

int ct_jx_coalesce(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j) {
  ct_layout L, R;
  int decided = 0, skipped = 0;
  (void)accepted;
  if (!ct_jx_one(args, n, &L)) return -1; /* with a profile: no judge (COAL-6) */
  if (!ct_jx_result(result, &R, "COAL-1", j)) return 0;
  CT_JX(ct_judge_coal_1(&L, &R, j));
  CT_JX(ct_judge_coal_2(&R, j));
  CT_JX(ct_judge_coal_3(&L, &R, bound, j));
  CT_JX(ct_judge_coal_4(&R, j));
  CT_JX_DONE();
}

int ct_jx_filter(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j) {
  ct_layout L, R;
  int decided = 0, skipped = 0;
  (void)accepted;
  if (!ct_jx_one(args, n, &L)) return -1;
  if (!ct_jx_result(result, &R, "FILT-2", j)) return 0;
  CT_JX(ct_judge_filt_2(&L, &R, bound, j));
  CT_JX_DONE();
}

/* COMP-1, COMP-3, COMP-2 of A o B, B a layout. */
static int ct_jx_comp(const ct_layout *A, const ct_layout *B, const ct_layout *R, int64_t bound, ct_judgement *j) {
  int decided = 0, skipped = 0;
  CT_JX(ct_judge_comp_1(B, R, j));
  CT_JX(ct_judge_comp_3(B, R, j));
  CT_JX(ct_judge_comp_2(A, B, R, bound, j));
  CT_JX_DONE();
}

int ct_jx_composition(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                      ct_judgement *j) {
  ct_layout A, R;
  ct_tiler T;
  ct_err e;
  int decided = 0, skipped = 0;
  (void)accepted;
  if (n != 2 || ct_as_layout(&args[0], &A, "A", &e) != CT_OK || ct_as_tiler(&args[1], &T, "B", &e) != CT_OK) return -1;
  if (!ct_jx_result(result, &R, "COMP-1", j)) return 0;
  if (!T.shape.nd[0].mark) return ct_jx_comp(&A, &T, &R, bound, j);
  CT_JX(ct_judge_comp_6(&A, &T, &R, bound, j));
  CT_JX_DONE();
}

int ct_jx_with_shape_args(const ct_value *args, int n, ct_layout *A, ct_layout *B) {
  const ct_tuple *s;
  ct_err e;
  return n == 2 && ct_as_layout(&args[0], A, "A", &e) == CT_OK && ct_as_tuple(&args[1], &s, "shape", &e) == CT_OK &&
         ct_l_compact_left(s, B, &e) == CT_OK;
}

int ct_jx_with_shape(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                     ct_judgement *j) {
  ct_layout A, B, R;
  (void)accepted;
  if (!ct_jx_with_shape_args(args, n, &A, &B)) return -1;
  if (!ct_jx_result(result, &R, "COMP-1", j)) return 0;
  return ct_jx_comp(&A, &B, &R, bound, j);
}

int ct_jx_complement(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                     ct_judgement *j) {
  ct_layout A, F, R;
  ct_val M;
  ct_err e;
  int decided = 0, skipped = 0;
  (void)accepted;
  if (n < 1 || n > 2 || ct_as_layout(&args[0], &A, "A", &e) != CT_OK || ct_filter(&A, &F, &e) != CT_OK) return -1;
  if (n == 2 ? args[1].kind != CT_V_TUPLE || ct_t_product(&args[1].l.shape, 0, &M, &e) != CT_OK
             : ct_l_cosize(&F, &M, &e) != CT_OK) /* CPL-DEFAULT */
    return -1;
  if (!ct_jx_result(result, &R, "CPL-1", j)) return 0;
  CT_JX(ct_judge_cpl_1(&R, bound, j));
  CT_JX(ct_judge_cpl_2(&A, &R, bound, j));
  CT_JX(ct_judge_cpl_3(&A, M.v, &R, j));
  CT_JX(ct_judge_cpl_4(&A, &R, bound, j));
  CT_JX(ct_judge_cpl_8(&A, M.v, &R, j));
  CT_JX_DONE();
}

int ct_jx_right_inverse(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                        ct_judgement *j) {
  ct_layout L, R;
  int decided = 0, skipped = 0;
  (void)accepted;
  if (!ct_jx_one(args, n, &L)) return -1;
  if (!ct_jx_result(result, &R, "RINV-1", j)) return 0;
  CT_JX(ct_judge_rinv_2(&L, &R, bound, j));
  CT_JX(ct_judge_rinv_1(&L, &R, bound, j));
  CT_JX(ct_judge_rinv_3(&L, &R, bound, j));
  CT_JX(ct_judge_rinv_4(&L, &R, bound, j));
  CT_JX_DONE();
}

int ct_jx_left_inverse(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                       ct_judgement *j) {
  ct_layout L, R;
  int decided = 0, skipped = 0;
  if (!ct_jx_one(args, n, &L)) return -1;
  if (!ct_jx_result(result, &R, "LINV-1", j)) return 0;
  CT_JX(ct_judge_linv_1(&L, &R, bound, j));
  if (accepted) CT_JX(ct_judge_linv_2(&L, &R, bound, j)); /* stated for accepted inputs */
  CT_JX_DONE();
}

/* make_swizzle(Y, Z): SW-4 (spec/swizzle.md). */
int ct_jx_make_swizzle(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                       ct_judgement *j) {
  int64_t y, z;
  ct_err e;
  (void)accepted, (void)bound;
  if (n != 2 || ct_as_int(&args[0], &y, "Y", &e) != CT_OK || ct_as_int(&args[1], &z, "Z", &e) != CT_OK) return -1;
  if (result->kind != CT_V_SWIZZLE) {
    CT_J_VIOLATES(j, "SW-4", "the result is not a swizzle");
    return 0;
  }
  return ct_judge_sw_4(y, z, &result->c.sw, j) == CT_J_VIOLATED ? 0 : 1;
}
