/* judges.h -- the judges `cuteref conform` runs on an answer, one adapter per
 * operation with judges (registry.h, ct_op_judge; cli/judges.c). */
#ifndef CT_JUDGES_H
#define CT_JUDGES_H

#include "registry.h"

int ct_jx_size(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j);
int ct_jx_cosize(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j);
int ct_jx_coalesce(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j);
int ct_jx_filter(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j);
int ct_jx_composition(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                      ct_judgement *j);
int ct_jx_with_shape(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                     ct_judgement *j);
int ct_jx_complement(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                     ct_judgement *j);
int ct_jx_right_inverse(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                        ct_judgement *j);
int ct_jx_left_inverse(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                       ct_judgement *j);
/* judges_basis.c (spec/basis.md) */
int ct_jx_make_identity_layout(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                               ct_judgement *j);
int ct_jx_coprofile(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                    ct_judgement *j);
int ct_jx_coshape(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j);

#endif
