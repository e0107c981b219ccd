/* props_inverse.c -- properties of spec/inverse.md: right_inverse,
 * left_inverse, nullspace, max_common_layout, max_common_vector.
 *
 * Each check states its post-condition by brute force over the (small)
 * domain of its input. Every check first runs the operation on the case
 * itself and requires the answer the Preconditions table gives (a result, or
 * exactly the listed code). A post-condition with a hypothesis (filter(L)
 * injective, L a bijection, L accepted) is then checked on the case's layout
 * when it satisfies the hypothesis, and otherwise on a layout derived from the
 * case that does (same shape and nesting, strides redrawn from a stream seeded
 * by the case, so the derived input follows the case through shrinking). A
 * derived input is admissible by construction; a failure message names it. */
#include "props/props.h"
#include "props/derived.h"
#include "props/props_list.h"
#include "ref/coalesce.h"
#include "ref/composition.h"
#include "ref/ct_arith.h"
#include "ref/inverse.h"
#include "ref/left_search.h"
#if !CT_ON_DEVICE
#include "ref/notation.h"
#include <stdio.h>
#include <string.h>
#endif

/* ---- helpers ---------------------------------------------------------------- */

/* Scratch of one check: value tables over a domain of at most CT_BRUTE_MAX. */
typedef struct {
  int64_t a[CT_BRUTE_MAX + 1], b[CT_BRUTE_MAX + 1], c[CT_BRUTE_MAX + 1];
} ct_pi_scratch;

/* Prefixes a failure's message with the derived input it was found on. */
CT_FN static void ct_pi_note(ct_outcome *o, const char *name, const ct_layout *L) {
#if !CT_ON_DEVICE
  char lay[112], old[sizeof o->why];
  if (o->verdict != CT_FAILED) return;
  ct_print_layout(L, lay, (int)sizeof lay);
  memcpy(old, o->why, sizeof old);
  snprintf(o->why, sizeof o->why, "%s = %.100s: %.100s", name, lay, old);
#else
  (void)o;
  (void)name;
  (void)L;
#endif
}

/* L(0), ..., L(n-1) for n <= size(L): the values of ct_ev, walked (a
 * mixed-radix counter over the leaves adds a stride per step instead of
 * dividing per index; issue 16). It stands in for ct_ev only where every
 * step fits: integer leaves whose span sum (s-1)*|d| fits int64; else
 * ct_ev at each index. Kept beside ref/leaf_form, which does the same in
 * general: reading through ct_lf_eval instead was measured slower on the GPU
 * (H100, ct_gpu bench, two runs each: MCL-4 6.0e6 -> 4.7e6 cases/s, LINV-4
 * 4.13e7 -> 3.71e7, RINV-5 3.61e7 -> 3.38e7, RINV-6 2.84e7 -> 2.67e7). */
CT_FN static void ct_pi_walk(const ct_layout *L, int64_t n, int64_t *v) {
  int64_t i, x[CT_MAX_NODES], span = 0, t, acc = 0;
  int k, walk = !ct_t_has_basis(&L->stride, 0) && n <= ct_size(L);
  const ct_node *s = L->shape.nd, *d = L->stride.nd;
  for (k = 0; k < L->shape.n && walk; ++k) {
    x[k] = 0;
    if (s[k].kind == CT_TUPLE) continue;
    walk = s[k].kind == CT_INT && d[k].kind == CT_INT && !ct_abs_ovf(d[k].v, &t) && !ct_mul_ovf(s[k].v - 1, t, &t) &&
           !ct_add_ovf(span, t, &span);
  }
  if (!walk) {
    for (i = 0; i < n; ++i) v[i] = ct_ev(L, i);
    return;
  }
  for (i = 0; i < n; ++i) {
    v[i] = acc;
    for (k = 0; k < L->shape.n; ++k) { /* the next index: leaf k's digit steps, or wraps to 0 and carries */
      if (s[k].kind == CT_TUPLE) continue;
      if (++x[k] < s[k].v) {
        acc += d[k].v;
        break;
      }
      acc -= (s[k].v - 1) * d[k].v;
      x[k] = 0;
    }
  }
}

/* L(0), ..., L(n-1) for n = size(L); -1 when n > CT_BRUTE_MAX. */
CT_FN static int64_t ct_pi_values(const ct_layout *L, int64_t *v) {
  int64_t n = ct_size(L);
  if (n < 0 || n > CT_BRUTE_MAX) return -1;
  ct_pi_walk(L, n, v);
  return n;
}

/* The n values are pairwise distinct (w: scratch). */
CT_FN static int ct_pi_distinct(const int64_t *v, int64_t n, int64_t *w) {
  int64_t i;
  for (i = 0; i < n; ++i) w[i] = v[i];
  return !ct_j_repeats(w, n);
}

/* The n values are a permutation of [0, n) (w: scratch). */
CT_FN static int ct_pi_is_perm(const int64_t *v, int64_t n, int64_t *w) {
  int64_t i;
  for (i = 0; i < n; ++i) w[i] = 0;
  for (i = 0; i < n; ++i) {
    if (v[i] < 0 || v[i] >= n || w[v[i]]) return 0;
    w[v[i]] = 1;
  }
  return 1;
}

/* A leaf of size > 1 with a negative stride (INV-NEG). */
CT_FN int ct_pi_negative(const ct_layout *L) {
  int j;
  for (j = 0; j < L->shape.n; ++j)
    if (L->shape.nd[j].kind == CT_INT && L->shape.nd[j].v > 1 && L->stride.nd[j].v < 0) return 1;
  return 0;
}

/* A leaf of size > 1 with stride 0. */
CT_FN static int ct_pi_has_zero(const ct_layout *L) {
  int j;
  for (j = 0; j < L->shape.n; ++j)
    if (L->shape.nd[j].kind == CT_INT && L->shape.nd[j].v > 1 && L->stride.nd[j].v == 0) return 1;
  return 0;
}

/* L with every stride replaced by its magnitude. */
CT_FN static void ct_pi_abs(const ct_layout *L, ct_layout *out) {
  int j;
  ct_l_copy(out, L);
  for (j = 0; j < out->stride.n; ++j)
    if (out->stride.nd[j].kind == CT_INT && out->stride.nd[j].v < 0) out->stride.nd[j].v = -out->stride.nd[j].v;
}

/* filter_zeros(L), written out: the stride-0 leaves made size 1. */
CT_FN static void ct_pi_drop_zeros(const ct_layout *L, ct_layout *out) {
  int j;
  ct_l_copy(out, L);
  for (j = 0; j < out->shape.n; ++j)
    if (out->shape.nd[j].kind == CT_INT && out->stride.nd[j].v == 0) out->shape.nd[j].v = 1;
}

/* filter(L) is injective (brute force). */
CT_FN static int ct_pi_filter_injective(const ct_layout *L, ct_pi_scratch *sc) {
  ct_layout F;
  int64_t n;
  ct_pi_drop_zeros(L, &F);
  n = ct_pi_values(&F, sc->a);
  return n >= 0 && ct_pi_distinct(sc->a, n, sc->b);
}

/* The product of the sizes of the leaves with a non-zero stride: size(filter(L)). */
CT_FN static int64_t ct_pi_filter_size(const ct_layout *L) {
  ct_layout F;
  ct_pi_drop_zeros(L, &F);
  return ct_size(&F);
}

/* The stream of a derived input: a function of the case. */
CT_FN static void ct_pi_rng(const ct_case *c, uint64_t salt, ct_rng *r) {
  uint64_t h = ct_mix64(salt);
  int j;
  for (j = 0; j < c->n; ++j) h = ct_mix64(h ^ ct_digest_layout(&c->v[j]));
  ct_rng_init(r, h, (uint64_t)c->k[0], salt);
}

/* A random leaf of size > 1 (its node index), -1 when there is none. */
CT_FN static int ct_pi_pick_leaf(const ct_layout *L, ct_rng *r) {
  int j, n = 0, pick;
  for (j = 0; j < L->shape.n; ++j)
    if (L->shape.nd[j].kind == CT_INT && L->shape.nd[j].v > 1) ++n;
  if (n == 0) return -1;
  pick = (int)ct_rng_range(r, 0, n - 1);
  for (j = 0; j < L->shape.n; ++j)
    if (L->shape.nd[j].kind == CT_INT && L->shape.nd[j].v > 1 && pick-- == 0) return j;
  return -1;
}

/* L's shape and nesting with new non-negative strides, the leaves of size > 1
 * taken in a random order, each stride at least the span (largest value + 1)
 * of the leaves before it, so filter(out) is injective.
 *   gaps == 0: each stride is the end s*d of the one before (compact: a
 *              bijection when no leaf keeps a 0);
 *   divisible: every stride a multiple of that end (LINV-DIV and LINV-INJ);
 *   zeros:     a leaf whose stride in L is 0 keeps it.
 * Size-1 leaves keep their stride (any value). */
CT_FN static void ct_pi_restride(const ct_layout *L, ct_rng *r, int gaps, int divisible, int zeros, ct_layout *out) {
  int leaf[CT_MAX_NODES], n, k;
  int64_t span = 1, top = 1;
  ct_layout in;
  ct_l_copy(&in, L);
  ct_l_copy(out, &in);
  n = ct_t_leaves(&in.shape, 0, leaf, CT_MAX_NODES);
  for (k = n - 1; k > 0; --k) {
    int j = (int)ct_rng_range(r, 0, k), t = leaf[k];
    leaf[k] = leaf[j];
    leaf[j] = t;
  }
  for (k = 0; k < n; ++k) {
    int x = leaf[k];
    int64_t s = in.shape.nd[x].v, d = top;
    if (s == 1 || (zeros && in.stride.nd[x].v == 0)) continue;
    if (gaps && ct_rng_chance(r, 1, 2)) {
      if (divisible || ct_rng_chance(r, 1, 2)) d = top * ct_rng_range(r, 2, 3);
      else d = span + ct_rng_range(r, 0, top); /* may interleave with the modes before */
    }
    out->stride.nd[x].v = d;
    span += (s - 1) * d;
    if (s * d > top) top = s * d;
  }
}

