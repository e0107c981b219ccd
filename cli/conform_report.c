/* conform_report.c -- the report of `cuteref conform`: per-operation counts,
 * the shrunk counterexamples, what went wrong with the process, throughput;
 * in Markdown (for people and docs/) and JSON (for tools). */
#include "conform.h"
#include "registry.h"

#include <stdlib.h>
#include <string.h>

int cf_verdict_fails(const cf_report *r, int verdict) {
  /* a difference by convention, or an answer nothing shows wrong, is no
   * failure (spec/principle.md §3, §4) */
  if (verdict == CF_CONFORMING || verdict == CF_CONVENTION || verdict == CF_UNJUDGED) return 0;
  if (verdict == CF_UNSUPPORTED) return !r->allow_unsupported;
  return 1;
}

typedef struct {
  const char *op;
  int count[CF_NUM_VERDICTS];
  int sent;
} cf_op_row;

static int cf_cmp_rows(const void *a, const void *b) {
  return strcmp(((const cf_op_row *)a)->op, ((const cf_op_row *)b)->op);
}

/* Per-operation counts, sorted by operation; returns the number of rows. */
static int cf_rows(const cf_report *r, cf_op_row **out, cf_op_row *total) {
  cf_op_row *rows = (cf_op_row *)cf_checked(calloc((size_t)(r->n + 1), sizeof(cf_op_row)));
  int n = 0, i, k;
  memset(total, 0, sizeof *total);
  total->op = "total";
  for (i = 0; i < r->n; ++i) {
    const cf_item *it = &r->items[i];
    for (k = 0; k < n; ++k)
      if (strcmp(rows[k].op, it->op) == 0) break;
    if (k == n) rows[n++].op = it->op;
    ++rows[k].count[it->verdict];
    ++total->count[it->verdict];
    if (it->verdict != CF_NOT_SENT) {
      ++rows[k].sent;
      ++total->sent;
    }
  }
  qsort(rows, (size_t)n, sizeof *rows, cf_cmp_rows);
  *out = rows;
  return n;
}

static const char *cf_post_word(int post) {
  return post == 1 ? "hold" : post == 0 ? "violated" : "not checked";
}

static void cf_md_code(FILE *f, const char *s) {
  /* inline code; a backtick inside would end it, so use a double fence then */
  if (strchr(s, '`')) fprintf(f, "`` %s ``", s);
  else fprintf(f, "`%s`", s);
}

static const char *cf_mode_text(const cf_report *r, char *buf, int cap) {
  const cf_proc_opts *p = r->proc;
  int n;
  if (p->batch)
    n = snprintf(buf, (size_t)cap, "batch (all requests written, then stdin closed; %g s without output allowed", p->batch_timeout);
  else
    n = snprintf(buf, (size_t)cap, "interactive (%d request%s in flight, %g s allowed per answer", p->window,
                 p->window == 1 ? "" : "s", p->timeout);
  if (p->batch && p->batch_size > 0 && n < cap) n += snprintf(buf + n, (size_t)(cap - n), ", %d requests per process", p->batch_size);
  if (n < cap) {
    if (p->probe_every > 0) snprintf(buf + n, (size_t)(cap - n), "; a probe after every %d requests)", p->probe_every);
    else snprintf(buf + n, (size_t)(cap - n), "; no probes)");
  }
  return buf;
}

