/* plan.h -- plans (issue 16; spec/layout.md, Plans): a property's outcome on
 * a random case, reached with less work than building the case's trees and
 * running the property's check on them. A plan is the GPU's: it changes how
 * many instructions reach an answer, never the answer.
 *
 * A plan draws the case from the stream ct_case_gen draws it from, with the
 * same draws (props/gen.c: one source decides, a sink records), but into
 * flat leaves and a nesting code instead of trees, and computes the
 * verdict and the digest that the check computes on the trees, from the
 * reference's own flat cores. Where a case falls outside what the plan
 * holds, it answers 0 and the caller generates the case and runs the check.
 *
 * The check stays the definition (props/): device/plan_check.c runs both
 * on each case, the plan reading the case's trees and the plan drawing its
 * own flat case from the stream the trees came from, and fails where they
 * differ (device/plan_host_test.sh, in CI); on the GPU, `ct_gpu agree` runs
 * the plan and its host half runs the check, chunk by chunk. */
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
 * nesting past CT_NEST_CODE tokens). So the plan can be judged on any case
 * the check judges (device/plan_check.c). */
CT_FN int ct_plan_comp_of(const ct_layout *A, const ct_layout *B, int admissible, ct_plan_comp *fc);
/* COMP-2's outcome on *fc (ct_p_comp_2 on the trees); 0: not held. */
CT_FN int ct_plan_comp_2(const ct_plan_comp *fc, ct_outcome *o);
/* The case (seed, index, stream) of CT_GEN_COMP as the plan draws it. */
CT_FN void ct_plan_comp_at(const ct_gen_params *p, uint64_t seed, uint64_t index, uint64_t stream, ct_plan_comp *fc);
CT_FN unsigned ct_plan_comp_2_key_of(const ct_plan_comp *fc);

/* Property prop's plan on its random case (seed, index, stream): 1 with *o
 * set as ct_prop_check would set it, 0 where prop has no plan or the plan
 * does not hold the case (device/plan_comp.c dispatches). */
CT_FN int ct_plan_run(int prop, const ct_gen_params *p, uint64_t seed, uint64_t index, uint64_t stream, ct_outcome *o);
CT_FN int ct_plan_has(int prop);
/* The same in two steps, for a caller that keeps the drawn case (the GPU's
 * key kernel draws it for the sort key and keeps it, and the run judges
 * what was kept instead of drawing it again): ct_plan_draw draws prop's
 * plan case (seed, index, stream) into *fc, 1 where prop's plan has a case
 * of this form (COMP-2), else 0; ct_plan_key_of and ct_plan_run_of are
 * ct_plan_key and ct_plan_run on it. */
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

#endif
