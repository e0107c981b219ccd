/* judge_tmem.c -- COPY-8, COPY-9, COPY-10 and COPY-11 of spec/copy.md
 * (COPY-TMEM, COPY-TMEM16, COPY-UTCCP). None
 * reads ref/copy_tmem.c's formula: COPY-8 uses the tile's size (lanes x
 * bits from the shape's name and .num) and the 32-bit registers; COPY-9
 * PTX's figures in its own words (ct_jt_figure); COPY-10 those and PTX's
 * words for .pack::16b: two 16-bit elements of adjacent columns a register;
 * COPY-11 PTX's words for tcgen05.cp's shapes and multicast, written here
 * apart from ref/copy_utccp.c (ct_jt_cp_warps). */
#include "judge/judge_tmem.h"

/* The shape's lanes and bits a lane (one repetition), from its name:
 * .32x32b 32 lanes of 32 bits, .16x64b/.16x128b/.16x256b 16 lanes of 64, 128,
 * 256; .16x32bx2 16 lanes of two halves of 32. */
CT_FN static int64_t ct_jt_lanes(int s) { return s == CT_TMEM_32x32b ? 32 : 16; }
CT_FN static int64_t ct_jt_lane_bits(int s, int num) {
  return (int64_t)(s == CT_TMEM_32x32b ? 32 : s == CT_TMEM_16x128b ? 128 : s == CT_TMEM_16x256b ? 256 : 64) * num;
}

/* The 32-bit column of the tile's lane `lane` that thread t's register r
 * holds, as PTX's figures 183-187 draw them (g = t / 4, q = t % 4): the
 * lane in *lane, the column in the return. */
CT_FN static int64_t ct_jt_figure(int s, int num, int64_t t, int64_t r, int64_t *lane) {
  int64_t g = t / 4, q = t % 4;
  switch (s) {
  case CT_TMEM_32x32b: *lane = t; return r;                         /* lane t, register r = column r */
  case CT_TMEM_16x64b: *lane = g + (t & 1 ? 8 : 0); return 2 * r + (q >> 1); /* even threads lane g, odd g + 8 */
  case CT_TMEM_16x128b: *lane = g + 8 * (r % 2); return 4 * (r / 2) + q;    /* r0 lane g, r1 lane g + 8 */
  case CT_TMEM_16x256b: *lane = g + 8 * ((r / 2) % 2); return 8 * (r / 4) + 2 * q + r % 2;
  default: *lane = t % 16; return r + (t >= 16 ? num : 0); /* .16x32bx2: the second half after the first */
  }
}

CT_FN static int ct_jt_mark(uint64_t *bits, int64_t n, int64_t x) {
  if (x < 0 || x >= n) return 0;
  if ((bits[x >> 6] >> (x & 63)) & 1) return -1;
  bits[x >> 6] |= (uint64_t)1 << (x & 63);
  return 1;
}

/* The TMEM side: 32 threads, `n` values, every thread's value v the bit v. */
CT_FN static int ct_jt_whole_tile(const ct_layout *L, int64_t n) {
  int64_t T, V, t, v;
  ct_leaf_form F;
  if (!ct_j_tv_sizes(L, &T, &V) || T != 32 || V != n) return 0;
  ct_lf_init(&F, L);
  for (t = 0; t < T; ++t) {
    int64_t at[3] = {0, 1, n - 1};
    int k;
    for (k = 0; k < 3; ++k)
      if (ct_j_at_form(&F, t + T * at[k]) != at[k]) return 0;
  }
  for (v = 0; v < V; ++v)
    if (ct_j_at_form(&F, T * v) != v || ct_j_at_form(&F, 31 + T * v) != v) return 0;
  return 1;
}

