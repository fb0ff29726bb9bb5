/* conv_code::encode: the CPU encoder, on the shared trellis and puncturer.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/checked_size.h"
#include "conv/common/conv_code_trellis.h"
#include "conv_puncture.h"
#include <gnuradio/gpufec/conv/conv_code.h>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

/* The state after feeding bits[0..k-2] (the oldest first) from any state. */
uint32_t state_after(const conv::trellis& t, const uint8_t* bits)
{
    uint32_t s = 0;
    for (int i = 0; i < t.k - 1; ++i)
        s = t.next_state(s, bits[i] != 0);
    return s;
}

} // namespace

void conv_code::encode(const uint8_t* info, uint8_t* coded, size_t n_blocks) const
{
    const conv::trellis t = conv::make_trellis(*this);
    const conv::puncturer punct(m_pattern, m_inverted); // also complements inverted outputs
    const size_t info_bits = info_bits_per_block();
    const size_t steps = steps_per_block();
    const size_t k1 = static_cast<size_t>(m_k - 1);
    // The block offsets below stay below these products.
    detail::checked_mul(n_blocks, info_bits, "n_blocks", "information bits per block");
    detail::checked_mul(n_blocks, m_coded_per_block, "n_blocks", "coded bits per block");
    std::vector<uint8_t> mother(mother_bits_per_block());
    std::vector<uint8_t> wrap(k1);

    for (size_t blk = 0; blk < n_blocks; ++blk) {
        const uint8_t* in = info + blk * info_bits;
        uint32_t s = 0;
        if (m_term == termination::STREAMING) {
            s = state_after(t, in - k1); // the history before the block
        } else if (m_term == termination::TAILBITING) {
            // The frame read circularly: the k-1 bits before bit 0 are its last k-1 bits
            // (indices mod N, so a frame shorter than k-1 repeats).
            for (size_t i = 0; i < k1; ++i)
                wrap[i] = in[(info_bits - k1 % info_bits + i) % info_bits];
            s = state_after(t, wrap.data());
        }
        uint8_t* out = mother.data();
        for (size_t step = 0; step < steps; ++step) {
            const uint32_t u = step < info_bits ? (in[step] != 0) : 0u; // tail bits are 0
            const uint32_t c = t.outputs(s, u);
            for (int j = 0; j < t.n; ++j)
                *out++ = (c >> j) & 1u;
            s = t.next_state(s, u);
        }
        // Blocks start at pattern phase 0: frames restart it, and a streaming block is one period.
        punct.puncture(mother.data(), mother.size(), 0, coded + blk * m_coded_per_block);
    }
}

} // namespace gpufec
} // namespace gr
