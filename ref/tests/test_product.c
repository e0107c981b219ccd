/* Tests of spec/product.md: the examples of CuTe's chapter
 * (../shared/seeds/004_83cfef9268bce55b.txt) and [Cecka], and the
 * post-conditions PROD-1..7, BLK-1..4, RAKE-1..4, TILE-1..4 checked
 * exhaustively over small flat layouts and tilers. */
#include "ref/construct.h"
#include "ref/notation.h"
#include "ref/product.h"
#include "ref/tests/check.h"
#include "ref/tests/testlib.h"

#include <stdlib.h>

static int64_t cosize_of(const ct_layout *L) {
  ct_val v;
  ct_err e;
  return ct_l_cosize(L, &v, &e) == CT_OK ? v.v : -1;
}

/* L at the coordinate (c_0, ..., c_(r-1)), one integer per top-level mode
 * (a plain integer when L has rank 1). */
static int64_t at_modes(const ct_layout *L, const int64_t *c, int r) {
  ct_tuple t;
  ct_val v;
  ct_err e;
  int k, h;
  if (r == 1) {
    ct_t_set_int(&t, c[0], 0);
  } else {
    ct_t_clear(&t);
    OK(ct_t_open(&t, &h, &e));
    for (k = 0; k < r; ++k) OK(ct_t_push_int(&t, c[k], 0, &e));
    OK(ct_t_close(&t, h, &e));
  }
  if (ct_crd2idx(&t, L, &v, &e) != CT_OK) return INT64_MIN;
  return v.v;
}

static int nonnegative(const ct_layout *L) {
  int j;
  for (j = 0; j < L->stride.n; ++j)
    if (L->stride.nd[j].kind == CT_INT && L->stride.nd[j].v < 0) return 0;
  return 1;
}

/* --- the examples ---------------------------------------------------------- */

static const tiler_case logical_cases[] = {
    /* 004: the 1-D example and the second figure (8 copies) */
    {"(2,2):(4,1)", "6:1", "((2,2),(2,3)):((4,1),(2,8))"},
    {"(2,2):(4,1)", "(4,2):(2,1)", "((2,2),(4,2)):((4,1),(8,2))"},
    /* [Cecka] */
    {"(3,4):(4,1)", "(2,5):(1,2)", "((3,4),(2,5)):((4,1),(12,24))"},
    /* n is n:1 (pycute calls logical_divide here, cutlass issue 3478) */
    {"(2,5):(5,1)", "4:1", "((2,5),4):((5,1),10)"},
    /* 004: the by-mode 2-D example */
    {"(2,5):(5,1)", "<3:5, 4:6>", "((2,3),(5,4)):((5,10),(1,30))"},
    {"(2,5,7):(5,1,10)", "<3:1>", "((2,3),5,7):((5,1),1,10)"},
    {"(2,2):(1,1)", "2:1", "NOT_INJECTIVE"},
    {"(2,2):(2,3)", "2:1", "NOT_COMPLEMENTABLE"},
    {"4:-1", "2:1", "NEGATIVE_STRIDE"},
    {"4:2", "3:1", "SHAPE_DIVISIBILITY"},
    {"4:2", "2:3", "(4,2):(2,9)"}, /* C++ rejects it; an answer exists (COMP-8) */
    {"4:3", "4:2", "STRIDE_DIVISIBILITY"},
    {"4:2", "(2,2):(1,1)", "NOT_DISJOINT"},
    {"(2,5):(1,2)", "<2:1, 2:1, 2:1>", "TOO_MANY_MODES"},
    {"4:4611686018427387904", "4:1", "OVERFLOW"},
};

static const tiler_case zipped_cases[] = {
    {"(2,5):(5,1)", "<3:5, 4:1>", "((2,5),(3,4)):((5,1),(10,5))"},
    {"(4,8,3):(1,4,32)", "<2:1, 2:1>", "((4,8),(2,2,3)):((1,4),(4,1,32))"},
    {"(2,2):(4,1)", "6:1", "((2,2),(2,3)):((4,1),(2,8))"},
};

static const tiler_case tiled_cases[] = {
    {"(2,5):(5,1)", "<3:5, 4:1>", "((2,5),3,4):((5,1),10,5)"},
    {"(2,2):(4,1)", "6:1", "((2,2),2,3):((4,1),2,8)"},
};

