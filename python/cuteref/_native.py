"""ctypes bindings of libcuteref.so (include/cuteref.h, spec/api.md)."""
import ctypes
import ctypes.util
import os

API_VERSION = 1  # CUTEREF_API_VERSION of the header these bindings follow
REQUEST_CAP = 4096  # CUTEREF_REQUEST_CAP: any generated request or candidate fits


class CError(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("pos", ctypes.c_int),
                ("name", ctypes.c_char * 32), ("message", ctypes.c_char * 256)]


class CJudgement(ctypes.Structure):
    _fields_ = [("verdict", ctypes.c_char * 32), ("id", ctypes.c_char * 48),
                ("post_id", ctypes.c_char * 48), ("why", ctypes.c_char * 320),
                ("expected", ctypes.c_char * 4096)]


def _candidates():
    here = os.path.dirname(os.path.abspath(__file__))
    env = os.environ.get("CUTEREF_LIBRARY")
    if env:
        return [env]  # named explicitly: that one or none
    found = [os.path.join(here, "libcuteref.so"),                           # pip install ./python
             os.path.join(here, os.pardir, os.pardir, "build", "libcuteref.so")]  # the source tree after make
    system = ctypes.util.find_library("cuteref")                           # make install
    if system:
        found.append(system)
    return found


def _load():
    tried = []
    for path in _candidates():
        if os.path.sep in path and not os.path.exists(path):
            tried.append(path + " (missing)")
            continue
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
    raise ImportError("cuteref: libcuteref.so not found; run `make` at the repository root, "
                      "`pip install --no-build-isolation ./python`, or set CUTEREF_LIBRARY. Tried: "
                      + "; ".join(tried))


lib = _load()

_P = ctypes.c_void_p
_S = ctypes.c_char_p
_I = ctypes.c_int
_I64 = ctypes.c_int64
_N = ctypes.c_size_t
_ERR = ctypes.POINTER(CError)

for _name, _res, _args in [
    ("cuteref_api_version", _I, []),
    ("cuteref_version", _S, []),
    ("cuteref_vectors_version", _I, []),
    ("cuteref_code_name", _S, [_I]),
    ("cuteref_code_summary", _S, [_I]),
    ("cuteref_code_by_name", _I, [_S]),
    ("cuteref_num_codes", _I, []),
    ("cuteref_eval", _P, [_S, _ERR]),
    ("cuteref_answer", _P, [_S]),
    ("cuteref_free_string", None, [_P]),
    ("cuteref_value_parse", _I, [_S, ctypes.POINTER(_P), _ERR]),
    ("cuteref_value_free", None, [_P]),
    ("cuteref_value_str", _P, [_P]),
    ("cuteref_value_kind", _I, [_P]),
    ("cuteref_value_int", _I, [_P, ctypes.POINTER(_I64)]),
    ("cuteref_value_equivalent", _I, [_P, _P]),
    ("cuteref_call", _I, [_S, ctypes.POINTER(_P), _I, ctypes.POINTER(_P), _ERR]),
    ("cuteref_num_ops", _I, []),
    ("cuteref_op_name", _S, [_I]),
    ("cuteref_op_synopsis", _S, [_I]),
    ("cuteref_layout_at", _I, [_P, _I64, ctypes.POINTER(_I64), _ERR]),
    ("cuteref_judge", _I, [_S, _S, _I, ctypes.POINTER(CJudgement)]),
    # with lengths: Python strings may hold NUL bytes, which a C string would
    # end at silently (issue 44)
    ("cuteref_eval_n", _P, [_S, _N, _ERR]),
    ("cuteref_answer_n", _P, [_S, _N]),
    ("cuteref_value_parse_n", _I, [_S, _N, ctypes.POINTER(_P), _ERR]),
    ("cuteref_judge_n", _I, [_S, _N, _S, _N, _I, ctypes.POINTER(CJudgement)]),
    # generated cases and shrinking (issue 39): conform's generators and edits
    ("cuteref_case", _I, [_S, ctypes.c_uint64, ctypes.c_uint64, _S, _N, ctypes.POINTER(_S), _ERR]),
    ("cuteref_shrink_candidate", _I, [_S, _I, _S, _N, _ERR]),
]:
    try:
        _f = getattr(lib, _name)
    except AttributeError:
        raise ImportError("cuteref: the library lacks %s (older than these bindings); rebuild it with `make`"
                          % _name)
    _f.restype = _res
    _f.argtypes = _args

if lib.cuteref_api_version() != API_VERSION:
    raise ImportError("cuteref: the library has API version %d, these bindings expect %d"
                      % (lib.cuteref_api_version(), API_VERSION))


def take_string(ptr):
    """The text of a char * the library returned, freed."""
    if not ptr:
        return None
    try:
        return ctypes.string_at(ptr).decode("utf-8")
    finally:
        lib.cuteref_free_string(ptr)
