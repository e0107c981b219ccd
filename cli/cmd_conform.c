/* cmd_conform.c -- `cuteref conform --impl COMMAND`: runs another
 * implementation of the CuTe layout algebra through the line protocol
 * (spec/protocol.md), judges every answer by the spec, shrinks every
 * disagreement to a minimal request and reports per operation. */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "conform.h"
#include "suggest.h"

#include <dirent.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char ct_help_conform[] =
    "usage: cuteref conform --impl COMMAND [options]\n"
    "\n"
    "Starts COMMAND (with /bin/sh -c) as the implementation under test, writes\n"
    "one request per line on its stdin (the syntax of `cuteref eval -`) and reads\n"
    "one answer per line from its stdout: `ok <result>` or `error <anything>`\n"
    "(spec/protocol.md). Every answer is judged by the spec: a result must be\n"
    "the same function with a compatible shape as the reference's (EQUIV-2), a\n"
    "rejection must be of an input the spec rejects. Disagreements are shrunk\n"
    "to minimal requests. The reference conforms: cuteref conform --impl 'cuteref eval -'\n"
    "\n"
    "cases (any combination; default: the vectors, found as below):\n"
    "  --vectors DIR      the conformance vectors in DIR/*.txt (spec/vectors.md); without\n"
    "                     it: $CUTEREF_VECTORS, ./spec/vectors, the copy `make install`\n"
    "                     put beside the tool (PREFIX/share/cuteref/vectors), Bazel's\n"
    "                     runfiles of bazel-bin/cuteref, the checkout it was built from\n"
    "  --cases FILE       one request per line ('#' comments; vector lines accepted)\n"
    "  --random N         N generated requests per operation (props/ generators)\n"
    "  --seed S           seed of --random (default 0xc0ffee)\n"
    "  --ops LIST         only these operations (comma-separated)\n"
    "\n"
    "protocol:\n"
    "  --batch            write every request, close stdin, then read the answers\n"
    "                     (for implementations that read all input first)\n"
    "  --batch-size N     batch: at most N requests per process (default all)\n"
    "  --window N         interactive: requests in flight (default 1)\n"
    "  --timeout S        interactive: seconds allowed per answer (default 10)\n"
    "  --batch-timeout S  batch: seconds allowed without an answer line (default 600)\n"
    "  --probe-every N    a probe request after every N requests (default 16, 0: none)\n"
    "  --max-starts N     processes started at most, restarts included (default 50)\n"
    "  --max-silent N     give up after N processes in a row that end without one\n"
    "                     answer line (default 5, 0: no limit)\n"
    "  --impl-stderr FILE append the implementation's stderr to FILE\n"
    "\n"
    "judging:\n"
    "  --strict           exact text: static marks, size-1 modes and error codes count\n"
    "  --decline LIST     `error TEXT` answers that mean \"not implemented\": TEXT starts\n"
    "                     with one of the comma-separated words or phrases of LIST\n"
    "                     (default UNSUPPORTED); counted as unsupported\n"
    "  --allow-unsupported  unsupported answers do not make the run fail\n"
    "  --shrink-max N     disagreements shrunk per operation, verdict and spec ID\n"
    "                     (default 25, 0: none)\n"
    "  --shrink-width N   candidates tried per disagreement and round (default 16)\n"
    "  --shrink-rounds N  shrinking rounds at most (default 100)\n"
    "  --shrink-time S    stop shrinking after S seconds (default: no limit)\n"
    "\n"
    "report:\n"
    "  --name NAME        the implementation's name in the report\n"
    "  --json FILE        the report as JSON\n"
    "  --markdown FILE    the report as Markdown (also printed on stdout)\n"
    "  --quiet            print only the verdict line on stdout (and no progress)\n"
    "  --list-cases       print the requests that would be sent, one per line, and\n"
    "                     exit (no --impl needed)\n"
    "\n"
    "On a terminal, standard error shows the progress of the requests (sent,\n"
    "answered, answers per second, seconds elapsed), rewritten in place a few\n"
    "times a second; when it is not a terminal, nothing is added.\n"
    "\n"
    "exit status: 0 every answer conforms, 1 some answer does not (or the\n"
    "implementation crashed, hung, or answered out of order), 2 usage error\n";

/* ---- a table of request texts (dedup and the shrinker's memo) ------------------- */

typedef struct {
  char *key;
  int val;
} cf_slot_kv;

typedef struct {
  cf_slot_kv *t;
  int cap, n;
} cf_map;

static int cf_map_find(const cf_map *m, const char *key) {
  uint64_t h;
  int i;
  if (!m->cap) return -1;
  h = cf_fnv(0, key);
  for (i = (int)(h & (uint64_t)(m->cap - 1)); m->t[i].key; i = (i + 1) & (m->cap - 1))
    if (strcmp(m->t[i].key, key) == 0) return m->t[i].val;
  return -1;
}

