/* judge_tiled_copy.c -- judges of spec/tiled_copy.md: TCOPY-1..TCOPY-5.
 * The atom is PTX's formula (ct_copy_at) read in elements; the tiled
 * layout TV is given; each (t, v) of L is recomputed (TCOPY-2) or the tile
 * counted (TCOPY-3): none of them reads ref/tiled_copy.c's construction. */
#include "judge/judge_tiled_copy.h"

/* The atom in elements: threads Ta, values Vx (side which), Vr (reference);
 * 0 where a->bits does not divide the atom's bits. */
typedef struct {
  const ct_tcopy_atom *a;
  int which;
  int64_t Ta, Vx, Vr, T, V;
} ct_jc;

CT_FN static int ct_jc_init(const ct_tcopy_atom *a, const ct_layout *TV, int which, ct_jc *x) {
  int64_t vx = ct_copy_values(a->st, a->num, which), vr = ct_copy_values(a->st, a->num, CT_COPY_REF);
  x->a = a;
  x->which = which;
  x->Ta = ct_copy_threads(a->st);
  if (a->bits < 1 || vx % a->bits != 0 || vr % a->bits != 0) return 0;
  x->Vx = vx / a->bits;
  x->Vr = vr / a->bits;
  if (!ct_j_tv_sizes(TV, &x->T, &x->V)) return 0;
  return x->T % x->Ta == 0 && x->V % x->Vr == 0;
}

/* The atom's element that side `which` moves as thread t's element w. */
CT_FN static int64_t ct_jc_elem(const ct_jc *x, int which, int64_t t, int64_t w) {
  return ct_copy_at(x->a->st, x->a->num, x->a->trans, which, (int)t, (int)(x->a->bits * w)) / x->a->bits;
}

/* inv[e] := ta + Ta*va, the reference's holder of element e; 0 when the
 * atom is too large for the table. */
CT_FN static int ct_jc_ref_inverse(const ct_jc *x, int16_t *inv) {
  int64_t n = x->Ta * x->Vr, i;
  if (n > CT_TCOPY_ATOM_MAX) return 0;
  for (i = 0; i < n; ++i) inv[i] = -1;
  for (i = 0; i < n; ++i) {
    int64_t e = ct_jc_elem(x, CT_COPY_REF, i % x->Ta, i / x->Ta);
    if (e < 0 || e >= n) return 0;
    inv[e] = (int16_t)i;
  }
  return 1;
}

CT_FN ct_jstatus ct_judge_tcopy_1(const ct_tcopy_atom *a, const ct_layout *TV, int which, const ct_layout *L,
                                  ct_judgement *j) {
  ct_jc x;
  int64_t T, V;
  if (!ct_jc_init(a, TV, which, &x)) return ct_j_unchecked(j, "TCOPY-1");
  if (!ct_j_tv_sizes(L, &T, &V)) return CT_J_VIOLATES(j, "TCOPY-1", "the layout is no (thread, value) pair of modes");
  if (T != x.T || V != x.Vx * (x.V / x.Vr))
    return CT_J_VIOLATES(j, "TCOPY-1", "%lld threads x %lld values, want %lld x %lld", (long long)T, (long long)V,
                         (long long)x.T, (long long)(x.Vx * (x.V / x.Vr)));
  return ct_j_holds(j, "TCOPY-1");
}

