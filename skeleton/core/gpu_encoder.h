/* Device encoders by code family. Each family's CUDA file registers the launcher of its GPU
 * encoder under code::family(), so the GPU source and the BER tool encode any family that has
 * one, and a new family adds a file instead of a case in a central switch.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_GPU_ENCODER_H
#define INCLUDED_GPUFEC_CORE_GPU_ENCODER_H

#include <gnuradio/gpufec/core/code.h>
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {

/*! Encodes n_blocks blocks on the device: @p info (device) has c.history_bits() valid bits
 *  before it; @p coded (device) receives n_blocks * c.coded_bits_per_block() bits. */
using gpu_encode_fn = void (*)(const code& c,
                               const uint8_t* info,
                               uint8_t* coded,
                               size_t n_blocks,
                               cudaStream_t stream);

/*! A static object of this type in a family's CUDA file registers its encoder. */
class gpu_encoder_registration
{
public:
    gpu_encoder_registration(const char* family, gpu_encode_fn encode);
};

/*! @brief Whether @p c's family has registered a GPU encoder. */
bool has_gpu_encoder(const code& c);

/*! @brief The registered encoder of @p c's family.
 *  @throws std::invalid_argument when the family has none, naming it and the remedy */
gpu_encode_fn gpu_encoder_for(const code& c);

} // namespace gpufec
} // namespace gr

#endif
