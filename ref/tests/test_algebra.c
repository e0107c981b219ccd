/* Exhaustive checks of the post-conditions of spec/coalesce.md,
 * spec/composition.md and spec/complement.md over small flat layouts. The
 * property suite (props/) checks them on random and deeper inputs; this test
 * guards the reference itself at build time. */
#include "ref/complement.h"
#include "ref/composition.h"
#include "ref/notation.h"
#include "ref/tests/check.h"

#include <stdlib.h>

static ct_layout flat(int n, const int64_t *s, const int64_t *d) {
  ct_layout L;
  ct_err e;
  int k, hs, hd;
  if (n == 1) {
    ct_l_set_int(&L, s[0], 0, d[0], 0);
    return L;
  }
  ct_t_clear(&L.shape);
  ct_t_clear(&L.stride);
  ct_t_open(&L.shape, &hs, &e);
  ct_t_open(&L.stride, &hd, &e);
  for (k = 0; k < n; ++k) {
    ct_t_push_int(&L.shape, s[k], 0, &e);
    ct_t_push_int(&L.stride, d[k], 0, &e);
  }
  ct_t_close(&L.shape, hs, &e);
  ct_t_close(&L.stride, hd, &e);
  return L;
}

/* Enumerates flat layouts of rank 1..maxr, shapes 1..maxs, strides lo..hi. */
typedef struct {
  int n, maxr;
  int64_t s[4], d[4], maxs, lo, hi;
} enumr;

static void en_init(enumr *it, int maxr, int64_t maxs, int64_t lo, int64_t hi) {
  int k;
  it->n = 1;
  it->maxr = maxr;
  it->maxs = maxs;
  it->lo = lo;
  it->hi = hi;
  for (k = 0; k < 4; ++k) {
    it->s[k] = 1;
    it->d[k] = lo;
  }
}

static int en_next(enumr *it) {
  int k;
  for (k = 0; k < it->n; ++k) {
    if (++it->d[k] <= it->hi) return 1;
    it->d[k] = it->lo;
    if (++it->s[k] <= it->maxs) return 1;
    it->s[k] = 1;
  }
  if (it->n == it->maxr) return 0;
  ++it->n;
  return 1;
}

static int64_t ev(const ct_layout *L, int64_t i) {
  int64_t v = 0;
  ct_err e;
  ct_l_eval(L, i, &v, &e);
  return v;
}

static void check_coalesce(void) {
  enumr it;
  long cases = 0, bad = 0;
  en_init(&it, 3, 4, -3, 8);
  do {
    ct_layout L = flat(it.n, it.s, it.d), C, C2;
    ct_val sl, sc;
    ct_err e;
    int64_t i;
    ct_coalesce(&L, &C, &e);
    ct_l_size(&L, &sl, &e);
    ct_l_size(&C, &sc, &e);
    ++cases;
    if (sl.v != sc.v || ct_l_depth(&C) > 1) ++bad; /* COAL-1, COAL-2 */
    for (i = 0; i < sl.v; ++i)
      if (ev(&L, i) != ev(&C, i)) { ++bad; break; } /* COAL-3 */
    ct_coalesce(&C, &C2, &e);
    if (!ct_l_equal(&C, &C2, 0)) ++bad; /* COAL-5 */
  } while (en_next(&it));
  CHECK(bad == 0, "%ld of %ld coalesce cases broke COAL-1..5", bad, cases);
}

/* A^(x): A evaluated past its size through its last mode. */
static void check_composition(void) {
  enumr ia, ib;
  long cases = 0, accepted = 0, bad = 0;
  en_init(&ia, 2, 4, 0, 6);
  do {
    ct_layout A = flat(ia.n, ia.s, ia.d);
    en_init(&ib, 2, 4, 0, 6);
    do {
      ct_layout B = flat(ib.n, ib.s, ib.d), R;
      ct_err e;
      ct_val sb;
      int64_t i;
      ++cases;
      if (ct_composition(&A, &B, &R, &e) != CT_OK) {
        if (e.code != CT_STRIDE_DIVISIBILITY && e.code != CT_SHAPE_DIVISIBILITY && e.code != CT_NOT_DISJOINT) {
          if (bad++ < 3) CHECK(0, "unexpected error %s", ct_code_name(e.code));
        }
        continue;
      }
      ++accepted;
      ct_l_size(&B, &sb, &e);
      if (!ct_t_compatible(&B.shape, 0, &R.shape, 0)) { /* COMP-1 */
        if (bad++ < 3) CHECK(0, "COMP-1 fails");
        continue;
      }
      for (i = 0; i < sb.v; ++i) /* COMP-2 */
        if (ev(&R, i) != ev(&A, ev(&B, i))) {
          char a[128], b[128], r[128];
          ct_print_layout(&A, a, sizeof a);
          ct_print_layout(&B, b, sizeof b);
          ct_print_layout(&R, r, sizeof r);
          if (bad++ < 3) CHECK(0, "COMP-2: %s o %s = %s wrong at %lld", a, b, r, (long long)i);
          break;
        }
    } while (en_next(&ib));
  } while (en_next(&ia));
  CHECK(bad == 0, "%ld composition cases broke COMP-1/2", bad);
  CHECK(accepted > cases / 4, "only %ld of %ld pairs accepted", accepted, cases);
  printf("composition: %ld pairs, %ld accepted\n", cases, accepted);
}

static void check_complement(void) {
  enumr it;
  long cases = 0, accepted = 0, bad = 0;
  en_init(&it, 3, 4, 0, 12);
  do {
    ct_layout A = flat(it.n, it.s, it.d), R, F, AR;
    const ct_layout *parts[2];
    ct_err e;
    ct_tuple M;
    ct_val sr, sf;
    int64_t m, i, K;
    static unsigned char seen[1 << 16];
    for (m = 1; m <= 40; m += 13) {
      ct_t_set_int(&M, m, 0);
      ++cases;
      if (ct_complement(&A, &M, &R, &e) != CT_OK) {
        if (e.code != CT_NOT_COMPLEMENTABLE && e.code != CT_NOT_INJECTIVE) {
          if (bad++ < 3) CHECK(0, "unexpected complement error %s", ct_code_name(e.code));
        }
        continue;
      }
      ++accepted;
      ct_filter(&A, &F, &e);
      ct_l_size(&R, &sr, &e);
      ct_l_size(&F, &sf, &e);
      for (i = 1; i < sr.v; ++i) /* CPL-1 */
        if (ev(&R, i - 1) >= ev(&R, i)) { ++bad; break; }
      parts[0] = &F;
      parts[1] = &R;
      ct_l_concat(parts, 2, &AR, &e);
      K = sf.v * sr.v;
      if (K > (1 << 16)) { ++bad; continue; }
      memset(seen, 0, (size_t)K);
      for (i = 0; i < K; ++i) { /* CPL-2: a bijection onto [0, K) */
        int64_t v = ev(&AR, i);
        if (v < 0 || v >= K || seen[v]) { ++bad; break; }
        seen[v] = 1;
      }
      if (K < m) ++bad; /* CPL-3 */
    }
  } while (en_next(&it));
  CHECK(bad == 0, "%ld complement cases broke CPL-1..3", bad);
  printf("complement: %ld cases, %ld accepted\n", cases, accepted);
}

int main(void) {
  check_coalesce();
  check_composition();
  check_complement();
  return ct_done();
}
