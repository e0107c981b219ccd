/* cmd_dot_atom.c -- the pictures of the layer above the algebra, drawn as
 * thread-value grids (cmd_dot_tv.c, dot_tv.h):
 *   cuteref dot --atom NAME                     an MMA atom's A, B, C (spec/mma.md; SM100's
 *                                               UMMA atoms too) or a copy atom's source and
 *                                               destination (spec/copy.md)
 *   cuteref dot --tiled-mma ATOM LAY [PM PN PK] a tiled MMA's A, B, C (spec/tiled_mma.md)
 *   cuteref dot --tv2 TILE SRC DST              any two TV layouts of one tile
 *   cuteref dot --tiled-copy[-a|-b|-c] ARGS     a tiled copy's source and destination (spec/tiled_copy.md)
 *   cuteref dot --partition L THR               local_partition of L's tile over THR (spec/partition.md)
 *   cuteref dot --partition-tv THR VAL          make_layout_tv(THR, VAL) over its tiler
 * Every layout is computed by the reference through `cuteref eval`'s
 * evaluator, from the expressions the legend names; nothing here derives a
 * layout of its own. Nothing here is part of the reference. */
#include "commands.h"
#include "dot_tv.h"
#include "eval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CT_DA_TEXT 2048
#define CT_DA_THREADS 1024 /* --partition: threads of a thread layout */
/* The legend's line on the atoms' palette (cmd_dot_tv.c, CT_TV_PAL_PTX). */
#define CT_DA_PTX_COLORS                                                                                               \
  "Colors: threadID_in_group = lane mod 4, one color each for T0..T3 of a group, the index of the PTX ISA's fragment tables " \
  "(9.7.14.5)."

/* The legend's line on a tiled MMA's palette (ct_da_groups). */
#define CT_DA_ATOM_COLORS                                                                                              \
  "Colors: the atom (thread group g) that thread # runs, g = t / Ta for an atom of Ta threads (spec/tiled_mma.md, "  \
  "TMMA-DEF); for SM70's quad-pair atoms\n"                                                                          \
  "the lane's quad-pair p = (t/4) % 4 runs g = p + 4 (t / 32), or p mod size(lay) for 1 or 2 atoms (TMMA-QP). "       \
  "CUTLASS's print_latex colors, g mod 8; the key below names each."

static ct_layout ct_da_l[6], ct_da_g[6];
static ct_tv_panel ct_da_p[6];

/* The integers of a flat tuple text (mma_shape's (M,N,K) ...): 0, or 1 with the error reported. */
static int ct_da_ints(const char *text, int64_t *out, int n) {
  static ct_value v;
  const ct_tuple *t;
  ct_err e;
  int i;
  if (ct_eval(text, &v, &e) != CT_OK || ct_as_tuple(&v, &t, "a shape", &e) != CT_OK) {
    ct_report_error(text, &e);
    return 1;
  }
  if (t->nd[0].kind != CT_TUPLE || t->nd[0].rank < n) {
    fprintf(stderr, "cuteref: dot: %s is no tuple of %d integers\n", text, n);
    return 1;
  }
  for (i = 0; i < n; ++i) {
    ct_val x;
    if (ct_t_product(t, ct_t_child(t, 0, i), &x, &e) != CT_OK) {
      ct_report_error(text, &e);
      return 1;
    }
    out[i] = x.v;
  }
  return 0;
}

/* Whether text evaluates (quietly): the atom's family is the first that does. */
static int ct_da_ok(const char *text) {
  static ct_value v;
  ct_err e;
  return ct_eval(text, &v, &e) == CT_OK;
}

/* Panel k: the TV layout `expr`, drawn over the grid text `grid`. */
static int ct_da_panel(int k, const char *title, const char *expr, const char *grid, const char *rn, const char *cn) {
  ct_tv_panel *p = &ct_da_p[k];
  char buf[CT_DA_TEXT];
  memset(p, 0, sizeof *p);
  if (ct_tv_eval_layout(expr, &ct_da_l[k], 0) || ct_tv_eval_layout(grid, &ct_da_g[k], 1)) return 1;
  ct_print_layout(&ct_da_l[k], buf, sizeof buf);
  snprintf(p->title, sizeof p->title, "%s", title);
  snprintf(p->sub, sizeof p->sub, "%.200s = %.300s", expr, buf);
  p->tv = &ct_da_l[k];
  p->grid = &ct_da_g[k];
  p->row_name = rn;
  p->col_name = cn;
  p->unit = 1;
  p->palette = CT_TV_PAL_PTX;
  return 0;
}

/* The atom's argument text: a CuTe name, or (M,N,K,bits) without its parentheses. */
static void ct_da_args(const char *name, char *out, int cap) {
  int n = (int)strlen(name);
  while (*name == ' ') ++name, --n;
  while (n > 0 && name[n - 1] == ' ') --n;
  if (n >= 2 && name[0] == '(' && name[n - 1] == ')') snprintf(out, cap, "%.*s", n - 2, name + 1);
  else snprintf(out, cap, "%.*s", n, name);
}

