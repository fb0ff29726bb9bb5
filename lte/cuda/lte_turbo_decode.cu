/* The CUDA LTE turbo decoder: one thread block decodes one code block at a time, all its
 * iterations in one launch (a persistent grid walks the batch). Per half-iteration, with
 * s = scaling and Pi the QPP interleaver (docs/turbo.md, "Iterations"):
 *
 *   first constituent:   sa(k) = Ls(k) + s e2(Pi^-1(k)),    e1 = SISO(sa, P1, tail 0..5)
 *   second constituent:  sa(j) = Ls(Pi(j)) + s e1(Pi(j)),    e2 = SISO(sa, P2, tail 6..11)
 *   decisions:           app(k) = sa2(Pi^-1(k)) + e2(Pi^-1(k)),  bit(k) = app(k) > 0
 *
 * Shared memory holds the running constituent's sa and parity and the extrinsic exchange (3 K
 * values, swizzled: floats, or int16 with 16-bit metrics), and with the SHARED layout the
 * channel values too; state metrics live in
 * registers (lte_turbo_window.cuh). Each of the P windows of a constituent gets T threads: phase
 * one runs its forward pass (thread 0, alpha checkpoints) and, when T > 1, its backward pass
 * (thread 1, beta at the T group boundaries) concurrently; phase two splits its segments into
 * T groups that walk backwards at once. Device memory (a per-thread-block slot of the
 * workspace) holds the checkpoints and the windows' edge metrics (PIVI), double-buffered by
 * iteration parity so that no window reads a value of the current iteration.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/cuda/cuda_check.h"
#include "skeleton/cuda/device_caps.h"
#include "lte_turbo_cluster.h"
#include "lte_turbo_crc.cuh"
#include "lte_turbo_kernels.h"
#include "lte_turbo_packed.cuh"
#include "lte_turbo_phases.cuh"
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

using namespace turbo_dev;

constexpr unsigned max_threads = 512; // 128 registers a thread: the recomputed segment fits
constexpr unsigned min_threads = 128; // the prologues and epilogues are worth the warps

constexpr size_t round_up(size_t n, size_t m) { return (n + m - 1) / m * m; }

/* AUTO takes the cluster kernel only from this many windows on. One K = 6144 block alone on the
 * H100 (us, kernel only, BLOCK / best cluster): P = 64 355 / 435, 128 256 / 283, 192 267 / 269,
 * 384 194 / 174, 768 209 / 112 (docs/turbo.md, "Cluster kernel"): with fewer windows a thread
 * block of the cluster has too little work between its barriers to beat one SM alone. */
constexpr unsigned turbo_cluster_auto_min_subblocks = 384;

/* Four consecutive values, read with one vector load from a 4-value-aligned address. */
template <typename T>
struct alignas(4 * sizeof(T)) quad {
    T v[4];
    __device__ static quad at(const T* p) { return *reinterpret_cast<const quad*>(p); }
};

/* A block's shared memory, in bytes from the start (each piece 16-byte aligned); channel values,
 * sa and the extrinsics are @p value_bytes each (4 float, 2 int16), metrics 4. */
struct smem_layout {
    size_t sa, par, ext;       //!< swizzled, K rounded up to whole rows of 32
    size_t ls, lspi, p1, p2;   //!< the channel (SHARED layout), K each
    size_t beta_K;             //!< 2 x 8 metrics: each constituent's beta(K) from its tail
    size_t flag;               //!< one int: the early-stop verdict
    size_t words;              //!< ceil(K / 32) packed decisions (early stop only)
    size_t total;

