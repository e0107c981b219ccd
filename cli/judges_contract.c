/* judges_contract.c -- CuTe's documented contract, judged inside the domain
 * (spec/principle.md). `conform` asks these when an answer differs from the
 * reference's: an answer that meets them differs by convention only
 * (principle §3); a violation is a wrong answer and names the post-condition and
 * the in-domain index where it breaks (principle §4).
 *
 * Each adapter has the shape of registry.h's ct_op_judge and answers 1
 * (the contract holds at every in-domain index visited), 0 (violated: j
 * names the ID and j->at the index, -1 where the statement has none) or -1
 * (nothing to decide). "The domain" is where CuTe defines a value: a
 * layout read at indices in [0, size). What the reference does outside it
 * is a convention, never required of others (principle §2). */
#include "judges.h"
#include "ref/ct_arith.h"
#include "ref/complement.h"
#include "ref/coalesce.h"
#include "ref/int_ops.h"
#include "ref/divide.h"

#include <stdio.h>

static int cx_layout(const ct_value *v, ct_layout *L) {
  ct_err e;
  return ct_as_layout(v, L, "L", &e) == CT_OK;
}

/* Every in-domain index of X in R's frame: R(i) == A(X(i)) wherever
 * 0 <= X(i) < size(A), for i < size(X); plus size(R) == size(X). The
 * composition's statement COMP-2 read inside the domain (principle §2); `id` names
 * it for the operation judged. */
static ct_jstatus cx_through(const ct_layout *A, const ct_layout *X, const ct_layout *R, int64_t bound,
                             const char *id, const char *xname, ct_judgement *j) {
  int64_t na = ct_j_size(A), nx = ct_j_size(X), nr = ct_j_size(R), i;
  if (na < 0 || nx < 0 || nr < 0) return ct_j_limit(j, id);
  if (nr != nx)
    return CT_J_VIOLATES(j, id, "size(R) = %lld, but size(%s) = %lld", (long long)nr, xname, (long long)nx);
  for (i = 0; i < nx && i < bound; ++i) {
    int64_t x = ct_j_at(X, i), want, got;
    if (x < 0 || x >= na) continue; /* outside A's domain: a convention (principle §2) */
    want = ct_j_at(A, x);
    got = ct_j_at(R, i);
    if (got != want)
      return CT_J_VIOLATES_AT(j, id, i, "R(%lld) = %lld, but A(%s(%lld)) = A(%lld) = %lld, and %lld lies in A's domain [0, %lld)",
                              (long long)i, (long long)got, xname, (long long)i, (long long)x, (long long)want,
                              (long long)x, (long long)na);
  }
  return nx <= bound ? ct_j_holds(j, id) : ct_j_unchecked(j, id);
}

/* ---- composition: COMP-1, COMP-3, and COMP-2 inside A's domain ------------- */

static ct_jstatus cx_comp_layout(const ct_layout *A, const ct_layout *B, const ct_layout *R, int64_t bound,
                                 ct_judgement *j) {
  if (ct_judge_comp_1(B, R, j) == CT_J_VIOLATED) return CT_J_VIOLATED;
  return cx_through(A, B, R, bound, "COMP-2", "B", j);
}

