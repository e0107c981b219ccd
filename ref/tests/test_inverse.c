/* Tests of spec/inverse.md: the C++ vectors, and every post-condition (RINV,
 * LINV, NULL, MCL, MCV) checked by brute force on all small flat layouts
 * (rank <= 3, shapes 1..4, strides 0..8) and on pairs of them, together with
 * the exact conditions under which each operation rejects its input. */
#include "ref/inverse.h"
#include "ref/notation.h"
#include "ref/tests/check.h"
#include "ref/tests/testlib.h"

/* --- the examples: results compared as text ------------------------------- */

typedef ct_code (*unary_fn)(const ct_layout *, ct_layout *, ct_err *);

static void check_unary(unary_fn f, const char *name, const char *in, const char *want) {
  ct_layout L = parse(in), R;
  ct_err e;
  ct_code rc = f(&L, &R, &e);
  CHECK(rc == CT_OK, "%s(%s): %s", name, in, e.msg);
  if (rc == CT_OK) CHECK_STR(lstr(&R), want, "%s(%s)", name, in);
}

static void check_unary_err(unary_fn f, const char *name, const char *in, ct_code want) {
  ct_layout L = parse(in), R;
  ct_err e;
  ct_code rc = f(&L, &R, &e);
  CHECK(rc == want, "%s(%s): got %s, want %s", name, in, ct_code_name(rc), ct_code_name(want));
}

