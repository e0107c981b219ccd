/* Tests of spec/layout.md: queries, evaluation, and the layout examples of
 * ../shared/seeds/000_111f865e1c3dbb2c.txt and 001_72d8ae7051689362.txt. */
#include "ref/notation.h"
#include "ref/walk.h"
#include "ref/tests/check.h"
#include "ref/tests/testlib.h"

/* The offset table of a rank-2 layout, row by row ("r0c0 r0c1;r1c0 ..."), or
 * of a rank-1 layout as one row. */
static void table(const char *lit, char *out, int cap) {
  ct_layout L = parse(lit);
  ct_err e;
  int n = 0, r, c, rows = 1, cols;
  ct_val s;
  OK(ct_l_size(&L, &s, &e));
  cols = (int)s.v;
  if (ct_l_rank(&L) == 2) {
    ct_val s0, s1;
    OK(ct_t_product(&L.shape, ct_t_child(&L.shape, 0, 0), &s0, &e));
    OK(ct_t_product(&L.shape, ct_t_child(&L.shape, 0, 1), &s1, &e));
    rows = (int)s0.v;
    cols = (int)s1.v;
  }
  out[0] = '\0';
  for (r = 0; r < rows; ++r) {
    for (c = 0; c < cols; ++c) {
      ct_tuple crd;
      ct_val v;
      int h;
      if (ct_l_rank(&L) == 2) {
        ct_t_clear(&crd);
        OK(ct_t_open(&crd, &h, &e));
        OK(ct_t_push_int(&crd, r, 0, &e));
        OK(ct_t_push_int(&crd, c, 0, &e));
        OK(ct_t_close(&crd, h, &e));
      } else {
        ct_t_set_int(&crd, c, 0);
      }
      OK(ct_crd2idx(&crd, &L, &v, &e));
      n += snprintf(out + n, (size_t)(cap - n), "%s%lld", c ? " " : (r ? ";" : ""), (long long)v.v);
    }
  }
}

typedef struct {
  const char *layout, *table;
} table_case;

static const table_case tables[] = {
    /* 001: shape (4,2) stride (1,4) and ((2,2),2):((4,1),2) */
    {"(4,2):(1,4)", "0 4;1 5;2 6;3 7"},
    {"((2,2),2):((4,1),2)", "0 2;4 6;1 3;5 7"},
    /* 001: (8):(1), (8):(2), and ((4,2)):((1,4)) enumerating 0..7 */
    {"(8):(1)", "0 1 2 3 4 5 6 7"},
    {"(8):(2)", "0 2 4 6 8 10 12 14"},
    {"((4,2)):((1,4))", "0 1 2 3 4 5 6 7"},
    /* 000: shape(8) with strides 1, 2, 0, -1 */
    {"8:1", "0 1 2 3 4 5 6 7"},
    {"8:2", "0 2 4 6 8 10 12 14"},
    {"8:0", "0 0 0 0 0 0 0 0"},
    {"8:-1", "0 -1 -2 -3 -4 -5 -6 -7"},
    /* 000: shape(2,3) stride(3,1); col-major (3,4):(1,3); row-major (3,4):(4,1) */
    {"(2,3):(3,1)", "0 1 2;3 4 5"},
    {"(3,4):(1,3)", "0 3 6 9;1 4 7 10;2 5 8 11"},
    {"(3,4):(4,1)", "0 1 2 3;4 5 6 7;8 9 10 11"},
    /* 000: C = [4,(2,4)]:[2,(1,8)] */
    {"(4,(2,4)):(2,(1,8))", "0 1 8 9 16 17 24 25;2 3 10 11 18 19 26 27;4 5 12 13 20 21 28 29;6 7 14 15 22 23 30 31"},
};

static void check_tables(void) {
  size_t k;
  char buf[1024];
  for (k = 0; k < sizeof tables / sizeof tables[0]; ++k) {
    table(tables[k].layout, buf, sizeof buf);
    CHECK_STR(buf, tables[k].table, "offset table of %s", tables[k].layout);
  }
}

