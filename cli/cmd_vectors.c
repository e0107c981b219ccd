/* cmd_vectors.c -- `cuteref vectors --write DIR` / `--check DIR`: the
 * conformance vectors of spec/vectors/ (format: spec/vectors.md),
 * regenerated from the reference: every spec example, the known
 * wrong-answer cases, and generated cases of fixed seeds. */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "conform.h"
#include "suggest.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char ct_help_vectors[] =
    "usage: cuteref vectors --write DIR [--spec SPECDIR]\n"
    "       cuteref vectors --check DIR [--spec SPECDIR]\n"
    "\n"
    "The conformance vectors (spec/vectors.md): one file DIR/<operation>.txt per\n"
    "operation, one case per line (OP, ORIGIN, REQUEST, EXPECTED, tab-separated),\n"
    "and DIR/VERSION. The cases are every example of SPECDIR/*.md (default\n"
    "DIR/..), the known wrong-answer cases, and generated cases of fixed seeds;\n"
    "the expected outcomes are the reference's.\n"
    "\n"
    "  --write  regenerate the files; VERSION's number goes up when any expected\n"
    "           outcome changed (a case added, removed or answered differently)\n"
    "  --check  regenerate in memory and fail on any difference from the files,\n"
    "           and on outcomes that changed without a version bump\n"
    "  --per-generator N  generated cases per generator (default 40)\n"
    "\n"
    "exit status: 0 up to date (or written), 1 drift, 2 usage error\n";

#define CV_SEED 0x7EC7025ull /* the seed of the generated vectors */
#define CV_FORMAT 1

/* The known wrong-answer and edge cases (spec Differences sections and the
 * issues they cite). */
static const char *const cv_known[][2] = {
    {"composition((4,6,8):(2,3,5), 6:3)", "known:cutlass#3177 stride divisibility"},
    {"composition((6,2):(1,7), (3,2):(2,3))", "known:cutlass#2955 overlapping leaves"},
    {"composition((6,1):(11,11), (4,5,6):(3,6,1))", "known:evaluation past the size"},
    {"composition((8,2):(2,12), (2,2,7):(4,4,16))", "known:overlapping leaves"},
    {"composition((4,6):(1,10), 3:2)", "known:pycute shape divisibility"},
    {"composition((4,6,8):(2,3,5), 6:1)", "known:shape divisibility"},
    {"composition((4,3,1):(3,1,0), 24)", "known:evaluation past the size"},
    {"composition((4,3,1):(3,1,0), 24:1)", "known:evaluation past the size"},
    {"composition((4,3):(3,1), 24)", "known:evaluation past the size"},
    {"composition((8,8):(8,1), 3:3)", "known:pycute stride test"},
    {"composition((8,8):(8,1), 4:3)", "known:stride divisibility"},
    {"composition((4,6,8,10):(2,3,5,7), 6:12)", "known:Shah warning 2.21"},
    {"composition((4,2,8):(3,12,97), 3:3)", "known:Cecka apparent violation"},
    {"composition(7:11, (3,5):(6,3))", "known:Cecka rank-1"},
    {"composition((4,4):(-1,1), (2,4,2):(1,2,8))", "known:negative strides"},
    {"composition((12,(4,8)):(59,(13,1)), (3,8))", "known:tiler drops modes"},
    {"composition((4,3):(1,4), 2:0)", "known:dynamic zero stride"},
    {"complement((2,2):(2,3))", "known:Shah counterexample 3"},
    {"complement((2,2):(2,3), 19)", "known:Shah counterexample 3"},
    {"complement((2,2):(1,1))", "known:non-injective complement"},
    {"complement((2,2):(1,1), 8)", "known:non-injective complement"},
    {"complement((4,2):(1,2), 16)", "known:non-injective complement"},
    {"complement((4,2):(1,10), 24)", "known:no ordered complement"},
    {"complement(4:2, 19)", "known:Shah counterexample 2"},
    {"complement(4:2, 8)", "known:cutlass#3058"},
    {"complement(4:2, 7)", "known:cutlass#1292"},
    {"complement((4,8):(1,8))", "known:Cecka default cotarget"},
    {"complement(4:0, 8)", "known:stride 0"},
    {"right_inverse((2,4):(0,1))", "known:pycute right_inverse with stride 0"},
    {"right_inverse((2,4,4,6):(4,1,0,8))", "known:pycute right_inverse with stride 0"},
    {"right_inverse((2,2,3):(3,3,1))", "known:right_inverse ties"},
    {"right_inverse((2,2):(-1,2))", "known:negative strides"},
    {"right_inverse((4,3):(3,1))", "known:dynamic strides"},
    {"right_inverse((128,3,160):(65536,512,1))", "known:partial right inverse"},
    {"left_inverse((4,2):(1,5))", "known:pycute left_inverse"},
    {"left_inverse(4:2)", "known:pycute left_inverse"},
    {"left_inverse((4,2):(1,16))", "known:pycute left_inverse"},
    {"left_inverse((2,2,2):(4,0,1))", "known:pycute left_inverse with stride 0"},
    {"left_inverse((2,2):(2,3))", "known:left_inverse divisibility"},
    {"left_inverse((2,2):(1,1))", "known:left_inverse of a non-injective layout"},
    {"left_inverse((4,2):(1,2))", "known:left_inverse of a non-injective layout"},
    {"left_inverse(4:0)", "known:left_inverse with stride 0"},
    {"left_inverse(4:-1)", "known:negative strides"},
    {"nullspace((2,2):(1,-1))", "known:negative strides"},
    {"max_common_vector(4:1, 8:1)", "known:evaluation past the size"},
    {"max_common_vector((2,3):(1,3), (3,2):(0,1))", "known:max_common without composing"},
    {"max_common_vector((2,2):(1,2), (2,2):(-1,2))", "known:negative strides"},
    {"cosize((4,4):(-1,4))", "known:cutlass#1497"},
    {"idx2crd(8, (4,2))", "known:evaluation past the size"},
    {"idx2crd(17, (3,(2,3)):(3,(12,1)))", "known:evaluation past the size"},
    {"crd2idx(25, (3,(2,3)):(3,(12,1)))", "known:evaluation past the size"},
    {"logical_product((2,5):(5,1), 4)", "known:cutlass#3478"},
    {"logical_divide((3,4):(4,1), 2:1)", "known:C++ and pycute differ"},
    {"logical_divide((_32,_4,4), _64)", "known:static and dynamic"},
    {"logical_divide(2, 32)", "known:static and dynamic"},
    {"logical_divide((6,1):(1,1), 4:1)", "known:ragged tiles into the extension"},
    {"zipped_product((2,2):(1,2), <2:1, 3:1>)", "known:pycute shape divisibility"},
    {"raked_product(4:2, 6:1)", "known:rank 1"},
    {"upcast((4,8):(1,4), 2)", "known:dynamic strides"},
};

