/* zsolve.h -- whether a system of linear equations has an integer solution,
 * the equations given one at a time (spec/inverse.md, LINV-SEARCH). */
#ifndef CT_ZSOLVE_H
#define CT_ZSOLVE_H

#include "ct_port.h"

#define CT_ZSOLVE_MAX 16 /* unknowns */

/* The unknowns are e = U*y, U unimodular (an integer matrix with an integer
 * inverse, so y ranges over the integers exactly when e does). The first c
 * columns of U are pivots: every equation added so far, written in y, has
 * zeros past its pivot, so it fixed one y (or none) given the ones before. */
typedef struct {
  int n, c;
  int64_t U[CT_ZSOLVE_MAX][CT_ZSOLVE_MAX], y[CT_ZSOLVE_MAX];
} ct_zsys;

CT_FN void ct_zsys_init(ct_zsys *s, int n);
/* Adds sum_j a[j]*e[j] == b. Returns 1 when the equations so far have an
 * integer solution, 0 when they have none, -1 when a number overflowed. */
CT_FN int ct_zsys_add(ct_zsys *s, const int64_t *a, int64_t b);
/* A solution (the free y taken 0). Returns 0 when a number overflowed. */
CT_FN int ct_zsys_solution(const ct_zsys *s, int64_t *e);

#endif
