/* value.h -- the values the expression evaluator passes around (spec/expressions.md). */
#ifndef CT_VALUE_H
#define CT_VALUE_H

#include "ref/composed.h"
#include "ref/notation.h"

typedef enum {
  CT_V_TUPLE,  /* an IntTuple (an integer is a tuple of depth 0); may hold `_` */
  CT_V_LAYOUT, /* shape:stride */
  CT_V_TILER,  /* <...> */
  CT_V_BOOL,
  CT_V_SYMBOL, /* a bare name such as LayoutLeft */
  CT_V_SWIZZLE, /* Sw<B,M,S> (spec/swizzle.md): c.sw */
  CT_V_COMPOSED /* outer o offset o inner (spec/composed.md): c */
} ct_vkind;

typedef struct {
  ct_vkind kind;
  int b;         /* CT_V_BOOL */
  char sym[64];  /* CT_V_SYMBOL; also an MMA atom's CuTe name (spec/mma.md) */
  ct_layout l;   /* CT_V_LAYOUT / CT_V_TILER; CT_V_TUPLE uses l.shape */
  ct_composed c; /* CT_V_SWIZZLE (c.sw only) / CT_V_COMPOSED */
} ct_value;

/* Conversions used by the builtins; each fails with ARG_TYPE naming `what`.
 * ct_as_layout, ct_as_tuple and ct_as_tiler take integer strides only
 * (VALUE-STRIDE); ct_as_layout_m also a layout with basis strides, for the
 * operations spec/basis.md extends to them. */
ct_code ct_as_layout(const ct_value *v, ct_layout *out, const char *what, ct_err *e);
ct_code ct_as_layout_m(const ct_value *v, ct_layout *out, const char *what, ct_err *e);
int ct_v_has_basis(const ct_value *v);
ct_code ct_as_tuple(const ct_value *v, const ct_tuple **out, const char *what, ct_err *e);
/* A shape argument: an IntTuple, or a layout standing for its shape (as in
 * NVIDIA's reference: spec/refine.md). */
ct_code ct_as_shape(const ct_value *v, const ct_tuple **out, const char *what, ct_err *e);
/* The tuple of n IntTuple arguments (a coordinate given as C(i, j),
 * ArithTuple(a, b)); `what` names one in an error. */
ct_code ct_tuple_of_args(const ct_value *args, int n, const char *what, ct_tuple *out, ct_err *e);
ct_code ct_as_int(const ct_value *v, int64_t *out, const char *what, ct_err *e);
/* A tiler argument (CuTe's Tiler): a layout, `<...>`, an integer n (n:_1),
 * or a shape (by-mode stride-1 layouts). */
ct_code ct_as_tiler(const ct_value *v, ct_tiler *out, const char *what, ct_err *e);

void ct_v_tuple(ct_value *v, const ct_tuple *t);
void ct_v_int(ct_value *v, int64_t x, int stat);
void ct_v_val(ct_value *v, ct_val x);
void ct_v_layout(ct_value *v, const ct_layout *l);
void ct_v_bool(ct_value *v, int b);
void ct_v_swizzle(ct_value *v, const ct_swizzle *w);
void ct_v_composed(ct_value *v, const ct_composed *c);
/* Whether a value is a swizzle or a composed layout (the forms of
 * cli/builtins_composed.c). */
int ct_v_is_composed_form(const ct_value *v);

int ct_print_value(const ct_value *v, char *buf, int cap);

#endif
