/* The pooled lattice of bsid/common/bsid_pooled_lattice.h for all q codewords of a symbol at
 * once, the codewords innermost so that the compiler vectorises across them (as bsid_lattice_cpu.h
 * does for the corridor lattice). Every cell is bsid_lattice_cell with the same operands as
 * bsid_pooled_forward / bsid_pooled_backward, so the rows are bit-identical to theirs
 * (qa_bsid_map checks); rows of [c][x], q values a column.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_BSID_POOLED_CPU_H
#define INCLUDED_GPUFEC_CORE_BSID_POOLED_CPU_H

#include "bsid/common/bsid_pooled_lattice.h"
#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace detail {

/*!
 * Row n of the forward lattices of every codeword: rows[c q + x] = F_x(n, c).
 * @param q0, q1 Q(y | x_D[k]) for y = 0 and 1, [k][D] (bsid_lattice_q)
 * @param zero q zeros (never written)
 * Other parameters as bsid_pooled_forward.
 */
template <typename real>
void bsid_pooled_forward_all(const real* q0,
                             const real* q1,
                             int n,
                             size_t q,
                             const uint8_t* y,
                             long long p0,
                             long long length,
                             int M,
                             const bsid_lattice_weights<real>& w,
                             const real* seed,
                             const real* zero,
                             real* rows)
{
    // Row 0 does not depend on the codeword: one value a column.
    int lo, hi;
    bsid_pooled_columns(p0, length, M, 0, &lo, &hi);
    real left = real(0);
    for (int c = 0; c < M; ++c) {
        real v = real(0);
        if (c >= lo && c <= hi)
            v = seed[c] + w.insert * left;
        std::fill_n(rows + static_cast<size_t>(c) * q, q, v);
        left = v;
    }
    for (int k = 1; k <= n; ++k) {
        const real insert = bsid_insert_weight(w, k, n);
        const real erase = w.erase;
        bsid_pooled_columns(p0, length, M, k, &lo, &hi);
        for (int c = 0; c < lo; ++c)
            std::fill_n(rows + static_cast<size_t>(c) * q, q, real(0));
        const long long base = p0 + k - 1;
        for (int c = lo; c <= hi; ++c) {
            real* r = rows + static_cast<size_t>(c) * q;
            const real* __restrict lf = c > lo ? r - q : zero;         // F(k, c-1), new
            const real* __restrict up = c + 1 < M ? r + q : zero;      // F(k-1, c+1), old
            const real* __restrict qk = base + c >= 0 ? (y[base + c] ? q1 : q0) + static_cast<size_t>(k - 1) * q
                                                      : zero;           // no bit consumed at P = 0
            for (size_t x = 0; x < q; ++x)
                r[x] = bsid_lattice_cell(insert, lf[x], erase, up[x], qk[x], r[x]);
        }
        for (int c = std::max(hi + 1, 0); c < M; ++c)
            std::fill_n(rows + static_cast<size_t>(c) * q, q, real(0));
    }
}

/*!
 * Row 0 of the backward lattices of every codeword: rows[c q + x] = B_x(0, c).
 * Parameters as bsid_pooled_forward_all, seed = beta_{i+1}.
 */
template <typename real>
void bsid_pooled_backward_all(const real* q0,
                              const real* q1,
                              int n,
                              size_t q,
                              const uint8_t* y,
                              long long p0,
                              long long length,
                              int M,
                              const bsid_lattice_weights<real>& w,
                              const real* seed,
                              const real* zero,
                              real* rows)
{
    int lo, hi;
    bsid_pooled_columns(p0, length, M, n, &lo, &hi);
    for (int c = 0; c < M; ++c)
        std::fill_n(rows + static_cast<size_t>(c) * q, q, (c >= lo && c <= hi) ? seed[c] : real(0));
    for (int k = n - 1; k >= 0; --k) {
        const real insert = bsid_insert_weight(w, k, n);
        const real erase = w.erase;
        bsid_pooled_columns(p0, length, M, k, &lo, &hi);
        for (int c = std::max(hi + 1, 0); c < M; ++c)
            std::fill_n(rows + static_cast<size_t>(c) * q, q, real(0));
        const long long base = p0 + k;
        for (int c = hi; c >= lo; --c) {
            real* r = rows + static_cast<size_t>(c) * q;
            const real* __restrict rt = c < hi ? r + q : zero;         // B(k, c+1), new
            const real* __restrict dl = c >= 1 ? r - q : zero;         // B(k+1, c-1), old
            const real* __restrict qk = base + c < length ? (y[base + c] ? q1 : q0) + static_cast<size_t>(k) * q
                                                          : zero;       // bit k not in the window
            for (size_t x = 0; x < q; ++x)
                r[x] = bsid_lattice_cell(insert, rt[x], erase, dl[x], qk[x], r[x]);
        }
        for (int c = 0; c < lo; ++c)
            std::fill_n(rows + static_cast<size_t>(c) * q, q, real(0));
    }
}

} // namespace detail
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_BSID_POOLED_CPU_H */