CT_FN ct_jstatus ct_judge_tcopy_2(const ct_tcopy_atom *a, const ct_layout *TV, int which, const ct_layout *L,
                                  int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH int16_t inv[CT_TCOPY_ATOM_MAX];
  ct_jc x;
  int64_t T, V, i;
  ct_leaf_form F, G;
  if (!ct_jc_init(a, TV, which, &x) || !ct_jc_ref_inverse(&x, inv)) return ct_j_unchecked(j, "TCOPY-2");
  if (!ct_j_tv_sizes(L, &T, &V) || T != x.T || V != x.Vx * (x.V / x.Vr))
    return CT_J_VIOLATES(j, "TCOPY-2", "the layout is no %lld threads x %lld values", (long long)x.T,
                         (long long)(x.Vx * (x.V / x.Vr)));
  if (T * V > bound) return ct_j_unchecked(j, "TCOPY-2");
  ct_lf_init(&F, L);
  ct_lf_init(&G, TV);
  for (i = 0; i < T * V; ++i) {
    int64_t t = i % T, v = i / T, ts = t % x.Ta, rt = t / x.Ta, vs = v % x.Vx, rv = v / x.Vx;
    int64_t e = ct_jc_elem(&x, which, ts, vs), h, want, got;
    if (e < 0 || e >= x.Ta * x.Vr || inv[e] < 0) return ct_j_unchecked(j, "TCOPY-2");
    h = inv[e]; /* the reference's (ta, va) */
    want = ct_j_at_form(&G, h % x.Ta + x.Ta * rt + x.T * (h / x.Ta + x.Vr * rv));
    got = ct_j_at_form(&F, i);
    if (got != want)
      return CT_J_VIOLATES_AT(j, "TCOPY-2", i,
                              "L(%lld, %lld) = %lld; the atom's element %lld is the reference's (%lld, %lld), "
                              "in the tile %lld",
                              (long long)t, (long long)v, (long long)got, (long long)e, (long long)(h % x.Ta),
                              (long long)(h / x.Ta), (long long)want);
  }
  return ct_j_holds(j, "TCOPY-2");
}

CT_FN ct_jstatus ct_judge_tcopy_3(const ct_tcopy_atom *a, const ct_layout *TV, int which, const ct_layout *L,
                                  int64_t n, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH int16_t cnt[CT_TCOPY_TILE_MAX];
  ct_jc x;
  int64_t T, V, i, y, rho;
  ct_leaf_form F;
  if (!ct_jc_init(a, TV, which, &x) || x.Vx % x.Vr != 0) return ct_j_unchecked(j, "TCOPY-3");
  rho = x.Vx / x.Vr;
  if (!ct_j_tv_sizes(L, &T, &V)) return CT_J_VIOLATES(j, "TCOPY-3", "the layout is no (thread, value) pair of modes");
  if (n > CT_TCOPY_TILE_MAX || x.T * x.V > bound || T * V > bound || rho * x.T * x.V > 30000)
    return ct_j_unchecked(j, "TCOPY-3");
  if (T * V != rho * x.T * x.V)
    return CT_J_VIOLATES(j, "TCOPY-3", "%lld (thread, value) pairs, the tiled layout's %lld times %lld",
                         (long long)(T * V), (long long)(x.T * x.V), (long long)rho);
  for (i = 0; i < n; ++i) cnt[i] = 0;
  /* rho for every pair of TV, then -1 for every pair of L: all 0 at the end */
  ct_lf_init(&F, TV);
  for (i = 0; i < x.T * x.V; ++i) {
    y = ct_j_at_form(&F, i);
    if (y < 0 || y >= n) return ct_j_unchecked(j, "TCOPY-3"); /* the tiled layout leaves the tile */
    cnt[y] = (int16_t)(cnt[y] + rho);
  }
  ct_lf_init(&F, L);
  for (i = 0; i < T * V; ++i) {
    y = ct_j_at_form(&F, i);
    if (y < 0 || y >= n || cnt[y] == 0)
      return CT_J_VIOLATES_AT(j, "TCOPY-3", i,
                              "(t, v) = (%lld, %lld) gives %lld: outside [0, %lld) or held more than %lld times the "
                              "tiled layout's",
                              (long long)(i % T), (long long)(i / T), (long long)y, (long long)n, (long long)rho);
    --cnt[y];
  }
  /* as many pairs as wanted in all, none over: none under */
  return ct_j_holds(j, "TCOPY-3");
}

