/* The CUDA LTE turbo decoder with 16-bit metrics takes the CPU twin's decisions bit for bit
 * (hard decisions, a-posteriori LLRs and iterations used): every split and guard, every thread
 * mapping and layout, early stop, the int8 extremes and saturated blocks, batches over several
 * launches and one block alone, all 188 block sizes; and it refuses what it does not do.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/backend_factory.h"
#include "lte/core/lte_turbo_backend.h"
#include "skeleton/cuda/device_buffer.h"
#include "qa_lte_turbo_gpu_util.h"
#include "lte_turbo_kernels.h"
#include "lte_turbo_tables.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <gnuradio/gpufec/lte/lte_turbo.h>
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

using namespace qa_turbo_gpu;

constexpr float llr_scale = 8.0f;

lte_turbo_params int16(unsigned P, unsigned g, early_stop stop = early_stop::NONE)
{
    lte_turbo_params p;
    p.metrics = turbo_metrics::INT16;
    p.subblocks = P;
    p.guard = g;
    p.stop = stop;
    return p;
}

/* n blocks of random bits over BPSK/AWGN at Eb/N0, quantized as the engine does. */
std::vector<int8_t> noisy(const lte_turbo_code_sptr& code, size_t n, double ebn0, uint64_t seed,
                          std::vector<uint8_t>* info = nullptr)
{
    awgn_bpsk_generator gen(code, awgn_noise::from_snr(ebn0, snr_kind::EBN0, code->rate()), soft_output::LLR, seed,
                            backend_kind::CPU);
    std::vector<uint8_t> bits(n * code->K());
    std::vector<float> llr(n * code->coded_bits_per_block());
    gen.generate(n, bits.data(), llr.data());
    std::vector<int8_t> q(llr.size());
    for (size_t i = 0; i < q.size(); ++i)
        q[i] = int8_t(std::max(-127.0f, std::min(127.0f, std::nearbyint(llr_scale * llr[i]))));
    if (info)
        *info = bits;
    return q;
}

/* Through the backend factory, as the engine builds a backend (max_batch 0: its default). */
decoded run(backend_kind kind, const lte_turbo_code& code, const lte_turbo_params& p, const std::vector<int8_t>& q,
            size_t max_batch = 0)
{
    decoder_options o;
    o.max_batch = max_batch;
    auto be = make_backend(resolve_backend(kind), make_lte_turbo_cpu, code, p, o);
    const size_t N = code.coded_bits_per_block(), n = q.size() / N, K = code.K();
    decoded d{ std::vector<uint8_t>(n * K, 0xee), std::vector<float>(n * K, -7.0f), std::vector<int>(n, -1) };
    for (size_t b = 0; b < n; b += be->max_batch()) {
        const size_t cnt = std::min(be->max_batch(), n - b);
        be->decode_quantized(q.data() + b * N, llr_scale, cnt, d.bits.data() + b * K, d.app.data() + b * K,
                             d.iterations.data() + b);
    }
    return d;
}

/* The kernel alone, with a chosen thread mapping and layout. */
decoded run_kernel(const lte_turbo_code& code, const lte_turbo_params& p, const std::vector<int8_t>& q,
                   const cuda::turbo_launch_config& cfg)
{
    const size_t K = code.K(), n = q.size() / code.coded_bits_per_block();
    const cuda::turbo_tables tables(code);
    const cuda::turbo_code_shape shape = tables.shape(p);
    cuda::device_buffer<int8_t> d_q(q.size());
    cuda::device_buffer<float> d_app(n * K);
    cuda::device_buffer<uint8_t> d_bits(n * K);
    cuda::device_buffer<int> d_it(n);
    GPUFEC_CUDA_CHECK(cudaMemcpy(d_q.get(), q.data(), q.size(), cudaMemcpyHostToDevice));
    cuda::device_buffer<uint8_t> work(cuda::turbo_workspace_bytes(shape, n));
    cuda::launch_turbo_decode(shape, d_q.get(), llr_scale, n, d_bits.get(), d_app.get(), d_it.get(), work.get(),
                              work.size(), nullptr, cfg);
    decoded d{ std::vector<uint8_t>(n * K), std::vector<float>(n * K), std::vector<int>(n) };
    GPUFEC_CUDA_CHECK(cudaMemcpy(d.bits.data(), d_bits.get(), n * K, cudaMemcpyDeviceToHost));
    GPUFEC_CUDA_CHECK(cudaMemcpy(d.app.data(), d_app.get(), n * K * 4, cudaMemcpyDeviceToHost));
    GPUFEC_CUDA_CHECK(cudaMemcpy(d.iterations.data(), d_it.get(), n * sizeof(int), cudaMemcpyDeviceToHost));
    return d;
}

std::string describe(size_t K, const lte_turbo_params& p, const std::string& what)
{
    return "int16 K=" + std::to_string(K) + " P=" + std::to_string(p.subblocks) + " g=" + std::to_string(p.guard) +
           " stop " + early_stop_name(p.stop) + " " + what;
}

