/* props_principle.c -- the principle (PRIN-1, spec/layout.md): an operation
 * about a layout's function gives equivalent answers, or the same rejection
 * code, for equivalent arguments.
 *
 * One property per request generator of such an operation (cli/registry.c):
 * the case is drawn as the generator draws it, the operation runs on its
 * arguments and on two random rewrites of them (props/rewrite.h), and the
 * answers must agree. Which rewrites each argument may take is the
 * operation's classification (ct_prin_spec_of below): an argument whose
 * function is all the operation reads takes any rewrite that keeps the
 * function; one whose shape the answer follows (composition's B) keeps its
 * shape up to size-1 modes and one-element tuples; one whose top-level modes
 * the operation addresses (a tiler's A, blocked_product) keeps its rank; an
 * IntTuple computed on mode by mode gets its static marks flipped only. The
 * operations the principle exempts, and why, are ct_prin_exempts
 * (principle.h); `cuteref ops --principle` joins both with the registry.
 *
 * The calls are those of the builtins (cli/builtins_*.c), on ref/ directly,
 * so that the GPU runs the same checks. */
#include "props/principle.h"
#include "props/props.h"
#include "props/props_list.h"
#include "props/rewrite.h"
#include "ref/basis.h"
#include "ref/coalesce.h"
#include "ref/complement.h"
#include "ref/composition.h"
#include "ref/construct.h"
#include "ref/linear.h"
#include "ref/divide.h"
#include "ref/int_ops.h"
#include "ref/inverse.h"
#include "ref/product.h"
#include "ref/rearrange.h"
#include "ref/recast.h"
#include "ref/refine.h"
#include "ref/tiler.h"
#if !CT_ON_DEVICE
#include "ref/notation.h"
#include <stdio.h>
#include <string.h>
#endif

enum {
#define CT_X_PRIN_ENUM(fn, id, gen, op, fmt) CT_PRIN_##fn,
  CT_PROPS_PRINCIPLE(CT_X_PRIN_ENUM)
#undef CT_X_PRIN_ENUM
  CT_PRIN_COUNT
};

/* How two answers compare. */
enum {
  CT_PC_EQUIV,   /* layouts, EQUIV-2 */
  CT_PC_FUNC,    /* layouts, the same function (EQUIV-1): the shape is representation */
  CT_PC_EXACT,   /* layouts equal but for static marks (a canonical answer, or marks-only rewrites) */
  CT_PC_VAL,     /* integers (and booleans), marks aside */
  CT_PC_TUPLE,   /* IntTuples equal but for static marks */
  CT_PC_STRIDES  /* strides of the shape argument 0: the layouts (shape, answer), EQUIV-2 */
};

/* Arguments: at most three layouts (a shape argument is the compact layout
 * of the shape, so that the layout rewrites apply; the operation reads its
 * shape), and an integer with its static mark. */
#define CT_PRIN_ARGS 3
typedef struct {
  int n;
  ct_layout a[CT_PRIN_ARGS];
  int64_t k;
  int ks;
} ct_prin_args;

typedef struct {
  int how[CT_PRIN_ARGS]; /* CT_RW_* of each argument */
  int cmp;               /* CT_PC_* */
  int kmark;             /* the integer's static mark may flip */
  int tail;              /* an index past size(a[0]) reads its last leaf: CT_RW_TAIL there */
} ct_prin_spec;

typedef struct {
  ct_code code;
  ct_layout l;
  ct_tuple t;
  int64_t v;
} ct_prin_res;

CT_FN static void ct_ps(ct_prin_spec *s, int h0, int h1, int h2, int cmp) {
  s->how[0] = h0;
  s->how[1] = h1;
  s->how[2] = h2;
  s->cmp = cmp;
  s->kmark = 0;
  s->tail = 0;
}

/* The classification: which rewrites each argument takes, and how the
 * answers compare. Where an argument is held closer than its function, the
 * comment says what of its representation the operation reads. */
