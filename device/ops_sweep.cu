/* ops_sweep.cu -- ct_ops_sweep: exhaustive sweeps of coalesce, right_inverse
 * and left_inverse (issue 43, item 3) on the composition sweep's domain of
 * flat layouts (rank 1..r, shapes 1..smax, strides dlo..dhi), on one GPU or
 * with --host on the host's cores.
 *
 *   ct_ops_sweep [--r 4 --smax 8 --dlo 0 --dhi 16] [--op all] [--host [--procs P]]
 *
 * Per layout L and operation, the reference's answer (ref/coalesce.c,
 * ref/inverse.c) is judged at every index by the judges `cuteref conform`
 * uses (judge/), and a rejection is classified by a brute force that shares
 * no code with the reference:
 *   coalesce       COAL-1..COAL-4 (judges), COAL-5 (coalesce again, equal);
 *                  no rejection is allowed (coalesce has no precondition
 *                  without a profile; an answer always exists).
 *   right_inverse  RINV-1..RINV-4 (judges), RINV-5 (brute force), RINV-7
 *                  (ref/right_inverse_def.c's answer, compared as functions);
 *                  no rejection is allowed (RINV-6: _1:_0 always answers).
 *   left_inverse   LINV-1, LINV-2 (judges), LINV-4's size (brute force),
 *                  LINV-5's size (from L's values: their canonical peel, not
 *                  ref/coalesce.c); NEGATIVE_STRIDE must be INV-NEG (a
 *                  precondition, counted apart); NO_LAYOUT
 *                  is checked against LINV-6: whether some layout of size M
 *                  has R(v) == the least index of v on L's values v, decided
 *                  exactly (prime orders of M, each an integer linear system
 *                  solved by ct_ops_zsolve, written here apart from the
 *                  reference's ref/left_search.c and ref/zsolve.c).
 * Counted per operation: cases, accepted, rejected (no answer; precondition),
 * conservative (rejected although an answer exists), wrong (an answer that
 * breaks a post-condition, or a rejection with the wrong code), unchecked (a
 * judge or the existence test past its bound). The first few wrong and
 * conservative cases are printed with a `cuteref eval` line. Exit 1 on any
 * wrong or conservative case, or when everything went unchecked.
 *
 * Configuration: CT_JUDGE_CAP 4096 (set below, both halves), so that every
 * layout of the default domain (size <= 8^4) is judged at every index; the
 * kernel's stack limit follows from its frame (ct_ops_stack_bytes). */
#define _POSIX_C_SOURCE 200809L
#ifndef CT_JUDGE_CAP
#define CT_JUDGE_CAP 4096 /* judges' scratch: size(L) <= 8^4 */
#endif
#include "ref/ct_error.c"
#include "ref/inttuple.c"
#include "ref/layout.c"
#include "ref/leaf_form.c"
#include "ref/modes.c"
#include "ref/coalesce.c"
#include "ref/basis.c"
#include "ref/injective.c"
#include "ref/ahat.c"
#include "ref/carry.c"
#include "ref/composition.c"
#include "ref/recognize.c"
#include "ref/zsolve.c"
#include "ref/left_search.c"
#include "ref/inverse.c"
#include "ref/right_inverse_def.c"
#include "judge/judge.c"
#include "judge/judge_coalesce.c"
#include "judge/judge_inverse.c"
#include "ref/composition_def.c"
#include "judge/judge_exact.c" /* ct_j_is_layout (RINV-3/4's hypothesis) */
#include "ref/notation.h"
#if !CT_ON_DEVICE
#include "ref/notation.c" /* host only: printing the examples */
#endif

#define CT_PROG "ct_ops_sweep"
#include "device/ct_cuda.h"
#include "device/ct_fork.h"

#include <cuda_runtime.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <vector>

#define CT_OPS_MAX_RANK 4
#define CT_OPS_NOPS 3
#define CT_OPS_CODES ((int)CT_NUM_CODES) /* rejections counted per code */
#define CT_OPS_EXAMPLES 8 /* cases kept per op: 2x wrong or conservative, 1x unchecked */
#define CT_OPS_LMAX 512   /* the existence test's largest size(R) (LINV-5) */

enum { CT_OP_COAL = 0, CT_OP_RINV = 1, CT_OP_LINV = 2 };
static const char *const ct_op_names[CT_OPS_NOPS] = {"coalesce", "right_inverse", "left_inverse"};

/* What one case gave; the check that failed (an index into ct_ops_checks). */
enum { CT_R_OK, CT_R_NONE, CT_R_PRECOND, CT_R_CONS, CT_R_WRONG, CT_R_UNCHECKED };
enum {
  CT_C_NONE, CT_C_COAL1, CT_C_COAL2, CT_C_COAL3, CT_C_COAL4, CT_C_COAL5, CT_C_COAL_REJ,
  CT_C_RINV1, CT_C_RINV2, CT_C_RINV3, CT_C_RINV4, CT_C_RINV5, CT_C_RINV6, CT_C_RINV7,
  CT_C_LINV1, CT_C_LINV2, CT_C_LINV4, CT_C_LINV5, CT_C_LINV6, CT_C_INVNEG, CT_C_LCODE, CT_C_LBRUTE, CT_C_N
};
static const char *const ct_ops_checks[CT_C_N] = {
    "-", "COAL-1", "COAL-2", "COAL-3", "COAL-4", "COAL-5 (not idempotent)", "rejected (coalesce has no precondition)",
    "RINV-1", "RINV-2", "RINV-3", "RINV-4", "RINV-5", "RINV-6 (rejected)", "RINV-7 (differs from right_inverse_def)",
    "LINV-1", "LINV-2", "LINV-4 (a bijection's inverse has its size)", "LINV-5 (size)",
    "LINV-6 (an answer exists: a layout has LINV-1, LINV-2, LINV-5)",
    "INV-NEG (NEGATIVE_STRIDE exactly where a mode of size > 1 has a negative stride)",
    "LINV-6 (a code other than NO_LAYOUT/NEGATIVE_STRIDE)",
    "the sweep's LINV-6 test finds no answer, yet the reference's holds (a bug of this program)"};

