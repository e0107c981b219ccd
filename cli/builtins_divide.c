/* builtins_divide.c -- operations of this family, callable from expressions. */
#include "builtins.h"

const ct_builtin ct_divide_builtins[] = {
    {0, 0, 0, 0, 0, 0}};