static int ct_da_mma(const char *name, const char *args) {
  char e[3][CT_DA_TEXT], g[3][64], title[CT_DA_TEXT], t[CT_DA_TEXT];
  int64_t mnk[4];
  int named = strchr(args, ',') == 0, big, k;
  snprintf(t, sizeof t, named ? "mma_shape(%s)" : "(%.500s)", args);
  if (ct_da_ints(t, mnk, 3)) return 1;
  snprintf(e[0], sizeof e[0], "mma_tv_a(%.500s)", args);
  snprintf(e[1], sizeof e[1], "mma_tv_b(%.500s)", args);
  snprintf(e[2], sizeof e[2], "mma_tv_c(%.500s)", args);
  snprintf(g[0], sizeof g[0], "(%lld,%lld)", (long long)mnk[0], (long long)mnk[2]);
  snprintf(g[1], sizeof g[1], "(%lld,%lld)", (long long)mnk[1], (long long)mnk[2]);
  snprintf(g[2], sizeof g[2], "(%lld,%lld)", (long long)mnk[0], (long long)mnk[1]);
  /* more than 1024 elements in a panel (wgmma's C): T# only */
  big = mnk[0] * mnk[2] > 1024 || mnk[1] * mnk[2] > 1024 || mnk[0] * mnk[1] > 1024;
  snprintf(t, sizeof t, "A: %lld x %lld (M x K)", (long long)mnk[0], (long long)mnk[2]);
  if (ct_da_panel(0, t, e[0], g[0], "m", "k")) return 1;
  snprintf(t, sizeof t, "B: %lld x %lld (N x K)", (long long)mnk[1], (long long)mnk[2]);
  if (ct_da_panel(1, t, e[1], g[1], "n", "k")) return 1;
  snprintf(t, sizeof t, "C: %lld x %lld (M x N)", (long long)mnk[0], (long long)mnk[1]);
  if (ct_da_panel(2, t, e[2], g[2], "m", "n")) return 1;
  snprintf(title, sizeof title, "MMA atom %.300s: (M, N, K) = (%lld, %lld, %lld), from the PTX ISA's fragment tables", name,
           (long long)mnk[0], (long long)mnk[1], (long long)mnk[2]);
  for (k = 0; k < 3; ++k) ct_da_p[k].compact = big;
  return ct_tv_draw(title, ct_da_p, 3,
                    big ? "Cell (row, column) holds T#: thread # of the warpgroup holds the element (the value index is "
                          "left out on tiles\n"
                          "of more than 1024 elements; eval(mma_tv_c(...), t, v) gives it). B is drawn N x K, CuTe's "
                          "tile (PTX draws B as K x N).\n" CT_DA_PTX_COLORS
                        : "Cell (row, column) holds T#V#: lane # of the warp (thread of the warpgroup for wgmma) holds "
                          "the element as its\n"
                          "fragment element # (a#, b#, c# of PTX's tables; spec/mma.md, MMA-3). B is drawn N x K, "
                          "CuTe's tile (PTX draws B as K x N).\n" CT_DA_PTX_COLORS, 0);
}

static int ct_da_copy(const char *name, const char *args) {
  char e[2][CT_DA_TEXT], g[64], title[CT_DA_TEXT], ref[CT_DA_TEXT];
  int64_t T, unit, bits, k;
  snprintf(ref, sizeof ref, "copy_tv_ref(%.500s)", args);
  if (ct_tv_eval_layout(ref, &ct_da_l[2], 0)) return 1;
  {
    ct_val s, s0;
    ct_err er;
    const ct_tuple *sh = &ct_da_l[2].shape;
    if (ct_l_size(&ct_da_l[2], &s, &er) != CT_OK || ct_l_rank(&ct_da_l[2]) < 2 ||
        ct_t_product(sh, ct_t_child(sh, 0, 0), &s0, &er) != CT_OK)
      return 1;
    bits = s.v;
    T = s0.v; /* 32 lanes (ldmatrix, stmatrix) or one thread (COPY-1) */
  }
  snprintf(e[0], sizeof e[0], "copy_tv_src(%.500s)", args);
  snprintf(e[1], sizeof e[1], "copy_tv_dst(%.500s)", args);
  if (T == 32 && bits % 1024 == 0) {
    /* ldmatrix / stmatrix: N 8 x 8 matrices of 16-bit elements side by side, element
     * 64j + 8*row + col at cell (row, 8j + col); the register side holds 1024 bits a matrix (COPY-2) */
    snprintf(g, sizeof g, "(8,(8,%lld)):(8,(1,64))", (long long)(bits / 1024));
    unit = 16;
  } else if (T != 1) {
    fprintf(stderr, "cuteref: dot --atom: %s: %lld threads moving %lld bits: only ldmatrix, stmatrix and one-thread "
                    "copy atoms are drawn\n", name, (long long)T, (long long)bits);
    return 1;
  } else { /* a one-thread atom: its bytes in rows of 32 */
    int64_t n = bits % 8 == 0 ? bits / 8 : bits;
    unit = bits % 8 == 0 ? 8 : 1;
    if (n > 4096) {
      fprintf(stderr, "cuteref: dot --atom: %s moves %lld bits; at most 4096 elements are drawn\n", name,
              (long long)bits);
      return 1;
    }
    if (n <= 32) snprintf(g, sizeof g, "(1,%lld)", (long long)n);
    else if (n % 32 == 0) snprintf(g, sizeof g, "(%lld,32):(32,1)", (long long)(n / 32));
    else snprintf(g, sizeof g, "(1,%lld)", (long long)n);
  }
  for (k = 0; k < 2; ++k) {
    if (ct_da_panel((int)k, k ? "destination" : "source", e[k], g, "r", "c")) return 1;
    ct_da_p[k].unit = unit;
  }
  if (T == 32)
    snprintf(title, sizeof title,
             "Copy atom %.300s: %lld 8 x 8 matrices of 16-bit elements, side by side (PTX ISA %s)", name,
             (long long)(bits / 1024), strstr(name, "STSM") ? "9.7.14.5.16, stmatrix" : "9.7.14.5.15, ldmatrix");
  else
    snprintf(title, sizeof title, "Copy atom %.300s: one thread moves %lld bits", name, (long long)bits);
  return ct_tv_draw(title, ct_da_p, 2,
                    T == 32 ? "Cell (r, c) is element c mod 8 of row r of matrix c / 8; it holds T#V#: lane # moves it "
                              "as its element # (value bits / 16).\n"
                              "The address side gives each lane a row of 8 elements; +k: lanes that repeat a lower "
                              "lane's address (spec/copy.md, COPY-3).\n"
                              "Colors: threadID_in_group = lane mod 4 (the PTX ISA's name, 9.7.14.5.15); the colors are "
                              "ours, not the ISA figures'."
                            : "Each cell is one byte of what the thread moves (or one bit, for a width that is no "
                              "whole number of bytes),\nin order along the rows (spec/copy.md, COPY-ONE).", 0);
}

