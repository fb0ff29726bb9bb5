/* The cluster kernel's device code (lte_turbo_cluster_device.cuh) runs on the host against the CPU
 * decoder, with no GPU: a cluster of C thread blocks runs as one std::thread per CUDA thread,
 * each thread block with its own shared memory; __syncthreads is a barrier of the thread block,
 * cluster.sync() a barrier of all of them, map_shared_rank the same offset in another thread
 * block's shared memory, and the warp votes (__ballot_sync, __reduce_xor_sync) go through a
 * barrier of the warp. Decisions, APP LLRs and iterations must equal map_decoder_cpu's bit for
 * bit (max-log-MAP) for splits with equal and unequal windows, cluster sizes that divide P or
 * not, 1, 2 and 4 threads a window, several blocks walked by one cluster, and the early-stop
 * rules (the cluster-wide verdict).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lte/core/lte_turbo_map_cpu.h"
#include "skeleton/test/thread_barrier.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>


#define __device__
#define __host__
#define __forceinline__ inline

namespace turbo_emulation {
struct dim {
    unsigned x = 0;
};
using barrier = gr::gpufec::test::thread_barrier;
/* One thread block of the emulated cluster. */
struct block {
    std::vector<float> shared;
    std::unique_ptr<barrier> sync;
    std::vector<std::unique_ptr<barrier>> warps;
    std::vector<uint32_t> lanes; //!< what each thread offers its warp's vote
};
struct cluster {
    std::vector<block> blocks;
    std::unique_ptr<barrier> sync;
};
thread_local dim thread_index, block_index;
thread_local block* this_block;
dim block_dim, grid_dim;
cluster* the_cluster;
} // namespace turbo_emulation

#define threadIdx turbo_emulation::thread_index
#define blockIdx turbo_emulation::block_index
#define blockDim turbo_emulation::block_dim
#define gridDim turbo_emulation::grid_dim

inline void __syncthreads() { turbo_emulation::this_block->sync->arrive_and_wait(); }

/* What the 32 lanes of the calling thread's warp offer, once all have. */
inline std::vector<uint32_t> warp_exchange(uint32_t v)
{
    turbo_emulation::block& b = *turbo_emulation::this_block;
    const unsigned t = threadIdx.x, first = t & ~31u;
    b.lanes[t] = v;
    b.warps[t / 32]->arrive_and_wait();
    std::vector<uint32_t> all(b.lanes.begin() + first, b.lanes.begin() + first + 32);
    b.warps[t / 32]->arrive_and_wait();
    return all;
}
inline unsigned __ballot_sync(unsigned, bool p)
{
    uint32_t word = 0;
    const std::vector<uint32_t> all = warp_exchange(p);
    for (unsigned l = 0; l < 32; ++l)
        word |= (all[l] ? 1u : 0u) << l;
    return word;
}
inline unsigned __reduce_xor_sync(unsigned, unsigned v)
{
    uint32_t x = 0;
    for (uint32_t w : warp_exchange(v))
        x ^= w;
    return x;
}
/* Host binary32 arithmetic rounds each operation to nearest (this file builds without FMA). */
inline float __fadd_rn(float a, float b) { return a + b; }
inline float __fmul_rn(float a, float b) { return a * b; }
inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }

namespace cooperative_groups {
struct cluster_group {
    unsigned block_rank() const { return blockIdx.x % unsigned(turbo_emulation::the_cluster->blocks.size()); }
    void sync() const { turbo_emulation::the_cluster->sync->arrive_and_wait(); }
    template <class T>
    T* map_shared_rank(T* p, unsigned r) const
    {
        const char* mine = reinterpret_cast<const char*>(turbo_emulation::this_block->shared.data());
        char* theirs = reinterpret_cast<char*>(turbo_emulation::the_cluster->blocks.at(r).shared.data());
        const std::ptrdiff_t at = reinterpret_cast<const char*>(p) - mine;
        if (at < 0 || size_t(at) >= turbo_emulation::this_block->shared.size() * sizeof(float))
            throw std::logic_error("map_shared_rank of a pointer outside shared memory");
        return reinterpret_cast<T*>(theirs + at);
    }
};
inline cluster_group this_cluster() { return {}; }
} // namespace cooperative_groups