typedef struct {
  int r, smax, dlo, dhi;
  int mutant; /* test only: 1 drops right_inverse's last mode, 2 accepts a left_inverse with no
                 answer (as _1:_0), 3 returns coalesce's input as it is, 4 rejects left_inverse
                 (NO_LAYOUT) of every L of rank >= 2 (conservative where it had an answer) */
} ct_ops_bounds;

typedef struct {
  unsigned long long cases, accepted, rejected, rej_none, precond, conservative, wrong, unchecked;
  unsigned long long by_code[CT_OPS_CODES];
} ct_ops_counts;
#define CT_OPS_NCOUNT ((int)(sizeof(ct_ops_counts) / sizeof(unsigned long long)))

/* A case kept as an example: the layout's digits. */
typedef struct {
  int op, kind, code, check, rank; /* kind: CT_R_WRONG, CT_R_CONS or CT_R_UNCHECKED */
  int v[CT_OPS_MAX_RANK];
} ct_ops_ex;

/* L's flat modes, as the brute force reads them. */
typedef struct {
  int n;
  int64_t s[CT_OPS_MAX_RANK], d[CT_OPS_MAX_RANK], size;
} ct_ops_flat;

/* ---- the domain ------------------------------------------------------------------------ */

CT_FN static inline int64_t ct_ops_per(const ct_ops_bounds *b) { return (int64_t)b->smax * (b->dhi - b->dlo + 1); }

CT_FN static int64_t ct_ops_num(const ct_ops_bounds *b) {
  int64_t per = ct_ops_per(b), p = 1, t = 0;
  int r;
  for (r = 1; r <= b->r; ++r) {
    p *= per;
    t += p;
  }
  return t;
}

/* The u-th layout of rank 1..r (rank grows last, as ct_cpl_sweep's):
 * its digits, rank, flat modes and layout. */
CT_FN static int ct_ops_layout(const ct_ops_bounds *b, int64_t u, int *v, ct_ops_flat *f, ct_layout *L) {
  int64_t per = ct_ops_per(b), block = per;
  int nd = b->dhi - b->dlo + 1, na = 1, k;
  ct_modes m;
  ct_err e;
  while (u >= block) {
    u -= block;
    block *= per;
    ++na;
  }
  m.n = 0;
  f->n = na;
  f->size = 1;
  for (k = 0; k < na; ++k) {
    v[k] = (int)(u % per);
    u /= per;
    f->s[k] = 1 + v[k] / nd;
    f->d[k] = b->dlo + v[k] % nd;
    f->size *= f->s[k];
    ct_modes_push(&m, f->s[k], 0, f->d[k], 0);
  }
  if (na == 1) ct_l_set_int(L, f->s[0], 0, f->d[0], 0);
  else ct_discard(ct_modes_to_layout(&m, L, &e)); /* rank <= 4: fits every build */
  return na;
}

/* L(i), i < size(L), from the flat modes (colexicographic digits). */
CT_FN static inline int64_t ct_ops_at(const ct_ops_flat *f, int64_t i) {
  int64_t y = 0;
  int k;
  for (k = 0; k < f->n; ++k) {
    y += (i % f->s[k]) * f->d[k];
    i /= f->s[k];
  }
  return y;
}

/* ---- brute force, no reference code ------------------------------------------------------ */

/* LINV-5's size from L's values: the canonical (coalesced) modes t:w peeled
 * off the function (spec/coalesce.md: the first stride is L(P), the size the
 * first break of its multiples), then s*d of the largest stride's mode (of
 * several, the largest s*d); size(L) when no stride is positive. */
CT_FN static int64_t ct_ops_linv_size(const ct_ops_flat *f) {
  int64_t P = 1, M = f->size, dmax = 0;
  while (P < f->size) {
    int64_t w = ct_ops_at(f, P), t = 1, rest = f->size / P;
    while (t < rest && ct_ops_at(f, t * P) == t * w) ++t;
    if (w > dmax || (w == dmax && w > 0 && t * w > M)) {
      dmax = w;
      M = t * w;
    }
    P *= t;
  }
  return M;
}

/* Is L a bijection of [0, n) onto itself? (RINV-5) seen: n bits of room. */
CT_FN static int ct_ops_bijective(const ct_ops_flat *f, unsigned *seen) {
  int64_t i, n = f->size;
  for (i = 0; i < (n + 31) / 32; ++i) seen[i] = 0;
  for (i = 0; i < n; ++i) {
    int64_t x = ct_ops_at(f, i);
    if (x < 0 || x >= n || (seen[x / 32] >> (x % 32) & 1u)) return 0;
    seen[x / 32] |= 1u << (x % 32);
  }
  return 1;
}

/* LINV-6: the values v of L fix R(v) = r[v] (LINV-1, LINV-2) and M its size
 * (LINV-5); elsewhere R is free. Every layout has the function of one whose
 * modes have prime sizes (s:d is (p, s/p):(d, p*d)), so an answer exists iff
 * for some order q_0..q_m-1 of M's prime factors the strides e solve
 * sum_k digit_k(v) * e_k == r[v] (digits of v in the mixed radix q) in the
 * integers, for every constrained v. Each system is solved exactly by
 * keeping its integer solutions as x0 + N*t (N's columns a basis of the
 * kernel so far): an equation a.x == b becomes c.t == b - a.x0 with c = a*N;
 * column operations (Euclid) bring c to (g, 0, ..., 0), so t_0 is fixed,
 * b - a.x0 divisible by g, and the other columns stay the kernel. A solution
 * found is checked again value by value. 1 some order solves, 0 none, -1
 * past int32 magnitudes (not met in the default domain). */
#define CT_OPS_PRIMES 12 /* of M <= CT_OPS_LMAX */

