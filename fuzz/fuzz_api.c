/* fuzz_api.c -- the C API at its text boundary (include/cuteref.h,
 * spec/api.md): the functions that take text with its length, which the
 * Python module calls (issue 44), against their C-string twins, against
 * each other, and against the line `cuteref eval -` answers and the judge of
 * `cuteref conform` (the same code behind both).
 *
 * The input is `REQUEST \n ANSWER`: the request is everything before the
 * first newline, NUL bytes included (that is the point), the answer
 * everything after it (an answer line for the judge, NULs and further lines
 * included). Each half reaches the library in a buffer of exactly its
 * length, so that a read past `len` is an ASan report. The answer's first
 * line is also read as a value, its second as an operation's name:
 * `(6,2):(8,2) \n (4,3):(3,1) \n composition` calls composition(V, W).
 *
 * Invariants checked on every input:
 *  - a NUL byte anywhere in the request: cuteref_eval_n, cuteref_value_parse_n
 *    fail PARSE_EXPECTED "a NUL byte at byte N" (err.pos N), cuteref_answer_n
 *    answers exactly that line and never `ok`, cuteref_judge_n calls any
 *    answer malformed with the reference's outcome `error PARSE_EXPECTED`;
 *  - a NUL-free request: every _n function agrees with its C-string twin
 *    (result, code, position, name, message, judgement field by field);
 *  - an error has a code in [1, cuteref_num_codes()), named by
 *    cuteref_code_name, found again by cuteref_code_by_name, with a printable
 *    message and a position inside the text (or -1); the answer line is
 *    `error NAME MESSAGE`;
 *  - an `ok` answer is `ok V` with V canonical: it parses back to a value
 *    that prints V (cuteref_value_str, cuteref_value_print with snprintf
 *    semantics at every capacity tried) and is equivalent to the first, both
 *    ways; an integer value reads back through cuteref_value_int;
 *  - the judge: the reference's own answer line conforms, loose and strict;
 *    the `expected` outcome is the eval answer's (`ok V`, `error CODE`, or
 *    `error CAPACITY` past the judge's 4096 characters) whatever the answer;
 *    the verdict is one of spec/api.md's, the return value follows it,
 *    strict conformance implies loose, an answer line with a NUL byte is
 *    malformed, and the verdict follows the answer's first word and the
 *    reference's outcome;
 *  - cuteref_value_equivalent is reflexive and symmetric;
 *  - cuteref_call (the answer's second line as an operation's name, the
 *    request's value and the answer's as arguments) equals the evaluation
 *    of `NAME(ARGS)`, or UNKNOWN_FUNCTION for a name outside
 *    NAME[<int,...>]; cuteref_size, cuteref_cosize and cuteref_layout_at
 *    (int64 edges) equal `size(V)`, `cosize(V)`, `eval(V,i)`;
 *  - every string and value returned is freed (LeakSanitizer). */
#include "fuzz/fuzz.h"
#include "include/cuteref.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FZ_MAX_INPUT (1 << 16)
#define FZ_JUDGE_CAP 4096 /* cuteref_judgement.expected, and the judge's own bound (CF_REQ_CAP) */

/* ---- helpers ------------------------------------------------------------------- */

/* A printable rendering of n bytes for a failure message (static storage). */
static const char *fz_show(const char *s, size_t n) {
  static char out[4][320];
  static int which;
  char *o = out[which = (which + 1) % 4];
  size_t k, m = 0;
  for (k = 0; k < n && m + 8 < sizeof out[0]; ++k) {
    unsigned char c = (unsigned char)s[k];
    if (c >= 0x20 && c < 0x7f && c != '\\') o[m++] = (char)c;
    else m += (size_t)snprintf(o + m, sizeof out[0] - m, "\\x%02x", c);
  }
  if (k < n) m += (size_t)snprintf(o + m, sizeof out[0] - m, "...");
  o[m] = '\0';
  return o;
}

static const char *fz_str(const char *s) { return s ? fz_show(s, strlen(s)) : "(null)"; }

/* A malloc'd copy of exactly n bytes (1 when n is 0), not NUL-terminated. */
static char *fz_exact(const char *s, size_t n) {
  char *d = (char *)malloc(n ? n : 1);
  if (!d) abort();
  if (n) memcpy(d, s, n);
  return d;
}

