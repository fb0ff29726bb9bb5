/* The CUDA insertion/deletion MAP decoder (docs/bsid-cuda.md).
 *
 * One thread block decodes one frame. Its threads hold items (m', g): drift state m' (the
 * fastest index, so that a warp holds 32 consecutive drifts of one group) and symbol group g,
 * whose q / S symbols the item loops over. Per codeword i the forward pass sums, per item, the
 * prior-weighted lattice outputs over its symbols, and the block gathers alpha_{i+1}(m) from
 * them; the backward pass dots each lattice output with beta_{i+1}, giving beta_i and the symbol
 * posteriors. Every sum runs in a fixed order (per-thread loops, xor butterflies, one thread per
 * output), so results do not change from run to run. In LOCAL mode both passes compute the
 * lattices; in GLOBAL mode the gamma kernel computes them once, in parallel over (frame, i,
 * symbol, m'), and the passes read them.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "../cuda_check.h"
#include "bsid_lattice.h"
#include "bsid_map_kernels.h"
#include <algorithm>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace gr {
namespace gpufec {
namespace cuda {

using namespace bsid_detail;

namespace {

/* Shared bytes before the arrays: the block reductions' 32 doubles and 32 indices. */
constexpr size_t reserved_bytes = 512;

template <typename real>
struct fb_args {
    int n, q, N, L, I, M, width, smin, smax, fmin; // I = N + L: the stored gamma's stride
    int c1, c2;                                   // the register lattice's checkpoints
    const uint32_t* order;                        // N * q: each codebook's symbols, sorted
    bsid_lattice_weights<real> w;
    const uint32_t* code;
    const uint8_t* recv;
    const uint32_t* words;
    size_t n_words;
    const bsid_window_dev* win;
    const double* start;
    const double* priors;
    real* gamma;
    real* alpha;
    real* exch_global;
    real* scratch;
    double* post;
    uint32_t* dec;
    double* end;
    unsigned groups, m_pad;
    size_t exch_elems, words_shared, scratch_elems;
    bool exch_shared;
};

/* Every thread gets the same sum: the butterfly adds the same pairs in every lane (addition
 * commutes exactly), then each thread adds the warps' sums in warp order. */
template <typename real>
__device__ real block_sum(real v, real* red)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    __syncthreads(); // red may still be read by the previous call
    if ((threadIdx.x & 31) == 0)
        red[threadIdx.x >> 5] = v;
    __syncthreads();
    real t = real(0);
    for (unsigned k = 0; k < (blockDim.x >> 5); ++k)
        t += red[k];
    return t;
}

/* The largest value's index, the lowest on a tie (exact: no rounding in a maximum). */
template <typename real>
__device__ int block_argmax(real v, int idx, real* red, int* redi)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        const real ov = __shfl_xor_sync(0xffffffffu, v, o);
        const int oi = __shfl_xor_sync(0xffffffffu, idx, o);
        if (ov > v || (ov == v && oi < idx)) {
            v = ov;
            idx = oi;
        }
    }
    __syncthreads();
    if ((threadIdx.x & 31) == 0) {
        red[threadIdx.x >> 5] = v;
        redi[threadIdx.x >> 5] = idx;
    }
    __syncthreads();
    real bv = red[0];
    int bi = redi[0];
    for (unsigned k = 1; k < (blockDim.x >> 5); ++k)
        if (red[k] > bv || (red[k] == bv && redi[k] < bi)) {
            bv = red[k];
            bi = redi[k];
        }
    return bi;
}

/* The normaliser's inverse, 0 for a sum that is 0 or not finite (the row becomes zeros: no
 * path, as the reference has it). */
template <typename real>
__device__ __forceinline__ real inverse(real sum)
{
    return (sum > real(0) && isfinite(sum)) ? real(1) / sum : real(0);
}

template <typename real>
__device__ __forceinline__ real scaled(real v, real inv)
{
    return inv == real(0) ? real(0) : v * inv;
}

