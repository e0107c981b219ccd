/* ct_sweep.h -- the exhaustive composition sweep: every pair (A, B) of flat
 * layouts within bounds, composed by the reference's own core
 * (ref/composition.h, ct_comp_flat: the code ct_composition runs on B's
 * leaves, with ref/carry.c), and every answer and every rejection checked
 * exactly by criteria that share no code with it (below). CT_FN: the GPU
 * kernel and the host loop run this same code (device/sweep.cu).
 *
 * Pairs. A has rank 1..ra (or exactly ra), B rank 1..rb (or exactly rb),
 * every mode s:d with s in [1, smax], d in [dlo, dhi]; a mode's digit is
 * v = (s-1)*(dhi-dlo+1) + (d-dlo). A is the outer index. The pairs are cut
 * into units: one A and all of B's modes but mode 0 fixed; a unit runs B's
 * mode 0 through all its values.
 *
 * The check of an accepted pair (R_i the modes the core gives leaf i = s_i:d_i):
 *   COMP-1  every R_i has size s_i (R is B's nesting with leaves refined);
 *   COMP-2  R(c) == Â(B(c)) for every coordinate c of B, i.e. for every
 *           i < size(B). Done exactly without visiting the size(B) points:
 *
 * Theorem. Let A = (a0, a1):(e0, e1) be flat of rank 2 (rank 1: a0 = 1 and
 * e1 = e0), its modes of size 1 dropped (Â extends coalesce(A), COMP-EXT),
 * and K = e1 - a0*e0, so that Â(x) = e0*x + K*floor(x/a0) (the
 * colexicographic split of crd2idx, the last mode not reduced). For B flat
 * with modes s_i:d_i write x_i = c_i*d_i and r_i(c_i) = x_i mod a0 in
 * [0, a0). Then, since floor(sum x_i / a0) = sum floor(x_i / a0)
 * + floor(sum r_i / a0),
 *     Â(B(c)) = sum_i Â(c_i d_i) + K * W(c),  W(c) = floor(sum_i r_i(c_i) / a0).
 * R(c) = sum_i R_i(c_i) whenever COMP-1 holds. So COMP-2 holds for all c iff
 *   (a) R_i(j) == Â(j*d_i) for every i and j < s_i, and
 *   (b) K == 0, or sum_i max_j r_i(j) < a0 (then W == 0 on the whole box).
 * Proof. (a) and (b) give R(c) = sum_i Â(c_i d_i) = Â(B(c)). Conversely, at
 * c = j*e_i (one non-zero coordinate) W = floor(r_i(j)/a0) = 0 and R_k(0) =
 * Â(0) = 0, so COMP-2 there is (a). Then COMP-2 everywhere says K*W == 0;
 * W reaches floor(sum_i max_j r_i / a0) at the coordinate that maximizes each
 * r_i separately, so K == 0 or that maximum is 0, which is (b). []
 * The cost is sum_i s_i evaluations instead of prod_i s_i. For A of rank 3
 * or more the sweep visits every c instead (ct_sweep_brute_values).
 *
 * A rejected pair (an error code) is classified: does a correct answer
 * exist at all, i.e. a layout R compatible with B (mode i of size s_i, any
 * nesting inside) with R(c) == Â(B(c)) for every c? By the same argument it
 * exists iff F(c) = Â(B(c)) is a sum of one function per coordinate, which is
 * (b) above, and each f_i(j) = Â(j*d_i), j < s_i, is the function of some
 * layout of size s_i (ct_sweep_realizable: greedy on the coalesced form,
 * which is canonical). "rejected, no answer exists" is what COMP-8 asks;
 * "rejected, an answer exists" is a conservative rejection, counted, shown
 * and (since issue 14) a failure of device/sweep_host_test.sh and of
 * run_gpu.sh's verdict; UNDECIDED (COMP-SEARCH) is counted apart. With
 * --brute both criteria are also decided by brute force (every c; every
 * factorization of s_i) and the accepted answer is rebuilt by
 * ct_composition on the layouts and evaluated point by point; any
 * disagreement is counted as a failure. */
