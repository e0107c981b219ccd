/* rng.h -- a counter-based generator: the case with index i of seed s is a
 * pure function of (s, i), on any machine and on the GPU (device/). */
#ifndef CT_RNG_H
#define CT_RNG_H

#include "ref/ct_port.h"

CT_FN static inline uint64_t ct_mix64(uint64_t z) { /* SplitMix64's finalizer */
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

typedef struct {
  uint64_t key, ctr;
} ct_rng;

/* stream separates the uses of one (seed, index): each property draws from
 * its own stream, so adding a property never changes another's cases. */
CT_FN static inline void ct_rng_init(ct_rng *r, uint64_t seed, uint64_t index, uint64_t stream) {
  r->key = ct_mix64(seed ^ ct_mix64(index + ct_mix64(stream)));
  r->ctr = 0;
}

CT_FN static inline uint64_t ct_rng_next(ct_rng *r) {
  return ct_mix64(r->key + (r->ctr++) * 0xD1B54A32D192ED03ull);
}

/* Uniform in [lo, hi] (hi - lo < 2^32; the bias is negligible). */
CT_FN static inline int64_t ct_rng_range(ct_rng *r, int64_t lo, int64_t hi) {
  return lo + (int64_t)(ct_rng_next(r) % (uint64_t)(hi - lo + 1));
}

/* True with probability num/den. */
CT_FN static inline int ct_rng_chance(ct_rng *r, int num, int den) {
  return (int)(ct_rng_next(r) % (uint64_t)den) < num;
}

/* A stable 64-bit hash of a string (property names -> streams). */
CT_FN static inline uint64_t ct_hash_str(const char *s) {
  uint64_t h = 1469598103934665603ull;
  while (*s) h = (h ^ (uint64_t)(unsigned char)*s++) * 1099511628211ull;
  return h;
}

#endif
