/* linear.c -- linear_layout(L) (spec/linear.md).
 *
 * The definition: L is a linear layout when L(i) is the XOR of bases b_k
 * over the bits k set in i, for every i < size(L) == 2^n; then b_k is
 * L(2^k). Checking it visits every index; LIN-ALG decides it from the
 * modes instead. Each mode of size 2^m and stride d sends its index bits to
 * d, 2d, ..., 2^(m-1) d, and L(i) is the sum of the images of i's bits. A
 * sum equals the XOR of its terms exactly when no two terms share a set bit,
 * so L is linear iff every image is >= 0 and no two share a bit.
 *
 * (4,8):(8,1): bits 0, 1 go to 8, 16 and bits 2, 3, 4 to 1, 2, 4; they share
 * no bit, so the bases are (8,16,1,2,4). (4,2):(1,2): bits go to 1, 2, 2;
 * L(6) = 2 + 2 = 4 but 2 XOR 2 = 0: NOT_LINEAR. judge/judge_linear.c checks
 * answers against the definition itself, index by index. */
#include "linear.h"

#include "ct_arith.h"

/* log2(s) for a power of two s >= 1; -1 otherwise. */
CT_FN static int ct_log2_exact(int64_t s) {
  int m = 0;
  if (s < 1) return -1;
  while ((s & 1) == 0) {
    s >>= 1;
    ++m;
  }
  return s == 1 ? m : -1;
}

CT_FN ct_code ct_linear_layout(const ct_layout *L, ct_tuple *out, ct_err *e) {
  int leaves[CT_MAX_NODES], strides[CT_MAX_NODES], n, k, j, hdr;
  uint64_t taken = 0; /* the bits the images so far have set (LIN-ALG) */
  CT_TRY(ct_l_check(L, e));
  n = ct_t_leaves(&L->shape, 0, leaves, CT_MAX_NODES);
  if (ct_t_leaves(&L->stride, 0, strides, CT_MAX_NODES) != n)
    return CT_FAIL(e, CT_NOT_CONGRUENT, "linear_layout: shape and stride do not have the same nesting");
  ct_t_clear(out);
  CT_TRY(ct_t_open(out, &hdr, e));
  for (k = 0; k < n; ++k) {
    const int64_t s = L->shape.nd[leaves[k]].v, d = L->stride.nd[strides[k]].v;
    const int m = ct_log2_exact(s);
    if (m < 0) return CT_FAIL(e, CT_NOT_LINEAR, "linear_layout: mode size %lld is no power of two", (long long)s);
    for (j = 0; j < m; ++j) { /* the index bit of this mode's digit bit j */
      int64_t b;
      if (ct_mul_ovf(d, (int64_t)1 << j, &b))
        return CT_FAIL(e, CT_OVERFLOW, "linear_layout: the image %lld * 2^%d overflows", (long long)d, j);
      if (b < 0) return CT_FAIL(e, CT_NOT_LINEAR, "linear_layout: an index bit maps to the negative value %lld", (long long)b);
      if ((uint64_t)b & taken)
        return CT_FAIL(e, CT_NOT_LINEAR, "linear_layout: the image %lld shares a bit with another (a carry: the sum is no XOR)",
                       (long long)b);
      taken |= (uint64_t)b;
      CT_TRY(ct_t_push_int(out, b, 0, e));
    }
  }
  return ct_t_close(out, hdr, e);
}