/* A malloc'd "a" "b" "c" (b and c may be NULL). */
static char *fz_cat3(const char *a, const char *b, const char *c) {
  size_t n = strlen(a) + (b ? strlen(b) : 0) + (c ? strlen(c) : 0) + 1;
  char *d = (char *)malloc(n);
  if (!d) abort();
  snprintf(d, n, "%s%s%s", a, b ? b : "", c ? c : "");
  return d;
}

static int fz_same_error(const cuteref_error *a, const cuteref_error *b) {
  return a->code == b->code && a->pos == b->pos && strcmp(a->name, b->name) == 0 &&
         strcmp(a->message, b->message) == 0;
}

/* A NUL inside each fixed-size field: the library never leaves one unterminated. */
#define FZ_TERMINATED(field) (memchr((field), '\0', sizeof(field)) != NULL)

/* An error as the API promises it: rc its code, in range, named. */
static void fz_check_error(const char *what, const char *text, size_t len, int rc, const cuteref_error *e) {
  const char *name;
  if (rc <= CUTEREF_OK || rc >= cuteref_num_codes())
    fz_fail("%s `%s`: code %d out of [1, %d)", what, fz_show(text, len), rc, cuteref_num_codes());
  if (!FZ_TERMINATED(e->name) || !FZ_TERMINATED(e->message))
    fz_fail("%s `%s`: an unterminated field of cuteref_error", what, fz_show(text, len));
  name = cuteref_code_name(rc);
  if (e->code != rc || !name || strcmp(e->name, name) != 0 || cuteref_code_by_name(e->name) != rc)
    fz_fail("%s `%s`: returned %d, err says %d `%s` (the name of %d is `%s`)", what, fz_show(text, len), rc, e->code,
            fz_str(e->name), rc, fz_str(name));
  if (!cuteref_code_summary(rc)) fz_fail("code %d (%s) has no summary", rc, name);
  if (!e->message[0] || !fz_printable(e->message))
    fz_fail("%s `%s`: %s with an empty or unprintable message `%s`", what, fz_show(text, len), name,
            fz_str(e->message));
  if (e->pos < -1 || (size_t)(e->pos < 0 ? 0 : e->pos) > len)
    fz_fail("%s `%s`: %s at byte %d of a %zu-byte text", what, fz_show(text, len), name, e->pos, len);
}

static void fz_check_no_error(const char *what, const char *text, size_t len, const cuteref_error *e) {
  if (e->code != CUTEREF_OK || strcmp(e->name, "OK") != 0)
    fz_fail("%s `%s` succeeded with err %d `%s`", what, fz_show(text, len), e->code, fz_str(e->name));
}

/* Whether op is NAME or NAME<...> as cuteref_call reads an operation's name
 * (spec/api.md: NAME or NAME<int,...>; lib/cuteref_api.c, api_op_name). */
static int fz_op_name_form(const char *op) {
  size_t k = 0;
  if (!((op[0] >= 'a' && op[0] <= 'z') || (op[0] >= 'A' && op[0] <= 'Z'))) return 0;
  while ((op[k] >= 'a' && op[k] <= 'z') || (op[k] >= 'A' && op[k] <= 'Z') || (op[k] >= '0' && op[k] <= '9') ||
         op[k] == '_')
    ++k;
  if (k >= 63) return 0;
  if (op[k] == '\0') return 1;
  if (op[k] != '<') return 0;
  for (++k; op[k] && op[k] != '>'; ++k)
    if (!((op[k] >= '0' && op[k] <= '9') || op[k] == '-' || op[k] == '_' || op[k] == ',' || op[k] == ' ')) return 0;
  return op[k] == '>' && op[k + 1] == '\0';
}

/* ---- values ---------------------------------------------------------------------- */