/* L with some leaves of size > 1 given stride 0 (at least one when there is
 * one). */
CT_FN static void ct_pi_zeroed(const ct_layout *L, ct_rng *r, ct_layout *out) {
  int j, any = 0;
  ct_l_copy(out, L);
  for (j = 0; j < out->shape.n; ++j)
    if (out->shape.nd[j].kind == CT_INT && out->shape.nd[j].v > 1 && ct_rng_chance(r, 1, 3)) {
      out->stride.nd[j].v = 0;
      any = 1;
    }
  if (!any) {
    j = ct_pi_pick_leaf(out, r);
    if (j >= 0) out->stride.nd[j].v = 0;
  }
}

/* |L| with one leaf of size > 1 negated (stride 0 becomes -1), or with a mode
 * 2:-1 appended when every leaf has size 1. */
/* Returns the code of the build (a representation limit where CT_MAX_NODES is small). */
CT_FN static ct_code ct_pi_negated(const ct_layout *L, ct_rng *r, ct_layout *out) {
  ct_layout A;
  int j;
  ct_pi_abs(L, &A);
  j = ct_pi_pick_leaf(&A, r);
  if (j >= 0) {
    ct_l_copy(out, &A);
    out->stride.nd[j].v = A.stride.nd[j].v ? -A.stride.nd[j].v : -1;
    return CT_OK;
  } else {
    ct_layout M;
    const ct_layout *parts[2];
    ct_err e;
    ct_l_set_int(&M, 2, 0, -1, 0);
    parts[0] = &A;
    parts[1] = &M;
    return ct_l_concat(parts, 2, out, &e);
  }
}

/* ---- the unary operations and what their Preconditions say ------------------- */

enum { CT_PI_RINV, CT_PI_LINV, CT_PI_NULL };

CT_FN static const char *ct_pi_name(int op) {
  return op == CT_PI_RINV ? "right_inverse" : op == CT_PI_LINV ? "left_inverse" : "nullspace";
}

CT_FN static ct_code ct_pi_op(int op, const ct_layout *L, ct_layout *R, ct_err *e) {
  if (op == CT_PI_RINV) return ct_right_inverse(L, R, e);
  if (op == CT_PI_LINV) return ct_left_inverse(L, R, e);
  return ct_nullspace(L, R, e);
}

/* left_inverse's answer by its Preconditions (spec/inverse.md): NEGATIVE_STRIDE;
 * OVERFLOW when s*d of a mode of coalesce(L) does not fit; a result inside
 * LINV-DIV (each sorted non-zero stride a multiple of the one before) and
 * LINV-INJ (filter(L) injective, brute force); outside them CT_NUM_CODES:
 * a result, NO_LAYOUT or UNDECIDED, as LINV-6 and its properties judge. */
CT_FN static ct_code ct_pi_linv_code(const ct_layout *L, ct_pi_scratch *sc) {
  ct_layout C;
  ct_modes m;
  ct_err e;
  int64_t t[CT_MAX_NODES], end;
  int k, n = 0;
  if (ct_size(L) < 0) return CT_OVERFLOW;
  if (ct_pi_negative(L)) return CT_NEGATIVE_STRIDE;
  if (ct_coalesce(L, &C, &e) != CT_OK) return e.code;
  ct_modes_of(&C, 0, &m);
  for (k = 0; k < m.n; ++k)
    if (m.m[k].d != 0 && m.m[k].s > 1) {
      t[n++] = m.m[k].d;
      if (ct_mul_ovf(m.m[k].s, m.m[k].d, &end)) return CT_OVERFLOW;
    }
  ct_j_sort(t, n);
  for (k = 1; k < n; ++k)
    if (t[k] % t[k - 1] != 0) return CT_NUM_CODES;
  return ct_pi_filter_injective(L, sc) ? CT_OK : CT_NUM_CODES;
}

/* nullspace's answer by its Preconditions (NULL-NEG): NEGATIVE_STRIDE iff L
 * is 0 at more indices than its stride-0 leaves' coordinates reach,
 * size(L) / size(filter(L)) of them (brute force); CT_NUM_CODES past the
 * bound (a result, NEGATIVE_STRIDE or UNDECIDED: not judged here). */
CT_FN static ct_code ct_pi_null_code(const ct_layout *L, ct_pi_scratch *sc) {
  int64_t n = ct_pi_values(L, sc->a), j, zeros = 0, f = ct_pi_filter_size(L);
  if (!ct_pi_negative(L)) return CT_OK;
  if (n < 0 || f <= 0) return CT_NUM_CODES;
  for (j = 0; j < n; ++j) zeros += sc->a[j] == 0;
  return zeros > n / f ? CT_NEGATIVE_STRIDE : CT_OK;
}

CT_FN static ct_code ct_pi_want(int op, const ct_layout *L, ct_pi_scratch *sc) {
  if (op == CT_PI_LINV) return ct_pi_linv_code(L, sc);
  if (ct_size(L) < 0) return CT_OVERFLOW;
  return op == CT_PI_NULL ? ct_pi_null_code(L, sc) : CT_OK; /* right_inverse: never rejected (RINV-6) */
}

/* What a check needs of its input L. */
enum {
  CT_PI_ACC,  /* accepted: the case's layout when it is, else |L| (right_inverse) or a
                 divisible injective-after-filter layout (left_inverse) */
  CT_PI_FINJ, /* filter(L) injective, non-negative */
  CT_PI_BIJ,  /* a bijection of [0, size(L)): compact in a random mode order */
  CT_PI_INJ,  /* injective, accepted by left_inverse */
  CT_PI_ZERO  /* non-negative with a stride-0 leaf (nullspace) */
};

CT_FN static int ct_pi_holds(int kind, const ct_layout *L, ct_pi_scratch *sc) {
  int64_t n;
  switch (kind) {
  case CT_PI_FINJ: return ct_pi_filter_injective(L, sc);
  case CT_PI_BIJ: n = ct_pi_values(L, sc->a); return n >= 0 && ct_pi_is_perm(sc->a, n, sc->b);
  case CT_PI_INJ: n = ct_pi_values(L, sc->a); return n >= 0 && ct_pi_distinct(sc->a, n, sc->b);
  case CT_PI_ZERO: return ct_pi_has_zero(L);
  default: return 1;
  }
}

/* R = op(L) for the check's input L. The case's own layout must get the answer
 * of the Preconditions; L is that layout when op accepts it and it satisfies
 * `kind`, else derived from it. Returns 0 when the check stops (a failure),
 * 1 with the case's layout, 2 with a derived one. */
CT_FN static int ct_pi_unary(const ct_case *c, int op, int kind, ct_pi_scratch *sc, ct_layout *L, ct_layout *R,
                             ct_outcome *o) {
  const ct_layout *raw = &c->v[0];
  ct_layout A;
  ct_err e;
  ct_rng r;
  ct_code want = ct_pi_want(op, raw, sc), got = ct_pi_op(op, raw, R, &e);
  o->digest = got == CT_OK ? ct_digest_layout(R) : ct_digest_code(got);
  if (want == CT_NUM_CODES && (got == CT_OK || got == CT_NO_LAYOUT || got == CT_UNDECIDED || got == CT_NEGATIVE_STRIDE))
    want = got; /* LINV-6 judges it; nullspace past the bound */
  if (got != want) {
    CT_FAILS(o, "%s gives %s, the preconditions say %s%s%s", ct_pi_name(op), got == CT_OK ? "a result" : ct_code_name(got),
             want == CT_OK ? "a result" : ct_code_name(want), got == CT_OK ? "" : ": ", got == CT_OK ? "" : e.msg);
    return 0;
  }
  if (got == CT_OK && ct_pi_holds(kind, raw, sc)) {
    ct_l_copy(L, raw);
    return 1;
  }
  ct_pi_rng(c, (uint64_t)(op * 8 + kind + 1), &r);
  ct_pi_abs(raw, &A);
  switch (kind) {
  case CT_PI_FINJ: ct_pi_restride(&A, &r, 1, 0, 1, L); break;
  case CT_PI_BIJ: ct_pi_restride(&A, &r, 0, 1, 0, L); break;
  case CT_PI_INJ: ct_pi_restride(&A, &r, 1, 1, 0, L); break;
  case CT_PI_ZERO: ct_pi_zeroed(&A, &r, L); break;
  default:
    if (op == CT_PI_LINV) ct_pi_restride(&A, &r, 1, 1, 1, L);
    else ct_l_copy(L, &A);
    break;
  }
  got = ct_pi_op(op, L, R, &e);
  o->digest = got == CT_OK ? ct_digest_layout(R) : ct_digest_code(got);
  if (got != CT_OK) {
    CT_FAILS(o, "%s rejects a layout built admissible: %s %s", ct_pi_name(op), ct_code_name(got), e.msg);
    ct_pi_note(o, "L", L);
    return 0;
  }
  return 2;
}

/* ---- right_inverse -------------------------------------------------------------- */

/* The judges of spec/inverse.md's post-conditions of (L, R) (judge/). */
enum { CT_PI_J_RINV_1, CT_PI_J_RINV_2, CT_PI_J_RINV_3, CT_PI_J_RINV_4, CT_PI_J_LINV_1, CT_PI_J_LINV_2 };

/* Generate (the case's layout, or one derived from it: ct_pi_unary),
 * compute, judge. */
