/* Subnormal floats flushed to zero (x86 MXCSR FTZ and DAZ) while an object of this class lives,
 * the thread's previous mode restored after. The pooled lattice spans the frame's whole drift
 * range, so a row decays through the subnormal range on both sides of its mass (about 4 % of
 * the float cells at the paper's setting); many x86 cores take a microcode assist (~100 cycles)
 * for every vector operation with a subnormal operand. Flushed cells differ from the GPU's by
 * less than the smallest normal float (1.2e-38) of a row normalised to sum 1.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_BSID_FLUSH_SUBNORMALS_H
#define INCLUDED_GPUFEC_CORE_BSID_FLUSH_SUBNORMALS_H

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

namespace gr {
namespace gpufec {
namespace detail {

class flush_subnormals
{
public:
    explicit flush_subnormals(bool on)
    {
#if defined(__SSE2__)
        m_saved = _mm_getcsr();
        if (on)
            _mm_setcsr(m_saved | 0x8040u); // FTZ (bit 15) and DAZ (bit 6)
#else
        (void)on;
#endif
    }
    ~flush_subnormals()
    {
#if defined(__SSE2__)
        _mm_setcsr(m_saved);
#endif
    }
    flush_subnormals(const flush_subnormals&) = delete;
    flush_subnormals& operator=(const flush_subnormals&) = delete;

private:
#if defined(__SSE2__)
    unsigned m_saved;
#endif
};

} // namespace detail
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_BSID_FLUSH_SUBNORMALS_H */
