/* rewrite.c -- random equivalent rewrites of a layout (rewrite.h).
 *
 * The steps work on a token form of the layout: its leaves s:d and the
 * brackets of its tuples, in preorder, so that inserting, removing and
 * regrouping are shifts of an array (no recursion, for the GPU). Every step
 * keeps the function on [0, size) (EQUIV-1, spec/layout.md); the class says
 * which steps may be taken, and ct_rw_valid checks the result apart. */
#include "props/rewrite.h"
#include "ref/coalesce.h"
#include "ref/ct_arith.h"

enum { CT_TK_LEAF = 0, CT_TK_OPEN = 1, CT_TK_CLOSE = 2 };

/* Steps. */
enum {
  CT_ST_MARK,     /* flip a static mark */
  CT_ST_UNIT_IN,  /* insert a size-1 mode, any stride */
  CT_ST_UNIT_OUT, /* remove a size-1 mode */
  CT_ST_WRAP,     /* x -> (x) */
  CT_ST_UNWRAP,   /* (x) -> x */
  CT_ST_SPLIT,    /* s:d -> (s1,s2):(d,s1*d) */
  CT_ST_MERGE,    /* a tuple whose leaves coalesce to one mode -> that mode */
  CT_ST_NEST,     /* adjacent children of a tuple -> one tuple of them */
  CT_ST_SPLICE,   /* a tuple's children -> its parent's */
  CT_ST_COUNT
};

#define CT_RW_TOKS (2 * CT_MAX_NODES + 8)

typedef struct {
  int64_t s, d;
  uint8_t t, ss, ds;
} ct_rw_tok;

typedef struct {
  int n;
  ct_rw_tok k[CT_RW_TOKS];
} ct_rw_form;

CT_FN static int ct_rw_push(ct_rw_form *f, int t, int64_t s, int ss, int64_t d, int ds) {
  ct_rw_tok *k;
  if (f->n >= CT_RW_TOKS) return 0;
  k = &f->k[f->n++];
  k->t = (uint8_t)t;
  k->s = s;
  k->d = d;
  k->ss = (uint8_t)(ss ? 1 : 0);
  k->ds = (uint8_t)(ds ? 1 : 0);
  return 1;
}

/* L as tokens; 0 if L is not a plain layout of integers. */
CT_FN static int ct_rw_from(const ct_layout *L, ct_rw_form *f) {
  const ct_tuple *S = &L->shape, *D = &L->stride;
  int i, sp = 0, ends[CT_MAX_DEPTH + 2];
  f->n = 0;
  if (S->n <= 0 || S->n != D->n || S->n > CT_MAX_NODES) return 0;
  for (i = 0; i < S->n; ++i) {
    const ct_node *a = &S->nd[i], *b = &D->nd[i];
    while (sp > 0 && ends[sp - 1] <= i) {
      if (!ct_rw_push(f, CT_TK_CLOSE, 0, 0, 0, 0)) return 0;
      --sp;
    }
    if (a->kind != b->kind || a->span != b->span || a->mark || b->mark || a->span < 1 || i + a->span > S->n) return 0;
    if (a->kind == CT_TUPLE) {
      if (sp >= CT_MAX_DEPTH + 1 || !ct_rw_push(f, CT_TK_OPEN, 0, 0, 0, 0)) return 0;
      ends[sp++] = i + a->span;
    } else if (a->kind == CT_INT) {
      if (!ct_rw_push(f, CT_TK_LEAF, a->v, a->stat, b->v, b->stat)) return 0;
    } else {
      return 0;
    }
  }
  while (sp > 0) {
    if (!ct_rw_push(f, CT_TK_CLOSE, 0, 0, 0, 0)) return 0;
    --sp;
  }
  return 1;
}

