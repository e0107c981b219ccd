/* conform_shrink.c -- smaller versions of a request, for shrinking a
 * disagreement to a minimal case (the edits of props/engine.c's shrinker,
 * applied to the literal arguments of a request): drop a leaf, flatten,
 * smaller shape entries, strides towards 0, no static marks, integers
 * towards 0. Arguments that are not literals (nested calls, `_`) are kept.
 * The loop that tries them is props/shrink.h's (conform_shrinking.c). */
#include "conform.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { CF_ARG_OPAQUE, CF_ARG_LAYOUT, CF_ARG_SHAPE, CF_ARG_INT, CF_ARG_TILER };

typedef struct {
  cf_split sp;
  int kind[CF_MAX_SPLIT];
  ct_layout v[CF_MAX_SPLIT];
} cf_sreq;

static int cf_parse_sreq(const char *req, cf_sreq *r) {
  int j;
  if (!cf_split_request(req, &r->sp)) return 0;
  for (j = 0; j < r->sp.n; ++j) {
    char buf[CF_REQ_CAP];
    ct_err e;
    ct_cursor c;
    int has_stride = 0;
    if (r->sp.arg_len[j] >= (int)sizeof buf) return 0;
    memcpy(buf, r->sp.arg[j], (size_t)r->sp.arg_len[j]);
    buf[r->sp.arg_len[j]] = '\0';
    r->kind[j] = CF_ARG_OPAQUE;
    if (buf[0] == '<') {
      if (ct_parse_tiler(buf, &r->v[j], &e) == CT_OK) r->kind[j] = CF_ARG_TILER;
      continue;
    }
    c.s = buf;
    c.pos = 0;
    if (ct_read_layout(&c, &r->v[j], &has_stride, &e) != CT_OK) continue;
    ct_skip_space(&c);
    if (buf[c.pos] != '\0') continue;
    r->kind[j] = has_stride ? CF_ARG_LAYOUT : r->v[j].shape.nd[0].kind == CT_INT ? CF_ARG_INT : CF_ARG_SHAPE;
  }
  return 1;
}

static int cf_print_sreq(const cf_sreq *r, char *out, int cap) {
  int j, n = snprintf(out, (size_t)cap, "%.*s(", r->sp.name_len, r->sp.name);
  for (j = 0; j < r->sp.n && n < cap; ++j) {
    if (j > 0) n += snprintf(out + n, (size_t)(cap - n), ", ");
    if (n >= cap) break;
    switch (r->kind[j]) {
    case CF_ARG_LAYOUT: n += ct_print_layout(&r->v[j], out + n, cap - n); break;
    case CF_ARG_TILER: n += ct_print_tiler(&r->v[j], out + n, cap - n); break;
    case CF_ARG_SHAPE:
    case CF_ARG_INT: n += ct_print_tuple(&r->v[j].shape, 0, out + n, cap - n); break;
    default: n += snprintf(out + n, (size_t)(cap - n), "%.*s", r->sp.arg_len[j], r->sp.arg[j]); break;
    }
  }
  if (n < cap) n += snprintf(out + n, (size_t)(cap - n), ")");
  return n < cap ? n : -1;
}

/* Removes leaf j (ancestors' spans and the parent's rank fixed). */
static void cf_remove_node(ct_tuple *t, int j) {
  int i, parent = -1;
  for (i = 0; i < j; ++i)
    if (t->nd[i].kind == CT_TUPLE && i + t->nd[i].span > j) {
      t->nd[i].span = (uint16_t)(t->nd[i].span - 1);
      parent = i;
    }
  if (parent >= 0) t->nd[parent].rank = (uint8_t)(t->nd[parent].rank - 1);
  for (i = j; i + 1 < t->n; ++i) t->nd[i] = t->nd[i + 1];
  --t->n;
}

/* The rank of the tuple that holds node j (0 for the root). */
static int cf_parent_rank(const ct_tuple *t, int j) {
  int i, rank = 0;
  for (i = 0; i < j; ++i)
    if (t->nd[i].kind == CT_TUPLE && i + t->nd[i].span > j) rank = t->nd[i].rank;
  return rank;
}

