/* The CUDA MAP decoder's kernels (bsid_map_device.h) run on the host against the CPU decoder,
 * with no GPU: each thread block runs as one std::thread per CUDA thread, __syncthreads as a
 * barrier of the block and __shfl_xor_sync as an exchange through a barrier of the warp (the
 * kernels shuffle only in whole warps). The launch parameters are set by hand to reach the
 * paths a device's plan picks: symbol groups, the exchange buffer in shared or global memory,
 * more drift states than threads, exact and masked register widths and the generic lattice,
 * LOCAL and GLOBAL (the gamma kernel first), lookahead windows with start-drift priors, symbol
 * priors with zeros, frames with no path. Also the pack kernel. Float posteriors and end-drift
 * posteriors to 1e-5 relative (absolute below 1e-20), decisions equal.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bsid_map_kernels.h" // first: its CUDA headers define what follows anew
#include "skeleton/test/thread_barrier.h"
#include <gnuradio/gpufec/bsid/bsid_channel_model.h>
#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <gnuradio/gpufec/bsid/tvb_code.h>
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#undef __global__
#undef __device__
#undef __forceinline__
#undef __host__
#define __global__
#define __device__
#define __forceinline__ inline
#define __host__
#define __restrict__
#define __launch_bounds__(...)

namespace bsid_emulation {
struct dim {
    unsigned x = 0;
};
using barrier = gr::gpufec::test::thread_barrier;
thread_local dim thread_index, block_index;
dim block_dim;
std::vector<double> shared(1 << 18);
barrier* block_barrier;
std::vector<std::unique_ptr<barrier>> warp_barriers;
std::vector<double> lanes;
} // namespace bsid_emulation

#define threadIdx bsid_emulation::thread_index
#define blockIdx bsid_emulation::block_index
#define blockDim bsid_emulation::block_dim
#define gridDim bsid_emulation::block_dim
#define BSID_SHARED_MEMORY(name) double* name = bsid_emulation::shared.data()

inline void __syncthreads() { bsid_emulation::block_barrier->arrive_and_wait(); }

/* One thread runs a grid-stride kernel's whole grid. */
inline void one_thread_grid()
{
    bsid_emulation::block_dim.x = 1;
    bsid_emulation::thread_index.x = bsid_emulation::block_index.x = 0;
}

/* Lane @p src's value of @p v (CUDA's rule: a source outside the warp gives the caller's own).
 * Every value the kernels shuffle (float, double, int) survives a double exactly. */
template <class T>
T warp_exchange(T v, int src)
{
    const unsigned t = threadIdx.x;
    auto& warp = *bsid_emulation::warp_barriers[t / 32];
    bsid_emulation::lanes[t] = double(v);
    warp.arrive_and_wait();
    const T r = (src >= 0 && src < 32) ? T(bsid_emulation::lanes[t / 32 * 32 + unsigned(src)]) : v;
    warp.arrive_and_wait();
    return r;
}

template <class T>
T __shfl_xor_sync(unsigned, T v, int lane_mask)
{
    return warp_exchange(v, int(threadIdx.x % 32) ^ lane_mask);
}
template <class T>
T __shfl_up_sync(unsigned, T v, unsigned delta)
{
    return warp_exchange(v, int(threadIdx.x % 32) - int(delta));
}
template <class T>
T __shfl_down_sync(unsigned, T v, unsigned delta)
{
    return warp_exchange(v, int(threadIdx.x % 32) + int(delta));
}

using std::fma;
using std::isfinite;

#include "bsid_map_device.h"
#include "bsid_pooled_device.h"
#include "bsid_pooled_registers.h"

