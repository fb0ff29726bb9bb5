/* The SIMD Viterbi pass on the CPU: several segments of one shape decoded at once, one per
 * vector lane (as the GPU's tile kernels give each tile a thread), so that a step needs no
 * shuffle of metrics between lanes. Decisions are the spec's (docs/viterbi.md) bit for bit:
 * int16 metrics, renormalised at the same steps as segment_decoder, ties to b = 0 and to the
 * lowest state; one decision bit per state, lane and step.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_CONV_VITERBI_LANES_H
#define INCLUDED_GPUFEC_CORE_CONV_VITERBI_LANES_H

#include "viterbi_segment.h"
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {
namespace conv {

/*! Instruction sets of the lane kernels; `scalar` is segment_decoder, one segment at a time. */
enum class simd { scalar, sse2, avx2, avx512 };

std::string to_string(simd s);

/*! The instruction sets this build and this CPU both have, scalar first, best last. */
std::vector<simd> available_simd();

/*! The best of available_simd(). */
simd best_simd();

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

/*! A decoder of up to lanes() segments at a time, with its workspace; one per thread. */
class lane_decoder
{
public:
    /*! @param max_steps the longest segment it will be given
     *  @param isa the instruction set (best_simd() by default; it must be available); scalar
     *         where the lanes' decisions for max_steps would pass 64 MiB */
    lane_decoder(const trellis& t, size_t max_steps, simd isa = best_simd());

    /*! Segments decoded per call at most (1 for scalar). */
    size_t lanes() const { return m_lanes; }

    /*! Decodes the group; a single segment goes to the scalar decoder. */
    void decode(const lane_group& g);

private:
    lane_code m_code;
    size_t m_lanes;
    size_t m_max_steps;
    lane_kernel m_kernel = nullptr;
    segment_decoder m_scalar;
    std::unique_ptr<int16_t[]> m_metrics, m_llr;
    std::unique_ptr<uint8_t[]> m_decisions, m_spare_bits;
    lane_workspace m_ws{};
};

} // namespace conv
} // namespace gpufec
} // namespace gr

#endif
