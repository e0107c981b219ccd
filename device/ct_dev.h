/* ct_dev.h -- what the GPU kernels and their host twin share: where case k
 * of a property comes from, how its answer is hashed, how a run is split into
 * chunks. Plain C11 that is also C++ and CUDA (CT_FN), like ref/ and props/:
 * the same function runs case k on the host and on the GPU.
 *
 * A job is one property over an index range. Case k is either the random
 * case (seed, k) of the property's stream, exactly as `cuteref check`
 * generates it, or the k-th case of the enumeration `cuteref check
 * --exhaustive` walks (same order, same bounds). Its answer is the outcome's
 * verdict and digest; a chunk of cases is summarized by the wrapping sum of
 * ct_dev_case_hash over its cases, so the host and the GPU can compare 10^10
 * answers chunk by chunk, and a chunk that differs case by case. */
#ifndef CT_DEV_H
#define CT_DEV_H

#include "device/plan.h"
#include "device/sort_classes.h"
#include "props/props.h"

/* Flat layouts of rank 1..rank, shapes 1..shape, strides lo..hi, in the
 * order of props/engine.c's enumeration. */
typedef struct {
  int rank, shape, lo, hi;
} ct_bounds;

enum { CT_SRC_RANDOM = 0, CT_SRC_ENUM = 1 };

/* Properties whose check runs on the host only (comma-separated ID
 * prefixes): the device never parses or prints notation, so their device
 * versions are stubs that skip (props/props_layout.c; COMP-10 reads the
 * rejection message, which the GPU build does not carry). The GPU half leaves
 * them out; the host halves run them. */
#define CT_DEV_HOST_ONLY "NOTE-,COMP-10"

/* Properties whose work is set by the case's atom (ct_case_atom,
 * props/props_atoms.c), or by small residues of its integer inputs (ATOM-4:
 * k0 % 8, ATOM-5: k0 % 3, ATOM-6: k0 % 5 and k1 % 3), not by its layouts:
 * the GPU sorts their cases by those first (ct_dev_shape_key). A key that
 * misses them costs speed only, never an answer. */
#define CT_DEV_ATOM_KEYED "ATOM-1,ATOM-2,ATOM-3,ATOM-5"
#define CT_DEV_INT_KEYED "ATOM-4,ATOM-5,ATOM-6"
/* CX-4 and CX-5 walk the pitch-linear extent of the case's
 * TensorOpMultiplicand configuration (ct_top_case): its kind, element bits
 * and extent set their loops, which the case's layouts do not show. */
#define CT_DEV_TOP_KEYED "CX-4,CX-5"
enum { CT_DEV_KEY_ATOM = 1, CT_DEV_KEY_INTS = 2, CT_DEV_KEY_TOP = 4 };

typedef struct {
  int prop, gen, source;
  uint64_t seed, stream; /* random cases: ct_case_gen(gen, &params, seed, k, stream) */
  ct_gen_params params;
  ct_bounds b1, b2;      /* enumerated cases: single layouts, pairs (engine's ex_*, ex2_*) */
  int key_first;         /* what the GPU's sort key begins with: CT_DEV_KEY_ATOM, CT_DEV_KEY_INTS (or both), CT_DEV_KEY_TOP */
  int plan;              /* run the property's plan where it has one (device/plan.h): random cases only */
} ct_dev_job;

/* Per-chunk summary; the same on both sides when every answer agrees. */
typedef struct {
  uint64_t hash, cases, admissible, failures;
} ct_dev_acc;

/* Property selection (--only): an entry of the comma-separated list that is
 * a whole property ID selects that property alone ("IT-1" is not IT-10); any
 * other entry selects the IDs that begin with it ("IT-", "composition!").
 * Host code only (no CT_FN). */
#include <string.h>
static inline int ct_dev_is_id(const char *s, size_t n) {
  int p;
  for (p = 0; p < ct_num_props; ++p)
    if (strlen(ct_props[p].id) == n && strncmp(ct_props[p].id, s, n) == 0) return 1;
  return 0;
}
static inline int ct_dev_id_in(const char *id, const char *list) {
  const char *s = list;
  while (s && *s) {
    const char *e = strchr(s, ',');
    size_t n = e ? (size_t)(e - s) : strlen(s);
    if (n > 0 && strncmp(id, s, n) == 0 && (id[n] == 0 || !ct_dev_is_id(s, n))) return 1;
    if (!e) break;
    s = e + 1;
  }
  return 0;
}

