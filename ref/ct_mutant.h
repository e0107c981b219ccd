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

#endif
