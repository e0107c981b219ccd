/* mma_atom.c -- the MMA atoms' fragments as the PTX ISA writes them
 * (spec/mma.md, MMA-DEF). Each function below is one section of PTX ISA
 * 9.7.14.5 "Matrix Fragments for mma.mMnNkK" (9.7.15.5.1.1 for wgmma),
 * written as the spec reads it: g = groupID = %laneid >> 2, q =
 * threadID_in_group = %laneid % 4, and (row, col) of element a_i, b_i or c_i
 * of the matrices A (M x K), B (K x N) and C (M x N). */
#include "mma_atom.h"

#include "tv_fit.h"

#if !CT_ON_DEVICE
#include <stdio.h>
#include <string.h>
#endif

/* b ? x : y, for the tables' case splits. */
#define CT_IF(b, x, y) ((b) ? (x) : (y))

/* C/D of every m16n8kK (f16 x2 or f32/s32 registers, c0..c3):
 * row g (c0, c1), g + 8 (c2, c3); col 2q + (i & 1). */
CT_FN static void ct_ptx_c_m16n8(int g, int q, int i, int *r, int *c) {
  *r = g + CT_IF(i >= 2, 8, 0);
  *c = 2 * q + (i & 1);
}

/* C/D of m8n8k4 (.f64), m8n8k16, m8n8k32, m8n8k128 (.s32): c0, c1 at row g,
 * col 2q + i. */
CT_FN static void ct_ptx_c_m8n8(int g, int q, int i, int *r, int *c) {
  *r = g;
  *c = 2 * q + i;
}

/* 9.7.14.5.7 m16n8k8, .f16/.bf16: A a0..a3 row g (a0, a1), g + 8 (a2, a3),
 * col 2q + (i & 1); B b0, b1 row 2q + i, col g. */
CT_FN static void ct_ptx_m16n8k8_f16(int op, int g, int q, int i, int *r, int *c) {
  if (op == CT_MMA_A) {
    *r = g + CT_IF(i >= 2, 8, 0);
    *c = 2 * q + (i & 1);
  } else {
    *r = 2 * q + i;
    *c = g;
  }
}

/* 9.7.14.5.8 m16n8k16, .f16/.bf16: A a0..a7 row g for i in {0,1,4,5}, g + 8
 * otherwise, col 2q + (i & 1) (+ 8 for i >= 4); B b0..b3 row 2q + (i & 1)
 * (+ 8 for i >= 2), col g. */
CT_FN static void ct_ptx_m16n8k16_f16(int op, int g, int q, int i, int *r, int *c) {
  if (op == CT_MMA_A) {
    *r = g + CT_IF(i == 2 || i == 3 || i == 6 || i == 7, 8, 0);
    *c = 2 * q + (i & 1) + CT_IF(i >= 4, 8, 0);
  } else {
    *r = 2 * q + (i & 1) + CT_IF(i >= 2, 8, 0);
    *c = g;
  }
}

/* 9.7.14.5.6 m16n8k4, .tf32 and .f64: A a0, a1 row g (a0), g + 8 (a1), col q;
 * B b0 row q, col g. */
CT_FN static void ct_ptx_m16n8k4(int op, int g, int q, int i, int *r, int *c) {
  if (op == CT_MMA_A) {
    *r = g + CT_IF(i == 1, 8, 0);
    *c = q;
  } else {
    *r = q;
    *c = g;
  }
}

/* 9.7.14.5.7 m16n8k8, .tf32 and .f64: A a0..a3 row g (a0, a2), g + 8 (a1,
 * a3), col q (a0, a1), q + 4 (a2, a3); B b0, b1 row q (b0), q + 4 (b1), col g. */
CT_FN static void ct_ptx_m16n8k8_tf32(int op, int g, int q, int i, int *r, int *c) {
  if (op == CT_MMA_A) {
    *r = g + CT_IF(i == 1 || i == 3, 8, 0);
    *c = q + CT_IF(i >= 2, 4, 0);
  } else {
    *r = q + CT_IF(i == 1, 4, 0);
    *c = g;
  }
}