#ifndef CT_SWEEP_H
#define CT_SWEEP_H

#include "ref/composition.h"

#define CT_SWEEP_MAX_RANK 4 /* of B; A's is at most CT_SWEEP_MAX_RANK too */
#define CT_SWEEP_MAX_SHAPE 16
#define CT_SWEEP_MAX_STRIDE 64
#define CT_SWEEP_CODES ((int)CT_NUM_CODES) /* rejections are counted per code (the word keeps 6 bits: < 64) */
#define CT_SWEEP_EXAMPLES 16 /* failures and conservative rejections kept */
#define CT_SWEEP_LEAF_MODES 4 /* R's modes for one leaf of B: size <= 16, modes of size >= 2 */

/* R's modes for one leaf of B (small, unlike ct_modes: the kernel's stack). */
typedef struct {
  int n;
  ct_mode m[CT_SWEEP_LEAF_MODES];
} ct_sweep_leaf;

typedef struct {
  int ra, rb;        /* ranks of A and B: 1..ra, 1..rb */
  int exact;         /* ranks exactly ra and rb (the 136^5 count) */
  int smax, dlo, dhi;
  int brute;         /* also decide everything by brute force */
  int mutant;        /* test only (sweep.cu --mutant): a wrong fast form */
} ct_sweep_bounds;

typedef struct {
  unsigned long long pairs, accepted, failures, rejected, rej_no_answer, rej_answer_exists;
  unsigned long long by_code[CT_SWEEP_CODES];
  unsigned long long undecided; /* UNDECIDED (COMP-SEARCH): neither accepted nor rejected */
  /* the fast form's sample (device/sweep_fast.h): pairs run by the reference
   * too, those where the two differ, those rejected by both with other codes,
   * and the reference's own answers there that break COMP-1/2 or COMP-8 */
  unsigned long long sample_pairs, sample_differ, sample_code_differ, sample_ref_wrong;
} ct_sweep_counts;

/* A pair, as an example: A's and B's digits. */
typedef struct {
  int ra, rb, kind; /* kind: 1 failure, 2 conservative rejection */
  int code;
  int va[CT_SWEEP_MAX_RANK], vb[CT_SWEEP_MAX_RANK];
} ct_sweep_pair;

CT_FN static inline int ct_sweep_per(const ct_sweep_bounds *b) { return b->smax * (b->dhi - b->dlo + 1); }

/* Layouts of rank lo..hi over per digits: sum of per^r. */
CT_FN static inline int64_t ct_sweep_count_ranks(int64_t per, int lo, int hi) {
  int64_t t = 0, p = 1;
  int r;
  for (r = 1; r <= hi; ++r) {
    p *= per;
    if (r >= lo) t += p;
  }
  return t;
}

CT_FN static inline int64_t ct_sweep_num_a(const ct_sweep_bounds *b) {
  return ct_sweep_count_ranks(ct_sweep_per(b), b->exact ? b->ra : 1, b->ra);
}
/* B's "tails": modes 1..r-1, over the ranks of B. */
CT_FN static inline int64_t ct_sweep_num_tails(const ct_sweep_bounds *b) {
  int64_t per = ct_sweep_per(b);
  return b->exact ? ct_sweep_count_ranks(per, b->rb - 1, b->rb - 1) + (b->rb == 1 ? 1 : 0)
                  : 1 + ct_sweep_count_ranks(per, 1, b->rb - 1);
}
CT_FN static inline int64_t ct_sweep_num_units(const ct_sweep_bounds *b) {
  return ct_sweep_num_a(b) * ct_sweep_num_tails(b);
}
CT_FN static inline int64_t ct_sweep_num_pairs(const ct_sweep_bounds *b) {
  return ct_sweep_num_units(b) * (int64_t)ct_sweep_per(b);
}

