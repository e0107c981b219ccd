/* ct_mutant.h -- hooks for deliberately broken variants of the reference.
 *
 * The property suite proves that its checks bite by running against each
 * mutant (props/mutants.h lists them). In the reference build CT_MUTANT(n)
 * is the constant 0 and every hook compiles away; only the separate mutant
 * build (-DCT_WITH_MUTANTS, host only) has the switch below. */
#ifndef CT_MUTANT_H
#define CT_MUTANT_H

#if defined(CT_WITH_MUTANTS) && !CT_ON_DEVICE
extern int ct_active_mutant;
#define CT_MUTANT(n) (ct_active_mutant == (n))
#else
#define CT_MUTANT(n) 0
#endif

/* The overflow mutants (issue 17, NOTE-5; M36..M41): a checked product or
 * sum that mutant n computes wrapping instead, as an implementation without
 * overflow checks does (through uint64_t, so the mutant has no undefined
 * behavior). Use where ref/ct_arith.h is included. */
#define CT_WRAP_MUL(a, b) ((int64_t)((uint64_t)(a) * (uint64_t)(b)))
#define CT_WRAP_ADD(a, b) ((int64_t)((uint64_t)(a) + (uint64_t)(b)))
#define CT_MUL_OVF_M(n, a, b, r) (CT_MUTANT(n) ? (*(r) = CT_WRAP_MUL(a, b), false) : ct_mul_ovf(a, b, r))
#define CT_ADD_OVF_M(n, a, b, r) (CT_MUTANT(n) ? (*(r) = CT_WRAP_ADD(a, b), false) : ct_add_ovf(a, b, r))

#endif
