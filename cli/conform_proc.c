/* conform_proc.c -- the implementation under test, run as a subprocess that
 * speaks the line protocol (spec/protocol.md): one request line in, one
 * answer line out, in order.
 *
 * Two modes. Interactive: at most `window` requests in flight, each answer
 * due within `timeout` seconds. Batch: every request is written, stdin is
 * closed, and answers are read with an inactivity timeout (for
 * implementations that read everything before answering). Both poll() the
 * child's stdin and stdout together, so neither side can block the other.
 *
 * Probes: after every `probe_every` requests (and after the last one) the
 * runner sends `size((7919,K))` with a fresh K. Its answer must be 7919*K;
 * any other value means the answers are shifted, and every answer since the
 * last good probe is discarded as out of order. A line that is no answer
 * (neither `ok` nor `error`, or holding a NUL byte) is malformed, not a
 * value: the probe proves nothing either way. A crash, a timeout or a
 * shifted stream ends the process (its whole process group is killed) and a
 * new one continues with the next request, up to `max_starts` processes, and
 * until `max_silent` processes in a row have ended without one answer line.
 *
 * Whatever the implementation does, the runner's time and memory stay
 * bounded (issue 17, cli/tests/hostile/): only complete answer lines count as
 * progress, so a stream without newlines times out like silence; an answer
 * line longer than CF_LINE_MAX is read to its end without being kept; bytes
 * outside printable ASCII are read as `?`, and a line holding a NUL byte is
 * kept annotated so that it is judged malformed; a signal that ends the
 * runner kills the implementation's process group first. */
#define _POSIX_C_SOURCE 200809L
#include "conform.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CF_PROBE_BASE 7919
#define CF_STR2(x) #x
#define CF_STR(x) CF_STR2(x)

void cf_proc_defaults(cf_proc_opts *o) {
  memset(o, 0, sizeof *o);
  o->window = 1;
  o->timeout = 10.0;
  o->batch_timeout = 600.0;
  o->probe_every = 16;
  o->max_starts = 50;
  o->max_silent = 5;
}

/* The process group of the implementation running now (0: none), killed
 * when a signal ends the runner, so that no child outlives it. */
static volatile pid_t cf_live_group;

static void cf_on_signal(int sig) {
  pid_t g = cf_live_group;
  if (g > 0) kill(-g, SIGKILL);
  signal(sig, SIG_DFL);
  raise(sig);
}

/* Every allocation checked (issue 44): out of memory, the implementation's
 * process group is killed and the runner stops with a message. */
void *cf_checked(void *p) {
  if (!p) {
    pid_t g = cf_live_group;
    if (g > 0) kill(-g, SIGKILL);
    fputs("cuteref conform: out of memory\n", stderr);
    exit(2);
  }
  return p;
}

static double cf_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void cf_event(cf_proc_stats *s, int kind, int req, const char *fmt, const char *a, const char *b) {
  if (s->nev >= CF_MAX_EVENTS) return;
  s->ev[s->nev].kind = kind;
  s->ev[s->nev].req = req;
  snprintf(s->ev[s->nev].text, sizeof s->ev[s->nev].text, fmt, a ? a : "", b ? b : "");
  ++s->nev;
}

/* ---- the stream: requests interleaved with probes ------------------------------- */

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

/* The requests (not probes) among slots [0, i). */
static int cf_reqs_before(const cf_run *r, int i) {
  while (i > 0 && r->slot[i - 1].req < 0) --i;
  return i > 0 ? r->slot[i - 1].req + 1 : 0;
}

static void cf_show_progress(cf_run *r, int send, int recv, int final) {
  if (!r->o->progress) return;
  if (send > r->sent_hi) r->sent_hi = send;
  cf_progress_show(&r->progress, cf_reqs_before(r, r->sent_hi), cf_reqs_before(r, recv), final);
}

static void cf_slot_text(const cf_run *r, int i, char *buf, int cap) {
  if (r->slot[i].req >= 0) snprintf(buf, (size_t)cap, "%s", r->reqs[r->slot[i].req]);
  else snprintf(buf, (size_t)cap, "size((%d,%ld))", CF_PROBE_BASE, r->slot[i].probe_k);
}

