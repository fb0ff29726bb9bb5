/* The skeleton every soft-in/hard-out decoder block is built on (block impls derive from it):
 * GNU Radio's side of a decoding engine from decoder.h. A family's block impl builds its engine
 * and passes it here; the skeleton does the rest:
 *  - framed engines: whole frames per call, large batches (the output multiple trick below),
 *    a "frame_start" tag on every decoded frame's first bit; or frames sized by a length tag
 *    on their first soft value (GNU Radio's tagged-stream convention, "packet_len"), decoded
 *    by an engine for that size that the family makes on demand;
 *  - streaming engines: soft values in any amount, decoded bits as they come, and at the end
 *    of a finite stream a flush, so that every bit of a recorded file comes out;
 *  - the backend logged once, non-finite float input and batches that llr_scale quantized
 *    to nothing warned about once each (with a position), non-finite values counted, tags
 *    carried to the output (a length tag's value rescaled to the bits decoded from its packet:
 *    one tag per packet, whatever the number of frames in it), and a fresh engine state at
 *    every start(): a flowgraph run twice gives the same output;
 *  - framed engines that also give a-posteriori LLRs: an optional second output of floats,
 *    one per decoded bit, filled while it is connected (decode_frames_app), with the same tags
 *    as the bits.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_DECODER_BLOCK_H
#define INCLUDED_GPUFEC_DECODER_BLOCK_H

#include "length_tags.h"
#include <gnuradio/block.h>
#include <gnuradio/block_detail.h>
#include <gnuradio/buffer_reader.h>
#include <gnuradio/gpufec/core/decoder.h>
#include <pmt/pmt.h>
#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/* Soft values per work() call that the buffers are sized for. A GPU call has a fixed cost
 * (launches, copies, one synchronisation) of tens of microseconds and the kernels want
 * thousands of tiles or frames in flight, so it needs megabytes of input per call to pass
 * 1 Gbit/s; GNU Radio's default buffers (32 KiB) would cap it far below that. The CPU decoder
 * only needs enough frames to keep its threads busy. */
constexpr size_t decoder_block_batch_cuda = size_t(1) << 24;
constexpr size_t decoder_block_batch_cpu = size_t(1) << 18;

/* Largest frame a block takes, in soft values or bits: GNU Radio buffers must hold a few
 * frames, and item counts are ints. */
constexpr size_t decoder_block_max_frame = size_t(1) << 24;

/*! Makes the engine for frames of a given number of soft values (length-tagged input), or
 *  throws std::invalid_argument when no frame has that length. */
using sized_frame_decoder = std::function<std::shared_ptr<frame_decoder>(size_t soft_values)>;

/*!
 * @tparam Block the family's public block class (derived virtually from gr::block)
 */
template <class Block>
class decoder_block : public Block
{
public:
    /*! Non-finite float soft values seen so far. */
    uint64_t nonfinite_count() const override { return d_nonfinite; }
    /*! Frames decoded so far (framed engines; 0 for streaming ones). */
    uint64_t frames_decoded() const override { return d_frames; }
    std::string backend() const override { return backend_name(engine_backend().kind); }

    bool start() override
    {
        // A new run is a new stream: nothing of the last run's state may leak into it.
        if (d_stream)
            d_stream->reset();
        for (auto& e : d_engines)
            e.second->reset();
        if (d_frame)
            d_frame->reset();
        d_frames = 0;
        d_nonfinite = 0;
        d_warned_nonfinite = false;
        d_warned_erased = false;
        d_sized_first = UINT64_MAX;
        d_sized_erased_first = UINT64_MAX;
        this->set_output_multiple(d_work_multiple);
        return true;
    }

