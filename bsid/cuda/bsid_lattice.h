/* The receiver-metric lattice of one (symbol, drift, codeword) in registers: the row of M_n
 * values lives in a register array of a compile-time width W >= M_n, so that a cell costs a
 * handful of instructions (docs/bsid-cuda.md, "Lattice"). It computes what bsid_receiver_metric
 * (common/bsid/receiver_metric.h) computes, for the codewords whose received bits are all
 * available; the others (the frame's last codewords) and corridors wider than 32 go through
 * bsid_receiver_metric itself. Host and device: qa_bsid_lattice checks it against
 * bsid_receiver_metric on the host, where no GPU is needed.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_BSID_LATTICE_H
#define INCLUDED_GPUFEC_CUDA_BSID_LATTICE_H

#include "bsid/common/bsid_receiver_metric.h"
#include <cmath>
#include <cstdint>

/* Unrolled on the device (the register arrays need constant indices), plain loops on the host. */
#if defined(__CUDACC__)
#define BSID_UNROLL _Pragma("unroll")
#else
#define BSID_UNROLL
#endif

namespace gr {
namespace gpufec {
namespace cuda {
namespace bsid_detail {

template <typename real>
GPUFEC_HOST_DEVICE real fused_multiply_add(real a, real b, real c)
{
#if defined(__CUDA_ARCH__)
    return fma(a, b, c);
#else
    return std::fma(a, b, c);
#endif
}

/* The 64 received bits from window index r (MSB first) out of the packed words, where the word
 * array's bit A is the batch's bit A - 32 * bsid_words_before: callers pass A >= 0. */
GPUFEC_HOST_DEVICE uint64_t read64(const uint32_t* words, int64_t A)
{
    const int64_t i = A >> 5;
    const unsigned sh = unsigned(A & 31);
    uint64_t v = (uint64_t(words[i]) << 32) | words[i + 1];
    if (sh)
        v = (v << sh) | (words[i + 2] >> (32 - sh));
    return v;
}

/* Register widths: exact up to 16 (every cell in the corridor), masked above (the corridor
 * in the first M_n cells). */
constexpr int bsid_exact_widths = 16;

/*
 * The register lattice of one thread: R(y | x) for the M_n drift changes, for codewords whose
 * received bits y[0 .. n + symbol_max) all exist, the row of M_n values in registers.
 *
 * Codewords come in increasing order (a codebook sorted), and two checkpoint rows keep the
 * lattice after the first c1 and c2 bits of the last codeword: a codeword that shares those
 * bits starts from the checkpoint (the lattice's rows depend only on the bits consumed), which
 * saves about a third of the rows of q = 32, n = 10. begin() forgets the checkpoints (a new
 * received window).
 *
 * With W > bsid_exact_widths the cells s >= M_n, which the unrolled loops compute too, get an
 * insertion weight of 0, so that they stay 0 and never feed the corridor.
 */
template <typename real, int W, bool MatchOnly>
struct register_lattice {
    static constexpr bool exact = W <= bsid_exact_widths;
    static constexpr uint32_t none = 0xffffffffu; // no prefix of at most 31 bits

    int n, width, symbol_min, c1, c2;
    bsid_lattice_weights<real> w;
    real ins[exact ? 1 : W];
    real cp1[W], cp2[W];
    uint32_t p1, p2;

    GPUFEC_HOST_DEVICE void init(int n_, int width_, int symbol_min_, int c1_, int c2_,
                                 const bsid_lattice_weights<real>& w_)
    {
        n = n_;
        width = width_;
        symbol_min = symbol_min_;
        c1 = c1_;
        c2 = c2_;
        w = w_;
BSID_UNROLL
        for (int s = 0; s < (exact ? 1 : W); ++s)
            ins[s] = (exact || s < width) ? w.insert : real(0);
        begin();
    }

    GPUFEC_HOST_DEVICE void begin() { p1 = p2 = none; }

    /* One row k: eq has bit 31 - s set where the received bit of cell s equals the codeword's
     * bit k. MatchOnly: ps = 0 with the transmission weight scaled to 1 (R / P_t^n for every
     * codeword alike, which the normalisations cancel). */
    template <bool Insert>
    GPUFEC_HOST_DEVICE void row_step(real (&row)[W], uint32_t eq) const
    {
        real left = real(0);
BSID_UNROLL
        for (int s = 0; s < W; ++s) {
            const real up = s + 1 < W ? row[s + 1] : real(0);
            const bool same = (eq >> (31 - s)) & 1u;
            real diag;
            if (MatchOnly)
                diag = same ? row[s] : real(0);
            else
                diag = row[s] * (same ? w.match : w.mismatch);
            const real g = fused_multiply_add(w.erase, up, diag);
            const real f = Insert ? fused_multiply_add(ins[exact ? 0 : s], left, g) : g;
            row[s] = f;
            left = f;
        }
    }

    /*
     * R into row[0 .. M_n) (row[s >= M_n] = 0). yw holds y[symbol_min - 1 .. symbol_min + 62],
     * the first in bit 63 (bits before the window are never used: they sit under cells that
     * hold 0).
     */
    GPUFEC_HOST_DEVICE void run(uint32_t x, uint64_t yw, real (&row)[W])
    {
        const uint32_t q1 = c1 ? x >> (n - c1) : none, q2 = c2 ? x >> (n - c2) : none;
        int k = 1;
        if (q2 != none && q2 == p2) {
BSID_UNROLL
            for (int s = 0; s < W; ++s)
                row[s] = cp2[s];
            k = c2 + 1;
        } else if (q1 != none && q1 == p1) {
BSID_UNROLL
            for (int s = 0; s < W; ++s)
                row[s] = cp1[s];
            k = c1 + 1;
        } else {
            // Row 0: insertions before the first bit.
            real run = real(1);
BSID_UNROLL
            for (int s = 0; s < W; ++s) {
                const bool on = s + symbol_min >= 0 && (exact || s < width);
                row[s] = on ? run : real(0);
                run = on ? run * w.insert : run;
            }
        }
        for (; k < n; ++k) {
            const uint32_t bits = uint32_t((yw << k) >> 32);
            row_step<true>(row, ((x >> (n - k)) & 1u) ? bits : ~bits);
            if (k == c1) {
BSID_UNROLL
                for (int s = 0; s < W; ++s)
                    cp1[s] = row[s];
                p1 = q1;
            }
            if (k == c2) {
BSID_UNROLL
                for (int s = 0; s < W; ++s)
                    cp2[s] = row[s];
                p2 = q2;
            }
        }
        const uint32_t bits = uint32_t((yw << n) >> 32);
        row_step<false>(row, (x & 1u) ? bits : ~bits); // no insertion after the last bit
    }
};

/* The same where the received bits run out: bsid_receiver_metric, in local memory. */
template <typename real, int W>
GPUFEC_HOST_DEVICE void lattice_short(uint32_t x,
                                           int n,
                                           const uint8_t* y,
                                           int avail,
                                           int symbol_min,
                                           int symbol_max,
                                           const bsid_lattice_weights<real>& w,
                                           real (&row)[W])
{
    real scratch[W], out[W];
    bsid_receiver_metric<real>(x, n, y, avail, symbol_min, symbol_max, w, scratch, out);
    const int width = symbol_max - symbol_min + 1;
BSID_UNROLL
    for (int s = 0; s < W; ++s)
        row[s] = s < width ? out[s] : real(0);
}

} // namespace bsid_detail
} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
