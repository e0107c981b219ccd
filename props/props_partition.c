/* props_partition.c -- properties of spec/partition.md (PART-*):
 * inner_partition, outer_partition, local_tile and local_partition.
 *
 * Cases come from CT_GEN_TILER (a layout and a tiler <...> of divisors of
 * its modes, or `_`). PART-1, PART-2, PART-5 and PART-6 judge one answer
 * (judge/judge_partition.c); PART-3, PART-4 and PART-7 take the parts of
 * every coordinate, of L and of the compact layout I of L's shape (whose
 * values are L's indices), and check that they cover L's domain once and
 * read L there; PART-8 flips every static mark. Once the zipped divide is
 * built, a rejection is a failure: the coordinates are built in range. */
#include "judge/judge_partition.h"
#include "props/props.h"
#include "props/props_list.h"
#include "ref/divide.h"
#include "ref/partition.h"

/* A case's own stream of choices: the digest of its two layouts (a pair or
 * tiler generator's case; a one-layout case has no v[1]). */
CT_FN static uint64_t ct_pt_hash(const ct_case *c) {
  uint64_t h = ct_digest_layout(&c->v[0]) * 0x9e3779b97f4a7c15u ^ ct_digest_layout(&c->v[1]);
  return h ^ (h >> 29);
}

/* Whether a zipped divide has its two modes (the tile, the rest); edge
 * values of regression lines may give another. */
CT_FN static int ct_pt_z_ok(const ct_layout *Z) { return Z->shape.nd[0].kind == CT_TUPLE && Z->shape.nd[0].rank == 2; }

/* size of node i of a tuple; -1 on overflow */
CT_FN static int64_t ct_pt_size(const ct_tuple *t, int i) {
  ct_val v;
  ct_err e;
  return ct_t_product(t, i, &v, &e) == CT_OK ? v.v : -1;
}

/* A coordinate of mode `mode` (0 the tile, 1 the rest) of Z: an integer, a
 * tuple of its first modes (some `_`, the others appended by the
 * operation), or `_`. */
CT_FN static ct_code ct_pt_coord(const ct_layout *Z, int mode, uint64_t h, ct_tuple *c, ct_err *e) {
  int zm = ct_t_child(&Z->shape, 0, mode), form = (int)(h % 3), r = ct_t_rank(&Z->shape, zm), q, k, hdr;
  int64_t n = ct_pt_size(&Z->shape, zm);
  ct_t_clear(c);
  if (n < 1) n = 1;
  if (form == 2 && Z->shape.nd[zm].kind != CT_TUPLE) form = 0;
  if (form == 0) {
    ct_t_set_int(c, (int64_t)((h >> 8) % (uint64_t)n), 0);
    return CT_OK;
  }
  if (form == 1) return ct_t_push_all(c, e);
  q = 1 + (int)((h >> 4) % (uint64_t)r);
  CT_TRY(ct_t_open(c, &hdr, e));
  for (k = 0; k < q; ++k) {
    int64_t nk = ct_pt_size(&Z->shape, ct_t_child(&Z->shape, zm, k));
    if ((h >> (12 + k)) & 1) CT_TRY(ct_t_push_all(c, e));
    else CT_TRY(ct_t_push_int(c, (int64_t)((h >> (20 + 3 * k)) % (uint64_t)(nk < 1 ? 1 : nk)), 0, e));
  }
  return ct_t_close(c, hdr, e);
}

