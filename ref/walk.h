/* walk.h -- the one walk of a tree: preorder, with an explicit stack.
 *
 * Every rewrite of a tree in ref/ (and props/) is this loop: the caller
 * drives a walker step by step, and each step reports the next node of t in
 * preorder as a leaf, the opening of a tuple (before its children) or its
 * closing (after them):
 *
 *   ct_walker w;
 *   int s;
 *   ct_walk_begin(&w, t, i);
 *   while ((s = ct_walk_next(&w)) != CT_WALK_END) {
 *     CT_TRY(ct_walk_rebuild(&w, s, out, 0, e)); // out's headers around...
 *     if (s == CT_WALK_LEAF) ...                  // ...the leaves emitted here
 *   }
 *
 * No recursion, no callback: the stack holds one level per open tuple, and
 * what a recursion kept in its frames the caller keeps by w.depth. A tree
 * is at most CT_MAX_DEPTH deep (ct_t_close refuses deeper ones, the parser
 * too); the stack holds one level more, so that ct_t_depth still sees a
 * tuple one level too deep. Past that the walk stays in bounds and steps
 * over a tuple as one leaf.
 *
 * A walk may have a partner u, walked in lockstep as CuTe's by-mode
 * operations walk their second argument: the partner of child k of a node
 * is mode k of the node's partner (ct_t_mode: its child k, the integer
 * itself for k = 0), -1 where there is none. */
#ifndef CT_WALK_H
#define CT_WALK_H

#include "layout.h"

enum { CT_WALK_END = 0, CT_WALK_LEAF = 1, CT_WALK_OPEN = 2, CT_WALK_CLOSE = 3 };

#define CT_WALK_LEVELS (CT_MAX_DEPTH + 1)
#define CT_WALK_SLOTS 4 /* trees rebuilt around one walk: two layouts */

typedef struct {
  int node;  /* the open tuple */
  int end;   /* one past its subtree */
  int pair;  /* its partner in u, -1 if none */
  int k;     /* its children visited so far */
  int pnext; /* the partner of its next child, where u has a tuple */
  int hdr[CT_WALK_SLOTS]; /* its headers in the trees being rebuilt */
} ct_walk_level;

typedef struct {
  const ct_tuple *t, *u;
  int at;    /* the node of the last step (of a CLOSE: the tuple closed) */
  int pair;  /* its partner in u, -1 if none (always -1 without u) */
  int depth; /* its depth below the walk's root (0 at the root) */
  int next, stop, top;
  ct_walk_level lv[CT_WALK_LEVELS];
} ct_walker;

/* Walks the subtree of t rooted at node i; with a partner: u's node j is
 * the root's partner. */
CT_FN static inline void ct_walk_begin_pair(ct_walker *w, const ct_tuple *t, int i, const ct_tuple *u, int j) {
  w->t = t;
  w->u = u;
  w->at = w->next = i;
  w->stop = i + t->nd[i].span;
  w->pair = u ? j : -1;
  w->depth = w->top = 0;
}

CT_FN static inline void ct_walk_begin(ct_walker *w, const ct_tuple *t, int i) { ct_walk_begin_pair(w, t, i, 0, -1); }

/* The partner of the next child of the open tuple l (mode k of l's partner). */
CT_FN static inline int ct_walk_child_pair(const ct_walker *w, ct_walk_level *l) {
  int k = l->k++, p = l->pair, c;
  if (p < 0) return -1;
  if (w->u->nd[p].kind != CT_TUPLE) return k == 0 ? p : -1;
  if (k >= w->u->nd[p].rank) return -1;
  c = l->pnext;
  l->pnext = c + w->u->nd[c].span;
  return c;
}

/* The next step: CT_WALK_LEAF, CT_WALK_OPEN or CT_WALK_CLOSE for node w->at,
 * CT_WALK_END once the subtree is done (and at every step after). */
CT_FN static inline int ct_walk_next(ct_walker *w) {
  const ct_node *nd;
  int at = w->next, pair;
  if (w->top > 0 && at >= w->lv[w->top - 1].end) { /* the innermost open tuple is done */
    const ct_walk_level *l = &w->lv[--w->top];
    w->at = l->node;
    w->pair = l->pair;
    w->depth = w->top;
    return CT_WALK_CLOSE;
  }
  if (at >= w->stop) return CT_WALK_END;
  pair = w->top > 0 ? ct_walk_child_pair(w, &w->lv[w->top - 1]) : w->pair;
  nd = &w->t->nd[at];
  w->at = at;
  w->pair = pair;
  w->depth = w->top;
  if (nd->kind == CT_TUPLE && w->top < CT_WALK_LEVELS) {
    ct_walk_level *l = &w->lv[w->top++];
    l->node = at;
    l->end = at + nd->span;
    l->pair = pair;
    l->k = 0;
    l->pnext = pair + 1;
    w->next = at + 1;
    return CT_WALK_OPEN;
  }
  w->next = at + nd->span;
  return CT_WALK_LEAF;
}

/* Right after an OPEN step: steps over the tuple's children; no CLOSE step
 * follows (the caller took the tuple whole, as a leaf). */
CT_FN static inline void ct_walk_skip(ct_walker *w) {
  --w->top;
  w->next = w->at + w->t->nd[w->at].span;
}

/* Rebuilds t's tuples in out around the leaves the caller emits: at an OPEN
 * step opens a tuple in out (its header kept in the level's slot), at the
 * CLOSE step closes it (ct_t_open, ct_t_close: their errors); nothing at a
 * leaf. */
CT_FN static inline ct_code ct_walk_rebuild(ct_walker *w, int step, ct_tuple *out, int slot, ct_err *e) {
  if (step == CT_WALK_OPEN) return ct_t_open(out, &w->lv[w->depth].hdr[slot], e);
  if (step == CT_WALK_CLOSE) return ct_t_close(out, w->lv[w->depth].hdr[slot], e);
  return CT_OK;
}

/* The same in both trees of a layout (shape first), in slots slot, slot+1. */
CT_FN static inline ct_code ct_walk_rebuild_layout(ct_walker *w, int step, ct_layout *out, int slot, ct_err *e) {
  CT_TRY(ct_walk_rebuild(w, step, &out->shape, slot, e));
  return ct_walk_rebuild(w, step, &out->stride, slot + 1, e);
}

/* The header in the rebuilt tree of slot of the tuple of the last OPEN or
 * CLOSE step (-1 if its opening failed). */
CT_FN static inline int ct_walk_header(const ct_walker *w, int slot) { return w->lv[w->depth].hdr[slot]; }

#endif
