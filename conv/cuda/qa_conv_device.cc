/* The public device entry points (conv_device.h) take the CPU engine's decisions: channel
 * values depunctured on the device and decoded by the frame plan, or a stream's complete tiles
 * by the tile plan, against viterbi_decoder_engine on the CPU backend; and they refuse what
 * they cannot do.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/cuda/device_buffer.h"
#include <gnuradio/gpufec/conv/conv_device.h>
#include <gnuradio/gpufec/conv/viterbi.h>
#include <cppunit/extensions/HelperMacros.h>
#include <random>
#include <stdexcept>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

/* Channel values in [-127, 127] (the engines read -128 as -127; the BER tool never makes it). */
std::vector<int8_t> random_values(size_t n, std::mt19937& rng)
{
    std::vector<int8_t> v(n);
    for (auto& x : v)
        x = int8_t(int(rng() % 255) - 127);
    return v;
}

template <typename T>
cuda::device_buffer<T> to_device(const std::vector<T>& h)
{
    cuda::device_buffer<T> d(h.size());
    GPUFEC_CUDA_CHECK(cudaMemcpy(d.get(), h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}

std::vector<uint8_t> to_host(const cuda::device_buffer<uint8_t>& d, size_t n)
{
    std::vector<uint8_t> h(n);
    GPUFEC_CUDA_CHECK(cudaMemcpy(h.data(), d.get(), n, cudaMemcpyDeviceToHost));
    return h;
}

viterbi_options cpu_options()
{
    viterbi_options o;
    o.backend = backend_kind::CPU;
    o.threads = 1;
    return o;
}

} // namespace

class conv_device_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(conv_device_test);
    CPPUNIT_TEST(frames_equal_cpu_engine);
    CPPUNIT_TEST(tiles_equal_cpu_engine);
    CPPUNIT_TEST(refuses_what_it_cannot_do);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override
    {
        CPPUNIT_ASSERT_MESSAGE("the GPU suite needs a CUDA device", cuda_device_count() > 0);
    }

private:
    void frames_equal_cpu_engine()
    {
        std::mt19937 rng(11);
        for (const auto& c : { conv_code::make(7, { 0171, 0133 }, "", termination::TERMINATED, 300),
                               conv_code::make(5, { 023, 035, 037 }, "", termination::TAILBITING, 77),
                               conv_code::make_signed(7, { 0171, -0133 }, "3/4", termination::TRUNCATED, 200) }) {
            const size_t frames = 333, C = c->coded_bits_per_block(), M = c->mother_bits_per_block();
            const auto sent = random_values(frames * C, rng);
            std::vector<uint8_t> expect(frames * c->frame_bits());
            viterbi_decoder_engine(c, cpu_options()).decode_frames(sent.data(), expect.data(), frames);

            const device::conv_depuncture_plan depuncture(*c);
            CPPUNIT_ASSERT_EQUAL(!c->punctured() && !c->any_inverted(), depuncture.identity());
            const device::viterbi_frame_plan plan(*c);
            const auto d_sent = to_device(sent);
            cuda::device_buffer<int8_t> d_llr(frames * M);
            cuda::device_buffer<uint8_t> d_bits(expect.size());
            cuda::device_buffer<uint8_t> work(std::max<size_t>(1, plan.workspace_bytes(frames)));
            depuncture.depuncture(d_sent.get(), d_llr.get(), frames, nullptr);
            plan.decode(d_llr.get(), d_bits.get(), frames, work.get(), work.size(), nullptr);
            CPPUNIT_ASSERT_MESSAGE(c->name(), to_host(d_bits, expect.size()) == expect);
        }
    }

    /* A stream's complete tiles (every step they read held) on each kernel. */
    void tiles_equal_cpu_engine()
    {
        std::mt19937 rng(12);
        const auto c = conv_code::make(7, { 0171, 0133 }, "3/4", termination::STREAMING);
        const viterbi_tiling tiling = viterbi_tiling::defaults(*c);
        const size_t blocks = 30000, C = c->coded_bits_per_block(), M = c->mother_bits_per_block();
        const size_t steps = blocks * c->steps_per_block();
        const size_t tiles = (steps - tiling.after) / tiling.payload;
        const auto sent = random_values(blocks * C, rng);
        viterbi_decoder_engine cpu(c, cpu_options());
        cpu.push(sent.data(), sent.size());
        std::vector<uint8_t> expect(steps);
        const size_t pulled = cpu.pull(expect.data(), expect.size());
        CPPUNIT_ASSERT(pulled >= tiles * tiling.payload);
        expect.resize(tiles * tiling.payload);

        const auto d_sent = to_device(sent);
        cuda::device_buffer<int8_t> d_llr(blocks * M);
        device::conv_depuncture_plan(*c).depuncture(d_sent.get(), d_llr.get(), blocks, nullptr);
        for (auto k : { device::viterbi_kernel::AUTO, device::viterbi_kernel::GENERAL,
                        device::viterbi_kernel::REGISTER, device::viterbi_kernel::DPX }) {
            const device::viterbi_tile_plan plan(*c, tiling, k);
            const auto read = plan.steps_read(0, tiles, steps);
            CPPUNIT_ASSERT_EQUAL(uint64_t(0), read.first);
            CPPUNIT_ASSERT(read.end <= steps);
            cuda::device_buffer<uint8_t> d_bits(expect.size());
            cuda::device_buffer<uint8_t> work(std::max<size_t>(1, plan.workspace_bytes(tiles)));
            plan.decode(d_llr.get(), 0, steps, 0, tiles, d_bits.get(), work.get(), work.size(), nullptr);
            CPPUNIT_ASSERT_MESSAGE(device::viterbi_kernel_name(k), to_host(d_bits, expect.size()) == expect);
        }
    }

    void refuses_what_it_cannot_do()
    {
        const auto streaming = conv_code::make(7, { 0171, 0133 }, "", termination::STREAMING);
        CPPUNIT_ASSERT_THROW(device::viterbi_frame_plan{ *streaming }, std::invalid_argument);
        const viterbi_tiling zero;
        CPPUNIT_ASSERT_THROW((device::viterbi_tile_plan{ *streaming, zero }), std::invalid_argument);
        const device::viterbi_tile_plan plan(*streaming, viterbi_tiling::defaults(*streaming));
        const size_t need = plan.workspace_bytes(64);
        CPPUNIT_ASSERT(need > 0);
        cuda::device_buffer<uint8_t> work(need), bits(64 * 512);
        cuda::device_buffer<int8_t> llr(2 * 64 * 512 + 64);
        CPPUNIT_ASSERT_THROW(plan.decode(llr.get(), 0, 64 * 512 + 32, 0, 64, bits.get(), work.get(), need - 1,
                                         nullptr),
                             std::invalid_argument);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(conv_device_test);

} // namespace gpufec
} // namespace gr
