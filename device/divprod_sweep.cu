/* divprod_sweep.cu -- ct_divprod_sweep: the exhaustive logical_divide and
 * logical_product sweeps (issue 43), on one GPU or on the host's cores.
 *
 *   ct_divprod_sweep [--ra 2 --rb 2 --smax 8 --dlo 0 --dhi 16] [--op all]
 *                    [--shard I/N] [--host [--procs P]] [--tsv FILE]
 *
 * Every pair (A, B) of flat layouts within bounds (A of rank 1..ra, B of rank
 * 1..rb, every mode s:d with s in [1, smax], d in [dlo, dhi]; digits and order
 * as device/ct_sweep.h: v = (s-1)*(dhi-dlo+1) + (d-dlo), A the outer index),
 * run through the reference (ref/divide.c, ref/product.c) and its zipped,
 * tiled and flat forms with B as a plain layout, then checked:
 *
 * Accepted. The complement inside (B* = complement(B, size(A)) for the
 * divide, A* = complement(A, size(A)*cosize(B)) for the product) is rebuilt
 * by brute force, sharing no code with ref/complement.c: the image of
 * filter(.) tiles [0, K) greedily (K from CPL-3), and the translates' increasing
 * enumeration is peeled into its coalesced form (the spec's form, unique as a
 * function: CPL-EXACT). Then, with the judges of judge/judge_composition.c
 * (A^ from judge.h, COMP-EXT):
 *   divide   DIV-2 rank 2; COMP-1 of layout<0>(R) with B and of layout<1>(R)
 *            with B*; DIV-1/DIV-3 as functions: R(i) == A^((B, B*)(i)) at every
 *            i < size(B)*size(B*), and those sizes equal;
 *   product  PROD-2 rank 2 and layout<0>(R) == A exactly; PROD-3 COMP-1 of
 *            layout<1>(R) with B, layout<1>(R)(j) == A*^(B(j)) at every
 *            j < size(B), size(R) == size(A)*size(B); PROD-4 (A and B
 *            injective, no negative stride in B: R injective into [0, K)).
 *   forms    DIV-6/PROD-6: zipped == logical exactly (B a plain layout);
 *            DIV-8/PROD-7: tiled == (Z0, Z1's modes...), flat == (Z0's
 *            modes..., Z1's modes...), exactly; a rejection has the code of
 *            logical_*'s.
 * Rejected. An answer exists iff the complement exists (brute tiling above,
 * cross-checked with judge/judge_exact.c's ct_j_cpl_exists where that
 * decides) and a layout of the nesting of (B, B*) (of B, for the product)
 * computes A^ o (B, B*) (A*^ o B): ct_j_comp_exists (judge/judge_exact.c,
 * the definition's brute force), run on B without its stride-0 leaves
 * (A^ o B does not read their coordinates: a layout for one nesting gives one
 * for the other, the dropped leaves as s:0). A rejection with an answer is
 * conservative (DIV/PROD are exact: COMP-EXACT, CPL-EXACT) and fails the run.
 * A check past its bound is "unchecked", never counted as passed.
 *
 * --mutant N (tests only) perturbs the reference's answer so that the run
 * must fail: 1 swaps logical_divide's two modes, 2 rejects every product
 * whose B has rank 2, 3 adds 1 to a stride of zipped_divide/zipped_product. */
#define _POSIX_C_SOURCE 200809L
#include "ref/ct_error.c"
#include "ref/inttuple.c"
#include "ref/layout.c"
#include "ref/leaf_form.c" /* the judges evaluate index after index through it */
#include "ref/modes.c"
#include "ref/coalesce.c"
#include "ref/basis.c"
#include "ref/injective.c"
#include "ref/complement.c"
#include "ref/ahat.c"
#include "ref/carry.c"
#include "ref/composition.c"
#include "ref/construct.c"
#include "ref/rearrange.c"
#include "ref/divide.c"
#include "ref/product.c"
#include "ref/tiler.c"
#include "judge/judge.c"
#include "judge/judge_composition.c"
#include "ref/composition_def.c"
#include "judge/judge_exact.c" /* static ct_j_comp_exists, ct_j_cpl_exists: reachable in this unit */
#include "ref/notation.h"
#if !CT_ON_DEVICE
#include "ref/notation.c" /* host only: printing the examples */
#endif

#define CT_PROG "ct_divprod_sweep"
#include "device/ct_cuda.h"
#include "device/ct_fork.h"
#include "device/ct_sweep.h" /* the enumeration of flat layouts (ct_sweep_decode, ct_sweep_mode) */

#include <cuda_runtime.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <vector>

#define CT_DP_OPS 2      /* 0 divide, 1 product */
#define CT_DP_CODES 32   /* rejections counted per code below this */
#define CT_DP_EXAMPLES 8 /* wrong and conservative pairs kept per op */
#define CT_DP_BITS 32768 /* the brute-force tiling's [0, K) and PROD-4's image, as bitmaps */
#define CT_DP_IMG 512    /* elements of filter(.) the tiling translates */
#define CT_DP_BOUND (1LL << 20) /* points the value judges visit (no arrays: any bound fits) */
#define CT_DP_BLOCK 4096 /* pairs are dealt to shards in blocks */
/* Not inlined: the divide's and the product's locals (layouts of 2 KB each)
 * then share the GPU thread's stack instead of adding up in the kernel's
 * frame (ptxas -v: 90 KB inlined, past the 64 KB stack limit). */
#define CT_DP_NOINLINE __noinline__

typedef struct {
  ct_sweep_bounds s; /* ra, rb, smax, dlo, dhi (exact and brute unused) */
  int ops;           /* bit 0 divide, bit 1 product */
  int mutant;
} ct_dp_bounds;

typedef struct {
  unsigned long long pairs, accepted, rejected, rej_none, conservative, wrong, unchecked, forms;
  unsigned long long by_code[CT_DP_CODES];
} ct_dp_counts;

/* Why a pair is wrong (printed with the examples). */
enum {
  CT_DPW_NONE,
  CT_DPW_RANK,      /* DIV-2 / PROD-2: rank(R) != 2 */
  CT_DPW_MODE0,     /* DIV-2: layout<0>(R) not compatible with B; PROD-2: layout<0>(R) != A */
  CT_DPW_MODE1,     /* layout<1>(R) not compatible with B* (divide) or B (PROD-3) */
  CT_DPW_SIZE,      /* DIV-3 / PROD-3 */
  CT_DPW_VALUES,    /* DIV-1 / PROD-3 as functions (COMP-2) */
  CT_DPW_INJECTIVE, /* PROD-4 */
  CT_DPW_NO_ANSWER, /* accepted, but no complement exists (brute force) */
  CT_DPW_ZIPPED,    /* DIV-6 / PROD-6 */
  CT_DPW_TILED,     /* DIV-8 / PROD-7 */
  CT_DPW_FLAT,      /* DIV-8 / PROD-7 */
  CT_DPW_FORM_CODE, /* a form's code is not logical_*'s */
  CT_DPW_CROSS,     /* the two brute-force complement tests disagree (a checker failure) */
  CT_DPW_N
};

