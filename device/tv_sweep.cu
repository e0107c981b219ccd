/* tv_sweep.cu -- ct_tv_sweep: the exhaustive sweep of the layer above the
 * algebra (issue 41, item 3): tiled MMAs (spec/tiled_mma.md) of every atom of
 * the atlas (spec/mma.md) over every atom layout of at most 8 warps (2
 * warpgroups for wgmma), a family of permutation tiles, and shared-memory
 * layouts for A and B (plain K- and MN-major, and the GMMA atoms of
 * spec/atoms.md tiled to the operand's tile with tile_to_shape), on every GPU
 * or with --host on the host's cores.
 *
 *   ct_tv_sweep [--quick] [--first F] [--limit N] [--shard I/N] [--gpus all|L] [--host [--procs P]]
 *               [--threads T] [--per-base] [--tsv FILE]
 *
 * A base is (atom, atom layout, permutations); a configuration is a base and
 * a pair (sA, sB) of shared-memory layouts. Per base the reference builds
 * tiled_mma_{a,b,c}_tv (ref/tiled_mma.c) once; per configuration and per
 * thread t of the tiled MMA (a "(configuration, thread) check"):
 *   fragments  A, B, C: L(t + T*v) equals TMMA-DEF at every value v,
 *              evaluated here from the atom's PTX formula (ct_mma_frag_at of
 *              ref/mma_atom.c), the atom layout's inverse and the
 *              permutations, without ref/tiled_mma.c's construction (TMMA-3);
 *   ownership  C: each L(t, v) lies in the tile and its inverse, computed
 *              from an inverse of PTX's C formula written here, is (t, v) up
 *              to the K group of t: with T*V == lK*TM*TN, every C element is
 *              held exactly lK times (TMMA-1, once where lK = 1);
 *   partition  sA and sB: slice (t, _) of composition(sX, L_X) (CuTe's
 *              thr_mma.partition_A(sA): the smem layout composed with the
 *              operand's TV layout at that thread) equals sX at the
 *              definition's coordinates, at every value.
 * The work of a base is cut into slots (ct_tv_slot_run): its (configuration,
 * thread) checks in order, cut into runs of consecutive checks, one per GPU
 * thread of a block of T (--threads), and a heavy base (estimated by
 * ct_tv_cost from its tile) gets several blocks; the host runs the same slots
 * in turn, so both count and keep examples alike. --per-base keeps the first
 * decomposition (one GPU thread or one host step per base) to compare with:
 * every count is the same (device/tv_sweep_host_test.sh).
 * Rejected bases (ARG_TYPE, NOT_INJECTIVE) are counted apart and checked
 * against TMMA-PRE decided here (sizes, brute-force bijectivity); a GMMA atom
 * that does not divide the operand's tile (tile_to_shape's NOT_DIVISIBLE)
 * is checked against the divisibility of the atom's shape and its
 * configurations are left out. Exit 0 only with 0 failures.
 *
 * -DCT_TV_MUTANTS=1 compiles deliberately broken checks in (test only),
 * chosen by --mutant N: 1 the definition forgets the row permutation, 2 the
 * C inverse reads q from the wrong bits, 3 the partition's target ignores
 * the swizzle, 4 TMMA-PRE is read as rejecting every atom layout of size 8.
 * Each must show failures (device/tv_sweep_host_test.sh). Without the
 * switch --mutant is refused and no broken check is compiled. */
#define _POSIX_C_SOURCE 200809L
#undef CT_MAX_NODES
#define CT_MAX_NODES 64 /* composition(sX, L_X) refines the TV layout's leaves */
#include "ref/ct_error.c"
#include "ref/inttuple.c"
#include "ref/layout.c"
#include "ref/leaf_form.c"
#include "ref/modes.c"
#include "ref/coalesce.c"
#include "ref/basis.c"
#include "ref/basis_ops.c"
#include "ref/injective.c"
#include "ref/ahat.c"
#include "ref/carry.c"
#include "ref/composition.c"
#include "ref/recognize.c"
#include "ref/zsolve.c"
#include "ref/left_search.c"
#include "ref/inverse.c"
#include "ref/complement.c"
#include "ref/refine.c"
#include "ref/rearrange.c"
#include "ref/tiler.c"
#include "ref/divide.c"
#include "ref/construct.c"
#include "ref/product.c"
#include "ref/swizzle.c"
#include "ref/composed.c"
#include "ref/atoms.c"
#include "ref/copy_atom.c"
#include "ref/copy_tmem.c"
#include "ref/tv_fit.c"
#include "ref/mma_atom.c"
#include "ref/tiled_mma.c"

#define CT_PROG "ct_tv_sweep"
#include "device/ct_cuda.h"
#include "device/ct_fork.h"

#include <cuda_runtime.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <algorithm>
#include <thread>
#include <vector>

#ifndef CT_TV_MUTANTS
#define CT_TV_MUTANTS 0
#endif
#if CT_TV_MUTANTS
#define CT_TV_MUT(B, n) ((B)->mutant == (n)) /* a broken check, test only */
#else
#define CT_TV_MUT(B, n) 0
#endif

/* ---- the enumeration ------------------------------------------------------------------- */

#define CT_TV_SYNC CT_MMA_SYNC_SHAPES /* mma.sync atoms: 17 */
#define CT_TV_WG (3 * 32)             /* wgmma: A of 32, 16, 8 bits x N = 8, 16, .., 256 */
#define CT_TV_ATOMS (CT_TV_SYNC + CT_TV_WG)
#define CT_TV_NPERM 8  /* permutation options per mode (below) */
#define CT_TV_NSMEM 10 /* shared-memory layouts per operand: plain K, plain MN, GMMA K/MN x 16..128 bytes */
#define CT_TV_EXAMPLES 8
#define CT_TV_CACHE 256 /* values of A and B whose definition a thread keeps for its partitions */

/* A flat layout of at most 3 modes: the atom layouts and the permutations. */
typedef struct {
  int n;
  int64_t s[3], d[3];
} ct_tv_flat;

/* The three functions both kernels run (a base's set-up, a configuration's
 * layouts, a thread's checks) are compiled once and called, not inlined
 * into each kernel: cicc and ptxas then see each body once. */
#ifdef __CUDACC__
#define CT_TV_ONCE __noinline__
#else
#define CT_TV_ONCE
#endif

CT_FN static int64_t ct_tv_flat_size(const ct_tv_flat *f) {
  int64_t p = 1;
  int k;
  for (k = 0; k < f->n; ++k) p *= f->s[k];
  return p;
}

CT_FN static int64_t ct_tv_flat_at(const ct_tv_flat *f, int64_t i) {
  int64_t y = 0;
  int k;
  for (k = 0; k < f->n; ++k) {
    y += (i % f->s[k]) * f->d[k];
    i /= f->s[k];
  }
  return y;
}

/* The index i with f(i) == x for a compact bijection f (its strides the
 * prefix products of its shape in some order): digit k is (x / d_k) % s_k. */
CT_FN static int64_t ct_tv_flat_inv(const ct_tv_flat *f, int64_t x) {
  int64_t i = 0, p = 1;
  int k;
  for (k = 0; k < f->n; ++k) {
    if (f->s[k] > 1 && f->d[k] > 0) i += ((x / f->d[k]) % f->s[k]) * p;
    p *= f->s[k];
  }
  return i;
}

/* Whether f is a bijection of [0, n) onto itself, by brute force (n <= 4096). */
CT_FN static int ct_tv_flat_bijective(const ct_tv_flat *f) {
  uint64_t seen[64];
  int64_t n = ct_tv_flat_size(f), i, x;
  if (n > 4096) return 0;
  for (i = 0; i < 64; ++i) seen[i] = 0;
  for (i = 0; i < n; ++i) {
    x = ct_tv_flat_at(f, i);
    if (x < 0 || x >= n || ((seen[x >> 6] >> (x & 63)) & 1)) return 0;
    seen[x >> 6] |= (uint64_t)1 << (x & 63);
  }
  return 1;
}

/* Atom a: (M, N, K, bits). */
CT_FN static void ct_tv_atom(int a, int *m, int *n, int *k, int *bits) {
  if (a < CT_TV_SYNC) {
    ct_mma_sync_shape(a, m, n, k, bits);
    return;
  }
  a -= CT_TV_SYNC;
  *bits = a / 32 == 0 ? 32 : a / 32 == 1 ? 16 : 8;
  *m = 64;
  *n = 8 * (a % 32 + 1);
  *k = 256 / *bits;
}

/* The atom layouts: every (lM, lN, lK) of size <= maxa, column-major, then
 * row-major where two modes or more exceed 1, then (test of TMMA-PRE) the
 * same shapes with every stride 1, no bijection. Returns the count; fills
 * *f with the j-th (j < count) and *broken. */
CT_FN static int ct_tv_lay(int maxa, int j, ct_tv_flat *f, int *broken) {
  int pass, a, b, c, cnt = 0;
  for (pass = 0; pass < 3; ++pass)
    for (a = 1; a <= maxa; ++a)
      for (b = 1; a * b <= maxa; ++b)
        for (c = 1; a * b * c <= maxa; ++c) {
          int big = (a > 1) + (b > 1) + (c > 1);
          if (pass > 0 && big < 2) continue;
          if (cnt++ != j) continue;
          f->n = 3;
          f->s[0] = a, f->s[1] = b, f->s[2] = c;
          if (pass == 0) f->d[0] = 1, f->d[1] = a, f->d[2] = a * b;
          else if (pass == 1) f->d[0] = b * c, f->d[1] = c, f->d[2] = 1;
          else f->d[0] = f->d[1] = f->d[2] = 1;
          *broken = pass == 2;
        }
  return cnt;
}

