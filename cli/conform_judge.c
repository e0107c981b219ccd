/* conform_judge.c -- judging an answer by the spec (spec/protocol.md,
 * "Judging"): the reference's outcome, equivalence of results (EQUIV-2), and
 * the post-conditions of the operations whose answers are checked directly
 * (composition, complement, right_inverse, left_inverse, coalesce, size,
 * cosize), which name the spec ID a wrong answer violates. */
#include "conform.h"
#include "eval.h"
#include "ref/coalesce.h"
#include "ref/composition.h"
#include "ref/ct_arith.h"

#include <stdio.h>
#include <string.h>

const char *const cf_verdict_keys[CF_NUM_VERDICTS] = {
    "conforming", "wrong_result", "wrong_rejection", "accepted_inadmissible", "unsupported",
    "malformed",  "crashed",      "timed_out",       "out_of_order",          "not_sent"};
const char *const cf_verdict_words[CF_NUM_VERDICTS] = {
    "conforming", "wrong result", "wrong rejection", "accepted inadmissible", "unsupported",
    "malformed",  "crashed",      "timed out",       "out of order",          "not sent"};

#define CF_BRUTE 65536 /* brute-force checks visit at most this many indices */

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
   * found by fuzz/fuzz_conform.c: the reference's own answer was malformed) */
  if (!(ch == '(' || ch == '<' || ch == '_' || ch == '-' || (ch >= '0' && ch <= '9') || strcmp(text, "true") == 0 ||
        strcmp(text, "false") == 0 || strcmp(text, "LayoutLeft") == 0 || strcmp(text, "LayoutRight") == 0))
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

void cf_judge(const cf_judge_opts *o, const char *req, const char *answer, cf_judgement *j) {
  char op[CF_OP_CAP];
  const char *a;
  const cf_op_spec *sp;
  j->verdict = CF_CONFORMING;
  j->post = -1;
  j->id[0] = j->why[0] = j->post_id[0] = '\0';
  j->ref_code = cf_reference(req, j->expected, sizeof j->expected);
  if (!answer) return;
  cf_request_op(req, op, sizeof op);
  sp = cf_op_spec_of(op);
  a = cf_skip(answer);
  if (strncmp(a, "ok", 2) == 0 && (a[2] == ' ' || a[2] == '\t' || a[2] == '\0')) {
    char text[CF_REQ_CAP];
    ct_value got;
    int n;
    snprintf(text, sizeof text, "%s", cf_skip(a + 2));
    n = (int)strlen(text);
    while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\t')) text[--n] = '\0';
    {
      ct_code pc;
      char pmsg[200];
      int parsed = cf_parse_value(text, &got, &pc, pmsg, sizeof pmsg);
      if (j->ref_code != CT_OK) {
        j->verdict = CF_ACCEPTED_INADMISSIBLE;
        snprintf(j->id, sizeof j->id, "%s!%s", op, ct_code_name(j->ref_code));
        if (!parsed) {
          j->post = 0;
          snprintf(j->post_id, sizeof j->post_id, "LAYOUT-WF");
          snprintf(j->why, sizeof j->why, "the answer is not a well-formed value (%.200s)", pmsg[0] ? pmsg : "not in the notation");
          return;
        }
        {
          char pid[48], pwhy[280];
          j->post = cf_check_post(req, &got, 0, pid, sizeof pid, pwhy, sizeof pwhy);
          if (j->post < 0) snprintf(j->why, sizeof j->why, "post-conditions not checked for %s", op);
          else if (j->post == 1) snprintf(j->why, sizeof j->why, "the answer happens to satisfy the post-conditions checked here");
          else {
            snprintf(j->why, sizeof j->why, "the answer violates %.40s: %.250s", pid, pwhy);
            snprintf(j->post_id, sizeof j->post_id, "%s", pid);
          }
        }
        return;
      }
      if (!parsed) {
        if (cf_ill_formed(pc)) {
          j->verdict = CF_WRONG_RESULT;
          snprintf(j->id, sizeof j->id, "LAYOUT-WF");
          snprintf(j->why, sizeof j->why, "the answer is no well-formed layout (%.200s)", pmsg);
        } else {
          j->verdict = CF_MALFORMED;
          snprintf(j->why, sizeof j->why, "`ok` is not followed by a value in the notation%s%.200s", pmsg[0] ? ": " : "", pmsg);
        }
        return;
      }
    }
    if (o->strict) {
      char sq[CF_REQ_CAP];
      cf_squeeze(text, sq, sizeof sq);
      if (strcmp(sq, j->expected + 3) != 0) {
        j->verdict = CF_WRONG_RESULT;
        snprintf(j->id, sizeof j->id, "text");
        snprintf(j->why, sizeof j->why, "strict text mode: the reference prints %s", j->expected + 3);
      }
      return;
    }
    {
      ct_value ref;
      ct_err e;
      char why[320];
      int post;
      ct_eval(req, &ref, &e);
      if (cf_same_value(&ref, &got)) return;
      j->verdict = CF_WRONG_RESULT;
      post = cf_check_post(req, &got, 1, j->id, sizeof j->id, why, sizeof why);
      if (post == 0) {
        snprintf(j->why, sizeof j->why, "%s", why);
      } else {
        snprintf(j->id, sizeof j->id, "EQUIV-2");
        if (post == 1)
          snprintf(j->why, sizeof j->why,
                   "the post-conditions checked here hold, but it is not the same function with a compatible "
                   "shape as the reference's %s",
                   j->expected + 3);
        else
          snprintf(j->why, sizeof j->why, "not equivalent to the reference's %s (spec/%s, %s)", j->expected + 3,
                   sp ? sp->page : "?", sp ? sp->ids : "?");
      }
    }
    return;
  }
  if (strncmp(a, "error", 5) == 0 && (a[5] == ' ' || a[5] == '\t' || a[5] == '\0')) {
    const char *w = cf_skip(a + 5);
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
      snprintf(j->why, sizeof j->why, "declined: %.280s", a);
      return;
    }
    j->verdict = CF_WRONG_REJECTION;
    snprintf(j->id, sizeof j->id, "%s!OK", op);
    snprintf(j->why, sizeof j->why, "no precondition of spec/%s rejects this input", sp ? sp->page : "?");
    return;
  }
  j->verdict = CF_MALFORMED;
  snprintf(j->why, sizeof j->why, "neither `ok <value>` nor `error ...`");
}

