/* props_edges.c -- NOTE-5 (spec/notation.md): integers near the 64-bit edges
 * never wrap (issue 17). Each property builds, from its case, layouts whose
 * shapes, strides, coordinates and cotargets lie near 2^31, 2^32, 2^62 and
 * 2^63 (both signs, a few units either side) mixed with the case's own small
 * layout, runs one operation, and checks its answer with 128-bit arithmetic:
 * an answer must be the exact one, and an answer whose exact value does not
 * fit in 64 bits must be OVERFLOW. Where the definition itself forms an
 * integer beyond 64 bits on the way (an |INT64_MIN|, a term of a sum), the
 * property accepts OVERFLOW too.
 *
 * Host only: __int128 is a GCC/clang extension, and the device's checks
 * stay the 64-bit ones. Mutants caught (mutants/41-47): 41 (cosize), 42
 * (product of a shape), 43 (an offset), 44 (coalesce's merge test), 45 (a
 * composed stride), 46 (a complement's span), 47 (a product's cotarget),
 * each a multiplication or sum left to wrap. */
#include "props/props.h"
#include "props/props_list.h"
#if !CT_ON_DEVICE
#include "ref/coalesce.h"
#include "ref/complement.h"
#include "ref/composition.h"
#include "ref/divide.h"
#include "ref/notation.h"
#include "ref/product.h"
#include "props/rng.h"

#include <stdio.h>
#include <string.h>
#endif

#if CT_ON_DEVICE
CT_FN void ct_p_edge_size(const ct_case *c, ct_outcome *o) { (void)c; o->verdict = CT_SKIPPED; }
CT_FN void ct_p_edge_cosize(const ct_case *c, ct_outcome *o) { (void)c; o->verdict = CT_SKIPPED; }
CT_FN void ct_p_edge_eval(const ct_case *c, ct_outcome *o) { (void)c; o->verdict = CT_SKIPPED; }
CT_FN void ct_p_edge_coalesce(const ct_case *c, ct_outcome *o) { (void)c; o->verdict = CT_SKIPPED; }
CT_FN void ct_p_edge_comp(const ct_case *c, ct_outcome *o) { (void)c; o->verdict = CT_SKIPPED; }
CT_FN void ct_p_edge_cpl(const ct_case *c, ct_outcome *o) { (void)c; o->verdict = CT_SKIPPED; }
CT_FN void ct_p_edge_div(const ct_case *c, ct_outcome *o) { (void)c; o->verdict = CT_SKIPPED; }
CT_FN void ct_p_edge_prod(const ct_case *c, ct_outcome *o) { (void)c; o->verdict = CT_SKIPPED; }
#else

typedef __int128 ct_i128;

#define CT_E_MAX ((ct_i128)INT64_MAX)
#define CT_E_MIN ((ct_i128)INT64_MIN)
#define CT_E_HUGE (((ct_i128)1) << 120) /* far beyond 64 bits, far inside 128 */
#define CT_E_SAMPLES 12

static int ct_e_fits(ct_i128 v) { return v >= CT_E_MIN && v <= CT_E_MAX; }

/* The leaves of a layout, shape and stride, in preorder (colexicographic
 * significance: leaf 0 varies fastest). */
typedef struct {
  int n;
  int64_t s[CT_MAX_NODES], d[CT_MAX_NODES];
} ct_e_leaves;

static void ct_e_leaves_of(const ct_layout *L, ct_e_leaves *f) {
  int j;
  f->n = 0;
  for (j = 0; j < L->shape.n; ++j)
    if (L->shape.nd[j].kind == CT_INT) {
      f->s[f->n] = L->shape.nd[j].v;
      f->d[f->n++] = L->stride.nd[j].v;
    }
}

/* The exact size; *big when it passes 2^120 on the way (then it is no size
 * of a representable layout anyway). */
static ct_i128 ct_e_size(const ct_layout *L, int *big) {
  ct_e_leaves f;
  ct_i128 p = 1;
  int k;
  ct_e_leaves_of(L, &f);
  *big = 0;
  for (k = 0; k < f.n; ++k) {
    if (f.s[k] > 0 && p > CT_E_HUGE / f.s[k]) { /* tested before multiplying: 128 bits wrap too */
      *big = 1;
      return CT_E_HUGE;
    }
    p *= f.s[k];
  }
  return p;
}

