/* copy_atom.c -- ldmatrix and stmatrix as the PTX ISA describes them
 * (spec/copy.md, COPY-DEF): PTX ISA 9.7.14.5.15, "Warp-level matrix load
 * instruction: ldmatrix", and 9.7.14.5.16, "Warp-level matrix store
 * instruction: stmatrix", for .shape .m8n8 and .b16 elements. Lanes 8j ..
 * 8j+7 give the addresses of matrix j's rows 0..7 (x1: lanes 0-7, x2: 0-15,
 * x4: all); register r_j of lane t holds matrix j's elements (g, 2q) and
 * (g, 2q + 1), g = t / 4, q = t % 4, low half first; .trans gives (2q, g)
 * and (2q + 1, g) of the matrix as stored. The one-thread atoms (cp.async,
 * PTX's "Data Movement and Conversion Instructions: cp.async", cp-size 4, 8
 * or 16 bytes; TMA, cp.async.bulk(.tensor); CuTe's UniversalCopy<T>) move
 * one thread's bits 0 .. bits-1 in order. movmatrix (PTX's "Warp-level
 * matrix transpose instruction: movmatrix", .m8n8.trans.b16) moves a
 * register fragment of one 8 x 8 matrix to one of its transpose: source and
 * destination are ldmatrix's register side, each in its own matrix's bits
 * (COPY-MOVM). SM100's .b8 forms (COPY-B8): ldmatrix.m16n16.xN.trans.b8
 * (16 rows of 16 bytes a matrix, lanes 16j .. 16j+15 address matrix j's;
 * the text: "each thread loads 4 consecutive columns across 2 rows", two
 * registers a matrix) and stmatrix.m16n8.xN.trans.b8 (a 16 x 8 matrix
 * stored column-major: 8 rows of 16 bytes, addressed as .m8n8's; one
 * register e0..e3 a matrix). */
#include "copy_atom.h"

#include "copy_tmem.h"
#include "tv_fit.h"

#if !CT_ON_DEVICE
#include <stdio.h>
#include <string.h>
#endif

CT_FN void ct_copy_atom_k(int k, int *st, int *num, int *trans) {
  int j = ((k % CT_COPY_ATOMS) + CT_COPY_ATOMS) % CT_COPY_ATOMS;
  *st = j / 6;
  *num = 1 << ((j / 2) % 3);
  *trans = j % 2;
}

CT_FN void ct_copy_b8_atom_k(int k, int *st, int *num, int *trans) {
  int j = ((k % CT_COPY_B8_ATOMS) + CT_COPY_B8_ATOMS) % CT_COPY_B8_ATOMS;
  *st = j < 2 ? CT_COPY_LDSM16 : CT_COPY_STSM8;
  *num = j < 2 ? 1 << j : 1 << (j - 2);
  *trans = 1;
}

/* ldmatrix reads rows and writes registers; stmatrix the other way round.
 * The reference is the register side of both (CuTe's RefLayout). */
CT_FN int ct_copy_is_regs(int st, int which) {
  if (which == CT_COPY_REF || st == CT_COPY_ONE || st == CT_COPY_MOVM) return 1; /* one thread, movmatrix: both */
  return st == CT_COPY_STSM || st == CT_COPY_STSM8 ? which == CT_COPY_SRC : which == CT_COPY_DST;
}

CT_FN int ct_copy_rows(int st, int num) { return (st == CT_COPY_LDSM16 ? 16 : 8) * num; }
CT_FN int64_t ct_copy_matrix_bits(int st) { return st == CT_COPY_LDSM16 ? 2048 : 1024; }

/* COPY-B8: the tile's rows of ldmatrix.m16n16 are numbered as CuTe numbers
 * them, so that lane (g, q)'s bytes are the .m8n8 .trans pattern. */
CT_FN int ct_copy_tile_row16(int i) { return i % 2 + 8 * ((i / 2) % 2) + 2 * (i / 4); }

CT_FN int ct_copy_threads(int st) { return st == CT_COPY_ONE ? 1 : 32; }

CT_FN int ct_copy_values(int st, int num, int which) {
  if (st == CT_COPY_ONE) return num;
  return ct_copy_is_regs(st, which) ? 32 * num * (st == CT_COPY_LDSM16 ? 2 : 1) : 128;
}

/* The bit of element (row, col) of matrix j, bit b of its 16. */
CT_FN static int64_t ct_copy_bit(int j, int row, int col, int b) {
  return 1024 * (int64_t)j + 128 * (int64_t)row + 16 * (int64_t)col + b;
}

