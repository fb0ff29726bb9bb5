/* The noise kernel on AVX2: 8 Philox blocks at once, selects by blendv on comparison vectors
 * (built for AVX2 by a pragma, called only where the CPU has it).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "awgn/common/awgn_gaussian.h"
#include "awgn_gaussian_batch.h"
#if GPUFEC_X86_SIMD
#include <immintrin.h>

GPUFEC_SIMD_TARGET_BEGIN("avx2")

namespace gr {
namespace gpufec {
namespace detail {
namespace noise_avx2 {
struct V {
    using I = __m256i;
    using F = __m256;
    using M = __m256; //!< all ones where true
    static constexpr size_t lanes = 8;
    static constexpr size_t groups = 4; //!< lane groups in flight at once (measured)
    static I set1(uint32_t x) { return _mm256_set1_epi32(static_cast<int>(x)); }
    static F set1f(float x) { return _mm256_set1_ps(x); }
    static I set1_64(uint64_t x) { return _mm256_set1_epi64x(static_cast<long long>(x)); }
    static I iota64() { return _mm256_setr_epi64x(0, 1, 2, 3); }
    static I add64(I a, I b) { return _mm256_add_epi64(a, b); }
    static I srli64(I a, unsigned n) { return _mm256_srli_epi64(a, static_cast<int>(n)); }
    /* The low 32 bits of a times m, as 64 bits (vpmuludq). */
    static I mul_wide(I a, uint32_t m) { return _mm256_mul_epu32(a, set1(m)); }
    static I low_halves(I a, I b)
    {
        // Even elements of a and b per 128-bit half (a0 a2 b0 b2 | a4 a6 b4 b6), then the
        // 64-bit pairs in order.
        const __m256 ab = _mm256_shuffle_ps(as_float(a), as_float(b), _MM_SHUFFLE(2, 0, 2, 0));
        return _mm256_permute4x64_epi64(as_int(ab), _MM_SHUFFLE(3, 1, 2, 0));
    }
    static I add(I a, I b) { return _mm256_add_epi32(a, b); }
    static I sub(I a, I b) { return _mm256_sub_epi32(a, b); }
    static I xor_(I a, I b) { return _mm256_xor_si256(a, b); }
    static I and_(I a, I b) { return _mm256_and_si256(a, b); }
    static I xor3(I a, I b, I c) { return _mm256_xor_si256(_mm256_xor_si256(a, b), c); }
    static I or_(I a, I b) { return _mm256_or_si256(a, b); }
    static I srli(I a, unsigned n) { return _mm256_srli_epi32(a, static_cast<int>(n)); }
    static I slli(I a, unsigned n) { return _mm256_slli_epi32(a, static_cast<int>(n)); }
    static F as_float(I a) { return _mm256_castsi256_ps(a); }
    static I as_int(F a) { return _mm256_castps_si256(a); }
    static F to_float(I a) { return _mm256_cvtepi32_ps(a); } // signed, exact below 2^24
    static F add(F a, F b) { return _mm256_add_ps(a, b); }
    static F mul(F a, F b) { return _mm256_mul_ps(a, b); }
    static F div(F a, F b) { return _mm256_div_ps(a, b); }
    static F sqrt(F a) { return _mm256_sqrt_ps(a); }
    static M gt(F a, F b) { return _mm256_cmp_ps(a, b, _CMP_GT_OQ); }
    static M bit_set(I a, uint32_t bit)
    {
        const I b = set1(bit);
        return as_float(_mm256_cmpeq_epi32(_mm256_and_si256(a, b), b));
    }
    static F select(M m, F yes, F no) { return _mm256_blendv_ps(no, yes, m); }
    static I select(M m, I yes, I no) { return as_int(_mm256_blendv_ps(as_float(no), as_float(yes), m)); }
    /* unpack{lo,hi}_pd on floats: 64-bit pairs of samples. */
    static F lo_pairs(F a, F b) { return _mm256_castpd_ps(_mm256_unpacklo_pd(_mm256_castps_pd(a), _mm256_castps_pd(b))); }
    static F hi_pairs(F a, F b) { return _mm256_castpd_ps(_mm256_unpackhi_pd(_mm256_castps_pd(a), _mm256_castps_pd(b))); }
    /* z[j] lane i (sample j of block i) to z[i / 2] lane 4 (i % 2) + j: a 4x4 transpose inside
     * each 128-bit half, then one of the halves. */
    static void interleave4(F z[4])
    {
        const F t0 = _mm256_unpacklo_ps(z[0], z[1]), t1 = _mm256_unpackhi_ps(z[0], z[1]);
        const F t2 = _mm256_unpacklo_ps(z[2], z[3]), t3 = _mm256_unpackhi_ps(z[2], z[3]);
        const F u0 = lo_pairs(t0, t2), u1 = hi_pairs(t0, t2);
        const F u2 = lo_pairs(t1, t3), u3 = hi_pairs(t1, t3);
        z[0] = _mm256_permute2f128_ps(u0, u1, 0x20);
        z[1] = _mm256_permute2f128_ps(u2, u3, 0x20);
        z[2] = _mm256_permute2f128_ps(u0, u1, 0x31);
        z[3] = _mm256_permute2f128_ps(u2, u3, 0x31);
    }
    /* Lanes whose channel bit byte is nonzero. */
    static M load_bits(const uint8_t* p)
    {
        const I b = _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
        return as_float(_mm256_xor_si256(_mm256_cmpeq_epi32(b, _mm256_setzero_si256()), set1(~0u)));
    }
    static void store(float* p, F v) { _mm256_storeu_ps(p, v); }
};
} // namespace noise_avx2
} // namespace detail
} // namespace gpufec
} // namespace gr

#define GPUFEC_NOISE_NS noise_avx2
#include "awgn_gaussian_lanes_kernel.h"

namespace gr {
namespace gpufec {
namespace detail {
size_t awgn_bpsk_lanes_avx2(uint64_t seed,
                            uint64_t first_block,
                            size_t n_blocks,
                            const uint8_t* bits,
                            awgn_sample_params p,
                            float* soft)
{
    return noise_avx2::awgn_bpsk_lanes(seed, first_block, n_blocks, bits, p, soft);
}
} // namespace detail
} // namespace gpufec
} // namespace gr

GPUFEC_SIMD_TARGET_END
#endif
