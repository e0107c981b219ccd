/* leaf_form.h -- a layout's leaves as flat (shape, stride) arrays, for
 * evaluating L(i) index after index (spec/layout.md, Fast forms; issue 16).
 *
 * ct_l_eval (LAYOUT-EVAL) splits i over the leaves, a division per leaf, at
 * every call. Most checks visit i = 0, 1, 2, ... in order; the form keeps
 * the coordinate of the index it evaluated last, and the next index is one
 * step of an odometer: add the first leaf's stride, and where a coordinate
 * reaches its shape, take it back to 0 and carry into the next leaf. No
 * division. Another index inside [0, size) sets the coordinate by division
 * over the flat leaves; an index outside [0, size), or a layout the form does
 * not hold, goes to ct_l_eval itself. Either way ct_lf_eval gives what
 * ct_l_eval gives, the error included: LAYOUT-2/walk checks it case by case.
 *
 * The arrays have a compile-time bound (a few hundred bytes per thread on the
 * GPU, against a ct_layout's two trees of CT_MAX_NODES nodes). */
#ifndef CT_LEAF_FORM_H
#define CT_LEAF_FORM_H

#include "layout.h"
#include "modes.h"

/* Leaves of shape > 1 that the form holds; a layout with more falls back. */
#define CT_LF_MAX 12

typedef struct {
  const ct_layout *L; /* the layout (ct_l_eval evaluates it where the form does not) */
  int n;              /* leaves held (shape > 1: a leaf of shape 1 adds 0), -1: L not held */
  int64_t size;       /* size(L) */
  int64_t s[CT_LF_MAX], d[CT_LF_MAX];
  int64_t back[CT_LF_MAX]; /* (s-1)*d: what a leaf's coordinate going back to 0 takes off */
  int64_t c[CT_LF_MAX];    /* the coordinate of index `at`, leaf by leaf */
  int64_t at, val;      /* the last index evaluated and L(at) */
} ct_leaf_form;

/* F := the form of L, at index 0. L is held when its strides are integers,
 * its shape entries >= 1, its size an int64, sum (s-1)*|d| over its leaves
 * an int64 (so no sum formed inside [0, size) overflows, and ct_l_eval
 * answers CT_OK there), and it has at most CT_LF_MAX leaves of shape > 1.
 * F keeps a pointer to L: L must outlive F and stay unchanged. */
CT_FN void ct_lf_init(ct_leaf_form *F, const ct_layout *L);
/* F := the form of the layout whose leaves, in preorder, are m (a plan's
 * flat value, device/plan.h), on the same conditions. There is no tree to
 * fall back on (F->L is null): read it only by ct_lf_step from index 0,
 * below its size, and only where n >= 0. */
CT_FN void ct_lf_init_modes(ct_leaf_form *F, const ct_modes *m);
/* L(i) for any i: a step, a jump or ct_l_eval (leaf_form.c). */
CT_FN CT_MUST_USE ct_code ct_lf_eval_any(ct_leaf_form *F, int64_t i, int64_t *out, ct_err *e);

/* Index at + 1: the odometer's step. The bound of ct_lf_init keeps every
 * partial sum an int64; at + 1 < size keeps k below n. Inline, carries
 * included: an out-of-line call per carry was measured slower on the GPU
 * (docs/data/gpu-tuning.md). */
CT_FN static inline void ct_lf_step(ct_leaf_form *F) {
  int k;
  for (k = 0; k < F->n; ++k) {
    if (F->c[k] + 1 < F->s[k]) {
      ++F->c[k];
      F->val += F->d[k];
      break;
    }
    F->val -= F->back[k]; /* the coordinate goes back to 0: carry */
    F->c[k] = 0;
  }
  ++F->at;
}

/* L(i), as ct_l_eval(L, i, out, e). The most common cases, the next index
 * and the same one again, inline; the rest (a jump, or ct_l_eval) in
 * ct_lf_eval_any. */
CT_FN static inline CT_MUST_USE ct_code ct_lf_eval(ct_leaf_form *F, int64_t i, int64_t *out, ct_err *e) {
  if (F->n >= 0 && i == F->at && i < F->size) { /* the same index again */
    *out = F->val;
    return CT_OK;
  }
  if (F->n > 0 && i == F->at + 1 && i < F->size) { /* the next index */
    ct_lf_step(F);
    *out = F->val;
    return CT_OK;
  }
  return ct_lf_eval_any(F, i, out, e);
}

#endif