/* Permutation option o of a mode whose atom extent is d (even) and atom
 * layout extent l, T = d*l: 0 `_`; 1 2T:1 (the tile doubled by a repeat);
 * 2 (d/2,2,l):(2,1,d) (the two halves of each atom's rows interleaved); 3
 * (d,l,2):(1,2d,d) (doubled, block j of half s moved to block 2j+s: for
 * l = 2 spec/tiled_mma.md's N example (8,2,2):(1,16,8)); 4 (2,d/2,l):(d/2,1,d)
 * (option 2's inverse, a K permutation of the kind kernels use to match
 * ldmatrix); 5 (3T/2):1 (ARG_TYPE: no multiple of T); 6 (T/2,2):(1,1)
 * (NOT_INJECTIVE); 7 (d/2,2,2l):(2,1,d) (doubled and interleaved). Options
 * 2, 3, 4, 7 keep each atom's block whole or split it evenly, so that TMMA-4's
 * P o L0 is a layout: a permutation that cuts an atom's block unevenly, such
 * as (12,2):(2,1) of T = 24, d = 8, gives a function that is no layout, and
 * the reference rejects it with composition's code (SHAPE_DIVISIBILITY), a
 * rejection TMMA-PRE does not list (device/README.md). Returns 0 for `_`,
 * else 1. */
CT_FN static int ct_tv_perm(int o, int64_t d, int64_t l, ct_tv_flat *f) {
  int64_t T = d * l, h = T / 2;
  f->n = 3;
  switch (o) {
  case 0: f->n = 1, f->s[0] = T, f->d[0] = 1; return 0;
  case 1: f->n = 1, f->s[0] = 2 * T, f->d[0] = 1; return 1;
  case 2: f->s[0] = d / 2, f->s[1] = 2, f->s[2] = l, f->d[0] = 2, f->d[1] = 1, f->d[2] = d; return 1;
  case 3: f->s[0] = d, f->s[1] = l, f->s[2] = 2, f->d[0] = 1, f->d[1] = 2 * d, f->d[2] = d; return 1;
  case 4: f->s[0] = 2, f->s[1] = d / 2, f->s[2] = l, f->d[0] = d / 2, f->d[1] = 1, f->d[2] = d; return 1;
  case 5: f->n = 1, f->s[0] = 3 * h, f->d[0] = 1; return 1;
  case 6: f->n = 2, f->s[0] = h, f->s[1] = 2, f->d[0] = 1, f->d[1] = 1; return 1;
  default: f->s[0] = d / 2, f->s[1] = 2, f->s[2] = 2 * l, f->d[0] = 2, f->d[1] = 1, f->d[2] = d; return 1;
  }
}

/* The sweep's domain: which options each family runs. */
typedef struct {
  int nperm_sync, nperm_wg; /* options 0..n-1 per mode */
  int nsmem_sync, nsmem_wg; /* shared-memory layouts 0..n-1 per operand */
  int wg_pairs_matched;     /* wgmma: sA and sB of the same index only */
  int mutant;               /* --mutant N of a CT_TV_MUTANTS build, else 0 */
  int64_t first, limit;     /* bases first .. first + limit - 1 only (limit 0: to the end) */
} ct_tv_bounds;

/* Bases of atom a: layouts x perm options^3. */
CT_FN static int64_t ct_tv_bases_of(const ct_tv_bounds *b, int a, int *nlay, int *np) {
  ct_tv_flat f;
  int broken;
  *np = a < CT_TV_SYNC ? b->nperm_sync : b->nperm_wg;
  *nlay = ct_tv_lay(a < CT_TV_SYNC ? 8 : 2, 0, &f, &broken);
  return (int64_t)*nlay * *np * *np * *np;
}

CT_FN static int64_t ct_tv_num(const ct_tv_bounds *b) {
  int64_t t = 0;
  int a, nl, np;
  for (a = 0; a < CT_TV_ATOMS; ++a) t += ct_tv_bases_of(b, a, &nl, &np);
  t = b->first < t ? t - b->first : 0;
  return b->limit > 0 && b->limit < t ? b->limit : t;
}

/* ---- one base --------------------------------------------------------------------------- */

/* What a base is, decoded. */
typedef struct {
  int a, m, n, k, bits, wg, broken, mutant;
  ct_tv_flat lay, perm[3];
  int has_perm[3], popt[3];
  int64_t l[3], tile[3]; /* tile: valid only when accepted */
} ct_tv_base;

CT_FN static void ct_tv_decode(const ct_tv_bounds *b, int64_t u, ct_tv_base *B) {
  int a, nl, np, j, i;
  int64_t nb;
  for (a = 0; a < CT_TV_ATOMS; ++a) {
    nb = ct_tv_bases_of(b, a, &nl, &np);
    if (u < nb) break;
    u -= nb;
  }
  B->a = a;
  B->mutant = b->mutant;
  ct_tv_atom(a, &B->m, &B->n, &B->k, &B->bits);
  B->wg = B->m == 64;
  for (i = 0; i < 3; ++i) {
    B->popt[i] = (int)(u % np);
    u /= np;
  }
  j = (int)u;
  ct_tv_lay(B->wg ? 2 : 8, j, &B->lay, &B->broken);
  for (i = 0; i < 3; ++i) {
    int64_t d = i == 0 ? B->m : i == 1 ? B->n : B->k;
    B->l[i] = B->lay.s[i];
    B->has_perm[i] = ct_tv_perm(B->popt[i], d, B->l[i], &B->perm[i]);
  }
}

/* A flat layout as a ct_layout (an integer mode when n == 1). */
CT_FN static ct_code ct_tv_layout(const ct_tv_flat *f, ct_layout *L, ct_err *e) {
  int h, k;
  if (f->n == 1) {
    ct_l_set_int(L, f->s[0], 0, f->d[0], 0);
    return CT_OK;
  }
  ct_t_clear(&L->shape);
  ct_t_clear(&L->stride);
  CT_TRY(ct_t_open(&L->shape, &h, e));
  for (k = 0; k < f->n; ++k) CT_TRY(ct_t_push_int(&L->shape, f->s[k], 0, e));
  CT_TRY(ct_t_close(&L->shape, h, e));
  CT_TRY(ct_t_open(&L->stride, &h, e));
  for (k = 0; k < f->n; ++k) CT_TRY(ct_t_push_int(&L->stride, f->d[k], 0, e));
  return ct_t_close(&L->stride, h, e);
}

/* TMMA-PRE decided here: 0 accepted, else the set of codes that may answer
 * (bit 1: NOT_INJECTIVE, bit 2: ARG_TYPE). */
CT_FN static int ct_tv_expect(const ct_tv_base *B) {
  int want = 0, i;
  if (!ct_tv_flat_bijective(&B->lay)) want |= 1;
  for (i = 0; i < 3; ++i) {
    int64_t d = i == 0 ? B->m : i == 1 ? B->n : B->k, s = ct_tv_flat_size(&B->perm[i]);
    if (!B->has_perm[i]) continue;
    if (s % (d * B->l[i]) != 0) want |= 2;
    else if (!ct_tv_flat_bijective(&B->perm[i])) want |= 1;
  }
  if (CT_TV_MUT(B, 4) && ct_tv_flat_size(&B->lay) == 8) want |= 1;
  return want;
}

/* The counts. */
typedef struct {
  unsigned long long bases, accepted, rejected, rej_code[2], rej_wrong, acc_wrong;
  unsigned long long configs, checks, values, smem_na, smem_na_wrong, smem_ok;
  unsigned long long frag_fail[3], size_fail, own_fail, part_fail[2], part_unavail, ref_error, failures;
} ct_tv_counts;
#define CT_TV_NCOUNT ((int)(sizeof(ct_tv_counts) / sizeof(unsigned long long)))

enum {
  CT_TVF_NONE, CT_TVF_FRAG_A, CT_TVF_FRAG_B, CT_TVF_FRAG_C, CT_TVF_SIZE, CT_TVF_OWN, CT_TVF_PART_A, CT_TVF_PART_B,
  CT_TVF_PART_NA, CT_TVF_REJ, CT_TVF_ACC, CT_TVF_SMEM, CT_TVF_REF, CT_TVF_N
};
static const char *const ct_tv_fails[CT_TVF_N] = {
    "-", "TMMA-3 (A's fragment differs from the definition)", "TMMA-3 (B's fragment differs from the definition)",
    "TMMA-3 (C's fragment differs from the definition)", "TMMA-5 (threads or values)",
    "TMMA-1 (a C element not owned exactly lK times: the inverse gives another (thread, value))",
    "partition_A(sA) differs from sA at the definition's coordinates",
    "partition_B(sB) differs from sB at the definition's coordinates",
    "composition(sX, L_X) rejected (no partition to check)", "rejected, but TMMA-PRE holds (or another code)",
    "accepted, but TMMA-PRE fails", "tile_to_shape: rejected iff the GMMA atom does not divide the tile: no",
    "the reference failed (an error where an answer is expected)"};

/* A failure kept as an example. */
typedef struct {
  long long u;
  int pair, t, v, kind;
  long long got, want;
} ct_tv_ex;

/* The tiled MMA of a base, as the sweep sees it: the reference's three TV
 * layouts and what the definition needs. */
typedef struct {
  ct_mma_frag f[3];
  ct_layout L[3];
  int64_t T, V[3], nR[3]; /* threads; values; the rest's count along r per operand */
} ct_tv_tiled;

/* What TMMA-DEF needs of thread t, computed once per thread: its atom
 * thread ta and the coordinate lay^-1(t / Ta) of its atom. */
typedef struct {
  int ta, gc[3];
} ct_tv_thr;

CT_FN static void ct_tv_thr_of(const ct_tv_base *B, const ct_tv_tiled *X, int64_t t, ct_tv_thr *h) {
  int64_t Ta = X->f[2].threads, gi = ct_tv_flat_inv(&B->lay, t / Ta);
  int k;
  h->ta = (int)(t % Ta);
  for (k = 0; k < 3; ++k) {
    h->gc[k] = (int)(gi % B->l[k]);
    gi /= B->l[k];
  }
}

