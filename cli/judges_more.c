/* judges_more.c -- conform's judges (registry.h, ct_op_judge) of upcast,
 * downcast, recast_layout (spec/construct.md, spec/recast.md),
 * filter_zeros (spec/coalesce.md), blocked_product, raked_product,
 * tile_to_shape (spec/product.md) and the four operations of
 * spec/refine.md, over judge/'s judges. */
#include "judges.h"

#define CT_JM_ARGS const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j

/* A shape argument (ct_as_shape), with no `_`; else 0. */
static const ct_tuple *ct_jm_shape(const ct_value *v) {
  const ct_tuple *t;
  ct_err e;
  return ct_as_shape(v, &t, "a shape", &e) == CT_OK && !ct_t_has_all(t, 0) ? t : 0;
}

/* upcast(L, N) / downcast(L, N): the form with N an argument; upcast<N>(L)
 * reaches no judge (conform's requests with template arguments have none). */
static int ct_jm_cast_args(const ct_value *args, int n, ct_layout *L, int64_t *N) {
  ct_err e;
  return n == 2 && ct_as_layout(&args[0], L, "L", &e) == CT_OK && ct_as_int(&args[1], N, "N", &e) == CT_OK;
}

int ct_jx_upcast(CT_JM_ARGS) {
  ct_layout L, R;
  int64_t N;
  (void)accepted;
  if (!ct_jm_cast_args(args, n, &L, &N)) return -1;
  if (!ct_jx_result(result, &R, "CAST-4", j)) return 0;
  return ct_jx_status(ct_judge_cast_up(&L, N, &R, bound, j));
}

int ct_jx_downcast(CT_JM_ARGS) {
  ct_layout L, R;
  int64_t N;
  (void)accepted;
  if (!ct_jm_cast_args(args, n, &L, &N)) return -1;
  if (!ct_jx_result(result, &R, "CAST-1", j)) return 0;
  return ct_jx_status(ct_judge_cast_down(&L, N, &R, bound, j));
}

/* recast_layout<OLD,NEW>(L): its template arguments follow L as args[1]
 * and args[2]; with L alone (a caller that drops them) nothing is judged. */
int ct_jx_recast_layout(CT_JM_ARGS) {
  ct_layout L, R;
  int64_t ob, nb;
  ct_err e;
  (void)accepted;
  if (n != 3 || ct_as_layout(&args[0], &L, "L", &e) != CT_OK || ct_as_int(&args[1], &ob, "OLD", &e) != CT_OK ||
      ct_as_int(&args[2], &nb, "NEW", &e) != CT_OK)
    return -1;
  if (!ct_jx_result(result, &R, "REC-1", j)) return 0;
  return ct_jx_status(ct_judge_rec_1(&L, ob, nb, &R, bound, j));
}

int ct_jx_filter_zeros(CT_JM_ARGS) {
  ct_layout L, R;
  ct_err e;
  (void)accepted;
  if (n != 1 || ct_as_layout(&args[0], &L, "L", &e) != CT_OK) return -1;
  if (!ct_jx_result(result, &R, "FILT-1", j)) return 0;
  return ct_jx_status(ct_judge_filt_1(&L, &R, bound, j));
}

static int ct_jm_blk(CT_JM_ARGS, int raked) {
  ct_layout A, B, R;
  ct_err e;
  (void)accepted;
  if (n != 2 || ct_as_layout(&args[0], &A, "A", &e) != CT_OK || ct_as_layout(&args[1], &B, "B", &e) != CT_OK)
    return -1;
  if (!ct_jx_result(result, &R, raked ? "RAKE-1" : "BLK-1", j)) return 0;
  return ct_jx_status(ct_judge_blk(&A, &B, &R, raked, bound, j));
}

int ct_jx_blocked_product(CT_JM_ARGS) { return ct_jm_blk(args, n, result, accepted, bound, j, 0); }
int ct_jx_raked_product(CT_JM_ARGS) { return ct_jm_blk(args, n, result, accepted, bound, j, 1); }

int ct_jx_tile_to_shape(CT_JM_ARGS) {
  ct_layout block, R;
  const ct_tuple *trg, *order = 0;
  ct_err e;
  (void)accepted;
  if (n < 2 || n > 3 || ct_as_layout(&args[0], &block, "block", &e) != CT_OK ||
      ct_as_tuple(&args[1], &trg, "trg", &e) != CT_OK || (n == 3 && ct_as_tuple(&args[2], &order, "order", &e) != CT_OK))
    return -1;
  if (!ct_jx_result(result, &R, "TILE-2", j)) return 0;
  return ct_jx_status(ct_judge_tile(&block, trg, order, &R, bound, j));
}

/* Two shape arguments and a shape answer (a layout's shape is no answer:
 * the operations answer IntTuples). */
static int ct_jm_shapes(const ct_value *args, int n, const ct_value *result, const char *id, const ct_tuple **a,
                        const ct_tuple **b, ct_judgement *j) {
  if (n != 2 || !(*a = ct_jm_shape(&args[0])) || !(*b = ct_jm_shape(&args[1]))) return -1;
  if (result->kind == CT_V_TUPLE && ct_jm_shape(result)) return 1;
  CT_J_VIOLATES(j, id, "the result is not an IntTuple");
  return 0;
}

int ct_jx_common_refinement(CT_JM_ARGS) {
  const ct_tuple *a, *b;
  int r = ct_jm_shapes(args, n, result, "REFINE-1", &a, &b, j);
  (void)accepted, (void)bound;
  if (r != 1) return r;
  if (ct_judge_refine_1(a, b, &result->l.shape, j) == CT_J_VIOLATED) return 0;
  return ct_jx_status(ct_judge_refine_2(a, b, &result->l.shape, j));
}

int ct_jx_common_coarsening(CT_JM_ARGS) {
  const ct_tuple *a, *b;
  int r = ct_jm_shapes(args, n, result, "COARSEN-1", &a, &b, j);
  (void)accepted, (void)bound;
  if (r != 1) return r;
  if (ct_judge_coarsen_1(a, b, &result->l.shape, j) == CT_J_VIOLATED) return 0;
  return ct_jx_status(ct_judge_coarsen_2(a, b, &result->l.shape, j));
}

int ct_jx_greatest_common_domain(CT_JM_ARGS) {
  const ct_tuple *a, *b;
  ct_layout G;
  (void)accepted, (void)bound;
  if (n != 2 || !(a = ct_jm_shape(&args[0])) || !(b = ct_jm_shape(&args[1]))) return -1;
  if (!ct_jx_result(result, &G, "GCD-1", j)) return 0;
  if (ct_judge_gcd_1(a, b, &G, j) == CT_J_VIOLATED) return 0;
  return ct_jx_status(ct_judge_gcd_3(a, b, &G, j));
}

int ct_jx_domain_distribute(CT_JM_ARGS) {
  const ct_tuple *a;
  ct_layout R;
  int64_t cnt;
  ct_err e;
  (void)accepted;
  if (n != 2 || !(a = ct_jm_shape(&args[0])) || ct_as_int(&args[1], &cnt, "n", &e) != CT_OK) return -1;
  if (!ct_jx_result(result, &R, "DIST-1", j)) return 0;
  return ct_jx_status(ct_judge_dist(a, cnt, &R, bound, j));
}
