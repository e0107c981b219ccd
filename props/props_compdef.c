/* props_compdef.c -- COMP-11 (spec/composition.md): the procedure
 * (ref/composition.c, COMP-EXACT) and the definition (ref/composition_def.c,
 * COMP-DEF: Â∘B evaluated index by index and peeled) say the same wherever the
 * definition decides: both accept with the same function, or both reject. */
#include "props/props.h"
#include "props/props_list.h"
#include "ref/composition.h"
#include "ref/composition_def.h"

/* The procedure's rejections that say "no answer" (the preconditions'
 * table): every other code (UNDECIDED, CAPACITY, OVERFLOW, a representation
 * limit) says the procedure did not decide, and is not compared. */
CT_FN static int ct_cd_no_answer(ct_code c) {
  return c == CT_SHAPE_DIVISIBILITY || c == CT_STRIDE_DIVISIBILITY || c == CT_NOT_DISJOINT || c == CT_NEGATIVE_STRIDE;
}

CT_FN void ct_p_comp_11(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH int64_t F[CT_BRUTE_MAX];
  CT_SCRATCH unsigned char def[CT_BRUTE_MAX];
  ct_layout R, D;
  ct_err e;
  int64_t first = 0;
  ct_code got = ct_composition(&c->v[0], &c->v[1], &R, &e);
  ct_def_verdict v = ct_composition_def(&c->v[0], &c->v[1], F, def, CT_BRUTE_MAX, &D, &first);
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  if (v == CT_DEF_PAST_BOUND || (got != CT_OK && !ct_cd_no_answer(got))) {
    o->verdict = CT_SKIPPED; /* one side did not decide */
    return;
  }
  if (v == CT_DEF_ANSWER && got != CT_OK)
    CT_FAILS(o, "the procedure rejects with %s, but the definition finds R = %s", ct_code_name(got), ct_dv_show(&D));
  else if (v == CT_DEF_NO_ANSWER && got == CT_OK)
    CT_FAILS(o, "the procedure accepts, but by the definition no layout of B's nesting agrees with A^ o B on [0, %lld]",
             (long long)first);
  else if (v == CT_DEF_ANSWER && !ct_l_same_function(&R, &D))
    CT_FAILS(o, "the procedure's R and the definition's %s are different functions", ct_dv_show(&D));
}

/* The same on random pairs, most of them rejected (COMP-8's cases). */
CT_FN void ct_p_comp_11r(const ct_case *c, ct_outcome *o) { ct_p_comp_11(c, o); }