/* CuTe's UMMA atoms (cute/arch/mma_sm100_umma.hpp; spec/mma.md, MMA-UMMA):
 * SM100_MMA_<KIND>[_2x1SM]_<SS|TS>[_SCALED]<types, M, N[, VS], majors, ...>.
 * K is 256 bits of A, fixed by KIND as CuTe's traits fix it; the first two
 * integer arguments are M and N; the majors (UMMA::Major::K or ::MN) go to
 * the descriptors and leave the layouts alone. */
static const struct {
  const char *kind;
  int k;
} ct_da_umma_kinds[] = {{"TF32", 8}, {"F16BF16", 16}, {"S8", 32}, {"F8F6F4", 32}, {"MXF8F6F4", 32}, {"MXF4", 64}};

#define CT_DA_UMMA_FORMS                                                                                               \
  "SM100_MMA_{TF32,F16BF16,S8,F8F6F4,MXF8F6F4,MXF4}[_2x1SM]_{SS,TS}[_SCALED]<A, B, C, M, N, a_major, b_major>, "      \
  "as CuTe writes them (SM100_MMA_F16BF16_SS<half_t, half_t, float, 128, 256, UMMA::Major::K, UMMA::Major::K>)"

/* 0 if name is no SM100_MMA_ name; 1 with (M, N, K, ctas) and the majors'
 * text set; -1 with the reason reported for a malformed one. */
static int ct_da_umma_name(const char *name, int64_t *mnkc, char *majors, int cap) {
  const char *p = name, *lt, *gt;
  int i, kinds = (int)(sizeof ct_da_umma_kinds / sizeof ct_da_umma_kinds[0]), nint = 0, nmaj = 0;
  char word[CT_DA_TEXT];
  while (*p == ' ') ++p;
  if (strncmp(p, "SM100_MMA_", 10) != 0) return 0;
  lt = strchr(p, '<');
  gt = strrchr(p, '>');
  if (!lt || !gt || gt < lt) {
    fprintf(stderr, "cuteref: dot --atom: %s: a UMMA atom names its template arguments; the forms are " CT_DA_UMMA_FORMS
                    "\n", name);
    return -1;
  }
  snprintf(word, sizeof word, "%.*s", (int)(lt - p), p);
  for (i = (int)strlen(word); i > 0 && word[i - 1] == ' '; --i) word[i - 1] = 0;
  if (strstr(word, "_SPARSE")) {
    fprintf(stderr, "cuteref: dot --atom: %s: the sparse UMMA atoms are not in the reference (umma_tv_x is the dense "
                    "tcgen05.mma, MMA-UMMA); the forms are " CT_DA_UMMA_FORMS "\n", name);
    return -1;
  }
  mnkc[2] = 0;
  for (i = 0; i < kinds; ++i) {
    size_t n = strlen(ct_da_umma_kinds[i].kind);
    const char *q = word + 10, *rest = q + n;
    if (strncmp(q, ct_da_umma_kinds[i].kind, n) != 0 || rest[0] != '_') continue;
    mnkc[3] = strncmp(rest, "_2x1SM", 6) == 0 ? 2 : 1; /* .cta_group::2: a pair of peer CTAs */
    if (mnkc[3] == 2) rest += 6;
    if (strcmp(rest, "_SS") == 0 || strcmp(rest, "_TS") == 0 || strcmp(rest, "_SS_SCALED") == 0 ||
        strcmp(rest, "_TS_SCALED") == 0)
      mnkc[2] = ct_da_umma_kinds[i].k;
  }
  if (mnkc[2] == 0) {
    fprintf(stderr, "cuteref: dot --atom: %s: no UMMA atom of CuTe's; the forms are " CT_DA_UMMA_FORMS "\n", name);
    return -1;
  }
  majors[0] = 0;
  for (p = lt + 1; p < gt;) { /* the template arguments, split at commas */
    const char *end = p, *a, *b;
    while (end < gt && *end != ',') ++end;
    for (a = p; a < end && *a == ' '; ++a) {}
    for (b = end; b > a && b[-1] == ' '; --b) {}
    if (b > a && strspn(a, "0123456789") == (size_t)(b - a)) {
      if (nint < 2) mnkc[nint] = strtoll(a, 0, 10);
      ++nint;
    } else if (b - a > 5 && (strncmp(b - 3, "::K", 3) == 0 || strncmp(b - 4, "::MN", 4) == 0) &&
               strstr(a, "Major") && strstr(a, "Major") < b) {
      size_t len = strlen(majors);
      snprintf(majors + len, (size_t)cap - len, "%s%s", nmaj ? ", " : "", b[-1] == 'K' ? "K" : "MN");
      ++nmaj;
    }
    p = end + 1;
  }
  if (nint < 2 || (nmaj != 0 && nmaj != 2)) {
    fprintf(stderr, "cuteref: dot --atom: %s: want M and N (integers) and, if given, both majors "
                    "(UMMA::Major::K or UMMA::Major::MN); the forms are " CT_DA_UMMA_FORMS "\n", name);
    return -1;
  }
  return 1;
}

