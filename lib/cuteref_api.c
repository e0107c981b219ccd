/* cuteref_api.c -- the C API (include/cuteref.h, spec/api.md) over the
 * evaluator and the registry (cli/eval.h, cli/registry.h) and the judge of
 * `cuteref conform` (cli/conform_judge.c). Only the cuteref_* functions are
 * visible outside the library (-fvisibility=hidden, Makefile). */
#define _GNU_SOURCE /* pthread_getattr_np: the caller's stack (api_deep) */
#include "include/cuteref.h"

#include "cli/big_stack.h"
#include "cli/conform.h"
#include "cli/eval.h"
#include "cli/registry.h"
#include "cli/suggest.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef CUTEREF_VECTORS_VERSION
#define CUTEREF_VECTORS_VERSION 0
#endif
#define CUTEREF_STR2(x) #x
#define CUTEREF_STR(x) CUTEREF_STR2(x)

struct cuteref_value {
  ct_value v;
};

/* One lock for every entry point: parts of the judge keep their work in
 * static storage (cli/conform_judge.c), so the library serializes calls. */
static pthread_mutex_t cuteref_lock = PTHREAD_MUTEX_INITIALIZER;
#define LOCK() pthread_mutex_lock(&cuteref_lock)
#define UNLOCK() pthread_mutex_unlock(&cuteref_lock)

/* ---- the evaluation's stack (spec/api.md, "Threads") ---------------------------------- */

/* The deepest request measured needs 136 KiB of stack in a release build
 * and 219 KiB under ASan and UBSan (lib/tests/stack_test.c prints it). A caller whose thread has less than API_STACK_NEED left
 * (musl's threads have 128 KiB) has its evaluation run on a thread of the
 * library's with API_STACK_SIZE, so that any thread may call any function. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define API_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define API_SANITIZED 1
#endif
#endif
#ifdef API_SANITIZED /* 2 MiB: a main thread's 8 MiB leaves less than 8 */
#define API_STACK_NEED ((size_t)2 << 20)
#define API_STACK_SIZE ((size_t)64 << 20)
#else
#define API_STACK_NEED ((size_t)1 << 20)
#define API_STACK_SIZE ((size_t)16 << 20)
#endif

/* The calling thread's stack bottom and size, looked up once per thread
 * (glibc reads /proc/self/maps for the main thread). */
static _Thread_local char *api_stack_lo;
static _Thread_local int api_stack_known; /* 1 known, -1 unknowable */

/* Bytes of stack left below this frame; 0 where it cannot be told. */
static size_t api_stack_left(void) {
  char here;
  if (!api_stack_known) {
    pthread_attr_t a;
    void *lo;
    size_t size;
    api_stack_known = -1;
    if (pthread_getattr_np(pthread_self(), &a) == 0) {
      if (pthread_attr_getstack(&a, &lo, &size) == 0) {
        api_stack_lo = (char *)lo;
        api_stack_known = 1;
      }
      pthread_attr_destroy(&a);
    }
  }
  if (api_stack_known < 0 || &here < api_stack_lo) return 0;
  return (size_t)(&here - api_stack_lo);
}

/* Runs fn(arg) here when this thread has API_STACK_NEED of stack left,
 * else on a thread of API_STACK_SIZE and waits for it (the caller holds
 * the lock: one such thread at a time). 0, or -1 when no thread could be
 * started (the caller answers CAPACITY). */
static int api_deep(void (*fn)(void *), void *arg) {
  if (api_stack_left() >= API_STACK_NEED) {
    fn(arg);
    return 0;
  }
  return ct_on_big_stack(fn, arg, API_STACK_SIZE);
}

#define API_NO_STACK "no thread with enough stack for the evaluation could be started"

typedef struct {
  const char *text;
  ct_value *out;
  ct_err *e;
  ct_code rc;
} api_eval_job;

static void api_eval_run(void *p) {
  api_eval_job *j = (api_eval_job *)p;
  j->rc = ct_eval(j->text, j->out, j->e);
}

/* ct_eval on a stack deep enough (api_deep). */
static ct_code api_eval(const char *text, ct_value *out, ct_err *e) {
  api_eval_job j;
  j.text = text;
  j.out = out;
  j.e = e;
  j.rc = CT_CAPACITY;
  if (api_deep(api_eval_run, &j) != 0) {
    ct_err_clear(e);
    return CT_FAIL(e, CT_CAPACITY, API_NO_STACK);
  }
  return j.rc;
}

