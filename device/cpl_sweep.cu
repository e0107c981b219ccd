/* cpl_sweep.cu -- ct_cpl_sweep: the exhaustive complement check (issue 14).
 * Every flat A within bounds and every cotarget (the default, then 1..mmax):
 * the reference's decision (ref/complement.c) against the brute-force
 * existence test of CPL-7 (judge/judge_exact.c: A's image tiled greedily,
 * sharing no code with the reference), and every accepted answer judged by
 * CPL-1, CPL-2 and CPL-3 (judge/judge_complement.c, the judges `cuteref
 * conform` uses). On the GPU, or with --host on one core.
 *
 *   ct_cpl_sweep [--ra 3 --smax 8 --dlo -2 --dhi 16 --mmax 64] [--host]
 *
 * Counted: accepted; rejected with no complement; rejected although one
 * exists (conservative: a failure of CPL-7); wrong answers (accepted with no
 * complement, or an answer that breaks CPL-1..CPL-3); cases past the brute
 * force's bound (CT_BRUTE_MAX elements, 4x that many offsets), not judged. */
#define _POSIX_C_SOURCE 200809L
#include "ref/ct_error.c"
#include "ref/inttuple.c"
#include "ref/layout.c"
#include "ref/leaf_form.c" /* judge/judge.c evaluates index after index through it */
#include "ref/modes.c"
#include "ref/coalesce.c"
#include "ref/basis.c" /* ct_l_same_function of basis strides */
#include "ref/injective.c"
#include "ref/complement.c"
#include "judge/judge.c"
#include "judge/judge_complement.c"
#include "ref/composition_def.c"
#include "judge/judge_exact.c"

#define CT_PROG "ct_cpl_sweep"
#include "device/ct_cuda.h"

#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CT_CPL_MAX_RANK 3

typedef struct {
  int ra, smax, dlo, dhi, mmax;
} ct_cpl_bounds;

typedef struct {
  unsigned long long cases, accepted, rej_none, rej_exists, wrong, unchecked;
} ct_cpl_counts;

/* The u-th flat A of rank 1..ra (rank grows last), as a layout. */
CT_FN static void ct_cpl_layout(const ct_cpl_bounds *b, int64_t u, ct_layout *A) {
  int64_t per = (int64_t)b->smax * (b->dhi - b->dlo + 1), block = per;
  int na = 1, k;
  ct_modes m;
  ct_err e;
  while (u >= block) {
    u -= block;
    block *= per;
    ++na;
  }
  m.n = 0;
  for (k = 0; k < na; ++k) {
    int v = (int)(u % per);
    ct_modes_push(&m, 1 + v / (b->dhi - b->dlo + 1), 0, b->dlo + v % (b->dhi - b->dlo + 1), 0);
    u /= per;
  }
  if (na == 1) ct_l_set_int(A, m.m[0].s, 0, m.m[0].d, 0);
  else ct_discard(ct_modes_to_layout(&m, A, &e)); /* rank <= 3: fits every build */
}

CT_FN static int64_t ct_cpl_num_a(const ct_cpl_bounds *b) {
  int64_t per = (int64_t)b->smax * (b->dhi - b->dlo + 1), p = 1, t = 0;
  int r;
  for (r = 1; r <= b->ra; ++r) {
    p *= per;
    t += p;
  }
  return t;
}

/* Every cotarget of the u-th A: M = 0 is the default (no cotarget). */
CT_FN static void ct_cpl_unit(const ct_cpl_bounds *b, int64_t u, ct_cpl_counts *n) {
  ct_layout A, R;
  ct_tuple cot;
  ct_err e;
  ct_judgement j;
  int64_t M, cos = 0;
  ct_cpl_layout(b, u, &A);
  for (M = 0; M <= b->mmax; ++M) {
    ct_code code;
    ct_jstatus s;
    ct_t_set_int(&cot, M, 0);
    code = ct_complement(&A, M > 0 ? &cot : 0, &R, &e);
    ++n->cases;
    s = ct_judge_cpl_7(&A, M > 0, M, code, 4 * CT_JUDGE_CAP, &j);
    if (s == CT_J_UNCHECKED) {
      ++n->unchecked;
      continue;
    }
    if (code != CT_OK) {
      if (s == CT_J_VIOLATED) ++n->rej_exists;
      else ++n->rej_none;
      continue;
    }
    ++n->accepted;
    if (M == 0) { /* CPL-3 with the default cotarget: cosize(filter(A)) (CPL-DEFAULT) */
      ct_layout F;
      ct_val c;
      if (ct_filter(&A, &F, &e) == CT_OK && ct_l_cosize(&F, &c, &e) == CT_OK) cos = c.v;
    }
    if (s == CT_J_VIOLATED || ct_judge_cpl_1(&R, CT_JUDGE_CAP, &j) == CT_J_VIOLATED ||
        ct_judge_cpl_2(&A, &R, 4 * CT_JUDGE_CAP, &j) == CT_J_VIOLATED ||
        ct_judge_cpl_3(&A, M > 0 ? M : cos, &R, &j) == CT_J_VIOLATED)
      ++n->wrong;
  }
}

