/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "lte_transport_encoder_impl.h"
#include "lte_transport_tags.h"
#include <gnuradio/io_signature.h>
#include <algorithm>
#include <stdexcept>

namespace gr {
namespace gpufec {

lte_transport_encoder::sptr lte_transport_encoder::make(size_t A,
                                                        size_t G,
                                                        int rv,
                                                        int Qm,
                                                        int NL,
                                                        size_t nsoft,
                                                        int kc,
                                                        int kmimo,
                                                        int mdlharq,
                                                        const std::string& length_tag)
{
    return gnuradio::make_block_sptr<lte_transport_encoder_impl>(
        transport_tags::block_params(A, G, rv, Qm, NL, nsoft, kc, kmimo, mdlharq), length_tag);
}

lte_transport_encoder_impl::lte_transport_encoder_impl(const lte_transport_params& p,
                                                       const std::string& length_tag)
    : gr::block("lte_transport_encoder",
                gr::io_signature::make(1, 1, sizeof(uint8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      packet_block<lte_transport_encoder>(length_tag,
                                          p.A > 0 ? p.A : lte_transport_params::max_A,
                                          p.G > 0 ? p.G : transport_tags::default_max_G),
      d_params(p)
{
}

size_t lte_transport_encoder_impl::plan(const packet& p)
{
    lte_transport_params q = transport_tags::from_tags(p.tags, d_params);
    if (q.A == 0)
        q.A = p.length;
    if (q.A != p.length)
        throw std::invalid_argument("it has " + std::to_string(p.length) + " bits, but A = " +
                                    std::to_string(q.A) + " (its 'tb_size' tag or the block's A)");
    if (q.G == 0)
        throw std::invalid_argument("it has no 'G' tag and the block's G is 0: the coded "
                                    "length is unknown");
    lte_transport_layout::compute(q); // names a bad parameter
    d_next = q;
    return q.G;
}

void lte_transport_encoder_impl::process(const packet& p,
                                         const void* in,
                                         void* out,
                                         uint64_t out_offset)
{
    lte_transport_encode(static_cast<const uint8_t*>(in), d_next, static_cast<uint8_t*>(out));
    const bool has_size = std::any_of(p.tags.begin(), p.tags.end(), [](const gr::tag_t& t) {
        return pmt::eqv(t.key, transport_tags::tb_size_key());
    });
    if (!has_size)
        add_item_tag(0, out_offset, transport_tags::tb_size_key(),
                     pmt::from_long(static_cast<long>(d_next.A)), alias_pmt());
}

} // namespace gpufec
} // namespace gr
