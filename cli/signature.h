/* signature.h -- an operation's argument kinds, carried by its registry row
 * (issue 40, item 3): from them `eval`, the C API (cuteref_call) and the
 * Python module call the reference function with no hand-written builtin.
 *
 * A row names its reference function with one of the CT_REF_* macros below;
 * the macro records the kinds and type-checks the function against them, so
 * a row cannot call a function with arguments of the wrong kinds. An
 * operation whose call needs more than its kinds say (template arguments,
 * optional arguments with defaults the reference does not take, basis
 * strides, catalogue parameters) keeps a builtin in cli/builtins_*.c and
 * has CT_SIG_BUILTIN. */
#ifndef CT_SIGNATURE_H
#define CT_SIGNATURE_H

#include "ref/layout.h"
#include "judge/judge.h"
#include "ref/tiler.h"
#include "value.h" /* ct_value, for the judges at the end */

/* The kinds: L a layout (integer strides), T a tiler (a layout, <...>, an
 * integer or a shape), S a shape (an IntTuple; a layout stands for its shape),
 * oS an optional shape (the reference gets 0 when it is absent); the result
 * after '>': L a layout, S an IntTuple, I an integer. */
enum {
  CT_SIG_BUILTIN, /* the row's builtin does the call */
  CT_SIG_L_L,
  CT_SIG_LL_L,
  CT_SIG_LT_L,
  CT_SIG_LoS_L,
  CT_SIG_L_I,
  CT_SIG_LL_I,
  CT_SIG_SS_S,
  CT_SIG_SS_L,
  CT_SIG_L_S,
  CT_NUM_SIGS
};

typedef ct_code (*ct_ref_l_l)(const ct_layout *, ct_layout *, ct_err *);
typedef ct_code (*ct_ref_ll_l)(const ct_layout *, const ct_layout *, ct_layout *, ct_err *);
typedef ct_code (*ct_ref_lt_l)(const ct_layout *, const ct_tiler *, ct_layout *, ct_err *);
typedef ct_code (*ct_ref_los_l)(const ct_layout *, const ct_tuple *, ct_layout *, ct_err *);
typedef ct_code (*ct_ref_l_i)(const ct_layout *, ct_val *, ct_err *);
typedef ct_code (*ct_ref_ll_i)(const ct_layout *, const ct_layout *, ct_val *, ct_err *);
typedef ct_code (*ct_ref_ss_s)(const ct_tuple *, const ct_tuple *, ct_tuple *, ct_err *);
typedef ct_code (*ct_ref_ss_l)(const ct_tuple *, const ct_tuple *, ct_layout *, ct_err *);
typedef ct_code (*ct_ref_l_s)(const ct_layout *, ct_tuple *, ct_err *);

typedef union {
  ct_ref_l_l l_l;
  ct_ref_ll_l ll_l;
  ct_ref_lt_l lt_l;
  ct_ref_los_l los_l;
  ct_ref_l_i l_i;
  ct_ref_ll_i ll_i;
  ct_ref_ss_s ss_s;
  ct_ref_ss_l ss_l;
  ct_ref_l_s l_s;
} ct_ref_fn;

/* A judge of the same kinds (judge/): the layout, the IntTuple answered, the
 * bound of a brute-force check. conform calls it on an answer through the
 * row, so the operation needs no adapter in cli/judges.c. Only the kind
 * layout -> IntTuple has one (linear_layout); a kind gains its judge type
 * when an operation of that kind is judged this way. */
typedef ct_jstatus (*ct_chk_l_s)(const ct_layout *, const ct_tuple *, int64_t, ct_judgement *);

typedef struct {
  int sig;
  ct_ref_fn fn;
  ct_chk_l_s check; /* 0: the row's `judge` adapter (or none) */
} ct_op_ref;

/* The row's last column: its reference function and kinds. */
#define CT_BY_BUILTIN {CT_SIG_BUILTIN, {0}, 0}
#define CT_REF_L_L(f) {CT_SIG_L_L, {.l_l = (f)}, 0}
#define CT_REF_LL_L(f) {CT_SIG_LL_L, {.ll_l = (f)}, 0}
#define CT_REF_LT_L(f) {CT_SIG_LT_L, {.lt_l = (f)}, 0}
#define CT_REF_LoS_L(f) {CT_SIG_LoS_L, {.los_l = (f)}, 0}
#define CT_REF_L_I(f) {CT_SIG_L_I, {.l_i = (f)}, 0}
#define CT_REF_LL_I(f) {CT_SIG_LL_I, {.ll_i = (f)}, 0}
#define CT_REF_SS_S(f) {CT_SIG_SS_S, {.ss_s = (f)}, 0}
#define CT_REF_SS_L(f) {CT_SIG_SS_L, {.ss_l = (f)}, 0}
#define CT_REF_L_S(f) {CT_SIG_L_S, {.l_s = (f)}, 0}
/* ... and judged by `j` of the same kinds */
#define CT_REF_L_S_JUDGED(f, j) {CT_SIG_L_S, {.l_s = (f)}, (j)}

/* "layout, tiler -> layout": the kinds in words (`cuteref ops`, the site). */
const char *ct_sig_words(int sig);

/* conform's judges of issue 41's later composed operations (cli/builtins_composed.c,
 * beside the earlier ones of cli/judges.h): logical_product with a composed
 * second argument (PROD-8) and domain_offset (DOFF-1, DOFF-2). */
int ct_jx_logical_product_cl(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                             ct_judgement *j);
int ct_jx_domain_offset(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                        ct_judgement *j);
#endif
