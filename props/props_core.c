/* props_core.c -- case generation and the helpers checks share. */
#include "props/props.h"
#include "ref/coalesce.h"

#if !CT_ON_DEVICE
#include <stdarg.h>
#include <stdio.h>
void ct_fails(ct_outcome *o, const char *fmt, ...) {
  va_list ap;
  o->verdict = CT_FAILED;
  va_start(ap, fmt);
  vsnprintf(o->why, sizeof o->why, fmt, ap);
  va_end(ap);
}
#endif

CT_FN int64_t ct_size(const ct_layout *L) {
  ct_val v;
  ct_err e;
  if (ct_l_size(L, &v, &e) != CT_OK) return -1;
  return v.v;
}

CT_FN uint64_t ct_digest_node(uint64_t h, int64_t v, int kind, int rank, int stat, int path) {
  h = ct_mix64(h ^ (uint64_t)v);
  return ct_mix64(h ^ ((uint64_t)kind | (uint64_t)rank << 8 | (uint64_t)stat << 16 | (uint64_t)path << 24));
}

CT_FN static uint64_t ct_digest_tuple(uint64_t h, const ct_tuple *t) {
  int j;
  for (j = 0; j < t->n; ++j)
    h = ct_digest_node(h, t->nd[j].v, t->nd[j].kind, t->nd[j].rank, t->nd[j].stat, t->nd[j].path);
  return h;
}

CT_FN uint64_t ct_digest_layout(const ct_layout *L) {
  return ct_digest_tuple(ct_digest_tuple(CT_DIGEST_SEED, &L->shape), &L->stride);
}

CT_FN uint64_t ct_digest_code(ct_code c) { return ct_mix64(0xE77u + (uint64_t)c); }

CT_FN void ct_rejected(const ct_case *c, ct_outcome *o, const ct_err *e, const char *what) {
  o->digest = ct_digest_code(e->code);
  if (c->admissible) {
    CT_FAILS(o, "%s rejected an input built admissible: %s %s", what, ct_code_name(e->code), e->msg);
    return;
  }
  o->verdict = CT_SKIPPED;
}

CT_FN int ct_build_failed(ct_code got, ct_outcome *o, const char *what) {
  if (got == CT_OK) return 0;
  o->digest = ct_digest_code(got);
  if (ct_code_is_limit(got)) o->verdict = CT_SKIPPED;
  else CT_FAILS(o, "%s: %s", what, ct_code_name(got));
  return 1;
}

CT_FN int ct_has_negative_stride(const ct_layout *L) {
  int j;
  for (j = 0; j < L->stride.n; ++j)
    if (L->stride.nd[j].kind == CT_INT && L->stride.nd[j].v < 0) return 1;
  return 0;
}

CT_FN void ct_judged(const ct_judgement *j, ct_outcome *o) {
  if (j->status == CT_J_VIOLATED) CT_FAILS(o, "%s: %s", j->id, j->why);
  else if (j->status == CT_J_UNCHECKED && j->limit) o->verdict = CT_SKIPPED;
}

CT_FN void ct_case_gen(int gen, const ct_gen_params *p, uint64_t seed, uint64_t index, uint64_t stream, ct_case *c) {
  ct_rng r;
  ct_rng_init(&r, seed, index, stream);
  c->n = 0;
  c->k[0] = c->k[1] = 0;
  c->admissible = 0;
  ct_sw_set(&c->w[0], 0, 0, 0);
  ct_sw_set(&c->w[1], 0, 0, 0);
  switch (gen) {
  case CT_GEN_LAYOUT:
    ct_gen_layout(&r, p, -1, &c->v[0]);
    c->n = 1;
    break;
  case CT_GEN_PAIR:
    ct_gen_layout(&r, p, -1, &c->v[0]);
    ct_gen_layout(&r, p, -1, &c->v[1]);
    c->n = 2;
    break;
  case CT_GEN_COMP:
    ct_gen_comp_pair(&r, p, &c->v[0], &c->v[1]);
    c->n = 2;
    c->admissible = 1;
    break;
  case CT_GEN_COMP3: {
    /* (A, B) random-admissible and C admissible against B within size(B) */
    ct_gen_comp_pair(&r, p, &c->v[0], &c->v[1]);
    ct_gen_divisor(&r, p, &c->v[1], &c->v[2]);
    c->n = 3;
    break;
  }
  case CT_GEN_CPL:
    ct_gen_complementable(&r, p, &c->v[0], &c->k[0]);
    c->n = 1;
    c->admissible = 1;
    break;
  case CT_GEN_DIV:
    ct_gen_layout(&r, p, -1, &c->v[0]);
    ct_gen_divisor(&r, p, &c->v[0], &c->v[1]);
    c->n = 2;
    break;
  case CT_GEN_PROD: {
    int64_t M;
    ct_gen_complementable(&r, p, &c->v[0], &M);
    ct_gen_layout(&r, p, ct_rng_chance(&r, 1, 2) ? CT_SC_COMPACT : -1, &c->v[1]);
    c->n = 2;
    break;
  }
  case CT_GEN_TILER:
    ct_gen_layout(&r, p, -1, &c->v[0]);
    ct_gen_tiler(&r, p, &c->v[0], &c->v[1]);
    c->n = 2;
    break;
  case CT_GEN_SWIZZLE:
    ct_gen_swizzle_case(&r, p, index, c);
    break;
  default: /* CT_GEN_INT */
    ct_gen_layout(&r, p, -1, &c->v[0]);
    c->n = 1;
    {
      int64_t s = ct_size(&c->v[0]);
      c->k[0] = ct_rng_range(&r, 0, s > 0 ? 2 * s : 1);
    }
    break;
  }
}
