/* derived.h -- what some properties derive from their case and the case's
 * trees do not show: the basis strides a BASIS property draws, the operand
 * or tiler a product or DIV tiler property builds, the target of a TILE
 * case, MCL-5's b. Each is part of its property's definition (props_*.c);
 * one declaration here, checked against the definition, serves the
 * property and a reader outside props/ (device/sort_classes.c). */
#ifndef CT_PROPS_DERIVED_H
#define CT_PROPS_DERIVED_H

#include "props/props.h"

/* How a BASIS property gives its case's first layout basis strides
 * (props/props_basis.c): the runs not kept, kept, kept or not as drawn, or
 * kept in a layout that gets basis strides only half the time (BASIS-7). */
enum { CT_BA_PLAIN, CT_BA_RUNS, CT_BA_DRAWN, CT_BA_HALF };
/* The basis-strided A that BASIS-salt checks, drawn from its stream *r,
 * which goes on from there; *pool: the pool of paths it drew from (-1: A
 * kept its integer strides). Returns whether A's paths are constant on runs. */
CT_FN int ct_basis_drawn(const ct_case *c, int salt, int how, ct_rng *r, ct_layout *A, int *pool);
/* BASIS-7's B: the case's second layout with each nonzero stride on the
 * path (0) or (1), drawn from *r after A. */
CT_FN void ct_basis7_b(const ct_case *c, ct_rng *r, ct_layout *B);

/* The layout L of composition(L, Sw) (SW-8) and composition(L, C) (CL-9),
 * by k1 % 3: the case's v0, an identity 2^(width+1):1, or a transpose of
 * 2^width elements, width = min(B + M + |S|, 10) (props/props_swizzle.c). */
CT_FN void ct_sw_case_outer(const ct_case *c, ct_layout *L);

/* B for the plain-layout product properties, and (A, T) for the tiler
 * ones (props/props_product.c). */
CT_FN void ct_pp_operand(const ct_case *c, ct_layout *B);
CT_FN void ct_pp_tiler_case(const ct_case *c, ct_layout *A, ct_tiler *T);
/* A TILE case's inputs: the block, the target and (has_order) the order. */
typedef struct {
  ct_layout block;
  ct_tuple trg, order;
  int has_order;
} ct_pp_tile;
CT_FN void ct_pp_tile_case(const ct_case *c, ct_pp_tile *t);

/* The nested tiler a DIV tiler property derives from its case, 0 where it
 * derives none (props/props_divide.c). */
CT_FN int ct_dv_nested_tiler(const ct_case *c, const ct_layout *A, ct_tiler *out);

/* MCL-5's b and the code of building it; whether a leaf of size > 1 has a
 * negative stride (INV-NEG; props/props_inverse.c). */
CT_FN ct_code ct_pi_mcl5_b(const ct_case *c, ct_layout *b);
CT_FN int ct_pi_negative(const ct_layout *L);

#endif
