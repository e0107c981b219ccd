/* judge_mma.c -- judges of spec/mma.md: MMA-1..MMA-5. MMA-1, MMA-2 and
 * MMA-4 read only the atom's dimensions and PTX's register counts, never
 * ref/mma_atom.c's formulas; MMA-3 compares the layout with them. */
#include "judge/judge_mma.h"

/* Marks x in a bitmap of n bits: 0 if x is outside [0, n) or marked before. */
CT_FN static int ct_jm_mark(uint64_t *bits, int64_t n, int64_t x) {
  if (x < 0 || x >= n) return 0;
  if ((bits[x >> 6] >> (x & 63)) & 1) return 0;
  bits[x >> 6] |= (uint64_t)1 << (x & 63);
  return 1;
}

/* L visits every index of [0, n) exactly once over (t, v), t < T, v < V
 * (smem: L(t, v) == L(0, v) for every t, and v visits each once; a layout
 * of two modes is L(t, v) == L(t, 0) + L(0, v), so that is L(t, 0) == 0 for
 * every t, T + V visits rather than T * V). */
CT_FN static ct_jstatus ct_jm_cover(const char *id, const ct_layout *L, int64_t n, int threads, int smem,
                                    int64_t bound, ct_judgement *j) {
  CT_JUDGE_SCRATCH uint64_t seen[CT_MMA_TILE_MAX / 64];
  int64_t T, V, t, v, w;
  ct_leaf_form F;
  if (!ct_j_tv_sizes(L, &T, &V)) return CT_J_VIOLATES(j, id, "the layout is no (thread, value) pair of modes");
  if (T != threads) return CT_J_VIOLATES(j, id, "%lld threads, PTX's atom has %d", (long long)T, threads);
  if ((smem ? V : T * V) != n)
    return CT_J_VIOLATES(j, id, "%lld (thread, value) pairs for a tile of %lld", (long long)(T * V), (long long)n);
  if (n > CT_MMA_TILE_MAX || (smem ? T + V : T * V) > bound) return ct_j_unchecked(j, id);
  for (w = 0; w < (n + 63) / 64; ++w) seen[w] = 0;
  ct_lf_init(&F, L);
  for (t = 0; smem && t < T; ++t)
    if (ct_j_at_form(&F, t) != 0)
      return CT_J_VIOLATES_AT(j, id, t, "thread %lld sees the tile moved by %lld", (long long)t,
                              (long long)ct_j_at_form(&F, t));
  for (v = 0; v < V; ++v)
    for (t = 0; t < (smem ? 1 : T); ++t) {
      int64_t x = ct_j_at_form(&F, t + T * v);
      if (!ct_jm_mark(seen, n, x))
        return CT_J_VIOLATES_AT(j, id, t + T * v, "(t, v) = (%lld, %lld) gives %lld: outside [0, %lld) or held twice",
                                (long long)t, (long long)v, (long long)x, (long long)n);
    }
  return ct_j_holds(j, id);
}

/* The atom's threads: a warp, a warpgroup (wgmma), a quad-pair (SM70). */
CT_FN static int ct_jm_threads(int m, int form) { return form ? 8 : m == 64 ? 128 : 32; }

CT_FN ct_jstatus ct_judge_mma_1(int m, int n, int k, int bits, int form, const ct_layout *L, int64_t bound,
                                ct_judgement *j) {
  (void)k;
  (void)bits;
  return ct_jm_cover("MMA-1", L, (int64_t)m * n, ct_jm_threads(m, form), 0, bound, j);
}

CT_FN ct_jstatus ct_judge_mma_2(int m, int n, int k, int bits, int form, int op, const ct_layout *L, int64_t bound,
                                ct_judgement *j) {
  (void)bits;
  if (op == CT_MMA_C) return ct_judge_mma_1(m, n, k, bits, form, L, bound, j);
  return ct_jm_cover("MMA-2", L, (int64_t)(op == CT_MMA_A ? m : n) * k, ct_jm_threads(m, form),
                     m == 64 && op == CT_MMA_B, bound, j);
}

