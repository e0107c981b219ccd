/* judge_composition.c -- judges of spec/composition.md: COMP-1 to COMP-3,
 * COMP-6. A^ is the extension of coalesce(A) (COMP-EXT), evaluated by
 * judge.h's ct_j_ahat, which shares no code with ref/ahat.c. */
#include "judge/judge.h"
#include "ref/ct_arith.h"
#include "ref/composition.h"
#include "ref/ct_arith.h"

CT_FN ct_jstatus ct_judge_comp_1(const ct_layout *B, const ct_layout *R, ct_judgement *j) {
  if (!ct_t_compatible_loose(&B->shape, &R->shape))
    return CT_J_VIOLATES(j, "COMP-1", "compatible(B, R) fails: B's shape is not R's, size-1 modes aside");
  return ct_j_holds(j, "COMP-1");
}

CT_FN ct_jstatus ct_judge_comp_2(const ct_layout *A, const ct_layout *B, const ct_layout *R, int64_t bound,
                                 ct_judgement *j) {
  ct_j_ahat h; /* COMP-EXT: the extension of coalesce(A) */
  ct_leaf_form FB, FR; /* B and R index after index; A at B's values */
  int64_t i, n = ct_j_size(B), upto = n < bound ? n : bound;
  int unknown = 0;
  ct_j_ahat_init(A, &h);
  ct_lf_init(&FB, B);
  ct_lf_init(&FR, R);
  for (i = 0; i < upto; ++i) {
    int64_t b = ct_j_at_form(&FB, i), want = 0, got = ct_j_at_form(&FR, i);
    if (b < 0 && !h.lin)
      return CT_J_VIOLATES(j, "COMP-2", "B(%lld) = %lld < 0, where A^ is not defined (coalesce(A) has more than one mode)",
                           (long long)i, (long long)b);
    if (!ct_j_ahat_at(&h, b, &want)) {
      if (h.n > 0 && h.lin && ct_mul_ovf(b, h.d[0], &want)) /* checked: fuzz/fuzz_conform.c found the wrap (issue 17) */
        return CT_J_VIOLATES(j, "COMP-2", "R(%lld) = %lld, but A^(B(%lld)) = %lld * %lld is beyond 64 bits", (long long)i,
                             (long long)got, (long long)i, (long long)b, (long long)h.d[0]);
      unknown = 1; /* a sum of digits beyond 64 bits on the way: not decided here */
      break;
    }
    if (got != want)
      return CT_J_VIOLATES(j, "COMP-2", "R(%lld) = %lld, but A^(B(%lld)) = A^(%lld) = %lld", (long long)i, (long long)got,
                           (long long)i, (long long)b, (long long)want);
  }
  return !unknown && n >= 0 && n <= bound ? ct_j_holds(j, "COMP-2") : ct_j_unchecked(j, "COMP-2");
}

CT_FN ct_jstatus ct_judge_comp_3(const ct_layout *B, const ct_layout *R, ct_judgement *j) {
  int64_t nb = ct_j_size(B), nr = ct_j_size(R);
  if (nr != nb) return CT_J_VIOLATES(j, "COMP-3", "size(R) = %lld, size(B) = %lld", (long long)nr, (long long)nb);
  return ct_j_holds(j, "COMP-3");
}