typedef struct {
  const ct_value *a, *b;
  int r;
} api_equiv_job;

static void api_equiv_run(void *p) {
  api_equiv_job *j = (api_equiv_job *)p;
  j->r = ct_values_equivalent(j->a, j->b);
}

typedef struct {
  const cf_judge_opts *o;
  const char *req, *answer;
  cf_judgement *j;
} api_judge_job;

static void api_judge_run(void *p) {
  api_judge_job *k = (api_judge_job *)p;
  cf_judge(k->o, k->req, k->answer, k->j);
}

/* The reference's own answer to a request, as text (the expected answer
 * shown beside a malformed one). */
typedef struct {
  const char *req;
  char *out;
  int cap;
} api_reference_job;

static void api_reference_run(void *p) {
  api_reference_job *k = (api_reference_job *)p;
  ct_discard(cf_reference(k->req, k->out, k->cap)); /* the text says what it is */
}

/* ---- version and codes ---------------------------------------------------------- */

int cuteref_api_version(void) { return CUTEREF_API_VERSION; }

const char *cuteref_version(void) {
  return "cuteref API " CUTEREF_STR(CUTEREF_API_VERSION) ", conformance vectors version " CUTEREF_STR(
      CUTEREF_VECTORS_VERSION);
}

int cuteref_vectors_version(void) { return CUTEREF_VECTORS_VERSION; }

const char *cuteref_code_name(int code) {
  return code >= 0 && code < (int)CT_NUM_CODES ? ct_code_name((ct_code)code) : NULL;
}

const char *cuteref_code_summary(int code) {
  return code >= 0 && code < (int)CT_NUM_CODES ? ct_code_summary((ct_code)code) : NULL;
}

int cuteref_code_by_name(const char *name) {
  ct_code c;
  if (!name) return -1;
  c = ct_code_by_name(name);
  return c == CT_NUM_CODES ? -1 : (int)c;
}

int cuteref_num_codes(void) { return (int)CT_NUM_CODES; }

/* ---- helpers ---------------------------------------------------------------------- */

static void api_set_error(cuteref_error *err, ct_code code, int pos, const char *msg) {
  if (!err) return;
  err->code = (int)code;
  err->pos = pos;
  snprintf(err->name, sizeof err->name, "%s", ct_code_name(code));
  snprintf(err->message, sizeof err->message, "%s", msg ? msg : "");
}

static int api_fail(cuteref_error *err, const ct_err *e) {
  api_set_error(err, e->code, e->pos, e->msg);
  return (int)e->code;
}

static int api_misuse(cuteref_error *err, const char *msg) {
  api_set_error(err, CT_ARG_TYPE, -1, msg);
  return (int)CT_ARG_TYPE;
}

/* The canonical text of a value, malloc'd (NULL when memory runs out). */
static char *api_print(const ct_value *v) {
  int cap = 256, need;
  char *buf = (char *)malloc((size_t)cap);
  if (!buf) return NULL;
  need = ct_print_value(v, buf, cap);
  if (need >= cap) {
    char *nb = (char *)realloc(buf, (size_t)need + 1);
    if (!nb) {
      free(buf);
      return NULL;
    }
    buf = nb;
    ct_print_value(v, buf, need + 1);
  }
  return buf;
}

/* ---- text in, text out -------------------------------------------------------------- */

char *cuteref_eval(const char *expr, cuteref_error *err) {
  ct_value v;
  ct_err e;
  char *out;
  if (!expr) {
    api_misuse(err, "cuteref_eval: expr is NULL");
    return NULL;
  }
  LOCK();
  if (api_eval(expr, &v, &e) != CT_OK) {
    UNLOCK();
    api_fail(err, &e);
    return NULL;
  }
  out = api_print(&v);
  UNLOCK();
  if (!out) api_set_error(err, CT_CAPACITY, -1, "out of memory");
  else api_set_error(err, CT_OK, -1, "");
  return out;
}

/* "error <CODE> <message>", as `cuteref eval -` writes it. */
static char *api_error_line(const cuteref_error *err) {
  size_t n = strlen(err->name) + strlen(err->message) + 8;
  char *line = (char *)malloc(n);
  if (line) snprintf(line, n, "error %s %s", err->name, err->message);
  return line;
}