/* 9.7.14.5.8 m16n8k16, .f64: A a0..a7 row g (i even), g + 8 (i odd), col
 * 2i + q (i even), 2i - 2 + q (i odd); B b0..b3 row q + 4i, col g. */
CT_FN static void ct_ptx_m16n8k16_f64(int op, int g, int q, int i, int *r, int *c) {
  if (op == CT_MMA_A) {
    *r = g + CT_IF(i % 2 == 0, 0, 8);
    *c = CT_IF(i % 2 == 0, 2 * i + q, 2 * i - 2 + q);
  } else {
    *r = q + 4 * i;
    *c = g;
  }
}

/* 9.7.14.5.2 m8n8k4, .f64: A a0 row g, col q; B b0 row q, col g. */
CT_FN static void ct_ptx_m8n8k4_f64(int op, int g, int q, int i, int *r, int *c) {
  (void)i;
  *r = CT_IF(op == CT_MMA_A, g, q);
  *c = CT_IF(op == CT_MMA_A, q, g);
}

/* 9.7.14.5.3 m8n8k16 (.s8/.u8, 4 elements), 9.7.14.5.4 m8n8k32 (.s4/.u4, 8),
 * 9.7.14.5.5 m8n8k128 (.b1, 32): A row g, col w*q + i; B row w*q + i, col g,
 * w the elements of a thread's one register. */
CT_FN static void ct_ptx_m8n8_int(int op, int w, int g, int q, int i, int *r, int *c) {
  *r = CT_IF(op == CT_MMA_A, g, w * q + i);
  *c = CT_IF(op == CT_MMA_A, w * q + i, g);
}

/* 9.7.14.5.9 m16n8k16 (.s8/.u8, w = 4), 9.7.14.5.10 m16n8k32 (.s4/.u4, w =
 * 8), 9.7.14.5.12 m16n8k128 (.b1, w = 32): A a0..a(2w-1) row g (i < w), g + 8
 * (i >= w), col w*q + (i % w); B b0..b(w-1) row w*q + i, col g. */
CT_FN static void ct_ptx_m16n8_int_2(int op, int w, int g, int q, int i, int *r, int *c) {
  if (op == CT_MMA_A) {
    *r = g + CT_IF(i >= w, 8, 0);
    *c = w * q + i % w;
  } else {
    *r = w * q + i;
    *c = g;
  }
}

/* 9.7.14.5.10 m16n8k32 (.s8/.u8/.e4m3/.e5m2, w = 4), 9.7.14.5.11 m16n8k64
 * (.s4/.u4, w = 8), 9.7.14.5.13 m16n8k256 (.b1, w = 32): A a0..a(4w-1) row g
 * for i in [0, w) or [2w, 3w), g + 8 otherwise, col w*q + (i % w) (+ 4w for
 * i >= 2w); B b0..b(2w-1) row w*q + (i % w) (+ 4w for i >= w), col g. */
CT_FN static void ct_ptx_m16n8_int_4(int op, int w, int g, int q, int i, int *r, int *c) {
  if (op == CT_MMA_A) {
    *r = g + CT_IF((i / w) % 2 == 1, 8, 0);
    *c = w * q + i % w + CT_IF(i >= 2 * w, 4 * w, 0);
  } else {
    *r = w * q + i % w + CT_IF(i >= w, 4 * w, 0);
    *c = g;
  }
}

/* 9.7.14.5.1 m8n8k4 with .f16 (SM70's quad-pair atoms, MMA-QP): the warp
 * computes four MMAs, quad-pair p of lanes 4p..4p+3 (the low group) and
 * 4p+16..4p+19 (the high group). Of one of them, with r = %laneid % 4 and h
 * = 1 in the high group: A .row (r + 4h, i), .col (i + 4h, r); B (K x N)
 * .row (r, i + 4h), .col (i, r + 4h); C .f16 (r + 4h, i), .f32 (r % 2 +
 * (i & 2) + 4h, (i & 4) + (r & 2) + (i & 1)). */
