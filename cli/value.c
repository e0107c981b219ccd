/* value.c -- conversions between evaluator values (spec/expressions.md). */
#include "value.h"
#include "builtins.h" /* CT_MAX_ARGS */

#include <stdio.h>
#include <string.h>

static const char *ct_kind_name(ct_vkind k) {
  switch (k) {
  case CT_V_TUPLE: return "an IntTuple";
  case CT_V_LAYOUT: return "a layout";
  case CT_V_TILER: return "a tiler";
  case CT_V_BOOL: return "a boolean";
  case CT_V_SWIZZLE: return "a swizzle";
  case CT_V_COMPOSED: return "a composed layout";
  default: return "a name";
  }
}

int ct_v_has_basis(const ct_value *v) {
  if (v->kind == CT_V_LAYOUT || v->kind == CT_V_TILER) return ct_t_has_basis(&v->l.stride, 0);
  return v->kind == CT_V_TUPLE && ct_t_has_basis(&v->l.shape, 0);
}

/* VALUE-STRIDE: an operation not extended by spec/basis.md rejects basis strides. */
static ct_code ct_no_basis(const ct_value *v, const char *what, ct_err *e) {
  if (ct_v_has_basis(v))
    return CT_FAIL(e, CT_ARG_TYPE, "%s has basis strides: this operation takes integer strides (spec/basis.md)", what);
  return CT_OK;
}

ct_code ct_as_layout_m(const ct_value *v, ct_layout *out, const char *what, ct_err *e) {
  if (v->kind == CT_V_LAYOUT) {
    *out = v->l;
    return CT_OK;
  }
  if (v->kind == CT_V_TUPLE && !ct_t_has_all(&v->l.shape, 0) && !ct_t_has_basis(&v->l.shape, 0))
    return ct_l_compact_left(&v->l.shape, out, e);
  return CT_FAIL(e, CT_ARG_TYPE, "%s must be a layout, got %s", what, ct_kind_name(v->kind));
}

ct_code ct_as_layout(const ct_value *v, ct_layout *out, const char *what, ct_err *e) {
  CT_TRY(ct_no_basis(v, what, e));
  return ct_as_layout_m(v, out, what, e);
}

ct_code ct_as_tuple(const ct_value *v, const ct_tuple **out, const char *what, ct_err *e) {
  if (v->kind == CT_V_TUPLE) {
    CT_TRY(ct_no_basis(v, what, e));
    *out = &v->l.shape;
    return CT_OK;
  }
  return CT_FAIL(e, CT_ARG_TYPE, "%s must be an IntTuple, got %s", what, ct_kind_name(v->kind));
}

ct_code ct_as_shape(const ct_value *v, const ct_tuple **out, const char *what, ct_err *e) {
  if (v->kind == CT_V_LAYOUT) {
    *out = &v->l.shape;
    return CT_OK;
  }
  return ct_as_tuple(v, out, what, e);
}

ct_code ct_tuple_of_args(const ct_value *args, int n, const char *what, ct_tuple *out, ct_err *e) {
  const ct_tuple *parts[CT_MAX_ARGS];
  int k;
  if (n > CT_MAX_ARGS) return CT_FAIL(e, CT_ARITY, "more than %d arguments", CT_MAX_ARGS); /* no caller gets here */
  for (k = 0; k < n; ++k) CT_TRY(ct_as_tuple(&args[k], &parts[k], what, e));
  return ct_t_make_tuple(out, parts, 0, n, e);
}

ct_code ct_as_int(const ct_value *v, int64_t *out, const char *what, ct_err *e) {
  if (v->kind == CT_V_TUPLE && v->l.shape.nd[0].kind == CT_INT) {
    *out = v->l.shape.nd[0].v;
    return CT_OK;
  }
  return CT_FAIL(e, CT_ARG_TYPE, "%s must be an integer, got %s", what,
                 v->kind == CT_V_TUPLE ? "a tuple" : ct_kind_name(v->kind));
}

ct_code ct_as_tiler(const ct_value *v, ct_tiler *out, const char *what, ct_err *e) {
  CT_TRY(ct_no_basis(v, what, e));
  if (v->kind == CT_V_TILER || v->kind == CT_V_LAYOUT) {
    *out = v->l;
    return CT_OK;
  }
  if (v->kind == CT_V_TUPLE && !ct_t_has_all(&v->l.shape, 0)) {
    if (v->l.shape.nd[0].kind == CT_INT) { /* n means the layout n:_1 */
      if (v->l.shape.nd[0].v <= 0)
        return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "%s: shape entry %lld is not positive", what, (long long)v->l.shape.nd[0].v);
      ct_l_set_int(out, v->l.shape.nd[0].v, v->l.shape.nd[0].stat, 1, 1);
      return CT_OK;
    }
    return ct_tiler_from_shape(&v->l.shape, out, e);
  }
  if (v->kind == CT_V_TUPLE && v->l.shape.nd[0].kind == CT_ALL) { /* `_` alone */
    *out = v->l;
    out->stride = v->l.shape;
    return CT_OK;
  }
  return CT_FAIL(e, CT_ARG_TYPE, "%s must be a tiler, got %s", what, ct_kind_name(v->kind));
}

