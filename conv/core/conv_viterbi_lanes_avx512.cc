/* The lane and single-segment kernels on AVX-512BW: 32 lanes of int16, the comparisons
 * straight into mask bits (built for AVX-512 by a pragma, called only where the CPU has it).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/common/quantize.h"
#include "conv_viterbi_lanes.h"
#if GPUFEC_X86_SIMD
#include <immintrin.h>
#include <algorithm>
#include <cstdint>
#include <cstring>

// BMI2 too: every AVX-512 CPU has it.
GPUFEC_SIMD_TARGET_BEGIN("avx512f,avx512bw,bmi2")

namespace gr {
namespace gpufec {
namespace conv {
namespace lanes_avx512 {
struct V {
    using vec = __m512i;
    using word = uint64_t;
    static constexpr unsigned upper_step = 32; //!< bit(l, 1) - bit(l, 0)
    static constexpr size_t lanes = 32;
    static vec zero() { return _mm512_setzero_si512(); }
    static vec load(const int16_t* p) { return _mm512_loadu_si512(p); }
    static void store(int16_t* p, vec v) { _mm512_storeu_si512(p, v); }
    static vec add(vec a, vec b) { return _mm512_add_epi16(a, b); }
    static vec sub(vec a, vec b) { return _mm512_sub_epi16(a, b); }
    static vec max(vec a, vec b) { return _mm512_max_epi16(a, b); }
    static vec set1(int16_t x) { return _mm512_set1_epi16(x); }
    static vec sign(vec l, vec s) { return _mm512_mullo_epi16(l, s); } //!< l * s, s = +-1
    //! (lo, hi) = even[0] odd[0] even[1] odd[1] ...
    static void interleave(vec even, vec odd, vec& lo, vec& hi)
    {
        alignas(64) static const int16_t first[32] = { 0,  32, 1,  33, 2,  34, 3,  35, 4,  36, 5,
                                                       37, 6,  38, 7,  39, 8,  40, 9,  41, 10, 42,
                                                       11, 43, 12, 44, 13, 45, 14, 46, 15, 47 };
        alignas(64) static const int16_t second[32] = { 16, 48, 17, 49, 18, 50, 19, 51, 20, 52, 21,
                                                        53, 22, 54, 23, 55, 24, 56, 25, 57, 26, 58,
                                                        27, 59, 28, 60, 29, 61, 30, 62, 31, 63 };
        lo = _mm512_permutex2var_epi16(even, _mm512_load_si512(first), odd);
        hi = _mm512_permutex2var_epi16(even, _mm512_load_si512(second), odd);
    }
    static vec broadcast_first(vec v) { return _mm512_permutexvar_epi16(_mm512_setzero_si512(), v); }
    static word decisions(vec m0a, vec m1a, vec m0b, vec m1b)
    {
        return static_cast<word>(_mm512_cmpgt_epi16_mask(m1a, m0a)) |
               static_cast<word>(_mm512_cmpgt_epi16_mask(m1b, m0b)) << 32;
    }
    static unsigned bit(size_t lane, uint32_t upper) { return static_cast<unsigned>(lane + 32 * upper); }
};
} // namespace lanes_avx512
} // namespace conv
} // namespace gpufec
} // namespace gr

#define GPUFEC_LANES_NS lanes_avx512
#include "conv_viterbi_lanes_kernel.h"
#include "conv_viterbi_single_kernel.h"

namespace gr {
namespace gpufec {
namespace conv {
void lane_kernel_avx512(const lane_code& c, const lane_group& g, const lane_workspace& ws)
{
    lanes_avx512::decode_group(c, g, ws);
}
void single_kernel_avx512(const single_code& c, const segment& s, uint8_t* bits, const single_workspace& ws)
{
    lanes_avx512::decode_single(c, s, bits, ws);
}
} // namespace conv
} // namespace gpufec
} // namespace gr

GPUFEC_SIMD_TARGET_END
#endif