/* The report's head: what was judged, how, and the verdict. */
static void cf_md_head(FILE *f, const cf_report *r, const cf_op_row *total, int bad) {
  char mode[320];
  const char *sep = " (";
  fprintf(f, "# Conformance of %s\n\n", r->name);
  fprintf(f, "Produced by `cuteref conform` (spec/protocol.md).\n\n");
  fprintf(f, "- implementation: ");
  cf_md_code(f, r->impl);
  fprintf(f, "\n- cases: %d", r->n);
  if (r->vectors_dir) {
    fprintf(f, "%s%d conformance vectors of version %d from `%s`", sep, r->vectors_cases, r->vectors_version, r->vectors_dir);
    sep = "; ";
  }
  if (r->random_per_op > 0) {
    fprintf(f, "%srandom: %d per operation, seed 0x%llx", sep, r->random_per_op, r->seed);
    if (r->random_repeats > 0) /* issue 39: --random 2000 sent 3,695 requests without saying why */
      fprintf(f, "; %d drawn, %d of them repeat a case already listed and are sent once", r->random_drawn,
              r->random_repeats);
    sep = "; ";
  }
  if (r->cases_file) {
    fprintf(f, "%s%d from `%s`", sep, r->cases_from_file, r->cases_file);
    sep = "; ";
  }
  if (sep[0] == ';') fprintf(f, ")");
  fprintf(f, "\n- mode: %s\n", cf_mode_text(r, mode, sizeof mode));
  fprintf(f, "- judged: %s\n",
          r->strict ? "strict text (the reference's exact text and error code)"
                    : "by the spec: a result must be the same function with a compatible shape as the reference's "
                      "(EQUIV-2; static marks and size-1 modes do not matter), a rejection must be of an input the "
                      "spec rejects");
  fprintf(f, "- declined answers (`error` followed by one of these, counted as unsupported): %s%s\n", r->decline,
          r->allow_unsupported ? " (allowed)" : "");
  if (r->not_provided)
    fprintf(f, "- not provided (every request answered with one word that is no error code of the spec; counted as "
               "unsupported, spec/protocol.md): %s\n",
            r->not_provided);
  fprintf(f, "- verdict: **%s** (%d of %d answers conform)\n", bad || !r->conforms ? "does not conform" : "conforms",
          total->count[CF_CONFORMING], total->sent);
  fprintf(f, "- throughput: %d requests in %.2f s, %.0f requests/s (process start-up, protocol and probes included)\n",
          total->sent, r->main.seconds, r->main.seconds > 0 ? total->sent / r->main.seconds : 0.0);
}

/* The verdicts per operation (a column for each verdict that occurs). */
static void cf_md_table(FILE *f, const cf_op_row *rows, int n, const cf_op_row *total) {
  static const int cols[] = {CF_CONFORMING,  CF_CONVENTION, CF_WRONG_RESULT, CF_WRONG_REJECTION, CF_ACCEPTED_INADMISSIBLE,
                             CF_UNJUDGED,    CF_UNSUPPORTED, CF_MALFORMED,   CF_CRASHED,         CF_TIMED_OUT,
                             CF_OUT_OF_ORDER, CF_NOT_SENT};
  const int ncols = (int)(sizeof cols / sizeof cols[0]);
  int i, k, shown[CF_NUM_VERDICTS];
  for (k = 0; k < ncols; ++k)
    shown[k] = cols[k] == CF_CONFORMING || total->count[cols[k]] > 0 ||
               (cols[k] <= CF_ACCEPTED_INADMISSIBLE && cols[k] != CF_CONVENTION);
  fprintf(f, "\n## Per operation\n\n| operation | sent |");
  for (k = 0; k < ncols; ++k)
    if (shown[k]) fprintf(f, " %s |", cf_verdict_words[cols[k]]);
  fprintf(f, "\n| --- | ---: |");
  for (k = 0; k < ncols; ++k)
    if (shown[k]) fprintf(f, " ---: |");
  fprintf(f, "\n");
  for (i = 0; i <= n; ++i) {
    const cf_op_row *row = i < n ? &rows[i] : total;
    fprintf(f, i < n ? "| %s | %d |" : "| **%s** | %d |", row->op, row->sent);
    for (k = 0; k < ncols; ++k)
      if (shown[k]) fprintf(f, " %d |", row->count[cols[k]]);
    fprintf(f, "\n");
  }
}

/* What each kind of defect means, in plain words (issue 39: a report that
 * leads with the implementer's bugs, its jargon explained where it
 * appears); the spec ID and the judge's `why` say the particular. */
