/* props_atoms.c -- properties of spec/atoms.md: ATOM-1..ATOM-6.
 *
 * A case of CT_GEN_SWIZZLE picks one atom (ct_case_atom): K or MN, rows of
 * 16, 32, 64 or 128 bytes, elements of 4 to 64 bits. Each property visits
 * every index of the atom (and of its tiling, ATOM-3). */
#include "props/props.h"
#include "props/props_list.h"
#include "ref/atoms.h"
#include "ref/product.h"

/* The atom of a case: a mix of k1 and w0 so that every atom comes up. */
CT_FN void ct_case_atom(const ct_case *c, int *major, int *row_bytes, int *bits) {
  uint64_t h = ct_mix64((uint64_t)c->k[1] * 31u + (uint64_t)(c->w[0].b + 8 * c->w[0].m + 64 * (c->w[0].s + 16)));
  *major = (int)(h % 2);
  *row_bytes = 16 << (int)((h / 2) % 4);
  *bits = 4 << (int)((h / 8) % 5);
}

/* At most this many elements in an atom's tiling (a bitmap of them). */
#define CT_ATOM_MAX 8192

CT_FN static int ct_atom_of_case(const ct_case *c, ct_composed *A, int *major, int *row, int *bits, ct_outcome *o) {
  ct_err e;
  ct_case_atom(c, major, row, bits);
  o->digest = ct_mix64((uint64_t)(*major + 2 * *row + 1024 * *bits));
  if (ct_gmma_atom(*major, *row, *bits, A, &e) != CT_OK) {
    CT_FAILS(o, "gmma_atom(%s, %d, %d) rejected: %s", *major ? "MN" : "K", *row, *bits, e.msg);
    return 0;
  }
  return 1;
}

/* ATOM-1: Sw<log2(row/16),4,3> o _0 o L with L the bit layout upcast to
 * elements, written out: K (8,T):(T,1), MN (T,8):(1,T), T = 8*row/bits. */
CT_FN void ct_p_atom_1(const ct_case *c, ct_outcome *o) {
  ct_composed A;
  ct_leaf_form F;
  int major, row, bits, b = 0;
  int64_t t, i, j;
  if (!ct_atom_of_case(c, &A, &major, &row, &bits, o)) return;
  while ((16 << b) < row) ++b;
  if (A.outer_kind != CT_OUTER_SWIZZLE || A.sw.b != b || A.sw.m != 4 || A.sw.s != 3 || ct_cl_offset(&A) != 0) {
    CT_FAILS(o, "gmma_atom(%s, %d, %d): outer Sw<%d,%d,%d> offset %lld, want Sw<%d,4,3> o _0", major ? "MN" : "K", row,
             bits, A.sw.b, A.sw.m, A.sw.s, (long long)ct_cl_offset(&A), b);
    return;
  }
  t = 8 * (int64_t)row / bits;
  if (ct_size(&A.inner) != 8 * t) {
    CT_FAILS(o, "gmma_atom(%s, %d, %d): size %lld, want %lld", major ? "MN" : "K", row, bits,
             (long long)ct_size(&A.inner), (long long)(8 * t));
    return;
  }
  ct_lf_init(&F, &A.inner);
  for (j = 0; j < (major ? 8 : t); ++j)
    for (i = 0; i < (major ? t : 8); ++i) {
      int64_t idx = i + j * (major ? t : 8), want = major ? i + j * t : i * t + j;
      if (ct_ev_form(&F, idx) != want) {
        CT_FAILS(o, "gmma_atom(%s, %d, %d): inner(%lld) = %lld, want %lld", major ? "MN" : "K", row, bits,
                 (long long)idx, (long long)ct_ev(&A.inner, idx), (long long)want);
        return;
      }
    }
}

/* ATOM-2: the byte swizzle on the bit address of an element equals the
 * recast swizzle on the element offset: Sw'(x) * bits == Sw<B,M+3,S>(x * bits). */
