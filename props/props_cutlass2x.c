/* props_cutlass2x.c -- properties of spec/cutlass2x.md: CX-1..CX-3.
 *
 * Every case checks all six CUTLASS 2.x layouts over small extents taken
 * from the case, packed and with padded strides. The 2.x offset, inverse
 * and capacity are written here from CUTLASS's headers
 * (include/cutlass/layout/{pitch_linear,matrix,tensor}.h), apart from
 * ref/cutlass2x.c, which builds CuTe layouts. */
#include "props/props.h"
#include "props/props_list.h"
#include "ref/cutlass2x.h"
#include "ref/inverse.h"

typedef struct {
  int kind;
  int64_t k, ext[4], ld[3];
  int packed;
} ct_2x_case;

/* The parameters of a case for one kind: extents 1..8 (1..3 for NHWC), an
 * interleave 1, 2 or 4 that divides the interleaved extent, strides packed
 * or padded to a multiple of the packed ones. */
CT_FN static int ct_2x_case_of(const ct_case *c, int kind, ct_2x_case *x) {
  uint64_t h = ct_mix64((uint64_t)c->k[1] * 131u + (uint64_t)c->k[0] * 7u + (uint64_t)(c->w[0].m + 16 * c->w[0].b));
  int i;
  ct_err e;
  x->kind = kind;
  x->k = (int64_t)1 << (h % 3);
  for (i = 0; i < 4; ++i) x->ext[i] = kind == CT_2X_TENSOR_NHWC ? 1 + (int64_t)((h >> (4 + 3 * i)) % 3) : 1 + (int64_t)((h >> (4 + 3 * i)) % 8);
  if (kind == CT_2X_COLUMN_MAJOR_INTERLEAVED) x->ext[1] = x->k * (1 + x->ext[1] % 4);
  if (kind == CT_2X_ROW_MAJOR_INTERLEAVED) x->ext[0] = x->k * (1 + x->ext[0] % 4);
  if (kind != CT_2X_COLUMN_MAJOR_INTERLEAVED && kind != CT_2X_ROW_MAJOR_INTERLEAVED) x->k = 1;
  if (ct_2x_packed(kind, x->k, x->ext, x->ld, &e) != CT_OK) return 0;
  x->packed = (h >> 20) % 2 == 0;
  if (!x->packed) { /* padded by whole multiples, so that left_inverse exists (CX-3) */
    x->ld[0] *= 2 + (int64_t)((h >> 21) % 2);
    if (kind == CT_2X_TENSOR_NHWC) {
      x->ld[1] = x->ext[2] * x->ld[0] * (1 + (int64_t)((h >> 23) % 2));
      x->ld[2] = x->ext[1] * x->ld[1] * (1 + (int64_t)((h >> 24) % 2));
    }
  }
  return 1;
}

/* The coordinate of index i of a kind's extent, colexicographic (the CuTe
 * layout's top-level modes are the 2.x coordinate's entries). */
CT_FN static void ct_2x_crd(const ct_2x_case *x, int64_t i, int64_t *crd) {
  int r, n = ct_2x_rank(x->kind);
  for (r = 0; r < n; ++r) {
    crd[r] = i % x->ext[r];
    i /= x->ext[r];
  }
}

/* 2.x operator()(coord), from the headers. */
CT_FN static int64_t ct_2x_offset_of(const ct_2x_case *x, const int64_t *c) {
  int64_t k = x->k, ld = x->ld[0];
  switch (x->kind) {
  case CT_2X_PITCH_LINEAR: return c[0] + c[1] * ld;           /* contiguous + strided * stride */
  case CT_2X_COLUMN_MAJOR: return c[1] * ld + c[0];           /* column * ldm + row */
  case CT_2X_ROW_MAJOR: return c[0] * ld + c[1];              /* row * ldm + column */
  case CT_2X_COLUMN_MAJOR_INTERLEAVED: return (c[1] / k) * ld + c[0] * k + c[1] % k;
  case CT_2X_ROW_MAJOR_INTERLEAVED: return (c[0] / k) * ld + c[1] * k + c[0] % k;
  default: return c[3] + c[2] * x->ld[0] + c[1] * x->ld[1] + c[0] * x->ld[2]; /* n, h, w, c */
  }
}

