/* bench_ref.c -- the reference's in-process rate on a list of requests
 * (peers/bench/README.md): every line of the list, one of
 *   composition(A, B)  complement(A[, cotarget])  logical_divide(A, B)
 *   right_inverse(A)   left_inverse(A)            coalesce(A[, profile])
 * with literal arguments, is parsed once into the reference's own values;
 * the timed loop then calls the operation on every request, round after
 * round, until --seconds have passed (each call's arguments are first
 * copied from a compact copy into the reference's fixed-size values). It prints requests/s for the calls
 * alone (over all rounds, and in the fastest round) and for parsing plus calls, and the answers' counts (ok / error),
 * so a run that evaluates nothing shows it.
 *
 *   bench_ref LIST [--seconds S]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ref/coalesce.h"
#include "ref/complement.h"
#include "ref/composition.h"
#include "ref/divide.h"
#include "ref/inverse.h"
#include "ref/notation.h"

enum { OP_COMPOSITION, OP_COMPLEMENT, OP_LOGICAL_DIVIDE, OP_RIGHT_INVERSE, OP_LEFT_INVERSE, OP_COALESCE, OP_COUNT };
static const char *const op_names[OP_COUNT] = {"composition", "complement", "logical_divide",
                                              "right_inverse", "left_inverse", "coalesce"};

/* One parsed request: the layout, and the second argument as the operation
 * takes it (a tiler, or a tuple: cotarget or profile). */
typedef struct {
  int op, nargs;
  ct_layout a;
  ct_tiler t;
  ct_tuple x;
} request;

/* A parsed request kept small: the nodes in use of its five trees, one after
 * the other (a request holds about 10 KiB of fixed-size trees, and 20,000 of
 * them would make the loop measure the memory bus). */
typedef struct {
  int op, nargs, n[5];
  ct_node *nodes;
} packed;

static ct_tuple *tree_of(request *r, int k) {
  switch (k) {
  case 0: return &r->a.shape;
  case 1: return &r->a.stride;
  case 2: return &r->t.shape;
  case 3: return &r->t.stride;
  default: return &r->x;
  }
}

static void pack(request *r, packed *p) {
  int k, total = 0, at = 0;
  p->op = r->op;
  p->nargs = r->nargs;
  for (k = 0; k < 5; ++k) total += p->n[k] = tree_of(r, k)->n;
  p->nodes = (ct_node *)malloc((size_t)(total ? total : 1) * sizeof(ct_node));
  if (!p->nodes) exit(2);
  for (k = 0; k < 5; ++k) {
    memcpy(p->nodes + at, tree_of(r, k)->nd, (size_t)p->n[k] * sizeof(ct_node));
    at += p->n[k];
  }
}

