/* eval.c -- a recursive-descent evaluator: expressions are evaluated while
 * they are parsed, so nothing but the values is stored. */
#include "eval.h"
#include "registry.h"
#include "suggest.h"
#include "ref/work.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static int ct_is_alpha(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); }
static int ct_is_alnum(char ch) { return ct_is_alpha(ch) || (ch >= '0' && ch <= '9') || ch == '_'; }

/* Argument arrays live on the heap: a value holds a composed layout
 * (several trees; CT_MAX_ARGS values are about 116 KB), and expressions
 * nest CT_MAX_EXPR_DEPTH deep. They come from an arena of blocks kept
 * between evaluations: one malloc and free per call sat just under glibc's
 * mmap threshold and cost every request brk system calls (issue 44). The
 * recursion takes and gives back blocks in LIFO order, so an arena holds
 * no more blocks than the deepest expression it evaluated needs (at most
 * two per nesting level). */
typedef struct {
  ct_value **blk;
  int n, cap, top; /* blocks allocated, room in blk, blocks in use */
} ct_arena;

/* Blocks an arena keeps past an evaluation (about 1.9 MB): deeper
 * expressions are rare, and a library user should not hold the 7.5 MB
 * (65 blocks) of the deepest one forever. */
#define CT_ARENA_KEEP 16

/* The command-line tool and the library (whose calls hold its lock,
 * lib/cuteref_api.c) share one arena while it is free; an evaluation that
 * finds it taken (another thread, outside that lock) uses its own, freed
 * when it returns: no block is used by two evaluations at once, and a
 * thread that exits leaves none behind (no thread-local storage). */
static ct_arena ct_shared_arena;
static atomic_flag ct_shared_busy = ATOMIC_FLAG_INIT;

static ct_value *ct_arena_take(ct_arena *a) {
  if (a->top == a->n) {
    if (a->n == a->cap) {
      int cap = a->cap ? 2 * a->cap : 8;
      ct_value **blk = (ct_value **)realloc(a->blk, sizeof *blk * (size_t)cap);
      if (!blk) abort(); /* out of memory: nothing sensible to answer */
      a->blk = blk;
      a->cap = cap;
    }
    a->blk[a->n] = (ct_value *)malloc(sizeof(ct_value) * CT_MAX_ARGS);
    if (!a->blk[a->n]) abort();
    ++a->n;
  }
  return a->blk[a->top++];
}

/* Gives back the k blocks taken last. */
static void ct_arena_give(ct_arena *a, int k) { a->top -= k; }

/* Frees the blocks past `keep` (none are in use between evaluations). */
static void ct_arena_trim(ct_arena *a, int keep) {
  while (a->n > keep) free(a->blk[--a->n]);
  if (a->n == 0) {
    free(a->blk);
    a->blk = NULL;
    a->cap = 0;
  }
}

/* One evaluation: its arena and the operations it has applied so far
 * (the work budget of spec/expressions.md, EXPR-BUDGET). */
typedef struct {
  ct_arena *ar;
  long ops;
} ct_ev;

static ct_code ct_eval_expr(ct_cursor *c, ct_ev *ev, ct_value *out, int depth, ct_err *e);
static ct_code ct_group(ct_cursor *c, ct_ev *ev, ct_value *out, int depth, ct_err *e);
static ct_code ct_eval_body(const char *text, ct_ev *ev, ct_value *out, ct_err *e);

/* Sw<B,M,S> (S defaults to B, as CuTe's Swizzle<B,M>): spec/swizzle.md. */
static ct_code ct_swizzle_literal(const int *t, int nt, int at, ct_value *out, ct_err *e) {
  ct_swizzle w;
  ct_code rc;
  if (nt != 2 && nt != 3) return CT_FAIL_AT(e, CT_ARITY, at, "Sw<B,M,S> takes 2 or 3 template arguments, got %d", nt);
  ct_sw_set(&w, t[0], t[1], nt == 3 ? t[2] : t[0]);
  rc = ct_sw_check(&w, e);
  if (rc != CT_OK) {
    e->pos = at;
    return rc;
  }
  ct_v_swizzle(out, &w);
  return CT_OK;
}