/* 2.x inverse(offset), from the headers. */
CT_FN static void ct_2x_inverse_of(const ct_2x_case *x, int64_t off, int64_t *c) {
  int64_t k = x->k, ld = x->ld[0], res;
  switch (x->kind) {
  case CT_2X_PITCH_LINEAR:
  case CT_2X_COLUMN_MAJOR: c[0] = off % ld; c[1] = off / ld; return;
  case CT_2X_ROW_MAJOR: c[0] = off / ld; c[1] = off % ld; return;
  case CT_2X_COLUMN_MAJOR_INTERLEAVED:
    res = off % ld;
    c[0] = res / k;
    c[1] = (off / ld) * k + res % k;
    return;
  case CT_2X_ROW_MAJOR_INTERLEAVED:
    res = off % ld;
    c[1] = res / k;
    c[0] = (off / ld) * k + res % k;
    return;
  default:
    c[0] = off / x->ld[2];
    res = off % x->ld[2];
    c[1] = res / x->ld[1];
    res %= x->ld[1];
    c[2] = res / x->ld[0];
    c[3] = res % x->ld[0];
    return;
  }
}

/* 2.x capacity(extent), from the headers. */
CT_FN static int64_t ct_2x_capacity_of(const ct_2x_case *x) {
  switch (x->kind) {
  case CT_2X_PITCH_LINEAR:
  case CT_2X_COLUMN_MAJOR: return x->ext[1] * x->ld[0];
  case CT_2X_ROW_MAJOR: return x->ext[0] * x->ld[0];
  case CT_2X_COLUMN_MAJOR_INTERLEAVED: return (x->ext[1] + x->k - 1) / x->k * x->ld[0];
  case CT_2X_ROW_MAJOR_INTERLEAVED: return (x->ext[0] + x->k - 1) / x->k * x->ld[0];
  default: return x->ext[0] * x->ld[2];
  }
}

CT_FN static const char *ct_2x_name(int kind) {
  switch (kind) {
  case CT_2X_PITCH_LINEAR: return "PitchLinear";
  case CT_2X_COLUMN_MAJOR: return "ColumnMajor";
  case CT_2X_ROW_MAJOR: return "RowMajor";
  case CT_2X_COLUMN_MAJOR_INTERLEAVED: return "ColumnMajorInterleaved";
  case CT_2X_ROW_MAJOR_INTERLEAVED: return "RowMajorInterleaved";
  default: return "TensorNHWC";
  }
}

/* The case's CuTe layout for a kind; 0 (and a failure) when ref/ rejects it. */
CT_FN static int ct_2x_build_case(const ct_case *c, int kind, ct_2x_case *x, ct_layout *L, ct_outcome *o) {
  ct_err e;
  if (!ct_2x_case_of(c, kind, x)) return 0;
  if (ct_2x_layout(kind, x->k, x->ext, x->ld, L, &e) != CT_OK) {
    CT_FAILS(o, "%s<%lld> extent (%lld,%lld,...) ld %lld rejected: %s", ct_2x_name(kind), (long long)x->k,
             (long long)x->ext[0], (long long)x->ext[1], (long long)x->ld[0], e.msg);
    return 0;
  }
  o->digest ^= ct_digest_layout(L);
  return 1;
}