static void check_properties(void) {
  /* 000: the property table */
  ct_layout L = parse("((2,4),(3,5)):((3,6),(1,24))");
  ct_val v;
  ct_err e;
  CHECK(ct_l_size(&L, &v, &e) == CT_OK && v.v == 120, "size %lld", (long long)v.v);
  CHECK(ct_l_rank(&L) == 2, "rank %d", ct_l_rank(&L));
  CHECK(ct_l_depth(&L) == 2, "depth %d", ct_l_depth(&L));
  CHECK(ct_l_cosize(&L, &v, &e) == CT_OK && v.v == 120, "cosize %lld", (long long)v.v);
  /* cosize with negative strides follows CuTe's 1 + sum (s-1)|d| */
  L = parse("(4,4):(-1,4)");
  CHECK(ct_l_cosize(&L, &v, &e) == CT_OK && v.v == 16, "cosize (4,4):(-1,4) = %lld", (long long)v.v);
  L = parse("8:0");
  CHECK(ct_l_cosize(&L, &v, &e) == CT_OK && v.v == 1, "cosize 8:0 = %lld", (long long)v.v);
  L = parse("_8:_2");
  CHECK(ct_l_cosize(&L, &v, &e) == CT_OK && v.v == 15 && v.stat, "static cosize");
  L = parse("(4,8):(1,4)");
  CHECK(ct_l_depth(&L) == 1, "depth of a flat layout");
  L = parse("8:1");
  CHECK(ct_l_depth(&L) == 0 && ct_l_rank(&L) == 1, "an integer layout has depth 0, rank 1");
  L = parse("(9223372036854775807,2):(1,1)");
  CHECK(ct_l_size(&L, &v, &e) == CT_OVERFLOW, "size overflow is reported");
}

static void check_crd2idx(void) {
  ct_layout L = parse("(3,(2,3)):(3,(12,1))");
  ct_tuple c;
  ct_val v;
  ct_err e;
  OK(ct_parse_tuple("16", &c, 0, &e));
  CHECK(ct_crd2idx(&c, &L, &v, &e) == CT_OK && v.v == 17, "crd2idx(16) = %lld", (long long)v.v);
  OK(ct_parse_tuple("25", &c, 0, &e)); /* past the domain: the last mode extends */
  CHECK(ct_crd2idx(&c, &L, &v, &e) == CT_OK && v.v == 7, "crd2idx(25) = %lld", (long long)v.v);
  OK(ct_parse_tuple("(1,5)", &c, 0, &e)); /* flat-ish: 5 split inside (2,3) */
  CHECK(ct_crd2idx(&c, &L, &v, &e) == CT_OK && v.v == 3 + 12 + 2, "crd2idx((1,5)) = %lld", (long long)v.v);
  OK(ct_parse_tuple("(1,(1,2))", &c, 0, &e)); /* natural coordinate */
  CHECK(ct_crd2idx(&c, &L, &v, &e) == CT_OK && v.v == 3 + 12 + 2, "crd2idx((1,(1,2))) = %lld", (long long)v.v);
  OK(ct_parse_tuple("(1,2,3)", &c, 0, &e));
  CHECK(ct_crd2idx(&c, &L, &v, &e) == CT_COORD_MISMATCH, "rank mismatch");
  OK(ct_parse_tuple("(-1,0)", &c, 0, &e));
  CHECK(ct_crd2idx(&c, &L, &v, &e) == CT_COORD_OUT_OF_RANGE, "negative coordinate");
  {
    ct_tuple out;
    int64_t i;
    ct_layout C = parse("((2,2),(3,2))");
    for (i = 0; i < 24; ++i) { /* idx2crd inverts crd2idx on a compact layout */
      ct_val back;
      CHECK(ct_idx2crd(i, &C.shape, &out, &e) == CT_OK, "idx2crd %lld", (long long)i);
      CHECK(ct_crd2idx(&out, &C, &back, &e) == CT_OK && back.v == i, "crd2idx(idx2crd(%lld))", (long long)i);
    }
    OK(ct_idx2crd(7, &C.shape, &out, &e));
    CHECK_STR(tstr(&out), "((1,1),(1,0))", "idx2crd(7)");
    OK(ct_idx2crd(24, &C.shape, &out, &e)); /* past the size: the last leaf is not reduced (IDX2CRD) */
    CHECK_STR(tstr(&out), "((0,0),(0,2))", "idx2crd(24)");
    CHECK(ct_idx2crd(-1, &C.shape, &out, &e) == CT_COORD_OUT_OF_RANGE, "idx2crd of a negative index");
  }
}

