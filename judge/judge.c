/* judge.c -- recording a judgement, and the helpers the judges share. */
#include "judge/judge.h"

#if !CT_ON_DEVICE
#include <stdarg.h>
#include <stdio.h>
#endif

CT_FN static ct_jstatus ct_j_set(ct_judgement *j, ct_jstatus s, const char *id) {
  j->status = s;
  j->id = id;
  j->limit = 0;
#if !CT_ON_DEVICE
  j->at = -1;
  j->why[0] = '\0';
#endif
  return s;
}

CT_FN ct_jstatus ct_j_holds(ct_judgement *j, const char *id) { return ct_j_set(j, CT_J_HOLDS, id); }
CT_FN ct_jstatus ct_j_unchecked(ct_judgement *j, const char *id) { return ct_j_set(j, CT_J_UNCHECKED, id); }

CT_FN ct_jstatus ct_j_limit(ct_judgement *j, const char *id) {
  ct_j_set(j, CT_J_UNCHECKED, id);
  j->limit = 1;
  return CT_J_UNCHECKED;
}

/* Â's leaves (judge.h): those of size > 1, in order; lin when each one's
 * stride is the one before's size times stride, so that coalesce(A) is one
 * mode (or none). */
CT_FN void ct_j_ahat_init(const ct_layout *A, ct_j_ahat *h) {
  int j;
  int64_t span;
  h->n = 0;
  h->lin = 1;
  for (j = 0; j < A->shape.n; ++j) {
    const ct_node *s = &A->shape.nd[j];
    if (s->kind != CT_INT || s->v == 1) continue;
    if (s->v < 1) { /* not a layout's shape: Â is nowhere read */
      h->n = -1;
      return;
    }
    if (h->n > 0 && (ct_mul_ovf(h->s[h->n - 1], h->d[h->n - 1], &span) || span != A->stride.nd[j].v)) h->lin = 0;
    h->s[h->n] = s->v;
    h->d[h->n++] = A->stride.nd[j].v;
  }
}

#if CT_ON_DEVICE
CT_FN ct_jstatus ct_j_violated(ct_judgement *j, const char *id) { return ct_j_set(j, CT_J_VIOLATED, id); }
#else
ct_jstatus ct_j_violates(ct_judgement *j, const char *id, const char *fmt, ...) {
  va_list ap;
  ct_j_set(j, CT_J_VIOLATED, id);
  va_start(ap, fmt);
  vsnprintf(j->why, sizeof j->why, fmt, ap);
  va_end(ap);
  return CT_J_VIOLATED;
}

ct_jstatus ct_j_violates_at(ct_judgement *j, const char *id, int64_t at, const char *fmt, ...) {
  va_list ap;
  ct_j_set(j, CT_J_VIOLATED, id);
  j->at = at;
  va_start(ap, fmt);
  vsnprintf(j->why, sizeof j->why, fmt, ap);
  va_end(ap);
  return CT_J_VIOLATED;
}
#endif

CT_FN int64_t ct_j_size(const ct_layout *L) {
  ct_val v;
  ct_err e;
  if (ct_l_size(L, &v, &e) != CT_OK) return -1;
  return v.v;
}

CT_FN int ct_j_tv_sizes(const ct_layout *L, int64_t *T, int64_t *V) {
  ct_layout M;
  ct_err e;
  int p;
  if (ct_l_rank(L) != 2) return 0;
  p = 0;
  if (ct_l_mode(L, &p, 1, &M, &e) != CT_OK) return 0;
  *T = ct_j_size(&M);
  p = 1;
  if (ct_l_mode(L, &p, 1, &M, &e) != CT_OK) return 0;
  *V = ct_j_size(&M);
  return *T > 0 && *V > 0;
}

CT_FN void ct_j_sort(int64_t *a, int64_t n) { /* Shell sort, gaps 1, 4, 13, 40, ... (3h + 1) */
  int64_t gap, i, k;
  for (gap = 1; gap < n / 3; gap = 3 * gap + 1) continue;
  for (; gap > 0; gap /= 3)
    for (i = gap; i < n; ++i) {
      int64_t x = a[i];
      for (k = i; k >= gap && a[k - gap] > x; k -= gap) a[k] = a[k - gap];
      a[k] = x;
    }
}

CT_FN int64_t ct_j_values(const ct_layout *L, int64_t *v, int64_t cap) {
  int64_t i, n = ct_j_size(L);
  ct_leaf_form F;
  if (n < 0 || n > cap) return -1;
  ct_lf_init(&F, L);
  for (i = 0; i < n; ++i) v[i] = ct_j_at_form(&F, i);
  return n;
}

CT_FN int64_t ct_j_sorted_values(const ct_layout *L, int64_t *v, int64_t cap) {
  int64_t n = ct_j_values(L, v, cap);
  if (n >= 0) ct_j_sort(v, n);
  return n;
}

/* A bitmap of CT_J_NARROW bits (judge.h): where the values span less, one
 * pass marks them (a compact layout's values span size(L) - 1). Else
 * sorted, and neighbours compared. */
CT_FN int ct_j_repeats(int64_t *v, int64_t n) {
  uint64_t seen[CT_J_NARROW / 64];
  int64_t i, lo, hi;
  if (n < 2) return 0;
  lo = hi = v[0];
  for (i = 1; i < n; ++i) {
    if (v[i] < lo) lo = v[i];
    if (v[i] > hi) hi = v[i];
  }
  if ((uint64_t)hi - (uint64_t)lo < CT_J_NARROW) {
    int64_t words = (int64_t)(((uint64_t)hi - (uint64_t)lo) >> 6) + 1;
    for (i = 0; i < words; ++i) seen[i] = 0;
    for (i = 0; i < n; ++i) {
      uint64_t b = (uint64_t)v[i] - (uint64_t)lo, bit = (uint64_t)1 << (b & 63);
      if (seen[b >> 6] & bit) return 1;
      seen[b >> 6] |= bit;
    }
    return 0;
  }
  ct_j_sort(v, n);
  for (i = 1; i < n; ++i)
    if (v[i] == v[i - 1]) return 1;
  return 0;
}
