/* Launchers of the AWGN/BPSK kernels: device pointers, sizes and a stream in, errors thrown.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_AWGN_BPSK_KERNELS_H
#define INCLUDED_GPUFEC_CUDA_AWGN_BPSK_KERNELS_H

#include "awgn/common/awgn_sample.h"
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {

/*! soft[i] = awgn_bpsk_sample(bits[i], noise sample first + i). */
void launch_awgn_bpsk(const uint8_t* bits,
                      float* soft,
                      size_t n,
                      uint64_t first,
                      uint64_t seed,
                      detail::awgn_sample_params p,
                      cudaStream_t stream);

/*! llr[i] = quantize_llr(awgn_bpsk_sample(bits[i], ...), llr_scale) (common/quantize.h): what
 *  launch_awgn_bpsk then launch_quantize_llr give, in one pass. */
void launch_awgn_bpsk_int8(const uint8_t* bits,
                           int8_t* llr,
                           size_t n,
                           uint64_t first,
                           uint64_t seed,
                           detail::awgn_sample_params p,
                           float llr_scale,
                           cudaStream_t stream);

/*! info[i] = info bit first + i; soft[i] = its channel sample (the uncoded source, fused). */
void launch_uncoded_source(uint8_t* info,
                           float* soft,
                           size_t n,
                           uint64_t first,
                           uint64_t seed,
                           detail::awgn_sample_params p,
                           cudaStream_t stream);

/*! bits[i] = info bit first + i of the stream (for coded sources). */
void launch_info_bits(uint8_t* bits, size_t n, uint64_t first, uint64_t seed, cudaStream_t stream);

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CUDA_AWGN_BPSK_KERNELS_H */
