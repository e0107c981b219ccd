/* conform_session.c -- one process of the implementation under test over a
 * run of requests and probes (spec/protocol.md, "Requests and answers" and
 * "Modes of the runner"), as a small state machine: requests written
 * (interactive: a window in flight; batch: all, then stdin closed), the
 * output framed into lines (over-long ones cut, bytes outside ASCII read
 * as `?`, NUL bytes annotated), and each line, deadline or end of output an
 * event that moves the session between its states (cf_sess_on). */
#define _POSIX_C_SOURCE 200809L
#include "conform.h"
#include "conform_proc.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Lines before a process's first answer that are no answer are held, at
 * most CF_HOLD, while one more request is sent for each (issue 39). An
 * answer line then shows them to be start-up output (a banner, a print at
 * import), shown in the report and taken for no answer: taken for answers,
 * one such line shifted every answer onto the next request. CF_HOLD of them,
 * or the end of the process's output, shows them to be its (malformed)
 * answers, and they are given to their requests in order. */
#define CF_HOLD 4

/* Where a session is in the answer stream (spec/protocol.md, "Requests and
 * answers"):
 *   STARTING   no answer line from this process yet: a line that is no
 *              answer is held (CF_HOLD), start-up output or a bad answer
 *   ANSWERING  every line is the answer of the next slot
 *   DRAINING   every slot settled: lines are extra, counted until EOF
 *   ENDED      the process is given up (a crash, a timeout, a shift); the
 *              slots from `result` on go to the next process */
typedef enum { CF_SS_STARTING, CF_SS_ANSWERING, CF_SS_DRAINING, CF_SS_ENDED } cf_sstate;

/* What moves a session: a whole answer line, the answer's deadline passing
 * with nothing read, the end of the process's output, a failed poll(). */
typedef enum { CF_EV_LINE, CF_EV_QUIET, CF_EV_EOF, CF_EV_BROKEN } cf_sevent;

typedef struct {
  cf_run *r;
  int pos, end;          /* the slots of this session */
  cf_sstate state;
  cf_child c;
  int send, recv;        /* the next slot to write, the next one to answer */
  int verified;          /* the first slot after the last good probe */
  int in_open;           /* the child's stdin is open */
  int result;            /* ENDED: the first slot not settled */
  int answered_any;      /* an answer line (or held lines given as answers) came */
  int held;              /* STARTING: lines held (CF_HOLD) */
  char held_line[CF_HOLD][CF_REQ_CAP];
  char *wbuf, *rbuf;     /* requests not yet written; output not yet framed */
  size_t wlen, woff, wcap, rlen, rcap;
  int skipping;          /* inside an answer line longer than CF_LINE_MAX: its start is in cut */
  char cut[CF_REQ_CAP];
  size_t cut_len;
  double *sent_at;       /* when each slot was written (0: not yet) */
  double last;           /* the last progress: a whole line read (batch: or bytes written) */
} cf_sess;

static void cf_sess_end(cf_sess *x, int result) {
  x->state = CF_SS_ENDED;
  x->result = result;
}

/* Slot `recv` settled: the next one is due, or every slot is. */
static void cf_sess_next(cf_sess *x) {
  if (++x->recv >= x->end) x->state = CF_SS_DRAINING;
}

/* Gives line `line` to slot i as its answer: a request's answer, or a probe
 * answered with garbage: malformed, as the answers around it will be judged;
 * no evidence that the stream is shifted, and none that it is in order (the
 * verified slot stays). */
static void cf_give_line(cf_run *r, int i, const char *line) {
  char want[64];
  if (r->slot[i].req >= 0) {
    int q = r->slot[i].req;
    size_t n = strlen(line);
    if (r->ans[q]) free(r->ans[q]);
    r->ans[q] = (char *)cf_checked(malloc(n + 1));
    memcpy(r->ans[q], line, n + 1);
    r->st[q] = CF_A_ANSWERED;
    return;
  }
  ++r->s->probes;
  snprintf(want, sizeof want, "size((%d,%ld))", CF_PROBE_BASE, r->slot[i].probe_k);
  cf_event(r->s, -1, -1, "the probe %s was answered `%.200s`: neither `ok` nor `error`, malformed", want, line);
}

/* The held lines were the process's answers: given to their slots in order. */
static void cf_give_held(cf_sess *x) {
  int k;
  for (k = 0; k < x->held && x->recv < x->end; ++k) {
    cf_give_line(x->r, x->recv, x->held_line[k]);
    cf_sess_next(x);
  }
  x->held = 0;
}

