/* conform_ops.c -- the operations of the conformance runner: how requests
 * are generated (one table line per generator, on props/ generators), how a
 * request is cut into its arguments, and which spec page and IDs an
 * operation's result answers to. */
#include "builtins.h"
#include "conform.h"

#include <stdio.h>
#include <string.h>

/* One line per generator. An operation with several lines gets its random
 * cases from them in turn. Operations that `cuteref eval --list` does not
 * offer are skipped, so a line may name an operation not written yet. */
const cf_gen cf_gens[] = {
    /* layout.md: queries and reshaping */
    {"size", "size/layout", CT_GEN_LAYOUT, "size(%0)"},
    {"cosize", "cosize/layout", CT_GEN_LAYOUT, "cosize(%0)"},
    {"rank", "rank/layout", CT_GEN_LAYOUT, "rank(%0)"},
    {"depth", "depth/layout", CT_GEN_LAYOUT, "depth(%0)"},
    {"crd2idx", "crd2idx/index", CT_GEN_INT, "crd2idx(%k0, %0)"},
    {"idx2crd", "idx2crd/index", CT_GEN_INT, "idx2crd(%k0, %0)"},
    {"eval", "eval/index", CT_GEN_INT, "eval(%0, %k0)"},
    {"make_layout", "make_layout/pair", CT_GEN_PAIR, "make_layout(%0, %1)"},
    {"append", "append/pair", CT_GEN_PAIR, "append(%0, %1)"},
    {"prepend", "prepend/pair", CT_GEN_PAIR, "prepend(%0, %1)"},
    {"flatten", "flatten/layout", CT_GEN_LAYOUT, "flatten(%0)"},
    /* inttuple.md */
    {"congruent", "congruent/pair", CT_GEN_PAIR, "congruent(%s0, %s1)"},
    {"weakly_congruent", "weakly_congruent/pair", CT_GEN_PAIR, "weakly_congruent(%s0, %s1)"},
    {"compatible", "compatible/pair", CT_GEN_PAIR, "compatible(%s0, %s1)"},
    {"product", "product/shape", CT_GEN_LAYOUT, "product(%s0)"},
    {"sum", "sum/stride", CT_GEN_LAYOUT, "sum(%d0)"},
    {"inner_product", "inner_product/layout", CT_GEN_LAYOUT, "inner_product(%s0, %d0)"},
    {"prefix_product", "prefix_product/shape", CT_GEN_LAYOUT, "prefix_product(%s0)"},
    {"shape_div", "shape_div/pair", CT_GEN_PAIR, "shape_div(%s0, %s1)"},
    {"shape_div", "shape_div/size", CT_GEN_INT, "shape_div(%s0, %k0)"},
    {"ceil_div", "ceil_div/pair", CT_GEN_PAIR, "ceil_div(%s0, %s1)"},
    {"ceil_div", "ceil_div/size", CT_GEN_INT, "ceil_div(%s0, %k0)"},
    {"elem_scale", "elem_scale/pair", CT_GEN_PAIR, "elem_scale(%s0, %s1)"},
    {"evenly_divides", "evenly_divides/pair", CT_GEN_PAIR, "evenly_divides(%s0, %s1)"},
    /* construct.md */
    {"compact_col_major", "compact_col_major/shape", CT_GEN_LAYOUT, "compact_col_major(%s0)"},
    {"compact_row_major", "compact_row_major/shape", CT_GEN_LAYOUT, "compact_row_major(%s0)"},
    {"make_layout_like", "make_layout_like/layout", CT_GEN_LAYOUT, "make_layout_like(%0)"},
    {"make_fragment_like", "make_fragment_like/layout", CT_GEN_LAYOUT, "make_fragment_like(%0)"},
    {"upcast", "upcast/layout", CT_GEN_LAYOUT, "upcast(%0, 2)"},
    {"downcast", "downcast/layout", CT_GEN_LAYOUT, "downcast(%0, 2)"},
    /* coalesce.md */
    {"coalesce", "coalesce/layout", CT_GEN_LAYOUT, "coalesce(%0)"},
    {"filter_zeros", "filter_zeros/layout", CT_GEN_LAYOUT, "filter_zeros(%0)"},
    {"filter", "filter/layout", CT_GEN_LAYOUT, "filter(%0)"},
    /* composition.md */
    {"composition", "composition/admissible", CT_GEN_COMP, "composition(%0, %1)"},
    {"composition", "composition/random", CT_GEN_PAIR, "composition(%0, %1)"},
    {"composition", "composition/tiler", CT_GEN_TILER, "composition(%0, %1)"},
    {"with_shape", "with_shape/admissible", CT_GEN_COMP, "with_shape(%0, %s1)"},
    /* complement.md */
    {"complement", "complement/admissible", CT_GEN_CPL, "complement(%0, %k0)"},
    {"complement", "complement/random", CT_GEN_INT, "complement(%0, %k0)"},
    {"complement", "complement/default", CT_GEN_CPL, "complement(%0)"},
    {"complement", "complement/random-default", CT_GEN_LAYOUT, "complement(%0)"},
    /* inverse.md */
    {"right_inverse", "right_inverse/layout", CT_GEN_LAYOUT, "right_inverse(%0)"},
    {"right_inverse", "right_inverse/complementable", CT_GEN_CPL, "right_inverse(%0)"},
    {"left_inverse", "left_inverse/layout", CT_GEN_LAYOUT, "left_inverse(%0)"},
    {"left_inverse", "left_inverse/complementable", CT_GEN_CPL, "left_inverse(%0)"},
    {"nullspace", "nullspace/layout", CT_GEN_LAYOUT, "nullspace(%0)"},
    {"max_common_layout", "max_common_layout/pair", CT_GEN_PAIR, "max_common_layout(%0, %1)"},
    {"max_common_vector", "max_common_vector/pair", CT_GEN_PAIR, "max_common_vector(%0, %1)"},
    /* divide.md */
    {"logical_divide", "logical_divide/admissible", CT_GEN_DIV, "logical_divide(%0, %1)"},
    {"logical_divide", "logical_divide/tiler", CT_GEN_TILER, "logical_divide(%0, %1)"},
    {"logical_divide", "logical_divide/random", CT_GEN_PAIR, "logical_divide(%0, %1)"},
    {"zipped_divide", "zipped_divide/admissible", CT_GEN_DIV, "zipped_divide(%0, %1)"},
    {"zipped_divide", "zipped_divide/tiler", CT_GEN_TILER, "zipped_divide(%0, %1)"},
    {"tiled_divide", "tiled_divide/admissible", CT_GEN_DIV, "tiled_divide(%0, %1)"},
    {"tiled_divide", "tiled_divide/tiler", CT_GEN_TILER, "tiled_divide(%0, %1)"},
    {"flat_divide", "flat_divide/admissible", CT_GEN_DIV, "flat_divide(%0, %1)"},
    {"flat_divide", "flat_divide/tiler", CT_GEN_TILER, "flat_divide(%0, %1)"},
    /* product.md */
    {"logical_product", "logical_product/admissible", CT_GEN_PROD, "logical_product(%0, %1)"},
    {"logical_product", "logical_product/random", CT_GEN_PAIR, "logical_product(%0, %1)"},
    {"zipped_product", "zipped_product/admissible", CT_GEN_PROD, "zipped_product(%0, %1)"},
    {"tiled_product", "tiled_product/admissible", CT_GEN_PROD, "tiled_product(%0, %1)"},
    {"flat_product", "flat_product/admissible", CT_GEN_PROD, "flat_product(%0, %1)"},
    {"blocked_product", "blocked_product/admissible", CT_GEN_PROD, "blocked_product(%0, %1)"},
    {"raked_product", "raked_product/admissible", CT_GEN_PROD, "raked_product(%0, %1)"},
    {"tile_to_shape", "tile_to_shape/pair", CT_GEN_PAIR, "tile_to_shape(%0, %s1)"},
};
const int cf_num_gens = (int)(sizeof cf_gens / sizeof cf_gens[0]);