int ct_cx_composition(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                      ct_judgement *j) {
  ct_layout A, R;
  ct_tiler T;
  ct_err e;
  int k, r, undecided = 0;
  (void)accepted;
  if (n != 2 || ct_as_layout(&args[0], &A, "A", &e) != CT_OK || ct_as_tiler(&args[1], &T, "B", &e) != CT_OK) return -1;
  if (!cx_layout(result, &R)) return -1; /* not a layout: the spec's judges say so */
  if (!T.shape.nd[0].mark) return ct_jx_status(cx_comp_layout(&A, &T, &R, bound, j));
  /* a tiler <T0, ...>: mode k of R is layout<k>(A) o T_k (COMP-6) */
  r = ct_t_rank(&T.shape, 0);
  if (ct_l_rank(&R) != r || !ct_t_is_tuple(&R.shape, 0)) {
    CT_J_VIOLATES(j, "COMP-6", "R has %d modes, the tiler %d", ct_l_rank(&R), r);
    return 0;
  }
  for (k = 0; k < r && k < ct_l_rank(&A); ++k) {
    ct_layout Ak, Tk, Rk;
    if (ct_l_mode(&A, &k, 1, &Ak, &e) != CT_OK || ct_l_mode(&T, &k, 1, &Tk, &e) != CT_OK ||
        ct_l_mode(&R, &k, 1, &Rk, &e) != CT_OK)
      return -1;
    if (Tk.shape.nd[0].kind == CT_ALL) ct_l_set_int(&Tk, ct_j_size(&Ak), 0, 1, 0); /* `_`: the whole mode */
    else if (Tk.shape.nd[0].mark) { /* a nested tiler: not judged here */
      undecided = 1;
      continue;
    }
    if (cx_comp_layout(&Ak, &Tk, &Rk, bound, j) == CT_J_VIOLATED) {
      char inner[240];
      snprintf(inner, sizeof inner, "%s", j->why);
      if (j->at >= 0) /* mode k's index i is R's coordinate (.., i, ..): R's index from it is not one number */
        CT_J_VIOLATES(j, "COMP-6", "mode %d of R is not layout<%d>(A) o T%d at mode index %lld: %.180s", k, k, k,
                      (long long)j->at, inner);
      else
        CT_J_VIOLATES(j, "COMP-6", "mode %d of R is not layout<%d>(A) o T%d: %.180s", k, k, k, inner);
      return 0;
    }
    undecided |= j->status != CT_J_HOLDS;
  }
  return undecided ? -1 : 1;
}

int ct_cx_with_shape(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                     ct_judgement *j) {
  ct_layout A, B, R;
  (void)accepted;
  if (!ct_jx_with_shape_args(args, n, &A, &B) || !cx_layout(result, &R)) return -1;
  return ct_jx_status(cx_comp_layout(&A, &B, &R, bound, j));
}

/* ---- divides: A o (B, complement(B, size(A))), B a layout ----------------- */

/* logical_divide(A, B) and, B a layout, its zipped, tiled and flat forms: the
 * same function, modes regrouped (spec/divide.md). Shapes are compared with
 * the reference's answer by conform (principle §3). */
int ct_cx_divide(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                 ct_judgement *j) {
  ct_layout A, B, C, X, R;
  const ct_layout *parts[2];
  ct_tuple M;
  ct_val sa;
  ct_err e;
  (void)accepted;
  if (n != 2 || !cx_layout(&args[0], &A) || args[1].kind == CT_V_TILER || !cx_layout(&args[1], &B) ||
      !cx_layout(result, &R))
    return -1;
  if (ct_l_size(&A, &sa, &e) != CT_OK) return -1;
  ct_t_set_int(&M, sa.v, 0);
  /* the rest of the tile: where the reference's complement has no answer,
   * CuTe's divide still has one, and nothing is decided here */
  if (ct_complement(&B, &M, &C, &e) != CT_OK) return -1;
  parts[0] = &B;
  parts[1] = &C;
  if (ct_l_concat(parts, 2, &X, &e) != CT_OK) return -1;
  return ct_jx_status(cx_through(&A, &X, &R, bound, "DIV-1", "B*", j));
}

/* Divides by a tiler <T0, T1, ...>: mode k of A is divided by T_k, and the
 * forms regroup the pieces. Which of R's indices read A inside its domain
 * is found by probing: P_k is A with mode k's leaves made compact (1, s0,
 * s0*s1, ...) and every other leaf's stride 0; then op(P_k, T)(i) is the
 * index into mode k that R(i) reads (P_k coalesces to one linear mode, so it
 * reads it outside the mode too, where A's value would be a convention).
 * R(i) must equal the reference's answer wherever every mode's index lies
 * inside that mode; the shapes must be compatible (COMP-1 through DIV-1). */

/* P_k: mode k compact, every other mode of stride 0. 0 if A has no mode k. */
int ct_cx_probe(const ct_layout *A, int k, ct_layout *P) {
  int m, x = 1, end;
  int64_t place = 1;
  *P = *A;
  if (A->shape.nd[0].kind != CT_TUPLE || k >= A->shape.nd[0].rank) return 0;
  for (m = 0; m < k; ++m) x += A->shape.nd[x].span; /* the root's child k, in preorder */
  end = x + A->shape.nd[x].span;
  for (m = 1; m < A->shape.n; ++m) {
    if (A->shape.nd[m].kind != CT_INT) continue;
    P->stride.nd[m].stat = 0;
    if (m >= x && m < end) {
      P->stride.nd[m].v = place;
      if (ct_mul_ovf(place, A->shape.nd[m].v, &place)) return 0;
    } else P->stride.nd[m].v = 0;
  }
  return 1;
}