CT_FN int64_t ct_copy_at(int st, int num, int trans, int which, int t, int v) {
  int g = t / 4, q = t % 4, j = v / 32, e = (v % 32) / 16, b = v % 16;
  if (st == CT_COPY_ONE) return v; /* one thread moves bits 0 .. num-1, in order */
  if (st == CT_COPY_LDSM16 && !ct_copy_is_regs(st, which)) { /* lane t addresses row t % 16 of matrix t / 16 */
    int i = t % ct_copy_rows(st, num);
    return 2048 * (int64_t)(i / 16) + 128 * (int64_t)ct_copy_tile_row16(i % 16) + v;
  }
  if (!ct_copy_is_regs(st, which)) /* lane t addresses row t of the 8*num; past them, PTX reads no address:
                                      CuTe's lane t repeats lane t mod 8*num (COPY-3) */
    return 128 * (int64_t)(t % (8 * num)) + v;
  if (st == CT_COPY_LDSM16) { /* register r of matrix j (v / 64), byte k: .trans of row 4q + 2r + k%2, column g + 8(k/2) */
    int R = v / 32, k = (v % 32) / 8;
    return 2048 * (int64_t)(R / 2) + 128 * (int64_t)ct_copy_tile_row16(4 * q + 2 * (R % 2) + k % 2) +
           8 * (int64_t)(g + 8 * (k / 2)) + v % 8;
  }
  if (st == CT_COPY_STSM8) { /* register j, byte k (e_k): stored row 2q + k%2, column g + 8(k/2) */
    int k = (v % 32) / 8;
    return 1024 * (int64_t)j + 128 * (int64_t)(2 * q + k % 2) + 8 * (int64_t)(g + 8 * (k / 2)) + v % 8;
  }
  if (trans) return ct_copy_bit(j, 2 * q + e, g, b);
  return ct_copy_bit(j, g, 2 * q + e, b);
}

/* CuTe's shapes of the modes (COPY-DEF): the address side's threads
 * (8N, 32/8N), the register side's (32) or (4,8) with .trans; values 128,
 * or 32 bits per register (16 x 2 with .trans) times N registers. */
CT_FN static void ct_copy_shapes(int st, int num, int trans, int which, int *nt, int *ts, int *nv, int *vs) {
  if (st == CT_COPY_ONE) { /* CuTe's Layout<Shape<_1, Int<bits>>> */
    *nt = 1;
    ts[0] = 1;
    *nv = 1;
    vs[0] = num;
  } else if (st == CT_COPY_LDSM16 && !ct_copy_is_regs(st, which)) { /* ((2,2,4,2),128) */
    *nt = 4;
    ts[0] = ts[1] = ts[3] = 2;
    ts[2] = 4;
    *nv = 1;
    vs[0] = 128;
  } else if (!ct_copy_is_regs(st, which)) {
    *nt = num == 4 ? 1 : 2;
    ts[0] = num == 4 ? 32 : 8 * num;
    ts[1] = 32 / (8 * num);
    *nv = 1;
    vs[0] = 128;
  } else if (st == CT_COPY_LDSM16 || st == CT_COPY_STSM8) { /* ((4,8),(8,2,2[,R])): bytes, R registers */
    int R = st == CT_COPY_LDSM16 ? 2 * num : num;
    *nt = 2;
    ts[0] = 4;
    ts[1] = 8;
    *nv = R == 1 ? 3 : 4;
    vs[0] = 8;
    vs[1] = vs[2] = 2;
    vs[3] = R;
  } else if (trans) {
    *nt = 2;
    ts[0] = 4;
    ts[1] = 8;
    *nv = num == 1 ? 2 : 3;
    vs[0] = 16;
    vs[1] = 2;
    vs[2] = num;
  } else {
    *nt = 1;
    ts[0] = 32;
    *nv = num == 1 ? 1 : 2;
    vs[0] = 32;
    vs[1] = num;
  }
}

/* COPY-PRE of a one-thread atom of `bits` bits: cp.async's cp-size is 4, 8
 * or 16 bytes (.cg: 16); TMA moves whole bytes; a universal copy any type
 * of up to 1024 bits. */
