"""The pattern for another implementation's own tests (spec/api.md): ask the
implementation, let cuteref judge the answer, and fail naming the spec ID.
Here the implementation under test is played by the reference itself and by
a deliberately wrong variant, so that the pattern is shown to bite."""
import os
import unittest

import cuteref

VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, "spec", "vectors")

REQUESTS = [
    "composition((6,2):(8,2), (4,3):(3,1))",
    "complement((2,2):(1,6), 24)",
    "coalesce(((2,4),(3,5)):((1,2),(8,24)))",
    "logical_divide((4,2,3):(2,1,8), 4:2)",
    "composition((4,6):(1,10), 3:2)",  # rejected: SHAPE_DIVISIBILITY
]


def implementation(request):
    """Stands for the implementation under test: one answer line per request."""
    return cuteref.answer(request)


def wrong_implementation(request):
    """Answers every composition with its B, and accepts what it should reject."""
    if request.startswith("composition("):
        return "ok " + request.split(", ")[1][:-1]
    return implementation(request)


class PeerPattern(unittest.TestCase):
    def test_every_request_conforms(self):
        for request in REQUESTS:
            with self.subTest(request=request):
                self.assertIsNone(cuteref.judge(request, implementation(request)))

    def test_a_wrong_implementation_is_named(self):
        got = {r: cuteref.judge(r, wrong_implementation(r)) for r in REQUESTS}
        self.assertEqual(got[REQUESTS[0]], "COMP-2")
        self.assertEqual(got[REQUESTS[4]], "composition!SHAPE_DIVISIBILITY")
        self.assertEqual([got[r] for r in REQUESTS[1:4]], [None, None, None])


@unittest.skipUnless(os.path.isdir(VECTORS), "spec/vectors is not beside python/")
class Vectors(unittest.TestCase):
    """The same over the conformance vectors: every case, judged."""

    def test_every_vector(self):
        cases = cuteref.vectors(VECTORS)
        with open(os.path.join(VECTORS, "VERSION"), encoding="utf-8") as f:
            want = int(f.read().split("\ncases ")[1].split()[0])
        self.assertEqual(len(cases), want)
        failed = [(c.request, v) for c in cases for v in [cuteref.judge(c.request, implementation(c.request))] if v]
        self.assertEqual(failed, [])
        # the reference's own answers are the expected outcomes
        for c in cases:
            a = implementation(c.request)
            self.assertTrue(a == c.expected or a.startswith(c.expected + " "), (c, a))

    def test_one_operation(self):
        cases = cuteref.vectors(VECTORS, op="composition")
        self.assertTrue(cases and all(c.op == "composition" for c in cases))
        self.assertEqual(cases[0].request, "composition((6,2):(8,2), (4,3):(3,1))")
        wrong = [c for c in cases if cuteref.judge(c.request, wrong_implementation(c.request))]
        self.assertGreater(len(wrong), len(cases) // 2)


if __name__ == "__main__":
    unittest.main()
