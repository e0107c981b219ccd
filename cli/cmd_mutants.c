/* cmd_mutants.c -- `cuteref mutants`: runs the property suite against every
 * mutant of the reference (the patches of mutants/), each in a child process so a
 * crash counts as caught, and prints the mutation score. Only the mutant
 * build (//props:cuteref_mutants) can do this. */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "props/engine.h"
#include "suggest.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

const char ct_help_mutants[] =
    "usage: cuteref_mutants mutants [--cases N] [--seed S] [--jobs J]\n"
    "\n"
    "Runs the property suite (default budget: 2000 cases per property) against\n"
    "each mutant of the reference and against the unmutated reference. Prints,\n"
    "per mutant, the first property that caught it and the shrunk case, then\n"
    "the mutation score. Exit status 0 when every mutant is caught and the\n"
    "reference passes, 1 otherwise. Only in the mutant build.\n"
    "\n"
    "  --jobs J  run J mutants at a time, each in its own process (default:\n"
    "            the processors online); the table keeps the mutants' order\n";

#ifdef CT_WITH_MUTANTS
#include "mutants/ct_mutant.h"

/* One mutant: its number (CT_MUTANT(id)), the ref/ file it breaks, how. */
typedef struct {
  int id;
  const char *where, *what;
} ct_mutant_info;

static const ct_mutant_info ct_mutants[] = {
#include "mutants/table.h"
};

#define CT_NUM_MUTANTS ((int)(sizeof ct_mutants / sizeof ct_mutants[0]))

/* Starts the suite with mutant m in a child (mutant 0: the unmutated
 * reference), which writes what caught it (a property and its shrunk case,
 * under 2048 bytes: less than a pipe holds, so it never waits on the
 * parent) to *fd and exits 1 when caught, 0 when not. Returns 0, or -1 with
 * `by` saying why no child could be started. */
static int ct_start_mutant(int m, const ct_run_opts *base, pid_t *child, int *fd, char *by, size_t cap) {
  int fds[2], tries;
  pid_t pid = -1;
  by[0] = '\0';
  if (pipe(fds) != 0) {
    snprintf(by, cap, "could not run: pipe: %s", strerror(errno));
    return -1;
  }
  fflush(stdout);
  for (tries = 0; tries < 5; ++tries) { /* EAGAIN: the process table is full for now */
    pid = fork();
    if (pid >= 0 || errno != EAGAIN) break;
    sleep(1);
  }
  if (pid < 0) {
    snprintf(by, cap, "could not run: fork: %s", strerror(errno));
    close(fds[0]);
    close(fds[1]);
    return -1;
  }
  if (pid == 0) {
    ct_run_opts o = *base;
    static ct_prop_stats stats[1024];
    FILE *devnull = fopen("/dev/null", "w");
    char msg[2048] = "";
    int p, failed;
    close(fds[0]);
    ct_active_mutant = m;
    o.out = devnull ? devnull : stdout;
    o.stop_at_first = 1;
    o.stop_run = 1; /* one failing property is enough to catch a mutant */
    failed = ct_run_props(&o, stats);
    for (p = 0; p < ct_num_props && failed; ++p)
      if (stats[p].failures) {
        snprintf(msg, sizeof msg, "%s: %.1900s", ct_props[p].id, stats[p].first_failure);
        break;
      }
    if (write(fds[1], msg, strlen(msg)) < 0) _exit(3);
    _exit(failed ? 1 : 0);
  }
  close(fds[1]);
  *child = pid;
  *fd = fds[0];
  return 0;
}

/* A child that has ended with `status`: reads its message from fd (whole:
 * the writer is gone) into `by` and closes fd. Returns 1 caught (a crash
 * counts as caught), 0 not caught, -1 when the child could not run (`by`
 * says why): a machine out of processes must not read as a mutant that
 * survived, nor as one that was caught. */
static int ct_mutant_verdict(int status, int fd, char *by, size_t cap) {
  size_t have = 0;
  ssize_t got;
  while (have < cap - 1) { /* the whole message, however the pipe splits it */
    got = read(fd, by + have, cap - 1 - have);
    if (got > 0) have += (size_t)got;
    else if (got == 0 || errno != EINTR) break;
  }
  by[have] = '\0';
  close(fd);
  if (WIFSIGNALED(status)) {
    snprintf(by, cap, "crashed with signal %d", WTERMSIG(status));
    return 1;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) > 1) { /* 3: the child could not write its answer */
    snprintf(by, cap, "could not run: the child's status was 0x%x", (unsigned)status);
    return -1;
  }
  return WEXITSTATUS(status) == 1;
}

#define CT_MUTANT_MSG 2048

/* Runs item 0 (the unmutated reference) and items 1..n (mutant
 * ct_mutants[k - 1]) with up to `jobs` children at a time; r[k] and
 * by[k * CT_MUTANT_MSG] get item k's verdict and message. `report(k)` is
 * called for items in order, as soon as item k and all before it are in.
 * Stops starting children once the reference has failed. */
