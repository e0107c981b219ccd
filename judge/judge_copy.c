/* judge_copy.c -- judges of spec/copy.md: COPY-1..COPY-7. None reads
 * ref/copy_atom.c's formulas: COPY-1..COPY-4 use only the atom's count of
 * matrices and PTX's register and row sizes, COPY-5 PTX's description as
 * its own words write it (ct_jc_ptx_bit). */
#include "judge/judge_copy.h"

#include "ref/inverse.h"

CT_FN static void ct_jc_clear(uint64_t *bits, int64_t n) {
  int64_t w;
  for (w = 0; w < (n + 63) / 64; ++w) bits[w] = 0;
}

/* Marks x in a bitmap of n bits: 0 if x is outside [0, n), -1 if marked
 * before, 1 if new. */
CT_FN static int ct_jc_mark(uint64_t *bits, int64_t n, int64_t x) {
  if (x < 0 || x >= n) return 0;
  if ((bits[x >> 6] >> (x & 63)) & 1) return -1;
  bits[x >> 6] |= (uint64_t)1 << (x & 63);
  return 1;
}

/* The register side, as COPY-DEF says it, read here rather than from
 * ref/: ldmatrix writes registers (dst), stmatrix reads them (src), and the
 * reference is the register side of both. */
CT_FN static int ct_jc_regs(int st, int which) {
  if (which == CT_COPY_REF || st == CT_COPY_ONE || st == CT_COPY_MOVM) return 1;
  return st == CT_COPY_STSM || st == CT_COPY_STSM8 ? which == CT_COPY_SRC : which == CT_COPY_DST;
}

/* The bits the atom moves: N 8 x 8 matrices of 16 bits (N 16 x 8 of 8
 * bits), N 16 x 16 of 8 bits, or a one-thread atom's num. */
CT_FN static int64_t ct_jc_bits(int st, int num) {
  return st == CT_COPY_ONE ? num : (st == CT_COPY_LDSM16 ? 2048 : 1024) * (int64_t)num;
}

/* A lane's values on the register side: 32 bits a register, two registers
 * a matrix for ldmatrix.m16n16 (COPY-B8), one otherwise. */
CT_FN static int64_t ct_jc_reg_bits(int st, int num) { return 32 * (int64_t)num * (st == CT_COPY_LDSM16 ? 2 : 1); }

/* The rows the lanes address: 16 a matrix for ldmatrix.m16n16, else 8. */
CT_FN static int64_t ct_jc_rows(int st, int num) { return (st == CT_COPY_LDSM16 ? 16 : 8) * (int64_t)num; }

/* COPY-B8's tile rows of an m16n16 matrix: PTX's row i (lane i's address)
 * is the tile's row with i's bit 0 as its bit 0, i's bit 1 as its bit 3 and
 * i's bits 2..3 as its bits 1..2. */
CT_FN static int64_t ct_jc_tile16(int64_t i) { return (i & 1) | ((i & 2) << 2) | ((i >> 2) << 1); }

/* PTX's words (9.7.14.5.15, 9.7.14.5.16), apart from ref/copy_atom.c's
 * formula: lanes 8j..8j+7 address the 16-byte rows of matrix j (a lane past
 * 8N repeats a lower one); a group of four lanes 4r..4r+3 moves row r, lane
 * 4r + k the bytes 4k..4k+3 of it into (from) its register j; .trans moves
 * stored element (c, r) where (r, c) would go. A one-thread atom moves its
 * bits in order. */
CT_FN static int64_t ct_jc_ptx_bit(int st, int num, int trans, int which, int64_t t, int64_t v) {
  int64_t j = v / 32, r = t / 4, k = t % 4, w = v % 32, c = 2 * k + w / 16;
  if (st == CT_COPY_ONE) return v;
  if (st == CT_COPY_LDSM16 && !ct_jc_regs(st, which)) { /* lane t: row t % 16 of matrix t / 16 (x1: t mod 16) */
    int64_t i = t % (16 * (int64_t)num);
    return 2048 * (i / 16) + 128 * ct_jc_tile16(i % 16) + v;
  }
  if (!ct_jc_regs(st, which)) return 128 * (t % (8 * (int64_t)num)) + v;
  if (st == CT_COPY_LDSM16) { /* the fragment (the transpose): rows r, r + 8, columns 4k .. 4k+3; register v / 32 */
    int64_t R = v / 32, b = (v % 32) / 8, m = r + 8 * (b / 2), n = 4 * k + 2 * (R % 2) + b % 2;
    return 2048 * (R / 2) + 128 * ct_jc_tile16(n) + 8 * m + v % 8;
  }
  if (st == CT_COPY_STSM8) { /* the 16 x 8 fragment's (r + 8(b/2), 2k + b%2), stored column-major */
    int64_t b = (v % 32) / 8, m = r + 8 * (b / 2), n = 2 * k + b % 2;
    return 1024 * j + 128 * n + 8 * m + v % 8;
  }
  if (!trans) return 1024 * j + 128 * r + 32 * k + w;
  return 1024 * j + 128 * c + 16 * r + w % 16;
}