CT_FN ct_jstatus ct_judge_tcopy_4(const ct_tcopy_atom *a, const ct_layout *TV, const ct_layout *S,
                                  const ct_layout *D, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH int32_t tab[CT_TCOPY_ATOM_MAX];
  ct_jc xs, xd;
  int64_t T, V, n, rt, rv, ts, vs, e, y;
  if (!ct_jc_init(a, TV, CT_COPY_SRC, &xs) || !ct_jc_init(a, TV, CT_COPY_DST, &xd)) return ct_j_unchecked(j, "TCOPY-4");
  n = xs.Ta * xs.Vr; /* the atom's elements */
  if (n > CT_TCOPY_ATOM_MAX || xs.T * (xs.Vx + xd.Vx) * (xs.V / xs.Vr) > bound) return ct_j_unchecked(j, "TCOPY-4");
  if (!ct_j_tv_sizes(S, &T, &V) || T != xs.T || V != xs.Vx * (xs.V / xs.Vr) || !ct_j_tv_sizes(D, &T, &V) ||
      T != xd.T || V != xd.Vx * (xd.V / xd.Vr))
    return CT_J_VIOLATES(j, "TCOPY-4", "the source or destination has other sizes than the tiled copy's");
  for (rt = 0; rt < xs.T / xs.Ta; ++rt)
    for (rv = 0; rv < xs.V / xs.Vr; ++rv) {
      for (e = 0; e < n; ++e) tab[e] = -1;
      for (ts = 0; ts < xs.Ta; ++ts)
        for (vs = 0; vs < xs.Vx; ++vs) {
          e = ct_jc_elem(&xs, CT_COPY_SRC, ts, vs);
          y = ct_j_at(S, ts + xs.Ta * rt + xs.T * (vs + xs.Vx * rv));
          if (e < 0 || e >= n) return ct_j_unchecked(j, "TCOPY-4");
          if (tab[e] >= 0 && tab[e] != y)
            return CT_J_VIOLATES(j, "TCOPY-4", "two source values of the atom's element %lld read %d and %lld",
                                 (long long)e, (int)tab[e], (long long)y);
          tab[e] = (int32_t)y;
        }
      for (ts = 0; ts < xd.Ta; ++ts)
        for (vs = 0; vs < xd.Vx; ++vs) {
          int64_t i = ts + xd.Ta * rt + xd.T * (vs + xd.Vx * rv);
          e = ct_jc_elem(&xd, CT_COPY_DST, ts, vs);
          y = ct_j_at(D, i);
          if (e < 0 || e >= n) return ct_j_unchecked(j, "TCOPY-4");
          if (tab[e] != y)
            return CT_J_VIOLATES(j, "TCOPY-4",
                                 "destination (%lld, %lld) writes %lld; the source of the atom's element %lld "
                                 "reads %d",
                                 (long long)(i % xd.T), (long long)(i / xd.T), (long long)y, (long long)e, (int)tab[e]);
        }
    }
  return ct_j_holds(j, "TCOPY-4");
}

CT_FN ct_jstatus ct_judge_tcopy_5(const ct_tcopy_atom *a, const ct_layout *TV, int which, const ct_layout *L,
                                  int64_t bound, ct_judgement *j) {
  ct_jc x;
  int64_t T, V, i;
  ct_leaf_form F, G;
  if (!ct_jc_init(a, TV, which, &x)) return ct_j_unchecked(j, "TCOPY-5");
  if (x.Vx != x.Vr) return ct_j_holds(j, "TCOPY-5"); /* no reference side */
  for (i = 0; i < x.Ta * x.Vr; ++i)
    if (ct_jc_elem(&x, which, i % x.Ta, i / x.Ta) != ct_jc_elem(&x, CT_COPY_REF, i % x.Ta, i / x.Ta))
      return ct_j_holds(j, "TCOPY-5"); /* side `which` is not the reference */
  if (!ct_j_tv_sizes(L, &T, &V) || T != x.T || V != x.V)
    return CT_J_VIOLATES(j, "TCOPY-5", "the layout is no %lld threads x %lld values", (long long)x.T,
                         (long long)x.V);
  if (T * V > bound) return ct_j_unchecked(j, "TCOPY-5");
  ct_lf_init(&F, L);
  ct_lf_init(&G, TV);
  for (i = 0; i < T * V; ++i) {
    int64_t got = ct_j_at_form(&F, i), want = ct_j_at_form(&G, i);
    if (got != want)
      return CT_J_VIOLATES_AT(j, "TCOPY-5", i, "L(%lld, %lld) = %lld, the tiled layout's %lld", (long long)(i % T),
                              (long long)(i / T), (long long)got, (long long)want);
  }
  return ct_j_holds(j, "TCOPY-5");
}

