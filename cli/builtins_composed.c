/* builtins_composed.c -- the operations on swizzles and composed layouts
 * (spec/swizzle.md, spec/composed.md).
 *
 * The evaluator sends every call with a swizzle or a composed layout among
 * its arguments here (ct_composed_call). As CuTe's layout_composed.hpp, an
 * operation either answers from the inner layout alone (size, shape, ...),
 * or applies to the inner layout and keeps the outer function and the
 * offset (the divides, products, tile_to_shape, composition with a tiler,
 * ...); the few of its own (evaluation, slicing, composition with a
 * swizzle, the inverses of a swizzle) are here too. Anything else is
 * ARG_TYPE naming the operation. Which of these an operation does is its
 * registry row's `composed` (cli/registry.h). */
#include "builtins.h"
#include "registry.h"
#include "ref/coalesce.h"

#include <stdlib.h>
#include <string.h>

static ct_code ct_not_defined(const char *name, const ct_value *v, ct_err *e) {
  return CT_FAIL(e, CT_ARG_TYPE, "%s is not defined on %s here (spec/%s)", name,
                 v->kind == CT_V_SWIZZLE ? "a swizzle" : "a composed layout",
                 v->kind == CT_V_SWIZZLE ? "swizzle.md" : "composed.md");
}

/* Calls the operation with argument 0 replaced by the inner layout. */
static ct_code ct_call_on_inner(const ct_op *b, const ct_args *a, ct_value *out, ct_err *e) {
  ct_value *args = (ct_value *)malloc(sizeof(ct_value) * (size_t)(a->n > 0 ? a->n : 1));
  ct_args a2 = *a;
  ct_code rc;
  int k;
  if (!args) abort(); /* out of memory: nothing sensible to answer */
  for (k = 1; k < a->n; ++k) args[k] = a->a[k];
  ct_v_layout(&args[0], &a->a[0].c.inner);
  a2.a = args;
  rc = ct_op_call(b, &a2, out, e);
  free(args);
  return rc;
}

/* eval(C, c...) / C(c): CL-1; a coordinate with `_` slices (CL-5). */
static ct_code ct_cl_apply(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_value *f = &a->a[0];
  ct_tuple crd;
  const ct_tuple *t;
  if (a->n == 2) {
    CT_TRY(ct_as_tuple(&a->a[1], &t, "eval's coordinate", e));
    crd = *t;
  } else {
    CT_TRY(ct_tuple_of_args(a->a + 1, a->n - 1, "eval's coordinate", &crd, e));
  }
  if (f->kind == CT_V_SWIZZLE) { /* SW-1 */
    if (crd.nd[0].kind != CT_INT)
      return CT_FAIL(e, CT_ARG_TYPE, "a swizzle is evaluated at an integer offset: Sw<B,M,S>(x)");
    ct_v_int(out, ct_sw_apply(&f->c.sw, crd.nd[0].v), 0);
    return CT_OK;
  }
  if (ct_t_has_all(&crd, 0)) {
    out->kind = CT_V_COMPOSED;
    return ct_cl_slice(&crd, &f->c, &out->c, e);
  }
  {
    int64_t x;
    CT_TRY(ct_cl_crd2idx(&crd, &f->c, &x, e));
    ct_v_int(out, x, 0);
    return CT_OK;
  }
}

/* composition with a swizzle first: Sw o Sw (SW-5), Sw o L (SW-7). */
static ct_code ct_sw_composition(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_swizzle *w = &a->a[0].c.sw;
  if (a->a[1].kind == CT_V_SWIZZLE) {
    ct_swizzle r;
    CT_TRY(ct_sw_compose(w, &a->a[1].c.sw, &r, e));
    ct_v_swizzle(out, &r);
    return CT_OK;
  }
  if (a->a[1].kind == CT_V_COMPOSED) return ct_not_defined("composition(Sw, composed layout)", &a->a[1], e);
  {
    ct_layout L;
    ct_composed C;
    int plain;
    CT_TRY(ct_as_layout(&a->a[1], &L, "composition's second argument", e));
    CT_TRY(ct_cl_of_swizzle(w, &L, &C, &plain, e));
    if (plain) ct_v_layout(out, &C.inner);
    else ct_v_composed(out, &C);
    return CT_OK;
  }
}

ct_code ct_make_composed(const ct_value *parts, ct_value *out, ct_err *e) {
  ct_composed C;
  ct_code rc = CT_OK;
  if (parts[0].kind == CT_V_SWIZZLE) {
    C.outer_kind = CT_OUTER_SWIZZLE;
    C.sw = parts[0].c.sw;
    ct_t_clear(&C.outer.shape); /* unused: empty, as ref/atoms.c leaves it */
    ct_t_clear(&C.outer.stride);
  } else {
    C.outer_kind = CT_OUTER_LAYOUT;
    ct_sw_set(&C.sw, 0, 0, 0);
    rc = ct_as_layout(&parts[0], &C.outer, "the outer function of a composed layout", e);
  }
  if (rc == CT_OK && parts[1].kind != CT_V_TUPLE)
    rc = CT_FAIL(e, CT_ARG_TYPE, "the offset of a composed layout must be an integer, got %s",
                 parts[1].kind == CT_V_LAYOUT ? "a layout" : "another kind");
  if (rc == CT_OK) {
    C.offset = parts[1].l.shape;
    rc = ct_as_layout(&parts[2], &C.inner, "the inner layout of a composed layout", e);
  }
  if (rc == CT_OK) rc = ct_cl_check(&C, e);
  if (rc == CT_OK) ct_v_composed(out, &C);
  return rc;
}

