/* judge_partition.c -- the post-conditions of spec/partition.md as judges:
 * a part is the zipped divide read at CuTe's coordinate (PART-DEF), judged
 * index by index from the kept leaves of Z, apart from ref/layout.c's
 * slice. */
#include "judge/judge_partition.h"

#include "ref/divide.h"
#include "ref/walk.h"

/* The kept leaves of Z under P's `_` entries, in order. */
typedef struct {
  int n;
  int64_t s[CT_MAX_NODES], d[CT_MAX_NODES];
} ct_j_kept;

CT_FN static int ct_j_kept_leaves(const ct_layout *Z, const ct_tuple *P, ct_j_kept *k) {
  ct_walker w;
  int st;
  k->n = 0;
  ct_walk_begin_pair(&w, P, 0, &Z->shape, 0);
  while ((st = ct_walk_next(&w)) != CT_WALK_END) {
    int i, b = w.pair;
    if (st != CT_WALK_LEAF || P->nd[w.at].kind != CT_ALL) continue;
    if (b < 0) return 0;
    for (i = b; i < b + Z->shape.nd[b].span; ++i)
      if (Z->shape.nd[i].kind == CT_INT && k->n < CT_MAX_NODES) {
        k->s[k->n] = Z->shape.nd[i].v;
        k->d[k->n] = Z->stride.nd[i].v;
        ++k->n;
      }
  }
  return 1;
}

CT_FN ct_jstatus ct_judge_part_slice(const char *id, const ct_layout *Z, const ct_tuple *P, const ct_layout *R,
                                     int64_t bound, ct_judgement *j) {
  ct_j_kept k;
  int64_t n = 1, i, nr = ct_j_size(R);
  int m;
  if (!ct_j_kept_leaves(Z, P, &k)) return ct_j_unchecked(j, id);
  for (m = 0; m < k.n; ++m)
    if (ct_mul_ovf(n, k.s[m], &n)) return ct_j_unchecked(j, id);
  if (nr != n) return CT_J_VIOLATES(j, id, "size %lld, but the kept modes have %lld elements", (long long)nr, (long long)n);
  for (i = 0; i < n; ++i) {
    int64_t x = i, want = 0, t;
    if (i >= bound || i >= CT_JUDGE_CAP) return ct_j_unchecked(j, id);
    for (m = 0; m < k.n; ++m) { /* colexicographic digits, the last not reduced */
      int64_t digit = m + 1 < k.n ? x % k.s[m] : x;
      if (m + 1 < k.n) x /= k.s[m];
      if (ct_mul_ovf(digit, k.d[m], &t) || ct_add_ovf(want, t, &want)) return ct_j_unchecked(j, id);
    }
    if (ct_j_at(R, i) != want)
      return CT_J_VIOLATES_AT(j, id, i, "R(%lld) = %lld, but the part of the zipped divide there is %lld",
                              (long long)i, (long long)ct_j_at(R, i), (long long)want);
  }
  return ct_j_holds(j, id);
}

/* CuTe's coordinate of PART-DEF, built here apart from ref/partition.c:
 * the kept mode all `_` (one `_` for rank 1), c in the other, a tuple c
 * appended with `_` up to that mode's rank. 0 where c does not fit. */