CT_FN static void ct_ptx_m8n8k4_qp(const ct_mma_frag *f, int r, int h, int i, int *row, int *col) {
  if (f->op == CT_MMA_A) {
    *row = CT_IF(f->form & CT_MMA_QP_ACOL, i + 4 * h, r + 4 * h);
    *col = CT_IF(f->form & CT_MMA_QP_ACOL, r, i);
  } else if (f->op == CT_MMA_B) {
    *row = CT_IF(f->form & CT_MMA_QP_BROW, r, i);
    *col = CT_IF(f->form & CT_MMA_QP_BROW, i + 4 * h, r + 4 * h);
  } else if (f->form & CT_MMA_QP_F32) {
    *row = r % 2 + (i & 2) + 4 * h;
    *col = (i & 4) + (r & 2) + (i & 1);
  } else {
    *row = r + 4 * h;
    *col = i;
  }
}

/* 9.7.15.5.1.1.1 wgmma.mma_async.m64nNk{8,16,32}, as its Figures 148 (A) and
 * 149 (D) draw them (per warp, the m16n8kK tables): warp w of the warpgroup holds
 * rows 16w .. 16w+15. D d0..d(N/2-1): row 16w + g (+ 8 for i % 4 >= 2), col
 * 8*(i / 4) + 2q + (i & 1). A in registers: the m16n8kK fragment of A's type
 * (.tf32 k8, .f16/.bf16 k16, 8-bit k32), 16w rows down. */
CT_FN static void ct_ptx_wgmma(const ct_mma_frag *f, int w, int g, int q, int i, int *r, int *c) {
  if (f->op == CT_MMA_C) {
    *r = 16 * w + g + CT_IF(i % 4 >= 2, 8, 0);
    *c = 8 * (i / 4) + 2 * q + (i & 1);
    return;
  }
  if (f->bits == 32) ct_ptx_m16n8k8_tf32(CT_MMA_A, g, q, i, r, c);
  else if (f->bits == 16) ct_ptx_m16n8k16_f16(CT_MMA_A, g, q, i, r, c);
  else ct_ptx_m16n8_int_4(CT_MMA_A, 4, g, q, i, r, c);
  *r += 16 * w;
}

CT_FN void ct_mma_frag_rc(const ct_mma_frag *f, int t, int i, int *row, int *col) {
  int lane = t % 32, g = lane >> 2, q = lane % 4;
  if (f->smem) { /* the descriptor's whole K x N tile, seen alike by every thread */
    *row = i / f->rows;
    *col = i % f->rows;
    return;
  }
  if (f->form & CT_MMA_UMMA) { /* MMA-UMMA: CTA t's value i, in the operand's R x S tile */
    int64_t x = ct_umma_at(f->rows, f->threads, t, i);
    int rr = (int)(x % f->rows), cc = (int)(x / f->rows);
    *row = f->op == CT_MMA_B ? cc : rr; /* B as PTX's K x N, as the tables */
    *col = f->op == CT_MMA_B ? rr : cc;
    return;
  }
  if (f->m == 64) {
    ct_ptx_wgmma(f, t / 32, g, q, i, row, col);
    return;
  }
  if (f->form & CT_MMA_QP) { /* a quad-pair's thread t: lane t % 4 + 16 * (t / 4), so r = t % 4, h = t / 4 */
    ct_ptx_m8n8k4_qp(f, t % 4, t / 4, i, row, col);
    return;
  }
  if (f->op == CT_MMA_C) {
    if (f->m == 16) ct_ptx_c_m16n8(g, q, i, row, col);
    else ct_ptx_c_m8n8(g, q, i, row, col);
    return;
  }
  switch (f->bits) {
  case 16:
    if (f->k == 8) ct_ptx_m16n8k8_f16(f->op, g, q, i, row, col);
    else ct_ptx_m16n8k16_f16(f->op, g, q, i, row, col);
    return;
  case 32:
  case 64:
    if (f->m == 8) ct_ptx_m8n8k4_f64(f->op, g, q, i, row, col);
    else if (f->k == 4) ct_ptx_m16n8k4(f->op, g, q, i, row, col);
    else if (f->k == 8) ct_ptx_m16n8k8_tf32(f->op, g, q, i, row, col);
    else ct_ptx_m16n8k16_f64(f->op, g, q, i, row, col);
    return;
  default: { /* 8, 4, 1 bits: w elements in a 32-bit register */
    int w = 32 / f->bits, regs = f->k / (4 * w); /* k-steps of 4w columns: 1 (m8n8, m16n8 of 2 regs) or 2 */
    if (f->m == 8) ct_ptx_m8n8_int(f->op, w, g, q, i, row, col);
    else if (regs == 1) ct_ptx_m16n8_int_2(f->op, w, g, q, i, row, col);
    else ct_ptx_m16n8_int_4(f->op, w, g, q, i, row, col);
    return;
  }
  }
}