typedef struct {
  long long p; /* pair index */
  int op, kind, code, why, form; /* kind 1 wrong, 2 conservative; form: 0 logical, 1 zipped, 2 tiled, 3 flat */
} ct_dp_example;

typedef struct {
  uint64_t cov[CT_DP_BITS / 64], start[CT_DP_BITS / 64];
  int32_t img[CT_DP_IMG];
} ct_dp_scratch;

/* ---- the pairs ------------------------------------------------------------------------------- */

CT_FN static inline int64_t ct_dp_num_layouts(const ct_sweep_bounds *b, int r) {
  return ct_sweep_count_ranks(ct_sweep_per(b), 1, r);
}

/* The layout of rank 1..r with index idx (ct_sweep.h's order), as flat modes and as a layout. */
CT_FN static void ct_dp_layout(const ct_sweep_bounds *b, int64_t idx, ct_modes *m, ct_layout *L) {
  int v[CT_SWEEP_MAX_RANK], n = ct_sweep_decode(idx, ct_sweep_per(b), 1, v), k, s, d;
  ct_err e;
  m->n = 0;
  for (k = 0; k < n; ++k) {
    ct_sweep_mode(b, v[k], &s, &d);
    ct_modes_push(m, s, 0, d, 0);
  }
  if (n == 1) ct_l_set_int(L, m->m[0].s, 0, m->m[0].d, 0);
  else ct_discard(ct_modes_to_layout(m, L, &e)); /* rank <= 4: fits every build */
}

/* ---- brute force: complements and bitmaps ------------------------------------------------------ */

CT_FN static inline int ct_dp_bit(const uint64_t *w, int64_t x) { return (int)((w[x >> 6] >> (x & 63)) & 1); }
CT_FN static inline void ct_dp_set(uint64_t *w, int64_t x) { w[x >> 6] |= (uint64_t)1 << (x & 63); }
CT_FN static inline void ct_dp_clear(uint64_t *w, int64_t K) {
  int64_t k;
  for (k = 0; k < (K + 63) >> 6; ++k) w[k] = 0;
}

/* The t-th start (translate) of the tiling, streamed in order: the next set
 * bit of w at or after *x. */
CT_FN static inline int64_t ct_dp_next(const uint64_t *w, int64_t x, int64_t K) {
  while (x < K) {
    uint64_t r = w[x >> 6] >> (x & 63);
    if (r) {
#if CT_ON_DEVICE
      x += __ffsll((long long)r) - 1;
#else
      x += __builtin_ctzll(r);
#endif
      return x < K ? x : K;
    }
    x = (x | 63) + 1;
  }
  return K;
}

/* Peels the increasing sequence g(u) = T[u] (the set bits of w, nt of them)
 * into its coalesced form, as ct_j_is_layout does, streaming: on the
 * multiples u*P the next mode is t:w1 with w1 = g(P), t the first u with
 * g(uP) != u*w1, and g(uP) == g((u - u%t)P) + (u%t)*w1 for every u. 1 and
 * the modes in out, or 0: T is no layout's function. */
CT_FN static int ct_dp_peel(const uint64_t *w, int64_t K, int64_t nt, ct_modes *out) {
  int64_t P = 1;
  out->n = 0;
  while (P < nt) {
    int64_t m = nt / P, u = 0, j = 0, x = 0, w1 = 0, t = 0, base = 0;
    for (x = ct_dp_next(w, 0, K); x < K; x = ct_dp_next(w, x + 1, K), ++j) {
      if (j % P) continue;
      u = j / P;
      if (u == 1) w1 = x;
      if (t == 0) {
        if (u >= 1 && x != u * w1) t = u;
        else continue;
      }
      if (u % t == 0) base = x;
      else if (x != base + (u % t) * w1) return 0;
    }
    if (t == 0) t = m;
    if (m % t != 0 || out->n == CT_MAX_NODES) return 0;
    ct_modes_push(out, t, 0, w1, 0);
    P *= t;
  }
  if (out->n == 0) ct_modes_push(out, 1, 0, 0, 0);
  return 1;
}

/* complement(L, M) by brute force: filter(L)'s image (its leaves of size > 1
 * and stride != 0) tiles [0, K), K the least multiple of the span >= M
 * (CPL-3), the least offset not yet covered starting each translate; the
 * translates, increasing (CPL-1), must be a layout's function. 1 and its
 * coalesced form in out (K in *K), 0 none exists, -1 past the bounds. */
CT_FN static int ct_dp_cpl(const ct_modes *l, int64_t M, ct_dp_scratch *S, ct_modes *out, int64_t *Kout) {
  ct_modes f;
  int64_t n = 1, span = 1, K, x, i, nt = 0;
  int k;
  f.n = 0;
  for (k = 0; k < l->n; ++k)
    if (l->m[k].s > 1 && l->m[k].d != 0) {
      if (l->m[k].d < 0) return 0; /* a negative offset lies in no [0, K) */
      f.m[f.n++] = l->m[k];
      n *= l->m[k].s;
      if (l->m[k].s * l->m[k].d > span) span = l->m[k].s * l->m[k].d;
      if (n > CT_DP_IMG) return -1;
    }
  if (M < 1) return -1;
  K = (M + span - 1) / span * span;
  *Kout = K;
  if (K > CT_DP_BITS) return -1;
  for (i = 0; i < n; ++i) S->img[i] = (int32_t)ct_modes_at(&f, i);
  ct_dp_clear(S->cov, K);
  ct_dp_clear(S->start, K);
  for (x = 0; x < K; ++x) {
    if (ct_dp_bit(S->cov, x)) continue;
    ct_dp_set(S->start, x);
    ++nt;
    for (i = 0; i < n; ++i) {
      int64_t y = x + S->img[i];
      if (y >= K || ct_dp_bit(S->cov, y)) return 0;
      ct_dp_set(S->cov, y);
    }
  }
  return ct_dp_peel(S->start, K, nt, out);
}

/* Whether the flat modes m are injective on [0, size): -1 past the bitmap. */
CT_FN static int ct_dp_injective(const ct_modes *m, ct_dp_scratch *S) {
  int64_t lo = 0, hi = 0, n = 1, i;
  int k;
  for (k = 0; k < m->n; ++k) {
    int64_t r = (m->m[k].s - 1) * m->m[k].d;
    if (r < 0) lo += r;
    else hi += r;
    n *= m->m[k].s;
  }
  if (hi - lo + 1 > CT_DP_BITS) return -1;
  ct_dp_clear(S->cov, hi - lo + 1);
  for (i = 0; i < n; ++i) {
    int64_t y = ct_modes_at(m, i) - lo;
    if (ct_dp_bit(S->cov, y)) return 0;
    ct_dp_set(S->cov, y);
  }
  return 1;
}

