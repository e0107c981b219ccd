/* Tests of spec/divide.md: the examples of CuTe's chapter
 * (../shared/seeds/004_83cfef9268bce55b.txt) and [Cecka], and the
 * post-conditions DIV-1..DIV-8 checked exhaustively over small flat layouts
 * and tilers. */
#include "ref/divide.h"
#include "ref/notation.h"
#include "ref/tests/check.h"

#include <stdlib.h>

static ct_layout parse(const char *s) {
  ct_layout L;
  ct_err e;
  if (ct_parse_layout(s, &L, &e) != CT_OK) {
    fprintf(stderr, "bad test literal %s: %s\n", s, e.msg);
    ct_l_set_int(&L, 1, 0, 0, 0);
  }
  return L;
}

static ct_tiler parse_tiler(const char *s) {
  ct_tiler T;
  ct_err e;
  if (ct_parse_tiler(s, &T, &e) != CT_OK) {
    fprintf(stderr, "bad test tiler %s: %s\n", s, e.msg);
    ct_l_set_int(&T, 1, 0, 0, 0);
  }
  return T;
}

static const char *show(const ct_layout *L, char *buf, int cap) {
  ct_print_layout(L, buf, cap);
  return buf;
}

static int64_t size_of(const ct_layout *L) {
  ct_val v;
  ct_err e;
  return ct_l_size(L, &v, &e) == CT_OK ? v.v : -1;
}

/* L(i), with A^'s extension past size(L) (COMP-EXT). */
static int64_t at(const ct_layout *L, int64_t i) {
  int64_t v = 0;
  ct_err e;
  if (ct_l_eval(L, i, &v, &e) != CT_OK) return INT64_MIN;
  return v;
}

static int cmp64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

#define MAXV 4096

static int injective(const ct_layout *L) {
  static int64_t v[MAXV];
  int64_t n = size_of(L), i;
  if (n > MAXV) return 0;
  for (i = 0; i < n; ++i) v[i] = at(L, i);
  qsort(v, (size_t)n, sizeof v[0], cmp64);
  for (i = 1; i < n; ++i)
    if (v[i] == v[i - 1]) return 0;
  return 1;
}

static ct_layout mode_of(const ct_layout *L, int k) {
  ct_layout M;
  ct_err e;
  if (ct_l_mode(L, &k, 1, &M, &e) != CT_OK) ct_l_set_int(&M, 1, 0, 0, 0);
  return M;
}

/* --- the examples ---------------------------------------------------------- */

typedef struct {
  const char *a, *b, *want; /* want: exact print, or an error code name */
} div_case;

static const div_case logical_cases[] = {
    /* 004: the 1-D and 2-D examples */
    {"(4,2,3):(2,1,8)", "4:2", "((2,2),(2,3)):((4,1),(2,8))"},
    {"(9,(4,8)):(59,(13,1))", "<3:3, (2,4):(1,8)>", "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))"},
    /* [Cecka] */
    {"24:3", "8:3", "(8,3):(9,3)"},
    {"(8,16):(20,1)", "<4:1, 8:2>", "((4,2),(8,2)):((20,80),(2,1))"},
    /* ragged last tile: the complement rounds up */
    {"48:1", "32:1", "(32,2):(1,32)"},
    {"(4,8,3):(1,4,32)", "<2:1, _>", "((2,2),8,3):((1,2),4,32)"},
    {"(4,8,3):(1,4,32)", "<2:1>", "((2,2),8,3):((1,2),4,32)"},
    {"(2,4):(1,8)", "_", "(2,4):(1,8)"},
    /* rejected: no layout has the function (CuTe C++ answers wrongly) */
    {"(3,4):(4,1)", "2:1", "STRIDE_DIVISIBILITY"},
    {"(6,4):(1,10)", "4:1", "STRIDE_DIVISIBILITY"},
    {"(4,6):(1,10)", "3:2", "SHAPE_DIVISIBILITY"},
    {"24:1", "(2,2):(1,1)", "NOT_INJECTIVE"},
    {"24:1", "(2,2):(2,3)", "NOT_COMPLEMENTABLE"},
    {"8:1", "4:-1", "NEGATIVE_STRIDE"},
    {"(4,8):(1,4)", "<2:1, 2:1, 2:1>", "TOO_MANY_MODES"},
    {"8:1", "<2:1, 2:1>", "TOO_MANY_MODES"},
    {"4:4611686018427387904", "2:1", "OVERFLOW"},
};

