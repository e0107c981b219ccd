"""Parser for the cuteref request notation, shared by the peer adapters.

A request is one expression per line, e.g.

    composition((12,(4,8)):(59,(13,1)), <3:4, 8:2>)

Grammar (whitespace allowed between any two tokens):

    request   := arg                            # a bare value is Call('notation', (value,))
    call      := NAME '(' [arg {',' arg}] ')'
    arg       := value {'(' [arg {',' arg}] ')'}  # V(c...) is Call('eval', (V, c...))
    value     := primary ['o' primary 'o' primary]   # outer o offset o inner
    primary   := call | tiler | '_' | swizzle | layout | NAME   # a bare NAME: Sym (K, MN, ...)
    swizzle   := 'Sw' '<' INT ',' INT [',' INT] '>'
    layout    := inttuple [':' inttuple]        # a bare inttuple is a shape
    inttuple  := INT | '_' | '(' [inttuple {',' inttuple} [',']] ')'   # '_' inside a coordinate
    tiler     := '<' telem {',' telem} '>'
    telem     := '_' | tiler | layout
    INT       := ['_'] ['-'] DIGITS             # leading '_' = compile-time static

The parser only builds a syntax tree; it does no layout algebra.  Each
adapter maps the tree onto its own peer (pycute objects, C++ source text).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Tuple, Union


class ParseError(ValueError):
    """Raised for a request that does not follow the notation."""


@dataclass(frozen=True)
class Int:
    value: int
    static: bool

    def __str__(self) -> str:
        return ("_" if self.static else "") + str(self.value)


@dataclass(frozen=True)
class Tup:
    items: Tuple["IntTuple", ...]

    def __str__(self) -> str:
        return "(" + ",".join(str(i) for i in self.items) + ")"


@dataclass(frozen=True)
class Basis:
    """A basis stride v@i (spec/basis.md): value times the unit vector of
    coordinate `path` (top-level index first). Printed as CuTe prints
    ScaledBasis: the indices innermost first, v@j@i for path (i, j)."""
    value: Int
    path: Tuple[int, ...]

    def __str__(self) -> str:
        return str(self.value) + "".join("@" + str(k) for k in reversed(self.path))


IntTuple = Union[Int, Tup, Basis]


@dataclass(frozen=True)
class Lay:
    """An explicit SHAPE:STRIDE literal."""
    shape: IntTuple
    stride: IntTuple

    def __str__(self) -> str:
        return f"{self.shape}:{self.stride}"


@dataclass(frozen=True)
class Under:
    """The `_` placeholder (whole mode / identity)."""

    def __str__(self) -> str:
        return "_"


@dataclass(frozen=True)
class Tiler:
    items: Tuple["TilerElem", ...]

    def __str__(self) -> str:
        return "<" + ",".join(str(i) for i in self.items) + ">"


TilerElem = Union[Int, Tup, Lay, Under, Tiler]


@dataclass(frozen=True)
class Call:
    name: str
    args: Tuple["Node", ...]

    def __str__(self) -> str:
        return self.name + "(" + ",".join(str(a) for a in self.args) + ")"


@dataclass(frozen=True)
class Swz:
    """CuTe's Swizzle<B,M,S> (spec/swizzle.md)."""
    b: int
    m: int
    s: int

    def __str__(self) -> str:
        return f"Sw<{self.b},{self.m},{self.s}>"


@dataclass(frozen=True)
class Composed:
    """outer o offset o inner, CuTe's ComposedLayout (spec/composed.md)."""
    outer: "Node"
    offset: "Node"
    inner: "Node"

    def __str__(self) -> str:
        return f"{self.outer} o {self.offset} o {self.inner}"


@dataclass(frozen=True)
class Sym:
    """A bare name used as a value, e.g. the major `K` or `MN` of
    gmma_atom (spec/atoms.md) or `LayoutLeft`."""
    name: str

    def __str__(self) -> str:
        return self.name


Node = Union[Int, Tup, Lay, Under, Tiler, Call, Swz, Composed, Sym]


# --------------------------------------------------------------------------
# Tokenizer
# --------------------------------------------------------------------------