static const char *const cf_meaning[CF_NUM_VERDICTS] = {
    [CF_WRONG_RESULT] = "The implementation accepted an input the spec accepts, but its result is not the reference's: "
                     "either not the same function on `[0, size)` or a shape that does not agree once size-1 modes "
                     "are dropped (EQUIV-2). The spec ID names the post-condition the answer breaks; *why* says how, "
                     "and *where* the first index inside the domain at which it breaks (spec/principle.md).",
    [CF_WRONG_REJECTION] = "The implementation answered `error` to an input that no precondition of the operation's page "
                        "rejects (written `OP!OK`): the spec defines an answer there, so a conforming implementation "
                        "must give it. The usual cause is a step that assumes an order or a form the input does not "
                        "have, or a precondition checked more strictly than the spec states it.",
    [CF_ACCEPTED_INADMISSIBLE] = "The implementation answered `ok` to an input the spec rejects (`OP!CODE` names the "
                              "precondition and its error code), and its answer breaks a post-condition there: the "
                              "value is not a convention beyond the spec, it is wrong (spec/principle.md §4).",
};

static const char *cf_meaning_of(int verdict) {
  return verdict >= 0 && verdict < CF_NUM_VERDICTS && cf_meaning[verdict] ? cf_meaning[verdict] : "";
}

/* The spec link of a counterexample: its page at the spec ID, or at the
 * preconditions for OP!CODE (and at the post-condition an accepted
 * inadmissible answer breaks). */
static void cf_spec_link(const cf_cex *c, char *buf, int cap) {
  const ct_op *sp = ct_find_op(c->op);
  const char *page = sp ? sp->page : "protocol.md";
  int n = 0;
  if (!strchr(c->id, '!') && c->id[0]) n = snprintf(buf, (size_t)cap, "spec/%s#%s", page, c->id);
  else n = snprintf(buf, (size_t)cap, "spec/%s#preconditions", page);
  if (c->post_id[0] && n > 0 && n < cap) snprintf(buf + n, (size_t)(cap - n), ", spec/%s#%s", page, c->post_id);
}

/* A defect's other minimal cases, one line each. */
static void cf_md_other_cases(FILE *f, const cf_report *r, int first, int end) {
  int k;
  if (end - first > 1) fprintf(f, "\n- the same defect, other minimal cases:");
  for (k = first + 1; k < end; ++k) {
    const cf_cex *o = &r->cex[k];
    fprintf(f, "\n  %d. ", k + 1);
    cf_md_code(f, o->req);
    fprintf(f, " answered ");
    cf_md_code(f, o->answer ? o->answer : "(none)");
    fprintf(f, ", the reference ");
    cf_md_code(f, o->expected);
    fprintf(f, " (%d disagreement%s", o->count, o->count == 1 ? "" : "s");
    if (o->steps > 0) {
      fprintf(f, ", shrunk from ");
      cf_md_code(f, o->orig_req);
    }
    fprintf(f, ")");
  }
}

/* One defect: its leading case in full, the others briefly. */
static void cf_md_defect(FILE *f, const cf_report *r, int first, int end) {
  const cf_cex *c = &r->cex[first];
  char shape[CF_REQ_CAP], link[256];
  int k, total = 0;
  for (k = first; k < end; ++k) total += r->cex[k].count;
  cf_request_shape(c->req, shape, sizeof shape);
  cf_spec_link(c, link, sizeof link);
  fprintf(f, "\n### Defect %d: %s, %s (`%s`", c->defect + 1, c->op, cf_verdict_words[c->verdict], c->id);
  if (c->verdict == CF_ACCEPTED_INADMISSIBLE && c->post != 1) {
    fprintf(f, "; post-conditions %s", cf_post_word(c->post));
    if (c->post == 0 && c->post_id[0]) fprintf(f, ": %s", c->post_id);
  }
  fprintf(f, "), shape ");
  cf_md_code(f, shape);
  fprintf(f, "\n\n- request: ");
  cf_md_code(f, c->req);
  fprintf(f, " (counterexample %d)", first + 1);
  fprintf(f, "\n- answer: ");
  cf_md_code(f, c->answer ? c->answer : "(none)");
  fprintf(f, "; the reference: ");
  cf_md_code(f, c->expected);
  fprintf(f, "\n- what it means: %s", cf_meaning_of(c->verdict));
  fprintf(f, "\n- spec: %s", link);
  if (c->why && c->why[0]) fprintf(f, "\n- why: %s", c->why);
  if (c->witness) fprintf(f, "\n- where (spec/principle.md §4): `%s`", c->witness);
  fprintf(f, "\n- picture: `cuteref dot '%s' | dot -Tsvg > defect%d.svg`", c->req, c->defect + 1);
  if (c->steps > 0) {
    fprintf(f, "\n- shrunk in %d step%s from ", c->steps, c->steps == 1 ? "" : "s");
    cf_md_code(f, c->orig_req);
  }
  fprintf(f, "\n- covers %d disagreement%s (%d minimal case%s of its shape)", total, total == 1 ? "" : "s", end - first,
          end - first == 1 ? "" : "s");
  if (c->count > 1 && end - first > 1) fprintf(f, "\n- %d disagreements shrank to this case", c->count);
  cf_md_other_cases(f, r, first, end);
  fprintf(f, "\n");
}

