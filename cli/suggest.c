/* suggest.c -- "did you mean" for commands, operations, options and IDs, and
 * strict option values: the command line never runs on input it did not
 * understand (a usage error, exit 2, names the option, the value and, where
 * one is near, what was probably meant). */
#include "suggest.h"

#include "commands.h"
#include "registry.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CT_SUGGEST_LEN 64 /* names longer than this are compared by prefix */

/* The edit distance (insertions, deletions, substitutions and adjacent
 * transpositions, case aside), or limit + 1 once it is sure to exceed
 * limit: a cell of row i comes from rows i - 1 and i - 2 at no lower cost,
 * so two rows above limit end the count. */
static int ct_edit_distance_within(const char *a, const char *b, int limit) {
  static int d[CT_SUGGEST_LEN + 1][CT_SUGGEST_LEN + 1];
  int n = (int)strlen(a), m = (int)strlen(b), i, j, over = 0;
  if (n > CT_SUGGEST_LEN) n = CT_SUGGEST_LEN;
  if (m > CT_SUGGEST_LEN) m = CT_SUGGEST_LEN;
  for (i = 0; i <= n; ++i) d[i][0] = i;
  for (j = 0; j <= m; ++j) d[0][j] = j;
  for (i = 1; i <= n; ++i) {
    int low = d[i][0];
    for (j = 1; j <= m; ++j) {
      int same = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]);
      int v = d[i - 1][j - 1] + !same;
      if (d[i - 1][j] + 1 < v) v = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
      if (i > 1 && j > 1 && tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 2]) &&
          tolower((unsigned char)a[i - 2]) == tolower((unsigned char)b[j - 1]) && d[i - 2][j - 2] + 1 < v)
        v = d[i - 2][j - 2] + 1;
      d[i][j] = v;
      if (v < low) low = v;
    }
    over = low > limit ? over + 1 : 0;
    if (over == 2) return limit + 1;
  }
  return d[n][m];
}

int ct_edit_distance(const char *a, const char *b) { return ct_edit_distance_within(a, b, 1 << 20); }