/* A UMMA atom: A (M x K), B (N x K), C (M x N), each of the atom's one
 * or two "threads", the CTAs of .cta_group::ctas (MMA-UMMA). */
static int ct_da_umma(const char *name, const int64_t *mnkc, const char *majors) {
  char e[CT_DA_TEXT], g[64], title[CT_DA_TEXT], t[CT_DA_TEXT];
  static const char *const op = "abc", *const rn[3] = {"m", "n", "m"}, *const cn[3] = {"k", "k", "n"};
  int k;
  for (k = 0; k < 3; ++k) {
    int64_t r = mnkc[k == 1 ? 1 : 0], c = mnkc[k == 2 ? 1 : 2];
    snprintf(e, sizeof e, "umma_tv_%c(%lld, %lld, %lld, %lld)", op[k], (long long)mnkc[0], (long long)mnkc[1],
             (long long)mnkc[2], (long long)mnkc[3]);
    snprintf(g, sizeof g, "(%lld,%lld)", (long long)r, (long long)c);
    snprintf(t, sizeof t, "%c: %lld x %lld (%c x %c), %s", "ABC"[k], (long long)r, (long long)c, "MNM"[k], "KKN"[k],
             k == 2 ? "tensor memory" : k == 0 && strstr(name, "_TS") ? "tensor memory" : "shared memory");
    if (ct_da_panel(k, t, e, g, rn[k], cn[k])) return 1;
    ct_da_p[k].palette = CT_TV_PAL_T8;
  }
  snprintf(title, sizeof title, "UMMA atom, tcgen05.mma.cta_group::%lld of (M, N, K) = (%lld, %lld, %lld)%s%s%s: %.300s",
           (long long)mnkc[3], (long long)mnkc[0], (long long)mnkc[1], (long long)mnkc[2],
           majors[0] ? ", majors (" : "", majors, majors[0] ? ")" : "", name);
  return ct_tv_draw(title, ct_da_p, 3,
                    "Cell (row, column) holds T#V#: T# is the CTA that provides the element (CTA 0 alone for "
                    ".cta_group::1; CTA 0 or 1 of the peer pair for .cta_group::2,\n"
                    "each holding rows c*R/ctas .. (c+1)*R/ctas - 1), V# the element's index in that CTA's part, "
                    "column-major (spec/mma.md, MMA-UMMA). No thread holds a fragment:\n"
                    "one thread issues tcgen05.mma for the CTA (or pair) and the majors reach only the "
                    "descriptors. B is drawn N x K, CuTe's tile. Colors: the CTA, CUTLASS's print_latex colors.", 0);
}

/* A two-CTA UMMA atom (.cta_group::2): each operand's tile drawn as its two
 * CTAs' parts side by side, CTA c's rows c*R/2 .. (c+1)*R/2 - 1 as a grid of
 * R/2 rows, every row of it (up to 128, M or N of 256: max_rows; a 64-row
 * window would cut a 128-row half to its first 64 rows). Columns past 64 (C
 * of N > 64) are left out, and the caption says which.
 * The cells are the reference's umma_tv_x(M, N, K, 2) at (c, v), re-indexed
 * into CTA c's part; a value outside it is an error, never drawn. */
static int64_t ct_da_parts[6][65536];

