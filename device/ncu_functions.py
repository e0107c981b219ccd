#!/usr/bin/env python3
"""Where a kernel's warps wait, per device function (issue 16; the seventh
step of docs/data/gpu-tuning.md).

Reads the SASS source page that ncu exports for one profiled launch,

  NVCC_FLAGS=-lineinfo device/build.sh --out B ct_gpu
  ncu --clock-control none --kernel-name regex:ct_k_run --launch-count 1 \\
      --section SourceCounters --section WarpStateStats -o REP \\
      B/ct_gpu bench --only ID --balance shape --gpu-cases 262144 \\
      --host-seconds 0.001 --gpu-seconds 0.05
  ncu -i REP.ncu-rep --page source --csv --print-source sass > ID.csv

(one "Kernel Name" row per device function, then one row per instruction),
and prints per function its share of the warp-stall samples, the share of
those with no instruction fetched and on the long scoreboard, its active
lanes per executed instruction and the bytes of its code that ran; then how
much of the samples the top functions hold and how much code half of them
take. Run it where the CSV is brought back to (device/README.md lists what
the GPU machine has: nvcc, CMake, ninja).

  device/ncu_functions.py ID.csv [--top N]
"""
import argparse
import csv
import re
import sys

SAMPLES = "Warp Stall Sampling (All Samples)"
EXECUTED = "Instructions Executed"
THREADS = "Thread Instructions Executed"


def number(row, col):
    try:
        return float(row[col].replace(",", "")) if col is not None and row[col] not in ("", "-") else 0.0
    except (ValueError, IndexError):
        return 0.0


def read(path):
    """{function: [samples, no_inst, long_sb, executed, thread_executed, code bytes run]}"""
    funcs, order = {}, []
    name, cols = None, None
    with open(path, newline="") as f:
        for row in csv.reader(f):
            if not row:
                continue
            if row[0] == "Kernel Name":
                name = row[1]
                if name not in funcs:
                    funcs[name] = [0.0] * 6
                    order.append(name)
                continue
            if row[0] == "Address":
                cols = {h: i for i, h in enumerate(row)}
                missing = [h for h in (SAMPLES, EXECUTED, THREADS) if h not in cols]
                if missing:
                    sys.exit("ncu_functions: %s: no column %s (ncu --section SourceCounters?)" % (path, missing[0]))
                continue
            if name is None or cols is None:
                continue
            f_ = funcs[name]
            ex = number(row, cols[EXECUTED])
            f_[0] += number(row, cols[SAMPLES])
            f_[1] += number(row, cols.get("stall_no_inst"))
            f_[2] += number(row, cols.get("stall_long_sb"))
            f_[3] += ex
            f_[4] += number(row, cols[THREADS])
            f_[5] += 16 if ex > 0 else 0  # an sm_90 instruction is 16 bytes
    if not funcs:
        sys.exit("ncu_functions: %s: no 'Kernel Name' rows (ncu --page source --csv --print-source sass)" % path)
    return funcs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv")
    ap.add_argument("--top", type=int, default=15, help="functions listed (15)")
    a = ap.parse_args()
    funcs = read(a.csv)
    total = sum(v[0] for v in funcs.values())
    if total <= 0:
        sys.exit("ncu_functions: %s: no warp-stall samples" % a.csv)
    no_inst = sum(v[1] for v in funcs.values())
    long_sb = sum(v[2] for v in funcs.values())
    ex = sum(v[3] for v in funcs.values())
    code = sum(v[5] for v in funcs.values())
    print("%s: %d functions, %.0f samples: no instruction %.0f%%, long scoreboard %.0f%%; %.2f active lanes; %.1f KB of code ran"
          % (a.csv, len(funcs), total, 100 * no_inst / total, 100 * long_sb / total,
             sum(v[4] for v in funcs.values()) / ex if ex else 0, code / 1024))
    ranked = sorted(funcs.items(), key=lambda kv: -kv[1][0])
    print("%7s %7s %7s %6s %8s  %s" % ("samples", "no inst", "long sb", "lanes", "code KB", "function"))
    for fn, v in ranked[: a.top]:
        s = v[0] or 1
        print("%6.1f%% %6.0f%% %6.0f%% %6.2f %8.1f  %s" % (100 * v[0] / total, 100 * v[1] / s, 100 * v[2] / s,
                                                      v[4] / v[3] if v[3] else 0, v[5] / 1024, re.sub(r"\(.*", "", fn)))
    held, half, run = 0.0, None, 0
    marks = []
    for k, (fn, v) in enumerate(ranked, 1):
        held += v[0]
        run += v[5]
        if half is None and held >= total / 2:
            half = run
        if k in (5, 10, 20) and k < len(ranked):
            marks.append("top %d: %.0f%%" % (k, 100 * held / total))
    marks.append("all %d: 100%%" % len(ranked))
    print("samples held by the top functions: %s; half of the samples in %.1f KB of code" % (", ".join(marks), (half or 0) / 1024))


if __name__ == "__main__":
    main()
