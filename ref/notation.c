/* notation.c -- parser and printer of CuTe's notation (spec/notation.md). */
#include "notation.h"

#include <stdio.h>
#include <string.h>

void ct_skip_space(ct_cursor *c) {
  while (c->s[c->pos] == ' ' || c->s[c->pos] == '\t' || c->s[c->pos] == '\n' || c->s[c->pos] == '\r') ++c->pos;
}

static int ct_is_digit(char ch) { return ch >= '0' && ch <= '9'; }

const char *ct_byte_text(char ch, char *buf, int cap) {
  unsigned char u = (unsigned char)ch;
  if (u >= 0x20 && u < 0x7f) snprintf(buf, (size_t)cap, "'%c'", ch);
  else snprintf(buf, (size_t)cap, "byte 0x%02x", u);
  return buf;
}

static ct_code ct_expected(ct_cursor *c, const char *what, ct_err *e) {
  char ch = c->s[c->pos], b[16];
  if (ch == '\0') return CT_FAIL_AT(e, CT_PARSE_UNBALANCED, c->pos, "input ends at byte %d where %s was expected", c->pos, what);
  if (ch == ')' || ch == '>')
    return CT_FAIL_AT(e, CT_PARSE_UNBALANCED, c->pos, "unbalanced '%c' at byte %d: expected %s", ch, c->pos, what);
  return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "expected %s at byte %d, found %s", what, c->pos, ct_byte_text(ch, b, sizeof b));
}

/* [_][-]digits : an integer, `_` marking it static. */
static ct_code ct_read_int(ct_cursor *c, int64_t *v, int *stat, ct_err *e) {
  int start = c->pos, neg = 0;
  uint64_t acc = 0, lim;
  *stat = 0;
  if (c->s[c->pos] == '_') { *stat = 1; ++c->pos; }
  if (c->s[c->pos] == '-') { neg = 1; ++c->pos; }
  if (!ct_is_digit(c->s[c->pos])) return ct_expected(c, "a digit", e);
  lim = neg ? (uint64_t)INT64_MAX + 1u : (uint64_t)INT64_MAX;
  while (ct_is_digit(c->s[c->pos])) {
    unsigned d = (unsigned)(c->s[c->pos] - '0');
    if (acc > (lim - d) / 10u)
      return CT_FAIL_AT(e, CT_OVERFLOW, start, "integer literal at byte %d does not fit in int64", start);
    acc = acc * 10u + d;
    ++c->pos;
  }
  *v = neg ? (int64_t)(0u - acc) : (int64_t)acc;
  return CT_OK;
}

/* `_` alone (not the mark of `_8`). The current byte is tested first: the
 * next one exists only when the current one is not the terminating NUL. */
static int ct_at_all(const ct_cursor *c) {
  char n;
  if (c->s[c->pos] != '_') return 0;
  n = c->s[c->pos + 1];
  return !ct_is_digit(n) && n != '-';
}

/* One basis index after '@': plain digits, below CT_MAX_RANK. */
static ct_code ct_read_basis_index(ct_cursor *c, int *k, ct_err *e) {
  int start = c->pos;
  *k = 0;
  ct_skip_space(c);
  if (!ct_is_digit(c->s[c->pos])) return ct_expected(c, "a basis index", e);
  while (ct_is_digit(c->s[c->pos])) {
    *k = *k * 10 + (c->s[c->pos] - '0');
    if (*k >= CT_MAX_RANK)
      return CT_FAIL_AT(e, CT_RANK_LIMIT, start, "basis index at byte %d is at least %d", start, CT_MAX_RANK);
    ++c->pos;
  }
  return CT_OK;
}

/* v@i, v@j@i (CuTe prints the path innermost first: E<i,j> as v@j@i) or
 * v@(i,j); the cursor is at '@' (VALUE-BASIS, spec/basis.md). */