CT_FN static int ct_ops_zsolve(const int64_t *r, int64_t M, const int *q, int n) {
  int64_t x0[CT_OPS_PRIMES], N[CT_OPS_PRIMES][CT_OPS_PRIMES], a[CT_OPS_PRIMES], c[CT_OPS_PRIMES], v;
  int f = n, i, j, k;
  for (i = 0; i < n; ++i) {
    x0[i] = 0;
    a[i] = 0;
    for (j = 0; j < n; ++j) N[i][j] = i == j;
  }
  for (v = 1; v < M; ++v) {
    int64_t rhs;
    for (k = 0; k < n && ++a[k] == q[k]; ++k) a[k] = 0; /* v's digits, counted up */
    if (r[v] < 0) continue;
    rhs = r[v];
    for (k = 0; k < n; ++k) rhs -= a[k] * x0[k];
    for (j = 0; j < f; ++j)
      for (c[j] = 0, k = 0; k < n; ++k) c[j] += a[k] * N[k][j];
    for (j = 1; j < f; ++j)
      while (c[j] != 0) { /* Euclid on columns 0 and j */
        int64_t m = c[0] / c[j], t;
        c[0] -= m * c[j];
        for (k = 0; k < n; ++k) {
          N[k][0] -= m * N[k][j];
          if (N[k][0] > 2147483647LL || N[k][0] < -2147483647LL) return -1;
        }
        t = c[0], c[0] = c[j], c[j] = t;
        for (k = 0; k < n; ++k) t = N[k][0], N[k][0] = N[k][j], N[k][j] = t;
      }
    if (f == 0 || c[0] == 0) {
      if (rhs != 0) return 0;
      continue;
    }
    if (rhs % c[0] != 0) return 0;
    for (k = 0; k < n; ++k) {
      x0[k] += rhs / c[0] * N[k][0];
      if (x0[k] > 2147483647LL || x0[k] < -2147483647LL) return -1;
    }
    for (j = 1; j < f; ++j) /* column 0 is spent */
      for (k = 0; k < n; ++k) N[k][j - 1] = N[k][j];
    --f;
  }
  for (v = 0; v < n; ++v) a[v] = 0; /* the witness R = q:x0, value by value */
  for (v = 1; v < M; ++v) {
    int64_t y = 0;
    for (k = 0; k < n && ++a[k] == q[k]; ++k) a[k] = 0;
    for (k = 0; k < n; ++k) y += a[k] * x0[k];
    if (r[v] >= 0 && y != r[v]) return -1; /* cannot happen: the solver is wrong */
  }
  return 1;
}

/* The next distinct order of q[0..n) (lexicographic); 0 after the last. */
CT_FN static int ct_ops_next_order(int *q, int n) {
  int i = n - 2, j = n - 1, t;
  while (i >= 0 && q[i] >= q[i + 1]) --i;
  if (i < 0) return 0;
  while (q[j] <= q[i]) --j;
  t = q[i], q[i] = q[j], q[j] = t;
  for (++i, j = n - 1; i < j; ++i, --j) t = q[i], q[i] = q[j], q[j] = t;
  return 1;
}

/* Does left_inverse(L) have an answer (LINV-1, LINV-2, LINV-5)? L with
 * strides >= 0. 1 yes, 0 no, -1 unchecked (M past CT_OPS_LMAX). */
CT_FN static int ct_ops_linv_exists(const ct_ops_flat *f) {
  int64_t r[CT_OPS_LMAX], M = ct_ops_linv_size(f), i, x, m;
  int q[CT_OPS_PRIMES], n = 0, p, got, unchecked = 0;
  if (M > CT_OPS_LMAX) return -1;
  for (x = 0; x < M; ++x) r[x] = -1;
  for (i = 0; i < f->size; ++i) { /* the least index of each value; one >= M: LINV-1 fails */
    x = ct_ops_at(f, i);
    if (x < 0 || x >= M) return 0;
    if (r[x] < 0) r[x] = i;
  }
  for (m = M, p = 2; m > 1; ++p) /* M's prime factors, ascending: the first order */
    while (m % p == 0) {
      q[n++] = p;
      m /= p;
    }
  do {
    got = ct_ops_zsolve(r, M, q, n);
    if (got > 0) return 1;
    unchecked = unchecked || got < 0;
  } while (ct_ops_next_order(q, n));
  return unchecked ? -1 : 0;
}

/* ---- the checks ------------------------------------------------------------------------------ */

/* A judge's verdict into the case's: violated -> wrong (check c), unchecked kept. */
CT_FN static inline int ct_ops_judged(ct_jstatus s, int c, int *res, int *check) {
  if (s == CT_J_VIOLATED) {
    *res = CT_R_WRONG;
    *check = c;
    return 1;
  }
  if (s == CT_J_UNCHECKED) *res = CT_R_UNCHECKED;
  return 0;
}

/* Mutant 1: R without its last mode. */
CT_FN static void ct_ops_drop_last(ct_layout *R) {
  ct_modes m;
  ct_err e;
  ct_modes_of(R, 0, &m);
  if (m.n > 0) --m.n;
  if (m.n == 1) ct_l_set_int(R, m.m[0].s, 0, m.m[0].d, 0);
  else ct_discard(ct_modes_to_layout(&m, R, &e));
}

CT_FN static int ct_ops_coal(const ct_ops_bounds *b, const ct_layout *L, int *code, int *check) {
  ct_layout R, R2;
  ct_err e;
  ct_judgement j;
  int res = CT_R_OK;
  *code = ct_coalesce(L, &R, &e);
  if (b->mutant == 3 && *code == CT_OK) ct_l_copy(&R, L);
  if (*code != CT_OK) { /* an answer always exists */
    *check = CT_C_COAL_REJ;
    return CT_R_CONS;
  }
  if (ct_ops_judged(ct_judge_coal_1(L, &R, &j), CT_C_COAL1, &res, check) ||
      ct_ops_judged(ct_judge_coal_2(&R, &j), CT_C_COAL2, &res, check) ||
      ct_ops_judged(ct_judge_coal_3(L, &R, CT_JUDGE_CAP, &j), CT_C_COAL3, &res, check) ||
      ct_ops_judged(ct_judge_coal_4(&R, &j), CT_C_COAL4, &res, check))
    return res;
  if (ct_coalesce(&R, &R2, &e) != CT_OK || !ct_l_equal(&R, &R2, 0)) { /* COAL-5 */
    *check = CT_C_COAL5;
    return CT_R_WRONG;
  }
  return res;
}