namespace gr {
namespace gpufec {

namespace {

using namespace cuda::bsid_device;

/* Runs @p kernel as block @p f of @p threads threads. */
template <class Kernel>
void run_block_of(Kernel kernel, size_t f, unsigned threads)
{
    bsid_emulation::barrier block(threads);
    bsid_emulation::block_barrier = &block;
    bsid_emulation::warp_barriers.clear();
    for (unsigned w = 0; w < threads / 32; ++w)
        bsid_emulation::warp_barriers.emplace_back(std::make_unique<bsid_emulation::barrier>(32));
    bsid_emulation::lanes.assign(threads, 0.0);
    bsid_emulation::block_dim.x = threads;
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
        pool.emplace_back([&kernel, f, t] {
            bsid_emulation::thread_index.x = t;
            bsid_emulation::block_index.x = unsigned(f);
            kernel();
        });
    for (auto& t : pool)
        t.join();
}

template <typename real, int W, bool MatchOnly, bool Stored>
void run_block(const fb_args<real>& A, size_t f, unsigned threads)
{
    run_block_of([&A] { bsid_fb_kernel<real, W, MatchOnly, Stored>(A); }, f, threads);
}

struct emulated_case {
    size_t n, q, N;
    double pi, pd, ps;
    size_t lookahead = 0;
    unsigned groups = 1;
    bool exch_shared = true;
    int max_drift = -1, max_symbol_drift = -1;
    bool symbol_priors = false;
    bool flip_a_bit = false; // with pi = pd = ps = 0: frames with no path
    bool staged = true;      // pooled: received bytes in shared memory
};

std::vector<double> random_rows(size_t rows, size_t width, std::mt19937_64& rng, bool zeros)
{
    std::vector<double> v(rows * width);
    for (size_t r = 0; r < rows; ++r) {
        double sum = 0.0;
        for (size_t k = 0; k < width; ++k)
            sum += v[r * width + k] = (zeros && rng() % 10 == 0) ? 0.0 : 0.01 + double(rng() % 100);
        if (sum == 0.0)
            v[r * width] = sum = 1.0;
        for (size_t k = 0; k < width; ++k)
            v[r * width + k] /= sum;
    }
    return v;
}

void expect_close(const std::vector<double>& gpu, const std::vector<double>& cpu, const std::string& what)
{
    for (size_t k = 0; k < cpu.size(); ++k)
        if (!(std::fabs(gpu[k] - cpu[k]) <= 1e-5 * std::max(std::fabs(cpu[k]), 1e-20)))
            CPPUNIT_FAIL(what + ": index " + std::to_string(k) + " kernel " + std::to_string(gpu[k]) + " cpu " +
                         std::to_string(cpu[k]));
}

/* Three frames through the channel, decoded by the CPU engine and by the emulated kernels with
 * register width W (the case must have that many symbol states, or more than 32 for W = 0). */
/* The received bits and windows of three frames of case @p c, decoded by the CPU engine. */
struct emulated_frames {
    bsid_drift_limits lim;
    std::vector<uint8_t> rx;
    std::vector<bsid_frame_window> win;
    std::vector<double> start, priors;
    const double *start_p, *priors_p;
    std::vector<double> cpost, cend;
    std::vector<uint32_t> cdec;
    size_t max_window = 0;
};

template <typename real>
emulated_frames cpu_frames(const emulated_case& c, const tvb_code_sptr& code, bsid_lattice lattice)
{
    bsid_params ch;
    ch.pi = c.pi;
    ch.pd = c.pd;
    ch.ps = c.ps;
    bsid_map_options o;
    o.backend = backend_kind::CPU;
    o.precision = sizeof(real) == 8 ? bsid_precision::DOUBLE : bsid_precision::FLOAT;
    o.lookahead = c.lookahead;
    o.threads = 1;
    o.max_drift = c.max_drift;
    o.max_symbol_drift = c.max_symbol_drift;
    o.lattice = lattice;
    bsid_map_decoder_engine eng(code, ch, o);
    emulated_frames e;
    e.lim = eng.limits();
    const size_t M = e.lim.frame_states(), q = c.q, N = c.N;
    const auto model = bsid_channel_model::make(c.pi, c.pd, c.ps, 9);
    std::mt19937_64 rng(3);
    const size_t F = 3, tau = code->tau();
    std::vector<uint32_t> sym((F + 1) * N);
    for (auto& s : sym)
        s = uint32_t(rng() % q);
    std::vector<uint8_t> bits((F + 1) * tau);
    code->encode_symbols(sym.data(), bits.data(), F + 1);
    if (!c.lookahead) {
        uint64_t first = 0;
        for (size_t f = 0; f < F; ++f) {
            bsid_transmission tx;
            do {
                tx = model->transmit(bits.data() + f * tau, tau, first);
                first += tau;
            } while (tx.drift[tau] < e.lim.frame_min || tx.drift[tau] > e.lim.frame_max);
            bsid_frame_window w;
            w.offset = e.rx.size();
            w.length = tx.received.size();
            e.win.push_back(w);
            e.rx.insert(e.rx.end(), tx.received.begin(), tx.received.end());
        }
    } else {
        const bsid_transmission tx = model->transmit(bits.data(), bits.size(), 0);
        e.rx = tx.received;
        for (size_t f = 0; f < F; ++f) {
            const long start = std::max(0L, long(f * tau) + tx.drift[f * tau] + long(rng() % 5) - 2);
            const long offset = std::max(0L, start - 20);
            bsid_frame_window w;
            w.offset = size_t(offset);
            w.origin = size_t(start - offset);
            w.length = size_t(std::min<long>(long(w.origin + tau + c.lookahead * c.n + 20), long(e.rx.size()) - offset));
            w.end_known = false;
            e.win.push_back(w);
        }
    }
    if (c.flip_a_bit)
        e.rx[5] ^= 1;
    e.start = random_rows(F, M, rng, false);
    e.priors = random_rows(F * N, q, rng, true);
    e.start_p = c.lookahead ? e.start.data() : nullptr;
    e.priors_p = c.symbol_priors ? e.priors.data() : nullptr;
    e.cpost.resize(F * N * q);
    e.cend.resize(F * M);
    e.cdec.resize(F * N);
    eng.decode_windows(e.rx.data(), e.win.data(), F, e.start_p, e.priors_p, e.cpost.data(), e.cdec.data(),
                       e.cend.data());
    for (const auto& w : e.win)
        e.max_window = std::max(e.max_window, w.length);
    return e;
}

/* The pooled kernel (bsid_pooled_device.h) with the shared pipeline (Lattice = shared) or the
 * registers (bsid_pooled_registers.h) against the pooled CPU decoder, @p threads threads per
 * block in @p segments column segments, rows in shared or global memory, received bytes staged
 * or not. */
enum class pooled_policy { shared, registers };

template <typename real, pooled_policy Policy = pooled_policy::shared>
void check_pooled(const emulated_case& c, unsigned threads, unsigned segments = 1)
{
    const auto code = tvb_code::make(c.n, c.q, c.N, {}, "random", 5);
    const emulated_frames e = cpu_frames<real>(c, code, bsid_lattice::POOLED);
    const size_t M = e.lim.frame_states(), q = c.q, N = c.N, F = e.win.size();
    if (Policy == pooled_policy::registers) // as plan_bsid_pooled
        segments = unsigned((M + 31) / 32);
    const std::string name = std::string("pooled ") + (sizeof(real) == 8 ? "double" : "float") +
                             " n=" + std::to_string(c.n) + " q=" + std::to_string(q) + " N=" + std::to_string(N) +
                             " M_tau=" + std::to_string(M) + " threads=" + std::to_string(threads) +
                             " segments=" + std::to_string(segments) +
                             (Policy == pooled_policy::registers ? " registers" : " shared pipeline") + (c.exch_shared ? " shared rows" : " global rows") + (c.staged ? " staged" : "");
    std::vector<cuda::bsid_window_dev> wd;
    for (const auto& w : e.win)
        wd.push_back(cuda::bsid_window_dev{ w.offset, int64_t(w.length), int64_t(w.origin), w.end_known ? 1 : 0, 0 });
    fb_args<real> A{};
    A.n = int(c.n);
    A.q = int(q);
    A.N = int(N);
    A.L = int(c.lookahead);
    A.I = int(N + c.lookahead);
    A.M = int(M);
    A.fmin = e.lim.frame_min;
    A.groups = segments;
    A.w = make_bsid_lattice_weights<real>(c.pi, c.pd, c.ps);
    A.code = code->packed().data();
    A.recv = e.rx.data();
    A.win = wd.data();
    A.start = e.start_p;
    A.priors = e.priors_p;
    if (Policy == pooled_policy::shared)
        CPPUNIT_ASSERT_MESSAGE(name, threads % segments == 0 && (segments == 1 || 2 * segments <= M));
    else // a codeword's segments of 32 columns in one warp
        CPPUNIT_ASSERT_MESSAGE(name, threads % 32 == 0 && segments <= 32);
    std::vector<uint32_t> words(cuda::bsid_packed_words(e.rx.size()), 0xdeadbeefu);
    one_thread_grid();
    pack_kernel(e.rx.data(), e.rx.size(), words.data(), words.size());
    A.words = words.data();
    A.n_words = words.size();
    std::vector<real> alpha(F * (N + 1) * M);
    A.alpha = alpha.data();
    const size_t E = pooled_rows_elems(int(M), int(q));
    std::vector<real> exch(F * E);
    A.exch_global = exch.data();
    A.exch_elems = E;
    A.exch_shared = c.exch_shared;
    A.words_shared = c.staged ? e.max_window : 0;
    CPPUNIT_ASSERT(reserved_bytes + (3 * M + (c.exch_shared ? E : 0)) * sizeof(real) + e.max_window <=
                   bsid_emulation::shared.size() * sizeof(double));
    std::vector<double> gpost(F * N * q, -1.0), gend(F * M, -1.0);
    std::vector<uint32_t> gdec(F * N, 0xffffffffu);
    A.post = gpost.data();
    A.dec = gdec.data();
    A.end = gend.data();
    for (size_t f = 0; f < F; ++f) {
        if (Policy == pooled_policy::registers)
            run_block_of([&A] { bsid_pooled_kernel<real, pooled_register_segments<real, 32>>(A); }, f, threads);
        else
            run_block_of([&A] { bsid_pooled_kernel<real, pooled_shared_segments<real>>(A); }, f, threads);
    }
    expect_close(gpost, e.cpost, name + " posteriors");
    expect_close(gend, e.cend, name + " end drift");
    CPPUNIT_ASSERT_MESSAGE(name + " decisions", gdec == e.cdec);
}

template <int W, bool MatchOnly, bool Stored>
void check(const emulated_case& c)
{
    using real = float;
    const auto code = tvb_code::make(c.n, c.q, c.N, {}, "random", 5);
    bsid_params ch;
    ch.pi = c.pi;
    ch.pd = c.pd;
    ch.ps = c.ps;
    bsid_map_options o;
    o.backend = backend_kind::CPU;
    o.precision = bsid_precision::FLOAT;
    o.lookahead = c.lookahead;
    o.threads = 1;
    o.max_drift = c.max_drift;
    o.max_symbol_drift = c.max_symbol_drift;
    o.lattice = bsid_lattice::CORRIDOR; // the corridor kernels
    bsid_map_decoder_engine eng(code, ch, o);
    const bsid_drift_limits lim = eng.limits();
    const size_t M = lim.frame_states(), width = lim.symbol_states(), q = c.q, N = c.N;
    const std::string name = "W=" + std::to_string(W) + " n=" + std::to_string(c.n) + " q=" + std::to_string(q) +
                             " N=" + std::to_string(N) + " M_tau=" + std::to_string(M) +
                             " M_n=" + std::to_string(width) + " S=" + std::to_string(c.groups) +
                             (Stored ? " GLOBAL" : " LOCAL");
    CPPUNIT_ASSERT_MESSAGE(name + ": the case's width", W == 0 ? width > 32 : (W <= 16 ? int(width) == W : int(width) <= W));
    CPPUNIT_ASSERT_MESSAGE(name + ": the case's form", MatchOnly == (c.ps == 0 && ch.pt() >= 0.5));

    const auto model = bsid_channel_model::make(c.pi, c.pd, c.ps, 9);
    std::mt19937_64 rng(3);
    const size_t F = 3, tau = code->tau();
    std::vector<uint32_t> sym((F + 1) * N);
    for (auto& s : sym)
        s = uint32_t(rng() % q);
    std::vector<uint8_t> bits((F + 1) * tau);
    code->encode_symbols(sym.data(), bits.data(), F + 1);
    std::vector<uint8_t> rx;
    std::vector<bsid_frame_window> win;
    if (!c.lookahead) {
        uint64_t first = 0;
        for (size_t f = 0; f < F; ++f) {
            bsid_transmission tx;
            do {
                tx = model->transmit(bits.data() + f * tau, tau, first);
                first += tau;
            } while (tx.drift[tau] < lim.frame_min || tx.drift[tau] > lim.frame_max);
            bsid_frame_window w;
            w.offset = rx.size();
            w.length = tx.received.size();
            win.push_back(w);
            rx.insert(rx.end(), tx.received.begin(), tx.received.end());
        }
    } else {
        const bsid_transmission tx = model->transmit(bits.data(), bits.size(), 0);
        rx = tx.received;
        for (size_t f = 0; f < F; ++f) {
            const long start = std::max(0L, long(f * tau) + tx.drift[f * tau] + long(rng() % 5) - 2);
            const long offset = std::max(0L, start - 20);
            bsid_frame_window w;
            w.offset = size_t(offset);
            w.origin = size_t(start - offset);
            w.length = size_t(std::min<long>(long(w.origin + tau + c.lookahead * c.n + 20), long(rx.size()) - offset));
            w.end_known = false;
            win.push_back(w);
        }
    }
    if (c.flip_a_bit)
        rx[5] ^= 1;
    const std::vector<double> start = random_rows(F, M, rng, false);
    const std::vector<double> priors = random_rows(F * N, q, rng, true);
    const double* start_p = c.lookahead ? start.data() : nullptr;
    const double* priors_p = c.symbol_priors ? priors.data() : nullptr;
    std::vector<double> cpost(F * N * q), cend(F * M);
    std::vector<uint32_t> cdec(F * N);
    eng.decode_windows(rx.data(), win.data(), F, start_p, priors_p, cpost.data(), cdec.data(), cend.data());

    // The kernels' inputs, as the CUDA backend prepares them.
    const std::vector<uint32_t> order = cuda::bsid_symbol_order(code->packed().data(), q, N);
    const cuda::bsid_prefix_depths depths = cuda::choose_bsid_prefix_depths(code->packed().data(), c.n, q, N);
    std::vector<uint32_t> words(cuda::bsid_packed_words(rx.size()), 0xdeadbeefu);
    one_thread_grid();
    pack_kernel(rx.data(), rx.size(), words.data(), words.size());
    std::vector<cuda::bsid_window_dev> wd;
    size_t max_window = 0;
    for (const auto& w : win) {
        wd.push_back(cuda::bsid_window_dev{ w.offset, int64_t(w.length), int64_t(w.origin), w.end_known ? 1 : 0, 0 });
        max_window = std::max(max_window, w.length);
    }
    const unsigned Mp = unsigned((M + 31) / 32 * 32), threads = std::min<unsigned>(c.groups * Mp, 256);
    fb_args<real> A{};
    A.n = int(c.n);
    A.q = int(q);
    A.N = int(N);
    A.L = int(c.lookahead);
    A.I = int(N + c.lookahead);
    A.M = int(M);
    A.width = int(width);
    A.smin = lim.symbol_min;
    A.smax = lim.symbol_max;
    A.fmin = lim.frame_min;
    A.c1 = depths.c1;
    A.c2 = depths.c2;
    A.order = order.data();
    const double pt = ch.pt();
    A.w = MatchOnly ? bsid_lattice_weights<real>{ real(c.pi / 2), real(c.pd / pt), real(1), real(0) }
                    : make_bsid_lattice_weights<real>(c.pi, c.pd, c.ps);
    A.code = code->packed().data();
    A.recv = rx.data();
    A.words = words.data();
    A.n_words = words.size();
    A.win = wd.data();
    A.start = start_p;
    A.priors = priors_p;
    std::vector<real> gamma(Stored ? F * (N + c.lookahead) * M * q * width : 0), alpha(F * (N + 1) * M);
    A.gamma = Stored ? gamma.data() : nullptr;
    A.alpha = alpha.data();
    const size_t E = std::max<size_t>(c.groups * width * Mp, c.groups * Mp + q * (Mp / 32));
    std::vector<real> exch(F * E), scratch(F * threads * 4 * width + 2 * width);
    A.exch_global = exch.data();
    A.exch_elems = E;
    A.exch_shared = c.exch_shared;
    A.scratch = scratch.data();
    std::vector<double> gpost(F * N * q, -1.0), gend(F * M, -1.0);
    std::vector<uint32_t> gdec(F * N, 0xffffffffu);
    A.post = gpost.data();
    A.dec = gdec.data();
    A.end = gend.data();
    A.groups = c.groups;
    A.m_pad = Mp;
    A.words_shared = (max_window + 128) / 32 + 4;
    if (Stored) {
        one_thread_grid();
        bsid_gamma_kernel<real, W, MatchOnly>(A, F);
    }
    for (size_t f = 0; f < F; ++f)
        run_block<real, W, MatchOnly, Stored>(A, f, threads);
    expect_close(gpost, cpost, name + " posteriors");
    expect_close(gend, cend, name + " end drift");
    CPPUNIT_ASSERT_MESSAGE(name + " decisions", gdec == cdec);
}

} // namespace

class bsid_emulated_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(bsid_emulated_test);
    CPPUNIT_TEST(paper_setting);
    CPPUNIT_TEST(substitutions_and_groups);
    CPPUNIT_TEST(lookahead_windows);
    CPPUNIT_TEST(masked_and_generic_widths);
    CPPUNIT_TEST(more_states_than_threads);
    CPPUNIT_TEST(symbol_priors_and_no_path);
    CPPUNIT_TEST(pack);
    CPPUNIT_TEST(pooled);
    CPPUNIT_TEST(pooled_registers);
    CPPUNIT_TEST_SUITE_END();

public:
    void paper_setting()
    {
        const emulated_case c{ 10, 32, 12, 1e-3, 1e-3, 0.0 };
        check<9, true, false>(c);
        check<9, true, true>(c);
    }

