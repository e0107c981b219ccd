/* coalesce.h -- coalesce, filter_zeros, filter (spec/coalesce.md) and the
 * functional comparison of layouts built on coalesce's canonical form. */
#ifndef CT_COALESCE_H
#define CT_COALESCE_H

#include "modes.h"

/* COAL: flat, no size-1 modes, no adjacent pair s0:d0, s1:s0*d0. */
CT_FN void ct_coalesce_modes(const ct_modes *in, ct_modes *out);
CT_FN CT_MUST_USE ct_code ct_coalesce(const ct_layout *L, ct_layout *out, ct_err *e);
/* By-mode coalesce: coalesce each sub-layout at a leaf of `profile`
 * (profile must be weakly congruent to L's shape). */
CT_FN CT_MUST_USE ct_code ct_coalesce_profile(const ct_layout *L, const ct_tuple *profile, ct_layout *out, ct_err *e);
/* FILT: stride-0 modes become 1:0; filter(L) = coalesce(filter_zeros(L)). */
CT_FN CT_MUST_USE ct_code ct_filter_zeros(const ct_layout *L, ct_layout *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_filter(const ct_layout *L, ct_layout *out, ct_err *e);

/* Same function on [0, size) (equal sizes, equal coalesced forms; marks are
 * ignored). Coalesced forms are canonical, so this is exact (EQUIV-1). */
CT_FN int ct_l_same_function(const ct_layout *a, const ct_layout *b);
/* Same function, and shapes compatible one way or the other once size-1
 * modes are dropped (EQUIV-2): how results are judged unless exact text is
 * asked for. ((5,1),(2,2)) ~ (5,(2,2)) ~ (5,4) if the functions agree. */
CT_FN int ct_l_equivalent(const ct_layout *a, const ct_layout *b);
/* compatible(a, b) once size-1 leaves are dropped and one-element tuples
 * unwrapped: the shape rule of EQUIV-2. */
CT_FN int ct_t_compatible_loose(const ct_tuple *a, const ct_tuple *b);

#endif
