/* The public device entry point (lte_device.h) takes the CPU engine's decisions (max-log-MAP,
 * bit for bit), with the default launch and with each kernel forced.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/cuda/device_buffer.h"
#include <gnuradio/gpufec/lte/lte_device.h>
#include <gnuradio/gpufec/lte/lte_turbo.h>
#include <cppunit/extensions/HelperMacros.h>
#include <random>
#include <stdexcept>
#include <vector>

namespace gr {
namespace gpufec {

class lte_device_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(lte_device_test);
    CPPUNIT_TEST(plan_equals_cpu_engine);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override
    {
        CPPUNIT_ASSERT_MESSAGE("the GPU suite needs a CUDA device", cuda_device_count() > 0);
    }

private:
    void plan_equals_cpu_engine()
    {
        const auto code = lte_turbo_code::make(1024);
        lte_turbo_params p; // 6 iterations, max-log-MAP
        p.subblocks = 16;
        p.guard = 16;
        const size_t n = 50, N = code->coded_bits_per_block(), K = code->K();
        std::mt19937 rng(21);
        std::normal_distribution<float> z(0.0f, 3.0f);
        std::vector<float> llr(n * N);
        for (auto& x : llr)
            x = z(rng);
        decoder_options o;
        o.backend = backend_kind::CPU;
        std::vector<uint8_t> expect(n * K);
        lte_turbo_decoder_engine(code, lte_turbo_options(o, p)).decode_frames(llr.data(), expect.data(), n);

        cuda::device_buffer<float> d_llr(llr.size());
        GPUFEC_CUDA_CHECK(cudaMemcpy(d_llr.get(), llr.data(), llr.size() * sizeof(float), cudaMemcpyHostToDevice));
        cuda::device_buffer<uint8_t> d_bits(n * K);
        device::lte_turbo_launch block;
        block.kernel = device::lte_turbo_kernel::BLOCK;
        for (const auto& launch : { device::lte_turbo_launch{}, block }) {
            const device::lte_turbo_plan plan(*code, p, launch);
            cuda::device_buffer<uint8_t> work(plan.workspace_bytes(n));
            plan.decode(d_llr.get(), n, d_bits.get(), nullptr, nullptr, work.get(), work.size(), nullptr);
            std::vector<uint8_t> got(n * K);
            GPUFEC_CUDA_CHECK(cudaMemcpy(got.data(), d_bits.get(), got.size(), cudaMemcpyDeviceToHost));
            CPPUNIT_ASSERT(got == expect);
        }
        p.guard = 1000; // more than K / subblocks
        CPPUNIT_ASSERT_THROW((device::lte_turbo_plan{ *code, p }), std::invalid_argument);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(lte_device_test);

} // namespace gpufec
} // namespace gr
