/* ahat.c -- Â prepared and evaluated (ref/ahat.h, spec/composition.md). */
#include "ahat.h"
#include "coalesce.h"
#include "ct_arith.h"

/* COMP-PREP: A coalesced, every size-1 mode dropped, the last one too, so
 * that A^ is the extension of coalesce(A) (COMP-EXT): it depends only on A's
 * values on [0, size(A)), as equivalent layouts must compose alike
 * (spec/principle.md). A of size 1 is 1:0: A^ is 0 everywhere. */
CT_FN void ct_comp_prepare_modes(const ct_modes *raw, ct_modes *m, int *all_static) {
  int k;
  *all_static = 1;
  for (k = 0; k < raw->n; ++k) *all_static = *all_static && raw->m[k].ss && raw->m[k].ds;
  ct_coalesce_modes(raw, m);
  if (m->n == 0) ct_modes_push(m, 1, 1, 0, 1); /* size 1, e.g. (1):(1) or ():(): A^ is 0 everywhere, as 1:0's */
}

CT_FN void ct_comp_prepare(const ct_layout *A, ct_modes *m, int *all_static) {
  ct_modes raw;
  ct_modes_of(A, 0, &raw);
  ct_comp_prepare_modes(&raw, m, all_static);
}

CT_FN int ct_ahat_init(const ct_modes *digits, ct_ahat *h) {
  int k, n = digits->n;
  if (n > CT_COMP_MODES) return 0;
  h->P[0] = 1;
  h->a = 0;
  for (k = 0; k + 1 < n && !ct_mul_ovf(h->P[k], digits->m[k].s, &h->P[k + 1]); ++k) {
    h->M[k] = digits->m[k].s;
    h->D[k] = digits->m[k].d;
    h->a = k + 1;
  }
  h->D[h->a] = digits->m[h->a].d;
  return 1;
}

CT_FN int ct_ahat_at(const ct_ahat *h, int64_t x, int64_t *v) {
  int64_t acc = 0, t;
  int k;
  if (x < 0) return h->a == 0 && !ct_mul_ovf(x, h->D[0], v); /* COMP-EXT: only a linear Â below 0 */
  /* digit k of x in A's mixed radix is floor(x / P_k) mod M_k: x's quotients
   * by M_0, M_1, ... in turn give every floor(x / P_k), one division each */
  for (k = 0; k < h->a; ++k)
    if (ct_mul_ovf(ct_divmod(x, h->M[k], &x), h->D[k], &t) || ct_add_ovf(acc, t, &acc)) return 0;
  if (ct_mul_ovf(x, h->D[h->a], &t) || ct_add_ovf(acc, t, &acc)) return 0; /* x is now floor(x / P_a) */
  *v = acc;
  return 1;
}