/* v prints as s, by every printing function. */
static void fz_check_prints(const char *what, const cuteref_value *v, const char *s) {
  char *t = cuteref_value_str(v), buf[64];
  int n = (int)strlen(s), caps[] = {1, 2, 7, (int)sizeof buf}, k;
  if (!t || strcmp(t, s) != 0) fz_fail("%s: `%s` prints as `%s`", what, fz_str(s), fz_str(t));
  cuteref_free_string(t);
  if (cuteref_value_print(v, NULL, 0) != n) fz_fail("%s: cuteref_value_print(v, NULL, 0) != strlen(`%s`)", what, s);
  for (k = 0; k < 4; ++k) { /* snprintf semantics: the whole length, a terminated prefix */
    int cap = caps[k], got;
    memset(buf, 'X', sizeof buf);
    got = cuteref_value_print(v, buf, (size_t)cap);
    if (got != n || buf[(n < cap ? n : cap - 1)] != '\0' || strncmp(buf, s, (size_t)(n < cap ? n : cap - 1)) != 0 ||
        (cap < (int)sizeof buf && buf[cap] != 'X'))
      fz_fail("%s: cuteref_value_print(`%s`, cap %d) returned %d and wrote `%s`", what, fz_str(s), cap, got,
              fz_show(buf, sizeof buf));
  }
}

/* The kind and the integer reading of a value agree with its text. */
static void fz_check_kind(const cuteref_value *v, const char *s) {
  int kind = cuteref_value_kind(v), is_int;
  int64_t x = 12345;
  char want[32];
  const char *digits = s + (s[0] == '_');
  size_t k = digits[0] == '-';
  int int_text = digits[k] != '\0';
  for (; digits[k]; ++k) int_text &= digits[k] >= '0' && digits[k] <= '9';
  if (kind < CUTEREF_INTTUPLE || kind > CUTEREF_OTHER) fz_fail("`%s`: kind %d", fz_str(s), kind);
  is_int = cuteref_value_int(v, &x);
  if (cuteref_value_int(v, NULL) != is_int) fz_fail("`%s`: cuteref_value_int(v, NULL) differs", fz_str(s));
  if (kind == CUTEREF_BOOL) {
    if (!is_int || x != (strcmp(s, "true") == 0) || (strcmp(s, "true") != 0 && strcmp(s, "false") != 0))
      fz_fail("the boolean `%s` reads as %d, %" PRId64, fz_str(s), is_int, x);
  } else if (kind == CUTEREF_INTTUPLE && int_text) {
    snprintf(want, sizeof want, "%" PRId64, x);
    if (!is_int || strcmp(want, digits) != 0) fz_fail("the integer `%s` reads as %d, %s", fz_str(s), is_int, want);
  } else if (is_int) {
    fz_fail("`%s` (kind %d) reads as the integer %" PRId64, fz_str(s), kind, x);
  }
  if (kind == CUTEREF_TILER && s[0] != '<') fz_fail("`%s` is a tiler?", fz_str(s));
}

/* An integer-valued wrapper (size, cosize, layout_at) against the
 * evaluation of the same call written out. */
static void fz_check_int_call(const char *text, int rc, int64_t got, const cuteref_error *e) {
  cuteref_error te;
  char *want = cuteref_eval(text, &te), num[32];
  if (rc == CUTEREF_OK) {
    fz_check_no_error(text, text, strlen(text), e);
    snprintf(num, sizeof num, "%" PRId64, got);
    if (!want || strcmp(want + (want[0] == '_'), num) != 0)
      fz_fail("the typed call of `%s` gives %s, eval gives `%s`", fz_str(text), num, fz_str(want));
  } else {
    fz_check_error("typed call", text, strlen(text), rc, e);
    if (e->pos != -1) fz_fail("the typed call of `%s`: %s at %d, not -1", fz_str(text), e->name, e->pos);
    /* eval may accept what is not an integer (the wrapper's own ARG_TYPE) */
    if (want ? rc != cuteref_code_by_name("ARG_TYPE") : te.code != rc || strcmp(te.message, e->message) != 0)
      fz_fail("the typed call of `%s` fails %s `%s`, eval gives `%s` %s `%s`", fz_str(text), e->name,
              fz_str(e->message), fz_str(want), te.name, fz_str(te.message));
  }
  cuteref_free_string(want);
}

