/* gen.c -- generators (see gen.h). No recursion: ct_gen_nest's depth-first
 * draw keeps its open tuples on a stack of CT_MAX_DEPTH >= max_depth frames.
 *
 * A generated layout has at most max_leaves (4) leaves plus a tiler's or a
 * divisor's few more, nested below max_depth (2): far inside the
 * representation (CT_MAX_NODES >= 16 in every build), so its building steps
 * cannot fail and their codes are dropped on purpose (ct_discard). */
#include "props/gen.h"
#include "ref/composition.h"
#include "ref/ct_arith.h"

CT_FN void ct_gen_default(ct_gen_params *p) {
  p->max_leaves = 4;
  p->max_depth = 2;
  p->max_mode = 6;
  p->max_size = 512;
  p->max_stride = 24;
  p->static_pct = 30;
}

/* Pushes s:d with random static marks. The two draws are sequenced (not two
 * arguments of one call, whose order C leaves open), so host and GPU agree. */
CT_FN static void ct_modes_push_marked(ct_rng *r, const ct_gen_params *p, ct_modes *m, int64_t s, int64_t d) {
  int ss = ct_rng_chance(r, p->static_pct, 100);
  int ds = ct_rng_chance(r, p->static_pct, 100);
  ct_modes_push(m, s, ss, d, ds);
}

CT_FN static void ct_shuffle(ct_rng *r, int *v, int n) {
  int k;
  for (k = n - 1; k > 0; --k) {
    int j = (int)ct_rng_range(r, 0, k), t = v[k];
    v[k] = v[j];
    v[j] = t;
  }
}

/* A tuple opens: in the trees (its headers' indices in *hs, *hd) and in the code
 * (its token's index in *at, the rank filled in when it closes). */
CT_FN static void ct_nest_open(const ct_nest_sink *to, int *hs, int *hd, int *at) {
  ct_err e;
  if (to->out) {
    ct_discard(ct_t_open(&to->out->shape, hs, &e));
    ct_discard(ct_t_open(&to->out->stride, hd, &e));
  }
  *at = -1;
  if (to->code && to->code->n < CT_NEST_CODE) *at = to->code->n;
  if (to->code) ct_nest_token(to->code, CT_NEST_OPEN);
}

CT_FN static void ct_nest_close(const ct_nest_sink *to, int hs, int hd, int at, int rank) {
  ct_err e;
  if (to->out) {
    ct_discard(ct_t_close(&to->out->shape, hs, &e));
    ct_discard(ct_t_close(&to->out->stride, hd, &e));
  }
  if (to->code) {
    if (at >= 0) to->code->t[at] = (uint8_t)(CT_NEST_OPEN + rank);
    ct_nest_token(to->code, CT_NEST_CLOSE);
  }
}

/* The draws decide the nesting; the sink only records it, so a tree and a
 * code drawn from one stream describe the same layout.
 *
 * The nesting is drawn depth first: a tuple draws, item by item, whether the
 * next item takes 1, 2 or 3 modes (a run) and whether a lone mode is a leaf
 * or a tuple of its own, and a tuple item is drawn whole before the next item
 * of its parent. Written as a loop over an explicit stack of open tuples
 * rather than as a recursion (issue 16): on the GPU, lanes in recursive calls
 * of different depths cannot run together, and this draw ran at about 3 of 32
 * lanes in the key kernel; the loop gives every lane the same step. Tuples
 * open only below max_depth <= CT_MAX_DEPTH, so CT_MAX_DEPTH frames hold
 * every open tuple. */
typedef struct {
  int i, hi;      /* the modes [i, hi) still to place in this tuple */
  int rank;       /* its items so far */
  int hs, hd, at; /* where its headers are (ct_nest_open) */
} ct_nest_frame;

CT_FN static void ct_nest_leaf(const ct_nest_sink *to, const ct_mode *x) {
  ct_err e;
  if (to->out) {
    ct_discard(ct_t_push_int(&to->out->shape, x->s, x->ss, &e));
    ct_discard(ct_t_push_int(&to->out->stride, x->d, x->ds, &e));
  }
  if (to->code) ct_nest_token(to->code, CT_NEST_LEAF);
}

