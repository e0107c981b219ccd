/* props_layout.c -- properties of spec/notation.md and spec/layout.md. */
#include "props/props.h"
#include "props/props_list.h"
#include "ref/coalesce.h"
#if !CT_ON_DEVICE
#include "ref/notation.h"
#include <string.h>
#endif

/* ---- notation (host only: the device never parses) ------------------------------ */

#if CT_ON_DEVICE
CT_FN void ct_p_note_1(const ct_case *c, ct_outcome *o) { (void)c; o->verdict = CT_SKIPPED; }
CT_FN void ct_p_note_2(const ct_case *c, ct_outcome *o) { (void)c; o->verdict = CT_SKIPPED; }
CT_FN void ct_p_note_3(const ct_case *c, ct_outcome *o) { (void)c; o->verdict = CT_SKIPPED; }
CT_FN void ct_p_note_4(const ct_case *c, ct_outcome *o) { (void)c; o->verdict = CT_SKIPPED; }
#else
void ct_p_note_1(const ct_case *c, ct_outcome *o) {
  char buf[8192];
  ct_layout M;
  ct_err e;
  ct_print_layout(&c->v[0], buf, sizeof buf);
  o->digest = ct_digest_layout(&c->v[0]);
  if (ct_parse_layout(buf, &M, &e) != CT_OK) CT_FAILS(o, "`%s` does not parse: %s", buf, e.msg);
  else if (!ct_l_equal(&M, &c->v[0], 1)) CT_FAILS(o, "`%s` parses to another layout", buf);
}

void ct_p_note_2(const ct_case *c, ct_outcome *o) {
  char a[8192], b[8192], spaced[16384];
  ct_layout M, N;
  ct_err e;
  int i, n = 0;
  ct_print_layout(&c->v[0], a, sizeof a);
  for (i = 0; a[i]; ++i) { /* spaces between every token must not matter */
    int digit = (a[i] >= '0' && a[i] <= '9') || a[i] == '_' || a[i] == '-'; /* inside a number */
    int next_digit = (a[i + 1] >= '0' && a[i + 1] <= '9');
    spaced[n++] = a[i];
    if (!(digit && (next_digit || a[i + 1] == '-'))) spaced[n++] = ' ';
  }
  spaced[n] = '\0';
  if (ct_parse_layout(spaced, &M, &e) != CT_OK) {
    CT_FAILS(o, "`%s` does not parse: %s", spaced, e.msg);
    return;
  }
  ct_print_layout(&M, b, sizeof b);
  if (strcmp(a, b) != 0 || strchr(b, ' ')) {
    CT_FAILS(o, "`%s` prints as `%s`, want `%s`", spaced, b, a);
    return;
  }
  if (ct_parse_layout(b, &N, &e) != CT_OK) {
    CT_FAILS(o, "`%s`, printed by cuteref, does not parse: %s", b, e.msg);
    return;
  }
  ct_print_layout(&N, spaced, sizeof spaced);
  if (strcmp(spaced, b) != 0) CT_FAILS(o, "printing is not a fixed point");
}

void ct_p_note_3(const ct_case *c, ct_outcome *o) {
  char buf[8192];
  ct_layout M, C;
  ct_err e;
  ct_print_tuple(&c->v[0].shape, 0, buf, sizeof buf);
  if (ct_parse_layout(buf, &M, &e) != CT_OK) {
    CT_FAILS(o, "bare shape `%s` rejected: %s", buf, e.msg);
    return;
  }
  if (ct_build_failed(ct_l_compact_left(&c->v[0].shape, &C, &e), o, "make_layout(shape)")) return;
  if (!ct_l_equal(&M, &C, 1)) CT_FAILS(o, "bare shape `%s` is not make_layout(shape)", buf);
}