/* PART-1 / PART-2: one part, judged. */
CT_FN static void ct_pt_one(int outer, const ct_case *c, ct_outcome *o) {
  ct_layout Z, R;
  ct_tuple x;
  ct_err e;
  ct_judgement j;
  ct_code rc = ct_zipped_divide(&c->v[0], &c->v[1], &Z, &e);
  if (rc != CT_OK || !ct_pt_z_ok(&Z)) {
    if (rc != CT_OK) ct_rejected(c, o, &e, "zipped_divide");
    else o->verdict = CT_SKIPPED;
    return;
  }
  if (ct_build_failed(ct_pt_coord(&Z, outer ? 0 : 1, ct_pt_hash(c), &x, &e), o, "a coordinate")) return;
  rc = outer ? ct_outer_partition(&c->v[0], &c->v[1], &x, &R, 0, &e) : ct_inner_partition(&c->v[0], &c->v[1], &x, &R, 0, &e);
  if (ct_build_failed(rc, o, outer ? "outer_partition" : "inner_partition")) return;
  o->digest = ct_digest_layout(&R);
  ct_judge_part_1_2(outer, &c->v[0], &c->v[1], &x, &R, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

CT_FN void ct_p_part_1(const ct_case *c, ct_outcome *o) { ct_pt_one(0, c, o); }
CT_FN void ct_p_part_2(const ct_case *c, ct_outcome *o) { ct_pt_one(1, c, o); }

#define CT_PT_WORDS (CT_BRUTE_MAX / 64 + 1)

/* The parts of L and of I = the compact layout of L's shape, at coordinate
 * k of `count` (which: 0 inner, 1 outer, 2 local_partition by thr). */
CT_FN static ct_code ct_pt_part(int which, const ct_layout *L, const ct_tiler *T, const ct_layout *thr, int64_t k,
                                ct_layout *R, int64_t *off, ct_err *e) {
  ct_tuple x;
  ct_t_set_int(&x, k, 0);
  if (which == 2) return ct_local_partition(L, thr, k, 0, R, off, e);
  return which ? ct_outer_partition(L, T, &x, R, off, e) : ct_inner_partition(L, T, &x, R, off, e);
}

/* One element of a part: index x of L's domain (of n indices), reached by
 * element i of part k, whose part of L reads `got` there. PART-3, PART-4,
 * PART-7 and PART-11 ask the same of it: x inside the domain and not yet
 * marked in seen (each index once), and got = L(x). 0, or 1 with the
 * failure set; *hit counts the marked indices. */
CT_FN static int ct_pt_mark(uint64_t *seen, const ct_layout *L, int64_t n, int64_t k, int64_t i, int64_t x, int64_t oL,
                            int64_t got, int64_t *hit, ct_outcome *o) {
  if (x < 0 || x >= n || (seen[x / 64] >> (x % 64)) & 1) {
    CT_FAILS(o, "part %lld, element %lld: index %lld of L outside its domain or hit twice", (long long)k, (long long)i,
             (long long)x);
    return 1;
  }
  seen[x / 64] |= (uint64_t)1 << (x % 64);
  ++*hit;
  if (got != ct_ev(L, x)) {
    CT_FAILS(o, "part %lld, element %lld: %lld + R(%lld) = %lld, but L(%lld) = %lld", (long long)k, (long long)i,
             (long long)oL, (long long)i, (long long)got, (long long)x, (long long)ct_ev(L, x));
    return 1;
  }
  return 0;
}

/* PART-3, PART-4, PART-7: the parts over every coordinate (k < count) hit
 * each index of L's domain once, and read L there. Skipped where T does
 * not divide L (Z of I is then no bijection onto [0, size(L))). */
CT_FN static void ct_pt_cover(int which, const ct_layout *L, const ct_tiler *T, const ct_layout *thr, ct_outcome *o) {
  uint64_t seen[CT_PT_WORDS];
  ct_layout I, ZI, RL, RI;
  ct_err e;
  int64_t n = ct_size(L), k, count, i, hit = 0;
  int w;
  if (n < 1 || n > CT_BRUTE_MAX || ct_l_compact_left(&L->shape, &I, &e) != CT_OK) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (which == 2) {
    count = ct_size(thr);
    for (i = 0; i < count && i < CT_BRUTE_MAX; ++i) /* thr a bijection onto [0, size(thr)) */
      if (ct_ev(thr, i) >= count || ct_ev(thr, i) < 0) count = -1;
  } else {
    if (ct_zipped_divide(&I, T, &ZI, &e) != CT_OK || !ct_pt_z_ok(&ZI) || ct_size(&ZI) != n) {
      o->verdict = CT_SKIPPED;
      return;
    }
    for (w = 0; w < CT_PT_WORDS; ++w) seen[w] = 0;
    for (i = 0; i < n; ++i) { /* T divides L: Z of I is a bijection onto [0, n) */
      int64_t v = ct_ev(&ZI, i);
      if (v < 0 || v >= n || (seen[v / 64] >> (v % 64)) & 1) {
        o->verdict = CT_SKIPPED;
        return;
      }
      seen[v / 64] |= (uint64_t)1 << (v % 64);
    }
    count = ct_pt_size(&ZI.shape, ct_t_child(&ZI.shape, 0, which ? 0 : 1));
  }
  if (count < 1 || count > CT_BRUTE_MAX) {
    o->verdict = CT_SKIPPED;
    return;
  }
  for (w = 0; w < CT_PT_WORDS; ++w) seen[w] = 0;
  o->digest = 0;
  for (k = 0; k < count; ++k) {
    int64_t oL, oI, m;
    ct_code rc = ct_pt_part(which, L, T, thr, k, &RL, &oL, &e);
    if (rc == CT_OK) rc = ct_pt_part(which, &I, T, thr, k, &RI, &oI, &e);
    if (rc != CT_OK) {
      if (which == 2 && rc != CT_OK && k == 0) { /* the thread tiler does not divide: no cover stated */
        o->verdict = CT_SKIPPED;
        return;
      }
      ct_build_failed(rc, o, "a part");
      return;
    }
    m = ct_size(&RI);
    if (m != ct_size(&RL)) {
      CT_FAILS(o, "part %lld: size %lld of L's, %lld of I's", (long long)k, (long long)ct_size(&RL), (long long)m);
      return;
    }
    for (i = 0; i < m; ++i)
      if (ct_pt_mark(seen, L, n, k, i, oI + ct_ev(&RI, i), oL, oL + ct_ev(&RL, i), &hit, o)) return;
    o->digest = o->digest * 31u + (uint64_t)oL;
  }
  if (hit != n) CT_FAILS(o, "the parts hit %lld of the %lld indices of L", (long long)hit, (long long)n);
}

CT_FN void ct_p_part_3(const ct_case *c, ct_outcome *o) { ct_pt_cover(0, &c->v[0], &c->v[1], 0, o); }
CT_FN void ct_p_part_4(const ct_case *c, ct_outcome *o) { ct_pt_cover(1, &c->v[0], &c->v[1], 0, o); }

/* ---- PART-11: tilers that do not divide (PART-PAD) ---- */

/* The padding check's frame: L flat, of r modes n_m; a shape tiler of s_m
 * (1 <= s_m <= n_m + 1, so it often does not divide; 1 where n_m is 1); W the layout of L's
 * shape with strides 1, B, B^2, ..., B a power of two past every padded
 * extent ceil(n_m / s_m) * s_m <= 2 n_m, so that W's parts, padding
 * included, spell each position's coordinate digit by digit. */
typedef struct {
  int r;
  int64_t n[4], s[4], band[4], B;
  ct_tiler T;
  ct_layout W;
} ct_pt_pad_frame;

CT_FN static int ct_pt_pad_setup(const ct_layout *L, uint64_t h, ct_pt_pad_frame *f) {
  ct_err e;
  int m, hs, hd, hw, hx, flat = L->shape.nd[0].kind == CT_TUPLE;
  int64_t B = 2, mx = 1, d = 1;
  f->r = flat ? L->shape.nd[0].rank : 1;
  if (f->r > 4) return 0;
  for (m = 0; m < f->r; ++m) {
    int b = flat ? ct_t_child(&L->shape, 0, m) : 0;
    if (L->shape.nd[b].kind != CT_INT) return 0;
    f->n[m] = L->shape.nd[b].v;
    /* a mode of size 1 is not padded: its stride, and so its extension, is
     * no part of L's function (spec/principle.md) */
    f->s[m] = f->n[m] < 2 ? 1 : 1 + (int64_t)((h >> (8 * m)) % (uint64_t)(f->n[m] + 1));
    f->band[m] = (f->n[m] + f->s[m] - 1) / f->s[m] * f->s[m];
    if (f->band[m] > mx) mx = f->band[m];
  }
  while (B <= mx) B *= 2;
  f->B = B;
  ct_t_clear(&f->T.shape), ct_t_clear(&f->T.stride), ct_t_clear(&f->W.shape), ct_t_clear(&f->W.stride);
  if (!flat) {
    ct_l_set_int(&f->T, f->s[0], 0, 1, 0);
    ct_l_set_int(&f->W, f->n[0], 0, 1, 0);
    return 1;
  }
  if (ct_t_open(&f->T.shape, &hs, &e) != CT_OK || ct_t_open(&f->T.stride, &hd, &e) != CT_OK ||
      ct_t_open(&f->W.shape, &hw, &e) != CT_OK || ct_t_open(&f->W.stride, &hx, &e) != CT_OK)
    return 0;
  for (m = 0; m < f->r; ++m, d *= B)
    if (ct_t_push_int(&f->T.shape, f->s[m], 0, &e) != CT_OK || ct_t_push_int(&f->T.stride, 1, 0, &e) != CT_OK ||
        ct_t_push_int(&f->W.shape, f->n[m], 0, &e) != CT_OK || ct_t_push_int(&f->W.stride, d, 0, &e) != CT_OK)
      return 0;
  if (ct_t_close(&f->T.shape, hs, &e) != CT_OK || ct_t_close(&f->T.stride, hd, &e) != CT_OK ||
      ct_t_close(&f->W.shape, hw, &e) != CT_OK || ct_t_close(&f->W.stride, hx, &e) != CT_OK)
    return 0;
  f->T.shape.nd[0].mark = f->T.stride.nd[0].mark = 1; /* a shape: the tiler <s0:1, s1:1, ...> */
  return 1;
}

/* PART-11: inner_partition (which 0) or outer_partition (1) of L by a shape
 * tiler that need not divide it: over every coordinate, each coordinate of
 * L's shape lies at exactly one position of one part, where L's part reads
 * L; every other position is padding, inside the padded extents. */
CT_FN static void ct_pt_pad(int which, const ct_case *c, ct_outcome *o) {
  uint64_t seen[CT_PT_WORDS];
  ct_pt_pad_frame f;
  ct_layout RL, RW;
  ct_err e;
  int64_t n = ct_size(&c->v[0]), count = 1, total = 1, k, i, hit = 0;
  int m, w;
  if (n < 1 || n > CT_BRUTE_MAX || !ct_pt_pad_setup(&c->v[0], ct_pt_hash(c), &f)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  for (m = 0; m < f.r; ++m) {
    count *= which ? f.s[m] : f.band[m] / f.s[m];
    total *= f.band[m];
  }
  if (total > 4 * CT_BRUTE_MAX || f.B > 4096) {
    o->verdict = CT_SKIPPED;
    return;
  }
  for (w = 0; w < CT_PT_WORDS; ++w) seen[w] = 0;
  o->digest = 0;
  for (k = 0; k < count; ++k) {
    int64_t oL, oW, size;
    ct_code rc = ct_pt_part(which, &c->v[0], &f.T, 0, k, &RL, &oL, &e);
    if (rc == CT_OK) rc = ct_pt_part(which, &f.W, &f.T, 0, k, &RW, &oW, &e);
    if (ct_build_failed(rc, o, "a part of a padded divide")) return;
    size = ct_size(&RW);
    if (size != ct_size(&RL) || size * count != total) {
      CT_FAILS(o, "part %lld: size %lld of L's, %lld of W's, of %lld parts over %lld positions", (long long)k,
               (long long)ct_size(&RL), (long long)size, (long long)count, (long long)total);
      return;
    }
    for (i = 0; i < size; ++i) {
      int64_t y = oW + ct_ev(&RW, i), x = 0, place = 1, pad = 0;
      for (m = 0; m < f.r; ++m, y /= f.B) {
        int64_t d = y % f.B;
        if (y < 0 || d >= f.band[m]) {
          CT_FAILS(o, "part %lld, element %lld: coordinate %lld of mode %d past the padded extent %lld", (long long)k,
                   (long long)i, (long long)d, m, (long long)f.band[m]);
          return;
        }
        pad |= d >= f.n[m];
        x += d * place;
        place *= f.n[m];
      }
      if (!pad && ct_pt_mark(seen, &c->v[0], n, k, i, x, oL, oL + ct_ev(&RL, i), &hit, o)) return;
    }
    o->digest = o->digest * 31u + (uint64_t)oL;
  }
  if (hit != n) CT_FAILS(o, "the parts hit %lld of the %lld indices of L", (long long)hit, (long long)n);
}

CT_FN void ct_p_part_11(const ct_case *c, ct_outcome *o) { ct_pt_pad((int)(c->k[1] & 1), c, o); }

/* The tiler's modes with `extra` inserted at position p (the projection's
 * X); P the projection: 1, `_` at p. */
CT_FN static ct_code ct_pt_insert(const ct_layout *T, int p, const ct_layout *extra, int as_tiler, ct_layout *out,
                                  ct_tuple *P, ct_err *e) {
  int r = ct_t_rank(&T->shape, 0), k, hs, hd, hp;
  ct_t_clear(&out->shape);
  ct_t_clear(&out->stride);
  ct_t_clear(P);
  CT_TRY(ct_t_open(&out->shape, &hs, e));
  CT_TRY(ct_t_open(&out->stride, &hd, e));
  CT_TRY(ct_t_open(P, &hp, e));
  for (k = 0; k <= r; ++k) {
    if (k == p) {
      CT_TRY(ct_t_push_sub(&out->shape, &extra->shape, 0, e));
      CT_TRY(ct_t_push_sub(&out->stride, &extra->stride, 0, e));
      CT_TRY(ct_t_push_all(P, e));
    }
    if (k == r) break;
    CT_TRY(ct_t_push_sub(&out->shape, &T->shape, ct_t_mode(&T->shape, 0, k), e));
    CT_TRY(ct_t_push_sub(&out->stride, &T->stride, ct_t_mode(&T->stride, 0, k), e));
    CT_TRY(ct_t_push_int(P, 1, 0, e));
  }
  CT_TRY(ct_t_close(&out->shape, hs, e));
  CT_TRY(ct_t_close(&out->stride, hd, e));
  CT_TRY(ct_t_close(P, hp, e));
  if (as_tiler) out->shape.nd[0].mark = out->stride.nd[0].mark = 1;
  return CT_OK;
}

/* PART-5: local_tile(L, T+X, c+x, P) is inner_partition(L, T, c): the mode
 * marked X (`_` in P) is dropped from the tiler and the coordinate, and
 * nothing else; without P local_tile is inner_partition. */
CT_FN void ct_p_part_5(const ct_case *c, ct_outcome *o) {
  const ct_layout *L = &c->v[0], *T = &c->v[1];
  ct_layout Z, R, R2, extra, TT;
  ct_tuple x, P, xx, junk;
  ct_err e;
  ct_judgement j;
  uint64_t h = ct_pt_hash(c);
  int64_t o1, o2;
  int r = ct_t_rank(&T->shape, 0), p = (int)(h % (uint64_t)(r + 1));
  ct_code rc = ct_zipped_divide(L, T, &Z, &e);
  if (rc != CT_OK || !ct_pt_z_ok(&Z)) {
    if (rc != CT_OK) ct_rejected(c, o, &e, "zipped_divide");
    else o->verdict = CT_SKIPPED;
    return;
  }
  /* the coordinate: one entry per tiler mode (c's by ct_pt_coord), as a tuple */
  if (ct_build_failed(ct_pt_coord(&Z, 1, (h >> 3) * 3, &x, &e), o, "a coordinate")) return; /* form 0: an integer */
  {
    ct_layout X1, Xc;
    int k, hx;
    ct_t_clear(&X1.shape);
    if (ct_build_failed(ct_t_open(&X1.shape, &hx, &e), o, "a coordinate")) return;
    for (k = 0; k < r; ++k) {
      int zr = ct_t_child(&Z.shape, 0, 1);
      int64_t nk = ct_pt_size(&Z.shape, Z.shape.nd[zr].kind == CT_TUPLE && k < Z.shape.nd[zr].rank ? ct_t_child(&Z.shape, zr, k) : zr);
      if ((h >> (40 + k)) & 1) ct_step(&rc, ct_t_push_all(&X1.shape, &e));
      else ct_step(&rc, ct_t_push_int(&X1.shape, (int64_t)((h >> (8 + 2 * k)) % (uint64_t)(nk < 1 ? 1 : nk)), 0, &e));
    }
    ct_step(&rc, ct_t_close(&X1.shape, hx, &e));
    if (ct_build_failed(rc, o, "a coordinate")) return;
    ct_t_copy(&x, &X1.shape);
    ct_t_copy(&X1.stride, &X1.shape);
    ct_l_set_int(&extra, 5, 0, 0, 0); /* the coordinate's X entry: any integer */
    if (ct_build_failed(ct_pt_insert(&X1, p, &extra, 0, &Xc, &P, &e), o, "a coordinate")) return;
    ct_t_copy(&xx, &Xc.shape);
  }
  ct_l_set_int(&extra, 3, 0, 1, 0); /* the tiler's X mode */
  if (ct_build_failed(ct_pt_insert(T, p, &extra, 1, &TT, &junk, &e), o, "a tiler")) return;
  rc = ct_inner_partition(L, T, &x, &R2, &o2, &e);
  if (ct_build_failed(rc, o, "inner_partition")) return;
  rc = ct_local_tile(L, &TT, &xx, &P, &R, &o1, &e);
  if (ct_build_failed(rc, o, "local_tile with a projection")) return;
  o->digest = ct_digest_layout(&R);
  if (!ct_l_equal(&R, &R2, 0) || o1 != o2) {
    CT_FAILS(o, "local_tile with the projection: offset %lld, inner_partition without the X mode: offset %lld, or another layout",
             (long long)o1, (long long)o2);
    return;
  }
  ct_judge_part_5(L, &TT, &xx, &P, &R, CT_BRUTE_MAX, &j);
  if (j.status == CT_J_VIOLATED) {
    ct_judged(&j, o);
    return;
  }
  rc = ct_local_tile(L, T, &x, 0, &R, &o1, &e);
  if (ct_build_failed(rc, o, "local_tile")) return;
  if (!ct_l_equal(&R, &R2, 0) || o1 != o2) CT_FAILS(o, "local_tile is not inner_partition");
}

/* The thread layout of a case: the shape (s_0, ...) of the tiler's sizes
 * (1 for `_` and for a size that does not divide L's mode), compact
 * column- or row-major: a bijection onto [0, size). */
CT_FN static ct_code ct_pt_thr(const ct_case *c, int right, ct_layout *thr, ct_err *e) {
  const ct_layout *L = &c->v[0], *T = &c->v[1];
  ct_tuple S;
  int r = ct_t_rank(&T->shape, 0), k, h;
  ct_t_clear(&S);
  CT_TRY(ct_t_open(&S, &h, e));
  for (k = 0; k < r; ++k) {
    int tk = ct_t_mode(&T->shape, 0, k), lk = ct_t_mode(&L->shape, 0, k);
    int64_t s = T->shape.nd[tk].kind == CT_ALL ? 1 : ct_pt_size(&T->shape, tk), n = lk < 0 ? 1 : ct_pt_size(&L->shape, lk);
    if (s < 1 || n < 1 || n % s != 0) s = 1;
    CT_TRY(ct_t_push_int(&S, s, 0, e));
  }
  CT_TRY(ct_t_close(&S, h, e));
  return right ? ct_l_compact_right(&S, thr, e) : ct_l_compact_left(&S, thr, e);
}

/* PART-6: local_partition(L, thr, idx), and with a projection that drops
 * an inserted mode 3:0 of the thread layout, judged. */
CT_FN void ct_p_part_6(const ct_case *c, ct_outcome *o) {
  ct_layout thr, thr2, extra, R, R2;
  ct_tuple P;
  ct_err e;
  ct_judgement j;
  uint64_t h = ct_pt_hash(c);
  int64_t n, idx, o1, o2;
  ct_code rc;
  if (ct_build_failed(ct_pt_thr(c, (int)(h & 1), &thr, &e), o, "a thread layout")) return;
  n = ct_size(&thr);
  idx = (int64_t)((h >> 5) % (uint64_t)(2 * n)); /* past size(thr) too: CuTe reads it by (idx / d) % s */
  rc = ct_local_partition(&c->v[0], &thr, idx, 0, &R2, &o2, &e);
  if (rc != CT_OK) {
    ct_rejected(c, o, &e, "local_partition");
    return;
  }
  o->digest = ct_digest_layout(&R2);
  ct_judge_part_6(&c->v[0], &thr, idx, 0, &R2, CT_BRUTE_MAX, &j);
  if (j.status == CT_J_VIOLATED) {
    ct_judged(&j, o);
    return;
  }
  ct_l_set_int(&extra, 3, 0, 0, 0);
  if (ct_build_failed(ct_pt_insert(&thr, (int)((h >> 9) % (uint64_t)(ct_t_rank(&thr.shape, 0) + 1)), &extra, 0, &thr2, &P, &e), o,
                      "a thread layout"))
    return;
  rc = ct_local_partition(&c->v[0], &thr2, idx, &P, &R, &o1, &e);
  if (ct_build_failed(rc, o, "local_partition with a projection")) return;
  if (!ct_l_equal(&R, &R2, 0) || o1 != o2) {
    CT_FAILS(o, "the projection changed the part (offsets %lld and %lld)", (long long)o1, (long long)o2);
    return;
  }
  ct_judge_part_6(&c->v[0], &thr2, idx, &P, &R, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

/* PART-7: the partitions of every thread index of a thread layout that is
 * a bijection onto [0, size(thr)), whose modes' sizes divide L's. */
CT_FN void ct_p_part_7(const ct_case *c, ct_outcome *o) {
  ct_layout thr;
  ct_err e;
  if (ct_build_failed(ct_pt_thr(c, (int)(ct_pt_hash(c) & 1), &thr, &e), o, "a thread layout")) return;
  ct_pt_cover(2, &c->v[0], 0, &thr, o);
}

/* Every integer's static mark flipped. */
CT_FN static void ct_pt_flip(ct_tuple *t) {
  int i;
  for (i = 0; i < t->n; ++i)
    if (t->nd[i].kind == CT_INT) t->nd[i].stat = (uint8_t)!t->nd[i].stat;
}

/* PART-8: the answers and offsets of inner_partition, outer_partition and
 * local_partition (thread layout with a size-1 stride-0 leaf) are the same
 * with every static mark flipped (#2083, #3513). */
CT_FN void ct_p_part_8(const ct_case *c, ct_outcome *o) {
  ct_layout L = c->v[0], T = c->v[1], thr, R1, R2;
  ct_tuple x;
  ct_err e;
  int64_t o1, o2, idx;
  int which, flip;
  uint64_t h = ct_pt_hash(c);
  ct_code r1 = CT_OK, r2 = CT_OK;
  ct_l_set_int(&thr, 1, 1, 0, 1);
  {
    ct_layout one, t0;
    ct_tuple P;
    if (ct_build_failed(ct_pt_thr(c, 0, &t0, &e), o, "a thread layout")) return;
    ct_l_set_int(&one, 1, 1, 0, 1); /* _1:_0, CuTe's size-1 mode of a thread layout */
    if (ct_build_failed(ct_pt_insert(&t0, 0, &one, 0, &thr, &P, &e), o, "a thread layout")) return;
  }
  idx = (int64_t)(h % (uint64_t)(ct_size(&thr) > 0 ? ct_size(&thr) : 1));
  o->digest = 0;
  for (which = 0; which < 3; ++which) {
    ct_layout Z;
    if (ct_zipped_divide(&L, &T, &Z, &e) != CT_OK || !ct_pt_z_ok(&Z)) {
      o->verdict = CT_SKIPPED;
      return;
    }
    ct_t_set_int(&x, (int64_t)((h >> 7) % (uint64_t)ct_pt_size(&Z.shape, ct_t_child(&Z.shape, 0, which == 1 ? 0 : 1))), 0);
    for (flip = 0; flip < 2; ++flip) {
      ct_code rc = which == 0   ? ct_inner_partition(&L, &T, &x, flip ? &R2 : &R1, flip ? &o2 : &o1, &e)
                   : which == 1 ? ct_outer_partition(&L, &T, &x, flip ? &R2 : &R1, flip ? &o2 : &o1, &e)
                                : ct_local_partition(&L, &thr, idx, 0, flip ? &R2 : &R1, flip ? &o2 : &o1, &e);
      if (flip) r2 = rc;
      else r1 = rc;
      ct_pt_flip(&L.shape);
      ct_pt_flip(&L.stride);
      ct_pt_flip(&T.shape);
      ct_pt_flip(&T.stride);
      ct_pt_flip(&thr.shape);
      ct_pt_flip(&thr.stride);
      ct_pt_flip(&x);
    }
    if (r1 != r2) {
      CT_FAILS(o, "part %d: %s with the marks as drawn, %s with them flipped", which, ct_code_name(r1), ct_code_name(r2));
      return;
    }
    if (r1 == CT_OK && (!ct_l_equal(&R1, &R2, 0) || o1 != o2)) {
      CT_FAILS(o, "part %d: another answer with the marks flipped (offsets %lld and %lld)", which, (long long)o1,
               (long long)o2);
      return;
    }
    o->digest = o->digest * 31u + (r1 == CT_OK ? ct_digest_layout(&R1) : ct_digest_code(r1));
  }
}

/* inner_partition!COORD_OUT_OF_RANGE: the coordinate size(rest) is one
 * past the last tile. */
CT_FN void ct_p_part_e1(const ct_case *c, ct_outcome *o) {
  ct_layout Z, R;
  ct_tuple x;
  ct_err e;
  ct_code rc = ct_zipped_divide(&c->v[0], &c->v[1], &Z, &e);
  if (rc != CT_OK || !ct_pt_z_ok(&Z)) {
    if (rc != CT_OK) ct_rejected(c, o, &e, "zipped_divide");
    else o->verdict = CT_SKIPPED;
    return;
  }
  ct_t_set_int(&x, ct_pt_size(&Z.shape, ct_t_child(&Z.shape, 0, 1)), 0);
  rc = ct_inner_partition(&c->v[0], &c->v[1], &x, &R, 0, &e);
  o->digest = ct_digest_code(rc);
  if (rc != CT_COORD_OUT_OF_RANGE) CT_FAILS(o, "coordinate size(rest): %s, not COORD_OUT_OF_RANGE", ct_code_name(rc));
}

/* local_partition!DIVISION_BY_ZERO: a thread layout with a leaf s:0, s > 1
 * (CuTe divides idx by 0). */
CT_FN void ct_p_part_e2(const ct_case *c, ct_outcome *o) {
  ct_layout thr, R;
  ct_err e;
  ct_code rc;
  /* from v[0] alone: a layout generator's case has no v[1], and reading its
   * uninitialized nodes faulted on the GPU (H100, 2026-12-06) */
  int64_t s = 2 + (int64_t)(ct_digest_layout(&c->v[0]) % 3);
  ct_l_set_int(&thr, s, 0, 0, 0);
  rc = ct_local_partition(&c->v[0], &thr, 1, 0, &R, 0, &e);
  o->digest = ct_digest_code(rc);
  if (rc != CT_DIVISION_BY_ZERO) CT_FAILS(o, "thread layout %lld:0: %s, not DIVISION_BY_ZERO", (long long)s, ct_code_name(rc));
}

/* PART-9: the offsets of inner_partition, outer_partition and local_tile
 * (with a projection that drops an inserted mode), judged apart from the
 * reference's slice. */
CT_FN void ct_p_part_9(const ct_case *c, ct_outcome *o) {
  const ct_layout *L = &c->v[0], *T = &c->v[1];
  ct_layout Z, R, extra, TT, X1, Xc;
  ct_tuple x, P, junk;
  ct_err e;
  ct_judgement j;
  uint64_t h = ct_pt_hash(c);
  int which = (int)(h % 3), r = ct_t_rank(&T->shape, 0), p = (int)((h >> 2) % (uint64_t)(r + 1));
  int64_t off;
  ct_code rc = ct_zipped_divide(L, T, &Z, &e);
  if (rc != CT_OK || !ct_pt_z_ok(&Z)) {
    if (rc != CT_OK) ct_rejected(c, o, &e, "zipped_divide");
    else o->verdict = CT_SKIPPED;
    return;
  }
  if (ct_build_failed(ct_pt_coord(&Z, which == 1 ? 0 : 1, h >> 5, &x, &e), o, "a coordinate")) return;
  if (which < 2) {
    rc = which ? ct_outer_partition(L, T, &x, &R, &off, &e) : ct_inner_partition(L, T, &x, &R, &off, &e);
    if (ct_build_failed(rc, o, "a part")) return;
    o->digest = (uint64_t)off;
    ct_judge_part_9(which, L, T, &x, 0, off, &j);
    ct_judged(&j, o);
    return;
  }
  /* local_tile with X inserted at p: the coordinate a tuple of the tiler's rank */
  {
    int k, hx, zr = ct_t_child(&Z.shape, 0, 1);
    ct_t_clear(&X1.shape);
    ct_step(&rc, ct_t_open(&X1.shape, &hx, &e));
    for (k = 0; k < r; ++k) {
      int64_t nk = ct_pt_size(&Z.shape, Z.shape.nd[zr].kind == CT_TUPLE && k < Z.shape.nd[zr].rank ? ct_t_child(&Z.shape, zr, k) : zr);
      ct_step(&rc, ct_t_push_int(&X1.shape, (int64_t)((h >> (9 + 3 * k)) % (uint64_t)(nk < 1 ? 1 : nk)), 0, &e));
    }
    ct_step(&rc, ct_t_close(&X1.shape, hx, &e));
    if (ct_build_failed(rc, o, "a coordinate")) return;
    ct_t_copy(&X1.stride, &X1.shape);
    ct_l_set_int(&extra, 7, 0, 0, 0);
    if (ct_build_failed(ct_pt_insert(&X1, p, &extra, 0, &Xc, &P, &e), o, "a coordinate")) return;
    ct_l_set_int(&extra, 3, 0, 1, 0);
    if (ct_build_failed(ct_pt_insert(T, p, &extra, 1, &TT, &junk, &e), o, "a tiler")) return;
  }
  rc = ct_local_tile(L, &TT, &Xc.shape, &P, &R, &off, &e);
  if (ct_build_failed(rc, o, "local_tile with a projection")) return;
  o->digest = (uint64_t)off;
  ct_judge_part_9(2, L, &TT, &Xc.shape, &P, off, &j);
  ct_judged(&j, o);
}

/* PART-10: the offset of a thread's partition, with and without a
 * projection that drops an inserted mode 3:0, judged by CuTe's per-leaf
 * (idx / d) % s apart from ref/partition.c. */
CT_FN void ct_p_part_10(const ct_case *c, ct_outcome *o) {
  ct_layout thr, thr2, extra, R;
  ct_tuple P;
  ct_err e;
  ct_judgement j;
  uint64_t h = ct_pt_hash(c);
  int64_t n, idx, off;
  ct_code rc;
  if (ct_build_failed(ct_pt_thr(c, (int)(h & 1), &thr, &e), o, "a thread layout")) return;
  n = ct_size(&thr);
  idx = (int64_t)((h >> 5) % (uint64_t)(2 * n));
  if ((h >> 3) & 1) {
    rc = ct_local_partition(&c->v[0], &thr, idx, 0, &R, &off, &e);
    if (rc != CT_OK) {
      ct_rejected(c, o, &e, "local_partition");
      return;
    }
    o->digest = (uint64_t)off;
    ct_judge_part_10(&c->v[0], &thr, idx, 0, off, &j);
    ct_judged(&j, o);
    return;
  }
  ct_l_set_int(&extra, 3, 0, 0, 0);
  if (ct_build_failed(ct_pt_insert(&thr, (int)((h >> 9) % (uint64_t)(ct_t_rank(&thr.shape, 0) + 1)), &extra, 0, &thr2, &P, &e), o,
                      "a thread layout"))
    return;
  rc = ct_local_partition(&c->v[0], &thr2, idx, &P, &R, &off, &e);
  if (rc != CT_OK) {
    ct_rejected(c, o, &e, "local_partition");
    return;
  }
  o->digest = (uint64_t)off;
  ct_judge_part_10(&c->v[0], &thr2, idx, &P, off, &j);
  ct_judged(&j, o);
}

/* make_layout_tv's arguments from a pair case: the compact layouts of the
 * two shapes, column- or row-major; 0 where the tile is past the brute
 * bound. */
CT_FN static int ct_tv_args(const ct_case *c, ct_layout *thr, ct_layout *val, ct_outcome *o) {
  ct_err e;
  uint64_t h = ct_pt_hash(c);
  int64_t nt, nv;
  ct_code rc = h & 1 ? ct_l_compact_right(&c->v[0].shape, thr, &e) : ct_l_compact_left(&c->v[0].shape, thr, &e);
  if (rc == CT_OK) rc = h & 2 ? ct_l_compact_right(&c->v[1].shape, val, &e) : ct_l_compact_left(&c->v[1].shape, val, &e);
  if (ct_build_failed(rc, o, "a compact layout")) return 0;
  nt = ct_size(thr);
  nv = ct_size(val);
  if (nt < 1 || nv < 1 || nt > CT_BRUTE_MAX || nv > CT_BRUTE_MAX / nt) {
    o->verdict = CT_SKIPPED;
    return 0;
  }
  return 1;
}

/* TV-1: make_layout_tv of two compact layouts, judged against the inverses
 * of thr and val. */
CT_FN void ct_p_tv_1(const ct_case *c, ct_outcome *o) {
  ct_layout thr, val, TV;
  ct_err e;
  ct_judgement j;
  if (!ct_tv_args(c, &thr, &val, o)) return;
  if (ct_build_failed(ct_make_layout_tv(&thr, &val, &TV, &e), o, "make_layout_tv")) return;
  o->digest = ct_digest_layout(&TV);
  ct_judge_tv_1(&thr, &val, &TV, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

/* TV-2: its tiler. */
CT_FN void ct_p_tv_2(const ct_case *c, ct_outcome *o) {
  ct_layout thr, val;
  ct_tuple t;
  ct_err e;
  ct_judgement j;
  if (!ct_tv_args(c, &thr, &val, o)) return;
  if (ct_build_failed(ct_make_layout_tv_tiler(&thr, &val, &t, &e), o, "make_layout_tv_tiler")) return;
  o->digest = (uint64_t)t.n * 977u + (uint64_t)t.nd[0].v;
  ct_judge_tv_2(&thr, &val, &t, &j);
  ct_judged(&j, o);
}

/* make_layout_tv's rejections: one argument replaced by a layout s:d
 * (s in 2..5) that breaks TV-DEF's bijection, and the code expected. */
CT_FN static void ct_tv_rejects(const ct_case *c, int on_val, int64_t d, ct_code want, ct_outcome *o) {
  ct_layout thr, val, TV;
  ct_err e;
  ct_code rc;
  if (!ct_tv_args(c, &thr, &val, o)) return;
  o->verdict = CT_PASS;
  ct_l_set_int(on_val ? &val : &thr, 2 + (int64_t)(ct_pt_hash(c) % 4), 0, d, 0);
  rc = ct_make_layout_tv(&thr, &val, &TV, &e);
  o->digest = ct_digest_code(rc);
  if (rc != want)
    CT_FAILS(o, "%s layout s:%lld: %s, not %s", on_val ? "value" : "thread", (long long)d, ct_code_name(rc),
             ct_code_name(want));
}

/* make_layout_tv!NOT_INJECTIVE: a thread layout with a mode of stride 0
 * (every thread index twice). */
CT_FN void ct_p_tv_e1(const ct_case *c, ct_outcome *o) { ct_tv_rejects(c, 0, 0, CT_NOT_INJECTIVE, o); }

/* make_layout_tv!NO_LAYOUT: an injective value layout with holes in its
 * image (stride 2), so some value index has no coordinate. */
CT_FN void ct_p_tv_e2(const ct_case *c, ct_outcome *o) { ct_tv_rejects(c, 1, 2, CT_NO_LAYOUT, o); }