/* parts: outer, offset, inner (spec/composed.md). */
static ct_code ct_composed_literal(const ct_value *parts, int at, ct_value *out, ct_err *e) {
  ct_code rc = ct_make_composed(parts, out, e);
  if (rc != CT_OK && e->pos < 0) e->pos = at;
  return rc;
}

/* A keyword argument `name=` at the cursor (Python's, as tensor-layouts
 * prints `offset=0`): its length up to and with '=', else 0. */
static int ct_keyword_at(const ct_cursor *c) {
  int k = c->pos;
  if (!ct_is_alpha(c->s[k])) return 0;
  while (ct_is_alnum(c->s[k])) ++k;
  while (c->s[k] == ' ') ++k;
  return c->s[k] == '=' && c->s[k + 1] != '=' ? k + 1 - c->pos : 0;
}

/* Reads '(' expr {',' expr} ')' into args; the cursor is at '('. Arguments
 * are positional; kw, where not NULL, takes one `offset=` argument (the
 * repr of tensor-layouts' ComposedLayout, spec/notation.md): *kw is its
 * index, -1 without one. */
static ct_code ct_read_args(ct_cursor *c, ct_ev *ev, ct_value *args, int *n, int *kw, int depth, ct_err *e) {
  int open = c->pos;
  *n = 0;
  if (kw) *kw = -1;
  ++c->pos;
  ct_skip_space(c);
  if (c->s[c->pos] == ')') {
    ++c->pos;
    return CT_OK;
  }
  for (;;) {
    int klen;
    if (*n >= CT_MAX_ARGS) return CT_FAIL_AT(e, CT_ARITY, c->pos, "more than %d arguments at byte %d", CT_MAX_ARGS, c->pos);
    ct_skip_space(c);
    klen = ct_keyword_at(c);
    if (klen) {
      if (!kw || *kw >= 0 || strncmp(c->s + c->pos, "offset", 6) != 0 || ct_is_alnum(c->s[c->pos + 6]))
        return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos,
                          "keyword argument at byte %d: arguments are positional, as in make_layout(shape, stride); "
                          "only ComposedLayout(outer, inner, offset=N), as tensor-layouts prints it, names one",
                          c->pos);
      *kw = *n;
      c->pos += klen;
    }
    CT_TRY(ct_eval_expr(c, ev, &args[*n], depth + 1, e));
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

/* The CuTe DSL 4.8.1 prints a swizzle as the first 8 characters of
 * S<B,M,S> (spec/notation.md): `S<1,1,-3` is S<1,1,-3> cut, and may have
 * lost digits of S. It reads as Sw<B,M,S> where no S with more digits makes
 * a swizzle (|S| grows tenfold a digit; B+M+|S| <= 31): S<1,1,-3x> is none,
 * S<1,10,1x> is. Else the message says what to write. */
static int ct_dsl_cut_ambiguous(int b, int m, int s) {
  int64_t lo = s < 0 ? -(int64_t)s : s, k;
  ct_swizzle w;
  ct_err e;
  if (lo == 0) return 0; /* no digit follows a leading 0 */
  for (lo *= 10, k = 10; lo <= CT_SW_MAX_BITS; lo *= 10, k *= 10) {
    int64_t v;
    for (v = lo; v < lo + k && v <= CT_SW_MAX_BITS; ++v) {
      ct_sw_set(&w, b, m, (int)(s < 0 ? -v : v));
      if (ct_sw_check(&w, &e) == CT_OK) return 1;
    }
  }
  return 0;
}

static ct_code ct_dsl_cut_swizzle(const ct_cursor *c, int at, ct_err *e) {
  return CT_FAIL_AT(e, CT_PARSE_UNBALANCED, c->pos,
                    "S<...> at byte %d lacks '>': the CuTe DSL prints 8 characters of a swizzle and may cut digits; "
                    "write Sw<B,M,S> as the DSL's str(sw.type) shows it, !cute.swizzle<\"S<B,M,S>\">",
                    at);
}

/* Reads '<' int {',' int} '>' into t. dsl_cut: where a list that the CuTe
 * DSL cut would end (byte 8 of its `S<...`), -1 for other names. */
static ct_code ct_read_targs(ct_cursor *c, int *t, int *nt, int dsl_cut, ct_err *e) {
  int at = dsl_cut - 8;
  *nt = 0;
  ++c->pos; /* '<' */
  for (;;) {
    int64_t v = 0;
    int neg = 0, start, end;
    ct_skip_space(c);
    start = c->pos;
    if (c->s[c->pos] == '_') ++c->pos; /* layout<_1> is accepted like layout<1> */
    if (c->s[c->pos] == '-') { neg = 1; ++c->pos; }
    if (!(c->s[c->pos] >= '0' && c->s[c->pos] <= '9')) {
      if (c->pos == dsl_cut) return ct_dsl_cut_swizzle(c, at, e);
      return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "expected a template integer at byte %d", c->pos);
    }
    while (c->s[c->pos] >= '0' && c->s[c->pos] <= '9') {
      v = v * 10 + (c->s[c->pos] - '0');
      if (v > 1000000) return CT_FAIL_AT(e, CT_OVERFLOW, start, "template integer at byte %d is too large", start);
      ++c->pos;
    }
    if (*nt >= CT_MAX_TARGS) return CT_FAIL_AT(e, CT_ARITY, start, "too many template arguments at byte %d", start);
    t[(*nt)++] = (int)(neg ? -v : v);
    end = c->pos;
    ct_skip_space(c);
    if (c->s[c->pos] == ',') { ++c->pos; continue; }
    if (c->s[c->pos] == '>') { ++c->pos; return CT_OK; }
    if (end == dsl_cut) {
      c->pos = end;
      if (*nt == 3 && !ct_dsl_cut_ambiguous(t[0], t[1], t[2])) return CT_OK;
      return ct_dsl_cut_swizzle(c, at, e);
    }
    return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "expected ',' or '>' at byte %d", c->pos);
  }
}