void ct_v_tuple(ct_value *v, const ct_tuple *t) {
  v->kind = CT_V_TUPLE;
  ct_t_sub(t, 0, &v->l.shape);
}

void ct_v_int(ct_value *v, int64_t x, int stat) {
  v->kind = CT_V_TUPLE;
  ct_t_set_int(&v->l.shape, x, stat);
}

void ct_v_val(ct_value *v, ct_val x) { ct_v_int(v, x.v, x.stat); }

void ct_v_layout(ct_value *v, const ct_layout *l) {
  v->kind = CT_V_LAYOUT;
  if (&v->l != l) v->l = *l;
}

void ct_v_bool(ct_value *v, int b) {
  v->kind = CT_V_BOOL;
  v->b = b != 0;
}

void ct_v_swizzle(ct_value *v, const ct_swizzle *w) {
  v->kind = CT_V_SWIZZLE;
  v->c.outer_kind = CT_OUTER_SWIZZLE;
  v->c.sw = *w;
  /* the parts a bare swizzle does not use are empty, so copies read no unset n */
  ct_t_clear(&v->c.outer.shape);
  ct_t_clear(&v->c.outer.stride);
  ct_t_clear(&v->c.offset);
  ct_t_clear(&v->c.inner.shape);
  ct_t_clear(&v->c.inner.stride);
}

void ct_v_composed(ct_value *v, const ct_composed *c) {
  v->kind = CT_V_COMPOSED;
  if (&v->c != c) v->c = *c;
}

int ct_v_is_composed_form(const ct_value *v) { return v->kind == CT_V_SWIZZLE || v->kind == CT_V_COMPOSED; }

/* CuTe's print of a swizzle and of a ComposedLayout (spec/swizzle.md,
 * spec/composed.md): `Sw<3,4,3>`, `Sw<3,4,3> o _0 o (_8,_64):(_64,_1)`. */
static int ct_print_swizzle(const ct_swizzle *w, char *buf, int cap) {
  return snprintf(buf, (size_t)cap, "Sw<%d,%d,%d>", w->b, w->m, w->s);
}

/* Where the text after n characters goes: the rest of buf, or nowhere once
 * it is full (the printers then only count, as snprintf does). */
static char *ct_rest(char *buf, int cap, int n) { return n < cap ? buf + n : NULL; }
static int ct_rest_cap(int cap, int n) { return n < cap ? cap - n : 0; }

/* Every part is counted, also past a full buffer, so that the length
 * returned is the whole text's (fuzz/corpus/api/regress-composed-*). */
static int ct_print_composed(const ct_composed *c, char *buf, int cap) {
  int n = c->outer_kind == CT_OUTER_SWIZZLE ? ct_print_swizzle(&c->sw, buf, cap) : ct_print_layout(&c->outer, buf, cap);
  n += snprintf(ct_rest(buf, cap, n), (size_t)ct_rest_cap(cap, n), " o ");
  n += ct_print_tuple(&c->offset, 0, ct_rest(buf, cap, n), ct_rest_cap(cap, n));
  n += snprintf(ct_rest(buf, cap, n), (size_t)ct_rest_cap(cap, n), " o ");
  n += ct_print_layout(&c->inner, ct_rest(buf, cap, n), ct_rest_cap(cap, n));
  return n;
}

int ct_print_value(const ct_value *v, char *buf, int cap) {
  switch (v->kind) {
  case CT_V_TUPLE: return ct_print_tuple(&v->l.shape, 0, buf, cap);
  case CT_V_LAYOUT: return ct_print_layout(&v->l, buf, cap);
  case CT_V_TILER: return ct_print_tiler(&v->l, buf, cap);
  case CT_V_SWIZZLE: return ct_print_swizzle(&v->c.sw, buf, cap);
  case CT_V_COMPOSED: return ct_print_composed(&v->c, buf, cap);
  /* snprintf's contract, cap 0 and a NULL buf included (regress-value-print-*) */
  case CT_V_BOOL: return snprintf(buf, (size_t)(cap > 0 ? cap : 0), "%s", v->b ? "true" : "false");
  default: return snprintf(buf, (size_t)(cap > 0 ? cap : 0), "%s", v->sym);
  }
}
