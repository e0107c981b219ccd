/* judge_layout.c -- judges of spec/layout.md: LAYOUT-1, LAYOUT-4. */
#include "judge/judge.h"
#include "ref/ct_arith.h"

CT_FN ct_jstatus ct_judge_layout_1(const ct_layout *L, int64_t size, ct_judgement *j) {
  int64_t prod = 1;
  int k;
  for (k = 0; k < L->shape.n; ++k)
    if (L->shape.nd[k].kind == CT_INT && ct_mul_ovf(prod, L->shape.nd[k].v, &prod)) return ct_j_unchecked(j, "LAYOUT-1");
  if (size != prod)
    return CT_J_VIOLATES(j, "LAYOUT-1", "size is the product of the shape, %lld, not %lld", (long long)prod,
                         (long long)size);
  return ct_j_holds(j, "LAYOUT-1");
}

CT_FN ct_jstatus ct_judge_layout_4(const ct_layout *L, int64_t cosize, int64_t bound, ct_judgement *j) {
  int64_t def = 1, i, n = ct_j_size(L), lo = 0, hi = 0, span;
  int k, pos = 0, neg = 0, ovf = 0;
  ct_leaf_form F;
  for (k = 0; k < L->shape.n; ++k) { /* the definition: 1 + sum (s-1)*|d| */
    int64_t s = L->shape.nd[k].v, d = L->stride.nd[k].v, ad;
    if (L->shape.nd[k].kind != CT_INT) continue;
    pos |= s > 1 && d > 0;
    neg |= s > 1 && d < 0;
    ovf |= ct_abs_ovf(d, &ad) || ct_mul_ovf(s - 1, ad, &span) || ct_add_ovf(def, span, &def);
  }
  if (!ovf && cosize != def)
    return CT_J_VIOLATES(j, "LAYOUT-4", "cosize is 1 + sum (s-1)*|d| = %lld, not %lld", (long long)def,
                         (long long)cosize);
  if (n < 0 || n > bound || n > CT_JUDGE_CAP) return ct_j_unchecked(j, "LAYOUT-4");
  ct_lf_init(&F, L);
  for (i = 0; i < n; ++i) {
    int64_t v = ct_j_at_form(&F, i);
    lo = i == 0 || v < lo ? v : lo;
    hi = i == 0 || v > hi ? v : hi;
  }
  /* checked: an answer to an inadmissible request can span more than 64 bits
   * (fuzz/fuzz_conform.c found 1 + hi - lo wrapping; issue 17) */
  if (ct_sub_ovf(hi, lo, &span) || ct_add_ovf(span, 1, &span))
    return CT_J_VIOLATES(j, "LAYOUT-4", "cosize %lld < 1 + max L(i) - min L(i) = 1 + %lld - %lld, beyond 64 bits",
                         (long long)cosize, (long long)hi, (long long)lo);
  if (cosize < span)
    return CT_J_VIOLATES(j, "LAYOUT-4", "cosize %lld < 1 + max L(i) - min L(i) = %lld", (long long)cosize,
                         (long long)span);
  if (!(pos && neg) && cosize != span)
    return CT_J_VIOLATES(j, "LAYOUT-4", "cosize %lld != 1 + max L(i) - min L(i) = %lld, the strides having one sign",
                         (long long)cosize, (long long)span);
  return ct_j_holds(j, "LAYOUT-4");
}