typedef ct_code (*tiler_op)(const ct_layout *, const ct_tiler *, ct_layout *, ct_err *);

static void run_cases(const char *name, tiler_op op, const div_case *cs, size_t n) {
  size_t k;
  char buf[512];
  for (k = 0; k < n; ++k) {
    ct_layout A = parse(cs[k].a), R;
    ct_tiler T;
    ct_err e;
    ct_code rc;
    if (cs[k].b[0] == '<') {
      T = parse_tiler(cs[k].b);
    } else if (cs[k].b[0] == '_') { /* `_` alone */
      T.shape.n = 1;
      T.shape.nd[0].kind = CT_ALL;
      T.shape.nd[0].mark = 0;
      T.shape.nd[0].rank = 0;
      T.shape.nd[0].span = 1;
      T.stride = T.shape;
    } else {
      T = parse(cs[k].b);
    }
    rc = op(&A, &T, &R, &e);
    if (rc == CT_OK) CHECK_STR(show(&R, buf, sizeof buf), cs[k].want, "%s(%s, %s)", name, cs[k].a, cs[k].b);
    else CHECK_STR(ct_code_name(rc), cs[k].want, "%s(%s, %s): %s", name, cs[k].a, cs[k].b, e.msg);
  }
}

static const div_case zipped_cases[] = {
    {"(9,(4,8)):(59,(13,1))", "<3:3, (2,4):(1,8)>", "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))"},
    {"(4,8,3):(1,4,32)", "<2:1, 4:1>", "((2,4),(2,2,3)):((1,4),(2,16,32))"},
    {"((4,6),8):((1,4),24)", "<<2:1,3:1>, 4:1>", "(((2,3),4),((2,2),2)):(((1,4),24),((2,12),96))"},
    {"(4,8):(1,4)", "<_, 2:1>", "((4,2),(_1,4)):((1,4),(_0,8))"},
    {"(4,8,3):(1,4,32)", "8:1", "(8,12):(1,8)"},
};

static const div_case tiled_cases[] = {
    {"(9,(4,8)):(59,(13,1))", "<3:3, (2,4):(1,8)>", "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))"},
    {"(4,8,3):(1,4,32)", "<2:1, 4:1>", "((2,4),2,2,3):((1,4),2,16,32)"},
    {"(4,8,3):(1,4,100)", "4:1", "(4,8,3):(1,4,100)"},
};

static const div_case flat_cases[] = {
    {"(9,(4,8)):(59,(13,1))", "<3:3, (2,4):(1,8)>", "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))"},
    {"((4,6),8):((1,4),24)", "<<2:1,3:1>, 4:1>", "((2,3),4,(2,2),2):((1,4),24,(2,12),96)"},
    {"(9,(4,8)):(59,(13,1))", "8:1", "STRIDE_DIVISIBILITY"},
};

static void check_examples(void) {
  run_cases("logical_divide", ct_logical_divide_tiler, logical_cases, sizeof logical_cases / sizeof logical_cases[0]);
  run_cases("zipped_divide", ct_zipped_divide, zipped_cases, sizeof zipped_cases / sizeof zipped_cases[0]);
  run_cases("tiled_divide", ct_tiled_divide, tiled_cases, sizeof tiled_cases / sizeof tiled_cases[0]);
  run_cases("flat_divide", ct_flat_divide, flat_cases, sizeof flat_cases / sizeof flat_cases[0]);
  { /* 004: the complement step of the 1-D example */
    ct_layout B = parse("4:2"), R;
    ct_tuple cot;
    ct_err e;
    char buf[128];
    ct_t_set_int(&cot, 24, 0);
    CHECK(ct_complement(&B, &cot, &R, &e) == CT_OK, "complement(4:2, 24)");
    CHECK_STR(show(&R, buf, sizeof buf), "(2,3):(1,8)", "complement(4:2, 24)");
  }
}

