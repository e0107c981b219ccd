"""cuteref: the executable specification of the CuTe layout algebra, from
Python (spec/api.md).

    >>> import cuteref
    >>> cuteref.eval("composition((6,2):(8,2), (4,3):(3,1))")
    Layout('((2,2),3):((24,2),8)')

Every operation of `cuteref eval --list` is a function of this module
(cuteref.composition(a, b), cuteref.size(L), ...); errors are cuteref.Error
with the spec's code; cuteref.judge(request, answer) judges another
implementation's answer by the spec; cuteref.vectors() and cuteref.cases(op,
n) are requests to test it on, cuteref.shrink(request, fails) makes a
failing one small.
"""
from ._core import (CONFORM_SEED, Case, ComposedLayout, Error, Layout, Symbol, Tiler, Value, Violation, answer, arguments, call,
                    cases, codes, dot, eval, eval_text, judge, operations, shrink, shrink_candidates, vectors, version,
                    vectors_version, _make_op)

__all__ = ["CONFORM_SEED", "Case", "ComposedLayout", "Error", "Layout", "Symbol", "Tiler", "Value", "Violation", "answer",
           "arguments", "call", "cases", "codes", "dot", "eval", "eval_text", "judge", "operations", "shrink", "shrink_candidates",
           "vectors", "version", "vectors_version"]


def _install_operations(namespace):
    for name, synopsis in operations().items():
        if name in namespace:  # eval: L(i) is Layout.__call__
            continue
        namespace[name] = _make_op(name, synopsis)
        __all__.append(name)


_install_operations(globals())
del _install_operations, _make_op
