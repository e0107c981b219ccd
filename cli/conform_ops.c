/* conform_ops.c -- the operations of the conformance runner: how a
 * registry row's generators (cli/registry.c, on props/ generators) make
 * requests, and how a request is cut into its arguments. */
#include "conform.h"
#include "eval.h"
#include "props/engine.h"
#include "props/props_copy.h"
#include "props/props_mma.h"
#include "ref/copy_atom.h"
#include "ref/copy_tmem.h"
#include "registry.h"

#include <stdio.h>
#include <string.h>

int cf_op_available(const char *op) { return ct_find_builtin(op) != 0; }

int cf_put(char *buf, int n, int cap, const char *s) {
  while (*s && n < cap - 1) buf[n++] = *s++;
  buf[n] = '\0';
  return n;
}

int cf_gen_request(const ct_op_gen *G, uint64_t seed, uint64_t index, char *buf, int cap) {
  const char *f = G->fmt;
  ct_case c;
  ct_gen_params p;
  int n = 0;
  ct_gen_default(&p);
  ct_case_gen(G->gen, &p, seed, index, ct_hash_str(G->name), &c);
  buf[0] = '\0';
  while (*f && n < cap - 1) {
    char tmp[CF_REQ_CAP];
    if (f[0] == '%' && f[1] >= '0' && f[1] <= '3') {
      ct_print_tiler(&c.v[f[1] - '0'], tmp, sizeof tmp);
      n = cf_put(buf, n, cap, tmp);
      f += 2;
    } else if (f[0] == '%' && (f[1] == 's' || f[1] == 'd') && f[2] >= '0' && f[2] <= '3') {
      const ct_layout *L = &c.v[f[2] - '0'];
      ct_print_tuple(f[1] == 's' ? &L->shape : &L->stride, 0, tmp, sizeof tmp);
      n = cf_put(buf, n, cap, tmp);
      f += 3;
    } else if (f[0] == '%' && f[1] == 'S' && f[2] >= '0' && f[2] <= '3') { /* static shape (spec/refine.md) */
      ct_tuple S = c.v[f[2] - '0'].shape;
      int k;
      for (k = 0; k < S.n; ++k) S.nd[k].stat = 1;
      ct_print_tuple(&S, 0, tmp, sizeof tmp);
      n = cf_put(buf, n, cap, tmp);
      f += 3;
    } else if (f[0] == '%' && f[1] == 'k' && (f[2] == '0' || f[2] == '1')) {
      snprintf(tmp, sizeof tmp, "%lld", (long long)c.k[f[2] - '0']);
      n = cf_put(buf, n, cap, tmp);
      f += 3;
    } else if (f[0] == '%' && f[1] == 'w' && (f[2] == '0' || f[2] == '1')) {
      snprintf(tmp, sizeof tmp, "Sw<%d,%d,%d>", c.w[f[2] - '0'].b, c.w[f[2] - '0'].m, c.w[f[2] - '0'].s);
      n = cf_put(buf, n, cap, tmp);
      f += 3;
    } else if (f[0] == '%' && (f[1] == 'e' || f[1] == 'i' || f[1] == 'n' || f[1] == 't') && f[2] == '0') { /* spec/cutlass2x.md */
      ct_case_fmt_2x(&c, f[1], tmp, sizeof tmp);
      n = cf_put(buf, n, cap, tmp);
      f += 3;
    } else if (f[0] == '%' && f[1] == 'a' && f[2] == '0') { /* an atom's arguments (spec/atoms.md) */
      int major, row, bits;
      ct_case_atom(&c, &major, &row, &bits);
      snprintf(tmp, sizeof tmp, "%s, %d, %d", major ? "MN" : "K", row, bits);
      n = cf_put(buf, n, cap, tmp);
      f += 3;
    } else if (f[0] == '%' && f[1] == 'm' && f[2] == '0') { /* an MMA atom's M, N, K, bits (spec/mma.md) */
      int x[5];
      ct_case_mma(&c, &x[0], &x[1], &x[2], &x[3], &x[4]);
      snprintf(tmp, sizeof tmp, "%d, %d, %d, %d", x[0], x[1], x[2], x[3]);
      n = cf_put(buf, n, cap, tmp);
      f += 3;
    } else if (f[0] == '%' && f[1] == 'u' && f[2] == '0') { /* a UMMA atom's M, N, K, ctas (spec/mma.md, MMA-UMMA) */
      int x[5];
      ct_case_umma(&c, x);
      snprintf(tmp, sizeof tmp, "%d, %d, %d, %d", x[0], x[1], x[2], x[3]);
      n = cf_put(buf, n, cap, tmp);
      f += 3;
    } else if (f[0] == '%' && f[1] == 'c' && f[2] == '0') { /* a copy atom's arguments (spec/copy.md) */
      int st, num, trans, which;
      ct_case_copy(&c, &st, &num, &trans, &which);
      if (!ct_copy_call_args(st, num, trans, tmp, sizeof tmp)) snprintf(tmp, sizeof tmp, "SM75_U32x4_LDSM_N");
      n = cf_put(buf, n, cap, tmp);
      f += 3;
    } else if (f[0] == '%' && f[1] == 't' && f[2] == '0') { /* a TMEM atom's name (spec/copy.md, COPY-TMEM16) */
      int ld, s, num, pack;
      ct_case_tmem_atom(&c, &ld, &s, &num, &pack);
      ct_tmem_name(ld, s, num, pack, tmp, (int)sizeof tmp);
      n = cf_put(buf, n, cap, tmp);
      f += 3;
    } else if (f[0] == '%' && (f[1] == 'y' || f[1] == 'z') && (f[2] == '0' || f[2] == '1')) {
      const ct_swizzle *w = &c.w[f[2] - '0'];
      snprintf(tmp, sizeof tmp, "%lld", (long long)(f[1] == 'y' ? ct_sw_ymask(w) : ct_sw_zmask(w)));
      n = cf_put(buf, n, cap, tmp);
      f += 3;
    } else {
      buf[n++] = *f++;
      buf[n] = '\0';
    }
  }
  return n;
}

