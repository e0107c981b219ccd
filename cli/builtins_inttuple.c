/* builtins_inttuple.c -- IntTuple arithmetic of spec/inttuple.md, callable
 * from expressions. (congruent, weakly_congruent and compatible are
 * registered with the queries in builtins_core.c.) */
#include "builtins.h"
#include "ref/int_ops.h"

ct_code ct_b_product(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *t;
  ct_val v;
  CT_TRY(ct_as_tuple(&a->a[0], &t, "product's argument", e));
  CT_TRY(ct_it_product(t, &v, e));
  ct_v_val(out, v);
  return CT_OK;
}

ct_code ct_b_sum(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *t;
  ct_val v;
  CT_TRY(ct_as_tuple(&a->a[0], &t, "sum's argument", e));
  CT_TRY(ct_it_sum(t, &v, e));
  ct_v_val(out, v);
  return CT_OK;
}

ct_code ct_b_inner_product(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *x, *y;
  ct_val v;
  CT_TRY(ct_as_tuple(&a->a[0], &x, "inner_product's first argument", e));
  CT_TRY(ct_as_tuple(&a->a[1], &y, "inner_product's second argument", e));
  CT_TRY(ct_it_inner_product(x, y, &v, e));
  ct_v_val(out, v);
  return CT_OK;
}

ct_code ct_b_prefix_product(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *t;
  ct_tuple r;
  ct_val init;
  CT_TRY(ct_as_tuple(&a->a[0], &t, "prefix_product's argument", e));
  init.v = 1;
  init.stat = 1;
  if (a->n == 2) {
    const ct_tuple *i;
    CT_TRY(ct_as_tuple(&a->a[1], &i, "prefix_product's init", e));
    if (i->nd[0].kind != CT_INT) return CT_FAIL(e, CT_ARG_TYPE, "prefix_product: init must be an integer");
    init.v = i->nd[0].v;
    init.stat = i->nd[0].stat;
  }
  CT_TRY(ct_it_prefix_product(t, init, &r, e));
  ct_v_tuple(out, &r);
  return CT_OK;
}

typedef ct_code (*ct_tt_fn)(const ct_tuple *, const ct_tuple *, ct_tuple *, ct_err *);

static ct_code ct_binary_tuple(const ct_args *a, ct_tt_fn f, const char *name, ct_value *out, ct_err *e) {
  const ct_tuple *x, *y;
  ct_tuple r;
  CT_TRY(ct_as_tuple(&a->a[0], &x, name, e));
  CT_TRY(ct_as_tuple(&a->a[1], &y, name, e));
  CT_TRY(f(x, y, &r, e));
  ct_v_tuple(out, &r);
  return CT_OK;
}

ct_code ct_b_shape_div(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_binary_tuple(a, ct_it_shape_div, "shape_div's arguments", out, e);
}

ct_code ct_b_ceil_div(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_binary_tuple(a, ct_it_ceil_div, "ceil_div's arguments", out, e);
}

ct_code ct_b_elem_scale(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_binary_tuple(a, ct_it_elem_scale, "elem_scale's arguments", out, e);
}

ct_code ct_b_evenly_divides(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *x, *y;
  int r;
  CT_TRY(ct_as_tuple(&a->a[0], &x, "evenly_divides' shape", e));
  CT_TRY(ct_as_tuple(&a->a[1], &y, "evenly_divides' divisor", e));
  CT_TRY(ct_it_evenly_divides(x, y, &r, e));
  ct_v_bool(out, r);
  return CT_OK;
}
