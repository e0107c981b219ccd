/* props_table.c -- the property table and the dispatch the host engine and
 * the GPU kernels share (a switch, not function pointers, so that device
 * code can call it). */
#include "props/props.h"
#include "props/props_list.h"

#define CT_X_INFO(fn, id, gen, op, fmt) {id, gen, op, fmt},
const ct_prop_info ct_props[] = {CT_PROPERTIES(CT_X_INFO)};
#undef CT_X_INFO
const int ct_num_props = (int)(sizeof ct_props / sizeof ct_props[0]);

enum {
#define CT_X_ENUM(fn, id, gen, op, fmt) CT_PROP_##fn,
  CT_PROPERTIES(CT_X_ENUM)
#undef CT_X_ENUM
  CT_PROP_COUNT
};

CT_FN void ct_prop_check(int prop, const ct_case *c, ct_outcome *o) {
  ct_outcome_clear(o);
  switch (prop) {
#define CT_X_CASE(fn, id, gen, op, fmt) \
  case CT_PROP_##fn: ct_p_##fn(c, o); break;
    CT_PROPERTIES(CT_X_CASE)
#undef CT_X_CASE
  default: o->verdict = CT_SKIPPED; break;
  }
}
