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
 * Reads L's values in passes of size(filter(L)) steps each: one pass finds N
 * where N < from + 512 (a 512-bit window), else a binary search takes
 * O(log N) passes; O(1) memory. */
CT_FN CT_MUST_USE ct_code ct_recognize_least_indices(const ct_modes *c, const int64_t *pre, int64_t from, int64_t *N,
                                                     ct_modes *out, const char *op, ct_err *e);

#endif
