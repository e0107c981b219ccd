/* basis_ops.h -- the algebra on basis-strided layouts (spec/basis.md):
 * coalesce, filter, composition, the divides.
 *
 * Lifting (BASIS-LIFT). These operations read A's strides in two ways only:
 * they compare neighbours (coalesce merges s0:d0, s1:s0*d0) and they scale a
 * stride by an integer into the result (COMP-LEAF: every stride of A o B is
 * c*D_k for one digit D_k of A, or 0). So they are defined for strides in
 * any semimodule (VALUE-STRIDE) and computed by the integer reference on two
 * integer stand-ins for A's strides ("markers") that merge exactly where A's
 * strides merge; each result stride r1 (first markers) and r2 (second) then
 * names the run of A it comes from by r2 / r1, and is r1 times that run's
 * first stride. The two results must have the same shapes and decode
 * exactly, else the operation is rejected rather than answered wrongly. */
#ifndef CT_BASIS_OPS_H
#define CT_BASIS_OPS_H

#include "basis.h"
#include "divide.h"

/* The operations computed through lifting; B is the second operand (a
 * layout, or a tiler), `profile` coalesce's profile. */
typedef enum {
  CT_LIFT_COALESCE,
  CT_LIFT_COALESCE_PROFILE,
  CT_LIFT_FILTER_ZEROS,
  CT_LIFT_FILTER,
  CT_LIFT_COMPOSITION,       /* B a layout */
  CT_LIFT_COMPOSITION_TILER, /* B a tiler */
  CT_LIFT_LOGICAL_DIVIDE,    /* B a layout */
  CT_LIFT_LOGICAL_DIVIDE_TILER,
  CT_LIFT_ZIPPED_DIVIDE,
  CT_LIFT_TILED_DIVIDE,
  CT_LIFT_FLAT_DIVIDE
} ct_lift_op;

/* op(A, B) for an A with any strides and a B with integer strides: the
 * integer reference itself when A has integer strides, else lifted. */
CT_FN CT_MUST_USE ct_code ct_lifted(ct_lift_op op, const ct_layout *A, const ct_layout *B, const ct_tuple *profile,
                                    ct_layout *out, ct_err *e);

/* The markers of A (BASIS-LIFT): A1, A2 with A's shapes and integer
 * strides, and the first stride of each run, by run number. */
typedef struct {
  int n;
  ct_node head[CT_MAX_NODES];
} ct_lift;
CT_FN CT_MUST_USE ct_code ct_lift_markers(const ct_layout *A, ct_layout *A1, ct_layout *A2, ct_lift *runs, ct_err *e);
/* R from the results R1, R2 of an operation on A1, A2 (BASIS-LIFT). */
CT_FN CT_MUST_USE ct_code ct_lift_decode(const ct_layout *R1, const ct_layout *R2, const ct_lift *runs, ct_layout *out,
                                         ct_err *e);

/* composition(A, B) for any A and B (BASIS-COMP): B's leaves with stride
 * v@p compose with mode p of A, as v (CuTe's rule); the leaves of one path
 * must be admissible together for that mode (COMP-EXACT), leaves of
 * different paths never interact. B with integer strides: ct_lifted. */
CT_FN CT_MUST_USE ct_code ct_basis_composition(const ct_layout *A, const ct_layout *B, ct_layout *out, ct_err *e);

#endif