static ct_code ct_read_basis(ct_cursor *c, ct_tuple *out, int64_t v, int stat, int allow, ct_err *e) {
  int path[CT_BASIS_DEPTH + 1], n = 0, k, at = c->pos;
  if (!(allow & CT_READ_BASIS))
    return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "a basis stride v@i is only allowed in a layout's stride (byte %d)", c->pos);
  ++c->pos; /* '@' */
  ct_skip_space(c);
  if (c->s[c->pos] == '(') { /* v@(i,j,...): the path in order */
    ++c->pos;
    for (;;) {
      if (n > CT_BASIS_DEPTH) break;
      CT_TRY(ct_read_basis_index(c, &path[n++], e));
      ct_skip_space(c);
      if (c->s[c->pos] == ',') { ++c->pos; continue; }
      if (c->s[c->pos] == ')') { ++c->pos; break; }
      return ct_expected(c, "',' or ')' in a basis path", e);
    }
  } else { /* v@a@b@c: innermost first, so the path is (c, b, a) */
    for (;;) {
      if (n > CT_BASIS_DEPTH) break;
      CT_TRY(ct_read_basis_index(c, &path[n++], e));
      if (c->s[c->pos] != '@') break;
      ++c->pos;
    }
    for (k = 0; k < n / 2; ++k) {
      int t = path[k];
      path[k] = path[n - 1 - k];
      path[n - 1 - k] = t;
    }
  }
  if (n > CT_BASIS_DEPTH)
    return CT_FAIL_AT(e, CT_DEPTH_LIMIT, at, "a basis path longer than %d indices at byte %d", CT_BASIS_DEPTH, at);
  return ct_t_push_basis(out, v, stat, path, n, e);
}

/* Recursive descent bounded by CT_MAX_DEPTH: deeper input is rejected before
 * the C stack grows. */
static ct_code ct_read_tuple_d(ct_cursor *c, ct_tuple *out, int allow, int depth, ct_err *e) {
  ct_skip_space(c);
  if (c->s[c->pos] == '(') {
    int hdr, open = c->pos;
    if (depth >= CT_MAX_DEPTH)
      return CT_FAIL_AT(e, CT_DEPTH_LIMIT, c->pos, "nesting deeper than %d at byte %d", CT_MAX_DEPTH, c->pos);
    ++c->pos;
    CT_TRY(ct_t_open(out, &hdr, e));
    ct_skip_space(c);
    if (c->s[c->pos] != ')') {
      for (;;) {
        ct_code rc = ct_read_tuple_d(c, out, allow, depth + 1, e);
        if (rc != CT_OK) {
          if (rc == CT_CAPACITY || rc == CT_RANK_LIMIT || rc == CT_DEPTH_LIMIT) e->pos = c->pos;
          return rc;
        }
        ct_skip_space(c);
        if (c->s[c->pos] == ',') {
          ++c->pos;
          ct_skip_space(c);
          if (c->s[c->pos] == ')') break; /* trailing comma: (8,) */
          continue;
        }
        if (c->s[c->pos] == ')') break;
        if (c->s[c->pos] == '\0')
          return CT_FAIL_AT(e, CT_PARSE_UNBALANCED, open, "'(' at byte %d is never closed", open);
        return ct_expected(c, "',' or ')'", e);
      }
    }
    ++c->pos; /* ')' */
    {
      ct_code rc = ct_t_close(out, hdr, e);
      if (rc != CT_OK) e->pos = open;
      return rc;
    }
  }
  if (ct_at_all(c)) {
    if (!(allow & CT_READ_ALL)) return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "`_` is not allowed here (byte %d)", c->pos);
    ++c->pos;
    return ct_t_push_all(out, e);
  }
  if (c->s[c->pos] == '_' || c->s[c->pos] == '-' || ct_is_digit(c->s[c->pos])) {
    int64_t v = 0;
    int stat = 0;
    CT_TRY(ct_read_int(c, &v, &stat, e));
    if (c->s[c->pos] == '@') return ct_read_basis(c, out, v, stat, allow, e);
    return ct_t_push_int(out, v, stat, e);
  }
  return ct_expected(c, "an integer or '('", e);
}

ct_code ct_read_tuple(ct_cursor *c, ct_tuple *out, int allow, ct_err *e) {
  ct_t_clear(out);
  ct_skip_space(c);
  if (c->s[c->pos] == '\0') {
    int k, blank = 1;
    for (k = 0; k < c->pos; ++k) blank = blank && (c->s[k] == ' ' || c->s[k] == '\t' || c->s[k] == '\n' || c->s[k] == '\r');
    if (blank) return CT_FAIL_AT(e, CT_PARSE_EMPTY, c->pos, "empty input");
    return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "input ends at byte %d where an IntTuple was expected", c->pos);
  }
  return ct_read_tuple_d(c, out, allow, 0, e);
}

