/* conform_shrinking.c -- every disagreement shrunk to a minimal request
 * (spec/protocol.md, "Shrinking"): the candidates of all disagreements
 * (cf_shrink_candidate, conform_shrink.c) sent in rounds, judged once each
 * (a memo per request text), and each shrink moved by the one shrinking
 * loop of props/shrink.h; then the counterexamples, distinct, grouped into
 * defects and sorted, the most telling defect first. */
#define _POSIX_C_SOURCE 200809L
#include "conform.h"
#include "props/shrink.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One disagreement being shrunk. */
typedef struct {
  int item;
  char *cur;       /* the current request */
  int memo;        /* the memo entry of cur */
  ct_shrinker sh;  /* where the loop stands (props/shrink.h) */
  int ncand;       /* this round's candidates of cur: sh.k, sh.k + 1, ... */
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

int cf_shrinkable(int v) { return v == CF_WRONG_RESULT || v == CF_WRONG_REJECTION || v == CF_ACCEPTED_INADMISSIBLE; }

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
    ct_shrinker_start(&X->S[X->ns].sh);
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
    if (s->sh.done) continue;
    s->ncand = 0;
    for (t = 0; t < X->width; ++t) {
      if (cf_shrink_candidate(s->cur, s->sh.k + t, buf, sizeof buf) < 0) break;
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
    if (s->ncand == 0) ct_shrinker_advance(&s->sh, -1, 0, X->width); /* no candidate: done */
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
    if (s->sh.done) continue;
    for (t = 0; t < s->ncand && hit < 0; ++t) {
      int m = cf_map_find(&X->M.index, s->cand[t]);
      if (m >= 0 && cf_same_failure(&X->M.m[m], &X->M.m[s->memo])) hit = t;
    }
    if (hit >= 0) {
      free(s->cur);
      s->cur = cf_dup(s->cand[hit]);
      s->memo = cf_map_find(&X->M.index, s->cur);
    }
    ct_shrinker_advance(&s->sh, hit, s->ncand, X->width);
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
      x->steps = s->sh.steps;
    }
    ++R->cex[c].count;
    it->cex = c;
    free(s->cur);
    free(s->cand);
  }
}

void cf_request_shape(const char *req, char *out, int cap) {
  int n = 0;
  const char *p = req;
  while (*p && n < cap - 1) {
    if (isalpha((unsigned char)*p)) { /* a name, its digits included (umma_atom_32b) */
      while ((isalnum((unsigned char)*p) || *p == '_') && n < cap - 1) out[n++] = *p++;
    } else if (isdigit((unsigned char)*p) || (*p == '-' && isdigit((unsigned char)p[1]))) {
      out[n++] = '#';
      for (++p; isdigit((unsigned char)*p); ++p) {
      }
    } else if (*p == '_' || isspace((unsigned char)*p)) ++p; /* a static mark, a space */
    else out[n++] = *p++;
  }
  out[n] = 0;
}

/* The defect of each counterexample (spec/protocol.md, "Report"): one
 * operation failing one way -- the verdict, the spec ID or OP!CODE, the
 * post-condition an accepted inadmissible answer breaks -- on requests of
 * one shape. */
typedef struct {
  int *group;  /* per counterexample: the first counterexample of its defect */
  int *total;  /* per group leader: the disagreements of the defect */
  int *best;   /* per group leader: its most telling case */
  char **shape;
} cf_defects;

static int cf_same_defect(const cf_cex *a, const cf_cex *b, const char *sa, const char *sb) {
  return strcmp(a->op, b->op) == 0 && a->verdict == b->verdict && strcmp(a->id, b->id) == 0 && a->post == b->post &&
         strcmp(a->post_id, b->post_id) == 0 && strcmp(sa, sb) == 0;
}

/* Within a defect: the case behind more disagreements, then the shorter
 * request, then the text. */
static int cf_case_before(const cf_cex *a, const cf_cex *b) {
  size_t la = strlen(a->req), lb = strlen(b->req);
  if (a->count != b->count) return a->count > b->count;
  if (la != lb) return la < lb;
  return strcmp(a->req, b->req) < 0;
}

/* The defects' order, the most telling first: wrong results, then wrong
 * rejections, then accepted inadmissible answers (the verdicts' order);
 * then more disagreements; then the shorter leading case; then the
 * operation, spec ID and shape, so the order is the same on every run. */
