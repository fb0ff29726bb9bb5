/* The lane and single-segment kernels on SSE2 (every x86-64 CPU): 8 lanes of int16.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/common/quantize.h"
#include "conv_viterbi_lanes.h"
#if GPUFEC_X86_SIMD
#include <emmintrin.h>
#include <algorithm>
#include <cstdint>
#include <cstring>

namespace gr {
namespace gpufec {
namespace conv {
namespace lanes_sse2 {
struct V {
    using vec = __m128i;
    using word = uint16_t;
    static constexpr unsigned upper_step = 8; //!< bit(l, 1) - bit(l, 0)
    static constexpr size_t lanes = 8;
    static vec zero() { return _mm_setzero_si128(); }
    static vec load(const int16_t* p) { return _mm_loadu_si128(reinterpret_cast<const vec*>(p)); }
    static void store(int16_t* p, vec v) { _mm_storeu_si128(reinterpret_cast<vec*>(p), v); }
    static vec add(vec a, vec b) { return _mm_add_epi16(a, b); }
    static vec sub(vec a, vec b) { return _mm_sub_epi16(a, b); }
    static vec max(vec a, vec b) { return _mm_max_epi16(a, b); }
    static vec set1(int16_t x) { return _mm_set1_epi16(x); }
    static vec sign(vec l, vec s) { return _mm_mullo_epi16(l, s); } //!< l * s, s = +-1
    //! (lo, hi) = even[0] odd[0] even[1] odd[1] ...
    static void interleave(vec even, vec odd, vec& lo, vec& hi)
    {
        lo = _mm_unpacklo_epi16(even, odd);
        hi = _mm_unpackhi_epi16(even, odd);
    }
    static vec broadcast_first(vec v) { return _mm_set1_epi16(static_cast<int16_t>(_mm_cvtsi128_si32(v))); }
    static word decisions(vec m0a, vec m1a, vec m0b, vec m1b)
    {
        return static_cast<word>(_mm_movemask_epi8(
            _mm_packs_epi16(_mm_cmpgt_epi16(m1a, m0a), _mm_cmpgt_epi16(m1b, m0b))));
    }
    static unsigned bit(size_t lane, uint32_t upper) { return static_cast<unsigned>(lane + 8 * upper); }
};
} // namespace lanes_sse2
} // namespace conv
} // namespace gpufec
} // namespace gr

#define GPUFEC_LANES_NS lanes_sse2
#include "conv_viterbi_lanes_kernel.h"
#include "conv_viterbi_single_kernel.h"

namespace gr {
namespace gpufec {
namespace conv {
void lane_kernel_sse2(const lane_code& c, const lane_group& g, const lane_workspace& ws)
{
    lanes_sse2::decode_group(c, g, ws);
}
void single_kernel_sse2(const single_code& c, const segment& s, uint8_t* bits, const single_workspace& ws)
{
    lanes_sse2::decode_single(c, s, bits, ws);
}
} // namespace conv
} // namespace gpufec
} // namespace gr
#endif