    bool stop() override
    {
        // A later start() of the flowgraph allocates its buffers again.
        this->set_output_multiple(d_alloc_multiple);
        return true;
    }

    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override
    {
        const size_t nout = static_cast<size_t>(noutput_items);
        if (d_sized) {
            // A length-tagged frame is decoded once all of it is there.
            ninput_items_required[0] = upstream_done() && unread() > 0 ? 0 : clamp_int(d_need);
            return;
        }
        if (d_frame) {
            ninput_items_required[0] = clamp_int(nout / d_bits_per * d_soft_per);
            if (ninput_items_required[0] == 0 || upstream_done())
                ninput_items_required[0] = upstream_done() && unread() > 0 ? 0 : 1;
            return;
        }
        // Streaming: decoded bits already waiting, or (at the end of the stream) a flush to
        // do, need no input; otherwise the soft values of the requested bits, whole periods.
        if (d_stream->available() > 0 || (upstream_done() && unread() + d_stream->pending() > 0)) {
            ninput_items_required[0] = 0;
            return;
        }
        const size_t periods = (nout + d_bits_per - 1) / d_bits_per;
        ninput_items_required[0] = clamp_int(std::max<size_t>(1, periods * d_soft_per));
    }

    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override
    {
        auto* out = static_cast<uint8_t*>(output_items[0]);
        // The LLR output, where the family's block has one and it is connected: the second
        // output takes as many items as the first (a value per decoded bit).
        float* app = output_items.size() > 1 ? static_cast<float*>(output_items[1]) : nullptr;
        const int produced =
            d_sized  ? work_tagged(noutput_items, ninput_items[0], input_items[0], out, app)
            : d_frame ? work_frames(noutput_items, ninput_items[0], input_items[0], out, app)
                      : work_stream(noutput_items, ninput_items[0], input_items[0], out);
        warn_soft_input();
        return produced;
    }

protected:
    /*!
     * @param name the block's name (for messages)
     * @param framed the engine, when frames are decoded (null otherwise)
     * @param streaming the engine, when a stream is decoded (null otherwise)
     * @param what what is decoded, for the backend log line (e.g. the code's name)
     * @param length_tag with framed engines: "" for frames of the engine's fixed size, else
     *        the key of the tag that gives each frame's length in soft values
     * @param sized with a length tag: the family's engines for other frame sizes
     * @param max_frame_soft with a length tag: the longest frame accepted (sizes the buffers)
     */
    decoder_block(std::shared_ptr<frame_decoder> framed,
                  std::shared_ptr<stream_decoder> streaming,
                  soft_type input,
                  const std::string& what,
                  const std::string& length_tag = "",
                  sized_frame_decoder sized = nullptr,
                  size_t max_frame_soft = 0)
        : d_frame(std::move(framed)), d_stream(std::move(streaming)), d_input(input)
    {
        if (!d_frame == !d_stream)
            throw std::logic_error("decoder_block: give exactly one engine");
        if (!length_tag.empty()) {
            if (!d_frame || !sized)
                throw std::invalid_argument(what + ": length_tag = '" + length_tag +
                                            "' needs a framed code (streaming codes have no frames)");
            d_length_tag = pmt::string_to_symbol(length_tag);
            d_sized = std::move(sized);
            d_max_frame_soft = std::max(max_frame_soft, d_frame->soft_per_frame());
            if (d_max_frame_soft > decoder_block_max_frame)
                throw std::invalid_argument(what + ": frames of up to " +
                                            std::to_string(d_max_frame_soft) +
                                            " soft values are too large for a block: at most " +
                                            std::to_string(decoder_block_max_frame));
            d_engines[d_frame->soft_per_frame()] = d_frame;
        }
        d_soft_per = d_frame ? d_frame->soft_per_frame() : d_stream->soft_per_period();
        d_bits_per = d_frame ? d_frame->bits_per_frame() : d_stream->bits_per_period();
        if (d_soft_per > decoder_block_max_frame || d_bits_per > decoder_block_max_frame)
            throw std::invalid_argument(
                what + ": a frame of " + std::to_string(d_soft_per) + " soft values and " +
                std::to_string(d_bits_per) + " bits is too large for a block: at most " +
                std::to_string(decoder_block_max_frame) + " of each");
        this->set_relative_rate(static_cast<uint64_t>(d_bits_per),
                                static_cast<uint64_t>(d_soft_per));
        // Tags are moved by the skeleton itself: packet_len tags must be rewritten.
        this->set_tag_propagation_policy(gr::block::TPP_CUSTOM);
        const size_t batch_soft = engine_backend().kind == backend_kind::CUDA
                                      ? decoder_block_batch_cuda
                                      : decoder_block_batch_cpu;
        const size_t batch_blocks = std::max<size_t>(1, batch_soft / d_soft_per);
        // Framed codes work in whole frames. A streaming code's output may have any length.
        d_work_multiple = d_frame ? clamp_int(d_bits_per) : 1;
        // GNU Radio sizes the upstream buffer to at least twice this block's output_multiple
        // times its decimation, and a block cannot size its upstream buffer otherwise. So the
        // output multiple is one batch while the flowgraph allocates buffers, and whole frames
        // while it runs (start() / stop()): calls then take up to a batch whenever that much
        // input has queued, and still any whole number of frames (the end of a stream too).
        d_alloc_multiple = std::max(d_work_multiple, clamp_int(batch_blocks * d_bits_per));
        if (d_frame)
            d_alloc_multiple -= d_alloc_multiple % d_work_multiple;
        if (d_sized) {
            // Frames of any size up to the longest: buffers for two of those at the (fixed)
            // rate, output in any amount while running.
            d_work_multiple = 1;
            d_alloc_multiple = std::max(
                d_alloc_multiple,
                clamp_int((2 * d_max_frame_soft * d_bits_per + d_soft_per - 1) / d_soft_per));
        }
        this->set_output_multiple(d_alloc_multiple);
        this->d_logger->info("{}: {}", what, engine_backend().why);
    }