/* idx-th layout of rank lo..hi: its rank and digits. */
CT_FN static inline int ct_sweep_decode(int64_t idx, int64_t per, int lo, int *v) {
  int r = lo, k;
  int64_t block = 1;
  for (k = 0; k < lo; ++k) block *= per;
  while (idx >= block) {
    idx -= block;
    block *= per;
    ++r;
  }
  for (k = 0; k < r; ++k) {
    v[k] = (int)(idx % per);
    idx /= per;
  }
  return r;
}

CT_FN static inline void ct_sweep_mode(const ct_sweep_bounds *b, int v, int *s, int *d) {
  int nd = b->dhi - b->dlo + 1;
  *s = 1 + v / nd;
  *d = b->dlo + v % nd;
}

/* floor(x / a) and x mod a in [0, a), a > 0 (negative strides in B). */
CT_FN static inline int64_t ct_sweep_fdiv(int64_t x, int64_t a) {
  int64_t q = x / a;
  return (x % a != 0 && x < 0) ? q - 1 : q;
}

/* Â(x) of a flat A: its modes of size > 1 (1:0 if none), the last one not
 * reduced, which is the extension of coalesce(A) (COMP-EXT: merging
 * neighbours does not change it). Below 0, Â is the linear extension where
 * Â is linear on x >= 0 (as the reference reads an A that prepares to one
 * mode) and undefined elsewhere. */
typedef struct {
  int n, lin;
  int64_t s[CT_SWEEP_MAX_RANK], d[CT_SWEEP_MAX_RANK]; /* the modes Â reads */
  int64_t K;                                            /* n <= 2: Â(x) = d0*x + K*floor(x/s0) for x >= 0 */
  int rn;
  int64_t rs[CT_SWEEP_MAX_RANK], rd[CT_SWEEP_MAX_RANK]; /* A's modes as written (the brute check's A) */
} ct_sweep_a;

/* The flat modes s:d (n of them) at j, colexicographic, the last mode not
 * reduced (so past the size it extends). */
CT_FN static inline int64_t ct_sweep_colex(const int64_t *s, const int64_t *d, int n, int64_t j) {
  int k;
  int64_t v = 0;
  for (k = 0; k + 1 < n; ++k) {
    v += (j % s[k]) * d[k];
    j /= s[k];
  }
  return n > 0 ? v + j * d[n - 1] : v;
}

CT_FN static inline int64_t ct_sweep_ahat_pos(const ct_sweep_a *A, int64_t x) {
  return ct_sweep_colex(A->s, A->d, A->n, x);
}

CT_FN static inline int64_t ct_sweep_ahat(const ct_sweep_a *A, int64_t x, int *ok) {
  if (x >= 0) return ct_sweep_ahat_pos(A, x);
  if (A->lin) return x * ct_sweep_ahat_pos(A, 1);
  *ok = 0;
  return 0;
}

/* need_lin: B has negative strides, so whether Â is linear matters. Â is
 * linear iff Â(x) == x*Â(1) up to x = s0*...*s(n-2) (beyond, the top digit
 * repeats the pattern). */
CT_FN static inline void ct_sweep_a_init(ct_sweep_a *A, int n, const int *s, const int *d, int need_lin) {
  int k;
  A->n = 0;
  A->rn = n;
  for (k = 0; k < n; ++k) {
    A->rs[k] = s[k];
    A->rd[k] = d[k];
    if (s[k] == 1) continue; /* COMP-EXT: a size-1 mode never carries Â, the last one neither */
    A->s[A->n] = s[k];
    A->d[A->n++] = d[k];
  }
  if (A->n == 0) { /* size 1: Â = 0, as 1:0's */
    A->s[0] = 1;
    A->d[0] = 0;
    A->n = 1;
  }
  A->K = A->n >= 2 ? A->d[1] - A->s[0] * A->d[0] : 0;
  if (A->n <= 2) {
    A->lin = A->K == 0 || A->s[0] == 1;
  } else {
    int64_t P = 1, x, g;
    for (k = 0; k + 1 < A->n; ++k) P *= A->s[k];
    A->lin = 1;
    g = ct_sweep_ahat_pos(A, 1);
    for (x = 0; need_lin && x <= P && A->lin; ++x) A->lin = ct_sweep_ahat_pos(A, x) == x * g;
    if (!need_lin) A->lin = 0;
  }
}

