/* builtins_partition.c -- inner_partition, outer_partition, local_tile and
 * local_partition (spec/partition.md), and conform's judges of their
 * answers. Builtins, not argument kinds: the coordinate and the projection
 * are IntTuples with `_`, local_partition takes an integer, and both
 * local_* take an optional projection. Each answers the part's layout, and
 * its _offset form the part's offset (PART-DEF). */
#include "builtins.h"
#include "judge/judge_partition.h"
#include "judges.h"
#include "ref/partition.h"

#include <stdio.h>

/* L, T and c of inner/outer_partition and local_tile; *P the projection, 0
 * when absent. */
static ct_code ct_part_args(const ct_args *a, const char *nm, ct_layout *L, ct_tiler *T, const ct_tuple **c,
                            const ct_tuple **P, ct_err *e) {
  char w[96];
  snprintf(w, sizeof w, "%s's layout", nm);
  CT_TRY(ct_as_layout(&a->a[0], L, w, e));
  snprintf(w, sizeof w, "%s's tiler", nm);
  CT_TRY(ct_as_tiler(&a->a[1], T, w, e));
  snprintf(w, sizeof w, "%s's coordinate", nm);
  CT_TRY(ct_as_tuple(&a->a[2], c, w, e));
  *P = 0;
  if (a->n == 4) {
    snprintf(w, sizeof w, "%s's projection", nm);
    CT_TRY(ct_as_tuple(&a->a[3], P, w, e));
  }
  return CT_OK;
}

/* The four operations (which: 0 inner, 1 outer, 2 local_tile, 3
 * local_partition), answering the layout or (offset) the offset. */
static const char *const ct_part_names[] = {"inner_partition", "outer_partition", "local_tile", "local_partition"};

static ct_code ct_b_part(int which, int offset, const ct_args *a, ct_value *out, ct_err *e) {
  const char *nm = ct_part_names[which];
  ct_layout L, r;
  ct_tiler T;
  const ct_tuple *c, *P;
  int64_t off = 0;
  if (which == 3) {
    ct_layout thr;
    int64_t idx;
    char w[96];
    snprintf(w, sizeof w, "%s's layout", nm);
    CT_TRY(ct_as_layout(&a->a[0], &L, w, e));
    CT_TRY(ct_as_layout(&a->a[1], &thr, "local_partition's thread layout", e));
    CT_TRY(ct_as_int(&a->a[2], &idx, "local_partition's thread index", e));
    P = 0;
    if (a->n == 4) CT_TRY(ct_as_tuple(&a->a[3], &P, "local_partition's projection", e));
    CT_TRY(ct_local_partition(&L, &thr, idx, P, &r, &off, e));
  } else {
    CT_TRY(ct_part_args(a, nm, &L, &T, &c, &P, e));
    if (which == 0) CT_TRY(ct_inner_partition(&L, &T, c, &r, &off, e));
    else if (which == 1) CT_TRY(ct_outer_partition(&L, &T, c, &r, &off, e));
    else CT_TRY(ct_local_tile(&L, &T, c, P, &r, &off, e));
  }
  if (offset) ct_v_int(out, off, 0);
  else ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_inner_partition(const ct_args *a, ct_value *out, ct_err *e) { return ct_b_part(0, 0, a, out, e); }
ct_code ct_b_outer_partition(const ct_args *a, ct_value *out, ct_err *e) { return ct_b_part(1, 0, a, out, e); }
ct_code ct_b_local_tile(const ct_args *a, ct_value *out, ct_err *e) { return ct_b_part(2, 0, a, out, e); }
ct_code ct_b_local_partition(const ct_args *a, ct_value *out, ct_err *e) { return ct_b_part(3, 0, a, out, e); }
ct_code ct_b_inner_partition_offset(const ct_args *a, ct_value *out, ct_err *e) { return ct_b_part(0, 1, a, out, e); }
ct_code ct_b_outer_partition_offset(const ct_args *a, ct_value *out, ct_err *e) { return ct_b_part(1, 1, a, out, e); }
ct_code ct_b_local_tile_offset(const ct_args *a, ct_value *out, ct_err *e) { return ct_b_part(2, 1, a, out, e); }
ct_code ct_b_local_partition_offset(const ct_args *a, ct_value *out, ct_err *e) { return ct_b_part(3, 1, a, out, e); }

/* conform's judges: the request's arguments read as the builtin reads them
 * (-1: not these), the answer as a layout or an integer (else the first ID
 * violated). */
static int ct_jx_part(int which, int offset, const ct_value *args, int n, const ct_value *result, int64_t bound,
                      ct_judgement *j) {
  static const char *const ids[] = {"PART-1", "PART-2", "PART-5", "PART-6"};
  ct_layout L, R, thr;
  ct_tiler T;
  const ct_tuple *c = 0, *P = 0;
  int64_t idx = 0, off = 0;
  ct_err e;
  if (n < 3 || ct_as_layout(&args[0], &L, "L", &e) != CT_OK) return -1;
  if (which == 3) {
    if (ct_as_layout(&args[1], &thr, "thr", &e) != CT_OK || ct_as_int(&args[2], &idx, "idx", &e) != CT_OK) return -1;
  } else if (ct_as_tiler(&args[1], &T, "T", &e) != CT_OK || ct_as_tuple(&args[2], &c, "c", &e) != CT_OK) {
    return -1;
  }
  if (n == 4 && ct_as_tuple(&args[3], &P, "P", &e) != CT_OK) return -1;
  if (offset) {
    const char *id = which == 3 ? "PART-10" : "PART-9";
    if (result->kind != CT_V_TUPLE || result->l.shape.nd[0].kind != CT_INT) {
      CT_J_VIOLATES(j, id, "the result is not an integer");
      return 0;
    }
    off = result->l.shape.nd[0].v;
    if (which == 3) return ct_jx_status(ct_judge_part_10(&L, &thr, idx, P, off, j));
    return ct_jx_status(ct_judge_part_9(which, &L, &T, c, P, off, j));
  }
  if (!ct_jx_result(result, &R, ids[which], j)) return 0;
  switch (which) {
  case 0: return ct_jx_status(ct_judge_part_1_2(0, &L, &T, c, &R, bound, j));
  case 1: return ct_jx_status(ct_judge_part_1_2(1, &L, &T, c, &R, bound, j));
  case 2: return ct_jx_status(ct_judge_part_5(&L, &T, c, P, &R, bound, j));
  default: return ct_jx_status(ct_judge_part_6(&L, &thr, idx, P, &R, bound, j));
  }
}

#define CT_JX_PART(name, which, offset)                                                                                \
  int ct_jx_##name(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,                 \
                   ct_judgement *j) {                                                                                  \
    (void)accepted;                                                                                                    \
    return ct_jx_part(which, offset, args, n, result, bound, j);                                                       \
  }
