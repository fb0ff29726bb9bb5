/* The lane decoder: instruction-set choice, the code's butterfly table, the workspace.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "conv_viterbi_lanes.h"
#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace gr {
namespace gpufec {
namespace conv {

#if GPUFEC_X86_SIMD
void lane_kernel_sse2(const lane_code&, const lane_group&, const lane_workspace&);
void lane_kernel_avx2(const lane_code&, const lane_group&, const lane_workspace&);
void lane_kernel_avx512(const lane_code&, const lane_group&, const lane_workspace&);
void single_kernel_sse2(const single_code&, const segment&, uint8_t*, const single_workspace&);
void single_kernel_avx2(const single_code&, const segment&, uint8_t*, const single_workspace&);
void single_kernel_avx512(const single_code&, const segment&, uint8_t*, const single_workspace&);
#endif

namespace {

lane_kernel kernel_of(simd s)
{
    switch (s) {
#if GPUFEC_X86_SIMD
    case simd::sse2:
        return lane_kernel_sse2;
    case simd::avx2:
        return lane_kernel_avx2;
    case simd::avx512:
        return lane_kernel_avx512;
#endif
    default:
        return nullptr;
    }
}

single_kernel single_kernel_of(simd s)
{
    switch (s) {
#if GPUFEC_X86_SIMD
    case simd::sse2:
        return single_kernel_sse2;
    case simd::avx2:
        return single_kernel_avx2;
    case simd::avx512:
        return single_kernel_avx512;
#endif
    default:
        return nullptr;
    }
}

/* Every generator taps both the newest and the oldest bit. */
bool symmetric(const trellis& t)
{
    const uint32_t ends = 1u | (1u << (t.k - 1));
    bool all = true;
    for (int j = 0; j < t.n; ++j)
        all = all && (t.polys[j] & ends) == ends;
    return all;
}

single_code make_single_code(const trellis& t)
{
    single_code c;
    c.k = t.k;
    c.n = t.n;
    c.states = t.states();
    c.symmetric = symmetric(t);
    const uint32_t S = static_cast<uint32_t>(c.states), h = S / 2;
    c.position.resize(S);
    for (uint32_t s = 0; s < S; ++s) {
        uint32_t r = 0;
        for (int b = 0; b < t.k - 1; ++b)
            r |= ((s >> b) & 1u) << (t.k - 2 - b);
        c.position[s] = static_cast<uint16_t>(r);
    }
    const int branches = c.symmetric ? 1 : 4;
    c.sign.resize(static_cast<size_t>(branches * t.n) * h);
    for (int branch = 0; branch < branches; ++branch)
        for (uint32_t i = 0; i < h; ++i) {
            // Positions i and i + S/2 hold states 2j and 2j + 1 (c.position is its own inverse).
            const uint32_t pred = c.position[i] + static_cast<uint32_t>(branch >> 1);
            const uint32_t out = t.outputs(pred, static_cast<uint32_t>(branch & 1));
            for (int j = 0; j < t.n; ++j)
                c.sign[static_cast<size_t>(branch * t.n + j) * h + i] = ((out >> j) & 1u) ? 1 : -1;
        }
    return c;
}

/* The widest instruction set, up to @p isa, whose lanes the code's S/2 butterflies fill. */
simd single_isa_for(simd isa, const trellis& t)
{
    for (simd s : { simd::avx512, simd::avx2, simd::sse2 })
        if (s <= isa && lanes_of(s) <= static_cast<size_t>(t.states() / 2) && single_kernel_of(s))
            return s;
    return simd::scalar;
}

lane_code make_lane_code(const trellis& t)
{
    lane_code c;
    c.k = t.k;
    c.n = t.n;
    c.states = t.states();
    const uint32_t h = static_cast<uint32_t>(c.states / 2);
    c.branch.resize(4 * h);
    for (uint32_t j = 0; j < h; ++j)
        for (uint32_t b = 0; b < 2; ++b)
            for (uint32_t u = 0; u < 2; ++u)
                c.branch[4 * j + 2 * b + u] = static_cast<uint8_t>(t.outputs(2 * j + b, u));
    c.symmetric = symmetric(t);
    return c;
}

} // namespace

namespace {

/* Segments per second of K=7 rate-1/2 decoding with each kernel (the lane kernels on full
 * groups, or the single-segment kernels), the best of a few short runs taken in turn. */
simd fastest(const std::vector<simd>& candidates, bool single)
{
    trellis t{};
    t.k = 7;
    t.n = 2;
    t.polys[0] = 0171;
    t.polys[1] = 0133;
    // A single segment is timed on longer runs, and more often: one of them takes a few
    // microseconds, where a lane group takes tens.
    const size_t steps = single ? 2048 : 512;
    const int rounds = single ? 9 : 5;
    std::vector<int8_t> llr(2 * steps);
    for (size_t i = 0; i < llr.size(); ++i)
        llr[i] = static_cast<int8_t>((i * 37 + i / 7) % 255 - 127);
    std::vector<uint8_t> bits(steps);
    std::vector<lane_decoder> decoders;
    for (simd s : candidates)
        decoders.emplace_back(t, steps, s, s);
    std::vector<double> rate(candidates.size(), 0.0);
    for (int round = 0; round < rounds; ++round)
        for (size_t i = 0; i < decoders.size(); ++i) {
            const size_t lanes = single ? 1 : decoders[i].lanes();
            std::vector<segment> segs(lanes);
            std::vector<uint8_t*> out(lanes, bits.data());
            for (auto& seg : segs) {
                seg.llr = llr.data();
                seg.n_steps = steps;
                seg.n_out = steps;
            }
            const auto a = std::chrono::steady_clock::now();
            decoders[i].decode(lane_group{ segs.data(), lanes, out.data() });
            const double s =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
            rate[i] = std::max(rate[i], lanes / std::max(s, 1e-9));
        }
    return candidates[std::max_element(rate.begin(), rate.end()) - rate.begin()];
}

} // namespace

