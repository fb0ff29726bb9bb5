/* Many channel samples at once on the host: the same samples as gaussian4 and awgn_bpsk_sample
 * and info_bits128 (common/channel), computed over arrays so that the compiler vectorizes Philox, Box-Muller
 * and the channel.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_CHANNEL_GAUSSIAN_BATCH_H
#define INCLUDED_GPUFEC_CORE_CHANNEL_GAUSSIAN_BATCH_H

#include "common/channel/awgn_sample.h"
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace detail {

/*! soft[i] = awgn_bpsk_sample(bits[i] != 0, noise sample 4 first_block + i, p) for the
 *  4 n_blocks samples of Philox blocks [first_block, first_block + n_blocks), each bit for bit
 *  the one-at-a-time sample. */
void awgn_bpsk_blocks(uint64_t seed,
                      uint64_t first_block,
                      size_t n_blocks,
                      const uint8_t* bits,
                      awgn_sample_params p,
                      float* soft);

/*! The 128 n_blocks information bits of Philox blocks [first_block, first_block + n_blocks)
 *  (info_bits128's), one per byte. */
void info_bits_blocks(uint64_t seed, uint64_t first_block, size_t n_blocks, uint8_t* out);

} // namespace detail
} // namespace gpufec
} // namespace gr

#endif
