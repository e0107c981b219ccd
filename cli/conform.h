/* conform.h -- the conformance runner (`cuteref conform`, spec/protocol.md)
 * and the conformance vectors (`cuteref vectors`, spec/vectors.md).
 *
 *   conform_ops.c     requests from the registry's generators (cli/registry.c),
 *                     request splitting, op grouping
 *   conform_judge.c   the reference outcome of a request and the judgement of
 *                     an answer (equivalence, then the operation's judges of
 *                     judge/ through cli/judges.c, naming the spec ID)
 *   conform_proc.c    the implementation under test as a subprocess: the line
 *                     protocol, interactive and batch modes, probes, timeouts
 *   conform_session.c one process over a run of requests, as a state machine
 *                     (conform_proc.h is between the two)
 *   conform_shrink.c  the smaller candidates of a request (shrinking's edits)
 *   conform_shrinking.c  every disagreement shrunk in rounds (props/shrink.h's
 *                     loop), the counterexamples
 *   conform_cases.c   the requests of a run: vectors, cases file, random
 *   conform_table.c   a table of request texts (dedup, the shrinking memo)
 *   conform_provided.c  operations the implementation does not provide
 *   conform_progress.c  progress on a terminal
 *   conform_report.c  the report, human-readable (Markdown) and JSON
 *   cmd_conform.c     the command: options, help, the run's order
 *
 * Host only (POSIX); nothing here is compiled for the GPU. */
#ifndef CT_CONFORM_H
#define CT_CONFORM_H

#include <stdio.h>

#include "props/props.h"
#include "registry.h"
#include "value.h"

#define CF_REQ_CAP 4096  /* longest request or answer text handled */
#define CF_OP_CAP 32     /* longest operation name */
#define CF_MAX_SPLIT 8   /* arguments of a split request */

/* ---- operations and generators (conform_ops.c) ------------------------------- */

/* Whether `cuteref eval --list` offers the operation. */
int cf_op_available(const char *op);
/* Request `index` of a registry generator (cli/registry.h) for a seed;
 * returns the text length. */
int cf_gen_request(const ct_op_gen *G, uint64_t seed, uint64_t index, char *buf, int cap);

/* The group a request is counted under: the outermost operation name,
 * "notation" for a literal, "eval" for a literal applied to a coordinate,
 * "expressions" for a name that is no operation. */
void cf_request_op(const char *req, char *op, int cap);

/* A request NAME[<targs>](a0, a1, ...) cut at its top-level commas. The
 * pieces point into the request; lengths exclude surrounding spaces. */
typedef struct {
  const char *name;
  int name_len;        /* the name and its <targs>, e.g. "upcast<2>" */
  int n;               /* arguments */
  const char *arg[CF_MAX_SPLIT];
  int arg_len[CF_MAX_SPLIT];
} cf_split;
/* Returns 0 when the request is not a single call with nothing after it. */
int cf_split_request(const char *req, cf_split *s);

/* ---- judging (conform_judge.c) ------------------------------------------------ */

enum {
  CF_CONFORMING,
  CF_CONVENTION,            /* differs from the reference's answer, but meets CuTe's contract inside
                               the domain (spec/principle.md §3): no failure */
  CF_WRONG_RESULT,          /* accepted an admissible input, answer not equivalent */
  CF_WRONG_REJECTION,       /* rejected an admissible input */
  CF_ACCEPTED_INADMISSIBLE, /* answered `ok` to an input the spec rejects, breaking a post-condition */
  CF_UNJUDGED,              /* answered `ok` to an input the spec rejects; no post-condition could be
                               checked, so nothing shows it wrong (principle §4): no failure */
  CF_UNSUPPORTED,           /* declined (`error UNSUPPORTED ...`) an admissible input */
  CF_MALFORMED,             /* neither `ok <value>` nor `error ...` */
  CF_CRASHED,               /* the implementation exited before answering */
  CF_TIMED_OUT,             /* no answer within the timeout */
  CF_OUT_OF_ORDER,          /* answers shifted: a probe got another answer */
  CF_NOT_SENT,              /* given up after too many restarts */
  CF_NUM_VERDICTS
};
extern const char *const cf_verdict_keys[CF_NUM_VERDICTS];  /* JSON keys */
extern const char *const cf_verdict_words[CF_NUM_VERDICTS]; /* table headings */

