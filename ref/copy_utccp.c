/* copy_utccp.c -- tcgen05.cp's Tensor Memory addresses (spec/copy.md,
 * COPY-UTCCP). PTX ISA "Tensor Core 5th Generation Family Instructions:
 * tcgen05.cp" names the shape rows x bits a row: .128x256b and .128x128b
 * fill 128 consecutive lanes from the address operand's; .4x256b puts its
 * 4 rows one a warp's 32 lanes, at lanes 0, 32, 64, 96 (PTX's data-path
 * figure for .4x256b); .64x128b must multicast: .warpx2::02_13 copies rows
 * 0..31 to warps 0 and 2 and rows 32..63 to warps 1 and 3, .warpx2::01_23
 * rows 0..31 to warps 0 and 1 and rows 32..63 to warps 2 and 3; .32x128b
 * must be .warpx4, its 32 rows to all four warps. A row keeps its place
 * in the warp's 32 lanes; its bits fill the lane's columns from the
 * address operand's column, 32 bits a column, in order. */
#include "copy_utccp.h"

#include "copy_tmem.h"
#include "leaf_form.h"

#if !CT_ON_DEVICE
#include <stdio.h>
#include <string.h>
#endif

CT_FN int ct_utccp_rows(int s) {
  return s <= CT_UTCCP_128x128b ? 128 : s == CT_UTCCP_4x256b ? 4 : s == CT_UTCCP_32x128b_X4 ? 32 : 64;
}
CT_FN int ct_utccp_row_bits(int s) { return s == CT_UTCCP_128x256b || s == CT_UTCCP_4x256b ? 256 : 128; }
CT_FN int ct_utccp_copies(int s) { return s == CT_UTCCP_32x128b_X4 ? 4 : s >= CT_UTCCP_64x128b_02_13 ? 2 : 1; }

CT_FN int ct_utccp_lane(int s, int r, int m) {
  switch (s) {
  case CT_UTCCP_4x256b: return 32 * r; /* one row a warp */
  case CT_UTCCP_32x128b_X4: return r + 32 * m; /* .warpx4: warp m */
  case CT_UTCCP_64x128b_02_13: return r + 64 * m; /* warps r/32 and r/32 + 2 */
  case CT_UTCCP_64x128b_01_23: return 64 * (r / 32) + r % 32 + 32 * m; /* warps 2(r/32) and 2(r/32) + 1 */
  default: return r; /* 128 consecutive lanes */
  }
}

CT_FN int64_t ct_utccp_addr(int s, int64_t x) {
  int64_t R = ct_utccp_rows(s), W = ct_utccp_row_bits(s), r = x % R, y = (x / R) % W, m = x / (R * W);
  return CT_TMEM_LANE_ADDR * ct_utccp_lane(s, (int)r, (int)m) + y;
}

/* One mode of the layout: extent n, stride d (in lanes when lanes). */
CT_FN static ct_code ct_utccp_mode(ct_layout *L, int64_t n, int64_t d, ct_err *e) {
  CT_TRY(ct_t_push_int(&L->shape, n, 1, e));
  return ct_t_push_int(&L->stride, d, 1, e);
}

CT_FN ct_code ct_utccp_val_id(int s, ct_layout *out, ct_err *e) {
  int64_t R, W, M, D = CT_TMEM_LANE_ADDR, x, n, a;
  int hs, hd;
  ct_leaf_form F;
  if (s < 0 || s >= CT_UTCCP_SHAPES) return CT_FAIL(e, CT_ARG_TYPE, "copy_tmem_addr: no tcgen05.cp shape %d", s);
  R = ct_utccp_rows(s);
  W = ct_utccp_row_bits(s);
  M = ct_utccp_copies(s);
  ct_t_clear(&out->shape);
  ct_t_clear(&out->stride);
  CT_TRY(ct_t_open(&out->shape, &hs, e));
  CT_TRY(ct_t_open(&out->stride, &hd, e));
  if (s == CT_UTCCP_64x128b_01_23) { /* the rows: (32, 2):(1, 64) lanes */
    int h1, h2;
    CT_TRY(ct_t_open(&out->shape, &h1, e));
    CT_TRY(ct_t_open(&out->stride, &h2, e));
    CT_TRY(ct_utccp_mode(out, 32, D, e));
    CT_TRY(ct_utccp_mode(out, 2, 64 * D, e));
    CT_TRY(ct_t_close(&out->shape, h1, e));
    CT_TRY(ct_t_close(&out->stride, h2, e));
  } else
    CT_TRY(ct_utccp_mode(out, R, s == CT_UTCCP_4x256b ? 32 * D : D, e));
  CT_TRY(ct_utccp_mode(out, W, 1, e)); /* a row's bits: its columns in order */
  if (M > 1) CT_TRY(ct_utccp_mode(out, M, (s == CT_UTCCP_64x128b_02_13 ? 64 : 32) * D, e)); /* the copies */
  CT_TRY(ct_t_close(&out->shape, hs, e));
  CT_TRY(ct_t_close(&out->stride, hd, e));
  n = R * W * M;
  ct_lf_init(&F, out);
  for (x = 0; x < n; ++x) { /* the layout is the address map at every bit, not assumed */
    CT_TRY(ct_lf_eval(&F, x, &a, e));
    if (a != ct_utccp_addr(s, x))
      return CT_FAIL(e, CT_NO_LAYOUT, "copy_tmem_addr: tcgen05.cp's addresses are no layout at bit %lld",
                     (long long)x);
  }
  return CT_OK;
}

#if !CT_ON_DEVICE
static const char *const ct_utccp_shape_names[CT_UTCCP_SHAPES] = {
    "128dp256bit", "128dp128bit", "4dp256bit", "4x32dp128bit", "2x64dp128bitlw0213", "2x64dp128bitlw0123"};

void ct_utccp_name(int s, int ctas, char *buf, int cap) {
  snprintf(buf, (size_t)cap, "SM100_UTCCP_%s_%dcta",
           ct_utccp_shape_names[((s % CT_UTCCP_SHAPES) + CT_UTCCP_SHAPES) % CT_UTCCP_SHAPES], ctas == 2 ? 2 : 1);
}

int ct_utccp_by_name(const char *name, int *s, int *ctas) {
  int k;
  size_t n;
  if (strncmp(name, "SM100_UTCCP_", 12) != 0) return 0;
  for (k = 0; k < CT_UTCCP_SHAPES; ++k) {
    n = strlen(ct_utccp_shape_names[k]);
    if (strncmp(name + 12, ct_utccp_shape_names[k], n) != 0) continue;
    if (strcmp(name + 12 + n, "_1cta") == 0 || strcmp(name + 12 + n, "_2cta") == 0) {
      *s = k;
      *ctas = name[12 + n + 1] - '0';
      return 1;
    }
  }
  return 0;
}
#endif
