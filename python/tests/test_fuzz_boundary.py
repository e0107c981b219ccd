"""A short bounded run of fuzz/fuzz_python.py (the Python boundary against
`cuteref eval -`, issue 44): every layout at the int64 edges, every file of
fuzz/corpus/api as it is, then mutants, with a fixed seed. Skipped where the
tree has no fuzz/ (//lib:make_test's copy) or no `cuteref` tool beside the
library; fuzz/ci.sh runs the driver longer with a fresh seed."""
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, os.pardir, os.pardir))
DRIVER = os.path.join(ROOT, "fuzz", "fuzz_python.py")


def _cli():
    lib = os.environ.get("CUTEREF_LIBRARY")
    for c in (os.environ.get("CUTEREF_CLI"), lib and os.path.join(os.path.dirname(lib), "cuteref"),
              os.path.join(ROOT, "build", "cuteref")):
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


class FuzzBoundary(unittest.TestCase):
    @unittest.skipUnless(os.path.isfile(DRIVER), "no fuzz/fuzz_python.py in this tree")
    def test_bounded_run(self):
        cli = _cli()
        if not cli:
            self.skipTest("no cuteref tool beside the library (make builds build/cuteref)")
        p = subprocess.run([sys.executable, DRIVER, "--seed", "44", "--iterations", "3000", "--cli", cli],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120, check=False)
        out = p.stdout.decode("utf-8", "replace")
        self.assertEqual(p.returncode, 0, out)
        self.assertIn("every invariant holds", out)


if __name__ == "__main__":
    unittest.main()
