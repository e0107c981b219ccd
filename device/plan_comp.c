/* plan_comp.c -- COMP-2's plan (device/plan.h): the case of ct_gen_comp_pair
 * drawn flat, composed by the reference's flat core (ct_comp_flat, then R's
 * leaves by ct_comp_leaf: what ct_composition runs between building B's
 * leaves and R's tree), digested as ct_digest_layout digests R's tree, and
 * judged as ct_judge_comp_2 judges it. No tree is built. Then the dispatch
 * over the properties that have a plan. */
#include "device/plan.h"
#include "device/prop_index.h"
#include "ref/composition.h"
#include "ref/ct_arith.h"
#include "ref/leaf_form.h"
#include "ref/walk.h"

CT_FN void ct_plan_comp_draw(ct_rng *r, const ct_gen_params *p, ct_plan_comp *fc) {
  ct_nest_sink a, b;
  a.out = b.out = 0;
  a.code = 0; /* drawn, not kept */
  b.code = &fc->bn;
  ct_gen_comp_pair_to(r, p, &fc->a, &a, &fc->b, &b);
  fc->admissible = 1;
}

/* A tree's nesting code: the tokens ct_nest_sink records while drawing it. */
CT_FN static void ct_plan_nest_of(const ct_tuple *t, ct_nest_code *c) {
  ct_walker w;
  int s;
  c->n = c->full = 0;
  ct_walk_begin(&w, t, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END)
    ct_nest_token(c, s == CT_WALK_OPEN ? CT_NEST_OPEN + t->nd[w.at].rank : s == CT_WALK_LEAF ? CT_NEST_LEAF : CT_NEST_CLOSE);
}

CT_FN static int ct_plan_plain(const ct_layout *L) {
  int j;
  if (L->shape.n == 0 || L->shape.n != L->stride.n) return 0;
  for (j = 0; j < L->shape.n; ++j) {
    const ct_node *s = &L->shape.nd[j], *d = &L->stride.nd[j];
    if (s->mark || d->mark || s->kind != d->kind || (s->kind != CT_INT && s->kind != CT_TUPLE)) return 0;
  }
  return 1;
}

CT_FN int ct_plan_comp_of(const ct_layout *A, const ct_layout *B, int admissible, ct_plan_comp *fc) {
  if (!ct_plan_plain(A) || !ct_plan_plain(B)) return 0;
  ct_modes_of(A, 0, &fc->a);
  ct_modes_of(B, 0, &fc->b);
  ct_plan_nest_of(&B->shape, &fc->bn);
  fc->admissible = admissible;
  return fc->b.n > 0 && !fc->bn.full;
}

/* Â(x) for x >= 0 as ct_j_ahat_at gives it (COMP-EXT: the extension of
 * coalesce(A)): over the leaves of size > 1, colexicographic with the last
 * of them not reduced; 0 (not known) where a term leaves int64. */
CT_FN static int ct_plan_at(const ct_modes *a, int64_t x, int64_t *out) {
  int64_t v = x, acc = 0, term, ck;
  int j, last = a->n - 1;
  while (last >= 0 && a->m[last].s == 1) --last;
  for (j = 0; j <= last && v != 0; ++j) { /* v == 0: every term left is 0 */
    if (a->m[j].s == 1) continue;
    ck = v;
    if (j < last) {
      if (v < a->m[j].s) v = 0;
      else if (a->m[j].s <= 0) return 0;
      else ck = ct_divmod(v, a->m[j].s, &v);
    }
    if (ct_mul_ovf(ck, a->m[j].d, &term) || ct_add_ovf(acc, term, &acc)) return 0;
  }
  *out = acc;
  return 1;
}

/* ct_digest_tuple over R's shape (stride = 0) or stride tree, from h: B's
 * nesting with leaf j of B replaced by R's modes rl[at, at + cnt[j]) (one
 * leaf, or a tuple of them), as ct_composition builds it. */