/* Back into the reference's own values (the nodes in use only). */
static void unpack(const packed *p, request *r) {
  int k, at = 0;
  r->op = p->op;
  r->nargs = p->nargs;
  for (k = 0; k < 5; ++k) {
    ct_tuple *t = tree_of(r, k);
    t->n = p->n[k];
    memcpy(t->nd, p->nodes + at, (size_t)p->n[k] * sizeof(ct_node));
    at += p->n[k];
  }
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Splits "name(a, b)" at its top-level commas; returns the argument count
 * (0 to 2) or -1. The arguments are copied into a and b. */
static int split_request(const char *line, char *name, int ncap, char *a, char *b, int cap) {
  const char *p = strchr(line, '(');
  const char *end = strrchr(line, ')');
  int depth = 0, n = 0, len;
  char *dst = a;
  if (!p || !end || end < p || p - line >= ncap) return -1;
  memcpy(name, line, (size_t)(p - line));
  name[p - line] = 0;
  a[0] = b[0] = 0;
  len = 0;
  for (++p; p < end; ++p) {
    if (*p == '(' || *p == '<') ++depth;
    if (*p == ')' || *p == '>') --depth;
    if (*p == ',' && depth == 0) {
      if (dst == b) return -1;
      dst[len] = 0;
      dst = b;
      len = 0;
      n = 1;
      continue;
    }
    if (len + 1 >= cap) return -1;
    dst[len++] = *p;
    if (n == 0) n = 1;
  }
  dst[len] = 0;
  return dst == b ? 2 : n;
}

/* The second argument of composition / logical_divide: `<...>`, a layout
 * with a stride, n (n:_1) or a shape (a by-mode tiler), as cuteref eval reads it. */
static ct_code parse_tiler_arg(const char *s, ct_tiler *t, ct_err *e) {
  const char *q = s;
  while (*q == ' ') ++q;
  if (*q == '<') return ct_parse_tiler(q, t, e);
  if (strchr(q, ':')) return ct_parse_layout(q, t, e);
  {
    ct_tuple x;
    CT_TRY(ct_parse_tuple(q, &x, 0, e));
    if (x.nd[0].kind == CT_INT) {
      ct_l_set_int(t, x.nd[0].v, x.nd[0].stat, 1, 1);
      return CT_OK;
    }
    return ct_tiler_from_shape(&x, t, e);
  }
}

static ct_code parse_request(const char *line, request *r, ct_err *e) {
  char name[64], a[4096], b[4096];
  int k, n = split_request(line, name, (int)sizeof name, a, b, (int)sizeof a);
  if (n < 1) return CT_FAIL(e, CT_PARSE_EXPECTED, "not a call with one or two arguments");
  for (k = 0; k < OP_COUNT && strcmp(name, op_names[k]) != 0; ++k) {
  }
  if (k == OP_COUNT) return CT_FAIL(e, CT_UNKNOWN_FUNCTION, "operation %s is not benchmarked", name);
  r->op = k;
  r->nargs = n;
  CT_TRY(ct_parse_layout(a, &r->a, e));
  if (n == 2) {
    if (k == OP_COMPOSITION || k == OP_LOGICAL_DIVIDE) return parse_tiler_arg(b, &r->t, e);
    if (k == OP_COMPLEMENT || k == OP_COALESCE) return ct_parse_tuple(b, &r->x, 0, e);
    return CT_FAIL(e, CT_ARITY, "%s takes one argument", name);
  }
  if (k == OP_COMPOSITION || k == OP_LOGICAL_DIVIDE) return CT_FAIL(e, CT_ARITY, "%s takes two arguments", name);
  return CT_OK;
}

/* The call being measured: the reference's own entry point for the request. */
static ct_code call(const request *r, ct_layout *out, ct_err *e) {
  switch (r->op) {
  case OP_COMPOSITION: return ct_composition_tiler(&r->a, &r->t, out, e);
  case OP_COMPLEMENT: return ct_complement(&r->a, r->nargs == 2 ? &r->x : 0, out, e);
  case OP_LOGICAL_DIVIDE: return ct_logical_divide_tiler(&r->a, &r->t, out, e);
  case OP_RIGHT_INVERSE: return ct_right_inverse(&r->a, out, e);
  case OP_LEFT_INVERSE: return ct_left_inverse(&r->a, out, e);
  default: return r->nargs == 2 ? ct_coalesce_profile(&r->a, &r->x, out, e) : ct_coalesce(&r->a, out, e);
  }
}

static char **read_lines(const char *path, int *n) {
  FILE *f = fopen(path, "r");
  char buf[8192];
  char **v = 0;
  int cap = 0;
  *n = 0;
  if (!f) return 0;
  while (fgets(buf, (int)sizeof buf, f)) {
    size_t len = strcspn(buf, "\r\n");
    buf[len] = 0;
    if (len == 0 || buf[0] == '#') continue;
    if (*n == cap) {
      cap = cap ? 2 * cap : 1024;
      v = (char **)realloc(v, (size_t)cap * sizeof *v);
      if (!v) exit(2);
    }
    v[*n] = (char *)malloc(len + 1);
    if (!v[*n]) exit(2);
    memcpy(v[(*n)++], buf, len + 1);
  }
  fclose(f);
  return v;
}

int main(int argc, char **argv) {
  double seconds = 2.0, t0, t_calls, t_parse, best = 0;
  char **lines;
  packed *reqs;
  static request r;
  ct_layout out;
  ct_err e;
  int n = 0, m = 0, i, rounds = 0, ok = 0, bad = 0, unparsed = 0, passes = 1;
  long calls = 0;
  volatile long sink = 0;
  if (argc < 2 || argv[1][0] == '-') {
    fprintf(stderr, "usage: bench_ref LIST [--seconds S]\n");
    return 2;
  }
  if (argc == 4 && strcmp(argv[2], "--seconds") == 0) seconds = atof(argv[3]);
  lines = read_lines(argv[1], &n);
  if (!lines || n == 0) {
    fprintf(stderr, "bench_ref: cannot read requests from %s\n", argv[1]);
    return 2;
  }
  reqs = (packed *)malloc((size_t)n * sizeof *reqs);
  if (!reqs) return 2;
  /* Parsing plus one call per request: the rate of `cuteref eval` without its I/O. */
  t0 = now();
  for (i = 0; i < n; ++i) {
    ct_err_clear(&e);
    memset(&r, 0, sizeof r);
    if (parse_request(lines[i], &r, &e) != CT_OK) {
      ++unparsed;
      continue;
    }
    if (call(&r, &out, &e) == CT_OK) ++ok;
    else ++bad;
    pack(&r, &reqs[m++]);
  }
  t_parse = now() - t0;
  /* The calls alone, round after round over the whole list. */
  /* The best round is reported too: on a shared machine the other rounds
   * measure the neighbours as well. A round is as many passes over the list
   * as take about 0.25 s, as long as one pass of the Python peers, so that
   * the best of short rounds is not favoured. */
  t0 = now();
  do {
    double r0 = now(), dr;
    int p;
    for (p = 0; p < passes; ++p)
      for (i = 0; i < m; ++i) {
        unpack(&reqs[i], &r);
        sink += call(&r, &out, &e) == CT_OK;
      }
    dr = now() - r0;
    if (rounds == 0 && passes == 1 && dr > 0 && dr < 0.25) passes = (int)(0.25 / dr) + 1;
    else if (best == 0 || dr / passes < best) best = dr / passes;
    calls += (long)m * p;
    ++rounds;
    t_calls = now() - t0;
  } while (t_calls < seconds || best == 0);
  printf("requests %d parsed %d unparsed %d ok %d error %d\n", n, m, unparsed, ok, bad);
  printf("calls %ld rounds %d seconds %.3f requests_per_second %.0f best_round_requests_per_second %.0f\n", calls,
         rounds, t_calls, (double)calls / t_calls, (double)m / best);
  printf("parse_and_call seconds %.3f requests_per_second %.0f\n", t_parse, (double)m / t_parse);
  return sink < 0;
}