char *cuteref_answer(const char *request) {
  cuteref_error err;
  char *r = cuteref_eval(request ? request : "", &err), *line;
  size_t n;
  if (r) {
    n = strlen(r) + 4;
    line = (char *)malloc(n);
    if (line) snprintf(line, n, "ok %s", r);
    free(r);
    return line;
  }
  return api_error_line(&err);
}

void cuteref_free_string(char *s) { free(s); }

/* ---- text with its length (spec/api.md) ----------------------------------------------
 * A C string ends at its first NUL byte: text after it went unread, so the
 * Python module answered `size(4)` to "size(4)\0junk", which `cuteref eval
 * -` rejects (issue 44). These take the length and reject a NUL inside. */

/* The offset of the first NUL byte of the n bytes at s, or -1. */
static long api_nul_at(const char *s, size_t n) {
  const char *z = (const char *)memchr(s, '\0', n);
  return z ? (long)(z - s) : -1;
}

/* What `cuteref eval -` answers to a line with a NUL byte (cli/cmd_eval.c). */
static int api_nul_error(cuteref_error *err, long at) {
  char msg[64];
  snprintf(msg, sizeof msg, "a NUL byte at byte %ld", at);
  api_set_error(err, CT_PARSE_EXPECTED, at > INT_MAX ? -1 : (int)at, msg);
  return (int)CT_PARSE_EXPECTED;
}

/* s[0, n) as a C string (malloc'd), or NULL when memory runs out. */
static char *api_dup_n(const char *s, size_t n) {
  char *d = n < (size_t)-1 ? (char *)malloc(n + 1) : NULL;
  if (!d) return NULL;
  if (n) memcpy(d, s, n);
  d[n] = '\0';
  return d;
}

/* text[0, len) checked and copied into *copy: CUTEREF_OK, or a code with err filled. */
static int api_text_n(const char *text, size_t len, char **copy, cuteref_error *err) {
  long at;
  *copy = NULL;
  if (!text) return api_misuse(err, "the text is NULL");
  at = api_nul_at(text, len);
  if (at >= 0) return api_nul_error(err, at);
  *copy = api_dup_n(text, len);
  if (!*copy) {
    api_set_error(err, CT_CAPACITY, -1, "out of memory");
    return (int)CT_CAPACITY;
  }
  return CUTEREF_OK;
}

char *cuteref_eval_n(const char *expr, size_t len, cuteref_error *err) {
  char *copy, *out;
  if (api_text_n(expr, len, &copy, err) != CUTEREF_OK) return NULL;
  out = cuteref_eval(copy, err);
  free(copy);
  return out;
}

char *cuteref_answer_n(const char *request, size_t len) {
  cuteref_error err;
  char *copy, *line;
  if (api_text_n(request ? request : "", request ? len : 0, &copy, &err) != CUTEREF_OK) return api_error_line(&err);
  line = cuteref_answer(copy);
  free(copy);
  return line;
}

/* ---- values ---------------------------------------------------------------------------- */

int cuteref_value_parse(const char *text, cuteref_value **out, cuteref_error *err) {
  ct_err e;
  cuteref_value *v;
  ct_code rc;
  if (!out) return api_misuse(err, "cuteref_value_parse: out is NULL");
  *out = NULL;
  if (!text) return api_misuse(err, "cuteref_value_parse: text is NULL");
  v = (cuteref_value *)malloc(sizeof *v);
  if (!v) {
    api_set_error(err, CT_CAPACITY, -1, "out of memory");
    return (int)CT_CAPACITY;
  }
  LOCK();
  rc = api_eval(text, &v->v, &e);
  UNLOCK();
  if (rc != CT_OK) {
    free(v);
    return api_fail(err, &e);
  }
  *out = v;
  api_set_error(err, CT_OK, -1, "");
  return CUTEREF_OK;
}

int cuteref_value_parse_n(const char *text, size_t len, cuteref_value **out, cuteref_error *err) {
  char *copy;
  int rc;
  if (!out) return api_misuse(err, "cuteref_value_parse_n: out is NULL");
  *out = NULL;
  rc = api_text_n(text, len, &copy, err);
  if (rc != CUTEREF_OK) return rc;
  rc = cuteref_value_parse(copy, out, err);
  free(copy);
  return rc;
}

void cuteref_value_free(cuteref_value *v) { free(v); }

