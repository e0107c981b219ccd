/* engine.c -- runs properties on generated, enumerated and recorded cases. */
#define _POSIX_C_SOURCE 200809L
#include "props/engine.h"
#include "props/flat_enum.h"
#include "props/shrink.h"
#include "ref/notation.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef CT_WITH_MUTANTS
extern int ct_active_mutant;
#endif

static double ct_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void ct_run_defaults(ct_run_opts *o) {
  memset(o, 0, sizeof *o);
  o->seed = 0xC0FFEEu;
  o->cases = 2000;
  o->ex_rank = 3;
  o->ex_shape = 4;
  o->ex_lo = -4;
  o->ex_hi = 8;
  o->ex2_rank = 2;
  o->ex2_shape = 4;
  o->ex2_lo = -1;
  o->ex2_hi = 6;
  o->shard_count = 1;
  o->out = stdout;
  ct_gen_default(&o->params);
}

int ct_find_prop(const char *id) {
  int p;
  for (p = 0; p < ct_num_props; ++p)
    if (strcmp(ct_props[p].id, id) == 0) return p;
  return -1;
}

static int ct_selected(const ct_run_opts *o, int p) {
  const char *s = o->only;
  if (!s || !*s) return 1;
  while (*s) {
    const char *e = strchr(s, ',');
    size_t n = e ? (size_t)(e - s) : strlen(s);
    if (n > 0 && strncmp(ct_props[p].id, s, n) == 0) return 1;
    if (!e) break;
    s = e + 1;
  }
  return 0;
}

/* The CUTLASS 2.x arguments of a case (spec/cutlass2x.md): %e0 an extent
 * of rank 2 and, half the time, a leading dimension; %i0 an interleave;
 * %n0 an NHWC extent and, half the time, its strides. */
int ct_case_fmt_2x(const ct_case *c, char which, char *buf, int cap) {
  uint64_t h = ct_mix64((uint64_t)c->k[1] * 977u + (uint64_t)c->k[0]);
  int64_t a = 1 + (int64_t)(h % 8), b = 1 + (int64_t)((h >> 3) % 8), k = (int64_t)1 << ((h >> 6) % 3);
  int64_t big = a > b ? a : b;
  if (which == 'i') return snprintf(buf, (size_t)cap, "%lld", (long long)k);
  if (which == 't') { /* <E,Cw>((C,S)[, ld]): whole tiles, ld a power of two (or not) */
    int64_t bits = (int64_t)8 << ((h >> 20) % 4), v = 128 / bits, f = (int64_t)1 << ((h >> 22) % 3), tile = 8 * v / f;
    int64_t cc = tile * (1 + (int64_t)((h >> 24) % 2)), ss = f * (1 + (int64_t)((h >> 25) % 4)) * 4, ld = 1;
    while (ld < cc) ld *= 2;
    if ((h >> 27) % 4 == 0) return snprintf(buf, (size_t)cap, "<%lld,%lld>((%lld,%lld))", (long long)bits, (long long)(8 * v / f), (long long)cc, (long long)ss);
    if ((h >> 27) % 4 == 1) ld += 8; /* no power of two: rejected */
    else ld <<= (h >> 29) % 2;
    return snprintf(buf, (size_t)cap, "<%lld,%lld>((%lld,%lld), %lld)", (long long)bits, (long long)(8 * v / f), (long long)cc, (long long)ss, (long long)ld);
  }
  if (which == 'e') {
    if ((h >> 8) % 2) return snprintf(buf, (size_t)cap, "(%lld,%lld)", (long long)a, (long long)b);
    return snprintf(buf, (size_t)cap, "(%lld,%lld), %lld", (long long)a, (long long)b,
                    (long long)(big * 4 * (1 + (int64_t)((h >> 9) % 2))));
  }
  {
    int64_t n = 1 + (int64_t)((h >> 10) % 3), hh = 1 + (int64_t)((h >> 12) % 3), w = 1 + (int64_t)((h >> 14) % 3),
            ch = 1 + (int64_t)((h >> 16) % 4), sw = ch * (1 + (int64_t)((h >> 18) % 2));
    if ((h >> 19) % 2)
      return snprintf(buf, (size_t)cap, "(%lld,%lld,%lld,%lld)", (long long)n, (long long)hh, (long long)w, (long long)ch);
    return snprintf(buf, (size_t)cap, "(%lld,%lld,%lld,%lld), (%lld,%lld,%lld)", (long long)n, (long long)hh,
                    (long long)w, (long long)ch, (long long)sw, (long long)(sw * w), (long long)(sw * w * hh));
  }
}

