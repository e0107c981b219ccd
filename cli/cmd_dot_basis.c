/* cmd_dot_basis.c -- `cuteref dot` of a layout with basis strides
 * (spec/basis.md): a grid over the layout's domain, as for any layout, whose
 * cells hold the coordinate tuple L(i) instead of an offset. Cells are
 * shaded by the entry of L(i) on the first path (for an identity layout:
 * by row), so a reader sees which cells share a coordinate. */
#include "commands.h"
#include "dot_basis.h"
#include "ref/basis.h"
#include "ref/notation.h"

#include <stdio.h>
#include <string.h>

#define CT_DOTB_MAX 64 /* rows and columns drawn */

static const char *const ct_dotb_colors[8] = {"#dbe9f6", "#fde7c8", "#dcefd9", "#f6d5d5",
                                              "#e6def3", "#f3e3d3", "#f9dcec", "#e9e9e9"};

int ct_dot_basis(const ct_layout *L, const char *caption) {
  ct_val size, s0;
  ct_err e;
  ct_paths P;
  int64_t rows = 1, cols, r, c;
  ct_basis_paths(L, &P);
  if (ct_l_size(L, &size, &e) != CT_OK) {
    ct_report_error(0, &e);
    return 1;
  }
  if (ct_l_rank(L) >= 2) {
    if (ct_t_product(&L->shape, ct_t_child(&L->shape, 0, 0), &s0, &e) != CT_OK) {
      ct_report_error(0, &e);
      return 1;
    }
    rows = s0.v;
  }
  cols = size.v / rows;
  printf("digraph cuteref {\n");
  printf("  graph [rankdir=TB, pad=0.15, bgcolor=\"white\", fontname=\"Helvetica\", fontsize=11, labeljust=l];\n");
  printf("  node [shape=plaintext, fontname=\"Helvetica\", fontsize=10];\n");
  printf("  R [label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">\n");
  printf("    <TR><TD ALIGN=\"LEFT\">");
  ct_dot_html(caption);
  if (rows > CT_DOTB_MAX || cols > CT_DOTB_MAX)
    printf(" <FONT COLOR=\"#a03030\">(%d x %d shown of %lld x %lld)</FONT>", rows < CT_DOTB_MAX ? (int)rows : CT_DOTB_MAX,
           cols < CT_DOTB_MAX ? (int)cols : CT_DOTB_MAX, (long long)rows, (long long)cols);
  printf("</TD></TR>\n    <TR><TD ALIGN=\"LEFT\">"
         "<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"3\">\n    <TR><TD BORDER=\"0\"></TD>");
  for (c = 0; c < cols && c < CT_DOTB_MAX; ++c)
    printf("<TD BORDER=\"0\"><FONT POINT-SIZE=\"8\" COLOR=\"#808080\">%lld</FONT></TD>", (long long)c);
  printf("</TR>\n");
  for (r = 0; r < rows && r < CT_DOTB_MAX; ++r) {
    printf("    <TR><TD BORDER=\"0\" ALIGN=\"RIGHT\"><FONT POINT-SIZE=\"8\" COLOR=\"#808080\">%lld</FONT></TD>",
           (long long)r);
    for (c = 0; c < cols && c < CT_DOTB_MAX; ++c) {
      ct_tuple x, v;
      char txt[256];
      int64_t shade = 0;
      ct_t_set_int(&x, r + rows * c, 0);
      if (ct_basis_eval(&x, L, &v, &e) != CT_OK) {
        ct_report_error(0, &e);
        return 1;
      }
      if (P.n > 0) { /* the entry on the first path */
        int k, i = 0;
        for (k = 0; k < P.p[0].rank && i >= 0; ++k) i = ct_t_mode(&v, i, ct_basis_index(&P.p[0], k));
        if (i >= 0) shade = v.nd[i].v;
      } else {
        shade = v.nd[0].v;
      }
      ct_print_tuple(&v, 0, txt, sizeof txt);
      printf("<TD BGCOLOR=\"%s\" COLOR=\"#606060\" HEIGHT=\"20\">", ct_dotb_colors[((shade % 8) + 8) % 8]);
      ct_dot_html(txt);
      printf("</TD>");
    }
    printf("</TR>\n");
  }
  printf("    </TABLE></TD></TR>\n  </TABLE>>];\n}\n");
  return 0;
}
