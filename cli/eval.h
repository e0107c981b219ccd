/* eval.h -- the expression language of `cuteref eval` (spec/expressions.md).
 *
 *   expr    := primary { '(' args ')' }          L(i), L(i,j), L(_,1)
 *   primary := NAME [ '<' int {',' int} '>' ] '(' args ')'
 *            | NAME                               LayoutLeft, LayoutRight
 *            | tiler | layout | IntTuple          <3:4,_>  (4,2):(1,4)  (1,_)
 */
#ifndef CT_EVAL_H
#define CT_EVAL_H

#include "value.h"

#define CT_MAX_EXPR_DEPTH 32
/* The work budget of one request (spec/expressions.md, EXPR-BUDGET): the
 * operations it applies, L(i) included, past which it fails WORK_LIMIT.
 * Every operation's own work is bounded (its page's search and brute-force
 * bounds), so this bounds the work of a request. */
#define CT_MAX_EXPR_OPS 1024

/* Evaluates one whole expression. */
ct_code ct_eval(const char *text, ct_value *out, ct_err *e);
/* The n bytes at s spell a value named by a word: true, false, LayoutLeft,
 * LayoutRight, and the majors K and MN of spec/atoms.md. The evaluator and
 * conform's readers of requests and answers share this one list. */
int ct_is_named_value(const char *s, size_t n);

#endif