static const tiler_case flat_cases[] = {
    {"(2,5):(5,1)", "<3:5, 4:1>", "(2,5,3,4):(5,1,10,5)"},
    {"(4,8,3):(1,4,32)", "<2:1, 2:1>", "(4,8,2,2,3):(1,4,4,1,32)"},
};

static const tiler_case blocked_cases[] = {
    /* 004: a 2x5 row-major block in a 3x4 column-major arrangement, as C++
     * HEAD prints it (the chapter shows mode 0 coalesced, 6:5) */
    {"(2,5):(5,1)", "(3,4):(1,3)", "((2,3),(5,4)):((5,10),(1,30))"},
    {"4:2", "6:1", "((4,(2,3))):((2,(1,8)))"},
    {"(2,2):(1,2)", "3:1", "((2,3),(2,_1)):((1,4),(2,_0))"},
    {"(2,2):(1,1)", "(2,2):(1,2)", "NOT_INJECTIVE"},
};

static const tiler_case raked_cases[] = {
    {"(2,5):(5,1)", "(3,4):(1,3)", "((3,2),(4,5)):((10,5),(30,1))"},
    {"4:2", "6:1", "(((2,3),4)):(((1,8),2))"},
    {"4:2", "2:3", "((2,4)):((9,2))"},
    {"4:3", "4:2", "STRIDE_DIVISIBILITY"},
};

static ct_code blocked_op(const ct_layout *A, const ct_tiler *B, ct_layout *out, ct_err *e) {
  return ct_blocked_product(A, B, out, e);
}
static ct_code raked_op(const ct_layout *A, const ct_tiler *B, ct_layout *out, ct_err *e) {
  return ct_raked_product(A, B, out, e);
}

typedef struct {
  const char *block, *target, *want;
} tile_case;

static const tile_case tile_cases[] = {
    {"(2,2):(1,2)", "(8,6)", "((2,4),(2,3)):((1,4),(2,16))"},
    {"(2,2):(1,2)", "((2,4),6)", "((2,4),(2,3)):((1,4),(2,16))"},
    {"(2,2):(1,2)", "(8,6,3)", "((2,4),(2,3),(_1,3)):((1,4),(2,16),(_0,48))"},
    {"2:1", "8", "((2,4)):((1,2))"},
    {"(2,2,2):(1,2,4)", "(8,6)", "TOO_MANY_MODES"},
    {"(2,3):(1,2)", "(8,8)", "NOT_DIVISIBLE"},
    {"(2,2):(1,4)", "(6,2)", "SHAPE_DIVISIBILITY"},
    {"(2,2):(1,2)", "(8,0)", "SHAPE_NOT_POSITIVE"},
};

static void check_examples(void) {
  size_t k;
  char buf[512];
  run_cases("logical_product", ct_logical_product_tiler, logical_cases, sizeof logical_cases / sizeof logical_cases[0]);
  run_cases("zipped_product", ct_zipped_product, zipped_cases, sizeof zipped_cases / sizeof zipped_cases[0]);
  run_cases("tiled_product", ct_tiled_product, tiled_cases, sizeof tiled_cases / sizeof tiled_cases[0]);
  run_cases("flat_product", ct_flat_product, flat_cases, sizeof flat_cases / sizeof flat_cases[0]);
  run_cases("blocked_product", blocked_op, blocked_cases, sizeof blocked_cases / sizeof blocked_cases[0]);
  run_cases("raked_product", raked_op, raked_cases, sizeof raked_cases / sizeof raked_cases[0]);
  for (k = 0; k < sizeof tile_cases / sizeof tile_cases[0]; ++k) {
    ct_layout B = parse(tile_cases[k].block), R;
    ct_tuple t;
    ct_err e;
    ct_code rc;
    OK(ct_parse_tuple(tile_cases[k].target, &t, 0, &e));
    rc = ct_tile_to_shape(&B, &t, 0, &R, &e);
    if (rc == CT_OK) CHECK_STR(show(&R, buf, sizeof buf), tile_cases[k].want, "tile_to_shape(%s, %s)", tile_cases[k].block, tile_cases[k].target);
    else CHECK_STR(ct_code_name(rc), tile_cases[k].want, "tile_to_shape(%s, %s): %s", tile_cases[k].block, tile_cases[k].target, e.msg);
  }
  { /* 004: the complement step of the 1-D example */
    ct_layout A = parse("(2,2):(4,1)"), R;
    ct_tuple cot;
    ct_err e;
    ct_t_set_int(&cot, 24, 0);
    CHECK(ct_complement(&A, &cot, &R, &e) == CT_OK, "complement((2,2):(4,1), 24)");
    CHECK_STR(show(&R, buf, sizeof buf), "(2,3):(2,8)", "complement((2,2):(4,1), 24)");
  }
}