CT_FN static int ct_j_part_coord(int outer, const ct_layout *Z, const ct_tuple *c, ct_tuple *P) {
  ct_err e;
  int h, hk, m, k, zm, r, rc;
  ct_t_clear(P);
  if (Z->shape.nd[0].kind != CT_TUPLE || Z->shape.nd[0].rank != 2 || ct_t_open(P, &h, &e) != CT_OK) return 0;
  for (m = 0; m < 2; ++m) {
    zm = ct_t_child(&Z->shape, 0, m);
    r = ct_t_rank(&Z->shape, zm);
    if (m == (outer ? 1 : 0)) { /* kept */
      if (r == 1) {
        if (ct_t_push_all(P, &e) != CT_OK) return 0;
        continue;
      }
      if (ct_t_open(P, &hk, &e) != CT_OK) return 0;
      for (k = 0; k < r; ++k)
        if (ct_t_push_all(P, &e) != CT_OK) return 0;
      if (ct_t_close(P, hk, &e) != CT_OK) return 0;
      continue;
    }
    rc = ct_t_rank(c, 0);
    if (c->nd[0].kind != CT_TUPLE) {
      if (ct_t_push_sub(P, c, 0, &e) != CT_OK) return 0;
    } else if (rc > r) {
      return 0;
    } else if (Z->shape.nd[zm].kind != CT_TUPLE) {
      if ((rc == 0 ? ct_t_push_all(P, &e) : ct_t_push_sub(P, c, ct_t_child(c, 0, 0), &e)) != CT_OK) return 0;
    } else {
      if (ct_t_open(P, &hk, &e) != CT_OK) return 0;
      for (k = 0; k < r; ++k)
        if ((k < rc ? ct_t_push_sub(P, c, ct_t_child(c, 0, k), &e) : ct_t_push_all(P, &e)) != CT_OK) return 0;
      if (ct_t_close(P, hk, &e) != CT_OK) return 0;
    }
  }
  return ct_t_close(P, h, &e) == CT_OK;
}

CT_FN static ct_jstatus ct_judge_part_of(const char *id, int outer, const ct_layout *L, const ct_tiler *T,
                                         const ct_tuple *c, const ct_layout *R, int64_t bound, ct_judgement *j) {
  ct_layout Z;
  ct_tuple P;
  ct_err e;
  if (ct_zipped_divide(L, T, &Z, &e) != CT_OK || !ct_j_part_coord(outer, &Z, c, &P))
    return ct_j_unchecked(j, id); /* a rejected input: no part to judge */
  return ct_judge_part_slice(id, &Z, &P, R, bound, j);
}

CT_FN ct_jstatus ct_judge_part_1_2(int outer, const ct_layout *L, const ct_tiler *T, const ct_tuple *c,
                                   const ct_layout *R, int64_t bound, ct_judgement *j) {
  return ct_judge_part_of(outer ? "PART-2" : "PART-1", outer, L, T, c, R, bound, j);
}

/* dice(P, T) and dice(P, c) (PART-5): a tiler <...> stays one. 0 where
 * P does not fit. */
CT_FN static int ct_j_dice(const ct_tuple *P, const ct_tiler *T, const ct_tuple *c, ct_tiler *T2, ct_tuple *c2) {
  ct_layout C, C2;
  ct_err e;
  ct_t_copy(&C.shape, c);
  ct_t_copy(&C.stride, c);
  if (ct_l_dice(P, T, T2, &e) != CT_OK || ct_l_dice(P, &C, &C2, &e) != CT_OK) return 0;
  if (T->shape.nd[0].kind == CT_TUPLE && T->shape.nd[0].mark && T2->shape.nd[0].kind == CT_TUPLE)
    T2->shape.nd[0].mark = T2->stride.nd[0].mark = 1;
  ct_t_copy(c2, &C2.shape);
  return 1;
}

CT_FN ct_jstatus ct_judge_part_5(const ct_layout *L, const ct_tiler *T, const ct_tuple *c, const ct_tuple *P,
                                 const ct_layout *R, int64_t bound, ct_judgement *j) {
  ct_tiler T2;
  ct_tuple c2;
  if (!P) return ct_judge_part_of("PART-5", 0, L, T, c, R, bound, j);
  if (!ct_j_dice(P, T, c, &T2, &c2)) return ct_j_unchecked(j, "PART-5");
  return ct_judge_part_of("PART-5", 0, L, &T2, &c2, R, bound, j);
}

/* The thread's flat coordinate, mode by mode: CuTe's get_flat_coord. The
 * leaves of mode m are nodes [b, b + span); 0 where a leaf of size > 1 has
 * a stride <= 0 (the reference rejects those). */