/* --- post-conditions, one layout B ------------------------------------------- */

/* span of filter(B): the largest s*d of its modes (1 for 1:0). */
static int64_t span_of(const ct_layout *B) {
  ct_layout F;
  ct_modes m;
  ct_err e;
  int64_t sp = 1;
  int k;
  if (ct_filter(B, &F, &e) != CT_OK) return -1;
  ct_modes_of(&F, 0, &m);
  for (k = 0; k < m.n; ++k)
    if (m.s[k] * m.d[k] > sp) sp = m.s[k] * m.d[k];
  return sp;
}

static int n_ok, n_rejected;

static void check_one(const ct_layout *A, const ct_layout *B) {
  static int64_t got[MAXV], want[MAXV];
  ct_layout R, Bs, BB, C, CB, F, R0, R1;
  const ct_layout *parts[2];
  ct_tuple cot;
  ct_err e;
  ct_code rc, prc;
  char sa[256], sb[256];
  int64_t sizeA = size_of(A), i, K;
  show(A, sa, sizeof sa);
  show(B, sb, sizeof sb);
  rc = ct_logical_divide(A, B, &R, &e);
  /* Preconditions: admissible exactly when complement and composition are,
   * with the same code. */
  ct_t_set_int(&cot, sizeA, 0);
  prc = ct_complement(B, &cot, &Bs, &e);
  if (prc == CT_OK) {
    parts[0] = B;
    parts[1] = &Bs;
    prc = ct_l_concat(parts, 2, &BB, &e);
    if (prc == CT_OK) prc = ct_composition(A, &BB, &C, &e);
  }
  CHECK(rc == prc, "logical_divide(%s, %s): %s, its parts %s", sa, sb, ct_code_name(rc), ct_code_name(prc));
  /* Overlap only arises when a ragged last tile runs into A^'s extension. */
  CHECK(rc != CT_NOT_DISJOINT || size_of(B) * size_of(&Bs) > sizeA, "logical_divide(%s, %s): NOT_DISJOINT", sa, sb);
  if (rc != CT_OK) {
    ++n_rejected;
    return;
  }
  ++n_ok;
  /* DIV-1 */
  CHECK(ct_l_equal(&R, &C, 1), "DIV-1 %s / %s", sa, sb);
  /* DIV-2 */
  CHECK(ct_l_rank(&R) == 2, "DIV-2 rank %s / %s", sa, sb);
  R0 = mode_of(&R, 0);
  R1 = mode_of(&R, 1);
  CHECK(ct_composition(A, B, &CB, &e) == CT_OK && ct_l_equal(&R0, &CB, 1), "DIV-2 layout<0> %s / %s", sa, sb);
  CHECK(ct_t_compatible(&B->shape, 0, &R0.shape, 0), "DIV-2 compatible %s / %s", sa, sb);
  CHECK(ct_composition(A, &Bs, &CB, &e) == CT_OK && ct_l_equal(&R1, &CB, 1), "DIV-2 layout<1> %s / %s", sa, sb);
  /* DIV-3 */
  CHECK(ct_filter(B, &F, &e) == CT_OK, "filter");
  K = size_of(&F) * size_of(&Bs);
  CHECK(size_of(&R) == size_of(B) * size_of(&Bs), "DIV-3 size %s / %s", sa, sb);
  CHECK(K >= sizeA && K - span_of(B) < sizeA && K % span_of(B) == 0, "DIV-3 K=%lld for %s / %s", (long long)K, sa, sb);
  if (injective(B)) {
    int64_t n = size_of(&R);
    CHECK(n == K, "DIV-3 injective size %lld vs K %lld: %s / %s", (long long)n, (long long)K, sa, sb);
    CHECK((n == sizeA) == (sizeA % span_of(B) == 0), "DIV-3 no ragged tile: %s / %s", sa, sb);
    /* DIV-4: R's values are A^'s on [0, K), each once */
    if (n == K && n <= MAXV) {
      for (i = 0; i < n; ++i) {
        got[i] = at(&R, i);
        want[i] = at(A, i);
      }
      qsort(got, (size_t)n, sizeof got[0], cmp64);
      qsort(want, (size_t)n, sizeof want[0], cmp64);
      CHECK(memcmp(got, want, (size_t)n * sizeof got[0]) == 0, "DIV-4 permutation %s / %s", sa, sb);
    }
  }
  /* and pointwise: R(i) == A^((B,B*)(i)) */
  for (i = 0; i < size_of(&R) && i < MAXV; ++i)
    if (at(&R, i) != at(A, at(&BB, i))) {
      CHECK(0, "R(%lld) %s / %s", (long long)i, sa, sb);
      break;
    }
}

