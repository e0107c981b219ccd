/* props_list.h -- every property: X(function, "ID", generator, "operation",
 * "case format"). The ID is a post-condition ID of spec/ or OP!CODE for a
 * property that an operation raises that error code. In the format, %0..%3
 * print the case's layouts, %k0 / %k1 its integers, %w0 / %w1 its swizzles, %y0 / %z0 their masks, %a0
 * its shared-memory atom (K, 128, 16). Families add their
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
  X(comp_4s, "COMP-4/size-1", CT_GEN_PAIR, "composition, A with a size-1 mode appended", "composition(%0, %1)") \
  X(comp_5, "COMP-5", CT_GEN_LAYOUT, "composition identities", "composition(%0, size)")           \
  X(comp_6, "COMP-6", CT_GEN_TILER, "composition with a tiler", "composition(%0, %1)")            \
  X(comp_7, "COMP-7", CT_GEN_COMP3, "composition associativity", "(%0 o %1) o %2")                \
  X(comp_8, "COMP-8", CT_GEN_PAIR, "composition, accepted iff an answer exists", "composition(%0, %1)") \
  X(comp_8c, "COMP-8/cancelling", CT_GEN_INT, "composition where carries cancel", "(N,N,2):(1,N+1,N*N+N-1) o s:(N+1) from %k0") \
  X(comp_9, "COMP-9", CT_GEN_PAIR, "composition, coalesced leaves", "composition(%0, %1)")     \
  X(comp_10, "COMP-10", CT_GEN_PAIR, "composition, the rejection's index", "composition(%0, %1)") \
  X(comp_11, "COMP-11", CT_GEN_COMP, "composition: the procedure vs the definition", "composition(%0, %1)") \
  X(comp_11r, "COMP-11/random", CT_GEN_PAIR, "composition: the procedure vs the definition", "composition(%0, %1)") \
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
  X(cpl_8, "CPL-8", CT_GEN_CPL, "complement", "complement(%0, %k0)")                              \
  X(cpl_5, "CPL-5", CT_GEN_CPL, "complement", "complement(%0, %k0)")                              \
  X(cpl_6, "CPL-6", CT_GEN_CPL, "complement", "complement(%0)")                                   \
  X(cpl_7, "CPL-7", CT_GEN_INT, "complement, accepted iff a complement exists", "complement(%0, %k0)") \
  X(cpl_7a, "CPL-7/enumerated", CT_GEN_CPL, "complement, accepted iff a complement exists", "complement(%0, %k0)") \
  X(cpl_e1, "complement!NOT_INJECTIVE", CT_GEN_CPL, "complement", "%0")                           \
  X(cpl_e2, "complement!NOT_COMPLEMENTABLE", CT_GEN_CPL, "complement", "%0")                      \
  X(cpl_e3, "complement!NEGATIVE_STRIDE", CT_GEN_CPL, "complement", "%0")                        \
  X(cpl_classified, "complement!classified", CT_GEN_INT, "complement, the code by brute force", "complement(%0, %k0)")

/* The other families (props_inttuple.c, props_construct.c, props_inverse.c,
 * props_divide.c, props_product.c) fill their blocks. */
#define CT_PROPS_INTTUPLE(X)                                                                      \
  X(it_1, "IT-1", CT_GEN_LAYOUT, "product", "product(shape(%0)), product(stride(%0))")            \
  X(it_2, "IT-2", CT_GEN_LAYOUT, "product/flatten", "product(shape(%0)), product(stride(%0))")    \
  X(it_3, "IT-3", CT_GEN_LAYOUT, "sum", "sum(shape(%0)), sum(stride(%0))")                        \
  X(it_4, "IT-4", CT_GEN_LAYOUT, "sum/flatten", "sum(shape(%0)), sum(stride(%0))")                \
  X(it_5, "IT-5", CT_GEN_LAYOUT, "inner_product", "inner_product(shape(%0), stride(%0))")         \
  X(it_6, "IT-6", CT_GEN_LAYOUT, "inner_product/idx2crd", "inner_product(idx2crd(i), stride(%0))") \
  X(it_7, "IT-7", CT_GEN_LAYOUT, "prefix_product", "prefix_product(shape(%0) | stride(%0), init)") \
  X(it_8, "IT-8", CT_GEN_LAYOUT, "prefix_product", "prefix_product(stride(%0), init), prefix_product(shape(%0))") \
  X(it_9, "IT-9", CT_GEN_LAYOUT, "shape_div (integers)", "shape_div(x, y), x, y integers of %0")  \
  X(it_10, "IT-10", CT_GEN_INT, "shape_div", "shape_div(shape(%0), b), b from %k0")               \
  X(it_11, "IT-11", CT_GEN_INT, "shape_div (tuple/integer)", "shape_div(shape(%0), b), b from %k0") \
  X(it_12, "IT-12", CT_GEN_LAYOUT, "shape_div (by element)", "shape_div(shape(%0), b)")           \
  X(it_13, "IT-13", CT_GEN_LAYOUT, "ceil_div (integers)", "ceil_div(x, y), x, y integers of %0")  \
  X(it_14, "IT-14", CT_GEN_INT, "ceil_div", "ceil_div(shape(%0), b), b from %k0")                 \
  X(it_15, "IT-15", CT_GEN_INT, "ceil_div (tuple/integer)", "ceil_div(shape(%0), b), b from %k0") \
  X(it_16, "IT-16", CT_GEN_LAYOUT, "ceil_div (by element)", "ceil_div(shape(%0), b)")             \
  X(it_17, "IT-17", CT_GEN_LAYOUT, "elem_scale", "elem_scale(coarsened stride(%0), shape(%0))")   \
  X(it_18, "IT-18", CT_GEN_LAYOUT, "elem_scale", "elem_scale(coarsened stride(%0), shape(%0))")   \
  X(it_19, "IT-19", CT_GEN_INT, "evenly_divides (integer b)", "evenly_divides(shape(%0), b), b from %k0") \
  X(it_20, "IT-20", CT_GEN_LAYOUT, "evenly_divides (tuple b)", "evenly_divides(shape(%0), b)")    \
  X(it_21, "IT-21", CT_GEN_INT, "evenly_divides vs CuTe", "evenly_divides(shape(%0), b), b from %k0") \
  X(it_22, "IT-22", CT_GEN_PAIR, "congruent", "shapes and strides of %0, %1")                     \
  X(it_23, "IT-23", CT_GEN_PAIR, "weakly_congruent", "shapes, strides, coarsenings of %0, %1")    \
  X(it_24, "IT-24", CT_GEN_PAIR, "compatible", "shapes and coarsenings of %0, %1")                \
  X(it_e_arg, "inttuple!ARG_TYPE", CT_GEN_LAYOUT, "every operation of inttuple.md", "shape(%0) with `_`") \
  X(it_e_product_ovf, "product!OVERFLOW", CT_GEN_LAYOUT, "product", "product(((shape(%0), 2^32), 2^32))") \
  X(it_e_sum_ovf, "sum!OVERFLOW", CT_GEN_LAYOUT, "sum", "sum((shape(%0), 2^63-1))")               \
  X(it_e_inner_ovf, "inner_product!OVERFLOW", CT_GEN_LAYOUT, "inner_product", "%0 with a 2^32 mode") \
  X(it_e_inner_cong, "inner_product!NOT_CONGRUENT", CT_GEN_LAYOUT, "inner_product", "inner_product(shape(%0), (stride(%0), 1))") \
  X(it_e_prefix_ovf, "prefix_product!OVERFLOW", CT_GEN_LAYOUT, "prefix_product", "shape(%0) with 2^32, 2^32, 2") \
  X(it_e_scale_ovf, "elem_scale!OVERFLOW", CT_GEN_LAYOUT, "elem_scale", "%0 with 2^32 integers")  \
  X(it_e_scale_cong, "elem_scale!NOT_CONGRUENT", CT_GEN_LAYOUT, "elem_scale", "elem_scale((1,...), shape(%0))") \
  X(it_sd_e_zero, "shape_div!DIVISION_BY_ZERO", CT_GEN_LAYOUT, "shape_div", "shape(%0) / 0")      \
  X(it_sd_e_div, "shape_div!NOT_DIVISIBLE", CT_GEN_LAYOUT, "shape_div", "shape(%0) / (size+1)")   \
  X(it_sd_e_cong, "shape_div!NOT_CONGRUENT", CT_GEN_LAYOUT, "shape_div", "shape(%0) / (1,...)")   \
  X(it_sd_e_pos, "shape_div!SHAPE_NOT_POSITIVE", CT_GEN_LAYOUT, "shape_div", "shape(%0) / -n")    \
  X(it_sd_e_ovf, "shape_div!OVERFLOW", CT_GEN_LAYOUT, "shape_div", "(shape(%0), -2^63) / (shape(%0), -1)") \
  X(it_cd_e_zero, "ceil_div!DIVISION_BY_ZERO", CT_GEN_LAYOUT, "ceil_div", "shape(%0) / 0")        \
  X(it_cd_e_div, "ceil_div!NOT_DIVISIBLE", CT_GEN_LAYOUT, "ceil_div", "(x, shape(%0)) / (x+1)")   \
  X(it_cd_e_cong, "ceil_div!NOT_CONGRUENT", CT_GEN_LAYOUT, "ceil_div", "shape(%0) / (1,...)")     \
  X(it_cd_e_pos, "ceil_div!SHAPE_NOT_POSITIVE", CT_GEN_LAYOUT, "ceil_div", "shape(%0) / -n")      \
  X(it_cd_e_ovf, "ceil_div!OVERFLOW", CT_GEN_LAYOUT, "ceil_div", "(shape(%0), -2^63) / (shape(%0), -1)") \
  X(it_ed_e_pos, "evenly_divides!SHAPE_NOT_POSITIVE", CT_GEN_LAYOUT, "evenly_divides", "shape(%0) and b <= 0")