char *cuteref_value_str(const cuteref_value *v) { return v ? api_print(&v->v) : NULL; }

int cuteref_value_print(const cuteref_value *v, char *buf, size_t cap) {
  if (!v) return -1;
  return ct_print_value(&v->v, buf, (int)(cap > 0x7fffffff ? 0x7fffffff : cap));
}

int cuteref_value_kind(const cuteref_value *v) {
  if (!v) return CUTEREF_OTHER;
  switch (v->v.kind) {
  case CT_V_TUPLE: return CUTEREF_INTTUPLE;
  case CT_V_LAYOUT: return CUTEREF_LAYOUT;
  case CT_V_TILER: return CUTEREF_TILER;
  case CT_V_BOOL: return CUTEREF_BOOL;
  case CT_V_SYMBOL: return CUTEREF_SYMBOL;
  default: return CUTEREF_OTHER;
  }
}

int cuteref_value_int(const cuteref_value *v, int64_t *out) {
  if (!v) return 0;
  if (v->v.kind == CT_V_TUPLE && v->v.l.shape.nd[0].kind == CT_INT) {
    if (out) *out = v->v.l.shape.nd[0].v;
    return 1;
  }
  if (v->v.kind == CT_V_BOOL) {
    if (out) *out = v->v.b ? 1 : 0;
    return 1;
  }
  return 0;
}

int cuteref_value_equivalent(const cuteref_value *a, const cuteref_value *b) {
  int r;
  if (!a || !b) return 0;
  api_equiv_job k;
  k.a = &a->v;
  k.b = &b->v;
  k.r = 0; /* no stack for the check: not shown equivalent */
  LOCK();
  (void)api_deep(api_equiv_run, &k); /* without a stack k.r stays 0 */
  UNLOCK();
  r = k.r;
  return r;
}

/* ---- operations ---------------------------------------------------------------------------- */

/* Whether op is NAME or NAME<int,...> and NAME an operation (eval's grammar,
 * spec/expressions.md); base gets NAME. */
static int api_op_name(const char *op, char *base, int cap) {
  int k = 0;
  if (!((op[0] >= 'a' && op[0] <= 'z') || (op[0] >= 'A' && op[0] <= 'Z'))) return 0;
  while ((op[k] >= 'a' && op[k] <= 'z') || (op[k] >= 'A' && op[k] <= 'Z') || (op[k] >= '0' && op[k] <= '9') ||
         op[k] == '_') {
    if (k >= cap - 1) return 0;
    base[k] = op[k];
    ++k;
  }
  base[k] = '\0';
  if (op[k] == '<') {
    const char *p = op + k + 1;
    while (*p && *p != '>') {
      if (!((*p >= '0' && *p <= '9') || *p == '-' || *p == '_' || *p == ',' || *p == ' ')) return 0;
      ++p;
    }
    if (*p != '>' || p[1] != '\0') return 0;
  } else if (op[k] != '\0') {
    return 0;
  }
  return 1;
}

/* op(args...): the arguments printed in canonical notation and the call
 * evaluated, so the evaluator's own arity and type checks and messages
 * apply (spec/notation.md: parse(print(x)) == x). */