CT_FN static int ct_j_thr_mode(const ct_layout *thr, int b, int64_t idx, int64_t *k, int64_t *s) {
  int i;
  *k = 0;
  *s = 1;
  for (i = b; i < b + thr->shape.nd[b].span; ++i) {
    int64_t si = thr->shape.nd[i].v, di = thr->stride.nd[i].v;
    if (thr->shape.nd[i].kind != CT_INT || si == 1) continue;
    if (di <= 0) return 0;
    *k += ((idx / di) % si) * *s;
    *s *= si;
  }
  return 1;
}

/* The tiler product_each(shape(dice(P, thr))) and the thread's coordinate
 * (PART-DEF): 1 built, 0 not judged (a rejected input), -1 a
 * representation limit. */
CT_FN static int ct_j_thr(const ct_layout *thr, int64_t idx, const ct_tuple *P, ct_tiler *T, ct_tuple *c) {
  ct_layout t2;
  ct_err e;
  int64_t k, s;
  int m, r, hs, hd, hc;
  if (P) {
    if (ct_l_dice(P, thr, &t2, &e) != CT_OK) return 0;
  } else {
    ct_l_copy(&t2, thr);
  }
  if (idx < 0 || ct_j_size(&t2) < 0) return 0;
  ct_t_clear(&T->shape);
  ct_t_clear(&T->stride);
  ct_t_clear(c);
  if (t2.shape.nd[0].kind != CT_TUPLE) {
    if (!ct_j_thr_mode(&t2, 0, idx, &k, &s)) return 0;
    ct_l_set_int(T, s, 0, 1, 0);
    ct_t_set_int(c, k, 0);
    return 1;
  }
  r = t2.shape.nd[0].rank;
  if (ct_t_open(&T->shape, &hs, &e) != CT_OK || ct_t_open(&T->stride, &hd, &e) != CT_OK ||
      ct_t_open(c, &hc, &e) != CT_OK)
    return -1;
  for (m = 0; m < r; ++m) {
    if (!ct_j_thr_mode(&t2, ct_t_child(&t2.shape, 0, m), idx, &k, &s)) return 0;
    if (ct_t_push_int(&T->shape, s, 0, &e) != CT_OK || ct_t_push_int(&T->stride, 1, 0, &e) != CT_OK ||
        ct_t_push_int(c, k, 0, &e) != CT_OK)
      return -1;
  }
  if (ct_t_close(&T->shape, hs, &e) != CT_OK || ct_t_close(&T->stride, hd, &e) != CT_OK ||
      ct_t_close(c, hc, &e) != CT_OK)
    return -1;
  T->shape.nd[0].mark = T->stride.nd[0].mark = 1;
  return 1;
}

CT_FN ct_jstatus ct_judge_part_6(const ct_layout *L, const ct_layout *thr, int64_t idx, const ct_tuple *P,
                                 const ct_layout *R, int64_t bound, ct_judgement *j) {
  ct_tiler T;
  ct_tuple c;
  int got = ct_j_thr(thr, idx, P, &T, &c);
  if (got <= 0) return got < 0 ? ct_j_limit(j, "PART-6") : ct_j_unchecked(j, "PART-6");
  return ct_judge_part_of("PART-6", 1, L, &T, &c, R, bound, j);
}

/* The offset of PART-DEF: Z at P with `_` read as 0, each integer of P
 * split colexicographically over the leaves of the part of Z it indexes
 * (the last not reduced). 0 where it overflows or P does not fit. */
