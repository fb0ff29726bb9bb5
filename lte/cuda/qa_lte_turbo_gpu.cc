/* The CUDA LTE turbo decoder takes the CPU decoder's decisions: max-log-MAP bit for bit (hard
 * decisions, a-posteriori LLRs and iterations used) for every sub-block split and guard, every
 * thread mapping and layout of the kernel, batches over several launches and one block alone;
 * log-MAP statistically. Both backends are built through the backend factory, as an engine
 * builds them.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/backend_factory.h"
#include "lte/core/lte_turbo_backend.h"
#include "skeleton/cuda/device_buffer.h"
#include "skeleton/cuda/device_caps.h"
#include "skeleton/test/qa_expect.h"
#include "skeleton/test/qa_ptx_jit.h"
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
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

using namespace qa_turbo_gpu;

struct channel {
    std::vector<uint8_t> info;
    std::vector<float> llr;
};

/* n blocks of random bits over BPSK/AWGN at Eb/N0 (the CPU generator: a fixed stream). */
channel noisy(const lte_turbo_code_sptr& code, size_t n, double ebn0, uint64_t seed)
{
    awgn_bpsk_generator gen(code, awgn_noise::from_snr(ebn0, snr_kind::EBN0, code->rate()),
                            soft_output::LLR, seed, backend_kind::CPU);
    channel c{ std::vector<uint8_t>(n * code->K()), std::vector<float>(n * code->coded_bits_per_block()) };
    gen.generate(n, c.info.data(), c.llr.data());
    return c;
}

/* n blocks whose last 24 bits are the CRC (@p kind: "24A" or "24B") of the rest, over
 * BPSK/AWGN (the generator draws its information bits itself, so the noise is drawn here). */
channel noisy_with_crc(const lte_turbo_code& code, size_t n, const std::string& kind, double ebn0, std::mt19937& rng)
{
    const double sigma = awgn_noise::from_snr(ebn0, snr_kind::EBN0, code.rate()).sigma;
    std::normal_distribution<double> z(0.0, sigma);
    channel c;
    for (size_t b = 0; b < n; ++b) {
        std::vector<uint8_t> a(code.K() - 24);
        for (auto& v : a)
            v = rng() & 1u;
        a = lte_crc_attach(a, kind);
        c.info.insert(c.info.end(), a.begin(), a.end());
        for (uint8_t v : lte_turbo_encode(code, a))
            c.llr.push_back(float(2.0 * ((v ? 1.0 : -1.0) + z(rng)) / (sigma * sigma)));
    }
    return c;
}

decoded run(backend_kind kind, const lte_turbo_code& code, const lte_turbo_params& p,
            const std::vector<float>& llr, size_t max_batch = 0)
{
    decoder_options o;
    o.max_batch = max_batch;
    auto be = make_backend(resolve_backend(kind), make_lte_turbo_cpu, code, p, o);
    const size_t n = llr.size() / code.coded_bits_per_block(), K = code.K();
    decoded d{ std::vector<uint8_t>(n * K, 0xee), std::vector<float>(n * K, -7.0f), std::vector<int>(n, -1) };
    for (size_t b = 0; b < n; b += be->max_batch()) {
        const size_t cnt = std::min(be->max_batch(), n - b);
        be->decode(llr.data() + b * code.coded_bits_per_block(), cnt, d.bits.data() + b * K,
                   d.app.data() + b * K, d.iterations.data() + b);
    }
    return d;
}