/* The exact L(x), x >= 0, split colexicographically, the last leaf not
 * reduced; with hat, over the leaves of size > 1 only: composition's Â, the
 * extension of coalesce(L) (COMP-EXT; inside [0, size(L)) the same). wide:
 * a term, or the sum of the positive or of the negative terms, does not fit
 * in 64 bits (an offset summed in any order may overflow then). Returns 0
 * when the value is too large to know here. */
typedef struct {
  ct_i128 v;
  int wide;
} ct_e_val;

static int ct_e_eval(const ct_layout *L, ct_i128 x, int hat, ct_e_val *out) {
  ct_e_leaves f;
  ct_i128 pos = 0, neg = 0;
  int k, n = 0;
  ct_e_leaves_of(L, &f);
  for (k = 0; k < f.n; ++k)
    if (!hat || f.s[k] != 1) f.s[n] = f.s[k], f.d[n++] = f.d[k];
  f.n = n;
  out->wide = 0;
  for (k = 0; k < f.n; ++k) {
    ct_i128 c, t;
    if (k + 1 < f.n) {
      c = x % f.s[k];
      x /= f.s[k];
    } else {
      c = x;
    }
    if (c >= ((ct_i128)1 << 63) || c < 0) return 0; /* so |c*d| < 2^126 */
    t = c * f.d[k];
    if (!ct_e_fits(t)) out->wide = 1;
    if (t > 0) pos += t;
    else neg += t;
    if (pos > CT_E_HUGE || neg < -CT_E_HUGE) return 0;
  }
  if (!ct_e_fits(pos) || !ct_e_fits(neg)) out->wide = 1;
  out->v = pos + neg;
  return 1;
}

static void ct_e_str(ct_i128 v, char *buf, int cap) {
  char tmp[48];
  int n = 0, k, neg = v < 0;
  unsigned __int128 u = neg ? (unsigned __int128)(-(v + 1)) + 1 : (unsigned __int128)v;
  do {
    tmp[n++] = (char)('0' + (int)(u % 10));
    u /= 10;
  } while (u);
  if (neg) tmp[n++] = '-';
  if (n >= cap) n = cap - 1;
  for (k = 0; k < n; ++k) buf[k] = tmp[n - 1 - k];
  buf[n] = '\0';
}

/* ---- building the cases ----------------------------------------------------- */

/* A value near an edge: 2^31, 2^32, 2^62 or 2^63, a few units either side,
 * clamped into int64; positive, or of either sign. */
static int64_t ct_e_edge(ct_rng *r, int positive) {
  static const int bits[4] = {31, 32, 62, 63};
  ct_i128 v = ((ct_i128)1 << bits[ct_rng_range(r, 0, 3)]) + ct_rng_range(r, -3, 3);
  if (!positive && ct_rng_chance(r, 1, 2)) v = -v;
  if (v > CT_E_MAX) v = CT_E_MAX - ct_rng_range(r, 0, 2);
  if (v < CT_E_MIN) v = CT_E_MIN;
  if (positive && v < 1) v = 1;
  return (int64_t)v;
}

/* A small stride, 0 and -1 among them (wrapped products land there). */
static int64_t ct_e_small_stride(ct_rng *r, int nonneg) {
  static const int64_t pool[8] = {0, 1, 2, 3, 4, -1, -2, 8};
  int64_t d = pool[ct_rng_range(r, 0, 7)];
  return nonneg && d < 0 ? -d : d;
}

typedef struct {
  int fit;    /* the exact size fits in 64 bits */
  int nonneg; /* no negative stride */
} ct_e_how;

/* 1 to 3 flat modes near the edges, with the case's small layout as one more
 * mode, before or after, half the time. Returns 0 when a representation
 * limit keeps it from being built. */
