#!/usr/bin/env python3
"""fuzz_python.py -- a seeded randomized driver of the Python boundary
(python/cuteref over libcuteref.so, spec/api.md; issue 44).

Feeds the requests of fuzz/corpus/api (the C API target's corpus: every
file as it is first, its regress-* reproducers included) and of
spec/vectors, and mutations of them (random bytes, NUL bytes, integers at
and past the int64 edges: 2**63, -2**63-1, 2**64+5, ...), through the Python
module and checks each answer against `cuteref eval -`, which gets the same
requests as UTF-8 lines:

  - cuteref.answer(r) is the line `cuteref eval -` answers to r, NUL bytes
    included ("error PARSE_EXPECTED a NUL byte at byte N", N in UTF-8 bytes);
  - cuteref.eval_text(r) is that line's value, or raises cuteref.Error with
    its code and message (and pos N for a NUL byte); cuteref.eval(r) the same
    value as a Python object, or the same code;
  - cuteref.judge(r, line) is None: the reference's own answer conforms; a
    NUL byte in r raises PARSE_EXPECTED; any answer with a NUL byte in its
    line is judged "malformed"; a Violation's `expected` is the eval answer's
    outcome;
  - integers, huge ones included, given as Python ints (L(i), size((n,2)),
    Layout((n,2), (1,n)), complement(L, n), size<n>(L)) give what `eval -`
    gives to the same expression written out: outside int64 that is
    OVERFLOW, never a wrapped value.

Every run starts with every layout of LAYOUTS at every integer of EDGES,
then every corpus file as it is (its regress-* reproducers), then mutants.
Replayable: the same --seed and --iterations give the same cases; a failure
prints the seed, the case and a one-line reproduction.

  fuzz/fuzz_python.py [--seed N] [--seconds S | --iterations N] [--batch N]
                      [--cli PATH] [--corpus DIR]... [-v]

The library is found as the module finds it (CUTEREF_LIBRARY, or build/
after `make`), the tool as --cli, $CUTEREF_CLI, `cuteref` beside the library,
or build/cuteref. Prints executions (cases), calls into the module and
exec/s; exit status 0 when every invariant holds, 1 otherwise, 2 on usage.
"""
import argparse
import glob
import os
import random
import re
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
sys.path.insert(0, os.path.join(ROOT, "python"))
cuteref = None  # the module, imported by main() once the arguments are read

INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1
EDGES = [0, 1, -1, 2, 7, 2**31, 2**32, 2**62, INT64_MAX, INT64_MIN, 2**63, -2**63 - 1, 2**64, 2**64 + 5, -2**64,
         10**30, -10**30]
JUDGE_CAP = 4096  # the judge's bound on an answer line (CF_REQ_CAP)
LAYOUTS = ["(4,2):(1,4)", "((2,2),3):((24,2),8)", "8:2", "(4,6):(1,10)", "(2,2):(1,6)", "(3,(2,4)):(_1,(3,6))",
           "(4,2):(_1@0,_1@1)"]
FUNNY = ["\0", "\0", "\0", "\t", " ", "\x01", "\x7f", "\x9c", "\u00e9", "\u20ac", "\U0001F600", "(", ")", ",", ":",
         "<", ">", "_", "@", "o", "-"]


class Broken(Exception):
    pass


def seeds(corpora):
    """Requests (and answers) to start from: the corpus files' lines, then
    the vectors'. Returns (all of them, how many came from the corpora)."""
    out = []
    for d in corpora:
        for path in sorted(glob.glob(os.path.join(d, "*"))):
            with open(path, "rb") as f:
                parts = f.read().split(b"\n")
            text = [p.decode("utf-8", "replace").replace("\r", "") for p in parts]
            out.append((text[0], text[1] if len(text) > 1 else "", text[2] if len(text) > 2 else ""))
    n_corpus = len(out)
    for path in sorted(glob.glob(os.path.join(ROOT, "spec", "vectors", "*.txt"))):
        with open(path, encoding="utf-8") as f:
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if len(fields) == 4 and not line.startswith("#"):
                    out.append((fields[2], fields[3], fields[0]))
    return out, n_corpus


