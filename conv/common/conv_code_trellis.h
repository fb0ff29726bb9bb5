/* The trellis of a conv_code (host side): the bridge from the public code object to the shared
 * trellis description.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_CONV_CODE_TRELLIS_H
#define INCLUDED_GPUFEC_CORE_CONV_CODE_TRELLIS_H

#include "conv_trellis.h"
#include <gnuradio/gpufec/conv/conv_code.h>

namespace gr {
namespace gpufec {
namespace conv {

inline trellis make_trellis(const conv_code& c)
{
    trellis t{};
    t.k = c.k();
    t.n = static_cast<int>(c.n());
    for (unsigned j = 0; j < c.n(); ++j)
        t.polys[j] = c.polys()[j];
    return t;
}

} // namespace conv
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_CONV_CODE_TRELLIS_H */
