/* plan_check.c -- COMP-2's plan (device/plan.h) against COMP-2's check
 * (props/, the definition), case by case, on the host: what the plan may
 * not do is change an answer, and this is where that is shown (CI:
 * device/plan_host_test.sh). Two ways:
 *   trees: the plan reads the case's trees (ct_plan_comp_of), on COMP's
 *          random cases and on the enumerated pairs (inadmissible included),
 *          so a difference names the case the check judged;
 *   drawn: the plan draws its own flat case (ct_plan_comp_at) from the
 *          stream of COMP-2's random case k, as the GPU draws it, against
 *          the check on the trees ct_case_gen draws from that stream, so a
 *          difference in the two draws shows too.
 * A difference prints the case, both outcomes and how to run it again; the
 * exit status is then 1.
 *
 *   plan_check [--cases N] [--seed S] [--bounds R,S,LO,HI] [--mutant N]
 *
 * --bounds: the enumerated pairs' bounds (default 2,3,-1,3); --mutant N
 * (mutant builds only): against mutant N of the reference, where the plan
 * must differ from the check if its own flat reading is broken (mutant 172). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/ct_dev.h"
#include "device/prop_index.h"
#include "props/engine.h"
#ifdef CT_WITH_MUTANTS
#include "mutants/ct_mutant.h"
#endif

typedef struct {
  long long cases, held, differ;
} ct_tally;

static int ct_differ(const ct_outcome *def, const ct_outcome *plan) {
  return plan->verdict != def->verdict || plan->digest != def->digest;
}

static void ct_print_outcome(const char *who, const ct_outcome *o) {
  printf("  %s verdict %d (0 pass, 1 fail, 2 skip), digest %016llx%s%s\n", who, (int)o->verdict,
         (unsigned long long)o->digest, o->verdict == CT_FAILED ? ": " : "", o->verdict == CT_FAILED ? o->why : "");
}

/* The check on *c against the plan's outcome *plan where it held the case. */
static void ct_compare(const char *how, const char *where, const ct_case *c, int held, const ct_outcome *plan,
                       ct_tally *t) {
  ct_outcome def;
  char buf[4096];
  ++t->cases;
  if (!held) return;
  ++t->held;
  ct_prop_check(CT_PROP_comp_2, c, &def);
  if (!ct_differ(&def, plan)) return;
  if (++t->differ > 5) return;
  ct_case_print(CT_PROP_comp_2, c, buf, sizeof buf);
  printf("DIFFER (%s) %s\n  case:   %s\n", how, where, buf);
  ct_print_outcome("the check:", &def);
  ct_print_outcome("the plan: ", plan);
}

/* The plan on a case's trees. */
static void ct_on_trees(const char *how, const char *where, const ct_case *c, ct_tally *t) {
  ct_plan_comp fc;
  ct_outcome plan;
  int held = ct_plan_comp_of(&c->v[0], &c->v[1], c->admissible, &fc) && ct_plan_comp_2(&fc, &plan);
  ct_compare(how, where, c, held, &plan, t);
}

static int ct_bounds_arg(const char *s, ct_bounds *b) {
  return sscanf(s, "%d,%d,%d,%d", &b->rank, &b->shape, &b->lo, &b->hi) == 4 && b->rank >= 1 && b->rank <= 4 &&
         b->shape >= 1 && b->lo <= b->hi;
}

static void ct_report(const char *how, const ct_tally *t) {
  printf("%-6s %lld cases, %lld held by the plan, %lld differ\n", how, t->cases, t->held, t->differ);
}

int main(int argc, char **argv) {
  long long cases = 20000, k, n;
  unsigned long long seed = 0xC0FFEEu;
  ct_dev_job j;
  ct_tally drawn, trees, enumerated;
  char where[128];
  int a;
  memset(&j, 0, sizeof j);
  j.b2.rank = 2, j.b2.shape = 3, j.b2.lo = -1, j.b2.hi = 3;
  for (a = 1; a < argc; ++a) {
    const char *v = a + 1 < argc ? argv[a + 1] : 0;
    if (strcmp(argv[a], "--cases") == 0 && v) cases = strtoll(argv[++a], 0, 0);
    else if (strcmp(argv[a], "--seed") == 0 && v) seed = strtoull(argv[++a], 0, 0);
    else if (strcmp(argv[a], "--bounds") == 0 && v && ct_bounds_arg(v, &j.b2)) ++a;
#ifdef CT_WITH_MUTANTS
    else if (strcmp(argv[a], "--mutant") == 0 && v) ct_active_mutant = atoi(argv[++a]);
#endif
    else {
      fprintf(stderr, "usage: plan_check [--cases N] [--seed S] [--bounds R,S,LO,HI]%s\n",
#ifdef CT_WITH_MUTANTS
              " [--mutant N]"
#else
              ""
#endif
      );
      return 2;
    }
  }
  memset(&drawn, 0, sizeof drawn);
  trees = enumerated = drawn;
  j.prop = CT_PROP_comp_2;
  j.gen = ct_props[CT_PROP_comp_2].gen;
  j.seed = seed;
  j.stream = ct_hash_str(ct_props[CT_PROP_comp_2].id);
  ct_gen_default(&j.params);
  for (k = 0; k < cases; ++k) { /* drawn: as the GPU runs COMP-2's case k, and as the host does */
    ct_case c;
    ct_outcome plan;
    int held = ct_plan_run(CT_PROP_comp_2, &j.params, j.seed, (uint64_t)k, j.stream, &plan);
    j.source = CT_SRC_RANDOM;
    ct_dev_case(&j, k, &c);
    snprintf(where, sizeof where, "COMP-2 seed=0x%llx index=%lld", seed, k);
    ct_compare("drawn", where, &c, held, &plan, &drawn);
    ct_on_trees("trees", where, &c, &trees); /* the same case's trees, read by the plan */
  }
  j.source = CT_SRC_ENUM;
  for (k = 0, n = ct_enum_count(&j); k < n; ++k) {
    ct_case c;
    ct_dev_case(&j, k, &c);
    snprintf(where, sizeof where, "enumerated pair %lld", k);
    ct_on_trees("enum", where, &c, &enumerated);
  }
  ct_report("drawn", &drawn);
  ct_report("trees", &trees);
  ct_report("enum", &enumerated);
  if (drawn.differ + trees.differ + enumerated.differ > 0) {
    printf("plan_check: COMP-2's plan differs from its check\n");
    return 1;
  }
  printf("plan_check: COMP-2's plan gives its check's answer on every case it holds\n");
  return 0;
}
