/* props_divide.c -- properties of spec/divide.md (DIV-*): logical_divide and
 * its regroupings zipped_divide, tiled_divide, flat_divide; and the helpers
 * props_product.c shares (the products regroup the same way).
 *
 * Checks recompute what a post-condition states from the operations it is
 * stated in (complement, composition) or by brute force over every index;
 * the regroupings are checked against logical_divide's modes (a nested
 * tiler mode by induction, against the same operation on that mode). Plain
 * layouts B come from CT_GEN_DIV (B divides A; "/random" variants take
 * CT_GEN_PAIR, whose accepted divides are mostly ragged), tilers from
 * CT_GEN_TILER (each mode a divisor of A's mode, or `_`) plus a nested tiler
 * derived from it (ct_dv_nested_tiler). */
#include "props/derived.h"
#include "props/props.h"
#include "props/props_divide.h"
#include "props/props_list.h"
#include "ref/divide.h"
#include "ref/product.h"
#include "ref/rearrange.h"
#if !CT_ON_DEVICE
#include "ref/notation.h"

/* A layout or tiler as text for failure messages (host only: on the device
 * CT_FAILS drops its arguments). Rotating buffers: up to 4 per message. */
const char *ct_dv_show(const ct_layout *L) {
  static char buf[4][600];
  static int k;
  k = (k + 1) % 4;
  ct_print_tiler(L, buf[k], (int)sizeof buf[k]);
  return buf[k];
}
#endif

/* ---- helpers (the ones without `static` are shared with props_product.c) ---- */

/* The tiler forms of both pages by number (a switch, not function pointers,
 * so that device code can call it): CT_DV_LOGICAL + 4*product + regrouping. */
enum { CT_DV_LOGICAL = 0, CT_DV_ZIPPED = 1, CT_DV_TILED = 2, CT_DV_FLAT = 3, CT_DV_PRODUCT = 4 };

CT_FN ct_code ct_dv_form(int form, const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e) {
  switch (form) {
  case 0: return ct_logical_divide_tiler(A, T, out, e);
  case 1: return ct_zipped_divide(A, T, out, e);
  case 2: return ct_tiled_divide(A, T, out, e);
  case 3: return ct_flat_divide(A, T, out, e);
  case 4: return ct_logical_product_tiler(A, T, out, e);
  case 5: return ct_zipped_product(A, T, out, e);
  case 6: return ct_tiled_product(A, T, out, e);
  default: return ct_flat_product(A, T, out, e);
  }
}

CT_FN const char *ct_dv_form_name(int form) {
  switch (form) {
  case 0: return "logical_divide";
  case 1: return "zipped_divide";
  case 2: return "tiled_divide";
  case 3: return "flat_divide";
  case 4: return "logical_product";
  case 5: return "zipped_product";
  case 6: return "tiled_product";
  default: return "flat_product";
  }
}

/* L(i) for i < n into v; n itself, or -1 when n > cap (too big to check). */
CT_FN int64_t ct_dv_values(const ct_layout *L, int64_t n, int64_t *v, int64_t cap) {
  int64_t i;
  ct_leaf_form F; /* index after index: a step, no division (issue 16) */
  if (n < 0 || n > cap) return -1;
  ct_lf_init(&F, L);
  for (i = 0; i < n; ++i) v[i] = ct_ev_form(&F, i);
  return n;
}

/* Â(i) for i < n (COMP-EXT: the extension of coalesce(A), as the divide's
 * composition reads A past size(A), in its ragged last tile); -1 when
 * n > cap or a value is not known (beyond int64). */
CT_FN static int64_t ct_dv_hat_values(const ct_layout *A, int64_t n, int64_t *v, int64_t cap) {
  ct_j_ahat h;
  int64_t i;
  if (n < 0 || n > cap) return -1;
  ct_j_ahat_init(A, &h);
  for (i = 0; i < n; ++i)
    if (!ct_j_ahat_at(&h, i, &v[i])) return -1;
  return n;
}

/* Whether v and w (n values each) hold the same multiset: 1 or 0 by
 * counting over [min, max] when that range is under CT_BRUTE_MAX wide, -1
 * when it is wider (the caller sorts both and compares; issue 16). count:
 * CT_BRUTE_MAX entries of the caller's. With the counts a local array here,
 * DIV-4 failed on the GPU only (nvcc 13.0, sm_90; H100 run of b54d847): the
 * caller's value arrays read back changed after this call, as if this frame
 * overlapped the caller's; BLK-4 and RAKE-4, calling it alike, passed. */
CT_FN int ct_dv_same_counts(const int64_t *v, const int64_t *w, int64_t n, int32_t *count) {
  int64_t i, lo, hi, width;
  if (n < 1) return 1;
  lo = hi = v[0];
  for (i = 0; i < n; ++i) {
    if (v[i] < lo) lo = v[i];
    if (v[i] > hi) hi = v[i];
    if (w[i] < lo) lo = w[i];
    if (w[i] > hi) hi = w[i];
  }
  if ((uint64_t)hi - (uint64_t)lo >= CT_BRUTE_MAX) return -1;
  width = (int64_t)((uint64_t)hi - (uint64_t)lo) + 1;
  for (i = 0; i < width; ++i) count[i] = 0;
  for (i = 0; i < n; ++i) {
    int64_t kv = (int64_t)((uint64_t)v[i] - (uint64_t)lo), kw = (int64_t)((uint64_t)w[i] - (uint64_t)lo);
    count[kv] += 1;
    count[kw] -= 1;
  }
  /* Every count back at 0 iff the multisets are equal. */
  for (i = 0; i < width; ++i)
    if (count[i] != 0) return 0;
  return 1;
}

/* 1 injective, 0 not, -1 too big to tell. */
CT_FN int ct_dv_injective(const ct_layout *L) {
  CT_SCRATCH int64_t v[CT_BRUTE_MAX];
  int64_t n = ct_dv_values(L, ct_size(L), v, CT_BRUTE_MAX);
  if (n < 0) return -1;
  return !ct_j_repeats(v, n);
}

/* A tiler <...> or `_` (not a plain layout). */
CT_FN int ct_dv_is_tiler(const ct_tiler *T) {
  return T->shape.nd[0].kind == CT_ALL || (T->shape.nd[0].kind == CT_TUPLE && T->shape.nd[0].mark);
}