static void fz_check_typed(const cuteref_value *v, const char *s) {
  static const int64_t at[] = {0, 1, -1, 5, INT64_MAX, INT64_MIN};
  int64_t x = 0;
  cuteref_error e;
  char *text;
  size_t k;
  int rc;
  rc = cuteref_size(v, &x, &e);
  text = fz_cat3("size(", s, ")");
  fz_check_int_call(text, rc, x, &e);
  free(text);
  rc = cuteref_cosize(v, &x, &e);
  text = fz_cat3("cosize(", s, ")");
  fz_check_int_call(text, rc, x, &e);
  free(text);
  for (k = 0; k < sizeof at / sizeof at[0]; ++k) {
    char idx[40];
    snprintf(idx, sizeof idx, ",%" PRId64 ")", at[k]);
    rc = cuteref_layout_at(v, at[k], &x, &e);
    text = fz_cat3("eval(", s, idx);
    fz_check_int_call(text, rc, x, &e);
    free(text);
  }
}

/* cuteref_call(op, args) against the evaluation of `op(args...)`. */
static void fz_check_call(const char *op, const cuteref_value *const *args, const char *const *texts, int n) {
  cuteref_value *out = (cuteref_value *)&out;
  cuteref_error e, te;
  char *text, *want, *got;
  int rc = cuteref_call(op, args, n, &out, &e), k;
  if (rc != CUTEREF_OK) {
    fz_check_error("cuteref_call", op, strlen(op), rc, &e);
    if (out != NULL) fz_fail("cuteref_call(`%s`) failed %s but set *out", fz_str(op), e.name);
    if (e.pos != -1) fz_fail("cuteref_call(`%s`): %s at %d, not -1", fz_str(op), e.name, e.pos);
  }
  if (!fz_op_name_form(op)) {
    if (rc != cuteref_code_by_name("UNKNOWN_FUNCTION"))
      fz_fail("cuteref_call(`%s`), no operation name, gave %d %s", fz_str(op), rc, e.name);
    return;
  }
  text = fz_cat3(op, "(", NULL);
  for (k = 0; k < n; ++k) {
    char *t = fz_cat3(text, k ? "," : "", texts[k]);
    free(text);
    text = t;
  }
  want = fz_cat3(text, ")", NULL);
  free(text);
  text = want;
  want = cuteref_eval(text, &te);
  if (rc == CUTEREF_OK) {
    if (!out) fz_fail("cuteref_call(`%s`) succeeded without a value", fz_str(op));
    fz_check_no_error("cuteref_call", op, strlen(op), &e);
    got = cuteref_value_str(out);
    if (!want || !got || strcmp(want, got) != 0)
      fz_fail("cuteref_call(`%s`, %d args) = `%s`, eval(`%s`) = `%s`", fz_str(op), n, fz_str(got), fz_str(text),
              want ? fz_str(want) : te.name);
    cuteref_free_string(got);
    cuteref_value_free(out);
  } else if (want || te.code != rc || strcmp(te.message, e.message) != 0) {
    fz_fail("cuteref_call(`%s`, %d args) fails %s `%s`, eval(`%s`) gives `%s` %s `%s`", fz_str(op), n, e.name,
            fz_str(e.message), fz_str(text), fz_str(want), te.name, fz_str(te.message));
  }
  cuteref_free_string(want);
  free(text);
}

/* ---- the judge ------------------------------------------------------------------------ */

static const char *const fz_verdicts[] = {"conforming",    "convention",  "wrong_result", "wrong_rejection",
                                          "accepted_inadmissible", "unjudged", "unsupported",  "malformed"};

