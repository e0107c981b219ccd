/* ct_error.c -- names of the error codes (spec/index.md, "Error codes"). */
#include "ct_error.h"

#if !CT_ON_DEVICE
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#endif

CT_FN const char *ct_code_name(ct_code c) {
  switch (c) {
#define CT_X_NAME(name, text) case CT_##name: return #name;
    CT_ERROR_CODES(CT_X_NAME)
#undef CT_X_NAME
  default: return "UNKNOWN";
  }
}

CT_FN const char *ct_code_summary(ct_code c) {
  switch (c) {
#define CT_X_TEXT(name, text) case CT_##name: return text;
    CT_ERROR_CODES(CT_X_TEXT)
#undef CT_X_TEXT
  default: return "unknown error";
  }
}

CT_FN static int ct_streq(const char *a, const char *b) {
  while (*a && *a == *b) { ++a; ++b; }
  return *a == *b;
}

CT_FN ct_code ct_code_by_name(const char *name) {
  int c;
  for (c = 0; c < (int)CT_NUM_CODES; ++c)
    if (ct_streq(ct_code_name((ct_code)c), name)) return (ct_code)c;
  return CT_NUM_CODES;
}

CT_FN void ct_err_clear(ct_err *e) {
  e->code = CT_OK;
  e->pos = -1;
  e->msg[0] = '\0';
}

#if !CT_ON_DEVICE
ct_code ct_fail(ct_err *e, ct_code c, int pos, const char *fmt, ...) {
  va_list ap;
  e->code = c;
  e->pos = pos;
  va_start(ap, fmt);
  vsnprintf(e->msg, sizeof e->msg, fmt, ap);
  va_end(ap);
  return c;
}
#endif
