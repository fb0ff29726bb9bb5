/* Briffa's receiver metric R(y | x) (equations 7-10) on the corridor-constrained lattice, the
 * same code on host and device: the CPU reference and the CUDA kernels both call this, so the
 * lattice they traverse cannot differ.
 *
 * Row k of the lattice has consumed k bits of the codeword x; a node's drift d is the received
 * bits consumed minus k. A row is held as its nodes of drift symbol_min .. symbol_max (the
 * corridor), so that the whole lattice needs one row of M_n values:
 *
 *   F(k, d) = P_i/2 F(k, d-1) + P_d F(k-1, d+1) + Q(y[k+d-1] | x[k-1]) F(k-1, d)
 *
 * with F(0, 0) = 1, F(0, d) = (P_i/2)^d for d > 0 (insertions before the first bit), no
 * insertion term on the last row (the channel does not end on an insertion: insertions after a
 * codeword's last bit belong to the next codeword), and F = 0 outside the corridor, before the
 * window (a negative received index) or past the received bits available.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_COMMON_BSID_RECEIVER_METRIC_H
#define INCLUDED_GPUFEC_COMMON_BSID_RECEIVER_METRIC_H

#include <gnuradio/gpufec/core/core_api.h>
#include <cstdint>

namespace gr {
namespace gpufec {

/*! @brief The channel's lattice weights in the decoder's arithmetic. */
template <typename real>
struct bsid_lattice_weights {
    real insert;   //!< P_i / 2: an insertion of a given bit
    real erase;    //!< P_d
    real match;    //!< P_t (1 - P_s): a transmitted bit received as sent
    real mismatch; //!< P_t P_s
};

template <typename real>
inline bsid_lattice_weights<real> make_bsid_lattice_weights(double pi, double pd, double ps)
{
    const double pt = 1.0 - pi - pd;
    return bsid_lattice_weights<real>{ static_cast<real>(pi / 2),
                                       static_cast<real>(pd),
                                       static_cast<real>(pt * (1.0 - ps)),
                                       static_cast<real>(pt * ps) };
}

/* The channel's per-bit events, in the lattice's terms: the one description that the corridor
 * lattice here and the pooled lattice (bsid_pooled_lattice.h) both step with. */

/*! Weight of an insertion on row k of n: insertions precede a bit, so none on the last row
 *  (insertions after a codeword's last bit belong to the next codeword). */
template <typename real>
GPUFEC_HOST_DEVICE real bsid_insert_weight(const bsid_lattice_weights<real>& w, int k, int n)
{
    return k < n ? w.insert : real(0);
}

/*! Weight of sent bit @p xb received as @p yb (a transmission, with or without substitution). */
template <typename real>
GPUFEC_HOST_DEVICE real bsid_transmit_weight(const bsid_lattice_weights<real>& w, int yb, int xb)
{
    return yb == xb ? w.match : w.mismatch;
}

/*! One lattice cell: an insertion from the neighbour along the row, a deletion from the
 *  previous row's neighbour, a transmission from the previous row's cell, in this order (the
 *  rounding every backend shares). Backwards the same sum runs over the transposed lattice. */
template <typename real>
GPUFEC_HOST_DEVICE real bsid_lattice_cell(real insert, real along, real erase, real deleted, real transmit, real kept)
{
    return insert * along + erase * deleted + transmit * kept;
}

/*!
 * @brief R(y[0 .. n + delta) | x) for every drift change delta = symbol_min .. symbol_max.
 *
 * @param x the codeword, n bits, the first sent in bit n-1
 * @param y the received bits from where the codeword starts (the lattice starts at drift 0,
 *        so only y[0 .. avail) is read)
 * @param avail received bits available from y[0]
 * @param row scratch of symbol_max - symbol_min + 1 values
 * @param out symbol_max - symbol_min + 1 values out: out[delta - symbol_min] = R, 0 where the
 *        received length n + delta is negative or past avail
 */
template <typename real>
GPUFEC_HOST_DEVICE void bsid_receiver_metric(uint32_t x,
                                             int n,
                                             const uint8_t* y,
                                             int avail,
                                             int symbol_min,
                                             int symbol_max,
                                             const bsid_lattice_weights<real>& w,
                                             real* row,
                                             real* out)
{
    const int width = symbol_max - symbol_min + 1;
    // row[d - symbol_min] = F(k, d); row 0: only insertions, drift d >= 0, d <= avail
    real ins_run = real(1);
    for (int s = 0; s < width; ++s) {
        const int d = s + symbol_min;
        if (d < 0 || d > avail) {
            row[s] = real(0);
        } else {
            row[s] = ins_run;
            ins_run *= w.insert;
        }
    }
    for (int k = 1; k <= n; ++k) {
        const int xb = static_cast<int>((x >> (n - k)) & 1u);
        const real insert = bsid_insert_weight(w, k, n);
        real left = real(0); // F(k, d - 1), already of the new row
        for (int s = 0; s < width; ++s) {
            const int d = s + symbol_min;
            const int j = k + d; // received bits consumed at this node
            real f = real(0);
            if (j >= 0 && j <= avail) {
                const real up = s + 1 < width ? row[s + 1] : real(0);   // F(k-1, d+1)
                const real diag = j >= 1 ? row[s] : real(0);             // F(k-1, d)
                // y is read only where a bit was consumed (j >= 1): y[0] may be past the end.
                const real q = j >= 1 ? bsid_transmit_weight(w, y[j - 1], xb) : real(0);
                f = bsid_lattice_cell(insert, left, w.erase, up, q, diag);
            }
            row[s] = f;
            left = f;
        }
    }
    for (int s = 0; s < width; ++s)
        out[s] = row[s];
}

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_COMMON_BSID_RECEIVER_METRIC_H */