void ct_case_print(int prop, const ct_case *c, char *buf, int cap) {
  const char *f = ct_props[prop].fmt;
  int n = 0;
  buf[0] = '\0';
  while (*f && n < cap - 1) {
    if (f[0] == '%' && f[1] >= '0' && f[1] <= '3') {
      int j = f[1] - '0';
      if (j < c->n) n += ct_print_tiler(&c->v[j], buf + n, cap - n);
      if (n > cap - 1) n = cap - 1;
      f += 2;
    } else if (f[0] == '%' && f[1] == 'k' && (f[2] == '0' || f[2] == '1')) {
      n += snprintf(buf + n, (size_t)(cap - n), "%lld", (long long)c->k[f[2] - '0']);
      if (n > cap - 1) n = cap - 1;
      f += 3;
    } else if (f[0] == '%' && f[1] == 'w' && (f[2] == '0' || f[2] == '1')) {
      const ct_swizzle *w = &c->w[f[2] - '0'];
      n += snprintf(buf + n, (size_t)(cap - n), "Sw<%d,%d,%d>", w->b, w->m, w->s);
      if (n > cap - 1) n = cap - 1;
      f += 3;
    } else if (f[0] == '%' && (f[1] == 'e' || f[1] == 'i' || f[1] == 'n' || f[1] == 't') && f[2] == '0') { /* spec/cutlass2x.md */
      n += ct_case_fmt_2x(c, f[1], buf + n, cap - n);
      if (n > cap - 1) n = cap - 1;
      f += 3;
    } else if (f[0] == '%' && f[1] == 'a' && f[2] == '0') { /* spec/atoms.md */
      int major, row, bits;
      ct_case_atom(c, &major, &row, &bits);
      n += snprintf(buf + n, (size_t)(cap - n), "%s, %d, %d", major ? "MN" : "K", row, bits);
      if (n > cap - 1) n = cap - 1;
      f += 3;
    } else if (f[0] == '%' && (f[1] == 'y' || f[1] == 'z') && (f[2] == '0' || f[2] == '1')) {
      const ct_swizzle *w = &c->w[f[2] - '0'];
      n += snprintf(buf + n, (size_t)(cap - n), "%lld", (long long)(f[1] == 'y' ? ct_sw_ymask(w) : ct_sw_zmask(w)));
      if (n > cap - 1) n = cap - 1;
      f += 3;
    } else {
      buf[n++] = *f++;
    }
  }
  buf[n < cap ? n : cap - 1] = '\0';
}

/* ---- shrinking ---------------------------------------------------------------- */

/* Removes leaf j from a tree (ancestors' spans and the parent's rank fixed). */
static void ct_remove_node(ct_tuple *t, int j) {
  int i, parent = -1;
  for (i = 0; i < j; ++i)
    if (t->nd[i].kind == CT_TUPLE && i + t->nd[i].span > j) {
      t->nd[i].span = (uint16_t)(t->nd[i].span - 1);
      parent = i;
    }
  if (parent >= 0) t->nd[parent].rank = (uint8_t)(t->nd[parent].rank - 1);
  for (i = j; i + 1 < t->n; ++i) t->nd[i] = t->nd[i + 1];
  --t->n;
}

