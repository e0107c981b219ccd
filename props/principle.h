/* principle.h -- the principle's classification as text, for the host
 * (props_principle.c; `cuteref ops --principle` joins it with the registry):
 * which rewrites each PRIN-1 property applies, and the operations the
 * principle exempts, with the reason. */
#ifndef CT_PRINCIPLE_H
#define CT_PRINCIPLE_H

#if !CT_ON_DEVICE
/* An operation (a registry row's name) or one of its request generators
 * ("coshape/identity") that PRIN-1 leaves out, and why. */
typedef struct {
  const char *name;
  const char *why;
} ct_prin_exempt;

extern const ct_prin_exempt ct_prin_exempts[];
extern const int ct_num_prin_exempts;

/* What property `id` ("PRIN-1/composition/admissible") rewrites and how it
 * compares the answers, as one line; -1 if it is no PRIN-1 property. */
int ct_prin_describe(const char *id, char *buf, int cap);
#endif

#endif