simd best_simd()
{
    // Chosen by measurement, once: where the CPU runs a 512-bit instruction as two 256-bit
    // halves (AMD Zen 4) the AVX-512 kernel is slower than the AVX2 one, elsewhere faster.
    // Only the speed depends on it: every kernel takes the same decisions.
    static const simd best = [] {
        std::vector<simd> v = available_simd();
        v.erase(v.begin()); // scalar: a lane kernel is always faster on full groups
        return v.empty() ? simd::scalar : v.size() == 1 ? v[0] : fastest(v, false);
    }();
    return best;
}

simd best_single_simd()
{
    // Also measured: the single-segment kernel's steps depend on each other through its
    // interleave, whose cost differs between CPUs (AVX-512's two-source word permute is slow
    // on some), so the widest is not always the fastest.
    static const simd best = [] {
        std::vector<simd> v = available_simd();
        v.erase(v.begin());
        return v.empty() ? simd::scalar : v.size() == 1 ? v[0] : fastest(v, true);
    }();
    return best;
}

size_t lanes_of(simd s)
{
    switch (s) {
    case simd::sse2:
        return 8;
    case simd::avx2:
        return 16;
    case simd::avx512:
        return 32;
    default:
        return 1;
    }
}

namespace {

/* Long segments (frames up to 2^20 steps) would need this much decision memory per lane
 * kernel and thread many times over: past it a decoder works one segment at a time. */
constexpr size_t max_lane_decisions = size_t(64) << 20;

simd fitting(simd isa, const trellis& t, size_t max_steps)
{
    const size_t step_bytes = static_cast<size_t>(t.states()) * lanes_of(isa) / 8;
    return isa == simd::scalar || max_steps > max_lane_decisions / step_bytes ? simd::scalar : isa;
}

} // namespace

lane_decoder::lane_decoder(const trellis& t, size_t max_steps, simd isa, simd single)
    : m_trellis(t),
      m_code(make_lane_code(t)),
      m_lanes(lanes_of(fitting(isa, t, max_steps))),
      m_max_steps(max_steps),
      m_kernel(kernel_of(fitting(isa, t, max_steps))),
      m_single_isa(single_isa_for(single, t)),
      m_single(single_kernel_of(m_single_isa))
{
    for (simd s : { isa, single })
        if (s != simd::scalar && !kernel_of(s))
            throw std::invalid_argument("lane_decoder: instruction set " + to_string(s) +
                                        " is not built into this library");
    if (m_single) {
        m_single_code = make_single_code(t);
        m_single_metrics.reset(new int16_t[2 * static_cast<size_t>(t.states())]);
        m_single_decisions.reset(new uint8_t[std::max<size_t>(max_steps, 1) * t.states() / 8]);
    }
    if (!m_kernel)
        return;
    const size_t S = static_cast<size_t>(m_code.states);
    m_metrics.reset(new int16_t[2 * S * m_lanes]);
    m_llr.reset(new int16_t[lane_block * static_cast<size_t>(m_code.n) * m_lanes]);
    m_decisions.reset(new uint8_t[max_steps * S * m_lanes / 8]);
    m_spare_bits.reset(new uint8_t[max_steps]);
    m_ws = lane_workspace{ m_metrics.get(), m_llr.get(), m_decisions.get(), m_spare_bits.get() };
}

void lane_decoder::decode(const lane_group& g)
{
    if (g.count == 0)
        return;
    const segment& shape = g.segs[0];
    if (g.count > m_lanes || shape.n_steps > m_max_steps ||
        shape.out_first + shape.n_out > shape.n_steps)
        throw std::logic_error("lane_decoder: group does not fit the workspace");
    for (size_t l = 1; l < g.count; ++l)
        if (g.segs[l].n_steps != shape.n_steps || g.segs[l].end_state != shape.end_state ||
            g.segs[l].out_first != shape.out_first || g.segs[l].n_out != shape.n_out)
            throw std::logic_error("lane_decoder: segments of one group differ in shape");
    if (g.count == 1 || !m_kernel) {
        for (size_t l = 0; l < g.count; ++l)
            decode_one(g.segs[l], g.bits[l]);
        return;
    }
    m_kernel(m_code, g, m_ws);
}

void lane_decoder::decode_one(const segment& seg, uint8_t* bits)
{
    if (m_single) {
        m_single(m_single_code, seg, bits,
                 single_workspace{ m_single_metrics.get(), m_single_decisions.get() });
        return;
    }
    if (!m_scalar)
        m_scalar = std::make_unique<segment_decoder>(m_trellis, m_max_steps);
    m_scalar->decode(seg, bits);
}

} // namespace conv
} // namespace gpufec
} // namespace gr
