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

#endif
