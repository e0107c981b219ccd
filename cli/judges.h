/* judges.h -- the judges `cuteref conform` runs on an answer, one adapter per
 * operation with judges (registry.h, ct_op_judge; cli/judges.c). */
#ifndef CT_JUDGES_H
#define CT_JUDGES_H

#include "registry.h"

/* Helpers of the adapters (cli/judges.c): the answer as a layout, else a
 * violation of `id` (0); a judge's status as an adapter's answer (1 holds,
 * 0 violated, -1 undecided: one that stopped at its bound decided nothing). */
int ct_jx_result(const ct_value *result, ct_layout *R, const char *id, ct_judgement *j);
int ct_jx_status(ct_jstatus s);

int ct_jx_size(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j);
int ct_jx_cosize(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j);
int ct_jx_coalesce(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j);
int ct_jx_filter(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j);
int ct_jx_composition(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                      ct_judgement *j);
/* with_shape(A, S)'s arguments as A and B = make_layout(S); 0 if they are not. */
int ct_jx_with_shape_args(const ct_value *args, int n, ct_layout *A, ct_layout *B);
int ct_jx_with_shape(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                     ct_judgement *j);
int ct_jx_complement(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                     ct_judgement *j);
int ct_jx_right_inverse(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                        ct_judgement *j);
int ct_jx_left_inverse(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                       ct_judgement *j);
int ct_jx_make_swizzle(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                       ct_judgement *j);
/* cli/builtins_composed.c: the portions (CL-7, CL-8); right_inverse and
 * left_inverse by RINV-8 / LINV-7 on a composed argument, composition by
 * SW-8 / CL-9 after a swizzle or a composed layout, else judges.c's. */
int ct_jx_get_swizzle_portion(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                              ct_judgement *j);
int ct_jx_get_nonswizzle_portion(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                                 ct_judgement *j);
int ct_jx_right_inverse_any(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                            ct_judgement *j);
int ct_jx_left_inverse_any(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                           ct_judgement *j);
int ct_jx_composition_any(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                          ct_judgement *j);
/* judges_basis.c (spec/basis.md) */
int ct_jx_make_identity_layout(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                               ct_judgement *j);
int ct_jx_coprofile(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                    ct_judgement *j);
int ct_jx_coshape(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j);

/* judges_more.c (spec/construct.md, spec/recast.md, spec/coalesce.md, spec/product.md,
 * spec/refine.md) */
#define CT_JM(name) int name(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j)
CT_JM(ct_jx_upcast);
CT_JM(ct_jx_downcast);
CT_JM(ct_jx_recast_layout);
CT_JM(ct_jx_filter_zeros);
CT_JM(ct_jx_blocked_product);
CT_JM(ct_jx_raked_product);
CT_JM(ct_jx_tile_to_shape);
CT_JM(ct_jx_common_refinement);
CT_JM(ct_jx_common_coarsening);
CT_JM(ct_jx_greatest_common_domain);
CT_JM(ct_jx_domain_distribute);
#undef CT_JM

/* CuTe's documented contract, judged inside the domain (cli/judges_contract.c,
 * spec/principle.md): the `contract` judges of the registry's rows. */
#define CT_CX(name) int name(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j)
CT_CX(ct_cx_composition);
CT_CX(ct_cx_with_shape);
CT_CX(ct_cx_divide);
CT_CX(ct_cx_logical_divide);
CT_CX(ct_cx_zipped_divide);
CT_CX(ct_cx_tiled_divide);
CT_CX(ct_cx_flat_divide);
CT_CX(ct_cx_product);
CT_CX(ct_cx_complement);
CT_CX(ct_cx_right_inverse);
CT_CX(ct_cx_left_inverse);
CT_CX(ct_cx_nullspace);
CT_CX(ct_cx_max_common_layout);
CT_CX(ct_cx_max_common_vector);
CT_CX(ct_cx_idx2crd);
CT_CX(ct_cx_crd2idx);
CT_CX(ct_cx_shape_arith);
#undef CT_CX
/* P_k of the tiler divides' probe (cli/judges_contract.c). */
int ct_cx_probe(const ct_layout *A, int k, ct_layout *P);

#endif
