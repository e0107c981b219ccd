/* carry.h -- the number theory under composition (spec/composition.md):
 * the candidate of a box of B's modes and where it first differs from Â∘B
 * (ref/ahat.h): the first carry point (COMP-CARRY) or, where carries
 * cancel, a bounded search (COMP-SEARCH). */
#ifndef CT_CARRY_H
#define CT_CARRY_H

#include "ahat.h"

/* Points COMP-SEARCH examines in one composition; past them: UNDECIDED. */
#define CT_COMP_SEARCH ((int64_t)1 << 20)

/* B's leaves, each refined into modes t:b (size, step of B's value), in
 * colexicographic order: w is the step of B's index, v = Â(b) the stride of
 * the candidate R*(c) = sum_m c_m*v_m, leaf the leaf of B. */
typedef struct {
  int n;
  int64_t t[CT_COMP_MODES], b[CT_COMP_MODES], w[CT_COMP_MODES], v[CT_COMP_MODES];
  int leaf[CT_COMP_MODES];
} ct_box;

/* A point of the box with its index, B's value x, want = Â(x), got = R*. */
typedef struct {
  int64_t c[CT_COMP_MODES];
  int64_t index, x, want, got;
} ct_point;

/* The first difference (COMP-SPLIT): the least point p of the box, in index
 * order from `from` on, where R*(p) != Â(B(p)); *found = 0 when there is none. `from` is the
 * least point not yet known to agree; *spent counts COMP-SEARCH's points
 * (UNDECIDED past CT_COMP_SEARCH). OVERFLOW when a value does not fit. */
CT_FN CT_MUST_USE ct_code ct_first_difference(const ct_ahat *h, const ct_box *x, const ct_point *from, ct_point *p,
                                              int *found, int64_t *spent, ct_err *e);

#endif
