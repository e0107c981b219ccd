"""C11 wrappers: the project's C flags, applied per target (not via .bazelrc)."""

C_OPTS = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-O2"]

def ct_library(copts = [], **kwargs):
    native.cc_library(copts = C_OPTS + copts, **kwargs)

def ct_binary(copts = [], **kwargs):
    native.cc_binary(copts = C_OPTS + copts, **kwargs)

def ct_test(copts = [], **kwargs):
    native.cc_test(copts = C_OPTS + copts, **kwargs)