CT_FN static ct_code ct_rw_to(const ct_rw_form *f, ct_layout *out, ct_err *e) {
  int i, sp = 0, hs[CT_MAX_DEPTH + 2], hd[CT_MAX_DEPTH + 2];
  ct_t_clear(&out->shape);
  ct_t_clear(&out->stride);
  for (i = 0; i < f->n; ++i) {
    const ct_rw_tok *k = &f->k[i];
    if (k->t == CT_TK_LEAF) {
      CT_TRY(ct_t_push_int(&out->shape, k->s, k->ss, e));
      CT_TRY(ct_t_push_int(&out->stride, k->d, k->ds, e));
    } else if (k->t == CT_TK_OPEN) {
      if (sp >= CT_MAX_DEPTH + 1) return CT_FAIL(e, CT_DEPTH_LIMIT, "a rewrite nested deeper than %d", CT_MAX_DEPTH);
      CT_TRY(ct_t_open(&out->shape, &hs[sp], e));
      CT_TRY(ct_t_open(&out->stride, &hd[sp], e));
      ++sp;
    } else {
      --sp;
      CT_TRY(ct_t_close(&out->shape, hs[sp], e));
      CT_TRY(ct_t_close(&out->stride, hd[sp], e));
    }
  }
  return CT_OK;
}

/* The last token of the node that starts at token i. */
CT_FN static int ct_rw_end(const ct_rw_form *f, int i) {
  int d = 0;
  if (f->k[i].t == CT_TK_LEAF) return i;
  for (; i < f->n; ++i) {
    if (f->k[i].t == CT_TK_OPEN) ++d;
    else if (f->k[i].t == CT_TK_CLOSE && --d == 0) return i;
  }
  return f->n - 1;
}

/* Tuples around token i (the root node has depth 0). */
CT_FN static int ct_rw_depth(const ct_rw_form *f, int i) {
  int j, d = 0;
  for (j = 0; j < i; ++j) d += f->k[j].t == CT_TK_OPEN ? 1 : f->k[j].t == CT_TK_CLOSE ? -1 : 0;
  return d;
}

CT_FN static int ct_rw_max_depth(const ct_rw_form *f) {
  int j, d = 0, m = 0;
  for (j = 0; j < f->n; ++j) {
    d += f->k[j].t == CT_TK_OPEN ? 1 : f->k[j].t == CT_TK_CLOSE ? -1 : 0;
    if (d > m) m = d;
  }
  return m;
}

/* Children of the tuple that opens at token i; child c starts at *at. */
CT_FN static int ct_rw_rank(const ct_rw_form *f, int i) {
  int j = i + 1, r = 0;
  while (j < f->n && f->k[j].t != CT_TK_CLOSE) {
    j = ct_rw_end(f, j) + 1;
    ++r;
  }
  return r;
}

CT_FN static int ct_rw_child(const ct_rw_form *f, int i, int c) {
  int j = i + 1;
  while (c-- > 0) j = ct_rw_end(f, j) + 1;
  return j;
}

/* The token that opens the tuple around token i, -1 for the root. */
CT_FN static int ct_rw_parent(const ct_rw_form *f, int i) {
  int j, d = 0;
  for (j = i - 1; j >= 0; --j) {
    if (f->k[j].t == CT_TK_CLOSE) ++d;
    else if (f->k[j].t == CT_TK_OPEN && d-- == 0) return j;
  }
  return -1;
}

/* Room for cnt tokens at `at`; 0 past the capacity. */
CT_FN static int ct_rw_open_gap(ct_rw_form *f, int at, int cnt) {
  int j;
  if (f->n + cnt > CT_RW_TOKS) return 0;
  for (j = f->n - 1; j >= at; --j) f->k[j + cnt] = f->k[j];
  f->n += cnt;
  return 1;
}

CT_FN static void ct_rw_remove(ct_rw_form *f, int at, int cnt) {
  int j;
  for (j = at; j + cnt < f->n; ++j) f->k[j] = f->k[j + cnt];
  f->n -= cnt;
}

CT_FN static void ct_rw_set(ct_rw_tok *k, int t, int64_t s, int ss, int64_t d, int ds) {
  k->t = (uint8_t)t;
  k->s = s;
  k->d = d;
  k->ss = (uint8_t)(ss ? 1 : 0);
  k->ds = (uint8_t)(ds ? 1 : 0);
}

/* The one mode the leaves of tokens [i, j] coalesce to (COAL-ALG: size-1
 * leaves dropped, s0:d0 ++ s1:s0*d0 merged): 1 with it in *s, *d (1:0 when
 * every leaf has size 1), 0 when they keep more than one mode. */