CT_FN void ct_p_atom_2(const ct_case *c, ct_outcome *o) {
  ct_composed A;
  ct_swizzle w, onbits;
  ct_leaf_form F;
  ct_err e;
  int major, row, bits, k = 0;
  int64_t i, n;
  if (!ct_atom_of_case(c, &A, &major, &row, &bits, o)) return;
  if (ct_sw_recast_bytes(&A.sw, bits, &w, &e) != CT_OK) {
    CT_FAILS(o, "recast_swizzle(Sw<%d,%d,%d>, %d) rejected: %s", A.sw.b, A.sw.m, A.sw.s, bits, e.msg);
    return;
  }
  while ((1 << k) < bits) ++k;
  ct_sw_set(&onbits, A.sw.b, A.sw.m + 3, A.sw.s);
  n = ct_size(&A.inner);
  ct_lf_init(&F, &A.inner);
  for (i = 0; i < n; ++i) {
    int64_t x = ct_ev_form(&F, i);
    if (ct_sw_apply(&w, x) * bits != ct_sw_by_bits(&onbits, x * bits)) {
      CT_FAILS(o, "recast_swizzle(Sw<%d,%d,%d>, %d) = Sw<%d,%d,%d>: at element offset %lld, %lld elements, but the byte swizzle gives bit %lld",
               A.sw.b, A.sw.m, A.sw.s, bits, w.b, w.m, w.s, (long long)x, (long long)ct_sw_apply(&w, x),
               (long long)ct_sw_by_bits(&onbits, x * bits));
      return;
    }
  }
}

/* ATOM-3: the atom, and its tile_to_shape to twice its shape in each mode,
 * are permutations of [0, size) (CuTe's evaluation, the swizzle on element
 * offsets). */
CT_FN void ct_p_atom_3(const ct_case *c, ct_outcome *o) {
  ct_composed A;
  ct_layout T;
  ct_tuple target;
  ct_err e;
  uint8_t seen[CT_ATOM_MAX / 8];
  ct_leaf_form F;
  int major, row, bits, pass, hdr;
  int64_t i, n, t;
  if (!ct_atom_of_case(c, &A, &major, &row, &bits, o)) return;
  t = 8 * (int64_t)row / bits; /* the atom is (8,t) (K) or (t,8) (MN) */
  ct_t_clear(&target);
  if (ct_t_open(&target, &hdr, &e) != CT_OK || ct_t_push_int(&target, 2 * (major ? t : 8), 0, &e) != CT_OK ||
      ct_t_push_int(&target, 2 * (major ? 8 : t), 0, &e) != CT_OK || ct_t_close(&target, hdr, &e) != CT_OK ||
      ct_tile_to_shape(&A.inner, &target, 0, &T, &e) != CT_OK) {
    CT_FAILS(o, "tile_to_shape of gmma_atom(%s, %d, %d) to twice its shape failed", major ? "MN" : "K", row, bits);
    return;
  }
  for (pass = 0; pass < 2; ++pass) {
    const ct_layout *L = pass ? &T : &A.inner;
    n = ct_size(L);
    if (n > CT_ATOM_MAX) continue;
    for (i = 0; i < (n + 7) / 8; ++i) seen[i] = 0;
    ct_lf_init(&F, L);
    for (i = 0; i < n; ++i) {
      int64_t v = ct_sw_apply(&A.sw, ct_cl_offset(&A) + ct_ev_form(&F, i));
      if (v < 0 || v >= n || (seen[v / 8] >> (v % 8)) & 1) {
        CT_FAILS(o, "%sgmma_atom(%s, %d, %d) at %lld is %lld: not a permutation of [0, %lld)", pass ? "tile_to_shape of " : "",
                 major ? "MN" : "K", row, bits, (long long)i, (long long)v, (long long)n);
        return;
      }
      seen[v / 8] |= (uint8_t)(1u << (v % 8));
    }
  }
}

