/* shrink.h -- the one shrinking loop, of the property suite (ct_shrink,
 * props/engine.c) and of `cuteref conform` (cli/conform_shrinking.c,
 * spec/protocol.md "Shrinking"): greedy over candidate reductions. The
 * candidates of the current case are tried in order, coarse to fine; the
 * first one that still fails the same way becomes the current case and its
 * candidates are tried from the first; shrinking ends when none fails. Each
 * side supplies its candidates (numbered 0, 1, ... per case) and what
 * "still fails" means; the order of the tries, and so every shrunk result,
 * is this file's. */
#ifndef CT_SHRINK_H
#define CT_SHRINK_H

/* Where one shrink stands. */
typedef struct {
  int k;     /* the next candidate of the current case to try */
  int steps; /* candidates taken (each a smaller failing case) */
  int done;  /* no candidate of the current case still fails */
} ct_shrinker;

void ct_shrinker_start(ct_shrinker *s);

/* Candidates k, k+1, ..., k+tried-1 of the current case were tried (width
 * were asked for: fewer means there are no more); hit is the offset of the
 * first that still fails (it is now the current case), or -1. */
void ct_shrinker_advance(ct_shrinker *s, int hit, int tried, int width);

/* try_candidate(ctx, k): -1 when the current case has no candidate k; 0
 * when candidate k does not fail; 1 when it still fails, and then ctx has
 * taken it as its current case. */
typedef int (*ct_shrink_try)(void *ctx, int k);

/* The loop for a failure checked one candidate at a time: at most budget
 * candidates tried. Returns the steps. (conform checks candidates in
 * rounds of many shrinks at once, with ct_shrinker_advance.) */
int ct_shrink_greedy(void *ctx, ct_shrink_try try_candidate, int budget);

#endif