#define CT_CPL_NCOUNT ((int)(sizeof(ct_cpl_counts) / sizeof(unsigned long long)))

__global__ void ct_k_cpl(ct_cpl_bounds b, long long u0, long long nu, unsigned long long *counts) {
  long long u = u0 + (long long)blockIdx.x * blockDim.x + threadIdx.x;
  ct_cpl_counts n;
  int k;
  memset(&n, 0, sizeof n);
  if (u < u0 + nu) ct_cpl_unit(&b, u, &n);
  for (k = 0; k < CT_CPL_NCOUNT; ++k) {
    unsigned long long v = ((const unsigned long long *)&n)[k];
    if (v) atomicAdd(&counts[k], v);
  }
}

int main(int argc, char **argv) {
  ct_cpl_bounds b;
  ct_cpl_counts tot;
  int host = 0, k, bad;
  int64_t units, u;
  double t0;
  b.ra = 3;
  b.smax = 8;
  b.dlo = -2;
  b.dhi = 16;
  b.mmax = 64;
  for (k = 1; k < argc; ++k) {
    const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : 0;
    if (!strcmp(a, "--ra") && v) b.ra = atoi(argv[++k]);
    else if (!strcmp(a, "--smax") && v) b.smax = atoi(argv[++k]);
    else if (!strcmp(a, "--dlo") && v) b.dlo = atoi(argv[++k]);
    else if (!strcmp(a, "--dhi") && v) b.dhi = atoi(argv[++k]);
    else if (!strcmp(a, "--mmax") && v) b.mmax = atoi(argv[++k]);
    else if (!strcmp(a, "--host")) host = 1;
    else ct_die("usage: ct_cpl_sweep [--ra 3 --smax 8 --dlo -2 --dhi 16 --mmax 64] [--host]");
  }
  if (b.ra < 1 || b.ra > CT_CPL_MAX_RANK || b.smax < 1 || b.smax > 16 || b.dlo > b.dhi || b.dlo < -64 ||
      b.dhi > 64 || b.mmax < 0 || b.mmax > 512)
    ct_die("bounds: ra 1..%d, smax 1..16, strides in -64..64, mmax 0..512", CT_CPL_MAX_RANK);
  units = ct_cpl_num_a(&b);
  printf("complement check: A of rank 1..%d, shapes 1..%d, strides %d..%d (%lld layouts), cotargets: the default "
         "and 1..%d\n",
         b.ra, b.smax, b.dlo, b.dhi, (long long)units, b.mmax);
  memset(&tot, 0, sizeof tot);
  t0 = ct_now();
  if (host) {
    for (u = 0; u < units; ++u) ct_cpl_unit(&b, u, &tot);
  } else {
    int n = 0;
    unsigned long long *dc;
    long long batch = 1 << 18, done;
    if (cudaGetDeviceCount(&n) != cudaSuccess || n == 0) {
      fprintf(stderr, CT_PROG ": no CUDA device; use --host\n");
      return 4;
    }
    /* The judges keep CT_JUDGE_CAP-sized arrays on the stack (ptxas -v: about 20 KB
     * per thread); the runtime's default stack limit is far smaller, and the kernel
     * faulted with an illegal memory access on the H100 without this. */
    CT_CUDA(cudaDeviceSetLimit(cudaLimitStackSize, 65536));
    CT_CUDA(cudaMalloc(&dc, sizeof tot));
    CT_CUDA(cudaMemset(dc, 0, sizeof tot));
    for (done = 0; done < units; done += batch) {
      long long nu = units - done < batch ? units - done : batch;
      ct_k_cpl<<<(unsigned)((nu + 127) / 128), 128>>>(b, done, nu, dc);
      CT_CUDA(cudaGetLastError());
      CT_CUDA(cudaDeviceSynchronize());
    }
    CT_CUDA(cudaMemcpy(&tot, dc, sizeof tot, cudaMemcpyDeviceToHost));
    CT_CUDA(cudaFree(dc));
  }
  printf("cases %llu in %.2f s (%s): accepted %llu, rejected with no complement %llu\n", tot.cases, ct_now() - t0,
         host ? "host" : "GPU", tot.accepted, tot.rej_none);
  printf("rejected although a complement exists %llu\nwrong answers %llu\noutside the brute force's bound %llu\n",
         tot.rej_exists, tot.wrong, tot.unchecked);
  bad = tot.rej_exists || tot.wrong || tot.unchecked == tot.cases;
  printf("verdict: %s\n", bad ? "FAILURES" : "ok: exact (0 conservative, 0 wrong)");
  return bad ? 1 : 0;
}
