/* cmd_dot_tv.c -- thread-value (TV) grids: `cuteref dot --tv TILE EXPR`, and
 * the panels that --tv2, --atom, --tiled-mma and --partition draw
 * (cmd_dot_atom.c, dot_tv.h), as CUTLASS users know them from print_latex.
 *
 * A TV layout maps (thread, value) to an element of a tile: mode 0 is the
 * thread (size T), the other modes the value (size V), so L(t, v) is L at
 * the index t + T*v. The tile is drawn as a grid: a grid layout G maps the
 * cell (r, c), index r + rows*c, to an element (for a shape TILE, G is its
 * compact column-major layout: row = element mod rows). Each cell is
 * labelled T#V#, the first (thread, value) that reaches it, and "+k" when k
 * more do (a replicated operand); a cell no pair reaches is white. With a
 * unit u > 1 (the bits of one element: copy atoms count bits, spec/copy.md),
 * the pairs with v mod u == 0 are drawn, element L(t, v) / u, value v / u.
 * Nothing here is part of the reference. */
#include "commands.h"
#include "dot_basis.h"
#include "dot_tv.h"
#include "eval.h"

#include <stdio.h>
#include <string.h>

#define CT_TV_MAX 64                      /* rows (unless the panel's max_rows says more) and columns drawn */
#define CT_TV_ROWS 256                    /* the most rows a panel's max_rows may ask for */
#define CT_TV_CELLS (CT_TV_ROWS * CT_TV_MAX)
#define CT_TV_ELEMS 65536                 /* elements of a tile */
#define CT_TV_PAIRS (1 << 22)             /* (thread, value) pairs visited per panel */
#define CT_TV_ROW_PT 1300                 /* panels side by side up to this width (points) */

/* CUTLASS print_latex's eight thread colors (t mod 8), light enough for black labels. */
static const char *const ct_tv_t8[8] = {"#afafff", "#afffaf", "#ffafaf", "#ffffaf",
                                        "#afffff", "#ffafff", "#d7d7d7", "#ffd7af"};
/* One color per threadID_in_group (lane mod 4), the index in which the PTX
 * ISA's fragment tables are written (9.7.14.5, "Matrix Fragments for
 * mma.m16n8k16" and its neighbours: T0..T3 of a group of four). The
 * figures' own colors were not at hand when this was written: the four
 * colors are ours, not copied from them. */
static const char *const ct_tv_ptx[4] = {"#b7dfa5", "#a9cdee", "#f6cf99", "#e0b8e6"};

typedef struct {
  int64_t t, v; /* the first (thread, value) at the cell; t < 0: none */
  int more;     /* how many other (thread, value) pairs reach it */
} ct_tv_cell;

static ct_tv_cell ct_tv[CT_TV_CELLS];
static int ct_tv_inv[CT_TV_ELEMS]; /* element -> cell (r*CT_TV_MAX + c), -2 past the window */

static const char *ct_tv_color(const ct_tv_panel *p, int64_t t) {
  if (p->palette == CT_TV_PAL_PTX) return ct_tv_ptx[(t % 32) % 4];
  if (p->palette == CT_TV_PAL_GROUP && p->group && t < p->groups_T) return ct_tv_t8[p->group[t] % 8];
  return ct_tv_t8[t % 8];
}

/* The rows a panel draws at most (its max_rows, else CT_TV_MAX). */
static int64_t ct_tv_rows_max(const ct_tv_panel *p) {
  return p->max_rows > 0 ? (p->max_rows < CT_TV_ROWS ? p->max_rows : CT_TV_ROWS) : CT_TV_MAX;
}

int ct_tv_eval_layout(const char *text, ct_layout *out, int shape_ok) {
  static ct_value v;
  const ct_tuple *s;
  ct_err e;
  if (ct_eval(text, &v, &e) != CT_OK) goto fail;
  if (shape_ok == 2 || (shape_ok && v.kind == CT_V_TUPLE)) {
    if (ct_as_tuple(&v, &s, "the tile", &e) != CT_OK || ct_l_compact_left(s, out, &e) != CT_OK) goto fail;
    return 0;
  }
  if (ct_as_layout(&v, out, "the layout", &e) == CT_OK) return 0;
fail:
  ct_report_error(text, &e);
  return 1;
}