static void examples(void) {
  /* C++ vectors (anchor notes section 3, vectors 11, 12, 19) */
  check_unary(ct_right_inverse, "right_inverse", "(2,4,6):(4,1,8)", "(4,2,6):(2,1,8)");
  check_unary(ct_right_inverse, "right_inverse", "(2,4,4,6):(4,1,0,8)", "(4,2,6):(2,1,32)");
  check_unary(ct_right_inverse, "right_inverse", "(4,2):(1,5)", "4:1");
  check_unary(ct_right_inverse, "right_inverse", "(128,3,160):(65536,512,1)", "160:384");
  check_unary(ct_right_inverse, "right_inverse", "(2,4):(0,1)", "4:2");
  check_unary(ct_right_inverse, "right_inverse", "(2,3):(1,1)", "2:1");
  check_unary(ct_right_inverse, "right_inverse", "_1:_0", "_1:_0");
  check_unary(ct_right_inverse, "right_inverse", "(_4,_8):(_8,_1)", "(_8,_4):(_4,_1)");
  check_unary(ct_right_inverse, "right_inverse", "(2,2):(-1,2)", "_1:_0"); /* RINV-NEG: r is no layout's, the chain */
  check_unary(ct_right_inverse, "right_inverse", "(2,2):(-5,6)", "2:3");
  check_unary(ct_right_inverse, "right_inverse", "(1,4):(-1,1)", "4:1");

  check_unary(ct_left_inverse, "left_inverse", "4:2", "(2,4):(0,1)");
  check_unary(ct_left_inverse, "left_inverse", "_4:_2", "(_2,_4):(_0,_1)");
  check_unary(ct_left_inverse, "left_inverse", "(4,2):(1,5)", "(5,2):(1,4)");
  check_unary(ct_left_inverse, "left_inverse", "(2,2,2):(4,0,1)", "(4,2):(4,1)");
  check_unary(ct_left_inverse, "left_inverse", "(4,2):(1,16)", "(16,2):(1,4)");
  check_unary(ct_left_inverse, "left_inverse", "4:0", "4:0");
  check_unary(ct_left_inverse, "left_inverse", "(2,4,8):(32,0,2)", "(2,16,2):(0,8,1)");
  check_unary(ct_left_inverse, "left_inverse", "(2,2):(2,3)", "(2,3):(1,1)"); /* LINV-SEARCH */
  check_unary(ct_left_inverse, "left_inverse", "(2,2,4):(1,1,100)", "(2,2,20,5):(1,3,0,4)");
  check_unary_err(ct_left_inverse, "left_inverse", "(2,2):(1,1)", CT_NO_LAYOUT);
  check_unary_err(ct_left_inverse, "left_inverse", "(4,2):(1,2)", CT_NO_LAYOUT);
  check_unary_err(ct_left_inverse, "left_inverse", "(2,2):(3,5)", CT_NO_LAYOUT);
  check_unary_err(ct_left_inverse, "left_inverse", "(2,2):(2048,3072)", CT_UNDECIDED);
  check_unary_err(ct_left_inverse, "left_inverse", "4:-1", CT_NEGATIVE_STRIDE);
  check_unary_err(ct_left_inverse, "left_inverse", "(2,2):(1,4611686018427387904)", CT_OVERFLOW);

  check_unary(ct_nullspace, "nullspace", "(7,5,16):(3,1,0)", "16:35");
  check_unary(ct_nullspace, "nullspace", "(4,8):(1,4)", "_1:_0");
  check_unary(ct_nullspace, "nullspace", "(2,3,4):(0,1,0)", "(2,4):(_1,6)");
  check_unary_err(ct_nullspace, "nullspace", "(2,2):(1,-1)", CT_NEGATIVE_STRIDE); /* NULL-NEG: the strides cancel */
  check_unary(ct_nullspace, "nullspace", "2:-1", "_1:_0");
  check_unary(ct_nullspace, "nullspace", "(2,2,3):(1,-4,0)", "3:4");

  {
    static const struct {
      const char *a, *b, *layout;
      int64_t n;
    } mc[] = {
        {"(8,4):(1,16)", "(8,4):(1,8)", "8:1", 8},
        {"(4,8):(8,1)", "(4,8):(1,4)", "1:0", 1},
        {"(4,8):(1,4)", "(4,8):(1,4)", "32:1", 32},
        {"(2,4):(4,1)", "(2,4):(4,1)", "(4,2):(2,1)", 8},
        {"(8,4):(1,8)", "32:1", "32:1", 32},
        {"4:1", "8:1", "4:1", 4},                 /* size(a) < size(b): inside both domains */
        {"1:0", "2:0", "1:0", 1},
        {"(2,2):(1,2)", "(2,2):(-1,2)", "1:0", 1},
        {"(2,2):(-5,6)", "(2,2):(-5,6)", "2:3", 2}, /* the least common indices (MCL-R) */
        {"(2,2):(1,0)", "(2,2):(0,1)", "2:3", 2},
        {"(3,6):(1,0)", "(2,4,2):(1,0,2)", "2:1", 3}, /* C, shorter than N (MCL-4) */
    };
    int k;
    for (k = 0; k < (int)(sizeof mc / sizeof mc[0]); ++k) {
      ct_layout a = parse(mc[k].a), b = parse(mc[k].b), R;
      ct_val n;
      ct_err e;
      CHECK(ct_max_common_layout(&a, &b, &R, &e) == CT_OK, "max_common_layout(%s, %s): %s", mc[k].a, mc[k].b, e.msg);
      {
        ct_layout W = parse(mc[k].layout);
        CHECK(ct_l_equivalent(&R, &W), "max_common_layout(%s, %s) = %s, want %s", mc[k].a, mc[k].b, lstr(&R), mc[k].layout);
      }
      CHECK(ct_max_common_vector(&a, &b, &n, &e) == CT_OK && n.v == mc[k].n, "max_common_vector(%s, %s) = %lld",
            mc[k].a, mc[k].b, (long long)n.v);
    }
  }
}

/* --- brute force on small flat layouts ------------------------------------- */

#define MAXR 3
#define MAXN 64

typedef struct {
  ct_layout L;
  int r;
  int64_t s[MAXR], d[MAXR];
  int64_t size;
  int64_t val[MAXN];   /* L(i) */
  int64_t crd[MAXN][MAXR];
  int injective;       /* L itself */
  int finj;            /* filter(L): equal values only differ on stride-0 leaves */
  int bijective;       /* a bijection onto [0, size) */
  int64_t prefix;      /* largest n with [0, n) in the image */
  int negative;        /* a leaf of size > 1 with a negative stride */
} flat;

