/* A frame simulator whose errors follow a script: frame f has errors_of(f) bit errors. The
 * stopping tests know the exact answer for it, and the registry test registers a family
 * around it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_QA_BER_SCRIPTED_H
#define INCLUDED_GPUFEC_BER_QA_BER_SCRIPTED_H

#include "simulator.h"
#include <algorithm>
#include <vector>

namespace gpufec_ber {

/* Errors of frame f: every 7th frame (from frame 3) has 1 to 5 bit errors. */
inline uint32_t scripted_errors(uint64_t f) { return f % 7 == 3 ? uint32_t(1 + f % 5) : 0; }

class scripted_simulator final : public frame_simulator
{
public:
    scripted_simulator(size_t max_batch, size_t depth) : m_max_batch(max_batch), m_depth(depth) {}

    size_t max_batch_frames() const override { return m_max_batch; }
    size_t depth() const override { return m_depth; }
    void launch(size_t n) override
    {
        m_batches.push_back({ m_next, n });
        m_next += n;
        largest_batch = std::max(largest_batch, n);
    }
    frame_counts wait() override
    {
        m_last = m_batches.front();
        m_batches.erase(m_batches.begin());
        frame_counts c{ m_last.n, 0, 0 };
        for (uint64_t f = m_last.first; f < m_last.first + m_last.n; ++f) {
            c.bit_errors += scripted_errors(f);
            c.frame_errors += scripted_errors(f) != 0;
        }
        return c;
    }
    void frame_bit_errors(size_t first, size_t n, uint32_t* out) override
    {
        for (size_t i = 0; i < n; ++i)
            out[i] = scripted_errors(m_last.first + first + i);
    }

    size_t largest_batch = 0;

private:
    struct batch {
        uint64_t first;
        size_t n;
    };
    size_t m_max_batch, m_depth;
    uint64_t m_next = 0;
    std::vector<batch> m_batches;
    batch m_last{ 0, 0 };
};

} // namespace gpufec_ber

#endif
