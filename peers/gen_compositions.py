#!/usr/bin/env python3
"""Generate random composition(A, B) requests for throughput runs of the peer
adapters.  Deterministic for a given --seed.

--kind pow2  (default): every shape and stride is a power of two, so the
             divisibility conditions hold and CuTe compiles every case.
--kind mixed: sizes and strides drawn from 1..8 / 0..12, so a good share of
             the cases violate CuTe's divisibility conditions (exercises the
             C++ adapter's isolation of failing cases).
"""

import argparse
import random


def fmt(t):
    return "(" + ",".join(str(x) for x in t) + ")" if len(t) > 1 else str(t[0])


def rand_layout(rng, rank_max, sizes, strides, static):
    r = rng.randint(1, rank_max)
    shape = [rng.choice(sizes) for _ in range(r)]
    stride = [rng.choice(strides) for _ in range(r)]
    p = "_" if static else ""
    return (fmt([p + str(s) for s in shape]) + ":" + fmt([p + str(d) for d in stride]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=1000, help="number of requests (default 1000)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--kind", choices=["pow2", "mixed"], default="pow2")
    ap.add_argument("--static", action="store_true", help="write integers as _N (static)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    if args.kind == "pow2":
        a_sizes, a_strides = [1, 2, 4, 8], [0, 1, 2, 4, 8, 16, 32]
        b_sizes, b_strides = [1, 2, 4, 8], [0, 1, 2, 4, 8]
    else:
        a_sizes, a_strides = list(range(1, 9)), list(range(0, 13))
        b_sizes, b_strides = list(range(1, 7)), list(range(0, 9))
    for _ in range(args.n):
        a = rand_layout(rng, 3, a_sizes, a_strides, args.static)
        b = rand_layout(rng, 2, b_sizes, b_strides, args.static)
        print(f"composition({a}, {b})")


if __name__ == "__main__":
    main()