    void substitutions_and_groups()
    {
        emulated_case c{ 6, 8, 12, 0.02, 0.02, 0.01 };
        check<14, false, false>(c);
        c.groups = 2;
        c.exch_shared = false;
        check<14, false, true>(c);
    }

    void lookahead_windows()
    {
        emulated_case c{ 10, 32, 10, 5e-3, 5e-3, 0.0 };
        c.lookahead = 2;
        check<12, true, false>(c);
        check<12, true, true>(c);
        emulated_case b{ 3, 2, 20, 0.02, 0.02, 0.02 };
        b.lookahead = 2;
        b.groups = 2;
        check<10, false, false>(b);
    }

    void masked_and_generic_widths()
    {
        emulated_case c{ 5, 32, 6, 0.1, 0.1, 0.05 };
        check<24, false, false>(c);
        c.groups = 4;
        c.exch_shared = false;
        check<24, false, true>(c);
        emulated_case g{ 12, 64, 4, 0.01, 0.01, 0.001 };
        g.max_drift = 24;
        g.max_symbol_drift = 20;
        check<0, false, false>(g);
        g.groups = 2;
        check<0, false, true>(g);
    }

    /* 301 drift states, 256 threads: the items loop. */
    void more_states_than_threads()
    {
        emulated_case c{ 6, 16, 4, 0.03, 0.03, 0.01 };
        c.max_drift = 150;
        check<15, false, false>(c);
        check<15, false, true>(c);
    }

