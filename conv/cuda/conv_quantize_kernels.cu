/* q[i] = round_half_even(clamp(x[i] * scale, -127, 127)), NaN -> 0: the host's rounding. */
#include "skeleton/cuda/cuda_check.h"
#include "skeleton/common/quantize.h"
#include "conv_quantize_kernels.h"
#include <algorithm>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {
__global__ void quantize_kernel(const float* __restrict__ in, int8_t* __restrict__ out, size_t n, float scale)
{
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
         i += size_t(gridDim.x) * blockDim.x)
        out[i] = quantize_llr(in[i], scale);
}
} // namespace

void launch_quantize_llr(const float* in, int8_t* out, size_t n, float scale, cudaStream_t stream)
{
    if (n == 0)
        return;
    const size_t blocks = std::min<size_t>((n + 255) / 256, size_t(1) << 16);
    quantize_kernel<<<unsigned(blocks), 256, 0, stream>>>(in, out, n, scale);
    GPUFEC_CUDA_CHECK_LAUNCH();
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