static ct_code ct_call(ct_ev *ev, const char *name, int at, const ct_value *args, int n, const int *t, int nt, int has_t,
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
  if (++ev->ops > CT_MAX_EXPR_OPS)
    return CT_FAIL_AT(e, CT_WORK_LIMIT, at, "%s at byte %d would be operation %ld of this request; a request applies at most %d",
                      name, at, ev->ops, CT_MAX_EXPR_OPS);
  if (has_t && b->takes_targs == 0) return CT_FAIL_AT(e, CT_ARITY, at, "%s takes no <...> arguments", name);
  if (!has_t && b->takes_targs == 2) return CT_FAIL_AT(e, CT_ARITY, at, "%s needs <...> arguments, e.g. %s", name, b->synopsis);
  a.a = args;
  a.n = n;
  a.t = t;
  a.nt = nt;
  a.has_t = has_t;
  {
    int k, composed = 0;
    for (k = 0; k < n; ++k) composed = composed || ct_v_is_composed_form(&args[k]);
    rc = composed ? ct_composed_call(b, &a, out, e) : ct_op_call(b, &a, out, e);
  }
  if (rc != CT_OK && ct_work_left == 0) /* the request's visits ran out inside the call (ref/work.h) */
    rc = CT_FAIL_AT(e, CT_WORK_LIMIT, at, "%s at byte %d ran out of the request's %lld index visits", name, at,
                    (long long)CT_WORK_VISITS);
  if (rc != CT_OK && e->pos < 0) e->pos = at;
  return rc;
}