/* span of filter(B): the largest s*d of its modes (1 when nothing is left). */
CT_FN static int64_t ct_dv_span(const ct_layout *B) {
  ct_layout F;
  ct_modes m;
  ct_err e;
  int k;
  int64_t span = 1;
  if (ct_filter(B, &F, &e) != CT_OK) return 1;
  ct_modes_of(&F, 0, &m);
  for (k = 0; k < m.n; ++k)
    if (m.m[k].d != 0 && m.m[k].s * m.m[k].d > span) span = m.m[k].s * m.m[k].d;
  return span;
}

/* layout<k>(L) and layout<k,j>(L): callers pass modes below the rank they
 * checked (or L's own), so the codes are dropped on purpose. */
CT_FN void ct_dv_mode(const ct_layout *L, int k, ct_layout *out) {
  ct_err e;
  ct_discard(ct_l_mode(L, &k, 1, out, &e));
}

CT_FN void ct_dv_mode2(const ct_layout *L, int k, int j, ct_layout *out) {
  int path[2];
  ct_err e;
  path[0] = k;
  path[1] = j;
  ct_discard(ct_l_mode(L, path, 2, out, &e));
}

/* Mode k of tiler T (node i of its trees) as a tiler of its own. */
CT_FN void ct_dv_subtiler(const ct_tiler *T, int k, ct_tiler *out) {
  int i = ct_t_child(&T->shape, 0, k);
  ct_t_sub(&T->shape, i, &out->shape);
  ct_t_sub(&T->stride, i, &out->stride);
}

/* The first mode k of a tiler <...> that is a plain layout; -1 if none. */
CT_FN int ct_dv_first_layout_mode(const ct_tiler *T) {
  int k;
  if (!(T->shape.nd[0].kind == CT_TUPLE && T->shape.nd[0].mark)) return -1;
  for (k = 0; k < T->shape.nd[0].rank; ++k) {
    ct_tiler Tk;
    ct_dv_subtiler(T, k, &Tk);
    if (!ct_dv_is_tiler(&Tk)) return k;
  }
  return -1;
}

CT_FN int ct_dv_is_unit(const ct_layout *L) {
  return L->shape.n == 1 && L->shape.nd[0].kind == CT_INT && L->shape.nd[0].v == 1 && L->stride.nd[0].v == 0;
}

/* ---- logical_divide with a layout B (DIV-1..4) ---------------------------------- */

CT_FN static int ct_div(const ct_case *c, ct_layout *R, ct_outcome *o) {
  ct_err e;
  if (ct_dv_is_tiler(&c->v[1])) {
    o->verdict = CT_SKIPPED;
    return 0;
  }
  if (ct_logical_divide_tiler(&c->v[0], &c->v[1], R, &e) != CT_OK) {
    ct_rejected(c, o, &e, "logical_divide");
    return 0;
  }
  o->digest = ct_digest_layout(R);
  return 1;
}

/* B* = complement(B, size(A)). */
CT_FN static ct_code ct_div_rest(const ct_layout *A, const ct_layout *B, ct_layout *Bs, ct_err *e) {
  ct_val n;
  ct_tuple cot;
  CT_TRY(ct_l_size(A, &n, e));
  ct_t_set_int(&cot, n.v, n.stat);
  return ct_complement(B, &cot, Bs, e);
}

/* DIV-1: exactly composition(A, make_layout(B, B*)); an input is rejected
 * exactly when that is, with the same code. */
