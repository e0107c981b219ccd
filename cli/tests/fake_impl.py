#!/usr/bin/env python3
"""A misbehaving implementation of the cuteref line protocol (spec/protocol.md),
for the tests of `cuteref conform` (cli/tests/conform_test.sh).

usage: fake_impl.py CUTEREF [--batch]

Every request is passed to the reference (`CUTEREF eval -`) and its answer
returned, except for these requests:

  size((13,13))        exits with status 3 (a crash)
  size((17,17))        hangs
  size((19,19))        answers a line that is neither `ok` nor `error`
  size((23,23))        answers twice, so every later answer lands one line late
  size((29,29))        answers `ok 840` (a wrong result)
  size((31,31))        answers `error NOPE` (rejects an admissible input)
  cosize(...)          always answers `ok 1` (wrong whenever the cosize is not 1,
                       so the runner has something to shrink)
  composition((6,2):(1,7), (3,2):(2,3))
                       answers `ok (3,2):(2,3)`, CuTe's wrong answer to an
                       input the spec rejects

--batch reads every request before answering the first one.
"""
import subprocess
import sys
import time


def main():
    ref = subprocess.Popen([sys.argv[1], "eval", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           universal_newlines=True, bufsize=1)
    batch = "--batch" in sys.argv[2:]

    def reference(line):
        ref.stdin.write(line + "\n")
        ref.stdin.flush()
        return ref.stdout.readline().rstrip("\n")

    def answer(line):
        key = line.replace(" ", "")
        if key == "size((13,13))":
            sys.stdout.flush()
            sys.exit(3)
        if key == "size((17,17))":
            sys.stdout.flush()
            time.sleep(3600)
        if key == "size((19,19))":
            return ["banana"]
        if key == "size((23,23))":
            a = reference(line)
            return [a, a]
        if key == "size((29,29))":
            return ["ok 840"]
        if key == "size((31,31))":
            return ["error NOPE"]
        if key.startswith("cosize("):
            return ["ok 1"]
        if key == "composition((6,2):(1,7),(3,2):(2,3))":
            return ["ok (3,2):(2,3)"]
        return [reference(line)]

    lines = sys.stdin if not batch else sys.stdin.readlines()
    for raw in lines:
        for a in answer(raw.rstrip("\r\n")):
            sys.stdout.write(a + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