/* Flat modes -> a layout (dynamic integers); modes of rank <= CT_MAX_NODES - 1. */
CT_FN static void ct_dp_modes_layout(const ct_modes *m, ct_layout *L) {
  ct_err e;
  if (m->n == 1) ct_l_set_int(L, m->m[0].s, 0, m->m[0].d, 0);
  else ct_discard(ct_modes_to_layout(m, L, &e));
}

/* Does a layout of the nesting of the modes `b` compute A^ o b? ct_j_comp_exists
 * on b without its stride-0 and size-1 leaves (A^ o b does not read them). */
CT_FN static int ct_dp_comp_exists(const ct_layout *A, const ct_modes *b) {
  ct_modes r;
  ct_layout L;
  int64_t first = 0;
  int k;
  r.n = 0;
  for (k = 0; k < b->n; ++k)
    if (b->m[k].s > 1 && b->m[k].d != 0) r.m[r.n++] = b->m[k];
  if (r.n == 0) return 1; /* A^ o b == 0: b's shape with stride 0 */
  ct_dp_modes_layout(&r, &L);
  return ct_j_comp_exists(A, &L, CT_DP_BOUND, &first);
}

/* ---- the forms ----------------------------------------------------------------------------------- */

/* Whether F is (Z0, Z1's top-level modes...) (tiled) or (Z0's modes...,
 * Z1's modes...) (flat), the table of DIV-ZIP / PROD-ZIP for a plain layout
 * (an integer mode counts as its own only mode), compared node by node
 * without building it (the GPU thread's stack). Z has rank 2. */
CT_FN static int ct_dp_is_unpacked(const ct_layout *F, const ct_layout *Z, int flat) {
  int m, k, at = 0;
  if (!ct_t_is_tuple(&F->shape, 0)) return 0;
  for (m = 0; m < 2; ++m) {
    int im = ct_t_child(&Z->shape, 0, m);
    int whole = (m == 0 && !flat) || Z->shape.nd[im].kind != CT_TUPLE;
    int nk = whole ? 1 : Z->shape.nd[im].rank;
    for (k = 0; k < nk; ++k, ++at) {
      int i = whole ? im : ct_t_child(&Z->shape, im, k), j;
      if (at >= F->shape.nd[0].rank) return 0;
      j = ct_t_child(&F->shape, 0, at);
      if (!ct_t_equal(&F->shape, j, &Z->shape, i, 0) || !ct_t_equal(&F->stride, j, &Z->stride, i, 0)) return 0;
    }
  }
  return at == F->shape.nd[0].rank;
}

/* Mutant 3: the first leaf of size > 1 gets stride + 1. */
CT_FN static void ct_dp_bump_stride(ct_layout *L) {
  int k;
  for (k = 0; k < L->shape.n; ++k)
    if (L->shape.nd[k].kind == CT_INT && L->shape.nd[k].v > 1) {
      L->stride.nd[k].v += 1;
      return;
    }
}

/* The zipped, tiled and flat forms against R (code: logical_*'s). CT_DPW_NONE
 * if all agree; *form the first that does not. */
CT_FN static CT_DP_NOINLINE int ct_dp_forms(const ct_dp_bounds *b, int op, const ct_layout *A, const ct_layout *B, ct_code code,
                             const ct_layout *R, int *form) {
  ct_layout F;
  ct_err e;
  int f;
  for (f = 1; f <= 3; ++f) {
    ct_code c = op == 0 ? (f == 1 ? ct_zipped_divide(A, B, &F, &e) : f == 2 ? ct_tiled_divide(A, B, &F, &e)
                                                                    : ct_flat_divide(A, B, &F, &e))
                        : (f == 1 ? ct_zipped_product(A, B, &F, &e) : f == 2 ? ct_tiled_product(A, B, &F, &e)
                                                                     : ct_flat_product(A, B, &F, &e));
    *form = f;
    if (c == CT_OK && f == 1 && b->mutant == 3) ct_dp_bump_stride(&F);
    if (c != code) return CT_DPW_FORM_CODE;
    if (c != CT_OK) continue;
    if (f == 1) {
      if (!ct_l_equal(&F, R, 0)) return CT_DPW_ZIPPED; /* DIV-6, PROD-6: exactly logical_* */
    } else if (!ct_dp_is_unpacked(&F, R, f == 3)) {
      return f == 2 ? CT_DPW_TILED : CT_DPW_FLAT; /* DIV-8, PROD-7 */
    }
  }
  *form = 0;
  return CT_DPW_NONE;
}

/* ---- one pair ---------------------------------------------------------------------------------- */

/* Outcome of one op on one pair. */
typedef struct {
  int verdict; /* 0 accepted ok, 1 rejected no answer, 2 conservative, 3 wrong, 4 unchecked */
  int code, why, form;
} ct_dp_out;

CT_FN static int64_t ct_dp_size(const ct_modes *m) {
  int64_t n = 1;
  int k;
  for (k = 0; k < m->n; ++k) n *= m->m[k].s;
  return n;
}

/* layout<k>(R) of a rank-2 R. */
CT_FN static int ct_dp_mode(const ct_layout *R, int k, ct_layout *out) {
  ct_err e;
  return ct_l_mode(R, &k, 1, out, &e) == CT_OK;
}

/* The concatenation of two mode lists as one flat layout. */
CT_FN static int ct_dp_cat(const ct_modes *a, const ct_modes *b, ct_modes *ab) {
  int k;
  if (a->n + b->n > CT_MAX_NODES - 1) return 0;
  *ab = *a;
  for (k = 0; k < b->n; ++k) ab->m[ab->n++] = b->m[k];
  return 1;
}