    __host__ __device__ smem_layout(unsigned K, bool shared_channel, bool stop, size_t value_bytes)
    {
        const size_t rows = round_up(K * value_bytes, 128), k = shared_channel ? round_up(K * value_bytes, 16) : 0;
        size_t at = 0;
        sa = at, at += rows;
        par = at, at += rows;
        ext = at, at += rows;
        ls = at, at += k;
        lspi = at, at += k;
        p1 = at, at += k;
        p2 = at, at += k;
        beta_K = at, at += 2 * rsc_states * 4;
        flag = at, at += 16;
        words = at, at += stop ? round_up((K + 31) / 32 * 4, 16) : 0;
        total = at;
    }
};

/* A thread block's slot of the workspace, in 4-byte words (metrics). Metrics of window w for
 * state st sit at [... + st * P + w], so the windows of a warp touch consecutive words. */
struct slot_layout {
    size_t lspi;   //!< K channel values (value_bytes each): Ls(Pi(j)) (GLOBAL layout)
    size_t ckpt;   //!< max_segments x 8 x P alpha checkpoints
    size_t groups; //!< T x 8 x P: beta at the group ends (T > 1)
    size_t edges;  //!< [constituent][alpha, beta][parity] x 8 x P: the windows' start metrics
    size_t total;

    __host__ __device__ slot_layout(unsigned K, unsigned P, unsigned T, bool shared_channel, size_t value_bytes)
    {
        const size_t max_segments = ((K + P - 1) / P + turbo_segment - 1) / turbo_segment;
        size_t at = 0;
        lspi = at, at += shared_channel ? 0 : round_up(K * value_bytes, 16) / 4;
        ckpt = at, at += max_segments * rsc_states * P;
        groups = at, at += T > 1 ? size_t(T) * rsc_states * P : 0;
        edges = at, at += 8 * rsc_states * size_t(P);
        total = round_up(at, 32); // slots start on 128-byte lines
    }
};

struct decode_args {
    unsigned K, P, g, T, f1, f2;
    int iterations;
    float scaling;
    float llr_scale; //!< 16-bit metrics: app = integer app / llr_scale
    early_stop stop;
    const uint16_t* pi;
    const uint16_t* pi_inv;
    const void* llr; //!< float LLRs, or int8 values with 16-bit metrics
    size_t n_blocks;
    uint8_t* bits;
    float* app;
    int* iterations_used;
    uint32_t* workspace;
    bool shared_channel;
};

/* What a domain's kernel reads from the channel. */
template <class D>
struct channel_of;
template <>
struct channel_of<float_metrics> {
    using type = float;
};
template <>
struct channel_of<int16_metrics> {
    using type = int8_t;
};

template <class D>
__device__ D domain(const decode_args& a)
{
    if constexpr (std::is_same_v<D, float_metrics>)
        return float_metrics{ a.scaling };
    else
        return int16_metrics(a.scaling);
}

/* Everything a block's decoding touches, for the calling thread block, in metric domain D. */
template <class D>
struct block_ctx {
    using metric = typename D::metric; // the window store of lte_turbo_phases.cuh
    using V = typename D::stored;
    const decode_args& a;
    D dom;
    smem_layout sm_at;
    slot_layout slot_at;
    unsigned char* sm; //!< shared memory
    uint32_t* slot;    //!< this thread block's slot of the workspace
    size_t stride;     //!< windows strided by P