/* The other reading of a `_` tile mode (spec/divide.md): the whole mode of A
 * goes to the rest, the tile being 1:0 (pycute's, tensor-layouts' reading of
 * a `_` in a zipped/tiled/flat divide; C++ fixes none for these forms: its
 * zip2_by asserts a rank-2 mode there). 0 when T has no `_` at its top. */
static int cx_underscore_as_rest(const ct_tiler *T, ct_tiler *T2) {
  int m, x = 1, any = 0;
  *T2 = *T;
  if (T->shape.nd[0].kind != CT_TUPLE) return 0;
  for (m = 0; m < T->shape.nd[0].rank; ++m) {
    if (T->shape.nd[x].kind == CT_ALL) {
      T2->shape.nd[x].kind = T2->stride.nd[x].kind = CT_INT;
      T2->shape.nd[x].v = 1;
      T2->stride.nd[x].v = 0;
      T2->shape.nd[x].stat = T2->stride.nd[x].stat = 0;
      any = 1;
    }
    x += T->shape.nd[x].span;
  }
  return any;
}

static int cx_divide_tiler_as(ct_tiler_op f, const ct_layout *A, const ct_tiler *T, const ct_layout *R, int64_t bound,
                              ct_judgement *j);

static int cx_divide_tiler(ct_tiler_op f, const ct_layout *A, const ct_tiler *T, const ct_layout *R, int64_t bound,
                           ct_judgement *j) {
  static ct_tiler T2;
  int r = cx_divide_tiler_as(f, A, T, R, bound, j);
  if (r == 0 && cx_underscore_as_rest(T, &T2)) {
    ct_judgement j2;
    int r2 = cx_divide_tiler_as(f, A, &T2, R, bound, &j2);
    if (r2 != 0) return r2; /* the answer reads each `_` as a whole rest: a convention */
  }
  return r;
}

static int cx_divide_tiler_as(ct_tiler_op f, const ct_layout *A, const ct_tiler *T, const ct_layout *R, int64_t bound,
                              ct_judgement *j) {
  static ct_layout Rref, P[CT_MAX_RANK], Q[CT_MAX_RANK];
  ct_err e;
  int k, r = ct_l_rank(A);
  int64_t n, i, sz[CT_MAX_RANK];
  if (A->shape.nd[0].kind != CT_TUPLE || r > CT_MAX_RANK || f(A, T, &Rref, &e) != CT_OK) return -1;
  if (!ct_t_compatible_loose(&Rref.shape, &R->shape) && !ct_t_compatible_loose(&R->shape, &Rref.shape)) {
    CT_J_VIOLATES(j, "DIV-1", "R's shape is not the reference's, size-1 modes aside");
    return 0;
  }
  for (k = 0; k < r; ++k) {
    ct_layout Ak;
    if (!ct_cx_probe(A, k, &P[k]) || f(&P[k], T, &Q[k], &e) != CT_OK || ct_l_mode(A, &k, 1, &Ak, &e) != CT_OK) return -1;
    sz[k] = ct_j_size(&Ak);
  }
  n = ct_j_size(&Rref);
  if (n < 0 || ct_j_size(R) != n) return -1;
  for (i = 0; i < n && i < bound; ++i) {
    int inside = 1;
    int64_t got, want;
    for (k = 0; k < r && inside; ++k) {
      int64_t x = ct_j_at(&Q[k], i);
      inside = x >= 0 && x < sz[k];
    }
    if (!inside) continue; /* a mode read outside its domain: a convention (principle §2) */
    got = ct_j_at(R, i);
    want = ct_j_at(&Rref, i);
    if (got != want) {
      CT_J_VIOLATES_AT(j, "DIV-1", i, "R(%lld) = %lld, but the reference's R(%lld) = %lld, where every mode of A is read "
                       "inside its domain", (long long)i, (long long)got, (long long)i, (long long)want);
      return 0;
    }
  }
  return n <= bound ? 1 : -1;
}