#define CT_PROPS_CONSTRUCT(X)                                                                     \
  X(compact_1, "COMPACT-1", CT_GEN_LAYOUT, "compact_col_major/compact_row_major", "compact_*(shape(%0), d0)") \
  X(compact_2, "COMPACT-2", CT_GEN_LAYOUT, "compact_col_major", "make_layout(shape(%0), compact_col_major(shape(%0)))") \
  X(compact_3, "COMPACT-3", CT_GEN_LAYOUT, "compact_row_major", "make_layout(shape(%0), compact_row_major(shape(%0)))") \
  X(compact_4, "COMPACT-4", CT_GEN_LAYOUT, "compact_col_major/compact_row_major", "compact_*(shape(%0), d0)") \
  X(compact_5, "COMPACT-5", CT_GEN_LAYOUT, "make_layout(S, LayoutLeft/Right)", "make_layout(shape(%0), LayoutLeft)") \
  X(ord_1, "ORD-1", CT_GEN_LAYOUT, "make_ordered_layout", "make_ordered_layout(shape(%0), coarsened stride(%0))") \
  X(ord_2, "ORD-2", CT_GEN_LAYOUT, "make_ordered_layout", "make_ordered_layout(shape(%0), coarsened stride(%0))") \
  X(ord_3, "ORD-3", CT_GEN_LAYOUT, "make_ordered_layout", "make_ordered_layout(shape(%0), coarsened stride(%0))") \
  X(ord_4, "ORD-4", CT_GEN_LAYOUT, "make_ordered_layout", "make_ordered_layout(shape(%0), constant or decreasing)") \
  X(ord_5, "ORD-5", CT_GEN_LAYOUT, "make_ordered_layout vs compact_order", "make_ordered_layout(shape(%0), coarsened stride(%0))") \
  X(like_1, "LIKE-1", CT_GEN_LAYOUT, "make_layout_like", "make_layout_like(%0)")                  \
  X(like_2, "LIKE-2", CT_GEN_LAYOUT, "make_layout_like", "make_layout_like(%0)")                  \
  X(like_3, "LIKE-3", CT_GEN_LAYOUT, "make_layout_like", "make_layout_like(%0)")                  \
  X(like_4, "LIKE-4", CT_GEN_LAYOUT, "make_layout_like", "make_layout_like(%0)")                  \
  X(like_5, "LIKE-5", CT_GEN_LAYOUT, "make_layout_like", "make_layout_like(make_layout_like(%0))") \
  X(like_6, "LIKE-6", CT_GEN_LAYOUT, "make_layout_like vs CuTe", "make_layout_like(%0), zero strides static") \
  X(frag_1, "FRAG-1", CT_GEN_LAYOUT, "make_fragment_like", "make_fragment_like(%0)")              \
  X(frag_2, "FRAG-2", CT_GEN_LAYOUT, "make_fragment_like", "make_fragment_like(%0)")              \
  X(frag_3, "FRAG-3", CT_GEN_LAYOUT, "make_fragment_like", "make_fragment_like(%0)")              \
  X(frag_4, "FRAG-4", CT_GEN_LAYOUT, "make_fragment_like", "make_fragment_like(%0)")              \
  X(frag_5, "FRAG-5", CT_GEN_LAYOUT, "make_fragment_like (rank 1)", "make_fragment_like(%0), make_fragment_like((%0))") \
  X(cast_1, "CAST-1", CT_GEN_LAYOUT, "downcast", "downcast<N>(%0 or derived)")                    \
  X(cast_2, "CAST-2", CT_GEN_LAYOUT, "downcast", "downcast<N>(%0 or derived)")                    \
  X(cast_3, "CAST-3", CT_GEN_LAYOUT, "upcast/downcast", "upcast<N>(downcast<N>(%0 or derived))")  \
  X(cast_4, "CAST-4", CT_GEN_LAYOUT, "upcast (split leaf)", "upcast<N>(%0 or derived)")           \
  X(cast_5, "CAST-5", CT_GEN_LAYOUT, "upcast (no split leaf)", "upcast<N>(%0 or %0 with strides*N)") \
  X(cast_6, "CAST-6", CT_GEN_LAYOUT, "upcast/downcast vs CuTe", "upcast/downcast<N>(%0 or derived)") \
  X(cast_7, "CAST-7", CT_GEN_LAYOUT, "upcast/downcast", "upcast<1>(%0), downcast<1>(%0)")         \
  X(cons_e_arg, "construct!ARG_TYPE", CT_GEN_LAYOUT, "every operation of construct.md", "%0 with `_`") \
  X(ccm_e_pos, "compact_col_major!SHAPE_NOT_POSITIVE", CT_GEN_LAYOUT, "compact_col_major", "shape(%0) with an entry <= 0") \
  X(crm_e_pos, "compact_row_major!SHAPE_NOT_POSITIVE", CT_GEN_LAYOUT, "compact_row_major", "shape(%0) with an entry <= 0") \
  X(ord_e_pos, "make_ordered_layout!SHAPE_NOT_POSITIVE", CT_GEN_LAYOUT, "make_ordered_layout", "shape(%0) with an entry <= 0") \
  X(ccm_e_ovf, "compact_col_major!OVERFLOW", CT_GEN_LAYOUT, "compact_col_major", "(shape(%0), 2^32, 2^32, 2)") \
  X(crm_e_ovf, "compact_row_major!OVERFLOW", CT_GEN_LAYOUT, "compact_row_major", "(2, 2^32, 2^32, shape(%0))") \
  X(ord_e_ovf, "make_ordered_layout!OVERFLOW", CT_GEN_LAYOUT, "make_ordered_layout", "(shape(%0), 2^32, 2^32, 2)") \
  X(like_e_ovf, "make_layout_like!OVERFLOW", CT_GEN_LAYOUT, "make_layout_like", "(%0, 2^32:.., 2^32:.., 2:..)") \
  X(frag_e_ovf, "make_fragment_like!OVERFLOW", CT_GEN_LAYOUT, "make_fragment_like", "(%0, 2^32:.., 2^32:.., 2:..)") \
  X(down_e_ovf, "downcast!OVERFLOW", CT_GEN_LAYOUT, "downcast", "downcast<4>((2^62:1, %0*2))")    \
  X(ord_e_prof, "make_ordered_layout!BAD_PROFILE", CT_GEN_LAYOUT, "make_ordered_layout", "make_ordered_layout(shape(%0), bad order)") \
  X(up_e_pos, "upcast!SHAPE_NOT_POSITIVE", CT_GEN_LAYOUT, "upcast", "upcast<N <= 0>(%0)")         \
  X(down_e_pos, "downcast!SHAPE_NOT_POSITIVE", CT_GEN_LAYOUT, "downcast", "downcast<N <= 0>(%0)") \
  X(down_e_unit, "downcast!UNIT_STRIDE", CT_GEN_LAYOUT, "downcast", "downcast<N>(%0*2 with 0 or 2 unit strides)") \
  X(down_e_neg, "downcast!NEGATIVE_STRIDE", CT_GEN_LAYOUT, "downcast", "downcast<N>(%0*2 with a stride -1)") \
  X(up_e_div, "upcast!NOT_DIVISIBLE", CT_GEN_LAYOUT, "upcast", "upcast<N>(%0*N with a bad leaf)")
