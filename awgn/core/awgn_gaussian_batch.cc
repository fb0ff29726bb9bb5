/* Built with -fno-trapping-math and -fno-math-errno (awgn/CMakeLists.txt): without them
 * GCC keeps the branches of the float selects and of sqrt, and no loop here vectorizes. Neither
 * changes a value: IEEE operations still round as written (no contraction, no reassociation),
 * and sqrt never sees a negative argument (-2 ln u >= 0 for u in (0, 1]).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "awgn_gaussian_batch.h"
#include "awgn/common/awgn_gaussian.h"
#include <algorithm>

namespace gr {
namespace gpufec {
namespace detail {

// The information bits cost little beside the noise (one Philox block gives 128 of them), so
// they stay a loop for the compiler, cloned per instruction set.
#if GPUFEC_X86_SIMD && !defined(__clang__)
#define GPUFEC_INFO_BITS_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define GPUFEC_INFO_BITS_CLONES
#endif

namespace {

constexpr size_t B = 32; //!< Philox blocks side by side

/* Philox blocks [first, first + B) of a stream, word j of block i in w[j][i]: each round is
 * one loop over the blocks. */
inline void philox_side_by_side(uint64_t seed, uint32_t stream, uint64_t first, uint32_t w[4][B])
{
    for (size_t i = 0; i < B; ++i) {
        const philox4x32_ctr c = philox_counter(stream, first + i);
        for (int j = 0; j < 4; ++j)
            w[j][i] = c.v[j];
    }
    philox4x32_key key = philox_key(seed);
    for (int round = 0; round < 10; ++round) {
        for (size_t i = 0; i < B; ++i) {
            const philox4x32_ctr c =
                philox4x32_round(philox4x32_ctr{ { w[0][i], w[1][i], w[2][i], w[3][i] } }, key);
            for (int j = 0; j < 4; ++j)
                w[j][i] = c.v[j];
        }
        key = philox4x32_bump(key);
    }
}

/* The portable kernel: gaussian4 on B blocks side by side, Philox, each Box-Muller pair and
 * the channel are loops over the blocks (built for the baseline target; the SIMD kernels
 * replace it where the CPU has them, and it finishes their last few blocks). */
void awgn_bpsk_portable(uint64_t seed,
                        uint64_t first_block,
                        size_t n_blocks,
                        const uint8_t* bits,
                        awgn_sample_params p,
                        float* soft)
{
    for (size_t done = 0; done < n_blocks; done += B) {
        const size_t m = std::min(B, n_blocks - done);
        uint32_t w[4][B];
        philox_side_by_side(seed, STREAM_NOISE, first_block + done, w);
        float z[4][B];
        for (size_t i = 0; i < B; ++i)
            box_muller(w[0][i], w[1][i], &z[0][i], &z[1][i]);
        for (size_t i = 0; i < B; ++i)
            box_muller(w[2][i], w[3][i], &z[2][i], &z[3][i]);
        const uint8_t* in = bits + 4 * done;
        float* out = soft + 4 * done;
        for (size_t i = 0; i < m; ++i)
            for (int j = 0; j < 4; ++j)
                out[4 * i + j] = awgn_bpsk_sample(in[4 * i + j] != 0, z[j][i], p);
    }
}

using lanes_kernel = size_t (*)(uint64_t, uint64_t, size_t, const uint8_t*, awgn_sample_params, float*);

lanes_kernel kernel_of(simd isa)
{
#if GPUFEC_X86_SIMD
    switch (isa) {
    case simd::avx2:
        return awgn_bpsk_lanes_avx2;
    case simd::avx512:
        return awgn_bpsk_lanes_avx512;
    default:
        break;
    }
#else
    (void)isa;
#endif
    return nullptr;
}

} // namespace

void awgn_bpsk_blocks(simd isa,
                      uint64_t seed,
                      uint64_t first_block,
                      size_t n_blocks,
                      const uint8_t* bits,
                      awgn_sample_params p,
                      float* soft)
{
    const lanes_kernel k = kernel_of(isa);
    const size_t done = k ? k(seed, first_block, n_blocks, bits, p, soft) : 0;
    awgn_bpsk_portable(seed, first_block + done, n_blocks - done, bits + 4 * done, p, soft + 4 * done);
}

void awgn_bpsk_blocks(uint64_t seed,
                      uint64_t first_block,
                      size_t n_blocks,
                      const uint8_t* bits,
                      awgn_sample_params p,
                      float* soft)
{
    static const simd best = available_simd().back();
    awgn_bpsk_blocks(best, seed, first_block, n_blocks, bits, p, soft);
}

GPUFEC_INFO_BITS_CLONES void info_bits_blocks(uint64_t seed, uint64_t first_block, size_t n_blocks, uint8_t* out)
{
    for (size_t done = 0; done < n_blocks; done += B) {
        const size_t m = std::min(B, n_blocks - done);
        uint32_t w[4][B];
        philox_side_by_side(seed, STREAM_INFO_BITS, first_block + done, w);
        for (size_t i = 0; i < m; ++i)
            for (int j = 0; j < 4; ++j) {
                const uint32_t x = w[j][i];
                uint8_t* o = out + 128 * (done + i) + 32 * j;
                for (unsigned b = 0; b < 32; ++b)
                    o[b] = (x >> b) & 1u;
            }
    }
}

} // namespace detail
} // namespace gpufec
} // namespace gr
