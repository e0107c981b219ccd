/* Exhaustive checks of the post-conditions of spec/coalesce.md,
 * spec/composition.md and spec/complement.md over small flat layouts. The
 * property suite (props/) checks them on random and deeper inputs; this test
 * guards the reference itself at build time. */
#include "ref/complement.h"
#include "ref/composition.h"
#include "ref/notation.h"
#include "ref/tests/check.h"
#include "props/flat_enum.h"

#include <stdlib.h>

static int64_t ev(const ct_layout *L, int64_t i) {
  int64_t v = 0;
  ct_err e;
  OK(ct_l_eval(L, i, &v, &e));
  return v;
}

/* A^(x): composition's reading of A past its size, the extension of
 * coalesce(A) (COMP-EXT). */
static int64_t ahat(const ct_layout *A, int64_t x) {
  ct_layout C;
  ct_err e;
  OK(ct_coalesce(A, &C, &e));
  return ev(&C, x);
}

static void check_coalesce(void) {
  ct_flat_it it;
  long cases = 0, bad = 0;
  ct_it_init(&it, 3, 4, -3, 8);
  do {
    ct_layout L, C, C2;
    ct_val sl, sc;
    ct_err e;
    int64_t i;
    ct_it_layout(&it, &L);
    OK(ct_coalesce(&L, &C, &e));
    OK(ct_l_size(&L, &sl, &e));
    OK(ct_l_size(&C, &sc, &e));
    ++cases;
    if (sl.v != sc.v || ct_l_depth(&C) > 1) ++bad; /* COAL-1, COAL-2 */
    for (i = 0; i < sl.v; ++i)
      if (ev(&L, i) != ev(&C, i)) { ++bad; break; } /* COAL-3 */
    OK(ct_coalesce(&C, &C2, &e));
    if (!ct_l_equal(&C, &C2, 0)) ++bad; /* COAL-5 */
  } while (ct_it_next(&it));
  CHECK(bad == 0, "%ld of %ld coalesce cases broke COAL-1..5", bad, cases);
}

/* COMP-1, COMP-2 (against A^, ahat) on every small flat pair. */
static void check_composition(void) {
  ct_flat_it ia, ib;
  long cases = 0, accepted = 0, bad = 0;
  ct_it_init(&ia, 2, 4, 0, 6);
  do {
    ct_layout A;
    ct_it_layout(&ia, &A);
    ct_it_init(&ib, 2, 4, 0, 6);
    do {
      ct_layout B, R;
      ct_err e;
      ct_val sb;
      int64_t i;
      ct_it_layout(&ib, &B);
      ++cases;
      if (ct_composition(&A, &B, &R, &e) != CT_OK) {
        if (e.code != CT_STRIDE_DIVISIBILITY && e.code != CT_SHAPE_DIVISIBILITY && e.code != CT_NOT_DISJOINT) {
          if (bad++ < 3) CHECK(0, "unexpected error %s", ct_code_name(e.code));
        }
        continue;
      }
      ++accepted;
      OK(ct_l_size(&B, &sb, &e));
      if (!ct_t_compatible(&B.shape, 0, &R.shape, 0)) { /* COMP-1 */
        if (bad++ < 3) CHECK(0, "COMP-1 fails");
        continue;
      }
      for (i = 0; i < sb.v; ++i) /* COMP-2 */
        if (ev(&R, i) != ahat(&A, ev(&B, i))) {
          char a[128], b[128], r[128];
          ct_print_layout(&A, a, sizeof a);
          ct_print_layout(&B, b, sizeof b);
          ct_print_layout(&R, r, sizeof r);
          if (bad++ < 3) CHECK(0, "COMP-2: %s o %s = %s wrong at %lld", a, b, r, (long long)i);
          break;
        }
    } while (ct_it_next(&ib));
  } while (ct_it_next(&ia));
  CHECK(bad == 0, "%ld composition cases broke COMP-1/2", bad);
  CHECK(accepted > cases / 4, "only %ld of %ld pairs accepted", accepted, cases);
  printf("composition: %ld pairs, %ld accepted\n", cases, accepted);
}

static void check_complement(void) {
  ct_flat_it it;
  long cases = 0, accepted = 0, bad = 0;
  ct_it_init(&it, 3, 4, 0, 12);
  do {
    ct_layout A, R, F, AR;
    const ct_layout *parts[2];
    ct_err e;
    ct_tuple M;
    ct_val sr, sf;
    int64_t m, i, K;
    static unsigned char seen[1 << 16];
    ct_it_layout(&it, &A);
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
      OK(ct_filter(&A, &F, &e));
      OK(ct_l_size(&R, &sr, &e));
      OK(ct_l_size(&F, &sf, &e));
      for (i = 1; i < sr.v; ++i) /* CPL-1 */
        if (ev(&R, i - 1) >= ev(&R, i)) { ++bad; break; }
      parts[0] = &F;
      parts[1] = &R;
      OK(ct_l_concat(parts, 2, &AR, &e));
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
  } while (ct_it_next(&it));
  CHECK(bad == 0, "%ld complement cases broke CPL-1..3", bad);
  printf("complement: %ld cases, %ld accepted\n", cases, accepted);
}

int main(void) {
  check_coalesce();
  check_composition();
  check_complement();
  return ct_done();
}
