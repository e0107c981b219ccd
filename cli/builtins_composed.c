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
#include "judges.h"
#include "judge/judge_composed.h"
#include "registry.h"
#include "ref/coalesce.h"

#include <stdio.h>
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

/* composition(L, Sw) (SW-8) and composition(L, A o 0 o B) (CL-9): a layout
 * after a swizzle or a composed layout, CuTe's form where it is L o X. */
static ct_code ct_l_composition_cl(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L;
  ct_composed R;
  int plain;
  CT_TRY(ct_as_layout(&a->a[0], &L, "composition's first argument", e));
  if (a->a[1].kind == CT_V_SWIZZLE) CT_TRY(ct_l_compose_swizzle(&L, &a->a[1].c.sw, &R, &plain, e));
  else CT_TRY(ct_l_compose_composed(&L, &a->a[1].c, &R, &plain, e));
  if (plain) ct_v_layout(out, &R.inner);
  else ct_v_composed(out, &R);
  return CT_OK;
}

/* logical_product(L, Sw o 0 o T) (PROD-8; spec/product.md, PROD-CL):
 * CuTe's form where it is (L, A* o C) as a function. */
static ct_code ct_l_product_cl(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L;
  ct_composed R;
  int plain;
  CT_TRY(ct_as_layout(&a->a[0], &L, "logical_product's first argument", e));
  CT_TRY(ct_l_product_composed(&L, &a->a[1].c, &R, &plain, e));
  if (plain) ct_v_layout(out, &R.inner);
  else ct_v_composed(out, &R);
  return CT_OK;
}

static int ct_form_composed(const ct_value *v, ct_composed *C);
/* upcast<N>(X) | upcast(X, N), downcast, recast_layout<OLD,NEW>(X) of a
 * swizzle or a swizzled composed layout (REC-3, REC-4; spec/recast.md). */
static ct_code ct_cl_casts(const char *name, const ct_args *a, ct_value *out, ct_err *e) {
  const ct_value *x = &a->a[0];
  int64_t old_bits = 1, new_bits = 1;
  ct_val n;
  n.v = 1;
  n.stat = 1;
  if (!ct_v_is_composed_form(x) || (a->n == 2 && ct_v_is_composed_form(&a->a[1])))
    return CT_FAIL(e, CT_ARG_TYPE, "%s: a swizzle or a composed layout is its first argument (spec/recast.md)", name);
  if (name[0] == 'r') {
    if (a->nt != 2 || a->n != 1) return CT_FAIL(e, CT_ARITY, "recast_layout takes <OLD_BITS,NEW_BITS>(X)");
    old_bits = a->t[0];
    new_bits = a->t[1];
  } else if (a->has_t) {
    if (a->nt != 1 || a->n != 1) return CT_FAIL(e, CT_ARITY, "%s takes %s<N>(X) or %s(X, N)", name, name, name);
    n.v = a->t[0];
  } else {
    const ct_tuple *t;
    if (a->n != 2) return CT_FAIL(e, CT_ARITY, "%s takes %s<N>(X) or %s(X, N)", name, name, name);
    CT_TRY(ct_as_tuple(&a->a[1], &t, "N", e));
    if (t->nd[0].kind != CT_INT) return CT_FAIL(e, CT_ARG_TYPE, "%s: N must be an integer", name);
    n.v = t->nd[0].v;
    n.stat = t->nd[0].stat;
  }
  if (x->kind == CT_V_SWIZZLE) {
    ct_swizzle w;
    if (name[0] == 'r') CT_TRY(ct_sw_recast_layout(&x->c.sw, old_bits, new_bits, &w, e));
    else if (name[0] == 'u') CT_TRY(ct_sw_upcast(&x->c.sw, n.v, &w, e));
    else CT_TRY(ct_sw_downcast(&x->c.sw, n.v, &w, e));
    ct_v_swizzle(out, &w);
  } else {
    ct_composed R;
    if (name[0] == 'r') CT_TRY(ct_cl_recast_layout(&x->c, old_bits, new_bits, &R, e));
    else CT_TRY(ct_cl_cast(&x->c, n, name[0] == 'u', &R, e));
    ct_v_composed(out, &R);
  }
  return CT_OK;
}


