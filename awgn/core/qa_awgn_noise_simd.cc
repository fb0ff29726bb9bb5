/* The noise kernels (gaussian_batch.h): each one this CPU has, forced in turn, gives the bytes of
 * the one-at-a-time definition (gaussian4 and awgn_bpsk_sample) at odd lengths, starts and
 * buffer offsets, across the counter's carry into its high word.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "awgn/common/awgn_sample.h"
#include "awgn/common/awgn_gaussian.h"
#include "awgn_gaussian_batch.h"
#include <cppunit/extensions/HelperMacros.h>
#include <cstring>
#include <iostream>
#include <random>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

class noise_simd_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(noise_simd_test);
    CPPUNIT_TEST(scalar_comes_first);
    CPPUNIT_TEST(every_kernel_equals_scalar);
    CPPUNIT_TEST(long_run_equals_scalar);
    CPPUNIT_TEST_SUITE_END();

    using isa_list = std::vector<simd>;

    /* The scalar definition of blocks [first, first + n), sample by sample. */
    static std::vector<float> reference(uint64_t seed,
                                        uint64_t first,
                                        size_t n,
                                        const uint8_t* bits,
                                        detail::awgn_sample_params p)
    {
        std::vector<float> out(4 * n);
        for (size_t b = 0; b < n; ++b) {
            float z[4];
            detail::gaussian4(seed, first + b, z);
            for (int i = 0; i < 4; ++i)
                out[4 * b + i] = detail::awgn_bpsk_sample(bits[4 * b + i] != 0, z[i], p);
        }
        return out;
    }

    void scalar_comes_first()
    {
        const isa_list isas = available_simd();
        CPPUNIT_ASSERT(!isas.empty());
        CPPUNIT_ASSERT(isas.front() == simd::scalar);
        std::string names;
        for (simd s : isas)
            names += " " + to_string(s);
        std::cerr << "\nnoise kernels on this CPU:" << names << "\n";
    }

    void every_kernel_equals_scalar()
    {
        std::mt19937_64 rng(44);
        for (int trial = 0; trial < 80; ++trial) {
            const uint64_t seed = trial < 2 ? uint64_t(trial) : rng();
            // Every third start just below the carry into the counter's high word, so that
            // some lane group straddles it.
            const uint64_t first =
                trial % 3 == 0 ? (uint64_t(1) << 32) - 1 - rng() % 70 : rng() >> (rng() % 64);
            // Odd lengths around the kernels' groups (8..32 blocks) and longer ones.
            const size_t n = trial % 2 ? 2 * (rng() % 40) + 1 : rng() % 600;
            // Buffers at odd byte / float offsets: the kernels load and store unaligned.
            const size_t at = 1 + rng() % 15;
            const float sigma = trial % 7 == 0 ? 0.0f : 0.05f + (rng() % 1000) / 250.0f;
            const detail::awgn_sample_params p{ sigma, trial % 2 ? 1.0f : 0.5f + (rng() % 100) / 7.0f };
            std::vector<uint8_t> bits(at + 4 * n);
            for (auto& b : bits) // 0 is -1; any other byte (1, 2, 255) is +1
                b = static_cast<uint8_t>(rng() % 4 == 0 ? 255 : rng() % 3);
            const std::vector<float> want = reference(seed, first, n, bits.data() + at, p);
            for (simd isa : available_simd()) {
                std::vector<float> got(at + 4 * n + 1, -7.0f);
                detail::awgn_bpsk_blocks(isa, seed, first, n, bits.data() + at, p, got.data() + at);
                const std::string where = to_string(isa) + " seed " + std::to_string(seed) +
                                          " first " + std::to_string(first) + " n " +
                                          std::to_string(n);
                CPPUNIT_ASSERT_MESSAGE(where,
                                       std::memcmp(want.data(), got.data() + at, 4 * n * sizeof(float)) == 0);
                // Nothing written outside the range.
                CPPUNIT_ASSERT_EQUAL_MESSAGE(where, -7.0f, got[at - 1]);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(where, -7.0f, got[at + 4 * n]);
            }
        }
    }

    void long_run_equals_scalar()
    {
        // The kernel picked at run time and each forced one against the scalar samples over a
        // million samples, across the carry into the counter's high word: a wrong rounding can
        // be rare (a log coefficient 3 ulp off passed the short calls above).
        const size_t n = (size_t(1) << 18) + 3;
        const uint64_t first = (uint64_t(1) << 32) - n / 2;
        const detail::awgn_sample_params p{ 0.8f, 3.125f };
        std::vector<uint8_t> bits(4 * n);
        for (size_t i = 0; i < bits.size(); ++i)
            bits[i] = static_cast<uint8_t>((i * 2654435761u) >> 31);
        const std::vector<float> want = reference(77, first, n, bits.data(), p);
        std::vector<float> got(4 * n);
        detail::awgn_bpsk_blocks(77, first, n, bits.data(), p, got.data());
        CPPUNIT_ASSERT_MESSAGE("picked", std::memcmp(want.data(), got.data(), 4 * n * sizeof(float)) == 0);
        for (simd isa : available_simd()) {
            detail::awgn_bpsk_blocks(isa, 77, first, n, bits.data(), p, got.data());
            CPPUNIT_ASSERT_MESSAGE(to_string(isa),
                                   std::memcmp(want.data(), got.data(), 4 * n * sizeof(float)) == 0);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(noise_simd_test);

} // namespace gpufec
} // namespace gr
