#!/usr/bin/env python3
"""`cuteref conform` shows progress on a terminal and nothing more when its
standard error is not one (issue 15).

Not a terminal: stderr is exactly the one line it always was, no carriage
returns. A terminal (a pseudo-terminal from Python's pty module): the line
`[conform] S/N sent, A answered, R answers/s, T s elapsed` is rewritten in
place (\\r and erase-line) while a slow implementation answers, and a final
line says every request was answered; stdout (the report) is the same both
ways but for the measured throughput.

usage: progress_test.py CUTEREF CASES_FILE
"""
import os
import pty
import re
import subprocess
import sys
import tempfile


def main():
    cuteref, vectors = os.path.abspath(sys.argv[1]), sys.argv[2]
    tmp = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
    cases = os.path.join(tmp, "cases.txt")
    with open(cases, "w") as f:  # 24 requests of the vectors
        n = 0
        for name in sorted(os.listdir(vectors)):
            if not name.endswith(".txt"):
                continue
            for line in open(os.path.join(vectors, name)):
                if line.strip() and not line.startswith("#") and n < 24:
                    f.write(line.split("\t")[2] + "\n")
                    n += 1
    # a slow implementation: the reference, 0.06 s per answer (about 1.5 s)
    impl = "while IFS= read -r l; do sleep 0.06; printf '%%s\\n' \"$l\" | %s eval -; done" % cuteref
    args = [cuteref, "conform", "--impl", impl, "--cases", cases, "--probe-every", "0", "--name", "slow"]
    failures = []

    plain = subprocess.run(args, capture_output=True, text=True)
    want = "[conform] sending 24 requests to `%s`\n" % impl
    if plain.returncode != 0:
        failures.append("conform (no terminal) exits %d: %s" % (plain.returncode, plain.stderr))
    if plain.stderr != want:
        failures.append("not a terminal: stderr is %r, want exactly %r" % (plain.stderr, want))

    master, slave = pty.openpty()
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 4096)
        except OSError:  # EIO: the last writer closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    out = p.stdout.read().decode()
    p.wait()
    os.close(master)
    tty = b"".join(chunks).decode(errors="replace")
    updates = re.findall(r"\r\x1b\[K\[conform\] (\d+)/24 sent, (\d+) answered, \d+ answers/s, [\d.]+ s elapsed", tty)
    if p.returncode != 0:
        failures.append("conform (terminal) exits %d: %r" % (p.returncode, tty))
    if len(updates) < 3:
        failures.append("a terminal: %d progress updates in %r, want several" % (len(updates), tty))
    elif updates[-1] != ("24", "24") or not tty.rstrip("\r\n").endswith("elapsed"):
        failures.append("a terminal: the last update is %r, want 24/24 sent, 24 answered, ending the line" % (updates[-1],))
    if any(int(a) > int(s) for s, a in updates) or [int(a) for s, a in updates] != sorted(int(a) for s, a in updates):
        failures.append("a terminal: answered exceeds sent or goes back: %r" % updates)
    timing = re.compile(r"^- throughput: .*$", re.M)  # the only line that may differ (times)
    if timing.sub("", out) != timing.sub("", plain.stdout):
        failures.append("the report differs on a terminal:\n%s\n---\n%s" % (out, plain.stdout))
    for f in failures:
        print("FAILED: " + f)
    print("%d progress updates seen; %d failed" % (len(updates), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