/* --- logical_product, one layout B ---------------------------------------------- */

/* Checks PROD-1..PROD-4 on logical_product(A, B); returns 1 if it was admissible. */
static int check_one(const ct_layout *A, const ct_layout *B) {
  static int64_t v[MAXV];
  ct_layout R, As, T, R0, R1, F, W;
  const ct_layout *parts[2];
  ct_tuple cot;
  ct_err e;
  ct_code rc, prc;
  char sa[256], sb[256];
  int64_t j, n, K;
  show(A, sa, sizeof sa);
  show(B, sb, sizeof sb);
  rc = ct_logical_product(A, B, &R, &e);
  ct_t_set_int(&cot, size_of(A) * cosize_of(B), 0);
  prc = ct_complement(A, &cot, &As, &e);
  if (prc == CT_OK) prc = ct_composition(&As, B, &T, &e);
  CHECK(rc == prc, "logical_product(%s, %s): %s, its parts %s", sa, sb, ct_code_name(rc), ct_code_name(prc));
  if (rc != CT_OK) return 0;
  /* PROD-1 */
  parts[0] = A;
  parts[1] = &T;
  CHECK(ct_l_concat(parts, 2, &W, &e) == CT_OK && ct_l_equal(&R, &W, 1), "PROD-1 %s x %s", sa, sb);
  /* PROD-2 */
  R0 = mode_of(&R, 0);
  R1 = mode_of(&R, 1);
  CHECK(ct_l_rank(&R) == 2 && ct_l_equal(&R0, A, 1), "PROD-2 %s x %s", sa, sb);
  /* PROD-3 */
  CHECK(ct_t_compatible(&B->shape, 0, &R1.shape, 0), "PROD-3 compatible %s x %s", sa, sb);
  CHECK(size_of(&R) == size_of(A) * size_of(B), "PROD-3 size %s x %s", sa, sb);
  for (j = 0; j < size_of(B); ++j) {
    int64_t b = at(B, j);
    if (b >= 0 && at(&R1, j) != ahat(&As, b)) { /* A*^ (COMP-EXT) */
      CHECK(0, "PROD-3 value at %lld: %s x %s", (long long)j, sa, sb);
      break;
    }
  }
  /* PROD-4 */
  if (injective(A) && injective(B) && nonnegative(B)) {
    CHECK(ct_filter(A, &F, &e) == CT_OK, "filter");
    K = size_of(&F) * size_of(&As);
    CHECK(K >= size_of(A) * cosize_of(B), "PROD-4 K %s x %s", sa, sb);
    CHECK(injective(&R), "PROD-4 injective %s x %s", sa, sb);
    n = values(&R, v);
    CHECK(n > 0 && v[0] >= 0 && v[n - 1] < K, "PROD-4 range [0,%lld) %s x %s", (long long)K, sa, sb);
  }
  return 1;
}

static void check_exhaustive(void) {
  static const int64_t AS[] = {1, 2, 3, 4}, AD[] = {0, 1, 2, 3, 4, 6};
  static const int64_t BS[] = {1, 2, 3, 4}, BD[] = {0, 1, 2, 3, -1};
  int n_ok = 0, n_rejected = 0;
  sweep_flat_pairs(AS, NELEM(AS), AD, NELEM(AD), BS, NELEM(BS), BD, NELEM(BD), check_one, &n_ok, &n_rejected);
  CHECK(n_ok > 1000 && n_rejected > 1000, "the sweep covers both outcomes: %d accepted, %d rejected", n_ok, n_rejected);
}

/* --- tilers: PROD-5..7 ------------------------------------------------------------- */

/* Checks PROD-5..PROD-7 on A and the flat tiler T (code[k] == 0: element k
 * is `_`); returns 1 if the products accepted it. */
