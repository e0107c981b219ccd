/* prop_index.h -- CT_PROP_<fn>: a property's index in ct_props (the order
 * of props/props_list.h), for device/'s switches over properties: its plans
 * (device/plan.h) and its sort classes (device/sort_classes.h). A switch,
 * not a table of function pointers, so that device code can call it. */
#ifndef CT_PROP_INDEX_H
#define CT_PROP_INDEX_H

#include "props/props_list.h"

enum {
#define CT_X_DEV_INDEX(fn, id, gen, op, fmt) CT_PROP_##fn,
  CT_PROPERTIES(CT_X_DEV_INDEX)
#undef CT_X_DEV_INDEX
  CT_PROP_COUNT
};

#endif