#define CX_DIVIDE_TILER(name, f)                                                                                       \
  int name(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j) {         \
    ct_layout A, R;                                                                                                    \
    ct_tiler T;                                                                                                        \
    ct_err e;                                                                                                          \
    if (n == 2 && args[1].kind != CT_V_TILER) return ct_cx_divide(args, n, result, accepted, bound, j);                 \
    if (n != 2 || !cx_layout(&args[0], &A) || ct_as_tiler(&args[1], &T, "B", &e) != CT_OK || !cx_layout(result, &R))  \
      return -1;                                                                                                       \
    return cx_divide_tiler(f, &A, &T, &R, bound, j);                                                                   \
  }
CX_DIVIDE_TILER(ct_cx_logical_divide, ct_logical_divide_tiler)
CX_DIVIDE_TILER(ct_cx_zipped_divide, ct_zipped_divide)
CX_DIVIDE_TILER(ct_cx_tiled_divide, ct_tiled_divide)
CX_DIVIDE_TILER(ct_cx_flat_divide, ct_flat_divide)

/* ---- products: (A, A* o B), A* = complement(A, size(A)*cosize(B)) --------- */

/* logical_product(A, B) and, B a layout, its zipped, tiled and flat forms
 * (the same function). R(i0 + size(A)*j) == A(i0) + A*(B(j)) wherever B(j)
 * lies in A*'s domain (spec/product.md; CuTe's definition A ⊗ B := (A, A* o B)). */
int ct_cx_product(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                  ct_judgement *j) {
  ct_layout A, B, As, R;
  ct_tuple M;
  ct_val sa, cb;
  ct_err e;
  int64_t na, nb, ns, nr, i, m;
  (void)accepted;
  if (n != 2 || !cx_layout(&args[0], &A) || args[1].kind == CT_V_TILER || !cx_layout(&args[1], &B) ||
      !cx_layout(result, &R))
    return -1;
  if (ct_l_size(&A, &sa, &e) != CT_OK || ct_l_cosize(&B, &cb, &e) != CT_OK || ct_mul_ovf(sa.v, cb.v, &m)) return -1;
  ct_t_set_int(&M, m, 0);
  if (ct_complement(&A, &M, &As, &e) != CT_OK) return -1; /* as for divides: nothing decided */
  na = sa.v;
  nb = ct_j_size(&B);
  ns = ct_j_size(&As);
  nr = ct_j_size(&R);
  if (na <= 0 || nb < 0 || ns < 0 || nr < 0 || ct_mul_ovf(na, nb, &m)) return -1;
  if (nr != m) {
    CT_J_VIOLATES(j, "PROD-1", "size(R) = %lld, but size(A)*size(B) = %lld", (long long)nr, (long long)m);
    return 0;
  }
  for (i = 0; i < nr && i < bound; ++i) {
    int64_t i0 = i % na, jb = i / na, b = ct_j_at(&B, jb), want, got;
    if (b < 0 || b >= ns) continue; /* A* read outside its domain: a convention (principle §2) */
    want = ct_j_at(&A, i0) + ct_j_at(&As, b);
    got = ct_j_at(&R, i);
    if (got != want) {
      CT_J_VIOLATES_AT(j, "PROD-1", i,
                       "R(%lld) = %lld, but A(%lld) + A*(B(%lld)) = %lld + A*(%lld) = %lld, A* = complement(A, %lld) "
                       "read inside its domain [0, %lld)",
                       (long long)i, (long long)got, (long long)i0, (long long)jb, (long long)ct_j_at(&A, i0),
                       (long long)b, (long long)want, (long long)(na * cb.v), (long long)ns);
      return 0;
    }
  }
  return nr <= bound ? 1 : -1;
}

/* ---- complement: the post-conditions CuTe's own unit test checks ---------- */

/* NVIDIA's test/unit/cute/core/complement.cpp checks, for R = complement(A,
 * M): (1) cosize(make_layout(A, R)) >= size(M) (CPL-8); (3) R ordered
 * (CPL-1); (4) R(i) != A(j) for i >= 1 (CPL-4). Its (2) is no contract
 * (judge/judge_complement.c says why). The spec's CPL-2 (a bijection onto
 * [0, K)) is stricter: an answer that meets these three and not CPL-2
 * differs by convention (spec/complement.md). */
