/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "frame_mode.h"
#include "batch_policy.h"
#include "length_tags.h"
#include <spdlog/fmt/fmt.h>
#include <algorithm>

namespace gr {
namespace gpufec {

void decode_frames(frame_decoder& dec,
                   soft_type input,
                   const void* in,
                   uint8_t* out,
                   float* app,
                   size_t frames,
                   std::vector<frame_status>& status)
{
    frame_io io;
    io.in = in;
    io.in_type = input;
    io.bits = out;
    io.app = app;
    status.resize(dec.has_status() ? frames : 0);
    io.status = status.empty() ? nullptr : status.data();
    dec.decode(io, frames);
}

void frame_tagger::tag(const frame_decoder& dec,
                       uint64_t read,
                       size_t frames,
                       const std::vector<frame_status>& status)
{
    static const pmt::pmt_t key = pmt::string_to_symbol("frame_start");
    static const pmt::pmt_t crc_key = pmt::string_to_symbol("crc_pass");
    static const pmt::pmt_t iterations_key = pmt::string_to_symbol("iterations");
    const size_t soft = dec.soft_per_frame(), bits = dec.bits_per_frame();
    const uint64_t first_out = d_io.nitems_written();
    // The input's tags of all the frames at once (one look-up of the buffer's tags, not one a
    // frame), in offset order: each frame takes those that fall inside it.
    const std::vector<gr::tag_t> tags = d_io.input_tags(read, read + frames * soft);
    auto next = tags.begin();
    for (size_t f = 0; f < frames; ++f) {
        const uint64_t offset = first_out + f * bits;
        for (; next != tags.end() && next->offset < read + (f + 1) * soft; ++next) {
            gr::tag_t tag = *next;
            tag.offset = offset;
            uint64_t length;
            // A packet's length follows the packet, rescaled to the bits decoded from it.
            if ((pmt::eqv(tag.key, packet_len_key()) || pmt::eqv(tag.key, d_length_key)) &&
                tag_length(tag.value, length))
                tag.value = length_value(scale_length(length, soft, bits));
            d_io.add_tag(tag);
        }
        d_io.add_tag(offset, key, pmt::from_uint64(d_frames + f));
        if (f < status.size() && status[f].crc >= 0)
            d_io.add_tag(offset, crc_key, pmt::from_bool(status[f].crc == 1));
        if (f < status.size() && status[f].iterations >= 0)
            d_io.add_tag(offset, iterations_key, pmt::from_long(status[f].iterations));
    }
    d_frames += frames;
}

frame_mode::frame_mode(block_io& io,
                       std::shared_ptr<frame_decoder> dec,
                       soft_type input,
                       size_t batch_bits)
    : d_io(io),
      d_dec(std::move(dec)),
      d_input(input),
      d_soft_per(d_dec->soft_per_frame()),
      d_bits_per(d_dec->bits_per_frame()),
      d_batch_bits(batch_bits),
      d_tagger(io, pmt::PMT_NIL)
{
}

void frame_mode::reset()
{
    d_dec->reset();
    d_tagger.reset();
}

int frame_mode::forecast(size_t noutput_items) const
{
    int required = clamp_int(noutput_items / d_bits_per * d_soft_per);
    if (required == 0 || d_io.upstream_done())
        required = d_io.upstream_done() && d_io.unread() > 0 ? 0 : 1;
    return required;
}

int frame_mode::work(
    size_t noutput_items, size_t ninput_items, const void* in, uint8_t* out, float* app)
{
    // At most one batch a call, though the buffers often hold two: a call that took all of its
    // input would leave the upstream block no room to write while it decodes, so that block's
    // work (a file source's read of a whole buffer, say) and the decoding would follow each
    // other instead of overlapping.
    const size_t frames = std::min(
        { noutput_items / d_bits_per, ninput_items / d_soft_per, d_batch_bits / d_bits_per });
    const size_t n_in = frames * d_soft_per;
    if (d_io.upstream_done() && d_io.unread() == ninput_items &&
        ninput_items - n_in < d_soft_per && ninput_items > n_in) {
        // The stream ends inside a frame: those values cannot be decoded.
        const size_t left = ninput_items - n_in;
        d_io.warn(fmt::format(
            "the stream ended {} soft values into a frame of {}: they are dropped", left, d_soft_per));
        d_io.consume(left);
    }
    if (frames == 0)
        return 0;
    decode_frames(*d_dec, d_input, in, out, app, frames, d_status);
    d_tagger.tag(*d_dec, d_io.nitems_read(), frames, d_status);
    d_io.consume(n_in);
    return static_cast<int>(frames * d_bits_per);
}

} // namespace gpufec
} // namespace gr
