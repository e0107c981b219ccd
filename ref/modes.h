/* modes.h -- a layout's leaves as a flat list of modes s:d, the working form
 * of the algorithms that treat a layout as a 1-D function (coalesce,
 * composition, complement, inverses). */
#ifndef CT_MODES_H
#define CT_MODES_H

#include "layout.h"

typedef struct {
  int n;
  int64_t s[CT_MAX_NODES], d[CT_MAX_NODES];
  uint8_t ss[CT_MAX_NODES], ds[CT_MAX_NODES]; /* static marks */
} ct_modes;

/* The leaves of L (node il of its trees) in colexicographic order. */
CT_FN void ct_modes_of(const ct_layout *L, int il, ct_modes *m);
CT_FN void ct_modes_push(ct_modes *m, int64_t s, int ss, int64_t d, int ds);
/* Back to a layout: no modes -> _1:_0, one mode -> s:d, else a flat tuple. */
CT_FN ct_code ct_modes_to_layout(const ct_modes *m, ct_layout *out, ct_err *e);
/* Appends the modes as one mode of a layout being built (same rules). */
CT_FN ct_code ct_modes_push_to(const ct_modes *m, ct_layout *out, ct_err *e);

#endif