/* A NUL byte makes the line no answer (spec/protocol.md, "Bounds"); read as
 * `?` it was judged, and `error ...?...` conformed (issue 44). The
 * annotation makes the judge's first word neither `ok` nor `error`:
 * malformed, and shows why. */
static void cf_give_nul_line(cf_run *r, int i, const char *line, size_t len, long nul) {
  char at[24], text[CF_REQ_CAP + 64];
  int q = r->slot[i].req;
  size_t cap = len + 48;
  if (r->ans[q]) free(r->ans[q]);
  r->ans[q] = (char *)cf_checked(malloc(cap));
  snprintf(r->ans[q], cap, "(a NUL byte at byte %ld) %s", nul, line);
  snprintf(at, sizeof at, "%ld", nul);
  cf_slot_text(r, i, text, sizeof text);
  cf_event(r->s, -1, q, "answered `%.200s` with a line holding a NUL byte (at byte %s): malformed", text, at);
  r->st[q] = CF_A_ANSWERED;
}

/* A probe's answer (an `ok` or `error` line): the order proved up to it, or
 * the stream shifted and the process ended. */
static void cf_take_probe(cf_sess *x, const char *line) {
  cf_run *r = x->r;
  int pr = cf_probe_ok(line, r->slot[x->recv].probe_k);
  ++r->s->probes;
  /* A rejected probe proves the order only when the implementation
   * declines probes: once it has answered one, or when it rejects
   * with a code of the spec, the answer is another request's. */
  if (pr < 0 && (r->s->probes_good > 0 || cf_spec_rejection(line))) pr = 0;
  if (pr < 0) ++r->s->probes_rejected;
  if (pr > 0) ++r->s->probes_good;
  if (pr == 0) {
    int k;
    char want[64];
    snprintf(want, sizeof want, "size((%d,%ld)) = %ld", CF_PROBE_BASE, r->slot[x->recv].probe_k,
             (long)CF_PROBE_BASE * r->slot[x->recv].probe_k);
    ++r->s->order_breaks;
    for (k = x->verified; k < x->recv; ++k) cf_mark(r, k, CF_A_OUT_OF_ORDER);
    cf_event(r->s, CF_A_OUT_OF_ORDER, -1, "answers out of order: the probe %s was answered `%.200s`", want, line);
    cf_sess_end(x, x->recv + 1);
    return;
  }
  x->verified = x->recv + 1;
  cf_sess_next(x);
}

/* The line is the answer of slot recv. */
static void cf_take_answer(cf_sess *x, const char *line, size_t len, long nul) {
  cf_run *r = x->r;
  int i = x->recv;
  x->answered_any = 1;
  if (r->slot[i].req >= 0 && nul >= 0) cf_give_nul_line(r, i, line, len, nul);
  else if (r->slot[i].req >= 0 || nul >= 0 || !cf_is_answer(line)) cf_give_line(r, i, line);
  else {
    cf_take_probe(x, line);
    return;
  }
  cf_sess_next(x);
}

/* STARTING: a line that is no answer is held; CF_HOLD of them and this one
 * are the process's answers; an answer shows the held lines to be start-up
 * output. Returns 1 when the line is still to be taken as an answer. */
static int cf_startup_line(cf_sess *x, const char *line, long nul) {
  int k;
  if (nul < 0 && !cf_is_answer(line)) {
    if (x->held < CF_HOLD) { /* start-up output or garbage answers: the next lines tell (CF_HOLD) */
      snprintf(x->held_line[x->held++], CF_REQ_CAP, "%s", line);
      return 0;
    }
    cf_give_held(x); /* CF_HOLD lines and this one, none an answer: its answers */
    if (x->state == CF_SS_DRAINING) {
      ++x->r->s->extra_lines;
      return 0;
    }
  } else {
    for (k = 0; k < x->held; ++k) { /* an answer after them: they were start-up output */
      ++x->r->s->startup_lines;
      cf_event(x->r->s, -1, -1, "start-up output, before the first answer, not taken as an answer: `%.200s`%s",
               x->held_line[k], "");
    }
    x->held = 0;
  }
  x->state = CF_SS_ANSWERING;
  return 1;
}