static void cf_map_put(cf_map *m, const char *key, int val) {
  uint64_t h;
  int i;
  if ((m->n + 1) * 2 > m->cap) {
    cf_map old = *m;
    int k;
    m->cap = m->cap ? m->cap * 2 : 1024;
    m->t = (cf_slot_kv *)cf_checked(calloc((size_t)m->cap, sizeof(cf_slot_kv)));
    m->n = 0;
    for (k = 0; k < old.cap; ++k)
      if (old.t[k].key) cf_map_put(m, old.t[k].key, old.t[k].val), free(old.t[k].key);
    free(old.t);
  }
  h = cf_fnv(0, key);
  for (i = (int)(h & (uint64_t)(m->cap - 1)); m->t[i].key; i = (i + 1) & (m->cap - 1))
    if (strcmp(m->t[i].key, key) == 0) {
      m->t[i].val = val;
      return;
    }
  m->t[i].key = (char *)cf_checked(malloc(strlen(key) + 1));
  strcpy(m->t[i].key, key);
  m->t[i].val = val;
  ++m->n;
}

static void cf_map_free(cf_map *m) {
  int k;
  for (k = 0; k < m->cap; ++k) free(m->t[k].key);
  free(m->t);
  m->t = 0;
  m->cap = m->n = 0;
}

static char *cf_dup(const char *s) {
  char *d;
  if (!s) return 0;
  d = (char *)cf_checked(malloc(strlen(s) + 1));
  strcpy(d, s);
  return d;
}

/* ---- the case list -------------------------------------------------------------- */

typedef struct {
  cf_item *items;
  int n, cap;
  cf_map seen;
  const char *ops; /* --ops filter */
} cf_list;

static int cf_op_selected(const char *ops, const char *op) {
  size_t n = strlen(op);
  while (ops && *ops) {
    const char *c = strchr(ops, ',');
    size_t len = c ? (size_t)(c - ops) : strlen(ops);
    if (len == n && strncmp(ops, op, n) == 0) return 1;
    if (!c) return 0;
    ops = c + 1;
  }
  return ops == 0;
}

/* Adds a request (once); returns 1 if added. */
static int cf_add(cf_list *L, const char *req, const char *op, const char *origin) {
  char opbuf[CF_OP_CAP];
  cf_item *it;
  if (!op) {
    cf_request_op(req, opbuf, sizeof opbuf);
    op = opbuf;
  }
  if (!cf_op_selected(L->ops, op) || cf_map_find(&L->seen, req) >= 0 || strlen(req) >= CF_REQ_CAP - 1 || !req[0])
    return 0;
  if (L->n == L->cap) {
    L->cap = L->cap ? L->cap * 2 : 1024;
    L->items = (cf_item *)cf_checked(realloc(L->items, sizeof(cf_item) * (size_t)L->cap));
  }
  it = &L->items[L->n];
  memset(it, 0, sizeof *it);
  it->req = cf_dup(req);
  it->origin = cf_dup(origin);
  snprintf(it->op, sizeof it->op, "%s", op);
  it->cex = -1;
  cf_map_put(&L->seen, req, L->n);
  ++L->n;
  return 1;
}

static int cf_cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

/* Splits a vector line OP \t ORIGIN \t REQUEST \t EXPECTED in place. */
int cf_vector_fields(char *line, char **f) {
  int n = 0;
  char *p = line;
  f[n++] = p;
  while ((p = strchr(p, '\t')) != 0 && n < 4) {
    *p++ = '\0';
    f[n++] = p;
  }
  return n == 4 && !strchr(f[3], '\t');
}

/* One line of f into buf (without its \n and a \r before it): 1, or 0 at
 * the end of the file. A line that does not fit in cap bytes, or that holds
 * a NUL byte, is read to its end and *bad says why: it is never cut into
 * pieces that would read as lines of their own (issue 17). */
int cf_read_line(FILE *f, char *buf, int cap, const char **bad) {
  int n = 0, ch, any = 0;
  *bad = 0;
  while ((ch = getc(f)) != EOF) {
    any = 1;
    if (ch == '\n') break;
    if (ch == '\0') *bad = "holds a NUL byte";
    else if (n < cap - 1) buf[n++] = (char)ch;
    else *bad = "is too long";
  }
  if (!any) return 0;
  if (n > 0 && buf[n - 1] == '\r') --n;
  buf[n] = '\0';
  return 1;
}

static int cf_load_vectors(cf_list *L, const char *dir, int *version, int *count, int *drift) {
  DIR *d = opendir(dir);
  struct dirent *de;
  char *names[512], path[4096], line[CF_REQ_CAP * 2 + 256];
  int nn = 0, k;
  if (!d) return 0;
  while ((de = readdir(d)) != 0 && nn < 512) {
    size_t len = strlen(de->d_name);
    if (len > 4 && strcmp(de->d_name + len - 4, ".txt") == 0) names[nn++] = cf_dup(de->d_name);
  }
  closedir(d);
  qsort(names, (size_t)nn, sizeof names[0], cf_cmp_str);
  *version = 0;
  snprintf(path, sizeof path, "%s/VERSION", dir);
  {
    FILE *f = fopen(path, "r");
    if (f) {
      while (fgets(line, sizeof line, f))
        if (sscanf(line, "version %d", version) == 1) break;
      fclose(f);
    }
  }
  for (k = 0; k < nn; ++k) {
    FILE *f;
    int lineno = 0;
    snprintf(path, sizeof path, "%s/%s", dir, names[k]);
    free(names[k]);
    f = fopen(path, "r");
    if (!f) continue;
    const char *bad;
    while (cf_read_line(f, line, (int)sizeof line, &bad)) {
      char *fl[4], expected[CF_REQ_CAP];
      ++lineno;
      if (!bad && (line[0] == '#' || line[0] == '\0')) continue;
      if (bad || !cf_vector_fields(line, fl)) {
        fprintf(stderr, "cuteref conform: %s:%d: not a vector line (%s)\n", path, lineno,
                bad ? bad : "OP, ORIGIN, REQUEST, EXPECTED separated by tabs");
        fclose(f);
        while (++k < nn) free(names[k]);
        return -1;
      }
      if (cf_add(L, fl[2], fl[0], fl[1])) {
        ++*count;
        cf_reference(fl[2], expected, sizeof expected);
        if (strcmp(expected, fl[3]) != 0) ++*drift;
      }
    }
    fclose(f);
  }
  return 1;
}

