/* commands.h -- the subcommands of cuteref. */
#ifndef CT_COMMANDS_H
#define CT_COMMANDS_H

#include "ref/ct_error.h"

#include <stdio.h>

typedef struct {
  const char *name;
  int (*run)(int argc, char **argv); /* argv excludes the command name */
  const char *help;
} ct_command;

const ct_command *ct_find_command(const char *name);
/* " (did you mean 'eval'?)" for a mistyped command name, or "". */
int ct_suggest_command(const char *name, char *buf, int cap);
int ct_usage_error(const char *fmt, const char *arg);
void ct_report_error(const char *text, const ct_err *e);

int ct_cmd_eval(int argc, char **argv);
int ct_cmd_show(int argc, char **argv);
extern const char ct_help_eval[];
extern const char ct_help_show[];
int ct_cmd_examples(int argc, char **argv);
int ct_cmd_check(int argc, char **argv);
int ct_cmd_mutants(int argc, char **argv);
extern const char ct_help_mutants[];
extern const char ct_help_check[];
extern const char ct_help_examples[];
/* The examples of one file's text (cmd_examples.c): counts added to *passed,
 * *failed. Returns the line of a ```cuteref block never closed, or 0. */
int ct_examples_run(const char *name, FILE *f, int verbose, int *passed, int *failed);
/* Opens path for reading if it is a regular file (links followed), without
 * blocking on a FIFO or opening a device; else 0, with why ("is a FIFO, not a
 * regular file", "does not exist", ...; errno ENOENT for the latter). In
 * cmd_vectors.c; every command that reads files uses it (issue 44). */
FILE *ct_open_regular(const char *path, char *why, int cap);
/* 0 when dir is a directory whose .txt files (at most max_files, when > 0)
 * and VERSION (if any) are regular files; else the first problem printed
 * on stderr as `cuteref CMD: ...` and -1 (cmd_vectors.c). */
int cv_vectors_dir_check(const char *cmd, const char *dir, int max_files);
int ct_cmd_conform(int argc, char **argv);
extern const char ct_help_conform[];
int ct_cmd_vectors(int argc, char **argv);
extern const char ct_help_vectors[];
int ct_cmd_dot(int argc, char **argv);
/* `cuteref dot --tv TILE EXPR`: a thread-value layout as a T#V# grid (cmd_dot_tv.c). */
int ct_dot_tv(const char *tile, const char *expr);
/* --atom, --tiled-mma, --tv2, --partition, --partition-tv (cmd_dot_atom.c): whether opt is
 * one of them, and the command from it on (argv[0] the option). */
int ct_dot_tv_option(const char *opt);
int ct_dot_tv_command(int argc, char **argv);
extern const char ct_help_dot[];
int ct_cmd_ops(int argc, char **argv);
extern const char ct_help_ops[];

#endif
