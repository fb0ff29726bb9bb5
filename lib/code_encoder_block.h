/* The skeleton of a block encoder block (block impls derive from it): whole blocks of a
 * gr::gpufec::code's information bits in, its coded bits out, encoded by code::encode. Input
 * tags move to the first coded bit of their block, a "packet_len" tag's value rewritten from
 * information to coded bits.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CODE_ENCODER_BLOCK_H
#define INCLUDED_GPUFEC_CODE_ENCODER_BLOCK_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/code.h>
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
    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override
    {
        ninput_items_required[0] = static_cast<int>(noutput_items / d_N * d_K);
    }

    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override
    {
        const size_t blocks = std::min(static_cast<size_t>(noutput_items) / d_N,
                                       static_cast<size_t>(ninput_items[0]) / d_K);
        if (blocks == 0)
            return 0;
        d_code->encode(static_cast<const uint8_t*>(input_items[0]),
                       static_cast<uint8_t*>(output_items[0]),
                       blocks);
        move_tags(blocks * d_K);
        this->consume(0, static_cast<int>(blocks * d_K));
        return static_cast<int>(blocks * d_N);
    }

protected:
    /*! @param c a framed code (no history bits), checked non-null by the caller */
    explicit code_encoder_block(code_sptr c)
        : d_code(std::move(c)), d_K(d_code->info_bits_per_block()), d_N(d_code->coded_bits_per_block())
    {
        this->set_output_multiple(static_cast<int>(d_N));
        this->set_relative_rate(static_cast<uint64_t>(d_N), static_cast<uint64_t>(d_K));
        // packet_len tags must be rewritten to the coded length.
        this->set_tag_propagation_policy(gr::block::TPP_CUSTOM);
        this->d_logger->debug("{}", d_code->name());
    }

private:
    /* The tags of the next n_in input bits, each to the first coded bit of its block. */
    void move_tags(size_t n_in)
    {
        static const pmt::pmt_t packet_len = pmt::string_to_symbol("packet_len");
        const uint64_t read = this->nitems_read(0), written = this->nitems_written(0);
        std::vector<gr::tag_t> tags;
        this->get_tags_in_range(tags, 0, read, read + n_in);
        for (auto& tag : tags) {
            tag.offset = written + (tag.offset - read) / d_K * d_N;
            if (pmt::eqv(tag.key, packet_len) && pmt::is_integer(tag.value))
                tag.value =
                    pmt::from_long(static_cast<long>(pmt::to_long(tag.value) / d_K * d_N));
            this->add_item_tag(0, tag);
        }
    }

    const code_sptr d_code;
    const size_t d_K; //!< information bits per block
    const size_t d_N; //!< coded bits per block
};

} // namespace gpufec
} // namespace gr

#endif
