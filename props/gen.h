/* gen.h -- generators of layouts and of admissible operands (props/).
 *
 * Everything is drawn from a ct_rng, so a case is a pure function of
 * (seed, index, property): the same on every machine and on the GPU. */
#ifndef CT_GEN_H
#define CT_GEN_H

#include "props/rng.h"
#include "ref/modes.h"
#include "ref/swizzle.h"

typedef struct {
  int max_leaves;   /* integers in a shape */
  int max_depth;    /* nesting levels (0: an integer or a flat tuple) */
  int64_t max_mode; /* largest shape entry */
  int64_t max_size; /* cap on the size of a generated layout */
  int64_t max_stride;
  int static_pct;   /* percent of integers marked static */
} ct_gen_params;

/* Stride classes of ct_gen_layout. */
enum {
  CT_SC_COMPACT,   /* compact, modes in a random order */
  CT_SC_GAPS,      /* injective with gaps */
  CT_SC_BROADCAST, /* some strides 0 */
  CT_SC_NEGATIVE,  /* some strides negated */
  CT_SC_RANDOM,    /* anything in [-max_stride, max_stride] */
  CT_SC_COUNT
};

/* A nesting as ct_gen_nest draws it, without the trees (for the plans,
 * device/plan.h): tokens in preorder, CT_NEST_LEAF for the next mode,
 * CT_NEST_OPEN + rank for a tuple of `rank` children, CT_NEST_CLOSE at its
 * end. full: more tokens than CT_NEST_CODE (or no mode at all); a plan then
 * leaves the case to the check. With max_depth 2 a nesting of n modes has
 * at most n + 1 tuples, so 3n + 2 tokens. */
#define CT_NEST_CODE 64
enum { CT_NEST_LEAF = 0, CT_NEST_CLOSE = 1, CT_NEST_OPEN = 2 };
typedef struct {
  int n, full;
  uint8_t t[CT_NEST_CODE];
} ct_nest_code;

CT_FN static inline void ct_nest_token(ct_nest_code *c, int token) {
  if (c->n < CT_NEST_CODE) c->t[c->n++] = (uint8_t)token;
  else c->full = 1;
}

/* Where a drawn nesting goes: a layout's trees, a code, both or neither (a
 * null pointer); the draws are the same whatever the sink. */
typedef struct {
  ct_layout *out;
  ct_nest_code *code;
} ct_nest_sink;

CT_FN void ct_gen_default(ct_gen_params *p);
/* A random nesting of the flat modes m (their order kept). */
CT_FN void ct_gen_nest(ct_rng *r, const ct_gen_params *p, const ct_modes *m, ct_layout *out);
CT_FN void ct_gen_nest_to(ct_rng *r, const ct_gen_params *p, const ct_modes *m, const ct_nest_sink *to);
CT_FN void ct_gen_flat_shape(ct_rng *r, const ct_gen_params *p, ct_modes *m);
CT_FN void ct_gen_strides(ct_rng *r, const ct_gen_params *p, int cls, ct_modes *m);
/* A random layout of a random stride class (cls < 0) or of class cls. */
CT_FN void ct_gen_layout(ct_rng *r, const ct_gen_params *p, int cls, ct_layout *out);
/* The same draws: the leaves in *m, the nesting to `to`. */
CT_FN void ct_gen_layout_to(ct_rng *r, const ct_gen_params *p, int cls, ct_modes *m, const ct_nest_sink *to);

/* Constructive generators of admissible inputs. */
/* (A, B) that composition accepts: B's leaves are disjoint pieces of a
 * refinement of A's digits with no carry between them (spec/composition.md,
 * COMP-CARRY). */
CT_FN void ct_gen_comp_pair(ct_rng *r, const ct_gen_params *p, ct_layout *A, ct_layout *B);
/* The same draws: A's and B's leaves in *am, *bm, their nestings to a, b. */
CT_FN void ct_gen_comp_pair_to(ct_rng *r, const ct_gen_params *p, ct_modes *am, const ct_nest_sink *a, ct_modes *bm,
                               const ct_nest_sink *b);
/* (A, M) with an ordered complement: A's modes are some links of a chain of
 * factors, in any order, with broadcast and size-1 modes added. */
CT_FN void ct_gen_complementable(ct_rng *r, const ct_gen_params *p, ct_layout *A, int64_t *M);
/* B with an ordered complement in size(A) whose leaves refine A's digits
 * (logical_divide(A, B) admissible by construction). */
CT_FN void ct_gen_divisor(ct_rng *r, const ct_gen_params *p, const ct_layout *A, ct_layout *B);

/* A tiler <T0, ...> for A: rank 1..rank(A), each mode `_` or a divisor of
 * A's mode (ct_gen_divisor). */
CT_FN void ct_gen_tiler(ct_rng *r, const ct_gen_params *p, const ct_layout *A, ct_tiler *T);

/* Swizzles (spec/swizzle.md). Case `index` below CT_SW_GRID is every
 * swizzle of the small grid B <= 3, M <= 4, |S| <= 6 in turn; the others
 * are random and wider. */
#define CT_SW_GRID 215
CT_FN void ct_gen_swizzle_at(int64_t index, ct_swizzle *w);
CT_FN void ct_gen_swizzle(ct_rng *r, ct_swizzle *w);

#endif
