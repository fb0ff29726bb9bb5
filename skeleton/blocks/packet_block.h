/* The skeleton of blocks that turn each packet of a tagged stream into one output packet of
 * another length (the LTE transport block encoder and decoder derive from it). A packet starts
 * at an item carrying the length tag (GNU Radio's tagged-stream convention: "packet_len", its
 * value the packet's length in items); the family says from the packet's first-item tags how
 * long its output is (plan) and makes it (process). The skeleton:
 *  - waits until a whole packet is in the input buffer (the upstream buffer is sized at
 *    construction for the longest packet the family expects, by the output multiple trick of
 *    decoder_block.h), and for room for its whole output, through forecast() and the minimum
 *    output it asks for, so that the scheduler does not call again before either is there;
 *  - drops, with a warning and never a hang: items before a length tag, packets whose length
 *    tag is not a positive integer, packets longer than the buffers can ever hold, packets the
 *    family refuses (std::invalid_argument, its message in the warning), and a packet cut short
 *    by the end of the stream;
 *  - moves every tag of a packet to its output's first item, the length tag's value rewritten
 *    to the output length, and counts packets made and dropped (fresh at every start()).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PACKET_BLOCK_H
#define INCLUDED_GPUFEC_PACKET_BLOCK_H

#include "length_tags.h"
#include <gnuradio/block.h>
#include <gnuradio/block_detail.h>
#include <gnuradio/buffer.h>
#include <gnuradio/buffer_reader.h>
#include <pmt/pmt.h>
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*!
 * @tparam Block the family's public block class (derived virtually from gr::block), which
 *         declares packets() and dropped()
 */
template <class Block>
class packet_block : public Block
{
public:
    /*! Packets turned into output so far. */
    uint64_t packets() const override { return d_packets; }
    /*! Packets dropped so far. */
    uint64_t dropped() const override { return d_dropped; }

    bool start() override
    {
        d_packets = d_dropped = 0;
        d_skip = 0;
        d_need = 1;
        this->set_output_multiple(1);
        this->set_min_noutput_items(1);
        return true;
    }

    bool stop() override
    {
        // A later start() of the flowgraph allocates its buffers again.
        this->set_output_multiple(d_alloc_multiple);
        return true;
    }

    void forecast(int, gr_vector_int& ninput_items_required) override
    {
        // At the end of the stream, what is left is looked at even when it is no whole packet.
        ninput_items_required[0] = upstream_done() && unread() > 0 ? 0 : clamp_int(d_need);
    }

    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override
    {
        const auto* in = static_cast<const uint8_t*>(input_items[0]);
        auto* out = static_cast<uint8_t*>(output_items[0]);
        const size_t avail = static_cast<size_t>(ninput_items[0]);
        const size_t space = static_cast<size_t>(noutput_items);
        const uint64_t read = this->nitems_read(0), written = this->nitems_written(0);
        std::vector<gr::tag_t> starts;
        this->get_tags_in_range(starts, 0, read, read + avail, d_length_key);
        std::sort(starts.begin(), starts.end(), gr::tag_t::offset_compare);
        size_t used = 0, produced = 0;
        // A call that makes no progress leaves the scheduler a reason to wait before the next
        // (more input than is there, or more output space), rather than calling again at once.
        d_need = 1;
        this->set_min_noutput_items(1);
        while (used < avail) {
            if (d_skip > 0) { // the rest of a dropped packet
                const size_t n = std::min(d_skip, avail - used);
                used += n;
                d_skip -= n;
                continue;
            }
            const uint64_t at = read + used;
            const auto tag = std::find_if(starts.begin(), starts.end(),
                                          [at](const gr::tag_t& t) { return t.offset >= at; });
            const uint64_t next = tag == starts.end() ? read + avail : tag->offset;
            if (next != at) {
                this->d_logger->warn("{} items at item {} carry no '{}' tag: dropped", next - at,
                                     at, pmt::symbol_to_string(d_length_key));
                used += static_cast<size_t>(next - at);
                continue;
            }
            packet p;
            p.offset = at;
            uint64_t length = 0;
            if (!tag_length(tag->value, length) || length == 0) {
                // No length: its items up to the next length tag belong to no packet.
                const auto after = std::find_if(tag, starts.end(),
                                                [at](const gr::tag_t& t) { return t.offset > at; });
                const uint64_t end = after == starts.end() ? read + avail : after->offset;
                drop(p, end - at, "its '" + pmt::symbol_to_string(d_length_key) + "' tag is " +
                                      pmt::write_string(tag->value) +
                                      ", not a positive length");
                continue;
            }
            p.length = static_cast<size_t>(length);
            const auto inside = std::find_if(tag, starts.end(), [&p](const gr::tag_t& t) {
                return t.offset > p.offset && t.offset < p.offset + p.length;
            });
            if (inside != starts.end()) {
                drop(p, inside->offset - at, "the next packet's '" +
                                                 pmt::symbol_to_string(d_length_key) +
                                                 "' tag is at item " +
                                                 std::to_string(inside->offset) + ", inside it");
                continue;
            }
            const size_t in_capacity = static_cast<size_t>(
                this->detail()->input(0)->max_possible_items_available());
            if (p.length > in_capacity) {
                drop(p, p.length, "the input buffer holds " + std::to_string(in_capacity) +
                                      " items at most");
                continue;
            }
            this->get_tags_in_range(p.tags, 0, at, at + 1);
            size_t n_out = 0;
            try {
                n_out = plan(p);
            } catch (const std::invalid_argument& e) {
                drop(p, p.length, e.what());
                continue;
            }
            const size_t out_capacity = this->detail()->output(0)->bufsize() - 1;
            if (n_out > out_capacity) {
                drop(p, p.length, "its " + std::to_string(n_out) + " output items exceed the " +
                                      std::to_string(out_capacity) + " the output buffer holds");
                continue;
            }
            if (avail - used < p.length) {
                if (upstream_done() && unread() == avail) {
                    drop(p, avail - used, "the stream ended " + std::to_string(avail - used) +
                                              " items into it");
                    continue;
                }
                d_need = p.length; // the whole packet, from where the next call starts
                break;
            }
            if (space - produced < n_out) {
                this->set_min_noutput_items(clamp_int(n_out)); // room comes as downstream reads
                break;
            }
            try {
                process(p, in + used * d_in_size, out + produced * d_out_size, written + produced);
            } catch (const std::invalid_argument& e) {
                drop(p, p.length, e.what());
                continue;
            }
            move_tags(p, written + produced, n_out);
            ++d_packets;
            used += p.length;
            produced += n_out;
        }
        this->consume(0, static_cast<int>(used));
        return static_cast<int>(produced);
    }

protected:
    /*! A packet: where it starts, its length and the tags on its first item. */
    struct packet {
        uint64_t offset = 0;
        size_t length = 0;
        std::vector<gr::tag_t> tags;
    };