static void fz_check_judgement(const char *req, size_t rl, const char *ans, size_t al, int flags, int r,
                               const cuteref_judgement *j) {
  size_t k;
  int known = 0, no_failure;
  if (!FZ_TERMINATED(j->verdict) || !FZ_TERMINATED(j->id) || !FZ_TERMINATED(j->post_id) || !FZ_TERMINATED(j->why) ||
      !FZ_TERMINATED(j->expected))
    fz_fail("judge `%s` / `%s`: an unterminated field", fz_show(req, rl), fz_show(ans, al));
  for (k = 0; k < sizeof fz_verdicts / sizeof fz_verdicts[0]; ++k) known |= strcmp(j->verdict, fz_verdicts[k]) == 0;
  if (!known) fz_fail("judge `%s` / `%s`: verdict `%s`", fz_show(req, rl), fz_show(ans, al), fz_str(j->verdict));
  no_failure =
      !strcmp(j->verdict, "conforming") || !strcmp(j->verdict, "convention") || !strcmp(j->verdict, "unjudged");
  if (r != no_failure)
    fz_fail("judge `%s` / `%s` (flags %d): returned %d for the verdict %s", fz_show(req, rl), fz_show(ans, al), flags,
            r, j->verdict);
  if (!fz_printable(j->expected) || !fz_printable(j->id) || !fz_printable(j->post_id))
    fz_fail("judge `%s` / `%s`: expected, id or post_id not printable", fz_show(req, rl), fz_show(ans, al));
  if (strncmp(j->expected, "ok ", 3) != 0 && strncmp(j->expected, "error ", 6) != 0)
    fz_fail("judge `%s`: expected `%s`", fz_show(req, rl), fz_str(j->expected));
}

static int fz_same_judgement(const cuteref_judgement *a, const cuteref_judgement *b) {
  return !strcmp(a->verdict, b->verdict) && !strcmp(a->id, b->id) && !strcmp(a->post_id, b->post_id) &&
         !strcmp(a->why, b->why) && !strcmp(a->expected, b->expected);
}

/* The request (NUL-free, also as the C string creq) judged with the
 * arbitrary answer ans[0, al), loose and strict. expected: the reference's
 * outcome as the eval answer says it. */
static void fz_judge_answer(const char *req, size_t rl, const char *creq, const char *ans, size_t al,
                            const char *expected) {
  static cuteref_judgement loose, strict, twin;
  size_t line = al, k;
  const char *nul, *a;
  int r, flags, code_only;
  for (k = 0; k < al; ++k) /* the answer line: up to its first \r or \n */
    if (ans[k] == '\r' || ans[k] == '\n') {
      line = k;
      break;
    }
  nul = (const char *)memchr(ans, '\0', line);
  for (flags = 0; flags <= CUTEREF_JUDGE_STRICT; ++flags) {
    cuteref_judgement *j = flags ? &strict : &loose;
    r = cuteref_judge_n(req, rl, ans, al, flags, j);
    fz_check_judgement(req, rl, ans, al, flags, r, j);
    if (strcmp(j->expected, expected) != 0)
      fz_fail("judge `%s` / `%s`: the reference's outcome is `%s`, eval says `%s`", fz_show(req, rl),
              fz_show(ans, al), fz_str(j->expected), fz_str(expected));
    if (nul) {
      char why[64];
      snprintf(why, sizeof why, "NUL byte (at byte %ld)", (long)(nul - ans));
      if (r != 0 || strcmp(j->verdict, "malformed") != 0 || !strstr(j->why, why))
        fz_fail("judge `%s` / `%s`: an answer line with a NUL byte is %s (%s)", fz_show(req, rl), fz_show(ans, al),
                j->verdict, fz_str(j->why));
      continue;
    }
    /* the C-string twin, on the answer's first line */
    {
      char *cans = fz_cstr((const uint8_t *)ans, line);
      int r2 = cuteref_judge(creq, cans, flags, &twin);
      if (r2 != r || !fz_same_judgement(j, &twin))
        fz_fail("judge `%s` / `%s` (flags %d): _n says %d %s %s `%s`, the C-string twin %d %s %s `%s`",
                fz_show(req, rl), fz_show(ans, al), flags, r, j->verdict, j->id, fz_str(j->why), r2, twin.verdict,
                twin.id, fz_str(twin.why));
      free(cans);
    }
    /* the verdict follows the answer's first word and the reference's outcome */
    a = ans;
    while (a < ans + line && (*a == ' ' || *a == '\t')) ++a;
    if (!strcmp(j->verdict, "accepted_inadmissible") &&
        (strncmp(expected, "error ", 6) != 0 || (size_t)(ans + line - a) < 2 || strncmp(a, "ok", 2) != 0))
      fz_fail("judge `%s` / `%s`: accepted inadmissible?", fz_show(req, rl), fz_show(ans, al));
    /* (strict mode: another code than the spec's is a wrong rejection, ID `code`) */
    code_only = flags && !strcmp(j->verdict, "wrong_rejection") && !strcmp(j->id, "code");
    if ((!strcmp(j->verdict, "wrong_rejection") || !strcmp(j->verdict, "unsupported")) &&
        ((strncmp(expected, "ok ", 3) != 0 && !code_only) || (size_t)(ans + line - a) < 5 ||
         strncmp(a, "error", 5) != 0))
      fz_fail("judge `%s` / `%s` (flags %d): %s (%s)?", fz_show(req, rl), fz_show(ans, al), flags, j->verdict, j->id);
  }
  if (!strcmp(strict.verdict, "conforming") && strcmp(loose.verdict, "conforming") != 0)
    fz_fail("judge `%s` / `%s`: conforming in strict mode, %s in loose mode", fz_show(req, rl), fz_show(ans, al),
            loose.verdict);
}

