/* sweep.cu -- ct_sweep: the exhaustive composition sweep (device/ct_sweep.h)
 * on every GPU of the machine, or on the host's cores.
 *
 *   ct_sweep [--ra 2 --rb 3 --smax 8 --dlo 0 --dhi 16] [--exact] [--brute]
 *            [--shard I/N] [--gpus all|0,1,..] [--host [--procs P]]
 *   ct_sweep --explain 'A' 'B'     one pair, on the host, with its verdict
 *
 * One source: this file is a unity build of the reference sources the sweep
 * needs (composition and what it calls), so the core inlines into the
 * kernel; the host loop and the GPU kernel call the same ct_sweep_unit. */
#define _POSIX_C_SOURCE 200809L
/* The sweep's boxes: B of rank <= 4 with leaves of size <= 16 splits into at
 * most 16 modes, A into at most 5 digits (ref/carry.h; more: CAPACITY). */
#define CT_COMP_MODES 16
#include "ref/ct_error.c"
#include "ref/inttuple.c"
#include "ref/layout.c"
#include "ref/modes.c"
#include "ref/coalesce.c"
#include "ref/basis.c" /* ct_l_same_function of basis strides */
#include "ref/ahat.c"
#include "ref/carry.c"
#include "ref/composition.c"
#include "ref/notation.h"
#if !CT_ON_DEVICE
#include "ref/notation.c" /* host only: printing and --explain's parsing */
#endif

#define CT_PROG "ct_sweep"
#include "device/ct_cuda.h"
#include "device/ct_sweep.h"
#include "device/sweep_fast.h"
#include "device/ct_fork.h"

#include <cuda_runtime.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

/* Brute-force cross-check with the tree API: the reference's
 * ct_composition on the layouts A and B gives the core's code and leaves,
 * and R(i) == Â(B(i)) point by point with ct_l_eval. */
CT_FN static int ct_sweep_brute_accepted(const ct_sweep_a *A, int rb, const int *bs, const int *bd, const ct_sweep_leaf *r,
                                         ct_code core_code) {
  ct_modes am, bm;
  ct_layout LA, LB, R;
  ct_err e;
  ct_code code;
  int k, i, j;
  int64_t n = 1, x, want, got;
  am.n = bm.n = 0;
  for (k = 0; k < A->rn; ++k) ct_modes_push(&am, A->rs[k], 0, A->rd[k], 0);
  for (k = 0; k < rb; ++k) {
    ct_modes_push(&bm, bs[k], 0, bd[k], 0);
    n *= bs[k];
  }
  if (am.n == 1) ct_l_set_int(&LA, am.m[0].s, 0, am.m[0].d, 0);
  else ct_modes_to_layout(&am, &LA, &e);
  if (bm.n == 1) ct_l_set_int(&LB, bm.m[0].s, 0, bm.m[0].d, 0);
  else ct_modes_to_layout(&bm, &LB, &e);
  code = ct_composition(&LA, &LB, &R, &e);
  if (code != core_code) return 0;
  if (code != CT_OK) return 1;
  /* same leaves as the core, leaf by leaf */
  j = 0;
  for (i = 0; i < rb; ++i)
    for (k = 0; k < r[i].n; ++k, ++j) {
      while (j < R.shape.n && R.shape.nd[j].kind != CT_INT) ++j;
      if (j >= R.shape.n || R.shape.nd[j].v != r[i].m[k].s || R.stride.nd[j].v != r[i].m[k].d) return 0;
    }
  for (x = 0; x < n; ++x) {
    int ok = 1;
    int64_t bx;
    if (ct_l_eval(&LB, x, &bx, &e) != CT_OK || ct_l_eval(&R, x, &got, &e) != CT_OK) return 0;
    want = ct_sweep_ahat(A, bx, &ok);
    if (!ok || want != got) return 0;
  }
  return 1;
}

/* Per-unit outcome for the examples. */
typedef struct {
  int fail_v0, fail_code, cons_v0, cons_code;
} ct_unit_ex;

/* The unit's example of `kind` (1: its first failure, 2: its first
 * conservative rejection): A's digits, B's with the first one v0. */
CT_FN static void ct_unit_example(const ct_unit_ex *e, int kind, const int *va, int ra, const int *vb, int rb,
                                  ct_sweep_pair *p) {
  int m, v0 = kind == 1 ? e->fail_v0 : e->cons_v0;
  p->ra = ra;
  p->rb = rb;
  p->kind = kind;
  p->code = kind == 1 ? e->fail_code : e->cons_code;
  for (m = 0; m < CT_SWEEP_MAX_RANK; ++m) {
    p->va[m] = m < ra ? va[m] : 0;
    p->vb[m] = m == 0 ? v0 : m < rb ? vb[m] : 0;
  }
}

/* Unit u: A and B's modes 1.. fixed, B's mode 0 over all its values. */
CT_FN static void ct_sweep_unit(const ct_sweep_bounds *b, int64_t u, ct_sweep_counts *n, ct_unit_ex *ex, int *va,
                                int *ra_out, int *vb, int *rb_out) {
  int64_t per = ct_sweep_per(b), T = ct_sweep_num_tails(b), ai = u / T, ti = u % T;
  int ra, rb, k, v0, as[CT_SWEEP_MAX_RANK], ad[CT_SWEEP_MAX_RANK], bs[CT_SWEEP_MAX_RANK], bd[CT_SWEEP_MAX_RANK];
  ct_sweep_leaf r[CT_SWEEP_MAX_RANK];
  ct_ahat h;
  ct_sweep_a A;
  ct_err e;
  ra = ct_sweep_decode(ai, per, b->exact ? b->ra : 1, va);
  if (b->exact) {
    rb = b->rb;
    if (rb > 1) ct_sweep_decode(ti, per, rb - 1, vb + 1);
  } else if (ti == 0) {
    rb = 1;
  } else {
    rb = 1 + ct_sweep_decode(ti - 1, per, 1, vb + 1);
  }
  *ra_out = ra;
  *rb_out = rb;
  for (k = 0; k < ra; ++k) ct_sweep_mode(b, va[k], &as[k], &ad[k]);
  for (k = 1; k < rb; ++k) ct_sweep_mode(b, vb[k], &bs[k], &bd[k]);
  ct_sweep_a_init(&A, ra, as, ad, b->dlo < 0);
  ct_sweep_prepare(ra, as, ad, &h);
  ex->fail_v0 = ex->cons_v0 = -1;
  for (v0 = 0; v0 < per; ++v0) {
    ct_code code;
    ct_sweep_mode(b, v0, &bs[0], &bd[0]);
    code = ct_sweep_compose(&h, rb, bs, bd, r, &e);
    ++n->pairs;
    if (code == CT_UNDECIDED) { /* neither accepted nor rejected (COMP-SEARCH) */
      ++n->undecided;
      continue;
    }
    if (code == CT_OK) {
      int ok = ct_sweep_check_accepted(&A, rb, bs, bd, r);
      ++n->accepted;
      if (b->brute) {
        int ok2 = 1, jj, m;
        /* the exact criterion against every point */
        for (jj = 0; jj < rb; ++jj) {
          int64_t size = 1;
          for (m = 0; m < r[jj].n; ++m) size *= r[jj].m[m].s;
          ok2 = ok2 && size == bs[jj];
        }
        if (ok2) ok2 = ct_sweep_brute_values(&A, rb, bs, bd, r, 0, &ok2) && ok2;
        if (ok2 != ok) ++n->by_code[0]; /* slot 0 (CT_OK): fast and brute checks disagree */
        ok = ok && ok2 && ct_sweep_brute_accepted(&A, rb, bs, bd, r, CT_OK);
      }
      if (!ok) {
        ++n->failures;
        if (ex->fail_v0 < 0) {
          ex->fail_v0 = v0;
          ex->fail_code = CT_OK;
        }
      }
    } else {
      int exists = ct_sweep_answer_exists(&A, rb, bs, bd, b->brute);
      ++n->rejected;
      ++n->by_code[code < CT_SWEEP_CODES ? code : CT_SWEEP_CODES - 1];
      if (b->brute && !ct_sweep_brute_accepted(&A, rb, bs, bd, r, code)) exists = -1;
      if (exists < 0) {
        ++n->failures;
        if (ex->fail_v0 < 0) {
          ex->fail_v0 = v0;
          ex->fail_code = code;
        }
      } else if (exists) {
        ++n->rej_answer_exists;
        if (ex->cons_v0 < 0) {
          ex->cons_v0 = v0;
          ex->cons_code = code;
        }
      } else {
        ++n->rej_no_answer;
      }
    }
  }
}