typedef struct {
  int strict;          /* exact text: marks, size-1 modes and error codes count */
  const char *decline; /* comma-separated first words of `error` answers that mean
                          "not implemented" (default "UNSUPPORTED") */
} cf_judge_opts;

typedef struct {
  int verdict;
  int post;        /* accepted inadmissible: 1 post-conditions hold, 0 violated, -1 not checked */
  char id[48];     /* the spec ID violated (COMP-2, composition!NOT_DISJOINT, ...) */
  char post_id[48];/* accepted inadmissible, post == 0: the post-condition violated */
  char why[320];
  char witness[CF_REQ_CAP]; /* a wrong answer's in-domain index as JSON (spec/principle.md §4), or "" */
  ct_code ref_code;              /* CT_OK or the code the reference rejects with */
  char expected[CF_REQ_CAP];     /* "ok <value>" or "error <CODE>" */
} cf_judgement;

/* The reference's outcome of a request: "ok <value>" or "error <CODE>". */
ct_code cf_reference(const char *req, char *out, int cap);
/* Judges one answer line (NULL: no answer; then `verdict` must be set by the
 * caller from the transport status). */
void cf_judge(const cf_judge_opts *o, const char *req, const char *answer, cf_judgement *j);
/* The operation's judges (judge/, cli/judges.c) on its arguments and a
 * result. accepted: the reference accepts the input (some post-conditions
 * are stated for accepted inputs only). Returns 1 if those that could
 * decide hold, 0 if one is violated (id and why filled), -1 if the
 * operation has no judge or none could decide. */
int cf_check_post(const char *req, const ct_value *result, int accepted, char *id, int idcap, char *why, int whycap);
/* A judgement as the run keeps it (items, the shrinking memo). */
typedef struct {
  int verdict, post;
  char id[48], post_id[48];
  char *answer, *expected, *why, *witness; /* witness: JSON of the in-domain index (spec/principle.md), or NULL */
} cf_memo;
/* Judges an answer (NULL: none) with its transport status st (CF_A_*): a
 * crash, a timeout, a shifted stream or a request not sent is its verdict. */
void cf_judge_into(const cf_judge_opts *jo, const char *req, const char *answer, int st, cf_memo *m);
/* Equal as values (layouts: EQUIV-2). Defined in cmd_examples.c. */
int ct_values_equivalent(const ct_value *a, const ct_value *b);

/* ---- the implementation under test (conform_proc.c) --------------------------- */

enum { CF_A_ANSWERED, CF_A_CRASHED, CF_A_TIMED_OUT, CF_A_OUT_OF_ORDER, CF_A_NOT_SENT };

typedef struct {
  const char *cmd;         /* run with /bin/sh -c */
  int batch;               /* write every request, close stdin, then read */
  int batch_size;          /* batch: requests per process (0: all) */
  int window;              /* interactive: requests in flight (1: one at a time) */
  double timeout;          /* interactive: seconds allowed per answer */
  double batch_timeout;    /* batch: seconds allowed without any output */
  int probe_every;         /* a probe request after every N requests (0: none) */
  int max_starts;          /* processes started at most (restarts after crashes) */
  int max_silent;          /* processes in a row that end without one answer line, then give up */
  const char *stderr_path; /* the implementation's stderr is appended here (NULL: inherited) */
  int verbose;
  int progress;            /* progress on stderr, rewritten in place (a terminal) */
} cf_proc_opts;

/* Progress of one exchange on a terminal (conform_progress.c). */
typedef struct {
  int total, drawn;
  double t0, shown;
} cf_progress;
void cf_progress_start(cf_progress *p, int total);
/* At most a few times a second unless final (which ends the line). */
void cf_progress_show(cf_progress *p, int sent, int answered, int final);

/* p, or (out of memory) the implementation's process group killed and the
 * runner stopped with a message (conform_proc.c; issue 44). */
void *cf_checked(void *p);