static const cf_op_spec cf_op_specs[] = {
    {"notation", "notation.md", "NOTE-1..NOTE-4"},
    {"expressions", "expressions.md", "its preconditions"},
    {"eval", "layout.md", "LAYOUT-2, LAYOUT-6"},
    {"size", "layout.md", "LAYOUT-1"},
    {"cosize", "layout.md", "LAYOUT-4"},
    {"rank", "layout.md", "LAYOUT-1..LAYOUT-6"},
    {"depth", "layout.md", "LAYOUT-1..LAYOUT-6"},
    {"shape", "layout.md", "LAYOUT-1..LAYOUT-6"},
    {"stride", "layout.md", "LAYOUT-1..LAYOUT-6"},
    {"layout", "layout.md", "LAYOUT-1..LAYOUT-6"},
    {"get", "layout.md", "LAYOUT-1..LAYOUT-6"},
    {"crd2idx", "layout.md", "LAYOUT-2"},
    {"idx2crd", "layout.md", "LAYOUT-2, LAYOUT-3"},
    {"make_layout", "layout.md", "LAYOUT-5"},
    {"append", "layout.md", "LAYOUT-5"},
    {"prepend", "layout.md", "LAYOUT-5"},
    {"flatten", "layout.md", "LAYOUT-5"},
    {"group", "layout.md", "LAYOUT-5"},
    {"take", "layout.md", "LAYOUT-5"},
    {"select", "layout.md", "LAYOUT-5"},
    {"slice", "layout.md", "LAYOUT-6"},
    {"dice", "layout.md", "LAYOUT-6"},
    {"product", "inttuple.md", "IT-1, IT-2"},
    {"sum", "inttuple.md", "IT-3, IT-4"},
    {"inner_product", "inttuple.md", "IT-5, IT-6"},
    {"prefix_product", "inttuple.md", "IT-7, IT-8"},
    {"shape_div", "inttuple.md", "IT-9..IT-12"},
    {"ceil_div", "inttuple.md", "IT-13..IT-16"},
    {"elem_scale", "inttuple.md", "IT-17, IT-18"},
    {"evenly_divides", "inttuple.md", "IT-19..IT-21"},
    {"congruent", "inttuple.md", "IT-22"},
    {"weakly_congruent", "inttuple.md", "IT-23"},
    {"compatible", "inttuple.md", "IT-24"},
    {"compact_col_major", "construct.md", "COMPACT-1..COMPACT-5"},
    {"compact_row_major", "construct.md", "COMPACT-1..COMPACT-5"},
    {"make_ordered_layout", "construct.md", "ORD-1..ORD-5"},
    {"make_layout_like", "construct.md", "LIKE-1..LIKE-6"},
    {"make_fragment_like", "construct.md", "FRAG-1..FRAG-5"},
    {"upcast", "construct.md", "CAST-1..CAST-7"},
    {"downcast", "construct.md", "CAST-1..CAST-7"},
    {"coalesce", "coalesce.md", "COAL-1..COAL-6"},
    {"filter_zeros", "coalesce.md", "FILT-1"},
    {"filter", "coalesce.md", "FILT-2"},
    {"composition", "composition.md", "COMP-1..COMP-7"},
    {"with_shape", "composition.md", "COMP-1..COMP-7"},
    {"complement", "complement.md", "CPL-1..CPL-6"},
    {"right_inverse", "inverse.md", "RINV-1..RINV-5"},
    {"left_inverse", "inverse.md", "LINV-1..LINV-5"},
    {"nullspace", "inverse.md", "NULL-1..NULL-4"},
    {"max_common_layout", "inverse.md", "MCL-1..MCL-4"},
    {"max_common_vector", "inverse.md", "MCV-1, MCV-2"},
    {"logical_divide", "divide.md", "DIV-1..DIV-5"},
    {"zipped_divide", "divide.md", "DIV-6, DIV-7"},
    {"tiled_divide", "divide.md", "DIV-8"},
    {"flat_divide", "divide.md", "DIV-8"},
    {"logical_product", "product.md", "PROD-1..PROD-5"},
    {"zipped_product", "product.md", "PROD-6"},
    {"tiled_product", "product.md", "PROD-7"},
    {"flat_product", "product.md", "PROD-7"},
    {"blocked_product", "product.md", "BLK-1..BLK-4"},
    {"raked_product", "product.md", "RAKE-1..RAKE-4"},
    {"tile_to_shape", "product.md", "TILE-1..TILE-4"},
};