/* why: what is wrong with the file when it cannot be read (0 returned):
 * only a regular file or `-` is read (issue 44: /dev/zero was read for
 * ever, a FIFO hung). */
static int cf_load_cases(cf_list *L, const char *file, int *count, char *why, int cap) {
  FILE *f = strcmp(file, "-") == 0 ? stdin : ct_open_regular(file, why, cap);
  char line[CF_REQ_CAP * 2 + 256], origin[4200];
  int lineno = 0;
  const char *bad;
  if (!f) return 0;
  while (cf_read_line(f, line, (int)sizeof line, &bad)) {
    char *req = line, *fl[4];
    ++lineno;
    if (bad) {
      fprintf(stderr, "cuteref conform: %s:%d: the line %s: skipped\n", file, lineno, bad);
      continue;
    }
    if (line[0] == '#' || line[0] == '\0') continue;
    snprintf(origin, sizeof origin, "%s:%d", file, lineno);
    if (strchr(line, '\t')) { /* a vector line: its request and origin */
      if (!cf_vector_fields(line, fl)) continue;
      req = fl[2];
      snprintf(origin, sizeof origin, "%s", fl[1]);
    }
    *count += cf_add(L, req, 0, origin);
  }
  if (f != stdin) fclose(f);
  return 1;
}

/* *drawn: the requests drawn; returns how many of them were new (a small
 * generator repeats itself, and a repeat is sent once). */
static int cf_load_random(cf_list *L, int per_op, uint64_t seed, int *drawn) {
  int k, i, added = 0;
  *drawn = 0;
  char buf[CF_REQ_CAP], origin[256];
  for (k = 0; k < ct_num_ops; ++k) { /* each operation from its generators in turn */
    const ct_op *op = &ct_ops[k];
    int ng = 0;
    while (ng < CT_OP_GENS && op->gens[ng].name) ++ng;
    if (ng == 0 || !op->fn || !cf_op_selected(L->ops, op->name)) continue;
    for (i = 0; i < per_op; ++i) {
      const ct_op_gen *G = &op->gens[i % ng];
      uint64_t index = (uint64_t)(i / ng);
      if (cf_gen_request(G, seed, index, buf, sizeof buf) < 0) continue;
      snprintf(origin, sizeof origin, "gen:%s:0x%llx:%llu", G->name, (unsigned long long)seed,
               (unsigned long long)index);
      ++*drawn;
      added += cf_add(L, buf, op->name, origin);
    }
  }
  return added;
}

/* ---- judging a batch ------------------------------------------------------------ */

typedef struct {
  int verdict, post;
  char id[48], post_id[48];
  char *answer, *expected, *why, *witness; /* witness: JSON of the in-domain index (spec/principle.md), or NULL */
} cf_memo;

