/* cmd_examples.c -- `cuteref examples FILE...`: runs every example line of
 * the spec pages (spec/README.md) through the evaluator. */
#define _POSIX_C_SOURCE 200809L
#include "builtins.h"
#include "commands.h"
#include "suggest.h"
#include "eval.h"
#include "ref/coalesce.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char ct_help_examples[] =
    "usage: cuteref examples [-v] FILE...\n"
    "\n"
    "Runs every line of the ```cuteref blocks of the given Markdown files:\n"
    "  EXPR = VALUE    equal as values (layouts: same function, compatible shape)\n"
    "  EXPR => TEXT    prints exactly TEXT\n"
    "  EXPR ! CODE     rejected with error CODE\n"
    "Prints each failure with its file and line, then `N passed, N failed`.\n"
    "Every FILE must be a regular file (else exit status 2, nothing run); a\n"
    "block left open fails, and so does a run without a single example.\n"
    "-v prints every example. Exit status 0 when all pass, 1 otherwise.\n";

static char *ct_trim(char *s) {
  char *end;
  while (*s == ' ' || *s == '\t') ++s;
  end = s + strlen(s);
  while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n' || end[-1] == '\r')) --end;
  *end = '\0';
  return s;
}

/* A scaled basis v@p as a coordinate (spec/basis.md): the tuple t with v
 * at path p and 0 at every other leaf. CuTe prints a layout's value that
 * lies on one basis that way (`(8):(3@1)(2)` is `_6@1` in C++, `(_0,6)`
 * here). */
static int ct_basis_is_coord(const ct_tuple *bv, const ct_tuple *t) {
  const ct_node *b = &bv->nd[0];
  int k, node = 0;
  for (k = 0; k < b->rank; ++k) {
    int idx = (b->path >> (5 * k)) & 31;
    if (t->nd[node].kind != CT_TUPLE || idx >= t->nd[node].rank) return 0;
    node = ct_t_child(t, node, idx);
  }
  if (t->nd[node].kind != CT_INT || t->nd[node].v != b->v) return 0;
  for (k = 0; k < t->n; ++k)
    if (k != node && (t->nd[k].kind == CT_BASIS || t->nd[k].kind == CT_ALL || (t->nd[k].kind == CT_INT && t->nd[k].v)))
      return 0;
  return 1;
}

static int ct_is_basis_value(const ct_value *v) { return v->kind == CT_V_TUPLE && v->l.shape.nd[0].kind == CT_BASIS; }

/* EQUIV for values: layouts by function and shape, the rest structurally. */
int ct_values_equivalent(const ct_value *a, const ct_value *b) {
  if (ct_is_basis_value(a) && b->kind == CT_V_TUPLE && !ct_is_basis_value(b))
    return ct_basis_is_coord(&a->l.shape, &b->l.shape);
  if (ct_is_basis_value(b) && a->kind == CT_V_TUPLE && !ct_is_basis_value(a))
    return ct_basis_is_coord(&b->l.shape, &a->l.shape);
  if (ct_v_is_composed_form(a) || ct_v_is_composed_form(b)) return ct_composed_equivalent(a, b);
  if (a->kind == CT_V_LAYOUT || b->kind == CT_V_LAYOUT) {
    ct_layout x, y;
    ct_err e;
    if (ct_as_layout_m(a, &x, "", &e) != CT_OK || ct_as_layout_m(b, &y, "", &e) != CT_OK) return 0;
    return ct_l_equivalent(&x, &y);
  }
  if (a->kind != b->kind) return 0;
  switch (a->kind) {
  case CT_V_TUPLE: return ct_t_equal(&a->l.shape, 0, &b->l.shape, 0, 0);
  case CT_V_TILER: return ct_l_equal(&a->l, &b->l, 0);
  case CT_V_BOOL: return a->b == b->b;
  default: return strcmp(a->sym, b->sym) == 0;
  }
}

