/* Launchers of the kernels of the GPU-resident BER simulation (gpufec_ber --backend cuda):
 * hard decisions and error counting. Device pointers, sizes and a stream in;
 * errors thrown (cuda_check.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_BER_KERNELS_H
#define INCLUDED_GPUFEC_CUDA_BER_KERNELS_H

#include <cuda_runtime.h>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {

/*! bits[i] = soft[i] > 0 (the uncoded "decoder", as on the host). */
void launch_hard_decisions(const float* soft, uint8_t* bits, size_t n, cudaStream_t stream);

/*!
 * Frame f is bits [f * frame_bits, (f + 1) * frame_bits) of info and decoded:
 * per_frame[f] = its bit errors (info != decoded); totals[0] = the sum of them and
 * totals[1] = the frames with at least one (totals are zeroed first, on the stream).
 * frame_bits must be below 2^32.
 */
void launch_count_frame_errors(const uint8_t* info,
                               const uint8_t* decoded,
                               size_t frame_bits,
                               size_t n_frames,
                               uint32_t* per_frame,
                               unsigned long long* totals,
                               cudaStream_t stream);

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