    __device__ block_ctx(const decode_args& args, unsigned char* shared)
        : a(args),
          dom(domain<D>(args)),
          sm_at(args.K, args.shared_channel, args.stop != early_stop::NONE, sizeof(V)),
          slot_at(args.K, args.P, args.T, args.shared_channel, sizeof(V)),
          sm(shared),
          slot(args.workspace + blockIdx.x * slot_at.total),
          stride(args.P)
    {
    }
    __device__ V* values(size_t at) const { return reinterpret_cast<V*>(sm + at); }
    __device__ metric* metrics(size_t word) const { return reinterpret_cast<metric*>(slot + word); }
    __device__ metric* ckpt(unsigned w) const { return metrics(slot_at.ckpt + w); }
    __device__ metric* groups(unsigned w) const { return metrics(slot_at.groups + w); }
    __device__ metric* edge(int c, int kind, int parity, unsigned w) const
    {
        return metrics(slot_at.edges + size_t((c * 2 + kind) * 2 + parity) * rsc_states * a.P + w);
    }
    __device__ metric* beta_K(int c) const
    {
        return reinterpret_cast<metric*>(sm + sm_at.beta_K) + c * rsc_states;
    }
    __device__ int* flag() const { return reinterpret_cast<int*>(sm + sm_at.flag); }
    __device__ uint32_t* words() const { return reinterpret_cast<uint32_t*>(sm + sm_at.words); }
    /* app(k) = sa2(j) + e2(j) with k = Pi(j), after the second constituent. */
    __device__ metric app(unsigned k) const
    {
        const metric sa = values(sm_at.sa)[sk(a.pi_inv[k])], e = values(sm_at.ext)[sk(k)];
        if constexpr (std::is_same_v<metric, float>)
            return __fadd_rn(sa, e);
        else
            return sa + e;
    }
    /* The a-posteriori LLR reported for app value v. */
    __device__ float app_llr(metric v) const
    {
        if constexpr (std::is_same_v<metric, float>)
            return v;
        else
            return __fdiv_rn(float(v), a.llr_scale);
    }
};

/* The recursions of each domain: a state a value in float, two states a register in 16 bits. */
template <class M, class D>
struct recursion_of {
    using type = scalar_recursion<M, D>;
};
template <class M>
struct recursion_of<M, int16_metrics> {
    using type = packed_recursion;
};

/* Constituent c (0 natural order, 1 interleaved) over all windows; WHOLE: the split is whole
 * segments (whole_segments()). */
template <class M, bool WHOLE, class D, typename S, typename P>
__device__ void half_iteration(const block_ctx<D>& x, int c, int it, const S* sys, const P* par)
{
    using V = typename D::stored;
    const decode_args& a = x.a;
    V* sa = x.values(x.sm_at.sa);
    V* p = x.values(x.sm_at.par);
    V* ext = x.values(x.sm_at.ext);
    if (c == 1 && threadIdx.x == 0)
        *x.flag() = 0; // HARD: nothing changed yet
    // Four consecutive steps a thread, each array read in one vector load (K is a multiple of
    // 8, and every array starts 16-byte aligned): with the GLOBAL layout the channel values come
    // from device memory at every half-iteration.
    for (unsigned j = 4 * threadIdx.x; j < a.K; j += 4 * blockDim.x) {
        const quad<S> s = quad<S>::at(sys + j);
        const quad<P> q = quad<P>::at(par + j);
        typename D::metric e[4];
        if (c == 0) {
#pragma unroll
            for (unsigned u = 0; u < 4; ++u)
                e[u] = ext[sk(j + u)];
        } else {
            const quad<uint16_t> pi = quad<uint16_t>::at(a.pi + j);
#pragma unroll
            for (unsigned u = 0; u < 4; ++u)
                e[u] = ext[sk(pi.v[u])];
        }
#pragma unroll
        for (unsigned u = 0; u < 4; ++u) {
            if constexpr (std::is_same_v<V, float>)
                sa[sk(j + u)] = __fadd_rn(sanitize(s.v[u]), x.dom.apriori(e[u]));
            else
                sa[sk(j + u)] = V(sanitize(s.v[u]) + x.dom.apriori(e[u]));
            p[sk(j + u)] = V(sanitize(q.v[u]));
        }
    }
    __syncthreads();
    const half_inputs<D> h{ sa, p, ext, c == 1, a.K, a.f1, a.f2, x.dom };
    const window_split sp{ a.K, a.P, a.g, a.T };
    using R = typename recursion_of<M, D>::type;
    const unsigned tasks = a.P * a.T;
    for (unsigned i = threadIdx.x; i < tasks; i += blockDim.x)
        phase_one<R, WHOLE>(x, sp, h, i % a.P, i / a.P, c, it);
    __syncthreads();
    for (unsigned i = threadIdx.x; i < tasks; i += blockDim.x)
        phase_two<R, WHOLE>(x, sp, h, i % a.P, i / a.P, c, it);
    __syncthreads();
}

