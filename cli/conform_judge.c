/* conform_judge.c -- judging an answer by the spec (spec/protocol.md,
 * "Judging"): the reference's outcome, equivalence of results (EQUIV-2), and
 * the operation's judges (judge/, the same functions props/ runs), which name
 * the spec ID a wrong answer violates. */
#include "conform.h"
#include "eval.h"
#include "registry.h"

#include <stdio.h>
#include <string.h>

const char *const cf_verdict_keys[CF_NUM_VERDICTS] = {
    "conforming", "wrong_result", "wrong_rejection", "accepted_inadmissible", "unsupported",
    "malformed",  "crashed",      "timed_out",       "out_of_order",          "not_sent"};
const char *const cf_verdict_words[CF_NUM_VERDICTS] = {
    "conforming", "wrong result", "wrong rejection", "accepted inadmissible", "unsupported",
    "malformed",  "crashed",      "timed out",       "out of order",          "not sent"};

#define CF_BRUTE 65536 /* brute-force judges visit at most this many indices (judge/judge.h) */

ct_code cf_reference(const char *req, char *out, int cap) {
  ct_value v;
  ct_err e;
  ct_code rc = ct_eval(req, &v, &e);
  if (rc != CT_OK) {
    snprintf(out, (size_t)cap, "error %s", ct_code_name(rc));
    return rc;
  }
  memcpy(out, "ok ", 4);
  if (ct_print_value(&v, out + 3, cap - 3) >= cap - 3) {
    snprintf(out, (size_t)cap, "error CAPACITY");
    return CT_CAPACITY;
  }
  return CT_OK;
}

static const char *cf_skip(const char *s) {
  while (*s == ' ' || *s == '\t') ++s;
  return s;
}

/* An answer's value: a literal only (no operation is evaluated). Returns 1
 * when it parses; 0 otherwise, with *code the notation's error (a shape
 * entry <= 0 or a stride of another nesting is a value that is no layout;
 * anything else is no value at all). */
static int cf_parse_value(const char *text, ct_value *v, ct_code *code, char *msg, int cap) {
  ct_err e;
  char ch = text[0];
  *code = CT_PARSE_EXPECTED;
  msg[0] = '\0';
  /* LayoutLeft and LayoutRight are values too (the request `LayoutLeft`;
   * found by fuzz/fuzz_conform.c: the reference's own answer was malformed);
   * so are swizzles and composed layouts, Sw<...> (spec/swizzle.md), and the
   * majors K and MN of spec/atoms.md (the request `MN`; found by fuzz_conform) */
  if (!(ch == '(' || ch == '<' || ch == '_' || ch == '-' || (ch >= '0' && ch <= '9') ||
        ct_is_named_value(text, strlen(text)) || strncmp(text, "Sw", 2) == 0))
    return 0;
  *code = ct_eval(text, v, &e);
  if (*code != CT_OK) snprintf(msg, (size_t)cap, "%s: %s", ct_code_name(*code), e.msg);
  return *code == CT_OK;
}

static int cf_ill_formed(ct_code c) { return c == CT_SHAPE_NOT_POSITIVE || c == CT_NOT_CONGRUENT; }

/* Non-strict equality: layouts by EQUIV-2, a boolean also as 0/1. */
static int cf_same_value(const ct_value *ref, const ct_value *got) {
  if (ref->kind == CT_V_BOOL && got->kind == CT_V_TUPLE && got->l.shape.nd[0].kind == CT_INT)
    return got->l.shape.nd[0].v == ref->b;
  if (got->kind == CT_V_BOOL && ref->kind == CT_V_TUPLE && ref->l.shape.nd[0].kind == CT_INT)
    return ref->l.shape.nd[0].v == got->b;
  return ct_values_equivalent(ref, got);
}

/* Whether an error answer's text (after `error `) starts with one of the
 * comma-separated entries of list, as whole words: "UNSUPPORTED" matches
 * "UNSUPPORTED depth", "COMPILE no matching function" matches
 * "COMPILE no matching function for call to ...". */
static int cf_declined(const char *text, const char *list) {
  while (list && *list) {
    const char *c = strchr(list, ',');
    size_t n = c ? (size_t)(c - list) : strlen(list);
    if (n > 0 && strncmp(text, list, n) == 0 && (text[n] == '\0' || text[n] == ' ' || text[n] == '\t')) return 1;
    if (!c) break;
    list = c + 1;
  }
  return 0;
}

