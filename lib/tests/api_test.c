/* api_test.c -- the C API's contract (spec/api.md) beyond the examples:
 * codes, ownership and buffer semantics, misuse, every operation reachable
 * by name, the typed wrappers equal to calls by name, generated cases and
 * shrinking candidates, concurrent callers.
 * `make test` builds it against the installed header and library. */
#include <cuteref.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int failures;
#define CHECK(cond)                                                  \
  do {                                                               \
    if (!(cond)) {                                                   \
      printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);         \
      ++failures;                                                    \
    }                                                                \
  } while (0)

static cuteref_value *val(const char *text) {
  cuteref_value *v = NULL;
  cuteref_error err;
  if (cuteref_value_parse(text, &v, &err) != CUTEREF_OK) printf("FAIL parse %s: %s\n", text, err.message), ++failures;
  return v;
}

static void test_codes(void) {
  int c, n = cuteref_num_codes();
  CHECK(n > 20);
  CHECK(strcmp(cuteref_code_name(CUTEREF_OK), "OK") == 0);
  for (c = 0; c < n; ++c) {
    CHECK(cuteref_code_name(c) != NULL && cuteref_code_summary(c) != NULL);
    CHECK(cuteref_code_by_name(cuteref_code_name(c)) == c);
  }
  CHECK(cuteref_code_name(n) == NULL && cuteref_code_name(-1) == NULL);
  CHECK(cuteref_code_by_name("NO_SUCH_CODE") == -1 && cuteref_code_by_name(NULL) == -1);
  CHECK(cuteref_api_version() == CUTEREF_API_VERSION);
  CHECK(strstr(cuteref_version(), "cuteref API 1") == cuteref_version());
}

static void test_text(void) {
  cuteref_error err;
  char *s = cuteref_eval("make_layout((4,2))", &err);
  CHECK(s && strcmp(s, "(4,2):(_1,4)") == 0 && err.code == CUTEREF_OK);
  cuteref_free_string(s);
  CHECK(cuteref_eval("composition((4,2):(1,4)", &err) == NULL);
  CHECK(strcmp(err.name, "PARSE_UNBALANCED") == 0 && err.code == cuteref_code_by_name("PARSE_UNBALANCED"));
  CHECK(err.pos >= 0 && err.message[0] != '\0');
  s = cuteref_eval("size(8:1)", NULL); /* err may be NULL */
  CHECK(s && strcmp(s, "8") == 0);
  cuteref_free_string(s);
  s = cuteref_answer("composition((4,6):(1,10), 3:2)");
  CHECK(s && strncmp(s, "error SHAPE_DIVISIBILITY composition: ", 38) == 0);
  cuteref_free_string(s);
  s = cuteref_answer("size((4,2))");
  CHECK(s && strcmp(s, "ok 8") == 0);
  cuteref_free_string(s);
  cuteref_free_string(NULL);
}

static void test_values(void) {
  cuteref_value *L = val("((2,2),3):((24,2),8)"), *T = val("<3:4,_>"), *b = val("true"), *i = val("_7");
  char small[6];
  int64_t x = -1;
  CHECK(cuteref_value_kind(L) == CUTEREF_LAYOUT && cuteref_value_kind(T) == CUTEREF_TILER);
  CHECK(cuteref_value_kind(b) == CUTEREF_BOOL && cuteref_value_kind(i) == CUTEREF_INTTUPLE);
  CHECK(cuteref_value_int(i, &x) == 1 && x == 7);
  CHECK(cuteref_value_int(b, &x) == 1 && x == 1);
  CHECK(cuteref_value_int(L, &x) == 0);
  /* snprintf semantics: the whole length back, a NUL-terminated prefix written */
  CHECK(cuteref_value_print(L, small, sizeof small) == (int)strlen("((2,2),3):((24,2),8)"));
  CHECK(strcmp(small, "((2,2") == 0);
  CHECK(cuteref_value_print(L, NULL, 0) == (int)strlen("((2,2),3):((24,2),8)"));
  {
    cuteref_value *M = val("(4,3):(24,8)"), *N = val("(2,2,3):(24,2,8)");
    CHECK(cuteref_value_equivalent(L, M) == 0);
    CHECK(cuteref_value_equivalent(L, L) == 1);
    cuteref_value_free(M);
    cuteref_value_free(N);
  }
  cuteref_value_free(L);
  cuteref_value_free(T);
  cuteref_value_free(b);
  cuteref_value_free(i);
  cuteref_value_free(NULL);
}

