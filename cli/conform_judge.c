/* conform_judge.c -- judging an answer by the spec (spec/protocol.md,
 * "Judging"): the reference's outcome, equivalence of results (EQUIV-2), and
 * the operation's judges (judge/, the same functions props/ runs), which name
 * the spec ID a wrong answer violates. */
#include "conform.h"
#include "eval.h"
#include "registry.h"
#include "judges.h"
#include "ref/coalesce.h"
#include "ref/notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const cf_verdict_keys[CF_NUM_VERDICTS] = {
    "conforming", "convention", "wrong_result", "wrong_rejection", "accepted_inadmissible", "unjudged",
    "unsupported", "malformed", "crashed",      "timed_out",       "out_of_order",          "not_sent"};
const char *const cf_verdict_words[CF_NUM_VERDICTS] = {
    "conforming", "differs by convention", "wrong result", "wrong rejection", "accepted inadmissible", "unjudged",
    "unsupported", "malformed", "crashed",               "timed out",    "out of order",    "not sent"};

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
   * majors K and MN of spec/atoms.md (the request `MN`; found by fuzz_conform),
   * and what other implementations print (spec/notation.md, "Printed forms
   * of other implementations": Layout(...), S<...>, ArithTuple ...) */
  if (!(ch == '(' || ch == '<' || ch == '_' || ch == '-' || (ch >= '0' && ch <= '9') ||
        ct_is_named_value(text, strlen(text)) || strncmp(text, "Sw", 2) == 0 || ct_is_printed_form(text)))
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

/* ---- witnesses: where a wrong answer breaks, as expressions (principle §4) ------- */

/* Appends s to the JSON string being built, escaped. */
static void cf_wj(char *w, int cap, const char *s) {
  int n = (int)strlen(w);
  for (; *s && n + 3 < cap; ++s) {
    if (*s == '"' || *s == '\\') w[n++] = '\\';
    w[n++] = (*s == '\n' || *s == '\t') ? ' ' : *s;
  }
  w[n] = '\0';
}

/* A witness {"index": i, "kind": K, "lhs": X, "rhs": [Y...], "domain": [V, LO, HI]}:
 * every text an expression `cuteref eval` answers with an integer. kind
 * "differ": lhs != the sum of rhs, while LO <= V < HI (the index lies
 * inside the domain); kind "outside": LO <= V < HI fails, where it must
 * hold. //peers:witness_test recomputes every one in the committed reports. */
static void cf_witness(cf_judgement *j, int64_t at, const char *kind, const char *lhs, const char *rhs0,
                       const char *rhs1, const char *dv, const char *dlo, const char *dhi) {
  char *w = j->witness;
  int cap = (int)sizeof j->witness;
  const char *parts[] = {"\", \"rhs\": [\"", rhs0, rhs1 ? "\", \"" : "", rhs1 ? rhs1 : "", "\"], \"domain\": [\"", dv,
                         "\", \"", dlo, "\", \"", dhi, "\"]}"};
  const char *exprs[] = {lhs, rhs0, rhs1, dv, dlo, dhi};
  int k;
  for (k = 0; k < 6; ++k) { /* a witness anyone can recompute: every expression evaluates */
    static ct_value v;
    ct_err e;
    ct_code rc = exprs[k] ? ct_eval(exprs[k], &v, &e) : CT_OK;
    if (rc != CT_OK) { /* values at this index past 64 bits (an input the spec rejects with
                          OVERFLOW, an answer that wrapped) cannot be recomputed: said so */
      snprintf(w, (size_t)cap, "{\"index\": %lld, \"kind\": \"%s\"}", (long long)at,
               rc == CT_OVERFLOW ? "beyond_64_bits" : "unbuilt");
      return;
    }
  }
  snprintf(w, (size_t)cap, "{\"index\": %lld, \"kind\": \"%s\", \"lhs\": \"", (long long)at, kind);
  cf_wj(w, cap, lhs);
  for (k = 0; k < (int)(sizeof parts / sizeof parts[0]); ++k) {
    if (k % 2 == 0) snprintf(w + strlen(w), (size_t)(cap - (int)strlen(w)), "%s", parts[k]); /* JSON punctuation */
    else cf_wj(w, cap, parts[k]);                                                          /* an expression */
  }
  if ((int)strlen(w) + 8 >= cap) /* too long to be whole: the index alone, never a cut expression */
    snprintf(w, (size_t)cap, "{\"index\": %lld, \"kind\": \"unbuilt\"}", (long long)at);
}

/* The request's argument k as text (owned by the caller's buffer). */
static const char *cf_arg(const cf_split *sp, int k, char *buf, int cap) {
  int n = sp->arg_len[k] < cap - 1 ? sp->arg_len[k] : cap - 1;
  memcpy(buf, sp->arg[k], (size_t)n);
  buf[n] = '\0';
  return buf;
}

#define CF_W 1400 /* one expression of a witness */
/* Formats into buf, or gives up on the witness when it does not fit. */
#define CF_FMT(buf, ...)                                                                                               \
  do {                                                                                                                 \
    if (snprintf(buf, sizeof buf, __VA_ARGS__) >= (int)sizeof buf) return;                                            \
  } while (0)

/* The witness of a contract judge's violation at index `at` (j->id). */
static void cf_contract_witness(cf_judgement *j, const char *req, const ct_value *args, const char *ans,
                                const ct_value *got, int64_t at) {
  cf_split sp;
  char A[CF_W / 3], B[CF_W / 3], l[CF_W], r[CF_W], r1[CF_W], d[CF_W], hi[CF_W], name[CF_OP_CAP];
  if (at < 0 || !cf_split_request(req, &sp) || sp.name_len >= (int)sizeof name) return;
  memcpy(name, sp.name, (size_t)sp.name_len);
  name[sp.name_len] = '\0';
  if (sp.arg_len[0] >= (int)sizeof A || (sp.n > 1 && sp.arg_len[1] >= (int)sizeof B)) return;
  cf_arg(&sp, 0, A, sizeof A);
  if (sp.n > 1) cf_arg(&sp, 1, B, sizeof B);
  CF_FMT(l, "%s(%lld)", ans, (long long)at);
  if (strcmp(j->id, "COMP-2") == 0 && sp.n == 2) {
    char Bl[CF_W / 3 + 16];
    if (strcmp(name, "with_shape") == 0) CF_FMT(Bl, "make_layout(%s)", B);
    else CF_FMT(Bl, "%s", B);
    CF_FMT(r, "make_layout(%s)(%s(%lld))", A, Bl, (long long)at);
    CF_FMT(d, "%s(%lld)", Bl, (long long)at);
    CF_FMT(hi, "size(%s)", A);
    cf_witness(j, at, "differ", l, r, 0, d, "0", hi);
  } else if (strcmp(j->id, "DIV-1") == 0 && sp.n == 2 && args[1].kind == CT_V_TILER) {
    /* a tiler: every mode k of A read inside its domain, found by the probe
     * P_k of cli/judges_contract.c; the values compared with the reference's */
    ct_layout La, P;
    ct_err e;
    char doms[CF_REQ_CAP], pt[CF_W / 3];
    int k, rank;
    if (ct_as_layout(&args[0], &La, "A", &e) != CT_OK) return;
    rank = ct_l_rank(&La);
    doms[0] = '\0';
    for (k = 0; k < rank; ++k) {
      size_t used = strlen(doms);
      if (!ct_cx_probe(&La, k, &P) || ct_print_layout(&P, pt, sizeof pt) >= (int)sizeof pt) return;
      if (snprintf(doms + used, sizeof doms - used, "%s[\"%s(%s, %s)(%lld)\", \"0\", \"size(layout<%d>(%s))\"]",
                   k ? ", " : "", name, pt, B, (long long)at, k, A) >= (int)(sizeof doms - used))
        return;
    }
    CF_FMT(r, "%s(%lld)", j->expected + 3, (long long)at);
    {
      char *w = j->witness;
      int cap = (int)sizeof j->witness;
      if (snprintf(w, (size_t)cap, "{\"index\": %lld, \"kind\": \"differ\", \"lhs\": \"%s\", \"rhs\": [\"%s\"], "
                   "\"domains\": [%s]}", (long long)at, l, r, doms) >= cap)
        w[0] = '\0';
    }
  } else if (strcmp(j->id, "DIV-1") == 0 && sp.n == 2) {
    CF_FMT(d, "make_layout(%s, complement(%s, size(%s)))(%lld)", B, B, A, (long long)at);
    CF_FMT(r, "make_layout(%s)(%s)", A, d);
    CF_FMT(hi, "size(%s)", A);
    cf_witness(j, at, "differ", l, r, 0, d, "0", hi);
  } else if (strcmp(j->id, "PROD-1") == 0 && sp.n == 2) {
    ct_layout La, Lb;
    ct_val sa, cb;
    ct_err e;
    if (ct_as_layout(&args[0], &La, "A", &e) != CT_OK || ct_as_layout(&args[1], &Lb, "B", &e) != CT_OK ||
        ct_l_size(&La, &sa, &e) != CT_OK || ct_l_cosize(&Lb, &cb, &e) != CT_OK || sa.v <= 0)
      return;
    CF_FMT(r, "make_layout(%s)(%lld)", A, (long long)(at % sa.v));
    CF_FMT(d, "make_layout(%s)(%lld)", B, (long long)(at / sa.v));
    CF_FMT(r1, "complement(%s, %lld)(%s)", A, (long long)(sa.v * cb.v), d);
    CF_FMT(hi, "size(complement(%s, %lld))", A, (long long)(sa.v * cb.v));
    cf_witness(j, at, "differ", l, r, r1, d, "0", hi);
  } else if (strcmp(j->id, "RINV-1") == 0) {
    CF_FMT(l, "make_layout(%s)(%s(%lld))", A, ans, (long long)at);
    CF_FMT(r, "%lld", (long long)at);
    CF_FMT(d, "%s(%lld)", ans, (long long)at);
    CF_FMT(hi, "size(%s)", A);
    cf_witness(j, at, "differ", l, r, 0, d, "0", hi);
  } else if (strcmp(j->id, "RINV-2") == 0 || strcmp(j->id, "NULL-3") == 0) {
    CF_FMT(hi, "size(%s)", A);
    cf_witness(j, at, "outside", l, "0", 0, l, "0", hi);
  } else if (strcmp(j->id, "LINV-1") == 0 && strstr(j->why, "outside")) {
    CF_FMT(d, "%s(make_layout(%s)(%lld))", ans, A, (long long)at);
    CF_FMT(hi, "size(%s)", A);
    cf_witness(j, at, "outside", d, "0", 0, d, "0", hi);
  } else if (strcmp(j->id, "LINV-1") == 0) {
    CF_FMT(l, "make_layout(%s)(%s(make_layout(%s)(%lld)))", A, ans, A, (long long)at);
    CF_FMT(r, "make_layout(%s)(%lld)", A, (long long)at);
    CF_FMT(d, "%lld", (long long)at);
    CF_FMT(hi, "size(%s)", A);
    cf_witness(j, at, "differ", l, r, 0, d, "0", hi);
  } else if (strcmp(j->id, "NULL-1") == 0) {
    CF_FMT(l, "make_layout(%s)(%s(%lld))", A, ans, (long long)at);
    CF_FMT(hi, "size(%s)", ans);
    CF_FMT(d, "%lld", (long long)at);
    cf_witness(j, at, "differ", l, "0", 0, d, "0", hi);
  } else if (strcmp(j->id, "MCL-1") == 0 && strcmp(name, "max_common_vector") == 0 && sp.n == 2) {
    /* at is the least index j with b(j) == n < N, where a(j) != b(j) */
    CF_FMT(l, "make_layout(%s)(%lld)", A, (long long)at);
    CF_FMT(r, "make_layout(%s)(%lld)", B, (long long)at);
    CF_FMT(d, "%lld", (long long)at);
    CF_FMT(hi, "size(%s)", A);
    cf_witness(j, at, "differ", l, r, 0, d, "0", hi);
  } else if (strcmp(j->id, "MCL-1") == 0 && strcmp(name, "max_common_layout") == 0 && sp.n == 2) {
    ct_layout La, Lr;
    ct_err e;
    int64_t x, av;
    if (ct_as_layout(&args[0], &La, "a", &e) != CT_OK || ct_as_layout(got, &Lr, "R", &e) != CT_OK) return;
    x = ct_j_at(&Lr, at);
    av = ct_j_at(&La, x);
    CF_FMT(l, "make_layout(%s)(%s(%lld))", av != at ? A : B, ans, (long long)at);
    CF_FMT(r, "%lld", (long long)at);
    CF_FMT(d, "%s(%lld)", ans, (long long)at);
    CF_FMT(hi, "size(%s)", B);
    cf_witness(j, at, "differ", l, r, 0, d, "0", hi);
  }
}

/* The judges of op (its `contract` row, or the spec's: registry.h) on the
 * request's arguments and a result: 1 hold, 0 violated (jj), -1 none
 * decided. args: room for CF_MAX_SPLIT values, filled. */
static int cf_run(const char *req, const ct_value *result, int accepted, int contract, ct_value *args, const ct_op **opp,
                  ct_judgement *jj) {
  cf_split sp;
  char name[CF_OP_CAP], buf[CF_REQ_CAP];
  const ct_op *op;
  ct_err e;
  int k;
  ct_op_judge fn;
  char *targs;
  int n;
  *opp = 0;
  if (!cf_split_request(req, &sp) || sp.name_len >= (int)sizeof name || sp.n > CF_MAX_SPLIT - 1) return -1;
  memcpy(name, sp.name, (size_t)sp.name_len);
  name[sp.name_len] = '\0';
  /* template arguments follow the arguments, as the judges of the
   * operations that take them read them: upcast<2>(L) is judged as
   * upcast(L, 2), recast_layout<16,32>(L) as (L, 16, 32) */
  targs = strchr(name, '<');
  if (targs) *targs++ = '\0';
  op = ct_find_builtin(name);
  *opp = op;
  fn = !op ? 0 : contract ? op->contract : 0;
  if (!op || (contract ? !fn : !ct_op_has_judge(op))) return -1;
  for (k = 0; k < sp.n; ++k) {
    if (sp.arg_len[k] >= (int)sizeof buf) return -1;
    memcpy(buf, sp.arg[k], (size_t)sp.arg_len[k]);
    buf[sp.arg_len[k]] = '\0';
    if (ct_eval(buf, &args[k], &e) != CT_OK) return -1;
  }
  n = sp.n;
  while (targs && *targs && *targs != '>') { /* each template argument, an integer */
    char *digits = targs + (*targs == '_'), *end;
    ct_val t;
    t.v = strtoll(digits, &end, 10);
    t.stat = digits != targs;
    if (end == digits || n >= CF_MAX_SPLIT) return -1;
    ct_v_val(&args[n++], t);
    targs = end;
    while (*targs == ',' || *targs == ' ') ++targs;
  }
  jj->at = -1;
  return fn ? fn(args, n, result, accepted, CF_BRUTE, jj) : ct_op_judge_call(op, args, n, result, accepted, CF_BRUTE, jj);
}

/* The contract judge of the request's operation (spec/principle.md): 1 the
 * answer meets CuTe's contract inside the domain, 0 it does not (j's id,
 * why and witness filled), -1 no contract judge decides. */
static int cf_contract(const char *req, const char *text, const ct_value *got, int accepted, cf_judgement *j) {
  static ct_value args[CF_MAX_SPLIT];
  static ct_judgement jj;
  const ct_op *op;
  int r = cf_run(req, got, accepted, 1, args, &op, &jj);
  if (r != 0) return r;
  snprintf(j->id, sizeof j->id, "%s", jj.id);
  snprintf(j->why, sizeof j->why, "%s", jj.why);
  if (jj.at >= 0) {
    cf_contract_witness(j, req, args, text, got, jj.at);
    if (!j->witness[0]) /* an ID without an expression form here: the index alone (witness_check counts it) */
      snprintf(j->witness, sizeof j->witness, "{\"index\": %lld, \"kind\": \"unbuilt\"}", (long long)jj.at);
  }
  (void)op;
  return 0;
}

/* Where an answer and the reference's differ as functions: the least index
 * i < size at which both are defined and differ, as a witness (EQUIV-2). */
static void cf_equiv_witness(cf_judgement *j, const ct_value *ref, const ct_value *got, const char *text) {
  ct_layout a, b;
  ct_err e;
  int64_t na, nb, i, va, vb;
  char l[CF_W], r[CF_W], hi[CF_W];
  if (ct_as_layout(ref, &a, "ref", &e) != CT_OK || ct_as_layout(got, &b, "got", &e) != CT_OK) return;
  na = ct_j_size(&a);
  nb = ct_j_size(&b);
  for (i = 0; i < na && i < nb && i < CF_BRUTE; ++i) {
    if (ct_l_eval(&a, i, &va, &e) != CT_OK || ct_l_eval(&b, i, &vb, &e) != CT_OK) return;
    if (va != vb) break;
  }
  if (i >= na || i >= nb || i >= CF_BRUTE) return;
  CF_FMT(l, "%s(%lld)", text, (long long)i);
  CF_FMT(r, "%s(%lld)", j->expected + 3, (long long)i);
  CF_FMT(hi, "size(%s)", text);
  {
    char idx[32];
    CF_FMT(idx, "%lld", (long long)i);
    cf_witness(j, i, "differ", l, r, 0, idx, "0", hi);
  }
  snprintf(j->why + strlen(j->why), sizeof j->why - strlen(j->why), "; at index %lld: %lld, the reference %lld",
           (long long)i, (long long)vb, (long long)va);
}

/* An argument computed by an operation whose answers may differ by
 * convention (a row with a contract judge): the implementation's inner
 * answer may then differ from the reference's, and the outer answer with it,
 * without either being wrong. The name of the first such operation, or 0.
 * Such a request's failures are unjudged; the inner operation is judged by
 * its own requests (principle §4). */
static const char *cf_nested_convention(const char *req) {
  static char name[CF_OP_CAP];
  cf_split sp;
  int k;
  if (!cf_split_request(req, &sp)) return 0;
  for (k = 0; k < sp.n; ++k) {
    const char *p = sp.arg[k], *end = sp.arg[k] + sp.arg_len[k];
    while (p < end) {
      const char *q = p;
      while (q < end && ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || *q == '_' || (q > p && *q >= '0' && *q <= '9'))) ++q;
      if (q > p && q < end && (*q == '(' || *q == '<') && q - p < (int)sizeof name) {
        const ct_op *op;
        memcpy(name, p, (size_t)(q - p));
        name[q - p] = '\0';
        op = ct_find_builtin(name);
        if (op && op->contract) return name;
      }
      p = q > p ? q : p + 1;
    }
  }
  return 0;
}

