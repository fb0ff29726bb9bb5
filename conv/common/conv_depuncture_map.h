/* Where each mother position of a code block takes its soft value from in the punctured
 * stream: the index map of the GPU depuncturer, plain data usable on host and device (and so
 * testable on the CPU against conv::puncturer).
 *
 * A block is mother_per_block mother positions carrying coded_per_block sent values, and the
 * pattern restarts at every block: a framed code's frame, or one puncturing period of a
 * streaming code (conv_code's blocks). The values of inverted outputs are negated, as
 * conv::puncturer::depuncture does.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_BER_DEPUNCTURE_MAP_H
#define INCLUDED_GPUFEC_CUDA_BER_DEPUNCTURE_MAP_H

#include <gnuradio/gpufec/core/core_api.h>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {
namespace cuda {

/*! Longest pattern the map holds: the GPU encoder's limit (conv_encode_max_pattern). */
constexpr size_t depuncture_max_period = 1024;

struct depuncture_map {
    uint32_t period;           //!< pattern length (mother positions)
    uint32_t kept;             //!< sent positions per period
    uint32_t mother_per_block; //!< M
    uint32_t coded_per_block;  //!< C
    int16_t rank[depuncture_max_period]; //!< sent index of a pattern position, -1: deleted
    uint8_t flip[depuncture_max_period]; //!< 1 where the position's output is inverted

    /*! Index in its block's sent values of mother position @p m (< M), or -1 when deleted. */
    GPUFEC_HOST_DEVICE int64_t source(uint32_t m) const
    {
        const int r = rank[m % period];
        return r < 0 ? -1 : int64_t(m / period) * kept + r;
    }

    /*! Mother position @p m (< M) of a block whose sent values are @p in: 0 when deleted. */
    GPUFEC_HOST_DEVICE int8_t value(uint32_t m, const int8_t* in) const
    {
        const int64_t src = source(m);
        if (src < 0)
            return 0;
        return flip[m % period] ? int8_t(-in[src]) : in[src];
    }
};

/*!
 * @param inverted empty, or one flag per output (conv_code::inverted())
 * @throws std::invalid_argument for a pattern longer than depuncture_max_period
 */
inline depuncture_map make_depuncture_map(const std::vector<uint8_t>& pattern,
                                          size_t mother_per_block,
                                          size_t coded_per_block,
                                          const std::vector<bool>& inverted = {})
{
    if (pattern.empty() || pattern.size() > depuncture_max_period)
        throw std::invalid_argument("GPU depuncturer: puncturing pattern of " +
                                    std::to_string(pattern.size()) + " positions, 1 to " +
                                    std::to_string(depuncture_max_period) +
                                    " supported: use backend 'cpu'");
    depuncture_map m{};
    m.period = uint32_t(pattern.size());
    for (size_t p = 0; p < pattern.size(); ++p)
        m.rank[p] = pattern[p] ? int16_t(m.kept++) : int16_t(-1);
    for (size_t p = 0; p < pattern.size() && !inverted.empty(); ++p)
        m.flip[p] = inverted[p % inverted.size()];
    m.mother_per_block = uint32_t(mother_per_block);
    m.coded_per_block = uint32_t(coded_per_block);
    return m;
}

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