static int ct_e_build(ct_rng *r, const ct_layout *small, ct_e_how how, ct_layout *out) {
  int64_t s[3], d[3];
  int n = (int)ct_rng_range(r, 1, 3), k, hs, hd, big;
  ct_layout L;
  ct_err e;
  for (k = 0; k < n; ++k) {
    s[k] = ct_rng_chance(r, 2, 3) ? ct_e_edge(r, 1) : ct_rng_range(r, 1, 8);
    d[k] = ct_rng_chance(r, 2, 3) ? ct_e_edge(r, how.nonneg) : ct_e_small_stride(r, how.nonneg);
  }
  ct_t_clear(&L.shape);
  ct_t_clear(&L.stride);
  if (ct_t_open(&L.shape, &hs, &e) != CT_OK || ct_t_open(&L.stride, &hd, &e) != CT_OK) return 0;
  for (k = 0; k < n; ++k)
    if (ct_t_push_int(&L.shape, s[k], 0, &e) != CT_OK || ct_t_push_int(&L.stride, d[k], 0, &e) != CT_OK) return 0;
  if (ct_t_close(&L.shape, hs, &e) != CT_OK || ct_t_close(&L.stride, hd, &e) != CT_OK) return 0;
  ct_l_copy(out, &L);
  if (small && ct_rng_chance(r, 1, 2)) {
    int ok = !how.nonneg || !ct_has_negative_stride(small);
    if (ok && (ct_rng_chance(r, 1, 2) ? ct_l_append(&L, small, out, &e) : ct_l_prepend(&L, small, out, &e)) != CT_OK)
      ct_l_copy(out, &L);
  }
  /* a size that must fit: the largest shapes shrink until it does */
  for (;;) {
    ct_i128 size = ct_e_size(out, &big);
    int j, at = -1;
    if (!how.fit || (!big && size <= CT_E_MAX)) break;
    for (j = 0; j < out->shape.n; ++j)
      if (out->shape.nd[j].kind == CT_INT && (at < 0 || out->shape.nd[j].v > out->shape.nd[at].v)) at = j;
    if (at < 0 || out->shape.nd[at].v == 1) return 0;
    out->shape.nd[at].v = out->shape.nd[at].v > 8 ? ct_rng_range(r, 2, 8) : 1;
  }
  return 1;
}

static void ct_e_rng(const ct_case *c, const char *prop, ct_rng *r) {
  uint64_t h = ct_digest_layout(&c->v[0]) ^ (c->n > 1 ? 3 * ct_digest_layout(&c->v[1]) : 0);
  ct_rng_init(r, h, (uint64_t)c->k[0], ct_hash_str(prop));
}

/* Sample indices of [0, n): the ends, the middle, near 2^31, 2^32 and 2^62
 * below n, and random ones. */
static int ct_e_samples(ct_rng *r, ct_i128 n, int64_t *x) {
  int m = 0, k;
  ct_i128 cand[8];
  if (n <= 0) return 0;
  if (n > CT_E_MAX) n = CT_E_MAX;
  cand[0] = 0;
  cand[1] = n - 1;
  cand[2] = n / 2;
  cand[3] = n - 2;
  cand[4] = ((ct_i128)1 << 31) - 1;
  cand[5] = ((ct_i128)1 << 32) + 1;
  cand[6] = ((ct_i128)1 << 62) - 1;
  cand[7] = 1;
  for (k = 0; k < 8; ++k)
    if (cand[k] >= 0 && cand[k] < n) x[m++] = (int64_t)cand[k];
  while (m < CT_E_SAMPLES) {
    uint64_t u = ct_rng_next(r);
    x[m++] = (int64_t)((ct_i128)(u >> 1) % n);
  }
  return m;
}

static void ct_e_text(const ct_layout *L, char *buf, int cap) {
  if (ct_print_layout(L, buf, cap) >= cap && cap > 4) strcpy(buf + cap - 4, "...");
}

/* An answer code: OK, or OVERFLOW where `may_overflow`; any other code (or
 * OVERFLOW elsewhere) fails. Returns 1 when the answer is OK. */
static int ct_e_code(ct_code rc, int may_overflow, const char *what, const ct_layout *L, ct_outcome *o) {
  char t[512];
  o->digest = ct_digest_code(rc);
  if (rc == CT_OK) return 1;
  if (rc == CT_OVERFLOW && may_overflow) return 0;
  ct_e_text(L, t, sizeof t);
  CT_FAILS(o, "%s of %s: %s, but the exact answer fits in 64 bits", what, t, ct_code_name(rc));
  return 0;
}

/* ---- NOTE-5/size, NOTE-5/cosize, NOTE-5/eval ------------------------------- */