/* make_composed_layout(A, O, B) = A o O o B (CL-1). */
ct_code ct_b_make_composed_layout(const ct_args *a, ct_value *out, ct_err *e) { return ct_make_composed(a->a, out, e); }

ct_code ct_composed_call(const ct_op *b, const ct_args *a, ct_value *out, ct_err *e) {
  const char *name = b->name;
  const ct_value *first = &a->a[0];
  int k;
  if (b->fn == ct_b_make_composed_layout || b->fn == ct_b_recast_swizzle) return b->fn(a, out, e);
  if (strcmp(name, "eval") == 0 && ct_v_is_composed_form(first)) return ct_cl_apply(a, out, e);
  if (strcmp(name, "composition") == 0 && first->kind == CT_V_SWIZZLE) return ct_sw_composition(a, out, e);
  if ((strcmp(name, "right_inverse") == 0 || strcmp(name, "left_inverse") == 0) && first->kind == CT_V_SWIZZLE) {
    ct_swizzle inv;
    ct_sw_inverse(&first->c.sw, &inv); /* SW-6: an involution */
    ct_v_swizzle(out, &inv);
    return CT_OK;
  }
  if (strcmp(name, "slice") == 0 && a->n == 2 && a->a[1].kind == CT_V_COMPOSED && !ct_v_is_composed_form(first)) {
    const ct_tuple *c;
    CT_TRY(ct_as_tuple(first, &c, "slice's coordinate", e));
    out->kind = CT_V_COMPOSED;
    CT_TRY(ct_cl_slice(c, &a->a[1].c, &out->c, e));
    return ct_cl_check(&out->c, e); /* what is printed must evaluate (CL-DEF) */
  }
  /* From here on, only a composed layout as the first argument. */
  for (k = 0; k < a->n; ++k)
    if (ct_v_is_composed_form(&a->a[k]) && (k > 0 || a->a[k].kind == CT_V_SWIZZLE)) {
      if (strcmp(name, "composition") == 0 && k == 1)
        return CT_FAIL(e, CT_ARG_TYPE, "composition(A, B) with B %s is not defined here (spec/composed.md)",
                       a->a[k].kind == CT_V_SWIZZLE ? "a swizzle" : "a composed layout");
      return ct_not_defined(name, &a->a[k], e);
    }
  if (strcmp(name, "stride") == 0)
    return CT_FAIL(e, CT_ARG_TYPE, "stride of a composed layout: CuTe deletes it, a composed layout has no strides");
  if (b->composed == CT_CL_QUERY || b->composed == CT_CL_PLAIN) return ct_call_on_inner(b, a, out, e);
  if (b->composed == CT_CL_ON_INNER) {
    ct_composed C = first->c;
    CT_TRY(ct_call_on_inner(b, a, out, e));
    if (out->kind != CT_V_LAYOUT) return CT_FAIL(e, CT_ARG_TYPE, "%s of a composed layout: the inner result is no layout", name);
    ct_cl_rewrap(&C, &out->l, &C);
    CT_TRY(ct_cl_check(&C, e)); /* what is printed must evaluate (CL-DEF) */
    ct_v_composed(out, &C);
    return CT_OK;
  }
  return ct_not_defined(name, first, e);
}

/* make_swizzle(Y, Z): the swizzle of two masks (SW-4). */
ct_code ct_b_make_swizzle(const ct_args *a, ct_value *out, ct_err *e) {
  int64_t y, z;
  ct_swizzle w;
  CT_TRY(ct_as_int(&a->a[0], &y, "make_swizzle's Y mask", e));
  CT_TRY(ct_as_int(&a->a[1], &z, "make_swizzle's Z mask", e));
  CT_TRY(ct_make_swizzle(y, z, &w, e));
  ct_v_swizzle(out, &w);
  return CT_OK;
}

/* A composed form as a composed layout: a plain layout L is Sw<0,0,0> o 0 o L. */
static int ct_form_composed(const ct_value *v, ct_composed *C) {
  ct_err e;
  if (v->kind == CT_V_COMPOSED) {
    *C = v->c;
    return 1;
  }
  if (v->kind != CT_V_LAYOUT || ct_as_layout(v, &C->inner, "", &e) != CT_OK) return 0;
  ct_cl_of_layout(&C->inner, C);
  return 1;
}

/* EQUIV-2 for composed layouts: the same function with a compatible shape
 * (spec/composed.md, CL-6), compared index by index up to CT_CL_EQUIV_MAX
 * indices. Swizzles: the same function (SW-1). */
#define CT_CL_EQUIV_MAX ((int64_t)1 << 20)
int ct_composed_equivalent(const ct_value *a, const ct_value *b) {
  static ct_composed x, y;
  if (a->kind == CT_V_SWIZZLE || b->kind == CT_V_SWIZZLE)
    return a->kind == b->kind && ct_sw_same(&a->c.sw, &b->c.sw);
  if (!ct_form_composed(a, &x) || !ct_form_composed(b, &y)) return 0;
  return ct_cl_equivalent(&x, &y, CT_CL_EQUIV_MAX);
}
