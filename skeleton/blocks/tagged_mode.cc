/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tagged_mode.h"
#include "batch_policy.h"
#include "length_tags.h"
#include <spdlog/fmt/fmt.h>
#include <algorithm>
#include <stdexcept>

namespace gr {
namespace gpufec {

tagged_mode::tagged_mode(block_io& io,
                         std::shared_ptr<frame_decoder> first,
                         soft_type input,
                         const std::string& length_tag,
                         sized_frame_decoder sized,
                         size_t max_frame_soft)
    : d_io(io),
      d_input(input),
      d_length_tag(pmt::string_to_symbol(length_tag)),
      d_sized(std::move(sized)),
      d_max_frame_soft(std::max(max_frame_soft, first->soft_per_frame())),
      d_first_engine(first),
      d_tagger(io, d_length_tag)
{
    d_engines[first->soft_per_frame()] = std::move(first);
}

void tagged_mode::reset()
{
    for (auto& e : d_engines)
        e.second->reset();
    d_tagger.reset();
    d_first = UINT64_MAX;
    d_erased_first = UINT64_MAX;
}

int tagged_mode::forecast() const
{
    // A frame is decoded once all of it is there.
    return d_io.upstream_done() && d_io.unread() > 0 ? 0 : clamp_int(d_need);
}

nonfinite_report tagged_mode::nonfinite() const
{
    // The engines count input positions from their last reset, and each sees only its own
    // frames: the position reported is that of the frame being decoded.
    nonfinite_report r;
    for (const auto& e : d_engines) {
        const nonfinite_report x = e.second->nonfinite();
        r.count += x.count;
        r.erased_batches += x.erased_batches;
        r.kept_batches += x.kept_batches;
    }
    r.first = d_first;
    r.erased_first = d_erased_first;
    return r;
}

std::shared_ptr<frame_decoder> tagged_mode::engine_for(size_t soft_values)
{
    const auto it = d_engines.find(soft_values);
    if (it != d_engines.end())
        return it->second;
    auto e = d_sized(soft_values); // throws for a length no frame has
    d_engines.emplace(soft_values, e);
    return e;
}

/* A run of consecutive frames of one length is decoded in one call. Every return without
 * progress leaves d_need above what is there (or asks for output space), so that the
 * scheduler waits instead of calling again at once. */
int tagged_mode::work(
    size_t noutput_items, size_t ninput_items, const void* in, uint8_t* out, float* app)
{
    const uint64_t read = d_io.nitems_read();
    const size_t avail = ninput_items, space = noutput_items;
    // Everything the stream still holds is in this call.
    const bool done = d_io.upstream_done() && d_io.unread() == avail;
    const std::vector<gr::tag_t> tags = d_io.input_tags(read, read + avail, d_length_tag);
    const std::string key = pmt::symbol_to_string(d_length_tag);
    // The first tag after item @p at (several tags may share an offset).
    const auto after = [&tags](uint64_t at) {
        return std::find_if(
            tags.begin(), tags.end(), [at](const gr::tag_t& t) { return t.offset > at; });
    };
    d_need = 1;
    d_io.set_min_noutput_items(1);
    if (tags.empty() || tags.front().offset != read) {
        // Values before the first length tag belong to no frame.
        const size_t skip = tags.empty() ? avail : static_cast<size_t>(tags.front().offset - read);
        if (tags.empty() && !done && avail < d_max_frame_soft) {
            d_need = avail + 1;
            return 0;
        }
        d_io.warn(fmt::format("{} soft values at item {} carry no '{}' tag: dropped", skip, read, key));
        d_io.consume(skip);
        return 0;
    }
    uint64_t len = 0;
    const bool is_length = tag_length(tags.front().value, len);
    std::shared_ptr<frame_decoder> dec;
    std::string why = "not a length";
    try {
        if (is_length && (len == 0 || len > d_max_frame_soft))
            throw std::invalid_argument("at most " + std::to_string(d_max_frame_soft) +
                                        " soft values are allowed");
        if (is_length)
            dec = engine_for(static_cast<size_t>(len));
    } catch (const std::invalid_argument& e) {
        why = e.what();
    }
    if (!dec) {
        // A frame no engine can decode: skip to the next tag, once it is there (or as much as
        // any frame could take).
        const auto next = after(read);
        if (next == tags.end() && !done && avail < d_max_frame_soft) {
            d_need = avail + 1;
            return 0;
        }
        const size_t skip = next != tags.end() ? static_cast<size_t>(next->offset - read) : avail;
        d_io.warn(fmt::format("frame at item {} has length {}: {}; its {} values are dropped",
                              read, pmt::write_string(tags.front().value), why, skip));
        d_io.consume(skip);
        return 0;
    }
    const size_t soft = dec->soft_per_frame(), bits = dec->bits_per_frame();
    // A length tag inside the frame starts the next packet: this frame never arrived whole.
    const auto inside = after(read);
    if (inside != tags.end() && inside->offset < read + soft) {
        const size_t got = static_cast<size_t>(inside->offset - read);
        d_io.warn(fmt::format("frame at item {} of length {} is cut short by a '{}' tag at "
                              "item {}: its {} values are dropped",
                              read, soft, key, inside->offset, got));
        d_io.consume(got);
        return 0;
    }
    if (avail < soft) {
        if (done) {
            d_io.warn(fmt::format("the stream ended {} soft values into a frame of {} at "
                                  "item {}: they are dropped", avail, soft, read));
            d_io.consume(avail);
        } else {
            d_need = soft;
        }
        return 0;
    }
    if (space < bits) {
        d_io.set_min_noutput_items(static_cast<int>(bits));
        return 0;
    }
    // The run of whole frames of this length that are here, each starting at its own tag with
    // no other tag inside, and that fit the output.
    size_t frames = 1;
    for (; (frames + 1) * soft <= avail && (frames + 1) * bits <= space; ++frames) {
        const uint64_t at = read + frames * soft;
        const auto first = after(at - 1), next = after(at);
        uint64_t next_len;
        if (first == tags.end() || first->offset != at || !tag_length(first->value, next_len) ||
            next_len != len || (next != tags.end() && next->offset < at + soft))
            break;
    }
    const nonfinite_report before = dec->nonfinite();
    decode_frames(*dec, d_input, in, out, app, frames, d_status);
    const nonfinite_report now = dec->nonfinite();
    if (now.count > before.count && d_first == UINT64_MAX)
        d_first = read; // the first frame with non-finite values
    if (now.erased_batches > before.erased_batches && d_erased_first == UINT64_MAX)
        d_erased_first = read;
    d_tagger.tag(*dec, read, frames, d_status);
    d_io.consume(frames * soft);
    return static_cast<int>(frames * bits);
}

} // namespace gpufec
} // namespace gr
