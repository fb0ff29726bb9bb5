/* Puncturing and depuncturing over a repeated 0/1 pattern: the one implementation that the
 * encoder and the decoder engine share. It also complements inverted outputs (gr-fec's negative
 * generators): puncturing sends their bits complemented and depuncturing negates their soft
 * values, so that the decoders' kernels see the code without inversion.
 *
 * Positions are counted in the mother (unpunctured) coded stream; pattern position p applies to
 * mother position p mod pattern.size(). The "phase" of a call is the mother position of its
 * first value, so a stream cut into calls is punctured as one. The pattern lives in one map
 * (conv/common/conv_puncture_map.h) that the device depuncturer reads too.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_CONV_PUNCTURE_H
#define INCLUDED_GPUFEC_CORE_CONV_PUNCTURE_H

#include "conv/common/conv_puncture_map.h"
#include <cstddef>
#include <cstdint>
#include <vector>

namespace gr {
namespace gpufec {
namespace conv {

/*! @brief A puncturing pattern of 0/1 bytes with at least one 1, and the inverted outputs. */
class puncturer
{
public:
    /*! @param inverted empty, or one flag per generator (n of them: pattern position p is
     *         generator p mod n, the pattern's length being a multiple of n) */
    explicit puncturer(const std::vector<uint8_t>& pattern, const std::vector<bool>& inverted = {});

    /*! @brief Neither deletes nor inverts: the channel stream is the mother stream. */
    bool identity() const { return m_identity; }

    size_t period() const { return m_rank.size(); }
    /*! @brief Sent positions per period. */
    size_t kept_per_period() const { return m_kept.size(); }

    /*! @brief The map (a view of this object's arrays: valid while it lives). */
    puncture_map map() const
    {
        return { uint32_t(m_rank.size()), uint32_t(m_kept.size()), m_rank.data(), m_flip.data() };
    }

    /*! @brief Sent positions among mother positions [phase, phase + n_mother). */
    uint64_t kept_count(uint64_t phase, uint64_t n_mother) const;

    /*! @brief Mother position of the sent value with index @p sent (counted from position 0);
     *  every mother position before it is then either sent before it or deleted. */
    uint64_t mother_position(uint64_t sent) const;

    /*!
     * @brief Keeps the sent ones of @p n_mother bits (0/1) at mother positions starting at
     * @p phase, those of inverted outputs complemented.
     * @return values written to @p out
     */
    size_t puncture(const uint8_t* mother, size_t n_mother, uint64_t phase, uint8_t* out) const;

    /*!
     * @brief Fills @p n_mother mother positions starting at @p phase: sent positions take the
     * next value of @p in (negated for inverted outputs: values in [-127, 127]), deleted ones 0
     * (an erasure).
     * @return values read from @p in
     */
    size_t depuncture(const int8_t* in, size_t n_mother, uint64_t phase, int8_t* mother) const;

private:
    std::vector<int32_t> m_rank;  //!< puncture_map::rank
    std::vector<uint8_t> m_flip;  //!< puncture_map::flip
    std::vector<uint32_t> m_kept; //!< pattern positions that are sent, ascending
    bool m_identity;
};

} // namespace conv
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_CONV_PUNCTURE_H */
