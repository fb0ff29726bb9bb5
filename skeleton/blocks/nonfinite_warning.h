/* What a decoder's soft-input stage saw, told to the user once a run for each kind of trouble
 * (non-finite values, batches that llr_scale quantized to nothing), with a position.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NONFINITE_WARNING_H
#define INCLUDED_GPUFEC_NONFINITE_WARNING_H

#include "block_io.h"
#include <gnuradio/gpufec/core/decoder.h>

namespace gr {
namespace gpufec {

class nonfinite_warning
{
public:
    void reset() { *this = nonfinite_warning(); }
    uint64_t count() const { return d_count; }

    /*! @param per_frame the positions are those of frames (length-tagged input) */
    void report(block_io& io, const nonfinite_report& r, bool per_frame);

private:
    uint64_t d_count = 0;
    bool d_warned_nonfinite = false;
    bool d_warned_erased = false;
};

} // namespace gpufec
} // namespace gr

#endif
