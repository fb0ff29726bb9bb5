/* The exact Viterbi pass on the CPU.
 *
 * int16 metrics are exact here: a branch metric is at most n*127 <= 508 in magnitude, and once
 * every state is reachable the spread of the path metrics is at most (k-1)*n*254 <= 8128
 * (any state is reached from the best one in k-1 steps); before that the "unreachable" start
 * adds at most as much again. Subtracting state 0's metric every renorm_interval steps keeps
 * all values within 16257 + 16 * 508 < 32767, and a common offset changes no comparison.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "conv_viterbi_segment.h"
#include "skeleton/common/quantize.h"
#include <algorithm>
#include <stdexcept>

namespace gr {
namespace gpufec {
namespace conv {

namespace {

constexpr size_t renorm_interval = 16;

#if defined(__GNUC__) && defined(__x86_64__) && !defined(__clang__)
/* The forward pass is the hot loop: build it for AVX2 too (16 metrics per instruction) and
 * pick at load time; the arithmetic, hence every decision, is the same in both. */
#define GPUFEC_VITERBI_CLONES __attribute__((target_clones("avx2", "default")))
#define GPUFEC_INLINE inline __attribute__((always_inline))
#else
#define GPUFEC_VITERBI_CLONES
#define GPUFEC_INLINE inline
#endif

struct forward_pass {
    const int16_t* sign; //!< segment_decoder::m_sign
    const int8_t* llr;
    size_t n_steps;
    size_t states;
    int16_t* pm;         //!< start metrics in, end metrics out
    int16_t* scratch;    //!< room for one step of metrics
    uint8_t* decisions;  //!< n_steps * states out
};

/* Half a step of add-compare-select: new states h S/2 + i, i < S/2, whose predecessors are 2i
 * and 2i + 1 (sign0/sign1 and out/dec point at the half). A tie keeps b = 0. */
template <int N>
GPUFEC_INLINE void acs_half(const int16_t* __restrict in,
                            int16_t* __restrict out,
                            uint8_t* __restrict dec,
                            const int16_t* __restrict sign0,
                            const int16_t* __restrict sign1,
                            const int16_t (&l)[N],
                            size_t half,
                            size_t S)
{
    for (size_t i = 0; i < half; ++i) {
        int16_t bm0 = 0, bm1 = 0;
        for (int j = 0; j < N; ++j) {
            bm0 = static_cast<int16_t>(bm0 + sign0[j * S + i] * l[j]);
            bm1 = static_cast<int16_t>(bm1 + sign1[j * S + i] * l[j]);
        }
        const int16_t m0 = static_cast<int16_t>(in[2 * i] + bm0);
        const int16_t m1 = static_cast<int16_t>(in[2 * i + 1] + bm1);
        const bool d = m1 > m0;
        out[i] = d ? m1 : m0;
        dec[i] = d;
    }
}

/* Add-compare-select over all steps for n = N generators; returns the offset removed from the
 * metrics. */
template <int N>
GPUFEC_INLINE int64_t forward_n(const forward_pass& f)
{
    const size_t S = f.states, half = S / 2;
    int16_t* pm = f.pm;
    int16_t* next = f.scratch;
    int64_t offset = 0;
    for (size_t t = 0; t < f.n_steps; ++t) {
        int16_t l[N];
        for (int j = 0; j < N; ++j)
            l[j] = static_cast<int16_t>(llr_value(f.llr[t * N + j]));
        uint8_t* dec = f.decisions + t * S;
        for (size_t h = 0; h < 2; ++h)
            acs_half<N>(pm, next + h * half, dec + h * half, f.sign + h * half,
                        f.sign + N * S + h * half, l, half, S);
        std::swap(pm, next);
        if ((t + 1) % renorm_interval == 0) {
            const int16_t ref = pm[0];
            offset += ref;
            for (size_t s = 0; s < S; ++s)
                pm[s] = static_cast<int16_t>(pm[s] - ref);
        }
    }
    if (pm != f.pm)
        std::copy(pm, pm + S, f.pm);
    return offset;
}

GPUFEC_VITERBI_CLONES int64_t forward(const forward_pass& f, int n)
{
    switch (n) {
    case 2:
        return forward_n<2>(f);
    case 3:
        return forward_n<3>(f);
    default:
        return forward_n<4>(f);
    }
}

} // namespace

segment_decoder::segment_decoder(const trellis& t, size_t max_steps)
    : m_trellis(t),
      m_states(static_cast<size_t>(t.states())),
      m_max_steps(max_steps),
      m_sign(2 * t.n * m_states),
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

int64_t segment_decoder::decode(const segment& seg, uint8_t* bits)
{
    if (seg.n_steps > m_max_steps || seg.out_first + seg.n_out > seg.n_steps)
        throw std::logic_error("segment_decoder: segment does not fit the workspace");
    const size_t S = m_states;
    const int n = m_trellis.n;

    int16_t* pm = m_pm[0].data();
    std::fill(pm, pm + S,
              seg.start_known ? static_cast<int16_t>(unreachable_metric(m_trellis.k, n))
                              : int16_t(0));
    pm[0] = 0;
    const int64_t offset = forward(
        forward_pass{ m_sign.data(), seg.llr, seg.n_steps, S, pm, m_pm[1].data(), m_decisions.data() }, n);

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
