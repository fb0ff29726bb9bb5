/* Built with -fno-trapping-math and -fno-math-errno (lib/core/CMakeLists.txt): without them
 * GCC keeps the branches of the float selects and of sqrt, and no loop here vectorizes. Neither
 * changes a value: IEEE operations still round as written (no contraction, no reassociation),
 * and sqrt never sees a negative argument (-2 ln u >= 0 for u in (0, 1]).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "gaussian_batch.h"
#include "common/channel/gaussian.h"
#include <algorithm>

namespace gr {
namespace gpufec {
namespace detail {

#if defined(__GNUC__) && defined(__x86_64__) && !defined(__clang__)
// x86-64-v4 (AVX-512 with DQ) rather than bare AVX-512F: with vpmullq the 32x32 -> 64-bit
// Philox products are not emulated; 30 % faster here.
#define GPUFEC_NOISE_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define GPUFEC_NOISE_CLONES
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

} // namespace

GPUFEC_NOISE_CLONES void awgn_bpsk_blocks(uint64_t seed,
                                          uint64_t first_block,
                                          size_t n_blocks,
                                          const uint8_t* bits,
                                          awgn_sample_params p,
                                          float* soft)
{
    // gaussian4 on B blocks side by side: Philox, each Box-Muller pair and the channel are
    // loops over the blocks.
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

GPUFEC_NOISE_CLONES void info_bits_blocks(uint64_t seed, uint64_t first_block, size_t n_blocks, uint8_t* out)
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