_PUNCT = set("(),:<>@")


def _tokenize(text: str) -> List[Tuple[str, object, int]]:
    """Return a list of (kind, value, position); kinds: punct, INT, UNDER, NAME."""
    toks: List[Tuple[str, object, int]] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            continue
        if c in _PUNCT:
            toks.append(("P", c, i))
            i += 1
            continue
        if c == "_" or c == "-" or c.isdigit():
            start = i
            static = False
            if c == "_":
                j = i + 1
                if j < n and (text[j].isdigit() or (text[j] == "-" and j + 1 < n and text[j + 1].isdigit())):
                    static = True
                    i = j
                else:
                    # A bare '_' (not followed by a name character).
                    if j < n and (text[j].isalnum() or text[j] == "_"):
                        raise ParseError(f"unexpected name at column {start}")
                    toks.append(("UNDER", None, start))
                    i = j
                    continue
            neg = False
            if text[i] == "-":
                neg = True
                i += 1
            j = i
            while j < n and text[j].isdigit():
                j += 1
            if j == i:
                raise ParseError(f"expected digits at column {i}")
            if j < n and (text[j].isalpha() or text[j] == "_"):
                raise ParseError(f"malformed integer at column {start}")
            value = int(text[i:j])
            toks.append(("INT", Int(-value if neg else value, static), start))
            i = j
            continue
        if c.isalpha():
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            toks.append(("NAME", text[i:j], i))
            i = j
            continue
        raise ParseError(f"unexpected character {c!r} at column {i}")
    return toks


# --------------------------------------------------------------------------
# Recursive-descent parser
# --------------------------------------------------------------------------