static void ct_run_mutants(const ct_run_opts *o, int n, int jobs, int *r, char *by, void (*report)(int, const int *, const char *)) {
  pid_t pids[64];
  int fds[64], item[64], running = 0, next = 0, shown = 0, i;
  if (jobs > 64) jobs = 64;
  while (shown <= n) {
    while (next <= n && running < jobs && !(next > 0 && r[0] != 2 && r[0] != 0)) {
      char *b = by + (size_t)next * CT_MUTANT_MSG;
      if (ct_start_mutant(next == 0 ? 0 : ct_mutants[next - 1].id, o, &pids[running], &fds[running], b, CT_MUTANT_MSG) < 0) {
        r[next] = -1;
      } else {
        r[next] = 2; /* still running */
        item[running++] = next;
      }
      ++next;
    }
    if (running > 0) {
      int status = 0;
      pid_t pid = waitpid(-1, &status, 0);
      if (pid < 0) {
        if (errno == EINTR) continue;
        for (i = 0; i < running; ++i) { /* no child to wait for: say so for each */
          snprintf(by + (size_t)item[i] * CT_MUTANT_MSG, CT_MUTANT_MSG, "could not run: waitpid: %s", strerror(errno));
          r[item[i]] = -1;
          close(fds[i]);
        }
        running = 0;
      } else {
        for (i = 0; i < running && pids[i] != pid; ++i) {
        }
        if (i == running) continue; /* not one of ours */
        r[item[i]] = ct_mutant_verdict(status, fds[i], by + (size_t)item[i] * CT_MUTANT_MSG, CT_MUTANT_MSG);
        --running;
        pids[i] = pids[running], fds[i] = fds[running], item[i] = item[running];
      }
    }
    while (shown < next && r[shown] != 2) report(shown++, r, by);
    if (shown > 0 && r[0] != 0 && running == 0) return; /* the reference failed: nothing else is worth running */
  }
}

/* Prints item k of ct_run_mutants: the reference's failure, or the table's
 * header once it passed, or mutant k's row. */
static void ct_report_mutant(int k, const int *r, const char *by) {
  const char *b = by + (size_t)k * CT_MUTANT_MSG;
  if (k == 0) {
    if (r[0] != 0) printf(r[0] < 0 ? "the unmutated reference %s\n" : "the unmutated reference fails: %s\n", b);
    else printf("%-4s %-16s %-8s %s\n", "id", "file", "caught", "by (property: shrunk case)");
  } else {
    printf("M%-3d %-16s %-8s %s\n     %s\n", ct_mutants[k - 1].id, ct_mutants[k - 1].where,
           r[k] == 1 ? "yes" : r[k] < 0 ? "ERROR" : "NO", r[k] != 0 ? b : "-", ct_mutants[k - 1].what);
  }
  fflush(stdout);
}
#endif

int ct_cmd_mutants(int argc, char **argv) {
#ifndef CT_WITH_MUTANTS
  (void)argc;
  (void)argv;
  fprintf(stderr, "cuteref: this build has no mutants; use bazel-bin/props/cuteref_mutants mutants\n");
  return 2;
#else
  ct_run_opts o;
  int k, caught = 0, *r;
  long jobs = sysconf(_SC_NPROCESSORS_ONLN);
  char *by;
  ct_run_defaults(&o);
  o.quiet = 1;
  for (k = 0; k < argc; ++k) {
    long long x;
    if (strcmp(argv[k], "--cases") == 0 && k + 1 < argc) {
      if (ct_opt_int("--cases", argv[++k], 0, INT64_MAX, &x)) return 2;
      o.cases = x;
    } else if (strcmp(argv[k], "--seed") == 0 && k + 1 < argc) {
      if (ct_opt_seed("--seed", argv[++k], &o.seed)) return 2;
    } else if (strcmp(argv[k], "--jobs") == 0 && k + 1 < argc) {
      if (ct_opt_int("--jobs", argv[++k], 1, 64, &x)) return 2;
      jobs = (long)x;
    } else return ct_unknown_option("mutants", ct_help_mutants, argv[k]);
  }
  if (jobs < 1) jobs = 1;
  if (jobs > 64) jobs = 64;
  r = (int *)malloc(sizeof *r * (CT_NUM_MUTANTS + 1));
  by = (char *)malloc((size_t)(CT_NUM_MUTANTS + 1) * CT_MUTANT_MSG);
  if (!r || !by) {
    fprintf(stderr, "cuteref: mutants: out of memory\n");
    free(r);
    free(by);
    return 1;
  }
  ct_run_mutants(&o, CT_NUM_MUTANTS, jobs, r, by, ct_report_mutant);
  if (r[0] != 0) {
    free(r);
    free(by);
    return 1;
  }
  for (k = 1; k <= CT_NUM_MUTANTS; ++k) caught += r[k] == 1;
  free(r);
  free(by);
  printf("mutation score: %d/%d caught (%d cases per property, seed 0x%llx)\n", caught, CT_NUM_MUTANTS,
         (int)o.cases, (unsigned long long)o.seed);
  return caught == CT_NUM_MUTANTS ? 0 : 1;
#endif
}