CT_FN static inline int64_t ct_bounds_per_mode(const ct_bounds *b) {
  return (int64_t)b->shape * (int64_t)(b->hi - b->lo + 1);
}

/* Number of flat layouts within b (sum over ranks of per_mode^rank). */
CT_FN static inline int64_t ct_bounds_count(const ct_bounds *b) {
  int64_t per = ct_bounds_per_mode(b), total = 0, p = 1;
  int r;
  for (r = 1; r <= b->rank; ++r) {
    p *= per;
    total += p;
  }
  return total;
}

/* Mode k's (s, d) from its digit v in [0, per_mode): strides vary fastest. */
CT_FN static inline void ct_bounds_mode(const ct_bounds *b, int64_t v, int64_t *s, int64_t *d) {
  int64_t nd = b->hi - b->lo + 1;
  *s = 1 + v / nd;
  *d = b->lo + v % nd;
}

/* The idx-th flat layout of b, built like engine.c's ct_it_layout. */
CT_FN static inline void ct_bounds_layout(const ct_bounds *b, int64_t idx, ct_layout *L) {
  int64_t per = ct_bounds_per_mode(b), block = per;
  int r = 1, k;
  ct_modes m;
  ct_err e;
  while (r < b->rank && idx >= block) {
    idx -= block;
    block *= per;
    ++r;
  }
  m.n = 0;
  for (k = 0; k < r; ++k) {
    int64_t s, d;
    ct_bounds_mode(b, idx % per, &s, &d);
    idx /= per;
    ct_modes_push(&m, s, 0, d, 0);
  }
  if (r == 1) ct_l_set_int(L, m.m[0].s, 0, m.m[0].d, 0);
  else ct_discard(ct_modes_to_layout(&m, L, &e)); /* rank <= 4 (ct_bounds): fits every build */
}

/* Kinds the enumeration visits, and how many cases it makes of each
 * (engine.c: pairs for the pair generators, three cotargets 1, 7, 24 for the
 * complement generator, triples and tilers are not enumerated). */
CT_FN static inline int ct_enum_is_pair(int gen) {
  return !(gen == CT_GEN_LAYOUT || gen == CT_GEN_INT || gen == CT_GEN_CPL);
}
CT_FN static inline int64_t ct_enum_count(const ct_dev_job *j) {
  if (j->gen == CT_GEN_COMP3 || j->gen == CT_GEN_TILER || j->gen == CT_GEN_SWIZZLE) return 0;
  if (ct_enum_is_pair(j->gen)) return ct_bounds_count(&j->b2) * ct_bounds_count(&j->b2);
  return ct_bounds_count(&j->b1) * (j->gen == CT_GEN_CPL ? 3 : 1);
}

/* The values a case does not use (v[n..)) made empty tuples: a property that
 * reads past c->n (a defect, as local_partition!DIVISION_BY_ZERO's was) then
 * reads the same empty value on the host and the GPU, not whatever the
 * stack held, which faulted on the GPU (38437df). */
CT_FN static inline void ct_case_clear_rest(ct_case *c) {
  int j;
  for (j = c->n < 0 ? 0 : c->n; j < CT_CASE_VALS; ++j) c->v[j].shape.n = c->v[j].stride.n = 0;
}

