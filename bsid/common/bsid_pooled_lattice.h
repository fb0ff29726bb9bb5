/* The pooled lattice (docs/bsid.md, "Lattice"): one lattice per codeword x and symbol over the
 * absolute drift, seeded with every start drift at once, instead of one corridor lattice per
 * start drift (bsid_receiver_metric.h). The same code on host and device: the CPU backend and the
 * CUDA kernel both call these, so the cells they compute cannot differ.
 *
 * Column c of a row is the absolute drift frame_min + c (c = 0 .. M-1, M = frame_states());
 * cell (k, c) has consumed k bits of x and sits at window index P = p0 + k + c, where p0 is the
 * window index of column 0 at the symbol's start boundary. A cell exists for 0 <= P <= length
 * (else it is 0), so the drift stays within the frame limits at every row. Forwards
 *
 *   F(0, c) = seed(c) + P_i/2 F(0, c-1)
 *   F(k, c) = ins_k F(k, c-1) + P_d F(k-1, c+1) + Q(y[P-1] | x[k-1]) F(k-1, c)
 *
 * (ins_k and Q from bsid_receiver_metric.h's per-bit events), and F(n, c) summed over x with the
 * priors is alpha_{i+1} before normalisation. Backwards, the transposed recursion
 *
 *   B(n, c) = seed(c)
 *   B(k, c) = ins_k B(k, c+1) + P_d B(k+1, c-1) + Q(y[P] | x[k]) B(k+1, c)
 *
 * gives B(0, c) = the derivative of sum_c' F(n, c') seed(c') with respect to F(0, c): with
 * seed = beta_{i+1}, beta_i = sum_x prior(x) B_x and the posterior of x is prior(x) sum_c
 * alpha_i(c) B_x(c).
 *
 * A row lives at row[c * stride] (a codeword per column of a [c][x] array, so that threads of
 * consecutive x read consecutive addresses), updated in place.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_COMMON_BSID_POOLED_LATTICE_H
#define INCLUDED_GPUFEC_COMMON_BSID_POOLED_LATTICE_H

#include "bsid_receiver_metric.h"
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {

/*! @brief The columns of row @p k that exist: [*lo, *hi] (empty when *lo > *hi). */
GPUFEC_HOST_DEVICE void bsid_pooled_columns(long long p0, long long length, int M, int k, int* lo, int* hi)
{
    const long long first = -(p0 + k), last = length - (p0 + k);
    *lo = first > 0 ? static_cast<int>(first < M ? first : M) : 0;
    *hi = last < M - 1 ? static_cast<int>(last < -1 ? -1 : last) : M - 1;
}

/*!
 * @brief Cells [a, b] of row 0 of the forward lattice, in place: F(0, c) = seed(c) + P_i/2
 * F(0, c-1), F(0, a-1) read from row (so that a row can be cut into column ranges computed in
 * turn, bsid_pooled_device.h).
 */
template <typename real>
GPUFEC_HOST_DEVICE void bsid_pooled_seed_cells(
    int a, int b, long long p0, long long length, int M, const bsid_lattice_weights<real>& w, const real* seed, real* row, size_t stride)
{
    int lo, hi;
    bsid_pooled_columns(p0, length, M, 0, &lo, &hi);
    real left = a > lo && a - 1 <= hi ? row[(a - 1) * stride] : real(0);
    for (int c = a; c <= b; ++c) {
        real v = real(0);
        if (c >= lo && c <= hi)
            v = seed[c] + w.insert * left;
        row[c * stride] = v;
        left = v;
    }
}

/*!
 * @brief Cells [a, b] of row k >= 1 of the forward lattice of codeword @p x, in place.
 *
 * On entry row holds row k at column a-1 and row k-1 at columns [a, b+1]; on return row k at
 * [a, b]. Column b+1 is only read, so the columns after b can be computed later (or by another
 * thread) as long as column b+1 still holds row k-1.
 * @param x the codeword, n bits, the first sent in bit n-1
 * @param y the window's received bits (0/1), [0, length)
 * @param p0 window index of column 0 at the symbol's start
 */
template <typename real>
GPUFEC_HOST_DEVICE void bsid_pooled_forward_cells(uint32_t x,
                                                  int n,
                                                  int k,
                                                  int a,
                                                  int b,
                                                  const uint8_t* y,
                                                  long long p0,
                                                  long long length,
                                                  int M,
                                                  const bsid_lattice_weights<real>& w,
                                                  real* row,
                                                  size_t stride)
{
    int lo, hi;
    bsid_pooled_columns(p0, length, M, k, &lo, &hi);
    const int c0 = a > lo ? a : lo, c1 = b < hi ? b : hi;
    // Cells outside [lo, hi] are 0; those before lo are not read by the cells after them (a
    // cell reads columns c and c + 1 of the previous row), those after hi are zeroed once the
    // row has read them.
    for (int c = a; c < c0 && c <= b; ++c)
        row[c * stride] = real(0);
    if (c0 <= c1) {
        const int xb = static_cast<int>((x >> (n - k)) & 1u);
        const real insert = bsid_insert_weight(w, k, n);
        // y[j]: the bit a transmission into (k, c) receives, j = p0 + k - 1 + c (>= -1: a cell
        // at window index 0 has consumed no bit, no transmission into it, y not read).
        int j = static_cast<int>(p0 + k - 1 + c0);
        size_t o = static_cast<size_t>(c0) * stride; // row[o]: cell c
        real left = c0 > lo ? row[o - stride] : real(0);
        real diag = row[o]; // F(k-1, c), read before the cell overwrites it
        for (int c = c0; c <= c1; ++c, ++j, o += stride) {
            const real up = c + 1 < M ? row[o + stride] : real(0); // F(k-1, c+1)
            const real q = j >= 0 ? bsid_transmit_weight(w, y[j], xb) : real(0);
            const real f = bsid_lattice_cell(insert, left, w.erase, up, q, diag);
            row[o] = f;
            left = f;
            diag = up;
        }
    }
    for (int c = (hi + 1 > a ? hi + 1 : a); c <= b; ++c)
        row[c * stride] = real(0);
}