/* RINV-7: where the definition fixes R, the same function (sizes and every
 * value); where it leaves R free, RINV-1 and RINV-2 (judged) are all it asks. */
CT_FN static int ct_ops_rinv_def(const ct_layout *L, const ct_layout *R) {
  int64_t w[CT_JUDGE_CAP], n, i;
  ct_layout D;
  ct_rinv_def_info info;
  ct_rinv_def_verdict v = ct_right_inverse_def(L, w, CT_JUDGE_CAP, &D, &info);
  ct_leaf_form FR, FD;
  if (v == CT_RINV_DEF_PAST_BOUND) return -1;
  if (v == CT_RINV_DEF_FREE) return 1;
  n = ct_j_size(&D);
  if (n != ct_j_size(R)) return 0;
  ct_lf_init(&FR, R);
  ct_lf_init(&FD, &D);
  for (i = 0; i < n; ++i)
    if (ct_j_at_form(&FR, i) != ct_j_at_form(&FD, i)) return 0;
  return 1;
}

/* RINV-5: a bijection of [0, n) has R of size n with R(L(i)) == i. */
CT_FN static int ct_ops_rinv_5(const ct_ops_flat *f, const ct_layout *R) {
  unsigned seen[(CT_JUDGE_CAP + 31) / 32];
  int64_t i;
  if (f->size > CT_JUDGE_CAP) return -1;
  if (!ct_ops_bijective(f, seen)) return 1;
  if (ct_j_size(R) != f->size) return 0;
  for (i = 0; i < f->size; ++i)
    if (ct_j_at(R, ct_ops_at(f, i)) != i) return 0;
  return 1;
}

/* LINV-4: a bijection of [0, n) has R of size n (with LINV-2, R(L(i)) == i:
 * the inverse, right_inverse's function by RINV-5). */
CT_FN static int ct_ops_linv_4(const ct_ops_flat *f, const ct_layout *R) {
  unsigned seen[(CT_JUDGE_CAP + 31) / 32];
  if (f->size > CT_JUDGE_CAP) return -1;
  return !ct_ops_bijective(f, seen) || ct_j_size(R) == f->size;
}

CT_FN static int ct_ops_rinv(const ct_ops_bounds *b, const ct_ops_flat *f, const ct_layout *L, int *code, int *check) {
  ct_layout R;
  ct_err e;
  ct_judgement j;
  int res = CT_R_OK, x;
  *code = ct_right_inverse(L, &R, &e);
  if (b->mutant == 1 && *code == CT_OK) ct_ops_drop_last(&R);
  if (*code != CT_OK) { /* RINV-6: _1:_0 is always a right inverse */
    *check = CT_C_RINV6;
    return CT_R_CONS;
  }
  if (ct_ops_judged(ct_judge_rinv_1(L, &R, CT_JUDGE_CAP, &j), CT_C_RINV1, &res, check) ||
      ct_ops_judged(ct_judge_rinv_2(L, &R, CT_JUDGE_CAP, &j), CT_C_RINV2, &res, check) ||
      ct_ops_judged(ct_judge_rinv_3(L, &R, CT_JUDGE_CAP, &j), CT_C_RINV3, &res, check) ||
      ct_ops_judged(ct_judge_rinv_4(L, &R, CT_JUDGE_CAP, &j), CT_C_RINV4, &res, check))
    return res;
  if ((x = ct_ops_rinv_5(f, &R)) == 0) {
    *check = CT_C_RINV5;
    return CT_R_WRONG;
  }
  if (x < 0) res = CT_R_UNCHECKED;
  if ((x = ct_ops_rinv_def(L, &R)) == 0) {
    *check = CT_C_RINV7;
    return CT_R_WRONG;
  }
  return x < 0 ? CT_R_UNCHECKED : res;
}

CT_FN static int ct_ops_linv(const ct_ops_bounds *b, const ct_ops_flat *f, const ct_layout *L, int *code, int *check) {
  ct_layout R;
  ct_err e;
  ct_judgement j;
  int res = CT_R_OK, k, neg = 0, x;
  for (k = 0; k < f->n; ++k) neg = neg || (f->s[k] > 1 && f->d[k] < 0);
  *code = ct_left_inverse(L, &R, &e);
  if (b->mutant == 2 && *code == CT_NO_LAYOUT) {
    ct_l_set_int(&R, 1, 0, 0, 0);
    *code = CT_OK;
  }
  if (b->mutant == 4 && *code == CT_OK && f->n >= 2) *code = CT_NO_LAYOUT;
  if (*code == CT_OK) {
    if (neg) { /* INV-NEG: a negative stride is rejected */
      *check = CT_C_INVNEG;
      return CT_R_WRONG;
    }
    if (ct_j_size(&R) != ct_ops_linv_size(f)) {
      *check = CT_C_LINV5;
      return CT_R_WRONG;
    }
    if (ct_ops_judged(ct_judge_linv_1(L, &R, CT_JUDGE_CAP, &j), CT_C_LINV1, &res, check) ||
        ct_ops_judged(ct_judge_linv_2(L, &R, CT_JUDGE_CAP, &j), CT_C_LINV2, &res, check))
      return res;
    if ((x = ct_ops_linv_4(f, &R)) == 0) {
      *check = CT_C_LINV4;
      return CT_R_WRONG;
    }
    if (x < 0) res = CT_R_UNCHECKED;
    if (res == CT_R_OK && ct_ops_linv_exists(f) == 0) { /* the brute force itself, checked by a valid answer */
      *check = CT_C_LBRUTE;
      return CT_R_WRONG;
    }
    return res;
  }
  if (*code == CT_NEGATIVE_STRIDE) { /* a precondition (INV-NEG), right only with a negative stride */
    *check = CT_C_INVNEG;
    return neg ? CT_R_PRECOND : CT_R_WRONG;
  }
  if (neg) { /* NEGATIVE_STRIDE comes first (spec/inverse.md, the codes' order) */
    *check = CT_C_INVNEG;
    return CT_R_WRONG;
  }
  if (*code == CT_UNDECIDED && ct_ops_linv_size(f) > CT_LINV_SEARCH) return CT_R_UNCHECKED; /* past LINV-SEARCH */
  if (*code != CT_NO_LAYOUT) { /* OVERFLOW cannot happen here; UNDECIDED within the search's bound */
    *check = CT_C_LCODE;
    return CT_R_WRONG;
  }
  x = ct_ops_linv_exists(f);
  *check = CT_C_LINV6;
  return x < 0 ? CT_R_UNCHECKED : x ? CT_R_CONS : CT_R_NONE;
}