#define CT_PROPS_INVERSE(X)                                                                       \
  X(rinv_1, "RINV-1", CT_GEN_LAYOUT, "right_inverse", "right_inverse(%0), else of |%0|")          \
  X(rinv_1c, "RINV-1/composition", CT_GEN_LAYOUT, "composition(L, right_inverse(L))", "L = %0, else |%0|") \
  X(rinv_2, "RINV-2", CT_GEN_LAYOUT, "right_inverse", "right_inverse(%0), else of |%0|")          \
  X(rinv_3, "RINV-3", CT_GEN_LAYOUT, "right_inverse", "right_inverse(%0), else filter-injective from it") \
  X(rinv_4, "RINV-4", CT_GEN_LAYOUT, "right_inverse", "right_inverse(%0), else filter-injective from it") \
  X(rinv_5, "RINV-5", CT_GEN_LAYOUT, "right_inverse", "right_inverse(%0), else a bijection from it") \
  X(rinv_e1, "RINV-3/negative", CT_GEN_LAYOUT, "right_inverse", "%0 with a negative stride: RINV-1..4") \
  X(rinv_e2, "right_inverse!OVERFLOW", CT_GEN_LAYOUT, "right_inverse", "(|%0|, 2^32:0, 2^32:0)")   \
  X(linv_1, "LINV-1", CT_GEN_LAYOUT, "left_inverse", "left_inverse(%0), else admissible from it")  \
  X(linv_1c, "LINV-1/composition", CT_GEN_LAYOUT, "L o (left_inverse(L) o L)", "L = %0, else admissible from it") \
  X(linv_2, "LINV-2", CT_GEN_LAYOUT, "left_inverse", "left_inverse(%0), else admissible from it")  \
  X(linv_3, "LINV-3", CT_GEN_LAYOUT, "left_inverse", "left_inverse(%0), else injective from it")   \
  X(linv_4, "LINV-4", CT_GEN_LAYOUT, "left_inverse", "left_inverse(%0), else a bijection from it") \
  X(linv_5, "LINV-5", CT_GEN_LAYOUT, "left_inverse", "left_inverse(%0), else admissible from it")  \
  X(linv_e1, "left_inverse!NEGATIVE_STRIDE", CT_GEN_LAYOUT, "left_inverse", "|%0| with a stride negated") \
  X(linv_e2, "left_inverse!UNDECIDED", CT_GEN_LAYOUT, "left_inverse", "from %0, with modes 2:2T, 2:3T, T >= 1024") \
  X(linv_e3, "left_inverse!NO_LAYOUT", CT_GEN_LAYOUT, "left_inverse", "from %0, the largest stride repeated") \
  X(linv_e4, "left_inverse!OVERFLOW", CT_GEN_LAYOUT, "left_inverse", "from %0, with a mode 2:~2^63")  \
  X(null_1, "NULL-1", CT_GEN_LAYOUT, "nullspace", "nullspace(%0), else of |%0| with stride-0 leaves") \
  X(null_2, "NULL-2", CT_GEN_LAYOUT, "nullspace", "nullspace(%0), else of |%0| with stride-0 leaves") \
  X(null_3, "NULL-3", CT_GEN_LAYOUT, "nullspace", "nullspace(%0), else of |%0| with stride-0 leaves") \
  X(null_4, "NULL-4", CT_GEN_LAYOUT, "nullspace", "nullspace(%0), else of |%0| with stride-0 leaves") \
  X(null_e1, "nullspace!NEGATIVE_STRIDE", CT_GEN_LAYOUT, "nullspace", "(|%0|, 2:-d), d a stride of |%0|: strides cancel") \
  X(null_e2, "nullspace!OVERFLOW", CT_GEN_LAYOUT, "nullspace", "(|%0|, 2^32:0, 2^32:0)")           \
  X(mcl_1, "MCL-1", CT_GEN_PAIR, "max_common_layout", "max_common_layout(%0, %1), and a pair from it") \
  X(mcl_2, "MCL-2", CT_GEN_PAIR, "max_common_layout", "max_common_layout(%0, %1), and a pair from it") \
  X(mcl_3, "MCL-3", CT_GEN_PAIR, "max_common_layout", "max_common_layout(%0, %1), and a pair from it") \
  X(mcl_4, "MCL-4", CT_GEN_PAIR, "max_common_layout", "max_common_layout(%0, %1), and a pair from it, b injective") \
  X(mcl_e1, "MCL-5", CT_GEN_PAIR, "max_common_layout/vector", "((b, %0), b), b = %1 with a stride negated (or |%1|): right_inverse(b)") \
  X(mcl_e2, "MCV-1/shorter-a", CT_GEN_PAIR, "max_common_layout/vector", "(%0, (|%1|, k:x)), size(a) < size(b)") \
  X(mcl_e3, "MCL-4/shorter", CT_GEN_PAIR, "max_common_layout/vector", "a = (3,K):(1,0), b = (2,w,2):(1,x,2): N = 3, R = 2:1") \
  X(mcv_1, "MCV-1", CT_GEN_PAIR, "max_common_vector", "max_common_vector(%0, %1), and a pair from it") \
  X(mcv_2, "MCV-2", CT_GEN_PAIR, "max_common_vector", "max_common_vector(%0, %1), and a pair from it") \
  X(rinv_6, "RINV-6", CT_GEN_LAYOUT, "right_inverse", "%0 with a negative stride: the least indices where a layout has them, else the chain") \
  X(rinv_7, "RINV-7", CT_GEN_LAYOUT, "right_inverse: the procedure vs the definition", "right_inverse(%0)") \
  X(rinv_7n, "RINV-7/negative", CT_GEN_LAYOUT, "right_inverse: the procedure vs the definition", "right_inverse(%0 with a stride negated where it has none)") \
  X(linv_6, "LINV-6", CT_GEN_LAYOUT, "left_inverse", "|%0|: accepted iff a layout answers (a witness search)")
#define CT_PROPS_DIVIDE(X)                                                                                             \
  X(div_1, "DIV-1", CT_GEN_DIV, "logical_divide", "logical_divide(%0, %1)")                                            \
  X(div_1r, "DIV-1/random", CT_GEN_PAIR, "logical_divide (random pairs)", "logical_divide(%0, %1)")                    \
  X(div_2, "DIV-2", CT_GEN_DIV, "logical_divide", "logical_divide(%0, %1)")                                            \
  X(div_3, "DIV-3", CT_GEN_DIV, "logical_divide", "logical_divide(%0, %1)")                                            \
  X(div_3r, "DIV-3/random", CT_GEN_PAIR, "logical_divide (random pairs)", "logical_divide(%0, %1)")                    \
  X(div_4, "DIV-4", CT_GEN_DIV, "logical_divide", "logical_divide(%0, %1)")                                            \
  X(div_4r, "DIV-4/random", CT_GEN_PAIR, "logical_divide (random pairs)", "logical_divide(%0, %1)")                    \
  X(div_5, "DIV-5", CT_GEN_TILER, "logical_divide with a tiler", "logical_divide(%0, %1)")                             \
  X(div_6, "DIV-6", CT_GEN_TILER, "zipped_divide", "zipped_divide(%0, %1)")                                            \
  X(div_7, "DIV-7", CT_GEN_TILER, "zipped_divide vs composition", "zipped_divide(%0, %1)")                             \
  X(div_8, "DIV-8", CT_GEN_TILER, "tiled_divide/flat_divide", "tiled_divide(%0, %1)")                                  \
  X(div_e_inj, "logical_divide!NOT_INJECTIVE", CT_GEN_DIV, "all four divides", "%0 by %1 with a repeated mode")        \
  X(div_e_cpl, "logical_divide!NOT_COMPLEMENTABLE", CT_GEN_DIV, "all four divides", "%0 by %1 with a misaligned mode") \
  X(div_e_neg, "logical_divide!NEGATIVE_STRIDE", CT_GEN_DIV, "all four divides", "%0 by %1 with a stride negated")     \
  X(div_e_stride, "logical_divide!STRIDE_DIVISIBILITY", CT_GEN_LAYOUT, "all four divides", "%0")                       \
  X(div_e_shape, "logical_divide!SHAPE_DIVISIBILITY", CT_GEN_LAYOUT, "all four divides", "%0")                         \
  X(div_e_disj, "logical_divide!NOT_DISJOINT", CT_GEN_LAYOUT, "all four divides", "%0")                                \
  X(div_e_many, "logical_divide!TOO_MANY_MODES", CT_GEN_LAYOUT, "all four divides", "%0")                              \
  X(div_e_ovf, "logical_divide!OVERFLOW", CT_GEN_LAYOUT, "all four divides", "%0")                                     \
  X(div_e_depth, "logical_divide!DEPTH_LIMIT", CT_GEN_LAYOUT, "zipped/tiled_divide", "%0 nested deeper")               \
  X(div_e_rank, "logical_divide!RANK_LIMIT", CT_GEN_LAYOUT, "tiled/flat_divide", "%0 padded to rank 32")               \
  X(div_e_cap, "logical_divide!CAPACITY", CT_GEN_LAYOUT, "all four divides", "%0")
