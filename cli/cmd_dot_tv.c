/* cmd_dot_tv.c -- `cuteref dot --tv TILE EXPR`: a thread-value (TV) layout
 * drawn as the grid of the tile it covers, each cell labelled T#V# (the
 * thread and value that own it), as CUTLASS users know it from print_latex.
 *
 * A TV layout maps (thread, value) to an offset into a tile: mode 0 of EXPR
 * is the thread (size T), the other modes the value (size V), so L(t, v) is
 * L at the index t + T*v. The offset is a coordinate of the tile TILE (an
 * IntTuple), read column-major: row = offset mod size(mode 0 of TILE),
 * column = offset / that. Cells are colored by thread (t mod 8); a cell that
 * several (t, v) reach shows the first and how many more. Nothing here is
 * part of the reference. */
#include "commands.h"
#include "dot_basis.h"
#include "eval.h"

#include <stdio.h>
#include <string.h>

#define CT_TV_MAX 64               /* rows and columns of the tile */
#define CT_TV_CELLS (CT_TV_MAX * CT_TV_MAX)

/* Thread colors (t mod 8), light enough for black labels. */
static const char *const ct_tv_colors[8] = {"#afafff", "#afffaf", "#ffafaf", "#ffffaf",
                                            "#afffff", "#ffafff", "#d7d7d7", "#ffd7af"};

typedef struct {
  int64_t t, v; /* the first (thread, value) at the cell; t < 0: none */
  int more;     /* how many other (thread, value) pairs reach it */
} ct_tv_cell;

static ct_tv_cell ct_tv[CT_TV_CELLS];

static int ct_tv_fail(const char *expr, const ct_err *e) {
  ct_report_error(expr, e);
  return 1;
}

static int ct_tv_usage(const char *msg, const char *arg) {
  fprintf(stderr, "cuteref: dot --tv: ");
  fprintf(stderr, msg, arg);
  fprintf(stderr, "\n");
  return 1;
}