static int cf_is_alpha(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); }
static int cf_is_alnum(char ch) { return cf_is_alpha(ch) || (ch >= '0' && ch <= '9') || ch == '_'; }
static int cf_is_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'; }

/* After a literal: `(` applies it ("eval"), ` o ` makes it the outer
 * function of a composed layout ("notation"). */
static void cf_after_literal(const char *s, char *op, int cap) {
  while (cf_is_space(*s)) ++s;
  snprintf(op, (size_t)cap, "%s", *s == '(' ? "eval" : "notation");
}

void cf_request_op(const char *req, char *op, int cap) {
  const char *s = req;
  while (cf_is_space(*s)) ++s;
  if (s[0] == 'S' && s[1] == 'w' && !cf_is_alnum(s[2])) { /* Sw<B,M,S> (spec/swizzle.md) */
    const char *t = s + 2;
    while (cf_is_space(*t)) ++t;
    if (*t == '<') {
      while (*t && *t != '>') ++t;
      cf_after_literal(*t ? t + 1 : t, op, cap);
      return;
    }
  }
  if (cf_is_alpha(*s)) {
    int n = 0;
    const char *t = s;
    while (cf_is_alnum(*t)) ++t;
    if (!ct_is_named_value(s, (size_t)(t - s))) {
      while (cf_is_alnum(*s) && n < cap - 1) op[n++] = *s++;
      op[n] = '\0';
      if (!cf_op_available(op)) snprintf(op, (size_t)cap, "expressions"); /* UNKNOWN_FUNCTION */
      return;
    }
  }
  {
    ct_cursor c;
    ct_layout L;
    ct_err e;
    int has_stride;
    ct_code rc;
    c.s = s;
    c.pos = 0;
    rc = *s == '<' ? ct_read_tiler(&c, &L, &e) : ct_read_layout(&c, &L, &has_stride, &e);
    if (rc == CT_OK) {
      cf_after_literal(c.s + c.pos, op, cap);
      return;
    }
    snprintf(op, (size_t)cap, "notation");
  }
}

int cf_split_request(const char *req, cf_split *s) {
  const char *p = req, *start;
  int depth = 0;
  memset(s, 0, sizeof *s);
  while (cf_is_space(*p)) ++p;
  if (!cf_is_alpha(*p)) return 0;
  s->name = p;
  while (cf_is_alnum(*p)) ++p;
  while (cf_is_space(*p)) ++p;
  if (*p == '<') {
    while (*p && *p != '>') ++p;
    if (*p != '>') return 0;
    ++p;
  }
  s->name_len = (int)(p - s->name);
  while (s->name_len > 0 && cf_is_space(s->name[s->name_len - 1])) --s->name_len;
  while (cf_is_space(*p)) ++p;
  if (*p != '(') return 0;
  ++p;
  while (cf_is_space(*p)) ++p;
  if (*p == ')') { /* no arguments */
    ++p;
    while (cf_is_space(*p)) ++p;
    return *p == '\0';
  }
  start = p;
  for (;; ++p) {
    char ch = *p;
    if (ch == '\0') return 0;
    if (ch == '(' || ch == '<') ++depth;
    else if ((ch == ')' || ch == '>') && depth > 0) --depth;
    else if ((ch == ',' || ch == ')') && depth == 0) {
      const char *a = start, *b = p;
      while (a < b && cf_is_space(*a)) ++a;
      while (b > a && cf_is_space(b[-1])) --b;
      if (s->n >= CF_MAX_SPLIT || b == a) return 0;
      s->arg[s->n] = a;
      s->arg_len[s->n] = (int)(b - a);
      ++s->n;
      start = p + 1;
      if (ch == ')') {
        ++p;
        while (cf_is_space(*p)) ++p;
        return *p == '\0';
      }
    }
  }
}

uint64_t cf_fnv(uint64_t h, const char *s) {
  if (h == 0) h = 1469598103934665603ull;
  while (*s) h = (h ^ (uint64_t)(unsigned char)*s++) * 1099511628211ull;
  return h;
}

void cf_squeeze(const char *in, char *out, int cap) {
  int n = 0;
  for (; *in && n < cap - 1; ++in)
    if (!cf_is_space(*in)) out[n++] = *in;
  out[n] = '\0';
}

void cf_json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; ++s) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
    else if (ch == '\n') fputs("\\n", f);
    else if (ch == '\t') fputs("\\t", f);
    else if (ch == '\r') fputs("\\r", f);
    else if (ch < 0x20 || ch > 0x7e) fprintf(f, "\\u%04x", ch); /* stays ASCII, so valid UTF-8 */
    else fputc(ch, f);
  }
  fputc('"', f);
}