CT_FN static void ct_nest_draw(ct_rng *r, const ct_gen_params *p, const ct_modes *m, const ct_nest_sink *to,
                               int as_tuple) {
  ct_nest_frame f[CT_MAX_DEPTH];
  int top = 0; /* f[top] is the innermost open tuple, at depth top */
  if (!as_tuple && m->n == 1) {
    ct_nest_leaf(to, &m->m[0]);
    return;
  }
  f[0].i = 0, f[0].hi = m->n, f[0].rank = 0;
  ct_nest_open(to, &f[0].hs, &f[0].hd, &f[0].at);
  while (top >= 0) {
    ct_nest_frame *t = &f[top];
    int lo = t->i, d = top + 1, run = 1; /* d: the depth of its next item */
    if (lo >= t->hi) { /* the tuple is complete */
      ct_nest_close(to, t->hs, t->hd, t->at, t->rank);
      --top;
      continue;
    }
    if (d < p->max_depth && d < CT_MAX_DEPTH && ct_rng_chance(r, 1, 3))
      run = (int)ct_rng_range(r, 1, t->hi - lo < 3 ? t->hi - lo : 3);
    t->i = lo + run;
    ++t->rank;
    if ((run == 1 && !(d < p->max_depth && ct_rng_chance(r, 1, 12))) || d >= CT_MAX_DEPTH) {
      /* a leaf (the last test only guards the stack: a run > 1 needs d < CT_MAX_DEPTH, a lone tuple d < max_depth) */
      ct_nest_leaf(to, &m->m[lo]);
      continue;
    }
    ++top; /* the item is a tuple of modes [lo, lo + run): drawn whole, next */
    f[top].i = lo, f[top].hi = lo + run, f[top].rank = 0;
    ct_nest_open(to, &f[top].hs, &f[top].hd, &f[top].at);
  }
}

CT_FN void ct_gen_nest_to(ct_rng *r, const ct_gen_params *p, const ct_modes *m, const ct_nest_sink *to) {
  if (to->out) {
    ct_t_clear(&to->out->shape);
    ct_t_clear(&to->out->stride);
  }
  if (to->code) to->code->n = to->code->full = 0;
  if (m->n == 0) {
    if (to->out) ct_l_set_int(to->out, 1, 1, 0, 1);
    if (to->code) to->code->full = 1; /* 1:0 with no mode for it: a plan leaves such a case to the check */
    return;
  }
  ct_nest_draw(r, p, m, to, m->n > 1 || ct_rng_chance(r, 1, 4));
}

CT_FN void ct_gen_nest(ct_rng *r, const ct_gen_params *p, const ct_modes *m, ct_layout *out) {
  ct_nest_sink to;
  to.out = out;
  to.code = 0;
  ct_gen_nest_to(r, p, m, &to);
}

CT_FN void ct_gen_flat_shape(ct_rng *r, const ct_gen_params *p, ct_modes *m) {
  int k, n = (int)ct_rng_range(r, 1, p->max_leaves);
  int64_t size = 1;
  m->n = 0;
  for (k = 0; k < n; ++k) {
    int64_t s = ct_rng_chance(r, 1, 6) ? 1 : ct_rng_range(r, 2, p->max_mode);
    while (s > 1 && size * s > p->max_size) --s;
    size *= s;
    ct_modes_push(m, s, ct_rng_chance(r, p->static_pct, 100), 0, 0);
  }
}

