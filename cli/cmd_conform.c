/* cmd_conform.c -- `cuteref conform --impl COMMAND`: runs another
 * implementation of the CuTe layout algebra through the line protocol
 * (spec/protocol.md), judges every answer by the spec, shrinks every
 * disagreement to a minimal request and reports per operation. This file
 * is the command's driver: its help, its options, where the vectors are
 * found, and the run's order (cases, the main pass, shrinking, reports);
 * each step lives in its own conform_*.c (conform.h lists them). */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "conform.h"
#include "suggest.h"

#include <dirent.h>
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
    "                     runfiles of bazel-bin/cuteref (or of the Bazel test running it),\n"
    "                     the checkout it was built from\n"
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
 * runfiles (or, under a Bazel test, $RUNFILES_DIR / $TEST_SRCDIR), and the
 * checkout a make build came from (CT_SOURCE_VECTORS).
 * NULL, with tried listing where it looked, when none is a directory. */
static const char *cf_find_vectors(char *buf, int cap, char *tried, int tcap) {
  char exe[4096], cand[6][4200];
  const char *env = getenv("CUTEREF_VECTORS"), *rf = getenv("RUNFILES_DIR"), *src = getenv("TEST_SRCDIR");
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
  /* run by a Bazel test: its runfiles (Bazel's RUNFILES_DIR protocol) hold
   * ours, where bazel-bin/cuteref.runfiles may not be built yet */
  if (rf && *rf) snprintf(cand[m++], sizeof cand[0], "%.4000s/main/spec/vectors", rf);
  if (src && *src) snprintf(cand[m++], sizeof cand[0], "%.4000s/main/spec/vectors", src);
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