static int ct_da_umma_pair(const char *name, const int64_t *mnkc, const char *majors) {
  char e[CT_DA_TEXT], g[64], title[CT_DA_TEXT], buf[CT_DA_TEXT];
  static const char *const op = "abc", *const rn[3] = {"m", "n", "m"}, *const cn[3] = {"k", "k", "n"};
  int k, c;
  for (k = 0; k < 3; ++k) {
    int64_t R = mnkc[k == 1 ? 1 : 0], S = mnkc[k == 2 ? 1 : 2], per = R / 2, V = per * S, v;
    snprintf(e, sizeof e, "umma_tv_%c(%lld, %lld, %lld, 2)", op[k], (long long)mnkc[0], (long long)mnkc[1],
             (long long)mnkc[2]);
    if (ct_tv_eval_layout(e, &ct_da_l[k], 0)) return 1;
    ct_print_layout(&ct_da_l[k], buf, sizeof buf);
    snprintf(g, sizeof g, "(%lld,%lld)", (long long)per, (long long)S);
    if (2 * V > 65536) return ct_usage_error("%s", "dot --atom draws UMMA operands of up to 65536 elements");
    for (c = 0; c < 2; ++c) {
      int n = 2 * k + c;
      ct_tv_panel *p = &ct_da_p[n];
      memset(p, 0, sizeof *p);
      if (ct_tv_eval_layout(g, &ct_da_g[n], 1)) return 1;
      for (v = 0; v < 2 * V; ++v) ct_da_parts[n][v] = -1;
      for (v = 0; v < V; ++v) {
        int64_t x = 0, row;
        ct_err er;
        if (ct_l_eval(&ct_da_l[k], c + 2 * v, &x, &er) != CT_OK) {
          ct_report_error(e, &er);
          return 1;
        }
        row = x % R;
        if (row / per != c) {
          fprintf(stderr, "cuteref: dot --atom: %s at (%d, %lld) is row %lld, outside CTA %d's rows\n", e, c,
                  (long long)v, (long long)row, c);
          return 1;
        }
        ct_da_parts[n][c + 2 * v] = row - c * per + per * (x / R);
      }
      snprintf(p->title, sizeof p->title, "%c, CTA %d: rows %lld..%lld of %lld x %lld (%c x %c), %s", "ABC"[k], c,
               (long long)(c * per), (long long)(c * per + per - 1), (long long)R, (long long)S, "MNM"[k], "KKN"[k],
               k == 2 ? "tensor memory" : k == 0 && strstr(name, "_TS") ? "tensor memory" : "shared memory");
      snprintf(p->sub, sizeof p->sub, "%.200s = %.250s at thread %d", e, buf, c);
      p->table = ct_da_parts[n];
      p->T = 2;
      p->V = V;
      p->grid = &ct_da_g[n];
      p->row_name = rn[k];
      p->col_name = cn[k];
      p->unit = 1;
      p->palette = CT_TV_PAL_T8;
      p->max_rows = per; /* the whole half: up to 128 rows (M or N of 256) */
    }
  }
  snprintf(title, sizeof title, "UMMA atom, tcgen05.mma.cta_group::2 of (M, N, K) = (%lld, %lld, %lld)%s%s%s: %.300s",
           (long long)mnkc[0], (long long)mnkc[1], (long long)mnkc[2], majors[0] ? ", majors (" : "", majors,
           majors[0] ? ")" : "", name);
  return ct_tv_draw(title, ct_da_p, 6,
                    "Each operand is drawn as its two CTAs' parts side by side: row r of CTA c's grid is row c*R/2 + r "
                    "of the operand's R x S tile. Cell (row, column) holds T#V#: T# is the CTA that provides the\n"
                    "element (CTA 0 or 1 of the peer pair of .cta_group::2), V# the element's index in that CTA's "
                    "part, column-major (spec/mma.md, MMA-UMMA). No thread holds a fragment: one thread issues\n"
                    "tcgen05.mma for the pair and the majors reach only the descriptors. B is drawn N x K, CuTe's "
                    "tile. Colors: the CTA, CUTLASS's print_latex colors.", -2); /* a row per operand */
}

/* cuteref dot --atom NAME */
static int ct_dot_atom(const char *name) {
  char args[CT_DA_TEXT], t[CT_DA_TEXT];
  ct_da_args(name, args, sizeof args);
  {
    int64_t mnkc[4];
    char majors[64];
    int u = ct_da_umma_name(args, mnkc, majors, sizeof majors);
    if (u) return u < 0 ? 1 : mnkc[3] == 2 ? ct_da_umma_pair(args, mnkc, majors) : ct_da_umma(args, mnkc, majors);
  }
  snprintf(t, sizeof t, "mma_tv_c(%.500s)", args);
  if (ct_da_ok(t)) return ct_da_mma(name, args);
  snprintf(t, sizeof t, "copy_tv_ref(%.500s)", args);
  if (ct_da_ok(t)) return ct_da_copy(name, args);
  fprintf(stderr, "cuteref: dot --atom: '%s' is no MMA atom of spec/mma.md (a CuTe name such as "
                  "SM80_16x8x16_F32F16F16F32_TN, or (M,N,K,bits)) and no copy atom of spec/copy.md "
                  "(SM75_U32x4_LDSM_N, ...) and no UMMA atom (" CT_DA_UMMA_FORMS "):\n", name);
  snprintf(t, sizeof t, "mma_tv_c(%.500s)", args);
  {
    static ct_value v;
    ct_err e;
    if (ct_eval(t, &v, &e) != CT_OK) ct_report_error(t, &e);
  }
  return 1;
}

static int64_t ct_da_group[CT_DA_THREADS * 8]; /* a tiled MMA's thread -> its atom (thread group) */

/* The thread groups of a tiled MMA of `atom` over `lay`, T threads: thread
 * t runs the atom of group t / Ta (TMMA-DEF), or, for SM70's quad-pair
 * atoms (Ta = 8), the group its lane's quad-pair p = (t/4) % 4 runs: p +
 * 4 (t / 32), or p mod n for n = size(lay) of 1 or 2 (TMMA-QP). The
 * picture's colors: no layout is derived from it. 0, or 1 with the error
 * reported. */