#include "qa_lte_turbo_gpu_util.h"
#include "lte_turbo_cluster_device.cuh"

namespace gr {
namespace gpufec {

namespace {

using namespace cuda::turbo_dev;
using qa_turbo_gpu::decoded;
using qa_turbo_gpu::expect_same;

/* The n blocks of @p llr through one emulated cluster of C thread blocks, T threads a window. */
decoded run_cluster(const lte_turbo_code& code, const lte_turbo_params& p, const std::vector<float>& llr,
                    unsigned C, unsigned T)
{
    const size_t K = code.K(), n = llr.size() / code.coded_bits_per_block();
    std::vector<uint16_t> pi(K), pi_inv(K);
    for (size_t j = 0; j < K; ++j) {
        pi[j] = uint16_t(code.interleaver()[j]);
        pi_inv[pi[j]] = uint16_t(j);
    }
    decoded d{ std::vector<uint8_t>(n * K, 0xee), std::vector<float>(n * K, -7.0f), std::vector<int>(n, -1) };
    cluster_args a{};
    a.sp = cuda::cluster_split{ unsigned(K), p.subblocks, p.guard, C };
    a.T = T;
    a.f1 = unsigned(code.f1());
    a.f2 = unsigned(code.f2());
    a.iterations = p.iterations;
    a.scaling = p.scaling;
    a.stop = p.stop;
    a.pi = pi.data();
    a.pi_inv = pi_inv.data();
    a.llr = llr.data();
    a.n_blocks = n;
    a.bits = d.bits.data();
    a.app = d.app.data();
    a.iterations_used = d.iterations.data();

    const unsigned threads = std::max(32u, (a.sp.max_windows() * T + 31) / 32 * 32);
    const size_t floats = cluster_smem(a.sp, T, p.stop != early_stop::NONE).total;
    turbo_emulation::cluster cl;
    cl.blocks.resize(C);
    for (auto& b : cl.blocks) {
        b.shared.assign(floats, std::nanf("")); // uninitialised memory read as NaN shows up
        b.sync = std::make_unique<turbo_emulation::barrier>(threads);
        for (unsigned w = 0; w < threads / 32; ++w)
            b.warps.emplace_back(std::make_unique<turbo_emulation::barrier>(32));
        b.lanes.assign(threads, 0);
    }
    cl.sync = std::make_unique<turbo_emulation::barrier>(C * threads);
    turbo_emulation::the_cluster = &cl;
    turbo_emulation::block_dim.x = threads;
    turbo_emulation::grid_dim.x = C; // one cluster walks all n blocks
    std::vector<std::thread> pool;
    for (unsigned r = 0; r < C; ++r)
        for (unsigned t = 0; t < threads; ++t)
            pool.emplace_back([&a, &cl, r, t] {
                turbo_emulation::thread_index.x = t;
                turbo_emulation::block_index.x = r;
                turbo_emulation::this_block = &cl.blocks[r];
                cluster_kernel_body<max_log_fmax>(a, cl.blocks[r].shared.data());
            });
    for (auto& t : pool)
        t.join();
    return d;
}

decoded run_cpu(const lte_turbo_code& code, const lte_turbo_params& p, const std::vector<float>& llr)
{
    const size_t K = code.K(), n = llr.size() / code.coded_bits_per_block();
    decoded d{ std::vector<uint8_t>(n * K), std::vector<float>(n * K), std::vector<int>(n) };
    turbo::map_decoder_cpu(code, p, 1).decode(llr.data(), n, d.bits.data(), d.app.data(), d.iterations.data());
    return d;
}

std::vector<float> noisy(const lte_turbo_code_sptr& code, size_t n, double ebn0, uint64_t seed)
{
    awgn_bpsk_generator gen(code, awgn_noise::from_snr(ebn0, snr_kind::EBN0, code->rate()), soft_output::LLR,
                            seed, backend_kind::CPU);
    std::vector<uint8_t> info(n * code->K());
    std::vector<float> llr(n * code->coded_bits_per_block());
    gen.generate(n, info.data(), llr.data());
    return llr;
}

/* n blocks whose last 24 bits are the CRC (@p kind) of the rest, over BPSK/AWGN. */
std::vector<float> noisy_with_crc(const lte_turbo_code& code, size_t n, const std::string& kind, double ebn0,
                                  std::mt19937& rng)
{
    const double sigma = awgn_noise::from_snr(ebn0, snr_kind::EBN0, code.rate()).sigma;
    std::normal_distribution<double> z(0.0, sigma);
    std::vector<float> llr;
    for (size_t b = 0; b < n; ++b) {
        std::vector<uint8_t> a(code.K() - 24);
        for (auto& v : a)
            v = rng() & 1u;
        for (uint8_t v : lte_turbo_encode(code, lte_crc_attach(a, kind)))
            llr.push_back(float(2.0 * ((v ? 1.0 : -1.0) + z(rng)) / (sigma * sigma)));
    }
    return llr;
}

lte_turbo_params split(unsigned P, unsigned g)
{
    lte_turbo_params p;
    p.subblocks = P;
    p.guard = g;
    return p;
}

std::string describe(size_t K, const lte_turbo_params& p, unsigned C, unsigned T)
{
    return "K=" + std::to_string(K) + " P=" + std::to_string(p.subblocks) + " g=" + std::to_string(p.guard) +
           " C=" + std::to_string(C) + " T=" + std::to_string(T) + " stop " + early_stop_name(p.stop);
}

} // namespace

class turbo_cluster_emulated_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(turbo_cluster_emulated_test);
    CPPUNIT_TEST(splits_equal_cpu);
    CPPUNIT_TEST(early_stop_equals_cpu);
    CPPUNIT_TEST_SUITE_END();