static int ct_tv_err(const char *what, const char *msg) {
  fprintf(stderr, "cuteref: dot: %s: %s\n", what, msg);
  return 1;
}

/* The sizes of L's mode 0 and of the rest: (threads, values) or (rows, cols). */
static int ct_tv_modes(const ct_layout *L, int64_t *m0, int64_t *rest) {
  ct_val s, s0;
  ct_err e;
  if (ct_l_size(L, &s, &e) != CT_OK) return 1;
  if (ct_l_rank(L) < 2) {
    *m0 = 1; /* rank 1: one row (a grid) */
    *rest = s.v;
    return 0;
  }
  if (ct_t_product(&L->shape, ct_t_child(&L->shape, 0, 0), &s0, &e) != CT_OK || s0.v < 1) return 1;
  *m0 = s0.v;
  *rest = s.v / s0.v;
  return 0;
}

/* The cells of one panel: ct_tv[] and its counts. */
static int ct_tv_fill(const ct_tv_panel *p, int64_t rows, int64_t cols, int64_t *shared, int64_t *empty) {
  int64_t T, V, t, v, i, n = rows * cols, rm = ct_tv_rows_max(p);
  ct_err e;
  if (p->table) {
    T = p->T;
    V = p->V;
  } else if (ct_tv_modes(p->tv, &T, &V) || ct_l_rank(p->tv) < 2)
    return ct_tv_err(p->title, "a TV layout has two modes, (thread, value) -> element");
  if (T * V / p->unit > CT_TV_PAIRS) return ct_tv_err(p->title, "more than 2^22 (thread, value) pairs to draw");
  for (i = 0; i < n; ++i) ct_tv_inv[i] = -1;
  for (i = 0; i < n; ++i) {
    int64_t r = i % rows, c = i / rows, x;
    if (ct_l_eval(p->grid, i, &x, &e) != CT_OK || x < 0 || x >= n || ct_tv_inv[x] != -1)
      return ct_tv_err(p->title, "the grid is no bijection onto the tile's elements");
    ct_tv_inv[x] = r < rm && c < CT_TV_MAX ? (int)(r * CT_TV_MAX + c) : -2;
  }
  for (i = 0; i < CT_TV_CELLS; ++i) {
    ct_tv[i].t = -1;
    ct_tv[i].more = 0;
  }
  *shared = 0;
  for (v = 0; v < V; v += p->unit)
    for (t = 0; t < T; ++t) {
      int64_t off;
      ct_tv_cell *c;
      if (p->table) {
        off = p->table[t + T * v];
        if (off < 0) continue;
      } else if (ct_l_eval(p->tv, t + T * v, &off, &e) != CT_OK)
        return ct_tv_err(p->title, e.msg);
      if (off % p->unit != 0 || off < 0 || off / p->unit >= n) {
        fprintf(stderr, "cuteref: dot: %s: thread %lld value %lld maps to %lld, outside the tile (%lld elements%s)\n",
                p->title, (long long)t, (long long)(v / p->unit), (long long)off, (long long)n,
                p->unit > 1 ? ", or not at an element's first bit" : "");
        return 1;
      }
      if (ct_tv_inv[off / p->unit] < 0) continue; /* past the drawn window */
      c = &ct_tv[ct_tv_inv[off / p->unit]];
      if (c->t < 0) {
        c->t = t;
        c->v = v / p->unit;
      } else {
        if (c->more == 0) ++*shared;
        ++c->more;
      }
    }
  *empty = 0;
  for (i = 0; i < n; ++i)
    if (ct_tv_inv[i] >= 0 && ct_tv[ct_tv_inv[i]].t < 0) ++*empty;
  return 0;
}

static int ct_tv_digits(int64_t v) {
  int n = 1;
  while (v >= 10) {
    v /= 10;
    ++n;
  }
  return n;
}

/* A caption line, escaped, under a width: long lines are cut with "...". */
static void ct_tv_line(const char *s, int cap) {
  char buf[600];
  int n = (int)strlen(s);
  if (n > cap && cap > 3) {
    snprintf(buf, sizeof buf, "%.*s...", cap - 3, s);
    ct_dot_html(buf);
  } else
    ct_dot_html(s);
}