static int ct_da_groups(const char *atom, const char *lay, int64_t T) {
  static ct_layout A;
  static ct_value v;
  char t[CT_DA_TEXT];
  int64_t Ta, n, i;
  ct_val s;
  ct_err e;
  snprintf(t, sizeof t, "mma_tv_c(%.1000s)", atom);
  if (ct_tv_eval_layout(t, &A, 0)) return 1;
  if (ct_t_product(&A.shape, ct_t_child(&A.shape, 0, 0), &s, &e) != CT_OK) {
    ct_report_error(t, &e);
    return 1;
  }
  Ta = s.v;
  snprintf(t, sizeof t, "size(%.1000s)", lay);
  if (ct_eval(t, &v, &e) != CT_OK || ct_as_int(&v, &n, "the atom layout's size", &e) != CT_OK) {
    ct_report_error(t, &e);
    return 1;
  }
  if (Ta < 1 || n < 1 || T > (int64_t)(sizeof ct_da_group / sizeof ct_da_group[0]))
    return ct_usage_error("%s", "dot --tiled-mma draws up to 8192 threads");
  for (i = 0; i < T; ++i) {
    int64_t p = (i / 4) % 4;
    if (Ta == 8) ct_da_group[i] = n % 4 == 0 ? p + 4 * (i / 32) : p % n; /* TMMA-QP */
    else ct_da_group[i] = i / Ta;                                          /* TMMA-DEF: t = ta + Ta g */
  }
  return 0;
}

/* cuteref dot --tiled-mma ATOM LAY [PM PN PK] */
static int ct_dot_tiled_mma(int argc, char **argv) {
  char args[CT_DA_TEXT], atom[CT_DA_TEXT / 2], t[CT_DA_TEXT], e[CT_DA_TEXT], g[64], title[CT_DA_TEXT];
  static const char *const op[3] = {"a", "b", "c"}, *const rn[3] = {"m", "n", "m"}, *const cn[3] = {"k", "k", "n"};
  int64_t mnk[3], mnkc[4], big = 0, k;
  int umma;
  char majors[64];
  const char *atom_text = argv[0];
  if (argc != 2 && argc != 5)
    return ct_usage_error("%s", "dot --tiled-mma takes ATOM LAY, or ATOM LAY PERM_M PERM_N PERM_K");
  ct_da_args(atom_text, atom, sizeof atom);
  umma = ct_da_umma_name(atom, mnkc, majors, sizeof majors); /* CuTe's SM100_MMA_ name: (M, N, K, bits, ctas) */
  if (umma < 0) return 1;
  if (umma) snprintf(t, sizeof t, "(%lld,%lld,%lld,%lld,%lld)", (long long)mnkc[0], (long long)mnkc[1],
                     (long long)mnkc[2], (long long)(256 / mnkc[2]), (long long)mnkc[3]); /* TMMA-UMMA */
  else if (strchr(atom, ',')) snprintf(t, sizeof t, "(%s)", atom); /* (M,N,K,bits) stays one argument */
  else snprintf(t, sizeof t, "%s", atom);
  if (argc == 2) snprintf(args, sizeof args, "%.300s, %.300s", t, argv[1]);
  else snprintf(args, sizeof args, "%.300s, %.300s, %.300s, %.300s, %.300s", t, argv[1], argv[2], argv[3], argv[4]);
  snprintf(e, sizeof e, "tiled_mma_shape(%.1900s)", args);
  if (ct_da_ints(e, mnk, 3)) return 1;
  for (k = 0; k < 3; ++k) {
    int64_t r = mnk[k == 1 ? 1 : 0], c = mnk[k == 2 ? 1 : 2];
    if (r * c > big) big = r * c;
  }
  for (k = 0; k < 3; ++k) {
    int64_t r = mnk[k == 1 ? 1 : 0], c = mnk[k == 2 ? 1 : 2];
    snprintf(e, sizeof e, "tiled_mma_%s_tv(%.1900s)", op[k], args);
    snprintf(g, sizeof g, "(%lld,%lld)", (long long)r, (long long)c);
    snprintf(t, sizeof t, "%c: %lld x %lld (%c x %c)", "ABC"[k], (long long)r, (long long)c, "MNM"[k], "KKN"[k]);
    if (ct_da_panel((int)k, t, e, g, rn[k], cn[k])) return 1;
    ct_da_p[k].compact = big > 256; /* more than a 16 x 16 tile: T# only */
  }
  if (umma) /* a UMMA atom's threads are CTAs: colored by the CTA */
    for (k = 0; k < 3; ++k) ct_da_p[k].palette = CT_TV_PAL_T8;
  else {
    ct_val s;
    ct_err er;
    const ct_tuple *sh = &ct_da_l[2].shape;
    if (ct_t_product(sh, ct_t_child(sh, 0, 0), &s, &er) != CT_OK) return 1;
    if (ct_da_groups(atom, argv[1], s.v)) return 1;
    for (k = 0; k < 3; ++k) {
      ct_da_p[k].palette = CT_TV_PAL_GROUP;
      ct_da_p[k].group = ct_da_group;
      ct_da_p[k].groups_T = s.v;
      ct_da_p[k].group_name = "atom";
    }
  }
  snprintf(title, sizeof title, "Tiled MMA of %s, atom layout %s%s%s%s%s%s%s: (TM, TN, TK) = (%lld, %lld, %lld)",
           atom_text, argv[1], argc == 5 ? ", permutations " : "", argc == 5 ? argv[2] : "", argc == 5 ? ", " : "",
           argc == 5 ? argv[3] : "", argc == 5 ? ", " : "", argc == 5 ? argv[4] : "", (long long)mnk[0],
           (long long)mnk[1], (long long)mnk[2]);
  if (umma) /* TMMA-UMMA: the "threads" are the CTAs of the atoms */
    return ct_tv_draw(title, ct_da_p, 3,
                      "Cell (row, column) holds T#(V#): thread # of a tiled MMA of UMMA atoms is CTA # % ctas of the "
                      "pair (.cta_group::ctas) that runs the atom of group # / ctas (spec/tiled_mma.md, TMMA-UMMA);\n"
                      "the value index is left out past 256 elements (cuteref eval gives it: "
                      "eval(tiled_mma_c_tv(...), t, v)). Colors: the thread.", 675);
  return ct_tv_draw(title, ct_da_p, 3,
                    big > 256 ? "Cell (row, column) holds T#: the thread that holds the element (the value index is "
                                "left out on tiles of more than 256 elements;\n"
                                "cuteref eval gives it: eval(tiled_mma_c_tv(...), t, v)).\n" CT_DA_ATOM_COLORS
                              : "Cell (row, column) holds T#V#: thread # holds the element as its value #.\n"
                                CT_DA_ATOM_COLORS, 675);
}