void ct_p_edge_size(const ct_case *c, ct_outcome *o) {
  ct_rng r;
  ct_layout L;
  ct_e_how how = {0, 0};
  ct_val v;
  ct_err e;
  ct_i128 want;
  int big;
  char t[512], w[48];
  ct_e_rng(c, "NOTE-5/size", &r);
  if (!ct_e_build(&r, &c->v[0], how, &L)) { o->verdict = CT_SKIPPED; return; }
  want = ct_e_size(&L, &big);
  if (!ct_e_code(ct_l_size(&L, &v, &e), big || !ct_e_fits(want), "size", &L, o)) return;
  if (big || (ct_i128)v.v != want) {
    ct_e_text(&L, t, sizeof t);
    ct_e_str(want, w, sizeof w);
    CT_FAILS(o, "size(%s) = %lld, but it is %s%s", t, (long long)v.v, big ? "beyond 2^120" : w,
             big || !ct_e_fits(want) ? " (wrapped: want OVERFLOW)" : "");
  }
}

void ct_p_edge_cosize(const ct_case *c, ct_outcome *o) {
  ct_rng r;
  ct_layout L;
  ct_e_how how = {0, 0};
  ct_e_leaves f;
  ct_val v;
  ct_err e;
  ct_i128 want = 1;
  int k, wide = 0;
  char t[512], w[48];
  ct_e_rng(c, "NOTE-5/cosize", &r);
  if (!ct_e_build(&r, &c->v[0], how, &L)) { o->verdict = CT_SKIPPED; return; }
  ct_e_leaves_of(&L, &f);
  for (k = 0; k < f.n; ++k) { /* 1 + sum (s-1)*|d|: |d| and each term are formed */
    ct_i128 ad = f.d[k] < 0 ? -(ct_i128)f.d[k] : (ct_i128)f.d[k], term = (ct_i128)(f.s[k] - 1) * ad;
    if (!ct_e_fits(ad) || !ct_e_fits(term)) wide = 1;
    want += term;
    if (want > CT_E_HUGE) want = CT_E_HUGE; /* beyond 64 bits: saturate, 128 bits wrap too */
  }
  if (!ct_e_code(ct_l_cosize(&L, &v, &e), wide || !ct_e_fits(want), "cosize", &L, o)) return;
  if ((ct_i128)v.v != want) {
    ct_e_text(&L, t, sizeof t);
    ct_e_str(want, w, sizeof w);
    CT_FAILS(o, "cosize(%s) = %lld, but it is %s%s", t, (long long)v.v, w, ct_e_fits(want) ? "" : " (wrapped: want OVERFLOW)");
  }
}

void ct_p_edge_eval(const ct_case *c, ct_outcome *o) {
  ct_rng r;
  ct_layout L;
  ct_e_how how = {1, 0};
  int64_t x[CT_E_SAMPLES];
  int m, k, big;
  char t[512], w[48];
  ct_e_rng(c, "NOTE-5/eval", &r);
  if (!ct_e_build(&r, &c->v[0], how, &L)) { o->verdict = CT_SKIPPED; return; }
  o->digest = ct_digest_layout(&L);
  m = ct_e_samples(&r, ct_e_size(&L, &big), x);
  for (k = 0; k < m; ++k) {
    ct_e_val want;
    int64_t got = 0;
    ct_err e;
    ct_code rc = ct_l_eval(&L, x[k], &got, &e);
    if (!ct_e_eval(&L, x[k], 0, &want)) continue;
    if (rc == CT_OVERFLOW && (want.wide || !ct_e_fits(want.v))) continue;
    if (rc == CT_OK && (ct_i128)got == want.v) continue;
    ct_e_text(&L, t, sizeof t);
    ct_e_str(want.v, w, sizeof w);
    if (rc != CT_OK) CT_FAILS(o, "%s(%lld): %s, but it is %s", t, (long long)x[k], ct_code_name(rc), w);
    else
      CT_FAILS(o, "%s(%lld) = %lld, but it is %s%s", t, (long long)x[k], (long long)got, w,
               ct_e_fits(want.v) ? "" : " (wrapped: want OVERFLOW)");
    return;
  }
}

/* ---- NOTE-5/coalesce, NOTE-5/composition, NOTE-5/complement --------------- */

/* R(x) == W(y(x)) exactly on samples x of [0, n), where y(x) = x, or B(x)
 * for a composition (samples where B(x) < 0 are left out); W read as Â,
 * which is W inside its size. */