/* One panel as a cell of the outer table: captions, then the grid. */
static int ct_tv_panel_out(int k, const ct_tv_panel *p, int64_t *shared, int64_t *empty, int64_t *width_pt) {
  int64_t rows, cols, r, c, dr, dc;
  int w = p->compact ? 24 : 22, h = p->compact ? 16 : 24;
  if (ct_tv_modes(p->grid, &rows, &cols) || rows * cols > CT_TV_ELEMS || rows * cols < 1)
    return ct_tv_err(p->title, "the tile must have 1 to 65536 elements");
  if (ct_tv_fill(p, rows, cols, shared, empty)) return 1;
  dr = rows < ct_tv_rows_max(p) ? rows : ct_tv_rows_max(p);
  dc = cols < CT_TV_MAX ? cols : CT_TV_MAX;
  *width_pt = (dc + 1) * (w + 2);
  printf("  P%d [label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">\n", k);
  printf("    <TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\"><B>");
  ct_tv_line(p->title, 120);
  printf("</B>");
  if (p->sub[0]) { /* "EXPR = LAYOUT" on two lines, each cut to the grid's width */
    const char *eq = strstr(p->sub, ") = ");
    if (eq) ++eq; /* split after a call only */
    int cap = (int)(*width_pt / 5 > 40 ? *width_pt / 5 : 40);
    char head[512];
    snprintf(head, sizeof head, "%.*s", eq ? (int)(eq - p->sub) : (int)strlen(p->sub), p->sub);
    printf("<BR/><FONT POINT-SIZE=\"9\" COLOR=\"#404040\">");
    ct_tv_line(head, cap);
    if (eq) {
      printf("<BR/>");
      ct_tv_line(eq + 1, cap);
    }
    printf("</FONT>");
  }
  if (dr < rows || dc < cols) { /* what is left out, said: rows dr.., columns dc.. */
    printf("<BR/><FONT POINT-SIZE=\"9\" COLOR=\"#a03030\">(%lld x %lld shown of %lld x %lld:", (long long)dr,
           (long long)dc, (long long)rows, (long long)cols);
    if (dr < rows) printf(" rows %lld..%lld", (long long)dr, (long long)(rows - 1));
    if (dr < rows && dc < cols) printf(" and");
    if (dc < cols) printf(" columns %lld..%lld", (long long)dc, (long long)(cols - 1));
    printf(" not drawn)</FONT>");
  }
  printf("</TD></TR>\n");
  printf("    <TR><TD ALIGN=\"LEFT\" VALIGN=\"TOP\"><TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"2\">\n");
  printf("    <TR><TD BORDER=\"0\">");
  if (p->row_name && p->col_name) /* the axes: rows down, columns across */
    printf("<FONT POINT-SIZE=\"8\" COLOR=\"#606060\">%s&#8595;%s&#8594;</FONT>", p->row_name, p->col_name);
  printf("</TD>");
  for (c = 0; c < dc; ++c)
    printf("<TD BORDER=\"0\"><FONT POINT-SIZE=\"8\" COLOR=\"#808080\">%lld</FONT></TD>", (long long)c);
  printf("</TR>\n");
  for (r = 0; r < dr; ++r) {
    printf("    <TR><TD BORDER=\"0\" ALIGN=\"RIGHT\"><FONT POINT-SIZE=\"8\" COLOR=\"#808080\">%lld</FONT></TD>",
           (long long)r);
    for (c = 0; c < dc; ++c) {
      const ct_tv_cell *x = &ct_tv[r * CT_TV_MAX + c];
      if (x->t < 0) {
        printf("<TD BGCOLOR=\"#ffffff\" COLOR=\"#606060\" WIDTH=\"%d\" HEIGHT=\"%d\"></TD>", w, h);
        continue;
      }
      printf("<TD BGCOLOR=\"%s\" COLOR=\"#606060\" WIDTH=\"%d\" HEIGHT=\"%d\">T%lld", ct_tv_color(p, x->t), w, h,
             (long long)x->t);
      if (!p->compact) printf("<BR/>V%lld", (long long)x->v);
      if (x->more) printf("%s<FONT POINT-SIZE=\"8\">+%d</FONT>", p->compact ? "" : "<BR/>", x->more);
      printf("</TD>");
    }
    printf("</TR>\n");
  }
  printf("    </TABLE></TD></TR>\n  </TABLE>>];\n");
  return 0;
}

/* Text with '\n' as left-aligned lines of a label. */
static void ct_tv_lines(const char *s) {
  char buf[1024];
  while (*s) {
    const char *nl = strchr(s, '\n');
    int n = nl ? (int)(nl - s) : (int)strlen(s);
    snprintf(buf, sizeof buf, "%.*s", n < 1000 ? n : 1000, s);
    ct_dot_html(buf);
    printf("<BR ALIGN=\"LEFT\"/>");
    s += n + (nl ? 1 : 0);
  }
}

/* Each panel is a node of its own (a table nested in a table cell would be
 * stretched to the cell); panels of one row share a rank, in order. */
/* The width in points a panel's grid takes: its columns at the width of
 * the widest label (Graphviz widens a cell to its text; 9-point digits are
 * about 5 points wide), for deciding which panels share a row. */
static int64_t ct_tv_width(const ct_tv_panel *p, int64_t rows, int64_t cols) {
  int64_t r, c, chars = 0, rm = ct_tv_rows_max(p), dr = rows < rm ? rows : rm, dc = cols < CT_TV_MAX ? cols : CT_TV_MAX;
  int cell = p->compact ? 24 : 22;
  for (r = 0; r < dr; ++r)
    for (c = 0; c < dc; ++c) {
      const ct_tv_cell *x = &ct_tv[r * CT_TV_MAX + c];
      int64_t n = 1 + ct_tv_digits(x->t < 0 ? 0 : x->t), m = x->more ? 1 + ct_tv_digits(x->more) : 0;
      if (!p->compact) n = n > m ? n : m; /* T#, V# and +k on lines of their own */
      else n += m;
      if (n > chars) chars = n;
    }
  if (5 * chars + 6 > cell) cell = (int)(5 * chars + 6);
  return (dc + 1) * (cell + 2);
}

/* The first panel colored by its groups (CT_TV_PAL_GROUP), or 0. */
static const ct_tv_panel *ct_tv_key_panel(const ct_tv_panel *p, int n) {
  int i;
  for (i = 0; i < n; ++i)
    if (p[i].palette == CT_TV_PAL_GROUP && p[i].group && p[i].groups_T > 0) return &p[i];
  return 0;
}

/* The key of the groups' colors: one cell per group, at most 8 (the
 * palette's colors), each naming the threads of the group; with more
 * groups, a cell's color stands for every group g of that g mod 8. */
static void ct_tv_key(const ct_tv_panel *p) {
  int64_t g, t, ng = 0;
  const char *name = p->group_name ? p->group_name : "group";
  for (t = 0; t < p->groups_T; ++t)
    if (p->group[t] + 1 > ng) ng = p->group[t] + 1;
  printf("<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"3\"><TR>");
  printf("<TD BORDER=\"0\"><FONT POINT-SIZE=\"10\">Key (%lld %ss):</FONT></TD>", (long long)ng, name);
  for (g = 0; g < ng && g < 8; ++g) {
    int64_t first = -1, count = 0;
    for (t = 0; t < p->groups_T; ++t)
      if (p->group[t] % 8 == g) {
        if (first < 0) first = t;
        ++count;
      }
    printf("<TD BGCOLOR=\"%s\" COLOR=\"#606060\"><FONT POINT-SIZE=\"10\">%s %lld%s: %lld threads, T%lld first</FONT></TD>",
           ct_tv_t8[g], name, (long long)g, ng > 8 ? " (mod 8)" : "", (long long)count, (long long)first);
  }
  printf("</TR></TABLE>");
}

/* Each panel is a node of its own (a table nested in a table cell would be
 * stretched to the cell); panels of one row share a rank, in order, and a
 * row holds panels up to row_limit points wide (0: CT_TV_ROW_PT; -k: k
 * panels a row, whatever their width). */
int ct_tv_draw(const char *title, const ct_tv_panel *p, int n, const char *legend, int64_t row_limit) {
  int i, shared_any = 0, empty_any = 0, row0 = 0, per_row = row_limit < 0 ? (int)-row_limit : 0;
  int64_t row_pt = 0, rows, cols, shared, empty, wpt[8];
  const ct_tv_panel *key;
  if (n < 1 || n > 8) return ct_tv_err("dot", "1 to 8 panels");
  if (row_limit <= 0) row_limit = CT_TV_ROW_PT;
  for (i = 0; i < n; ++i) { /* every panel drawable before a line is written, and its width */
    if (ct_tv_modes(p[i].grid, &rows, &cols) || rows * cols > CT_TV_ELEMS || rows * cols < 1)
      return ct_tv_err(p[i].title, "the tile must have 1 to 65536 elements");
    if (ct_tv_fill(&p[i], rows, cols, &shared, &empty)) return 1;
    wpt[i] = ct_tv_width(&p[i], rows, cols);
  }
  printf("digraph cuteref {\n");
  printf("  graph [pad=0.15, nodesep=0.35, ranksep=0.2, bgcolor=\"white\", fontname=\"Helvetica\", fontsize=13, "
         "labelloc=t, labeljust=l, label=<");
  if (title && title[0]) ct_tv_line(title, 160);
  printf(">];\n");
  printf("  node [shape=plaintext, fontname=\"Helvetica\", fontsize=9];\n  edge [style=invis];\n");
  /* the panels in a borderless cluster whose label, under them, is the legend
   * (a legend node would pull the panels apart to center them over it) */
  printf("  subgraph cluster_panels {\n  peripheries=0; labelloc=b; labeljust=l; fontsize=10; fontcolor=\"#303030\";\n");
  for (i = 0; i < n; ++i) {
    int64_t w;
    if (ct_tv_panel_out(i, &p[i], &shared, &empty, &w)) return 1;
    shared_any |= shared > 0;
    empty_any |= empty > 0;
    row_pt += wpt[i];
    if (i + 1 < n) { /* the next panel: beside this one, or under the row's first when the row is full */
      if (per_row ? (i + 1) % per_row == 0 : row_pt + wpt[i + 1] > row_limit) {
        printf("  P%d -> P%d;\n", row0, i + 1);
        row0 = i + 1;
        row_pt = 0;
      } else
        printf("  { rank=same; P%d -> P%d; }\n", i, i + 1);
    }
  }
  printf("  label=<");
  key = ct_tv_key_panel(p, n);
  if (key) printf("<TABLE BORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\"><TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">");
  if (legend && legend[0]) ct_tv_lines(legend);
  if (shared_any) ct_tv_lines("+k: k more (thread, value) pairs hold the element too (replication).");
  if (empty_any) ct_tv_lines("White: no (thread, value) holds the element.");
  if (key) {
    printf("</TD></TR><TR><TD ALIGN=\"LEFT\">");
    ct_tv_key(key);
    printf("</TD></TR></TABLE>");
  }
  printf(">;\n  }\n}\n");
  return 0;
}

/* `cuteref dot --tv TILE EXPR`. */
int ct_dot_tv(const char *tile_text, const char *expr) {
  static ct_layout L, G;
  static ct_tv_panel p;
  static char buf[4096];
  int64_t T, V, rows, cols;
  if (ct_tv_eval_layout(tile_text, &G, 2) || ct_tv_eval_layout(expr, &L, 0)) return 1;
  if (ct_l_rank(&L) < 2) {
    fprintf(stderr, "cuteref: dot --tv: '%s' has one mode; a TV layout is (thread, value) -> offset\n", expr);
    return 1;
  }
  if (ct_tv_modes(&L, &T, &V) || ct_tv_modes(&G, &rows, &cols)) return ct_tv_err(expr, "no sizes");
  memset(&p, 0, sizeof p);
  ct_print_layout(&L, buf, sizeof buf);
  snprintf(p.title, sizeof p.title, "%.500s", expr);
  snprintf(p.sub, sizeof p.sub, "%.300s: (thread, value) -> tile %.100s (%lld threads, %lld values each)", buf, tile_text,
           (long long)T, (long long)V);
  p.tv = &L;
  p.grid = &G;
  p.unit = 1;
  p.palette = CT_TV_PAL_T8;
  return ct_tv_draw("", &p, 1,
                    "Cell (row, column) of the tile holds T#V#: thread # holds it as its value #.\n"
                    "Colors: the thread, t mod 8 (CUTLASS's print_latex).",
                    0);
}
