/* cmd_dot.c -- `cuteref dot EXPR`: the Graphviz (DOT) source of a picture of
 * a layout or of an operation's result, like CuTe's print_layout and the
 * figures of its algebra chapter. docs/ renders these as SVG (`dot -Tsvg`).
 *
 * A layout is drawn as a grid: rank 1 as one row, rank >= 2 with mode 0 down
 * the rows and the other modes (flattened, colexicographically) across the
 * columns; each cell holds the offset, colored by offset mod 8. For the
 * algebra's operations the picture has panels (the inputs and the result)
 * and the colors follow the operation:
 *   composition, with_shape   the cells of A that R uses, colored by R's column
 *   logical/zipped/tiled/flat_divide   every tile in its own color (tile 0 gray)
 *   *_product, blocked/raked, tile_to_shape   every copy of A in its own color
 *   complement                the codomain: A's image gray, each repetition colored
 *   coalesce, filter(_zeros)  A and the result (the same function)
 *   right/left_inverse        cells that invert each other share a color
 * The colors are computed with the reference itself: a divide or composition
 * is evaluated a second time with A replaced by make_layout(shape(A)), whose
 * offsets are A's indices, and every colored cell is checked against
 * A(index) before it is drawn; when a check fails the panel keeps the plain
 * offset colors. Nothing here is part of the reference. */
#include "commands.h"
#include "dot_basis.h"
#include "eval.h"
#include "ref/coalesce.h"
#include "ref/ct_arith.h"
#include "registry.h"
#include "suggest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char ct_help_dot[] =
    "usage: cuteref dot [--plain | --tree | --bank B] EXPR\n"
    "       cuteref dot --tv TILE EXPR\n"
    "       cuteref dot --atom NAME | --tiled-mma ATOM LAY [PERM_M PERM_N PERM_K]\n"
    "       cuteref dot --tv2 TILE SRC DST | --partition L THR | --partition-tv THR VAL\n"
    "       cuteref dot --tiled-copy[-a|-b|-c] ARGS\n"
    "\n"
    "Writes the Graphviz DOT source of a picture of EXPR to standard output;\n"
    "render it with `dot -Tsvg` (Debian package graphviz):\n"
    "\n"
    "  cuteref dot '((2,2),3):((24,2),8)' | dot -Tsvg > layout.svg\n"
    "\n"
    "A layout is a grid of its offsets: rank 1 as one row, otherwise mode 0\n"
    "down the rows and the other modes, flattened colexicographically, across\n"
    "the columns (like CuTe's print_layout); cells are colored by offset mod 8.\n"
    "A bare shape is its compact column-major layout; an IntTuple that is not\n"
    "a shape (a leaf 0, `_` or a basis element v@i, as L(i) of a layout with\n"
    "basis strides gives) is drawn as a tree. When EXPR is a call of\n"
    "composition, with_shape, complement, a divide or a product, the picture\n"
    "also shows the inputs, and colors every tile (divides), every copy of A\n"
    "(products), the cells of A the result uses (composition) or the\n"
    "repetitions of A in the codomain (complement); coalesce, filter and\n"
    "filter_zeros show A and the result, right_inverse and left_inverse pair\n"
    "the cells that invert each other by color. An operation whose result\n"
    "is an IntTuple, and a tiler, are drawn as trees. A layout with basis\n"
    "strides (make_identity_layout) shows the coordinate tuple L(i) in each\n"
    "cell, shaded by its first entry. Grids show at most 64\n"
    "rows and 64 columns; a larger layout is drawn in part and says so. A\n"
    "strip (at most 16 rows) too wide for a page is drawn in bands of\n"
    "columns, one under another, each band headed by its column indices.\n"
    "\n"
    "options:\n"
    "  --plain   draw only the result, colored by offset\n"
    "  --tree    draw the nesting of a layout (leaves s:d) or IntTuple as a tree\n"
    "  --bank B  color each cell by the 16-byte chunk of shared memory (4 banks)\n"
    "            its offset falls in, for elements of B bits: chunk (offset*B/128)\n"
    "            mod 8 of a 128-byte row (spec/atoms.md). A swizzle or composed\n"
    "            layout (spec/composed.md) is drawn this way, B = 8 by default\n"
    "  --tv TILE draw EXPR as a thread-value layout: mode 0 the thread, the other\n"
    "            modes the value, its offsets coordinates of the tile of shape\n"
    "            TILE (column-major); each cell of the tile is labelled T#V#, the\n"
    "            thread and value that own it (CUTLASS's print_latex). The SM80\n"
    "            16x8x16 accumulator (C) of a 16x8 tile:\n"
    "  cuteref dot --tv '(16,8)' '((4,8),(2,2)):((32,1),(16,8))' | dot -Tsvg > c.svg\n"
    "  --atom NAME  an MMA atom's A, B and C side by side (spec/mma.md; a CuTe name\n"
    "            or (M,N,K,bits)), or a copy atom's source and destination\n"
    "            (spec/copy.md), each cell T#V#, colored by lane mod 4 (PTX's\n"
    "            threadID_in_group; our colors); an SM100 UMMA atom by CuTe's name\n"
    "            (SM100_MMA_F16BF16_SS<half_t,half_t,float,64,8,UMMA::Major::K,\n"
    "            UMMA::Major::K>, ..._2x1SM_...), each cell T#V#, T# its CTA:\n"
    "  cuteref dot --atom SM80_16x8x16_F32F16F16F32_TN | dot -Tsvg > atom.svg\n"
    "  --tiled-mma ATOM LAY [PERM_M PERM_N PERM_K]  a tiled MMA's A, B and C\n"
    "            (spec/tiled_mma.md; an SM100 UMMA atom by CuTe's name, as for\n"
    "            --atom, its threads CTAs), colored by warp (UMMA: by thread);\n"
    "            T# only past 256 elements:\n"
    "  cuteref dot --tiled-mma SM80_16x8x16_F16F16F16F16_TN '(2,2,1)' | dot -Tsvg > t.svg\n"
    "  --tv2 TILE SRC DST  two TV layouts of one tile side by side (a tiled copy)\n"
    "  --partition L THR   L's tile, each cell the thread of local_partition(L, THR, t)\n"
    "  --partition-tv THR VAL  make_layout_tv(THR, VAL) over its tiler\n"
    "  --tiled-copy[-a|-b|-c] ARGS  a tiled copy's source and destination over its\n"
    "            tile, ARGS tiled_copy_s_tv's (tiled_copy_a_s_tv's ...) arguments\n"
    "\n"
    "exit status: 0 success, 1 EXPR was rejected or is not drawable, 2 usage error\n";

#define CT_DOT_MAX 64                         /* rows and columns drawn per grid */
#define CT_DOT_CELLS (CT_DOT_MAX * CT_DOT_MAX) /* cells drawn per grid */
#define CT_DOT_MAP 4096                       /* indices an index map covers */
#define CT_DOT_ARG 4096                       /* one argument, printed */
#define CT_DOT_TEXT 16384                     /* one expression or caption */
#define CT_DOT_ARGS 8
#define CT_DOT_STRIP 32                       /* cells per row of a codomain strip */