typedef struct {
  char *op, *origin, *req, *expected;
} cv_case;

typedef struct {
  cv_case *c;
  int n, cap;
} cv_list;

static int cv_cmp_str(const void *a, const void *b);

/* Every allocation is checked (issue 44): out of memory, the command stops
 * with a message rather than writing through a null pointer. */
static void *cv_realloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) {
    fputs("cuteref: out of memory\n", stderr);
    exit(2);
  }
  return q;
}

static char *cv_dup(const char *s) {
  size_t n = strlen(s) + 1;
  return (char *)memcpy(cv_realloc(0, n), s, n);
}

/* ---- files that are not regular files (issue 44) ------------------------------ */

static const char *cv_kind(mode_t m) {
  if (S_ISDIR(m)) return "a directory";
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISSOCK(m)) return "a socket";
  return "not a regular file";
}

FILE *ct_open_regular(const char *path, char *why, int cap) {
  struct stat st;
  int fd, err;
  FILE *f;
  /* stat first: opening a FIFO blocks until a writer comes, and opening a
   * device may act on it */
  if (stat(path, &st) != 0) {
    err = errno;
    snprintf(why, (size_t)cap, "%s", err == ENOENT ? "does not exist" : strerror(err));
    errno = err;
    return 0;
  }
  if (!S_ISREG(st.st_mode)) {
    snprintf(why, (size_t)cap, "is %s, not a regular file", cv_kind(st.st_mode));
    errno = EINVAL;
    return 0;
  }
  /* O_NONBLOCK and fstat: what was stat'ed may have been replaced since */
  fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    err = errno;
    snprintf(why, (size_t)cap, "cannot be opened: %s", strerror(err));
    errno = err == ENOENT ? EINVAL : err;
    return 0;
  }
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    snprintf(why, (size_t)cap, "is not a regular file");
    errno = EINVAL;
    return 0;
  }
  if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0 || (f = fdopen(fd, "r")) == 0) {
    err = errno;
    close(fd);
    snprintf(why, (size_t)cap, "cannot be read: %s", strerror(err));
    errno = EINVAL;
    return 0;
  }
  return f;
}

/* The .txt files (and the VERSION) of a directory, sorted (each and the
 * array malloc'd): their number, or -1 (errno set) when dir cannot be read.
 * All of them, however many (only 512 were read before, issue 44). */