    void symbol_priors_and_no_path()
    {
        emulated_case c{ 10, 32, 12, 1e-3, 1e-3, 0.0 };
        c.symbol_priors = true;
        check<9, true, false>(c);
        emulated_case z{ 6, 8, 10, 0.0, 0.0, 0.0 }; // a flipped bit, priors with zeros: no path
        z.symbol_priors = true;
        z.flip_a_bit = true;
        check<1, true, false>(z);
        check<1, true, true>(z);
    }

    /* The pooled kernel: the paper's setting, substitutions, lookahead with start priors,
     * symbol priors, no path, more codewords than threads, rows in global memory; one thread
     * a codeword, and a codeword's columns over 2 to 5 threads. */
    void pooled()
    {
        emulated_case paper{ 10, 32, 12, 1e-3, 1e-3, 0.0 };
        check_pooled<float>(paper, 32);
        paper.symbol_priors = true;
        check_pooled<double>(paper, 32);
        emulated_case sub{ 6, 8, 12, 0.02, 0.02, 0.01 };
        sub.exch_shared = false;
        sub.staged = false;
        check_pooled<float>(sub, 32);
        emulated_case la{ 10, 32, 10, 5e-3, 5e-3, 0.0 };
        la.lookahead = 2;
        check_pooled<float>(la, 32);
        emulated_case many{ 6, 64, 6, 0.03, 0.03, 0.01 };
        many.symbol_priors = true;
        check_pooled<float>(many, 32); // two codewords per thread
        check_pooled<double>(many, 64);
        emulated_case z{ 6, 8, 10, 0.0, 0.0, 0.0 };
        z.symbol_priors = true;
        z.flip_a_bit = true;
        check_pooled<float>(z, 32);
        // Column segments (bsid_pooled_device.h): the same cells, computed in a pipeline;
        // drift limits wider than derived, so that every segment has columns to compute.
        for (emulated_case* e : { &paper, &sub, &la, &many })
            e->max_drift = 10;
        check_pooled<float>(paper, 128, 4);
        check_pooled<double>(paper, 96, 3);
        check_pooled<float>(sub, 64, 2);
        check_pooled<float>(la, 320, 10); // segments of 2 columns, one of 3
        check_pooled<float>(many, 64, 2); // two passes of 32 codewords
        check_pooled<double>(many, 128, 2);
    }

