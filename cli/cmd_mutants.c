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
    "usage: cuteref_mutants mutants [--cases N] [--seed S]\n"
    "\n"
    "Runs the property suite (default budget: 2000 cases per property) against\n"
    "each mutant of the reference and against the unmutated reference. Prints,\n"
    "per mutant, the first property that caught it and the shrunk case, then\n"
    "the mutation score. Exit status 0 when every mutant is caught and the\n"
    "reference passes, 1 otherwise. Only in the mutant build.\n";

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

/* Runs the suite with mutant m in a child; fills `by` with what caught it.
 * Returns 1 caught, 0 not caught, -1 when the child could not be run or
 * waited for (`by` says why): a machine out of processes must not read as
 * a mutant that survived, nor as one that was caught. */
static int ct_try_mutant(int m, const ct_run_opts *base, char *by, size_t cap) {
  int fds[2], status = 0, tries;
  pid_t pid = -1;
  ssize_t got;
  size_t have = 0;
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
  while (have < cap - 1) { /* the whole message, however the pipe splits it */
    got = read(fds[0], by + have, cap - 1 - have);
    if (got > 0) have += (size_t)got;
    else if (got == 0 || errno != EINTR) break;
  }
  by[have] = '\0';
  close(fds[0]);
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      snprintf(by, cap, "could not run: waitpid: %s", strerror(errno));
      return -1;
    }
  }
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
#endif

int ct_cmd_mutants(int argc, char **argv) {
#ifndef CT_WITH_MUTANTS
  (void)argc;
  (void)argv;
  fprintf(stderr, "cuteref: this build has no mutants; use bazel-bin/props/cuteref_mutants mutants\n");
  return 2;
#else
  ct_run_opts o;
  int k, caught = 0;
  char by[2048];
  ct_run_defaults(&o);
  o.quiet = 1;
  for (k = 0; k < argc; ++k) {
    long long x;
    if (strcmp(argv[k], "--cases") == 0 && k + 1 < argc) {
      if (ct_opt_int("--cases", argv[++k], 0, INT64_MAX, &x)) return 2;
      o.cases = x;
    } else if (strcmp(argv[k], "--seed") == 0 && k + 1 < argc) {
      if (ct_opt_seed("--seed", argv[++k], &o.seed)) return 2;
    } else return ct_unknown_option("mutants", ct_help_mutants, argv[k]);
  }
  k = ct_try_mutant(0, &o, by, sizeof by);
  if (k != 0) {
    printf(k < 0 ? "the unmutated reference %s\n" : "the unmutated reference fails: %s\n", by);
    return 1;
  }
  printf("%-4s %-16s %-8s %s\n", "id", "file", "caught", "by (property: shrunk case)");
  for (k = 0; k < CT_NUM_MUTANTS; ++k) {
    int r = ct_try_mutant(ct_mutants[k].id, &o, by, sizeof by);
    caught += r == 1;
    printf("M%-3d %-16s %-8s %s\n     %s\n", ct_mutants[k].id, ct_mutants[k].where,
           r == 1 ? "yes" : r < 0 ? "ERROR" : "NO", r != 0 ? by : "-", ct_mutants[k].what);
  }
  printf("mutation score: %d/%d caught (%d cases per property, seed 0x%llx)\n", caught, CT_NUM_MUTANTS,
         (int)o.cases, (unsigned long long)o.seed);
  return caught == CT_NUM_MUTANTS ? 0 : 1;
#endif
}