/* Returns 1 if the example passed; prints why not otherwise. */
static int ct_run_example(const char *file, int lineno, char *line, int verbose) {
  char *op, *expr, *want;
  const char *kind;
  ct_value got;
  ct_err e;
  ct_code rc;
  static char buf[65536];
  if ((op = strstr(line, " => ")) != 0) kind = "=>";
  else if ((op = strstr(line, " = ")) != 0) kind = "=";
  else if ((op = strstr(line, " ! ")) != 0) kind = "!";
  else {
    printf("%s:%d: not an example (no ' = ', ' => ' or ' ! '): %s\n", file, lineno, line);
    return 0;
  }
  *op = '\0';
  expr = ct_trim(line);
  want = ct_trim(op + (kind[1] == '>' ? 4 : 3));
  rc = ct_eval(expr, &got, &e);
  if (kind[0] == '!') {
    if (rc == CT_OK) {
      ct_print_value(&got, buf, sizeof buf);
      printf("%s:%d: %s: want error %s, got %s\n", file, lineno, expr, want, buf);
      return 0;
    }
    if (strcmp(ct_code_name(rc), want) != 0) {
      printf("%s:%d: %s: want error %s, got error %s (%s)\n", file, lineno, expr, want, ct_code_name(rc), e.msg);
      return 0;
    }
    if (verbose) printf("%s:%d: ok: %s ! %s (%s)\n", file, lineno, expr, want, e.msg);
    return 1;
  }
  if (rc != CT_OK) {
    printf("%s:%d: %s: want %s, got error %s (%s)\n", file, lineno, expr, want, ct_code_name(rc), e.msg);
    return 0;
  }
  ct_print_value(&got, buf, sizeof buf);
  if (kind[1] == '>') {
    if (strcmp(buf, want) != 0) {
      printf("%s:%d: %s: want exactly %s, got %s\n", file, lineno, expr, want, buf);
      return 0;
    }
  } else {
    ct_value w;
    if (ct_eval(want, &w, &e) != CT_OK) {
      printf("%s:%d: the expected value `%s` does not parse: %s\n", file, lineno, want, e.msg);
      return 0;
    }
    if (!ct_values_equivalent(&got, &w)) {
      printf("%s:%d: %s: want %s, got %s\n", file, lineno, expr, want, buf);
      return 0;
    }
  }
  if (verbose) printf("%s:%d: ok: %s %s %s\n", file, lineno, expr, kind, buf);
  return 1;
}

/* Every example of one Markdown file's text read from f (the examples
 * reader, also fuzzed: fuzz/fuzz_examples.c). A line holding a NUL byte
 * fails: the text after the NUL would be ignored silently (issue 17).
 * Returns the line that opens a ```cuteref block left open at the end of
 * the text, or 0: the caller fails it (issue 44), the counts here are of
 * example lines only. */
int ct_examples_run(const char *name, FILE *f, int verbose, int *passed, int *failed) {
  char *line = 0;
  size_t cap = 0;
  ssize_t got;
  int lineno = 0, in_block = 0, opened = 0;
  while ((got = getline(&line, &cap, f)) >= 0) {
    char *t;
    ++lineno;
    if (memchr(line, '\0', (size_t)got)) {
      printf("%s:%d: the line holds a NUL byte\n", name, lineno);
      ++*failed;
      continue;
    }
    t = ct_trim(line);
    if (strncmp(t, "```", 3) == 0) {
      in_block = in_block ? 0 : (strcmp(t + 3, "cuteref") == 0);
      if (in_block) opened = lineno;
      continue;
    }
    if (!in_block || t[0] == '\0' || t[0] == '#') continue;
    if (ct_run_example(name, lineno, t, verbose)) ++*passed;
    else ++*failed;
  }
  free(line);
  return in_block ? opened : 0;
}

/* Every file is a regular file, read whole, and the run holds at least one
 * example; an unclosed block fails (issue 44: a directory, /dev/zero, a
 * FIFO, an empty file or an unclosed block "passed" with 0 examples, or
 * never ended). A file without examples is named; spec/README.md and the
 * other pages without a ```cuteref block are such files. */
int ct_cmd_examples(int argc, char **argv) {
  int k, passed = 0, failed = 0, verbose = 0, files = 0;
  char why[256];
  for (k = 0; k < argc; ++k) { /* options first: a usage error runs nothing */
    if (strcmp(argv[k], "-v") == 0) verbose = 1;
    else if (argv[k][0] == '-' && argv[k][1] != '\0') return ct_unknown_option("examples", ct_help_examples, argv[k]);
  }
  for (k = 0; k < argc; ++k) { /* every file, before any is read */
    FILE *f;
    if (strcmp(argv[k], "-v") == 0) continue;
    if (!(f = ct_open_regular(argv[k], why, sizeof why))) {
      fprintf(stderr, "cuteref examples: %s %s\n", argv[k], why);
      return 2;
    }
    fclose(f);
  }
  for (k = 0; k < argc; ++k) {
    FILE *f;
    int before = passed + failed, open_at, err;
    if (strcmp(argv[k], "-v") == 0) continue;
    if (!(f = ct_open_regular(argv[k], why, sizeof why))) {
      fprintf(stderr, "cuteref examples: %s %s\n", argv[k], why);
      return 2;
    }
    ++files;
    open_at = ct_examples_run(argv[k], f, verbose, &passed, &failed);
    err = ferror(f);
    fclose(f);
    if (err) {
      fprintf(stderr, "cuteref examples: reading %s failed\n", argv[k]);
      return 2;
    }
    if (open_at) {
      printf("%s:%d: the ```cuteref block opened here is never closed\n", argv[k], open_at);
      ++failed;
    } else if (passed + failed == before) {
      printf("%s: no example (no line in a ```cuteref block)\n", argv[k]);
    }
  }
  if (files == 0) return ct_usage_error("%s", "examples needs at least one file");
  if (passed + failed == 0) {
    printf("no example in %s\n", files == 1 ? "the file" : "any of the files");
    ++failed;
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
