"""The Python face of cuteref (spec/api.md): values, operations, errors, the
judge. Everything goes through libcuteref.so (_native.py)."""
import builtins
import collections
import ctypes
import operator
import os
import re
import shutil
import stat
import subprocess

from ._native import REQUEST_CAP, CError, CJudgement, lib, take_string

_INTTUPLE, _LAYOUT, _TILER, _BOOL, _SYMBOL, _OTHER = range(6)


class Error(Exception):
    """A rejected input: code is the spec's error code ("STRIDE_DIVISIBILITY"),
    message says what was wrong, pos is a byte offset into the evaluated
    text (or -1)."""

    def __init__(self, code, message, pos=-1):
        super().__init__("%s: %s" % (code, message))
        self.code = code
        self.message = message
        self.pos = pos


def _raise(err):
    raise Error(err.name.decode(), err.message.decode("utf-8", "replace"), err.pos)


_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1


def _parse(text):
    """A handle for the value of notation text, through the length-taking
    call: a NUL inside is PARSE_EXPECTED, as in `cuteref eval -`."""
    b = _notation(text).encode()
    h = ctypes.c_void_p()
    err = CError()
    if lib.cuteref_value_parse_n(b, builtins.len(b), ctypes.byref(h), ctypes.byref(err)):
        _raise(err)
    return h.value


def _no_nul(text):
    """Text the library takes as a C string (operation names): a NUL inside
    is rejected as `cuteref eval -` rejects it, never cut there."""
    at = text.encode().find(b"\0")
    if at >= 0:
        raise Error("PARSE_EXPECTED", "a NUL byte at byte %d" % at, at)
    return text


def version():
    """"cuteref API 1, conformance vectors version N"."""
    return lib.cuteref_version().decode()


def vectors_version():
    """The version of spec/vectors/ the library was built with."""
    return lib.cuteref_vectors_version()


def codes():
    """Every error code: {name: summary}."""
    return {lib.cuteref_code_name(c).decode(): lib.cuteref_code_summary(c).decode()
            for c in builtins.range(1, lib.cuteref_num_codes())}


# ---- values ------------------------------------------------------------------

class Value:
    """A value of the algebra, held by the library; str() is CuTe's notation."""

    __slots__ = ("_h", "_text")
    _kind = None  # the kind a subclass holds
    _kind_name = "a value"

    def __init__(self, text):
        self._adopt(_parse(text))
        if self._kind is not None and lib.cuteref_value_kind(self._h) != self._kind:
            lib.cuteref_value_free(self._h)
            self._h = None
            raise Error("ARG_TYPE", "%s is not %s" % (text, self._kind_name))

    def _adopt(self, handle):
        self._h = handle
        self._text = take_string(lib.cuteref_value_str(handle))

    def __del__(self):
        h = getattr(self, "_h", None)
        if h and lib is not None:
            lib.cuteref_value_free(h)
            self._h = None

    def __str__(self):
        return self._text

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self._text)

    def __eq__(self, other):
        """The same canonical text (marks included); see equivalent()."""
        if isinstance(other, Value):
            return self._text == other._text
        try:
            return self._text == _wrap_handle(_to_handle(other)[0])._text
        except (Error, TypeError):
            return NotImplemented

    def __hash__(self):
        return hash(self._text)

    def _repr_svg_(self):
        """The picture of `cuteref dot` as SVG, for notebooks (Jupyter shows
        it); None, and the text repr shown, where the cuteref tool or
        Graphviz's `dot` is not found (neither is ever required)."""
        return _svg(self._text)

    def equivalent(self, other):
        """Equal as values: layouts the same function with compatible shapes
        (EQUIV-2), static marks ignored."""
        h, own = _to_handle(other)
        try:
            return builtins.bool(lib.cuteref_value_equivalent(self._h, h))
        finally:
            if own:
                lib.cuteref_value_free(h)