CT_FN static int ct_rw_one_mode(const ct_rw_form *f, int i, int j, int64_t *s, int64_t *d) {
  int x, have = 0;
  *s = 1;
  *d = 0;
  for (x = i; x <= j; ++x) {
    int64_t span, m;
    const ct_rw_tok *k = &f->k[x];
    if (k->t != CT_TK_LEAF || k->s == 1) continue;
    if (!have) {
      *s = k->s;
      *d = k->d;
      have = 1;
      continue;
    }
    if (ct_mul_ovf(*s, *d, &span) || span != k->d || ct_mul_ovf(*s, k->s, &m)) return 0;
    *s = m;
  }
  return 1;
}

/* The last leaf, which takes an index past the size unreduced (LAYOUT-EVAL):
 * the value past size(L) is kept exactly when whether it has size 1, and
 * then its stride, are kept (a split or merge of a last leaf of size > 1
 * keeps i*d). */
CT_FN static void ct_rw_tail(const ct_rw_form *f, int64_t *unit, int64_t *d) {
  int j;
  *unit = 0;
  *d = 0;
  for (j = f->n - 1; j >= 0; --j)
    if (f->k[j].t == CT_TK_LEAF) {
      *unit = f->k[j].s == 1;
      *d = *unit ? f->k[j].d : 0;
      return;
    }
}

/* Whether tokens [i, j] hold a leaf of size 1, or no leaf at all (UNITS:
 * merged, they would leave a size-1 leaf of their own). */
CT_FN static int ct_rw_has_unit(const ct_rw_form *f, int i, int j) {
  int leaves = 0;
  for (; i <= j; ++i)
    if (f->k[i].t == CT_TK_LEAF && (++leaves, f->k[i].s == 1)) return 1;
  return leaves == 0;
}

/* A random token where a step of kind `step` may start, -1 if none. */
CT_FN static int ct_rw_pick(ct_rng *r, const ct_rw_form *f, int step, int how) {
  int top = how & CT_RW_TOP ? 1 : 0;
  int cand[CT_RW_TOKS], n = 0, i;
  int deep = ct_rw_max_depth(f) + 2 >= CT_MAX_DEPTH; /* no step that nests deeper */
  for (i = 0; i < f->n; ++i) {
    const ct_rw_tok *k = &f->k[i];
    int ok = 0, dep;
    if (k->t == CT_TK_CLOSE) continue;
    dep = ct_rw_depth(f, i);
    switch (step) {
    case CT_ST_MARK: ok = k->t == CT_TK_LEAF; break;
    case CT_ST_UNIT_IN: ok = !(how & CT_RW_UNITS) && dep >= top && !deep && (k->t == CT_TK_LEAF || ct_rw_rank(f, i) < CT_MAX_RANK); break;
    case CT_ST_UNIT_OUT: {
      int p = ct_rw_parent(f, i);
      ok = !(how & CT_RW_UNITS) && k->t == CT_TK_LEAF && k->s == 1 && p >= 0 && dep >= top + 1 && ct_rw_rank(f, p) >= 2;
      break;
    }
    case CT_ST_WRAP: ok = dep >= top && !deep; break;
    case CT_ST_UNWRAP: ok = k->t == CT_TK_OPEN && dep >= top && ct_rw_rank(f, i) == 1; break;
    case CT_ST_SPLIT: {
      int64_t x;
      ok = 0;
      if (k->t == CT_TK_LEAF && dep >= top && !deep) /* a divisor below 64 (edge values are huge) */
        for (x = 2; x < k->s && x < 64 && !ok; ++x) ok = k->s % x == 0;
      break;
    }
    case CT_ST_MERGE: {
      int64_t s, d;
      int j = ct_rw_end(f, i);
      ok = k->t == CT_TK_OPEN && dep >= top && j > i + 1 && ct_rw_one_mode(f, i, j, &s, &d) &&
           !((how & CT_RW_UNITS) && ct_rw_has_unit(f, i, j));
      break;
    }
    case CT_ST_NEST: ok = k->t == CT_TK_OPEN && !deep && ct_rw_rank(f, i) >= 3; break;
    case CT_ST_SPLICE: ok = k->t == CT_TK_OPEN && dep >= 1 && ct_rw_end(f, i) > i + 1; break;
    default: break;
    }
    if (ok) cand[n++] = i;
  }
  return n ? cand[ct_rng_range(r, 0, n - 1)] : -1;
}

/* A size-1 mode's stride: any, but often one that an operation reading it
 * would mistake for a real one (0, 1, -1, a leaf's stride or span). */
