/* props_fast.c -- issue 16: each fast path of ref/ checked against the
 * readable function that defines it, case by case (the answer and the error
 * code must be the same). */
#include "props/props.h"
#include "props/props_list.h"
#include "ref/coalesce.h"
#include "ref/recognize.h"

/* The indices LAYOUT-2/integer visits: [0, min(size, CT_BRUTE_MAX)), then k0
 * (in [0, 2*size): past the size too), a few far ones (an overflow) and a
 * negative one (COORD_OUT_OF_RANGE). */
#define CT_FAST_EXTRA 6
CT_FN static int64_t ct_fast_index(const ct_case *c, int64_t n, int64_t t) {
  int64_t k = c->k[0];
  if (t < n) return t;
  switch (t - n) {
  case 0: return k;
  case 1: return k + ((int64_t)1 << 40);
  case 2: return INT64_MAX - k;
  case 3: return ((int64_t)1 << 62) + k;
  case 4: return -1 - k;
  default: return INT64_MIN + k;
  }
}

/* LAYOUT-2/integer: ct_l_eval (one pass over the leaves) is ct_crd2idx of
 * the integer coordinate i (LAYOUT-EVAL, the recursion of the definition). */
CT_FN void ct_p_layout_2i(const ct_case *c, ct_outcome *o) {
  const ct_layout *L = &c->v[0];
  int64_t t, n = ct_size(L);
  uint64_t h = 0;
  if (n < 0 || n > CT_BRUTE_MAX) n = CT_BRUTE_MAX;
  for (t = 0; t < n + CT_FAST_EXTRA; ++t) {
    int64_t i = ct_fast_index(c, n, t), fast = 0;
    ct_tuple crd;
    ct_val def;
    ct_err e1, e2;
    ct_code a, b;
    def.v = 0;
    ct_t_set_int(&crd, i, 0);
    a = ct_l_eval(L, i, &fast, &e1);
    b = ct_crd2idx(&crd, L, &def, &e2);
    if (a != b || (a == CT_OK && fast != def.v)) {
      CT_FAILS(o, "L(%lld) = %s %lld, crd2idx(%lld, L) = %s %lld", (long long)i, ct_code_name(a), (long long)fast,
               (long long)i, ct_code_name(b), (long long)def.v);
      return;
    }
    h = ct_mix64(h ^ (uint64_t)(a == CT_OK ? fast : (int64_t)a));
  }
  o->digest = h;
}

/* The indices LAYOUT-2/walk visits after [0, n) in order (the odometer's
 * steps): jumps inside [0, size) (k0's index, the one after it: a step after
 * a jump, the last, 0), then LAYOUT-2/integer's indices past n (outside
 * [0, size) where n is the size: ct_l_eval itself). */
#define CT_WALK_JUMPS 4
CT_FN static int64_t ct_walk_index(const ct_case *c, int64_t n, int64_t size, int64_t t) {
  int64_t k = size > 0 ? c->k[0] % size : 0;
  if (t < n) return t;
  switch (t - n) {
  case 0: return k;
  case 1: return k + 1;
  case 2: return size - 1;
  case 3: return 0;
  default: return ct_fast_index(c, n, n + (t - n - CT_WALK_JUMPS));
  }
}

/* LAYOUT-2/walk: the leaf form's L(i) (ref/leaf_form.h: an odometer step
 * from the last index, or a jump by division) is ct_l_eval's, the error
 * included, whatever the order of the indices. */
CT_FN void ct_p_layout_2w(const ct_case *c, ct_outcome *o) {
  const ct_layout *L = &c->v[0];
  ct_leaf_form F;
  int64_t t, size = ct_size(L), n = size;
  uint64_t h = 0;
  if (n < 0 || n > CT_BRUTE_MAX) n = CT_BRUTE_MAX;
  ct_lf_init(&F, L);
  for (t = 0; t < n + CT_WALK_JUMPS + CT_FAST_EXTRA; ++t) {
    int64_t i = ct_walk_index(c, n, size, t), fast = 0, def = 0;
    ct_err e1, e2;
    ct_code a = ct_lf_eval(&F, i, &fast, &e1), b = ct_l_eval(L, i, &def, &e2);
    if (a != b || (a == CT_OK && fast != def)) {
      CT_FAILS(o, "leaf form: L(%lld) = %s %lld, ct_l_eval %s %lld", (long long)i, ct_code_name(a), (long long)fast,
               ct_code_name(b), (long long)def);
      return;
    }
    h = ct_mix64(h ^ (uint64_t)(a == CT_OK ? fast : (int64_t)a));
  }
  o->digest = h;
}

/* LAYOUT-2/modes: the leaf form built from L's leaves in preorder
 * (ct_lf_init_modes, a value without its tree, as device/'s plans hold it)
 * steps through L(0), L(1), ... as ct_l_eval gives them, and holds every
 * layout the form built from L's tree holds. */