CT_FN int ct_mma_lane(const ct_mma_frag *f, int t) { return f->form & CT_MMA_QP ? t % 4 + 16 * (t / 4) : t; }

CT_FN int64_t ct_mma_frag_at(const ct_mma_frag *f, int t, int i) {
  int r, c;
  ct_mma_frag_rc(f, t, i, &r, &c);
  if (f->op == CT_MMA_B) return (int64_t)c + (int64_t)f->n * r; /* PTX's B is K x N: (k, n) -> n + N*k */
  return (int64_t)r + (int64_t)f->m * c;                        /* A: m + M*k; C: m + M*n */
}

/* The mma.sync atoms: PTX's shapes of 9.7.14.5 with A's width (N is 8
 * throughout), by case: the device has no static tables. */
CT_FN void ct_mma_sync_shape(int k, int *m, int *n, int *kk, int *bits) {
  int j = ((k % CT_MMA_SYNC_SHAPES) + CT_MMA_SYNC_SHAPES) % CT_MMA_SYNC_SHAPES, M = 16, K = 8, B = 16;
  switch (j) {
  case 0: M = 16; K = 8; B = 16; break;    /* .f16/.bf16 */
  case 1: M = 16; K = 16; B = 16; break;
  case 2: M = 16; K = 4; B = 32; break;    /* .tf32 */
  case 3: M = 16; K = 8; B = 32; break;
  case 4: M = 8; K = 4; B = 64; break;     /* .f64 */
  case 5: M = 16; K = 4; B = 64; break;
  case 6: M = 16; K = 8; B = 64; break;
  case 7: M = 16; K = 16; B = 64; break;
  case 8: M = 8; K = 16; B = 8; break;     /* .s8/.u8 (.e4m3/.e5m2 at k32) */
  case 9: M = 16; K = 16; B = 8; break;
  case 10: M = 16; K = 32; B = 8; break;
  case 11: M = 8; K = 32; B = 4; break;    /* .s4/.u4 */
  case 12: M = 16; K = 32; B = 4; break;
  case 13: M = 16; K = 64; B = 4; break;
  case 14: M = 8; K = 128; B = 1; break;   /* .b1 */
  case 15: M = 16; K = 128; B = 1; break;
  default: M = 16; K = 256; B = 1; break;
  }
  *m = M;
  *n = 8;
  *kk = K;
  *bits = B;
}

/* Whether PTX defines mma.sync.mMn8kK for A of `bits` bits (9.7.14.5). */
CT_FN static int ct_mma_sync_exists(int m, int n, int k, int bits) {
  int j, M, N, K, B;
  for (j = 0; j < CT_MMA_SYNC_SHAPES; ++j) {
    ct_mma_sync_shape(j, &M, &N, &K, &B);
    if (M == m && N == n && K == k && B == bits) return 1;
  }
  return 0;
}

/* t[0..n) := a, b, c */
CT_FN static void ct_mma_set3(int *t, int *n, int cnt, int a, int b, int c) {
  *n = cnt;
  t[0] = a;
  t[1] = b;
  t[2] = c;
}