/* The shrunk counterexamples, one entry per distinct defect, the most
 * telling first (conform_shrinking.c orders them). */
static void cf_md_counterexamples(FILE *f, const cf_report *r) {
  int i, first = 0;
  fprintf(f, "\n## Counterexamples\n\n");
  if (r->ncex == 0) fprintf(f, "None.\n");
  else
    fprintf(f,
            "Every disagreement shrunk to a smallest request that still disagrees in the same way (%d distinct; "
            "%d shrinking rounds, %d requests sent while shrinking%s).\n\n"
            "%d distinct defect%s. A defect is one operation failing one way (the verdict and the spec ID or "
            "`OP!CODE` it breaks) on minimal requests of one shape (the request with its integers written `#`). "
            "The most telling first: wrong results, then wrong rejections, then accepted inadmissible answers; "
            "among those, the defect behind more disagreements, then the smaller minimal request.\n",
            r->ncex, r->shrink_rounds, r->shrink_requests, "", r->ndefects, r->ndefects == 1 ? "" : "s");
  if (r->shrink_cut)
    fprintf(f, "\nThe shrinking time ran out (`--shrink-time`) while %d of them could still shrink; they are shown as far "
               "as they got.\n",
            r->shrink_cut);
  if (r->unshrunk)
    fprintf(f, "\n%d further disagreements were not shrunk (`--shrink-max`); the JSON report lists every one.\n", r->unshrunk);
  for (i = 1; i <= r->ncex; ++i)
    if (i == r->ncex || r->cex[i].defect != r->cex[first].defect) {
      cf_md_defect(f, r, first, i);
      first = i;
    }
}

/* Differences by convention and unjudged answers: no failures, counted in the
 * table; the first few of each operation shown, so a reader sees what they are. */
static void cf_md_conventions(FILE *f, const cf_report *r) {
  int i, k, per = 0;
  const char *last = "";
  for (i = 0; i < r->n; ++i)
    if (r->items[i].verdict == CF_CONVENTION || r->items[i].verdict == CF_UNJUDGED) break;
  if (i == r->n) return;
  fprintf(f, "\n## Differences by convention, and answers nothing shows wrong\n\n"
             "No failures (spec/principle.md): *differs by convention* means the answer meets CuTe's documented "
             "contract at every index inside the domain and differs from the reference only where CuTe defines "
             "nothing (principle §3); *unjudged* means an answer to an input the spec rejects where no post-condition "
             "could be checked (principle §4). The first three of each operation:\n");
  for (k = 0; k < r->n; ++k) {
    const cf_item *it = &r->items[k];
    if (it->verdict != CF_CONVENTION && it->verdict != CF_UNJUDGED) continue;
    if (strcmp(it->op, last) != 0) {
      fprintf(f, "\n### %s\n\n", it->op);
      last = it->op;
      per = 0;
    }
    if (per++ >= 3) continue;
    fprintf(f, "- %s: ", cf_verdict_words[it->verdict]);
    cf_md_code(f, it->req);
    fprintf(f, " answered ");
    cf_md_code(f, it->answer ? it->answer : "(none)");
    fprintf(f, ", the reference ");
    cf_md_code(f, it->expected);
    if (it->why && it->why[0]) fprintf(f, ": %s", it->why);
    fprintf(f, "\n");
  }
}

