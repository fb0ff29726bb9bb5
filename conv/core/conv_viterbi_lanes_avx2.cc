/* The lane and single-segment kernels on AVX2: 16 lanes of int16 (built for AVX2 by a pragma,
 * called only where the CPU has it).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/common/quantize.h"
#include "conv_viterbi_lanes.h"
#if GPUFEC_X86_SIMD
#include <immintrin.h>
#include <algorithm>
#include <cstdint>
#include <cstring>

// BMI2 too: every AVX2 CPU has it.
GPUFEC_SIMD_TARGET_BEGIN("avx2,bmi2")

namespace gr {
namespace gpufec {
namespace conv {
namespace lanes_avx2 {
struct V {
    using vec = __m256i;
    using word = uint32_t;
    static constexpr unsigned upper_step = 8; //!< bit(l, 1) - bit(l, 0)
    static constexpr size_t lanes = 16;
    static vec zero() { return _mm256_setzero_si256(); }
    static vec load(const int16_t* p) { return _mm256_loadu_si256(reinterpret_cast<const vec*>(p)); }
    static void store(int16_t* p, vec v) { _mm256_storeu_si256(reinterpret_cast<vec*>(p), v); }
    static vec add(vec a, vec b) { return _mm256_add_epi16(a, b); }
    static vec sub(vec a, vec b) { return _mm256_sub_epi16(a, b); }
    static vec max(vec a, vec b) { return _mm256_max_epi16(a, b); }
    static vec set1(int16_t x) { return _mm256_set1_epi16(x); }
    static vec sign(vec l, vec s) { return _mm256_sign_epi16(l, s); } //!< l * s, s = +-1
    //! (lo, hi) = even[0] odd[0] even[1] odd[1] ... (the unpacks work in 128-bit halves)
    static void interleave(vec even, vec odd, vec& lo, vec& hi)
    {
        const vec a = _mm256_unpacklo_epi16(even, odd), b = _mm256_unpackhi_epi16(even, odd);
        lo = _mm256_permute2x128_si256(a, b, 0x20);
        hi = _mm256_permute2x128_si256(a, b, 0x31);
    }
    static vec broadcast_first(vec v) { return _mm256_broadcastw_epi16(_mm256_castsi256_si128(v)); }
    static word decisions(vec m0a, vec m1a, vec m0b, vec m1b)
    {
        return static_cast<word>(_mm256_movemask_epi8(
            _mm256_packs_epi16(_mm256_cmpgt_epi16(m1a, m0a), _mm256_cmpgt_epi16(m1b, m0b))));
    }
    // The pack works in 128-bit halves: lanes 0-7 of a, of b, then lanes 8-15 of a, of b.
    static unsigned bit(size_t lane, uint32_t upper)
    {
        return static_cast<unsigned>((lane & 7) + 8 * upper + 16 * (lane >> 3));
    }
};
} // namespace lanes_avx2
} // namespace conv
} // namespace gpufec
} // namespace gr

#define GPUFEC_LANES_NS lanes_avx2
#include "conv_viterbi_lanes_kernel.h"
#include "conv_viterbi_single_kernel.h"

namespace gr {
namespace gpufec {
namespace conv {
void lane_kernel_avx2(const lane_code& c, const lane_group& g, const lane_workspace& ws)
{
    lanes_avx2::decode_group(c, g, ws);
}
void single_kernel_avx2(const single_code& c, const segment& s, uint8_t* bits, const single_workspace& ws)
{
    lanes_avx2::decode_single(c, s, bits, ws);
}
} // namespace conv
} // namespace gpufec
} // namespace gr

GPUFEC_SIMD_TARGET_END
#endif
