/* sweep_fast.h -- the composition sweep's fast form (issue 43), beside the
 * reference path of ct_sweep.h, for A of rank <= 2 and strides >= 0.
 *
 * Why it is fast. Composition distributes over B's modes (COMP-1: leaf i
 * of R is A o (s_i:d_i), refined); the pairs of the sweep share their
 * leaves: there are 136 leaf values, and every A meets each of them in
 * billions of pairs. So each fact about one leaf is computed once per
 * (A, leaf value) -- by the reference's own core on B = s:d alone
 * (ct_sweep_compose, rank 1) and by the exact criteria of ct_sweep.h -- and
 * packed into a word of a table; a pair then combines its leaves' words.
 *
 * The fast form's answer for (A, B), B = (s_0:d_0, ..., s_r-1:d_r-1):
 *   - some leaf rejected alone: rejected, with the first such leaf's code;
 *   - else, where A has two digits M_0, G_1 = D_1 - M_0*D_0 != 0
 *     (ref/carry.c), the box of all leaves' modes t:b reaches a carry,
 *     sum_m (t_m - 1)*(b_m mod M_0) >= M_0 (COMP-CARRY), where the defect
 *     G_1*floor(L/M_0) is not 0: rejected, NOT_DISJOINT (the leaves cannot
 *     be composed apart);
 *   - else accepted, leaf i being the reference's A o (s_i:d_i).
 * That this is what ct_composition answers on the whole pair is not assumed:
 * a sample of every launch (every S-th warp of units) runs the reference on
 * every pair of the unit and compares the verdict and every leaf of R with
 * the fast form, and each leaf's word with one rebuilt from scratch
 * (ct_fast_compare_unit); one difference fails the run.
 *
 * The checks per pair are ct_sweep.h's, unchanged, with their per-leaf parts
 * memoized: COMP-1 and (a) for each leaf (bit CHECK), condition (b) on the
 * pair from the leaves' max_j (j*d_i mod a0) (rmax, from values: a different
 * computation from the carry above, which reads the box's modes); for a
 * rejection, an answer exists iff every leaf's values are a layout's
 * (bit REAL, ct_sweep_realizable) and (b) holds. */
#ifndef CT_SWEEP_FAST_H
#define CT_SWEEP_FAST_H

#include "device/ct_sweep.h"

/* A leaf's facts, unpacked (the sample rebuilds them with R's modes). */
typedef struct {
  ct_code code;      /* the reference's core on B = s:d alone */
  ct_sweep_leaf r;   /* its leaf of R where accepted */
  int check;         /* COMP-1 and (a): R_i(j) == Â(j*d) for j < s */
  int real;          /* f(j) = Â(j*d) is some layout's function (an answer exists for the leaf) */
  int rmax;          /* max_j (j*d mod a0), the check's (b) */
  int carry;         /* sum over R_i's modes of (t-1)*(b mod M_0), capped at 255: the fast form's carry */
} ct_fleaf;

/* The word: code in bits 0..5, CHECK bit 6, REAL bit 7, rmax 8..15, carry 16..23. */
#define CT_FW_CODE(w) ((int)((w) & 63u))
typedef char ct_fw_code_fits[CT_NUM_CODES <= 64 ? 1 : -1]; /* the word keeps a code in 6 bits */
#define CT_FW_CHECK(w) ((int)(((w) >> 6) & 1u))
#define CT_FW_REAL(w) ((int)(((w) >> 7) & 1u))
#define CT_FW_RMAX(w) ((int)(((w) >> 8) & 255u))
#define CT_FW_CARRY(w) ((int)(((w) >> 16) & 255u))

CT_FN static inline unsigned ct_fleaf_word(const ct_fleaf *f) {
  return (unsigned)f->code | (unsigned)f->check << 6 | (unsigned)f->real << 7 | (unsigned)f->rmax << 8 |
         (unsigned)f->carry << 16;
}

/* What the fast form needs of A: the core's carry limit (M_0 where A has two
 * digits with G_1 != 0, else 0: no carry changes Â) and the check's limit
 * for (b) (a0 where K != 0 and a0 > 1, else 0: (b) holds). */
typedef struct {
  int cross, check;
} ct_fast_a;

CT_FN static inline void ct_fast_a_init(const ct_ahat *h, const ct_sweep_a *A, ct_fast_a *f) {
  f->cross = h->a >= 1 && h->D[1] - h->M[0] * h->D[0] != 0 ? (int)h->M[0] : 0;
  f->check = A->K != 0 && A->s[0] > 1 ? (int)A->s[0] : 0;
}

/* The facts of leaf s:d for A (h: A prepared for the core). */
CT_FN static inline void ct_fleaf_build(const ct_ahat *h, const ct_sweep_a *A, int s, int d, ct_fleaf *f) {
  int64_t fv[CT_SWEEP_MAX_SHAPE], rmax = 0, w = 1, c = 0, size = 1, m0 = h->a >= 1 ? h->M[0] : 1;
  int k, defined;
  ct_err e;
  f->code = ct_sweep_compose(h, 1, &s, &d, &f->r, &e);
  defined = ct_sweep_leaf_values(A, s, d, fv, &rmax);
  f->real = defined && ct_sweep_realizable(fv, s, 0);
  f->rmax = (int)(rmax < 255 ? rmax : 255);
  f->check = 0;
  f->carry = 0;
  if (f->code != CT_OK) return;
  for (k = 0; k < f->r.n; ++k) { /* mode k's B value is d*w, w the product of the sizes below it */
    c += (f->r.m[k].s - 1) * ((int64_t)d * w % m0);
    w *= f->r.m[k].s;
    size *= f->r.m[k].s;
  }
  f->carry = (int)(c < 255 ? c : 255);
  f->check = size == s && defined && ct_sweep_leaf_matches(&f->r, s, fv);
}

