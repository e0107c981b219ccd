/* complement.h -- complement (spec/complement.md). */
#ifndef CT_COMPLEMENT_H
#define CT_COMPLEMENT_H

#include "coalesce.h"

/* R = complement(A, M): ordered, (filter(A), R) a bijection onto [0, K) with
 * K = round_up(size(M), span(A)). cotarget == NULL means the default
 * cotarget cosize(filter(A)). */
CT_FN CT_MUST_USE ct_code ct_complement(const ct_layout *A, const ct_tuple *cotarget, ct_layout *out, ct_err *e);

#endif
