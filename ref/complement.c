/* complement.c -- complement(A, M) (spec/complement.md).
 *
 * Only A's image matters: filter(A)'s modes sorted by stride, N_0:d_0, ...,
 * N_a:d_a. A complement with CPL-1..CPL-3 exists exactly when each span
 * N_i*d_i divides the next stride (CPL-EXACT, [Shah, Def. 2.5]); it fills
 * the gaps between the spans and repeats the whole up to M:
 *   R = (d_0, d_1/(N_0 d_0), ..., d_a/(N_a-1 d_a-1), ceil(M/(N_a d_a)))
 *     : (1,   N_0 d_0,       ..., N_a-1 d_a-1,      N_a d_a)
 * coalesced, and (filter(A), R) is a bijection onto [0, K), K = round_up(M,
 * N_a d_a) (CPL-2, CPL-3). */
#include "complement.h"
#include "ct_arith.h"
#include "injective.h"

/* No complement (CPL-EXACT): NOT_INJECTIVE when two coordinates collide. */
CT_FN static ct_code ct_cpl_reject(const ct_modes *m, int k, int64_t span, ct_err *e) {
  int64_t twice = 0;
  if (ct_modes_injective(m, &twice) == 0)
    return CT_FAIL(e, CT_NOT_INJECTIVE, "complement: A is not injective: two of its coordinates reach offset %lld",
                   (long long)twice);
  return CT_FAIL(e, CT_NOT_COMPLEMENTABLE, "complement: stride %lld is not a multiple of %lld, the span of the modes below it",
                 (long long)m->m[k].d, (long long)span);
}

CT_FN ct_code ct_complement(const ct_layout *A, const ct_tuple *cot, ct_layout *out, ct_err *e) {
  ct_layout F;
  ct_modes m, r, rc;
  ct_val M;
  int64_t span = 1;
  int k, j, st = 1;
  if (cot && ct_t_has_all(cot, 0)) return CT_FAIL(e, CT_ARG_TYPE, "complement: the cotarget contains `_`");
  CT_TRY(ct_filter(A, &F, e));
  ct_modes_of(&F, 0, &m);
  if (m.n == 1 && m.m[0].s == 1) m.n = 0; /* filter's 1:0: nothing left */
  for (k = 0; k < m.n; ++k) {
    st = st && m.m[k].ss && m.m[k].ds;
    if (m.m[k].d < 0) return CT_FAIL(e, CT_NEGATIVE_STRIDE, "complement: A has negative stride %lld", (long long)m.m[k].d);
  }
  for (j = 0; cot && j < cot->n; ++j)
    if (cot->nd[j].kind == CT_INT && cot->nd[j].v <= 0)
      return CT_FAIL(e, CT_SHAPE_NOT_POSITIVE, "complement: cotarget entry %lld is not positive", (long long)cot->nd[j].v);
  CT_TRY(cot ? ct_t_product(cot, 0, &M, e) : ct_l_cosize(&F, &M, e)); /* CPL-DEFAULT */
  st = st && (M.stat || !cot);
  for (k = 1; k < m.n; ++k) /* sort by stride, then by size */
    for (j = k; j > 0 && (m.m[j - 1].d > m.m[j].d || (m.m[j - 1].d == m.m[j].d && m.m[j - 1].s > m.m[j].s)); --j) {
      ct_mode x = m.m[j];
      m.m[j] = m.m[j - 1], m.m[j - 1] = x;
    }
  for (r.n = 0, k = 0; k < m.n; ++k) { /* the gap below mode k, then its span */
    if (m.m[k].d % span != 0) return ct_cpl_reject(&m, k, span, e);
    ct_modes_push(&r, m.m[k].d / span, st, span, st);
    if (ct_mul_ovf(m.m[k].s, m.m[k].d, &span)) return CT_FAIL(e, CT_OVERFLOW, "complement: span overflows int64");
  }
  ct_modes_push(&r, ct_ceil_div(M.v, span), st, span, st); /* the repetitions up to M */
  ct_coalesce_modes(&r, &rc);
  return ct_modes_to_layout(&rc, out, e);
}
