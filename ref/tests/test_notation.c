/* Tests of spec/notation.md: canonical printing, round trips, and one test
 * per notation error code (with the byte position it names). */
#include "ref/notation.h"
#include "ref/tests/check.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *in, *out;
} canon_case;

/* Input -> canonical text (NOTE-CANON). */
static const canon_case layouts[] = {
    {"((2,2),3):((24,2),8)", "((2,2),3):((24,2),8)"},
    {"_8:_1", "_8:_1"},
    {"(_4,(2,_3)):(_1,(4,8))", "(_4,(2,_3)):(_1,(4,8))"},
    {"(8):(1)", "(8):(1)"},
    {"(8,):(1,)", "(8):(1)"},
    {" ( 4 , 8 ) : ( 1 , 4 ) ", "(4,8):(1,4)"},
    {"(4,8)", "(4,8):(_1,4)"},            /* compact column-major */
    {"(_4,_8)", "(_4,_8):(_1,_4)"},
    {"(_4,_1,_8)", "(_4,_1,_8):(_1,_0,_4)"}, /* static 1 gets stride _0 */
    {"(4,1,8)", "(4,1,8):(_1,4,4)"},
    {"8", "8:_1"},
    {"8:-1", "8:-1"},
    {"(4,4):(-1,4)", "(4,4):(-1,4)"},
    {"_8:_-2", "_8:_-2"},
    {"((2,4),(3,5)):((3,6),(1,24))", "((2,4),(3,5)):((3,6),(1,24))"},
    {"():()", "():()"},
    {"(2,()):(1,())", "(2,()):(1,())"},
    {"9223372036854775807:-9223372036854775808", "9223372036854775807:-9223372036854775808"},
};

static const canon_case tilers[] = {
    {"<3:4, 8:2>", "<3:4,8:2>"},
    {"<_, 4>", "<_,4:_1>"},
    {"<3:3,(2,4):(1,8)>", "<3:3,(2,4):(1,8)>"},
    {"<(2,4)>", "<<2:_1,4:_1>>"},
    {"< <2:1,_>, 3:1 >", "<<2:1,_>,3:1>"},
    /* an empty tuple is an empty tiler mode; `<>` is not in the grammar, so
     * it prints as `()` (issue 17: it printed as `<>`, which does not parse) */
    {"<()>", "<()>"},
    {"<3:3, ()>", "<3:3,()>"},
    {"<((),3)>", "<<(),3:_1>>"},
    {"<():()>", "<():()>"},
    /* the empty tiler itself (no modes) prints as `()` and reads back as
     * itself (found by NOTE-1/values: ct_parse_tiler wanted a '<') */
    {" ( ) ", "()"},
};

typedef struct {
  const char *in;
  char kind; /* 'l' layout, 't' IntTuple, 'T' tiler */
  ct_code code;
  int pos;
} err_case;

/* One or more cases for every notation error code (NOTE-ERRORS). */
static const err_case errors[] = {
    {"", 'l', CT_PARSE_EMPTY, 0},
    {"   ", 'l', CT_PARSE_EMPTY, 3},
    {"(4,8", 'l', CT_PARSE_UNBALANCED, 0},
    {"(4,8))", 'l', CT_PARSE_UNBALANCED, 5},
    {"<3:4,8:2", 'T', CT_PARSE_UNBALANCED, 0},
    {"(3,8)", 'T', CT_PARSE_EXPECTED, 0}, /* of the bare shapes, only () is a tiler */
    {"(4,8):", 'l', CT_PARSE_EXPECTED, 6},
    {"(4;8)", 'l', CT_PARSE_EXPECTED, 2},
    {"(4,x)", 'l', CT_PARSE_EXPECTED, 3},
    {"(_,4)", 'l', CT_PARSE_EXPECTED, 1},
    {"_", 't', CT_PARSE_EXPECTED, 0},
    {"(4,8):(1,4) x", 'l', CT_PARSE_TRAILING, 12},
    {"4 4", 't', CT_PARSE_TRAILING, 2},
    {"(4,0):(1,4)", 'l', CT_SHAPE_NOT_POSITIVE, 0},
    {"(4,-2):(1,4)", 'l', CT_SHAPE_NOT_POSITIVE, 0},
    {"(4,0)", 'l', CT_SHAPE_NOT_POSITIVE, 0},
    {"(4,8):(1,(4,2))", 'l', CT_NOT_CONGRUENT, 0},
    {"(4,8):1", 'l', CT_NOT_CONGRUENT, 0},
    {"(((((((((1)))))))))", 't', CT_DEPTH_LIMIT, 8},
    {"99999999999999999999", 't', CT_OVERFLOW, 0},
    {"-9223372036854775809", 't', CT_OVERFLOW, 0},
    {"(4294967296,4294967296,2)", 'l', CT_OVERFLOW, 0}, /* compact stride overflows */
};

