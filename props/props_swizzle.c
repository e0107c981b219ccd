/* props_swizzle.c -- properties of spec/swizzle.md: SW-1..SW-7 and the
 * rejections (BAD_SWIZZLE).
 *
 * Cases come from CT_GEN_SWIZZLE: the first CT_SW_GRID cases of a seed are
 * every swizzle of the small grid, so every property sees all of them; each
 * property then visits every offset of [0, 2^(B+M+|S|+1)) (up to
 * CT_BRUTE_MAX) and a few far and negative ones. */
#include "props/derived.h"
#include "props/props.h"
#include "props/props_divide.h"
#include "props/props_list.h"
#include "ref/composed.h"

CT_FN void ct_gen_swizzle_case(ct_rng *r, const ct_gen_params *p, uint64_t index, ct_case *c) {
  if (index < CT_SW_GRID) ct_gen_swizzle_at((int64_t)index, &c->w[0]);
  else ct_gen_swizzle(r, &c->w[0]);
  ct_gen_swizzle(r, &c->w[1]);
  if (ct_rng_chance(r, 1, 2)) { /* the same shift: a pair composition accepts, half the time */
    int s = c->w[0].s, as = s < 0 ? -s : s;
    c->w[1].s = s;
    if (c->w[1].b > as) c->w[1].b = as;
  }
  ct_gen_layout(r, p, -1, &c->v[0]);
  ct_gen_divisor(r, p, &c->v[0], &c->v[1]);
  ct_gen_tiler(r, p, &c->v[0], &c->v[2]);
  c->k[0] = ct_rng_chance(r, 1, 2) ? 0 : ct_rng_range(r, 0, 64);
  c->k[1] = ct_rng_range(r, 0, ((int64_t)1 << (ct_sw_width(&c->w[0]) + 1)) - 1);
  c->n = 3;
}

/* The offsets a property visits: [0, min(2^(width+1), CT_BRUTE_MAX)), then
 * every power of two (a swizzle is linear over GF(2), so agreeing on them
 * and on 0 is agreeing everywhere), k1 and a few far and negative ones. */
#define CT_SW_EXTRA (64 + 6)
CT_FN static int64_t ct_sw_count(const ct_swizzle *w) {
  int64_t n = (int64_t)1 << (ct_sw_width(w) + 1);
  return (n < CT_BRUTE_MAX ? n : CT_BRUTE_MAX) + CT_SW_EXTRA;
}
/* Offset t of the visit; n = ct_sw_count(w) - CT_SW_EXTRA, taken once per
 * case rather than per offset. */
CT_FN static int64_t ct_sw_x(const ct_case *c, int64_t n, int64_t t) {
  int64_t k = c->k[1];
  if (t < n) return t;
  if (t - n < 64) return (int64_t)((uint64_t)1 << (t - n));
  switch (t - n - 64) {
  case 0: return k;
  case 1: return -k - 1;
  case 2: return k + ((int64_t)1 << 40);
  case 3: return INT64_MAX - k;
  case 4: return INT64_MIN + k;
  default: return ((int64_t)0x5DEECE66D << 20) ^ k;
  }
}

CT_FN static int ct_sw_valid(const ct_swizzle *w) {
  int as = w->s < 0 ? -w->s : w->s;
  return w->b >= 0 && w->m >= 0 && as >= w->b && w->b + w->m + as <= CT_SW_MAX_BITS;
}

CT_FN static uint64_t ct_digest_sw(const ct_swizzle *w) {
  return ct_mix64(0x5717u ^ (uint64_t)(w->b + 64 * w->m + 4096 * (w->s + 64)));
}

CT_FN void ct_p_sw_1(const ct_case *c, ct_outcome *o) {
  const ct_swizzle *w = &c->w[0];
  ct_sw_masks k;
  int64_t t, n = ct_sw_count(w), nx = n - CT_SW_EXTRA;
  o->digest = ct_digest_sw(w);
  ct_sw_masks_of(w, &k);
  for (t = 0; t < n; ++t) {
    int64_t x = ct_sw_x(c, nx, t), got = ct_sw_apply(w, x), want = ct_sw_by_bits(w, x);
    if (got != want) {
      CT_FAILS(o, "Sw<%d,%d,%d>(%lld) = %lld, bit by bit %lld", w->b, w->m, w->s, (long long)x, (long long)got,
               (long long)want);
      return;
    }
    /* the fast path the other brute forces take (ct_sw_apply_masks) */
    if (ct_sw_apply_masks(&k, x) != got) {
      CT_FAILS(o, "Sw<%d,%d,%d>(%lld) = %lld, with the masks taken once %lld", w->b, w->m, w->s, (long long)x,
               (long long)got, (long long)ct_sw_apply_masks(&k, x));
      return;
    }
  }
}

