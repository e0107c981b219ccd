/* judge_rearrange.c -- the post-conditions of spec/rearrange.md, checked
 * on the trees: each mode of the result is compared, static marks
 * included, with the mode of an argument it must be. */
#include "judge/judge.h"

/* Mode at node ia of A is the mode at node ib of B exactly. */
CT_FN static int ct_jr_same(const ct_layout *A, int ia, const ct_layout *B, int ib) {
  return ct_t_equal(&A->shape, ia, &B->shape, ib, 1) && ct_t_equal(&A->stride, ia, &B->stride, ib, 1);
}

/* Node of mode k of L (L itself, node 0, when it is no tuple and k == 0). */
CT_FN static int ct_jr_mode(const ct_layout *L, int k) {
  return ct_t_is_tuple(&L->shape, 0) ? ct_t_child(&L->shape, 0, k) : 0;
}

CT_FN ct_jstatus ct_judge_rearr_pad(const ct_layout *L, int N, const ct_layout *x, int back, const ct_layout *R,
                                    ct_judgement *j) {
  const char *id = back ? "REARR-1" : "REARR-2";
  int r = ct_l_rank(L), k, off = back ? 0 : N - r;
  if (N == r) return ct_jr_same(L, 0, R, 0) ? ct_j_holds(j, id) : CT_J_VIOLATES(j, id, "rank(L) == N, but R is not L");
  if (!ct_t_is_tuple(&R->shape, 0) || ct_l_rank(R) != N)
    return CT_J_VIOLATES(j, id, "R has rank %d, not N = %d", ct_l_rank(R), N);
  for (k = 0; k < N; ++k) {
    int in_l = k >= off && k < off + r;
    if (in_l ? !ct_jr_same(L, ct_jr_mode(L, k - off), R, ct_t_child(&R->shape, 0, k))
             : !ct_jr_same(x, 0, R, ct_t_child(&R->shape, 0, k)))
      return CT_J_VIOLATES(j, id, "mode %d of R is not %s", k, in_l ? "the mode of L it must be" : "the padding x");
  }
  return ct_j_holds(j, id);
}

CT_FN ct_jstatus ct_judge_rearr_3(const ct_layout *L, int N, const ct_layout *x, const ct_layout *R, ct_judgement *j) {
  int r = ct_l_rank(L), k;
  if (!ct_t_is_tuple(&L->shape, 0))
    return ct_jr_same(x, 0, R, 0) ? ct_j_holds(j, "REARR-3") : CT_J_VIOLATES(j, "REARR-3", "L is no tuple: R is not x");
  if (!ct_t_is_tuple(&R->shape, 0) || ct_l_rank(R) != r) return CT_J_VIOLATES(j, "REARR-3", "R's rank is not L's");
  for (k = 0; k < r; ++k)
    if (!ct_jr_same(k == N ? x : L, k == N ? 0 : ct_t_child(&L->shape, 0, k), R, ct_t_child(&R->shape, 0, k)))
      return CT_J_VIOLATES(j, "REARR-3", "mode %d of R is not %s", k, k == N ? "x" : "L's");
  return ct_j_holds(j, "REARR-3");
}