class _Count(builtins.int):
    """An int that may also be called: L.size and L.size() are both the size."""

    __slots__ = ()

    def __call__(self):
        return builtins.int(self)


def _counted(op):
    """The property `op(value)` as a _Count (Layout's and ComposedLayout's
    size, cosize, rank, depth)."""
    return property(lambda self: _Count(call(op, self)), doc="%s(self), an int that may also be called" % op)


class Layout(Value):
    """A layout shape:stride. Layout("(4,2):(1,4)"), Layout((4,2), (1,4)),
    Layout((4,2)) (compact column-major). L(i), L(i, j), L((i, j)) evaluate
    it; L(None, 1) slices (None is `_`)."""

    __slots__ = ()
    _kind = _LAYOUT
    _kind_name = "a layout"

    def __init__(self, shape, stride=None):
        if stride is not None:
            text = _notation(shape) + ":" + _notation(stride)
        else:
            text = _notation(shape)
            if not isinstance(shape, Value) and ":" not in text and not any(c.isalpha() or c == "<" for c in text):
                text = "make_layout(%s)" % text  # a bare shape: the compact layout (spec/notation.md)
        Value.__init__(self, text)

    def __call__(self, *coord):
        if not coord:
            raise Error("ARITY", "a layout is evaluated at a coordinate: L(i) or L(i, j)")
        if builtins.len(coord) == 1 and hasattr(coord[0], "__index__") and not isinstance(coord[0], builtins.bool):
            i = operator.index(coord[0])
            if not _INT64_MIN <= i <= _INT64_MAX:  # ctypes would wrap it silently: 2**64 + 5 became 5
                raise Error("OVERFLOW", "the index %d does not fit in int64" % i)
            out = ctypes.c_int64()
            err = CError()
            if lib.cuteref_layout_at(self._h, i, ctypes.byref(out), ctypes.byref(err)):
                if err.name == b"ARG_TYPE":  # basis strides: a coordinate, not an offset, as eval's L(i)
                    return call("eval", self, i)
                _raise(err)
            return out.value
        c = coord[0] if builtins.len(coord) == 1 else builtins.tuple(coord)
        return call("eval", self, c)

    @property
    def shape(self):
        return call("shape", self)

    @property
    def stride(self):
        return call("stride", self)

    # Properties, as shape and stride are (issue 39: L.size was a method
    # while L.shape was a property); the integer they give may also be
    # called, L.size(), as before.
    size = _counted("size")
    cosize = _counted("cosize")
    rank = _counted("rank")
    depth = _counted("depth")


class ComposedLayout(Value):
    """A composed layout `outer o offset o inner` or a swizzle (spec/composed.md):
    C(i), C(i, j) evaluate it, as eval's `C(i)` does; C.size, C.cosize."""

    __slots__ = ()
    _kind = _OTHER
    _kind_name = "a composed layout or swizzle"

    def __call__(self, *coord):
        if not coord:
            raise Error("ARITY", "a composed layout is evaluated at a coordinate: C(i) or C(i, j)")
        c = coord[0] if builtins.len(coord) == 1 else builtins.tuple(coord)
        return call("eval", self, c)

    size = _counted("size")
    cosize = _counted("cosize")


class Tiler(Value):
    """A tiler <...>: Tiler("<3:4,_>")."""

    __slots__ = ()
    _kind = _TILER
    _kind_name = "a tiler"


class Symbol(Value):
    """A bare name such as LayoutLeft."""

    __slots__ = ()
    _kind = _SYMBOL
    _kind_name = "a name"


_KINDS = {_LAYOUT: Layout, _TILER: Tiler, _SYMBOL: Symbol, _OTHER: ComposedLayout}


def _wrap_handle(h):
    v = Value.__new__(_KINDS.get(lib.cuteref_value_kind(h), Value))
    v._adopt(h)
    return v


