/* Soft input to the decoders' int8 metric domain, the same on host and device.
 *
 *   q = round_half_even(clamp(x * scale, -127, 127)),  NaN -> 0 (an erasure)
 *
 * -128 is never produced (and an int8 input of -128 is read as -127), so +1 and -1 decisions
 * have symmetric ranges. +-Inf clamp to +-127.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_CONV_QUANTIZE_H
#define INCLUDED_GPUFEC_CORE_CONV_QUANTIZE_H

#include <gnuradio/gpufec/core/core_api.h>
#include <cmath>
#include <cstdint>

namespace gr {
namespace gpufec {

GPUFEC_HOST_DEVICE int8_t quantize_llr(float x, float scale)
{
#if defined(__CUDA_ARCH__)
    float y = __fmul_rn(x, scale);
    if (y != y)
        return 0;
    y = fminf(fmaxf(y, -127.0f), 127.0f);
    return static_cast<int8_t>(__float2int_rn(y));
#else
    // Selects rather than branches, so that a loop of them vectorizes (the FECAPI objects
    // quantize a frame a call).
    float y = x * scale;
    y = y == y ? y : 0.0f; // NaN: an erasure
    y = y < -127.0f ? -127.0f : y;
    y = y > 127.0f ? 127.0f : y;
    // Round half to even without a library call (nearbyint was the cost of the host's float
    // to int8 pass): adding and subtracting 1.5 * 2^23 leaves the nearest integer of any
    // |y| < 2^22 in binary32's default rounding mode (no contraction: -ffp-contract=off).
    constexpr float shifter = 12582912.0f;
    return static_cast<int8_t>((y + shifter) - shifter);
#endif
}

/*! An int8 input as the decoders read it: -128 becomes -127. */
GPUFEC_HOST_DEVICE int32_t llr_value(int8_t q) { return q == -128 ? -127 : q; }

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_CONV_QUANTIZE_H */