/* Evaluation or slicing of a layout value: L(i), L(i,j), L(_,1). */
static ct_code ct_apply(ct_ev *ev, const ct_value *f, const ct_value *args, int n, int at, ct_value *out, ct_err *e) {
  ct_value fa[2];
  ct_tuple crd;
  if (n == 0) return CT_FAIL_AT(e, CT_ARITY, at, "a layout is evaluated at a coordinate: L(i) or L(i,j)");
  if (n == 1) {
    const ct_tuple *t;
    CT_TRY(ct_as_tuple(&args[0], &t, "a coordinate", e));
    crd = *t;
  } else {
    CT_TRY(ct_tuple_of_args(args, n, "a coordinate", &crd, e));
  }
  fa[0] = *f;
  ct_v_tuple(&fa[1], &crd);
  return ct_call(ev, "eval", at, fa, 2, 0, 0, 0, out, e);
}

/* ---- the forms other implementations print (spec/notation.md, "Printed
 * forms of other implementations"): read as the value they print. ---- */

/* pycute's swizzle, SW_B_M_S: its three integers into t; 0 if name is not one. */
static int ct_sw_name(const char *name, int *t) {
  const char *p = name;
  int k;
  if (strncmp(p, "SW", 2) != 0) return 0;
  p += 2;
  for (k = 0; k < 3; ++k) {
    int v = 0, digits = 0;
    if (*p++ != '_') return 0;
    int neg = k == 2 && *p == '-';
    p += neg;
    while (*p >= '0' && *p <= '9' && digits < 4) v = v * 10 + (*p++ - '0'), ++digits;
    if (!digits) return 0;
    t[k] = neg ? -v : v;
  }
  return *p == '\0';
}

/* Swizzle(B, M, S) as tensor-layouts prints it (and pycute's repr): three
 * integers, read as Sw<B,M,S>. */
static ct_code ct_swizzle_call(const ct_value *args, int n, int at, ct_value *out, ct_err *e) {
  int t[3], k;
  if (n != 3) return CT_FAIL_AT(e, CT_ARITY, at, "Swizzle(B, M, S) takes 3 integers, got %d arguments", n);
  for (k = 0; k < 3; ++k) {
    int64_t v;
    CT_TRY(ct_as_int(&args[k], &v, "an argument of Swizzle(B, M, S)", e));
    if (v < -64 || v > 64) return CT_FAIL_AT(e, CT_BAD_SWIZZLE, at, "Swizzle(B, M, S): %lld is no swizzle parameter", (long long)v);
    t[k] = (int)v;
  }
  return ct_swizzle_literal(t, 3, at, out, e);
}

/* CuTe C++'s null shared-memory pointer flag, smem_ptr[16b](unset), the
 * offset of a GMMA/UMMA atom (spec/composed.md), and a sparse atom's
 * smem_sparse<2>_ptr[16b](unset) (ATOM-5): reads as _0, the element width
 * and the sparsity dropped. The cursor is at '['. A set pointer has an
 * address, which is no offset of a layout. */
static ct_code ct_smem_ptr(ct_cursor *c, int at, ct_value *out, ct_err *e) {
  static const char unset[] = "(unset)";
  int digits = 0;
  ++c->pos;
  while (c->s[c->pos] >= '0' && c->s[c->pos] <= '9') ++c->pos, ++digits;
  if (!digits || c->s[c->pos] != 'b' || c->s[c->pos + 1] != ']')
    return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "expected the element width, as in smem_ptr[16b](unset), at byte %d", c->pos);
  c->pos += 2;
  ct_skip_space(c);
  if (strncmp(c->s + c->pos, unset, sizeof unset - 1) != 0)
    return CT_FAIL_AT(e, CT_PARSE_EXPECTED, at,
                      "only the null pointer flag smem_ptr[Nb](unset) is an offset (it reads as _0); a pointer's "
                      "address is none: write the offset as an integer");
  c->pos += (int)sizeof unset - 1;
  ct_v_int(out, 0, 1);
  return CT_OK;
}

