/* props_roundtrip.c -- NOTE-1 and NOTE-2 (spec/notation.md) for every kind of
 * value the evaluator produces, not only generated layouts (issue 17):
 * integers, IntTuples with `_`, layouts and tilers with empty tuples, tilers
 * with `_`, nested and empty modes, and the results of the operations on the
 * case. Each value x must print canonically (no spaces), parse back to x
 * with its marks, and print the same again. Host only (the device never
 * parses). Caught mutant: 40 (mutants/40-*.patch: an empty tiler mode printed `<>`). */
#include "props/props.h"
#include "props/props_list.h"
#if !CT_ON_DEVICE
#include "ref/coalesce.h"
#include "ref/complement.h"
#include "ref/composition.h"
#include "ref/construct.h"
#include "ref/divide.h"
#include "ref/inverse.h"
#include "ref/notation.h"

#include <stdio.h>
#include <string.h>
#endif

#if CT_ON_DEVICE
CT_FN void ct_p_note_1v(const ct_case *c, ct_outcome *o) { (void)c; o->verdict = CT_SKIPPED; }
#else

#define CT_RT_TEXT 8192

enum { CT_RT_TUPLE, CT_RT_LAYOUT, CT_RT_TILER };

static int ct_rt_print(int kind, const ct_layout *x, char *buf) {
  switch (kind) {
  case CT_RT_TUPLE: return ct_print_tuple(&x->shape, 0, buf, CT_RT_TEXT);
  case CT_RT_LAYOUT: return ct_print_layout(x, buf, CT_RT_TEXT);
  default: return ct_print_tiler(x, buf, CT_RT_TEXT);
  }
}

static ct_code ct_rt_parse(int kind, const char *text, ct_layout *x, ct_err *e) {
  switch (kind) {
  case CT_RT_TUPLE: return ct_parse_tuple(text, &x->shape, 1, e);
  case CT_RT_LAYOUT: return ct_parse_layout(text, x, e);
  default: return ct_parse_tiler(text, x, e);
  }
}

static int ct_rt_same(int kind, const ct_layout *a, const ct_layout *b) {
  return kind == CT_RT_TUPLE ? ct_t_equal(&a->shape, 0, &b->shape, 0, 1) : ct_l_equal(a, b, 1);
}

/* One value: print, parse, compare with marks, print again. Returns 0 and
 * fails the case when the round trip breaks. */
static int ct_rt_value(int kind, const ct_layout *x, const char *what, ct_outcome *o) {
  static char a[CT_RT_TEXT], b[CT_RT_TEXT];
  static ct_layout y;
  ct_err e;
  ct_code rc;
  if (ct_rt_print(kind, x, a) >= CT_RT_TEXT) return 1; /* too long to print here: not this property's concern */
  if (strchr(a, ' ')) {
    CT_FAILS(o, "%s prints as `%s`, with a space (NOTE-2)", what, a);
    return 0;
  }
  memset(&y, 0, sizeof y);
  rc = ct_rt_parse(kind, a, &y, &e);
  if (rc != CT_OK) {
    CT_FAILS(o, "%s prints as `%s`, which does not parse: %s (NOTE-1)", what, a, e.msg);
    return 0;
  }
  if (!ct_rt_same(kind, x, &y)) {
    CT_FAILS(o, "%s prints as `%s`, which parses to another value (NOTE-1)", what, a);
    return 0;
  }
  ct_rt_print(kind, &y, b);
  if (strcmp(a, b) != 0) {
    CT_FAILS(o, "%s prints as `%s`, then as `%s` (NOTE-2)", what, a, b);
    return 0;
  }
  return 1;
}

/* A value given as text: read, then round-tripped. Text the notation rejects
 * at one of its limits is skipped (building it went past a bound). */
static int ct_rt_text(int kind, const char *text, const char *what, ct_outcome *o) {
  static ct_layout x;
  ct_err e;
  ct_code rc;
  memset(&x, 0, sizeof x);
  rc = ct_rt_parse(kind, text, &x, &e);
  if (rc == CT_DEPTH_LIMIT || rc == CT_RANK_LIMIT || rc == CT_CAPACITY) return 1;
  if (rc != CT_OK) {
    CT_FAILS(o, "%s `%s` does not parse: %s", what, text, e.msg);
    return 0;
  }
  return ct_rt_value(kind, &x, what, o);
}

/* The text of x with its first integer replaced by `_`. */
static void ct_rt_first_int_all(const char *in, char *out, int cap) {
  int i = 0, n = 0, done = 0;
  while (in[i] && n < cap - 1) {
    if (!done && (in[i] == '_' || in[i] == '-' || (in[i] >= '0' && in[i] <= '9'))) {
      while (in[i] == '_' || in[i] == '-' || (in[i] >= '0' && in[i] <= '9')) ++i;
      out[n++] = '_';
      done = 1;
      continue;
    }
    out[n++] = in[i++];
  }
  out[n] = '\0';
}

