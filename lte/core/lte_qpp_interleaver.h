/* The QPP permutation table of one code block size, built once per code object.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_TURBO_QPP_INTERLEAVER_H
#define INCLUDED_GPUFEC_CORE_TURBO_QPP_INTERLEAVER_H

#include <cstdint>
#include <vector>

namespace gr {
namespace gpufec {
namespace turbo {

/*!
 * Pi(i) = (f1 i + f2 i^2) mod K for i = 0..K-1 (the second encoder's input i is bit Pi(i)).
 * Built by the recurrence Pi(i+1) = Pi(i) + f1 + f2 (2i+1), every term reduced mod K, so no
 * intermediate exceeds 2K: no overflow for any K that fits in 31 bits.
 */
std::vector<uint32_t> build_qpp(uint32_t K, uint32_t f1, uint32_t f2);

} // namespace turbo
} // namespace gpufec
} // namespace gr

#endif
