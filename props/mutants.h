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
};

#define CT_NUM_MUTANTS ((int)(sizeof ct_mutants / sizeof ct_mutants[0]))

#endif