CT_FN void ct_p_layout_2m(const ct_case *c, ct_outcome *o) {
  const ct_layout *L = &c->v[0];
  ct_leaf_form F, G;
  ct_modes m;
  int64_t i, n;
  uint64_t h = 0;
  ct_lf_init(&F, L);
  ct_modes_of(L, 0, &m);
  ct_lf_init_modes(&G, &m);
  if (F.n >= 0 && G.n < 0) {
    CT_FAILS(o, "the leaf form of L's tree holds L, the form of its %d leaves does not", m.n);
    return;
  }
  n = G.n < 0 ? 0 : G.size < CT_BRUTE_MAX ? G.size : CT_BRUTE_MAX;
  for (i = 0; i < n; ++i) {
    int64_t def = 0;
    ct_err e;
    ct_code rc = ct_l_eval(L, i, &def, &e);
    if (i > 0) ct_lf_step(&G);
    if (rc != CT_OK || G.val != def) {
      CT_FAILS(o, "leaf form of the modes: L(%lld) = %lld, ct_l_eval %s %lld", (long long)i, (long long)G.val,
               ct_code_name(rc), (long long)def);
      return;
    }
    h = ct_mix64(h ^ (uint64_t)def);
  }
  o->digest = ct_mix64(h ^ (uint64_t)n);
}

/* RINV-3/window's layout: the case's leaves (one time in three with a leaf
 * of 256 to 1024 more) in an order drawn from the case, each nonzero
 * stride the span of the leaves before it (twice that one time in four: a
 * gap), negated one time in three, so that filter(L) is injective (RINV-3's
 * class); zero strides kept. Its coalesced modes and their domain strides,
 * as right_inverse hands them to the recognition (ref/inverse.c); 0 where
 * size(filter(L)) > CT_WINDOW_SIZE. */
#define CT_WINDOW_SIZE 2048
CT_FN static int ct_window_layout(const ct_case *c, ct_modes *cm, int64_t *pre) {
  ct_modes m, L;
  ct_rng r;
  int used[CT_MAX_NODES], k, j, q;
  int64_t span = 1, size = 1, all = 1;
  ct_modes_of(&c->v[0], 0, &m);
  ct_rng_init(&r, ct_digest_layout(&c->v[0]), (uint64_t)c->k[0], 0x3C06u);
  if (m.n < CT_MAX_NODES && ct_rng_chance(&r, 1, 3)) /* a leaf that takes N past the window, where no gap stops it */
    ct_modes_push(&m, ct_rng_range(&r, 256, 1024), 0, 1, 0);
  for (k = 0; k < m.n; ++k) { /* size(L) below 2^40 keeps the domain strides int64 */
    used[k] = 0;
    if (m.m[k].dk != CT_INT || m.m[k].s < 1 || m.m[k].s > ((int64_t)1 << 40) / all) return 0;
    all *= m.m[k].s;
    if (m.m[k].d != 0 && (size *= m.m[k].s) > CT_WINDOW_SIZE) return 0;
  }
  for (L.n = 0, k = 0; k < m.n; ++k) {
    int64_t d = 0;
    for (q = (int)ct_rng_range(&r, 0, m.n - 1 - k), j = 0; used[j] || q-- > 0; ++j) {
    }
    used[j] = 1;
    if (m.m[j].d != 0) {
      d = span * (ct_rng_chance(&r, 1, 4) ? 2 : 1);
      span = d * m.m[j].s;
      if (ct_rng_chance(&r, 1, 3)) d = -d;
    }
    ct_modes_push(&L, m.m[j].s, 0, d, 0);
  }
  ct_coalesce_modes(&L, cm);
  for (pre[0] = 1, k = 0; k < cm->n; ++k) pre[k + 1] = pre[k] * cm->m[k].s;
  return 1;
}

/* RINV-3/window: the least value L does not take and r(1) from the 512-bit
 * window (ct_rec_least_untaken_window, what right_inverse's recognition
 * runs) are those of the binary search that defines them
 * (ct_rec_least_untaken, ref/recognize.h), from 0 and from a value up to
 * N drawn from k0 (every value below each is taken). */
CT_FN void ct_p_rinv_3w(const ct_case *c, ct_outcome *o) {
  ct_modes cm;
  int64_t pre[CT_MAX_NODES + 1], N, r1, from[2];
  int t;
  uint64_t h = 0;
  if (!ct_window_layout(c, &cm, pre)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_rec_least_untaken(&cm, pre, 0, &N, &r1);
  from[0] = 0, from[1] = (c->k[0] < 0 ? -c->k[0] : c->k[0]) % (N + 1);
  for (t = 0; t < 2; ++t) {
    int64_t Nd = N, rd = r1, Nw, rw;
    if (t > 0) ct_rec_least_untaken(&cm, pre, from[t], &Nd, &rd);
    ct_rec_least_untaken_window(&cm, pre, from[t], &Nw, &rw);
    if (Nw != Nd || rw != rd) {
      CT_FAILS(o, "from %lld: the window gives N = %lld, r(1) = %lld; the binary search N = %lld, r(1) = %lld",
               (long long)from[t], (long long)Nw, (long long)rw, (long long)Nd, (long long)rd);
      return;
    }
    h = ct_mix64(h ^ (uint64_t)Nd ^ ct_mix64((uint64_t)rd));
  }
  o->digest = h;
}