/* ArithTuple(a, b, ...), the origin of a counting tensor as CuTe prints
 * it: the tuple (a, b, ...). */
static ct_code ct_arith_tuple(const ct_value *args, int n, int at, ct_value *out, ct_err *e) {
  ct_tuple t;
  if (n == 0) return CT_FAIL_AT(e, CT_ARITY, at, "ArithTuple(...) takes at least one integer");
  CT_TRY(ct_tuple_of_args(args, n, "an entry of ArithTuple(...)", &t, e));
  ct_v_tuple(out, &t);
  return CT_OK;
}

/* pycute's repr: Layout(shape, stride) and Layout(shape) are make_layout's
 * two forms (the compact column-major layout, as pycute's default stride);
 * ComposedLayout(outer, offset, inner). tensor-layouts' repr puts the
 * offset last, named: ComposedLayout(outer, inner, offset=N) (kw 2). */
static ct_code ct_pycute_repr(ct_ev *ev, const char *name, ct_value *args, int n, int kw, int at, ct_value *out,
                              ct_err *e) {
  if (strcmp(name, "ComposedLayout") == 0) {
    if (n != 3)
      return CT_FAIL_AT(e, CT_ARITY, at, "ComposedLayout takes 3 arguments, (outer, offset, inner) or (outer, inner, offset=N), got %d", n);
    if (kw == 2) {
      ct_value offset = args[2];
      args[2] = args[1];
      args[1] = offset;
    } else if (kw >= 0) {
      return CT_FAIL_AT(e, CT_PARSE_EXPECTED, at, "ComposedLayout(outer, inner, offset=N): offset= is the last argument");
    }
    return ct_composed_literal(args, at, out, e);
  }
  if (n != 1 && n != 2) return CT_FAIL_AT(e, CT_ARITY, at, "Layout(shape, stride) takes 1 or 2 arguments, got %d", n);
  return ct_call(ev, "make_layout", at, args, n, 0, 0, 0, out, e);
}

/* The CuTe DSL's tensor, tensor<origin o layout>: what it holds, read as
 * `origin o layout` is (ct_two_parts). The cursor is at '<'. */
static ct_code ct_dsl_tensor(ct_cursor *c, ct_ev *ev, ct_value *out, int depth, ct_err *e) {
  int open = c->pos;
  ++c->pos;
  CT_TRY(ct_eval_expr(c, ev, out, depth + 1, e));
  ct_skip_space(c);
  if (c->s[c->pos] == '\0') return CT_FAIL_AT(e, CT_PARSE_UNBALANCED, open, "'<' at byte %d is never closed", open);
  if (c->s[c->pos] != '>')
    return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "expected '>' at byte %d: the DSL's tensor<origin o layout>", c->pos);
  ++c->pos;
  return CT_OK;
}

/* Whether v is an integer or tuple whose every leaf is 0. */
static int ct_v_all_zero(const ct_value *v) {
  int k;
  if (v->kind != CT_V_TUPLE) return 0;
  for (k = 0; k < v->l.shape.n; ++k)
    if (v->l.shape.nd[k].kind == CT_INT && v->l.shape.nd[k].v != 0) return 0;
    else if (v->l.shape.nd[k].kind != CT_INT && v->l.shape.nd[k].kind != CT_TUPLE) return 0;
  return 1;
}