/* ---- post-conditions ------------------------------------------------------------ */

/* The shape with size-1 leaves dropped and one-element tuples unwrapped (as
 * EQUIV-2 compares shapes). Recursion bounded by CT_MAX_DEPTH. */
static ct_code cf_profile(const ct_tuple *t, int i, ct_tuple *out, ct_err *e) {
  int k, hdr, before = out->n, kept = 0;
  if (t->nd[i].kind != CT_TUPLE) {
    if (t->nd[i].kind == CT_INT && t->nd[i].v == 1) return CT_OK;
    return ct_t_push_int(out, t->nd[i].v, 0, e);
  }
  CT_TRY(ct_t_open(out, &hdr, e));
  for (k = 0; k < t->nd[i].rank; ++k) {
    int n0 = out->n;
    CT_TRY(cf_profile(t, ct_t_child(t, i, k), out, e));
    if (out->n > n0) ++kept;
  }
  if (kept == 0) {
    out->n = before;
    return CT_OK;
  }
  CT_TRY(ct_t_close(out, hdr, e));
  if (kept == 1) {
    int m;
    for (m = hdr; m + 1 < out->n; ++m) out->nd[m] = out->nd[m + 1];
    --out->n;
  }
  return CT_OK;
}

/* compatible(a, b) once size-1 modes are dropped. */
static int cf_compatible_loose(const ct_tuple *a, const ct_tuple *b) {
  ct_tuple pa, pb;
  ct_err e;
  ct_t_clear(&pa);
  ct_t_clear(&pb);
  if (cf_profile(a, 0, &pa, &e) != CT_OK || cf_profile(b, 0, &pb, &e) != CT_OK) return 0;
  if (pa.n == 0 || pb.n == 0) return pa.n == pb.n;
  return ct_t_compatible(&pa, 0, &pb, 0);
}

static int64_t cf_sz(const ct_layout *L) {
  ct_val v;
  ct_err e;
  return ct_l_size(L, &v, &e) == CT_OK ? v.v : -1;
}

/* L(i) (extended past the size through the last mode); 0 when undefined. */
static int cf_at(const ct_layout *L, int64_t i, int64_t *out) {
  ct_err e;
  return i >= 0 && ct_l_eval(L, i, out, &e) == CT_OK;
}

#define CF_VIOLATED(ID, ...)                        \
  do {                                              \
    snprintf(id, (size_t)idcap, "%s", ID);          \
    snprintf(why, (size_t)whycap, __VA_ARGS__);     \
    return 0;                                       \
  } while (0)

