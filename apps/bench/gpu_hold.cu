/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "skeleton/cuda/cuda_check.h"
#include "gpu_hold.h"
#include <cstdint>

namespace gpufec_bench {

namespace {

__device__ uint64_t global_ns()
{
    uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

__global__ void hold_kernel(uint64_t ns)
{
    const uint64_t start = global_ns();
    while (global_ns() - start < ns) {
    }
}

} // namespace

void hold_stream(cudaStream_t stream, unsigned microseconds)
{
    hold_kernel<<<1, 1, 0, stream>>>(uint64_t(microseconds) * 1000u);
    GPUFEC_CUDA_CHECK(cudaGetLastError());
}

} // namespace gpufec_bench