/* ---- the fast form (device/sweep_fast.h) ---------------------------------------------- */

/* A's fast-form tables: T[a*per + v] the word of leaf value v, FA[a] the
 * limits, H[a*CT_SWEEP_CODES + c] how many leaf values v the core rejects
 * alone with code c (for the counts by code, added a unit at a time). */
typedef struct {
  unsigned *T;
  ct_fast_a *FA;
  unsigned *H;
} ct_fast_tables;

/* A of index ai: its modes, Â for the checks and the core's preparation. */
CT_FN static int ct_sweep_a_of(const ct_sweep_bounds *b, int64_t ai, int *va, int *as, int *ad, ct_sweep_a *A,
                               ct_ahat *h) {
  int ra = ct_sweep_decode(ai, ct_sweep_per(b), b->exact ? b->ra : 1, va), k;
  for (k = 0; k < ra; ++k) ct_sweep_mode(b, va[k], &as[k], &ad[k]);
  ct_sweep_a_init(A, ra, as, ad, b->dlo < 0);
  ct_sweep_prepare(ra, as, ad, h);
  return ra;
}

/* Entry (ai, v) of the tables. */
CT_FN static void ct_fast_table_entry(const ct_sweep_bounds *b, int64_t ai, int v, ct_fast_tables t) {
  int va[CT_SWEEP_MAX_RANK], as[CT_SWEEP_MAX_RANK], ad[CT_SWEEP_MAX_RANK], s, d, per = ct_sweep_per(b);
  ct_sweep_a A;
  ct_ahat h;
  ct_fleaf f;
  ct_sweep_a_of(b, ai, va, as, ad, &A, &h);
  ct_sweep_mode(b, v, &s, &d);
  ct_fleaf_build(&h, &A, s, d, &f);
  t.T[ai * per + v] = ct_fleaf_word(&f);
  if (v == 0) {
    ct_fast_a_init(&h, &A, &t.FA[ai]);
    /* --mutant (test only): a fast form that is wrong, which the checks must catch */
    if (b->mutant == 1) t.FA[ai].cross = 0;                                  /* the carry rule dropped */
    if (b->mutant == 2 && t.FA[ai].cross > 1) t.FA[ai].cross -= 1;           /* its limit one too low */
  }
#if CT_ON_DEVICE
  atomicAdd(&t.H[ai * CT_SWEEP_CODES + (f.code < CT_SWEEP_CODES ? f.code : CT_SWEEP_CODES - 1)], 1u);
#else
  ++t.H[ai * CT_SWEEP_CODES + (f.code < CT_SWEEP_CODES ? f.code : CT_SWEEP_CODES - 1)];
#endif
}

/* B's tail of index ti: its rank, and digits in vb[1..]. */
CT_FN static int ct_sweep_tail(const ct_sweep_bounds *b, int64_t ti, int *vb) {
  int64_t per = ct_sweep_per(b);
  if (b->exact) {
    if (b->rb > 1) ct_sweep_decode(ti, per, b->rb - 1, vb + 1);
    return b->rb;
  }
  return ti == 0 ? 1 : 1 + ct_sweep_decode(ti - 1, per, 1, vb + 1);
}

/* Unit u by the fast form: every pair (A, B) with B's leaf 0 over its values. */
CT_FN static void ct_fast_unit(const ct_sweep_bounds *b, int64_t u, ct_fast_tables tb, ct_sweep_counts *n,
                               ct_unit_ex *ex, int *va, int *ra_out, int *vb, int *rb_out) {
  int64_t per = ct_sweep_per(b), NT = ct_sweep_num_tails(b), ai = u / NT;
  const unsigned *T = tb.T + ai * per, *H = tb.H + ai * CT_SWEEP_CODES;
  const ct_fast_a fa = tb.FA[ai];
  ct_fast_tail t;
  unsigned long long acc = 0, fail = 0, none = 0, exists = 0, und = 0, cross = 0;
  int v0, c;
  *ra_out = ct_sweep_decode(ai, per, b->exact ? b->ra : 1, va);
  *rb_out = ct_sweep_tail(b, u % NT, vb);
  ct_fast_tail_init(T, *rb_out, vb, &t);
  ex->fail_v0 = ex->cons_v0 = -1;
  for (v0 = 0; v0 < per; ++v0) {
    int ok, code = ct_fast_pair(&fa, T[v0], &t, &ok);
    if (code == CT_OK) {
      ++acc;
      if (!ok) {
        ++fail;
        if (ex->fail_v0 < 0) ex->fail_v0 = v0, ex->fail_code = CT_OK;
      }
    } else if (code == CT_UNDECIDED) {
      ++und;
    } else {
      cross += code == CT_NOT_DISJOINT; /* a leaf alone never is (ref/composition.c: one leaf) */
      if (ok) {
        ++exists;
        if (ex->cons_v0 < 0) ex->cons_v0 = v0, ex->cons_code = code;
      } else {
        ++none;
      }
    }
  }
  n->pairs += per;
  n->accepted += acc;
  n->failures += fail;
  n->rejected += none + exists;
  n->rej_no_answer += none;
  n->rej_answer_exists += exists;
  n->undecided += und;
  /* by code: the leaf values rejected alone with their codes, the rest with
   * the tail's code, and the carries across leaves (NOT_DISJOINT) */
  for (c = 1; c < CT_SWEEP_CODES; ++c)
    if (c != CT_UNDECIDED) n->by_code[c] += H[c];
  if (t.code != CT_OK && t.code != CT_UNDECIDED) n->by_code[t.code < CT_SWEEP_CODES ? t.code : CT_SWEEP_CODES - 1] += H[CT_OK];
  n->by_code[CT_NOT_DISJOINT] += cross;
}

/* The sample for unit u: the reference on every pair, against the fast form. */
CT_FN static void ct_fast_sample_unit(const ct_sweep_bounds *b, int64_t u, ct_fast_tables tb, ct_sweep_counts *n) {
  int64_t per = ct_sweep_per(b), NT = ct_sweep_num_tails(b), ai = u / NT;
  int va[CT_SWEEP_MAX_RANK], vb[CT_SWEEP_MAX_RANK], as[CT_SWEEP_MAX_RANK], ad[CT_SWEEP_MAX_RANK];
  int bs[CT_SWEEP_MAX_RANK], bd[CT_SWEEP_MAX_RANK], rb, k;
  ct_sweep_a A;
  ct_ahat h;
  ct_fast_a fa;
  ct_fast_sample s = {0, 0, 0, 0};
  ct_sweep_a_of(b, ai, va, as, ad, &A, &h);
  rb = ct_sweep_tail(b, u % NT, vb);
  for (k = 1; k < rb; ++k) ct_sweep_mode(b, vb[k], &bs[k], &bd[k]);
  ct_fast_a_init(&h, &A, &fa);
  ct_fast_compare_unit(b, &h, &A, &fa, tb.T + ai * per, rb, bs, bd, vb, &s);
  /* the limits in the table are A's too */
  if (fa.cross != tb.FA[ai].cross || fa.check != tb.FA[ai].check) s.differ += s.pairs;
  n->sample_pairs += s.pairs;
  n->sample_differ += s.differ;
  n->sample_code_differ += s.code_differ;
  n->sample_ref_wrong += s.ref_wrong;
}