CT_FN static void ct_prin_spec_of(int g, ct_prin_spec *s) {
  const int N = CT_RW_NONE, M = CT_RW_MARKS, S = CT_RW_SHAPE, E = CT_RW_EQUIV, F = CT_RW_FUNC;
  const int D = CT_RW_MODES, ST = CT_RW_SHAPE | CT_RW_TOP;
  switch (g) {
  case CT_PRIN_pr_size_layout:
  case CT_PRIN_pr_cosize_layout: ct_ps(s, F, N, N, CT_PC_VAL); break;
  case CT_PRIN_pr_crd2idx_index:
  case CT_PRIN_pr_eval_index: /* past the size, L(i) reads its last leaf (LAYOUT-EVAL) */
    ct_ps(s, F, N, N, CT_PC_VAL);
    s->kmark = 1;
    s->tail = 1;
    break;
  /* make_layout's arguments become its modes: both rewritten in one direction */
  case CT_PRIN_pr_make_layout_pair: ct_ps(s, E, E, N, CT_PC_EQUIV); break;
  /* append/prepend add a mode to L's top-level modes (and <N> counts them) */
  case CT_PRIN_pr_append_pair:
  case CT_PRIN_pr_append_pad:
  case CT_PRIN_pr_prepend_pair:
  case CT_PRIN_pr_prepend_pad:
  case CT_PRIN_pr_replace_pair: ct_ps(s, D, E, N, CT_PC_EQUIV); break;
  /* flatten's answer is the leaves of L: its function is L's, its shape representation */
  case CT_PRIN_pr_flatten_layout: ct_ps(s, F, N, N, CT_PC_FUNC); break;
  /* mode access by position: the rank and each mode kept */
  case CT_PRIN_pr_layout_mode0:
  case CT_PRIN_pr_get_mode0:
  case CT_PRIN_pr_group_pair:
  case CT_PRIN_pr_take_pair:
  case CT_PRIN_pr_select_pair: ct_ps(s, D, N, N, CT_PC_EQUIV); break;
  /* make_layout_like orders the leaves by stride value (LIKE-4), and
   * make_fragment_like the leaves of its modes after mode 0 (FRAG-3): the
   * pieces of a split leaf sort among the others by their own strides, so
   * the leaves are kept (make_layout_like((6,5):(6,15)) = (6,5):(1,6),
   * make_layout_like(((3,2),5):((6,18),15)) = ((3,2),5):((1,15),3)).
   * make_fragment_like makes mode 0 column-major (FRAG-2): the root kept. */
  case CT_PRIN_pr_make_layout_like_layout: ct_ps(s, S, N, N, CT_PC_EQUIV); break;
  case CT_PRIN_pr_make_fragment_like_layout: ct_ps(s, ST, N, N, CT_PC_EQUIV); break;
  case CT_PRIN_pr_slice_index:
  case CT_PRIN_pr_dice_index:
    ct_ps(s, D, N, N, CT_PC_EQUIV);
    s->kmark = 1;
    break;
  case CT_PRIN_pr_product_shape: ct_ps(s, F, N, N, CT_PC_VAL); break;
  /* the compact strides of S: the layout (S, strides) is make_layout(S) */
  case CT_PRIN_pr_prefix_product_shape:
  case CT_PRIN_pr_compact_col_major_shape: ct_ps(s, E, N, N, CT_PC_STRIDES); break;
  /* row-major reverses the order inside a split mode: S kept up to size-1 modes */
  case CT_PRIN_pr_compact_row_major_shape: ct_ps(s, S, N, N, CT_PC_STRIDES); break;
  /* IntTuple arithmetic mode by mode (spec/inttuple.md): marks only */
  case CT_PRIN_pr_shape_div_pair:
  case CT_PRIN_pr_ceil_div_pair:
  case CT_PRIN_pr_elem_scale_pair: ct_ps(s, M, M, N, CT_PC_TUPLE); break;
  case CT_PRIN_pr_shape_div_size:
  case CT_PRIN_pr_ceil_div_size:
    ct_ps(s, M, N, N, CT_PC_TUPLE);
    s->kmark = 1;
    break;
  case CT_PRIN_pr_evenly_divides_pair: ct_ps(s, M, M, N, CT_PC_VAL); break;
  /* upcast's answer has L's shape, the split leaf's size divided by N
   * (CAST-4, CAST-5): as composition's B, L's leaves are kept, and a split
   * leaf that N no longer divides is rejected: upcast<2>(6:1) = 3:1,
   * upcast<2>((3,2):(1,3)) ! NOT_DIVISIBLE. recast_layout is upcast and
   * downcast (spec/recast.md). */
  case CT_PRIN_pr_upcast_layout:
  case CT_PRIN_pr_recast_layout_16to32: ct_ps(s, S, N, N, CT_PC_EQUIV); break;
  /* downcast multiplies the unit leaf's size (CAST-1), which a split or a
   * merge keeps; a size-1 leaf's stride never makes it a unit leaf
   * (spec/construct.md): downcast<2>(4:1) = 8:1 = downcast<2>((1,4):(1,1)) */
  case CT_PRIN_pr_downcast_layout:
  case CT_PRIN_pr_recast_layout_32to8: ct_ps(s, E, N, N, CT_PC_EQUIV); break;
  case CT_PRIN_pr_recast_layout_16to24: ct_ps(s, S, N, N, CT_PC_EQUIV); break;
  /* the order is congruent to the shape, entry by entry; a size-1 leaf's
   * stride follows its mark (_1 gets _0), so the answers compare as EQUIV-2 */
  case CT_PRIN_pr_make_ordered_layout_layout: ct_ps(s, M, M, N, CT_PC_EQUIV); break;
  /* coalesce is canonical (COAL-3): the very same answer */
  case CT_PRIN_pr_coalesce_layout:
  case CT_PRIN_pr_filter_layout: ct_ps(s, F, N, N, CT_PC_EXACT); break;
  /* filter_zeros keeps L's shape, its stride-0 modes made 1:0 */
  case CT_PRIN_pr_filter_zeros_layout: ct_ps(s, E, N, N, CT_PC_EQUIV); break;
  /* the answer's shape follows B's (COMP-1): B kept up to size-1 modes */
  case CT_PRIN_pr_composition_admissible:
  case CT_PRIN_pr_composition_random:
  case CT_PRIN_pr_with_shape_admissible:
  case CT_PRIN_pr_logical_divide_admissible:
  case CT_PRIN_pr_logical_divide_random:
  case CT_PRIN_pr_zipped_divide_admissible:
  case CT_PRIN_pr_tiled_divide_admissible: ct_ps(s, F, S, N, CT_PC_EQUIV); break;
  /* flat_divide unpacks the tile's top-level modes, which are B's (DIV-ZIP):
   * B's root kept too */
  case CT_PRIN_pr_flat_divide_admissible: ct_ps(s, F, ST, N, CT_PC_EQUIV); break;
  /* a tiler works mode by mode on A (DIV-TILER, COMP-6) */
  case CT_PRIN_pr_composition_tiler:
  case CT_PRIN_pr_logical_divide_tiler:
  case CT_PRIN_pr_zipped_divide_tiler:
  case CT_PRIN_pr_tiled_divide_tiler:
  case CT_PRIN_pr_flat_divide_tiler: ct_ps(s, D, M, N, CT_PC_EQUIV); break;
  case CT_PRIN_pr_complement_admissible:
  case CT_PRIN_pr_complement_random:
    ct_ps(s, F, N, N, CT_PC_EQUIV);
    s->kmark = 1;
    break;
  case CT_PRIN_pr_complement_default:
  case CT_PRIN_pr_complement_random_default:
  case CT_PRIN_pr_right_inverse_layout:
  case CT_PRIN_pr_right_inverse_complementable:
  case CT_PRIN_pr_left_inverse_layout:
  case CT_PRIN_pr_left_inverse_complementable: ct_ps(s, F, N, N, CT_PC_EQUIV); break;
  /* nullspace's answer is flat over L's zero-stride leaves, as CuTe's
   * (spec/inverse.md): its function is L's nullspace, its shape L's leaves */
  case CT_PRIN_pr_nullspace_layout: ct_ps(s, F, N, N, CT_PC_FUNC); break;
  case CT_PRIN_pr_max_common_layout_pair: ct_ps(s, F, F, N, CT_PC_EQUIV); break;
  case CT_PRIN_pr_max_common_vector_pair: ct_ps(s, F, F, N, CT_PC_VAL); break;
  /* the bases are L(2^k): a function of L (LIN-1) */
  case CT_PRIN_pr_linear_layout_layout: ct_ps(s, F, N, N, CT_PC_TUPLE); break;
  /* mode 0 of a product is A itself (PROD-DEF) */
  case CT_PRIN_pr_logical_product_admissible:
  case CT_PRIN_pr_logical_product_random:
  case CT_PRIN_pr_zipped_product_admissible: ct_ps(s, E, S, N, CT_PC_EQUIV); break;
  /* tiled_product and flat_product unpack the top-level modes of the tiles
   * A* o B, which are B's (an integer B's are the refinement composition
   * makes of it: tiled_product(2:2, 6:1) = (2,2,3):(2,1,4),
   * tiled_product(2:2, (6):(1)) = (2,(2,3)):(2,(1,4))); flat_product A's
   * too (PROD-ZIP) */
  case CT_PRIN_pr_tiled_product_admissible: ct_ps(s, E, ST, N, CT_PC_EQUIV); break;
  case CT_PRIN_pr_flat_product_admissible: ct_ps(s, D, ST, N, CT_PC_EQUIV); break;
  /* rank-sensitive: mode k pairs A's mode k with the copies of B's mode k
   * (BLK-2, RAKE-2), which are composition's B: B's leaves kept */
  case CT_PRIN_pr_blocked_product_admissible:
  case CT_PRIN_pr_raked_product_admissible: ct_ps(s, D, ST, N, CT_PC_EQUIV); break;
  /* the target gives the number of copies of each mode (TILE-DEF) */
  case CT_PRIN_pr_tile_to_shape_pair: ct_ps(s, D, D, N, CT_PC_EQUIV); break;
  case CT_PRIN_pr_coprofile_layout:
  case CT_PRIN_pr_coshape_layout: ct_ps(s, F, N, N, CT_PC_TUPLE); break;
  /* zip transposes the modes of the modes, unflatten takes P's nesting: marks only */
  case CT_PRIN_pr_zip_pair: ct_ps(s, M, M, N, CT_PC_EXACT); break;
  case CT_PRIN_pr_zip_divided: ct_ps(s, M, N, N, CT_PC_EXACT); break;
  case CT_PRIN_pr_unflatten_layout: ct_ps(s, M, M, N, CT_PC_EXACT); break;
  /* the size of each top-level mode */
  case CT_PRIN_pr_product_each_shape: ct_ps(s, D, N, N, CT_PC_TUPLE); break;
  /* refinements and coarsenings are about the nestings (spec/refine.md): marks only */
  case CT_PRIN_pr_common_refinement_pair:
  case CT_PRIN_pr_common_refinement_sizes:
  case CT_PRIN_pr_common_refinement_flat:
  case CT_PRIN_pr_common_coarsening_pair:
  case CT_PRIN_pr_common_coarsening_flat:
  case CT_PRIN_pr_common_coarsening_sizes: ct_ps(s, M, M, N, CT_PC_TUPLE); break;
  case CT_PRIN_pr_greatest_common_domain_pair:
  case CT_PRIN_pr_greatest_common_domain_sizes: ct_ps(s, M, M, N, CT_PC_EXACT); break;
  default: ct_ps(s, N, N, N, CT_PC_EXACT); break;
  }
}

