/* The skeleton every decoder block is built on (block impls derive from it): GNU Radio's side
 * of a decoding engine. A family's block impl builds its engine and passes it here; the
 * skeleton runs it in one of three modes, each a class of its own compiled once:
 *  - frame_mode.h: framed engines, whole frames per call, large batches, a "frame_start" tag
 *    (and the frame's status) on every decoded frame's first bit;
 *  - tagged_mode.h: frames sized by a length tag on their first soft value (GNU Radio's
 *    tagged-stream convention, "packet_len"), decoded by an engine for that size that the
 *    family makes on demand;
 *  - stream_mode.h: stream engines (core/engine.h), input in any amount, output as it comes,
 *    the engine's events as tags, and at the end of a finite stream a flush, so that every
 *    item of a recorded file comes out.
 * Around them, shared by all: the batch and buffer policy (batch_policy.h), the backend logged
 * once, the soft-input stage's troubles warned about once each (nonfinite_warning.h), tags
 * carried to the output, and a fresh engine state at every start(): a flowgraph run twice
 * gives the same output. Framed engines that also give a-posteriori LLRs (soft_out()) fill an
 * optional second output of floats, one per decoded bit, while it is connected, with the same
 * tags as the bits; per-frame status (has_status()) becomes crc_pass and iterations tags.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_DECODER_BLOCK_H
#define INCLUDED_GPUFEC_DECODER_BLOCK_H

#include "batch_policy.h"
#include "block_io.h"
#include "frame_mode.h"
#include "nonfinite_warning.h"
#include "stream_mode.h"
#include "tagged_mode.h"
#include <gnuradio/block.h>
#include <gnuradio/block_detail.h>
#include <gnuradio/buffer_reader.h>
#include <gnuradio/gpufec/core/decoder.h>
#include <gnuradio/gpufec/core/engine.h>
#include <pmt/pmt.h>
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*!
 * @tparam Block the family's public block class (derived virtually from gr::block)
 */
template <class Block>
class decoder_block : public Block
{
public:
    /*! Non-finite float soft values seen so far (no override: not every family's block has
     *  soft input). */
    uint64_t nonfinite_count() const { return d_nonfinite.count(); }
    /*! Frames decoded so far (framed engines, and stream engines that find frames). */
    uint64_t frames_decoded() const override
    {
        return d_frames    ? d_frames->frames()
               : d_tagged ? d_tagged->frames()
                          : d_stream->engine().frames();
    }
    std::string backend() const override { return backend_name(engine_backend().kind); }

    bool start() override
    {
        // A new run is a new stream: nothing of the last run's state may leak into it.
        if (d_stream)
            d_stream->reset();
        if (d_tagged)
            d_tagged->reset();
        if (d_frames)
            d_frames->reset();
        d_nonfinite.reset();
        this->set_output_multiple(d_policy.work_multiple);
        return true;
    }

