/* plan.h -- plans (issue 16; spec/layout.md, Plans): a property's outcome on
 * a random case, reached with less work than building the case's trees and
 * running the property's check on them.
 *
 * A plan draws the case from the stream ct_case_gen draws it from, with the
 * same draws (props/gen.c: one source decides, a sink records), but into
 * flat leaves and a nesting code instead of trees, and computes the
 * verdict and the digest that the check computes on the trees, from the
 * reference's own flat cores. Where a case falls outside what the plan
 * holds, it answers 0 and the caller generates the case and runs the check.
 *
 * The check stays the definition: COMP-2/plan runs both on each of its cases
 * (the plan from the case's trees) and fails where they differ, COMP-2/draw
 * runs the plan's flat draw against the check on the same stream's trees;
 * on the GPU, `ct_gpu agree` runs the plan and its host half runs the
 * check, chunk by chunk (device/). */
#ifndef CT_PLAN_H
#define CT_PLAN_H

#include "props/props.h"

/* A case of CT_GEN_COMP, flat: A's and B's leaves in preorder and B's
 * nesting (A's nesting is drawn and dropped: Â and A(x) read the leaves
 * alone, colexicographically). */
typedef struct {
  ct_modes a, b;
  ct_nest_code bn;
  int admissible; /* a rejection is a failure (ct_rejected); drawn cases are */
} ct_plan_comp;

/* The draws of ct_gen_comp_pair from r. */
CT_FN void ct_plan_comp_draw(ct_rng *r, const ct_gen_params *p, ct_plan_comp *fc);
/* A case given as trees (A, B), in the plan's form: 0 where it is not one
 * (a leaf that is not a plain integer, a `<...>`, B without a leaf, B's
 * nesting past CT_NEST_CODE tokens). So COMP-2/plan judges the plan on the
 * case it prints, which shrinks. */
CT_FN int ct_plan_comp_of(const ct_layout *A, const ct_layout *B, int admissible, ct_plan_comp *fc);
/* COMP-2's outcome on *fc (ct_p_comp_2 on the trees); 0: not held. */
CT_FN int ct_plan_comp_2(const ct_plan_comp *fc, ct_outcome *o);
/* COMP-2/draw's case c only seeds a draw: the COMP case it judges, into *d,
 * and the seed of its stream. */
CT_FN void ct_plan_comp_2_drawn(const ct_case *c, uint64_t *seed, ct_case *d);
/* The case (seed, index, stream) of CT_GEN_COMP, drawn and judged by COMP-2's plan. */
CT_FN int ct_plan_comp_2_run(const ct_gen_params *p, uint64_t seed, uint64_t index, uint64_t stream, ct_outcome *o);

/* A property whose case c only seeds the draw of a case *d of property
 * *as_prop: 1 (COMP-2/draw: its COMP case, under COMP-2/plan), else 0. The
 * engine reports and shrinks such a failure on *d (props/props_table.c). */
CT_FN int ct_prop_drawn(int prop, const ct_case *c, int *as_prop, ct_case *d);

/* Property prop's plan on its random case (seed, index, stream): 1 with *o
 * set as ct_prop_check would set it, 0 where prop has no plan or the plan
 * does not hold the case (props/props_table.c dispatches). */
CT_FN int ct_plan_run(int prop, const ct_gen_params *p, uint64_t seed, uint64_t index, uint64_t stream, ct_outcome *o);
CT_FN int ct_plan_has(int prop);
/* The same in two steps, for a caller that keeps the drawn case (device/:
 * the GPU's key kernel draws it for the sort key and keeps it, and the run
 * judges what was kept instead of drawing it again): ct_plan_draw draws
 * prop's plan case (seed, index, stream) into *fc, 1 where prop's plan has
 * a case of this form (COMP-2), else 0; ct_plan_key_of and ct_plan_run_of
 * are ct_plan_key and ct_plan_run on it. */