const cf_op_spec *cf_op_spec_of(const char *op) {
  size_t k;
  for (k = 0; k < sizeof cf_op_specs / sizeof cf_op_specs[0]; ++k)
    if (strcmp(cf_op_specs[k].op, op) == 0) return &cf_op_specs[k];
  return 0;
}

int cf_op_available(const char *op) { return ct_find_builtin(op) != 0; }

static int cf_put(char *buf, int n, int cap, const char *s) {
  while (*s && n < cap - 1) buf[n++] = *s++;
  buf[n] = '\0';
  return n;
}

int cf_gen_request(int g, uint64_t seed, uint64_t index, char *buf, int cap) {
  const cf_gen *G = &cf_gens[g];
  const char *f = G->fmt;
  ct_case c;
  ct_gen_params p;
  int n = 0;
  if (!cf_op_available(G->op)) return -1;
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
    } else if (f[0] == '%' && f[1] == 'k' && (f[2] == '0' || f[2] == '1')) {
      snprintf(tmp, sizeof tmp, "%lld", (long long)c.k[f[2] - '0']);
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

void cf_request_op(const char *req, char *op, int cap) {
  const char *s = req;
  while (cf_is_space(*s)) ++s;
  if (cf_is_alpha(*s)) {
    int n = 0;
    const char *t = s;
    while (cf_is_alnum(*t)) ++t;
    if (!((t - s == 4 && strncmp(s, "true", 4) == 0) || (t - s == 5 && strncmp(s, "false", 5) == 0) ||
          strncmp(s, "Layout", 6) == 0)) {
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
      ct_skip_space(&c);
      if (c.s[c.pos] == '(') {
        snprintf(op, (size_t)cap, "eval");
        return;
      }
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