    bool stop() override
    {
        // A later start() of the flowgraph allocates its buffers again.
        this->set_output_multiple(d_policy.alloc_multiple);
        return true;
    }

    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override
    {
        const size_t nout = static_cast<size_t>(noutput_items);
        ninput_items_required[0] = d_tagged   ? d_tagged->forecast()
                                   : d_frames ? d_frames->forecast(nout)
                                              : d_stream->forecast(nout);
    }

    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override
    {
        const size_t nout = static_cast<size_t>(noutput_items);
        const size_t nin = static_cast<size_t>(ninput_items[0]);
        if (d_stream) {
            const int produced = d_stream->work(nout, nin, input_items[0], output_items[0]);
            d_nonfinite.report(d_io, d_stream->nonfinite(), false);
            return produced;
        }
        auto* out = static_cast<uint8_t*>(output_items[0]);
        // The LLR output, where the family's block has one and it is connected: the second
        // output takes as many items as the first (a value per decoded bit).
        float* app = output_items.size() > 1 ? static_cast<float*>(output_items[1]) : nullptr;
        if (d_tagged) {
            const int produced = d_tagged->work(nout, nin, input_items[0], out, app);
            d_nonfinite.report(d_io, d_tagged->nonfinite(), true);
            return produced;
        }
        const int produced = d_frames->work(nout, nin, input_items[0], out, app);
        d_nonfinite.report(d_io, d_frames->nonfinite(), false);
        return produced;
    }

protected:
    /*!
     * @param framed the engine, when frames are decoded (null otherwise)
     * @param streaming the engine, when a stream is decoded (null otherwise)
     * @param input the soft values' type (framed engines)
     * @param what what is decoded, for the backend log line (e.g. the code's name)
     * @param length_tag with framed engines: "" for frames of the engine's fixed size, else
     *        the key of the tag that gives each frame's length in soft values
     * @param sized with a length tag: the family's engines for other frame sizes
     * @param max_frame_soft with a length tag: the longest frame accepted (sizes the buffers)
     */
    decoder_block(std::shared_ptr<frame_decoder> framed,
                  std::shared_ptr<stream_engine> streaming,
                  soft_type input,
                  const std::string& what,
                  const std::string& length_tag = "",
                  sized_frame_decoder sized = nullptr,
                  size_t max_frame_soft = 0)
        : d_io(*this)
    {
        if (!framed == !streaming)
            throw std::logic_error("decoder_block: give exactly one engine");
        size_t in_per, out_per, out_item_bytes = 1;
        if (streaming) {
            if (!length_tag.empty())
                throw std::invalid_argument(what + ": length_tag = '" + length_tag +
                                            "' needs a framed code (streaming codes have no frames)");
            const stream_shape s = streaming->shape();
            in_per = s.in_per_period;
            out_per = s.out_per_period;
            out_item_bytes = s.out_item_bytes;
        } else {
            in_per = framed->soft_per_frame();
            out_per = framed->bits_per_frame();
        }
        check_block_frame(what, in_per, out_per);
        const backend_kind kind = streaming ? streaming->backend().kind : framed->backend().kind;
        d_policy = batch_policy::make(kind, in_per, out_per, !!framed, out_item_bytes);
        if (streaming) {
            d_stream = std::make_unique<stream_mode>(d_io, std::move(streaming));
        } else if (!length_tag.empty()) {
            if (!sized)
                throw std::invalid_argument(what + ": length_tag = '" + length_tag +
                                            "' needs a framed code (streaming codes have no frames)");
            const size_t max_in = std::max(max_frame_soft, in_per);
            if (max_in > decoder_block_max_frame)
                throw std::invalid_argument(what + ": frames of up to " + std::to_string(max_in) +
                                            " soft values are too large for a block: at most " +
                                            std::to_string(decoder_block_max_frame));
            d_policy.for_sized_frames(max_in, in_per, out_per);
            d_tagged = std::make_unique<tagged_mode>(
                d_io, std::move(framed), input, length_tag, std::move(sized), max_in);
        } else {
            d_frames = std::make_unique<frame_mode>(
                d_io, std::move(framed), input, static_cast<size_t>(d_policy.alloc_multiple));
        }
        this->set_relative_rate(static_cast<uint64_t>(out_per), static_cast<uint64_t>(in_per));
        // Tags are moved by the skeleton itself: length tags must be rewritten.
        this->set_tag_propagation_policy(gr::block::TPP_CUSTOM);
        this->set_output_multiple(d_policy.alloc_multiple);
        this->d_logger->info("{}: {}", what, engine_backend().why);
    }

private:
    /* block_io over this block: a member class, so that it may use gr::block's protected
     * tag calls. */
    class io final : public block_io
    {
    public:
        explicit io(decoder_block& b) : d_b(b) {}
        uint64_t nitems_read() const override { return d_b.nitems_read(0); }
        uint64_t nitems_written() const override { return d_b.nitems_written(0); }
        std::vector<gr::tag_t>
        input_tags(uint64_t from, uint64_t to, const pmt::pmt_t& key) override
        {
            std::vector<gr::tag_t> tags;
            if (pmt::is_null(key))
                d_b.get_tags_in_range(tags, 0, from, to);
            else
                d_b.get_tags_in_range(tags, 0, from, to, key);
            std::stable_sort(tags.begin(), tags.end(), gr::tag_t::offset_compare);
            return tags;
        }
        void add_tag(const gr::tag_t& tag) override
        {
            for (int o = 0; o < d_b.detail()->noutputs(); ++o)
                d_b.add_item_tag(o, tag);
        }
        void add_tag(uint64_t offset, const pmt::pmt_t& key, const pmt::pmt_t& value) override
        {
            gr::tag_t tag;
            tag.offset = offset;
            tag.key = key;
            tag.value = value;
            tag.srcid = d_b.alias_pmt();
            add_tag(tag);
        }
        void consume(size_t n) override { d_b.consume(0, static_cast<int>(n)); }
        bool upstream_done() const override { return d_b.detail()->input(0)->done(); }
        size_t unread() const override
        {
            return static_cast<size_t>(d_b.detail()->input(0)->items_available());
        }
        void set_min_noutput_items(int n) override { d_b.set_min_noutput_items(n); }
        void warn(const std::string& message) override { d_b.d_logger->warn("{}", message); }

    private:
        decoder_block& d_b;
    };

    const backend_choice& engine_backend() const
    {
        return d_stream   ? d_stream->engine().backend()
               : d_tagged ? d_tagged->engine().backend()
                          : d_frames->engine().backend();
    }

    io d_io;
    batch_policy d_policy;
    std::unique_ptr<frame_mode> d_frames;
    std::unique_ptr<tagged_mode> d_tagged;
    std::unique_ptr<stream_mode> d_stream;
    nonfinite_warning d_nonfinite;
};

} // namespace gpufec
} // namespace gr

#endif