static void test_misuse(void) {
  cuteref_value *out = (cuteref_value *)&out, *L = val("8:1");
  const cuteref_value *args[9];
  cuteref_error err;
  int k;
  CHECK(cuteref_value_parse(NULL, &out, &err) == cuteref_code_by_name("ARG_TYPE") && out == NULL);
  CHECK(cuteref_call("size", NULL, 1, &out, &err) == cuteref_code_by_name("ARG_TYPE"));
  for (k = 0; k < 9; ++k) args[k] = L;
  CHECK(cuteref_call("make_layout", args, 9, &out, &err) == cuteref_code_by_name("ARG_TYPE"));
  CHECK(cuteref_call("size", args, 2, &out, &err) == cuteref_code_by_name("ARITY") && out == NULL);
  CHECK(cuteref_call("nosuch", args, 1, &out, &err) == cuteref_code_by_name("UNKNOWN_FUNCTION"));
  CHECK(cuteref_call("size)(", args, 1, &out, &err) == cuteref_code_by_name("UNKNOWN_FUNCTION"));
  CHECK(cuteref_call("size<0>", args, 1, &out, &err) == CUTEREF_OK);
  cuteref_value_free(out);
  cuteref_value_free(L);
}

/* Every operation is reachable by name: a call with too many arguments is
 * ARITY (the operation exists), never UNKNOWN_FUNCTION. */
static void test_every_operation(void) {
  int k, n = cuteref_num_ops();
  cuteref_value *L = val("8:1"), *out;
  const cuteref_value *args[8];
  cuteref_error err;
  CHECK(n >= 50);
  for (k = 0; k < 8; ++k) args[k] = L;
  for (k = 0; k < n; ++k) {
    const char *name = cuteref_op_name(k);
    int rc;
    CHECK(name != NULL && cuteref_op_synopsis(k) != NULL);
    rc = cuteref_call(name, args, 8, &out, &err);
    if (rc == CUTEREF_OK) cuteref_value_free(out);
    if (rc == cuteref_code_by_name("UNKNOWN_FUNCTION")) printf("FAIL: %s is not callable\n", name), ++failures;
  }
  CHECK(cuteref_op_name(n) == NULL && cuteref_op_name(-1) == NULL);
  cuteref_value_free(L);
}

typedef int (*binary_fn)(const cuteref_value *, const cuteref_value *, cuteref_value **, cuteref_error *);

static void same(const char *name, cuteref_value *typed, int rc_typed, const cuteref_value *const *args, int n) {
  cuteref_value *by_name = NULL;
  cuteref_error err;
  int rc = cuteref_call(name, args, n, &by_name, &err);
  char a[256] = "", b[256] = "";
  if (rc == CUTEREF_OK) cuteref_value_print(by_name, a, sizeof a);
  if (rc_typed == CUTEREF_OK) cuteref_value_print(typed, b, sizeof b);
  if (rc != rc_typed || strcmp(a, b) != 0) printf("FAIL: typed %s differs: %s vs %s\n", name, b, a), ++failures;
  cuteref_value_free(by_name);
  cuteref_value_free(typed);
}

static void test_typed(void) {
  static const struct {
    const char *name;
    binary_fn f;
  } bin[] = {{"composition", cuteref_composition},         {"logical_divide", cuteref_logical_divide},
             {"zipped_divide", cuteref_zipped_divide},     {"tiled_divide", cuteref_tiled_divide},
             {"flat_divide", cuteref_flat_divide},         {"logical_product", cuteref_logical_product},
             {"zipped_product", cuteref_zipped_product},   {"tiled_product", cuteref_tiled_product},
             {"flat_product", cuteref_flat_product},       {"blocked_product", cuteref_blocked_product},
             {"raked_product", cuteref_raked_product},     {"complement", cuteref_complement}};
  cuteref_value *A = val("(4,2,3):(2,1,8)"), *B = val("4:2"), *C = val("(2,3):(3,1)"), *out = NULL;
  const cuteref_value *args[2];
  cuteref_error err;
  int64_t x = 0;
  size_t k;
  int rc;
  args[0] = A;
  args[1] = B;
  for (k = 0; k < sizeof bin / sizeof bin[0]; ++k) {
    rc = bin[k].f(A, B, &out, &err);
    same(bin[k].name, out, rc, args, 2);
    out = NULL;
  }
  args[0] = C;
  rc = cuteref_coalesce(C, &out, &err);
  same("coalesce", out, rc, args, 1);
  rc = cuteref_complement(C, NULL, &out, &err);
  same("complement", out, rc, args, 1);
  rc = cuteref_right_inverse(C, &out, &err);
  same("right_inverse", out, rc, args, 1);
  rc = cuteref_left_inverse(C, &out, &err);
  same("left_inverse", out, rc, args, 1);
  CHECK(cuteref_size(A, &x, &err) == CUTEREF_OK && x == 24);
  CHECK(cuteref_cosize(A, &x, &err) == CUTEREF_OK && x == 24);
  CHECK(cuteref_layout_at(A, 23, &x, &err) == CUTEREF_OK && x == 3 * 2 + 1 + 2 * 8);
  CHECK(cuteref_size(NULL, &x, &err) == cuteref_code_by_name("ARG_TYPE"));
  cuteref_value_free(A);
  cuteref_value_free(B);
  cuteref_value_free(C);
}

