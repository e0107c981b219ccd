#!/usr/bin/env python3
"""Resource bounds of every command (issue 17).

usage: bounds_test.py CUTEREF

Feeds hostile inputs to cuteref and checks that time and memory stay bounded
and that every request line gets exactly one answer, in order:
  - `eval -`: layouts of size 2^62, cotargets of 2^62, integers at the 64-bit
    edges, tuples at and past the bounds of depth, rank and capacity,
    expressions nested at and past their bound, 10 MB lines, NUL bytes,
    invalid UTF-8, CRLF and lone CR; a marker request after each checks the
    order; every answer is `ok ...` or `error CODE ...`, printable ASCII,
    with the code expected where the test knows it;
  - `eval EXPR`, `show EXPR` and `dot EXPR` on the same requests (those that
    fit in an argument): exit status 0 or 1, one line from eval, bounded
    output from show and dot;
  - `examples`, `conform --cases` and `vectors --check` on files holding
    those lines: they finish, with the expected exit status.
Each command must end within TIME_S seconds with a peak RSS under RSS_KB.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

TIME_S = 20
RSS_KB = 64 * 1024
# A sanitizer build (.bazelrc --config=asan/msan) maps shadow memory: its
# peak RSS is several times a plain build's; the bound is scaled, not dropped.
if any(k in os.environ for k in ("ASAN_OPTIONS", "MSAN_OPTIONS")):
    RSS_KB *= 8
B62, B63 = 2 ** 62, 2 ** 63
MB10 = 10 * 1000 * 1000


def optree(d, leaf):
    """A balanced tree of ceil_div over 2**d copies of leaf: 2**d - 1 calls
    besides the leaves' (the work budget, spec/expressions.md)."""
    return leaf if d == 0 else b"ceil_div(%s,%s)" % (optree(d - 1, leaf), optree(d - 1, leaf))


# 512 leaves of one call and 511 ceil_div: 1023 operations.
OPS_1023 = optree(9, b"size(1)")
# About 100 KB of left_inverse calls (one argument can hold it): far past
# the budget, refused at the 1025th operation (issue 44: a 983 KB line of
# them took 59 s).
LINV_100K = optree(11, b"size(left_inverse((4,2,3):(3,12,1)))")

# max_common_vector passes of 2^24 visits each (spec/inverse.md, MCL-ALG):
# four fit in a request's 2^26, the fifth runs out (WORK_LIMIT).
MCV = b"size(max_common_vector((4,4194304):(0,0),16777215:0))"
MCV_4 = b"ceil_div(ceil_div(%s,%s),ceil_div(%s,%s))" % (MCV, MCV, MCV, MCV)