/* The tail of a unit (B's leaves 1..r-1) folded: the first code that is not
 * OK, and the sums and conjunctions the pair needs. */
typedef struct {
  int code, check, real, rmax, carry;
} ct_fast_tail;

CT_FN static inline void ct_fast_tail_init(const unsigned *T, int rb, const int *vb, ct_fast_tail *t) {
  int k;
  t->code = CT_OK;
  t->check = t->real = 1;
  t->rmax = t->carry = 0;
  for (k = 1; k < rb; ++k) {
    unsigned w = T[vb[k]];
    if (t->code == CT_OK) t->code = CT_FW_CODE(w);
    t->check &= CT_FW_CHECK(w);
    t->real &= CT_FW_REAL(w);
    t->rmax += CT_FW_RMAX(w);
    t->carry += CT_FW_CARRY(w);
  }
}

/* One pair's verdict and checks from its leaves' words.
 * Returns the fast form's code (CT_OK accepted, CT_UNDECIDED, or the
 * rejection's); *ok: for an accepted pair, COMP-1 and COMP-2 hold; for a
 * rejected one, an answer exists (a conservative rejection). */
CT_FN static inline int ct_fast_pair(const ct_fast_a *fa, unsigned w, const ct_fast_tail *t, int *ok) {
  int code = CT_FW_CODE(w), rsum = CT_FW_RMAX(w) + t->rmax;
  int b_holds = fa->check == 0 || rsum < fa->check;
  if (code == CT_OK) code = t->code;
  if (code == CT_OK && fa->cross && CT_FW_CARRY(w) + t->carry >= fa->cross) code = CT_NOT_DISJOINT;
  if (code == CT_OK) *ok = CT_FW_CHECK(w) && t->check && b_holds;
  else *ok = CT_FW_REAL(w) && t->real && b_holds;
  return code;
}

/* Where the sample and the fast form part, counted by ct_fast_compare_unit. */
typedef struct {
  unsigned long long pairs;      /* pairs compared */
  unsigned long long differ;     /* verdict or a leaf of R differs, or a table word is not its leaf's */
  unsigned long long code_differ; /* both reject, with different codes (reported, not a failure) */
  unsigned long long ref_wrong;  /* the reference's answer breaks COMP-1/COMP-2, or it rejects with an answer */
} ct_fast_sample;

/* Leaf i of R from the whole-pair run and the leaf alone: the same modes. */
CT_FN static inline int ct_fast_same_leaf(const ct_sweep_leaf *a, const ct_sweep_leaf *b) {
  int k;
  if (a->n != b->n) return 0;
  for (k = 0; k < a->n; ++k)
    if (a->m[k].s != b->m[k].s || a->m[k].d != b->m[k].d) return 0;
  return 1;
}

/* The sample: every pair of a unit (A fixed, B's leaves 1.. fixed: vb) by
 * the reference on the whole pair, against the fast form from the table T. */
CT_FN static inline void ct_fast_compare_unit(const ct_sweep_bounds *b, const ct_ahat *h, const ct_sweep_a *A,
                                              const ct_fast_a *fa, const unsigned *T, int rb, int *bs, int *bd,
                                              const int *vb, ct_fast_sample *n) {
  int per = ct_sweep_per(b), v0, k;
  ct_fleaf leaf[CT_SWEEP_MAX_RANK];
  ct_fast_tail t;
  ct_sweep_leaf r[CT_SWEEP_MAX_RANK];
  ct_err e;
  int tail_words_ok = 1;
  ct_fast_tail_init(T, rb, vb, &t);
  for (k = 1; k < rb; ++k) {
    ct_fleaf_build(h, A, bs[k], bd[k], &leaf[k]);
    tail_words_ok = tail_words_ok && ct_fleaf_word(&leaf[k]) == T[vb[k]];
  }
  for (v0 = 0; v0 < per; ++v0) {
    int fast_ok, code, fcode, same;
    ct_sweep_mode(b, v0, &bs[0], &bd[0]);
    ct_fleaf_build(h, A, bs[0], bd[0], &leaf[0]);
    fcode = ct_fast_pair(fa, T[v0], &t, &fast_ok);
    code = ct_sweep_compose(h, rb, bs, bd, r, &e);
    ++n->pairs;
    same = tail_words_ok && ct_fleaf_word(&leaf[0]) == T[v0] && (code == CT_OK) == (fcode == CT_OK) &&
           (code == CT_UNDECIDED) == (fcode == CT_UNDECIDED);
    if (same && code == CT_OK)
      for (k = 0; k < rb; ++k) same = same && ct_fast_same_leaf(&r[k], &leaf[k].r);
    if (!same) ++n->differ;
    else if (code != fcode) ++n->code_differ;
    if (code == CT_OK) {
      if (!ct_sweep_check_accepted(A, rb, bs, bd, r)) ++n->ref_wrong;
    } else if (code != CT_UNDECIDED && ct_sweep_answer_exists(A, rb, bs, bd, 0) != 0) {
      ++n->ref_wrong;
    }
  }
}

#endif