#define CT_PROPS_PRODUCT(X)                                                                                         \
  X(prod_1, "PROD-1", CT_GEN_PROD, "logical_product", "logical_product(%0, B derived from %1)")                     \
  X(prod_1r, "PROD-1/random", CT_GEN_PROD, "logical_product (random B)", "logical_product(%0, %1)")                 \
  X(prod_2, "PROD-2", CT_GEN_PROD, "logical_product", "logical_product(%0, B derived from %1)")                     \
  X(prod_3, "PROD-3", CT_GEN_PROD, "logical_product", "logical_product(%0, B derived from %1)")                     \
  X(prod_4, "PROD-4", CT_GEN_PROD, "logical_product", "logical_product(%0, B derived from %1)")                     \
  X(prod_5, "PROD-5", CT_GEN_TILER, "logical_product with a tiler", "logical_product(%0 compact, tiler like %1)")   \
  X(prod_6, "PROD-6", CT_GEN_TILER, "zipped_product", "zipped_product(%0 compact, tiler like %1)")                  \
  X(prod_7, "PROD-7", CT_GEN_TILER, "tiled_product/flat_product", "tiled_product(%0 compact, tiler like %1)")       \
  X(blk_1, "BLK-1", CT_GEN_PROD, "blocked_product", "blocked_product(%0, B derived from %1)")                       \
  X(blk_2, "BLK-2", CT_GEN_PROD, "blocked_product", "blocked_product(%0, B derived from %1)")                       \
  X(blk_3, "BLK-3", CT_GEN_PROD, "blocked_product", "blocked_product(%0, B derived from %1)")                       \
  X(blk_4, "BLK-4", CT_GEN_PROD, "blocked_product", "blocked_product(%0, B derived from %1)")                       \
  X(rake_1, "RAKE-1", CT_GEN_PROD, "raked_product", "raked_product(%0, B derived from %1)")                         \
  X(rake_2, "RAKE-2", CT_GEN_PROD, "raked_product", "raked_product(%0, B derived from %1)")                         \
  X(rake_3, "RAKE-3", CT_GEN_PROD, "raked_product", "raked_product(%0, B derived from %1)")                         \
  X(rake_4, "RAKE-4", CT_GEN_PROD, "raked vs blocked_product", "raked_product(%0, B derived from %1)")              \
  X(tile_1, "TILE-1", CT_GEN_PAIR, "tile_to_shape", "tile_to_shape(block from %0, target from %1)")                 \
  X(tile_2, "TILE-2", CT_GEN_PAIR, "tile_to_shape", "tile_to_shape(block from %0, target from %1)")                 \
  X(tile_3, "TILE-3", CT_GEN_PAIR, "tile_to_shape", "tile_to_shape(block from %0, target from %1)")                 \
  X(tile_4, "TILE-4", CT_GEN_PAIR, "tile_to_shape", "tile_to_shape(block from %0, target from %1)")                 \
  X(prod_e_inj, "logical_product!NOT_INJECTIVE", CT_GEN_PROD, "all six products", "%0 with a repeated mode")        \
  X(prod_e_cpl, "logical_product!NOT_COMPLEMENTABLE", CT_GEN_PROD, "all six products", "%0 with a misaligned mode") \
  X(prod_e_neg, "logical_product!NEGATIVE_STRIDE", CT_GEN_PROD, "all six products", "%0 with a stride negated")     \
  X(prod_e_stride, "logical_product!STRIDE_DIVISIBILITY", CT_GEN_PROD, "all six products", "%0")                    \
  X(prod_e_shape, "logical_product!SHAPE_DIVISIBILITY", CT_GEN_PROD, "all six products", "%0")                      \
  X(prod_e_disj, "logical_product!NOT_DISJOINT", CT_GEN_PROD, "all six products", "%0")                             \
  X(prod_e_many, "logical_product!TOO_MANY_MODES", CT_GEN_PROD, "the four tiler products", "%0")                    \
  X(prod_e_ovf, "logical_product!OVERFLOW", CT_GEN_PROD, "all six products", "%0")                                  \
  X(prod_e_depth, "logical_product!DEPTH_LIMIT", CT_GEN_LAYOUT, "zipped/tiled_product", "%0 nested deeper")         \
  X(prod_e_rank, "logical_product!RANK_LIMIT", CT_GEN_LAYOUT, "tiled/flat_product", "%0 padded to rank 32")         \
  X(prod_e_cap, "logical_product!CAPACITY", CT_GEN_LAYOUT, "the four tiler products", "%0")                         \
  X(tile_e_many, "tile_to_shape!TOO_MANY_MODES", CT_GEN_LAYOUT, "tile_to_shape", "%0")                              \
  X(tile_e_div, "tile_to_shape!NOT_DIVISIBLE", CT_GEN_LAYOUT, "tile_to_shape", "%0")                                \
  X(tile_e_pos, "tile_to_shape!SHAPE_NOT_POSITIVE", CT_GEN_LAYOUT, "tile_to_shape", "%0")                           \
  X(tile_e_arg, "tile_to_shape!ARG_TYPE", CT_GEN_LAYOUT, "tile_to_shape", "%0")                                     \
  X(tile_e_prof, "tile_to_shape!BAD_PROFILE", CT_GEN_LAYOUT, "tile_to_shape", "%0")

#define CT_PROPS_SWIZZLE(X)                                                                       \
  X(sw_1, "SW-1", CT_GEN_SWIZZLE, "Sw<B,M,S>(x)", "%w0 at x < 2^(B+M+|S|+1), %k1 and far ones")   \
  X(sw_2, "SW-2", CT_GEN_SWIZZLE, "Sw(Sw(x))", "%w0 at x < 2^(B+M+|S|+1), %k1 and far ones")      \
  X(sw_3, "SW-3", CT_GEN_SWIZZLE, "Sw<B,M,S>(x)", "%w0 at x < 2^(B+M+|S|+1), %k1 and far ones")   \
  X(sw_4, "SW-4", CT_GEN_SWIZZLE, "make_swizzle", "make_swizzle of the masks of %w0, one bit %k1 flipped") \
  X(sw_5, "SW-5", CT_GEN_SWIZZLE, "composition of swizzles", "composition(%w0, %w1)")             \
  X(sw_6, "SW-6", CT_GEN_SWIZZLE, "right_inverse/left_inverse", "right_inverse(%w0)")             \
  X(sw_7, "SW-7", CT_GEN_SWIZZLE, "composition(Sw, L)", "composition(%w0, %0)")                   \
  X(sw_8, "SW-8", CT_GEN_SWIZZLE, "composition(L, Sw)", "composition(L, %w0), L by k1 mod 3 = %k1: %0, 2^(w+1):1 or a transpose") \
  X(sw_9, "SW-9", CT_GEN_SWIZZLE, "make_layout(Sw)", "make_layout(%w0)") \
  X(sw_e_bad, "Sw!BAD_SWIZZLE", CT_GEN_SWIZZLE, "Sw<B,M,S>", "%w0 with B, M or S past a bound")

#define CT_PROPS_COMPOSED(X)                                                                      \
  X(cl_1, "CL-1", CT_GEN_SWIZZLE, "composed layout C(i)", "%w0 o %k0 o %0 (outer %1 if k1%4==3)")  \
  X(cl_2, "CL-2", CT_GEN_SWIZZLE, "reshaping a composed layout", "op(%w0 o %k0 o %0), op by k1 = %k1") \
  X(cl_3, "CL-3", CT_GEN_SWIZZLE, "composition(C, T)", "composition(%w0 o %k0 o %0, %2 or %1)")   \
  X(cl_4, "CL-4", CT_GEN_SWIZZLE, "divides/products/tile_to_shape of C", "op(%w0 o %k0 o %0, %1 or %2), op by k1 = %k1") \
  X(cl_5, "CL-5", CT_GEN_SWIZZLE, "slice of a composed layout", "slice(c, %w0 o %k0 o %0), c from k1 = %k1") \
  X(cl_6, "CL-6", CT_GEN_SWIZZLE, "equivalence of composed layouts", "%w0 o %k0 o %0 against it changed by k1 = %k1") \
  X(cl_e_arg, "composed!ARG_TYPE", CT_GEN_SWIZZLE, "composed layout", "%w0 o shape(%0) o %0") \
  X(cl_7, "CL-7", CT_GEN_SWIZZLE, "get_swizzle_portion/get_nonswizzle_portion", "the portions of %w0 o %k0 o %0") \
  X(cl_8, "CL-8", CT_GEN_LAYOUT, "get_swizzle_portion/get_nonswizzle_portion", "the portions of %0") \
  X(cl_e_portion, "get_swizzle_portion!ARG_TYPE", CT_GEN_SWIZZLE, "get_swizzle_portion/get_nonswizzle_portion", "the portions of %w0 o %k0 o %0 (outer %1 if k1 mod 4 == 3)") \
  X(rinv_8, "RINV-8", CT_GEN_SWIZZLE, "right_inverse of a composed layout", "right_inverse(%w0 o O o %0), outer %1 if k1 mod 4 == 3, O by k1/4 mod 4 from %k0") \
  X(linv_7, "LINV-7", CT_GEN_SWIZZLE, "left_inverse of a composed layout", "left_inverse(%w0 o O o %0), outer %1 if k1 mod 4 == 3, O by k1/4 mod 4 from %k0") \
  X(cl_9, "CL-9", CT_GEN_SWIZZLE, "composition(L, C)", "composition(L, %w0 o O o %0), L by k1 mod 3 = %k1, O by k1/4 mod 4 from %k0") \
  X(mcl_6, "MCL-6", CT_GEN_SWIZZLE, "max_common_layout of composed layouts", "max_common_layout(%w0 o O o %0, b), b by k1/16 mod 3 = %k1, O by k1/4 mod 4 from %k0") \
  X(mcv_3, "MCV-3", CT_GEN_SWIZZLE, "max_common_vector of composed layouts", "max_common_vector(%w0 o O o %0, b), b by k1/16 mod 3 = %k1, O by k1/4 mod 4 from %k0") \
  X(rec_3, "REC-3", CT_GEN_SWIZZLE, "upcast/downcast of a swizzle", "upcast or downcast of %w0, N and which by k1 = %k1") \
  X(rec_4, "REC-4", CT_GEN_SWIZZLE, "upcast/downcast of a composed layout", "upcast or downcast of %w0 o O o %0, N by k1 = %k1, O by k1/4 mod 4 from %k0") \
  X(align_3, "ALIGN-3", CT_GEN_SWIZZLE, "max_alignment of a swizzle and a composed layout", "max_alignment(%w0 o %k0 o %0), outer %1 if k1 mod 4 == 3, the offset static if k1/3 odd") \
  X(null_5, "NULL-5", CT_GEN_SWIZZLE, "nullspace of a composed layout", "nullspace(%w0 o O o %0), outer %1 if k1 mod 4 == 3, O by k1/4 mod 4 from %k0") \
  X(prod_8, "PROD-8", CT_GEN_SWIZZLE, "logical_product(L, C)", "logical_product(L, %w0 o O o T), L by M of %w1 mod 3, T %0 or (B of %w1 odd) _2^w:_1, O by k1/4 mod 4 from %k0") \
  X(doff_1, "DOFF-1", CT_GEN_SWIZZLE, "domain_offset of a composed layout", "domain_offset(c, %w0 o %k0 o %0), c the index %k1 or (k0 odd) its coordinate") \
  X(doff_2, "DOFF-2", CT_GEN_INT, "domain_offset of a layout", "domain_offset(c, %0), c the index %k0 or (k0 odd) its coordinate")

