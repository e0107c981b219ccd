/* support.c -- helpers of the fuzz targets, and the two reporting functions
 * that cli/ takes from cuteref.c (whose main() is not linked here). They
 * are weak, so a build that links the CLI's own copies keeps those. */
#include "fuzz/fuzz.h"
#include "cli/commands.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *fz_cstr(const uint8_t *data, size_t size) {
  char *s = (char *)malloc(size + 1);
  if (!s) abort();
  if (size) memcpy(s, data, size);
  s[size] = '\0';
  return s;
}

void fz_fail(const char *fmt, ...) {
  va_list ap;
  fputs("fuzz invariant broken: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  abort();
}

int fz_printable(const char *s) {
  for (; *s; ++s)
    if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e) return 0;
  return 1;
}

__attribute__((weak)) int ct_usage_error(const char *fmt, const char *arg) {
  (void)fmt;
  (void)arg;
  return 2;
}

__attribute__((weak)) void ct_report_error(const char *text, const ct_err *e) {
  (void)text;
  (void)e;
}