/* The value mode's shape, nested as CuTe nests it: one factor per case split
 * of PTX's formula, lowest index bit first (MMA-DEF). */
CT_FN static void ct_mma_vshape(ct_mma_frag *f) {
  int w = f->bits <= 8 ? 32 / f->bits : 1;
  if (f->smem) {
    ct_mma_set3(f->vshape, &f->nv, 2, f->rows, f->cols, 0);
  } else if (f->op == CT_MMA_C) {
    if (f->m == 64) ct_mma_set3(f->vshape, &f->nv, 3, 2, 2, f->n / 8);
    else if (f->m == 16) ct_mma_set3(f->vshape, &f->nv, 2, 2, 2, 0);
    else ct_mma_set3(f->vshape, &f->nv, 1, 2, 0, 0);
  } else if (f->elems == 1) {
    ct_mma_set3(f->vshape, &f->nv, 1, 1, 0, 0);
  } else if (f->bits >= 16) {
    /* split by 2 (f16 pairs), then 2 (rows / k-halves), then the rest */
    if (f->bits == 16) {
      if (f->elems == 2) ct_mma_set3(f->vshape, &f->nv, 1, 2, 0, 0);
      else if (f->elems == 4) ct_mma_set3(f->vshape, &f->nv, 2, 2, 2, 0);
      else ct_mma_set3(f->vshape, &f->nv, 3, 2, 2, 2);
    } else if (f->elems == 2 && f->op == CT_MMA_A) {
      ct_mma_set3(f->vshape, &f->nv, 1, 2, 0, 0);
    } else if (f->op == CT_MMA_A) {
      ct_mma_set3(f->vshape, &f->nv, 2, 2, f->elems / 2, 0);
    } else {
      ct_mma_set3(f->vshape, &f->nv, 1, f->elems, 0, 0);
    }
  } else if (f->elems == w) {
    ct_mma_set3(f->vshape, &f->nv, 1, w, 0, 0);
  } else if (f->elems == 2 * w) {
    ct_mma_set3(f->vshape, &f->nv, 2, w, 2, 0);
  } else {
    ct_mma_set3(f->vshape, &f->nv, 3, w, 2, 2);
  }
}

/* MMA-QP: a quad-pair atom's 8 threads and 4 (A, B) or 8 (C) values, the
 * modes split where PTX's formula splits (CuTe's shapes): a thread's lane
 * r = t % 4 and group h = t / 4 where both step differently, r's bits
 * where C .f32 splits them; C .f32's values by their three bits. */
CT_FN static void ct_mma_qp_shapes(ct_mma_frag *f) {
  int split = (f->op == CT_MMA_A && (f->form & CT_MMA_QP_ACOL)) || (f->op == CT_MMA_B && (f->form & CT_MMA_QP_BROW));
  int f32 = f->op == CT_MMA_C && (f->form & CT_MMA_QP_F32);
  if (f32) ct_mma_set3(f->tshape, &f->nt, 3, 2, 2, 2);
  else if (split) ct_mma_set3(f->tshape, &f->nt, 2, 4, 2, 0);
  else ct_mma_set3(f->tshape, &f->nt, 1, 8, 0, 0);
  if (f32) ct_mma_set3(f->vshape, &f->nv, 3, 2, 2, 2);
  else ct_mma_set3(f->vshape, &f->nv, 1, f->elems, 0, 0);
}

/* MMA-PRE, MMA-QP: SM70's m8n8k4 .f16 atoms, of 8 threads. */
CT_FN static ct_code ct_mma_qp_init(int form, int op, ct_mma_frag *f, ct_err *e) {
  if (form < CT_MMA_QP || form >= 2 * CT_MMA_QP)
    return CT_FAIL(e, CT_ARG_TYPE, "mma_tv: no form %d of SM70's quad-pair m8n8k4", form);
  f->m = f->n = 8;
  f->k = 4;
  f->bits = 16;
  f->op = op;
  f->form = form;
  f->rows = 8;
  f->cols = op == CT_MMA_C ? 8 : 4;
  f->threads = 8;
  f->smem = 0;
  f->elems = f->rows * f->cols / 8; /* A, B: two .f16x2 registers; C: eight elements */
  ct_mma_qp_shapes(f);
  return CT_OK;
}

