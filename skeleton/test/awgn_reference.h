/* What the test sources must produce, computed from their definitions (docs/conventions.md,
 * "The test sources' random streams") rather than by the code under test: the noise level of
 * unit-energy BPSK at an Eb/N0 and a code rate, the statistics of the LLRs 2y/sigma^2 it
 * implies, and each information bit and noise sample from Philox4x32-10 words (philox_test
 * checks the generator against Random123's published known answers) with Box-Muller in double.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_TEST_AWGN_REFERENCE_H
#define INCLUDED_GPUFEC_CORE_TEST_AWGN_REFERENCE_H

#include <gnuradio/gpufec/conv/conv_code.h>
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <gnuradio/gpufec/core/philox.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {
namespace qa {

/* sigma of unit-energy BPSK at Eb/N0 (dB) and code rate R: Es = R Eb and sigma^2 = N0 / 2. */
inline double bpsk_sigma(double ebn0_db, double rate)
{
    return std::sqrt(1.0 / (2.0 * rate * std::pow(10.0, ebn0_db / 10.0)));
}

/* A code and its rate, counted here from its definition: information bits over the channel
 * bits of a block, tails and puncturing included (docs/conventions.md). */
struct coded_case {
    code_sptr code;
    double rate;
};

/* Rate 1/2 and 1/3 convolutional codes, a punctured one and an LTE turbo code, F = 1024. */
inline std::vector<coded_case> coded_cases()
{
    const size_t F = 1024, steps = F + 6; // K = 7: six tail steps
    // "3/4" = 110110 over c0 c1 c0 c1 ..., restarted in every frame.
    size_t sent = 0;
    for (size_t i = 0; i < 2 * steps; ++i)
        sent += std::string("110110")[i % 6] == '1';
    return {
        { conv_code::make(7, { 0171, 0133 }, "", termination::TERMINATED, F), F / (2.0 * steps) },
        { conv_code::make(7, { 0133, 0171, 0165 }, "", termination::TERMINATED, F),
          F / (3.0 * steps) },
        { conv_code::make(7, { 0171, 0133 }, "3/4", termination::TERMINATED, F), F / double(sent) },
        { lte_turbo_code::make(F), F / (3.0 * F + 12) }, // 3 (K + 4) channel bits
    };
}

/* LLRs of the channel bits @p coded must be 2 y / sigma^2 with y = x + sigma z, x = +-1 and z
 * standard normal: x llr has mean 2 / sigma^2 and llr - x 2 / sigma^2 spread 2 / sigma. Both
 * within their 99.9 % bounds; a sigma off by the code rate (a factor of 1.15 or more) is many
 * bounds out at 10^5 values. */
inline void check_llr_statistics(const std::vector<uint8_t>& coded,
                                 const std::vector<float>& llr,
                                 double sigma,
                                 const std::string& what)
{
    constexpr double z999 = 3.2905;
    CPPUNIT_ASSERT_EQUAL_MESSAGE(what, coded.size(), llr.size());
    const double n = double(llr.size()), mean_want = 2.0 / (sigma * sigma);
    double sum = 0, sum2 = 0;
    for (size_t i = 0; i < llr.size(); ++i) {
        const double x = coded[i] ? 1.0 : -1.0;
        sum += x * llr[i];
        const double r = llr[i] - x * mean_want;
        sum2 += r * r;
    }
    const double mean = sum / n, spread = std::sqrt(sum2 / n), spread_want = 2.0 / sigma;
    const std::string got = what + ": mean " + std::to_string(mean) + " (want " +
                            std::to_string(mean_want) + "), spread " + std::to_string(spread) +
                            " (want " + std::to_string(spread_want) + ")";
    CPPUNIT_ASSERT_MESSAGE(got, std::fabs(mean - mean_want) < z999 * spread_want / std::sqrt(n));
    // The sample variance of n standard normals is 1 with standard deviation sqrt(2 / n).
    CPPUNIT_ASSERT_MESSAGE(got, std::fabs(spread * spread / (spread_want * spread_want) - 1.0) <
                                    z999 * std::sqrt(2.0 / n));
}

/* The four Philox4x32-10 words of block @p block of stream @p stream: counter (block's low
 * word, its high word, stream, 0), key (seed's low word, its high word). */
inline philox4x32_ctr stream_words(uint64_t seed, uint32_t stream, uint64_t block)
{
    return philox4x32_10(
        philox4x32_ctr{ { uint32_t(block), uint32_t(block >> 32), stream, 0u } },
        philox4x32_key{ { uint32_t(seed), uint32_t(seed >> 32) } });
}

/* Information bit @p i: bit i mod 32 of word (i mod 128) / 32 of block i / 128 of stream 1. */
inline uint8_t reference_info_bit(uint64_t seed, uint64_t i)
{
    return (stream_words(seed, 1, i / 128).v[(i % 128) / 32] >> (i % 32)) & 1u;
}

/* Noise sample @p j: block j / 4 of stream 0; words (0, 1) make samples 0 and 1 of the block,
 * words (2, 3) samples 2 and 3, by Box-Muller: u = ((w_r >> 8) + 1) / 2^24 and
 * theta = 2 pi (w_a >> 8) / 2^24 give sqrt(-2 ln u) (cos theta, sin theta). */
inline double reference_noise(uint64_t seed, uint64_t j)
{
    const philox4x32_ctr w = stream_words(seed, 0, j / 4);
    const unsigned pair = unsigned(j % 4) / 2;
    const double u = double((w.v[2 * pair] >> 8) + 1) / 16777216.0;
    const double theta = 2.0 * 3.14159265358979323846 * double(w.v[2 * pair + 1] >> 8) / 16777216.0;
    const double r = std::sqrt(-2.0 * std::log(u));
    return j % 2 == 0 ? r * std::cos(theta) : r * std::sin(theta);
}

} // namespace qa
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_TEST_AWGN_REFERENCE_H */