static int ct_e_same(const ct_layout *R, const ct_layout *W, const ct_layout *B, ct_i128 n, ct_rng *r, const char *what,
                     ct_outcome *o) {
  int64_t x[CT_E_SAMPLES];
  int m = ct_e_samples(r, n, x), k;
  char t[512], w[48], g[48];
  for (k = 0; k < m; ++k) {
    ct_e_val got, want, y;
    if (!ct_e_eval(R, x[k], 0, &got)) continue;
    if (B) {
      if (!ct_e_eval(B, x[k], 0, &y) || y.v < 0) continue;
    } else {
      y.v = x[k];
    }
    if (!ct_e_eval(W, y.v, 1, &want)) continue;
    if (got.v != want.v) {
      ct_e_text(R, t, sizeof t);
      ct_e_str(got.v, g, sizeof g);
      ct_e_str(want.v, w, sizeof w);
      CT_FAILS(o, "%s = %s: at %lld it is %s, but the exact value is %s", what, t, (long long)x[k], g, w);
      return 0;
    }
  }
  return 1;
}

void ct_p_edge_coalesce(const ct_case *c, ct_outcome *o) {
  ct_rng r;
  ct_layout L, R;
  ct_e_how how = {1, 0};
  ct_err e;
  int big, bigr;
  ct_i128 n;
  char t[512];
  ct_e_rng(c, "NOTE-5/coalesce", &r);
  if (!ct_e_build(&r, &c->v[0], how, &L)) { o->verdict = CT_SKIPPED; return; }
  n = ct_e_size(&L, &big);
  if (!ct_e_code(ct_coalesce(&L, &R, &e), 0, "coalesce", &L, o)) return;
  o->digest = ct_digest_layout(&R);
  if (ct_e_size(&R, &bigr) != n || bigr) {
    ct_e_text(&L, t, sizeof t);
    CT_FAILS(o, "coalesce(%s) changes the size", t);
    return;
  }
  ct_e_same(&R, &L, 0, n, &r, "coalesce", o);
}

/* B: the case's second layout, with a stride near an edge (shifted down by
 * 0 to 33 bits) in one of its modes half the time. */
static void ct_e_right(ct_rng *r, const ct_layout *v1, ct_layout *B) {
  int j, leaves = 0;
  ct_l_copy(B, v1);
  for (j = 0; j < B->stride.n; ++j) leaves += B->stride.nd[j].kind == CT_INT;
  if (leaves == 0 || ct_rng_chance(r, 1, 2)) return;
  for (j = 0; j < B->stride.n; ++j)
    if (B->stride.nd[j].kind == CT_INT && ct_rng_chance(r, 1, leaves)) B->stride.nd[j].v = ct_e_edge(r, 1) >> ct_rng_range(r, 0, 33);
}

void ct_p_edge_comp(const ct_case *c, ct_outcome *o) {
  ct_rng r;
  ct_layout A, B, R;
  ct_e_how how = {1, 0};
  ct_err e;
  ct_code rc;
  int big, bigb;
  ct_e_rng(c, "NOTE-5/composition", &r);
  if (!ct_e_build(&r, 0, how, &A)) { o->verdict = CT_SKIPPED; return; }
  ct_e_right(&r, &c->v[1], &B);
  rc = ct_composition(&A, &B, &R, &e);
  o->digest = ct_digest_code(rc);
  if (rc != CT_OK) return; /* rejections are COMP's concern; an answer must be exact */
  if (ct_e_size(&R, &big) != ct_e_size(&B, &bigb)) {
    CT_FAILS(o, "size(A o B) != size(B) for A and B near the edges (COMP-3)");
    return;
  }
  ct_e_same(&R, &A, &B, ct_e_size(&B, &bigb), &r, "composition(A, B)", o);
}

/* The exact complement of A in M (spec/complement.md's formula on A's sorted
 * leaves of stride != 0 and size != 1, no coalescing: the same function) as
 * a flat layout's leaves; 0 when A has no ordered complement or a negative
 * stride (the reference must reject then, which is CPL's concern). */
typedef struct {
  int n;
  ct_i128 s[CT_MAX_NODES + 1], d[CT_MAX_NODES + 1];
} ct_e_flat;