template <typename real>
__device__ __forceinline__ real warp_sum(real v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

/* The lattice vector of an item: register arrays of width W, or (W = 0, corridors wider than
 * 32) the thread's slice of the scratch buffer. */
template <typename real, int W>
struct lvec {
    real v[W];
    __device__ real& operator[](int s) { return v[s]; }
};
template <typename real>
struct lvec<real, 0> {
    real* v;
    __device__ real& operator[](int s) { return v[s]; }
};

/* Where an item's lattices come from. */
template <typename real, int W, bool MatchOnly>
struct lattice_source {
    const fb_args<real>& A;
    const bsid_window_dev& wd;
    const uint32_t* words; // packed received bits (shared or global)
    int64_t word_base;     // index of words[0] in the global word array
    register_lattice<real, W, MatchOnly> lat;

    __device__ lattice_source(const fb_args<real>& a, const bsid_window_dev& w, const uint32_t* wp, int64_t base)
        : A(a), wd(w), words(wp), word_base(base)
    {
        lat.init(A.n, A.width, A.smin, A.c1, A.c2, A.w);
    }

    /* A new item (drift, codeword index): its received bits differ. */
    __device__ __forceinline__ void begin() { lat.begin(); }

    /* R for codeword x at window position p (0 <= p <= length). */
    __device__ __forceinline__ void compute(uint32_t x, int64_t p, real (&row)[W])
    {
        const int64_t avail = wd.length - p;
        if (avail >= A.n + A.smax) {
            const int64_t bit = int64_t(wd.offset) + 32 * int64_t(bsid_words_before) + p + A.smin - 1;
            const uint64_t yw = read64(words - word_base, bit);
            lat.run(x, yw, row);
        } else {
            lattice_short<real, W>(x, A.n, A.recv + wd.offset + p, int(avail), A.smin, A.smax, A.w, row);
        }
    }
};

template <typename real, bool MatchOnly>
struct lattice_source<real, 0, MatchOnly> {
    const fb_args<real>& A;
    const bsid_window_dev& wd;
    real* row_scratch;

    __device__ lattice_source(const fb_args<real>& a, const bsid_window_dev& w, real* scratch)
        : A(a), wd(w), row_scratch(scratch)
    {
    }

    __device__ __forceinline__ void begin() {}

    __device__ __forceinline__ void compute(uint32_t x, int64_t p, real* out) const
    {
        const int64_t avail = wd.length - p;
        bsid_receiver_metric<real>(x, A.n, A.recv + wd.offset + p,
                                   int(avail < int64_t(1) << 30 ? avail : int64_t(1) << 30), A.smin,
                                   A.smax, A.w, row_scratch, out);
    }
};

template <typename real>
__device__ __forceinline__ real prior_of(const fb_args<real>& A, size_t f, int i, int D)
{
    return (A.priors && i < A.N) ? real(A.priors[(f * A.N + i) * A.q + D]) : real(1);
}

/* Codeword i's posteriors from pbuf[D * nw + k] (the warps' sums of alpha_i(m') s(m', D), the
 * prior included), normalised in double; a zero sum gives the normalised priors. */
template <typename real>
__device__ void posteriors(const fb_args<real>& A, size_t f, int i, real* pbuf, int nw, double* red, int* redi)
{
    const int q = A.q, T = int(blockDim.x), tid = int(threadIdx.x);
    const size_t row = (f * A.N + i) * size_t(q);
    double part = 0.0;
    for (int D = tid; D < q; D += T) {
        real v = real(0);
        for (int k = 0; k < nw; ++k)
            v += pbuf[size_t(D) * nw + k];
        pbuf[size_t(D) * nw] = v;
        part += double(v);
    }
    const double sum = block_sum(part, red);
    const bool fine = sum > 0.0 && isfinite(sum);
    double prior_sum = 1.0;
    if (!fine && A.priors) {
        double t = 0.0;
        for (int D = tid; D < q; D += T)
            t += A.priors[row + D];
        prior_sum = block_sum(t, red);
    }
    double best = -1.0;
    int best_d = 0;
    for (int D = tid; D < q; D += T) {
        const double out = fine ? double(pbuf[size_t(D) * nw]) / sum
                                : (A.priors ? A.priors[row + D] / prior_sum : 1.0 / q);
        if (A.post)
            A.post[row + D] = out;
        if (out > best) {
            best = out;
            best_d = D;
        }
    }
    if (A.dec) {
        const int d = block_argmax(best, best_d, red, redi);
        if (tid == 0)
            A.dec[f * A.N + i] = uint32_t(d);
    }
}

/* A frame with no path within the limits: the normalised priors (or 1/q), their argmax (the
 * lowest on a tie), no end drift. One thread per codeword. */
template <typename real>
__device__ void no_path(const fb_args<real>& A, size_t f)
{
    const int q = A.q;
    for (int b = threadIdx.x; b < A.M && A.end; b += blockDim.x)
        A.end[f * A.M + b] = 0.0;
    for (int i = threadIdx.x; i < A.N && (A.post || A.dec); i += blockDim.x) {
        const size_t row = (f * A.N + i) * size_t(q);
        double sum = 0.0;
        if (A.priors)
            for (int D = 0; D < q; ++D)
                sum += A.priors[row + D];
        int best = 0;
        double best_v = -1.0;
        for (int D = 0; D < q; ++D) {
            const double v = A.priors ? A.priors[row + D] / sum : 1.0 / q;
            if (A.post)
                A.post[row + D] = v;
            if (v > best_v) {
                best_v = v;
                best = D;
            }
        }
        if (A.dec)
            A.dec[f * A.N + i] = uint32_t(best);
    }
}

template <typename real>
__device__ __forceinline__ size_t gamma_index(const fb_args<real>& A, size_t f, int i, int s, int D, int a)
{
    return (((f * A.I + i) * A.width + s) * size_t(A.q) + D) * A.M + a;
}

/* The lattice output of item (a, symbol D) at codeword i into R (R[s >= width] = 0). */
template <typename real, int W, bool MatchOnly, bool Stored, class Source, class Vec>
__device__ __forceinline__ void item_lattice(const fb_args<real>& A,
                                             Source& src,
                                             size_t f,
                                             int i,
                                             int D,
                                             int a,
                                             int64_t p,
                                             Vec& R)
{
    if (Stored) {
        const int lim = W ? W : A.width;
#pragma unroll
        for (int s = 0; s < lim; ++s)
            R[s] = s < A.width ? A.gamma[gamma_index(A, f, i, s, D, a)] : real(0);
    } else {
        src.compute(A.code[size_t(i % A.N) * A.q + D], p, R.v);
    }
}

template <typename real, int W, bool MatchOnly, bool Stored>
__global__ void bsid_fb_kernel(const fb_args<real> A)
{
    extern __shared__ double smem_d[];
    unsigned char* const smem = reinterpret_cast<unsigned char*>(smem_d);
    const int M = A.M, width = A.width, smin = A.smin, q = A.q, n = A.n, N = A.N;
    const int Mp = int(A.m_pad), S = int(A.groups), per_group = q / S, nw = Mp / 32;
    const int T = int(blockDim.x), tid = int(threadIdx.x);
    const size_t f = blockIdx.x;
    double* const red = reinterpret_cast<double*>(smem);
    int* const redi = reinterpret_cast<int*>(smem + 256);
    real* const acur = reinterpret_cast<real*>(smem + reserved_bytes);
    real* const tmp = acur + Mp;
    real* const bpad = tmp + Mp; // beta_{i+1}(b) at bpad[width + b], zeros around
    real* const exch = A.exch_shared ? bpad + M + 2 * width : A.exch_global + f * A.exch_elems;
    uint32_t* const wsh = reinterpret_cast<uint32_t*>(bpad + M + 2 * width + (A.exch_shared ? A.exch_elems : 0));
    const bsid_window_dev wd = A.win[f];
    const int64_t length = wd.length, origin = wd.origin;
    const int I = wd.end_known ? N : N + A.L; // the reference decodes no lookahead at a known end
    real* const alpha = A.alpha + f * size_t(N + 1) * M;
    const int items = S * Mp;
    constexpr int lim_w = W;
    const int lim = lim_w ? lim_w : width;

    // The frame's received words to shared memory when they fit.
    const int64_t wlo = int64_t(wd.offset >> 5);
    const int64_t whi = min(int64_t((wd.offset + length + 128) >> 5) + 1, int64_t(A.n_words) - 1);
    const bool staged = W > 0 && whi - wlo + 1 <= int64_t(A.words_shared);
    if (staged)
        for (int64_t k = tid; k <= whi - wlo; k += T)
            wsh[k] = A.words[wlo + k];
    const uint32_t* const wp = staged ? wsh : A.words;
    const int64_t wbase = staged ? wlo : 0;

    real* const scratch = W == 0 ? A.scratch + (f * T + tid) * size_t(4 * width) : nullptr;
    lvec<real, W> R, acc, bvec;
    if constexpr (W == 0) {
        R.v = scratch + width;
        acc.v = scratch + 2 * width;
        bvec.v = scratch + 3 * width;
    }
    auto src = [&] {
        if constexpr (W == 0)
            return lattice_source<real, 0, MatchOnly>(A, wd, scratch);
        else
            return lattice_source<real, W, MatchOnly>(A, wd, wp, wbase);
    }();

    // alpha_0: the start prior at the possible positions, normalised.
    real part = real(0);
    for (int b = tid; b < Mp; b += T) {
        real v = real(0);
        if (b < M) {
            const int64_t m = b + A.fmin, p = origin + m;
            if (p >= 0 && p <= length)
                v = A.start ? real(A.start[f * M + b]) : real(m == 0 ? 1 : 0);
        }
        tmp[b] = v;
        part += v;
    }
    real inv = inverse(block_sum(part, reinterpret_cast<real*>(red)));
    for (int b = tid; b < Mp; b += T) {
        acur[b] = scaled(tmp[b], inv);
        if (b < M)
            alpha[b] = acur[b];
    }

    // Forward: alpha_1 .. alpha_I, rows up to N stored (a row of zeros stays zeros: no path).
    for (int i = 0; i < I; ++i) {
        __syncthreads();
        for (int it = tid; it < items; it += T) {
            const int a = it % Mp, g = it / Mp;
            const real al = a < M ? acur[a] : real(0);
#pragma unroll
            for (int s = 0; s < lim; ++s)
                acc[s] = real(0);
            const int64_t p = origin + int64_t(n) * i + a + A.fmin;
            if (al != real(0) && p >= 0 && p <= length) {
                src.begin();
                for (int j = g * per_group; j < (g + 1) * per_group; ++j) {
                    const int D = int(A.order[size_t(i % N) * q + j]);
                    const real pr = prior_of(A, f, i, D);
                    if (pr == real(0))
                        continue;
                    item_lattice<real, W, MatchOnly, Stored>(A, src, f, i, D, a, p, R);
#pragma unroll
                    for (int s = 0; s < lim; ++s)
                        acc[s] = fma(pr, R[s], acc[s]);
                }
            }
#pragma unroll
            for (int s = 0; s < lim; ++s)
                if (s < width)
                    exch[(size_t(g) * width + s) * Mp + a] = al * acc[s];
        }
        __syncthreads();
        part = real(0);
        for (int b = tid; b < Mp; b += T) {
            real v = real(0);
            for (int s = 0; s < width; ++s) {
                const int a = b - s - smin;
                if (a >= 0 && a < M)
                    for (int g = 0; g < S; ++g)
                        v += exch[(size_t(g) * width + s) * Mp + a];
            }
            v = b < M ? v : real(0);
            tmp[b] = v;
            part += v;
        }
        inv = inverse(block_sum(part, reinterpret_cast<real*>(red)));
        for (int b = tid; b < Mp; b += T) {
            acur[b] = scaled(tmp[b], inv);
            if (b < M && i < N)
                alpha[size_t(i + 1) * M + b] = acur[b];
        }
    }

    // beta at the last boundary: the known end, or every end inside the window.
    __syncthreads();
    for (int b = tid; b < M + 2 * width; b += T)
        bpad[b] = real(0);
    __syncthreads();
    part = real(0);
    for (int b = tid; b < M; b += T) {
        const int64_t m = b + A.fmin;
        const int64_t p = origin + int64_t(n) * I + m;
        const bool on = wd.end_known ? (m == length - origin - int64_t(n) * N) : (p >= 0 && p <= length);
        tmp[b] = on ? real(1) : real(0);
        part += tmp[b];
    }
    inv = inverse(block_sum(part, reinterpret_cast<real*>(red)));
    part = real(0);
    for (int b = tid; b < M; b += T) {
        bpad[width + b] = scaled(tmp[b], inv);
        part += acur[b] * bpad[width + b];
    }
    // A frame with no path within the limits: its priors, no end drift.
    if (!(block_sum(part, reinterpret_cast<real*>(red)) > real(0))) {
        no_path(A, f);
        return;
    }

    // The end-drift posterior alpha_N beta_N, in double as the reference computes it.
    const auto end_drift = [&]() {
        __syncthreads();
        double pt = 0.0;
        for (int b = tid; b < M; b += T)
            pt += double(alpha[size_t(N) * M + b]) * double(bpad[width + b]);
        const double s = block_sum(pt, red);
        const bool fine = s > 0.0 && isfinite(s);
        for (int b = tid; b < M; b += T)
            A.end[f * M + b] = fine ? double(alpha[size_t(N) * M + b]) * double(bpad[width + b]) / s : 0.0;
    };
    if (A.end && I == N)
        end_drift();

    // Backward: beta_i, and the posteriors of codewords i < N.
    real* const pbuf = exch + size_t(S) * Mp; // q * nw warp sums of alpha_i(m') s(m', D)
    const bool want = A.post || A.dec;
    for (int i = I - 1; i >= 0; --i) {
        __syncthreads();
        for (int it = tid; it < items; it += T) {
            const int a = it % Mp, g = it / Mp;
            const bool live_state = a < M;
            const int64_t p = origin + int64_t(n) * i + a + A.fmin;
            const bool possible = live_state && p >= 0 && p <= length;
#pragma unroll
            for (int s = 0; s < lim; ++s)
                bvec[s] = (live_state && s < width) ? bpad[width + a + smin + s] : real(0);
            const real al = (live_state && i < N) ? alpha[size_t(i) * M + a] : real(0);
            real bsum = real(0);
            src.begin();
            for (int j = g * per_group; j < (g + 1) * per_group; ++j) {
                const int D = int(A.order[size_t(i % N) * q + j]);
                const real pr = prior_of(A, f, i, D);
                real sd = real(0);
                if (possible && pr != real(0)) {
                    item_lattice<real, W, MatchOnly, Stored>(A, src, f, i, D, a, p, R);
#pragma unroll
                    for (int s = 0; s < lim; ++s)
                        sd = fma(R[s], bvec[s], sd);
                    sd *= pr;
                }
                bsum += sd;
                if (i < N && want) {
                    const real v = warp_sum(al * sd);
                    if ((tid & 31) == 0)
                        pbuf[size_t(D) * nw + a / 32] = v;
                }
            }
            exch[size_t(g) * Mp + a] = bsum;
        }
        __syncthreads();
        part = real(0);
        for (int b = tid; b < M; b += T) {
            real v = real(0);
            for (int g = 0; g < S; ++g)
                v += exch[size_t(g) * Mp + b];
            tmp[b] = v;
            part += v;
        }
        inv = inverse(block_sum(part, reinterpret_cast<real*>(red)));
        if (i < N && want)
            posteriors(A, f, i, pbuf, nw, red, redi);
        for (int b = tid; b < M; b += T)
            bpad[width + b] = scaled(tmp[b], inv);
        if (A.end && i == N)
            end_drift();
    }
}

/* GLOBAL mode: every lattice of the batch, one thread each, m' the fastest index. */
template <typename real, int W, bool MatchOnly>
__global__ void bsid_gamma_kernel(const fb_args<real> A, size_t frames)
{
    const size_t total = frames * size_t(A.I) * A.q * A.M;
    const size_t stride = size_t(gridDim.x) * blockDim.x;
    const size_t me = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
    real* const scratch = W == 0 ? A.scratch + me * size_t(2 * A.width) : nullptr;
    lvec<real, W> R;
    if constexpr (W == 0)
        R.v = scratch + A.width;
    for (size_t t = me; t < total; t += stride) {
        const int a = int(t % A.M);
        size_t rest = t / A.M;
        const int D = int(rest % A.q);
        rest /= A.q;
        const int i = int(rest % A.I);
        const size_t f = rest / A.I;
        const bsid_window_dev wd = A.win[f];
        if (wd.end_known && i >= A.N)
            continue; // the reference decodes no lookahead at a known end
        const int64_t p = wd.origin + int64_t(A.n) * i + a + A.fmin;
        const int lim = W ? W : A.width;
        if (p >= 0 && p <= wd.length) {
            if constexpr (W == 0) {
                lattice_source<real, 0, MatchOnly> src(A, wd, scratch);
                src.compute(A.code[size_t(i % A.N) * A.q + D], p, R.v);
            } else {
                lattice_source<real, W, MatchOnly> src(A, wd, A.words, 0);
                src.compute(A.code[size_t(i % A.N) * A.q + D], p, R.v);
            }
        } else {
#pragma unroll
            for (int s = 0; s < lim; ++s)
                R[s] = real(0);
        }
#pragma unroll
        for (int s = 0; s < (W ? W : A.width); ++s)
            if (s < A.width)
                A.gamma[gamma_index(A, f, i, s, D, a)] = R[s];
    }
}

__global__ void pack_kernel(const uint8_t* __restrict__ in, size_t bits, uint32_t* __restrict__ words, size_t n_words)
{
    for (size_t k = blockIdx.x * size_t(blockDim.x) + threadIdx.x; k < n_words; k += size_t(gridDim.x) * blockDim.x) {
        uint32_t w = 0;
        if (k >= bsid_words_before) {
            const size_t b0 = (k - bsid_words_before) * 32;
            for (int j = 0; j < 32; ++j)
                if (b0 + j < bits && in[b0 + j])
                    w |= 1u << (31 - j);
        }
        words[k] = w;
    }
}

/* The instantiations, looked up at run time. */
template <typename real>
struct kernel_set {
    void (*fb)(fb_args<real>);
    void (*gamma)(fb_args<real>, size_t);
};

template <typename real, int W, bool MatchOnly>
kernel_set<real> kernels_for(bool stored)
{
    return { stored ? bsid_fb_kernel<real, W, MatchOnly, true> : bsid_fb_kernel<real, W, MatchOnly, false>,
             bsid_gamma_kernel<real, W, MatchOnly> };
}

/* Register widths 1 .. 16 (exact), 24 and 32, then the generic kernels. */
template <typename real, bool MatchOnly, int W = 1>
kernel_set<real> kernels_for(int w, bool stored)
{
    if constexpr (W <= bsid_exact_widths) {
        if (w == W)
            return kernels_for<real, W, MatchOnly>(stored);
        return kernels_for<real, MatchOnly, W + 1>(w, stored);
    } else {
        if (w == 24)
            return kernels_for<real, 24, MatchOnly>(stored);
        if (w == 32)
            return kernels_for<real, 32, MatchOnly>(stored);
        return kernels_for<real, 0, false>(stored);
    }
}

/* ps = 0 with the transmission weight at least 1/2, in float (the fast path; double is for
 * accuracy): the lattice runs with it scaled to 1 (common factor P_t^-n, at most 2^32,
 * cancelled by the normalisations). */
template <typename real>
bool match_only(const bsid_params& c)
{
    return std::is_same<real, float>::value && c.ps == 0.0 && c.pt() >= 0.5;
}

template <typename real>
kernel_set<real> kernels_for(int w, const bsid_params& c, bool stored)
{
    if constexpr (std::is_same<real, float>::value)
        if (match_only<real>(c))
            return kernels_for<real, true>(w, stored);
    return kernels_for<real, false>(w, stored);
}

template <typename real>
bsid_lattice_weights<real> kernel_weights(const bsid_params& c)
{
    if (!match_only<real>(c))
        return make_bsid_lattice_weights<real>(c.pi, c.pd, c.ps);
    const double pt = c.pt();
    return bsid_lattice_weights<real>{ real(c.pi / 2), real(c.pd / pt), real(1), real(0) };
}

int width_template(int width)
{
    if (width <= bsid_exact_widths)
        return width;
    return width <= 24 ? 24 : width <= 32 ? 32 : 0;
}

/* The device properties the plan reads (attribute queries: cheap enough for every call). */
struct device_limits {
    int multiProcessorCount, maxThreadsPerMultiProcessor, maxThreadsPerBlock, maxBlocksPerMultiProcessor;
    int sharedMemPerBlockOptin, sharedMemPerMultiprocessor, maxGridSize[1];
};

device_limits current_device_limits()
{
    int dev = 0;
    GPUFEC_CUDA_CHECK(cudaGetDevice(&dev));
    device_limits d{};
    const auto get = [dev](cudaDeviceAttr a) {
        int v = 0;
        GPUFEC_CUDA_CHECK(cudaDeviceGetAttribute(&v, a, dev));
        return v;
    };
    d.multiProcessorCount = get(cudaDevAttrMultiProcessorCount);
    d.maxThreadsPerMultiProcessor = get(cudaDevAttrMaxThreadsPerMultiProcessor);
    d.maxThreadsPerBlock = get(cudaDevAttrMaxThreadsPerBlock);
    d.maxBlocksPerMultiProcessor = get(cudaDevAttrMaxBlocksPerMultiprocessor);
    d.sharedMemPerBlockOptin = get(cudaDevAttrMaxSharedMemoryPerBlockOptin);
    d.sharedMemPerMultiprocessor = get(cudaDevAttrMaxSharedMemoryPerMultiprocessor);
    d.maxGridSize[0] = get(cudaDevAttrMaxGridDimX);
    return d;
}

size_t real_bytes(const bsid_map_shape& s) { return s.precision == bsid_precision::DOUBLE ? 8 : 4; }

template <typename real>
cudaFuncAttributes fb_attributes(const bsid_map_shape& s, int w, bool stored)
{
    cudaFuncAttributes attr{};
    GPUFEC_CUDA_CHECK(cudaFuncGetAttributes(&attr, kernels_for<real>(w, s.channel, stored).fb));
    return attr;
}

template <typename real>
void launch(const bsid_map_shape& s, const bsid_map_plan& plan, const bsid_map_buffers& b, size_t frames, cudaStream_t st)
{
    const bool stored = b.gamma != nullptr;
    const kernel_set<real> k = kernels_for<real>(plan.width_template, s.channel, stored);
    fb_args<real> A{};
    A.n = s.n;
    A.q = s.q;
    A.N = s.N;
    A.L = s.lookahead;
    A.I = s.N + s.lookahead;
    A.M = int(s.limits.frame_states());
    A.width = int(s.limits.symbol_states());
    A.smin = s.limits.symbol_min;
    A.smax = s.limits.symbol_max;
    A.fmin = s.limits.frame_min;
    A.w = kernel_weights<real>(s.channel);
    A.code = s.codewords;
    A.order = s.order;
    A.c1 = s.prefix1;
    A.c2 = s.prefix2;
    A.recv = b.received;
    A.words = b.words;
    A.win = b.windows;
    A.start = b.start_drift;
    A.priors = b.priors;
    A.gamma = static_cast<real*>(b.gamma);
    A.alpha = static_cast<real*>(b.alpha);
    A.exch_global = static_cast<real*>(b.exch_scratch);
    A.scratch = static_cast<real*>(b.lattice_scratch);
    A.post = b.posteriors;
    A.dec = b.decisions;
    A.end = b.end_drift;
    A.groups = plan.groups;
    A.m_pad = plan.m_pad;
    A.exch_elems = plan.exch_elems;
    A.exch_shared = plan.exch_shared;
    A.words_shared = plan.words_shared;
    A.scratch_elems = plan.lattice_scratch_elems;
    A.n_words = b.n_words;
    if (stored) {
        const size_t total = frames * size_t(A.I) * A.q * A.M;
        const size_t blocks = std::min<size_t>((total + plan.gamma_threads - 1) / plan.gamma_threads, plan.gamma_blocks);
        k.gamma<<<unsigned(std::max<size_t>(blocks, 1)), unsigned(plan.gamma_threads), 0, st>>>(A, frames);
        GPUFEC_CUDA_CHECK_LAUNCH();
    }
    GPUFEC_CUDA_CHECK(cudaFuncSetAttribute(k.fb, cudaFuncAttributeMaxDynamicSharedMemorySize, int(plan.shared_bytes)));
    for (size_t f0 = 0; f0 < frames; f0 += plan.max_grid) {
        fb_args<real> P = A;
        const size_t cnt = std::min<size_t>(plan.max_grid, frames - f0);
        // Later grids see their frames as frame 0 onwards: shift every per-frame pointer.
        P.win += f0;
        P.start = A.start ? A.start + f0 * A.M : nullptr;
        P.priors = A.priors ? A.priors + f0 * size_t(A.N) * A.q : nullptr;
        P.gamma = A.gamma ? A.gamma + f0 * bsid_gamma_elems(s) : nullptr;
        P.alpha += f0 * bsid_alpha_elems(s);
        P.exch_global = A.exch_global ? A.exch_global + f0 * plan.exch_elems : nullptr;
        P.scratch = A.scratch ? A.scratch + f0 * plan.lattice_scratch_elems : nullptr;
        P.post = A.post ? A.post + f0 * size_t(A.N) * A.q : nullptr;
        P.dec = A.dec ? A.dec + f0 * size_t(A.N) : nullptr;
        P.end = A.end ? A.end + f0 * A.M : nullptr;
        k.fb<<<unsigned(cnt), plan.threads, plan.shared_bytes, st>>>(P);
        GPUFEC_CUDA_CHECK_LAUNCH();
    }
}

} // namespace

