/* props_fast.c -- issue 16: each fast path of ref/ checked against the
 * readable function that defines it, case by case (the answer and the error
 * code must be the same). */
#include "props/props.h"
#include "props/plan.h"
#include "props/props_list.h"

/* The indices LAYOUT-2/integer visits: [0, min(size, CT_BRUTE_MAX)), then k0
 * (in [0, 2*size): past the size too), a few far ones (an overflow) and a
 * negative one (COORD_OUT_OF_RANGE). */
#define CT_FAST_EXTRA 6
CT_FN static int64_t ct_fast_index(const ct_case *c, int64_t n, int64_t t) {
  int64_t k = c->k[0];
  if (t < n) return t;
  switch (t - n) {
  case 0: return k;
  case 1: return k + ((int64_t)1 << 40);
  case 2: return INT64_MAX - k;
  case 3: return ((int64_t)1 << 62) + k;
  case 4: return -1 - k;
  default: return INT64_MIN + k;
  }
}

/* LAYOUT-2/integer: ct_l_eval (one pass over the leaves) is ct_crd2idx of
 * the integer coordinate i (LAYOUT-EVAL, the recursion of the definition). */
CT_FN void ct_p_layout_2i(const ct_case *c, ct_outcome *o) {
  const ct_layout *L = &c->v[0];
  int64_t t, n = ct_size(L);
  uint64_t h = 0;
  if (n < 0 || n > CT_BRUTE_MAX) n = CT_BRUTE_MAX;
  for (t = 0; t < n + CT_FAST_EXTRA; ++t) {
    int64_t i = ct_fast_index(c, n, t), fast = 0;
    ct_tuple crd;
    ct_val def;
    ct_err e1, e2;
    ct_code a, b;
    def.v = 0;
    ct_t_set_int(&crd, i, 0);
    a = ct_l_eval(L, i, &fast, &e1);
    b = ct_crd2idx(&crd, L, &def, &e2);
    if (a != b || (a == CT_OK && fast != def.v)) {
      CT_FAILS(o, "L(%lld) = %s %lld, crd2idx(%lld, L) = %s %lld", (long long)i, ct_code_name(a), (long long)fast,
               (long long)i, ct_code_name(b), (long long)def.v);
      return;
    }
    h = ct_mix64(h ^ (uint64_t)(a == CT_OK ? fast : (int64_t)a));
  }
  o->digest = h;
}

/* The indices LAYOUT-2/walk visits after [0, n) in order (the odometer's
 * steps): jumps inside [0, size) (k0's index, the one after it: a step after
 * a jump, the last, 0), then LAYOUT-2/integer's indices past n (outside
 * [0, size) where n is the size: ct_l_eval itself). */
#define CT_WALK_JUMPS 4
CT_FN static int64_t ct_walk_index(const ct_case *c, int64_t n, int64_t size, int64_t t) {
  int64_t k = size > 0 ? c->k[0] % size : 0;
  if (t < n) return t;
  switch (t - n) {
  case 0: return k;
  case 1: return k + 1;
  case 2: return size - 1;
  case 3: return 0;
  default: return ct_fast_index(c, n, n + (t - n - CT_WALK_JUMPS));
  }
}

/* LAYOUT-2/walk: the leaf form's L(i) (ref/leaf_form.h: an odometer step
 * from the last index, or a jump by division) is ct_l_eval's, the error
 * included, whatever the order of the indices. */
CT_FN void ct_p_layout_2w(const ct_case *c, ct_outcome *o) {
  const ct_layout *L = &c->v[0];
  ct_leaf_form F;
  int64_t t, size = ct_size(L), n = size;
  uint64_t h = 0;
  if (n < 0 || n > CT_BRUTE_MAX) n = CT_BRUTE_MAX;
  ct_lf_init(&F, L);
  for (t = 0; t < n + CT_WALK_JUMPS + CT_FAST_EXTRA; ++t) {
    int64_t i = ct_walk_index(c, n, size, t), fast = 0, def = 0;
    ct_err e1, e2;
    ct_code a = ct_lf_eval(&F, i, &fast, &e1), b = ct_l_eval(L, i, &def, &e2);
    if (a != b || (a == CT_OK && fast != def)) {
      CT_FAILS(o, "leaf form: L(%lld) = %s %lld, ct_l_eval %s %lld", (long long)i, ct_code_name(a), (long long)fast,
               ct_code_name(b), (long long)def);
      return;
    }
    h = ct_mix64(h ^ (uint64_t)(a == CT_OK ? fast : (int64_t)a));
  }
  o->digest = h;
}