/* Is local unit L in the sample? Whole warps of units, every S-th. */
CT_FN static inline int ct_fast_sampled(int64_t L, int S) { return S > 0 && (L / 32) % S == 0; }

/* ---- the GPU half ------------------------------------------------------------------ */

#define CT_UNIT_BLOCK 4096 /* units are dealt to shards and GPUs in blocks */
#define CT_NCOUNT ((int)(sizeof(ct_sweep_counts) / sizeof(unsigned long long)))

/* The unit of local index L of (shard i of n, GPU g of G), or -1. */
CT_FN static inline int64_t ct_local_unit(int64_t L, int i, int n, int g, int G, int64_t units) {
  int64_t lb = L / CT_UNIT_BLOCK, bidx = (lb * G + g) * n + i, u = bidx * CT_UNIT_BLOCK + L % CT_UNIT_BLOCK;
  return u < units ? u : -1;
}

static int64_t ct_local_units(int i, int n, int g, int G, int64_t units) {
  int64_t nb = (units + CT_UNIT_BLOCK - 1) / CT_UNIT_BLOCK, nbi, nbg;
  if (i >= nb) return 0;
  nbi = (nb - i + n - 1) / n;
  if (g >= nbi) return 0;
  nbg = (nbi - g + G - 1) / G;
  return nbg * CT_UNIT_BLOCK;
}

/* Adds a thread's counts to the block's, then the block's to counts. */
__device__ static void ct_k_add_counts(unsigned long long *sc, const ct_sweep_counts *n, unsigned long long *counts) {
  const unsigned long long *c = (const unsigned long long *)n;
  int k;
  for (k = 0; k < CT_NCOUNT; ++k)
    if (c[k]) atomicAdd(&sc[k], c[k]);
  __syncthreads();
  for (k = threadIdx.x; k < CT_NCOUNT; k += blockDim.x)
    if (sc[k]) atomicAdd(&counts[k], sc[k]);
}

template <int BRUTE>
__global__ void ct_k_sweep(ct_sweep_bounds b, long long L0, long long nl, int si, int sn, int g, int G, long long units,
                           unsigned long long *counts, ct_sweep_pair *ex, unsigned *nex) {
  __shared__ unsigned long long sc[CT_NCOUNT];
  long long L = L0 + (long long)blockIdx.x * blockDim.x + threadIdx.x;
  int k;
  ct_sweep_counts n;
  memset(&n, 0, sizeof n);
  for (k = threadIdx.x; k < CT_NCOUNT; k += blockDim.x) sc[k] = 0;
  __syncthreads();
  if (L < L0 + nl) {
    long long u = ct_local_unit(L, si, sn, g, G, units);
    if (u >= 0) {
      ct_unit_ex e;
      int va[CT_SWEEP_MAX_RANK], vb[CT_SWEEP_MAX_RANK], ra, rb;
      b.brute = BRUTE;
      ct_sweep_unit(&b, u, &n, &e, va, &ra, vb, &rb);
      if (e.fail_v0 >= 0 || e.cons_v0 >= 0) {
        int kind;
        for (kind = 1; kind <= 2; ++kind) {
          int v0 = kind == 1 ? e.fail_v0 : e.cons_v0;
          unsigned slot;
          if (v0 < 0) continue;
          slot = atomicAdd(&nex[kind - 1], 1u);
          if (slot < CT_SWEEP_EXAMPLES)
            ct_unit_example(&e, kind, va, ra, vb, rb, &ex[(kind - 1) * CT_SWEEP_EXAMPLES + slot]);
        }
      }
    }
  }
  ct_k_add_counts(sc, &n, counts);
}

__global__ void ct_k_table(ct_sweep_bounds b, long long na, ct_fast_tables t) {
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x, per = ct_sweep_per(&b);
  if (i < na * per) ct_fast_table_entry(&b, i / per, (int)(i % per), t);
}

/* Every unit of the launch by the fast form. */
__global__ void ct_k_fast(ct_sweep_bounds b, long long L0, long long nl, int si, int sn, int g, int G, long long units,
                          ct_fast_tables tb, unsigned long long *counts, ct_sweep_pair *ex, unsigned *nex) {
  __shared__ unsigned long long sc[CT_NCOUNT];
  long long L = L0 + (long long)blockIdx.x * blockDim.x + threadIdx.x;
  int k;
  ct_sweep_counts n;
  memset(&n, 0, sizeof n);
  for (k = threadIdx.x; k < CT_NCOUNT; k += blockDim.x) sc[k] = 0;
  __syncthreads();
  if (L < L0 + nl) {
    long long u = ct_local_unit(L, si, sn, g, G, units);
    if (u >= 0) {
      ct_unit_ex e;
      int va[CT_SWEEP_MAX_RANK], vb[CT_SWEEP_MAX_RANK], ra, rb, kind;
      ct_fast_unit(&b, u, tb, &n, &e, va, &ra, vb, &rb);
      for (kind = 1; kind <= 2; ++kind) {
        int v0 = kind == 1 ? e.fail_v0 : e.cons_v0;
        unsigned slot;
        if (v0 < 0) continue;
        slot = atomicAdd(&nex[kind - 1], 1u);
        if (slot < CT_SWEEP_EXAMPLES) ct_unit_example(&e, kind, va, ra, vb, rb, &ex[(kind - 1) * CT_SWEEP_EXAMPLES + slot]);
      }
    }
  }
  ct_k_add_counts(sc, &n, counts);
}

/* The launch's sample: thread i takes the i-th sampled local unit. */
__global__ void ct_k_sample(ct_sweep_bounds b, long long L0, long long nl, int si, int sn, int g, int G,
                            long long units, int S, ct_fast_tables tb, unsigned long long *counts) {
  __shared__ unsigned long long sc[CT_NCOUNT];
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x, L = L0 + (i / 32) * 32 * S + i % 32;
  int k;
  ct_sweep_counts n;
  memset(&n, 0, sizeof n);
  for (k = threadIdx.x; k < CT_NCOUNT; k += blockDim.x) sc[k] = 0;
  __syncthreads();
  if (L < L0 + nl && ct_fast_sampled(L - L0, S)) {
    long long u = ct_local_unit(L, si, sn, g, G, units);
    if (u >= 0) ct_fast_sample_unit(&b, u, tb, &n);
  }
  ct_k_add_counts(sc, &n, counts);
}

/* ---- options and reports ------------------------------------------------------------ */

typedef struct {
  ct_sweep_bounds b;
  int shard_i, shard_n, host, procs, threads;
  int fast, sample;      /* the fast form (sweep_fast.h), its sample: every S-th warp of units */
  const char *manifest;  /* resumable: shards of --shards N finished so far, one line each */
  int shards, max_shards;
  double budget;         /* with --manifest: start no shard after this many seconds */
  long long batch;
  std::vector<int> gpus;
  int all_gpus;
  const char *explain_a, *explain_b, *tsv;
} ct_sopts;


