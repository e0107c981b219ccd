/* fuzz_eval.c -- the expression evaluator, ct_eval (spec/expressions.md):
 * every expression form and every operation of `cuteref eval --list`.
 *
 * Invariants checked on every input:
 *  - a rejection has a known code, a printable one-line message and, when it
 *    names a byte, a byte inside the text (NOTE-4);
 *  - an answer prints as printable ASCII without spaces, and the round trip
 *    holds for every value the evaluator produces (NOTE-1, NOTE-2):
 *    eval(print(x)) is x (kind, tree, values and static marks) and
 *    print(eval(print(x))) == print(x). */
#include "fuzz/fuzz.h"
#include "cli/eval.h"

#include <stdlib.h>
#include <string.h>

#define FZ_OUT 65536

static int fz_same_value(const ct_value *a, const ct_value *b) {
  if (a->kind != b->kind) return 0;
  switch (a->kind) {
  case CT_V_TUPLE: return ct_t_equal(&a->l.shape, 0, &b->l.shape, 0, 1);
  case CT_V_LAYOUT:
  case CT_V_TILER: return ct_l_equal(&a->l, &b->l, 1);
  case CT_V_BOOL: return a->b == b->b;
  default: return strcmp(a->sym, b->sym) == 0;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static char p1[FZ_OUT], p2[FZ_OUT];
  static ct_value v, w;
  ct_err e;
  char *s;
  ct_code rc;
  if (size > 1 << 16) return 0;
  s = fz_cstr(data, size);
  rc = ct_eval(s, &v, &e);
  if (rc != CT_OK) {
    if (rc <= CT_OK || rc >= CT_NUM_CODES || e.code != rc) fz_fail("`%s`: bad error code %d (ct_err says %d)", s, (int)rc, (int)e.code);
    if (!fz_printable(e.msg) || !e.msg[0]) fz_fail("`%s`: %s with a message that is empty or not printable", s, ct_code_name(rc));
    if (e.pos > (int)strlen(s)) fz_fail("`%s`: %s at byte %d, past the text's %d bytes", s, ct_code_name(rc), e.pos, (int)strlen(s));
    free(s);
    return 0;
  }
  if (ct_print_value(&v, p1, FZ_OUT) >= FZ_OUT) { /* `eval -` answers CAPACITY */
    free(s);
    return 0;
  }
  if (!fz_printable(p1) || strchr(p1, ' ') || !p1[0]) fz_fail("`%s` prints as `%s`: not canonical", s, p1);
  rc = ct_eval(p1, &w, &e);
  if (rc != CT_OK) fz_fail("`%s` = `%s`, which does not parse: %s %s", s, p1, ct_code_name(rc), e.msg);
  if (!fz_same_value(&v, &w)) fz_fail("`%s` = `%s`, which parses to another value (NOTE-1)", s, p1);
  ct_print_value(&w, p2, FZ_OUT);
  if (strcmp(p1, p2) != 0) fz_fail("`%s` = `%s`, printed again as `%s` (NOTE-2)", s, p1, p2);
  free(s);
  return 0;
}
