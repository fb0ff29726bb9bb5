/* The CUDA AWGN/BPSK channel and generator equal the CPU backend sample for sample.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cstring>
#include <random>
#include <vector>

namespace gr {
namespace gpufec {

class awgn_bpsk_gpu_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(awgn_bpsk_gpu_test);
    CPPUNIT_TEST(channel_matches_cpu_bit_for_bit);
    CPPUNIT_TEST(generator_matches_cpu_across_batches);
    CPPUNIT_TEST(generator_noise_change_drops_prefetch);
    CPPUNIT_TEST_SUITE_END();

    static bool same_bits(const std::vector<float>& a, const std::vector<float>& b)
    {
        return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
    }

public:
    void setUp() override
    {
        CPPUNIT_ASSERT_MESSAGE("the GPU suite needs a CUDA device", cuda_device_count() > 0);
    }

private:

    void channel_matches_cpu_bit_for_bit()
    {
        const awgn_noise noise = awgn_noise::from_snr(2.5, snr_kind::EBN0, 0.5);
        std::mt19937 rng(5);
        for (size_t n : { size_t(1), size_t(3), size_t(4097), size_t(5) << 20 }) {
            for (uint64_t first : { uint64_t(0), uint64_t(1), uint64_t(4095), uint64_t(1) << 40 }) {
                std::vector<uint8_t> bits(n);
                for (auto& b : bits)
                    b = rng() & 1;
                std::vector<float> cpu(n), gpu(n);
                awgn_bpsk_channel_engine c(noise, soft_output::LLR, 77, backend_kind::CPU);
                awgn_bpsk_channel_engine g(noise, soft_output::LLR, 77, backend_kind::CUDA);
                c.apply(bits.data(), cpu.data(), n, first);
                g.apply(bits.data(), gpu.data(), n, first);
                CPPUNIT_ASSERT_MESSAGE("n=" + std::to_string(n) + " first=" + std::to_string(first),
                                       same_bits(cpu, gpu));
            }
        }
    }

    void generator_matches_cpu_across_batches()
    {
        const awgn_noise noise = awgn_noise::from_snr(4.0, snr_kind::EBN0, 1.0);
        awgn_bpsk_generator c(uncoded(), noise, soft_output::SYMBOLS, 123, backend_kind::CPU);
        awgn_bpsk_generator g(uncoded(), noise, soft_output::SYMBOLS, 123, backend_kind::CUDA);
        std::mt19937 rng(9);
        // Uneven calls that cross the GPU's internal batch boundaries several times.
        for (int call = 0; call < 12; ++call) {
            const size_t n = call % 3 == 0 ? 1 + rng() % 50 : 1 + rng() % (3 << 20);
            std::vector<uint8_t> bc(n), bg(n);
            std::vector<float> sc(n), sg(n);
            c.generate(n, bc.data(), sc.data());
            g.generate(n, bg.data(), sg.data());
            CPPUNIT_ASSERT(bc == bg);
            CPPUNIT_ASSERT(same_bits(sc, sg));
        }
    }

    void generator_noise_change_drops_prefetch()
    {
        awgn_bpsk_generator c(uncoded(), awgn_noise::from_snr(0, snr_kind::EBN0, 1.0),
                              soft_output::LLR, 8, backend_kind::CPU);
        awgn_bpsk_generator g(uncoded(), awgn_noise::from_snr(0, snr_kind::EBN0, 1.0),
                              soft_output::LLR, 8, backend_kind::CUDA);
        const size_t n = 1000;
        std::vector<uint8_t> bc(n), bg(n);
        std::vector<float> sc(n), sg(n);
        c.generate(n, bc.data(), sc.data());
        g.generate(n, bg.data(), sg.data());
        const awgn_noise quieter = awgn_noise::from_snr(6, snr_kind::EBN0, 1.0);
        c.set_noise(quieter);
        g.set_noise(quieter);
        c.generate(n, bc.data(), sc.data());
        g.generate(n, bg.data(), sg.data());
        CPPUNIT_ASSERT(same_bits(sc, sg));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(awgn_bpsk_gpu_test);

} // namespace gpufec
} // namespace gr
