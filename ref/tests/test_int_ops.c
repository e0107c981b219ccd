/* Tests of spec/inttuple.md: the post-conditions IT-1..IT-24 on every small
 * IntTuple (flat and nested, entries 1..6) and divisor, agreement with CuTe
 * C++'s formulas wherever the reference answers, the pycute vectors, and the
 * rejections (codes). */
#include "ref/int_ops.h"
#include "ref/layout.h"
#include "ref/notation.h"
#include "ref/tests/check.h"
#include "ref/tests/testlib.h"

#include <stdlib.h>

static ct_tuple tup(const char *s) { return parse_tuple(s, 1); }

static ct_val val(int64_t v) {
  ct_val x;
  x.v = v;
  x.stat = 0;
  return x;
}

/* Leaves of t (preorder = colexicographic order). */
static int leaves(const ct_tuple *t, int64_t *x) {
  int j, n = 0;
  for (j = 0; j < t->n; ++j)
    if (t->nd[j].kind == CT_INT) x[n++] = t->nd[j].v;
  return n;
}

static int64_t prod(const ct_tuple *t) {
  int64_t x[CT_MAX_NODES], p = 1;
  int k, n = leaves(t, x);
  for (k = 0; k < n; ++k) p *= x[k];
  return p;
}

static int all_ones(const ct_tuple *t) {
  int64_t x[CT_MAX_NODES];
  int k, n = leaves(t, x);
  for (k = 0; k < n; ++k)
    if (x[k] != 1) return 0;
  return 1;
}

/* --- the pool of small tuples: flat rank 1..3 and two nested profiles -------- */

#define POOL_MAX 1200
static ct_tuple pool[POOL_MAX];
static int npool;

static void add(const char *s) {
  if (npool < POOL_MAX) pool[npool++] = tup(s);
}

static void build_pool(void) {
  int x, y, z;
  char s[64];
  for (x = 1; x <= 6; ++x) {
    snprintf(s, sizeof s, "%d", x);
    add(s);
    snprintf(s, sizeof s, "(%d)", x);
    add(s);
    for (y = 1; y <= 6; ++y) {
      snprintf(s, sizeof s, "(%d,%d)", x, y);
      add(s);
      for (z = 1; z <= 6; ++z) {
        snprintf(s, sizeof s, "(%d,%d,%d)", x, y, z);
        add(s);
        snprintf(s, sizeof s, "(%d,(%d,%d))", x, y, z);
        add(s);
        snprintf(s, sizeof s, "((%d,%d),%d)", x, y, z);
        add(s);
      }
    }
  }
}

/* --- C++'s formulas (int_tuple.hpp), used only to compare answers ----------- */

static int64_t sgn(int64_t a) { return (a > 0) - (a < 0); }

static int64_t cpp_shape_div_int(int64_t a, int64_t b) { return a / b != 0 ? a / b : sgn(a) * sgn(b); }
static int64_t cpp_ceil_div_int(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* C++'s tuple/int fold (nested: the rest is divided by the element's product). */
static void cpp_fold(int ceil, const ct_tuple *a, int ia, int64_t *rest, ct_tuple *out) {
  ct_err e;
  if (a->nd[ia].kind == CT_INT) {
    int64_t x = a->nd[ia].v;
    OK(ct_t_push_int(out, ceil ? cpp_ceil_div_int(x, *rest) : cpp_shape_div_int(x, *rest), 0, &e));
    *rest = ceil ? cpp_ceil_div_int(*rest, x) : cpp_shape_div_int(*rest, x);
    return;
  }
  {
    int k, h;
    OK(ct_t_open(out, &h, &e));
    for (k = 0; k < a->nd[ia].rank; ++k) {
      int c = ct_t_child(a, ia, k);
      if (a->nd[c].kind == CT_INT) {
        cpp_fold(ceil, a, c, rest, out);
      } else {
        int64_t inner = *rest, p;
        ct_val pv;
        cpp_fold(ceil, a, c, &inner, out);
        OK(ct_t_product(a, c, &pv, &e));
        p = pv.v;
        *rest = ceil ? cpp_ceil_div_int(*rest, p) : cpp_shape_div_int(*rest, p);
      }
    }
    OK(ct_t_close(out, h, &e));
  }
}

/* --- IT-9, IT-13: the integer cases, exhaustively on [-12, 12]^2 --------------- */