/* A shape argument: the compact layout of S. */
CT_FN static ct_code ct_prin_shape(const ct_tuple *S, ct_layout *out, ct_err *e) { return ct_l_compact_left(S, out, e); }

/* The arguments of generator g's request from case c, as its format builds
 * them (cli/registry.c). */
CT_FN static ct_code ct_prin_args_of(int g, const ct_case *c, ct_prin_args *a, ct_err *e) {
  const ct_layout *v0 = &c->v[0], *v1 = &c->v[1];
  const ct_layout *pp[2];
  a->n = 1;
  a->k = c->k[0];
  a->ks = 0;
  ct_l_copy(&a->a[0], v0);
  switch (g) {
  case CT_PRIN_pr_make_layout_pair:
  case CT_PRIN_pr_append_pair:
  case CT_PRIN_pr_append_pad:
  case CT_PRIN_pr_prepend_pair:
  case CT_PRIN_pr_prepend_pad:
  case CT_PRIN_pr_replace_pair:
  case CT_PRIN_pr_composition_admissible:
  case CT_PRIN_pr_composition_random:
  case CT_PRIN_pr_composition_tiler:
  case CT_PRIN_pr_max_common_layout_pair:
  case CT_PRIN_pr_max_common_vector_pair:
  case CT_PRIN_pr_logical_divide_admissible:
  case CT_PRIN_pr_logical_divide_random:
  case CT_PRIN_pr_logical_divide_tiler:
  case CT_PRIN_pr_zipped_divide_admissible:
  case CT_PRIN_pr_zipped_divide_tiler:
  case CT_PRIN_pr_tiled_divide_admissible:
  case CT_PRIN_pr_tiled_divide_tiler:
  case CT_PRIN_pr_flat_divide_admissible:
  case CT_PRIN_pr_flat_divide_tiler:
  case CT_PRIN_pr_logical_product_admissible:
  case CT_PRIN_pr_logical_product_random:
  case CT_PRIN_pr_zipped_product_admissible:
  case CT_PRIN_pr_tiled_product_admissible:
  case CT_PRIN_pr_flat_product_admissible:
  case CT_PRIN_pr_blocked_product_admissible:
  case CT_PRIN_pr_raked_product_admissible:
  case CT_PRIN_pr_zip_pair:
    a->n = 2;
    ct_l_copy(&a->a[1], v1);
    return CT_OK;
  case CT_PRIN_pr_group_pair:
  case CT_PRIN_pr_take_pair:
  case CT_PRIN_pr_select_pair: /* op(make_layout(%0, %1)) */
    pp[0] = v0;
    pp[1] = v1;
    return ct_l_concat(pp, 2, &a->a[0], e);
  case CT_PRIN_pr_slice_index:
  case CT_PRIN_pr_dice_index: /* op((_, %k0), make_layout(%0, %0)) */
    pp[0] = v0;
    pp[1] = v0;
    return ct_l_concat(pp, 2, &a->a[0], e);
  case CT_PRIN_pr_product_shape:
  case CT_PRIN_pr_prefix_product_shape:
  case CT_PRIN_pr_shape_div_size:
  case CT_PRIN_pr_ceil_div_size:
  case CT_PRIN_pr_compact_col_major_shape:
  case CT_PRIN_pr_compact_row_major_shape:
  case CT_PRIN_pr_product_each_shape: return ct_prin_shape(&v0->shape, &a->a[0], e);
  case CT_PRIN_pr_shape_div_pair:
  case CT_PRIN_pr_ceil_div_pair:
  case CT_PRIN_pr_elem_scale_pair:
  case CT_PRIN_pr_evenly_divides_pair:
  case CT_PRIN_pr_common_refinement_pair:
  case CT_PRIN_pr_common_coarsening_pair:
  case CT_PRIN_pr_greatest_common_domain_pair:
    a->n = 2;
    CT_TRY(ct_prin_shape(&v0->shape, &a->a[0], e));
    return ct_prin_shape(&v1->shape, &a->a[1], e);
  case CT_PRIN_pr_with_shape_admissible:
  case CT_PRIN_pr_tile_to_shape_pair: /* op(%0, %s1) */
    a->n = 2;
    return ct_prin_shape(&v1->shape, &a->a[1], e);
  case CT_PRIN_pr_make_ordered_layout_layout: /* (%s0, %d0): the order as a shape argument */
    a->n = 2;
    CT_TRY(ct_prin_shape(&v0->shape, &a->a[0], e));
    a->a[1].shape = v0->stride;
    a->a[1].stride = v0->stride;
    return CT_OK;
  case CT_PRIN_pr_zip_divided: /* zip(zipped_divide(%0, %1)) */
    return ct_zipped_divide(v0, v1, &a->a[0], e);
  case CT_PRIN_pr_unflatten_layout: /* unflatten(flatten(%0), %s0) */
    a->n = 2;
    CT_TRY(ct_l_flatten(v0, &a->a[0], e));
    return ct_prin_shape(&v0->shape, &a->a[1], e);
  case CT_PRIN_pr_common_refinement_sizes: /* (product_each(%s0), %s0) */
  case CT_PRIN_pr_greatest_common_domain_sizes: {
    ct_tuple pe;
    a->n = 2;
    CT_TRY(ct_t_product_each(&v0->shape, &pe, e));
    CT_TRY(ct_prin_shape(&pe, &a->a[0], e));
    return ct_prin_shape(&v0->shape, &a->a[1], e);
  }
  case CT_PRIN_pr_common_coarsening_sizes: { /* (%s0, product_each(%s0)) */
    ct_tuple pe;
    a->n = 2;
    CT_TRY(ct_t_product_each(&v0->shape, &pe, e));
    CT_TRY(ct_prin_shape(&v0->shape, &a->a[0], e));
    return ct_prin_shape(&pe, &a->a[1], e);
  }
  case CT_PRIN_pr_common_refinement_flat:
  case CT_PRIN_pr_common_coarsening_flat: { /* (%s0, flatten(%s0)) */
    ct_tuple fl;
    a->n = 2;
    CT_TRY(ct_t_flatten(&v0->shape, &fl, e));
    CT_TRY(ct_prin_shape(&v0->shape, &a->a[0], e));
    return ct_prin_shape(&fl, &a->a[1], e);
  }
  default: return CT_OK; /* op(%0) */
  }
}

