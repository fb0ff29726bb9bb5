/* The device depuncturer: the host puncturer's map (conv/common/conv_puncture_map.h) copied to
 * the device, and the kernel that reads it for whole code blocks (the pattern restarts at every
 * block, as conv_code's blocks do: a framed code's frame, one puncturing period of a streaming
 * code).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_CONV_DEPUNCTURE_KERNELS_H
#define INCLUDED_GPUFEC_CUDA_CONV_DEPUNCTURE_KERNELS_H

#include "conv/common/conv_puncture_map.h"
#include "skeleton/cuda/device_buffer.h"
#include <gnuradio/gpufec/conv/conv_code.h>
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {

/*! A code's puncture map in device memory (built once; the arrays are conv::puncturer's). */
class device_puncture_map
{
public:
    explicit device_puncture_map(const conv_code& c);
    /*! The view the kernel reads (device pointers). */
    const conv::puncture_map& map() const { return m_map; }
    size_t mother_per_block() const { return m_mother; }
    size_t coded_per_block() const { return m_coded; }

private:
    device_buffer<int32_t> m_rank;
    device_buffer<uint8_t> m_flip;
    conv::puncture_map m_map;
    size_t m_mother, m_coded;
};

/*!
 * n_blocks blocks: mother position m of block b gets map.value(m, in + b * C) (its sent value,
 * negated for an inverted output, or 0 where the pattern deletes it); out holds n_blocks * M
 * values (M, C: the code's mother and coded bits per block).
 */
void launch_depuncture(const device_puncture_map& map,
                       const int8_t* in,
                       int8_t* out,
                       size_t n_blocks,
                       cudaStream_t stream);

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