static int cv_dir_names(const char *dir, const char *suffix, char ***names) {
  DIR *d = opendir(dir);
  struct dirent *de;
  int nn = 0, cap = 0;
  size_t sl = strlen(suffix);
  *names = 0;
  if (!d) return -1;
  while ((de = readdir(d)) != 0) {
    size_t len = strlen(de->d_name);
    if (len <= sl || strcmp(de->d_name + len - sl, suffix) != 0) continue;
    if (nn == cap) {
      cap = cap ? 2 * cap : 128;
      *names = (char **)cv_realloc(*names, sizeof **names * (size_t)cap);
    }
    (*names)[nn++] = cv_dup(de->d_name);
  }
  closedir(d);
  if (nn) qsort(*names, (size_t)nn, sizeof **names, cv_cmp_str);
  return nn;
}

static void cv_free_names(char **names, int nn) {
  int k;
  for (k = 0; k < nn; ++k) free(names[k]);
  free(names);
}

/* Every .txt file and the VERSION of dir is a regular file that can be
 * opened: else the first that is not is named (on stderr, as `cuteref
 * CMD: ...`) and the result is -1. With max_files > 0, more .txt files than
 * that are an error too (a reader that keeps only max_files would drop the
 * rest silently). */
int cv_vectors_dir_check(const char *cmd, const char *dir, int max_files) {
  struct stat st;
  char **names, path[4096], why[256];
  int nn, k, rc = 0;
  if (stat(dir, &st) != 0) {
    fprintf(stderr, "cuteref %s: the vectors directory '%s' %s\n", cmd, dir,
            errno == ENOENT ? "does not exist" : strerror(errno));
    return -1;
  }
  if (!S_ISDIR(st.st_mode)) {
    fprintf(stderr, "cuteref %s: '%s' is %s, not a directory of vectors\n", cmd, dir,
            S_ISREG(st.st_mode) ? "a regular file" : cv_kind(st.st_mode));
    return -1;
  }
  nn = cv_dir_names(dir, ".txt", &names);
  if (nn < 0) {
    fprintf(stderr, "cuteref %s: cannot read the directory '%s': %s\n", cmd, dir, strerror(errno));
    return -1;
  }
  if (max_files > 0 && nn > max_files) {
    fprintf(stderr, "cuteref %s: '%s' holds %d .txt files, more than the %d this command reads\n", cmd, dir, nn,
            max_files);
    rc = -1;
  }
  for (k = -1; k < nn && rc == 0; ++k) {
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, k < 0 ? "VERSION" : names[k]);
    f = ct_open_regular(path, why, sizeof why);
    if (f) fclose(f);
    else if (k >= 0 || errno != ENOENT) { /* no VERSION is allowed: conform reads version 0 */
      fprintf(stderr, "cuteref %s: %s %s\n", cmd, path, why);
      rc = -1;
    }
  }
  cv_free_names(names, nn);
  return rc;
}

static int cv_has(const cv_list *L, const char *req) {
  int k;
  for (k = 0; k < L->n; ++k)
    if (strcmp(L->c[k].req, req) == 0) return 1;
  return 0;
}

static void cv_add(cv_list *L, const char *req, const char *op, const char *origin) {
  char opbuf[CF_OP_CAP], exp[CF_REQ_CAP], clean[CF_REQ_CAP];
  int k;
  snprintf(clean, sizeof clean, "%s", req);
  for (k = 0; clean[k]; ++k)
    if (clean[k] == '\t' || clean[k] == '\r' || clean[k] == '\n') clean[k] = ' ';
  if (!clean[0] || cv_has(L, clean)) return;
  if (!op) {
    cf_request_op(clean, opbuf, sizeof opbuf);
    op = opbuf;
  }
  cf_reference(clean, exp, sizeof exp);
  if (L->n == L->cap) {
    L->cap = L->cap ? 2 * L->cap : 1024;
    L->c = (cv_case *)cv_realloc(L->c, sizeof(cv_case) * (size_t)L->cap);
  }
  L->c[L->n].op = cv_dup(op);
  L->c[L->n].origin = cv_dup(origin);
  L->c[L->n].req = cv_dup(clean);
  L->c[L->n].expected = cv_dup(exp);
  ++L->n;
}

static int cv_cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static char *cv_trim(char *s) {
  char *end;
  while (*s == ' ' || *s == '\t') ++s;
  end = s + strlen(s);
  while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n' || end[-1] == '\r')) --end;
  *end = '\0';
  return s;
}

/* Every example of every page: the expression before ` => `, ` = ` or ` ! `.
 * 1; 0 when specdir cannot be read; -1 when a page cannot (printed): every
 * page is read, or the vectors are not made (issue 44). */
