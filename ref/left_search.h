/* left_search.h -- left_inverse outside LINV-DIV/LINV-INJ (spec/inverse.md,
 * LINV-SEARCH). */
#ifndef CT_LEFT_SEARCH_H
#define CT_LEFT_SEARCH_H

#include "modes.h"

#define CT_LINV_SEARCH ((int64_t)1 << 10) /* the largest size(R) searched */
#define CT_LINV_VISIT ((int64_t)1 << 20)  /* the largest size(L) visited */

/* c: the coalesced modes of L (no negative stride), M = size(R) by
 * LINV-5. *out: a layout of size M (modes of prime
 * size) with R(v) the least index of v for every value v of L, when one
 * exists; else NO_LAYOUT with the reason; UNDECIDED past the bounds. */
CT_FN CT_MUST_USE ct_code ct_left_search(const ct_modes *c, int64_t M, ct_modes *out, ct_err *e);

#endif