/* A wrong verdict of a request whose arguments hold such an operation
 * becomes unjudged, saying why. */
static void cf_unjudge_nested(const char *req, cf_judgement *j) {
  const char *inner;
  char why[320];
  if (j->verdict != CF_WRONG_RESULT && !(j->verdict == CF_ACCEPTED_INADMISSIBLE && j->post == 0)) return;
  if (!(inner = cf_nested_convention(req))) return;
  snprintf(why, sizeof why, "an argument is computed by %s, whose answers may differ from the reference's by convention "
           "(judged by its own requests); here: %.150s", inner, j->why);
  snprintf(j->why, sizeof j->why, "%s", why);
  j->verdict = CF_UNJUDGED;
  j->witness[0] = '\0';
}

/* An answer the notation cannot read, to an input the spec rejects for its
 * own scope: an integer past int64 (OVERFLOW), a nesting past its depth,
 * an argument kind it does not take (ARG_TYPE), a shape entry <= 0 (CuTe
 * has empty extents, the spec does not), or a value that reads a layout
 * below 0 (COORD_OUT_OF_RANGE, CL-DEF). The answer may be right in CuTe's
 * terms; nothing in the spec can say (principle §4). An answer that cannot
 * be read to an input inside the spec's scope stays wrong (LAYOUT-WF). */