/* MMA-PRE: the atoms PTX defines; MMA-DEF: their tiles and fragment sizes. */
CT_FN ct_code ct_mma_frag_init(int m, int n, int k, int bits, int op, ct_mma_frag *f, ct_err *e) {
  return ct_mma_frag_init_form(m, n, k, bits, 0, op, f, e);
}

/* PTX's tcgen05.mma shapes (MMA-UMMA): M 64 (N a multiple of 8) or 128
 * (of 16) for one CTA, 128 or 256 (N a multiple of 16) for two; N <= 256;
 * K 256 bits of A. */
CT_FN static int ct_umma_exists(int m, int n, int k, int ctas) {
  int ok = (ctas == 1 && ((m == 64 && n % 8 == 0) || (m == 128 && n % 16 == 0))) ||
           (ctas == 2 && (m == 128 || m == 256) && n % 16 == 0);
  return ok && n >= 8 && n <= 256 && (k == 8 || k == 16 || k == 32 || k == 64);
}

/* The UMMA atom as a fragment (MMA-UMMA): 1 or 2 "threads", the CTAs, each
 * holding R/ctas x S of the operand's R x S tile. */
CT_FN static ct_code ct_umma_frag_init(int m, int n, int k, int bits, int form, int op, ct_mma_frag *f, ct_err *e) {
  int ctas = (form & CT_MMA_UMMA_2SM) ? 2 : 1;
  if (form != CT_MMA_UMMA && form != (CT_MMA_UMMA | CT_MMA_UMMA_2SM))
    return CT_FAIL(e, CT_ARG_TYPE, "mma_tv: no UMMA form %d", form);
  if (!ct_umma_exists(m, n, k, ctas) || k * bits != 256)
    return CT_FAIL(e, CT_ARG_TYPE,
                   "umma: no tcgen05.mma.cta_group::%d of M = %d, N = %d, K = %d with %d-bit A; PTX's are M 64 or 128 "
                   "(one CTA), 128 or 256 (two), N a multiple of 8 (M = 64) or 16 up to 256, K = 256 bits of A",
                   ctas, m, n, k, bits);
  f->m = m;
  f->n = n;
  f->k = k;
  f->bits = bits;
  f->op = op;
  f->form = form;
  f->rows = op == CT_MMA_B ? n : m;
  f->cols = op == CT_MMA_C ? n : k;
  f->threads = ctas;
  f->smem = 0;
  f->elems = f->rows / ctas * f->cols;
  f->nt = 1;
  f->tshape[0] = ctas;
  f->tshape[1] = f->tshape[2] = 1;
  f->nv = 2;
  f->vshape[0] = f->rows / ctas;
  f->vshape[1] = f->cols;
  f->vshape[2] = 1;
  return CT_OK;
}