/* COMP-1..COMP-3 for A o B with B a layout. */
static int cf_comp_layout(const ct_layout *A, const ct_layout *B, const ct_layout *R, char *id, int idcap, char *why,
                          int whycap) {
  ct_modes digits;
  int all_static;
  int64_t i, nb = cf_sz(B);
  if (nb < 0 || nb > CF_BRUTE) return -1;
  if (!cf_compatible_loose(&B->shape, &R->shape)) CF_VIOLATED("COMP-1", "compatible(B, R) fails: B's shape is not R's, size-1 modes aside");
  if (cf_sz(R) != nb) CF_VIOLATED("COMP-3", "size(R) = %lld, size(B) = %lld", (long long)cf_sz(R), (long long)nb);
  ct_comp_prepare(A, &digits, &all_static); /* COMP-PREP: A^ is linear when one digit is left */
  for (i = 0; i < nb; ++i) {
    int64_t b, want, got;
    if (!cf_at(B, i, &b) || !cf_at(R, i, &got)) return -1;
    if (b < 0) {
      if (digits.n != 1)
        CF_VIOLATED("COMP-2", "B(%lld) = %lld < 0, where A^ is not defined (A has more than one mode after COMP-PREP)",
                    (long long)i, (long long)b);
      if (ct_mul_ovf(b, digits.d[0], &want)) /* checked: fuzz/fuzz_conform.c found the wrap */
        CF_VIOLATED("COMP-2", "R(%lld) = %lld, but A^(B(%lld)) = %lld * %lld is beyond 64 bits", (long long)i,
                    (long long)got, (long long)i, (long long)b, (long long)digits.d[0]);
    } else if (!cf_at(A, b, &want)) {
      return -1;
    }
    if (got != want)
      CF_VIOLATED("COMP-2", "R(%lld) = %lld, but A^(B(%lld)) = A^(%lld) = %lld", (long long)i, (long long)got,
                  (long long)i, (long long)b, (long long)want);
  }
  return 1;
}

static int cf_post_composition(const ct_value *args, int n, const ct_layout *R, char *id, int idcap, char *why,
                               int whycap) {
  ct_layout A, T;
  ct_err e;
  int k, r;
  if (n != 2 || ct_as_layout(&args[0], &A, "A", &e) != CT_OK || ct_as_tiler(&args[1], &T, "B", &e) != CT_OK) return -1;
  if (!T.shape.nd[0].mark) return cf_comp_layout(&A, &T, R, id, idcap, why, whycap);
  /* a tiler <T0, T1, ...>: mode by mode (COMP-6) */
  r = ct_t_rank(&T.shape, 0);
  if (r > ct_l_rank(&A)) return -1;
  if (ct_l_rank(R) != r || !ct_t_is_tuple(&R->shape, 0))
    CF_VIOLATED("COMP-1", "R has %d mode%s, the tiler %d (modes of A the tiler does not cover are dropped)", ct_l_rank(R),
                ct_l_rank(R) == 1 ? "" : "s", r);
  for (k = 0; k < r; ++k) {
    ct_layout Ak, Tk, Rk;
    char inner[256], inner_id[48];
    int got;
    if (ct_l_mode(&A, &k, 1, &Ak, &e) != CT_OK || ct_l_mode(&T, &k, 1, &Tk, &e) != CT_OK ||
        ct_l_mode(R, &k, 1, &Rk, &e) != CT_OK)
      return -1;
    if (Tk.shape.nd[0].kind == CT_ALL) { /* `_` keeps the mode */
      ct_val sz;
      if (ct_l_size(&Ak, &sz, &e) != CT_OK) return -1;
      ct_l_set_int(&Tk, sz.v, 0, 1, 0);
    } else if (Tk.shape.nd[0].mark) {
      return -1; /* a nested tiler */
    }
    got = cf_comp_layout(&Ak, &Tk, &Rk, inner_id, sizeof inner_id, inner, sizeof inner);
    if (got != 1) {
      if (got == 0) CF_VIOLATED("COMP-6", "mode %d is not layout<%d>(A) o T%d: %.40s: %.200s", k, k, k, inner_id, inner);
      return got;
    }
  }
  return 1;
}

