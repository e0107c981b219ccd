/* inttuple.h -- IntTuple: an integer or a tuple of IntTuples (spec/inttuple.md).
 *
 * A tree is stored in preorder in a fixed array: each node knows the size of
 * its subtree (span), so the next sibling of node i is i + span and nothing
 * needs recursion or allocation. Integers keep CuTe's static mark (`_4`); a
 * third kind of leaf, `_`, stands for "all" in coordinates and tilers; a
 * fourth, CT_BASIS, is a basis stride v@i (spec/basis.md): v in `v`, its path
 * (i, j, ...) in `rank` (the length) and `path` (5 bits an index). */
#ifndef CT_INTTUPLE_H
#define CT_INTTUPLE_H

#include "ct_error.h"

enum { CT_INT = 0, CT_TUPLE = 1, CT_ALL = 2, CT_BASIS = 3 };

/* A basis path holds at most CT_BASIS_DEPTH indices, each below CT_MAX_RANK
 * (VALUE-BASIS in spec/layout.md): three 5-bit fields of ct_node.path. */
#define CT_BASIS_DEPTH 3

typedef struct {
  int64_t v;     /* value of an integer (of a basis stride: its scale) */
  uint8_t kind;  /* CT_INT, CT_TUPLE, CT_ALL or CT_BASIS */
  uint8_t stat;  /* CuTe's static mark on an integer (`_4`) */
  uint8_t mark;  /* tuple written `<...>` (a tiler), not `(...)` */
  uint8_t rank;  /* number of children of a tuple; length of a basis path */
  uint16_t span; /* nodes in this subtree, the node itself included */
  uint16_t path; /* a basis path: index k in bits 5k..5k+4; 0 otherwise */
} ct_node;

/* A tree's memory stays proportional to its nodes (spec/layout.md,
 * Representation): a node is 16 bytes, the basis path included, with no
 * padding (its int64_t first, then the small fields). */
typedef char ct_node_is_16_bytes[sizeof(ct_node) == 16 ? 1 : -1];

typedef struct {
  int n; /* nodes in use; 0 means "empty / not yet built" */
  ct_node nd[CT_MAX_NODES];
} ct_tuple;

/* A value with its static mark, as a leaf carries it. */
typedef struct {
  int64_t v;
  int stat;
} ct_val;

/* dst := src, copying the n nodes in use rather than the CT_MAX_NODES of
 * capacity that an assignment `*dst = *src` copies (issue 16: a copy costs
 * what is in use; on the GPU a whole ct_tuple is local-memory traffic).
 * Nodes past n are never read. dst may be src. The builders of composed
 * values clear the parts they leave unused; an n outside [0, CT_MAX_NODES]
 * is still bounded by the capacity, so a copy never reads past the array.
 *
 * This and the building primitives below are inline (defined at the end of
 * this file), so that the GPU runs them without a call (issue 16). A
 * rewrite of a tree walks it with ct_walker (walk.h), not by recursion. */
CT_FN static inline void ct_t_copy(ct_tuple *dst, const ct_tuple *src);

