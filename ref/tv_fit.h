/* tv_fit.h -- a thread-value function fitted as a layout (spec/mma.md,
 * MMA-DEF; spec/copy.md, COPY-DEF): where the derivation of an atom's TV
 * layout from the PTX ISA is checked rather than assumed. One fitter for
 * every atom: the formula is a tagged struct read by a switch (device code
 * has no function pointers). */
#ifndef CT_TV_FIT_H
#define CT_TV_FIT_H

#include "copy_atom.h"
#include "copy_tmem.h"
#include "mma_atom.h"

/* The formulas a fit takes: an MMA operand's fragment (mma_atom.h) or a
 * copy atom's layout (copy_atom.h). */
enum { CT_TV_MMA = 0, CT_TV_COPY = 1, CT_TV_UMMA = 2, CT_TV_TMEM = 3 };

typedef struct {
  int kind;                  /* CT_TV_MMA or CT_TV_COPY */
  const char *who;           /* the operation, for its errors: "mma_tv", "copy_tv" */
  int nt, tshape[4];         /* the thread mode's shape (nt == 1: an integer) */
  int nv, vshape[4];         /* the value mode's shape */
  ct_mma_frag mma;           /* CT_TV_MMA: the fragment */
  int st, num, trans, which; /* CT_TV_COPY: the atom and its layout (ct_copy_at); CT_TV_TMEM: trans the shape */
  int rows, ctas;            /* CT_TV_UMMA: the operand's rows and the CTAs (ct_umma_at) */
} ct_tv_formula;

/* The formula at thread t, value v: the switch over the kinds. */
CT_FN int64_t ct_tv_at(const ct_tv_formula *f, int t, int v);

/* The layout (T, V) -> ct_tv_at(f, t, v) of the shape ((f's thread
 * shape), (f's value shape)): each stride is f at the unit coordinate of its
 * leaf, and the layout must equal f at EVERY (t, v), t < T, v < V; where it
 * does not (or f(0, 0) != 0), the function is no layout of that shape:
 * NO_LAYOUT, naming the first (t, v) where they differ. Integers are static,
 * as in CuTe's traits. */
CT_FN CT_MUST_USE ct_code ct_tv_fit_formula(const ct_tv_formula *f, ct_layout *out, ct_err *e);

/* ct_tv_fit_formula of an MMA fragment, its shapes the fragment's. */
CT_FN CT_MUST_USE ct_code ct_tv_fit(const ct_mma_frag *f, ct_layout *out, ct_err *e);

/* The sizes of f's thread and value modes. */
CT_FN int ct_tv_threads(const ct_mma_frag *f);
CT_FN int ct_tv_values(const ct_mma_frag *f);

#endif