static int cf_post_complement(const ct_value *args, int n, const ct_layout *R, char *id, int idcap, char *why,
                              int whycap) {
  ct_layout A, F;
  ct_err e;
  ct_modes m;
  int64_t M, nf, nr, K, span = 1, i, j;
  static unsigned char seen[1 << 20];
  if (n < 1 || ct_as_layout(&args[0], &A, "A", &e) != CT_OK || ct_filter(&A, &F, &e) != CT_OK) return -1;
  if (n == 2) {
    ct_val v;
    if (args[1].kind != CT_V_TUPLE || ct_t_product(&args[1].l.shape, 0, &v, &e) != CT_OK) return -1;
    M = v.v;
  } else {
    ct_val v;
    if (ct_l_cosize(&F, &v, &e) != CT_OK) return -1;
    M = v.v;
  }
  nf = cf_sz(&F);
  nr = cf_sz(R);
  if (nf < 0 || nr < 0 || nr > CF_BRUTE) return -1;
  for (i = 1; i < nr; ++i) {
    int64_t a, b;
    if (!cf_at(R, i - 1, &a) || !cf_at(R, i, &b)) return -1;
    if (!(a < b)) CF_VIOLATED("CPL-1", "R is not ordered: R(%lld) = %lld, R(%lld) = %lld", (long long)(i - 1), (long long)a, (long long)i, (long long)b);
  }
  /* every product and sum checked (fuzz/fuzz_conform.c found s*|d| and
   * size*size wrapping on an answer to an inadmissible request) */
  ct_modes_of(&F, 0, &m);
  for (j = 0; j < m.n; ++j) {
    int64_t ad, t;
    if (m.d[j] == 0) continue;
    if (ct_abs_ovf(m.d[j], &ad) || ct_mul_ovf(m.s[j], ad, &t)) return -1;
    if (t > span) span = t;
  }
  if (nf == 0 || ct_mul_ovf(nf, nr, &K) || K > (int64_t)sizeof seen) return -1;
  memset(seen, 0, (size_t)K);
  for (j = 0; j < nr; ++j)
    for (i = 0; i < nf; ++i) {
      int64_t a, b, ab;
      if (!cf_at(&F, i, &a) || !cf_at(R, j, &b)) return -1;
      if (ct_add_ovf(a, b, &ab))
        CF_VIOLATED("CPL-2", "(filter(A), R) at %lld is %lld + %lld, beyond 64 bits, outside [0, %lld)",
                    (long long)(i + nf * j), (long long)a, (long long)b, (long long)K);
      if (ab < 0 || ab >= K)
        CF_VIOLATED("CPL-2", "(filter(A), R) takes the value %lld at %lld, outside [0, %lld)", (long long)ab,
                    (long long)(i + nf * j), (long long)K);
      if (seen[ab]) CF_VIOLATED("CPL-2", "(filter(A), R) takes the value %lld twice: it is not a bijection onto [0, %lld)", (long long)ab, (long long)K);
      seen[ab] = 1;
    }
  if (K < M) CF_VIOLATED("CPL-3", "size(filter(A))*size(R) = %lld is less than the cotarget's size %lld", (long long)K, (long long)M);
  if (K - span >= M)
    CF_VIOLATED("CPL-3", "size(filter(A))*size(R) = %lld is not the least multiple of the span %lld that is >= %lld",
                (long long)K, (long long)span, (long long)M);
  return 1;
}

/* Whether filter(L) is injective (brute force); -1 when too large. */
static int cf_filter_injective(const ct_layout *L) {
  ct_layout F;
  ct_err e;
  int64_t n, i, k;
  static int64_t v[4096];
  if (ct_filter(L, &F, &e) != CT_OK) return -1;
  n = cf_sz(&F);
  if (n < 0 || n > 4096) return -1;
  for (i = 0; i < n; ++i) {
    if (!cf_at(&F, i, &v[i])) return -1;
    for (k = 0; k < i; ++k)
      if (v[k] == v[i]) return 0;
  }
  return 1;
}