CT_FN void ct_p_div_1(const ct_case *c, ct_outcome *o) {
  const ct_layout *A = &c->v[0], *B = &c->v[1];
  ct_layout R, Bs, BB, W;
  const ct_layout *parts[2];
  ct_err e, ew;
  ct_code got, want;
  if (ct_dv_is_tiler(B)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  got = ct_logical_divide_tiler(A, B, &R, &e);
  want = ct_div_rest(A, B, &Bs, &ew);
  if (want == CT_OK) {
    parts[0] = B;
    parts[1] = &Bs;
    want = ct_l_concat(parts, 2, &BB, &ew);
  }
  if (want == CT_OK) want = ct_composition(A, &BB, &W, &ew);
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  if (got != want) {
    CT_FAILS(o, "logical_divide: %s, the definition: %s (%s)", got == CT_OK ? "a result" : ct_code_name(got),
             want == CT_OK ? "a result" : ct_code_name(want), want == CT_OK ? ct_dv_show(&W) : ew.msg);
    return;
  }
  if (got != CT_OK) {
    ct_rejected(c, o, &e, "logical_divide");
    return;
  }
  if (!ct_l_equal(&R, &W, 0)) CT_FAILS(o, "logical_divide is %s, composition(A, (B, B*)) is %s", ct_dv_show(&R), ct_dv_show(&W));
}

CT_FN void ct_p_div_1r(const ct_case *c, ct_outcome *o) { ct_p_div_1(c, o); }

/* DIV-2: rank 2, mode 0 is exactly A o B (so compatible with B), mode 1 A o B*. */
CT_FN void ct_p_div_2(const ct_case *c, ct_outcome *o) {
  const ct_layout *A = &c->v[0], *B = &c->v[1];
  ct_layout R, R0, R1, AB, Bs, ABs;
  ct_err e;
  if (!ct_div(c, &R, o)) return;
  if (ct_l_rank(&R) != 2) {
    CT_FAILS(o, "rank %d, want 2: %s", ct_l_rank(&R), ct_dv_show(&R));
    return;
  }
  ct_dv_mode(&R, 0, &R0);
  ct_dv_mode(&R, 1, &R1);
  if (ct_composition(A, B, &AB, &e) != CT_OK) {
    CT_FAILS(o, "composition(A, B) rejected (%s) where logical_divide accepted", ct_code_name(e.code));
    return;
  }
  if (!ct_l_equal(&R0, &AB, 0)) {
    CT_FAILS(o, "layout<0>(R) is %s, composition(A, B) is %s", ct_dv_show(&R0), ct_dv_show(&AB));
    return;
  }
  if (!ct_t_compatible(&B->shape, 0, &R0.shape, 0)) {
    CT_FAILS(o, "B is not compatible with layout<0>(R) = %s", ct_dv_show(&R0));
    return;
  }
  if (ct_div_rest(A, B, &Bs, &e) != CT_OK || ct_composition(A, &Bs, &ABs, &e) != CT_OK) {
    CT_FAILS(o, "complement(B, size(A)) or composition(A, B*) rejected (%s) where logical_divide accepted", ct_code_name(e.code));
    return;
  }
  if (!ct_l_equal(&R1, &ABs, 0)) CT_FAILS(o, "layout<1>(R) is %s, composition(A, B*) is %s", ct_dv_show(&R1), ct_dv_show(&ABs));
}

/* DIV-3: size(R) = size(B)*size(B*) = K*size(B)/size(F); for an injective B,
 * size(R) = K = size(A) rounded up to F's span (equal to size(A) exactly when
 * the span divides it), computed here without the complement. */
CT_FN void ct_p_div_3(const ct_case *c, ct_outcome *o) {
  const ct_layout *A = &c->v[0], *B = &c->v[1];
  ct_layout R, Bs, F;
  ct_err e;
  int64_t n, nA = ct_size(A), nB = ct_size(B), K, span, Kw;
  if (!ct_div(c, &R, o)) return;
  n = ct_size(&R);
  if (ct_div_rest(A, B, &Bs, &e) != CT_OK || ct_filter(B, &F, &e) != CT_OK) {
    CT_FAILS(o, "complement(B, size(A)) rejected (%s) where logical_divide accepted", ct_code_name(e.code));
    return;
  }
  K = ct_size(&F) * ct_size(&Bs);
  if (n != nB * ct_size(&Bs) || n * ct_size(&F) != K * nB) {
    CT_FAILS(o, "size(R) = %lld, size(B)*size(B*) = %lld*%lld, K = %lld", (long long)n, (long long)nB,
             (long long)ct_size(&Bs), (long long)K);
    return;
  }
  if (ct_dv_injective(B) != 1) return;
  span = ct_dv_span(B);
  Kw = (nA + span - 1) / span * span;
  if (n != Kw) {
    CT_FAILS(o, "size(R) = %lld; size(A) = %lld rounded up to the span %lld of B is %lld", (long long)n, (long long)nA,
             (long long)span, (long long)Kw);
    return;
  }
  if ((n == nA) != (nA % span == 0)) CT_FAILS(o, "size(R) = %lld, size(A) = %lld, span %lld", (long long)n, (long long)nA, (long long)span);
}

CT_FN void ct_p_div_3r(const ct_case *c, ct_outcome *o) { ct_p_div_3(c, o); }

/* DIV-4: for an injective B, R's values are Â's values on [0, K) as
 * multisets (R(i) = Â(p(i)) for a bijection p), K from B's span. */
CT_FN void ct_p_div_4(const ct_case *c, ct_outcome *o) {
  const ct_layout *A = &c->v[0], *B = &c->v[1];
  ct_layout R;
  CT_SCRATCH int64_t a[CT_BRUTE_MAX], r[CT_BRUTE_MAX];
  CT_SCRATCH int32_t count[CT_BRUTE_MAX]; /* ct_dv_same_counts' scratch, here: see its comment */
  int64_t i, n, K, span, nA = ct_size(A);
  if (!ct_div(c, &R, o)) return;
  if (ct_dv_injective(B) != 1) return;
  span = ct_dv_span(B);
  K = (nA + span - 1) / span * span;
  n = ct_size(&R);
  if (n != K) {
    CT_FAILS(o, "size(R) = %lld, K = %lld: no bijection of [0, K)", (long long)n, (long long)K);
    return;
  }
  if (ct_dv_values(&R, n, r, CT_BRUTE_MAX) < 0 || ct_dv_hat_values(A, K, a, CT_BRUTE_MAX) < 0) return;
  if (ct_dv_same_counts(r, a, n, count) == 1) return; /* else sorted, to name where they differ */
  ct_j_sort(r, n);
  ct_j_sort(a, K);
  for (i = 0; i < n; ++i)
    if (r[i] != a[i]) {
      CT_FAILS(o, "R's values are not A^'s on [0, %lld): %s; sorted, %lld vs %lld at %lld", (long long)K, ct_dv_show(&R),
               (long long)r[i], (long long)a[i], (long long)i);
      return;
    }
}

CT_FN void ct_p_div_4r(const ct_case *c, ct_outcome *o) { ct_p_div_4(c, o); }

/* ---- tilers (DIV-5..8) -------------------------------------------------------------- */

CT_FN static int ct_divt(const ct_case *c, const ct_tiler *T, int form, ct_layout *R, ct_outcome *o) {
  ct_err e;
  if (ct_dv_form(form, &c->v[0], T, R, &e) != CT_OK) {
    ct_rejected(c, o, &e, ct_dv_form_name(form));
    return 0;
  }
  o->digest = ct_digest_layout(R);
  return 1;
}

/* DIV-5: by mode; uncovered modes and `_` keep A's mode. */
CT_FN static void ct_div_5_on(const ct_case *c, const ct_tiler *T, ct_outcome *o) {
  const ct_layout *A = &c->v[0];
  ct_layout R, Rk, Ak, W;
  ct_tiler Tk;
  ct_err e;
  int k, r, ra = ct_l_rank(A);
  if (!ct_divt(c, T, CT_DV_LOGICAL, &R, o)) return;
  if (!(T->shape.nd[0].kind == CT_TUPLE && T->shape.nd[0].mark)) { /* `_` or a layout */
    if (T->shape.nd[0].kind == CT_ALL && !ct_l_equal(&R, A, 0)) CT_FAILS(o, "logical_divide(A, _) is %s, not A", ct_dv_show(&R));
    return;
  }
  r = T->shape.nd[0].rank;
  if (ct_l_rank(&R) != ra) {
    CT_FAILS(o, "rank %d, rank(A) = %d: %s", ct_l_rank(&R), ra, ct_dv_show(&R));
    return;
  }
  for (k = 0; k < ra; ++k) {
    ct_dv_mode(&R, k, &Rk);
    ct_dv_mode(A, k, &Ak);
    if (k < r) ct_dv_subtiler(T, k, &Tk);
    if (k >= r || Tk.shape.nd[0].kind == CT_ALL) {
      if (!ct_l_equal(&Rk, &Ak, 0)) {
        CT_FAILS(o, "mode %d is %s, want A's mode %s (%s)", k, ct_dv_show(&Rk), ct_dv_show(&Ak), k >= r ? "uncovered" : "`_`");
        return;
      }
      continue;
    }
    if ((ct_dv_is_tiler(&Tk) ? ct_logical_divide_tiler(&Ak, &Tk, &W, &e) : ct_logical_divide(&Ak, &Tk, &W, &e)) != CT_OK) {
      CT_FAILS(o, "logical_divide(layout<%d>(A), T%d) rejected (%s) where the whole was accepted", k, k, ct_code_name(e.code));
      return;
    }
    if (!ct_l_equal(&Rk, &W, 0)) {
      CT_FAILS(o, "mode %d is %s, logical_divide(layout<%d>(A), T%d) is %s", k, ct_dv_show(&Rk), k, k, ct_dv_show(&W));
      return;
    }
  }
}

/* Z against the table of DIV-ZIP, built from L = logical_divide(A, T) mode by
 * mode: Z = ((L_k's tiles), (L_k's rests, uncovered modes)), `_` giving
 * (L_k, _1:_0). A nested T_k is checked against zipped_divide(A_k, T_k)
 * (by induction over the nesting). Returns 0 after CT_FAILS. */
CT_FN int ct_zip_matches(const ct_layout *A, const ct_tiler *T, const ct_layout *L, const ct_layout *Z,
                          int zip, ct_outcome *o) {
  ct_layout Zs, Ls, Ak, Zk;
  ct_tiler Tk;
  ct_err e;
  int k, r, rl;
  if (ct_size(Z) != ct_size(L)) {
    CT_FAILS(o, "size %lld, logical's %lld", (long long)ct_size(Z), (long long)ct_size(L));
    return 0;
  }
  if (!(T->shape.nd[0].kind == CT_TUPLE && T->shape.nd[0].mark)) {
    if (T->shape.nd[0].kind != CT_ALL) { /* a plain layout: exactly logical's result */
      if (!ct_l_equal(Z, L, 0)) {
        CT_FAILS(o, "zipped %s, logical %s (plain layout)", ct_dv_show(Z), ct_dv_show(L));
        return 0;
      }
      return 1;
    }
    ct_dv_mode(Z, 0, &Zs);
    ct_dv_mode(Z, 1, &Ls);
    if (ct_l_rank(Z) != 2 || !ct_l_equal(&Zs, L, 0) || !ct_dv_is_unit(&Ls)) {
      CT_FAILS(o, "zipped by `_` is %s, want (%s, _1:_0)", ct_dv_show(Z), ct_dv_show(L));
      return 0;
    }
    return 1;
  }
  r = T->shape.nd[0].rank;
  rl = ct_l_rank(L);
  ct_dv_mode(Z, 0, &Zs);
  ct_dv_mode(Z, 1, &Ls);
  if (ct_l_rank(Z) != 2 || ct_l_rank(&Zs) != r || ct_l_rank(&Ls) != rl) {
    CT_FAILS(o, "%s is not ((%d tiles), (%d rests and uncovered modes))", ct_dv_show(Z), r, rl);
    return 0;
  }
  for (k = 0; k < rl; ++k) {
    ct_layout want0, want1, got0, got1;
    ct_dv_mode2(Z, 1, k, &got1);
    if (k >= r) {
      ct_dv_mode(L, k, &want1);
      if (!ct_l_equal(&got1, &want1, 0)) {
        CT_FAILS(o, "rest %d is %s, want the uncovered mode %s", k, ct_dv_show(&got1), ct_dv_show(&want1));
        return 0;
      }
      continue;
    }
    ct_dv_mode2(Z, 0, k, &got0);
    ct_dv_subtiler(T, k, &Tk);
    if (Tk.shape.nd[0].kind == CT_ALL) {
      ct_dv_mode(L, k, &want0);
      ct_l_set_int(&want1, 1, 1, 0, 1);
    } else if (ct_dv_is_tiler(&Tk)) { /* nested: by induction */
      ct_dv_mode(A, k, &Ak);
      if (ct_dv_form(zip, &Ak, &Tk, &Zk, &e) != CT_OK) {
        CT_FAILS(o, "the nested mode %d alone is rejected (%s)", k, ct_code_name(e.code));
        return 0;
      }
      ct_dv_mode(&Zk, 0, &want0);
      ct_dv_mode(&Zk, 1, &want1);
    } else {
      ct_dv_mode2(L, k, 0, &want0);
      ct_dv_mode2(L, k, 1, &want1);
    }
    if (!ct_l_equal(&got0, &want0, 0) || !ct_l_equal(&got1, &want1, 0)) {
      CT_FAILS(o, "mode %d: tile %s, rest %s; want %s, %s", k, ct_dv_show(&got0), ct_dv_show(&got1), ct_dv_show(&want0),
               ct_dv_show(&want1));
      return 0;
    }
  }
  return 1;
}

/* DIV-6: zipped_divide only regroups logical_divide's modes (the table), for
 * the tiler and for its first plain-layout mode on its own. */
CT_FN static void ct_div_6_on(const ct_case *c, const ct_tiler *T, ct_outcome *o) {
  const ct_layout *A = &c->v[0];
  ct_layout Z, L, Ak, Zk, Lk;
  ct_tiler Tk;
  ct_err e;
  ct_code gl;
  int k;
  if (!ct_divt(c, T, CT_DV_ZIPPED, &Z, o)) return;
  gl = ct_logical_divide_tiler(A, T, &L, &e);
  if (gl != CT_OK) {
    CT_FAILS(o, "logical_divide rejected (%s) where zipped_divide accepted", ct_code_name(gl));
    return;
  }
  if (!ct_zip_matches(A, T, &L, &Z, CT_DV_ZIPPED, o)) return;
  k = ct_dv_first_layout_mode(T);
  if (k < 0) return;
  ct_dv_mode(A, k, &Ak);
  ct_dv_subtiler(T, k, &Tk);
  if (ct_zipped_divide(&Ak, &Tk, &Zk, &e) != CT_OK || ct_logical_divide(&Ak, &Tk, &Lk, &e) != CT_OK) {
    CT_FAILS(o, "mode %d divided alone is rejected (%s)", k, ct_code_name(e.code));
    return;
  }
  if (!ct_l_equal(&Zk, &Lk, 0))
    CT_FAILS(o, "zipped_divide(layout<%d>(A), T%d) = %s, logical_divide gives %s", k, k, ct_dv_show(&Zk), ct_dv_show(&Lk));
}

/* DIV-7: layout<0>(zipped_divide(A, T)) is equivalent to composition(A, T),
 * for the tiler and for its first plain-layout mode alone. */
CT_FN static void ct_div_7_on(const ct_case *c, const ct_tiler *T, ct_outcome *o) {
  const ct_layout *A = &c->v[0];
  ct_layout Z, Z0, C, Ak;
  ct_tiler Tk;
  ct_err e;
  int k;
  if (!ct_divt(c, T, CT_DV_ZIPPED, &Z, o)) return;
  ct_dv_mode(&Z, 0, &Z0);
  if (ct_composition_tiler(A, T, &C, &e) != CT_OK) {
    CT_FAILS(o, "composition(A, T) rejected (%s) where zipped_divide accepted", ct_code_name(e.code));
    return;
  }
  if (!ct_l_equivalent(&Z0, &C)) {
    CT_FAILS(o, "layout<0>(zipped_divide) is %s, composition(A, T) is %s", ct_dv_show(&Z0), ct_dv_show(&C));
    return;
  }
  k = ct_dv_first_layout_mode(T);
  if (k < 0) return;
  ct_dv_mode(A, k, &Ak);
  ct_dv_subtiler(T, k, &Tk);
  if (ct_zipped_divide(&Ak, &Tk, &Z, &e) != CT_OK || ct_composition(&Ak, &Tk, &C, &e) != CT_OK) {
    CT_FAILS(o, "mode %d alone is rejected (%s)", k, ct_code_name(e.code));
    return;
  }
  ct_dv_mode(&Z, 0, &Z0);
  if (!ct_l_equivalent(&Z0, &C))
    CT_FAILS(o, "layout<0>(zipped_divide(A%d, T%d)) is %s, composition is %s", k, k, ct_dv_show(&Z0), ct_dv_show(&C));
}

/* tiled and flat forms against Z: same leaves in the same order; ranks. */
CT_FN int ct_unpack_matches(const ct_layout *Z, const ct_layout *Ti, const ct_layout *Fl, ct_outcome *o) {
  ct_layout fz, ft, ff, Z0, Z1;
  ct_err e;
  int r0, r1;
  if (ct_build_failed(ct_l_flatten(Z, &fz, &e), o, "flatten(zipped)") ||
      ct_build_failed(ct_l_flatten(Ti, &ft, &e), o, "flatten(tiled)") ||
      ct_build_failed(ct_l_flatten(Fl, &ff, &e), o, "flatten(flat)"))
    return 0;
  if (!ct_l_equal(&fz, &ft, 0) || !ct_l_equal(&fz, &ff, 0)) {
    CT_FAILS(o, "leaves differ: zipped %s, tiled %s, flat %s", ct_dv_show(Z), ct_dv_show(Ti), ct_dv_show(Fl));
    return 0;
  }
  ct_dv_mode(Z, 0, &Z0);
  ct_dv_mode(Z, 1, &Z1);
  r0 = ct_l_rank(&Z0);
  r1 = ct_l_rank(&Z1);
  if (ct_l_rank(Ti) != 1 + r1 || ct_l_rank(Fl) != r0 + r1) {
    CT_FAILS(o, "ranks: tiled %d (want %d), flat %d (want %d); zipped %s", ct_l_rank(Ti), 1 + r1, ct_l_rank(Fl), r0 + r1,
             ct_dv_show(Z));
    return 0;
  }
  return 1;
}

/* DIV-8: tiled_divide and flat_divide have zipped_divide's leaves; ranks. */
CT_FN static void ct_div_8_on(const ct_case *c, const ct_tiler *T, ct_outcome *o) {
  const ct_layout *A = &c->v[0];
  ct_layout Z, Ti, Fl, Ak;
  ct_tiler Tk;
  ct_err e;
  ct_code g1, g2;
  int k;
  if (!ct_divt(c, T, CT_DV_ZIPPED, &Z, o)) return;
  g1 = ct_tiled_divide(A, T, &Ti, &e);
  g2 = ct_flat_divide(A, T, &Fl, &e);
  if (g1 != CT_OK || g2 != CT_OK) {
    CT_FAILS(o, "tiled_divide: %s, flat_divide: %s where zipped_divide accepted", ct_code_name(g1), ct_code_name(g2));
    return;
  }
  if (!ct_unpack_matches(&Z, &Ti, &Fl, o)) return;
  k = ct_dv_first_layout_mode(T);
  if (k < 0) return;
  ct_dv_mode(A, k, &Ak);
  ct_dv_subtiler(T, k, &Tk);
  if (ct_zipped_divide(&Ak, &Tk, &Z, &e) != CT_OK || ct_tiled_divide(&Ak, &Tk, &Ti, &e) != CT_OK ||
      ct_flat_divide(&Ak, &Tk, &Fl, &e) != CT_OK) {
    CT_FAILS(o, "mode %d alone is rejected (%s)", k, ct_code_name(e.code));
    return;
  }
  ct_unpack_matches(&Z, &Ti, &Fl, o);
}

/* The case's tiler with each layout mode k whose mode of A is a tuple
 * replaced by a nested tiler <D_0, D_1, ...> of divisors of A_k's modes
 * (sometimes `_`), drawn from a generator seeded with the case: the nested
 * tilers the generator does not draw. 0 if no mode could be replaced. */
CT_FN int ct_dv_nested_tiler(const ct_case *c, const ct_layout *A, ct_tiler *out) {
  const ct_tiler *T = &c->v[1];
  ct_rng r;
  ct_gen_params p;
  ct_err e;
  ct_code rc = CT_OK; /* the first building step that fails (too many nodes) */
  int k, j, hs, hd, changed = 0;
  if (!(T->shape.nd[0].kind == CT_TUPLE && T->shape.nd[0].mark)) return 0;
  ct_rng_init(&r, ct_digest_layout(&c->v[0]), ct_digest_layout(T), 0x4E57u);
  ct_gen_default(&p);
  ct_t_clear(&out->shape);
  ct_t_clear(&out->stride);
  ct_step(&rc, ct_t_open(&out->shape, &hs, &e));
  ct_step(&rc, ct_t_open(&out->stride, &hd, &e));
  for (k = 0; k < T->shape.nd[0].rank; ++k) {
    ct_tiler Tk;
    ct_layout Ak;
    ct_dv_subtiler(T, k, &Tk);
    if (k < ct_l_rank(A)) ct_dv_mode(A, k, &Ak);
    if (k < ct_l_rank(A) && !ct_dv_is_tiler(&Tk) && Ak.shape.nd[0].kind == CT_TUPLE && Ak.shape.nd[0].rank >= 2) {
      int h1, h2;
      ct_step(&rc, ct_t_open(&out->shape, &h1, &e));
      ct_step(&rc, ct_t_open(&out->stride, &h2, &e));
      for (j = 0; j < Ak.shape.nd[0].rank; ++j) {
        ct_layout Akj, D;
        if (ct_rng_chance(&r, 1, 5)) {
          ct_step(&rc, ct_t_push_all(&out->shape, &e));
          ct_step(&rc, ct_t_push_all(&out->stride, &e));
          continue;
        }
        ct_dv_mode(&Ak, j, &Akj);
        ct_gen_divisor(&r, &p, &Akj, &D);
        ct_step(&rc, ct_t_push_sub(&out->shape, &D.shape, 0, &e));
        ct_step(&rc, ct_t_push_sub(&out->stride, &D.stride, 0, &e));
      }
      ct_step(&rc, ct_t_close(&out->shape, h1, &e));
      ct_step(&rc, ct_t_close(&out->stride, h2, &e));
      if (rc == CT_OK) out->shape.nd[h1].mark = out->stride.nd[h2].mark = 1;
      changed = 1;
      continue;
    }
    ct_step(&rc, ct_t_push_sub(&out->shape, &Tk.shape, 0, &e));
    ct_step(&rc, ct_t_push_sub(&out->stride, &Tk.stride, 0, &e));
  }
  ct_step(&rc, ct_t_close(&out->shape, hs, &e));
  ct_step(&rc, ct_t_close(&out->stride, hd, &e));
  out->shape.nd[0].mark = out->stride.nd[0].mark = 1;
  return changed && rc == CT_OK;
}

CT_FN static void ct_div_tiler_on(int which, const ct_case *c, const ct_tiler *T, ct_outcome *o) {
  switch (which) {
  case 5: ct_div_5_on(c, T, o); break;
  case 6: ct_div_6_on(c, T, o); break;
  case 7: ct_div_7_on(c, T, o); break;
  default: ct_div_8_on(c, T, o); break;
  }
}

/* A tiler property on the case's tiler, then on its nested variant. */
CT_FN static void ct_div_tiler_prop(int which, const ct_case *c, ct_outcome *o) {
  ct_tiler N;
  ct_outcome o2;
  ct_div_tiler_on(which, c, &c->v[1], o);
  if (o->verdict == CT_FAILED || !ct_dv_nested_tiler(c, &c->v[0], &N)) return;
  ct_outcome_clear(&o2);
  ct_div_tiler_on(which, c, &N, &o2);
  o->digest = ct_mix64(o->digest ^ o2.digest);
  if (o2.verdict == CT_FAILED || o->verdict == CT_SKIPPED) {
    *o = o2;
    o->digest = ct_mix64(o->digest);
  }
}

CT_FN void ct_p_div_5(const ct_case *c, ct_outcome *o) { ct_div_tiler_prop(5, c, o); }
CT_FN void ct_p_div_6(const ct_case *c, ct_outcome *o) { ct_div_tiler_prop(6, c, o); }
CT_FN void ct_p_div_7(const ct_case *c, ct_outcome *o) { ct_div_tiler_prop(7, c, o); }
CT_FN void ct_p_div_8(const ct_case *c, ct_outcome *o) { ct_div_tiler_prop(8, c, o); }

/* ---- error codes (spec/divide.md, Preconditions) ---------------------------------- */

/* The four forms base + 0..3 (CT_DV_LOGICAL: the divides, CT_DV_PRODUCT: the
 * products) of (A, T): those in `mask` (1 logical, 2 zipped, 4 tiled, 8
 * flat) must reject with `want`, the others must accept unless in `loose`. */
CT_FN void ct_dv_expect(const ct_layout *A, const ct_tiler *T, ct_code want, int base, int mask, int loose, ct_outcome *o) {
  ct_layout R;
  ct_err e;
  int f;
  o->digest = 0;
  for (f = 0; f < 4; ++f) {
    ct_code got = ct_dv_form(base + f, A, T, &R, &e);
    ct_code w = (mask >> f & 1) ? want : CT_OK;
    o->digest = ct_mix64(o->digest ^ (got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got)));
    if (got != w && !(loose >> f & 1) && !(ct_code_is_limit(w) && ct_code_is_limit(got))) {
      CT_FAILS(o, "%s(%s, %s): got %s, want %s%s%s", ct_dv_form_name(base + f), ct_dv_show(A), ct_dv_show(T),
               got == CT_OK ? "a result" : ct_code_name(got), w == CT_OK ? "a result" : ct_code_name(w),
               got == CT_OK ? "" : ": ", got == CT_OK ? "" : e.msg);
      return;
    }
  }
}

