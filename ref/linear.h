/* linear.h -- linear_layout(L) of spec/linear.md: whether a layout is a
 * linear layout over F2 (Triton's LinearLayout) and its bases. */
#ifndef CT_LINEAR_H
#define CT_LINEAR_H

#include "layout.h"

/* The bases (L(1), L(2), L(4), ..., L(2^(n-1))), size(L) == 2^n, as a flat
 * IntTuple (`()` for size 1), where L(i) is the XOR of the bases of the bits
 * of i for every i (LIN-1); NOT_LINEAR where no such bases exist (LIN-2).
 * Decided by LIN-ALG: a power-of-two size and images of the index bits that
 * are non-negative and share no set bit. */
CT_FN CT_MUST_USE ct_code ct_linear_layout(const ct_layout *L, ct_tuple *out, ct_err *e);

#endif
