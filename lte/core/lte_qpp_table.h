/* The 188 LTE turbo code block sizes and their QPP interleaver coefficients
 * (3GPP TS 36.212, Table 5.1.3-3).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_TURBO_LTE_QPP_TABLE_H
#define INCLUDED_GPUFEC_CORE_TURBO_LTE_QPP_TABLE_H

#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace turbo {

/*! One row of Table 5.1.3-3: Pi(i) = (f1 i + f2 i^2) mod K. */
struct qpp_entry {
    uint16_t K;
    uint16_t f1;
    uint16_t f2;
};

constexpr size_t lte_qpp_count = 188;

/*! The table, K ascending. */
extern const qpp_entry lte_qpp_table[lte_qpp_count];

/*! The row of block size @p K, or nullptr when K is not an LTE code block size. */
const qpp_entry* find_qpp(long long K);

} // namespace turbo
} // namespace gpufec
} // namespace gr

#endif
