/* copy_tmem.c -- tcgen05.ld / tcgen05.st as copy atoms (spec/copy.md,
 * COPY-TMEM). PTX ISA "Tensor Memory: Data Movement Shape" names the
 * shapes lane x size: a warp accesses 32 lanes (.32x32b) or 16 (.16x64b,
 * .16x128b, .16x256b, .16x32bx2), each (size * .num) bits, into .num (x2
 * and x4 for .16x128b and .16x256b) 32-bit registers; its figures 183-187
 * (images) place them, as CuTe's traits read them (g = t / 4, q = t % 4):
 *   .32x32b    thread t: lane t, register i = 32-bit column i;
 *   .16x64b    thread t: lane t/4 + 8(t%2), column (t/2)%2 of each 64 bits;
 *   .16x128b   thread t: lane g (r0), g + 8 (r1), column q of each 128;
 *   .16x256b   thread t: lane g (r0, r1), g + 8 (r2, r3), columns 2q, 2q+1;
 *   .16x32bx2  thread t: lane t%16, the first (t < 16) or the second half
 *              (at immHalfSplitoff, counted after the first's .num columns).
 * Repetition n of .num is the next base bits of each lane.
 *
 * .pack::16b / .unpack::16b (COPY-TMEM16; PTX's tcgen05.ld: "pack two
 * 16-bit elements from adjacent columns into a single 32-bit element"; .st
 * the inverse): the registers and their layouts are the same, counted in
 * the bits of the packed tile; what changes is where a packed lane's bits
 * lie in Tensor Memory (ct_tmem_addr, CuTe's ValID): twice the columns, the
 * low 16 bits of each. */
#include "copy_tmem.h"

#include "leaf_form.h"
#include "tv_fit.h"

#if !CT_ON_DEVICE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#endif

CT_FN int ct_tmem_lanes(int s) { return s == CT_TMEM_32x32b ? 32 : 16; }
CT_FN int ct_tmem_base_bits(int s) {
  return s == CT_TMEM_16x64b ? 64 : s == CT_TMEM_16x128b ? 128 : s == CT_TMEM_16x256b ? 256 : s == CT_TMEM_16x32bx2 ? 64 : 32;
}
CT_FN int ct_tmem_regs(int s) { return s == CT_TMEM_16x128b ? 2 : s == CT_TMEM_16x256b ? 4 : 1; }
CT_FN int ct_tmem_max_num(int s) { return 128 / ct_tmem_regs(s); }

CT_FN int64_t ct_tmem_reg_at(int s, int num, int t, int v) {
  int64_t W = (int64_t)ct_tmem_base_bits(s) * num, g = t / 4, q = t % 4, b = v % 32;
  switch (s) {
  case CT_TMEM_32x32b: return W * t + v; /* lane t, column v / 32 */
  case CT_TMEM_16x64b: return W * (t / 4 + 8 * (t % 2)) + 64 * (v / 32) + 32 * ((t / 2) % 2) + b;
  case CT_TMEM_16x128b: /* v = b + 32h + 64n: lane g + 8h, column q of repetition n */
    return W * (g + 8 * ((v / 32) % 2)) + 128 * (v / 64) + 32 * q + b;
  case CT_TMEM_16x256b: /* v = c + 64h + 128n: lane g + 8h, columns 2q, 2q+1 of repetition n */
    return W * (g + 8 * ((v / 64) % 2)) + 256 * (v / 128) + 64 * q + v % 64;
  default: /* .16x32bx2: lane t % 16, half t / 16 after the first half's num columns */
    return W * (t % 16) + 32 * (int64_t)num * (t / 16) + v;
  }
}

/* CuTe's shapes of the register side: threads 32, (2,2,8), (4,8) or
 * (16,2); values 32N, (32,N), (32,2,N), (64,2,N) (a mode of 1 dropped). */
