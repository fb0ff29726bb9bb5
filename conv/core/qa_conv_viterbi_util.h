/* Test helpers for the Viterbi suites: random codes, noisy or clean channel values, and a
 * plain reference decoder written directly from docs/viterbi.md (int64 metrics, no
 * optimisation) that the decoders must equal bit for bit.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_CONV_QA_VITERBI_UTIL_H
#define INCLUDED_GPUFEC_CORE_CONV_QA_VITERBI_UTIL_H

#include "conv/common/conv_code_trellis.h"
#include "conv_puncture.h"
#include "skeleton/common/quantize.h"
#include <gnuradio/gpufec/conv/viterbi.h>
#include <algorithm>
#include <random>
#include <vector>

namespace gr {
namespace gpufec {
namespace qa {

/* True when the generators share no factor over GF(2) (bit 0 tapped, so no factor D): the
 * code is not catastrophic, and outputs that agree over a long run force agreeing states. */
inline bool non_catastrophic(const std::vector<unsigned>& polys)
{
    const auto degree = [](unsigned v) { return 31 - __builtin_clz(v); };
    unsigned g = polys[0];
    for (size_t i = 1; i < polys.size(); ++i) {
        unsigned a = g, b = polys[i];
        while (b) { // Euclid: a mod b by shifted subtraction (xor)
            while (a && degree(a) >= degree(b))
                a ^= b << (degree(a) - degree(b));
            std::swap(a, b);
        }
        g = a;
    }
    return g == 1;
}

/* Distinct generators for constraint length k that tap the newest and the oldest bit and make a
 * non-catastrophic code (what conv_code accepts). */
inline std::vector<unsigned> random_polys(int k, unsigned n, std::mt19937& rng)
{
    std::uniform_int_distribution<unsigned> g(1, (1u << k) - 1);
    std::vector<unsigned> p(n);
    do {
        for (auto& v : p)
            v = g(rng);
        unsigned taps = 0;
        for (auto v : p)
            taps |= v;
        std::vector<unsigned> sorted = p;
        std::sort(sorted.begin(), sorted.end());
        const bool distinct = std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
        if ((taps & 1u) && (taps >> (k - 1)) && distinct && non_catastrophic(p))
            return p;
    } while (true);
}

inline std::vector<uint8_t> random_bits(size_t n, std::mt19937& rng)
{
    std::vector<uint8_t> b(n);
    for (auto& v : b)
        v = rng() & 1u;
    return b;
}

/* Encodes whole blocks; a streaming code starts from state 0 (zero history). */
inline std::vector<uint8_t> encode(const conv_code& c, const std::vector<uint8_t>& info)
{
    const size_t hist = c.history_bits();
    std::vector<uint8_t> bits(hist, 0);
    bits.insert(bits.end(), info.begin(), info.end());
    const size_t blocks = info.size() / c.info_bits_per_block();
    std::vector<uint8_t> coded(blocks * c.coded_bits_per_block());
    c.encode(bits.data() + hist, coded.data(), blocks);
    return coded;
}

/* int8 channel values: +-amplitude for bits 1/0, plus uniform integer noise in [-noise, noise]. */
inline std::vector<int8_t>
channel(const std::vector<uint8_t>& coded, int amplitude, int noise, std::mt19937& rng)
{
    std::uniform_int_distribution<int> z(-noise, noise);
    std::vector<int8_t> y(coded.size());
    for (size_t i = 0; i < y.size(); ++i) {
        const int v = (coded[i] ? amplitude : -amplitude) + (noise ? z(rng) : 0);
        y[i] = static_cast<int8_t>(std::clamp(v, -128, 127));
    }
    return y;
}

/* Sum over coded bits of (c ? L : -L), the metric docs/viterbi.md maximises (punctured values:
 * the received ones against the sent bits). */
inline int64_t correlation(const std::vector<uint8_t>& coded, const int8_t* soft)
{
    int64_t m = 0;
    for (size_t i = 0; i < coded.size(); ++i)
        m += coded[i] ? llr_value(soft[i]) : -llr_value(soft[i]);
    return m;
}

