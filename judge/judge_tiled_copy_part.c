/* judge_tiled_copy_part.c -- judges of spec/tiled_copy.md's partitions:
 * TCOPY-8 (tidfrg), TCOPY-9 and TCOPY-10 (get_slice(t).partition_S/_D),
 * TCOPY-11 (retile). Each recomputes the element from the side's TV layout
 * and the tile by integer arithmetic on coordinates, or counts values. */
#include "judge/judge_tiled_copy.h"

/* X's top-level mode sizes n[i] and the tile t[i] over them (1 past the
 * tile's rank). */
typedef struct {
  int r;
  int64_t n[CT_MAX_RANK], t[CT_MAX_RANK];
  int64_t tiles, rests;
  const int32_t *map; /* a tiler of layouts: mode i's coordinate at (y, r), i < rm */
  int rm;
} ct_jp;

/* The most modes of a tiler of layouts the judges tabulate. */
#define CT_JP_TL_RANK 4

CT_FN static int ct_jp_init(const ct_layout *X, const int64_t *tile, int rt, ct_jp *p) {
  int i;
  p->r = X->shape.nd[0].kind == CT_TUPLE ? ct_l_rank(X) : 1;
  if (rt > p->r || p->r > CT_MAX_RANK) return 0;
  p->tiles = p->rests = 1;
  for (i = 0; i < p->r; ++i) {
    ct_layout M;
    ct_val s;
    ct_err e;
    if (p->r == 1)
      ct_l_copy(&M, X);
    else if (ct_l_mode(X, &i, 1, &M, &e) != CT_OK)
      return 0;
    if (ct_l_size(&M, &s, &e) != CT_OK) return 0;
    p->n[i] = s.v;
    p->t[i] = i < rt ? tile[i] : 1;
    if (p->t[i] < 1 || p->n[i] % p->t[i] != 0) return 0;
    p->tiles *= p->t[i];
    p->rests *= p->n[i] / p->t[i];
  }
  p->map = 0;
  p->rm = 0;
  return 1;
}

/* A tiler of layouts <t_0, ...> over X's modes (make_tiled_copy_C_atom's,
 * make_cotiled_copy's): mode i's coordinate at (tile element y, tile r) is
 * t_i(y) + c_r, c_r the r-th smallest origin of the translates of t_i's
 * image that tile [0, n_i) (CuTe's logical_divide by t_i and its
 * complement, whose values ascend). The origins are found one by one, each
 * the smallest index no translate covers yet (the smallest uncovered index
 * is an origin, t_i(0) = 0 the least of t_i's values). tab[i *
 * CT_TCOPY_COVER_MAX + y + m_i r] := that coordinate. 0 where t_i's
 * translates do not tile [0, n_i) or the tables are too small. */
CT_FN static int ct_jp_init_tiler(const ct_layout *X, const ct_layout *Tl, int32_t *tab, uint8_t *cov, ct_jp *p) {
  int64_t m[CT_JP_TL_RANK] = {1, 1, 1, 1}, i, x, y, r, v;
  int rt = Tl->shape.nd[0].kind == CT_TUPLE ? ct_l_rank(Tl) : 1, k;
  ct_layout ti[CT_JP_TL_RANK];
  ct_err e;
  if (rt > CT_JP_TL_RANK) return 0;
  for (k = 0; k < rt; ++k) {
    if (rt == 1)
      ct_l_copy(&ti[k], Tl);
    else if (ct_l_mode(Tl, &k, 1, &ti[k], &e) != CT_OK)
      return 0;
    m[k] = ct_j_size(&ti[k]);
  }
  if (!ct_jp_init(X, m, rt, p)) return 0;
  for (k = 0; k < rt; ++k) {
    int32_t *t = tab + (int64_t)k * CT_TCOPY_COVER_MAX;
    if (p->n[k] > CT_TCOPY_COVER_MAX) return 0;
    for (i = 0; i < p->n[k]; ++i) cov[i] = 0;
    for (x = 0, r = 0; r < p->n[k] / m[k]; ++r) {
      while (x < p->n[k] && cov[x]) ++x;
      if (x >= p->n[k]) return 0;
      for (y = 0; y < m[k]; ++y) {
        v = x + ct_j_at(&ti[k], y);
        if (v < 0 || v >= p->n[k] || cov[v]) return 0;
        cov[v] = 1;
        t[y + m[k] * r] = (int32_t)v;
      }
    }
  }
  p->map = tab;
  p->rm = rt;
  return 1;
}

