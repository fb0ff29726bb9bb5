/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "encode_dispatch.h"
#include "conv/conv_encode_kernels.h"
#include "cuda_check.h"
#include <gnuradio/gpufec/conv_code.h>
#include <stdexcept>

namespace gr {
namespace gpufec {
namespace cuda {

void launch_encode(const code& c, const uint8_t* info, uint8_t* coded, size_t n_blocks, cudaStream_t stream)
{
    switch (c.kind()) {
    case code::family::UNCODED:
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(
            coded, info, n_blocks, cudaMemcpyDeviceToDevice, stream));
        return;
    case code::family::CONVOLUTIONAL:
        launch_conv_encode(static_cast<const conv_code&>(c), info, coded, n_blocks, stream);
        return;
    default:
        throw std::invalid_argument("code '" + c.name() + "' has no GPU encoder: use backend 'cpu'");
    }
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