CT_FN int ct_plan_draw(int prop, const ct_gen_params *p, uint64_t seed, uint64_t index, uint64_t stream,
                       ct_plan_comp *fc);
CT_FN unsigned ct_plan_key_of(int prop, const ct_plan_comp *fc);
CT_FN int ct_plan_run_of(int prop, const ct_plan_comp *fc, ct_outcome *o);
/* What the plan's work on the case depends on, as a sort key below 2^24
 * (device/ct_dev.h: the GPU orders each chunk's cases by it, so the lanes
 * of a warp run alike loops): for COMP-2, the bit length of size(B) (the
 * judge's loop) first, then B's leaves and A's. Any key gives the same
 * answers; 0 where prop has no plan. */
CT_FN unsigned ct_plan_key(int prop, const ct_gen_params *p, uint64_t seed, uint64_t index, uint64_t stream);
CT_FN unsigned ct_plan_comp_2_key_of(const ct_plan_comp *fc);
/* The case (seed, index, stream) of CT_GEN_COMP as the plan draws it. */
CT_FN void ct_plan_comp_at(const ct_gen_params *p, uint64_t seed, uint64_t index, uint64_t stream, ct_plan_comp *fc);

/* A class (1 to 127; 0: none) of what property prop's work on case c turns
 * on that the case's trees do not show: the paths of the A a BASIS property
 * draws (ct_basis_class), the choices a CL property makes from k1
 * (ct_cl_class), the operands a product, DIV tiler or TILE property
 * derives (ct_pp_class, ct_dv_class, ct_pp_tile_class). The GPU sorts a
 * launch's cases by it after their tree shapes (device/ct_dev.h); it changes
 * the order of the runs, never an answer. */
CT_FN unsigned ct_prop_key_class(int prop, const ct_case *c);
/* How a BASIS property gives its case's first layout basis strides
 * (ct_basis_a, props/props_basis.c): the runs not kept, kept, kept or not
 * as drawn, or kept in a layout that gets basis strides only half the time
 * (BASIS-7). */
enum { CT_BA_PLAIN, CT_BA_RUNS, CT_BA_DRAWN, CT_BA_HALF };
CT_FN unsigned ct_basis_class(const ct_case *c, int salt, int how);
/* BASIS-7's: A's kind and the paths of B's first leaves. */
CT_FN unsigned ct_basis7_class(const ct_case *c);
/* BASIS-10's: B's negative strides apart, then ct_basis_class. */
CT_FN unsigned ct_basis10_class(const ct_case *c);
CT_FN unsigned ct_cl_class(int n, const ct_case *c);
/* h mixed with one node's place in a tree's shape (its kind, rank and mark,
 * not its value): the tree hashes of the GPU's sort keys (device/ct_dev.h)
 * and of ct_tree_class. */
CT_FN static inline uint64_t ct_tree_node_mix(uint64_t h, const ct_node *x) {
  return ct_mix64(h ^ ((uint64_t)x->kind | (uint64_t)x->rank << 4 | (uint64_t)x->mark << 12));
}
/* The class of a tree's shape (its nodes' kinds, ranks and marks) and of a
 * salt, hashed to 1..127. */
CT_FN unsigned ct_tree_class(const ct_tuple *t, uint64_t salt);
/* The shape of the operand a product property derives from its case (the
 * divisor B of ct_pp_operand, or with tiler the tiler T of
 * ct_pp_tiler_case), and of the nested tiler a DIV tiler property derives
 * (ct_dv_nested_tiler; 1 where it derives none): ct_tree_class of it. */
CT_FN unsigned ct_pp_class(const ct_case *c, int tiler);
CT_FN unsigned ct_dv_class(const ct_case *c);
/* A TILE case's target shape, whether it has an order, and its copies. */
CT_FN unsigned ct_pp_tile_class(const ct_case *c);
/* Whether the b an MCL-5 case derives has a negative stride. */
CT_FN unsigned ct_pi_mcl5_class(const ct_case *c);

#endif