static int api_call(const char *op, const ct_value *const *args, int nargs, ct_value *out, cuteref_error *err) {
  char base[64], *text, *p;
  char *printed[CT_MAX_ARGS];
  size_t len;
  int k, rc;
  ct_err e;
  if (!op) return api_misuse(err, "cuteref_call: op is NULL");
  if (nargs < 0 || nargs > CT_MAX_ARGS || (nargs > 0 && !args))
    return api_misuse(err, "cuteref_call: bad argument list");
  /* A well-formed name goes to the evaluator, which names the operations
   * it does not know (UNKNOWN_FUNCTION) as `cuteref eval` does. */
  if (!api_op_name(op, base, sizeof base)) {
    char msg[200], b[16];
    size_t k = 0;
    while (op[k] && (unsigned char)op[k] >= 0x20 && (unsigned char)op[k] < 0x7f) ++k;
    if (op[k]) /* no raw byte of the name in the message: named as the evaluator names one */
      snprintf(msg, sizeof msg, "the operation's name holds %s at byte %zu: NAME or NAME<int,...>",
               ct_byte_text(op[k], b, sizeof b), k);
    else
      snprintf(msg, sizeof msg, "'%.100s' is no operation name: NAME or NAME<int,...>", op);
    api_set_error(err, CT_UNKNOWN_FUNCTION, -1, msg);
    return (int)CT_UNKNOWN_FUNCTION;
  }
  len = strlen(op) + 3;
  for (k = 0; k < nargs; ++k) {
    if (!args[k]) {
      while (k-- > 0) free(printed[k]);
      return api_misuse(err, "cuteref_call: an argument is NULL");
    }
    printed[k] = api_print(args[k]);
    if (!printed[k]) {
      while (k-- > 0) free(printed[k]);
      api_set_error(err, CT_CAPACITY, -1, "out of memory");
      return (int)CT_CAPACITY;
    }
    len += strlen(printed[k]) + 1;
  }
  text = (char *)malloc(len);
  if (!text) {
    for (k = 0; k < nargs; ++k) free(printed[k]);
    api_set_error(err, CT_CAPACITY, -1, "out of memory");
    return (int)CT_CAPACITY;
  }
  p = text + sprintf(text, "%s(", op);
  for (k = 0; k < nargs; ++k) {
    p += sprintf(p, "%s%s", k ? "," : "", printed[k]);
    free(printed[k]);
  }
  sprintf(p, ")");
  if (api_eval(text, out, &e) != CT_OK) {
    e.pos = -1; /* a position in the text built here would mislead */
    rc = api_fail(err, &e);
  } else {
    api_set_error(err, CT_OK, -1, "");
    rc = CUTEREF_OK;
  }
  free(text);
  return rc;
}

int cuteref_call(const char *op, const cuteref_value *const *args, int nargs, cuteref_value **out,
                 cuteref_error *err) {
  const ct_value *vs[CT_MAX_ARGS];
  cuteref_value *r;
  int k, rc;
  if (!out) return api_misuse(err, "cuteref_call: out is NULL");
  *out = NULL;
  if (nargs < 0 || nargs > CT_MAX_ARGS) return api_misuse(err, "cuteref_call: at most 8 arguments");
  for (k = 0; k < nargs; ++k) vs[k] = args && args[k] ? &args[k]->v : NULL;
  r = (cuteref_value *)malloc(sizeof *r);
  if (!r) {
    api_set_error(err, CT_CAPACITY, -1, "out of memory");
    return (int)CT_CAPACITY;
  }
  LOCK();
  rc = api_call(op, vs, nargs, &r->v, err);
  UNLOCK();
  if (rc != CUTEREF_OK) {
    free(r);
    return rc;
  }
  *out = r;
  return CUTEREF_OK;
}

static const ct_op *api_op(int k) {
  int i, n = 0;
  for (i = 0; i < ct_num_ops; ++i)
    if (ct_op_callable(&ct_ops[i]) && n++ == k) return &ct_ops[i];
  return NULL;
}

int cuteref_num_ops(void) {
  int i, n = 0;
  for (i = 0; i < ct_num_ops; ++i) n += ct_op_callable(&ct_ops[i]);
  return n;
}

const char *cuteref_op_name(int k) {
  const ct_op *op = api_op(k);
  return op ? op->name : NULL;
}

const char *cuteref_op_synopsis(int k) {
  const ct_op *op = api_op(k);
  return op ? op->synopsis : NULL;
}

/* An integer result of op(args): size, cosize, L(i). */
static int api_int_call(const char *op, const ct_value *const *args, int nargs, int64_t *out, cuteref_error *err) {
  ct_value r;
  int rc;
  if (!out) return api_misuse(err, "out is NULL");
  LOCK();
  rc = api_call(op, args, nargs, &r, err);
  UNLOCK();
  if (rc != CUTEREF_OK) return rc;
  if (!(r.kind == CT_V_TUPLE && r.l.shape.nd[0].kind == CT_INT)) {
    api_set_error(err, CT_ARG_TYPE, -1, "the result is not an integer");
    return (int)CT_ARG_TYPE;
  }
  *out = r.l.shape.nd[0].v;
  return CUTEREF_OK;
}

int cuteref_layout_at(const cuteref_value *L, int64_t i, int64_t *out, cuteref_error *err) {
  ct_value idx;
  const ct_value *args[2];
  if (!L) return api_misuse(err, "cuteref_layout_at: L is NULL");
  ct_v_int(&idx, i, 0);
  args[0] = &L->v;
  args[1] = &idx;
  return api_int_call("eval", args, 2, out, err);
}