/* ATOM-4: umma_atom_32b(bits) is Sw<2,5,2> o _0 o (T,4):(1,T), T =
 * 1024/bits, written out, its value Sw<2,5,2>(i + j*T) at (i, j) computed
 * bit by bit, and a permutation of [0, 4T): bits from k0. */
CT_FN void ct_p_atom_4(const ct_case *c, ct_outcome *o) {
  uint8_t seen[CT_ATOM_MAX / 8];
  ct_composed A;
  ct_leaf_form F;
  ct_swizzle w;
  ct_err e;
  int bits = 1 << (int)((uint64_t)c->k[0] % 8); /* 1 to 128 bits */
  int64_t t = 1024 / bits, i, j;
  o->digest = ct_mix64((uint64_t)bits + 0xA4u);
  if (ct_umma_atom_32b(bits, &A, &e) != CT_OK) {
    CT_FAILS(o, "umma_atom_32b(%d) rejected: %s", bits, e.msg);
    return;
  }
  if (A.outer_kind != CT_OUTER_SWIZZLE || A.sw.b != 2 || A.sw.m != 5 || A.sw.s != 2 || ct_cl_offset(&A) != 0 ||
      ct_size(&A.inner) != 4 * t) {
    CT_FAILS(o, "umma_atom_32b(%d): Sw<%d,%d,%d> o %lld o size %lld, want Sw<2,5,2> o _0 o size %lld", bits, A.sw.b,
             A.sw.m, A.sw.s, (long long)ct_cl_offset(&A), (long long)ct_size(&A.inner), (long long)(4 * t));
    return;
  }
  if (4 * t > CT_ATOM_MAX) return;
  for (i = 0; i < (4 * t + 7) / 8; ++i) seen[i] = 0;
  ct_lf_init(&F, &A.inner);
  ct_sw_set(&w, 2, 5, 2);
  for (j = 0; j < 4; ++j)
    for (i = 0; i < t; ++i) {
      int64_t idx = i + j * t, got = 0;
      if (ct_ev_form(&F, idx) != idx || ct_cl_eval_form(&A, &F, idx, &got, &e) != CT_OK || got != ct_sw_by_bits(&w, idx) ||
          got < 0 || got >= 4 * t || (seen[got / 8] >> (got % 8)) & 1) {
        CT_FAILS(o, "umma_atom_32b(%d): at (%lld,%lld) inner %lld, value %lld, want %lld once", bits, (long long)i,
                 (long long)j, (long long)ct_ev(&A.inner, idx), (long long)got, (long long)ct_sw_by_bits(&w, idx));
        return;
      }
      seen[got / 8] |= (uint8_t)(1u << (got % 8));
    }
}

/* ATOM-5: gmma_sparse_atom(major, R, bits, S) has the atom's swizzle and
 * offset, and at ((0,i),(k,j)) the value k + S*L(i,j), L the dense atom's
 * layout written out (ATOM-1): S sparse elements per dense one, side by
 * side along the second mode. S = 2^(k0 % 3). */
