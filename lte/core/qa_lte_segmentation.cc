/* Code block segmentation (TS 36.212 §5.1.2): worked examples, invariants, round trips.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qa_lte_turbo_util.h"
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <cppunit/extensions/HelperMacros.h>
#include <random>

namespace gr {
namespace gpufec {

class lte_segmentation_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(lte_segmentation_test);
    CPPUNIT_TEST(worked_examples);
    CPPUNIT_TEST(invariants_and_round_trip);
    CPPUNIT_TEST(block_crc_detects_errors);
    CPPUNIT_TEST(bad_input);
    CPPUNIT_TEST_SUITE_END();

    struct expected {
        size_t B, C, K_plus, K_minus, C_plus, C_minus, F;
    };

    void worked_examples()
    {
        // Worked by hand from §5.1.2 (Z = 6144, L = 24 when C > 1, B' = B + C L):
        //  B = 1:     C = 1, K+ = 40 (smallest size >= 1), F = 39
        //  B = 41:    C = 1, K+ = 48, F = 7
        //  B = 6144:  C = 1, K+ = 6144, F = 0
        //  B = 6145:  C = ceil(6145 / 6120) = 2, B' = 6193; 2 K+ >= 6193 gives K+ = 3136,
        //             K- = 3072, C- = floor((6272 - 6193) / 64) = 1, C+ = 1,
        //             F = 3136 + 3072 - 6193 = 15
        //  B = 12289: C = 3, B' = 12361, K+ = 4160, K- = 4096, C- = floor(119 / 64) = 1,
        //             C+ = 2, F = 8320 + 4096 - 12361 = 55
        //  B = 75400: C = 13, B' = 75712 = 13 * 5824, so K+ = 5824, K- = 5760, C- = 0, F = 0
        const expected rows[] = { { 1, 1, 40, 0, 1, 0, 39 },
                                  { 40, 1, 40, 0, 1, 0, 0 },
                                  { 41, 1, 48, 0, 1, 0, 7 },
                                  { 6144, 1, 6144, 0, 1, 0, 0 },
                                  { 6145, 2, 3136, 3072, 1, 1, 15 },
                                  { 12289, 3, 4160, 4096, 2, 1, 55 },
                                  { 75400, 13, 5824, 5760, 13, 0, 0 } };
        for (const auto& r : rows) {
            const auto s = lte_segmentation::compute(r.B);
            const std::string m = "B=" + std::to_string(r.B);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(m, r.C, s.C);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(m, r.K_plus, s.K_plus);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(m, r.K_minus, s.K_minus);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(m, r.C_plus, s.C_plus);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(m, r.C_minus, s.C_minus);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(m, r.F, s.F);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(m, size_t(r.C > 1 ? 24 : 0), s.L);
        }
        // B = 6145: block 0 is the K- block, starting with 15 filler zeros.
        std::mt19937 rng(1);
        auto b = qa::random_bits(6145, rng);
        const auto blocks = lte_segment(b);
        CPPUNIT_ASSERT_EQUAL(size_t(2), blocks.size());
        CPPUNIT_ASSERT_EQUAL(size_t(3072), blocks[0].size());
        CPPUNIT_ASSERT_EQUAL(size_t(3136), blocks[1].size());
        CPPUNIT_ASSERT(std::all_of(blocks[0].begin(), blocks[0].begin() + 15, [](uint8_t v) { return v == 0; }));
        CPPUNIT_ASSERT(std::equal(b.begin(), b.begin() + 3072 - 15 - 24, blocks[0].begin() + 15));
        CPPUNIT_ASSERT(std::equal(b.begin() + 3033, b.end(), blocks[1].begin()));
        CPPUNIT_ASSERT(lte_crc_check(blocks[0], "24B") && lte_crc_check(blocks[1], "24B"));
    }

    void invariants_and_round_trip()
    {
        std::mt19937 rng(2);
        std::vector<size_t> Bs = { 1, 39, 40, 41, 511, 6143, 6144, 6145, 6168, 6169, 12240,
                                   12241, 18432, 60000, 97896 };
        for (int i = 0; i < 40; ++i)
            Bs.push_back(1 + rng() % 40000);
        const auto& sizes = lte_turbo_code::block_sizes();
        for (size_t B : Bs) {
            const auto s = lte_segmentation::compute(B);
            const std::string m = "B=" + std::to_string(B);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(m, B <= 6144 ? size_t(1) : (B + 6119) / 6120, s.C);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(m, s.C, s.C_plus + s.C_minus);
            const size_t B_prime = B + s.C * s.L;
            CPPUNIT_ASSERT_EQUAL_MESSAGE(m, B_prime + s.F, s.C_plus * s.K_plus + s.C_minus * s.K_minus);
            CPPUNIT_ASSERT(lte_turbo_code::is_block_size(s.K_plus));
            // K+ is the smallest size that holds B', and the filler is less than one size step.
            const auto it = std::find(sizes.begin(), sizes.end(), s.K_plus);
            if (it != sizes.begin())
                CPPUNIT_ASSERT_MESSAGE(m, s.C * *(it - 1) < B_prime);
            if (s.C > 1) {
                CPPUNIT_ASSERT_EQUAL_MESSAGE(m, *(it - 1), s.K_minus);
                CPPUNIT_ASSERT_MESSAGE(m, s.F < s.K_plus - s.K_minus);
            }
            const auto b = qa::random_bits(B, rng);
            const auto blocks = lte_segment(b);
            CPPUNIT_ASSERT_EQUAL(s.C, blocks.size());
            for (size_t r = 0; r < s.C; ++r) {
                CPPUNIT_ASSERT_EQUAL(s.block_size(r), blocks[r].size());
                if (s.C > 1)
                    CPPUNIT_ASSERT(lte_crc_check(blocks[r], "24B"));
            }
            std::vector<uint8_t> ok;
            CPPUNIT_ASSERT_MESSAGE(m, lte_desegment(blocks, B, &ok) == b);
            CPPUNIT_ASSERT(ok == std::vector<uint8_t>(s.C, 1));
        }
    }

    void block_crc_detects_errors()
    {
        std::mt19937 rng(3);
        const auto b = qa::random_bits(20000, rng);
        auto blocks = lte_segment(b);
        CPPUNIT_ASSERT_EQUAL(size_t(4), blocks.size());
        blocks[2][100] ^= 1;
        std::vector<uint8_t> ok;
        const auto out = lte_desegment(blocks, b.size(), &ok);
        CPPUNIT_ASSERT((ok == std::vector<uint8_t>{ 1, 1, 0, 1 }));
        CPPUNIT_ASSERT(out != b);
    }

    void bad_input()
    {
        qa::expect_invalid([] { lte_segmentation::compute(0); }, "B = 0");
        qa::expect_invalid([] { lte_segment({}); }, "B = 0");
        // Regression (fuzz/lte_crc_segment): B near 2^64 wrapped the block count and read
        // past the table of block sizes.
        for (size_t B : { lte_segmentation::max_bits + 1, ~size_t(0), ~size_t(0) - 6000 })
            qa::expect_invalid([=] { lte_segmentation::compute(B); },
                               "B = " + std::to_string(B) +
                                   " input bits is out of range: allowed is 1 to 4294967296");
        const lte_segmentation s = lte_segmentation::compute(lte_segmentation::max_bits);
        CPPUNIT_ASSERT_EQUAL(size_t(701793), s.C); // ceil(2^32 / 6120)
        CPPUNIT_ASSERT_EQUAL(s.B + s.C * s.L + s.F, s.C_plus * s.K_plus + s.C_minus * s.K_minus);
        std::mt19937 rng(4);
        auto blocks = lte_segment(qa::random_bits(7000, rng));
        qa::expect_invalid([&] { lte_desegment(blocks, 6000); },
                           "got 2 blocks, but B = 6000 segments into 1");
        blocks[1].pop_back();
        qa::expect_invalid([&] { lte_desegment(blocks, 7000); }, "block 1 has");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(lte_segmentation_test);

} // namespace gpufec
} // namespace gr
