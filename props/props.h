/* props.h -- properties: one per post-condition ID of spec/ (and one per
 * error code an operation can raise), each a pure function of a case.
 *
 * Checks are CT_FN and take no state, so device/ runs the very same code:
 * case k of (seed, property) is generated and checked identically on the
 * host and on the GPU. */
#ifndef CT_PROPS_H
#define CT_PROPS_H

#include "judge/judge.h"
#include "props/gen.h"
#include "ref/swizzle.h"

#define CT_CASE_VALS 4

/* What a case holds and how it was made. */
typedef enum {
  CT_GEN_LAYOUT,  /* v0: a random layout */
  CT_GEN_PAIR,    /* v0, v1: random layouts */
  CT_GEN_COMP,    /* v0 o v1 admissible by construction */
  CT_GEN_COMP3,   /* v0, v1, v2 with (v1, v2) admissible and v2's image inside size(v1) */
  CT_GEN_CPL,     /* v0 with an ordered complement; k0 the cotarget */
  CT_GEN_DIV,     /* v0, v1 with logical_divide(v0, v1) admissible by construction */
  CT_GEN_PROD,    /* v0 complementable, v1 random */
  CT_GEN_INT,     /* v0 a random layout, k0 an integer in [0, 2*size) */
  CT_GEN_TILER,   /* v0 a layout, v1 a tiler <...> of divisors / `_` of v0's modes */
  CT_GEN_SWIZZLE, /* w0, w1 swizzles (the first cases every small one), v0 a layout, v1 a divisor
                     of v0, v2 a tiler of v0, k0 an offset, k1 an integer (spec/swizzle.md) */
  CT_GEN_COUNT
} ct_gen_kind;

typedef struct {
  int n;                     /* layouts used */
  ct_layout v[CT_CASE_VALS]; /* an IntTuple input is v[k].shape */
  int64_t k[2];              /* integer inputs */
  ct_swizzle w[2];           /* swizzle inputs (CT_GEN_SWIZZLE) */
  int admissible;            /* built admissible: a rejection is a failure */
} ct_case;

typedef enum { CT_PASS = 0, CT_FAILED = 1, CT_SKIPPED = 2 } ct_verdict;

typedef struct {
  ct_verdict verdict;
  uint64_t digest;  /* of the operation's result (layout or error code) */
  char why[224];    /* what failed (host only) */
} ct_outcome;

