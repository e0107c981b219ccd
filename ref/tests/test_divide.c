/* Tests of spec/divide.md: the examples of CuTe's chapter
 * (../shared/seeds/004_83cfef9268bce55b.txt) and [Cecka], and the
 * post-conditions DIV-1..DIV-8 checked exhaustively over small flat layouts
 * and tilers. */
#include "ref/divide.h"
#include "ref/notation.h"
#include "ref/tests/check.h"
#include "ref/tests/testlib.h"

#include <stdlib.h>

/* --- the examples ---------------------------------------------------------- */

static const tiler_case logical_cases[] = {
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
    {"(3,4):(4,1)", "2:1", "NOT_DISJOINT"}, /* the tile and its repetitions add wrong at i = 3 */
    {"(6,4):(1,10)", "4:1", "NOT_DISJOINT"},
    {"(4,6,8):(2,3,5)", "6:3", "STRIDE_DIVISIBILITY"},
    {"(4,6):(1,10)", "3:2", "SHAPE_DIVISIBILITY"},
    {"24:1", "(2,2):(1,1)", "NOT_INJECTIVE"},
    {"24:1", "(2,2):(2,3)", "NOT_COMPLEMENTABLE"},
    {"8:1", "4:-1", "NEGATIVE_STRIDE"},
    {"(4,8):(1,4)", "<2:1, 2:1, 2:1>", "TOO_MANY_MODES"},
    {"8:1", "<2:1, 2:1>", "TOO_MANY_MODES"},
    {"4:4611686018427387904", "2:1", "OVERFLOW"},
};

static const tiler_case zipped_cases[] = {
    {"(9,(4,8)):(59,(13,1))", "<3:3, (2,4):(1,8)>", "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))"},
    {"(4,8,3):(1,4,32)", "<2:1, 4:1>", "((2,4),(2,2,3)):((1,4),(2,16,32))"},
    {"((4,6),8):((1,4),24)", "<<2:1,3:1>, 4:1>", "(((2,3),4),((2,2),2)):(((1,4),24),((2,12),96))"},
    {"(4,8):(1,4)", "<_, 2:1>", "((4,2),(_1,4)):((1,4),(_0,8))"},
    {"(4,8,3):(1,4,32)", "8:1", "(8,12):(1,8)"},
};

static const tiler_case tiled_cases[] = {
    {"(9,(4,8)):(59,(13,1))", "<3:3, (2,4):(1,8)>", "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))"},
    {"(4,8,3):(1,4,32)", "<2:1, 4:1>", "((2,4),2,2,3):((1,4),2,16,32)"},
    {"(4,8,3):(1,4,100)", "4:1", "(4,8,3):(1,4,100)"},
};

static const tiler_case flat_cases[] = {
    {"(9,(4,8)):(59,(13,1))", "<3:3, (2,4):(1,8)>", "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))"},
    {"((4,6),8):((1,4),24)", "<<2:1,3:1>, 4:1>", "((2,3),4,(2,2),2):((1,4),24,(2,12),96)"},
    {"(9,(4,8)):(59,(13,1))", "8:1", "NOT_DISJOINT"},
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
    if (m.m[k].s * m.m[k].d > sp) sp = m.m[k].s * m.m[k].d;
  return sp;
}

/* Checks DIV-1..DIV-4 on logical_divide(A, B); returns 1 if it was admissible. */
static int check_one(const ct_layout *A, const ct_layout *B) {
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
  if (rc != CT_OK) return 0;
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
        want[i] = ahat(A, i);
      }
      qsort(got, (size_t)n, sizeof got[0], cmp64);
      qsort(want, (size_t)n, sizeof want[0], cmp64);
      CHECK(memcmp(got, want, (size_t)n * sizeof got[0]) == 0, "DIV-4 permutation %s / %s", sa, sb);
    }
  }
  /* and pointwise: R(i) == A^((B,B*)(i)) */
  for (i = 0; i < size_of(&R) && i < MAXV; ++i)
    if (at(&R, i) != ahat(A, at(&BB, i))) {
      CHECK(0, "R(%lld) %s / %s", (long long)i, sa, sb);
      break;
    }
  return 1;
}

/* Every flat A of rank 1..2 and B of rank 1..2 over small sizes and strides. */
static void check_exhaustive(void) {
  static const int64_t AS[] = {1, 2, 3, 4, 6}, AD[] = {0, 1, 2, 3, 4, 6, 12};
  static const int64_t BS[] = {1, 2, 3, 4}, BD[] = {0, 1, 2, 3, 4, 6};
  int n_ok = 0, n_rejected = 0;
  sweep_flat_pairs(AS, NELEM(AS), AD, NELEM(AD), BS, NELEM(BS), BD, NELEM(BD), check_one, &n_ok, &n_rejected);
  CHECK(n_ok > 1000 && n_rejected > 1000, "the sweep covers both outcomes: %d accepted, %d rejected", n_ok, n_rejected);
}

/* --- post-conditions, tilers ------------------------------------------------- */

/* Checks DIV-5..DIV-8 on A and the flat tiler T (code[k] == 0: element k is
 * `_`); returns 1 if the divides accepted it. */
static int check_tiler_one(const ct_layout *A, const ct_tiler *T, int r, const int *code) {
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
  if (rc != CT_OK) return 0;
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
  OK(ct_t_open(&X.shape, &hs, &e));
  OK(ct_t_open(&X.stride, &hd, &e));
  {
    int ys, yd;
    OK(ct_t_open(&Y.shape, &ys, &e));
    OK(ct_t_open(&Y.stride, &yd, &e));
    for (k = 0; k < ra; ++k) {
      ct_layout Dk = mode_of(&D, k);
      if (k < r && code[k] != 0) {
        ct_layout t0 = mode_of(&Dk, 0), t1 = mode_of(&Dk, 1);
        OK(ct_t_push_sub(&X.shape, &t0.shape, 0, &e));
        OK(ct_t_push_sub(&X.stride, &t0.stride, 0, &e));
        OK(ct_t_push_sub(&Y.shape, &t1.shape, 0, &e));
        OK(ct_t_push_sub(&Y.stride, &t1.stride, 0, &e));
      } else if (k < r) { /* `_`: the whole mode, one repetition */
        OK(ct_t_push_sub(&X.shape, &Dk.shape, 0, &e));
        OK(ct_t_push_sub(&X.stride, &Dk.stride, 0, &e));
        OK(ct_t_push_int(&Y.shape, 1, 1, &e));
        OK(ct_t_push_int(&Y.stride, 0, 1, &e));
      } else {
        OK(ct_t_push_sub(&Y.shape, &Dk.shape, 0, &e));
        OK(ct_t_push_sub(&Y.stride, &Dk.stride, 0, &e));
      }
    }
    OK(ct_t_close(&Y.shape, ys, &e));
    OK(ct_t_close(&Y.stride, yd, &e));
  }
  OK(ct_t_close(&X.shape, hs, &e));
  OK(ct_t_close(&X.stride, hd, &e));
  {
    const ct_layout *parts[2];
    parts[0] = &X;
    parts[1] = &Y;
    OK(ct_l_concat(parts, 2, &want, &e));
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
  return 1;
}

static void check_tilers(void) {
  static const int64_t AS[] = {2, 3, 4, 6}, AD[] = {1, 2, 5, 24};
  int ia, accepted = 0;
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
    accepted += sweep_tilers(&A, check_tiler_one);
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
