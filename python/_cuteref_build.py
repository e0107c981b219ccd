"""The build backend of `pip install ./python` (PEP 517), in the standard
library alone, so that any CPython >= 3.7 environment (venv, pyenv, uv,
conda, Debian's) installs cuteref without network and without setuptools or
wheel (issue 39: `--no-build-isolation` failed in a pyenv 3.11 venv with
"invalid command 'bdist_wheel'").

The wheel holds the pure-Python package, libcuteref.so, which `make`
builds at the repository root with the system's C compiler, and the
conformance vectors (cuteref/vectors/, for cuteref.vectors()). It is tagged
py3-none-<platform>: the library is loaded with ctypes, so no Python ABI is
involved."""
import base64
import hashlib
import os
import subprocess
import sysconfig
import zipfile

NAME = "cuteref"
VERSION = "1.0.0"
SUMMARY = "The executable specification of the CuTe layout algebra (ctypes over libcuteref)"
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def _metadata():
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\nRequires-Python: >=3.7\n"
            % (NAME, VERSION, SUMMARY))


def _tag():
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "py3-none-%s" % plat


def _library():
    """Builds build/libcuteref.so with make; its path."""
    if not os.path.exists(os.path.join(ROOT, "Makefile")):
        raise SystemExit("cuteref: build from the repository (pip install ./python there); %s has no Makefile" % ROOT)
    jobs = str(max(1, min(os.cpu_count() or 1, 8)))
    subprocess.check_call(["make", "-C", ROOT, "-j" + jobs, "build/libcuteref.so"])
    return os.path.join(ROOT, "build", "libcuteref.so")


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (arcname, digest, len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = "%s-%s.dist-info" % (NAME, VERSION)
    os.makedirs(os.path.join(metadata_directory, info), exist_ok=True)
    with open(os.path.join(metadata_directory, info, "METADATA"), "w") as f:
        f.write(_metadata())
    return info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    tag = _tag()
    info = "%s-%s.dist-info" % (NAME, VERSION)
    files = []
    pkg = os.path.join(HERE, NAME)
    for name in sorted(os.listdir(pkg)):
        if name.endswith(".py"):
            with open(os.path.join(pkg, name), "rb") as f:
                files.append(("%s/%s" % (NAME, name), f.read()))
    with open(_library(), "rb") as f:
        files.append(("%s/libcuteref.so" % NAME, f.read()))
    vec = os.path.join(ROOT, "spec", "vectors")  # cuteref.vectors() from anywhere (issue 39)
    for name in sorted(os.listdir(vec)):
        if name.endswith(".txt") or name == "VERSION":
            with open(os.path.join(vec, name), "rb") as f:
                files.append(("%s/vectors/%s" % (NAME, name), f.read()))
    files.append(("%s/METADATA" % info, _metadata().encode()))
    files.append(("%s/WHEEL" % info,
                  ("Wheel-Version: 1.0\nGenerator: cuteref (python/_cuteref_build.py)\nRoot-Is-Purelib: false\n"
                   "Tag: %s\n" % tag).encode()))
    record = [_record_line(a, d) for a, d in files] + ["%s/RECORD,," % info]
    files.append(("%s/RECORD" % info, ("\n".join(record) + "\n").encode()))
    wheel = "%s-%s-%s.whl" % (NAME, VERSION, tag)
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel), "w", zipfile.ZIP_DEFLATED) as z:
        for arcname, data in files:
            info_ = zipfile.ZipInfo(arcname, date_time=(2026, 1, 1, 0, 0, 0))
            info_.external_attr = (0o755 if arcname.endswith(".so") else 0o644) << 16
            info_.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info_, data)
    return wheel
