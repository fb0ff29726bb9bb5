/* The BSID channel's random draws (docs/bsid.md, "The channel's draws"), the same code on host
 * and device: the CPU channel (lib/core/bsid/bsid_channel.cc) and the CUDA one both call this,
 * so that a seed gives the same received stream on both.
 *
 * Input bit t of a stream lies in segment s = t / bsid_channel_model::segment_bits. The events
 * of a segment are numbered e = 0, 1, 2, ... from its first bit on: each insertion is one
 * event, and the deletion or transmission that ends an input bit is one more. Event e of
 * segment s reads the four words
 *
 *   w = Philox4x32-10(counter = { e, s mod 2^32, s / 2^32, 0x42534944 }, key = seed)
 *
 * (the last counter word, "BSID", keeps these words apart from philox_block's streams, whose
 * last word is 0), and decides with 64-bit integer comparisons against thresholds the host
 * computes once (make_bsid_thresholds), so that no floating point enters the draws:
 *
 *   u = w0 * 2^32 + w1
 *   u <  T_insert                 insertion of the bit (w2 >> 31); the input bit waits
 *   u <  T_insert_or_delete       deletion of the input bit
 *   otherwise                     transmission, flipped when w2 * 2^32 + w3 < T_substitute
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_COMMON_BSID_CHANNEL_DRAWS_H
#define INCLUDED_GPUFEC_COMMON_BSID_CHANNEL_DRAWS_H

#include <gnuradio/gpufec/core_api.h>
#include <gnuradio/gpufec/philox.h>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace detail {

/*! The last Philox counter word of the channel's draws ("BSID"). */
constexpr uint32_t bsid_philox_tag = 0x42534944u;

/*! The event thresholds: an event is what its 64-bit uniform u is below. */
struct bsid_thresholds {
    uint64_t insert;            //!< u < insert: an insertion
    uint64_t insert_or_delete;  //!< insert <= u < insert_or_delete: a deletion
    uint64_t substitute;        //!< a transmitted bit is flipped when its v < substitute
};

/*! floor(p 2^64), 0 for p <= 0 and 2^64 - 1 for p >= 1 (host only: the only rounding of the
 *  draws, done once). */
inline uint64_t bsid_threshold(double p)
{
    if (!(p > 0.0))
        return 0;
    const double x = p * 18446744073709551616.0; // 2^64, exact scaling
    if (!(x < 18446744073709551616.0))
        return UINT64_MAX;
    return static_cast<uint64_t>(x);
}

inline bsid_thresholds make_bsid_thresholds(double pi, double pd, double ps)
{
    return bsid_thresholds{ bsid_threshold(pi), bsid_threshold(pi + pd), bsid_threshold(ps) };
}

enum bsid_event_kind : uint32_t { BSID_INSERT = 0, BSID_DELETE = 1, BSID_TRANSMIT = 2 };

/*! One event's outcome: for an insertion the inserted bit, for a transmission the flip. */
struct bsid_event {
    uint32_t kind;
    uint32_t bit;
};

/*! Event @p event of segment @p segment. */
GPUFEC_HOST_DEVICE bsid_event bsid_draw_event(uint64_t seed,
                                              uint64_t segment,
                                              uint32_t event,
                                              const bsid_thresholds& th)
{
    const philox4x32_ctr w = philox4x32_10(
        philox4x32_ctr{ { event,
                          static_cast<uint32_t>(segment),
                          static_cast<uint32_t>(segment >> 32),
                          bsid_philox_tag } },
        philox_key(seed));
    const uint64_t u = (static_cast<uint64_t>(w.v[0]) << 32) | w.v[1];
    if (u < th.insert)
        return bsid_event{ BSID_INSERT, w.v[2] >> 31 };
    if (u < th.insert_or_delete)
        return bsid_event{ BSID_DELETE, 0u };
    const uint64_t v = (static_cast<uint64_t>(w.v[2]) << 32) | w.v[3];
    return bsid_event{ BSID_TRANSMIT, v < th.substitute ? 1u : 0u };
}

/*!
 * The events of one input bit: calls out(bit) for every received bit it gives (insertions
 * first, then the transmitted bit unless it was deleted), advancing @p event past them.
 * @return the drift change: received bits minus 1
 */
template <typename Out>
GPUFEC_HOST_DEVICE int bsid_transmit_bit(uint64_t seed,
                                         uint64_t segment,
                                         uint32_t* event,
                                         const bsid_thresholds& th,
                                         uint32_t input_bit,
                                         Out&& out)
{
    int received = 0;
    for (;;) {
        const bsid_event ev = bsid_draw_event(seed, segment, (*event)++, th);
        if (ev.kind == BSID_INSERT) {
            out(ev.bit);
            ++received;
            continue;
        }
        if (ev.kind == BSID_TRANSMIT) {
            out(input_bit ^ ev.bit);
            ++received;
        }
        return received - 1;
    }
}

} // namespace detail
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_COMMON_BSID_CHANNEL_DRAWS_H */