/* --- building (append-only, preorder) ------------------------------------ */
CT_FN static inline void ct_t_clear(ct_tuple *t);
CT_FN static inline void ct_t_set_int(ct_tuple *t, int64_t v, int stat);
CT_FN static inline CT_MUST_USE ct_code ct_t_push_int(ct_tuple *t, int64_t v, int stat, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_t_push_all(ct_tuple *t, ct_err *e);
/* A basis leaf v@path (path[0] the top-level mode): DEPTH_LIMIT past
 * CT_BASIS_DEPTH indices, RANK_LIMIT for an index >= CT_MAX_RANK. */
CT_FN CT_MUST_USE ct_code ct_t_push_basis(ct_tuple *t, int64_t v, int stat, const int *path, int npath, ct_err *e);
/* ct_t_open appends a tuple header; push its children; ct_t_close fixes the
 * header's rank and span and enforces CT_MAX_RANK / CT_MAX_DEPTH. An open
 * that fails (CAPACITY) sets *hdr to -1, and closing an index that is not
 * a node fails with CAPACITY, so a build that drops a failed step's code
 * stays defined. */
CT_FN static inline CT_MUST_USE ct_code ct_t_open(ct_tuple *t, int *hdr, ct_err *e);
CT_FN static inline CT_MUST_USE ct_code ct_t_close(ct_tuple *t, int hdr, ct_err *e);
/* Appends a copy of the subtree of src rooted at node i. */
CT_FN static inline CT_MUST_USE ct_code ct_t_push_sub(ct_tuple *t, const ct_tuple *src, int i, ct_err *e);
/* out := the subtree of src rooted at node i. */
CT_FN static inline void ct_t_sub(const ct_tuple *src, int i, ct_tuple *out);

/* --- structure ------------------------------------------------------------ */
CT_FN static inline int ct_t_is_int(const ct_tuple *t, int i) { return t->nd[i].kind == CT_INT; }
CT_FN static inline int ct_t_is_tuple(const ct_tuple *t, int i) { return t->nd[i].kind == CT_TUPLE; }
/* rank: 1 for an integer (or `_`), the number of children for a tuple. */
CT_FN static inline int ct_t_rank(const ct_tuple *t, int i) { return t->nd[i].kind == CT_TUPLE ? t->nd[i].rank : 1; }
/* Node index of child k of tuple node i (k < rank). */
CT_FN int ct_t_child(const ct_tuple *t, int i, int k);
/* Mode k of node i: the child for a tuple, the node itself for an integer
 * and k == 0 (CuTe's get<0> of an integer is the integer). -1 if out of range. */
CT_FN int ct_t_mode(const ct_tuple *t, int i, int k);
/* depth: 0 for an integer, 1 + max depth of the children for a tuple. */
CT_FN int ct_t_depth(const ct_tuple *t, int i);
/* Preorder indices of the integer (and `_`) leaves below node i. */
CT_FN int ct_t_leaves(const ct_tuple *t, int i, int *idx, int cap);
CT_FN int ct_t_has_all(const ct_tuple *t, int i);
/* Whether the subtree of node i holds a basis leaf. */
CT_FN int ct_t_has_basis(const ct_tuple *t, int i);
/* Index k of a basis leaf's path (k < nd->rank). */
CT_FN static inline int ct_basis_index(const ct_node *nd, int k) { return (nd->path >> (5 * k)) & 31; }

/* --- arithmetic queries ----------------------------------------------------- */
/* product of the leaves (size of a shape); static iff all leaves static. */
CT_FN CT_MUST_USE ct_code ct_t_product(const ct_tuple *t, int i, ct_val *out, ct_err *e);
CT_FN CT_MUST_USE ct_code ct_t_sum(const ct_tuple *t, int i, ct_val *out, ct_err *e);

/* --- relations (spec/inttuple.md, IT-22 to IT-24) ----------------------- */
CT_FN int ct_t_congruent(const ct_tuple *a, int ia, const ct_tuple *b, int ib);
CT_FN int ct_t_weakly_congruent(const ct_tuple *a, int ia, const ct_tuple *b, int ib);
/* compatible(a, b): size(a) == size(b) and every coordinate of a is one of b. */
CT_FN int ct_t_compatible(const ct_tuple *a, int ia, const ct_tuple *b, int ib);
/* Same tree and values (basis leaves: the same scale and path); marks
 * compared too when with_marks. */
CT_FN int ct_t_equal(const ct_tuple *a, int ia, const ct_tuple *b, int ib, int with_marks);

/* Flat copy: a tuple of the leaves (an integer stays an integer). */
CT_FN CT_MUST_USE ct_code ct_t_flatten(const ct_tuple *t, ct_tuple *out, ct_err *e);
/* Makes a tuple of the given subtrees: out := (srcs[0]@idx[0], ...). */
CT_FN CT_MUST_USE ct_code ct_t_make_tuple(ct_tuple *out, const ct_tuple *const *srcs, const int *idx, int n, ct_err *e);

/* --- the building primitives, inline (declared above) -------------------- */
CT_FN static inline void ct_t_clear(ct_tuple *t) { t->n = 0; }

CT_FN static inline void ct_t_copy(ct_tuple *dst, const ct_tuple *src) {
  int k, n = src->n, m = (unsigned)n <= CT_MAX_NODES ? n : CT_MAX_NODES;
  for (k = 0; k < m; ++k) dst->nd[k] = src->nd[k];
  dst->n = n;
}

CT_FN static inline void ct_node_int(ct_node *nd, int64_t v, int stat) {
  nd->v = v;
  nd->kind = CT_INT;
  nd->stat = (uint8_t)(stat ? 1 : 0);
  nd->mark = 0;
  nd->rank = 0;
  nd->span = 1;
  nd->path = 0;
}

CT_FN static inline void ct_t_set_int(ct_tuple *t, int64_t v, int stat) {
  t->n = 1;
  ct_node_int(&t->nd[0], v, stat);
}

CT_FN static inline ct_code ct_t_push_int(ct_tuple *t, int64_t v, int stat, ct_err *e) {
  if (t->n >= CT_MAX_NODES) return CT_FAIL(e, CT_CAPACITY, "more than %d nodes", CT_MAX_NODES);
  ct_node_int(&t->nd[t->n++], v, stat);
  return CT_OK;
}

CT_FN static inline ct_code ct_t_open(ct_tuple *t, int *hdr, ct_err *e) {
  *hdr = -1; /* set even when the open fails: closing -1 fails too */
  CT_TRY(ct_t_push_int(t, 0, 0, e));
  *hdr = t->n - 1;
  t->nd[*hdr].kind = CT_TUPLE;
  return CT_OK;
}

CT_FN static inline ct_code ct_t_close(ct_tuple *t, int hdr, ct_err *e) {
  int j, r = 0, d = 0;
  if (hdr < 0 || hdr >= t->n)
    return CT_FAIL(e, CT_CAPACITY, "closing a tuple whose opening failed (more than %d nodes)", CT_MAX_NODES);
  for (j = hdr + 1; j < t->n; j += t->nd[j].span) {
    /* a leaf: depth 0; a subtree's depth is at most its nodes, so only one
     * of CT_MAX_DEPTH nodes or more can reach the bound and is measured */
    int cd = t->nd[j].kind == CT_TUPLE && t->nd[j].span >= CT_MAX_DEPTH ? ct_t_depth(t, j) : 0;
    if (cd > d) d = cd;
    ++r;
  }
  if (r > CT_MAX_RANK) return CT_FAIL(e, CT_RANK_LIMIT, "a tuple of %d elements (at most %d)", r, CT_MAX_RANK);
  if (d + 1 > CT_MAX_DEPTH) return CT_FAIL(e, CT_DEPTH_LIMIT, "nesting depth %d (at most %d)", d + 1, CT_MAX_DEPTH);
  t->nd[hdr].rank = (uint8_t)r;
  t->nd[hdr].span = (uint16_t)(t->n - hdr);
  return CT_OK;
}

CT_FN static inline ct_code ct_t_push_sub(ct_tuple *t, const ct_tuple *src, int i, ct_err *e) {
  int k, s = src->nd[i].span;
  if (t->n + s > CT_MAX_NODES) return CT_FAIL(e, CT_CAPACITY, "more than %d nodes", CT_MAX_NODES);
  for (k = 0; k < s; ++k) t->nd[t->n + k] = src->nd[i + k];
  t->n += s;
  return CT_OK;
}

CT_FN static inline void ct_t_sub(const ct_tuple *src, int i, ct_tuple *out) {
  int k, s = src->nd[i].span;
  if (src == out) { /* move the subtree to the front in place */
    for (k = 0; k < s; ++k) out->nd[k] = out->nd[i + k];
  } else {
    for (k = 0; k < s; ++k) out->nd[k] = src->nd[i + k];
  }
  out->n = s;
}

#endif
