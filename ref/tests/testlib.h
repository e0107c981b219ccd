/* testlib.h -- helpers shared by the unit tests in ref/tests/ (never by ref/
 * itself): literals, printing, evaluation, small flat layouts and tilers,
 * the example-table runner and the exhaustive sweeps over small flat pairs
 * and tilers. Every helper is `static inline`, so a test that leaves one
 * unused compiles without a warning. */
#ifndef CT_TESTLIB_H
#define CT_TESTLIB_H

#include "ref/coalesce.h"
#include "ref/layout.h"
#include "ref/notation.h"
#include "ref/tests/check.h"

#include <stdint.h>
#include <stdlib.h>

/* The number of elements of an array. */
#define NELEM(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* --- literals ------------------------------------------------------------------- */

/* A layout literal; a bad one is reported and read as 1:0. */
static inline ct_layout parse(const char *s) {
  ct_layout L;
  ct_err e;
  if (ct_parse_layout(s, &L, &e) != CT_OK) {
    fprintf(stderr, "bad test literal %s: %s\n", s, e.msg);
    ct_l_set_int(&L, 1, 0, 0, 0);
  }
  return L;
}

/* A tiler literal: `<...>`, `_` alone (keep the whole layout), or a layout
 * (as CuTe takes a layout for a tiler); a bad one is reported and read as 1:0. */
static inline ct_tiler parse_tiler(const char *s) {
  ct_tiler T;
  ct_err e;
  if (s[0] == '_' && s[1] == '\0') {
    T.shape.n = 1;
    T.shape.nd[0].kind = CT_ALL;
    T.shape.nd[0].mark = 0;
    T.shape.nd[0].rank = 0;
    T.shape.nd[0].span = 1;
    T.stride = T.shape;
    return T;
  }
  if (s[0] != '<') return parse(s);
  if (ct_parse_tiler(s, &T, &e) != CT_OK) {
    fprintf(stderr, "bad test tiler %s: %s\n", s, e.msg);
    ct_l_set_int(&T, 1, 0, 0, 0);
  }
  return T;
}

/* An IntTuple literal (allow_all: `_` may stand for a leaf); a bad one is
 * reported and read as 1. */
static inline ct_tuple parse_tuple(const char *s, int allow_all) {
  ct_tuple t;
  ct_err e;
  if (ct_parse_tuple(s, &t, allow_all, &e) != CT_OK) {
    fprintf(stderr, "bad test literal %s: %s\n", s, e.msg);
    ct_t_set_int(&t, 1, 0);
  }
  return t;
}

/* --- printing ------------------------------------------------------------------- */

/* L printed into buf. */
static inline const char *show(const ct_layout *L, char *buf, int cap) {
  ct_print_layout(L, buf, cap);
  return buf;
}

/* L and t printed into one of 4 rotating buffers: up to 4 at a time in one
 * message. */
static inline const char *lstr(const ct_layout *L) {
  static char buf[4][512];
  static int k;
  k = (k + 1) % 4;
  ct_print_layout(L, buf[k], (int)sizeof buf[k]);
  return buf[k];
}

static inline const char *tstr(const ct_tuple *t) {
  static char buf[4][512];
  static int k;
  k = (k + 1) % 4;
  ct_print_tuple(t, 0, buf[k], (int)sizeof buf[k]);
  return buf[k];
}

/* --- queries -------------------------------------------------------------------- */

/* size(L), or -1 when it cannot be computed. */
static inline int64_t size_of(const ct_layout *L) {
  ct_val v;
  ct_err e;
  return ct_l_size(L, &v, &e) == CT_OK ? v.v : -1;
}

/* L(i), past size(L) through its last leaf (LAYOUT-EVAL); INT64_MIN on an
 * error. */
static inline int64_t at(const ct_layout *L, int64_t i) {
  int64_t v = 0;
  ct_err e;
  if (ct_l_eval(L, i, &v, &e) != CT_OK) return INT64_MIN;
  return v;
}

/* A^(x), composition's reading of A past its size: the extension of
 * coalesce(A) (COMP-EXT); INT64_MIN on an error. */