static int ct_starts_with(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

/* The distance that still reads as a typo of word: one edit per three
 * characters, at least one. */
static int ct_near(const char *word) {
  int n = (int)strlen(word) / 3;
  return n < 1 ? 1 : n;
}

/* How far cand is from word; a score above limit may come back as limit + 1
 * without the edit distance computed (eval suggests a name for every
 * unknown one, and the distance to each of the ~100 operations was most of
 * the fuzzer's time: docs/data/fuzzing.md). */
static int ct_score(const char *word, const char *cand, int limit) {
  int n = (int)strlen(word), m = (int)strlen(cand), gap = n > m ? n - m : m - n;
  if (n >= 2 && (ct_starts_with(cand, word) || ct_starts_with(word, cand)))
    return ct_edit_distance(word, cand) == 0 ? 0 : 1; /* a prefix reads as one edit */
  if (gap > limit && n <= CT_SUGGEST_LEN && m <= CT_SUGGEST_LEN) return limit + 1; /* a distance is >= gap */
  return ct_edit_distance_within(word, cand, limit);
}

#define CT_SUGGEST_MAX 512 /* candidates scored once; more are scored twice */

int ct_did_you_mean(const char *word, const char *const *cands, int n, int always, char *buf, int cap) {
  int best = -1, k, named = 0, len = 0, limit = always ? 1 << 20 : ct_near(word);
  int score[CT_SUGGEST_MAX];
  buf[0] = '\0';
  for (k = 0; k < n; ++k) {
    int s = ct_score(word, cands[k], limit);
    if (k < CT_SUGGEST_MAX) score[k] = s;
    if (best < 0 || s < best) best = s;
  }
  if (best < 0 || best > limit) return 0;
  for (k = 0; k < n && named < 3; ++k) {
    int j, dup = 0;
    if ((k < CT_SUGGEST_MAX ? score[k] : ct_score(word, cands[k], limit)) != best) continue;
    for (j = 0; j < k; ++j) dup |= strcmp(cands[j], cands[k]) == 0;
    if (dup) continue;
    len += snprintf(buf + len, (size_t)(cap > len ? cap - len : 0), "%s'%s'", named == 0 ? " (did you mean " : ", ", cands[k]);
    ++named;
    if (len >= cap) break;
  }
  if (named > 0 && len < cap) snprintf(buf + len, (size_t)(cap - len), "?)");
  if (named == 2) { /* "'x' or 'y'" reads better than "'x', 'y'" */
    char *comma = strstr(buf, "', '");
    if (comma && len + 4 < cap) {
      memmove(comma + 5, comma + 3, strlen(comma + 3) + 1);
      memcpy(comma, "' or ", 5);
    }
  }
  return named;
}

int ct_suggest_op(const char *name, char *buf, int cap) {
  static const char *names[512];
  int k, n = 0;
  for (k = 0; k < ct_num_ops && n < 512; ++k)
    if (ct_op_callable(&ct_ops[k])) names[n++] = ct_ops[k].name;
  return ct_did_you_mean(name, names, n, 0, buf, cap);
}

int ct_unknown_option(const char *cmd, const char *help, const char *opt) {
  static char words[128][40];
  const char *cands[128], *p = help;
  char hint[256], msg[512];
  int n = 0, k;
  while ((p = strstr(p, "--")) != 0 && n < 128) {
    size_t len = 2;
    while (p[len] == '-' || isalnum((unsigned char)p[len])) ++len;
    if (len > 2 && len < sizeof words[0]) {
      memcpy(words[n], p, len);
      words[n][len] = '\0';
      cands[n] = words[n];
      ++n;
    }
    p += len;
  }
  for (k = 0; k < n; ++k)
    if (strcmp(cands[k], opt) == 0) { /* a known option at the end of the line */
      snprintf(msg, sizeof msg, "%s: option '%%s' needs a value", cmd);
      return ct_usage_error(msg, opt);
    }
  ct_did_you_mean(opt, cands, n, 0, hint, sizeof hint);
  snprintf(msg, sizeof msg, "%s: unknown option '%%s'%s", cmd, hint);
  return ct_usage_error(msg, opt);
}

static int ct_bad_value(const char *opt, const char *v, const char *what) {
  char msg[512];
  snprintf(msg, sizeof msg, "%s: '%%s' is not %s", opt, what);
  return ct_usage_error(msg, v);
}

int ct_opt_int(const char *opt, const char *v, long long lo, long long hi, long long *out) {
  char *end, what[160];
  long long x;
  if (hi == INT64_MAX) snprintf(what, sizeof what, "an integer >= %lld", lo);
  else snprintf(what, sizeof what, "an integer in %lld..%lld", lo, hi);
  if (!v || !*v || isspace((unsigned char)v[0])) return ct_bad_value(opt, v ? v : "", what);
  errno = 0;
  x = strtoll(v, &end, 10);
  if (end == v || *end != '\0' || errno == ERANGE || x < lo || x > hi) return ct_bad_value(opt, v, what);
  *out = x;
  return 0;
}

int ct_opt_int32(const char *opt, const char *v, int lo, int hi, int *out) {
  long long x;
  int rc = ct_opt_int(opt, v, lo, hi, &x);
  if (rc == 0) *out = (int)x;
  return rc;
}

int ct_opt_seed(const char *opt, const char *v, uint64_t *out) {
  const char *what = "a 64-bit seed (decimal, or hex with 0x)";
  char *end;
  unsigned long long x;
  int hex = v && v[0] == '0' && (v[1] == 'x' || v[1] == 'X');
  if (!v || !isdigit((unsigned char)v[0]) || (hex && !isxdigit((unsigned char)v[2]))) return ct_bad_value(opt, v ? v : "", what);
  errno = 0;
  x = strtoull(v, &end, hex ? 16 : 10);
  if (*end != '\0' || errno == ERANGE) return ct_bad_value(opt, v, what);
  *out = (uint64_t)x;
  return 0;
}

int ct_opt_seconds(const char *opt, const char *v, double *out) {
  const char *what = "a number of seconds >= 0";
  char *end;
  double x;
  size_t k;
  if (!v || !*v) return ct_bad_value(opt, "", what);
  for (k = 0; v[k]; ++k) /* plain decimals: no inf, nan, hex floats or signs */
    if (!isdigit((unsigned char)v[k]) && v[k] != '.') return ct_bad_value(opt, v, what);
  errno = 0;
  x = strtod(v, &end);
  if (end == v || *end != '\0' || errno == ERANGE || !isfinite(x) || x < 0) return ct_bad_value(opt, v, what);
  *out = x;
  return 0;
}