CT_FN void ct_p_sw_2(const ct_case *c, ct_outcome *o) {
  const ct_swizzle *w = &c->w[0];
  ct_sw_masks k;
  int64_t t, n = ct_sw_count(w), nx = n - CT_SW_EXTRA;
  o->digest = ct_digest_sw(w);
  ct_sw_masks_of(w, &k); /* the masks once (SW-1 checks them) */
  for (t = 0; t < n; ++t) {
    int64_t x = ct_sw_x(c, nx, t), y = ct_sw_apply_masks(&k, ct_sw_apply_masks(&k, x));
    if (y != x) {
      CT_FAILS(o, "Sw<%d,%d,%d>(Sw<%d,%d,%d>(%lld)) = %lld", w->b, w->m, w->s, w->b, w->m, w->s, (long long)x,
               (long long)y);
      return;
    }
  }
}

/* SW-3: only Z bits change, and only within the aligned block of 2^width;
 * on [0, 2^width) the swizzle is a permutation. */
CT_FN void ct_p_sw_3(const ct_case *c, ct_outcome *o) {
  const ct_swizzle *w = &c->w[0];
  int width = ct_sw_width(w);
  int64_t t, n = ct_sw_count(w), nx = n - CT_SW_EXTRA, z = ct_sw_zmask(w);
  ct_sw_masks k;
  CT_SCRATCH unsigned char seen[CT_BRUTE_MAX];
  o->digest = ct_digest_sw(w);
  ct_sw_masks_of(w, &k); /* the masks once (SW-1 checks them) */
  for (t = 0; t < n; ++t) {
    int64_t x = ct_sw_x(c, nx, t), y = ct_sw_apply_masks(&k, x);
    if (((x ^ y) & ~z) != 0 || (x >> width) != (y >> width)) {
      CT_FAILS(o, "Sw<%d,%d,%d>(%lld) = %lld changes bits outside Z = %lld or its block of 2^%d", w->b, w->m, w->s,
               (long long)x, (long long)y, (long long)z, width);
      return;
    }
  }
  if (((int64_t)1 << width) > CT_BRUTE_MAX) return;
  for (t = 0; t < ((int64_t)1 << width); ++t) seen[t] = 0;
  for (t = 0; t < ((int64_t)1 << width); ++t) {
    int64_t y = ct_sw_apply_masks(&k, t);
    if (y < 0 || y >= ((int64_t)1 << width) || seen[y]) {
      CT_FAILS(o, "Sw<%d,%d,%d> is no permutation of [0, 2^%d): %lld -> %lld", w->b, w->m, w->s, width, (long long)t,
               (long long)y);
      return;
    }
    seen[y] = 1;
  }
}

/* SW-4: make_swizzle of a swizzle's masks gives it back; of other masks
 * (a swizzle's with one bit flipped), it answers exactly when some
 * swizzle has those masks, and then that one. */