static int cf_post_right_inverse(const ct_value *args, int n, const ct_layout *R, char *id, int idcap, char *why,
                                 int whycap) {
  ct_layout L;
  ct_err e;
  int64_t nl, nr, i, j, missing;
  int inj;
  if (n != 1 || ct_as_layout(&args[0], &L, "L", &e) != CT_OK) return -1;
  nl = cf_sz(&L);
  nr = cf_sz(R);
  if (nl < 0 || nr < 0 || nl > 4096 || nr > CF_BRUTE) return -1;
  for (i = 0; i < nr; ++i) {
    int64_t r, v;
    if (!cf_at(R, i, &r)) return -1;
    if (r < 0 || r >= nl) CF_VIOLATED("RINV-2", "R(%lld) = %lld is outside L's domain [0, %lld)", (long long)i, (long long)r, (long long)nl);
    if (!cf_at(&L, r, &v)) return -1;
    if (v != i) CF_VIOLATED("RINV-1", "L(R(%lld)) = L(%lld) = %lld, not %lld", (long long)i, (long long)r, (long long)v, (long long)i);
  }
  inj = cf_filter_injective(&L);
  if (inj != 1) return 1;
  /* the smallest value L does not take */
  for (missing = 0;; ++missing) {
    int found = 0;
    for (j = 0; j < nl && !found; ++j) {
      int64_t v;
      if (!cf_at(&L, j, &v)) return -1;
      found = v == missing;
    }
    if (!found) break;
  }
  if (nr != missing)
    CF_VIOLATED("RINV-3", "size(R) = %lld, but filter(L) is injective and L takes every value below %lld", (long long)nr,
                (long long)missing);
  for (i = 0; i < nr; ++i) {
    int64_t r, v;
    cf_at(R, i, &r);
    for (j = 0; j < nl; ++j)
      if (cf_at(&L, j, &v) && v == i) break;
    if (j != r) CF_VIOLATED("RINV-4", "R(%lld) = %lld, but the smallest j with L(j) == %lld is %lld", (long long)i, (long long)r, (long long)i, (long long)j);
  }
  return 1;
}

static int cf_post_left_inverse(const ct_value *args, int n, const ct_layout *R, char *id, int idcap, char *why,
                                int whycap, int accepted) {
  ct_layout L;
  ct_err e;
  int64_t nl, nr, i, j;
  if (n != 1 || ct_as_layout(&args[0], &L, "L", &e) != CT_OK) return -1;
  nl = cf_sz(&L);
  nr = cf_sz(R);
  if (nl < 0 || nr < 0 || nl > 4096) return -1;
  for (i = 0; i < nl; ++i) {
    int64_t v, r, w;
    if (!cf_at(&L, i, &v)) return -1;
    if (v < 0 || v >= nr)
      CF_VIOLATED("LINV-1", "L(%lld) = %lld is outside R's domain [0, %lld)", (long long)i, (long long)v, (long long)nr);
    if (!cf_at(R, v, &r)) return -1;
    if (r < 0 || r >= nl)
      CF_VIOLATED("LINV-1", "R(L(%lld)) = R(%lld) = %lld is outside L's domain [0, %lld)", (long long)i, (long long)v, (long long)r, (long long)nl);
    if (!cf_at(&L, r, &w)) return -1;
    if (w != v)
      CF_VIOLATED("LINV-1", "L(R(L(%lld))) = L(%lld) = %lld, not L(%lld) = %lld", (long long)i, (long long)r, (long long)w, (long long)i, (long long)v);
    if (accepted) {
      for (j = 0; j < nl; ++j)
        if (cf_at(&L, j, &w) && w == v) break;
      if (j != r) CF_VIOLATED("LINV-2", "R(L(%lld)) = %lld, but the smallest j with L(j) == %lld is %lld", (long long)i, (long long)r, (long long)v, (long long)j);
    }
  }
  return 1;
}

static int cf_post_coalesce(const ct_value *args, int n, const ct_layout *R, char *id, int idcap, char *why,
                            int whycap) {
  ct_layout L;
  ct_err e;
  int64_t i, nl;
  if (n != 1 || ct_as_layout(&args[0], &L, "L", &e) != CT_OK) return -1;
  nl = cf_sz(&L);
  if (nl < 0 || nl > CF_BRUTE) return -1;
  if (cf_sz(R) != nl) CF_VIOLATED("COAL-1", "size(R) = %lld, size(L) = %lld", (long long)cf_sz(R), (long long)nl);
  if (ct_l_depth(R) > 1) CF_VIOLATED("COAL-2", "depth(R) = %d > 1", ct_l_depth(R));
  for (i = 0; i < nl; ++i) {
    int64_t a, b;
    if (!cf_at(&L, i, &a) || !cf_at(R, i, &b)) return -1;
    if (a != b) CF_VIOLATED("COAL-3", "R(%lld) = %lld, L(%lld) = %lld", (long long)i, (long long)b, (long long)i, (long long)a);
  }
  return 1;
}

