/* cuteref.c -- the command-line tool: `cuteref eval|show|help ...`.
 * Exit status: 0 success, 1 an input was rejected, 2 usage error. */
#include "big_stack.h"
#include "builtins.h"
#include "commands.h"
#include "eval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static const char *ct_usage =
    "usage: cuteref <command> [options] [arguments]\n"
    "\n"
    "cuteref is the executable specification of the CuTe layout algebra.\n"
    "\n"
    "commands:\n"
    "  eval EXPR     evaluate one expression and print the result\n"
    "  eval -        evaluate one expression per line of standard input;\n"
    "                answer each with `ok <result>` or `error <CODE> <message>`\n"
    "  eval --list   list every operation with its synopsis\n"
    "  show EXPR     print a layout's properties and its table of offsets\n"
    "  dot EXPR      write a Graphviz (DOT) picture of a layout or of an\n"
    "                operation's result: cuteref dot EXPR | dot -Tsvg\n"
    "  examples F... run the examples of spec pages (```cuteref blocks)\n"
    "  check         run the property suite (every post-condition of spec/)\n"
    "  conform --impl CMD  judge another implementation through the line protocol\n"
    "  vectors --check DIR | --write DIR  the conformance vectors (spec/vectors/)\n"
    "  ops           the registry of operations, as text for tools (--tsv, --names)\n"
    "  help [CMD]    this text, or the help of one command\n"
    "\n"
    "examples:\n"
    "  cuteref eval 'cosize(((2,4),(3,5)):((3,6),(1,24)))'      # 120\n"
    "  cuteref eval '(4,2):(1,4)(1,1)'                           # 5\n"
    "  cuteref eval '(4,2):(1,4)(3)'                             # 3\n"
    "  cuteref show '((2,2),2):((4,1),2)'\n"
    "\n"
    "exit status: 0 success, 1 an input was rejected, 2 usage error\n";

int ct_usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "cuteref: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n(see cuteref --help)\n");
  return 2;
}

void ct_report_error(const char *text, const ct_err *e) {
  fprintf(stderr, "cuteref: error %s: %s\n", ct_code_name(e->code), e->msg);
  if (text && e->pos >= 0 && (size_t)e->pos <= strlen(text) && strchr(text, '\n') == 0) {
    fprintf(stderr, "  %s\n  %*s^\n", text, e->pos, "");
  }
}

static int ct_unknown_command(const char *what, const char *name) {
  char hint[256], msg[512];
  ct_suggest_command(name, hint, sizeof hint);
  snprintf(msg, sizeof msg, "%s%s", what, hint);
  return ct_usage_error(msg, name);
}

/* The stack a command runs on: under a smaller `ulimit -s` the command
 * runs on a thread of this size instead (the deepest request needs about
 * 0.2 MiB, lib/tests/stack_test.c; the property suite more; spec/api.md). */
#define CT_CLI_STACK ((rlim_t)8 << 20)

typedef struct {
  const ct_command *c;
  int argc;
  char **argv;
  int rc;
} ct_run_job;

static void ct_run_job_run(void *p) {
  ct_run_job *j = (ct_run_job *)p;
  j->rc = j->c->run(j->argc, j->argv);
}

/* c->run(argc, argv), on a thread with CT_CLI_STACK where the main
 * thread's stack is smaller (cli/big_stack.h). */
static int ct_run(const ct_command *c, int argc, char **argv) {
  struct rlimit r;
  ct_run_job j;
  if (getrlimit(RLIMIT_STACK, &r) != 0 || r.rlim_cur == RLIM_INFINITY || r.rlim_cur >= CT_CLI_STACK)
    return c->run(argc, argv);
  j.c = c;
  j.argc = argc;
  j.argv = argv;
  j.rc = 2;
  if (ct_on_big_stack(ct_run_job_run, &j, (size_t)CT_CLI_STACK) != 0)
    return c->run(argc, argv); /* no thread: the main stack it is */
  return j.rc;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fputs(ct_usage, stderr);
    return 2;
  }
  if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
    fputs(ct_usage, stdout);
    return 0;
  }
  if (strcmp(argv[1], "help") == 0) {
    if (argc > 2) {
      const ct_command *c = ct_find_command(argv[2]);
      if (!c) return ct_unknown_command("no command named '%s'", argv[2]);
      fputs(c->help, stdout);
      return 0;
    }
    fputs(ct_usage, stdout);
    return 0;
  }
  {
    const ct_command *c = ct_find_command(argv[1]);
    if (!c) return ct_unknown_command("unknown command '%s'", argv[1]);
    if (argc > 2 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)) {
      fputs(c->help, stdout);
      return 0;
    }
    return ct_run(c, argc - 2, argv + 2);
  }
}