    void splits_equal_cpu()
    {
        const struct {
            long K;
            unsigned P, g, C, T;
            size_t n;
        } cases[] = { { 6144, 128, 16, 8, 4, 1 }, { 6144, 384, 16, 16, 2, 1 }, { 1056, 33, 32, 5, 1, 2 },
                      { 1056, 16, 8, 3, 4, 2 },   { 512, 7, 0, 2, 2, 2 },      { 40, 40, 1, 3, 4, 3 },
                      { 40, 3, 13, 2, 1, 3 },     { 2112, 128, 16, 16, 1, 1 } };
        for (const auto& c : cases) {
            const auto code = lte_turbo_code::make(c.K);
            const std::vector<float> llr = noisy(code, c.n, 0.3, uint64_t(c.K) + c.P);
            const lte_turbo_params p = split(c.P, c.g);
            expect_same(run_cpu(*code, p, llr), run_cluster(*code, p, llr, c.C, c.T), describe(c.K, p, c.C, c.T));
        }
    }

    /* HARD and both CRCs on blocks carrying their CRC: the iteration counts must vary. */
    void early_stop_equals_cpu()
    {
        std::mt19937 rng(3);
        const auto code = lte_turbo_code::make(1056);
        for (early_stop s : { early_stop::HARD, early_stop::CRC24B, early_stop::CRC24A }) {
            const std::vector<float> llr =
                noisy_with_crc(*code, 16, s == early_stop::CRC24A ? "24A" : "24B", 0.8, rng);
            lte_turbo_params p = split(16, 8);
            p.iterations = 8;
            p.stop = s;
            const decoded cpu = run_cpu(*code, p, llr);
            const auto [lo, hi] = std::minmax_element(cpu.iterations.begin(), cpu.iterations.end());
            CPPUNIT_ASSERT_MESSAGE(describe(1056, p, 3, 2) + ": iteration counts vary", *lo < *hi);
            expect_same(cpu, run_cluster(*code, p, llr, 3, 2), describe(1056, p, 3, 2));
            expect_same(cpu, run_cluster(*code, p, llr, 16, 1), describe(1056, p, 16, 1));
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(turbo_cluster_emulated_test);

} // namespace gpufec
} // namespace gr