static const char ct_susage[] =
    "usage: ct_sweep [options]\n"
    "  --ra R --rb R       ranks of A and B (2, 3): every rank from 1 up, or with --exact only that rank\n"
    "  --smax S            shapes 1..S (8)\n"
    "  --dlo D --dhi D     strides D..D (0, 16)\n"
    "  --exact             A of rank exactly ra, B of rank exactly rb\n"
    "  --brute             also decide every pair by brute force (slow; checks the exact criteria)\n"
    "  --shard I/N         the I-th of N shards (also TEST_SHARD_INDEX/TEST_TOTAL_SHARDS)\n"
    "  --gpus all|L        GPUs to use (all; or a comma-separated list)\n"
    "  --host              run on the host's cores instead of GPUs\n"
    "  --procs P           host processes (every core)\n"
    "  --threads T         threads per block (128)\n"
    "  --batch N           units per kernel launch (4194304)\n"
    "  --tsv FILE          the results as key<TAB>value lines (device/run_gpu.sh)\n"
    "  --path fast|ref     fast: each (A, leaf) decided once, pairs combined (device/sweep_fast.h), the\n"
    "                      reference run on a sample of every launch; ref: the reference on every pair\n"
    "                      (default fast where it applies: A of rank <= 2, strides >= 0, no --brute)\n"
    "  --sample S          the fast form's sample: every S-th warp of 32 units (128)\n"
    "  --manifest FILE     resumable: run the shards of --shards N not yet in FILE, appending a line\n"
    "                      per finished shard; then report the totals over every shard in FILE\n"
    "  --shards N          shards of the manifest (64)\n"
    "  --budget SECONDS    with --manifest: start no new shard after this many seconds (no limit)\n"
    "  --max-shards K      with --manifest: run at most K shards this time (no limit)\n"
    "  --mutant N          test only: a wrong fast form the checks must catch (1: the carry rule\n"
    "                      dropped; 2: its limit one too low)\n"
    "  --explain A B       classify one pair of flat layouts (host)\n";

static void ct_sparse(int argc, char **argv, ct_sopts *o) {
  int k;
  o->b.ra = 2;
  o->b.rb = 3;
  o->b.exact = 0;
  o->b.smax = 8;
  o->b.dlo = 0;
  o->b.dhi = 16;
  o->b.brute = 0;
  o->shard_i = 0;
  o->shard_n = 1;
  o->host = 0;
  o->procs = (int)sysconf(_SC_NPROCESSORS_ONLN);
  o->threads = 128;
  o->batch = 1 << 22;
  o->all_gpus = 1;
  o->explain_a = o->explain_b = o->tsv = 0;
  o->fast = -1;
  o->sample = 128;
  o->manifest = 0;
  o->shards = 64;
  o->max_shards = 0;
  o->b.mutant = 0;
  o->budget = 0;
  ct_bazel_shard(&o->shard_i, &o->shard_n);
  for (k = 1; k < argc; ++k) {
    const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : 0;
#define CT_ARG(name) (strcmp(a, name) == 0 && v && (++k, 1))
    if (CT_ARG("--ra")) o->b.ra = atoi(v);
    else if (CT_ARG("--rb")) o->b.rb = atoi(v);
    else if (CT_ARG("--smax")) o->b.smax = atoi(v);
    else if (CT_ARG("--dlo")) o->b.dlo = atoi(v);
    else if (CT_ARG("--dhi")) o->b.dhi = atoi(v);
    else if (strcmp(a, "--exact") == 0) o->b.exact = 1;
    else if (strcmp(a, "--brute") == 0) o->b.brute = 1;
    else if (strcmp(a, "--host") == 0) o->host = 1;
    else if (CT_ARG("--procs")) o->procs = atoi(v);
    else if (CT_ARG("--threads")) o->threads = atoi(v);
    else if (CT_ARG("--batch")) o->batch = strtoll(v, 0, 0);
    else if (CT_ARG("--tsv")) o->tsv = v;
    else if (CT_ARG("--path")) {
      if (strcmp(v, "fast") && strcmp(v, "ref")) ct_die("--path: fast or ref, not '%s'", v);
      o->fast = strcmp(v, "fast") == 0;
    } else if (CT_ARG("--sample")) o->sample = atoi(v);
    else if (CT_ARG("--manifest")) o->manifest = v;
    else if (CT_ARG("--shards")) o->shards = atoi(v);
    else if (CT_ARG("--budget")) o->budget = atof(v);
    else if (CT_ARG("--max-shards")) o->max_shards = atoi(v);
    else if (CT_ARG("--mutant")) o->b.mutant = atoi(v);
    else if (CT_ARG("--shard")) {
      if (sscanf(v, "%d/%d", &o->shard_i, &o->shard_n) != 2 || o->shard_n < 1 || o->shard_i < 0 ||
          o->shard_i >= o->shard_n)
        ct_die("bad --shard '%s' (I/N with 0 <= I < N)", v);
    } else if (CT_ARG("--gpus")) {
      o->all_gpus = strcmp(v, "all") == 0;
      if (!o->all_gpus) {
        const char *s = v;
        while (*s) {
          o->gpus.push_back(atoi(s));
          s = strchr(s, ',');
          if (!s) break;
          ++s;
        }
      }
    } else if (strcmp(a, "--explain") == 0 && k + 2 < argc) {
      o->explain_a = argv[k + 1];
      o->explain_b = argv[k + 2];
      k += 2;
    } else ct_die("unknown option '%s'\n%s", a, ct_susage);
#undef CT_ARG
  }
  if (o->b.ra < 1 || o->b.ra > CT_SWEEP_MAX_RANK || o->b.rb < 1 || o->b.rb > CT_SWEEP_MAX_RANK)
    ct_die("ranks must be in 1..%d", CT_SWEEP_MAX_RANK);
  if (o->b.smax < 1 || o->b.smax > CT_SWEEP_MAX_SHAPE) ct_die("--smax must be in 1..%d", CT_SWEEP_MAX_SHAPE);
  if (o->b.dlo > o->b.dhi || o->b.dlo < -CT_SWEEP_MAX_STRIDE || o->b.dhi > CT_SWEEP_MAX_STRIDE)
    ct_die("strides must lie in -%d..%d", CT_SWEEP_MAX_STRIDE, CT_SWEEP_MAX_STRIDE);
  if (o->procs < 1) o->procs = 1;
  {
    int applies = o->b.ra <= 2 && o->b.dlo >= 0 && !o->b.brute;
    if (o->fast < 0) o->fast = applies;
    if (o->fast && !applies)
      ct_die("--path fast covers A of rank <= 2, strides >= 0, without --brute: use --path ref");
  }
  if (o->sample < 1) ct_die("--sample must be >= 1 (the fast form is checked on a sample of every launch)");
  if (o->fast) o->batch = (o->batch + 32LL * o->sample - 1) / (32LL * o->sample) * (32LL * o->sample); /* samples align */
  if (o->shards < 1) ct_die("--shards must be >= 1");
  if (o->manifest && o->shard_n > 1) ct_die("--manifest chooses the shards itself: drop --shard");
  if (o->batch < 1024) o->batch = 1024;
  {
    double per = ct_sweep_per(&o->b), pa = 0, pb = 0, p = 1;
    int r;
    for (r = 1; r <= CT_SWEEP_MAX_RANK; ++r) {
      p *= per;
      if (r <= o->b.ra) pa += p;
      if (r <= o->b.rb) pb += p;
    }
    if (pa * pb > 4e18) ct_die("too many pairs (%.3g): narrow the bounds", pa * pb);
  }
}

static void ct_pair_layouts(const ct_sweep_bounds *b, const ct_sweep_pair *p, ct_layout *A, ct_layout *B) {
  ct_modes m;
  ct_err e;
  int k, s, d;
  m.n = 0;
  for (k = 0; k < p->ra; ++k) {
    ct_sweep_mode(b, p->va[k], &s, &d);
    ct_modes_push(&m, s, 0, d, 0);
  }
  if (m.n == 1) ct_l_set_int(A, m.m[0].s, 0, m.m[0].d, 0);
  else ct_modes_to_layout(&m, A, &e);
  m.n = 0;
  for (k = 0; k < p->rb; ++k) {
    ct_sweep_mode(b, p->vb[k], &s, &d);
    ct_modes_push(&m, s, 0, d, 0);
  }
  if (m.n == 1) ct_l_set_int(B, m.m[0].s, 0, m.m[0].d, 0);
  else ct_modes_to_layout(&m, B, &e);
}