/* The reference's own answer line conforms, loose and strict. */
static void fz_judge_own(const char *req, size_t rl, const char *line, const char *expected) {
  static cuteref_judgement j;
  size_t n = strlen(line);
  char *exact;
  int flags, r;
  if (n >= FZ_JUDGE_CAP - 1) return; /* past what the judge reads (CF_REQ_CAP) */
  exact = fz_exact(line, n);
  for (flags = 0; flags <= CUTEREF_JUDGE_STRICT; ++flags) {
    r = cuteref_judge_n(req, rl, exact, n, flags, &j);
    fz_check_judgement(req, rl, exact, n, flags, r, &j);
    if (r != 1 || strcmp(j.verdict, "conforming") != 0 || strcmp(j.expected, expected) != 0)
      fz_fail("judge `%s`: its own answer `%s` is %s in %s mode (%s: %s; expected `%s`)", fz_show(req, rl),
              fz_str(line), j.verdict, flags ? "strict" : "loose", j.id, fz_str(j.why), fz_str(j.expected));
  }
  free(exact);
  r = cuteref_judge_n(req, rl, NULL, 0, 0, &j);
  if (r != 0 || strcmp(j.verdict, "malformed") != 0 || strcmp(j.expected, expected) != 0)
    fz_fail("judge `%s` with no answer: %d %s, expected `%s`", fz_show(req, rl), r, j.verdict, fz_str(j.expected));
}

/* ---- the request ------------------------------------------------------------------------- */