/* 1: the probe's answer is right; 0: another value (shifted); -1: rejected. */
int cf_probe_ok(const char *line, long k) {
  const char *p = line;
  long long v = 0;
  int digits = 0;
  while (*p == ' ') ++p;
  if (strncmp(p, "error", 5) == 0) return -1;
  if (strncmp(p, "ok", 2) != 0) return 0;
  p += 2;
  while (*p == ' ' || *p == '\t') ++p;
  if (*p == '_') ++p;
  while (*p >= '0' && *p <= '9' && digits < 18) {
    v = v * 10 + (*p++ - '0');
    ++digits;
  }
  while (*p == ' ' || *p == '\t' || *p == '\r') ++p;
  return digits > 0 && *p == '\0' && v == (long long)CF_PROBE_BASE * k;
}

/* Whether an `error` answer names a code of the spec other than
 * UNKNOWN_FUNCTION: a probe is valid in every reading, so such a rejection
 * of it is the answer to another request (issue 39: a shifted stream's probe
 * met an `error NOT_COMPLEMENTABLE` and passed as "rejected"). A word the
 * spec does not have (UNSUPPORTED) or UNKNOWN_FUNCTION declines it. */
static int cf_spec_rejection(const char *line) {
  char code[40];
  int n = 0;
  while (*line == ' ' || *line == '\t') ++line;
  if (strncmp(line, "error", 5) != 0) return 0;
  line += 5;
  while (*line == ' ' || *line == '\t') ++line;
  while (n < (int)sizeof code - 1 && ((*line >= 'A' && *line <= 'Z') || *line == '_' || (*line >= '0' && *line <= '9')))
    code[n++] = *line++;
  code[n] = '\0';
  return n > 0 && strcmp(code, "UNKNOWN_FUNCTION") != 0 && ct_code_by_name(code) != CT_NUM_CODES;
}

/* Whether a line is an answer at all: `ok` or `error` as its first word, as
 * the judge reads it (cf_judge). A probe answered otherwise is malformed,
 * not a sign of a shift (issue 44: garbage counted as out of order). */
static int cf_is_answer(const char *line) {
  while (*line == ' ' || *line == '\t') ++line;
  return (strncmp(line, "ok", 2) == 0 && (line[2] == ' ' || line[2] == '\t' || line[2] == '\0')) ||
         (strncmp(line, "error", 5) == 0 && (line[5] == ' ' || line[5] == '\t' || line[5] == '\0'));
}

/* Lines before a process's first answer that are no answer are held, at
 * most CF_HOLD, while one more request is sent for each (issue 39). An
 * answer line then shows them to be start-up output (a banner, a print at
 * import), shown in the report and taken for no answer: taken for answers,
 * one such line shifted every answer onto the next request. CF_HOLD of them,
 * or the end of the process's output, shows them to be its (malformed)
 * answers, and they are given to their requests in order. */
#define CF_HOLD 4

/* Gives held line `line` to slot i as its answer: a request's malformed
 * answer, or a probe answered with garbage (which proves nothing). */
