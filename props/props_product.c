/* props_product.c -- properties of spec/product.md: logical_product and its
 * regroupings (PROD-*), blocked_product (BLK-*), raked_product (RAKE-*),
 * tile_to_shape (TILE-*).
 *
 * A random second operand rarely multiplies a layout admissibly (its modes
 * must follow the digits of A's complement), so most checks derive their
 * operands from the case: B is a divisor (props/gen.c, ct_gen_divisor) of
 * A* = complement(A, size(A)*m), drawn from a generator seeded with the case
 * itself, so a case (and a shrunk or recorded one) always derives the same
 * B. The "/random" variants take the case's own B. */
#include "props/derived.h"
#include "props/props.h"
#include "props/props_divide.h"
#include "props/props_list.h"
#include "ref/construct.h"
#include "ref/ct_arith.h"
#include "ref/product.h"

#define CT_PP_LOGICAL 4 /* ct_dv_form: logical_product; +1 zipped, +2 tiled, +3 flat */

/* ---- derived operands ----------------------------------------------------------- */

CT_FN static void ct_pp_rng(const ct_case *c, uint64_t stream, ct_rng *r) {
  ct_rng_init(r, ct_digest_layout(&c->v[0]), ct_digest_layout(&c->v[1]), stream);
}

/* L's shape with compact strides given in the order of |L's strides| (ties
 * by position); zero strides stay zero. Every set of its modes has an
 * ordered complement. */
CT_FN static void ct_pp_compact_like(const ct_layout *L, ct_layout *out) {
  int idx[CT_MAX_NODES], done[CT_MAX_NODES], n = ct_t_leaves(&L->shape, 0, idx, CT_MAX_NODES), k, j;
  int64_t cur = 1;
  ct_l_copy(out, L);
  for (k = 0; k < n; ++k) done[k] = 0;
  for (k = 0; k < n; ++k) {
    int best = -1;
    int64_t bd = 0;
    for (j = 0; j < n; ++j) {
      int64_t d = L->stride.nd[idx[j]].v < 0 ? -L->stride.nd[idx[j]].v : L->stride.nd[idx[j]].v;
      if (!done[j] && (best < 0 || d < bd)) {
        best = j;
        bd = d;
      }
    }
    done[best] = 1;
    if (bd == 0) {
      out->stride.nd[idx[best]].v = 0;
    } else {
      out->stride.nd[idx[best]].v = cur;
      cur *= L->shape.nd[idx[best]].v;
    }
  }
}

/* A divisor of complement(A, size(A)*m), m in [1, 4]: composition(A*, B) is
 * admissible. 0 if A has no complement. */
CT_FN static int ct_pp_divisor_of_rest(ct_rng *r, const ct_layout *A, ct_layout *B) {
  ct_gen_params p;
  ct_layout As;
  ct_tuple cot;
  ct_err e;
  ct_t_set_int(&cot, ct_size(A) * ct_rng_range(r, 1, 4), 0);
  if (ct_complement(A, &cot, &As, &e) != CT_OK) return 0;
  ct_gen_default(&p);
  ct_gen_divisor(r, &p, &As, B);
  return 1;
}

/* B for the plain-layout product properties (the case's own B if A has no
 * complement). */
CT_FN void ct_pp_operand(const ct_case *c, ct_layout *B) {
  ct_rng r;
  ct_pp_rng(c, 0x9D0Du, &r);
  if (!ct_pp_divisor_of_rest(&r, &c->v[0], B)) ct_l_copy(B, &c->v[1]);
}

/* (A, T) for the tiler properties: A = the case's layout with compact
 * strides, T = the case's tiler with each layout mode k replaced by a
 * divisor of complement(A_k, size(A_k)*m), or, one time in three where A_k
 * is a tuple, by a nested tiler of such divisors of A_k's modes; `_` kept. */
/* Its tiler has at most rank(A) modes, each no larger than A's mode: within
 * every build, so the building steps cannot fail (codes dropped). */
CT_FN void ct_pp_tiler_case(const ct_case *c, ct_layout *A, ct_tiler *T) {
  ct_rng r;
  ct_err e;
  int k, hs, hd, rt;
  ct_pp_compact_like(&c->v[0], A);
  if (!(c->v[1].shape.nd[0].kind == CT_TUPLE && c->v[1].shape.nd[0].mark)) {
    ct_l_copy(T, &c->v[1]);
    return;
  }
  ct_pp_rng(c, 0x7113u, &r);
  rt = c->v[1].shape.nd[0].rank;
  ct_t_clear(&T->shape);
  ct_t_clear(&T->stride);
  ct_discard(ct_t_open(&T->shape, &hs, &e));
  ct_discard(ct_t_open(&T->stride, &hd, &e));
  for (k = 0; k < rt; ++k) {
    ct_tiler Tk;
    ct_layout Ak, Bk;
    ct_dv_subtiler(&c->v[1], k, &Tk);
    if (Tk.shape.nd[0].kind == CT_ALL || k >= ct_l_rank(A)) {
      ct_discard(ct_t_push_sub(&T->shape, &Tk.shape, 0, &e));
      ct_discard(ct_t_push_sub(&T->stride, &Tk.stride, 0, &e));
      continue;
    }
    ct_dv_mode(A, k, &Ak);
    if (Ak.shape.nd[0].kind == CT_TUPLE && Ak.shape.nd[0].rank >= 2 && ct_rng_chance(&r, 1, 3)) {
      int j, h1, h2; /* a nested tiler <D_0, D_1, ...> over A_k's modes */
      ct_discard(ct_t_open(&T->shape, &h1, &e));
      ct_discard(ct_t_open(&T->stride, &h2, &e));
      for (j = 0; j < Ak.shape.nd[0].rank; ++j) {
        ct_layout Akj;
        ct_dv_mode(&Ak, j, &Akj);
        if (ct_rng_chance(&r, 1, 5) || !ct_pp_divisor_of_rest(&r, &Akj, &Bk)) {
          ct_discard(ct_t_push_all(&T->shape, &e));
          ct_discard(ct_t_push_all(&T->stride, &e));
          continue;
        }
        ct_discard(ct_t_push_sub(&T->shape, &Bk.shape, 0, &e));
        ct_discard(ct_t_push_sub(&T->stride, &Bk.stride, 0, &e));
      }
      ct_discard(ct_t_close(&T->shape, h1, &e));
      ct_discard(ct_t_close(&T->stride, h2, &e));
      if (h1 >= 0 && h2 >= 0) T->shape.nd[h1].mark = T->stride.nd[h2].mark = 1;
      continue;
    }
    if (!ct_pp_divisor_of_rest(&r, &Ak, &Bk)) ct_l_copy(&Bk, &Tk);
    ct_discard(ct_t_push_sub(&T->shape, &Bk.shape, 0, &e));
    ct_discard(ct_t_push_sub(&T->stride, &Bk.stride, 0, &e));
  }
  ct_discard(ct_t_close(&T->shape, hs, &e));
  ct_discard(ct_t_close(&T->stride, hd, &e));
  T->shape.nd[0].mark = T->stride.nd[0].mark = 1;
}

/* A* = complement(A, size(A)*cosize(B)). */
CT_FN static ct_code ct_pp_rest(const ct_layout *A, const ct_layout *B, ct_layout *As, ct_err *e) {
  ct_val n, cs;
  int64_t m;
  ct_tuple cot;
  CT_TRY(ct_l_size(A, &n, e));
  CT_TRY(ct_l_cosize(B, &cs, e));
  if (ct_mul_ovf(n.v, cs.v, &m)) return CT_FAIL(e, CT_OVERFLOW, "size(A)*cosize(B) overflows");
  ct_t_set_int(&cot, m, 0);
  return ct_complement(A, &cot, As, e);
}

