/* shrink.c -- the one shrinking loop (props/shrink.h): greedy, the first
 * candidate that still fails taken, then its own candidates from the first. */
#include "props/shrink.h"

void ct_shrinker_start(ct_shrinker *s) {
  s->k = 0;
  s->steps = 0;
  s->done = 0;
}

void ct_shrinker_advance(ct_shrinker *s, int hit, int tried, int width) {
  if (hit >= 0) { /* a smaller failing case: shrink it in turn */
    s->k = 0;
    ++s->steps;
    return;
  }
  s->k += tried;
  if (tried < width) s->done = 1; /* every candidate of the case tried */
}

int ct_shrink_greedy(void *ctx, ct_shrink_try try_candidate, int budget) {
  ct_shrinker s;
  ct_shrinker_start(&s);
  while (!s.done && budget > 0) {
    int r = try_candidate(ctx, s.k);
    if (r >= 0) --budget;
    ct_shrinker_advance(&s, r > 0 ? 0 : -1, r >= 0 ? 1 : 0, 1);
  }
  return s.steps;
}