static void check_reshaping(void) {
  ct_err e;
  ct_layout A = parse("(4,(2,3)):(1,(4,8))"), B = parse("5:7"), R;
  const ct_layout *ab[2];
  int path[2] = {1, 0}, sel[2] = {1, 0};
  ab[0] = &A;
  ab[1] = &B;
  CHECK(ct_l_concat(ab, 2, &R, &e) == CT_OK, "concat");
  CHECK_STR(lstr(&R), "((4,(2,3)),5):((1,(4,8)),7)", "make_layout(A, B)");
  OK(ct_l_mode(&A, path, 2, &R, &e));
  CHECK_STR(lstr(&R), "2:4", "layout<1,0>");
  CHECK(ct_l_mode(&A, sel, 1, &R, &e) == CT_OK, "layout<1>");
  path[0] = 2;
  CHECK(ct_l_mode(&A, path, 1, &R, &e) == CT_INDEX_OUT_OF_RANGE, "layout<2> of a rank-2 layout");
  OK(ct_l_append(&A, &B, &R, &e));
  CHECK_STR(lstr(&R), "(4,(2,3),5):(1,(4,8),7)", "append");
  OK(ct_l_prepend(&A, &B, &R, &e));
  CHECK_STR(lstr(&R), "(5,4,(2,3)):(7,1,(4,8))", "prepend");
  OK(ct_l_append(&B, &B, &R, &e));
  CHECK_STR(lstr(&R), "(5,5):(7,7)", "append to an integer layout");
  OK(ct_l_flatten(&A, &R, &e));
  CHECK_STR(lstr(&R), "(4,2,3):(1,4,8)", "flatten");
  {
    ct_layout F = parse("(2,3,4,5):(1,2,6,24)");
    OK(ct_l_group(&F, 1, 3, &R, &e));
    CHECK_STR(lstr(&R), "(2,(3,4),5):(1,(2,6),24)", "group<1,3>");
    OK(ct_l_take(&F, 1, 3, &R, &e));
    CHECK_STR(lstr(&R), "(3,4):(2,6)", "take<1,3>");
    OK(ct_l_select(&F, sel, 2, &R, &e));
    CHECK_STR(lstr(&R), "(3,2):(2,1)", "select<1,0>");
    CHECK(ct_l_take(&F, 2, 2, &R, &e) == CT_INDEX_OUT_OF_RANGE, "take<2,2> is empty");
    CHECK(ct_l_group(&F, 1, 5, &R, &e) == CT_INDEX_OUT_OF_RANGE, "group<1,5> past the rank");
  }
  {
    ct_layout P = parse("((2,3),4):((1,2),6)");
    ct_tuple c;
    int64_t off;
    OK(ct_parse_tuple("((_,1),_)", &c, 1, &e));
    OK(ct_l_slice(&c, &P, &R, &e));
    CHECK_STR(lstr(&R), "(2,4):(1,6)", "slice ((_,1),_)");
    OK(ct_l_dice(&c, &P, &R, &e));
    CHECK_STR(lstr(&R), "(3):(2)", "dice ((_,1),_)");
    OK(ct_l_slice_offset(&c, &P, &off, &e));
    CHECK(off == 2, "slice offset %lld", (long long)off);
    OK(ct_parse_tuple("(_,(1,2))", &c, 1, &e));
    CHECK(ct_l_slice(&c, &P, &R, &e) == CT_COORD_MISMATCH, "slice with a mismatched coordinate");
  }
}