CT_FN ct_jstatus ct_judge_copy_8(int ld, int s, int num, const ct_layout *src, const ct_layout *dst,
                                 const ct_layout *ref, ct_judgement *j) {
  CT_JUDGE_SCRATCH uint64_t seen[CT_TMEM_BITS_MAX / 64];
  const ct_layout *regs = ld ? dst : src, *tmem = ld ? src : dst;
  int64_t n = ct_jt_lanes(s) * ct_jt_lane_bits(s, num), T, V, t, r, b, w;
  ct_leaf_form F;
  if (!ct_jt_whole_tile(tmem, n) || !ct_jt_whole_tile(ref, n))
    return CT_J_VIOLATES(j, "COPY-8", "the %s side or the reference is no (32, %lld):(0, 1), the whole tile for each thread",
                         ld ? "source (TMEM)" : "destination (TMEM)", (long long)n);
  if (!ct_j_tv_sizes(regs, &T, &V) || T != 32 || 32 * V != n)
    return CT_J_VIOLATES(j, "COPY-8", "the register side is no (32 threads, %lld bits) pair of modes", (long long)(n / 32));
  if (n > CT_TMEM_BITS_MAX) return ct_j_unchecked(j, "COPY-8");
  for (w = 0; w < n / 64; ++w) seen[w] = 0;
  ct_lf_init(&F, regs);
  for (t = 0; t < T; ++t)
    for (r = 0; r < V / 32; ++r) {
      int64_t x = ct_j_at_form(&F, t + T * 32 * r);
      if (x % 32 != 0 || x < 0 || x >= n)
        return CT_J_VIOLATES_AT(j, "COPY-8", t + T * 32 * r,
                                "thread %lld's register %lld starts at bit %lld: no 32-bit column of the %lld lanes",
                                (long long)t, (long long)r, (long long)x, (long long)ct_jt_lanes(s));
      for (b = 0; b < 32; ++b) {
        int64_t y = ct_j_at_form(&F, t + T * (32 * r + b));
        if (y != x + b || ct_jt_mark(seen, n, y) != 1)
          return CT_J_VIOLATES_AT(j, "COPY-8", t + T * (32 * r + b),
                                  "thread %lld's register %lld, bit %lld, is TMEM bit %lld: not bit %lld of its column, "
                                  "or held twice",
                                  (long long)t, (long long)r, (long long)b, (long long)y, (long long)(x + b));
      }
    }
  return ct_j_holds(j, "COPY-8");
}

CT_FN ct_jstatus ct_judge_copy_9(int s, int num, const ct_layout *regs, int64_t bound, ct_judgement *j) {
  int64_t T, V, t, v, W = ct_jt_lane_bits(s, num);
  ct_leaf_form F;
  if (!ct_j_tv_sizes(regs, &T, &V) || T != 32 || 32 * V != ct_jt_lanes(s) * W)
    return CT_J_VIOLATES(j, "COPY-9", "the register side is no (32 threads, %lld bits) pair of modes",
                         (long long)(ct_jt_lanes(s) * W / 32));
  if (T * V > bound) return ct_j_unchecked(j, "COPY-9");
  ct_lf_init(&F, regs);
  for (v = 0; v < V; ++v)
    for (t = 0; t < T; ++t) {
      int64_t lane = 0, col = ct_jt_figure(s, num, t, v / 32, &lane), want = W * lane + 32 * col + v % 32,
              got = ct_j_at_form(&F, t + T * v);
      if (got != want)
        return CT_J_VIOLATES_AT(j, "COPY-9", t + T * v,
                                "thread %lld's value %lld is TMEM bit %lld; PTX's figure gives lane %lld, column %lld "
                                "(bit %lld)",
                                (long long)t, (long long)v, (long long)got, (long long)lane, (long long)col,
                                (long long)want);
    }
  return ct_j_holds(j, "COPY-9");
}

CT_FN ct_jstatus ct_judge_copy_10(int s, int num, int pack, const ct_layout *regs, const ct_layout *addr, int64_t bound,
                                  ct_judgement *j) {
  int64_t T, V, t, v, x, W = ct_jt_lane_bits(s, num), n = ct_jt_lanes(s) * W;
  ct_leaf_form F, A;
  if (!ct_j_tv_sizes(regs, &T, &V) || T != 32 || 32 * V != n)
    return CT_J_VIOLATES(j, "COPY-10", "the register side is no (32 threads, %lld bits) pair of modes",
                         (long long)(n / 32));
  if (ct_j_size(addr) != n)
    return CT_J_VIOLATES(j, "COPY-10", "the address map has %lld bits, not the tile's %lld", (long long)ct_j_size(addr),
                         (long long)n);
  if (T * V > bound) return ct_j_unchecked(j, "COPY-10");
  ct_lf_init(&F, regs);
  ct_lf_init(&A, addr); /* read at x by a jump: no table of 2^15 addresses, too big a GPU local */
  for (v = 0; v < V; ++v)
    for (t = 0; t < T; ++t) {
      int64_t lane = 0, col = ct_jt_figure(s, num, t, v / 32, &lane), got, want;
      x = ct_j_at_form(&F, t + T * v);
      /* .pack::16b: "two 16-bit elements from adjacent columns" in one register, the low half the first column */
      want = ((int64_t)1 << 21) * lane + (pack ? 32 * (2 * col + (v % 32) / 16) + v % 16 : 32 * col + v % 32);
      if (x < 0 || x >= n)
        return CT_J_VIOLATES_AT(j, "COPY-10", t + T * v, "thread %lld's value %lld is bit %lld, outside the tile",
                                (long long)t, (long long)v, (long long)x);
      got = ct_j_at_form(&A, x);
      if (got != want)
        return CT_J_VIOLATES_AT(j, "COPY-10", t + T * v,
                                "thread %lld's value %lld (register %lld, bit %lld) is at TMEM address %lld; PTX gives "
                                "lane %lld, column %lld, bit %lld (%lld)",
                                (long long)t, (long long)v, (long long)(v / 32), (long long)(v % 32), (long long)got,
                                (long long)lane, (long long)(pack ? 2 * col + (v % 32) / 16 : col),
                                (long long)(pack ? v % 16 : v % 32), (long long)want);
    }
  return ct_j_holds(j, "COPY-10");
}