static int cv_spec_examples(cv_list *L, const char *specdir) {
  char **names, path[4096], origin[512], why[256], *line = 0;
  size_t cap = 0;
  int nn = cv_dir_names(specdir, ".md", &names), k, rc = 1;
  if (nn < 0) return 0;
  for (k = 0; k < nn; ++k) {
    FILE *f;
    int in_block = 0;
    snprintf(path, sizeof path, "%.3800s/%.255s", specdir, names[k]);
    snprintf(origin, sizeof origin, "spec/%s", names[k]);
    f = ct_open_regular(path, why, sizeof why);
    if (!f) {
      fprintf(stderr, "cuteref vectors: the spec page %s %s\n", path, why);
      rc = -1;
      break;
    }
    while (getline(&line, &cap, f) >= 0) { /* whole lines: a long one is never cut in two */
      char *t = cv_trim(line), *op;
      if (strncmp(t, "```", 3) == 0) {
        in_block = in_block ? 0 : strcmp(t + 3, "cuteref") == 0;
        continue;
      }
      if (!in_block || !t[0] || t[0] == '#') continue;
      if ((op = strstr(t, " => ")) == 0 && (op = strstr(t, " = ")) == 0 && (op = strstr(t, " ! ")) == 0) continue;
      *op = '\0';
      cv_add(L, cv_trim(t), 0, origin);
    }
    if (ferror(f)) {
      fprintf(stderr, "cuteref vectors: the spec page %s cannot be read: %s\n", path, strerror(errno));
      rc = -1;
    }
    fclose(f);
    if (rc < 0) break;
  }
  free(line);
  cv_free_names(names, nn);
  return rc;
}

static void cv_build(cv_list *L, const char *specdir, int per_gen, int *spec_ok) {
  int g;
  size_t k;
  char buf[CF_REQ_CAP], origin[256];
  *spec_ok = cv_spec_examples(L, specdir);
  if (*spec_ok <= 0) return;
  for (k = 0; k < sizeof cv_known / sizeof cv_known[0]; ++k) cv_add(L, cv_known[k][0], 0, cv_known[k][1]);
  for (k = 0; k < (size_t)ct_num_ops; ++k) /* the registry's generators, in table order */
    for (g = 0; g < CT_OP_GENS && ct_ops[k].gens[g].name && ct_op_callable(&ct_ops[k]); ++g) {
      const ct_op_gen *G = &ct_ops[k].gens[g];
      int i;
      for (i = 0; i < per_gen; ++i) {
        if (cf_gen_request(G, CV_SEED, (uint64_t)i, buf, sizeof buf) < 0) break;
        snprintf(origin, sizeof origin, "gen:%s:0x%llx:%d", G->name, (unsigned long long)CV_SEED, i);
        cv_add(L, buf, ct_ops[k].name, origin);
      }
    }
}

/* The operations, sorted; returns their number. */
static int cv_ops(const cv_list *L, const char **ops, int cap) {
  int n = 0, k, j;
  for (k = 0; k < L->n; ++k) {
    for (j = 0; j < n; ++j)
      if (strcmp(ops[j], L->c[k].op) == 0) break;
    if (j == n && n < cap) ops[n++] = L->c[k].op;
  }
  qsort(ops, (size_t)n, sizeof ops[0], cv_cmp_str);
  return n;
}

/* A growing text buffer. */
typedef struct {
  char *s;
  size_t n, cap;
} cv_buf;

static void cv_puts(cv_buf *b, const char *s) {
  size_t len = strlen(s);
  if (b->n + len + 1 > b->cap) {
    while (b->n + len + 1 > b->cap) b->cap = b->cap ? 2 * b->cap : 65536;
    b->s = (char *)cv_realloc(b->s, b->cap);
  }
  memcpy(b->s + b->n, s, len + 1);
  b->n += len;
}

static const char cv_magic[] = "# cuteref conformance vectors";

/* The file of one operation. */
static void cv_file_text(const cv_list *L, const char *op, cv_buf *b, uint64_t *digest) {
  int k, n = 0;
  char line[CF_REQ_CAP * 2 + 600];
  for (k = 0; k < L->n; ++k) n += strcmp(L->c[k].op, op) == 0;
  b->n = 0;
  snprintf(line, sizeof line,
           "%s: %s (format %d, spec/vectors.md); %d cases.\n"
           "# Generated by `cuteref vectors --write spec/vectors`; do not edit.\n"
           "# OP<tab>ORIGIN<tab>REQUEST<tab>EXPECTED\n",
           cv_magic, op, CV_FORMAT, n);
  cv_puts(b, line);
  for (k = 0; k < L->n; ++k) {
    const cv_case *c = &L->c[k];
    if (strcmp(c->op, op) != 0) continue;
    snprintf(line, sizeof line, "%s\t%s\t%s\t%s\n", c->op, c->origin, c->req, c->expected);
    cv_puts(b, line);
    snprintf(line, sizeof line, "%s\t%s\t%s\n", c->op, c->req, c->expected);
    *digest = cf_fnv(*digest, line);
  }
}

/* The longest vectors file read (the largest of spec/vectors/ is 21 KB): a
 * bound on memory whatever the file (issue 44). */