CT_FN static int64_t ct_rw_unit_stride(ct_rng *r, const ct_rw_form *f) {
  int j, n = 0;
  int64_t d;
  switch (ct_rng_range(r, 0, 3)) {
  case 0: return 0;
  case 1: return ct_rng_chance(r, 1, 2) ? 1 : -1;
  case 2:
    for (j = 0; j < f->n; ++j) n += f->k[j].t == CT_TK_LEAF;
    if (n == 0) return 1;
    n = (int)ct_rng_range(r, 0, n - 1);
    for (j = 0; j < f->n; ++j)
      if (f->k[j].t == CT_TK_LEAF && n-- == 0) break;
    if (ct_rng_chance(r, 1, 2) || ct_mul_ovf(f->k[j].s, f->k[j].d, &d)) d = f->k[j].d;
    return d;
  default: return ct_rng_range(r, -24, 24);
  }
}

/* One step of kind `step` at a random place that the flags of `how` allow;
 * 0 if there is no such place or no room. */
CT_FN static int ct_rw_step(ct_rng *r, ct_rw_form *f, int step, int how) {
  int i = ct_rw_pick(r, f, step, how), j;
  ct_rw_tok *k;
  if (i < 0 || f->n + 3 > CT_RW_TOKS) return 0; /* room for any step: none is left half done */
  k = &f->k[i];
  switch (step) {
  case CT_ST_MARK:
    if (ct_rng_chance(r, 1, 2)) k->ss = (uint8_t)!k->ss;
    else k->ds = (uint8_t)!k->ds;
    return 1;
  case CT_ST_UNIT_IN: {
    int64_t d = ct_rw_unit_stride(r, f);
    int ss = ct_rng_chance(r, 1, 2), ds = ct_rng_chance(r, 1, 2);
    if (k->t == CT_TK_OPEN && ct_rng_chance(r, 2, 3)) { /* a new child of the tuple, in any slot */
      int at = ct_rw_child(f, i, (int)ct_rng_range(r, 0, ct_rw_rank(f, i)));
      if (!ct_rw_open_gap(f, at, 1)) return 0;
      ct_rw_set(&f->k[at], CT_TK_LEAF, 1, ss, d, ds);
      return 1;
    }
    /* x -> (x, 1:d) or (1:d, x) */
    j = ct_rw_end(f, i);
    if (!ct_rw_open_gap(f, j + 1, 2) || !ct_rw_open_gap(f, i, 1)) return 0;
    ct_rw_set(&f->k[i], CT_TK_OPEN, 0, 0, 0, 0);
    ct_rw_set(&f->k[j + 3], CT_TK_CLOSE, 0, 0, 0, 0);
    if (ct_rng_chance(r, 1, 2)) {
      ct_rw_set(&f->k[j + 2], CT_TK_LEAF, 1, ss, d, ds);
    } else { /* the unit first: move x one token on */
      int x;
      for (x = j + 1; x >= i + 1; --x) f->k[x + 1] = f->k[x];
      ct_rw_set(&f->k[i + 1], CT_TK_LEAF, 1, ss, d, ds);
    }
    return 1;
  }
  case CT_ST_UNIT_OUT: ct_rw_remove(f, i, 1); return 1;
  case CT_ST_WRAP:
    j = ct_rw_end(f, i);
    if (!ct_rw_open_gap(f, j + 1, 1)) return 0;
    ct_rw_set(&f->k[j + 1], CT_TK_CLOSE, 0, 0, 0, 0);
    if (!ct_rw_open_gap(f, i, 1)) return 0;
    ct_rw_set(&f->k[i], CT_TK_OPEN, 0, 0, 0, 0);
    return 1;
  case CT_ST_UNWRAP:
  case CT_ST_SPLICE: /* drop the brackets: (x) -> x, or the children join the parent */
    j = ct_rw_end(f, i);
    ct_rw_remove(f, j, 1);
    ct_rw_remove(f, i, 1);
    return 1;
  case CT_ST_SPLIT: {
    int64_t divs[64], s1, d1;
    int nd = 0, x, ss, ds;
    ct_rw_tok leaf = *k;
    for (x = 2; x < leaf.s && x < 64; ++x)
      if (leaf.s % x == 0) divs[nd++] = x;
    if (nd == 0) return 0;
    s1 = divs[ct_rng_range(r, 0, nd - 1)];
    if (ct_mul_ovf(s1, leaf.d, &d1) || !ct_rw_open_gap(f, i, 3)) return 0;
    ct_rw_set(&f->k[i], CT_TK_OPEN, 0, 0, 0, 0);
    /* one draw per statement: the order in which a call's arguments are
     * evaluated is unspecified, and gcc and nvcc drew two of them in
     * opposite orders (the GPU's agreement run at 1ca477e: PRIN-1's
     * rewrites differed in their static marks) */
    ss = ct_rng_chance(r, 1, 2);
    ct_rw_set(&f->k[i + 1], CT_TK_LEAF, s1, ss, leaf.d, leaf.ds);
    ss = ct_rng_chance(r, 1, 2);
    ds = ct_rng_chance(r, 1, 2);
    ct_rw_set(&f->k[i + 2], CT_TK_LEAF, leaf.s / s1, ss, d1, ds);
    ct_rw_set(&f->k[i + 3], CT_TK_CLOSE, 0, 0, 0, 0);
    return 1;
  }
  case CT_ST_MERGE: {
    int64_t s, d;
    int ss, ds;
    j = ct_rw_end(f, i);
    if (!ct_rw_one_mode(f, i, j, &s, &d)) return 0;
    ct_rw_remove(f, i + 1, j - i);
    ss = ct_rng_chance(r, 1, 2); /* one draw per statement (CT_ST_SPLIT) */
    ds = ct_rng_chance(r, 1, 2);
    ct_rw_set(&f->k[i], CT_TK_LEAF, s, ss, d, ds);
    return 1;
  }
  case CT_ST_NEST: {
    int rank = ct_rw_rank(f, i), len = (int)ct_rng_range(r, 2, rank - 1);
    int b = (int)ct_rng_range(r, 0, rank - len), at = ct_rw_child(f, i, b), stop = ct_rw_end(f, ct_rw_child(f, i, b + len - 1));
    if (!ct_rw_open_gap(f, stop + 1, 1)) return 0;
    ct_rw_set(&f->k[stop + 1], CT_TK_CLOSE, 0, 0, 0, 0);
    if (!ct_rw_open_gap(f, at, 1)) return 0;
    ct_rw_set(&f->k[at], CT_TK_OPEN, 0, 0, 0, 0);
    return 1;
  }
  default: return 0;
  }
}