/* Case k of the job. */
CT_FN static inline void ct_dev_case_drawn(const ct_dev_job *j, int64_t k, ct_case *c);
CT_FN static inline void ct_dev_case(const ct_dev_job *j, int64_t k, ct_case *c) {
  ct_dev_case_drawn(j, k, c);
  ct_case_clear_rest(c);
}
CT_FN static inline void ct_dev_case_drawn(const ct_dev_job *j, int64_t k, ct_case *c) {
  if (j->source == CT_SRC_RANDOM) {
    ct_case_gen(j->gen, &j->params, j->seed, (uint64_t)k, j->stream, c);
    return;
  }
  c->k[0] = c->k[1] = 0;
  c->admissible = 0;
  if (ct_enum_is_pair(j->gen)) {
    int64_t nb = ct_bounds_count(&j->b2);
    ct_bounds_layout(&j->b2, k / nb, &c->v[0]);
    ct_bounds_layout(&j->b2, k % nb, &c->v[1]);
    c->n = 2;
  } else if (j->gen == CT_GEN_CPL) {
    ct_bounds_layout(&j->b1, k / 3, &c->v[0]);
    c->k[0] = k % 3 == 0 ? 1 : k % 3 == 1 ? 7 : 24;
    c->n = 1;
  } else {
    ct_bounds_layout(&j->b1, k, &c->v[0]);
    if (j->gen == CT_GEN_INT) c->k[0] = k;
    c->n = 1;
  }
}

/* A case packed into 1 KiB: what the GPU's key kernel keeps of the case
 * it drew, so that the run reads it back instead of drawing it a second time
 * (agree.cu, --draw-once). The nodes in use of each tuple, one after the
 * other; n < 0 marks a slot that holds no case (more than CT_SLOT_NODES
 * nodes in all, or a value or node count outside what a ct_case holds): its
 * case is drawn again.
 * Unpacking gives back every field a check reads: c->n, the nodes in use
 * of v[0..n), k, w and admissible. */
#define CT_SLOT_NODES 60
typedef struct {
  int32_t n, admissible;
  int64_t k[2];
  ct_swizzle w[2];
  uint8_t cnt[2 * CT_CASE_VALS]; /* nodes of v[j].shape (2j) and of v[j].stride (2j + 1) */
  uint8_t pad[8];
  ct_node nd[CT_SLOT_NODES];
} ct_case_slot;
typedef char ct_case_slot_is_1_kib[sizeof(ct_case_slot) == 1024 ? 1 : -1];

CT_FN static inline int ct_case_pack(const ct_case *c, ct_case_slot *s) {
  int j, h, i, at = 0;
  s->n = -1;
  if (c->n < 0 || c->n > CT_CASE_VALS) return 0;
  for (j = 0; j < c->n; ++j)
    for (h = 0; h < 2; ++h) {
      int m = h ? c->v[j].stride.n : c->v[j].shape.n;
      if (m < 0 || m > CT_MAX_NODES) return 0;
      at += m;
    }
  if (at > CT_SLOT_NODES) return 0;
  at = 0;
  for (j = 0; j < CT_CASE_VALS; ++j)
    for (h = 0; h < 2; ++h) {
      const ct_tuple *t = h ? &c->v[j].stride : &c->v[j].shape;
      int m = j < c->n ? t->n : 0;
      s->cnt[2 * j + h] = (uint8_t)m;
      for (i = 0; i < m; ++i) s->nd[at++] = t->nd[i];
    }
  s->admissible = c->admissible;
  s->k[0] = c->k[0], s->k[1] = c->k[1];
  s->w[0] = c->w[0], s->w[1] = c->w[1];
  s->n = c->n;
  return 1;
}

/* The case of a slot that holds one (s->n >= 0). */
CT_FN static inline void ct_case_unpack(const ct_case_slot *s, ct_case *c) {
  int j, h, i, at = 0;
  for (j = 0; j < CT_CASE_VALS; ++j)
    for (h = 0; h < 2; ++h) {
      ct_tuple *t = h ? &c->v[j].stride : &c->v[j].shape;
      t->n = s->cnt[2 * j + h];
      for (i = 0; i < t->n; ++i) t->nd[i] = s->nd[at++];
    }
  c->n = s->n;
  c->admissible = s->admissible;
  c->k[0] = s->k[0], c->k[1] = s->k[1];
  c->w[0] = s->w[0], c->w[1] = s->w[1];
}

/* A plan's case (ct_plan_comp, device/plan.h) in the same 1 KiB: A's and B's
 * modes, B's nesting tokens; an < 0 marks a slot that holds none (more
 * than CT_PLAN_SLOT_MODES modes, or a nesting past CT_NEST_CODE tokens). */