/* What the implementation's processes did, when anything went wrong. */
static void cf_md_process(FILE *f, const cf_report *r) {
  int i;
  if (r->main.nev == 0 && r->main.extra_lines == 0 && r->main.probes_rejected == 0 && r->main.overlong == 0 &&
      r->main.startup_lines == 0)
    return;
  fprintf(f, "\n## The process\n\n");
  /* a probe's answer is its value, a decline (UNSUPPORTED: only counted)
   * or another request's answer (a break of order) */
  fprintf(f, "%d process%s started; %d crash%s, %d timeout%s, %d break%s of order; %d probe%s answered: %d with "
             "their value, %d declined; %d extra answer line%s.\n\n",
          r->main.starts, r->main.starts == 1 ? "" : "es", r->main.crashes, r->main.crashes == 1 ? "" : "es",
          r->main.timeouts, r->main.timeouts == 1 ? "" : "s", r->main.order_breaks, r->main.order_breaks == 1 ? "" : "s",
          r->main.probes, r->main.probes == 1 ? "" : "s", r->main.probes_good, r->main.probes_rejected,
          r->main.extra_lines, r->main.extra_lines == 1 ? "" : "s");
  if (r->main.startup_lines)
    fprintf(f, "%d line%s of start-up output (before a process's first answer) %s not taken as answers; the "
               "protocol wants none (spec/protocol.md).\n\n",
            r->main.startup_lines, r->main.startup_lines == 1 ? "" : "s", r->main.startup_lines == 1 ? "was" : "were");
  for (i = 0; i < r->main.nev; ++i) fprintf(f, "- %s\n", r->main.ev[i].text);
}

/* The words of the judge's messages a reader may not know, explained once
 * at the end of a report that uses them (issue 39: `A^`, `COMP-PREP`,
 * `UNDECIDED` appeared unexplained). */
static const char *const cf_terms[][2] = {
    {"A^", "`A^` (also `Â`): `A` extended past its size, its last mode going on, so that `A^(x)` is defined for "
           "every `x >= 0` (spec/composition.md, COMP-EXT); composition reads `A` through it"},
    {"COMP-PREP", "`COMP-PREP`: composition's digit view of `A` (flattened, size-1 modes dropped; "
                  "spec/composition.md)"},
    {"UNDECIDED", "`UNDECIDED`: the reference's bounded search ended without a decision; such an input is not judged"},
    {"EQUIV-2", "`EQUIV-2`: two layouts are equivalent when they are the same function on `[0, size)` and their "
                "shapes agree once size-1 modes are dropped (spec/layout.md)"},
    {"LAYOUT-WF", "`LAYOUT-WF`: a well-formed layout: shape and stride of the same nesting, every shape entry "
                  "positive (spec/layout.md); an answer that is none is wrong whatever it means"},
    {"principle", "spec/principle.md: answers depend on the arguments' functions, and an answer is wrong only where "
                  "a post-condition breaks at an index inside the domain"},
    {"wrong rejection", "*wrong rejection*: an `error` answer to an input the spec accepts"},
    {"accepted inadmissible", "*accepted inadmissible*: an `ok` answer to an input the spec rejects, breaking a "
                              "post-condition there"},
};

/* Whether s holds word (NULL holds nothing). */
static int cf_has(const char *s, const char *word) { return s && strstr(s, word) != NULL; }