/* The steps a class allows. */
CT_FN static int ct_rw_allows(int cls, int finer, int step) {
  switch (step) {
  case CT_ST_MARK: return cls >= CT_RW_MARKS;
  case CT_ST_UNIT_IN:
  case CT_ST_UNIT_OUT:
  case CT_ST_WRAP:
  case CT_ST_UNWRAP: return cls >= CT_RW_SHAPE;
  case CT_ST_SPLIT: return cls == CT_RW_FUNC || (cls == CT_RW_EQUIV && finer);
  case CT_ST_MERGE: return cls == CT_RW_FUNC || (cls == CT_RW_EQUIV && !finer);
  default: return cls == CT_RW_FUNC;
  }
}

/* Marks only, on any tree (a tiler's too): a few integers flipped. */
CT_FN static void ct_rw_marks(ct_rng *r, ct_layout *L) {
  int flips = (int)ct_rng_range(r, 1, 3), x;
  for (x = 0; x < flips; ++x) {
    ct_tuple *t = ct_rng_chance(r, 1, 2) ? &L->shape : &L->stride;
    int i;
    if (t->n <= 0) continue;
    i = (int)ct_rng_range(r, 0, t->n - 1);
    if (t->nd[i].kind == CT_INT) t->nd[i].stat = (uint8_t)!t->nd[i].stat;
  }
}

