/* cmd_eval.c -- `cuteref eval EXPR` and the line protocol `cuteref eval -`
 * (spec/protocol.md): one answer line per request line, in order. */
#define _POSIX_C_SOURCE 200809L
#include "registry.h"
#include "commands.h"
#include "suggest.h"
#include "eval.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char ct_help_eval[] =
    "usage: cuteref eval EXPR\n"
    "       cuteref eval -        (one expression per line on standard input)\n"
    "       cuteref eval --list   (every operation and its synopsis)\n"
    "       cuteref eval --codes  (every error code and its meaning)\n"
    "\n"
    "EXPR is a literal or an operation applied to arguments, in CuTe's notation:\n"
    "  8  _8  (4,(2,3))  (4,2):(1,4)  (4,2)  <3:4,8:2>  (_,1)\n"
    "  size(L)  cosize(L)  layout<1,0>(L)  crd2idx(C, L)  L(i)  L(i,j)  L(_,1)\n"
    "\n"
    "With `-`, every input line gets exactly one output line, in order:\n"
    "  ok <result>\n"
    "  error <CODE> <message>\n"
    "Output is flushed whenever no more input is waiting, so the tool can be\n"
    "driven line by line through a pipe.\n"
    "\n"
    "exit status: 0 all answers ok, 1 some input rejected, 2 usage error\n";

#define CT_OUT_CAP 65536

static int ct_eval_line(const char *line, FILE *out) {
  ct_value v;
  ct_err e;
  static char buf[CT_OUT_CAP];
  if (ct_eval(line, &v, &e) != CT_OK) {
    fprintf(out, "error %s %s\n", ct_code_name(e.code), e.msg);
    return 1;
  }
  if (ct_print_value(&v, buf, sizeof buf) >= (int)sizeof buf) {
    fprintf(out, "error CAPACITY result longer than %d characters\n", CT_OUT_CAP);
    return 1;
  }
  fputs("ok ", out);
  fputs(buf, out);
  fputc('\n', out);
  return 0;
}

/* A request line longer than this is answered `error CAPACITY` and read to
 * its end without being kept, so memory stays bounded whatever the input
 * (spec/protocol.md, issue 17). */
#define CT_LINE_MAX (1 << 20)

/* One request line of `len` bytes (its newline and a \r before it removed;
 * line[len] is writable). A NUL byte would end the C string early and
 * silently drop the rest of the line: it is rejected instead. */
static int ct_eval_request(char *line, size_t len, FILE *out) {
  const char *nul = (const char *)memchr(line, '\0', len);
  if (nul) {
    fprintf(out, "error PARSE_EXPECTED a NUL byte at byte %d\n", (int)(nul - line));
    return 1;
  }
  line[len] = '\0';
  return ct_eval_line(line, out);
}

/* Reads stdin in blocks with read(2): all complete lines in hand are
 * answered, then output is flushed before blocking for more input. */
static int ct_eval_stream(void) {
  size_t cap = CT_LINE_MAX + 1, len = 0, start;
  char *buf = (char *)malloc(cap + 1);
  int any_error = 0, eof = 0, skipping = 0; /* skipping: inside a line longer than CT_LINE_MAX */
  static char outbuf[1 << 16];
  if (!buf) return 2;
  setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
  while (!eof) {
    ssize_t got = read(0, buf + len, cap - len);
    if (got < 0) {
      if (errno == EINTR) continue;
      perror("cuteref: read");
      free(buf);
      return 2;
    }
    if (got == 0) {
      eof = 1;
      if (len > 0 || skipping) buf[len++] = '\n'; /* last line without newline (buf has cap + 1 bytes) */
    }
    len += (size_t)(got > 0 ? got : 0);
    start = 0;
    for (;;) {
      char *nl = (char *)memchr(buf + start, '\n', len - start);
      size_t n;
      if (!nl) break;
      n = (size_t)(nl - (buf + start));
      if (skipping) {
        skipping = 0;
        fprintf(stdout, "error CAPACITY the request line is longer than %d bytes\n", CT_LINE_MAX);
        any_error = 1;
      } else {
        if (n > 0 && nl[-1] == '\r') --n;
        any_error |= ct_eval_request(buf + start, n, stdout);
      }
      start = (size_t)(nl - buf) + 1;
    }
    memmove(buf, buf + start, len - start);
    len -= start;
    if (len == cap || skipping) { /* a full buffer without a newline: drop the line's bytes */
      skipping = 1;
      len = 0;
    }
    fflush(stdout);
  }
  free(buf);
  return any_error ? 1 : 0;
}

static void ct_list(void) {
  int k;
  for (k = 0; k < ct_num_ops; ++k)
    if (ct_op_callable(&ct_ops[k])) printf("%-20s %s\n", ct_ops[k].name, ct_ops[k].synopsis);
}

int ct_cmd_eval(int argc, char **argv) {
  if (argc != 1) return ct_usage_error("%s", "eval takes exactly one argument: an expression, `-`, --list or --codes");
  if (strcmp(argv[0], "--list") == 0) {
    ct_list();
    return 0;
  }
  if (strcmp(argv[0], "--codes") == 0) {
    int c;
    for (c = 1; c < (int)CT_NUM_CODES; ++c) printf("%-22s %s\n", ct_code_name((ct_code)c), ct_code_summary((ct_code)c));
    return 0;
  }
  if (strcmp(argv[0], "-") == 0) return ct_eval_stream();
  if (strncmp(argv[0], "--", 2) == 0) return ct_unknown_option("eval", ct_help_eval, argv[0]); /* no expression starts so */
  {
    ct_value v;
    ct_err e;
    static char buf[CT_OUT_CAP];
    if (ct_eval(argv[0], &v, &e) != CT_OK) {
      ct_report_error(argv[0], &e);
      return 1;
    }
    ct_print_value(&v, buf, sizeof buf);
    puts(buf);
    return 0;
  }
}
