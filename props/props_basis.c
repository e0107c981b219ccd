/* props_basis.c -- properties of spec/basis.md. The generators make integer
 * layouts; a property gives one basis strides (ct_basify) from a stream of
 * its own, seeded by the case, so the case stays a pure function of
 * (seed, index). */
#include "props/derived.h"
#include "props/props.h"
#include "props/props_list.h"
#include "ref/basis_ops.h"
#include "ref/complement.h"
#include "ref/ct_arith.h"
#include "ref/rearrange.h"

/* Prefix-free pools of basis paths (BASIS-WF), each path packed as decimal
 * digits after a leading 1 (1 + digits): pool k has 2 or 3 paths. No arrays
 * with static storage: device code calls this too. */
#define CT_POOLS 5
CT_FN static int ct_pool_code(int pool, int k) {
  switch (pool * 3 + k) {
  case 0: return 10;         /* pool 0: (0), (1) */
  case 1: return 11;
  case 3: return 10;         /* pool 1: (0), (1), (2) */
  case 4: return 11;
  case 5: return 12;
  case 6: return 10;         /* pool 2: (0), (1,0), (1,1) */
  case 7: return 110;
  case 8: return 111;
  case 9: return 100;        /* pool 3: (0,0), (0,1), (1) */
  case 10: return 101;
  case 11: return 11;
  case 12: return 112;       /* pool 4: (1,2), (0), (2,0,1) */
  case 13: return 10;
  default: return 1201;
  }
}
CT_FN static int ct_pool_path(int pool, int k, int *path) {
  int code = ct_pool_code(pool, k), n = 0, digits[3], i;
  while (code > 1) {
    digits[n++] = code % 10;
    code /= 10;
  }
  for (i = 0; i < n; ++i) path[i] = digits[n - 1 - i];
  return n;
}
CT_FN static int ct_pool_size(int pool) { return pool == 0 ? 2 : 3; }

CT_FN static void ct_set_basis(ct_node *d, int64_t v, const int *path, int n) {
  int i;
  d->kind = CT_BASIS;
  d->v = v;
  d->rank = (uint8_t)n;
  d->path = 0;
  for (i = 0; i < n; ++i) d->path = (uint16_t)(d->path | (path[i] << (5 * i)));
}

/* The case's own stream for property `salt`. */
CT_FN static void ct_basis_rng(const ct_case *c, uint64_t salt, ct_rng *r) {
  ct_rng_init(r, ct_digest_layout(&c->v[0]) ^ (c->n > 1 ? ct_digest_layout(&c->v[1]) : 0), salt, 0xBA515ull);
}

/* L with basis strides: every nonzero stride v becomes v@p, p from a random
 * pool; with keep_runs a leaf that continues a coalesce run of L (stride =
 * size times the previous leaf of size > 1) keeps that leaf's path, so the
 * paths are constant on each run (BASIS-9). Zero strides stay 0. Returns
 * the pool. */
CT_FN static int ct_basify(const ct_layout *L, ct_rng *r, int keep_runs, ct_layout *out) {
  int pool = (int)ct_rng_range(r, 0, CT_POOLS - 1), prev = -1, j, path[3], n;
  ct_l_copy(out, L);
  for (j = 0; j < L->stride.n; ++j) {
    const ct_node *d = &L->stride.nd[j];
    int64_t span;
    if (d->kind != CT_INT) continue;
    if (d->v != 0) {
      if (keep_runs && prev >= 0 && L->stride.nd[prev].v != 0 && !ct_mul_ovf(L->shape.nd[prev].v, L->stride.nd[prev].v, &span) &&
          span == d->v) {
        ct_node *pd = &out->stride.nd[prev];
        for (n = 0; n < pd->rank; ++n) path[n] = ct_basis_index(pd, n);
      } else {
        n = ct_pool_path(pool, (int)ct_rng_range(r, 0, ct_pool_size(pool) - 1), path);
      }
      ct_set_basis(&out->stride.nd[j], d->v, path, n);
    }
    if (L->shape.nd[j].v != 1) prev = j;
  }
  return pool;
}