CT_FN void ct_p_sw_4(const ct_case *c, ct_outcome *o) {
  const ct_swizzle *w = &c->w[0];
  int64_t y = ct_sw_ymask(w), z = ct_sw_zmask(w);
  ct_swizzle r, cand;
  ct_err e;
  int b, m, s, exists = 0, ones = 0;
  if (ct_make_swizzle(y, z, &r, &e) != CT_OK) {
    CT_FAILS(o, "make_swizzle(%lld, %lld) of Sw<%d,%d,%d> rejected: %s", (long long)y, (long long)z, w->b, w->m, w->s,
             e.msg);
    return;
  }
  if (!ct_sw_same(&r, w) || ct_sw_ymask(&r) != y || ct_sw_zmask(&r) != z) {
    CT_FAILS(o, "make_swizzle(%lld, %lld) = Sw<%d,%d,%d>, not Sw<%d,%d,%d>", (long long)y, (long long)z, r.b, r.m, r.s,
             w->b, w->m, w->s);
    return;
  }
  if (c->k[1] & 1) y ^= (int64_t)1 << (c->k[1] % 31);
  else z ^= (int64_t)1 << (c->k[1] % 31);
  for (b = 0; b < 63; ++b) ones += (int)((y >> b) & 1);
  /* every swizzle that ct_sw_valid admits (|S| >= B, B + M + |S| <= the
   * bound), in the order of (B, M, S); the bounds skip the others unvisited,
   * and so does a B other than Y's number of bits: a Y mask of B bits
   * cannot equal Y then */
  for (b = 0; b <= CT_SW_MAX_BITS && !exists; ++b)
    for (m = 0; b + m <= CT_SW_MAX_BITS && !exists && b == ones; ++m)
      for (s = -(CT_SW_MAX_BITS - b - m); s <= CT_SW_MAX_BITS - b - m && !exists; ++s) {
        if (s > -b && s < b) continue;
        ct_sw_set(&cand, b, m, s);
        exists = ct_sw_valid(&cand) && ct_sw_ymask(&cand) == y && ct_sw_zmask(&cand) == z;
      }
  if (ct_make_swizzle(y, z, &r, &e) != CT_OK) {
    o->digest = ct_digest_code(e.code);
    if (exists) CT_FAILS(o, "make_swizzle(%lld, %lld) rejected, Sw<%d,%d,%d> has these masks", (long long)y, (long long)z,
                         cand.b, cand.m, cand.s);
    else if (e.code != CT_BAD_SWIZZLE) CT_FAILS(o, "make_swizzle(%lld, %lld): %s, not BAD_SWIZZLE", (long long)y,
                                                (long long)z, ct_code_name(e.code));
    return;
  }
  o->digest = ct_digest_sw(&r);
  {
    ct_judgement j;
    ct_judge_sw_4(y, z, &r, &j);
    ct_judged(&j, o);
  }
}

/* SW-5: an accepted composition is the function a o b; with equal shifts,
 * when a o b is a swizzle (its flipped bits a run Z, Sw<|Z|, low(Z), S>
 * equal to it on the visited offsets), it is accepted. */
CT_FN void ct_p_sw_5(const ct_case *c, ct_outcome *o) {
  const ct_swizzle *a = &c->w[0], *b = &c->w[1];
  ct_swizzle r, cand;
  ct_err e;
  int64_t t, n = ct_sw_count(a) > ct_sw_count(b) ? ct_sw_count(a) : ct_sw_count(b), flipped = 0;
  const ct_swizzle *wide = ct_sw_count(a) > ct_sw_count(b) ? a : b;
  int64_t nx = ct_sw_count(wide) - CT_SW_EXTRA;
  int is_swizzle = a->s == b->s, k, low = 0, bits = 0;
  ct_sw_masks ka, kb, kc;
  ct_sw_masks_of(a, &ka); /* the masks once (SW-1 checks them) */
  ct_sw_masks_of(b, &kb);
  for (t = 0; t < n; ++t) {
    int64_t x = ct_sw_x(c, nx, t);
    flipped |= ct_sw_apply_masks(&ka, ct_sw_apply_masks(&kb, x)) ^ x;
  }
  for (k = 62; k >= 0; --k)
    if ((flipped >> k) & 1) {
      low = k;
      ++bits;
    }
  /* the candidate: Z = the flipped bits, at M + max(0, -S) */
  ct_sw_set(&cand, bits, flipped ? low - (a->s < 0 ? -a->s : 0) : 0, a->s);
  if (!ct_sw_valid(&cand)) is_swizzle = 0; /* its masks are not taken */
  else ct_sw_masks_of(&cand, &kc);
  for (t = 0; t < n && is_swizzle; ++t) {
    int64_t x = ct_sw_x(c, nx, t);
    is_swizzle = ct_sw_apply_masks(&kc, x) == ct_sw_apply_masks(&ka, ct_sw_apply_masks(&kb, x));
  }
  if (ct_sw_compose(a, b, &r, &e) != CT_OK) {
    o->digest = ct_digest_code(e.code);
    if (is_swizzle)
      CT_FAILS(o, "composition(Sw<%d,%d,%d>, Sw<%d,%d,%d>) rejected (%s), yet it is Sw<%d,%d,%d>", a->b, a->m, a->s, b->b,
               b->m, b->s, ct_code_name(e.code), cand.b, cand.m, cand.s);
    else if (e.code != CT_BAD_SWIZZLE) CT_FAILS(o, "composition of swizzles: %s, not BAD_SWIZZLE", ct_code_name(e.code));
    return;
  }
  o->digest = ct_digest_sw(&r);
  {
    ct_judgement j;
    ct_judge_sw_5(a, b, &r, &j);
    ct_judged(&j, o);
    if (o->verdict == CT_FAILED) return;
  }
  ct_sw_masks_of(&r, &kc);
  for (t = 0; t < n; ++t) {
    int64_t x = ct_sw_x(c, nx, t), got = ct_sw_apply_masks(&kc, x),
            want = ct_sw_apply_masks(&ka, ct_sw_apply_masks(&kb, x));
    if (got != want) {
      CT_FAILS(o, "composition(Sw<%d,%d,%d>, Sw<%d,%d,%d>) = Sw<%d,%d,%d>: at %lld %lld, a(b(x)) = %lld", a->b, a->m,
               a->s, b->b, b->m, b->s, r.b, r.m, r.s, (long long)x, (long long)got, (long long)want);
      return;
    }
  }
}

