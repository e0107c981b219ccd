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
 * runner kills the implementation's process group first.
 *
 * Here: the stream of requests and probes, the child process, the run over
 * processes; one process over a run of the stream is conform_session.c's
 * state machine. */
#define _POSIX_C_SOURCE 200809L
#include "conform.h"
#include "conform_proc.h"

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

double cf_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* An event of the report; its text is cut to the event's size, as
 * snprintf would cut it (formatted whole first, so that the compiler sees
 * no truncation to warn of where it inlines a literal format). */
void cf_event(cf_proc_stats *s, int kind, int req, const char *fmt, const char *a, const char *b) {
  char whole[2 * CF_REQ_CAP + 512];
  size_t n;
  if (s->nev >= CF_MAX_EVENTS) return;
  s->ev[s->nev].kind = kind;
  s->ev[s->nev].req = req;
  snprintf(whole, sizeof whole, fmt, a ? a : "", b ? b : "");
  n = strlen(whole);
  if (n > sizeof s->ev[s->nev].text - 1) n = sizeof s->ev[s->nev].text - 1;
  memcpy(s->ev[s->nev].text, whole, n);
  s->ev[s->nev].text[n] = '\0';
  ++s->nev;
}

/* ---- the stream: requests interleaved with probes ------------------------------- */

/* The requests (not probes) among slots [0, i). */
static int cf_reqs_before(const cf_run *r, int i) {
  while (i > 0 && r->slot[i - 1].req < 0) --i;
  return i > 0 ? r->slot[i - 1].req + 1 : 0;
}

void cf_show_progress(cf_run *r, int send, int recv, int final) {
  if (!r->o->progress) return;
  if (send > r->sent_hi) r->sent_hi = send;
  cf_progress_show(&r->progress, cf_reqs_before(r, r->sent_hi), cf_reqs_before(r, recv), final);
}

void cf_slot_text(const cf_run *r, int i, char *buf, int cap) {
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
int cf_spec_rejection(const char *line) {
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
int cf_is_answer(const char *line) {
  while (*line == ' ' || *line == '\t') ++line;
  return (strncmp(line, "ok", 2) == 0 && (line[2] == ' ' || line[2] == '\t' || line[2] == '\0')) ||
         (strncmp(line, "error", 5) == 0 && (line[5] == ' ' || line[5] == '\t' || line[5] == '\0'));
}

/* ---- one process ---------------------------------------------------------------- */

int cf_spawn(const cf_proc_opts *o, cf_child *c) {
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
void cf_reap(cf_child *c, double grace, char *how, int cap, int *status_out) {
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

void cf_mark(cf_run *r, int slot, int st) {
  int q = r->slot[slot].req;
  if (q < 0) return;
  r->st[q] = st;
  if (st != CF_A_ANSWERED && r->ans[q]) {
    free(r->ans[q]);
    r->ans[q] = 0;
  }
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
