/* The puncturing pattern as an index map, the one that the host's puncturer and the device's
 * depuncturer both read: for each pattern position, the index of its value among one period's
 * sent values (-1: deleted) and whether its output is inverted. conv::puncturer builds it and
 * punctures and depunctures the host's streams with it; the device depuncturer
 * (conv/cuda/conv_depuncture_kernels.h) reads a device copy of the same arrays.
 *
 * Plain data with pointers to the arrays (host or device memory, as the reader needs); the
 * values of inverted outputs are negated (soft values) or complemented (bits).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CONV_PUNCTURE_MAP_H
#define INCLUDED_GPUFEC_CONV_PUNCTURE_MAP_H

#include <gnuradio/gpufec/core/core_api.h>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace conv {

struct puncture_map {
    uint32_t period;     //!< pattern positions
    uint32_t kept;       //!< sent positions per period
    const int32_t* rank; //!< per position: index among the period's sent values, -1 if deleted
    const uint8_t* flip; //!< per position: 1 where the output is inverted

    GPUFEC_HOST_DEVICE bool sent(uint32_t p) const { return rank[p] >= 0; }

    /*! The soft value of pattern position @p p whose sent value is @p v. */
    GPUFEC_HOST_DEVICE int8_t soft(uint32_t p, int8_t v) const { return flip[p] ? int8_t(-v) : v; }

    /*! The sent bit of pattern position @p p whose mother bit is @p b. */
    GPUFEC_HOST_DEVICE uint8_t bit(uint32_t p, uint8_t b) const { return b ^ flip[p]; }

    /*! Index among the sent values (counted from mother position 0) of mother position @p m,
     *  or -1 when it is deleted (an unsigned index type: 32-bit division where it suffices). */
    template <class Index>
    GPUFEC_HOST_DEVICE int64_t source(Index m) const
    {
        const int32_t r = rank[m % period];
        return r < 0 ? -1 : int64_t(m / period) * kept + r;
    }

    /*! Mother position @p m of values whose sent values (from mother position 0) are @p in:
     *  0 (an erasure) when deleted. */
    template <class Index>
    GPUFEC_HOST_DEVICE int8_t value(Index m, const int8_t* in) const
    {
        const int64_t s = source(m);
        return s < 0 ? int8_t(0) : soft(uint32_t(m % period), in[s]);
    }
};

} // namespace conv
} // namespace gpufec
} // namespace gr

#endif