static void cf_md_terms(FILE *f, const cf_report *r) {
  int t, i, any = 0;
  for (t = 0; t < (int)(sizeof cf_terms / sizeof cf_terms[0]); ++t) {
    int used = 0;
    for (i = 0; i < r->ncex && !used; ++i) {
      const cf_cex *c = &r->cex[i];
      used = cf_has(c->why, cf_terms[t][0]) || cf_has(c->id, cf_terms[t][0]) || cf_has(c->post_id, cf_terms[t][0]) ||
             cf_has(cf_verdict_words[c->verdict], cf_terms[t][0]);
    }
    if (!used) continue;
    if (!any++) fprintf(f, "\n## Terms used above\n\n");
    fprintf(f, "- %s\n", cf_terms[t][1]);
  }
}

void cf_report_markdown(FILE *f, const cf_report *r) {
  cf_op_row *rows, total;
  int n = cf_rows(r, &rows, &total), k, bad = 0;
  for (k = 0; k < CF_NUM_VERDICTS; ++k)
    if (cf_verdict_fails(r, k)) bad += total.count[k];
  cf_md_head(f, r, &total, bad);
  cf_md_table(f, rows, n, &total);
  cf_md_counterexamples(f, r);
  cf_md_conventions(f, r);
  cf_md_process(f, r);
  cf_md_terms(f, r);
  free(rows);
}

static void cf_json_kv_str(FILE *f, const char *k, const char *v, int comma) {
  fprintf(f, "%s\"%s\": ", comma ? ", " : "", k);
  if (v) cf_json_str(f, v);
  else fputs("null", f);
}

/* Where the cases came from, how fast, and what the processes did. */
static void cf_json_run(FILE *f, const cf_report *r, const cf_op_row *total) {
  int i;
  fprintf(f, ",\n  \"sources\": {\"vectors\": ");
  if (r->vectors_dir) {
    fprintf(f, "{");
    cf_json_kv_str(f, "dir", r->vectors_dir, 0);
    fprintf(f, ", \"version\": %d, \"cases\": %d}", r->vectors_version, r->vectors_cases);
  } else fprintf(f, "null");
  fprintf(f, ", \"random\": ");
  if (r->random_per_op > 0)
    fprintf(f, "{\"per_operation\": %d, \"seed\": \"0x%llx\", \"drawn\": %d, \"repeats\": %d}", r->random_per_op, r->seed,
            r->random_drawn, r->random_repeats);
  else fprintf(f, "null");
  fprintf(f, ", \"cases_file\": ");
  if (r->cases_file) {
    fprintf(f, "{");
    cf_json_kv_str(f, "path", r->cases_file, 0);
    fprintf(f, ", \"cases\": %d}", r->cases_from_file);
  } else fprintf(f, "null");
  fprintf(f, "}");
  fprintf(f, ",\n  \"throughput\": {\"requests\": %d, \"seconds\": %.4f, \"requests_per_second\": %.1f}", total->sent,
          r->main.seconds, r->main.seconds > 0 ? total->sent / r->main.seconds : 0.0);
  fprintf(f, ",\n  \"process\": {\"starts\": %d, \"crashes\": %d, \"timeouts\": %d, \"out_of_order\": %d, \"probes\": %d, "
             "\"probes_rejected\": %d, \"extra_lines\": %d, \"startup_lines\": %d, \"overlong_lines\": %d, \"gave_up\": %s}",
          r->main.starts, r->main.crashes, r->main.timeouts, r->main.order_breaks, r->main.probes,
          r->main.probes_rejected, r->main.extra_lines, r->main.startup_lines, r->main.overlong,
          r->main.gave_up ? "true" : "false");
  fprintf(f, ",\n  \"shrinking\": {\"rounds\": %d, \"requests\": %d, \"stopped_by_time\": %d, \"not_shrunk\": %d}",
          r->shrink_rounds, r->shrink_requests, r->shrink_cut, r->unshrunk);
  fprintf(f, ",\n  \"events\": [");
  for (i = 0; i < r->main.nev; ++i) {
    fprintf(f, "%s\n    {\"kind\": \"%s\", ", i ? "," : "",
            r->main.ev[i].kind == CF_A_CRASHED     ? "crashed"
            : r->main.ev[i].kind == CF_A_TIMED_OUT ? "timed_out"
            : r->main.ev[i].kind == CF_A_OUT_OF_ORDER ? "out_of_order"
                                                   : "other");
    cf_json_kv_str(f, "text", r->main.ev[i].text, 0);
    fprintf(f, "}");
  }
  fprintf(f, "]");
}

