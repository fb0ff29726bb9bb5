/* The LTE turbo encoder (TS 36.212 §5.1.3.2) on the shared constituent trellis.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lte/common/lte_turbo_rsc_trellis.h"
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

/* Terminates a constituent from state @p s: writes x, z of its three steps into tail[0..5]. */
void terminate(unsigned s, uint8_t* tail)
{
    for (int i = 0; i < turbo::rsc_memory; ++i) {
        tail[2 * i] = static_cast<uint8_t>(turbo::rsc_tail_input(s));
        tail[2 * i + 1] = static_cast<uint8_t>(turbo::rsc_tail_parity(s));
        s >>= 1;
    }
}

} // namespace

void lte_turbo_code::encode(const uint8_t* info, uint8_t* coded, size_t n_blocks) const
{
    const size_t D = m_K + 4;
    for (size_t blk = 0; blk < n_blocks; ++blk) {
        const uint8_t* c = info + blk * m_K;
        uint8_t* d0 = coded + blk * 3 * D;
        uint8_t* d1 = d0 + D;
        uint8_t* d2 = d1 + D;
        unsigned s1 = 0, s2 = 0;
        for (size_t k = 0; k < m_K; ++k) {
            const unsigned u = c[k] != 0;
            const unsigned u2 = c[m_pi[k]] != 0;
            d0[k] = static_cast<uint8_t>(u);
            d1[k] = static_cast<uint8_t>(turbo::rsc_parity(s1, u));
            d2[k] = static_cast<uint8_t>(turbo::rsc_parity(s2, u2));
            s1 = turbo::rsc_next(s1, u);
            s2 = turbo::rsc_next(s2, u2);
        }
        // x_K z_K x_K+1 z_K+1 x_K+2 z_K+2, then the same (primed) for the second encoder,
        // dealt round robin to d(0), d(1), d(2) from position K on (§5.1.3.2.2).
        uint8_t tail[12];
        terminate(s1, tail);
        terminate(s2, tail + 6);
        uint8_t* streams[3] = { d0, d1, d2 };
        for (size_t t = 0; t < 12; ++t)
            streams[t % 3][m_K + t / 3] = tail[t];
    }
}

std::vector<uint8_t> lte_turbo_encode(const lte_turbo_code& code, const std::vector<uint8_t>& bits)
{
    const size_t K = code.K();
    if (bits.empty() || bits.size() % K != 0)
        throw std::invalid_argument("lte_turbo_encode: got " + std::to_string(bits.size()) +
                                    " bits: allowed is a positive multiple of K = " +
                                    std::to_string(K));
    const size_t blocks = bits.size() / K;
    std::vector<uint8_t> coded(blocks * code.coded_bits_per_block());
    code.encode(bits.data(), coded.data(), blocks);
    return coded;
}

} // namespace gpufec
} // namespace gr