static void build(flat *f, int r, const int64_t *s, const int64_t *d) {
  int k;
  int64_t i, j;
  f->r = r;
  make_flat(&f->L, r, s, d);
  f->size = 1;
  f->negative = 0;
  for (k = 0; k < r; ++k) {
    f->s[k] = s[k];
    f->d[k] = d[k];
    f->size *= s[k];
    if (s[k] > 1 && d[k] < 0) f->negative = 1;
  }
  for (i = 0; i < f->size; ++i) {
    int64_t x = i, v = 0;
    for (k = 0; k < r; ++k) {
      f->crd[i][k] = x % s[k];
      v += f->crd[i][k] * d[k];
      x /= s[k];
    }
    f->val[i] = v;
  }
  f->injective = f->finj = 1;
  for (i = 0; i < f->size; ++i)
    for (j = i + 1; j < f->size; ++j)
      if (f->val[i] == f->val[j]) {
        f->injective = 0;
        for (k = 0; k < r; ++k)
          if (d[k] != 0 && f->crd[i][k] != f->crd[j][k]) f->finj = 0;
      }
  f->prefix = 0;
  for (;;) {
    int found = 0;
    for (i = 0; i < f->size && !found; ++i) found = f->val[i] == f->prefix;
    if (!found) break;
    ++f->prefix;
  }
  f->bijective = f->injective && f->prefix == f->size;
}

static int64_t nfail; /* limit the noise of a broken build */
#define CHECKQ(cond, ...)                                                       \
  do {                                                                         \
    if (cond) ++ct_passed;                                                     \
    else if (++nfail <= 40) CHECK(cond, __VA_ARGS__);                           \
    else ++ct_failed;                                                          \
  } while (0)

/* Whether some layout of size n has the values f[0..n) (f[0] == 0): a
 * search over first modes s:f[1] and the rest by recursion (host only). */
static int brute_layout(const int64_t *f, int64_t n, int64_t step) {
  int64_t s, i, q;
  if (n <= 1) return 1;
  for (s = 2; s <= n; ++s) {
    int ok = n % s == 0;
    for (i = 1; i < s && ok; ++i) ok = f[i * step] == i * f[step];
    if (!ok) continue;
    { /* the rest: g(j) = f(j*s), and f(a + s*j) == f(a) + g(j) */
      for (q = 0; q < n && ok; ++q) ok = f[q * step] == f[(q % s) * step] + f[(q / s) * s * step];
      if (ok && brute_layout(f, n / s, step * s)) return 1;
    }
  }
  return 0;
}

/* r(v), the least index where L is v, for v < f->prefix; whether a layout has r. */
static int least_is_layout(const flat *f) {
  int64_t r[MAXN], v, j;
  for (v = 0; v < f->prefix; ++v)
    for (r[v] = -1, j = 0; j < f->size && r[v] < 0; ++j)
      if (f->val[j] == v) r[v] = j;
  return brute_layout(r, f->prefix, 1);
}

