#!/usr/bin/env python3
"""A peer's in-process rate on the throughput list (peers/bench/README.md):
its own API called in a loop, no protocol.

    bench_inprocess.py PEER LIST [--skip FILE] [--seconds S]
    PEER: pycute | tensor-layouts | cutedsl | torch-pycute

Every request (composition, complement, logical_divide, right_inverse,
left_inverse, coalesce) is parsed by our parser and its arguments built
into the peer's own objects by the peer's adapter (peers/*_adapter.py)
before the clock starts; the timed loop calls the peer's operation on
each, round after round, until --seconds have passed (at least one
round); the rate over all rounds and that of the fastest round are printed.  Arguments a peer cannot take (a form it does not provide) are
left out and counted.  The CuTe DSL computes inside a @cute.jit trace, so
its arguments are built and its loop timed inside one trace; requests that
crash its process (--skip, the adapter's crash list) are left out.
torch's port is lexicographic: its arguments are reversed (mode reversal,
peers/torch_pycute_adapter.py) before the clock starts, and its results
are not mapped back inside the loop.
Prints one line of `key value` pairs, the rate included.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from cuteref_notation import parse_request  # noqa: E402

OPS = ("composition", "complement", "logical_divide", "right_inverse", "left_inverse", "coalesce")


def calls_for(peer):
    """(adapter module, build(call) -> (fn, args)) of a peer."""
    if peer == "pycute":
        import pycute_adapter as A
        import pycute as P

        def build(c):
            a = c.args
            L = A.as_layout(a[0])
            if c.name == "composition":
                return P.composition, (L, A.as_tiler(a[1]))
            if c.name == "logical_divide":
                return P.logical_divide, (L, A.as_tiler(a[1]))
            if c.name == "complement":
                if len(a) == 2:
                    x = A.as_inttuple(a[1])
                    if not isinstance(x, int):
                        raise A.Unsupported("shape cotarget")
                    return P.complement, (L, x)
                return P.complement, (L,)
            if c.name == "coalesce":
                return P.coalesce, (L,) + ((A.as_inttuple(a[1]),) if len(a) == 2 else ())
            return getattr(P, c.name), (L,)
        return A, build
    if peer == "tensor-layouts":
        import tensor_layouts_adapter as A
        import tensor_layouts as T

        def build(c):
            a = c.args
            L = A.as_layout(a[0])
            if c.name == "composition":
                return T.compose, (L, A.as_tiler(a[1], int_as_layout=True))
            if c.name == "logical_divide":
                return T.logical_divide, (L, A.as_tiler(a[1]))
            if c.name in ("complement", "coalesce"):
                return getattr(T, c.name), (L,) + ((A.as_inttuple(a[1]),) if len(a) == 2 else ())
            return getattr(T, c.name), (L,)
        return A, build
    if peer == "cutedsl":
        import cutedsl_adapter as A
        A.cute = A._import_dsl()
        A.OPS = A._ops()
        C = A.cute

        def build(c):
            a = c.args
            L = A.as_layout(a[0])
            if c.name in ("composition", "logical_divide"):
                return getattr(C, c.name), (L, A.as_tiler(a[1]))
            if c.name == "complement":
                return C.complement, (L, C.cosize(L) if len(a) == 1 else A.as_inttuple(a[1]))
            if c.name == "coalesce":
                if len(a) == 2:
                    return (lambda L, p: C.coalesce(L, target_profile=p)), (L, A.as_inttuple(a[1]))
                return C.coalesce, (L,)
            return getattr(C, c.name), (L,)
        return A, build
    if peer == "torch-pycute":
        import torch_pycute_adapter as A
        A.tp, _where, _version = A.load_port()
        T = A.tp

        def build(c):
            a = c.args
            L = A.as_layout(a[0])
            if c.name in ("composition", "logical_divide"):
                return getattr(T, c.name), (A.to_torch(L), A.tiler_plan(a[1], L.shape)[0])
            if c.name == "complement":
                if len(a) == 2:
                    x = A.as_inttuple(a[1])
                    if not isinstance(x, int):
                        raise A.Unsupported("shape cotarget")
                    return T.complement, (A.to_torch(L), x)
                return T.complement, (A.to_torch(L),)
            if c.name == "coalesce":
                if len(a) == 2:
                    return T.coalesce, (A.to_torch(L), A._profile(A.as_inttuple(a[1]), L.shape))
                return T.coalesce, (A.to_torch(L),)
            return getattr(T, c.name), (A.to_torch(L),)
        return A, build
    raise SystemExit(f"bench_inprocess: unknown peer {peer}")


def measure(calls, seconds):
    """Runs every (fn, args) round after round; returns (calls, seconds,
    ok, error) of the rounds (ok/error of the first round)."""
    ok = err = 0
    for fn, args in calls:
        try:
            fn(*args)
            ok += 1
        except Exception:  # noqa: BLE001 - a rejection is an answer too
            err += 1
    n = 0
    best = None
    t0 = time.perf_counter()
    while True:
        r0 = time.perf_counter()
        for fn, args in calls:
            try:
                fn(*args)
            except Exception:  # noqa: BLE001
                pass
        dr = time.perf_counter() - r0
        best = dr if best is None or dr < best else best
        n += len(calls)
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return n, dt, ok, err, best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("peer", choices=["pycute", "tensor-layouts", "cutedsl", "torch-pycute"])
    ap.add_argument("cases")
    ap.add_argument("--skip", help="requests to leave out, one per line (the DSL's crashes)")
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args(argv)
    sys.setrecursionlimit(10000)
    skip = set()
    if args.skip and os.path.exists(args.skip):
        skip = {l.strip() for l in open(args.skip) if l.strip()}
    lines = [l.strip() for l in open(args.cases) if l.strip() and not l.startswith("#")]
    parsed = []
    for l in lines:
        if l in skip:
            continue
        c = parse_request(l)
        if c.name not in OPS:
            raise SystemExit(f"bench_inprocess: {c.name} is not one of the benchmarked operations")
        parsed.append(c)
    A, build = calls_for(args.peer)
    result = {}

    def run():
        calls, left_out = [], 0
        for c in parsed:
            try:
                calls.append(build(c))
            except Exception:  # noqa: BLE001 - a form the peer does not take, or it rejects the argument
                left_out += 1
        n, dt, ok, err, best = measure(calls, args.seconds)
        result.update(requests=len(lines), skipped=len(lines) - len(parsed), not_passed=left_out,
                      timed=len(calls), calls=n, seconds=round(dt, 3), ok=ok, error=err,
                      requests_per_second=round(n / dt, 1),
                      best_round_requests_per_second=round(len(calls) / best, 1) if best else 0)

    if args.peer == "cutedsl":
        A._Run.calls = []

        @A.cute.jit
        def bench():
            run()
        bench()
    else:
        run()
    print(" ".join(f"{k} {v}" for k, v in result.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
