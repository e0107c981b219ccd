/* ct_fork.h -- the host half's worker processes, one helper (used by
 * every program of device/ that forks: agree.cu, sweep.cu, divprod_sweep.cu,
 * ops_sweep.cu and tv_sweep.cu): P forked processes, worker w of P
 * running its share of the work, each writing its counts into its own slot
 * of memory shared with the parent, which waits for them all and adds up.
 * Host only (C++: the work is a lambda); include after device/ct_cuda.h
 * (ct_die). A worker that dies is reported (ct_fork_wait counts it,
 * ct_fork_run stops the program). A child of a process with CUDA threads
 * must only compute: the programs fork before any CUDA call. */
#ifndef CT_FORK_H
#define CT_FORK_H

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <vector>

/* n zeroed slots in memory shared with the children forked after. */
template <class Slot> static Slot *ct_fork_slots(int n) {
  Slot *s = (Slot *)mmap(0, sizeof(Slot) * n, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (s == MAP_FAILED) ct_die("mmap: %s", strerror(errno));
  memset((void *)s, 0, sizeof(Slot) * n);
  return s;
}

template <class Slot> static void ct_fork_free(Slot *s, int n) { munmap((void *)s, sizeof(Slot) * n); }

/* Forks nw workers, worker w running work(w) then exiting 0 (stdout and
 * stderr flushed first, so that no buffered line is printed twice). */
template <class Work> static std::vector<pid_t> ct_fork_start(int nw, Work work) {
  std::vector<pid_t> pids;
  int w;
  fflush(stdout);
  fflush(stderr);
  for (w = 0; w < nw; ++w) {
    pid_t pid = fork();
    if (pid < 0) ct_die("fork: %s", strerror(errno));
    if (pid == 0) {
      work(w);
      _exit(0);
    }
    pids.push_back(pid);
  }
  return pids;
}

/* Waits for every worker; the number that did not exit 0. */
static inline int ct_fork_wait(const std::vector<pid_t> &pids) {
  int bad = 0;
  size_t i;
  for (i = 0; i < pids.size(); ++i) {
    int st = 0;
    while (waitpid(pids[i], &st, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) ++bad;
  }
  return bad;
}

/* nw workers, worker w running work(w, &slot_w) on a zeroed shared slot;
 * returns the slots once all have exited 0 (ct_fork_free them), else dies. */
template <class Slot, class Work> static Slot *ct_fork_run(int nw, Work work) {
  Slot *slots = ct_fork_slots<Slot>(nw);
  if (ct_fork_wait(ct_fork_start(nw, [&](int w) { work(w, &slots[w]); }))) ct_die("a host worker died");
  return slots;
}

#endif
