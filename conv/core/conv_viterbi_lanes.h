/* The SIMD Viterbi pass on the CPU: several segments of one shape decoded at once, one per
 * vector lane (as the GPU's tile kernels give each tile a thread), so that a step needs no
 * shuffle of metrics between lanes. Decisions are the spec's (docs/viterbi.md) bit for bit:
 * int16 metrics, renormalised at the same steps as segment_decoder, ties to b = 0 and to the
 * lowest state; one decision bit per state, lane and step.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_CONV_VITERBI_LANES_H
#define INCLUDED_GPUFEC_CORE_CONV_VITERBI_LANES_H

#include "conv_viterbi_segment.h"
#include "skeleton/core/simd.h"
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {
namespace conv {

/* The lane kernels' instruction sets are skeleton/core/simd.h's; `scalar` is segment_decoder,
 * one segment at a time. */

/*! The best of available_simd() for the lane kernels (measured once). */
simd best_simd();

/*! The best of available_simd() for the single-segment kernels (measured once). */
simd best_single_simd();

/*! What the lane kernels read about a code, built once per decoder. */
struct lane_code {
    int k;
    int n;
    int states;
    /* Per butterfly j (predecessors 2j, 2j+1; successors j, j + S/2): the coded bits of the
     * four branches, [b * 2 + u] = outputs(2j + b, u). */
    std::vector<uint8_t> branch;
    /* Every generator taps both the newest and the oldest bit: then the branches of a
     * butterfly carry the outputs c, ~c, ~c, c, and one branch metric serves all four. */
    bool symmetric;
};

/*! A group of segments for one lane kernel call: all with the same n_steps, end_state,
 *  out_first and n_out; start_known may differ. */
struct lane_group {
    const segment* segs;
    size_t count;         //!< 1..lanes
    uint8_t* const* bits; //!< per segment, n_out bits
};

/*! Workspace of one lane kernel, sized for its lanes and the longest segment. */
struct lane_workspace {
    int16_t* metrics;   //!< 2 * states * lanes
    int16_t* llr;       //!< a block of transposed steps: lane_block * n * lanes
    uint8_t* decisions; //!< max_steps * states * lanes / 8
    uint8_t* spare_bits; //!< max_steps: where the lanes past a group's count put their bits
};

/*! Steps transposed at a time (lanes side by side) before their add-compare-select. */
constexpr size_t lane_block = 32;

/*! The kernels, one per instruction set (viterbi_lanes_<isa>.cc). */
using lane_kernel = void (*)(const lane_code&, const lane_group&, const lane_workspace&);
size_t lanes_of(simd s);

/*!
 * What the single-segment kernels read about a code: one segment at a time with the states
 * side by side in the vector lanes (a lone frame, or a stream's last piece), so that it runs
 * at SIMD speed too. The metrics are kept in bit-reversed state order ("positions"): position
 * p holds state rev(p) (over k-1 bits), so that the two predecessors of butterfly i, states
 * 2j and 2j+1 with j = rev(i) / 2, sit at positions i and i + S/2, and its successors j and
 * j + S/2 at positions 2i and 2i + 1. The loads are then contiguous and only the stores
 * interleave; the decisions, metrics and renormalisation are the spec's, state for state.
 */
struct single_code {
    int k;
    int n;
    int states;
    bool symmetric; //!< as lane_code::symmetric: one branch metric per butterfly
    /* +-1 per coded bit j of the branch from predecessor b with input u at butterfly i:
     * sign[((b * 2 + u) * n + j) * S/2 + i]; symmetric codes keep (b, u) = (0, 0) only. */
    std::vector<int16_t> sign;
    std::vector<uint16_t> position; //!< position[s] = rev(s): where state s's metric is
};

/*! Workspace of a single-segment kernel. */
struct single_workspace {
    int16_t* metrics;   //!< 2 * states
    uint8_t* decisions; //!< max_steps * states / 8 (a vector's word per group of butterflies)
};

using single_kernel = void (*)(const single_code&, const segment&, uint8_t*, const single_workspace&);

/*! A decoder of up to lanes() segments at a time, with its workspace; one per thread. A lone
 *  segment goes to a single-segment kernel, else (none fits) to segment_decoder. */
class lane_decoder
{
public:
    /*! @param max_steps the longest segment it will be given
     *  @param isa the lane kernels' instruction set (best_simd() by default; it must be
     *         available); scalar where the lanes' decisions for max_steps would pass 64 MiB
     *  @param single the single-segment kernels' (best_single_simd() by default): the widest
     *         one up to it whose lanes the code's butterflies fill */
    lane_decoder(const trellis& t,
                 size_t max_steps,
                 simd isa = best_simd(),
                 simd single = best_single_simd());

    /*! Segments decoded per call at most (1 for scalar). */
    size_t lanes() const { return m_lanes; }

    /*! The instruction set a lone segment is decoded with (scalar: segment_decoder). */
    simd single_isa() const { return m_single_isa; }

    /*! Decodes the group; a single segment goes to the single-segment kernel. */
    void decode(const lane_group& g);

private:
    void decode_one(const segment& seg, uint8_t* bits);

    trellis m_trellis;
    lane_code m_code;
    size_t m_lanes;
    size_t m_max_steps;
    lane_kernel m_kernel = nullptr;
    std::unique_ptr<segment_decoder> m_scalar; //!< made when first needed (its workspace is large)
    std::unique_ptr<int16_t[]> m_metrics, m_llr;
    std::unique_ptr<uint8_t[]> m_decisions, m_spare_bits;
    lane_workspace m_ws{};
    simd m_single_isa = simd::scalar;
    single_kernel m_single = nullptr;
    single_code m_single_code;
    std::unique_ptr<int16_t[]> m_single_metrics;
    std::unique_ptr<uint8_t[]> m_single_decisions;
};

} // namespace conv
} // namespace gpufec
} // namespace gr

#endif
