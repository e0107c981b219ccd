/* judge_composed.h -- judges of issue 41's later composed-layout operations:
 * logical_product(L, Sw o 0 o T) (PROD-8 in spec/product.md) and
 * domain_offset (DOFF-1, DOFF-2 in spec/layout.md). The earlier composed
 * judges are declared in judge/judge.h. */
#ifndef CT_JUDGE_COMPOSED_H
#define CT_JUDGE_COMPOSED_H

#include "judge/judge.h"

/* PROD-8: R = logical_product(L, C), C = Sw o 0 o T (R a composed form, a
 * plain answer as Sw<0,0,0> o 0 o P): size(R) == size(L)*size(T) and
 * R(x + size(L)*y) == L(x) + Â*(C(y)) for x < size(L), y < size(T), A* =
 * complement(L, size(L)*cosize(T)) read as composition reads it (COMP-EXT),
 * where Â* is defined. */
CT_FN ct_jstatus ct_judge_prod_8(const ct_layout *L, const ct_composed *C, const ct_composed *R, int64_t bound,
                                 ct_judgement *j);
/* DOFF-1: R = domain_offset(c, X) (X and R composed forms, a layout L as
 * Sw<0,0,0> o 0 o L): R(i) == X(c + i) wherever c + i, added leaf by leaf
 * in natural coordinates, lies inside X's shape. */
CT_FN ct_jstatus ct_judge_doff_1(const ct_composed *X, const ct_tuple *c, const ct_composed *R, int64_t bound,
                                 ct_judgement *j);
/* DOFF-2: size(R) == size(X), shapes compatible, and R(i) == A(O + B(c) +
 * B(i)) for every i < size(B): the function CuTe's answer denotes (for a
 * layout, its pointer offset L(c) plus L(i)). */
CT_FN ct_jstatus ct_judge_doff_2(const ct_composed *X, const ct_tuple *c, const ct_composed *R, int64_t bound,
                                 ct_judgement *j);

#endif
