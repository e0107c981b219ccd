/* mutants.h -- the deliberately broken variants of the reference that the
 * property suite must catch (ref/ct_mutant.h; `cuteref_mutants mutants`).
 * Each is a plausible bug, most of them bugs that real implementations have
 * or had. The number is the CT_MUTANT(n) hook in ref/. */
#ifndef CT_MUTANTS_H
#define CT_MUTANTS_H

typedef struct {
  int id;
  const char *where, *what;
} ct_mutant_info;

static const ct_mutant_info ct_mutants[] = {
    {1, "composition.c", "weak stride condition: accepts c < M_k without the no-wrap check (CuTe C++, cutlass #3177)"},
    {2, "composition.c", "no shape-divisibility check (pycute: (4,6):(1,10) o 3:2 = 2:2)"},
    {3, "composition.c", "no disjointness check across B's modes (C++ and pycute, cutlass #2955)"},
    {4, "composition.c", "A coalesced plainly: the trailing size-1 extension mode is dropped (pycute)"},
    {5, "composition.c", "a tuple tiler keeps the modes of A it does not cover (pycute)"},
    {6, "composition.c", "off by one in the truncation test: c*(s-2) < M_k lets one element wrap"},
    {7, "complement.c", "forgets the last mode (the repetitions up to the cotarget)"},
    {8, "complement.c", "floor instead of ceiling for the number of repetitions"},
    {9, "complement.c", "truncating division instead of the span-divisibility check (C++: (4,2):(1,10))"},
    {10, "complement.c", "modes not sorted by stride before the walk"},
    {11, "coalesce.c", "merge test uses the second mode's size: s1*d0 == d1"},
    {12, "coalesce.c", "size-1 modes are kept"},
    {13, "layout.c", "crd2idx reduces the last mode too (no evaluation past the size)"},
    {14, "layout.c", "cosize uses the signed stride instead of its magnitude"},
    {15, "layout.c", "idx2crd splits row-major (lexicographically)"},
    {16, "layout.c", "slice keeps the integer modes instead of the `_` modes"},
    {17, "notation.c", "the static mark of a negative integer is not printed"},
    {18, "int_ops.c", "shape_div rounds instead of rejecting: C++'s a/b != 0 ? a/b : signum (shape_div(2,3) = 1)"},
    {19, "int_ops.c", "prefix_product inclusive instead of exclusive"},
    {20, "int_ops.c", "ceil_div is C++'s (a+b-1)/b for every sign (ceil_div(7,-2) = -2)"},
    {21, "construct.c", "make_ordered_layout breaks ties backwards (a constant order gives row-major)"},
    {22, "construct.c", "make_fragment_like orders mode 0 by its strides instead of column-major"},
    {23, "construct.c", "upcast does not check that the other strides are multiples of N (C++ on dynamic strides)"},
    {24, "inverse.c", "right_inverse stops at the first mode off the chain instead of skipping it (pycute)"},
    {25, "inverse.c", "left_inverse without the divisibility check (LINV-DIV)"},
    {26, "inverse.c", "nullspace uses the compact strides of the stride-0 leaves alone, not their domain strides"},
    {27, "inverse.c", "max_common_layout does not check size(a) >= size(b) (C++ reads a past its size)"},
    {28, "inverse.c", "right_inverse's domain strides are the inclusive prefix products"},
    {29, "divide.c", "logical_divide takes the complement in cosize(A) instead of size(A)"},
    {30, "divide.c", "zipped/tiled/flat regrouping swaps tile and rest (zip2_by's pair read backwards)"},
    {31, "divide.c", "a tiler divide drops the modes of A it does not cover (as composition does)"},
    {32, "product.c", "logical_product's complement has cotarget size(A) instead of size(A)*cosize(B)"},
    {33, "product.c", "blocked_product and raked_product swapped"},
    {34, "product.c", "tile_to_shape does not check that the block divides the target (C++ on dynamic shapes)"},
    /* issue 17: the round trip for every value (NOTE-1/values) and the integer edges (NOTE-5) */
    {35, "notation.c", "an empty tiler mode prints as `<>`, which does not parse (the issue 17 finding)"},
    {36, "layout.c", "cosize's terms (s-1)*|d| and their sum wrap instead of OVERFLOW"},
    {37, "inttuple.c", "product (so size) wraps instead of OVERFLOW"},
    {38, "layout.c", "an offset's terms c*d and their sum wrap instead of OVERFLOW (L(i), crd2idx)"},
    {39, "coalesce.c", "the merge test s0*d0 == d1 wraps: (2^32,2):(2^32,0) merges into one mode"},
    {40, "composition.c", "a composed stride wraps instead of OVERFLOW"},
    {41, "complement.c", "a span N*d wraps instead of OVERFLOW"},
    {42, "product.c", "logical_product's cotarget size(A)*cosize(B) wraps instead of OVERFLOW"},
};

#define CT_NUM_MUTANTS ((int)(sizeof ct_mutants / sizeof ct_mutants[0]))

#endif