/* Layout u under operation op: counts, and the case's result (*code, *check). */
CT_FN static int ct_ops_case(const ct_ops_bounds *b, int op, int64_t u, ct_ops_counts *n, int *v, int *rank, int *code,
                             int *check) {
  ct_ops_flat f;
  ct_layout L;
  int res;
  *rank = ct_ops_layout(b, u, v, &f, &L);
  *check = CT_C_NONE;
  *code = CT_OK;
  res = op == CT_OP_COAL ? ct_ops_coal(b, &L, code, check)
        : op == CT_OP_RINV ? ct_ops_rinv(b, &f, &L, code, check)
                           : ct_ops_linv(b, &f, &L, code, check);
  ++n->cases;
  if (*code == CT_OK) ++n->accepted;
  else {
    ++n->rejected;
    ++n->by_code[*code > 0 && *code < CT_OPS_CODES ? *code : 0]; /* 0: no code of ours */
  }
  switch (res) {
    case CT_R_NONE: ++n->rej_none; break;
    case CT_R_PRECOND: ++n->precond; break;
    case CT_R_CONS: ++n->conservative; break;
    case CT_R_WRONG: ++n->wrong; break;
    case CT_R_UNCHECKED: ++n->unchecked; break;
    default: break;
  }
  return res;
}

CT_FN static inline void ct_ops_keep(int op, int res, int code, int check, int rank, const int *v, ct_ops_ex *x) {
  int k;
  x->op = op;
  x->kind = res;
  x->code = code;
  x->check = check;
  x->rank = rank;
  for (k = 0; k < CT_OPS_MAX_RANK; ++k) x->v[k] = k < rank ? v[k] : 0;
}

/* ---- the GPU half ----------------------------------------------------------------------------- */

#define CT_OPS_BLOCK 4096 /* layouts are dealt to shards in blocks */

/* The layout of local index i of shard si of sn, or -1. */
CT_FN static inline int64_t ct_ops_unit(int64_t i, int si, int sn, int64_t units) {
  int64_t u = ((i / CT_OPS_BLOCK) * sn + si) * CT_OPS_BLOCK + i % CT_OPS_BLOCK;
  return u < units ? u : -1;
}

static int64_t ct_ops_local_units(int si, int sn, int64_t units) {
  int64_t nb = (units + CT_OPS_BLOCK - 1) / CT_OPS_BLOCK;
  return si >= nb ? 0 : (nb - si + sn - 1) / sn * CT_OPS_BLOCK;
}

/* One kernel per operation: a warp runs one operation's code, and each has
 * its own stack frame (right_inverse's is the large one). */
template <int OP>
__global__ void ct_k_ops(ct_ops_bounds b, long long i0, long long ni, int si, int sn, long long units,
                         unsigned long long *counts, ct_ops_ex *ex, unsigned *nex) {
  __shared__ unsigned long long sc[CT_OPS_NCOUNT];
  long long i = i0 + (long long)blockIdx.x * blockDim.x + threadIdx.x;
  ct_ops_counts n;
  int k;
  memset(&n, 0, sizeof n);
  for (k = threadIdx.x; k < CT_OPS_NCOUNT; k += blockDim.x) sc[k] = 0;
  __syncthreads();
  if (i < i0 + ni) {
    long long u = ct_ops_unit(i, si, sn, units);
    if (u >= 0) {
      int v[CT_OPS_MAX_RANK], rank, code, check, res = ct_ops_case(&b, OP, u, &n, v, &rank, &code, &check);
      if (res == CT_R_WRONG || res == CT_R_CONS) { /* slots 0..2E-1 */
        unsigned slot = atomicAdd(&nex[0], 1u);
        if (slot < 2 * CT_OPS_EXAMPLES) ct_ops_keep(OP, res, code, check, rank, v, &ex[slot]);
      } else if (res == CT_R_UNCHECKED) { /* slots 2E..3E-1 */
        unsigned slot = atomicAdd(&nex[1], 1u);
        if (slot < CT_OPS_EXAMPLES) ct_ops_keep(OP, res, code, check, rank, v, &ex[2 * CT_OPS_EXAMPLES + slot]);
      }
    }
  }
  {
    const unsigned long long *c = (const unsigned long long *)&n;
    for (k = 0; k < CT_OPS_NCOUNT; ++k)
      if (c[k]) atomicAdd(&sc[k], c[k]);
  }
  __syncthreads();
  for (k = threadIdx.x; k < CT_OPS_NCOUNT; k += blockDim.x)
    if (sc[k]) atomicAdd(&counts[k], sc[k]);
}

/* The kernel's stack: its own frame (the judges' CT_JUDGE_CAP-sized arrays,
 * right_inverse_def's room, inlined), plus room for the reference's calls
 * that stay out of line; at least cpl_sweep's 65536. */
template <int OP>
static size_t ct_ops_stack_bytes(void) {
  cudaFuncAttributes a;
  size_t s;
  CT_CUDA(cudaFuncGetAttributes(&a, ct_k_ops<OP>));
  s = a.localSizeBytes + 32768;
  return s < 65536 ? 65536 : s;
}

/* ---- options, runs, reports -------------------------------------------------------------------- */