/* TMMA-DEF at (t, v) for operand op (A, B, C), independent of
 * ref/tiled_mma.c: the atom's PTX element (ct_mma_frag_at) of thread ta,
 * value v % Va, moved by the atom's origin (atom_r g_r, atom_c g_c) and the
 * rest (atom_r l_r rr, atom_c l_c rc), then relabelled by the permutations.
 * 32-bit arithmetic: every index of the domain is below 2^22. */
CT_FN static int64_t ct_tv_def(const ct_tv_base *B, const ct_tv_tiled *X, int op, const ct_tv_thr *h, int v) {
  const ct_mma_frag *f = &X->f[op];
  int r = op == CT_MMA_B ? 1 : 0, c = op == CT_MMA_C ? 1 : 2;
  int Va = f->elems, va = v % Va, rest = v / Va, nR = (int)X->nR[op];
  int ar = r == 0 ? B->m : B->n, ac = c == 1 ? B->n : B->k;
  int x = (int)ct_mma_frag_at(f, h->ta, va), i = x % ar, j = x / ar;
  int64_t row = i + ar * (h->gc[r] + (int)B->l[r] * (rest % nR)), col = j + ac * (h->gc[c] + (int)B->l[c] * (rest / nR));
  if (B->has_perm[r] && !CT_TV_MUT(B, 1)) row = ct_tv_flat_at(&B->perm[r], row);
  if (B->has_perm[c]) col = ct_tv_flat_at(&B->perm[c], col);
  return row + B->tile[r] * col;
}

/* The inverse of PTX's C formula (spec/mma.md: m16n8kK (g + 8[i>=2], 2q +
 * i%2), m8n8kK (g, 2q + i), wgmma (16w + g + 8[i%4>=2], 8(i/4) + 2q + i%2)):
 * the atom's (thread, value) of C's element (row, col). */
CT_FN static void ct_tv_c_inverse(const ct_tv_base *B, int64_t row, int64_t col, int64_t *ta, int64_t *va) {
  int64_t g, q, i, w = 0;
  q = (col % 8) / 2 + (CT_TV_MUT(B, 2) ? (col & 1) : 0);
  if (B->m == 64) {
    w = row / 16;
    g = row % 8;
    i = (col & 1) + 2 * ((row % 16) / 8) + 4 * (col / 8);
  } else if (B->m == 16) {
    g = row % 8;
    i = (col & 1) + 2 * (row / 8);
  } else {
    g = row;
    i = col & 1;
  }
  *ta = q + 4 * g + 32 * w;
  *va = i;
}

/* The owner (t', v') of C's element x by the inverse of TMMA-DEF, with the
 * K group of thread t; -1 where x lies outside the tile. */
CT_FN static int ct_tv_owner(const ct_tv_base *B, const ct_tv_tiled *X, const ct_tv_thr *h, int64_t x, int64_t *to,
                             int64_t *vo) {
  int64_t TM = B->tile[0], TN = B->tile[1], row, col, ta, va, gc[2], gk = h->gc[2], g;
  if (x < 0 || x >= TM * TN) return -1;
  row = x % TM;
  col = x / TM;
  if (B->has_perm[0]) row = ct_tv_flat_inv(&B->perm[0], row);
  if (B->has_perm[1]) col = ct_tv_flat_inv(&B->perm[1], col);
  gc[0] = (row / B->m) % B->l[0];
  gc[1] = (col / B->n) % B->l[1];
  ct_tv_c_inverse(B, row % B->m, col % B->n, &ta, &va);
  g = ct_tv_flat_at(&B->lay, gc[0] + B->l[0] * (gc[1] + B->l[1] * gk));
  *to = ta + X->f[2].threads * g;
  *vo = va + X->f[2].elems * (row / (B->m * B->l[0]) + X->nR[2] * (col / (B->n * B->l[1])));
  return 0;
}

/* Shared-memory layout s (0..9) of operand op (A: TM x TK, B: TN x TK), for
 * A's element width: 0 K-major (R,TK):(TK,1), 1 MN-major (R,TK):(1,R), 2..9
 * gmma_atom(K or MN, 16/32/64/128 bytes, bits) tiled to (R, TK). 1 built,
 * 0 not applicable (tile_to_shape rejects), -1 the reference's verdict
 * disagrees with the atom's divisibility, -2 another error. */
CT_FN static int ct_tv_smem(const ct_tv_base *B, int op, int s, ct_composed *out) {
  int64_t R = B->tile[op == CT_MMA_B ? 1 : 0], K = B->tile[2];
  ct_layout L;
  ct_err e;
  if (s < 2) {
    ct_t_clear(&L.shape);
    ct_t_clear(&L.stride);
    {
      int h;
      if (ct_t_open(&L.shape, &h, &e) || ct_t_push_int(&L.shape, R, 0, &e) || ct_t_push_int(&L.shape, K, 0, &e) ||
          ct_t_close(&L.shape, h, &e))
        return -2;
      if (ct_t_open(&L.stride, &h, &e) || ct_t_push_int(&L.stride, s == 0 ? K : 1, 0, &e) ||
          ct_t_push_int(&L.stride, s == 0 ? 1 : R, 0, &e) || ct_t_close(&L.stride, h, &e))
        return -2;
    }
    ct_cl_of_layout(&L, out);
    return 1;
  }
  {
    int major = (s - 2) / 4 == 0 ? CT_MAJOR_K : CT_MAJOR_MN, row = 16 << ((s - 2) % 4), h;
    int64_t T = 8 * (int64_t)row / B->bits, a0 = major == CT_MAJOR_K ? 8 : T, a1 = major == CT_MAJOR_K ? T : 8;
    int divides = R % a0 == 0 && K % a1 == 0;
    ct_composed atom;
    ct_tuple target;
    ct_code code;
    if (ct_gmma_atom(major, row, B->bits, &atom, &e) != CT_OK) return -2;
    ct_t_clear(&target);
    if (ct_t_open(&target, &h, &e) || ct_t_push_int(&target, R, 1, &e) || ct_t_push_int(&target, K, 1, &e) ||
        ct_t_close(&target, h, &e))
      return -2;
    code = ct_tile_to_shape(&atom.inner, &target, 0, &L, &e);
    if ((code == CT_OK) != divides || (code != CT_OK && code != CT_NOT_DIVISIBLE)) return -1;
    if (code != CT_OK) return 0;
    ct_cl_rewrap(&atom, &L, out);
    return 1;
  }
}

/* The reference's tiled MMA of an accepted base, and its shapes (TMMA-5). */
CT_FN static int ct_tv_build(ct_tv_base *B, ct_tv_tiled *X, ct_code *code) {
  ct_tiled_mma tm;
  ct_layout padded;
  ct_err e;
  int i, op, r, c;
  int64_t tile[3];
  tm.m = B->m, tm.n = B->n, tm.k = B->k, tm.bits = B->bits;
  tm.form = 0; /* the atlas's (M, N, K, bits) atoms: no SM70 quad-pair form here */
  if (ct_tv_layout(&B->lay, &tm.lay, &e) != CT_OK) return -1;
  for (i = 0; i < 3; ++i) {
    tm.has_perm[i] = B->has_perm[i];
    if (B->has_perm[i] && ct_tv_layout(&B->perm[i], &tm.perm[i], &e) != CT_OK) return -1;
  }
  *code = ct_tiled_mma_check(&tm, &padded, tile, &e);
  if (*code != CT_OK) return 0;
  for (i = 0; i < 3; ++i) {
    int64_t d = i == 0 ? B->m : i == 1 ? B->n : B->k;
    B->tile[i] = B->has_perm[i] ? ct_tv_flat_size(&B->perm[i]) : d * B->l[i];
  }
  X->T = 0;
  for (op = 0; op < 3; ++op) {
    int64_t ar, ac;
    *code = ct_tiled_mma_tv(&tm, op, &X->L[op], &e);
    if (*code != CT_OK) return 0;
    if (ct_mma_frag_init(B->m, B->n, B->k, B->bits, op, &X->f[op], &e) != CT_OK) return -1;
    ct_tiled_mma_modes(op, &r, &c);
    ar = r == 0 ? B->m : r == 1 ? B->n : B->k;
    ac = c == 0 ? B->m : c == 1 ? B->n : B->k;
    X->nR[op] = B->tile[r] / (ar * B->l[r]);
    X->V[op] = X->f[op].elems * X->nR[op] * (B->tile[c] / (ac * B->l[c]));
  }
  X->T = (int64_t)X->f[2].threads * ct_tv_flat_size(&B->lay);
  return 1;
}

/* TMMA-5: two modes, T threads, V values. */
CT_FN static int ct_tv_shape_ok(const ct_layout *L, int64_t T, int64_t V) {
  ct_layout M;
  ct_val s;
  ct_err e;
  int p;
  if (ct_l_rank(L) != 2) return 0;
  p = 0;
  if (ct_l_mode(L, &p, 1, &M, &e) != CT_OK || ct_l_size(&M, &s, &e) != CT_OK || s.v != T) return 0;
  p = 1;
  if (ct_l_mode(L, &p, 1, &M, &e) != CT_OK || ct_l_size(&M, &s, &e) != CT_OK || s.v != V) return 0;
  return 1;
}

typedef struct {
  ct_tv_counts c;
  ct_tv_ex ex[CT_TV_EXAMPLES];
  int nex;
} ct_tv_acc;

CT_FN static void ct_tv_fail(ct_tv_acc *A, long long u, int pair, int t, int v, int kind, long long got,
                             long long want) {
  ++A->c.failures;
  if (A->nex < CT_TV_EXAMPLES) {
    ct_tv_ex *x = &A->ex[A->nex++];
    x->u = u, x->pair = pair, x->t = t, x->v = v, x->kind = kind, x->got = got, x->want = want;
  }
}