#define CV_FILE_MAX (64L << 20)

/* A regular file's text (malloc'd), or 0 with why saying what happened
 * (errno ENOENT when it does not exist). *nul_at: the offset of its first
 * NUL byte, or -1. */
static char *cv_read_file(const char *path, char *why, int cap, long *nul_at) {
  FILE *f = ct_open_regular(path, why, cap);
  cv_buf b;
  char chunk[8192];
  size_t got;
  *nul_at = -1;
  if (!f) return 0;
  memset(&b, 0, sizeof b);
  cv_puts(&b, "");
  while ((got = fread(chunk, 1, sizeof chunk - 1, f)) > 0) {
    size_t k;
    /* a NUL byte would end the text there and hide what follows (a file
     * with garbage after a NUL passed --check): it reads as 0x01, which no
     * vectors file holds, so the file differs (issue 17) */
    for (k = 0; k < got; ++k)
      if (chunk[k] == '\0') {
        if (*nul_at < 0) *nul_at = (long)(b.n + k);
        chunk[k] = '\x01';
      }
    chunk[got] = '\0';
    cv_puts(&b, chunk);
    if ((long)b.n > CV_FILE_MAX) {
      snprintf(why, (size_t)cap, "is larger than %ld bytes", CV_FILE_MAX);
      break;
    }
  }
  if (ferror(f)) snprintf(why, (size_t)cap, "cannot be read: %s", strerror(errno));
  if (ferror(f) || (long)b.n > CV_FILE_MAX) {
    fclose(f);
    free(b.s);
    errno = EINVAL;
    return 0;
  }
  fclose(f);
  return b.s;
}

/* The longest line `conform --vectors` reads (cf_load_vectors' buffer in
 * conform_cases.c, with its NUL). */
#define CV_LINE_CAP (CF_REQ_CAP * 2 + 256)

/* The lines of a vectors file's text that `conform --vectors` refuses,
 * each printed (at most `room`) with what is wrong with it: a NUL byte
 * (nul_at, from cv_read_file), over-long, or not four tab-separated fields.
 * Their number. --check said "the text differs" or "changed without a
 * version bump" of such files (issue 44). */
static int cv_bad_lines(const char *path, const char *text, long nul_at, int room) {
  const char *s = text;
  int lineno = 0, bad = 0;
  char *line = (char *)cv_realloc(0, CV_LINE_CAP), *f[4];
  while (*s) {
    const char *nl = strchr(s, '\n');
    size_t len = nl ? (size_t)(nl - s) : strlen(s);
    long at = (long)(s - text);
    int nul = nul_at >= at && nul_at <= at + (long)len, shown = bad < room;
    ++lineno;
    if (len > 0 && s[len - 1] == '\r') --len;
    if (nul) {
      if (shown) printf("FAILED: %s:%d: the line holds a NUL byte\n", path, lineno);
      ++bad;
    } else if (len >= CV_LINE_CAP) {
      if (shown)
        printf("FAILED: %s:%d: the line is %zu bytes long, longer than the %d that conform reads\n", path, lineno, len,
               CV_LINE_CAP - 1);
      ++bad;
    } else if (len > 0 && *s != '#') {
      memcpy(line, s, len);
      line[len] = '\0';
      if (!cf_vector_fields(line, f)) {
        if (shown)
          printf("FAILED: %s:%d: the line is no vector line (OP, ORIGIN, REQUEST, EXPECTED separated by tabs)\n",
                 path, lineno);
        ++bad;
      }
    }
    if (!nl) break;
    s = nl + 1;
  }
  free(line);
  return bad;
}

/* The next case of a vectors file's text at *p (comments, blank and
 * over-long lines skipped): its four tab-separated fields in f, split in
 * line (cap bytes) as `conform --vectors` splits them (cf_vector_fields; a
 * \r before the \n dropped), so that both read the same cases
 * (fuzz/fuzz_vectors.c). Advances *p; 0 at the end. */
int cv_next_case(const char **p, char *line, size_t cap, char *f[4]) {
  while (*p && **p) {
    const char *s = *p, *nl = strchr(s, '\n');
    size_t len = nl ? (size_t)(nl - s) : strlen(s);
    *p = nl ? nl + 1 : 0;
    if (len > 0 && s[len - 1] == '\r') --len;
    if (len < cap && *s != '#' && len > 0) {
      memcpy(line, s, len);
      line[len] = '\0';
      if (cf_vector_fields(line, f)) return 1;
    }
  }
  return 0;
}

/* The digest of the outcomes in an existing file's text (and its cases). */
uint64_t cv_text_digest(const char *text, uint64_t h, int *cases) {
  const char *p = text;
  char line[CF_REQ_CAP * 2 + 600], *f[4];
  while (cv_next_case(&p, line, sizeof line, f)) {
    char d[CF_REQ_CAP * 2 + 620];
    snprintf(d, sizeof d, "%s\t%s\t%s\n", f[0], f[2], f[3]);
    h = cf_fnv(h, d);
    ++*cases;
  }
  return h;
}

