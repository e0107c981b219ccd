/* judge_product.c -- judges of blocked_product, raked_product
 * (BLK-1..BLK-3, RAKE-1..RAKE-3) and tile_to_shape (TILE-1..TILE-3) of
 * spec/product.md.
 *
 * The copies' layout T = complement(A', size(A')*cosize(B')) o B' is built
 * with ref/'s complement and composition, the operations the definition states the
 * product through, never with ref/'s product (judge/README.md); tile_to_shape's
 * arrangement make_ordered_layout(n, order) likewise comes from ref/.
 * The values are then judged coordinate by coordinate (BLK-3, RAKE-3),
 * which with the mode sizes (BLK-2) fixes the function; BLK-4, RAKE-4 and
 * TILE-4 (multisets, injectivity) follow from them. "Mode k exactly"
 * (BLK-2, TILE-1) is judged as a function, not as a representation. */
#include "judge/judge.h"
#include "ref/complement.h"
#include "ref/composition.h"
#include "ref/construct.h"
#include "ref/rearrange.h"

/* size<k>(L), -1 when it fails. */
CT_FN static int64_t ct_jp_mode_size(const ct_layout *L, int k) {
  ct_val v;
  ct_err e;
  int i = ct_t_mode(&L->shape, 0, k);
  return i >= 0 && ct_t_product(&L->shape, i, &v, &e) == CT_OK ? v.v : -1;
}

/* L padded with _1:_0 modes to rank r (append<r>), 0 when it fails. */
CT_FN static int ct_jp_pad(const ct_layout *L, int r, ct_layout *out) {
  ct_layout one;
  ct_err e;
  ct_l_set_int(&one, 1, 1, 0, 1);
  return ct_l_append_n(L, r, &one, out, &e) == CT_OK;
}

/* BLK-1 / RAKE-1 (rank) and BLK-2 / RAKE-2 (size<k>(R) == a_k * b_k). */
CT_FN static ct_jstatus ct_jp_shape(const ct_layout *Ap, const ct_layout *Bp, const ct_layout *R, int raked,
                                    ct_judgement *j) {
  int k, r = ct_l_rank(Ap);
  int64_t a, b, ab;
  if (ct_l_rank(R) != r)
    return CT_J_VIOLATES(j, raked ? "RAKE-1" : "BLK-1", "rank(R) = %d, not max(rank(A), rank(B)) = %d", ct_l_rank(R), r);
  for (k = 0; k < r; ++k) {
    a = ct_jp_mode_size(Ap, k), b = ct_jp_mode_size(Bp, k);
    if (a < 0 || b < 0 || ct_mul_ovf(a, b, &ab)) return ct_j_unchecked(j, raked ? "RAKE-2" : "BLK-2");
    if (ct_jp_mode_size(R, k) != ab)
      return CT_J_VIOLATES(j, raked ? "RAKE-2" : "BLK-2", "size<%d>(R) = %lld, not a_%d * b_%d = %lld", k,
                           (long long)ct_jp_mode_size(R, k), k, k, (long long)ab);
  }
  return ct_j_holds(j, raked ? "RAKE-2" : "BLK-2");
}

/* BLK-3 / RAKE-3 on A', B' of one rank, R's mode sizes already judged:
 * for every x < size(A') and y < size(B'), with x_k, y_k their coordinates
 * by mode, R at (x_k + a_k*y_k)_k (raked: (y_k + b_k*x_k)_k) is
 * A'(x) + T(y). Visits size(A)*size(B) pairs. */
CT_FN static ct_jstatus ct_jp_copies(const ct_layout *Ap, const ct_layout *Bp, const ct_layout *R, int raked,
                                     const char *id, int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH ct_layout C, T;
  CT_JUDGE_SCRATCH int64_t a[CT_MAX_NODES], b[CT_MAX_NODES];
  ct_tuple cot;
  ct_err e;
  int k, r = ct_l_rank(Ap);
  int64_t na = ct_j_size(Ap), nb = ct_j_size(Bp), total, t, x, y, ix, iy, idx, pre, u, want;
  ct_val cb;
  if (ct_t_has_all(&Ap->shape, 0) || ct_t_has_all(&Bp->shape, 0) || ct_t_has_all(&R->shape, 0))
    return ct_j_unchecked(j, id); /* `_` leaves (a hand-written case): no function to evaluate */
  if (na < 0 || nb < 0 || ct_mul_ovf(na, nb, &total) || ct_l_cosize(Bp, &cb, &e) != CT_OK ||
      ct_mul_ovf(na, cb.v, &cb.v))
    return ct_j_unchecked(j, id);
  ct_t_set_int(&cot, cb.v, 0);
  if (ct_complement(Ap, &cot, &C, &e) != CT_OK || ct_composition(&C, Bp, &T, &e) != CT_OK)
    return ct_j_unchecked(j, id); /* the product is rejected with them */
  for (k = 0; k < r; ++k) a[k] = ct_jp_mode_size(Ap, k), b[k] = ct_jp_mode_size(Bp, k);
  for (t = 0; t < total && t < bound; ++t) {
    ix = t / nb, iy = t % nb;
    x = ix, y = iy, idx = 0, pre = 1;
    for (k = 0; k < r; ++k) {
      u = raked ? y % b[k] + b[k] * (x % a[k]) : x % a[k] + a[k] * (y % b[k]);
      idx += u * pre;
      pre *= a[k] * b[k]; /* a product of sizes that divides size(A)*size(B) */
      x /= a[k], y /= b[k];
    }
    want = ct_j_at(Ap, ix) + ct_j_at(&T, iy);
    if (ct_j_at(R, idx) != want)
      return CT_J_VIOLATES_AT(j, id, idx, "R(%lld) = %lld, not A'(%lld) + T(%lld) = %lld", (long long)idx,
                              (long long)ct_j_at(R, idx), (long long)ix, (long long)iy, (long long)want);
  }
  return total <= bound ? ct_j_holds(j, id) : ct_j_unchecked(j, id);
}

