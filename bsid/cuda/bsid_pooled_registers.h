/* The pooled lattice's cells in registers (docs/bsid-cuda.md, "Pooled lattice, registers"): a
 * codeword's row of M drift columns is cut into G segments of W columns, a thread each, the G
 * threads of a codeword adjacent lanes of one warp (lane = codeword * G + segment), so that the
 * segments' pipeline exchanges its boundary cells by warp shuffles: no barrier, no shared
 * memory per cell. Row n (forwards) or row 0 (backwards) goes to the block's [c][x] rows at the
 * end, for the sums over the codewords.
 *
 * Each cell is bsid_lattice_cell with the operands of bsid_pooled_forward_cells /
 * bsid_pooled_backward_cells (common/bsid/pooled_lattice.h), cells outside the row's existing
 * columns (bsid_pooled_columns) 0, so the rows are those of the CPU decoder. Differences of
 * form, not of value: the transmission weight comes from a 32-bit window of the packed received
 * bits; where the CPU takes 0 for a transmission that reads no received bit (forwards at window
 * index 0, backwards past the window) this takes the weight of whatever bit is there, which
 * multiplies a cell that does not exist, i.e. 0; and the seed rows go through the same cell
 * formula with a zero deletion and a unit transmission weight (adding exact zeros).
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

__device__ __forceinline__ uint32_t bit_reverse(uint32_t v)
{
#if defined(__CUDA_ARCH__)
    return __brev(v);
#else
    uint32_t r = 0;
    for (int b = 0; b < 32; ++b)
        r |= ((v >> b) & 1u) << (31 - b);
    return r;
#endif
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
    int per_pass;      // codewords a pass of the block
    bool lane_used;

    __device__ explicit pooled_register_segments(const fb_args<real>& A)
    {
        G = int(A.groups);
        const int lane = int(threadIdx.x) & 31, cpw = 32 / G;
        xl = (int(threadIdx.x) >> 5) * cpw + lane / G;
        seg = lane % G;
        lane_used = lane / G < cpw;
        a = seg * W;
        per_pass = int(blockDim.x >> 5) * cpw;
    }

private:
    /* Column of register j: forwards a + j, backwards a + W - 1 - j, so that register 0 is
     * computed first in either direction and the backward lattice is the forward one read
     * from the other end (its masks bit-reversed, its neighbours' lanes swapped). */
    template <bool Backward>
    __device__ __forceinline__ int column(int j) const
    {
        return Backward ? a + W - 1 - j : a + j;
    }

public:
    /* Forwards (Backward false) row n of every codeword x < q of the symbol, backwards row 0,
     * into rows[c q + x]; the codewords' priors into prow[x]. */
    template <bool Backward>
    __device__ void passes(const fb_args<real>& A, size_t f, int i, long long p0, int64_t length,
                           const pooled_received& rx, const real* seed, real* rows, real* prow) const
    {
        const int M = A.M, q = A.q, n = A.n;
        const uint32_t* const cw = A.code + size_t(i % A.N) * q;
        // The received bits of every row from one 64-bit window: row k's transmissions read
        // from rx.bit0 + p0 + a + o, o = k - 1 forwards and k backwards (0 .. n - 1).
        const int64_t base = rx.bit0 + p0 + a;
        const uint64_t y64 = (uint64_t(received_window(A.words, A.n_words, base)) << 32) |
                             received_window(A.words, A.n_words, base + 32);
        for (int x0 = 0; x0 < q; x0 += per_pass) {
            const int x = x0 + xl;
            const bool has = lane_used && x < q;
            const real pr = has ? prior_of(A, f, i, x) : real(0);
            if (has && seg == 0)
                prow[x] = pr;
            const bool run = has && pr != real(0);
            const uint32_t cx = has ? cw[x] : 0u;
            real r[W];
            // The seed row's cells are cells too: F(0, c) = P_i/2 F(0, c-1) + 0 + 1 seed(c),
            // B(n, c) = 0 + 0 + 1 seed(c), so every row runs the same loop.
BSID_UNROLL
            for (int j = 0; j < W; ++j) {
                const int c = column<Backward>(j);
                r[j] = seed[c < M ? c : M - 1];
            }
            // In pipeline position sp (segment seg forwards, G - 1 - seg backwards) the thread
            // computes its kk-th row, kk = s - sp, in step s: its register -1 (the column before
            // its first) is the previous position's register W-1 from step s-1, its register W
            // (previous row) the next position's register 0, computed first in this step.
            const int sp = Backward ? G - 1 - seg : seg;
            for (int s = 0; s < n + G; ++s) {
                const int kk = s - sp, k = Backward ? n - kk : kk;
                const bool mine = run && kk >= 0 && kk <= n;
                real before = Backward ? __shfl_down_sync(0xffffffffu, r[W - 1], 1)
                                       : __shfl_up_sync(0xffffffffu, r[W - 1], 1);
                if (sp == 0)
                    before = real(0);
                int lo, hi;
                bsid_pooled_columns(p0, length, M, k, &lo, &hi);
                uint32_t valid = column_mask(a, lo, hi), match = 0u;
                real insert = Backward ? real(0) : A.w.insert, erase = real(0), kept = real(1), flipped = real(1);
                if (kk > 0) {
                    const int o = Backward ? k : k - 1;
                    const uint32_t yw = o <= 32 ? uint32_t((y64 << o) >> 32)
                                                : received_window(A.words, A.n_words, base + o);
                    const uint32_t xb = (cx >> (Backward ? n - 1 - k : n - k)) & 1u;
                    match = xb ? yw : ~yw;
                    insert = bsid_insert_weight(A.w, k, n);
                    erase = A.w.erase;
                    kept = A.w.match;
                    flipped = A.w.mismatch;
                }
                if (Backward) {
                    valid = bit_reverse(valid);
                    match = bit_reverse(match);
                }
                if (mine) {
                    const real v = bsid_lattice_cell(insert, before, erase, r[1],
                                                     bit_select(match, 0, kept, flipped), r[0]);
                    r[0] = bit_select(valid, 0, v, real(0));
                }
                real after = Backward ? __shfl_up_sync(0xffffffffu, r[0], 1) : __shfl_down_sync(0xffffffffu, r[0], 1);
                if (sp == G - 1)
                    after = real(0);
                if (mine) {
                    real prev = r[0];
BSID_UNROLL
                    for (int j = 1; j < W; ++j) {
                        const real v = bsid_lattice_cell(insert, prev, erase, j + 1 < W ? r[j + 1] : after,
                                                         bit_select(match, j, kept, flipped), r[j]);
                        r[j] = bit_select(valid, j, v, real(0));
                        prev = r[j];
                    }
                }
            }
            if (has)
BSID_UNROLL
                for (int j = 0; j < W; ++j) {
                    const int c = column<Backward>(j);
                    if (c < M) // zeros for a codeword of prior 0, whose lattice is not computed
                        rows[size_t(c) * q + x] = run ? r[j] : real(0);
                }
        }
    }
};

} // namespace
} // namespace bsid_device
} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CUDA_BSID_POOLED_REGISTERS_H */
