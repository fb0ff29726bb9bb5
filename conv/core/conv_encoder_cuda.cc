/* The convolutional family's GPU encoder, registered for the GPU source and the BER tool.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/gpu_encoder.h"
#include "conv/cuda/conv_encode_kernels.h"
#include <gnuradio/gpufec/conv/conv_code.h>

namespace gr {
namespace gpufec {

namespace {

void encode(const code& c, const uint8_t* info, uint8_t* coded, size_t n_blocks, cudaStream_t st)
{
    cuda::launch_conv_encode(static_cast<const conv_code&>(c), info, coded, n_blocks, st);
}

const gpu_encoder_registration registration("conv", encode);

} // namespace

} // namespace gpufec
} // namespace gr
