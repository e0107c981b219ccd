/* example.c -- a tour of the C API (include/cuteref.h, spec/api.md): values,
 * operations typed and by name, errors with their spec codes, and the judge
 * another implementation's tests can ask. `make test` builds it against the
 * installed header and library and compares its output with example.out. */
#include <cuteref.h>
#include <stdio.h>
#include <string.h>

static int fail(const cuteref_error *err) {
  printf("unexpected error %s: %s\n", err->name, err->message);
  return 1;
}

int main(void) {
  cuteref_error err;
  cuteref_value *A, *B, *C, *D;
  const cuteref_value *args[2];
  cuteref_judgement j;
  int64_t n, x;
  char *s, buf[64];

  if (cuteref_api_version() != CUTEREF_API_VERSION) return 1;
  printf("API version %d\n", cuteref_api_version());

  /* Text in, text out; the protocol's answer line. */
  s = cuteref_eval("coalesce(((2,4),(3,5)):((1,2),(8,24)))", &err);
  if (!s) return fail(&err);
  printf("coalesce: %s\n", s);
  cuteref_free_string(s);
  s = cuteref_answer("complement((2,2):(1,6), 24)");
  printf("answer: %s\n", s);
  cuteref_free_string(s);

  /* Values and typed operations. */
  if (cuteref_value_parse("(6,2):(8,2)", &A, &err) || cuteref_value_parse("(4,3):(3,1)", &B, &err))
    return fail(&err);
  if (cuteref_composition(A, B, &C, &err)) return fail(&err);
  cuteref_value_print(C, buf, sizeof buf);
  printf("composition: %s (kind %s)\n", buf, cuteref_value_kind(C) == CUTEREF_LAYOUT ? "layout" : "?");
  if (cuteref_size(C, &n, &err) || cuteref_layout_at(C, 5, &x, &err)) return fail(&err);
  printf("size %lld, C(5) = %lld\n", (long long)n, (long long)x);

  /* An operation by name, with template arguments. */
  args[0] = C;
  if (cuteref_call("layout<1>", args, 1, &D, &err)) return fail(&err);
  s = cuteref_value_str(D);
  printf("layout<1>: %s\n", s);
  cuteref_free_string(s);
  cuteref_value_free(D);

  /* Equal as functions (EQUIV-2), whatever the text. */
  if (cuteref_value_parse("(12):(2)", &D, &err)) return fail(&err);
  printf("(6,2):(2,12) equivalent to (12):(2)? ");
  cuteref_value_free(A);
  if (cuteref_value_parse("(6,2):(2,12)", &A, &err)) return fail(&err);
  printf("%s\n", cuteref_value_equivalent(A, D) ? "yes" : "no");
  cuteref_value_free(A);
  cuteref_value_free(B);
  cuteref_value_free(D);

  /* Errors carry the spec's code. */
  if (cuteref_value_parse("(4,6):(1,10)", &A, &err) || cuteref_value_parse("3:2", &B, &err)) return fail(&err);
  if (cuteref_composition(A, B, &D, &err) != CUTEREF_OK)
    printf("composition rejected: %s (code %d is %s)\n", err.name, err.code, cuteref_code_name(err.code));
  cuteref_value_free(A);
  cuteref_value_free(B);
  cuteref_value_free(C);

  /* The judge of `cuteref conform`: ok, or the spec ID an answer violates. */
  printf("judge right: %d\n", cuteref_judge("composition((6,2):(8,2), (4,3):(3,1))", "ok ((2,2),3):((24,2),8)", 0, &j));
  printf("judge wrong: %d %s %s\n", cuteref_judge("composition((6,2):(8,2), (4,3):(3,1))", "ok (12):(2)", 0, &j),
         j.verdict, j.id);
  printf("judge inadmissible: %d %s %s\n", cuteref_judge("composition((4,6):(1,10), 3:2)", "ok 3:20", 0, &j),
         j.verdict, j.id);
  printf("judge wrong rejection: %d %s %s\n",
         cuteref_judge("size((4,2):(1,4))", "error NOT_INJECTIVE no", 0, &j), j.verdict, j.id);
  return strcmp(j.expected, "ok 8") != 0;
}
