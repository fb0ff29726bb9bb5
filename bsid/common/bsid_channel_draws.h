/* The BSID channel's random draws (docs/bsid.md, "The channel's draws"), the same code on host
 * and device: the CPU channel (bsid/core/bsid_channel.cc) and the CUDA one both call this,
 * so that a seed gives the same received stream on both.
 *
 * The input stream is cut into segments of bsid_channel_model::segment_bits input bits. Segment
 * s draws 32-bit words w_0, w_1, w_2, ... in order, word j being
 *
 *   philox_block(seed, 0x42534944 ("BSID"), (s << 32) | (j / 4)).v[j % 4]
 *
 * and compares them with integer thresholds that the host computes once
 * (T = llround(p 2^32), as 64-bit integers so that 2^32 is possible). Per input bit:
 *
 *   w < T_i            an insertion: the inserted bit is the next word's top bit; the same
 *                      input bit draws again
 *   w < T_i + T_d      a deletion
 *   otherwise          a transmission: the next word w'' flips the bit when w'' < T_s (the
 *                      flip word is always drawn)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_COMMON_BSID_CHANNEL_DRAWS_H
#define INCLUDED_GPUFEC_COMMON_BSID_CHANNEL_DRAWS_H

#include <gnuradio/gpufec/core/core_api.h>
#include <gnuradio/gpufec/core/philox.h>
#include <cmath>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace detail {

/*! The Philox stream (philox_block's third counter word) of the channel's draws: "BSID". */
constexpr uint32_t bsid_philox_stream = 0x42534944u;

/*! The event thresholds, llround(p 2^32). */
struct bsid_thresholds {
    uint64_t insert;     //!< w < insert: an insertion
    uint64_t delete_;    //!< insert <= w < insert + delete_: a deletion
    uint64_t substitute; //!< a transmitted bit is flipped when its flip word is below this
};

/*! Host only: the one rounding of the draws, done once per channel. */
inline bsid_thresholds make_bsid_thresholds(double pi, double pd, double ps)
{
    return bsid_thresholds{ static_cast<uint64_t>(std::llround(pi * 4294967296.0)),
                            static_cast<uint64_t>(std::llround(pd * 4294967296.0)),
                            static_cast<uint64_t>(std::llround(ps * 4294967296.0)) };
}

/*! The words of one segment, in order. Word j is the j-th next() after construction. */
class bsid_words
{
public:
    GPUFEC_HOST_DEVICE bsid_words(uint64_t seed, uint64_t segment)
        : m_seed(seed), m_segment(segment), m_j(0), m_block{ { 0u, 0u, 0u, 0u } }
    {
    }
    GPUFEC_HOST_DEVICE uint32_t next()
    {
        if ((m_j & 3u) == 0)
            m_block = philox_block(m_seed, bsid_philox_stream, (m_segment << 32) | (m_j >> 2));
        return m_block.v[m_j++ & 3u];
    }

private:
    uint64_t m_seed;
    uint64_t m_segment;
    uint64_t m_j;
    philox4x32_ctr m_block;
};

/*!
 * The events of one input bit: calls out(bit) for every received bit it gives (insertions
 * first, then the transmitted bit unless it was deleted).
 * @return the drift change: received bits minus 1
 */
template <typename Out>
GPUFEC_HOST_DEVICE int bsid_transmit_bit(bsid_words& words,
                                         const bsid_thresholds& th,
                                         uint32_t input_bit,
                                         Out&& out)
{
    int received = 0;
    for (;;) {
        const uint64_t w = words.next();
        if (w < th.insert) {
            out(words.next() >> 31);
            ++received;
            continue;
        }
        if (w < th.insert + th.delete_)
            return received - 1;
        const uint32_t flip = words.next() < th.substitute ? 1u : 0u;
        out(input_bit ^ flip);
        return received;
    }
}

} // namespace detail
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_COMMON_BSID_CHANNEL_DRAWS_H */