CT_JX_PART(inner_partition, 0, 0)
CT_JX_PART(outer_partition, 1, 0)
CT_JX_PART(local_tile, 2, 0)
CT_JX_PART(local_partition, 3, 0)
CT_JX_PART(inner_partition_offset, 0, 1)
CT_JX_PART(outer_partition_offset, 1, 1)
CT_JX_PART(local_tile_offset, 2, 1)
CT_JX_PART(local_partition_offset, 3, 1)

/* make_layout_tv_tiler(thr, val): an IntTuple, which no argument kind
 * answers for two layouts (signature.h). */
ct_code ct_b_make_layout_tv_tiler(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout thr, val;
  ct_tuple t;
  CT_TRY(ct_as_layout(&a->a[0], &thr, "make_layout_tv_tiler's thread layout", e));
  CT_TRY(ct_as_layout(&a->a[1], &val, "make_layout_tv_tiler's value layout", e));
  CT_TRY(ct_make_layout_tv_tiler(&thr, &val, &t, e));
  ct_v_tuple(out, &t);
  return CT_OK;
}

/* The two layouts of make_layout_tv's requests; 0: not these. */
static int ct_jx_tv_args(const ct_value *args, int n, ct_layout *thr, ct_layout *val) {
  ct_err e;
  return n == 2 && ct_as_layout(&args[0], thr, "thr", &e) == CT_OK && ct_as_layout(&args[1], val, "val", &e) == CT_OK;
}

int ct_jx_make_layout_tv(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                         ct_judgement *j) {
  ct_layout thr, val, R;
  (void)accepted;
  if (!ct_jx_tv_args(args, n, &thr, &val)) return -1;
  if (!ct_jx_result(result, &R, "TV-1", j)) return 0;
  return ct_jx_status(ct_judge_tv_1(&thr, &val, &R, bound, j));
}

int ct_jx_make_layout_tv_tiler(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                               ct_judgement *j) {
  ct_layout thr, val;
  (void)accepted, (void)bound;
  if (!ct_jx_tv_args(args, n, &thr, &val)) return -1;
  if (result->kind != CT_V_TUPLE) {
    CT_J_VIOLATES(j, "TV-2", "the result is not an IntTuple");
    return 0;
  }
  return ct_jx_status(ct_judge_tv_2(&thr, &val, &result->l.shape, j));
}
