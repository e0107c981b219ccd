"""Drawing (issue 39): cuteref.dot() is the DOT text of `cuteref dot`, and a
value's _repr_svg_ renders it for notebooks where Graphviz is installed;
neither the tool nor Graphviz is required to import or use the module."""
import os
import shutil
import subprocess
import unittest
from unittest import mock

import cuteref
from cuteref import _core


@unittest.skipIf(_core._tool() is None, "no cuteref tool beside the library or on PATH")
class Dot(unittest.TestCase):
    def test_the_tools_text(self):
        for expr, opts, kw in [("(4,2):(1,4)", [], {}), ("composition((4,2):(1,4), 9)", [], {}),
                               ("(4,2):(1,4)", ["--tree"], {"tree": True}),
                               ("(8,8):(8,1)", ["--bank", "16"], {"bank": 16}),
                               ("(8,8):(8,1)", ["--plain"], {"plain": True})]:
            want = subprocess.run([_core._tool(), "dot"] + opts + [expr], stdout=subprocess.PIPE, check=True).stdout
            self.assertEqual(cuteref.dot(expr, **kw), want.decode())
        self.assertEqual(cuteref.dot(cuteref.Layout("(4,2):(1,4)")), cuteref.dot("(4,2):(1,4)"))

    def test_rejected_expression_is_the_specs_error(self):
        with self.assertRaises(cuteref.Error) as e:
            cuteref.dot("composition((4,6):(1,10), 3:2)")
        self.assertEqual(e.exception.code, "SHAPE_DIVISIBILITY")

    @unittest.skipIf(shutil.which("dot") is None, "Graphviz's dot is not installed")
    def test_svg(self):
        svg = cuteref.Layout("(4,2):(1,4)")._repr_svg_()
        self.assertIn("<svg", svg)


class WithoutTools(unittest.TestCase):
    def test_no_tool(self):
        with mock.patch.object(_core, "_tool", return_value=None):
            with self.assertRaises(FileNotFoundError):
                cuteref.dot("(4,2):(1,4)")
            self.assertIsNone(cuteref.Layout("(4,2):(1,4)")._repr_svg_())

    def test_no_graphviz(self):
        with mock.patch.object(shutil, "which", return_value=None):
            self.assertIsNone(cuteref.Layout("(4,2):(1,4)")._repr_svg_())

    def test_tool_from_environment(self):
        with mock.patch.dict(os.environ, {"CUTEREF_TOOL": "/nonexistent/cuteref"}):
            self.assertEqual(_core._tool(), "/nonexistent/cuteref")
            with self.assertRaises(OSError):
                cuteref.dot("(4,2):(1,4)")


if __name__ == "__main__":
    unittest.main()
