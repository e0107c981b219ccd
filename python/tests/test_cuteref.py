"""Tests of the Python module over libcuteref.so (spec/api.md)."""
import os
import re
import tempfile
import threading
import unittest

import cuteref


class Values(unittest.TestCase):
    def test_eval_layout(self):
        r = cuteref.eval("composition((6,2):(8,2), (4,3):(3,1))")
        self.assertIsInstance(r, cuteref.Layout)
        self.assertEqual(str(r), "((2,2),3):((24,2),8)")
        self.assertEqual(repr(r), "Layout('((2,2),3):((24,2),8)')")

    def test_eval_other_kinds(self):
        self.assertEqual(cuteref.eval("size((4,2):(1,4))"), 8)
        self.assertEqual(cuteref.eval("shape(((2,2),3):((24,2),8))"), ((2, 2), 3))
        self.assertEqual(cuteref.eval("(1,_)"), (1, None))
        self.assertEqual(cuteref.eval("(8)"), (8,))
        self.assertIs(cuteref.eval("congruent((4,2),(1,1))"), True)
        self.assertIs(cuteref.eval("congruent((4,2),1)"), False)
        self.assertIsInstance(cuteref.eval("<3:4,_>"), cuteref.Tiler)
        self.assertIsInstance(cuteref.eval("LayoutLeft"), cuteref.Symbol)

    def test_eval_text_keeps_marks(self):
        self.assertEqual(cuteref.eval_text("make_layout((4,2))"), "(4,2):(_1,4)")
        self.assertEqual(cuteref.answer("size((4,2))"), "ok 8")
        self.assertTrue(cuteref.answer("composition((4,6):(1,10), 3:2)").startswith("error SHAPE_DIVISIBILITY "))

    def test_layout_construction(self):
        self.assertEqual(str(cuteref.Layout("(4,2):(1,4)")), "(4,2):(1,4)")
        self.assertEqual(str(cuteref.Layout((4, 2), (2, 1))), "(4,2):(2,1)")
        self.assertEqual(str(cuteref.Layout((4, 2))), "(4,2):(_1,4)")
        self.assertEqual(str(cuteref.Layout("(4,2)")), "(4,2):(_1,4)")
        self.assertEqual(str(cuteref.Layout(cuteref.Layout("8:2"))), "8:2")
        self.assertEqual(str(cuteref.Layout(((2, 2), 3), ((24, 2), 8))), "((2,2),3):((24,2),8)")
        self.assertEqual(str(cuteref.Layout(8)), "8:_1")
        with self.assertRaises(cuteref.Error) as c:
            cuteref.Layout("<3:4,_>")
        self.assertEqual(c.exception.code, "ARG_TYPE")
        self.assertEqual(str(cuteref.Tiler("<3:4,_>")), "<3:4,_>")
        with self.assertRaises(cuteref.Error) as c:
            cuteref.Tiler("8:1")
        self.assertEqual((c.exception.code, c.exception.message), ("ARG_TYPE", "8:1 is not a tiler"))

    def test_layout_call(self):
        L = cuteref.Layout("((2,2),3):((24,2),8)")
        self.assertEqual([L(i) for i in range(12)], [0, 24, 2, 26, 8, 32, 10, 34, 16, 40, 18, 42])
        self.assertEqual(L(1, 2), 40)

        class Index:  # an integer type of another library (numpy.int64, ...)
            def __index__(self):
                return 5

        self.assertEqual(L(Index()), 32)
        self.assertEqual(L(Index(), 0), L(5, 0))
        self.assertEqual(L((1, 0), 2), 40)
        self.assertEqual(str(L(None, 1)), "((2,2)):((24,2))")
        self.assertEqual(L(12), 24)  # past size(L) the last mode extends (spec/layout.md)
        with self.assertRaises(cuteref.Error) as c:
            L(1, 2, 3)
        self.assertEqual(c.exception.code, "COORD_MISMATCH")

    def test_layout_properties(self):
        L = cuteref.Layout("((2,2),3):((24,2),8)")
        self.assertEqual(L.shape, ((2, 2), 3))
        self.assertEqual(L.stride, ((24, 2), 8))
        self.assertEqual((L.size(), L.cosize(), L.rank(), L.depth()), (12, 43, 2, 2))
        # properties as shape and stride are, still callable (issue 39)
        self.assertEqual((L.size, L.cosize, L.rank, L.depth), (12, 43, 2, 2))

    def test_composed_layouts_are_callable(self):
        C = cuteref.eval("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)")
        self.assertIsInstance(C, cuteref.ComposedLayout)
        self.assertEqual(C(9), cuteref.eval("eval(Sw<3,4,3> o _0 o (_8,_64):(_64,_1), 9)"))
        self.assertEqual(C(1, 1), C(9))
        self.assertEqual((C.size, C.cosize), (512, 512))
        self.assertEqual(cuteref.eval("Sw<3,4,3>")(16), cuteref.eval("eval(Sw<3,4,3>, 16)"))

    def test_equality_and_equivalence(self):
        a = cuteref.Layout("(6,2):(2,12)")
        self.assertEqual(a, cuteref.Layout("(6,2):(2,12)"))
        self.assertEqual(a, "(6,2):(2,12)")
        self.assertNotEqual(a, cuteref.Layout("(12):(2)"))
        self.assertTrue(a.equivalent("(12):(2)"))
        self.assertFalse(a.equivalent("(12):(1)"))
        self.assertEqual(len({a, cuteref.Layout("(6,2):(2,12)")}), 1)


