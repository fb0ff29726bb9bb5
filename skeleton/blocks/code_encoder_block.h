/* The skeleton of an encoder block (block impls derive from it): whole blocks of a
 * gr::gpufec::code's information bits in, its coded bits out, encoded by code::encode. A block
 * is a frame, or for a streaming code one puncturing period; a streaming code's encoder keeps
 * the last history_bits() bits across calls and starts from zeros (state 0) at every start().
 * Input tags move to the first coded bit of their block, length tags rescaled from
 * information to coded bits; bits left at the end of a stream that make no whole block are
 * dropped with a warning.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CODE_ENCODER_BLOCK_H
#define INCLUDED_GPUFEC_CODE_ENCODER_BLOCK_H

#include "length_tags.h"
#include <gnuradio/block.h>
#include <gnuradio/block_detail.h>
#include <gnuradio/buffer_reader.h>
#include <gnuradio/gpufec/core/code.h>
#include <pmt/pmt.h>
#include <algorithm>
#include <memory>
#include <vector>

namespace gr {
namespace gpufec {

/*!
 * @tparam Block the family's public encoder block class (derived virtually from gr::block)
 */
template <class Block>
class code_encoder_block : public Block
{
public:
    bool start() override
    {
        // A new run is a new stream, encoded from state 0 as the decoders expect.
        std::fill(d_scratch.begin(), d_scratch.end(), 0);
        return true;
    }

    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override
    {
        // At the end of a stream, the bits left over are dropped by a call that needs none.
        ninput_items_required[0] = upstream_done() && unread() > 0
                                       ? 0
                                       : static_cast<int>(noutput_items / d_N * d_K);
    }

    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override
    {
        const size_t avail = static_cast<size_t>(ninput_items[0]);
        const size_t blocks = std::min(static_cast<size_t>(noutput_items) / d_N, avail / d_K);
        if (blocks == 0) {
            if (upstream_done() && unread() == avail && avail > 0 && avail < d_K) {
                this->d_logger->warn("the stream ended {} bits into a block of {}: they "
                                     "cannot be encoded and are dropped, with their tags",
                                     avail,
                                     d_K);
                this->consume(0, static_cast<int>(avail));
            }
            return 0;
        }
        const auto* in = static_cast<const uint8_t*>(input_items[0]);
        auto* out = static_cast<uint8_t*>(output_items[0]);
        const size_t n_in = blocks * d_K;
        if (d_history == 0) {
            d_code->encode(in, out, blocks);
        } else {
            // code::encode reads the history just before its input: the last d_history bits
            // of the previous call, then this call's input.
            d_scratch.insert(d_scratch.end(), in, in + n_in);
            d_code->encode(d_scratch.data() + d_history, out, blocks);
            std::copy(d_scratch.end() - d_history, d_scratch.end(), d_scratch.begin());
            d_scratch.resize(d_history);
        }
        move_tags(n_in);
        this->consume(0, static_cast<int>(n_in));
        return static_cast<int>(blocks * d_N);
    }

protected:
    /*! @param c the code, checked non-null by the caller */
    explicit code_encoder_block(code_sptr c)
        : d_code(std::move(c)),
          d_K(d_code->info_bits_per_block()),
          d_N(d_code->coded_bits_per_block()),
          d_history(d_code->history_bits()),
          d_scratch(d_history, 0)
    {
        // Whole blocks only: for a streaming code, the puncturing pattern's phase is then the
        // same at every call boundary.
        this->set_output_multiple(static_cast<int>(d_N));
        this->set_relative_rate(static_cast<uint64_t>(d_N), static_cast<uint64_t>(d_K));
        // Length tags must be rewritten to the coded length.
        this->set_tag_propagation_policy(gr::block::TPP_CUSTOM);
        this->d_logger->debug("{}", d_code->name());
    }

private:
    bool upstream_done() const { return this->detail()->input(0)->done(); }
    size_t unread() const
    {
        return static_cast<size_t>(this->detail()->input(0)->items_available());
    }

    /* The tags of the next n_in input bits, each to the first coded bit of its block. */
    void move_tags(size_t n_in)
    {
        const uint64_t read = this->nitems_read(0), written = this->nitems_written(0);
        std::vector<gr::tag_t> tags;
        this->get_tags_in_range(tags, 0, read, read + n_in);
        for (auto& tag : tags) {
            tag.offset = written + (tag.offset - read) / d_K * d_N;
            uint64_t length;
            if (pmt::eqv(tag.key, packet_len_key()) && tag_length(tag.value, length))
                tag.value = length_value(scale_length(length, d_K, d_N));
            this->add_item_tag(0, tag);
        }
    }

    const code_sptr d_code;
    const size_t d_K;       //!< information bits per block
    const size_t d_N;       //!< coded bits per block
    const size_t d_history; //!< information bits before a block that it depends on
    std::vector<uint8_t> d_scratch; //!< the history, then a call's input (streaming codes)
};

} // namespace gpufec
} // namespace gr

#endif