def _notation(x):
    """CuTe notation for a Python value: str as is, int, bool, None (`_`),
    nested tuples and lists, any Value."""
    if isinstance(x, Value):
        return x._text
    if isinstance(x, builtins.str):
        return x
    if isinstance(x, builtins.bool):
        return "true" if x else "false"
    if isinstance(x, builtins.int):
        return builtins.str(x)
    if hasattr(x, "__index__"):  # numpy integers and the like
        return builtins.str(operator.index(x))
    if x is None:
        return "_"
    if isinstance(x, (builtins.tuple, builtins.list)):
        return "(" + ",".join(_notation(e) for e in x) + ")"
    raise TypeError("cuteref: cannot write %r in CuTe notation" % (x,))


def _to_handle(x):
    """(handle, owned): a Value's own handle, or a new one for anything else."""
    if isinstance(x, Value):
        return x._h, False
    return _parse(x), True


def _parse_inttuple(text):
    """"(4,(2,_3))" -> (4, (2, 3)); "_" -> None; static marks dropped."""
    pos = 0

    def item():
        nonlocal pos
        if text[pos] == "(":
            pos += 1
            out = []
            if text[pos] == ")":
                pos += 1
                return ()
            while True:
                out.append(item())
                ch = text[pos]
                pos += 1
                if ch == ")":
                    return builtins.tuple(out)
        start = pos
        while pos < builtins.len(text) and text[pos] not in ",)":
            pos += 1
        tok = text[start:pos]
        if tok == "_":
            return None
        return builtins.int(tok[1:] if tok.startswith("_") else tok)

    return item()


def _result(h):
    """The Python value of a result handle (freed unless kept by a Value)."""
    kind = lib.cuteref_value_kind(h)
    if kind == _BOOL:
        out = ctypes.c_int64()
        lib.cuteref_value_int(h, ctypes.byref(out))
        lib.cuteref_value_free(h)
        return builtins.bool(out.value)
    if kind == _INTTUPLE:
        text = take_string(lib.cuteref_value_str(h))
        if "@" in text:  # basis elements (1@0) are no Python ints: the Value itself
            return _wrap_handle(h)
        lib.cuteref_value_free(h)
        return _parse_inttuple(text)
    return _wrap_handle(h)


# ---- evaluation and operations ----------------------------------------------------

def eval(expr):
    """Evaluates an expression (spec/expressions.md): a Layout, Tiler, int,
    tuple (nested; `_` is None) or bool. Raises Error with the spec's code."""
    return _result(_parse(expr))


def eval_text(expr):
    """The result's exact text, static marks included: "(4,2):(_1,4)"."""
    b = _notation(expr).encode()
    err = CError()
    out = take_string(lib.cuteref_eval_n(b, builtins.len(b), ctypes.byref(err)))
    if out is None:
        _raise(err)
    return out


def answer(request):
    """The protocol's answer line (spec/protocol.md): "ok ..." or "error CODE ..."."""
    b = builtins.str(request).encode()
    return take_string(lib.cuteref_answer_n(b, builtins.len(b)))


def call(op, *args, targs=None):
    """op(*args) by name; targs are template arguments: call("size", L, targs=(0,))
    is size<0>(L). Arguments: Values, notation text, ints, tuples, None (`_`)."""
    name = _no_nul(op)
    if targs is not None:
        if isinstance(targs, builtins.int):
            targs = (targs,)
        name = "%s<%s>" % (op, ",".join(builtins.str(builtins.int(t)) for t in targs))
    handles = []
    try:
        for a in args:
            handles.append(_to_handle(a))
        arr = (ctypes.c_void_p * builtins.max(1, builtins.len(handles)))(*[h for h, _ in handles])
        out = ctypes.c_void_p()
        err = CError()
        if lib.cuteref_call(name.encode(), arr, builtins.len(handles), ctypes.byref(out), ctypes.byref(err)):
            _raise(err)
    finally:
        for h, own in handles:
            if own:
                lib.cuteref_value_free(h)
    return _result(out.value)


