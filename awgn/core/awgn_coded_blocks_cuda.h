/* The generator's stream (awgn_bpsk_generator) produced straight into device memory: random
 * information bits, encoded, sent as BPSK over AWGN, for any range of code blocks.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_BER_CODED_BLOCKS_H
#define INCLUDED_GPUFEC_CUDA_BER_CODED_BLOCKS_H

#include "awgn/common/awgn_sample.h"
#include <gnuradio/gpufec/core/code.h>
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {

/*!
 * Blocks [first_block, first_block + n_blocks) of the stream of seed @p seed for code @p c,
 * the same values as awgn_bpsk_generator gives on either backend (device buffers):
 * - info: c.history_bits() bits of history (zeros before the stream's start), then the
 *   n_blocks * info_bits_per_block() information bits of the blocks;
 * - coded: n_blocks * coded_bits_per_block() coded bits;
 * - soft: their channel values (noise sample first_block * coded_bits_per_block() + i).
 * @throws std::invalid_argument for a code without a GPU encoder
 */
void launch_coded_blocks(const code& c,
                         uint64_t first_block,
                         size_t n_blocks,
                         uint64_t seed,
                         detail::awgn_sample_params p,
                         uint8_t* info,
                         uint8_t* coded,
                         float* soft,
                         cudaStream_t stream);

/*! The same, with the channel values quantized as the decoders' soft-input stage does
 *  (quantize_llr(soft, llr_scale)) in the same pass: @p llr gets int8 values. */
void launch_coded_blocks(const code& c,
                         uint64_t first_block,
                         size_t n_blocks,
                         uint64_t seed,
                         detail::awgn_sample_params p,
                         uint8_t* info,
                         uint8_t* coded,
                         int8_t* llr,
                         float llr_scale,
                         cudaStream_t stream);

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