/* Generator g's operation on a, as its builtin calls ref/. */
CT_FN static ct_code ct_prin_run(int g, const ct_prin_args *a, ct_prin_res *r, ct_err *e) {
  const ct_layout *A = &a->a[0], *B = &a->a[1];
  ct_tuple c;
  ct_val v;
  int hdr;
  r->v = 0;
  ct_t_clear(&r->t);
  ct_t_clear(&r->l.shape);
  ct_t_clear(&r->l.stride);
  switch (g) {
  case CT_PRIN_pr_size_layout:
  case CT_PRIN_pr_product_shape:
    CT_TRY(ct_it_product(&A->shape, &v, e));
    r->v = v.v;
    return CT_OK;
  case CT_PRIN_pr_cosize_layout:
    CT_TRY(ct_basis_cosize(A, &v, e));
    r->v = v.v;
    return CT_OK;
  case CT_PRIN_pr_crd2idx_index:
    ct_t_set_int(&c, a->k, a->ks);
    CT_TRY(ct_crd2idx(&c, A, &v, e));
    r->v = v.v;
    return CT_OK;
  case CT_PRIN_pr_eval_index: {
    ct_tuple t;
    ct_t_set_int(&c, a->k, a->ks);
    CT_TRY(ct_basis_eval(&c, A, &t, e));
    r->v = t.nd[0].v;
    return CT_OK;
  }
  case CT_PRIN_pr_make_layout_pair: {
    const ct_layout *pp[2];
    pp[0] = A;
    pp[1] = B;
    return ct_l_concat(pp, 2, &r->l, e);
  }
  case CT_PRIN_pr_append_pair: return ct_l_append(A, B, &r->l, e);
  case CT_PRIN_pr_append_pad: return ct_l_append_n(A, 4, B, &r->l, e);
  case CT_PRIN_pr_prepend_pair: return ct_l_prepend(A, B, &r->l, e);
  case CT_PRIN_pr_prepend_pad: return ct_l_prepend_n(A, 4, B, &r->l, e);
  case CT_PRIN_pr_replace_pair: return ct_l_replace(A, 1, B, &r->l, e);
  case CT_PRIN_pr_flatten_layout: return ct_l_flatten(A, &r->l, e);
  case CT_PRIN_pr_layout_mode0:
  case CT_PRIN_pr_get_mode0: {
    int path = 0;
    return ct_l_mode(A, &path, 1, &r->l, e);
  }
  case CT_PRIN_pr_group_pair: return ct_l_group(A, 0, 2, &r->l, e);
  case CT_PRIN_pr_take_pair: return ct_l_take(A, 1, 2, &r->l, e);
  case CT_PRIN_pr_select_pair: {
    int modes[2] = {1, 0};
    return ct_l_select(A, modes, 2, &r->l, e);
  }
  case CT_PRIN_pr_slice_index:
  case CT_PRIN_pr_dice_index: /* the coordinate (_, k) */
    ct_t_clear(&c);
    CT_TRY(ct_t_open(&c, &hdr, e));
    CT_TRY(ct_t_push_all(&c, e));
    CT_TRY(ct_t_push_int(&c, a->k, a->ks, e));
    CT_TRY(ct_t_close(&c, hdr, e));
    return g == CT_PRIN_pr_slice_index ? ct_l_slice(&c, A, &r->l, e) : ct_l_dice(&c, A, &r->l, e);
  case CT_PRIN_pr_prefix_product_shape:
  case CT_PRIN_pr_compact_col_major_shape:
  case CT_PRIN_pr_compact_row_major_shape:
    v.v = 1;
    v.stat = 1;
    if (g == CT_PRIN_pr_prefix_product_shape) return ct_it_prefix_product(&A->shape, v, &r->t, e);
    if (g == CT_PRIN_pr_compact_col_major_shape) return ct_compact_col_major(&A->shape, v, &r->t, e);
    return ct_compact_row_major(&A->shape, v, &r->t, e);
  case CT_PRIN_pr_shape_div_pair: return ct_it_shape_div(&A->shape, &B->shape, &r->t, e);
  case CT_PRIN_pr_ceil_div_pair: return ct_it_ceil_div(&A->shape, &B->shape, &r->t, e);
  case CT_PRIN_pr_elem_scale_pair: return ct_it_elem_scale(&A->shape, &B->shape, &r->t, e);
  case CT_PRIN_pr_shape_div_size:
  case CT_PRIN_pr_ceil_div_size:
    ct_t_set_int(&c, a->k, a->ks);
    return g == CT_PRIN_pr_shape_div_size ? ct_it_shape_div(&A->shape, &c, &r->t, e) : ct_it_ceil_div(&A->shape, &c, &r->t, e);
  case CT_PRIN_pr_evenly_divides_pair: {
    int yes = 0;
    CT_TRY(ct_it_evenly_divides(&A->shape, &B->shape, &yes, e));
    r->v = yes;
    return CT_OK;
  }
  case CT_PRIN_pr_make_layout_like_layout: return ct_make_layout_like(A, &r->l, e);
  case CT_PRIN_pr_make_fragment_like_layout: return ct_make_fragment_like(A, &r->l, e);
  case CT_PRIN_pr_upcast_layout:
  case CT_PRIN_pr_downcast_layout:
    v.v = 2;
    v.stat = 0;
    return g == CT_PRIN_pr_upcast_layout ? ct_upcast(A, v, &r->l, e) : ct_downcast(A, v, &r->l, e);
  case CT_PRIN_pr_make_ordered_layout_layout: return ct_make_ordered_layout(&A->shape, &B->shape, &r->l, e);
  case CT_PRIN_pr_coalesce_layout: return ct_coalesce(A, &r->l, e);
  case CT_PRIN_pr_filter_zeros_layout: return ct_filter_zeros(A, &r->l, e);
  case CT_PRIN_pr_filter_layout: return ct_filter(A, &r->l, e);
  case CT_PRIN_pr_composition_admissible:
  case CT_PRIN_pr_composition_random:
  case CT_PRIN_pr_composition_tiler: return ct_composition_tiler(A, B, &r->l, e);
  case CT_PRIN_pr_with_shape_admissible: {
    ct_layout C;
    CT_TRY(ct_l_compact_left(&B->shape, &C, e));
    return ct_composition(A, &C, &r->l, e);
  }
  case CT_PRIN_pr_complement_admissible:
  case CT_PRIN_pr_complement_random:
    ct_t_set_int(&c, a->k, a->ks);
    return ct_complement(A, &c, &r->l, e);
  case CT_PRIN_pr_complement_default:
  case CT_PRIN_pr_complement_random_default: return ct_complement(A, 0, &r->l, e);
  case CT_PRIN_pr_right_inverse_layout:
  case CT_PRIN_pr_right_inverse_complementable: return ct_right_inverse(A, &r->l, e);
  case CT_PRIN_pr_left_inverse_layout:
  case CT_PRIN_pr_left_inverse_complementable: return ct_left_inverse(A, &r->l, e);
  case CT_PRIN_pr_nullspace_layout: return ct_nullspace(A, &r->l, e);
  case CT_PRIN_pr_linear_layout_layout: return ct_linear_layout(A, &r->t, e);
  case CT_PRIN_pr_max_common_layout_pair: return ct_max_common_layout(A, B, &r->l, e);
  case CT_PRIN_pr_max_common_vector_pair:
    CT_TRY(ct_max_common_vector(A, B, &v, e));
    r->v = v.v;
    return CT_OK;
  case CT_PRIN_pr_logical_divide_admissible:
  case CT_PRIN_pr_logical_divide_random:
  case CT_PRIN_pr_logical_divide_tiler: return ct_logical_divide_tiler(A, B, &r->l, e);
  case CT_PRIN_pr_zipped_divide_admissible:
  case CT_PRIN_pr_zipped_divide_tiler: return ct_zipped_divide(A, B, &r->l, e);
  case CT_PRIN_pr_tiled_divide_admissible:
  case CT_PRIN_pr_tiled_divide_tiler: return ct_tiled_divide(A, B, &r->l, e);
  case CT_PRIN_pr_flat_divide_admissible:
  case CT_PRIN_pr_flat_divide_tiler: return ct_flat_divide(A, B, &r->l, e);
  case CT_PRIN_pr_logical_product_admissible:
  case CT_PRIN_pr_logical_product_random: return ct_logical_product_tiler(A, B, &r->l, e);
  case CT_PRIN_pr_zipped_product_admissible: return ct_zipped_product(A, B, &r->l, e);
  case CT_PRIN_pr_tiled_product_admissible: return ct_tiled_product(A, B, &r->l, e);
  case CT_PRIN_pr_flat_product_admissible: return ct_flat_product(A, B, &r->l, e);
  case CT_PRIN_pr_blocked_product_admissible: return ct_blocked_product(A, B, &r->l, e);
  case CT_PRIN_pr_raked_product_admissible: return ct_raked_product(A, B, &r->l, e);
  case CT_PRIN_pr_tile_to_shape_pair: return ct_tile_to_shape(A, &B->shape, 0, &r->l, e);
  case CT_PRIN_pr_coprofile_layout: return ct_coprofile(A, &r->t, e);
  case CT_PRIN_pr_coshape_layout: return ct_coshape(A, &r->t, e);
  case CT_PRIN_pr_zip_pair: {
    ct_layout AB;
    const ct_layout *pp[2];
    pp[0] = A;
    pp[1] = B;
    CT_TRY(ct_l_concat(pp, 2, &AB, e));
    return ct_l_zip(&AB, &r->l, e);
  }
  case CT_PRIN_pr_zip_divided: return ct_l_zip(A, &r->l, e);
  case CT_PRIN_pr_unflatten_layout: return ct_l_unflatten(A, &B->shape, &r->l, e);
  case CT_PRIN_pr_product_each_shape: return ct_t_product_each(&A->shape, &r->t, e);
  case CT_PRIN_pr_recast_layout_16to32: return ct_recast_layout(A, 16, 32, &r->l, e);
  case CT_PRIN_pr_recast_layout_32to8: return ct_recast_layout(A, 32, 8, &r->l, e);
  case CT_PRIN_pr_recast_layout_16to24: return ct_recast_layout(A, 16, 24, &r->l, e);
  case CT_PRIN_pr_common_refinement_pair:
  case CT_PRIN_pr_common_refinement_sizes:
  case CT_PRIN_pr_common_refinement_flat: return ct_common_refinement(&A->shape, &B->shape, &r->t, e);
  case CT_PRIN_pr_common_coarsening_pair:
  case CT_PRIN_pr_common_coarsening_flat:
  case CT_PRIN_pr_common_coarsening_sizes: return ct_common_coarsening(&A->shape, &B->shape, &r->t, e);
  case CT_PRIN_pr_greatest_common_domain_pair:
  case CT_PRIN_pr_greatest_common_domain_sizes: return ct_greatest_common_domain(&A->shape, &B->shape, &r->l, e);
  default: return CT_FAIL(e, CT_ARG_TYPE, "no such generator");
  }
}