CT_FN static int ct_j_part_offset(const ct_layout *Z, const ct_tuple *P, int64_t *off) {
  ct_walker w;
  int st;
  int64_t acc = 0;
  ct_walk_begin_pair(&w, P, 0, &Z->shape, 0);
  while ((st = ct_walk_next(&w)) != CT_WALK_END) {
    int i, b = w.pair, last = -1;
    int64_t x, t;
    if (st != CT_WALK_LEAF || P->nd[w.at].kind != CT_INT) continue;
    if (b < 0) return 0;
    x = P->nd[w.at].v;
    for (i = b; i < b + Z->shape.nd[b].span; ++i)
      if (Z->shape.nd[i].kind == CT_INT) last = i;
    for (i = b; i < b + Z->shape.nd[b].span; ++i) {
      int64_t sz = Z->shape.nd[i].v, digit;
      if (Z->shape.nd[i].kind != CT_INT) continue;
      digit = i == last || sz <= 0 ? x : x % sz;
      if (i != last && sz > 0) x /= sz;
      if (ct_mul_ovf(digit, Z->stride.nd[i].v, &t) || ct_add_ovf(acc, t, &acc)) return 0;
    }
  }
  *off = acc;
  return 1;
}

/* The offset of the part of L at c (which: 0 inner, 1 outer). */
CT_FN static ct_jstatus ct_judge_offset_of(const char *id, int outer, const ct_layout *L, const ct_tiler *T,
                                           const ct_tuple *c, int64_t off, ct_judgement *j) {
  ct_layout Z;
  ct_tuple P;
  ct_err e;
  int64_t want;
  if (ct_zipped_divide(L, T, &Z, &e) != CT_OK || !ct_j_part_coord(outer, &Z, c, &P) || !ct_j_part_offset(&Z, &P, &want))
    return ct_j_unchecked(j, id);
  if (off != want)
    return CT_J_VIOLATES(j, id, "offset %lld, but the zipped divide at the part's origin is %lld", (long long)off,
                         (long long)want);
  return ct_j_holds(j, id);
}

CT_FN ct_jstatus ct_judge_part_9(int which, const ct_layout *L, const ct_tiler *T, const ct_tuple *c,
                                 const ct_tuple *P, int64_t off, ct_judgement *j) {
  ct_tiler T2;
  ct_tuple c2;
  if (which < 2 || !P) return ct_judge_offset_of("PART-9", which == 1, L, T, c, off, j);
  if (!ct_j_dice(P, T, c, &T2, &c2)) return ct_j_unchecked(j, "PART-9");
  return ct_judge_offset_of("PART-9", 0, L, &T2, &c2, off, j);
}

CT_FN ct_jstatus ct_judge_part_10(const ct_layout *L, const ct_layout *thr, int64_t idx, const ct_tuple *P,
                                  int64_t off, ct_judgement *j) {
  ct_tiler T;
  ct_tuple c;
  int got = ct_j_thr(thr, idx, P, &T, &c);
  if (got <= 0) return got < 0 ? ct_j_limit(j, "PART-10") : ct_j_unchecked(j, "PART-10");
  return ct_judge_offset_of("PART-10", 1, L, &T, &c, off, j);
}

/* ---- make_layout_tv (TV-DEF) ---- */

/* Size of top-level mode m of L (1 past its rank). */
CT_FN static int64_t ct_j_mode_size(const ct_layout *L, int m) {
  int64_t n = 1;
  int i, b;
  if (L->shape.nd[0].kind != CT_TUPLE) {
    if (m > 0) return 1;
    b = 0;
  } else {
    if (m >= L->shape.nd[0].rank) return 1;
    b = ct_t_child(&L->shape, 0, m);
  }
  for (i = b; i < b + L->shape.nd[b].span; ++i)
    if (L->shape.nd[i].kind == CT_INT && ct_mul_ovf(n, L->shape.nd[i].v, &n)) return -1;
  return n;
}

CT_FN static int ct_j_rank(const ct_layout *L) { return L->shape.nd[0].kind == CT_TUPLE ? L->shape.nd[0].rank : 1; }

