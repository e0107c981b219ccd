"""The README's C and Python examples are the tested ones: its C block is
examples/api/hello.c (which `make test` runs against hello.out) and its
Python blocks run as doctests."""
import doctest
import os
import re
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir)


def read(*path):
    with open(os.path.join(ROOT, *path), encoding="utf-8") as f:
        return f.read()


def blocks(text, lang):
    return re.findall(r"^```%s\n(.*?)^```" % lang, text, re.S | re.M)


class Readme(unittest.TestCase):
    def test_c_block_is_the_tested_example(self):
        readme = read("README.md")
        self.assertIn(read("examples", "api", "hello.c"), blocks(readme, "c"))
        first, second = read("examples", "api", "hello.out").splitlines()[:2]
        self.assertIn("prints `%s`" % first, readme)
        self.assertTrue(second.startswith("SHAPE_DIVISIBILITY: composition: mode 0 (3:2) of B"), second)

    def test_python_blocks_run(self):
        found = blocks(read("README.md"), "pycon")
        self.assertTrue(found, "the README has no ```pycon block")
        parser = doctest.DocTestParser()
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        for k, block in enumerate(found):
            test = parser.get_doctest(block, {}, "README.md pycon block %d" % (k + 1), "README.md", 0)
            self.assertGreater(len(test.examples), 0)
            runner.run(test)
        self.assertEqual(runner.summarize(verbose=False).failed, 0)


if __name__ == "__main__":
    unittest.main()