/* A file of DIR written by this command (it starts with the magic line). */
static int cv_is_ours(const char *path) {
  char why[256];
  long nul_at;
  char *t = cv_read_file(path, why, sizeof why, &nul_at);
  int ours = t && strncmp(t, cv_magic, sizeof cv_magic - 1) == 0;
  free(t);
  return ours;
}

/* DIR/VERSION: 1 read (*version, *digest), 0 when there is none, -1 when
 * it cannot be used, why saying what happened: not a regular file,
 * unreadable, a line too long or with a NUL byte, no version or no digest
 * line (--check blamed all of these on a digest mismatch, issue 44). */
static int cv_read_version(const char *dir, int *version, uint64_t *digest, char *why, int cap) {
  char path[4096], line[256], ow[200];
  const char *bad;
  FILE *f;
  int lineno = 0, has_version = 0, has_digest = 0;
  *version = 0;
  *digest = 0;
  snprintf(path, sizeof path, "%s/VERSION", dir);
  f = ct_open_regular(path, ow, sizeof ow);
  if (!f) {
    snprintf(why, (size_t)cap, "%s %s", path, ow);
    return errno == ENOENT ? 0 : -1;
  }
  while (cf_read_line(f, line, (int)sizeof line, &bad)) {
    unsigned long long d;
    int v, end = 0;
    ++lineno;
    if (bad) {
      if (strcmp(bad, "is too long") == 0)
        snprintf(why, (size_t)cap, "%s:%d: the line is longer than %d bytes", path, lineno, (int)sizeof line - 1);
      else
        snprintf(why, (size_t)cap, "%s:%d: the line %s", path, lineno, bad);
      fclose(f);
      return -1;
    }
    if (sscanf(line, "version %9d%n", &v, &end) == 1 && line[end] == '\0' && v >= 0) {
      *version = v;
      has_version = 1;
    } else if (sscanf(line, "digest %16llx%n", &d, &end) == 1 && line[end] == '\0') {
      *digest = (uint64_t)d;
      has_digest = 1;
    }
  }
  if (ferror(f)) snprintf(why, (size_t)cap, "%s cannot be read: %s", path, strerror(errno));
  else if (!has_version) snprintf(why, (size_t)cap, "%s has no line `version N`", path);
  else if (!has_digest) snprintf(why, (size_t)cap, "%s has no line `digest HEX`", path);
  else lineno = -1; /* all read */
  fclose(f);
  return lineno < 0 ? 1 : -1;
}

static void cv_version_text(cv_buf *b, int version, int cases, int files, uint64_t digest) {
  char line[1024];
  b->n = 0;
  snprintf(line, sizeof line,
           "# The version of the cuteref conformance vectors (spec/vectors.md).\n"
           "# Written by `cuteref vectors --write spec/vectors`. The version goes up\n"
           "# whenever an expected outcome changes: a case added, removed or answered\n"
           "# differently. The digest is FNV-1a 64 over the lines OP<tab>REQUEST<tab>EXPECTED\\n\n"
           "# of every case, files in name order, cases in file order.\n"
           "format %d\nversion %d\ncases %d\nfiles %d\ndigest %016llx\n",
           CV_FORMAT, version, cases, files, (unsigned long long)digest);
  cv_puts(b, line);
}

/* Lists how an old file's cases differ from the new ones (at most `room` lines). */
static int cv_explain(const char *op, const char *old, const char *neu, int room) {
  const char *p = old;
  int shown = 0;
  char line[CF_REQ_CAP * 2 + 600], want[CF_REQ_CAP * 2 + 600], *f[4];
  /* cases whose expected outcome differs, or that are gone */
  while (shown < room && cv_next_case(&p, line, sizeof line, f)) {
    const char *hit;
    snprintf(want, sizeof want, "\t%s\t", f[2]);
    hit = strstr(neu, want);
    if (!hit) {
      printf("  %s: case removed: %s\n", op, f[2]);
      ++shown;
    } else {
      const char *e = hit + strlen(want), *end = strchr(e, '\n');
      size_t el = end ? (size_t)(end - e) : strlen(e);
      if (el != strlen(f[3]) || strncmp(e, f[3], el) != 0) {
        printf("  %s: %s: the vectors say `%s`, the reference now answers `%.*s`\n", op, f[2], f[3], (int)el, e);
        ++shown;
      }
    }
  }
  /* new cases */
  p = neu;
  while (shown < room && cv_next_case(&p, line, sizeof line, f)) {
    snprintf(want, sizeof want, "\t%s\t", f[2]);
    if (!strstr(old, want)) {
      printf("  %s: new case: %s -> %s\n", op, f[2], f[3]);
      ++shown;
    }
  }
  if (shown == 0) {
    printf("  %s: the text differs (origins, order or header)\n", op);
    ++shown;
  }
  return shown;
}

