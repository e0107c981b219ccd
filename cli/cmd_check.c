/* cmd_check.c -- `cuteref check`: the property suite (props/README.md). */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "props/engine.h"
#include "registry.h"
#include "suggest.h"

#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
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

/* R,S,LO,HI: four integers, nothing else (bounds of the enumeration). */
static int ct_parse_bounds(const char *s, int *r, int *sh, int *lo, int *hi) {
  int n = -1;
  return sscanf(s, "%d,%d,%d,%d%n", r, sh, lo, hi, &n) == 4 && n == (int)strlen(s) && *r >= 1 && *r <= 4 &&
         *sh >= 1 && *lo <= *hi;
}

/* I/N: two integers, nothing else. */
static int ct_parse_shard(const char *s, int *i, int *n) {
  int end = -1;
  return s[0] >= '0' && s[0] <= '9' && sscanf(s, "%d/%d%n", i, n, &end) == 2 && end == (int)strlen(s) && *n >= 1 &&
         *i >= 0 && *i < *n;
}

/* Every item of --only must select a property: an unknown ID is an error
 * naming the nearest IDs and families, never a run of 0 properties. */
static int ct_check_only(const char *only) {
  static char fam[1024][48];
  static const char *cands[2048];
  const char *s = only;
  int p, n = 0;
  if (!*only) return ct_usage_error("--only: '%s' names no property (cuteref check --list)", only);
  for (p = 0; p < ct_num_props && n + 2 <= 2048; ++p) {
    size_t f = strcspn(ct_props[p].id, "-!");
    cands[n++] = ct_props[p].id;
    if (p < 1024 && ct_props[p].id[f] && f + 2 < sizeof fam[0]) { /* the family: "COMP-", "composition!" */
      memcpy(fam[p], ct_props[p].id, f + 1);
      fam[p][f + 1] = '\0';
      cands[n++] = fam[p];
    }
  }
  while (*s) {
    char item[128], hint[512], msg[768];
    size_t len = strcspn(s, ",");
    int hit = 0;
    if (len >= sizeof item) len = sizeof item - 1;
    memcpy(item, s, len);
    item[len] = '\0';
    for (p = 0; p < ct_num_props && !hit; ++p) hit = len > 0 && strncmp(ct_props[p].id, item, len) == 0;
    if (!hit) {
      ct_did_you_mean(item, cands, n, 1, hint, sizeof hint);
      snprintf(msg, sizeof msg, "--only: no property ID starts with '%%s'%s (cuteref check --list)", hint);
      return ct_usage_error(msg, item);
    }
    s += strcspn(s, ",");
    if (*s == ',') ++s;
  }
  return 0;
}