#define CT_PLAN_SLOT_MODES 39
typedef struct {
  int32_t an, bn, tn, admissible;
  uint8_t t[CT_NEST_CODE];
  ct_mode m[CT_PLAN_SLOT_MODES]; /* A's an modes, then B's bn */
  uint8_t pad[8];
} ct_plan_slot;
typedef char ct_plan_slot_is_1_kib[sizeof(ct_plan_slot) == 1024 ? 1 : -1];

CT_FN static inline int ct_plan_pack(const ct_plan_comp *fc, ct_plan_slot *s) {
  int i;
  s->an = -1;
  if (fc->bn.full || fc->bn.n < 0 || fc->bn.n > CT_NEST_CODE || fc->a.n < 0 || fc->b.n < 0 ||
      fc->a.n + fc->b.n > CT_PLAN_SLOT_MODES)
    return 0;
  for (i = 0; i < fc->a.n; ++i) s->m[i] = fc->a.m[i];
  for (i = 0; i < fc->b.n; ++i) s->m[fc->a.n + i] = fc->b.m[i];
  for (i = 0; i < fc->bn.n; ++i) s->t[i] = fc->bn.t[i];
  s->bn = fc->b.n;
  s->tn = fc->bn.n;
  s->admissible = fc->admissible;
  s->an = fc->a.n;
  return 1;
}

CT_FN static inline void ct_plan_unpack(const ct_plan_slot *s, ct_plan_comp *fc) {
  int i;
  fc->a.n = s->an;
  fc->b.n = s->bn;
  for (i = 0; i < s->an; ++i) fc->a.m[i] = s->m[i];
  for (i = 0; i < s->bn; ++i) fc->b.m[i] = s->m[s->an + i];
  fc->bn.n = s->tn;
  fc->bn.full = 0;
  for (i = 0; i < s->tn; ++i) fc->bn.t[i] = s->t[i];
  fc->admissible = s->admissible;
}

/* A slot of the GPU's draw-once buffer: which of the two a job's slots
 * hold follows from the job (ct_dev_planned), in the key kernel and the
 * run alike. */
typedef union {
  ct_case_slot c;
  ct_plan_slot p;
} ct_slot;

CT_FN static inline uint64_t ct_dev_case_hash(int64_t k, int verdict, uint64_t digest) {
  return ct_mix64(digest ^ ct_mix64((uint64_t)k * 4u + (uint64_t)verdict));
}

/* Whether a job's random cases go to its property's plan (device/plan.h)
 * when plans are on: `plan` is the job's own flag on the device side, ct_gpu's
 * --plans where it decides an order. */
CT_FN static inline int ct_dev_planned(int plan, const ct_dev_job *j) {
  return plan && j->source == CT_SRC_RANDOM && ct_plan_has(j->prop);
}

/* The property's check on case k's trees, drawn into *c. */
CT_FN static inline void ct_dev_check(const ct_dev_job *j, int64_t k, ct_case *c, ct_outcome *o) {
  ct_dev_case(j, k, c);
  ct_prop_check(j->prop, c, o);
}

/* Runs case k: its verdict and digest, the answer both sides compare. With
 * j->plan, a property's plan answers where it holds the case, and *c is
 * left unset (the plan builds no case); the check answers the rest. */
CT_FN static inline void ct_dev_run(const ct_dev_job *j, int64_t k, ct_case *c, ct_outcome *o) {
  if (ct_dev_planned(j->plan, j) && ct_plan_run(j->prop, &j->params, j->seed, (uint64_t)k, j->stream, o))
    return;
  ct_dev_check(j, k, c, o);
}

