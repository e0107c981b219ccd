/* cuteref.h -- the C API of cuteref, the executable specification of the
 * CuTe layout algebra (spec/api.md). Build: `make` (build/libcuteref.a,
 * build/libcuteref.so); link with -lcuteref.
 *
 *   char *s = cuteref_eval("composition((6,2):(8,2), (4,3):(3,1))", &err);
 *   // s == "((2,2),3):((24,2),8)"; cuteref_free_string(s);
 *
 * Values are opaque handles (cuteref_value); text is CuTe's notation
 * (spec/notation.md). Every function that can fail returns CUTEREF_OK (0)
 * or a spec error code (cuteref_code_name: "STRIDE_DIVISIBILITY", ...)
 * and fills a cuteref_error when one is given. Strings returned as char *
 * are the caller's, freed with cuteref_free_string. Any thread may call any
 * function: those that evaluate or judge take one internal lock, the others
 * touch only their arguments. Append only: a
 * function, once here, keeps its signature and meaning within an API
 * version (CUTEREF_API_VERSION). */
#ifndef CUTEREF_H
#define CUTEREF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define CUTEREF_API __attribute__((visibility("default")))
#else
#define CUTEREF_API
#endif

#define CUTEREF_API_VERSION 1

/* ---- version ---------------------------------------------------------------- */

/* CUTEREF_API_VERSION of the library (compare with the header's). */
CUTEREF_API int cuteref_api_version(void);
/* "cuteref API 1, conformance vectors version N" (static storage). */
CUTEREF_API const char *cuteref_version(void);
/* The version of spec/vectors/ the library was built with (0: unknown). */
CUTEREF_API int cuteref_vectors_version(void);

/* ---- errors (spec/index.md, "Error codes") ------------------------------------ */

#define CUTEREF_OK 0

typedef struct {
  int code;          /* CUTEREF_OK or a spec error code */
  int pos;           /* byte offset into the text evaluated, or -1 */
  char name[32];     /* the code's name: "OK", "STRIDE_DIVISIBILITY", ... */
  char message[256]; /* what was wrong, in words */
} cuteref_error;

/* The name of a code ("STRIDE_DIVISIBILITY"), or NULL for no code. Codes
 * are numbered 0 (OK) to cuteref_num_codes() - 1 and never renumbered. */
CUTEREF_API const char *cuteref_code_name(int code);
/* One line on what the code means, or NULL. */
CUTEREF_API const char *cuteref_code_summary(int code);
/* The code of a name, or -1. */
CUTEREF_API int cuteref_code_by_name(const char *name);
CUTEREF_API int cuteref_num_codes(void);

/* ---- text in, text out ---------------------------------------------------------- */

/* Evaluates an expression (spec/expressions.md) and returns its result in
 * canonical notation, or NULL with err filled. */
CUTEREF_API char *cuteref_eval(const char *expr, cuteref_error *err);
/* One line of the protocol (spec/protocol.md): "ok <result>" or
 * "error <CODE> <message>", exactly what `cuteref eval -` answers. Never
 * NULL unless memory runs out. */
CUTEREF_API char *cuteref_answer(const char *request);
CUTEREF_API void cuteref_free_string(char *s);

/* The same with the text's length, for callers whose strings may hold a NUL
 * byte (Python's): a NUL anywhere in the len bytes is rejected as `cuteref
 * eval -` rejects it, PARSE_EXPECTED "a NUL byte at byte N" (err->pos N),
 * where a C string would end there and the rest go unread. */
CUTEREF_API char *cuteref_eval_n(const char *expr, size_t len, cuteref_error *err);
CUTEREF_API char *cuteref_answer_n(const char *request, size_t len);

/* ---- values --------------------------------------------------------------------- */

typedef struct cuteref_value cuteref_value;

enum {
  CUTEREF_INTTUPLE, /* an IntTuple; an integer is one of depth 0 */
  CUTEREF_LAYOUT,
  CUTEREF_TILER,
  CUTEREF_BOOL,
  CUTEREF_SYMBOL,   /* a bare name: LayoutLeft, LayoutRight */
  CUTEREF_OTHER     /* a kind this version of the header does not name */
};

