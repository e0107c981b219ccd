/* conform_proc.h -- inside the runner of the implementation under test
 * (spec/protocol.md, "Modes of the runner"), between conform_proc.c (the
 * stream of requests and probes, the child process) and conform_session.c
 * (one process over a run of the stream, as a state machine). Host only. */
#ifndef CT_CONFORM_PROC_H
#define CT_CONFORM_PROC_H

#include <sys/types.h>

#include "conform.h"

#define CF_PROBE_BASE 7919 /* the probe is size((7919,K)) */
#define CF_STR2(x) #x
#define CF_STR(x) CF_STR2(x)

/* ---- the stream: requests interleaved with probes (conform_proc.c) ----------- */

typedef struct {
  int req;       /* request index, or -1 for a probe */
  long probe_k;  /* the probe's K */
} cf_slot;

typedef struct {
  const cf_proc_opts *o;
  char *const *reqs;
  cf_slot *slot;
  int nslots;
  char **ans;
  int *st;
  cf_proc_stats *s;
  cf_progress progress; /* o->progress */
  int sent_hi;          /* slots written so far (the highest, across restarts) */
} cf_run;

/* Seconds on the monotonic clock. */
double cf_now(void);
/* An event of the report (fmt with two %s, a and b; NULL reads as ""). */
void cf_event(cf_proc_stats *s, int kind, int req, const char *fmt, const char *a, const char *b);
/* The progress line, when o->progress: slots written (send) and answered (recv). */
void cf_show_progress(cf_run *r, int send, int recv, int final);
/* The text of slot i: its request, or its probe. */
void cf_slot_text(const cf_run *r, int i, char *buf, int cap);
/* Whether an `error` answer names a code of the spec other than
 * UNKNOWN_FUNCTION (so cannot be a probe's). */
int cf_spec_rejection(const char *line);
/* Whether a line is an answer: `ok` or `error` as its first word. */
int cf_is_answer(const char *line);
/* Slot `slot` settled with status st (CF_A_*); its answer dropped unless answered. */
void cf_mark(cf_run *r, int slot, int st);

/* ---- the child process (conform_proc.c) ------------------------------------- */

typedef struct {
  pid_t pid;
  int in, out; /* our ends: the child's stdin (write), its stdout (read) */
} cf_child;

/* Starts o->cmd with /bin/sh -c in its own process group: 0, or -1. */
int cf_spawn(const cf_proc_opts *o, cf_child *c);
/* Waits at most grace seconds for the child to exit, kills its process
 * group, says how it ended in how (*status_out: its exit status, 128 +
 * a signal, or -1). */
void cf_reap(cf_child *c, double grace, char *how, int cap, int *status_out);

/* ---- one session (conform_session.c) ------------------------------------------ */

/* Runs one process over slots [pos, end); returns the first slot it did not
 * settle (end when all are answered). */
int cf_session(cf_run *r, int pos, int end);

#endif
