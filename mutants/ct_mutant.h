/* ct_mutant.h -- the switch of the mutant build (mutants/README.md).
 *
 * Each mutants/NN-*.patch inserts a broken variant of ref/ behind
 * CT_MUTANT(NN); the mutant build compiles the patched copies of ref/ with
 * this header included first (-include), and `cuteref_mutants mutants` sets
 * ct_active_mutant to each NN in turn. ref/ itself has no hooks. */
#ifndef CT_MUTANT_H
#define CT_MUTANT_H

extern int ct_active_mutant;
#define CT_MUTANT(n) (ct_active_mutant == (n))

/* The overflow mutants (NOTE-5, mutants 41 to 47): a checked product or sum
 * that mutant n computes wrapping instead, as an implementation without
 * overflow checks does (through uint64_t, so that the mutant itself has no
 * undefined behavior). Used where ref/ct_arith.h is included. */
#define CT_WRAP_MUL(a, b) ((int64_t)((uint64_t)(a) * (uint64_t)(b)))
#define CT_WRAP_ADD(a, b) ((int64_t)((uint64_t)(a) + (uint64_t)(b)))
#define CT_MUL_OVF_M(n, a, b, r) (CT_MUTANT(n) ? (*(r) = CT_WRAP_MUL(a, b), false) : ct_mul_ovf(a, b, r))
#define CT_ADD_OVF_M(n, a, b, r) (CT_MUTANT(n) ? (*(r) = CT_WRAP_ADD(a, b), false) : ct_add_ovf(a, b, r))

#endif