static void cf_give_held(cf_run *r, int i, const char *line) {
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

/* ---- one process ---------------------------------------------------------------- */

typedef struct {
  pid_t pid;
  int in, out; /* our ends: the child's stdin (write), its stdout (read) */
} cf_child;

static int cf_spawn(const cf_proc_opts *o, cf_child *c) {
  int pin[2], pout[2];
  if (pipe(pin) != 0) return -1;
  if (pipe(pout) != 0) {
    close(pin[0]);
    close(pin[1]);
    return -1;
  }
  fflush(stdout);
  fflush(stderr);
  c->pid = fork();
  if (c->pid < 0) return -1;
  if (c->pid == 0) {
    setpgid(0, 0);
    dup2(pin[0], 0);
    dup2(pout[1], 1);
    if (o->stderr_path) {
      int fd = open(o->stderr_path, O_WRONLY | O_CREAT | O_APPEND, 0644);
      if (fd >= 0) {
        dup2(fd, 2);
        close(fd);
      }
    }
    close(pin[0]);
    close(pin[1]);
    close(pout[0]);
    close(pout[1]);
    signal(SIGPIPE, SIG_DFL);
    execl("/bin/sh", "sh", "-c", o->cmd, (char *)0);
    _exit(127);
  }
  setpgid(c->pid, c->pid);
  cf_live_group = c->pid;
  close(pin[0]);
  close(pout[1]);
  c->in = pin[1];
  c->out = pout[0];
  fcntl(c->in, F_SETFL, fcntl(c->in, F_GETFL) | O_NONBLOCK);
  fcntl(c->out, F_SETFL, fcntl(c->out, F_GETFL) | O_NONBLOCK);
  return 0;
}

/* Waits at most `grace` seconds for the child to exit, then kills its
 * process group (the child and whatever it started; the exited child keeps
 * the group alive until it is reaped) and describes how it ended. */
static void cf_reap(cf_child *c, double grace, char *how, int cap, int *status_out) {
  int status = 0, exited = 0;
  double t0 = cf_now();
  if (c->in >= 0) close(c->in);
  c->in = -1;
  for (;;) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)c->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == c->pid) {
      exited = 1;
      break;
    }
    if (cf_now() - t0 > grace) break;
    {
      struct timespec ts;
      ts.tv_sec = 0;
      ts.tv_nsec = 5000000;
      nanosleep(&ts, 0);
    }
  }
  kill(-c->pid, SIGKILL);
  waitpid(c->pid, &status, 0);
  cf_live_group = 0;
  if (!exited) {
    snprintf(how, (size_t)cap, "killed after it stopped answering");
    if (status_out) *status_out = -1;
  } else if (WIFEXITED(status) && WEXITSTATUS(status) > 128 && WEXITSTATUS(status) < 160) {
    snprintf(how, (size_t)cap, "exit status %d, a shell's report of signal %d", WEXITSTATUS(status), WEXITSTATUS(status) - 128);
    if (status_out) *status_out = WEXITSTATUS(status);
  } else if (WIFEXITED(status)) {
    snprintf(how, (size_t)cap, "exit status %d", WEXITSTATUS(status));
    if (status_out) *status_out = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    snprintf(how, (size_t)cap, "killed by signal %d", WTERMSIG(status));
    if (status_out) *status_out = 128 + WTERMSIG(status);
  } else {
    snprintf(how, (size_t)cap, "ended");
    if (status_out) *status_out = -1;
  }
  if (c->out >= 0) close(c->out);
  c->out = -1;
}

static void cf_mark(cf_run *r, int slot, int st) {
  int q = r->slot[slot].req;
  if (q < 0) return;
  r->st[q] = st;
  if (st != CF_A_ANSWERED && r->ans[q]) {
    free(r->ans[q]);
    r->ans[q] = 0;
  }
}

/* Runs one process over slots [pos, end); returns the first slot it did not
 * settle (end when all are answered). */