void ct_p_note_4(const ct_case *c, ct_outcome *o) {
  static const char alphabet[] = "()<>:,_-0123456789 x";
  char buf[8192];
  ct_layout M;
  ct_err e;
  ct_code rc;
  int n = ct_print_layout(&c->v[0], buf, sizeof buf), at;
  uint64_t h = ct_mix64((uint64_t)c->k[0]);
  if (n <= 0) return;
  at = (int)(h % (uint64_t)n);
  switch ((h >> 20) % 3) { /* delete, replace or insert one byte */
  case 0: memmove(buf + at, buf + at + 1, (size_t)(n - at)); break;
  case 1: buf[at] = alphabet[(h >> 24) % (sizeof alphabet - 1)]; break;
  default:
    memmove(buf + at + 1, buf + at, (size_t)(n - at + 1));
    buf[at] = alphabet[(h >> 24) % (sizeof alphabet - 1)];
  }
  ct_err_clear(&e);
  rc = ct_parse_layout(buf, &M, &e);
  o->digest = ct_digest_code(rc);
  if (rc == CT_OK) return;
  switch (rc) {
  case CT_PARSE_EMPTY: case CT_PARSE_EXPECTED: case CT_PARSE_UNBALANCED: case CT_PARSE_TRAILING:
  case CT_SHAPE_NOT_POSITIVE: case CT_NOT_CONGRUENT: case CT_DEPTH_LIMIT: case CT_RANK_LIMIT:
  case CT_CAPACITY: case CT_OVERFLOW:
    break;
  default:
    CT_FAILS(o, "`%s` rejected with %s, not a notation code", buf, ct_code_name(rc));
    return;
  }
  if (e.pos < 0 || e.pos > (int)strlen(buf)) CT_FAILS(o, "`%s`: error position %d outside the text", buf, e.pos);
}
#endif

/* ---- layouts -------------------------------------------------------------------- */

CT_FN void ct_p_layout_1(const ct_case *c, ct_outcome *o) {
  const ct_layout *p[2];
  ct_layout L;
  ct_err e;
  int64_t prod = 1, a = ct_size(&c->v[0]), b = ct_size(&c->v[1]);
  int j;
  for (j = 0; j < c->v[0].shape.n; ++j)
    if (c->v[0].shape.nd[j].kind == CT_INT) prod *= c->v[0].shape.nd[j].v;
  if (a != prod) {
    CT_FAILS(o, "size %lld, product of the shape %lld", (long long)a, (long long)prod);
    return;
  }
  p[0] = &c->v[0];
  p[1] = &c->v[1];
  if (ct_build_failed(ct_l_concat(p, 2, &L, &e), o, "make_layout(L0, L1)")) return;
  o->digest = ct_digest_layout(&L);
  if (ct_size(&L) != a * b) CT_FAILS(o, "size(make_layout(L0, L1)) = %lld", (long long)ct_size(&L));
}

CT_FN void ct_p_layout_2(const ct_case *c, ct_outcome *o) {
  const ct_layout *L = &c->v[0];
  int64_t k, n = ct_size(L), m = n, past = 0;
  int j;
  if (m > CT_BRUTE_MAX) m = CT_BRUTE_MAX;
  for (j = 0; j < L->shape.n; ++j) past = past || L->shape.nd[j].kind == CT_INT; /* () has no leaf to go past with */
  for (k = 0; k < m + 8 * past; ++k) { /* i < size, then 8 indices past it (IDX2CRD) */
    ct_tuple crd;
    ct_val v;
    ct_err e;
    int64_t i = k < m ? k : n + (k - m) * 3;
    if (k >= m && (n < 0 || n > ((int64_t)1 << 40))) break;
    if (ct_idx2crd(i, &L->shape, &crd, &e) != CT_OK || ct_crd2idx(&crd, L, &v, &e) != CT_OK) {
      if (k >= m && e.code == CT_OVERFLOW) break; /* L(i) past the size may leave int64 */
      CT_FAILS(o, "index %lld: %s", (long long)i, ct_code_name(e.code));
      return;
    }
    if (v.v != ct_ev(L, i)) {
      CT_FAILS(o, "L(%lld) = %lld but its natural coordinate gives %lld", (long long)i, (long long)ct_ev(L, i), (long long)v.v);
      return;
    }
  }
}

/* LAYOUT-3 at i: c = idx2crd(i) has every leaf but the last inside its
 * size, and sum c_k * w_k == i for the colexicographic weights w_k = s_0 *
 * ... * s_(k-1) (make_layout(shape)'s strides, but that it gives a static _1
 * leaf the stride _0, which matters past the size only). */