CT_FN ct_jstatus ct_judge_mma_3(int m, int n, int k, int bits, int form, int op, const ct_layout *L, int64_t bound,
                                ct_judgement *j) {
  ct_mma_frag f;
  ct_err e;
  ct_leaf_form F;
  int64_t T, V, t, v;
  if (ct_mma_frag_init_form(m, n, k, bits, form, op, &f, &e) != CT_OK) return ct_j_unchecked(j, "MMA-3");
  if (!ct_j_tv_sizes(L, &T, &V) || T != f.threads)
    return CT_J_VIOLATES(j, "MMA-3", "the layout's first mode is no %d threads", f.threads);
  if ((f.smem ? T + V : T * V) > bound) return ct_j_unchecked(j, "MMA-3");
  ct_lf_init(&F, L);
  /* a shared-memory operand's formula ignores the thread, and L(t, v) ==
   * L(t, 0) + L(0, v): (t, 0) for every t and (0, v) for every v decide it */
  for (t = 1; f.smem && t < T; ++t)
    if (ct_j_at_form(&F, t) != ct_mma_frag_at(&f, (int)t, 0))
      return CT_J_VIOLATES_AT(j, "MMA-3", t, "L(%lld, 0) = %lld, PTX's element is at %lld", (long long)t,
                              (long long)ct_j_at_form(&F, t), (long long)ct_mma_frag_at(&f, (int)t, 0));
  for (v = 0; v < V; ++v)
    for (t = 0; t < (f.smem ? 1 : T); ++t) {
      int64_t got = ct_j_at_form(&F, t + T * v), want = ct_mma_frag_at(&f, (int)t, (int)v);
      if (got != want)
        return CT_J_VIOLATES_AT(j, "MMA-3", t + T * v, "L(t, v) = L(%lld, %lld) = %lld, PTX's element is at %lld",
                                (long long)t, (long long)v, (long long)got, (long long)want);
    }
  return ct_j_holds(j, "MMA-3");
}

/* PTX's fragment sizes (9.7.14.5, 9.7.15.5.1.1): the registers of operand
 * op for one thread and the elements in each. A register is 32 bits (64
 * for .f64); a C/D register holds one .f32/.s32/.f64 (the count is the same
 * for .f16x2 pairs: half the registers, two each). A quad-pair (9.7.14.5.1)
 * holds two .f16x2 registers of A and of B, and C in four .f16x2 or eight
 * .f32 registers. */
CT_FN static void ct_jm_regs(int m, int n, int k, int bits, int form, int op, int *regs, int *per) {
  int wide = bits == 64 ? 64 : 32;
  if (form) {
    *regs = op == CT_MMA_C ? (form & CT_MMA_QP_F32 ? 8 : 4) : 2;
    *per = op == CT_MMA_C && (form & CT_MMA_QP_F32) ? 1 : 2;
    return;
  }
  if (op == CT_MMA_C) {
    *regs = m == 64 ? n / 2 : m == 16 ? 4 : 2;
    *per = 1;
    return;
  }
  if (m == 64 && op == CT_MMA_B) { /* a shared-memory descriptor: the whole tile */
    *regs = n * k;
    *per = 1;
    return;
  }
  *per = wide / bits;
  /* A: M x K elements of bits over 32 (128) threads; B: N x K over 32 */
  *regs = (int)((int64_t)(op == CT_MMA_A ? m : n) * k * bits / ((m == 64 ? 128 : 32) * (int64_t)wide));
}

CT_FN ct_jstatus ct_judge_mma_4(int m, int n, int k, int bits, int form, int op, const ct_layout *L,
                                ct_judgement *j) {
  int64_t T, V;
  int regs, per;
  if (!ct_j_tv_sizes(L, &T, &V)) return CT_J_VIOLATES(j, "MMA-4", "the layout is no (thread, value) pair of modes");
  ct_jm_regs(m, n, k, bits, form, op, &regs, &per);
  if (T != ct_jm_threads(m, form))
    return CT_J_VIOLATES(j, "MMA-4", "%lld threads; PTX's atom has %d", (long long)T, ct_jm_threads(m, form));
  if (V != (int64_t)regs * per)
    return CT_J_VIOLATES(j, "MMA-4", "%lld values a thread; PTX lists %d registers of %d elements", (long long)V, regs,
                         per);
  return ct_j_holds(j, "MMA-4");
}