static int cf_session(cf_run *r, int pos, int end) {
  const cf_proc_opts *o = r->o;
  cf_child c;
  char *wbuf, *rbuf, how[64], text[CF_REQ_CAP + 64], cut[CF_REQ_CAP];
  size_t wlen = 0, woff = 0, wcap = 1 << 16, rlen = 0, rcap = 1 << 16, cut_len = 0;
  int send = pos, recv = pos, verified = pos, in_open = 1, result = -1, answered_any = 0, status = 0;
  int seen_answer = 0; /* an answer line came from this process: no more start-up output */
  int held = 0, k_held;  /* lines held before the first answer (CF_HOLD) */
  char held_line[CF_HOLD][CF_REQ_CAP];
  int skipping = 0; /* inside an answer line longer than CF_LINE_MAX: its start is in cut */
  double *sent_at = (double *)cf_checked(calloc((size_t)(end - pos + 1), sizeof(double)));
  double last = cf_now();
  if (cf_spawn(o, &c) != 0) {
    cf_event(r->s, -1, -1, "cannot start `%s`%s", o->cmd, "");
    r->s->cannot_start = 1;
    free(sent_at);
    return end;
  }
  ++r->s->starts;
  wbuf = (char *)cf_checked(malloc(wcap));
  rbuf = (char *)cf_checked(malloc(rcap));
  while (recv < end && result < 0) {
    struct pollfd pf[2];
    int np = 0, ip = -1, op, rc;
    double deadline, now;
    /* queue requests */
    while (send < end && (o->batch || send - recv < (o->window > 0 ? o->window : 1) + held) && wlen - woff < (1 << 15) &&
           in_open) {
      size_t n;
      cf_slot_text(r, send, text, sizeof text);
      n = strlen(text);
      if (wlen + n + 1 > wcap) {
        memmove(wbuf, wbuf + woff, wlen - woff);
        wlen -= woff;
        woff = 0;
        while (wlen + n + 1 > wcap) wcap *= 2;
        wbuf = (char *)cf_checked(realloc(wbuf, wcap));
      }
      memcpy(wbuf + wlen, text, n);
      wbuf[wlen + n] = '\n';
      wlen += n + 1;
      sent_at[send - pos] = cf_now();
      ++send;
    }
    if (in_open && o->batch && send == end && woff == wlen) {
      close(c.in); /* batch: everything written */
      c.in = -1;
      in_open = 0;
    }
    if (in_open && woff < wlen) {
      pf[np].fd = c.in;
      pf[np].events = POLLOUT;
      ip = np++;
    }
    pf[np].fd = c.out;
    pf[np].events = POLLIN;
    op = np++;
    now = cf_now();
    if (o->batch) deadline = last + o->batch_timeout;
    else {
      double t = sent_at[recv - pos];
      if (t == 0.0) t = last;
      deadline = (t > last ? t : last) + o->timeout;
    }
    {
      int ms = deadline <= now ? 0 : (int)((deadline - now) * 1000.0) + 1;
      if (o->progress && ms > 250) ms = 250; /* the progress line moves while waiting */
      rc = poll(pf, (nfds_t)np, ms);
    }
    cf_show_progress(r, send, recv, 0);
    if (rc < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (rc == 0) {
      if (cf_now() < deadline) continue;
      if (held > 0) { /* no answer came after them: they were the answers */
        for (k_held = 0; k_held < held && recv < end; ++k_held) cf_give_held(r, recv++, held_line[k_held]);
        held = 0;
        answered_any = 1;
        continue;
      }
      /* no answer in time */
      ++r->s->timeouts;
      cf_slot_text(r, recv, text, sizeof text);
      if (o->batch)
        cf_event(r->s, CF_A_TIMED_OUT, r->slot[recv].req, "no output for the batch timeout while waiting for the answer to `%s`%s", text, "");
      else cf_event(r->s, CF_A_TIMED_OUT, r->slot[recv].req, "no answer within the timeout to `%s`%s", text, "");
      cf_mark(r, recv, CF_A_TIMED_OUT);
      result = recv + 1;
      break;
    }
    if (ip >= 0 && (pf[ip].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t w = write(c.in, wbuf + woff, wlen - woff);
      if (w > 0) {
        if (o->batch) last = cf_now();
        woff += (size_t)w;
        if (woff == wlen) woff = wlen = 0;
      } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
        close(c.in); /* the child stopped reading: keep reading its answers */
        c.in = -1;
        in_open = 0;
        woff = wlen = 0;
      }
    }
    if (pf[op].revents & (POLLIN | POLLERR | POLLHUP)) {
      ssize_t got;
      if (rlen + 4096 > rcap) { /* at most CF_LINE_MAX + 8192: longer lines are cut below */
        rcap *= 2;
        rbuf = (char *)cf_checked(realloc(rbuf, rcap));
      }
      got = read(c.out, rbuf + rlen, rcap - rlen - 1);
      if (got < 0 && (errno == EAGAIN || errno == EINTR)) continue;
      if (got <= 0) { /* EOF: the child is gone before answering everything */
        if (held > 0) { /* no answer came after them: they were the answers */
          for (k_held = 0; k_held < held && recv < end; ++k_held) cf_give_held(r, recv++, held_line[k_held]);
          held = 0;
          answered_any = 1;
          if (recv >= end) {
            result = end;
            break;
          }
        }
        cf_reap(&c, 2.0, how, sizeof how, &status);
        if (!answered_any && recv == pos && (status == 126 || status == 127) && r->s->starts == 1) {
          r->s->cannot_start = 1;
          cf_event(r->s, -1, -1, "cannot run `%s` (%s, no answer)", o->cmd, how);
          result = end;
          break;
        }
        ++r->s->crashes;
        cf_slot_text(r, recv, text, sizeof text);
        cf_event(r->s, CF_A_CRASHED, r->slot[recv].req, "stopped before answering `%s` (%s)", text, how);
        cf_mark(r, recv, CF_A_CRASHED);
        result = recv + 1;
        break;
      }
      rlen += (size_t)got;
      {
        size_t start = 0;
        for (;;) {
          char *nl = (char *)memchr(rbuf + start, '\n', rlen - start);
          char *line;
          const char *z;
          size_t len, k;
          long nul; /* the first NUL byte of the line, or -1 */
          if (!nl) break;
          line = rbuf + start;
          len = (size_t)(nl - line);
          start = (size_t)(nl - rbuf) + 1;
          last = cf_now(); /* only whole lines are progress */
          if (skipping) { /* the end of an over-long line: it is answered by its start */
            skipping = 0;
            line = cut;
            len = cut_len;
          }
          if (len > 0 && line[len - 1] == '\r') --len;
          z = (const char *)memchr(line, '\0', len);
          nul = z ? (long)(z - line) : -1;
          if (len > CF_REQ_CAP - 1) len = CF_REQ_CAP - 1; /* the judge reads no more */
          line[len] = '\0';
          for (k = 0; k < len; ++k) /* the protocol is ASCII: NUL, control bytes and the rest read as '?' */
            if (line[k] != '\t' && ((unsigned char)line[k] < 0x20 || (unsigned char)line[k] > 0x7e)) line[k] = '?';
          if (recv >= end) {
            ++r->s->extra_lines;
            continue;
          }
          if (!seen_answer && nul < 0 && !cf_is_answer(line)) {
            if (held < CF_HOLD) { /* start-up output or garbage answers: the next lines tell (CF_HOLD) */
              snprintf(held_line[held++], CF_REQ_CAP, "%s", line);
              continue;
            }
            /* CF_HOLD lines and this one, none an answer: its answers */
            for (k_held = 0; k_held < held && recv < end; ++k_held) cf_give_held(r, recv++, held_line[k_held]);
            held = 0;
            seen_answer = 1;
            if (recv >= end) {
              ++r->s->extra_lines;
              continue;
            }
          } else if (!seen_answer && held > 0) { /* an answer after them: they were start-up output */
            for (k_held = 0; k_held < held; ++k_held) {
              ++r->s->startup_lines;
              cf_event(r->s, -1, -1, "start-up output, before the first answer, not taken as an answer: `%.200s`%s",
                       held_line[k_held], "");
            }
            held = 0;
          }
          seen_answer = 1;
          answered_any = 1;
          if (r->slot[recv].req >= 0) {
            int q = r->slot[recv].req;
            if (r->ans[q]) free(r->ans[q]);
            if (nul >= 0) {
              /* A NUL byte makes the line no answer (spec/protocol.md,
               * "Bounds"); read as `?` it was judged, and `error ...?...`
               * conformed (issue 44). The annotation makes the judge's
               * first word neither `ok` nor `error`: malformed, and shows why. */
              char at[24];
              size_t cap = len + 48;
              r->ans[q] = (char *)cf_checked(malloc(cap));
              snprintf(r->ans[q], cap, "(a NUL byte at byte %ld) %s", nul, line);
              snprintf(at, sizeof at, "%ld", nul);
              cf_slot_text(r, recv, text, sizeof text);
              cf_event(r->s, -1, q, "answered `%.200s` with a line holding a NUL byte (at byte %s): malformed", text, at);
            } else {
              r->ans[q] = (char *)cf_checked(malloc(len + 1));
              memcpy(r->ans[q], line, len + 1);
            }
            r->st[q] = CF_A_ANSWERED;
          } else if (nul >= 0 || !cf_is_answer(line)) {
            /* a probe answered with garbage: malformed, as the answers
             * around it will be judged; no evidence that the stream is
             * shifted, and none that it is in order (verified stays) */
            char want[64];
            ++r->s->probes;
            snprintf(want, sizeof want, "size((%d,%ld))", CF_PROBE_BASE, r->slot[recv].probe_k);
            cf_event(r->s, -1, -1, "the probe %s was answered `%.200s`: neither `ok` nor `error`, malformed", want,
                     line);
          } else {
            int pr = cf_probe_ok(line, r->slot[recv].probe_k);
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
              snprintf(want, sizeof want, "size((%d,%ld)) = %ld", CF_PROBE_BASE, r->slot[recv].probe_k,
                       (long)CF_PROBE_BASE * r->slot[recv].probe_k);
              ++r->s->order_breaks;
              for (k = verified; k < recv; ++k) cf_mark(r, k, CF_A_OUT_OF_ORDER);
              cf_event(r->s, CF_A_OUT_OF_ORDER, -1, "answers out of order: the probe %s was answered `%.200s`", want, line);
              result = recv + 1;
              break;
            }
            verified = recv + 1;
          }
          ++recv;
        }
        memmove(rbuf, rbuf + start, rlen - start);
        rlen -= start;
        if (skipping) {
          rlen = 0; /* the middle of an over-long line */
        } else if (rlen > CF_LINE_MAX) { /* keep its start, drop the rest up to its newline */
          skipping = 1;
          cut_len = CF_REQ_CAP - 1;
          memcpy(cut, rbuf, cut_len);
          cut[cut_len] = '\0';
          rlen = 0;
          ++r->s->overlong;
          if (recv < end) {
            cf_slot_text(r, recv, text, sizeof text);
            cf_event(r->s, -1, r->slot[recv].req, "answered `%.200s` with a line longer than the runner reads (" CF_STR(CF_LINE_MAX) " bytes): cut%s", text, "");
          } else {
            cf_event(r->s, -1, -1, "wrote a line longer than the runner reads (" CF_STR(CF_LINE_MAX) " bytes) after its last answer%s%s", "", "");
          }
        }
      }
    }
  }
  if (result < 0) result = recv;
  if (c.out >= 0) {
    /* finished (or given up): no more input; count stray lines until EOF */
    if (c.in >= 0) {
      close(c.in);
      c.in = -1;
    }
    if (result == recv && recv == end) {
      double t0 = cf_now();
      for (;;) {
        struct pollfd pf;
        ssize_t got;
        char tmp[4096];
        int k;
        pf.fd = c.out;
        pf.events = POLLIN;
        if (poll(&pf, 1, 200) <= 0) {
          if (cf_now() - t0 > 2.0) break;
          continue;
        }
        got = read(c.out, tmp, sizeof tmp);
        if (got < 0 && (errno == EAGAIN || errno == EINTR)) continue;
        if (got <= 0) break;
        for (k = 0; k < got; ++k) r->s->extra_lines += tmp[k] == '\n';
        if (cf_now() - t0 > 2.0) break;
      }
    }
    cf_reap(&c, result == recv ? 2.0 : 0.2, how, sizeof how, 0);
  }
  r->s->silent = answered_any ? 0 : r->s->silent + 1;
  free(wbuf);
  free(rbuf);
  free(sent_at);
  return result;
}