static void make_flat(ct_layout *L, int r, const int64_t *s, const int64_t *d) {
  ct_err e;
  int k, hs, hd;
  if (r == 1) {
    ct_l_set_int(L, s[0], 0, d[0], 0);
    return;
  }
  ct_t_clear(&L->shape);
  ct_t_clear(&L->stride);
  ct_t_open(&L->shape, &hs, &e);
  ct_t_open(&L->stride, &hd, &e);
  for (k = 0; k < r; ++k) {
    ct_t_push_int(&L->shape, s[k], 0, &e);
    ct_t_push_int(&L->stride, d[k], 0, &e);
  }
  ct_t_close(&L->shape, hs, &e);
  ct_t_close(&L->stride, hd, &e);
}

/* Every flat A of rank 1..2 and B of rank 1..2 over small sizes and strides. */
static void check_exhaustive(void) {
  static const int64_t AS[] = {1, 2, 3, 4, 6}, AD[] = {0, 1, 2, 3, 4, 6, 12};
  static const int64_t BS[] = {1, 2, 3, 4}, BD[] = {0, 1, 2, 3, 4, 6};
  const int nas = 5, nad = 7, nbs = 4, nbd = 6;
  int ra, rb, x[4];
  for (ra = 1; ra <= 2; ++ra)
    for (rb = 1; rb <= 2; ++rb) {
      int na = ra == 1 ? nas * nad : nas * nas * nad * nad, nb = rb == 1 ? nbs * nbd : nbs * nbs * nbd * nbd;
      int ia, ib;
      for (ia = 0; ia < na; ++ia) {
        int64_t s[2], d[2];
        ct_layout A, B;
        x[0] = ia % nas;
        x[1] = (ia / nas) % nad;
        s[0] = AS[x[0]];
        d[0] = AD[x[1]];
        if (ra == 2) {
          s[1] = AS[(ia / (nas * nad)) % nas];
          d[1] = AD[(ia / (nas * nad * nas)) % nad];
        }
        make_flat(&A, ra, s, d);
        for (ib = 0; ib < nb; ++ib) {
          int64_t t[2], u[2];
          t[0] = BS[ib % nbs];
          u[0] = BD[(ib / nbs) % nbd];
          if (rb == 2) {
            t[1] = BS[(ib / (nbs * nbd)) % nbs];
            u[1] = BD[(ib / (nbs * nbd * nbs)) % nbd];
          }
          make_flat(&B, rb, t, u);
          check_one(&A, &B);
        }
      }
    }
  CHECK(n_ok > 1000 && n_rejected > 1000, "the sweep covers both outcomes: %d accepted, %d rejected", n_ok, n_rejected);
}

/* --- post-conditions, tilers ------------------------------------------------- */

