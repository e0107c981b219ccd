/* builtins.h -- the operations callable by name from expressions: each is a
 * ct_builtin_fn, named by its row in the registry (cli/registry.c). */
#ifndef CT_BUILTINS_H
#define CT_BUILTINS_H

#include "value.h"

#define CT_MAX_ARGS 8
#define CT_MAX_TARGS 16

typedef struct {
  const ct_value *a;  /* arguments */
  int n;
  const int *t;       /* template arguments: name<t0,t1,...>(...) */
  int nt;
  int has_t;          /* whether <...> was written at all */
} ct_args;

typedef ct_code (*ct_builtin_fn)(const ct_args *args, ct_value *out, ct_err *e);

/* A builtin of one layout, for the rows that keep a builtin (basis forms):
 * the argument converted (an ARG_TYPE names "NAME's layout"), the reference
 * function called, the result stored. A row without a builtin is called
 * from its argument kinds (signature.h, cli/call.c). */
typedef ct_code (*ct_layout_fn)(const ct_layout *L, ct_layout *out, ct_err *e);
ct_code ct_b_of_layout(const ct_args *a, ct_layout_fn f, const char *name, ct_value *out, ct_err *e);

/* builtins_core.c: queries and reshaping (spec/layout.md, spec/inttuple.md) */
ct_code ct_b_size(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_rank(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_depth(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_cosize(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_shape(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_stride(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_layout(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_get(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_congruent(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_weakly_congruent(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_compatible(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_crd2idx(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_idx2crd(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_eval(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_make_layout(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_append(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_prepend(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_flatten(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_group(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_take(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_select(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_slice(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_dice(const ct_args *a, ct_value *out, ct_err *e);

/* builtins_inttuple.c: IntTuple arithmetic (spec/inttuple.md) */
ct_code ct_b_product(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_sum(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_inner_product(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_prefix_product(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_shape_div(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_ceil_div(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_elem_scale(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_evenly_divides(const ct_args *a, ct_value *out, ct_err *e);

/* builtins_construct.c: constructors, upcast, downcast (spec/construct.md) */
ct_code ct_b_compact_col_major(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_compact_row_major(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_make_ordered_layout(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_make_layout_like(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_make_fragment_like(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_upcast(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_downcast(const ct_args *a, ct_value *out, ct_err *e);

/* builtins_algebra.c: coalesce, filter, composition, complement */
ct_code ct_b_coalesce(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_filter_zeros(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_filter(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_composition(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_with_shape(const ct_args *a, ct_value *out, ct_err *e);

/* builtins_inverse.c: inverses, max_common, nullspace (spec/inverse.md) */

/* builtins_divide.c: divides, products, tile_to_shape (spec/divide.md, spec/product.md) */
ct_code ct_b_tile_to_shape(const ct_args *a, ct_value *out, ct_err *e);

/* builtins_composed.c: swizzles and composed layouts (spec/swizzle.md,
 * spec/composed.md) */
ct_code ct_b_make_swizzle(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_make_composed_layout(const ct_args *a, ct_value *out, ct_err *e);
/* parts[0] o parts[1] o parts[2], checked (the literal and the builtin). */
ct_code ct_make_composed(const ct_value *parts, ct_value *out, ct_err *e);
/* builtins_atoms.c: the shared-memory atoms (spec/atoms.md) */
ct_code ct_b_gmma_atom(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_umma_atom_32b(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_gmma_sparse_atom(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_umma_sparse_atom_32b(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_recast_swizzle(const ct_args *a, ct_value *out, ct_err *e);
/* builtins_mma.c: the MMA atoms' thread-value layouts (spec/mma.md) */
ct_code ct_b_mma_tv_a(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_mma_tv_b(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_mma_tv_c(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_mma_shape(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_umma_tv_a(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_umma_tv_b(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_umma_tv_c(const ct_args *a, ct_value *out, ct_err *e);
/* builtins_tiled_mma.c: make_tiled_mma's TV layouts (spec/tiled_mma.md) */
ct_code ct_b_tiled_mma_a_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_mma_b_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_mma_c_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_mma_shape(const ct_args *a, ct_value *out, ct_err *e);
/* builtins_tiled_copy.c: make_tiled_copy and its _A/_B/_C forms (spec/tiled_copy.md) */
ct_code ct_b_tiled_copy_s_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_d_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_tile(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_a_s_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_a_d_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_a_tile(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_b_s_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_b_d_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_b_tile(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_c_s_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_c_d_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_c_tile(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_impl_s_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_impl_d_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_c_atom_s_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_c_atom_d_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_c_atom_tile(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_tidfrg_s(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_tidfrg_d(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_partition_s(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_partition_d(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_partition_s_offset(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_partition_d_offset(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_retile(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_a_retile(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_b_retile(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_c_retile(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_impl_retile(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_c_atom_retile(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_cotiled_retile(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_impl_tidfrg_s(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_impl_tidfrg_d(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_impl_partition_s(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_impl_partition_d(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_impl_partition_s_offset(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_impl_partition_d_offset(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_cotiled_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_cotiled_s_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_cotiled_d_tv(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_cotiled_tile(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tiled_copy_c_atom_tv(const ct_args *a, ct_value *out, ct_err *e);
/* builtins_copy.c: the copy atoms' thread-value layouts (spec/copy.md) */
ct_code ct_b_copy_tv_src(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_copy_tv_dst(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_copy_tv_ref(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_copy_tmem_addr(const ct_args *a, ct_value *out, ct_err *e);
/* The swizzle and non-swizzle portions of a composed layout (CL-PORTION). */
ct_code ct_b_get_swizzle_portion(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_get_nonswizzle_portion(const ct_args *a, ct_value *out, ct_err *e);
/* domain_offset(c, X): the coordinate's value moved into X's offset (DOFF-DEF). */
ct_code ct_b_domain_offset(const ct_args *a, ct_value *out, ct_err *e);
/* builtins_cutlass2x.c: the CUTLASS 2.x layouts (spec/cutlass2x.md) */
ct_code ct_b_pitch_linear(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_column_major(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_row_major(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_column_major_interleaved(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_row_major_interleaved(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tensor_nhwc(const ct_args *a, ct_value *out, ct_err *e);
/* builtins_tensorop.c: TensorOpMultiplicand{Congruous,Crosswise} (spec/cutlass2x.md) */
ct_code ct_b_tensor_op_congruous(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_tensor_op_crosswise(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_cm_top_congruous(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_rm_top_congruous(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_cm_top_crosswise(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_rm_top_crosswise(const ct_args *a, ct_value *out, ct_err *e);
/* EQUIV-2 where either value is a swizzle or a composed layout. */
int ct_composed_equivalent(const ct_value *a, const ct_value *b);
/* builtins_basis.c: basis strides (spec/basis.md); the operations of the
 * other pages call the ct_b_basis_* forms when an argument has basis strides */
typedef ct_code (*ct_tiler_op)(const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e);
ct_code ct_b_make_identity_layout(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_coprofile(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_coshape(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_basis_coalesce(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_basis_filter_zeros(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_basis_filter(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_basis_composition(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_basis_with_shape(const ct_args *a, ct_value *out, ct_err *e);
/* A divide of a basis-strided layout by a tiler; products reject it. */
ct_code ct_b_basis_tiler_call(const ct_args *a, ct_tiler_op op, ct_value *out, ct_err *e);

/* builtins_rearrange.c: spec/rearrange.md (append and prepend, with or
 * without <N>, live there) */
ct_code ct_b_replace(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_zip(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_unflatten(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_product_each(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_recast_layout(const ct_args *a, ct_value *out, ct_err *e); /* spec/recast.md */
/* spec/refine.md */

/* builtins_partition.c: spec/partition.md, and conform's judges of its
 * operations (ct_op_judge, registry.h) */
#include "judge/judge.h"
ct_code ct_b_inner_partition(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_outer_partition(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_local_tile(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_local_partition(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_inner_partition_offset(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_outer_partition_offset(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_local_tile_offset(const ct_args *a, ct_value *out, ct_err *e);
ct_code ct_b_local_partition_offset(const ct_args *a, ct_value *out, ct_err *e);
int ct_jx_inner_partition(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                          ct_judgement *j);
int ct_jx_outer_partition(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                          ct_judgement *j);
int ct_jx_local_tile(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                     ct_judgement *j);
int ct_jx_local_partition(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                          ct_judgement *j);
int ct_jx_inner_partition_offset(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                                 ct_judgement *j);
int ct_jx_outer_partition_offset(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                                 ct_judgement *j);
int ct_jx_local_tile_offset(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                            ct_judgement *j);
int ct_jx_local_partition_offset(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                                 ct_judgement *j);
ct_code ct_b_make_layout_tv_tiler(const ct_args *a, ct_value *out, ct_err *e);
int ct_jx_make_layout_tv(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                         ct_judgement *j);
int ct_jx_make_layout_tv_tiler(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                               ct_judgement *j);

#endif