    /*! A family with per-frame status (CRC pass, iterations) tags frame @p index of the last
     *  decode_frames() call of @p dec (one of the engines the family made), whose first bit is
     *  at output @p offset. */
    virtual void tag_frame_status(const frame_decoder& dec, uint64_t offset, size_t index)
    {
        (void)dec;
        (void)offset;
        (void)index;
    }

    /*! A family whose block has an LLR output (a second output of floats) decodes through
     *  this while that output is connected: @p frames frames of @p soft (the block's input
     *  type) with @p dec, one of the family's engines, into @p bits and their a-posteriori
     *  LLRs @p app (frames * bits_per_frame() of each). */
    virtual void decode_frames_app(
        frame_decoder& dec, const void* soft, uint8_t* bits, float* app, size_t frames)
    {
        (void)dec;
        (void)soft;
        (void)bits;
        (void)app;
        (void)frames;
        throw std::logic_error("decoder_block: this block has no LLR output");
    }

    /*! A streaming family whose engine reports events in its stream (the Viterbi decoder's
     *  changes of pairing) pulls through this to tag them: up to @p max decoded bits into
     *  @p out, whose first is output item @p offset. */
    virtual size_t pull_stream(uint8_t* out, size_t max, uint64_t offset)
    {
        (void)offset;
        return d_stream->pull(out, max);
    }

    /*! A tag on every connected output (they advance together). */
    void add_output_tag(const gr::tag_t& tag)
    {
        for (int o = 0; o < this->detail()->noutputs(); ++o)
            this->add_item_tag(o, tag);
    }
    void add_output_tag(uint64_t offset, const pmt::pmt_t& key, const pmt::pmt_t& value)
    {
        gr::tag_t tag;
        tag.offset = offset;
        tag.key = key;
        tag.value = value;
        tag.srcid = this->alias_pmt();
        add_output_tag(tag);
    }

private:
    static int clamp_int(size_t v) { return static_cast<int>(std::min<size_t>(v, 1u << 30)); }

    const backend_choice& engine_backend() const
    {
        return d_frame ? d_frame->backend() : d_stream->backend();
    }

    bool upstream_done() const { return this->detail()->input(0)->done(); }

    /* Input items not yet consumed, as the buffer sees them now. */
    size_t unread() const
    {
        return static_cast<size_t>(this->detail()->input(0)->items_available());
    }

    /* The engines count input positions from their last reset: with one engine that is the
     * stream's position; length-tagged frames go to an engine per size, so their report
     * gives the count only, and the position is that of the frame being decoded. */
    nonfinite_report engine_nonfinite() const
    {
        if (d_stream)
            return d_stream->nonfinite();
        if (!d_sized)
            return d_frame->nonfinite();
        nonfinite_report r;
        for (const auto& e : d_engines) {
            const nonfinite_report x = e.second->nonfinite();
            r.count += x.count;
            r.erased_batches += x.erased_batches;
            r.kept_batches += x.kept_batches;
        }
        r.first = d_sized_first;
        r.erased_first = d_sized_erased_first;
        return r;
    }

