/* eval.c -- a recursive-descent evaluator: expressions are evaluated while
 * they are parsed, so nothing but the values is stored. */
#include "eval.h"
#include "registry.h"
#include "suggest.h"

#include <string.h>

static int ct_is_alpha(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); }
static int ct_is_alnum(char ch) { return ct_is_alpha(ch) || (ch >= '0' && ch <= '9') || ch == '_'; }

static ct_code ct_eval_expr(ct_cursor *c, ct_value *out, int depth, ct_err *e);

/* Reads '(' expr {',' expr} ')' into args; the cursor is at '('. */
static ct_code ct_read_args(ct_cursor *c, ct_value *args, int *n, int depth, ct_err *e) {
  int open = c->pos;
  *n = 0;
  ++c->pos;
  ct_skip_space(c);
  if (c->s[c->pos] == ')') {
    ++c->pos;
    return CT_OK;
  }
  for (;;) {
    if (*n >= CT_MAX_ARGS) return CT_FAIL_AT(e, CT_ARITY, c->pos, "more than %d arguments at byte %d", CT_MAX_ARGS, c->pos);
    CT_TRY(ct_eval_expr(c, &args[*n], depth + 1, e));
    ++*n;
    ct_skip_space(c);
    if (c->s[c->pos] == ',') {
      ++c->pos;
      continue;
    }
    if (c->s[c->pos] == ')') {
      ++c->pos;
      return CT_OK;
    }
    if (c->s[c->pos] == '\0') return CT_FAIL_AT(e, CT_PARSE_UNBALANCED, open, "'(' at byte %d is never closed", open);
    {
      char b[16];
      return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "expected ',' or ')' at byte %d, found %s", c->pos,
                        ct_byte_text(c->s[c->pos], b, sizeof b));
    }
  }
}

static ct_code ct_read_targs(ct_cursor *c, int *t, int *nt, ct_err *e) {
  *nt = 0;
  ++c->pos; /* '<' */
  for (;;) {
    int64_t v = 0;
    int neg = 0, start;
    ct_skip_space(c);
    start = c->pos;
    if (c->s[c->pos] == '_') ++c->pos; /* layout<_1> is accepted like layout<1> */
    if (c->s[c->pos] == '-') { neg = 1; ++c->pos; }
    if (!(c->s[c->pos] >= '0' && c->s[c->pos] <= '9'))
      return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "expected a template integer at byte %d", c->pos);
    while (c->s[c->pos] >= '0' && c->s[c->pos] <= '9') {
      v = v * 10 + (c->s[c->pos] - '0');
      if (v > 1000000) return CT_FAIL_AT(e, CT_OVERFLOW, start, "template integer at byte %d is too large", start);
      ++c->pos;
    }
    if (*nt >= CT_MAX_TARGS) return CT_FAIL_AT(e, CT_ARITY, start, "too many template arguments at byte %d", start);
    t[(*nt)++] = (int)(neg ? -v : v);
    ct_skip_space(c);
    if (c->s[c->pos] == ',') { ++c->pos; continue; }
    if (c->s[c->pos] == '>') { ++c->pos; return CT_OK; }
    return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "expected ',' or '>' at byte %d", c->pos);
  }
}

static ct_code ct_call(const char *name, int at, const ct_value *args, int n, const int *t, int nt, int has_t,
                       ct_value *out, ct_err *e) {
  const ct_op *b = ct_find_builtin(name);
  ct_args a;
  ct_code rc;
  if (!b) {
    char hint[256];
    ct_suggest_op(name, hint, sizeof hint);
    return CT_FAIL_AT(e, CT_UNKNOWN_FUNCTION, at, "no operation named '%s'%s (see cuteref eval --list)", name, hint);
  }
  if (n < b->min_args || (b->max_args >= 0 && n > b->max_args)) {
    if (b->min_args == b->max_args)
      return CT_FAIL_AT(e, CT_ARITY, at, "%s takes %d argument%s, got %d", name, b->min_args, b->min_args == 1 ? "" : "s", n);
    return CT_FAIL_AT(e, CT_ARITY, at, "%s takes %d to %d arguments, got %d", name, b->min_args, b->max_args, n);
  }
  if (has_t && b->takes_targs == 0) return CT_FAIL_AT(e, CT_ARITY, at, "%s takes no <...> arguments", name);
  if (!has_t && b->takes_targs == 2) return CT_FAIL_AT(e, CT_ARITY, at, "%s needs <...> arguments, e.g. %s", name, b->synopsis);
  a.a = args;
  a.n = n;
  a.t = t;
  a.nt = nt;
  a.has_t = has_t;
  rc = b->fn(&a, out, e);
  if (rc != CT_OK && e->pos < 0) e->pos = at;
  return rc;
}

/* Evaluation or slicing of a layout value: L(i), L(i,j), L(_,1). */
static ct_code ct_apply(const ct_value *f, const ct_value *args, int n, int at, ct_value *out, ct_err *e) {
  ct_value fa[2];
  ct_tuple crd;
  if (n == 0) return CT_FAIL_AT(e, CT_ARITY, at, "a layout is evaluated at a coordinate: L(i) or L(i,j)");
  if (n == 1) {
    const ct_tuple *t;
    CT_TRY(ct_as_tuple(&args[0], &t, "a coordinate", e));
    crd = *t;
  } else {
    const ct_tuple *parts[CT_MAX_ARGS];
    int k;
    for (k = 0; k < n; ++k) CT_TRY(ct_as_tuple(&args[k], &parts[k], "a coordinate", e));
    CT_TRY(ct_t_make_tuple(&crd, parts, 0, n, e));
  }
  fa[0] = *f;
  ct_v_tuple(&fa[1], &crd);
  return ct_call("eval", at, fa, 2, 0, 0, 0, out, e);
}