CT_FN static void ct_tv_note(ct_tv_acc *A, long long u, int pair, int op, int code) {
  if (A->nex < CT_TV_EXAMPLES / 2) {
    ct_tv_ex *x = &A->ex[A->nex++];
    x->u = u, x->pair = pair, x->t = -1, x->v = op, x->kind = CT_TVF_PART_NA, x->got = code, x->want = 0;
  }
}

/* The checks of one thread t of one configuration: fragments, ownership,
 * partitions. Z[0], Z[1]: composition(sA, L_A), composition(sB, L_B) (0:
 * not available), S[]: sA, sB. */
CT_FN static CT_TV_ONCE void ct_tv_thread(const ct_tv_base *B, const ct_tv_tiled *X, const ct_composed *S, const ct_composed *Z,
                               const int *zok, long long u, int pair, int64_t t, ct_tv_acc *A) {
  ct_err e;
  ct_tv_thr h;
  int op, bad = 0;
  int64_t v, y = 0, want, to = 0, vo = 0;
  int32_t defs[2][CT_TV_CACHE]; /* A's and B's definition, for the partitions */
  ct_tv_thr_of(B, X, t, &h);
  for (op = 0; op < 3 && !bad; ++op) {
    for (v = 0; v < X->V[op]; ++v) {
      want = ct_tv_def(B, X, op, &h, (int)v);
      if (op < 2 && v < CT_TV_CACHE) defs[op][v] = (int32_t)want;
      if (ct_l_eval(&X->L[op], t + X->T * v, &y, &e) != CT_OK || y != want) {
        ct_tv_fail(A, u, pair, (int)t, (int)v, CT_TVF_FRAG_A + op, y, want);
        ++A->c.frag_fail[op];
        bad = 1;
        break;
      }
      if (op == CT_MMA_C && (ct_tv_owner(B, X, &h, y, &to, &vo) != 0 || to != t || vo != v)) {
        ct_tv_fail(A, u, pair, (int)t, (int)v, CT_TVF_OWN, to, vo);
        ++A->c.own_fail;
        bad = 1;
        break;
      }
    }
    A->c.values += (unsigned long long)v;
  }
  for (op = 0; op < 2 && !bad; ++op) {
    ct_tuple c;
    ct_composed P;
    int hdr;
    if (!zok[op]) continue;
    ct_t_clear(&c);
    if (ct_t_open(&c, &hdr, &e) || ct_t_push_int(&c, t, 0, &e) || ct_t_push_all(&c, &e) || ct_t_close(&c, hdr, &e) ||
        ct_cl_slice(&c, &Z[op], &P, &e) != CT_OK) {
      ct_tv_fail(A, u, pair, (int)t, -1, CT_TVF_REF, 0, 0);
      ++A->c.ref_error;
      return;
    }
    for (v = 0; v < X->V[op]; ++v) {
      int64_t d = v < CT_TV_CACHE ? defs[op][v] : ct_tv_def(B, X, op, &h, (int)v);
      if (CT_TV_MUT(B, 3) ? ct_l_eval(&S[op].inner, d, &want, &e) != CT_OK
                          : ct_cl_eval(&S[op], d, &want, &e) != CT_OK)
        want = -1;
      if (ct_cl_eval(&P, v, &y, &e) != CT_OK || y != want) {
        ct_tv_fail(A, u, pair, (int)t, (int)v, CT_TVF_PART_A + op, y, want);
        ++A->c.part_fail[op];
        bad = 1;
        break;
      }
    }
    A->c.values += (unsigned long long)v;
  }
  ++A->c.checks;
}

/* A base, set up: decoded, built by the reference, its shared-memory layouts
 * tried, and its configurations ((sA, sB) pairs, in order) listed. Built once
 * per base on the host and once per GPU block (by its thread 0, in shared
 * memory). */
typedef struct {
  ct_tv_base B;
  ct_tv_tiled X;
  long long u; /* the base's index in the whole domain */
  int ns, nconf;
  unsigned char pairs[CT_TV_NSMEM * CT_TV_NSMEM]; /* configuration j: pair sA * ns + sB */
} ct_tv_prep;

/* Base u (an offset from b->first): its rejection, its shapes and its
 * shared-memory layouts, counted into A. 1: configurations to check. */
CT_FN static CT_TV_ONCE int ct_tv_setup(const ct_tv_bounds *b, long long u, ct_tv_prep *P, ct_tv_acc *A) {
  ct_tv_base *B = &P->B;
  ct_tv_tiled *X = &P->X;
  ct_code code = CT_OK;
  int want, got, op, sa, sb, ns, built[2][CT_TV_NSMEM];
  u += b->first; /* the base's index in the whole domain */
  P->u = u;
  P->nconf = 0;
  ct_tv_decode(b, u, B);
  ++A->c.bases;
  want = ct_tv_expect(B);
  got = ct_tv_build(B, X, &code);
  if (got < 0) {
    ct_tv_fail(A, u, -1, -1, -1, CT_TVF_REF, 0, 0);
    ++A->c.ref_error;
    return 0;
  }
  if (got == 0) { /* rejected: TMMA-PRE must fail, with one of its codes */
    int k = code == CT_NOT_INJECTIVE ? 1 : code == CT_ARG_TYPE ? 2 : 0;
    ++A->c.rejected;
    if (k) ++A->c.rej_code[k - 1];
    if (!(want & k)) {
      ct_tv_fail(A, u, -1, -1, -1, CT_TVF_REJ, code, want);
      ++A->c.rej_wrong;
    }
    return 0;
  }
  ++A->c.accepted;
  if (want) {
    ct_tv_fail(A, u, -1, -1, -1, CT_TVF_ACC, 0, want);
    ++A->c.acc_wrong;
    return 0;
  }
  for (op = 0; op < 3; ++op)
    if (!ct_tv_shape_ok(&X->L[op], X->T, X->V[op])) {
      ct_tv_fail(A, u, -1, -1, op, CT_TVF_SIZE, 0, 0);
      ++A->c.size_fail;
      return 0;
    }
  if (X->T * X->V[2] != B->l[2] * B->tile[0] * B->tile[1]) { /* the count TMMA-1's ownership rests on */
    ct_tv_fail(A, u, -1, -1, 2, CT_TVF_SIZE, X->T * X->V[2], B->l[2] * B->tile[0] * B->tile[1]);
    ++A->c.size_fail;
    return 0;
  }
  P->ns = ns = B->wg ? b->nsmem_wg : b->nsmem_sync;
  for (op = 0; op < 2; ++op)
    for (sa = 0; sa < ns; ++sa) {
      ct_composed tmp;
      built[op][sa] = ct_tv_smem(B, op, sa, &tmp);
      if (built[op][sa] == 0) ++A->c.smem_na;
      else if (built[op][sa] == 1) ++A->c.smem_ok;
      else {
        ct_tv_fail(A, u, -1, -1, sa, CT_TVF_SMEM, op, built[op][sa]);
        ++A->c.smem_na_wrong;
      }
    }
  for (sa = 0; sa < ns; ++sa)
    for (sb = 0; sb < ns; ++sb)
      if (built[0][sa] == 1 && built[1][sb] == 1 && !(B->wg && b->wg_pairs_matched && sa != sb))
        P->pairs[P->nconf++] = (unsigned char)(sa * ns + sb);
  return P->nconf > 0;
}

/* sX of configuration pair and composition(sX, L_X) (zok[op] 0: the
 * reference rejects it, code in zc[op]). */
CT_FN static CT_TV_ONCE void ct_tv_config(const ct_tv_prep *P, int pair, ct_composed *S, ct_composed *Z, int *zok, ct_code *zc) {
  int op;
  for (op = 0; op < 2; ++op) {
    ct_layout I;
    ct_err e;
    (void)ct_tv_smem(&P->B, op, op == 0 ? pair / P->ns : pair % P->ns, &S[op]);
    zc[op] = ct_composition(&S[op].inner, &P->X.L[op], &I, &e);
    zok[op] = zc[op] == CT_OK;
    if (zok[op]) ct_cl_rewrap(&S[op], &I, &Z[op]);
  }
}

/* The per-base decomposition (--per-base; the sweep's first one): every
 * configuration of base u, every thread, in one worker. */
CT_FN static void ct_tv_base_run(const ct_tv_bounds *b, long long u, ct_tv_acc *A) {
  ct_tv_prep P;
  int j, op;
  if (!ct_tv_setup(b, u, &P, A)) return;
  for (j = 0; j < P.nconf; ++j) {
    ct_composed S[2], Z[2];
    ct_code zc[2];
    int zok[2], pair = P.pairs[j];
    int64_t t;
    ct_tv_config(&P, pair, S, Z, zok, zc);
    for (op = 0; op < 2; ++op)
      if (!zok[op]) { /* counted and shown, not a failure: the thread's partition is no layout here */
        ++A->c.part_unavail;
        ct_tv_note(A, P.u, pair, op, zc[op]);
      }
    ++A->c.configs;
    for (t = 0; t < P.X.T; ++t) ct_tv_thread(&P.B, &P.X, S, Z, zok, P.u, pair, t, A);
  }
}

/* The block decomposition: a set-up base's (configuration, thread) checks
 * k = j * T + t, j < nconf, t < T, cut into S slots of consecutive k, slot s
 * checking k in [s N / S, (s + 1) N / S) (N = nconf T). Every check falls in
 * exactly one slot, in the per-base order; a configuration is counted (and its
 * unavailable partitions noted) by the slot that holds its thread 0; the
 * base's own counts (ct_tv_setup) by slot 0 alone. So the slots of a base add
 * up to ct_tv_base_run's counts, for every S (tv_sweep_host_test.sh compares
 * them), and within a slot the failures come in the per-base order. */
