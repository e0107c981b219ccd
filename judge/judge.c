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
#endif

CT_FN int64_t ct_j_size(const ct_layout *L) {
  ct_val v;
  ct_err e;
  if (ct_l_size(L, &v, &e) != CT_OK) return -1;
  return v.v;
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

CT_FN int64_t ct_j_sorted_values(const ct_layout *L, int64_t *v, int64_t cap) {
  int64_t i, n = ct_j_size(L);
  ct_leaf_form F;
  if (n < 0 || n > cap) return -1;
  ct_lf_init(&F, L);
  for (i = 0; i < n; ++i) v[i] = ct_j_at_form(&F, i);
  ct_j_sort(v, n);
  return n;
}
