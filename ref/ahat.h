/* ahat.h -- Â, A read past its size (COMP-EXT in spec/composition.md): the
 * extension of coalesce(A), so a function of A's values on [0, size(A));
 * A prepared into digits (COMP-PREP) and evaluated as a sum of floors
 * (COMP-FLOOR). */
#ifndef CT_AHAT_H
#define CT_AHAT_H

#include "layout.h"
#include "modes.h"

/* COMP-PREP: A's digits M_k:D_k (the last one unbounded), as composition
 * reads A: coalesce(A)'s modes, 1:0 when A has size 1. Exposed for
 * generators of admissible inputs (props/). */
CT_FN void ct_comp_prepare(const ct_layout *A, ct_modes *m, int *all_static);
/* The same from A's leaves in colexicographic order (ct_modes_of). */
CT_FN void ct_comp_prepare_modes(const ct_modes *leaves, ct_modes *m, int *all_static);

/* Modes a box and Â hold; a build may lower it (device/sweep.cu). */
#ifndef CT_COMP_MODES
#define CT_COMP_MODES CT_MAX_NODES
#endif

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

#endif