CT_FN static void ct_tv_slot_run(const ct_tv_prep *P, long long s, long long nslots, ct_tv_acc *A) {
  long long N = (long long)P->nconf * P->X.T, k0 = s * N / nslots, k1 = (s + 1) * N / nslots, k;
  ct_composed S[2], Z[2];
  ct_code zc[2];
  int zok[2], cur = -1, op;
  for (k = k0; k < k1; ++k) {
    int j = (int)(k / P->X.T), pair = P->pairs[j];
    int64_t t = k % P->X.T;
    if (j != cur) {
      cur = j;
      ct_tv_config(P, pair, S, Z, zok, zc);
    }
    if (t == 0) {
      for (op = 0; op < 2; ++op)
        if (!zok[op]) {
          ++A->c.part_unavail;
          ct_tv_note(A, P->u, pair, op, zc[op]);
        }
      ++A->c.configs;
    }
    ct_tv_thread(&P->B, &P->X, S, Z, zok, P->u, pair, t, A);
  }
}

/* A's examples appended to D's, in order, under ct_tv_fail's and ct_tv_note's
 * caps (what one acc over the concatenated work would keep). */
CT_FN static void ct_tv_ex_merge(ct_tv_acc *D, const ct_tv_acc *A) {
  int m;
  for (m = 0; m < A->nex; ++m)
    if (A->ex[m].kind == CT_TVF_PART_NA ? D->nex < CT_TV_EXAMPLES / 2 : D->nex < CT_TV_EXAMPLES) D->ex[D->nex++] = A->ex[m];
}

/* Estimated values compared by base u (offset from b->first) and its
 * (configuration, thread) checks, from the atom's fragments and the tile,
 * without the reference: T threads each compare V_X values of X's fragment
 * and V_A + V_B of the partitions, per configuration (wgmma's A and B are
 * whole in every thread: V = tile). Sets how many slots a base gets. */
CT_FN static long long ct_tv_cost(const ct_tv_bounds *b, long long u, long long *checks) {
  ct_tv_base B;
  ct_mma_frag f;
  ct_err e;
  long long t[3], nc, T, vals = 0;
  int i, op, r, c;
  ct_tv_decode(b, u + b->first, &B);
  for (i = 0; i < 3; ++i) {
    int64_t d = i == 0 ? B.m : i == 1 ? B.n : B.k;
    t[i] = B.has_perm[i] ? ct_tv_flat_size(&B.perm[i]) : d * B.l[i];
  }
  nc = B.wg ? (b->wg_pairs_matched ? b->nsmem_wg : (long long)b->nsmem_wg * b->nsmem_wg)
            : (long long)b->nsmem_sync * b->nsmem_sync;
  T = 32 * ct_tv_flat_size(&B.lay);
  for (op = 0; op < 3; ++op) {
    long long ar, ac;
    if (ct_mma_frag_init(B.m, B.n, B.k, B.bits, op, &f, &e) != CT_OK) continue;
    if (op == 2) T = (long long)f.threads * ct_tv_flat_size(&B.lay);
    ct_tiled_mma_modes(op, &r, &c);
    ar = r == 0 ? B.m : r == 1 ? B.n : B.k;
    ac = c == 0 ? B.m : c == 1 ? B.n : B.k;
    {
      long long nr = t[r] / (ar * B.l[r]), ncol = t[c] / (ac * B.l[c]);
      vals += (op < 2 ? 2 : 1) * (long long)f.elems * (nr > 0 ? nr : 1) * (ncol > 0 ? ncol : 1);
    }
  }
  *checks = nc * T;
  return nc * T * vals + 1;
}

#define CT_TV_BLOCK_COST (1LL << 20) /* estimated values per block of slots, above which a base gets more blocks */

/* Blocks of nthreads slots for base u, the same on the host and the GPU: one
 * per CT_TV_BLOCK_COST estimated values, no more than its checks fill. */
CT_FN static int ct_tv_blocks(const ct_tv_bounds *b, long long u, int nthreads) {
  long long checks, n = (ct_tv_cost(b, u, &checks) + CT_TV_BLOCK_COST - 1) / CT_TV_BLOCK_COST,
                    most = (checks + nthreads - 1) / nthreads;
  if (n > most) n = most;
  return n < 1 ? 1 : (int)n;
}

/* ---- GPU ---------------------------------------------------------------------------------- */

#ifdef __CUDACC__ /* a host-only build (g++, for development) has --host alone */
/* The per-base decomposition (--per-base): one GPU thread per base. */
__global__ void ct_k_tv(ct_tv_bounds b, long long first, long long n, long long stride,
                        unsigned long long *counts, ct_tv_ex *ex, unsigned *nex) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  ct_tv_acc A;
  int k;
  if (i >= n) return;
  memset(&A, 0, sizeof A);
  ct_tv_base_run(&b, first + i * stride, &A);
  {
    unsigned long long *c = (unsigned long long *)&A.c;
    for (k = 0; k < CT_TV_NCOUNT; ++k)
      if (c[k]) atomicAdd(&counts[k], c[k]);
  }
  for (k = 0; k < A.nex; ++k) {
    unsigned m = atomicAdd(nex, 1u);
    if (m < CT_TV_EXAMPLES) ex[m] = A.ex[k];
  }
}

/* The block decomposition: block x is block bj[x] of the bn[x] blocks of base
 * bu[x]; its thread 0 sets the base up in shared memory (counting only in the
 * base's block 0), then thread i runs slot bj[x] * blockDim + i of the base's
 * bn[x] * blockDim (ct_tv_slot_run). The block's examples are merged in slot
 * order into ex[x * CT_TV_EXAMPLES ..], their count in nex[x]. */
__global__ void ct_k_tv_block(ct_tv_bounds b, const long long *bu, const int *bj, const int *bn,
                              unsigned long long *counts, ct_tv_ex *ex, int *nex) {
  __shared__ ct_tv_prep P;
  __shared__ ct_tv_acc E;
  __shared__ int go;
  ct_tv_acc A;
  int k, any;
  long long nslots = (long long)bn[blockIdx.x] * blockDim.x, s = (long long)bj[blockIdx.x] * blockDim.x + threadIdx.x;
  memset(&A, 0, sizeof A);
  if (threadIdx.x == 0) {
    E.nex = 0;
    if (bj[blockIdx.x] == 0) go = ct_tv_setup(&b, bu[blockIdx.x], &P, &A);
    else {
      ct_tv_acc D; /* another block of the base: block 0 counts the base */
      memset(&D, 0, sizeof D);
      go = ct_tv_setup(&b, bu[blockIdx.x], &P, &D);
    }
  }
  __syncthreads();
  if (go) ct_tv_slot_run(&P, s, nslots, &A);
  {
    unsigned long long *c = (unsigned long long *)&A.c;
    for (k = 0; k < CT_TV_NCOUNT; ++k)
      if (c[k]) atomicAdd(&counts[k], c[k]);
  }
  any = __syncthreads_or(A.nex > 0);
  if (any)
    for (k = 0; k < (int)blockDim.x; ++k) { /* slot order: the per-base order */
      if (k == (int)threadIdx.x) ct_tv_ex_merge(&E, &A);
      __syncthreads();
    }
  if (threadIdx.x == 0) {
    nex[blockIdx.x] = E.nex;
    for (k = 0; k < E.nex; ++k) ex[blockIdx.x * (long long)CT_TV_EXAMPLES + k] = E.ex[k];
  }
}
#endif

/* ---- options, runs, reports -------------------------------------------------------------- */

typedef struct {
  ct_tv_bounds b;
  int host, procs, threads, shard_i, shard_n, all_gpus, per_base;
  std::vector<int> gpus;
  long long batch;
  double launch_s;
  const char *tsv;
} ct_tv_opts;

typedef struct {
  ct_tv_counts c;
  std::vector<ct_tv_ex> ex;
  double seconds;
  int device;
  long long bases;
} ct_tv_run;

static const char ct_tv_usage[] =
    "usage: ct_tv_sweep [options]\n"
    "  the exhaustive sweep of tiled MMAs (spec/tiled_mma.md): every atom of the atlas (17 mma.sync\n"
    "  shapes, wgmma of 32/16/8-bit A and N = 8..256) x every atom layout of at most 8 warps (2\n"
    "  warpgroups for wgmma; column- and row-major, and non-injective ones) x permutation tiles\n"
    "  per mode (six, and two that TMMA-PRE rejects) x shared-memory layouts for A and B (plain\n"
    "  K- and MN-major, gmma_atom K/MN of 16/32/64/128-byte rows tiled to the operand's tile;\n"
    "  wgmma: sA and sB of the same kind). Per configuration and thread: the\n"
    "  A/B/C fragments against TMMA-DEF, C's ownership by an inverse, the partitions of sA and sB.\n"
    "  Exit 0 only with 0 failures (1: failures; 2: usage; 3: CUDA; 4: no GPU).\n"
    "  --quick             a small domain (the host test's): 4 permutation options for mma.sync,\n"
    "                      2 for wgmma, 4 shared-memory layouts per operand\n"
    "  --perm-sync P --perm-wg P     permutation options 0..P-1 per mode (8 and 2): _, doubled,\n"
    "                      interleaved, doubled with blocks swapped, de-interleaved, ARG_TYPE (no\n"
    "                      multiple), NOT_INJECTIVE, doubled and interleaved\n"
    "  --smem-sync S --smem-wg S     shared-memory layouts per operand (10 and 10)\n"
    "  --wg-pairs full|matched       wgmma's (sA, sB): every pair or the same index (matched)\n"
    "  --first F           start at base F (mma.sync's bases come first, then wgmma's: --count)\n"
    "  --limit N           N bases only\n"
    "  --count             print the domain's size and exit\n"
    "  --host              run on the host's cores instead of the GPUs\n"
    "  --procs P           host processes (every core)\n"
    "  --gpus all|L        GPUs (all, or a comma-separated list); bases are dealt in blocks\n"
    "  --shard I/N         the I-th of N shards (also TEST_SHARD_INDEX/TEST_TOTAL_SHARDS)\n"
    "  --threads T         slots per block (128): a base's (configuration, thread) checks are cut\n"
    "                      into blocks of T slots, one GPU thread each (the host runs the same\n"
    "                      slots in turn); a heavy base gets several blocks (by its tile's size)\n"
    "  --launch-s S        aim each kernel launch at S seconds (1; a progress line every 5 s)\n"
    "  --per-base          the first decomposition: one GPU thread (or host step) per base, a\n"
    "                      batch of --batch N bases per launch (65536); for comparison\n"
    "  --tsv FILE          the results as key<TAB>value lines (device/run_gpu.sh)\n"
    "  --help              this text\n"
    "  --mutant N          TEST ONLY, in a build with -DCT_TV_MUTANTS=1: a broken check that must\n"
    "                      fail: 1 the definition forgets the row permutation, 2 the C inverse reads\n"
    "                      q wrongly, 3 the partition's target ignores the swizzle, 4 TMMA-PRE read\n"
    "                      as rejecting every atom layout of size 8\n";