CT_FN static int ct_p_layout_3_at(const ct_tuple *S, int64_t i, ct_outcome *o) {
  ct_tuple crd;
  ct_err e;
  int j, last = -1;
  int64_t w = 1, v = 0;
  for (j = 0; j < S->n; ++j)
    if (S->nd[j].kind == CT_INT) last = j;
  if (ct_idx2crd(i, S, &crd, &e) != CT_OK) {
    if (i > 0 && e.code == CT_COORD_OUT_OF_RANGE && last < 0) return 1; /* (): no leaf to carry i */
    CT_FAILS(o, "idx2crd(%lld) is rejected: %s", (long long)i, ct_code_name(e.code));
    return 0;
  }
  for (j = 0; j < crd.n; ++j) {
    if (crd.nd[j].kind != CT_INT) continue;
    if (j < last && (crd.nd[j].v < 0 || crd.nd[j].v >= S->nd[j].v)) {
      CT_FAILS(o, "idx2crd(%lld): a leaf of size %lld has the coordinate %lld", (long long)i, (long long)S->nd[j].v,
               (long long)crd.nd[j].v);
      return 0;
    }
    v += crd.nd[j].v * w; /* i < 2^62 and w <= i past the last leaf: no overflow */
    if (j < last) w *= S->nd[j].v;
  }
  if (v != i) {
    CT_FAILS(o, "idx2crd(%lld) is read back as %lld", (long long)i, (long long)v);
    return 0;
  }
  return 1;
}

CT_FN void ct_p_layout_3(const ct_case *c, ct_outcome *o) {
  int64_t i, n = ct_size(&c->v[0]), m = n;
  if (m > CT_BRUTE_MAX) m = CT_BRUTE_MAX;
  for (i = 0; i < m; ++i)
    if (!ct_p_layout_3_at(&c->v[0].shape, i, o)) return;
  for (i = 0; i < 64 && n >= 0 && n <= INT64_MAX / 16; ++i) /* past the size: every i >= 0 (IDX2CRD) */
    if (!ct_p_layout_3_at(&c->v[0].shape, n + i * (n + 1) / 8, o)) return;
}

CT_FN void ct_p_layout_4(const ct_case *c, ct_outcome *o) {
  ct_val cs;
  ct_err e;
  ct_judgement j;
  if (ct_l_cosize(&c->v[0], &cs, &e) != CT_OK) {
    CT_FAILS(o, "cosize failed");
    return;
  }
  o->digest = (uint64_t)cs.v;
  ct_judge_layout_4(&c->v[0], cs.v, CT_BRUTE_MAX, &j);
  ct_judged(&j, o);
}

CT_FN void ct_p_layout_5(const ct_case *c, ct_outcome *o) {
  const ct_layout *L0 = &c->v[0], *L1 = &c->v[1];
  const ct_layout *p[2];
  ct_layout F, G, M;
  ct_leaf_form f0, f1, fF, fG, fM; /* each layout index after index (ref/leaf_form.h) */
  ct_err e;
  int64_t i, j, n0 = ct_size(L0), n1 = ct_size(L1), r = ct_l_rank(L0);
  if (ct_build_failed(ct_l_flatten(L0, &F, &e), o, "flatten(L0)")) return;
  if (r < 2) ct_l_copy(&G, L0);
  else if (ct_build_failed(ct_l_group(L0, 0, (int)r, &G, &e), o, "group<0,r>(L0)")) return;
  p[0] = L0;
  p[1] = L1;
  if (ct_build_failed(ct_l_concat(p, 2, &M, &e), o, "make_layout(L0, L1)")) return;
  o->digest = ct_digest_layout(&M);
  ct_lf_init(&f0, L0);
  ct_lf_init(&fF, &F);
  ct_lf_init(&fG, &G);
  for (i = 0; i < n0 && i < CT_BRUTE_MAX; ++i) {
    int64_t v = ct_ev_form(&f0, i);
    if (ct_ev_form(&fF, i) != v || ct_ev_form(&fG, i) != v) {
      CT_FAILS(o, "flatten or group changed the value at %lld", (long long)i);
      return;
    }
  }
  /* the pairs i < n0, j < n1 with i*n1 + j < CT_BRUTE_MAX, in M's index order */
  ct_lf_init(&f1, L1);
  ct_lf_init(&fM, &M);
  for (j = 0; j < n1 && j < CT_BRUTE_MAX; ++j) {
    int64_t v1 = ct_ev_form(&f1, j);
    for (i = 0; i < n0 && i * n1 + j < CT_BRUTE_MAX; ++i)
      if (ct_ev_form(&fM, i + n0 * j) != ct_ev_form(&f0, i) + v1) {
        CT_FAILS(o, "make_layout(L0, L1)(%lld + %lld*%lld) != L0(i) + L1(j)", (long long)i, (long long)n0, (long long)j);
        return;
      }
  }
}