#define CF_MAX_EVENTS 64
typedef struct {
  int starts, crashes, timeouts, order_breaks, probes, probes_rejected, extra_lines, gave_up;
  int probes_good;         /* probes answered with their value: the implementation answers them */
  int startup_lines;       /* lines before a process's first answer that are no answer (issue 39) */
  int cannot_start;        /* the command could not be run at all (exit 126/127, no answer) */
  int overlong;            /* answer lines longer than CF_LINE_MAX (read to their end, cut) */
  int silent;              /* processes that ended without one answer line, in a row at the end */
  long probe_k;            /* the last probe's K (probes are numbered across calls) */
  double seconds;          /* wall time of the whole exchange */
  int nev;
  struct {
    int kind;              /* CF_A_CRASHED, CF_A_TIMED_OUT, CF_A_OUT_OF_ORDER, or -1 (other) */
    int req;               /* request index, -1 for a probe */
    char text[400];
  } ev[CF_MAX_EVENTS];
} cf_proc_stats;

/* Sends reqs[0..n) and collects the answers: ans[k] is a malloc'd answer line
 * (no newline) or NULL, st[k] one of CF_A_*. The stats are added to *s. */
void cf_proc_run(const cf_proc_opts *o, char *const *reqs, int n, char **ans, int *st, cf_proc_stats *s);
void cf_proc_defaults(cf_proc_opts *o);
/* An answer line longer than this is read to its end without being kept
 * (the runner's memory stays bounded) and cut; it makes the run fail. */
#define CF_LINE_MAX 65536
/* The probe size((7919,K)): 1 its answer is right, 0 another value or not
 * an answer (shifted), -1 rejected (`error ...`). */
int cf_probe_ok(const char *line, long k);

/* ---- shrinking (conform_shrink.c) ---------------------------------------------- */

/* Candidate edit k of a request (smaller, coarse to fine); returns the length
 * of the candidate text, or -1 past the last candidate. */
int cf_shrink_candidate(const char *req, int k, char *out, int cap);

/* ---- the report (conform_report.c) --------------------------------------------- */

/* One request of the run and its judgement. */
typedef struct {
  char *req, *origin, *answer, *expected, *why; /* malloc'd; answer may be NULL */
  char *witness;      /* malloc'd or NULL: a wrong answer's in-domain index, as JSON */
  char op[CF_OP_CAP];
  char id[48], post_id[48];
  int verdict, post;
  int cex;            /* its shrunk counterexample (index), -1 if none */
} cf_item;

/* A disagreement shrunk to a minimal case. */
typedef struct {
  char *req, *answer, *expected, *why, *orig_req, *orig_answer;
  char *witness;      /* as cf_item's */
  char op[CF_OP_CAP];
  char id[48], post_id[48];
  int verdict, post, steps, count;
  int defect;         /* its distinct defect (0: the most telling): the cases of one defect are
                         next to each other in cf_report.cex, its leading case first */
} cf_cex;

/* A request's shape: its text with every integer written `#`, static
 * marks and spaces dropped (`complement((2,_2):(2,1), 8)` ->
 * `complement((#,#):(#,#),#)`); counterexamples of one operation, verdict
 * and spec ID with one shape are one defect (conform_shrinking.c). */
void cf_request_shape(const char *req, char *out, int cap);

typedef struct {
  const char *name, *impl;
  const cf_proc_opts *proc;
  int strict;
  const char *decline;
  int allow_unsupported;
  const char *vectors_dir;
  int vectors_version, vectors_cases;
  int random_per_op;
  int random_drawn, random_repeats; /* requests drawn; of them, repeats of a case listed before (sent once) */
  char *not_provided; /* malloc'd or NULL: "op (`error W`, N requests)" for each operation inferred not provided */
  unsigned long long seed;
  const char *cases_file;
  int cases_from_file;
  cf_item *items;
  int n;
  cf_cex *cex;
  int ncex;
  int ndefects;       /* distinct defects among cex (cf_cex.defect) */
  int unshrunk;       /* disagreements not shrunk (--shrink-max) */
  cf_proc_stats main, shrink;
  int shrink_rounds, shrink_requests;
  int shrink_cut;     /* counterexamples still shrinking when --shrink-time ran out */
  int conforms;
} cf_report;

