/* flat_enum.h -- enumerates every flat layout of rank 1..R with shapes 1..S
 * and strides LO..HI (the bounds of `cuteref check --exhaustive` and of the
 * exhaustive unit tests). Rank grows last: all rank-1 layouts come first. */
#ifndef CT_FLAT_ENUM_H
#define CT_FLAT_ENUM_H

#include "ref/modes.h"

typedef struct {
  int n, maxr;
  int64_t s[4], d[4], maxs, lo, hi;
} ct_flat_it;

static inline void ct_it_init(ct_flat_it *it, int maxr, int64_t maxs, int64_t lo, int64_t hi) {
  int k;
  it->n = 1;
  it->maxr = maxr;
  it->maxs = maxs;
  it->lo = lo;
  it->hi = hi;
  for (k = 0; k < 4; ++k) {
    it->s[k] = 1;
    it->d[k] = lo;
  }
}

/* Advances to the next layout; 0 after the last one. */
static inline int ct_it_next(ct_flat_it *it) {
  int k;
  for (k = 0; k < it->n; ++k) {
    if (++it->d[k] <= it->hi) return 1;
    it->d[k] = it->lo;
    if (++it->s[k] <= it->maxs) return 1;
    it->s[k] = 1;
  }
  if (it->n == it->maxr) return 0;
  ++it->n;
  return 1;
}

/* How many layouts the bounds hold. */
static inline int64_t ct_it_count(int maxr, int64_t maxs, int64_t lo, int64_t hi) {
  int64_t per = maxs * (hi - lo + 1), total = 0, p = 1;
  int r;
  for (r = 1; r <= maxr; ++r) {
    p *= per;
    total += p;
  }
  return total;
}

/* The current layout: s:d for rank 1, a flat tuple otherwise. */
static inline void ct_it_layout(const ct_flat_it *it, ct_layout *L) {
  ct_modes m;
  ct_err e;
  int k;
  m.n = 0;
  for (k = 0; k < it->n; ++k) ct_modes_push(&m, it->s[k], 0, it->d[k], 0);
  if (it->n == 1) ct_l_set_int(L, it->s[0], 0, it->d[0], 0);
  else ct_discard(ct_modes_to_layout(&m, L, &e)); /* rank <= 4 (the bounds): fits every build */
}

#endif
