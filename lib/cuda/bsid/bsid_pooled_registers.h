/* The pooled lattice's cells in registers (docs/bsid-cuda.md, "Pooled lattice, registers"): a
 * codeword's row of M drift columns is cut into G segments of W columns, a thread each, the G
 * threads of a codeword adjacent lanes of one warp (lane = codeword * G + segment), so that the
 * segments' pipeline exchanges its boundary cells by warp shuffles: no barrier, no shared
 * memory per cell. Row n (forwards) or row 0 (backwards) goes to the block's [c][x] rows at the
 * end, for the sums over the codewords.
 *
 * Each cell is bsid_lattice_cell with the operands of bsid_pooled_forward_cells /
 * bsid_pooled_backward_cells (common/bsid/pooled_lattice.h), cells outside the row's existing
 * columns (bsid_pooled_columns) 0, so the rows are those of the CPU decoder. Two differences of
 * form, not of value: the transmission weight comes from a 32-bit window of the packed received
 * bits, and where the CPU takes 0 for a transmission that reads no received bit (forwards at
 * window index 0, backwards past the window) this takes the weight of whatever bit is there: it
 * multiplies a cell that does not exist, which is 0.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_BSID_POOLED_REGISTERS_H
#define INCLUDED_GPUFEC_CUDA_BSID_POOLED_REGISTERS_H

#include "bsid_pooled_device.h"

namespace gr {
namespace gpufec {
namespace cuda {
namespace bsid_device {
namespace {

/* Columns a thread holds. */
constexpr int pooled_register_columns = 32;

/* The 32 received bits from batch bit @p bit of the packed words, MSB first (bit 31 - t is
 * bit + t). Bits outside the word array read 0: the packing's leading zero words mean that a
 * window starting before the array lies wholly before the batch's first bit. */
__device__ __forceinline__ uint32_t received_window(const uint32_t* words, size_t n_words, int64_t bit)
{
    if (bit < 0)
        return 0u;
    const size_t i = size_t(bit >> 5);
    const unsigned sh = unsigned(bit & 31);
    const uint32_t hi = i < n_words ? words[i] : 0u, lo = i + 1 < n_words ? words[i + 1] : 0u;
    return sh ? (hi << sh) | (lo >> (32 - sh)) : hi;
}

/* Bit 31 - t set for the thread's columns a + t inside [lo, hi]. */
__device__ __forceinline__ uint32_t column_mask(int a, int lo, int hi)
{
    const int t0 = lo - a, t1 = hi - a;
    if (t1 < 0 || t0 > 31 || t0 > t1)
        return 0u;
    const uint32_t from = t0 <= 0 ? 0xffffffffu : 0xffffffffu >> t0;
    const uint32_t to = t1 >= 31 ? 0xffffffffu : ~(0xffffffffu >> (t1 + 1));
    return from & to;
}

template <typename real>
__device__ __forceinline__ real bit_select(uint32_t mask, int t, real yes, real no)
{
    return (mask >> (31 - t)) & 1u ? yes : no;
}

template <typename real, int W>
struct pooled_register_segments {
    static_assert(W == pooled_register_columns, "the masks are 32-bit");
    /* More registers a thread than the shared pipeline (W reals of row): blocks stay small,
     * larger q loops over passes of codewords. */
    static constexpr int max_threads = 256;
    int G, seg, xl, a; // segments a codeword, this thread's segment, codeword in the warp, first column
    int cpw, per_pass; // codewords a warp, a pass of the block
    bool lane_used;

    __device__ explicit pooled_register_segments(const fb_args<real>& A)
    {
        G = int(A.groups);
        const int lane = int(threadIdx.x) & 31;
        cpw = 32 / G;
        xl = (int(threadIdx.x) >> 5) * cpw + lane / G;
        seg = lane % G;
        lane_used = lane / G < cpw;
        a = seg * W;
        per_pass = int(blockDim.x >> 5) * cpw;
    }