int ct_cx_complement(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                     ct_judgement *j) {
  ct_layout A, R;
  ct_val M;
  ct_err e;
  (void)accepted;
  if (n < 1 || n > 2 || !cx_layout(&args[0], &A) || !cx_layout(result, &R)) return -1;
  if (n == 2 ? args[1].kind != CT_V_TUPLE || ct_t_product(&args[1].l.shape, 0, &M, &e) != CT_OK
             : ct_l_cosize(&A, &M, &e) != CT_OK)
    return -1;
  { /* 1 only when every one of them ran and held: a check past its bound decides nothing */
    ct_jstatus s8 = ct_judge_cpl_8(&A, M.v, &R, j), s1, s4;
    if (s8 == CT_J_VIOLATED) return 0;
    if ((s1 = ct_judge_cpl_1(&R, bound, j)) == CT_J_VIOLATED) return 0;
    if ((s4 = ct_judge_cpl_4(&A, &R, bound, j)) == CT_J_VIOLATED) return 0;
    return s8 == CT_J_HOLDS && s1 == CT_J_HOLDS && s4 == CT_J_HOLDS ? 1 : -1;
  }
}

/* ---- inverses and the common layout ---------------------------------------- */

/* right_inverse: CuTe's @result, L(R(i)) == i for i < size(R) (RINV-1), with
 * R's values inside L's domain (RINV-2); maximality (RINV-3) is the spec's. */
int ct_cx_right_inverse(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                        ct_judgement *j) {
  ct_layout L, R;
  (void)accepted;
  if (n != 1 || !cx_layout(&args[0], &L) || !cx_layout(result, &R)) return -1;
  { /* 1 only when both ran and held */
    ct_jstatus s2 = ct_judge_rinv_2(&L, &R, bound, j), s1;
    if (s2 == CT_J_VIOLATED) return 0;
    if ((s1 = ct_judge_rinv_1(&L, &R, bound, j)) == CT_J_VIOLATED) return 0;
    return s1 == CT_J_HOLDS && s2 == CT_J_HOLDS ? 1 : -1;
  }
}

/* left_inverse: CuTe's @result, L(R(L(i))) == L(i) for i < size(L), with
 * R and then L read as CuTe reads a layout past its size (through its last
 * mode): the statement is CuTe's own, and its evaluation is C++'s
 * (strictness class L1: C++'s answers meet it so). LINV-1 keeps R(L(i))
 * inside L's domain: that is the spec's reading, a convention. */
int ct_cx_left_inverse(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                       ct_judgement *j) {
  ct_layout L, R;
  int64_t nl, i;
  (void)accepted;
  if (n != 1 || !cx_layout(&args[0], &L) || !cx_layout(result, &R)) return -1;
  nl = ct_j_size(&L);
  if (nl < 0) return -1;
  for (i = 0; i < nl && i < bound; ++i) {
    int64_t x = ct_j_at(&L, i), r, y;
    ct_err e;
    if (x < 0) return -1; /* a negative offset: R is defined at none (INV-NEG) */
    if (ct_l_eval(&R, x, &r, &e) != CT_OK) return -1;
    if (r < 0) continue; /* L read below 0: CuTe defines nothing there */
    if (ct_l_eval(&L, r, &y, &e) != CT_OK) return -1;
    if (y != x) {
      CT_J_VIOLATES_AT(j, "LINV-1", i, "L(R(L(%lld))) = L(%lld) = %lld, not L(%lld) = %lld", (long long)i, (long long)r,
                       (long long)y, (long long)i, (long long)x);
      return 0;
    }
  }
  return nl <= bound ? 1 : -1;
}

/* nullspace: CuTe's @post, L(R(i)) == 0 for i < size(R) and size(R) ==
 * size(L) / size(filter(L)) (NULL-1, NULL-2), R inside L's domain. */