enum { CT_G_CHUNK = -3, CT_G_OFFSET = -2, CT_G_NONE = -1 };

static int64_t ct_dot_bits = 8; /* --bank: the element width of CT_G_CHUNK */
static int ct_dot_bits_known;   /* given (--bank) or read from an atom's arguments */

typedef struct {
  char caption[CT_DOT_TEXT];
  char note[256];      /* a second line under the caption: how to read the colors */
  int64_t rows, cols;  /* the whole grid */
  int rank2;           /* index i is (i % rows, i / rows); else (0, i) */
  int64_t strip;       /* > 0: a codomain strip, row r starts at offset r*strip */
  int64_t limit;       /* > 0: cells r*cols + c >= limit are left empty */
  int64_t val[CT_DOT_CELLS];
  int grp[CT_DOT_CELLS];
  unsigned char past[CT_DOT_CELLS]; /* the cell reads A past size(A) (a ragged tile) */
} ct_panel;

typedef struct {
  char name[64];
  int nargs;
  char arg[CT_DOT_ARGS][CT_DOT_ARG]; /* arguments, printed canonically */
  ct_value v[CT_DOT_ARGS];
} ct_call;

/* ---- output helpers ------------------------------------------------------ */

/* Declared in dot_basis.h: every drawing escapes its HTML labels here. */
void ct_dot_html(const char *s) {
  for (; *s; ++s) {
    if (*s == '<') fputs("&lt;", stdout);
    else if (*s == '>') fputs("&gt;", stdout);
    else if (*s == '&') fputs("&amp;", stdout);
    else if (*s == '"') fputs("&quot;", stdout);
    else putchar(*s);
  }
}

static void ct_dot_quoted(const char *s) {
  putchar('"');
  for (; *s; ++s) {
    if (*s == '"' || *s == '\\') putchar('\\');
    putchar(*s);
  }
  putchar('"');
}

/* Offsets: 8 light colors (CuTe's print_latex shades by offset mod 8). */
static const char *const ct_offset_colors[8] = {"#dbe9f6", "#fde7c8", "#dcefd9", "#f6d5d5",
                                                "#e6def3", "#f3e3d3", "#f9dcec", "#e9e9e9"};
/* Tiles and copies: tile 0 gray, as in CuTe's figures, then 15 colors. */
static const char *const ct_tile_colors[15] = {"#8dd3c7", "#fdb462", "#bebada", "#fb8072", "#80b1d3",
                                               "#b3de69", "#fccde5", "#ffed6f", "#bc80bd", "#ccebc5",
                                               "#e5c494", "#66c2a5", "#ffffb3", "#a6d854", "#e78ac3"};

static const char *ct_dot_color(int grp, int64_t v) {
  if (grp == CT_G_NONE) return "#ffffff";
  if (grp == CT_G_OFFSET) return ct_offset_colors[((v % 8) + 8) % 8];
  if (grp == CT_G_CHUNK) return ct_offset_colors[((v * ct_dot_bits / 128) % 8 + 8) % 8];
  if (grp == 0) return "#d3d3d3";
  return ct_tile_colors[(grp - 1) % 15];
}

static int ct_dot_digits(int64_t v) {
  int n = v < 0 ? 2 : 1;
  while (v >= 10 || v <= -10) {
    v /= 10;
    ++n;
  }
  return n;
}

/* A grid wider than CT_DOT_BAND_PT points, and at most CT_DOT_BAND_ROWS rows
 * (a strip, such as an 8x64 swizzle atom), is drawn in bands of columns, one
 * under another, so that the picture fits a page at a legible size (issue
 * 39: an 8x64 strip shrunk to fit had 5-pixel digits). */
#define CT_DOT_BAND_PT 600
#define CT_DOT_BAND_ROWS 16

/* Columns per band: the largest power of two that fits CT_DOT_BAND_PT (CuTe's
 * shapes are mostly powers of two, so bands end where tiles do); all of
 * them when the grid fits or is not a strip. */
static int64_t ct_dot_band(int64_t rows, int64_t cols, int width) {
  int64_t band = 1, per = CT_DOT_BAND_PT / (width + 1);
  if (cols * (width + 1) <= CT_DOT_BAND_PT || rows > CT_DOT_BAND_ROWS) return cols;
  while (band * 2 <= per) band *= 2;
  return band;
}

/* The header of one band: the column indices c0 .. c1-1. */
static void ct_dot_band_head(int labels, int64_t c0, int64_t c1, int width) {
  int64_t c;
  printf("    <TR>");
  if (labels) printf("<TD BORDER=\"0\"></TD>");
  for (c = c0; c < c1; ++c)
    printf("<TD BORDER=\"0\" WIDTH=\"%d\"><FONT POINT-SIZE=\"8\" COLOR=\"#808080\">%lld</FONT></TD>", width,
           (long long)c);
  printf("</TR>\n");
}

/* Row r of the grid, columns c0 .. c1-1. */
static void ct_dot_band_row(const ct_panel *p, int labels, int64_t r, int64_t c0, int64_t c1) {
  int64_t c;
  printf("    <TR>");
  if (labels)
    printf("<TD BORDER=\"0\" ALIGN=\"RIGHT\"><FONT POINT-SIZE=\"8\" COLOR=\"#808080\">%lld</FONT></TD>",
           (long long)(p->strip > 0 ? r * p->strip : r));
  for (c = c0; c < c1; ++c) {
    int k = (int)(r * CT_DOT_MAX + c);
    if (p->limit > 0 && r * p->cols + c >= p->limit) {
      printf("<TD BORDER=\"0\"></TD>");
      continue;
    }
    printf("<TD BGCOLOR=\"%s\" COLOR=\"#606060\" HEIGHT=\"20\">%s%lld%s</TD>", ct_dot_color(p->grp[k], p->val[k]),
           p->past[k] ? "<I><FONT COLOR=\"#505050\">" : "", (long long)p->val[k], p->past[k] ? "*</FONT></I>" : "");
  }
  printf("</TR>\n");
}