/* Â*(x): past the size through the last mode of coalesce(A*), as
 * composition reads A* (COMP-EXT); linear below 0 (accepted only when A*
 * is one mode). 0 where not defined. */
CT_FN static int64_t ct_pp_hat(const ct_j_ahat *h, int64_t x) {
  int64_t v = 0;
  return ct_j_ahat_at(h, x, &v) ? v : 0;
}

/* ---- logical_product with a layout B (PROD-1..4) -------------------------------- */

CT_FN static int ct_prod(const ct_case *c, const ct_layout *B, ct_layout *R, ct_outcome *o) {
  ct_err e;
  if (ct_logical_product_tiler(&c->v[0], B, R, &e) != CT_OK) {
    ct_rejected(c, o, &e, "logical_product");
    return 0;
  }
  o->digest = ct_digest_layout(R);
  return 1;
}

/* PROD-1: exactly make_layout(A, A* o B); rejected exactly when that is,
 * with the same code. */
CT_FN static void ct_prod_1(const ct_case *c, const ct_layout *B, ct_outcome *o) {
  const ct_layout *A = &c->v[0];
  ct_layout R, As, Tl, W;
  const ct_layout *parts[2];
  ct_err e, ew;
  ct_code got, want;
  if (ct_dv_is_tiler(B)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  got = ct_logical_product_tiler(A, B, &R, &e);
  want = ct_pp_rest(A, B, &As, &ew);
  if (want == CT_OK) want = ct_composition(&As, B, &Tl, &ew);
  if (want == CT_OK) {
    parts[0] = A;
    parts[1] = &Tl;
    want = ct_l_concat(parts, 2, &W, &ew);
  }
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  if (got != want) {
    CT_FAILS(o, "logical_product(%s, %s): %s, the definition: %s (%s)", ct_dv_show(A), ct_dv_show(B),
             got == CT_OK ? "a result" : ct_code_name(got), want == CT_OK ? "a result" : ct_code_name(want),
             want == CT_OK ? ct_dv_show(&W) : ew.msg);
    return;
  }
  if (got != CT_OK) {
    ct_rejected(c, o, &e, "logical_product");
    return;
  }
  if (!ct_l_equal(&R, &W, 0))
    CT_FAILS(o, "logical_product(%s, %s) is %s, make_layout(A, A* o B) is %s", ct_dv_show(A), ct_dv_show(B), ct_dv_show(&R),
             ct_dv_show(&W));
}

CT_FN void ct_p_prod_1(const ct_case *c, ct_outcome *o) {
  ct_layout B;
  ct_pp_operand(c, &B);
  ct_prod_1(c, &B, o);
}

CT_FN void ct_p_prod_1r(const ct_case *c, ct_outcome *o) { ct_prod_1(c, &c->v[1], o); }

/* PROD-2: rank 2, mode 0 exactly A. */
CT_FN void ct_p_prod_2(const ct_case *c, ct_outcome *o) {
  ct_layout B, R, R0;
  ct_pp_operand(c, &B);
  if (!ct_prod(c, &B, &R, o)) return;
  ct_dv_mode(&R, 0, &R0);
  if (ct_l_rank(&R) != 2 || !ct_l_equal(&R0, &c->v[0], 0))
    CT_FAILS(o, "logical_product(%s, %s) = %s: not (A, ...)", ct_dv_show(&c->v[0]), ct_dv_show(&B), ct_dv_show(&R));
}

/* PROD-3: mode 1 compatible with B and equal to Â*(B(j)); size. */
CT_FN void ct_p_prod_3(const ct_case *c, ct_outcome *o) {
  const ct_layout *A = &c->v[0];
  ct_layout B, R, R1, As;
  ct_j_ahat h;
  ct_err e;
  int64_t j, n;
  ct_pp_operand(c, &B);
  if (!ct_prod(c, &B, &R, o)) return;
  ct_dv_mode(&R, 1, &R1);
  if (ct_size(&R) != ct_size(A) * ct_size(&B)) {
    CT_FAILS(o, "size %lld, size(A)*size(B) = %lld*%lld", (long long)ct_size(&R), (long long)ct_size(A), (long long)ct_size(&B));
    return;
  }
  if (!ct_t_compatible(&B.shape, 0, &R1.shape, 0)) {
    CT_FAILS(o, "B = %s is not compatible with layout<1>(R) = %s", ct_dv_show(&B), ct_dv_show(&R1));
    return;
  }
  if (ct_pp_rest(A, &B, &As, &e) != CT_OK) {
    CT_FAILS(o, "complement(A, size(A)*cosize(B)) rejected (%s) where the product was accepted", ct_code_name(e.code));
    return;
  }
  n = ct_size(&B);
  if (n > CT_BRUTE_MAX) n = CT_BRUTE_MAX;
  ct_j_ahat_init(&As, &h);
  for (j = 0; j < n; ++j) {
    int64_t want = ct_pp_hat(&h, ct_ev(&B, j)), got = ct_ev(&R1, j);
    if (got != want) {
      CT_FAILS(o, "layout<1>(R)(%lld) = %lld, A*^(B(%lld)) = %lld; A* = %s, B = %s", (long long)j, (long long)got, (long long)j,
               (long long)want, ct_dv_show(&As), ct_dv_show(&B));
      return;
    }
  }
}

/* PROD-4: A, B injective, B without negative strides: R is injective with
 * values in [0, K), K = size(filter(A))*size(A*) >= size(A)*cosize(B). */
CT_FN void ct_p_prod_4(const ct_case *c, ct_outcome *o) {
  const ct_layout *A = &c->v[0];
  ct_layout B, R, As, F;
  ct_err e;
  ct_val cs;
  CT_SCRATCH int64_t v[CT_BRUTE_MAX];
  int64_t i, n, K;
  ct_pp_operand(c, &B);
  if (!ct_prod(c, &B, &R, o)) return;
  if (ct_has_negative_stride(&B) || ct_dv_injective(A) != 1 || ct_dv_injective(&B) != 1) return;
  if (ct_pp_rest(A, &B, &As, &e) != CT_OK || ct_filter(A, &F, &e) != CT_OK) {
    CT_FAILS(o, "complement(A, size(A)*cosize(B)) rejected (%s) where the product was accepted", ct_code_name(e.code));
    return;
  }
  if (ct_build_failed(ct_l_cosize(&B, &cs, &e), o, "cosize(B)")) return;
  K = ct_size(&F) * ct_size(&As);
  if (K < ct_size(A) * cs.v) {
    CT_FAILS(o, "K = %lld < size(A)*cosize(B) = %lld", (long long)K, (long long)(ct_size(A) * cs.v));
    return;
  }
  n = ct_dv_values(&R, ct_size(&R), v, CT_BRUTE_MAX);
  if (n < 0) return;
  for (i = 0; i < n; ++i)
    if (v[i] < 0 || v[i] >= K) {
      CT_FAILS(o, "R(%lld) = %lld outside [0, %lld): R = %s", (long long)i, (long long)v[i], (long long)K, ct_dv_show(&R));
      return;
    }
  if (!ct_j_repeats(v, n)) return; /* sorted only to name the value */
  ct_j_sort(v, n);
  for (i = 1; i < n; ++i)
    if (v[i] == v[i - 1]) {
      CT_FAILS(o, "R = %s reaches %lld twice: copies overlap", ct_dv_show(&R), (long long)v[i]);
      return;
    }
}

/* ---- tilers (PROD-5..7) -------------------------------------------------------------- */

/* PROD-5: by mode; uncovered modes and `_` keep A's mode. */
CT_FN void ct_p_prod_5(const ct_case *c, ct_outcome *o) {
  ct_layout A, R, Rk, Ak, W;
  ct_tiler T, Tk;
  ct_err e;
  int k, r, ra;
  ct_pp_tiler_case(c, &A, &T);
  if (ct_logical_product_tiler(&A, &T, &R, &e) != CT_OK) {
    ct_rejected(c, o, &e, "logical_product");
    return;
  }
  o->digest = ct_digest_layout(&R);
  if (!(T.shape.nd[0].kind == CT_TUPLE && T.shape.nd[0].mark)) return;
  r = T.shape.nd[0].rank;
  ra = ct_l_rank(&A);
  if (ct_l_rank(&R) != ra) {
    CT_FAILS(o, "logical_product(%s, %s) = %s: rank %d, want %d", ct_dv_show(&A), ct_dv_show(&T), ct_dv_show(&R), ct_l_rank(&R), ra);
    return;
  }
  for (k = 0; k < ra; ++k) {
    ct_dv_mode(&R, k, &Rk);
    ct_dv_mode(&A, k, &Ak);
    if (k < r) ct_dv_subtiler(&T, k, &Tk);
    if (k >= r || Tk.shape.nd[0].kind == CT_ALL) {
      if (!ct_l_equal(&Rk, &Ak, 0)) {
        CT_FAILS(o, "logical_product(%s, %s): mode %d is %s, want A's %s", ct_dv_show(&A), ct_dv_show(&T), k, ct_dv_show(&Rk),
                 ct_dv_show(&Ak));
        return;
      }
      continue;
    }
    if ((ct_dv_is_tiler(&Tk) ? ct_logical_product_tiler(&Ak, &Tk, &W, &e) : ct_logical_product(&Ak, &Tk, &W, &e)) != CT_OK) {
      CT_FAILS(o, "logical_product(layout<%d>(A), T%d) rejected (%s) where the whole was accepted", k, k, ct_code_name(e.code));
      return;
    }
    if (!ct_l_equal(&Rk, &W, 0)) {
      CT_FAILS(o, "logical_product(%s, %s): mode %d is %s, logical_product(A%d, T%d) is %s", ct_dv_show(&A), ct_dv_show(&T), k,
               ct_dv_show(&Rk), k, k, ct_dv_show(&W));
      return;
    }
  }
}

/* PROD-6: zipped_product only regroups logical_product's modes (the table);
 * its mode 0 is A restricted to the covered modes. Also for the tiler's
 * first plain-layout mode on its own (then exactly the logical product). */
CT_FN void ct_p_prod_6(const ct_case *c, ct_outcome *o) {
  ct_layout A, Z, L, Z0, Ak, Zk, Lk;
  ct_tiler T, Tk;
  ct_err e;
  int k;
  ct_pp_tiler_case(c, &A, &T);
  if (ct_zipped_product(&A, &T, &Z, &e) != CT_OK) {
    ct_rejected(c, o, &e, "zipped_product");
    return;
  }
  o->digest = ct_digest_layout(&Z);
  if (ct_logical_product_tiler(&A, &T, &L, &e) != CT_OK) {
    CT_FAILS(o, "logical_product rejected (%s) where zipped_product accepted", ct_code_name(e.code));
    return;
  }
  if (!ct_zip_matches(&A, &T, &L, &Z, CT_PP_LOGICAL + 1, o)) return;
  ct_dv_mode(&Z, 0, &Z0);
  if (T.shape.nd[0].kind == CT_TUPLE && T.shape.nd[0].mark) {
    for (k = 0; k < T.shape.nd[0].rank; ++k) {
      ct_layout Zk0;
      ct_dv_mode(&A, k, &Ak);
      ct_dv_mode(&Z0, k, &Zk0);
      if (!ct_l_equal(&Zk0, &Ak, 0)) {
        CT_FAILS(o, "zipped_product(%s, %s) = %s: block %d is not layout<%d>(A)", ct_dv_show(&A), ct_dv_show(&T), ct_dv_show(&Z), k, k);
        return;
      }
    }
  } else if (T.shape.nd[0].kind != CT_ALL && !ct_l_equal(&Z0, &A, 0)) {
    CT_FAILS(o, "zipped_product(%s, %s) = %s: mode 0 is not A", ct_dv_show(&A), ct_dv_show(&T), ct_dv_show(&Z));
    return;
  }
  k = ct_dv_first_layout_mode(&T);
  if (k < 0) return;
  ct_dv_mode(&A, k, &Ak);
  ct_dv_subtiler(&T, k, &Tk);
  if (ct_zipped_product(&Ak, &Tk, &Zk, &e) != CT_OK || ct_logical_product(&Ak, &Tk, &Lk, &e) != CT_OK) {
    CT_FAILS(o, "mode %d multiplied alone is rejected (%s)", k, ct_code_name(e.code));
    return;
  }
  ct_dv_mode(&Zk, 0, &Z0);
  if (!ct_l_equal(&Zk, &Lk, 0) || !ct_l_equal(&Z0, &Ak, 0))
    CT_FAILS(o, "zipped_product(%s, %s) = %s, logical_product gives %s", ct_dv_show(&Ak), ct_dv_show(&Tk), ct_dv_show(&Zk),
             ct_dv_show(&Lk));
}

/* PROD-7: tiled_product and flat_product have zipped_product's leaves; ranks. */
CT_FN void ct_p_prod_7(const ct_case *c, ct_outcome *o) {
  ct_layout A, Z, Ti, Fl, Ak;
  ct_tiler T, Tk;
  ct_err e;
  ct_code g1, g2;
  int k;
  ct_pp_tiler_case(c, &A, &T);
  if (ct_zipped_product(&A, &T, &Z, &e) != CT_OK) {
    ct_rejected(c, o, &e, "zipped_product");
    return;
  }
  o->digest = ct_digest_layout(&Z);
  g1 = ct_tiled_product(&A, &T, &Ti, &e);
  g2 = ct_flat_product(&A, &T, &Fl, &e);
  if (g1 != CT_OK || g2 != CT_OK) {
    CT_FAILS(o, "tiled_product: %s, flat_product: %s where zipped_product accepted", ct_code_name(g1), ct_code_name(g2));
    return;
  }
  if (!ct_unpack_matches(&Z, &Ti, &Fl, o)) return;
  k = ct_dv_first_layout_mode(&T);
  if (k < 0) return;
  ct_dv_mode(&A, k, &Ak);
  ct_dv_subtiler(&T, k, &Tk);
  if (ct_zipped_product(&Ak, &Tk, &Z, &e) != CT_OK || ct_tiled_product(&Ak, &Tk, &Ti, &e) != CT_OK ||
      ct_flat_product(&Ak, &Tk, &Fl, &e) != CT_OK) {
    CT_FAILS(o, "mode %d alone is rejected (%s)", k, ct_code_name(e.code));
    return;
  }
  ct_unpack_matches(&Z, &Ti, &Fl, o);
}

/* ---- blocked_product and raked_product (BLK-*, RAKE-*) --------------------------------- */

/* What BLK/RAKE are stated in: A' and B' padded to R = max(rank A, rank B),
 * P = logical_product(A', B'), T = layout<1>(P), and the per-mode sizes
 * a_k = size<k>(A'), b_k = size<k>(T) (R == 1: the whole layouts). */
typedef struct {
  int R;
  ct_layout Ap, P, T;
  int64_t a[CT_MAX_RANK], b[CT_MAX_RANK];
} ct_pp_rankp;

/* Mode k of L, or L whole when R == 1 (the rank-1 products pair whole layouts). */
CT_FN static void ct_pp_part(const ct_layout *L, int R, int k, ct_layout *out) {
  if (R == 1) ct_l_copy(out, L);
  else ct_dv_mode(L, k, out);
}

/* Fills q; the code of logical_product(A', B') (or of the padding). */
CT_FN static ct_code ct_pp_rank_setup(const ct_layout *A, const ct_layout *B, ct_pp_rankp *q, ct_err *e) {
  ct_layout Bp, X;
  int k;
  q->R = ct_l_rank(A) > ct_l_rank(B) ? ct_l_rank(A) : ct_l_rank(B);
  if (!ct_dv_pad_rank(A, q->R, &q->Ap) || !ct_dv_pad_rank(B, q->R, &Bp))
    return CT_FAIL(e, CT_RANK_LIMIT, "padding to rank %d", q->R);
  CT_TRY(ct_logical_product(&q->Ap, &Bp, &q->P, e));
  ct_dv_mode(&q->P, 1, &q->T);
  for (k = 0; k < q->R; ++k) {
    ct_pp_part(&q->Ap, q->R, k, &X);
    q->a[k] = ct_size(&X);
    ct_pp_part(&q->T, q->R, k, &X);
    q->b[k] = ct_size(&X);
  }
  return CT_OK;
}

/* The blocked (raked) product Z of the case's A and the derived B, and what
 * it is stated in; the product must be rejected exactly when
 * logical_product(A', B') is, with the same code. 0 after a verdict. */
CT_FN static int ct_pp_rankprod(const ct_case *c, int raked, ct_layout *B, ct_layout *Z, ct_pp_rankp *q, ct_outcome *o) {
  ct_err e, ew;
  ct_code got, want;
  ct_pp_operand(c, B);
  got = raked ? ct_raked_product(&c->v[0], B, Z, &e) : ct_blocked_product(&c->v[0], B, Z, &e);
  want = ct_pp_rank_setup(&c->v[0], B, q, &ew);
  o->digest = got == CT_OK ? ct_digest_layout(Z) : ct_digest_code(got);
  if (got != want && (ct_code_is_limit(got) || ct_code_is_limit(want))) { /* bounds hit on one route only */
    o->verdict = CT_SKIPPED;
    return 0;
  }
  if (got != want) {
    CT_FAILS(o, "%s(%s, %s): %s, logical_product(A', B'): %s", raked ? "raked_product" : "blocked_product", ct_dv_show(&c->v[0]),
             ct_dv_show(B), got == CT_OK ? "a result" : ct_code_name(got), want == CT_OK ? "a result" : ct_code_name(want));
    return 0;
  }
  if (got != CT_OK) {
    ct_rejected(c, o, &e, raked ? "raked_product" : "blocked_product");
    return 0;
  }
  if (q->R > 1 && ct_l_rank(&q->T) != q->R) {
    CT_FAILS(o, "layout<1>(P) = %s does not have B's %d modes", ct_dv_show(&q->T), q->R);
    return 0;
  }
  return 1;
}

/* L at the coordinate (v_0, ..., v_(R-1)), one integer per top-level mode:
 * the sum over the modes of v_k split colexicographically over mode k's
 * leaves, the last leaf keeping the rest (LAYOUT-EVAL), evaluated here
 * (cheaper than building a coordinate tuple for ct_crd2idx). The checks
 * evaluate one layout at every coordinate of a box, so the leaves of each
 * mode are listed once (ct_pp_form_of), not found again per coordinate. */
typedef struct {
  const ct_layout *L; /* R == 1: L(v_0) itself */
  int R, missing;     /* missing: L has fewer than R modes, or a leaf that is no positive integer (INT64_MIN) */
  int begin[CT_MAX_RANK + 1]; /* mode k's leaves: [begin[k], begin[k+1]) */
  int64_t s[CT_MAX_NODES], d[CT_MAX_NODES];
} ct_pp_form;

CT_FN static void ct_pp_form_of(const ct_layout *L, int R, ct_pp_form *F) {
  int k, j, n = 0;
  F->L = L;
  F->R = R;
  F->missing = 0;
  F->begin[0] = 0;
  if (R == 1) return; /* ct_pp_at evaluates L itself */
  for (k = 0; k < R; ++k) {
    int im = ct_t_mode(&L->shape, 0, k);
    if (im < 0) {
      F->missing = 1;
      return;
    }
    for (j = im; j < im + L->shape.nd[im].span; ++j)
      if (L->shape.nd[j].kind != CT_TUPLE) {
        if (L->shape.nd[j].kind != CT_INT || L->shape.nd[j].v <= 0) { /* `_` from a hand-written line: no divisor */
          F->missing = 1;
          return;
        }
        F->s[n] = L->shape.nd[j].v;
        F->d[n++] = L->stride.nd[j].v;
      }
    F->begin[k + 1] = n;
  }
}

CT_FN static int64_t ct_pp_at(const ct_pp_form *F, const int64_t *v) {
  int k, j;
  int64_t sum = 0;
  if (F->R == 1) return ct_ev(F->L, v[0]);
  if (F->missing) return INT64_MIN;
  for (k = 0; k < F->R; ++k) {
    int64_t rest = v[k];
    for (j = F->begin[k]; j < F->begin[k + 1]; ++j) {
      int64_t ck = rest;
      if (j + 1 != F->begin[k + 1]) ck = ct_divmod(rest, F->s[j], &rest); /* the last leaf keeps the rest */
      sum += ck * F->d[j];
    }
  }
  return sum;
}

/* BLK-1 / RAKE-1 */
CT_FN static void ct_pp_rank_1(const ct_case *c, int raked, ct_outcome *o) {
  ct_layout B, Z;
  ct_pp_rankp q;
  if (!ct_pp_rankprod(c, raked, &B, &Z, &q, o)) return;
  if (ct_l_rank(&Z) != q.R)
    CT_FAILS(o, "%s(%s, %s) = %s: rank %d, want %d", raked ? "raked_product" : "blocked_product", ct_dv_show(&c->v[0]), ct_dv_show(&B),
             ct_dv_show(&Z), ct_l_rank(&Z), q.R);
}

/* BLK-2 / RAKE-2: mode k is exactly (A'_k, T_k) / (T_k, A'_k); sizes. */
CT_FN static void ct_pp_rank_2(const ct_case *c, int raked, ct_outcome *o) {
  ct_layout B, Z, Zk, Ak, Tk, W;
  const ct_layout *parts[2];
  ct_pp_rankp q;
  ct_err e;
  int k;
  if (!ct_pp_rankprod(c, raked, &B, &Z, &q, o)) return;
  if (ct_l_rank(&Z) != q.R) {
    CT_FAILS(o, "rank %d, want %d: %s", ct_l_rank(&Z), q.R, ct_dv_show(&Z));
    return;
  }
  for (k = 0; k < q.R; ++k) {
    ct_dv_mode(&Z, k, &Zk);
    ct_pp_part(&q.Ap, q.R, k, &Ak);
    ct_pp_part(&q.T, q.R, k, &Tk);
    parts[raked ? 1 : 0] = &Ak;
    parts[raked ? 0 : 1] = &Tk;
    if (ct_build_failed(ct_l_concat(parts, 2, &W, &e), o, "the expected mode")) return;
    if (!ct_l_equal(&Zk, &W, 0) || ct_size(&Zk) != q.a[k] * q.b[k]) {
      CT_FAILS(o, "%s(%s, %s) = %s: mode %d is %s, want %s", raked ? "raked_product" : "blocked_product", ct_dv_show(&c->v[0]),
               ct_dv_show(&B), ct_dv_show(&Z), k, ct_dv_show(&Zk), ct_dv_show(&W));
      return;
    }
  }
  if (ct_size(&Z) != ct_size(&c->v[0]) * ct_size(&B))
    CT_FAILS(o, "size %lld, size(A)*size(B) = %lld", (long long)ct_size(&Z), (long long)(ct_size(&c->v[0]) * ct_size(&B)));
}

/* BLK-3 / RAKE-3 by their judge (judge/judge_product.c). */
CT_FN static void ct_pp_rank_3(const ct_case *c, int raked, ct_outcome *o) {
  ct_layout B, Z;
  ct_pp_rankp q;
  ct_judgement j;
  if (!ct_pp_rankprod(c, raked, &B, &Z, &q, o)) return;
  ct_judge_blk(&c->v[0], &B, &Z, raked, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

CT_FN void ct_p_blk_1(const ct_case *c, ct_outcome *o) { ct_pp_rank_1(c, 0, o); }
CT_FN void ct_p_blk_2(const ct_case *c, ct_outcome *o) { ct_pp_rank_2(c, 0, o); }
CT_FN void ct_p_blk_3(const ct_case *c, ct_outcome *o) { ct_pp_rank_3(c, 0, o); }
CT_FN void ct_p_rake_1(const ct_case *c, ct_outcome *o) { ct_pp_rank_1(c, 1, o); }
CT_FN void ct_p_rake_2(const ct_case *c, ct_outcome *o) { ct_pp_rank_2(c, 1, o); }
CT_FN void ct_p_rake_3(const ct_case *c, ct_outcome *o) { ct_pp_rank_3(c, 1, o); }

/* Sorted values of X and Y equal (both sizes n <= CT_BRUTE_MAX); 1 if so or
 * too big to tell. */
CT_FN static int ct_pp_same_values(const ct_layout *X, const ct_layout *Y, int64_t *at) {
  CT_SCRATCH int64_t a[CT_BRUTE_MAX], b[CT_BRUTE_MAX];
  CT_SCRATCH int32_t count[CT_BRUTE_MAX]; /* ct_dv_same_counts' scratch */
  int64_t i, n = ct_size(X);
  *at = -1;
  if (ct_size(Y) != n) return 0;
  if (ct_dv_values(X, n, a, CT_BRUTE_MAX) < 0 || ct_dv_values(Y, n, b, CT_BRUTE_MAX) < 0) return 1;
  if (ct_dv_same_counts(a, b, n, count) == 1) return 1; /* else sorted, to name a value that differs */
  ct_j_sort(a, n);
  ct_j_sort(b, n);
  for (i = 0; i < n; ++i)
    if (a[i] != b[i]) {
      *at = a[i];
      return 0;
    }
  return 1;
}

/* BLK-4: blocked has P's values; injective when A, B are (B without
 * negative strides). */
CT_FN void ct_p_blk_4(const ct_case *c, ct_outcome *o) {
  ct_layout B, Z;
  ct_pp_rankp q;
  int64_t at;
  if (!ct_pp_rankprod(c, 0, &B, &Z, &q, o)) return;
  if (!ct_pp_same_values(&Z, &q.P, &at)) {
    CT_FAILS(o, "blocked_product(%s, %s) = %s and P = %s have other values (%lld)", ct_dv_show(&c->v[0]), ct_dv_show(&B),
             ct_dv_show(&Z), ct_dv_show(&q.P), (long long)at);
    return;
  }
  if (!ct_has_negative_stride(&B) && ct_dv_injective(&c->v[0]) == 1 && ct_dv_injective(&B) == 1 && ct_dv_injective(&Z) == 0)
    CT_FAILS(o, "blocked_product(%s, %s) = %s is not injective", ct_dv_show(&c->v[0]), ct_dv_show(&B), ct_dv_show(&Z));
}

/* RAKE-4: raked and blocked have the same values (a permutation). */
CT_FN void ct_p_rake_4(const ct_case *c, ct_outcome *o) {
  ct_layout B, Z, Zb;
  ct_pp_rankp q;
  ct_err e;
  int64_t at;
  if (!ct_pp_rankprod(c, 1, &B, &Z, &q, o)) return;
  if (ct_blocked_product(&c->v[0], &B, &Zb, &e) != CT_OK) {
    CT_FAILS(o, "blocked_product rejected (%s) where raked_product accepted", ct_code_name(e.code));
    return;
  }
  if (!ct_pp_same_values(&Z, &Zb, &at))
    CT_FAILS(o, "raked %s and blocked %s have other values (%lld)", ct_dv_show(&Z), ct_dv_show(&Zb), (long long)at);
}

/* ---- tile_to_shape (TILE-*) ------------------------------------------------------------ */

/* The inputs, derived from the case: the block (the case's first layout with
 * compact strides, or as it is one time in four), a target of rank
 * rank(block) or one more whose mode k is size<k>(block)*n_k (n_k in 1..3,
 * at most 8 copies in all; sometimes nested as (size<k>, n_k)), and an order
 * (one time in two; ties allowed): a ct_pp_tile (props/derived.h). */

/* Its target and order have a few nodes per mode of the block: within every
 * build, so the building steps cannot fail (codes dropped). */
CT_FN void ct_pp_tile_case(const ct_case *c, ct_pp_tile *t) {
  ct_rng r;
  ct_err e;
  int k, h, rb, R, tuple_trg;
  int64_t copies = 1;
  ct_pp_rng(c, 0x711Eu, &r);
  if (ct_rng_chance(&r, 3, 4)) ct_pp_compact_like(&c->v[0], &t->block);
  else ct_l_copy(&t->block, &c->v[0]);
  rb = ct_l_rank(&t->block);
  R = rb + (rb < CT_MAX_RANK && ct_rng_chance(&r, 1, 3) ? 1 : 0);
  tuple_trg = R > 1 || t->block.shape.nd[0].kind == CT_TUPLE || ct_rng_chance(&r, 1, 2);
  ct_t_clear(&t->trg);
  if (tuple_trg) ct_discard(ct_t_open(&t->trg, &h, &e));
  for (k = 0; k < R; ++k) {
    ct_layout Bk;
    int64_t s = 1, n = ct_rng_range(&r, 1, 3);
    if (k < rb) {
      ct_dv_mode(&t->block, k, &Bk);
      s = ct_size(&Bk);
    }
    if (copies * n > 8) n = 1;
    copies *= n;
    if (tuple_trg && s > 1 && n > 1 && ct_rng_chance(&r, 1, 4)) {
      int hk;
      ct_discard(ct_t_open(&t->trg, &hk, &e));
      ct_discard(ct_t_push_int(&t->trg, s, 0, &e));
      ct_discard(ct_t_push_int(&t->trg, n, 0, &e));
      ct_discard(ct_t_close(&t->trg, hk, &e));
    } else {
      ct_discard(ct_t_push_int(&t->trg, s * n, 0, &e));
    }
  }
  if (tuple_trg) ct_discard(ct_t_close(&t->trg, h, &e));
  t->has_order = ct_rng_chance(&r, 1, 2);
  ct_t_clear(&t->order);
  if (!tuple_trg) {
    ct_discard(ct_t_push_int(&t->order, 0, 0, &e));
  } else {
    ct_discard(ct_t_open(&t->order, &h, &e));
    for (k = 0; k < R; ++k) ct_discard(ct_t_push_int(&t->order, ct_rng_range(&r, 0, R - 1), 0, &e));
    ct_discard(ct_t_close(&t->order, h, &e));
  }
}

CT_FN static int ct_pp_tiled(const ct_case *c, ct_pp_tile *t, ct_layout *R, ct_outcome *o) {
  ct_err e;
  ct_pp_tile_case(c, t);
  if (ct_tile_to_shape(&t->block, &t->trg, t->has_order ? &t->order : 0, R, &e) != CT_OK) {
    ct_rejected(c, o, &e, "tile_to_shape");
    return 0;
  }
  o->digest = ct_digest_layout(R);
  return 1;
}

/* size<k> of a tuple t (t itself when it is an integer and k == 0). */
CT_FN static int64_t ct_pp_tsize(const ct_tuple *t, int k) {
  ct_val v;
  ct_err e;
  int i = ct_t_mode(t, 0, k);
  if (i < 0 || ct_t_product(t, i, &v, &e) != CT_OK) return -1;
  return v.v;
}

/* TILE-1: exactly blocked_product(block', make_ordered_layout(n, order)),
 * column-major without an order. */
CT_FN void ct_p_tile_1(const ct_case *c, ct_outcome *o) {
  ct_pp_tile t;
  ct_layout R, Bp, tiles, W;
  ct_tuple n;
  ct_err e;
  ct_code got, rc = CT_OK;
  int k, h, Rk;
  if (!ct_pp_tiled(c, &t, &R, o)) return;
  Rk = ct_t_rank(&t.trg, 0);
  if (!ct_dv_pad_rank(&t.block, Rk, &Bp)) return;
  ct_t_clear(&n);
  if (t.trg.nd[0].kind == CT_TUPLE) ct_step(&rc, ct_t_open(&n, &h, &e));
  for (k = 0; k < Rk; ++k) {
    ct_val b, s;
    ct_step(&rc, ct_t_product(&Bp.shape, ct_t_mode(&Bp.shape, 0, k), &b, &e));
    ct_step(&rc, ct_t_product(&t.trg, ct_t_mode(&t.trg, 0, k), &s, &e));
    ct_step(&rc, ct_t_push_int(&n, s.v / b.v, b.stat && s.stat, &e));
  }
  if (t.trg.nd[0].kind == CT_TUPLE) ct_step(&rc, ct_t_close(&n, h, &e));
  if (ct_build_failed(rc, o, "the tile counts")) return;
  got = t.has_order ? ct_make_ordered_layout(&n, &t.order, &tiles, &e) : ct_l_compact_left(&n, &tiles, &e);
  if (got == CT_OK) got = ct_blocked_product(&Bp, &tiles, &W, &e);
  if (got != CT_OK) {
    CT_FAILS(o, "tile_to_shape accepted, blocked_product(block', tiles) rejected (%s)", ct_code_name(got));
    return;
  }
  if (!ct_l_equal(&R, &W, 0))
    CT_FAILS(o, "tile_to_shape(%s, ...) = %s, blocked_product(block', %s) = %s", ct_dv_show(&t.block), ct_dv_show(&R),
             ct_dv_show(&tiles), ct_dv_show(&W));
}

/* TILE-2: rank(trg) modes of trg's mode sizes. */
CT_FN void ct_p_tile_2(const ct_case *c, ct_outcome *o) {
  ct_pp_tile t;
  ct_layout R, Rk;
  int k, Rn;
  if (!ct_pp_tiled(c, &t, &R, o)) return;
  Rn = ct_t_rank(&t.trg, 0);
  if (ct_l_rank(&R) != Rn) {
    CT_FAILS(o, "tile_to_shape(%s, ...) = %s: rank %d, the target's %d", ct_dv_show(&t.block), ct_dv_show(&R), ct_l_rank(&R), Rn);
    return;
  }
  for (k = 0; k < Rn; ++k) {
    ct_dv_mode(&R, k, &Rk);
    if (ct_size(&Rk) != ct_pp_tsize(&t.trg, k)) {
      CT_FAILS(o, "tile_to_shape(%s, ...) = %s: size<%d> %lld, the target's %lld", ct_dv_show(&t.block), ct_dv_show(&R), k,
               (long long)ct_size(&Rk), (long long)ct_pp_tsize(&t.trg, k));
      return;
    }
  }
}

/* Mode k's weight in the copies' order: the product of the copy counts of
 * the modes before it (smaller order value, or equal and earlier; all the
 * earlier modes without an order: column-major). Computed per mode rather
 * than by sorting the modes into an index array: nvcc 12 (sm_90, -O2)
 * miscompiled that form of this check (host ASan/UBSan/MSan clean, correct
 * with -Xcicc -O0). */
CT_FN static int64_t ct_pp_weight(const ct_pp_tile *t, const int64_t *n, int Rn, int k) {
  int j, ordered = t->has_order && t->order.nd[0].kind == CT_TUPLE;
  int64_t w = 1, vk = ordered ? t->order.nd[ct_t_child(&t->order, 0, k)].v : 0;
  for (j = 0; j < Rn; ++j) {
    int64_t vj = ordered ? t->order.nd[ct_t_child(&t->order, 0, j)].v : 0;
    if (vj < vk || (vj == vk && j < k)) w *= n[j];
  }
  return w;
}

/* TILE-3: the block in the corner, R(x + a*y) = block'(x) + base(y), and the
 * copies' offsets base(y) increase with y's position in the mode order
 * (modes sorted by order value, ties by position; column-major without one). */
CT_FN void ct_p_tile_3(const ct_case *c, ct_outcome *o) {
  ct_pp_tile t;
  ct_layout R, Bp, X;
  ct_pp_form FR, FB;
  CT_SCRATCH int64_t base[CT_BRUTE_MAX];
  int64_t a[CT_MAX_RANK], n[CT_MAX_RANK], w[CT_MAX_RANK], x[CT_MAX_RANK], y[CT_MAX_RANK], z[CT_MAX_RANK], total = 1, copies = 1, i;
  int k, Rn;
  ct_judgement j;
  if (!ct_pp_tiled(c, &t, &R, o)) return;
  ct_judge_tile(&t.block, &t.trg, t.has_order ? &t.order : 0, &R, CT_BRUTE_MAX, &j); /* judge/judge_product.c */
  ct_judged(&j, o);
  if (o->verdict != CT_PASS) return;
  /* and the copies' offsets increase in the mode order, whatever ref/'s make_ordered_layout says */
  Rn = ct_t_rank(&t.trg, 0);
  if (ct_l_rank(&R) != Rn || !ct_dv_pad_rank(&t.block, Rn, &Bp)) return; /* TILE-2's failure */
  for (k = 0; k < Rn; ++k) {
    ct_pp_part(&Bp, Rn, k, &X);
    a[k] = ct_size(&X);
    n[k] = ct_pp_tsize(&t.trg, k) / a[k];
    total *= a[k] * n[k];
    copies *= n[k];
  }
  if (total > CT_BRUTE_MAX) return;
  if (t.has_order && t.order.nd[0].kind == CT_TUPLE && (ct_t_rank(&t.order, 0) != Rn || ct_t_depth(&t.order, 0) != 1)) return;
  for (k = 0; k < Rn; ++k) w[k] = ct_pp_weight(&t, n, Rn, k);
  for (i = 0; i < copies; ++i) base[i] = INT64_MIN;
  ct_pp_form_of(&R, Rn, &FR);
  ct_pp_form_of(&Bp, Rn, &FB);
  if (FR.missing || FB.missing) { /* a leaf that is no positive integer: a hand-written case with `_` leaves */
    o->verdict = CT_SKIPPED;
    return;
  }
  for (i = 0; i < total; ++i) {
    int64_t rem = i, got, want, zb, rank = 0;
    for (k = 0; k < Rn; ++k) {
      int64_t ck;
      ck = ct_divmod(rem, a[k] * n[k], &rem);
      z[k] = ck;
      x[k] = ct_divmod(ck, a[k], &y[k]);
    }
    got = ct_pp_at(&FR, z);
    want = ct_pp_at(&FB, x);
    for (k = 0; k < Rn; ++k) z[k] = a[k] * y[k];
    zb = ct_pp_at(&FR, z);
    if (got != want + zb) {
      CT_FAILS(o, "tile_to_shape(%s, ...) = %s: %lld at block element %lld of copy %lld (mode 0), want %lld + %lld",
               ct_dv_show(&t.block), ct_dv_show(&R), (long long)got, (long long)x[0], (long long)y[0], (long long)want,
               (long long)zb);
      return;
    }
    for (k = 0; k < Rn; ++k) rank += y[k] * w[k];
    base[rank] = zb;
  }
  for (i = 1; i < copies; ++i)
    if (base[i] <= base[i - 1]) {
      CT_FAILS(o, "tile_to_shape(%s, ...) = %s: copy %lld in the mode order starts at %lld, copy %lld at %lld", ct_dv_show(&t.block),
               ct_dv_show(&R), (long long)(i - 1), (long long)base[i - 1], (long long)i, (long long)base[i]);
      return;
    }
}

/* TILE-4: an injective block gives an injective result. */
CT_FN void ct_p_tile_4(const ct_case *c, ct_outcome *o) {
  ct_pp_tile t;
  ct_layout R;
  if (!ct_pp_tiled(c, &t, &R, o)) return;
  if (ct_dv_injective(&t.block) == 1 && ct_dv_injective(&R) == 0)
    CT_FAILS(o, "tile_to_shape(%s, ...) = %s is not injective", ct_dv_show(&t.block), ct_dv_show(&R));
}

/* ---- error codes (spec/product.md, Preconditions) -------------------------------------- */

/* logical/zipped/tiled/flat_product (A, B) and blocked/raked_product must
 * reject with `want` (B a plain layout). */
CT_FN static void ct_prod_expect(const ct_layout *A, const ct_layout *B, ct_code want, ct_outcome *o) {
  ct_layout R;
  ct_err e;
  ct_code got;
  int raked;
  ct_dv_expect(A, B, want, CT_PP_LOGICAL, 15, 0, o);
  if (o->verdict == CT_FAILED) return;
  for (raked = 0; raked < 2; ++raked) {
    got = raked ? ct_raked_product(A, B, &R, &e) : ct_blocked_product(A, B, &R, &e);
    if (got != want) {
      CT_FAILS(o, "%s(%s, %s): got %s, want %s", raked ? "raked_product" : "blocked_product", ct_dv_show(A), ct_dv_show(B),
               got == CT_OK ? "a result" : ct_code_name(got), ct_code_name(want));
      return;
    }
  }
}

/* filter(A)'s modes (A the case's complementable layout); none for 1:0.
 * Returns 0 when A is not complementable (exhaustive runs enumerate every
 * layout, negative strides included): the derivations below assume it is. */
CT_FN static int ct_prod_filtered(const ct_layout *A, ct_modes *m) {
  ct_layout F, G;
  ct_err e;
  m->n = 0;
  if (ct_complement(A, 0, &G, &e) != CT_OK) return 0;
  if (ct_filter(A, &F, &e) != CT_OK) return 0;
  ct_modes_of(&F, 0, m);
  if (m->n == 1 && m->m[0].d == 0) m->n = 0;
  return 1;
}

/* The size m >= 2 of A's lowest gap: the first digit of every A*; 0 when A
 * has no gap below its span. */
CT_FN static int64_t ct_prod_gap(const ct_layout *A) {
  ct_layout G;
  ct_modes m;
  ct_err e;
  if (ct_complement(A, 0, &G, &e) != CT_OK) return 0;
  ct_modes_of(&G, 0, &m);
  return m.n > 0 && m.m[0].s >= 2 ? m.m[0].s : 0;
}

CT_FN void ct_p_prod_e_inj(const ct_case *c, ct_outcome *o) {
  ct_modes m;
  ct_layout A, B;
  ct_err e;
  if (!ct_prod_filtered(&c->v[0], &m)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (m.n == 0) ct_modes_push(&m, 2, 0, 1, 0);
  ct_modes_push(&m, 2, 0, m.m[0].d, 0); /* reaches A's first mode's offsets again */
  if (ct_build_failed(ct_modes_to_layout(&m, &A, &e), o, "the derived A")) return;
  ct_pp_operand(c, &B);
  ct_prod_expect(&A, &B, CT_NOT_INJECTIVE, o);
}

CT_FN void ct_p_prod_e_cpl(const ct_case *c, ct_outcome *o) {
  ct_modes m;
  ct_layout A, B;
  ct_err e;
  int k;
  int64_t top = 1;
  if (!ct_prod_filtered(&c->v[0], &m)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (m.n == 0) ct_modes_push(&m, 2, 0, 2, 0);
  for (k = 0; k < m.n; ++k)
    if (m.m[k].s * m.m[k].d > top) top = m.m[k].s * m.m[k].d;
  ct_modes_push(&m, 2, 0, top + 1, 0); /* injective; the top span does not divide top+1 */
  if (ct_build_failed(ct_modes_to_layout(&m, &A, &e), o, "the derived A")) return;
  ct_pp_operand(c, &B);
  ct_prod_expect(&A, &B, CT_NOT_COMPLEMENTABLE, o);
}

CT_FN void ct_p_prod_e_neg(const ct_case *c, ct_outcome *o) {
  ct_modes m;
  ct_layout A, B;
  ct_err e;
  if (!ct_prod_filtered(&c->v[0], &m)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (m.n == 0) ct_modes_push(&m, 4, 0, 1, 0);
  m.m[0].d = -m.m[0].d;
  if (ct_build_failed(ct_modes_to_layout(&m, &A, &e), o, "the derived A")) return;
  ct_pp_operand(c, &B);
  ct_prod_expect(&A, &B, CT_NEGATIVE_STRIDE, o);
  if (o->verdict == CT_FAILED || ct_prod_gap(&c->v[0]) == 0) return;
  /* B = 2:-m negative where A* has more than one mode: the gap m, then at
   * least a second repetition (cosize(B) = m+1 > m) */
  ct_l_set_int(&B, 2, 0, -ct_prod_gap(&c->v[0]), 0);
  ct_prod_expect(&c->v[0], &B, CT_NEGATIVE_STRIDE, o);
}

/* B = 4:((g-1)*P) on A*'s last gap digit g >= 3 (place value P, the size of
 * the gaps below it): its values change pattern at 2, then are not additive
 * at 3 (composition!STRIDE_DIVISIBILITY's case); the repetitions above are
 * A*'s unbounded top digit. */
CT_FN void ct_p_prod_e_stride(const ct_case *c, ct_outcome *o) {
  ct_layout G, B;
  ct_modes m;
  ct_err e;
  int64_t P = 1;
  int k;
  if (ct_complement(&c->v[0], 0, &G, &e) != CT_OK) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_modes_of(&G, 0, &m);
  for (k = 0; k + 1 < m.n; ++k) P *= m.m[k].s;
  if (m.n == 0 || m.m[m.n - 1].s < 3 || m.m[m.n - 1].d == 0) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_l_set_int(&B, 4, 0, (m.m[m.n - 1].s - 1) * P, 0);
  ct_prod_expect(&c->v[0], &B, CT_STRIDE_DIVISIBILITY, o);
}

/* B = (m+1):1 ends inside the digit after the gap (logical_product(4:2, 3:1)). */
CT_FN void ct_p_prod_e_shape(const ct_case *c, ct_outcome *o) {
  ct_layout B;
  int64_t m = ct_prod_gap(&c->v[0]);
  if (m == 0) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_l_set_int(&B, m + 1, 0, 1, 0);
  ct_prod_expect(&c->v[0], &B, CT_SHAPE_DIVISIBILITY, o);
}

/* B = (m,2):(1,1): two modes inside the gap digit overlap
 * (logical_product(4:2, (2,2):(1,1))). */
CT_FN void ct_p_prod_e_disj(const ct_case *c, ct_outcome *o) {
  ct_modes mm;
  ct_layout B;
  ct_err e;
  int64_t m = ct_prod_gap(&c->v[0]);
  if (m == 0) {
    o->verdict = CT_SKIPPED;
    return;
  }
  mm.n = 0;
  ct_modes_push(&mm, m, 0, 1, 0);
  ct_modes_push(&mm, 2, 0, 1, 0);
  if (ct_build_failed(ct_modes_to_layout(&mm, &B, &e), o, "the derived B")) return;
  ct_prod_expect(&c->v[0], &B, CT_NOT_DISJOINT, o);
}

CT_FN void ct_p_prod_e_many(const ct_case *c, ct_outcome *o) {
  ct_tiler T;
  ct_div_alls(ct_l_rank(&c->v[0]) + 1, &T);
  ct_dv_expect(&c->v[0], &T, CT_TOO_MANY_MODES, CT_PP_LOGICAL, 15, 0, o);
}

/* B = 2:2^62: size(A)*cosize(B) does not fit. */
CT_FN void ct_p_prod_e_ovf(const ct_case *c, ct_outcome *o) {
  ct_layout B;
  if (ct_size(&c->v[0]) < 2) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_l_set_int(&B, 2, 0, (int64_t)1 << 62, 0);
  ct_prod_expect(&c->v[0], &B, CT_OVERFLOW, o);
}

/* As for the divides (ct_dv_expect_limit): DEPTH_LIMIT, RANK_LIMIT and CAPACITY. */
CT_FN void ct_p_prod_e_depth(const ct_case *c, ct_outcome *o) { ct_dv_expect_limit(c, CT_DEPTH_LIMIT, CT_PP_LOGICAL, o); }
CT_FN void ct_p_prod_e_rank(const ct_case *c, ct_outcome *o) { ct_dv_expect_limit(c, CT_RANK_LIMIT, CT_PP_LOGICAL, o); }
CT_FN void ct_p_prod_e_cap(const ct_case *c, ct_outcome *o) { ct_dv_expect_limit(c, CT_CAPACITY, CT_PP_LOGICAL, o); }

/* tile_to_shape's own codes: a compact block (so the product itself is
 * admissible) and its mode sizes as the target, then one thing wrong. */
CT_FN static void ct_tile_expect(const ct_layout *block, const ct_tuple *trg, const ct_tuple *order, ct_code want, ct_outcome *o) {
  ct_layout R;
  ct_err e;
  ct_code got = ct_tile_to_shape(block, trg, order, &R, &e);
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  if (got != want)
    CT_FAILS(o, "tile_to_shape(%s, ...): got %s, want %s", ct_dv_show(block), got == CT_OK ? ct_dv_show(&R) : ct_code_name(got),
             ct_code_name(want));
}

/* The block's mode sizes as a tuple, times 2 in mode `twice` (-1: none);
 * mode `odd` replaced by `v` (kind CT_INT) or `_` (kind CT_ALL), -1: none.
 * One node per mode: the building steps cannot fail (codes dropped). */
CT_FN static void ct_tile_sizes(const ct_layout *block, int nmodes, int odd, int kind, int64_t v, ct_tuple *trg) {
  ct_err e;
  int k, h;
  ct_t_clear(trg);
  ct_discard(ct_t_open(trg, &h, &e));
  for (k = 0; k < nmodes; ++k) {
    ct_layout Bk;
    ct_dv_mode(block, k, &Bk);
    if (k == odd && kind == CT_ALL) ct_discard(ct_t_push_all(trg, &e));
    else ct_discard(ct_t_push_int(trg, k == odd ? v : 2 * ct_size(&Bk), 0, &e));
  }
  ct_discard(ct_t_close(trg, h, &e));
}

CT_FN void ct_p_tile_e_many(const ct_case *c, ct_outcome *o) {
  ct_layout block, one;
  ct_tuple trg;
  ct_err e;
  ct_pp_compact_like(&c->v[0], &block);
  if (ct_l_rank(&block) < 2) {
    const ct_layout *parts[2];
    ct_layout W;
    ct_l_set_int(&one, 1, 1, 0, 1);
    parts[0] = &block;
    parts[1] = &one;
    if (ct_build_failed(ct_l_concat(parts, 2, &W, &e), o, "the expected mode")) return;
    ct_l_copy(&block, &W);
  }
  ct_tile_sizes(&block, ct_l_rank(&block) - 1, -1, CT_INT, 0, &trg);
  ct_tile_expect(&block, &trg, 0, CT_TOO_MANY_MODES, o);
}

CT_FN void ct_p_tile_e_div(const ct_case *c, ct_outcome *o) {
  ct_layout block, Bk;
  ct_tuple trg;
  int k;
  ct_pp_compact_like(&c->v[0], &block);
  for (k = 0; k < ct_l_rank(&block); ++k) {
    ct_dv_mode(&block, k, &Bk);
    if (ct_size(&Bk) >= 2) break;
  }
  if (k == ct_l_rank(&block)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_tile_sizes(&block, ct_l_rank(&block), k, CT_INT, 2 * ct_size(&Bk) + 1, &trg);
  ct_tile_expect(&block, &trg, 0, CT_NOT_DIVISIBLE, o);
}

/* A block like v0, the target its sizes with one mode (picked by v0's
 * digest) made bad: the entry v (kind CT_INT) or `_` (CT_ALL); tile_to_shape
 * must say `want`. */
CT_FN static void ct_tile_bad_mode(const ct_case *c, int kind, int64_t v, ct_code want, ct_outcome *o) {
  ct_layout block;
  ct_tuple trg;
  int r;
  ct_pp_compact_like(&c->v[0], &block);
  r = ct_l_rank(&block);
  if (r == 0) { /* (): no mode to make bad (a shrunk or regression case) */
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_tile_sizes(&block, r, (int)(ct_digest_layout(&c->v[0]) % (uint64_t)r), kind, v, &trg);
  ct_tile_expect(&block, &trg, 0, want, o);
}

CT_FN void ct_p_tile_e_pos(const ct_case *c, ct_outcome *o) {
  ct_tile_bad_mode(c, CT_INT, -(int64_t)(ct_digest_layout(&c->v[0]) >> 60), CT_SHAPE_NOT_POSITIVE, o);
}

CT_FN void ct_p_tile_e_arg(const ct_case *c, ct_outcome *o) { ct_tile_bad_mode(c, CT_ALL, 0, CT_ARG_TYPE, o); }

/* An order of rank(trg)+1 entries: not weakly congruent to the counts. */
CT_FN void ct_p_tile_e_prof(const ct_case *c, ct_outcome *o) {
  ct_layout block;
  ct_tuple trg, order;
  ct_err e;
  ct_code rc = CT_OK;
  int k, h, r;
  ct_pp_compact_like(&c->v[0], &block);
  r = ct_l_rank(&block);
  ct_tile_sizes(&block, r, -1, CT_INT, 0, &trg);
  ct_t_clear(&order);
  ct_step(&rc, ct_t_open(&order, &h, &e));
  for (k = 0; k <= r; ++k) ct_step(&rc, ct_t_push_int(&order, r - k, 0, &e));
  ct_step(&rc, ct_t_close(&order, h, &e));
  if (ct_build_failed(rc, o, "the order")) return;
  ct_tile_expect(&block, &trg, &order, CT_BAD_PROFILE, o);
}