static int check_tiler_one(const ct_layout *A, const ct_tiler *T, int r, const int *code) {
  ct_layout P, Z, Ti, Fl, fz, ft, ff, Z0, Z1, want;
  ct_err e;
  ct_code rc;
  char sa[256], st[256];
  int k, ra = ct_l_rank(A);
  show(A, sa, sizeof sa);
  ct_print_tiler(T, st, sizeof st);
  rc = ct_logical_product_tiler(A, T, &P, &e);
  CHECK(rc == ct_zipped_product(A, T, &Z, &e), "same admissibility, zipped: %s x %s", sa, st);
  CHECK(rc == ct_tiled_product(A, T, &Ti, &e), "same admissibility, tiled: %s x %s", sa, st);
  CHECK(rc == ct_flat_product(A, T, &Fl, &e), "same admissibility, flat: %s x %s", sa, st);
  if (rc != CT_OK) return 0;
  /* PROD-5 */
  CHECK(ct_l_rank(&P) == ra, "PROD-5 rank %s x %s", sa, st);
  for (k = 0; k < ra; ++k) {
    ct_layout Pk = mode_of(&P, k), Ak = mode_of(A, k), Wk;
    if (k < r && code[k] != 0) {
      ct_layout Tk;
      ct_l_set_int(&Tk, T->shape.nd[ct_t_child(&T->shape, 0, k)].v, 0, T->stride.nd[ct_t_child(&T->stride, 0, k)].v,
                   0);
      CHECK(ct_logical_product(&Ak, &Tk, &Wk, &e) == CT_OK && ct_l_equal(&Pk, &Wk, 1), "PROD-5 mode %d %s x %s", k, sa,
            st);
    } else {
      CHECK(ct_l_equal(&Pk, &Ak, 1), "PROD-5 kept mode %d %s x %s", k, sa, st);
    }
  }
  /* PROD-6: mode 0 is A restricted to the tiler's modes; only modes move */
  Z0 = mode_of(&Z, 0);
  Z1 = mode_of(&Z, 1);
  CHECK(ct_l_take(A, 0, r, &want, &e) == CT_OK && ct_l_equal(&Z0, &want, 0), "PROD-6 mode 0 %s x %s", sa, st);
  CHECK(size_of(&Z) == size_of(&P), "PROD-6 size %s x %s", sa, st);
  {
    static int64_t vz[MAXV], vp[MAXV];
    int64_t nz = values(&Z, vz), np = values(&P, vp);
    CHECK(nz == np && (nz < 0 || memcmp(vz, vp, (size_t)nz * sizeof vz[0]) == 0), "PROD-6 values %s x %s", sa, st);
  }
  /* PROD-7 */
  flat_leaves(&Z, &fz);
  flat_leaves(&Ti, &ft);
  flat_leaves(&Fl, &ff);
  CHECK(ct_l_equal(&fz, &ft, 0) && ct_l_equal(&fz, &ff, 0), "PROD-7 leaves %s x %s", sa, st);
  CHECK(ct_l_rank(&Ti) == 1 + ct_l_rank(&Z1), "PROD-7 tiled rank %s x %s", sa, st);
  CHECK(ct_l_rank(&Fl) == ct_l_rank(&Z0) + ct_l_rank(&Z1), "PROD-7 flat rank %s x %s", sa, st);
  return 1;
}

static void check_tilers(void) {
  static const int64_t AS[] = {2, 3, 4}, AD[] = {1, 2, 5};
  int ia, accepted = 0;
  for (ia = 0; ia < 3 * 3 * 3 * 3; ++ia) {
    int64_t s[3], d[3];
    ct_layout A;
    s[0] = AS[ia % 3];
    s[1] = AS[(ia / 3) % 3];
    s[2] = 2;
    d[0] = AD[(ia / 9) % 3];
    d[1] = 7 * AD[(ia / 27) % 3];
    d[2] = 1000;
    make_flat(&A, 3, s, d);
    accepted += sweep_tilers(&A, check_tiler_one);
  }
  CHECK(accepted > 100, "tiler sweep accepted %d", accepted);
}

/* --- blocked_product, raked_product ----------------------------------------------- */

static int n_rank_ok;