CT_FN void ct_p_layout_6(const ct_case *c, ct_outcome *o) {
  const ct_layout *L = &c->v[0];
  ct_tuple nc, cc, sub;
  ct_layout S;
  ct_err e;
  int64_t n = ct_size(L), off, want;
  int r = ct_l_rank(L), m, node;
  ct_val sv;
  if (n <= 0 || r == 0) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (ct_build_failed(ct_idx2crd(c->k[0] % n, &L->shape, &nc, &e), o, "idx2crd(k0 mod size)")) return;
  m = (int)(c->k[0] % r);
  node = ct_t_mode(&nc, 0, m);
  ct_t_sub(&nc, node, &sub);
  ct_t_copy(&cc, &nc); /* replace mode m's coordinate by `_` */
  {
    int k, span = cc.nd[node].span;
    for (k = node + 1; k + span - 1 < cc.n; ++k) cc.nd[k] = cc.nd[k + span - 1];
    cc.n -= span - 1;
    cc.nd[node].kind = CT_ALL;
    cc.nd[node].span = 1;
    cc.nd[node].rank = 0;
    for (k = 0; k < node; ++k)
      if (cc.nd[k].kind == CT_TUPLE && k + cc.nd[k].span > node) cc.nd[k].span = (uint16_t)(cc.nd[k].span - (span - 1));
  }
  if (ct_l_slice(&cc, L, &S, &e) != CT_OK || ct_l_slice_offset(&cc, L, &off, &e) != CT_OK) {
    CT_FAILS(o, "slice failed: %s", ct_code_name(e.code));
    return;
  }
  o->digest = ct_digest_layout(&S);
  if (ct_t_is_tuple(&L->shape, 0)) { /* S is the one-mode tuple (mode m) */
    ct_tuple wrapped;
    const ct_tuple *parts[1];
    parts[0] = &sub;
    if (ct_build_failed(ct_t_make_tuple(&wrapped, parts, 0, 1, &e), o, "(coordinate)")) return;
    ct_t_copy(&sub, &wrapped);
  }
  if (ct_build_failed(ct_crd2idx(&nc, L, &sv, &e), o, "crd2idx(c, L)")) return;
  want = sv.v;
  if (ct_crd2idx(&sub, &S, &sv, &e) != CT_OK) {
    CT_FAILS(o, "the slice does not take the sliced mode's coordinate: %s", ct_code_name(e.code));
    return;
  }
  if (sv.v + off != want) CT_FAILS(o, "L(c) = %lld but slice gives %lld + %lld", (long long)want, (long long)sv.v, (long long)off);
}

CT_FN static int ct_brute_same(const ct_layout *a, const ct_layout *b) {
  int64_t i, n = ct_size(a);
  ct_leaf_form fa, fb;
  if (n != ct_size(b)) return 0;
  ct_lf_init(&fa, a);
  ct_lf_init(&fb, b);
  for (i = 0; i < n; ++i)
    if (ct_ev_form(&fa, i) != ct_ev_form(&fb, i)) return 0;
  return 1;
}

