#!/usr/bin/env python3
"""Hostile implementations under `cuteref conform` (issue 17).

usage: hostile_test.py CUTEREF [MODE...]

Runs `cuteref conform` against every mode of hostile.sh, in the interactive
and (for most) the batch mode, and checks that the runner
  - exits 1 (0 for slow_ok, which answers in time), never hangs: each run
    ends within a bound computed from the options it was given;
  - names what the implementation did, in its JSON report (valid JSON, ASCII)
    and in its Markdown report;
  - keeps its own memory bounded (its peak RSS, from wait4, under 64 MB while
    an implementation writes a 100 MB line);
  - leaves no process behind: it runs in a session of its own, and no
    process of that session is left once it has exited.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

CASES = """size((4,2))
composition((6,2):(8,2), (4,3):(3,1))
complement(4:2, 24)
size((3,5))
coalesce((2,(1,6)):(1,(6,2)))
right_inverse((2,4,6):(4,1,8))
composition((4,6,8):(2,3,5), 6:3)
cosize(((2,4),(3,5)):((3,6),(1,24)))
"""

# Options of every run, and the bound on its wall time they imply: at most
# max_starts processes, each ended by a timeout (1 s) or by the 2 s grace
# after its output closes, twice (the main pass and one shrinking round), plus
# the shrinking time and start-up.
OPTS = ["--timeout", "1", "--batch-timeout", "1", "--max-starts", "8", "--max-silent", "3", "--probe-every", "4",
        "--shrink-time", "3", "--shrink-width", "4"]
BOUND_S = 2 * 8 * (1 + 2) + 3 + 10
RSS_LIMIT_KB = 64 * 1024
# A sanitizer build (.bazelrc --config=asan/msan) maps shadow memory: its
# peak RSS is several times a plain build's; the bound is scaled, not dropped.
if any(k in os.environ for k in ("ASAN_OPTIONS", "MSAN_OPTIONS")):
    RSS_LIMIT_KB *= 8

# mode -> (exit status, [(JSON path, predicate description, predicate)], batch too)
def has_event(text):
    return ("an event says: " + text, lambda d: any(text in e["text"] for e in d["events"]))

def no_event(text):
    return ("no event says: " + text, lambda d: not any(text in e["text"] for e in d["events"]))

def proc(key, pred, what):
    return ("process.%s %s" % (key, what), lambda d: pred(d["process"].get(key, 0)))

def total(key, pred, what):
    return ("totals.%s %s" % (key, what), lambda d: pred(d["totals"].get(key, 0)))

EXPECT = {
    "exit_at_once": (1, [proc("crashes", lambda v: v >= 1, ">= 1"), has_event("stopped before answering"),
                         has_event("gave up: 3 processes in a row ended without answering one line")], True),
    "crash_signal": (1, [has_event("killed by signal 11"), proc("gave_up", bool, "is true")], True),
    "never_answer": (1, [proc("timeouts", lambda v: v >= 1, ">= 1"), proc("gave_up", bool, "is true")], True),
    # garbage is malformed, also where probes are on: a probe answered with
    # garbage is no sign of a shift (issue 44: it was taken for one), and a
    # NUL byte makes a line malformed even after `error`
    "garbage": (1, [total("malformed", lambda v: v == 8, "== 8"), no_event("answers out of order"),
                    has_event("?garbage ?[31mred?[0m"), has_event("holding a NUL byte")], True),
    "garbage_text": (1, [total("malformed", lambda v: v == 8, "== 8"), proc("out_of_order", lambda v: v == 0, "== 0"),
                         has_event("was answered `what?`: neither `ok` nor `error`, malformed")], True),
    "nul_error": (1, [total("malformed", lambda v: v == 8, "== 8"), total("conforming", lambda v: v == 0, "== 0"),
                      has_event("with a line holding a NUL byte (at byte 26): malformed")], True),
    "twice": (1, [proc("out_of_order", lambda v: v >= 1, ">= 1"), has_event("answers out of order")], True),
    "stream_lines": (1, [("not conforming", lambda d: not d["conforms"])], True),
    "stream_bytes": (1, [proc("overlong_lines", lambda v: v >= 1, ">= 1"), has_event("longer than the runner reads")],
                     False),
    "huge_line": (1, [proc("overlong_lines", lambda v: v == 1, "== 1"), has_event("longer than the runner reads"),
                      total("malformed", lambda v: v == 1, "== 1"),
                      total("conforming", lambda v: v == 7, "== 7")], True),
    "close_stdout": (1, [proc("crashes", lambda v: v >= 1, ">= 1"), has_event("killed after it stopped answering")],
                     True),
    "orphan": (1, [proc("gave_up", bool, "is true")], True),
    "slow": (1, [proc("timeouts", lambda v: v >= 1, ">= 1"), has_event("no answer within the timeout")], False),
    "slow_ok": (0, [("conforms", lambda d: d["conforms"]), total("conforming", lambda v: v == 8, "== 8")], False),
}


def session_left(sid):
    """Processes of session sid that are still there (zombies aside)."""
    left = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        state, session = fields[0], int(fields[3])
        if session == sid and state != "Z":
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                left.append("%s %s" % (pid, f.read().replace(b"\0", b" ").decode("ascii", "replace")))
    return left


def run(cuteref, hostile, mode, batch, tmp):
    name = "%s%s" % (mode, " --batch" if batch else "")
    cases = os.path.join(tmp, "cases.txt")
    js, md = os.path.join(tmp, "r.json"), os.path.join(tmp, "r.md")
    for p in (js, md):
        if os.path.exists(p):
            os.remove(p)
    cmd = [cuteref, "conform", "--impl", "exec sh %s %s %s" % (hostile, mode, cuteref), "--cases", cases,
           "--json", js, "--markdown", md, "--quiet", "--impl-stderr", os.path.join(tmp, "impl.err")] + OPTS
    if batch:
        cmd.append("--batch")
    t0 = time.monotonic()
    with open(os.path.join(tmp, "out.txt"), "wb") as outf:
        p = subprocess.Popen(cmd, stdout=outf, stderr=subprocess.STDOUT, start_new_session=True)
    status = ru = None
    while True:
        pid, st, usage = os.wait4(p.pid, os.WNOHANG)
        if pid == p.pid:
            status, ru = os.waitstatus_to_exitcode(st), usage
            p.returncode = status
            break
        if time.monotonic() - t0 > BOUND_S:
            os.killpg(p.pid, 9)
            os.waitpid(p.pid, 0)
            return ["%s: still running after %d s (killed)" % (name, BOUND_S)], BOUND_S, 0
        time.sleep(0.02)
    took = time.monotonic() - t0
    out = open(os.path.join(tmp, "out.txt"), "rb").read()
    # ru_maxrss: the peak of the runner and of the processes it waited for
    # (the implementation: shell tools of a few MB), in kB
    rss = ru.ru_maxrss
    problems = []
    want, checks, _ = EXPECT[mode]
    if rss > RSS_LIMIT_KB:
        problems.append("%s: peak RSS %d kB, over %d kB" % (name, rss, RSS_LIMIT_KB))
    if status != want:
        problems.append("%s: exit status %s, want %d: %s" % (name, status, want, out.decode("ascii", "replace")))
    time.sleep(0.2)  # SIGKILLed processes are gone once reaped
    left = session_left(p.pid)
    if left:
        problems.append("%s: processes left behind: %s" % (name, "; ".join(left)))
    try:
        raw = open(js, "rb").read()
        raw.decode("ascii")
        d = json.loads(raw)
    except (OSError, ValueError) as e:
        problems.append("%s: the JSON report is missing or not ASCII JSON: %s" % (name, e))
        return problems, took, rss
    try:
        open(md, "rb").read().decode("ascii")
    except (OSError, ValueError) as e:
        problems.append("%s: the Markdown report is missing or not ASCII: %s" % (name, e))
    if d["totals"]["sent"] + d["totals"]["not_sent"] != 8:
        problems.append("%s: totals.sent + not_sent = %s, want 8" % (name, d["totals"]))
    for what, pred in checks:
        if not pred(d):
            problems.append("%s: want %s; process %s, events %s" % (name, what, d["process"],
                                                                  [e["text"] for e in d["events"]]))
    return problems, took, rss


def main():
    cuteref = os.path.abspath(sys.argv[1])
    hostile = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hostile.sh")
    modes = sys.argv[2:] or list(EXPECT)
    tmp = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
    with open(os.path.join(tmp, "cases.txt"), "w") as f:
        f.write(CASES)
    passed = failed = 0
    for mode in modes:
        for batch in ([False, True] if EXPECT[mode][2] else [False]):
            problems, took, rss = run(cuteref, hostile, mode, batch, tmp)
            print("%-22s %5.1f s  peak RSS %6d kB  %s" % (mode + (" --batch" if batch else ""), took, rss,
                                                         "ok" if not problems else "FAILED"))
            for p in problems:
                print("  FAILED: " + p)
            failed += bool(problems)
            passed += not problems
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
