/* Many channel samples at once on the host: the same samples as gaussian4 and awgn_bpsk_sample
 * and info_bits128 (common/channel). The noise has explicit SIMD kernels (AVX-512 and AVX2,
 * awgn_gaussian_lanes_kernel.h), picked at run time; the portable path and the information bits are
 * loops over arrays that the compiler vectorizes.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_CHANNEL_GAUSSIAN_BATCH_H
#define INCLUDED_GPUFEC_CORE_CHANNEL_GAUSSIAN_BATCH_H

#include "awgn/common/awgn_sample.h"
#include "skeleton/core/simd.h"
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

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

/*! awgn_bpsk_blocks on the given kernel (one of available_simd(); scalar and sse2 are the
 *  portable loop, which the compiler vectorizes), for the tests: every kernel gives the same
 *  bytes. */
void awgn_bpsk_blocks(simd isa,
                      uint64_t seed,
                      uint64_t first_block,
                      size_t n_blocks,
                      const uint8_t* bits,
                      awgn_sample_params p,
                      float* soft);

/*! The kernels of gaussian_batch_<isa>.cc: the first n_blocks - n_blocks % lanes blocks;
 *  they return how many they did. */
size_t awgn_bpsk_lanes_avx2(uint64_t seed,
                            uint64_t first_block,
                            size_t n_blocks,
                            const uint8_t* bits,
                            awgn_sample_params p,
                            float* soft);
size_t awgn_bpsk_lanes_avx512(uint64_t seed,
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