static inline int64_t ahat(const ct_layout *A, int64_t x) {
  ct_layout C;
  ct_err e;
  if (ct_coalesce(A, &C, &e) != CT_OK) return INT64_MIN;
  return at(&C, x);
}

/* layout<k>(L), or 1:0 when L has no mode k. */
static inline ct_layout mode_of(const ct_layout *L, int k) {
  ct_layout M;
  ct_err e;
  if (ct_l_mode(L, &k, 1, &M, &e) != CT_OK) ct_l_set_int(&M, 1, 0, 0, 0);
  return M;
}

/* flatten(L): its leaves as one flat layout. */
static inline void flat_leaves(const ct_layout *L, ct_layout *out) {
  ct_err e;
  ct_discard(ct_l_flatten(L, out, &e)); /* never more nodes than L: cannot fail */
}

static inline int cmp64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

#define MAXV 4096

/* Sorted values of L on [0, size) into v; returns the count or -1. */
static inline int64_t values(const ct_layout *L, int64_t *v) {
  int64_t n = size_of(L), i;
  if (n < 0 || n > MAXV) return -1;
  for (i = 0; i < n; ++i) v[i] = at(L, i);
  qsort(v, (size_t)n, sizeof v[0], cmp64);
  return n;
}

/* L is injective on [0, size) (0 where it cannot be told: size > MAXV). */
static inline int injective(const ct_layout *L) {
  static int64_t v[MAXV];
  int64_t n = values(L, v), i;
  if (n < 0) return 0;
  for (i = 1; i < n; ++i)
    if (v[i] == v[i - 1]) return 0;
  return 1;
}

/* --- small flat layouts and tilers ---------------------------------------------- */

/* The flat layout (s0,...,s(r-1)):(d0,...,d(r-1)), or s0:d0 when r == 1.
 * The tests' flat layouts and tilers have a few modes: building them cannot
 * fail (codes dropped on purpose). */
static inline void make_flat(ct_layout *L, int r, const int64_t *s, const int64_t *d) {
  ct_err e;
  int k, hs, hd;
  if (r == 1) {
    ct_l_set_int(L, s[0], 0, d[0], 0);
    return;
  }
  ct_t_clear(&L->shape);
  ct_t_clear(&L->stride);
  ct_discard(ct_t_open(&L->shape, &hs, &e));
  ct_discard(ct_t_open(&L->stride, &hd, &e));
  for (k = 0; k < r; ++k) {
    ct_discard(ct_t_push_int(&L->shape, s[k], 0, &e));
    ct_discard(ct_t_push_int(&L->stride, d[k], 0, &e));
  }
  ct_discard(ct_t_close(&L->shape, hs, &e));
  ct_discard(ct_t_close(&L->stride, hd, &e));
}

/* A flat tiler <T0, ..., T(r-1)>; each element is `_` (code 0) or s:d. */
static inline void make_tiler(ct_tiler *T, int r, const int *code, const int64_t *s, const int64_t *d) {
  ct_err e;
  int k, hs, hd;
  ct_t_clear(&T->shape);
  ct_t_clear(&T->stride);
  ct_discard(ct_t_open(&T->shape, &hs, &e));
  ct_discard(ct_t_open(&T->stride, &hd, &e));
  for (k = 0; k < r; ++k) {
    if (code[k] == 0) {
      ct_discard(ct_t_push_all(&T->shape, &e));
      ct_discard(ct_t_push_all(&T->stride, &e));
    } else {
      ct_discard(ct_t_push_int(&T->shape, s[k], 0, &e));
      ct_discard(ct_t_push_int(&T->stride, d[k], 0, &e));
    }
  }
  ct_discard(ct_t_close(&T->shape, hs, &e));
  ct_discard(ct_t_close(&T->stride, hd, &e));
  T->shape.nd[0].mark = 1;
  T->stride.nd[0].mark = 1;
}

/* --- example tables --------------------------------------------------------------- */

typedef struct {
  const char *a, *b, *want; /* want: exact print, or an error code name */
} tiler_case;

typedef ct_code (*tiler_op)(const ct_layout *, const ct_tiler *, ct_layout *, ct_err *);

/* op(a, b) for each case (b read by parse_tiler), its print or its error's
 * code name compared with want. */
