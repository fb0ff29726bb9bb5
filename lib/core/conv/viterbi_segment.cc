/* The exact Viterbi pass on the CPU.
 *
 * int16 metrics are exact here: a branch metric is at most n*127 <= 508 in magnitude, and once
 * every state is reachable the spread of the path metrics is at most (k-1)*n*254 <= 8128
 * (any state is reached from the best one in k-1 steps); before that the "unreachable" start
 * adds at most as much again. Subtracting state 0's metric every renorm_interval steps keeps
 * all values within 16257 + 16 * 508 < 32767, and a common offset changes no comparison.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "viterbi_segment.h"
#include "quantize.h"
#include <algorithm>
#include <stdexcept>

namespace gr {
namespace gpufec {
namespace conv {

namespace {
constexpr size_t renorm_interval = 16;
}

segment_decoder::segment_decoder(const trellis& t, size_t max_steps)
    : m_trellis(t),
      m_states(static_cast<size_t>(t.states())),
      m_max_steps(max_steps),
      m_sign(2 * t.n * m_states),
      m_bm(2 * m_states),
      m_decisions(max_steps * m_states)
{
    m_pm[0].resize(m_states);
    m_pm[1].resize(m_states);
    for (uint32_t b = 0; b < 2; ++b)
        for (uint32_t s = 0; s < m_states; ++s) {
            const uint32_t c = t.outputs(t.predecessor(s, b), t.input_of(s));
            for (int j = 0; j < t.n; ++j)
                m_sign[(b * t.n + j) * m_states + s] = ((c >> j) & 1u) ? 1 : -1;
        }
}

void segment_decoder::branch_metrics(const int8_t* llr)
{
    const size_t S = m_states;
    for (size_t b = 0; b < 2; ++b) {
        int16_t* bm = &m_bm[b * S];
        std::fill(bm, bm + S, int16_t(0));
        for (int j = 0; j < m_trellis.n; ++j) {
            const int16_t l = static_cast<int16_t>(llr_value(llr[j]));
            const int16_t* sign = &m_sign[(b * m_trellis.n + j) * S];
            for (size_t s = 0; s < S; ++s)
                bm[s] = static_cast<int16_t>(bm[s] + sign[s] * l);
        }
    }
}

/* Predecessors of s' = h S/2 + i are 2i and 2i + 1; a tie keeps b = 0. */
void segment_decoder::acs(const int16_t* pm, int16_t* next, uint8_t* decisions) const
{
    const size_t half = m_states / 2;
    const int16_t* bm0 = m_bm.data();
    const int16_t* bm1 = m_bm.data() + m_states;
    for (size_t h = 0; h < 2; ++h) {
        const size_t o = h * half;
        for (size_t i = 0; i < half; ++i) {
            const int16_t m0 = static_cast<int16_t>(pm[2 * i] + bm0[o + i]);
            const int16_t m1 = static_cast<int16_t>(pm[2 * i + 1] + bm1[o + i]);
            const bool d = m1 > m0;
            next[o + i] = d ? m1 : m0;
            decisions[o + i] = d;
        }
    }
}

int64_t segment_decoder::decode(const segment& seg, uint8_t* bits)
{
    if (seg.n_steps > m_max_steps || seg.out_first + seg.n_out > seg.n_steps)
        throw std::logic_error("segment_decoder: segment does not fit the workspace");
    const size_t S = m_states;
    const int n = m_trellis.n;

    int16_t* pm = m_pm[0].data();
    int16_t* next = m_pm[1].data();
    std::fill(pm, pm + S,
              seg.start_known ? static_cast<int16_t>(unreachable_metric(m_trellis.k, n))
                              : int16_t(0));
    pm[0] = 0;
    int64_t offset = 0;
    for (size_t t = 0; t < seg.n_steps; ++t) {
        branch_metrics(seg.llr + t * n);
        acs(pm, next, &m_decisions[t * S]);
        std::swap(pm, next);
        if ((t + 1) % renorm_interval == 0) {
            const int16_t ref = pm[0];
            offset += ref;
            for (size_t s = 0; s < S; ++s)
                pm[s] = static_cast<int16_t>(pm[s] - ref);
        }
    }

    // The best state is the first one with the largest metric.
    uint32_t state = seg.end_state >= 0
                         ? static_cast<uint32_t>(seg.end_state)
                         : static_cast<uint32_t>(std::max_element(pm, pm + S) - pm);
    const int64_t metric = offset + pm[state];
    for (size_t t = seg.n_steps; t-- > seg.out_first;) {
        if (t < seg.out_first + seg.n_out)
            bits[t - seg.out_first] = static_cast<uint8_t>(m_trellis.input_of(state));
        state = m_trellis.predecessor(state, m_decisions[t * S + state]);
    }
    return metric;
}

} // namespace conv
} // namespace gpufec
} // namespace gr
