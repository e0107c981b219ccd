/* judge_filter_zeros.c -- the judge of filter_zeros (spec/coalesce.md, FILT-1).
 *
 * FILT-1 read as a function: R's index is the coordinate of L's leaves of
 * non-zero stride (the stride-0 ones no longer count), and R takes L's
 * value there; size(R) is size(L) over the stride-0 leaves' sizes. The
 * shape's nesting is judged too (the page states it); the static marks of
 * the `_1:_0` leaves are representation and are not. */
#include "judge/judge.h"
#include "ref/modes.h"

CT_FN ct_jstatus ct_judge_filt_1(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH ct_modes m;
  int64_t n = ct_j_size(L), r = ct_j_size(R), kept = 1, i, x, c, want, pre;
  int l;
  if (n < 0 || r < 0) return ct_j_unchecked(j, "FILT-1");
  if (!ct_t_congruent(&L->shape, 0, &R->shape, 0)) return CT_J_VIOLATES(j, "FILT-1", "R is not congruent to L");
  ct_modes_of(L, 0, &m);
  for (l = 0; l < m.n; ++l)
    if (m.m[l].d != 0) kept *= m.m[l].s; /* divides size(L): no overflow */
  if (r != kept)
    return CT_J_VIOLATES(j, "FILT-1", "size(R) = %lld, not size(L) / (stride-0 sizes) = %lld", (long long)r,
                         (long long)kept);
  for (i = 0; i < r && i < bound; ++i) {
    x = i, want = 0, pre = 1;
    for (l = 0; l < m.n; ++l) { /* L's index of R's coordinate, stride-0 leaves at 0 */
      if (m.m[l].d != 0) {
        c = x % m.m[l].s;
        x /= m.m[l].s;
        want += c * pre;
      }
      pre *= m.m[l].s;
    }
    if (ct_j_at(R, i) != ct_j_at(L, want))
      return CT_J_VIOLATES_AT(j, "FILT-1", i, "R(%lld) = %lld, L at its coordinate (index %lld) = %lld", (long long)i,
                              (long long)ct_j_at(R, i), (long long)want, (long long)ct_j_at(L, want));
  }
  return r <= bound ? ct_j_holds(j, "FILT-1") : ct_j_unchecked(j, "FILT-1");
}
