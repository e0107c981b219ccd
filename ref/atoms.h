/* atoms.h -- the GMMA/UMMA shared-memory layout atoms of CuTe
 * (spec/atoms.md): Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>, and
 * Blackwell's Layout_MN_SW128_32B_Atom<T>, and Hopper's sparse
 * Layout_{K,MN}_*_SpAtom<T, S>.
 *
 * Each atom is a composed layout Sw<B,4,3> o _0 o L: L is the atom's bit
 * layout (rows of 16, 32, 64 or 128 bytes, 8 of them) upcast to elements of
 * `bits` bits, and the swizzle acts on byte addresses (ATOM-DEF). */
#ifndef CT_ATOMS_H
#define CT_ATOMS_H

#include "composed.h"

enum { CT_MAJOR_K = 0, CT_MAJOR_MN = 1 };

/* The atom of `major` (K or MN) with rows of `row_bytes` (16: INTER, 32,
 * 64, 128: SW32, SW64, SW128) for elements of `bits` bits, a power of two
 * that divides the row (NOT_DIVISIBLE otherwise; ARG_TYPE for another row
 * width). ATOM-1. */
CT_FN CT_MUST_USE ct_code ct_gmma_atom(int major, int row_bytes, int bits, ct_composed *out, ct_err *e);

/* The atom's bit layout before the upcast: K (8, 8*row_bytes):(8*row_bytes, 1),
 * MN its transpose (CuTe's Layout_*_Atom_Bits). */
CT_FN CT_MUST_USE ct_code ct_gmma_atom_bits(int major, int row_bytes, ct_layout *out, ct_err *e);

/* log2(bits) for a power of two in [1, 2^30], else -1. */
CT_FN int ct_log2_exact(int64_t v);

/* The swizzle w on byte addresses recast to element offsets of `bits` bits:
 * Sw<B, M + 3 - log2(bits), S> (ATOM-2; CuTe's
 * as_position_independent_swizzle_layout). NOT_DIVISIBLE when M + 3 <
 * log2(bits) or bits is no power of two. */
CT_FN CT_MUST_USE ct_code ct_sw_recast_bytes(const ct_swizzle *w, int bits, ct_swizzle *out, ct_err *e);

/* Blackwell's UMMA::Layout_MN_SW128_32B_Atom<T> (atom/mma_traits_sm100.hpp)
 * for a T of `bits` bits: Sw<2,5,2> o _0 o upcast<bits>((1024,4):(1,1024)),
 * MN-major rows of 128 bytes, 4 of them, swizzled in 32-byte units. ATOM-4;
 * NOT_DIVISIBLE for bits no power of two or above 1024. */
CT_FN CT_MUST_USE ct_code ct_umma_atom_32b(int bits, ct_composed *out, ct_err *e);

/* Hopper's sparse atoms Layout_{K,MN}_{INTER,SW32,SW64,SW128}_SpAtom<T, S>
 * (atom/mma_traits_sm90_gmma_sparse.hpp): the atom of ct_gmma_atom with its
 * layout L replaced by blocked_product((_1,_S):(_0,_1), L), S of 1 to 2^20
 * (ARG_TYPE otherwise). ATOM-5. */
CT_FN CT_MUST_USE ct_code ct_gmma_sparse_atom(int major, int row_bytes, int bits, int s, ct_composed *out,
                                              ct_err *e);

/* Blackwell's UMMA::Layout_MN_SW128_32B_SpAtom<T, S>: ct_umma_atom_32b with
 * its layout L replaced by blocked_product((_1,_S):(_0,_1), L), S of 1 to
 * 2^20 (ARG_TYPE otherwise). ATOM-6. */
CT_FN CT_MUST_USE ct_code ct_umma_sparse_atom_32b(int bits, int s, ct_composed *out, ct_err *e);

#endif
