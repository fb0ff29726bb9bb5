/* GPU convolutional encoder: one thread per sent (unpunctured) coded bit.
 *
 *   sent bit q of a block <- mother position m = (q / kept) * period + kept_pos[q % kept],
 *   step = m / n, generator j = m % n,  coded = bit j of outputs(state before step, u(step)),
 *   complemented when output j is inverted
 *
 * The state before a step is rebuilt from the k-1 preceding info bits: zeros before a
 * terminated or truncated frame, the frame read circularly when tailbiting, the stream's
 * history when streaming; tail steps of a terminated frame feed zeros. Blocks start at pattern
 * phase 0 (framed codes restart the pattern, a streaming block is one period), as on the CPU.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/cuda/cuda_check.h"
#include "conv_encode_kernels.h"
#include "conv/common/conv_code_trellis.h"
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

constexpr int threads_per_block = 256;

struct encode_args {
    conv::trellis t;
    uint32_t inverted;      //!< bit j: output j is sent complemented
    termination term;
    uint32_t info_bits;     //!< per block
    uint32_t kept;          //!< sent positions per pattern period
    uint32_t period;        //!< pattern length (mother positions)
    uint32_t coded_bits;    //!< per block
    uint16_t kept_pos[conv_encode_max_pattern];
};

/* Info bit i of the block at in (i may be negative or past the frame, per termination). */
__device__ __forceinline__ uint32_t info_bit(const encode_args& a, const uint8_t* in, int64_t i)
{
    const int64_t N = a.info_bits;
    switch (a.term) {
    case termination::STREAMING:
        return in[i] != 0; // history_bits() valid bits precede the first block
    case termination::TAILBITING:
        return in[((i % N) + N) % N] != 0;
    default:
        return (i >= 0 && i < N) ? in[i] != 0 : 0u;
    }
}

__global__ void conv_encode_kernel(const __grid_constant__ encode_args a,
                                   const uint8_t* __restrict__ info,
                                   uint8_t* __restrict__ coded,
                                   size_t total)
{
    for (size_t g = blockIdx.x * size_t(blockDim.x) + threadIdx.x; g < total;
         g += size_t(gridDim.x) * blockDim.x) {
        const size_t blk = g / a.coded_bits;
        const uint32_t q = uint32_t(g - blk * a.coded_bits);
        const uint64_t m = uint64_t(q / a.kept) * a.period + a.kept_pos[q % a.kept];
        const int64_t step = int64_t(m / a.t.n);
        const int j = int(m % a.t.n);
        const uint8_t* in = info + blk * a.info_bits;
        uint32_t s = 0; // newest bit in the MSB: bit k-2 is u(step-1)
        for (int i = 1; i < a.t.k; ++i)
            s |= info_bit(a, in, step - i) << (a.t.k - 1 - i);
        const uint32_t c = a.t.outputs(s, info_bit(a, in, step)) ^ a.inverted;
        coded[g] = uint8_t((c >> j) & 1u);
    }
}

} // namespace

void launch_conv_encode(const conv_code& c,
                        const uint8_t* info,
                        uint8_t* coded,
                        size_t n_blocks,
                        cudaStream_t stream)
{
    const auto& pattern = c.puncture_pattern();
    if (pattern.size() > conv_encode_max_pattern)
        throw std::invalid_argument("GPU conv encoder: puncturing pattern of " +
                                    std::to_string(pattern.size()) + " positions, at most " +
                                    std::to_string(conv_encode_max_pattern) +
                                    " supported: use backend 'cpu'");
    encode_args a{};
    a.t = conv::make_trellis(c);
    for (unsigned j = 0; j < c.n(); ++j)
        a.inverted |= uint32_t(c.inverted()[j]) << j;
    a.term = c.term();
    a.info_bits = uint32_t(c.info_bits_per_block());
    a.period = uint32_t(pattern.size());
    for (size_t p = 0; p < pattern.size(); ++p)
        if (pattern[p])
            a.kept_pos[a.kept++] = uint16_t(p);
    a.coded_bits = uint32_t(c.coded_bits_per_block());
    const size_t total = n_blocks * a.coded_bits;
    if (total == 0)
        return;
    const size_t blocks = std::min<size_t>((total + threads_per_block - 1) / threads_per_block,
                                           size_t(1) << 16);
    conv_encode_kernel<<<unsigned(blocks), threads_per_block, 0, stream>>>(a, info, coded, total);
    GPUFEC_CUDA_CHECK_LAUNCH();
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