static void test_judge(void) {
  cuteref_judgement j;
  const char *req = "composition((6,2):(8,2), (4,3):(3,1))";
  CHECK(cuteref_judge(req, "ok ((2,2),3):((24,2),8)\n", 0, &j) == 1 && strcmp(j.verdict, "conforming") == 0);
  CHECK(cuteref_judge(req, "ok ((2,2),3):((24,2),_8)", CUTEREF_JUDGE_STRICT, &j) == 0 && strcmp(j.id, "text") == 0);
  CHECK(cuteref_judge(req, "ok ((2,2),3):((24,2),9)", 0, &j) == 0 && strncmp(j.id, "COMP-", 5) == 0);
  CHECK(strcmp(j.expected, "ok ((2,2),3):((24,2),8)") == 0);
  CHECK(cuteref_judge(req, NULL, 0, &j) == 0 && strcmp(j.verdict, "malformed") == 0);
  CHECK(cuteref_judge(req, "fine", 0, NULL) == 0);
}

static void *worker(void *arg) {
  int k, *bad = (int *)arg;
  for (k = 0; k < 200; ++k) {
    cuteref_error err;
    char *s = cuteref_eval("composition((6,2):(8,2), (4,3):(3,1))", &err);
    cuteref_judgement j;
    if (!s || strcmp(s, "((2,2),3):((24,2),8)") != 0) ++*bad;
    cuteref_free_string(s);
    if (cuteref_judge("size((4,2))", "ok 8", 0, &j) != 1) ++*bad;
    { /* the generators and the shrinker keep their work in static storage */
      char buf[CUTEREF_REQUEST_CAP];
      if (cuteref_case("size", 0xC0FFEE, 0, buf, sizeof buf, NULL, NULL) != CUTEREF_OK ||
          strcmp(buf, "size((3,(_6,6)):(_1,(_3,_18)))") != 0)
        ++*bad;
      if (cuteref_shrink_candidate("size((3,(6,6)):(1,(3,18)))", 0, buf, sizeof buf, NULL) <= 0 ||
          strcmp(buf, "size(((6,6)):((3,18)))") != 0)
        ++*bad;
    }
  }
  return NULL;
}

/* The length-taking functions (issue 44): a NUL inside is rejected as
 * `cuteref eval -` rejects it, never an end of the text. */
static void test_lengths(void) {
  cuteref_error err;
  cuteref_value *v = NULL;
  cuteref_judgement j;
  char *s = cuteref_eval_n("size((4,2))junk", 11, &err);
  CHECK(s && strcmp(s, "8") == 0);
  cuteref_free_string(s);
  CHECK(cuteref_eval_n("size(4)\0junk", 12, &err) == NULL);
  CHECK(strcmp(err.name, "PARSE_EXPECTED") == 0 && err.pos == 7 && strcmp(err.message, "a NUL byte at byte 7") == 0);
  CHECK(cuteref_eval_n(NULL, 0, &err) == NULL && strcmp(err.name, "ARG_TYPE") == 0);
  s = cuteref_answer_n("size(4)\0junk", 12);
  CHECK(s && strcmp(s, "error PARSE_EXPECTED a NUL byte at byte 7") == 0);
  cuteref_free_string(s);
  s = cuteref_answer_n("size((4,2))", 11);
  CHECK(s && strcmp(s, "ok 8") == 0);
  cuteref_free_string(s);
  CHECK(cuteref_value_parse_n("(4,2):(1,4)\0", 12, &v, &err) == cuteref_code_by_name("PARSE_EXPECTED") && !v);
  CHECK(cuteref_value_parse_n("(4,2):(1,4)", 11, &v, &err) == CUTEREF_OK && v);
  cuteref_value_free(v);
  /* an `error` line with a NUL conformed, cut there; it is malformed */
  CHECK(cuteref_judge("cosize(2:-9223372036854775808)", "error OVERFLOW a", 0, &j) == 1);
  CHECK(cuteref_judge_n("cosize(2:-9223372036854775808)", 30, "error OVERFLOW a\0b", 18, 0, &j) == 0);
  CHECK(strcmp(j.verdict, "malformed") == 0 && strstr(j.why, "NUL byte (at byte 16)") &&
        strcmp(j.expected, "error OVERFLOW") == 0);
  CHECK(cuteref_judge_n("size(4)\0x", 9, "ok 4", 4, 0, &j) == 0 && strcmp(j.verdict, "malformed") == 0 &&
        strcmp(j.expected, "error PARSE_EXPECTED") == 0);
  CHECK(cuteref_judge_n("size((4,2))", 11, "ok 8\n\0", 6, 0, &j) == 1); /* the first line only */
  CHECK(cuteref_judge_n("size((4,2))", 11, NULL, 0, 0, &j) == 0 && strcmp(j.verdict, "malformed") == 0);
}

