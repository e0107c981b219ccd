/* injective.h -- whether a layout given as flat modes is injective
 * (spec/complement.md, Preconditions: NOT_INJECTIVE). */
#ifndef CT_INJECTIVE_H
#define CT_INJECTIVE_H

#include "modes.h"

/* Steps the search may take; past them the answer is "not decided". */
#define CT_INJECTIVE_STEPS (1 << 20)

/* m: modes with sizes >= 2 and strides >= 1, sorted by stride. Returns 1
 * when x -> sum c_i*d_i is injective on the coordinates, 0 when two
 * coordinates reach the same offset (*twice := that offset), -1 when the
 * search did not decide within CT_INJECTIVE_STEPS (or the offsets exceed
 * 2^61). Deciding this is as hard as finding equal subset sums, so only a
 * bounded search can be exact. */
CT_FN int ct_modes_injective(const ct_modes *m, int64_t *twice);

#endif
