/* judge.h -- the post-conditions of spec/ as judges.
 *
 * A judge is one pure function per post-condition ID: it reads an
 * operation's inputs and a result and says whether the post-condition holds,
 * is violated (naming the ID and, on the host, what it saw), or could not be
 * decided. props/ judges the reference's results with them ("generate,
 * compute, judge"), `cuteref conform` judges an implementation's answers
 * with the same functions (cli/registry.c names each operation's judges),
 * and device/ runs them through props/ on the GPU.
 *
 * Brute-force judges visit at most `bound` indices (or values, as each one
 * says) and never more than CT_JUDGE_CAP: past that they answer
 * CT_J_UNCHECKED, never CT_J_HOLDS, though a violation among the indices
 * they did visit is still reported. props/ passes CT_BRUTE_MAX, `conform`
 * its own larger bound. */
#ifndef CT_JUDGE_H
#define CT_JUDGE_H

#include "ref/composed.h"

typedef enum { CT_J_HOLDS = 0, CT_J_VIOLATED = 1, CT_J_UNCHECKED = 2 } ct_jstatus;

typedef struct {
  ct_jstatus status;
  const char *id; /* the ID judged; the violated one when status is CT_J_VIOLATED */
  int limit;      /* unchecked because a layout it needs exceeds the representation (CT_MAX_NODES) */
#if !CT_ON_DEVICE
  int64_t at;    /* a violation's index inside the domain where it breaks; -1 none (spec/principle.md) */
  char why[240]; /* what was seen */
#endif
} ct_judgement;

/* Scratch of the brute-force judges: per-thread locals on the GPU (small),
 * static on the host (one thread), where `conform` needs room for its bound. */
#if CT_ON_DEVICE
#define CT_JUDGE_SCRATCH
#ifndef CT_JUDGE_CAP
#ifdef CT_BRUTE_MAX
#define CT_JUDGE_CAP CT_BRUTE_MAX
#else
#define CT_JUDGE_CAP 512
#endif
#endif
#else
#define CT_JUDGE_SCRATCH static
#ifndef CT_JUDGE_CAP
#define CT_JUDGE_CAP 65536
#endif
#endif