/* Sort keys for the GPU's dispatch (agree.cu, --balance). Which thread runs
 * which case does not change a chunk's sums, so the GPU may order each
 * chunk's cases so that the 32 lanes of a warp do alike work:
 *   size:  the sum of the case's layout sizes (saturating at 65535): most
 *          properties walk every index of their inputs;
 *   shape: a hash of the case's tree shapes (kind and rank of every node),
 *          then the first layout's size and the others' (exact up to 96 and
 *          48, then in steps of 24 and 12), then a hash of its values'
 *          classes (shape entry 1 or not, stride sign, integer input sign):
 *          cases of one structure take the same branches through the
 *          reference, and a warp whose lanes take different branches runs
 *          them one after the other (an H100 profile showed 2 to 3 active
 *          lanes of 32); lanes whose loops run as long finish together
 *          (the sizes before the classes: the property mix 6% faster than
 *          with the size's bit length last, LAYOUT-5 2.4 times;
 *          docs/data/gpu-tuning.md, eighth step). Where the property
 *          derives from the case what its work turns on and the trees do
 *          not show (ct_prop_key_class, device/sort_classes.h: BASIS's paths, CL's
 *          choices from k1), that class follows the tree's hash.
 *          For the properties of CT_DEV_ATOM_KEYED and CT_DEV_INT_KEYED the
 *          atom, then the integers' residues, come first: they set the length
 *          of the property's loops, and the layouts' shape says nothing of
 *          them (ATOM-3: lanes were busy 20% of the time in shape order, 67%
 *          in atom order, by the host's per-case times; on an H100 ATOM-3 ran
 *          4.5 times faster; docs/data/gpu-tuning.md).
 *   sizes: one layout's size first (the first's, or with sizes-last the
 *          last's), then the others' together, then the tree's hash (or the
 *          property's class): for properties whose work follows the sizes
 *          more than the structure (on one H200, MCL-4 1.46 times faster
 *          with sizes-last than with shape, LAYOUT-5 2.7 and SW-7 2.1 times
 *          with sizes; over the whole mix shape stays far ahead, 5.58e7
 *          cases/s against 3.58e7). --balance auto times case order and the
 *          three keys on each property's first cases (agree.cu).
 * Keys have at most 32 bits (the atom's, residues' and plans' 24); ct_k_cost puts the
 * case's sort window above them. */
enum { CT_KEY_SIZE = 1, CT_KEY_SHAPE = 2, CT_KEY_SIZES = 3, CT_KEY_SIZES_LAST = 4 };

/* The product of a shape's leaves, saturating at 65536. */
CT_FN static inline int64_t ct_dev_shape_size(const ct_tuple *s) {
  int64_t size = 1;
  int i;
  for (i = 0; i < s->n; ++i)
    if (s->nd[i].kind == CT_INT) {
      int64_t x = s->nd[i].v > 0 ? s->nd[i].v : 1;
      size = size > 65535 || x > 65535 ? 65536 : size * x;
    }
  return size;
}

CT_FN static inline unsigned ct_dev_size_key(const ct_case *c) {
  int64_t total = 0, size;
  int j;
  for (j = 0; j < c->n && j < CT_CASE_VALS; ++j) {
    size = ct_dev_shape_size(&c->v[j].shape);
    total += size > 65535 ? 65535 : size;
  }
  return total > 65535 ? 65535u : (unsigned)total;
}

/* The bit length of the size key (0..16): the atom's, residues' and
 * configuration's keys end with it. */
CT_FN static inline unsigned ct_dev_size_bits(const ct_case *c) {
  unsigned size = ct_dev_size_key(c), bits = 0;
  while (size >> bits) ++bits;
  return bits;
}

/* The least e <= cap with base * 2^e >= v: a key field of a few bits that
 * orders v by its magnitude. */
CT_FN static inline unsigned ct_dev_log2_field(int64_t v, int64_t base, unsigned cap) {
  unsigned e = 0;
  while (e < cap && (base << e) < v) ++e;
  return e;
}

/* A layout's size in nb bits: exact below lin, then in steps of lin / 4. */
CT_FN static inline unsigned ct_dev_size_field(int64_t size, int64_t lin, int nb) {
  int64_t q = size < lin ? size : lin + (size - lin) / (lin / 4);
  int64_t cap = ((int64_t)1 << nb) - 1;
  return (unsigned)(q < 0 ? 0 : q > cap ? cap : q);
}