void cf_proc_run(const cf_proc_opts *o, char *const *reqs, int n, char **ans, int *st, cf_proc_stats *s) {
  cf_run r;
  int k, pos = 0, since = 0;
  double t0 = cf_now();
  signal(SIGPIPE, SIG_IGN);
  signal(SIGINT, cf_on_signal);
  signal(SIGTERM, cf_on_signal);
  signal(SIGHUP, cf_on_signal);
  r.o = o;
  r.reqs = reqs;
  r.ans = ans;
  r.st = st;
  r.s = s;
  r.slot = (cf_slot *)cf_checked(malloc(sizeof(cf_slot) * (size_t)(2 * n + 2)));
  r.nslots = 0;
  r.sent_hi = 0;
  if (o->progress) cf_progress_start(&r.progress, n);
  for (k = 0; k < n; ++k) {
    ans[k] = 0;
    st[k] = CF_A_NOT_SENT;
    r.slot[r.nslots].req = k;
    r.slot[r.nslots++].probe_k = 0;
    if (o->probe_every > 0 && (++since == o->probe_every || k == n - 1)) {
      r.slot[r.nslots].req = -1;
      r.slot[r.nslots++].probe_k = ++s->probe_k; /* a fresh K for every probe */
      since = 0;
    }
  }
  while (pos < r.nslots) {
    int end = r.nslots;
    if (s->cannot_start) break;
    if (s->starts >= o->max_starts) {
      s->gave_up = 1;
      cf_event(s, -1, -1, "gave up after %s processes%s", o->max_starts > 1 ? "that many" : "one", "");
      break;
    }
    if (o->max_silent > 0 && s->silent >= o->max_silent) {
      char n[16];
      snprintf(n, sizeof n, "%d", s->silent);
      s->gave_up = 1;
      cf_event(s, -1, -1, "gave up: %s processes in a row ended without answering one line%s", n, "");
      break;
    }
    if (o->batch && o->batch_size > 0) { /* one process per batch_size requests, ending after a probe */
      int q = 0;
      end = pos;
      while (end < r.nslots) {
        if (r.slot[end].req >= 0) ++q;
        ++end;
        if (q >= o->batch_size && (o->probe_every <= 0 || r.slot[end - 1].req < 0)) break;
      }
    }
    pos = cf_session(&r, pos, end);
  }
  cf_show_progress(&r, 0, pos, 1);
  free(r.slot);
  s->seconds += cf_now() - t0;
}
