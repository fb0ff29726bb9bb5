/* The CUDA forward-backward kernel of the pooled lattice (docs/bsid-cuda.md, "Pooled
 * lattice"): one thread block per frame, a symbol's q codeword lattices
 * (common/bsid/pooled_lattice.h) computed by a Lattice policy (the shared-memory pipeline here,
 * or the registers of bsid_pooled_registers.h), the sums over them by the block.
 * Only CUDA's thread model, as bsid_map_device.h, so that the host emulation can run it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_BSID_POOLED_DEVICE_H
#define INCLUDED_GPUFEC_CUDA_BSID_POOLED_DEVICE_H

#include "bsid_map_device.h"
#include "bsid/common/bsid_pooled_lattice.h"

namespace gr {
namespace gpufec {
namespace cuda {
namespace bsid_device {
namespace {

/* The shared-memory pipeline's threads per block at most (so at most 64 registers a thread:
 * wide drift ranges want many segments, and a full multiprocessor hides more of the lattice's
 * latency), and the columns a segment aims at (bsid_map_kernels.cu, plan_bsid_pooled). */
constexpr size_t pooled_max_threads = 1024;
constexpr size_t pooled_segment_columns = 32;

/* Reals of the per-frame lattice rows, posterior sums and priors. */
inline size_t pooled_rows_elems(int M, int q) { return size_t(M) * q + 2 * size_t(q); }

/* The frame's received bits as each lattice reads them: bytes (staged in shared memory when
 * they fit) or the batch's packed words from batch bit bit0 on. */
struct pooled_received {
    const uint8_t* y;
    int64_t bit0;
};

/* The pooled lattice's cells in shared memory: a codeword's lattice over all M drift columns cut
 * into G column segments, a thread each, computed as a pipeline with two barriers a step
 * (below); its row a column of the [c][x] array `rows` (consecutive threads, consecutive
 * addresses). For any number of drift columns (pooled_register_segments: at most 32 G). */
template <typename real>
struct pooled_shared_segments {
    static constexpr int max_threads = int(pooled_max_threads);
    int G, P, seg, xl, a, b;

    __device__ explicit pooled_shared_segments(const fb_args<real>& A)
    {
        // G segments of P = T / G threads: thread (seg, xl) computes columns [a, b] of codeword
        // x0 + xl's lattice (a warp: one segment of consecutive codewords, consecutive addresses).
        const int T = int(blockDim.x), tid = int(threadIdx.x), M = A.M;
        G = int(A.groups);
        P = T / G;
        seg = tid / P;
        xl = tid % P;
        a = int((int64_t(seg) * M) / G);
        b = int((int64_t(seg + 1) * M) / G) - 1;
    }

private:
    /* Cells [c0, c1] of row k of codeword x's lattice (kk = rows done: 0 is the seed row). */
    template <bool Backward>
    __device__ __forceinline__ void cells(const fb_args<real>& A, uint32_t x, int k, int kk, int c0, int c1,
                                          long long p0, int64_t length, const pooled_received& rx,
                                          const real* seed, real* r) const
    {
        const size_t q = size_t(A.q);
        if constexpr (Backward) {
            if (kk == 0)
                bsid_pooled_end_cells<real>(A.n, c0, c1, p0, length, A.M, seed, r, q);
            else
                bsid_pooled_backward_cells<real>(x, A.n, k, c0, c1, rx.y, p0, length, A.M, A.w, r, q);
        } else {
            if (kk == 0)
                bsid_pooled_seed_cells<real>(c0, c1, p0, length, A.M, A.w, seed, r, q);
            else
                bsid_pooled_forward_cells<real>(x, A.n, k, c0, c1, rx.y, p0, length, A.M, A.w, r, q);
        }
    }

public:
    /* Forwards (Backward false) row n of every codeword x < q of the symbol, backwards row 0,
     * into rows[c q + x]; the codewords' priors into prow[x]. */
    template <bool Backward>
    __device__ void passes(const fb_args<real>& A, size_t f, int i, long long p0, int64_t length,
                           const pooled_received& rx, const real* seed, real* rows, real* prow) const
    {
        const int q = A.q, n = A.n;
        const uint32_t* const cw = A.code + size_t(i % A.N) * q;
        for (int x0 = 0; x0 < q; x0 += P) {
            const int x = x0 + xl;
            const real pr = x < q ? prior_of(A, f, i, x) : real(0);
            if (x < q && seg == 0)
                prow[x] = pr;
            real* const r = rows + x;
            const bool run = x < q && pr != real(0);
            if (x < q && !run)
                for (int c = a; c <= b; ++c)
                    r[size_t(c) * q] = real(0);
            // In pipeline position sp (segment seg forwards, G - 1 - seg backwards) a segment
            // computes its kk-th row in step s = sp + kk: forwards row kk, column a first (its
            // column a-1 is from step s-1 of segment seg-1, its column b+1 of the previous row
            // from the first phase of this step of segment seg+1, which leaves that column alone
            // in the second phase); backwards row n - kk, mirrored, column b first.
            const int sp = Backward ? G - 1 - seg : seg;
            const int first = Backward ? b : a, rest0 = Backward ? a : a + 1, rest1 = Backward ? b - 1 : b;
            for (int s = 0; s < n + G; ++s) {
                const int kk = s - sp, k = Backward ? n - kk : kk;
                const bool mine = run && kk >= 0 && kk <= n;
                if (mine)
                    cells<Backward>(A, cw[x], k, kk, first, first, p0, length, rx, seed, r);
                __syncthreads();
                if (mine)
                    cells<Backward>(A, cw[x], k, kk, rest0, rest1, p0, length, rx, seed, r);
                __syncthreads();
            }
        }
    }
};