class Operations(unittest.TestCase):
    def test_every_operation_is_a_function(self):
        ops = cuteref.operations()
        self.assertIn("composition", ops)
        for name in ops:
            if name != "eval":
                self.assertTrue(callable(getattr(cuteref, name)), name)
                self.assertIn(name, cuteref.__all__)

    def test_typed_calls(self):
        A = cuteref.Layout("(6,2):(8,2)")
        self.assertEqual(str(cuteref.composition(A, "(4,3):(3,1)")), "((2,2),3):((24,2),8)")
        self.assertEqual(str(cuteref.coalesce("((2,4),(3,5)):((1,2),(8,24))")), "120:1")
        self.assertEqual(str(cuteref.complement("(2,2):(1,6)", 24)), "(3,2):(2,12)")
        self.assertEqual(str(cuteref.logical_divide("(4,2,3):(2,1,8)", "4:2")), "((2,2),(2,3)):((4,1),(2,8))")
        self.assertEqual(cuteref.size("(4,2):(1,4)"), 8)
        self.assertEqual(cuteref.shape_div((12, 4), (3, 2)), (4, 2))

    def test_template_arguments(self):
        L = cuteref.Layout("((2,2),3):((24,2),8)")
        self.assertEqual(cuteref.size(L, targs=0), 4)
        self.assertEqual(str(cuteref.layout(L, targs=1)), "3:8")
        self.assertEqual(cuteref.call("size", L, targs=(1,)), 3)

    def test_errors_carry_the_spec_code(self):
        with self.assertRaises(cuteref.Error) as c:
            cuteref.composition("(4,6):(1,10)", "3:2")
        self.assertEqual(c.exception.code, "SHAPE_DIVISIBILITY")
        self.assertIn("composition", c.exception.message)
        with self.assertRaises(cuteref.Error) as c:
            cuteref.eval("composition((4,2):(1,4), (4,2):(1,4)")
        self.assertEqual(c.exception.code, "PARSE_UNBALANCED")
        self.assertGreaterEqual(c.exception.pos, 0)
        with self.assertRaises(cuteref.Error) as c:
            cuteref.call("compositon", "4:1", "2:1")
        self.assertEqual(c.exception.code, "UNKNOWN_FUNCTION")
        self.assertIn("compositon", c.exception.message)
        with self.assertRaises(cuteref.Error) as c:
            cuteref.call("size(8:1) + x", "4:1")
        self.assertEqual(c.exception.code, "UNKNOWN_FUNCTION")
        with self.assertRaises(cuteref.Error) as c:
            cuteref.composition("4:1")
        self.assertEqual(c.exception.code, "ARITY")

    def test_codes_and_version(self):
        codes = cuteref.codes()
        self.assertIn("STRIDE_DIVISIBILITY", codes)
        self.assertNotIn("OK", codes)
        self.assertRegex(cuteref.version(), r"^cuteref API 1, conformance vectors version \d+$")
        self.assertGreater(cuteref.vectors_version(), 0)