/* CX-1: the CuTe layout's value at every coordinate is the 2.x offset. */
CT_FN void ct_p_cx_1(const ct_case *c, ct_outcome *o) {
  int kind;
  o->digest = 0;
  for (kind = 0; kind < CT_2X_KINDS; ++kind) {
    ct_2x_case x;
    ct_layout L;
    ct_leaf_form F; /* L index after index */
    int64_t i, n, crd[4];
    if (!ct_2x_build_case(c, kind, &x, &L, o)) return;
    n = ct_size(&L);
    ct_lf_init(&F, &L);
    for (i = 0; i < n; ++i) {
      ct_2x_crd(&x, i, crd);
      if (ct_ev_form(&F, i) != ct_2x_offset_of(&x, crd)) {
        CT_FAILS(o, "%s ld %lld: CuTe layout at index %lld = %lld, the 2.x offset %lld", ct_2x_name(kind),
                 (long long)x.ld[0], (long long)i, (long long)ct_ev(&L, i), (long long)ct_2x_offset_of(&x, crd));
        return;
      }
    }
  }
}

/* CX-2: capacity is 2.x's; every offset lies below it; packed, the layout
 * fills it: size == cosize == capacity. */
CT_FN void ct_p_cx_2(const ct_case *c, ct_outcome *o) {
  int kind;
  o->digest = 0;
  for (kind = 0; kind < CT_2X_KINDS; ++kind) {
    ct_2x_case x;
    ct_layout L;
    ct_val cos;
    int64_t cap;
    ct_err e;
    if (!ct_2x_build_case(c, kind, &x, &L, o)) return;
    if (ct_2x_capacity(kind, x.k, x.ext, x.ld, &cap, &e) != CT_OK || ct_l_cosize(&L, &cos, &e) != CT_OK) {
      CT_FAILS(o, "%s: capacity or cosize failed", ct_2x_name(kind));
      return;
    }
    if (cap != ct_2x_capacity_of(&x) || cos.v > cap || (x.packed && (cap != cos.v || cap != ct_size(&L)))) {
      CT_FAILS(o, "%s%s ld %lld: capacity %lld (2.x: %lld), cosize %lld, size %lld", ct_2x_name(kind),
               x.packed ? " packed" : "", (long long)x.ld[0], (long long)cap, (long long)ct_2x_capacity_of(&x),
               (long long)cos.v, (long long)ct_size(&L));
      return;
    }
  }
}

/* CX-3: the 2.x inverse is CuTe's left_inverse followed by idx2crd: at
 * every coordinate c, inverse(L(c)) == c == crd(left_inverse(L)(L(c))). */
CT_FN void ct_p_cx_3(const ct_case *c, ct_outcome *o) {
  int kind;
  o->digest = 0;
  for (kind = 0; kind < CT_2X_KINDS; ++kind) {
    ct_2x_case x;
    ct_layout L, Li;
    ct_leaf_form F; /* L index after index */
    ct_err e;
    int64_t i, n, crd[4], inv[4], back[4];
    int r;
    if (!ct_2x_build_case(c, kind, &x, &L, o)) return;
    if (ct_left_inverse(&L, &Li, &e) != CT_OK) {
      CT_FAILS(o, "%s: left_inverse rejected the layout: %s", ct_2x_name(kind), e.msg);
      return;
    }
    n = ct_size(&L);
    ct_lf_init(&F, &L);
    for (i = 0; i < n; ++i) {
      int64_t off = ct_ev_form(&F, i);
      ct_2x_crd(&x, i, crd);
      ct_2x_inverse_of(&x, off, inv);
      ct_2x_crd(&x, ct_ev(&Li, off), back);
      for (r = 0; r < ct_2x_rank(kind); ++r)
        if (inv[r] != crd[r] || back[r] != crd[r]) {
          CT_FAILS(o, "%s ld %lld: offset %lld of index %lld: 2.x inverse gives entry %d = %lld, left_inverse %lld, want %lld",
                   ct_2x_name(kind), (long long)x.ld[0], (long long)off, (long long)i, r, (long long)inv[r],
                   (long long)back[r], (long long)crd[r]);
          return;
        }
    }
  }
}
