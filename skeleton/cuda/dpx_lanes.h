/* Two 16-bit lanes a 32-bit register: Hopper's per-halfword DPX add-max and the byte permute
 * that moves lanes, for the packed Viterbi tiles (conv/viterbi_tile_dpx_core.h, also compiled by
 * NVRTC) and the packed turbo recursions (turbo/turbo_packed.cuh). Host and device: the host
 * versions compute the same bits, so host tests run the packed code without a GPU.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_DPX_LANES_H
#define INCLUDED_GPUFEC_CUDA_DPX_LANES_H

#include <cstdint>
#ifndef __CUDACC_RTC__
#include <cuda_runtime.h> // __host__ __device__ for host compilers (NVRTC has them built in)
#endif

namespace gr {
namespace gpufec {
namespace cuda {
namespace dpx {

/* PRMT (generic mode, with sign replication when a selector nibble has its top bit set). */
__host__ __device__ __forceinline__ uint32_t prmt(uint32_t a, uint32_t b, uint32_t sel)
{
#if defined(__CUDA_ARCH__)
    uint32_t r;
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(sel));
    return r;
#else
    const uint64_t x = (uint64_t(b) << 32) | a;
    uint32_t r = 0;
    for (int n = 0; n < 4; ++n) {
        const uint32_t nib = (sel >> (4 * n)) & 15u;
        uint32_t byte = uint32_t(x >> (8 * (nib & 7u))) & 0xffu;
        if (nib & 8u)
            byte = (byte & 0x80u) ? 0xffu : 0u;
        r |= byte << (8 * n);
    }
    return r;
#endif
}

/* Per unsigned 16-bit lane: max(a + b, c), the add wrapping (VIADDMNMX.U16x2 on sm_90). */
__host__ __device__ __forceinline__ uint32_t addmax(uint32_t a, uint32_t b, uint32_t c)
{
#if defined(__CUDA_ARCH__)
    return __viaddmax_u16x2(a, b, c);
#else
    uint32_t r = 0;
    for (int h = 0; h < 2; ++h) {
        const uint32_t s = ((a >> (16 * h)) + (b >> (16 * h))) & 0xffffu, m = (c >> (16 * h)) & 0xffffu;
        r |= (s > m ? s : m) << (16 * h);
    }
    return r;
#endif
}

} // namespace dpx
} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