/* cuteref dot --tv2 TILE SRC DST: two TV layouts of one tile (a tiled copy's source and destination). */
static int ct_dot_tv2(const char *tile, const char *src, const char *dst) {
  int k;
  for (k = 0; k < 2; ++k) {
    if (ct_da_panel(k, k ? "destination" : "source", k ? dst : src, tile, 0, 0)) return 1;
    ct_da_p[k].palette = CT_TV_PAL_T8;
  }
  return ct_tv_draw("", ct_da_p, 2,
                    "Two thread-value layouts of one tile: cell (row, column) holds T#V#, the thread and value that "
                    "reach it.\nColors: the thread, t mod 8 (CUTLASS's print_latex).", 0);
}

/* cuteref dot --tiled-copy[-a|-b|-c] ARGS: a tiled copy's source and destination
 * (spec/tiled_copy.md), ARGS the arguments of tiled_copy_s_tv (or tiled_copy_a_s_tv ...),
 * over the tile its tiled_copy_tile names: one more caller of the --tv2 drawing. */
static int ct_dot_tiled_copy(const char *form, const char *args) {
  char e[2][CT_DA_TEXT], tile[CT_DA_TEXT], title[CT_DA_TEXT], x[8];
  const char *rn = 0, *cn = 0;
  int64_t rc[2], k;
  snprintf(x, sizeof x, "%s", form[0] ? form : "");
  if (form[0] == 'a') rn = "m", cn = "k";
  else if (form[0] == 'b') rn = "n", cn = "k";
  else if (form[0] == 'c') rn = "m", cn = "n";
  snprintf(tile, sizeof tile, "tiled_copy%s%s_tile(%.1900s)", x[0] ? "_" : "", x, args);
  if (ct_da_ints(tile, rc, 2)) return 1;
  for (k = 0; k < 2; ++k) {
    snprintf(e[k], sizeof e[k], "tiled_copy%s%s_%c_tv(%.1900s)", x[0] ? "_" : "", x, k ? 'd' : 's', args);
    if (ct_da_panel((int)k, k ? "destination" : "source", e[k], tile, rn, cn)) return 1;
    ct_da_p[k].palette = CT_TV_PAL_T8;
    ct_da_p[k].compact = rc[0] * rc[1] > 256;
  }
  snprintf(title, sizeof title, "Tiled copy %.1200s: source and destination over the %lld x %lld tile", tile,
           (long long)rc[0], (long long)rc[1]);
  return ct_tv_draw(title, ct_da_p, 2,
                    rc[0] * rc[1] > 256
                        ? "Cell (row, column) of the tile holds T#: the thread that reads it (source) or writes it "
                          "(destination); the value index is left out on tiles of more than 256 elements.\n"
                          "Colors: the thread, t mod 8 (spec/tiled_copy.md)."
                        : "Cell (row, column) of the tile holds T#V#: thread # reads it (source) or writes it "
                          "(destination) as its value #, in elements.\n"
                          "Colors: the thread, t mod 8 (spec/tiled_copy.md).", 675);
}

static int64_t ct_da_table[65536];