CT_FN ct_code ct_mma_frag_init_form(int m, int n, int k, int bits, int form, int op, ct_mma_frag *f, ct_err *e) {
  int wg = m == 64;
  if (op != CT_MMA_A && op != CT_MMA_B && op != CT_MMA_C)
    return CT_FAIL(e, CT_ARG_TYPE, "mma_tv: the operand is A, B or C");
  if (form & CT_MMA_UMMA) return ct_umma_frag_init(m, n, k, bits, form, op, f, e); /* TMMA-UMMA */
  if (m == 8 && n == 8 && k == 4 && bits == 16) {
    if (form == 0)
      return CT_FAIL(e, CT_ARG_TYPE,
                     "mma_tv: SM70's m8n8k4 with .f16 A is a quad-pair atom of four forms and two accumulators: "
                     "name it (SM70_8x8x4_F32F16F16F32_TN, ...)");
    return ct_mma_qp_init(form, op, f, e);
  }
  if (form != 0) return CT_FAIL(e, CT_ARG_TYPE, "mma_tv: a form (%d) is SM70's m8n8k4 .f16's alone", form);
  if (wg) {
    if (!((bits == 32 && k == 8) || (bits == 16 && k == 16) || (bits == 8 && k == 32)) || n < 8 || n > 256 ||
        n % 8 != 0)
      return CT_FAIL(e, CT_ARG_TYPE,
                     "mma_tv: no wgmma.m64n%dk%d with %d-bit A; PTX's are k8 (tf32), k16 (16-bit), k32 (8-bit), N = 8, "
                     "16, .., 256",
                     n, k, bits);
  } else if (!ct_mma_sync_exists(m, n, k, bits)) {
    return CT_FAIL(e, CT_ARG_TYPE, "mma_tv: PTX defines no mma.sync.m%dn%dk%d with %d-bit A", m, n, k, bits);
  }
  f->m = m;
  f->n = n;
  f->k = k;
  f->bits = bits;
  f->op = op;
  f->form = 0;
  f->rows = op == CT_MMA_B ? n : m;
  f->cols = op == CT_MMA_C ? n : k;
  f->threads = wg ? 128 : 32;
  f->smem = wg && op == CT_MMA_B;
  /* the elements per thread PTX lists: the tile over the threads (no
   * replication in any mma.sync or wgmma register fragment); a shared-memory
   * operand has the whole tile */
  f->elems = f->smem ? n * k : f->rows * f->cols / f->threads;
  if (wg) ct_mma_set3(f->tshape, &f->nt, 3, 4, 8, 4);
  else ct_mma_set3(f->tshape, &f->nt, 2, 4, 8, 0);
  if (f->smem) ct_mma_set3(f->tshape, &f->nt, 1, 128, 0, 0);
  ct_mma_vshape(f);
  return CT_OK;
}

CT_FN ct_code ct_mma_tv(int m, int n, int k, int bits, int op, ct_layout *out, ct_err *e) {
  return ct_mma_tv_form(m, n, k, bits, 0, op, out, e);
}

CT_FN ct_code ct_mma_tv_form(int m, int n, int k, int bits, int form, int op, ct_layout *out, ct_err *e) {
  ct_mma_frag f;
  CT_TRY(ct_mma_frag_init_form(m, n, k, bits, form, op, &f, e));
  if (form & CT_MMA_UMMA) return ct_umma_tv(m, n, k, f.threads, op, out, e); /* MMA-UMMA's fit */
  return ct_tv_fit(&f, out, e);
}

CT_FN int64_t ct_umma_at(int rows, int ctas, int c, int v) {
  int per = rows / ctas;
  return (int64_t)(c % ctas) * per + v % per + (int64_t)rows * (v / per);
}

CT_FN ct_code ct_umma_tv(int m, int n, int k, int ctas, int op, ct_layout *out, ct_err *e) {
  ct_tv_formula f;
  if (op != CT_MMA_A && op != CT_MMA_B && op != CT_MMA_C)
    return CT_FAIL(e, CT_ARG_TYPE, "umma_tv: the operand is A, B or C");
  if (!ct_umma_exists(m, n, k, ctas))
    return CT_FAIL(e, CT_ARG_TYPE,
                   "umma_tv: no tcgen05.mma.cta_group::%d of M = %d, N = %d, K = %d; PTX's are M 64 or 128 (one CTA), "
                   "128 or 256 (two), N a multiple of 8 (M = 64) or 16 up to 256, K = 256 bits of A",
                   ctas, m, n, k);
  f.kind = CT_TV_UMMA;
  f.who = "umma_tv";
  f.rows = op == CT_MMA_B ? n : m;
  f.ctas = ctas;
  f.st = f.num = f.trans = f.which = 0;
  f.nt = 1;
  f.tshape[0] = ctas;
  f.nv = 2;
  f.vshape[0] = f.rows / ctas;
  f.vshape[1] = op == CT_MMA_C ? n : k;
  f.tshape[1] = f.tshape[2] = f.vshape[2] = 1;
  return ct_tv_fit_formula(&f, out, e);
}