static void check_relations(void) {
  ct_tuple a, b;
  ct_err e;
  OK(ct_parse_tuple("(2,(3,4))", &a, 0, &e));
  OK(ct_parse_tuple("(5,(6,7))", &b, 0, &e));
  CHECK(ct_t_congruent(&a, 0, &b, 0), "congruent");
  OK(ct_parse_tuple("(2,12)", &b, 0, &e));
  CHECK(!ct_t_congruent(&a, 0, &b, 0), "not congruent");
  CHECK(ct_t_weakly_congruent(&b, 0, &a, 0), "(2,12) is weakly congruent to (2,(3,4))");
  CHECK(!ct_t_weakly_congruent(&a, 0, &b, 0), "(2,(3,4)) is not weakly congruent to (2,12)");
  CHECK(ct_t_compatible(&b, 0, &a, 0), "(2,12) is compatible with (2,(3,4))");
  CHECK(!ct_t_compatible(&a, 0, &b, 0), "(2,(3,4)) is not compatible with (2,12)");
  OK(ct_parse_tuple("24", &b, 0, &e));
  CHECK(ct_t_compatible(&b, 0, &a, 0), "24 is compatible with (2,(3,4))");
  CHECK(ct_t_weakly_congruent(&b, 0, &a, 0), "an integer is weakly congruent to anything");
  OK(ct_parse_tuple("25", &b, 0, &e));
  CHECK(!ct_t_compatible(&b, 0, &a, 0), "25 is not compatible with (2,(3,4))");
}

static void check_compact(void) {
  ct_err e;
  ct_tuple s;
  ct_layout R;
  OK(ct_parse_tuple("(3,4,2)", &s, 0, &e));
  OK(ct_l_compact_left(&s, &R, &e));
  CHECK_STR(lstr(&R), "(3,4,2):(_1,3,12)", "LayoutLeft (seed 002)");
  OK(ct_l_compact_right(&s, &R, &e));
  CHECK_STR(lstr(&R), "(3,4,2):(8,2,_1)", "LayoutRight");
  OK(ct_parse_tuple("(_2,(_3,_4))", &s, 0, &e));
  OK(ct_l_compact_right(&s, &R, &e));
  CHECK_STR(lstr(&R), "(_2,(_3,_4)):(_12,(_4,_1))", "hierarchical LayoutRight");
}

/* ct_l_eval on a tree built without the parser's checks: a 0 in the shape
 * gives SHAPE_NOT_POSITIVE (once it would have divided by zero before
 * reaching a basis stride). */
static void check_unchecked_shape(void) {
  ct_layout L = parse("(2,3):(0,1@0)");
  ct_err e;
  int64_t v;
  L.shape.nd[1].v = 0;
  CHECK(ct_l_eval(&L, 5, &v, &e) == CT_SHAPE_NOT_POSITIVE, "(0,3):(0,1@0) at 5");
  L = parse("(2,3):(1,2)");
  L.shape.nd[1].v = 0;
  CHECK(ct_l_eval(&L, 5, &v, &e) == CT_SHAPE_NOT_POSITIVE, "(0,3):(1,2) at 5");
}

/* The building primitives at capacity (inttuple.h): an open that fails
 * leaves the header index -1, and closing it fails too, leaving the tree as
 * it was. */