# (request bytes, expected answer: None (any), "ok", "ok TEXT", or an error code)
REQUESTS = [
    (b"size(%d:1)" % B62, "ok %d" % B62),
    (b"size((%d,2))" % B62, "OVERFLOW"),
    (b"cosize(%d:%d)" % (B62, B62), "OVERFLOW"),
    (b"%d:1(%d)" % (B62, B62 - 1), "ok %d" % (B62 - 1)),
    (b"%d:3(%d)" % (B62, B62 - 1), "OVERFLOW"),
    (b"idx2crd(%d, (%d,%d))" % (B62 - 1, 2 ** 31, 2 ** 31), "ok (2147483647,2147483647)"),
    (b"complement(4:1, %d)" % B62, "ok"),
    (b"complement(%d:1)" % B62, "ok"),
    (b"complement(2:%d, %d)" % (2 ** 61, B62), "ok"),
    (b"right_inverse(%d:1)" % B62, "ok"),
    (b"left_inverse((%d,%d):(1,%d))" % (2 ** 31, 2 ** 31, 2 ** 31), "ok"),
    (b"composition(%d:1, %d:1)" % (B62, B62), "ok"),
    (b"logical_divide(%d:1, 4:1)" % B62, "ok"),
    (b"logical_product(4:1, %d:1)" % B62, "OVERFLOW"),
    (b"blocked_product(%d:1, (2,2))" % B62, "OVERFLOW"),
    (b"tile_to_shape(2:1, (%d,2))" % B62, None),
    (b"coalesce((%d,2):(1,%d))" % (B62, B62), "ok"),
    (b"9223372036854775807", "ok 9223372036854775807"),
    (b"-9223372036854775808", "ok -9223372036854775808"),
    (b"9223372036854775808", "OVERFLOW"),
    (b"ceil_div(9223372036854775807, 2)", "ok 4611686018427387904"),
    (b"shape_div(-9223372036854775808, -1)", None),
    (b"make_layout((4294967296,4294967296,2))", "OVERFLOW"),
    (b"((((((((1))))))))", "ok ((((((((1))))))))"),
    (b"(((((((((1)))))))))", "DEPTH_LIMIT"),
    (b"(" + b",".join([b"1"] * 32) + b")", "ok"),
    (b"(" + b",".join([b"1"] * 33) + b")", "RANK_LIMIT"),
    (b"(" + b",".join([b"(1,2,3)"] * 31) + b",1)", "ok"),  # 126 nodes, 32 elements
    (b"(" + b",".join([b"(1,2,3)"] * 32) + b",1)", "CAPACITY"),  # 129 nodes
    (b"size(" * 32 + b"8" + b")" * 32, "ok 8"),
    (b"size(" * 40 + b"8" + b")" * 40, "EXPR_DEPTH"),
    (b"size(%s)" % OPS_1023, "ok 1"),
    (b"size(size(%s))" % OPS_1023, "WORK_LIMIT"),
    (LINV_100K, "WORK_LIMIT"),
    # ("big", b"", 0, TEXT): TEXT as it is, kept out of the eval/show/dot
    # loop below, where a sanitizer build would spend seconds on each
    (("big", b"", 0, b"size(%s)" % MCV_4), "ok _1"),
    (("big", b"", 0, b"ceil_div(size(%s),size(%s))" % (MCV_4, MCV)), "WORK_LIMIT"),
    (("big", b" ", MB10, b"8"), "CAPACITY"),
    (("big", b"(", MB10, b""), "CAPACITY"),
    (("big", b"(", 1 << 19, b""), "DEPTH_LIMIT"),
    (b"size((4,\x002))", "PARSE_EXPECTED"),
    (b"\x00", "PARSE_EXPECTED"),
    (b"size((4,\xff))", "PARSE_EXPECTED"),
    (b"\xc3\xa9", "PARSE_EXPECTED"),
    (b"size((4,2))\r", "ok 8"),
    (b"size((4,\r2))", "ok 8"),
    (b"", "PARSE_EMPTY"),
    (b"\r", "PARSE_EMPTY"),
    (b"\x1b[31msize(4)", "PARSE_EXPECTED"),
    (b"<()>", "ok <()>"),
    (b"composition((4,8):(1,4), <()>)", "ok (()):(())"),
]

CODES = None
problems = []


def big(req):
    """A request's bytes; ("big", FILL, N, TAIL) stands for N bytes of FILL
    and TAIL, made only when written, so that this process stays small (the
    peak RSS that wait4 reports for a child includes its parent's at the
    fork)."""
    if isinstance(req, tuple):
        return req[1] * req[2] + req[3]
    return req


def short(req):
    return req[:60] if not isinstance(req, tuple) else b"<%d bytes of %r>" % (req[2], req[1])


def bad(msg):
    problems.append(msg)
    print("FAILED: " + msg)


def run(args, stdin=None, what=None):
    """Runs cuteref with stdin from a file (or empty); returns (status,
    stdout, seconds, peak RSS kB)."""
    t0 = time.monotonic()
    with tempfile.TemporaryFile() as out, open(stdin or os.devnull, "rb") as inp:
        p = subprocess.Popen(args, stdin=inp, stdout=out, stderr=subprocess.DEVNULL)
        while True:
            pid, st, ru = os.wait4(p.pid, os.WNOHANG)
            if pid == p.pid:
                break
            if time.monotonic() - t0 > TIME_S:
                p.kill()
                os.waitpid(p.pid, 0)
                bad("%s: still running after %d s" % (what or args[1:3], TIME_S))
                return None, b"", TIME_S, 0
            time.sleep(0.005)
        p.returncode = os.waitstatus_to_exitcode(st)
        out.seek(0)
        data = out.read()
    took = time.monotonic() - t0
    if ru.ru_maxrss > RSS_KB:
        bad("%s: peak RSS %d kB, over %d kB" % (what or args[1:3], ru.ru_maxrss, RSS_KB))
    return p.returncode, data, took, ru.ru_maxrss