static void check_rank_one(const ct_layout *A, const ct_layout *B) {
  static int64_t vb[MAXV], vr[MAXV], vp[MAXV];
  ct_layout Bl, Rk, Ap, Bp, P, P1, one;
  ct_err e;
  ct_code rb, rr, rp;
  char sa[256], sb[256];
  int R = ct_l_rank(A) > ct_l_rank(B) ? ct_l_rank(A) : ct_l_rank(B), k;
  int64_t a[8], b[8], x[8], y[8], c[8];
  show(A, sa, sizeof sa);
  show(B, sb, sizeof sb);
  ct_l_set_int(&one, 1, 1, 0, 1);
  Ap = *A;
  Bp = *B;
  while (ct_l_rank(&Ap) < R) OK(ct_l_append(&Ap, &one, &Ap, &e));
  while (ct_l_rank(&Bp) < R) OK(ct_l_append(&Bp, &one, &Bp, &e));
  rb = ct_blocked_product(A, B, &Bl, &e);
  rr = ct_raked_product(A, B, &Rk, &e);
  rp = ct_logical_product(&Ap, &Bp, &P, &e);
  CHECK(rb == rp && rr == rp, "blocked/raked(%s, %s): %s %s, logical_product %s", sa, sb, ct_code_name(rb),
        ct_code_name(rr), ct_code_name(rp));
  if (rp != CT_OK || rb != CT_OK || rr != CT_OK) return;
  ++n_rank_ok;
  P1 = mode_of(&P, 1);
  /* BLK-1, RAKE-1 */
  CHECK(ct_l_rank(&Bl) == R && ct_l_rank(&Rk) == R, "BLK-1/RAKE-1 rank (%s, %s)", sa, sb);
  /* BLK-2, RAKE-2 */
  for (k = 0; k < R; ++k) {
    ct_layout Ak = R == 1 ? Ap : mode_of(&Ap, k), Tk = R == 1 ? P1 : mode_of(&P1, k), Z, Blk = mode_of(&Bl, k),
              Rkk = mode_of(&Rk, k);
    const ct_layout *parts[2];
    a[k] = size_of(&Ak);
    b[k] = size_of(R == 1 ? &Bp : &Tk);
    parts[0] = &Ak;
    parts[1] = &Tk;
    OK(ct_l_concat(parts, 2, &Z, &e));
    CHECK(ct_l_equal(&Blk, &Z, 1), "BLK-2 mode %d (%s, %s)", k, sa, sb);
    parts[0] = &Tk;
    parts[1] = &Ak;
    OK(ct_l_concat(parts, 2, &Z, &e));
    CHECK(ct_l_equal(&Rkk, &Z, 1), "RAKE-2 mode %d (%s, %s)", k, sa, sb);
    CHECK(size_of(&Blk) == a[k] * b[k] && size_of(&Rkk) == a[k] * b[k], "BLK-2/RAKE-2 size<%d> (%s, %s)", k, sa, sb);
  }
  CHECK(size_of(&Bl) == size_of(A) * size_of(B), "BLK-2 size (%s, %s)", sa, sb);
  /* BLK-3, RAKE-3: every (x, y) */
  {
    int64_t nx = 1, ny = 1, ix, iy;
    for (k = 0; k < R; ++k) {
      nx *= a[k];
      ny *= b[k];
    }
    for (ix = 0; ix < nx; ++ix)
      for (iy = 0; iy < ny; ++iy) {
        int64_t tx = ix, ty = iy, want;
        for (k = 0; k < R; ++k) {
          x[k] = tx % a[k];
          tx /= a[k];
          y[k] = ty % b[k];
          ty /= b[k];
        }
        want = at_modes(&Ap, x, R) + at_modes(&P1, y, R);
        for (k = 0; k < R; ++k) c[k] = x[k] + a[k] * y[k];
        if (at_modes(&Bl, c, R) != want) {
          CHECK(0, "BLK-3 at x=%lld y=%lld (%s, %s)", (long long)ix, (long long)iy, sa, sb);
          ix = nx;
          break;
        }
        for (k = 0; k < R; ++k) c[k] = y[k] + b[k] * x[k];
        if (at_modes(&Rk, c, R) != want) {
          CHECK(0, "RAKE-3 at x=%lld y=%lld (%s, %s)", (long long)ix, (long long)iy, sa, sb);
          ix = nx;
          break;
        }
      }
  }
  /* BLK-4, RAKE-4 */
  {
    int64_t n1 = values(&Bl, vb), n2 = values(&Rk, vr), n3 = values(&P, vp);
    CHECK(n1 == n2 && n2 == n3 && n1 >= 0 && memcmp(vb, vr, (size_t)n1 * sizeof vb[0]) == 0 &&
              memcmp(vb, vp, (size_t)n1 * sizeof vb[0]) == 0,
          "BLK-4/RAKE-4 same values (%s, %s)", sa, sb);
    if (injective(A) && injective(B) && nonnegative(B))
      CHECK(injective(&Bl) && injective(&Rk), "BLK-4 injective (%s, %s)", sa, sb);
  }
}