/* Record a verdict; each returns the status it records. */
CT_FN ct_jstatus ct_j_holds(ct_judgement *j, const char *id);
CT_FN ct_jstatus ct_j_unchecked(ct_judgement *j, const char *id);
/* Unchecked because building what the judge needs hit a representation limit. */
CT_FN ct_jstatus ct_j_limit(ct_judgement *j, const char *id);
#if CT_ON_DEVICE
CT_FN ct_jstatus ct_j_violated(ct_judgement *j, const char *id);
#define CT_J_VIOLATES(j, id, ...) ct_j_violated((j), (id))
#define CT_J_VIOLATES_AT(j, id, at, ...) ct_j_violated((j), (id))
#else
ct_jstatus ct_j_violates(ct_judgement *j, const char *id, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
#define CT_J_VIOLATES(j, id, ...) ct_j_violates((j), (id), __VA_ARGS__)
/* A violation at an index inside the domain (spec/principle.md §4):
 * `conform` reports the index, and a witness built from it. */
#define CT_J_VIOLATES_AT(j, id, at, ...) ct_j_violates_at((j), (id), (at), __VA_ARGS__)
ct_jstatus ct_j_violates_at(ct_judgement *j, const char *id, int64_t at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
#endif

/* Helpers of the judges. L(i) past the size extends through the last mode
 * (LAYOUT-EVAL); 0 when it cannot be evaluated. Inline, as ct_j_at_form:
 * judges call them once per index, and on the GPU a call, registers saved to
 * local memory around it, costs more than the wrapper (docs/data/gpu-tuning.md,
 * twelfth step). */
CT_FN static inline int64_t ct_j_at(const ct_layout *L, int64_t i) {
  int64_t v = 0;
  ct_err e;
  if (ct_l_eval(L, i, &v, &e) != CT_OK) return 0;
  return v;
}
/* ct_j_at through a leaf form of L (ref/leaf_form.h): cheap index after
 * index, a step without a call. */
CT_FN static inline int64_t ct_j_at_form(ct_leaf_form *F, int64_t i) {
  int64_t v = 0;
  ct_err e;
  if (ct_lf_eval(F, i, &v, &e) != CT_OK) return 0;
  return v;
}
/* Â, composition's reading of A at any x (COMP-EXT): the extension of
 * coalesce(A), so equivalent layouts give the same Â. Brute force, no code
 * of ref/ahat.c: A's leaves of size > 1 in colexicographic order (merging
 * neighbours, coalesce's other step, keeps the extension), x split over
 * them with the last not reduced; none left (size 1): 0. Below 0 Â exists
 * only where those leaves coalesce into one mode (lin), as x*d. Integer
 * strides only (a basis stride's value is read as an integer). */
typedef struct {
  int n, lin;
  int64_t s[CT_MAX_NODES], d[CT_MAX_NODES];
} ct_j_ahat;
CT_FN void ct_j_ahat_init(const ct_layout *A, ct_j_ahat *h);
/* Â(x) into *v: 1; 0 where undefined (x < 0, not lin; a shape below 1) or
 * beyond int64. */
CT_FN static inline int ct_j_ahat_at(const ct_j_ahat *h, int64_t x, int64_t *v) {
  int64_t acc = 0, t;
  int k;
  if (h->n <= 0) return h->n == 0 ? (*v = 0, 1) : 0;
  if (x < 0 && !h->lin) return 0;
  if (x < 0) return !ct_mul_ovf(x, h->d[0], v);
  for (k = 0; k + 1 < h->n; ++k) {
    if (ct_mul_ovf(x % h->s[k], h->d[k], &t) || ct_add_ovf(acc, t, &acc)) return 0;
    x /= h->s[k];
  }
  if (ct_mul_ovf(x, h->d[h->n - 1], &t) || ct_add_ovf(acc, t, &acc)) return 0;
  *v = acc;
  return 1;
}
/* size(L), -1 on overflow. */
CT_FN int64_t ct_j_size(const ct_layout *L);
/* The sizes T and V of a thread-value layout's two top modes (spec/mma.md,
 * spec/copy.md, spec/tiled_mma.md); 0 when L has not two, or one is empty. */
CT_FN int ct_j_tv_sizes(const ct_layout *L, int64_t *T, int64_t *V);
/* Sorts a[0..n) (no recursion). */
CT_FN void ct_j_sort(int64_t *a, int64_t n);
/* L(0..size) into v, in index order; -1 when size(L) > cap. */
CT_FN int64_t ct_j_values(const ct_layout *L, int64_t *v, int64_t cap);
/* L(0..size) into v, sorted, duplicates kept; -1 when size(L) > cap. */
CT_FN int64_t ct_j_sorted_values(const ct_layout *L, int64_t *v, int64_t cap);
/* Values that span fewer than CT_J_NARROW are marked in a bitmap of that
 * many bits rather than sorted (ct_j_repeats, FILT-2's judge): the bitmap's
 * loop runs alike on every lane of a GPU warp, a sort's inner loop does not
 * (issue 16). */
#define CT_J_NARROW 512
/* Whether v[0..n) holds a value twice (v may be reordered). */
CT_FN int ct_j_repeats(int64_t *v, int64_t n);

/* Whether f[0..n) (f[0] == 0) is a layout's function: its coalesced form,
 * peeled mode by mode (COMP-PEEL in spec/composition.md). */
CT_FN int ct_j_is_layout(const int64_t *f, int64_t n);

/* ---- spec/layout.md ------------------------------------------------------------------ */
/* LAYOUT-1: size(L) is the product of L's shape entries. */
CT_FN ct_jstatus ct_judge_layout_1(const ct_layout *L, int64_t size, ct_judgement *j);
/* LAYOUT-4: cosize(L) == 1 + sum (s-1)*|d| (the definition), >= 1 + max L - min L,
 * and equal to it when the strides have one sign (visits size(L) indices). */
CT_FN ct_jstatus ct_judge_layout_4(const ct_layout *L, int64_t cosize, int64_t bound, ct_judgement *j);

/* ---- spec/coalesce.md ----------------------------------------------------------------- */
CT_FN ct_jstatus ct_judge_coal_1(const ct_layout *L, const ct_layout *R, ct_judgement *j);
CT_FN ct_jstatus ct_judge_coal_2(const ct_layout *R, ct_judgement *j);
CT_FN ct_jstatus ct_judge_coal_3(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j);
CT_FN ct_jstatus ct_judge_coal_4(const ct_layout *R, ct_judgement *j);
/* FILT-2: no stride-0 mode left (unless 1:0), the same image (visits the
 * larger of the two sizes). */
CT_FN ct_jstatus ct_judge_filt_2(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j);

/* ---- spec/composition.md -------------------------------------------------------------- */
/* COMP-1: compatible(B, R), size-1 leaves aside (EQUIV-2). */
CT_FN ct_jstatus ct_judge_comp_1(const ct_layout *B, const ct_layout *R, ct_judgement *j);
/* COMP-2: R(i) == A^(B(i)) for i < size(B); A^ is the extension of
 * coalesce(A) (ct_j_ahat), below 0 only where that is one mode. */
CT_FN ct_jstatus ct_judge_comp_2(const ct_layout *A, const ct_layout *B, const ct_layout *R, int64_t bound,
                                 ct_judgement *j);
CT_FN ct_jstatus ct_judge_comp_3(const ct_layout *B, const ct_layout *R, ct_judgement *j);
/* COMP-6: for a tiler <T0, ...> (T with mark), R has one mode per T_k and
 * mode k satisfies COMP-1..COMP-3 for layout<k>(A) and T_k (`_`: the whole
 * mode); a nested tiler inside is not checked. */
CT_FN ct_jstatus ct_judge_comp_6(const ct_layout *A, const ct_tiler *T, const ct_layout *R, int64_t bound,
                                 ct_judgement *j);

/* COMP-9: each leaf of B is replaced by one mode or by modes of size >= 2 no
 * two neighbours of which merge (a coalesced layout). */
CT_FN ct_jstatus ct_judge_comp_9(const ct_layout *B, const ct_layout *R, ct_judgement *j);
/* Exactness (judge/judge_exact.c, brute force; B of at most `bound`
 * elements, leaves of at most 64). COMP-8: `got` (the code of composition(A,
 * B); CT_OK accepted) is CT_OK iff a layout of B's nesting computes Â∘B;
 * UNDECIDED and the representation's codes are not judged. COMP-10: a
 * rejection's index is the least i where no such layout agrees on [0, i]. */
CT_FN ct_jstatus ct_judge_comp_8(const ct_layout *A, const ct_layout *B, ct_code got, int64_t bound, ct_judgement *j);
CT_FN ct_jstatus ct_judge_comp_10(const ct_layout *A, const ct_layout *B, int64_t index, int64_t bound,
                                  ct_judgement *j);

/* ---- spec/complement.md ----------------------------------------------------------------- */
/* M: the cotarget's size (cosize(filter(A)) for complement(A)). */
CT_FN ct_jstatus ct_judge_cpl_1(const ct_layout *R, int64_t bound, ct_judgement *j);
/* CPL-2 visits K = size(filter(A))*size(R) values. */
CT_FN ct_jstatus ct_judge_cpl_2(const ct_layout *A, const ct_layout *R, int64_t bound, ct_judgement *j);
CT_FN ct_jstatus ct_judge_cpl_3(const ct_layout *A, int64_t M, const ct_layout *R, ct_judgement *j);
/* CPL-4 visits size(A) + size(R) indices. */
CT_FN ct_jstatus ct_judge_cpl_4(const ct_layout *A, const ct_layout *R, int64_t bound, ct_judgement *j);

/* CPL-8: cosize(make_layout(A, R)) >= M (CuTe's unit test checks it on
 * every complement). */
CT_FN ct_jstatus ct_judge_cpl_8(const ct_layout *A, int64_t M, const ct_layout *R, ct_judgement *j);

/* CPL-7: `got` (the code of complement(A[, M]); has_cot 0: the default
 * cotarget) is CT_OK iff an R with CPL-1..CPL-3 exists: A's image tiles
 * [0, K) greedily with an ordered layout of translates (K, size(A) <= bound). */
CT_FN ct_jstatus ct_judge_cpl_7(const ct_layout *A, int has_cot, int64_t M, ct_code got, int64_t bound,
                                ct_judgement *j);

/* ---- spec/inverse.md ------------------------------------------------------------------- */
CT_FN ct_jstatus ct_judge_rinv_1(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j);
CT_FN ct_jstatus ct_judge_rinv_2(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j);
/* RINV-3, RINV-4: the hypothesis (filter(L) injective and, where L has a
 * negative stride, its least indices a layout's function: RINV-NEG) is
 * checked by brute force; where it fails they hold vacuously. Both visit
 * size(L) indices. */
CT_FN ct_jstatus ct_judge_rinv_3(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j);
CT_FN ct_jstatus ct_judge_rinv_4(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j);
CT_FN ct_jstatus ct_judge_linv_1(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j);
CT_FN ct_jstatus ct_judge_linv_2(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j);

/* ---- spec/composed.md ------------------------------------------------------------------- */
/* CL-7 (X composed, plain 0) / CL-8 (X = Sw<0,0,0> o 0 o L, plain 1): P is
 * X's outer swizzle as a function, an identity for a plain layout. */
CT_FN ct_jstatus ct_judge_cl_swizzle_portion(const ct_composed *X, int plain, const ct_swizzle *P, ct_judgement *j);
/* CL-7 / CL-8: N is X's inner layout as a function with a compatible shape
 * (EQUIV-2), brute force up to bound indices. */
CT_FN ct_jstatus ct_judge_cl_nonswizzle_portion(const ct_composed *X, int plain, const ct_layout *N, int64_t bound,
                                                ct_judgement *j);
/* RINV-8 (spec/inverse.md, CL-INV): 0 <= R(i) < size(C) and C(R(i)) == i for
 * every i < size(R); R a composed form (a plain answer as Sw<0,0,0> o 0 o L). */
CT_FN ct_jstatus ct_judge_rinv_8(const ct_composed *C, const ct_composed *R, int64_t bound, ct_judgement *j);
/* LINV-7: 0 <= C(i) < size(R), 0 <= R(C(i)) < size(C) and C(R(C(i))) == C(i)
 * for every i < size(C). */
CT_FN ct_jstatus ct_judge_linv_7(const ct_composed *C, const ct_composed *R, int64_t bound, ct_judgement *j);
/* CL-9: R = composition(L, C), C = A o 0 o B: size(R) == size(B) and
 * R(i) == L(C(i)) >= 0 for every i < size(B) (L read past its size as
 * composition reads it, Â of COMP-EXT). */
CT_FN ct_jstatus ct_judge_cl_9(const ct_layout *L, const ct_composed *C, const ct_composed *R, int64_t bound,
                               ct_judgement *j);
/* MCL-6 (spec/inverse.md, MCL-COMPOSED): a(R(i)) == i == b(R(i)) and
 * 0 <= R(i) < min(size(a), size(b)) for every i < size(R) >= 1; a and b
 * composed forms (a layout L as Sw<0,0,0> o 0 o L). */
CT_FN ct_jstatus ct_judge_mcl_6(const ct_composed *a, const ct_composed *b, const ct_layout *R, int64_t bound,
                                ct_judgement *j);
/* MCV-3: 1 <= N <= min(size(a), size(b)), and every value below N is taken
 * by a and b at one common index. */
CT_FN ct_jstatus ct_judge_mcv_3(const ct_composed *a, const ct_composed *b, int64_t N, int64_t bound,
                                ct_judgement *j);
/* REC-4 (spec/recast.md, REC-SW): R = downcast<N>(C) (up 0) or
 * upcast<N>(C) (up 1) is the cast swizzle (REC-3) o N*O (O/N) o inner_cast,
 * inner_cast CAST's cast of C's inner layout (EQUIV-2). */
CT_FN ct_jstatus ct_judge_rec_4(const ct_composed *C, int64_t n, int up, const ct_layout *inner_cast,
                                const ct_composed *R, ct_judgement *j);
/* NULL-5: R lists, in increasing order, exactly the indices where C is 0. */
CT_FN ct_jstatus ct_judge_null_5(const ct_composed *C, const ct_layout *R, int64_t bound, ct_judgement *j);
/* ---- spec/swizzle.md -------------------------------------------------------------------- */
/* SW-4: r is a valid swizzle whose masks are y and z. */
CT_FN ct_jstatus ct_judge_sw_4(int64_t y, int64_t z, const ct_swizzle *r, ct_judgement *j);
/* SW-5: r(x) == a(b(x)) at 0 and every power of two (a swizzle is linear
 * over GF(2), so that is every x), and equal shifts. */
CT_FN ct_jstatus ct_judge_sw_5(const ct_swizzle *a, const ct_swizzle *b, const ct_swizzle *r, ct_judgement *j);
/* SW-7: R is w o _0 o L (or L itself for B = 0) with R(i) == w(L(i)) for
 * i < size(L) (visits size(L) indices). */
CT_FN ct_jstatus ct_judge_sw_7(const ct_swizzle *w, const ct_layout *L, const ct_composed *R, int plain,
                               int64_t bound, ct_judgement *j);
/* SW-8: R = composition(L, Sw): size(R) == size(L) and R(i) == L(Sw(i)) for
 * every i < size(L) (L read past its size as composition reads it, Â). */
CT_FN ct_jstatus ct_judge_sw_8(const ct_layout *L, const ct_swizzle *w, const ct_composed *R, int64_t bound,
                               ct_judgement *j);
/* REC-3 (spec/recast.md): r = downcast<N>(w) has r(N*x + k) == N*w(x) + k,
 * r = upcast<N>(w) has N*r(x) == w(N*x), N a power of two. */
CT_FN ct_jstatus ct_judge_rec_3(const ct_swizzle *w, int64_t n, int up, const ct_swizzle *r, ct_judgement *j);

/* ---- spec/basis.md --------------------------------------------------------------------- */
/* BASIS-1: I = make_identity_layout(S) has shape S and I(i) == idx2crd(i, S)
 * (visits size(S) indices). */
CT_FN ct_jstatus ct_judge_basis_1(const ct_tuple *S, const ct_layout *I, int64_t bound, ct_judgement *j);
/* BASIS-2: value == L(i), the sum of c_k * d_k over L's leaves added in the
 * codomain (c the colexicographic digits of i, the last one unbounded).
 * cp: coprofile(L), found once for all the indices of L; 0 when it failed. */
CT_FN ct_jstatus ct_judge_basis_2(const ct_layout *L, const ct_tuple *cp, int64_t i, const ct_tuple *value,
                                  ct_judgement *j);
CT_FN ct_jstatus ct_judge_basis_3(const ct_layout *L, const ct_tuple *coprofile, ct_judgement *j);
/* BASIS-4 visits size(L) indices. */
CT_FN ct_jstatus ct_judge_basis_4(const ct_layout *L, const ct_tuple *coshape, int64_t bound, ct_judgement *j);
/* BASIS-5: R = coalesce(L) (which 0), filter_zeros(L) (1) or filter(L) (2). */
CT_FN ct_jstatus ct_judge_basis_5(const ct_layout *L, const ct_layout *R, int which, int64_t bound, ct_judgement *j);
/* BASIS-6: R = A o B, B with integer strides: COMP-1, COMP-3, and COMP-2
 * on every part of A and R. */
CT_FN ct_jstatus ct_judge_basis_6(const ct_layout *A, const ct_layout *B, const ct_layout *R, int64_t bound,
                                  ct_judgement *j);
/* BASIS-7: R = A o B, B with basis strides: compatible(B, R), and R(i) ==
 * sum over B's paths q of layout<q>(A)^(B(i)_q). */
CT_FN ct_jstatus ct_judge_basis_7(const ct_layout *A, const ct_layout *B, const ct_layout *R, int64_t bound,
                                  ct_judgement *j);

/* ---- spec/rearrange.md ------------------------------------------------------------------ */
/* REARR-1 (back) / REARR-2: R = append<N>(L, x) / prepend<N>(L, x). */
CT_FN ct_jstatus ct_judge_rearr_pad(const ct_layout *L, int N, const ct_layout *x, int back, const ct_layout *R,
                                    ct_judgement *j);
/* REARR-3: R = replace<N>(L, x), N a mode of L. */
CT_FN ct_jstatus ct_judge_rearr_3(const ct_layout *L, int N, const ct_layout *x, const ct_layout *R, ct_judgement *j);
/* REARR-4: zip(L) answered rc (and R when CT_OK). */
CT_FN ct_jstatus ct_judge_rearr_4(const ct_layout *L, ct_code rc, const ct_layout *R, ct_judgement *j);
/* REARR-5: unflatten(L, P) answered rc (and R when CT_OK). */
CT_FN ct_jstatus ct_judge_rearr_5(const ct_layout *L, const ct_tuple *P, ct_code rc, const ct_layout *R,
                                  ct_judgement *j);
/* REARR-6: R = product_each(S). */
CT_FN ct_jstatus ct_judge_rearr_6(const ct_tuple *S, const ct_tuple *R, ct_judgement *j);

/* ---- spec/construct.md, spec/recast.md (judge/judge_cast.c) ------------------------------- */
/* CAST-1 (size(R) == N*size(L)), CAST-2 (R(c with c_j -> N*c_j + k) ==
 * N*L(c) + k, by R's index), CAST-7 for N == 1; unchecked where downcast<N>
 * rejects L (no single unit leaf, or stride -1). Visits size(R) indices. */
CT_FN ct_jstatus ct_judge_cast_down(const ct_layout *L, int64_t N, const ct_layout *R, int64_t bound,
                                    ct_judgement *j);
/* CAST-4 (a split leaf: L at R's coordinate with c_j -> N*c_j is N*R(c),
 * size(R) == size(L)/N), CAST-5 (none: L == N*R), CAST-7 for N == 1;
 * unchecked where upcast<N> rejects L. Visits size(R) indices. */
CT_FN ct_jstatus ct_judge_cast_up(const ct_layout *L, int64_t N, const ct_layout *R, int64_t bound, ct_judgement *j);
/* REC-1 (REC-2 where OLD == NEW): R = recast_layout<OLD,NEW>(L) is
 * downcast<d>(upcast<u>(L)) as a function, upcast from ref/. */
CT_FN ct_jstatus ct_judge_rec_1(const ct_layout *L, int64_t old_bits, int64_t new_bits, const ct_layout *R,
                                int64_t bound, ct_judgement *j);

/* ---- spec/coalesce.md (judge/judge_filter_zeros.c) ------------------------------------------- */
/* FILT-1: R = filter_zeros(L) is congruent to L, size(L) over the stride-0
 * leaves' sizes, and L at R's coordinate (stride-0 leaves at 0). Visits
 * size(R) indices. */
CT_FN ct_jstatus ct_judge_filt_1(const ct_layout *L, const ct_layout *R, int64_t bound, ct_judgement *j);

/* ---- spec/product.md (judge/judge_product.c) ------------------------------------------------- */
/* BLK-1..BLK-3 (raked: RAKE-1..RAKE-3): R = blocked_product(A, B) (raked_product):
 * rank, mode sizes a_k*b_k, and R at each (block, copy) coordinate pair
 * A'(x) + T(y), T from ref/'s complement and composition. Visits
 * size(A)*size(B) pairs. */
CT_FN ct_jstatus ct_judge_blk(const ct_layout *A, const ct_layout *B, const ct_layout *R, int raked, int64_t bound,
                              ct_judgement *j);
/* TILE-2 (rank and mode sizes of trg), TILE-1/TILE-3 (BLK-3 of block' and
 * make_ordered_layout(n, order); order 0: column-major). */
CT_FN ct_jstatus ct_judge_tile(const ct_layout *block, const ct_tuple *trg, const ct_tuple *order, const ct_layout *R,
                               int64_t bound, ct_judgement *j);

/* ---- spec/refine.md (judge/judge_refine.c) --------------------------------------------------- */
CT_FN ct_jstatus ct_judge_refine_1(const ct_tuple *a, const ct_tuple *b, const ct_tuple *R, ct_judgement *j);
/* REFINE-2: R has a tuple only where a or b has one. */
CT_FN ct_jstatus ct_judge_refine_2(const ct_tuple *a, const ct_tuple *b, const ct_tuple *R, ct_judgement *j);
CT_FN ct_jstatus ct_judge_coarsen_1(const ct_tuple *a, const ct_tuple *b, const ct_tuple *R, ct_judgement *j);
/* COARSEN-2: at each integer of R, a and b are not tuples of one rank with
 * pairwise equal mode sizes. */
CT_FN ct_jstatus ct_judge_coarsen_2(const ct_tuple *a, const ct_tuple *b, const ct_tuple *R, ct_judgement *j);
/* GCD-1 (strides ordered, d_k*g_k | d_k+1), GCD-2 (each mode in one leaf
 * of a and of b), GCD-4 (consecutive modes in different leaves), on G's
 * leaves of size >= 2. */
CT_FN ct_jstatus ct_judge_gcd_1(const ct_tuple *a, const ct_tuple *b, const ct_layout *G, ct_judgement *j);
/* GCD-3: every pair of leaves' largest common segment lies in a mode of G. */
CT_FN ct_jstatus ct_judge_gcd_3(const ct_tuple *a, const ct_tuple *b, const ct_layout *G, ct_judgement *j);
/* DIST-1 (R's function and size from the gcd fold), DIST-2 (R increases).
 * Visits size(R) indices. */
CT_FN ct_jstatus ct_judge_dist(const ct_tuple *a, int64_t n, const ct_layout *R, int64_t bound, ct_judgement *j);

/* judge_linear.c: spec/linear.md, by the definition (L(i) the XOR of the
 * bases of i's bits) at every index up to `bound`. LIN-1 judges an answer B,
 * LIN-2 a rejection. */
CT_FN ct_jstatus ct_judge_lin_1(const ct_layout *L, const ct_tuple *B, int64_t bound, ct_judgement *j);
CT_FN ct_jstatus ct_judge_lin_2(const ct_layout *L, int64_t bound, ct_judgement *j);

#endif