CT_FN static ct_code ct_copy_one_pre(int kind, int bits, ct_err *e) {
  int ok;
  switch (kind) {
  case CT_COPY_UNIVERSAL: ok = bits >= 1 && bits <= 1024; break;
  case CT_COPY_CP_ASYNC_CA: ok = bits == 32 || bits == 64 || bits == 128; break;
  case CT_COPY_CP_ASYNC_CG: ok = bits == 128; break;
  case CT_COPY_TMA: ok = bits >= 8 && bits <= CT_COPY_ONE_MAX_BITS && bits % 8 == 0; break;
  default: return CT_FAIL(e, CT_ARG_TYPE, "copy_tv: no one-thread copy of kind %d", kind);
  }
  if (!ok)
    return CT_FAIL(e, CT_ARG_TYPE, "copy_tv: %d bits is no %s", bits,
                   kind == CT_COPY_UNIVERSAL    ? "universal copy's type (1 to 1024 bits)"
                   : kind == CT_COPY_CP_ASYNC_CA ? "cp.async.ca size (4, 8 or 16 bytes)"
                   : kind == CT_COPY_CP_ASYNC_CG ? "cp.async.cg size (16 bytes)"
                                                 : "TMA box (whole bytes, up to 2^20 bits)");
  return CT_OK;
}

/* The fit (ref/tv_fit.c, as for the MMA atoms): each stride is the formula
 * at its leaf's unit coordinate, and the layout must equal the formula at
 * every (thread, value). */
CT_FN ct_code ct_copy_tv(int st, int num, int trans, int which, ct_layout *out, ct_err *e) {
  ct_tv_formula f;
  if (st >= CT_COPY_TMEM_LD && st <= CT_COPY_TMEM_ST16) /* COPY-TMEM; _16b: the packed tile's bits (COPY-TMEM16) */
    return ct_tmem_tv(st == CT_COPY_TMEM_LD || st == CT_COPY_TMEM_LD16, trans, num, which, out, e);
  if (st < CT_COPY_LDSM || st > CT_COPY_STSM8) return CT_FAIL(e, CT_ARG_TYPE, "copy_tv: no copy instruction %d", st);
  if (st == CT_COPY_ONE) CT_TRY(ct_copy_one_pre(trans, num, e));
  else if (st == CT_COPY_LDSM16 && ((num != 1 && num != 2) || trans != 1))
    return CT_FAIL(e, CT_ARG_TYPE, "copy_tv: PTX's ldmatrix.m16n16 moves .x1 or .x2 matrices, .trans");
  else if (st == CT_COPY_STSM8 && ((num != 1 && num != 2 && num != 4) || trans != 1))
    return CT_FAIL(e, CT_ARG_TYPE, "copy_tv: PTX's stmatrix.m16n8 moves .x1, .x2 or .x4 matrices, .trans");
  else if (st == CT_COPY_MOVM && (num != 1 || trans != 0))
    return CT_FAIL(e, CT_ARG_TYPE, "copy_tv: PTX's movmatrix moves one matrix, .m8n8.trans");
  else if (num != 1 && num != 2 && num != 4)
    return CT_FAIL(e, CT_ARG_TYPE, "copy_tv: PTX's ldmatrix and stmatrix move .x1, .x2 or .x4 matrices, not %d", num);
  if (which < CT_COPY_SRC || which > CT_COPY_REF) return CT_FAIL(e, CT_ARG_TYPE, "copy_tv: src, dst or ref");
  f.kind = CT_TV_COPY;
  f.who = "copy_tv";
  f.st = st;
  f.num = num;
  f.trans = trans;
  f.which = which;
  f.tshape[0] = f.tshape[1] = f.tshape[2] = f.tshape[3] = 1;
  f.vshape[0] = f.vshape[1] = f.vshape[2] = f.vshape[3] = 1;
  ct_copy_shapes(st, num, trans, which, &f.nt, f.tshape, &f.nv, f.vshape);
  return ct_tv_fit_formula(&f, out, e);
}

#if !CT_ON_DEVICE
static const struct {
  const char *name;
  int st, num, trans;
} ct_copy_atoms[] = {{"SM75_U32x1_LDSM_N", 0, 1, 0}, {"SM75_U32x2_LDSM_N", 0, 2, 0}, {"SM75_U32x4_LDSM_N", 0, 4, 0},
               {"SM75_U16x2_LDSM_T", 0, 1, 1}, {"SM75_U16x4_LDSM_T", 0, 2, 1}, {"SM75_U16x8_LDSM_T", 0, 4, 1},
               {"SM90_U32x1_STSM_N", 1, 1, 0}, {"SM90_U32x2_STSM_N", 1, 2, 0}, {"SM90_U32x4_STSM_N", 1, 4, 0},
               {"SM90_U16x2_STSM_T", 1, 1, 1}, {"SM90_U16x4_STSM_T", 1, 2, 1}, {"SM90_U16x8_STSM_T", 1, 4, 1},
               {"SM75_U32x1_MOVM_T", CT_COPY_MOVM, 1, 0},
               /* SM100's m8n16 forms, 4- and 6-bit elements widened to bytes (COPY-M8N16) */
               {"SM100_SU4_DU8x16_x1_LDSM_N", 0, 1, 0}, {"SM100_SU4_DU8x16_x2_LDSM_N", 0, 2, 0},
               {"SM100_SU4_DU8x16_x4_LDSM_N", 0, 4, 0}, {"SM100_SU6_DU8x16_x1_LDSM_N", 0, 1, 0},
               {"SM100_SU6_DU8x16_x2_LDSM_N", 0, 2, 0}, {"SM100_SU6_DU8x16_x4_LDSM_N", 0, 4, 0},
               /* SM100's .b8 .trans forms (COPY-B8) */
               {"SM100_U8x8_LDSM_T", CT_COPY_LDSM16, 1, 1}, {"SM100_U8x16_LDSM_T", CT_COPY_LDSM16, 2, 1},
               {"SM100_U8x4_STSM_T", CT_COPY_STSM8, 1, 1}, {"SM100_U8x8_STSM_T", CT_COPY_STSM8, 2, 1},
               {"SM100_U8x16_STSM_T", CT_COPY_STSM8, 4, 1}};