/* The early-stop rule after iteration it (docs/turbo.md, "Iterations", step 4). */
template <class D>
__device__ bool converged(const block_ctx<D>& x, int it, uint32_t crc_factor)
{
    const decode_args& a = x.a;
    if (a.stop == early_stop::NONE)
        return false;
    int* flag = x.flag();
    uint32_t* words = x.words();
    const unsigned lane = threadIdx.x & 31u;
    // Each warp packs 32 decisions at a time; HARD compares them with the last iteration's.
    for (unsigned base = threadIdx.x - lane; base < a.K; base += blockDim.x) {
        const unsigned k = base + lane;
        const uint32_t word = __ballot_sync(0xffffffffu, k < a.K && x.app(k) > 0);
        if (lane == 0) {
            if (a.stop == early_stop::HARD && it > 1 && words[base / 32] != word)
                *flag = 1;
            words[base / 32] = word;
        }
    }
    __syncthreads();
    if (a.stop == early_stop::HARD)
        return it > 1 && *flag == 0;
    if (threadIdx.x < 32) {
        const uint32_t poly = a.stop == early_stop::CRC24A ? crc24a_poly : crc24b_poly;
        const uint32_t r = crc_remainder(words, a.K, poly, crc_factor);
        if (threadIdx.x == 0)
            *flag = r == 0;
    }
    __syncthreads();
    return *flag != 0;
}

template <class M, bool WHOLE, class D>
__device__ void decode_block(const block_ctx<D>& x, size_t cb, uint32_t crc_factor)
{
    using C = typename channel_of<D>::type;
    using V = typename D::stored;
    using T = typename D::metric;
    const decode_args& a = x.a;
    const unsigned K = a.K, D3 = K + 4;
    const C* in = static_cast<const C*>(a.llr) + cb * 3 * size_t(D3);
    V* ext = x.values(x.sm_at.ext);
    for (unsigned k = threadIdx.x; k < K; k += blockDim.x)
        ext[sk(k)] = V(0); // no a priori information before the first iteration
    if (threadIdx.x == 0) {
        // The 12 tail values were dealt round robin to d(0), d(1), d(2) from position K on.
        T tail[12];
        for (unsigned t = 0; t < 12; ++t)
            tail[t] = sanitize(in[(t % 3) * size_t(D3) + K + t / 3]);
        gpufec::turbo::tail_beta(tail, x.beta_K(0));
        gpufec::turbo::tail_beta(tail + 6, x.beta_K(1));
    }
    // The iterations on the constituents' systematic and parity values, raw channel values or
    // sanitised copies of the stored type (sanitize() leaves those as they are).
    const auto iterate = [&](const auto* sys1, const auto* par1, const auto* sys2, const auto* par2) {
        for (int it = 1;; ++it) {
            half_iteration<M, WHOLE>(x, 0, it, sys1, par1);
            half_iteration<M, WHOLE>(x, 1, it, sys2, par2);
            if (it == a.iterations || converged(x, it, crc_factor)) {
                for (unsigned k = threadIdx.x; k < K; k += blockDim.x) {
                    const T v = x.app(k);
                    a.bits[cb * K + k] = v > 0; // an a-posteriori LLR of exactly 0 decides 0
                    if (a.app)
                        a.app[cb * K + k] = x.app_llr(v);
                }
                if (threadIdx.x == 0 && a.iterations_used)
                    a.iterations_used[cb] = it;
                return;
            }
        }
    };
    if (a.shared_channel) {
        V* ls = x.values(x.sm_at.ls);
        V* p1 = x.values(x.sm_at.p1);
        V* p2 = x.values(x.sm_at.p2);
        for (unsigned k = threadIdx.x; k < K; k += blockDim.x) {
            ls[k] = V(sanitize(in[k]));
            p1[k] = V(sanitize(in[D3 + k]));
            p2[k] = V(sanitize(in[2 * D3 + k]));
        }
        __syncthreads();
        V* lspi = x.values(x.sm_at.lspi);
        for (unsigned j = threadIdx.x; j < K; j += blockDim.x)
            lspi[j] = ls[a.pi[j]];
        __syncthreads();
        iterate(ls, p1, lspi, p2);
    } else {
        V* lspi = reinterpret_cast<V*>(x.slot + x.slot_at.lspi);
        for (unsigned j = threadIdx.x; j < K; j += blockDim.x)
            lspi[j] = V(sanitize(in[a.pi[j]]));
        __syncthreads();
        iterate(in, in + D3, lspi, in + 2 * size_t(D3));
    }
    __syncthreads(); // the next block overwrites shared memory
}