CT_FN ct_jstatus ct_judge_copy_1(int st, int num, int trans, int which, const ct_layout *L, ct_judgement *j) {
  int64_t T, V, want = st == CT_COPY_ONE ? num : ct_jc_regs(st, which) ? ct_jc_reg_bits(st, num) : 128,
                threads = st == CT_COPY_ONE ? 1 : 32;
  (void)trans;
  if (!ct_j_tv_sizes(L, &T, &V)) return CT_J_VIOLATES(j, "COPY-1", "the layout is no (thread, value) pair of modes");
  if (T != threads)
    return CT_J_VIOLATES(j, "COPY-1", "%lld threads; the atom has %lld", (long long)T, (long long)threads);
  if (V != want)
    return CT_J_VIOLATES(j, "COPY-1", "%lld values (bits) a thread; PTX's %s has %lld", (long long)V,
                         ct_jc_regs(st, which) ? "registers" : "row", (long long)want);
  return ct_j_holds(j, "COPY-1");
}

CT_FN ct_jstatus ct_judge_copy_2(int st, int num, const ct_layout *L, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH uint64_t seen[CT_COPY_BITS_MAX / 64];
  int64_t T, V, t, v, n = ct_jc_bits(st, num);
  ct_leaf_form F;
  if (!ct_j_tv_sizes(L, &T, &V)) return CT_J_VIOLATES(j, "COPY-2", "the layout is no (thread, value) pair of modes");
  if (T * V != n)
    return CT_J_VIOLATES(j, "COPY-2", "%lld (thread, value) pairs for %lld bits", (long long)(T * V), (long long)n);
  if (n > CT_COPY_BITS_MAX || T * V > bound) return ct_j_unchecked(j, "COPY-2");
  ct_jc_clear(seen, n);
  ct_lf_init(&F, L);
  for (v = 0; v < V; ++v)
    for (t = 0; t < T; ++t) {
      int64_t x = ct_j_at_form(&F, t + T * v);
      if (ct_jc_mark(seen, n, x) != 1)
        return CT_J_VIOLATES_AT(j, "COPY-2", t + T * v,
                                "(t, v) = (%lld, %lld) gives bit %lld: outside [0, %lld) or held twice", (long long)t,
                                (long long)v, (long long)x, (long long)n);
    }
  return ct_j_holds(j, "COPY-2");
}

CT_FN ct_jstatus ct_judge_copy_3(int st, int num, const ct_layout *L, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH uint64_t seen[CT_COPY_BITS_MAX / 64];
  int64_t T, V, t, v, rows = ct_jc_rows(st, num);
  ct_leaf_form F;
  if (st == CT_COPY_ONE || st == CT_COPY_MOVM) /* one thread, or movmatrix's registers: no rows addressed by lanes */
    return ct_j_holds(j, "COPY-3");
  if (!ct_j_tv_sizes(L, &T, &V) || T != 32 || V != 128)
    return CT_J_VIOLATES(j, "COPY-3", "the layout is no (32 threads, 128 bits) pair of modes");
  if (T * V > bound) return ct_j_unchecked(j, "COPY-3");
  ct_lf_init(&F, L);
  ct_jc_clear(seen, rows);
  for (t = 0; t < T; ++t) {
    int64_t x = ct_j_at_form(&F, t);
    for (v = 1; v < V; ++v)
      if (ct_j_at_form(&F, t + T * v) != x + v)
        return CT_J_VIOLATES_AT(j, "COPY-3", t + T * v, "lane %lld: bit %lld is at %lld, not its row's %lld + %lld",
                                (long long)t, (long long)v, (long long)ct_j_at_form(&F, t + T * v), (long long)x,
                                (long long)v);
    if (t >= rows) {
      if (x != ct_j_at_form(&F, t % rows))
        return CT_J_VIOLATES_AT(j, "COPY-3", t, "lane %lld gives no address; it should repeat lane %lld's row",
                                (long long)t, (long long)(t % rows));
      continue;
    }
    if (x % 128 != 0 || ct_jc_mark(seen, rows, x / 128) != 1)
      return CT_J_VIOLATES_AT(j, "COPY-3", t, "lane %lld addresses bit %lld: no row of [0, %lld), or a row twice",
                              (long long)t, (long long)x, (long long)rows);
  }
  return ct_j_holds(j, "COPY-3");
}

