#!/usr/bin/env python3
"""An implementation of the line protocol (spec/protocol.md) that answers
from a table, for judge_forms_test.sh: each line of FILE is
REQUEST<tab>ANSWER<tab>VERDICT; a request is looked up without its spaces and
answered ANSWER. Unknown requests are answered `error UNKNOWN`.

usage: canned_impl.py FILE
"""
import sys


def main():
    table = {}
    with open(sys.argv[1]) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            req, ans = line.rstrip("\n").split("\t")[:2]
            table["".join(req.split())] = ans
    for line in sys.stdin:
        sys.stdout.write(table.get("".join(line.split()), "error UNKNOWN") + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