static int ct_e_complement(const ct_layout *A, ct_i128 M, ct_e_flat *C) {
  ct_e_leaves f;
  int64_t s[CT_MAX_NODES], d[CT_MAX_NODES];
  int n = 0, k, j;
  ct_i128 cur = 1;
  ct_e_leaves_of(A, &f);
  for (k = 0; k < f.n; ++k) {
    if (f.d[k] < 0) return 0;
    if (f.d[k] == 0 || f.s[k] == 1) continue;
    for (j = n; j > 0 && d[j - 1] > f.d[k]; --j) {
      s[j] = s[j - 1];
      d[j] = d[j - 1];
    }
    s[j] = f.s[k];
    d[j] = f.d[k];
    ++n;
  }
  C->n = 0;
  for (k = 0; k < n; ++k) {
    if (d[k] % cur != 0 || d[k] < cur) return 0;
    C->s[C->n] = d[k] / cur;
    C->d[C->n++] = cur;
    cur = (ct_i128)s[k] * d[k];
    if (cur > CT_E_HUGE) return 0;
  }
  C->s[C->n] = (M + cur - 1) / cur;
  C->d[C->n++] = cur;
  return 1;
}

static ct_i128 ct_e_flat_size(const ct_e_flat *C) {
  ct_i128 p = 1;
  int k;
  for (k = 0; k < C->n; ++k) {
    if (C->s[k] > 0 && p > CT_E_HUGE / C->s[k]) return CT_E_HUGE;
    p *= C->s[k];
  }
  return p;
}

/* C(x), the last leaf not reduced; 0 when too large to know here. */
static int ct_e_flat_eval(const ct_e_flat *C, ct_i128 x, ct_i128 *out) {
  ct_i128 v = 0;
  int k;
  for (k = 0; k < C->n; ++k) {
    ct_i128 c = k + 1 < C->n ? x % C->s[k] : x;
    if (k + 1 < C->n) x /= C->s[k];
    if (c > CT_E_HUGE / 2 || (C->d[k] > 0 && c > CT_E_HUGE / C->d[k])) return 0;
    v += c * C->d[k];
    if (v > CT_E_HUGE) return 0;
  }
  *out = v;
  return 1;
}

void ct_p_edge_cpl(const ct_case *c, ct_outcome *o) {
  ct_rng r;
  ct_layout A, R;
  ct_e_how how = {1, 1};
  ct_e_flat C;
  ct_tuple M;
  ct_err e;
  ct_code rc;
  ct_i128 n;
  int64_t cot;
  int big;
  char t[512], w[48], g[48];
  ct_e_rng(c, "NOTE-5/complement", &r);
  if (!ct_e_build(&r, &c->v[0], how, &A)) { o->verdict = CT_SKIPPED; return; }
  cot = ct_e_edge(&r, 1);
  ct_t_set_int(&M, cot, 0);
  rc = ct_complement(&A, &M, &R, &e);
  o->digest = ct_digest_code(rc);
  if (!ct_e_complement(&A, cot, &C)) return; /* no ordered complement: CPL's concern */
  n = ct_e_flat_size(&C);
  ct_e_text(&A, t, sizeof t);
  if (rc != CT_OK) {
    int k, wide = 0;
    for (k = 0; k < C.n; ++k) wide |= !ct_e_fits(C.s[k] * C.d[k]) || !ct_e_fits(C.s[k]) || !ct_e_fits(C.d[k]);
    if (rc == CT_OVERFLOW && wide) return;
    CT_FAILS(o, "complement(%s, %lld): %s, but every span fits in 64 bits", t, (long long)cot, ct_code_name(rc));
    return;
  }
  if (ct_e_size(&R, &big) != n || big) {
    ct_e_str(n, w, sizeof w);
    CT_FAILS(o, "complement(%s, %lld) has size %lld, but the exact complement has %s", t, (long long)cot,
             (long long)ct_e_size(&R, &big), w);
    return;
  }
  {
    int64_t x[CT_E_SAMPLES];
    int m = ct_e_samples(&r, n, x), k;
    for (k = 0; k < m; ++k) {
      ct_e_val got;
      ct_i128 want;
      if (!ct_e_eval(&R, x[k], 0, &got) || !ct_e_flat_eval(&C, x[k], &want)) continue;
      if (got.v != want) {
        ct_e_str(got.v, g, sizeof g);
        ct_e_str(want, w, sizeof w);
        CT_FAILS(o, "complement(%s, %lld) at %lld is %s, but the exact complement gives %s", t, (long long)cot,
                 (long long)x[k], g, w);
        return;
      }
    }
  }
}