CT_FN static void ct_pi_judge(const ct_case *c, int op, int kind, int judge, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout L, R;
  ct_judgement j;
  int how = ct_pi_unary(c, op, kind, &sc, &L, &R, o);
  if (!how) return;
  switch (judge) {
  case CT_PI_J_RINV_1: ct_judge_rinv_1(&L, &R, CT_BRUTE_MAX, &j); break;
  case CT_PI_J_RINV_2: ct_judge_rinv_2(&L, &R, CT_BRUTE_MAX, &j); break;
  case CT_PI_J_RINV_3: ct_judge_rinv_3(&L, &R, CT_BRUTE_MAX, &j); break;
  case CT_PI_J_RINV_4: ct_judge_rinv_4(&L, &R, CT_BRUTE_MAX, &j); break;
  case CT_PI_J_LINV_1: ct_judge_linv_1(&L, &R, CT_BRUTE_MAX, &j); break;
  default: ct_judge_linv_2(&L, &R, CT_BRUTE_MAX, &j); break;
  }
  ct_judged(&j, o);
  if (how == 2) ct_pi_note(o, "L", &L);
}


/* F(G(i)) == i for every i < n (at most CT_BRUTE_MAX), F and G named in the
 * message: RINV-1 (L o R), RINV-5 and LINV-3 (R o L). Stops at the first
 * failure, or at once if the case already failed. */
CT_FN static void ct_pi_undoes(const ct_layout *F, const char *f, const ct_layout *G, const char *g, int64_t n,
                               ct_outcome *o) {
  int64_t i;
  ct_leaf_form FG; /* G index after index */
  (void)f;
  (void)g;
  if (n > CT_BRUTE_MAX) n = CT_BRUTE_MAX;
  ct_lf_init(&FG, G);
  for (i = 0; i < n && o->verdict != CT_FAILED; ++i) {
    int64_t x = ct_ev_form(&FG, i), v = ct_ev(F, x);
    if (v != i) CT_FAILS(o, "%s(%s(%lld)) = %s(%lld) = %lld", f, g, (long long)i, f, (long long)x, (long long)v);
  }
}

CT_FN void ct_p_rinv_1(const ct_case *c, ct_outcome *o) { ct_pi_judge(c, CT_PI_RINV, CT_PI_ACC, CT_PI_J_RINV_1, o); }

/* RINV-1 through composition: L o right_inverse(L) is the identity size(R):1. */
CT_FN void ct_p_rinv_1c(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout L, R, LR, I;
  ct_err e;
  int how = ct_pi_unary(c, CT_PI_RINV, CT_PI_ACC, &sc, &L, &R, o);
  if (!how) return;
  ct_l_set_int(&I, ct_size(&R), 0, 1, 0);
  if (ct_composition(&L, &R, &LR, &e) != CT_OK) CT_FAILS(o, "composition(L, R) is rejected: %s", e.msg);
  else if (!ct_l_same_function(&LR, &I)) CT_FAILS(o, "composition(L, R) is not %lld:1", (long long)ct_size(&R));
  if (how == 2) ct_pi_note(o, "L", &L);
}

CT_FN void ct_p_rinv_2(const ct_case *c, ct_outcome *o) { ct_pi_judge(c, CT_PI_RINV, CT_PI_ACC, CT_PI_J_RINV_2, o); }

CT_FN void ct_p_rinv_3(const ct_case *c, ct_outcome *o) { ct_pi_judge(c, CT_PI_RINV, CT_PI_FINJ, CT_PI_J_RINV_3, o); }

CT_FN void ct_p_rinv_4(const ct_case *c, ct_outcome *o) { ct_pi_judge(c, CT_PI_RINV, CT_PI_FINJ, CT_PI_J_RINV_4, o); }

CT_FN void ct_p_rinv_5(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout L, R;
  int64_t n;
  int how = ct_pi_unary(c, CT_PI_RINV, CT_PI_BIJ, &sc, &L, &R, o);
  if (!how) return;
  n = ct_size(&L);
  if (ct_size(&R) != n) CT_FAILS(o, "size(R) = %lld, size(L) = %lld", (long long)ct_size(&R), (long long)n);
  ct_pi_undoes(&R, "R", &L, "L", n, o);
  if (how == 2) ct_pi_note(o, "L", &L);
}

/* ---- left_inverse ----------------------------------------------------------------- */

CT_FN void ct_p_linv_1(const ct_case *c, ct_outcome *o) { ct_pi_judge(c, CT_PI_LINV, CT_PI_ACC, CT_PI_J_LINV_1, o); }

/* LINV-1 through composition: L o (R o L) is L, and R o L is the identity
 * when L is injective. Only where filter(L) is injective: R o L sends i to
 * the least index of L(i), a layout's function there (the stride-0
 * coordinates set to 0) and not always elsewhere ((2,2,2):(4,1,1): 2, 2, 6
 * at 2, 4, 6 is not additive). */