CT_FN ct_jstatus ct_judge_mma_5(int m, int n, int k, int bits, int form, int op, const ct_layout *L, int64_t bound,
                                ct_judgement *j) {
  int64_t T, V, t, v, step;
  int w;
  ct_leaf_form F;
  (void)k;
  if (!ct_j_tv_sizes(L, &T, &V)) return CT_J_VIOLATES(j, "MMA-5", "the layout is no (thread, value) pair of modes");
  if (m == 64 && op == CT_MMA_B) return ct_j_holds(j, "MMA-5"); /* shared memory: no registers */
  /* elements per register, and one step along K (A: m + M*k; B: n + N*k) or N (C: m + M*n) */
  w = op == CT_MMA_C ? 2 : bits < 32 ? 32 / bits : 1;
  step = op == CT_MMA_B ? n : m;
  /* a quad-pair's .col A (.row B) packs a register along M (N): PTX's a_i at row i + 4h */
  if ((op == CT_MMA_A && (form & CT_MMA_QP_ACOL)) || (op == CT_MMA_B && (form & CT_MMA_QP_BROW))) step = 1;
  if (w == 1) return ct_j_holds(j, "MMA-5");
  if (T * V > bound) return ct_j_unchecked(j, "MMA-5");
  ct_lf_init(&F, L);
  for (v = 0; v + 1 < V; ++v) {
    if (v % w == w - 1) continue; /* the register's last element */
    for (t = 0; t < T; ++t) {
      int64_t a = ct_j_at_form(&F, t + T * v), b = ct_j_at_form(&F, t + T * (v + 1));
      if (b != a + step)
        return CT_J_VIOLATES_AT(j, "MMA-5", t + T * (v + 1),
                                "thread %lld: element %lld at %lld, element %lld at %lld, not one step (%lld) along %s",
                                (long long)t, (long long)v, (long long)a, (long long)(v + 1), (long long)b,
                                (long long)step, op == CT_MMA_C ? "N" : step == 1 ? "M or N" : "K");
    }
  }
  return ct_j_holds(j, "MMA-5");
}

CT_FN ct_jstatus ct_judge_mma_6(int m, int n, int k, int ctas, int op, const ct_layout *L, int64_t bound,
                                ct_judgement *j) {
  CT_JUDGE_SCRATCH uint64_t seen[CT_MMA_TILE_MAX / 64];
  int64_t T, V, t, v, w, rows = op == CT_MMA_B ? n : m, size = rows * (op == CT_MMA_C ? n : k), per;
  ct_leaf_form F;
  if (!ct_j_tv_sizes(L, &T, &V)) return CT_J_VIOLATES(j, "MMA-6", "the layout is no (CTA, value) pair of modes");
  if (T != ctas || T * V != size)
    return CT_J_VIOLATES(j, "MMA-6", "%lld CTAs of %lld values; the atom has %d CTAs and a tile of %lld", (long long)T,
                         (long long)V, ctas, (long long)size);
  if (size > CT_MMA_TILE_MAX || size > bound) return ct_j_unchecked(j, "MMA-6");
  per = rows / ctas;
  for (w = 0; w < (size + 63) / 64; ++w) seen[w] = 0;
  ct_lf_init(&F, L);
  for (v = 0; v < V; ++v)
    for (t = 0; t < T; ++t) {
      int64_t x = ct_j_at_form(&F, t + T * v);
      if (!ct_jm_mark(seen, size, x))
        return CT_J_VIOLATES_AT(j, "MMA-6", t + T * v, "(c, v) = (%lld, %lld) gives %lld: outside [0, %lld) or twice",
                                (long long)t, (long long)v, (long long)x, (long long)size);
      if ((x % rows) / per != t)
        return CT_J_VIOLATES_AT(j, "MMA-6", t + T * v, "CTA %lld holds row %lld, a row of CTA %lld", (long long)t,
                                (long long)(x % rows), (long long)((x % rows) / per));
    }
  return ct_j_holds(j, "MMA-6");
}