static void check_tree_capacity(void) {
  ct_tuple t, u;
  ct_err e;
  int k, h = 7, hu;
  ct_t_clear(&t);
  for (k = 0; k < CT_MAX_NODES; ++k) OK(ct_t_push_int(&t, k + 1, 0, &e));
  CHECK(ct_t_push_int(&t, 1, 0, &e) == CT_CAPACITY, "a push past CT_MAX_NODES");
  CHECK(ct_t_open(&t, &h, &e) == CT_CAPACITY && h == -1, "an open past CT_MAX_NODES gives CAPACITY and header -1");
  CHECK(ct_t_close(&t, h, &e) == CT_CAPACITY && t.n == CT_MAX_NODES, "closing header -1 gives CAPACITY");
  CHECK(ct_t_close(&t, CT_MAX_NODES, &e) == CT_CAPACITY, "closing a header past the nodes gives CAPACITY");
  ct_t_clear(&u);
  OK(ct_t_open(&u, &hu, &e));
  OK(ct_t_push_int(&u, 4, 1, &e));
  OK(ct_t_push_sub(&u, &t, 2, &e));
  OK(ct_t_close(&u, hu, &e));
  CHECK(hu == 0 && u.n == 3 && u.nd[0].rank == 2, "(_4,3) built");
  ct_t_sub(&u, 1, &t);
  CHECK(t.n == 1 && t.nd[0].v == 4, "the subtrees of (_4,3)");
}

/* The walk (walk.h): its steps in preorder, a partner walked in lockstep
 * (mode k of the partner, -1 past it), a tuple skipped, and a tree rebuilt
 * around the leaves the caller emits. */
static void check_walk(void) {
  ct_layout A = parse("((2,()),3,4):((1,()),2,8)"), B = parse("(5,(6,7)):(1,(5,30))");
  ct_walker w;
  ct_tuple out;
  ct_err e;
  char steps[64];
  int s, n = 0;
  ct_walk_begin_pair(&w, &A.shape, 0, &B.shape, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END && n + 4 < (int)sizeof steps) {
    steps[n++] = s == CT_WALK_LEAF ? 'l' : s == CT_WALK_OPEN ? '(' : ')';
    steps[n++] = (char)('0' + w.at);
    steps[n++] = w.pair < 0 ? '-' : (char)('0' + w.pair);
    steps[n++] = (char)('0' + w.depth);
  }
  steps[n] = '\0';
  CHECK(strcmp(steps, "(000(111l212(3-2)3-2)111l421l5-1)000") == 0, "the steps of ((2,()),3,4) with (5,(6,7))");
  CHECK(ct_walk_next(&w) == CT_WALK_END, "END again after the end");
  ct_t_clear(&out); /* ((2,()),3,4) with its first mode taken whole, a leaf doubled */
  ct_walk_begin(&w, &A.shape, 0);
  while ((s = ct_walk_next(&w)) != CT_WALK_END) {
    if (s == CT_WALK_OPEN && w.depth == 1) {
      ct_walk_skip(&w);
      OK(ct_t_push_int(&out, 0, 0, &e));
      continue;
    }
    OK(ct_walk_rebuild(&w, s, &out, 1, &e));
    if (s == CT_WALK_LEAF) OK(ct_t_push_int(&out, 2 * A.shape.nd[w.at].v, 0, &e));
  }
  CHECK(out.n == 4 && out.nd[0].rank == 3 && out.nd[0].span == 4 && out.nd[1].v == 0 && out.nd[2].v == 6 &&
            out.nd[3].v == 8,
        "(0,6,8) rebuilt");
  ct_walk_begin(&w, &B.shape, 1); /* a leaf root */
  CHECK(ct_walk_next(&w) == CT_WALK_LEAF && w.at == 1 && w.depth == 0 && ct_walk_next(&w) == CT_WALK_END,
        "a leaf is one step");
}

int main(void) {
  check_unchecked_shape();
  check_tables();
  check_properties();
  check_crd2idx();
  check_reshaping();
  check_relations();
  check_compact();
  check_tree_capacity();
  check_walk();
  return ct_done();
}