/* `ok` to an input the reference rejects: which post-condition, if any, the
 * answer violates. */
static void cf_judge_inadmissible(const char *req, const char *op, const ct_value *got, int parsed, const char *pmsg,
                                  cf_judgement *j) {
  char pid[48], pwhy[280];
  j->verdict = CF_ACCEPTED_INADMISSIBLE;
  snprintf(j->id, sizeof j->id, "%s!%s", op, ct_code_name(j->ref_code));
  if (!parsed) {
    j->post = 0;
    snprintf(j->post_id, sizeof j->post_id, "LAYOUT-WF");
    snprintf(j->why, sizeof j->why, "the answer is not a well-formed value (%.200s)", pmsg[0] ? pmsg : "not in the notation");
    return;
  }
  j->post = cf_check_post(req, got, 0, pid, sizeof pid, pwhy, sizeof pwhy);
  if (j->post < 0) {
    snprintf(j->why, sizeof j->why, "post-conditions not checked for %s", op);
  } else if (j->post == 1) {
    snprintf(j->why, sizeof j->why, "the answer happens to satisfy the post-conditions checked here");
  } else {
    snprintf(j->why, sizeof j->why, "the answer violates %.40s: %.250s", pid, pwhy);
    snprintf(j->post_id, sizeof j->post_id, "%s", pid);
  }
}

/* `ok VALUE` (text) to an input the reference accepts: the value, strictly
 * as text or as a value equivalent to the reference's; a wrong one names
 * the post-condition the operation's judges find violated, else EQUIV-2. */
static void cf_judge_result(const cf_judge_opts *o, const char *req, const ct_op *sp, const char *text,
                            const ct_value *got, cf_judgement *j) {
  ct_value ref;
  ct_err e;
  char why[320];
  int post;
  if (o->strict) {
    char sq[CF_REQ_CAP], sr[CF_REQ_CAP];
    cf_squeeze(text, sq, sizeof sq);
    cf_squeeze(j->expected + 3, sr, sizeof sr); /* ` o ` of a composed layout has spaces */
    if (strcmp(sq, sr) != 0) {
      j->verdict = CF_WRONG_RESULT;
      snprintf(j->id, sizeof j->id, "text");
      snprintf(j->why, sizeof j->why, "strict text mode: the reference prints %s", j->expected + 3);
    }
    return;
  }
  if (ct_eval(req, &ref, &e) == CT_OK && cf_same_value(&ref, got)) return;
  j->verdict = CF_WRONG_RESULT;
  post = cf_check_post(req, got, 1, j->id, sizeof j->id, why, sizeof why);
  if (post == 0) {
    snprintf(j->why, sizeof j->why, "%s", why);
    return;
  }
  snprintf(j->id, sizeof j->id, "EQUIV-2");
  if (post == 1)
    snprintf(j->why, sizeof j->why,
             "the post-conditions checked here hold, but it is not the same function with a compatible "
             "shape as the reference's %s",
             j->expected + 3);
  else
    snprintf(j->why, sizeof j->why, "not equivalent to the reference's %s (spec/%s, %s)", j->expected + 3,
             sp ? sp->page : "?", sp && sp->ids[0] ? sp->ids : "its preconditions");
}

/* An `ok ...` answer (a, past `ok`). */
static void cf_judge_ok(const cf_judge_opts *o, const char *req, const char *op, const ct_op *sp, const char *a,
                        cf_judgement *j) {
  char text[CF_REQ_CAP], pmsg[200];
  ct_value got;
  ct_code pc;
  int n, parsed;
  snprintf(text, sizeof text, "%s", cf_skip(a));
  n = (int)strlen(text);
  while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\t')) text[--n] = '\0';
  parsed = cf_parse_value(text, &got, &pc, pmsg, sizeof pmsg);
  if (j->ref_code != CT_OK) {
    cf_judge_inadmissible(req, op, &got, parsed, pmsg, j);
  } else if (!parsed && cf_ill_formed(pc)) {
    j->verdict = CF_WRONG_RESULT;
    snprintf(j->id, sizeof j->id, "LAYOUT-WF");
    snprintf(j->why, sizeof j->why, "the answer is no well-formed layout (%.200s)", pmsg);
  } else if (!parsed) {
    j->verdict = CF_MALFORMED;
    snprintf(j->why, sizeof j->why, "`ok` is not followed by a value in the notation%s%.200s", pmsg[0] ? ": " : "", pmsg);
  } else {
    cf_judge_result(o, req, sp, text, &got, j);
  }
}

