/* Launcher of the GPU convolutional encoder (the same bits as conv_code::encode).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_CONV_ENCODE_KERNELS_H
#define INCLUDED_GPUFEC_CUDA_CONV_ENCODE_KERNELS_H

#include <gnuradio/gpufec/conv/conv_code.h>
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {

/*! Longest puncturing pattern the GPU encoder takes (it travels in the kernel's arguments). */
constexpr size_t conv_encode_max_pattern = 1024;

/*!
 * Encodes n_blocks blocks of @p c: info (device) holds n_blocks * info_bits_per_block() bits,
 * with c.history_bits() valid bits before it (streaming codes); coded (device) receives
 * n_blocks * coded_bits_per_block() bits.
 * @throws std::invalid_argument for a pattern longer than conv_encode_max_pattern
 */
void launch_conv_encode(const conv_code& c,
                        const uint8_t* info,
                        uint8_t* coded,
                        size_t n_blocks,
                        cudaStream_t stream);

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CUDA_CONV_ENCODE_KERNELS_H */
