/* builtins_inttuple.c -- operations of this family, callable from expressions. */
#include "builtins.h"

const ct_builtin ct_inttuple_builtins[] = {
    {0, 0, 0, 0, 0, 0}};