/* The result of a build: its cases, their operations, and the digest of
 * their outcomes. */
typedef struct {
  cv_list L;
  const char *ops[512];
  int nops;
  uint64_t digest;
} cv_built;

/* Writes text to path: 0, or 2 with a message (a full disk is not success). */
static int cv_write_text(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  int bad;
  if (!f) {
    fprintf(stderr, "cuteref vectors: cannot write %s: %s\n", path, strerror(errno));
    return 2;
  }
  bad = fputs(text, f) < 0;
  bad |= fclose(f) != 0;
  if (bad) {
    fprintf(stderr, "cuteref vectors: writing %s failed: %s\n", path, strerror(errno));
    return 2;
  }
  return 0;
}

/* --write: every operation's file (files of operations without cases any
 * more removed) and VERSION, bumped when the digest changed. dir has been
 * checked (cv_vectors_dir_check): its .txt files and VERSION are regular
 * files, so no open below blocks on a FIFO. */
static int cv_write(const char *dir, cv_built *B, int found, int version, uint64_t old_digest) {
  static cv_buf b, vb; /* static: reachable at exit (LeakSanitizer) */
  char path[4096], **names;
  int k, j, nn, stale = 0, new_version = !found ? 1 : B->digest != old_digest ? version + 1 : version;
  memset(&b, 0, sizeof b);
  memset(&vb, 0, sizeof vb);
  nn = cv_dir_names(dir, ".txt", &names);
  if (nn < 0) {
    fprintf(stderr, "cuteref vectors: cannot read the directory '%s': %s\n", dir, strerror(errno));
    return 2;
  }
  for (k = 0; k < nn; ++k) { /* files of operations that no longer have cases */
    size_t len = strlen(names[k]);
    int keep = 0;
    for (j = 0; j < B->nops; ++j)
      if (strlen(B->ops[j]) == len - 4 && strncmp(B->ops[j], names[k], len - 4) == 0) keep = 1;
    snprintf(path, sizeof path, "%s/%s", dir, names[k]);
    if (!keep && cv_is_ours(path)) {
      remove(path);
      ++stale;
    }
  }
  cv_free_names(names, nn);
  for (k = 0; k < B->nops; ++k) {
    uint64_t ignore = 0;
    cv_file_text(&B->L, B->ops[k], &b, &ignore);
    snprintf(path, sizeof path, "%s/%s.txt", dir, B->ops[k]);
    if (cv_write_text(path, b.s)) return 2;
  }
  cv_version_text(&vb, new_version, B->L.n, B->nops, B->digest);
  snprintf(path, sizeof path, "%s/VERSION", dir);
  if (cv_write_text(path, vb.s)) return 2;
  printf("vectors: wrote %d cases in %d files to %s, version %d (%s)%s\n", B->L.n, B->nops, dir, new_version,
         !found ? "new" : new_version != version ? "outcomes changed: version bumped" : "outcomes unchanged",
         stale ? ", stale files removed" : "");
  return 0;
}

/* --check: the files' outcomes match VERSION's digest, each operation's file
 * is what the reference gives now, no file is left without cases. Returns
 * the number of problems (printed), or -2 when dir cannot be read. */