/* Texts that end where an element is expected, in buffers of exactly their
 * length: the parser reads no byte past the terminating NUL (issue 17: `_`
 * was looked for one byte ahead; an ASan build of this test catches it). */
static void check_no_over_read(void) {
  static const char *const texts[] = {"(", "(4,", "<", "<3:4,", "(4,_", "(_", "(4):", ""};
  size_t k;
  for (k = 0; k < sizeof texts / sizeof texts[0]; ++k) {
    size_t n = strlen(texts[k]) + 1;
    char *exact = (char *)malloc(n);
    ct_layout L;
    ct_err e;
    memcpy(exact, texts[k], n);
    CHECK(ct_parse_tuple(exact, &L.shape, 1, &e) != CT_OK, "`%s` parses as a tuple", texts[k]);
    CHECK(ct_parse_layout(exact, &L, &e) != CT_OK, "`%s` parses as a layout", texts[k]);
    CHECK(ct_parse_tiler(exact, &L, &e) != CT_OK, "`%s` parses as a tiler", texts[k]);
    free(exact);
  }
}

/* Error messages are printable ASCII whatever the input's bytes. */
static void check_messages_printable(void) {
  static const char *const texts[] = {"(4,\x01)", "(4)\xff", "(\xc3\xa9)", "(4,8):(1,4)\t\x7f"};
  size_t k;
  for (k = 0; k < sizeof texts / sizeof texts[0]; ++k) {
    ct_layout L;
    ct_err e;
    const char *m;
    int ok = 1;
    CHECK(ct_parse_layout(texts[k], &L, &e) != CT_OK, "text %d parses", (int)k);
    for (m = e.msg; *m; ++m) ok = ok && (unsigned char)*m >= 0x20 && (unsigned char)*m < 0x7f;
    CHECK(ok, "text %d: the message `%s` is not printable ASCII", (int)k, e.msg);
    CHECK(strstr(e.msg, "byte 0x") != 0, "text %d: the message `%s` does not name the byte", (int)k, e.msg);
  }
}

static void check_rank_and_capacity(void) {
  char buf[4096];
  int k, n = 0;
  ct_tuple t;
  ct_err e;
  n += sprintf(buf + n, "(");
  for (k = 0; k < CT_MAX_RANK + 1; ++k) n += sprintf(buf + n, k ? ",1" : "1");
  sprintf(buf + n, ")");
  CHECK(ct_parse_tuple(buf, &t, 0, &e) == CT_RANK_LIMIT, "rank %d: got %s", CT_MAX_RANK + 1, ct_code_name(e.code));
  /* exactly CT_MAX_RANK is fine */
  n = sprintf(buf, "(");
  for (k = 0; k < CT_MAX_RANK; ++k) n += sprintf(buf + n, k ? ",1" : "1");
  sprintf(buf + n, ")");
  CHECK(ct_parse_tuple(buf, &t, 0, &e) == CT_OK, "rank %d rejected: %s", CT_MAX_RANK, e.msg);
  /* more nodes than CT_MAX_NODES: tuples of tuples */
  n = sprintf(buf, "(");
  for (k = 0; k < CT_MAX_RANK; ++k) n += sprintf(buf + n, k ? ",(1,2,3,4,5)" : "(1,2,3,4,5)");
  sprintf(buf + n, ")");
  CHECK(ct_parse_tuple(buf, &t, 0, &e) == CT_CAPACITY, "capacity: got %s", ct_code_name(e.code));
}