class Judge(unittest.TestCase):
    REQ = "composition((6,2):(8,2), (4,3):(3,1))"

    def test_conforming(self):
        self.assertIsNone(cuteref.judge(self.REQ, "ok ((2,2),3):((24,2),8)"))
        self.assertIsNone(cuteref.judge(self.REQ, "((2,2),3):((24,2),8)"))
        self.assertIsNone(cuteref.judge(self.REQ, cuteref.Layout("((2,2),3):((24,2),8)")))
        self.assertIsNone(cuteref.judge(self.REQ, "((2,2),3):((24,2),_8)"))  # marks never matter
        self.assertIsNone(cuteref.judge(self.REQ, "((2,2),(3,1)):((24,2),(8,5))"))  # size-1 modes neither
        self.assertIsNone(cuteref.judge("size((4,2))", 8))
        self.assertIsNone(cuteref.judge("composition((4,6):(1,10), 3:2)", "error SHAPE_DIVISIBILITY no"))
        self.assertIsNone(cuteref.judge("composition((4,6):(1,10), 3:2)", cuteref.Error("ANY", "rejected")))

    def test_wrong_result_names_the_post_condition(self):
        v = cuteref.judge(self.REQ, "ok (12):(2)")
        self.assertEqual(v, "COMP-1")
        self.assertEqual(v.verdict, "wrong_result")
        self.assertEqual(v.expected, "ok ((2,2),3):((24,2),8)")
        self.assertIn("COMP-1", repr(v))
        self.assertRegex(cuteref.judge(self.REQ, "((2,2),3):((24,2),9)"), r"^COMP-\d+$")
        self.assertEqual(cuteref.judge("size((4,2))", 9), "LAYOUT-1")

    def test_strict(self):
        self.assertIsNone(cuteref.judge(self.REQ, "((2,2),3):((24,2),_8)"))
        self.assertEqual(cuteref.judge(self.REQ, "((2,2),3):((24,2),_8)", strict=True), "text")
        self.assertEqual(cuteref.judge(self.REQ, "error NOT_DISJOINT", strict=True), "composition!OK")
        self.assertEqual(cuteref.judge("composition((4,6):(1,10), 3:2)", "error NOT_DISJOINT", strict=True), "code")

    def test_rejections(self):
        v = cuteref.judge("composition((4,6):(1,10), 3:2)", "ok 3:20")
        self.assertEqual(v, "composition!SHAPE_DIVISIBILITY")
        self.assertEqual(v.verdict, "accepted_inadmissible")
        self.assertEqual(v.post_id, "COMP-2")
        v = cuteref.judge(self.REQ, "error STRIDE_DIVISIBILITY no")
        self.assertEqual((v, v.verdict), ("composition!OK", "wrong_rejection"))
        self.assertEqual(cuteref.judge(self.REQ, "error UNSUPPORTED later"), "unsupported")
        self.assertEqual(cuteref.judge(self.REQ, "ok ((2,2),3"), "malformed")


