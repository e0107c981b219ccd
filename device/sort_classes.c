/* sort_classes.c -- the GPU's sort classes (device/sort_classes.h), one
 * per property where it paid, from what the property derives from its case
 * (props/derived.h). A class that drifted from its property's derivation
 * would cost speed on the GPU, never an answer. */
#include "device/sort_classes.h"
#include "device/prop_index.h"
#include "props/derived.h"
#include "ref/basis.h"

CT_FN unsigned ct_tree_class(const ct_tuple *t, uint64_t salt) {
  uint64_t h = ct_mix64(salt) ^ (uint64_t)t->n;
  int i;
  for (i = 0; i < t->n; ++i)
    h = ct_tree_node_mix(h, &t->nd[i]);
  return 1u + (unsigned)(h % 127u);
}

/* A class of the A that BASIS-salt draws from case c (1 to 81: its pool of
 * paths, the distinct paths it took and the deepest; 1 for an A left with
 * integer strides): the lifted operations split A by its paths. */
CT_FN static unsigned ct_basis_class(const ct_case *c, int salt, int how) {
  ct_rng r;
  ct_layout A;
  ct_node seen[4];
  int pool, j, q, npaths = 0, deep = 0;
  ct_basis_drawn(c, salt, how, &r, &A, &pool);
  for (j = 0; j < A.stride.n; ++j) {
    const ct_node *d = &A.stride.nd[j];
    if (d->kind != CT_BASIS) continue;
    if (d->rank > deep) deep = d->rank;
    for (q = 0; q < npaths && !ct_basis_same_path(&seen[q], d); ++q) {
    }
    if (q == npaths && npaths < 3) seen[npaths++] = *d;
  }
  if (npaths == 0) return 1;
  return 2u + (unsigned)(pool * 16 + npaths * 4 + (deep < 3 ? deep : 3));
}

/* BASIS-7's: whether A kept its integer strides, and the paths of B's first
 * five basis leaves (bit k for the k-th), which split B between the two
 * compositions (BASIS-COMP). ct_basis_class sees A only. */
CT_FN static unsigned ct_basis7_class(const ct_case *c) {
  ct_rng r;
  ct_layout A, B;
  unsigned mask = 0;
  int pool, x, k = 0;
  ct_basis_drawn(c, 7, CT_BA_HALF, &r, &A, &pool);
  ct_basis7_b(c, &r, &B);
  for (x = 0; x < B.stride.n && k < 5; ++x)
    if (B.stride.nd[x].kind == CT_BASIS) mask |= (unsigned)ct_basis_index(&B.stride.nd[x], 0) << k++;
  return 1u + ((pool >= 0 ? 32u : 0u) | mask);
}

/* BASIS-10's: 1 for a B with a negative stride, which the check skips at
 * once, else ct_basis_class after it (the key drops the strides' signs
 * where a property has a class, so skipped and checked cases shared warps). */
CT_FN static unsigned ct_basis10_class(const ct_case *c) {
  return ct_has_negative_stride(&c->v[1]) ? 1u : 1u + ct_basis_class(c, 10, CT_BA_PLAIN);
}

/* The choices CL-n makes from k1 (props/props_composed.c): the outer
 * function (k1 % 4 == 3) and the operation, tiler, slice or change it picks
 * (k1 % 6, % 2, % 7, % rank, % 4): 1 to 55, k1 % m with its sign as the
 * properties read it. */
CT_FN static unsigned ct_cl_class(int n, const ct_case *c) {
  int64_t m = n == 2 || n == 5 ? 12 : n == 4 ? 28 : 4; /* 12: k1 % 6, % rank <= 4, % 4; 28: % 7, % 4 */
  if (n == 1) return 1u + (c->k[1] % 4 == 3);
  return (unsigned)(m + c->k[1] % m);
}

/* A product property's: the shape of the operand it derives (on an H200
 * PROD-6 and PROD-7 ran at 5.5 active lanes of 32 sorted by the case's
 * trees alone, 8.4 with this class). */
CT_FN static unsigned ct_pp_class(const ct_case *c, int tiler) {
  ct_layout A, B;
  if (tiler) {
    ct_pp_tiler_case(c, &A, &B);
  } else {
    ct_pp_operand(c, &B);
  }
  return ct_tree_class(&B.shape, 0);
}

/* A DIV tiler property's: the shape of the nested tiler it derives, 1
 * where it derives none. */
