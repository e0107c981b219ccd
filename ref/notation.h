/* notation.h -- CuTe's printed notation, parsed and printed (spec/notation.md).
 *
 *   integer   8   _8 (static)   -2   _-2
 *   IntTuple  (4,(2,3))   (8)   (8,)   ()
 *   basis     _1@0   2@1   _1@0@1 (CuTe's print of E<1,0>), also read as _1@(1,0)
 *   layout    SHAPE:STRIDE, or SHAPE alone for compact column-major
 *   tiler     <3:4, 8:2>   elements: layouts, `_`, n (n:_1), shapes, tilers
 *
 * Spaces are allowed between tokens. Printing is canonical (no spaces, a
 * one-element tuple as `(8)`) and parse(print(x)) == x, marks included.
 * Host only: the device never parses. */
#ifndef CT_NOTATION_H
#define CT_NOTATION_H

#include "layout.h"

typedef struct {
  const char *s;
  int pos;
} ct_cursor;

/* What ct_read_tuple accepts besides integers and tuples (flags): `_`, and
 * basis strides v@i (spec/basis.md; only a layout's stride holds them). */
enum { CT_READ_ALL = 1, CT_READ_BASIS = 2 };

/* Streaming readers used by the expression evaluator; they stop after the
 * literal and leave the cursor there. allow: CT_READ_* flags (1 is `_`). */
CT_MUST_USE ct_code ct_read_tuple(ct_cursor *c, ct_tuple *out, int allow, ct_err *e);
/* Reads SHAPE[:STRIDE]; *has_stride tells whether a stride was written (a bare
 * shape gets the compact column-major stride). The stride may hold basis
 * strides (spec/basis.md). */
CT_MUST_USE ct_code ct_read_layout(ct_cursor *c, ct_layout *out, int *has_stride, ct_err *e);
/* Reads `<...>` (the cursor must be at '<'). */
CT_MUST_USE ct_code ct_read_tiler(ct_cursor *c, ct_tiler *out, ct_err *e);
void ct_skip_space(ct_cursor *c);
/* A byte as error messages show it: 'x' when printable ASCII, else
 * "byte 0xNN", so that messages stay printable ASCII (spec/protocol.md). */
const char *ct_byte_text(char ch, char *buf, int cap);

/* Whole-string parsers: trailing characters are an error. */
CT_MUST_USE ct_code ct_parse_tuple(const char *s, ct_tuple *out, int allow_all, ct_err *e);
CT_MUST_USE ct_code ct_parse_layout(const char *s, ct_layout *out, ct_err *e);
CT_MUST_USE ct_code ct_parse_tiler(const char *s, ct_tiler *out, ct_err *e);

/* A shape used as a tiler: every tuple becomes `<...>`, every n becomes n:_1. */
CT_MUST_USE ct_code ct_tiler_from_shape(const ct_tuple *shape, ct_tiler *out, ct_err *e);

/* Whether text starts as a value that another implementation prints starts
 * (spec/notation.md, "Printed forms of other implementations"): pycute's
 * SW_B_M_S, Layout(...), ComposedLayout(...) and Swizzle(...), the CuTe
 * DSL's S<...> and tensor<...>, CuTe C++'s ArithTuple(...) and shared-memory
 * pointer flags. A reader of answers, which takes literals and no
 * operations, lets these names through. */
int ct_is_printed_form(const char *text);

/* Printers write at most cap-1 characters plus a NUL and return the length
 * the full text needs (like snprintf). */
int ct_print_tuple(const ct_tuple *t, int i, char *buf, int cap);
int ct_print_layout(const ct_layout *L, char *buf, int cap);
int ct_print_tiler(const ct_tiler *T, char *buf, int cap);
int ct_print_val(ct_val v, char *buf, int cap);

#endif