/* A panel: its caption above a grid whose columns all have one width. */
static void ct_dot_panel_out(const char *id, const ct_panel *p) {
  int64_t r, c, c0, band, rows = p->rows < CT_DOT_MAX ? p->rows : CT_DOT_MAX;
  int64_t cols = p->cols < CT_DOT_MAX ? p->cols : CT_DOT_MAX;
  int labels = p->rank2 || p->strip > 0, w = 1, width;
  for (r = 0; r < rows; ++r)
    for (c = 0; c < cols; ++c) {
      int d = ct_dot_digits(p->val[r * CT_DOT_MAX + c]);
      if (d > w) w = d;
    }
  width = 10 + 6 * w < 22 ? 22 : 10 + 6 * w;
  band = ct_dot_band(rows, cols, width);
  printf("  %s [label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">\n", id);
  /* the caption, then each note on a line of its own: a long line would
   * widen the picture past its grid (issue 39) */
  printf("    <TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">");
  ct_dot_html(p->caption);
  if (p->note[0]) {
    printf("<BR/><FONT COLOR=\"#606060\">(");
    ct_dot_html(p->note);
    printf(")</FONT>");
  }
  if (p->rows > rows || p->cols > cols)
    printf("<BR/><FONT COLOR=\"#a03030\">(%lld x %lld shown of %lld x %lld)</FONT>", (long long)rows, (long long)cols,
           (long long)p->rows, (long long)p->cols);
  if (band < cols)
    printf("<BR/><FONT COLOR=\"#606060\">(columns in bands of %lld, one under another)</FONT>", (long long)band);
  printf("</TD></TR>\n    <TR><TD ALIGN=\"LEFT\">"
         "<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"3\">\n");
  for (c0 = 0; c0 < cols; c0 += band) {
    int64_t c1 = c0 + band < cols ? c0 + band : cols;
    if (c0 > 0) printf("    <TR><TD BORDER=\"0\" HEIGHT=\"8\"></TD></TR>\n"); /* a gap between bands */
    ct_dot_band_head(labels, c0, c1, width);
    for (r = 0; r < rows; ++r) ct_dot_band_row(p, labels, r, c0, c1);
  }
  printf("    </TABLE></TD></TR>\n  </TABLE>>];\n");
}

/* ---- panels -------------------------------------------------------------- */

static ct_code ct_dot_sizes(const ct_layout *L, int64_t *size, int64_t *rows, ct_err *e) {
  ct_val s;
  CT_TRY(ct_l_size(L, &s, e));
  *size = s.v;
  *rows = 1;
  if (ct_l_rank(L) >= 2) {
    ct_val s0;
    CT_TRY(ct_t_product(&L->shape, ct_t_child(&L->shape, 0, 0), &s0, e));
    *rows = s0.v;
  }
  return CT_OK;
}

/* The cell of linear index i, or -1 outside the drawn window. */
static int ct_dot_cell(const ct_panel *p, int64_t i) {
  int64_t r = p->rank2 ? i % p->rows : 0, c = p->rank2 ? i / p->rows : i;
  if (i < 0 || r >= CT_DOT_MAX || c >= CT_DOT_MAX || c >= p->cols) return -1;
  return (int)(r * CT_DOT_MAX + c);
}

static ct_code ct_dot_fill(ct_panel *p, const ct_layout *L, const char *caption, ct_err *e) {
  int64_t size, rows, r, c;
  CT_TRY(ct_dot_sizes(L, &size, &rows, e));
  strncpy(p->caption, caption, sizeof p->caption - 1);
  p->caption[sizeof p->caption - 1] = '\0';
  p->note[0] = '\0';
  p->rows = rows;
  p->cols = size / rows;
  p->rank2 = ct_l_rank(L) >= 2;
  p->strip = 0;
  p->limit = 0;
  for (r = 0; r < rows && r < CT_DOT_MAX; ++r)
    for (c = 0; c < p->cols && c < CT_DOT_MAX; ++c) {
      int k = (int)(r * CT_DOT_MAX + c);
      CT_TRY(ct_l_eval(L, p->rank2 ? r + rows * c : c, &p->val[k], e));
      p->grp[k] = CT_G_OFFSET;
      p->past[k] = 0;
    }
  return CT_OK;
}

/* The indices a coloring loop visits: every index of the panel's layout up
 * to CT_DOT_WORK of them, else only the cells the panel draws (at most
 * CT_DOT_CELLS, in increasing order), so that a layout of size 2^62 is drawn
 * in part in bounded time (issue 17). */
#define CT_DOT_WORK 65536
static int64_t ct_dot_visit_buf[CT_DOT_WORK];
static int ct_dot_visit(const ct_panel *p, const int64_t **idx) {
  int64_t rows = p->rank2 ? p->rows : 1, r, c, size = p->rows * p->cols;
  int n = 0;
  *idx = ct_dot_visit_buf;
  if (size <= CT_DOT_WORK) {
    for (n = 0; n < size; ++n) ct_dot_visit_buf[n] = n;
    return n;
  }
  for (c = 0; c < p->cols && c < CT_DOT_MAX; ++c)
    for (r = 0; r < rows && r < CT_DOT_MAX; ++r) ct_dot_visit_buf[n++] = p->rank2 ? r + c * p->rows : c; /* < size */
  return n;
}

static void ct_dot_set_all(ct_panel *p, int g) {
  int k;
  for (k = 0; k < CT_DOT_CELLS; ++k) p->grp[k] = g;
}

/* ---- evaluation helpers --------------------------------------------------- */

static ct_code ct_dot_eval_layout(const char *text, ct_layout *L, ct_err *e) {
  static ct_value v;
  CT_TRY(ct_eval(text, &v, e));
  return ct_as_layout(&v, L, "the picture's layout", e);
}

static void ct_dot_print_layout(const ct_layout *L, char *buf, int cap) { ct_print_layout(L, buf, cap); }

/* Splits `name<...>(a, b, ...)` spanning the whole text; 0 when text is not
 * one call. Arguments are evaluated and kept printed in canonical notation. */
static int ct_dot_split(const char *text, ct_call *k) {
  const char *s = text, *a;
  int n = 0, depth = 0;
  while (*s == ' ') ++s;
  while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_') {
    if (n + 1 < (int)sizeof k->name) k->name[n++] = *s;
    ++s;
  }
  k->name[n] = '\0';
  if (n == 0 || (k->name[0] >= '0' && k->name[0] <= '9') || strcmp(k->name, "_") == 0) return 0;
  while (*s == ' ') ++s;
  if (*s == '<') return 0; /* template arguments: no operation picture needs them */
  if (*s != '(') return 0;
  ++s;
  k->nargs = 0;
  a = s;
  for (; *s; ++s) {
    if (*s == '(' || *s == '<') ++depth;
    else if ((*s == ')' || *s == '>') && depth > 0) --depth;
    else if ((*s == ',' || *s == ')') && depth == 0) {
      size_t len = (size_t)(s - a);
      if (k->nargs >= CT_DOT_ARGS || len >= CT_DOT_ARG) return 0;
      memcpy(k->arg[k->nargs], a, len);
      k->arg[k->nargs][len] = '\0';
      ++k->nargs;
      a = s + 1;
      if (*s == ')') break;
    }
  }
  if (*s != ')') return 0;
  for (++s; *s == ' '; ++s) {
  }
  if (*s) return 0; /* `f(x)(i)` is an evaluation, not one call */
  {
    int i;
    ct_err e;
    for (i = 0; i < k->nargs; ++i) {
      if (ct_eval(k->arg[i], &k->v[i], &e) != CT_OK) return 0;
      ct_print_value(&k->v[i], k->arg[i], CT_DOT_ARG);
    }
  }
  return 1;
}

/* ---- pictures -------------------------------------------------------------- */

static ct_panel ct_p[4];
static int ct_tile_of[CT_DOT_MAP];

static void ct_dot_begin(void) {
  printf("digraph cuteref {\n");
  printf("  graph [rankdir=TB, nodesep=0.5, ranksep=0.4, pad=0.15, bgcolor=\"white\", fontname=\"Helvetica\", "
         "fontsize=11, labeljust=l];\n");
  printf("  node [shape=plaintext, fontname=\"Helvetica\", fontsize=10];\n");
  printf("  edge [fontname=\"Helvetica\", fontsize=10, color=\"#707070\", fontcolor=\"#404040\", arrowsize=0.7];\n");
}

static void ct_dot_end(const char *legend) {
  if (legend && *legend) {
    printf("  label=");
    ct_dot_quoted(legend);
    printf(";\n  labelloc=b;\n");
  }
  printf("}\n");
}

static void ct_dot_edge(const char *from, const char *to, const char *label, int dashed) {
  printf("  %s -> %s [label=", from, to);
  ct_dot_quoted(label);
  printf("%s];\n", dashed ? ", style=dashed" : "");
}

static int ct_dot_plain(const ct_layout *L, const char *caption) {
  ct_err e;
  if (ct_dot_fill(&ct_p[0], L, caption, &e) != CT_OK) {
    ct_report_error(0, &e);
    return 1;
  }
  ct_dot_begin();
  ct_dot_panel_out("R", &ct_p[0]);
  ct_dot_end("");
  return 0;
}

/* Colors the cells of R (panel 2) and A (panel 0) by the group their
 * A-index belongs to: idx is R evaluated with A := make_layout(shape(A)).
 * Every colored cell is checked: R(i) == A^(idx(i)), A^ read through
 * coalesce(A) as composition reads it past size(A) (COMP-EXT). Returns 1
 * when all checks hold, 2 when moreover some cells of R read A past size(A). */
static int ct_dot_color_by_index(const ct_layout *A, const ct_layout *R, const ct_layout *idx, int color_a) {
  static ct_layout Ac;
  const int64_t *drawn;
  int64_t size, rows, isize, irows, asize, arows, i;
  int ragged = 0, t, nd;
  ct_err e;
  if (ct_dot_sizes(R, &size, &rows, &e) != CT_OK || ct_dot_sizes(idx, &isize, &irows, &e) != CT_OK ||
      ct_dot_sizes(A, &asize, &arows, &e) != CT_OK || ct_coalesce(A, &Ac, &e) != CT_OK)
    return 0;
  if (size != isize || rows != irows) return 0;
  nd = ct_dot_visit(&ct_p[2], &drawn);
  for (t = 0; t < nd; ++t) {
    int64_t x, rv, av;
    i = drawn[t];
    int cell = ct_dot_cell(&ct_p[2], i);
    if (ct_l_eval(idx, i, &x, &e) != CT_OK || ct_l_eval(R, i, &rv, &e) != CT_OK) return 0;
    if (x < 0 || ct_l_eval(&Ac, x, &av, &e) != CT_OK || av != rv) return 0;
    if (x >= CT_DOT_MAP || ct_tile_of[x] < 0) return 0;
    if (cell >= 0) ct_p[2].grp[cell] = ct_tile_of[x];
    if (cell >= 0 && x >= asize) ct_p[2].past[cell] = 1;
    if (x >= asize) ragged = 1;
    if (color_a && x < asize) {
      int ac = ct_dot_cell(&ct_p[0], x);
      if (ac >= 0 && ct_p[0].grp[ac] == CT_G_NONE) ct_p[0].grp[ac] = ct_tile_of[x];
    }
  }
  return ragged ? 2 : 1;
}

static int ct_dot_fail(const ct_err *e) {
  ct_report_error(0, e);
  return 1;
}

/* composition(A, B), with_shape(A, shape) */
static int ct_dot_composition(const ct_call *k, const ct_layout *R) {
  static ct_layout A, Ac, B, Id, idx; /* Ac: coalesce(A), whose extension composition reads (COMP-EXT) */
  static char buf[CT_DOT_TEXT], expr[2 * CT_DOT_TEXT], ids[CT_DOT_ARG];
  const int64_t *drawn;
  int64_t size, rows, asize, arows, i;
  int have_b = 0, t, nd;
  ct_err e;
  if (ct_as_layout(&k->v[0], &A, "A", &e) != CT_OK || ct_coalesce(&A, &Ac, &e) != CT_OK) return -1;
  if (strcmp(k->name, "with_shape") == 0) {
    snprintf(expr, sizeof expr, "make_layout(%s)", k->arg[1]);
    have_b = ct_dot_eval_layout(expr, &B, &e) == CT_OK;
  } else if (k->v[1].kind == CT_V_LAYOUT) {
    B = k->v[1].l;
    have_b = 1;
  }
  if (ct_l_compact_left(&A.shape, &Id, &e) != CT_OK) return -1;
  ct_dot_print_layout(&Id, ids, sizeof ids);
  snprintf(expr, sizeof expr, "%s(%s, %s)", k->name, ids, k->arg[1]);
  if (ct_dot_eval_layout(expr, &idx, &e) != CT_OK) return -1;
  if (ct_dot_sizes(R, &size, &rows, &e) != CT_OK) return ct_dot_fail(&e);
  snprintf(buf, sizeof buf, "A = %s", k->arg[0]);
  if (ct_dot_fill(&ct_p[0], &A, buf, &e) != CT_OK || ct_dot_sizes(&A, &asize, &arows, &e) != CT_OK) return -1;
  ct_dot_set_all(&ct_p[0], CT_G_NONE);
  ct_dot_print_layout(R, buf, sizeof buf);
  snprintf(expr, sizeof expr, "R = %s", buf);
  if (ct_dot_fill(&ct_p[2], R, expr, &e) != CT_OK) return ct_dot_fail(&e);
  /* group g = R's column (R's element for rank 1); A's cells take the group
   * of the first element of R drawn that uses them */
  nd = ct_dot_visit(&ct_p[2], &drawn);
  for (t = 0; t < nd; ++t) {
    int64_t x, rv, av;
    int g, cell;
    i = drawn[t];
    g = (int)(i / rows);
    cell = ct_dot_cell(&ct_p[2], i);
    if (ct_l_eval(&idx, i, &x, &e) != CT_OK || ct_l_eval(R, i, &rv, &e) != CT_OK) return -1;
    if (x < 0 || ct_l_eval(&Ac, x, &av, &e) != CT_OK || av != rv) return -1;
    if (cell >= 0) ct_p[2].grp[cell] = g;
    if (x < asize) {
      int ac = ct_dot_cell(&ct_p[0], x);
      if (ac >= 0 && ct_p[0].grp[ac] == CT_G_NONE) ct_p[0].grp[ac] = g;
    }
  }
  if (have_b) {
    snprintf(buf, sizeof buf, "B = %s", strcmp(k->name, "with_shape") == 0 ? "make_layout(shape)" : k->arg[1]);
    if (ct_dot_fill(&ct_p[1], &B, buf, &e) != CT_OK) return -1;
    if (ct_p[1].rows * ct_p[1].cols == size) {
      nd = ct_dot_visit(&ct_p[1], &drawn);
      for (t = 0; t < nd; ++t) {
        int cell = ct_dot_cell(&ct_p[1], drawn[t]);
        if (cell >= 0) ct_p[1].grp[cell] = (int)(drawn[t] / rows);
      }
    }
  }
  ct_dot_begin();
  printf("  { rank=same; A;%s }\n", have_b ? " B;" : "");
  ct_dot_panel_out("A", &ct_p[0]);
  if (have_b) ct_dot_panel_out("B", &ct_p[1]);
  ct_dot_panel_out("R", &ct_p[2]);
  snprintf(buf, sizeof buf, "%s(A, %s)", k->name, k->arg[1]);
  ct_dot_edge("A", "R", buf, 0);
  if (have_b) ct_dot_edge("B", "R", "", 1);
  ct_dot_end(rows > 1 ? "R(i) = A(B(i)). Colors: the columns of R; the cells of A that each column uses have its color."
                      : "R(i) = A(B(i)). Colors: the elements of R; the cells of A they use have the same color.");
  return 0;
}

/* logical_divide, zipped_divide, tiled_divide, flat_divide */
static int ct_dot_divide(const ct_call *k, const ct_layout *R) {
  static ct_layout A, Id, Z, idx;
  static char buf[CT_DOT_TEXT], expr[2 * CT_DOT_TEXT], ids[CT_DOT_ARG];
  int64_t zsize, zrows, i, asize, arows;
  int ragged;
  ct_err e;
  if (ct_as_layout(&k->v[0], &A, "A", &e) != CT_OK) return -1;
  if (ct_dot_sizes(&A, &asize, &arows, &e) != CT_OK || asize > CT_DOT_MAP) return -1;
  if (ct_l_compact_left(&A.shape, &Id, &e) != CT_OK) return -1;
  ct_dot_print_layout(&Id, ids, sizeof ids);
  /* tiles: mode 1 of zipped_divide(Id, B); its offsets are A's indices */
  snprintf(expr, sizeof expr, "zipped_divide(%s, %s)", ids, k->arg[1]);
  if (ct_dot_eval_layout(expr, &Z, &e) != CT_OK || ct_dot_sizes(&Z, &zsize, &zrows, &e) != CT_OK) return -1;
  if (zsize > 16 * CT_DOT_MAP) return -1; /* tiles far larger than A: drawn plainly */
  for (i = 0; i < CT_DOT_MAP; ++i) ct_tile_of[i] = -1;
  for (i = 0; i < zsize; ++i) {
    int64_t x;
    if (ct_l_eval(&Z, i, &x, &e) != CT_OK) return -1;
    if (x >= 0 && x < CT_DOT_MAP) ct_tile_of[x] = (int)(i / zrows);
  }
  snprintf(expr, sizeof expr, "%s(%s, %s)", k->name, ids, k->arg[1]);
  if (ct_dot_eval_layout(expr, &idx, &e) != CT_OK) return -1;
  snprintf(buf, sizeof buf, "A = %s", k->arg[0]);
  if (ct_dot_fill(&ct_p[0], &A, buf, &e) != CT_OK) return -1;
  ct_dot_set_all(&ct_p[0], CT_G_NONE);
  ct_dot_print_layout(R, buf, sizeof buf);
  snprintf(expr, sizeof expr, "%s(A, B) = %s", k->name, buf);
  if (ct_dot_fill(&ct_p[2], R, expr, &e) != CT_OK) return -1;
  ragged = ct_dot_color_by_index(&A, R, &idx, 1);
  if (!ragged) return -1;
  ct_dot_begin();
  ct_dot_panel_out("A", &ct_p[0]);
  ct_dot_panel_out("R", &ct_p[2]);
  snprintf(buf, sizeof buf, "%s(A, %s)", k->name, k->arg[1]);
  ct_dot_edge("A", "R", buf, 0);
  ct_dot_end(ragged == 2 ? "Each tile in its own color: gray is tile 0 (what B selects); the other colors are its "
                           "repetitions. *: past size(A), the ragged last tile, evaluated through the last mode of coalesce(A)."
                         : "Each tile in its own color: gray is tile 0 (what B selects); the other colors are its "
                           "repetitions.");
  return 0;
}

/* Offsets of the copies: pairs (offset, copy) from mode 1 of Z. */
static int64_t ct_copy_off[CT_DOT_MAP];
static int ct_copy_id[CT_DOT_MAP];
static int ct_ncopy;

static int ct_dot_copy_of(int64_t off) {
  int j;
  for (j = 0; j < ct_ncopy; ++j)
    if (ct_copy_off[j] == off) return ct_copy_id[j];
  return -1;
}

/* logical/zipped/tiled/flat_product, blocked_product, raked_product, tile_to_shape */
static int ct_dot_product(const ct_call *k, const ct_layout *R) {
  static ct_layout A, B, Z;
  static char buf[CT_DOT_TEXT], expr[2 * CT_DOT_TEXT];
  const int64_t *drawn;
  int64_t zsize, zrows, size, rows, i;
  int have_b = 0, blocked = strcmp(k->name, "blocked_product") == 0 || strcmp(k->name, "raked_product") == 0;
  int tile = strcmp(k->name, "tile_to_shape") == 0;
  ct_err e;
  if (ct_as_layout(&k->v[0], &A, "A", &e) != CT_OK) return -1;
  if (ct_dot_sizes(R, &size, &rows, &e) != CT_OK) return -1;
  if (tile) {
    int64_t asize, arows;
    if (ct_dot_sizes(&A, &asize, &arows, &e) != CT_OK) return -1;
    snprintf(expr, sizeof expr, "logical_product(%s, %lld:1)", k->arg[0], (long long)(size / asize));
  } else if (blocked) {
    if (ct_as_layout(&k->v[1], &B, "B", &e) != CT_OK) return -1;
    ct_dot_print_layout(&B, buf, sizeof buf);
    snprintf(expr, sizeof expr, "logical_product(%s, %s)", k->arg[0], buf);
    have_b = 1;
  } else {
    snprintf(expr, sizeof expr, "zipped_product(%s, %s)", k->arg[0], k->arg[1]);
    if (k->v[1].kind == CT_V_LAYOUT) {
      B = k->v[1].l;
      have_b = 1;
    }
  }
  if (ct_dot_eval_layout(expr, &Z, &e) != CT_OK || ct_dot_sizes(&Z, &zsize, &zrows, &e) != CT_OK) return -1;
  if (zsize > CT_DOT_MAP || zsize != size) return -1;
  ct_ncopy = 0;
  for (i = 0; i < zsize; ++i) {
    int64_t off;
    int c = (int)(i / zrows);
    if (ct_l_eval(&Z, i, &off, &e) != CT_OK) return -1;
    {
      int have = ct_dot_copy_of(off);
      if (have >= 0 && have != c) return -1; /* two copies share an offset */
      if (have < 0) {
        ct_copy_off[ct_ncopy] = off;
        ct_copy_id[ct_ncopy++] = c;
      }
    }
  }
  snprintf(buf, sizeof buf, "A = %s", k->arg[0]);
  if (ct_dot_fill(&ct_p[0], &A, buf, &e) != CT_OK) return -1;
  ct_dot_set_all(&ct_p[0], 0);
  ct_dot_print_layout(R, buf, sizeof buf);
  snprintf(expr, sizeof expr, "%s(A, %s) = %s", k->name, tile ? k->arg[1] : "B", buf);
  if (ct_dot_fill(&ct_p[2], R, expr, &e) != CT_OK) return -1;
  for (i = 0; i < size; ++i) {
    int64_t off;
    int cell = ct_dot_cell(&ct_p[2], i), c;
    if (ct_l_eval(R, i, &off, &e) != CT_OK) return -1;
    c = ct_dot_copy_of(off);
    if (c < 0) return -1;
    if (cell >= 0) ct_p[2].grp[cell] = c;
  }
  if (have_b) {
    int64_t bsize, brows;
    snprintf(buf, sizeof buf, "B = %s", k->arg[1]);
    if (ct_dot_fill(&ct_p[1], &B, buf, &e) != CT_OK || ct_dot_sizes(&B, &bsize, &brows, &e) != CT_OK) return -1;
    int t, nd = ct_dot_visit(&ct_p[1], &drawn);
    for (t = 0; t < nd; ++t) {
      int cell = ct_dot_cell(&ct_p[1], drawn[t]);
      if (cell >= 0) ct_p[1].grp[cell] = (int)drawn[t];
    }
  }
  ct_dot_begin();
  printf("  { rank=same; A;%s }\n", have_b ? " B;" : "");
  ct_dot_panel_out("A", &ct_p[0]);
  if (have_b) ct_dot_panel_out("B", &ct_p[1]);
  ct_dot_panel_out("R", &ct_p[2]);
  snprintf(buf, sizeof buf, "%s(A, %s)", k->name, k->arg[1]);
  ct_dot_edge("A", "R", buf, 0);
  if (have_b) ct_dot_edge("B", "R", "", 1);
  ct_dot_end(have_b ? "Each copy of A in its own color: gray is copy 0 (A itself); copy j has the color of cell j of B."
                    : "Each copy of A in its own color: gray is copy 0 (A itself).");
  return 0;
}

/* complement(A[, M]): the codomain with A's image and each repetition */
static int ct_dot_complement(const ct_call *k, const ct_layout *R) {
  static ct_layout A;
  static char buf[CT_DOT_TEXT], expr[2 * CT_DOT_TEXT];
  int64_t asize, arows, rsize, rrows, i, j, span = 0, w;
  ct_panel *c = &ct_p[3];
  ct_err e;
  if (ct_as_layout(&k->v[0], &A, "A", &e) != CT_OK) return -1;
  if (ct_dot_sizes(&A, &asize, &arows, &e) != CT_OK || ct_dot_sizes(R, &rsize, &rrows, &e) != CT_OK) return -1;
  if (asize > CT_DOT_MAP || rsize > CT_DOT_MAP) return -1;
  for (i = 0; i < CT_DOT_MAP; ++i) ct_tile_of[i] = -1;
  for (j = 0; j < rsize; ++j)
    for (i = 0; i < asize; ++i) {
      int64_t a, r, o;
      if (ct_l_eval(&A, i, &a, &e) != CT_OK || ct_l_eval(R, j, &r, &e) != CT_OK) return -1;
      if (ct_add_ovf(a, r, &o) || o < 0 || o >= CT_DOT_MAP) return -1;
      if (o + 1 > span) span = o + 1;
      ct_tile_of[o] = (int)j;
    }
  /* the strip: one row up to 48 cells, else rows of CT_DOT_STRIP */
  w = span <= 48 ? span : CT_DOT_STRIP;
  c->rows = (span + w - 1) / w;
  c->cols = w;
  c->rank2 = 0;
  c->strip = span <= 48 ? 0 : w;
  c->limit = span;
  for (i = 0; i < c->rows && i < CT_DOT_MAX; ++i)
    for (j = 0; j < w; ++j) {
      int64_t o = i * w + j;
      c->val[i * CT_DOT_MAX + j] = o;
      c->grp[i * CT_DOT_MAX + j] = o < span && ct_tile_of[o] >= 0 ? ct_tile_of[o] : CT_G_NONE;
    }
  snprintf(c->caption, sizeof c->caption, "codomain [0, %lld): A's image and its repetitions", (long long)span);
  c->note[0] = '\0';
  snprintf(buf, sizeof buf, "A = %s", k->arg[0]);
  if (ct_dot_fill(&ct_p[0], &A, buf, &e) != CT_OK) return -1;
  ct_dot_set_all(&ct_p[0], 0);
  ct_dot_print_layout(R, buf, sizeof buf);
  snprintf(expr, sizeof expr, "R = %s", buf);
  if (ct_dot_fill(&ct_p[2], R, expr, &e) != CT_OK) return -1;
  for (j = 0; j < rsize; ++j) {
    int cell = ct_dot_cell(&ct_p[2], j);
    if (cell >= 0) ct_p[2].grp[cell] = (int)j;
  }
  ct_dot_begin();
  printf("  { rank=same; A; R; }\n");
  ct_dot_panel_out("A", &ct_p[0]);
  ct_dot_panel_out("R", &ct_p[2]);
  ct_dot_panel_out("C", c);
  snprintf(buf, sizeof buf, "%s(A%s%s)", k->name, k->nargs > 1 ? ", " : "", k->nargs > 1 ? k->arg[1] : "");
  ct_dot_edge("A", "R", buf, 0);
  ct_dot_edge("A", "C", "A(i)", 1);
  ct_dot_edge("R", "C", "+ R(j)", 1);
  ct_dot_end("Gray: A's image (repetition 0); repetition j, at offsets A(i) + R(j), has the color of R's cell j.");
  return 0;
}

/* coalesce, filter_zeros, filter (the same function, simpler), and
 * right_inverse, left_inverse (cells that invert each other share a color) */
static int ct_dot_unary(const ct_call *k, const ct_layout *R) {
  static ct_layout A;
  static char buf[CT_DOT_TEXT], expr[2 * CT_DOT_TEXT];
  const int64_t *drawn;
  int64_t asize, arows, rsize, rrows, i;
  int right = strcmp(k->name, "right_inverse") == 0, left = strcmp(k->name, "left_inverse") == 0;
  const char *legend = "The same offsets at the same indices: the result is the same function with fewer modes.";
  ct_err e;
  if (ct_as_layout(&k->v[0], &A, "A", &e) != CT_OK) return -1;
  if (ct_dot_sizes(&A, &asize, &arows, &e) != CT_OK || ct_dot_sizes(R, &rsize, &rrows, &e) != CT_OK) return -1;
  snprintf(buf, sizeof buf, "A = %s", k->arg[0]);
  if (ct_dot_fill(&ct_p[0], &A, buf, &e) != CT_OK) return -1;
  ct_dot_print_layout(R, buf, sizeof buf);
  snprintf(expr, sizeof expr, "R = %s", buf);
  if (ct_dot_fill(&ct_p[2], R, expr, &e) != CT_OK) return -1;
  if (right || left) {
    int ok = 1;
    ct_dot_set_all(&ct_p[0], CT_G_NONE);
    ct_dot_set_all(&ct_p[2], CT_G_NONE);
    /* right: A(R(i)) == i, pair A's cell R(i) with R's cell i;
     * left: R(A(j)) == j for an injective A, pair A's cell j with R's cell A(j) */
    int t, nd = ct_dot_visit(right ? &ct_p[2] : &ct_p[0], &drawn);
    for (t = 0; t < nd && ok; ++t) {
      int64_t x, back;
      const ct_layout *first = right ? R : &A, *second = right ? &A : R;
      int64_t second_size = right ? asize : rsize;
      i = drawn[t];
      if (ct_l_eval(first, i, &x, &e) != CT_OK) ok = 0;
      else if (x < 0 || x >= second_size) continue;
      else if (ct_l_eval(second, x, &back, &e) != CT_OK || back != i) ok = right ? 0 : 1;
      else {
        int a = ct_dot_cell(&ct_p[0], right ? x : i), r = ct_dot_cell(&ct_p[2], right ? i : x), g = (int)(i % 16);
        if (a >= 0) ct_p[0].grp[a] = g;
        if (r >= 0) ct_p[2].grp[r] = g;
      }
    }
    if (!ok) return -1;
    legend = right ? "A(R(i)) = i: cell i of R and the cell of A at index R(i) share a color."
                   : "R(A(j)) = j: cell j of A and the cell of R at index A(j) share a color.";
  }
  ct_dot_begin();
  ct_dot_panel_out("A", &ct_p[0]);
  ct_dot_panel_out("R", &ct_p[2]);
  snprintf(buf, sizeof buf, "%s(A%s%s)", k->name, k->nargs > 1 ? ", " : "", k->nargs > 1 ? k->arg[1] : "");
  ct_dot_edge("A", "R", buf, 0);
  ct_dot_end(legend);
  return 0;
}

/* linear_layout(A) = B (spec/linear.md): A's grid with the cells of the
 * indices 1, 2, 4, ... colored, their offsets the bases B. */
static int ct_dot_linear(const ct_call *k, const ct_value *B) {
  static ct_layout A;
  static char buf[CT_DOT_TEXT], bases[CT_DOT_TEXT / 2];
  int64_t size, rows, i;
  int b = 0;
  ct_err e;
  if (k->nargs != 1 || ct_as_layout(&k->v[0], &A, "A", &e) != CT_OK) return -1;
  if (ct_dot_sizes(&A, &size, &rows, &e) != CT_OK) return -1;
  ct_print_value(B, bases, sizeof bases);
  snprintf(buf, sizeof buf, "linear_layout(%.200s) = %s", k->arg[0], bases);
  if (ct_dot_fill(&ct_p[0], &A, buf, &e) != CT_OK) return -1;
  ct_dot_set_all(&ct_p[0], CT_G_NONE);
  for (i = 1; i < size; i *= 2, ++b) {
    int cell = ct_dot_cell(&ct_p[0], i);
    if (cell >= 0) ct_p[0].grp[cell] = b % 16;
  }
  ct_dot_begin();
  ct_dot_panel_out("A", &ct_p[0]);
  ct_dot_end("The colored cells are the indices 1, 2, 4, ...: their offsets are the bases. Every other offset is "
             "the XOR of the bases of its index's bits (LIN-1).");
  return 0;
}

/* ---- trees ------------------------------------------------------------------ */

static void ct_dot_tree_node(const ct_tuple *s, const ct_tuple *d, int i, int *next, const char *parent, int child) {
  char id[16], txt[64];
  int me = (*next)++;
  snprintf(id, sizeof id, "n%d", me);
  if (s->nd[i].kind == CT_TUPLE) {
    int c;
    printf("  %s [shape=circle, width=0.22, fixedsize=true, label=\"\", style=filled, fillcolor=\"#bbbbbb\", "
           "color=\"#888888\"];\n",
           id);
    if (parent) printf("  %s -> %s [label=\"%d\", arrowhead=none];\n", parent, id, child);
    for (c = 0; c < s->nd[i].rank; ++c)
      ct_dot_tree_node(s, d, ct_t_child(s, i, c), next, id, c);
    return;
  }
  if (s->nd[i].kind == CT_ALL) snprintf(txt, sizeof txt, "_");
  else if (d) {
    char a[32], b[32];
    ct_print_tuple(s, i, a, sizeof a);
    ct_print_tuple(d, i, b, sizeof b);
    snprintf(txt, sizeof txt, "%s:%s", a, b);
  } else
    ct_print_tuple(s, i, txt, sizeof txt);
  printf("  %s [shape=box, style=\"rounded,filled\", fillcolor=\"#dbe9f6\", color=\"#7a9cc6\", label=", id);
  ct_dot_quoted(txt);
  printf("];\n");
  if (parent) printf("  %s -> %s [label=\"%d\", arrowhead=none];\n", parent, id, child);
}

static int ct_dot_tree(const ct_value *v, const char *caption) {
  int next = 0;
  if (v->kind != CT_V_TUPLE && v->kind != CT_V_LAYOUT && v->kind != CT_V_TILER) {
    fprintf(stderr, "cuteref: dot: the value is a %s, not an IntTuple or a layout: nothing to draw\n",
            v->kind == CT_V_BOOL ? "boolean" : "name");
    return 1;
  }
  printf("digraph cuteref {\n");
  printf("  graph [rankdir=TB, nodesep=0.25, ranksep=0.3, pad=0.15, bgcolor=\"white\", fontname=\"Helvetica\", "
         "fontsize=11, labelloc=t, labeljust=l];\n");
  printf("  node [fontname=\"Helvetica\", fontsize=10, height=0.3];\n");
  printf("  edge [fontname=\"Helvetica\", fontsize=8, color=\"#808080\", fontcolor=\"#808080\"];\n");
  printf("  label=");
  ct_dot_quoted(caption);
  printf(";\n");
  ct_dot_tree_node(&v->l.shape, v->kind == CT_V_TUPLE ? 0 : &v->l.stride, 0, &next, 0, 0);
  printf("}\n");
  return 0;
}

/* ---- the command ------------------------------------------------------------ */

/* Whether an IntTuple can stand for the compact layout of a shape: every
 * leaf a positive integer. A coordinate with a 0, a `_` or a basis element
 * (spec/basis.md: L(i) of a layout with basis strides) is not a shape and is
 * drawn as a tree instead. */
static int ct_dot_is_shape(const ct_tuple *t) {
  int j;
  for (j = 0; j < t->n; ++j)
    if (t->nd[j].kind != CT_TUPLE && (t->nd[j].kind != CT_INT || t->nd[j].v <= 0)) return 0;
  return 1;
}

/* A composed layout (or, with --bank, a layout): its values C(c) on the
 * inner layout's grid, each colored by its 16-byte chunk (spec/atoms.md). */
static int ct_dot_banked(const ct_value *v, const char *caption) {
  static ct_layout L;
  ct_panel *p = &ct_p[0];
  int64_t size, rows, r, c;
  ct_err e;
  if (v->kind == CT_V_COMPOSED) L = v->c.inner;
  else if (ct_as_layout(v, &L, "dot's argument", &e) != CT_OK) return ct_dot_fail(&e);
  if (ct_dot_sizes(&L, &size, &rows, &e) != CT_OK) return ct_dot_fail(&e);
  snprintf(p->caption, sizeof p->caption, "%.16000s", caption); /* a caption is cut at 16000 characters */
  snprintf(p->note, sizeof p->note, "colors: 16-byte chunk of a 128-byte row, %lld-bit elements%s",
           (long long)ct_dot_bits, ct_dot_bits_known ? "" : " assumed: --bank B for another width");
  p->rows = rows;
  p->cols = size / rows;
  p->rank2 = ct_l_rank(&L) >= 2;
  p->strip = 0;
  p->limit = 0;
  for (r = 0; r < rows && r < CT_DOT_MAX; ++r)
    for (c = 0; c < p->cols && c < CT_DOT_MAX; ++c) {
      int k = (int)(r * CT_DOT_MAX + c);
      int64_t i = p->rank2 ? r + rows * c : c;
      ct_code rc = v->kind == CT_V_COMPOSED ? ct_cl_eval(&v->c, i, &p->val[k], &e) : ct_l_eval(&L, i, &p->val[k], &e);
      if (rc != CT_OK) return ct_dot_fail(&e);
      p->grp[k] = CT_G_CHUNK;
      p->past[k] = 0;
    }
  ct_dot_begin();
  ct_dot_panel_out("R", p);
  ct_dot_end("");
  return 0;
}

int ct_cmd_dot(int argc, char **argv) {
  static ct_value v;
  static ct_call k;
  static ct_layout R;
  static char buf[CT_DOT_TEXT], cap[2 * CT_DOT_TEXT];
  int plain = 0, tree = 0, bank = 0, is_call;
  const char *text, *tv = 0;
  ct_err e;
  while (argc > 1 && argv[0][0] == '-' && argv[0][1] == '-') {
    if (ct_dot_tv_option(argv[0])) return ct_dot_tv_command(argc, argv); /* cmd_dot_atom.c */
    if (strcmp(argv[0], "--plain") == 0) plain = 1;
    else if (strcmp(argv[0], "--tree") == 0) tree = 1;
    else if (strcmp(argv[0], "--bank") == 0 && argc > 2) {
      char *end;
      ct_dot_bits = strtoll(argv[1], &end, 10);
      if (*end || end == argv[1] || ct_dot_bits < 1 || ct_dot_bits > 1024)
        return ct_usage_error("dot: --bank takes an element width in bits, got '%s'", argv[1]);
      bank = 1;
      ct_dot_bits_known = 1;
      --argc;
      ++argv;
    }
    else if (strcmp(argv[0], "--tv") == 0 && argc > 2) {
      tv = argv[1];
      --argc;
      ++argv;
    }
    else return ct_unknown_option("dot", ct_help_dot, argv[0]);
    --argc;
    ++argv;
  }
  if (argc != 1) return ct_usage_error("%s", "dot takes one expression (and --plain, --tree, --bank B or --tv TILE)");
  text = argv[0];
  if (tv) return ct_dot_tv(tv, text);
  if (ct_eval(text, &v, &e) != CT_OK) {
    ct_report_error(text, &e);
    return 1;
  }
  is_call = ct_dot_split(text, &k);
  if (!tree && !plain && is_call && ct_find_builtin(k.name) && ct_find_builtin(k.name)->draw == CT_DRAW_LINEAR &&
      ct_dot_linear(&k, &v) == 0)
    return 0;
  if (tree || v.kind == CT_V_TILER || (v.kind == CT_V_TUPLE && (is_call || !ct_dot_is_shape(&v.l.shape)))) {
    ct_print_value(&v, buf, sizeof buf);
    if (is_call) snprintf(cap, sizeof cap, "%s = %s", text, buf);
    else snprintf(cap, sizeof cap, "%s", buf);
    return ct_dot_tree(&v, cap);
  }
  if (!bank && is_call) { /* an atom names its element width (issue 39: a 16-bit atom was drawn as 8-bit) */
    const ct_op *op = ct_find_op(k.name);
    int at = op && op->atom_bits > 0 && k.nargs >= op->atom_bits ? op->atom_bits - 1 : -1; /* the row says which */
    if (at >= 0) {
      char *end;
      long long b = strtoll(k.arg[at][0] == '_' ? k.arg[at] + 1 : k.arg[at], &end, 10);
      if (*end == '\0' && b >= 1 && b <= 1024) {
        ct_dot_bits = b;
        ct_dot_bits_known = 1;
      }
    }
  }
  if (bank || v.kind == CT_V_COMPOSED) {
    ct_print_value(&v, buf, sizeof buf);
    if (is_call) snprintf(cap, sizeof cap, "%s = %s", text, buf);
    else snprintf(cap, sizeof cap, "%s", buf);
    return ct_dot_banked(&v, cap);
  }
  if (v.kind == CT_V_LAYOUT && ct_v_has_basis(&v)) { /* values are coordinate tuples (cmd_dot_basis.c) */
    ct_print_layout(&v.l, buf, sizeof buf);
    if (is_call) snprintf(cap, sizeof cap, "%s = %s", text, buf);
    else snprintf(cap, sizeof cap, "%s", buf);
    return ct_dot_basis(&v.l, cap);
  }
  if (ct_as_layout(&v, &R, "dot's argument", &e) != CT_OK) {
    ct_report_error(text, &e);
    return 1;
  }
  if (!plain && is_call && k.nargs >= 1 && ct_find_builtin(k.name)) {
    int r = -1, draw = ct_find_builtin(k.name)->draw; /* the registry says how (cli/registry.c) */
    if (draw == CT_DRAW_COMPOSITION && k.nargs == 2) r = ct_dot_composition(&k, &R);
    else if (draw == CT_DRAW_DIVIDE && k.nargs == 2) r = ct_dot_divide(&k, &R);
    else if (draw == CT_DRAW_PRODUCT && k.nargs >= 2) r = ct_dot_product(&k, &R);
    else if (draw == CT_DRAW_COMPLEMENT) r = ct_dot_complement(&k, &R);
    else if (draw == CT_DRAW_UNARY) r = ct_dot_unary(&k, &R);
    if (r >= 0) return r;
    /* no operation picture (too large, or colors not checkable): the result alone */
  }
  ct_print_layout(&R, buf, sizeof buf);
  if (is_call) snprintf(cap, sizeof cap, "%s = %s", text, buf);
  else snprintf(cap, sizeof cap, "%s", buf);
  return ct_dot_plain(&R, cap);
}
