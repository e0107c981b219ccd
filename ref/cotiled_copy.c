/* cotiled_copy.c -- CuTe's make_cotiled_copy(atom, atom_tv, data) on
 * layouts (spec/tiled_copy.md, TCOPY-DEF, TCOPY-12, TCOPY-13): the tiled
 * copy whose threads and values address the data layout's memory as
 * atom_tv says, tiled by the data layout's own modes. Built from the pieces
 * copy_atom.hpp names: the data coordinate of each (t, v) through
 * left_inverse(data), a per-mode tiler of the coordinates reached, and the
 * tiled layout through the tiler's left inverse. */
#include "tiled_copy.h"

#include "coalesce.h"
#include "composition.h"
#include "ct_arith.h"
#include "inverse.h"

/* The most (thread, value) points TCOPY-PRE's NOT_IN_DATA check visits. */
#define CT_COTILED_MAX ((int64_t)1 << 24)

CT_FN ct_code ct_cotiled_copy(const ct_layout *atom_tv, const ct_layout *data, ct_layout *TV, ct_tiler *tiler,
                              ct_err *e) {
  ct_layout inv, pad, invx, ltd, sel, m, t, acc, t2d, li;
  ct_val n, nd;
  int64_t i, s, d, x, y, prod = 1;
  int k, r = ct_l_rank(data);
  if (ct_l_rank(atom_tv) != 2)
    return CT_FAIL(e, CT_ARG_TYPE, "make_cotiled_copy: the atom's TV layout has no (thread, value) modes");
  /* (thread, value) -> data coordinate: (left_inverse(data), 1:0) o atom_tv,
   * the 1:0 taking addresses past the inverse's domain (CuTe's off-the-ends) */
  CT_TRY(ct_left_inverse(data, &inv, e));
  ct_l_set_int(&pad, 1, 1, 0, 1);
  CT_TRY(ct_l_concat2(&inv, &pad, &invx, e));
  CT_TRY(ct_composition(&invx, atom_tv, &ltd, e));
  /* TCOPY-PRE: every address atom_tv names is data's at that coordinate
   * (CuTe's static_assert "The memory pointed to by AtomTVLayout does not
   * exist in the DataLayout", which looks at the value mode) */
  CT_TRY(ct_l_size(atom_tv, &n, e));
  CT_TRY(ct_l_size(data, &nd, e));
  if (n.v > CT_COTILED_MAX)
    return CT_FAIL(e, CT_WORK_LIMIT, "make_cotiled_copy: %lld (thread, value) points to check", (long long)n.v);
  for (i = 0; i < n.v; ++i) {
    CT_TRY(ct_l_eval(atom_tv, i, &x, e));
    CT_TRY(ct_l_eval(&ltd, i, &y, e));
    if (y >= 0 && y < nd.v) CT_TRY(ct_l_eval(data, y, &y, e)); /* past size(data): no coordinate of it */
    else y = x + 1;
    if (x != y)
      return CT_FAIL(e, CT_NOT_IN_DATA,
                     "make_cotiled_copy: the atom's (thread, value) index %lld points to %lld, which the data layout "
                     "does not hold",
                     (long long)i, (long long)x);
  }
  /* the tiler, mode by mode of data: filter((s_0, ..., s_r-1):(0, .., 1, .., 0) o ltd), the
   * coordinates of mode k reached, in the order ltd reaches them; and
   * tile2data, mode k being (s_k : prod_{j<k} s_j) o t_k */
  for (k = 0; k < r; ++k) {
    int j;
    ct_layout one, acc2;
    for (j = 0; j < r; ++j) {
      CT_TRY(ct_l_mode_size(data, j, &s, e));
      ct_l_set_int(&one, s, 0, j == k ? 1 : 0, 1);
      if (j == 0) {
        ct_l_copy(&sel, &one);
      } else if (j == 1) {
        ct_l_copy(&acc2, &sel);
        CT_TRY(ct_l_concat2(&acc2, &one, &sel, e));
      } else {
        ct_l_copy(&acc2, &sel);
        CT_TRY(ct_l_append(&acc2, &one, &sel, e));
      }
    }
    CT_TRY(ct_composition(&sel, &ltd, &m, e));
    CT_TRY(ct_filter(&m, &t, e));
    CT_TRY(ct_l_mode_size(data, k, &s, e));
    d = prod;
    ct_l_set_int(&one, s, 0, d, 0);
    CT_TRY(ct_composition(&one, &t, &m, e));
    if (k == 0) {
      const ct_layout *p0 = &t, *q0 = &m;
      CT_TRY(ct_l_concat(&p0, 1, tiler, e));
      CT_TRY(ct_l_concat(&q0, 1, &t2d, e));
    } else {
      ct_l_copy(&acc, tiler);
      CT_TRY(ct_l_append(&acc, &t, tiler, e));
      ct_l_copy(&acc, &t2d);
      CT_TRY(ct_l_append(&acc, &m, &t2d, e));
    }
    if (ct_mul_ovf(prod, s, &prod)) return CT_FAIL(e, CT_OVERFLOW, "make_cotiled_copy: the data's size overflows");
  }
  tiler->shape.nd[0].mark = 1; /* a tiler <t_0, ..., t_r-1> */
  tiler->stride.nd[0].mark = 1;
  /* (thread, value) -> tile index: left_inverse(tile2data) o ltd */
  CT_TRY(ct_left_inverse(&t2d, &li, e));
  return ct_composition(&li, &ltd, TV, e);
}