/* Applies edit number *k to argument j of r (in place); returns 1 when it
 * did, 0 with *k reduced by the number of edits the argument has. */
static int cf_edit_arg(cf_sreq *r, int j, int *k) {
  ct_layout *L = &r->v[j];
  int kind = r->kind[j], x, m;
  if (kind == CF_ARG_OPAQUE) return 0;
  if (kind == CF_ARG_INT) {
    int64_t v = L->shape.nd[0].v, cand[2];
    int nc = 0;
    if (v / 2 != v) cand[nc++] = v / 2;
    if (v != 0 && (v > 0 ? v - 1 : v + 1) != v / 2) cand[nc++] = v > 0 ? v - 1 : v + 1;
    for (m = 0; m < nc; ++m)
      if ((*k)-- == 0) {
        L->shape.nd[0].v = cand[m];
        return 1;
      }
    if (L->shape.nd[0].stat && (*k)-- == 0) {
      L->shape.nd[0].stat = 0;
      return 1;
    }
    return 0;
  }
  /* 1. drop a leaf (not the last one of a tuple: `()` is no smaller case) */
  for (x = 1; x < L->shape.n; ++x) {
    if (L->shape.nd[x].kind == CT_TUPLE || cf_parent_rank(&L->shape, x) < 2) continue;
    if ((*k)-- == 0) {
      cf_remove_node(&L->shape, x);
      cf_remove_node(&L->stride, x);
      return 1;
    }
  }
  /* 2. flatten */
  if (kind != CF_ARG_TILER && ct_t_depth(&L->shape, 0) > 1) {
    if ((*k)-- == 0) {
      ct_layout F;
      ct_err e;
      if (kind == CF_ARG_SHAPE) {
        ct_discard(ct_t_flatten(&L->shape, &F.shape, &e)); /* never more nodes: cannot fail */
        L->shape = F.shape;
        L->stride = F.shape;
      } else {
        ct_discard(ct_l_flatten(L, &F, &e)); /* never more nodes: cannot fail */
        *L = F;
      }
      return 1;
    }
  }
  /* 3. smaller shape entries and strides */
  for (x = 0; x < L->shape.n; ++x) {
    int64_t s = L->shape.nd[x].v, d = L->stride.nd[x].v, cand[6];
    int nc = 0;
    if (L->shape.nd[x].kind != CT_INT) continue;
    if (s > 1) cand[nc++] = 1;
    if (s / 2 > 1) cand[nc++] = s / 2;
    if (s - 1 > 1 && s - 1 != s / 2) cand[nc++] = s - 1;
    for (m = 0; m < nc; ++m)
      if ((*k)-- == 0) {
        L->shape.nd[x].v = cand[m];
        return 1;
      }
    if (kind == CF_ARG_SHAPE || L->stride.nd[x].kind != CT_INT) continue;
    nc = 0;
    if (d != 0) cand[nc++] = 0;
    if (d < 0 && d != INT64_MIN) cand[nc++] = -d; /* -INT64_MIN is no int64 (issue 44) */
    if (d / 2 != 0 && d / 2 != d) cand[nc++] = d / 2;
    if (d > 1 && d - 1 != d / 2) cand[nc++] = d - 1;
    if (d < -1 && d + 1 != d / 2) cand[nc++] = d + 1;
    for (m = 0; m < nc; ++m)
      if ((*k)-- == 0) {
        L->stride.nd[x].v = cand[m];
        return 1;
      }
  }
  /* 4. no static marks */
  for (x = 0; x < L->shape.n; ++x)
    if (L->shape.nd[x].stat || (kind != CF_ARG_SHAPE && L->stride.nd[x].stat)) break;
  if (x < L->shape.n && (*k)-- == 0) {
    for (x = 0; x < L->shape.n; ++x) L->shape.nd[x].stat = L->stride.nd[x].stat = 0;
    return 1;
  }
  return 0;
}

int cf_shrink_candidate(const char *req, int k, char *out, int cap) {
  static cf_sreq r;
  int j;
  if (!cf_parse_sreq(req, &r)) return -1;
  for (j = 0; j < r.sp.n; ++j)
    if (cf_edit_arg(&r, j, &k)) return cf_print_sreq(&r, out, cap);
  return -1;
}