static void check_int_div(void) {
  int64_t a, b;
  for (a = -12; a <= 12; ++a)
    for (b = -12; b <= 12; ++b) {
      ct_val r;
      ct_err e;
      ct_code rc = ct_shape_div_int(val(a), val(b), &r, &e);
      if (b == 0) {
        CHECK(rc == CT_DIVISION_BY_ZERO, "shape_div(%lld,0)", (long long)a);
      } else if (a % b == 0) {
        CHECK(rc == CT_OK && r.v * b == a, "IT-9 shape_div(%lld,%lld) exact", (long long)a, (long long)b);
      } else if (a != 0 && b % a == 0) {
        CHECK(rc == CT_OK && r.v == sgn(a) * sgn(b), "IT-9 shape_div(%lld,%lld) = %lld", (long long)a, (long long)b,
              (long long)r.v);
      } else {
        CHECK(rc == CT_NOT_DIVISIBLE, "shape_div(%lld,%lld) must be rejected", (long long)a, (long long)b);
      }
      if (rc == CT_OK)
        CHECK(r.v == cpp_shape_div_int(a, b), "shape_div(%lld,%lld) as C++", (long long)a, (long long)b);

      rc = ct_ceil_div_int(val(a), val(b), &r, &e);
      if (b == 0) {
        CHECK(rc == CT_DIVISION_BY_ZERO, "ceil_div(%lld,0)", (long long)a);
        continue;
      }
      CHECK(rc == CT_OK, "ceil_div(%lld,%lld)", (long long)a, (long long)b);
      if (b > 0)
        CHECK(r.v * b >= a && a > (r.v - 1) * b, "IT-13 ceil_div(%lld,%lld) = %lld", (long long)a, (long long)b,
              (long long)r.v);
      else
        CHECK(r.v * b <= a && a < (r.v - 1) * b, "IT-13 ceil_div(%lld,%lld) = %lld", (long long)a, (long long)b,
              (long long)r.v);
      if (a >= 0 && b > 0) CHECK(r.v == cpp_ceil_div_int(a, b), "ceil_div(%lld,%lld) as C++", (long long)a, (long long)b);
    }
  {
    ct_val r;
    ct_err e;
    ct_val m = val(INT64_MIN), n1 = val(-1);
    CHECK(ct_shape_div_int(m, n1, &r, &e) == CT_OVERFLOW, "shape_div(INT64_MIN,-1)");
    CHECK(ct_ceil_div_int(m, n1, &r, &e) == CT_OVERFLOW, "ceil_div(INT64_MIN,-1)");
    CHECK(ct_shape_div_int(val(INT64_MAX), n1, &r, &e) == CT_OK && r.v == -INT64_MAX, "shape_div(INT64_MAX,-1)");
    CHECK(ct_shape_div_int(n1, m, &r, &e) == CT_OK && r.v == 1, "shape_div(-1,INT64_MIN)");
  }
}

/* --- IT-10..IT-12, IT-14..IT-16: tuple / integer folds ---------------------------- */

/* shape_div is accepted iff some k has P_k | b and (b / P_k) | x_k, or
 * product(a) | b (P_k: the product of the leaves before leaf k). */
static int model_shape_div_ok(const int64_t *x, int n, int64_t b) {
  int64_t p = 1;
  int k;
  for (k = 0; k < n; ++k) {
    if (b % p == 0 && x[k] % (b / p) == 0) return 1;
    p *= x[k];
  }
  return b % p == 0;
}