def operations():
    """Every operation: {name: synopsis}, in the registry's order."""
    return {lib.cuteref_op_name(k).decode(): lib.cuteref_op_synopsis(k).decode()
            for k in builtins.range(lib.cuteref_num_ops())}


def _make_op(name, synopsis):
    def op(*args, targs=None):
        return call(name, *args, targs=targs)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = "%s\n\nAs `cuteref eval --list` lists it; targs: template arguments, name<...>." % synopsis
    return op


# ---- the judge ---------------------------------------------------------------------

class Violation(builtins.str):
    """What judge() returns for a non-conforming answer: the spec ID it
    violates ("COMP-2", "composition!NOT_DISJOINT", "EQUIV-2"), or the
    verdict when there is no ID ("malformed", "unsupported"); with verdict,
    why, expected (the reference's outcome) and post_id."""

    def __new__(cls, j):
        ident = j.id.decode() or j.verdict.decode()
        self = builtins.str.__new__(cls, ident)
        self.verdict = j.verdict.decode()
        self.why = j.why.decode("utf-8", "replace")
        self.expected = j.expected.decode("utf-8", "replace")
        self.post_id = j.post_id.decode()
        return self

    def __repr__(self):
        return "Violation(%s: %s; %s; the reference: %s)" % (builtins.str.__str__(self), self.verdict, self.why,
                                                             self.expected)


def _answer_line(answer):
    if isinstance(answer, Error):
        return "error %s %s" % (answer.code, answer.message)
    if isinstance(answer, builtins.str):
        s = answer.strip()
        for word in ("ok", "error"):
            if s == word or s.startswith(word + " ") or s.startswith(word + "\t"):
                return s
        return "ok " + s
    return "ok " + _notation(answer)


def judge(request, answer, strict=False):
    """Judges another implementation's answer to a request as `cuteref
    conform` does (spec/protocol.md): None when it conforms, else a
    Violation naming the spec ID. answer: a protocol line ("ok V",
    "error CODE ..."), a value's text, a Value, int, tuple or bool, or an
    Error (a rejection)."""
    j = CJudgement()
    # a NUL in the request: rejected (eval - rejects such a line); in the
    # answer: judged malformed, as `cuteref conform` judges it
    req, ans = _no_nul(builtins.str(request)).encode(), _answer_line(answer).encode()
    ok = lib.cuteref_judge_n(req, builtins.len(req), ans, builtins.len(ans), 1 if strict else 0, ctypes.byref(j))
    return None if ok else Violation(j)


# ---- the conformance vectors ---------------------------------------------------------

_CALL_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*(<[-0-9_, ]*>)?\Z")  # NAME or NAME<int,...> (spec/expressions.md)


def _split_call(request):
    """"NAME<targs>(a0, a1, ...)" -> ("NAME<targs>", ["a0", "a1", ...]): cut
    at the top-level commas, as conform cuts a request (cli/conform.h,
    cf_split_request); None for a request that is no single call."""
    text = request.strip()
    at = text.find("(")
    if at <= 0 or not text.endswith(")"):
        return None
    name, body = text[:at].strip(), text[at + 1:-1]
    if not _CALL_NAME.match(name):  # "8:1(3)" evaluates a literal: no call of an operation
        return None
    args, depth, start = [], 0, 0
    for k, ch in builtins.enumerate(body):
        if ch in "(<":
            depth += 1
        elif ch in ")>":
            depth -= 1
            if depth < 0:
                return None  # "f(a)(b)": the first ")" closed the call
        elif ch == "," and depth == 0:
            args.append(body[start:k].strip())
            start = k + 1
    if depth != 0:
        return None
    if body.strip():
        args.append(body[start:].strip())
    return name, args