static void ct_tv_parse(int argc, char **argv, ct_tv_opts *o, int *count_only) {
  int k;
  o->b.nperm_sync = 8;
  o->b.nperm_wg = 2;
  o->b.nsmem_sync = CT_TV_NSMEM;
  o->b.nsmem_wg = CT_TV_NSMEM;
  o->b.wg_pairs_matched = 1;
  o->b.limit = 0;
  o->b.first = 0;
  o->b.mutant = 0;
  o->host = 0;
  o->procs = (int)sysconf(_SC_NPROCESSORS_ONLN);
  o->threads = 128;
  o->per_base = 0;
  o->launch_s = 1.0;
  o->batch = 65536;
  o->shard_i = 0;
  o->shard_n = 1;
  o->all_gpus = 1;
  o->tsv = 0;
  *count_only = 0;
  ct_bazel_shard(&o->shard_i, &o->shard_n);
  for (k = 1; k < argc; ++k) {
    const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : 0;
#define CT_ARG(name) (strcmp(a, name) == 0 && v && (++k, 1))
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(ct_tv_usage, stdout);
      exit(0);
    } else if (strcmp(a, "--quick") == 0) {
      o->b.nperm_sync = 4;
      o->b.nperm_wg = 2;
      o->b.nsmem_sync = o->b.nsmem_wg = 4;
    } else if (CT_ARG("--perm-sync")) o->b.nperm_sync = atoi(v);
    else if (CT_ARG("--perm-wg")) o->b.nperm_wg = atoi(v);
    else if (CT_ARG("--smem-sync")) o->b.nsmem_sync = atoi(v);
    else if (CT_ARG("--smem-wg")) o->b.nsmem_wg = atoi(v);
    else if (CT_ARG("--wg-pairs")) {
      if (strcmp(v, "full") && strcmp(v, "matched")) ct_die("--wg-pairs is full or matched");
      o->b.wg_pairs_matched = strcmp(v, "matched") == 0;
    } else if (CT_ARG("--limit")) o->b.limit = strtoll(v, 0, 0);
    else if (CT_ARG("--first")) o->b.first = strtoll(v, 0, 0);
    else if (CT_ARG("--mutant")) {
      o->b.mutant = atoi(v);
      if (!CT_TV_MUTANTS) ct_die("--mutant needs a build with -DCT_TV_MUTANTS=1 (test only)");
      if (o->b.mutant < 1 || o->b.mutant > 4) ct_die("--mutant must be 1..4");
    }
    else if (strcmp(a, "--count") == 0) *count_only = 1;
    else if (strcmp(a, "--host") == 0) o->host = 1;
    else if (CT_ARG("--procs")) o->procs = atoi(v);
    else if (CT_ARG("--threads")) o->threads = atoi(v);
    else if (CT_ARG("--batch")) o->batch = strtoll(v, 0, 0);
    else if (CT_ARG("--launch-s")) o->launch_s = atof(v);
    else if (strcmp(a, "--per-base") == 0) o->per_base = 1;
    else if (CT_ARG("--tsv")) o->tsv = v;
    else if (CT_ARG("--gpus")) {
      o->all_gpus = strcmp(v, "all") == 0;
      if (!o->all_gpus) {
        char buf[256], *s, *save = 0;
        snprintf(buf, sizeof buf, "%s", v);
        for (s = strtok_r(buf, ",", &save); s; s = strtok_r(0, ",", &save)) o->gpus.push_back(atoi(s));
        if (o->gpus.empty()) ct_die("bad --gpus '%s'", v);
      }
    } else if (CT_ARG("--shard")) {
      if (sscanf(v, "%d/%d", &o->shard_i, &o->shard_n) != 2 || o->shard_n < 1 || o->shard_i < 0 ||
          o->shard_i >= o->shard_n)
        ct_die("bad --shard '%s' (I/N with 0 <= I < N)", v);
    } else ct_die("unknown option or missing value '%s'\n%s", a, ct_tv_usage);
#undef CT_ARG
  }
  if (o->b.first < 0 || o->b.limit < 0) ct_die("--first and --limit must be >= 0");
  if (o->b.nperm_sync < 1 || o->b.nperm_sync > CT_TV_NPERM || o->b.nperm_wg < 1 || o->b.nperm_wg > CT_TV_NPERM)
    ct_die("--perm-sync and --perm-wg must be in 1..%d", CT_TV_NPERM);
  if (o->b.nsmem_sync < 1 || o->b.nsmem_sync > CT_TV_NSMEM || o->b.nsmem_wg < 1 || o->b.nsmem_wg > CT_TV_NSMEM)
    ct_die("--smem-sync and --smem-wg must be in 1..%d", CT_TV_NSMEM);
  if (o->procs < 1) o->procs = 1;
  if (o->threads < 32 || o->threads > 1024) ct_die("--threads must be in 32..1024");
  if (o->batch < 1024) o->batch = 1024;
  if (!(o->launch_s > 0)) ct_die("--launch-s must be > 0");
}

/* This shard's bases: u = shard_i + shard_n * i. */
static long long ct_tv_local(const ct_tv_opts *o, long long units) {
  return units > o->shard_i ? (units - o->shard_i + o->shard_n - 1) / o->shard_n : 0;
}

static void ct_tv_add(ct_tv_counts *a, const ct_tv_counts *b) {
  unsigned long long *x = (unsigned long long *)a;
  const unsigned long long *y = (const unsigned long long *)b;
  int k;
  for (k = 0; k < CT_TV_NCOUNT; ++k) x[k] += y[k];
}

#ifdef __CUDACC__
/* What both GPU runs do first: select GPU run->device, give each thread a
 * stack of the kernel's frame plus 32 KiB (at least 64 KiB), and count GPU k
 * of ng's local bases i = k, k + ng, ... (run->bases, returned). */
template <class Kernel> static long long ct_tv_gpu_prep(const ct_tv_opts *o, int k, int ng, Kernel kernel, ct_tv_run *run) {
  long long nl = ct_tv_local(o, ct_tv_num(&o->b));
  cudaFuncAttributes fa;
  size_t stack;
  CT_CUDA(cudaSetDevice(run->device));
  CT_CUDA(cudaFuncGetAttributes(&fa, kernel));
  stack = fa.localSizeBytes + 32768;
  if (stack < 65536) stack = 65536;
  CT_CUDA(cudaDeviceSetLimit(cudaLimitStackSize, stack));
  run->bases = nl > k ? (nl - k + ng - 1) / ng : 0;
  return run->bases;
}

/* GPU k of ng, per base (--per-base): the local bases i = k, k + ng, ...
 * (interleaved: the atoms' costs spread over the GPUs), base u = shard_i +
 * shard_n * i, one thread each. */
static void ct_tv_run_gpu_base(const ct_tv_opts *o, int k, int ng, ct_tv_run *run) {
  long long mine = ct_tv_gpu_prep(o, k, ng, ct_k_tv, run), done = 0;
  unsigned long long *dc;
  ct_tv_ex *dex, ex[CT_TV_EXAMPLES];
  unsigned *dnex, nex = 0;
  double t0, last;
  CT_CUDA(cudaMalloc(&dc, sizeof(ct_tv_counts)));
  CT_CUDA(cudaMalloc(&dex, sizeof ex));
  CT_CUDA(cudaMalloc(&dnex, sizeof nex));
  CT_CUDA(cudaMemset(dc, 0, sizeof(ct_tv_counts)));
  CT_CUDA(cudaMemset(dnex, 0, sizeof nex));
  CT_CUDA(cudaDeviceSynchronize());
  t0 = last = ct_now();
  while (done < mine) {
    long long n = mine - done < o->batch ? mine - done : o->batch;
    unsigned blocks = (unsigned)((n + o->threads - 1) / o->threads);
    long long first = o->shard_i + (long long)o->shard_n * (k + (long long)ng * done);
    ct_k_tv<<<blocks, o->threads>>>(o->b, first, n, (long long)o->shard_n * ng, dc, dex, dnex);
    CT_CUDA(cudaGetLastError());
    CT_CUDA(cudaDeviceSynchronize());
    done += n;
    if (ct_now() - last >= 10 && done < mine) {
      ct_tv_counts c;
      last = ct_now();
      CT_CUDA(cudaMemcpy(&c, dc, sizeof c, cudaMemcpyDeviceToHost));
      fprintf(stderr, CT_PROG ": GPU %d: %lld of %lld bases, %.0f s, %.3g checks/s, %llu failures\n", run->device,
              done, mine, last - t0, c.checks / (last - t0), c.failures);
    }
  }
  run->seconds = ct_now() - t0;
  CT_CUDA(cudaMemcpy(&run->c, dc, sizeof(ct_tv_counts), cudaMemcpyDeviceToHost));
  CT_CUDA(cudaMemcpy(&nex, dnex, sizeof nex, cudaMemcpyDeviceToHost));
  CT_CUDA(cudaMemcpy(ex, dex, sizeof ex, cudaMemcpyDeviceToHost));
  for (unsigned m = 0; m < nex && m < CT_TV_EXAMPLES; ++m) run->ex.push_back(ex[m]);
  CT_CUDA(cudaFree(dc));
  CT_CUDA(cudaFree(dex));
  CT_CUDA(cudaFree(dnex));
}

