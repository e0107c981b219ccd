/* dot_tv.h -- thread-value (TV) grids for `cuteref dot` (cmd_dot_tv.c):
 * the one drawing that --tv, --tv2, --atom, --tiled-mma and --partition
 * share (cmd_dot_atom.c). A panel is the grid of a tile, each cell labelled
 * with the (thread, value) that holds it; several panels sit side by side in
 * one picture. Nothing here is part of the reference. */
#ifndef CT_DOT_TV_H
#define CT_DOT_TV_H

#include "ref/layout.h"

/* How cells are colored (the legend says which). */
enum {
  CT_TV_PAL_T8,   /* thread mod 8, CUTLASS's print_latex colors */
  CT_TV_PAL_PTX,  /* threadID_in_group (lane mod 4, PTX 9.7.14.5's name); our colors */
  CT_TV_PAL_GROUP /* the panel's group[t] (a tiled MMA's atom), print_latex's colors, with a key */
};

typedef struct {
  char title[512];      /* the panel's caption (plain text; escaped when drawn) */
  char sub[512];        /* a second caption line: the layout, printed */
  const char *row_name; /* "m", "n", ... : the axis down the rows, or 0 */
  const char *col_name; /* the axis across the columns, or 0 */
  const ct_layout *tv;  /* (thread, value) -> element index * unit */
  const ct_layout *grid;/* cell (r, c) -> element index: rows = size(mode 0) */
  int64_t unit;         /* offsets and values per element (16 for bits of b16), >= 1 */
  int compact;          /* label cells T# only */
  int palette;          /* CT_TV_PAL_* */
  const int64_t *table; /* instead of tv: element * unit at t + T*v (< 0: none) */
  int64_t T, V;         /* the table's threads and values */
  const int64_t *group; /* CT_TV_PAL_GROUP: thread t's group, t < groups_T */
  int64_t groups_T;     /* the threads group[] covers */
  const char *group_name; /* the key's word for a group ("atom") */
  int64_t max_rows;     /* rows drawn (0: 64; at most 256); columns: 64 */
} ct_tv_panel;

/* A picture of 1 to 8 panels (side by side, a new row where a row would
 * pass row_limit points; 0: 1300; -k: a new row after every k panels), a
 * title line above and a legend under
 * them (and, where a panel is colored by CT_TV_PAL_GROUP, a key of the
 * groups' colors); prints Graphviz DOT and returns the exit status: 0, or 1 with the
 * reason on stderr (and nothing on stdout). */
int ct_tv_draw(const char *title, const ct_tv_panel *p, int n, const char *legend, int64_t row_limit);

/* text evaluated as a layout; with shape_ok 1 a shape is its compact
 * column-major layout, with 2 only a shape is taken. 0 on success, else 1
 * with the error reported. */
int ct_tv_eval_layout(const char *text, ct_layout *out, int shape_ok);

#endif