def mutate(rng, s, pool):
    """One to three edits of s: inserted characters (NUL among them), an
    integer replaced by an edge, a span deleted or repeated, a splice."""
    for _ in range(rng.randint(1, 3)):
        k = rng.randint(0, len(s))
        what = rng.randrange(7)
        if what == 0:
            s = s[:k] + rng.choice(FUNNY) + s[k:]
        elif what == 1:
            s = s[:k] + "".join(chr(rng.randint(1, 0x2ff)) for _ in range(rng.randint(1, 4))) + s[k:]
        elif what in (2, 3):
            nums = list(re.finditer(r"-?\d+", s))
            if nums:
                m = rng.choice(nums)
                s = s[:m.start()] + str(rng.choice(EDGES)) + s[m.end():]
            else:
                s = s[:k] + str(rng.choice(EDGES)) + s[k:]
        elif what == 4:
            j = rng.randint(k, min(len(s), k + 8))
            s = s[:k] + s[j:]
        elif what == 5:
            j = rng.randint(k, min(len(s), k + 8))
            s = s[:j] + s[k:j] + s[j:]
        else:
            other = rng.choice(pool)[0]
            s = s[:k] + other[rng.randint(0, len(other)):]
    # one request line: a newline would end it, a final \r is its line end
    return s.replace("\n", " ").replace("\r", " ")