CT_FN void ct_gen_strides(ct_rng *r, const ct_gen_params *p, int cls, ct_modes *m) {
  int order[CT_MAX_NODES], k;
  int64_t cur = 1;
  for (k = 0; k < m->n; ++k) order[k] = k;
  ct_shuffle(r, order, m->n);
  for (k = 0; k < m->n; ++k) {
    int j = order[k];
    m->m[j].d = cur;
    cur *= m->m[j].s;
    if (cls == CT_SC_GAPS && ct_rng_chance(r, 1, 2)) cur *= ct_rng_range(r, 2, 3);
    m->m[j].ds = (uint8_t)ct_rng_chance(r, p->static_pct, 100);
  }
  for (k = 0; k < m->n; ++k) {
    if (cls == CT_SC_BROADCAST && ct_rng_chance(r, 1, 3)) m->m[k].d = 0;
    if (cls == CT_SC_NEGATIVE && ct_rng_chance(r, 1, 2)) m->m[k].d = -m->m[k].d;
    if (cls == CT_SC_RANDOM) m->m[k].d = ct_rng_range(r, -p->max_stride, p->max_stride);
  }
}

CT_FN void ct_gen_layout_to(ct_rng *r, const ct_gen_params *p, int cls, ct_modes *m, const ct_nest_sink *to) {
  if (cls < 0) cls = (int)ct_rng_range(r, 0, CT_SC_COUNT - 1);
  ct_gen_flat_shape(r, p, m);
  ct_gen_strides(r, p, cls, m);
  ct_gen_nest_to(r, p, m, to);
}

CT_FN void ct_gen_layout(ct_rng *r, const ct_gen_params *p, int cls, ct_layout *out) {
  ct_modes m;
  ct_nest_sink to;
  to.out = out;
  to.code = 0;
  ct_gen_layout_to(r, p, cls, &m, &to);
}

/* The divisors of n >= 2 in [2, n], ascending, the first 64: those up to
 * sqrt(n), then their cofactors (a scan of sqrt(n) divisions, not n). */
#define CT_DIVS_MAX 64
CT_FN static int ct_divisors(int64_t n, int64_t *divs) {
  int64_t d, q;
  int nd = 0, k;
  for (d = 2; d <= n / d && nd < CT_DIVS_MAX; ++d) /* ct_divmod: 32-bit when n fits (a 64-bit division is long on the GPU) */
    if (ct_divmod(n, d, &q) == 0) divs[nd++] = d;
  for (k = nd - 1; k >= -1 && nd < CT_DIVS_MAX; --k) { /* k = -1: the cofactor of 1, n itself */
    int64_t c = k >= 0 ? n / divs[k] : n;
    if (k < 0 || c != divs[k]) divs[nd++] = c;
  }
  return nd;
}

/* A random divisor chain of n: n = f_0 * f_1 * ..., each f > 1. */
CT_FN static int ct_factor_chain(ct_rng *r, int64_t n, int64_t *f, int cap) {
  int k = 0;
  while (n > 1 && k < cap) {
    int64_t divs[CT_DIVS_MAX], d;
    if (ct_rng_chance(r, 1, 3)) d = n;
    else d = divs[ct_rng_range(r, 0, ct_divisors(n, divs) - 1)];
    f[k++] = d;
    n /= d;
  }
  return k;
}

/* Units (size f : domain stride P) refining the digits `digits` (the last
 * one unbounded: a short chain is drawn for it). */
CT_FN static int ct_units(ct_rng *r, const ct_modes *digits, int64_t *us, int64_t *up, int cap) {
  int k, n = 0;
  int64_t P = 1;
  for (k = 0; k < digits->n && n < cap; ++k) {
    int64_t f[16];
    int j, nf;
    if (k + 1 == digits->n) {
      nf = (int)ct_rng_range(r, 0, 2);
      for (j = 0; j < nf; ++j) f[j] = ct_rng_range(r, 2, 4);
    } else {
      nf = ct_factor_chain(r, digits->m[k].s, f, 16);
    }
    for (j = 0; j < nf && n < cap; ++j) {
      us[n] = f[j];
      up[n] = P;
      P *= f[j];
      ++n;
    }
  }
  return n;
}

/* B from a subset of the units, consecutive chosen units sometimes merged,
 * in a random order, with an occasional size-1 or broadcast leaf. */