CT_FN static CT_DP_NOINLINE void ct_dp_divide(const ct_dp_bounds *b, const ct_modes *am, const ct_layout *A,
                                          const ct_modes *bm, const ct_layout *B, ct_dp_scratch *S, ct_layout *R,
                                          ct_dp_out *o) {
  ct_layout R0, R1, L;
  ct_modes bs, bb;
  ct_judgement j;
  ct_err e;
  int64_t K = 0;
  int ex, jx;
  ct_code code = ct_logical_divide(A, B, R, &e);
  o->code = code;
  o->why = CT_DPW_NONE;
  o->form = 0;
  if (code == CT_OK && b->mutant == 1) { /* swap the tile and the rest */
    int sel[2] = {1, 0};
    if (ct_l_select(R, sel, 2, &R0, &e) == CT_OK) ct_l_copy(R, &R0);
  }
  if (ct_j_undecided(code)) { /* a representation's bound, never "no answer" */
    o->verdict = 4;
    return;
  }
  ex = ct_dp_cpl(bm, ct_dp_size(am), S, &bs, &K); /* B* by brute force */
  jx = ct_j_cpl_exists(B, 1, ct_dp_size(am), 4 * CT_JUDGE_CAP);
  if (ex >= 0 && jx >= 0 && (ex > 0) != (jx > 0)) {
    o->verdict = 3;
    o->why = CT_DPW_CROSS;
    return;
  }
  if (code != CT_OK) {
    int c;
    if (ex < 0) {
      o->verdict = 4;
      return;
    }
    c = ex ? ct_dp_cat(bm, &bs, &bb) ? ct_dp_comp_exists(A, &bb) : -1 : 0;
    o->verdict = c < 0 ? 4 : c ? 2 : 1;
  } else if (ex == 0) {
    o->verdict = 3;
    o->why = CT_DPW_NO_ANSWER;
  } else if (ex < 0 || !ct_dp_cat(bm, &bs, &bb)) {
    o->verdict = 4;
  } else {
    o->verdict = 0;
    ct_dp_modes_layout(&bs, &L);
    if (ct_l_rank(R) != 2 || !ct_t_is_tuple(&R->shape, 0) || !ct_dp_mode(R, 0, &R0) || !ct_dp_mode(R, 1, &R1))
      o->why = CT_DPW_RANK;
    else if (ct_judge_comp_1(B, &R0, &j) != CT_J_HOLDS)
      o->why = CT_DPW_MODE0;
    else if (ct_judge_comp_1(&L, &R1, &j) != CT_J_HOLDS)
      o->why = CT_DPW_MODE1;
    else {
      ct_layout BB;
      ct_jstatus s;
      ct_dp_modes_layout(&bb, &BB);
      if (ct_judge_comp_3(&BB, R, &j) != CT_J_HOLDS) o->why = CT_DPW_SIZE;
      else if ((s = ct_judge_comp_2(A, &BB, R, CT_DP_BOUND, &j)) == CT_J_VIOLATED) o->why = CT_DPW_VALUES;
      else if (s == CT_J_UNCHECKED) o->verdict = 4;
    }
    if (o->why != CT_DPW_NONE) o->verdict = 3;
  }
}

CT_FN static CT_DP_NOINLINE void ct_dp_product(const ct_dp_bounds *b, const ct_modes *am, const ct_layout *A,
                                          const ct_modes *bm, const ct_layout *B, ct_dp_scratch *S, ct_layout *R,
                                          ct_dp_out *o) {
  ct_layout R0, R1, L;
  ct_modes as;
  ct_judgement j;
  ct_err e;
  int64_t K = 0, M, cos = 1;
  int ex, jx, k;
  ct_code code = ct_logical_product(A, B, R, &e);
  if (b->mutant == 2 && bm->n == 2) code = CT_NOT_DISJOINT;
  o->code = code;
  o->why = CT_DPW_NONE;
  o->form = 0;
  if (ct_j_undecided(code)) {
    o->verdict = 4;
    return;
  }
  for (k = 0; k < bm->n; ++k) /* LAYOUT-4: cosize(B) = 1 + sum (s-1)*|d| */
    cos += (bm->m[k].s - 1) * (bm->m[k].d < 0 ? -bm->m[k].d : bm->m[k].d);
  M = ct_dp_size(am) * cos;
  ex = ct_dp_cpl(am, M, S, &as, &K); /* A* by brute force */
  jx = ct_j_cpl_exists(A, 1, M, 4 * CT_JUDGE_CAP);
  if (ex >= 0 && jx >= 0 && (ex > 0) != (jx > 0)) {
    o->verdict = 3;
    o->why = CT_DPW_CROSS;
    return;
  }
  if (ex > 0) ct_dp_modes_layout(&as, &L);
  if (code != CT_OK) {
    int c = ex > 0 ? ct_dp_comp_exists(&L, bm) : ex;
    o->verdict = c < 0 ? 4 : c ? 2 : 1;
  } else if (ex == 0) {
    o->verdict = 3;
    o->why = CT_DPW_NO_ANSWER;
  } else if (ex < 0) {
    o->verdict = 4;
  } else {
    ct_jstatus s;
    o->verdict = 0;
    if (ct_l_rank(R) != 2 || !ct_t_is_tuple(&R->shape, 0) || !ct_dp_mode(R, 0, &R0) || !ct_dp_mode(R, 1, &R1))
      o->why = CT_DPW_RANK;
    else if (!ct_l_equal(&R0, A, 0))
      o->why = CT_DPW_MODE0; /* PROD-2 */
    else if (ct_judge_comp_1(B, &R1, &j) != CT_J_HOLDS)
      o->why = CT_DPW_MODE1; /* PROD-3 */
    else if (ct_judge_comp_3(B, &R1, &j) != CT_J_HOLDS)
      o->why = CT_DPW_SIZE;
    else if ((s = ct_judge_comp_2(&L, B, &R1, CT_DP_BOUND, &j)) == CT_J_VIOLATED)
      o->why = CT_DPW_VALUES; /* PROD-3: layout<1>(R)(j) == A*^(B(j)) */
    else if (s == CT_J_UNCHECKED)
      o->verdict = 4;
    else {
      /* PROD-4: A, B injective, B without a negative stride -> R injective
       * into [0, K), K = size(filter(A))*size(A*) (the tiling's K) */
      int negb = 0, ia, ib;
      for (k = 0; k < bm->n; ++k) negb |= bm->m[k].d < 0 && bm->m[k].s > 1;
      ia = ct_dp_injective(am, S);
      ib = ct_dp_injective(bm, S);
      if (ia < 0 || ib < 0) o->verdict = 4;
      else if (ia && ib && !negb) {
        ct_leaf_form FR;
        int64_t n = ct_dp_size(am) * ct_dp_size(bm), i;
        if (K > CT_DP_BITS) o->verdict = 4;
        else {
          ct_dp_clear(S->cov, K);
          ct_lf_init(&FR, R);
          for (i = 0; i < n && o->why == CT_DPW_NONE; ++i) {
            int64_t y = ct_j_at_form(&FR, i);
            if (y < 0 || y >= K || ct_dp_bit(S->cov, y)) o->why = CT_DPW_INJECTIVE;
            else ct_dp_set(S->cov, y);
          }
        }
      }
    }
    if (o->why != CT_DPW_NONE) o->verdict = 3;
  }
}

