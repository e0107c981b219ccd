/* cmd_show.c -- `cuteref show EXPR`: a layout's properties and, for rank-1
 * and rank-2 layouts, its table of offsets (like CuTe's print_layout). */
#include "commands.h"
#include "suggest.h"
#include "eval.h"
#include "value.h"

#include <stdio.h>
#include <string.h>

const char ct_help_show[] =
    "usage: cuteref show EXPR\n"
    "\n"
    "EXPR must evaluate to a layout (a bare shape means the compact\n"
    "column-major layout) or a composed layout `outer o offset o inner`\n"
    "(spec/composed.md; its shape is inner's). Prints size, rank, depth and\n"
    "cosize, then the offset of every coordinate: rank-2 layouts as a grid\n"
    "with mode 0 down the rows and mode 1 across the columns, rank-1 layouts\n"
    "as one row. Tables with more than 64 rows or columns are not drawn.\n"
    "\n"
    "example: cuteref show '((2,2),2):((4,1),2)'\n";

#define CT_SHOW_MAX 64

static int ct_digits(int64_t v) {
  int n = v < 0 ? 2 : 1;
  if (v < 0) v = -v;
  while (v >= 10) {
    v /= 10;
    ++n;
  }
  return n;
}

static void ct_rule(int cols, int w) {
  int j, k;
  printf("%*s+", 4, "");
  for (j = 0; j < cols; ++j) {
    for (k = 0; k < w + 2; ++k) putchar('-');
    putchar('+');
  }
  putchar('\n');
}

/* offsets[r][c] = L(r, c) for rank 2 (each index split inside its mode), or
 * L(c) for rank 1 (one row); C(r, c) of the composed layout C when C is not
 * NULL (L is then its inner layout). */
static int ct_table(const ct_layout *L, const ct_composed *C, int64_t rows, int64_t cols, int rank2) {
  static int64_t off[CT_SHOW_MAX][CT_SHOW_MAX];
  int64_t r, c;
  int w = 1;
  ct_err e;
  for (r = 0; r < rows; ++r)
    for (c = 0; c < cols; ++c) {
      ct_tuple crd;
      ct_val v;
      if (rank2) {
        int hdr;
        ct_t_clear(&crd); /* (r, c): three nodes, cannot fail */
        ct_discard(ct_t_open(&crd, &hdr, &e));
        ct_discard(ct_t_push_int(&crd, r, 0, &e));
        ct_discard(ct_t_push_int(&crd, c, 0, &e));
        ct_discard(ct_t_close(&crd, hdr, &e));
      } else {
        ct_t_set_int(&crd, c, 0);
      }
      if (C ? ct_cl_crd2idx(&crd, C, &v.v, &e) != CT_OK : ct_crd2idx(&crd, L, &v, &e) != CT_OK) {
        ct_report_error(0, &e);
        return 1;
      }
      off[r][c] = v.v;
      if (ct_digits(v.v) > w) w = ct_digits(v.v);
    }
  if (ct_digits(cols - 1) > w) w = ct_digits(cols - 1);
  printf("%*s", 4, "");
  for (c = 0; c < cols; ++c) printf("  %*lld%s", w, (long long)c, c + 1 < cols ? " " : "");
  putchar('\n');
  for (r = 0; r < rows; ++r) {
    ct_rule((int)cols, w);
    if (rank2) printf("%3lld ", (long long)r);
    else printf("%4s", "");
    putchar('|');
    for (c = 0; c < cols; ++c) printf(" %*lld |", w, (long long)off[r][c]);
    putchar('\n');
  }
  ct_rule((int)cols, w);
  return 0;
}

int ct_cmd_show(int argc, char **argv) {
  static ct_value v;
  const ct_composed *C;
  ct_err e;
  ct_layout L;
  ct_val size, cosize;
  static char buf[65536];
  if (argc != 1) return ct_usage_error("%s", "show takes exactly one argument: a layout expression");
  if (strncmp(argv[0], "--", 2) == 0) return ct_unknown_option("show", ct_help_show, argv[0]); /* no expression starts so */
  if (ct_eval(argv[0], &v, &e) != CT_OK) {
    ct_report_error(argv[0], &e);
    return 1;
  }
  if (v.kind == CT_V_SWIZZLE) {
    fprintf(stderr, "cuteref: show: a swizzle has no shape; show it over a layout: `%s o 0 o (8,8)` (spec/composed.md)\n",
            argv[0]);
    return 1;
  }
  C = v.kind == CT_V_COMPOSED ? &v.c : NULL; /* issue 39: show refused composed layouts */
  if (C) {
    static char req[70000];
    ct_value cv;
    L = C->inner;
    snprintf(req, sizeof req, "cosize(%.65000s)", argv[0]); /* the composed layout's own cosize (spec/composed.md) */
    if (ct_eval(req, &cv, &e) != CT_OK || ct_as_int(&cv, &cosize.v, "cosize", &e) != CT_OK || ct_l_size(&L, &size, &e) != CT_OK) {
      ct_report_error(0, &e);
      return 1;
    }
  } else if (ct_as_layout(&v, &L, "show's argument", &e) != CT_OK) {
    ct_report_error(argv[0], &e);
    return 1;
  } else if (ct_l_size(&L, &size, &e) != CT_OK || ct_l_cosize(&L, &cosize, &e) != CT_OK) {
    ct_report_error(0, &e);
    return 1;
  }
  if (C) {
    ct_print_value(&v, buf, sizeof buf);
    printf("composed  %s\n", buf);
  } else {
    ct_print_layout(&L, buf, sizeof buf);
    printf("layout  %s\n", buf);
  }
  printf("size    %lld\n", (long long)size.v);
  printf("rank    %d\n", ct_l_rank(&L));
  printf("depth   %d\n", ct_l_depth(&L));
  printf("cosize  %lld\n", (long long)cosize.v);
  {
    int rank = ct_l_rank(&L);
    int64_t rows = 1, cols = size.v;
    if (rank == 2) {
      ct_val s0, s1;
      int m0 = ct_t_child(&L.shape, 0, 0), m1 = ct_t_child(&L.shape, 0, 1);
      ct_discard(ct_t_product(&L.shape, m0, &s0, &e)); /* factors of size(L), which fits */
      ct_discard(ct_t_product(&L.shape, m1, &s1, &e));
      rows = s0.v;
      cols = s1.v;
    } else if (rank > 2) {
      printf("(no table: rank %d; group<b,e>(L) or take<b,e>(L) gives a rank-2 view)\n", rank);
      return 0;
    }
    putchar('\n');
    if (rows > CT_SHOW_MAX || cols > CT_SHOW_MAX) {
      printf("(no table: %lld x %lld is larger than %d x %d)\n", (long long)rows, (long long)cols, CT_SHOW_MAX,
             CT_SHOW_MAX);
      return 0;
    }
    return ct_table(&L, C, rows, cols, rank == 2);
  }
}