/* Prints a pair with the reference's answer and, for a conservative
 * rejection, an answer that exists. */
static void ct_show_pair(const ct_sweep_bounds *bb, const ct_layout *LA, const ct_layout *LB, const char *tag) {
  char a[512], b[512], r[1024];
  ct_layout R;
  ct_err e;
  ct_code code;
  ct_modes am, bm;
  ct_sweep_a A;
  int as[CT_SWEEP_MAX_RANK], ad[CT_SWEEP_MAX_RANK], bs[CT_SWEEP_MAX_RANK], bd[CT_SWEEP_MAX_RANK], k, exists;
  ct_print_layout(LA, a, sizeof a);
  ct_print_layout(LB, b, sizeof b);
  code = ct_composition(LA, LB, &R, &e);
  if (code == CT_OK) ct_print_layout(&R, r, sizeof r);
  else snprintf(r, sizeof r, "! %s (%s)", ct_code_name(code), e.msg);
  printf("  %s composition(%s, %s) %s%s\n", tag, a, b, code == CT_OK ? "= " : "", r);
  ct_modes_of(LA, 0, &am);
  ct_modes_of(LB, 0, &bm);
  if (am.n > CT_SWEEP_MAX_RANK || bm.n > CT_SWEEP_MAX_RANK) return;
  for (k = 0; k < bm.n; ++k)
    if (bm.m[k].s > CT_SWEEP_MAX_SHAPE || bm.m[k].d > CT_SWEEP_MAX_STRIDE || bm.m[k].d < -CT_SWEEP_MAX_STRIDE) {
      printf("    (B is outside the sweep's limits: shapes <= %d, |strides| <= %d)\n", CT_SWEEP_MAX_SHAPE,
             CT_SWEEP_MAX_STRIDE);
      return;
    }
  for (k = 0; k < am.n; ++k) {
    as[k] = (int)am.m[k].s;
    ad[k] = (int)am.m[k].d;
  }
  for (k = 0; k < bm.n; ++k) {
    bs[k] = (int)bm.m[k].s;
    bd[k] = (int)bm.m[k].d;
  }
  ct_sweep_a_init(&A, am.n, as, ad, 1);
  if (code == CT_OK) {
    ct_sweep_leaf rr[CT_SWEEP_MAX_RANK];
    ct_ahat h;
    int ok;
    ct_sweep_prepare(am.n, as, ad, &h);
    (void)ct_sweep_compose(&h, bm.n, bs, bd, rr, &e); /* accepted: checked above */
    ok = ct_sweep_check_accepted(&A, bm.n, bs, bd, rr);
    printf("    COMP-1 and COMP-2 on every coordinate: %s\n", ok ? "hold" : "VIOLATED");
    return;
  }
  exists = ct_sweep_answer_exists(&A, bm.n, bs, bd, 1);
  if (exists > 0) { /* an answer: B's nesting, each leaf's function as a layout */
    ct_layout RR, RB;
    char buf[1024];
    int hs = 0, hd = 0, ok = 1;
    int64_t x, size = 1;
    ct_t_clear(&RR.shape);
    ct_t_clear(&RR.stride);
    if (bm.n > 1) {
      ct_t_open(&RR.shape, &hs, &e);
      ct_t_open(&RR.stride, &hd, &e);
    }
    for (k = 0; k < bm.n; ++k) {
      int64_t f[CT_SWEEP_MAX_SHAPE], rmax;
      ct_modes lm;
      ct_sweep_leaf_values(&A, bs[k], bd[k], f, &rmax);
      ct_sweep_realizable(f, bs[k], &lm);
      ct_modes_push_to(&lm, &RR, &e);
      size *= bs[k];
    }
    if (bm.n > 1) {
      ct_t_close(&RR.shape, hs, &e);
      ct_t_close(&RR.stride, hd, &e);
    }
    for (x = 0; x < size && ok; ++x) { /* checked point by point */
      int64_t bx = 0, rx = 0;
      int okk = 1;
      ct_l_eval(LB, x, &bx, &e);
      ct_l_eval(&RR, x, &rx, &e);
      ok = ct_sweep_ahat(&A, bx, &okk) == rx && okk;
    }
    RB = RR;
    ct_print_layout(&RB, buf, sizeof buf);
    printf("    an answer exists: %s (R(i) == A^(B(i)) for every i < size(B): %s)\n", buf, ok ? "checked" : "NOT SO");
  } else {
    printf("    no layout compatible with B computes A^(B(i)) for every i: %s\n",
           exists == 0 ? "the rejection is forced" : "CRITERIA DISAGREE");
  }
  (void)bb;
}

static int ct_explain(const ct_sopts *o) {
  ct_layout A, B;
  ct_err e;
  if (ct_parse_layout(o->explain_a, &A, &e) != CT_OK) ct_die("A: %s", e.msg);
  if (ct_parse_layout(o->explain_b, &B, &e) != CT_OK) ct_die("B: %s", e.msg);
  ct_show_pair(&o->b, &A, &B, "");
  return 0;
}

static void ct_add_counts(ct_sweep_counts *a, const ct_sweep_counts *b) {
  unsigned long long *x = (unsigned long long *)a;
  const unsigned long long *y = (const unsigned long long *)b;
  int k;
  for (k = 0; k < CT_NCOUNT; ++k) x[k] += y[k];
}

/* ---- runs -------------------------------------------------------------------------------- */

typedef struct {
  int device;
  ct_sweep_counts counts;
  std::vector<ct_sweep_pair> ex;
  double seconds, table_seconds, fast_seconds, sample_seconds; /* the last two: kernels (GPU) */
  int64_t units;
  char name[256];
} ct_gpu_run;