/* The basis-strided A that property `salt` (BASIS-salt) checks, drawn from
 * its stream *r, which goes on from there; *pool: the pool of paths it drew
 * from (-1: A kept its integer strides). Every BASIS property that derives A
 * from its case draws it here (ct_basis_a). Returns whether A's paths are
 * constant on runs. */
CT_FN int ct_basis_drawn(const ct_case *c, int salt, int how, ct_rng *r, ct_layout *A, int *pool) {
  int keep = how == CT_BA_RUNS || how == CT_BA_HALF;
  ct_basis_rng(c, (uint64_t)salt, r);
  if (how == CT_BA_DRAWN) keep = (int)ct_rng_range(r, 0, 1);
  *pool = -1;
  if (how == CT_BA_HALF && !ct_rng_chance(r, 1, 2)) ct_l_copy(A, &c->v[0]);
  else *pool = ct_basify(&c->v[0], r, keep, A);
  return keep;
}

CT_FN static int ct_basis_a(const ct_case *c, int salt, int how, ct_rng *r, ct_layout *A) {
  int pool;
  return ct_basis_drawn(c, salt, how, r, A, &pool);
}

/* A rejection where none may be: the case fails (limits skip it). */
CT_FN static int ct_basis_ok(ct_code rc, const ct_err *e, ct_outcome *o, const char *what) {
  if (rc == CT_OK) return 1;
  o->digest = ct_digest_code(rc);
  if (ct_code_is_limit(rc)) o->verdict = CT_SKIPPED;
  else CT_FAILS(o, "%s: %s %s", what, ct_code_name(rc), e->msg);
  return 0;
}