/* Value of the flat modes m at j. */
CT_FN static inline int64_t ct_sweep_eval_modes(const ct_sweep_leaf *m, int64_t j) {
  int k;
  int64_t v = 0;
  for (k = 0; k + 1 < m->n; ++k) {
    v += (j % m->m[k].s) * m->m[k].d;
    j /= m->m[k].s;
  }
  return m->n > 0 ? v + j * m->m[m->n - 1].d : v;
}

/* The reference's composition of A (prepared once per unit: h) with B's
 * modes bs:bd, through ct_comp_flat (ref/composition.h), the core
 * ct_composition runs on B's leaves: leaf i of R in r[i] (s_i:0 when the
 * box has no mode of it). Dynamic marks: the sweep compares functions. */
CT_FN static inline ct_code ct_sweep_compose(const ct_ahat *h, int rb, const int *bs, const int *bd,
                                             ct_sweep_leaf *r, ct_err *e) {
  ct_modes bl;
  ct_box x;
  int i, m = 0;
  bl.n = 0;
  for (i = 0; i < rb; ++i) ct_modes_push(&bl, bs[i], 0, bd[i], 0);
  CT_TRY(ct_comp_flat(h, &bl, &x, e));
  for (i = 0; i < rb; ++i) {
    r[i].n = 0;
    for (; m < x.n && x.leaf[m] == i; ++m) {
      if (r[i].n == CT_SWEEP_LEAF_MODES) return CT_FAIL(e, CT_CAPACITY, "sweep: a leaf with more than 4 modes");
      r[i].m[r[i].n].s = x.t[m];
      r[i].m[r[i].n++].d = x.v[m];
    }
    if (r[i].n == 0) { /* s:0 */
      r[i].m[0].s = bs[i];
      r[i].m[0].d = 0;
      r[i].n = 1;
    }
  }
  return CT_OK;
}

/* A's modes prepared as composition reads them (COMP-PREP). */
CT_FN static inline void ct_sweep_prepare(int ra, const int *as, const int *ad, ct_ahat *h) {
  ct_modes raw, prep;
  int k, st;
  raw.n = 0;
  for (k = 0; k < ra; ++k) ct_modes_push(&raw, as[k], 0, ad[k], 0);
  ct_comp_prepare_modes(&raw, &prep, &st);
  (void)ct_ahat_init(&prep, h); /* at most CT_SWEEP_MAX_RANK + 1 digits: fits CT_COMP_MODES */
}

/* Is f[0..s) (f[0] == 0) the function of some layout of size s? Greedy on
 * the coalesced form, which is canonical (spec/coalesce.md): its first mode
 * t:w has w = f(1) and t = the first j with f(j) != j*w (or s); then t | s,
 * f(j) = f(j mod t) + f(t*(j div t)), and the rest of the form realizes
 * g(q) = f(t*q). Each level is checked, so success proves realizability and
 * a layout's canonical form is always found. The layout goes to out if given. */
CT_FN static inline int ct_sweep_realizable(const int64_t *f, int s, ct_modes *out) {
  int P = 1;
  if (out) out->n = 0;
  while (P < s) {
    int n = s / P, t = 1, q;
    int64_t w = f[P];
    while (t < n && f[P * t] == (int64_t)t * w) ++t;
    if (n % t != 0) return 0;
    for (q = t; q < n; ++q)
      if (f[P * q] != f[P * (q % t)] + f[P * t * (q / t)]) return 0;
    if (out) ct_modes_push(out, t, 0, w, 0);
    P *= t;
  }
  if (out && out->n == 0) ct_modes_push(out, 1, 0, 0, 0);
  return 1;
}