ct_code ct_read_layout(ct_cursor *c, ct_layout *out, int *has_stride, ct_err *e) {
  int start;
  ct_skip_space(c);
  start = c->pos;
  CT_TRY(ct_read_tuple(c, &out->shape, 0, e));
  {
    int save = c->pos;
    ct_skip_space(c);
    if (c->s[c->pos] == ':') {
      ct_code rc;
      ++c->pos;
      ct_skip_space(c);
      if (c->s[c->pos] == '\0') return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "a stride is expected after ':' at byte %d", c->pos);
      CT_TRY(ct_read_tuple(c, &out->stride, CT_READ_BASIS, e));
      *has_stride = 1;
      rc = ct_l_check(out, e);
      if (rc != CT_OK) e->pos = start;
      return rc;
    }
    c->pos = save;
  }
  *has_stride = 0;
  {
    ct_code rc = ct_l_compact_left(&out->shape, out, e);
    if (rc != CT_OK) e->pos = start;
    return rc;
  }
}

ct_code ct_tiler_from_shape(const ct_tuple *shape, ct_tiler *out, ct_err *e) {
  int j;
  ct_tuple s = *shape;
  for (j = 0; j < s.n; ++j) {
    if (s.nd[j].kind == CT_TUPLE) s.nd[j].mark = 1;
    else if (s.nd[j].kind == CT_INT && s.nd[j].v <= 0)
      return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "shape entry %lld is not positive", (long long)s.nd[j].v);
  }
  ct_t_copy(&out->shape, &s);
  ct_t_copy(&out->stride, &s);
  for (j = 0; j < s.n; ++j)
    if (s.nd[j].kind == CT_INT) {
      out->stride.nd[j].v = 1;
      out->stride.nd[j].stat = 1;
    }
  return CT_OK;
}

static ct_code ct_read_tiler_d(ct_cursor *c, ct_tiler *out, int depth, ct_err *e) {
  int hs, hd, open = c->pos;
  if (depth >= CT_MAX_DEPTH)
    return CT_FAIL_AT(e, CT_DEPTH_LIMIT, c->pos, "nesting deeper than %d at byte %d", CT_MAX_DEPTH, c->pos);
  ++c->pos; /* '<' */
  CT_TRY(ct_t_open(&out->shape, &hs, e));
  CT_TRY(ct_t_open(&out->stride, &hd, e));
  for (;;) {
    ct_skip_space(c);
    if (c->s[c->pos] == '<') {
      CT_TRY(ct_read_tiler_d(c, out, depth + 1, e));
    } else if (ct_at_all(c)) {
      ++c->pos;
      CT_TRY(ct_t_push_all(&out->shape, e));
      CT_TRY(ct_t_push_all(&out->stride, e));
    } else {
      ct_layout m;
      int has_stride;
      int at = c->pos;
      CT_TRY(ct_read_layout(c, &m, &has_stride, e));
      if (ct_t_has_basis(&m.stride, 0)) /* spec/basis.md: tilers take integer strides */
        return CT_FAIL_AT(e, CT_ARG_TYPE, at, "a tiler's layout has a basis stride (byte %d)", at);
      if (!has_stride) CT_TRY(ct_tiler_from_shape(&m.shape, &m, e));
      CT_TRY(ct_t_push_sub(&out->shape, &m.shape, 0, e));
      CT_TRY(ct_t_push_sub(&out->stride, &m.stride, 0, e));
    }
    ct_skip_space(c);
    if (c->s[c->pos] == ',') { ++c->pos; continue; }
    if (c->s[c->pos] == '>') { ++c->pos; break; }
    if (c->s[c->pos] == '\0') return CT_FAIL_AT(e, CT_PARSE_UNBALANCED, open, "'<' at byte %d is never closed", open);
    return ct_expected(c, "',' or '>'", e);
  }
  CT_TRY(ct_t_close(&out->shape, hs, e));
  CT_TRY(ct_t_close(&out->stride, hd, e));
  out->shape.nd[hs].mark = 1;
  out->stride.nd[hd].mark = 1;
  return CT_OK;
}