CT_FN static void ct_pick_units(ct_rng *r, const ct_gen_params *p, const int64_t *us, const int64_t *up, int n,
                                ct_modes *o, const ct_nest_sink *to) {
  ct_modes m;
  int order[CT_MAX_NODES], k;
  int64_t size = 1;
  m.n = 0;
  for (k = 0; k < n; ++k) {
    if (!ct_rng_chance(r, 3, 5)) continue;
    if (size * us[k] > p->max_size) continue;
    size *= us[k];
    if (m.n > 0 && ct_rng_chance(r, 1, 3) && k > 0 && m.m[m.n - 1].d * m.m[m.n - 1].s == up[k]) {
      m.m[m.n - 1].s *= us[k]; /* the previous chosen unit is contiguous */
      continue;
    }
    ct_modes_push_marked(r, p, &m, us[k], up[k]);
  }
  if (ct_rng_chance(r, 1, 6)) ct_modes_push(&m, 1, 0, ct_rng_range(r, 0, 9), 0);
  if (ct_rng_chance(r, 1, 6) && size * 3 <= p->max_size) ct_modes_push(&m, ct_rng_range(r, 2, 3), 0, 0, 0);
  for (k = 0; k < m.n; ++k) order[k] = k;
  ct_shuffle(r, order, m.n);
  o->n = 0;
  for (k = 0; k < m.n; ++k) ct_modes_push(o, m.m[order[k]].s, m.m[order[k]].ss, m.m[order[k]].d, m.m[order[k]].ds);
  if (o->n == 0) ct_modes_push(o, 1, 1, 0, 1);
  ct_gen_nest_to(r, p, o, to);
}

/* A's leaves are the modes its nesting was drawn over (ct_modes_of(A) is
 * *am: at most max_leaves, far below CT_MAX_NODES), so COMP-PREP reads them
 * directly. */
CT_FN void ct_gen_comp_pair_to(ct_rng *r, const ct_gen_params *p, ct_modes *am, const ct_nest_sink *a, ct_modes *bm,
                               const ct_nest_sink *b) {
  ct_modes digits;
  int64_t us[CT_MAX_NODES], up[CT_MAX_NODES];
  int n, st;
  ct_gen_layout_to(r, p, -1, am, a);
  ct_comp_prepare_modes(am, &digits, &st);
  n = ct_units(r, &digits, us, up, CT_MAX_NODES / 2);
  ct_pick_units(r, p, us, up, n, bm, b);
}

CT_FN void ct_gen_comp_pair(ct_rng *r, const ct_gen_params *p, ct_layout *A, ct_layout *B) {
  ct_modes am, bm;
  ct_nest_sink a, b;
  a.out = A;
  b.out = B;
  a.code = b.code = 0;
  ct_gen_comp_pair_to(r, p, &am, &a, &bm, &b);
}

CT_FN void ct_gen_complementable(ct_rng *r, const ct_gen_params *p, ct_layout *A, int64_t *M) {
  ct_modes m;
  int64_t f[8], K = 1, span = 1;
  int k, nf = (int)ct_rng_range(r, 1, 5), order[CT_MAX_NODES];
  m.n = 0;
  for (k = 0; k < nf; ++k) {
    f[k] = ct_rng_range(r, 2, 4);
    if (ct_rng_chance(r, 1, 2)) { /* this link belongs to A */
      ct_modes_push_marked(r, p, &m, f[k], K);
      span = K * f[k];
    }
    K *= f[k];
  }
  if (ct_rng_chance(r, 1, 4)) ct_modes_push(&m, ct_rng_range(r, 2, 3), 0, 0, 0);
  if (ct_rng_chance(r, 1, 5)) ct_modes_push(&m, 1, 0, ct_rng_range(r, 0, 7), 0);
  for (k = 0; k < m.n; ++k) order[k] = k;
  ct_shuffle(r, order, m.n);
  {
    ct_modes o;
    o.n = 0;
    for (k = 0; k < m.n; ++k) ct_modes_push(&o, m.m[order[k]].s, m.m[order[k]].ss, m.m[order[k]].d, m.m[order[k]].ds);
    ct_gen_nest(r, p, &o, A);
  }
  (void)span;
  *M = ct_rng_range(r, 1, 2 * K);
}