static int cf_beyond_scope(ct_code ref, ct_code pc) {
  if (pc == CT_OVERFLOW || pc == CT_DEPTH_LIMIT || pc == CT_COORD_OUT_OF_RANGE) return 1;
  return ref == CT_OVERFLOW || ref == CT_DEPTH_LIMIT || ref == CT_ARG_TYPE || ref == CT_SHAPE_NOT_POSITIVE ||
         ref == CT_CAPACITY;
}

/* `ok` to an input the reference rejects: CuTe's contract first, then which
 * post-condition of the spec, if any, the answer violates. Meeting them is
 * no failure: a convention (principle §3); nothing checked: unjudged (principle §4). */
static void cf_judge_inadmissible(const char *req, const char *op, const char *text, const ct_value *got, int parsed,
                                  ct_code pc, const char *pmsg, cf_judgement *j) {
  char pid[48], pwhy[280];
  int c;
  j->verdict = CF_ACCEPTED_INADMISSIBLE;
  snprintf(j->id, sizeof j->id, "%s!%s", op, ct_code_name(j->ref_code));
  if (!parsed && cf_beyond_scope(j->ref_code, pc)) { /* principle §4: nothing can show it wrong */
    j->verdict = CF_UNJUDGED;
    j->post = -1;
    snprintf(j->why, sizeof j->why, "the spec rejects this input (%s), outside the values it represents; the answer "
             "is no value of the spec either (%s), so nothing is checked", ct_code_name(j->ref_code), ct_code_name(pc));
    return;
  }
  if (!parsed) {
    j->post = 0;
    snprintf(j->post_id, sizeof j->post_id, "LAYOUT-WF");
    snprintf(j->why, sizeof j->why, "the answer is not a well-formed value (%.200s)", pmsg[0] ? pmsg : "not in the notation");
    return;
  }
  c = cf_contract(req, text, got, 0, j);
  if (c == 0) {
    char why[320];
    j->post = 0;
    snprintf(j->post_id, sizeof j->post_id, "%s", j->id);
    snprintf(why, sizeof why, "the answer breaks CuTe's contract, %.40s: %.200s", j->post_id, j->why);
    snprintf(j->why, sizeof j->why, "%s", why);
    snprintf(j->id, sizeof j->id, "%s!%s", op, ct_code_name(j->ref_code));
    return;
  }
  if (c == 1) {
    j->verdict = CF_CONVENTION;
    j->post = 1;
    snprintf(j->why, sizeof j->why,
             "the spec rejects this input (%s); the answer meets CuTe's contract at every index inside the domain",
             ct_code_name(j->ref_code));
    return;
  }
  j->post = cf_check_post(req, got, 0, pid, sizeof pid, pwhy, sizeof pwhy);
  if (j->post < 0) {
    j->verdict = CF_UNJUDGED;
    snprintf(j->why, sizeof j->why, "the spec rejects this input (%s); no post-condition of %s could be checked, so "
             "nothing shows the answer wrong", ct_code_name(j->ref_code), op);
  } else if (j->post == 1) {
    j->verdict = CF_CONVENTION; /* beyond the spec: the post-conditions hold */
    snprintf(j->why, sizeof j->why, "the spec rejects this input (%s); the answer satisfies the post-conditions "
             "checked here", ct_code_name(j->ref_code));
  } else {
    snprintf(j->why, sizeof j->why, "the answer violates %.40s: %.250s", pid, pwhy);
    snprintf(j->post_id, sizeof j->post_id, "%s", pid);
  }
}

