/* fuzz_vectors.c -- the readers of conformance vector files (spec/vectors.md):
 * `conform --vectors/--cases` reads lines with cf_read_line and splits them
 * with cf_vector_fields; `vectors --check` walks a file's text with
 * cv_next_case and digests it with cv_text_digest. The input is a file.
 *
 * Invariants checked on every input:
 *  - cf_read_line gives one line per \n-terminated piece of the input (and
 *    the last piece without \n), never cuts a line: a line comes back whole
 *    (one \r before its \n dropped) or is flagged bad, and it is flagged bad
 *    exactly when it holds a NUL byte or does not fit;
 *  - both readers see the same cases with the same four fields, in order;
 *  - the digest of a text is the digest of its two halves, chained at a line
 *    end, and counts the same cases;
 *  - the reference's outcome of a case's request is `ok VALUE` or
 *    `error CODE`, printable, as a vector line's EXPECTED field must be. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz/fuzz.h"
#include "cli/conform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FZ_LINE (CF_REQ_CAP * 2 + 256) /* the buffer conform_cases.c reads lines into */
#define FZ_CASES 256                   /* cases compared per input */
#define FZ_EVAL 4                      /* requests evaluated per input */

typedef struct {
  char f[4][FZ_LINE];
} fz_case;

static fz_case fz_conf[FZ_CASES];

/* Reads the input with cf_read_line (buffer of `cap` bytes) and checks each
 * line against the raw bytes. Stores the cases conform would accept in
 * fz_conf when `store`; returns their number, *too_long when a line did not
 * fit. */
static int fz_conform_reader(const uint8_t *data, size_t size, int cap, int store, int *too_long) {
  static char buf[FZ_LINE];
  FILE *f = fmemopen((void *)data, size, "r");
  size_t at = 0;
  int ncases = 0, lines = 0;
  const char *bad;
  *too_long = 0;
  if (!f) fz_fail("fmemopen failed");
  while (cf_read_line(f, buf, cap, &bad)) {
    const uint8_t *nl = (const uint8_t *)memchr(data + at, '\n', size - at);
    size_t raw = nl ? (size_t)(nl - (data + at)) : size - at, len = raw;
    int has_nul = memchr(data + at, '\0', raw) != 0;
    char *fl[4];
    ++lines;
    if (at >= size) fz_fail("line %d read past the end of the input", lines);
    if (len > 0 && data[at + len - 1] == '\r') --len;
    if (has_nul || raw > (size_t)cap - 1) {
      if (!bad) fz_fail("line %d (%zu bytes%s) is not flagged bad", lines, raw, has_nul ? ", a NUL byte" : "");
      if (!has_nul) *too_long = 1;
    } else {
      if (bad) fz_fail("line %d (%zu bytes) is flagged bad: %s", lines, raw, bad);
      if (strlen(buf) != len || memcmp(buf, data + at, len) != 0) fz_fail("line %d does not come back whole", lines);
      if (buf[0] != '#' && buf[0] != '\0' && cf_vector_fields(buf, fl)) {
        int k;
        if (store && ncases < FZ_CASES) {
          for (k = 0; k < 4; ++k) {
            if (strchr(fl[k], '\t') || strchr(fl[k], '\n')) fz_fail("line %d: field %d holds a tab or newline", lines, k);
            snprintf(fz_conf[ncases].f[k], FZ_LINE, "%s", fl[k]);
          }
        }
        ++ncases;
      }
    }
    at += raw + (nl ? 1 : 0);
  }
  if (at != size) fz_fail("cf_read_line stopped at byte %zu of %zu", at, size);
  fclose(f);
  return ncases;
}

static int fz_protocol_outcome(const char *s) {
  if (!fz_printable(s)) return 0;
  if (strncmp(s, "ok ", 3) == 0) return s[3] != '\0' && fz_spaces_canonical(s + 3);
  if (strncmp(s, "error ", 6) == 0) {
    int k;
    for (k = 0; k < CT_NUM_CODES; ++k)
      if (strcmp(s + 6, ct_code_name((ct_code)k)) == 0) return k != CT_OK;
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static char line[FZ_LINE], out[CF_REQ_CAP];
  char *text, *fl[4];
  const char *p;
  int n_conf, n_vec = 0, too_long, small_long, cases = 0, cases_a = 0, cases_b = 0, k;
  uint64_t whole, halves;
  if (size == 0 || size > (1u << 16)) return 0;
  /* the real buffer, and a small one that makes over-long lines common */
  n_conf = fz_conform_reader(data, size, FZ_LINE, 1, &too_long);
  fz_conform_reader(data, size, 16, 0, &small_long);

  /* vectors --check sees the text up to its first NUL (cv_read_file marks
   * NULs so that such a file always differs): compare on NUL-free inputs */
  text = fz_cstr(data, size);
  if (strlen(text) == size && !too_long) {
    p = text;
    while (cv_next_case(&p, line, FZ_LINE, fl)) {
      if (n_vec < FZ_CASES && n_vec < n_conf) {
        for (k = 0; k < 4; ++k)
          if (strcmp(fl[k], fz_conf[n_vec].f[k]) != 0)
            fz_fail("case %d: field %d is `%.60s` for vectors --check, `%.60s` for conform", n_vec, k, fl[k],
                    fz_conf[n_vec].f[k]);
      }
      ++n_vec;
    }
    if (n_vec != n_conf) fz_fail("vectors --check reads %d cases, conform %d", n_vec, n_conf);
  }

  /* the digest chains over a split at a line end */
  whole = cv_text_digest(text, 14695981039346656037ull, &cases);
  {
    char *mid = strchr(text + strlen(text) / 2, '\n');
    if (mid) {
      char keep = mid[1];
      mid[1] = '\0';
      halves = cv_text_digest(text, 14695981039346656037ull, &cases_a);
      mid[1] = keep;
      halves = cv_text_digest(mid + 1, halves, &cases_b);
      if (halves != whole || cases_a + cases_b != cases)
        fz_fail("the digest of the whole (%d cases) differs from the chained halves (%d + %d)", cases, cases_a, cases_b);
    }
  }

  /* a case's EXPECTED field is the reference's outcome of its request */
  for (k = 0; k < n_conf && k < FZ_EVAL && k < FZ_CASES; ++k) {
    cf_reference(fz_conf[k].f[2], out, sizeof out);
    if (!fz_protocol_outcome(out)) fz_fail("`%.80s`: the reference's outcome `%.80s` is no protocol answer", fz_conf[k].f[2], out);
  }
  free(text);
  return 0;
}
