/* right_inverse_def.h -- right_inverse's post-conditions read as a
 * definition, bounded (spec/inverse.md, RINV-DEF): L's indices visited one
 * by one decide whether RINV-3 and RINV-4 fix R as a function, and which.
 * ref/inverse.c is the procedure (RINV-ALG, RINV-NEG) that answers without
 * visiting them; RINV-7 (props/) checks that the two agree wherever the
 * definition decides. */
#ifndef CT_RIGHT_INVERSE_DEF_H
#define CT_RIGHT_INVERSE_DEF_H

#include "layout.h"

/* What the definition says of one L. */
typedef enum {
  CT_RINV_DEF_FIXED = 0,     /* RINV-3/RINV-4's hypothesis holds: R is this layout, as a function */
  CT_RINV_DEF_FREE = 1,      /* it fails: any layout with RINV-1 and RINV-2 is a right inverse */
  CT_RINV_DEF_PAST_BOUND = 2 /* undecided past the bound: says nothing either way */
} ct_rinv_def_verdict;

/* Why the hypothesis fails (FREE), or holds (FIXED: CT_RINV_WHY_LEAST). */
typedef enum {
  CT_RINV_WHY_LEAST = 0,     /* r is a layout's function: R = r on [0, N) */
  CT_RINV_WHY_REPEATS = 1,   /* filter(L) takes `value` twice */
  CT_RINV_WHY_NO_LAYOUT = 2, /* r on [0, N) is no layout's (RECOG-1) */
  CT_RINV_WHY_UNSTATED = 3   /* a negative stride and size(L) > CT_RINV_DEF_NEG_SIZE */
} ct_rinv_why;

typedef struct {
  ct_rinv_why why;
  int64_t N;     /* the least value L does not take (FIXED, NO_LAYOUT) */
  int64_t value; /* REPEATS: a value filter(L) takes twice */
} ct_rinv_def_info;

/* RINV-3 states its hypothesis for an L with a negative stride only up to
 * this size (RINV-NEG); above it RINV-3 and RINV-4 ask nothing. */
#define CT_RINV_DEF_NEG_SIZE ((int64_t)1 << 20)

/* The definition of L's right inverse, visiting at most cap indices with
 * the caller's room w[0..cap) (every value of it overwritten). FIXED puts
 * R, r's layout coalesced (_1:_0 when N == 1), in *R; FREE and FIXED fill
 * *info. PAST_BOUND when size(L) > cap (unless UNSTATED decides first), a
 * leaf's shape is not a positive integer or its stride not an integer, a
 * value does not fit in 64 bits, or R has more than CT_MAX_NODES modes. */
CT_FN ct_rinv_def_verdict ct_right_inverse_def(const ct_layout *L, int64_t *w, int64_t cap, ct_layout *R,
                                               ct_rinv_def_info *info);

#endif
