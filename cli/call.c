/* call.c -- calling an operation from its registry row (registry.h): the
 * row's builtin, or, from its argument kinds (signature.h), the reference
 * function with the arguments converted. An argument of the wrong kind is
 * ARG_TYPE naming the operation and the argument ("right_inverse's layout",
 * "logical_divide's tiler"). */
#include "judges.h"
#include "registry.h"

#include <stdio.h>
#include <string.h>

static const char *const ct_sig_text[CT_NUM_SIGS] = {
    "(its builtin)",           "layout -> layout",           "layout, layout -> layout",
    "layout, tiler -> layout", "layout[, shape] -> layout",  "layout -> integer",
    "layout, layout -> integer", "shape, shape -> shape",    "shape, shape -> layout",
    "layout -> IntTuple",
};

const char *ct_sig_words(int sig) { return sig >= 0 && sig < CT_NUM_SIGS ? ct_sig_text[sig] : "?"; }

int ct_op_callable(const ct_op *op) { return op->fn != 0 || op->ref.sig != CT_SIG_BUILTIN; }

/* "NAME's first layout": argument k of n, of the kind `what`. */
static const char *ct_arg_name(char *buf, int cap, const char *op, int k, int n, const char *what) {
  static const char *const nth[] = {"first", "second"};
  if (n == 1) snprintf(buf, (size_t)cap, "%s's %s", op, what);
  else snprintf(buf, (size_t)cap, "%s's %s %s", op, nth[k], what);
  return buf;
}

static ct_code ct_call_by_kinds(const ct_op *op, const ct_args *a, ct_value *out, ct_err *e) {
  const ct_ref_fn f = op->ref.fn;
  const char *nm = op->name;
  char w0[96], w1[96];
  ct_layout A, B, r;
  ct_tiler T;
  const ct_tuple *x = 0, *y = 0;
  ct_tuple t;
  ct_val v;
  switch (op->ref.sig) {
  case CT_SIG_L_L:
  case CT_SIG_L_I:
  case CT_SIG_L_S:
    CT_TRY(ct_as_layout(&a->a[0], &A, ct_arg_name(w0, sizeof w0, nm, 0, 1, "layout"), e));
    if (op->ref.sig == CT_SIG_L_I) break;
    if (op->ref.sig == CT_SIG_L_S) {
      CT_TRY(f.l_s(&A, &t, e));
      ct_v_tuple(out, &t);
      return CT_OK;
    }
    CT_TRY(f.l_l(&A, &r, e));
    ct_v_layout(out, &r);
    return CT_OK;
  case CT_SIG_LL_L:
  case CT_SIG_LL_I:
    CT_TRY(ct_as_layout(&a->a[0], &A, ct_arg_name(w0, sizeof w0, nm, 0, 2, "layout"), e));
    CT_TRY(ct_as_layout(&a->a[1], &B, ct_arg_name(w1, sizeof w1, nm, 1, 2, "layout"), e));
    if (op->ref.sig == CT_SIG_LL_I) break;
    CT_TRY(f.ll_l(&A, &B, &r, e));
    ct_v_layout(out, &r);
    return CT_OK;
  case CT_SIG_LT_L:
    /* a layout with basis strides: the same operation on its basis form
     * (spec/basis.md, cli/builtins_basis.c) */
    if (ct_v_has_basis(&a->a[0])) return ct_b_basis_tiler_call(a, f.lt_l, out, e);
    CT_TRY(ct_as_layout(&a->a[0], &A, ct_arg_name(w0, sizeof w0, nm, 0, 1, "layout"), e));
    CT_TRY(ct_as_tiler(&a->a[1], &T, ct_arg_name(w1, sizeof w1, nm, 0, 1, "tiler"), e));
    CT_TRY(f.lt_l(&A, &T, &r, e));
    ct_v_layout(out, &r);
    return CT_OK;
  case CT_SIG_LoS_L:
    CT_TRY(ct_as_layout(&a->a[0], &A, ct_arg_name(w0, sizeof w0, nm, 0, 1, "layout"), e));
    if (a->n == 2) CT_TRY(ct_as_tuple(&a->a[1], &x, ct_arg_name(w1, sizeof w1, nm, 0, 1, "shape"), e));
    CT_TRY(f.los_l(&A, x, &r, e));
    ct_v_layout(out, &r);
    return CT_OK;
  case CT_SIG_SS_S:
  case CT_SIG_SS_L:
    CT_TRY(ct_as_shape(&a->a[0], &x, ct_arg_name(w0, sizeof w0, nm, 0, 2, "shape"), e));
    CT_TRY(ct_as_shape(&a->a[1], &y, ct_arg_name(w1, sizeof w1, nm, 1, 2, "shape"), e));
    if (op->ref.sig == CT_SIG_SS_S) {
      CT_TRY(f.ss_s(x, y, &t, e));
      ct_v_tuple(out, &t);
    } else {
      CT_TRY(f.ss_l(x, y, &r, e));
      ct_v_layout(out, &r);
    }
    return CT_OK;
  default:
    return CT_FAIL(e, CT_UNKNOWN_FUNCTION, "%s: no builtin and no argument kinds in its row", nm);
  }
  /* the integer results */
  if (op->ref.sig == CT_SIG_L_I) CT_TRY(f.l_i(&A, &v, e));
  else CT_TRY(f.ll_i(&A, &B, &v, e));
  ct_v_val(out, v);
  return CT_OK;
}

int ct_op_has_judge(const ct_op *op) { return op->judge != 0 || op->ref.check != 0; }

/* The row's judge of its kinds on an answer (layout -> IntTuple, the one
 * kind judged so: signature.h); a result of another kind violates the
 * operation's first ID. */
static int ct_judge_by_kinds(const ct_op *op, const ct_value *args, int n, const ct_value *result, int64_t bound,
                             ct_judgement *j) {
  static char first[32];
  const char *ids = ct_op_ids(op);
  size_t len = strcspn(ids, ",.");
  ct_layout L;
  ct_err e;
  if (op->ref.sig != CT_SIG_L_S || n != 1 || ct_as_layout(&args[0], &L, "L", &e) != CT_OK) return -1;
  snprintf(first, sizeof first, "%.*s", (int)(len < sizeof first ? len : sizeof first - 1), ids);
  if (result->kind != CT_V_TUPLE) {
    CT_J_VIOLATES(j, first, "the result is not an IntTuple");
    return 0;
  }
  return ct_jx_status(op->ref.check(&L, &result->l.shape, bound, j));
}

int ct_op_judge_call(const ct_op *op, const ct_value *args, int n, const ct_value *result, int accepted,
                     int64_t bound, ct_judgement *j) {
  if (op->judge) return op->judge(args, n, result, accepted, bound, j);
  if (op->ref.check) return ct_judge_by_kinds(op, args, n, result, bound, j);
  return -1;
}

ct_code ct_op_call(const ct_op *op, const ct_args *a, ct_value *out, ct_err *e) {
  if (op->fn) return op->fn(a, out, e);
  return ct_call_by_kinds(op, a, out, e);
}