/* A flat tiler <T0, ..., T(r-1)>; each element is `_` (code 0) or s:d. */
static void make_tiler(ct_tiler *T, int r, const int *code, const int64_t *s, const int64_t *d) {
  ct_err e;
  int k, hs, hd;
  ct_t_clear(&T->shape);
  ct_t_clear(&T->stride);
  ct_t_open(&T->shape, &hs, &e);
  ct_t_open(&T->stride, &hd, &e);
  for (k = 0; k < r; ++k) {
    if (code[k] == 0) {
      ct_t_push_all(&T->shape, &e);
      ct_t_push_all(&T->stride, &e);
    } else {
      ct_t_push_int(&T->shape, s[k], 0, &e);
      ct_t_push_int(&T->stride, d[k], 0, &e);
    }
  }
  ct_t_close(&T->shape, hs, &e);
  ct_t_close(&T->stride, hd, &e);
  T->shape.nd[0].mark = 1;
  T->stride.nd[0].mark = 1;
}

static void flat_leaves(const ct_layout *L, ct_layout *out) {
  ct_err e;
  ct_l_flatten(L, out, &e);
}

static void check_tiler_one(const ct_layout *A, const ct_tiler *T, int r, const int *code) {
  ct_layout D, Z, Ti, Fl, C, X, Y, want, fz, ft, ff;
  ct_err e;
  ct_code rc;
  char sa[256], st[256];
  int k, ra = ct_l_rank(A), hs, hd;
  show(A, sa, sizeof sa);
  ct_print_tiler(T, st, sizeof st);
  rc = ct_logical_divide_tiler(A, T, &D, &e);
  CHECK(rc == ct_zipped_divide(A, T, &Z, &e), "same admissibility, zipped: %s / %s", sa, st);
  CHECK(rc == ct_tiled_divide(A, T, &Ti, &e), "same admissibility, tiled: %s / %s", sa, st);
  CHECK(rc == ct_flat_divide(A, T, &Fl, &e), "same admissibility, flat: %s / %s", sa, st);
  if (rc != CT_OK) return;
  /* DIV-5 */
  CHECK(ct_l_rank(&D) == ra, "DIV-5 rank %s / %s", sa, st);
  for (k = 0; k < ra; ++k) {
    ct_layout Dk = mode_of(&D, k), Ak = mode_of(A, k), Wk;
    if (k < r && code[k] != 0) {
      ct_layout Tk;
      ct_l_set_int(&Tk, T->shape.nd[ct_t_child(&T->shape, 0, k)].v, 0, T->stride.nd[ct_t_child(&T->stride, 0, k)].v,
                   0);
      CHECK(ct_logical_divide(&Ak, &Tk, &Wk, &e) == CT_OK && ct_l_equal(&Dk, &Wk, 1), "DIV-5 mode %d %s / %s", k, sa,
            st);
    } else {
      CHECK(ct_l_equal(&Dk, &Ak, 1), "DIV-5 kept mode %d %s / %s", k, sa, st);
    }
  }
  /* DIV-6: the expected regrouping, built by hand */
  ct_t_clear(&X.shape);
  ct_t_clear(&X.stride);
  ct_t_clear(&Y.shape);
  ct_t_clear(&Y.stride);
  ct_t_open(&X.shape, &hs, &e);
  ct_t_open(&X.stride, &hd, &e);
  {
    int ys, yd;
    ct_t_open(&Y.shape, &ys, &e);
    ct_t_open(&Y.stride, &yd, &e);
    for (k = 0; k < ra; ++k) {
      ct_layout Dk = mode_of(&D, k);
      if (k < r && code[k] != 0) {
        ct_layout t0 = mode_of(&Dk, 0), t1 = mode_of(&Dk, 1);
        ct_t_push_sub(&X.shape, &t0.shape, 0, &e);
        ct_t_push_sub(&X.stride, &t0.stride, 0, &e);
        ct_t_push_sub(&Y.shape, &t1.shape, 0, &e);
        ct_t_push_sub(&Y.stride, &t1.stride, 0, &e);
      } else if (k < r) { /* `_`: the whole mode, one repetition */
        ct_t_push_sub(&X.shape, &Dk.shape, 0, &e);
        ct_t_push_sub(&X.stride, &Dk.stride, 0, &e);
        ct_t_push_int(&Y.shape, 1, 1, &e);
        ct_t_push_int(&Y.stride, 0, 1, &e);
      } else {
        ct_t_push_sub(&Y.shape, &Dk.shape, 0, &e);
        ct_t_push_sub(&Y.stride, &Dk.stride, 0, &e);
      }
    }
    ct_t_close(&Y.shape, ys, &e);
    ct_t_close(&Y.stride, yd, &e);
  }
  ct_t_close(&X.shape, hs, &e);
  ct_t_close(&X.stride, hd, &e);
  {
    const ct_layout *parts[2];
    parts[0] = &X;
    parts[1] = &Y;
    ct_l_concat(parts, 2, &want, &e);
  }
  CHECK(ct_l_equal(&Z, &want, 0), "DIV-6 zipped %s / %s", sa, st);
  CHECK(size_of(&Z) == size_of(&D), "DIV-6 size %s / %s", sa, st);
  /* DIV-7 */
  {
    ct_layout Z0 = mode_of(&Z, 0);
    CHECK(ct_composition_tiler(A, T, &C, &e) == CT_OK && ct_l_equivalent(&Z0, &C), "DIV-7 %s / %s", sa, st);
  }
  /* DIV-8 */
  flat_leaves(&Z, &fz);
  flat_leaves(&Ti, &ft);
  flat_leaves(&Fl, &ff);
  CHECK(ct_l_equal(&fz, &ft, 0) && ct_l_equal(&fz, &ff, 0), "DIV-8 leaves %s / %s", sa, st);
  {
    ct_layout Z0 = mode_of(&Z, 0), Z1 = mode_of(&Z, 1);
    CHECK(ct_l_rank(&Ti) == 1 + ct_l_rank(&Z1), "DIV-8 tiled rank %s / %s", sa, st);
    CHECK(ct_l_rank(&Fl) == ct_l_rank(&Z0) + ct_l_rank(&Z1), "DIV-8 flat rank %s / %s", sa, st);
  }
}

