/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "conv/core/conv_puncture.h"
#include "conv_depuncture_kernels.h"
#include <algorithm>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

constexpr unsigned threads_per_block = 256;

__global__ void depuncture_kernel(const conv::puncture_map map,
                                  uint32_t mother_per_block,
                                  uint32_t coded_per_block,
                                  const int8_t* __restrict__ in,
                                  int8_t* __restrict__ out,
                                  size_t total)
{
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < total;
         i += size_t(gridDim.x) * blockDim.x) {
        const size_t block = i / mother_per_block;
        out[i] = map.value(uint32_t(i - block * mother_per_block), in + block * coded_per_block);
    }
}

} // namespace

device_puncture_map::device_puncture_map(const conv_code& c)
    : m_mother(c.mother_bits_per_block()), m_coded(c.coded_bits_per_block())
{
    const conv::puncturer p(c.puncture_pattern(), c.inverted());
    const conv::puncture_map h = p.map();
    m_rank = device_buffer<int32_t>(h.period);
    m_flip = device_buffer<uint8_t>(h.period);
    GPUFEC_CUDA_CHECK(cudaMemcpy(m_rank.get(), h.rank, h.period * sizeof(int32_t), cudaMemcpyHostToDevice));
    GPUFEC_CUDA_CHECK(cudaMemcpy(m_flip.get(), h.flip, h.period, cudaMemcpyHostToDevice));
    m_map = conv::puncture_map{ h.period, h.kept, m_rank.get(), m_flip.get() };
}

void launch_depuncture(const device_puncture_map& map,
                       const int8_t* in,
                       int8_t* out,
                       size_t n_blocks,
                       cudaStream_t stream)
{
    const size_t total = n_blocks * map.mother_per_block();
    if (total == 0)
        return;
    // Enough blocks to fill any current GPU several times over; the grid-stride loop does the rest.
    const unsigned grid =
        unsigned(std::min<size_t>((total + threads_per_block - 1) / threads_per_block, size_t(1) << 16));
    depuncture_kernel<<<grid, threads_per_block, 0, stream>>>(
        map.map(), uint32_t(map.mother_per_block()), uint32_t(map.coded_per_block()), in, out, total);
    GPUFEC_CUDA_CHECK_LAUNCH();
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