static int cf_defect_before(const cf_report *R, const cf_defects *D, int a, int b) {
  int ga = D->group[a], gb = D->group[b], c;
  const cf_cex *x = &R->cex[ga], *y = &R->cex[gb];
  size_t lx = strlen(R->cex[D->best[ga]].req), ly = strlen(R->cex[D->best[gb]].req);
  if (ga == gb) return cf_case_before(&R->cex[a], &R->cex[b]);
  if (x->verdict != y->verdict) return x->verdict < y->verdict;
  if (D->total[ga] != D->total[gb]) return D->total[ga] > D->total[gb];
  if (lx != ly) return lx < ly;
  if ((c = strcmp(x->op, y->op)) != 0) return c < 0;
  if ((c = strcmp(x->id, y->id)) != 0) return c < 0;
  if ((c = strcmp(x->post_id, y->post_id)) != 0) return c < 0;
  if ((c = strcmp(D->shape[ga], D->shape[gb])) != 0) return c < 0;
  return x->post < y->post;
}

static void cf_group_defects(const cf_report *R, cf_defects *D) {
  int a, b;
  D->group = (int *)cf_checked(calloc((size_t)R->ncex + 1, sizeof(int)));
  D->total = (int *)cf_checked(calloc((size_t)R->ncex + 1, sizeof(int)));
  D->best = (int *)cf_checked(calloc((size_t)R->ncex + 1, sizeof(int)));
  D->shape = (char **)cf_checked(calloc((size_t)R->ncex + 1, sizeof(char *)));
  for (a = 0; a < R->ncex; ++a) {
    char buf[CF_REQ_CAP];
    cf_request_shape(R->cex[a].req, buf, sizeof buf);
    D->shape[a] = cf_dup(buf);
    for (b = 0; b < a && !cf_same_defect(&R->cex[a], &R->cex[b], D->shape[a], D->shape[b]); ++b) {
    }
    D->group[a] = b == a ? a : D->group[b];
    if (b == a) D->best[a] = a;
    else if (cf_case_before(&R->cex[a], &R->cex[D->best[D->group[a]]])) D->best[D->group[a]] = a;
    D->total[D->group[a]] += R->cex[a].count;
  }
}

/* The counterexamples sorted by defect, the most telling defect first and
 * each defect's cases together, its leading case first; the items'
 * indices follow. */
static void cf_sort_cex(cf_report *R) {
  int *perm = (int *)cf_checked(malloc(sizeof(int) * (size_t)(R->ncex + 1))), *inv = (int *)cf_checked(malloc(sizeof(int) * (size_t)(R->ncex + 1)));
  cf_cex *sorted = (cf_cex *)cf_checked(calloc((size_t)R->ncex + 1, sizeof(cf_cex)));
  cf_defects D;
  int a, b;
  cf_group_defects(R, &D);
  for (a = 0; a < R->ncex; ++a) perm[a] = a;
  for (a = 1; a < R->ncex; ++a) /* insertion sort: a few hundred at most */
    for (b = a; b > 0 && cf_defect_before(R, &D, perm[b], perm[b - 1]); --b) {
      int t = perm[b];
      perm[b] = perm[b - 1];
      perm[b - 1] = t;
    }
  R->ndefects = 0;
  for (a = 0; a < R->ncex; ++a) {
    sorted[a] = R->cex[perm[a]];
    inv[perm[a]] = a;
    if (a > 0 && D.group[perm[a]] != D.group[perm[a - 1]]) ++R->ndefects;
    sorted[a].defect = R->ndefects;
  }
  if (R->ncex > 0) ++R->ndefects;
  for (a = 0; a < R->n; ++a)
    if (R->items[a].cex >= 0) R->items[a].cex = inv[R->items[a].cex];
  for (a = 0; a < R->ncex; ++a) free(D.shape[a]);
  free(D.shape);
  free(D.group);
  free(D.total);
  free(D.best);
  free(R->cex);
  R->cex = sorted;
  free(perm);
  free(inv);
}

/* Rounds until no shrink is active, max_rounds, or max_seconds. */
void cf_shrink_all(cf_report *R, const cf_proc_opts *po, const cf_judge_opts *jo, int shrink_max, int width,
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
      for (i = 0; i < X.ns; ++i) R->shrink_cut += !X.S[i].sh.done;
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