/* The kernel alone, with a chosen thread mapping and layout. */
decoded run_kernel(const lte_turbo_code& code, const lte_turbo_params& p, const std::vector<float>& llr,
                   const cuda::turbo_launch_config& cfg)
{
    const size_t K = code.K(), n = llr.size() / code.coded_bits_per_block();
    const cuda::turbo_tables tables(code);
    const cuda::turbo_code_shape shape = tables.shape(p);
    cuda::device_buffer<float> d_llr(llr.size()), d_app(n * K);
    cuda::device_buffer<uint8_t> d_bits(n * K);
    cuda::device_buffer<int> d_it(n);
    GPUFEC_CUDA_CHECK(cudaMemcpy(d_llr.get(), llr.data(), llr.size() * 4, cudaMemcpyHostToDevice));
    cuda::device_buffer<uint8_t> work(cuda::turbo_workspace_bytes(shape, n));
    cuda::launch_turbo_decode(shape, d_llr.get(), n, d_bits.get(), d_app.get(), d_it.get(), work.get(),
                              work.size(), nullptr, cfg);
    decoded d{ std::vector<uint8_t>(n * K), std::vector<float>(n * K), std::vector<int>(n) };
    GPUFEC_CUDA_CHECK(cudaMemcpy(d.bits.data(), d_bits.get(), n * K, cudaMemcpyDeviceToHost));
    GPUFEC_CUDA_CHECK(cudaMemcpy(d.app.data(), d_app.get(), n * K * 4, cudaMemcpyDeviceToHost));
    GPUFEC_CUDA_CHECK(cudaMemcpy(d.iterations.data(), d_it.get(), n * sizeof(int), cudaMemcpyDeviceToHost));
    return d;
}

std::string describe(size_t K, const lte_turbo_params& p, const std::string& what)
{
    return "K=" + std::to_string(K) + " P=" + std::to_string(p.subblocks) + " g=" +
           std::to_string(p.guard) + " " + turbo_algorithm_name(p.algorithm) + " stop " +
           early_stop_name(p.stop) + " " + what;
}

/* The cluster kernel with C thread blocks a code block (0: automatic) and T threads a window. */
cuda::turbo_launch_config cluster(unsigned C, unsigned T)
{
    cuda::turbo_launch_config c;
    c.kernel = cuda::turbo_kernel::CLUSTER;
    c.cluster_size = C;
    c.threads_per_window = T;
    return c;
}

lte_turbo_params split(unsigned P, unsigned g)
{
    lte_turbo_params p;
    p.subblocks = P;
    p.guard = g;
    return p;
}

} // namespace

