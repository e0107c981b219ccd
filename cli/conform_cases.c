/* conform_cases.c -- the requests of a run (spec/protocol.md, "Cases"):
 * the conformance vectors (spec/vectors.md, "Files" and "Cases"), a cases
 * file, random requests from the registry's generators; each request once,
 * of the operations --ops selects. */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "conform.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cf_op_selected(const char *ops, const char *op) {
  size_t n = strlen(op);
  while (ops && *ops) {
    const char *c = strchr(ops, ',');
    size_t len = c ? (size_t)(c - ops) : strlen(ops);
    if (len == n && strncmp(ops, op, n) == 0) return 1;
    if (!c) return 0;
    ops = c + 1;
  }
  return ops == 0;
}

/* Adds a request (once); returns 1 if added. */
static int cf_add(cf_list *L, const char *req, const char *op, const char *origin) {
  char opbuf[CF_OP_CAP];
  cf_item *it;
  if (!op) {
    cf_request_op(req, opbuf, sizeof opbuf);
    op = opbuf;
  }
  if (!cf_op_selected(L->ops, op) || cf_map_find(&L->seen, req) >= 0 || strlen(req) >= CF_REQ_CAP - 1 || !req[0])
    return 0;
  if (L->n == L->cap) {
    L->cap = L->cap ? L->cap * 2 : 1024;
    L->items = (cf_item *)cf_checked(realloc(L->items, sizeof(cf_item) * (size_t)L->cap));
  }
  it = &L->items[L->n];
  memset(it, 0, sizeof *it);
  it->req = cf_dup(req);
  it->origin = cf_dup(origin);
  snprintf(it->op, sizeof it->op, "%s", op);
  it->cex = -1;
  cf_map_put(&L->seen, req, L->n);
  ++L->n;
  return 1;
}

static int cf_cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

/* Splits a vector line OP \t ORIGIN \t REQUEST \t EXPECTED in place. */
int cf_vector_fields(char *line, char **f) {
  int n = 0;
  char *p = line;
  f[n++] = p;
  while ((p = strchr(p, '\t')) != 0 && n < 4) {
    *p++ = '\0';
    f[n++] = p;
  }
  return n == 4 && !strchr(f[3], '\t');
}

/* One line of f into buf (without its \n and a \r before it): 1, or 0 at
 * the end of the file. A line that does not fit in cap bytes, or that holds
 * a NUL byte, is read to its end and *bad says why: it is never cut into
 * pieces that would read as lines of their own (issue 17). */
int cf_read_line(FILE *f, char *buf, int cap, const char **bad) {
  int n = 0, ch, any = 0;
  *bad = 0;
  while ((ch = getc(f)) != EOF) {
    any = 1;
    if (ch == '\n') break;
    if (ch == '\0') *bad = "holds a NUL byte";
    else if (n < cap - 1) buf[n++] = (char)ch;
    else *bad = "is too long";
  }
  if (!any) return 0;
  if (n > 0 && buf[n - 1] == '\r') --n;
  buf[n] = '\0';
  return 1;
}

int cf_load_vectors(cf_list *L, const char *dir, int *version, int *count, int *drift) {
  DIR *d = opendir(dir);
  struct dirent *de;
  char *names[512], path[4096], line[CF_REQ_CAP * 2 + 256];
  int nn = 0, k;
  if (!d) return 0;
  while ((de = readdir(d)) != 0 && nn < 512) {
    size_t len = strlen(de->d_name);
    if (len > 4 && strcmp(de->d_name + len - 4, ".txt") == 0) names[nn++] = cf_dup(de->d_name);
  }
  closedir(d);
  qsort(names, (size_t)nn, sizeof names[0], cf_cmp_str);
  *version = 0;
  snprintf(path, sizeof path, "%s/VERSION", dir);
  {
    FILE *f = fopen(path, "r");
    if (f) {
      while (fgets(line, sizeof line, f))
        if (sscanf(line, "version %d", version) == 1) break;
      fclose(f);
    }
  }
  for (k = 0; k < nn; ++k) {
    FILE *f;
    int lineno = 0;
    snprintf(path, sizeof path, "%s/%s", dir, names[k]);
    free(names[k]);
    f = fopen(path, "r");
    if (!f) continue;
    const char *bad;
    while (cf_read_line(f, line, (int)sizeof line, &bad)) {
      char *fl[4], expected[CF_REQ_CAP];
      ++lineno;
      if (!bad && (line[0] == '#' || line[0] == '\0')) continue;
      if (bad || !cf_vector_fields(line, fl)) {
        fprintf(stderr, "cuteref conform: %s:%d: not a vector line (%s)\n", path, lineno,
                bad ? bad : "OP, ORIGIN, REQUEST, EXPECTED separated by tabs");
        fclose(f);
        while (++k < nn) free(names[k]);
        return -1;
      }
      if (cf_add(L, fl[2], fl[0], fl[1])) {
        ++*count;
        cf_reference(fl[2], expected, sizeof expected);
        if (strcmp(expected, fl[3]) != 0) ++*drift;
      }
    }
    fclose(f);
  }
  return 1;
}

/* why: what is wrong with the file when it cannot be read (0 returned):
 * only a regular file or `-` is read (issue 44: /dev/zero was read for
 * ever, a FIFO hung). */
int cf_load_cases(cf_list *L, const char *file, int *count, char *why, int cap) {
  FILE *f = strcmp(file, "-") == 0 ? stdin : ct_open_regular(file, why, cap);
  char line[CF_REQ_CAP * 2 + 256], origin[4200];
  int lineno = 0;
  const char *bad;
  if (!f) return 0;
  while (cf_read_line(f, line, (int)sizeof line, &bad)) {
    char *req = line, *fl[4];
    ++lineno;
    if (bad) {
      fprintf(stderr, "cuteref conform: %s:%d: the line %s: skipped\n", file, lineno, bad);
      continue;
    }
    if (line[0] == '#' || line[0] == '\0') continue;
    snprintf(origin, sizeof origin, "%s:%d", file, lineno);
    if (strchr(line, '\t')) { /* a vector line: its request and origin */
      if (!cf_vector_fields(line, fl)) continue;
      req = fl[2];
      snprintf(origin, sizeof origin, "%s", fl[1]);
    }
    *count += cf_add(L, req, 0, origin);
  }
  if (f != stdin) fclose(f);
  return 1;
}

/* *drawn: the requests drawn; returns how many of them were new (a small
 * generator repeats itself, and a repeat is sent once). */
int cf_load_random(cf_list *L, int per_op, uint64_t seed, int *drawn) {
  int k, i, added = 0;
  *drawn = 0;
  char buf[CF_REQ_CAP], origin[256];
  for (k = 0; k < ct_num_ops; ++k) { /* each operation from its generators in turn */
    const ct_op *op = &ct_ops[k];
    int ng = 0;
    while (ng < CT_OP_GENS && op->gens[ng].name) ++ng;
    if (ng == 0 || !ct_op_callable(op) || !cf_op_selected(L->ops, op->name)) continue;
    for (i = 0; i < per_op; ++i) {
      const ct_op_gen *G = &op->gens[i % ng];
      uint64_t index = (uint64_t)(i / ng);
      if (cf_gen_request(G, seed, index, buf, sizeof buf) < 0) continue;
      snprintf(origin, sizeof origin, "gen:%s:0x%llx:%llu", G->name, (unsigned long long)seed,
               (unsigned long long)index);
      ++*drawn;
      added += cf_add(L, buf, op->name, origin);
    }
  }
  return added;
}