CT_FN static void ct_tmem_shapes(int s, int num, ct_tv_formula *f) {
  f->nt = 1;
  f->tshape[0] = 32;
  f->nv = 1;
  f->vshape[0] = 32 * num;
  if (s == CT_TMEM_16x64b) {
    f->nt = 3;
    f->tshape[0] = f->tshape[1] = 2;
    f->tshape[2] = 8;
    f->nv = num == 1 ? 1 : 2;
    f->vshape[0] = 32;
    f->vshape[1] = num;
  } else if (s == CT_TMEM_16x128b || s == CT_TMEM_16x256b) {
    f->nt = 2;
    f->tshape[0] = 4;
    f->tshape[1] = 8;
    f->nv = num == 1 ? 2 : 3;
    f->vshape[0] = s == CT_TMEM_16x128b ? 32 : 64;
    f->vshape[1] = 2;
    f->vshape[2] = num;
  } else if (s == CT_TMEM_16x32bx2) {
    f->nt = 2;
    f->tshape[0] = 16;
    f->tshape[1] = 2;
  }
}

CT_FN ct_code ct_tmem_tv(int ld, int s, int num, int which, ct_layout *out, ct_err *e) {
  ct_tv_formula f;
  int64_t bits;
  int j;
  if (s < 0 || s >= CT_TMEM_SHAPES) return CT_FAIL(e, CT_ARG_TYPE, "copy_tv: no tcgen05 shape %d", s);
  if (num < 1 || num > ct_tmem_max_num(s) || (num & (num - 1)) != 0)
    return CT_FAIL(e, CT_ARG_TYPE, "copy_tv: tcgen05's .num of this shape is x1, x2, ... x%d, not x%d",
                   ct_tmem_max_num(s), num);
  if (which < CT_COPY_SRC || which > CT_COPY_REF) return CT_FAIL(e, CT_ARG_TYPE, "copy_tv: src, dst or ref");
  bits = (int64_t)ct_tmem_lanes(s) * ct_tmem_base_bits(s) * num;
  if (which == CT_COPY_REF || which == (ld ? CT_COPY_SRC : CT_COPY_DST)) { /* the TMEM side: (32, bits):(0, 1) */
    ct_t_clear(&out->shape);
    ct_t_clear(&out->stride);
    {
      int hdr;
      CT_TRY(ct_t_open(&out->shape, &hdr, e));
      CT_TRY(ct_t_push_int(&out->shape, 32, 1, e));
      CT_TRY(ct_t_push_int(&out->shape, bits, 1, e));
      CT_TRY(ct_t_close(&out->shape, hdr, e));
      CT_TRY(ct_t_open(&out->stride, &hdr, e));
      CT_TRY(ct_t_push_int(&out->stride, 0, 1, e));
      CT_TRY(ct_t_push_int(&out->stride, 1, 1, e));
      CT_TRY(ct_t_close(&out->stride, hdr, e));
    }
    return CT_OK;
  }
  f.kind = CT_TV_TMEM;
  f.who = "copy_tv";
  f.st = ld;
  f.num = num;
  f.trans = s;
  f.which = which;
  for (j = 0; j < 4; ++j) f.tshape[j] = f.vshape[j] = 1;
  ct_tmem_shapes(s, num, &f);
  return ct_tv_fit_formula(&f, out, e);
}

CT_FN int64_t ct_tmem_addr(int s, int num, int pack, int64_t x) {
  int64_t W = (int64_t)ct_tmem_base_bits(s) * num, lane = x / W, y = x % W;
  if (!pack) return CT_TMEM_LANE_ADDR * lane + y;
  return CT_TMEM_LANE_ADDR * lane + 32 * (y / 16) + y % 16; /* COPY-TMEM16: half y/16 in column y/16's low bits */
}