ct_code ct_read_tiler(ct_cursor *c, ct_tiler *out, ct_err *e) {
  ct_skip_space(c);
  ct_t_clear(&out->shape);
  ct_t_clear(&out->stride);
  if (c->s[c->pos] == '(') {
    /* The empty tiler (no modes) prints as `()`, since `<>` is not in the
     * grammar; `()` reads back as it (NOTE-EMPTY, NOTE-1; props_roundtrip.c
     * found that ct_parse_tiler rejected it). Any other shape is no tiler. */
    int at = c->pos;
    ct_layout m;
    CT_TRY(ct_read_tuple(c, &m.shape, 0, e));
    if (m.shape.nd[0].kind != CT_TUPLE || m.shape.nd[0].rank != 0) {
      c->pos = at;
      return ct_expected(c, "'<'", e);
    }
    return ct_tiler_from_shape(&m.shape, out, e);
  }
  if (c->s[c->pos] != '<') return ct_expected(c, "'<'", e);
  return ct_read_tiler_d(c, out, 0, e);
}

static ct_code ct_finish(ct_cursor *c, ct_err *e) {
  ct_skip_space(c);
  if (c->s[c->pos] == '\0') return CT_OK;
  if (c->s[c->pos] == ')' || c->s[c->pos] == '>')
    return CT_FAIL_AT(e, CT_PARSE_UNBALANCED, c->pos, "unbalanced '%c' at byte %d", c->s[c->pos], c->pos);
  {
    char b[16];
    return CT_FAIL_AT(e, CT_PARSE_TRAILING, c->pos, "unexpected %s at byte %d after a complete input",
                      ct_byte_text(c->s[c->pos], b, sizeof b), c->pos);
  }
}

ct_code ct_parse_tuple(const char *s, ct_tuple *out, int allow_all, ct_err *e) {
  ct_cursor c;
  c.s = s;
  c.pos = 0;
  CT_TRY(ct_read_tuple(&c, out, allow_all, e));
  return ct_finish(&c, e);
}

ct_code ct_parse_layout(const char *s, ct_layout *out, ct_err *e) {
  ct_cursor c;
  int has_stride;
  c.s = s;
  c.pos = 0;
  CT_TRY(ct_read_layout(&c, out, &has_stride, e));
  return ct_finish(&c, e);
}

ct_code ct_parse_tiler(const char *s, ct_tiler *out, ct_err *e) {
  ct_cursor c;
  c.s = s;
  c.pos = 0;
  CT_TRY(ct_read_tiler(&c, out, e));
  return ct_finish(&c, e);
}

/* --- printing ----------------------------------------------------------------- */

typedef struct {
  char *buf;
  int cap, len;
} ct_out;

static void ct_putc(ct_out *o, char ch) {
  if (o->len + 1 < o->cap) o->buf[o->len] = ch;
  ++o->len;
}

static void ct_puts(ct_out *o, const char *s) {
  while (*s) ct_putc(o, *s++);
}

static void ct_put_int(ct_out *o, int64_t v, int stat) {
  char tmp[24];
  int n = 0;
  uint64_t u = v < 0 ? 0u - (uint64_t)v : (uint64_t)v;
  if (stat) ct_putc(o, '_');
  if (v < 0) ct_putc(o, '-');
  do { tmp[n++] = (char)('0' + (int)(u % 10u)); u /= 10u; } while (u != 0);
  while (n > 0) ct_putc(o, tmp[--n]);
}

static void ct_end(ct_out *o) {
  if (o->cap > 0) o->buf[o->len < o->cap ? o->len : o->cap - 1] = '\0';
}