static void check_folds(void) {
  int i;
  int64_t b;
  for (i = 0; i < npool; ++i) {
    const ct_tuple *a = &pool[i];
    int64_t x[CT_MAX_NODES], pa = prod(a);
    int n = leaves(a, x);
    if (a->nd[0].kind != CT_TUPLE) continue;
    for (b = 1; b <= 80; ++b) {
      ct_tuple bt, r, c, cpp;
      ct_err e;
      int64_t rest;
      ct_code rs, rcd;
      ct_t_set_int(&bt, b, 0);
      rs = ct_it_shape_div(a, &bt, &r, &e);
      CHECK((rs == CT_OK) == model_shape_div_ok(x, n, b), "shape_div(%s,%lld) accepted iff divisible: %s", tstr(a),
            (long long)b, ct_code_name(rs));
      if (rs != CT_OK) {
        CHECK(rs == CT_NOT_DIVISIBLE, "shape_div(%s,%lld) code %s", tstr(a), (long long)b, ct_code_name(rs));
      } else {
        CHECK(ct_t_congruent(&r, 0, a, 0), "IT-10 shape_div(%s,%lld) = %s congruent", tstr(a), (long long)b, tstr(&r));
        if (pa % b == 0)
          CHECK(prod(&r) * b == pa, "IT-11 product(shape_div(%s,%lld)) * b", tstr(a), (long long)b);
        else
          CHECK(b % pa == 0 && all_ones(&r), "IT-11 shape_div(%s,%lld) = %s all ones", tstr(a), (long long)b, tstr(&r));
        ct_t_clear(&cpp);
        rest = b;
        cpp_fold(0, a, 0, &rest, &cpp);
        CHECK(ct_t_equal(&r, 0, &cpp, 0, 0), "shape_div(%s,%lld) = %s, C++ %s", tstr(a), (long long)b, tstr(&r),
              tstr(&cpp));
      }
      rcd = ct_it_ceil_div(a, &bt, &c, &e);
      if (b >= pa) {
        CHECK(rcd == CT_OK && all_ones(&c), "IT-15 ceil_div(%s,%lld) is all ones", tstr(a), (long long)b);
      }
      if (rs == CT_OK)
        CHECK(rcd == CT_OK && ct_t_equal(&c, 0, &r, 0, 0), "IT-15 ceil_div(%s,%lld) == shape_div", tstr(a),
              (long long)b);
      if (rcd != CT_OK) {
        CHECK(rcd == CT_NOT_DIVISIBLE, "ceil_div(%s,%lld) code %s", tstr(a), (long long)b, ct_code_name(rcd));
        continue;
      }
      CHECK(ct_t_congruent(&c, 0, a, 0), "IT-14 ceil_div congruent");
      CHECK(prod(&c) * b >= pa, "IT-15 ceil_div(%s,%lld) = %s covers", tstr(a), (long long)b, tstr(&c));
      ct_t_clear(&cpp);
      rest = b;
      cpp_fold(1, a, 0, &rest, &cpp);
      CHECK(ct_t_equal(&c, 0, &cpp, 0, 0), "ceil_div(%s,%lld) = %s, C++ %s", tstr(a), (long long)b, tstr(&c),
            tstr(&cpp));
    }
  }
  /* C++ undercounts where a step is inexact: rejected */
  {
    ct_tuple a = tup("(2,5)"), b = tup("3"), r;
    ct_err e;
    CHECK(ct_it_ceil_div(&a, &b, &r, &e) == CT_NOT_DIVISIBLE, "ceil_div((2,5),3)");
  }
}

/* --- IT-12, IT-16: tuple / tuple and integer / tuple ------------------------------ */

static void check_by_element(void) {
  static const char *cases[][3] = {
      /* a, b, shape_div, ceil_div ("!" + code when rejected) */
      {"(4,6)", "(2,3)", "(2,2)"},
      {"(4,(6,8))", "(2,(3,4))", "(2,(2,2))"},
      {"(4,(6,8))", "(2,12)", "(2,(1,4))"},
      {"12", "(2,3)", "2"},
      {"(8,3)", "(16,3)", "(1,1)"},
  };
  size_t k;
  for (k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
    ct_tuple a = tup(cases[k][0]), b = tup(cases[k][1]), r, c;
    ct_err e;
    CHECK(ct_it_shape_div(&a, &b, &r, &e) == CT_OK, "shape_div(%s,%s): %s", cases[k][0], cases[k][1], e.msg);
    CHECK_STR(tstr(&r), cases[k][2], "IT-12 shape_div(%s,%s)", cases[k][0], cases[k][1]);
    CHECK(ct_it_ceil_div(&a, &b, &c, &e) == CT_OK && ct_t_equal(&c, 0, &r, 0, 0), "ceil_div(%s,%s) = shape_div",
          cases[k][0], cases[k][1]);
  }
  {
    ct_tuple a = tup("(4,6,8)"), b = tup("(3,4)"), r;
    ct_err e;
    CHECK(ct_it_ceil_div(&a, &b, &r, &e) == CT_OK, "ceil_div rank(b) < rank(a)");
    CHECK_STR(tstr(&r), "(2,2,8)", "IT-16 missing elements of b are 1");
    CHECK(ct_it_shape_div(&a, &b, &r, &e) == CT_NOT_CONGRUENT, "shape_div needs equal ranks");
    b = tup("(3,4,5,6)");
    CHECK(ct_it_ceil_div(&a, &b, &r, &e) == CT_NOT_CONGRUENT, "ceil_div rank(b) > rank(a)");
    a = tup("(4,6)");
    b = tup("(2,0)");
    CHECK(ct_it_shape_div(&a, &b, &r, &e) == CT_DIVISION_BY_ZERO, "shape_div by a zero element");
    b = tup("0");
    CHECK(ct_it_ceil_div(&a, &b, &r, &e) == CT_DIVISION_BY_ZERO, "ceil_div of a tuple by 0");
    b = tup("-2");
    CHECK(ct_it_shape_div(&a, &b, &r, &e) == CT_SHAPE_NOT_POSITIVE, "the fold needs positive entries");
    a = tup("(4,-6)");
    b = tup("2");
    CHECK(ct_it_shape_div(&a, &b, &r, &e) == CT_SHAPE_NOT_POSITIVE, "the fold needs positive entries");
    a = tup("(4,_)");
    CHECK(ct_it_shape_div(&a, &b, &r, &e) == CT_ARG_TYPE, "`_` is rejected");
  }
}