static ct_code ct_eval_primary(ct_cursor *c, ct_ev *ev, ct_value *out, int depth, ct_err *e) {
  char ch;
  ct_skip_space(c);
  ch = c->s[c->pos];
  if (ch == '\0') return CT_FAIL_AT(e, c->pos == 0 ? CT_PARSE_EMPTY : CT_PARSE_UNBALANCED, c->pos,
                                    c->pos == 0 ? "empty input" : "input ends at byte %d where a value was expected", c->pos);
  if (ct_is_alpha(ch)) {
    char name[64];
    int at = c->pos, len = 0, t[CT_MAX_TARGS], nt = 0, has_t = 0;
    while (ct_is_alnum(c->s[c->pos]) ||
           (c->s[c->pos] == '-' && len > 3 && name[len - 1] == '_' && strncmp(name, "SW_", 3) == 0)) {
      if (len < (int)sizeof name - 1) name[len++] = c->s[c->pos]; /* pycute's SW_3_4_-3: a negative shift */
      ++c->pos;
    }
    name[len] = '\0';
    ct_skip_space(c);
    if (c->s[c->pos] == '<' && strcmp(name, "tensor") == 0) return ct_dsl_tensor(c, ev, out, depth, e);
    if (c->s[c->pos] == '<') {
      CT_TRY(ct_read_targs(c, t, &nt, strcmp(name, "S") == 0 && c->pos == at + 1 ? at + 8 : -1, e));
      has_t = 1;
      ct_skip_space(c);
    }
    /* Sw<B,M,S>; S<B,M,S> as the CuTe DSL prints it; SW_B_M_S as pycute does */
    if (has_t && (strcmp(name, "Sw") == 0 || strcmp(name, "S") == 0)) return ct_swizzle_literal(t, nt, at, out, e);
    if (!has_t && ct_sw_name(name, t)) return ct_swizzle_literal(t, 3, at, out, e);
    if (!has_t && strcmp(name, "smem_ptr") == 0 && c->s[c->pos] == '[') return ct_smem_ptr(c, at, out, e);
    if (has_t && nt == 1 && strcmp(name, "smem_sparse") == 0 && strncmp(c->s + c->pos, "_ptr[", 5) == 0) {
      c->pos += 4;
      return ct_smem_ptr(c, at, out, e);
    }
    if (c->s[c->pos] == '(') {
      ct_value *args = ct_arena_take(ev->ar);
      int n, kw = -1, pyrepr = !has_t && (strcmp(name, "Layout") == 0 || strcmp(name, "ComposedLayout") == 0);
      ct_code rc = ct_read_args(c, ev, args, &n, strcmp(name, "ComposedLayout") == 0 ? &kw : NULL, depth, e);
      if (rc == CT_OK) {
        if (!has_t && strcmp(name, "Swizzle") == 0) rc = ct_swizzle_call(args, n, at, out, e);
        else if (!has_t && strcmp(name, "ArithTuple") == 0) rc = ct_arith_tuple(args, n, at, out, e);
        else if (pyrepr) rc = ct_pycute_repr(ev, name, args, n, kw, at, out, e);
        else rc = ct_call(ev, name, at, args, n, t, nt, has_t, out, e);
      }
      ct_arena_give(ev->ar, 1);
      return rc;
    }
    if (has_t) return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "expected '(' after %s<...> at byte %d", name, c->pos);
    if (ct_is_named_value(name, strlen(name))) {
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
  if (ch == '{') { /* {5}: an offset as tensor-layouts prints it */
    int at = c->pos;
    int64_t v;
    ++c->pos;
    CT_TRY(ct_eval_expr(c, ev, out, depth + 1, e));
    ct_skip_space(c);
    if (c->s[c->pos] == '\0') return CT_FAIL_AT(e, CT_PARSE_UNBALANCED, at, "'{' at byte %d is never closed", at);
    if (c->s[c->pos] != '}') return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "expected '}' at byte %d", c->pos);
    ++c->pos;
    if (ct_as_int(out, &v, "an offset in braces", e) != CT_OK) {
      e->pos = at;
      return e->code;
    }
    return CT_OK;
  }
  if (ch == '<') {
    out->kind = CT_V_TILER;
    return ct_read_tiler(c, &out->l, e);
  }
  {
    int start = c->pos;
    ct_code rc = ct_read_tuple(c, &out->l.shape, CT_READ_ALL | CT_READ_BASIS, e);
    if (rc == CT_PARSE_EXPECTED && ch == '(') { /* no tuple: a parenthesized expression, as tensor-layouts prints parts */
      ct_err_clear(e);
      c->pos = start;
      if (ct_group(c, ev, out, depth, e) == CT_OK) return CT_OK;
      /* the tuple's error is the one shown: read again rather than kept in
       * a second ct_err, whose room every nested call's frame would carry */
      ct_err_clear(e);
      c->pos = start;
      rc = ct_read_tuple(c, &out->l.shape, CT_READ_ALL | CT_READ_BASIS, e);
    }
    CT_TRY(rc);
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

/* '(' expr ')': a parenthesized expression. The cursor is at '('. */
static ct_code ct_group(ct_cursor *c, ct_ev *ev, ct_value *out, int depth, ct_err *e) {
  ++c->pos;
  CT_TRY(ct_eval_expr(c, ev, out, depth + 1, e));
  ct_skip_space(c);
  if (c->s[c->pos] != ')') return CT_FAIL_AT(e, CT_PARSE_EXPECTED, c->pos, "expected ')' at byte %d", c->pos);
  ++c->pos;
  return CT_OK;
}

/* A primary and its applications: L(i), L(i)(j). */
static ct_code ct_eval_postfix(ct_cursor *c, ct_ev *ev, ct_value *out, int depth, ct_err *e) {
  if (depth > CT_MAX_EXPR_DEPTH)
    return CT_FAIL_AT(e, CT_EXPR_DEPTH, c->pos, "expression nested deeper than %d at byte %d", CT_MAX_EXPR_DEPTH, c->pos);
  CT_TRY(ct_eval_primary(c, ev, out, depth, e));
  for (;;) {
    int at;
    ct_skip_space(c);
    at = c->pos;
    if (c->s[c->pos] != '(') return CT_OK;
    if (out->kind != CT_V_LAYOUT && out->kind != CT_V_TUPLE && !ct_v_is_composed_form(out))
      return CT_FAIL_AT(e, CT_PARSE_EXPECTED, at, "only a layout can be applied to a coordinate (byte %d)", at);
    {
      ct_value *args = ct_arena_take(ev->ar), *f = ct_arena_take(ev->ar);
      int n;
      ct_code rc;
      *f = *out;
      rc = ct_read_args(c, ev, args, &n, NULL, depth, e);
      if (rc == CT_OK) rc = ct_apply(ev, f, args, n, at, out, e);
      ct_arena_give(ev->ar, 2);
      CT_TRY(rc);
    }
  }
}

/* X o Y, two parts, as other implementations print (spec/notation.md):
 * tensor-layouts' composed layout `outer o inner` (offset 0), and CuTe's
 * tensor `origin o layout` with a null origin (ArithTuple(_0,_0) o L,
 * smem_ptr[16b](unset) o L), which is the layout itself. */
static ct_code ct_two_parts(ct_value *parts, int at, int missing, ct_value *out, ct_err *e) {
  if ((parts[0].kind == CT_V_SWIZZLE || parts[0].kind == CT_V_LAYOUT) && parts[1].kind == CT_V_LAYOUT) {
    parts[2] = parts[1];
    ct_v_int(&parts[1], 0, 0);
    return ct_composed_literal(parts, at, out, e);
  }
  if (ct_v_all_zero(&parts[0]) && parts[1].kind == CT_V_LAYOUT) {
    *out = parts[1];
    return CT_OK;
  }
  if (parts[0].kind == CT_V_TUPLE && parts[1].kind == CT_V_LAYOUT)
    return CT_FAIL_AT(e, CT_ARG_TYPE, at,
                      "origin o layout is a tensor whose values start at the origin: only a null origin "
                      "(ArithTuple(_0,_0), smem_ptr[16b](unset), _0) reads as the layout; a composed layout is "
                      "outer o offset o inner");
  return CT_FAIL_AT(e, CT_PARSE_EXPECTED, missing, "expected 'o' at byte %d: a composed layout is outer o offset o inner",
                    missing);
}

/* The infix `o` of a composed layout: `o` alone as a word. */
static int ct_at_o(const ct_cursor *c) { return c->s[c->pos] == 'o' && !ct_is_alnum(c->s[c->pos + 1]); }

/* expr := postfix [ 'o' postfix 'o' postfix ]: outer o offset o inner
 * (spec/composed.md, CL-DEF). */
static ct_code ct_eval_expr(ct_cursor *c, ct_ev *ev, ct_value *out, int depth, ct_err *e) {
  int at;
  ct_skip_space(c);
  at = c->pos;
  CT_TRY(ct_eval_postfix(c, ev, out, depth, e));
  ct_skip_space(c);
  if (!ct_at_o(c)) return CT_OK;
  {
    ct_value *parts = ct_arena_take(ev->ar);
    ct_code rc;
    int k, missing = c->pos;
    parts[0] = *out;
    for (k = 1, rc = CT_OK; k < 3 && rc == CT_OK; ++k) {
      ct_skip_space(c);
      if (!ct_at_o(c)) {
        missing = c->pos;
        break;
      }
      ++c->pos;
      rc = ct_eval_postfix(c, ev, &parts[k], depth + 1, e);
    }
    if (rc == CT_OK && k == 2) rc = ct_two_parts(parts, at, missing, out, e); /* X o Y */
    else if (rc == CT_OK) rc = ct_composed_literal(parts, at, out, e);
    ct_arena_give(ev->ar, 1);
    return rc;
  }
}

int ct_is_named_value(const char *s, size_t n) {
  static const char *const names[] = {"true", "false", "LayoutLeft", "LayoutRight", "K", "MN"};
  size_t k;
  for (k = 0; k < sizeof names / sizeof names[0]; ++k)
    if (strlen(names[k]) == n && strncmp(s, names[k], n) == 0) return 1;
  /* an MMA atom's CuTe name, SM80_16x8x16_F16F16F16F16_TN (spec/mma.md) */
  if (n >= 8 && n < 64 && s[0] == 'S' && s[1] == 'M' && s[2] >= '0' && s[2] <= '9') return 1;
  return 0;
}

static ct_code ct_eval_in(const char *text, ct_arena *ar, ct_value *out, ct_err *e) {
  ct_ev ev;
  ct_code rc;
  int64_t outer = ct_work_left; /* a judge evaluates inside an evaluation: the meter is restored after */
  ev.ar = ar;
  ev.ops = 0;
  ct_work_left = CT_WORK_VISITS;
  rc = ct_eval_body(text, &ev, out, e);
  ct_work_left = outer;
  return rc;
}

static ct_code ct_eval_body(const char *text, ct_ev *evp, ct_value *out, ct_err *e) {
  ct_ev ev = *evp;
  ct_cursor c;
  c.s = text;
  c.pos = 0;
  ct_err_clear(e);
  ct_skip_space(&c);
  if (c.s[c.pos] == '\0') return CT_FAIL_AT(e, CT_PARSE_EMPTY, 0, "empty input");
  CT_TRY(ct_eval_expr(&c, &ev, out, 0, e));
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

ct_code ct_eval(const char *text, ct_value *out, ct_err *e) {
  ct_code rc;
  if (!atomic_flag_test_and_set_explicit(&ct_shared_busy, memory_order_acquire)) {
    rc = ct_eval_in(text, &ct_shared_arena, out, e);
    ct_arena_trim(&ct_shared_arena, CT_ARENA_KEEP);
    atomic_flag_clear_explicit(&ct_shared_busy, memory_order_release);
  } else {
    ct_arena own = {NULL, 0, 0, 0};
    rc = ct_eval_in(text, &own, out, e);
    ct_arena_trim(&own, 0);
  }
  return rc;
}