void ct_p_note_1v(const ct_case *c, ct_outcome *o) {
  static char t0[CT_RT_TEXT], t1[CT_RT_TEXT], s[CT_RT_TEXT], d[CT_RT_TEXT], text[4 * CT_RT_TEXT];
  static ct_layout x, empty_mode, r;
  const ct_layout *A = &c->v[0];
  const ct_tiler *T = &c->v[1];
  ct_err e;
  ct_val v;
  int ok = 1;
  o->digest = ct_digest_layout(A) ^ ct_digest_layout(T);
  /* the case's own values */
  ok = ok && ct_rt_value(CT_RT_LAYOUT, A, "A", o) && ct_rt_value(CT_RT_TILER, T, "the tiler", o);
  memset(&x, 0, sizeof x);
  ct_t_copy(&x.shape, &A->shape);
  ok = ok && ct_rt_value(CT_RT_TUPLE, &x, "shape(A)", o);
  ct_t_copy(&x.shape, &A->stride);
  ok = ok && ct_rt_value(CT_RT_TUPLE, &x, "stride(A)", o);
  if (ok && ct_l_size(A, &v, &e) == CT_OK) {
    ct_t_set_int(&x.shape, v.v, v.stat);
    ok = ct_rt_value(CT_RT_TUPLE, &x, "size(A)", o);
  }
  if (!ok) return;
  /* empty tuples, `_`, empty and nested tiler modes, built as text */
  ct_print_layout(A, t0, sizeof t0);
  ct_print_tiler(T, t1, sizeof t1);
  ct_print_tuple(&A->shape, 0, s, sizeof s);
  ct_print_tuple(&A->stride, 0, d, sizeof d);
  ok = ct_rt_text(CT_RT_TILER, "<()>", "the empty tiler mode", o) && ct_rt_text(CT_RT_TILER, "()", "the empty tiler", o);
  if (ok && t1[0] == '<') {
    snprintf(text, sizeof text, "<(),%s", t1 + 1);
    ok = ct_rt_text(CT_RT_TILER, text, "a tiler with an empty mode", o);
  }
  snprintf(text, sizeof text, "<%s,(),_,%s>", t1, t0);
  ok = ok && ct_rt_text(CT_RT_TILER, text, "a nested tiler", o);
  snprintf(text, sizeof text, "(%s,()):(%s,())", s, d);
  ok = ok && ct_rt_text(CT_RT_LAYOUT, text, "a layout with an empty mode", o);
  ct_rt_first_int_all(s, text, sizeof text);
  ok = ok && ct_rt_text(CT_RT_TUPLE, text, "a shape with `_`", o);
  if (!ok) return;
  /* the results of the operations on the case */
  snprintf(text, sizeof text, "<(),%s", t1[0] == '<' ? t1 + 1 : "_>");
  if (ct_parse_tiler(text, &empty_mode, &e) != CT_OK) return;
#define CT_RT_RESULT(call, what) \
  if (ok && (call) == CT_OK) ok = ct_rt_value(CT_RT_LAYOUT, &r, what, o)
  CT_RT_RESULT(ct_coalesce(A, &r, &e), "coalesce(A)");
  CT_RT_RESULT(ct_filter(A, &r, &e), "filter(A)");
  CT_RT_RESULT(ct_composition_tiler(A, T, &r, &e), "composition(A, T)");
  CT_RT_RESULT(ct_composition_tiler(A, &empty_mode, &r, &e), "composition(A, T with an empty mode)");
  CT_RT_RESULT(ct_logical_divide_tiler(A, T, &r, &e), "logical_divide(A, T)");
  CT_RT_RESULT(ct_zipped_divide(A, T, &r, &e), "zipped_divide(A, T)");
  CT_RT_RESULT(ct_tiled_divide(A, T, &r, &e), "tiled_divide(A, T)");
  CT_RT_RESULT(ct_flat_divide(A, &empty_mode, &r, &e), "flat_divide(A, T with an empty mode)");
  CT_RT_RESULT(ct_complement(A, 0, &r, &e), "complement(A)");
  CT_RT_RESULT(ct_right_inverse(A, &r, &e), "right_inverse(A)");
  CT_RT_RESULT(ct_left_inverse(A, &r, &e), "left_inverse(A)");
  CT_RT_RESULT(ct_make_fragment_like(A, &r, &e), "make_fragment_like(A)");
#undef CT_RT_RESULT
}
#endif