CT_FN static uint64_t ct_plan_digest_r(uint64_t h, const ct_nest_code *bn, const ct_modes *rl, const int *cnt, int stride) {
  int t, j = 0, at = 0, k;
  for (t = 0; t < bn->n; ++t) {
    int tok = bn->t[t];
    if (tok == CT_NEST_CLOSE) continue;
    if (tok >= CT_NEST_OPEN) {
      h = ct_digest_node(h, 0, CT_TUPLE, tok - CT_NEST_OPEN, 0, 0);
      continue;
    }
    if (cnt[j] > 1) h = ct_digest_node(h, 0, CT_TUPLE, cnt[j], 0, 0);
    for (k = 0; k < cnt[j]; ++k, ++at) {
      const ct_mode *x = &rl->m[at];
      h = stride ? ct_digest_node(h, x->d, CT_INT, 0, x->ds, 0) : ct_digest_node(h, x->s, CT_INT, 0, x->ss, 0);
    }
    ++j;
  }
  return h;
}

/* R's tree within the representation's limits: where ct_composition would
 * stop building it (CAPACITY, RANK_LIMIT, DEPTH_LIMIT), or B's tree was cut
 * short when drawn, the plan leaves the case to the check. */
CT_FN static int ct_plan_r_fits(const ct_nest_code *bn, const int *cnt, int nb) {
  int t, j = 0, nodes = 0, bnodes = 0, depth = 0, deepest = 0;
  for (t = 0; t < bn->n; ++t) {
    int tok = bn->t[t];
    if (tok == CT_NEST_CLOSE) {
      --depth;
      continue;
    }
    ++nodes, ++bnodes;
    if (tok >= CT_NEST_OPEN) {
      if (tok - CT_NEST_OPEN > CT_MAX_RANK) return 0;
      if (++depth > deepest) deepest = depth;
      continue;
    }
    if (j >= nb || cnt[j] > CT_MAX_RANK) return 0;
    if (cnt[j] > 1) nodes += cnt[j];
    ++j;
  }
  return j == nb && bnodes <= CT_MAX_NODES && nodes <= CT_MAX_NODES && deepest + 1 <= CT_MAX_DEPTH;
}

CT_FN int ct_plan_comp_2(const ct_plan_comp *fc, ct_outcome *o) {
  ct_modes digits, rl;
  ct_ahat h;
  ct_box x;
  ct_err e;
  ct_leaf_form FB, FR;
  int cnt[CT_MAX_NODES], a_static, j, m = 0;
  int64_t i, n, upto;
  ct_code code;
  ct_outcome_clear(o);
  if (fc->bn.full || fc->b.n > CT_MAX_NODES) return 0;
  ct_comp_prepare_modes(&fc->a, &digits, &a_static);
  if (!ct_ahat_init(&digits, &h)) return 0;
  code = ct_comp_flat(&h, &fc->b, &x, &e);
  if (code != CT_OK) { /* as ct_rejected answers */
    o->digest = ct_digest_code(code);
    if (fc->admissible) CT_FAILS(o, "composition rejected an input built admissible: %s %s", ct_code_name(code), e.msg);
    else o->verdict = CT_SKIPPED;
    return 1;
  }
  for (rl.n = 0, j = 0; j < fc->b.n; ++j) cnt[j] = ct_comp_leaf(&h, &x, &fc->b.m[j], j, a_static, &m, &rl);
  if (!ct_plan_r_fits(&fc->bn, cnt, fc->b.n)) return 0;
  o->digest = ct_plan_digest_r(ct_plan_digest_r(CT_DIGEST_SEED, &fc->bn, &rl, cnt, 0), &fc->bn, &rl, cnt, 1);
  /* ct_judge_comp_2: R(i) == A^(B(i)) for i < min(size(B), CT_BRUTE_MAX) */
  ct_lf_init_modes(&FB, &fc->b);
  ct_lf_init_modes(&FR, &rl);
  if (FB.n < 0 || FR.n < 0 || FR.size != FB.size) return 0;
  n = FB.size;
  upto = n < CT_BRUTE_MAX ? n : CT_BRUTE_MAX;
  for (i = 0; i < upto; ++i) {
    int64_t b, got, want = 0;
    if (i > 0) {
      ct_lf_step(&FB);
      ct_lf_step(&FR);
    }
    b = FB.val, got = FR.val;
    if (b < 0 && digits.n != 1) {
      CT_FAILS(o, "COMP-2: B(%lld) = %lld < 0, where A^ is not defined (plan)", (long long)i, (long long)b);
      return 1;
    }
    if (b >= 0) {
      if (!ct_plan_at(&fc->a, b, &want)) return 1; /* not known here: the judge stops too */
    } else if (ct_mul_ovf(b, digits.m[0].d, &want)) {
      CT_FAILS(o, "COMP-2: A^(B(%lld)) = %lld * %lld is beyond 64 bits (plan)", (long long)i, (long long)b,
               (long long)digits.m[0].d);
      return 1;
    }
    if (got != want) {
      CT_FAILS(o, "COMP-2: R(%lld) = %lld, but A^(B(%lld)) = A^(%lld) = %lld (plan)", (long long)i, (long long)got,
               (long long)i, (long long)b, (long long)want);
      return 1;
    }
  }
  return 1;
}