/* The Viterbi pass of docs/viterbi.md, literally. */
inline std::vector<uint8_t> reference_pass(const conv::trellis& t,
                                           const int8_t* llr,
                                           size_t steps,
                                           bool start_known,
                                           int end_state,
                                           size_t out_first,
                                           size_t n_out)
{
    const uint32_t S = static_cast<uint32_t>(t.states());
    std::vector<int64_t> pm(S, start_known ? conv::unreachable_metric(t.k, t.n) : 0), next(S);
    pm[0] = 0;
    std::vector<std::vector<uint8_t>> dec(steps, std::vector<uint8_t>(S));
    for (size_t i = 0; i < steps; ++i) {
        for (uint32_t s = 0; s < S; ++s) {
            int64_t m[2];
            for (uint32_t b = 0; b < 2; ++b) {
                const uint32_t p = t.predecessor(s, b);
                const uint32_t c = t.outputs(p, t.input_of(s));
                m[b] = pm[p];
                for (int j = 0; j < t.n; ++j)
                    m[b] += ((c >> j) & 1u) ? llr_value(llr[i * t.n + j]) : -llr_value(llr[i * t.n + j]);
            }
            dec[i][s] = m[1] > m[0];
            next[s] = m[1] > m[0] ? m[1] : m[0];
        }
        pm.swap(next);
    }
    uint32_t s = end_state >= 0 ? uint32_t(end_state)
                                : uint32_t(std::max_element(pm.begin(), pm.end()) - pm.begin());
    std::vector<uint8_t> bits(n_out);
    for (size_t i = steps; i-- > out_first;) {
        if (i < out_first + n_out)
            bits[i - out_first] = static_cast<uint8_t>(t.input_of(s));
        s = t.predecessor(s, dec[i][s]);
    }
    return bits;
}

/* Depunctured steps of a punctured stream that starts at pattern phase 0 (inverted outputs
 * negated). */
inline std::vector<int8_t> depunctured(const conv_code& c, const int8_t* soft, size_t n_mother)
{
    std::vector<int8_t> m(n_mother);
    conv::puncturer(c.puncture_pattern(), c.inverted()).depuncture(soft, n_mother, 0, m.data());
    return m;
}

/* docs/viterbi.md's framed modes, from the reference pass. */
inline std::vector<uint8_t> reference_frames(const conv_code& c, const std::vector<int8_t>& soft)
{
    const conv::trellis t = conv::make_trellis(c);
    const size_t N = c.frame_bits(), steps = c.steps_per_block(), n = c.n();
    const size_t frames = soft.size() / c.coded_bits_per_block();
    std::vector<uint8_t> out;
    for (size_t f = 0; f < frames; ++f) {
        const std::vector<int8_t> llr =
            depunctured(c, soft.data() + f * c.coded_bits_per_block(), steps * n);
        std::vector<uint8_t> bits;
        if (c.term() == termination::TERMINATED) {
            bits = reference_pass(t, llr.data(), steps, true, 0, 0, N);
        } else if (c.term() == termination::TRUNCATED) {
            bits = reference_pass(t, llr.data(), steps, true, -1, 0, N);
        } else {
            const size_t W = size_t(conv::tailbiting_wrap(c.k()));
            std::vector<int8_t> ext;
            for (size_t i = 0; i < N + 2 * W; ++i) {
                const size_t src = (i + W * N - W) % N; // step i - W, mod N
                ext.insert(ext.end(), llr.begin() + src * n, llr.begin() + (src + 1) * n);
            }
            bits = reference_pass(t, ext.data(), N + 2 * W, false, -1, W, N);
        }
        out.insert(out.end(), bits.begin(), bits.end());
    }
    return out;
}

/* @p t with each field raised to what the engine accepts for @p c (viterbi_tiling::minimum). */
inline viterbi_tiling at_least(viterbi_tiling t, const conv_code& c)
{
    const viterbi_tiling m = viterbi_tiling::minimum(c);
    t.payload = std::max(t.payload, m.payload);
    t.before = std::max(t.before, m.before);
    t.after = std::max(t.after, m.after);
    return t;
}

/* docs/viterbi.md's streaming tiles plus the flush, from the reference pass: every whole step
 * of @p soft (a punctured stream from its start) is decoded. */
inline std::vector<uint8_t>
reference_stream(const conv_code& c, const viterbi_tiling& tiling, const std::vector<int8_t>& soft)
{
    const conv::trellis t = conv::make_trellis(c);
    const conv::puncturer punct(c.puncture_pattern());
    const size_t n = c.n();
    const size_t mother = size_t(punct.mother_position(soft.size()));
    const std::vector<int8_t> llr = depunctured(c, soft.data(), mother);
    const size_t steps = mother / n, P = tiling.payload;
    std::vector<uint8_t> out;
    for (size_t start = 0; start < steps; start += P) {
        const size_t from = start > tiling.before ? start - tiling.before : 0;
        const bool whole = start + P + tiling.after <= steps;
        const size_t end = whole ? start + P + tiling.after : steps; // else the flush
        const auto bits = reference_pass(t, llr.data() + from * n, end - from, from == 0, -1,
                                         start - from, whole ? P : steps - start);
        out.insert(out.end(), bits.begin(), bits.end());
        if (!whole)
            break;
    }
    return out;
}

} // namespace qa
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_CONV_QA_VITERBI_UTIL_H */
