/* recognize.c -- layout recognition (spec/inverse.md, RECOG): whether a
 * function r on [0, N) with r(0) == 0 is a layout's, and which.
 *
 * RECOG-1: a coalesced layout's first mode s0:d0 has d0 = r(1) and r(i) ==
 * i*d0 exactly for i < s0 (at i = s0 the next mode's stride d1 != s0*d0 is
 * read: no two neighbours of a coalesced layout merge), s0 divides N, and
 * g(j) = r(j*s0) is the function of the rest. So the greedy run of each
 * level, read on the multiples of the steps found so far, gives the only
 * candidate; r is a layout's iff the candidate exists and equals r
 * everywhere (RECOG-2).
 *
 * Here r is the least-index function of a layout L with filter(L)
 * injective: the indices of L whose stride-0 coordinates are 0 carry every
 * value once, and that index is the least of its value. r is read in passes
 * over those indices (values in any order), so no table of N entries is
 * kept: a pass finds one level's run, one more compares the candidate.
 *
 * N, the least value L does not take, and r(1) have a definition (a binary
 * search on counts, ct_rec_least_untaken) and a fast form (one walk marking
 * a 512-bit window, ct_rec_least_untaken_window), which RINV-3/window
 * checks against it case by case; recognition runs the fast form. */
#include "recognize.h"

/* A walk over filter(L)'s coordinates: index j and value v of each. */
typedef struct {
  const ct_modes *c;
  const int64_t *pre;
  int64_t x[CT_MAX_NODES], j, v;
  int done;
} ct_rec_walk;

CT_FN static void ct_rec_start(ct_rec_walk *w, const ct_modes *c, const int64_t *pre) {
  int k;
  w->c = c;
  w->pre = pre;
  w->j = w->v = 0;
  w->done = 0;
  for (k = 0; k < c->n; ++k) w->x[k] = 0;
}

/* The next coordinate, a mixed-radix counter over the modes of non-zero
 * stride (a stride-0 mode keeps its coordinate 0). */
CT_FN static void ct_rec_next(ct_rec_walk *w) {
  int k;
  for (k = 0; k < w->c->n; ++k) {
    const ct_mode *m = &w->c->m[k];
    if (m->d == 0) continue;
    w->j += w->pre[k];
    w->v += m->d;
    if (++w->x[k] < m->s) return;
    w->j -= m->s * w->pre[k];
    w->v -= m->s * m->d;
    w->x[k] = 0;
  }
  w->done = 1;
}

/* How many of the values 0..X-1 L takes (each is carried once). */
CT_FN static int64_t ct_rec_count(const ct_modes *c, const int64_t *pre, int64_t X) {
  ct_rec_walk w;
  int64_t n = 0;
  for (ct_rec_start(&w, c, pre); !w.done; ct_rec_next(&w)) n += w.v >= 0 && w.v < X;
  return n;
}

/* One level's run (RECOG-1): the least t >= 1 with t*P < N and
 * r(t*P) != t*d, and *rt = r(t*P); t = N/P when there is none. */
CT_FN static int64_t ct_rec_run(const ct_modes *c, const int64_t *pre, int64_t N, int64_t P, int64_t d, int64_t *rt) {
  ct_rec_walk w;
  int64_t t = N / P;
  for (ct_rec_start(&w, c, pre); !w.done; ct_rec_next(&w))
    if (w.v > 0 && w.v < N && w.v % P == 0 && w.v / P < t && w.j != (w.v / P) * d) {
      t = w.v / P;
      *rt = w.j;
    }
  return t;
}

/* The least X in [lo, hi] with fewer than X + 1 of the values 0..X taken:
 * the largest X >= lo with every value below X taken, where every value
 * below lo is (a binary search on ct_rec_count). */