CT_FN static void ct_dp_count(ct_dp_counts *n, const ct_dp_out *o) {
  ++n->pairs;
  if (o->code == CT_OK) ++n->accepted;
  else {
    ++n->rejected;
    ++n->by_code[o->code < CT_DP_CODES ? o->code : CT_DP_CODES - 1];
  }
  switch (o->verdict) {
  case 0: ++n->forms; break;
  case 1: ++n->rej_none; ++n->forms; break;
  case 2: ++n->conservative; break;
  case 3: ++n->wrong; break;
  default: ++n->unchecked; break;
  }
}

/* Pair p: every op asked for; outcomes in o[op]. R, the reference's answer,
 * lives here: the forms are checked against it once the divide's or the
 * product's frame is gone (their stacks do not add up on the GPU). */
CT_FN static CT_DP_NOINLINE void ct_dp_pair(const ct_dp_bounds *b, int64_t p, ct_dp_scratch *S, ct_dp_counts *n, ct_dp_out *o) {
  int64_t nb = ct_dp_num_layouts(&b->s, b->s.rb);
  ct_modes am, bm;
  ct_layout A, B, R;
  int op;
  ct_dp_layout(&b->s, p / nb, &am, &A);
  ct_dp_layout(&b->s, p % nb, &bm, &B);
  for (op = 0; op < CT_DP_OPS; ++op) {
    if (!((b->ops >> op) & 1)) continue;
    if (op == 0) ct_dp_divide(b, &am, &A, &bm, &B, S, &R, &o[op]);
    else ct_dp_product(b, &am, &A, &bm, &B, S, &R, &o[op]);
    if (o[op].verdict <= 1) { /* the forms, where logical_* is right */
      int why = ct_dp_forms(b, op, &A, &B, (ct_code)o[op].code, &R, &o[op].form);
      if (why != CT_DPW_NONE) {
        o[op].verdict = 3;
        o[op].why = why;
      }
    }
    ct_dp_count(&n[op], &o[op]);
  }
}

/* Pair of local index L in shard i of n, or -1. */
CT_FN static inline int64_t ct_dp_global(int64_t L, int i, int n, int64_t pairs) {
  int64_t p = ((L / CT_DP_BLOCK) * n + i) * CT_DP_BLOCK + L % CT_DP_BLOCK;
  return p < pairs ? p : -1;
}

static int64_t ct_dp_local_count(int i, int n, int64_t pairs) {
  int64_t nb = (pairs + CT_DP_BLOCK - 1) / CT_DP_BLOCK;
  return i >= nb ? 0 : (nb - i + n - 1) / n * CT_DP_BLOCK;
}

/* ---- the GPU half ---------------------------------------------------------------------------------- */

#define CT_DP_NCOUNT ((int)(sizeof(ct_dp_counts) / sizeof(unsigned long long)))

/* One pair on the GPU: its counts added to n, its example kept if there is room. */
__device__ static void ct_dp_pair_gpu(const ct_dp_bounds *bp, long long p, ct_dp_scratch *S, ct_dp_counts *n,
                                      ct_dp_example *ex, unsigned *nex) {
  ct_dp_out o[CT_DP_OPS];
  int op;
  ct_dp_pair(bp, p, S, n, o);
  for (op = 0; op < CT_DP_OPS; ++op) {
    int kind;
    unsigned slot;
    if (!((bp->ops >> op) & 1) || (o[op].verdict != 2 && o[op].verdict != 3)) continue;
    kind = o[op].verdict == 3 ? 1 : 2;
    slot = atomicAdd(&nex[op * 2 + kind - 1], 1u);
    if (slot < CT_DP_EXAMPLES) {
      ct_dp_example *x = &ex[(op * 2 + kind - 1) * CT_DP_EXAMPLES + slot];
      x->p = p;
      x->op = op;
      x->kind = kind;
      x->code = o[op].code;
      x->why = o[op].why;
      x->form = o[op].form;
    }
  }
}

/* A fixed grid walks the launch's pairs (grid-stride): each thread's
 * ct_dp_scratch lives in global memory (scr), not on its stack. A thread
 * sums its pairs' counts, the block sums its threads' in shared memory, and
 * one atomic per block and counter reaches global memory (as sweep.cu). */
__global__ void ct_k_divprod(ct_dp_bounds b, long long L0, long long nl, int si, int sn, long long pairs,
                             ct_dp_scratch *scr, unsigned long long *counts, ct_dp_example *ex, unsigned *nex) {
  __shared__ unsigned long long sc[CT_DP_OPS * CT_DP_NCOUNT];
  long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x, G = (long long)gridDim.x * blockDim.x, L;
  ct_dp_counts n[CT_DP_OPS];
  const unsigned long long *c = (const unsigned long long *)n;
  int k;
  memset(n, 0, sizeof n);
  for (k = threadIdx.x; k < CT_DP_OPS * CT_DP_NCOUNT; k += blockDim.x) sc[k] = 0;
  __syncthreads();
  for (L = L0 + tid; L < L0 + nl; L += G) {
    long long p = ct_dp_global(L, si, sn, pairs);
    if (p >= 0) ct_dp_pair_gpu(&b, p, &scr[tid], n, ex, nex);
  }
  for (k = 0; k < CT_DP_OPS * CT_DP_NCOUNT; ++k)
    if (c[k]) atomicAdd(&sc[k], c[k]);
  __syncthreads();
  for (k = threadIdx.x; k < CT_DP_OPS * CT_DP_NCOUNT; k += blockDim.x)
    if (sc[k]) atomicAdd(&counts[k], sc[k]);
}

/* ---- options, runs, reports -------------------------------------------------------------------------- */

typedef struct {
  ct_dp_bounds b;
  int shard_i, shard_n, host, procs, threads;
  long long batch;
  const char *tsv;
} ct_dp_opts;

typedef struct {
  ct_dp_counts n[CT_DP_OPS];
  ct_dp_example ex[CT_DP_OPS * 2 * CT_DP_EXAMPLES];
  int nex[CT_DP_OPS * 2];
} ct_dp_slot;

static const char ct_dp_usage[] =
    "usage: ct_divprod_sweep [options]\n"
    "  every pair (A, B) of flat layouts within bounds through logical_divide and/or\n"
    "  logical_product and their zipped/tiled/flat forms, checked exactly (device/divprod_sweep.cu)\n"
    "  --ra R --rb R       ranks of A and B: every rank 1..R (2, 2; at most 4)\n"
    "  --smax S            shapes 1..S (8)\n"
    "  --dlo D --dhi D     strides D..D (0, 16)\n"
    "  --op divide|product|all   the operations (all)\n"
    "  --shard I/N         the I-th of N shards (blocks of 4096 pairs; also TEST_SHARD_INDEX/TEST_TOTAL_SHARDS)\n"
    "  --host              run on the host's cores instead of the GPU\n"
    "  --procs P           host processes (every core)\n"
    "  --threads T         GPU threads per block (128)\n"
    "  --batch N           pairs per kernel launch (1048576)\n"
    "  --tsv FILE          the results as key<TAB>value lines, one block per op (device/run_gpu.sh)\n"
    "  --mutant N          tests only: perturb the reference's answers so that the run must fail:\n"
    "                      1 swap logical_divide's modes, 2 reject every product whose B has rank 2,\n"
    "                      3 a wrong stride in zipped_divide/zipped_product\n"
    "exit status: 0 ok; 1 a wrong or conservative pair, or every pair unchecked; 2 usage; 3 CUDA; 4 no GPU\n";

