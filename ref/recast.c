/* recast.c -- spec/recast.md. */
#include "recast.h"
#include "construct.h"
#include "ct_arith.h"

CT_FN ct_code ct_recast_layout(const ct_layout *L, int64_t old_bits, int64_t new_bits, ct_layout *out, ct_err *e) {
  int64_t g;
  ct_val u, d;
  ct_layout up;
  if (old_bits < 1 || new_bits < 1)
    return CT_FAIL(e, CT_ARG_TYPE, "recast_layout<%lld,%lld>: element sizes must be at least 1 bit", (long long)old_bits,
                   (long long)new_bits);
  g = ct_gcd(old_bits, new_bits); /* REC-1: the reduced ratio new/old = u/d */
  u.v = new_bits / g;
  d.v = old_bits / g;
  u.stat = d.stat = 1;
  if (u.v == 1 && d.v == 1) {
    ct_l_copy(out, L);
    return CT_OK;
  }
  if (u.v == 1) return ct_downcast(L, d, out, e);
  CT_TRY(ct_upcast(L, u, &up, e));
  if (d.v == 1) {
    ct_l_copy(out, &up);
    return CT_OK;
  }
  return ct_downcast(&up, d, out, e);
}