/* One thread block per frame; Lattice (pooled_shared_segments or pooled_register_segments)
 * computes a symbol's q lattices, the block the sums over them. After a barrier one thread per
 * column sums over x in increasing order (alpha_{i+1}, beta_i); one thread per codeword sums its
 * posterior over the columns from the last one down: every sum in a fixed order, as on the CPU
 * (bsid_map_cpu.cc, which calls the same lattice functions).
 *
 * Shared memory: the block reductions, alpha_i, beta_{i+1} and a temporary row (M each), then
 * the rows, the posterior sums and the priors of the symbol (M q + 2 q, in shared memory when
 * they fit, else per frame in exch_global), then the frame's received bytes when they fit. */
template <typename real, class Lattice>
__global__ void __launch_bounds__(Lattice::max_threads) bsid_pooled_kernel(const fb_args<real> A)
{
    BSID_SHARED_MEMORY(smem_d);
    unsigned char* const smem = reinterpret_cast<unsigned char*>(smem_d);
    const int M = A.M, q = A.q, n = A.n, N = A.N;
    const int T = int(blockDim.x), tid = int(threadIdx.x);
    const Lattice lattice(A);
    const size_t f = blockIdx.x;
    double* const red = reinterpret_cast<double*>(smem);
    int* const redi = reinterpret_cast<int*>(smem + 256);
    real* const acur = reinterpret_cast<real*>(smem + reserved_bytes);
    real* const bcur = acur + M;
    real* const tmp = bcur + M;
    real* const rows = A.exch_shared ? tmp + M : A.exch_global + f * A.exch_elems;
    real* const psum = rows + size_t(M) * q; // per codeword: prior(x) sum_c alpha_i(c) B_x(c)
    real* const prow = psum + q;             // per codeword: the symbol's prior
    uint8_t* const ysh = reinterpret_cast<uint8_t*>(A.exch_shared ? prow + q : tmp + M);
    const bsid_window_dev wd = A.win[f];
    const int64_t length = wd.length, origin = wd.origin;
    const int I = wd.end_known ? N : N + A.L; // the reference decodes no lookahead at a known end
    real* const alpha = A.alpha + f * size_t(N + 1) * M;

    // The frame's received bytes to shared memory when they fit (words_shared counts bytes).
    const bool staged = length <= int64_t(A.words_shared);
    if (staged)
        for (int64_t k = tid; k < length; k += T)
            ysh[k] = A.recv[wd.offset + k];
    const pooled_received rx{ staged ? ysh : A.recv + wd.offset,
                              32 * int64_t(bsid_words_before) + int64_t(wd.offset) };

    // alpha_0: the start prior at the possible positions, normalised.
    real part = real(0);
    for (int c = tid; c < M; c += T) {
        tmp[c] = start_weight(A, f, wd, c);
        part += tmp[c];
    }
    real inv = inverse(block_sum(part, reinterpret_cast<real*>(red)));
    for (int c = tid; c < M; c += T) {
        acur[c] = scaled(tmp[c], inv);
        alpha[c] = acur[c];
    }

    // Forward: alpha_1 .. alpha_I, rows up to N stored.
    for (int i = 0; i < I; ++i) {
        __syncthreads();
        const long long p0 = origin + int64_t(n) * i + A.fmin;
        lattice.template passes<false>(A, f, i, p0, length, rx, acur, rows, prow);
        __syncthreads();
        part = real(0);
        for (int c = tid; c < M; c += T) {
            const real* const r = rows + size_t(c) * q;
            real v = real(0);
            for (int x = 0; x < q; ++x)
                v += prow[x] * r[x];
            tmp[c] = v;
            part += v;
        }
        inv = inverse(block_sum(part, reinterpret_cast<real*>(red)));
        for (int c = tid; c < M; c += T) {
            acur[c] = scaled(tmp[c], inv);
            if (i < N)
                alpha[size_t(i + 1) * M + c] = acur[c];
        }
    }

    // beta at the last boundary: the known end, or every end inside the window.
    __syncthreads();
    part = real(0);
    for (int c = tid; c < M; c += T) {
        tmp[c] = end_weight(A, wd, I, c);
        part += tmp[c];
    }
    inv = inverse(block_sum(part, reinterpret_cast<real*>(red)));
    part = real(0);
    for (int c = tid; c < M; c += T) {
        bcur[c] = scaled(tmp[c], inv);
        part += acur[c] * bcur[c];
    }
    // A frame with no path within the limits: its priors, no end drift.
    if (!(block_sum(part, reinterpret_cast<real*>(red)) > real(0))) {
        no_path(A, f);
        return;
    }

    if (A.end && I == N)
        end_drift_posterior(A, f, alpha + size_t(N) * M, bcur, red);

    // Backward: beta_i, and the posteriors of codewords i < N.
    const bool want = A.post || A.dec;
    for (int i = I - 1; i >= 0; --i) {
        __syncthreads();
        const long long p0 = origin + int64_t(n) * i + A.fmin;
        lattice.template passes<true>(A, f, i, p0, length, rx, bcur, rows, prow);
        __syncthreads();
        if (want && i < N) {
            const real* const al = alpha + size_t(i) * M; // alpha has rows 0..N
            for (int x = tid; x < q; x += T) {
                real sum = real(0);
                for (int c = M - 1; c >= 0; --c)
                    sum += al[c] * rows[size_t(c) * q + x];
                psum[x] = prow[x] * sum;
            }
        }
        part = real(0);
        for (int c = tid; c < M; c += T) {
            const real* const r = rows + size_t(c) * q;
            real v = real(0);
            for (int x = 0; x < q; ++x)
                v += prow[x] * r[x];
            tmp[c] = v;
            part += v;
        }
        inv = inverse(block_sum(part, reinterpret_cast<real*>(red)));
        if (want && i < N)
            posteriors(A, f, i, psum, 1, red, redi);
        for (int c = tid; c < M; c += T)
            bcur[c] = scaled(tmp[c], inv);
        if (A.end && i == N)
            end_drift_posterior(A, f, alpha + size_t(N) * M, bcur, red);
    }
}

} // namespace
} // namespace bsid_device
} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CUDA_BSID_POOLED_DEVICE_H */