int cuteref_size(const cuteref_value *a, int64_t *out, cuteref_error *err) {
  const ct_value *args[1];
  if (!a) return api_misuse(err, "cuteref_size: a is NULL");
  args[0] = &a->v;
  return api_int_call("size", args, 1, out, err);
}

int cuteref_cosize(const cuteref_value *a, int64_t *out, cuteref_error *err) {
  const ct_value *args[1];
  if (!a) return api_misuse(err, "cuteref_cosize: a is NULL");
  args[0] = &a->v;
  return api_int_call("cosize", args, 1, out, err);
}

static int api_call1(const char *op, const cuteref_value *a, cuteref_value **out, cuteref_error *err) {
  const cuteref_value *args[1];
  args[0] = a;
  return cuteref_call(op, args, 1, out, err);
}

static int api_call2(const char *op, const cuteref_value *a, const cuteref_value *b, cuteref_value **out,
                     cuteref_error *err) {
  const cuteref_value *args[2];
  args[0] = a;
  args[1] = b;
  return cuteref_call(op, args, 2, out, err);
}

int cuteref_coalesce(const cuteref_value *a, cuteref_value **out, cuteref_error *err) {
  return api_call1("coalesce", a, out, err);
}
int cuteref_composition(const cuteref_value *a, const cuteref_value *b, cuteref_value **out, cuteref_error *err) {
  return api_call2("composition", a, b, out, err);
}
int cuteref_complement(const cuteref_value *a, const cuteref_value *cotarget, cuteref_value **out,
                       cuteref_error *err) {
  return cotarget ? api_call2("complement", a, cotarget, out, err) : api_call1("complement", a, out, err);
}
int cuteref_right_inverse(const cuteref_value *a, cuteref_value **out, cuteref_error *err) {
  return api_call1("right_inverse", a, out, err);
}
int cuteref_left_inverse(const cuteref_value *a, cuteref_value **out, cuteref_error *err) {
  return api_call1("left_inverse", a, out, err);
}

#define CUTEREF_BINARY(name)                                                                                   \
  int cuteref_##name(const cuteref_value *a, const cuteref_value *b, cuteref_value **out, cuteref_error *err) { \
    return api_call2(#name, a, b, out, err);                                                                    \
  }
CUTEREF_BINARY(logical_divide)
CUTEREF_BINARY(zipped_divide)
CUTEREF_BINARY(tiled_divide)
CUTEREF_BINARY(flat_divide)
CUTEREF_BINARY(logical_product)
CUTEREF_BINARY(zipped_product)
CUTEREF_BINARY(tiled_product)
CUTEREF_BINARY(flat_product)
CUTEREF_BINARY(blocked_product)
CUTEREF_BINARY(raked_product)

/* ---- the conformance judge ------------------------------------------------------------------ */

int cuteref_judge(const char *request, const char *answer, int flags, cuteref_judgement *out) {
  cf_judge_opts o;
  cf_judgement *j;
  char *line = NULL;
  int conforming;
  if (out) memset(out, 0, sizeof *out);
  j = (cf_judgement *)malloc(sizeof *j);
  if (!j) return 0;
  o.strict = (flags & CUTEREF_JUDGE_STRICT) != 0;
  o.decline = "UNSUPPORTED";
  if (answer) { /* one line: without its line end */
    size_t n = strcspn(answer, "\r\n");
    line = (char *)malloc(n + 1);
    if (!line) {
      free(j);
      return 0;
    }
    memcpy(line, answer, n);
    line[n] = '\0';
  }
  {
    api_judge_job k;
    k.o = &o;
    k.req = request ? request : "";
    k.answer = line;
    k.j = j;
    LOCK();
    if (api_deep(api_judge_run, &k) != 0) {
      memset(j, 0, sizeof *j);
      j->verdict = CF_UNJUDGED;
      snprintf(j->why, sizeof j->why, "%s", API_NO_STACK);
    }
    UNLOCK();
  }
  if (!line) { /* no answer at all */
    j->verdict = CF_MALFORMED;
    snprintf(j->why, sizeof j->why, "no answer");
  }
  /* no failure (spec/principle.md §4): conforming, a difference by convention, unjudged */
  conforming = j->verdict == CF_CONFORMING || j->verdict == CF_CONVENTION || j->verdict == CF_UNJUDGED;
  if (out) {
    snprintf(out->verdict, sizeof out->verdict, "%s", cf_verdict_keys[j->verdict]);
    snprintf(out->id, sizeof out->id, "%s", j->id);
    snprintf(out->post_id, sizeof out->post_id, "%s", j->post_id);
    snprintf(out->why, sizeof out->why, "%s", j->why);
    snprintf(out->expected, sizeof out->expected, "%s", j->expected);
  }
  free(line);
  free(j);
  return conforming;
}