/* --- IT-1..IT-8: reductions and prefix_product on the pool --------------------------- */

static void check_reductions(void) {
  int i;
  for (i = 0; i < npool; ++i) {
    const ct_tuple *t = &pool[i];
    int64_t x[CT_MAX_NODES], p = 1, s = 0;
    int n = leaves(t, x), k;
    ct_val v, w;
    ct_tuple pp, fl;
    ct_err e;
    for (k = 0; k < n; ++k) {
      p *= x[k];
      s += x[k];
    }
    OK(ct_t_flatten(t, &fl, &e));
    CHECK(ct_it_product(t, &v, &e) == CT_OK && v.v == p, "IT-1 product(%s)", tstr(t));
    CHECK(ct_it_product(&fl, &w, &e) == CT_OK && w.v == v.v, "IT-2 product(flatten(%s))", tstr(t));
    CHECK(ct_it_sum(t, &v, &e) == CT_OK && v.v == s, "IT-3 sum(%s)", tstr(t));
    CHECK(ct_it_sum(&fl, &w, &e) == CT_OK && w.v == v.v, "IT-4 sum(flatten(%s))", tstr(t));
    /* IT-5: inner_product with itself is the sum of squares; symmetric */
    {
      int64_t sq = 0;
      for (k = 0; k < n; ++k) sq += x[k] * x[k];
      CHECK(ct_it_inner_product(t, t, &v, &e) == CT_OK && v.v == sq, "IT-5 inner_product(%s,%s)", tstr(t), tstr(t));
    }
    /* IT-7, IT-8 */
    CHECK(ct_it_prefix_product(t, val(1), &pp, &e) == CT_OK, "prefix_product(%s)", tstr(t));
    CHECK(ct_t_congruent(&pp, 0, t, 0), "IT-7 prefix_product(%s) = %s congruent", tstr(t), tstr(&pp));
    {
      int64_t y[CT_MAX_NODES];
      ct_layout L;
      ct_val last;
      int64_t idx;
      leaves(&pp, y);
      CHECK(y[0] == 1, "IT-7 first leaf of prefix_product(%s) is 1", tstr(t));
      for (k = 0; k + 1 < n; ++k) CHECK(y[k + 1] == y[k] * x[k], "IT-8 prefix_product(%s) leaf %d", tstr(t), k + 1);
      CHECK(y[n - 1] * x[n - 1] == p, "IT-8 last leaf of prefix_product(%s) times its entry", tstr(t));
      /* IT-8: t:prefix_product(t) maps the natural coordinate of i to i; IT-6 */
      OK(ct_l_make(t, &pp, &L, &e));
      for (idx = 0; idx < p; ++idx) {
        ct_tuple crd;
        OK(ct_idx2crd(idx, t, &crd, &e));
        CHECK(ct_crd2idx(&crd, &L, &last, &e) == CT_OK && last.v == idx, "IT-8 %s:%s at %lld", tstr(t), tstr(&pp),
              (long long)idx);
        CHECK(ct_it_inner_product(&crd, &pp, &v, &e) == CT_OK && v.v == idx, "IT-6 inner_product(%s,%s)", tstr(&crd),
              tstr(&pp));
      }
    }
    /* IT-17, IT-18: elem_scale by itself squares each leaf */
    {
      ct_tuple sc;
      int64_t y[CT_MAX_NODES];
      CHECK(ct_it_elem_scale(t, t, &sc, &e) == CT_OK && ct_t_congruent(&sc, 0, t, 0), "IT-17 elem_scale(%s,%s)",
            tstr(t), tstr(t));
      leaves(&sc, y);
      for (k = 0; k < n; ++k) CHECK(y[k] == x[k] * x[k], "IT-17 elem_scale(%s,%s) leaf %d", tstr(t), tstr(t), k);
      CHECK(prod(&sc) == p * p, "IT-18 product(elem_scale(%s,%s))", tstr(t), tstr(t));
    }
  }
}

