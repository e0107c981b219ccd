"""C11 wrappers: the project's C flags, applied per target (not via .bazelrc)."""

C_OPTS = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-O2"]

def ct_library(copts = [], **kwargs):
    native.cc_library(copts = C_OPTS + copts, **kwargs)

def ct_binary(copts = [], **kwargs):
    native.cc_binary(copts = C_OPTS + copts, **kwargs)

def ct_test(copts = [], **kwargs):
    native.cc_test(copts = C_OPTS + copts, **kwargs)

# The mutant build of the code outside ref/ (judge/, props/, the CLI;
# mutants/README.md). A mutant of an inline function of a ref/ header must
# reach every caller, not only ref/'s own files, which include the mutated
# copies beside them: these copts include the mutated copies first, and
# their include guards then skip the originals. They come before a file's
# own lines, so the POSIX level that some files define comes first too.
MUTATED_INLINE_HDRS = ["layout.h", "swizzle.h", "composed.h"]

MUTANT_COPTS = ["-D_POSIX_C_SOURCE=200809L", "-include", "mutants/ct_mutant.h"] + [
    flag
    for h in MUTATED_INLINE_HDRS
    for flag in ["-include", "$(GENDIR)/ref/mutated/" + h]
]