/* Brute force: some chain 1 = P_0 | P_1 | ... | P_k = s of divisors gives the
 * layout (P_1/P_0, ...):(f(P_0), ...) and it matches f everywhere. */
CT_FN static inline int ct_sweep_realizable_brute(const int64_t *f, int s) {
  int divs[CT_SWEEP_MAX_SHAPE], nd = 0, d, mask;
  for (d = 2; d < s; ++d)
    if (s % d == 0) divs[nd++] = d;
  for (mask = 0; mask < (1 << nd); ++mask) {
    int P[CT_SWEEP_MAX_SHAPE + 2], np = 0, k, ok = 1, j;
    P[np++] = 1;
    for (k = 0; k < nd; ++k)
      if (mask & (1 << k)) P[np++] = divs[k];
    if (s > 1) P[np++] = s;
    for (k = 1; k < np && ok; ++k) ok = P[k] % P[k - 1] == 0;
    for (j = 0; j < s && ok; ++j) {
      int64_t v = 0;
      int rest = j;
      for (k = 0; k + 1 < np; ++k) {
        int t = P[k + 1] / P[k];
        v += (int64_t)(k + 2 < np ? rest % t : rest) * f[P[k]];
        rest /= t;
      }
      ok = v == f[j];
    }
    if (ok) return 1;
  }
  return 0;
}

/* Runs over every coordinate c of B (modes bs, bd, rank rb) and tests
 * R(c) == Â(B(c)) (R given by leaves r; r == 0: tests that Â(B(c)) is the sum
 * of the f_i given in f[i*CT_SWEEP_MAX_SHAPE + j]). Returns 1 if all agree. */
CT_FN static inline int ct_sweep_brute_values(const ct_sweep_a *A, int rb, const int *bs, const int *bd,
                                              const ct_sweep_leaf *r, const int64_t *f, int *ok) {
  int c[CT_SWEEP_MAX_RANK] = {0, 0, 0, 0};
  for (;;) {
    int64_t x = 0, want, got = 0;
    int i;
    for (i = 0; i < rb; ++i) x += (int64_t)c[i] * bd[i];
    want = ct_sweep_ahat(A, x, ok);
    for (i = 0; i < rb; ++i) got += r ? ct_sweep_eval_modes(&r[i], c[i]) : f[i * CT_SWEEP_MAX_SHAPE + c[i]];
    if (got != want) return 0;
    for (i = 0; i < rb; ++i) {
      if (++c[i] < bs[i]) break;
      c[i] = 0;
    }
    if (i == rb) return 1;
  }
}

/* f[j] = Â(j*d) for j < s, and max_j (j*d mod s0) (condition (b)); returns
 * 0 where Â is undefined (negative values, Â not linear). Without a
 * division per value: x = j*d is carried as q*s0 + r. */
CT_FN static inline int ct_sweep_leaf_values(const ct_sweep_a *A, int s, int d, int64_t *f, int64_t *rmax) {
  int j;
  *rmax = 0;
  if (A->n > 2) {
    int ok = 1;
    for (j = 0; j < s; ++j) f[j] = ct_sweep_ahat(A, (int64_t)j * d, &ok);
    return ok;
  }
  {
    int64_t a0 = A->s[0], e0 = A->d[0], e1 = A->n == 2 ? A->d[1] : A->d[0];
    int64_t dq = ct_sweep_fdiv(d, a0), dr = d - dq * a0, q = 0, r = 0;
    if (d < 0 && !A->lin && s > 1) return 0;
    for (j = 0; j < s; ++j) {
      f[j] = A->n == 1 ? (int64_t)j * d * e0 : r * e0 + q * e1;
      if (r > *rmax) *rmax = r;
      r += dr;
      q += dq;
      if (r >= a0) {
        r -= a0;
        ++q;
      }
    }
    return 1;
  }
}