/* --- IT-17, IT-18 with a deeper b; IT-19..IT-21 evenly_divides ------------------------ */

static void check_elem_scale(void) {
  int i, j;
  for (i = 0; i < npool; i += 7)
    for (j = 0; j < npool; j += 11) {
      const ct_tuple *a = &pool[i], *b = &pool[j];
      ct_tuple r;
      ct_err e;
      ct_code rc = ct_it_elem_scale(a, b, &r, &e);
      CHECK((rc == CT_OK) == ct_t_weakly_congruent(a, 0, b, 0), "elem_scale(%s,%s) accepted iff weakly congruent",
            tstr(a), tstr(b));
      if (rc != CT_OK) {
        CHECK(rc == CT_NOT_CONGRUENT, "elem_scale(%s,%s) code", tstr(a), tstr(b));
        continue;
      }
      CHECK(ct_t_congruent(&r, 0, a, 0), "IT-17 elem_scale(%s,%s) = %s", tstr(a), tstr(b), tstr(&r));
      CHECK(prod(&r) == prod(a) * prod(b), "IT-18 product(elem_scale(%s,%s))", tstr(a), tstr(b));
    }
}

/* The C++ formula for an integer b: size(a) == b * size(ceil_div(a, b)). */
static int cpp_evenly_int(const ct_tuple *a, int64_t b) {
  ct_tuple q;
  int64_t rest = b;
  if (a->nd[0].kind != CT_TUPLE) return a->nd[0].v == b * cpp_ceil_div_int(a->nd[0].v, b);
  ct_t_clear(&q);
  cpp_fold(1, a, 0, &rest, &q);
  return prod(a) == b * prod(&q);
}

static void check_evenly_divides(void) {
  int i;
  int64_t b;
  for (i = 0; i < npool; ++i) {
    const ct_tuple *a = &pool[i];
    int64_t x[CT_MAX_NODES], pa = prod(a);
    int n = leaves(a, x);
    for (b = 1; b <= 80; ++b) {
      ct_tuple bt, q;
      ct_err e;
      int r, exact = 0;
      int64_t p = 1;
      int k;
      ct_t_set_int(&bt, b, 0);
      CHECK(ct_it_evenly_divides(a, &bt, &r, &e) == CT_OK, "evenly_divides(%s,%lld)", tstr(a), (long long)b);
      for (k = 0; k < n && !exact; ++k) { /* IT-19: some P_k | b with (b / P_k) | x_k */
        if (b % p == 0 && x[k] % (b / p) == 0) exact = 1;
        p *= x[k];
      }
      CHECK(r == exact, "IT-19 evenly_divides(%s,%lld) = %d", tstr(a), (long long)b, r);
      if (r) {
        CHECK(ct_it_shape_div(a, &bt, &q, &e) == CT_OK && prod(&q) * b == pa, "IT-19 shape_div(%s,%lld) exact",
              tstr(a), (long long)b);
        CHECK(cpp_evenly_int(a, b), "IT-21 true here => true in C++: evenly_divides(%s,%lld)", tstr(a), (long long)b);
      }
      if (!cpp_evenly_int(a, b)) CHECK(!r, "C++ false => false: evenly_divides(%s,%lld)", tstr(a), (long long)b);
    }
  }
  /* IT-20 and the C++ unit-test table (int_tuple.cpp, Divides) */
  {
    static const struct {
      const char *a, *b;
      int want;
    } cases[] = {
        {"16", "16", 1},         {"16", "12", 0},           {"16", "8", 1},
        {"8", "16", 0},          {"(16)", "(16)", 1},       {"16", "(16)", 1},
        {"(16)", "16", 1},       {"8", "(16)", 0},          {"(16)", "8", 1},
        {"12", "(16)", 0},       {"(16)", "12", 0},         {"(2,8)", "(2,8)", 1},
        {"16", "(2,8)", 0},      {"(16)", "(2,8)", 0},      {"(2,8)", "(16)", 0},
        {"(2,8)", "(2,(2,4))", 0}, {"((2,8))", "((2,8))", 1}, {"16", "((2,8))", 0},
        {"8", "((2,8))", 0},     {"(16)", "((2,8))", 0},    {"((2,8))", "(16)", 1},
        {"((2,(4,2)))", "((2,(4,2)))", 1}, {"((2,8))", "((2,(4,2)))", 0}, {"((2,(4,2)))", "((2,8))", 1},
        {"(32,64)", "128", 1},   {"(2,3)", "3", 0},         {"(4,6)", "(2,3,1)", 0},
    };
    size_t k;
    for (k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
      ct_tuple a = tup(cases[k].a), b = tup(cases[k].b);
      ct_err e;
      int r = -1;
      CHECK(ct_it_evenly_divides(&a, &b, &r, &e) == CT_OK && r == cases[k].want, "evenly_divides(%s,%s) = %d",
            cases[k].a, cases[k].b, r);
    }
  }
  {
    ct_tuple a = tup("(4,6)"), b = tup("0"), c = tup("(4,0)");
    ct_err e;
    int r;
    CHECK(ct_it_evenly_divides(&a, &b, &r, &e) == CT_SHAPE_NOT_POSITIVE, "evenly_divides by 0");
    CHECK(ct_it_evenly_divides(&c, &a, &r, &e) == CT_SHAPE_NOT_POSITIVE, "evenly_divides of a 0 entry");
  }
}

