/* The register lattice's codeword order and checkpoint depths (bsid_lattice.h), from the
 * codebooks, on the host.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bsid_map_kernels.h"
#include <algorithm>
#include <numeric>

namespace gr {
namespace gpufec {
namespace cuda {

std::vector<uint32_t> bsid_symbol_order(const uint32_t* codewords, size_t q, size_t N)
{
    std::vector<uint32_t> order(N * q);
    for (size_t i = 0; i < N; ++i) {
        uint32_t* o = order.data() + i * q;
        const uint32_t* x = codewords + i * q;
        std::iota(o, o + q, 0u);
        std::sort(o, o + q, [x](uint32_t a, uint32_t b) { return x[a] < x[b]; });
    }
    return order;
}

bsid_prefix_depths choose_bsid_prefix_depths(const uint32_t* codewords, size_t n, size_t q, size_t N)
{
    // distinct[d]: distinct d-bit prefixes summed over the codebooks (rows 1..d computed once
    // per prefix when the codewords come sorted).
    std::vector<double> distinct(n, 0.0);
    std::vector<uint32_t> x(q);
    for (size_t i = 0; i < N; ++i) {
        std::copy(codewords + i * q, codewords + (i + 1) * q, x.begin());
        std::sort(x.begin(), x.end());
        for (size_t d = 1; d < n; ++d) {
            size_t c = 1;
            for (size_t j = 1; j < q; ++j)
                c += (x[j] >> (n - d)) != (x[j - 1] >> (n - d));
            distinct[d] += double(c);
        }
    }
    const double all = double(q) * double(N);
    bsid_prefix_depths best{ 0, 0 };
    double best_rows = all * double(n);
    for (size_t c2 = 1; c2 < n; ++c2) {
        for (size_t c1 = 0; c1 < c2; ++c1) {
            const double rows = (c1 ? distinct[c1] * double(c1) : 0.0) +
                                distinct[c2] * double(c2 - c1) + all * double(n - c2);
            if (rows < best_rows) {
                best_rows = rows;
                best = bsid_prefix_depths{ int(c1), int(c2) };
            }
        }
    }
    return best;
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