#if !CT_ON_DEVICE
/* A's element width from CuTe's type letters after the accumulator's
 * (F16F16F16F16: 16; F32TF32TF32F32: 32; S32S8U8S32: 8; F32E4M3E5M2F32: 8). */
static int ct_mma_name_bits(const char *types) {
  static const struct {
    const char *t;
    int bits;
  } ty[] = {{"TF32", 32}, {"BF16", 16}, {"F16", 16}, {"F64", 64}, {"C64", 64}, {"E4M3", 8}, {"E5M2", 8},
            {"S32", 32}, {"S8", 8},    {"U8", 8},    {"S4", 4},   {"U4", 4},   {"U1", 1},   {"F32", 32}};
  size_t j;
  const char *p = types;
  /* skip the accumulator's type (D), then read A's */
  if (strncmp(p, "GC64", 4) == 0) p += 4;
  else
    for (j = 0; j < sizeof ty / sizeof ty[0]; ++j)
      if (strncmp(p, ty[j].t, strlen(ty[j].t)) == 0) {
        p += strlen(ty[j].t);
        break;
      }
  for (j = 0; j < sizeof ty / sizeof ty[0]; ++j)
    if (strncmp(p, ty[j].t, strlen(ty[j].t)) == 0) return ty[j].bits;
  return 0;
}

/* SM70_8x8x4_{F16F16F16F16,F32F16F16F32}_{TN,NT,NN,TT} (mma_sm70.hpp): the
 * accumulator's type, then CuTe's letters, A's (N: M-major, PTX's .col)
 * and B's (T: N-major, .row). */
static int ct_mma_qp_by_name(const char *name, int *form) {
  static const char *const types[2] = {"SM70_8x8x4_F16F16F16F16_", "SM70_8x8x4_F32F16F16F32_"};
  int j;
  for (j = 0; j < 2; ++j) {
    const char *p = name + strlen(types[j]);
    if (strncmp(name, types[j], strlen(types[j])) != 0) continue;
    if ((p[0] != 'T' && p[0] != 'N') || (p[1] != 'T' && p[1] != 'N') || p[2] != '\0') return 0;
    *form = CT_MMA_QP | (j ? CT_MMA_QP_F32 : 0) | (p[0] == 'N' ? CT_MMA_QP_ACOL : 0) | (p[1] == 'T' ? CT_MMA_QP_BROW : 0);
    return 1;
  }
  return 0;
}

int ct_mma_by_name_form(const char *name, int *m, int *n, int *k, int *bits, int *form) {
  *form = 0;
  if (!ct_mma_qp_by_name(name, form)) return ct_mma_by_name(name, m, n, k, bits);
  *m = *n = 8;
  *k = 4;
  *bits = 16;
  return 1;
}

int ct_mma_by_name(const char *name, int *m, int *n, int *k, int *bits) {
  int arch = 0;
  char rest[64];
  if (sscanf(name, "SM%d_%dx%dx%d_%63s", &arch, m, n, k, rest) != 5) return 0;
  if (arch != 75 && arch != 80 && arch != 89 && arch != 90) return 0;
  *bits = ct_mma_name_bits(rest);
  if (*bits == 0) return 0;
  if (*m == 64) { /* wgmma: register-sourced A (_RS) or both from shared memory (_SS) */
    if (arch != 90 || (!strstr(rest, "_RS") && !strstr(rest, "_SS"))) return 0;
    if (*bits == 32 && strstr(rest, "F32F32") == rest) return 0; /* no f32 A */
  } else if (!strstr(rest, "_TN")) {
    return 0;
  }
  {
    ct_mma_frag f;
    ct_err e;
    return ct_mma_frag_init(*m, *n, *k, *bits, CT_MMA_C, &f, &e) == CT_OK;
  }
}
#endif