template <class M, class D, bool WHOLE>
__device__ void decode_kernel_body(const decode_args& a)
{
    extern __shared__ float4 smem[];
    const block_ctx<D> x(a, reinterpret_cast<unsigned char*>(smem));
    uint32_t crc_factor = 0;
    if ((a.stop == early_stop::CRC24A || a.stop == early_stop::CRC24B) && threadIdx.x < 32)
        crc_factor = crc_lane_factor(a.K, a.stop == early_stop::CRC24A ? crc24a_poly : crc24b_poly,
                                     threadIdx.x);
    for (size_t cb = blockIdx.x; cb < a.n_blocks; cb += gridDim.x)
        decode_block<M, WHOLE>(x, cb, crc_factor);
}

template <class M, class D, bool WHOLE>
__global__ void __launch_bounds__(max_threads) turbo_decode_kernel(const __grid_constant__ decode_args a)
{
    decode_kernel_body<M, D, WHOLE>(a);
}

/* 16-bit metrics at most 80 registers (no spills: two states a register, lte_turbo_packed.cuh), so
 * that six thread blocks of 128 threads share a multiprocessor, as many as their shared memory
 * allows at K = 6144 (37 KiB each). */
template <bool WHOLE>
__global__ void __maxnreg__(80) turbo_decode_kernel_int16(const __grid_constant__ decode_args a)
{
    decode_kernel_body<max_log_fmax, int16_metrics, WHOLE>(a);
}

using kernel_fn = void (*)(decode_args);

/* max-log-MAP and log-MAP in float, max-log-MAP in 16-bit integers (validate() rejects
 * log-MAP there), each for splits of whole segments or any. */
kernel_fn kernel_for(turbo_algorithm alg, turbo_metrics metrics, bool whole)
{
    if (metrics == turbo_metrics::INT16)
        return whole ? turbo_decode_kernel_int16<true> : turbo_decode_kernel_int16<false>;
    if (alg == turbo_algorithm::LOG_MAP)
        return whole ? turbo_decode_kernel<gpufec::turbo::log_map, float_metrics, true>
                     : turbo_decode_kernel<gpufec::turbo::log_map, float_metrics, false>;
    return whole ? turbo_decode_kernel<max_log_fmax, float_metrics, true>
                 : turbo_decode_kernel<max_log_fmax, float_metrics, false>;
}

kernel_fn kernel_for(const lte_turbo_params& prm, unsigned K)
{
    return kernel_for(prm.algorithm, prm.metrics, whole_segments(K, prm.subblocks, prm.guard));
}

/* How one launch runs: threads per window, layout, grid. */
struct launch_plan {
    unsigned T, threads, grid;
    bool shared_channel;
    size_t smem_bytes;
    size_t slot_words;
};

/* The current device's multiprocessors and shared memory; once per device, each kernel is
 * allowed all of that shared memory, so that no launch has to set it. */
