/* rearrange.h -- CuTe's mode rearrangements of spec/rearrange.md: append<N>
 * and prepend<N> (padding to a rank), replace<N>, zip, unflatten,
 * product_each. They move whole modes and never look at a stride's value,
 * so they take basis strides too (VALUE-STRIDE). */
#ifndef CT_REARRANGE_H
#define CT_REARRANGE_H

#include "layout.h"

/* append<N>(L, x), prepend<N>(L, x) (REARR-1, REARR-2): L's modes (L itself
 * when it is no tuple) and copies of x up to rank N. N below rank(L), or
 * below 1: INDEX_OUT_OF_RANGE. */
CT_FN CT_MUST_USE ct_code ct_l_append_n(const ct_layout *L, int N, const ct_layout *x, ct_layout *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_l_prepend_n(const ct_layout *L, int N, const ct_layout *x, ct_layout *out, ct_err *e);
/* replace<N>(L, x) (REARR-3): mode N of L is x; L no tuple: N == 0 gives x. */
CT_FN CT_MUST_USE ct_code ct_l_replace(const ct_layout *L, int N, const ct_layout *x, ct_layout *out, ct_err *e);
/* zip(L) (REARR-4): ((L00,L10,...),(L01,L11,...),...) when every mode of L
 * is a tuple of one rank (else BAD_PROFILE); (L) when mode 0 is no tuple;
 * L when L is no tuple. */
CT_FN CT_MUST_USE ct_code ct_l_zip(const ct_layout *L, ct_layout *out, ct_err *e);
/* unflatten(L, P) (REARR-5): the leaves of a flat L in P's nesting; BAD_PROFILE
 * unless depth(L) <= 1 and P has as many leaves as L. */
CT_FN CT_MUST_USE ct_code ct_l_unflatten(const ct_layout *L, const ct_tuple *P, ct_layout *out, ct_err *e);
/* product_each(S) (REARR-6): (size(S_0), size(S_1), ...); (S) for an
 * integer S. */
CT_FN CT_MUST_USE ct_code ct_t_product_each(const ct_tuple *S, ct_tuple *out, ct_err *e);

#endif
