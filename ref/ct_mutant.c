/* ct_mutant.c -- the mutant switch of the mutant build (see ct_mutant.h). */
#include "ct_port.h"
#include "ct_mutant.h"

#if defined(CT_WITH_MUTANTS) && !CT_ON_DEVICE
int ct_active_mutant = 0;
#else
typedef int ct_no_mutants; /* keeps the translation unit non-empty */
#endif
