/* The early-stop CRC of the turbo decoder on the GPU: the remainder that lte_crc_parity (the
 * CPU's, lte/core/lte_crc.cc) computes, M(x) x^24 mod G(x) over the K decisions (bit 0
 * first, as the highest power), zero initial value; 0 means the block checks.
 *
 * One warp: lane l divides its share of the bits, M_l, serially (r_l = M_l x^24 mod G), and
 * M = sum_l M_l x^n_l with n_l the bits after its share, so the remainder is the XOR over the
 * lanes of r_l x^n_l mod G. The factors x^n_l mod G depend only on K and the lane.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_TURBO_CRC_CUH
#define INCLUDED_GPUFEC_CUDA_TURBO_CRC_CUH

#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {
namespace turbo_dev {

/* TS 36.212 §5.1.1 generators without the D^24 term (the values of lte_crc.cc). */
constexpr uint32_t crc24a_poly = 0x864CFB;
constexpr uint32_t crc24b_poly = 0x800063;
constexpr uint32_t crc24_mask = 0xFFFFFF;

/* r x mod G. */
__device__ __forceinline__ uint32_t crc_times_x(uint32_t r, uint32_t poly)
{
    return ((r << 1) & crc24_mask) ^ ((r >> 23) & 1u ? poly : 0u);
}

/* a b mod G, Horner over the bits of a. */
__device__ inline uint32_t crc_mulmod(uint32_t a, uint32_t b, uint32_t poly)
{
    uint32_t r = 0;
    for (int i = 23; i >= 0; --i) {
        r = crc_times_x(r, poly);
        if ((a >> i) & 1u)
            r ^= b;
    }
    return r;
}

/* x^n mod G by squaring. */
__device__ inline uint32_t crc_x_pow(uint32_t n, uint32_t poly)
{
    uint32_t r = 1;
    for (int i = 31; i >= 0; --i) {
        r = crc_mulmod(r, r, poly);
        if ((n >> i) & 1u)
            r = crc_times_x(r, poly);
    }
    return r;
}

/* Lane l's share of the decision words [first, last). */
__device__ __forceinline__ uint32_t crc_lane_word_begin(unsigned lane, unsigned first, unsigned last)
{
    return first + lane * (last - first) / 32;
}

/* x^n_l mod G for the calling lane: once per kernel, the factor of its share of the words
 * [first, last) (a thread block of a cluster divides only its part of the block). */
__device__ inline uint32_t crc_lane_factor(unsigned K, uint32_t poly, unsigned lane, unsigned first, unsigned last)
{
    const unsigned end_bit = min(32 * crc_lane_word_begin(lane + 1, first, last), K);
    return crc_x_pow(K - end_bit, poly);
}

/* ... and of all ceil(K / 32) words. */
__device__ inline uint32_t crc_lane_factor(unsigned K, uint32_t poly, unsigned lane)
{
    return crc_lane_factor(K, poly, lane, 0, (K + 31) / 32);
}

/*
 * The share of the remainder of the decision words [first, last) (words[w - first] holds the
 * decisions 32 w + b as bit b): M_share(x) x^(24 + bits after the share) mod G. Called by all
 * 32 lanes of one warp, each with its crc_lane_factor for the same range; every lane returns
 * it. The shares of a block XOR to its remainder.
 */
__device__ inline uint32_t crc_remainder(const uint32_t* words, unsigned first, unsigned last, unsigned K,
                                         uint32_t poly, uint32_t factor)
{
    const unsigned lane = threadIdx.x & 31u;
    uint32_t reg = 0;
    for (unsigned w = crc_lane_word_begin(lane, first, last); w < crc_lane_word_begin(lane + 1, first, last); ++w) {
        const uint32_t word = words[w - first];
        const unsigned bits = min(32u, K - 32 * w);
        for (unsigned b = 0; b < bits; ++b) {
            const uint32_t feedback = ((reg >> 23) ^ (word >> b)) & 1u;
            reg = ((reg << 1) & crc24_mask) ^ (feedback ? poly : 0u);
        }
    }
    uint32_t r = crc_mulmod(reg, factor, poly);
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
    return __reduce_xor_sync(0xffffffffu, r);
#else
    // No warp reduction before sm_80: the same XOR over the warp in five exchanges.
    for (unsigned d = 16; d > 0; d /= 2)
        r ^= __shfl_xor_sync(0xffffffffu, r, d);
    return r;
#endif
}

/* The remainder over all K decisions packed as words[k / 32] bit k % 32. */
__device__ inline uint32_t crc_remainder(const uint32_t* words, unsigned K, uint32_t poly, uint32_t factor)
{
    return crc_remainder(words, 0, (K + 31) / 32, K, poly, factor);
}

} // namespace turbo_dev
} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