CT_FN ct_jstatus ct_judge_blk(const ct_layout *A, const ct_layout *B, const ct_layout *R, int raked, int64_t bound,
                              ct_judgement *j) {
  CT_JUDGE_SCRATCH ct_layout Ap, Bp;
  int r = ct_l_rank(A) > ct_l_rank(B) ? ct_l_rank(A) : ct_l_rank(B);
  const char *id = raked ? "RAKE-3" : "BLK-3";
  if (!ct_jp_pad(A, r, &Ap) || !ct_jp_pad(B, r, &Bp)) return ct_j_unchecked(j, id);
  if (ct_jp_shape(&Ap, &Bp, R, raked, j) != CT_J_HOLDS) return j->status;
  return ct_jp_copies(&Ap, &Bp, R, raked, id, bound, j);
}

/* TILE-2: rank(R) == rank(trg), size<k>(R) == size<k>(trg). */
CT_FN static ct_jstatus ct_jp_tile_shape(const ct_tuple *trg, const ct_layout *R, ct_judgement *j) {
  int k, r = ct_t_rank(trg, 0);
  ct_val v;
  ct_err e;
  if (ct_l_rank(R) != r) return CT_J_VIOLATES(j, "TILE-2", "rank(R) = %d, rank(trg) = %d", ct_l_rank(R), r);
  for (k = 0; k < r; ++k) {
    int i = ct_t_mode(trg, 0, k);
    if (i < 0 || ct_t_product(trg, i, &v, &e) != CT_OK) return ct_j_unchecked(j, "TILE-2");
    if (ct_jp_mode_size(R, k) != v.v)
      return CT_J_VIOLATES(j, "TILE-2", "size<%d>(R) = %lld, size<%d>(trg) = %lld", k,
                           (long long)ct_jp_mode_size(R, k), k, (long long)v.v);
  }
  return ct_j_holds(j, "TILE-2");
}

/* TILE-1 and TILE-3 as BLK-3 of block' and make_ordered_layout(n, order)
 * (make_layout(n) without an order), the copies by the order. */
CT_FN ct_jstatus ct_judge_tile(const ct_layout *block, const ct_tuple *trg, const ct_tuple *order, const ct_layout *R,
                               int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH ct_layout Bp, N;
  CT_JUDGE_SCRATCH ct_tuple n;
  ct_val v;
  ct_err e;
  int k, r = ct_t_rank(trg, 0), hdr;
  int64_t b;
  if (ct_l_rank(block) > r || !ct_jp_pad(block, r, &Bp)) return ct_j_unchecked(j, "TILE-2"); /* TOO_MANY_MODES */
  if (ct_jp_tile_shape(trg, R, j) != CT_J_HOLDS) return j->status;
  ct_t_clear(&n);
  if (r > 1 && ct_t_open(&n, &hdr, &e) != CT_OK) return ct_j_unchecked(j, "TILE-3");
  for (k = 0; k < r; ++k) {
    int i = ct_t_mode(trg, 0, k);
    b = ct_jp_mode_size(&Bp, k);
    if (i < 0 || b <= 0 || ct_t_product(trg, i, &v, &e) != CT_OK || v.v % b != 0 ||
        ct_t_push_int(&n, v.v / b, 0, &e) != CT_OK)
      return ct_j_unchecked(j, "TILE-3"); /* NOT_DIVISIBLE */
  }
  if (r > 1 && ct_t_close(&n, hdr, &e) != CT_OK) return ct_j_unchecked(j, "TILE-3");
  if ((order ? ct_make_ordered_layout(&n, order, &N, &e) : ct_l_compact_left(&n, &N, &e)) != CT_OK)
    return ct_j_unchecked(j, "TILE-3"); /* BAD_PROFILE */
  return ct_jp_copies(&Bp, &N, R, 0, "TILE-3", bound, j);
}
