/* conform_progress.c -- `cuteref conform`'s progress on a terminal: requests
 * sent and answered, the rate and the elapsed time, rewritten in place on
 * standard error at most CF_PROGRESS_HZ times a second. conform turns it on
 * only when standard error is a terminal (isatty), so logs and pipes get the
 * same text as before. */
#define _POSIX_C_SOURCE 200809L
#include "conform.h"

#include <stdio.h>
#include <time.h>

#define CF_PROGRESS_HZ 4

static double cf_progress_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void cf_progress_start(cf_progress *p, int total) {
  p->total = total;
  p->t0 = cf_progress_now();
  p->shown = p->t0; /* the first line after 1/CF_PROGRESS_HZ s: a quick run shows none */
  p->drawn = 0;
}

void cf_progress_show(cf_progress *p, int sent, int answered, int final) {
  double now = cf_progress_now(), el = now - p->t0;
  if (!final && now - p->shown < 1.0 / CF_PROGRESS_HZ) return;
  if (final && !p->drawn) return; /* too quick to be worth a line */
  p->shown = now;
  p->drawn = 1;
  /* \r and erase-to-end-of-line: the line is rewritten in place */
  fprintf(stderr, "\r\033[K[conform] %d/%d sent, %d answered, %.0f answers/s, %.1f s elapsed%s", sent, p->total,
          answered, el > 0 ? answered / el : 0.0, el, final ? "\n" : "");
  fflush(stderr);
}