/* Whether the request's second argument is a tiler <...>. */
static int cf_tiler_request(const char *req) {
  cf_split sp;
  return cf_split_request(req, &sp) && sp.n >= 2 && sp.arg_len[1] > 0 && sp.arg[1][0] == '<';
}

/* Shapes that hold the same modes, size-1 modes aside (EQUIV-2's shape). */
static int cf_same_shape(const ct_value *ref, const ct_value *got) {
  ct_layout a, b;
  ct_err e;
  if (ct_as_layout(ref, &a, "ref", &e) != CT_OK || ct_as_layout(got, &b, "got", &e) != CT_OK) return 1;
  return ct_t_compatible_loose(&a.shape, &b.shape) || ct_t_compatible_loose(&b.shape, &a.shape);
}

/* `ok VALUE` (text) to an input the reference accepts: the value, strictly
 * as text or as a value equivalent to the reference's. A different one is
 * judged by CuTe's contract where the row has one (a convention if it holds,
 * principle §3), else by the spec's judges, else by the reference's answer at the
 * first index where the two differ (EQUIV-2). */
static void cf_judge_result(const cf_judge_opts *o, const char *req, const ct_op *sp, const char *text,
                            const ct_value *got, cf_judgement *j) {
  ct_value ref;
  ct_err e;
  char why[320];
  int post, c;
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
  c = cf_contract(req, text, got, 1, j);
  if (c == 0) return;
  if (c == 1) {
    if (sp && (sp->contract == ct_cx_logical_divide || sp->contract == ct_cx_zipped_divide ||
               sp->contract == ct_cx_tiled_divide || sp->contract == ct_cx_flat_divide || sp->contract == ct_cx_product) &&
        !cf_tiler_request(req) && !cf_same_shape(&ref, got)) { /* a tiler's contract compares shapes itself */
      snprintf(j->id, sizeof j->id, "EQUIV-2");
      snprintf(j->why, sizeof j->why, "the values inside the domain are right, but the shape is not the reference's %s "
               "(size-1 modes aside)", j->expected + 3);
      return;
    }
    j->verdict = CF_CONVENTION;
    snprintf(j->id, sizeof j->id, "%s", sp ? sp->name : "?");
    snprintf(j->why, sizeof j->why, "meets CuTe's contract at every index inside the domain; differs from the "
             "reference's %.200s only where CuTe defines nothing", j->expected + 3);
    return;
  }
  post = cf_check_post(req, got, 1, j->id, sizeof j->id, why, sizeof why);
  if (post == 0) {
    snprintf(j->why, sizeof j->why, "%s", why);
    return;
  }
  snprintf(j->id, sizeof j->id, "EQUIV-2");
  if (post == 1)
    snprintf(j->why, sizeof j->why,
             "the post-conditions checked here hold, but it is not the same function with a compatible "
             "shape as the reference's %.200s",
             j->expected + 3);
  else
    snprintf(j->why, sizeof j->why, "not equivalent to the reference's %.200s (spec/%s, %s)", j->expected + 3,
             sp ? sp->page : "?", sp && ct_op_ids(sp)[0] ? ct_op_ids(sp) : "its preconditions");
  cf_equiv_witness(j, &ref, got, text);
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
    cf_judge_inadmissible(req, op, text, &got, parsed, pc, pmsg, j);
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
  if (!o->strict && parsed) cf_unjudge_nested(req, j);
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
  j->id[0] = j->why[0] = j->post_id[0] = j->witness[0] = '\0';
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
  static ct_value args[CF_MAX_SPLIT];
  static ct_judgement j;
  const ct_op *op;
  int r = cf_run(req, result, accepted, 0, args, &op, &j);
  if (r == 0) {
    snprintf(id, (size_t)idcap, "%s", j.id);
    snprintf(why, (size_t)whycap, "%s", j.why);
  }
  return r;
}

/* ---- an answer with its transport status ------------------------------------- */

/* The judgement of an answer, or of its absence (a crash, a timeout, a
 * shifted stream, not sent), as the run keeps it. */
void cf_judge_into(const cf_judge_opts *jo, const char *req, const char *answer, int st, cf_memo *m) {
  static cf_judgement j;
  cf_judge(jo, req, answer, &j);
  if (st != CF_A_ANSWERED) {
    j.verdict = st == CF_A_CRASHED ? CF_CRASHED
                : st == CF_A_TIMED_OUT ? CF_TIMED_OUT
                : st == CF_A_OUT_OF_ORDER ? CF_OUT_OF_ORDER
                                          : CF_NOT_SENT;
    j.id[0] = j.post_id[0] = '\0';
    j.why[0] = '\0';
  }
  m->verdict = j.verdict;
  m->post = j.post;
  snprintf(m->id, sizeof m->id, "%s", j.id);
  snprintf(m->post_id, sizeof m->post_id, "%s", j.post_id);
  m->answer = cf_dup(answer);
  m->expected = cf_dup(j.expected);
  m->why = cf_dup(j.why);
  m->witness = j.witness[0] && st == CF_A_ANSWERED ? cf_dup(j.witness) : 0;
}