static void ct_run_gpu(const ct_sopts *o, int g, int G, ct_gpu_run *run) {
  int64_t units = ct_sweep_num_units(&o->b), nl = ct_local_units(o->shard_i, o->shard_n, g, G, units), done = 0;
  unsigned long long *dc;
  ct_sweep_pair *dex;
  unsigned *dnex, nex[2];
  double t0;
  cudaDeviceProp prop;
  CT_CUDA(cudaSetDevice(run->device));
  CT_CUDA(cudaGetDeviceProperties(&prop, run->device));
  snprintf(run->name, sizeof run->name, "%s", prop.name);
  CT_CUDA(cudaMalloc(&dc, sizeof(ct_sweep_counts)));
  CT_CUDA(cudaMalloc(&dex, sizeof(ct_sweep_pair) * 2 * CT_SWEEP_EXAMPLES));
  CT_CUDA(cudaMalloc(&dnex, sizeof(unsigned) * 2));
  CT_CUDA(cudaMemset(dc, 0, sizeof(ct_sweep_counts)));
  CT_CUDA(cudaMemset(dnex, 0, sizeof(unsigned) * 2));
  CT_CUDA(cudaDeviceSynchronize());
  t0 = ct_now();
  if (o->fast) { /* the tables of every A, then each launch and its sample */
    int64_t na = ct_sweep_num_a(&o->b), per = ct_sweep_per(&o->b);
    ct_fast_tables tb;
    CT_CUDA(cudaMalloc(&tb.T, sizeof(unsigned) * na * per));
    CT_CUDA(cudaMalloc(&tb.FA, sizeof(ct_fast_a) * na));
    CT_CUDA(cudaMalloc(&tb.H, sizeof(unsigned) * na * CT_SWEEP_CODES));
    CT_CUDA(cudaMemset(tb.H, 0, sizeof(unsigned) * na * CT_SWEEP_CODES));
    ct_k_table<<<(unsigned)((na * per + 127) / 128), 128>>>(o->b, na, tb);
    CT_CUDA(cudaGetLastError());
    CT_CUDA(cudaDeviceSynchronize());
    run->table_seconds = ct_now() - t0;
    cudaEvent_t ev[3];
    for (int k = 0; k < 3; ++k) CT_CUDA(cudaEventCreate(&ev[k]));
    while (done < nl) {
      long long n = nl - done < o->batch ? nl - done : o->batch;
      long long ns = ((n + 32LL * o->sample - 1) / (32LL * o->sample)) * 32;
      float ms_fast, ms_sample;
      CT_CUDA(cudaEventRecord(ev[0]));
      ct_k_fast<<<(unsigned)((n + o->threads - 1) / o->threads), o->threads>>>(o->b, done, n, o->shard_i, o->shard_n, g,
                                                                               G, units, tb, dc, dex, dnex);
      CT_CUDA(cudaGetLastError());
      CT_CUDA(cudaEventRecord(ev[1]));
      ct_k_sample<<<(unsigned)((ns + 63) / 64), 64>>>(o->b, done, n, o->shard_i, o->shard_n, g, G, units, o->sample, tb,
                                                      dc);
      CT_CUDA(cudaGetLastError());
      CT_CUDA(cudaEventRecord(ev[2]));
      CT_CUDA(cudaDeviceSynchronize());
      CT_CUDA(cudaEventElapsedTime(&ms_fast, ev[0], ev[1]));
      CT_CUDA(cudaEventElapsedTime(&ms_sample, ev[1], ev[2]));
      run->fast_seconds += ms_fast / 1e3;
      run->sample_seconds += ms_sample / 1e3;
      done += n;
    }
    for (int k = 0; k < 3; ++k) CT_CUDA(cudaEventDestroy(ev[k]));
    CT_CUDA(cudaFree(tb.T));
    CT_CUDA(cudaFree(tb.FA));
    CT_CUDA(cudaFree(tb.H));
  }
  while (done < nl) {
    long long n = nl - done < o->batch ? nl - done : o->batch;
    unsigned blocks = (unsigned)((n + o->threads - 1) / o->threads);
    if (o->b.brute)
      ct_k_sweep<1><<<blocks, o->threads>>>(o->b, done, n, o->shard_i, o->shard_n, g, G, units, dc, dex, dnex);
    else
      ct_k_sweep<0><<<blocks, o->threads>>>(o->b, done, n, o->shard_i, o->shard_n, g, G, units, dc, dex, dnex);
    CT_CUDA(cudaGetLastError());
    CT_CUDA(cudaDeviceSynchronize());
    done += n;
  }
  run->seconds = ct_now() - t0;
  run->units = nl;
  CT_CUDA(cudaMemcpy(&run->counts, dc, sizeof(ct_sweep_counts), cudaMemcpyDeviceToHost));
  CT_CUDA(cudaMemcpy(nex, dnex, sizeof nex, cudaMemcpyDeviceToHost));
  {
    std::vector<ct_sweep_pair> all(2 * CT_SWEEP_EXAMPLES);
    int kind;
    CT_CUDA(cudaMemcpy(all.data(), dex, sizeof(ct_sweep_pair) * all.size(), cudaMemcpyDeviceToHost));
    for (kind = 0; kind < 2; ++kind) {
      unsigned m, cnt = nex[kind] < CT_SWEEP_EXAMPLES ? nex[kind] : CT_SWEEP_EXAMPLES;
      for (m = 0; m < cnt; ++m) run->ex.push_back(all[kind * CT_SWEEP_EXAMPLES + m]);
    }
  }
  CT_CUDA(cudaFree(dc));
  CT_CUDA(cudaFree(dex));
  CT_CUDA(cudaFree(dnex));
}

typedef struct { /* shared with the host workers */
  ct_sweep_counts counts;
  ct_sweep_pair ex[2 * CT_SWEEP_EXAMPLES];
  int nex[2];
} ct_host_slot;

static void ct_run_host(const ct_sopts *o, ct_gpu_run *run) {
  int64_t units = ct_sweep_num_units(&o->b), nl = ct_local_units(o->shard_i, o->shard_n, 0, 1, units);
  int w, nw = o->procs;
  ct_host_slot *slots;
  double t0 = ct_now();
  ct_fast_tables tb = {0, 0, 0};
  if (o->fast) { /* the tables, before the workers fork */
    int64_t na = ct_sweep_num_a(&o->b), per = ct_sweep_per(&o->b), i;
    tb.T = (unsigned *)malloc(sizeof(unsigned) * na * per);
    tb.FA = (ct_fast_a *)malloc(sizeof(ct_fast_a) * na);
    tb.H = (unsigned *)calloc(na * CT_SWEEP_CODES, sizeof(unsigned));
    if (!tb.T || !tb.FA || !tb.H) ct_die("out of memory for the fast form's tables");
    for (i = 0; i < na * per; ++i) ct_fast_table_entry(&o->b, i / per, (int)(i % per), tb);
    run->table_seconds = ct_now() - t0;
  }
  slots = ct_fork_run<ct_host_slot>(nw, [&](int w, ct_host_slot *s) {
    int64_t L;
    for (L = w; L < nl; L += nw) {
      int64_t u = ct_local_unit(L, o->shard_i, o->shard_n, 0, 1, units);
      ct_unit_ex e;
      int va[CT_SWEEP_MAX_RANK], vb[CT_SWEEP_MAX_RANK], ra, rb, kind;
      if (u < 0) continue;
      if (o->fast) {
        ct_fast_unit(&o->b, u, tb, &s->counts, &e, va, &ra, vb, &rb);
        if (ct_fast_sampled(L, o->sample)) ct_fast_sample_unit(&o->b, u, tb, &s->counts);
      } else {
        ct_sweep_unit(&o->b, u, &s->counts, &e, va, &ra, vb, &rb);
      }
      for (kind = 1; kind <= 2; ++kind) {
        int v0 = kind == 1 ? e.fail_v0 : e.cons_v0;
        if (v0 < 0 || s->nex[kind - 1] >= CT_SWEEP_EXAMPLES) continue;
        ct_unit_example(&e, kind, va, ra, vb, rb, &s->ex[(kind - 1) * CT_SWEEP_EXAMPLES + s->nex[kind - 1]++]);
      }
    }
  });
  memset(&run->counts, 0, sizeof run->counts);
  for (w = 0; w < nw; ++w) {
    int kind, m;
    ct_add_counts(&run->counts, &slots[w].counts);
    for (kind = 0; kind < 2; ++kind)
      for (m = 0; m < slots[w].nex[kind]; ++m) run->ex.push_back(slots[w].ex[kind * CT_SWEEP_EXAMPLES + m]);
  }
  run->seconds = ct_now() - t0;
  run->units = nl;
  snprintf(run->name, sizeof run->name, "host, %d processes", nw);
  ct_fork_free(slots, nw);
  free(tb.T);
  free(tb.FA);
  free(tb.H);
}

/* Runs the current shard of o on the GPUs (or the host): counts, runs, wall time. */
static int ct_sweep_run(ct_sopts *o, std::vector<ct_gpu_run> &runs, ct_sweep_counts *tot, double *wall) {
  double t0 = ct_now();
  size_t i;
  int k;
  runs.clear();
  if (o->host) {
    ct_gpu_run r;
    memset(&r.counts, 0, sizeof r.counts);
    r.device = -1;
    r.table_seconds = r.fast_seconds = r.sample_seconds = 0;
    ct_run_host(o, &r);
    runs.push_back(r);
  } else {
    int n = 0;
    cudaError_t err = cudaGetDeviceCount(&n);
    std::vector<std::thread> th;
    if (err != cudaSuccess || n == 0) {
      fprintf(stderr, "ct_sweep: no CUDA device (%s); use --host to sweep on the CPU\n",
              err != cudaSuccess ? cudaGetErrorString(err) : "0 devices");
      return 4;
    }
    if (o->all_gpus && o->gpus.empty())
      for (k = 0; k < n; ++k) o->gpus.push_back(k);
    for (k = 0; k < (int)o->gpus.size(); ++k)
      if (o->gpus[k] < 0 || o->gpus[k] >= n) ct_die("no GPU %d (%d present)", o->gpus[k], n);
    runs.resize(o->gpus.size());
    for (k = 0; k < (int)o->gpus.size(); ++k) {
      memset(&runs[k].counts, 0, sizeof runs[k].counts);
      runs[k].device = o->gpus[k];
      runs[k].table_seconds = runs[k].fast_seconds = runs[k].sample_seconds = 0;
    }
    for (k = 0; k < (int)o->gpus.size(); ++k) th.push_back(std::thread(ct_run_gpu, o, k, (int)o->gpus.size(), &runs[k]));
    for (k = 0; k < (int)th.size(); ++k) th[k].join();
  }
  *wall = ct_now() - t0;
  memset(tot, 0, sizeof *tot);
  for (i = 0; i < runs.size(); ++i) ct_add_counts(tot, &runs[i].counts);
  return 0;
}