def cli_answers(cli, requests):
    data = "".join(r + "\n" for r in requests).encode()
    p = subprocess.run([cli, "eval", "-"], input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    lines = p.stdout.decode("utf-8", "replace").split("\n")
    if p.returncode not in (0, 1) or len(lines) != len(requests) + 1 or lines[-1] != "":
        raise Broken("`%s eval -` answered %d lines to %d requests (exit %d): %s" %
                     (cli, len(lines) - 1, len(requests), p.returncode, p.stderr.decode()[:200]))
    return lines[:-1]


def outcome(line):
    """(code, message, value) of an answer line: code "OK" for `ok V`."""
    if line.startswith("ok "):
        return "OK", "", line[3:]
    word = line.split(" ", 2)
    return word[1], (word[2] if len(word) > 2 else ""), None


def expected_of(line):
    code, _, value = outcome(line)
    if code != "OK":
        return "error " + code
    return line if len(line) < JUDGE_CAP else "error CAPACITY"


class Checker:
    def __init__(self):
        self.calls = 0

    def call(self, fn, *args, **kw):
        """(("OK", result) or (code, Error)) of a call into the module."""
        self.calls += 1
        try:
            return "OK", fn(*args, **kw)
        except cuteref.Error as e:
            return e.code, e
        except Exception as e:  # anything else is the module's failure, never the input's
            raise Broken("%s%r raised %s: %s" % (getattr(fn, "__name__", fn), args, type(e).__name__, e)) from e

    def same_as_cli(self, what, got, line, messages=True):
        code, message, value = outcome(line)
        if got[0] != code:
            raise Broken("%s: %s, `eval -` answers %r" % (what, got[1] if got[0] == "OK" else got[1], line))
        if code != "OK" and messages and got[1].message != message:
            raise Broken("%s: message %r, `eval -` answers %r" % (what, got[1].message, line))
        return value

    def check_request(self, r, line, answer):
        nul = r.encode().find(b"\0")
        got = self.call(cuteref.answer, r)
        if got != ("OK", line):
            raise Broken("cuteref.answer(%r) = %r, `eval -` answers %r" % (r, got[1], line))
        if nul >= 0 and line != "error PARSE_EXPECTED a NUL byte at byte %d" % nul:
            raise Broken("%r holds a NUL at byte %d, answered %r" % (r, nul, line))
        got = self.call(cuteref.eval_text, r)
        value = self.same_as_cli("cuteref.eval_text(%r)" % r, got, line)
        if value is not None and got[1] != value:
            raise Broken("cuteref.eval_text(%r) = %r, `eval -` answers %r" % (r, got[1], line))
        if nul >= 0 and got[1].pos != nul:
            raise Broken("cuteref.eval_text(%r): pos %d, the NUL is at byte %d" % (r, got[1].pos, nul))
        got = self.call(cuteref.eval, r)
        self.same_as_cli("cuteref.eval(%r)" % r, got, line)
        if value is not None:
            self.check_value(r, got[1], value)
        # the judge: the reference's own answer conforms; NULs
        if nul >= 0:
            for a in (line, answer, "ok 1"):
                got = self.call(cuteref.judge, r, a)
                if got[0] != "PARSE_EXPECTED":
                    raise Broken("cuteref.judge(%r, %r) (a NUL in the request) gave %r" % (r, a, got[1]))
            return
        if len(line) < JUDGE_CAP - 1:
            got = self.call(cuteref.judge, r, line)
            if got != ("OK", None):
                raise Broken("cuteref.judge(%r, %r) (its own answer) = %r" % (r, line, got[1]))
            got = self.call(cuteref.judge, r, line, strict=True)
            if got != ("OK", None):
                raise Broken("cuteref.judge(%r, %r, strict=True) (its own answer) = %r" % (r, line, got[1]))
        got = self.call(cuteref.judge, r, answer)
        if got[0] != "OK":
            raise Broken("cuteref.judge(%r, %r) raised %r" % (r, answer, got[1]))
        v = got[1]
        if v is not None:
            if v.expected != expected_of(line):
                raise Broken("cuteref.judge(%r, %r): the reference's outcome %r, `eval -` answers %r" %
                             (r, answer, v.expected, line))
        line_of_answer = answer.strip().split("\n")[0].split("\r")[0]
        if "\0" in line_of_answer and (v is None or v.verdict != "malformed"):
            raise Broken("cuteref.judge(%r, %r) (a NUL in the answer line): %r" % (r, answer, v))

    def check_value(self, r, got, value):
        if isinstance(got, bool):
            ok = value == ("true" if got else "false")
        elif isinstance(got, int):
            ok = re.fullmatch(r"_?-?\d+", value) is not None and int(value.lstrip("_")) == got
        elif isinstance(got, cuteref.Value):
            ok = str(got) == value
        elif got is None or isinstance(got, tuple):
            back = self.call(cuteref.eval, value)  # the tuple, marks dropped, is the value read back
            ok = back == ("OK", got)
        else:
            ok = False
        if not ok:
            raise Broken("cuteref.eval(%r) = %r, `eval -` answers ok %r" % (r, got, value))

    def int_cases(self, rng):
        """(description, thunk, expression for `eval -`, compare messages).
        Messages differ where the module parses an argument on its own (the
        byte a message names is then one of the argument's text)."""
        return self.int_cases_for(rng.choice(LAYOUTS), rng.choice(EDGES), rng.choice(EDGES + [rng.randint(-50, 50)]))

    def int_cases_for(self, L, n, m):
        lay = cuteref.Layout(L)
        return [
            ("Layout(%r)(%d)" % (L, n), lambda: lay(n), "%s(%d)" % (L, n), False),
            ("Layout(%r)(%d, %d)" % (L, n, m), lambda: lay(n, m), "%s(%d,%d)" % (L, n, m), False),
            ("cuteref.size((%d, 2))" % n, lambda: cuteref.size((n, 2)), "size((%d,2))" % n, False),
            ("cuteref.Layout((%d, 2), (1, %d))" % (n, m), lambda: str(cuteref.Layout((n, 2), (1, m))),
             "(%d,2):(1,%d)" % (n, m), True),
            ("cuteref.complement(%r, %d)" % (L, n), lambda: str(cuteref.complement(L, n)),
             "complement(%s,%d)" % (L, n), False),
            ("cuteref.size(%r, targs=%d)" % (L, n), lambda: cuteref.size(L, targs=n), "size<%d>(%s)" % (n, L), True),
            ("cuteref.shape_div((%d, 4), (%d, 2))" % (n, m), lambda: cuteref.shape_div((n, 4), (m, 2)),
             "shape_div((%d,4),(%d,2))" % (n, m), False),
        ]

    def check_int(self, desc, thunk, line, messages):
        got = self.call(thunk)
        value = self.same_as_cli(desc, got, line, messages)
        if value is not None:
            if isinstance(got[1], str):
                ok = got[1] == value
            elif isinstance(got[1], int):
                ok = re.fullmatch(r"_?-?\d+", value) is not None and int(value.lstrip("_")) == got[1]
            else:
                ok = self.call(cuteref.eval, value) == ("OK", got[1])
            if not ok:
                raise Broken("%s = %r, `eval -` answers %r" % (desc, got[1], line))
            if isinstance(got[1], int) and not INT64_MIN <= got[1] <= INT64_MAX:
                raise Broken("%s = %r: outside int64" % (desc, got[1]))


def find_cli(given):
    for c in (given, os.environ.get("CUTEREF_CLI"),
              os.environ.get("CUTEREF_LIBRARY") and os.path.join(os.path.dirname(os.environ["CUTEREF_LIBRARY"]),
                                                                  "cuteref"),
              os.path.join(ROOT, "build", "cuteref")):
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--seconds", type=float, default=None)
    ap.add_argument("--iterations", type=int, default=None, help="cases (default: 2000 without --seconds)")
    ap.add_argument("--batch", type=int, default=250, help="cases per `eval -` run")
    ap.add_argument("--cli", default=None)
    ap.add_argument("--corpus", action="append", default=None)
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    global cuteref
    try:
        import cuteref
    except ImportError as e:
        print("fuzz_python: %s" % e, file=sys.stderr)
        return 2
    cli = find_cli(a.cli)
    if not cli:
        print("fuzz_python: no cuteref tool (--cli, $CUTEREF_CLI, or build/cuteref after `make`)", file=sys.stderr)
        return 2
    seed = a.seed if a.seed is not None else random.SystemRandom().randrange(1 << 32)
    limit = a.iterations if a.iterations is not None else (None if a.seconds else 2000)
    corpora = a.corpus if a.corpus is not None else [os.path.join(ROOT, "fuzz", "corpus", "api")]
    pool, n_corpus = seeds([d for d in corpora if os.path.isdir(d)])
    rng = random.Random(seed)
    chk = Checker()
    print("fuzz_python: seed %d, %d seeds, library %s, tool %s" % (seed, len(pool), cuteref._native.lib._name, cli))
    start = time.time()
    # every layout at every edge first, then the corpus as it is, then mutants
    edge = [c for L in LAYOUTS for n in EDGES for c in chk.int_cases_for(L, n, 2)]
    for (desc, thunk, _, messages), line in zip(edge, cli_answers(cli, [c[2] for c in edge])):
        try:
            chk.check_int(desc, thunk, line, messages)
        except Broken as e:
            print("fuzz_python: INVARIANT BROKEN on the edge values: %s" % e)
            print("fuzz_python: replay: %s --iterations 0" % os.path.relpath(__file__))
            return 1
    done = 0
    while (limit is None or done < limit) and (a.seconds is None or time.time() - start < a.seconds or done < n_corpus):
        n = a.batch if limit is None else min(a.batch, limit - done)
        cases = []
        for k in range(n):
            if done + k < n_corpus:  # the corpus as it is first (its regress-* files), then mutants
                req, ans, _ = pool[done + k]
            else:
                req, ans, _ = rng.choice(pool)
                if rng.random() < 0.8:  # a mutant, or the seed as it is
                    req = mutate(rng, req, pool)
                if rng.random() < 0.5:
                    ans = mutate(rng, ans, pool)
            cases.append((req, ans, chk.int_cases(rng)))
        exprs = [c[0] for c in cases] + [e for c in cases for (_, _, e, _) in c[2]]
        lines = cli_answers(cli, exprs)
        it = iter(lines[n:])
        for k, (req, ans, ints) in enumerate(cases):
            try:
                chk.check_request(req, lines[k], ans)
                for desc, thunk, _, messages in ints:
                    chk.check_int(desc, thunk, next(it), messages)
            except Broken as e:
                print("fuzz_python: INVARIANT BROKEN at case %d (seed %d): %s" % (done + k, seed, e))
                print("fuzz_python: replay: %s --seed %d --iterations %d%s" %
                      (os.path.relpath(__file__), seed, done + k + 1,
                       "".join(" --corpus " + os.path.relpath(c) for c in corpora)))
                print("fuzz_python: request %r, answer %r" % (req, ans))
                return 1
            if a.v:
                print("%d %r -> %r" % (done + k, req, lines[k]))
        done += n
    took = time.time() - start
    rate = (done / took, chk.calls / took) if took else (0, 0)
    print("fuzz_python: %d executions (cases), %d calls into the module, %.1f s, %.0f exec/s, %.0f calls/s: "
          "every invariant holds" % (done, chk.calls, took, rate[0], rate[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