struct device_limits {
    int device, sms, smem_optin;
};

device_limits limits()
{
    static std::mutex lock;
    static std::vector<device_limits> known;
    int dev = 0;
    GPUFEC_CUDA_CHECK(cudaGetDevice(&dev));
    const std::lock_guard<std::mutex> hold(lock);
    for (const device_limits& d : known)
        if (d.device == dev)
            return d;
    const device_caps& caps = caps_of(dev);
    const device_limits d{ dev, caps.sms, caps.smem_per_block_optin };
    for (turbo_algorithm alg : { turbo_algorithm::MAX_LOG, turbo_algorithm::LOG_MAP })
        for (turbo_metrics m : { turbo_metrics::FLOAT, turbo_metrics::INT16 })
            for (bool whole : { false, true })
                GPUFEC_CUDA_CHECK(cudaFuncSetAttribute(kernel_for(alg, m, whole),
                                                       cudaFuncAttributeMaxDynamicSharedMemorySize, d.smem_optin));
    known.push_back(d);
    return d;
}

/* Thread blocks of one shape resident per multiprocessor, asked once per device and shape. */
int blocks_per_sm(const device_limits& d, kernel_fn kernel, unsigned threads, size_t smem)
{
    struct entry {
        int device;
        kernel_fn kernel;
        unsigned threads;
        size_t smem;
        int per_sm;
    };
    static std::mutex lock;
    static std::vector<entry> known;
    const std::lock_guard<std::mutex> hold(lock);
    for (const entry& e : known)
        if (e.device == d.device && e.kernel == kernel && e.threads == threads && e.smem == smem)
            return e.per_sm;
    int per_sm = 0;
    GPUFEC_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, int(threads), smem));
    known.push_back({ d.device, kernel, threads, smem, per_sm });
    return per_sm;
}

/* Bytes of a channel value, sa or extrinsic in shared memory and the workspace. */
size_t value_bytes(const turbo_code_shape& s) { return s.params.metrics == turbo_metrics::INT16 ? 2 : 4; }

size_t smem_bytes(const turbo_code_shape& s, bool shared_channel)
{
    return smem_layout(s.K, shared_channel, s.params.stop != early_stop::NONE, value_bytes(s)).total;
}

/* docs/turbo.md, "Low-latency mode": a batch smaller than the multiprocessor count leaves
 * every block an SM of its own, so it takes more threads (forward and backward passes
 * concurrently, phase two split four ways) and keeps its channel LLRs in shared memory. */
