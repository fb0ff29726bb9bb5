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

#include "common/bsid/receiver_metric.h"
#include <cmath>
#include <cstdint>

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

/* Per-thread constants of the register lattice: row 0 (insertions before the first bit) and
 * the insertion weight of each cell, 0 beyond the corridor so that the cells s >= M_n, which the
 * unrolled loops compute too, stay 0 and never feed the corridor. */
template <typename real, int W>
struct lattice_consts {
    real row0[W];
    real ins[W];

    GPUFEC_HOST_DEVICE void init(int width, int symbol_min, real insert)
    {
        real run = real(1);
#pragma unroll
        for (int s = 0; s < W; ++s) {
            const int d = s + symbol_min;
            row0[s] = (s < width && d >= 0) ? run : real(0);
            if (s < width && d >= 0)
                run *= insert;
            ins[s] = s < width ? insert : real(0);
        }
    }
};

/* One row k of the lattice: eq has bit 31 - s set where the received bit of cell s equals the
 * codeword's bit k. MatchOnly: ps = 0 with the transmission weight scaled to 1 (the lattice's
 * value is then R / P_t^n for every codeword alike, which the normalisations cancel). */
template <typename real, int W, bool MatchOnly, bool Insert>
GPUFEC_HOST_DEVICE void lattice_row(real (&row)[W],
                                            uint32_t eq,
                                            const bsid_lattice_weights<real>& w,
                                            const lattice_consts<real, W>& c)
{
    real left = real(0);
#pragma unroll
    for (int s = 0; s < W; ++s) {
        const real up = s + 1 < W ? row[s + 1] : real(0);
        const bool same = (eq >> (31 - s)) & 1u;
        real diag;
        if (MatchOnly)
            diag = same ? row[s] : real(0);
        else
            diag = row[s] * (same ? w.match : w.mismatch);
        const real g = fused_multiply_add(w.erase, up, diag);
        const real f = Insert ? fused_multiply_add(c.ins[s], left, g) : g;
        row[s] = f;
        left = f;
    }
}

/*
 * R(y | x) for the M_n drift changes into row[0 .. M_n) (row[s >= M_n] = 0), for a codeword
 * whose received bits y[0 .. n + symbol_max) all exist. yw holds y[symbol_min - 1 ..
 * symbol_min + 62], the first in bit 63 (bits before the window are never used: they sit under
 * cells that hold 0).
 */
template <typename real, int W, bool MatchOnly>
GPUFEC_HOST_DEVICE void lattice_full(uint32_t x,
                                             int n,
                                             uint64_t yw,
                                             const bsid_lattice_weights<real>& w,
                                             const lattice_consts<real, W>& c,
                                             real (&row)[W])
{
#pragma unroll
    for (int s = 0; s < W; ++s)
        row[s] = c.row0[s];
    for (int k = 1; k < n; ++k) {
        const uint32_t bits = uint32_t((yw << k) >> 32);
        const uint32_t eq = ((x >> (n - k)) & 1u) ? bits : ~bits;
        lattice_row<real, W, MatchOnly, true>(row, eq, w, c);
    }
    const uint32_t bits = uint32_t((yw << n) >> 32);
    const uint32_t eq = (x & 1u) ? bits : ~bits;
    lattice_row<real, W, MatchOnly, false>(row, eq, w, c); // no insertion after the last bit
}

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
#pragma unroll
    for (int s = 0; s < W; ++s)
        row[s] = s < width ? out[s] : real(0);
}

} // namespace bsid_detail
} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
