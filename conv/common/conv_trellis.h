/* The trellis of a feed-forward convolutional code: the one description that the encoders and
 * the CPU and GPU decoders all use (host and device).
 *
 * State s after step t holds the last k-1 inputs, newest in the most significant bit:
 *   s = u(t) 2^(k-2) + u(t-1) 2^(k-3) + ... + u(t-k+2).
 * Input u from state s: register r = u 2^(k-1) + s (bit k-1 = newest, bit 0 = oldest),
 *   coded bit j = parity(r & poly_j),   next state s' = r >> 1.
 * So the predecessors of s' are (2 s' mod S) + b for b in {0, 1}, the input that entered s' is
 * its top bit, and a survivor decision is the dropped bit b.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_CONV_TRELLIS_H
#define INCLUDED_GPUFEC_CORE_CONV_TRELLIS_H

#include <gnuradio/gpufec/core/core_api.h>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace conv {

constexpr int max_k = 9;
constexpr int max_n = 4;

GPUFEC_HOST_DEVICE unsigned parity(uint32_t x)
{
#if defined(__CUDA_ARCH__)
    return __popc(x) & 1u;
#else
    return __builtin_parity(x);
#endif
}

/*! Steps the tailbiting decoder wraps around each end of a frame (docs/viterbi.md). */
GPUFEC_HOST_DEVICE constexpr int tailbiting_wrap(int k) { return 6 * (k - 1); }

/*! Start metric of the states other than 0 when the start state is known: lower than any path
 *  from state 0 can fall in k-1 steps, so it acts as minus infinity (docs/viterbi.md). */
GPUFEC_HOST_DEVICE constexpr int32_t unreachable_metric(int k, int n)
{
    return -((k - 1) * n * 254 + 1);
}

/*! A plain-data copy of the code's generators, cheap to pass to a kernel by value. */
struct trellis {
    int k;                  //!< constraint length
    int n;                  //!< generators (coded bits per step)
    uint32_t polys[max_n];  //!< generators, conventional octal order (bit k-1 = newest)

    GPUFEC_HOST_DEVICE int states() const { return 1 << (k - 1); }

    /*! Coded bits of input u from state s, bit j = generator j. */
    GPUFEC_HOST_DEVICE uint32_t outputs(uint32_t s, uint32_t u) const
    {
        const uint32_t r = (u << (k - 1)) | s;
        uint32_t out = 0;
        for (int j = 0; j < n; ++j)
            out |= parity(r & polys[j]) << j;
        return out;
    }

    GPUFEC_HOST_DEVICE uint32_t next_state(uint32_t s, uint32_t u) const
    {
        return ((u << (k - 1)) | s) >> 1;
    }

    /*! Predecessor b (0 or 1) of state s'. */
    GPUFEC_HOST_DEVICE uint32_t predecessor(uint32_t s_next, uint32_t b) const
    {
        return ((s_next << 1) & static_cast<uint32_t>(states() - 1)) | b;
    }

    /*! The input bit that led into state s'. */
    GPUFEC_HOST_DEVICE uint32_t input_of(uint32_t s_next) const { return s_next >> (k - 2); }
};

} // namespace conv
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_CONV_TRELLIS_H */