CT_FN void ct_plan_comp_at(const ct_gen_params *p, uint64_t seed, uint64_t index, uint64_t stream, ct_plan_comp *fc) {
  ct_rng r;
  ct_rng_init(&r, seed, index, stream);
  ct_plan_comp_draw(&r, p, fc);
}

CT_FN unsigned ct_plan_comp_2_key_of(const ct_plan_comp *fc) {
  int64_t size = 1;
  unsigned bits = 0;
  int j;
  for (j = 0; j < fc->b.n && size < ((int64_t)1 << 30); ++j) size *= fc->b.m[j].s > 0 ? fc->b.m[j].s : 1;
  while (bits < 31 && ((int64_t)1 << bits) < size) ++bits;
  return bits << 10 | (unsigned)(fc->b.n < 31 ? fc->b.n : 31) << 5 | (unsigned)(fc->a.n < 31 ? fc->a.n : 31);
}

/* The properties that have a plan. */
CT_FN int ct_plan_has(int prop) { return prop == CT_PROP_comp_2; }

/* A plan is its draw, its key and its answer (the three switches below);
 * ct_plan_run and ct_plan_key are the draw followed by the other two. */
CT_FN int ct_plan_run(int prop, const ct_gen_params *p, uint64_t seed, uint64_t index, uint64_t stream, ct_outcome *o) {
  ct_plan_comp fc;
  return ct_plan_draw(prop, p, seed, index, stream, &fc) && ct_plan_run_of(prop, &fc, o);
}

CT_FN unsigned ct_plan_key(int prop, const ct_gen_params *p, uint64_t seed, uint64_t index, uint64_t stream) {
  ct_plan_comp fc;
  return ct_plan_draw(prop, p, seed, index, stream, &fc) ? ct_plan_key_of(prop, &fc) : 0u;
}

CT_FN int ct_plan_draw(int prop, const ct_gen_params *p, uint64_t seed, uint64_t index, uint64_t stream,
                       ct_plan_comp *fc) {
  switch (prop) {
  case CT_PROP_comp_2: ct_plan_comp_at(p, seed, index, stream, fc); return 1;
  default: return 0;
  }
}

CT_FN unsigned ct_plan_key_of(int prop, const ct_plan_comp *fc) {
  switch (prop) {
  case CT_PROP_comp_2: return ct_plan_comp_2_key_of(fc);
  default: return 0;
  }
}

CT_FN int ct_plan_run_of(int prop, const ct_plan_comp *fc, ct_outcome *o) {
  switch (prop) {
  case CT_PROP_comp_2: return ct_plan_comp_2(fc, o);
  default: return 0;
  }
}
