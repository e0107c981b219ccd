/* dot_basis.h -- `cuteref dot` of a layout with basis strides
 * (cmd_dot_basis.c, spec/basis.md). */
#ifndef CT_DOT_BASIS_H
#define CT_DOT_BASIS_H

#include "ref/layout.h"

/* The grid of L's domain, each cell holding the coordinate tuple L(i);
 * prints a Graphviz graph, returns the exit status. */
int ct_dot_basis(const ct_layout *L, const char *caption);

/* s on stdout with <, >, & and " escaped, for a Graphviz HTML label; the one
 * escaping of every drawing (cmd_dot.c, cmd_dot_basis.c, cmd_dot_tv.c). */
void ct_dot_html(const char *s);

#endif