/* Whether node j (not the root) is the only child of its parent: dropping
 * it would leave an empty tuple `()`, a value no generator makes, and on
 * which a property's own set-up may not hold (its failure there would be
 * another failure than the one being shrunk). In preorder a first child
 * follows its parent, so j is an only child exactly when node j-1 is a
 * tuple of rank 1. */
static int ct_only_child(const ct_tuple *t, int j) {
  return t->nd[j - 1].kind == CT_TUPLE && t->nd[j - 1].rank == 1;
}

static int ct_still_fails(int prop, const ct_case *c, ct_outcome *o) {
  ct_outcome r;
  ct_prop_check(prop, c, &r);
  if (r.verdict != CT_FAILED) return 0;
  *o = r;
  return 1;
}

/* Candidate edit number `k` of case c; returns 0 when k is past the last. */
static int ct_candidate(const ct_case *c, int k, ct_case *out) {
  int j;
  *out = *c;
  out->admissible = 0; /* a shrunk case is no longer admissible by construction */
  for (j = 0; j < c->n; ++j) {
    const ct_layout *L = &c->v[j];
    int x;
    /* 1. drop a leaf */
    for (x = 0; x < L->shape.n; ++x) {
      if (L->shape.nd[x].kind == CT_TUPLE || x == 0 || ct_only_child(&L->shape, x)) continue;
      if (k-- == 0) {
        ct_remove_node(&out->v[j].shape, x);
        ct_remove_node(&out->v[j].stride, x);
        return 1;
      }
    }
    /* 2. flatten */
    if (ct_t_depth(&L->shape, 0) > 1 && !L->shape.nd[0].mark) {
      if (k-- == 0) {
        ct_err e;
        ct_discard(ct_l_flatten(L, &out->v[j], &e)); /* never more nodes than L: cannot fail */
        return 1;
      }
    }
    /* 3. smaller shapes and strides */
    for (x = 0; x < L->shape.n; ++x) {
      int64_t s = L->shape.nd[x].v, d = L->stride.nd[x].v, cand[6];
      int m, nc = 0;
      if (L->shape.nd[x].kind != CT_INT) continue;
      if (s > 1) cand[nc++] = 1;
      if (s / 2 > 1) cand[nc++] = s / 2;
      if (s - 1 > 1) cand[nc++] = s - 1;
      for (m = 0; m < nc; ++m)
        if (k-- == 0) {
          out->v[j].shape.nd[x].v = cand[m];
          return 1;
        }
      nc = 0;
      if (d != 0) cand[nc++] = 0;
      if (d < 0) cand[nc++] = -d;
      if (d / 2 != 0 && d / 2 != d) cand[nc++] = d / 2;
      if (d > 1) cand[nc++] = d - 1;
      if (d < -1) cand[nc++] = d + 1;
      for (m = 0; m < nc; ++m)
        if (k-- == 0) {
          out->v[j].stride.nd[x].v = cand[m];
          return 1;
        }
    }
    /* 4. no static marks */
    for (x = 0; x < L->shape.n; ++x)
      if (L->shape.nd[x].stat || L->stride.nd[x].stat) break;
    if (x < L->shape.n && k-- == 0) {
      for (x = 0; x < L->shape.n; ++x) out->v[j].shape.nd[x].stat = out->v[j].stride.nd[x].stat = 0;
      return 1;
    }
  }
  for (j = 0; j < 2; ++j) { /* 5. smaller swizzles, still valid (spec/swizzle.md) */
    const ct_swizzle *w = &c->w[j];
    int as = w->s < 0 ? -w->s : w->s;
    if (w->b > 0 && k-- == 0) {
      out->w[j].b = w->b - 1;
      return 1;
    }
    if (w->m > 0 && k-- == 0) {
      out->w[j].m = w->m - 1;
      return 1;
    }
    if (as > w->b && k-- == 0) {
      out->w[j].s = w->s < 0 ? w->s + 1 : w->s - 1;
      return 1;
    }
  }
  for (j = 0; j < 2; ++j) {
    int64_t v = c->k[j];
    if (v == 0) continue;
    if (k-- == 0) {
      out->k[j] = v / 2;
      return 1;
    }
    if (k-- == 0) {
      out->k[j] = v > 0 ? v - 1 : v + 1;
      return 1;
    }
  }
  return 0;
}