CT_FN void ct_p_linv_1c(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout L, R, RL, LRL, I;
  ct_err e;
  int64_t n;
  int how = ct_pi_unary(c, CT_PI_LINV, CT_PI_ACC, &sc, &L, &R, o);
  if (!how) return;
  if (!ct_pi_filter_injective(&L, &sc)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (ct_composition(&R, &L, &RL, &e) != CT_OK) CT_FAILS(o, "composition(R, L) is rejected: %s", e.msg);
  else if (ct_composition(&L, &RL, &LRL, &e) != CT_OK) CT_FAILS(o, "composition(L, R o L) is rejected: %s", e.msg);
  else if (!ct_l_same_function(&LRL, &L)) CT_FAILS(o, "L o (R o L) is not L");
  else {
    n = ct_pi_values(&L, sc.a);
    ct_l_set_int(&I, ct_size(&L), 0, 1, 0);
    if (n >= 0 && ct_pi_distinct(sc.a, n, sc.b) && !ct_l_same_function(&RL, &I))
      CT_FAILS(o, "L is injective and R o L is not %lld:1", (long long)n);
  }
  if (how == 2) ct_pi_note(o, "L", &L);
}

CT_FN void ct_p_linv_2(const ct_case *c, ct_outcome *o) { ct_pi_judge(c, CT_PI_LINV, CT_PI_ACC, CT_PI_J_LINV_2, o); }

CT_FN void ct_p_linv_3(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout L, R;
  int how = ct_pi_unary(c, CT_PI_LINV, CT_PI_INJ, &sc, &L, &R, o);
  if (!how) return;
  ct_pi_undoes(&R, "R", &L, "L", ct_size(&L), o);
  if (how == 2) ct_pi_note(o, "L", &L);
}

CT_FN void ct_p_linv_4(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout L, R, RI;
  ct_err e;
  int how = ct_pi_unary(c, CT_PI_LINV, CT_PI_BIJ, &sc, &L, &R, o);
  if (!how) return;
  if (ct_size(&R) != ct_size(&L)) CT_FAILS(o, "size(R) = %lld, size(L) = %lld", (long long)ct_size(&R), (long long)ct_size(&L));
  else if (ct_right_inverse(&L, &RI, &e) != CT_OK) CT_FAILS(o, "right_inverse(L) is rejected: %s", e.msg);
  else if (!ct_l_same_function(&R, &RI)) CT_FAILS(o, "R is not the function right_inverse(L)");
  if (how == 2) ct_pi_note(o, "L", &L);
}

CT_FN void ct_p_linv_5(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout L, R, C;
  ct_modes m;
  ct_err e;
  int64_t want, d = 0;
  int j;
  int how = ct_pi_unary(c, CT_PI_LINV, CT_PI_ACC, &sc, &L, &R, o);
  if (!how) return;
  /* the mode of coalesce(L) with the largest stride; of several, the largest s*d */
  want = ct_size(&L);
  if (ct_coalesce(&L, &C, &e) != CT_OK) {
    CT_FAILS(o, "coalesce(L) is rejected: %s", e.msg);
    return;
  }
  ct_modes_of(&C, 0, &m);
  for (j = 0; j < m.n; ++j)
    if (m.m[j].s > 1 && (m.m[j].d > d || (m.m[j].d == d && d > 0 && m.m[j].s * d > want))) {
      d = m.m[j].d;
      want = m.m[j].s * d;
    }
  if (ct_size(&R) != want)
    CT_FAILS(o, "size(R) = %lld, want %lld (%s)", (long long)ct_size(&R), (long long)want,
             d ? "s*d of the largest stride" : "size(L): every stride is 0");
  if (how == 2) ct_pi_note(o, "L", &L);
}

/* ---- nullspace ----------------------------------------------------------------------- */

CT_FN void ct_p_null_1(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout L, R;
  int64_t i, n;
  int how = ct_pi_unary(c, CT_PI_NULL, CT_PI_ZERO, &sc, &L, &R, o);
  if (!how) return;
  ct_leaf_form FR;
  n = ct_size(&R);
  if (n > CT_BRUTE_MAX) n = CT_BRUTE_MAX;
  ct_lf_init(&FR, &R);
  for (i = 0; i < n; ++i) {
    int64_t j = ct_ev_form(&FR, i), v = ct_ev(&L, j);
    if (v != 0) {
      CT_FAILS(o, "L(R(%lld)) = L(%lld) = %lld", (long long)i, (long long)j, (long long)v);
      break;
    }
  }
  if (how == 2) ct_pi_note(o, "L", &L);
}

CT_FN void ct_p_null_2(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout L, R;
  int64_t f;
  int how = ct_pi_unary(c, CT_PI_NULL, CT_PI_ZERO, &sc, &L, &R, o);
  if (!how) return;
  f = ct_pi_filter_size(&L);
  if (f <= 0 || ct_size(&R) * f != ct_size(&L))
    CT_FAILS(o, "size(R) = %lld, size(L) / size(filter(L)) = %lld / %lld", (long long)ct_size(&R), (long long)ct_size(&L),
             (long long)f);
  if (how == 2) ct_pi_note(o, "L", &L);
}

CT_FN void ct_p_null_3(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout L, R, N;
  ct_leaf_form FR; /* R index after index */
  ct_err e;
  int64_t i, j = 0, prev = 0, n, nl;
  int how = ct_pi_unary(c, CT_PI_NULL, CT_PI_ZERO, &sc, &L, &R, o);
  if (!how) return;
  n = ct_size(&R);
  nl = ct_size(&L);
  if (n > CT_BRUTE_MAX) n = CT_BRUTE_MAX;
  ct_lf_init(&FR, &R);
  for (i = 0; i < n && o->verdict != CT_FAILED; prev = j, ++i) {
    j = ct_ev_form(&FR, i);
    if (j < 0 || j >= nl) CT_FAILS(o, "R(%lld) = %lld is outside [0, size(L) = %lld)", (long long)i, (long long)j, (long long)nl);
    else if (i > 0 && prev >= j)
      CT_FAILS(o, "R(%lld) = %lld >= R(%lld) = %lld", (long long)(i - 1), (long long)ct_ev(&R, i - 1), (long long)i, (long long)j);
  }
  if (o->verdict != CT_FAILED && (ct_nullspace(&R, &N, &e) != CT_OK || ct_size(&N) != 1))
    CT_FAILS(o, "nullspace(R) is not _1:_0");
  if (how == 2) ct_pi_note(o, "L", &L);
}

CT_FN void ct_p_null_4(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout L, R;
  ct_leaf_form F; /* L, then R, index after index */
  int64_t i, j, n, nl, k = 0;
  int how = ct_pi_unary(c, CT_PI_NULL, CT_PI_ZERO, &sc, &L, &R, o);
  if (!how) return;
  n = ct_size(&R);
  nl = ct_size(&L);
  if (nl > CT_BRUTE_MAX) return;
  ct_lf_init(&F, &L);
  for (j = 0; j < nl; ++j) /* the indices where L is 0, increasing */
    if (ct_ev_form(&F, j) == 0) sc.a[k++] = j;
  if (n != k) CT_FAILS(o, "R has %lld values, L is 0 at %lld indices", (long long)n, (long long)k);
  ct_lf_init(&F, &R);
  for (i = 0; i < n && o->verdict != CT_FAILED; ++i) sc.b[i] = ct_ev_form(&F, i);
  ct_j_sort(sc.b, n);
  for (i = 0; i < n && o->verdict != CT_FAILED; ++i)
    if (sc.a[i] != sc.b[i]) CT_FAILS(o, "the %lld-th index where L is 0 is %lld, R's is %lld", (long long)i, (long long)sc.a[i], (long long)sc.b[i]);
  if (how == 2) ct_pi_note(o, "L", &L);
}

/* ---- max_common_layout, max_common_vector --------------------------------------------- */

CT_FN static int ct_pi_brute_layout(const int64_t *r, int64_t N, int64_t M);

/* The common run N of (a, b) (MCV-1): the least value a and b take at no
 * common index j < m = min(size(a), size(b)); r[i], i < N, the least common
 * index of i (MCL-R). Brute force; -1 when m exceeds the bound. va, vb, r:
 * scratch of m + 1 entries. */
CT_FN static int64_t ct_pi_common_run(const ct_layout *a, const ct_layout *b, int64_t *va, int64_t *vb, int64_t *r) {
  int64_t sa = ct_size(a), sb = ct_size(b), m = sa < sb ? sa : sb, j, N = 0;
  if (sa < 0 || sb < 0 || m > CT_BRUTE_MAX) return -1;
  ct_pi_walk(a, m, va);
  ct_pi_walk(b, m, vb);
  for (j = 0; j <= m; ++j) r[j] = -1;
  for (j = 0; j < m; ++j)
    if (va[j] == vb[j] && va[j] >= 0 && va[j] <= m && r[va[j]] < 0) r[va[j]] = j;
  while (N < m && r[N] >= 0) ++N;
  return N;
}

/* C, C++'s candidate (MCL-C): I = the chain of b, here right_inverse of b
 * with its negative strides made 0 (the chain skips both alike); n_I the
 * run of a along I inside a's domain; C is I's prefix of the largest length
 * n_C <= n_I that is a layout's (brute force). I's first n_C values into f;
 * returns n_C, -1 past the bound or where b's positive strides tie (their
 * order is CuTe's sort's, which made-0 strides may change). */
CT_FN static int64_t ct_pi_mcl_c(const ct_layout *a, const ct_layout *b, int64_t *f) {
  ct_layout B0, I;
  ct_err e;
  int64_t n, nI = 0, sa = ct_size(a);
  int k, q, neg = ct_pi_negative(b);
  ct_l_copy(&B0, b);
  for (k = 0; k < B0.shape.n; ++k) {
    if (B0.shape.nd[k].kind != CT_INT || B0.shape.nd[k].v < 2) continue;
    for (q = k + 1; q < B0.shape.n && neg; ++q)
      if (B0.shape.nd[q].kind == CT_INT && B0.shape.nd[q].v > 1 && B0.stride.nd[q].v > 0 &&
          B0.stride.nd[q].v == B0.stride.nd[k].v)
        return -1;
    if (B0.stride.nd[k].v < 0) B0.stride.nd[k].v = 0;
  }
  if (ct_right_inverse(&B0, &I, &e) != CT_OK) return -1;
  n = ct_size(&I);
  if (n > CT_BRUTE_MAX) return -1;
  ct_pi_walk(&I, n, f);
  while (nI < n && f[nI] < sa && ct_ev(a, f[nI]) == nI) ++nI;
  while (nI > 1 && !ct_j_is_layout(f, nI)) --nI;
  return nI < 1 ? 1 : nI;
}

/* max_common_layout's answer `got` for (a, b) is what the Preconditions say:
 * a result, UNDECIDED only past the visiting bound (neither layout injective
 * with positive strides, and passes of min(size(a), size(b)) indices past
 * 2^28 visits, impossible with at most 2^16 of them: fewer than 2^12 passes). */
CT_FN static int ct_pi_mcl_justified(const ct_layout *a, const ct_layout *b, ct_code got, ct_code *want) {
  int64_t sa = ct_size(a), sb = ct_size(b);
  *want = CT_OK;
  if (sa < 0 || sb < 0) return 1; /* not checked here */
  if (got == CT_UNDECIDED && (sa < sb ? sa : sb) > ((int64_t)1 << 16)) *want = CT_UNDECIDED;
  return got == *want;
}

/* a and b of a derived pair: b = |v1| (its strides sometimes redrawn, with
 * filter(b) injective; b injective when inj), a = (b with one leaf's stride
 * changed or none, v0): a agrees with b on b's domain up to where that leaf
 * first matters. One time in four (not inj) a and b trade places, so that
 * size(a) <= size(b) too. */
/* Returns the code of building a (a representation limit where CT_MAX_NODES is small). */
CT_FN static ct_code ct_pi_derive_pair(const ct_case *c, int inj, ct_pi_scratch *sc, ct_rng *r, ct_layout *a,
                                       ct_layout *b) {
  ct_layout B, A1, T;
  const ct_layout *parts[2];
  ct_err e;
  ct_code code;
  int x;
  ct_pi_abs(&c->v[1], &B);
  if (inj) {
    if (!ct_pi_holds(CT_PI_INJ, &B, sc)) ct_pi_restride(&B, r, 1, ct_rng_chance(r, 1, 2), 0, b);
    else ct_l_copy(b, &B);
  } else if (ct_rng_chance(r, 1, 2)) {
    ct_pi_restride(&B, r, 1, 0, 1, b);
  } else {
    ct_l_copy(b, &B);
  }
  if (ct_rng_chance(r, 1, 3)) { /* a negative b: b injective still when inj */
    ct_layout N;
    if (ct_pi_negated(b, r, &N) == CT_OK && (!inj || ct_pi_holds(CT_PI_INJ, &N, sc))) ct_l_copy(b, &N);
  }
  ct_l_copy(&A1, b);
  x = ct_pi_pick_leaf(&A1, r);
  if (x >= 0 && ct_rng_chance(r, 3, 4)) {
    int64_t d = A1.stride.nd[x].v;
    switch (ct_rng_range(r, 0, 3)) {
    case 0: d = d ? 2 * d : 1; break;
    case 1: d = d + 1; break;
    case 2: d = d ? 0 : 1; break;
    default: d = d ? -d : -1; break;
    }
    A1.stride.nd[x].v = d;
  }
  parts[0] = &A1;
  parts[1] = &c->v[0];
  code = ct_l_concat(parts, 2, a, &e);
  if (code == CT_OK && !inj && ct_rng_chance(r, 1, 4)) { /* swapped: a the shorter */
    ct_l_copy(&T, a);
    ct_l_copy(a, b);
    ct_l_copy(b, &T);
  }
  return code;
}

/* R = max_common_layout(a, b) for the check's pair. The case's pair (v0, v1)
 * must get the answer of the Preconditions; (a, b) is that pair one time in
 * four (when b is injective if inj), else a derived pair. Returns 0 when
 * the check stops, 1 or 2 (derived) with R. */
CT_FN static int ct_pi_pair(const ct_case *c, int inj, ct_pi_scratch *sc, ct_layout *a, ct_layout *b, ct_layout *R,
                            ct_outcome *o) {
  ct_err e;
  ct_rng r;
  ct_code want, got = ct_max_common_layout(&c->v[0], &c->v[1], R, &e);
  o->digest = got == CT_OK ? ct_digest_layout(R) : ct_digest_code(got);
  if (!ct_pi_mcl_justified(&c->v[0], &c->v[1], got, &want)) {
    CT_FAILS(o, "max_common_layout(v0, v1) gives %s, the preconditions say %s: %s",
             got == CT_OK ? "a result" : ct_code_name(got), want == CT_OK ? "a result" : ct_code_name(want),
             got == CT_OK ? "" : e.msg);
    return 0;
  }
  ct_pi_rng(c, 0x3C + (uint64_t)inj, &r);
  if (got == CT_OK && (!inj || ct_pi_holds(CT_PI_INJ, &c->v[1], sc)) && ct_rng_chance(&r, 1, 4)) {
    ct_l_copy(a, &c->v[0]);
    ct_l_copy(b, &c->v[1]);
    return 1;
  }
  if (ct_build_failed(ct_pi_derive_pair(c, inj, sc, &r, a, b), o, "the derived pair")) return 0;
  got = ct_max_common_layout(a, b, R, &e);
  o->digest = got == CT_OK ? ct_digest_layout(R) : ct_digest_code(got);
  if (!ct_pi_mcl_justified(a, b, got, &want)) {
    CT_FAILS(o, "gives %s, the preconditions say %s", got == CT_OK ? "a result" : ct_code_name(got),
             want == CT_OK ? "a result" : ct_code_name(want));
    ct_pi_note(o, "b", b);
    ct_pi_note(o, "a", a);
    return 0;
  }
  if (got != CT_OK) { /* rejected as the Preconditions say: nothing to judge */
    o->verdict = CT_SKIPPED;
    return 0;
  }
  return 2;
}

CT_FN static void ct_pi_note_pair(ct_outcome *o, int how, const ct_layout *a, const ct_layout *b) {
  if (how != 2) return;
  ct_pi_note(o, "b", b);
  ct_pi_note(o, "a", a);
}

/* MCL-1 on (a, b, R): a(R(i)) == i == b(R(i)), size(R) >= 1. */
CT_FN static void ct_pi_mcl_1(const ct_layout *a, const ct_layout *b, const ct_layout *R, ct_outcome *o) {
  ct_leaf_form FR;
  int64_t i, n = ct_size(R);
  if (n < 1) CT_FAILS(o, "size(R) = %lld", (long long)n);
  if (n > CT_BRUTE_MAX) n = CT_BRUTE_MAX;
  ct_lf_init(&FR, R);
  for (i = 0; i < n && o->verdict != CT_FAILED; ++i) {
    int64_t j = ct_ev_form(&FR, i), va = ct_ev(a, j), vb = ct_ev(b, j);
    if (va != i || vb != i)
      CT_FAILS(o, "R(%lld) = %lld: a there is %lld, b %lld", (long long)i, (long long)j, (long long)va, (long long)vb);
  }
}

/* MCL-2 on (a, b, R): 0 <= R(i) < min(size(a), size(b)). */
CT_FN static void ct_pi_mcl_2(const ct_layout *a, const ct_layout *b, const ct_layout *R, ct_outcome *o) {
  ct_leaf_form FR;
  int64_t i, n = ct_size(R), sa = ct_size(a), sb = ct_size(b), m = sa < sb ? sa : sb;
  if (n > CT_BRUTE_MAX) n = CT_BRUTE_MAX;
  ct_lf_init(&FR, R);
  for (i = 0; i < n && o->verdict != CT_FAILED; ++i) {
    int64_t j = ct_ev_form(&FR, i);
    if (j < 0 || j >= m)
      CT_FAILS(o, "R(%lld) = %lld is outside [0, min(size(a), size(b)) = %lld)", (long long)i, (long long)j, (long long)m);
  }
}

CT_FN void ct_p_mcl_1(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout a, b, R;
  int how = ct_pi_pair(c, 0, &sc, &a, &b, &R, o);
  if (!how) return;
  ct_pi_mcl_1(&a, &b, &R, o);
  ct_pi_note_pair(o, how, &a, &b);
}

CT_FN void ct_p_mcl_2(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout a, b, R;
  int how = ct_pi_pair(c, 0, &sc, &a, &b, &R, o);
  if (!how) return;
  ct_pi_mcl_2(&a, &b, &R, o);
  ct_pi_note_pair(o, how, &a, &b);
}

/* MCL-3: R is C as a function, unless C is shorter than the common run N and
 * the least common indices r(0..N-1) are a layout's: then R is r. */
CT_FN void ct_p_mcl_3(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout a, b, R;
  ct_leaf_form FR;
  int64_t i, N, nc, n, *want;
  int lay, how = ct_pi_pair(c, 0, &sc, &a, &b, &R, o);
  if (!how) return;
  N = ct_pi_common_run(&a, &b, sc.a, sc.b, sc.c);
  nc = N < 0 ? -1 : ct_pi_mcl_c(&a, &b, sc.a); /* sc.a: C's values from here on */
  if (nc < 0) return; /* past the bound: not checked here */
  lay = ct_j_is_layout(sc.c, N);
  n = nc == N || !lay ? nc : N;
  want = nc == N || !lay ? sc.a : sc.c;
  if (ct_size(&R) != n)
    CT_FAILS(o, "size(R) = %lld; the common run is %lld, C's size %lld, the least common indices %sa layout's",
             (long long)ct_size(&R), (long long)N, (long long)nc, lay ? "" : "not ");
  ct_lf_init(&FR, &R);
  for (i = 0; i < n && o->verdict != CT_FAILED; ++i)
    if (ct_ev_form(&FR, i) != want[i])
      CT_FAILS(o, "R(%lld) = %lld, %s gives %lld", (long long)i, (long long)ct_ev(&R, i),
               want == sc.a ? "C" : "the least common index", (long long)want[i]);
  ct_pi_note_pair(o, how, &a, &b);
}

/* MCL-4 with b injective: the least common indices are the only function a
 * layout of size N with MCL-1 and MCL-2 can have, so size(R) == N exactly
 * when some layout has them (an exhaustive search, not the recognizer). */
CT_FN void ct_p_mcl_4(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout a, b, R;
  int64_t N;
  int exists, how = ct_pi_pair(c, 1, &sc, &a, &b, &R, o);
  if (!how) return;
  N = ct_pi_common_run(&a, &b, sc.a, sc.b, sc.c);
  if (N < 0) return;
  exists = ct_pi_brute_layout(sc.c, N, ct_size(&b));
  if ((ct_size(&R) == N) != exists)
    CT_FAILS(o, "size(R) = %lld, the common run is %lld, and a layout of that size with MCL-1, MCL-2 %s",
             (long long)ct_size(&R), (long long)N, exists ? "exists" : "does not exist");
  ct_pi_note_pair(o, how, &a, &b);
}

/* MCV-1 on (a, b): the same code as max_common_layout, N the common run
 * (brute force), size(R) <= N. */
CT_FN static void ct_pi_mcv_same(const ct_layout *a, const ct_layout *b, ct_pi_scratch *sc, ct_outcome *o) {
  ct_layout R;
  ct_val N;
  ct_err e;
  int64_t want;
  ct_code cl = ct_max_common_layout(a, b, &R, &e), cv = ct_max_common_vector(a, b, &N, &e);
  o->digest = cv == CT_OK ? ct_mix64((uint64_t)N.v) : ct_digest_code(cv);
  if (cl != cv) {
    CT_FAILS(o, "max_common_vector gives %s, max_common_layout %s", cv == CT_OK ? "a result" : ct_code_name(cv),
             cl == CT_OK ? "a result" : ct_code_name(cl));
    return;
  }
  if (cv != CT_OK) return;
  want = ct_pi_common_run(a, b, sc->a, sc->b, sc->c);
  if (want >= 0 && N.v != want)
    CT_FAILS(o, "max_common_vector = %lld, the common run is %lld", (long long)N.v, (long long)want);
  else if (ct_size(&R) > N.v)
    CT_FAILS(o, "max_common_vector = %lld < size(max_common_layout) = %lld", (long long)N.v, (long long)ct_size(&R));
}

CT_FN void ct_p_mcv_1(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout a, b;
  ct_rng r;
  ct_pi_mcv_same(&c->v[0], &c->v[1], &sc, o); /* the case's pair, rejections included */
  if (o->verdict == CT_FAILED) return;
  ct_pi_rng(c, 0x3C, &r);
  if (ct_build_failed(ct_pi_derive_pair(c, 0, &sc, &r, &a, &b), o, "the derived pair")) return;
  ct_pi_mcv_same(&a, &b, &sc, o);
  ct_pi_note(o, "b", &b);
  ct_pi_note(o, "a", &a);
}

CT_FN void ct_p_mcv_2(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout a, b, R;
  ct_val N;
  ct_err e;
  int64_t sa, sb;
  int how = ct_pi_pair(c, 0, &sc, &a, &b, &R, o);
  if (!how) return;
  sa = ct_size(&a), sb = ct_size(&b);
  if (ct_max_common_vector(&a, &b, &N, &e) != CT_OK) CT_FAILS(o, "max_common_vector is rejected: %s", e.msg);
  else if (N.v < 1 || N.v > (sa < sb ? sa : sb))
    CT_FAILS(o, "N = %lld, min(size(a), size(b)) = %lld", (long long)N.v, (long long)(sa < sb ? sa : sb));
  else o->digest = ct_mix64((uint64_t)N.v);
  ct_pi_note_pair(o, how, &a, &b);
}

/* ---- error codes: inputs derived from the case that must be rejected with one
 * code (spec/inverse.md, Preconditions) ----------------------------------------- */

CT_FN static void ct_pi_expect(int op, const ct_layout *L, ct_code want, ct_outcome *o) {
  ct_layout R;
  ct_err e;
  ct_code got = ct_pi_op(op, L, &R, &e);
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  if (got != want) {
    CT_FAILS(o, "%s gives %s, want %s", ct_pi_name(op), got == CT_OK ? "a result" : ct_code_name(got), ct_code_name(want));
    ct_pi_note(o, "L", L);
  }
}

CT_FN static void ct_pi_expect_neg(const ct_case *c, int op, ct_outcome *o) {
  ct_layout L;
  ct_rng r;
  ct_pi_rng(c, 0x4E, &r);
  if (ct_build_failed(ct_pi_negated(&c->v[0], &r, &L), o, "L with a negative stride")) return;
  ct_pi_expect(op, &L, CT_NEGATIVE_STRIDE, o);
}

/* ---- RINV-6: right_inverse is accepted iff an answer exists ------------------------ */

/* r(v), the least index j < n with v[j] == v, for v < N, N the least value
 * >= 0 the n values miss; returns N. */
CT_FN static int64_t ct_pi_least_indices(const int64_t *v, int64_t n, int64_t *r) {
  int64_t j, N = 0;
  for (j = 0; j <= n; ++j) r[j] = -1;
  for (j = 0; j < n; ++j)
    if (v[j] >= 0 && v[j] <= n && r[v[j]] < 0) r[v[j]] = j;
  while (N < n && r[N] >= 0) ++N;
  return N;
}

/* Whether some layout of size N has the function r on [0, N), by an
 * exhaustive search over layouts (not the recognizer of ref/recognize.c):
 * mode by mode, every size s >= 2 dividing what is left and every stride in
 * [0, M), with M > every r(i). A layout whose first modes have the sizes'
 * product P is, on [0, P), the layout of those modes, so a prefix of modes
 * that disagrees with r there is dropped with all its extensions; a stride
 * of a mode of size > 1 is the layout's value at a unit coordinate, so a
 * layout with r's values has its strides in [0, M), and each size has one
 * stride to try: r at the mode's unit coordinate, less r(0). Iterative (no
 * recursion: the device rule of ref/). */
CT_FN static int ct_pi_brute_layout(const int64_t *r, int64_t N, int64_t M) {
  int64_t s[64], P[64], d, i, j, q;
  int k = 0, ok;
  if (N <= 1) return 1;
  P[0] = 1, s[0] = 1;
  for (;;) {
    do ++s[k]; /* the next size that divides N / P */
    while (s[k] <= N / P[k] && (N / P[k]) % s[k] != 0);
    if (s[k] > N / P[k]) { /* every mode tried at this level: back up */
      if (k == 0) return 0;
      --k;
      continue;
    }
    d = r[P[k]] - r[0]; /* the value at the mode's unit coordinate: of the strides in [0, M), only it can agree */
    if (d < 0 || d >= M) continue;
    for (ok = 1, q = 1, i = P[k]; q < s[k] && ok; ++q) /* i = j + q*P, no division */
      for (j = 0; j < P[k] && ok; ++j, ++i) ok = r[i] == r[j] + q * d;
    if (!ok) continue;
    if (P[k] * s[k] == N) return 1;
    P[k + 1] = P[k] * s[k];
    ++k;
    s[k] = 1;
  }
}

/* The input of RINV-6 and right_inverse!NO_LAYOUT: the case's layout when it
 * has a negative stride (so --exhaustive visits every small one), else |L|
 * with a stride negated. */
CT_FN static ct_code ct_pi_rinv_neg_input(const ct_case *c, ct_layout *L) {
  ct_rng r;
  if (ct_pi_negative(&c->v[0])) {
    *L = c->v[0];
    return CT_OK;
  }
  ct_pi_rng(c, 0x4E, &r);
  return ct_pi_negated(&c->v[0], &r, L);
}

/* The size of the chain of RINV-ALG over L's leaves of size > 1 (not
 * coalesced: coalescing merges a link with the next and keeps the chain's
 * size), with positive strides all distinct (else -1: ties follow CuTe's
 * sort order, which is not this function's to repeat). */
CT_FN static int64_t ct_pi_chain_size(const ct_layout *L) {
  int64_t s[CT_MAX_NODES], d[CT_MAX_NODES], curr = 1, N0 = 1;
  int n = 0, j, k, again = 1;
  for (j = 0; j < L->shape.n; ++j)
    if (L->shape.nd[j].kind == CT_INT && L->shape.nd[j].v > 1 && L->stride.nd[j].v > 0) {
      for (k = 0; k < n; ++k)
        if (d[k] == L->stride.nd[j].v) return -1;
      s[n] = L->shape.nd[j].v, d[n++] = L->stride.nd[j].v;
    }
  while (again) /* the next link, until there is none */
    for (again = 0, k = 0; k < n; ++k)
      if (d[k] == curr) {
        N0 *= s[k];
        curr *= s[k];
        again = 1;
      }
  return N0;
}

/* RINV-6: right_inverse(L) is never rejected (its size fits); it is the
 * least-index function r on [0, N) when filter(L) is injective and a layout
 * has r (brute-force search), else the chain of RINV-ALG, CuTe C++'s
 * answer: RINV-1, RINV-2 and, where filter(L) is injective, the chain's size. */
CT_FN void ct_p_rinv_6(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout L, R;
  ct_err e;
  ct_judgement j;
  ct_code got;
  int64_t n, N = 0, i, N0;
  int finj, exists = 0;
  if (ct_build_failed(ct_pi_rinv_neg_input(c, &L), o, "L with a negative stride")) return;
  got = ct_right_inverse(&L, &R, &e);
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  finj = ct_pi_filter_injective(&L, &sc);
  n = ct_pi_values(&L, sc.a);
  if (n < 0) { /* too large to brute-force */
    o->verdict = CT_SKIPPED;
    return;
  }
  if (finj) {
    N = ct_pi_least_indices(sc.a, n, sc.b);
    exists = ct_pi_brute_layout(sc.b, N, n);
  }
  if (got != CT_OK) {
    CT_FAILS(o, "right_inverse gives %s: %s", ct_code_name(got), e.msg);
  } else if (exists) {
    ct_leaf_form FR;
    if (ct_size(&R) != N) CT_FAILS(o, "size(R) = %lld, N = %lld, and a layout has r", (long long)ct_size(&R), (long long)N);
    ct_lf_init(&FR, &R);
    for (i = 0; i < N && o->verdict != CT_FAILED; ++i)
      if (ct_ev_form(&FR, i) != sc.b[i])
        CT_FAILS(o, "R(%lld) = %lld, the least index of %lld is %lld", (long long)i, (long long)ct_ev(&R, i), (long long)i,
                 (long long)sc.b[i]);
  } else {
    N0 = finj ? ct_pi_chain_size(&L) : -1;
    if (N0 >= 0 && ct_size(&R) != N0)
      CT_FAILS(o, "no layout has the least indices, so R is the chain, of size %lld, not %lld", (long long)N0,
               (long long)ct_size(&R));
    else if (ct_judge_rinv_1(&L, &R, CT_BRUTE_MAX, &j) == CT_J_HOLDS)
      ct_judge_rinv_2(&L, &R, CT_BRUTE_MAX, &j);
    if (o->verdict != CT_FAILED) ct_judged(&j, o);
  }
  ct_pi_note(o, "L", &L);
}

/* RINV-1..RINV-4 on L with a negative stride (the case's, or |L| with a
 * stride negated), judged as the accepted inputs are: RINV-3 and RINV-4
 * wherever their hypothesis holds (the least indices a layout's). */
CT_FN void ct_p_rinv_e1(const ct_case *c, ct_outcome *o) {
  ct_layout L, R;
  ct_err e;
  ct_judgement j;
  ct_code got;
  if (ct_build_failed(ct_pi_rinv_neg_input(c, &L), o, "L with a negative stride")) return;
  got = ct_right_inverse(&L, &R, &e);
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  if (got != CT_OK) {
    CT_FAILS(o, "right_inverse gives %s", ct_code_name(got));
    ct_pi_note(o, "L", &L);
    return;
  }
  if (ct_judge_rinv_1(&L, &R, CT_BRUTE_MAX, &j) == CT_J_HOLDS && ct_judge_rinv_2(&L, &R, CT_BRUTE_MAX, &j) == CT_J_HOLDS &&
      ct_judge_rinv_3(&L, &R, CT_BRUTE_MAX, &j) == CT_J_HOLDS)
    ct_judge_rinv_4(&L, &R, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
  ct_pi_note(o, "L", &L);
}
/* ---- LINV-6: left_inverse is accepted iff an answer exists ------------------------- */

/* Whether some layout of size M with strides in [-K, K] has R(v) == r[v]
 * wherever r[v] >= 0, v < M: the search of ct_pi_brute_layout with don't-
 * cares, val holding the prefix layout's values (not ref/left_search.c).
 * Modes are tried in order (sizes s dividing what is left, strides d from
 * -K to K), one step each; returns 1 found, 0 none in that range, -1 after
 * `budget` steps. A mode s:d on a prefix of size P gives the indices
 * i = j + q*P (0 <= j < P, 1 <= q < s) the values val[j] + q*d, so the first
 * of them with r[i] >= 0 admits one stride at most, (r[i] - val[j]) / q:
 * the strides before it are not tried one by one but counted as the steps
 * they took (the result is that of the one-by-one search, budget included). */
CT_FN static int ct_pi_brute_partial(const int64_t *r, int64_t M, int64_t K, long budget, int64_t *val) {
  int64_t s[64], d[64], P[64], i, j, q, p, want;
  int k = 0, ok;
  if (M <= 1) return 1;
  val[0] = 0;
  P[0] = 1, s[0] = 1, d[0] = K;
  for (;;) {
    if (--budget < 0) return -1;
    if (++d[k] > K) { /* the next size that divides M / P, stride -K */
      d[k] = -K;
      do ++s[k];
      while (s[k] <= M / P[k] && (M / P[k]) % s[k] != 0);
    }
    if (s[k] > M / P[k]) { /* every mode tried at this level: back up */
      if (k == 0) return 0;
      --k;
      continue;
    }
    p = P[k];
    for (i = p; i < p * s[k] && r[i] < 0; ++i) {
    }
    if (i < p * s[k]) { /* the only stride that can pass, K + 1 when none */
      q = i / p;
      want = (r[i] - val[i - q * p]) % q == 0 ? (r[i] - val[i - q * p]) / q : K + 1;
      if (want < d[k] || want > K) want = K + 1;
      budget -= (want > K ? K : want) - d[k]; /* the strides skipped */
      if (budget < 0) return -1;
      if (want > K) {
        d[k] = K;
        continue;
      }
      d[k] = want;
    }
    for (ok = 1, q = 1, i = p; q < s[k] && ok; ++q) /* i = j + q*p, no division */
      for (j = 0; j < p && ok; ++j, ++i) {
        val[i] = val[j] + q * d[k];
        ok = r[i] < 0 || r[i] == val[i];
      }
    if (!ok) continue;
    if (p * s[k] == M) return 1;
    P[k + 1] = p * s[k];
    ++k;
    s[k] = 1, d[k] = K;
  }
}

/* LINV-6 on L = the case's layout, |L| when it has a negative stride; one
 * time in two, when that is inside LINV-DIV/LINV-INJ, |L| restrided with
 * gaps that need not divide (so the search runs more often), else one time
 * in four a small (2,2):(p,q). An answer is
 * judged by LINV-1, LINV-2 and LINV-5's size; a NO_LAYOUT by a search for a
 * witness with strides in [-K, K], K = max(M, size(L)); an UNDECIDED must
 * be past the search's bounds. */
CT_FN void ct_p_linv_6(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout L, R, C;
  ct_modes m;
  ct_err e;
  ct_judgement j;
  ct_code got;
  int64_t n, M, d = 0, v, i;
  int k, found;
  ct_rng r;
  ct_pi_abs(&c->v[0], &L);
  ct_pi_rng(c, 0x56, &r);
  if (ct_rng_chance(&r, 1, 2) && ct_pi_linv_code(&L, &sc) == CT_OK) {
    C = L;
    ct_pi_restride(&C, &r, 1, 0, 1, &L);
  } else if (ct_rng_chance(&r, 1, 4)) { /* (2,2):(p,q): often only integrality decides ((3,5): 3*e = 1) */
    int64_t p = ct_rng_range(&r, 2, 6);
    m.n = 0;
    ct_modes_push(&m, 2, 0, p, 0);
    ct_modes_push(&m, 2, 0, ct_rng_range(&r, p + 1, 12), 0);
    if (ct_build_failed(ct_modes_to_layout(&m, &L, &e), o, "L = (2,2):(p,q)")) return;
  }
  got = ct_left_inverse(&L, &R, &e);
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  n = ct_pi_values(&L, sc.a);
  if (n < 0 || got == CT_OVERFLOW || ct_coalesce(&L, &C, &e) != CT_OK) {
    o->verdict = CT_SKIPPED;
    return;
  }
  M = n;
  ct_modes_of(&C, 0, &m);
  for (k = 0; k < m.n; ++k) /* LINV-5's size */
    if (m.m[k].s > 1 && (m.m[k].d > d || (m.m[k].d == d && d > 0 && m.m[k].s * d > M))) {
      d = m.m[k].d;
      M = m.m[k].s * d;
    }
  if (got == CT_OK) {
    if (ct_size(&R) != M) CT_FAILS(o, "size(R) = %lld, LINV-5 says %lld", (long long)ct_size(&R), (long long)M);
    else if (ct_judge_linv_1(&L, &R, CT_BRUTE_MAX, &j) == CT_J_HOLDS) ct_judge_linv_2(&L, &R, CT_BRUTE_MAX, &j);
    if (o->verdict != CT_FAILED) ct_judged(&j, o);
  } else if (got == CT_UNDECIDED) {
    if (M <= CT_LINV_SEARCH) CT_FAILS(o, "left_inverse gives UNDECIDED with size(R) = %lld: %s", (long long)M, e.msg);
  } else if (got != CT_NO_LAYOUT) {
    CT_FAILS(o, "left_inverse gives %s: %s", ct_code_name(got), e.msg);
  } else if (M <= CT_BRUTE_MAX) {
    for (v = 0; v < M; ++v) sc.b[v] = -1;
    for (i = 0, found = 1; i < n; ++i) { /* the least indices; a value >= M: no layout (LINV-1) */
      if (sc.a[i] >= M) found = 0;
      else if (sc.b[sc.a[i]] < 0) sc.b[sc.a[i]] = i;
    }
    if (found && ct_pi_brute_partial(sc.b, M, M > n ? M : n, 200000L, sc.c) == 1)
      CT_FAILS(o, "left_inverse gives NO_LAYOUT, but a layout of size %lld with strides in [-%lld, %lld] has LINV-1, "
                  "LINV-2 and LINV-5", (long long)M, (long long)(M > n ? M : n), (long long)(M > n ? M : n));
  }
  ct_pi_note(o, "L", &L);
}

CT_FN void ct_p_linv_e1(const ct_case *c, ct_outcome *o) { ct_pi_expect_neg(c, CT_PI_LINV, o); }
/* nullspace!NEGATIVE_STRIDE: |L| with a mode 2:-d appended, d the stride
 * of one of its leaves of size > 1 (made 1 where it is 0), or (2,2):(1,-1)
 * appended when it has none: L is 0 where both coordinates are 1, so the
 * strides cancel (NULL-NEG). */
CT_FN void ct_p_null_e1(const ct_case *c, ct_outcome *o) {
  ct_layout A, M, L;
  const ct_layout *parts[2];
  ct_err e;
  ct_rng r;
  int x;
  ct_pi_rng(c, 0x4E, &r);
  ct_pi_abs(&c->v[0], &A);
  x = ct_pi_pick_leaf(&A, &r);
  if (x >= 0) {
    if (A.stride.nd[x].v == 0) A.stride.nd[x].v = 1;
    ct_l_set_int(&M, 2, 0, -A.stride.nd[x].v, 0);
  } else {
    ct_modes m;
    m.n = 0;
    ct_modes_push(&m, 2, 0, 1, 0);
    ct_modes_push(&m, 2, 0, -1, 0);
    if (ct_build_failed(ct_modes_to_layout(&m, &M, &e), o, "(2,2):(1,-1)")) return;
  }
  parts[0] = &A;
  parts[1] = &M;
  if (ct_build_failed(ct_l_concat(parts, 2, &L, &e), o, "L")) return;
  ct_pi_expect(CT_PI_NULL, &L, CT_NEGATIVE_STRIDE, o);
}

/* left_inverse!UNDECIDED: a divisible injective layout B from the case with
 * two modes 2:2T, 2:3T inserted at random places, T = max(CT_LINV_SEARCH,
 * s*d of every leaf of B): 3T is not a multiple of 2T (outside LINV-DIV),
 * every value is below LINV-5's size 6T, and 6T is past the search's bound. */
CT_FN void ct_p_linv_e2(const ct_case *c, ct_outcome *o) {
  ct_layout A, B, L;
  ct_modes m, out;
  ct_err e;
  ct_rng r;
  int64_t T = CT_LINV_SEARCH;
  int k, at2, at3;
  ct_pi_rng(c, 0x4F, &r);
  ct_pi_abs(&c->v[0], &A);
  ct_pi_restride(&A, &r, 1, 1, 1, &B);
  ct_modes_of(&B, 0, &m);
  for (k = 0; k < m.n; ++k)
    if (m.m[k].s * m.m[k].d > T) T = m.m[k].s * m.m[k].d;
  at2 = (int)ct_rng_range(&r, 0, m.n);
  at3 = (int)ct_rng_range(&r, 0, m.n);
  out.n = 0;
  for (k = 0; k <= m.n; ++k) {
    if (k == at2) ct_modes_push(&out, 2, 0, 2 * T, 0);
    if (k == at3) ct_modes_push(&out, 2, 0, 3 * T, 0);
    if (k < m.n) ct_modes_push(&out, m.m[k].s, m.m[k].ss, m.m[k].d, m.m[k].ds);
  }
  if (ct_build_failed(ct_modes_to_layout(&out, &L, &e), o, "L")) return;
  ct_pi_expect(CT_PI_LINV, &L, CT_UNDECIDED, o);
}

/* left_inverse!NO_LAYOUT: a divisible, injective-after-filter layout from
 * the case with its largest stride D repeated by a mode 2:D at a random place
 * (or two modes 2:1 when every stride is 0): LINV-5's size is s*D for the
 * mode s:D, while L reaches (s-1)*D + D (no neighbour merges with 2:D: the
 * mode before would end at D, the one after start at 2D, past D). */
CT_FN void ct_p_linv_e3(const ct_case *c, ct_outcome *o) {
  ct_layout A, B, L;
  ct_modes m, out;
  ct_err e;
  ct_rng r;
  int k, at, x;
  ct_pi_rng(c, 0x50, &r);
  ct_pi_abs(&c->v[0], &A);
  ct_pi_restride(&A, &r, 1, 1, 1, &B);
  ct_modes_of(&B, 0, &m);
  out.n = 0;
  at = (int)ct_rng_range(&r, 0, m.n);
  x = -1;
  for (k = 0; k < m.n; ++k)
    if (m.m[k].s > 1 && m.m[k].d > 0 && (x < 0 || m.m[k].d > m.m[x].d)) x = k;
  for (k = 0; k <= m.n; ++k) {
    if (k == at) {
      ct_modes_push(&out, 2, 0, x >= 0 ? m.m[x].d : 1, 0);
      if (x < 0) ct_modes_push(&out, 2, 0, 1, 0);
    }
    if (k < m.n) ct_modes_push(&out, m.m[k].s, m.m[k].ss, m.m[k].d, m.m[k].ds);
  }
  if (ct_build_failed(ct_modes_to_layout(&out, &L, &e), o, "L")) return;
  ct_pi_expect(CT_PI_LINV, &L, CT_NO_LAYOUT, o);
}

/* OVERFLOW: a size that does not fit (two extra modes 2^32:0). */
CT_FN static void ct_pi_expect_big(const ct_case *c, int op, ct_outcome *o) {
  ct_layout A, L;
  ct_modes m;
  ct_err e;
  ct_pi_abs(&c->v[0], &A);
  ct_modes_of(&A, 0, &m);
  ct_modes_push(&m, (int64_t)1 << 32, 0, 0, 0);
  ct_modes_push(&m, (int64_t)1 << 32, 0, 0, 0);
  if (ct_build_failed(ct_modes_to_layout(&m, &L, &e), o, "L")) return;
  ct_pi_expect(op, &L, CT_OVERFLOW, o);
}

CT_FN void ct_p_rinv_e2(const ct_case *c, ct_outcome *o) { ct_pi_expect_big(c, CT_PI_RINV, o); }
CT_FN void ct_p_null_e2(const ct_case *c, ct_outcome *o) { ct_pi_expect_big(c, CT_PI_NULL, o); }

/* left_inverse's OVERFLOW: an accepted layout from the case plus a mode 2:d'
 * with d' the largest multiple of its largest stride D: LINV-DIV and LINV-INJ
 * hold, size(R) = 2*d' does not fit. */
CT_FN void ct_p_linv_e4(const ct_case *c, ct_outcome *o) {
  ct_layout A, B, L;
  ct_modes m;
  ct_err e;
  ct_rng r;
  int64_t D = 1;
  int k;
  ct_pi_rng(c, 0x51, &r);
  ct_pi_abs(&c->v[0], &A);
  ct_pi_restride(&A, &r, 1, 1, 1, &B);
  ct_modes_of(&B, 0, &m);
  for (k = 0; k < m.n; ++k)
    if (m.m[k].s > 1 && m.m[k].d > D) D = m.m[k].d;
  ct_modes_push(&m, 2, 0, D * (INT64_MAX / D), 0);
  if (ct_build_failed(ct_modes_to_layout(&m, &L, &e), o, "L")) return;
  ct_pi_expect(CT_PI_LINV, &L, CT_OVERFLOW, o);
}

/* MCL-5's b: |v1| one time in four, else v1 with a stride negated. The code
 * of building it. */
CT_FN ct_code ct_pi_mcl5_b(const ct_case *c, ct_layout *b) {
  ct_rng r;
  ct_pi_rng(c, 0x52, &r);
  if (!ct_rng_chance(&r, 1, 4)) return ct_pi_negated(&c->v[1], &r, b);
  ct_pi_abs(&c->v[1], b);
  return CT_OK;
}

/* MCL-5: b = the case's second layout with a negative stride (|v1| one
 * time in four), a = (b, v0), which agrees with b on b's domain: where
 * filter(b) is injective, R is right_inverse(b) as a function; N is the
 * least value b does not take (brute force), and max_common_vector says so. */
CT_FN void ct_p_mcl_e1(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout a, b, I, R;
  const ct_layout *parts[2];
  ct_val N;
  ct_err e;
  ct_code got, gv;
  int64_t i, n, want;
  if (ct_build_failed(ct_pi_mcl5_b(c, &b), o, "b with a negative stride")) return;
  parts[0] = &b;
  parts[1] = &c->v[0];
  if (ct_build_failed(ct_l_concat(parts, 2, &a, &e), o, "make_layout(b, L)")) return;
  got = ct_max_common_layout(&a, &b, &R, &e);
  gv = ct_max_common_vector(&a, &b, &N, &e);
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  n = ct_pi_values(&b, sc.a);
  if (got != CT_OK || gv != CT_OK) {
    CT_FAILS(o, "max_common_layout gives %s, max_common_vector %s", got == CT_OK ? "a result" : ct_code_name(got),
             gv == CT_OK ? "a result" : ct_code_name(gv));
  } else if (n >= 0) {
    want = ct_pi_least_indices(sc.a, n, sc.b);
    if (N.v != want) CT_FAILS(o, "N = %lld, the least value b does not take is %lld", (long long)N.v, (long long)want);
    else if (ct_pi_filter_injective(&b, &sc)) {
      ct_leaf_form FR, FI;
      if (ct_right_inverse(&b, &I, &e) != CT_OK) {
        CT_FAILS(o, "right_inverse(b) is rejected: %s", e.msg);
      } else if (ct_size(&R) != ct_size(&I)) {
        CT_FAILS(o, "size(R) = %lld, size(right_inverse(b)) = %lld", (long long)ct_size(&R), (long long)ct_size(&I));
      } else {
        ct_lf_init(&FR, &R);
        ct_lf_init(&FI, &I);
        for (i = 0; i < ct_size(&I) && i < CT_BRUTE_MAX && o->verdict != CT_FAILED; ++i)
          if (ct_ev_form(&FR, i) != ct_ev_form(&FI, i))
            CT_FAILS(o, "R(%lld) = %lld, right_inverse(b) there is %lld", (long long)i, (long long)ct_ev(&R, i),
                     (long long)ct_ev(&I, i));
      }
    }
  }
  ct_pi_note(o, "b", &b);
  ct_pi_note(o, "a", &a);
}

/* MCV-1 and MCL-1, MCL-2 where size(a) < size(b): a = v0, b = (|v1|, k:x);
 * R's indices must stay inside a's domain, N is the common run there. */
CT_FN void ct_p_mcl_e2(const ct_case *c, ct_outcome *o) {
  CT_SCRATCH ct_pi_scratch sc;
  ct_layout B, M, b, R;
  const ct_layout *parts[2];
  ct_err e;
  ct_rng r;
  ct_pi_rng(c, 0x53, &r);
  ct_pi_abs(&c->v[1], &B);
  ct_l_set_int(&M, ct_size(&c->v[0]) / ct_size(&B) + 1, 0, ct_rng_range(&r, 0, 8), 0);
  parts[0] = &B;
  parts[1] = &M;
  if (ct_build_failed(ct_l_concat(parts, 2, &b, &e), o, "make_layout(B, M)")) return;
  ct_pi_mcv_same(&c->v[0], &b, &sc, o);
  if (o->verdict != CT_FAILED && ct_max_common_layout(&c->v[0], &b, &R, &e) == CT_OK) {
    ct_pi_mcl_1(&c->v[0], &b, &R, o);
    ct_pi_mcl_2(&c->v[0], &b, &R, o);
  }
  ct_pi_note(o, "b", &b);
}

/* b = (2, w, 2):(1, x, 2) with w = 1 (mod 3) and x in {0, 5}: the chain of b
 * is I = (2, 2):(1, 2w). a = (3, K):(1, 0) takes I's values 0, 1, 2w to 0, 1,
 * 2 (2w = 2 mod 3) and 2w+1 to 0, so the run along I is 3 and C = 2:1 (0,
 * 1, 2w is no layout's prefix). The common run N is 3 (b takes no 3 where a
 * does), and the least common indices 0, 1, 2w are no layout's either: R is
 * C, shorter than N (MCL-3, MCL-4). */
CT_FN void ct_p_mcl_e3(const ct_case *c, ct_outcome *o) {
  ct_layout a, b, R;
  ct_modes m;
  ct_val N;
  ct_err e;
  ct_rng r;
  ct_code got, gv;
  int64_t w;
  ct_pi_rng(c, 0x54, &r);
  w = 1 + 3 * ct_rng_range(&r, 1, 3);
  m.n = 0;
  ct_modes_push(&m, 2, 0, 1, 0);
  ct_modes_push(&m, w, 0, ct_rng_chance(&r, 1, 2) ? 0 : 5, 0);
  ct_modes_push(&m, 2, 0, 2, 0);
  if (ct_build_failed(ct_modes_to_layout(&m, &b, &e), o, "b")) return;
  m.n = 0;
  ct_modes_push(&m, 3, ct_rng_chance(&r, 1, 3), 1, 0);
  ct_modes_push(&m, (4 * w + 2) / 3 + ct_rng_range(&r, 0, 4), 0, 0, 0); /* size(a) >= size(b) = 4w */
  if (ct_build_failed(ct_modes_to_layout(&m, &a, &e), o, "a")) return;
  got = ct_max_common_layout(&a, &b, &R, &e);
  gv = ct_max_common_vector(&a, &b, &N, &e);
  o->digest = got == CT_OK ? ct_digest_layout(&R) : ct_digest_code(got);
  if (got != CT_OK || gv != CT_OK)
    CT_FAILS(o, "max_common_layout gives %s, max_common_vector %s", got == CT_OK ? "a result" : ct_code_name(got),
             gv == CT_OK ? "a result" : ct_code_name(gv));
  else if (N.v != 3) CT_FAILS(o, "N = %lld, not 3", (long long)N.v);
  else if (ct_size(&R) != 2 || ct_ev(&R, 1) != 1) CT_FAILS(o, "R is not C = 2:1");
  ct_pi_note(o, "b", &b);
  ct_pi_note(o, "a", &a);
}
