/* Stream engines in a block: input in any amount, output as the engine gives it, and at the
 * end of a finite stream a flush, so that every item of a recorded file comes out. The
 * engine's events become output tags; the input's tags move by the period ratio, or (engines
 * that find frames) onto the frame whose input holds them.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_STREAM_MODE_H
#define INCLUDED_GPUFEC_STREAM_MODE_H

#include "block_io.h"
#include <gnuradio/gpufec/core/engine.h>
#include <deque>
#include <memory>

namespace gr {
namespace gpufec {

class stream_mode
{
public:
    stream_mode(block_io& io, std::shared_ptr<stream_engine> engine);
    /*! A new stream: the engine reset, positions counted from the block's present ones. */
    void reset();
    int forecast(size_t noutput_items) const;
    int work(size_t noutput_items, size_t ninput_items, const void* in, void* out);
    const stream_engine& engine() const { return *d_engine; }
    nonfinite_report nonfinite() const { return d_engine->nonfinite(); }

private:
    size_t pull(void* out, size_t max);
    /* The engine's events to tags. */
    void take_events();
    /* Input tags queued before input item @p in_end (from the stream's start) onto output
     * item @p offset. */
    void move_queued_tags(uint64_t in_end, uint64_t offset);
    bool is_length_tag(const gr::tag_t& tag, uint64_t& length) const;

    block_io& d_io;
    const std::shared_ptr<stream_engine> d_engine;
    const stream_shape d_shape;
    uint64_t d_in_origin = 0;  //!< input item of the stream's first item
    uint64_t d_out_origin = 0; //!< output item of the stream's first item
    std::deque<gr::tag_t> d_tags; //!< tags_by_events: input tags pushed, not yet on a frame
    uint64_t d_last_event = UINT64_MAX; //!< output item of the last event (tags_by_events)
};

} // namespace gpufec
} // namespace gr

#endif