CT_FN void ct_p_equiv_1(const ct_case *c, ct_outcome *o) {
  ct_layout C, F;
  ct_err e;
  if (ct_size(&c->v[0]) > CT_BRUTE_MAX || ct_size(&c->v[1]) > CT_BRUTE_MAX) {
    o->verdict = CT_SKIPPED;
    return;
  }
  if (ct_l_same_function(&c->v[0], &c->v[1]) != ct_brute_same(&c->v[0], &c->v[1])) {
    CT_FAILS(o, "same_function disagrees with a comparison of every value");
    return;
  }
  if (ct_build_failed(ct_coalesce(&c->v[0], &C, &e), o, "coalesce(L)") ||
      ct_build_failed(ct_l_flatten(&c->v[0], &F, &e), o, "flatten(L)"))
    return;
  if (!ct_l_same_function(&c->v[0], &C) || !ct_l_same_function(&c->v[0], &F))
    CT_FAILS(o, "L is not the same function as coalesce(L) or flatten(L)");
}

CT_FN void ct_p_equiv_2(const ct_case *c, ct_outcome *o) {
  ct_layout L1, one;
  ct_err e;
  ct_l_set_int(&one, 1, 0, 7, 0);
  if (ct_build_failed(ct_l_append(&c->v[0], &one, &L1, &e), o, "append")) /* an extra size-1 mode changes nothing */
    return;
  if (!ct_l_equivalent(&c->v[0], &L1)) {
    CT_FAILS(o, "L and L with a size-1 mode appended are not equivalent");
    return;
  }
  { /* splitting a leaf s:d into (f, s/f):(d, f*d) refines the shape: equivalent */
    const ct_layout *L = &c->v[0];
    int x;
    for (x = 0; x < L->shape.n; ++x) {
      int64_t sz = L->shape.nd[x].v, f;
      if (L->shape.nd[x].kind != CT_INT) continue;
      for (f = 2; f < sz && sz % f != 0; ++f) {
      }
      if (f < sz) {
        ct_layout R;
        ct_code rc = CT_OK;
        int k;
        ct_t_clear(&R.shape);
        ct_t_clear(&R.stride);
        for (k = 0; k < L->shape.n; ++k) {
          if (k != x) {
            if (R.shape.n >= CT_MAX_NODES) { /* L's nodes and two more: past the capacity */
              rc = CT_CAPACITY;
              break;
            }
            R.shape.nd[R.shape.n++] = L->shape.nd[k];
            R.stride.nd[R.stride.n++] = L->stride.nd[k];
            continue;
          }
          {
            int hs, hd;
            ct_step(&rc, ct_t_open(&R.shape, &hs, &e));
            ct_step(&rc, ct_t_open(&R.stride, &hd, &e));
            ct_step(&rc, ct_t_push_int(&R.shape, f, 0, &e));
            ct_step(&rc, ct_t_push_int(&R.stride, L->stride.nd[k].v, 0, &e));
            ct_step(&rc, ct_t_push_int(&R.shape, sz / f, 0, &e));
            ct_step(&rc, ct_t_push_int(&R.stride, L->stride.nd[k].v * f, 0, &e));
            if (rc == CT_OK) { /* the headers were opened */
              R.shape.nd[hs].rank = R.stride.nd[hd].rank = 2;
              R.shape.nd[hs].span = R.stride.nd[hd].span = 3;
            }
          }
        }
        for (k = 0; k < x; ++k) /* ancestors of x grew by two nodes */
          if (R.shape.nd[k].kind == CT_TUPLE && k + R.shape.nd[k].span > x) {
            R.shape.nd[k].span = (uint16_t)(R.shape.nd[k].span + 2);
            R.stride.nd[k].span = (uint16_t)(R.stride.nd[k].span + 2);
          }
        if (ct_build_failed(rc, o, "L with a leaf split")) return;
        if (!ct_l_equivalent(L, &R)) CT_FAILS(o, "L and L with leaf %d split into (%lld,%lld) are not equivalent", x, (long long)f, (long long)(sz / f));
        break;
      }
    }
  }
  {
    ct_layout F;
    if (ct_build_failed(ct_l_flatten(&c->v[0], &F, &e), o, "flatten(L)")) return;
    if (ct_l_equivalent(&c->v[0], &F) && !ct_l_same_function(&c->v[0], &F))
      CT_FAILS(o, "equivalent layouts that are not the same function");
  }
}