CT_FN static inline unsigned ct_dev_shape_key(const ct_case *c, int key_first, unsigned cls) {
  uint64_t tree = (uint64_t)c->n, vals = 0;
  int j, i;
  for (j = 0; j < c->n && j < CT_CASE_VALS; ++j) {
    const ct_tuple *s = &c->v[j].shape, *d = &c->v[j].stride;
    for (i = 0; i < s->n; ++i) {
      tree = ct_tree_node_mix(tree, &s->nd[i]);
      if (s->nd[i].kind == CT_INT)
        vals = ct_mix64(vals ^ (uint64_t)(s->nd[i].v == 1) ^
                        (i < d->n ? (uint64_t)(d->nd[i].v > 0 ? 2 : d->nd[i].v < 0 ? 4 : 6) : 0));
    }
  }
  vals = ct_mix64(vals ^ (uint64_t)(c->k[0] > 0 ? 1 : c->k[0] < 0 ? 2 : 3));
  if (key_first & CT_DEV_KEY_TOP) { /* 15 bits of the configuration: kind, bits, log2 of each extent */
    int which, ebits, cw;
    int64_t ext[2], ld;
    unsigned b, e0, e1;
    ct_top_case(c, &which, &ebits, &cw, ext, &ld);
    b = ct_dev_log2_field(ebits, 8, 3);
    e0 = ct_dev_log2_field(ext[0], 1, 15);
    e1 = ct_dev_log2_field(ext[1], 1, 31);
    return ((unsigned)which << 14 | b << 12 | e0 << 8 | e1 << 3 | (unsigned)(ext[1] & 7)) << 9 |
           (unsigned)(vals & 0xFu) << 5 | ct_dev_size_bits(c);
  }
  if (key_first) { /* 6 bits of the atom, 9 of the residues, then 9 of the values' classes and size */
    unsigned atom = 0, ints = 0;
    if (key_first & CT_DEV_KEY_ATOM) { /* major, row bytes 16..128, element bits 4..64 */
      int major, row, width;
      ct_case_atom(c, &major, &row, &width);
      atom = (unsigned)major << 5 | ct_dev_log2_field(row, 16, 3) << 3 | ct_dev_log2_field(width, 4, 7);
    }
    if (key_first & CT_DEV_KEY_INTS) /* k0 % 120 (a multiple of 8, 5 and 3), k1 % 3 */
      ints = (unsigned)((uint64_t)c->k[0] % 120u) << 2 | (unsigned)((uint64_t)c->k[1] % 3u);
    return atom << 18 | ints << 9 | (unsigned)(vals & 0xFu) << 5 | ct_dev_size_bits(c);
  }
  { /* 15 bits of the tree's shape, 7 of the first layout's size, 6 of the others', 4 of the values' classes;
     * with the property's class (ct_prop_key_class): its 7 bits after the tree's, the others' size in 3 */
    int64_t rest = 0;
    unsigned s0 = ct_dev_size_field(c->n > 0 ? ct_dev_shape_size(&c->v[0].shape) : 0, 96, 7), s1;
    for (j = 1; j < c->n && j < CT_CASE_VALS; ++j) rest += ct_dev_shape_size(&c->v[j].shape);
    s1 = ct_dev_size_field(rest, 48, 6);
    if (cls) return (unsigned)(tree & 0x7FFFu) << 17 | (cls & 0x7Fu) << 10 | s0 << 3 | s1 >> 3;
    return (unsigned)(tree & 0x7FFFu) << 17 | s0 << 10 | s1 << 4 | (unsigned)(vals & 0xFu);
  }
}

/* The sizes key: 11 bits of one layout's size (exact below 512), 10 of the
 * others' together (exact below 256), 11 of the tree's hash or 7 of the
 * property's class and 4 of the hash. */
CT_FN static inline unsigned ct_dev_sizes_key(const ct_case *c, int last, unsigned cls) {
  uint64_t tree = (uint64_t)c->n;
  int64_t first = 0, rest = 0;
  int j, i, n = c->n < CT_CASE_VALS ? c->n : CT_CASE_VALS, f = last ? n - 1 : 0;
  for (j = 0; j < n; ++j) {
    const ct_tuple *s = &c->v[j].shape;
    int64_t size = ct_dev_shape_size(s);
    if (j == f) first = size;
    else rest += size;
    for (i = 0; i < s->n; ++i)
      tree = ct_tree_node_mix(tree, &s->nd[i]);
  }
  return ct_dev_size_field(first, 512, 11) << 21 | ct_dev_size_field(rest, 256, 10) << 11 |
         (cls ? (cls & 0x7Fu) << 4 | (unsigned)(tree & 0xFu) : (unsigned)(tree & 0x7FFu));
}