class _Parser:
    def __init__(self, text: str):
        self.toks = _tokenize(text)
        self.pos = 0

    # helpers
    def peek(self):
        return self.toks[self.pos] if self.pos < len(self.toks) else ("EOF", None, -1)

    def take(self):
        tok = self.peek()
        self.pos += 1
        return tok

    def is_punct(self, ch: str) -> bool:
        kind, val, _ = self.peek()
        return kind == "P" and val == ch

    def expect(self, ch: str) -> None:
        kind, val, where = self.take()
        if kind != "P" or val != ch:
            got = "end of line" if kind == "EOF" else repr(val if val is not None else "_")
            raise ParseError(f"expected {ch!r}, got {got}" + (f" at column {where}" if where >= 0 else ""))

    # grammar
    def request(self) -> Call:
        if not self.toks:
            raise ParseError("empty request")
        node = self.arg()
        kind, val, where = self.peek()
        if kind != "EOF":
            raise ParseError(f"trailing input at column {where}")
        if not isinstance(node, Call):
            node = Call("notation", (node,))
        return node

    def call(self) -> Call:
        _, name, _ = self.take()
        self.expect("(")
        args: List[Node] = []
        if not self.is_punct(")"):
            args.append(self.arg())
            while self.is_punct(","):
                self.take()
                args.append(self.arg())
        self.expect(")")
        return Call(str(name), tuple(args))

    def arg(self) -> Node:
        node = self.value()
        while self.is_punct("("):    # V(c...): the value at a coordinate
            self.take()
            coords: List[Node] = []
            if not self.is_punct(")"):
                coords.append(self.arg())
                while self.is_punct(","):
                    self.take()
                    coords.append(self.arg())
            self.expect(")")
            node = Call("eval", (node,) + tuple(coords))
        return node

    def value(self) -> Node:
        first = self.primary()
        if not self.is_o():
            return first
        self.take()
        offset = self.primary()
        if not self.is_o():
            raise ParseError("a composed layout is outer o offset o inner")
        self.take()
        return Composed(first, offset, self.primary())

    def is_o(self) -> bool:
        kind, val, _ = self.peek()
        return kind == "NAME" and val == "o"

    def swizzle(self) -> Swz:
        self.take()  # Sw
        self.expect("<")
        vals = []
        while True:
            kind, val, where = self.take()
            if kind != "INT":
                raise ParseError(f"expected a swizzle parameter at column {where}")
            vals.append(val.value)  # type: ignore[union-attr]
            if self.is_punct(","):
                self.take()
                continue
            self.expect(">")
            break
        if len(vals) == 2:
            vals.append(vals[0])
        if len(vals) != 3:
            raise ParseError("Sw<B,M,S> takes 2 or 3 parameters")
        return Swz(*vals)

    def primary(self) -> Node:
        kind, val, where = self.peek()
        if kind == "NAME" and val == "Sw" and self.pos + 1 < len(self.toks) and self.toks[self.pos + 1][1] == "<":
            return self.swizzle()
        if kind == "NAME" and val != "o":
            nxt = self.toks[self.pos + 1] if self.pos + 1 < len(self.toks) else ("EOF", None, -1)
            if nxt[0] == "P" and nxt[1] == "(":
                return self.call()
            self.take()
            return Sym(str(val))
        if kind == "UNDER":
            self.take()
            return Under()
        if kind == "P" and val == "<":
            return self.tiler()
        return self.layout()

    def tiler(self) -> Tiler:
        self.expect("<")
        items: List[TilerElem] = [self.telem()]
        while self.is_punct(","):
            self.take()
            items.append(self.telem())
        self.expect(">")
        return Tiler(tuple(items))

    def telem(self) -> TilerElem:
        kind, val, _ = self.peek()
        if kind == "UNDER":
            self.take()
            return Under()
        if kind == "P" and val == "<":
            return self.tiler()
        return self.layout()

    def layout(self):
        shape = self.inttuple()
        if self.is_punct(":"):
            self.take()
            stride = self.inttuple()
            return Lay(shape, stride)
        return shape

    def inttuple(self) -> IntTuple:
        kind, val, where = self.take()
        if kind == "UNDER":
            return Under()    # `_` in a coordinate: slice((_,3), L), L(_,2)
        if kind == "INT":
            if self.is_punct("@"):
                return self.basis(val)  # type: ignore[arg-type]
            return val  # type: ignore[return-value]
        if kind == "P" and val == "(":
            items: List[IntTuple] = []
            if self.is_punct(")"):
                self.take()
                return Tup(())
            items.append(self.inttuple())
            while self.is_punct(","):
                self.take()
                if self.is_punct(")"):      # trailing comma: (8,)
                    break
                items.append(self.inttuple())
            self.expect(")")
            return Tup(tuple(items))
        got = "end of line" if kind == "EOF" else repr(val if val is not None else "_")
        raise ParseError(f"expected an integer or '(', got {got}" + (f" at column {where}" if where >= 0 else ""))


    def basis_index(self) -> int:
        kind, val, where = self.take()
        if kind != "INT" or val.static or val.value < 0:  # type: ignore[union-attr]
            raise ParseError(f"expected a basis index at column {where}")
        return val.value  # type: ignore[union-attr]

    def basis(self, value: Int) -> Basis:
        """v@(i,j,...) (the path in order) or v@a@b@c (innermost first)."""
        self.expect("@")
        if self.is_punct("("):
            self.take()
            path = [self.basis_index()]
            while self.is_punct(","):
                self.take()
                path.append(self.basis_index())
            self.expect(")")
            return Basis(value, tuple(path))
        path = [self.basis_index()]
        while self.is_punct("@"):
            self.take()
            path.append(self.basis_index())
        return Basis(value, tuple(reversed(path)))


def parse_request(text: str) -> Call:
    """Parse one request line into a Call tree; raises ParseError."""
    return _Parser(text).request()


def normalize(text: str) -> str:
    """Whitespace-free form of a request line (used as a cache key)."""
    return "".join(text.split())


# --------------------------------------------------------------------------
# Printing plain Python values in CuTe notation (no spaces)
# --------------------------------------------------------------------------

def format_inttuple(value) -> str:
    """Print an int or (nested) tuple of ints as CuTe does: (a,(b,c)); a
    one-element tuple prints as (a)."""
    if isinstance(value, tuple):
        return "(" + ",".join(format_inttuple(v) for v in value) + ")"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if value is None:
        return "_"
    # numpy ints and the like
    try:
        return str(int(value))
    except (TypeError, ValueError):
        return str(value).replace(" ", "")