CT_FN ct_code ct_tmem_val_id(int s, int num, int pack, ct_layout *out, ct_err *e) {
  int64_t W, x, n, a;
  int hdr, sub;
  ct_leaf_form F;
  if (s < 0 || s >= CT_TMEM_SHAPES) return CT_FAIL(e, CT_ARG_TYPE, "copy_tmem: no tcgen05 shape %d", s);
  if (num < 1 || num > ct_tmem_max_num(s) || (num & (num - 1)) != 0)
    return CT_FAIL(e, CT_ARG_TYPE, "copy_tmem: tcgen05's .num of this shape is x1, x2, ... x%d, not x%d",
                   ct_tmem_max_num(s), num);
  W = (int64_t)ct_tmem_base_bits(s) * num;
  n = W * ct_tmem_lanes(s);
  ct_t_clear(&out->shape);
  ct_t_clear(&out->stride);
  CT_TRY(ct_t_open(&out->shape, &hdr, e));
  CT_TRY(ct_t_open(&out->stride, &sub, e));
  if (pack) { /* the lane's bits: (16, W/16):(1, 32) */
    int h1, h2;
    CT_TRY(ct_t_open(&out->shape, &h1, e));
    CT_TRY(ct_t_push_int(&out->shape, 16, 1, e));
    CT_TRY(ct_t_push_int(&out->shape, W / 16, 1, e));
    CT_TRY(ct_t_close(&out->shape, h1, e));
    CT_TRY(ct_t_open(&out->stride, &h2, e));
    CT_TRY(ct_t_push_int(&out->stride, 1, 1, e));
    CT_TRY(ct_t_push_int(&out->stride, 32, 1, e));
    CT_TRY(ct_t_close(&out->stride, h2, e));
  } else {
    CT_TRY(ct_t_push_int(&out->shape, W, 1, e));
    CT_TRY(ct_t_push_int(&out->stride, 1, 1, e));
  }
  CT_TRY(ct_t_push_int(&out->shape, ct_tmem_lanes(s), 1, e));
  CT_TRY(ct_t_push_int(&out->stride, CT_TMEM_LANE_ADDR, 1, e));
  CT_TRY(ct_t_close(&out->shape, hdr, e));
  CT_TRY(ct_t_close(&out->stride, sub, e));
  ct_lf_init(&F, out);
  for (x = 0; x < n; ++x) { /* the layout is the address map at every bit, not assumed */
    CT_TRY(ct_lf_eval(&F, x, &a, e));
    if (a != ct_tmem_addr(s, num, pack, x))
      return CT_FAIL(e, CT_NO_LAYOUT, "copy_tmem: the TMEM addresses are no layout at bit %lld", (long long)x);
  }
  return CT_OK;
}

#if !CT_ON_DEVICE
static const char *const ct_tmem_shape_names[CT_TMEM_SHAPES] = {"32dp32b", "16dp64b", "16dp128b", "16dp256b",
                                                                 "16dp32b"};

void ct_tmem_name(int ld, int s, int num, int pack, char *buf, int cap) {
  snprintf(buf, (size_t)cap, "SM100_TMEM_%s_%s%dx%s", ld ? "LOAD" : "STORE",
           ct_tmem_shape_names[((s % CT_TMEM_SHAPES) + CT_TMEM_SHAPES) % CT_TMEM_SHAPES], num, pack ? "_16b" : "");
}

int ct_tmem_by_name(const char *name, int *ld, int *s, int *num, int *pack) {
  const char *const *shape = ct_tmem_shape_names;
  const char *p;
  size_t n;
  int k;
  char *end;
  long x;
  if (strncmp(name, "SM100_TMEM_LOAD_", 16) == 0) {
    *ld = 1;
    p = name + 16;
  } else if (strncmp(name, "SM100_TMEM_STORE_", 17) == 0) {
    *ld = 0;
    p = name + 17;
  } else
    return 0;
  for (k = 0; k < CT_TMEM_SHAPES; ++k) {
    n = strlen(shape[k]);
    if (strncmp(p, shape[k], n) != 0 || p[n] < '1' || p[n] > '9') continue;
    x = strtol(p + n, &end, 10);
    *pack = end[0] == 'x' && strcmp(end + 1, "_16b") == 0; /* .pack::16b / .unpack::16b (COPY-TMEM16) */
    if (end[0] != 'x' || (end[1] != '\0' && !*pack) || x < 1 || x > 128 || (x & (x - 1)) != 0 ||
        x > ct_tmem_max_num(k))
      return 0;
    *s = k;
    *num = (int)x;
    return 1;
  }
  return 0;
}
#endif