static void ct_dp_parse(int argc, char **argv, ct_dp_opts *o) {
  int k;
  memset(o, 0, sizeof *o);
  o->b.s.ra = 2;
  o->b.s.rb = 2;
  o->b.s.smax = 8;
  o->b.s.dlo = 0;
  o->b.s.dhi = 16;
  o->b.ops = 3;
  o->shard_n = 1;
  o->procs = (int)sysconf(_SC_NPROCESSORS_ONLN);
  o->threads = 128;
  o->batch = 1 << 20;
  ct_bazel_shard(&o->shard_i, &o->shard_n);
  for (k = 1; k < argc; ++k) {
    const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : 0;
#define CT_ARG(name) (strcmp(a, name) == 0 && v && (++k, 1))
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(ct_dp_usage, stdout);
      exit(0);
    } else if (CT_ARG("--ra")) o->b.s.ra = atoi(v);
    else if (CT_ARG("--rb")) o->b.s.rb = atoi(v);
    else if (CT_ARG("--smax")) o->b.s.smax = atoi(v);
    else if (CT_ARG("--dlo")) o->b.s.dlo = atoi(v);
    else if (CT_ARG("--dhi")) o->b.s.dhi = atoi(v);
    else if (CT_ARG("--op")) {
      if (!strcmp(v, "divide")) o->b.ops = 1;
      else if (!strcmp(v, "product")) o->b.ops = 2;
      else if (!strcmp(v, "all")) o->b.ops = 3;
      else ct_die("--op must be divide, product or all, not '%s'", v);
    } else if (strcmp(a, "--host") == 0) o->host = 1;
    else if (CT_ARG("--procs")) o->procs = atoi(v);
    else if (CT_ARG("--threads")) o->threads = atoi(v);
    else if (CT_ARG("--batch")) o->batch = strtoll(v, 0, 0);
    else if (CT_ARG("--tsv")) o->tsv = v;
    else if (CT_ARG("--mutant")) o->b.mutant = atoi(v);
    else if (CT_ARG("--shard")) {
      if (sscanf(v, "%d/%d", &o->shard_i, &o->shard_n) != 2 || o->shard_n < 1 || o->shard_i < 0 ||
          o->shard_i >= o->shard_n)
        ct_die("bad --shard '%s' (I/N with 0 <= I < N)", v);
    } else ct_die("unknown option or missing value '%s'\n%s", a, ct_dp_usage);
#undef CT_ARG
  }
  if (o->b.s.ra < 1 || o->b.s.ra > CT_SWEEP_MAX_RANK || o->b.s.rb < 1 || o->b.s.rb > CT_SWEEP_MAX_RANK)
    ct_die("ranks must be in 1..%d", CT_SWEEP_MAX_RANK);
  if (o->b.s.smax < 1 || o->b.s.smax > CT_SWEEP_MAX_SHAPE) ct_die("--smax must be in 1..%d", CT_SWEEP_MAX_SHAPE);
  if (o->b.s.dlo > o->b.s.dhi || o->b.s.dlo < -CT_SWEEP_MAX_STRIDE || o->b.s.dhi > CT_SWEEP_MAX_STRIDE)
    ct_die("strides must lie in -%d..%d", CT_SWEEP_MAX_STRIDE, CT_SWEEP_MAX_STRIDE);
  if (o->b.mutant < 0 || o->b.mutant > 3) ct_die("--mutant must be 0..3");
  if (o->procs < 1) o->procs = 1;
  if (o->threads < 32) o->threads = 32;
  if (o->batch < 1024) o->batch = 1024;
  if ((double)ct_dp_num_layouts(&o->b.s, o->b.s.ra) * (double)ct_dp_num_layouts(&o->b.s, o->b.s.rb) > 4e18)
    ct_die("too many pairs: narrow the bounds");
}

static void ct_dp_add(ct_dp_counts *a, const ct_dp_counts *b) {
  unsigned long long *x = (unsigned long long *)a;
  const unsigned long long *y = (const unsigned long long *)b;
  int k;
  for (k = 0; k < CT_DP_NCOUNT; ++k) x[k] += y[k];
}

/* Keeps the example of pair p, op, if its list has room. */
static void ct_dp_keep(ct_dp_slot *s, int64_t p, int op, const ct_dp_out *o) {
  int kind = o->verdict == 3 ? 1 : 2, at = op * 2 + kind - 1;
  ct_dp_example *x;
  if (s->nex[at] >= CT_DP_EXAMPLES) return;
  x = &s->ex[at * CT_DP_EXAMPLES + s->nex[at]++];
  x->p = p;
  x->op = op;
  x->kind = kind;
  x->code = o->code;
  x->why = o->why;
  x->form = o->form;
}

/* The host: P processes over the shard's pairs, interleaved block by block. */
static double ct_dp_run_host(const ct_dp_opts *o, int64_t pairs, ct_dp_slot *tot, char *name, size_t cap) {
  int64_t nl = ct_dp_local_count(o->shard_i, o->shard_n, pairs);
  int w, nw = o->procs, op, m;
  ct_dp_slot *slots;
  double t0 = ct_now();
  slots = ct_fork_run<ct_dp_slot>(nw, [&](int w, ct_dp_slot *s) {
    static ct_dp_scratch S;
    int64_t blk, L;
    double last = ct_now();
    for (blk = w; blk * CT_DP_BLOCK < nl; blk += nw) {
      for (L = blk * CT_DP_BLOCK; L < (blk + 1) * CT_DP_BLOCK && L < nl; ++L) {
        int64_t p = ct_dp_global(L, o->shard_i, o->shard_n, pairs);
        ct_dp_out out[CT_DP_OPS];
        int op;
        if (p < 0) continue;
        ct_dp_pair(&o->b, p, &S, s->n, out);
        for (op = 0; op < CT_DP_OPS; ++op)
          if (((o->b.ops >> op) & 1) && (out[op].verdict == 2 || out[op].verdict == 3)) ct_dp_keep(s, p, op, &out[op]);
      }
      if (w == 0 && ct_now() - last >= 10) { /* worker 0 speaks for all: they move together */
        double done = (double)(blk + 1) * CT_DP_BLOCK; /* blk: the shard's block index, every worker's */
        last = ct_now();
        fprintf(stderr, CT_PROG ": host: about %.3g of %.3g pairs, %.3g pairs/s\n", done < nl ? done : (double)nl,
                (double)nl, done / (last - t0));
      }
    }
  });
  memset(tot, 0, sizeof *tot);
  for (w = 0; w < nw; ++w) {
    for (op = 0; op < CT_DP_OPS; ++op) ct_dp_add(&tot->n[op], &slots[w].n[op]);
    for (m = 0; m < CT_DP_OPS * 2; ++m) {
      int k;
      for (k = 0; k < slots[w].nex[m] && tot->nex[m] < CT_DP_EXAMPLES; ++k)
        tot->ex[m * CT_DP_EXAMPLES + tot->nex[m]++] = slots[w].ex[m * CT_DP_EXAMPLES + k];
    }
  }
  ct_fork_free(slots, nw);
  snprintf(name, cap, "host, %d processes", nw);
  return ct_now() - t0;
}

