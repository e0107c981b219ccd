#!/usr/bin/env python3
"""Throughput side by side (peers/bench/README.md), written to
docs/data/throughput.md by tools/peers.sh:

    throughput.py --cases LIST --cuteref BIN --bench-ref BIN --out FILE
                  [--peer pycute|tensor-layouts|cutedsl|torch-pycute ...] [--cpp-sample N]

One list of requests (composition, complement, logical_divide,
right_inverse, left_inverse, coalesce), through every implementation:

- in-process: the implementation's own API in a loop over the requests,
  arguments built before the clock starts (peers/bench/bench_ref.c for the
  reference, peers/bench/bench_inprocess.py for the Python peers; for CuTe
  C++ the compiled programs' run time);
- through the protocol: the whole list piped through the adapter (or
  `cuteref eval -`), wall time, start-up included.

Then the ratio of the reference's in-process rate to each peer's.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PEERS = os.path.dirname(HERE)
NAMES = {"pycute": "pycute", "tensor-layouts": "tensor-layouts", "cutedsl": "CuTe DSL",
         "torch-pycute": "torch _pycute"}
ADAPTERS = {"pycute": "pycute_adapter.py", "tensor-layouts": "tensor_layouts_adapter.py",
            "cutedsl": "cutedsl_adapter.py", "torch-pycute": "torch_pycute_adapter.py"}


def kv(text):
    """`key value key value ...` -> dict (the benchmarks' output)."""
    words = text.split()
    out = {}
    for i in range(0, len(words) - 1, 2):
        try:
            out[words[i]] = float(words[i + 1])
        except ValueError:
            out[words[i]] = words[i + 1]
    return out


def through_protocol(cmd, cases, stderr_path=None):
    """Pipe the list through cmd; returns (seconds, answers, ok answers)."""
    with open(cases, "rb") as fin, tempfile.TemporaryFile() as fout:
        err = open(stderr_path, "wb") if stderr_path else subprocess.DEVNULL
        t0 = time.monotonic()
        rc = subprocess.call(cmd, shell=True, stdin=fin, stdout=fout, stderr=err)
        dt = time.monotonic() - t0
        if stderr_path:
            err.close()
        fout.seek(0)
        lines = fout.read().decode("utf-8", "replace").splitlines()
    if rc not in (0, 1):
        sys.stderr.write(f"throughput: `{cmd}` exited {rc}\n")
    return dt, len(lines), sum(1 for l in lines if l.startswith("ok"))


def fmt_rate(x):
    return "{:,.0f}".format(x) if x else "-"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", required=True)
    ap.add_argument("--cuteref", required=True)
    ap.add_argument("--bench-ref", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--peer", action="append", default=[], choices=sorted(NAMES))
    ap.add_argument("--cpp-sample", type=int, default=0, metavar="N",
                    help="also CuTe C++ on the first N requests of every operation (cold answer cache)")
    ap.add_argument("--seconds", type=float, default=3.0, help="in-process: time per measurement")
    ap.add_argument("--describe", default="", help="how the list was made (printed in the report)")
    args = ap.parse_args(argv)

    cases = args.cases
    lines = [l for l in open(cases).read().splitlines() if l.strip()]
    n = len(lines)
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
    ops = {}
    for l in lines:
        op = l.split("(", 1)[0]
        ops[op] = ops.get(op, 0) + 1
    tmp = tempfile.mkdtemp(prefix="cuteref_tp_")
    rows = []   # (name, inproc rate, protocol rate, ok answers, notes)

    # the reference
    out = subprocess.run([args.bench_ref, cases, "--seconds", str(args.seconds)], stdout=subprocess.PIPE,
                         text=True, check=True).stdout
    calls = kv(out.splitlines()[1])
    parse_line = kv(out.splitlines()[2].replace("parse_and_call", "").strip())
    first = kv(out.splitlines()[0])
    ref_rate = calls["best_round_requests_per_second"]
    ref_mean = calls["requests_per_second"]
    secs, answers, ok = through_protocol(f"{args.cuteref} eval -", cases)
    rows.append(("reference (cuteref)", ref_rate, n / secs, ok,
                 "in-process: `peers/bench/bench_ref.c`, the reference's C entry points on parsed requests "
                 "(%s/s over all rounds; %s/s parsing included); protocol: `cuteref eval -`"
                 % (fmt_rate(ref_mean), fmt_rate(parse_line["requests_per_second"]))))
    print(f"throughput: reference in-process {ref_rate:,.0f}/s, eval - {n / secs:,.0f}/s", file=sys.stderr)

    peer_rates = {}
    for key in args.peer:
        adapter = os.path.join(PEERS, ADAPTERS[key])
        extra = " --stats" if key == "cutedsl" else ""
        err = os.path.join(tmp, f"{key}.err")
        secs, answers, ok = through_protocol(f"python3 {adapter}{extra}", cases, err)
        crashes = [m.group(1) for m in (re.match(r"^\[cutedsl_adapter\] crash \S+: (.*)$", l)
                                        for l in open(err, errors="replace")) if m]
        skip = os.path.join(tmp, f"{key}.skip")
        with open(skip, "w") as f:
            f.write("".join(c + "\n" for c in crashes))
        res = subprocess.run([sys.executable, os.path.join(HERE, "bench_inprocess.py"), key, cases, "--skip", skip,
                              "--seconds", str(args.seconds)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             text=True)
        last = res.stdout.strip().splitlines()[-1] if res.stdout.strip() else ""
        r = kv(last)
        rate = r.get("best_round_requests_per_second", 0)
        peer_rates[key] = rate
        note = ("in-process: %d of %d requests timed (%d forms it does not take, %d crashing requests left out), "
                "%s/s over all rounds; " % (r.get("timed", 0), n, r.get("not_passed", 0), r.get("skipped", 0),
                                            fmt_rate(r.get("requests_per_second", 0))))
        if key == "cutedsl":
            note += "inside one `@cute.jit` trace; protocol: one trace per batch in a forked worker, %d crash(es)" % len(crashes)
        elif key == "torch-pycute":
            note += "arguments reversed before the clock starts, results not mapped back; protocol: one Python process"
        else:
            note += "protocol: one Python process"
        rows.append((NAMES[key], rate, answers and n / secs, ok, note))
        print(f"throughput: {key} in-process {rate:,.0f}/s, protocol {n / secs:,.0f}/s", file=sys.stderr)

    cpp = None
    if args.cpp_sample > 0:
        per_op = {}
        sample = []
        for l in lines:
            op = l.split("(", 1)[0]
            if per_op.get(op, 0) < args.cpp_sample:
                per_op[op] = per_op.get(op, 0) + 1
                sample.append(l)
        spath = os.path.join(tmp, "cpp_sample.txt")
        with open(spath, "w") as f:
            f.write("".join(l + "\n" for l in sample))
        cache = os.path.join(tmp, "cpp_cache")
        os.makedirs(cache, exist_ok=True)
        adapter = os.path.join(PEERS, "cute_cpp_adapter.py")
        # the precompiled header first, not counted
        subprocess.run(f"echo 'size(8:1)' | python3 {adapter} --cache-dir {cache}", shell=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        db = os.path.join(cache, "cute_cpp_answers.sqlite")
        if os.path.exists(db):
            os.unlink(db)
        err = os.path.join(tmp, "cpp.err")
        secs, answers, ok = through_protocol(f"python3 {adapter} --jobs 1 --stats --cache-dir {cache}", spath, err)
        compile_s = run_s = 0.0
        compiles = 0
        for line in open(err, errors="replace"):
            m = re.search(r"(\d+) compile\(s\) ([\d.]+)s, (\d+) run\(s\) ([\d.]+)s", line)
            if m:
                compiles += int(m.group(1))
                compile_s += float(m.group(2))
                run_s += float(m.group(4))
        cpp = (len(sample), secs, compiles, compile_s, run_s, ok)

    ratio = lambda r: ("%.0fx" % (ref_rate / r)) if r else "-"
    b = ["# Throughput: the reference and the peers side by side", "",
         "Written by `tools/peers.sh` (`peers/bench/throughput.py`), on the machine that ran it "
         "(%d cores, shared with whatever else ran). One list of %d requests (%s), sha256 `%s`: %s." % (
             os.cpu_count() or 0, n, ", ".join(f"{k} {v}" for k, v in sorted(ops.items())), digest,
             args.describe or "`%s`" % os.path.basename(cases)), "",
         "- **in-process**: the implementation's own API called in a loop over the list, its arguments built "
         "before the clock starts, round after round (a round: every request once) for %g s; the table gives "
         "the fastest round's rate (the machine is shared: slower rounds measure the neighbours too), the "
         "notes the rate over all rounds. Requests a peer does not take in that form are left out of its "
         "loop, and so are requests that crash its process." % args.seconds,
         "- **protocol**: the whole list piped through the adapter (`cuteref eval -` for the reference), "
         "wall time, process start-up included; *ok answers* counts the `ok` lines (the rest are "
         "rejections).", "",
         "| implementation | in-process requests/s | protocol requests/s | ok answers | reference in-process / this in-process | notes |",
         "| --- | ---: | ---: | ---: | ---: | --- |"]
    for name, inproc, proto, ok, note in rows:
        b.append(f"| {name} | {fmt_rate(inproc)} | {fmt_rate(proto)} | {ok} of {n} | "
                 f"{'1x' if name.startswith('reference') else ratio(inproc)} | {note} |")
    if cpp:
        m, secs, compiles, compile_s, run_s, ok = cpp
        timed = run_s >= 0.1   # --stats prints hundredths of a second
        inproc = fmt_rate(m / run_s) if timed else "not timed"
        b.append(f"| CuTe C++ (sample) | {inproc} | {fmt_rate(m / secs)} | {ok} of {m} | "
                 f"{ratio(m / run_s) if timed else '-'} | the first {args.cpp_sample} requests of each operation "
                 f"({m}); in-process: the compiled programs' run time ({run_s:.2f} s{'' if timed else ', too short for the hundredths `--stats` prints'}); protocol: "
                 f"cold answer cache, {compiles} g++ compile(s), {compile_s:.1f} s |")
    b.append("")
    targets = []
    for key, need in (("pycute", 300), ("cutedsl", 100)):
        if peer_rates.get(key):
            got = ref_rate / peer_rates[key]
            targets.append(f"{NAMES[key]}: {got:,.0f}x (target {need}x: {'met' if got >= need else 'missed'})")
    if targets:
        b += ["Targets of issue 13 (the reference in-process against the peer in-process): " + "; ".join(targets) + ".", ""]
    b += ["What limits the reference's in-process rate (perf record of `bench_ref` on this list, once, by "
          "hand): about a quarter of its cycles copy whole fixed-size values (`rep movs`/`memmove` in "
          "`ct_composition`, `ct_filter`, `ct_l_concat`: a `ct_layout` holds two trees of CT_MAX_NODES = 128 "
          "nodes, about 4 KiB, copied whole however few nodes are in use), about 3% format the messages of "
          "rejections (`vfprintf`), and the rest is the algebra's walks over the trees with checked "
          "arithmetic. The reference is deliberately simple (fixed-size values, no allocation, one source "
          "for host and GPU); removing every copy would not gain the factor the pycute target asks for. "
          "pycute, for its part, is fast on these small layouts (a few Python tuple operations per request). "
          "Through the protocol, parsing and printing cost the reference more than the algebra.", ""]
    with open(args.out, "w") as f:
        f.write("\n".join(b))
    print("\n".join(b[9:9 + len(rows) + (1 if cpp else 0)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
