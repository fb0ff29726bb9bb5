/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "conv_puncture.h"
#include <algorithm>
#include <string>
#include <stdexcept>

namespace gr {
namespace gpufec {
namespace conv {

puncturer::puncturer(const std::vector<uint8_t>& pattern, const std::vector<bool>& inverted)
    : m_rank(pattern.size(), -1), m_flip(pattern.size(), 0)
{
    for (size_t i = 0; i < pattern.size(); ++i)
        if (pattern[i]) {
            m_rank[i] = static_cast<int32_t>(m_kept.size());
            m_kept.push_back(static_cast<uint32_t>(i));
        }
    if (m_kept.empty())
        throw std::invalid_argument("puncture pattern sends nothing: it needs at least one '1'");
    if (!inverted.empty()) {
        if (m_rank.size() % inverted.size() != 0)
            throw std::invalid_argument("puncture pattern of " + std::to_string(m_rank.size()) +
                                        " positions is no whole number of steps of " +
                                        std::to_string(inverted.size()) + " outputs");
        for (size_t i = 0; i < m_rank.size(); ++i)
            m_flip[i] = inverted[i % inverted.size()];
    }
    m_identity = m_kept.size() == m_rank.size() &&
                 std::find(m_flip.begin(), m_flip.end(), 1) == m_flip.end();
}

uint64_t puncturer::kept_count(uint64_t phase, uint64_t n_mother) const
{
    // kept(x) = sent positions in [0, x); the count is kept(phase + n) - kept(phase).
    const auto kept_before = [this](uint64_t x) {
        uint64_t count = (x / period()) * kept_per_period();
        for (uint64_t p = 0; p < x % period(); ++p)
            count += m_rank[p] >= 0;
        return count;
    };
    return kept_before(phase + n_mother) - kept_before(phase);
}

uint64_t puncturer::mother_position(uint64_t sent) const
{
    return (sent / kept_per_period()) * period() + m_kept[sent % kept_per_period()];
}

size_t puncturer::puncture(const uint8_t* mother, size_t n_mother, uint64_t phase, uint8_t* out) const
{
    const puncture_map m = map();
    uint32_t p = uint32_t(phase % period());
    size_t written = 0;
    for (size_t i = 0; i < n_mother; ++i) {
        if (m.sent(p))
            out[written++] = m.bit(p, mother[i]);
        if (++p == period())
            p = 0;
    }
    return written;
}

size_t puncturer::depuncture(const int8_t* in, size_t n_mother, uint64_t phase, int8_t* mother) const
{
    const puncture_map m = map();
    uint32_t p = uint32_t(phase % period());
    size_t read = 0;
    for (size_t i = 0; i < n_mother; ++i) {
        mother[i] = m.sent(p) ? m.soft(p, in[read++]) : int8_t(0);
        if (++p == period())
            p = 0;
    }
    return read;
}

} // namespace conv
} // namespace gpufec
} // namespace gr