class turbo_gpu_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(turbo_gpu_test);
    CPPUNIT_TEST(whole_block_equals_cpu);
    CPPUNIT_TEST(subblocks_equal_cpu);
    CPPUNIT_TEST(every_mapping_and_layout_equals_cpu);
    CPPUNIT_TEST(batches_over_several_launches);
    CPPUNIT_TEST(one_block_alone);
    CPPUNIT_TEST(clusters_where_the_image_has_them);
    CPPUNIT_TEST(cluster_kernel_equals_cpu);
    CPPUNIT_TEST(cluster_kernel_odd_and_saturated_inputs);
    CPPUNIT_TEST(early_stop_equals_cpu);
    CPPUNIT_TEST(odd_inputs_equal_cpu);
    CPPUNIT_TEST(saturated_inputs_equal_cpu);
    CPPUNIT_TEST(every_block_size_noise_free);
    CPPUNIT_TEST(bad_config_throws);
    CPPUNIT_TEST(int8_input_on_the_device_equals_cpu);
    CPPUNIT_TEST_SUITE_END();

    /* Int8 input through the engine: the CUDA backend copies it as int8 and converts it on the
     * device (a table of the engine's host conversion), the CPU backend gets the host's floats;
     * the same bits, a-posteriori LLRs, iterations and CRC verdicts for several scales (0.01:
     * every value beyond the LLR limit), inversion, the extremes -128 and 127, and calls cut
     * into several chunks round the slot ring and into several backend calls. */
    void int8_input_on_the_device_equals_cpu()
    {
        const auto code = lte_turbo_code::make(1056);
        const size_t n = 7, K = code->K();
        const channel ch = noisy(code, n, 0.5, 21);
        std::vector<int8_t> q(ch.llr.size());
        for (size_t i = 0; i < q.size(); ++i)
            q[i] = int8_t(std::max(-128.0f, std::min(127.0f, std::nearbyint(5.0f * ch.llr[i]))));
        q[0] = -128;
        q[1] = 127;
        q[2] = 0;
        for (const float scale : { 8.0f, 3.0f, 0.01f })
            for (const bool invert : { false, true }) {
                decoded out[2];
                std::vector<lte_turbo_block_status> status[2];
                for (int gpu = 0; gpu < 2; ++gpu) {
                    decoder_options o;
                    o.backend = gpu ? backend_kind::CUDA : backend_kind::CPU;
                    o.input = soft_type::INT8;
                    o.llr_scale = scale;
                    o.invert = invert;
                    o.max_batch = 3; // calls of 3, 3 and 1 blocks; the GPU's in chunks of 2
                    lte_turbo_decoder_engine e(code, lte_turbo_options(o, split(16, 8)));
                    out[gpu] = { std::vector<uint8_t>(n * K, 0xee), std::vector<float>(n * K, -7.0f),
                                 std::vector<int>(n, -1) };
                    status[gpu].resize(n);
                    e.decode_frames(q.data(), out[gpu].bits.data(), n, out[gpu].app.data(),
                                    status[gpu].data());
                    for (size_t b = 0; b < n; ++b)
                        out[gpu].iterations[b] = status[gpu][b].iterations;
                }
                const std::string what = "int8 scale " + std::to_string(scale) + (invert ? " inverted" : "");
                expect_same(out[0], out[1], what);
                for (size_t b = 0; b < n; ++b)
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(what + ": CRC of block " + std::to_string(b),
                                                 status[0][b].crc_pass, status[1][b].crc_pass);
                // The values were read as LLRs of the right sign: most decisions are right
                // (not where every value saturates: that is the raw channel's 19 % error rate).
                if (!invert && scale > 1.0f)
                    CPPUNIT_ASSERT_MESSAGE(what, errors(out[1].bits, ch.info) < n * K / 10);
            }
    }

    /* P = 1: the exact whole-block decoder, at an Eb/N0 where many blocks fail. */
    void whole_block_equals_cpu()
    {
        for (long K : { 40L, 104L, 1008L, 1056L, 6144L }) {
            const auto code = lte_turbo_code::make(K);
            const channel ch = noisy(code, K == 6144 ? 6 : 24, 0.0, uint64_t(K));
            const lte_turbo_params p = split(1, 0);
            const decoded cpu = run(backend_kind::CPU, *code, p, ch.llr);
            CPPUNIT_ASSERT_MESSAGE("some decisions must be wrong at 0 dB", errors(cpu.bits, ch.info) > 0);
            expect_same(cpu, run(backend_kind::CUDA, *code, p, ch.llr), describe(K, p, "backend"));
        }
    }

    /* PIVI (g = 0) and PIVI-DSTW at several splits, equal windows or not; a batch of 140 blocks
     * fills an H100's 132 multiprocessors (the full-batch layout). */
    void subblocks_equal_cpu()
    {
        const struct {
            long K;
            unsigned P, g;
            size_t n;
        } cases[] = { { 6144, 64, 8, 140 }, { 6144, 64, 0, 24 }, { 6144, 96, 16, 24 },
                      { 6144, 192, 32, 140 }, { 6144, 8, 48, 8 }, { 6144, 1024, 6, 8 },
                      { 1056, 5, 3, 140 },   { 1056, 33, 32, 40 }, { 40, 40, 1, 150 },
                      { 40, 3, 13, 40 },     { 512, 7, 0, 40 },    { 2112, 128, 16, 40 } };
        for (const auto& c : cases) {
            const auto code = lte_turbo_code::make(c.K);
            const channel ch = noisy(code, c.n, 0.3, uint64_t(c.K) + c.P);
            const lte_turbo_params p = split(c.P, c.g);
            expect_same(run(backend_kind::CPU, *code, p, ch.llr), run(backend_kind::CUDA, *code, p, ch.llr),
                        describe(c.K, p, "backend, " + std::to_string(c.n) + " blocks"));
        }
    }

    /* The kernel's thread mappings (1, 2, 4 threads a window) and layouts take the same
     * decisions, whatever the batch. */
    void every_mapping_and_layout_equals_cpu()
    {
        const struct {
            long K;
            unsigned P, g;
        } cases[] = { { 6144, 64, 8 }, { 6144, 1, 0 }, { 6144, 192, 32 }, { 1056, 5, 3 }, { 40, 40, 1 }, { 200, 3, 2 } };
        for (const auto& c : cases) {
            const auto code = lte_turbo_code::make(c.K);
            const channel ch = noisy(code, c.K == 6144 ? 5 : 17, 0.2, 11);
            const lte_turbo_params p = split(c.P, c.g);
            const decoded cpu = run(backend_kind::CPU, *code, p, ch.llr);
            for (unsigned T : { 1u, 2u, 4u })
                for (cuda::turbo_layout l : { cuda::turbo_layout::GLOBAL, cuda::turbo_layout::SHARED })
                    expect_same(cpu, run_kernel(*code, p, ch.llr, { T, l, cuda::turbo_kernel::BLOCK }),
                                describe(c.K, p, "kernel, T=" + std::to_string(T) +
                                                     (l == cuda::turbo_layout::SHARED ? " shared" : " global")));
        }
    }

    /* max_batch 7: a call of 50 blocks is several chunks, each its own launch. */
    void batches_over_several_launches()
    {
        const auto code = lte_turbo_code::make(1056);
        const channel ch = noisy(code, 50, 0.4, 5);
        const lte_turbo_params p = split(16, 8);
        expect_same(run(backend_kind::CPU, *code, p, ch.llr), run(backend_kind::CUDA, *code, p, ch.llr, 7),
                    describe(1056, p, "max_batch 7"));
    }

    /* One block per call: the low-latency mode. */
    void one_block_alone()
    {
        const auto code = lte_turbo_code::make(6144);
        const channel ch = noisy(code, 1, 0.5, 9);
        for (const auto& p : { split(64, 8), split(1, 0), split(192, 32) })
            expect_same(run(backend_kind::CPU, *code, p, ch.llr), run(backend_kind::CUDA, *code, p, ch.llr, 1),
                        describe(6144, p, "one block"));
    }

    /* Clusters run where the device launches them and the loaded image has the kernel's code:
     * on a Hopper with the build's machine code (so the cluster tests cannot quietly test
     * nothing); with CUDA_FORCE_PTX_JIT=1 the driver runs the build's PTX for older GPUs,
     * whose cluster kernel is empty, and then naming the cluster kernel is a clear error. */
    void clusters_where_the_image_has_them()
    {
        const bool expected = cuda::current_device_caps().cluster_launch && !qa::ptx_jit_forced();
        CPPUNIT_ASSERT_EQUAL(expected, cuda::turbo_cluster_supported());
        if (expected)
            return;
        const auto code = lte_turbo_code::make(1056);
        const channel ch = noisy(code, 2, 0.4, 22);
        qa::expect_throw([&] { run_kernel(*code, split(32, 8), ch.llr, cluster(0, 0)); },
                         "does not launch thread block clusters");
    }

    /* The cluster kernel (a code block over C thread blocks, the exchange through distributed
     * shared memory) takes the CPU's decisions for every split, cluster size (dividing P or
     * not, the largest, windows a thread block from 1 up) and thread mapping; a batch larger
     * than a wave of clusters walks the batch. */
    void cluster_kernel_equals_cpu()
    {
        if (!cuda::turbo_cluster_supported())
            return; // clusters_where_the_image_has_them checks that this is right
        const struct {
            long K;
            unsigned P, g;
            size_t n;
        } cases[] = { { 6144, 128, 16, 3 }, { 6144, 384, 16, 2 }, { 6144, 768, 8, 1 }, { 6144, 64, 8, 2 },
                      { 6144, 16, 48, 1 },  { 1056, 33, 32, 3 }, { 1056, 5, 3, 3 },    { 40, 40, 1, 4 },
                      { 40, 3, 13, 4 },     { 2112, 128, 16, 2 } };
        for (const auto& c : cases) {
            const auto code = lte_turbo_code::make(c.K);
            const channel ch = noisy(code, c.n, 0.3, uint64_t(c.K) * 3 + c.P);
            const lte_turbo_params p = split(c.P, c.g);
            const decoded cpu = run(backend_kind::CPU, *code, p, ch.llr);
            for (unsigned C : { 0u, 2u, 3u, 8u, 16u }) {
                const unsigned used = C ? C : std::min(16u, c.P);
                if (C > c.P || c.P > 128 * used) // at most 128 windows a thread block (shared memory)
                    continue;
                for (unsigned T : { 0u, 1u, 2u, 4u })
                    expect_same(cpu, run_kernel(*code, p, ch.llr, cluster(C, T)),
                                describe(c.K, p, "cluster of " + std::to_string(C) + ", T=" + std::to_string(T)));
            }
        }
        // 300 blocks: more than one wave of clusters of 16 on any device.
        const auto code = lte_turbo_code::make(1056);
        const channel ch = noisy(code, 300, 0.4, 21);
        const lte_turbo_params p = split(32, 8);
        expect_same(run(backend_kind::CPU, *code, p, ch.llr), run_kernel(*code, p, ch.llr, cluster(16, 0)),
                    describe(1056, p, "cluster of 16, 300 blocks"));
    }

    /* NaN, +-Inf, huge and -0 inputs, and noise-free +-1024 over 32 iterations, through the
     * cluster kernel. */
    void cluster_kernel_odd_and_saturated_inputs()
    {
        if (!cuda::turbo_cluster_supported())
            return;
        {
            const auto code = lte_turbo_code::make(512);
            channel ch = noisy(code, 3, 1.0, 13);
            std::mt19937 rng(4);
            const float odd[] = { std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                                  -std::numeric_limits<float>::infinity(), 1e30f, -1e30f, -0.0f, 0.0f };
            for (size_t i = 0; i < ch.llr.size(); i += 1 + rng() % 23)
                ch.llr[i] = odd[rng() % 7];
            const lte_turbo_params p = split(16, 8);
            expect_same(run(backend_kind::CPU, *code, p, ch.llr), run_kernel(*code, p, ch.llr, cluster(0, 0)),
                        describe(512, p, "odd inputs, cluster"));
        }
        std::mt19937 rng(6);
        const auto code = lte_turbo_code::make(6144);
        std::vector<uint8_t> info(code->K());
        for (auto& b : info)
            b = rng() & 1u;
        std::vector<float> llr;
        for (uint8_t v : lte_turbo_encode(*code, info))
            llr.push_back(v ? 1024.0f : -1024.0f);
        lte_turbo_params p = split(128, 16);
        p.iterations = 32;
        p.scaling = 1.0f;
        const decoded gpu = run_kernel(*code, p, llr, cluster(0, 0));
        CPPUNIT_ASSERT_EQUAL(size_t(0), errors(gpu.bits, info));
        expect_same(run(backend_kind::CPU, *code, p, llr), gpu, describe(6144, p, "saturated, cluster"));
    }

    /* HARD and both CRCs, on blocks that carry their CRC: iteration counts must vary. */
    void early_stop_equals_cpu()
    {
        std::mt19937 rng(3);
        const auto code = lte_turbo_code::make(1056);
        for (early_stop s : { early_stop::HARD, early_stop::CRC24B, early_stop::CRC24A }) {
            const channel ch = noisy_with_crc(*code, 60, s == early_stop::CRC24A ? "24A" : "24B", 0.8, rng);
            for (const auto& split_p : { split(1, 0), split(16, 8) }) {
                lte_turbo_params p = split_p;
                p.iterations = 8;
                p.stop = s;
                const decoded cpu = run(backend_kind::CPU, *code, p, ch.llr);
                const auto [lo, hi] = std::minmax_element(cpu.iterations.begin(), cpu.iterations.end());
                CPPUNIT_ASSERT_MESSAGE(describe(1056, p, "iteration counts vary"), *lo < *hi);
                expect_same(cpu, run(backend_kind::CUDA, *code, p, ch.llr), describe(1056, p, "early stop"));
                const cuda::turbo_launch_config block_t2{ 2, cuda::turbo_layout::GLOBAL, cuda::turbo_kernel::BLOCK };
                expect_same(cpu, run_kernel(*code, p, ch.llr, block_t2),
                            describe(1056, p, "early stop, kernel T=2 global"));
                if (p.subblocks >= 2 && cuda::turbo_cluster_supported())
                    for (unsigned C : { 3u, 16u })
                        expect_same(cpu, run_kernel(*code, p, ch.llr, cluster(C, 0)),
                                    describe(1056, p, "early stop, cluster of " + std::to_string(C)));
            }
        }
    }

    /* NaN (an erasure), +-Inf, huge finite values and -0 are read as the CPU reads them. */
    void odd_inputs_equal_cpu()
    {
        const auto code = lte_turbo_code::make(512);
        channel ch = noisy(code, 8, 1.0, 13);
        std::mt19937 rng(4);
        const float odd[] = { std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity(), 1e30f, -1e30f, -0.0f, 0.0f };
        for (size_t i = 0; i < ch.llr.size(); i += 1 + rng() % 23)
            ch.llr[i] = odd[rng() % 7];
        for (const auto& p : { split(1, 0), split(8, 4) })
            expect_same(run(backend_kind::CPU, *code, p, ch.llr), run(backend_kind::CUDA, *code, p, ch.llr),
                        describe(512, p, "odd inputs"));
    }

    /* Noise-free +-1024 inputs over 32 iterations: the largest metrics the decoder meets. */
    void saturated_inputs_equal_cpu()
    {
        std::mt19937 rng(6);
        const auto code = lte_turbo_code::make(6144);
        std::vector<uint8_t> info(2 * code->K());
        for (auto& b : info)
            b = rng() & 1u;
        std::vector<float> llr;
        for (uint8_t v : lte_turbo_encode(*code, info))
            llr.push_back(v ? 1024.0f : -1024.0f);
        for (auto p : { split(1, 0), split(64, 8) }) {
            p.iterations = 32;
            p.scaling = 1.0f;
            const decoded gpu = run(backend_kind::CUDA, *code, p, llr);
            CPPUNIT_ASSERT_EQUAL(size_t(0), errors(gpu.bits, info));
            expect_same(run(backend_kind::CPU, *code, p, llr), gpu, describe(6144, p, "saturated"));
        }
    }

    /* All 188 sizes decode a clean block, as on the CPU. */
    void every_block_size_noise_free()
    {
        std::mt19937 rng(8);
        for (size_t K : lte_turbo_code::block_sizes()) {
            const auto code = lte_turbo_code::make(long(K));
            std::vector<uint8_t> info(K);
            for (auto& b : info)
                b = rng() & 1u;
            std::vector<float> llr;
            for (uint8_t v : lte_turbo_encode(*code, info))
                llr.push_back(v ? 4.0f : -4.0f);
            const lte_turbo_params p = split(4, 2);
            const decoded gpu = run(backend_kind::CUDA, *code, p, llr, 1); // 1: small buffers, 188 times
            CPPUNIT_ASSERT_EQUAL_MESSAGE("K=" + std::to_string(K), size_t(0), errors(gpu.bits, info));
            expect_same(run(backend_kind::CPU, *code, p, llr), gpu, describe(K, p, "noise-free"));
        }
    }

    void bad_config_throws()
    {
        const auto code = lte_turbo_code::make(40);
        const channel ch = noisy(code, 1, 1.0, 1);
        CPPUNIT_ASSERT_THROW(run_kernel(*code, split(2, 1), ch.llr, { 3, cuda::turbo_layout::AUTO }),
                             std::invalid_argument);
        CPPUNIT_ASSERT_THROW(run_kernel(*code, split(1, 0), ch.llr, cluster(0, 0)), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(run_kernel(*code, split(8, 2), ch.llr, cluster(1, 0)), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(run_kernel(*code, split(8, 2), ch.llr, cluster(9, 0)), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(run_kernel(*code, split(40, 1), ch.llr, cluster(17, 0)), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(run_kernel(*code, split(8, 2), ch.llr, cluster(4, 3)), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(run(backend_kind::CUDA, *code, split(2, 21), ch.llr), std::invalid_argument);
    }
};

class turbo_gpu_ber_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(turbo_gpu_ber_test);
    CPPUNIT_TEST(log_map_close_to_cpu);
    CPPUNIT_TEST_SUITE_END();

    /* log-MAP: expf and log1pf round differently on the GPU, so the decisions agree
     * statistically: nearly all of them, and as many failed blocks within the noise (a block
     * that fails may fail differently: its decoding is chaotic). */
    void log_map_close_to_cpu()
    {
        const auto code = lte_turbo_code::make(1056);
        const size_t n = 200, K = code->K();
        const channel ch = noisy(code, n, 0.2, 17);
        for (const auto& split_p : { split(1, 0), split(16, 8) }) {
            lte_turbo_params p = split_p;
            p.algorithm = turbo_algorithm::LOG_MAP;
            p.scaling = 1.0f;
            const decoded cpu = run(backend_kind::CPU, *code, p, ch.llr);
            std::vector<std::pair<std::string, decoded>> gpus;
            gpus.emplace_back("backend", run(backend_kind::CUDA, *code, p, ch.llr));
            // The cluster kernel too where it runs (the backend takes the BLOCK kernel for 200 blocks).
            if (p.subblocks >= 2 && cuda::turbo_cluster_supported())
                gpus.emplace_back("cluster kernel", run_kernel(*code, p, ch.llr, cluster(0, 0)));
            for (const auto& [name, gpu] : gpus) {
                size_t fe_cpu = 0, fe_gpu = 0;
                for (size_t b = 0; b < n; ++b) {
                    const auto info = ch.info.begin() + b * K;
                    fe_cpu += !std::equal(info, info + K, cpu.bits.begin() + b * K);
                    fe_gpu += !std::equal(info, info + K, gpu.bits.begin() + b * K);
                }
                const size_t differ = errors(cpu.bits, gpu.bits);
                const std::string what =
                    describe(K, p, name + ": failed blocks CPU " + std::to_string(fe_cpu) + " GPU " +
                                       std::to_string(fe_gpu) + ", differing decisions " + std::to_string(differ));
                CPPUNIT_ASSERT_MESSAGE(what, fe_cpu >= 10); // a regime where the decoder works hard
                CPPUNIT_ASSERT_MESSAGE(what, differ * 50 <= n * K);
                CPPUNIT_ASSERT_MESSAGE(what, std::fabs(double(fe_cpu) - double(fe_gpu)) <=
                                                 3.0 * std::sqrt(double(fe_cpu + fe_gpu)) + 3.0);
            }
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(turbo_gpu_test);
CPPUNIT_TEST_SUITE_REGISTRATION(turbo_gpu_ber_test);

} // namespace gpufec
} // namespace gr
