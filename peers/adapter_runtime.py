"""What every cuteref peer adapter does the same way: the protocol side of
spec/protocol.md, shared so that an adapter holds only what is its own (how
it imports its peer, how each operation maps onto the peer's API, and its
documented conversions).

- Framing: one request per stdin line (a `\\r` before the `\\n` is dropped,
  undecodable bytes read as U+FFFD, so such a line gets an answer instead of
  ending the adapter), one answer line per request, flushed after each
  (`serve`) or after each batch of the lines already read
  (`serve_batches`); a reader that goes away ends the adapter quietly
  (`quiet_end`).
- Answers: `ok <value>`; `error PARSE <why>` for a line the notation parser
  cannot read (`parse`); `error UNSUPPORTED <what>` where the peer lacks the
  operation or the argument form (`Unsupported`); `error BADARG <why>` for
  an argument of the wrong kind (`BadArg`); `error TIMEOUT after Ns` past
  the per-request `--timeout`; `error <Exception>: <message>` for any other
  failure of the peer (`answer_call`). tools/peers.sh declines UNSUPPORTED,
  PARSE and BADARG (spec/protocol.md, Differences).
- The operation table: name -> {arity: entry} (`lookup`), whose
  names `--list-ops` prints.
- The command line: `--timeout`, the adapter's own options, `--list-ops`
  and `--version` (`timeout_option`, `info_options`, `print_info`).
- Peers that kill their own process (the DSLs' C++ layers) run in a forked
  worker that the adapter restarts (`Worker`, `WorkerDriver`; a worker
  answering line by line and a driver asking a crashed request again alone:
  `line_worker`, `RetryingDriver`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import select
import signal
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cuteref_notation import Basis, Composed, Int, ParseError, Swz, Sym, Tup, Under, parse_request  # noqa: E402

NESTING = "error PARSE nesting too deep"   # a request nested deeper than Python's stack


class BadArg(Exception):
    """The request is well formed but an argument has the wrong kind."""


class Unsupported(Exception):
    """The peer has no such operation, overload or argument form."""


def refuse_new_forms(node, swizzles: str, under: bool = False) -> None:
    """Unsupported for the notation's forms an adapter does not map: a
    swizzle (`swizzles` says why), a composed layout, basis strides, a name,
    and `_` where `under`."""
    if isinstance(node, Swz):
        raise Unsupported(f"swizzles ({swizzles})")
    if isinstance(node, Composed):
        raise Unsupported("composed layouts (not mapped)")
    if isinstance(node, Basis):
        raise Unsupported("basis strides (not mapped)")
    if isinstance(node, Sym):
        raise Unsupported(f"the name {node.name}")
    if under and isinstance(node, Under):
        raise Unsupported("`_` (not mapped)")


class RequestTimeout(Exception):
    """A request ran past --timeout (raised by serve's SIGALRM handler)."""


# --------------------------------------------------------------------------
# Requests and answers
# --------------------------------------------------------------------------

def parse(line: str):
    """(call, None), or (None, the answer to a line that is no request)."""
    try:
        return parse_request(line), None
    except ParseError as e:
        return None, f"error PARSE {e}"
    except RecursionError:
        return None, NESTING


def lookup(ops: dict, call):
    """The entry of ops[name][arity]: no such name is UNSUPPORTED, no such
    arity BADARG.  The adapter calls the entry itself, `lookup(OPS,
    call)(call.args)`, so that a nested request's recursion takes no frame
    more than before the runtime was shared."""
    table = ops.get(call.name)
    if table is None:
        raise Unsupported(call.name)
    entry = table.get(len(call.args))
    if entry is None:
        arities = "/".join(str(k) for k in sorted(table))
        raise BadArg(f"{call.name} takes {arities} argument(s), got {len(call.args)}")
    return entry


def literal_inttuple(node, check=None):
    """An integer or IntTuple literal as a Python int or tuple; `check(node)`
    first, at every level, where the peer refuses more forms."""
    if check is not None:
        check(node)
    if isinstance(node, Int):
        return node.value
    if isinstance(node, Tup):
        return tuple(literal_inttuple(i, check) for i in node.items)
    raise BadArg(f"expected an integer or IntTuple, got {node}")


def one_line(text, limit: int = 0) -> str:
    """`text` on one line, white space folded; cut at `limit` (0: never)."""
    s = " ".join(str(text).split())
    return s if not limit or len(s) <= limit else s[:limit] + "..."


def where(exc: BaseException) -> str:
    """Where an exception was raised: `dir/file.py:line in function`."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return "unknown"
    f = frames[-1]
    parent = os.path.basename(os.path.dirname(f.filename))
    return f"{parent}/{os.path.basename(f.filename)}:{f.lineno} in {f.name}"


def message(e: Exception) -> str:
    """`Name: message` of a peer's failure; `(no message)` for none."""
    return f"{type(e).__name__}: {one_line(e) or '(no message)'}"


def message_or_where(e: Exception) -> str:
    """`Name: message`, or where it failed when it says nothing (pycute's
    asserts carry no text)."""
    return f"{type(e).__name__}: {one_line(e) or '(no message) at ' + where(e)}"


def declined(e: Exception) -> str:
    """The answer to an Unsupported or BadArg."""
    return f"error UNSUPPORTED {e}" if isinstance(e, Unsupported) else f"error BADARG {e}"


def answer_call(call, evaluate, format_value, failure=message) -> str:
    """`ok <value>` of a parsed request, or its error answer; never raises.
    failure(e) is the text after `error ` for any other exception."""
    try:
        return "ok " + format_value(evaluate(call))
    except (Unsupported, BadArg) as e:
        return declined(e)
    except Exception as e:  # noqa: BLE001 - every failure of the peer is an answer
        return "error " + failure(e)


def answer(line: str, evaluate, format_value, timeout: float = 0, failure=message) -> str:
    """Answer one request line within `timeout` seconds (0: no limit; the
    SIGALRM handler is serve's); never raises.  (answer_call's and parse's
    bodies are written out here: a frame less on the stack leaves as deep a
    request answerable as before the runtime was shared.)"""
    try:
        call = parse_request(line)
    except ParseError as e:
        return f"error PARSE {e}"
    except RecursionError:
        return NESTING
    if timeout > 0:
        signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        return "ok " + format_value(evaluate(call))
    except (Unsupported, BadArg) as e:
        return declined(e)
    except RequestTimeout:
        return f"error TIMEOUT after {timeout:g}s"
    except Exception as e:  # noqa: BLE001 - every failure of the peer is an answer
        return "error " + failure(e)
    finally:
        if timeout > 0:
            signal.setitimer(signal.ITIMER_REAL, 0)


# --------------------------------------------------------------------------
# Serving stdin
# --------------------------------------------------------------------------

def request_lines():
    """The request lines of stdin, without their line ends."""
    sys.stdin.reconfigure(encoding="utf-8", errors="replace")
    for raw in sys.stdin:
        yield raw.rstrip("\r\n")


# Python's stack for a request: the 10000 frames the adapters allowed when
# each had its own loop, and the frame of serve (or serve_batches) above it,
# so that the deepest request answered stays the same.
STACK_FRAMES = 10000 + 1


def serve(evaluate, format_value, timeout: float, failure=message) -> int:
    """Answer every stdin line in order, flushing after each answer."""
    if timeout > 0:
        def on_alarm(signum, frame):
            raise RequestTimeout(timeout)
        signal.signal(signal.SIGALRM, on_alarm)
    sys.setrecursionlimit(STACK_FRAMES)
    out = sys.stdout
    for line in request_lines():
        out.write(answer(line, evaluate, format_value, timeout, failure) + "\n")
        out.flush()
    return 0


@contextlib.contextmanager
def quiet_end():
    """Around main: a reader that went away (BrokenPipeError) ends the
    adapter with status 0 (a context, not a call: no frame on the stack)."""
    try:
        yield
    except BrokenPipeError:
        try:
            sys.stdout.close()
        except Exception:  # noqa: BLE001
            pass
        sys.exit(0)


# --------------------------------------------------------------------------
# The command line
# --------------------------------------------------------------------------

TIMEOUT_HELP = "seconds allowed per request before answering 'error TIMEOUT' (0 = none; default %g)"


def timeout_option(ap: argparse.ArgumentParser, default: float = 10.0, help: str = TIMEOUT_HELP):
    ap.add_argument("--timeout", type=float, default=default, help=help % default)


def worker_options(ap: argparse.ArgumentParser, batch_max: int) -> argparse.ArgumentParser:
    """--timeout, --batch and --stats of an adapter that answers through a
    RetryingDriver's worker process."""
    timeout_option(ap, 30.0, "seconds the worker may stay silent before it is killed (0 = none; default %g)")
    ap.add_argument("--batch", type=int, default=batch_max, metavar="N",
                    help=f"at most N requests handed to the worker at once (default {batch_max})")
    ap.add_argument("--stats", action="store_true", help="report worker starts and crashes on stderr at exit")
    return ap


def info_options(ap: argparse.ArgumentParser, version_help: str) -> argparse.ArgumentParser:
    ap.add_argument("--list-ops", action="store_true",
                    help="print the operations this adapter passes on (comma-separated) and exit")
    ap.add_argument("--version", action="store_true", help=version_help)
    return ap


def print_info(args, ops, version) -> bool:
    """Answer --list-ops (the names of ops) or --version (version(), a
    line); True when one was asked."""
    if args.list_ops:
        print(",".join(ops))
        return True
    if args.version:
        print(version())
        return True
    return False


def dist_version(dist: str) -> str:
    """The installed version of a pip distribution, or `unknown`."""
    try:
        from importlib.metadata import version
        return version(dist)
    except Exception:  # noqa: BLE001
        return "unknown"


# --------------------------------------------------------------------------
# A forked worker for peers that may kill their process
# --------------------------------------------------------------------------

class Worker:
    """A child forked from this process running loop(rfd, wfd): it reads
    batches ('N\\n' then N lines) and writes one message line per answer."""

    def __init__(self, loop):
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(to_w)
                os.close(from_r)
                os.dup2(2, 1)   # stray prints of the peer must not reach the protocol stream
                signal.signal(signal.SIGPIPE, signal.SIG_DFL)
                loop(to_r, from_w)
            finally:
                os._exit(0)
        os.close(to_r)
        os.close(from_w)
        self.pid, self.to, self.frm, self.buf = pid, to_w, from_r, b""

    def send(self, lines):
        data = ("%d\n" % len(lines) + "".join(line + "\n" for line in lines)).encode("utf-8", "replace")
        while data:
            data = data[os.write(self.to, data):]

    def read(self, timeout: float):
        """(message line, None), or (None, 'hung' | 'died')."""
        deadline = time.monotonic() + timeout if timeout > 0 else None
        while b"\n" not in self.buf:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            r, _, _ = select.select([self.frm], [], [], wait)
            if not r:
                return None, "hung"
            chunk = os.read(self.frm, 65536)
            if not chunk:
                return None, "died"
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode("utf-8", "replace"), None

    def end(self, kill: bool) -> str:
        """Stop the worker; returns how it ended (e.g. SIGFPE)."""
        for fd in (self.to, self.frm):
            try:
                os.close(fd)
            except OSError:
                pass
        if kill:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except OSError:
                pass
        _, status = os.waitpid(self.pid, 0)
        if os.WIFSIGNALED(status):
            try:
                return signal.Signals(os.WTERMSIG(status)).name
            except ValueError:
                return "signal %d" % os.WTERMSIG(status)
        return "exit %d" % os.WEXITSTATUS(status)


class WorkerDriver:
    """Keeps one Worker running `loop`; a subclass's answer_lines(lines)
    gives one answer per line, in order, whatever the worker does (it starts
    the worker itself, `Worker(self.loop)`: the worker's stack holds no
    frame more than before the runtime was shared)."""

    def __init__(self, timeout: float, loop):
        self.timeout = timeout
        self.loop = loop
        self.worker = None
        self.crashes = []      # (request, how)
        self.starts = 0

    def kill(self) -> str:
        how = self.worker.end(kill=True)
        self.worker = None
        return how

    def close(self):
        if self.worker is not None:
            try:
                os.close(self.worker.to)   # EOF: the worker leaves its loop
                self.worker.to = -1
            except OSError:
                pass
            self.worker.end(kill=False)
            self.worker = None


def read_available(fd: int, buf: bytes, limit: int):
    """Block for at least one line, then take every complete line already
    available (at most `limit`).  Returns (lines, rest, eof)."""
    eof = False
    while True:
        if buf.count(b"\n") >= limit:
            break
        wait = 0.0 if b"\n" in buf else None
        r, _, _ = select.select([fd], [], [], wait)
        if not r:
            break
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            eof = True
            break
        buf += chunk
    parts = buf.split(b"\n")
    rest = parts.pop()
    if eof and rest:
        parts.append(rest)
        rest = b""
    lines = [p.decode("utf-8", "replace").rstrip("\r") for p in parts[:limit]]
    rest = b"\n".join(parts[limit:] + [rest]) if len(parts) > limit else rest
    return lines, rest, eof and not rest


def serve_batches(driver: WorkerDriver, batch: int, name: str, stats: bool) -> int:
    """Answer stdin through `driver`, the lines available at once (at most
    `batch`) together, in order; with `stats`, worker starts and crashes on
    stderr at the end, under `[name]`."""
    sys.setrecursionlimit(STACK_FRAMES)
    fd = sys.stdin.fileno()
    buf = b""
    t0 = time.monotonic()
    n = 0
    eof = False
    try:
        while not eof:
            lines, buf, eof = read_available(fd, buf, max(1, batch))
            if not lines:
                continue
            n += len(lines)
            sys.stdout.write("".join(a + "\n" for a in driver.answer_lines(lines)))
            sys.stdout.flush()
    finally:
        driver.close()
    if stats:
        sys.stderr.write(f"[{name}] {n} request(s) in {time.monotonic() - t0:.2f}s; "
                         f"{driver.starts} worker start(s), {len(driver.crashes)} crash(es)\n")
        for req, how in driver.crashes:
            sys.stderr.write(f"[{name}] crash {how}: {req}\n")
    return 0


# --------------------------------------------------------------------------
# A worker that answers line by line, and its driver that asks a request
# again alone after a crash (tilelang's and Triton's adapters)
# --------------------------------------------------------------------------

def line_worker(answer_line):
    """A Worker loop that answers each request line of a batch with
    answer_line(line) and writes `i answer` as soon as it has it, so that
    the driver knows which request a crash stopped at."""
    def loop(rfd: int, wfd: int) -> None:
        rf = os.fdopen(rfd, "r", encoding="utf-8", errors="replace")
        while True:
            head = rf.readline()
            if not head:
                return
            for i in range(int(head)):
                line = rf.readline().rstrip("\n")
                os.write(wfd, f"{i} {answer_line(line)}\n".encode("utf-8", "replace"))
    return loop


class RetryingDriver(WorkerDriver):
    """Answers a batch through one worker; when the worker dies or hangs,
    the request it was on is asked again alone in a fresh worker, and if
    that dies too its answer is `error CRASH <signal>` (`error TIMEOUT` for
    a hang); the rest of the batch goes on in a fresh worker."""

    def _on_start(self):
        """Called before a fresh worker starts (a subclass may reset a log)."""

    def _crash_detail(self):
        """Words added after `error CRASH <signal>` (a subclass may read the
        worker's last message, e.g. a failed assert); '' for none."""
        return ""

    def _run(self, lines):
        """({index: answer}, failure): failure is None, or (why, how) when
        the worker died or hung on the first unanswered line."""
        if self.worker is None:
            self._on_start()
            self.worker = Worker(self.loop)
            self.starts += 1
        got = {}
        try:
            self.worker.send(lines)
        except BrokenPipeError:
            pass
        while len(got) < len(lines):
            msg, why = self.worker.read(self.timeout)
            if msg is None:
                return got, (why, self.kill())
            idx, _, text = msg.partition(" ")
            got[int(idx)] = text
        return got, None

    def answer_lines(self, lines):
        answers = [None] * len(lines)
        start = 0
        while start < len(lines):
            got, failure = self._run(lines[start:])
            for k, text in got.items():
                answers[start + k] = text
            if failure is None:
                break
            bad = start + len(got)            # the worker answers in order
            again, failure = self._run([lines[bad]])
            if failure is None:
                answers[bad] = again[0]
            elif failure[0] == "hung":
                answers[bad] = f"error TIMEOUT no answer in {self.timeout:g}s"
            else:
                self.crashes.append((lines[bad], failure[1]))
                word = self._crash_detail()
                answers[bad] = f"error CRASH {failure[1]}" + (f" {word}" if word else "")
            start = bad + 1
        return answers