int ct_dot_tv(const char *tile_text, const char *expr) {
  static ct_value tv, tile;
  static ct_layout L;
  static char buf[4096];
  const ct_tuple *ts;
  ct_val tsize, tmode0, lsize, lmode0;
  int64_t rows, cols, T, V, t, v, unreached = 0, shared = 0;
  ct_err e;
  if (ct_eval(tile_text, &tile, &e) != CT_OK) return ct_tv_fail(tile_text, &e);
  if (ct_as_tuple(&tile, &ts, "the tile of --tv", &e) != CT_OK) return ct_tv_fail(tile_text, &e);
  if (ct_t_product(ts, 0, &tsize, &e) != CT_OK) return ct_tv_fail(tile_text, &e);
  if (ts->nd[0].kind == CT_TUPLE) {
    if (ct_t_product(ts, ct_t_child(ts, 0, 0), &tmode0, &e) != CT_OK) return ct_tv_fail(tile_text, &e);
    rows = ts->nd[0].rank >= 2 ? tmode0.v : 1;
  } else
    rows = 1;
  cols = rows > 0 ? tsize.v / rows : 0;
  if (rows < 1 || cols < 1 || rows > CT_TV_MAX || cols > CT_TV_MAX)
    return ct_tv_usage("the tile '%s' must have between 1 and 64 rows and columns", tile_text);
  if (ct_eval(expr, &tv, &e) != CT_OK) return ct_tv_fail(expr, &e);
  if (ct_as_layout(&tv, &L, "the TV layout", &e) != CT_OK) return ct_tv_fail(expr, &e);
  if (ct_l_rank(&L) < 2) return ct_tv_usage("'%s' has one mode; a TV layout is (thread, value) -> offset", expr);
  if (ct_l_size(&L, &lsize, &e) != CT_OK) return ct_tv_fail(expr, &e);
  if (ct_t_product(&L.shape, ct_t_child(&L.shape, 0, 0), &lmode0, &e) != CT_OK) return ct_tv_fail(expr, &e);
  T = lmode0.v;
  V = T > 0 ? lsize.v / T : 0;
  if (T < 1 || V < 1 || lsize.v > 65536) return ct_tv_usage("'%s' must have 1 to 65536 (thread, value) pairs", expr);
  for (t = 0; t < CT_TV_CELLS; ++t) {
    ct_tv[t].t = -1;
    ct_tv[t].more = 0;
  }
  for (v = 0; v < V; ++v)
    for (t = 0; t < T; ++t) {
      int64_t off = 0;
      ct_tv_cell *c;
      if (ct_l_eval(&L, t + T * v, &off, &e) != CT_OK) return ct_tv_fail(expr, &e);
      if (off < 0 || off >= rows * cols) {
        fprintf(stderr, "cuteref: dot --tv: thread %lld value %lld maps to offset %lld, outside the tile %s (size %lld)\n",
                (long long)t, (long long)v, (long long)off, tile_text, (long long)(rows * cols));
        return 1;
      }
      c = &ct_tv[(off % rows) * CT_TV_MAX + off / rows];
      if (c->t < 0) {
        c->t = t;
        c->v = v;
      } else {
        if (c->more == 0) ++shared;
        ++c->more;
      }
    }
  ct_print_layout(&L, buf, sizeof buf);
  printf("digraph cuteref {\n");
  printf("  graph [pad=0.15, bgcolor=\"white\", fontname=\"Helvetica\", fontsize=11, labeljust=l];\n");
  printf("  node [shape=plaintext, fontname=\"Helvetica\", fontsize=9];\n");
  printf("  TV [label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">\n");
  printf("    <TR><TD ALIGN=\"LEFT\"><FONT POINT-SIZE=\"11\">");
  ct_dot_html(buf);
  printf(": (thread, value) -&gt; tile ");
  ct_dot_html(tile_text);
  printf(" (%lld threads, %lld values each)</FONT></TD></TR>\n", (long long)T, (long long)V);
  printf("    <TR><TD ALIGN=\"LEFT\"><TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"3\">\n");
  printf("    <TR><TD BORDER=\"0\"></TD>");
  for (v = 0; v < cols; ++v)
    printf("<TD BORDER=\"0\"><FONT POINT-SIZE=\"8\" COLOR=\"#808080\">%lld</FONT></TD>", (long long)v);
  printf("</TR>\n");
  for (t = 0; t < rows; ++t) {
    int64_t c;
    printf("    <TR><TD BORDER=\"0\" ALIGN=\"RIGHT\"><FONT POINT-SIZE=\"8\" COLOR=\"#808080\">%lld</FONT></TD>",
           (long long)t);
    for (c = 0; c < cols; ++c) {
      const ct_tv_cell *x = &ct_tv[t * CT_TV_MAX + c];
      if (x->t < 0) {
        printf("<TD BGCOLOR=\"#ffffff\" COLOR=\"#606060\" WIDTH=\"34\" HEIGHT=\"30\"></TD>");
        ++unreached;
        continue;
      }
      printf("<TD BGCOLOR=\"%s\" COLOR=\"#606060\" WIDTH=\"34\" HEIGHT=\"30\">T%lld<BR/>V%lld", ct_tv_colors[x->t % 8],
             (long long)x->t, (long long)x->v);
      if (x->more) printf("<BR/><FONT POINT-SIZE=\"7\">+%d</FONT>", x->more);
      printf("</TD>");
    }
    printf("</TR>\n");
  }
  printf("    </TABLE></TD></TR>\n  </TABLE>>];\n");
  printf("  label=\"Cell (m, n) holds T#V#: thread # owns it as its value #; colors by thread (t mod 8).");
  if (shared) printf(" +k: k more (thread, value) pairs reach the cell (%lld cells).", (long long)shared);
  if (unreached) printf(" White: no (thread, value) reaches the cell (%lld cells).", (long long)unreached);
  printf("\";\n  labelloc=b;\n}\n");
  return 0;
}