/* cuteref dot --partition L THR: thread idx's part of L's tile, idx < size(THR) (PART-7). */
static int ct_dot_partition(const char *L_text, const char *thr_text) {
  static ct_layout L, thr, I, R;
  char buf[CT_DA_TEXT], shape[CT_DA_TEXT / 2], t[CT_DA_TEXT];
  int64_t T, V = 0, n, idx, j;
  ct_val s;
  ct_err e;
  if (ct_tv_eval_layout(L_text, &L, 1) || ct_tv_eval_layout(thr_text, &thr, 1)) return 1;
  if (ct_l_size(&thr, &s, &e) != CT_OK) return 1;
  T = s.v;
  if (ct_l_size(&L, &s, &e) != CT_OK) return 1;
  n = s.v;
  if (T < 1 || T > CT_DA_THREADS || n > 65536)
    return ct_usage_error("%s", "dot --partition draws up to 1024 threads over a tile of up to 65536 elements");
  if (ct_l_compact_left(&L.shape, &I, &e) != CT_OK) return 1;
  ct_print_layout(&I, shape, sizeof shape); /* the tile's coordinates: L's shape, column-major (PART-3) */
  for (j = 0; j < 65536; ++j) ct_da_table[j] = -1;
  for (idx = 0; idx < T; ++idx) {
    int64_t off, size;
    snprintf(t, sizeof t, "local_partition(%s, %s, %lld)", shape, thr_text, (long long)idx);
    if (ct_tv_eval_layout(t, &R, 0)) return 1;
    snprintf(t, sizeof t, "local_partition_offset(%s, %s, %lld)", shape, thr_text, (long long)idx);
    {
      static ct_value v;
      if (ct_eval(t, &v, &e) != CT_OK || ct_as_int(&v, &off, "the offset", &e) != CT_OK) {
        ct_report_error(t, &e);
        return 1;
      }
    }
    if (ct_l_size(&R, &s, &e) != CT_OK) return 1;
    size = s.v;
    if (V == 0) V = size;
    if (size != V || T * V > 65536) {
      fprintf(stderr, "cuteref: dot --partition: thread %lld holds %lld elements, thread 0 %lld: THR does not divide "
                      "the tile evenly\n", (long long)idx, (long long)size, (long long)V);
      return 1;
    }
    for (j = 0; j < size; ++j) {
      int64_t x = 0;
      if (ct_l_eval(&R, j, &x, &e) != CT_OK) return 1;
      ct_da_table[idx + T * j] = off + x;
    }
  }
  memset(&ct_da_p[0], 0, sizeof ct_da_p[0]);
  ct_print_layout(&L, buf, sizeof buf);
  snprintf(ct_da_p[0].title, sizeof ct_da_p[0].title, "local_partition(%s, %s, t) for t < %lld", L_text, thr_text,
           (long long)T);
  snprintf(ct_da_p[0].sub, sizeof ct_da_p[0].sub, "%lld threads, %lld values each, over the tile of L = %.300s",
           (long long)T, (long long)V, buf);
  ct_da_p[0].table = ct_da_table;
  ct_da_p[0].T = T;
  ct_da_p[0].V = V;
  ct_da_p[0].grid = &I;
  ct_da_p[0].unit = 1;
  ct_da_p[0].palette = CT_TV_PAL_T8;
  ct_da_p[0].compact = n > 256;
  return ct_tv_draw("", ct_da_p, 1,
                    n > 256 ? "Cell (row, column) of L's tile holds T#: the thread whose partition holds it (the value "
                              "index is left out on tiles of more than 256 elements).\n"
                              "Colors: the thread, t mod 8. Thread t's element j is at offset "
                              "local_partition_offset(L, THR, t) + local_partition(L, THR, t)(j) of L."
                            : "Cell (row, column) of L's tile holds T#V#: thread # holds it as element # of "
                              "local_partition(L, THR, #) (spec/partition.md, PART-7).\n"
                              "Colors: the thread, t mod 8. Its offset in L: local_partition_offset(L, THR, t) + "
                              "local_partition(L, THR, t)(j).", 0);
}

/* cuteref dot --partition-tv THR VAL: make_layout_tv over make_layout_tv_tiler (TV-1, TV-2). */
static int ct_dot_partition_tv(const char *thr, const char *val) {
  char e[CT_DA_TEXT], g[CT_DA_TEXT];
  snprintf(e, sizeof e, "make_layout_tv(%s, %s)", thr, val);
  snprintf(g, sizeof g, "make_layout_tv_tiler(%s, %s)", thr, val);
  if (ct_da_panel(0, e, e, g, 0, 0)) return 1;
  ct_da_p[0].palette = CT_TV_PAL_T8;
  snprintf(ct_da_p[0].title, sizeof ct_da_p[0].title, "%.240s over the tile %.240s", e, g);
  return ct_tv_draw("", ct_da_p, 1,
                    "Cell (row, column) of the tile holds T#V#: thread # holds it as its value # (spec/partition.md, "
                    "TV-1).\nColors: the thread, t mod 8 (CUTLASS's print_latex).", 0);
}

int ct_dot_tv_option(const char *opt) {
  return strcmp(opt, "--atom") == 0 || strcmp(opt, "--tiled-mma") == 0 || strcmp(opt, "--tv2") == 0 ||
         strcmp(opt, "--partition") == 0 || strcmp(opt, "--partition-tv") == 0 || strcmp(opt, "--tiled-copy") == 0 ||
         strcmp(opt, "--tiled-copy-a") == 0 || strcmp(opt, "--tiled-copy-b") == 0 || strcmp(opt, "--tiled-copy-c") == 0;
}

int ct_dot_tv_command(int argc, char **argv) {
  const char *opt = argv[0];
  --argc;
  ++argv;
  if (strcmp(opt, "--atom") == 0) {
    if (argc != 1) return ct_usage_error("%s", "dot --atom takes one atom: a CuTe name or (M,N,K,bits)");
    return ct_dot_atom(argv[0]);
  }
  if (strcmp(opt, "--tiled-mma") == 0) return ct_dot_tiled_mma(argc, argv);
  if (strncmp(opt, "--tiled-copy", 12) == 0) {
    if (argc != 1)
      return ct_usage_error("%s", "dot --tiled-copy takes one argument: tiled_copy_s_tv's arguments, quoted as one "
                                  "('SM75_U32x4_LDSM_N, 16, (32,1):(1,0), (1,8)')");
    return ct_dot_tiled_copy(opt[12] == '-' ? opt + 13 : "", argv[0]);
  }
  if (strcmp(opt, "--tv2") == 0) {
    if (argc != 3) return ct_usage_error("%s", "dot --tv2 takes TILE SRC DST");
    return ct_dot_tv2(argv[0], argv[1], argv[2]);
  }
  if (strcmp(opt, "--partition") == 0) {
    if (argc != 2) return ct_usage_error("%s", "dot --partition takes L THR");
    return ct_dot_partition(argv[0], argv[1]);
  }
  if (argc != 2) return ct_usage_error("%s", "dot --partition-tv takes THR VAL");
  return ct_dot_partition_tv(argv[0], argv[1]);
}
