/* engine.h -- the host side of the property suite: runs, replays, shrinks,
 * enumerates, records regressions, reports (props/README.md). */
#ifndef CT_ENGINE_H
#define CT_ENGINE_H

#include <stdio.h>

#include "props/props.h"

typedef struct {
  uint64_t seed;
  int64_t cases;          /* random cases per property */
  const char *only;       /* comma-separated ID prefixes, or NULL for all */
  int exhaustive;         /* enumerate instead of sampling */
  int ex_rank, ex_shape, ex_lo, ex_hi;       /* single-layout bounds */
  int ex2_rank, ex2_shape, ex2_lo, ex2_hi;   /* pair bounds */
  int shard_index, shard_count;
  int progress;           /* 1: progress lines on stderr */
  int quiet;              /* no table */
  int stop_at_first;      /* stop a property at its first failure */
  int stop_run;           /* stop the whole run at the first failing property */
  const char *regressions; /* file of cases always rerun first */
  const char *record;      /* append new failures here */
  ct_gen_params params;
  FILE *out;
} ct_run_opts;

typedef struct {
  int64_t cases, admissible, failures;
  double seconds;
  char first_failure[1024]; /* "ID seed:index" of the first one, shrunk case */
} ct_prop_stats;

void ct_run_defaults(ct_run_opts *o);
/* Runs the selected properties; fills stats[ct_num_props] if given.
 * Returns the number of properties that failed. */
int ct_run_props(const ct_run_opts *o, ct_prop_stats *stats);
/* Reruns one case: "ID:SEED:INDEX" (SEED decimal or 0x-hex). */
int ct_replay(const ct_run_opts *o, const char *what);
/* Prints a case in its property's format. */
void ct_case_print(int prop, const ct_case *c, char *buf, int cap);
/* A case's CUTLASS 2.x arguments, %e0 / %i0 / %n0 (spec/cutlass2x.md). */
int ct_case_fmt_2x(const ct_case *c, char which, char *buf, int cap);
int ct_find_prop(const char *id);
/* Shrinks a failing case in place; returns the number of steps taken. */
int ct_shrink(int prop, ct_case *c, ct_outcome *o);

#endif
