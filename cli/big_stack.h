/* big_stack.h -- run a function on a thread with a stack of a given size.
 *
 * Evaluating a deeply nested request recurses (spec/expressions.md's
 * nesting bound; the deepest needs about 0.2 MiB, lib/tests/stack_test.c).
 * The command (cli/cuteref.c) and the library (lib/cuteref_api.c) each
 * decide when their caller's stack is too small -- the command from
 * RLIMIT_STACK, the library from the stack left below its frame -- and then
 * both run the work here (spec/api.md, its "Stack" item). */
#ifndef CT_BIG_STACK_H
#define CT_BIG_STACK_H

#include <stddef.h>

/* fn(arg) on a new thread of `size` bytes of stack, waited for: 0, or -1
 * when no such thread could be started (fn was not called). */
int ct_on_big_stack(void (*fn)(void *), void *arg, size_t size);

#endif
