/* ct_mutant.c -- the mutant switch (see ct_mutant.h); 0: the unmutated reference. */
#include "mutants/ct_mutant.h"

int ct_active_mutant = 0;