/* The bits a layout reaches, marked in `bits` (n of them); 0 if one is
 * outside [0, n) (the index of the first such pair in *at). */
CT_FN static int ct_jc_image(const ct_layout *L, uint64_t *bits, int64_t n, int64_t *at) {
  ct_leaf_form F;
  int64_t i, size = ct_j_size(L);
  ct_jc_clear(bits, n);
  ct_lf_init(&F, L);
  for (i = 0; i < size; ++i)
    if (ct_jc_mark(bits, n, ct_j_at_form(&F, i)) == 0) {
      *at = i;
      return 0;
    }
  return 1;
}

CT_FN ct_jstatus ct_judge_copy_4(int st, int num, const ct_layout *src, const ct_layout *dst, const ct_layout *ref,
                                 int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH uint64_t a[CT_COPY_BITS_MAX / 64], b[CT_COPY_BITS_MAX / 64];
  int64_t n = ct_jc_bits(st, num), x, w, at = 0, y = 0, r = 0;
  ct_layout R;
  ct_err e;
  if (n > CT_COPY_BITS_MAX || ct_j_size(src) > bound || ct_j_size(dst) > bound || n > bound)
    return ct_j_unchecked(j, "COPY-4");
  if (ct_right_inverse(ref, &R, &e) != CT_OK) return ct_j_unchecked(j, "COPY-4");
  if (ct_j_size(&R) < n)
    return CT_J_VIOLATES(j, "COPY-4", "right_inverse(ref) has %lld points; the atom moves %lld bits",
                         (long long)ct_j_size(&R), (long long)n);
  for (x = 0; x < n; ++x) {
    if (ct_l_eval(&R, x, &r, &e) != CT_OK || ct_l_eval(ref, r, &y, &e) != CT_OK || y != x)
      return CT_J_VIOLATES_AT(j, "COPY-4", x, "ref(right_inverse(ref)(%lld)) = %lld, not %lld", (long long)x,
                              (long long)y, (long long)x);
  }
  if (!ct_jc_image(src, a, n, &at))
    return CT_J_VIOLATES_AT(j, "COPY-4", at, "src reaches a bit outside the %lld the atom moves", (long long)n);
  if (!ct_jc_image(dst, b, n, &at))
    return CT_J_VIOLATES_AT(j, "COPY-4", at, "dst reaches a bit outside the %lld the atom moves", (long long)n);
  for (w = 0; w < (n + 63) / 64; ++w) {
    uint64_t full = n - 64 * w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << (n - 64 * w)) - 1;
    if (a[w] != full || b[w] != full)
      return CT_J_VIOLATES(j, "COPY-4", "%s misses a bit of [%lld, %lld)", a[w] != full ? "src" : "dst",
                           (long long)(64 * w), (long long)(64 * w + 64));
  }
  return ct_j_holds(j, "COPY-4");
}

CT_FN ct_jstatus ct_judge_copy_5(int st, int num, int trans, int which, const ct_layout *L, int64_t bound,
                                 ct_judgement *j) {
  int64_t T, V, t, v;
  ct_leaf_form F;
  int64_t want_v = st == CT_COPY_ONE ? num : ct_jc_regs(st, which) ? ct_jc_reg_bits(st, num) : 128,
          want_t = st == CT_COPY_ONE ? 1 : 32;
  if (!ct_j_tv_sizes(L, &T, &V) || T != want_t || V != want_v)
    return CT_J_VIOLATES(j, "COPY-5", "the layout is no (%lld threads, %lld values) pair of modes", (long long)want_t,
                         (long long)want_v);
  if (T * V > bound) return ct_j_unchecked(j, "COPY-5");
  ct_lf_init(&F, L);
  for (v = 0; v < V; ++v)
    for (t = 0; t < T; ++t) {
      int64_t got = ct_j_at_form(&F, t + T * v), want = ct_jc_ptx_bit(st, num, trans, which, t, v);
      if (got != want)
        return CT_J_VIOLATES_AT(j, "COPY-5", t + T * v, "L(%lld, %lld) = %lld, PTX's bit is %lld", (long long)t,
                                (long long)v, (long long)got, (long long)want);
    }
  return ct_j_holds(j, "COPY-5");
}

/* COPY-6: movmatrix's destination, read in the source matrix's bits (bit
 * (r, c, b) of the transpose D is bit (c, r, b) of M), is PTX's .trans
 * register fragment: lane t holds M(2k + e, r) as its element e (the words
 * of ct_jc_ptx_bit, .x1 .trans), at every (t, v). */
