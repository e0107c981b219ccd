/* suggest.h -- "did you mean": the nearest names to a word the command line
 * or an expression did not understand, and strict option values. */
#ifndef CT_SUGGEST_H
#define CT_SUGGEST_H

#include <stdint.h>

/* The optimal-string-alignment distance (insertions, deletions,
 * substitutions and adjacent transpositions), ignoring case. */
int ct_edit_distance(const char *a, const char *b);

/* Writes " (did you mean 'x'?)" or " (did you mean 'x' or 'y'?)" naming the
 * candidates nearest to word, or "" when none is near (always: name the
 * nearest however far). A candidate that word starts, or that starts with
 * word, counts as near. Returns the number of names written. */
int ct_did_you_mean(const char *word, const char *const *cands, int n, int always, char *buf, int cap);

/* The nearest operation names (cli/registry.c) to name, as above. */
int ct_suggest_op(const char *name, char *buf, int cap);

/* A usage error for an unknown option of a command: the options are read
 * from the command's help text (every "--word" in it). Returns 2. */
int ct_unknown_option(const char *cmd, const char *help, const char *opt);

/* Strict option values (every character read, no overflow, in range); each
 * returns 0, or prints a usage error naming the option and value and
 * returns 2. */
int ct_opt_int(const char *opt, const char *v, long long lo, long long hi, long long *out);
int ct_opt_int32(const char *opt, const char *v, int lo, int hi, int *out);
int ct_opt_seed(const char *opt, const char *v, uint64_t *out);  /* decimal or 0x-hex, 64 bits */
int ct_opt_seconds(const char *opt, const char *v, double *out); /* finite, >= 0 */

#endif
