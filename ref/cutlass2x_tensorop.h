/* cutlass2x_tensorop.h -- CUTLASS 2.x's permuted shared-memory layouts
 * TensorOpMultiplicandCongruous<E,Cw> and TensorOpMultiplicandCrosswise<E,Cw>
 * (include/cutlass/layout/tensor_op_multiplicand_sm75.h) as CuTe composed
 * layouts Sw o _0 o L (spec/cutlass2x.md, CX-TOP). */
#ifndef CT_CUTLASS2X_TENSOROP_H
#define CT_CUTLASS2X_TENSOROP_H

#include "composed.h"

enum { CT_TOP_CONGRUOUS = 0, CT_TOP_CROSSWISE = 1 };

/* The layout of `which` for elements of `bits` bits and the crosswise
 * extent `cw`, over the pitch-linear extent ext (contiguous, strided) with
 * leading dimension ld (CX-4). A swizzle on the offset exists when ld times
 * the layout's kFactor is a power of two: NOT_DIVISIBLE otherwise, and when
 * the extent is no whole number of the layout's tiles; ARG_TYPE for
 * parameters CUTLASS does not instantiate (kFactor outside 1..8). */
CT_FN CT_MUST_USE ct_code ct_2x_tensor_op(int which, int bits, int cw, const int64_t *ext, int64_t ld, ct_composed *out,
                                          ct_err *e);

/* ColumnMajor / RowMajor TensorOpMultiplicand{Congruous,Crosswise}: the
 * matrix coordinate (row, column) is the pitch-linear (row, column) for
 * ColumnMajor, (column, row) for RowMajor (CX-5); ext is (rows, columns) and
 * ld the leading dimension (rows, or columns, packed). */
CT_FN CT_MUST_USE ct_code ct_2x_tensor_op_matrix(int which, int row_major, int bits, int cw, const int64_t *ext, int64_t ld,
                                                 ct_composed *out, ct_err *e);

#endif