static void check_right_inverse(const flat *f) {
  ct_layout R;
  ct_err e;
  ct_code rc = ct_right_inverse(&f->L, &R, &e);
  const char *l = lstr(&f->L);
  int64_t n, i, ok1 = 1, ok2 = 1;
  CHECKQ(rc == CT_OK, "right_inverse(%s): %s", l, e.msg); /* never rejected (RINV-6) */
  if (rc != CT_OK) return;
  n = size_of(&R);
  for (i = 0; i < n; ++i) {
    int64_t j = at(&R, i);
    if (j < 0 || j >= f->size) ok2 = 0;          /* RINV-2 */
    else if (f->val[j] != i) ok1 = 0;            /* RINV-1 */
  }
  CHECKQ(ok1, "RINV-1: right_inverse(%s) = %s", l, lstr(&R));
  CHECKQ(ok2, "RINV-2: right_inverse(%s) = %s", l, lstr(&R));
  /* any right inverse has size <= prefix; RINV-3: equality when filter(L) is
     injective and (with a negative stride) the least indices are a layout's */
  CHECKQ(n <= f->prefix, "right_inverse(%s) = %s larger than the image prefix %lld", l, lstr(&R), (long long)f->prefix);
  if (f->finj && (!f->negative || least_is_layout(f))) {
    int ok4 = 1;
    CHECKQ(n == f->prefix, "RINV-3: right_inverse(%s) = %s, prefix %lld", l, lstr(&R), (long long)f->prefix);
    for (i = 0; i < n && ok4; ++i) { /* RINV-4: the smallest index with value i */
      int64_t j, least = -1;
      for (j = 0; j < f->size && least < 0; ++j)
        if (f->val[j] == i) least = j;
      ok4 = at(&R, i) == least;
    }
    CHECKQ(ok4, "RINV-4: right_inverse(%s) = %s", l, lstr(&R));
  }
  if (f->bijective) { /* RINV-5 */
    int ok = n == f->size;
    for (i = 0; i < f->size && ok; ++i) ok = at(&R, f->val[i]) == i;
    CHECKQ(ok, "RINV-5: right_inverse(%s) = %s", l, lstr(&R));
  }
}

/* The left inverse's conditions computed independently from coalesce(L):
 * 1 if the sorted non-zero strides do not divide each other, 2 if they do
 * but filter(L) is not injective, 0 if neither. */
static int linv_condition(const flat *f) {
  ct_layout C;
  ct_err e;
  int64_t ds[CT_MAX_NODES];
  int n = 0, k, j;
  OK(ct_coalesce(&f->L, &C, &e));
  for (k = 0; k < C.stride.n; ++k)
    if (C.stride.nd[k].kind == CT_INT && C.stride.nd[k].v != 0) ds[n++] = C.stride.nd[k].v;
  for (k = 1; k < n; ++k) /* sort */
    for (j = k; j > 0 && ds[j - 1] > ds[j]; --j) {
      int64_t t = ds[j];
      ds[j] = ds[j - 1];
      ds[j - 1] = t;
    }
  for (k = 1; k < n; ++k)
    if (ds[k] % ds[k - 1] != 0) return 1;
  return f->finj ? 0 : 2;
}

static void check_left_inverse(const flat *f) {
  ct_layout R;
  ct_err e;
  ct_code rc = ct_left_inverse(&f->L, &R, &e);
  const char *l = lstr(&f->L);
  int64_t n, i;
  int ok1 = 1, ok2 = 1, cond;
  if (f->negative) {
    CHECKQ(rc == CT_NEGATIVE_STRIDE, "left_inverse(%s): %s, want NEGATIVE_STRIDE", l, ct_code_name(rc));
    return;
  }
  cond = linv_condition(f);
  /* outside LINV-DIV/LINV-INJ (cond != 0): the search answers or proves none (LINV-6) */
  CHECKQ(cond == 0 ? rc == CT_OK : rc == CT_OK || rc == CT_NO_LAYOUT, "left_inverse(%s): %s (%s)", l, ct_code_name(rc),
         rc == CT_OK ? lstr(&R) : e.msg);
  if (rc != CT_OK) return;
  n = size_of(&R);
  for (i = 0; i < f->size; ++i) {
    int64_t x = f->val[i], y, j, least = -1;
    if (x < 0 || x >= n) { ok1 = 0; continue; } /* LINV-1: L(i) in R's domain */
    y = at(&R, x);
    if (y < 0 || y >= f->size || f->val[y] != x) { ok1 = 0; continue; }
    for (j = 0; j < f->size && least < 0; ++j)
      if (f->val[j] == x) least = j;
    if (y != least) ok2 = 0; /* LINV-2 */
  }
  CHECKQ(ok1, "LINV-1: left_inverse(%s) = %s", l, lstr(&R));
  CHECKQ(ok2, "LINV-2: left_inverse(%s) = %s", l, lstr(&R));
  if (f->injective) { /* LINV-3 */
    int ok = 1;
    for (i = 0; i < f->size && ok; ++i) ok = at(&R, f->val[i]) == i;
    CHECKQ(ok, "LINV-3: left_inverse(%s) = %s", l, lstr(&R));
  }
  if (f->bijective) { /* LINV-4 */
    ct_layout Q;
    int ok = n == f->size && ct_right_inverse(&f->L, &Q, &e) == CT_OK && ct_l_same_function(&Q, &R);
    CHECKQ(ok, "LINV-4: left_inverse(%s) = %s", l, lstr(&R));
  }
  { /* LINV-5: size(R) = s*d for the largest-stride mode s:d of coalesce(L) (of several, the largest s*d);
       size(L) if every stride is 0 */
    ct_layout C;
    int64_t want = f->size, dmax = 0;
    int k;
    OK(ct_coalesce(&f->L, &C, &e));
    for (k = 0; k < C.shape.n; ++k) {
      int64_t s = C.shape.nd[k].v, d = C.stride.nd[k].v;
      if (C.shape.nd[k].kind != CT_INT || s <= 1) continue;
      if (d > dmax || (d == dmax && d > 0 && s * d > want)) {
        dmax = d;
        want = s * d;
      }
    }
    CHECKQ(n == want, "LINV-5: left_inverse(%s) = %s, want size %lld", l, lstr(&R), (long long)want);
  }
}

