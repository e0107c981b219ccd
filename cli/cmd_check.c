/* cmd_check.c -- `cuteref check`: the property suite (props/README.md). */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "props/engine.h"
#include "registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef CT_WITH_MUTANTS
extern int ct_active_mutant;
#endif

const char ct_help_check[] =
    "usage: cuteref check [options]\n"
    "\n"
    "Checks every post-condition of spec/ (one property per ID, plus one per\n"
    "error code an operation raises) on generated cases, and prints a table:\n"
    "cases, admissible cases, failures, time and cases per second.\n"
    "\n"
    "options:\n"
    "  --cases N          random cases per property (default 2000)\n"
    "  --long             --cases 200000\n"
    "  --seed S           64-bit seed, decimal or 0x-hex (default 0xc0ffee)\n"
    "  --only IDS         only properties whose ID starts with one of IDS (comma-separated)\n"
    "  --op NAMES         only the properties of these operations (comma-separated; cuteref ops)\n"
    "  --replay ID:SEED:INDEX   rerun one case, shrink it if it fails\n"
    "  --exhaustive       enumerate every flat layout within the bounds instead\n"
    "  --bounds R,S,LO,HI single-layout bounds: rank<=R, shapes 1..S, strides LO..HI (3,4,-4,8)\n"
    "  --pair-bounds R,S,LO,HI  bounds of each layout of a pair (2,4,-1,6)\n"
    "  --shard I/N        run the I-th of N shards (also TEST_SHARD_INDEX/TEST_TOTAL_SHARDS)\n"
    "  --regressions F    rerun the cases of F first (default props/regressions.txt if present)\n"
    "  --record F         append every new failure to F as a regression line\n"
    "  --stop             stop a property at its first failure\n"
    "  --progress         progress lines on standard error\n"
    "  --list             list the properties: ID, generator, operation\n"
#ifdef CT_WITH_MUTANTS
    "  --mutant N         run against mutant N of the reference (mutant builds only)\n"
#endif
    "\n"
    "A failure prints the seed, the case index, the case, the shrunk case and\n"
    "the line that replays it. Exit status: 0 all pass, 1 a property failed,\n"
    "2 usage error.\n";

static int ct_parse_bounds(const char *s, int *r, int *sh, int *lo, int *hi) {
  return sscanf(s, "%d,%d,%d,%d", r, sh, lo, hi) == 4 && *r >= 1 && *r <= 4 && *sh >= 1 && *lo <= *hi;
}

/* The properties of the named operations (the registry's rows) as --only
 * prefixes; 0 when a name is no operation. */
static int ct_ops_only(const char *names, char *buf, int cap) {
  int n = 0;
  buf[0] = '\0';
  while (*names) {
    char name[64];
    const ct_op *op;
    size_t len = strcspn(names, ",");
    if (len >= sizeof name) return 0;
    memcpy(name, names, len);
    name[len] = '\0';
    if (!(op = ct_find_op(name))) return 0;
    if (n > 0 && n < cap - 1) buf[n++] = ',';
    n += ct_op_props(op, buf + n, cap - n);
    names += len + (names[len] == ',');
  }
  return n > 0;
}

int ct_cmd_check(int argc, char **argv) {
  static char only[4096];
  ct_run_opts o;
  const char *replay = 0, *env;
  int k, failed;
  ct_run_defaults(&o);
  if (access("props/regressions.txt", R_OK) == 0) o.regressions = "props/regressions.txt";
  for (k = 0; k < argc; ++k) {
    const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : 0;
    if (strcmp(a, "--cases") == 0 && v) { o.cases = strtoll(v, 0, 0); ++k; }
    else if (strcmp(a, "--long") == 0) o.cases = 200000;
    else if (strcmp(a, "--seed") == 0 && v) { o.seed = strtoull(v, 0, 0); ++k; }
    else if (strcmp(a, "--only") == 0 && v) { o.only = v; ++k; }
    else if (strcmp(a, "--op") == 0 && v) {
      if (!ct_ops_only(v, only, (int)sizeof only)) return ct_usage_error("--op: '%s' is no list of operations (cuteref ops --names)", v);
      o.only = only;
      ++k;
    }
    else if (strcmp(a, "--replay") == 0 && v) { replay = v; ++k; }
    else if (strcmp(a, "--exhaustive") == 0) o.exhaustive = 1;
    else if (strcmp(a, "--bounds") == 0 && v) {
      if (!ct_parse_bounds(v, &o.ex_rank, &o.ex_shape, &o.ex_lo, &o.ex_hi)) return ct_usage_error("bad --bounds '%s' (R,S,LO,HI with R<=4)", v);
      ++k;
    } else if (strcmp(a, "--pair-bounds") == 0 && v) {
      if (!ct_parse_bounds(v, &o.ex2_rank, &o.ex2_shape, &o.ex2_lo, &o.ex2_hi)) return ct_usage_error("bad --pair-bounds '%s'", v);
      ++k;
    } else if (strcmp(a, "--shard") == 0 && v) {
      if (sscanf(v, "%d/%d", &o.shard_index, &o.shard_count) != 2 || o.shard_count < 1 || o.shard_index < 0 ||
          o.shard_index >= o.shard_count)
        return ct_usage_error("bad --shard '%s' (I/N with 0 <= I < N)", v);
      ++k;
    } else if (strcmp(a, "--regressions") == 0 && v) { o.regressions = v; ++k; }
    else if (strcmp(a, "--record") == 0 && v) { o.record = v; ++k; }
    else if (strcmp(a, "--stop") == 0) o.stop_at_first = 1;
    else if (strcmp(a, "--progress") == 0) o.progress = 1;
#ifdef CT_WITH_MUTANTS
    else if (strcmp(a, "--mutant") == 0 && v) { ct_active_mutant = atoi(v); ++k; }
#endif
    else if (strcmp(a, "--list") == 0) {
      int p;
      for (p = 0; p < ct_num_props; ++p) printf("%-34s %-22s\n", ct_props[p].id, ct_props[p].op);
      return 0;
    } else return ct_usage_error("unknown option '%s'", a);
  }
  if (o.cases < 0) return ct_usage_error("%s", "--cases must be >= 0");
  /* Bazel's test sharding: split the cases, say that sharding is supported. */
  if ((env = getenv("TEST_TOTAL_SHARDS")) != 0 && atoi(env) > 1) {
    const char *idx = getenv("TEST_SHARD_INDEX"), *status = getenv("TEST_SHARD_STATUS_FILE");
    o.shard_count = atoi(env);
    o.shard_index = idx ? atoi(idx) : 0;
    if (status) {
      FILE *f = fopen(status, "w");
      if (f) fclose(f);
    }
  }
  if (replay) {
    int rc = ct_replay(&o, replay);
    if (rc == 2) return ct_usage_error("bad --replay '%s' (ID:SEED:INDEX)", replay);
    return rc;
  }
  if (!isatty(2) && !o.progress) o.progress = o.cases >= 100000 || o.exhaustive;
  failed = ct_run_props(&o, 0);
  printf("%s: %d properties failed\n", failed ? "FAILED" : "ok", failed);
  return failed ? 1 : 0;
}
