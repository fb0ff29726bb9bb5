/* The device code of the CUDA insertion/deletion MAP decoder (docs/bsid-cuda.md): the
 * forward-backward kernel, the gamma kernel of the GLOBAL mode and the packing of the received
 * bits; bsid_map_kernels.cu instantiates and launches them.
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
 *
 * Only CUDA's thread model appears here (threadIdx, blockIdx, blockDim, gridDim,
 * __syncthreads, __shfl_xor_sync, the dynamic shared memory through BSID_SHARED_MEMORY), so that
 * qa_bsid_emulated can run the kernels on the host, one std::thread per CUDA thread, against
 * the CPU decoder.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_BSID_MAP_DEVICE_H
#define INCLUDED_GPUFEC_CUDA_BSID_MAP_DEVICE_H

#include "bsid_lattice.h"
#include "bsid_map_kernels.h"
#include <cstddef>
#include <cstdint>

#ifndef BSID_SHARED_MEMORY
#define BSID_SHARED_MEMORY(name) extern __shared__ double name[]
#endif

namespace gr {
namespace gpufec {
namespace cuda {
namespace bsid_device {
/* Internal linkage: the launchers' translation unit and the host emulation each have their own
 * copy, so that the emulation never links against the CUDA launch stubs of the same names. */
namespace {

using namespace bsid_detail;

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
BSID_UNROLL
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
BSID_UNROLL
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
BSID_UNROLL
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

/* alpha_0(b) before normalisation: the start prior (or 1 at drift 0) where the state exists. */
template <typename real>
__device__ __forceinline__ real start_weight(const fb_args<real>& A, size_t f, const bsid_window_dev& wd, int b)
{
    const int64_t m = b + A.fmin, p = wd.origin + m;
    if (p < 0 || p > wd.length)
        return real(0);
    return A.start ? real(A.start[f * A.M + b]) : real(m == 0 ? 1 : 0);
}

/* beta_I(b) before normalisation, I the last boundary: 1 at the known end, or at every end
 * inside the window. */
template <typename real>
__device__ __forceinline__ real end_weight(const fb_args<real>& A, const bsid_window_dev& wd, int I, int b)
{
    const int64_t m = b + A.fmin, p = wd.origin + int64_t(A.n) * I + m;
    const bool on = wd.end_known ? (m == wd.length - wd.origin - int64_t(A.n) * A.N) : (p >= 0 && p <= wd.length);
    return on ? real(1) : real(0);
}

/* The end-drift posterior alpha_N beta_N, normalised in double as the reference computes it. */
template <typename real>
__device__ void end_drift_posterior(const fb_args<real>& A, size_t f, const real* alpha_n, const real* beta_n, double* red)
{
    __syncthreads();
    const int M = A.M, T = int(blockDim.x), tid = int(threadIdx.x);
    double pt = 0.0;
    for (int b = tid; b < M; b += T)
        pt += double(alpha_n[b]) * double(beta_n[b]);
    const double s = block_sum(pt, red);
    const bool fine = s > 0.0 && isfinite(s);
    for (int b = tid; b < M; b += T)
        A.end[f * M + b] = fine ? double(alpha_n[b]) * double(beta_n[b]) / s : 0.0;
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
BSID_UNROLL
        for (int s = 0; s < lim; ++s)
            R[s] = s < A.width ? A.gamma[gamma_index(A, f, i, s, D, a)] : real(0);
    } else {
        src.compute(A.code[size_t(i % A.N) * A.q + D], p, R.v);
    }
}

template <typename real, int W, bool MatchOnly, bool Stored>
__global__ void bsid_fb_kernel(const fb_args<real> A)
{
    BSID_SHARED_MEMORY(smem_d);
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
    const int64_t wend = int64_t((wd.offset + length + 128) >> 5) + 1;
    const int64_t whi = wend < int64_t(A.n_words) - 1 ? wend : int64_t(A.n_words) - 1;
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
        const real v = b < M ? start_weight(A, f, wd, b) : real(0);
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
BSID_UNROLL
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
BSID_UNROLL
                    for (int s = 0; s < lim; ++s)
                        acc[s] = fma(pr, R[s], acc[s]);
                }
            }
BSID_UNROLL
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
        tmp[b] = end_weight(A, wd, I, b);
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

    if (A.end && I == N)
        end_drift_posterior(A, f, alpha + size_t(N) * M, bpad + width, red);

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
BSID_UNROLL
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
BSID_UNROLL
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
            end_drift_posterior(A, f, alpha + size_t(N) * M, bpad + width, red);
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
BSID_UNROLL
            for (int s = 0; s < lim; ++s)
                R[s] = real(0);
        }
BSID_UNROLL
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


} // namespace
} // namespace bsid_device
} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