/* R_i(j) == f[j] for j < s, R_i the flat modes m (colexicographic), walked
 * with a mixed-radix counter (no division). */
CT_FN static inline int ct_sweep_leaf_matches(const ct_sweep_leaf *m, int s, const int64_t *f) {
  int64_t c[CT_SWEEP_LEAF_MODES], v = 0;
  int j, k;
  if (m->n == 1) {
    for (j = 0; j < s; ++j)
      if (f[j] != (int64_t)j * m->m[0].d) return 0;
    return 1;
  }
  for (k = 0; k < m->n; ++k) c[k] = 0;
  for (j = 0; j < s; ++j) {
    if (f[j] != v) return 0;
    k = 0;
    ++c[0];
    v += m->m[0].d;
    while (k + 1 < m->n && c[k] == m->m[k].s) {
      v -= m->m[k].s * m->m[k].d;
      c[k] = 0;
      ++k;
      ++c[k];
      v += m->m[k].d;
    }
  }
  return 1;
}

/* Checks one accepted pair: COMP-1 and COMP-2 (exactly). 1 if right. */
CT_FN static inline int ct_sweep_check_accepted(const ct_sweep_a *A, int rb, const int *bs, const int *bd,
                                                const ct_sweep_leaf *r) {
  int i, ok = 1;
  int64_t sum_max = 0, f[CT_SWEEP_MAX_SHAPE], rmax;
  for (i = 0; i < rb; ++i) { /* COMP-1 */
    int k;
    int64_t size = 1;
    for (k = 0; k < r[i].n; ++k) size *= r[i].m[k].s;
    if (size != bs[i]) return 0;
  }
  if (A->n > 2) return ct_sweep_brute_values(A, rb, bs, bd, r, 0, &ok) && ok;
  for (i = 0; i < rb; ++i) { /* (a), and max_j r_i(j) for (b) */
    if (!ct_sweep_leaf_values(A, bs[i], bd[i], f, &rmax) || !ct_sweep_leaf_matches(&r[i], bs[i], f)) return 0;
    sum_max += rmax;
  }
  return A->K == 0 || A->s[0] == 1 || sum_max < A->s[0]; /* (b) */
}

/* Does any R compatible with B compute Â o B? (for a rejected pair) 1 yes,
 * 0 no, -1 the fast criterion and brute force disagree (brute only). */
CT_FN static inline int ct_sweep_answer_exists(const ct_sweep_a *A, int rb, const int *bs, const int *bd, int brute) {
  int64_t f[CT_SWEEP_MAX_RANK * CT_SWEEP_MAX_SHAPE], rmax, sum_max = 0;
  int i, defined = 1, fast, real = 1, real_b = 1, ok = 1;
  for (i = 0; i < rb; ++i) {
    int64_t *fi = &f[i * CT_SWEEP_MAX_SHAPE];
    defined = defined && ct_sweep_leaf_values(A, bs[i], bd[i], fi, &rmax);
    sum_max += rmax;
    real = real && defined && ct_sweep_realizable(fi, bs[i], 0);
    if (brute) real_b = real_b && defined && ct_sweep_realizable_brute(fi, bs[i]);
  }
  if (!defined) fast = 0;
  else if (A->n > 2) fast = real && ct_sweep_brute_values(A, rb, bs, bd, 0, f, &ok) && ok;
  else fast = real && (A->K == 0 || A->s[0] == 1 || sum_max < A->s[0]);
  if (brute) {
    int ok2 = 1, slow = defined && real_b && ct_sweep_brute_values(A, rb, bs, bd, 0, f, &ok2) && ok2;
    if (slow != fast) return -1;
  }
  return fast;
}

#endif
