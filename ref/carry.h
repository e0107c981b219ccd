/* carry.h -- the number theory under composition (spec/composition.md):
 * Â as a sum of floors (COMP-FLOOR), the candidate of a box of B's modes
 * and where it first differs from Â∘B: the first carry point (COMP-CARRY)
 * or, where carries cancel, a bounded search (COMP-SEARCH). */
#ifndef CT_CARRY_H
#define CT_CARRY_H

#include "modes.h"

/* Modes a box and Â hold; a build may lower it (device/sweep.cu). */
#ifndef CT_COMP_MODES
#define CT_COMP_MODES CT_MAX_NODES
#endif
/* Points COMP-SEARCH examines in one composition; past them: UNDECIDED. */
#define CT_COMP_SEARCH ((int64_t)1 << 20)

/* Â prepared (COMP-PREP): bounded digits M_0..M_(a-1), strides D_0..D_a (D_a
 * the unbounded top digit's), place values P_k = M_0*...*M_(k-1) (COMP-FLOOR). */
typedef struct {
  int a;
  int64_t M[CT_COMP_MODES], D[CT_COMP_MODES], P[CT_COMP_MODES + 1];
} ct_ahat;

/* From COMP-PREP's digits (ct_comp_prepare_modes). Digits whose place
 * value leaves int64 are dropped: no x < 2^63 reaches them, so the digit
 * below acts as the top. 0 when there are more than CT_COMP_MODES digits. */
CT_FN int ct_ahat_init(const ct_modes *digits, ct_ahat *h);
/* Â(x): 1 and *v; 0 where undefined (x < 0 and a >= 1) or on overflow. */
CT_FN int ct_ahat_at(const ct_ahat *h, int64_t x, int64_t *v);

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