/* The output ended before every slot was settled. */
static void cf_on_eof(cf_sess *x) {
  cf_run *r = x->r;
  char how[64], text[CF_REQ_CAP + 64];
  int status = 0;
  if (x->held > 0) { /* no answer came after them: they were the answers */
    cf_give_held(x);
    x->answered_any = 1;
    if (x->state == CF_SS_DRAINING) return;
  }
  cf_reap(&x->c, 2.0, how, sizeof how, &status);
  if (!x->answered_any && x->recv == x->pos && (status == 126 || status == 127) && r->s->starts == 1) {
    r->s->cannot_start = 1;
    cf_event(r->s, -1, -1, "cannot run `%s` (%s, no answer)", r->o->cmd, how);
    cf_sess_end(x, x->end);
    return;
  }
  ++r->s->crashes;
  cf_slot_text(r, x->recv, text, sizeof text);
  cf_event(r->s, CF_A_CRASHED, r->slot[x->recv].req, "stopped before answering `%s` (%s)", text, how);
  cf_mark(r, x->recv, CF_A_CRASHED);
  cf_sess_end(x, x->recv + 1);
}

/* The answer's deadline passed with no line read. */
static void cf_on_quiet(cf_sess *x) {
  cf_run *r = x->r;
  char text[CF_REQ_CAP + 64];
  if (x->held > 0) { /* no answer came after them: they were the answers */
    cf_give_held(x);
    x->answered_any = 1;
    return;
  }
  ++r->s->timeouts;
  cf_slot_text(r, x->recv, text, sizeof text);
  if (r->o->batch)
    cf_event(r->s, CF_A_TIMED_OUT, r->slot[x->recv].req, "no output for the batch timeout while waiting for the answer to `%s`%s", text, "");
  else cf_event(r->s, CF_A_TIMED_OUT, r->slot[x->recv].req, "no answer within the timeout to `%s`%s", text, "");
  cf_mark(r, x->recv, CF_A_TIMED_OUT);
  cf_sess_end(x, x->recv + 1);
}

/* The transition function: one event in the session's state. line: the
 * line read (CF_EV_LINE), len its length, nul its first NUL byte or -1. */
static void cf_sess_on(cf_sess *x, cf_sevent ev, const char *line, size_t len, long nul) {
  if (x->state == CF_SS_ENDED) return;
  switch (ev) {
  case CF_EV_LINE:
    if (x->state == CF_SS_DRAINING) ++x->r->s->extra_lines;
    else if (x->state == CF_SS_ANSWERING || cf_startup_line(x, line, nul)) cf_take_answer(x, line, len, nul);
    break;
  case CF_EV_QUIET: cf_on_quiet(x); break;
  case CF_EV_EOF: cf_on_eof(x); break;
  case CF_EV_BROKEN: cf_sess_end(x, x->recv); break;
  }
}

/* The next requests into the write buffer: interactive, while fewer than
 * `window` (plus the held lines) are in flight; batch, all of them. */
static void cf_sess_queue(cf_sess *x) {
  const cf_proc_opts *o = x->r->o;
  char text[CF_REQ_CAP + 64];
  while (x->send < x->end && (o->batch || x->send - x->recv < (o->window > 0 ? o->window : 1) + x->held) &&
         x->wlen - x->woff < (1 << 15) && x->in_open) {
    size_t n;
    cf_slot_text(x->r, x->send, text, sizeof text);
    n = strlen(text);
    if (x->wlen + n + 1 > x->wcap) {
      memmove(x->wbuf, x->wbuf + x->woff, x->wlen - x->woff);
      x->wlen -= x->woff;
      x->woff = 0;
      while (x->wlen + n + 1 > x->wcap) x->wcap *= 2;
      x->wbuf = (char *)cf_checked(realloc(x->wbuf, x->wcap));
    }
    memcpy(x->wbuf + x->wlen, text, n);
    x->wbuf[x->wlen + n] = '\n';
    x->wlen += n + 1;
    x->sent_at[x->send - x->pos] = cf_now();
    ++x->send;
  }
  if (x->in_open && o->batch && x->send == x->end && x->woff == x->wlen) {
    close(x->c.in); /* batch: everything written */
    x->c.in = -1;
    x->in_open = 0;
  }
}

/* When the answer of slot recv is due. */
static double cf_sess_deadline(const cf_sess *x) {
  const cf_proc_opts *o = x->r->o;
  double t;
  if (o->batch) return x->last + o->batch_timeout;
  t = x->sent_at[x->recv - x->pos];
  if (t == 0.0) t = x->last;
  return (t > x->last ? t : x->last) + o->timeout;
}