#if CT_ON_DEVICE
#define CT_FAILS(o, ...) ((o)->verdict = CT_FAILED)
#else
void ct_fails(ct_outcome *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
#define CT_FAILS(o, ...) ct_fails((o), __VA_ARGS__)
/* A layout or tiler as text for failure messages (props_divide.c). */
const char *ct_dv_show(const ct_layout *L);
#endif

/* Scratch arrays of brute-force checks: static on the host (one thread),
 * per-thread locals on the GPU, where they are also smaller. A build may set
 * CT_BRUTE_MAX (-D) so that its host and GPU halves check alike (device/). */
#if CT_ON_DEVICE
#define CT_SCRATCH
#ifndef CT_BRUTE_MAX
#define CT_BRUTE_MAX 512
#endif
#else
#define CT_SCRATCH static
#ifndef CT_BRUTE_MAX
#define CT_BRUTE_MAX 4096
#endif
#endif

/* CT_GEN_SWIZZLE's cases (props_swizzle.c). */
CT_FN void ct_gen_swizzle_case(ct_rng *r, const ct_gen_params *p, uint64_t index, ct_case *c);
/* Sw(x) bit by bit (SW-1), apart from the masks of ref/: bit k of the
 * result is x_k, flipped by x_(k+S) when k is one of the B bits at
 * M + max(0, -S). Inline, as ct_sw_apply (ref/swizzle.h). */
CT_FN static inline int64_t ct_sw_by_bits(const ct_swizzle *w, int64_t x) {
  int64_t r = x;
  int j, lo = w->m + (w->s < 0 ? -w->s : 0);
  for (j = 0; j < w->b; ++j) {
    int k = lo + j;
    if ((x >> (k + w->s)) & 1) r ^= (int64_t)1 << k;
  }
  return r;
}
/* The shared-memory atom of a case (props_atoms.c, spec/atoms.md). */
CT_FN void ct_case_atom(const ct_case *c, int *major, int *row_bytes, int *bits);
/* The TensorOpMultiplicand configuration of a CX-4/CX-5 case (props_tensorop.c,
 * spec/cutlass2x.md): Congruous or Crosswise, element bits, crosswise extent,
 * pitch-linear extent and leading dimension. */
CT_FN void ct_top_case(const ct_case *c, int *which, int *bits, int *cw, int64_t *ext, int64_t *ld);
CT_FN void ct_case_gen(int gen, const ct_gen_params *p, uint64_t seed, uint64_t index, uint64_t stream, ct_case *c);

/* Helpers for checks. */
/* L(i); 0 on error: the judges' ct_j_at (judge/judge.h), inline. */
CT_FN static inline int64_t ct_ev(const ct_layout *L, int64_t i) { return ct_j_at(L, i); }
/* L(i) through a leaf form of L (ref/leaf_form.h); 0 on error. */
CT_FN static inline int64_t ct_ev_form(ct_leaf_form *F, int64_t i) { return ct_j_at_form(F, i); }
CT_FN int64_t ct_size(const ct_layout *L);                   /* -1 on overflow */
CT_FN uint64_t ct_digest_layout(const ct_layout *L);
/* One node's step of ct_digest_layout (preorder, the shape's nodes, then the
 * stride's, from CT_DIGEST_SEED), for a plan that has no tree. */
#define CT_DIGEST_SEED 0x51u
CT_FN uint64_t ct_digest_node(uint64_t h, int64_t v, int kind, int rank, int stat, int path);
CT_FN uint64_t ct_digest_code(ct_code c);
/* A rejection of `what`: a failure if the case was built admissible. */
CT_FN void ct_rejected(const ct_case *c, ct_outcome *o, const ct_err *e, const char *what);
/* A check's own building step (make_layout of two inputs, an appended mode)
 * returned `got`: 0 if CT_OK; else 1, and the case is skipped where `got` is
 * a representation limit (CT_MAX_NODES and friends: a build with a small
 * capacity hits them) or fails otherwise. The result must not be read then. */
CT_FN int ct_build_failed(ct_code got, ct_outcome *o, const char *what);
/* Whether an integer stride of L is negative. */
CT_FN int ct_has_negative_stride(const ct_layout *L);

/* Folds one building step's code into *rc, keeping the first failure:
 * check *rc once with ct_build_failed after the steps. */
CT_FN static inline void ct_step(ct_code *rc, ct_code got) {
  if (*rc == CT_OK) *rc = got;
}

/* A judge's verdict as the case's (judge/judge.h): a violation fails it, a
 * judge that hit a representation limit building what it needs skips it,
 * and one that holds or could not decide within its bound passes it (the
 * brute force of a property stops at CT_BRUTE_MAX). */
CT_FN void ct_judged(const ct_judgement *j, ct_outcome *o);

/* An outcome before a check: it passes until the check says otherwise. */
CT_FN static inline void ct_outcome_clear(ct_outcome *o) {
  o->verdict = CT_PASS;
  o->digest = 0;
#if !CT_ON_DEVICE
  o->why[0] = '\0';
#endif
}

/* The property table (props_list.h) and its dispatch. */
typedef struct {
  const char *id;  /* spec ID, or OP!CODE for an error-code property */
  int gen;         /* ct_gen_kind */
  const char *op;  /* the operation(s), for reports */
  const char *fmt; /* how to print a case: "composition(%0, %1)" */
} ct_prop_info;

extern const ct_prop_info ct_props[];
extern const int ct_num_props;
CT_FN void ct_prop_check(int prop, const ct_case *c, ct_outcome *o);

#endif
