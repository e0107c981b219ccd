/* props_divide.h -- helpers of the divide properties, defined in
 * props_divide.c and used by the product and swizzle properties too: one
 * declaration, which the compiler checks against the definitions, instead
 * of copies by hand in each file. (Their sort is judge/'s ct_j_sort.) */
#ifndef CT_PROPS_DIVIDE_H
#define CT_PROPS_DIVIDE_H

#include "props/props.h"

CT_FN int64_t ct_dv_values(const ct_layout *L, int64_t n, int64_t *v, int64_t cap);
CT_FN int ct_dv_injective(const ct_layout *L);
CT_FN int ct_dv_same_counts(const int64_t *v, const int64_t *w, int64_t n, int32_t *count);
CT_FN int ct_dv_is_tiler(const ct_tiler *T);
CT_FN void ct_dv_mode(const ct_layout *L, int k, ct_layout *out);
CT_FN void ct_dv_mode2(const ct_layout *L, int k, int j, ct_layout *out);
CT_FN void ct_dv_subtiler(const ct_tiler *T, int k, ct_tiler *out);
CT_FN int ct_dv_first_layout_mode(const ct_tiler *T);
CT_FN int ct_dv_is_unit(const ct_layout *L);
CT_FN ct_code ct_dv_form(int form, const ct_layout *A, const ct_tiler *T, ct_layout *out, ct_err *e);
CT_FN int ct_zip_matches(const ct_layout *A, const ct_tiler *T, const ct_layout *L, const ct_layout *Z, int zip,
                         ct_outcome *o);
CT_FN int ct_unpack_matches(const ct_layout *Z, const ct_layout *Ti, const ct_layout *Fl, ct_outcome *o);
CT_FN ct_code ct_div_alls(int r, ct_tiler *T);
CT_FN void ct_dv_expect(const ct_layout *A, const ct_tiler *T, ct_code want, int base, int mask, int loose, ct_outcome *o);
CT_FN int ct_dv_pad_rank(const ct_layout *L, int R, ct_layout *out);
CT_FN void ct_dv_expect_limit(const ct_case *c, ct_code want, int base, ct_outcome *o);

#endif
