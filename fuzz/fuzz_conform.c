/* fuzz_conform.c -- the answer judge of `cuteref conform` (cf_judge,
 * spec/protocol.md "Judging"): a request and an arbitrary answer line. The
 * input is `REQUEST \n ANSWER`; the seeds are real requests of spec/vectors
 * with their expected outcomes, so the fuzzer mutates both halves.
 *
 * The answer is first cleaned as the runner cleans what it reads
 * (conform_session.c, cf_frame_line: bytes outside printable ASCII but tab read as `?`).
 * Invariants checked on every input, in loose and in strict mode:
 *  - the verdict is one an answer line can get (never a transport verdict),
 *    with printable explanation and IDs;
 *  - verdicts follow the answer's first word and the reference's outcome:
 *    `accepted inadmissible` only for `ok` where the reference rejects,
 *    `wrong rejection`/`unsupported` only for `error` where it accepts;
 *  - strict conformance implies loose conformance;
 *  - the reference's own outcome, and the answer `ok V` with V its value
 *    spelled with spaces, conform; any `error ...` conforms (loose mode)
 *    where the reference rejects. */
#include "fuzz/fuzz.h"
#include "cli/conform.h"

#include <stdlib.h>
#include <string.h>

#define FZ_MAX_INPUT (2 * CF_REQ_CAP)

static void fz_judge(int strict, const char *req, const char *answer, cf_judgement *j) {
  cf_judge_opts o;
  o.strict = strict;
  o.decline = "UNSUPPORTED";
  cf_judge(&o, req, answer, j);
  if (j->verdict < 0 || j->verdict > CF_MALFORMED)
    fz_fail("`%.80s` answered `%.80s`: verdict %d is no verdict of an answer line", req, answer, j->verdict);
  if (!fz_printable(j->why) || !fz_printable(j->id) || !fz_printable(j->post_id) || !fz_printable(j->expected))
    fz_fail("`%.80s` answered `%.80s`: a judgement that is not printable", req, answer);
}

static void fz_must_conform(int strict, const char *req, const char *answer) {
  cf_judgement j;
  fz_judge(strict, req, answer, &j);
  if (j.verdict != CF_CONFORMING)
    fz_fail("`%.80s` answered `%.80s` (%s mode): %s, %s: %s", req, answer, strict ? "strict" : "loose",
            cf_verdict_words[j.verdict], j.id, j.why);
}

/* `ok V` with a space after every comma and around every colon. */
static void fz_spaced(const char *ok, char *out, size_t cap) {
  size_t n = 0;
  for (; *ok && n + 4 < cap; ++ok) {
    if (*ok == ':' && n > 3) out[n++] = ' ';
    out[n++] = *ok;
    if ((*ok == ',' || *ok == ':') && n > 3) out[n++] = ' ';
  }
  out[n] = '\0';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static char req[FZ_MAX_INPUT + 1], answer[FZ_MAX_INPUT + 1], spaced[3 * CF_REQ_CAP];
  static cf_judgement loose, strict;
  const uint8_t *nl;
  size_t rl, al, k;
  const char *a;
  if (size > FZ_MAX_INPUT) return 0;
  nl = (const uint8_t *)memchr(data, '\n', size);
  rl = nl ? (size_t)(nl - data) : size;
  al = nl ? size - rl - 1 : 0;
  /* a request line: what the runner sends holds no NUL byte or newline */
  if (memchr(data, '\0', rl)) return 0;
  memcpy(req, data, rl);
  req[rl] = '\0';
  memcpy(answer, nl ? nl + 1 : data, al);
  answer[al] = '\0';
  for (k = 0; k < al; ++k)
    if (answer[k] != '\t' && ((unsigned char)answer[k] < 0x20 || (unsigned char)answer[k] > 0x7e)) answer[k] = '?';

  fz_judge(0, req, answer, &loose);
  fz_judge(1, req, answer, &strict);
  if (strict.verdict == CF_CONFORMING && loose.verdict != CF_CONFORMING)
    fz_fail("`%.80s` answered `%.80s`: conforming in strict mode, %s in loose mode (%s)", req, answer,
            cf_verdict_words[loose.verdict], loose.why);
  a = answer;
  while (*a == ' ' || *a == '\t') ++a;
  switch (loose.verdict) {
  case CF_ACCEPTED_INADMISSIBLE:
    if (loose.ref_code == CT_OK || strncmp(a, "ok", 2) != 0) fz_fail("`%.80s` answered `%.80s`: accepted inadmissible?", req, answer);
    break;
  case CF_WRONG_REJECTION:
  case CF_UNSUPPORTED:
    if (loose.ref_code != CT_OK || strncmp(a, "error", 5) != 0)
      fz_fail("`%.80s` answered `%.80s`: %s?", req, answer, cf_verdict_words[loose.verdict]);
    break;
  default: break;
  }

  /* the reference's own outcome conforms, in both modes */
  fz_must_conform(0, req, loose.expected);
  fz_must_conform(1, req, loose.expected);
  if (loose.ref_code == CT_OK) {
    fz_spaced(loose.expected, spaced, sizeof spaced);
    if (strlen(spaced) < CF_REQ_CAP - 1) {
      fz_must_conform(0, req, spaced);
      fz_must_conform(1, req, spaced);
    }
  } else {
    fz_must_conform(0, req, "error SOMETHING_ELSE with a message");
  }
  return 0;
}
