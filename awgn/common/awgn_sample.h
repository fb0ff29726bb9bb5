/* One BPSK+AWGN channel sample, the same arithmetic on host and device.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_CHANNEL_AWGN_SAMPLE_H
#define INCLUDED_GPUFEC_CORE_CHANNEL_AWGN_SAMPLE_H

#include "awgn_gaussian.h"

namespace gr {
namespace gpufec {
namespace detail {

/*! Per-call channel constants, in the float precision both backends compute in. */
struct awgn_sample_params {
    float sigma; //!< noise standard deviation
    float scale; //!< 2/sigma^2 for LLR output, 1 for symbol output
};

/*! (bit ? +1 : -1) + sigma z, times scale. */
GPUFEC_HOST_DEVICE float awgn_bpsk_sample(uint32_t bit, float z, awgn_sample_params p)
{
    const float y = add_rn(bit ? 1.0f : -1.0f, mul_rn(p.sigma, z));
    return mul_rn(p.scale, y);
}

} // namespace detail
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_CHANNEL_AWGN_SAMPLE_H */