int ct_cx_nullspace(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                    ct_judgement *j) {
  ct_layout L, R, F;
  ct_err e;
  int64_t nl, nr, nf, i;
  (void)accepted;
  if (n != 1 || !cx_layout(&args[0], &L) || !cx_layout(result, &R) || ct_filter(&L, &F, &e) != CT_OK) return -1;
  nl = ct_j_size(&L);
  nr = ct_j_size(&R);
  nf = ct_j_size(&F);
  if (nl < 0 || nr < 0 || nf <= 0) return -1;
  if (nr != nl / nf) {
    CT_J_VIOLATES(j, "NULL-2", "size(R) = %lld, but size(L) / size(filter(L)) = %lld", (long long)nr, (long long)(nl / nf));
    return 0;
  }
  for (i = 0; i < nr && i < bound; ++i) {
    int64_t x = ct_j_at(&R, i);
    if (x < 0 || x >= nl) {
      CT_J_VIOLATES_AT(j, "NULL-3", i, "R(%lld) = %lld is outside L's domain [0, %lld)", (long long)i, (long long)x,
                       (long long)nl);
      return 0;
    }
    if (ct_j_at(&L, x) != 0) {
      CT_J_VIOLATES_AT(j, "NULL-1", i, "L(R(%lld)) = L(%lld) = %lld, not 0", (long long)i, (long long)x,
                       (long long)ct_j_at(&L, x));
      return 0;
    }
  }
  return nr <= bound ? 1 : -1;
}

/* max_common_layout: CuTe's @post, a(R(i)) == i and b(R(i)) == i for i <
 * size(R), R's values inside both domains (MCL-1, MCL-2); the run's maximality
 * (MCL-3, MCL-4) is the spec's. */
int ct_cx_max_common_layout(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                            ct_judgement *j) {
  ct_layout a, b, R;
  int64_t na, nb, nr, i;
  (void)accepted;
  if (n != 2 || !cx_layout(&args[0], &a) || !cx_layout(&args[1], &b) || !cx_layout(result, &R)) return -1;
  na = ct_j_size(&a);
  nb = ct_j_size(&b);
  nr = ct_j_size(&R);
  if (na < 0 || nb < 0 || nr < 0) return -1;
  for (i = 0; i < nr && i < bound; ++i) {
    int64_t x = ct_j_at(&R, i);
    if (x < 0 || x >= na || x >= nb) continue; /* outside a's or b's domain: a(x), b(x) are conventions */
    if (ct_j_at(&a, x) != i || ct_j_at(&b, x) != i) {
      CT_J_VIOLATES_AT(j, "MCL-1", i, "a(R(%lld)) = %lld and b(R(%lld)) = %lld, R(%lld) = %lld; both must be %lld",
                       (long long)i, (long long)ct_j_at(&a, x), (long long)i, (long long)ct_j_at(&b, x), (long long)i,
                       (long long)x, (long long)i);
      return 0;
    }
  }
  return nr <= bound ? 1 : -1;
}

/* max_common_vector: CuTe's @post, N >= 1 and a(j) == n where b(j) == n, for
 * n < N, j the least such index inside both domains (MCV-2 and MCL-1); a
 * violation names j, where a(j) != b(j). */
int ct_cx_max_common_vector(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                            ct_judgement *j) {
  static int64_t first[CT_JUDGE_CAP];
  ct_layout a, b;
  int64_t na, nb, N, k, i, lim;
  (void)accepted;
  if (n != 2 || !cx_layout(&args[0], &a) || !cx_layout(&args[1], &b)) return -1;
  if (!(result->kind == CT_V_TUPLE && result->l.shape.nd[0].kind == CT_INT)) return -1;
  N = result->l.shape.nd[0].v;
  if (N < 1) {
    CT_J_VIOLATES(j, "MCV-2", "N = %lld, but CuTe promises N >= 1", (long long)N);
    return 0;
  }
  na = ct_j_size(&a);
  nb = ct_j_size(&b);
  if (na < 0 || nb < 0 || nb > bound) return -1;
  lim = N < bound ? N : bound;
  if (lim > CT_JUDGE_CAP) lim = CT_JUDGE_CAP;
  for (k = 0; k < lim; ++k) first[k] = -1;
  for (i = 0; i < nb; ++i) { /* b's least index of each value below N, in one pass */
    int64_t v = ct_j_at(&b, i);
    if (v >= 0 && v < lim && first[v] < 0) first[v] = i;
  }
  for (k = 0; k < lim; ++k) {
    i = first[k];
    if (i < 0 || i >= na) continue; /* b does not take k inside a's domain: nothing CuTe defines */
    if (ct_j_at(&a, i) != k) {
      CT_J_VIOLATES_AT(j, "MCL-1", i, "b(%lld) = %lld, but a(%lld) = %lld, for n = %lld < N = %lld", (long long)i,
                       (long long)k, (long long)i, (long long)ct_j_at(&a, i), (long long)k, (long long)N);
      return 0;
    }
  }
  return N <= lim ? 1 : -1;
}