/* COMP-2/plan: COMP-2's plan (props/plan.h) gives COMP-2's check's outcome,
 * verdict and digest, on this case, read from its trees (ct_plan_comp_of),
 * so that a failure shrinks like any other. A case the plan does not hold
 * is left to the check (counted in the digest). */
CT_FN static int ct_comp_2p_differ(const ct_outcome *def, const ct_outcome *plan) {
  return plan->verdict != def->verdict || plan->digest != def->digest;
}

CT_FN void ct_p_comp_2p(const ct_case *c, ct_outcome *o) {
  ct_plan_comp fc;
  ct_outcome def, plan;
  int held;
  ct_outcome_clear(&def);
  ct_p_comp_2(c, &def);
  held = ct_plan_comp_of(&c->v[0], &c->v[1], c->admissible, &fc) && ct_plan_comp_2(&fc, &plan);
  o->digest = ct_mix64(def.digest ^ (uint64_t)def.verdict ^ (held ? 0u : 0x9a1u));
  if (held && ct_comp_2p_differ(&def, &plan))
    CT_FAILS(o, "the check: verdict %d, digest %016llx%s%s; the plan: verdict %d, digest %016llx%s%s (0 pass, 1 fail, 2 skip)",
             (int)def.verdict, (unsigned long long)def.digest, def.verdict == CT_FAILED ? ": " : "",
             def.verdict == CT_FAILED ? def.why : "", (int)plan.verdict, (unsigned long long)plan.digest,
             plan.verdict == CT_FAILED ? ": " : "", plan.verdict == CT_FAILED ? plan.why : "");
}

/* COMP-2/draw: what the GPU runs, the plan's own flat draw judged by the
 * plan, gives what the host runs, ct_case_gen's trees judged by the check,
 * on the COMP case drawn from a stream seeded by this case's digest. Its
 * failure names the drawn case: this case only seeds it, so the engine
 * reports and shrinks the drawn case under COMP-2/plan instead of shrinking
 * the seed (ct_prop_drawn, props/props_table.c). */
CT_FN void ct_plan_comp_2_drawn(const ct_case *c, uint64_t *seed, ct_case *d) {
  ct_gen_params p;
  *seed = ct_digest_layout(&c->v[0]) ^ ct_mix64(ct_digest_layout(&c->v[1]));
  ct_gen_default(&p);
  ct_case_gen(CT_GEN_COMP, &p, *seed, 0, 0, d);
}

CT_FN void ct_p_comp_2d(const ct_case *c, ct_outcome *o) {
  ct_gen_params p;
  ct_case d;
  ct_outcome def, plan;
  uint64_t seed;
  int held;
  ct_gen_default(&p);
  ct_plan_comp_2_drawn(c, &seed, &d);
  ct_outcome_clear(&def);
  ct_p_comp_2(&d, &def);
  held = ct_plan_comp_2_run(&p, seed, 0, 0, &plan);
  o->digest = ct_mix64(def.digest ^ (uint64_t)def.verdict ^ (held ? 0u : 0x9a1u));
  if (held && ct_comp_2p_differ(&def, &plan))
    CT_FAILS(o, "composition(%s, %s), drawn with seed %016llx: the check on its trees: verdict %d, digest %016llx; the "
                "plan, drawn flat: verdict %d, digest %016llx",
             ct_dv_show(&d.v[0]), ct_dv_show(&d.v[1]), (unsigned long long)seed, (int)def.verdict,
             (unsigned long long)def.digest, (int)plan.verdict, (unsigned long long)plan.digest);
}