static void check_rank_products(void) {
  static const int64_t S[] = {1, 2, 3}, D[] = {0, 1, 2, 3, 6};
  int ra, rb;
  for (ra = 1; ra <= 3; ++ra)
    for (rb = 1; rb <= 3; ++rb) {
      int ia, ib, na = 1, nb = 1, k;
      for (k = 0; k < ra; ++k) na *= 15;
      for (k = 0; k < rb; ++k) nb *= 15;
      if (ra + rb > 4) { /* sample the larger spaces */
        na = na > 225 ? 225 : na;
        nb = nb > 225 ? 225 : nb;
      }
      for (ia = 0; ia < na; ++ia)
        for (ib = 0; ib < nb; ++ib) {
          int64_t s[3], d[3], t[3], u[3];
          ct_layout A, B;
          int q = ia, w = ib;
          for (k = 0; k < ra; ++k) {
            s[k] = S[q % 3] + (ra > 2 ? 0 : 1);
            d[k] = D[(q / 3) % 5];
            q /= 15;
            if (ra + rb > 4) q = q * 7 + 3;
          }
          for (k = 0; k < rb; ++k) {
            t[k] = S[w % 3] + (rb > 2 ? 0 : 1);
            u[k] = D[(w / 3) % 5];
            w /= 15;
            if (ra + rb > 4) w = w * 5 + 1;
          }
          make_flat(&A, ra, s, d);
          make_flat(&B, rb, t, u);
          check_rank_one(&A, &B);
        }
    }
  CHECK(n_rank_ok > 1000, "blocked/raked sweep accepted %d", n_rank_ok);
}

/* --- tile_to_shape --------------------------------------------------------------- */