#define CT_PROPS_ATOMS(X)                                                                         \
  X(atom_1, "ATOM-1", CT_GEN_SWIZZLE, "gmma_atom", "gmma_atom(%a0)")                              \
  X(atom_2, "ATOM-2", CT_GEN_SWIZZLE, "recast_swizzle", "recast_swizzle of gmma_atom(%a0)")       \
  X(atom_3, "ATOM-3", CT_GEN_SWIZZLE, "tile_to_shape of an atom", "gmma_atom(%a0) and its tile_to_shape to twice its shape") \
  X(atom_4, "ATOM-4", CT_GEN_SWIZZLE, "umma_atom_32b", "umma_atom_32b(2^(k0 % 8))") \
  X(atom_5, "ATOM-5", CT_GEN_SWIZZLE, "gmma_sparse_atom", "gmma_sparse_atom(%a0, 2^(k0 % 3))") \
  X(atom_6, "ATOM-6", CT_GEN_SWIZZLE, "umma_sparse_atom_32b", "umma_sparse_atom_32b(2^(2 + k0 % 5), 2^(k1 % 3))")

#define CT_PROPS_CUTLASS2X(X)                                                                     \
  X(cx_1, "CX-1", CT_GEN_SWIZZLE, "CUTLASS 2.x layouts", "the six 2.x layouts over extents from k0 = %k0, k1 = %k1") \
  X(cx_2, "CX-2", CT_GEN_SWIZZLE, "CUTLASS 2.x capacity", "the six 2.x layouts over extents from k0 = %k0, k1 = %k1") \
  X(cx_3, "CX-3", CT_GEN_SWIZZLE, "CUTLASS 2.x inverse", "the six 2.x layouts over extents from k0 = %k0, k1 = %k1") \
  X(cx_4, "CX-4", CT_GEN_SWIZZLE, "TensorOpMultiplicand", "a TensorOpMultiplicand layout from k0 = %k0, k1 = %k1") \
  X(cx_5, "CX-5", CT_GEN_SWIZZLE, "ColumnMajor/RowMajor TensorOpMultiplicand", "the TensorOp layout of CX-4 as ColumnMajor and RowMajor")

#define CT_PROPS_BASIS(X)                                                                                           \
  X(basis_1, "BASIS-1", CT_GEN_LAYOUT, "make_identity_layout", "make_identity_layout(shape(%0))")                   \
  X(basis_2, "BASIS-2", CT_GEN_LAYOUT, "evaluation", "%0 with basis strides")                                      \
  X(basis_3, "BASIS-3", CT_GEN_LAYOUT, "coprofile", "coprofile(%0 with basis strides)")                            \
  X(basis_4, "BASIS-4", CT_GEN_LAYOUT, "coshape/cosize", "coshape(%0 with basis strides)")                         \
  X(basis_5, "BASIS-5", CT_GEN_LAYOUT, "coalesce/filter_zeros/filter", "coalesce(%0 with basis strides)")          \
  X(basis_6, "BASIS-6", CT_GEN_COMP, "composition, A basis", "composition(%0 with basis strides, %1)")             \
  X(basis_7, "BASIS-7", CT_GEN_COMP, "composition, B basis", "composition((%0, %0), %1 with strides @0/@1)")       \
  X(basis_8, "BASIS-8", CT_GEN_DIV, "logical_divide, A basis", "logical_divide(%0 with basis strides, %1)")        \
  X(basis_9, "BASIS-9", CT_GEN_TILER, "paths forgotten", "op(%0 with basis strides constant on runs, %1)")         \
  X(basis_e_mismatch, "layout!BASIS_MISMATCH", CT_GEN_LAYOUT, "layout", "%0 with basis strides and a clash")       \
  X(basis_e_depth, "make_identity_layout!DEPTH_LIMIT", CT_GEN_LAYOUT, "make_identity_layout", "shape(%0) in 4 ()") \
  X(basis_e_index, "composition!INDEX_OUT_OF_RANGE", CT_GEN_COMP, "composition, B basis", "composition(%0, %1 @rank)") \
  X(basis_10, "BASIS-10", CT_GEN_PAIR, "composition, A basis, exact", "composition(%0 with basis strides of any paths, %1)") \
  X(basis_11, "BASIS-11", CT_GEN_PAIR, "make_layout/append/prepend/replace, A basis", "make_layout(%0 with basis strides, %1)")

#define CT_PROPS_REARRANGE(X)                                                                                  \
  X(rearr_1, "REARR-1", CT_GEN_PAIR, "append", "append<rank(%0)+k>(%0, %1)")                                  \
  X(rearr_2, "REARR-2", CT_GEN_PAIR, "prepend", "prepend<rank(%0)+k>(%0, %1)")                                \
  X(rearr_3, "REARR-3", CT_GEN_PAIR, "replace", "replace<k>(%0, %1)")                                         \
  X(rearr_4, "REARR-4", CT_GEN_PAIR, "zip", "zip(%0, %0 or %1)")                                              \
  X(rearr_5, "REARR-5", CT_GEN_PAIR, "unflatten", "unflatten(flatten(%0), shape(%0 or %1))")                  \
  X(rearr_6, "REARR-6", CT_GEN_LAYOUT, "product_each", "product_each(shape(%0))")                            \
  X(rec_1, "REC-1", CT_GEN_LAYOUT, "recast_layout", "recast_layout<a,b>(%0)")                                  \
  X(rec_2, "REC-2", CT_GEN_LAYOUT, "recast_layout", "recast_layout<b,a>(recast_layout<a,b>(%0))")

/* Two shapes (props_refine.c, spec/refine.md): the pair is two coarsenings
 * of shape(%0), shape(%0) and a coarsening, a coarsening and
 * flatten(shape(%0)), or shape(%0) and shape(%1), by the case's digest. */
#define CT_PROPS_REFINE(X)                                                                                           \
  X(refine_1, "REFINE-1", CT_GEN_PAIR, "common_refinement", "common_refinement(a, b), a and b from %0 and %1")       \
  X(refine_2, "REFINE-2", CT_GEN_PAIR, "common_refinement", "common_refinement(a, b), a and b coarsenings of %0")    \
  X(refine_3, "REFINE-3", CT_GEN_PAIR, "common_refinement", "common_refinement(a, b) and (b, a), from %0 and %1")    \
  X(refine_e_none, "common_refinement!NO_COMMON_REFINEMENT", CT_GEN_PAIR, "common_refinement",                       \
    "common_refinement(a, a with a leaf + 1), a a coarsening of shape(%0)")                                          \
  X(coarsen_1, "COARSEN-1", CT_GEN_PAIR, "common_coarsening", "common_coarsening(a, b), a and b from %0 and %1")     \
  X(coarsen_2, "COARSEN-2", CT_GEN_PAIR, "common_coarsening", "common_coarsening(a, b), a and b from %0 and %1")     \
  X(coarsen_3, "COARSEN-3", CT_GEN_PAIR, "common_coarsening", "common_coarsening(a, b) and (b, a), from %0 and %1")  \
  X(coarsen_e_size, "common_coarsening!SIZE_MISMATCH", CT_GEN_PAIR, "common_coarsening",                             \
    "common_coarsening(shape(%0), shape(%0) with a leaf + 1)")                                                       \
  X(gcd_1, "GCD-1", CT_GEN_PAIR, "greatest_common_domain", "greatest_common_domain(a, b), a and b from %0 and %1")   \
  X(gcd_2, "GCD-2", CT_GEN_PAIR, "greatest_common_domain", "greatest_common_domain(a, b), a and b from %0 and %1")   \
  X(gcd_3, "GCD-3", CT_GEN_PAIR, "greatest_common_domain", "greatest_common_domain(a, b), a and b from %0 and %1")   \
  X(gcd_4, "GCD-4", CT_GEN_PAIR, "greatest_common_domain", "greatest_common_domain(a, b), a and b from %0 and %1")   \
  X(gcd_5, "GCD-5", CT_GEN_PAIR, "greatest_common_domain", "greatest_common_domain(a, b), (b, a), (flatten(a), b)") \
  X(dist_1, "DIST-1", CT_GEN_INT, "domain_distribute", "domain_distribute(shape(%0) static, _(%k0+1))")            \
  X(dist_2, "DIST-2", CT_GEN_INT, "domain_distribute", "domain_distribute(shape(%0) static, _(%k0+1))")            \
  X(dist_3, "DIST-3", CT_GEN_INT, "domain_distribute", "domain_distribute(shape(%0), k0+1), one of them dynamic") \
  X(align_1, "ALIGN-1", CT_GEN_LAYOUT, "max_alignment", "max_alignment(%0)")                                      \
  X(align_2, "ALIGN-2", CT_GEN_LAYOUT, "max_alignment", "max_alignment(%0), dynamic integers changed")

/* Issue 17 (props_roundtrip.c, props_edges.c): the round trip for every
 * kind of value, and the integer edges (NOTE-5). */
#define CT_PROPS_ROUNDTRIP(X)                                                                     \
  X(note_1v, "NOTE-1/values", CT_GEN_TILER, "parse/print (every kind of value)", "values from %0 and %1") \
  X(edge_size, "NOTE-5/size", CT_GEN_LAYOUT, "size near the 64-bit edges", "edge modes with %0")       \
  X(edge_cosize, "NOTE-5/cosize", CT_GEN_LAYOUT, "cosize near the 64-bit edges", "edge modes with %0")   \
  X(edge_eval, "NOTE-5/eval", CT_GEN_LAYOUT, "L(i) near the 64-bit edges", "edge modes with %0")         \
  X(edge_coalesce, "NOTE-5/coalesce", CT_GEN_LAYOUT, "coalesce near the 64-bit edges", "edge modes with %0") \
  X(edge_comp, "NOTE-5/composition", CT_GEN_PAIR, "composition near the 64-bit edges", "edge A o %1 (edge strides)") \
  X(edge_cpl, "NOTE-5/complement", CT_GEN_LAYOUT, "complement near the 64-bit edges", "edge modes with %0, edge cotarget") \
  X(edge_div, "NOTE-5/divide", CT_GEN_PAIR, "logical_divide near the 64-bit edges", "edge A / %1 (edge strides)") \
  X(edge_prod, "NOTE-5/product", CT_GEN_PAIR, "logical_product near the 64-bit edges", "edge A x %1 (edge strides)")

