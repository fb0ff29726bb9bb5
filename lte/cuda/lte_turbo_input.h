/* Int8 channel values to the turbo kernels' float LLRs on the device, so that a block fed int8
 * values (GNU Radio's int8 streams) moves a quarter of the bytes over PCIe and the host does no
 * conversion. The mapping is a table the engine fills with its own host conversion
 * (soft_input::to_float): the device's LLRs are the host's bit for bit.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_TURBO_TURBO_INPUT_H
#define INCLUDED_GPUFEC_CUDA_TURBO_TURBO_INPUT_H

#include <cuda_runtime.h>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {

/*! The LLR of each int8 value v, at index v + 128. */
struct int8_llr_map {
    float llr[256];
};

/*! llr[i] = map.llr[q[i] + 128] for i < n, on @p stream. */
void launch_int8_to_llr(const int8_llr_map& map, const int8_t* q, size_t n, float* llr, cudaStream_t stream);

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
