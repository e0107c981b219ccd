/* copy_utccp.h -- where tcgen05.cp puts its bits in Tensor Memory
 * (spec/copy.md, COPY-UTCCP): PTX's tcgen05.cp (PTX ISA "Tensor Core 5th
 * Generation Family Instructions: tcgen05.cp") copies R rows of W bits
 * from shared memory (`.RxWb`) into Tensor Memory, with `.64x128b` and
 * `.32x128b` multicast to 2 or 4 warps' lanes (`.warpx2::02_13`,
 * `.warpx2::01_23`, `.warpx4`). CuTe's atoms are SM100_UTCCP_*_{1,2}cta;
 * the addresses are of one CTA's Tensor Memory (`.cta_group::2`: each CTA
 * of the pair its own, the same). */
#ifndef CT_COPY_UTCCP_H
#define CT_COPY_UTCCP_H

#include "layout.h"

/* The shapes with their multicast, in CuTe's order of the traits. */
enum {
  CT_UTCCP_128x256b = 0,
  CT_UTCCP_128x128b = 1,
  CT_UTCCP_4x256b = 2,
  CT_UTCCP_32x128b_X4 = 3,    /* .32x128b.warpx4 */
  CT_UTCCP_64x128b_02_13 = 4, /* .64x128b.warpx2::02_13 */
  CT_UTCCP_64x128b_01_23 = 5  /* .64x128b.warpx2::01_23 */
};
#define CT_UTCCP_SHAPES 6

/* The rows R and bits W a row the shape names, and the copies M of each
 * row its multicast writes (1, 2 or 4). */
CT_FN int ct_utccp_rows(int s);
CT_FN int ct_utccp_row_bits(int s);
CT_FN int ct_utccp_copies(int s);

/* The Tensor Memory lane (relative to the address operand's lane) of row
 * r's copy m (COPY-UTCCP). */
CT_FN int ct_utccp_lane(int s, int r, int m);

/* The address in bits (CT_TMEM_LANE_ADDR a lane, 32 a column) of the bit
 * x = r + R*(y + W*m): row r's bit y, its copy m. */
CT_FN int64_t ct_utccp_addr(int s, int64_t x);

/* That map as a layout (rows, bits, copies), copies dropped when 1,
 * checked against ct_utccp_addr at every bit; ARG_TYPE for no shape. */
CT_FN CT_MUST_USE ct_code ct_utccp_val_id(int s, ct_layout *out, ct_err *e);

/* CuTe's name SM100_UTCCP_{128dp256bit,128dp128bit,4dp256bit,4x32dp128bit,
 * 2x64dp128bitlw0213,2x64dp128bitlw0123}_{1,2}cta as (s, ctas): 1 if it is
 * one, else 0. Host only. */
int ct_utccp_by_name(const char *name, int *s, int *ctas);
/* Its inverse into buf (cap bytes). Host only. */
void ct_utccp_name(int s, int ctas, char *buf, int cap);

#endif