/* Issue 16 (props_fast.c): each fast path of ref/ against the function
 * that defines it, case by case. */
#define CT_PROPS_FAST(X)                                                                          \
  X(layout_2i, "LAYOUT-2/integer", CT_GEN_INT, "L(i) vs crd2idx(i, L)", "%0 at index %k0")    \
  X(layout_2w, "LAYOUT-2/walk", CT_GEN_INT, "leaf form L(i) vs L(i)", "%0 at index %k0")          \
  X(layout_2m, "LAYOUT-2/modes", CT_GEN_INT, "leaf form of the leaves L(i) vs L(i)", "%0")          \
  X(rinv_3w, "RINV-3/window", CT_GEN_INT, "least value not taken: window vs search", "%0 reordered and made injective, from 0 and %k0 mod N+1")

/* The principle (PRIN-1, spec/layout.md; props_principle.c): one property per
 * request generator of an operation about a layout's function, named after
 * the generator (cli/registry.c) and drawing its cases the same way. */
#define CT_PROPS_PRINCIPLE(X) \
  X(pr_size_layout, "PRIN-1/size/layout", CT_GEN_LAYOUT, "size", "size(%0)") \
  X(pr_cosize_layout, "PRIN-1/cosize/layout", CT_GEN_LAYOUT, "cosize", "cosize(%0)") \
  X(pr_crd2idx_index, "PRIN-1/crd2idx/index", CT_GEN_INT, "crd2idx", "crd2idx(%k0, %0)") \
  X(pr_eval_index, "PRIN-1/eval/index", CT_GEN_INT, "eval", "eval(%0, %k0)") \
  X(pr_make_layout_pair, "PRIN-1/make_layout/pair", CT_GEN_PAIR, "make_layout", "make_layout(%0, %1)") \
  X(pr_append_pair, "PRIN-1/append/pair", CT_GEN_PAIR, "append", "append(%0, %1)") \
  X(pr_append_pad, "PRIN-1/append/pad", CT_GEN_PAIR, "append", "append<4>(%0, %1)") \
  X(pr_prepend_pair, "PRIN-1/prepend/pair", CT_GEN_PAIR, "prepend", "prepend(%0, %1)") \
  X(pr_prepend_pad, "PRIN-1/prepend/pad", CT_GEN_PAIR, "prepend", "prepend<4>(%0, %1)") \
  X(pr_flatten_layout, "PRIN-1/flatten/layout", CT_GEN_LAYOUT, "flatten", "flatten(%0)") \
  X(pr_layout_mode0, "PRIN-1/layout/mode0", CT_GEN_LAYOUT, "layout", "layout<0>(%0)") \
  X(pr_get_mode0, "PRIN-1/get/mode0", CT_GEN_LAYOUT, "get", "get<0>(%0)") \
  X(pr_group_pair, "PRIN-1/group/pair", CT_GEN_PAIR, "group", "group<0,2>(make_layout(%0, %1))") \
  X(pr_take_pair, "PRIN-1/take/pair", CT_GEN_PAIR, "take", "take<1,2>(make_layout(%0, %1))") \
  X(pr_select_pair, "PRIN-1/select/pair", CT_GEN_PAIR, "select", "select<1,0>(make_layout(%0, %1))") \
  X(pr_slice_index, "PRIN-1/slice/index", CT_GEN_INT, "slice", "slice((_, %k0), make_layout(%0, %0))") \
  X(pr_dice_index, "PRIN-1/dice/index", CT_GEN_INT, "dice", "dice((_, %k0), make_layout(%0, %0))") \
  X(pr_product_shape, "PRIN-1/product/shape", CT_GEN_LAYOUT, "product", "product(shape(%0))") \
  X(pr_prefix_product_shape, "PRIN-1/prefix_product/shape", CT_GEN_LAYOUT, "prefix_product", "prefix_product(shape(%0))") \
  X(pr_shape_div_pair, "PRIN-1/shape_div/pair", CT_GEN_PAIR, "shape_div", "shape_div(shape(%0), shape(%1))") \
  X(pr_shape_div_size, "PRIN-1/shape_div/size", CT_GEN_INT, "shape_div", "shape_div(shape(%0), %k0)") \
  X(pr_ceil_div_pair, "PRIN-1/ceil_div/pair", CT_GEN_PAIR, "ceil_div", "ceil_div(shape(%0), shape(%1))") \
  X(pr_ceil_div_size, "PRIN-1/ceil_div/size", CT_GEN_INT, "ceil_div", "ceil_div(shape(%0), %k0)") \
  X(pr_elem_scale_pair, "PRIN-1/elem_scale/pair", CT_GEN_PAIR, "elem_scale", "elem_scale(shape(%0), shape(%1))") \
  X(pr_evenly_divides_pair, "PRIN-1/evenly_divides/pair", CT_GEN_PAIR, "evenly_divides", "evenly_divides(shape(%0), shape(%1))") \
  X(pr_compact_col_major_shape, "PRIN-1/compact_col_major/shape", CT_GEN_LAYOUT, "compact_col_major", "compact_col_major(shape(%0))") \
  X(pr_compact_row_major_shape, "PRIN-1/compact_row_major/shape", CT_GEN_LAYOUT, "compact_row_major", "compact_row_major(shape(%0))") \
  X(pr_make_layout_like_layout, "PRIN-1/make_layout_like/layout", CT_GEN_LAYOUT, "make_layout_like", "make_layout_like(%0)") \
  X(pr_make_fragment_like_layout, "PRIN-1/make_fragment_like/layout", CT_GEN_LAYOUT, "make_fragment_like", "make_fragment_like(%0)") \
  X(pr_upcast_layout, "PRIN-1/upcast/layout", CT_GEN_LAYOUT, "upcast", "upcast(%0, 2)") \
  X(pr_downcast_layout, "PRIN-1/downcast/layout", CT_GEN_LAYOUT, "downcast", "downcast(%0, 2)") \
  X(pr_make_ordered_layout_layout, "PRIN-1/make_ordered_layout/layout", CT_GEN_LAYOUT, "make_ordered_layout", "make_ordered_layout(shape(%0), stride(%0))") \
  X(pr_coalesce_layout, "PRIN-1/coalesce/layout", CT_GEN_LAYOUT, "coalesce", "coalesce(%0)") \
  X(pr_filter_zeros_layout, "PRIN-1/filter_zeros/layout", CT_GEN_LAYOUT, "filter_zeros", "filter_zeros(%0)") \
  X(pr_filter_layout, "PRIN-1/filter/layout", CT_GEN_LAYOUT, "filter", "filter(%0)") \
  X(pr_composition_admissible, "PRIN-1/composition/admissible", CT_GEN_COMP, "composition", "composition(%0, %1)") \
  X(pr_composition_random, "PRIN-1/composition/random", CT_GEN_PAIR, "composition", "composition(%0, %1)") \
  X(pr_composition_tiler, "PRIN-1/composition/tiler", CT_GEN_TILER, "composition", "composition(%0, %1)") \
  X(pr_with_shape_admissible, "PRIN-1/with_shape/admissible", CT_GEN_COMP, "with_shape", "with_shape(%0, shape(%1))") \
  X(pr_complement_admissible, "PRIN-1/complement/admissible", CT_GEN_CPL, "complement", "complement(%0, %k0)") \
  X(pr_complement_random, "PRIN-1/complement/random", CT_GEN_INT, "complement", "complement(%0, %k0)") \
  X(pr_complement_default, "PRIN-1/complement/default", CT_GEN_CPL, "complement", "complement(%0)") \
  X(pr_complement_random_default, "PRIN-1/complement/random-default", CT_GEN_LAYOUT, "complement", "complement(%0)") \
  X(pr_right_inverse_layout, "PRIN-1/right_inverse/layout", CT_GEN_LAYOUT, "right_inverse", "right_inverse(%0)") \
  X(pr_right_inverse_complementable, "PRIN-1/right_inverse/complementable", CT_GEN_CPL, "right_inverse", "right_inverse(%0)") \
  X(pr_left_inverse_layout, "PRIN-1/left_inverse/layout", CT_GEN_LAYOUT, "left_inverse", "left_inverse(%0)") \
  X(pr_left_inverse_complementable, "PRIN-1/left_inverse/complementable", CT_GEN_CPL, "left_inverse", "left_inverse(%0)") \
  X(pr_nullspace_layout, "PRIN-1/nullspace/layout", CT_GEN_LAYOUT, "nullspace", "nullspace(%0)") \
  X(pr_max_common_layout_pair, "PRIN-1/max_common_layout/pair", CT_GEN_PAIR, "max_common_layout", "max_common_layout(%0, %1)") \
  X(pr_max_common_vector_pair, "PRIN-1/max_common_vector/pair", CT_GEN_PAIR, "max_common_vector", "max_common_vector(%0, %1)") \
  X(pr_linear_layout_layout, "PRIN-1/linear_layout/layout", CT_GEN_LAYOUT, "linear_layout", "linear_layout(%0)") \
  X(pr_logical_divide_admissible, "PRIN-1/logical_divide/admissible", CT_GEN_DIV, "logical_divide", "logical_divide(%0, %1)") \
  X(pr_logical_divide_tiler, "PRIN-1/logical_divide/tiler", CT_GEN_TILER, "logical_divide", "logical_divide(%0, %1)") \
  X(pr_logical_divide_random, "PRIN-1/logical_divide/random", CT_GEN_PAIR, "logical_divide", "logical_divide(%0, %1)") \
  X(pr_zipped_divide_admissible, "PRIN-1/zipped_divide/admissible", CT_GEN_DIV, "zipped_divide", "zipped_divide(%0, %1)") \
  X(pr_zipped_divide_tiler, "PRIN-1/zipped_divide/tiler", CT_GEN_TILER, "zipped_divide", "zipped_divide(%0, %1)") \
  X(pr_tiled_divide_admissible, "PRIN-1/tiled_divide/admissible", CT_GEN_DIV, "tiled_divide", "tiled_divide(%0, %1)") \
  X(pr_tiled_divide_tiler, "PRIN-1/tiled_divide/tiler", CT_GEN_TILER, "tiled_divide", "tiled_divide(%0, %1)") \
  X(pr_flat_divide_admissible, "PRIN-1/flat_divide/admissible", CT_GEN_DIV, "flat_divide", "flat_divide(%0, %1)") \
  X(pr_flat_divide_tiler, "PRIN-1/flat_divide/tiler", CT_GEN_TILER, "flat_divide", "flat_divide(%0, %1)") \
  X(pr_logical_product_admissible, "PRIN-1/logical_product/admissible", CT_GEN_PROD, "logical_product", "logical_product(%0, %1)") \
  X(pr_logical_product_random, "PRIN-1/logical_product/random", CT_GEN_PAIR, "logical_product", "logical_product(%0, %1)") \
  X(pr_zipped_product_admissible, "PRIN-1/zipped_product/admissible", CT_GEN_PROD, "zipped_product", "zipped_product(%0, %1)") \
  X(pr_tiled_product_admissible, "PRIN-1/tiled_product/admissible", CT_GEN_PROD, "tiled_product", "tiled_product(%0, %1)") \
  X(pr_flat_product_admissible, "PRIN-1/flat_product/admissible", CT_GEN_PROD, "flat_product", "flat_product(%0, %1)") \
  X(pr_blocked_product_admissible, "PRIN-1/blocked_product/admissible", CT_GEN_PROD, "blocked_product", "blocked_product(%0, %1)") \
  X(pr_raked_product_admissible, "PRIN-1/raked_product/admissible", CT_GEN_PROD, "raked_product", "raked_product(%0, %1)") \
  X(pr_tile_to_shape_pair, "PRIN-1/tile_to_shape/pair", CT_GEN_PAIR, "tile_to_shape", "tile_to_shape(%0, shape(%1))") \
  X(pr_coprofile_layout, "PRIN-1/coprofile/layout", CT_GEN_LAYOUT, "coprofile", "coprofile(%0)") \
  X(pr_coshape_layout, "PRIN-1/coshape/layout", CT_GEN_LAYOUT, "coshape", "coshape(%0)") \
  X(pr_replace_pair, "PRIN-1/replace/pair", CT_GEN_PAIR, "replace", "replace<1>(%0, %1)") \
  X(pr_zip_pair, "PRIN-1/zip/pair", CT_GEN_PAIR, "zip", "zip(%0, %1)") \
  X(pr_zip_divided, "PRIN-1/zip/divided", CT_GEN_TILER, "zip", "zip(zipped_divide(%0, %1))") \
  X(pr_unflatten_layout, "PRIN-1/unflatten/layout", CT_GEN_LAYOUT, "unflatten", "unflatten(flatten(%0), shape(%0))") \
  X(pr_product_each_shape, "PRIN-1/product_each/shape", CT_GEN_LAYOUT, "product_each", "product_each(shape(%0))") \
  X(pr_recast_layout_16to32, "PRIN-1/recast_layout/16to32", CT_GEN_LAYOUT, "recast_layout", "recast_layout<16,32>(%0)") \
  X(pr_recast_layout_32to8, "PRIN-1/recast_layout/32to8", CT_GEN_LAYOUT, "recast_layout", "recast_layout<32,8>(%0)") \
  X(pr_recast_layout_16to24, "PRIN-1/recast_layout/16to24", CT_GEN_LAYOUT, "recast_layout", "recast_layout<16,24>(%0)") \
  X(pr_common_refinement_pair, "PRIN-1/common_refinement/pair", CT_GEN_PAIR, "common_refinement", "common_refinement(shape(%0), shape(%1))") \
  X(pr_common_refinement_sizes, "PRIN-1/common_refinement/sizes", CT_GEN_LAYOUT, "common_refinement", "common_refinement(product_each(shape(%0)), shape(%0))") \
  X(pr_common_refinement_flat, "PRIN-1/common_refinement/flat", CT_GEN_LAYOUT, "common_refinement", "common_refinement(shape(%0), flatten(shape(%0)))") \
  X(pr_common_coarsening_pair, "PRIN-1/common_coarsening/pair", CT_GEN_PAIR, "common_coarsening", "common_coarsening(shape(%0), shape(%1))") \
  X(pr_common_coarsening_flat, "PRIN-1/common_coarsening/flat", CT_GEN_LAYOUT, "common_coarsening", "common_coarsening(shape(%0), flatten(shape(%0)))") \
  X(pr_common_coarsening_sizes, "PRIN-1/common_coarsening/sizes", CT_GEN_PAIR, "common_coarsening", "common_coarsening(shape(%0), product_each(shape(%0)))") \
  X(pr_greatest_common_domain_pair, "PRIN-1/greatest_common_domain/pair", CT_GEN_PAIR, "greatest_common_domain", "greatest_common_domain(shape(%0), shape(%1))") \
  X(pr_greatest_common_domain_sizes, "PRIN-1/greatest_common_domain/sizes", CT_GEN_LAYOUT, "greatest_common_domain", "greatest_common_domain(shape(%0), product_each(shape(%0)))")

