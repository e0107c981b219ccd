#!/usr/bin/env python3
"""What the scripts that compare cuteref with CuTe C++ share (tools/tiled_mma_cpp.py,
tools/tiled_copy_cpp.py): the command line, the notation written as C++, the
build and run of a host program against the installed CuTe headers, and the
run of the comparisons through `cuteref examples`.

The program is built with nvcc (NVCC, default /usr/local/cuda/bin/nvcc) or,
when CUTE_CXX names one, a host compiler (g++) with CCCL's headers at
CCCL_INCLUDE (default /usr/local/cuda/include/cccl). The compiler runs with
the stack limit raised to the hard limit: one main() of some 400 answers
crashed cc1plus (a segmentation fault) at the default 8 MiB stack. Not a
script of its own.
"""
import os
import re
import resource
import subprocess
import sys
import tempfile

DEFAULT_INCLUDE = "/usr/local/lib/python3.11/dist-packages/cutlass_library/source/include"


def raise_stack():
    """The compiler's stack limit raised to the hard limit (cc1plus recurses deep in one long main())."""
    hard = resource.getrlimit(resource.RLIMIT_STACK)[1]
    resource.setrlimit(resource.RLIMIT_STACK, (hard, hard))


def cxx_tuple(s):
    """A tuple of the notation, (4,(2,2)), as a C++ type Shape<Int<4>, Shape<...>>."""
    s = re.sub(r"\d+", lambda m: "Int<%s>" % m.group(0), s.replace(" ", ""))
    return s.replace("(", "Shape<").replace(")", ">")


def cxx_layout(s):
    """A layout of the notation (shape:stride, or a bare shape) as a C++ expression."""
    if ":" in s:
        sh, st = s.split(":")
        return "make_layout(%s{}, %s{})" % (cxx_tuple(sh), cxx_tuple(st))
    return "make_layout(%s{})" % cxx_tuple(s)


def command_line(doc):
    """(cuteref, CuTe include dir, work dir) from sys.argv (`CUTEREF [CUTE_INCLUDE] [--keep DIR]
    [--list]`), or None after printing doc for --help or no arguments (the exit status in .status)."""
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if not args or "--help" in sys.argv:
        print(doc.strip())
        command_line.status = 0 if "--help" in sys.argv else 2
        return None
    keep = sys.argv[sys.argv.index("--keep") + 1] if "--keep" in sys.argv else None
    args = [a for a in args if a != keep]
    work = keep or tempfile.mkdtemp()
    os.makedirs(work, exist_ok=True)
    return os.path.abspath(args[0]), (args[1] if len(args) > 1 else DEFAULT_INCLUDE), work


def cpp_output(work, stem, source, include):
    """The standard output of the C++ program `source` (work/stem.cu, built as work/stem), kept
    in work/stem.out: a second run with the same work dir reads it instead."""
    out_path = os.path.join(work, stem + ".out")
    if not os.path.exists(out_path):
        with open(os.path.join(work, stem + ".cu"), "w") as f:
            f.write(source)
        nvcc = os.environ.get("NVCC", "/usr/local/cuda/bin/nvcc")
        cxx = os.environ.get("CUTE_CXX")  # a host compiler (g++) instead: CuTe's host code, CCCL's headers
        cmd = ([cxx, "-std=c++17", "-I" + include, "-I" + os.environ.get("CCCL_INCLUDE", "/usr/local/cuda/include/cccl"),
                "-x", "c++"] if cxx else [nvcc, "-std=c++17", "-I" + include])
        subprocess.run(cmd + ["-o", os.path.join(work, stem), os.path.join(work, stem + ".cu")], check=True,
                       preexec_fn=raise_stack)
        out = subprocess.run([os.path.join(work, stem)], stdout=subprocess.PIPE, universal_newlines=True,
                             check=True, preexec_fn=raise_stack).stdout  # the program's stack too (hA: 8 MiB overflowed)
        with open(out_path, "w") as f:
            f.write(out)
    with open(out_path) as f:
        return f.read()


def examples_failures(cuteref, body):
    """The failing lines `cuteref examples` reports of the example lines `body` (one text, lines
    ending in newlines), run as one ```cuteref block of a temporary page."""
    with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as f:
        f.write("```cuteref\n" + body + "```\n")
        path = f.name
    r = subprocess.run([cuteref, "examples", path], capture_output=True, text=True)
    os.unlink(path)
    return [l for l in (r.stdout + r.stderr).splitlines() if re.match(r".*\.md:\d+: ", l)]