/* The GPU: batches of launches, one thread per pair; progress every ~10 s. */
static double ct_dp_run_gpu(const ct_dp_opts *o, int64_t pairs, ct_dp_slot *tot, char *name, size_t cap) {
  int64_t nl = ct_dp_local_count(o->shard_i, o->shard_n, pairs), done = 0;
  unsigned long long *dc;
  ct_dp_example *dex;
  ct_dp_scratch *scr;
  long long grid;
  unsigned *dnex, nex[CT_DP_OPS * 2];
  cudaDeviceProp prop;
  double t0, last;
  int n = 0, m;
  cudaError_t err = cudaGetDeviceCount(&n);
  if (err != cudaSuccess || n == 0) {
    fprintf(stderr, CT_PROG ": no CUDA device (%s); use --host\n", err != cudaSuccess ? cudaGetErrorString(err) : "0 devices");
    exit(4);
  }
  CT_CUDA(cudaGetDeviceProperties(&prop, 0));
  snprintf(name, cap, "%s", prop.name);
  /* The judges keep CT_JUDGE_CAP-sized arrays on the stack, and the layouts
   * of the reference and of the checks are 2 KB each: the default stack is
   * far smaller. */
  CT_CUDA(cudaDeviceSetLimit(cudaLimitStackSize, 65536));
  /* A fixed grid (a few blocks per SM: 255 registers a thread allow two
   * blocks of 128), each thread with its scratch in global memory. */
  grid = (long long)prop.multiProcessorCount * 8;
  CT_CUDA(cudaMalloc(&scr, sizeof(ct_dp_scratch) * grid * o->threads));
  CT_CUDA(cudaMalloc(&dc, sizeof(ct_dp_counts) * CT_DP_OPS));
  CT_CUDA(cudaMalloc(&dex, sizeof tot->ex));
  CT_CUDA(cudaMalloc(&dnex, sizeof nex));
  CT_CUDA(cudaMemset(dc, 0, sizeof(ct_dp_counts) * CT_DP_OPS));
  CT_CUDA(cudaMemset(dnex, 0, sizeof nex));
  CT_CUDA(cudaDeviceSynchronize());
  t0 = last = ct_now();
  while (done < nl) {
    long long k = nl - done < o->batch ? nl - done : o->batch;
    long long blocks = (k + o->threads - 1) / o->threads;
    ct_k_divprod<<<(unsigned)(blocks < grid ? blocks : grid), o->threads>>>(o->b, done, k, o->shard_i, o->shard_n, pairs,
                                                                            scr, dc, dex, dnex);
    CT_CUDA(cudaGetLastError());
    CT_CUDA(cudaDeviceSynchronize());
    done += k;
    if (ct_now() - last >= 10) {
      last = ct_now();
      fprintf(stderr, CT_PROG ": GPU: %lld of %lld pairs, %.3g pairs/s, about %.0f s left\n", (long long)done,
              (long long)nl, done / (last - t0), (nl - done) / (done / (last - t0)));
    }
  }
  memset(tot, 0, sizeof *tot);
  CT_CUDA(cudaMemcpy(tot->n, dc, sizeof(ct_dp_counts) * CT_DP_OPS, cudaMemcpyDeviceToHost));
  CT_CUDA(cudaMemcpy(tot->ex, dex, sizeof tot->ex, cudaMemcpyDeviceToHost));
  CT_CUDA(cudaMemcpy(nex, dnex, sizeof nex, cudaMemcpyDeviceToHost));
  for (m = 0; m < CT_DP_OPS * 2; ++m) tot->nex[m] = nex[m] < CT_DP_EXAMPLES ? (int)nex[m] : CT_DP_EXAMPLES;
  CT_CUDA(cudaFree(scr));
  CT_CUDA(cudaFree(dc));
  CT_CUDA(cudaFree(dex));
  CT_CUDA(cudaFree(dnex));
  return ct_now() - t0;
}

static const char *const ct_dp_op_name[CT_DP_OPS] = {"divide", "product"};
static const char *const ct_dp_why[CT_DPW_N][CT_DP_OPS] = {
    {"", ""},
    {"rank(R) != 2 (DIV-2)", "rank(R) != 2 (PROD-2)"},
    {"layout<0>(R) is not compatible with B (DIV-2, COMP-1)", "layout<0>(R) is not A exactly (PROD-2)"},
    {"layout<1>(R) is not compatible with B* (DIV-2, COMP-1)", "layout<1>(R) is not compatible with B (PROD-3)"},
    {"size(R) != size(B)*size(B*) (DIV-3)", "size(layout<1>(R)) != size(B) (PROD-3)"},
    {"R(i) != A^((B, B*)(i)) at some i (DIV-1 as functions, COMP-2)",
     "layout<1>(R)(j) != A*^(B(j)) at some j (PROD-3, COMP-2)"},
    {"", "R is not injective into [0, K) (PROD-4)"},
    {"accepted, but B has no complement in size(A) (brute-force tiling; CPL-EXACT)",
     "accepted, but A has no complement in size(A)*cosize(B) (brute-force tiling; CPL-EXACT)"},
    {"zipped_divide is not logical_divide exactly (DIV-6)", "zipped_product is not logical_product exactly (PROD-6)"},
    {"tiled_divide is not (Z0, Z1's modes...) (DIV-8)", "tiled_product is not (Z0, Z1's modes...) (PROD-7)"},
    {"flat_divide is not (Z0's modes..., Z1's modes...) (DIV-8)",
     "flat_product is not (Z0's modes..., Z1's modes...) (PROD-7)"},
    {"the form's code differs from logical_divide's (errors propagate unchanged)",
     "the form's code differs from logical_product's (errors propagate unchanged)"},
    {"the two brute-force complement tests disagree (a checker failure)",
     "the two brute-force complement tests disagree (a checker failure)"},
};

