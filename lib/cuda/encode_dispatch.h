/* GPU encoders, dispatched on the code family (the set of families is closed: code.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_ENCODE_DISPATCH_H
#define INCLUDED_GPUFEC_CUDA_ENCODE_DISPATCH_H

#include <gnuradio/gpufec/code.h>
#include <cuda_runtime.h>

namespace gr {
namespace gpufec {
namespace cuda {

/*!
 * Encodes n_blocks blocks of @p c on the device. @p info points at the first block's bits and
 * has c.history_bits() valid bits before it; @p coded receives n_blocks coded blocks.
 * @throws std::invalid_argument for a family without a GPU encoder
 */
void launch_encode(const code& c, const uint8_t* info, uint8_t* coded, size_t n_blocks, cudaStream_t stream);

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