/* GPU k of ng, by blocks: the local bases i = k, k + ng, ... as above, each
 * cut into ct_tv_blocks(u) blocks of --threads slots; a launch takes the next
 * blocks (a heavy base's blocks may span launches) up to an estimated cost,
 * rescaled after each launch so that one lasts about --launch-s seconds,
 * and at least the blocks that fill the GPU. */
static void ct_tv_run_gpu(const ct_tv_opts *o, int k, int ng, ct_tv_run *run) {
  long long mine = ct_tv_gpu_prep(o, k, ng, ct_k_tv_block, run), done = 0, i = 0, nchecks = 0;
  const int maxb = 65536;
  long long *du, *hu;
  int *dj, *dn, *dnex, *hj, *hn, *hnex, j = 0, nb = 0;
  unsigned long long *dc;
  ct_tv_ex *dex, *hex;
  ct_tv_acc E;
  double t0, last, budget = (double)(1LL << 27);
  int sms = 1, per = 1, minb;
  memset(&E, 0, sizeof E);
  /* A launch takes at least the blocks the GPU holds at once: the cost
   * estimate counts values, not a block's set-up on its thread 0, so at
   * wgmma's heavy tail (set-up about 1 s a block on an H100) the rescaled
   * budget alone fell to one block a launch, one SM busy of 132. */
  CT_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, run->device));
  CT_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, ct_k_tv_block, o->threads, 0));
  minb = sms * (per > 0 ? per : 1);
  if (minb > maxb) minb = maxb;
  hu = (long long *)malloc(sizeof *hu * maxb);
  hj = (int *)malloc(sizeof *hj * maxb);
  hn = (int *)malloc(sizeof *hn * maxb);
  hnex = (int *)malloc(sizeof *hnex * maxb);
  hex = (ct_tv_ex *)malloc(sizeof *hex * maxb * CT_TV_EXAMPLES);
  if (!hu || !hj || !hn || !hnex || !hex) ct_die("out of memory");
  CT_CUDA(cudaMalloc(&du, sizeof *du * maxb));
  CT_CUDA(cudaMalloc(&dj, sizeof *dj * maxb));
  CT_CUDA(cudaMalloc(&dn, sizeof *dn * maxb));
  CT_CUDA(cudaMalloc(&dnex, sizeof *dnex * maxb));
  CT_CUDA(cudaMalloc(&dex, sizeof *dex * maxb * CT_TV_EXAMPLES));
  CT_CUDA(cudaMalloc(&dc, sizeof(ct_tv_counts)));
  CT_CUDA(cudaMemset(dc, 0, sizeof(ct_tv_counts)));
  CT_CUDA(cudaDeviceSynchronize());
  t0 = last = ct_now();
  while (i < mine) {
    int nblk = 0, m;
    double cost = 0, t1, el;
    long long d0 = done, chk;
    while (i < mine && nblk < maxb && (cost < budget || nblk < minb)) { /* the next blocks: block j of base i's nb */
      long long u = o->shard_i + (long long)o->shard_n * (k + (long long)ng * i);
      if (j == 0) nb = ct_tv_blocks(&o->b, u, o->threads);
      hu[nblk] = u, hj[nblk] = j, hn[nblk] = nb;
      ++nblk;
      cost += (double)ct_tv_cost(&o->b, u, &chk) / nb;
      if (++j == nb) j = 0, ++i, ++done;
    }
    t1 = ct_now();
    CT_CUDA(cudaMemcpy(du, hu, sizeof *hu * nblk, cudaMemcpyHostToDevice));
    CT_CUDA(cudaMemcpy(dj, hj, sizeof *hj * nblk, cudaMemcpyHostToDevice));
    CT_CUDA(cudaMemcpy(dn, hn, sizeof *hn * nblk, cudaMemcpyHostToDevice));
    ct_k_tv_block<<<nblk, o->threads>>>(o->b, du, dj, dn, dc, dex, dnex);
    CT_CUDA(cudaGetLastError());
    CT_CUDA(cudaDeviceSynchronize());
    CT_CUDA(cudaMemcpy(hnex, dnex, sizeof *hnex * nblk, cudaMemcpyDeviceToHost));
    for (m = 0; m < nblk && hnex[m] == 0; ++m) {
    }
    if (m < nblk) { /* the blocks' examples, in block order: the per-base order */
      CT_CUDA(cudaMemcpy(hex, dex, sizeof *hex * nblk * CT_TV_EXAMPLES, cudaMemcpyDeviceToHost));
      for (; m < nblk; ++m) {
        ct_tv_acc B;
        B.nex = hnex[m];
        memcpy(B.ex, hex + (long long)m * CT_TV_EXAMPLES, sizeof(ct_tv_ex) * B.nex);
        ct_tv_ex_merge(&E, &B);
      }
    }
    el = ct_now() - t1;
    budget *= el > 0 ? (o->launch_s / el < 0.25 ? 0.25 : o->launch_s / el > 4 ? 4 : o->launch_s / el) : 4;
    if (budget < 1e5) budget = 1e5;
    if (ct_now() - last >= 5 || i >= mine) {
      ct_tv_counts c;
      last = ct_now();
      CT_CUDA(cudaMemcpy(&c, dc, sizeof c, cudaMemcpyDeviceToHost));
      nchecks = (long long)c.checks;
      fprintf(stderr, CT_PROG ": GPU %d: %lld of %lld bases, %.0f s, %lld checks, %.3g checks/s, %llu failures "
              "(last launch: %d blocks, %lld bases ended, %.2f s)\n", run->device, done, mine, last - t0, nchecks,
              nchecks / (last - t0), c.failures, nblk, done - d0, el);
    }
  }
  run->seconds = ct_now() - t0;
  CT_CUDA(cudaMemcpy(&run->c, dc, sizeof(ct_tv_counts), cudaMemcpyDeviceToHost));
  for (int m = 0; m < E.nex; ++m) run->ex.push_back(E.ex[m]);
  CT_CUDA(cudaFree(du));
  CT_CUDA(cudaFree(dj));
  CT_CUDA(cudaFree(dn));
  CT_CUDA(cudaFree(dnex));
  CT_CUDA(cudaFree(dex));
  CT_CUDA(cudaFree(dc));
  free(hu), free(hj), free(hn), free(hnex), free(hex);
}
#endif

typedef struct {
  ct_tv_acc acc;
  long long done;
} ct_tv_slot;

/* Base u by blocks on the host: set up once (as each GPU block's thread 0
 * does), then its ct_tv_blocks(u) * nthreads slots in turn, each slot's
 * examples merged in slot order: the GPU's counts and examples. */
static void ct_tv_base_slots(const ct_tv_bounds *b, long long u, int nthreads, ct_tv_acc *A) {
  static ct_tv_prep P;
  ct_tv_acc s;
  long long n = (long long)ct_tv_blocks(b, u, nthreads) * nthreads, k;
  int go;
  memset(&s, 0, sizeof s);
  go = ct_tv_setup(b, u, &P, &s);
  for (k = 0; k < n; ++k) {
    if (k) memset(&s, 0, sizeof s);
    if (go) ct_tv_slot_run(&P, k, n, &s);
    ct_tv_add(&A->c, &s.c);
    ct_tv_ex_merge(A, &s);
    if (!go) break;
  }
}

static void ct_tv_run_host(const ct_tv_opts *o, ct_tv_run *run) {
  long long units = ct_tv_num(&o->b), nl = ct_tv_local(o, units);
  int w, nw = o->procs;
  ct_tv_slot *slots;
  double t0 = ct_now();
  slots = ct_fork_run<ct_tv_slot>(nw, [&](int w, ct_tv_slot *s) {
    long long i;
    double last = ct_now();
    for (i = w; i < nl; i += nw) {
      long long u = o->shard_i + (long long)o->shard_n * i;
      if (o->per_base) ct_tv_base_run(&o->b, u, &s->acc);
      else ct_tv_base_slots(&o->b, u, o->threads, &s->acc);
      s->done = i;
      if (w == 0 && ct_now() - last >= 10) {
        last = ct_now();
        fprintf(stderr, CT_PROG ": host: %lld of %lld bases, %.0f s, %.3g checks/s (worker 0 x %d)\n", i, nl,
                last - t0, s->acc.c.checks * (double)nw / (last - t0), nw);
      }
    }
  });
  memset(&run->c, 0, sizeof run->c);
  for (w = 0; w < nw; ++w) {
    int m;
    ct_tv_add(&run->c, &slots[w].acc.c);
    for (m = 0; m < slots[w].acc.nex; ++m) run->ex.push_back(slots[w].acc.ex[m]);
  }
  run->bases = nl;
  run->seconds = ct_now() - t0;
  ct_fork_free(slots, nw);
}

