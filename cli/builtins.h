/* builtins.h -- the operations callable by name from expressions. */
#ifndef CT_BUILTINS_H
#define CT_BUILTINS_H

#include "value.h"

#define CT_MAX_ARGS 8
#define CT_MAX_TARGS 16

typedef struct {
  const ct_value *a;  /* arguments */
  int n;
  const int *t;       /* template arguments: name<t0,t1,...>(...) */
  int nt;
  int has_t;          /* whether <...> was written at all */
} ct_args;

typedef ct_code (*ct_builtin_fn)(const ct_args *args, ct_value *out, ct_err *e);

typedef struct {
  const char *name;
  int min_args, max_args; /* max_args < 0: any number */
  int takes_targs;        /* 0: none, 1: optional, 2: required */
  ct_builtin_fn fn;
  const char *synopsis;   /* one line for `cuteref eval --list` */
} ct_builtin;

/* Each family registers a table; ct_find_builtin searches them all. */
extern const ct_builtin ct_core_builtins[];      /* builtins_core.c: queries, reshaping */
extern const ct_builtin ct_inttuple_builtins[];  /* builtins_inttuple.c: IntTuple arithmetic */
extern const ct_builtin ct_construct_builtins[]; /* builtins_construct.c: ordered/like/fragment, up/downcast */
extern const ct_builtin ct_algebra_builtins[];   /* builtins_algebra.c: coalesce, filter, composition, complement */
extern const ct_builtin ct_inverse_builtins[];   /* builtins_inverse.c: inverses, max_common, nullspace */
extern const ct_builtin ct_divide_builtins[];    /* builtins_divide.c: divides, products, tile_to_shape */
const ct_builtin *ct_find_builtin(const char *name);
/* Iteration for --list: returns NULL past the end. */
const ct_builtin *ct_builtin_at(int k);

#endif