/* linear_layout (props_linear.c, spec/linear.md). */
#define CT_PROPS_LINEAR(X)                                                                        \
  X(lin_1, "LIN-1", CT_GEN_LAYOUT, "linear_layout", "linear_layout(%0 in powers of two)")         \
  X(lin_2, "LIN-2", CT_GEN_LAYOUT, "linear_layout", "linear_layout(%0)")

/* inner_partition, outer_partition, local_tile, local_partition
 * (props_partition.c, spec/partition.md). */
#define CT_PROPS_PARTITION(X)                                                                     \
  X(part_1, "PART-1", CT_GEN_TILER, "inner_partition", "inner_partition(%0, %1, c)")             \
  X(part_2, "PART-2", CT_GEN_TILER, "outer_partition", "outer_partition(%0, %1, c)")             \
  X(part_3, "PART-3", CT_GEN_TILER, "inner_partition, every tile", "inner_partition(%0, %1, c) for every c") \
  X(part_4, "PART-4", CT_GEN_TILER, "outer_partition, every element", "outer_partition(%0, %1, c) for every c") \
  X(part_5, "PART-5", CT_GEN_TILER, "local_tile with a projection", "local_tile(%0, %1 with an X mode, c, P)") \
  X(part_6, "PART-6", CT_GEN_TILER, "local_partition", "local_partition(%0, thr of %1, idx[, P])") \
  X(part_7, "PART-7", CT_GEN_TILER, "local_partition, every thread", "local_partition(%0, thr of %1, idx) for every idx") \
  X(part_8, "PART-8", CT_GEN_TILER, "partitions, static marks flipped", "inner/outer/local_partition of %0, %1") \
  X(part_9, "PART-9", CT_GEN_TILER, "inner/outer_partition_offset, local_tile_offset", "*_offset(%0, %1, c[, P])") \
  X(part_10, "PART-10", CT_GEN_TILER, "local_partition_offset", "local_partition_offset(%0, thr of %1, idx[, P])") \
  X(part_11, "PART-11", CT_GEN_TILER, "inner/outer_partition, tilers that do not divide", "inner/outer_partition(%0, shape tiler, c) for every c") \
  X(part_e1, "inner_partition!COORD_OUT_OF_RANGE", CT_GEN_TILER, "inner_partition", "inner_partition(%0, %1, size(rest))") \
  X(part_e2, "local_partition!DIVISION_BY_ZERO", CT_GEN_LAYOUT, "local_partition", "local_partition(%0, s:0, 1)") \
  X(tv_1, "TV-1", CT_GEN_PAIR, "make_layout_tv", "make_layout_tv(shape(%0), shape(%1)), compact")          \
  X(tv_2, "TV-2", CT_GEN_PAIR, "make_layout_tv_tiler", "make_layout_tv_tiler(shape(%0), shape(%1)), compact") \
  X(tv_e1, "make_layout_tv!NOT_INJECTIVE", CT_GEN_PAIR, "make_layout_tv", "make_layout_tv(s:0, shape(%1))") \
  X(tv_e2, "make_layout_tv!NO_LAYOUT", CT_GEN_PAIR, "make_layout_tv", "make_layout_tv(shape(%0), s:2)")