    /* What the soft-input stage saw, each kind of trouble logged once a run. */
    void warn_soft_input()
    {
        const nonfinite_report r = engine_nonfinite();
        d_nonfinite = r.count;
        const char* where = d_sized ? "in the frame at" : "at";
        if (r.count > 0 && !d_warned_nonfinite) {
            d_warned_nonfinite = true;
            this->d_logger->warn(
                "non-finite soft values in the input (first {} item {}): NaN is decoded as an "
                "erasure (0), +-Inf as the largest value of its sign; this warning is shown "
                "once, nonfinite_count() counts them",
                where, r.first);
        }
        if (r.erased_batches > 0 && !d_warned_erased) {
            d_warned_erased = true;
            this->d_logger->warn(
                "llr_scale quantized every finite nonzero soft value of a batch to 0, an "
                "erasure (first {} item {}): the input is far smaller than llr_scale expects "
                "(|x| * llr_scale < 0.5), so the decoder sees nothing; raise llr_scale "
                "(docs/conventions.md). This warning is shown once",
                where, r.erased_first);
        }
    }

    /* @p frames frames with @p dec; their LLRs too when @p app is not null. */
    void decode(frame_decoder& dec, const void* in, uint8_t* out, float* app, size_t frames)
    {
        if (app)
            decode_frames_app(dec, in, out, app, frames);
        else if (d_input == soft_type::FLOAT)
            dec.decode_frames(static_cast<const float*>(in), out, frames);
        else
            dec.decode_frames(static_cast<const int8_t*>(in), out, frames);
    }

    template <typename T>
    void push(const void* in, size_t n)
    {
        d_stream->push(static_cast<const T*>(in), n);
    }

    /* A stream's input tags of [first_in, first_in + n_in) to the output, each on the first
     * bit of the puncturing period its input position belongs to (output and input stay
     * aligned by whole periods from the start; the output lags, so a tag may land ahead of
     * what is written yet). Length tags get the decoded length. */
    void move_tags(uint64_t first_in, size_t n_in)
    {
        std::vector<gr::tag_t> tags;
        this->get_tags_in_range(tags, 0, first_in, first_in + n_in);
        for (auto& tag : tags) {
            tag.offset = tag.offset / d_soft_per * d_bits_per;
            uint64_t length;
            if (is_length_tag(tag, length))
                tag.value = length_value(scale_length(length, d_soft_per, d_bits_per));
            this->add_item_tag(0, tag);
        }
    }

    int work_frames(int noutput_items, int ninput_items, const void* in, uint8_t* out, float* app)
    {
        // At most one batch a call, though the buffers often hold two: a call that took all
        // of its input would leave the upstream block no room to write while it decodes, so
        // that block's work (a file source's read of a whole buffer, say) and the decoding
        // would follow each other instead of overlapping.
        const size_t frames = std::min({ static_cast<size_t>(noutput_items) / d_bits_per,
                                         static_cast<size_t>(ninput_items) / d_soft_per,
                                         static_cast<size_t>(d_alloc_multiple) / d_bits_per });
        const size_t n_in = frames * d_soft_per;
        if (upstream_done() && unread() == static_cast<size_t>(ninput_items) &&
            static_cast<size_t>(ninput_items) - n_in < d_soft_per &&
            static_cast<size_t>(ninput_items) > n_in) {
            // The stream ends inside a frame: those values cannot be decoded.
            const size_t left = static_cast<size_t>(ninput_items) - n_in;
            this->d_logger->warn("the stream ended {} soft values into a frame of {}: they are "
                                 "dropped",
                                 left, d_soft_per);
            this->consume(0, static_cast<int>(left));
        }
        if (frames == 0)
            return 0;
        decode(*d_frame, in, out, app, frames);
        tag_frames(d_frame, this->nitems_read(0), frames);
        this->consume(0, static_cast<int>(n_in));
        return static_cast<int>(frames * d_bits_per);
    }

    /* The engine for frames of @p soft_values, made once per size. */
    std::shared_ptr<frame_decoder> engine_for(size_t soft_values)
    {
        const auto it = d_engines.find(soft_values);
        if (it != d_engines.end())
            return it->second;
        auto e = d_sized(soft_values); // throws for a length no frame has
        d_engines.emplace(soft_values, e);
        return e;
    }