static void ct_print_counts(const ct_sopts *o, const ct_sweep_counts *tot, const char *what) {
  int k;
  printf("pairs %llu (%s), accepted (admissible) %llu, failures %llu\n", tot->pairs, what, tot->accepted, tot->failures);
  printf("rejected %llu: no answer exists %llu, an answer exists (conservative) %llu\n", tot->rejected,
         tot->rej_no_answer, tot->rej_answer_exists);
  printf("undecided (COMP-SEARCH's bound reached) %llu\n", tot->undecided);
  for (k = 1; k < CT_SWEEP_CODES; ++k)
    if (tot->by_code[k])
      printf("  rejected with %-22s %llu%s\n", ct_code_name((ct_code)k), tot->by_code[k],
             o->fast && k == CT_NOT_DISJOINT ? " (every leaf has an answer alone, none together)"
             : o->fast                       ? " (the first leaf that has none alone)"
                                             : "");
  if (o->b.brute) printf("brute force: the exact COMP-2 criterion and point-by-point evaluation disagree on %llu pairs\n", tot->by_code[0]);
  if (o->fast)
    printf("fast form (device/sweep_fast.h) against the reference, every %d-th warp of units: %llu pairs compared, "
           "%llu differ, %llu rejected by both with other codes; the reference's answers there: %llu wrong\n",
           o->sample, tot->sample_pairs, tot->sample_differ, tot->sample_code_differ, tot->sample_ref_wrong);
}

static int ct_bad(const ct_sweep_counts *t) {
  return t->failures || t->rej_answer_exists || t->sample_differ || t->sample_ref_wrong;
}

static const char *ct_verdict(const ct_sweep_counts *t) {
  return t->failures            ? "FAILURES (a wrong answer)"
         : t->sample_differ     ? "FAILURES (the fast form and the reference differ)"
         : t->sample_ref_wrong  ? "FAILURES (the reference gave a wrong answer in the sample)"
         : t->rej_answer_exists ? "CONSERVATIVE (rejected although an answer exists; COMP-8)"
                                : "ok: no wrong answer, no input with an answer rejected";
}

static void ct_bounds_key(const ct_sweep_bounds *b, char *buf, size_t n) {
  snprintf(buf, n, "ra=%d rb=%d exact=%d smax=%d dlo=%d dhi=%d", b->ra, b->rb, b->exact, b->smax, b->dlo, b->dhi);
}

/* The manifest: one line per finished shard,
 *   shard <i> <N> <bounds key> <path> <device> <seconds> <count>...
 * (tab-separated; the counts in ct_sweep_counts' order). Lines of other
 * bounds or another N are kept and ignored. */
static int ct_manifest_read(const ct_sopts *o, std::vector<int> &done, ct_sweep_counts *sum, double *secs,
                            std::vector<std::string> &devices) {
  FILE *f = fopen(o->manifest, "r");
  char line[4096], key[256];
  int lines = 0;
  done.assign(o->shards, 0);
  memset(sum, 0, sizeof *sum);
  *secs = 0;
  ct_bounds_key(&o->b, key, sizeof key);
  if (!f) return 0;
  while (fgets(line, sizeof line, f)) {
    char *fld[8 + CT_NCOUNT], *p = line;
    int nf = 0, i, n, k;
    ct_sweep_counts c;
    line[strcspn(line, "\n")] = 0;
    while (nf < 8 + CT_NCOUNT && p) {
      fld[nf++] = p;
      p = strchr(p, '\t');
      if (p) *p++ = 0;
    }
    if (nf < 7 || strcmp(fld[0], "shard")) continue;
    i = atoi(fld[1]);
    n = atoi(fld[2]);
    if (n != o->shards || strcmp(fld[3], key) || i < 0 || i >= n) continue;
    if (nf != 7 + CT_NCOUNT) ct_die("%s: a shard line with %d fields, not %d", o->manifest, nf, 7 + CT_NCOUNT);
    if (done[i]) ct_die("%s: shard %d/%d twice", o->manifest, i, n);
    done[i] = 1;
    for (k = 0; k < CT_NCOUNT; ++k) ((unsigned long long *)&c)[k] = strtoull(fld[7 + k], 0, 10);
    ct_add_counts(sum, &c);
    *secs += atof(fld[6]);
    if (std::find(devices.begin(), devices.end(), std::string(fld[5])) == devices.end()) devices.push_back(fld[5]);
    ++lines;
  }
  fclose(f);
  return lines;
}

static void ct_manifest_append(const ct_sopts *o, const ct_sweep_counts *c, double secs, const char *device) {
  FILE *f = fopen(o->manifest, "a");
  char key[256];
  int k;
  if (!f) ct_die("cannot append to %s: %s", o->manifest, strerror(errno));
  ct_bounds_key(&o->b, key, sizeof key);
  fprintf(f, "shard\t%d\t%d\t%s\t%s\t%s\t%.3f", o->shard_i, o->shard_n, key, o->fast ? "fast" : "ref", device, secs);
  for (k = 0; k < CT_NCOUNT; ++k) fprintf(f, "\t%llu", ((const unsigned long long *)c)[k]);
  fprintf(f, "\n");
  if (fflush(f) || fsync(fileno(f)) || fclose(f)) ct_die("cannot write %s: %s", o->manifest, strerror(errno));
}

static void ct_show_examples(const ct_sopts *o, const std::vector<ct_gpu_run> &runs) {
  size_t i;
  int k, shown_fail = 0, shown_cons = 0;
  for (i = 0; i < runs.size(); ++i)
    for (k = 0; k < (int)runs[i].ex.size(); ++k) {
      const ct_sweep_pair *p = &runs[i].ex[k];
      ct_layout A, B;
      if (p->kind == 1 ? shown_fail++ >= 8 : shown_cons++ >= 4) continue;
      ct_pair_layouts(&o->b, p, &A, &B);
      ct_show_pair(&o->b, &A, &B, p->kind == 1 ? "FAILURE" : "conservative:");
    }
}