/* tcgen05.cp's shape s (ref/copy_utccp.h's order) in PTX's words: .128x256b,
 * .128x128b, .4x256b, .32x128b.warpx4, .64x128b.warpx2::02_13, ::01_23. */
CT_FN static int64_t ct_jt_cp_rows(int s) { return s < 2 ? 128 : s == 2 ? 4 : s == 3 ? 32 : 64; }
CT_FN static int64_t ct_jt_cp_bits(int s) { return s == 0 || s == 2 ? 256 : 128; }

/* The warps (32 lanes each) that row r of shape s lands in, as a bit set,
 * and the row's lane within each: 128 rows fill lanes 0..127 in order;
 * .4x256b one row a warp, its first lane; .warpx4 every warp; ::02_13
 * "warps 0 and 2" for rows 0..31, "1 and 3" for 32..63; ::01_23 "0 and 1",
 * then "2 and 3". */
CT_FN static int ct_jt_cp_warps(int s, int64_t r, int64_t *in_warp) {
  *in_warp = s == 2 ? 0 : r % 32;
  switch (s) {
  case 2: return 1 << r;
  case 3: return 15;
  case 4: return r < 32 ? 5 : 10;
  case 5: return r < 32 ? 3 : 12;
  default: return 1 << (r / 32);
  }
}

CT_FN ct_jstatus ct_judge_copy_11(int s, const ct_layout *addr, int r0, int y0, ct_judgement *j) {
  int64_t R = ct_jt_cp_rows(s), W = ct_jt_cp_bits(s), D = (int64_t)1 << 21, M, r, m, y;
  uint64_t lanes[2] = {0, 0}; /* the lanes written: unsigned, lane 63's bit is 1 << 63 */
  int warps, seen;
  ct_leaf_form A;
  if (s < 0 || s > 5) return CT_J_VIOLATES(j, "COPY-11", "no tcgen05.cp shape %d", s);
  warps = ct_jt_cp_warps(s, 0, &r);
  M = (warps & 1) + (warps >> 1 & 1) + (warps >> 2 & 1) + (warps >> 3 & 1); /* the copies: one a warp named */
  if (ct_j_size(addr) != R * W * M)
    return CT_J_VIOLATES(j, "COPY-11", "the addresses have %lld bits, not %lld rows of %lld bits, %lld copies",
                         (long long)ct_j_size(addr), (long long)R, (long long)W, (long long)M);
  ct_lf_init(&A, addr);
  r0 = (int)(r0 % R);
  y0 = (int)(y0 % W);
  for (r = 0; r < R; ++r) {
    int64_t in_warp, want = ct_jt_cp_warps(s, r, &in_warp);
    seen = 0;
    for (m = 0; m < M; ++m) {
      int64_t x = r + R * W * m, a = ct_j_at_form(&A, x), lane = a / D;
      if (a < 0 || a % D != 0 || lane >= 128 || lane % 32 != in_warp || !(want >> (lane / 32) & 1) ||
          (seen >> (lane / 32) & 1))
        return CT_J_VIOLATES_AT(j, "COPY-11", x,
                                "row %lld's copy %lld starts at address %lld (lane %lld); PTX names lane %lld of "
                                "warps %#llx, each once",
                                (long long)r, (long long)m, (long long)a, (long long)lane, (long long)in_warp,
                                (unsigned long long)want);
      seen |= 1 << (lane / 32);
      if (lanes[lane / 64] >> (lane % 64) & 1)
        return CT_J_VIOLATES_AT(j, "COPY-11", x, "lane %lld is written twice", (long long)lane);
      lanes[lane / 64] |= (uint64_t)1 << (lane % 64);
      /* bit y0 of every row, and every bit of row r0: the lane's columns in order */
      for (y = (r == r0 ? 0 : y0); y < (r == r0 ? W : y0 + 1); ++y)
        if (ct_j_at_form(&A, x + R * y) != a + y)
          return CT_J_VIOLATES_AT(j, "COPY-11", x + R * y,
                                  "row %lld's bit %lld (copy %lld) is at %lld, not its lane's bit %lld (%lld)",
                                  (long long)r, (long long)y, (long long)m, (long long)ct_j_at_form(&A, x + R * y),
                                  (long long)y, (long long)(a + y));
    }
  }
  return ct_j_holds(j, "COPY-11");
}