def check_answer(req, want, ans):
    text = ans.decode("ascii", "replace")
    if not re.fullmatch(rb"[\x20-\x7e]*", ans):
        bad("answer to %r is not printable ASCII: %r" % (req[:60], ans[:120]))
    m = re.match(r"(ok) (.+)$|(error) ([A-Z_]+)( .*)?$", text)
    if not m:
        bad("answer to %r is neither `ok V` nor `error CODE ...`: %r" % (req[:60], text[:120]))
        return
    if m.group(3) and m.group(4) not in CODES:
        bad("answer to %r names an unknown code: %r" % (req[:60], text[:120]))
    if want is None:
        return
    if want == "ok":
        ok = m.group(1) == "ok"
    elif want.startswith("ok "):
        ok = text == want
    else:
        ok = m.group(3) == "error" and m.group(4) == want
    if not ok:
        bad("answer to %r: got %r, want %r" % (req[:60], text[:160], want))


def main():
    global CODES
    cuteref = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
    CODES = set(l.split()[0] for l in subprocess.run([cuteref, "eval", "--codes"], capture_output=True,
                                                     text=True).stdout.splitlines())

    # eval -: one answer per line, in order; CRLF on every other line
    path = os.path.join(tmp, "stream.txt")
    with open(path, "wb") as f:
        for k, (req, _) in enumerate(REQUESTS):
            eol = b"\r\n" if k % 2 else b"\n"
            f.write(big(req) + eol + b"size((7,%d))" % (k + 1) + eol)
    status, out, took, rss = run([cuteref, "eval", "-"], path, "eval -")
    lines = out.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    print("eval -: %d requests, %d answers, exit %s, %.2f s, peak RSS %d kB" % (2 * len(REQUESTS), len(lines),
                                                                               status, took, rss))
    if status != 1:
        bad("eval -: exit status %s, want 1 (some requests are rejected)" % status)
    if len(lines) != 2 * len(REQUESTS):
        bad("eval -: %d answer lines for %d request lines" % (len(lines), 2 * len(REQUESTS)))
    for k, (req, want) in enumerate(REQUESTS):
        if 2 * k + 1 >= len(lines):
            break
        check_answer(short(req), want, lines[2 * k])
        if lines[2 * k + 1] != b"ok %d" % (7 * (k + 1)):
            bad("eval -: the marker after request %d (%r) got %r: answers out of order" % (k, short(req),
                                                                                          lines[2 * k + 1][:80]))
            break
    # the last line without a newline is answered too
    with open(os.path.join(tmp, "last.txt"), "wb") as f:
        f.write(b"size((2,3))\nsize((5,5))")
    status, out, _, _ = run([cuteref, "eval", "-"], os.path.join(tmp, "last.txt"), "eval - (no final newline)")
    if out != b"ok 6\nok 25\n":
        bad("eval -: a last line without a newline: got %r" % out)

    # a 128 KiB stack limit (ulimit -s 128): the command runs on a thread
    # of its own stack (cli/cuteref.c), the heaviest requests answered alike
    import resource

    def small_stack():
        resource.setrlimit(resource.RLIMIT_STACK, (128 << 10, resource.RLIM_INFINITY))

    for req in ("zipped_divide(make_identity_layout((_8,_12)), <_4,_3>)",
                "size(" * 31 + "tiled_divide(make_identity_layout((_8,_12)), (_2,_4))" + ")" * 31):
        want = subprocess.run([cuteref, "eval", req], capture_output=True)
        got = subprocess.run([cuteref, "eval", req], capture_output=True, preexec_fn=small_stack)
        if (got.returncode, got.stdout) != (want.returncode, want.stdout):
            bad("eval %r under ulimit -s 128: exit %s, %r (want exit %s, %r)" % (req[:50], got.returncode,
                                                                                  got.stdout[:80], want.returncode,
                                                                                  want.stdout[:80]))
    print("ulimit -s 128: the heaviest requests answered as with the default stack")

    # eval EXPR, show EXPR, dot EXPR: the requests that fit in one argument
    worst = [0.0, 0, 0]
    for req, want in REQUESTS:
        if isinstance(req, tuple) or b"\x00" in req:
            continue
        arg = req.decode("latin-1")
        status, out, took, rss = run([cuteref, "eval", arg], None, "eval %r" % req[:40])
        if status not in (0, 1) or out.count(b"\n") != (status == 0):
            bad("eval %r: exit %s, output %r" % (req[:60], status, out[:120]))
        for cmd in ("show", "dot"):
            status, out, took, rss = run([cuteref, cmd, arg], None, "%s %r" % (cmd, req[:40]))
            worst = [max(worst[0], took), max(worst[1], len(out)), max(worst[2], rss)]
            if status not in (0, 1):
                bad("%s %r: exit status %s" % (cmd, req[:60], status))
            if len(out) > 2 * 1000 * 1000:
                bad("%s %r: %d bytes of output" % (cmd, req[:60], len(out)))
    print("show/dot: the slowest %.2f s, the longest output %d bytes, peak RSS %d kB" % tuple(worst))

    # examples: a page whose cuteref block holds every request as an example
    page = os.path.join(tmp, "page.md")
    with open(page, "wb") as f:
        f.write(b"# hostile\n\n```cuteref\n")
        for r, _ in REQUESTS:
            f.write(big(r) + b" ! OVERFLOW\n")
        f.write(b"```\n")
    status, out, took, rss = run([cuteref, "examples", page], None, "examples")
    print("examples: exit %s, %.2f s, peak RSS %d kB: %s" % (status, took, rss, out.splitlines()[-1:]))
    if status != 1 or not re.search(rb"\d+ passed, \d+ failed\n$", out):
        bad("examples: exit %s, output ends %r" % (status, out[-200:]))

    # conform --cases: the reference judged against itself on these requests;
    # the lines with a NUL byte or too long are skipped with a warning
    with open(os.path.join(tmp, "cases.txt"), "wb") as f:
        for r, _ in REQUESTS:
            f.write(big(r) + b"\n")
    status, out, took, rss = run([cuteref, "conform", "--impl", cuteref + " eval -", "--cases",
                                  os.path.join(tmp, "cases.txt"), "--quiet"], None, "conform --cases")
    print("conform --cases: exit %s, %.2f s, peak RSS %d kB: %s" % (status, took, rss, out.strip()[-120:]))
    if status != 0:
        bad("conform: the reference against itself on the hostile cases exits %s: %r" % (status, out[-300:]))

    # vectors --check on a directory with a hostile file: drift, exit 1
    spec = os.path.join(tmp, "spec")
    os.makedirs(os.path.join(spec, "vectors"))
    with open(os.path.join(spec, "vectors", "size.txt"), "wb") as f:
        f.write(b"# cuteref conformance vectors: size\n")
        for r, _ in REQUESTS:
            f.write(b"size\tbounds\t" + big(r) + b"\tok 1\n")
    with open(os.path.join(spec, "vectors", "VERSION"), "wb") as f:
        f.write(b"version 1\ndigest 0\n")
    shutil.copy(page, os.path.join(spec, "x.md"))
    status, out, took, rss = run([cuteref, "vectors", "--check", os.path.join(spec, "vectors"), "--per-generator",
                                  "1"], None, "vectors --check")
    print("vectors --check: exit %s, %.2f s, peak RSS %d kB" % (status, took, rss))
    if status != 1:
        bad("vectors --check on a hostile directory: exit %s, want 1" % status)

    # vectors --check read a file only up to a NUL byte of each chunk: the
    # spec's vectors with a NUL and junk after the last line passed (issue 17)
    if os.path.isdir("spec/vectors"):
        copy = os.path.join(tmp, "copy")
        shutil.copytree("spec", copy, ignore=shutil.ignore_patterns("BUILD", "*.sh"))
        args = [cuteref, "vectors", "--check", os.path.join(copy, "vectors")]
        status, out, _, _ = run(args, None, "vectors --check on a copy")
        if status != 0:
            bad("vectors --check on a copy of spec/: exit %s, want 0: %r" % (status, out[-300:]))
        with open(os.path.join(copy, "vectors", "size.txt"), "ab") as f:
            f.write(b"\x00junk after a NUL byte\n")
        status, out, _, _ = run(args, None, "vectors --check with a NUL byte")
        print("vectors --check, a NUL byte and junk appended: exit %s" % status)
        if status != 1:
            bad("vectors --check passes a vectors file with a NUL byte and junk: exit %s, want 1" % status)
    shutil.rmtree(tmp, ignore_errors=True)
    print("%d passed, %d failed" % (0 if problems else 1, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
