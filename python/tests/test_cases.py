"""Generated cases and shrinking (issue 39, spec/api.md "Cases"): the
requests of `cuteref conform --random` for an operation, their arguments as
values, and a failure shrunk to a small request by conform's edits and loop.
The pattern of the cases() docstring runs here on a size with a planted bug."""
import functools
import math
import operator
import os
import subprocess
import unittest

import cuteref

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir)


prod = getattr(math, "prod", None) or (lambda xs: functools.reduce(operator.mul, xs, 1))  # math.prod: 3.8


def my_size(layout):
    """A size with a planted bug: a nested mode counts its first entry only."""
    first = lambda s: s if isinstance(s, int) else first(s[0])  # noqa: E731
    shape = layout.shape
    return prod(first(s) for s in shape) if isinstance(shape, tuple) else shape


def wrong(request):
    return cuteref.judge(request, my_size(*cuteref.arguments(request))) is not None


def conform_list_cases(n, seed, op):
    """What `cuteref conform --list-cases` prints for --random n, or None
    where the tool is not next to the library (an installed module)."""
    lib = os.environ.get("CUTEREF_LIBRARY") or os.path.join(ROOT, "build", "libcuteref.so")
    tool = os.path.join(os.path.dirname(lib), "cuteref")
    if not os.access(tool, os.X_OK):
        return None
    out = subprocess.run([tool, "conform", "--random", str(n), "--seed", str(seed), "--ops", op, "--list-cases"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True, universal_newlines=True)
    return out.stdout.splitlines()


class Cases(unittest.TestCase):
    def test_the_requests_of_conform_random(self):
        got = cuteref.cases("composition", 6, seed=7)
        self.assertEqual(got[0], cuteref.Case("composition", "gen:composition/admissible:0x7:0",
                                              "composition(4:1, _2:_1)", "ok _2:1"))
        # the generators in turn, each numbering its own requests
        self.assertEqual([c.origin for c in got[:5]],
                         ["gen:composition/admissible:0x7:0", "gen:composition/random:0x7:0",
                          "gen:composition/tiler:0x7:0", "gen:composition/composed:0x7:0",
                          "gen:composition/admissible:0x7:1"])
        for seed in (7, cuteref.CONFORM_SEED):
            listed = conform_list_cases(40, seed, "composition")
            if listed is None:
                self.skipTest("no cuteref tool next to the library")
            self.assertEqual([c.request for c in cuteref.cases("composition", 40, seed)], listed)

    def test_default_seed_is_conforms(self):
        self.assertEqual(cuteref.cases("size", 3), cuteref.cases("size", 3, seed=0xC0FFEE))
        self.assertEqual(cuteref.cases("size", 1)[0].request, "size((3,(_6,6)):(_1,(_3,_18)))")

    def test_deterministic_and_each_once(self):
        a = cuteref.cases("rank", 200, seed=3)
        self.assertEqual(a, cuteref.cases("rank", 200, seed=3))
        self.assertEqual(len({c.request for c in a}), len(a))
        self.assertLessEqual(len(a), 200)
        self.assertNotEqual(a, cuteref.cases("rank", 200, seed=4))
        self.assertEqual(cuteref.cases("rank", 0), [])

    def test_expected_is_the_references(self):
        for c in cuteref.cases("complement", 30):
            line = cuteref.answer(c.request)
            self.assertTrue(c.expected == line or line.startswith(c.expected + " "), (c, line))

    def test_every_operation_has_cases(self):
        for op in cuteref.operations():
            cs = cuteref.cases(op, 2, seed=1)
            self.assertTrue(cs and all(c.op == op and c.request for c in cs), op)

    def test_errors(self):
        with self.assertRaises(cuteref.Error) as e:
            cuteref.cases("compositon", 1)
        self.assertEqual(e.exception.code, "UNKNOWN_FUNCTION")
        self.assertIn("did you mean 'composition'", e.exception.message)
        with self.assertRaises(cuteref.Error) as e:
            cuteref.cases("size\0", 1)
        self.assertEqual(e.exception.code, "PARSE_EXPECTED")
        with self.assertRaises(ValueError):
            cuteref.cases("size", -1)

    def test_arguments(self):
        c = cuteref.Case("composition", "", "composition((6,2):(8,2), (4,3):(3,1))", "")
        self.assertEqual(c.func, "composition")
        self.assertEqual(c.args, (cuteref.Layout("(6,2):(8,2)"), cuteref.Layout("(4,3):(3,1)")))
        self.assertEqual(cuteref.composition(*c.args), cuteref.eval(c.request))
        self.assertEqual(cuteref.arguments("complement((2,2):(1,6), 24)")[1], 24)
        self.assertEqual(cuteref.arguments("logical_divide((8,4):(1,8), <2:1,_>)")[1], cuteref.Tiler("<2:1,_>"))
        self.assertEqual(cuteref.arguments("group<0,2>(make_layout(4:1, 2:4))"), (cuteref.Layout("(4,2):(1,4)"),))
        self.assertEqual(cuteref.Case("", "", "size<0>((4,2))", "").func, "size<0>")
        self.assertEqual(cuteref.arguments("(4,2):(1,4)"), ())
        self.assertEqual(cuteref.arguments("f(a)(b)"), ())
        self.assertEqual(cuteref.arguments("8:1(3)"), ())  # a literal applied to a coordinate
        self.assertEqual(cuteref.arguments("upcast<2>((4,2):(1,4))"), (cuteref.Layout("(4,2):(1,4)"),))
        cut = 0
        for c in cuteref.vectors(op="composition"):  # vectors' cases cut the same way
            if c.func != "composition":  # composition(...)(1): no single call
                self.assertEqual(c.args, ())
                continue
            try:
                self.assertEqual(len(c.args), 2)
                cut += 1
            except cuteref.Error as e:  # an argument that is no value: the spec's error
                self.assertTrue(c.expected.startswith("error "), (c, e))
        self.assertGreater(cut, 20)


class Shrink(unittest.TestCase):
    def test_candidates_are_conforms(self):
        cands = cuteref.shrink_candidates("size((3,(6,6)):(1,(3,18)))")
        self.assertEqual(len(cands), 19)
        self.assertEqual(cands[:2], ["size(((6,6)):((3,18)))", "size((3,(6)):(1,(18)))"])
        self.assertEqual(cuteref.shrink_candidates("size(8)"), ["size(4)", "size(7)"])
        self.assertEqual(cuteref.shrink_candidates("no call"), [])

    def test_planted_bug_found_and_shrunk(self):
        bad = [c.request for c in cuteref.cases("size", 100) if wrong(c.request)]
        self.assertTrue(bad, "the planted bug went unnoticed")
        self.assertEqual(bad[0], "size((3,(_6,6)):(_1,(_3,_18)))")
        small = cuteref.shrink(bad[0], wrong)
        self.assertEqual(small, "size(((1,2)):((0,0)))")
        self.assertTrue(wrong(small))
        self.assertTrue(all(not wrong(c) for c in cuteref.shrink_candidates(small)))  # a local minimum
        self.assertEqual(cuteref.shrink(bad[0], wrong), small)  # deterministic

    def test_exceptions_count_as_not_failing(self):
        def fails(request):
            L = cuteref.arguments(request)[0]
            if L.size < 4:
                raise RuntimeError("a different failure")
            return True
        self.assertEqual(cuteref.size(cuteref.arguments(cuteref.shrink("size((8,8):(1,8))", fails))[0]), 4)

    def test_budget_and_misuse(self):
        tries = []
        def fails(request):
            tries.append(request)
            return True
        self.assertEqual(cuteref.shrink("size((8,8):(1,8))", fails, max_tries=0), "size((8,8):(1,8))")
        tries.clear()
        cuteref.shrink("size((8,8):(1,8))", fails, max_tries=3)
        self.assertEqual(len(tries), 4)  # the request itself, then three candidates
        with self.assertRaises(ValueError):
            cuteref.shrink("size(8)", lambda r: False)


class Docstrings(unittest.TestCase):
    def test_shrink_example(self):
        import doctest
        from cuteref import _core
        result = doctest.testmod(_core)
        self.assertEqual(result.failed, 0)
        self.assertGreater(result.attempted, 0)


if __name__ == "__main__":
    unittest.main()