CT_FN static uint64_t ct_prin_digest_tuple(uint64_t h, const ct_tuple *t) {
  int i;
  for (i = 0; i < t->n && i < CT_MAX_NODES; ++i) h = ct_digest_node(h, t->nd[i].v, t->nd[i].kind, t->nd[i].rank, 0, 0);
  return h;
}

/* An answer holds a layout, a tuple or an integer: the parts its operation
 * does not write are cleared first, so that the digest reads no stale data
 * (on the GPU a thread's previous case is still there: the agreement run
 * at 1ca477e found one chunk of every PRIN-1 property differing). */
CT_FN static void ct_prin_res_clear(ct_prin_res *r) {
  ct_t_clear(&r->l.shape);
  ct_t_clear(&r->l.stride);
  ct_t_clear(&r->t);
  r->v = 0;
}

CT_FN static uint64_t ct_prin_digest(const ct_prin_res *r) {
  if (r->code != CT_OK) return ct_digest_code(r->code);
  return ct_mix64(ct_prin_digest_tuple(ct_digest_layout(&r->l) ^ (uint64_t)r->v, &r->t));
}

/* Whether answer y of the rewritten arguments b agrees with answer x of a. */
CT_FN static int ct_prin_same(int cmp, const ct_prin_args *a, const ct_prin_res *x, const ct_prin_args *b,
                              const ct_prin_res *y) {
  switch (cmp) {
  case CT_PC_EQUIV: return ct_l_equivalent(&x->l, &y->l);
  case CT_PC_FUNC: {
    ct_val sx, sy;
    ct_err e;
    return ct_l_size(&x->l, &sx, &e) == CT_OK && ct_l_size(&y->l, &sy, &e) == CT_OK && sx.v == sy.v &&
           ct_l_same_function(&x->l, &y->l);
  }
  case CT_PC_EXACT: return ct_l_equal(&x->l, &y->l, 0);
  case CT_PC_VAL: return x->v == y->v;
  case CT_PC_TUPLE: return x->t.n == y->t.n && ct_t_equal(&x->t, 0, &y->t, 0, 0);
  case CT_PC_STRIDES: {
    ct_layout lx, ly;
    ct_err e;
    return ct_l_make(&a->a[0].shape, &x->t, &lx, &e) == CT_OK && ct_l_make(&b->a[0].shape, &y->t, &ly, &e) == CT_OK &&
           ct_l_equivalent(&lx, &ly);
  }
  default: return 0;
  }
}

#if !CT_ON_DEVICE
static const char *const ct_rwv_names[] = {"ok", "another function", "not EQUIV-2", "another shape", "another root or mode",
                                           "more than marks changed", "another value past the size",
                                           "other size-1 leaves"};

/* An answer as text, for a failure's message. */
static const char *ct_prin_show(int cmp, const ct_prin_res *r, char *buf, int cap) {
  if (r->code != CT_OK) snprintf(buf, (size_t)cap, "%s", ct_code_name(r->code));
  else if (cmp == CT_PC_VAL) snprintf(buf, (size_t)cap, "%lld", (long long)r->v);
  else if (cmp == CT_PC_TUPLE || cmp == CT_PC_STRIDES) ct_print_tuple(&r->t, 0, buf, cap);
  else ct_print_tiler(&r->l, buf, cap);
  return buf;
}