CT_FN static int64_t ct_rec_search(const ct_modes *c, const int64_t *pre, int64_t lo, int64_t hi) {
  while (lo < hi) {
    int64_t mid = lo + (hi - lo + 1) / 2;
    if (ct_rec_count(c, pre, mid) == mid) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/* size(filter(L)): L takes no more values. */
CT_FN static int64_t ct_rec_filter_size(const ct_modes *c) {
  int64_t n = 1;
  int k;
  for (k = 0; k < c->n; ++k)
    if (c->m[k].d != 0) n *= c->m[k].s;
  return n;
}

CT_FN void ct_rec_least_untaken(const ct_modes *c, const int64_t *pre, int64_t from, int64_t *N, int64_t *r1) {
  *N = ct_rec_search(c, pre, from, ct_rec_filter_size(c));
  *r1 = -1;
  if (*N > 1) ct_rec_run(c, pre, *N, 1, -1, r1); /* r(1): every t mismatches -1 */
}

/* ---- the fast form ------------------------------------------------------------ */

/* The values in [from, from + CT_REC_WINDOW) that one walk marks in a
 * bitmap: *lo becomes the least value >= from that L does not take when it
 * lies in the window, else from + CT_REC_WINDOW (every value below it is
 * taken). One walk instead of the binary search's O(log N) where N is
 * close to from, as it mostly is; 64 bytes of memory. The same walk reads
 * *r1 = r(1), the first level's stride (-1 if 1 is no value). */
#define CT_REC_WINDOW 512
CT_FN static void ct_rec_window(const ct_modes *c, const int64_t *pre, int64_t from, int64_t *lo, int64_t *r1) {
  uint64_t seen[CT_REC_WINDOW / 64];
  ct_rec_walk w;
  int b;
  for (b = 0; b < CT_REC_WINDOW / 64; ++b) seen[b] = 0;
  *r1 = -1;
  for (ct_rec_start(&w, c, pre); !w.done; ct_rec_next(&w)) {
    if (w.v >= from && w.v - from < CT_REC_WINDOW) seen[(w.v - from) / 64] |= (uint64_t)1 << ((w.v - from) % 64);
    if (w.v == 1) *r1 = w.j;
  }
  b = 0;
  while (b < CT_REC_WINDOW && (seen[b / 64] >> (b % 64) & 1)) ++b;
  *lo = from + b;
}

CT_FN void ct_rec_least_untaken_window(const ct_modes *c, const int64_t *pre, int64_t from, int64_t *N,
                                       int64_t *r1) {
  int64_t lo = from, hi = ct_rec_filter_size(c);
  *r1 = -1;
  if (from < hi) {
    ct_rec_window(c, pre, from, &lo, r1);
    if (lo < from + CT_REC_WINDOW) hi = lo; /* the window holds N */
  }
  *N = ct_rec_search(c, pre, lo, hi);
  if (*N <= 1) *r1 = -1;
  else if (*r1 < 0) ct_rec_run(c, pre, *N, 1, -1, r1); /* no window: from >= size(filter(L)) */
}

/* ---- recognition ---------------------------------------------------------------- */

/* RECOG-2 on r over [0, N), d = r(1): level by level the run of multiples,
 * then the candidate against r everywhere. */
CT_FN static ct_code ct_rec_levels(const ct_modes *c, const int64_t *pre, int64_t N, int64_t d, ct_modes *out,
                                   const char *op, ct_err *e) {
  ct_rec_walk w;
  int64_t P = 1, t, next = 0, bad = -1, want = 0;
  out->n = 0;
  while (P < N) {
    t = ct_rec_run(c, pre, N, P, d, &next);
    if ((N / P) % t != 0)
      return CT_FAIL(e, CT_NO_LAYOUT,
                     "%s: the least indices r(v), v < %lld, are no layout's: r(%lld*j) == %lld*j for j < %lld, not at "
                     "j = %lld, and %lld does not divide %lld (RECOG-2)",
                     op, (long long)N, (long long)P, (long long)d, (long long)t, (long long)t, (long long)t,
                     (long long)(N / P));
    if (out->n == CT_MAX_NODES) return CT_FAIL(e, CT_CAPACITY, "%s: more than %d modes", op, CT_MAX_NODES);
    ct_modes_push(out, t, 0, d, 0);
    P *= t;
    d = next;
  }
  for (ct_rec_start(&w, c, pre); !w.done; ct_rec_next(&w)) /* the candidate against r everywhere */
    if (w.v >= 0 && w.v < N && (bad < 0 || w.v < bad) && ct_modes_at(out, w.v) != w.j) {
      bad = w.v;
      want = w.j;
    }
  if (bad >= 0)
    return CT_FAIL(e, CT_NO_LAYOUT,
                   "%s: the least indices r(v), v < %lld, are no layout's: r(%lld) = %lld, the only candidate "
                   "layout gives %lld (RECOG-2)",
                   op, (long long)N, (long long)bad, (long long)want, (long long)ct_modes_at(out, bad));
  return CT_OK;
}

CT_FN ct_code ct_recognize_least_indices(const ct_modes *c, const int64_t *pre, int64_t from, int64_t *N,
                                         ct_modes *out, const char *op, ct_err *e) {
  int64_t d;
  ct_rec_least_untaken_window(c, pre, from, N, &d);
  return ct_rec_levels(c, pre, *N, d, out, op, e);
}
