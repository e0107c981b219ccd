/* recognize.h -- whether the least indices of a layout's values are the
 * function of a layout (spec/inverse.md, RECOG). */
#ifndef CT_RECOGNIZE_H
#define CT_RECOGNIZE_H

#include "modes.h"

/* c: the coalesced modes of L, pre[k] their domain strides, filter(L)
 * injective and every value of L bounded by the caller. r(v) is the least
 * index j with L(j) == v. Sets *N to the least value >= from that L does not
 * take (the caller knows [0, from) are values) and, when r on [0, N) is a
 * layout's function, *out to that layout's coalesced modes. Otherwise fails
 * with NO_LAYOUT naming the least index where recognition fails (RECOG-2).
 * Reads L's values in passes of size(filter(L)) steps each (N by
 * ct_rec_least_untaken_window); O(1) memory. */
CT_FN CT_MUST_USE ct_code ct_recognize_least_indices(const ct_modes *c, const int64_t *pre, int64_t from, int64_t *N,
                                                     ct_modes *out, const char *op, ct_err *e);
/* N, the least value >= from that L does not take (c, pre and from as
 * above), and *r1 = r(1) where N > 1, else -1. The definition: a binary
 * search on how many of the values 0..X-1 a walk meets, O(log N) walks. */
CT_FN void ct_rec_least_untaken(const ct_modes *c, const int64_t *pre, int64_t from, int64_t *N, int64_t *r1);
/* The same, the fast form: one walk marks the values in [from, from + 512)
 * (a 512-bit window) and reads r(1); the binary search runs only where the
 * window is full. RINV-3/window checks it against ct_rec_least_untaken. */
CT_FN void ct_rec_least_untaken_window(const ct_modes *c, const int64_t *pre, int64_t from, int64_t *N,
                                       int64_t *r1);

#endif