size_t bsid_gamma_elems(const bsid_map_shape& s)
{
    return size_t(s.N + s.lookahead) * s.limits.frame_states() * size_t(s.q) * s.limits.symbol_states();
}

size_t bsid_alpha_elems(const bsid_map_shape& s) { return size_t(s.N + 1) * s.limits.frame_states(); }

bsid_map_plan plan_bsid_map(const bsid_map_shape& s, size_t frames, size_t max_window)
{
    const device_limits prop = current_device_limits();
    const size_t M = s.limits.frame_states(), width = s.limits.symbol_states(), q = size_t(s.q);
    const size_t rb = real_bytes(s);

    bsid_map_plan plan{};
    plan.width_template = width_template(int(width));
    plan.m_pad = unsigned((M + 31) / 32 * 32);
    const bool is_double = s.precision == bsid_precision::DOUBLE;
    // Both modes' kernels: a plan serves either storage mode.
    size_t max_threads = size_t(prop.maxThreadsPerBlock);
    for (bool stored : { false, true }) {
        const cudaFuncAttributes attr = is_double ? fb_attributes<double>(s, plan.width_template, stored)
                                                  : fb_attributes<float>(s, plan.width_template, stored);
        max_threads = std::min(max_threads, size_t(attr.maxThreadsPerBlock));
    }
    max_threads = std::max<size_t>(32, max_threads / 32 * 32);

    // Symbol groups: split a frame's symbols over more threads only while the batch alone
    // would not fill the device (each group adds to the gathers).
    const size_t resident = size_t(prop.multiProcessorCount) * prop.maxThreadsPerMultiProcessor;
    size_t S = 1;
    while (S < q && std::max<size_t>(frames, 1) * S * plan.m_pad < resident && 2 * S * plan.m_pad <= max_threads)
        S *= 2;
    plan.groups = unsigned(S);
    plan.threads = unsigned(std::min<size_t>(S * plan.m_pad, max_threads));

    // Shared memory: the per-block share that keeps the multiprocessor full of threads.
    const size_t blocks_per_sm = std::max<size_t>(
        1, std::min<size_t>(size_t(prop.maxBlocksPerMultiProcessor), prop.maxThreadsPerMultiProcessor / plan.threads));
    const size_t optin = size_t(prop.sharedMemPerBlockOptin);
    const size_t budget = std::min(optin, std::max<size_t>(size_t(prop.sharedMemPerMultiprocessor) / blocks_per_sm,
                                                           48 * 1024));
    const size_t base = reserved_bytes + (2 * plan.m_pad + M + 2 * width) * rb;
    if (base > optin)
        throw std::invalid_argument("bsid CUDA decoder: " + std::to_string(M) + " drift states need " +
                                    std::to_string(base) + " bytes of shared memory, the device has " +
                                    std::to_string(optin) + " per block");
    plan.exch_elems = std::max(S * width * plan.m_pad, S * plan.m_pad + q * (plan.m_pad / 32));
    plan.exch_shared = base + plan.exch_elems * rb <= budget;
    size_t used = base + (plan.exch_shared ? plan.exch_elems * rb : 0);
    const size_t words = (max_window + 128) / 32 + 4;
    plan.words_shared = (plan.width_template > 0 && used + words * 4 <= budget) ? words : 0;
    used += plan.words_shared * 4;
    plan.shared_bytes = used;
    plan.lattice_scratch_elems = plan.width_template == 0 ? size_t(plan.threads) * 4 * width : 0;

    plan.gamma_threads = 256;
    plan.gamma_blocks = size_t(prop.multiProcessorCount) * 16;
    plan.gamma_scratch_elems =
        plan.width_template == 0 ? plan.gamma_blocks * plan.gamma_threads * 2 * width : 0;
    plan.max_grid = size_t(prop.maxGridSize[0]);
    return plan;
}

void launch_bsid_pack(const uint8_t* received, size_t bits, uint32_t* words, cudaStream_t stream)
{
    const size_t n = bsid_packed_words(bits);
    const size_t blocks = std::min<size_t>((n + 255) / 256, 65535);
    pack_kernel<<<unsigned(blocks), 256, 0, stream>>>(received, bits, words, n);
    GPUFEC_CUDA_CHECK_LAUNCH();
}

void launch_bsid_map(const bsid_map_shape& s,
                     const bsid_map_plan& plan,
                     const bsid_map_buffers& b,
                     size_t frames,
                     cudaStream_t stream)
{
    if (!frames)
        return;
    if (s.precision == bsid_precision::DOUBLE)
        launch<double>(s, plan, b, frames, stream);
    else
        launch<float>(s, plan, b, frames, stream);
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
