/* sort_classes.h -- the GPU's sort classes: what a property's work on a
 * case turns on that the case's trees do not show. The GPU sorts a
 * launch's cases by it after their tree shapes (device/ct_dev.h), so that
 * the lanes of a warp take alike branches; it changes the order of the
 * runs, never an answer. The classes read what the properties derive from
 * their cases (props/derived.h) and hash it. */
#ifndef CT_SORT_CLASSES_H
#define CT_SORT_CLASSES_H

#include "props/props.h"

/* A class (1 to 127; 0: none) of property prop's work on case c: the paths
 * of the A a BASIS property draws, the choices a CL property makes from k1,
 * the operands a product, DIV tiler or TILE property derives, whether
 * MCL-5's b has a negative stride. */
CT_FN unsigned ct_prop_key_class(int prop, const ct_case *c);
/* h mixed with one node's place in a tree's shape (its kind, rank and mark,
 * not its value): the tree hashes of the GPU's sort keys (device/ct_dev.h)
 * and of ct_tree_class. */
CT_FN static inline uint64_t ct_tree_node_mix(uint64_t h, const ct_node *x) {
  return ct_mix64(h ^ ((uint64_t)x->kind | (uint64_t)x->rank << 4 | (uint64_t)x->mark << 12));
}
/* The class of a tree's shape (its nodes' kinds, ranks and marks) and of a
 * salt, hashed to 1..127. */
CT_FN unsigned ct_tree_class(const ct_tuple *t, uint64_t salt);

#endif