/* SW-6: the inverse undoes the swizzle from either side, and composes with
 * it to the identity. */
CT_FN void ct_p_sw_6(const ct_case *c, ct_outcome *o) {
  const ct_swizzle *w = &c->w[0];
  ct_swizzle inv, id;
  ct_sw_masks kw, ki;
  ct_err e;
  int64_t t, n = ct_sw_count(w), nx = n - CT_SW_EXTRA;
  ct_sw_inverse(w, &inv);
  o->digest = ct_digest_sw(&inv);
  ct_sw_masks_of(w, &kw); /* the masks once (SW-1 checks them) */
  ct_sw_masks_of(&inv, &ki);
  for (t = 0; t < n; ++t) {
    int64_t x = ct_sw_x(c, nx, t);
    if (ct_sw_apply_masks(&ki, ct_sw_apply_masks(&kw, x)) != x || ct_sw_apply_masks(&kw, ct_sw_apply_masks(&ki, x)) != x) {
      CT_FAILS(o, "right_inverse(Sw<%d,%d,%d>) = Sw<%d,%d,%d> does not undo it at %lld", w->b, w->m, w->s, inv.b, inv.m,
               inv.s, (long long)x);
      return;
    }
  }
  if (ct_sw_compose(w, &inv, &id, &e) != CT_OK || id.b != 0)
    CT_FAILS(o, "composition(Sw<%d,%d,%d>, its inverse) is not the identity swizzle", w->b, w->m, w->s);
}

/* SW-7: composition(Sw, L) = Sw o _0 o L: R(i) = Sw(L(i)), same size and
 * cosize, each value in the block of 2^width of L(i), injective iff L is. */
