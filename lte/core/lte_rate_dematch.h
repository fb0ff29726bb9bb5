/* Rate de-matching from a precomputed table (lte_rate_match_indices), for callers that
 * de-match many blocks of the same size and redundancy version: lte_rate_dematch, and the
 * decoder engine, which writes straight into its backend's input buffer.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_TURBO_RATE_DEMATCH_H
#define INCLUDED_GPUFEC_CORE_TURBO_RATE_DEMATCH_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gr {
namespace gpufec {
namespace turbo {

/*! d[0, n_d) = 0, then d[index[k]] += llrs[k] for the index.size() received values: repeated
 *  bits are summed, bits never sent stay 0 (erasures). */
void rate_dematch(const std::vector<uint32_t>& index, const float* llrs, float* d, size_t n_d);

/*! @throws std::invalid_argument naming rv unless it is a redundancy version 0..3 */
void check_rv(int rv);

} // namespace turbo
} // namespace gpufec
} // namespace gr

#endif