launch_plan make_plan(const turbo_code_shape& s, size_t n_blocks, const turbo_launch_config& cfg,
                      const device_limits& d)
{
    const unsigned P = s.params.subblocks;
    const bool latency = n_blocks < size_t(d.sms);
    const kernel_fn kernel = kernel_for(s.params, s.K);
    if (cfg.threads_per_window != 0 && cfg.threads_per_window != 1 && cfg.threads_per_window != 2 &&
        cfg.threads_per_window != 4)
        throw std::invalid_argument("threads_per_window = " + std::to_string(cfg.threads_per_window) +
                                    " is not allowed: use 0 (automatic), 1, 2 or 4");
    const bool fits = smem_bytes(s, true) <= size_t(d.smem_optin);
    if (cfg.layout == turbo_layout::SHARED && !fits)
        throw std::invalid_argument("turbo_layout::SHARED needs " + std::to_string(smem_bytes(s, true)) +
                                    " bytes of shared memory at K = " + std::to_string(s.K) +
                                    ", the device allows " + std::to_string(d.smem_optin));
    launch_plan p{};
    p.shared_channel = cfg.layout == turbo_layout::SHARED || (cfg.layout == turbo_layout::AUTO && latency && fits);
    p.smem_bytes = smem_bytes(s, p.shared_channel);
    const auto threads_for = [&](unsigned T) {
        return unsigned(std::clamp<size_t>(round_up(size_t(P) * T, 32), min_threads, max_threads));
    };
    // Working threads (P T of a thread block) resident on a multiprocessor.
    const auto at_work = [&](unsigned T) {
        return size_t(blocks_per_sm(d, kernel, threads_for(T), p.smem_bytes)) * P * T;
    };
    p.T = cfg.threads_per_window;
    if (p.T == 0 && latency)
        p.T = 4 * P <= max_threads ? 4 : 2 * P <= max_threads ? 2 : 1;
    else if (p.T == 0)
        // A full batch takes a second thread a window (the backward pass beside the forward
        // one: a quarter more arithmetic, half the critical path) where that raises the
        // threads at work on a multiprocessor: at K = 6144, P = 64 and 128 (measured +11 % and
        // +17 %), not P = 192, whose thread blocks the register file then holds one at a time
        // instead of two (-7 %).
        p.T = 2 * P <= max_threads && at_work(2) > at_work(1) ? 2 : 1;
    p.threads = threads_for(p.T);
    p.slot_words = slot_layout(s.K, P, p.T, p.shared_channel, value_bytes(s)).total;

    const int per_sm = blocks_per_sm(d, kernel, p.threads, p.smem_bytes);
    if (per_sm < 1)
        throw std::runtime_error("the turbo decoder kernel does not fit on this device (" +
                                 std::to_string(p.smem_bytes) + " bytes of shared memory, " +
                                 std::to_string(p.threads) + " threads)");
    p.grid = unsigned(std::min<size_t>(n_blocks, size_t(per_sm) * size_t(d.sms)));
    return p;
}

} // namespace

size_t turbo_resident_blocks(const turbo_code_shape& shape)
{
    shape.params.validate(shape.K);
    const device_limits d = limits();
    // A batch of several waves: the plan's grid is then every thread block the device holds.
    return make_plan(shape, size_t(1) << 40, {}, d).grid;
}

size_t turbo_workspace_bytes(const turbo_code_shape& shape, size_t max_blocks)
{
    shape.params.validate(shape.K);
    const device_limits d = limits();
    size_t most = 0;
    for (unsigned T : { 1u, 2u, 4u })
        for (turbo_layout l : { turbo_layout::GLOBAL, turbo_layout::SHARED }) {
            if (l == turbo_layout::SHARED && smem_bytes(shape, true) > size_t(d.smem_optin))
                continue;
            const launch_plan p = make_plan(shape, std::max<size_t>(max_blocks, 1), { T, l }, d);
            most = std::max(most, size_t(p.grid) * p.slot_words * sizeof(uint32_t));
        }
    return most;
}