static int cf_post_size_cosize(int is_cosize, const ct_value *args, int n, const ct_value *res, char *id, int idcap,
                               char *why, int whycap) {
  ct_layout L;
  ct_err e;
  ct_val want;
  int64_t got;
  if (n != 1 || ct_as_layout(&args[0], &L, "L", &e) != CT_OK) return -1;
  if (res->kind != CT_V_TUPLE || res->l.shape.nd[0].kind != CT_INT) return -1;
  got = res->l.shape.nd[0].v;
  if (!is_cosize) {
    if (ct_l_size(&L, &want, &e) != CT_OK) return -1;
    if (got != want.v) CF_VIOLATED("LAYOUT-1", "size is the product of the shape, %lld, not %lld", (long long)want.v, (long long)got);
    return 1;
  }
  {
    int64_t nl = cf_sz(&L), i, lo = 0, hi = 0, v;
    if (nl < 1 || nl > CF_BRUTE) return -1;
    for (i = 0; i < nl; ++i) {
      if (!cf_at(&L, i, &v)) return -1;
      if (i == 0 || v < lo) lo = v;
      if (i == 0 || v > hi) hi = v;
    }
    if (ct_sub_ovf(hi, lo, &v) || ct_add_ovf(v, 1, &v))
      CF_VIOLATED("LAYOUT-4", "cosize %lld < 1 + max L(i) - min L(i) = 1 + %lld - %lld, beyond 64 bits", (long long)got,
                  (long long)hi, (long long)lo);
    if (got < v)
      CF_VIOLATED("LAYOUT-4", "cosize %lld < 1 + max L(i) - min L(i) = %lld", (long long)got, (long long)v);
    if (ct_l_cosize(&L, &want, &e) == CT_OK && got != want.v)
      CF_VIOLATED("LAYOUT-4", "cosize is 1 + sum (s-1)*|d| = %lld, not %lld", (long long)want.v, (long long)got);
    return 1;
  }
}

int cf_check_post(const char *req, const ct_value *result, int accepted, char *id, int idcap, char *why, int whycap) {
  cf_split sp;
  char name[CF_OP_CAP], buf[CF_REQ_CAP];
  static ct_value args[CF_MAX_SPLIT];
  ct_layout R;
  ct_err e;
  int k, is_layout;
  if (!cf_split_request(req, &sp) || sp.name_len >= (int)sizeof name) return -1;
  memcpy(name, sp.name, (size_t)sp.name_len);
  name[sp.name_len] = '\0';
  for (k = 0; k < sp.n; ++k) {
    if (sp.arg_len[k] >= (int)sizeof buf) return -1;
    memcpy(buf, sp.arg[k], (size_t)sp.arg_len[k]);
    buf[sp.arg_len[k]] = '\0';
    if (ct_eval(buf, &args[k], &e) != CT_OK) return -1;
  }
  if (strcmp(name, "size") == 0) return cf_post_size_cosize(0, args, sp.n, result, id, idcap, why, whycap);
  if (strcmp(name, "cosize") == 0) return cf_post_size_cosize(1, args, sp.n, result, id, idcap, why, whycap);
  is_layout = ct_as_layout(result, &R, "the result", &e) == CT_OK;
  if (strcmp(name, "composition") == 0) {
    if (!is_layout) CF_VIOLATED("COMP-1", "the result is not a layout");
    return cf_post_composition(args, sp.n, &R, id, idcap, why, whycap);
  }
  if (strcmp(name, "complement") == 0) {
    if (!is_layout) CF_VIOLATED("CPL-1", "the result is not a layout");
    return cf_post_complement(args, sp.n, &R, id, idcap, why, whycap);
  }
  if (strcmp(name, "right_inverse") == 0) {
    if (!is_layout) CF_VIOLATED("RINV-1", "the result is not a layout");
    return cf_post_right_inverse(args, sp.n, &R, id, idcap, why, whycap);
  }
  if (strcmp(name, "left_inverse") == 0) {
    if (!is_layout) CF_VIOLATED("LINV-1", "the result is not a layout");
    return cf_post_left_inverse(args, sp.n, &R, id, idcap, why, whycap, accepted);
  }
  if (strcmp(name, "coalesce") == 0 && sp.n == 1) {
    if (!is_layout) CF_VIOLATED("COAL-1", "the result is not a layout");
    return cf_post_coalesce(args, sp.n, &R, id, idcap, why, whycap);
  }
  return -1;
}