/* ---- NOTE-5/divide, NOTE-5/product ------------------------------------------ */

void ct_p_edge_div(const ct_case *c, ct_outcome *o) {
  ct_rng r;
  ct_layout A, B, R;
  ct_e_how how = {1, 0};
  ct_err e;
  ct_code rc;
  int big;
  ct_e_rng(c, "NOTE-5/divide", &r);
  if (!ct_e_build(&r, 0, how, &A)) { o->verdict = CT_SKIPPED; return; }
  ct_e_right(&r, &c->v[1], &B);
  rc = ct_logical_divide(&A, &B, &R, &e);
  o->digest = ct_digest_code(rc);
  if (rc != CT_OK) return; /* rejections are DIV's concern */
  /* mode 0 of A / B is A o B: R(j) == A(B(j)) for j < size(B) */
  ct_e_same(&R, &A, &B, ct_e_size(&B, &big), &r, "logical_divide(A, B), its first size(B) indices", o);
}

void ct_p_edge_prod(const ct_case *c, ct_outcome *o) {
  ct_rng r;
  ct_layout A, B, R;
  ct_e_how how = {1, 1};
  ct_err e;
  ct_code rc;
  int big, bigb, bigr;
  ct_i128 na, nb, nr;
  char t[512];
  ct_e_rng(c, "NOTE-5/product", &r);
  if (!ct_e_build(&r, 0, how, &A)) { o->verdict = CT_SKIPPED; return; }
  ct_e_right(&r, &c->v[1], &B);
  rc = ct_logical_product(&A, &B, &R, &e);
  o->digest = ct_digest_code(rc);
  if (rc != CT_OK) return; /* rejections are PROD's concern */
  na = ct_e_size(&A, &big);
  nb = ct_e_size(&B, &bigb);
  nr = ct_e_size(&R, &bigr);
  if (big || bigb || bigr || nr != na * nb) {
    ct_e_text(&A, t, sizeof t);
    CT_FAILS(o, "size(logical_product(%s, B)) != size(A)*size(B) (PROD-1)", t);
    return;
  }
  /* mode 0 is A itself (PROD-2) */
  if (!ct_e_same(&R, &A, 0, na, &r, "logical_product(A, B), its first size(A) indices", o)) return;
  /* mode 1 is complement(A, size(A)*cosize(B)) o B, exactly: R(size(A)*j) == C(B(j)) */
  {
    ct_e_leaves fb;
    ct_e_flat C;
    ct_i128 cosize_b = 1, nc;
    int64_t x[CT_E_SAMPLES];
    int m, k;
    char w[48], g[48];
    ct_e_leaves_of(&B, &fb);
    for (k = 0; k < fb.n; ++k) {
      cosize_b += (ct_i128)(fb.s[k] - 1) * (fb.d[k] < 0 ? -(ct_i128)fb.d[k] : fb.d[k]);
      if (cosize_b > CT_E_HUGE) return;
    }
    if (na <= 0 || cosize_b > CT_E_HUGE / na || !ct_e_complement(&A, na * cosize_b, &C)) return;
    nc = ct_e_flat_size(&C);
    m = ct_e_samples(&r, nb, x);
    for (k = 0; k < m; ++k) {
      ct_e_val got, b;
      ct_i128 want;
      if (!ct_e_eval(&B, x[k], 0, &b) || b.v < 0 || b.v >= nc || !ct_e_flat_eval(&C, b.v, &want)) continue;
      if (!ct_e_eval(&R, na * x[k], 0, &got)) continue;
      if (got.v != want) {
        ct_e_text(&A, t, sizeof t);
        ct_e_str(got.v, g, sizeof g);
        ct_e_str(want, w, sizeof w);
        CT_FAILS(o, "logical_product(%s, B) at size(A)*%lld is %s, but complement(A, size(A)*cosize(B))(B(%lld)) is %s",
                 t, (long long)x[k], g, (long long)x[k], w);
        return;
      }
    }
  }
}
#endif