/* A property's failure being shrunk (the loop is props/shrink.c's). */
typedef struct {
  int prop;
  ct_case *c;    /* the current case */
  ct_outcome *o; /* its failure */
} ct_shrinking;

/* Candidate k of the current case, for ct_shrink_greedy. */
static int ct_try_candidate(void *ctx, int k) {
  ct_shrinking *x = (ct_shrinking *)ctx;
  ct_case cand;
  if (!ct_candidate(x->c, k, &cand)) return -1;
  if (!ct_still_fails(x->prop, &cand, x->o)) return 0;
  *x->c = cand;
  return 1;
}

int ct_shrink(int prop, ct_case *c, ct_outcome *o) {
  ct_shrinking x;
  ct_case keep = *c;
  keep.admissible = 0;
  {
    ct_outcome r; /* the failure must not depend on admissibility by construction */
    ct_prop_check(prop, &keep, &r);
    if (r.verdict != CT_FAILED) return 0;
    *o = r;
    *c = keep;
  }
  x.prop = prop;
  x.c = c;
  x.o = o;
  return ct_shrink_greedy(&x, ct_try_candidate, 4000);
}

/* ---- regressions -------------------------------------------------------------- */

/* A line: ID;value;value...;k=K0,K1[;sw=Sw<B,M,S>[,Sw<B,M,S>]] (values in
 * notation, tilers in <...>; the swizzles of a CT_GEN_SWIZZLE case, written
 * when one is not Sw<0,0,0>, so that the line replays the same case). */
static int ct_parse_regression(char *line, int *prop, ct_case *c) {
  char *tok, *save = 0;
  int n = 0;
  ct_err e;
  tok = strtok_r(line, ";", &save);
  if (!tok) return 0;
  while (*tok == ' ') ++tok;
  *prop = ct_find_prop(tok);
  if (*prop < 0) return 0;
  memset(c, 0, sizeof *c);
  while ((tok = strtok_r(0, ";\n", &save)) != 0) {
    while (*tok == ' ') ++tok;
    if (strncmp(tok, "k=", 2) == 0) {
      long long a = 0, b = 0;
      sscanf(tok + 2, "%lld,%lld", &a, &b);
      c->k[0] = a;
      c->k[1] = b;
      continue;
    }
    if (strncmp(tok, "sw=", 3) == 0) {
      int w[6] = {0, 0, 0, 0, 0, 0}, j;
      int got = sscanf(tok + 3, "Sw<%d,%d,%d>,Sw<%d,%d,%d>", &w[0], &w[1], &w[2], &w[3], &w[4], &w[5]);
      if (got != 3 && got != 6) return 0;
      for (j = 0; j < 2; ++j) {
        ct_sw_set(&c->w[j], w[3 * j], w[3 * j + 1], w[3 * j + 2]);
        if (ct_sw_check(&c->w[j], &e) != CT_OK) return 0;
      }
      continue;
    }
    if (n >= CT_CASE_VALS) return 0;
    if (tok[0] == '<' ? ct_parse_tiler(tok, &c->v[n], &e) != CT_OK : ct_parse_layout(tok, &c->v[n], &e) != CT_OK)
      return 0;
    ++n;
  }
  c->n = n;
  return 1;
}

static void ct_format_regression(int prop, const ct_case *c, char *buf, int cap) {
  int j, n = snprintf(buf, (size_t)cap, "%s", ct_props[prop].id);
  for (j = 0; j < c->n && n < cap - 2; ++j) {
    buf[n++] = ';';
    n += ct_print_tiler(&c->v[j], buf + n, cap - n);
  }
  if (n < cap) n += snprintf(buf + n, (size_t)(cap - n), ";k=%lld,%lld", (long long)c->k[0], (long long)c->k[1]);
  if (n < cap && (c->w[0].b || c->w[0].m || c->w[0].s || c->w[1].b || c->w[1].m || c->w[1].s))
    snprintf(buf + n, (size_t)(cap - n), ";sw=Sw<%d,%d,%d>,Sw<%d,%d,%d>", c->w[0].b, c->w[0].m, c->w[0].s, c->w[1].b,
             c->w[1].m, c->w[1].s);
}

