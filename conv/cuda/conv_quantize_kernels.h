/* Float soft values to the decoders' int8 LLRs on the device (core/conv/quantize.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_QUANTIZE_KERNELS_H
#define INCLUDED_GPUFEC_CUDA_QUANTIZE_KERNELS_H

#include <cuda_runtime.h>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {

/*! out[i] = quantize_llr(in[i], scale). */
void launch_quantize_llr(const float* in, int8_t* out, size_t n, float scale, cudaStream_t stream);

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