static void ct_write_tsv(const ct_sopts *o, const ct_sweep_counts *tot, int64_t pairs, double wall, int ndev,
                         const char *shards, const std::vector<std::string> &devices) {
  FILE *f = fopen(o->tsv, "w");
  double rate = wall > 0 ? (double)tot->pairs / wall : 0;
  int k;
  size_t i;
  if (!f) ct_die("cannot write %s", o->tsv);
  fprintf(f, "bounds\tA rank %s%d, B rank %s%d, shapes 1..%d, strides %d..%d\n", o->b.exact ? "" : "1..", o->b.ra,
          o->b.exact ? "" : "1..", o->b.rb, o->b.smax, o->b.dlo, o->b.dhi);
  fprintf(f, "path\t%s\n", o->fast ? "fast" : "ref");
  fprintf(f, "all_pairs\t%lld\nshard\t%s\npairs\t%llu\naccepted\t%llu\nfailures\t%llu\nrejected\t%llu\n",
          (long long)pairs, shards, tot->pairs, tot->accepted, tot->failures, tot->rejected);
  fprintf(f, "rejected_no_answer\t%llu\nrejected_answer_exists\t%llu\nundecided\t%llu\n", tot->rej_no_answer,
          tot->rej_answer_exists, tot->undecided);
  for (k = 1; k < CT_SWEEP_CODES; ++k)
    if (tot->by_code[k]) fprintf(f, "rejected_%s\t%llu\n", ct_code_name((ct_code)k), tot->by_code[k]);
  if (o->fast)
    fprintf(f, "sample_every\t%d\nsample_pairs\t%llu\nsample_differ\t%llu\nsample_code_differ\t%llu\nsample_ref_wrong\t%llu\n",
            o->sample, tot->sample_pairs, tot->sample_differ, tot->sample_code_differ, tot->sample_ref_wrong);
  fprintf(f, "devices\t%d\nseconds\t%.3f\nrate\t%.4g\nrate_per_device\t%.4g\n", ndev, wall, rate,
          ndev ? rate / ndev : 0.0);
  for (i = 0; i < devices.size(); ++i) fprintf(f, "device\t%s\n", devices[i].c_str());
  fprintf(f, "verdict\t%s\n", ct_verdict(tot));
  fclose(f);
}

int main(int argc, char **argv) {
  ct_sopts o;
  std::vector<ct_gpu_run> runs;
  ct_sweep_counts tot;
  int64_t pairs, na, per;
  double wall;
  size_t i;
  int rc;
  setvbuf(stdout, 0, _IOLBF, 0);
  ct_sparse(argc, argv, &o);
  if (o.explain_a) return ct_explain(&o);
  pairs = ct_sweep_num_pairs(&o.b);
  na = ct_sweep_num_a(&o.b);
  per = ct_sweep_per(&o.b);
  printf("composition sweep: A of rank %s%d, B of rank %s%d, shapes 1..%d, strides %d..%d (%lld values per mode)\n",
         o.b.exact ? "" : "1..", o.b.ra, o.b.exact ? "" : "1..", o.b.rb, o.b.smax, o.b.dlo, o.b.dhi, (long long)per);
  printf("  %lld layouts A x %lld layouts B = %lld pairs (%.3g)%s; %s\n", (long long)na, (long long)(pairs / na),
         (long long)pairs, (double)pairs, o.b.brute ? "; brute-force cross-check on" : "",
         o.fast ? "the fast form (device/sweep_fast.h), the reference on a sample" : "the reference on every pair");
  printf("  checks per accepted pair: COMP-1 and COMP-2 at every i < size(B) (exact criterion, device/ct_sweep.h)\n");
  if (o.manifest) { /* resumable: the shards not yet in the manifest, until the budget */
    std::vector<int> done;
    std::vector<std::string> devices;
    ct_sweep_counts sum;
    double secs, t0 = ct_now();
    int ndone = ct_manifest_read(&o, done, &sum, &secs, devices), k, ran = 0;
    char shards[64];
    printf("manifest %s: %d of %d shards finished before this run\n", o.manifest, ndone, o.shards);
    for (k = 0; k < o.shards; ++k) {
      if (done[k]) continue;
      if (o.max_shards > 0 && ran >= o.max_shards) {
        printf("%d shards run: shard %d/%d and later ones left for the next run\n", ran, k, o.shards);
        break;
      }
      if (o.budget > 0 && ct_now() - t0 >= o.budget) {
        printf("budget of %.0f s spent: shard %d/%d and later ones left for the next run\n", o.budget, k, o.shards);
        break;
      }
      o.shard_i = k;
      o.shard_n = o.shards;
      if ((rc = ct_sweep_run(&o, runs, &tot, &wall)) != 0) return rc;
      ct_manifest_append(&o, &tot, wall, runs[0].name);
      {
        double fs = 0, ss = 0;
        for (size_t r = 0; r < runs.size(); ++r) fs += runs[r].fast_seconds, ss += runs[r].sample_seconds;
        printf("shard %d/%d: %llu pairs in %.2f s (%.3g pairs/s; GPU kernels: the fast form %.2f s, the sample %.2f s), %s\n",
               k, o.shards, tot.pairs, wall, wall > 0 ? tot.pairs / wall : 0.0, fs, ss, ct_verdict(&tot));
      }
      ct_show_examples(&o, runs);
      ++ran;
    }
    ndone = ct_manifest_read(&o, done, &sum, &secs, devices);
    snprintf(shards, sizeof shards, "%d/%d", ndone, o.shards);
    printf("manifest: %d of %d shards finished (%d in this run); %llu of %lld pairs\n", ndone, o.shards, ran, sum.pairs,
           (long long)pairs);
    ct_print_counts(&o, &sum, ndone == o.shards ? "every pair" : "the finished shards");
    printf("time: %.1f s over the finished shards (%.3g pairs/s)\n", secs, secs > 0 ? sum.pairs / secs : 0.0);
    printf("verdict: %s%s\n", ct_verdict(&sum), ndone == o.shards ? "" : " (so far: shards remain)");
    if (o.tsv) ct_write_tsv(&o, &sum, pairs, secs, 1, shards, devices);
    return ct_bad(&sum) ? 1 : ndone == o.shards ? 0 : 5; /* 5: shards remain (3 is a CUDA error) */
  }
  if ((rc = ct_sweep_run(&o, runs, &tot, &wall)) != 0) return rc;
  for (i = 0; i < runs.size(); ++i)
    printf("  %s %s: %lld pairs in %.2f s (%.3g pairs/s)%s\n", runs[i].device >= 0 ? "GPU" : "", runs[i].name,
           (long long)runs[i].counts.pairs, runs[i].seconds,
           runs[i].seconds > 0 ? (double)runs[i].counts.pairs / runs[i].seconds : 0.0,
           o.fast ? "" : "");
  for (i = 0; o.fast && i < runs.size(); ++i) {
    printf("  the fast form's tables: %.3f s\n", runs[i].table_seconds);
    if (runs[i].device >= 0)
      printf("  kernels on GPU %d: the fast form %.2f s (%.3g pairs/s), its sample against the reference %.2f s\n",
             runs[i].device, runs[i].fast_seconds,
             runs[i].fast_seconds > 0 ? runs[i].counts.pairs / runs[i].fast_seconds : 0.0, runs[i].sample_seconds);
  }
  {
    char what[64];
    snprintf(what, sizeof what, "shard %d/%d", o.shard_i, o.shard_n);
    ct_print_counts(&o, &tot, what);
  }
  ct_show_examples(&o, runs);
  {
    double rate = wall > 0 ? (double)tot.pairs / wall : 0, per_gpu = runs.size() ? rate / runs.size() : 0;
    printf("time: %.2f s wall, %.3g pairs/s (%.3g per %s)\n", wall, rate, per_gpu, o.host ? "host" : "GPU");
    if (!o.host && per_gpu > 0)
      printf("projection: the whole sweep (%.3g pairs) takes %.1f s on one such GPU, %.1f s on 8\n", (double)pairs,
             (double)pairs / per_gpu, (double)pairs / per_gpu / 8);
  }
  /* COMP-8: a rejection with an answer is a failure of the spec, counted apart */
  printf("verdict: %s\n", ct_verdict(&tot));
  if (o.tsv) {
    char shards[64];
    std::vector<std::string> devices;
    for (i = 0; i < runs.size(); ++i) devices.push_back(runs[i].name);
    snprintf(shards, sizeof shards, "%d/%d", o.shard_i, o.shard_n);
    ct_write_tsv(&o, &tot, pairs, wall, (int)runs.size(), shards, devices);
  }
  return ct_bad(&tot) ? 1 : 0;
}
