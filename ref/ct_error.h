/* ct_error.h -- the error model (spec/index.md, "Error codes").
 *
 * Every fallible function returns a ct_code (CT_OK == 0) and fills a ct_err.
 * Nothing in ref/ aborts, prints or keeps global state: the caller decides. */
#ifndef CT_ERROR_H
#define CT_ERROR_H

#include "ct_port.h"

/* X-macro: NAME, summary. The NAME is the stable code printed by the tool and
 * used in spec examples ("! NAME"). Append only: codes are part of the
 * conformance format. */
#define CT_ERROR_CODES(X)                                                      \
  X(OK, "no error")                                                            \
  /* notation */                                                               \
  X(PARSE_EMPTY, "empty input")                                                \
  X(PARSE_EXPECTED, "unexpected character")                                    \
  X(PARSE_UNBALANCED, "unbalanced brackets")                                   \
  X(PARSE_TRAILING, "trailing characters after a complete input")              \
  X(SHAPE_NOT_POSITIVE, "a shape entry is zero or negative")                   \
  X(NOT_CONGRUENT, "shape and stride do not have the same nesting")            \
  X(DEPTH_LIMIT, "nesting deeper than CT_MAX_DEPTH")                           \
  X(RANK_LIMIT, "a tuple with more than CT_MAX_RANK elements")                 \
  X(CAPACITY, "more than CT_MAX_NODES integers and tuples")                    \
  X(OVERFLOW, "a 64-bit signed integer overflowed")                            \
  /* evaluation */                                                             \
  X(UNKNOWN_FUNCTION, "no operation of that name")                             \
  X(ARITY, "wrong number of arguments")                                        \
  X(ARG_TYPE, "an argument has the wrong kind")                                \
  X(INDEX_OUT_OF_RANGE, "a mode index is out of range")                        \
  X(COORD_MISMATCH, "a coordinate does not fit the shape")                     \
  X(COORD_OUT_OF_RANGE, "a coordinate or index is out of its domain")          \
  X(EXPR_DEPTH, "expression nested too deeply")                                \
  X(DIVISION_BY_ZERO, "division by zero")                                      \
  /* algebra (spec/<operation>.md) */                                          \
  X(STRIDE_DIVISIBILITY, "composition: stride divisibility violated")          \
  X(SHAPE_DIVISIBILITY, "composition: shape divisibility violated")            \
  X(NOT_DISJOINT, "composition: modes of B overlap in A")                      \
  X(NOT_INJECTIVE, "the layout is not injective")                              \
  X(NOT_COMPLEMENTABLE, "complement: no ordered complement exists")            \
  X(NOT_DIVISIBLE, "a divisibility precondition is violated")                  \
  X(BAD_PROFILE, "a profile or order does not match the layout")               \
  X(TOO_MANY_MODES, "the tiler has more modes than the layout")                \
  X(NEGATIVE_STRIDE, "the operation is not defined for negative strides")      \
  X(UNIT_STRIDE, "downcast: not exactly one mode of stride 1 or -1")          \
  X(BASIS_MISMATCH, "basis strides that do not add up in one codomain")      \
  X(UNDECIDED, "a bounded search ended without a decision") \
  /* swizzles (spec/swizzle.md) */                                             \
  X(BAD_SWIZZLE, "a swizzle's parameters or masks are not CuTe's Sw<B,M,S>") \
  /* two shapes (spec/refine.md) */                                             \
  X(NO_COMMON_REFINEMENT, "two shapes have no common refinement")               \
  X(SIZE_MISMATCH, "two shapes of different sizes")                            \
  X(NOT_STATIC, "a value that the operation reads as static is dynamic")       \
  /* answers the post-conditions fix as a function (spec/inverse.md, RECOG) */ \
  X(NO_LAYOUT, "the function the post-conditions fix is no layout's")         \
  /* the evaluator's work budget (spec/expressions.md, EXPR-BUDGET) */         \
  X(WORK_LIMIT, "a request applies more than 1024 operations or visits more than 2^26 indices") \
  /* spec/linear.md */                                                          \
  X(NOT_LINEAR, "the layout is no linear layout over F2")                   \
  /* spec/tiled_copy.md */                                                     \
  X(NOT_IN_DATA, "a thread-value layout points to memory the data layout does not hold")

typedef enum {
#define CT_X_ENUM(name, text) CT_##name,
  CT_ERROR_CODES(CT_X_ENUM)
#undef CT_X_ENUM
  CT_NUM_CODES
} ct_code;

#ifndef CT_MSG_LEN
#define CT_MSG_LEN 192
#endif

typedef struct {
  ct_code code;
  int pos;             /* byte offset for notation errors, -1 otherwise */
  char msg[CT_MSG_LEN]; /* human-readable detail (host builds only) */
} ct_err;

CT_FN const char *ct_code_name(ct_code c);

/* The representation's bounds (spec/notation.md): which of them a result
 * hits first depends on the route it is built by and on CT_MAX_NODES, so a
 * property comparing two routes treats any of them as "not comparable". */
CT_FN static inline int ct_code_is_limit(ct_code c) {
  return c == CT_DEPTH_LIMIT || c == CT_RANK_LIMIT || c == CT_CAPACITY;
}
CT_FN const char *ct_code_summary(ct_code c);
/* Looks a code up by its NAME; returns CT_NUM_CODES when unknown. */
CT_FN CT_MUST_USE ct_code ct_code_by_name(const char *name);
CT_FN void ct_err_clear(ct_err *e);

#if CT_ON_DEVICE
/* No formatting on the device: only the code travels (device/ digests it). */
#define CT_FAIL(err, c, ...) ((err)->code = (c), (err)->pos = -1, (c))
#define CT_FAIL_AT(err, c, p, ...) ((err)->code = (c), (err)->pos = (p), (c))
#else
ct_code ct_fail(ct_err *e, ct_code c, int pos, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
#define CT_FAIL(err, c, ...) ct_fail((err), (c), -1, __VA_ARGS__)
#define CT_FAIL_AT(err, c, p, ...) ct_fail((err), (c), (p), __VA_ARGS__)
#endif

/* A code dropped on purpose (CT_MUST_USE): say why beside the call. */
CT_FN static inline void ct_discard(ct_code c) { (void)c; }

/* Propagate a failure: evaluates expr once, returns its code if not CT_OK. */
#define CT_TRY(expr)                                                           \
  do {                                                                         \
    ct_code ct_try_rc_ = (expr);                                               \
    if (ct_try_rc_ != CT_OK) return ct_try_rc_;                                \
  } while (0)

#endif
