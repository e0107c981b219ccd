/* props_copy.h -- the copy atom of a case (props_copy.c, spec/copy.md). */
#ifndef CT_PROPS_COPY_H
#define CT_PROPS_COPY_H

#include "props/props.h"

/* The atom (st: ldmatrix 0, stmatrix 1, num 1, 2, 4, trans; or a quarter
 * of the cases CT_COPY_ONE, num its bits, trans its kind) and layout
 * (CT_COPY_SRC, _DST, _REF) of a CT_GEN_SWIZZLE case. */
CT_FN void ct_case_copy(const ct_case *c, int *st, int *num, int *trans, int *which);

/* The TMEM atom of a CT_GEN_SWIZZLE case (COPY-TMEM, COPY-TMEM16):
 * tcgen05.ld (ld 1) or .st, shape s, .num x1 .. x8, with .pack::16b /
 * .unpack::16b (pack 1) or not. */
CT_FN void ct_case_tmem_atom(const ct_case *c, int *ld, int *s, int *num, int *pack);

#endif