static void check_nullspace(const flat *f) {
  ct_layout R, F;
  ct_err e;
  ct_code rc = ct_nullspace(&f->L, &R, &e);
  const char *l = lstr(&f->L);
  int64_t n, i, kernel = 0, prev = -1;
  int ok1 = 1, ok3 = 1;
  for (i = 0; i < f->size; ++i) kernel += f->val[i] == 0;
  OK(ct_filter(&f->L, &F, &e));
  if (kernel * size_of(&F) > f->size) { /* NULL-NEG: L is 0 beyond its stride-0 leaves: strides cancel */
    CHECKQ(rc == CT_NEGATIVE_STRIDE, "nullspace(%s): %s, want NEGATIVE_STRIDE", l, ct_code_name(rc));
    return;
  }
  CHECKQ(rc == CT_OK, "nullspace(%s): %s", l, e.msg);
  if (rc != CT_OK) return;
  n = size_of(&R);
  for (i = 0; i < n; ++i) {
    int64_t j = at(&R, i);
    if (j < 0 || j >= f->size || f->val[j] != 0) ok1 = 0; /* NULL-1 */
    if (j <= prev) ok3 = 0;                               /* NULL-3 */
    prev = j;
  }
  CHECKQ(ok1, "NULL-1: nullspace(%s) = %s", l, lstr(&R));
  CHECKQ(n * size_of(&F) == f->size, "NULL-2: nullspace(%s) = %s", l, lstr(&R));
  CHECKQ(ok3, "NULL-3: nullspace(%s) = %s", l, lstr(&R));
  CHECKQ(n == kernel, "NULL-4: nullspace(%s) = %s, kernel has %lld", l, lstr(&R), (long long)kernel); /* with NULL-1, -3 */
}

/* MCL/MCV on a pair: MCL-1, MCL-2, N the common run (MCV-1), and with a or
 * b injective size(R) == N exactly when a layout has the least common
 * indices (MCL-4). */
static int64_t mcl_ok, mcl_short;