static void check_tile_to_shape(void) {
  static const int64_t S[] = {1, 2, 3}, D[] = {1, 2, 3, 6}, N[] = {1, 2, 3};
  int rb, rt, ib, it, accepted = 0, k;
  for (rb = 1; rb <= 2; ++rb)
    for (rt = 1; rt <= 3; ++rt)
      for (ib = 0; ib < (rb == 1 ? 12 : 144); ++ib)
        for (it = 0; it < 27 * 2; ++it) {
          int64_t s[2], d[2], tgt[3], nn[3];
          ct_layout block, Bp, R, W, tiles, one;
          ct_tuple target, counts;
          ct_err e;
          ct_code rc;
          char sb[256], stt[256];
          int h, divisible = 1, q = ib;
          for (k = 0; k < rb; ++k) {
            s[k] = S[q % 3] + 1;
            d[k] = D[(q / 3) % 4];
            q /= 12;
          }
          make_flat(&block, rb, s, d);
          ct_l_set_int(&one, 1, 1, 0, 1);
          Bp = block;
          while (ct_l_rank(&Bp) < rt) OK(ct_l_append(&Bp, &one, &Bp, &e));
          /* target mode k: size<k>(block') * n_k, or that plus 1 (not divisible) */
          ct_t_clear(&target);
          if (rt > 1) OK(ct_t_open(&target, &h, &e));
          for (k = 0; k < rt; ++k) {
            ct_layout Bk = rt == 1 ? Bp : (k < ct_l_rank(&Bp) ? mode_of(&Bp, k) : one);
            nn[k] = N[(it / (k == 0 ? 1 : k == 1 ? 3 : 9)) % 3];
            tgt[k] = size_of(&Bk) * nn[k];
            if (k == 0 && it >= 27 && size_of(&Bk) > 1) {
              tgt[k] += 1;
              divisible = 0;
            }
            OK(ct_t_push_int(&target, tgt[k], 0, &e));
          }
          if (rt > 1) OK(ct_t_close(&target, h, &e));
          show(&block, sb, sizeof sb);
          ct_print_tuple(&target, 0, stt, sizeof stt);
          rc = ct_tile_to_shape(&block, &target, 0, &R, &e);
          if (rb > rt) {
            CHECK(rc == CT_TOO_MANY_MODES, "tile_to_shape(%s, %s): %s", sb, stt, ct_code_name(rc));
            continue;
          }
          if (!divisible) {
            CHECK(rc == CT_NOT_DIVISIBLE, "tile_to_shape(%s, %s): %s", sb, stt, ct_code_name(rc));
            continue;
          }
          /* TILE-1 */
          ct_t_clear(&counts);
          if (rt > 1) OK(ct_t_open(&counts, &h, &e));
          for (k = 0; k < rt; ++k) OK(ct_t_push_int(&counts, nn[k], 0, &e));
          if (rt > 1) OK(ct_t_close(&counts, h, &e));
          OK(ct_l_compact_left(&counts, &tiles, &e));
          {
            ct_code wc = ct_blocked_product(&Bp, &tiles, &W, &e);
            CHECK(rc == wc, "TILE-1 admissibility tile_to_shape(%s, %s): %s vs %s", sb, stt, ct_code_name(rc),
                  ct_code_name(wc));
            if (rc != CT_OK || wc != CT_OK) continue;
          }
          ++accepted;
          CHECK(ct_l_equal(&R, &W, 1), "TILE-1 tile_to_shape(%s, %s)", sb, stt);
          /* TILE-2 */
          CHECK(ct_l_rank(&R) == rt, "TILE-2 rank tile_to_shape(%s, %s)", sb, stt);
          for (k = 0; k < rt; ++k) {
            ct_layout Rk = rt == 1 ? R : mode_of(&R, k);
            CHECK(size_of(&Rk) == tgt[k], "TILE-2 size<%d> tile_to_shape(%s, %s)", k, sb, stt);
          }
          /* TILE-3: the block in the corner */
          {
            int64_t n = 1, i, x[3], c;
            int64_t a[3];
            for (k = 0; k < rt; ++k) {
              ct_layout Bk = rt == 1 ? Bp : mode_of(&Bp, k);
              a[k] = size_of(&Bk);
              n *= a[k];
            }
            for (i = 0; i < n; ++i) {
              int64_t tt = i;
              for (k = 0; k < rt; ++k) {
                x[k] = tt % a[k];
                tt /= a[k];
              }
              c = at_modes(&R, x, rt);
              if (c != at_modes(&Bp, x, rt)) {
                CHECK(0, "TILE-3 at %lld tile_to_shape(%s, %s)", (long long)i, sb, stt);
                break;
              }
            }
          }
          /* TILE-4 */
          if (injective(&block)) CHECK(injective(&R), "TILE-4 tile_to_shape(%s, %s)", sb, stt);
          /* TILE-1..2 with a mode order: reversed, (R-1, ..., 0) */
          if (rt > 1) {
            ct_tuple order;
            ct_layout RO, WO, ord;
            ct_t_clear(&order);
            OK(ct_t_open(&order, &h, &e));
            for (k = 0; k < rt; ++k) OK(ct_t_push_int(&order, rt - 1 - k, 0, &e));
            OK(ct_t_close(&order, h, &e));
            CHECK(ct_make_ordered_layout(&counts, &order, &ord, &e) == CT_OK, "make_ordered_layout");
            rc = ct_tile_to_shape(&block, &target, &order, &RO, &e);
            CHECK(rc == ct_blocked_product(&Bp, &ord, &WO, &e), "TILE-1 order admissibility (%s, %s)", sb, stt);
            if (rc == CT_OK) {
              CHECK(ct_l_equal(&RO, &WO, 1), "TILE-1 order tile_to_shape(%s, %s)", sb, stt);
              for (k = 0; k < rt; ++k) {
                ct_layout Rk = mode_of(&RO, k);
                CHECK(size_of(&Rk) == tgt[k], "TILE-2 order size<%d> tile_to_shape(%s, %s)", k, sb, stt);
              }
              if (injective(&block)) CHECK(injective(&RO), "TILE-4 order tile_to_shape(%s, %s)", sb, stt);
            }
          }
        }
  CHECK(accepted > 500, "tile_to_shape sweep accepted %d", accepted);
}

int main(void) {
  check_examples();
  check_exhaustive();
  check_tilers();
  check_rank_products();
  check_tile_to_shape();
  return ct_done();
}