int cuteref_judge_n(const char *request, size_t request_len, const char *answer, size_t answer_len, int flags,
                    cuteref_judgement *out) {
  char *req, *ans = NULL;
  size_t line = answer_len, k;
  long at = request ? api_nul_at(request, request_len) : -1;
  int r;
  if (out) memset(out, 0, sizeof *out);
  if (at >= 0) { /* no request: conform never sends one (cf_read_line), eval - rejects it */
    if (out) {
      snprintf(out->verdict, sizeof out->verdict, "%s", cf_verdict_keys[CF_MALFORMED]);
      snprintf(out->why, sizeof out->why,
               "the request holds a NUL byte (at byte %ld): no request of the protocol, nothing to judge", at);
      snprintf(out->expected, sizeof out->expected, "error %s", ct_code_name(CT_PARSE_EXPECTED));
    }
    return 0;
  }
  if (answer) { /* its first line, as cuteref_judge reads it */
    for (k = 0; k < answer_len; ++k)
      if (answer[k] == '\r' || answer[k] == '\n') {
        line = k;
        break;
      }
    at = api_nul_at(answer, line);
  }
  req = api_dup_n(request ? request : "", request ? request_len : 0);
  if (!req) return 0;
  if (at >= 0) { /* malformed, as `cuteref conform` reads such a line (spec/protocol.md, "Bounds") */
    if (out) {
      snprintf(out->verdict, sizeof out->verdict, "%s", cf_verdict_keys[CF_MALFORMED]);
      snprintf(out->why, sizeof out->why, "the answer line holds a NUL byte (at byte %ld)", at);
      api_reference_job k;
      k.req = req;
      k.out = out->expected;
      k.cap = (int)sizeof out->expected;
      out->expected[0] = '\0';
      LOCK();
      (void)api_deep(api_reference_run, &k); /* without a stack, expected stays empty */
      UNLOCK();
    }
    free(req);
    return 0;
  }
  if (answer && !(ans = api_dup_n(answer, line))) {
    free(req);
    return 0;
  }
  r = cuteref_judge(req, ans, flags, out);
  free(req);
  free(ans);
  return r;
}

/* ---- generated cases and shrinking (spec/api.md, "Cases") --------------------------------- */

/* The header's promise: a buffer of CUTEREF_REQUEST_CAP holds conform's
 * longest request (a compile-time check: the array's size is -1 otherwise). */
typedef char api_request_cap_is_conforms[CUTEREF_REQUEST_CAP == CF_REQ_CAP ? 1 : -1];

/* Copies a request into the caller's buffer: CUTEREF_OK or CAPACITY. */
static int api_copy_out(const char *text, char *buf, size_t cap, cuteref_error *err) {
  size_t n = strlen(text);
  char msg[128];
  if (n + 1 > cap) {
    snprintf(msg, sizeof msg, "the text needs %zu bytes, the buffer has %zu", n + 1, cap);
    if (cap > 0) buf[0] = '\0';
    api_set_error(err, CT_CAPACITY, -1, msg);
    return (int)CT_CAPACITY;
  }
  memcpy(buf, text, n + 1);
  api_set_error(err, CT_OK, -1, "");
  return CUTEREF_OK;
}

typedef struct {
  const ct_op_gen *G;
  uint64_t seed, index;
  char *out;
  int rc;
} api_case_job;

static void api_case_run(void *p) {
  api_case_job *j = (api_case_job *)p;
  j->rc = cf_gen_request(j->G, j->seed, j->index, j->out, CF_REQ_CAP);
}

/* The operation's row, or 0 with *code and err set: an unknown name with
 * the nearest ones, as `cuteref eval` names them; a row without generators. */