/* the one-thread atoms of copy_traits_sm80.hpp and copy_traits_sm90_tma.hpp */
static const struct {
  const char *name;
  int kind;
} ct_copy_ones[] = {{"SM80_CP_ASYNC_CACHEALWAYS", CT_COPY_CP_ASYNC_CA},
              {"SM80_CP_ASYNC_CACHEALWAYS_ZFILL", CT_COPY_CP_ASYNC_CA},
              {"SM80_CP_ASYNC_CACHEGLOBAL", CT_COPY_CP_ASYNC_CG},
              {"SM80_CP_ASYNC_CACHEGLOBAL_ZFILL", CT_COPY_CP_ASYNC_CG},
              {"SM90_TMA_LOAD", CT_COPY_TMA},
              {"SM90_TMA_LOAD_MULTICAST", CT_COPY_TMA},
              {"SM90_TMA_STORE", CT_COPY_TMA},
              {"SM90_TMA_REDUCE_ADD", CT_COPY_TMA},
              {"SM90_BULK_COPY_G2S", CT_COPY_TMA},
              {"SM90_BULK_COPY_S2G", CT_COPY_TMA}};

int ct_copy_by_name(const char *name, int *st, int *num, int *trans) {
  size_t k;
  int ld, pack;
  if (ct_tmem_by_name(name, &ld, trans, num, &pack)) { /* COPY-TMEM, COPY-TMEM16 */
    if (pack) *st = ld ? CT_COPY_TMEM_LD16 : CT_COPY_TMEM_ST16; /* two enums: C++ (nvcc) warns on mixing them */
    else *st = ld ? CT_COPY_TMEM_LD : CT_COPY_TMEM_ST;
    return 1;
  }
  for (k = 0; k < sizeof ct_copy_atoms / sizeof ct_copy_atoms[0]; ++k)
    if (strcmp(name, ct_copy_atoms[k].name) == 0) {
      *st = ct_copy_atoms[k].st;
      *num = ct_copy_atoms[k].num;
      *trans = ct_copy_atoms[k].trans;
      return 1;
    }
  for (k = 0; k < sizeof ct_copy_ones / sizeof ct_copy_ones[0]; ++k)
    if (strcmp(name, ct_copy_ones[k].name) == 0) {
      *st = CT_COPY_ONE;
      *num = 0;
      *trans = ct_copy_ones[k].kind;
      return 2;
    }
  return 0;
}

const char *ct_copy_name(int st, int num, int trans) {
  size_t k;
  if (st == CT_COPY_ONE && trans == CT_COPY_UNIVERSAL) return "UniversalCopy";
  for (k = 0; k < sizeof ct_copy_atoms / sizeof ct_copy_atoms[0]; ++k)
    if (st == ct_copy_atoms[k].st && num == ct_copy_atoms[k].num && trans == ct_copy_atoms[k].trans)
      return ct_copy_atoms[k].name;
  for (k = 0; st == CT_COPY_ONE && k < sizeof ct_copy_ones / sizeof ct_copy_ones[0]; ++k)
    if (trans == ct_copy_ones[k].kind) return ct_copy_ones[k].name;
  return 0;
}

int ct_copy_call_args(int st, int num, int trans, char *buf, int cap) {
  const char *name = ct_copy_name(st, num, trans);
  if (!name || cap < 1) return 0;
  if (st != CT_COPY_ONE) snprintf(buf, (size_t)cap, "%s", name);
  else if (trans == CT_COPY_UNIVERSAL) snprintf(buf, (size_t)cap, "%d", num);
  else snprintf(buf, (size_t)cap, "%s, %d", name, num);
  return 1;
}
#endif