class Case(collections.namedtuple("Case", "op origin request expected")):
    """A request with where it comes from and the reference's outcome:
    op (the operation it is counted under), origin (a vector's origin, or
    "gen:GENERATOR:0xSEED:INDEX" as `cuteref conform --random` names a
    generated one), request (the text), expected ("ok <value>" or
    "error <CODE>"). func and args cut a call into its name and its
    arguments' values, so that an implementation can be called on them:
    my_impl(*case.args)."""

    __slots__ = ()

    @property
    def func(self):
        """The called name, template arguments included ("size<0>"), or None
        for a request that is no single call."""
        split = _split_call(self.request)
        return split[0] if split else None

    @property
    def args(self):
        """The arguments' values (each evaluated as eval() does: Layout, int,
        tuple, Tiler, ...), a tuple; () for a request that is no single call."""
        return arguments(self.request)


def arguments(request):
    """The values of a request's arguments, each evaluated as eval() does
    (Layout, int, tuple, Tiler, ...), so that an implementation can be
    called on them: arguments("size((4,2):(1,4))") == (Layout("(4,2):(1,4)"),).
    () for a request that is no single call NAME(...); raises Error for an
    argument the spec rejects as a value (its request is answered with that
    error)."""
    split = _split_call(builtins.str(request))
    return builtins.tuple(eval(a) for a in split[1]) if split else ()


def _file_kind(mode):
    for test, what in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return what
    return "not a regular file"


def _vectors_directory():
    """Where the vectors are when no directory is named (issue 39: vectors()
    needed a repository path): $CUTEREF_VECTORS, the copy a pip install
    ships in the package, the checkout the module is imported from."""
    env = os.environ.get("CUTEREF_VECTORS")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    for d in (os.path.join(here, "vectors"), os.path.join(os.path.dirname(os.path.dirname(here)), "spec", "vectors")):
        if os.path.isdir(d):
            return d
    raise Error("ARG_TYPE", "no conformance vectors found: name a directory (spec/vectors of a cuteref checkout), "
                "set CUTEREF_VECTORS, or pip install ./python, which ships them")