    /* The register lattice: one segment (M <= 32), two and three segments a codeword (drift
     * limits wider than derived), several passes of codewords, rows in global memory,
     * substitutions, lookahead, symbol priors with zeros, no path, float and double. */
    void pooled_registers()
    {
        constexpr pooled_policy R = pooled_policy::registers;
        emulated_case paper{ 10, 32, 12, 1e-3, 1e-3, 0.0 };
        check_pooled<float, R>(paper, 32);
        paper.symbol_priors = true;
        check_pooled<double, R>(paper, 32);
        emulated_case sub{ 6, 8, 12, 0.02, 0.02, 0.01 };
        sub.exch_shared = false;
        check_pooled<float, R>(sub, 32);
        emulated_case la{ 10, 32, 10, 5e-3, 5e-3, 0.0 };
        la.lookahead = 2;
        check_pooled<float, R>(la, 32);
        emulated_case many{ 6, 64, 6, 0.03, 0.03, 0.01 };
        many.symbol_priors = true;
        check_pooled<float, R>(many, 32); // two passes of 32 codewords
        emulated_case z{ 6, 8, 10, 0.0, 0.0, 0.0 };
        z.symbol_priors = true;
        z.flip_a_bit = true;
        check_pooled<float, R>(z, 32);
        for (emulated_case* e : { &paper, &sub, &la, &many })
            e->max_drift = 20; // 41 columns: two segments
        check_pooled<float, R>(paper, 64);
        check_pooled<double, R>(paper, 64);
        check_pooled<float, R>(sub, 32);
        check_pooled<float, R>(la, 64);
        check_pooled<float, R>(many, 64); // two passes of 32 codewords
        for (emulated_case* e : { &paper, &many })
            e->max_drift = 40; // 81 columns: three segments, 10 codewords a warp
        check_pooled<float, R>(paper, 128);
        check_pooled<double, R>(many, 96); // three passes
    }

    void pack()
    {
        std::mt19937_64 rng(4);
        for (size_t n : { size_t(0), size_t(1), size_t(31), size_t(32), size_t(1000) }) {
            std::vector<uint8_t> y(n);
            for (auto& b : y)
                b = uint8_t(rng() % 3);
            std::vector<uint32_t> want(cuda::bsid_packed_words(n), 0u), got(want.size(), 0xdeadbeefu);
            for (size_t b = 0; b < n; ++b)
                if (y[b])
                    want[cuda::bsid_words_before + b / 32] |= 1u << (31 - b % 32);
            one_thread_grid();
            pack_kernel(y.data(), n, got.data(), got.size());
            CPPUNIT_ASSERT_MESSAGE("n=" + std::to_string(n), got == want);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(bsid_emulated_test);

} // namespace gpufec
} // namespace gr
