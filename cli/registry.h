/* registry.h -- one row per operation: everything the drivers know about it
 * (spec/README.md, "How to add an operation").
 *
 *   eval, eval --list   the builtin, its arity and template arguments, synopsis
 *   conform, vectors    the request generators, the spec page and IDs of the
 *                       result, the judges of an answer (judge/, via
 *                       cli/judges.c)
 *   dot                 how a call is drawn
 *   ops                 the same as text, for tools/peers.sh,
 *                       device/run_gpu.sh and docs/gen_site.py
 *
 * //cli/tests:registry_test fails, naming what is missing, when a row lacks
 * a piece: its page, its IDs in the page, an executed example, a generator,
 * a judge or the reason there is none, a vectors file, properties for its
 * IDs. */
#ifndef CT_REGISTRY_H
#define CT_REGISTRY_H

#include "builtins.h"
#include "judge/judge.h"
#include "signature.h"

/* A generator of requests: a props/ generator kind (ct_gen_kind) and a
 * format: %0..%3 print the case's layouts (tilers as <...>), %s0..%s3 their
 * shapes (%S0..%S3 with every integer static), %d0..%d3 their strides, %k0 / %k1 its integers, %w0 / %w1 its
 * swizzles and %y0 / %z0 their Y and Z masks (spec/swizzle.md), %a0 its
 * shared-memory atom's arguments (spec/atoms.md), %e0 / %i0 / %n0 its
 * CUTLASS 2.x arguments (spec/cutlass2x.md), %m0 / %c0 / %u0 an MMA,
 * copy or UMMA atom's arguments (props_mma.h, props_copy.h), %t0 a TMEM
 * copy atom's name (props_copy.h). The name seeds the
 * random stream (so renaming one changes its cases). */
typedef struct {
  const char *name; /* "composition/admissible" */
  int gen;
  const char *fmt;
} ct_op_gen;

#define CT_OP_GENS 4

/* The judges `conform` runs on an answer `result` to op(args) (no template
 * arguments): 1 every judge that could decide holds, 0 one is violated
 * (j names it), -1 none could decide. accepted: the reference accepts the
 * input (some post-conditions are stated for accepted inputs only). Brute
 * force visits at most `bound` indices. */
typedef int (*ct_op_judge)(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                           ct_judgement *j);

/* How `cuteref dot` draws a call of the operation (cli/cmd_dot.c). */
enum {
  CT_DRAW_RESULT,
  CT_DRAW_COMPOSITION,
  CT_DRAW_DIVIDE,
  CT_DRAW_PRODUCT,
  CT_DRAW_COMPLEMENT,
  CT_DRAW_UNARY,
  CT_DRAW_LINEAR /* the argument, its basis cells (indices 1, 2, 4, ...) colored */
};

/* How a call whose first argument is a composed layout is answered
 * (spec/composed.md; cli/builtins_composed.c runs it): an operation CuTe's
 * layout_composed.hpp does not define there is ARG_TYPE. */
enum {
  CT_CL_UNDEFINED, /* ARG_TYPE naming the operation */
  CT_CL_QUERY,     /* the inner layout's answer (CL-2: size, shape, ...) */
  CT_CL_ON_INNER,  /* applied to the inner layout, outer and offset kept (CL-3, CL-4) */
  CT_CL_PLAIN      /* the inner layout's answer, a plain layout (CL-INNER) */
};

typedef struct {
  const char *name;
  int min_args, max_args; /* max_args < 0: any number */
  int takes_targs;        /* 0: none, 1: optional, 2: required */
  ct_builtin_fn fn;       /* 0: a group of requests that is no operation (notation, expressions) */
  const char *synopsis;   /* one line of `cuteref eval --list` */
  const char *page;       /* its spec page: spec/<page> */
  ct_op_gen gens[CT_OP_GENS];
  ct_op_judge judge;      /* 0: no adapter: a judge of its kinds (`ref`, signature.h), or none and */
  const char *no_judge;   /* why */
  int draw;               /* CT_DRAW_* */
  int exhaustive;         /* device/run_gpu.sh's exhaustive step runs its properties */
  /* CuTe's documented contract, judged inside the domain (spec/principle.md):
   * where set, `conform` calls an answer that differs from the reference's
   * wrong only when this judge finds a violation, and an answer that meets
   * it differs by convention (principle §3). 0: the spec's own judges decide. */
  ct_op_judge contract;
  int composed;  /* CT_CL_*: its rule on a composed layout */
  int atom_bits; /* the argument (counted from 1) that gives an atom's element width in bits,
                    which `dot` draws its banks with; 0: none */
  ct_op_ref ref; /* its reference function and argument kinds (signature.h); with fn == 0,
                    `eval`, the C API and Python call it through them (cli/call.c) */
  const char *aka;   /* what other implementations call it where the name differs:
                        "tensor-layouts: compose"; 0: the same name everywhere */
  const char *known; /* its known disagreements with CuTe C++, pycute and the DSL: headings of
                        its page's Differences section, separated by '|'
                        (//cli/tests:registry_test checks each heading is there); 0: none */
} ct_op;

extern const ct_op ct_ops[];
extern const int ct_num_ops;

/* Its post-condition IDs, as its page states them (cli/op_ids.inc, from
 * the page's owner lines; tools/spec_index.py): "COMP-1..COMP-11", or "". */
const char *ct_op_ids(const ct_op *op);

/* The row of an operation or request group, or 0. */
const ct_op *ct_find_op(const char *name);
/* A call with a swizzle or a composed layout among its arguments
 * (cli/builtins_composed.c): answered the way CuTe's layout_composed.hpp
 * does, or ARG_TYPE naming the operation. */
ct_code ct_composed_call(const ct_op *b, const ct_args *a, ct_value *out, ct_err *e);

/* Whether the row is an operation callable from expressions (a builtin or
 * argument kinds), and the call itself (cli/call.c). */
int ct_op_callable(const ct_op *op);
/* Whether conform judges its answers by the spec (a `judge` adapter or a
 * judge of its kinds), and that judgement (ct_op_judge's contract). */
int ct_op_has_judge(const ct_op *op);
int ct_op_judge_call(const ct_op *op, const ct_value *args, int n, const ct_value *result, int accepted,
                     int64_t bound, ct_judgement *j);
ct_code ct_op_call(const ct_op *op, const ct_args *a, ct_value *out, ct_err *e);

/* The row of an operation callable from expressions, or 0. */
const ct_op *ct_find_builtin(const char *name);

/* The properties of props/ that check the operation: the families of its
 * IDs and its error codes, as `check --only` prefixes ("COMP-,composition!").
 * Returns the length written. */
int ct_op_props(const ct_op *op, char *buf, int cap);

#endif
