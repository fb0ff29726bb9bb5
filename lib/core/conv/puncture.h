/* Puncturing and depuncturing over a repeated 0/1 pattern: the one implementation that the
 * encoder and the decoder engine share.
 *
 * Positions are counted in the mother (unpunctured) coded stream; pattern position p applies to
 * mother position p mod pattern.size(). The "phase" of a call is the mother position of its
 * first value, so a stream cut into calls is punctured as one.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_CONV_PUNCTURE_H
#define INCLUDED_GPUFEC_CORE_CONV_PUNCTURE_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gr {
namespace gpufec {
namespace conv {

/*! @brief A puncturing pattern of 0/1 bytes with at least one 1. */
class puncturer
{
public:
    explicit puncturer(const std::vector<uint8_t>& pattern);

    size_t period() const { return m_pattern.size(); }
    /*! @brief Sent positions per period. */
    size_t kept_per_period() const { return m_kept.size(); }

    /*! @brief Sent positions among mother positions [phase, phase + n_mother). */
    uint64_t kept_count(uint64_t phase, uint64_t n_mother) const;

    /*! @brief Mother position of the sent value with index @p sent (counted from position 0);
     *  every mother position before it is then either sent before it or deleted. */
    uint64_t mother_position(uint64_t sent) const;

    /*!
     * @brief Keeps the sent ones of @p n_mother values at mother positions starting at @p phase.
     * @return values written to @p out
     */
    size_t puncture(const uint8_t* mother, size_t n_mother, uint64_t phase, uint8_t* out) const;

    /*!
     * @brief Fills @p n_mother mother positions starting at @p phase: sent positions take the
     * next value of @p in, deleted ones 0 (an erasure).
     * @return values read from @p in
     */
    size_t depuncture(const int8_t* in, size_t n_mother, uint64_t phase, int8_t* mother) const;

private:
    std::vector<uint8_t> m_pattern;
    std::vector<uint32_t> m_kept; //!< pattern positions that are sent, ascending
};

} // namespace conv
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_CONV_PUNCTURE_H */
