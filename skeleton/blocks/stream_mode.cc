/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "stream_mode.h"
#include "batch_policy.h"
#include "length_tags.h"
#include <spdlog/fmt/fmt.h>
#include <algorithm>

namespace gr {
namespace gpufec {

namespace {

pmt::pmt_t tag_value(const stream_tag& t)
{
    switch (t.kind) {
    case stream_tag::U64:
        return pmt::from_uint64(t.u);
    case stream_tag::F64:
        return pmt::from_double(t.f);
    case stream_tag::BOOL:
        return pmt::from_bool(t.i != 0);
    default:
        return pmt::from_long(static_cast<long>(t.i));
    }
}

} // namespace

stream_mode::stream_mode(block_io& io, std::shared_ptr<stream_engine> engine)
    : d_io(io), d_engine(std::move(engine)), d_shape(d_engine->shape())
{
}

void stream_mode::reset()
{
    d_engine->reset();
    d_in_origin = d_io.nitems_read();
    d_out_origin = d_io.nitems_written();
    d_tags.clear();
    d_last_event = UINT64_MAX;
}

int stream_mode::forecast(size_t noutput_items) const
{
    // Output already waiting, or (at the end of the stream) a flush to do, need no input.
    if (d_engine->available() > 0 ||
        (d_io.upstream_done() && d_io.unread() + d_engine->pending() > 0))
        return 0;
    // An engine that finds frames takes a varying number of items per frame: any input helps.
    if (d_shape.tags_by_events)
        return 1;
    // Otherwise the input of the requested output, whole periods.
    const size_t periods = (noutput_items + d_shape.out_per_period - 1) / d_shape.out_per_period;
    return clamp_int(std::max<size_t>(1, periods * d_shape.in_per_period));
}

bool stream_mode::is_length_tag(const gr::tag_t& tag, uint64_t& length) const
{
    return pmt::eqv(tag.key, packet_len_key()) && tag_length(tag.value, length);
}

size_t stream_mode::pull(void* out, size_t max)
{
    const size_t n = d_engine->pull(out, max);
    take_events();
    return n;
}

void stream_mode::take_events()
{
    stream_event e;
    while (d_engine->next_event(e)) {
        const uint64_t offset = d_out_origin + e.out_item;
        for (size_t t = 0; t < e.n_tags; ++t)
            d_io.add_tag(offset, pmt::string_to_symbol(e.tags[t].key), tag_value(e.tags[t]));
        if (d_shape.tags_by_events) {
            move_queued_tags(e.in_end, offset);
            d_last_event = offset;
        }
        if (!e.warning.empty())
            d_io.warn(e.warning);
    }
}

void stream_mode::move_queued_tags(uint64_t in_end, uint64_t offset)
{
    while (!d_tags.empty() && d_tags.front().offset - d_in_origin < in_end) {
        gr::tag_t tag = d_tags.front();
        d_tags.pop_front();
        tag.offset = offset;
        uint64_t length;
        if (is_length_tag(tag, length))
            tag.value = length_value(d_engine->out_length(length));
        d_io.add_tag(tag);
    }
}

int stream_mode::work(size_t noutput_items, size_t ninput_items, const void* in, void* out)
{
    // Output first what is already decoded. Push new input only once the engine's output is
    // empty, and only as much as the remaining output space can take, so that it stays short.
    // The engine decides from the stream alone, not from the calls.
    auto* bytes = static_cast<uint8_t*>(out);
    const size_t space = noutput_items, item = d_shape.out_item_bytes;
    size_t produced = pull(bytes, space);
    size_t n_push = 0;
    if (d_engine->available() == 0) {
        const size_t room_periods = (space - produced) / d_shape.out_per_period;
        n_push = std::min(ninput_items, std::max<size_t>(room_periods, 1) * d_shape.in_per_period);
    }
    // The end of a finite stream: everything is in this call.
    const bool last =
        d_io.upstream_done() && d_io.unread() == ninput_items && n_push == ninput_items;
    if (n_push > 0) {
        const uint64_t read = d_io.nitems_read();
        const std::vector<gr::tag_t> tags = d_io.input_tags(read, read + n_push);
        if (d_shape.tags_by_events) {
            d_tags.insert(d_tags.end(), tags.begin(), tags.end());
        } else {
            // Each tag on the first item of the period its input position belongs to (output
            // and input stay aligned by whole periods from the start; the output lags, so a
            // tag may land ahead of what is written yet).
            for (gr::tag_t tag : tags) {
                tag.offset = tag.offset / d_shape.in_per_period * d_shape.out_per_period;
                uint64_t length;
                if (is_length_tag(tag, length))
                    tag.value = length_value(d_engine->out_length(length));
                d_io.add_tag(tag);
            }
        }
        d_engine->push(in, n_push);
        take_events();
    }
    if (last && d_engine->available() == 0 && d_engine->pending() > 0) {
        const size_t dropped = d_engine->flush();
        take_events();
        if (dropped)
            d_io.warn(fmt::format("the stream ended inside a trellis step: its last {} soft "
                                  "values cannot be decoded and are dropped",
                                  dropped));
    }
    // The last frame ends where the stream does: once it is out, the tags left are its own.
    if (last && d_engine->pending() == 0 && d_last_event != UINT64_MAX)
        move_queued_tags(UINT64_MAX, d_last_event);
    produced += pull(bytes + produced * item, space - produced);
    d_io.consume(n_push);
    return static_cast<int>(produced);
}

} // namespace gpufec
} // namespace gr