/* The verdicts in all and per operation. */
static void cf_json_counts(FILE *f, const cf_op_row *rows, int n, const cf_op_row *total) {
  int i, k;
  fprintf(f, ",\n  \"totals\": {\"sent\": %d", total->sent);
  for (k = 0; k < CF_NUM_VERDICTS; ++k) fprintf(f, ", \"%s\": %d", cf_verdict_keys[k], total->count[k]);
  fprintf(f, "}");
  fprintf(f, ",\n  \"operations\": [");
  for (i = 0; i < n; ++i) {
    const ct_op *sp = ct_find_op(rows[i].op);
    fprintf(f, "%s\n    {", i ? "," : "");
    cf_json_kv_str(f, "op", rows[i].op, 0);
    cf_json_kv_str(f, "page", sp ? sp->page : 0, 1);
    fprintf(f, ", \"sent\": %d", rows[i].sent);
    for (k = 0; k < CF_NUM_VERDICTS; ++k) fprintf(f, ", \"%s\": %d", cf_verdict_keys[k], rows[i].count[k]);
    fprintf(f, "}");
  }
  fprintf(f, "]");
}

/* The distinct defects, the most telling first (spec/protocol.md,
 * "Report"): each with the counterexamples (1-based) it groups. */
static void cf_json_defects(FILE *f, const cf_report *r) {
  int i, first = 0, k = 0;
  fprintf(f, ",\n  \"defects\": [");
  for (i = 1; i <= r->ncex; ++i) {
    const cf_cex *c = &r->cex[first];
    char shape[CF_REQ_CAP], link[256];
    int j, total = 0;
    if (i < r->ncex && r->cex[i].defect == c->defect) continue;
    for (j = first; j < i; ++j) total += r->cex[j].count;
    cf_request_shape(c->req, shape, sizeof shape);
    cf_spec_link(c, link, sizeof link);
    fprintf(f, "%s\n    {\"rank\": %d", k++ ? "," : "", c->defect + 1);
    cf_json_kv_str(f, "op", c->op, 1);
    cf_json_kv_str(f, "verdict", cf_verdict_keys[c->verdict], 1);
    cf_json_kv_str(f, "spec_id", c->id, 1);
    cf_json_kv_str(f, "post_condition_violated", c->post_id[0] ? c->post_id : 0, 1);
    cf_json_kv_str(f, "shape", shape, 1);
    cf_json_kv_str(f, "request", c->req, 1);
    cf_json_kv_str(f, "spec", link, 1);
    cf_json_kv_str(f, "meaning", cf_meaning_of(c->verdict), 1);
    fprintf(f, ", \"disagreements\": %d, \"counterexamples\": [", total);
    for (j = first; j < i; ++j) fprintf(f, "%s%d", j > first ? ", " : "", j + 1);
    fprintf(f, "]}");
    first = i;
  }
  fprintf(f, "]");
}

