/* builtins_construct.c -- the layout constructors of spec/construct.md,
 * callable from expressions. */
#include "builtins.h"
#include "ref/construct.h"

/* compact_col_major(shape[, current]) / compact_row_major: a stride, as CuTe. */
static ct_code ct_compact_args(const ct_args *a, int right, ct_value *out, ct_err *e) {
  const ct_tuple *s;
  ct_tuple r;
  ct_val cur;
  CT_TRY(ct_as_tuple(&a->a[0], &s, "the shape", e));
  cur.v = 1;
  cur.stat = 1;
  if (a->n == 2) {
    const ct_tuple *c;
    CT_TRY(ct_as_tuple(&a->a[1], &c, "the starting stride", e));
    if (c->nd[0].kind != CT_INT) return CT_FAIL(e, CT_ARG_TYPE, "the starting stride must be an integer");
    cur.v = c->nd[0].v;
    cur.stat = c->nd[0].stat;
  }
  if (right) CT_TRY(ct_compact_row_major(s, cur, &r, e));
  else CT_TRY(ct_compact_col_major(s, cur, &r, e));
  ct_v_tuple(out, &r);
  return CT_OK;
}

ct_code ct_b_compact_col_major(const ct_args *a, ct_value *out, ct_err *e) { return ct_compact_args(a, 0, out, e); }

ct_code ct_b_compact_row_major(const ct_args *a, ct_value *out, ct_err *e) { return ct_compact_args(a, 1, out, e); }

ct_code ct_b_make_ordered_layout(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *s, *o;
  ct_layout r;
  CT_TRY(ct_as_tuple(&a->a[0], &s, "the shape", e));
  CT_TRY(ct_as_tuple(&a->a[1], &o, "the order", e));
  CT_TRY(ct_make_ordered_layout(s, o, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_make_layout_like(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, r;
  CT_TRY(ct_as_layout(&a->a[0], &L, "make_layout_like's argument", e));
  CT_TRY(ct_make_layout_like(&L, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

/* make_fragment_like(L), or make_fragment_like(shape) = make_layout(shape). */
ct_code ct_b_make_fragment_like(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, r;
  CT_TRY(ct_as_layout(&a->a[0], &L, "make_fragment_like's argument", e));
  if (a->a[0].kind == CT_V_TUPLE) r = L;
  else CT_TRY(ct_make_fragment_like(&L, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

/* upcast<N>(L) or upcast(L, N); the template N is static, as in CuTe. */
static ct_code ct_cast_args(const ct_args *a, const char *name, ct_layout *L, ct_val *n, ct_err *e) {
  if (a->has_t) {
    if (a->nt != 1 || a->n != 1)
      return CT_FAIL(e, CT_ARITY, "%s takes %s<N>(L) or %s(L, N)", name, name, name);
    n->v = a->t[0];
    n->stat = 1;
  } else {
    const ct_tuple *t;
    if (a->n != 2) return CT_FAIL(e, CT_ARITY, "%s takes %s<N>(L) or %s(L, N)", name, name, name);
    CT_TRY(ct_as_tuple(&a->a[1], &t, "N", e));
    if (t->nd[0].kind != CT_INT) return CT_FAIL(e, CT_ARG_TYPE, "%s: N must be an integer", name);
    n->v = t->nd[0].v;
    n->stat = t->nd[0].stat;
  }
  return ct_as_layout(&a->a[0], L, "the layout", e);
}

ct_code ct_b_upcast(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, r;
  ct_val n;
  CT_TRY(ct_cast_args(a, "upcast", &L, &n, e));
  CT_TRY(ct_upcast(&L, n, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_downcast(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, r;
  ct_val n;
  CT_TRY(ct_cast_args(a, "downcast", &L, &n, e));
  CT_TRY(ct_downcast(&L, n, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}