/* --- IT-22..IT-24: the relations are partial orders as stated ---------------------- */

static void check_relations(void) {
  static const char *rel[] = {"4",       "(4)",         "(2,2)",     "(4,1)",       "((2,2))",     "(2,(1,2))",
                              "((2,2),1)", "(4,(2,3))", "(2,(2,3))", "(2,2,6)",     "((4,2),3)",   "(8,3)",
                              "(24)",    "24",          "(2,(2,(2,3)))", "((2,2),(2,3))", "(1,(2,2))", "()"};
  int n = (int)(sizeof rel / sizeof rel[0]), i, j, k;
  for (i = 0; i < n; ++i) {
    ct_tuple a = tup(rel[i]);
    CHECK(ct_t_congruent(&a, 0, &a, 0) && ct_t_weakly_congruent(&a, 0, &a, 0) && ct_t_compatible(&a, 0, &a, 0),
          "IT-22..24 reflexive on %s", rel[i]);
    for (j = 0; j < n; ++j) {
      ct_tuple b = tup(rel[j]);
      int c = ct_t_congruent(&a, 0, &b, 0), w = ct_t_weakly_congruent(&a, 0, &b, 0);
      int wb = ct_t_weakly_congruent(&b, 0, &a, 0), cp = ct_t_compatible(&a, 0, &b, 0);
      CHECK(c == ct_t_congruent(&b, 0, &a, 0), "IT-22 congruent is symmetric: %s %s", rel[i], rel[j]);
      CHECK(c == (w && wb), "IT-23 congruent iff weakly congruent both ways: %s %s", rel[i], rel[j]);
      if (cp) CHECK(w && prod(&a) == prod(&b), "IT-24 compatible => weakly congruent, same size: %s %s", rel[i], rel[j]);
      if (cp && ct_t_compatible(&b, 0, &a, 0))
        CHECK(ct_t_equal(&a, 0, &b, 0, 0), "IT-24 antisymmetric: %s %s", rel[i], rel[j]);
      for (k = 0; k < n; ++k) {
        ct_tuple c3 = tup(rel[k]);
        if (w && ct_t_weakly_congruent(&b, 0, &c3, 0))
          CHECK(ct_t_weakly_congruent(&a, 0, &c3, 0), "IT-23 transitive %s %s %s", rel[i], rel[j], rel[k]);
        if (cp && ct_t_compatible(&b, 0, &c3, 0))
          CHECK(ct_t_compatible(&a, 0, &c3, 0), "IT-24 transitive %s %s %s", rel[i], rel[j], rel[k]);
      }
    }
  }
}

/* --- vectors, marks and rejections --------------------------------------------------- */

