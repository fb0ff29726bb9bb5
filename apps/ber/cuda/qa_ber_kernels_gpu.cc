/* The BER simulation's device steps against their host definitions: the conv family's device
 * depuncturer against conv::puncturer, hard decisions and error counts against plain loops, and
 * the awgn family's device blocks against awgn_bpsk_generator on the CPU, bit for bit.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ber_kernels.h"
#include "conv/core/conv_puncture.h"
#include "skeleton/common/quantize.h"
#include "skeleton/cuda/device_buffer.h"
#include <gnuradio/gpufec/awgn/awgn_device.h>
#include <gnuradio/gpufec/conv/conv_code.h>
#include <gnuradio/gpufec/conv/conv_device.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

template <typename T>
cuda::device_buffer<T> to_device(const std::vector<T>& h)
{
    cuda::device_buffer<T> d(h.size());
    GPUFEC_CUDA_CHECK(cudaMemcpy(d.get(), h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}

template <typename T>
std::vector<T> to_host(const cuda::device_buffer<T>& d, size_t n)
{
    std::vector<T> h(n);
    GPUFEC_CUDA_CHECK(cudaMemcpy(h.data(), d.get(), n * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
}

} // namespace

class ber_kernels_gpu_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(ber_kernels_gpu_test);
    CPPUNIT_TEST(depuncture_equals_puncturer);
    CPPUNIT_TEST(hard_decisions_equal_host);
    CPPUNIT_TEST(frame_errors_equal_host);
    CPPUNIT_TEST(coded_blocks_equal_cpu_generator);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override
    {
        CPPUNIT_ASSERT_MESSAGE("the GPU suite needs a CUDA device", cuda_device_count() > 0);
    }

private:
    void depuncture_equals_puncturer()
    {
        std::mt19937 rng(3);
        for (const auto& c : { conv_code::make(7, { 0171, 0133 }, "3/4", termination::TERMINATED, 1000),
                               conv_code::make(7, { 0171, 0133 }, "7/8", termination::STREAMING),
                               conv_code::make(5, { 023, 035, 037 }, "110101", termination::TAILBITING, 77),
                               conv_code::make_signed(7, { 0171, -0133 }, "3/4", termination::TERMINATED, 1000),
                               conv_code::make_signed(7, { -0133, 0171 }, "", termination::STREAMING) }) {
            const size_t M = c->mother_bits_per_block(), C = c->coded_bits_per_block();
            const size_t blocks = 1 + (size_t(1) << 20) / M;
            std::vector<int8_t> in(blocks * C);
            for (auto& x : in)
                x = int8_t(int(rng() % 255) - 127);
            std::vector<int8_t> expect(blocks * M);
            const conv::puncturer p(c->puncture_pattern(), c->inverted());
            for (size_t b = 0; b < blocks; ++b)
                p.depuncture(in.data() + b * C, M, 0, expect.data() + b * M);
            const auto d_in = to_device(in);
            cuda::device_buffer<int8_t> d_out(expect.size());
            device::conv_depuncture_plan(*c).depuncture(d_in.get(), d_out.get(), blocks, nullptr);
            CPPUNIT_ASSERT_MESSAGE(c->name(), to_host(d_out, expect.size()) == expect);
        }
    }

    void hard_decisions_equal_host()
    {
        std::mt19937 rng(5);
        std::normal_distribution<float> z(0.0f, 1.0f);
        std::vector<float> soft(3000017);
        for (auto& x : soft)
            x = z(rng);
        const float special[] = { 0.0f, -0.0f, std::numeric_limits<float>::denorm_min(),
                                  -std::numeric_limits<float>::denorm_min(), std::nanf(""),
                                  std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity() };
        std::copy(std::begin(special), std::end(special), soft.begin());
        std::vector<uint8_t> expect(soft.size());
        for (size_t i = 0; i < soft.size(); ++i)
            expect[i] = soft[i] > 0;
        const auto d_soft = to_device(soft);
        cuda::device_buffer<uint8_t> d_bits(soft.size());
        cuda::launch_hard_decisions(d_soft.get(), d_bits.get(), soft.size(), nullptr);
        CPPUNIT_ASSERT(to_host(d_bits, soft.size()) == expect);
    }

    void frame_errors_equal_host()
    {
        std::mt19937 rng(7);
        for (size_t F : { size_t(1), size_t(31), size_t(33), size_t(2048), size_t(100003) }) {
            const size_t frames = std::max<size_t>(3, (size_t(1) << 22) / F);
            std::vector<uint8_t> info(frames * F), decoded(frames * F);
            for (size_t i = 0; i < info.size(); ++i) {
                info[i] = rng() & 1;
                decoded[i] = rng() % 3000 == 0 ? info[i] ^ 1 : info[i]; // sparse errors
            }
            decoded[0] = info[0] ^ 1;                          // frame 0 has errors,
            std::copy_n(info.begin() + F, F, decoded.begin() + F); // frame 1 none
            std::vector<uint32_t> per(frames);
            unsigned long long bits = 0, errs = 0;
            for (size_t f = 0; f < frames; ++f) {
                for (size_t i = 0; i < F; ++i)
                    per[f] += info[f * F + i] != decoded[f * F + i];
                bits += per[f];
                errs += per[f] != 0;
            }
            const auto d_info = to_device(info), d_dec = to_device(decoded);
            cuda::device_buffer<uint32_t> d_per(frames);
            cuda::device_buffer<unsigned long long> d_tot(2);
            GPUFEC_CUDA_CHECK(cudaMemset(d_tot.get(), 0xff, 2 * sizeof(unsigned long long)));
            cuda::launch_count_frame_errors(d_info.get(), d_dec.get(), F, frames, d_per.get(), d_tot.get(), nullptr);
            const auto tot = to_host(d_tot, 2);
            const std::string what = "frame_bits " + std::to_string(F);
            CPPUNIT_ASSERT_MESSAGE(what, bits > 0 && errs < frames);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, bits, tot[0]);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, errs, tot[1]);
            CPPUNIT_ASSERT_MESSAGE(what, to_host(d_per, frames) == per);
        }
    }

    void coded_blocks_equal_cpu_generator()
    {
        const awgn_noise noise = awgn_noise::from_snr(2.0, snr_kind::EBN0, 0.5);
        for (const auto& c : { conv_code::make(7, { 0171, 0133 }, "3/4", termination::STREAMING),
                               conv_code::make(7, { 0171, 0133 }, "", termination::TERMINATED, 500) }) {
            const size_t k = c->info_bits_per_block(), n = c->coded_bits_per_block();
            const size_t hist = c->history_bits();
            const size_t total = 3000;
            awgn_bpsk_generator gen(c, noise, soft_output::LLR, 21, backend_kind::CPU);
            std::vector<uint8_t> info(total * k);
            std::vector<float> soft(total * n);
            gen.generate(total, info.data(), soft.data());
            for (uint64_t first : { uint64_t(0), uint64_t(1), uint64_t(1234) }) {
                const size_t blocks = 1700;
                cuda::device_buffer<uint8_t> d_info(hist + blocks * k), d_coded(blocks * n);
                cuda::device_buffer<float> d_soft(blocks * n);
                device::awgn_coded_blocks(*c, first, blocks, 21, noise, soft_output::LLR, d_info.get(),
                                          d_coded.get(), d_soft.get(), nullptr);
                const auto h_info = to_host(d_info, hist + blocks * k);
                const auto h_soft = to_host(d_soft, blocks * n);
                const std::string what = c->name() + " from block " + std::to_string(first);
                for (size_t i = 0; i < hist; ++i) { // the history: earlier bits, zeros before 0
                    const int64_t bit = int64_t(first * k) - int64_t(hist) + int64_t(i);
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(what, bit < 0 ? uint8_t(0) : info[size_t(bit)], h_info[i]);
                }
                CPPUNIT_ASSERT_MESSAGE(what, std::equal(h_info.begin() + hist, h_info.end(), info.begin() + first * k));
                CPPUNIT_ASSERT_MESSAGE(what, std::memcmp(h_soft.data(), soft.data() + first * n,
                                                         h_soft.size() * sizeof(float)) == 0);
                // Quantized in the same pass: the host's quantizer on the same values (a scale
                // that clamps many of them, and an odd block count for unaligned ends).
                for (float scale : { 8.0f, 40.0f }) {
                    cuda::device_buffer<int8_t> d_llr(blocks * n);
                    device::awgn_coded_blocks(*c, first, blocks - 1, 21, noise, soft_output::LLR,
                                              d_info.get(), d_coded.get(), d_llr.get(), scale, nullptr);
                    const auto h_llr = to_host(d_llr, (blocks - 1) * n);
                    for (size_t i = 0; i < h_llr.size(); ++i)
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(what + " int8 value " + std::to_string(i),
                                                     int(quantize_llr(h_soft[i], scale)), int(h_llr[i]));
                }
            }
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ber_kernels_gpu_test);

} // namespace gpufec
} // namespace gr
