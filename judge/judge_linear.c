/* judge_linear.c -- judges of spec/linear.md: LIN-1, LIN-2, by the
 * definition itself (L(i) is the XOR of the bases of i's bits, index by
 * index), independent of ref/linear.c's bit test (LIN-ALG). */
#include "judge/judge.h"

/* The XOR of B's entries over the bits set in i; B flat with n entries. */
CT_FN static int64_t ct_j_xor_bases(const ct_tuple *B, int n, int64_t i) {
  int64_t x = 0;
  int k;
  for (k = 0; k < n && k < 63; ++k)
    if ((i >> k) & 1) x ^= B->nd[1 + k].v;
  return x;
}

/* LIN-1: B is a flat IntTuple of n integers >= 0, 2^n == size(L), and
 * L(i) == XOR of B over i's bits for every i < size(L) (at most `bound`). */
CT_FN ct_jstatus ct_judge_lin_1(const ct_layout *L, const ct_tuple *B, int64_t bound, ct_judgement *j) {
  int64_t size = ct_j_size(L), i;
  int n, k;
  ct_leaf_form F;
  if (B->nd[0].kind != CT_TUPLE || B->n != 1 + B->nd[0].rank)
    return CT_J_VIOLATES(j, "LIN-1", "the bases are a flat tuple of integers");
  n = B->nd[0].rank;
  for (k = 0; k < n; ++k)
    if (B->nd[1 + k].kind != CT_INT || B->nd[1 + k].v < 0)
      return CT_J_VIOLATES(j, "LIN-1", "base %d is no integer >= 0", k);
  if (size < 1 || n > 62 || ((int64_t)1 << n) != size)
    return CT_J_VIOLATES(j, "LIN-1", "%d bases, but size(L) = %lld is not 2^%d", n, (long long)size, n);
  if (size > bound || size > CT_JUDGE_CAP) return ct_j_unchecked(j, "LIN-1");
  ct_lf_init(&F, L);
  for (i = 0; i < size; ++i) {
    int64_t v = ct_j_at_form(&F, i), x = ct_j_xor_bases(B, n, i);
    if (v != x)
      return CT_J_VIOLATES_AT(j, "LIN-1", i, "L(%lld) = %lld, but the XOR of the bases of its bits is %lld",
                              (long long)i, (long long)v, (long long)x);
  }
  return ct_j_holds(j, "LIN-1");
}

/* LIN-2: a rejection (NOT_LINEAR) is right only where no bases exist: the
 * size is no power of two, or L(i) differs from the XOR of L(2^k) over i's
 * bits at some i. Finding neither among `bound` indices is a violation only
 * when every index was visited. */
CT_FN ct_jstatus ct_judge_lin_2(const ct_layout *L, int64_t bound, ct_judgement *j) {
  int64_t size = ct_j_size(L), i, b[63];
  int n = 0, k;
  ct_leaf_form F;
  if (size < 1) return ct_j_unchecked(j, "LIN-2");
  while (n < 62 && ((int64_t)1 << n) < size) ++n;
  if (((int64_t)1 << n) != size) return ct_j_holds(j, "LIN-2"); /* no power of two: no bases */
  ct_lf_init(&F, L);
  for (k = 0; k < n; ++k) b[k] = ct_j_at_form(&F, (int64_t)1 << k);
  for (i = 0; i < size && i < bound && i < CT_JUDGE_CAP; ++i) {
    int64_t x = 0;
    for (k = 0; k < n; ++k)
      if ((i >> k) & 1) x ^= b[k];
    if (ct_j_at_form(&F, i) != x || x < 0) return ct_j_holds(j, "LIN-2");
  }
  if (i < size) return ct_j_unchecked(j, "LIN-2");
  return CT_J_VIOLATES(j, "LIN-2", "rejected, but L(i) is the XOR of the bases L(2^k) at every i < %lld",
                       (long long)size);
}