/* ---- coordinates: CuTe defines them inside the shape ----------------------- */

/* A shape argument: a tuple, or a layout's shape (idx2crd(i, L)). */
static int cx_shape(const ct_value *v, const ct_tuple **S) {
  static ct_layout L;
  ct_err e;
  if (ct_as_tuple(v, S, "shape", &e) == CT_OK) return 1;
  if (ct_as_layout(v, &L, "L", &e) != CT_OK) return 0;
  *S = &L.shape;
  return 1;
}

/* idx2crd(i, S): inside [0, size(S)) the coordinate is unique (the spec's
 * judges and EQUIV decide); outside it CuTe's 2-argument form leaves the last
 * mode unreduced, others wrap: any coordinate congruent with S is a convention
 * (CuTe's @post: congruent(result, shape)). */
int ct_cx_idx2crd(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j) {
  const ct_tuple *S;
  ct_val sz;
  ct_err e;
  int64_t i;
  (void)accepted, (void)bound;
  if (n != 2 || ct_as_int(&args[0], &i, "i", &e) != CT_OK || !cx_shape(&args[1], &S) || ct_t_product(S, 0, &sz, &e) != CT_OK)
    return -1;
  if (i >= 0 && i < sz.v) return -1;
  if (result->kind != CT_V_TUPLE || !ct_t_congruent(&result->l.shape, 0, S, 0)) {
    CT_J_VIOLATES(j, "LAYOUT-3", "idx2crd(%lld, S) is not a coordinate congruent with S", (long long)i);
    return 0;
  }
  return ct_j_holds(j, "LAYOUT-3") == CT_J_HOLDS;
}

/* crd2idx(c, S[, D]): a coordinate outside S (an integer outside [0, size(S)),
 * or a leaf outside [0, s)) reads the layout outside its domain: any integer
 * is a convention there. Inside, the spec's answer is the only one. */
int ct_cx_crd2idx(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound, ct_judgement *j) {
  const ct_tuple *C, *S;
  ct_err e;
  int k, inside = 1;
  (void)accepted, (void)bound;
  if (n < 2 || n > 3 || ct_as_tuple(&args[0], &C, "c", &e) != CT_OK || !cx_shape(&args[1], &S))
    return -1;
  if (C->nd[0].kind == CT_INT) {
    ct_val sz;
    if (ct_t_product(S, 0, &sz, &e) != CT_OK) return -1;
    inside = C->nd[0].v >= 0 && C->nd[0].v < sz.v;
  } else {
    if (!ct_t_congruent(C, 0, S, 0)) return -1;
    for (k = 0; k < C->n; ++k) /* congruent: leaf k of C sits at node k of S */
      if (C->nd[k].kind == CT_INT && (C->nd[k].v < 0 || C->nd[k].v >= S->nd[k].v)) inside = 0;
  }
  if (inside) return -1;
  if (!(result->kind == CT_V_TUPLE && result->l.shape.nd[0].kind == CT_INT)) {
    CT_J_VIOLATES(j, "LAYOUT-2", "crd2idx does not answer an integer");
    return 0;
  }
  return ct_j_holds(j, "LAYOUT-2") == CT_J_HOLDS;
}

/* ---- integer arithmetic on shapes ------------------------------------------ */

/* ceil_div, shape_div: CuTe defines them on shapes, positive integers (its
 * `(a + b - 1) / b` and its divisibility assertion assume it). With an
 * operand that is not positive the answer is a convention (spec/inttuple.md):
 * any integer. Otherwise the spec's answer is the only one. */
int ct_cx_shape_arith(const ct_value *args, int n, const ct_value *result, int accepted, int64_t bound,
                      ct_judgement *j) {
  int k, m, positive = 1;
  (void)accepted, (void)bound, (void)result;
  for (k = 0; k < n; ++k) {
    if (args[k].kind != CT_V_TUPLE) return -1;
    for (m = 0; m < args[k].l.shape.n; ++m)
      if (args[k].l.shape.nd[m].kind == CT_INT && args[k].l.shape.nd[m].v <= 0) positive = 0;
  }
  if (positive) return -1;
  return ct_j_holds(j, "IT-1") == CT_J_HOLDS;
}