typedef struct {
  ct_ops_bounds b;
  int ops[CT_OPS_NOPS], host, procs, threads, shard_i, shard_n;
  long long batch;
  const char *tsv;
} ct_ops_opts;

typedef struct {
  ct_ops_counts counts;
  std::vector<ct_ops_ex> ex;
  double seconds;
} ct_ops_run;

static const char ct_ops_usage[] =
    "usage: ct_ops_sweep [options]\n"
    "  exhaustive sweeps of coalesce, right_inverse and left_inverse on every flat layout\n"
    "  of rank 1..R, shapes 1..S, strides D..D (each judged at every index; rejections\n"
    "  classified by brute force). Exit 1 on a wrong or conservative case.\n"
    "  --r R               ranks 1..R (4; at most 4)\n"
    "  --smax S            shapes 1..S (8)\n"
    "  --dlo D --dhi D     strides D..D (0, 16; negative allowed)\n"
    "  --op OP             coalesce|right_inverse|left_inverse|all (all)\n"
    "  --host              run on the host's cores instead of the GPU\n"
    "  --procs P           host processes (every core)\n"
    "  --shard I/N         the I-th of N shards (also TEST_SHARD_INDEX/TEST_TOTAL_SHARDS)\n"
    "  --threads T         GPU threads per block (128)\n"
    "  --batch N           layouts per kernel launch (1048576)\n"
    "  --tsv FILE          the results as key<TAB>value lines (device/run_gpu.sh)\n"
    "  --mutant N          TEST ONLY: perturb the reference's answers so the check must fail:\n"
    "                      1 right_inverse's last mode dropped, 2 left_inverse's NO_LAYOUT\n"
    "                      answered _1:_0, 3 coalesce returns its input as it is, 4 left_inverse\n"
    "                      rejects (NO_LAYOUT) every L of rank >= 2 (1-3: wrong; 4: conservative)\n"
    "  --help              this text\n";

static void ct_ops_parse(int argc, char **argv, ct_ops_opts *o) {
  int k;
  memset(o, 0, sizeof *o);
  o->b.r = 4;
  o->b.smax = 8;
  o->b.dlo = 0;
  o->b.dhi = 16;
  o->ops[0] = o->ops[1] = o->ops[2] = 1;
  o->procs = (int)sysconf(_SC_NPROCESSORS_ONLN);
  o->threads = 128;
  o->batch = 1 << 20;
  o->shard_n = 1;
  ct_bazel_shard(&o->shard_i, &o->shard_n);
  for (k = 1; k < argc; ++k) {
    const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : 0;
#define CT_ARG(name) (strcmp(a, name) == 0 && v && (++k, 1))
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(ct_ops_usage, stdout);
      exit(0);
    } else if (CT_ARG("--r")) o->b.r = atoi(v);
    else if (CT_ARG("--smax")) o->b.smax = atoi(v);
    else if (CT_ARG("--dlo")) o->b.dlo = atoi(v);
    else if (CT_ARG("--dhi")) o->b.dhi = atoi(v);
    else if (CT_ARG("--mutant")) o->b.mutant = atoi(v);
    else if (strcmp(a, "--host") == 0) o->host = 1;
    else if (CT_ARG("--procs")) o->procs = atoi(v);
    else if (CT_ARG("--threads")) o->threads = atoi(v);
    else if (CT_ARG("--batch")) o->batch = strtoll(v, 0, 0);
    else if (CT_ARG("--tsv")) o->tsv = v;
    else if (CT_ARG("--op")) {
      int i, any = strcmp(v, "all") == 0;
      for (i = 0; i < CT_OPS_NOPS; ++i) o->ops[i] = any || strcmp(v, ct_op_names[i]) == 0;
      if (!any && !o->ops[0] && !o->ops[1] && !o->ops[2])
        ct_die("unknown --op '%s' (coalesce|right_inverse|left_inverse|all)", v);
    } else if (CT_ARG("--shard")) {
      if (sscanf(v, "%d/%d", &o->shard_i, &o->shard_n) != 2 || o->shard_n < 1 || o->shard_i < 0 ||
          o->shard_i >= o->shard_n)
        ct_die("bad --shard '%s' (I/N with 0 <= I < N)", v);
    } else ct_die("unknown option or missing value '%s'\n%s", a, ct_ops_usage);
#undef CT_ARG
  }
  if (o->b.r < 1 || o->b.r > CT_OPS_MAX_RANK) ct_die("--r must be in 1..%d", CT_OPS_MAX_RANK);
  if (o->b.smax < 1 || o->b.smax > 16) ct_die("--smax must be in 1..16");
  if (o->b.dlo > o->b.dhi || o->b.dlo < -64 || o->b.dhi > 64) ct_die("strides must lie in -64..64 (dlo <= dhi)");
  if (o->b.mutant < 0 || o->b.mutant > 4) ct_die("--mutant must be 0..4");
  if (o->procs < 1) o->procs = 1;
  if (o->threads < 32 || o->threads > 1024) ct_die("--threads must be in 32..1024");
  if (o->batch < 1024) o->batch = 1024;
  {
    double s = 1;
    int r;
    for (r = 0; r < o->b.r; ++r) s *= o->b.smax;
    if (s > CT_JUDGE_CAP)
      fprintf(stderr, CT_PROG ": note: sizes up to %.0f exceed CT_JUDGE_CAP %d: those cases go unchecked\n", s,
              CT_JUDGE_CAP);
  }
}

static void ct_ops_add(ct_ops_counts *a, const ct_ops_counts *b) {
  unsigned long long *x = (unsigned long long *)a;
  const unsigned long long *y = (const unsigned long long *)b;
  int k;
  for (k = 0; k < CT_OPS_NCOUNT; ++k) x[k] += y[k];
}

