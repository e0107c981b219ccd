/* complement.c -- complement(A, M) (spec/complement.md).
 *
 * Only A's image matters, so A is first filtered (stride-0 and size-1 modes
 * removed, modes merged) and its modes sorted by stride: N_0:d_0, ...,
 * N_a:d_a with d_0 < ... < d_a. A has an ordered complement exactly when each
 * span N_i*d_i divides the next stride d_i+1 [Shah, Def. 2.5]; the complement
 * then fills the gaps between the spans and repeats the whole up to M:
 *   R = (d_0, d_1/(N_0 d_0), ..., d_a/(N_a-1 d_a-1), ceil(M/(N_a d_a)))
 *     : (1,   N_0 d_0,       ..., N_a-1 d_a-1,      N_a d_a)
 * and is coalesced. (filter(A), R) is then a bijection onto [0, K) with
 * K = round_up(M, N_a d_a) (CPL-2, CPL-3). */
#include "complement.h"
#include "ct_arith.h"
#include "ct_mutant.h"

CT_FN ct_code ct_complement(const ct_layout *A, const ct_tuple *cotarget, ct_layout *out, ct_err *e) {
  ct_layout f;
  ct_modes m, r, rc;
  int64_t M, cur = 1;
  int k, all_static = 1;
  CT_TRY(ct_filter(A, &f, e));
  ct_modes_of(&f, 0, &m);
  if (m.n == 1 && m.s[0] == 1) m.n = 0; /* filter's 1:0: nothing left */
  for (k = 0; k < m.n; ++k) {
    all_static = all_static && m.ss[k] && m.ds[k];
    if (m.d[k] < 0)
      return CT_FAIL(e, CT_NEGATIVE_STRIDE, "complement: A has negative stride %lld", (long long)m.d[k]);
  }
  if (cotarget) {
    ct_val v;
    int j;
    for (j = 0; j < cotarget->n; ++j)
      if (cotarget->nd[j].kind == CT_INT && cotarget->nd[j].v <= 0)
        return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "complement: cotarget entry %lld is not positive", (long long)cotarget->nd[j].v);
    CT_TRY(ct_t_product(cotarget, 0, &v, e));
    M = v.v;
    all_static = all_static && v.stat;
  } else { /* CPL-DEFAULT: cosize(filter(A)) */
    ct_val v;
    CT_TRY(ct_l_cosize(&f, &v, e));
    M = v.v;
  }
  /* Sort by stride, then by size (insertion sort: at most CT_MAX_NODES). */
  for (k = 1; k < m.n && !CT_MUTANT(10); ++k) { /* M10: unsorted */
    int j = k;
    while (j > 0 && (m.d[j - 1] > m.d[j] || (m.d[j - 1] == m.d[j] && m.s[j - 1] > m.s[j]))) {
      int64_t ts = m.s[j], td = m.d[j];
      uint8_t tss = m.ss[j], tds = m.ds[j];
      m.s[j] = m.s[j - 1];
      m.d[j] = m.d[j - 1];
      m.ss[j] = m.ss[j - 1];
      m.ds[j] = m.ds[j - 1];
      m.s[j - 1] = ts;
      m.d[j - 1] = td;
      m.ss[j - 1] = tss;
      m.ds[j - 1] = tds;
      --j;
    }
  }
  r.n = 0;
  for (k = 0; k < m.n; ++k) {
    /* CPL-PRE: the previous span must divide this stride. */
    if ((m.d[k] % cur != 0 || m.d[k] < cur) && !(CT_MUTANT(9) && m.d[k] >= cur)) { /* M9: truncating division */
      int64_t dp = m.d[k - 1];
      if (m.d[k] < cur && m.d[k] % dp == 0 && m.d[k] / dp < m.s[k - 1])
        return CT_FAIL(e, CT_NOT_INJECTIVE,
                       "complement: mode %lld:%lld reaches offset %lld, which mode %lld:%lld also reaches",
                       (long long)m.s[k - 1], (long long)dp, (long long)m.d[k], (long long)m.s[k], (long long)m.d[k]);
      return CT_FAIL(e, CT_NOT_COMPLEMENTABLE,
                     "complement: stride %lld is not a multiple of %lld, the span of the modes below it",
                     (long long)m.d[k], (long long)cur);
    }
    ct_modes_push(&r, m.d[k] / cur, all_static, cur, all_static);
    if (CT_MUL_OVF_M(41, m.s[k], m.d[k], &cur)) /* M41: wraps */
      return CT_FAIL(e, CT_OVERFLOW, "complement: span overflows int64");
  }
  if (!CT_MUTANT(7)) /* M7: forgets the last mode; M8: floor division */
    ct_modes_push(&r, CT_MUTANT(8) ? (M / cur > 0 ? M / cur : 1) : ct_ceil_div(M, cur), all_static, cur, all_static);
  ct_coalesce_modes(&r, &rc);
  return ct_modes_to_layout(&rc, out, e);
}