/* Iterative preorder print: closing brackets are emitted when a subtree ends. */
static void ct_put_tuple(ct_out *o, const ct_tuple *t, int i) {
  int end[CT_MAX_DEPTH + 2], mk[CT_MAX_DEPTH + 2], top = 0, j, last = i + t->nd[i].span;
  for (j = i; j < last; ++j) {
    const ct_node *nd = &t->nd[j];
    if (j > i && t->nd[j - 1].kind != CT_TUPLE) ct_putc(o, ',');
    else if (j > i && t->nd[j - 1].kind == CT_TUPLE && t->nd[j - 1].rank == 0) ct_putc(o, ',');
    if (nd->kind == CT_TUPLE) {
      ct_putc(o, nd->mark ? '<' : '(');
      end[top] = j + nd->span;
      mk[top++] = nd->mark;
    } else if (nd->kind == CT_ALL) {
      ct_putc(o, '_');
    } else if (nd->kind == CT_BASIS) { /* as CuTe prints E<i,j>: v@j@i */
      int k;
      ct_put_int(o, nd->v, nd->stat);
      for (k = nd->rank - 1; k >= 0; --k) {
        ct_putc(o, '@');
        ct_put_int(o, ct_basis_index(nd, k), 0);
      }
    } else {
      ct_put_int(o, nd->v, nd->stat);
    }
    if (nd->kind == CT_TUPLE && nd->rank == 0) { /* () closes at once */
      ct_putc(o, nd->mark ? '>' : ')');
      --top;
    }
    while (top > 0 && j + 1 >= end[top - 1]) {
      --top;
      ct_putc(o, mk[top] ? '>' : ')');
    }
  }
}

int ct_print_tuple(const ct_tuple *t, int i, char *buf, int cap) {
  ct_out o;
  o.buf = buf;
  o.cap = cap;
  o.len = 0;
  ct_put_tuple(&o, t, i);
  ct_end(&o);
  return o.len;
}

static void ct_put_layout(ct_out *o, const ct_layout *L, int i) {
  ct_put_tuple(o, &L->shape, i);
  ct_putc(o, ':');
  ct_put_tuple(o, &L->stride, i);
}

int ct_print_layout(const ct_layout *L, char *buf, int cap) {
  ct_out o;
  o.buf = buf;
  o.cap = cap;
  o.len = 0;
  ct_put_layout(&o, L, 0);
  ct_end(&o);
  return o.len;
}

static void ct_put_tiler(ct_out *o, const ct_tiler *T, int i) {
  const ct_node *nd = &T->shape.nd[i];
  if (nd->kind == CT_ALL) { ct_putc(o, '_'); return; }
  if (nd->kind == CT_TUPLE && nd->mark && nd->rank == 0) {
    /* An empty tiler mode (a shape `()` read as a tiler): `<>` is not in the
     * grammar, and `()` reads back as this very mode (NOTE-1). */
    ct_puts(o, "()");
    return;
  }
  if (nd->kind == CT_TUPLE && nd->mark) {
    int k;
    ct_putc(o, '<');
    for (k = 0; k < nd->rank; ++k) {
      if (k) ct_putc(o, ',');
      ct_put_tiler(o, T, ct_t_child(&T->shape, i, k));
    }
    ct_putc(o, '>');
    return;
  }
  ct_put_layout(o, T, i);
}

int ct_print_tiler(const ct_tiler *T, char *buf, int cap) {
  ct_out o;
  o.buf = buf;
  o.cap = cap;
  o.len = 0;
  ct_put_tiler(&o, T, 0);
  ct_end(&o);
  return o.len;
}

int ct_print_val(ct_val v, char *buf, int cap) {
  ct_out o;
  o.buf = buf;
  o.cap = cap;
  o.len = 0;
  ct_put_int(&o, v.v, v.stat);
  ct_end(&o);
  (void)ct_puts;
  return o.len;
}

int ct_is_printed_form(const char *text) {
  /* each name, then the byte that follows it (after spaces) */
  static const struct {
    const char *name;
    char next;
  } forms[] = {{"SW_", 0},         {"Swizzle", '('},    {"Layout", '('},   {"ComposedLayout", '('},
               {"S", '<'},         {"tensor", '<'},     {"ArithTuple", '('}, {"smem_ptr", '['},
               {"smem_sparse", '<'}};
  size_t k;
  ct_cursor c;
  for (k = 0; k < sizeof forms / sizeof forms[0]; ++k) {
    size_t n = strlen(forms[k].name);
    if (strncmp(text, forms[k].name, n) != 0) continue;
    if (forms[k].next == 0) return 1;
    c.s = text;
    c.pos = (int)n;
    ct_skip_space(&c);
    if (c.s[c.pos] == forms[k].next) return 1;
  }
  return 0;
}