static void check_tilers(void) {
  static const int64_t AS[] = {2, 3, 4, 6}, AD[] = {1, 2, 5, 24};
  static const int64_t TS[] = {2, 3, 4}, TD[] = {1, 2, 3};
  int ia, it, accepted = 0;
  /* A: rank 3, (s0,s1,s2):(d0,d1,d2) with a few combinations */
  for (ia = 0; ia < 4 * 4 * 4 * 4; ++ia) {
    int64_t s[3], d[3];
    ct_layout A;
    s[0] = AS[ia % 4];
    s[1] = AS[(ia / 4) % 4];
    s[2] = 2;
    d[0] = AD[(ia / 16) % 4];
    d[1] = s[0] * AD[(ia / 64) % 4];
    d[2] = 1000;
    make_flat(&A, 3, s, d);
    /* tilers of 1..3 elements, each `_` or s:d (s from TS, d from TD) */
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
      check_tiler_one(&A, &T, r, code);
      {
        ct_layout D;
        ct_err e;
        if (ct_logical_divide_tiler(&A, &T, &D, &e) == CT_OK) ++accepted;
      }
    }
  }
  CHECK(accepted > 100, "tiler sweep accepted %d", accepted);
  { /* TOO_MANY_MODES, nested tilers */
    ct_layout A = parse("(4,8):(1,4)"), R;
    ct_tiler T = parse_tiler("<2:1, 2:1, 2:1>");
    ct_err e;
    CHECK(ct_logical_divide_tiler(&A, &T, &R, &e) == CT_TOO_MANY_MODES, "more tiler modes than A");
    CHECK(ct_zipped_divide(&A, &T, &R, &e) == CT_TOO_MANY_MODES, "zipped: more tiler modes than A");
    T = parse_tiler("<2:1, <2:1, 2:1>>");
    CHECK(ct_logical_divide_tiler(&A, &T, &R, &e) == CT_TOO_MANY_MODES, "a nested tiler on an integer mode");
  }
}

int main(void) {
  check_examples();
  check_exhaustive();
  check_tilers();
  return ct_done();
}