static int ct_run_regressions(const ct_run_opts *o) {
  FILE *f;
  char line[8192];
  int bad = 0, n = 0, lineno = 0;
  if (!o->regressions) return 0;
  f = fopen(o->regressions, "r");
  if (!f) return 0;
  while (fgets(line, sizeof line, f)) {
    int prop;
    ct_case c;
    ct_outcome r;
    char copy[8192];
    ++lineno;
    if (line[0] == '#' || line[0] == '\n') continue;
    strcpy(copy, line);
    if (!ct_parse_regression(copy, &prop, &c)) {
      fprintf(o->out, "regressions:%d: cannot read: %s", lineno, line);
      ++bad;
      continue;
    }
    if (!ct_selected(o, prop)) continue;
    ++n;
    ct_prop_check(prop, &c, &r);
    if (r.verdict == CT_FAILED) {
      fprintf(o->out, "FAIL %s (regression, %s:%d)\n  why: %s\n", ct_props[prop].id, o->regressions, lineno, r.why);
      ++bad;
    }
  }
  fclose(f);
  if (!o->quiet) fprintf(o->out, "regressions: %d cases rerun from %s, %d failed\n", n, o->regressions, bad);
  return bad;
}

/* ---- exhaustive enumeration ----------------------------------------------------- */

/* ---- the run ------------------------------------------------------------------ */

/* Shrinks property p's failure r on c into *s and prints it ("shrunk:",
 * "why:"). pad widens the labels to the caller's. */
static void ct_print_shrunk(FILE *out, const char *pad, int p, const ct_case *c, const ct_outcome *r, ct_case *s) {
  char buf[4096];
  ct_outcome so = *r;
  int steps;
  *s = *c;
  steps = ct_shrink(p, s, &so);
  ct_case_print(p, s, buf, sizeof buf);
  if (steps > 0)
    fprintf(out, "  shrunk: %s%s   (%d steps)\n  why:    %s%s\n", pad, buf, steps, pad, so.why);
  else fprintf(out, "  shrunk: %s(no smaller failing case)\n", pad);
}

static void ct_report_failure(const ct_run_opts *o, int p, uint64_t seed, int64_t index, const ct_case *c,
                              const ct_outcome *r, ct_prop_stats *st) {
  char buf[4096], line[8192];
  ct_case s;
  ct_case_print(p, c, buf, sizeof buf);
  fprintf(o->out, "FAIL %s seed=0x%llx index=%lld\n  case:   %s\n  why:    %s\n", ct_props[p].id,
          (unsigned long long)seed, (long long)index, buf, r->why);
  ct_print_shrunk(o->out, "", p, c, r, &s);
  ct_case_print(p, &s, buf, sizeof buf);
  if (index >= 0)
    fprintf(o->out, "  replay: cuteref check --replay %s:0x%llx:%lld\n", ct_props[p].id, (unsigned long long)seed,
            (long long)index);
  ct_format_regression(p, &s, line, sizeof line);
  fprintf(o->out, "  regression line: %s\n", line);
  if (st && !st->first_failure[0]) {
    strncpy(st->first_failure, buf, sizeof st->first_failure - 1);
    st->first_failure[sizeof st->first_failure - 1] = '\0';
  }
  if (o->record) {
    FILE *f = fopen(o->record, "a");
    if (f) {
      fprintf(f, "%s\n", line);
      fclose(f);
    }
  }
}

