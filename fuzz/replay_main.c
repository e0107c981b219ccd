/* replay_main.c -- the plain driver of a fuzz target (no libFuzzer): feeds
 * every file named on the command line, or found in a directory named
 * there, to LLVMFuzzerTestOneInput, in name order. The Bazel tests replay
 * the committed corpora this way, with or without sanitizers.
 *
 *   replay_<target> [-v] PATH...    exit 0 when every input passes */
#define _POSIX_C_SOURCE 200809L
#include "fuzz/fuzz.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int fz_verbose;

static int fz_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static long fz_run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  uint8_t *buf = 0;
  size_t n = 0, cap = 0;
  if (!f) {
    fprintf(stderr, "replay: cannot open %s\n", path);
    exit(2);
  }
  for (;;) {
    size_t got;
    if (n == cap) {
      cap = cap ? 2 * cap : 4096;
      buf = (uint8_t *)realloc(buf, cap);
      if (!buf) abort();
    }
    got = fread(buf + n, 1, cap - n, f);
    if (got == 0) break;
    n += got;
  }
  fclose(f);
  if (fz_verbose) fprintf(stderr, "replay: %s (%zu bytes)\n", path, n);
  /* a copy of exactly n bytes, so that an over-read is caught by ASan */
  {
    uint8_t *exact = (uint8_t *)malloc(n ? n : 1);
    if (!exact) abort();
    if (n) memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
  }
  return 1;
}

static long fz_run_path(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0) {
    fprintf(stderr, "replay: no such file or directory: %s\n", path);
    exit(2);
  }
  if (S_ISDIR(st.st_mode)) {
    DIR *d = opendir(path);
    struct dirent *de;
    char **names = 0;
    size_t nn = 0, cap = 0, k;
    long count = 0;
    if (!d) return 0;
    while ((de = readdir(d)) != 0) {
      if (de->d_name[0] == '.') continue;
      if (nn == cap) {
        cap = cap ? 2 * cap : 256;
        names = (char **)realloc(names, cap * sizeof *names);
      }
      names[nn] = (char *)malloc(strlen(path) + strlen(de->d_name) + 2);
      sprintf(names[nn++], "%s/%s", path, de->d_name);
    }
    closedir(d);
    qsort(names, nn, sizeof *names, fz_cmp);
    for (k = 0; k < nn; ++k) {
      count += fz_run_path(names[k]);
      free(names[k]);
    }
    free(names);
    return count;
  }
  return fz_run_file(path);
}

int main(int argc, char **argv) {
  long count = 0;
  int k;
  for (k = 1; k < argc; ++k) {
    if (strcmp(argv[k], "-v") == 0) fz_verbose = 1;
    else count += fz_run_path(argv[k]);
  }
  if (count == 0) {
    fprintf(stderr, "replay: no inputs (usage: %s [-v] FILE|DIR...)\n", argv[0]);
    return 2;
  }
  fprintf(stderr, "replay: %ld inputs, every invariant holds\n", count); /* stdout may be /dev/null */
  return 0;
}