    /* Length-tagged frames, as GNU Radio's tagged-stream blocks read them: a packet starts at
     * every length tag. A run of consecutive frames of one length is decoded in one call.
     * Every return without progress leaves d_need above what is there (or asks for output
     * space), so that the scheduler waits instead of calling again at once. */
    int work_tagged(int noutput_items, int ninput_items, const void* in, uint8_t* out, float* app)
    {
        const uint64_t read = this->nitems_read(0);
        const size_t avail = static_cast<size_t>(ninput_items), space = static_cast<size_t>(noutput_items);
        // Everything the stream still holds is in this call.
        const bool done = upstream_done() && unread() == avail;
        std::vector<gr::tag_t> tags;
        this->get_tags_in_range(tags, 0, read, read + avail, d_length_tag);
        std::stable_sort(tags.begin(), tags.end(), gr::tag_t::offset_compare);
        const std::string key = pmt::symbol_to_string(d_length_tag);
        // The first tag after item @p at (several tags may share an offset).
        const auto after = [&tags](uint64_t at) {
            return std::find_if(tags.begin(), tags.end(), [at](const gr::tag_t& t) { return t.offset > at; });
        };
        d_need = 1;
        this->set_min_noutput_items(1);
        if (tags.empty() || tags.front().offset != read) {
            // Values before the first length tag belong to no frame.
            const size_t skip = tags.empty() ? avail : static_cast<size_t>(tags.front().offset - read);
            if (tags.empty() && !done && avail < d_max_frame_soft) {
                d_need = avail + 1;
                return 0;
            }
            this->d_logger->warn("{} soft values at item {} carry no '{}' tag: dropped", skip, read, key);
            this->consume(0, static_cast<int>(skip));
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
            // A frame no engine can decode: skip to the next tag, once it is there (or as
            // much as any frame could take).
            const auto next = after(read);
            if (next == tags.end() && !done && avail < d_max_frame_soft) {
                d_need = avail + 1;
                return 0;
            }
            const size_t skip = next != tags.end() ? static_cast<size_t>(next->offset - read) : avail;
            this->d_logger->warn("frame at item {} has length {}: {}; its {} values are dropped",
                                 read, pmt::write_string(tags.front().value), why, skip);
            this->consume(0, static_cast<int>(skip));
            return 0;
        }
        const size_t soft = dec->soft_per_frame(), bits = dec->bits_per_frame();
        // A length tag inside the frame starts the next packet: this frame never arrived whole.
        const auto inside = after(read);
        if (inside != tags.end() && inside->offset < read + soft) {
            const size_t got = static_cast<size_t>(inside->offset - read);
            this->d_logger->warn("frame at item {} of length {} is cut short by a '{}' tag at "
                                 "item {}: its {} values are dropped",
                                 read, soft, key, inside->offset, got);
            this->consume(0, static_cast<int>(got));
            return 0;
        }
        if (avail < soft) {
            if (done) {
                this->d_logger->warn("the stream ended {} soft values into a frame of {} at "
                                     "item {}: they are dropped", avail, soft, read);
                this->consume(0, static_cast<int>(avail));
            } else {
                d_need = soft;
            }
            return 0;
        }
        if (space < bits) {
            this->set_min_noutput_items(static_cast<int>(bits));
            return 0;
        }
        // The run of whole frames of this length that are here, each starting at its own tag
        // with no other tag inside, and that fit the output.
        size_t frames = 1;
        for (; (frames + 1) * soft <= avail && (frames + 1) * bits <= space; ++frames) {
            const uint64_t at = read + frames * soft;
            const auto first = after(at - 1), next = after(at);
            uint64_t next_len;
            if (first == tags.end() || first->offset != at ||
                !tag_length(first->value, next_len) || next_len != len ||
                (next != tags.end() && next->offset < at + soft))
                break;
        }
        const nonfinite_report before = dec->nonfinite();
        decode(*dec, in, out, app, frames);
        const nonfinite_report now = dec->nonfinite();
        if (now.count > before.count && d_sized_first == UINT64_MAX)
            d_sized_first = read; // the first frame with non-finite values
        if (now.erased_batches > before.erased_batches && d_sized_erased_first == UINT64_MAX)
            d_sized_erased_first = read;
        tag_frames(dec, read, frames);
        this->consume(0, static_cast<int>(frames * soft));
        return static_cast<int>(frames * bits);
    }