/* One example: the base written out, the configuration, the thread. */
static void ct_tv_show(const ct_tv_bounds *b, const ct_tv_ex *x) {
  ct_tv_base B;
  int i, ns;
  char perm[3][64];
  ct_tv_decode(b, x->u, &B);
  for (i = 0; i < 3; ++i) {
    const ct_tv_flat *p = &B.perm[i];
    if (!B.has_perm[i]) snprintf(perm[i], sizeof perm[i], "_");
    else if (p->n == 1) snprintf(perm[i], sizeof perm[i], "%lld:%lld", (long long)p->s[0], (long long)p->d[0]);
    else if (p->n == 2)
      snprintf(perm[i], sizeof perm[i], "(%lld,%lld):(%lld,%lld)", (long long)p->s[0], (long long)p->s[1],
               (long long)p->d[0], (long long)p->d[1]);
    else
      snprintf(perm[i], sizeof perm[i], "(%lld,%lld,%lld):(%lld,%lld,%lld)", (long long)p->s[0], (long long)p->s[1],
               (long long)p->s[2], (long long)p->d[0], (long long)p->d[1], (long long)p->d[2]);
  }
  ns = B.wg ? b->nsmem_wg : b->nsmem_sync;
  printf("  %s base %lld: tiled_mma_c_tv((%d,%d,%d,%d), (%lld,%lld,%lld):(%lld,%lld,%lld), %s, %s, %s)",
         x->kind == CT_TVF_PART_NA ? "NOTE" : "FAILED", x->u,
         B.m, B.n, B.k, B.bits, (long long)B.lay.s[0], (long long)B.lay.s[1], (long long)B.lay.s[2],
         (long long)B.lay.d[0], (long long)B.lay.d[1], (long long)B.lay.d[2], perm[0], perm[1], perm[2]);
  if (x->pair >= 0) printf(", sA %d, sB %d", x->pair / ns, x->pair % ns);
  if (x->t >= 0) printf(", thread %d, value %d", x->t, x->v);
  if (x->kind == CT_TVF_PART_NA)
    printf(": note: %s, operand %c, %s\n", ct_tv_fails[x->kind], "AB"[x->v & 1], ct_code_name((ct_code)x->got));
  else if (x->kind == CT_TVF_REJ)
    printf(": %s (%s; TMMA-PRE's codes that may answer: %s%s)\n", ct_tv_fails[x->kind], ct_code_name((ct_code)x->got),
           x->want & 1 ? "NOT_INJECTIVE " : "", x->want & 2 ? "ARG_TYPE" : x->want ? "" : "none");
  else printf(": %s (got %lld, want %lld)\n", ct_tv_fails[x->kind], x->got, x->want);
}

int main(int argc, char **argv) {
  ct_tv_opts o;
  ct_tv_run total;
  std::vector<ct_tv_run> runs;
  char dev_name[256] = "host";
  int count_only, k;
  long long units;
  double rate_c, rate_b;
  const ct_tv_counts *c = &total.c;
  setvbuf(stdout, 0, _IOLBF, 0);
  ct_tv_parse(argc, argv, &o, &count_only);
  units = ct_tv_num(&o.b);
  printf("tiled MMA sweep: %d atoms (%d mma.sync, %d wgmma) x atom layouts (<= 8 warps, <= 2 warpgroups) x "
         "permutation options %d (mma.sync) / %d (wgmma) per mode x shared-memory layouts %d / %d per operand "
         "(wgmma pairs %s): %lld bases%s; shard %d/%d%s\n",
         CT_TV_ATOMS, CT_TV_SYNC, CT_TV_WG, o.b.nperm_sync, o.b.nperm_wg, o.b.nsmem_sync, o.b.nsmem_wg,
         o.b.wg_pairs_matched ? "matched" : "full", units, o.b.limit ? " (--limit)" : "", o.shard_i, o.shard_n,
         o.b.mutant ? "; MUTANT (test only)" : "");
  if (count_only) {
    ct_tv_bounds w = o.b;
    int nl, np, a;
    long long first_wg = 0;
    for (a = 0; a < CT_TV_SYNC; ++a) first_wg += ct_tv_bases_of(&w, a, &nl, &np);
    printf("mma.sync's bases: 0..%lld; wgmma's: %lld..\n", first_wg - 1, first_wg);
    { /* what sets the slots (ct_tv_cost): an estimate, not a count */
      double v[2] = {0, 0}, ch[2] = {0, 0};
      long long u, chk;
      for (u = 0; u < units; ++u) {
        int g = u + o.b.first >= first_wg;
        v[g] += (double)ct_tv_cost(&o.b, u, &chk);
        ch[g] += (double)chk;
      }
      printf("estimated (an upper bound: every base accepted, every pair built): mma.sync %.3g checks, %.3g values; "
             "wgmma %.3g checks, %.3g values\n", ch[0], v[0], ch[1], v[1]);
    }
    return 0;
  }
  memset(&total.c, 0, sizeof total.c);
  total.seconds = 0;
  if (o.host) {
    runs.resize(1);
    ct_tv_run_host(&o, &runs[0]);
    snprintf(dev_name, sizeof dev_name, "host, %d processes", o.procs);
  } else {
#ifdef __CUDACC__
    int n = 0;
    cudaError_t err = cudaGetDeviceCount(&n);
    std::vector<std::thread> th;
    cudaDeviceProp prop;
    if (err != cudaSuccess || n == 0) {
      fprintf(stderr, CT_PROG ": no CUDA device (%s); use --host to sweep on the CPU\n",
              err != cudaSuccess ? cudaGetErrorString(err) : "0 devices");
      return 4;
    }
    if (o.all_gpus && o.gpus.empty())
      for (k = 0; k < n; ++k) o.gpus.push_back(k);
    for (k = 0; k < (int)o.gpus.size(); ++k)
      if (o.gpus[k] < 0 || o.gpus[k] >= n) ct_die("no GPU %d (%d present)", o.gpus[k], n);
    int ndev = (int)o.gpus.size();
    runs.resize(ndev);
    for (k = 0; k < ndev; ++k) {
      memset(&runs[k].c, 0, sizeof runs[k].c);
      runs[k].device = o.gpus[k];
    }
    for (k = 0; k < ndev; ++k)
      th.push_back(std::thread(o.per_base ? ct_tv_run_gpu_base : ct_tv_run_gpu, &o, k, ndev, &runs[k]));
    for (k = 0; k < ndev; ++k) th[k].join();
    CT_CUDA(cudaGetDeviceProperties(&prop, o.gpus[0]));
    snprintf(dev_name, sizeof dev_name, "%d x %s", ndev, prop.name);
#else
    fprintf(stderr, CT_PROG ": a host-only build: use --host\n");
    return 4;
#endif
  }
  for (k = 0; k < (int)runs.size(); ++k) {
    ct_tv_add(&total.c, &runs[k].c);
    if (runs[k].seconds > total.seconds) total.seconds = runs[k].seconds;
    for (size_t m = 0; m < runs[k].ex.size(); ++m) total.ex.push_back(runs[k].ex[m]);
    if (!o.host)
      printf("GPU %d: %lld bases in %.2f s\n", runs[k].device, runs[k].bases, runs[k].seconds);
  }
  rate_c = total.seconds > 0 ? c->checks / total.seconds : 0;
  rate_b = total.seconds > 0 ? c->configs / total.seconds : 0;
  printf("bases %llu: accepted %llu, rejected %llu (NOT_INJECTIVE %llu, ARG_TYPE %llu); rejections against "
         "TMMA-PRE: %llu wrong; accepted although TMMA-PRE fails: %llu\n",
         c->bases, c->accepted, c->rejected, c->rej_code[0], c->rej_code[1], c->rej_wrong, c->acc_wrong);
  printf("shared-memory layouts: %llu built, %llu not applicable (tile_to_shape NOT_DIVISIBLE, the atom does not "
         "divide the tile), %llu disagreeing with the atom's divisibility\n",
         c->smem_ok, c->smem_na, c->smem_na_wrong);
  printf("configurations %llu, (configuration, thread) checks %llu, values compared %llu\n", c->configs, c->checks,
         c->values);
  printf("failures %llu: A %llu, B %llu, C %llu (TMMA-3), shapes %llu (TMMA-5), ownership %llu (TMMA-1), "
         "partition sA %llu, sB %llu, reference errors %llu\n",
         c->failures, c->frag_fail[0], c->frag_fail[1], c->frag_fail[2], c->size_fail, c->own_fail,
         c->part_fail[0], c->part_fail[1], c->ref_error);
  printf("partitions not checked (composition(sX, L_X) rejected by the reference): %llu\n", c->part_unavail);
  std::stable_sort(total.ex.begin(), total.ex.end(), [](const ct_tv_ex &x, const ct_tv_ex &y) {
    return x.u != y.u ? x.u < y.u : x.pair != y.pair ? x.pair < y.pair : x.t < y.t;
  }); /* the runs' (GPUs', host workers') examples in (base, configuration, thread) order */
  { /* the failures first, then a few notes */
    int shown = 0, pass;
    for (pass = 0; pass < 2; ++pass)
      for (k = 0; k < (int)total.ex.size(); ++k)
        if ((total.ex[k].kind == CT_TVF_PART_NA) == pass && shown < CT_TV_EXAMPLES - 4 * pass) {
          ct_tv_show(&o.b, &total.ex[k]);
          ++shown;
        }
  }
  printf("time: %.2f s (%s): %.3g configurations/s, %.3g checks/s\n", total.seconds, dev_name, rate_b, rate_c);
  if (o.tsv) {
    FILE *f = fopen(o.tsv, "w");
    if (!f) ct_die("cannot write %s", o.tsv);
    fprintf(f, "bases\t%llu\naccepted\t%llu\nrejected\t%llu\nrejected_NOT_INJECTIVE\t%llu\nrejected_ARG_TYPE\t%llu\n",
            c->bases, c->accepted, c->rejected, c->rej_code[0], c->rej_code[1]);
    fprintf(f, "rejected_wrong\t%llu\naccepted_wrong\t%llu\nsmem_built\t%llu\nsmem_not_applicable\t%llu\n",
            c->rej_wrong, c->acc_wrong, c->smem_ok, c->smem_na);
    fprintf(f, "configurations\t%llu\nchecks\t%llu\nvalues\t%llu\nfailures\t%llu\npartition_unavailable\t%llu\n",
            c->configs, c->checks, c->values, c->failures, c->part_unavail);
    fprintf(f, "seconds\t%.3f\nrate_checks\t%.4g\nrate_configurations\t%.4g\ndevice\t%s\nshard\t%d/%d\n",
            total.seconds, rate_c, rate_b, dev_name, o.shard_i, o.shard_n);
    fclose(f);
  }
  printf("verdict: %s\n", c->failures ? "FAILURES" : c->checks == 0 ? "NOTHING CHECKED" : "ok: 0 failures");
  return c->failures || c->checks == 0 ? 1 : 0;
}