static inline void run_cases(const char *name, tiler_op op, const tiler_case *cs, size_t n) {
  size_t k;
  char buf[512];
  for (k = 0; k < n; ++k) {
    ct_layout A = parse(cs[k].a), R;
    ct_tiler T = parse_tiler(cs[k].b);
    ct_err e;
    ct_code rc = op(&A, &T, &R, &e);
    if (rc == CT_OK) CHECK_STR(show(&R, buf, sizeof buf), cs[k].want, "%s(%s, %s)", name, cs[k].a, cs[k].b);
    else CHECK_STR(ct_code_name(rc), cs[k].want, "%s(%s, %s): %s", name, cs[k].a, cs[k].b, e.msg);
  }
}

/* --- sweeps ------------------------------------------------------------------------- */

/* Checks one pair; returns 1 if the operation accepted it, 0 if it rejected it. */
typedef int (*pair_fn)(const ct_layout *A, const ct_layout *B);

/* Flat layout number idx of rank r (1 or 2) with shapes from S[0..ns) and
 * strides from D[0..nd): digits (s0, d0, s1, d1), s0 the fastest. */
static inline void nth_flat(ct_layout *L, int r, int idx, const int64_t *S, int ns, const int64_t *D, int nd) {
  int64_t s[2], d[2];
  s[0] = S[idx % ns];
  d[0] = D[(idx / ns) % nd];
  if (r == 2) {
    s[1] = S[(idx / (ns * nd)) % ns];
    d[1] = D[(idx / (ns * nd * ns)) % nd];
  }
  make_flat(L, r, s, d);
}

/* Every flat A of rank 1..2 (shapes from AS, strides from AD) and B of rank
 * 1..2 (BS, BD), in a fixed order; counts what fn accepted and rejected. */
static inline void sweep_flat_pairs(const int64_t *AS, int nas, const int64_t *AD, int nad, const int64_t *BS, int nbs,
                                    const int64_t *BD, int nbd, pair_fn fn, int *accepted, int *rejected) {
  int ra, rb;
  for (ra = 1; ra <= 2; ++ra)
    for (rb = 1; rb <= 2; ++rb) {
      int na = ra == 1 ? nas * nad : nas * nas * nad * nad, nb = rb == 1 ? nbs * nbd : nbs * nbs * nbd * nbd;
      int ia, ib;
      for (ia = 0; ia < na; ++ia) {
        ct_layout A, B;
        nth_flat(&A, ra, ia, AS, nas, AD, nad);
        for (ib = 0; ib < nb; ++ib) {
          nth_flat(&B, rb, ib, BS, nbs, BD, nbd);
          if (fn(&A, &B)) ++*accepted;
          else ++*rejected;
        }
      }
    }
}

/* Checks A with a flat tiler T of r elements (code[k] == 0: element k is `_`);
 * returns 1 if the operation accepted it. */
typedef int (*tiler_fn)(const ct_layout *A, const ct_tiler *T, int r, const int *code);

/* Every flat tiler of 1..3 elements, each `_` or s:d (s from {2,3,4}, d from
 * {1,2,3}), for A; returns how many fn accepted. */
static inline int sweep_tilers(const ct_layout *A, tiler_fn fn) {
  static const int64_t TS[] = {2, 3, 4}, TD[] = {1, 2, 3};
  int it, accepted = 0;
  for (it = 0; it < 10 * 10 * 10; ++it) {
    int code[3], r, k, bad = 0;
    int64_t ts[3], td[3];
    ct_tiler T;
    for (k = 0; k < 3; ++k) {
      int c = (it / (k == 0 ? 1 : k == 1 ? 10 : 100)) % 10;
      code[k] = c == 9 ? 0 : 1;
      ts[k] = TS[c % 3];
      td[k] = TD[(c / 3) % 3];
    }
    r = 1 + it % 3;
    for (k = r; k < 3; ++k) bad |= code[k] == 0 || ts[k] != 2 || td[k] != 1; /* unused: skip duplicates */
    if (bad) continue;
    make_tiler(&T, r, code, ts, td);
    accepted += fn(A, &T, r, code);
  }
  return accepted;
}

#endif