    /*!
     * @param length_tag the key of the tag that starts a packet ("packet_len")
     * @param max_in, max_out the longest packet and output the buffers are sized for
     */
    packet_block(const std::string& length_tag, size_t max_in, size_t max_out)
        : d_length_key(pmt::string_to_symbol(length_tag)),
          d_in_size(this->input_signature()->sizeof_stream_item(0)),
          d_out_size(this->output_signature()->sizeof_stream_item(0))
    {
        if (length_tag.empty())
            throw std::invalid_argument("length_tag is empty: name the tag that gives each "
                                        "packet's length, e.g. 'packet_len'");
        // GNU Radio sizes the upstream buffer to twice this block's decimation times its
        // output multiple, and this block's output buffer to twice its output multiple: one
        // packet's output while the buffers are allocated (stop()), then any amount (start()).
        this->set_relative_rate(static_cast<uint64_t>(max_out), static_cast<uint64_t>(max_in));
        d_alloc_multiple = clamp_int(max_out);
        this->set_output_multiple(d_alloc_multiple);
        this->set_tag_propagation_policy(gr::block::TPP_CUSTOM);
    }

    /*! The output length of packet @p p, for the process() call that may follow.
     *  @throws std::invalid_argument saying why the packet is dropped */
    virtual size_t plan(const packet& p) = 0;

    /*! The output of the packet plan() was last called for: p.length items of @p in, plan()'s
     *  output length into @p out, whose first item is output item @p out_offset (for tags).
     *  @throws std::invalid_argument saying why the packet is dropped */
    virtual void process(const packet& p, const void* in, void* out, uint64_t out_offset) = 0;

private:
    static int clamp_int(size_t v) { return static_cast<int>(std::min<size_t>(v, 1u << 30)); }

    bool upstream_done() const { return this->detail()->input(0)->done(); }

    size_t unread() const
    {
        return static_cast<size_t>(this->detail()->input(0)->items_available());
    }

    /* Packet @p p is dropped: its first @p skip items are skipped, in this call or later. */
    void drop(const packet& p, size_t skip, const std::string& why)
    {
        this->d_logger->warn("packet at item {} ({} items) dropped: {}", p.offset, skip, why);
        ++d_dropped;
        d_skip = skip;
    }

    void move_tags(const packet& p, uint64_t out_offset, size_t n_out)
    {
        std::vector<gr::tag_t> tags;
        this->get_tags_in_range(tags, 0, p.offset, p.offset + p.length);
        for (auto& tag : tags) {
            tag.offset = out_offset;
            if (pmt::eqv(tag.key, d_length_key))
                tag.value = pmt::from_long(static_cast<long>(n_out));
            this->add_item_tag(0, tag);
        }
    }

    const pmt::pmt_t d_length_key;
    const size_t d_in_size;
    const size_t d_out_size;
    int d_alloc_multiple = 1;
    size_t d_need = 1;  //!< input items the next call needs
    size_t d_skip = 0;  //!< items of a dropped packet still to skip
    uint64_t d_packets = 0;
    uint64_t d_dropped = 0;
};

} // namespace gpufec
} // namespace gr

#endif
