/* Device-resident entry points of the AWGN/BPSK family (core/device.h says how they are called;
 * built with CUDA only): the source's and the channel's values produced straight into device
 * memory on the caller's stream, the same values as awgn_bpsk_generator and
 * awgn_bpsk_channel_engine give on either backend for the same seed (docs/ber.md, "What a point
 * simulates"). Nothing is allocated; errors are thrown.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_AWGN_DEVICE_H
#define INCLUDED_GPUFEC_AWGN_DEVICE_H

#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/core/code.h>
#include <gnuradio/gpufec/core/core_api.h>
#include <gnuradio/gpufec/core/device.h>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace device {

/*!
 * Blocks [first_block, first_block + n_blocks) of the generator's stream of @p seed for code
 * @p c (device buffers):
 * - info: c.history_bits() bits of history (zeros before the stream's start), then the
 *   n_blocks * info_bits_per_block() information bits of the blocks;
 * - coded: n_blocks * coded_bits_per_block() coded bits;
 * - soft: their channel values (noise sample first_block * coded_bits_per_block() + i), as
 *   LLRs or symbols (@p out).
 * @throws std::invalid_argument for a code without a GPU encoder
 */
GPUFEC_CORE_API void awgn_coded_blocks(const code& c,
                                       uint64_t first_block,
                                       size_t n_blocks,
                                       uint64_t seed,
                                       const awgn_noise& noise,
                                       soft_output out,
                                       uint8_t* info,
                                       uint8_t* coded,
                                       float* soft,
                                       stream_t stream);

/*! The same, the channel values quantized as the decoders' soft-input stage does
 *  (quantize_llr(soft, llr_scale)) in the same pass: @p llr gets int8 values. */
GPUFEC_CORE_API void awgn_coded_blocks(const code& c,
                                       uint64_t first_block,
                                       size_t n_blocks,
                                       uint64_t seed,
                                       const awgn_noise& noise,
                                       soft_output out,
                                       uint8_t* info,
                                       uint8_t* coded,
                                       int8_t* llr,
                                       float llr_scale,
                                       stream_t stream);

/*! Uncoded BPSK: info[i] = information bit first + i of the stream of @p seed, soft[i] its
 *  channel value (one fused pass). */
GPUFEC_CORE_API void awgn_uncoded_source(uint8_t* info,
                                         float* soft,
                                         size_t n,
                                         uint64_t first,
                                         uint64_t seed,
                                         const awgn_noise& noise,
                                         soft_output out,
                                         stream_t stream);

/*! The channel: soft[i] = BPSK of bits[i] plus noise sample first + i of @p seed. */
GPUFEC_CORE_API void awgn_bpsk(const uint8_t* bits,
                               float* soft,
                               size_t n,
                               uint64_t first,
                               uint64_t seed,
                               const awgn_noise& noise,
                               soft_output out,
                               stream_t stream);

/*! bits[i] = information bit first + i of the stream of @p seed (for coded sources). */
GPUFEC_CORE_API void awgn_info_bits(uint8_t* bits, size_t n, uint64_t first, uint64_t seed, stream_t stream);

} // namespace device
} // namespace gpufec
} // namespace gr

#endif
