/* fuzz_examples.c -- the spec-example reader of `cuteref examples`
 * (ct_examples_run, spec/README.md "Examples"). The input is a Markdown page.
 *
 * Invariants checked on every input:
 *  - every example line is counted once, passed or failed: the counts add up
 *    to the lines inside ```cuteref blocks that are neither blank nor
 *    comments, plus the lines holding a NUL byte, which always fail (the
 *    text after a NUL byte was ignored silently: `size(4) => 4\0junk`);
 *  - the reader agrees with the evaluator: for every example line whose
 *    expression E (the text before ` => `, ` = ` or ` ! `) has no such
 *    separator itself, the page of the lines `E => print(v)` and
 *    `E = print(v)` (E evaluates to v) or `E ! CODE` (E is rejected) passes
 *    throughout. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz/fuzz.h"
#include "cli/commands.h"
#include "cli/eval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FZ_MAX_INPUT 8192

static int fz_is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* The expression of an example line (trimmed), or 0: the text before the
 * first separator, as ct_run_example splits it. */
static int fz_expression(const char *t, size_t len, char *expr, size_t cap) {
  static char tmp[2 * FZ_MAX_INPUT + 64];
  const char *op;
  size_t b = 0, e;
  if (len >= sizeof tmp) return 0;
  memcpy(tmp, t, len);
  tmp[len] = '\0';
  if ((op = strstr(tmp, " => ")) == 0 && (op = strstr(tmp, " = ")) == 0 && (op = strstr(tmp, " ! ")) == 0) return 0;
  e = (size_t)(op - tmp);
  while (b < e && fz_is_space(tmp[b])) ++b;
  while (e > b && fz_is_space(tmp[e - 1])) --e;
  if (e - b + 1 > cap) return 0;
  memcpy(expr, tmp + b, e - b);
  expr[e - b] = '\0';
  return expr[0] != '\0' && expr[0] != '#' && !strstr(expr, " => ") && !strstr(expr, " = ") && !strstr(expr, " ! ");
}

/* Appends the line `expr SEP what` to the page when it splits back into
 * expr (an expression ending in ` =` or ` !` would not). */
static void fz_add_line(char *page, size_t cap, size_t *used, const char *expr, const char *sep, const char *what) {
  static char line[2 * FZ_MAX_INPUT + 64], back[FZ_MAX_INPUT + 1];
  int n = snprintf(line, sizeof line, "%s%s%s", expr, sep, what);
  if (n < 0 || (size_t)n >= sizeof line || !fz_expression(line, (size_t)n, back, sizeof back) || strcmp(back, expr) != 0)
    return;
  if (*used + (size_t)n + 1 < cap) *used += (size_t)snprintf(page + *used, cap - *used, "%s\n", line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static char page[8 * FZ_MAX_INPUT + 64], expr[FZ_MAX_INPUT + 1], printed[FZ_MAX_INPUT + 1];
  FILE *f;
  size_t at = 0, used = 0;
  int passed = 0, failed = 0, want = 0, nul_lines = 0, in_block = 0, n = 0;
  if (size == 0 || size > FZ_MAX_INPUT) return 0;
  static int quiet;
  if (!quiet && !freopen("/dev/null", "w", stdout)) fz_fail("cannot send stdout to /dev/null");
  quiet = 1;

  f = fmemopen((void *)data, size, "r");
  if (!f) fz_fail("fmemopen failed");
  ct_examples_run("fuzz.md", f, 0, &passed, &failed);
  fclose(f);

  /* the count, line by line, and the page of the evaluator's own answers */
  used = (size_t)snprintf(page, sizeof page, "```cuteref\n");
  while (at < size) {
    const uint8_t *nl = (const uint8_t *)memchr(data + at, '\n', size - at);
    size_t len = nl ? (size_t)(nl - (data + at)) : size - at, b = 0, e = len;
    const char *t = (const char *)data + at;
    at += len + (nl ? 1 : 0);
    if (memchr(t, '\0', len)) {
      ++want;
      ++nul_lines;
      continue;
    }
    while (b < e && (t[b] == ' ' || t[b] == '\t')) ++b;
    while (e > b && fz_is_space(t[e - 1])) --e;
    if (e - b >= 3 && strncmp(t + b, "```", 3) == 0) {
      in_block = in_block ? 0 : (e - b == 10 && strncmp(t + b + 3, "cuteref", 7) == 0);
      continue;
    }
    if (!in_block || e == b || t[b] == '#') continue;
    ++want;
    if (n < 8 && fz_expression(t + b, e - b, expr, sizeof expr)) {
      ct_value v;
      ct_err err;
      ct_code rc = ct_eval(expr, &v, &err);
      ++n;
      if (rc != CT_OK)
        fz_add_line(page, sizeof page, &used, expr, " ! ", ct_code_name(rc));
      else if (ct_print_value(&v, printed, sizeof printed) < (int)sizeof printed) {
        fz_add_line(page, sizeof page, &used, expr, " => ", printed);
        fz_add_line(page, sizeof page, &used, expr, " = ", printed);
      }
    }
  }
  if (passed + failed != want) fz_fail("%d passed + %d failed, but the page has %d example lines", passed, failed, want);
  if (failed < nul_lines) fz_fail("%d lines hold a NUL byte, only %d failed", nul_lines, failed);

  used += (size_t)snprintf(page + used, sizeof page - used, "```\n");
  if (used >= sizeof page) fz_fail("the page of answers does not fit");
  passed = failed = 0;
  f = fmemopen(page, used, "r");
  if (!f) fz_fail("fmemopen failed");
  ct_examples_run("answers.md", f, 0, &passed, &failed);
  fclose(f);
  if (failed) {
    fclose(stdout);
    if (!freopen("/dev/stderr", "w", stdout)) abort();
    f = fmemopen(page, used, "r");
    ct_examples_run("answers.md", f, 0, &passed, &failed);
    fz_fail("the evaluator's own answers fail as examples (above):\n%s", page);
  }
  return 0;
}