static ct_code ct_eval_primary(ct_cursor *c, ct_value *out, int depth, ct_err *e) {
  char ch;
  ct_skip_space(c);
  ch = c->s[c->pos];
  if (ch == '\0') return CT_FAIL_AT(e, c->pos == 0 ? CT_PARSE_EMPTY : CT_PARSE_UNBALANCED, c->pos,
                                    c->pos == 0 ? "empty input" : "input ends at byte %d where a value was expected", c->pos);
  if (ct_is_alpha(ch)) {
    char name[64];
    int at = c->pos, len = 0, t[CT_MAX_TARGS], nt = 0, has_t = 0;
    while (ct_is_alnum(c->s[c->pos])) {
      if (len < (int)sizeof name - 1) name[len++] = c->s[c->pos];
      ++c->pos;
    }
    name[len] = '\0';
    ct_skip_space(c);
    if (c->s[c->pos] == '<') {
      CT_TRY(ct_read_targs(c, t, &nt, e));
      has_t = 1;
      ct_skip_space(c);
    }
    if (c->s[c->pos] == '(') {
      ct_value args[CT_MAX_ARGS];
      int n;
      CT_TRY(ct_read_args(c, args, &n, depth, e));
      return ct_call(name, at, args, n, t, nt, has_t, out, e);
    }
    if (has_t) return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "expected '(' after %s<...> at byte %d", name, c->pos);
    if (strcmp(name, "LayoutLeft") == 0 || strcmp(name, "LayoutRight") == 0 || strcmp(name, "true") == 0 ||
        strcmp(name, "false") == 0) {
      if (name[0] == 't' || name[0] == 'f') {
        ct_v_bool(out, name[0] == 't');
      } else {
        out->kind = CT_V_SYMBOL;
        strcpy(out->sym, name);
      }
      return CT_OK;
    }
    return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "expected '(' after '%s' at byte %d", name, c->pos);
  }
  if (ch == '<') {
    out->kind = CT_V_TILER;
    return ct_read_tiler(c, &out->l, e);
  }
  {
    int start = c->pos;
    CT_TRY(ct_read_tuple(c, &out->l.shape, CT_READ_ALL | CT_READ_BASIS, e));
    {
      int save = c->pos;
      ct_skip_space(c);
      if (c->s[c->pos] == ':') {
        ct_code rc;
        ++c->pos;
        ct_skip_space(c);
        CT_TRY(ct_read_tuple(c, &out->l.stride, CT_READ_BASIS, e));
        out->kind = CT_V_LAYOUT;
        rc = ct_l_check(&out->l, e);
        if (rc != CT_OK) e->pos = start;
        return rc;
      }
      c->pos = save;
    }
    out->kind = CT_V_TUPLE;
    return CT_OK;
  }
}

static ct_code ct_eval_expr(ct_cursor *c, ct_value *out, int depth, ct_err *e) {
  if (depth > CT_MAX_EXPR_DEPTH)
    return CT_FAIL_AT(e, CT_EXPR_DEPTH, c->pos, "expression nested deeper than %d at byte %d", CT_MAX_EXPR_DEPTH, c->pos);
  CT_TRY(ct_eval_primary(c, out, depth, e));
  for (;;) {
    int at;
    ct_skip_space(c);
    at = c->pos;
    if (c->s[c->pos] != '(') return CT_OK;
    if (out->kind != CT_V_LAYOUT && out->kind != CT_V_TUPLE)
      return CT_FAIL_AT(e, CT_PARSE_EXPECTED, at, "only a layout can be applied to a coordinate (byte %d)", at);
    {
      ct_value args[CT_MAX_ARGS], f = *out;
      int n;
      CT_TRY(ct_read_args(c, args, &n, depth, e));
      CT_TRY(ct_apply(&f, args, n, at, out, e));
    }
  }
}

ct_code ct_eval(const char *text, ct_value *out, ct_err *e) {
  ct_cursor c;
  c.s = text;
  c.pos = 0;
  ct_err_clear(e);
  ct_skip_space(&c);
  if (c.s[c.pos] == '\0') return CT_FAIL_AT(e, CT_PARSE_EMPTY, 0, "empty input");
  CT_TRY(ct_eval_expr(&c, out, 0, e));
  ct_skip_space(&c);
  if (c.s[c.pos] != '\0') {
    if (c.s[c.pos] == ')' || c.s[c.pos] == '>')
      return CT_FAIL_AT(e, CT_PARSE_UNBALANCED, c.pos, "unbalanced '%c' at byte %d", c.s[c.pos], c.pos);
    {
      char b[16];
      return CT_FAIL_AT(e, CT_PARSE_TRAILING, c.pos, "unexpected %s at byte %d after a complete expression",
                        ct_byte_text(c.s[c.pos], b, sizeof b), c.pos);
    }
  }
  return CT_OK;
}
