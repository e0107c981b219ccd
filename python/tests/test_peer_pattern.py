"""The pattern for another implementation's own tests (spec/api.md): ask the
implementation, let cuteref judge the answer, and fail naming the spec ID.
Here the implementation under test is played by the reference itself and by
a deliberately wrong variant, so that the pattern is shown to bite."""
import unittest

import cuteref

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


if __name__ == "__main__":
    unittest.main()