/* The rewritten arguments as text: a shape argument as its shape. */
static const char *ct_prin_show_args(const ct_prin_spec *s, const ct_prin_args *b, char *buf, int cap) {
  int j, n = 0;
  buf[0] = '\0';
  for (j = 0; j < b->n && n < cap - 1; ++j) {
    if (j) n += snprintf(buf + n, (size_t)(cap - n), ", ");
    if (n >= cap - 1) break;
    if (b->a[j].shape.n > 0 && b->a[j].stride.n > 0) n += ct_print_tiler(&b->a[j], buf + n, cap - n);
    if (n > cap - 1) n = cap - 1;
  }
  if (s->kmark && n < cap - 1) snprintf(buf + n, (size_t)(cap - n), "; k %s%lld", b->ks ? "_" : "", (long long)b->k);
  return buf;
}
#endif

CT_FN static void ct_prin_check(int g, const ct_case *c, ct_outcome *o) {
  ct_prin_spec s;
  ct_prin_args a, b;
  ct_prin_res x, y;
  ct_err e;
  uint64_t h = 0x5052494e31ull; /* "PRIN1" */
  int j, rep, ran = 0;
  ct_prin_spec_of(g, &s);
  if (ct_prin_args_of(g, c, &a, &e) != CT_OK) { /* a derived argument (zipped_divide's answer) failed */
    o->verdict = CT_SKIPPED;
    return;
  }
  ct_prin_res_clear(&x);
  x.code = ct_prin_run(g, &a, &x, &e);
  if (ct_code_is_limit(x.code)) {
    o->verdict = CT_SKIPPED;
    return;
  }
  o->digest = ct_prin_digest(&x);
  /* the rewrites are drawn from the case itself, so that a replayed or
   * shrunk case is rewritten the same way on every machine */
  /* from the arguments the operation reads: a case's other slots (values,
   * integers) are not set by every generator, and on the GPU they hold what
   * the thread's previous case left there (the host and GPU agreement run
   * found the rewrites differing until they were seeded this way) */
  for (j = 0; j < a.n && j < CT_PRIN_ARGS; ++j) h = ct_mix64(h ^ ct_digest_layout(&a.a[j]));
  for (rep = 0; rep < 2; ++rep) {
    ct_rng r;
    int finer, skip = 0;
    ct_rng_init(&r, h, (uint64_t)rep, 0x50u);
    finer = ct_rng_chance(&r, 1, 2);
    b.n = a.n;
    b.k = a.k;
    b.ks = a.ks;
    for (j = 0; j < a.n && !skip; ++j) {
      int how = s.how[j], bad;
      ct_code got;
      if (j == 0 && s.tail) { /* an index past the size reads the last leaf (LAYOUT-EVAL) */
        ct_val n;
        if (ct_l_size(&a.a[0], &n, &e) != CT_OK || a.k >= n.v) how |= CT_RW_TAIL;
      }
      got = ct_rw_layout(&r, &a.a[j], how, finer, &b.a[j], &e);
      if (got != CT_OK) {
        skip = 1;
        break;
      }
      bad = ct_rw_valid(&a.a[j], &b.a[j], how);
      if (bad) { /* the generator's own bug: the case proves nothing */
        CT_FAILS(o, "rewrite generator: argument %d rewritten to %s: %s", j, ct_dv_show(&b.a[j]), ct_rwv_names[bad]);
        return;
      }
    }
    if (skip) continue;
    if (s.kmark && ct_rng_chance(&r, 1, 2)) b.ks = !b.ks;
    ct_prin_res_clear(&y);
    y.code = ct_prin_run(g, &b, &y, &e);
    if (ct_code_is_limit(y.code)) continue; /* a representation limit of the rewritten form */
    ++ran;
    o->digest = ct_mix64(o->digest ^ ct_prin_digest(&y));
    if (x.code != y.code || (x.code == CT_OK && !ct_prin_same(s.cmp, &a, &x, &b, &y))) {
#if !CT_ON_DEVICE
      char ab[160], xb[96], yb[96];
      CT_FAILS(o, "rewritten to (%s): %s, not %s", ct_prin_show_args(&s, &b, ab, sizeof ab),
               ct_prin_show(s.cmp, &y, yb, sizeof yb), ct_prin_show(s.cmp, &x, xb, sizeof xb));
#else
      CT_FAILS(o, "");
#endif
      return;
    }
  }
  if (!ran) o->verdict = CT_SKIPPED;
}

#define CT_X_PRIN_FN(fn, id, gen, op, fmt) \
  CT_FN void ct_p_##fn(const ct_case *c, ct_outcome *o) { ct_prin_check(CT_PRIN_##fn, c, o); }
CT_PROPS_PRINCIPLE(CT_X_PRIN_FN)
#undef CT_X_PRIN_FN

#if !CT_ON_DEVICE
/* ---- the classification, as text (principle.h) -------------------------------- */

static int ct_rw_class_text(int how, char *buf, int cap) {
  const char *cls;
  switch (CT_RW_CLASS(how)) {
  case CT_RW_MARKS: cls = "static marks"; break;
  case CT_RW_SHAPE: cls = "size-1 modes, one-element tuples, marks"; break;
  case CT_RW_EQUIV: cls = "EQUIV-2 rewrites (one direction)"; break;
  case CT_RW_FUNC: cls = "any rewrite keeping the function"; break;
  default: cls = "not rewritten"; break;
  }
  return snprintf(buf, (size_t)cap, "%s%s%s", cls, how & CT_RW_TOP ? ", inside each top-level mode" : "",
                  how & CT_RW_UNITS ? ", size-1 leaves kept" : "");
}

static const char *const ct_pc_text[] = {"EQUIV-2", "the same function (EQUIV-1)", "the same layout, marks aside",
                                         "the same integer", "the same IntTuple, marks aside",
                                         "(shape, strides) EQUIV-2"};

int ct_prin_describe(const char *id, char *buf, int cap) {
  static const char *const names[] = {
#define CT_X_PRIN_ID(fn, id, gen, op, fmt) id,
      CT_PROPS_PRINCIPLE(CT_X_PRIN_ID)
#undef CT_X_PRIN_ID
  };
  ct_prin_spec s;
  int g, j, n = 0;
  for (g = 0; g < CT_PRIN_COUNT; ++g)
    if (strcmp(names[g], id) == 0) break;
  if (g == CT_PRIN_COUNT) return -1;
  ct_prin_spec_of(g, &s);
  buf[0] = '\0';
  for (j = 0; j < CT_PRIN_ARGS && s.how[j] != CT_RW_NONE && n < cap; ++j) {
    n += snprintf(buf + n, (size_t)(cap - n), "%sarg %d: ", j ? "; " : "", j);
    if (n < cap) n += ct_rw_class_text(s.how[j], buf + n, cap - n);
    if (j == 0 && s.tail && n < cap) n += snprintf(buf + n, (size_t)(cap - n), ", past the size the last leaf kept");
  }
  if (s.kmark && n < cap) n += snprintf(buf + n, (size_t)(cap - n), "; the integer's mark");
  if (n < cap) n += snprintf(buf + n, (size_t)(cap - n), "; answers: %s", ct_pc_text[s.cmp]);
  return n < cap ? n : cap - 1;
}

