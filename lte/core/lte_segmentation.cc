/* Code block segmentation and code block CRC attachment (TS 36.212 §5.1.2), and the inverse.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <algorithm>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

constexpr size_t Z = 6144; // the largest code block
constexpr size_t block_crc_bits = 24;

} // namespace

size_t lte_segmentation::block_size(size_t r) const { return r < C_minus ? K_minus : K_plus; }

lte_segmentation lte_segmentation::compute(size_t B)
{
    if (B == 0)
        throw std::invalid_argument("B = 0 input bits: segmentation needs at least 1 bit");
    if (B > max_bits)
        throw std::invalid_argument("B = " + std::to_string(B) + " input bits is out of range: "
                                    "allowed is 1 to " + std::to_string(max_bits));
    lte_segmentation s;
    s.B = B;
    size_t B_prime = B;
    if (B <= Z) {
        s.C = 1;
    } else {
        s.L = block_crc_bits;
        s.C = (B + (Z - s.L) - 1) / (Z - s.L);
        B_prime = B + s.C * s.L;
    }
    const auto& sizes = lte_turbo_code::block_sizes();
    // K+: the smallest size with C K+ >= B'. It exists: B' <= C Z by the choice of C.
    const auto plus = std::find_if(sizes.begin(), sizes.end(),
                                   [&](size_t K) { return s.C * K >= B_prime; });
    s.K_plus = *plus;
    if (s.C == 1) {
        s.C_plus = 1;
    } else {
        // K-: the largest size below K+ (K+ > 40 here, since C K+ >= B' > Z).
        s.K_minus = *(plus - 1);
        const size_t delta = s.K_plus - s.K_minus;
        s.C_minus = (s.C * s.K_plus - B_prime) / delta;
        s.C_plus = s.C - s.C_minus;
    }
    s.F = s.C_plus * s.K_plus + s.C_minus * s.K_minus - B_prime;
    return s;
}

std::vector<std::vector<uint8_t>> lte_segment(const std::vector<uint8_t>& bits)
{
    const lte_segmentation s = lte_segmentation::compute(bits.size());
    std::vector<std::vector<uint8_t>> blocks(s.C);
    size_t next = 0;
    for (size_t r = 0; r < s.C; ++r) {
        auto& c = blocks[r];
        c.assign(s.block_size(r), 0); // filler bits enter the encoder as 0 (§5.1.3.2)
        const size_t data_end = c.size() - s.L;
        for (size_t k = (r == 0 ? s.F : 0); k < data_end; ++k)
            c[k] = bits[next++] != 0;
        if (s.L) {
            // A filler bit counts as 0 in the CRC, which then equals the CRC without it.
            const uint32_t p = lte_crc_parity(c.data(), data_end, lte_crc::CRC24B);
            for (size_t i = 0; i < s.L; ++i)
                c[data_end + i] = (p >> (s.L - 1 - i)) & 1u;
        }
    }
    return blocks;
}

std::vector<uint8_t> lte_desegment(const std::vector<std::vector<uint8_t>>& blocks,
                                   size_t B,
                                   std::vector<uint8_t>* crc_ok)
{
    const lte_segmentation s = lte_segmentation::compute(B);
    if (blocks.size() != s.C)
        throw std::invalid_argument("lte_desegment: got " + std::to_string(blocks.size()) +
                                    " blocks, but B = " + std::to_string(B) + " segments into " +
                                    std::to_string(s.C));
    for (size_t r = 0; r < s.C; ++r)
        if (blocks[r].size() != s.block_size(r))
            throw std::invalid_argument("lte_desegment: block " + std::to_string(r) + " has " +
                                        std::to_string(blocks[r].size()) + " bits, but B = " +
                                        std::to_string(B) + " gives it K = " +
                                        std::to_string(s.block_size(r)));
    std::vector<uint8_t> out;
    out.reserve(B);
    if (crc_ok)
        crc_ok->assign(s.C, 1);
    for (size_t r = 0; r < s.C; ++r) {
        const auto& c = blocks[r];
        for (size_t k = (r == 0 ? s.F : 0); k < c.size() - s.L; ++k)
            out.push_back(c[k] != 0);
        if (crc_ok && s.L)
            (*crc_ok)[r] = lte_crc_parity(c.data(), c.size(), lte_crc::CRC24B) == 0;
    }
    return out;
}

} // namespace gpufec
} // namespace gr
