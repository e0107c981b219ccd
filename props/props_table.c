/* props_table.c -- the property table and the dispatch the host engine and
 * the GPU kernels share (a switch, not function pointers, so that device
 * code can call it). */
#include "props/props.h"
#include "props/plan.h"
#include "props/props_list.h"

#define CT_X_INFO(fn, id, gen, op, fmt) {id, gen, op, fmt},
const ct_prop_info ct_props[] = {CT_PROPERTIES(CT_X_INFO)};
#undef CT_X_INFO
const int ct_num_props = (int)(sizeof ct_props / sizeof ct_props[0]);

enum {
#define CT_X_ENUM(fn, id, gen, op, fmt) CT_PROP_##fn,
  CT_PROPERTIES(CT_X_ENUM)
#undef CT_X_ENUM
  CT_PROP_COUNT
};

CT_FN void ct_prop_check(int prop, const ct_case *c, ct_outcome *o) {
  ct_outcome_clear(o);
  switch (prop) {
#define CT_X_CASE(fn, id, gen, op, fmt) \
  case CT_PROP_##fn: ct_p_##fn(c, o); break;
    CT_PROPERTIES(CT_X_CASE)
#undef CT_X_CASE
  default: o->verdict = CT_SKIPPED; break;
  }
}

/* Properties whose case only seeds the draw of another property's case
 * (props/plan.h): COMP-2/draw draws a COMP case, which COMP-2/plan checks. */
CT_FN int ct_prop_drawn(int prop, const ct_case *c, int *as_prop, ct_case *d) {
  uint64_t seed;
  switch (prop) {
  case CT_PROP_comp_2d:
    ct_plan_comp_2_drawn(c, &seed, d);
    *as_prop = CT_PROP_comp_2p;
    return 1;
  default: return 0;
  }
}

CT_FN unsigned ct_tree_class(const ct_tuple *t, uint64_t salt) {
  uint64_t h = ct_mix64(salt) ^ (uint64_t)t->n;
  int i;
  for (i = 0; i < t->n; ++i)
    h = ct_tree_node_mix(h, &t->nd[i]);
  return 1u + (unsigned)(h % 127u);
}

/* Sort classes (props/plan.h). The pairs (salt, how) are each property's
 * own call of ct_basis_a (props/props_basis.c); a pair that drifted from it
 * would cost speed on the GPU, not an answer. */
CT_FN unsigned ct_prop_key_class(int prop, const ct_case *c) {
  switch (prop) {
  case CT_PROP_basis_2: return ct_basis_class(c, 2, CT_BA_PLAIN);
  case CT_PROP_basis_3: return ct_basis_class(c, 3, CT_BA_PLAIN);
  case CT_PROP_basis_4: return ct_basis_class(c, 4, CT_BA_PLAIN);
  case CT_PROP_basis_5: return ct_basis_class(c, 5, CT_BA_DRAWN);
  case CT_PROP_basis_6: return ct_basis_class(c, 6, CT_BA_DRAWN);
  case CT_PROP_basis_7: return ct_basis7_class(c);
  case CT_PROP_basis_8: return ct_basis_class(c, 8, CT_BA_DRAWN);
  case CT_PROP_basis_9: return ct_basis_class(c, 9, CT_BA_RUNS);
  case CT_PROP_basis_10: return ct_basis10_class(c);
  case CT_PROP_basis_11: return ct_basis_class(c, 11, CT_BA_PLAIN);
  case CT_PROP_cl_1: return ct_cl_class(1, c);
  case CT_PROP_cl_2: return ct_cl_class(2, c);
  case CT_PROP_cl_3: return ct_cl_class(3, c);
  case CT_PROP_cl_4: return ct_cl_class(4, c);
  case CT_PROP_cl_5: return ct_cl_class(5, c);
  case CT_PROP_cl_6: return ct_cl_class(6, c);
  /* The derived operands' classes where they paid on an H200 (1.08x to
   * 1.48x: PROD-7, PROD-4, DIV-6, PROD-6, DIV-8, ...); the key kernel
   * derives the operand again, which PROD-5 (0.91x), BLK-1 and RAKE-1
   * (0.98x), PROD-2, BLK-2 and RAKE-2 (1.02x) do not earn back */
  case CT_PROP_prod_1:
  case CT_PROP_prod_3:
  case CT_PROP_prod_4:
  case CT_PROP_blk_3:
  case CT_PROP_blk_4:
  case CT_PROP_rake_3:
  case CT_PROP_rake_4: return ct_pp_class(c, 0);
  case CT_PROP_prod_6:
  case CT_PROP_prod_7: return ct_pp_class(c, 1);
  case CT_PROP_div_5:
  case CT_PROP_div_6:
  case CT_PROP_div_7:
  case CT_PROP_div_8: return ct_dv_class(c);
  case CT_PROP_tile_1: /* 1.11x; TILE-3 1.02x, TILE-4 1.00x */
  case CT_PROP_tile_2: return ct_pp_tile_class(c);
  case CT_PROP_mcl_e1: return ct_pi_mcl5_class(c);
  default: return 0;
  }
}

/* Plans (props/plan.h): the properties that have one. */
CT_FN int ct_plan_has(int prop) { return prop == CT_PROP_comp_2; }

/* A plan is its draw, its key and its answer (the three switches below);
 * ct_plan_run and ct_plan_key are the draw followed by the other two. */
CT_FN int ct_plan_run(int prop, const ct_gen_params *p, uint64_t seed, uint64_t index, uint64_t stream, ct_outcome *o) {
  ct_plan_comp fc;
  return ct_plan_draw(prop, p, seed, index, stream, &fc) && ct_plan_run_of(prop, &fc, o);
}

CT_FN unsigned ct_plan_key(int prop, const ct_gen_params *p, uint64_t seed, uint64_t index, uint64_t stream) {
  ct_plan_comp fc;
  return ct_plan_draw(prop, p, seed, index, stream, &fc) ? ct_plan_key_of(prop, &fc) : 0u;
}

CT_FN int ct_plan_draw(int prop, const ct_gen_params *p, uint64_t seed, uint64_t index, uint64_t stream,
                       ct_plan_comp *fc) {
  switch (prop) {
  case CT_PROP_comp_2: ct_plan_comp_at(p, seed, index, stream, fc); return 1;
  default: return 0;
  }
}

CT_FN unsigned ct_plan_key_of(int prop, const ct_plan_comp *fc) {
  switch (prop) {
  case CT_PROP_comp_2: return ct_plan_comp_2_key_of(fc);
  default: return 0;
  }
}

CT_FN int ct_plan_run_of(int prop, const ct_plan_comp *fc, ct_outcome *o) {
  switch (prop) {
  case CT_PROP_comp_2: return ct_plan_comp_2(fc, o);
  default: return 0;
  }
}