CT_FN ct_jstatus ct_judge_tv_1(const ct_layout *thr, const ct_layout *val, const ct_layout *TV, int64_t bound,
                               ct_judgement *j) {
  CT_JUDGE_SCRATCH int64_t tinv[CT_JUDGE_CAP], vinv[CT_JUDGE_CAP];
  int64_t nt = ct_j_size(thr), nv = ct_j_size(val), n, i, ts[CT_MAX_RANK], vs[CT_MAX_RANK];
  int r = ct_j_rank(thr) > ct_j_rank(val) ? ct_j_rank(thr) : ct_j_rank(val), m;
  if (nt < 1 || nv < 1 || ct_mul_ovf(nt, nv, &n) || r > CT_MAX_RANK) return ct_j_unchecked(j, "TV-1");
  if (nt > CT_JUDGE_CAP || nv > CT_JUDGE_CAP || n > bound || n > CT_JUDGE_CAP) return ct_j_unchecked(j, "TV-1");
  if (ct_j_size(TV) != n)
    return CT_J_VIOLATES(j, "TV-1", "size %lld, not size(thr) * size(val) = %lld", (long long)ct_j_size(TV), (long long)n);
  for (m = 0; m < r; ++m) {
    ts[m] = ct_j_mode_size(thr, m);
    vs[m] = ct_j_mode_size(val, m);
  }
  for (i = 0; i < nt; ++i) tinv[i] = -1;
  for (i = 0; i < nv; ++i) vinv[i] = -1;
  for (i = 0; i < nt; ++i) { /* thr^-1: thread -> its index in thr's domain (a bijection: the precondition) */
    int64_t t = ct_j_at(thr, i);
    if (t < 0 || t >= nt || tinv[t] >= 0) return ct_j_unchecked(j, "TV-1");
    tinv[t] = i;
  }
  for (i = 0; i < nv; ++i) {
    int64_t v = ct_j_at(val, i);
    if (v < 0 || v >= nv || vinv[v] >= 0) return ct_j_unchecked(j, "TV-1");
    vinv[v] = i;
  }
  for (i = 0; i < n; ++i) { /* thread t's value v lies at (ct_m * vs_m + cv_m)_m of the tile */
    int64_t t = i % nt, v = i / nt, jt = tinv[t], jv = vinv[v], want = 0, w = 1, got = ct_j_at(TV, i);
    for (m = 0; m < r; ++m) {
      int64_t ct = m + 1 < r ? jt % ts[m] : jt, cv = m + 1 < r ? jv % vs[m] : jv;
      jt /= ts[m];
      jv /= vs[m];
      want += (ct * vs[m] + cv) * w;
      w *= ts[m] * vs[m];
    }
    if (got != want)
      return CT_J_VIOLATES_AT(j, "TV-1", i,
                              "TV(%lld) = %lld, but thread %lld's value %lld lies at index %lld of the tile",
                              (long long)i, (long long)got, (long long)t, (long long)v, (long long)want);
  }
  return ct_j_holds(j, "TV-1");
}

CT_FN ct_jstatus ct_judge_tv_2(const ct_layout *thr, const ct_layout *val, const ct_tuple *tiler, ct_judgement *j) {
  int r = ct_j_rank(thr) > ct_j_rank(val) ? ct_j_rank(thr) : ct_j_rank(val), m, k = 0, i;
  for (i = 0; i < tiler->n; ++i) {
    int64_t want;
    if (tiler->nd[i].kind == CT_TUPLE) continue;
    if (tiler->nd[i].kind != CT_INT || k >= r)
      return CT_J_VIOLATES(j, "TV-2", "the tiler has more than max(rank(thr), rank(val)) = %d entries", r);
    m = k++;
    want = ct_j_mode_size(thr, m) * ct_j_mode_size(val, m);
    if (tiler->nd[i].v != want)
      return CT_J_VIOLATES(j, "TV-2", "tiler entry %d is %lld, not size(thr_%d) * size(val_%d) = %lld", m,
                           (long long)tiler->nd[i].v, m, m, (long long)want);
  }
  if (k != r) return CT_J_VIOLATES(j, "TV-2", "the tiler has %d entries, not %d", k, r);
  return ct_j_holds(j, "TV-2");
}
