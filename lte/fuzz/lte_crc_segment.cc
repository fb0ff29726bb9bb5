/* LTE CRC attachment and check, and code block segmentation and its inverse, on random bits,
 * kinds and sizes (absurd B included). Properties: only std::invalid_argument; a CRC'd block
 * checks and a block with one bit flipped does not; the segmentation's sizes add up (§5.1.2);
 * desegmenting gives the bits back, and a flipped bit fails its block's CRC24B.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz/fuzz_input.h"
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <algorithm>

using namespace gr::gpufec;

namespace {

std::string crc_kind(FuzzedDataProvider& in)
{
    if (in.ConsumeIntegralInRange<int>(0, 7) == 0)
        return in.ConsumeRandomLengthString(8);
    return fuzz::pick<std::string>(in, { "24A", "24B", "16", "8", "crc24a", "CRC16", "Crc8" });
}

void check_crc(FuzzedDataProvider& in)
{
    const std::string kind = crc_kind(in);
    const std::vector<uint8_t> bits = fuzz::bit_bytes(in, in.ConsumeIntegralInRange<size_t>(0, 300));
    std::vector<uint8_t> block;
    try {
        block = lte_crc_attach(bits, kind);
    } catch (const std::invalid_argument&) {
        return; // an unknown kind
    }
    const size_t L = lte_crc_length(parse_lte_crc(kind));
    FUZZ_CHECK(block.size() == bits.size() + L);
    FUZZ_CHECK(lte_crc_check(block, kind));
    // Every CRC of §5.1.1 has at least two terms, so it detects any single error.
    block[in.ConsumeIntegralInRange<size_t>(0, block.size() - 1)] ^= 1;
    FUZZ_CHECK(!lte_crc_check(block, kind));
    try {
        lte_crc_check(std::vector<uint8_t>(block.begin(), block.begin() + in.ConsumeIntegralInRange<size_t>(0, L - 1)), kind);
        FUZZ_CHECK(!"a check of fewer than L bits");
    } catch (const std::invalid_argument&) {
    }
}

void check_sizes(const lte_segmentation& s)
{
    const auto& sizes = lte_turbo_code::block_sizes();
    FUZZ_CHECK(s.C >= 1 && s.C_plus + s.C_minus == s.C);
    FUZZ_CHECK(std::find(sizes.begin(), sizes.end(), s.K_plus) != sizes.end());
    FUZZ_CHECK(s.L == (s.C == 1 ? 0 : 24));
    FUZZ_CHECK(s.C_plus * s.K_plus + s.C_minus * s.K_minus == s.B + s.C * s.L + s.F);
    if (s.C == 1) {
        FUZZ_CHECK(s.K_minus == 0 && s.C_minus == 0);
    } else {
        // K- is the size just below K+ (§5.1.2), and no smaller K+ would do.
        const auto plus = std::find(sizes.begin(), sizes.end(), s.K_plus);
        FUZZ_CHECK(plus != sizes.begin() && *(plus - 1) == s.K_minus);
        FUZZ_CHECK(s.C * s.K_minus < s.B + s.C * s.L);
    }
    FUZZ_CHECK(s.F < s.K_plus);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    check_crc(in);

    // Sizes only, for any B.
    const size_t B_any = fuzz::size_in(in, 0, 100000);
    try {
        check_sizes(lte_segmentation::compute(B_any));
    } catch (const std::invalid_argument&) {
        FUZZ_CHECK(B_any == 0 || B_any > lte_segmentation::max_bits);
    }

    // The blocks, for a B that gives at most a few.
    const size_t B = in.ConsumeIntegralInRange<size_t>(0, in.ConsumeBool() ? 200 : 20000);
    const std::vector<uint8_t> bits = fuzz::bit_bytes(in, B);
    std::vector<std::vector<uint8_t>> blocks;
    try {
        blocks = lte_segment(bits);
    } catch (const std::invalid_argument&) {
        FUZZ_CHECK(B == 0);
        return 0;
    }
    const lte_segmentation s = lte_segmentation::compute(B);
    check_sizes(s);
    FUZZ_CHECK(blocks.size() == s.C);
    for (size_t r = 0; r < s.C; ++r)
        FUZZ_CHECK(blocks[r].size() == s.block_size(r));
    for (size_t f = 0; f < s.F; ++f)
        FUZZ_CHECK(blocks[0][f] == 0);
    std::vector<uint8_t> crc_ok;
    const auto back = lte_desegment(blocks, B, &crc_ok);
    FUZZ_CHECK(back.size() == B && crc_ok == std::vector<uint8_t>(s.C, 1));
    for (size_t i = 0; i < B; ++i)
        FUZZ_CHECK(back[i] == (bits[i] != 0));

    if (s.C > 1) {
        const size_t r = in.ConsumeIntegralInRange<size_t>(0, s.C - 1);
        blocks[r][in.ConsumeIntegralInRange<size_t>(0, blocks[r].size() - 1)] ^= 1;
        lte_desegment(blocks, B, &crc_ok);
        FUZZ_CHECK(!crc_ok[r]);
    }
    // A block too many, or one of the wrong size.
    if (in.ConsumeBool())
        blocks.emplace_back(40);
    else
        blocks[in.ConsumeIntegralInRange<size_t>(0, s.C - 1)].push_back(0);
    try {
        lte_desegment(blocks, B);
        FUZZ_CHECK(!"blocks that do not match B");
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