CT_FN ct_jstatus ct_judge_comp_9(const ct_layout *B, const ct_layout *R, ct_judgement *j) {
  int jb, jr = 0;
  for (jb = 0; jb < B->shape.n; ++jb, ++jr) { /* B's and R's trees side by side, preorder */
    const ct_node *b = &B->shape.nd[jb], *r = jr < R->shape.n ? &R->shape.nd[jr] : 0;
    int k;
    if (!r || (b->kind == CT_TUPLE && (r->kind != CT_TUPLE || r->rank != b->rank))) return ct_j_unchecked(j, "COMP-9");
    if (b->kind == CT_TUPLE || r->kind != CT_TUPLE) continue;
    for (k = jr + 1; k < jr + r->span; ++k) { /* a leaf of B replaced by a tuple: flat, coalesced */
      const ct_node *s = &R->shape.nd[k], *d = &R->stride.nd[k];
      int64_t span;
      if (s->kind != CT_INT) return CT_J_VIOLATES(j, "COMP-9", "a leaf of B is replaced by a nested tuple");
      if (s->v < 2) return CT_J_VIOLATES(j, "COMP-9", "a leaf of B is replaced by modes one of which has size %lld", (long long)s->v);
      if (k > jr + 1 && !ct_mul_ovf(R->shape.nd[k - 1].v, R->stride.nd[k - 1].v, &span) && span == d->v)
        return CT_J_VIOLATES(j, "COMP-9", "a leaf of B is replaced by modes %lld:%lld, %lld:%lld, which coalesce into one",
                             (long long)R->shape.nd[k - 1].v, (long long)R->stride.nd[k - 1].v, (long long)s->v,
                             (long long)d->v);
    }
    jr += r->span - 1;
  }
  return ct_j_holds(j, "COMP-9");
}

/* COMP-1..COMP-3 of one mode; the first that does not hold. */
CT_FN static ct_jstatus ct_j_comp_mode(const ct_layout *A, const ct_layout *B, const ct_layout *R, int64_t bound,
                                       ct_judgement *j) {
  ct_jstatus s = ct_judge_comp_1(B, R, j);
  if (s == CT_J_HOLDS) s = ct_judge_comp_3(B, R, j);
  if (s == CT_J_HOLDS) s = ct_judge_comp_2(A, B, R, bound, j);
  return s;
}

CT_FN ct_jstatus ct_judge_comp_6(const ct_layout *A, const ct_tiler *T, const ct_layout *R, int64_t bound,
                                 ct_judgement *j) {
  int k, r = ct_t_rank(&T->shape, 0), unchecked = 0;
  ct_err e;
  if (!(ct_t_is_tuple(&T->shape, 0) && T->shape.nd[0].mark)) return ct_j_unchecked(j, "COMP-6"); /* not a tiler */
  if (ct_l_rank(R) != r || !ct_t_is_tuple(&R->shape, 0))
    return CT_J_VIOLATES(j, "COMP-6", "R has %d modes, the tiler %d (modes of A the tiler does not cover are dropped)",
                         ct_l_rank(R), r);
  for (k = 0; k < r && k < ct_l_rank(A); ++k) {
    ct_layout Ak, Tk, Rk;
    ct_jstatus s;
    if (ct_l_mode(A, &k, 1, &Ak, &e) != CT_OK || ct_l_mode(T, &k, 1, &Tk, &e) != CT_OK ||
        ct_l_mode(R, &k, 1, &Rk, &e) != CT_OK)
      return ct_j_unchecked(j, "COMP-6");
    if (Tk.shape.nd[0].kind == CT_ALL) ct_l_set_int(&Tk, ct_j_size(&Ak), 0, 1, 0); /* `_`: the whole mode */
    else if (Tk.shape.nd[0].mark) { /* a nested tiler */
      unchecked = 1;
      continue;
    }
    s = ct_j_comp_mode(&Ak, &Tk, &Rk, bound, j);
    if (s == CT_J_VIOLATED) {
#if !CT_ON_DEVICE
      ct_judgement inner = *j;
      return CT_J_VIOLATES(j, "COMP-6", "mode %d is not layout<%d>(A) o T%d: %.40s: %.180s", k, k, k, inner.id, inner.why);
#else
      return ct_j_violated(j, "COMP-6");
#endif
    }
    unchecked |= s == CT_J_UNCHECKED;
  }
  return unchecked ? ct_j_unchecked(j, "COMP-6") : ct_j_holds(j, "COMP-6");
}