static void check_vectors(void) {
  ct_err e;
  ct_tuple a, b, r;
  ct_val v;
  /* pycute's test_int_tuple */
  a = tup("((2,3),(2,1,2),(5,2,1))");
  CHECK(ct_it_prefix_product(&a, val(1), &r, &e) == CT_OK, "prefix_product");
  CHECK_STR(tstr(&r), "((1,2),(6,12,12),(24,120,240))", "prefix_product (pycute)");
  a = tup("(4,5,6)");
  b = tup("40");
  OK(ct_it_shape_div(&a, &b, &r, &e));
  CHECK_STR(tstr(&r), "(1,1,3)", "shape_div((4,5,6),40)");
  a = tup("(6,(3,4))");
  b = tup("36");
  OK(ct_it_shape_div(&a, &b, &r, &e));
  CHECK_STR(tstr(&r), "(1,(1,2))", "shape_div((6,(3,4)),36)");
  /* marks: static iff every integer it came from is static */
  a = tup("(_2,_3,4,_5)");
  OK(ct_it_prefix_product(&a, val(1), &r, &e));
  CHECK_STR(tstr(&r), "(1,2,6,24)", "prefix_product marks with a dynamic init");
  {
    ct_val one;
    one.v = 1;
    one.stat = 1;
    OK(ct_it_prefix_product(&a, one, &r, &e));
    CHECK_STR(tstr(&r), "(_1,_2,_6,24)", "prefix_product marks");
  }
  a = tup("(_2,(_3,4))");
  CHECK(ct_it_product(&a, &v, &e) == CT_OK && v.v == 24 && !v.stat, "product marks");
  a = tup("(_2,(_3,_4))");
  CHECK(ct_it_product(&a, &v, &e) == CT_OK && v.v == 24 && v.stat, "static product");
  a = tup("()");
  CHECK(ct_it_product(&a, &v, &e) == CT_OK && v.v == 1 && v.stat, "product(()) = _1");
  CHECK(ct_it_sum(&a, &v, &e) == CT_OK && v.v == 0 && v.stat, "sum(()) = _0");
  CHECK(ct_it_prefix_product(&a, val(1), &r, &e) == CT_OK, "prefix_product(())");
  CHECK_STR(tstr(&r), "()", "prefix_product(())");
  a = tup("(_8,_12)");
  b = tup("_4");
  OK(ct_it_shape_div(&a, &b, &r, &e));
  CHECK_STR(tstr(&r), "(_2,_12)", "shape_div marks");
  /* rejections */
  a = tup("(2,(3,4))");
  b = tup("(2,3,4)");
  CHECK(ct_it_inner_product(&a, &b, &v, &e) == CT_NOT_CONGRUENT, "inner_product of non-congruent tuples");
  b = tup("((1,2),(3,4))");
  CHECK(ct_it_elem_scale(&a, &b, &r, &e) == CT_OK, "elem_scale with a deeper b");
  CHECK_STR(tstr(&r), "(4,(9,16))", "elem_scale((2,(3,4)),((1,2),(3,4)))");
  CHECK(ct_it_elem_scale(&b, &a, &r, &e) == CT_NOT_CONGRUENT, "elem_scale with a shallower b");
  a = tup("(4294967296,4294967296)");
  CHECK(ct_it_product(&a, &v, &e) == CT_OVERFLOW, "product overflow");
  CHECK(ct_it_inner_product(&a, &a, &v, &e) == CT_OVERFLOW, "inner_product overflow");
  CHECK(ct_it_elem_scale(&a, &a, &r, &e) == CT_OVERFLOW, "elem_scale overflow");
  a = tup("(9223372036854775807,1)");
  CHECK(ct_it_sum(&a, &v, &e) == CT_OVERFLOW, "sum overflow");
  a = tup("(4294967296,4294967296,2)");
  CHECK(ct_it_prefix_product(&a, val(1), &r, &e) == CT_OVERFLOW, "prefix_product overflow where it is needed");
  a = tup("(2,4294967296,4294967296)");
  CHECK(ct_it_prefix_product(&a, val(1), &r, &e) == CT_OK, "prefix_product: the unused total may overflow");
  a = tup("(2,_)");
  CHECK(ct_it_product(&a, &v, &e) == CT_ARG_TYPE, "product with `_`");
}

int main(void) {
  build_pool();
  check_int_div();
  check_folds();
  check_by_element();
  check_reductions();
  check_elem_scale();
  check_evenly_divides();
  check_relations();
  check_vectors();
  return ct_done();
}
