/* builtins.c -- the registry of operation tables. */
#include "builtins.h"

#include <string.h>

static const ct_builtin *const ct_tables[] = {ct_core_builtins,  ct_inttuple_builtins, ct_construct_builtins,
                                                ct_algebra_builtins, ct_inverse_builtins,  ct_divide_builtins};

const ct_builtin *ct_builtin_at(int k) {
  int t;
  for (t = 0; t < (int)(sizeof ct_tables / sizeof ct_tables[0]); ++t) {
    const ct_builtin *b = ct_tables[t];
    while (b->name) {
      if (k-- == 0) return b;
      ++b;
    }
  }
  return 0;
}

const ct_builtin *ct_find_builtin(const char *name) {
  int k;
  const ct_builtin *b;
  for (k = 0; (b = ct_builtin_at(k)) != 0; ++k)
    if (strcmp(b->name, name) == 0) return b;
  return 0;
}
