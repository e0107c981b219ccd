"""pip install --no-build-isolation ./python: the cuteref module with its own
libcuteref.so, compiled from this repository by `make` with the system's C
compiler. Nothing is downloaded: setuptools (and wheel) are the installed
ones, hence --no-build-isolation (pip 23 on Debian 12 also works without)."""
import os
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


class BuildWithLibrary(build_py):
    """Builds build/libcuteref.so at the repository root and ships it in the package."""

    def run(self):
        super().run()
        if not os.path.exists(os.path.join(ROOT, "Makefile")):
            raise SystemExit("cuteref: build from the repository (pip install ./python there); "
                             "%s has no Makefile" % ROOT)
        jobs = str(max(1, min(os.cpu_count() or 1, 8)))
        subprocess.check_call(["make", "-C", ROOT, "-j" + jobs, "build/libcuteref.so"])
        target = os.path.join(self.build_lib, "cuteref")
        os.makedirs(target, exist_ok=True)
        shutil.copy2(os.path.join(ROOT, "build", "libcuteref.so"), os.path.join(target, "libcuteref.so"))


class BinaryDistribution(Distribution):
    def has_ext_modules(self):  # a platform wheel: the package holds a shared library
        return True


setup(
    name="cuteref",
    version="1.0.0",
    description="The executable specification of the CuTe layout algebra (ctypes over libcuteref)",
    packages=["cuteref"],
    python_requires=">=3.7",
    cmdclass={"build_py": BuildWithLibrary},
    distclass=BinaryDistribution,
    zip_safe=False,
)