/* An `error CODE ...` answer (w, past `error`). */
static void cf_judge_error(const cf_judge_opts *o, const char *op, const ct_op *sp, const char *answer, const char *w,
                           cf_judgement *j) {
  int wl = 0;
  while (w[wl] && w[wl] != ' ' && w[wl] != '\t') ++wl;
  if (j->ref_code != CT_OK) {
    if (o->strict && (wl != (int)strlen(ct_code_name(j->ref_code)) ||
                      strncmp(w, ct_code_name(j->ref_code), (size_t)wl) != 0)) {
      j->verdict = CF_WRONG_REJECTION;
      snprintf(j->id, sizeof j->id, "code");
      snprintf(j->why, sizeof j->why, "strict mode: rejected with `%.*s`, the spec's code is %s", wl, w,
               ct_code_name(j->ref_code));
    }
    return;
  }
  if (cf_declined(w, o->decline)) {
    j->verdict = CF_UNSUPPORTED;
    snprintf(j->why, sizeof j->why, "declined: %.280s", answer);
    return;
  }
  j->verdict = CF_WRONG_REJECTION;
  snprintf(j->id, sizeof j->id, "%s!OK", op);
  snprintf(j->why, sizeof j->why, "no precondition of spec/%s rejects this input", sp ? sp->page : "?");
}

void cf_judge(const cf_judge_opts *o, const char *req, const char *answer, cf_judgement *j) {
  char op[CF_OP_CAP];
  const char *a;
  j->verdict = CF_CONFORMING;
  j->post = -1;
  j->id[0] = j->why[0] = j->post_id[0] = '\0';
  j->ref_code = cf_reference(req, j->expected, sizeof j->expected);
  if (!answer) return;
  cf_request_op(req, op, sizeof op);
  a = cf_skip(answer);
  if (strncmp(a, "ok", 2) == 0 && (a[2] == ' ' || a[2] == '\t' || a[2] == '\0')) {
    cf_judge_ok(o, req, op, ct_find_op(op), a + 2, j);
  } else if (strncmp(a, "error", 5) == 0 && (a[5] == ' ' || a[5] == '\t' || a[5] == '\0')) {
    cf_judge_error(o, op, ct_find_op(op), a, cf_skip(a + 5), j);
  } else {
    j->verdict = CF_MALFORMED;
    snprintf(j->why, sizeof j->why, "neither `ok <value>` nor `error ...`");
  }
}

/* ---- the operation's judges --------------------------------------------------- */

int cf_check_post(const char *req, const ct_value *result, int accepted, char *id, int idcap, char *why, int whycap) {
  cf_split sp;
  char name[CF_OP_CAP], buf[CF_REQ_CAP];
  static ct_value args[CF_MAX_SPLIT];
  const ct_op *op;
  ct_judgement j;
  ct_err e;
  int k, r;
  if (!cf_split_request(req, &sp) || sp.name_len >= (int)sizeof name) return -1;
  memcpy(name, sp.name, (size_t)sp.name_len);
  name[sp.name_len] = '\0';
  op = ct_find_builtin(name); /* with template arguments (size<0>) there is none */
  if (!op || !op->judge) return -1;
  for (k = 0; k < sp.n; ++k) {
    if (sp.arg_len[k] >= (int)sizeof buf) return -1;
    memcpy(buf, sp.arg[k], (size_t)sp.arg_len[k]);
    buf[sp.arg_len[k]] = '\0';
    if (ct_eval(buf, &args[k], &e) != CT_OK) return -1;
  }
  r = op->judge(args, sp.n, result, accepted, CF_BRUTE, &j);
  if (r == 0) {
    snprintf(id, (size_t)idcap, "%s", j.id);
    snprintf(why, (size_t)whycap, "%s", j.why);
  }
  return r;
}