CT_FN ct_jstatus ct_judge_tcopy_7(const ct_layout *C, int64_t M, int64_t Vs, const ct_layout *TV, const ct_layout *t0,
                                  const ct_layout *t1, int64_t bound, ct_judgement *j) {
  int64_t T, V, T2, V2, n0, n1, i, k;
  if (!ct_j_tv_sizes(C, &T, &V) || !ct_j_tv_sizes(TV, &T2, &V2)) return ct_j_unchecked(j, "TCOPY-7");
  if (T2 != T || V2 != Vs)
    return CT_J_VIOLATES(j, "TCOPY-7", "%lld threads x %lld values, want %lld x %lld", (long long)T2, (long long)V2,
                         (long long)T, (long long)Vs);
  n0 = ct_j_size(t0);
  n1 = ct_j_size(t1);
  if (n0 < 1 || n1 < 1 || T * Vs > bound || n0 * n0 + n1 * n1 > bound) return ct_j_unchecked(j, "TCOPY-7");
  for (i = 0; i < n0; ++i) /* the tiler's modes are injective: a sub-tile, no element twice */
    for (k = 0; k < i; ++k)
      if (ct_j_at(t0, i) == ct_j_at(t0, k)) return CT_J_VIOLATES(j, "TCOPY-7", "the tiler's rows repeat row %lld", (long long)ct_j_at(t0, i));
  for (i = 0; i < n1; ++i)
    for (k = 0; k < i; ++k)
      if (ct_j_at(t1, i) == ct_j_at(t1, k)) return CT_J_VIOLATES(j, "TCOPY-7", "the tiler's columns repeat column %lld", (long long)ct_j_at(t1, i));
  for (i = 0; i < T * Vs; ++i) {
    int64_t y = ct_j_at(TV, i), want = ct_j_at(C, i), got;
    if (y < 0 || y >= n0 * n1)
      return CT_J_VIOLATES_AT(j, "TCOPY-7", i, "TV(%lld, %lld) = %lld, outside the sub-tile of %lld x %lld",
                              (long long)(i % T), (long long)(i / T), (long long)y, (long long)n0, (long long)n1);
    got = ct_j_at(t0, y % n0) + M * ct_j_at(t1, y / n0);
    if (got != want)
      return CT_J_VIOLATES_AT(j, "TCOPY-7", i, "TV(%lld, %lld) = %lld reads the MMA's element %lld, C holds %lld there",
                              (long long)(i % T), (long long)(i / T), (long long)y, (long long)got, (long long)want);
  }
  return ct_j_holds(j, "TCOPY-7");
}

/* The data index of tile index y through the tiler t (rank r = rank(data)):
 * y read colexicographically in (size(t_0), ...), mode k's coordinate
 * t_k(y_k), the coordinates read colexicographically in data's mode sizes;
 * -1 where a coordinate lies outside its mode. */
CT_FN static int64_t ct_j_cotiled_index(const ct_layout *tiler, const ct_layout *data, int r, int64_t y) {
  int64_t idx = 0, prod = 1, n, s, c;
  ct_layout m;
  ct_err e;
  int k;
  for (k = 0; k < r; ++k) {
    if (ct_l_mode(tiler, &k, 1, &m, &e) != CT_OK || ct_l_mode_size(data, k, &s, &e) != CT_OK) return -1;
    n = ct_j_size(&m);
    if (n < 1) return -1;
    c = ct_j_at(&m, y % n);
    y /= n;
    if (c < 0 || c >= s) return -1;
    idx += c * prod;
    prod *= s;
  }
  return y == 0 ? idx : -1;
}