CT_FN ct_code ct_rw_layout(ct_rng *r, const ct_layout *L, int how, int finer, ct_layout *out, ct_err *e) {
  ct_rw_form f, keep;
  int cls = CT_RW_CLASS(how), steps, x;
  int64_t unit0, d0;
  ct_l_copy(out, L);
  if (cls == CT_RW_NONE) return CT_OK;
  if (cls == CT_RW_MARKS || !ct_rw_from(L, &f)) {
    ct_rw_marks(r, out);
    return CT_OK;
  }
  ct_rw_tail(&f, &unit0, &d0);
  steps = (int)ct_rng_range(r, 1, 4);
  for (x = 0; x < steps; ++x) {
    int tries;
    for (tries = 0; tries < 8; ++tries) {
      int step = (int)ct_rng_range(r, 0, CT_ST_COUNT - 1);
      if (!ct_rw_allows(cls, finer, step)) continue;
      if (how & CT_RW_TAIL) keep = f;
      if (!ct_rw_step(r, &f, step, how)) continue;
      if (how & CT_RW_TAIL) {
        int64_t unit1, d1;
        ct_rw_tail(&f, &unit1, &d1);
        if (unit1 != unit0 || d1 != d0) { /* the value past the size moved: undo */
          f = keep;
          continue;
        }
      }
      break;
    }
  }
  return ct_rw_to(&f, out, e);
}

/* The root kept and every top-level mode EQUIV-2 equivalent (TOP). */
CT_FN static int ct_rw_modes_kept(const ct_layout *L, const ct_layout *R) {
  int k, rank = ct_l_rank(L);
  ct_err e;
  if (ct_t_is_tuple(&L->shape, 0) != ct_t_is_tuple(&R->shape, 0) || ct_l_rank(R) != rank) return 0;
  if (!ct_t_is_tuple(&L->shape, 0)) return ct_l_equal(L, R, 0);
  for (k = 0; k < rank; ++k) {
    ct_layout a, b;
    if (ct_l_mode(L, &k, 1, &a, &e) != CT_OK || ct_l_mode(R, &k, 1, &b, &e) != CT_OK || !ct_l_equivalent(&a, &b))
      return 0;
  }
  return 1;
}

/* The size-1 leaves, their strides in order, the same (UNITS). */
CT_FN static int ct_rw_units_kept(const ct_layout *L, const ct_layout *R) {
  int i = 0, j = 0;
  for (;;) {
    while (i < L->shape.n && !(L->shape.nd[i].kind == CT_INT && L->shape.nd[i].v == 1)) ++i;
    while (j < R->shape.n && !(R->shape.nd[j].kind == CT_INT && R->shape.nd[j].v == 1)) ++j;
    if (i >= L->shape.n || j >= R->shape.n) return i >= L->shape.n && j >= R->shape.n;
    if (L->stride.nd[i].v != R->stride.nd[j].v) return 0;
    ++i;
    ++j;
  }
}

CT_FN int ct_rw_valid(const ct_layout *L, const ct_layout *R, int how) {
  int cls = CT_RW_CLASS(how);
  ct_val a, b;
  ct_err e;
  if (cls == CT_RW_NONE || cls == CT_RW_MARKS) return ct_l_equal(L, R, 0) ? CT_RWV_OK : CT_RWV_MARKS;
  if (L->shape.n > 0 && !ct_t_has_basis(&L->stride, 0) && !ct_t_has_all(&L->shape, 0) && !L->shape.nd[0].mark) {
    if (ct_l_size(L, &a, &e) != CT_OK || ct_l_size(R, &b, &e) != CT_OK || a.v != b.v || !ct_l_same_function(L, R))
      return CT_RWV_FUNCTION;
  } else { /* not plain: marks only */
    return ct_l_equal(L, R, 0) ? CT_RWV_OK : CT_RWV_MARKS;
  }
  if (cls != CT_RW_FUNC && !ct_l_equivalent(L, R)) return CT_RWV_EQUIV;
  if (cls == CT_RW_SHAPE &&
      !(ct_t_compatible_loose(&L->shape, &R->shape) && ct_t_compatible_loose(&R->shape, &L->shape)))
    return CT_RWV_SHAPE;
  if ((how & CT_RW_TOP) && !ct_rw_modes_kept(L, R)) return CT_RWV_MODES;
  if ((how & CT_RW_UNITS) && !ct_rw_units_kept(L, R)) return CT_RWV_UNITS;
  if (how & CT_RW_TAIL) { /* a few indices past the size, where the last leaf takes the rest */
    int64_t i;
    for (i = a.v; i < a.v + 8; ++i) {
      int64_t x = 0, y = 0;
      ct_code cx = ct_l_eval(L, i, &x, &e), cy = ct_l_eval(R, i, &y, &e);
      if (cx != cy || (cx == CT_OK && x != y)) return CT_RWV_TAIL;
    }
  }
  return CT_RWV_OK;
}
