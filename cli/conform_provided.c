/* conform_provided.c -- operations an implementation does not provide,
 * inferred from its answers (spec/protocol.md, "Judging": an unsupported
 * answer is no wrong rejection). */
#include "conform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first word after `error` of an answer, in w; 0 if it is no `error`. */
static int cf_error_word(const char *answer, char *w, int cap) {
  int n = 0;
  if (!answer || strncmp(answer, "error", 5) != 0 || (answer[5] != ' ' && answer[5] != '\0')) return 0;
  answer += 5;
  while (*answer == ' ') ++answer;
  while (*answer && *answer != ' ' && n < cap - 1) w[n++] = *answer++;
  w[n] = '\0';
  return 1;
}

/* Operations the implementation does not provide, inferred (issue 39: a
 * two-operation implementation following the minimal adapter got 728
 * "wrong rejections" of operations it never claimed, before its own bugs):
 * every one of at least two requests answered `error W` with one word W
 * that is no error code of the spec (NotImplementedError, KeyError). Such
 * an answer claims nothing about the input, so its wrong rejections are
 * counted as unsupported and the operation is listed once. A rejection
 * with a code of the spec is never read this way. */
void cf_infer_not_provided(cf_report *R, cf_list *L) {
  int k, j, len = 0, cap = 0;
  char *text = NULL;
  for (k = 0; k < L->n; ++k) {
    char w[64], w2[64], line[CF_OP_CAP + 160];
    int same = 1, count = 0, first = 1;
    const char *op = L->items[k].op;
    for (j = 0; j < k; ++j) first = first && strcmp(L->items[j].op, op) != 0;
    if (!first || !cf_error_word(L->items[k].answer, w, (int)sizeof w) || ct_code_by_name(w) != CT_NUM_CODES) continue;
    for (j = k; j < L->n && same; ++j)
      if (strcmp(L->items[j].op, op) == 0) {
        same = cf_error_word(L->items[j].answer, w2, (int)sizeof w2) && strcmp(w, w2) == 0;
        ++count;
      }
    if (!same || count < 2) continue;
    for (j = k; j < L->n; ++j)
      if (strcmp(L->items[j].op, op) == 0 && L->items[j].verdict == CF_WRONG_REJECTION) {
        char why[CF_OP_CAP + 160];
        L->items[j].verdict = CF_UNSUPPORTED;
        snprintf(why, sizeof why, "not provided: every request of %s was answered `error %s`", op, w);
        free(L->items[j].why); /* the item's own (cf_judge_into); the shrink memo is built later */
        L->items[j].why = cf_dup(why);
      }
    snprintf(line, sizeof line, "%s%s (`error %s`, %d requests)", len ? ", " : "", op, w, count);
    if (len + (int)strlen(line) + 1 > cap) {
      cap = 2 * cap + (int)strlen(line) + 256;
      text = (char *)cf_checked(realloc(text, (size_t)cap));
    }
    len += snprintf(text + len, (size_t)(cap - len), "%s", line);
  }
  R->not_provided = text;
}