/* X's index of tile element y in tile rr. */
CT_FN static int64_t ct_jp_index(const ct_jp *p, int64_t y, int64_t rr) {
  int64_t idx = 0, w = 1, q;
  int i;
  for (i = 0; i < p->r; ++i) {
    q = p->n[i] / p->t[i];
    if (i < p->rm) /* a tiler of layouts' mode */
      idx += p->map[(int64_t)i * CT_TCOPY_COVER_MAX + y % p->t[i] + p->t[i] * (rr % q)] * w;
    else
      idx += (y % p->t[i] + p->t[i] * (rr % q)) * w;
    y /= p->t[i];
    rr /= q;
    w *= p->n[i];
  }
  return idx;
}

/* p over X by the tile of sizes (tiler 0) or the tiler of layouts. */
CT_FN static int ct_jp_of(const ct_layout *X, const int64_t *tile, int rt, const ct_layout *tiler, ct_jp *p) {
  CT_JUDGE_SCRATCH int32_t tab[CT_JP_TL_RANK * CT_TCOPY_COVER_MAX];
  CT_JUDGE_SCRATCH uint8_t cov[CT_TCOPY_COVER_MAX];
  return tiler ? ct_jp_init_tiler(X, tiler, tab, cov, p) : ct_jp_init(X, tile, rt, p);
}

CT_FN ct_jstatus ct_judge_tcopy_8(const ct_layout *L, const int64_t *tile, int rt, const ct_layout *tiler,
                                  const ct_layout *X, const ct_layout *D, int64_t bound, ct_judgement *j) {
  ct_jp p;
  int64_t T, V, i, n, y, want, got;
  if (!ct_jp_of(X, tile, rt, tiler, &p) || !ct_j_tv_sizes(L, &T, &V)) return ct_j_unchecked(j, "TCOPY-8");
  n = T * V * p.rests;
  if (ct_l_rank(D) != 3 || ct_j_size(D) != n)
    return CT_J_VIOLATES(j, "TCOPY-8", "not (thread, value, rest) of %lld x %lld x %lld", (long long)T, (long long)V,
                         (long long)p.rests);
  for (i = 0; i < n && i < bound; ++i) {
    y = ct_j_at(L, i % (T * V));
    if (y < 0 || y >= p.tiles) return ct_j_unchecked(j, "TCOPY-8"); /* L leaves the tile: TCOPY-3's */
    want = ct_j_at(X, ct_jp_index(&p, y, i / (T * V)));
    got = ct_j_at(D, i);
    if (got != want)
      return CT_J_VIOLATES_AT(j, "TCOPY-8", i, "(t, v, rest) = (%lld, %lld, %lld) gives %lld, X there is %lld",
                              (long long)(i % T), (long long)((i / T) % V), (long long)(i / (T * V)), (long long)got,
                              (long long)want);
  }
  return ct_j_holds(j, "TCOPY-8");
}

CT_FN ct_jstatus ct_judge_tcopy_9(const ct_layout *L, const int64_t *tile, int rt, const ct_layout *tiler, int64_t t,
                                  const ct_composed *X, const ct_composed *R, int64_t bound, ct_judgement *j) {
  ct_jp p;
  ct_err e;
  int64_t T, V, i, n, y, want, got;
  if (!ct_jp_of(&X->inner, tile, rt, tiler, &p) || !ct_j_tv_sizes(L, &T, &V) || t < 0 || t >= T)
    return ct_j_unchecked(j, "TCOPY-9");
  n = V * p.rests;
  if (ct_j_size(&R->inner) != n)
    return CT_J_VIOLATES(j, "TCOPY-9", "size %lld, not the %lld values x %lld tiles", (long long)ct_j_size(&R->inner),
                         (long long)V, (long long)p.rests);
  for (i = 0; i < n && i < bound; ++i) {
    y = ct_j_at(L, t + T * (i % V));
    if (y < 0 || y >= p.tiles) return ct_j_unchecked(j, "TCOPY-9");
    if (ct_cl_eval(X, ct_jp_index(&p, y, i / V), &want, &e) != CT_OK || ct_cl_eval(R, i, &got, &e) != CT_OK)
      return ct_j_unchecked(j, "TCOPY-9");
    if (got != want)
      return CT_J_VIOLATES_AT(j, "TCOPY-9", i, "thread %lld, (v, rest) = (%lld, %lld) gives %lld, X there is %lld",
                              (long long)t, (long long)(i % V), (long long)(i / V), (long long)got, (long long)want);
  }
  return ct_j_holds(j, "TCOPY-9");
}

CT_FN int ct_judge_tcopy_10_start(const ct_composed *X, int64_t rho, int32_t *cnt) {
  ct_err e;
  int64_t i, n = ct_j_size(&X->inner), x;
  for (i = 0; i < CT_TCOPY_COVER_MAX; ++i) cnt[i] = 0;
  if (n < 0 || n > CT_TCOPY_COVER_MAX) return 0;
  for (i = 0; i < n; ++i) {
    if (ct_cl_eval(X, i, &x, &e) != CT_OK || x < 0 || x >= CT_TCOPY_COVER_MAX) return 0;
    cnt[x] += (int32_t)rho;
  }
  return 1;
}