static void cf_sess_write(cf_sess *x) {
  ssize_t w = write(x->c.in, x->wbuf + x->woff, x->wlen - x->woff);
  if (w > 0) {
    if (x->r->o->batch) x->last = cf_now();
    x->woff += (size_t)w;
    if (x->woff == x->wlen) x->woff = x->wlen = 0;
  } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
    close(x->c.in); /* the child stopped reading: keep reading its answers */
    x->c.in = -1;
    x->in_open = 0;
    x->woff = x->wlen = 0;
  }
}

/* One whole line of output at line[0, len) (its newline dropped): an
 * over-long line's end is answered by its start, the text cut to what the
 * judge reads and made ASCII, and the line given to the state machine. */
static void cf_frame_line(cf_sess *x, char *line, size_t len) {
  const char *z;
  size_t k;
  long nul; /* the first NUL byte of the line, or -1 */
  x->last = cf_now(); /* only whole lines are progress */
  if (x->skipping) { /* the end of an over-long line: it is answered by its start */
    x->skipping = 0;
    line = x->cut;
    len = x->cut_len;
  }
  if (len > 0 && line[len - 1] == '\r') --len;
  z = (const char *)memchr(line, '\0', len);
  nul = z ? (long)(z - line) : -1;
  if (len > CF_REQ_CAP - 1) len = CF_REQ_CAP - 1; /* the judge reads no more */
  line[len] = '\0';
  for (k = 0; k < len; ++k) /* the protocol is ASCII: NUL, control bytes and the rest read as '?' */
    if (line[k] != '\t' && ((unsigned char)line[k] < 0x20 || (unsigned char)line[k] > 0x7e)) line[k] = '?';
  cf_sess_on(x, CF_EV_LINE, line, len, nul);
}

/* The bytes left after the whole lines: the middle of an over-long line is
 * dropped; a line past CF_LINE_MAX keeps its start in cut and is skipped to
 * its newline (the runner's memory stays bounded). */
static void cf_frame_rest(cf_sess *x) {
  cf_run *r = x->r;
  char text[CF_REQ_CAP + 64];
  if (x->skipping) {
    x->rlen = 0; /* the middle of an over-long line */
    return;
  }
  if (x->rlen <= CF_LINE_MAX) return;
  x->skipping = 1; /* keep its start, drop the rest up to its newline */
  x->cut_len = CF_REQ_CAP - 1;
  memcpy(x->cut, x->rbuf, x->cut_len);
  x->cut[x->cut_len] = '\0';
  x->rlen = 0;
  ++r->s->overlong;
  if (x->recv < x->end) {
    cf_slot_text(r, x->recv, text, sizeof text);
    cf_event(r->s, -1, r->slot[x->recv].req, "answered `%.200s` with a line longer than the runner reads (" CF_STR(CF_LINE_MAX) " bytes): cut%s", text, "");
  } else {
    cf_event(r->s, -1, -1, "wrote a line longer than the runner reads (" CF_STR(CF_LINE_MAX) " bytes) after its last answer%s%s", "", "");
  }
}

/* Reads what the child wrote and frames its whole lines (until the session
 * ends; the rest of the chunk is dropped with it). */
static void cf_sess_read(cf_sess *x) {
  ssize_t got;
  size_t start = 0;
  if (x->rlen + 4096 > x->rcap) { /* at most CF_LINE_MAX + 8192: longer lines are cut below */
    x->rcap *= 2;
    x->rbuf = (char *)cf_checked(realloc(x->rbuf, x->rcap));
  }
  got = read(x->c.out, x->rbuf + x->rlen, x->rcap - x->rlen - 1);
  if (got < 0 && (errno == EAGAIN || errno == EINTR)) return;
  if (got <= 0) { /* EOF: the child is gone before answering everything */
    cf_sess_on(x, CF_EV_EOF, 0, 0, -1);
    return;
  }
  x->rlen += (size_t)got;
  while (x->state != CF_SS_ENDED) {
    char *nl = (char *)memchr(x->rbuf + start, '\n', x->rlen - start);
    char *line = x->rbuf + start;
    if (!nl) break;
    start = (size_t)(nl - x->rbuf) + 1;
    cf_frame_line(x, line, (size_t)(nl - line));
  }
  memmove(x->rbuf, x->rbuf + start, x->rlen - start);
  x->rlen -= start;
  cf_frame_rest(x);
}