/*!
 * @brief Cells [a, b] of row n of the backward lattice: the seed (beta_{i+1}) where the state
 * exists.
 */
template <typename real>
GPUFEC_HOST_DEVICE void bsid_pooled_end_cells(
    int n, int a, int b, long long p0, long long length, int M, const real* seed, real* row, size_t stride)
{
    int lo, hi;
    bsid_pooled_columns(p0, length, M, n, &lo, &hi);
    for (int c = a; c <= b; ++c)
        row[c * stride] = (c >= lo && c <= hi) ? seed[c] : real(0);
}

/*!
 * @brief Cells [a, b] of row k < n of the backward lattice of codeword @p x, in place: the
 * mirror of bsid_pooled_forward_cells. On entry row holds row k at column b+1 and row k+1 at
 * columns [a-1, b]; on return row k at [a, b] (column a-1 only read).
 */
template <typename real>
GPUFEC_HOST_DEVICE void bsid_pooled_backward_cells(uint32_t x,
                                                   int n,
                                                   int k,
                                                   int a,
                                                   int b,
                                                   const uint8_t* y,
                                                   long long p0,
                                                   long long length,
                                                   int M,
                                                   const bsid_lattice_weights<real>& w,
                                                   real* row,
                                                   size_t stride)
{
    int lo, hi;
    bsid_pooled_columns(p0, length, M, k, &lo, &hi);
    const int c0 = a > lo ? a : lo, c1 = b < hi ? b : hi;
    // As forwards, mirrored: a cell reads columns c and c - 1 of the next row.
    for (int c = (hi + 1 > a ? hi + 1 : a); c <= b; ++c)
        row[c * stride] = real(0);
    if (c0 <= c1) {
        const int xb = static_cast<int>((x >> (n - 1 - k)) & 1u);
        const real insert = bsid_insert_weight(w, k, n);
        // y[j]: the bit that bit k is received as from (k, c), j = p0 + k + c: only while the
        // window has it.
        const int len = static_cast<int>(length);
        int j = static_cast<int>(p0 + k + c1);
        size_t o = static_cast<size_t>(c1) * stride; // row[o]: cell c
        real right = c1 < hi ? row[o + stride] : real(0);
        real down = row[o]; // B(k+1, c), read before the cell overwrites it
        for (int c = c1; c >= c0; --c, --j, o -= stride) {
            const real down_left = c >= 1 ? row[o - stride] : real(0); // B(k+1, c-1)
            const real q = j < len ? bsid_transmit_weight(w, y[j], xb) : real(0);
            const real b_ = bsid_lattice_cell(insert, right, w.erase, down_left, q, down);
            row[o] = b_;
            right = b_;
            down = down_left;
        }
    }
    for (int c = a; c < c0 && c <= b; ++c)
        row[c * stride] = real(0);
}

/*!
 * @brief The forward lattice of codeword @p x: row n (F(n, c)) left in @p row.
 * @param seed M values: alpha_i (0 where the state does not exist)
 * Other parameters as bsid_pooled_forward_cells.
 */
template <typename real>
GPUFEC_HOST_DEVICE void bsid_pooled_forward(uint32_t x,
                                            int n,
                                            const uint8_t* y,
                                            long long p0,
                                            long long length,
                                            int M,
                                            const bsid_lattice_weights<real>& w,
                                            const real* seed,
                                            real* row,
                                            size_t stride)
{
    bsid_pooled_seed_cells(0, M - 1, p0, length, M, w, seed, row, stride);
    for (int k = 1; k <= n; ++k)
        bsid_pooled_forward_cells(x, n, k, 0, M - 1, y, p0, length, M, w, row, stride);
}

/*!
 * @brief The backward lattice of codeword @p x: row 0 (B(0, c)) left in @p row.
 * @param seed M values: beta_{i+1} (0 where the state does not exist)
 * Other parameters as bsid_pooled_forward_cells.
 */
template <typename real>
GPUFEC_HOST_DEVICE void bsid_pooled_backward(uint32_t x,
                                             int n,
                                             const uint8_t* y,
                                             long long p0,
                                             long long length,
                                             int M,
                                             const bsid_lattice_weights<real>& w,
                                             const real* seed,
                                             real* row,
                                             size_t stride)
{
    bsid_pooled_end_cells(n, 0, M - 1, p0, length, M, seed, row, stride);
    for (int k = n - 1; k >= 0; --k)
        bsid_pooled_backward_cells(x, n, k, 0, M - 1, y, p0, length, M, w, row, stride);
}

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_COMMON_BSID_POOLED_LATTICE_H */