static const ct_op *api_generated_op(const char *op, int *ng, int *code, cuteref_error *err) {
  const ct_op *row = ct_find_builtin(op);
  char msg[256], hint[120], b[16];
  size_t k = 0;
  if (!row) {
    while (op[k] && (unsigned char)op[k] >= 0x20 && (unsigned char)op[k] < 0x7f) ++k;
    if (op[k]) { /* no raw byte of the name in the message, as api_call words it */
      snprintf(msg, sizeof msg, "the operation's name holds %s at byte %zu", ct_byte_text(op[k], b, sizeof b), k);
    } else {
      ct_suggest_op(op, hint, sizeof hint);
      snprintf(msg, sizeof msg, "no operation named '%.60s'%s (see cuteref eval --list)", op, hint);
    }
    api_set_error(err, CT_UNKNOWN_FUNCTION, -1, msg);
    *code = (int)CT_UNKNOWN_FUNCTION;
    return 0;
  }
  *ng = 0;
  while (*ng < CT_OP_GENS && row->gens[*ng].name) ++*ng;
  if (*ng == 0) { /* cf_load_random skips it too */
    snprintf(msg, sizeof msg, "%s has no request generator (`cuteref conform --random` sends none)", row->name);
    api_set_error(err, CT_ARG_TYPE, -1, msg);
    *code = (int)CT_ARG_TYPE;
    return 0;
  }
  return row;
}

int cuteref_case(const char *op, uint64_t seed, uint64_t index, char *buf, size_t cap, const char **generator,
                 cuteref_error *err) {
  const ct_op *row;
  api_case_job j;
  int ng = 0, rc = CUTEREF_OK, no_stack;
  if (generator) *generator = NULL;
  if (!op || !buf) return api_misuse(err, "cuteref_case: op or buf is NULL");
  j.out = (char *)malloc(CF_REQ_CAP);
  if (!j.out) {
    api_set_error(err, CT_CAPACITY, -1, "out of memory");
    return (int)CT_CAPACITY;
  }
  LOCK(); /* the suggestion and the generators work in static storage */
  row = api_generated_op(op, &ng, &rc, err);
  if (row) {
    /* request i of the operation is generator i % G's number i / G, the
     * order of cf_load_random (cli/conform_cases.c) */
    j.G = &row->gens[index % (uint64_t)ng];
    j.seed = seed;
    j.index = index / (uint64_t)ng;
    j.rc = -1;
    no_stack = api_deep(api_case_run, &j) != 0;
    if (no_stack || j.rc < 0) {
      api_set_error(err, CT_CAPACITY, -1, no_stack ? API_NO_STACK : "the generator made no request");
      rc = (int)CT_CAPACITY;
    }
  }
  UNLOCK();
  if (rc == CUTEREF_OK) {
    rc = api_copy_out(j.out, buf, cap, err);
    if (rc == CUTEREF_OK && generator) *generator = j.G->name;
  }
  free(j.out);
  return rc;
}

typedef struct {
  const char *req;
  int k;
  char *out;
  int n;
} api_shrink_job;

static void api_shrink_run(void *p) {
  api_shrink_job *j = (api_shrink_job *)p;
  j->n = cf_shrink_candidate(j->req, j->k, j->out, CF_REQ_CAP);
}

int cuteref_shrink_candidate(const char *request, int k, char *buf, size_t cap, cuteref_error *err) {
  api_shrink_job j;
  char *out;
  int n;
  if (!request || !buf) {
    api_misuse(err, "cuteref_shrink_candidate: request or buf is NULL");
    return -1;
  }
  api_set_error(err, CT_OK, -1, "");
  if (k < 0 || strlen(request) >= CF_REQ_CAP - 1) return 0; /* conform handles no longer request */
  out = (char *)malloc(CF_REQ_CAP);
  if (!out) {
    api_set_error(err, CT_CAPACITY, -1, "out of memory");
    return -1;
  }
  j.req = request;
  j.k = k;
  j.out = out;
  j.n = -1;
  LOCK(); /* cf_shrink_candidate parses into static storage */
  if (api_deep(api_shrink_run, &j) != 0) {
    UNLOCK();
    free(out);
    api_set_error(err, CT_CAPACITY, -1, API_NO_STACK);
    return -1;
  }
  UNLOCK();
  n = j.n;
  if (n <= 0 || n >= CF_REQ_CAP - 1) n = 0; /* none, or a candidate cut short: never a request */
  else if (api_copy_out(out, buf, cap, err) != CUTEREF_OK) n = -1;
  free(out);
  return n;
}