/* The sizes of the exhaustive run's domains. */
static void ct_print_bounds(const ct_run_opts *o) {
  int64_t n2 = ct_it_count(o->ex2_rank, o->ex2_shape, o->ex2_lo, o->ex2_hi);
  fprintf(o->out, "exhaustive bounds: single layouts rank<=%d, shapes 1..%d, strides %d..%d: %lld layouts\n",
          o->ex_rank, o->ex_shape, o->ex_lo, o->ex_hi, (long long)ct_it_count(o->ex_rank, o->ex_shape, o->ex_lo, o->ex_hi));
  fprintf(o->out, "exhaustive bounds: pairs rank<=%d, shapes 1..%d, strides %d..%d: %lld layouts, %lld pairs\n",
          o->ex2_rank, o->ex2_shape, o->ex2_lo, o->ex2_hi, (long long)n2, (long long)(n2 * n2));
}

/* Property p on its random cases (this shard's); st counts them. */
static void ct_run_random(const ct_run_opts *o, int p, int64_t failed_before, double *last_progress,
                          ct_prop_stats *st) {
  uint64_t stream = ct_hash_str(ct_props[p].id);
  int64_t i;
  for (i = o->shard_index; i < o->cases; i += o->shard_count) {
    ct_case c;
    ct_outcome r;
    ct_case_gen(ct_props[p].gen, &o->params, o->seed, (uint64_t)i, stream, &c);
    ct_prop_check(p, &c, &r);
    ++st->cases;
    if (r.verdict != CT_SKIPPED) ++st->admissible;
    if (r.verdict == CT_FAILED) {
      if (st->failures++ < 3) ct_report_failure(o, p, o->seed, i, &c, &r, st);
      if (o->stop_at_first) break;
    }
    if (o->progress && (i & 1023) == 0 && ct_now() - *last_progress > 2.0) {
      *last_progress = ct_now();
      fprintf(stderr, "[check] %s: %lld/%lld cases, %lld failures so far\n", ct_props[p].id, (long long)i,
              (long long)o->cases, (long long)(failed_before + st->failures));
    }
  }
}

/* Property p on every flat layout (or pair) within the bounds, a few
 * cotargets for CT_GEN_CPL, every index for CT_GEN_INT; triples and tilers
 * are sampled only. */
static void ct_run_enumerated(const ct_run_opts *o, int p, double *last_progress, ct_prop_stats *st) {
  int gen = ct_props[p].gen, pair = !(gen == CT_GEN_LAYOUT || gen == CT_GEN_INT || gen == CT_GEN_CPL);
  int64_t idx = 0;
  ct_flat_it a, b;
  if (gen == CT_GEN_COMP3 || gen == CT_GEN_TILER || gen == CT_GEN_SWIZZLE) return; /* a swizzle case enumerates itself */
  memset(&b, 0, sizeof b); /* set per pair below; silences -Wmaybe-uninitialized */
  if (!pair) ct_it_init(&a, o->ex_rank, o->ex_shape, o->ex_lo, o->ex_hi);
  else ct_it_init(&a, o->ex2_rank, o->ex2_shape, o->ex2_lo, o->ex2_hi);
  do {
    ct_case c;
    int more_b = 1;
    memset(&c, 0, sizeof c);
    ct_it_layout(&a, &c.v[0]);
    c.n = 1;
    if (pair) {
      ct_it_init(&b, o->ex2_rank, o->ex2_shape, o->ex2_lo, o->ex2_hi);
      c.n = 2;
    }
    while (more_b) {
      int64_t ks[3] = {1, 7, 24}, nk = gen == CT_GEN_CPL ? 3 : 1, kk;
      if (pair) ct_it_layout(&b, &c.v[1]);
      for (kk = 0; kk < nk; ++kk) {
        ct_outcome r;
        if (gen == CT_GEN_CPL) c.k[0] = ks[kk];
        if (gen == CT_GEN_INT) c.k[0] = idx;
        if (idx++ % o->shard_count != o->shard_index) continue;
        ct_prop_check(p, &c, &r);
        ++st->cases;
        if (r.verdict != CT_SKIPPED) ++st->admissible;
        if (r.verdict == CT_FAILED && st->failures++ < 3) ct_report_failure(o, p, 0, -1, &c, &r, st);
      }
      more_b = pair ? ct_it_next(&b) : 0;
      if (o->progress && ct_now() - *last_progress > 2.0) {
        *last_progress = ct_now();
        fprintf(stderr, "[check] %s: %lld cases enumerated\n", ct_props[p].id, (long long)st->cases);
      }
    }
  } while (ct_it_next(&a));
}

