/* cutlass2x.h -- the CUTLASS 2.x layouts of seed 003 as CuTe layouts
 * (spec/cutlass2x.md): PitchLinear, ColumnMajor, RowMajor,
 * ColumnMajorInterleaved<k>, RowMajorInterleaved<k>, TensorNHWC.
 *
 * A 2.x layout is a function of a coordinate with run-time strides (its
 * leading dimension); given the extent, it is the CuTe layout of that extent
 * with those strides (CX-1). Strides default to packed(extent). */
#ifndef CT_CUTLASS2X_H
#define CT_CUTLASS2X_H

#include "layout.h"

typedef enum {
  CT_2X_PITCH_LINEAR = 0, /* (contiguous, strided):(1, ld) */
  CT_2X_COLUMN_MAJOR,     /* (rows, columns):(1, ld) */
  CT_2X_ROW_MAJOR,        /* (rows, columns):(ld, 1) */
  CT_2X_COLUMN_MAJOR_INTERLEAVED, /* (rows, (k, columns/k)):(k, (1, ld)) */
  CT_2X_ROW_MAJOR_INTERLEAVED,    /* ((k, rows/k), columns):((1, ld), k) */
  CT_2X_TENSOR_NHWC,      /* (n, h, w, c):(ldN, ldH, ldW, 1) */
  CT_2X_KINDS
} ct_2x_kind;

/* The rank of a kind's coordinate: 2, or 4 for TensorNHWC. */
CT_FN int ct_2x_rank(int kind);
/* The number of strides a kind takes: 1, or 3 for TensorNHWC. */
CT_FN int ct_2x_nstrides(int kind);

/* packed(extent): the strides of a tightly packed tensor (CX-3). ext has
 * ct_2x_rank(kind) positive entries; k is the interleave (1 otherwise). */
CT_FN CT_MUST_USE ct_code ct_2x_packed(int kind, int64_t k, const int64_t *ext, int64_t *ld, ct_err *e);

/* The CuTe layout of the 2.x layout with strides ld over the extent ext
 * (CX-1). NOT_DIVISIBLE when the interleave does not divide the
 * interleaved extent; NOT_INJECTIVE when a stride is below the extent it
 * must step over (the 2.x inverse needs an injective layout). */
CT_FN CT_MUST_USE ct_code ct_2x_layout(int kind, int64_t k, const int64_t *ext, const int64_t *ld, ct_layout *out,
                                       ct_err *e);

/* capacity(extent): what the 2.x layout allocates, the outermost extent
 * (rounded up to the interleave) times its stride (CX-2). */
CT_FN CT_MUST_USE ct_code ct_2x_capacity(int kind, int64_t k, const int64_t *ext, const int64_t *ld, int64_t *out,
                                         ct_err *e);

#endif