/* max_common_layout / max_common_vector with a swizzled composed layout
 * (MCL-6, MCV-3; spec/inverse.md, MCL-COMPOSED): a layout L is
 * Sw<0,0,0> o 0 o L; a bare swizzle is ARG_TYPE. */
static ct_code ct_cl_common(const char *name, const ct_args *a, ct_value *out, ct_err *e) {
  static ct_composed x, y;
  int k;
  for (k = 0; k < 2; ++k)
    if (!ct_form_composed(&a->a[k], k == 0 ? &x : &y))
      return CT_FAIL(e, CT_ARG_TYPE, "%s's %s argument must be a layout or a composed layout", name,
                     k == 0 ? "first" : "second");
  if (name[11] == 'l') { /* max_common_layout */
    ct_layout R;
    CT_TRY(ct_cl_max_common_layout(&x, &y, &R, e));
    ct_v_layout(out, &R);
  } else {
    ct_val v;
    CT_TRY(ct_cl_max_common_vector(&x, &y, &v, e));
    ct_v_val(out, v);
  }
  return CT_OK;
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

/* get_swizzle_portion(X), get_nonswizzle_portion(X): of Sw o O o B, Sw and
 * B; of a layout, the identity Sw<0,4,3> and the layout (CL-7, CL-8). */
static ct_code ct_portion_arg(const ct_args *a, const char *name, ct_composed *C, int *plain, ct_err *e) {
  const ct_value *v = &a->a[0];
  char what[64];
  *plain = v->kind != CT_V_COMPOSED;
  if (v->kind == CT_V_COMPOSED) {
    *C = v->c;
    return CT_OK;
  }
  if (v->kind == CT_V_SWIZZLE)
    return CT_FAIL(e, CT_ARG_TYPE, "%s of a bare swizzle: CuTe defines it on a composed layout or a layout "
                                   "(spec/composed.md, CL-PORTION)", name);
  snprintf(what, sizeof what, "%s's argument", name);
  CT_TRY(ct_as_layout(v, &C->inner, what, e));
  ct_cl_of_layout(&C->inner, C);
  return CT_OK;
}

ct_code ct_b_get_swizzle_portion(const ct_args *a, ct_value *out, ct_err *e) {
  ct_composed C;
  ct_swizzle w;
  int plain;
  CT_TRY(ct_portion_arg(a, "get_swizzle_portion", &C, &plain, e));
  if (plain) ct_l_swizzle_portion(&w);
  else CT_TRY(ct_cl_swizzle_portion(&C, &w, e));
  ct_v_swizzle(out, &w);
  return CT_OK;
}

ct_code ct_b_get_nonswizzle_portion(const ct_args *a, ct_value *out, ct_err *e) {
  ct_composed C;
  ct_layout N;
  int plain;
  CT_TRY(ct_portion_arg(a, "get_nonswizzle_portion", &C, &plain, e));
  if (plain) N = C.inner;
  else CT_TRY(ct_cl_nonswizzle_portion(&C, &N, e));
  ct_v_layout(out, &N);
  return CT_OK;
}

/* conform's judges of the two (CL-7, CL-8): the argument as a composed form,
 * -1 where it is none (the request was rejected: nothing to judge). */
static int ct_jx_portion_arg(const ct_value *args, int n, ct_composed *C, int *plain) {
  ct_args a;
  ct_err e;
  a.a = (ct_value *)args;
  a.n = n;
  return n == 1 && ct_portion_arg(&a, "", C, plain, &e) == CT_OK &&
         (*plain || C->outer_kind == CT_OUTER_SWIZZLE);
}

int ct_jx_get_swizzle_portion(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                              ct_judgement *j) {
  static ct_composed C;
  int plain;
  (void)accepted, (void)bound;
  if (!ct_jx_portion_arg(args, n, &C, &plain)) return -1;
  if (result->kind != CT_V_SWIZZLE) {
    CT_J_VIOLATES(j, plain ? "CL-8" : "CL-7", "the result is not a swizzle");
    return 0;
  }
  return ct_jx_status(ct_judge_cl_swizzle_portion(&C, plain, &result->c.sw, j));
}

int ct_jx_get_nonswizzle_portion(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                                 ct_judgement *j) {
  static ct_composed C;
  ct_layout N;
  int plain;
  (void)accepted;
  if (!ct_jx_portion_arg(args, n, &C, &plain)) return -1;
  if (!ct_jx_result(result, &N, plain ? "CL-8" : "CL-7", j)) return 0;
  return ct_jx_status(ct_judge_cl_nonswizzle_portion(&C, plain, &N, bound, j));
}

ct_code ct_composed_call(const ct_op *b, const ct_args *a, ct_value *out, ct_err *e) {
  const char *name = b->name;
  const ct_value *first = &a->a[0];
  int k;
  if (b->fn == ct_b_make_composed_layout || b->fn == ct_b_recast_swizzle || b->fn == ct_b_get_swizzle_portion ||
      b->fn == ct_b_get_nonswizzle_portion || b->fn == ct_b_domain_offset ||
      b->fn == ct_b_tiled_copy_partition_s || b->fn == ct_b_tiled_copy_partition_d || /* TCOPY-10 */
      b->fn == ct_b_tiled_copy_partition_s_offset || b->fn == ct_b_tiled_copy_partition_d_offset ||
      b->fn == ct_b_tiled_copy_impl_partition_s || b->fn == ct_b_tiled_copy_impl_partition_d ||
      b->fn == ct_b_tiled_copy_impl_partition_s_offset || b->fn == ct_b_tiled_copy_impl_partition_d_offset)
    return b->fn(a, out, e);
  if (strcmp(name, "eval") == 0 && ct_v_is_composed_form(first)) return ct_cl_apply(a, out, e);
  if (strcmp(name, "composition") == 0 && first->kind == CT_V_SWIZZLE) return ct_sw_composition(a, out, e);
  if ((strcmp(name, "right_inverse") == 0 || strcmp(name, "left_inverse") == 0) && first->kind == CT_V_SWIZZLE) {
    ct_swizzle inv;
    ct_sw_inverse(&first->c.sw, &inv); /* SW-6: an involution */
    ct_v_swizzle(out, &inv);
    return CT_OK;
  }
  if ((strcmp(name, "right_inverse") == 0 || strcmp(name, "left_inverse") == 0) && first->kind == CT_V_COMPOSED &&
      a->n == 1) { /* RINV-8, LINV-7 (spec/inverse.md, CL-INV) */
    ct_composed R;
    int plain;
    CT_TRY(name[0] == 'r' ? ct_cl_right_inverse(&first->c, &R, &plain, e) : ct_cl_left_inverse(&first->c, &R, &plain, e));
    if (plain) ct_v_layout(out, &R.inner);
    else ct_v_composed(out, &R);
    return CT_OK;
  }
  if (strcmp(name, "slice") == 0 && a->n == 2 && a->a[1].kind == CT_V_COMPOSED && !ct_v_is_composed_form(first)) {
    const ct_tuple *c;
    CT_TRY(ct_as_tuple(first, &c, "slice's coordinate", e));
    out->kind = CT_V_COMPOSED;
    CT_TRY(ct_cl_slice(c, &a->a[1].c, &out->c, e));
    return ct_cl_check(&out->c, e); /* what is printed must evaluate (CL-DEF) */
  }
  if ((strcmp(name, "max_common_layout") == 0 || strcmp(name, "max_common_vector") == 0) && a->n == 2)
    return ct_cl_common(name, a, out, e);
  if (strcmp(name, "nullspace") == 0 && a->n == 1 && first->kind == CT_V_COMPOSED) { /* NULL-5 (spec/inverse.md) */
    ct_layout R;
    CT_TRY(ct_cl_nullspace(&first->c, &R, e));
    ct_v_layout(out, &R);
    return CT_OK;
  }
  if (strcmp(name, "max_alignment") == 0 && a->n == 1) { /* ALIGN-3 (spec/recast.md) */
    ct_val v;
    if (first->kind == CT_V_SWIZZLE) CT_TRY(ct_sw_max_alignment(&first->c.sw, &v, e));
    else CT_TRY(ct_cl_max_alignment(&first->c, &v, e));
    ct_v_val(out, v);
    return CT_OK;
  }
  if (strcmp(name, "make_layout") == 0 && a->n == 1 && first->kind == CT_V_SWIZZLE) { /* SW-9 */
    ct_composed R;
    int plain;
    CT_TRY(ct_sw_make_layout(&first->c.sw, &R, &plain, e));
    if (plain) ct_v_layout(out, &R.inner);
    else ct_v_composed(out, &R);
    return CT_OK;
  }
  if (strcmp(name, "upcast") == 0 || strcmp(name, "downcast") == 0 || strcmp(name, "recast_layout") == 0)
    return ct_cl_casts(name, a, out, e);
  /* From here on, only a composed layout as the first argument. */
  for (k = 0; k < a->n; ++k)
    if (ct_v_is_composed_form(&a->a[k]) && (k > 0 || a->a[k].kind == CT_V_SWIZZLE)) {
      if (strcmp(name, "composition") == 0 && k == 1 && a->a[0].kind == CT_V_LAYOUT)
        return ct_l_composition_cl(a, out, e);
      if (strcmp(name, "logical_product") == 0 && k == 1 && a->n == 2 &&
          (a->a[0].kind == CT_V_LAYOUT || a->a[0].kind == CT_V_TUPLE) && a->a[1].kind == CT_V_COMPOSED)
        return ct_l_product_cl(a, out, e);
      if (strcmp(name, "composition") == 0 && k == 1)
        return CT_FAIL(e, CT_ARG_TYPE, "composition(A, B) with A %s and B %s is not defined here (spec/composed.md)",
                       a->a[0].kind == CT_V_SWIZZLE ? "a swizzle" : "a composed layout",
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

/* conform's judges of right_inverse and left_inverse: RINV-8 and LINV-7 on
 * a composed argument (spec/inverse.md, CL-INV), judges.c's on a layout. */
static int ct_jx_inverse_cl(const ct_value *args, int n, const ct_value *result, int64_t bound, int left,
                            ct_judgement *j) {
  static ct_composed R;
  if (!ct_form_composed(result, &R)) {
    CT_J_VIOLATES(j, left ? "LINV-7" : "RINV-8", "the result is neither a layout nor a composed layout");
    return 0;
  }
  (void)n;
  return ct_jx_status(left ? ct_judge_linv_7(&args[0].c, &R, bound, j) : ct_judge_rinv_8(&args[0].c, &R, bound, j));
}

int ct_jx_right_inverse_any(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                            ct_judgement *j) {
  if (n == 1 && args[0].kind == CT_V_COMPOSED) return ct_jx_inverse_cl(args, n, result, bound, 0, j);
  return ct_jx_right_inverse(args, n, result, accepted, bound, j);
}

int ct_jx_left_inverse_any(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                           ct_judgement *j) {
  if (n == 1 && args[0].kind == CT_V_COMPOSED) return ct_jx_inverse_cl(args, n, result, bound, 1, j);
  return ct_jx_left_inverse(args, n, result, accepted, bound, j);
}

/* conform's judge of composition: SW-8 for a layout after a swizzle, CL-9
 * after a composed layout, judges.c's otherwise. */
int ct_jx_composition_any(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                          ct_judgement *j) {
  static ct_composed R;
  ct_layout L;
  ct_err e;
  int second = n == 2 ? (int)args[1].kind : -1;
  if (second != CT_V_SWIZZLE && second != CT_V_COMPOSED) return ct_jx_composition(args, n, result, accepted, bound, j);
  if (ct_as_layout(&args[0], &L, "L", &e) != CT_OK) return -1;
  if (!ct_form_composed(result, &R)) {
    CT_J_VIOLATES(j, second == CT_V_SWIZZLE ? "SW-8" : "CL-9", "the result is neither a layout nor a composed layout");
    return 0;
  }
  if (second == CT_V_SWIZZLE) return ct_jx_status(ct_judge_sw_8(&L, &args[1].c.sw, &R, bound, j));
  return ct_jx_status(ct_judge_cl_9(&L, &args[1].c, &R, bound, j));
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

/* domain_offset(c, X) (DOFF-DEF in spec/layout.md): of A o O o B,
 * A o (O + B(c)) o B; of a layout L, CuTe's pair (L, L(c)) as the one value
 * Sw<0,0,0> o L(c) o L, L itself where L(c) = 0. */
ct_code ct_b_domain_offset(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *c;
  ct_composed X, R;
  int plain = a->a[1].kind == CT_V_LAYOUT || a->a[1].kind == CT_V_TUPLE;
  CT_TRY(ct_as_tuple(&a->a[0], &c, "domain_offset's coordinate", e));
  if (a->a[1].kind == CT_V_COMPOSED) X = a->a[1].c;
  else if (a->a[1].kind == CT_V_SWIZZLE)
    return CT_FAIL(e, CT_ARG_TYPE, "domain_offset of a bare swizzle: it has no domain (spec/layout.md, DOFF-DEF)");
  else {
    CT_TRY(ct_as_layout(&a->a[1], &X.inner, "domain_offset's layout", e));
    ct_cl_of_layout(&X.inner, &X);
  }
  CT_TRY(ct_cl_domain_offset(c, &X, &R, e));
  if (plain && ct_cl_offset(&R) == 0) ct_v_layout(out, &R.inner);
  else ct_v_composed(out, &R);
  return CT_OK;
}

/* conform's judges of logical_product with a composed second argument
 * (PROD-8) and of domain_offset (DOFF-1, DOFF-2); -1 where nothing is
 * judged (a plain product is the contract judge's, ct_cx_product). */
int ct_jx_logical_product_cl(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                             ct_judgement *j) {
  static ct_composed R;
  ct_layout L;
  ct_err e;
  (void)accepted;
  if (n != 2 || args[1].kind != CT_V_COMPOSED || ct_as_layout(&args[0], &L, "L", &e) != CT_OK) return -1;
  if (!ct_form_composed(result, &R)) {
    CT_J_VIOLATES(j, "PROD-8", "the result is neither a layout nor a composed layout");
    return 0;
  }
  return ct_jx_status(ct_judge_prod_8(&L, &args[1].c, &R, bound, j));
}

int ct_jx_domain_offset(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                        ct_judgement *j) {
  static ct_composed X, R;
  const ct_tuple *c;
  ct_err e;
  ct_jstatus s1, s2;
  (void)accepted;
  if (n != 2 || ct_as_tuple(&args[0], &c, "c", &e) != CT_OK || !ct_form_composed(&args[1], &X)) return -1;
  if (!ct_form_composed(result, &R)) {
    CT_J_VIOLATES(j, "DOFF-2", "the result is neither a layout nor a composed layout");
    return 0;
  }
  s2 = ct_judge_doff_2(&X, c, &R, bound, j);
  if (s2 == CT_J_VIOLATED) return 0;
  s1 = ct_judge_doff_1(&X, c, &R, bound, j);
  if (s1 == CT_J_VIOLATED) return 0;
  return s1 == CT_J_HOLDS && s2 == CT_J_HOLDS ? 1 : -1;
}