/* One wait of the session: requests written, output read, the deadline
 * kept; each event to the state machine. */
static void cf_sess_step(cf_sess *x) {
  const cf_proc_opts *o = x->r->o;
  struct pollfd pf[2];
  int np = 0, ip = -1, op, rc, ms;
  double deadline, now;
  cf_sess_queue(x);
  if (x->in_open && x->woff < x->wlen) {
    pf[np].fd = x->c.in;
    pf[np].events = POLLOUT;
    ip = np++;
  }
  pf[np].fd = x->c.out;
  pf[np].events = POLLIN;
  op = np++;
  now = cf_now();
  deadline = cf_sess_deadline(x);
  ms = deadline <= now ? 0 : (int)((deadline - now) * 1000.0) + 1;
  if (o->progress && ms > 250) ms = 250; /* the progress line moves while waiting */
  rc = poll(pf, (nfds_t)np, ms);
  cf_show_progress(x->r, x->send, x->recv, 0);
  if (rc < 0) {
    if (errno != EINTR) cf_sess_on(x, CF_EV_BROKEN, 0, 0, -1);
    return;
  }
  if (rc == 0) {
    if (cf_now() >= deadline) cf_sess_on(x, CF_EV_QUIET, 0, 0, -1);
    return;
  }
  if (ip >= 0 && (pf[ip].revents & (POLLOUT | POLLERR | POLLHUP))) cf_sess_write(x);
  if (pf[op].revents & (POLLIN | POLLERR | POLLHUP)) cf_sess_read(x);
}

/* DRAINING: no more input; stray lines are counted until EOF (2 s at most). */
static void cf_sess_drain(cf_sess *x) {
  double t0 = cf_now();
  for (;;) {
    struct pollfd pf;
    ssize_t got;
    char tmp[4096];
    int k;
    pf.fd = x->c.out;
    pf.events = POLLIN;
    if (poll(&pf, 1, 200) <= 0) {
      if (cf_now() - t0 > 2.0) break;
      continue;
    }
    got = read(x->c.out, tmp, sizeof tmp);
    if (got < 0 && (errno == EAGAIN || errno == EINTR)) continue;
    if (got <= 0) break;
    for (k = 0; k < got; ++k) x->r->s->extra_lines += tmp[k] == '\n';
    if (cf_now() - t0 > 2.0) break;
  }
}

/* The session's end: the process drained (every slot settled) and reaped,
 * unless reaped already (EOF). */
static void cf_sess_close(cf_sess *x) {
  char how[64];
  int settled = x->state == CF_SS_DRAINING;
  if (x->c.out >= 0) {
    if (x->c.in >= 0) {
      close(x->c.in);
      x->c.in = -1;
    }
    if (settled) cf_sess_drain(x);
    cf_reap(&x->c, settled || x->result == x->recv ? 2.0 : 0.2, how, sizeof how, 0);
  }
  x->r->s->silent = x->answered_any ? 0 : x->r->s->silent + 1;
  free(x->wbuf);
  free(x->rbuf);
  free(x->sent_at);
}

/* Runs one process over slots [pos, end); returns the first slot it did not
 * settle (end when all are answered). */
int cf_session(cf_run *r, int pos, int end) {
  cf_sess x;
  memset(&x, 0, sizeof x);
  x.r = r;
  x.pos = x.send = x.recv = x.verified = pos;
  x.end = end;
  x.state = CF_SS_STARTING;
  x.in_open = 1;
  x.result = -1;
  x.sent_at = (double *)cf_checked(calloc((size_t)(end - pos + 1), sizeof(double)));
  x.last = cf_now();
  if (cf_spawn(r->o, &x.c) != 0) {
    cf_event(r->s, -1, -1, "cannot start `%s`%s", r->o->cmd, "");
    r->s->cannot_start = 1;
    free(x.sent_at);
    return end;
  }
  ++r->s->starts;
  x.wcap = x.rcap = 1 << 16;
  x.wbuf = (char *)cf_checked(malloc(x.wcap));
  x.rbuf = (char *)cf_checked(malloc(x.rcap));
  if (pos >= end) x.state = CF_SS_DRAINING;
  while (x.state == CF_SS_STARTING || x.state == CF_SS_ANSWERING) cf_sess_step(&x);
  cf_sess_close(&x);
  return x.state == CF_SS_DRAINING ? end : x.result;
}
