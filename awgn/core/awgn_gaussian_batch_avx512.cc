/* The noise kernel on AVX-512F: 16 Philox blocks at once, selects on mask registers (built for
 * AVX-512 by a pragma, called only where the CPU has it).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "awgn/common/awgn_gaussian.h"
#include "awgn_gaussian_batch.h"
#if GPUFEC_X86_SIMD
#include <immintrin.h>

GPUFEC_SIMD_TARGET_BEGIN("avx512f")
#if !defined(__clang__)
// GCC 12's AVX-512 intrinsics initialise their undefined operands from themselves, which
// -Wmaybe-uninitialized reports at every use (GCC bug 105593).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace gr {
namespace gpufec {
namespace detail {
namespace noise_avx512 {
struct V {
    using I = __m512i;
    using F = __m512;
    using M = __mmask16;
    static constexpr size_t lanes = 16;
    static constexpr size_t groups = 2; //!< lane groups in flight at once (measured)
    static I set1(uint32_t x) { return _mm512_set1_epi32(static_cast<int>(x)); }
    static F set1f(float x) { return _mm512_set1_ps(x); }
    static I set1_64(uint64_t x) { return _mm512_set1_epi64(static_cast<long long>(x)); }
    static I iota64() { return _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7); }
    static I add64(I a, I b) { return _mm512_add_epi64(a, b); }
    static I srli64(I a, unsigned n) { return _mm512_srli_epi64(a, n); }
    /* The low 32 bits of a times m, as 64 bits (vpmuludq). */
    static I mul_wide(I a, uint32_t m) { return _mm512_mul_epu32(a, set1(m)); }
    static I low_halves(I a, I b)
    {
        const I even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
        return _mm512_permutex2var_epi32(a, even, b);
    }
    static I add(I a, I b) { return _mm512_add_epi32(a, b); }
    static I sub(I a, I b) { return _mm512_sub_epi32(a, b); }
    static I xor_(I a, I b) { return _mm512_xor_si512(a, b); }
    static I and_(I a, I b) { return _mm512_and_si512(a, b); }
    /* a ^ b ^ c in one vpternlogd. */
    static I xor3(I a, I b, I c) { return _mm512_ternarylogic_epi32(a, b, c, 0x96); }
    static I or_(I a, I b) { return _mm512_or_si512(a, b); }
    static I srli(I a, unsigned n) { return _mm512_srli_epi32(a, n); }
    static I slli(I a, unsigned n) { return _mm512_slli_epi32(a, n); }
    static F as_float(I a) { return _mm512_castsi512_ps(a); }
    static I as_int(F a) { return _mm512_castps_si512(a); }
    static F to_float(I a) { return _mm512_cvtepi32_ps(a); } // signed, exact below 2^24
    static F add(F a, F b) { return _mm512_add_ps(a, b); }
    static F mul(F a, F b) { return _mm512_mul_ps(a, b); }
    static F div(F a, F b) { return _mm512_div_ps(a, b); }
    static F sqrt(F a) { return _mm512_sqrt_ps(a); }
    static M gt(F a, F b) { return _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ); }
    static M bit_set(I a, uint32_t bit) { return _mm512_test_epi32_mask(a, set1(bit)); }
    static F select(M m, F yes, F no) { return _mm512_mask_blend_ps(m, no, yes); }
    static I select(M m, I yes, I no) { return _mm512_mask_blend_epi32(m, no, yes); }
    /* unpack{lo,hi}_pd on floats: 64-bit pairs of samples. */
    static F lo_pairs(F a, F b) { return _mm512_castpd_ps(_mm512_unpacklo_pd(_mm512_castps_pd(a), _mm512_castps_pd(b))); }
    static F hi_pairs(F a, F b) { return _mm512_castpd_ps(_mm512_unpackhi_pd(_mm512_castps_pd(a), _mm512_castps_pd(b))); }
    /* z[j] lane i (sample j of block i) to z[i / 4] lane 4 (i % 4) + j: a 4x4 transpose inside
     * each 128-bit quarter, then one of the quarters. */
    static void interleave4(F z[4])
    {
        const F t0 = _mm512_unpacklo_ps(z[0], z[1]), t1 = _mm512_unpackhi_ps(z[0], z[1]);
        const F t2 = _mm512_unpacklo_ps(z[2], z[3]), t3 = _mm512_unpackhi_ps(z[2], z[3]);
        const F u0 = lo_pairs(t0, t2), u1 = hi_pairs(t0, t2);
        const F u2 = lo_pairs(t1, t3), u3 = hi_pairs(t1, t3);
        const F v0 = _mm512_shuffle_f32x4(u0, u1, _MM_SHUFFLE(1, 0, 1, 0));
        const F v1 = _mm512_shuffle_f32x4(u0, u1, _MM_SHUFFLE(3, 2, 3, 2));
        const F v2 = _mm512_shuffle_f32x4(u2, u3, _MM_SHUFFLE(1, 0, 1, 0));
        const F v3 = _mm512_shuffle_f32x4(u2, u3, _MM_SHUFFLE(3, 2, 3, 2));
        z[0] = _mm512_shuffle_f32x4(v0, v2, _MM_SHUFFLE(2, 0, 2, 0));
        z[1] = _mm512_shuffle_f32x4(v0, v2, _MM_SHUFFLE(3, 1, 3, 1));
        z[2] = _mm512_shuffle_f32x4(v1, v3, _MM_SHUFFLE(2, 0, 2, 0));
        z[3] = _mm512_shuffle_f32x4(v1, v3, _MM_SHUFFLE(3, 1, 3, 1));
    }
    /* Lanes whose channel bit byte is nonzero. */
    static M load_bits(const uint8_t* p)
    {
        const I b = _mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
        return _mm512_test_epi32_mask(b, b);
    }
    static void store(float* p, F v) { _mm512_storeu_ps(p, v); }
};
} // namespace noise_avx512
} // namespace detail
} // namespace gpufec
} // namespace gr

#define GPUFEC_NOISE_NS noise_avx512
#include "awgn_gaussian_lanes_kernel.h"

namespace gr {
namespace gpufec {
namespace detail {
size_t awgn_bpsk_lanes_avx512(uint64_t seed,
                              uint64_t first_block,
                              size_t n_blocks,
                              const uint8_t* bits,
                              awgn_sample_params p,
                              float* soft)
{
    return noise_avx512::awgn_bpsk_lanes(seed, first_block, n_blocks, bits, p, soft);
}
} // namespace detail
} // namespace gpufec
} // namespace gr

#if !defined(__clang__)
#pragma GCC diagnostic pop
#endif
GPUFEC_SIMD_TARGET_END
#endif
