/* host_twin.c -- the host half of the agreement check compiled as plain C11
 * (gcc), in the configuration of the GPU build (-DCT_MAX_NODES,
 * -DCT_BRUTE_MAX). It writes the chunk sums that `ct_gpu agree --host-only
 * --dump` writes (the same sources compiled as CUDA/C++ by nvcc); CI
 * compares the two files (device/agree_host_test.sh), so the C and the CUDA
 * compilation of ref/ and props/ are held to the same answers, case by case.
 *
 *   host_twin [--cases N] [--seed S] [--chunk C] [--only IDS] [--packed]
 *             [--exhaustive --bounds R,S,LO,HI --pair-bounds R,S,LO,HI] --dump FILE
 *
 * --packed: every case is drawn into a slot as the GPU's key kernel draws
 * it (ct_dev_case_key_slot) and answered from the slot as its draw-once run
 * answers it (ct_dev_accumulate_slot; a plan's case by the plan, as on the
 * GPU): the same sums as without, if a slot holds all that is read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/ct_dev.h"

static int ct_selected(const char *only, int p) { return !only || !*only || ct_dev_id_in(ct_props[p].id, only); }

static int ct_bounds_arg(const char *s, ct_bounds *b) {
  return sscanf(s, "%d,%d,%d,%d", &b->rank, &b->shape, &b->lo, &b->hi) == 4 && b->rank >= 1 && b->rank <= 4 &&
         b->shape >= 1 && b->lo <= b->hi;
}

int main(int argc, char **argv) {
  long long cases = 10000, chunk = 65536;
  unsigned long long seed = 0xC0FFEEu;
  const char *only = 0, *dump = 0;
  int exhaustive = 0, packed = 0, k, p;
  long long n_cases = 0, n_packed = 0;
  ct_bounds b1, b2;
  FILE *f;
  b1.rank = 3, b1.shape = 4, b1.lo = -4, b1.hi = 8;
  b2.rank = 2, b2.shape = 4, b2.lo = -1, b2.hi = 6;
  for (k = 1; k < argc; ++k) {
    const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : 0;
    if (strcmp(a, "--cases") == 0 && v) cases = strtoll(argv[++k], 0, 0);
    else if (strcmp(a, "--seed") == 0 && v) seed = strtoull(argv[++k], 0, 0);
    else if (strcmp(a, "--chunk") == 0 && v) chunk = strtoll(argv[++k], 0, 0);
    else if (strcmp(a, "--only") == 0 && v) only = argv[++k];
    else if (strcmp(a, "--dump") == 0 && v) dump = argv[++k];
    else if (strcmp(a, "--exhaustive") == 0) exhaustive = 1;
    else if (strcmp(a, "--packed") == 0) packed = 1;
    else if (strcmp(a, "--bounds") == 0 && v && ct_bounds_arg(v, &b1)) ++k;
    else if (strcmp(a, "--pair-bounds") == 0 && v && ct_bounds_arg(v, &b2)) ++k;
    else {
      fprintf(stderr, "host_twin: bad argument '%s'\n", a);
      return 2;
    }
  }
  if (!dump || chunk < 1) {
    fprintf(stderr, "usage: host_twin [--cases N] [--seed S] [--chunk C] [--only IDS] [--packed] [--exhaustive ...] --dump FILE\n");
    return 2;
  }
  f = fopen(dump, "w");
  if (!f) {
    fprintf(stderr, "host_twin: cannot write %s\n", dump);
    return 2;
  }
  for (p = 0; p < ct_num_props; ++p) {
    ct_dev_job j;
    long long count, ci;
    if (!ct_selected(only, p)) continue;
    memset(&j, 0, sizeof j);
    j.prop = p;
    j.gen = ct_props[p].gen;
    j.source = exhaustive ? CT_SRC_ENUM : CT_SRC_RANDOM;
    j.seed = seed;
    j.stream = ct_hash_str(ct_props[p].id);
    ct_gen_default(&j.params);
    j.b1 = b1;
    j.b2 = b2;
    j.plan = packed; /* --packed: a plan's case goes through its slot too, and its answers are the check's */
    count = exhaustive ? (long long)ct_enum_count(&j) : cases;
    for (ci = 0; ci * chunk < count; ++ci) {
      ct_dev_acc a;
      long long k1 = (ci + 1) * chunk < count ? (ci + 1) * chunk : count;
      memset(&a, 0, sizeof a);
      if (packed) { /* as the GPU's draw-once run: the key kernel's slot, then the run from it */
        long long kk;
        for (kk = ci * chunk; kk < k1; ++kk) {
          static ct_case c;
          static ct_slot s;
          ct_dev_case_key_slot(&j, CT_KEY_SHAPE, kk, &c, &s);
          n_packed += ct_dev_planned(j.plan, &j) ? s.p.an >= 0 : s.c.n >= 0;
          ++n_cases;
          ct_dev_accumulate_slot(&j, kk, &s, &a);
        }
      } else {
        ct_dev_accumulate(&j, ci * chunk, k1, &a);
      }
      fprintf(f, "%s %lld %016llx %llu %llu %llu\n", ct_props[p].id, ci, (unsigned long long)a.hash,
              (unsigned long long)a.cases, (unsigned long long)a.admissible, (unsigned long long)a.failures);
    }
  }
  fclose(f);
  if (packed) printf("packed: %lld of %lld cases (the others did not fit a slot and were drawn again)\n", n_packed, n_cases);
  return 0;
}
