/* props_list.h -- every property: X(function, "ID", generator, "operation",
 * "case format"). The ID is a post-condition ID of spec/ or OP!CODE for a
 * property that an operation raises that error code. In the format, %0..%3
 * print the case's layouts, %k0 / %k1 its integers. Families add their
 * lines in their own block; the order is the report's order. */
#ifndef CT_PROPS_LIST_H
#define CT_PROPS_LIST_H

#define CT_PROPS_NOTATION(X)                                                                      \
  X(note_1, "NOTE-1", CT_GEN_LAYOUT, "parse/print", "%0")                                         \
  X(note_2, "NOTE-2", CT_GEN_LAYOUT, "parse/print", "%0")                                         \
  X(note_3, "NOTE-3", CT_GEN_LAYOUT, "parse", "shape(%0)")                                        \
  X(note_4, "NOTE-4", CT_GEN_INT, "parse", "%0 with byte %k0 damaged")

#define CT_PROPS_LAYOUT(X)                                                                        \
  X(layout_1, "LAYOUT-1", CT_GEN_PAIR, "size", "size(make_layout(%0, %1))")                       \
  X(layout_2, "LAYOUT-2", CT_GEN_LAYOUT, "crd2idx/idx2crd", "%0")                                 \
  X(layout_3, "LAYOUT-3", CT_GEN_LAYOUT, "idx2crd", "%0")                                         \
  X(layout_4, "LAYOUT-4", CT_GEN_LAYOUT, "cosize", "cosize(%0)")                                  \
  X(layout_5, "LAYOUT-5", CT_GEN_PAIR, "flatten/group/make_layout", "make_layout(%0, %1)")        \
  X(layout_6, "LAYOUT-6", CT_GEN_INT, "slice", "%0 at index %k0")                                 \
  X(equiv_1, "EQUIV-1", CT_GEN_PAIR, "same function", "%0 vs %1")                                 \
  X(equiv_2, "EQUIV-2", CT_GEN_LAYOUT, "equivalent", "%0")

#define CT_PROPS_COALESCE(X)                                                                      \
  X(coal_1, "COAL-1", CT_GEN_LAYOUT, "coalesce", "coalesce(%0)")                                  \
  X(coal_2, "COAL-2", CT_GEN_LAYOUT, "coalesce", "coalesce(%0)")                                  \
  X(coal_3, "COAL-3", CT_GEN_LAYOUT, "coalesce", "coalesce(%0)")                                  \
  X(coal_4, "COAL-4", CT_GEN_LAYOUT, "coalesce", "coalesce(%0)")                                  \
  X(coal_5, "COAL-5", CT_GEN_LAYOUT, "coalesce", "coalesce(%0)")                                  \
  X(coal_6, "COAL-6", CT_GEN_LAYOUT, "coalesce by mode", "coalesce(%0, profile)")                 \
  X(filt_1, "FILT-1", CT_GEN_LAYOUT, "filter_zeros", "filter_zeros(%0)")                          \
  X(filt_2, "FILT-2", CT_GEN_LAYOUT, "filter", "filter(%0)")

#define CT_PROPS_COMPOSITION(X)                                                                   \
  X(comp_1, "COMP-1", CT_GEN_COMP, "composition", "composition(%0, %1)")                          \
  X(comp_2, "COMP-2", CT_GEN_COMP, "composition", "composition(%0, %1)")                          \
  X(comp_2r, "COMP-2/random", CT_GEN_PAIR, "composition (random pairs)", "composition(%0, %1)")          \
  X(comp_3, "COMP-3", CT_GEN_COMP, "composition", "composition(%0, %1)")                          \
  X(comp_4, "COMP-4", CT_GEN_COMP, "composition", "composition(%0, %1)")                          \
  X(comp_5, "COMP-5", CT_GEN_LAYOUT, "composition identities", "composition(%0, size)")           \
  X(comp_6, "COMP-6", CT_GEN_TILER, "composition with a tiler", "composition(%0, %1)")            \
  X(comp_7, "COMP-7", CT_GEN_COMP3, "composition associativity", "(%0 o %1) o %2")                \
  X(comp_e1, "composition!STRIDE_DIVISIBILITY", CT_GEN_LAYOUT, "composition", "%0")               \
  X(comp_e2, "composition!SHAPE_DIVISIBILITY", CT_GEN_LAYOUT, "composition", "%0")                \
  X(comp_e3, "composition!NOT_DISJOINT", CT_GEN_LAYOUT, "composition", "%0")                      \
  X(comp_e4, "composition!NEGATIVE_STRIDE", CT_GEN_LAYOUT, "composition", "%0")                   \
  X(comp_e5, "composition!TOO_MANY_MODES", CT_GEN_LAYOUT, "composition", "%0")

#define CT_PROPS_COMPLEMENT(X)                                                                    \
  X(cpl_1, "CPL-1", CT_GEN_CPL, "complement", "complement(%0, %k0)")                              \
  X(cpl_2, "CPL-2", CT_GEN_CPL, "complement", "complement(%0, %k0)")                              \
  X(cpl_3, "CPL-3", CT_GEN_CPL, "complement", "complement(%0, %k0)")                              \
  X(cpl_4, "CPL-4", CT_GEN_CPL, "complement", "complement(%0, %k0)")                              \
  X(cpl_5, "CPL-5", CT_GEN_CPL, "complement", "complement(%0, %k0)")                              \
  X(cpl_6, "CPL-6", CT_GEN_CPL, "complement", "complement(%0)")                                   \
  X(cpl_e1, "complement!NOT_INJECTIVE", CT_GEN_CPL, "complement", "%0")                           \
  X(cpl_e2, "complement!NOT_COMPLEMENTABLE", CT_GEN_CPL, "complement", "%0")                      \
  X(cpl_e3, "complement!NEGATIVE_STRIDE", CT_GEN_CPL, "complement", "%0")

/* The other families (props_inttuple.c, props_construct.c, props_inverse.c,
 * props_divide.c, props_product.c) fill their blocks. */
#define CT_PROPS_INTTUPLE(X)
#define CT_PROPS_CONSTRUCT(X)
#define CT_PROPS_INVERSE(X)
#define CT_PROPS_DIVIDE(X)
#define CT_PROPS_PRODUCT(X)

#define CT_PROPERTIES(X)                                                                          \
  CT_PROPS_NOTATION(X)                                                                            \
  CT_PROPS_LAYOUT(X)                                                                              \
  CT_PROPS_COALESCE(X)                                                                            \
  CT_PROPS_COMPOSITION(X)                                                                         \
  CT_PROPS_COMPLEMENT(X)                                                                          \
  CT_PROPS_INTTUPLE(X)                                                                            \
  CT_PROPS_CONSTRUCT(X)                                                                           \
  CT_PROPS_INVERSE(X)                                                                             \
  CT_PROPS_DIVIDE(X)                                                                              \
  CT_PROPS_PRODUCT(X)

#define CT_X_DECLARE(fn, id, gen, op, fmt) CT_FN void ct_p_##fn(const ct_case *c, ct_outcome *o);
CT_PROPERTIES(CT_X_DECLARE)
#undef CT_X_DECLARE

#endif