static void ct_print_row(const ct_run_opts *o, const char *id, int64_t cases, int64_t adm, int64_t fail, double secs) {
  fprintf(o->out, "%-34s %10lld %10lld %8lld %9.3f %10.0f\n", id, (long long)cases, (long long)adm, (long long)fail, secs,
          secs > 0 ? (double)cases / secs : 0.0);
}

int ct_run_props(const ct_run_opts *o, ct_prop_stats *stats) {
  int p, failed_props = 0;
  double t_all = ct_now(), last_progress = t_all;
  int64_t total_cases = 0, total_fail = 0, total_adm = 0;
  failed_props += ct_run_regressions(o) > 0;
  if (o->exhaustive && !o->quiet) ct_print_bounds(o);
  if (!o->quiet)
    fprintf(o->out, "%-34s %10s %10s %8s %9s %10s\n", "property", "cases", "admissible", "failures", "time(s)", "cases/s");
  for (p = 0; p < ct_num_props; ++p) {
    ct_prop_stats st;
    double t0 = ct_now();
    memset(&st, 0, sizeof st);
    if (!ct_selected(o, p)) continue;
    if (!o->exhaustive) ct_run_random(o, p, total_fail, &last_progress, &st);
    else ct_run_enumerated(o, p, &last_progress, &st);
    st.seconds = ct_now() - t0;
    total_cases += st.cases;
    total_fail += st.failures;
    total_adm += st.admissible;
    if (st.failures) ++failed_props;
    if (stats) stats[p] = st;
    if (st.failures && o->stop_run) break;
    if (!o->quiet) ct_print_row(o, ct_props[p].id, st.cases, st.admissible, st.failures, st.seconds);
  }
  if (!o->quiet) ct_print_row(o, "total", total_cases, total_adm, total_fail, ct_now() - t_all);
  return failed_props;
}

int ct_replay(const ct_run_opts *o, const char *what) {
  char id[128];
  const char *c1 = strchr(what, ':'), *c2;
  unsigned long long seed;
  long long index;
  int p;
  ct_case c;
  ct_outcome r;
  char buf[4096];
  if (!c1 || (size_t)(c1 - what) >= sizeof id) return 2;
  memcpy(id, what, (size_t)(c1 - what));
  id[c1 - what] = '\0';
  c2 = strchr(c1 + 1, ':');
  if (!c2) return 2;
  seed = strtoull(c1 + 1, 0, 0);
  index = strtoll(c2 + 1, 0, 0);
  p = ct_find_prop(id);
  if (p < 0) {
    fprintf(stderr, "cuteref check: no property %s\n", id);
    return 2;
  }
  ct_case_gen(ct_props[p].gen, &o->params, seed, (uint64_t)index, ct_hash_str(ct_props[p].id), &c);
  ct_prop_check(p, &c, &r);
  ct_case_print(p, &c, buf, sizeof buf);
  fprintf(o->out, "%s seed=0x%llx index=%lld\n  case:    %s\n  verdict: %s%s%s\n", id, seed, index, buf,
          r.verdict == CT_PASS ? "pass" : r.verdict == CT_SKIPPED ? "skipped (inadmissible input)" : "FAIL",
          r.verdict == CT_FAILED ? "\n  why:     " : "", r.verdict == CT_FAILED ? r.why : "");
  if (r.verdict == CT_FAILED) {
    ct_case s;
    ct_print_shrunk(o->out, " ", p, &c, &r, &s);
    return 1;
  }
  return 0;
}
