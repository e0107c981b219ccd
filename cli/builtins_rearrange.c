/* builtins_rearrange.c -- the mode rearrangements of spec/rearrange.md:
 * append<N>, prepend<N>, replace<N>, zip, unflatten, product_each. They
 * take basis strides (they never read a stride's value). */
#include "builtins.h"
#include "ref/rearrange.h"
#include "ref/recast.h"

/* The padding x of append/prepend: the second argument, else 1:0 (CuTe's
 * default Layout<_1,_0>). */
static ct_code ct_pad_arg(const ct_args *a, ct_layout *x, ct_err *e) {
  if (a->n == 2) return ct_as_layout_m(&a->a[1], x, "the padding layout", e);
  ct_l_set_int(x, 1, 1, 0, 1);
  return CT_OK;
}

static ct_code ct_one_targ(const ct_args *a, const char *name, ct_err *e) {
  if (a->nt != 1) return CT_FAIL(e, CT_ARITY, "%s takes one template argument <N>", name);
  return CT_OK;
}

/* append(L[, x]) without <N>: x (default 1:0) becomes the last mode
 * (LAYOUT-5); append<N>(L[, x]) pads to rank N (REARR-1). */
ct_code ct_b_append(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, x, r;
  CT_TRY(ct_as_layout_m(&a->a[0], &L, "the layout", e));
  CT_TRY(ct_pad_arg(a, &x, e));
  if (a->has_t) {
    CT_TRY(ct_one_targ(a, "append", e));
    CT_TRY(ct_l_append_n(&L, a->t[0], &x, &r, e));
  } else {
    CT_TRY(ct_l_append(&L, &x, &r, e));
  }
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_prepend(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, x, r;
  CT_TRY(ct_as_layout_m(&a->a[0], &L, "the layout", e));
  CT_TRY(ct_pad_arg(a, &x, e));
  if (a->has_t) {
    CT_TRY(ct_one_targ(a, "prepend", e));
    CT_TRY(ct_l_prepend_n(&L, a->t[0], &x, &r, e));
  } else {
    CT_TRY(ct_l_prepend(&L, &x, &r, e));
  }
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_replace(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, x, r;
  CT_TRY(ct_one_targ(a, "replace", e));
  CT_TRY(ct_as_layout_m(&a->a[0], &L, "the layout", e));
  CT_TRY(ct_as_layout_m(&a->a[1], &x, "the new mode", e));
  CT_TRY(ct_l_replace(&L, a->t[0], &x, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

/* zip(L), or zip(A, B) = zip(make_layout(A, B)). */
ct_code ct_b_zip(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, B, r;
  CT_TRY(ct_as_layout_m(&a->a[0], &L, "zip's first layout", e));
  if (a->n == 2) {
    const ct_layout *ls[2];
    ct_layout AB;
    CT_TRY(ct_as_layout_m(&a->a[1], &B, "zip's second layout", e));
    ls[0] = &L;
    ls[1] = &B;
    CT_TRY(ct_l_concat(ls, 2, &AB, e));
    L = AB;
  }
  CT_TRY(ct_l_zip(&L, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_unflatten(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, r;
  const ct_tuple *p;
  CT_TRY(ct_as_layout_m(&a->a[0], &L, "unflatten's layout", e));
  CT_TRY(ct_as_tuple(&a->a[1], &p, "unflatten's profile", e));
  CT_TRY(ct_l_unflatten(&L, p, &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}

ct_code ct_b_product_each(const ct_args *a, ct_value *out, ct_err *e) {
  const ct_tuple *s;
  ct_tuple t;
  CT_TRY(ct_as_tuple(&a->a[0], &s, "product_each's shape", e));
  CT_TRY(ct_t_product_each(s, &t, e));
  ct_v_tuple(out, &t);
  return CT_OK;
}

/* recast_layout<OLD,NEW>(L) (spec/recast.md). */
ct_code ct_b_recast_layout(const ct_args *a, ct_value *out, ct_err *e) {
  ct_layout L, r;
  if (a->nt != 2) return CT_FAIL(e, CT_ARITY, "recast_layout takes two template arguments <OLD_BITS,NEW_BITS>");
  CT_TRY(ct_as_layout(&a->a[0], &L, "recast_layout's layout", e));
  CT_TRY(ct_recast_layout(&L, a->t[0], a->t[1], &r, e));
  ct_v_layout(out, &r);
  return CT_OK;
}