CT_FN void ct_p_atom_5(const ct_case *c, ct_outcome *o) {
  ct_composed A, D;
  ct_leaf_form F;
  ct_err e;
  int major, row, bits, s = 1 << (int)((uint64_t)c->k[0] % 3), b = 0;
  int64_t t, i, j, k, rows, cols;
  if (!ct_atom_of_case(c, &D, &major, &row, &bits, o)) return;
  o->digest ^= ct_mix64((uint64_t)s + 0xA5u);
  if (ct_gmma_sparse_atom(major, row, bits, s, &A, &e) != CT_OK) {
    CT_FAILS(o, "gmma_sparse_atom(%s, %d, %d, %d) rejected: %s", major ? "MN" : "K", row, bits, s, e.msg);
    return;
  }
  while ((16 << b) < row) ++b;
  t = 8 * (int64_t)row / bits;
  rows = major ? t : 8;
  cols = major ? 8 : t;
  if (A.outer_kind != CT_OUTER_SWIZZLE || A.sw.b != b || A.sw.m != 4 || A.sw.s != 3 || ct_cl_offset(&A) != 0 ||
      ct_size(&A.inner) != s * rows * cols) {
    CT_FAILS(o, "gmma_sparse_atom(%s, %d, %d, %d): Sw<%d,%d,%d> o %lld o size %lld, want Sw<%d,4,3> o _0 o size %lld",
             major ? "MN" : "K", row, bits, s, A.sw.b, A.sw.m, A.sw.s, (long long)ct_cl_offset(&A),
             (long long)ct_size(&A.inner), b, (long long)(s * rows * cols));
    return;
  }
  ct_lf_init(&F, &A.inner);
  for (j = 0; j < cols; ++j)
    for (k = 0; k < s; ++k)
      for (i = 0; i < rows; ++i) {
        int64_t idx = i + rows * (k + s * j), want = k + s * (major ? i + j * t : i * t + j);
        if (ct_ev_form(&F, idx) != want) {
          CT_FAILS(o, "gmma_sparse_atom(%s, %d, %d, %d): at ((0,%lld),(%lld,%lld)) %lld, want %lld", major ? "MN" : "K",
                   row, bits, s, (long long)i, (long long)k, (long long)j, (long long)ct_ev(&A.inner, idx),
                   (long long)want);
          return;
        }
      }
}

/* ATOM-6: umma_sparse_atom_32b(bits, S) is Sw<2,5,2> o _0 o L' with, at
 * ((0,i),(k,j)), the value k + S*(i + j*T), T = 1024/bits, i < T, j < 4,
 * k < S: the 32-byte-unit atom (ATOM-4) with S sparse elements per dense one
 * along the second mode. bits = 2^(2 + k0 % 5), S = 2^(k1 % 3). */
CT_FN void ct_p_atom_6(const ct_case *c, ct_outcome *o) {
  ct_composed A;
  ct_leaf_form F;
  ct_err e;
  int bits = 1 << (2 + (int)((uint64_t)c->k[0] % 5)), s = 1 << (int)((uint64_t)c->k[1] % 3);
  int64_t t = 1024 / bits, i, j, k;
  o->digest = ct_mix64((uint64_t)(bits + 4096 * s) + 0xA6u);
  if (ct_umma_sparse_atom_32b(bits, s, &A, &e) != CT_OK) {
    CT_FAILS(o, "umma_sparse_atom_32b(%d, %d) rejected: %s", bits, s, e.msg);
    return;
  }
  if (A.outer_kind != CT_OUTER_SWIZZLE || A.sw.b != 2 || A.sw.m != 5 || A.sw.s != 2 || ct_cl_offset(&A) != 0 ||
      ct_size(&A.inner) != s * 4 * t) {
    CT_FAILS(o, "umma_sparse_atom_32b(%d, %d): Sw<%d,%d,%d> o %lld o size %lld, want Sw<2,5,2> o _0 o size %lld", bits, s,
             A.sw.b, A.sw.m, A.sw.s, (long long)ct_cl_offset(&A), (long long)ct_size(&A.inner), (long long)(s * 4 * t));
    return;
  }
  ct_lf_init(&F, &A.inner);
  for (j = 0; j < 4; ++j)
    for (k = 0; k < s; ++k)
      for (i = 0; i < t; ++i) {
        int64_t idx = i + t * (k + s * j), want = k + s * (i + j * t);
        if (ct_ev_form(&F, idx) != want) {
          CT_FAILS(o, "umma_sparse_atom_32b(%d, %d): at ((0,%lld),(%lld,%lld)) %lld, want %lld", bits, s, (long long)i,
                   (long long)k, (long long)j, (long long)ct_ev(&A.inner, idx), (long long)want);
          return;
        }
      }
}
