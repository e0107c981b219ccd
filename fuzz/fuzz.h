/* fuzz.h -- what the fuzz targets of fuzz/ share (docs/data/fuzzing.md).
 *
 * Each target is one LLVMFuzzerTestOneInput. It is linked either with
 * libFuzzer (fuzz/build.sh, clang -fsanitize=fuzzer) or with the plain
 * replay driver replay_main.c, which feeds it every file of a corpus (the
 * Bazel tests, and machines without libFuzzer). A broken invariant calls
 * fz_fail, which aborts: libFuzzer and the sanitizers report it as a crash. */
#ifndef CT_FUZZ_H
#define CT_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A NUL-terminated copy of the input (malloc'd; embedded NULs stay and end
 * the C string early, as they would for any C caller). */
char *fz_cstr(const uint8_t *data, size_t size);

/* Prints "fuzz invariant broken: ..." on stderr and aborts. */
void fz_fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2), noreturn))
#endif
    ;

/* 1 if s is printable ASCII (0x20..0x7e) throughout: what the line
 * protocol allows in an answer or an error message. */
int fz_printable(const char *s);

#endif