CT_FN void ct_gen_divisor(ct_rng *r, const ct_gen_params *p, const ct_layout *A, ct_layout *B) {
  ct_modes m;
  int64_t us[CT_MAX_NODES], up[CT_MAX_NODES], P = 1;
  int k, n = 0;
  ct_modes_of(A, 0, &m);
  for (k = 0; k < m.n; ++k) {
    int64_t f[16];
    int j, nf = ct_factor_chain(r, m.m[k].s, f, 16);
    for (j = 0; j < nf && n < CT_MAX_NODES / 2; ++j) {
      us[n] = f[j];
      up[n] = P;
      P *= f[j];
      ++n;
    }
  }
  {
    ct_modes b;
    int order[CT_MAX_NODES];
    b.n = 0;
    for (k = 0; k < n; ++k)
      if (ct_rng_chance(r, 1, 2))
        ct_modes_push_marked(r, p, &b, us[k], up[k]);
    for (k = 0; k < b.n; ++k) order[k] = k;
    ct_shuffle(r, order, b.n);
    {
      ct_modes o;
      o.n = 0;
      for (k = 0; k < b.n; ++k) ct_modes_push(&o, b.m[order[k]].s, b.m[order[k]].ss, b.m[order[k]].d, b.m[order[k]].ds);
      if (o.n == 0) ct_modes_push(&o, 1, 1, 0, 1);
      ct_gen_nest(r, p, &o, B);
    }
  }
}

CT_FN void ct_gen_tiler(ct_rng *r, const ct_gen_params *p, const ct_layout *A, ct_tiler *T) {
  int k, n = (int)ct_rng_range(r, 1, ct_l_rank(A)), hs, hd;
  ct_err e;
  ct_t_clear(&T->shape);
  ct_t_clear(&T->stride);
  ct_discard(ct_t_open(&T->shape, &hs, &e));
  ct_discard(ct_t_open(&T->stride, &hd, &e));
  for (k = 0; k < n; ++k) {
    ct_layout Ak, Bk;
    int path = k;
    if (ct_rng_chance(r, 1, 5)) {
      ct_discard(ct_t_push_all(&T->shape, &e));
      ct_discard(ct_t_push_all(&T->stride, &e));
      continue;
    }
    ct_discard(ct_l_mode(A, &path, 1, &Ak, &e));
    ct_gen_divisor(r, p, &Ak, &Bk);
    ct_discard(ct_t_push_sub(&T->shape, &Bk.shape, 0, &e));
    ct_discard(ct_t_push_sub(&T->stride, &Bk.stride, 0, &e));
  }
  ct_discard(ct_t_close(&T->shape, hs, &e));
  ct_discard(ct_t_close(&T->stride, hd, &e));
  T->shape.nd[0].mark = 1;
  T->stride.nd[0].mark = 1;
}

/* Swizzle k of the grid B in [0,3], M in [0,4], S in [-6,6] with |S| >= B:
 * 43 (B, S) pairs times 5 bases, visited in a scrambled order (97 is prime
 * to 215) so that any run of indices mixes them. */
CT_FN void ct_gen_swizzle_at(int64_t index, ct_swizzle *w) {
  int64_t g = (index % CT_SW_GRID) * 97 % CT_SW_GRID;
  int b, s, k = (int)(g / 5), m = (int)(g % 5);
  for (b = 0; b <= 3; ++b)
    for (s = -6; s <= 6; ++s) {
      if (s < b && -s < b) continue;
      if (k-- == 0) {
        ct_sw_set(w, b, m, s);
        return;
      }
    }
  ct_sw_set(w, 0, m, 0);
}

CT_FN void ct_gen_swizzle(ct_rng *r, ct_swizzle *w) {
  int b = (int)ct_rng_range(r, 0, 5), m = (int)ct_rng_range(r, 0, 8), s = b + (int)ct_rng_range(r, 0, 4);
  if (ct_rng_chance(r, 1, 4)) s = -s;
  ct_sw_set(w, b, m, s);
}