CT_FN static unsigned ct_dv_class(const ct_case *c) {
  ct_tiler N;
  return ct_dv_nested_tiler(c, &c->v[0], &N) ? ct_tree_class(&N.shape, 0) : 1u;
}

/* A TILE case's: the target's shape, whether an order is given and the
 * number of copies, which set the work. */
CT_FN static unsigned ct_pp_tile_class(const ct_case *c) {
  ct_pp_tile t;
  ct_val v;
  ct_err e;
  int64_t copies, size;
  ct_pp_tile_case(c, &t);
  size = ct_size(&t.block);
  copies = ct_t_product(&t.trg, 0, &v, &e) == CT_OK && size > 0 ? v.v / size : 0;
  return ct_tree_class(&t.trg, (uint64_t)t.has_order | (uint64_t)copies << 1);
}

/* MCL-5's: whether its b has a negative stride. Only then can right_inverse
 * recognize least indices (RINV-NEG, ref/recognize.c), walks that a few
 * lanes of a warp would otherwise run alone (on one H200, MCL-5 1.26x). The
 * same class for the pairs MCL-1..4 and MCV derive did not pay: deriving
 * them in the key kernel cost more than it sorted (MCL-4 0.73x;
 * docs/data/gpu-tuning.md). */
CT_FN static unsigned ct_pi_mcl5_class(const ct_case *c) {
  ct_layout b;
  return ct_pi_mcl5_b(c, &b) == CT_OK && ct_pi_negative(&b) ? 2u : 1u;
}

/* The pairs (salt, how) are each BASIS property's own call of ct_basis_a
 * (props/props_basis.c). */
CT_FN unsigned ct_prop_key_class(int prop, const ct_case *c) {
  switch (prop) {
  case CT_PROP_basis_2: return ct_basis_class(c, 2, CT_BA_PLAIN);
  case CT_PROP_basis_3: return ct_basis_class(c, 3, CT_BA_PLAIN);
  case CT_PROP_basis_4: return ct_basis_class(c, 4, CT_BA_PLAIN);
  case CT_PROP_basis_5: return ct_basis_class(c, 5, CT_BA_DRAWN);
  case CT_PROP_basis_6: return ct_basis_class(c, 6, CT_BA_DRAWN);
  case CT_PROP_basis_7: return ct_basis7_class(c);
  case CT_PROP_basis_8: return ct_basis_class(c, 8, CT_BA_DRAWN);
  case CT_PROP_basis_9: return ct_basis_class(c, 9, CT_BA_RUNS);
  case CT_PROP_basis_10: return ct_basis10_class(c);
  case CT_PROP_basis_11: return ct_basis_class(c, 11, CT_BA_PLAIN);
  case CT_PROP_cl_1: return ct_cl_class(1, c);
  case CT_PROP_cl_2: return ct_cl_class(2, c);
  case CT_PROP_cl_3: return ct_cl_class(3, c);
  case CT_PROP_cl_4: return ct_cl_class(4, c);
  case CT_PROP_cl_5: return ct_cl_class(5, c);
  case CT_PROP_cl_6: return ct_cl_class(6, c);
  /* The derived operands' classes where they paid on an H200 (1.08x to
   * 1.48x: PROD-7, PROD-4, DIV-6, PROD-6, DIV-8, ...); the key kernel
   * derives the operand again, which PROD-5 (0.91x), BLK-1 and RAKE-1
   * (0.98x), PROD-2, BLK-2 and RAKE-2 (1.02x) do not earn back */
  case CT_PROP_prod_1:
  case CT_PROP_prod_3:
  case CT_PROP_prod_4:
  case CT_PROP_blk_3:
  case CT_PROP_blk_4:
  case CT_PROP_rake_3:
  case CT_PROP_rake_4: return ct_pp_class(c, 0);
  case CT_PROP_prod_6:
  case CT_PROP_prod_7: return ct_pp_class(c, 1);
  case CT_PROP_div_5:
  case CT_PROP_div_6:
  case CT_PROP_div_7:
  case CT_PROP_div_8: return ct_dv_class(c);
  case CT_PROP_tile_1: /* 1.11x; TILE-3 1.02x, TILE-4 1.00x */
  case CT_PROP_tile_2: return ct_pp_tile_class(c);
  case CT_PROP_mcl_e1: return ct_pi_mcl5_class(c);
  default: return 0;
  }
}
