/* The receiver-metric lattice of bsid/common/bsid_receiver_metric.h for all q codewords of a
 * position at once, the symbols innermost so that the compiler vectorises across them. Every
 * value is computed with the same operations in the same order as bsid_receiver_metric (the
 * products and sums of one cell, separately rounded), so the results are bit-identical to it
 * (qa_bsid_map checks).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_BSID_LATTICE_CPU_H
#define INCLUDED_GPUFEC_CORE_BSID_LATTICE_CPU_H

#include "bsid/common/bsid_receiver_metric.h"
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace detail {

/*! Per position: Q(y | x_D[k]) for y = 0 and y = 1, [k][D], k = 0..n-1 (bit k sent k-th). */
template <typename real>
void bsid_lattice_q(const uint32_t* codewords,
                    int n,
                    size_t q,
                    const bsid_lattice_weights<real>& w,
                    real* q0,
                    real* q1)
{
    for (int k = 0; k < n; ++k)
        for (size_t D = 0; D < q; ++D) {
            const bool one = ((codewords[D] >> (n - 1 - k)) & 1u) != 0;
            q0[static_cast<size_t>(k) * q + D] = one ? w.mismatch : w.match;
            q1[static_cast<size_t>(k) * q + D] = one ? w.match : w.mismatch;
        }
}

/*!
 * R(y[0 .. n + delta) | C(D)) for every D and every delta: rows[(delta - symbol_min) q + D].
 * @param q0, q1 from bsid_lattice_q
 * @param rows scratch of (symbol_max - symbol_min + 2) q values, the last q of them 0 (never
 *        written); rows [0, width) end as the output
 */
template <typename real>
void bsid_receiver_metric_all(const real* q0,
                              const real* q1,
                              int n,
                              size_t q,
                              const uint8_t* y,
                              int avail,
                              int symbol_min,
                              int symbol_max,
                              const bsid_lattice_weights<real>& w,
                              real* rows)
{
    const int width = symbol_max - symbol_min + 1;
    real ins_run = real(1);
    for (int s = 0; s < width; ++s) {
        const int d = s + symbol_min;
        real v = real(0);
        if (!(d < 0 || d > avail)) {
            v = ins_run;
            ins_run *= w.insert;
        }
        real* r = rows + static_cast<size_t>(s) * q;
        for (size_t D = 0; D < q; ++D)
            r[D] = v;
    }
    const real* zero = rows + static_cast<size_t>(width) * q; // never written
    for (int k = 1; k <= n; ++k) {
        const real insert = k < n ? w.insert : real(0);
        const real erase = w.erase;
        const real* left = zero; // the new row at s - 1
        for (int s = 0; s < width; ++s) {
            const int d = s + symbol_min;
            const int j = k + d;
            real* r = rows + static_cast<size_t>(s) * q;
            if (j < 0 || j > avail) {
                for (size_t D = 0; D < q; ++D)
                    r[D] = real(0);
                left = r;
                continue;
            }
            const real* __restrict up = rows + static_cast<size_t>(s + 1) * q; // zero row past the end
            const real* __restrict lf = left;
            // f = insert * left + erase * up + q * diag, evaluated as bsid_receiver_metric does.
            if (j >= 1) {
                const real* __restrict qk = (y[j - 1] ? q1 : q0) + static_cast<size_t>(k - 1) * q;
                for (size_t D = 0; D < q; ++D)
                    r[D] = insert * lf[D] + erase * up[D] + qk[D] * r[D];
            } else {
                // No bit consumed: y is not read and the diagonal term is q * 0 = +0, which
                // leaves the (non-negative) sum as it is.
                for (size_t D = 0; D < q; ++D)
                    r[D] = insert * lf[D] + erase * up[D];
            }
            left = r;
        }
    }
}

} // namespace detail
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_BSID_LATTICE_CPU_H */