/* The operations (or one of their generators) the principle leaves out. */
const ct_prin_exempt ct_prin_exempts[] = {
    {"notation", "no operation: a literal"},
    {"expressions", "no operation"},
    {"rank", "representation: counts the top-level modes"},
    {"depth", "representation: the nesting depth"},
    {"idx2crd", "representation: the answer is a coordinate of the shape, which follows its modes"},
    {"shape", "representation: the shape itself"},
    {"stride", "representation: the stride itself"},
    {"congruent", "representation: compares the shapes' nestings"},
    {"weakly_congruent", "representation: compares the shapes' nestings"},
    {"compatible", "representation: compares the shapes' nestings"},
    {"sum", "representation: the sum of a stride's entries, to which a size-1 mode's stride adds"},
    {"inner_product", "representation: sum s_i*d_i over the leaves, to which a size-1 mode's stride adds"},
    {"inner_partition", "positions: the coordinate indexes the rest's modes, which follow L's and the tiler's modes (PART-DEF); marks: PART-8"},
    {"outer_partition", "positions: the coordinate indexes the tile's modes, which follow the tiler's (PART-DEF); marks: PART-8"},
    {"local_tile", "positions: the tiler, coordinate and projection address modes by position (PART-5); marks: PART-8"},
    {"local_partition", "positions: the thread layout's modes tile L's modes by position (PART-6); marks: PART-8"},
    {"inner_partition_offset", "positions: as inner_partition (PART-9); marks: PART-8"},
    {"outer_partition_offset", "positions: as outer_partition (PART-9); marks: PART-8"},
    {"local_tile_offset", "positions: as local_tile (PART-9); marks: PART-8"},
    {"local_partition_offset", "positions: as local_partition (PART-10); marks: PART-8"},
    {"make_layout_tv", "positions: thr's and val's modes pair up by position in the raked product (TV-DEF)"},
    {"make_layout_tv_tiler", "representation: the tile's shape, mode by mode (TV-2)"},
    {"make_swizzle", "no layout argument: two integer masks"},
    {"make_composed_layout", "a constructor that keeps B as its inner layout: its answers are equivalent exactly when B's "
                             "are, by CL-6's definition (spec/composed.md)"},
    {"get_swizzle_portion/composed", "reads the parts of a composed layout, which CL-6 leaves free: equivalent composed "
                                     "layouts may have other swizzles (spec/composed.md, CL-7)"},
    {"get_nonswizzle_portion/composed", "reads the parts of a composed layout, which CL-6 leaves free: equivalent "
                                        "composed layouts may have other inner layouts and offsets (CL-7)"},
    {"get_swizzle_portion/layout", "a constant: the identity swizzle for every layout (CL-8)"},
    {"get_nonswizzle_portion/layout", "the identity on layouts: the answer is the argument itself (CL-8)"},
    {"composition/composed", "a composed argument: the principle's rewrites are of layouts, and CL-6 leaves a composed "
                             "layout's parts free (spec/composed.md, CL-9 is judged as a function)"},
    {"logical_product/composed", "a composed argument: the principle's rewrites are of layouts; PROD-8 is judged as a "
                                 "function (spec/product.md, PROD-CL)"},
    {"right_inverse/composed", "a composed argument: the principle's rewrites are of layouts (RINV-8, spec/inverse.md)"},
    {"left_inverse/composed", "a composed argument: the principle's rewrites are of layouts (LINV-7, spec/inverse.md)"},
    {"upcast/composed", "a composed argument, cast part by part: its parts, which CL-6 leaves free, are read (REC-4)"},
    {"downcast/composed", "a composed argument, cast part by part: its parts, which CL-6 leaves free, are read (REC-4)"},
    {"nullspace/composed", "a composed argument: the principle's rewrites are of layouts (NULL-5, spec/inverse.md)"},
    {"max_common_layout/composed", "a composed argument: the principle's rewrites are of layouts (MCL-6)"},
    {"max_common_vector/composed", "a composed argument: the principle's rewrites are of layouts (MCV-3)"},
    {"max_alignment/composed", "a composed argument: its parts and static marks are read (ALIGN-3, spec/recast.md)"},
    {"make_layout/swizzle", "no layout argument: a swizzle (SW-9, spec/swizzle.md)"},
    {"domain_offset/composed", "keeps the argument's parts and moves B(c) into the offset, as CuTe does (DOFF-DEF, "
                               "spec/layout.md): the parts, which CL-6 leaves free, are read"},
    {"domain_offset/layout", "keeps the layout as its inner layout (DOFF-DEF, spec/layout.md): its answers are "
                             "equivalent exactly when the layouts are and c is inside the domain; past it L(c) reads "
                             "the representation, as crd2idx does"},
    {"gmma_atom", "no layout argument: an atom's name"},
    {"recast_swizzle", "no layout argument: a swizzle and a width"},
    {"PitchLinear", "no layout argument: extents, by position"},
    {"ColumnMajor", "no layout argument: extents, by position"},
    {"RowMajor", "no layout argument: extents, by position"},
    {"ColumnMajorInterleaved", "no layout argument: extents, by position"},
    {"RowMajorInterleaved", "no layout argument: extents, by position"},
    {"TensorNHWC", "no layout argument: extents, by position"},
    {"TensorOpMultiplicandCongruous", "no layout argument: extents, by position"},
    {"TensorOpMultiplicandCrosswise", "no layout argument: extents, by position"},
    {"ColumnMajorTensorOpMultiplicandCongruous", "no layout argument: extents, by position"},
    {"RowMajorTensorOpMultiplicandCongruous", "no layout argument: extents, by position"},
    {"ColumnMajorTensorOpMultiplicandCrosswise", "no layout argument: extents, by position"},
    {"RowMajorTensorOpMultiplicandCrosswise", "no layout argument: extents, by position"},
    {"make_identity_layout", "representation: its values are coordinates of the shape, which follow its modes "
                             "(spec/basis.md)"},
    {"coprofile/identity", "basis strides: the codomain's coordinates follow the shape's modes (spec/basis.md)"},
    {"coshape/identity", "basis strides: the codomain's coordinates follow the shape's modes (spec/basis.md)"},
    {"domain_distribute", "reads static marks by definition (DIST-3: a static and a dynamic n differ)"},
    {"max_alignment", "reads static marks by definition (ALIGN-2: CuTe's alignment of the static part)"},
    {"umma_atom_32b", "no layout argument: an element width"},
    {"gmma_sparse_atom", "no layout argument: an atom's name"},
    {"umma_sparse_atom_32b", "no layout argument: an element width"},
    {"mma_tv_a", "no layout argument: an MMA atom's shape and width"},
    {"mma_tv_b", "no layout argument: an MMA atom's shape and width"},
    {"mma_tv_c", "no layout argument: an MMA atom's shape and width"},
    {"mma_shape", "no layout argument: an MMA atom's name"},
    {"umma_tv_a", "no layout argument: a UMMA atom's shape and CTAs"},
    {"umma_tv_b", "no layout argument: a UMMA atom's shape and CTAs"},
    {"umma_tv_c", "no layout argument: a UMMA atom's shape and CTAs"},
    {"tiled_mma_a_tv", "an MMA atom's name and its tiling: the atom is no layout argument (spec/tiled_mma.md)"},
    {"tiled_mma_b_tv", "an MMA atom's name and its tiling: the atom is no layout argument (spec/tiled_mma.md)"},
    {"tiled_mma_c_tv", "an MMA atom's name and its tiling: the atom is no layout argument (spec/tiled_mma.md)"},
    {"tiled_mma_shape", "an MMA atom's name and its tiling: the atom is no layout argument (spec/tiled_mma.md)"},
    {"copy_tv_src", "no layout argument: a copy atom's name, or its bits"},
    {"copy_tv_dst", "no layout argument: a copy atom's name, or its bits"},
    {"copy_tv_ref", "no layout argument: a copy atom's name, or its bits"},
    {"copy_tmem_addr", "no layout argument: a TMEM copy atom's name"},
    {"tiled_copy_s_tv", "a copy atom's name and its tiling; marks of thr and val: TCOPY-6 (spec/tiled_copy.md)"},
    {"tiled_copy_d_tv", "a copy atom's name and its tiling; marks of thr and val: TCOPY-6 (spec/tiled_copy.md)"},
    {"tiled_copy_tile", "a copy atom's name and its tiling; marks of thr and val: TCOPY-6 (spec/tiled_copy.md)"},
    {"tiled_copy_a_s_tv", "a copy atom's name and a tiled MMA's: no layout argument (spec/tiled_copy.md)"},
    {"tiled_copy_a_d_tv", "a copy atom's name and a tiled MMA's: no layout argument (spec/tiled_copy.md)"},
    {"tiled_copy_a_tile", "a copy atom's name and a tiled MMA's: no layout argument (spec/tiled_copy.md)"},
    {"tiled_copy_b_s_tv", "a copy atom's name and a tiled MMA's: no layout argument (spec/tiled_copy.md)"},
    {"tiled_copy_b_d_tv", "a copy atom's name and a tiled MMA's: no layout argument (spec/tiled_copy.md)"},
    {"tiled_copy_b_tile", "a copy atom's name and a tiled MMA's: no layout argument (spec/tiled_copy.md)"},
    {"tiled_copy_c_s_tv", "a copy atom's name and a tiled MMA's: no layout argument (spec/tiled_copy.md)"},
    {"tiled_copy_c_d_tv", "a copy atom's name and a tiled MMA's: no layout argument (spec/tiled_copy.md)"},
    {"tiled_copy_c_tile", "a copy atom's name and a tiled MMA's: no layout argument (spec/tiled_copy.md)"},
    {"tiled_copy_impl_s_tv", "a copy atom's name and a TV layout read as a (thread, value) pair of modes (spec/tiled_copy.md)"},
    {"tiled_copy_impl_d_tv", "a copy atom's name and a TV layout read as a (thread, value) pair of modes (spec/tiled_copy.md)"},
    {"tiled_copy_c_atom_s_tv", "a copy atom's name and a tiled MMA's: no layout argument (spec/tiled_copy.md)"},
    {"tiled_copy_c_atom_d_tv", "a copy atom's name and a tiled MMA's: no layout argument (spec/tiled_copy.md)"},
    {"tiled_copy_c_atom_tile", "a copy atom's name and a tiled MMA's: no layout argument (spec/tiled_copy.md)"},
    {"tiled_copy_tidfrg_s", "a copy atom's name and its tiling; the tensor read mode by mode, its top-level modes the tile's (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_tidfrg_d", "a copy atom's name and its tiling; the tensor read mode by mode, its top-level modes the tile's (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_partition_s", "a copy atom's name and its tiling; the tensor read mode by mode, its top-level modes the tile's (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_partition_d", "a copy atom's name and its tiling; the tensor read mode by mode, its top-level modes the tile's (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_partition_s_offset", "a copy atom's name and its tiling; the tensor read mode by mode, its top-level modes the tile's (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_partition_d_offset", "a copy atom's name and its tiling; the tensor read mode by mode, its top-level modes the tile's (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_cotiled_tv", "a copy atom's name, an atom TV layout read as a (thread, value) pair of modes and a data layout read mode by mode (spec/tiled_copy.md)"},
    {"tiled_copy_cotiled_s_tv", "a copy atom's name, an atom TV layout read as a (thread, value) pair of modes and a data layout read mode by mode (spec/tiled_copy.md)"},
    {"tiled_copy_cotiled_d_tv", "a copy atom's name, an atom TV layout read as a (thread, value) pair of modes and a data layout read mode by mode (spec/tiled_copy.md)"},
    {"tiled_copy_cotiled_tile", "a copy atom's name, an atom TV layout read as a (thread, value) pair of modes and a data layout read mode by mode (spec/tiled_copy.md)"},
    {"tiled_copy_c_atom_tv", "a copy atom's name and a tiled MMA's: no layout argument (spec/tiled_copy.md)"},
    {"tiled_copy_impl_tidfrg_s", "a copy atom's name, a TV layout read as a (thread, value) pair of modes, its tiler; the tensor read mode by mode, its top-level modes the tile's (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_impl_tidfrg_d", "a copy atom's name, a TV layout read as a (thread, value) pair of modes, its tiler; the tensor read mode by mode, its top-level modes the tile's (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_impl_partition_s", "a copy atom's name, a TV layout read as a (thread, value) pair of modes, its tiler; the tensor read mode by mode, its top-level modes the tile's (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_impl_partition_d", "a copy atom's name, a TV layout read as a (thread, value) pair of modes, its tiler; the tensor read mode by mode, its top-level modes the tile's (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_impl_partition_s_offset", "a copy atom's name, a TV layout read as a (thread, value) pair of modes, its tiler; the tensor read mode by mode, its top-level modes the tile's (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_impl_partition_d_offset", "a copy atom's name, a TV layout read as a (thread, value) pair of modes, its tiler; the tensor read mode by mode, its top-level modes the tile's (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_retile", "a copy atom's name and its tiling; the fragment read mode by mode: values, then the tile's modes (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_a_retile", "a copy atom's name and its tiling; the fragment read mode by mode: values, then the tile's modes (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_b_retile", "a copy atom's name and its tiling; the fragment read mode by mode: values, then the tile's modes (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_c_retile", "a copy atom's name and its tiling; the fragment read mode by mode: values, then the tile's modes (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_impl_retile", "a copy atom's name and its tiling; the fragment read mode by mode: values, then the tile's modes (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_c_atom_retile", "a copy atom's name and its tiling; the fragment read mode by mode: values, then the tile's modes (TCOPY-FRG, spec/tiled_copy.md)"},
    {"tiled_copy_cotiled_retile", "a copy atom's name and its tiling; the fragment read mode by mode: values, then the tile's modes (TCOPY-FRG, spec/tiled_copy.md)"},
};
const int ct_num_prin_exempts = (int)(sizeof ct_prin_exempts / sizeof ct_prin_exempts[0]);
#endif