    /* Output tags of @p frames decoded frames read from @p read, on every connected output:
     * the input's tags on each frame's first bit (length tags with the decoded length), then
     * frame_start and status. */
    void tag_frames(const std::shared_ptr<frame_decoder>& dec, uint64_t read, size_t frames)
    {
        static const pmt::pmt_t key = pmt::string_to_symbol("frame_start");
        const size_t soft = dec->soft_per_frame(), bits = dec->bits_per_frame();
        const uint64_t first_out = this->nitems_written(0);
        // The input's tags of all the frames at once (one look-up of the buffer's tags, not
        // one a frame), in offset order: each frame takes those that fall inside it.
        std::vector<gr::tag_t> tags;
        this->get_tags_in_range(tags, 0, read, read + frames * soft);
        std::stable_sort(tags.begin(), tags.end(), gr::tag_t::offset_compare);
        auto next = tags.begin();
        for (size_t f = 0; f < frames; ++f) {
            const uint64_t offset = first_out + f * bits;
            for (; next != tags.end() && next->offset < read + (f + 1) * soft; ++next) {
                gr::tag_t tag = *next;
                tag.offset = offset;
                uint64_t length;
                if (is_length_tag(tag, length))
                    tag.value = length_value(scale_length(length, soft, bits));
                add_output_tag(tag);
            }
            add_output_tag(offset, key, pmt::from_uint64(d_frames + f));
            tag_frame_status(*dec, offset, f);
        }
        d_frames += frames;
    }

    /* Whether @p tag is a length tag (its length in @p length): a packet's length follows the
     * packet through the decoder, rescaled to the bits decoded from it. */
    bool is_length_tag(const gr::tag_t& tag, uint64_t& length) const
    {
        return (pmt::eqv(tag.key, packet_len_key()) || pmt::eqv(tag.key, d_length_tag)) &&
               tag_length(tag.value, length);
    }

    int work_stream(int noutput_items, int ninput_items, const void* in, uint8_t* out)
    {
        // Output first what is already decoded. Push new soft values only once that queue is
        // empty, and only as many as the remaining output space can take, so the queue stays
        // about one tile long. The engine decides from the stream alone, not from the calls.
        const size_t space = static_cast<size_t>(noutput_items);
        const uint64_t written = this->nitems_written(0);
        size_t produced = pull_stream(out, space, written);
        size_t n_push = 0;
        if (d_stream->available() == 0) {
            const size_t room_periods = (space - produced) / d_bits_per;
            n_push = std::min(static_cast<size_t>(ninput_items),
                              std::max<size_t>(room_periods, 1) * d_soft_per);
        }
        // The end of a finite stream: everything is in this call.
        const bool last = upstream_done() && unread() == static_cast<size_t>(ninput_items) &&
                          n_push == static_cast<size_t>(ninput_items);
        if (n_push > 0) {
            move_tags(this->nitems_read(0), n_push);
            if (d_input == soft_type::FLOAT)
                push<float>(in, n_push);
            else
                push<int8_t>(in, n_push);
        }
        if (last && d_stream->available() == 0 && d_stream->pending() > 0) {
            const size_t dropped = d_stream->flush();
            if (dropped)
                this->d_logger->warn("the stream ended inside a trellis step: its last {} soft "
                                     "values cannot be decoded and are dropped",
                                     dropped);
        }
        produced += pull_stream(out + produced, space - produced, written + produced);
        this->consume(0, static_cast<int>(n_push));
        return static_cast<int>(produced);
    }

    std::shared_ptr<frame_decoder> d_frame;
    std::shared_ptr<stream_decoder> d_stream;
    pmt::pmt_t d_length_tag = pmt::PMT_NIL;
    sized_frame_decoder d_sized; //!< set for length-tagged frames
    size_t d_max_frame_soft = 0;
    size_t d_need = 1; //!< soft values the next length-tagged frame needs
    uint64_t d_sized_first = UINT64_MAX; //!< first length-tagged frame with non-finite values
    uint64_t d_sized_erased_first = UINT64_MAX; //!< first length-tagged frame llr_scale erased
    std::map<size_t, std::shared_ptr<frame_decoder>> d_engines; //!< by frame length
    const soft_type d_input;
    size_t d_soft_per = 1; //!< soft values per frame, or per period of a stream
    size_t d_bits_per = 1; //!< bits per frame, or per period of a stream
    int d_work_multiple = 1;  //!< output multiple while running
    int d_alloc_multiple = 1; //!< output multiple while buffers are allocated
    uint64_t d_frames = 0;
    uint64_t d_nonfinite = 0;
    bool d_warned_nonfinite = false;
    bool d_warned_erased = false;
};

} // namespace gpufec
} // namespace gr

#endif
