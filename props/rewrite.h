/* rewrite.h -- random equivalent rewrites of a layout: the second set of
 * arguments that the principle's properties hand an operation (PRIN-1 in
 * spec/layout.md, props_principle.c).
 *
 * A rewrite is a few random steps, each of which keeps the function on
 * [0, size) (EQUIV-1); the class of the rewrite says which steps it may
 * take, and so how close to the argument's representation it stays. */
#ifndef CT_REWRITE_H
#define CT_REWRITE_H

#include "props/rng.h"
#include "ref/layout.h"

/* Rewrite classes, each allowing the steps of the ones before it. */
enum {
  CT_RW_NONE = 0, /* not rewritten */
  CT_RW_MARKS,    /* static marks flipped: the same tree and values */
  CT_RW_SHAPE,    /* and a size-1 mode (any stride) inserted or removed at any depth, a
                     one-element tuple made or unwrapped: the shape kept up to those (EQUIV-2) */
  CT_RW_EQUIV,    /* and a leaf s:d split into (s1,s2):(d,s1*d) (finer), or a tuple whose
                     leaves coalesce to one mode made that leaf (coarser), one direction a
                     rewrite, so that it stays EQUIV-2 equivalent */
  CT_RW_FUNC      /* and both directions, adjacent modes nested, a tuple spliced into its
                     parent: the same function (EQUIV-1), any shape */
};
/* Flags on a class. */
#define CT_RW_TAIL 0x10  /* keep the evaluation past size(L) too (LAYOUT-EVAL: the last leaf
                            takes the rest unreduced), for an operation that reads it */
#define CT_RW_TOP 0x20   /* steps only inside the top-level modes: the root (an integer, or a
                            tuple of that rank) kept, each mode rewritten by the class */
#define CT_RW_UNITS 0x40 /* the size-1 leaves kept, strides and all */
#define CT_RW_MODES (CT_RW_EQUIV | CT_RW_TOP)
#define CT_RW_CLASS(how) ((how) & 0xf)

/* out := a random rewrite of L of class `how`, 1 to 4 steps; `finer` picks
 * the direction of EQUIV. A layout that is not plain (basis
 * strides, `_`, a tiler) gets its marks flipped only. CT_OK, or a
 * representation limit (CAPACITY, DEPTH_LIMIT, RANK_LIMIT) that the steps
 * reached: then out must not be read. */
CT_FN CT_MUST_USE ct_code ct_rw_layout(ct_rng *r, const ct_layout *L, int how, int finer, ct_layout *out, ct_err *e);

/* Whether R is a rewrite of L of class `how` (the generator's own check,
 * so that a bug in it cannot pass as an invariance): 0 if so, else what R
 * breaks, CT_RWV_*. */
enum {
  CT_RWV_OK = 0,
  CT_RWV_FUNCTION, /* not the same function on [0, size) (EQUIV-1) */
  CT_RWV_EQUIV,    /* not EQUIV-2 equivalent */
  CT_RWV_SHAPE,    /* the shape changed beyond size-1 modes and one-element tuples */
  CT_RWV_MODES,    /* another root, or a top-level mode not EQUIV-2 equivalent (TOP) */
  CT_RWV_MARKS,    /* more than the marks changed */
  CT_RWV_TAIL,     /* another value past size(L) */
  CT_RWV_UNITS     /* the size-1 leaves changed (UNITS) */
};
CT_FN int ct_rw_valid(const ct_layout *L, const ct_layout *R, int how);

#endif