/* ID:SEED:INDEX, each part strict (props/engine.c reads it leniently). */
static int ct_check_replay(const char *r) {
  const char *c1 = strchr(r, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : 0;
  char id[128], seed[64];
  uint64_t sd;
  long long ix;
  if (!c1 || !c2 || (size_t)(c1 - r) >= sizeof id || (size_t)(c2 - c1 - 1) >= sizeof seed)
    return ct_usage_error("bad --replay '%s' (ID:SEED:INDEX)", r);
  memcpy(id, r, (size_t)(c1 - r));
  id[c1 - r] = '\0';
  memcpy(seed, c1 + 1, (size_t)(c2 - c1 - 1));
  seed[c2 - c1 - 1] = '\0';
  if (ct_find_prop(id) < 0) {
    static const char *cands[2048];
    char hint[512], msg[768];
    int p;
    for (p = 0; p < ct_num_props && p < 2048; ++p) cands[p] = ct_props[p].id;
    ct_did_you_mean(id, cands, p, 1, hint, sizeof hint);
    snprintf(msg, sizeof msg, "--replay: no property '%%s'%s (cuteref check --list)", hint);
    return ct_usage_error(msg, id);
  }
  if (ct_opt_seed("--replay's SEED", seed, &sd) || ct_opt_int("--replay's INDEX", c2 + 1, 0, INT64_MAX, &ix)) return 2;
  return 0;
}

/* The properties of the named operations (the registry's rows) as --only
 * prefixes (their length); -1, a usage error printed, when a name is no
 * operation. */
static int ct_ops_only(const char *names, char *buf, int cap) {
  int n = 0;
  buf[0] = '\0';
  while (*names) {
    char name[64];
    const ct_op *op;
    size_t len = strcspn(names, ",");
    if (len >= sizeof name || len == 0) {
      ct_usage_error("--op: '%s' is no list of operations (cuteref ops --names)", names);
      return -1;
    }
    memcpy(name, names, len);
    name[len] = '\0';
    if (!(op = ct_find_op(name))) {
      char hint[256], msg[512];
      ct_suggest_op(name, hint, sizeof hint);
      snprintf(msg, sizeof msg, "--op: no operation named '%%s'%s (cuteref ops --names)", hint);
      ct_usage_error(msg, name);
      return -1;
    }
    if (n > 0 && n < cap - 1) buf[n++] = ',';
    n += ct_op_props(op, buf + n, cap - n);
    names += len + (names[len] == ',');
  }
  return n;
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
    long long x;
    if (strcmp(a, "--cases") == 0 && v) {
      if (ct_opt_int(a, v, 0, INT64_MAX, &x)) return 2;
      o.cases = x;
      ++k;
    }
    else if (strcmp(a, "--long") == 0) o.cases = 200000;
    else if (strcmp(a, "--seed") == 0 && v) {
      if (ct_opt_seed(a, v, &o.seed)) return 2;
      ++k;
    }
    else if (strcmp(a, "--only") == 0 && v) {
      if (ct_check_only(v)) return 2;
      o.only = v;
      ++k;
    }
    else if (strcmp(a, "--op") == 0 && v) {
      int n = ct_ops_only(v, only, (int)sizeof only);
      if (n < 0) return 2;
      if (n == 0) return ct_usage_error("--op: '%s' selects no property", v);
      o.only = only;
      ++k;
    }
    else if (strcmp(a, "--replay") == 0 && v) {
      if (ct_check_replay(v)) return 2;
      replay = v;
      ++k;
    }
    else if (strcmp(a, "--exhaustive") == 0) o.exhaustive = 1;
    else if (strcmp(a, "--bounds") == 0 && v) {
      if (!ct_parse_bounds(v, &o.ex_rank, &o.ex_shape, &o.ex_lo, &o.ex_hi)) return ct_usage_error("bad --bounds '%s' (R,S,LO,HI with R<=4)", v);
      ++k;
    } else if (strcmp(a, "--pair-bounds") == 0 && v) {
      if (!ct_parse_bounds(v, &o.ex2_rank, &o.ex2_shape, &o.ex2_lo, &o.ex2_hi)) return ct_usage_error("bad --pair-bounds '%s'", v);
      ++k;
    } else if (strcmp(a, "--shard") == 0 && v) {
      if (!ct_parse_shard(v, &o.shard_index, &o.shard_count))
        return ct_usage_error("bad --shard '%s' (I/N with 0 <= I < N)", v);
      ++k;
    } else if (strcmp(a, "--regressions") == 0 && v) { o.regressions = v; ++k; }
    else if (strcmp(a, "--record") == 0 && v) { o.record = v; ++k; }
    else if (strcmp(a, "--stop") == 0) o.stop_at_first = 1;
    else if (strcmp(a, "--progress") == 0) o.progress = 1;
#ifdef CT_WITH_MUTANTS
    else if (strcmp(a, "--mutant") == 0 && v) {
      if (ct_opt_int32(a, v, 0, 1000000, &ct_active_mutant)) return 2;
      ++k;
    }
#endif
    else if (strcmp(a, "--list") == 0) {
      int p;
      for (p = 0; p < ct_num_props; ++p) printf("%-34s %-22s\n", ct_props[p].id, ct_props[p].op);
      return 0;
    } else return ct_unknown_option("check", ct_help_check, a);
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
