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
 * (COPY-MOVM). */
#include "copy_atom.h"

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

/* ldmatrix reads rows and writes registers; stmatrix the other way round.
 * The reference is the register side of both (CuTe's RefLayout). */
CT_FN int ct_copy_is_regs(int st, int which) {
  if (which == CT_COPY_REF || st == CT_COPY_ONE) return 1; /* one thread: its bits, both sides */
  return st == CT_COPY_MOVM || (st ? which == CT_COPY_SRC : which == CT_COPY_DST); /* movmatrix: registers both */
}

CT_FN int ct_copy_threads(int st) { return st == CT_COPY_ONE ? 1 : 32; }

CT_FN int ct_copy_values(int st, int num, int which) {
  if (st == CT_COPY_ONE) return num;
  return ct_copy_is_regs(st, which) ? 32 * num : 128;
}

/* The bit of element (row, col) of matrix j, bit b of its 16. */
CT_FN static int64_t ct_copy_bit(int j, int row, int col, int b) {
  return 1024 * (int64_t)j + 128 * (int64_t)row + 16 * (int64_t)col + b;
}

CT_FN int64_t ct_copy_at(int st, int num, int trans, int which, int t, int v) {
  int g = t / 4, q = t % 4, j = v / 32, e = (v % 32) / 16, b = v % 16;
  if (st == CT_COPY_ONE) return v; /* one thread moves bits 0 .. num-1, in order */
  if (!ct_copy_is_regs(st, which)) /* lane t addresses row t of the 8*num; past them, PTX reads no address:
                                      CuTe's lane t repeats lane t mod 8*num (COPY-3) */
    return 128 * (int64_t)(t % (8 * num)) + v;
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
  } else if (!ct_copy_is_regs(st, which)) {
    *nt = num == 4 ? 1 : 2;
    ts[0] = num == 4 ? 32 : 8 * num;
    ts[1] = 32 / (8 * num);
    *nv = 1;
    vs[0] = 128;
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
  if (st < CT_COPY_LDSM || st > CT_COPY_MOVM) return CT_FAIL(e, CT_ARG_TYPE, "copy_tv: no copy instruction %d", st);
  if (st == CT_COPY_ONE) CT_TRY(ct_copy_one_pre(trans, num, e));
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
  f.tshape[0] = f.tshape[1] = f.tshape[2] = 1;
  f.vshape[0] = f.vshape[1] = f.vshape[2] = 1;
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
               {"SM100_SU6_DU8x16_x2_LDSM_N", 0, 2, 0}, {"SM100_SU6_DU8x16_x4_LDSM_N", 0, 4, 0}};
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