/* A small deterministic generator for round-trip layouts. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rng(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

static void gen_pair(ct_layout *L, int depth, ct_err *e) {
  int kids = (depth < 3 && rng() % 3 == 0) ? (int)(rng() % 4) : -1;
  if (kids < 0) {
    int64_t s = (int64_t)(rng() % 9) + 1, d = (int64_t)(rng() % 40) - 8;
    if (rng() % 50 == 0) d = INT64_MIN + (int64_t)(rng() % 3);
    OK(ct_t_push_int(&L->shape, s, (int)(rng() & 1), e));
    OK(ct_t_push_int(&L->stride, d, (int)(rng() & 1), e));
    return;
  }
  {
    int hs, hd, k;
    OK(ct_t_open(&L->shape, &hs, e));
    OK(ct_t_open(&L->stride, &hd, e));
    for (k = 0; k < kids; ++k) gen_pair(L, depth + 1, e);
    OK(ct_t_close(&L->shape, hs, e));
    OK(ct_t_close(&L->stride, hd, e));
  }
}

static void check_round_trip(void) {
  int k, bad = 0;
  char buf[8192];
  for (k = 0; k < 20000; ++k) {
    ct_layout L, M;
    ct_err e;
    ct_t_clear(&L.shape);
    ct_t_clear(&L.stride);
    gen_pair(&L, 0, &e);
    ct_print_layout(&L, buf, sizeof buf);
    if (ct_parse_layout(buf, &M, &e) != CT_OK || !ct_l_equal(&L, &M, 1)) {
      if (bad++ < 5) CHECK(0, "round trip of %s failed: %s", buf, e.msg);
    }
  }
  CHECK(bad == 0, "%d of 20000 generated layouts did not round-trip", bad);
}

int main(void) {
  size_t k;
  char buf[4096];
  for (k = 0; k < sizeof layouts / sizeof layouts[0]; ++k) {
    ct_layout L, M;
    ct_err e;
    ct_code rc = ct_parse_layout(layouts[k].in, &L, &e);
    CHECK(rc == CT_OK, "parse %s: %s", layouts[k].in, e.msg);
    if (rc != CT_OK) continue;
    ct_print_layout(&L, buf, sizeof buf);
    CHECK_STR(buf, layouts[k].out, "print(parse(%s))", layouts[k].in);
    CHECK(ct_parse_layout(buf, &M, &e) == CT_OK && ct_l_equal(&L, &M, 1), "round trip %s", buf);
  }
  for (k = 0; k < sizeof tilers / sizeof tilers[0]; ++k) {
    ct_tiler T, U;
    ct_err e;
    ct_code rc = ct_parse_tiler(tilers[k].in, &T, &e);
    CHECK(rc == CT_OK, "parse %s: %s", tilers[k].in, e.msg);
    if (rc != CT_OK) continue;
    ct_print_tiler(&T, buf, sizeof buf);
    CHECK_STR(buf, tilers[k].out, "print(parse(%s))", tilers[k].in);
    CHECK(ct_parse_tiler(buf, &U, &e) == CT_OK && ct_l_equal(&T, &U, 1), "tiler round trip %s", buf);
  }
  for (k = 0; k < sizeof errors / sizeof errors[0]; ++k) {
    ct_layout L;
    ct_err e;
    ct_code rc;
    ct_err_clear(&e);
    if (errors[k].kind == 'l') rc = ct_parse_layout(errors[k].in, &L, &e);
    else if (errors[k].kind == 't') rc = ct_parse_tuple(errors[k].in, &L.shape, 0, &e);
    else rc = ct_parse_tiler(errors[k].in, &L, &e);
    CHECK(rc == errors[k].code, "`%s`: got %s (%s), want %s", errors[k].in, ct_code_name(rc), e.msg,
          ct_code_name(errors[k].code));
    CHECK(e.pos == errors[k].pos, "`%s`: position %d, want %d (%s)", errors[k].in, e.pos, errors[k].pos, e.msg);
  }
  check_rank_and_capacity();
  check_round_trip();
  check_no_over_read();
  check_messages_printable();
  return ct_done();
}