CT_FN static inline unsigned ct_dev_sort_key(int mode, int key_first, unsigned cls, const ct_case *c) {
  if (mode == CT_KEY_SIZES || mode == CT_KEY_SIZES_LAST) return ct_dev_sizes_key(c, mode == CT_KEY_SIZES_LAST, cls);
  return mode == CT_KEY_SHAPE ? ct_dev_shape_key(c, key_first, cls) : ct_dev_size_key(c);
}

/* Case k's sort key: the plan's own (device/plan.h) where the job runs one,
 * drawn flat like the case; else the key of the case's trees. */
CT_FN static inline unsigned ct_dev_case_key(const ct_dev_job *j, int mode, int64_t k, ct_case *c) {
  if (ct_dev_planned(j->plan, j))
    return ct_plan_key(j->prop, &j->params, j->seed, (uint64_t)k, j->stream) & 0xFFFFFFu;
  ct_dev_case(j, k, c);
  return ct_dev_sort_key(mode, j->key_first, mode >= CT_KEY_SHAPE ? ct_prop_key_class(j->prop, c) : 0u, c);
}

/* Adds case k's outcome to a chunk's sums; returns whether it failed. */
CT_FN static inline int ct_dev_tally(int64_t k, const ct_outcome *o, ct_dev_acc *a) {
  a->hash += ct_dev_case_hash(k, (int)o->verdict, o->digest);
  ++a->cases;
  if (o->verdict != CT_SKIPPED) ++a->admissible;
  if (o->verdict == CT_FAILED) ++a->failures;
  return o->verdict == CT_FAILED;
}

/* Adds cases [k0, k1) to a chunk's sums; returns the first failing index or -1. */
CT_FN static inline int64_t ct_dev_accumulate(const ct_dev_job *j, int64_t k0, int64_t k1, ct_dev_acc *a) {
  int64_t k, first = -1;
  for (k = k0; k < k1; ++k) {
    ct_case c;
    ct_outcome o;
    ct_dev_run(j, k, &c, &o);
    if (ct_dev_tally(k, &o, a) && first < 0) first = k;
  }
  return first;
}

/* Case k's sort key (ct_dev_case_key), with the case drawn for it packed
 * into *s: a plan's case where the job runs a plan that ct_plan_draw draws,
 * else the case's trees. */
CT_FN static inline unsigned ct_dev_case_key_slot(const ct_dev_job *j, int mode, int64_t k, ct_case *c, ct_slot *s) {
  unsigned key;
  if (ct_dev_planned(j->plan, j)) { /* ct_plan_key, keeping the draw */
    ct_plan_comp fc;
    s->p.an = -1;
    if (!ct_plan_draw(j->prop, &j->params, j->seed, (uint64_t)k, j->stream, &fc)) return 0;
    ct_plan_pack(&fc, &s->p);
    return ct_plan_key_of(j->prop, &fc) & 0xFFFFFFu;
  }
  key = ct_dev_case_key(j, mode, k, c);
  ct_case_pack(c, &s->c);
  return key;
}

/* Case k, packed in *s by ct_dev_case_key_slot where it fits: the plan's
 * answer or the check's on the unpacked case, else ct_dev_run (the same
 * outcome, since the slot holds what they read); returns k if it failed,
 * else -1. */
CT_FN static inline int64_t ct_dev_accumulate_slot(const ct_dev_job *j, int64_t k, const ct_slot *s, ct_dev_acc *a) {
  ct_case c;
  ct_outcome o;
  if (ct_dev_planned(j->plan, j)) {
    ct_plan_comp fc;
    if (s->p.an < 0) {
      ct_dev_run(j, k, &c, &o);
    } else {
      ct_plan_unpack(&s->p, &fc);
      if (!ct_plan_run_of(j->prop, &fc, &o)) ct_dev_check(j, k, &c, &o); /* the plan does not hold it */
    }
  } else if (s->c.n >= 0) {
    ct_case_unpack(&s->c, &c);
    ct_prop_check(j->prop, &c, &o);
  } else {
    ct_dev_run(j, k, &c, &o);
  }
  return ct_dev_tally(k, &o, a) ? k : -1;
}

#endif