static int cv_check(const char *dir, cv_built *B, int version, uint64_t old_digest) {
  uint64_t files_digest = 0;
  int files_cases = 0, shown = 0, problems = 0, unread = 0, nn, j, k;
  char **names, path[4096], why[256];
  long nul_at;
  static cv_buf b; /* static: reachable at exit (LeakSanitizer) */
  memset(&b, 0, sizeof b);
  nn = cv_dir_names(dir, ".txt", &names);
  if (nn < 0) return -ct_usage_error("cannot open the directory '%s'", dir);
  for (j = 0; j < nn; ++j) { /* every file, however many; each read whole or named */
    char *old;
    int bad;
    snprintf(path, sizeof path, "%s/%s", dir, names[j]);
    old = cv_read_file(path, why, sizeof why, &nul_at);
    if (!old) {
      printf("FAILED: %s %s\n", path, why);
      ++problems;
      ++unread;
      continue;
    }
    bad = cv_bad_lines(path, old, nul_at, shown < 40 ? 40 - shown : 0);
    if (bad) {
      shown += bad;
      ++problems;
      ++unread;
    }
    files_digest = cv_text_digest(old, files_digest, &files_cases);
    free(old);
  }
  /* with a file or line unread, the digest cannot be compared: what was
   * not read is the problem, not a version bump */
  if (!unread && files_digest != old_digest) {
    printf("FAILED: the expected outcomes in %s changed without a version bump (VERSION %d has digest %016llx, the "
           "files give %016llx): run cuteref vectors --write %s\n",
           dir, version, (unsigned long long)old_digest, (unsigned long long)files_digest, dir);
    ++problems;
  }
  for (k = 0; k < B->nops; ++k) {
    char *old;
    uint64_t ignore = 0;
    cv_file_text(&B->L, B->ops[k], &b, &ignore);
    snprintf(path, sizeof path, "%s/%s.txt", dir, B->ops[k]);
    old = cv_read_file(path, why, sizeof why, &nul_at);
    if (!old && errno == ENOENT) {
      printf("FAILED: %s is missing (operation %s)\n", path, B->ops[k]);
      ++problems;
    } else if (!old) {
      printf("FAILED: %s %s (operation %s)\n", path, why, B->ops[k]);
      ++problems;
    } else if (strcmp(old, b.s) != 0) {
      printf("FAILED: %s differs from what the reference gives now:\n", path);
      shown += cv_explain(B->ops[k], old, b.s, shown < 40 ? 40 - shown : 0);
      ++problems;
    }
    free(old);
  }
  for (j = 0; j < nn; ++j) {
    int known = 0;
    size_t len = strlen(names[j]);
    for (k = 0; k < B->nops; ++k)
      if (strlen(B->ops[k]) == len - 4 && strncmp(B->ops[k], names[j], len - 4) == 0) known = 1;
    if (!known) {
      printf("FAILED: %s/%s has no cases any more\n", dir, names[j]);
      ++problems;
    }
  }
  cv_free_names(names, nn);
  if (B->digest != old_digest && problems)
    printf("the expected outcomes changed: `cuteref vectors --write %s` writes them as version %d\n", dir, version + 1);
  else if (problems)
    printf("only origins or order changed: `cuteref vectors --write %s` keeps version %d\n", dir, version);
  return problems;
}

int ct_cmd_vectors(int argc, char **argv) {
  const char *dir = 0, *specdir = 0;
  int write = 0, check = 0, per_gen = 40, k, spec_ok, version, found, problems;
  char specbuf[4096], why[4400];
  /* static: the cases live until the process exits (reachable then, so
   * LeakSanitizer has nothing to report under --config=asan) */
  static cv_built B;
  static cv_buf b;
  uint64_t old_digest;
  for (k = 0; k < argc; ++k) {
    const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : 0;
    if (strcmp(a, "--write") == 0 && v) { write = 1; dir = v; ++k; }
    else if (strcmp(a, "--check") == 0 && v) { check = 1; dir = v; ++k; }
    else if (strcmp(a, "--spec") == 0 && v) { specdir = v; ++k; }
    else if (strcmp(a, "--per-generator") == 0 && v) {
      if (ct_opt_int32(a, v, 1, 1000000, &per_gen)) return 2;
      ++k;
    }
    else return ct_unknown_option("vectors", ct_help_vectors, a);
  }
  if (write + check != 1) return ct_usage_error("%s", "vectors needs exactly one of --write DIR and --check DIR");
  if (!specdir) {
    snprintf(specbuf, sizeof specbuf, "%s/..", dir);
    specdir = specbuf;
  }
  /* at once, before the cases are made: what is not a regular file is
   * refused, never opened (a FIFO would block, /dev/zero never end) */
  if (cv_vectors_dir_check("vectors", dir, 0) < 0) return 2;
  memset(&B, 0, sizeof B);
  memset(&b, 0, sizeof b);
  cv_build(&B.L, specdir, per_gen, &spec_ok);
  if (spec_ok < 0) return 2;
  if (!spec_ok) return ct_usage_error("cannot read the spec pages in '%s'", specdir);
  B.nops = cv_ops(&B.L, B.ops, 512);
  for (k = 0; k < B.nops; ++k) cv_file_text(&B.L, B.ops[k], &b, &B.digest);
  found = cv_read_version(dir, &version, &old_digest, why, sizeof why);
  if (write && found < 0) {
    fprintf(stderr, "cuteref vectors: %s: mend it, or remove it to start again at version 1\n", why);
    return 2;
  }
  if (write) return cv_write(dir, &B, found, version, old_digest);
  if (found < 0) {
    printf("FAILED: %s\n0 passed, 1 failed\n", why);
    return 1;
  }
  if (!found) {
    printf("FAILED: %s/VERSION is missing: run cuteref vectors --write %s\n", dir, dir);
    return 1;
  }
  problems = cv_check(dir, &B, version, old_digest);
  if (problems < 0) return 2;
  if (!problems) printf("vectors: %d cases in %d files, version %d: up to date\n", B.L.n, B.nops, version);
  printf("%d passed, %d failed\n", problems ? 0 : 1, problems);
  return problems ? 1 : 0;
}
