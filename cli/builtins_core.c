/* builtins_core.c -- queries and reshaping of spec/layout.md and
 * spec/inttuple.md, callable from expressions. */
#include "builtins.h"
#include "ref/basis.h"

#include <stdio.h>
#include <string.h>

ct_code ct_b_of_layout(const ct_args *a, ct_layout_fn f, const char *name, ct_value *out, ct_err *e) {
  char what[64];
  ct_layout L, r;
  snprintf(what, sizeof what, "%s's layout", name);
  CT_TRY(ct_as_layout(&a->a[0], &L, what, e));
  CT_TRY(f(&L, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

/* The argument seen as a layout when it is one, else as an IntTuple: the
 * queries size/rank/depth/get work on both. */
static ct_code ct_sub_of(const ct_args *a, int k, ct_layout *L, int *is_layout, ct_err *e) {
  const ct_value *v = &a->a[k];
  if (v->kind == CT_V_LAYOUT) {
    *is_layout = 1;
    return ct_l_mode(&v->l, a->t, a->nt, L, e);
  }
  if (v->kind == CT_V_TUPLE) {
    *is_layout = 0;
    return ct_t_get(&v->l.shape, a->t, a->nt, &L->shape, e);
  }
  return CT_FAIL(e, CT_ARG_TYPE, "expected a layout or an IntTuple");
}

ct_code ct_b_size(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L;
  int isl = 0;
  ct_val v;
  CT_TRY(ct_sub_of(a, 0, &L, &isl, e));
  if (!isl && ct_t_has_basis(&L.shape, 0)) /* a stride tuple (spec/basis.md): no size */
    return CT_FAIL(e, CT_ARG_TYPE, "size of an IntTuple with basis elements");
  CT_TRY(ct_t_product(&L.shape, 0, &v, e));
  ct_v_val(out, v);
  return CT_OK;
}

/* rank and depth are compile-time quantities in CuTe: printed static. */
ct_code ct_b_rank(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L;
  int isl;
  CT_TRY(ct_sub_of(a, 0, &L, &isl, e));
  ct_v_int(out, ct_t_rank(&L.shape, 0), 1);
  return CT_OK;
}

ct_code ct_b_depth(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L;
  int isl;
  CT_TRY(ct_sub_of(a, 0, &L, &isl, e));
  ct_v_int(out, ct_t_depth(&L.shape, 0), 1);
  return CT_OK;
}

ct_code ct_b_cosize(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, M;
  ct_val v;
  CT_TRY(ct_as_layout_m(&a->a[0], &L, "cosize's argument", e));
  CT_TRY(ct_l_mode(&L, a->t, a->nt, &M, e));
  CT_TRY(ct_basis_cosize(&M, &v, e));
  ct_v_val(out, v);
  return CT_OK;
}

ct_code ct_b_shape(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, M;
  CT_TRY(ct_as_layout_m(&a->a[0], &L, "shape's argument", e));
  CT_TRY(ct_l_mode(&L, a->t, a->nt, &M, e));
  ct_v_tuple(out, &M.shape);
  return CT_OK;
}

ct_code ct_b_stride(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, M;
  CT_TRY(ct_as_layout_m(&a->a[0], &L, "stride's argument", e));
  CT_TRY(ct_l_mode(&L, a->t, a->nt, &M, e));
  ct_v_tuple(out, &M.stride);
  return CT_OK;
}

ct_code ct_b_layout(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, M;
  CT_TRY(ct_as_layout_m(&a->a[0], &L, "layout's argument", e));
  CT_TRY(ct_l_mode(&L, a->t, a->nt, &M, e));
  ct_v_layout(out, &M);
  return CT_OK;
}

ct_code ct_b_get(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L;
  int isl = 0;
  CT_TRY(ct_sub_of(a, 0, &L, &isl, e));
  if (isl) ct_v_layout(out, &L);
  else ct_v_tuple(out, &L.shape);
  return CT_OK;
}

/* Relations compare IntTuples; a layout stands for its shape. */
static ct_code ct_shape_of(const ct_value *v, const ct_tuple **t, ct_err *e) {
  if (v->kind == CT_V_LAYOUT) {
    *t = &v->l.shape;
    return CT_OK;
  }
  return ct_as_tuple(v, t, "an argument", e);
}

/* A relation of two IntTuples (a layout stands for its shape). */
static ct_code ct_relation(const ct_args *a, int (*rel)(const ct_tuple *, int, const ct_tuple *, int), ct_value *out,
                           ct_err *e) {
  const ct_tuple *x, *y;
  CT_TRY(ct_shape_of(&a->a[0], &x, e));
  CT_TRY(ct_shape_of(&a->a[1], &y, e));
  ct_v_bool(out, rel(x, 0, y, 0));
  return CT_OK;
}

ct_code ct_b_congruent(const ct_args *a, ct_value *out, ct_err *e) { return ct_relation(a, ct_t_congruent, out, e); }
ct_code ct_b_weakly_congruent(const ct_args *a, ct_value *out, ct_err *e) {
  return ct_relation(a, ct_t_weakly_congruent, out, e);
}
ct_code ct_b_compatible(const ct_args *a, ct_value *out, ct_err *e) { return ct_relation(a, ct_t_compatible, out, e); }

/* crd2idx(C, L) or crd2idx(C, shape, stride). */
ct_code ct_b_crd2idx(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *c;
  ct_layout L;
  ct_val v;
  CT_TRY(ct_as_tuple(&a->a[0], &c, "the coordinate", e));
  if (a->n == 3) {
    const ct_tuple *s, *d;
    CT_TRY(ct_as_tuple(&a->a[1], &s, "the shape", e));
    CT_TRY(ct_as_tuple(&a->a[2], &d, "the stride", e));
    CT_TRY(ct_l_make(s, d, &L, e));
  } else {
    CT_TRY(ct_as_layout_m(&a->a[1], &L, "the layout", e));
  }
  if (ct_l_has_basis(&L)) { /* a coordinate tuple (spec/basis.md) */
    ct_tuple t;
    CT_TRY(ct_basis_eval(c, &L, &t, e));
    ct_v_tuple(out, &t);
    return CT_OK;
  }
  CT_TRY(ct_crd2idx(c, &L, &v, e));
  ct_v_val(out, v);
  return CT_OK;
}

ct_code ct_b_idx2crd(const ct_args *a, ct_value *out, ct_err *e) {
  int64_t i;
  ct_layout L;
  ct_tuple c;
  CT_TRY(ct_as_int(&a->a[0], &i, "the index", e));
  CT_TRY(ct_as_layout_m(&a->a[1], &L, "the layout or shape", e));
  CT_TRY(ct_idx2crd(i, &L.shape, &c, e));
  ct_v_tuple(out, &c);
  return CT_OK;
}

/* eval(L, c) or eval(L, i, j, ...): the offset; a coordinate with `_` slices. */
ct_code ct_b_eval(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L;
  ct_tuple crd;
  CT_TRY(ct_as_layout_m(&a->a[0], &L, "the layout", e));
  if (a->n == 2) {
    const ct_tuple *t;
    CT_TRY(ct_as_tuple(&a->a[1], &t, "the coordinate", e));
    crd = *t;
  } else {
    CT_TRY(ct_tuple_of_args(a->a + 1, a->n - 1, "a coordinate", &crd, e));
  }
  if (ct_t_has_all(&crd, 0)) {
    ct_layout r;
    CT_TRY(ct_l_slice(&crd, &L, &r, e));
    ct_v_layout(out, &r);
    return CT_OK;
  }
  {
    ct_tuple v; /* an offset, or a coordinate tuple for basis strides (spec/basis.md) */
    CT_TRY(ct_basis_eval(&crd, &L, &v, e));
    ct_v_tuple(out, &v);
  }
  return CT_OK;
}

/* make_layout(shape), make_layout(shape, stride), make_layout(shape,
 * LayoutLeft|LayoutRight), or the concatenation make_layout(L0, L1, ...). */
ct_code ct_b_make_layout(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout r;
  if (a->n == 1) {
    CT_TRY(ct_as_layout_m(&a->a[0], &r, "the argument", e));
    ct_v_layout(out, &r);
    return CT_OK;
  }
  if (a->n == 2 && a->a[0].kind == CT_V_TUPLE && ct_t_has_basis(&a->a[0].l.shape, 0))
    return CT_FAIL(e, CT_ARG_TYPE, "make_layout: a basis element in the shape");
  if (a->n == 2 && a->a[0].kind == CT_V_TUPLE && a->a[1].kind == CT_V_SYMBOL) {
    if (strcmp(a->a[1].sym, "LayoutRight") == 0) CT_TRY(ct_l_compact_right(&a->a[0].l.shape, &r, e));
    else CT_TRY(ct_l_compact_left(&a->a[0].l.shape, &r, e));
    ct_v_layout(out, &r);
    return CT_OK;
  }
  if (a->n == 2 && a->a[0].kind == CT_V_TUPLE && a->a[1].kind == CT_V_TUPLE) {
    CT_TRY(ct_l_make(&a->a[0].l.shape, &a->a[1].l.shape, &r, e));
    ct_v_layout(out, &r);
    return CT_OK;
  }
  {
    ct_layout parts[CT_MAX_ARGS];
    const ct_layout *pp[CT_MAX_ARGS];
    int k;
    for (k = 0; k < a->n; ++k) {
      CT_TRY(ct_as_layout_m(&a->a[k], &parts[k], "each argument", e));
      pp[k] = &parts[k];
    }
    CT_TRY(ct_l_concat(pp, a->n, &r, e));
    ct_v_layout(out, &r);
  }
  return CT_OK;
}

ct_code ct_b_flatten(const ct_args *a, ct_value *out, ct_err *e) {
  if (a->a[0].kind == CT_V_TUPLE) {
    ct_tuple t;
    CT_TRY(ct_t_flatten(&a->a[0].l.shape, &t, e));
    ct_v_tuple(out, &t);
    return CT_OK;
  }
  {
    ct_layout L, r;
    CT_TRY(ct_as_layout_m(&a->a[0], &L, "the layout", e));
    CT_TRY(ct_l_flatten(&L, &r, e));
    ct_v_layout(out, &r);
  }
  return CT_OK;
}

static ct_code ct_two_targs(const ct_args *a, const char *name, ct_err *e) {
  if (a->nt != 2) return CT_FAIL(e, CT_ARITY, "%s<b,e> takes two template integers, got %d", name, a->nt);
  return CT_OK;
}

ct_code ct_b_group(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, r;
  CT_TRY(ct_two_targs(a, "group", e));
  CT_TRY(ct_as_layout_m(&a->a[0], &L, "the layout", e));
  CT_TRY(ct_l_group(&L, a->t[0], a->t[1], &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_take(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, r;
  CT_TRY(ct_two_targs(a, "take", e));
  CT_TRY(ct_as_layout_m(&a->a[0], &L, "the layout", e));
  CT_TRY(ct_l_take(&L, a->t[0], a->t[1], &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_select(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, r;
  CT_TRY(ct_as_layout_m(&a->a[0], &L, "the layout", e));
  CT_TRY(ct_l_select(&L, a->t, a->nt, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_slice(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *c;
  ct_layout L, r;
  CT_TRY(ct_as_tuple(&a->a[0], &c, "the coordinate", e));
  CT_TRY(ct_as_layout_m(&a->a[1], &L, "the layout", e));
  CT_TRY(ct_l_slice(c, &L, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_dice(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *c;
  ct_layout L, r;
  CT_TRY(ct_as_tuple(&a->a[0], &c, "the coordinate", e));
  CT_TRY(ct_as_layout_m(&a->a[1], &L, "the layout", e));
  CT_TRY(ct_l_dice(c, &L, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}