CT_FN void ct_p_sw_7(const ct_case *c, ct_outcome *o) {
  const ct_swizzle *w = &c->w[0];
  const ct_layout *L = &c->v[0];
  ct_composed R;
  ct_leaf_form FL; /* L index after index */
  ct_err e;
  ct_val sl, sr, cl, cr;
  int plain, width = ct_sw_width(w);
  int64_t i, n = ct_size(L);
  CT_SCRATCH int64_t va[CT_BRUTE_MAX], vb[CT_BRUTE_MAX];
  if (ct_cl_of_swizzle(w, L, &R, &plain, &e) != CT_OK) {
    CT_FAILS(o, "composition(Sw<%d,%d,%d>, L) rejected: %s", w->b, w->m, w->s, e.msg);
    return;
  }
  o->digest = ct_digest_layout(&R.inner) ^ ct_digest_sw(&R.sw);
  {
    ct_judgement j;
    ct_judge_sw_7(w, L, &R, plain, CT_BRUTE_MAX, &j);
    ct_judged(&j, o);
    if (o->verdict == CT_FAILED) return;
  }
  if (ct_l_size(L, &sl, &e) != CT_OK || ct_l_size(&R.inner, &sr, &e) != CT_OK || sl.v != sr.v ||
      ct_l_cosize(L, &cl, &e) != CT_OK || ct_l_cosize(&R.inner, &cr, &e) != CT_OK || cl.v != cr.v) {
    CT_FAILS(o, "composition(Sw, L): size or cosize differs from L's");
    return;
  }
  if (n < 0 || n > CT_BRUTE_MAX) return;
  ct_lf_init(&FL, L);
  for (i = 0; i < n; ++i) {
    int64_t li = ct_ev_form(&FL, i), ri = 0;
    if (ct_cl_eval(&R, i, &ri, &e) != CT_OK || ri != ct_sw_by_bits(w, li) || (ri >> width) != (li >> width)) {
      CT_FAILS(o, "composition(Sw<%d,%d,%d>, L)(%lld) = %lld, Sw(L(i)) = %lld", w->b, w->m, w->s, (long long)i,
               (long long)ri, (long long)ct_sw_by_bits(w, li));
      return;
    }
    va[i] = li;
    vb[i] = ri;
  }
  {
    int dup_a = ct_j_repeats(va, n), dup_b = ct_j_repeats(vb, n);
    if (dup_a != dup_b) CT_FAILS(o, "composition(Sw, L) is %sinjective while L is %sinjective", dup_b ? "not " : "",
                                 dup_a ? "not " : "");
  }
}

/* spec/swizzle.md, Preconditions: Sw<B,M,S> is rejected exactly when CuTe's asserts fail or a mask
 * reaches bit 31; the parameters are the case's, pushed past each bound. */
CT_FN void ct_p_sw_e_bad(const ct_case *c, ct_outcome *o) {
  ct_swizzle t[6];
  ct_err e;
  int k, as;
  t[0] = c->w[0];
  t[1] = c->w[0];
  t[1].b = -1 - (int)(c->k[1] % 3); /* B < 0 */
  t[2] = c->w[0];
  t[2].m = -1 - (int)(c->k[1] % 5); /* M < 0 */
  as = c->w[0].s < 0 ? -c->w[0].s : c->w[0].s;
  t[3] = c->w[0];
  t[3].b = as + 1 + (int)(c->k[1] % 2); /* |S| < B */
  t[4] = c->w[0];
  t[4].m = CT_SW_MAX_BITS + 1 - c->w[0].b - as + (int)(c->k[1] % 3); /* past bit 30 */
  t[5] = c->w[0];
  t[5].m = CT_SW_MAX_BITS - c->w[0].b - as; /* the widest valid base */
  for (k = 0; k < 6; ++k) {
    ct_code rc = ct_sw_check(&t[k], &e);
    int valid = ct_sw_valid(&t[k]);
    if (valid && rc != CT_OK) {
      CT_FAILS(o, "Sw<%d,%d,%d> rejected (%s), it is valid", t[k].b, t[k].m, t[k].s, ct_code_name(rc));
      return;
    }
    if (!valid && rc != CT_BAD_SWIZZLE) {
      CT_FAILS(o, "Sw<%d,%d,%d>: %s, want BAD_SWIZZLE", t[k].b, t[k].m, t[k].s, ct_code_name(rc));
      return;
    }
  }
  o->digest = ct_digest_sw(&c->w[0]);
}

/* The layout after the swizzle of SW-8 and CL-9, by k1 % 3: the case's v0
 * (mostly no simple case), the identity 2^(width+1):1 (Sw' is Sw), or the
 * transpose (2^a, 2^b):(2^b, 1), a + b = width, a = k1 / 3 % (width + 1):
 * a permutation of bits that carries Sw to another swizzle. */
