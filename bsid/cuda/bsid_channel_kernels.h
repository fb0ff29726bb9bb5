/* Launchers of the BSID channel on the GPU: the draws of common/bsid/channel_draws.h, one
 * thread per segment of bsid_channel_model::segment_bits input bits, in two passes (count the
 * received bits of each segment, then write them at their offsets), so that the output is the
 * CPU channel's bit for bit. Device pointers, sizes and a stream in; errors thrown.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_BSID_CHANNEL_KERNELS_H
#define INCLUDED_GPUFEC_CUDA_BSID_CHANNEL_KERNELS_H

#include "bsid/common/bsid_channel_draws.h"
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {

/*! The segments that input bits [first, first + n) touch. */
size_t bsid_channel_segments(size_t n, uint64_t first);

/*! counts[s] = received bits of the piece's segment s (the first replays its draws before
 *  @p first). */
void launch_bsid_channel_count(const uint8_t* bits,
                               size_t n,
                               uint64_t first,
                               uint64_t seed,
                               detail::bsid_thresholds th,
                               uint32_t* counts,
                               cudaStream_t stream);

/*! received[offsets[s] ..] = segment s's received bits; drift[t] (t < n) = received minus sent
 *  before input bit first + t. */
void launch_bsid_channel_write(const uint8_t* bits,
                               size_t n,
                               uint64_t first,
                               uint64_t seed,
                               detail::bsid_thresholds th,
                               const uint64_t* offsets,
                               uint8_t* received,
                               int32_t* drift,
                               cudaStream_t stream);

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