CT_FN ct_jstatus ct_judge_tcopy_12(const ct_layout *atom_tv, const ct_layout *data, const ct_layout *TV,
                                   const ct_layout *tiler, int64_t bound, ct_judgement *j) {
  int64_t T, V, T2, V2, i, idx;
  int r = ct_l_rank(data);
  if (!ct_j_tv_sizes(atom_tv, &T, &V) || !ct_j_tv_sizes(TV, &T2, &V2)) return ct_j_unchecked(j, "TCOPY-12");
  if (T2 != T || V2 != V)
    return CT_J_VIOLATES(j, "TCOPY-12", "%lld threads x %lld values, the atom's TV layout has %lld x %lld",
                         (long long)T2, (long long)V2, (long long)T, (long long)V);
  if (ct_l_rank(tiler) != r)
    return CT_J_VIOLATES(j, "TCOPY-12", "the tiler has %d modes, the data layout %d", ct_l_rank(tiler), r);
  if (T * V > bound) return ct_j_unchecked(j, "TCOPY-12");
  for (i = 0; i < T * V; ++i) {
    idx = ct_j_cotiled_index(tiler, data, r, ct_j_at(TV, i));
    if (idx < 0)
      return CT_J_VIOLATES_AT(j, "TCOPY-12", i, "TV(%lld, %lld) = %lld is no coordinate of the data through the tiler",
                              (long long)(i % T), (long long)(i / T), (long long)ct_j_at(TV, i));
    if (ct_j_at(data, idx) != ct_j_at(atom_tv, i))
      return CT_J_VIOLATES_AT(j, "TCOPY-12", i, "(%lld, %lld): the data holds %lld at its tile coordinate, the atom points to %lld",
                              (long long)(i % T), (long long)(i / T), (long long)ct_j_at(data, idx),
                              (long long)ct_j_at(atom_tv, i));
  }
  return ct_j_holds(j, "TCOPY-12");
}

CT_FN ct_jstatus ct_judge_tcopy_13(const ct_layout *data, const ct_layout *TV, const ct_layout *tiler,
                                   ct_judgement *j) {
  uint8_t seen[CT_TCOPY_SEEN_MAX], held[CT_TCOPY_SEEN_MAX];
  int64_t n, s, i, y, sz, below = 1;
  ct_layout m;
  ct_err e;
  int k, r = ct_l_rank(data);
  if (ct_l_rank(tiler) != r)
    return CT_J_VIOLATES(j, "TCOPY-13", "the tiler has %d modes, the data layout %d", ct_l_rank(tiler), r);
  sz = ct_j_size(TV);
  for (k = 0; k < r; ++k) {
    if (ct_l_mode(tiler, &k, 1, &m, &e) != CT_OK || ct_l_mode_size(data, k, &s, &e) != CT_OK)
      return ct_j_unchecked(j, "TCOPY-13");
    n = ct_j_size(&m);
    if (n < 1 || n > CT_TCOPY_SEEN_MAX || s > CT_TCOPY_SEEN_MAX) return ct_j_unchecked(j, "TCOPY-13");
    for (i = 0; i < s; ++i) held[i] = 0;
    for (i = 0; i < n; ++i) { /* t_k: distinct coordinates of data's mode k */
      int64_t c = ct_j_at(&m, i);
      if (c < 0 || c >= s)
        return CT_J_VIOLATES(j, "TCOPY-13", "tiler mode %d holds %lld, outside the data's mode of %lld", k, (long long)c,
                             (long long)s);
      if (held[c]) return CT_J_VIOLATES(j, "TCOPY-13", "tiler mode %d holds %lld twice", k, (long long)c);
      held[c] = 1;
      seen[i] = 0;
    }
    for (i = 0; i < sz; ++i) { /* every coordinate of t_k is one the atom reaches */
      y = ct_j_at(TV, i) / below;
      if (y >= 0) seen[y % n] = 1;
    }
    for (i = 0; i < n; ++i)
      if (!seen[i])
        return CT_J_VIOLATES(j, "TCOPY-13", "tiler mode %d holds coordinate %lld, which no (thread, value) reaches", k,
                             (long long)ct_j_at(&m, i));
    below *= n;
  }
  return ct_j_holds(j, "TCOPY-13");
}