static void ct_dp_show(const ct_dp_bounds *b, const ct_dp_example *x) {
  static const char *const fn[2][4] = {{"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"},
                                       {"logical_product", "zipped_product", "tiled_product", "flat_product"}};
  int64_t nb = ct_dp_num_layouts(&b->s, b->s.rb);
  ct_modes am, bm;
  ct_layout A, B, R;
  ct_err e;
  ct_code c;
  char sa[256], sb[256], sr[512], expr[600];
  ct_dp_layout(&b->s, x->p / nb, &am, &A);
  ct_dp_layout(&b->s, x->p % nb, &bm, &B);
  ct_print_layout(&A, sa, sizeof sa);
  ct_print_layout(&B, sb, sizeof sb);
  snprintf(expr, sizeof expr, "%s(%s, %s)", fn[x->op][x->form], sa, sb);
  c = x->op == 0 ? ct_logical_divide(&A, &B, &R, &e) : ct_logical_product(&A, &B, &R, &e);
  if (c == CT_OK) ct_print_layout(&R, sr, sizeof sr);
  else snprintf(sr, sizeof sr, "! %s", ct_code_name(c));
  if (x->kind == 1)
    printf("  WRONG %s: %s; logical_*: %s%s\n", expr, x->why > 0 && x->why < CT_DPW_N ? ct_dp_why[x->why][x->op] : "?",
           c == CT_OK ? "= " : "", sr);
  else
    printf("  CONSERVATIVE %s ! %s, but a complement exists and a layout computes the composition (brute force)\n", expr,
           ct_code_name((ct_code)x->code));
  printf("    cuteref eval '%s'\n", expr);
}

int main(int argc, char **argv) {
  ct_dp_opts o;
  static ct_dp_slot tot;
  char name[256];
  int64_t pairs, na, nb;
  double secs;
  int op, k, bad = 0, any_checked = 0;
  setvbuf(stdout, 0, _IOLBF, 0);
  ct_dp_parse(argc, argv, &o);
  na = ct_dp_num_layouts(&o.b.s, o.b.s.ra);
  nb = ct_dp_num_layouts(&o.b.s, o.b.s.rb);
  pairs = na * nb;
  printf("divide/product sweep (%s): A of rank 1..%d, B of rank 1..%d, shapes 1..%d, strides %d..%d (%d values per "
         "mode)\n",
         o.b.ops == 3 ? "logical_divide and logical_product" : o.b.ops == 1 ? "logical_divide" : "logical_product",
         o.b.s.ra, o.b.s.rb, o.b.s.smax, o.b.s.dlo, o.b.s.dhi, ct_sweep_per(&o.b.s));
  printf("  %lld layouts A x %lld layouts B = %lld pairs (%.3g); shard %d/%d%s\n", (long long)na, (long long)nb,
         (long long)pairs, (double)pairs, o.shard_i, o.shard_n, "");
  if (o.b.mutant) printf("  MUTANT %d: the reference's answers are perturbed; this run must fail\n", o.b.mutant);
  secs = o.host ? ct_dp_run_host(&o, pairs, &tot, name, sizeof name) : ct_dp_run_gpu(&o, pairs, &tot, name, sizeof name);
  for (op = 0; op < CT_DP_OPS; ++op) {
    const ct_dp_counts *n = &tot.n[op];
    int m;
    if (!((o.b.ops >> op) & 1)) continue;
    printf("%s: pairs %llu, accepted %llu, rejected %llu (no answer %llu), forms checked on %llu\n", ct_dp_op_name[op],
           n->pairs, n->accepted, n->rejected, n->rej_none, n->forms);
    printf("%s: wrong %llu\n%s: conservative %llu\n%s: unchecked %llu\n", ct_dp_op_name[op], n->wrong,
           ct_dp_op_name[op], n->conservative, ct_dp_op_name[op], n->unchecked);
    for (k = 1; k < CT_DP_CODES; ++k)
      if (n->by_code[k]) printf("  rejected with %-22s %llu\n", ct_code_name((ct_code)k), n->by_code[k]);
    for (m = 0; m < 2; ++m)
      for (k = 0; k < tot.nex[op * 2 + m]; ++k) ct_dp_show(&o.b, &tot.ex[(op * 2 + m) * CT_DP_EXAMPLES + k]);
    bad |= n->wrong || n->conservative;
    any_checked |= n->pairs > n->unchecked;
  }
  if (!any_checked) bad = 1;
  {
    double done = (double)tot.n[(o.b.ops & 1) ? 0 : 1].pairs; /* this shard's */
    printf("time: %.2f s (%s), %.3g pairs/s (each pair through %s)\n", secs, name, secs > 0 ? done / secs : 0.0,
           o.b.ops == 3 ? "both operations" : "one operation");
    if (secs > 0 && done > 0)
      printf("projection: the whole sweep (%.3g pairs) takes %.0f s on this %s\n", (double)pairs, pairs / (done / secs),
             o.host ? "host" : "GPU");
  }
  printf("verdict: %s\n", !any_checked ? "FAILURES (every pair unchecked)"
                          : bad       ? "FAILURES (a wrong answer or a conservative rejection)"
                                      : "ok: exact (0 wrong, 0 conservative)");
  if (o.tsv) {
    FILE *f = fopen(o.tsv, "w");
    if (!f) ct_die("cannot write %s", o.tsv);
    for (op = 0; op < CT_DP_OPS; ++op) {
      const ct_dp_counts *n = &tot.n[op];
      if (!((o.b.ops >> op) & 1)) continue;
      fprintf(f, "op\t%s\nbounds\tA rank 1..%d, B rank 1..%d, shapes 1..%d, strides %d..%d\nshard\t%d/%d\n",
              ct_dp_op_name[op], o.b.s.ra, o.b.s.rb, o.b.s.smax, o.b.s.dlo, o.b.s.dhi, o.shard_i, o.shard_n);
      fprintf(f, "all_pairs\t%lld\npairs\t%llu\naccepted\t%llu\nrejected\t%llu\nrejected_no_answer\t%llu\n",
              (long long)pairs, n->pairs, n->accepted, n->rejected, n->rej_none);
      fprintf(f, "conservative\t%llu\nwrong\t%llu\nunchecked\t%llu\n", n->conservative, n->wrong, n->unchecked);
      for (k = 1; k < CT_DP_CODES; ++k)
        if (n->by_code[k]) fprintf(f, "rejected_%s\t%llu\n", ct_code_name((ct_code)k), n->by_code[k]);
      fprintf(f, "seconds\t%.3f\nrate\t%.4g\ndevice\t%s\n", secs, secs > 0 ? (double)n->pairs / secs : 0.0, name);
    }
    fclose(f);
  }
  return bad ? 1 : 0;
}
