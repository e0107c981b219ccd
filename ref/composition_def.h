/* composition_def.h -- composition's definition, bounded (spec/composition.md,
 * COMP-DEF): Â∘B evaluated at every index of B's domain and peeled into a
 * layout of B's nesting. ref/composition.c is the procedure that decides the
 * same question without visiting the indices; COMP-11 (props/) checks that
 * the two agree wherever the definition decides, and judge/judge_exact.c
 * judges an implementation's acceptance with the peeling (COMP-8, COMP-10). */
#ifndef CT_COMPOSITION_DEF_H
#define CT_COMPOSITION_DEF_H

#include "layout.h"
#include "modes.h"

/* What the definition says of one input. */
typedef enum {
  CT_DEF_NO_ANSWER = 0, /* no layout of B's nesting agrees with Â∘B; *first is the least i where none does on [0, i] */
  CT_DEF_ANSWER = 1,    /* one does: the answer, unique as a function */
  CT_DEF_PAST_BOUND = 2 /* undecided past the bound: says nothing either way */
} ct_def_verdict;

/* The bound on the peeling: a leaf of B of size at most CT_DEF_LEAF with at
 * most CT_DEF_DIVISORS proper divisors (so at most 2^12 chains a leaf). */
#define CT_DEF_LEAF 64
#define CT_DEF_DIVISORS 12

/* The answer's leaves: leaf j of B becomes count[j] modes of `modes`, in
 * order, leaf after leaf (a chain (T_2/T_1, ..., s/T_m):(g(T_1), ..., g(T_m))). */
typedef struct {
  ct_modes modes;
  int count[CT_MAX_NODES];
} ct_def_leaves;

/* The peeling on values already computed: b is B's leaves in colexicographic
 * order, n = size(B), F[i] = Â(B(i)) where def[i] (i < n; Â undefined where
 * not). ANSWER fills *r when r is not NULL; NO_ANSWER sets *first; PAST_BOUND
 * for a leaf past the bound (or an answer with more modes than *r holds). */
CT_FN ct_def_verdict ct_comp_def_peel(const ct_modes *b, int64_t n, const int64_t *F, const unsigned char *def,
                                      ct_def_leaves *r, int64_t *first);

/* The whole definition: Â from coalesce(A) (COMP-EXT), Â∘B at every index of
 * B into F and def (the caller's room for cap indices), then the peeling.
 * ANSWER puts R, B's nesting with each leaf its chain, in *R. PAST_BOUND
 * when size(B) > cap, a value does not fit in 64 bits, a stride is not an
 * integer, or the peeling is past its bound. */
CT_FN ct_def_verdict ct_composition_def(const ct_layout *A, const ct_layout *B, int64_t *F, unsigned char *def,
                                        int64_t cap, ct_layout *R, int64_t *first);

#endif