static void check_mcl(const flat *a, const flat *b) {
  ct_layout R;
  ct_val v;
  ct_err e;
  ct_code rc = ct_max_common_layout(&a->L, &b->L, &R, &e);
  const char *la = lstr(&a->L), *lb = lstr(&b->L);
  int64_t n, i, N = 0, m = a->size < b->size ? a->size : b->size, r[MAXN + 1];
  int ok1 = 1, ok2 = 1;
  CHECKQ(rc == CT_OK, "max_common_layout(%s, %s): %s", la, lb, e.msg);
  if (rc != CT_OK) return;
  ++mcl_ok;
  n = size_of(&R);
  for (i = 0; i < n; ++i) {
    int64_t j = at(&R, i);
    if (j < 0 || j >= m) { ok2 = 0; continue; }                 /* MCL-2 */
    if (a->val[j] != i || b->val[j] != i) ok1 = 0;              /* MCL-1 */
  }
  CHECKQ(ok1 && n >= 1, "MCL-1: max_common_layout(%s, %s) = %s", la, lb, lstr(&R));
  CHECKQ(ok2, "MCL-2: max_common_layout(%s, %s) = %s", la, lb, lstr(&R));
  for (;;) { /* the common run, and the least common indices */
    r[N] = -1;
    for (i = 0; i < m && r[N] < 0; ++i)
      if (a->val[i] == N && b->val[i] == N) r[N] = i;
    if (r[N] < 0) break;
    ++N;
  }
  CHECKQ(ct_max_common_vector(&a->L, &b->L, &v, &e) == CT_OK && v.v == N && n <= N,
         "MCV-1: max_common_vector(%s, %s) = %lld, the common run %lld", la, lb, (long long)v.v, (long long)N);
  if (a->injective || b->injective)
    CHECKQ((n == N) == brute_layout(r, N, 1), "MCL-4: max_common_layout(%s, %s) = %s, the common run %lld", la, lb,
           lstr(&R), (long long)N);
  mcl_short += n < N;
}

/* The flat layouts of rank 1..maxr with shapes 1..maxs and strides lo..hi,
 * numbered from 0: nth builds number idx and returns 0 past the end. */
static int nth(flat *f, long idx, int maxr, int maxs, int lo, int hi) {
  int r, k, span = hi - lo + 1;
  for (r = 1; r <= maxr; ++r) {
    long combos = 1;
    for (k = 0; k < r; ++k) combos *= (long)maxs * span;
    if (idx < combos) {
      int64_t s[MAXR], d[MAXR];
      long x = idx;
      for (k = 0; k < r; ++k) {
        s[k] = 1 + x % maxs;
        x /= maxs;
        d[k] = lo + x % span;
        x /= span;
      }
      build(f, r, s, d);
      return 1;
    }
    idx -= combos;
  }
  return 0;
}

static flat small[1000], one, two;

static void unary_checks(int maxr, int maxs, int lo, int hi, const char *what) {
  long i;
  for (i = 0; nth(&one, i, maxr, maxs, lo, hi); ++i) {
    check_right_inverse(&one);
    check_left_inverse(&one);
    check_nullspace(&one);
  }
  printf("%s: %ld layouts\n", what, i);
}

int main(void) {
  int n, i, j;
  unsigned long long seed = 12345;
  examples();

  unary_checks(3, 4, 0, 8, "inverses, rank <= 3, shapes 1..4, strides 0..8");
  /* negative strides: left_inverse rejects them, nullspace where they cancel */
  unary_checks(3, 3, -3, 3, "inverses, rank <= 3, shapes 1..3, strides -3..3");

  /* MCL, MCV: every pair of rank <= 2 layouts (shapes 1..4, strides 0..6), either size first */
  for (n = 0; n < 1000 && nth(&small[n], n, 2, 4, 0, 6); ++n) {}
  for (i = 0; i < n; ++i)
    for (j = 0; j < n; ++j) check_mcl(&small[i], &small[j]);
  /* and random pairs of rank <= 3 layouts, some with negative strides */
  for (i = 0; i < 200000; ++i) {
    long x, y;
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    x = (long)((seed >> 33) % 47988ULL); /* rank <= 3, shapes 1..4, strides -1..7 */
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    y = (long)((seed >> 33) % 47988ULL);
    nth(&one, x, 3, 4, -1, 7);
    nth(&two, y, 3, 4, -1, 7);
    check_mcl(&one, &two);
  }
  printf("max_common_layout: %lld answered, %lld shorter than the common run\n", (long long)mcl_ok, (long long)mcl_short);
  return ct_done();
}