/* The value of a literal or of any expression: "(4,2):(1,4)", "8",
 * "(4,(2,3))", "<3:4,_>", "coalesce((2,4):(1,2))". *out is the caller's
 * (cuteref_value_free). */
CUTEREF_API int cuteref_value_parse(const char *text, cuteref_value **out, cuteref_error *err);
/* The same with the text's length (a NUL inside: PARSE_EXPECTED, as above). */
CUTEREF_API int cuteref_value_parse_n(const char *text, size_t len, cuteref_value **out, cuteref_error *err);
CUTEREF_API void cuteref_value_free(cuteref_value *v);
/* Canonical notation (parse(print(v)) == v), the caller's. */
CUTEREF_API char *cuteref_value_str(const cuteref_value *v);
/* The same into buf (at most cap-1 characters and a NUL); returns the
 * length the whole text needs, like snprintf. */
CUTEREF_API int cuteref_value_print(const cuteref_value *v, char *buf, size_t cap);
CUTEREF_API int cuteref_value_kind(const cuteref_value *v);
/* 1 and *out set when v is an integer (an IntTuple of depth 0) or a
 * boolean (0 or 1); 0 otherwise. */
CUTEREF_API int cuteref_value_int(const cuteref_value *v, int64_t *out);
/* 1 when a and b are equal as values: layouts the same function with
 * compatible shapes (EQUIV-2), the rest the same tree; static marks never
 * matter. */
CUTEREF_API int cuteref_value_equivalent(const cuteref_value *a, const cuteref_value *b);

/* ---- operations ------------------------------------------------------------------- */

/* Calls an operation by name, as `cuteref eval --list` lists them; the name
 * may carry template arguments ("size<0>", "upcast<2>", "layout<1,0>"). */
CUTEREF_API int cuteref_call(const char *op, const cuteref_value *const *args, int nargs, cuteref_value **out,
                             cuteref_error *err);
/* The operations: names and synopses (static storage), k in [0, n). */
CUTEREF_API int cuteref_num_ops(void);
CUTEREF_API const char *cuteref_op_name(int k);
CUTEREF_API const char *cuteref_op_synopsis(int k);

/* L(i) for an integer index i: the offset. */
CUTEREF_API int cuteref_layout_at(const cuteref_value *L, int64_t i, int64_t *out, cuteref_error *err);

/* Typed wrappers of cuteref_call (spec/<operation>.md). */
CUTEREF_API int cuteref_size(const cuteref_value *a, int64_t *out, cuteref_error *err);
CUTEREF_API int cuteref_cosize(const cuteref_value *a, int64_t *out, cuteref_error *err);
CUTEREF_API int cuteref_coalesce(const cuteref_value *a, cuteref_value **out, cuteref_error *err);
CUTEREF_API int cuteref_composition(const cuteref_value *a, const cuteref_value *b, cuteref_value **out,
                                    cuteref_error *err);
/* cotarget may be NULL (complement(a)). */
CUTEREF_API int cuteref_complement(const cuteref_value *a, const cuteref_value *cotarget, cuteref_value **out,
                                   cuteref_error *err);
CUTEREF_API int cuteref_right_inverse(const cuteref_value *a, cuteref_value **out, cuteref_error *err);
CUTEREF_API int cuteref_left_inverse(const cuteref_value *a, cuteref_value **out, cuteref_error *err);
CUTEREF_API int cuteref_logical_divide(const cuteref_value *a, const cuteref_value *tiler, cuteref_value **out,
                                       cuteref_error *err);
CUTEREF_API int cuteref_zipped_divide(const cuteref_value *a, const cuteref_value *tiler, cuteref_value **out,
                                      cuteref_error *err);
CUTEREF_API int cuteref_tiled_divide(const cuteref_value *a, const cuteref_value *tiler, cuteref_value **out,
                                     cuteref_error *err);
CUTEREF_API int cuteref_flat_divide(const cuteref_value *a, const cuteref_value *tiler, cuteref_value **out,
                                    cuteref_error *err);
CUTEREF_API int cuteref_logical_product(const cuteref_value *a, const cuteref_value *b, cuteref_value **out,
                                        cuteref_error *err);