namespace {

/* Both entry points: @p llr holds float LLRs or, with 16-bit metrics, int8 values. */
void launch(const turbo_code_shape& shape,
            const void* llr,
            float llr_scale,
            size_t n_blocks,
            uint8_t* bits,
            float* app,
            int* iterations,
            void* workspace,
            size_t workspace_bytes,
            cudaStream_t stream,
            const turbo_launch_config& config)
{
    if (n_blocks == 0)
        return;
    const lte_turbo_params& prm = shape.params;
    prm.validate(shape.K);
    const device_limits d = limits();
    const bool int16 = prm.metrics == turbo_metrics::INT16;
    if (config.kernel == turbo_kernel::CLUSTER) {
        if (int16)
            throw std::invalid_argument("turbo_kernel::CLUSTER decodes float metrics only: use BLOCK or AUTO "
                                        "with metrics = int16");
        launch_turbo_cluster(shape, make_turbo_cluster_plan(shape, config), static_cast<const float*>(llr), n_blocks,
                             bits, app, iterations, stream);
        return;
    }
    if (config.kernel == turbo_kernel::AUTO && !int16 && n_blocks < size_t(d.sms) &&
        prm.subblocks >= turbo_cluster_auto_min_subblocks && turbo_cluster_supported()) {
        // docs/turbo.md, "Cluster kernel": a batch that one wave of clusters decodes at once.
        turbo_cluster_plan cp{};
        try {
            cp = make_turbo_cluster_plan(shape, config);
        } catch (const std::invalid_argument&) {
            cp.max_clusters = 0; // no cluster fits this shape: the BLOCK kernel decodes it
        }
        if (n_blocks <= size_t(cp.max_clusters)) {
            launch_turbo_cluster(shape, cp, static_cast<const float*>(llr), n_blocks, bits, app, iterations, stream);
            return;
        }
    }
    const launch_plan p = make_plan(shape, n_blocks, config, d);
    const size_t need = size_t(p.grid) * p.slot_words * sizeof(uint32_t);
    if (workspace_bytes < need)
        throw std::invalid_argument("turbo decoder workspace of " + std::to_string(workspace_bytes) +
                                    " bytes, this launch needs " + std::to_string(need));
    decode_args a{};
    a.K = shape.K;
    a.P = prm.subblocks;
    a.g = prm.guard;
    a.T = p.T;
    a.f1 = shape.f1;
    a.f2 = shape.f2;
    a.iterations = prm.iterations;
    a.scaling = prm.scaling;
    a.llr_scale = llr_scale;
    a.stop = prm.stop;
    a.pi = shape.pi;
    a.pi_inv = shape.pi_inv;
    a.llr = llr;
    a.n_blocks = n_blocks;
    a.bits = bits;
    a.app = app;
    a.iterations_used = iterations;
    a.workspace = static_cast<uint32_t*>(workspace);
    a.shared_channel = p.shared_channel;
    kernel_for(prm, shape.K)<<<p.grid, p.threads, p.smem_bytes, stream>>>(a);
    GPUFEC_CUDA_CHECK_LAUNCH();
}

/* The prologues read four channel values at a time (quad). */
template <typename T>
void require_quad_aligned(const T* llr)
{
    if (reinterpret_cast<uintptr_t>(llr) % (4 * sizeof(T)) != 0)
        throw std::invalid_argument("launch_turbo_decode: the LLRs must start on a multiple of " +
                                    std::to_string(4 * sizeof(T)) + " bytes (the kernel reads four at a time)");
}

} // namespace

void launch_turbo_decode(const turbo_code_shape& shape,
                         const float* llr,
                         size_t n_blocks,
                         uint8_t* bits,
                         float* app,
                         int* iterations,
                         void* workspace,
                         size_t workspace_bytes,
                         cudaStream_t stream,
                         const turbo_launch_config& config)
{
    if (shape.params.metrics != turbo_metrics::FLOAT)
        throw std::invalid_argument("launch_turbo_decode: float LLRs need metrics = float; 16-bit metrics "
                                    "take int8 values (the int8 overload)");
    require_quad_aligned(llr);
    launch(shape, llr, 1.0f, n_blocks, bits, app, iterations, workspace, workspace_bytes, stream, config);
}

void launch_turbo_decode(const turbo_code_shape& shape,
                         const int8_t* q,
                         float llr_scale,
                         size_t n_blocks,
                         uint8_t* bits,
                         float* app,
                         int* iterations,
                         void* workspace,
                         size_t workspace_bytes,
                         cudaStream_t stream,
                         const turbo_launch_config& config)
{
    if (shape.params.metrics != turbo_metrics::INT16)
        throw std::invalid_argument("launch_turbo_decode: int8 values need metrics = int16");
    if (!(std::isfinite(llr_scale) && llr_scale > 0.0f))
        throw std::invalid_argument("launch_turbo_decode: llr_scale = " + std::to_string(llr_scale) +
                                    " must be finite and > 0");
    require_quad_aligned(q);
    launch(shape, q, llr_scale, n_blocks, bits, app, iterations, workspace, workspace_bytes, stream, config);
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