/* The shrunk counterexamples and every disagreement. */
static void cf_json_cases(FILE *f, const cf_report *r) {
  int i, k;
  fprintf(f, ",\n  \"counterexamples\": [");
  for (i = 0; i < r->ncex; ++i) {
    const cf_cex *c = &r->cex[i];
    fprintf(f, "%s\n    {", i ? "," : "");
    cf_json_kv_str(f, "op", c->op, 0);
    cf_json_kv_str(f, "verdict", cf_verdict_keys[c->verdict], 1);
    cf_json_kv_str(f, "spec_id", c->id, 1);
    cf_json_kv_str(f, "post_conditions", c->verdict == CF_ACCEPTED_INADMISSIBLE ? cf_post_word(c->post) : 0, 1);
    cf_json_kv_str(f, "post_condition_violated", c->post_id[0] ? c->post_id : 0, 1);
    cf_json_kv_str(f, "request", c->req, 1);
    cf_json_kv_str(f, "answer", c->answer, 1);
    cf_json_kv_str(f, "expected", c->expected, 1);
    cf_json_kv_str(f, "why", c->why, 1);
    fprintf(f, ", \"witness\": %s", c->witness ? c->witness : "null");
    cf_json_kv_str(f, "shrunk_from", c->orig_req, 1);
    cf_json_kv_str(f, "original_answer", c->orig_answer, 1);
    fprintf(f, ", \"steps\": %d, \"count\": %d, \"defect\": %d}", c->steps, c->count, c->defect + 1);
  }
  fprintf(f, "]");
  cf_json_defects(f, r);
  fprintf(f, ",\n  \"disagreements\": ["); /* every non-conforming answer but the declined ones */
  for (i = 0, k = 0; i < r->n; ++i) {
    const cf_item *it = &r->items[i];
    if (it->verdict == CF_CONFORMING || it->verdict == CF_UNSUPPORTED) continue; /* counted, not listed */
    fprintf(f, "%s\n    {", k++ ? "," : "");
    cf_json_kv_str(f, "op", it->op, 0);
    cf_json_kv_str(f, "verdict", cf_verdict_keys[it->verdict], 1);
    cf_json_kv_str(f, "spec_id", it->id[0] ? it->id : 0, 1);
    cf_json_kv_str(f, "post_conditions", it->verdict == CF_ACCEPTED_INADMISSIBLE ? cf_post_word(it->post) : 0, 1);
    cf_json_kv_str(f, "post_condition_violated", it->post_id[0] ? it->post_id : 0, 1);
    cf_json_kv_str(f, "request", it->req, 1);
    cf_json_kv_str(f, "origin", it->origin, 1);
    cf_json_kv_str(f, "answer", it->answer, 1);
    cf_json_kv_str(f, "expected", it->expected, 1);
    if (it->verdict == CF_CONVENTION || it->verdict == CF_UNJUDGED) cf_json_kv_str(f, "why", it->why, 1);
    fprintf(f, ", \"witness\": %s", it->witness ? it->witness : "null");
    fprintf(f, ", \"counterexample\": %d}", it->cex >= 0 ? it->cex + 1 : 0);
  }
  fprintf(f, "]");
}

void cf_report_json(FILE *f, const cf_report *r) {
  cf_op_row *rows, total;
  int n = cf_rows(r, &rows, &total), k, bad = 0;
  for (k = 0; k < CF_NUM_VERDICTS; ++k)
    if (cf_verdict_fails(r, k)) bad += total.count[k];
  fprintf(f, "{\n  \"format\": 1");
  fprintf(f, ",\n  ");
  cf_json_kv_str(f, "name", r->name, 0);
  cf_json_kv_str(f, "impl", r->impl, 1);
  fprintf(f, ",\n  \"conforms\": %s", bad || !r->conforms ? "false" : "true"); /* extra or over-long lines, gave up */
  fprintf(f, ",\n  \"mode\": {\"batch\": %s, \"batch_size\": %d, \"window\": %d, \"timeout\": %g, \"batch_timeout\": %g, "
             "\"probe_every\": %d, \"strict\": %s",
          r->proc->batch ? "true" : "false", r->proc->batch_size, r->proc->window, r->proc->timeout,
          r->proc->batch_timeout, r->proc->probe_every, r->strict ? "true" : "false");
  cf_json_kv_str(f, "decline", r->decline, 1);
  fprintf(f, ", \"allow_unsupported\": %s}", r->allow_unsupported ? "true" : "false");
  fprintf(f, ",\n  ");
  cf_json_kv_str(f, "not_provided", r->not_provided, 0); /* inferred: conform_provided.c, cf_infer_not_provided */
  cf_json_run(f, r, &total);
  cf_json_counts(f, rows, n, &total);
  cf_json_cases(f, r);
  fprintf(f, "\n}\n");
  free(rows);
}