/* rc: what zip answered (R is read only when CT_OK). */
CT_FN ct_jstatus ct_judge_rearr_4(const ct_layout *L, ct_code rc, const ct_layout *R, ct_judgement *j) {
  int r = ct_l_rank(L), q, i, k, zippable = 1;
  if (!ct_t_is_tuple(&L->shape, 0) || r == 0 || !ct_t_is_tuple(&L->shape, ct_t_child(&L->shape, 0, 0))) {
    if (rc != CT_OK) return CT_J_VIOLATES(j, "REARR-4", "zip rejected a layout whose mode 0 is no tuple");
    if (!ct_t_is_tuple(&L->shape, 0) || r == 0)
      return ct_jr_same(L, 0, R, 0) ? ct_j_holds(j, "REARR-4") : CT_J_VIOLATES(j, "REARR-4", "R is not L");
    if (!ct_t_is_tuple(&R->shape, 0) || ct_l_rank(R) != 1 || !ct_jr_same(L, 0, R, ct_t_child(&R->shape, 0, 0)))
      return CT_J_VIOLATES(j, "REARR-4", "mode 0 of L is no tuple, but R is not (L)");
    return ct_j_holds(j, "REARR-4");
  }
  q = ct_t_rank(&L->shape, ct_t_child(&L->shape, 0, 0));
  for (i = 0; i < r; ++i) {
    int c = ct_t_child(&L->shape, 0, i);
    zippable = zippable && ct_t_is_tuple(&L->shape, c) && L->shape.nd[c].rank == q;
  }
  if (!zippable)
    return rc == CT_BAD_PROFILE ? ct_j_holds(j, "REARR-4")
                                : CT_J_VIOLATES(j, "REARR-4", "the modes of L are not tuples of one rank: BAD_PROFILE expected");
  if (rc != CT_OK) return CT_J_VIOLATES(j, "REARR-4", "zip rejected modes that are tuples of one rank");
  if (!ct_t_is_tuple(&R->shape, 0) || ct_l_rank(R) != q) return CT_J_VIOLATES(j, "REARR-4", "R does not have rank %d", q);
  for (k = 0; k < q; ++k) {
    int rk = ct_t_child(&R->shape, 0, k);
    if (!ct_t_is_tuple(&R->shape, rk) || R->shape.nd[rk].rank != r)
      return CT_J_VIOLATES(j, "REARR-4", "mode %d of R is not a tuple of rank %d", k, r);
    for (i = 0; i < r; ++i)
      if (!ct_jr_same(L, ct_t_child(&L->shape, ct_t_child(&L->shape, 0, i), k), R, ct_t_child(&R->shape, rk, i)))
        return CT_J_VIOLATES(j, "REARR-4", "layout<%d,%d>(R) is not layout<%d,%d>(L)", k, i, i, k);
  }
  return ct_j_holds(j, "REARR-4");
}

CT_FN ct_jstatus ct_judge_rearr_5(const ct_layout *L, const ct_tuple *P, ct_code rc, const ct_layout *R, ct_judgement *j) {
  int ll[CT_MAX_NODES], rl[CT_MAX_NODES], pl[CT_MAX_NODES], k;
  int nl = ct_t_leaves(&L->shape, 0, ll, CT_MAX_NODES), np = ct_t_leaves(P, 0, pl, CT_MAX_NODES), nr;
  if (ct_l_depth(L) > 1 || nl != np)
    return rc == CT_BAD_PROFILE ? ct_j_holds(j, "REARR-5")
                                : CT_J_VIOLATES(j, "REARR-5", "L is not flat or P has another number of leaves: BAD_PROFILE expected");
  if (rc != CT_OK) return CT_J_VIOLATES(j, "REARR-5", "unflatten rejected a flat L and a P with as many leaves");
  if (!ct_t_congruent(&R->shape, 0, P, 0)) return CT_J_VIOLATES(j, "REARR-5", "R is not congruent to P");
  nr = ct_t_leaves(&R->shape, 0, rl, CT_MAX_NODES);
  if (nr != nl) return CT_J_VIOLATES(j, "REARR-5", "R has %d leaves, L %d", nr, nl);
  for (k = 0; k < nl; ++k)
    if (!ct_jr_same(L, ll[k], R, rl[k])) return CT_J_VIOLATES(j, "REARR-5", "leaf %d of R is not leaf %d of L", k, k);
  return ct_j_holds(j, "REARR-5");
}

CT_FN ct_jstatus ct_judge_rearr_6(const ct_tuple *S, const ct_tuple *R, ct_judgement *j) {
  int r = ct_t_rank(S, 0), k;
  ct_val v;
  ct_err e;
  if (!ct_t_is_tuple(R, 0) || ct_t_rank(R, 0) != r) return CT_J_VIOLATES(j, "REARR-6", "R does not have S's rank %d", r);
  for (k = 0; k < r; ++k) {
    int c = ct_t_child(R, 0, k);
    if (ct_t_product(S, ct_t_is_tuple(S, 0) ? ct_t_child(S, 0, k) : 0, &v, &e) != CT_OK) return ct_j_unchecked(j, "REARR-6");
    if (R->nd[c].kind != CT_INT || R->nd[c].v != v.v)
      return CT_J_VIOLATES(j, "REARR-6", "entry %d of R is not size(S_%d) = %lld", k, k, (long long)v.v);
  }
  return ct_j_holds(j, "REARR-6");
}