    /* Row n of every codeword x < q of the symbol into rows[c q + x], its prior into prow[x]. */
    __device__ void forward(const fb_args<real>& A, size_t f, int i, long long p0, int64_t length,
                            const pooled_received& rx, const real* seed, real* rows, real* prow) const
    {
        const int M = A.M, q = A.q, n = A.n;
        const bsid_lattice_weights<real> w = A.w;
        const uint32_t* const cw = A.code + size_t(i % A.N) * q;
        for (int x0 = 0; x0 < q; x0 += per_pass) {
            const int x = x0 + xl;
            const bool has = lane_used && x < q;
            const real pr = has ? prior_of(A, f, i, x) : real(0);
            if (has && seg == 0)
                prow[x] = pr;
            const bool run = has && pr != real(0);
            const uint32_t cx = has ? cw[x] : 0u;
            real r[W];
BSID_UNROLL
            for (int t = 0; t < W; ++t)
                r[t] = real(0);
            // Segment seg computes row k = s - seg in step s: column a-1 of row k is segment
            // seg-1's last column from step s-1, column b+1 of row k-1 is segment seg+1's
            // first column, computed first in this step.
            for (int s = 0; s < n + G; ++s) {
                const int k = s - seg;
                const bool mine = run && k >= 0 && k <= n;
                real left = __shfl_up_sync(0xffffffffu, r[W - 1], 1);
                if (seg == 0)
                    left = real(0);
                int lo, hi;
                bsid_pooled_columns(p0, length, M, k, &lo, &hi);
                const uint32_t valid = column_mask(a, lo, hi);
                uint32_t match = 0u;
                real insert = w.insert;
                if (k > 0) {
                    const uint32_t yw = received_window(A.words, A.n_words, rx.bit0 + p0 + k - 1 + a);
                    match = (cx >> (n - k)) & 1u ? yw : ~yw;
                    insert = bsid_insert_weight(w, k, n);
                }
                if (mine) {
                    const real v = k == 0 ? seed[a < M ? a : M - 1] + w.insert * left
                                          : bsid_lattice_cell(insert, left, w.erase, r[1],
                                                              bit_select(match, 0, w.match, w.mismatch), r[0]);
                    r[0] = bit_select(valid, 0, v, real(0));
                }
                real up_next = __shfl_down_sync(0xffffffffu, r[0], 1);
                if (seg == G - 1)
                    up_next = real(0);
                if (mine) {
                    left = r[0];
BSID_UNROLL
                    for (int t = 1; t < W; ++t) {
                        const real up = t + 1 < W ? r[t + 1] : up_next;
                        const int c = a + t < M ? a + t : M - 1;
                        const real v = k == 0 ? seed[c] + w.insert * left
                                              : bsid_lattice_cell(insert, left, w.erase, up,
                                                                  bit_select(match, t, w.match, w.mismatch), r[t]);
                        r[t] = bit_select(valid, t, v, real(0));
                        left = r[t];
                    }
                }
            }
            store(r, run, has, M, q, x, rows);
        }
    }

    /* Row 0 of every codeword's backward lattice into rows, priors into prow. */
    __device__ void backward(const fb_args<real>& A, size_t f, int i, long long p0, int64_t length,
                             const pooled_received& rx, const real* seed, real* rows, real* prow) const
    {
        const int M = A.M, q = A.q, n = A.n;
        const bsid_lattice_weights<real> w = A.w;
        const uint32_t* const cw = A.code + size_t(i % A.N) * q;
        for (int x0 = 0; x0 < q; x0 += per_pass) {
            const int x = x0 + xl;
            const bool has = lane_used && x < q;
            const real pr = has ? prior_of(A, f, i, x) : real(0);
            if (has && seg == 0)
                prow[x] = pr;
            const bool run = has && pr != real(0);
            const uint32_t cx = has ? cw[x] : 0u;
            real r[W];
BSID_UNROLL
            for (int t = 0; t < W; ++t)
                r[t] = real(0);
            // Mirrored: segment seg computes row k = n - (s - (G - 1 - seg)) in step s, from
            // its last column down; column b+1 of row k is segment seg+1's first column from
            // step s-1, column a-1 of row k+1 segment seg-1's last, computed first in this step.
            for (int s = 0; s < n + G; ++s) {
                const int k = n - (s - (G - 1 - seg));
                const bool mine = run && k >= 0 && k <= n;
                real right = __shfl_down_sync(0xffffffffu, r[0], 1);
                if (seg == G - 1)
                    right = real(0);
                int lo, hi;
                bsid_pooled_columns(p0, length, M, k, &lo, &hi);
                const uint32_t valid = column_mask(a, lo, hi);
                uint32_t match = 0u;
                real insert = real(0);
                if (k < n) {
                    const uint32_t yw = received_window(A.words, A.n_words, rx.bit0 + p0 + k + a);
                    match = (cx >> (n - 1 - k)) & 1u ? yw : ~yw;
                    insert = bsid_insert_weight(w, k, n);
                }
                if (mine) {
                    const int c = a + W - 1 < M ? a + W - 1 : M - 1;
                    const real v = k == n ? seed[c]
                                          : bsid_lattice_cell(insert, right, w.erase, r[W - 2],
                                                              bit_select(match, W - 1, w.match, w.mismatch), r[W - 1]);
                    r[W - 1] = bit_select(valid, W - 1, v, real(0));
                }
                real down_left_next = __shfl_up_sync(0xffffffffu, r[W - 1], 1);
                if (seg == 0)
                    down_left_next = real(0);
                if (mine) {
                    right = r[W - 1];
BSID_UNROLL
                    for (int t = W - 2; t >= 0; --t) {
                        const real down_left = t >= 1 ? r[t - 1] : down_left_next;
                        const int c = a + t < M ? a + t : M - 1;
                        const real v = k == n ? seed[c]
                                              : bsid_lattice_cell(insert, right, w.erase, down_left,
                                                                  bit_select(match, t, w.match, w.mismatch), r[t]);
                        r[t] = bit_select(valid, t, v, real(0));
                        right = r[t];
                    }
                }
            }
            store(r, run, has, M, q, x, rows);
        }
    }

private:
    /* The thread's columns of the finished row (zeros for a codeword of prior 0, as its
     * lattice would not be computed). */
    __device__ void store(const real (&r)[W], bool run, bool has, int M, int q, int x, real* rows) const
    {
        if (!has)
            return;
BSID_UNROLL
        for (int t = 0; t < W; ++t)
            if (a + t < M)
                rows[size_t(a + t) * q + x] = run ? r[t] : real(0);
    }
};

} // namespace
} // namespace bsid_device
} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CUDA_BSID_POOLED_REGISTERS_H */