/* A request holding a NUL byte at `at`: rejected by every _n function. */
static void fz_nul_request(const char *req, size_t rl, size_t at, const char *ans, size_t al) {
  static cuteref_judgement j;
  cuteref_error e;
  cuteref_value *v = (cuteref_value *)&v;
  char want[96], *s, *line;
  int rc, flags;
  s = cuteref_eval_n(req, rl, &e);
  snprintf(want, sizeof want, "a NUL byte at byte %zu", at);
  if (s) fz_fail("`%s` (a NUL at %zu) evaluated to `%s`", fz_show(req, rl), at, fz_str(s));
  fz_check_error("cuteref_eval_n", req, rl, e.code, &e);
  if (strcmp(e.name, "PARSE_EXPECTED") != 0 || strcmp(e.message, want) != 0 || (at <= INT_MAX && e.pos != (int)at))
    fz_fail("`%s`: %s `%s` at %d, not PARSE_EXPECTED `%s`", fz_show(req, rl), e.name, fz_str(e.message), e.pos, want);
  line = cuteref_answer_n(req, rl);
  snprintf(want, sizeof want, "error PARSE_EXPECTED a NUL byte at byte %zu", at);
  if (!line || strcmp(line, want) != 0) fz_fail("`%s` answered `%s`, not `%s`", fz_show(req, rl), fz_str(line), want);
  cuteref_free_string(line);
  rc = cuteref_value_parse_n(req, rl, &v, &e);
  if (rc != cuteref_code_by_name("PARSE_EXPECTED") || v != NULL || e.pos != (at <= INT_MAX ? (int)at : -1))
    fz_fail("cuteref_value_parse_n(`%s`): %d %s at %d", fz_show(req, rl), rc, e.name, e.pos);
  fz_check_error("cuteref_value_parse_n", req, rl, rc, &e);
  for (flags = 0; flags <= CUTEREF_JUDGE_STRICT; ++flags) {
    int r = cuteref_judge_n(req, rl, ans, al, flags, &j);
    fz_check_judgement(req, rl, ans, al, flags, r, &j);
    if (r != 0 || strcmp(j.verdict, "malformed") != 0 || strcmp(j.expected, "error PARSE_EXPECTED") != 0 || j.id[0])
      fz_fail("judge `%s` (a NUL at %zu) / `%s`: %d %s %s, expected `%s`", fz_show(req, rl), at, fz_show(ans, al), r,
              j.verdict, j.id, fz_str(j.expected));
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const uint8_t *nl;
  size_t rl, al, first, op_start, k;
  char *req, *ans, *creq, *s, *s2, *line, *line2, *expected, *op = NULL;
  cuteref_error e, e2, pe;
  cuteref_value *v = (cuteref_value *)&v, *w = NULL;
  const char *nul;
  int prc;
  if (size > FZ_MAX_INPUT) return 0;
  nl = (const uint8_t *)memchr(data, '\n', size);
  rl = nl ? (size_t)(nl - data) : size;
  al = nl ? size - rl - 1 : 0;
  req = fz_exact((const char *)data, rl);
  ans = fz_exact(nl ? (const char *)nl + 1 : "", al);

  nul = (const char *)memchr(req, '\0', rl);
  if (nul) {
    fz_nul_request(req, rl, (size_t)(nul - req), ans, al);
    free(req);
    free(ans);
    return 0;
  }

  /* a NUL-free request: the _n functions and their C-string twins agree */
  creq = fz_cstr((const uint8_t *)req, rl);
  s = cuteref_eval_n(req, rl, &e);
  s2 = cuteref_eval(creq, &e2);
  if ((s == NULL) != (s2 == NULL) || (s && strcmp(s, s2) != 0) || !fz_same_error(&e, &e2))
    fz_fail("`%s`: cuteref_eval_n gives `%s` (%s), cuteref_eval `%s` (%s)", fz_show(req, rl), fz_str(s), e.name,
            fz_str(s2), e2.name);
  cuteref_free_string(s2);
  s2 = cuteref_eval_n(req, rl, NULL); /* err may be NULL */
  if ((s == NULL) != (s2 == NULL) || (s && strcmp(s, s2) != 0))
    fz_fail("`%s`: cuteref_eval_n with err NULL gives `%s`, not `%s`", fz_show(req, rl), fz_str(s2), fz_str(s));
  cuteref_free_string(s2);
  line = cuteref_answer_n(req, rl);
  line2 = cuteref_answer(creq);
  if (!line || !line2 || strcmp(line, line2) != 0)
    fz_fail("`%s`: cuteref_answer_n `%s`, cuteref_answer `%s`", fz_show(req, rl), fz_str(line), fz_str(line2));
  cuteref_free_string(line2);
  prc = cuteref_value_parse_n(req, rl, &v, &pe);

  if (s) { /* ok V: canonical, and V reads back */
    cuteref_value *back = NULL;
    cuteref_error be;
    fz_check_no_error("cuteref_eval_n", req, rl, &e);
    if (strncmp(line, "ok ", 3) != 0 || strcmp(line + 3, s) != 0)
      fz_fail("`%s` = `%s`, answered `%s`", fz_show(req, rl), fz_str(s), fz_str(line));
    if (!s[0] || !fz_printable(s) || !fz_spaces_canonical(s))
      fz_fail("`%s` = `%s`: not canonical", fz_show(req, rl), fz_str(s));
    if (prc != CUTEREF_OK || !v)
      fz_fail("`%s` = `%s`, but cuteref_value_parse_n fails %s", fz_show(req, rl), s, pe.name);
    fz_check_no_error("cuteref_value_parse_n", req, rl, &pe);
    fz_check_prints("the value of the request", v, s);
    fz_check_kind(v, s);
    if (cuteref_value_parse_n(s, strlen(s), &back, &be) != CUTEREF_OK)
      fz_fail("`%s` = `%s`, which does not parse: %s %s", fz_show(req, rl), s, be.name, fz_str(be.message));
    fz_check_prints("the value read back", back, s);
    if (cuteref_value_kind(back) != cuteref_value_kind(v))
      fz_fail("`%s` = `%s`, read back as another kind", fz_show(req, rl), s);
    if (cuteref_value_equivalent(v, v) != 1 || cuteref_value_equivalent(back, back) != 1)
      fz_fail("`%s` = `%s` is not equivalent to itself", fz_show(req, rl), s);
    if (cuteref_value_equivalent(v, back) != 1 || cuteref_value_equivalent(back, v) != 1)
      fz_fail("`%s` = `%s` is not equivalent to its value read back", fz_show(req, rl), s);
    s2 = cuteref_eval_n(s, strlen(s), &e2);
    if (!s2 || strcmp(s, s2) != 0) fz_fail("`%s` = `%s`, evaluated again `%s`", fz_show(req, rl), s, fz_str(s2));
    cuteref_free_string(s2);
    cuteref_value_free(back);
    fz_check_typed(v, s);
    expected = strlen(s) + 3 < FZ_JUDGE_CAP ? fz_cat3("ok ", s, NULL) : fz_cat3("error CAPACITY", NULL, NULL);
  } else {
    fz_check_error("cuteref_eval_n", req, rl, e.code, &e);
    s2 = fz_cat3("error ", e.name, " ");
    line2 = fz_cat3(s2, e.message, NULL);
    if (strcmp(line, line2) != 0) fz_fail("`%s` fails %s, answered `%s`", fz_show(req, rl), line2, fz_str(line));
    free(s2);
    free(line2);
    if (prc != e.code || v != NULL || !fz_same_error(&e, &pe))
      fz_fail("`%s`: cuteref_eval_n fails %s at %d, cuteref_value_parse_n %d %s at %d", fz_show(req, rl), e.name,
              e.pos, prc, pe.name, pe.pos);
    expected = fz_cat3("error ", e.name, NULL);
  }

  /* the judge */
  fz_judge_own(req, rl, line, expected);
  fz_judge_answer(req, rl, creq, ans, al, expected);

  /* the answer's first line as a value, its second as an operation's name */
  for (first = 0; first < al && ans[first] != '\n' && ans[first] != '\r'; ++first) {
  }
  if (first <= FZ_JUDGE_CAP && !memchr(ans, '\0', first)) {
    if (cuteref_value_parse_n(ans, first, &w, &pe) == CUTEREF_OK) {
      if (v && cuteref_value_equivalent(v, w) != cuteref_value_equivalent(w, v))
        fz_fail("the equivalence of `%s` and `%s` is not symmetric", fz_str(s), fz_show(ans, first));
    } else {
      fz_check_error("cuteref_value_parse_n", ans, first, pe.code, &pe);
      w = NULL;
    }
  }
  for (k = first + (first < al); k < al && ans[k] != '\n'; ++k) {
  }
  op_start = first + (first < al);
  if (k - op_start <= 200 && !memchr(ans + op_start, '\0', k - op_start)) {
    int c;
    op = fz_cstr((const uint8_t *)ans + op_start, k - op_start);
    c = cuteref_code_by_name(op);
    if (c != -1 && (c < 0 || c >= cuteref_num_codes() || strcmp(cuteref_code_name(c), op) != 0))
      fz_fail("cuteref_code_by_name(`%s`) = %d", fz_str(op), c);
    if (v) {
      const cuteref_value *args[2];
      const char *texts[2];
      char *wt = w ? cuteref_value_str(w) : NULL;
      args[0] = v;
      texts[0] = s;
      fz_check_call(op, args, texts, 1);
      if (w) {
        args[1] = w;
        texts[1] = wt;
        fz_check_call(op, args, texts, 2);
      }
      cuteref_free_string(wt);
    }
    free(op);
  }
  cuteref_value_free(w);
  for (k = 0; k < 2; ++k) { /* names of codes: none is misread */
    const char *n = cuteref_code_name(k ? cuteref_num_codes() - 1 : 0);
    if (!n || cuteref_code_by_name(n) != (k ? cuteref_num_codes() - 1 : 0)) fz_fail("code names do not read back");
  }

  cuteref_value_free(v);
  cuteref_free_string(s);
  cuteref_free_string(line);
  free(expected);
  free(creq);
  free(req);
  free(ans);
  return 0;
}
