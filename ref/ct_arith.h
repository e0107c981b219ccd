/* ct_arith.h -- checked 64-bit integer arithmetic (spec/notation.md, NOTE-LIMITS).
 *
 * Every sum and product the reference forms goes through these helpers, so an
 * overflow is reported (CT_OVERFLOW) instead of wrapping. They return true on
 * overflow, like the GCC builtins they wrap on the host. */
#ifndef CT_ARITH_H
#define CT_ARITH_H

#include "ct_port.h"

#if CT_ON_DEVICE || !defined(__GNUC__)
CT_FN static inline bool ct_add_ovf(int64_t a, int64_t b, int64_t *r) {
  if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b)) return true;
  *r = a + b;
  return false;
}
CT_FN static inline bool ct_sub_ovf(int64_t a, int64_t b, int64_t *r) {
  if ((b < 0 && a > INT64_MAX + b) || (b > 0 && a < INT64_MIN + b)) return true;
  *r = a - b;
  return false;
}
#if CT_ON_DEVICE
/* The GPU has no overflow flag but a 64x64 -> 128 high product: the product
 * fits iff its high half is the sign extension of its low half. (The
 * division-based test below costs a 64-bit division per product there.) */
CT_FN static inline bool ct_mul_ovf(int64_t a, int64_t b, int64_t *r) {
  int64_t lo = (int64_t)((uint64_t)a * (uint64_t)b), hi = (int64_t)__mul64hi((long long)a, (long long)b);
  if (hi != (lo < 0 ? -1 : 0)) return true;
  *r = lo;
  return false;
}
#else
CT_FN static inline bool ct_mul_ovf(int64_t a, int64_t b, int64_t *r) {
  if (a == 0 || b == 0) { *r = 0; return false; }
  if ((a == -1 && b == INT64_MIN) || (b == -1 && a == INT64_MIN)) return true;
  if (a > 0 ? (b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a)
            : (b > 0 ? a < INT64_MIN / b : a < INT64_MAX / b))
    return true;
  *r = a * b;
  return false;
}
#endif
#else
CT_FN static inline bool ct_add_ovf(int64_t a, int64_t b, int64_t *r) { return __builtin_add_overflow(a, b, r); }
CT_FN static inline bool ct_sub_ovf(int64_t a, int64_t b, int64_t *r) { return __builtin_sub_overflow(a, b, r); }
CT_FN static inline bool ct_mul_ovf(int64_t a, int64_t b, int64_t *r) { return __builtin_mul_overflow(a, b, r); }
#endif

/* |a|; INT64_MIN has no absolute value: reported as overflow. */
CT_FN static inline bool ct_abs_ovf(int64_t a, int64_t *r) {
  if (a == INT64_MIN) return true;
  *r = a < 0 ? -a : a;
  return false;
}

/* a / b into *q and a % b returned, in one division, for a >= 0, b > 0;
 * a 32-bit division when both fit (on the GPU a 64-bit division is a long
 * software routine; issue 16). */
CT_FN static inline int64_t ct_divmod(int64_t a, int64_t b, int64_t *q) {
  if (((uint64_t)a | (uint64_t)b) <= 0xffffffffu) {
    uint32_t q32 = (uint32_t)a / (uint32_t)b;
    *q = (int64_t)q32;
    return (int64_t)((uint32_t)a - q32 * (uint32_t)b);
  }
  *q = a / b;
  return a - *q * b;
}

/* ceil(a / b) for a >= 0, b > 0. */
CT_FN static inline int64_t ct_ceil_div(int64_t a, int64_t b) {
  return a / b + (a % b != 0 ? 1 : 0);
}

CT_FN static inline int64_t ct_gcd(int64_t a, int64_t b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b != 0) { int64_t t = a % b; a = b; b = t; }
  return a;
}

CT_FN static inline int64_t ct_min64(int64_t a, int64_t b) { return a < b ? a : b; }
CT_FN static inline int64_t ct_max64(int64_t a, int64_t b) { return a > b ? a : b; }

#endif