static void ct_ops_run_gpu(const ct_ops_opts *o, int op, ct_ops_run *run) {
  int64_t units = ct_ops_num(&o->b), nl = ct_ops_local_units(o->shard_i, o->shard_n, units), done = 0;
  unsigned long long *dc;
  ct_ops_ex *dex, ex[3 * CT_OPS_EXAMPLES];
  unsigned *dnex, nex[2] = {0, 0};
  double t0, last;
  size_t stack = op == CT_OP_COAL ? ct_ops_stack_bytes<CT_OP_COAL>()
                 : op == CT_OP_RINV ? ct_ops_stack_bytes<CT_OP_RINV>()
                                    : ct_ops_stack_bytes<CT_OP_LINV>();
  /* The judges keep CT_JUDGE_CAP-sized arrays on the stack; the default limit is far smaller. */
  CT_CUDA(cudaDeviceSetLimit(cudaLimitStackSize, stack));
  fprintf(stderr, CT_PROG ": %s: stack limit %zu bytes per thread\n", ct_op_names[op], stack);
  CT_CUDA(cudaMalloc(&dc, sizeof(ct_ops_counts)));
  CT_CUDA(cudaMalloc(&dex, sizeof ex));
  CT_CUDA(cudaMalloc(&dnex, sizeof nex));
  CT_CUDA(cudaMemset(dc, 0, sizeof(ct_ops_counts)));
  CT_CUDA(cudaMemset(dnex, 0, sizeof nex));
  CT_CUDA(cudaDeviceSynchronize());
  t0 = last = ct_now();
  while (done < nl) {
    long long n = nl - done < o->batch ? nl - done : o->batch;
    unsigned blocks = (unsigned)((n + o->threads - 1) / o->threads);
    if (op == CT_OP_COAL)
      ct_k_ops<CT_OP_COAL><<<blocks, o->threads>>>(o->b, done, n, o->shard_i, o->shard_n, units, dc, dex, dnex);
    else if (op == CT_OP_RINV)
      ct_k_ops<CT_OP_RINV><<<blocks, o->threads>>>(o->b, done, n, o->shard_i, o->shard_n, units, dc, dex, dnex);
    else
      ct_k_ops<CT_OP_LINV><<<blocks, o->threads>>>(o->b, done, n, o->shard_i, o->shard_n, units, dc, dex, dnex);
    CT_CUDA(cudaGetLastError());
    CT_CUDA(cudaDeviceSynchronize());
    done += n;
    if (ct_now() - last >= 10 && done < nl) {
      last = ct_now();
      fprintf(stderr, CT_PROG ": %s: %lld of %lld layouts, %.0f s, %.3g cases/s\n", ct_op_names[op], (long long)done,
              (long long)nl, last - t0, done / (last - t0));
    }
  }
  run->seconds = ct_now() - t0;
  CT_CUDA(cudaMemcpy(&run->counts, dc, sizeof(ct_ops_counts), cudaMemcpyDeviceToHost));
  CT_CUDA(cudaMemcpy(nex, dnex, sizeof nex, cudaMemcpyDeviceToHost));
  CT_CUDA(cudaMemcpy(ex, dex, sizeof ex, cudaMemcpyDeviceToHost));
  for (unsigned m = 0; m < nex[0] && m < 2 * CT_OPS_EXAMPLES; ++m) run->ex.push_back(ex[m]);
  for (unsigned m = 0; m < nex[1] && m < CT_OPS_EXAMPLES; ++m) run->ex.push_back(ex[2 * CT_OPS_EXAMPLES + m]);
  CT_CUDA(cudaFree(dc));
  CT_CUDA(cudaFree(dex));
  CT_CUDA(cudaFree(dnex));
}

typedef struct { /* shared with the host workers */
  ct_ops_counts counts;
  ct_ops_ex ex[3 * CT_OPS_EXAMPLES]; /* wrong and conservative, then unchecked */
  int nex, nun;
} ct_ops_slot;

static void ct_ops_run_host(const ct_ops_opts *o, int op, ct_ops_run *run) {
  int64_t units = ct_ops_num(&o->b), nl = ct_ops_local_units(o->shard_i, o->shard_n, units);
  int w, nw = o->procs;
  ct_ops_slot *slots;
  double t0 = ct_now();
  slots = ct_fork_run<ct_ops_slot>(nw, [&](int w, ct_ops_slot *s) {
    int64_t i;
    for (i = w; i < nl; i += nw) { /* interleaved: the ranks' costs spread over the workers */
      int64_t u = ct_ops_unit(i, o->shard_i, o->shard_n, units);
      int v[CT_OPS_MAX_RANK], rank, code, check, res;
      if (u < 0) continue;
      res = ct_ops_case(&o->b, op, u, &s->counts, v, &rank, &code, &check);
      if ((res == CT_R_WRONG || res == CT_R_CONS) && s->nex < 2 * CT_OPS_EXAMPLES)
        ct_ops_keep(op, res, code, check, rank, v, &s->ex[s->nex++]);
      else if (res == CT_R_UNCHECKED && s->nun < CT_OPS_EXAMPLES)
        ct_ops_keep(op, res, code, check, rank, v, &s->ex[2 * CT_OPS_EXAMPLES + s->nun++]);
    }
  });
  memset(&run->counts, 0, sizeof run->counts);
  for (w = 0; w < nw; ++w) {
    int m;
    ct_ops_add(&run->counts, &slots[w].counts);
    for (m = 0; m < slots[w].nex; ++m) run->ex.push_back(slots[w].ex[m]);
    for (m = 0; m < slots[w].nun; ++m) run->ex.push_back(slots[w].ex[2 * CT_OPS_EXAMPLES + m]);
  }
  run->seconds = ct_now() - t0;
  ct_fork_free(slots, nw);
}