CT_FN ct_jstatus ct_judge_copy_6(const ct_layout *dst, int64_t bound, ct_judgement *j) {
  int64_t T, V, t, v;
  ct_leaf_form F;
  if (!ct_j_tv_sizes(dst, &T, &V) || T != 32 || V != 32)
    return CT_J_VIOLATES(j, "COPY-6", "the layout is no (32 threads, 32 bits) pair of modes");
  if (T * V > bound) return ct_j_unchecked(j, "COPY-6");
  ct_lf_init(&F, dst);
  for (v = 0; v < V; ++v)
    for (t = 0; t < T; ++t) {
      int64_t x = ct_j_at_form(&F, t + T * v), want = ct_jc_ptx_bit(CT_COPY_LDSM, 1, 1, CT_COPY_DST, t, v), in_m;
      if (x < 0 || x >= 1024)
        return CT_J_VIOLATES_AT(j, "COPY-6", t + T * v, "L(%lld, %lld) = %lld: no bit of one 8 x 8 matrix",
                                (long long)t, (long long)v, (long long)x);
      in_m = 128 * ((x % 128) / 16) + 16 * (x / 128) + x % 16; /* D's (r, c) is M's (c, r) */
      if (in_m != want)
        return CT_J_VIOLATES_AT(j, "COPY-6", t + T * v,
                                "lane %lld's bit %lld is the transpose's bit %lld, M's %lld; PTX's .trans fragment "
                                "holds M's %lld",
                                (long long)t, (long long)v, (long long)x, (long long)in_m, (long long)want);
    }
  return ct_j_holds(j, "COPY-6");
}

/* COPY-7: the .b8 forms as PTX's text says them, through both sides: each
 * byte a lane holds on the register side `regs` is one whole byte of a row
 * that a lane a < rows addresses on the address side `addr`; ldmatrix.m16n16:
 * lane 4r + k holds the bytes of columns r and r + 8 of the rows addressed
 * by lanes 4k .. 4k+3 of a matrix ("4 consecutive columns across 2 rows" of
 * the transpose); stmatrix.m16n8: of the rows of lanes 2k, 2k+1. */
CT_FN ct_jstatus ct_judge_copy_7(int st, int num, const ct_layout *addr, const ct_layout *regs, int64_t bound,
                                 ct_judgement *j) {
  int64_t T, V, Ta, Va, t, v, a, b, rows = ct_jc_rows(st, num), per = st == CT_COPY_LDSM16 ? 16 : 8;
  ct_leaf_form F, A;
  if (st != CT_COPY_LDSM16 && st != CT_COPY_STSM8) return ct_j_holds(j, "COPY-7");
  if (!ct_j_tv_sizes(regs, &T, &V) || !ct_j_tv_sizes(addr, &Ta, &Va) || T != 32 || Ta != 32 || Va != 128 ||
      V != ct_jc_reg_bits(st, num))
    return CT_J_VIOLATES(j, "COPY-7", "the layouts are no (32 threads, values) pairs of PTX's sizes");
  if (T * V > bound) return ct_j_unchecked(j, "COPY-7");
  ct_lf_init(&F, regs);
  ct_lf_init(&A, addr);
  for (t = 0; t < T; ++t)
    for (v = 0; v < V; v += 8) {
      int64_t x = ct_j_at_form(&F, t + T * v), row = x - x % 128, c = (x % 128) / 8, r = t / 4, k = t % 4, i;
      for (b = 1; b < 8; ++b)
        if (ct_j_at_form(&F, t + T * (v + b)) != x + b)
          return CT_J_VIOLATES_AT(j, "COPY-7", t + T * (v + b), "lane %lld's byte %lld is no whole byte at %lld",
                                  (long long)t, (long long)(v / 8), (long long)x);
      for (a = 0; a < rows && ct_j_at_form(&A, a) != row; ++a) {
      }
      if (a == rows || x % 8 != 0)
        return CT_J_VIOLATES_AT(j, "COPY-7", t + T * v, "lane %lld's byte %lld (bit %lld) is in no row a lane addresses",
                                (long long)t, (long long)(v / 8), (long long)x);
      i = a % per;
      if ((c != r && c != r + 8) || (st == CT_COPY_LDSM16 ? i / 4 != k : i / 2 != k))
        return CT_J_VIOLATES_AT(j, "COPY-7", t + T * v,
                                "lane %lld holds column %lld of lane %lld's row; PTX gives it columns %lld and %lld of "
                                "the rows of lanes %lld..%lld",
                                (long long)t, (long long)c, (long long)a, (long long)r, (long long)(r + 8),
                                (long long)(st == CT_COPY_LDSM16 ? 4 * k : 2 * k),
                                (long long)(st == CT_COPY_LDSM16 ? 4 * k + 3 : 2 * k + 1));
    }
  return ct_j_holds(j, "COPY-7");
}