/* the MMA atoms' TV layouts (props_mma.c, spec/mma.md). */
#define CT_PROPS_MMA(X)                                                                           \
  X(mma_1, "MMA-1", CT_GEN_SWIZZLE, "mma_tv_c", "C of the case's atom (k1, w0)")                  \
  X(mma_2, "MMA-2", CT_GEN_SWIZZLE, "mma_tv_a/mma_tv_b", "A or B of the case's atom (k1, w0)")    \
  X(mma_3, "MMA-3", CT_GEN_SWIZZLE, "mma_tv_a/b/c", "the case's atom and operand (k1, w0)")       \
  X(mma_4, "MMA-4", CT_GEN_SWIZZLE, "mma_tv_a/b/c", "the case's atom and operand (k1, w0)")       \
  X(mma_5, "MMA-5", CT_GEN_SWIZZLE, "mma_tv_a/b/c", "the case's atom and operand (k1, w0)")       \
  X(mma_6, "MMA-6", CT_GEN_SWIZZLE, "umma_tv_a/b/c", "the case's UMMA atom and operand (k0, k1)")

/* the copy atoms' TV layouts (props_copy.c, spec/copy.md). */
#define CT_PROPS_COPY(X)                                                                          \
  X(copy_1, "COPY-1", CT_GEN_SWIZZLE, "copy_tv_src/dst/ref", "the case's atom and layout (k1, w0)") \
  X(copy_2, "COPY-2", CT_GEN_SWIZZLE, "copy_tv_src/dst", "the case's atom's register side (k1, w0)") \
  X(copy_3, "COPY-3", CT_GEN_SWIZZLE, "copy_tv_src/dst", "the case's atom's address side (k1, w0)") \
  X(copy_4, "COPY-4", CT_GEN_SWIZZLE, "copy_tv_src/dst/ref", "the case's atom's three layouts (k1, w0)") \
  /* COPY-7, PTX's text for the .b8 forms, runs before COPY-5, their exact \
   * formula: a break of the text is named as such (mutant 501) */ \
  X(copy_7, "COPY-7", CT_GEN_SWIZZLE, "copy_tv_src/dst", "an SM100 .b8 form's two sides (k1)") \
  X(copy_5, "COPY-5", CT_GEN_SWIZZLE, "copy_tv_src/dst/ref", "the case's atom and layout (k1, w0)") \
  X(copy_6, "COPY-6", CT_GEN_SWIZZLE, "copy_tv_dst", "movmatrix's destination (one atom)") \
  X(copy_8, "COPY-8", CT_GEN_SWIZZLE, "copy_tv_src/dst/ref", "a TMEM atom's three layouts (k0, k1)") \
  X(copy_9, "COPY-9", CT_GEN_SWIZZLE, "copy_tv_src/dst", "a TMEM atom's register side (k0, k1)") \
  X(copy_10, "COPY-10", CT_GEN_SWIZZLE, "copy_tv_src/dst", "a TMEM atom's register side and TMEM addresses, _16b or not (k0, k1)") \
  X(copy_11, "COPY-11", CT_GEN_SWIZZLE, "copy_tmem_addr", "tcgen05.cp's addresses, a row and a bit of the case's shape (k0, k1)")

/* make_tiled_mma's TV layouts (props_tiled_mma.c, spec/tiled_mma.md). */
#define CT_PROPS_TILED_MMA(X)                                                                     \
  X(tmma_1, "TMMA-1", CT_GEN_SWIZZLE, "tiled_mma_c_tv", "C of the case's tiled MMA (k0, k1, w0)") \
  X(tmma_2, "TMMA-2", CT_GEN_SWIZZLE, "tiled_mma_a_tv/b_tv", "A or B of the case's tiled MMA (k0, k1, w0)") \
  X(tmma_3, "TMMA-3", CT_GEN_SWIZZLE, "tiled_mma_a/b/c_tv", "the case's tiled MMA and operand (k0, k1, w0)") \
  X(tmma_4, "TMMA-4", CT_GEN_SWIZZLE, "tiled_mma_a/b/c_tv", "the case's tiled MMA and operand (k0, k1, w0)") \
  X(tmma_5, "TMMA-5", CT_GEN_SWIZZLE, "tiled_mma_shape", "the case's tiled MMA and operand (k0, k1, w0)") \
  X(tmma_e1, "tiled_mma_c_tv!NOT_INJECTIVE", CT_GEN_SWIZZLE, "tiled_mma_c_tv", "atom layout (2,2):(1,1)") \
  X(tmma_e2, "tiled_mma_c_tv!ARG_TYPE", CT_GEN_SWIZZLE, "tiled_mma_c_tv", "permutation M of size 2M + 1")

/* make_tiled_copy and its _A/_B/_C forms (props_tiled_copy.c, spec/tiled_copy.md). */
#define CT_PROPS_TILED_COPY(X)                                                                    \
  X(tcopy_1, "TCOPY-1", CT_GEN_SWIZZLE, "tiled_copy_*_s_tv/d_tv/tile", "the case's tiled copy (k0, k1, w0)") \
  X(tcopy_2, "TCOPY-2", CT_GEN_SWIZZLE, "tiled_copy_*_s_tv/d_tv", "the case's tiled copy (k0, k1, w0)") \
  X(tcopy_3, "TCOPY-3", CT_GEN_SWIZZLE, "tiled_copy_*_s_tv/d_tv", "the case's tiled copy (k0, k1, w0)") \
  X(tcopy_4, "TCOPY-4", CT_GEN_SWIZZLE, "tiled_copy_*_s_tv and _d_tv", "the case's tiled copy (k0, k1, w0)") \
  X(tcopy_5, "TCOPY-5", CT_GEN_SWIZZLE, "tiled_copy_*_s_tv/d_tv", "the case's tiled copy (k0, k1, w0)") \
  X(tcopy_6, "TCOPY-6", CT_GEN_SWIZZLE, "tiled_copy_s_tv/d_tv/tile, marks flipped", "the case's tiled copy (k0, k1, w0)") \
  X(tcopy_7, "TCOPY-7", CT_GEN_SWIZZLE, "tiled_copy_c_atom_s_tv/tile", "C_atom of the case's tiled MMA (k0, k1, w0)") \
  X(tcopy_8, "TCOPY-8", CT_GEN_SWIZZLE, "tiled_copy_tidfrg_s/d", "the case's tiled copy over k tiles (k0, k1, w0)") \
  X(tcopy_9, "TCOPY-9", CT_GEN_SWIZZLE, "tiled_copy_partition_s/d", "one thread of the case's tiled copy, k tiles (k0, k1, w0)") \
  X(tcopy_10, "TCOPY-10", CT_GEN_SWIZZLE, "tiled_copy_partition_s/d, swizzled", "every thread, k swizzled tiles (k0, k1, w0)") \
  X(tcopy_11, "TCOPY-11", CT_GEN_SWIZZLE, "tiled_copy_a/b/c_retile", "a fragment of the case's tiled MMA (k0, k1, w0)") \
  X(tcopy_e1, "tiled_copy_s_tv!ARG_TYPE", CT_GEN_SWIZZLE, "tiled_copy_s_tv", "24-bit elements") \
  X(tcopy_e2, "tiled_copy_d_tv!ARG_TYPE", CT_GEN_SWIZZLE, "tiled_copy_d_tv", "half the atom's threads or values") \
  X(tcopy_e3, "tiled_copy_s_tv!NOT_INJECTIVE", CT_GEN_SWIZZLE, "tiled_copy_s_tv", "thread layout (2, s):(0, 1)") \
  X(tcopy_12, "TCOPY-12", CT_GEN_SWIZZLE, "tiled_copy_cotiled_tv/tile", "the case's tile in a data layout (k0, k1, w0)") \
  X(tcopy_13, "TCOPY-13", CT_GEN_SWIZZLE, "tiled_copy_cotiled_tile", "the case's tile in a data layout (k0, k1, w0)") \
  X(tcopy_e4, "tiled_copy_cotiled_tv!NOT_IN_DATA", CT_GEN_SWIZZLE, "tiled_copy_cotiled_tv", "the data's last mode halved")

#define CT_PROPERTIES(X)                                                                          \
  CT_PROPS_NOTATION(X)                                                                            \
  CT_PROPS_ROUNDTRIP(X)                                                                           \
  CT_PROPS_LAYOUT(X)                                                                              \
  CT_PROPS_COALESCE(X)                                                                            \
  CT_PROPS_COMPOSITION(X)                                                                         \
  CT_PROPS_COMPLEMENT(X)                                                                          \
  CT_PROPS_INTTUPLE(X)                                                                            \
  CT_PROPS_CONSTRUCT(X)                                                                           \
  CT_PROPS_INVERSE(X)                                                                             \
  CT_PROPS_DIVIDE(X)                                                                              \
  CT_PROPS_PRODUCT(X)                                                                             \
  CT_PROPS_SWIZZLE(X)                                                                             \
  CT_PROPS_COMPOSED(X)                                                                            \
  CT_PROPS_ATOMS(X)                                                                               \
  CT_PROPS_CUTLASS2X(X) \
  CT_PROPS_BASIS(X)                                                                               \
  CT_PROPS_REARRANGE(X)                                                                           \
  CT_PROPS_REFINE(X)                                                                              \
  CT_PROPS_LINEAR(X)                                                                              \
  CT_PROPS_PARTITION(X)                                                                           \
  CT_PROPS_MMA(X)                                                                                 \
  CT_PROPS_COPY(X) \
  CT_PROPS_TILED_MMA(X)                                                                           \
  CT_PROPS_TILED_COPY(X) \
  CT_PROPS_FAST(X)                                                                                \
  CT_PROPS_PRINCIPLE(X)

#define CT_X_DECLARE(fn, id, gen, op, fmt) CT_FN void ct_p_##fn(const ct_case *c, ct_outcome *o);
CT_PROPERTIES(CT_X_DECLARE)
#undef CT_X_DECLARE

#endif