/* One example: the layout, the reference's answer, the check, a line to paste. */
static void ct_ops_show(const ct_ops_bounds *b, const ct_ops_ex *x) {
  ct_ops_flat f;
  ct_layout L, R;
  ct_err e;
  ct_code code;
  int v[CT_OPS_MAX_RANK];
  char l[512], r[512];
  int64_t u = 0, per = ct_ops_per(b), p = 1, k;
  for (k = 1; k < x->rank; ++k) { /* back to the index: the ranks below, then the digits */
    p *= per;
    u += p;
  }
  for (k = x->rank - 1, p = 0; k >= 0; --k) p = p * per + x->v[k];
  ct_ops_layout(b, u + p, v, &f, &L);
  ct_print_layout(&L, l, sizeof l);
  code = x->op == CT_OP_COAL ? ct_coalesce(&L, &R, &e) : x->op == CT_OP_RINV ? ct_right_inverse(&L, &R, &e)
                                                                             : ct_left_inverse(&L, &R, &e);
  if (code == CT_OK) ct_print_layout(&R, r, sizeof r);
  else snprintf(r, sizeof r, "! %s", ct_code_name(code));
  printf("  %s %s(%s) %s%s%s: %s\n",
         x->kind == CT_R_WRONG ? "WRONG" : x->kind == CT_R_CONS ? "CONSERVATIVE" : "unchecked", ct_op_names[x->op], l,
         code == CT_OK ? "= " : "", r, b->mutant ? " (reference's; the mutant's differs)" : "",
         ct_ops_checks[x->check]);
  printf("    cuteref eval '%s(%s)'\n", ct_op_names[x->op], l);
}

int main(int argc, char **argv) {
  ct_ops_opts o;
  ct_ops_run runs[CT_OPS_NOPS];
  const char *device = "host";
  char dev_name[256];
  int op, k, bad = 0, all_unchecked = 1, any = 0, tsv_started = 0;
  int64_t units;
  setvbuf(stdout, 0, _IOLBF, 0);
  ct_ops_parse(argc, argv, &o);
  units = ct_ops_num(&o.b);
  printf("ops sweep: flat layouts of rank 1..%d, shapes 1..%d, strides %d..%d (%lld values per mode, %lld layouts); "
         "shard %d/%d%s\n",
         o.b.r, o.b.smax, o.b.dlo, o.b.dhi, (long long)ct_ops_per(&o.b), (long long)units, o.shard_i, o.shard_n,
         o.b.mutant ? "; MUTANT (test only)" : "");
  printf("  judged at every index (CT_JUDGE_CAP %d); rejections classified by brute force\n", CT_JUDGE_CAP);
  if (!o.host) {
    int n = 0;
    cudaError_t err = cudaGetDeviceCount(&n);
    cudaDeviceProp prop;
    if (err != cudaSuccess || n == 0) {
      fprintf(stderr, CT_PROG ": no CUDA device (%s); use --host to sweep on the CPU\n",
              err != cudaSuccess ? cudaGetErrorString(err) : "0 devices");
      return 4;
    }
    CT_CUDA(cudaGetDeviceProperties(&prop, 0));
    snprintf(dev_name, sizeof dev_name, "%s", prop.name);
    device = dev_name;
  } else {
    snprintf(dev_name, sizeof dev_name, "host, %d processes", o.procs);
    device = dev_name;
  }
  for (op = 0; op < CT_OPS_NOPS; ++op) {
    ct_ops_run *run = &runs[op];
    const ct_ops_counts *c = &run->counts;
    double rate;
    memset(&run->counts, 0, sizeof run->counts);
    run->seconds = 0;
    if (!o.ops[op]) continue;
    any = 1;
    if (o.host) ct_ops_run_host(&o, op, run);
    else ct_ops_run_gpu(&o, op, run);
    rate = run->seconds > 0 ? c->cases / run->seconds : 0;
    printf("%s: cases %llu in %.2f s (%s): %.3g cases/s\n", ct_op_names[op], c->cases, run->seconds, device, rate);
    printf("  accepted %llu, rejected %llu: no answer %llu, precondition %llu\n", c->accepted, c->rejected, c->rej_none,
           c->precond);
    for (k = 1; k < CT_OPS_CODES; ++k)
      if (c->by_code[k]) printf("  rejected with %-22s %llu\n", ct_code_name((ct_code)k), c->by_code[k]);
    printf("  %s conservative %llu\n  %s wrong %llu\n  %s unchecked %llu\n", ct_op_names[op], c->conservative,
           ct_op_names[op], c->wrong, ct_op_names[op], c->unchecked);
    { /* the wrong and conservative cases first, then a few unchecked ones */
      int shown = 0, pass;
      for (pass = 0; pass < 2; ++pass)
        for (k = 0; k < (int)run->ex.size(); ++k)
          if ((run->ex[k].kind == CT_R_UNCHECKED) == pass && shown < CT_OPS_EXAMPLES - 4 * pass) {
            ct_ops_show(&o.b, &run->ex[k]);
            ++shown;
          }
    }
    bad = bad || c->wrong || c->conservative;
    all_unchecked = all_unchecked && c->unchecked == c->cases;
    if (o.tsv) {
      FILE *f = fopen(o.tsv, tsv_started++ ? "a" : "w");
      if (!f) ct_die("cannot write %s", o.tsv);
      fprintf(f, "op\t%s\nbounds\trank 1..%d, shapes 1..%d, strides %d..%d\nshard\t%d/%d\n", ct_op_names[op], o.b.r,
              o.b.smax, o.b.dlo, o.b.dhi, o.shard_i, o.shard_n);
      fprintf(f, "cases\t%llu\naccepted\t%llu\nrejected\t%llu\nrejected_no_answer\t%llu\nrejected_precondition\t%llu\n",
              c->cases, c->accepted, c->rejected, c->rej_none, c->precond);
      for (k = 1; k < CT_OPS_CODES; ++k)
        if (c->by_code[k]) fprintf(f, "rejected_%s\t%llu\n", ct_code_name((ct_code)k), c->by_code[k]);
      fprintf(f, "conservative\t%llu\nwrong\t%llu\nunchecked\t%llu\nseconds\t%.3f\nrate\t%.4g\ndevice\t%s\n",
              c->conservative, c->wrong, c->unchecked, run->seconds, rate, device);
      fclose(f);
    }
  }
  if (!any) all_unchecked = 0;
  printf("verdict: %s\n", bad            ? "FAILURES (wrong answers or conservative rejections)"
                          : all_unchecked ? "NOTHING CHECKED (every case past a bound)"
                                          : "ok: 0 wrong, 0 conservative");
  return bad || all_unchecked ? 1 : 0;
}
