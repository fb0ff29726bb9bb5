/* The AWGN/BPSK channel and generator on the CPU backend: statistics against theory, stream
 * determinism, and parameter checking.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/test/awgn_reference.h"
#include "skeleton/test/qa_expect.h"
#include "awgn/common/awgn_sample.h"
#include "awgn/common/awgn_gaussian.h"
#include "awgn_bpsk_backends.h"
#include "awgn_gaussian_batch.h"
#include <cstring>
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/conv/conv_code.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

namespace {
// Two-sided 99% and 99.9% points of the standard normal.
constexpr double z99 = 2.5758;
constexpr double z999 = 3.2905;
} // namespace

class awgn_bpsk_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(awgn_bpsk_test);
    CPPUNIT_TEST(deterministic_math_is_accurate);
    CPPUNIT_TEST(noise_mean_and_variance);
    CPPUNIT_TEST(noise_tail_matches_gaussian);
    CPPUNIT_TEST(uncoded_ber_matches_theory);
    CPPUNIT_TEST(soft_convention_positive_means_one);
    CPPUNIT_TEST(llr_is_scaled_symbol);
    CPPUNIT_TEST(stream_independent_of_chunking);
    CPPUNIT_TEST(channel_equals_generator);
    CPPUNIT_TEST(noise_change_applies_to_later_blocks);
    CPPUNIT_TEST(rejects_bad_parameters);
    CPPUNIT_TEST(info_bits_known_answers);
    CPPUNIT_TEST(large_calls_equal_small_calls);
    CPPUNIT_TEST(rejects_sizes_that_overflow);
    CPPUNIT_TEST(noise_known_answers);
    CPPUNIT_TEST(batch_equals_scalar);
    CPPUNIT_TEST(channel_equals_scalar_at_any_offset);
    CPPUNIT_TEST(info_bits_equal_scalar_at_any_offset);
    CPPUNIT_TEST(coded_llrs_have_the_sigma_of_the_rate);
    CPPUNIT_TEST_SUITE_END();

    static std::vector<float> noise_samples(size_t n, uint64_t seed)
    {
        // Es/N0 = -3.0103 dB gives sigma = 1; bits all 0 map to -1.
        awgn_bpsk_channel_engine ch(awgn_noise::from_snr(10 * std::log10(0.5), snr_kind::ESN0, 1.0),
                                    soft_output::SYMBOLS, seed, backend_kind::CPU);
        std::vector<uint8_t> zeros(n, 0);
        std::vector<float> y(n);
        ch.apply(zeros.data(), y.data(), n, 0);
        for (auto& v : y)
            v += 1.0f;
        return y;
    }

    void deterministic_math_is_accurate()
    {
        for (float u : { 5.9604645e-08f, 1e-3f, 0.3f, 0.70710678f, 0.7072f, 0.999f, 1.0f })
            CPPUNIT_ASSERT_DOUBLES_EQUAL(std::log(double(u)), double(detail::log_det(u)),
                                         4e-7 * std::max(1.0, std::fabs(std::log(double(u)))));
        for (float t = 0.0f; t < 1.0f; t += 0.0625f) {
            float s, c;
            detail::sincos_quarter(t, &s, &c);
            CPPUNIT_ASSERT_DOUBLES_EQUAL(std::sin(1.5707963267948966 * t), double(s), 3e-7);
            CPPUNIT_ASSERT_DOUBLES_EQUAL(std::cos(1.5707963267948966 * t), double(c), 3e-7);
        }
    }

    void noise_mean_and_variance()
    {
        const size_t n = size_t(1) << 21;
        const std::vector<float> z = noise_samples(n, 11);
        double sum = 0, sum2 = 0;
        for (float v : z) {
            sum += v;
            sum2 += double(v) * v;
        }
        const double mean = sum / n, var = sum2 / n - mean * mean;
        // mean ~ N(0, 1/n), sample variance ~ N(1, 2/n)
        CPPUNIT_ASSERT(std::fabs(mean) < z999 / std::sqrt(double(n)));
        CPPUNIT_ASSERT(std::fabs(var - 1.0) < z999 * std::sqrt(2.0 / n));
    }

    void noise_tail_matches_gaussian()
    {
        const size_t n = size_t(1) << 21;
        const std::vector<float> z = noise_samples(n, 12);
        for (double a : { 1.0, 2.0, 3.0, 4.0 }) {
            size_t beyond = 0;
            for (float v : z)
                beyond += std::fabs(v) > a;
            const double p = std::erfc(a / std::sqrt(2.0));
            const double sd = std::sqrt(n * p * (1 - p));
            CPPUNIT_ASSERT(std::fabs(double(beyond) - n * p) < z999 * sd + 1);
        }
    }

    void uncoded_ber_matches_theory()
    {
        // 99% confidence interval of the error count around n Q(sqrt(2 Eb/N0)).
        const struct {
            double ebn0_db;
            size_t n;
        } points[] = { { 0.0, size_t(1) << 20 }, { 4.0, size_t(1) << 21 }, { 8.0, size_t(1) << 23 } };
        for (const auto& pt : points) {
            awgn_bpsk_generator gen(uncoded(), awgn_noise::from_snr(pt.ebn0_db, snr_kind::EBN0, 1.0),
                                    soft_output::LLR, 2024, backend_kind::CPU);
            std::vector<uint8_t> bits(pt.n);
            std::vector<float> llr(pt.n);
            gen.generate(pt.n, bits.data(), llr.data());
            size_t errors = 0, ones = 0;
            for (size_t i = 0; i < pt.n; ++i) {
                errors += (llr[i] > 0) != (bits[i] != 0);
                ones += bits[i];
            }
            const double p = 0.5 * std::erfc(std::sqrt(std::pow(10.0, pt.ebn0_db / 10)));
            const double expect = pt.n * p, sd = std::sqrt(pt.n * p * (1 - p));
            CPPUNIT_ASSERT_MESSAGE("Eb/N0 " + std::to_string(pt.ebn0_db) + " dB: " +
                                       std::to_string(errors) + " errors, expected " +
                                       std::to_string(expect),
                                   std::fabs(errors - expect) < z99 * sd);
            // The bits are fair coins.
            CPPUNIT_ASSERT(std::fabs(ones - pt.n / 2.0) < z999 * std::sqrt(pt.n / 4.0));
        }
    }

    void soft_convention_positive_means_one()
    {
        // At 30 dB every soft value has the sign of its symbol: bit 1 -> positive.
        awgn_bpsk_channel_engine ch(awgn_noise::from_snr(30, snr_kind::ESN0, 1.0),
                                    soft_output::SYMBOLS, 1, backend_kind::CPU);
        const std::vector<uint8_t> bits = { 0, 1, 1, 0, 1, 0, 0, 1, 7 };
        std::vector<float> y(bits.size());
        ch.apply(bits.data(), y.data(), bits.size(), 0);
        for (size_t i = 0; i < bits.size(); ++i) {
            CPPUNIT_ASSERT_EQUAL(bits[i] != 0, y[i] > 0);
            CPPUNIT_ASSERT_DOUBLES_EQUAL(bits[i] ? 1.0 : -1.0, y[i], 0.2);
        }
    }

    void llr_is_scaled_symbol()
    {
        const awgn_noise noise = awgn_noise::from_snr(2.0, snr_kind::EBN0, 0.5);
        // Es/N0 = 0.5 * 10^0.2, sigma^2 = 1/(2 Es/N0)
        const double var = 1.0 / (2 * 0.5 * std::pow(10.0, 0.2));
        CPPUNIT_ASSERT_DOUBLES_EQUAL(std::sqrt(var), noise.sigma, 1e-12);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(2 / var, noise.llr_scale, 1e-9);
        awgn_bpsk_channel_engine sym(noise, soft_output::SYMBOLS, 5, backend_kind::CPU);
        awgn_bpsk_channel_engine llr(noise, soft_output::LLR, 5, backend_kind::CPU);
        std::vector<uint8_t> bits(1000);
        for (size_t i = 0; i < bits.size(); ++i)
            bits[i] = (i * 7) % 3 == 0;
        std::vector<float> y(bits.size()), l(bits.size());
        sym.apply(bits.data(), y.data(), bits.size(), 100);
        llr.apply(bits.data(), l.data(), bits.size(), 100);
        for (size_t i = 0; i < bits.size(); ++i)
            CPPUNIT_ASSERT_DOUBLES_EQUAL(noise.llr_scale * y[i], l[i], 1e-5 * std::fabs(l[i]) + 1e-6);
    }

    /* Coded streams, as every user of the generator sets it up (the noise from Eb/N0 and the
     * code's rate): the LLRs' mean and spread follow from sigma computed here from Eb/N0 and
     * the rate counted from the code's definition, the channel bits from the encoder. */
    void coded_llrs_have_the_sigma_of_the_rate()
    {
        const double ebn0_db = 1.5;
        for (const auto& c : qa::coded_cases()) {
            const std::string what = c.code->name();
            CPPUNIT_ASSERT_DOUBLES_EQUAL_MESSAGE(what, c.rate, c.code->rate(), 1e-15);
            const size_t k = c.code->info_bits_per_block(), n = c.code->coded_bits_per_block();
            const size_t blocks = (size_t(1) << 17) / n + 1;
            awgn_bpsk_generator gen(c.code, awgn_noise::from_snr(ebn0_db, snr_kind::EBN0, c.code->rate()),
                                    soft_output::LLR, 8, backend_kind::CPU);
            std::vector<uint8_t> info(blocks * k), coded(blocks * n);
            std::vector<float> llr(blocks * n);
            gen.generate(blocks, info.data(), llr.data());
            c.code->encode(info.data(), coded.data(), blocks);
            qa::check_llr_statistics(coded, llr, qa::bpsk_sigma(ebn0_db, c.rate), what);
        }
    }

    void stream_independent_of_chunking()
    {
        const awgn_noise noise = awgn_noise::from_snr(3.0, snr_kind::EBN0, 1.0);
        const size_t n = 10007;
        awgn_bpsk_generator whole(uncoded(), noise, soft_output::LLR, 99, backend_kind::CPU);
        std::vector<uint8_t> b1(n), b2(n);
        std::vector<float> s1(n), s2(n);
        whole.generate(n, b1.data(), s1.data());
        awgn_bpsk_generator parts(uncoded(), noise, soft_output::LLR, 99, backend_kind::CPU);
        std::mt19937 rng(1);
        size_t done = 0;
        while (done < n) {
            const size_t m = std::min<size_t>(n - done, 1 + rng() % 300);
            parts.generate(m, b2.data() + done, s2.data() + done);
            done += m;
        }
        CPPUNIT_ASSERT(b1 == b2);
        CPPUNIT_ASSERT(s1 == s2);
        CPPUNIT_ASSERT_EQUAL(uint64_t(n), parts.next_block());
    }

    void channel_equals_generator()
    {
        const awgn_noise noise = awgn_noise::from_snr(1.0, snr_kind::EBN0, 1.0);
        const size_t n = 777;
        awgn_bpsk_generator gen(uncoded(), noise, soft_output::LLR, 3, backend_kind::CPU);
        std::vector<uint8_t> bits(n);
        std::vector<float> soft(n), again(n);
        gen.generate(n, bits.data(), soft.data());
        awgn_bpsk_channel_engine ch(noise, soft_output::LLR, 3, backend_kind::CPU);
        ch.apply(bits.data(), again.data(), n, 0);
        CPPUNIT_ASSERT(soft == again);
    }

    void noise_change_applies_to_later_blocks()
    {
        awgn_bpsk_generator gen(uncoded(), awgn_noise::from_snr(0, snr_kind::EBN0, 1.0),
                                soft_output::SYMBOLS, 4, backend_kind::CPU);
        std::vector<uint8_t> bits(4096);
        std::vector<float> y(4096);
        gen.set_noise(awgn_noise::from_snr(40, snr_kind::EBN0, 1.0));
        gen.generate(bits.size(), bits.data(), y.data());
        for (size_t i = 0; i < y.size(); ++i)
            CPPUNIT_ASSERT_DOUBLES_EQUAL(bits[i] ? 1.0 : -1.0, y[i], 0.1);
    }

    void rejects_bad_parameters()
    {
        qa::expect_invalid([] { awgn_noise::from_snr(NAN, snr_kind::EBN0, 1.0); }, "snr_db");
        qa::expect_invalid([] { awgn_noise::from_snr(100, snr_kind::EBN0, 1.0); }, "snr_db");
        qa::expect_invalid([] { awgn_noise::from_snr(3, snr_kind::EBN0, 0.0); }, "rate");
        qa::expect_invalid([] { awgn_noise::from_snr(3, snr_kind::EBN0, 1.5); }, "rate");
        qa::expect_invalid([] { parse_soft_output("bits"); }, "'llr' or 'symbols'");
        qa::expect_invalid([] { parse_snr_kind("snr"); }, "'ebn0' or 'esn0'");
        qa::expect_invalid(
            [] {
                awgn_bpsk_generator g(nullptr, awgn_noise::from_snr(1, snr_kind::ESN0, 1),
                                      soft_output::LLR, 0, backend_kind::CPU);
            },
            "code");
        qa::expect_invalid(
            [] {
                awgn_bpsk_channel_engine c(awgn_noise{ -1.0, 1.0 }, soft_output::LLR, 0,
                                           backend_kind::CPU);
            },
            "sigma");
    }

    /* Bits as hex digits, 4 bits each, the first bit the most significant. */
    static std::string hex(const std::vector<uint8_t>& bits, size_t first, size_t n)
    {
        std::string s;
        for (size_t i = first; i < first + n; i += 4)
            s += "0123456789abcdef"[bits[i] << 3 | bits[i + 1] << 2 | bits[i + 2] << 1 | bits[i + 3]];
        return s;
    }

    void info_bits_known_answers()
    {
        // The information bit stream of a seed, recorded once (commit fab2970): a change of
        // the stream (another Philox key, counter or bit order) changes every recorded
        // simulation, so it must be deliberate. Bits 0..127 and 1000..1063.
        const struct {
            uint64_t seed;
            const char* first;
            const char* at1000;
        } known[] = {
            { 0, "87a8a2215576b10fca0398f00fae1fc1", "faf9edfeff8fbda7" },
            { 1, "4838e0e06d264142d208909c45bd45b6", "7a7d6aaac0024855" },
            { 0x123456789abcdefull, "7affb95fd2210836e8e39e96c1ff09a0", "adbe937b06a94063" },
        };
        for (const auto& k : known) {
            awgn_bpsk_generator gen(uncoded(), awgn_noise::from_snr(3, snr_kind::EBN0, 1.0),
                                    soft_output::LLR, k.seed, backend_kind::CPU);
            std::vector<uint8_t> bits(1064);
            std::vector<float> soft(bits.size());
            gen.generate(bits.size(), bits.data(), soft.data());
            CPPUNIT_ASSERT_EQUAL(std::string(k.first), hex(bits, 0, 128));
            CPPUNIT_ASSERT_EQUAL(std::string(k.at1000), hex(bits, 1000, 64));
            // A coded generator draws the same stream.
            awgn_bpsk_generator coded(conv_code::make(7, { 0171, 0133 }, "3/4", termination::TRUNCATED, 200),
                                      awgn_noise::from_snr(3, snr_kind::EBN0, 0.75), soft_output::LLR,
                                      k.seed, backend_kind::CPU);
            std::vector<uint8_t> info(6 * 200);
            std::vector<float> llr(6 * coded.coded_by().coded_bits_per_block());
            coded.generate(6, info.data(), llr.data());
            CPPUNIT_ASSERT_EQUAL(std::string(k.first), hex(info, 0, 128));
            CPPUNIT_ASSERT_EQUAL(std::string(k.at1000), hex(info, 1000, 64));
        }
    }

    void large_calls_equal_small_calls()
    {
        // A call of many blocks (the CPU backend works through them a bounded number at a
        // time) equals one call per block, framed and streaming.
        const awgn_noise noise = awgn_noise::from_snr(2.0, snr_kind::EBN0, 0.5);
        for (termination t : { termination::TERMINATED, termination::STREAMING }) {
            const auto c = conv_code::make(7, { 0171, 0133 }, "3/4", t, 2048);
            const size_t blocks = t == termination::STREAMING ? 70000 : 40;
            awgn_bpsk_generator whole(c, noise, soft_output::LLR, 8, backend_kind::CPU);
            awgn_bpsk_generator parts(c, noise, soft_output::LLR, 8, backend_kind::CPU);
            std::vector<uint8_t> b1(blocks * c->info_bits_per_block()), b2(b1.size());
            std::vector<float> s1(blocks * c->coded_bits_per_block()), s2(s1.size());
            whole.generate(blocks, b1.data(), s1.data());
            for (size_t i = 0; i < blocks; ++i)
                parts.generate(1, b2.data() + i * c->info_bits_per_block(),
                               s2.data() + i * c->coded_bits_per_block());
            CPPUNIT_ASSERT(b1 == b2);
            CPPUNIT_ASSERT(s1 == s2);
        }
    }

    void rejects_sizes_that_overflow()
    {
        // Sizes and stream positions that wrap around 64 bits are errors, before any memory
        // is touched (the pointers are never used).
        const auto c = conv_code::make(7, { 0171, 0133 }, "", termination::TERMINATED, 2048);
        awgn_bpsk_generator gen(c, awgn_noise::from_snr(3, snr_kind::EBN0, 0.5), soft_output::LLR,
                                0, backend_kind::CPU);
        try {
            gen.generate(size_t(1) << 62, nullptr, nullptr);
            CPPUNIT_FAIL("no exception");
        } catch (const std::invalid_argument& e) {
            CPPUNIT_ASSERT_EQUAL(
                std::string("n_blocks = 4611686018427387904 is too large: at 4108 bits per block "
                            "the size overflows 64 bits; allowed is at most 4490444029627446"),
                std::string(e.what()));
        }
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), gen.next_block());
        awgn_bpsk_channel_engine ch(awgn_noise::from_snr(3, snr_kind::EBN0, 1.0), soft_output::LLR,
                                    0, backend_kind::CPU);
        uint8_t bits[2] = { 0, 1 };
        float soft[2];
        try {
            ch.apply(bits, soft, 2, ~uint64_t(0));
            CPPUNIT_FAIL("no exception");
        } catch (const std::invalid_argument& e) {
            CPPUNIT_ASSERT_EQUAL(std::string("first_sample = 18446744073709551615 is too large: "
                                             "first_sample + the number of bits does not fit in "
                                             "64 bits; allowed is at most 18446744073709551613"),
                                 std::string(e.what()));
        }
        ch.apply(bits, soft, 2, ~uint64_t(0) - 2); // the last two samples of the stream
    }

    static uint32_t bits_of(float x)
    {
        uint32_t u;
        std::memcpy(&u, &x, sizeof u);
        return u;
    }

    void noise_known_answers()
    {
        // Samples 4 (2^32 + 5) .. + 3 for two seeds, as the scalar code gave before the host
        // batches existed (and as the GPU gives): the vectorized path must not move a bit.
        const struct {
            uint64_t seed;
            uint32_t z[4];
        } known[] = {
            { 7, { 0xbf14bf29, 0xbfe522a5, 0xbddee7e6, 0xbf3e2f23 } },
            { 0x0123456789abcdefull, { 0x3efb0185, 0xbf246fba, 0x3fa36c6a, 0xbf7b40a9 } },
        };
        const uint64_t block = (uint64_t(1) << 32) + 5;
        // Through the batches too: sigma 1 and scale 1 on bits 0 and 1 give z - 1 and z + 1.
        const detail::awgn_sample_params unit{ 1.0f, 1.0f };
        const uint8_t bits[12] = { 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1 };
        for (const auto& k : known) {
            float z[4], batch[4 * 3];
            detail::gaussian4(k.seed, block, z);
            detail::awgn_bpsk_blocks(k.seed, block - 1, 3, bits, unit, batch);
            for (int i = 0; i < 4; ++i) {
                CPPUNIT_ASSERT_EQUAL(k.z[i], bits_of(z[i]));
                CPPUNIT_ASSERT_EQUAL(bits_of(detail::awgn_bpsk_sample(bits[4 + i], z[i], unit)),
                                     bits_of(batch[4 + i]));
            }
        }
    }

    void batch_equals_scalar()
    {
        // Many seeds, starts (the counter's high word included), lengths around the batch
        // and channel constants.
        std::mt19937_64 rng(30);
        for (int trial = 0; trial < 60; ++trial) {
            const uint64_t seed = trial < 2 ? uint64_t(trial) : rng();
            const uint64_t first = trial % 3 == 0 ? (uint64_t(1) << 32) - 5 - rng() % 40 : rng() >> (rng() % 64);
            const size_t n = rng() % 700;
            const detail::awgn_sample_params p{ 0.1f + (rng() % 1000) / 300.0f,
                                                trial % 2 ? 1.0f : 0.5f + (rng() % 100) / 7.0f };
            std::vector<uint8_t> bits(4 * n);
            for (auto& b : bits)
                b = static_cast<uint8_t>(rng() % 3);
            std::vector<float> batch(4 * n);
            detail::awgn_bpsk_blocks(seed, first, n, bits.data(), p, batch.data());
            for (size_t b = 0; b < n; ++b) {
                float z[4];
                detail::gaussian4(seed, first + b, z);
                for (int i = 0; i < 4; ++i)
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(
                        "seed " + std::to_string(seed) + " block " + std::to_string(first + b),
                        bits_of(detail::awgn_bpsk_sample(bits[4 * b + i] != 0, z[i], p)),
                        bits_of(batch[4 * b + i]));
            }
        }
    }

    void channel_equals_scalar_at_any_offset()
    {
        // The channel splits a call into a partial Philox block at each end and whole blocks
        // in batches between: every sample must be the one-at-a-time sample.
        std::mt19937_64 rng(31);
        const awgn_noise noise = awgn_noise::from_snr(2.0, snr_kind::EBN0, 0.5);
        for (soft_output out : { soft_output::LLR, soft_output::SYMBOLS }) {
            awgn_bpsk_channel_engine ch(noise, out, 1234, backend_kind::CPU);
            const detail::awgn_sample_params p = sample_params(noise, out);
            for (int trial = 0; trial < 40; ++trial) {
                const uint64_t first = rng() % 5000;
                const size_t n = rng() % 3000;
                std::vector<uint8_t> bits(n);
                for (auto& b : bits)
                    b = static_cast<uint8_t>(rng() % 3); // 2 counts as 1
                std::vector<float> soft(n);
                ch.apply(bits.data(), soft.data(), n, first);
                for (size_t i = 0; i < n; ++i) {
                    float z[4];
                    detail::gaussian4(1234, (first + i) >> 2, z);
                    const float want = detail::awgn_bpsk_sample(bits[i] != 0, z[(first + i) & 3], p);
                    CPPUNIT_ASSERT_EQUAL(bits_of(want), bits_of(soft[i]));
                }
            }
        }
    }

    void info_bits_equal_scalar_at_any_offset()
    {
        // Calls of random sizes start and end inside Philox blocks of 128 bits; the whole
        // blocks between go through the batches. Every bit must be info_bits128's.
        std::mt19937_64 rng(32);
        const awgn_noise noise = awgn_noise::from_snr(2.0, snr_kind::EBN0, 1.0);
        for (uint64_t seed : { uint64_t(0), uint64_t(77), rng() }) {
            awgn_bpsk_generator gen(uncoded(), noise, soft_output::LLR, seed, backend_kind::CPU);
            size_t done = 0;
            for (int call = 0; call < 30; ++call) {
                const size_t n = rng() % 2000;
                std::vector<uint8_t> bits(n);
                std::vector<float> soft(n);
                gen.generate(n, bits.data(), soft.data());
                for (size_t i = 0; i < n; ++i) {
                    const uint64_t index = done + i;
                    const philox4x32_ctr w = detail::info_bits128(seed, index >> 7);
                    CPPUNIT_ASSERT_EQUAL(static_cast<unsigned>((w.v[(index & 127) >> 5] >> (index & 31)) & 1u),
                                         static_cast<unsigned>(bits[i]));
                }
                done += n;
            }
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(awgn_bpsk_test);

} // namespace gpufec
} // namespace gr