CT_FN void ct_sw_case_outer(const ct_case *c, ct_layout *L) {
  int w = ct_sw_width(&c->w[0]), width = w < 10 ? w : 10; /* at most 2^11 indices: the check visits each */
  int pick = (int)(c->k[1] % 3), a = (int)(c->k[1] / 3 % (width + 1));
  ct_layout x, y;
  const ct_layout *two[2];
  ct_err e;
  if (pick == 0) {
    ct_l_copy(L, &c->v[0]);
    return;
  }
  if (pick == 1) {
    ct_l_set_int(L, (int64_t)1 << (width + 1), 1, 1, 1);
    return;
  }
  ct_l_set_int(&x, (int64_t)1 << a, 1, (int64_t)1 << (width - a), 1);
  ct_l_set_int(&y, (int64_t)1 << (width - a), 1, 1, 1);
  two[0] = &x;
  two[1] = &y;
  if (ct_l_concat(two, 2, L, &e) != CT_OK) ct_l_copy(L, &c->v[0]);
}

/* SW-8: composition(L, Sw), when accepted, is L(Sw(i)) on L's domain (the
 * judge); rejected only with NO_LAYOUT, UNDECIDED or OVERFLOW, never for an
 * identity Sw, whose answer is L itself. */
CT_FN void ct_p_sw_8(const ct_case *c, ct_outcome *o) {
  const ct_swizzle *w = &c->w[0];
  ct_layout L;
  ct_composed R;
  ct_judgement j;
  ct_err e;
  ct_code rc;
  int plain = 0;
  ct_sw_case_outer(c, &L);
  rc = ct_l_compose_swizzle(&L, w, &R, &plain, &e);
  o->digest = rc != CT_OK ? ct_digest_code(rc) : ct_digest_layout(&R.inner) ^ ct_digest_sw(&R.sw) ^ (uint64_t)plain;
  if (rc != CT_OK) {
    if (w->b == 0) CT_FAILS(o, "composition(L, Sw<0,%d,%d>) rejected: %s", w->m, w->s, e.msg);
    else if (rc != CT_NO_LAYOUT && rc != CT_UNDECIDED && rc != CT_OVERFLOW)
      CT_FAILS(o, "composition(L, Sw<%d,%d,%d>): %s, not NO_LAYOUT", w->b, w->m, w->s, ct_code_name(rc));
    return;
  }
  if (plain) ct_cl_of_layout(&R.inner, &R);
  ct_judge_sw_8(&L, w, &R, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
  if (o->verdict != CT_FAILED && w->b == 0 && (!plain || !ct_l_equal(&R.inner, &L, 0)))
    CT_FAILS(o, "composition(L, Sw<0,%d,%d>) is not L", w->m, w->s);
}

/* SW-9: make_layout(Sw) is Sw over _w:_1, w = B + M + |S| (CuTe's). */
CT_FN void ct_p_sw_9(const ct_case *c, ct_outcome *o) {
  const ct_swizzle *w = &c->w[0];
  ct_composed R;
  ct_err e;
  int plain = 0;
  int64_t i, n = ct_sw_width(w), got;
  if (ct_sw_make_layout(w, &R, &plain, &e) != CT_OK) {
    if (n != 0 || e.code != CT_SHAPE_NOT_POSITIVE) /* w = 0: no layout of size 0 */
      CT_FAILS(o, "make_layout(Sw<%d,%d,%d>) rejected: %s", w->b, w->m, w->s, e.msg);
    return;
  }
  if (n == 0) {
    CT_FAILS(o, "make_layout(Sw<0,0,0>) accepted: a layout of size 0");
    return;
  }
  o->digest = ct_digest_layout(&R.inner) ^ ct_digest_sw(&R.sw) ^ (uint64_t)plain;
  if (plain != (w->b == 0) || ct_size(&R.inner) != n) {
    CT_FAILS(o, "make_layout(Sw<%d,%d,%d>): %s of size %lld, want %s of size %lld", w->b, w->m, w->s,
             plain ? "a layout" : "a composed layout", (long long)ct_size(&R.inner), w->b == 0 ? "a layout" : "a composed layout",
             (long long)n);
    return;
  }
  if (plain) ct_cl_of_layout(&R.inner, &R);
  for (i = 0; i < n; ++i)
    if (ct_cl_eval(&R, i, &got, &e) != CT_OK || got != ct_sw_by_bits(w, i)) {
      CT_FAILS(o, "make_layout(Sw<%d,%d,%d>)(%lld) = %lld, Sw(i) = %lld", w->b, w->m, w->s, (long long)i, (long long)got,
               (long long)ct_sw_by_bits(w, i));
      return;
    }
}