class Boundary(unittest.TestCase):
    """Python strings and ints reach the library whole (issue 44): a NUL byte
    inside a string is rejected as `cuteref eval -` rejects it, never cut
    there; an integer outside int64 is OVERFLOW, never wrapped."""

    def assertNul(self, f, at):
        with self.assertRaises(cuteref.Error) as c:
            f()
        self.assertEqual((c.exception.code, c.exception.message), ("PARSE_EXPECTED", "a NUL byte at byte %d" % at))

    def test_nul_in_text_is_rejected(self):
        self.assertEqual(cuteref.answer("size(4)\0junk"), "error PARSE_EXPECTED a NUL byte at byte 7")
        self.assertEqual(cuteref.answer("\0"), "error PARSE_EXPECTED a NUL byte at byte 0")
        self.assertNul(lambda: cuteref.eval("size(4)\0junk"), 7)
        self.assertNul(lambda: cuteref.eval_text("size(4)\0"), 7)
        self.assertNul(lambda: cuteref.Layout("(4,2):(1,4)\0junk"), 11)
        self.assertNul(lambda: cuteref.size("(4,2)\0"), 5)
        self.assertNul(lambda: cuteref.call("size\0junk", 4), 4)
        self.assertNul(lambda: cuteref.judge("size(4)\0junk", "ok 4"), 7)
        # the byte offset counts UTF-8 bytes, as the library sees them
        self.assertNul(lambda: cuteref.eval("\u00e9\0"), 2)

    def test_nul_in_an_answer_is_malformed(self):
        # the reference rejects the request: an `error` line conformed, cut at its NUL
        v = cuteref.judge("cosize(2:-9223372036854775808)", "error OVERFLOW a\0b")
        self.assertEqual((v, v.verdict), ("malformed", "malformed"))
        self.assertIn("NUL byte (at byte 16)", v.why)
        self.assertEqual(v.expected, "error OVERFLOW")
        self.assertEqual(cuteref.judge("size((4,2))", "ok 8\0junk").verdict, "malformed")
        self.assertIsNone(cuteref.judge("size((4,2))", "ok 8\njunk\0"))  # only the first line is the answer

    def test_integers_past_int64_overflow(self):
        L = cuteref.Layout("(4,2):(1,4)")
        for i in (2 ** 64 + 5, 2 ** 63, -2 ** 63 - 1, -2 ** 64 + 5):
            with self.assertRaises(cuteref.Error) as c:
                L(i)
            self.assertEqual(c.exception.code, "OVERFLOW")
        self.assertEqual(L(5), 5)
        self.assertEqual(cuteref.Layout("9223372036854775807:1")(2 ** 63 - 1), 2 ** 63 - 1)
        for x in (2 ** 63, -2 ** 63 - 1, 2 ** 64 + 5):
            with self.assertRaises(cuteref.Error) as c:
                cuteref.size(x)
            self.assertEqual(c.exception.code, "OVERFLOW")
            with self.assertRaises(cuteref.Error) as c:
                L((x, 0))
            self.assertEqual(c.exception.code, "OVERFLOW")
        self.assertEqual(cuteref.eval(-2 ** 63), -2 ** 63)

    def test_vectors_without_a_directory(self):
        # the package's copy (pip install) or the checkout's spec/vectors, or
        # $CUTEREF_VECTORS when set (issue 39)
        cases = cuteref.vectors(op="composition")
        self.assertGreater(len(cases), 100)
        self.assertTrue(all(c.op == "composition" for c in cases))
        for c in cases[:20]:
            self.assertIsNone(cuteref.judge(c.request, cuteref.answer(c.request)), c)  # None: conforming

    def test_vectors_refuses_what_is_not_a_regular_file(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "size.txt"), "w") as f:
                f.write("size\tx\tsize(4)\tok 4\n")
            self.assertEqual(cuteref.vectors(d), [cuteref.Case("size", "x", "size(4)", "ok 4")])
            os.mkfifo(os.path.join(d, "fifo.txt"))  # read, it would block for ever
            with self.assertRaisesRegex(ValueError, "fifo.txt is a FIFO, not a regular file"):
                cuteref.vectors(d)
            os.remove(os.path.join(d, "fifo.txt"))
            os.mkdir(os.path.join(d, "dir.txt"))
            with self.assertRaisesRegex(ValueError, "dir.txt is a directory, not a regular file"):
                cuteref.vectors(d)


class Threads(unittest.TestCase):
    def test_concurrent_calls(self):
        errors = []

        def work(k):
            try:
                for i in range(50):
                    r = cuteref.composition("(6,2):(8,2)", "(4,3):(3,1)")
                    assert str(r) == "((2,2),3):((24,2),8)", r
                    assert cuteref.judge("size((4,2))", 8) is None
                    assert cuteref.Layout((4, 2), (1, 4))(i % 8) == [0, 1, 2, 3, 4, 5, 6, 7][i % 8]
            except Exception as e:  # noqa: BLE001 -- reported below
                errors.append(e)

        threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])


if __name__ == "__main__":
    unittest.main()