/* Blocks of random bits sent noise-free at the largest int8 magnitude. */
std::vector<int8_t> saturated(const lte_turbo_code& code, size_t n, std::mt19937& rng, std::vector<uint8_t>& info)
{
    info.resize(n * code.K());
    for (auto& b : info)
        b = rng() & 1u;
    std::vector<int8_t> q;
    for (uint8_t v : lte_turbo_encode(code, info))
        q.push_back(v ? 127 : -127);
    return q;
}

} // namespace

class turbo_gpu_int16_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(turbo_gpu_int16_test);
    CPPUNIT_TEST(splits_equal_cpu);
    CPPUNIT_TEST(every_mapping_and_layout_equals_cpu);
    CPPUNIT_TEST(early_stop_equals_cpu);
    CPPUNIT_TEST(extremes_and_saturation_equal_cpu);
    CPPUNIT_TEST(batches_and_one_block_alone);
    CPPUNIT_TEST(every_block_size_noise_free);
    CPPUNIT_TEST(refuses_what_it_does_not_do);
    CPPUNIT_TEST_SUITE_END();

    void splits_equal_cpu()
    {
        for (long K : { 40L, 1056L, 6144L }) {
            const auto code = lte_turbo_code::make(K);
            const auto q = noisy(code, 6, 0.6, uint64_t(K));
            for (const auto& p : { int16(1, 0), int16(2, 0), int16(8, 4), int16(unsigned(K) / 40, 16) })
                expect_same(run(backend_kind::CPU, *code, p, q), run(backend_kind::CUDA, *code, p, q),
                            describe(size_t(K), p, "noisy"));
        }
    }

    void every_mapping_and_layout_equals_cpu()
    {
        const auto code = lte_turbo_code::make(6144);
        const auto q = noisy(code, 4, 0.6, 3);
        for (const auto& p : { int16(1, 0), int16(64, 8), int16(128, 16), int16(192, 32), int16(384, 16) }) {
            const decoded cpu = run(backend_kind::CPU, *code, p, q);
            for (unsigned T : { 1u, 2u, 4u })
                for (auto layout : { cuda::turbo_layout::GLOBAL, cuda::turbo_layout::SHARED })
                    expect_same(cpu, run_kernel(*code, p, q, { T, layout, cuda::turbo_kernel::BLOCK }),
                                describe(6144, p, "T=" + std::to_string(T) +
                                                      (layout == cuda::turbo_layout::SHARED ? " shared" : " global")));
        }
    }

    /* HARD and CRC24B stops at a point where blocks stop after different iteration counts. */
    void early_stop_equals_cpu()
    {
        std::mt19937 rng(9);
        const auto code = lte_turbo_code::make(1056);
        std::vector<uint8_t> info;
        std::vector<int8_t> q;
        const double sigma = awgn_noise::from_snr(0.8, snr_kind::EBN0, code->rate()).sigma;
        std::normal_distribution<double> z(0.0, sigma);
        for (int b = 0; b < 12; ++b) {
            std::vector<uint8_t> a(code->K() - 24);
            for (auto& v : a)
                v = rng() & 1u;
            a = lte_crc_attach(a, "24B");
            for (uint8_t v : lte_turbo_encode(*code, a)) {
                const double llr = 2.0 * ((v ? 1.0 : -1.0) + z(rng)) / (sigma * sigma);
                q.push_back(int8_t(std::max(-127.0, std::min(127.0, std::nearbyint(llr_scale * llr)))));
            }
        }
        for (early_stop stop : { early_stop::HARD, early_stop::CRC24B })
            for (const auto& p : { int16(1, 0, stop), int16(22, 8, stop) }) {
                const decoded cpu = run(backend_kind::CPU, *code, p, q);
                CPPUNIT_ASSERT(*std::min_element(cpu.iterations.begin(), cpu.iterations.end()) < p.iterations);
                expect_same(cpu, run(backend_kind::CUDA, *code, p, q), describe(1056, p, "early stop"));
                expect_same(cpu, run_kernel(*code, p, q, { 2, cuda::turbo_layout::GLOBAL, cuda::turbo_kernel::BLOCK }),
                            describe(1056, p, "early stop, T=2 global"));
            }
    }

    /* -128 (read as -127), 127, 0 scattered over a noisy block; saturated noise-free blocks
     * over 32 iterations with scaling 1 (the largest extrinsics: clamped at +-1023). */
    void extremes_and_saturation_equal_cpu()
    {
        std::mt19937 rng(6);
        const auto code = lte_turbo_code::make(2048);
        auto q = noisy(code, 4, 0.4, 5);
        const int8_t odd[] = { -128, 127, -127, 0 };
        for (size_t i = 0; i < q.size(); i += 1 + rng() % 17)
            q[i] = odd[rng() % 4];
        for (const auto& p : { int16(1, 0), int16(32, 8) })
            expect_same(run(backend_kind::CPU, *code, p, q), run(backend_kind::CUDA, *code, p, q),
                        describe(2048, p, "extremes"));

        const auto big = lte_turbo_code::make(6144);
        std::vector<uint8_t> info;
        const auto sat = saturated(*big, 2, rng, info);
        for (auto p : { int16(1, 0), int16(64, 8) }) {
            p.iterations = 32;
            p.scaling = 1.0f;
            const decoded gpu = run(backend_kind::CUDA, *big, p, sat);
            CPPUNIT_ASSERT_EQUAL(size_t(0), errors(gpu.bits, info));
            expect_same(run(backend_kind::CPU, *big, p, sat), gpu, describe(6144, p, "saturated"));
        }
    }

    /* A call cut into chunks round the slot ring and several backend calls; one block alone
     * (the low-latency mapping and the shared layout). */
    void batches_and_one_block_alone()
    {
        const auto code = lte_turbo_code::make(512);
        const auto q = noisy(code, 300, 0.5, 11);
        const auto p = int16(8, 4);
        const decoded cpu = run(backend_kind::CPU, *code, p, q);
        expect_same(cpu, run(backend_kind::CUDA, *code, p, q, 70), describe(512, p, "batches of 70"));
        const std::vector<int8_t> one(q.begin(), q.begin() + long(code->coded_bits_per_block()));
        const decoded first{ std::vector<uint8_t>(cpu.bits.begin(), cpu.bits.begin() + 512),
                             std::vector<float>(cpu.app.begin(), cpu.app.begin() + 512),
                             std::vector<int>(1, cpu.iterations[0]) };
        expect_same(first, run(backend_kind::CUDA, *code, p, one), describe(512, p, "one block"));
    }

    void every_block_size_noise_free()
    {
        std::mt19937 rng(8);
        for (size_t K : lte_turbo_code::block_sizes()) {
            const auto code = lte_turbo_code::make(long(K));
            std::vector<uint8_t> info(K);
            for (auto& b : info)
                b = rng() & 1u;
            std::vector<int8_t> q;
            for (uint8_t v : lte_turbo_encode(*code, info))
                q.push_back(v ? 32 : -32);
            const lte_turbo_params p = int16(4, 2);
            const decoded gpu = run(backend_kind::CUDA, *code, p, q, 1);
            CPPUNIT_ASSERT_EQUAL_MESSAGE("K=" + std::to_string(K), size_t(0), errors(gpu.bits, info));
            expect_same(run(backend_kind::CPU, *code, p, q), gpu, describe(K, p, "noise-free"));
        }
    }

    void refuses_what_it_does_not_do()
    {
        const auto code = lte_turbo_code::make(6144);
        const auto q = noisy(code, 1, 1.0, 1);
        cuda::turbo_launch_config cl;
        cl.kernel = cuda::turbo_kernel::CLUSTER;
        CPPUNIT_ASSERT_THROW(run_kernel(*code, int16(384, 16), q, cl), std::invalid_argument);
        // float LLRs with 16-bit metrics, int8 values with float metrics
        const cuda::turbo_tables tables(*code);
        cuda::device_buffer<float> llr(q.size());
        cuda::device_buffer<uint8_t> bits(code->K()), work(1);
        CPPUNIT_ASSERT_THROW(cuda::launch_turbo_decode(tables.shape(int16(1, 0)), llr.get(), 1, bits.get(), nullptr,
                                                       nullptr, work.get(), work.size(), nullptr),
                             std::invalid_argument);
        lte_turbo_params f;
        f.subblocks = 1;
        CPPUNIT_ASSERT_THROW(cuda::launch_turbo_decode(tables.shape(f), reinterpret_cast<const int8_t*>(llr.get()),
                                                       llr_scale, 1, bits.get(), nullptr, nullptr, work.get(),
                                                       work.size(), nullptr),
                             std::invalid_argument);
        // the kernel reads four values at a time: a start off that alignment is refused
        CPPUNIT_ASSERT_THROW(cuda::launch_turbo_decode(tables.shape(int16(1, 0)),
                                                       reinterpret_cast<const int8_t*>(llr.get()) + 1, llr_scale, 1,
                                                       bits.get(), nullptr, nullptr, work.get(), work.size(), nullptr),
                             std::invalid_argument);
        CPPUNIT_ASSERT_THROW(cuda::launch_turbo_decode(tables.shape(f), llr.get() + 1, 1, bits.get(), nullptr,
                                                       nullptr, work.get(), work.size(), nullptr),
                             std::invalid_argument);
        auto be = make_backend(resolve_backend(backend_kind::CUDA), make_lte_turbo_cpu, *code, int16(1, 0),
                               decoder_options());
        std::vector<float> fl(q.size());
        std::vector<uint8_t> out(code->K());
        CPPUNIT_ASSERT_THROW(be->decode(fl.data(), 1, out.data(), nullptr, nullptr), std::logic_error);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(turbo_gpu_int16_test);

} // namespace gpufec
} // namespace gr
