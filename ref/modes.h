/* modes.h -- a layout's leaves as a flat list of modes s:d, the working form
 * of the algorithms that treat a layout as a 1-D function (coalesce,
 * composition, complement, inverses). */
#ifndef CT_MODES_H
#define CT_MODES_H

#include "layout.h"

/* One mode s:d with CuTe's static marks: a leaf of a layout as one value
 * (spec/layout.md, "The value model"). */
typedef struct {
  int64_t s, d;
  uint8_t ss, ds; /* static marks of s and d */
  uint8_t dk;     /* the stride's kind: CT_INT, or CT_BASIS (d@path) */
  uint8_t dn;     /* a basis stride's path: its length and indices, */
  uint16_t dp;    /* as ct_node keeps them (ref/inttuple.h) */
} ct_mode;

typedef char ct_mode_is_24_bytes[sizeof(ct_mode) == 24 ? 1 : -1];

typedef struct {
  int n;
  ct_mode m[CT_MAX_NODES];
} ct_modes;

/* The mode of a leaf: node j of a layout's shape and stride trees. */
CT_FN static inline ct_mode ct_mode_of(const ct_node *s, const ct_node *d) {
  ct_mode x;
  x.s = s->v;
  x.d = d->v;
  x.ss = (uint8_t)(s->stat ? 1 : 0);
  x.ds = (uint8_t)(d->stat ? 1 : 0);
  x.dk = (uint8_t)(d->kind == CT_BASIS ? CT_BASIS : CT_INT);
  x.dn = (uint8_t)(d->kind == CT_BASIS ? d->rank : 0);
  x.dp = (uint16_t)(d->kind == CT_BASIS ? d->path : 0);
  return x;
}

/* The value at index i of flat modes, every mode's digit reduced (i inside
 * their size): inline, as checks call it once per index (docs/data/gpu-tuning.md). */
CT_FN static inline int64_t ct_modes_at(const ct_modes *m, int64_t i) {
  int64_t y = 0;
  int k;
  for (k = 0; k < m->n; ++k) {
    y += (i % m->m[k].s) * m->m[k].d;
    i /= m->m[k].s;
  }
  return y;
}

/* The leaves of L (node il of its trees) in colexicographic order. */
CT_FN void ct_modes_of(const ct_layout *L, int il, ct_modes *m);
CT_FN void ct_modes_push(ct_modes *m, int64_t s, int ss, int64_t d, int ds);
/* Back to a layout: no modes -> _1:_0, one mode -> s:d, else a flat tuple. */
CT_FN CT_MUST_USE ct_code ct_modes_to_layout(const ct_modes *m, ct_layout *out, ct_err *e);
/* Appends the modes as one mode of a layout being built (same rules). */
CT_FN CT_MUST_USE ct_code ct_modes_push_to(const ct_modes *m, ct_layout *out, ct_err *e);

#endif