/* Generated cases are `cuteref conform --random`'s (its --list-cases for
 * --seed 7 --ops composition begins with these two), and the shrinking
 * candidates conform's edits. */
static void test_cases(void) {
  char buf[CUTEREF_REQUEST_CAP], small[8];
  const char *gen = NULL;
  cuteref_error err;
  int k, n;
  CHECK(cuteref_case("composition", 7, 0, buf, sizeof buf, &gen, &err) == CUTEREF_OK);
  CHECK(strcmp(buf, "composition(4:1, _2:_1)") == 0 && gen && strcmp(gen, "composition/admissible") == 0);
  CHECK(cuteref_case("composition", 7, 1, buf, sizeof buf, &gen, &err) == CUTEREF_OK);
  CHECK(strcmp(buf, "composition((6,(6,3)):(_-18,(1,6)), (4,5):(-1,-1))") == 0 && strcmp(gen, "composition/random") == 0);
  CHECK(cuteref_case("size", 0xC0FFEE, 0, buf, sizeof buf, NULL, NULL) == CUTEREF_OK);
  CHECK(strcmp(buf, "size((3,(_6,6)):(_1,(_3,_18)))") == 0);
  for (k = 0; k < cuteref_num_ops(); ++k) /* every operation has a generator */
    CHECK(cuteref_case(cuteref_op_name(k), 1, 5, buf, sizeof buf, NULL, &err) == CUTEREF_OK && buf[0]);
  CHECK(cuteref_case("compositon", 0, 0, buf, sizeof buf, &gen, &err) == cuteref_code_by_name("UNKNOWN_FUNCTION"));
  CHECK(strstr(err.message, "did you mean 'composition'") != NULL && gen == NULL);
  CHECK(cuteref_case("si\001ze", 0, 0, buf, sizeof buf, NULL, &err) == cuteref_code_by_name("UNKNOWN_FUNCTION"));
  CHECK(strcmp(err.message, "the operation's name holds byte 0x01 at byte 2") == 0);
  CHECK(cuteref_case("size", 0xC0FFEE, 0, small, sizeof small, &gen, &err) == cuteref_code_by_name("CAPACITY"));
  CHECK(small[0] == '\0' && strstr(err.message, "needs 31 bytes") != NULL && gen == NULL);
  CHECK(cuteref_case(NULL, 0, 0, buf, sizeof buf, NULL, &err) == cuteref_code_by_name("ARG_TYPE"));
  /* candidates, coarse to fine: drop a leaf first */
  n = cuteref_shrink_candidate("size((3,(6,6)):(1,(3,18)))", 0, buf, sizeof buf, &err);
  CHECK(n == (int)strlen("size(((6,6)):((3,18)))") && strcmp(buf, "size(((6,6)):((3,18)))") == 0);
  for (k = 0; cuteref_shrink_candidate("size((3,(6,6)):(1,(3,18)))", k, buf, sizeof buf, &err) > 0; ++k) {
  }
  CHECK(k == 19 && err.code == CUTEREF_OK);
  CHECK(cuteref_shrink_candidate("size((3,(6,6)):(1,(3,18)))", -1, buf, sizeof buf, &err) == 0);
  CHECK(cuteref_shrink_candidate("no call", 0, buf, sizeof buf, &err) == 0);
  CHECK(cuteref_shrink_candidate("size((3,(6,6)):(1,(3,18)))", 0, small, sizeof small, &err) == -1);
  CHECK(strcmp(err.name, "CAPACITY") == 0);
  CHECK(cuteref_shrink_candidate(NULL, 0, buf, sizeof buf, &err) == -1 && strcmp(err.name, "ARG_TYPE") == 0);
}

static void test_threads(void) {
  pthread_t t[4];
  int bad[4] = {0, 0, 0, 0}, k;
  for (k = 0; k < 4; ++k) CHECK(pthread_create(&t[k], NULL, worker, &bad[k]) == 0);
  for (k = 0; k < 4; ++k) {
    pthread_join(t[k], NULL);
    CHECK(bad[k] == 0);
  }
}

int main(void) {
  test_codes();
  test_text();
  test_values();
  test_misuse();
  test_every_operation();
  test_typed();
  test_judge();
  test_lengths();
  test_cases();
  test_threads();
  if (failures) {
    printf("api_test: %d failures\n", failures);
    return 1;
  }
  printf("ok: api_test (codes, text, values, misuse, %d operations by name, typed wrappers, judge, lengths, "
         "cases, threads)\n",
         cuteref_num_ops());
  return 0;
}
