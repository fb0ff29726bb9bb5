/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "lte_turbo_encoder_impl.h"
#include <gnuradio/io_signature.h>
#include <algorithm>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {
lte_turbo_code_sptr checked(lte_turbo_code_sptr c)
{
    if (!c)
        throw std::invalid_argument(
            "code is None: pass an LTE turbo code, e.g. gpufec.lte_turbo_code(6144)");
    return c;
}
} // namespace

lte_turbo_encoder::sptr lte_turbo_encoder::make(lte_turbo_code_sptr code)
{
    return gnuradio::make_block_sptr<lte_turbo_encoder_impl>(code);
}

lte_turbo_encoder_impl::lte_turbo_encoder_impl(lte_turbo_code_sptr code)
    : gr::block("lte_turbo_encoder",
                gr::io_signature::make(1, 1, sizeof(uint8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      d_code(checked(code)),
      d_K(d_code->K()),
      d_N(d_code->coded_bits_per_block())
{
    set_output_multiple(static_cast<int>(d_N));
    set_relative_rate(static_cast<uint64_t>(d_N), static_cast<uint64_t>(d_K));
    // packet_len tags must be rewritten to the coded length.
    set_tag_propagation_policy(TPP_CUSTOM);
    d_logger->debug("{}", d_code->name());
}

void lte_turbo_encoder_impl::forecast(int noutput_items, gr_vector_int& ninput_items_required)
{
    ninput_items_required[0] = static_cast<int>(noutput_items / d_N * d_K);
}

/* The tags of the next n_in input bits, each to the first coded bit of its block. */
void lte_turbo_encoder_impl::move_tags(size_t n_in)
{
    static const pmt::pmt_t packet_len = pmt::string_to_symbol("packet_len");
    const uint64_t read = nitems_read(0), written = nitems_written(0);
    std::vector<gr::tag_t> tags;
    get_tags_in_range(tags, 0, read, read + n_in);
    for (auto& tag : tags) {
        tag.offset = written + (tag.offset - read) / d_K * d_N;
        if (pmt::eqv(tag.key, packet_len) && pmt::is_integer(tag.value))
            tag.value = pmt::from_long(static_cast<long>(pmt::to_long(tag.value) / d_K * d_N));
        add_item_tag(0, tag);
    }
}

int lte_turbo_encoder_impl::general_work(int noutput_items,
                                         gr_vector_int& ninput_items,
                                         gr_vector_const_void_star& input_items,
                                         gr_vector_void_star& output_items)
{
    const size_t blocks = std::min(static_cast<size_t>(noutput_items) / d_N,
                                   static_cast<size_t>(ninput_items[0]) / d_K);
    if (blocks == 0)
        return 0;
    d_code->encode(static_cast<const uint8_t*>(input_items[0]),
                   static_cast<uint8_t*>(output_items[0]), blocks);
    move_tags(blocks * d_K);
    consume(0, static_cast<int>(blocks * d_K));
    return static_cast<int>(blocks * d_N);
}

} // namespace gpufec
} // namespace gr