CUTEREF_API int cuteref_zipped_product(const cuteref_value *a, const cuteref_value *b, cuteref_value **out,
                                       cuteref_error *err);
CUTEREF_API int cuteref_tiled_product(const cuteref_value *a, const cuteref_value *b, cuteref_value **out,
                                      cuteref_error *err);
CUTEREF_API int cuteref_flat_product(const cuteref_value *a, const cuteref_value *b, cuteref_value **out,
                                     cuteref_error *err);
CUTEREF_API int cuteref_blocked_product(const cuteref_value *a, const cuteref_value *b, cuteref_value **out,
                                        cuteref_error *err);
CUTEREF_API int cuteref_raked_product(const cuteref_value *a, const cuteref_value *b, cuteref_value **out,
                                      cuteref_error *err);

/* ---- the conformance judge (spec/protocol.md, "Judging") ----------------------- */

#define CUTEREF_JUDGE_STRICT 1 /* exact text: marks, size-1 modes and error codes count */

typedef struct {
  char verdict[32];    /* "conforming", "wrong_result", "wrong_rejection",
                          "accepted_inadmissible", "unsupported", "malformed" */
  char id[48];         /* the spec ID violated: "COMP-2", "EQUIV-2", "LAYOUT-WF",
                          "composition!NOT_DISJOINT" (a precondition),
                          "composition!OK" (no precondition rejects it); "" if none */
  char post_id[48];    /* accepted inadmissible: the post-condition the answer violates, or "" */
  char why[320];       /* in words */
  char expected[4096]; /* the reference's outcome: "ok <value>" or "error <CODE>" */
} cuteref_judgement;

/* Judges an implementation's answer line ("ok <value>" or "error <CODE> ...")
 * to a request, as `cuteref conform` does, with the same code. Returns 1
 * conforming, 0 not (j says why); j may be NULL. flags: 0 or
 * CUTEREF_JUDGE_STRICT. */
CUTEREF_API int cuteref_judge(const char *request, const char *answer, int flags, cuteref_judgement *j);
/* The same with lengths (answer NULL: no answer). An answer line holding a
 * NUL byte is malformed, as `cuteref conform` reads it; a request holding
 * one is no request (`cuteref eval -` rejects it): verdict malformed,
 * expected "error PARSE_EXPECTED", returns 0. */
CUTEREF_API int cuteref_judge_n(const char *request, size_t request_len, const char *answer, size_t answer_len,
                                int flags, cuteref_judgement *j);

/* ---- generated cases and shrinking (spec/api.md, "Cases") ------------------------ */

/* A buffer of this many bytes holds any request the two functions below
 * write (conform's longest request). */
#define CUTEREF_REQUEST_CAP 4096

/* Request number `index` that `cuteref conform --random N --seed S` draws
 * for the operation op (a name of cuteref_op_name, without template
 * arguments): the operation's generators in turn, request i from generator
 * i % G at its position i / G, the same text for the same (op, seed, index)
 * on every platform. buf (cap bytes) gets the request; *generator (may be
 * NULL) the generator's name, static storage ("composition/admissible").
 * Returns CUTEREF_OK, UNKNOWN_FUNCTION for a name that is no operation
 * (the message names the nearest), ARG_TYPE for an operation with no
 * generator, CAPACITY when the request does not fit in cap bytes (the
 * message says how many it needs). */
CUTEREF_API int cuteref_case(const char *op, uint64_t seed, uint64_t index, char *buf, size_t cap,
                             const char **generator, cuteref_error *err);
/* Candidate k (0, 1, ...) of shrinking a request, the edits `cuteref
 * conform` shrinks a disagreement with, coarse to fine: into buf, returning
 * its length (> 0); 0 when the request has no candidate k (k past the last,
 * k < 0, or a request that is no call of literal arguments); -1 with err
 * filled for a NULL request or buf (ARG_TYPE) or a candidate longer than
 * cap - 1 bytes (CAPACITY). */
CUTEREF_API int cuteref_shrink_candidate(const char *request, int k, char *buf, size_t cap, cuteref_error *err);

#ifdef __cplusplus
}
#endif

#endif