CT_FN void ct_p_basis_1(const ct_case *c, ct_outcome *o) {
  ct_layout I;
  ct_err e;
  ct_judgement j;
  if (ct_t_depth(&c->v[0].shape, 0) > CT_BASIS_DEPTH) { /* make_identity_layout!DEPTH_LIMIT */
    o->verdict = CT_SKIPPED;
    return;
  }
  if (!ct_basis_ok(ct_make_identity_layout(&c->v[0].shape, &I, &e), &e, o, "make_identity_layout")) return;
  o->digest = ct_digest_layout(&I);
  ct_judge_basis_1(&c->v[0].shape, &I, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

CT_FN void ct_p_basis_2(const ct_case *c, ct_outcome *o) {
  ct_layout L;
  ct_rng r;
  ct_err e;
  ct_judgement j;
  int64_t i, n = ct_size(&c->v[0]);
  ct_tuple cp;
  int has_cp;
  ct_basis_a(c, 2, CT_BA_PLAIN, &r, &L);
  o->digest = ct_digest_layout(&L);
  has_cp = ct_coprofile(&L, &cp, &e) == CT_OK; /* the judge's, once for every index */
  for (i = 0; i < n && i < CT_BRUTE_MAX; ++i) { /* L(i) at the integer i; at idx2crd(i, shape(L)) one time in 8 */
    ct_tuple x, v;
    if (i % 8 != 1) ct_t_set_int(&x, i, 0);
    else if (!ct_basis_ok(ct_idx2crd(i, &L.shape, &x, &e), &e, o, "idx2crd")) return;
    if (!ct_basis_ok(ct_basis_eval(&x, &L, &v, &e), &e, o, "evaluation")) return;
    if (ct_judge_basis_2(&L, has_cp ? &cp : 0, i, &v, &j) == CT_J_VIOLATED) break;
  }
  if (n > 0) ct_judged(&j, o);
}

CT_FN void ct_p_basis_3(const ct_case *c, ct_outcome *o) {
  ct_layout L;
  ct_tuple cp;
  ct_rng r;
  ct_err e;
  ct_judgement j;
  ct_basis_a(c, 3, CT_BA_PLAIN, &r, &L);
  if (!ct_basis_ok(ct_coprofile(&L, &cp, &e), &e, o, "coprofile")) return;
  ct_judge_basis_3(&L, &cp, &j);
  ct_judged(&j, o);
}

CT_FN void ct_p_basis_4(const ct_case *c, ct_outcome *o) {
  ct_layout L;
  ct_tuple cs;
  ct_rng r;
  ct_err e;
  ct_judgement j;
  ct_val cz, pz;
  ct_basis_a(c, 4, CT_BA_PLAIN, &r, &L);
  if (!ct_basis_ok(ct_coshape(&L, &cs, &e), &e, o, "coshape")) return;
  ct_judge_basis_4(&L, &cs, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
  if (o->verdict != CT_PASS) return;
  if (ct_basis_cosize(&L, &cz, &e) != CT_OK || ct_t_product(&cs, 0, &pz, &e) != CT_OK) {
    o->verdict = CT_SKIPPED; /* an overflow of the product */
    return;
  }
  if (cz.v != pz.v) CT_FAILS(o, "BASIS-4: cosize(L) = %lld, size(coshape(L)) = %lld", (long long)cz.v, (long long)pz.v);
}

CT_FN void ct_p_basis_5(const ct_case *c, ct_outcome *o) {
  ct_layout L, R;
  ct_rng r;
  ct_err e;
  ct_judgement j;
  int k;
  ct_basis_a(c, 5, CT_BA_DRAWN, &r, &L);
  for (k = 0; k < 3; ++k) {
    ct_lift_op op = k == 0 ? CT_LIFT_COALESCE : k == 1 ? CT_LIFT_FILTER_ZEROS : CT_LIFT_FILTER;
    if (!ct_basis_ok(ct_lifted(op, &L, 0, 0, &R, &e), &e, o, k == 0 ? "coalesce" : k == 1 ? "filter_zeros" : "filter"))
      return;
    if (k == 0) o->digest = ct_digest_layout(&R);
    if (ct_judge_basis_5(&L, &R, k, CT_BRUTE_MAX, &j) == CT_J_VIOLATED) break;
  }
  ct_judged(&j, o);
}

CT_FN void ct_p_basis_6(const ct_case *c, ct_outcome *o) {
  ct_layout A, R;
  ct_rng r;
  ct_err e;
  ct_judgement j;
  int keep;
  keep = ct_basis_a(c, 6, CT_BA_DRAWN, &r, &A);
  if (ct_lifted(CT_LIFT_COMPOSITION, &A, &c->v[1], 0, &R, &e) != CT_OK) {
    /* with the runs kept A has the digits of the admissible integer A */
    if (keep && c->admissible) ct_basis_ok(e.code, &e, o, "composition of an admissible pair");
    else o->verdict = CT_SKIPPED;
    return;
  }
  o->digest = ct_digest_layout(&R);
  ct_judge_basis_6(&A, &c->v[1], &R, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

/* BASIS-7's B: the case's second layout with each nonzero stride on the
 * path (0) or (1), drawn from *r after A. */
CT_FN void ct_basis7_b(const ct_case *c, ct_rng *r, ct_layout *B) {
  int x, path[1];
  ct_l_copy(B, &c->v[1]);
  for (x = 0; x < B->stride.n; ++x)
    if (B->stride.nd[x].kind == CT_INT && B->stride.nd[x].v != 0) {
      path[0] = (int)ct_rng_range(r, 0, 1);
      ct_set_basis(&B->stride.nd[x], B->stride.nd[x].v, path, 1);
    }
}

/* A2 = (A', A') with A' = A, given basis strides half the time, and B's
 * leaves sent to mode 0 or 1 of A2 (@0 / @1): each path's leaves are some
 * of B's, so they stay admissible for A. */
CT_FN void ct_p_basis_7(const ct_case *c, ct_outcome *o) {
  const ct_layout *ls[2];
  ct_layout A0, A2, B, R;
  ct_rng r;
  ct_err e;
  ct_judgement j;
  ct_code rc = CT_OK;
  ct_basis_a(c, 7, CT_BA_HALF, &r, &A0);
  ls[0] = ls[1] = &A0; /* not (A', A): that puts basis and integer strides in one layout (BASIS-WF-BUILD) */
  ct_step(&rc, ct_l_concat(ls, 2, &A2, &e));
  if (ct_build_failed(rc, o, "(A', A')")) return;
  ct_basis7_b(c, &r, &B);
  if (ct_basis_composition(&A2, &B, &R, &e) != CT_OK) {
    if (c->admissible) ct_basis_ok(e.code, &e, o, "composition with B's leaves on two modes");
    else o->verdict = CT_SKIPPED;
    return;
  }
  o->digest = ct_digest_layout(&R);
  ct_judge_basis_7(&A2, &B, &R, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

/* logical_divide(A, B) against composition(A, (B, complement(B, size(A)))). */
CT_FN void ct_p_basis_8(const ct_case *c, ct_outcome *o) {
  const ct_layout *ls[2];
  ct_layout A, R, C, BC, W;
  ct_tuple cot;
  ct_rng r;
  ct_err e, e2;
  ct_code rc, rw = CT_OK;
  ct_basis_a(c, 8, CT_BA_DRAWN, &r, &A);
  rc = ct_lifted(CT_LIFT_LOGICAL_DIVIDE, &A, &c->v[1], 0, &R, &e);
  ct_t_set_int(&cot, ct_size(&A), 0);
  ct_step(&rw, ct_complement(&c->v[1], &cot, &C, &e2));
  ls[0] = &c->v[1];
  ls[1] = &C;
  if (rw == CT_OK) ct_step(&rw, ct_l_concat(ls, 2, &BC, &e2));
  if (rw == CT_OK) ct_step(&rw, ct_lifted(CT_LIFT_COMPOSITION, &A, &BC, 0, &W, &e2));
  if (ct_code_is_limit(rc) || ct_code_is_limit(rw)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  o->digest = rc == CT_OK ? ct_digest_layout(&R) : ct_digest_code(rc);
  if (rc != rw) {
    CT_FAILS(o, "BASIS-8: logical_divide gives %s, the composition %s", ct_code_name(rc), ct_code_name(rw));
    return;
  }
  if (rc == CT_OK && !(ct_basis_same_function(&R, &W) && ct_t_compatible_loose(&W.shape, &R.shape)))
    CT_FAILS(o, "BASIS-8: logical_divide(A, B) is not A o (B, complement(B, size(A)))");
}

/* The paths of A forgotten: every v@p read as v. */
CT_FN static void ct_strip(ct_layout *L) {
  int x;
  for (x = 0; x < L->stride.n; ++x)
    if (L->stride.nd[x].kind == CT_BASIS) {
      L->stride.nd[x].kind = CT_INT;
      L->stride.nd[x].rank = 0;
      L->stride.nd[x].path = 0;
    }
}

CT_FN void ct_p_basis_9(const ct_case *c, ct_outcome *o) {
  ct_layout A, R, W, Z;
  ct_rng r;
  ct_err e;
  int k;
  ct_basis_a(c, 9, CT_BA_RUNS, &r, &A);
  for (k = 0; k < 6; ++k) {
    ct_lift_op op = k == 0 ? CT_LIFT_COALESCE
                    : k == 1 ? CT_LIFT_COMPOSITION_TILER
                    : k == 2 ? CT_LIFT_LOGICAL_DIVIDE_TILER
                    : k == 3 ? CT_LIFT_ZIPPED_DIVIDE
                    : k == 4 ? CT_LIFT_TILED_DIVIDE
                             : CT_LIFT_FLAT_DIVIDE;
    ct_code rc = ct_lifted(op, &A, &c->v[1], 0, &R, &e);
    ct_code rw = ct_lifted(op, &c->v[0], &c->v[1], 0, &W, &e);
    if (ct_code_is_limit(rc) || ct_code_is_limit(rw)) continue;
    if (k == 1) o->digest = rc == CT_OK ? ct_digest_layout(&R) : ct_digest_code(rc);
    if (rc != rw) {
      CT_FAILS(o, "BASIS-9: operation %d gives %s with paths and %s without", k, ct_code_name(rc), ct_code_name(rw));
      return;
    }
    if (rc != CT_OK) continue;
    ct_l_copy(&Z, &R);
    ct_strip(&Z);
    if (!ct_l_equal(&Z, &W, 0)) {
      CT_FAILS(o, "BASIS-9: operation %d with the paths forgotten is not the operation on the integer layout", k);
      return;
    }
  }
}

/* A clash: a nonzero integer stride beside basis strides, or a path that
 * extends another (BASIS-WF). */
CT_FN void ct_p_basis_e_mismatch(const ct_case *c, ct_outcome *o) {
  ct_layout L;
  ct_rng r;
  ct_err e;
  int idx[CT_MAX_NODES], n = ct_t_leaves(&c->v[0].stride, 0, idx, CT_MAX_NODES), a, b, path[3], k;
  ct_code rc;
  if (n < 2) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_basis_a(c, 10, CT_BA_PLAIN, &r, &L);
  a = idx[ct_rng_range(&r, 0, n - 1)];
  do b = idx[ct_rng_range(&r, 0, n - 1)]; while (b == a);
  path[0] = 1;
  ct_set_basis(&L.stride.nd[a], 1, path, 1);
  if (ct_rng_chance(&r, 1, 2)) { /* an integer beside it */
    L.stride.nd[b].kind = CT_INT;
    L.stride.nd[b].rank = 0;
    L.stride.nd[b].path = 0;
    L.stride.nd[b].v = 1 + ct_rng_range(&r, 0, 5);
  } else { /* a path through a's: (1, k) */
    k = (int)ct_rng_range(&r, 0, 2);
    path[1] = k;
    ct_set_basis(&L.stride.nd[b], 1, path, 2);
  }
  rc = ct_l_check(&L, &e);
  o->digest = ct_digest_code(rc);
  if (rc != CT_BASIS_MISMATCH) CT_FAILS(o, "want BASIS_MISMATCH, got %s", ct_code_name(rc));
}

CT_FN void ct_p_basis_e_depth(const ct_case *c, ct_outcome *o) {
  ct_tuple S;
  ct_layout I;
  ct_err e;
  ct_code rc = CT_OK;
  int h[4], k;
  ct_t_clear(&S);
  for (k = 0; k < 4; ++k) ct_step(&rc, ct_t_open(&S, &h[k], &e));
  ct_step(&rc, ct_t_push_sub(&S, &c->v[0].shape, 0, &e));
  for (k = 3; k >= 0; --k) ct_step(&rc, ct_t_close(&S, h[k], &e));
  if (ct_build_failed(rc, o, "((((shape))))")) return;
  rc = ct_make_identity_layout(&S, &I, &e);
  o->digest = ct_digest_code(rc);
  if (rc != CT_DEPTH_LIMIT) CT_FAILS(o, "want DEPTH_LIMIT, got %s", ct_code_name(rc));
}

CT_FN void ct_p_basis_e_index(const ct_case *c, ct_outcome *o) {
  ct_layout B, R;
  ct_err e;
  ct_code rc;
  int x, path[1];
  path[0] = ct_l_rank(&c->v[0]) + (ct_t_is_tuple(&c->v[0].shape, 0) ? 0 : 1);
  if (path[0] >= CT_MAX_RANK) {
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_l_copy(&B, &c->v[1]);
  for (x = 0; x < B.stride.n; ++x)
    if (B.stride.nd[x].kind == CT_INT) ct_set_basis(&B.stride.nd[x], B.stride.nd[x].v, path, 1);
  rc = ct_basis_composition(&c->v[0], &B, &R, &e);
  o->digest = ct_digest_code(rc);
  if (rc != CT_INDEX_OUT_OF_RANGE) CT_FAILS(o, "want INDEX_OUT_OF_RANGE, got %s", ct_code_name(rc));
}

/* A's component on path q: v where A has v@q, 0 elsewhere (props' own). */
CT_FN static void ct_p10_component(const ct_layout *A, const ct_node *q, ct_layout *P) {
  int j;
  *P = *A;
  for (j = 0; j < P->stride.n; ++j) {
    ct_node *d = &P->stride.nd[j];
    if (d->kind == CT_TUPLE) continue;
    if (d->kind != CT_BASIS || !ct_basis_same_path(d, q)) d->v = 0;
    d->kind = CT_INT;
    d->rank = 0;
    d->path = 0;
  }
}

/* Whether leaf s:d of B has a chain of cuts 1 | u_1 | ... | s on which
 * f_p(i) = Â_p(d*i) is linear for every path and each mode moves along one
 * path: tried over every chain of divisors of s (s <= 64). -1: too large. */
CT_FN static int ct_p10_leaf_ok(const ct_layout *Ap, int np, int64_t s, int64_t d) {
  int64_t div[16], u[18], f[8][65];
  int nd = 0, p, mask, k, m;
  int64_t i, x;
  if (s > 64 || np > 8) return -1;
  if (s == 1) return 1; /* one index: nothing to cut (and f[p][1] is never set) */
  for (x = 2; x < s; ++x)
    if (s % x == 0) {
      if (nd == 16) return -1;
      div[nd++] = x;
    }
  for (p = 0; p < np; ++p) {
    ct_j_ahat h; /* d*i may pass size(A_p): A_p read as composition reads it (COMP-EXT) */
    ct_j_ahat_init(&Ap[p], &h);
    for (i = 0; i < s; ++i)
      if (!ct_j_ahat_at(&h, d * i, &f[p][i])) return -1;
  }
  for (mask = 0; mask < (1 << nd); ++mask) {
    int good = 1;
    m = 0;
    u[m++] = 1;
    for (k = 0; k < nd; ++k)
      if (mask >> k & 1) u[m++] = div[k];
    u[m++] = s;
    for (k = 0; k + 1 < m && good; ++k) good = u[k + 1] % u[k] == 0;
    for (k = 0; k + 1 < m && good; ++k) { /* one path per mode */
      int on = 0;
      for (p = 0; p < np; ++p) on += f[p][u[k]] != 0;
      good = on <= 1;
    }
    for (i = 0; i < s && good; ++i)
      for (p = 0; p < np && good; ++p) {
        int64_t sum = 0, rest = i;
        for (k = 0; k + 1 < m; ++k) {
          int64_t size = u[k + 1] / u[k];
          sum += (rest % size) * f[p][u[k]];
          rest /= size;
        }
        good = sum == f[p][i];
      }
    if (good) return 1;
  }
  return 0;
}

/* BASIS-10 (BASIS-EXACT): composition(A, B), A basis-strided and B an
 * integer layout with strides >= 0, is accepted exactly when a layout of
 * single-path strides computes A(B(c)): each path's component composes
 * (integer composition is exact, COMP-8) and every leaf of B has a chain of
 * cuts as above. Brute force over the chains, apart from ref/basis_ops.c. */
CT_FN void ct_p_basis_10(const ct_case *c, ct_outcome *o) {
  ct_layout A, R, Ap[8], Rp;
  ct_node heads[8];
  ct_rng r;
  ct_err e;
  int np = 0, j, k, exists = 1;
  ct_code rc;
  const ct_layout *B = &c->v[1];
  ct_basis_a(c, 10, CT_BA_PLAIN, &r, &A);
  if (ct_has_negative_stride(B)) { /* BASIS-EXACT decides strides >= 0 */
    o->verdict = CT_SKIPPED;
    return;
  }
  for (j = 0; j < A.stride.n; ++j) {
    const ct_node *q = &A.stride.nd[j];
    if (q->kind != CT_BASIS) continue;
    for (k = 0; k < np; ++k)
      if (ct_basis_same_path(&heads[k], q)) break;
    if (k < np) continue;
    if (np == 8) {
      o->verdict = CT_SKIPPED;
      return;
    }
    heads[np] = *q;
    ct_p10_component(&A, q, &Ap[np++]);
  }
  if (np == 0) { /* no basis stride: the integer reference's own case */
    o->verdict = CT_SKIPPED;
    return;
  }
  for (k = 0; k < np && exists; ++k) {
    ct_code rp = ct_composition(&Ap[k], B, &Rp, &e);
    if (ct_code_is_limit(rp)) {
      o->verdict = CT_SKIPPED;
      return;
    }
    exists = rp == CT_OK;
  }
  for (j = 0; j < B->shape.n && exists; ++j) {
    int ok;
    if (B->shape.nd[j].kind != CT_INT) continue;
    ok = ct_p10_leaf_ok(Ap, np, B->shape.nd[j].v, B->stride.nd[j].v);
    if (ok < 0) {
      o->verdict = CT_SKIPPED;
      return;
    }
    exists = ok;
  }
  rc = ct_lifted(CT_LIFT_COMPOSITION, &A, B, 0, &R, &e);
  if (ct_code_is_limit(rc)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  o->digest = rc == CT_OK ? ct_digest_layout(&R) : ct_digest_code(rc);
  if ((rc == CT_OK) != exists)
    CT_FAILS(o, "BASIS-10: composition %s (%s) but an answer of single-path strides %s", rc == CT_OK ? "accepted" : "rejected",
             ct_code_name(rc), exists ? "exists" : "does not exist");
}

/* BASIS-11 (BASIS-WF-BUILD): the builders that put the modes of a
 * basis-strided A and an integer X into one layout answer BASIS_MISMATCH
 * exactly when X has a stride other than 0 (for replace<0>: and a mode of A
 * kept beside it has a basis stride); an answer reads back (ct_l_check)
 * and has size(A) * size(X) where it holds one copy of each. */
CT_FN void ct_p_basis_11(const ct_case *c, ct_outcome *o) {
  ct_layout A, R;
  const ct_layout *X = &c->v[1];
  ct_rng r;
  ct_err e;
  int k, j, clash = 0, ra;
  int64_t sa, sx, sr;
  uint64_t h = 0x811u;
  ct_basis_a(c, 11, CT_BA_PLAIN, &r, &A);
  if (!ct_l_has_basis(&A)) { /* every stride of c->v[0] is 0: nothing to clash with */
    o->verdict = CT_SKIPPED;
    return;
  }
  for (j = 0; j < X->stride.n; ++j) clash = clash || (X->stride.nd[j].kind == CT_INT && X->stride.nd[j].v != 0);
  ra = ct_l_rank(&A);
  sa = ct_size(&A);
  sx = ct_size(X);
  for (k = 0; k < 7; ++k) {
    const ct_layout *two[2];
    ct_code rc, want = clash ? CT_BASIS_MISMATCH : CT_OK;
    two[0] = k == 1 ? X : &A;
    two[1] = k == 1 ? &A : X;
    switch (k) {
    case 0:
    case 1: rc = ct_l_concat(two, 2, &R, &e); break;
    case 2: rc = ct_l_append(&A, X, &R, &e); break;
    case 3: rc = ct_l_prepend(&A, X, &R, &e); break;
    case 4: rc = ct_l_append_n(&A, ra + 1, X, &R, &e); break;
    case 5: rc = ct_l_prepend_n(&A, ra + 1, X, &R, &e); break;
    default: {
      int m0 = ct_t_child(&A.stride, 0, 0), rest = 0; /* replace<0>: mode 0 of A goes */
      if (ra < 2) continue; /* replace<0> of a one-mode A is X alone */
      for (j = m0 + A.stride.nd[m0].span; j < A.stride.n; ++j) rest = rest || A.stride.nd[j].kind == CT_BASIS;
      want = clash && rest ? CT_BASIS_MISMATCH : CT_OK;
      rc = ct_l_replace(&A, 0, X, &R, &e);
      break;
    }
    }
    h = ct_mix64(h ^ ct_digest_code(rc));
    if (ct_code_is_limit(rc)) continue;
    if (rc != want) {
      CT_FAILS(o, "BASIS-11: builder %d gives %s, want %s (X %s a stride other than 0)", k, ct_code_name(rc),
               ct_code_name(want), clash ? "has" : "has no");
      return;
    }
    if (rc != CT_OK) continue;
    h = ct_mix64(h ^ ct_digest_layout(&R));
    if (ct_l_check(&R, &e) != CT_OK) {
      CT_FAILS(o, "BASIS-11: builder %d answers a layout that does not read back: %s", k, ct_code_name(e.code));
      return;
    }
    sr = ct_size(&R);
    if (k < 6 && sa > 0 && sx > 0 && sr >= 0 && sr / sx != sa) {
      CT_FAILS(o, "BASIS-11: builder %d: size %lld, want size(A) * size(X) = %lld * %lld", k, (long long)sr,
               (long long)sa, (long long)sx);
      return;
    }
  }
  o->digest = h;
}