void cf_report_markdown(FILE *f, const cf_report *r);
void cf_report_json(FILE *f, const cf_report *r);
/* Whether a verdict makes the run non-conforming. */
int cf_verdict_fails(const cf_report *r, int verdict);

/* ---- the shrinking pass (conform_shrinking.c) ------------------------------------ */

/* Differences by convention and unjudged answers are no failures
 * (spec/principle.md): they are counted and listed, never shrunk. */
int cf_shrinkable(int verdict);
/* Shrinks the run's disagreements (at most shrink_max per operation,
 * verdict and spec ID; width candidates each per round; max_rounds rounds,
 * max_seconds if > 0) into R->cex; the shrinking requests go to po. */
void cf_shrink_all(cf_report *R, const cf_proc_opts *po, const cf_judge_opts *jo, int shrink_max, int width,
                   int max_rounds, double max_seconds, int quiet);

/* ---- a table of request texts (conform_table.c) --------------------------------- */

typedef struct {
  char *key;
  int val;
} cf_slot_kv;

typedef struct {
  cf_slot_kv *t;
  int cap, n;
} cf_map;

/* The value of key, or -1. */
int cf_map_find(const cf_map *m, const char *key);
/* Sets key's value (the key copied). */
void cf_map_put(cf_map *m, const char *key, int val);
void cf_map_free(cf_map *m);
/* A malloc'd copy of s (NULL for NULL). */
char *cf_dup(const char *s);

/* ---- the requests of a run (conform_cases.c) ------------------------------------- */

typedef struct {
  cf_item *items;
  int n, cap;
  cf_map seen;
  const char *ops; /* --ops filter */
} cf_list;

/* The vectors of dir: 1 read (*version from its VERSION; *count requests
 * added; *drift of them whose expected outcome is not the reference's), 0
 * dir cannot be read, -1 a line is no vector line (said on stderr). */
int cf_load_vectors(cf_list *L, const char *dir, int *version, int *count, int *drift);
/* A cases file (`-`: stdin); 0 with why when it cannot be read (only a
 * regular file or `-` is read: issue 44). */
int cf_load_cases(cf_list *L, const char *file, int *count, char *why, int cap);
/* per_op generated requests of each operation; *drawn: the requests drawn;
 * returns how many of them were new (a repeat is sent once). */
int cf_load_random(cf_list *L, int per_op, uint64_t seed, int *drawn);

/* ---- operations not provided (conform_provided.c) ---------------------------- */

/* Operations whose every request was answered `error W` with one word W
 * that is no error code of the spec: their wrong rejections become
 * unsupported, and R->not_provided lists them. */
void cf_infer_not_provided(cf_report *R, cf_list *L);

/* ---- reading vector files (conform_cases.c, cmd_vectors.c) --------------------- */

/* One line of f into buf (no \n, no \r before it): 1, or 0 at the end. A
 * line longer than cap - 1 bytes or holding a NUL byte is read to its end
 * and *bad says why (never cut into several lines). */
int cf_read_line(FILE *f, char *buf, int cap, const char **bad);
/* Splits OP \t ORIGIN \t REQUEST \t EXPECTED in place: 1 when there are
 * exactly four fields. */
int cf_vector_fields(char *line, char **f);
/* The next case of a vectors file's text at *p, split like cf_vector_fields
 * in line (cap bytes); comments, blank, malformed and over-long lines are
 * skipped. Advances *p; 0 at the end. */
int cv_next_case(const char **p, char *line, size_t cap, char *f[4]);
/* FNV-1a over OP \t REQUEST \t EXPECTED \n of every case of a file's text,
 * continuing from h; *cases counts them. */
uint64_t cv_text_digest(const char *text, uint64_t h, int *cases);

/* ---- small helpers ------------------------------------------------------------ */

uint64_t cf_fnv(uint64_t h, const char *s);
/* Removes spaces (outside nothing: the notation has no strings). */
void cf_squeeze(const char *in, char *out, int cap);
/* Writes s as a JSON string (with quotes). */
void cf_json_str(FILE *f, const char *s);

#endif