static void cf_judge_into(const cf_judge_opts *jo, const char *req, const char *answer, int st, cf_memo *m) {
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

/* ---- shrinking ---------------------------------------------------------------- */

typedef struct {
  int item;
  char *cur;
  int memo; /* the memo entry of cur */
  int k, steps, done, ncand;
  char **cand;
} cf_shrinker;

typedef struct {
  cf_memo *m;
  int n, cap;
  cf_map index;
} cf_memos;

static int cf_memo_add(cf_memos *M, const char *req, const cf_memo *m) {
  if (M->n == M->cap) {
    M->cap = M->cap ? M->cap * 2 : 1024;
    M->m = (cf_memo *)cf_checked(realloc(M->m, sizeof(cf_memo) * (size_t)M->cap));
  }
  M->m[M->n] = *m;
  cf_map_put(&M->index, req, M->n);
  return M->n++;
}

static int cf_same_failure(const cf_memo *a, const cf_memo *b) {
  return a->verdict == b->verdict && strcmp(a->id, b->id) == 0 &&
         (a->verdict != CF_ACCEPTED_INADMISSIBLE || (a->post == b->post && strcmp(a->post_id, b->post_id) == 0));
}

static int cf_cex_before(const cf_cex *a, const cf_cex *b) {
  int c = strcmp(a->op, b->op);
  if (c) return c < 0;
  if (a->verdict != b->verdict) return a->verdict < b->verdict;
  c = strcmp(a->id, b->id);
  if (c) return c < 0;
  return strcmp(a->req, b->req) < 0;
}

/* Differences by convention and unjudged answers are no failures
 * (spec/principle.md): they are counted and listed, never shrunk. */
static int cf_shrinkable(int v) { return v == CF_WRONG_RESULT || v == CF_WRONG_REJECTION || v == CF_ACCEPTED_INADMISSIBLE; }

static double cf_clock(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The shrinking state: every judged request (memos), the disagreements
 * being shrunk. */
typedef struct {
  cf_memos M;
  cf_shrinker *S;
  int ns, width;
} cf_shrinking;

/* The main pass's judgements as memos, and a shrinker for each
 * disagreement within the quota per operation, verdict and spec ID. */
static void cf_shrink_start(cf_report *R, cf_shrinking *X, int shrink_max) {
  int i;
  X->S = (cf_shrinker *)cf_checked(calloc((size_t)R->n + 1, sizeof(cf_shrinker)));
  for (i = 0; i < R->n; ++i) {
    cf_item *it = &R->items[i];
    cf_memo m;
    m.verdict = it->verdict;
    m.post = it->post;
    snprintf(m.id, sizeof m.id, "%s", it->id);
    snprintf(m.post_id, sizeof m.post_id, "%s", it->post_id);
    m.answer = it->answer;
    m.expected = it->expected;
    m.why = it->why;
    m.witness = it->witness;
    cf_memo_add(&X->M, it->req, &m);
  }
  for (i = 0; i < R->n; ++i) {
    cf_item *it = &R->items[i];
    int j, same = 0;
    if (!cf_shrinkable(it->verdict)) continue;
    for (j = 0; j < X->ns; ++j) {
      const cf_item *o = &R->items[X->S[j].item];
      same += strcmp(o->op, it->op) == 0 && o->verdict == it->verdict && strcmp(o->id, it->id) == 0;
    }
    if (same >= shrink_max) {
      ++R->unshrunk;
      continue;
    }
    X->S[X->ns].item = i;
    X->S[X->ns].cur = cf_dup(it->req);
    X->S[X->ns].memo = i;
    X->S[X->ns].cand = (char **)cf_checked(calloc((size_t)X->width, sizeof(char *)));
    ++X->ns;
  }
}

/* Each active shrinker's next `width` candidates; those not judged yet are
 * added to reqs. Returns the number of shrinkers still active. */
static int cf_shrink_candidates(cf_shrinking *X, char ***reqs, int *nreq) {
  cf_map pending;
  int i, capreq = 0, active = 0;
  memset(&pending, 0, sizeof pending);
  for (i = 0; i < X->ns; ++i) {
    cf_shrinker *s = &X->S[i];
    char buf[CF_REQ_CAP];
    int t;
    if (s->done) continue;
    s->ncand = 0;
    for (t = 0; t < X->width; ++t) {
      if (cf_shrink_candidate(s->cur, s->k + t, buf, sizeof buf) < 0) break;
      s->cand[s->ncand++] = cf_dup(buf);
      if (cf_map_find(&X->M.index, buf) < 0 && cf_map_find(&pending, buf) < 0) {
        if (*nreq == capreq) {
          capreq = capreq ? capreq * 2 : 256;
          *reqs = (char **)cf_checked(realloc(*reqs, sizeof(char *) * (size_t)capreq));
        }
        cf_map_put(&pending, buf, *nreq);
        (*reqs)[(*nreq)++] = cf_dup(buf);
      }
    }
    if (s->ncand == 0) s->done = 1;
    else ++active;
  }
  cf_map_free(&pending);
  return active;
}

/* Each shrinker moves to its first candidate that fails the same way, or
 * past the candidates it tried. */
static void cf_shrink_advance(cf_shrinking *X) {
  int i;
  for (i = 0; i < X->ns; ++i) {
    cf_shrinker *s = &X->S[i];
    int t, hit = -1;
    if (s->done) continue;
    for (t = 0; t < s->ncand && hit < 0; ++t) {
      int m = cf_map_find(&X->M.index, s->cand[t]);
      if (m >= 0 && cf_same_failure(&X->M.m[m], &X->M.m[s->memo])) hit = t;
    }
    if (hit >= 0) {
      free(s->cur);
      s->cur = cf_dup(s->cand[hit]);
      s->memo = cf_map_find(&X->M.index, s->cur);
      s->k = 0;
      ++s->steps;
    } else {
      s->k += s->ncand;
      if (s->ncand < X->width) s->done = 1;
    }
    for (t = 0; t < s->ncand; ++t) free(s->cand[t]);
    s->ncand = 0;
  }
}

/* One round: candidates sent and judged, shrinkers advanced. Returns the
 * number of shrinkers that were active. */
static int cf_shrink_round(cf_report *R, cf_shrinking *X, const cf_proc_opts *po, const cf_judge_opts *jo) {
  char **reqs = 0;
  int nreq = 0, i, active = cf_shrink_candidates(X, &reqs, &nreq);
  if (!active) {
    free(reqs);
    return 0;
  }
  if (nreq > 0) {
    char **ans = (char **)cf_checked(calloc((size_t)nreq, sizeof(char *)));
    int *st = (int *)cf_checked(calloc((size_t)nreq, sizeof(int)));
    cf_proc_run(po, reqs, nreq, ans, st, &R->shrink);
    for (i = 0; i < nreq; ++i) {
      cf_memo m;
      cf_judge_into(jo, reqs[i], ans[i], st[i], &m);
      cf_memo_add(&X->M, reqs[i], &m);
      free(ans[i]);
      free(reqs[i]);
    }
    free(ans);
    free(st);
    R->shrink_requests += nreq;
  }
  free(reqs);
  ++R->shrink_rounds;
  cf_shrink_advance(X);
  return active;
}

/* The distinct counterexamples the shrinkers reached (each item points at
 * its own). */
static void cf_collect_cex(cf_report *R, cf_shrinking *X) {
  int i;
  R->cex = (cf_cex *)cf_checked(calloc((size_t)X->ns + 1, sizeof(cf_cex)));
  R->ncex = 0;
  for (i = 0; i < X->ns; ++i) {
    cf_shrinker *s = &X->S[i];
    cf_item *it = &R->items[s->item];
    const cf_memo *m = &X->M.m[s->memo];
    int c;
    for (c = 0; c < R->ncex; ++c)
      if (strcmp(R->cex[c].req, s->cur) == 0 && R->cex[c].verdict == m->verdict && strcmp(R->cex[c].id, m->id) == 0)
        break;
    if (c == R->ncex) {
      cf_cex *x = &R->cex[R->ncex++];
      x->req = cf_dup(s->cur);
      x->answer = cf_dup(m->answer);
      x->expected = cf_dup(m->expected);
      x->why = cf_dup(m->why);
      x->witness = m->witness ? cf_dup(m->witness) : 0;
      x->orig_req = cf_dup(it->req);
      x->orig_answer = cf_dup(it->answer);
      snprintf(x->op, sizeof x->op, "%s", it->op);
      snprintf(x->id, sizeof x->id, "%s", m->id);
      snprintf(x->post_id, sizeof x->post_id, "%s", m->post_id);
      x->verdict = m->verdict;
      x->post = m->post;
      x->steps = s->steps;
    }
    ++R->cex[c].count;
    it->cex = c;
    free(s->cur);
    free(s->cand);
  }
}

/* The counterexamples sorted by operation, then kind, then spec ID, then
 * request; the items' indices follow. */
static void cf_sort_cex(cf_report *R) {
  int *perm = (int *)cf_checked(malloc(sizeof(int) * (size_t)(R->ncex + 1))), *inv = (int *)cf_checked(malloc(sizeof(int) * (size_t)(R->ncex + 1)));
  cf_cex *sorted = (cf_cex *)cf_checked(calloc((size_t)R->ncex + 1, sizeof(cf_cex)));
  int a, b;
  for (a = 0; a < R->ncex; ++a) perm[a] = a;
  for (a = 1; a < R->ncex; ++a) /* insertion sort: a few hundred at most */
    for (b = a; b > 0 && cf_cex_before(&R->cex[perm[b]], &R->cex[perm[b - 1]]); --b) {
      int t = perm[b];
      perm[b] = perm[b - 1];
      perm[b - 1] = t;
    }
  for (a = 0; a < R->ncex; ++a) {
    sorted[a] = R->cex[perm[a]];
    inv[perm[a]] = a;
  }
  for (a = 0; a < R->n; ++a)
    if (R->items[a].cex >= 0) R->items[a].cex = inv[R->items[a].cex];
  free(R->cex);
  R->cex = sorted;
  free(perm);
  free(inv);
}

static void cf_shrink_all(cf_report *R, const cf_proc_opts *po, const cf_judge_opts *jo, int shrink_max, int width,
                          int max_rounds, double max_seconds, int quiet) {
  cf_shrinking X;
  int i, round;
  double t0 = cf_clock();
  memset(&X, 0, sizeof X);
  X.width = width;
  cf_shrink_start(R, &X, shrink_max);
  if (X.ns > 0 && !quiet) fprintf(stderr, "[conform] shrinking %d disagreement%s\n", X.ns, X.ns == 1 ? "" : "s");
  for (round = 0; round < max_rounds; ++round) {
    int active;
    if (max_seconds > 0 && cf_clock() - t0 > max_seconds) {
      for (i = 0; i < X.ns; ++i) R->shrink_cut += !X.S[i].done;
      if (!quiet) fprintf(stderr, "[conform] shrinking stopped after %.0f s (--shrink-time)\n", cf_clock() - t0);
      break;
    }
    active = cf_shrink_round(R, &X, po, jo);
    if (!active) break;
    if (!quiet && (round + 1) % 10 == 0) fprintf(stderr, "[conform] shrinking: round %d, %d still shrinking\n", round + 1, active);
  }
  cf_collect_cex(R, &X);
  cf_sort_cex(R);
  for (i = R->n; i < X.M.n; ++i) {
    free(X.M.m[i].answer);
    free(X.M.m[i].expected);
    free(X.M.m[i].why);
    free(X.M.m[i].witness);
  }
  free(X.M.m);
  cf_map_free(&X.M.index);
  free(X.S);
}

/* ---- the command ---------------------------------------------------------------- */

/* An integer option's value: 0, or the exit status of a usage error. */
static int cf_int(const char *opt, const char *v, int lo, int *out) { return ct_opt_int32(opt, v, lo, 1000000000, out); }

/* The command's options. */
typedef struct {
  cf_proc_opts po;
  cf_judge_opts jo;
  const char *vectors, *cases, *json, *markdown, *name;
  int random_n, shrink_max, width, rounds, quiet, list_only;
  double shrink_time;
  uint64_t seed;
} cf_cmd;

/* --ops: every name an operation or request group of the registry (an
 * unknown one would silently select nothing). 0, or a usage error's status. */
static int cf_check_ops(const char *ops) {
  while (*ops) {
    char name[64], hint[256], msg[512];
    size_t len = strcspn(ops, ",");
    if (len == 0 || len >= sizeof name) return ct_usage_error("--ops: '%s' is no list of operations (cuteref ops --names)", ops);
    memcpy(name, ops, len);
    name[len] = '\0';
    if (!ct_find_op(name)) {
      ct_suggest_op(name, hint, sizeof hint);
      snprintf(msg, sizeof msg, "--ops: no operation named '%%s'%s (cuteref ops --names)", hint);
      return ct_usage_error(msg, name);
    }
    ops += len + (ops[len] == ',');
  }
  return 0;
}

/* Reads the options into c (and the run's flags into R, L); 0, or the exit
 * status of a usage error. */
static int cf_parse_args(int argc, char **argv, cf_cmd *c, cf_report *R, cf_list *L) {
  int k;
  memset(c, 0, sizeof *c);
  cf_proc_defaults(&c->po);
  c->jo.decline = "UNSUPPORTED";
  c->shrink_max = 25;
  c->width = 16;
  c->rounds = 100;
  c->seed = 0xC0FFEEu;
  for (k = 0; k < argc; ++k) {
    const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : 0;
    int takes = 1;
    if (strcmp(a, "--strict") == 0) { c->jo.strict = 1; takes = 0; }
    else if (strcmp(a, "--batch") == 0) { c->po.batch = 1; takes = 0; }
    else if (strcmp(a, "--allow-unsupported") == 0) { R->allow_unsupported = 1; takes = 0; }
    else if (strcmp(a, "--quiet") == 0) { c->quiet = 1; takes = 0; }
    else if (strcmp(a, "--list-cases") == 0) { c->list_only = 1; takes = 0; }
    else if (!v) return ct_unknown_option("conform", ct_help_conform, a);
    else if (strcmp(a, "--impl") == 0) c->po.cmd = v;
    else if (strcmp(a, "--vectors") == 0) c->vectors = v;
    else if (strcmp(a, "--cases") == 0) c->cases = v;
    else if (strcmp(a, "--ops") == 0) {
      if (cf_check_ops(v)) return 2;
      L->ops = v;
    }
    else if (strcmp(a, "--seed") == 0) { if (ct_opt_seed(a, v, &c->seed)) return 2; }
    else if (strcmp(a, "--decline") == 0) c->jo.decline = v;
    else if (strcmp(a, "--impl-stderr") == 0) c->po.stderr_path = v;
    else if (strcmp(a, "--json") == 0) c->json = v;
    else if (strcmp(a, "--markdown") == 0) c->markdown = v;
    else if (strcmp(a, "--name") == 0) c->name = v;
    else if (strcmp(a, "--random") == 0) { if (cf_int(a, v, 0, &c->random_n)) return 2; }
    else if (strcmp(a, "--batch-size") == 0) { if (cf_int(a, v, 0, &c->po.batch_size)) return 2; }
    else if (strcmp(a, "--window") == 0) { if (cf_int(a, v, 1, &c->po.window)) return 2; }
    else if (strcmp(a, "--timeout") == 0) { if (ct_opt_seconds(a, v, &c->po.timeout)) return 2; }
    else if (strcmp(a, "--batch-timeout") == 0) { if (ct_opt_seconds(a, v, &c->po.batch_timeout)) return 2; }
    else if (strcmp(a, "--probe-every") == 0) { if (cf_int(a, v, 0, &c->po.probe_every)) return 2; }
    else if (strcmp(a, "--max-starts") == 0) { if (cf_int(a, v, 1, &c->po.max_starts)) return 2; }
    else if (strcmp(a, "--max-silent") == 0) { if (cf_int(a, v, 0, &c->po.max_silent)) return 2; }
    else if (strcmp(a, "--shrink-max") == 0) { if (cf_int(a, v, 0, &c->shrink_max)) return 2; }
    else if (strcmp(a, "--shrink-width") == 0) { if (cf_int(a, v, 1, &c->width)) return 2; }
    else if (strcmp(a, "--shrink-rounds") == 0) { if (cf_int(a, v, 0, &c->rounds)) return 2; }
    else if (strcmp(a, "--shrink-time") == 0) { if (ct_opt_seconds(a, v, &c->shrink_time)) return 2; }
    else return ct_unknown_option("conform", ct_help_conform, a);
    k += takes;
  }
  if (!c->list_only && (!c->po.cmd || !c->po.cmd[0])) return ct_usage_error("%s", "conform needs --impl COMMAND");
  return 0;
}

/* Whether path is a directory. */
static int cf_is_dir(const char *path) {
  DIR *d = opendir(path);
  if (!d) return 0;
  closedir(d);
  return 1;
}

/* The vectors when --vectors is not given, so that conform runs from any
 * folder (issue 39): $CUTEREF_VECTORS, ./spec/vectors, then beside the
 * tool: PREFIX/share/cuteref/vectors (make install), bazel-bin/cuteref's
 * runfiles, and the checkout a make build came from (CT_SOURCE_VECTORS).
 * NULL, with tried listing where it looked, when none is a directory. */
static const char *cf_find_vectors(char *buf, int cap, char *tried, int tcap) {
  char exe[4096], cand[4][4200];
  const char *env = getenv("CUTEREF_VECTORS");
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  int k, m = 0, len = 0;
  if (env && *env) {
    snprintf(buf, (size_t)cap, "%.4096s", env);
    return buf; /* named explicitly: that one or an error naming it */
  }
  snprintf(cand[m++], sizeof cand[0], "spec/vectors");
  if (n > 0) {
    char *slash;
    exe[n] = '\0';
    snprintf(cand[m++], sizeof cand[0], "%s.runfiles/main/spec/vectors", exe);
    if ((slash = strrchr(exe, '/')) != 0) {
      *slash = '\0';
      snprintf(cand[m++], sizeof cand[0], "%s/../share/cuteref/vectors", exe);
    }
  }
#ifdef CT_SOURCE_VECTORS
  snprintf(cand[m++], sizeof cand[0], "%s", CT_SOURCE_VECTORS);
#endif
  tried[0] = '\0';
  for (k = 0; k < m; ++k) {
    if (cf_is_dir(cand[k])) {
      snprintf(buf, (size_t)cap, "%.4096s", cand[k]);
      return buf;
    }
    len += snprintf(tried + len, (size_t)(tcap > len ? tcap - len : 0), "%s%s", k ? ", " : "", cand[k]);
  }
  return 0;
}

/* The cases: the vectors, a cases file, random ones. 0, or an exit status. */
static int cf_gather(cf_cmd *c, cf_report *R, cf_list *L) {
  int drift = 0;
  static char found[4200];
  if (!c->vectors && !c->cases && c->random_n == 0) {
    char tried[3000], msg[3400];
    c->vectors = cf_find_vectors(found, (int)sizeof found, tried, (int)sizeof tried);
    if (!c->vectors) {
      snprintf(msg, sizeof msg,
               "no conformance vectors found (looked in %s); pass --vectors DIR (spec/vectors of a cuteref checkout), "
               "set CUTEREF_VECTORS, install the tool with `make install`, or send --random N or --cases FILE",
               tried);
      return ct_usage_error("%s", msg);
    }
  }
  if (c->vectors) {
    int rc = cv_vectors_dir_check("conform", c->vectors, 512) < 0 ? -1 : cf_load_vectors(L, c->vectors, &R->vectors_version, &R->vectors_cases, &drift);
    if (rc == 0) return ct_usage_error("cannot read the vectors directory '%s'", c->vectors);
    if (rc < 0) return 2;
    R->vectors_dir = c->vectors;
    if (drift && !c->quiet)
      fprintf(stderr, "cuteref conform: warning: %d vectors differ from the reference's answers (run cuteref vectors --check %s)\n",
              drift, c->vectors);
  }
  if (c->cases) {
    char why[256], msg[4400];
    if (!cf_load_cases(L, c->cases, &R->cases_from_file, why, (int)sizeof why)) {
      snprintf(msg, sizeof msg, "the cases file '%.4096s' %s", c->cases, why);
      return ct_usage_error("%s", msg);
    }
  }
  R->cases_file = c->cases;
  if (c->random_n > 0) R->random_repeats = -cf_load_random(L, c->random_n, c->seed, &R->random_drawn);
  R->random_repeats += R->random_drawn;
  R->random_per_op = c->random_n;
  R->seed = (unsigned long long)c->seed;
  if (L->n == 0) return ct_usage_error("%s", "no cases to send (check --vectors, --cases, --random and --ops)");
  return 0;
}

static void cf_infer_not_provided(cf_report *R, cf_list *L);

/* The main pass: every request sent, every answer judged. 0, or 2 when the
 * implementation cannot be started. */
static int cf_main_pass(cf_cmd *c, cf_report *R, cf_list *L) {
  char **reqs = (char **)cf_checked(malloc(sizeof(char *) * (size_t)L->n)), **ans = (char **)cf_checked(calloc((size_t)L->n, sizeof(char *)));
  int *st = (int *)cf_checked(calloc((size_t)L->n, sizeof(int))), k;
  for (k = 0; k < L->n; ++k) reqs[k] = L->items[k].req;
  if (!c->quiet) fprintf(stderr, "[conform] sending %d requests to `%s`\n", L->n, c->po.cmd);
  c->po.progress = !c->quiet && isatty(2); /* a terminal: requests sent and answered, in place */
  cf_proc_run(&c->po, reqs, L->n, ans, st, &R->main);
  c->po.progress = 0;                      /* shrinking reports its rounds itself */
  if (R->main.cannot_start) {
    fprintf(stderr, "cuteref conform: %s\n", R->main.nev ? R->main.ev[0].text : "cannot start the implementation");
    for (k = 0; k < L->n; ++k) free(ans[k]);
    free(ans);
    free(st);
    free(reqs);
    return 2;
  }
  for (k = 0; k < L->n; ++k) {
    cf_memo m;
    cf_item *it = &L->items[k];
    cf_judge_into(&c->jo, it->req, ans[k], st[k], &m);
    it->verdict = m.verdict;
    it->post = m.post;
    snprintf(it->id, sizeof it->id, "%s", m.id);
    snprintf(it->post_id, sizeof it->post_id, "%s", m.post_id);
    it->answer = m.answer;
    it->expected = m.expected;
    it->why = m.why;
    it->witness = m.witness;
    free(ans[k]);
  }
  cf_infer_not_provided(R, L);
  free(ans);
  free(st);
  free(reqs);
  return 0;
}

/* The first word after `error` of an answer, in w; 0 if it is no `error`. */
static int cf_error_word(const char *answer, char *w, int cap) {
  int n = 0;
  if (!answer || strncmp(answer, "error", 5) != 0 || (answer[5] != ' ' && answer[5] != '\0')) return 0;
  answer += 5;
  while (*answer == ' ') ++answer;
  while (*answer && *answer != ' ' && n < cap - 1) w[n++] = *answer++;
  w[n] = '\0';
  return 1;
}

/* Operations the implementation does not provide, inferred (issue 39: a
 * two-operation implementation following the minimal adapter got 728
 * "wrong rejections" of operations it never claimed, before its own bugs):
 * every one of at least two requests answered `error W` with one word W
 * that is no error code of the spec (NotImplementedError, KeyError). Such
 * an answer claims nothing about the input, so its wrong rejections are
 * counted as unsupported and the operation is listed once. A rejection
 * with a code of the spec is never read this way. */
static void cf_infer_not_provided(cf_report *R, cf_list *L) {
  int k, j, len = 0, cap = 0;
  char *text = NULL;
  for (k = 0; k < L->n; ++k) {
    char w[64], w2[64], line[CF_OP_CAP + 160];
    int same = 1, count = 0, first = 1;
    const char *op = L->items[k].op;
    for (j = 0; j < k; ++j) first = first && strcmp(L->items[j].op, op) != 0;
    if (!first || !cf_error_word(L->items[k].answer, w, (int)sizeof w) || ct_code_by_name(w) != CT_NUM_CODES) continue;
    for (j = k; j < L->n && same; ++j)
      if (strcmp(L->items[j].op, op) == 0) {
        same = cf_error_word(L->items[j].answer, w2, (int)sizeof w2) && strcmp(w, w2) == 0;
        ++count;
      }
    if (!same || count < 2) continue;
    for (j = k; j < L->n; ++j)
      if (strcmp(L->items[j].op, op) == 0 && L->items[j].verdict == CF_WRONG_REJECTION) {
        char why[CF_OP_CAP + 160];
        L->items[j].verdict = CF_UNSUPPORTED;
        snprintf(why, sizeof why, "not provided: every request of %s was answered `error %s`", op, w);
        free(L->items[j].why); /* the item's own (cf_judge_into); the shrink memo is built later */
        L->items[j].why = cf_dup(why);
      }
    snprintf(line, sizeof line, "%s%s (`error %s`, %d requests)", len ? ", " : "", op, w, count);
    if (len + (int)strlen(line) + 1 > cap) {
      cap = 2 * cap + (int)strlen(line) + 256;
      text = (char *)cf_checked(realloc(text, (size_t)cap));
    }
    len += snprintf(text + len, (size_t)(cap - len), "%s", line);
  }
  R->not_provided = text;
}

/* The reports: --json, --markdown, and standard output. 0, or an exit status. */
static int cf_write_reports(const cf_cmd *c, const cf_report *R) {
  if (c->json) {
    FILE *f = fopen(c->json, "w");
    if (!f) return ct_usage_error("cannot write '%s'", c->json);
    cf_report_json(f, R);
    fclose(f);
  }
  if (c->markdown) {
    FILE *f = fopen(c->markdown, "w");
    if (!f) return ct_usage_error("cannot write '%s'", c->markdown);
    cf_report_markdown(f, R);
    fclose(f);
  }
  if (!c->quiet) cf_report_markdown(stdout, R);
  else printf("%s: %s (%d cases)\n", R->name, R->conforms ? "conforms" : "does not conform", R->n);
  return 0;
}

static void cf_free_run(cf_report *R, cf_list *L) {
  int k;
  for (k = 0; k < L->n; ++k) {
    free(L->items[k].req);
    free(L->items[k].origin);
    free(L->items[k].answer);
    free(L->items[k].expected);
    free(L->items[k].why);
    free(L->items[k].witness);
  }
  for (k = 0; k < R->ncex; ++k) {
    free(R->cex[k].req);
    free(R->cex[k].answer);
    free(R->cex[k].expected);
    free(R->cex[k].why);
    free(R->cex[k].witness);
    free(R->cex[k].orig_req);
    free(R->cex[k].orig_answer);
  }
  free(R->cex);
  free(R->not_provided);
  free(L->items);
  cf_map_free(&L->seen);
}

int ct_cmd_conform(int argc, char **argv) {
  static cf_cmd c;
  cf_report R;
  static cf_list L; /* static: reachable at an early exit (LeakSanitizer, --config=asan) */
  int k, rc;
  memset(&R, 0, sizeof R);
  memset(&L, 0, sizeof L);
  if ((rc = cf_parse_args(argc, argv, &c, &R, &L)) != 0 || (rc = cf_gather(&c, &R, &L)) != 0) return rc;
  if (c.list_only) {
    for (k = 0; k < L.n; ++k) printf("%s\n", L.items[k].req);
    return 0;
  }
  R.name = c.name ? c.name : c.po.cmd;
  R.impl = c.po.cmd;
  R.proc = &c.po;
  R.strict = c.jo.strict;
  R.decline = c.jo.decline;
  R.items = L.items;
  R.n = L.n;
  if ((rc = cf_main_pass(&c, &R, &L)) != 0) return rc;
  if (c.shrink_max > 0) cf_shrink_all(&R, &c.po, &c.jo, c.shrink_max, c.width, c.rounds, c.shrink_time, c.quiet);
  else
    for (k = 0; k < L.n; ++k) R.unshrunk += cf_shrinkable(L.items[k].verdict);
  R.conforms = R.main.extra_lines == 0 && R.main.overlong == 0 && !R.main.gave_up;
  for (k = 0; k < L.n; ++k)
    if (cf_verdict_fails(&R, L.items[k].verdict)) R.conforms = 0;
  if ((rc = cf_write_reports(&c, &R)) != 0) return rc;
  cf_free_run(&R, &L);
  return R.conforms ? 0 : 1;
}