CT_FN ct_jstatus ct_judge_tcopy_10_thread(const ct_composed *R, int32_t *cnt, int64_t t, ct_judgement *j) {
  ct_err e;
  int64_t i, n = ct_j_size(&R->inner), x;
  for (i = 0; i < n; ++i) {
    if (ct_cl_eval(R, i, &x, &e) != CT_OK) return ct_j_unchecked(j, "TCOPY-10");
    if (x < 0 || x >= CT_TCOPY_COVER_MAX || cnt[x] <= 0)
      return CT_J_VIOLATES_AT(j, "TCOPY-10", i, "thread %lld's value %lld at %lld: more often than X holds it, times rho",
                              (long long)t, (long long)x, (long long)i);
    --cnt[x];
  }
  return ct_j_holds(j, "TCOPY-10");
}

CT_FN ct_jstatus ct_judge_tcopy_10_end(const int32_t *cnt, ct_judgement *j) {
  int64_t x;
  for (x = 0; x < CT_TCOPY_COVER_MAX; ++x)
    if (cnt[x] != 0)
      return CT_J_VIOLATES(j, "TCOPY-10", "X's value %lld is reached %d times too few over all threads", (long long)x,
                           (int)cnt[x]);
  return ct_j_holds(j, "TCOPY-10");
}

CT_FN ct_jstatus ct_judge_tcopy_11(const ct_layout *F, const ct_layout *R, ct_judgement *j) {
  CT_JUDGE_SCRATCH int32_t cnt[CT_TCOPY_COVER_MAX];
  int64_t i, n = ct_j_size(F), x;
  if (n < 0 || n > CT_TCOPY_COVER_MAX) return ct_j_unchecked(j, "TCOPY-11");
  if (ct_j_size(R) != n)
    return CT_J_VIOLATES(j, "TCOPY-11", "size %lld, the fragment's %lld", (long long)ct_j_size(R), (long long)n);
  for (i = 0; i < CT_TCOPY_COVER_MAX; ++i) cnt[i] = 0;
  for (i = 0; i < n; ++i) {
    x = ct_j_at(F, i);
    if (x < 0 || x >= CT_TCOPY_COVER_MAX) return ct_j_unchecked(j, "TCOPY-11");
    ++cnt[x];
  }
  for (i = 0; i < n; ++i) {
    x = ct_j_at(R, i);
    if (x < 0 || x >= CT_TCOPY_COVER_MAX || cnt[x] <= 0)
      return CT_J_VIOLATES_AT(j, "TCOPY-11", i, "retile gives register %lld, which the fragment holds fewer times",
                              (long long)x);
    --cnt[x];
  }
  return ct_j_holds(j, "TCOPY-11");
}

CT_FN ct_jstatus ct_judge_tcopy_11_mma(const ct_layout *M, int64_t t, const int64_t *f, int64_t tr, int64_t tc,
                                       const ct_layout *R, const ct_layout *P, int64_t off, ct_judgement *j) {
  int64_t T, V, i, n = ct_j_size(R), r, v, m, k, x, want;
  if (!ct_j_tv_sizes(M, &T, &V) || f[0] < 1 || f[1] < 1 || f[2] < 1 || f[3] < 1 || tr < 1 || tc < 1)
    return ct_j_unchecked(j, "TCOPY-11");
  if (ct_j_size(P) != n)
    return CT_J_VIOLATES(j, "TCOPY-11", "size %lld, thread %lld's partition's %lld", (long long)n, (long long)t,
                         (long long)ct_j_size(P));
  for (i = 0; i < n; ++i) {
    r = ct_j_at(R, i); /* F's register (v, m, k), F compact of R's size (the count judge's) */
    if (r < 0 || r >= n)
      return CT_J_VIOLATES_AT(j, "TCOPY-11", i, "retile gives register %lld, outside the fragment's %lld",
                              (long long)r, (long long)n);
    v = r % f[0];
    m = (r / f[0]) % (f[1] * f[3]);
    k = r / (f[0] * f[1] * f[3]);
    x = ct_j_at(M, t + T * (v + f[0] * (m % f[1] + f[1] * (k % f[2])))); /* its element in the tile */
    x = x % tr + tr * (m / f[1]) + tr * f[3] * (x / tr + tc * (k / f[2]));
    want = off + ct_j_at(P, i);
    if (x != want)
      return CT_J_VIOLATES_AT(j, "TCOPY-11", i,
                              "thread %lld: retile gives register %lld, holding the tensor's element %lld; the copy's "
                              "partition addresses %lld",
                              (long long)t, (long long)r, (long long)x, (long long)want);
  }
  return ct_j_holds(j, "TCOPY-11");
}