def vectors(directory=None, op=None):
    """The cases of the conformance vectors (spec/vectors.md) in a directory
    such as cuteref's spec/vectors (by default the package's own copy, or
    $CUTEREF_VECTORS), files in name order: Case(op, origin, request,
    expected), expected being "ok <value>" or "error <CODE>"; only those of
    one operation when op is given. Parametrize a test with them and judge
    each answer: judge(case.request, answer)."""
    if directory is None:
        directory = _vectors_directory()
    out = []
    for name in builtins.sorted(os.listdir(directory)):
        if not name.endswith(".txt") or (op is not None and name != op + ".txt"):
            continue
        path = os.path.join(directory, name)
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):  # a FIFO would block, a device never end (issue 44)
            raise ValueError("%s is %s, not a regular file" % (path, _file_kind(mode)))
        with builtins.open(path, encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\n")
                if not line or line.startswith("#"):
                    continue
                fields = line.split("\t")
                if builtins.len(fields) != 4:
                    raise ValueError("%s: not OP<tab>ORIGIN<tab>REQUEST<tab>EXPECTED: %r" % (name, line))
                out.append(Case(*fields))
    return out


# ---- generated cases and shrinking (issue 39) -------------------------------------------

CONFORM_SEED = 0xC0FFEE  # the default seed of `cuteref conform --random`


def _expected(request):
    """The reference's outcome as the vectors write it: "ok <value>" or
    "error <CODE>" (the message dropped)."""
    line = answer(request)
    return " ".join(line.split(" ", 2)[:2]) if line.startswith("error ") else line


def _generated(op, seed, index):
    buf = ctypes.create_string_buffer(REQUEST_CAP)
    gen = ctypes.c_char_p()
    err = CError()
    if lib.cuteref_case(_no_nul(op).encode(), seed, index, buf, REQUEST_CAP, ctypes.byref(gen), ctypes.byref(err)):
        _raise(err)
    return buf.value.decode(), gen.value.decode()


def _num_generators(op):
    """G, the operation's generators: request i comes from generator i % G
    (cuteref_case), so the names of requests 0, 1, ... repeat after G."""
    first = _generated(op, 0, 0)[1]
    ng = 1
    while ng < 4 and _generated(op, 0, ng)[1] != first:  # CT_OP_GENS: at most 4
        ng += 1
    return ng


def cases(op, n, seed=CONFORM_SEED):
    """The first n requests `cuteref conform --random n --seed SEED` draws
    for the operation op (the same generators, in the same order, the same
    texts on every platform), each once, as a list of Case(op, origin,
    request, expected). The default seed is conform's, so cases(op, n) are
    the requests `cuteref conform --random n --ops op` sends. A request is
    drawn from the operation's generators in turn; case.origin names the
    generator and the request's number ("gen:size/layout:0xc0ffee:3").
    Raises Error UNKNOWN_FUNCTION for an unknown operation (naming the
    nearest), ARG_TYPE for one without a generator.

    Property testing in pytest: an implementation of size with a planted
    bug (a nested mode counts with its first entry only) is found wrong by
    a generated case, and the failure is shrunk to a smallest request::

        import math, pytest, cuteref

        def my_size(layout):  # the implementation under test
            first = lambda s: s if isinstance(s, int) else first(s[0])
            shape = layout.shape  # an int for a rank-1 layout, else a tuple
            return math.prod(first(s) for s in shape) if isinstance(shape, tuple) else shape

        def wrong(request):  # the property: my_size agrees with the reference
            return cuteref.judge(request, my_size(*cuteref.arguments(request))) is not None

        @pytest.mark.parametrize("case", cuteref.cases("size", 100), ids=lambda c: c.request)
        def test_size(case):
            if wrong(case.request):
                pytest.fail("my_size is wrong on %s, smallest %s" % (case.request, cuteref.shrink(case.request, wrong)))

    fails, first, with "my_size is wrong on size((3,(_6,6)):(_1,(_3,_18))),
    smallest size(((1,2)):((0,0)))" (python/tests/test_cases.py runs it).
    """
    if n < 0:
        raise ValueError("cases: n must be >= 0")
    seed = builtins.int(seed) & ((1 << 64) - 1)
    out, seen = [], builtins.set()
    ng = _num_generators(op)
    for index in builtins.range(n):
        request, generator = _generated(op, seed, index)
        if request in seen:  # conform sends a repeat once
            continue
        seen.add(request)
        # origin as conform writes it: the generator and its own number
        out.append(Case(op, "gen:%s:0x%x:%d" % (generator, seed, index // ng), request, _expected(request)))
    return out


def _candidate(request, k):
    buf = ctypes.create_string_buffer(REQUEST_CAP)
    err = CError()
    n = lib.cuteref_shrink_candidate(_no_nul(request).encode(), k, buf, REQUEST_CAP, ctypes.byref(err))
    if n < 0:
        _raise(err)
    return buf.value.decode() if n > 0 else None


def shrink_candidates(request):
    """The smaller requests `cuteref conform` tries when it shrinks a
    disagreement on request, coarse to fine (drop a leaf, flatten, smaller
    shape entries, strides and integers towards 0, no static marks; an
    argument that is no literal is kept), as a list; [] for a request that
    is no call of literal arguments."""
    out, k = [], 0
    while True:
        c = _candidate(builtins.str(request), k)
        if c is None:
            return out
        out.append(c)
        k += 1


def _fails(fails, request):
    try:
        return builtins.bool(fails(request))
    except Exception:  # a different failure (a crash, a rejected input): not the one being shrunk
        return False


def shrink(request, fails, max_tries=10000):
    """The smallest request found for which fails(request) is still true:
    greedy over shrink_candidates, the loop of `cuteref conform` and of
    `cuteref check` (props/shrink.h): the candidates of the current request
    are tried in order, the first that still fails becomes the current
    request and its candidates are tried from the first; it ends when none
    fails or after max_tries candidates. Deterministic: the same request
    and predicate give the same result.

    fails(request) is the user's predicate, e.g. "my implementation
    disagrees with the reference". An exception raised by it counts as not
    failing: a candidate on which the implementation crashes, or whose
    arguments it (or the reference) rejects, is a different failure, and
    the shrink stays on the one it started from. Wrap the predicate to
    count exceptions. Raises ValueError when fails(request) is not true.

        >>> import cuteref
        >>> bad_size = lambda L: cuteref.size(L) if L.rank < 2 else 0   # a planted bug
        >>> fails = lambda r: bad_size(*cuteref.arguments(r)) != cuteref.eval(r)
        >>> cuteref.shrink("size((3,(6,6)):(1,(3,18)))", fails)
        'size((1,1):(0,0))'
    """
    current = builtins.str(request)
    if not _fails(fails, current):
        raise ValueError("shrink: fails(%r) is not true: nothing to shrink" % current)
    k, tries = 0, 0
    while tries < max_tries:
        candidate = _candidate(current, k)
        if candidate is None:  # no candidate of the current request still fails
            break
        tries += 1
        if _fails(fails, candidate):
            current, k = candidate, 0
        else:
            k += 1
    return current


# ---- drawing ----------------------------------------------------------------------------

def _tool():
    """The cuteref command-line tool: $CUTEREF_TOOL, the one beside the
    library loaded (make's build/), or one on PATH; None if none."""
    env = os.environ.get("CUTEREF_TOOL")
    if env:
        return env
    if os.path.sep in lib._name:  # loaded by path, not by the loader's search
        beside = os.path.join(os.path.dirname(os.path.abspath(lib._name)), "cuteref")
        if os.path.isfile(beside) and os.access(beside, os.X_OK):
            return beside
    return shutil.which("cuteref")


def dot(expr, plain=False, tree=False, bank=None):
    """The Graphviz DOT text of `cuteref dot` for an expression (a layout,
    a shape, a call of composition, complement, a divide or a product, ...;
    `cuteref dot --help` says how each is drawn): plain, tree and bank are
    its --plain, --tree and --bank B. Render it with Graphviz (`dot -Tsvg`).
    The text is the tool's: this runs the cuteref command-line tool
    ($CUTEREF_TOOL, the one beside the library, or on PATH), and raises
    FileNotFoundError where there is none (`make` builds build/cuteref,
    `make install` installs it; `pip install ./python` does not). Raises
    Error for an expression the spec rejects, RuntimeError where the tool
    fails otherwise.

        >>> import cuteref
        >>> cuteref.dot("(4,2):(1,4)").startswith("digraph cuteref {")  # doctest: +SKIP
        True
    """
    text = _no_nul(_notation(expr))
    eval_text(text)  # a rejected expression: the spec's Error, not the tool's words
    tool = _tool()
    if tool is None:
        raise FileNotFoundError("cuteref.dot runs the cuteref tool, and none was found: build it with `make` "
                                "(build/cuteref), `make install` it, or set CUTEREF_TOOL")
    args = [tool, "dot"] + (["--plain"] if plain else []) + (["--tree"] if tree else [])
    if bank is not None:
        args += ["--bank", builtins.str(builtins.int(bank))]
    out = subprocess.run(args + [text], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if out.returncode != 0:
        raise RuntimeError("%s dot failed: %s" % (tool, out.stderr.decode("utf-8", "replace").strip()))
    return out.stdout.decode("utf-8")


def _svg(expr):
    """dot(expr) rendered by Graphviz, or None where either is missing."""
    if _tool() is None or shutil.which("dot") is None:
        return None
    try:
        source = dot(expr)
        out = subprocess.run(["dot", "-Tsvg"], input=source.encode("utf-8"), stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, timeout=60)
    except (Error, OSError, subprocess.SubprocessError):
        return None
    return out.stdout.decode("utf-8") if out.returncode == 0 else None