CT_FN static void ct_div_expect(const ct_layout *A, const ct_tiler *T, ct_code want, int mask, ct_outcome *o) {
  ct_dv_expect(A, T, want, CT_DV_LOGICAL, mask, 0, o);
}

/* filter(B)'s modes (B the case's divisor), or none. Returns 0 when B has
 * no ordered complement (exhaustive runs enumerate every layout, negative
 * strides included): the derivations below assume it has one. */
CT_FN static int ct_div_filtered(const ct_layout *B, ct_modes *m) {
  ct_layout F, G;
  ct_err e;
  m->n = 0;
  if (ct_complement(B, 0, &G, &e) != CT_OK) return 0;
  if (ct_filter(B, &F, &e) != CT_OK) return 0;
  ct_modes_of(&F, 0, m);
  if (m->n == 1 && m->m[0].d == 0) m->n = 0; /* 1:0 */
  return 1;
}

CT_FN void ct_p_div_e_inj(const ct_case *c, ct_outcome *o) {
  ct_modes m;
  ct_layout B;
  ct_err e;
  if (!ct_div_filtered(&c->v[1], &m)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (m.n == 0) ct_modes_push(&m, 2, 0, 1, 0);
  ct_modes_push(&m, 2, 0, m.m[0].d, 0); /* a second mode reaching B's first one's offsets */
  if (ct_build_failed(ct_modes_to_layout(&m, &B, &e), o, "the derived B")) return;
  ct_div_expect(&c->v[0], &B, CT_NOT_INJECTIVE, 15, o);
}

CT_FN void ct_p_div_e_cpl(const ct_case *c, ct_outcome *o) {
  ct_modes m;
  ct_layout B;
  ct_err e;
  int k;
  int64_t top = 1;
  if (!ct_div_filtered(&c->v[1], &m)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (m.n == 0) ct_modes_push(&m, 2, 0, 2, 0);
  for (k = 0; k < m.n; ++k)
    if (m.m[k].s * m.m[k].d > top) top = m.m[k].s * m.m[k].d;
  ct_modes_push(&m, 2, 0, top + 1, 0); /* injective, but the top span does not divide top+1 */
  if (ct_build_failed(ct_modes_to_layout(&m, &B, &e), o, "the derived B")) return;
  ct_div_expect(&c->v[0], &B, CT_NOT_COMPLEMENTABLE, 15, o);
}

CT_FN void ct_p_div_e_neg(const ct_case *c, ct_outcome *o) {
  ct_modes m;
  ct_layout B;
  ct_err e;
  if (!ct_div_filtered(&c->v[1], &m)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (m.n == 0) ct_modes_push(&m, 4, 0, 1, 0);
  m.m[0].d = -m.m[0].d;
  if (ct_build_failed(ct_modes_to_layout(&m, &B, &e), o, "the derived B")) return;
  ct_div_expect(&c->v[0], &B, CT_NEGATIVE_STRIDE, 15, o);
}

/* Digit k < last of A's prepared form with M_k >= min_size and at least two
 * more elements of A above it; P its domain stride. */
CT_FN static int ct_div_digit(const ct_layout *A, int64_t min_size, ct_modes *m, int64_t *P) {
  int k, st;
  int64_t n = ct_size(A);
  ct_comp_prepare(A, m, &st);
  *P = 1;
  for (k = 0; k + 1 < m->n; ++k) {
    if (m->m[k].s >= min_size && n / (*P * m->m[k].s) >= 2) return k;
    *P *= m->m[k].s;
  }
  return -1;
}

/* B = 4:((M-1)*P) on A's last bounded digit M >= 3 (place value P): the
 * tile's values change pattern at 2 and then are not additive at 3, before
 * any index that B* reaches (composition!STRIDE_DIVISIBILITY's case). */
CT_FN void ct_p_div_e_stride(const ct_case *c, ct_outcome *o) {
  ct_modes m;
  ct_layout B;
  int64_t P = 1;
  int k, st;
  ct_comp_prepare(&c->v[0], &m, &st);
  for (k = 0; k + 2 < m.n; ++k) P *= m.m[k].s;
  if (m.n < 2 || m.m[k].s < 3) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_l_set_int(&B, 4, 0, (m.m[k].s - 1) * P, 0);
  ct_div_expect(&c->v[0], &B, CT_STRIDE_DIVISIBILITY, 15, o);
}

/* B = (M_k+1):P: the tile ends inside digit k+1 without filling digit k. */
CT_FN void ct_p_div_e_shape(const ct_case *c, ct_outcome *o) {
  ct_modes m;
  ct_layout B;
  int64_t P;
  int k = ct_div_digit(&c->v[0], 2, &m, &P);
  if (k < 0) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_l_set_int(&B, m.m[k].s + 1, 0, P, 0);
  ct_div_expect(&c->v[0], &B, CT_SHAPE_DIVISIBILITY, 15, o);
}

/* (n,2):(d,d) with n = size(A) >= 3 and B = m:1, m the least non-divisor
 * of n (so 2 <= m < n): the tile is linear, but the first repetition that
 * crosses A's first mode, at coordinates (n - m*c, c) with both non-zero,
 * is not the sum of the two (logical_divide((3,4):(4,1), 2:1) fails so,
 * inside A's domain). */
CT_FN void ct_p_div_e_disj(const ct_case *c, ct_outcome *o) {
  ct_modes m;
  ct_layout A, B;
  ct_err e;
  int k;
  int64_t n = ct_size(&c->v[0]), d = 1, mm;
  if (n < 3) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_modes_of(&c->v[0], 0, &m);
  for (k = 0; k < m.n; ++k)
    if (m.m[k].d != 0) {
      d = m.m[k].d < 0 ? -m.m[k].d : m.m[k].d;
      break;
    }
  for (mm = 2; n % mm == 0; ++mm) {
  }
  m.n = 0;
  ct_modes_push(&m, n, 0, d, 0);
  ct_modes_push(&m, 2, 0, d, 0);
  if (ct_build_failed(ct_modes_to_layout(&m, &A, &e), o, "the derived A")) return;
  ct_l_set_int(&B, mm, 0, 1, 0);
  ct_div_expect(&A, &B, CT_NOT_DISJOINT, 15, o);
}

/* A tiler <_, ..., _> of r modes; the code of building it. */
CT_FN ct_code ct_div_alls(int r, ct_tiler *T) {
  ct_err e;
  ct_code rc = CT_OK;
  int k, hs, hd;
  ct_t_clear(&T->shape);
  ct_t_clear(&T->stride);
  ct_step(&rc, ct_t_open(&T->shape, &hs, &e));
  ct_step(&rc, ct_t_open(&T->stride, &hd, &e));
  for (k = 0; k < r; ++k) {
    ct_step(&rc, ct_t_push_all(&T->shape, &e));
    ct_step(&rc, ct_t_push_all(&T->stride, &e));
  }
  ct_step(&rc, ct_t_close(&T->shape, hs, &e));
  ct_step(&rc, ct_t_close(&T->stride, hd, &e));
  T->shape.nd[0].mark = T->stride.nd[0].mark = 1;
  return rc;
}

CT_FN void ct_p_div_e_many(const ct_case *c, ct_outcome *o) {
  ct_tiler T;
  if (ct_build_failed(ct_div_alls(ct_l_rank(&c->v[0]) + 1, &T), o, "the tiler <_, ..., _>")) return;
  ct_div_expect(&c->v[0], &T, CT_TOO_MANY_MODES, 15, o);
}

/* (size(A)+2):2^62 / 2:1: the rest's stride 2^63 does not fit. */
CT_FN void ct_p_div_e_ovf(const ct_case *c, ct_outcome *o) {
  ct_layout A, B;
  ct_l_set_int(&A, ct_size(&c->v[0]) + 2, 0, (int64_t)1 << 62, 0);
  ct_l_set_int(&B, 2, 0, 1, 0);
  ct_div_expect(&A, &B, CT_OVERFLOW, 15, o);
}

/* L inside one-element tuples until its depth is CT_MAX_DEPTH; 0 if it
 * cannot be. */
CT_FN static int ct_dv_wrap_depth(const ct_layout *L, ct_layout *out) {
  ct_err e;
  ct_l_copy(out, L);
  while (ct_l_depth(out) < CT_MAX_DEPTH) {
    ct_layout W;
    const ct_layout *parts[1];
    parts[0] = out;
    if (ct_l_concat(parts, 1, &W, &e) != CT_OK) return 0;
    ct_l_copy(out, &W);
  }
  return ct_l_depth(out) == CT_MAX_DEPTH;
}

/* L with _1:_0 modes appended up to rank R (CuTe's append<R>, built in one
 * pass rather than one mode at a time: issue 16); 0 if it cannot be. */
CT_FN int ct_dv_pad_rank(const ct_layout *L, int R, ct_layout *out) {
  ct_layout one;
  ct_err e;
  ct_l_set_int(&one, 1, 1, 0, 1);
  if (ct_l_append_n(L, R, &one, out, &e) != CT_OK) return 0;
  return ct_l_rank(out) == R;
}

/* Appends the mode x0:y0 (pair 0) or (x0,x1):(y0,y1) to the open tuples S:D. */
CT_FN static ct_code ct_dv_push_mode(ct_tuple *S, ct_tuple *D, int pair, int64_t x0, int64_t y0, int64_t x1, int64_t y1,
                                     ct_err *e) {
  int h1, h2;
  if (!pair) {
    CT_TRY(ct_t_push_int(S, x0, 0, e));
    return ct_t_push_int(D, y0, 0, e);
  }
  CT_TRY(ct_t_open(S, &h1, e));
  CT_TRY(ct_t_open(D, &h2, e));
  CT_TRY(ct_t_push_int(S, x0, 0, e));
  CT_TRY(ct_t_push_int(D, y0, 0, e));
  CT_TRY(ct_t_push_int(S, x1, 0, e));
  CT_TRY(ct_t_push_int(D, y1, 0, e));
  CT_TRY(ct_t_close(S, h1, e));
  return ct_t_close(D, h2, e);
}

/* The inputs of the CAPACITY checks (divide: product 0; product: 1), with r
 * = min(CT_MAX_RANK, (CT_MAX_NODES-1)/3) modes, s_k from L's leaves, so that
 * they fit (3 nodes a mode at most) while each mode of the result takes 5,
 * more than CT_MAX_NODES in all four forms:
 *   divide:  A = ((s,2):(1,s), ...), T = <(s,1):(1,0), ...>, modes ((s,1),2);
 *   product: A = (s:1, ...),         T = <(2,1):(1,0), ...>, modes (s,(2,1)).
 * 0 where L has no leaf or a build step fails (it should not). */
CT_FN static int ct_dv_cap_inputs(const ct_layout *L, int product, ct_layout *A, ct_tiler *T) {
  ct_modes m;
  ct_err e;
  int k, ha, hb, ht, hu, bad = 0;
  int r = (CT_MAX_NODES - 1) / 3 < CT_MAX_RANK ? (CT_MAX_NODES - 1) / 3 : CT_MAX_RANK;
  ct_modes_of(L, 0, &m);
  if (m.n == 0) return 0; /* (): no leaf to repeat (a shrunk or regression case) */
  ct_t_clear(&A->shape);
  ct_t_clear(&A->stride);
  ct_t_clear(&T->shape);
  ct_t_clear(&T->stride);
  bad |= ct_t_open(&A->shape, &ha, &e) != CT_OK || ct_t_open(&A->stride, &hb, &e) != CT_OK;
  bad |= ct_t_open(&T->shape, &ht, &e) != CT_OK || ct_t_open(&T->stride, &hu, &e) != CT_OK;
  for (k = 0; k < r && !bad; ++k) {
    int64_t s = m.m[k % m.n].s;
    if (product) {
      bad |= ct_dv_push_mode(&A->shape, &A->stride, 0, s, 1, 0, 0, &e) != CT_OK;
      bad |= ct_dv_push_mode(&T->shape, &T->stride, 1, 2, 1, 1, 0, &e) != CT_OK;
    } else {
      if (s < 2) s = 2;
      bad |= ct_dv_push_mode(&A->shape, &A->stride, 1, s, 1, 2, s, &e) != CT_OK;
      bad |= ct_dv_push_mode(&T->shape, &T->stride, 1, s, 1, 1, 0, &e) != CT_OK;
    }
  }
  bad |= bad || ct_t_close(&A->shape, ha, &e) != CT_OK || ct_t_close(&A->stride, hb, &e) != CT_OK;
  bad |= bad || ct_t_close(&T->shape, ht, &e) != CT_OK || ct_t_close(&T->stride, hu, &e) != CT_OK;
  if (bad) return 0;
  T->shape.nd[0].mark = T->stride.nd[0].mark = 1;
  return 1;
}

/* The representation-limit checks of the divides (base CT_DV_LOGICAL) and
 * the products (CT_DV_PRODUCT), with the tiler <_> where not said otherwise:
 *   DEPTH_LIMIT: (X) of depth CT_MAX_DEPTH (A inside one-element tuples).
 *     zipped and tiled put X's mode two levels down (((X0), (_1)), ((X0), _1)):
 *     one level too many; logical keeps (X). The flat form's (X0, _1) would
 *     fit, but the reference builds it from the zipped form and rejects it
 *     too (spec/divide.md: the code is for a result past the bounds), so it
 *     is not checked (loose).
 *   RANK_LIMIT: A padded with _1:_0 to CT_MAX_RANK modes: tiled and flat
 *     would have CT_MAX_RANK + 1 modes; logical and zipped fit.
 *   CAPACITY: the inputs of ct_dv_cap_inputs, past CT_MAX_NODES in all four
 *     forms. */
CT_FN void ct_dv_expect_limit(const ct_case *c, ct_code want, int base, ct_outcome *o) {
  ct_layout X;
  ct_tiler T;
  int ok = want == CT_DEPTH_LIMIT  ? ct_dv_wrap_depth(&c->v[0], &X)
           : want == CT_RANK_LIMIT ? ct_dv_pad_rank(&c->v[0], CT_MAX_RANK, &X)
                                   : ct_dv_cap_inputs(&c->v[0], base == CT_DV_PRODUCT, &X, &T);
  if (!ok) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (want != CT_CAPACITY && ct_build_failed(ct_div_alls(1, &T), o, "the tiler <_>")) return;
  if (want == CT_DEPTH_LIMIT) ct_dv_expect(&X, &T, want, base, 2 | 4, 8, o);
  else if (want == CT_RANK_LIMIT) ct_dv_expect(&X, &T, want, base, 4 | 8, 0, o);
  else ct_dv_expect(&X, &T, want, base, 15, 0, o);
}

CT_FN void ct_p_div_e_depth(const ct_case *c, ct_outcome *o) { ct_dv_expect_limit(c, CT_DEPTH_LIMIT, CT_DV_LOGICAL, o); }
CT_FN void ct_p_div_e_rank(const ct_case *c, ct_outcome *o) { ct_dv_expect_limit(c, CT_RANK_LIMIT, CT_DV_LOGICAL, o); }
CT_FN void ct_p_div_e_cap(const ct_case *c, ct_outcome *o) { ct_dv_expect_limit(c, CT_CAPACITY, CT_DV_LOGICAL, o); }
