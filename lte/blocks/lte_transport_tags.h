/* A transport block's parameters in the transport block encoder and decoder: those the block
 * is made with (A and G may be 0, for "from each packet"), and the tags that travel with a
 * packet on its first item, "tb_size" (A), "G" and "rv", which take their place.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_LTE_TRANSPORT_TAGS_H
#define INCLUDED_GPUFEC_LTE_TRANSPORT_TAGS_H

#include "skeleton/blocks/length_tags.h"
#include <gnuradio/gpufec/lte/lte_transport.h>
#include <gnuradio/tags.h>
#include <pmt/pmt.h>
#include <climits>
#include <stdexcept>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {
namespace transport_tags {

/* Coded bits the blocks size their buffers for when G comes with each packet: twice the bits
 * of a 20 MHz subframe of four layers of 256QAM (537 600). */
constexpr size_t default_max_G = size_t(1) << 20;

inline const pmt::pmt_t& tb_size_key()
{
    static const pmt::pmt_t k = pmt::string_to_symbol("tb_size");
    return k;
}
inline const pmt::pmt_t& G_key()
{
    static const pmt::pmt_t k = pmt::string_to_symbol("G");
    return k;
}
inline const pmt::pmt_t& rv_key()
{
    static const pmt::pmt_t k = pmt::string_to_symbol("rv");
    return k;
}

/*!
 * @brief @p p with A, G and rv replaced by the packet's "tb_size", "G" and "rv" tags where it
 * has them (the packet's first-item tags).
 * @throws std::invalid_argument for a tag whose value is not a non-negative integer
 */
inline lte_transport_params from_tags(const std::vector<gr::tag_t>& tags, lte_transport_params p)
{
    for (const auto& t : tags) {
        const bool A = pmt::eqv(t.key, tb_size_key()), G = pmt::eqv(t.key, G_key()),
                   rv = pmt::eqv(t.key, rv_key());
        if (!A && !G && !rv)
            continue;
        uint64_t v;
        if (!tag_length(t.value, v) || (rv && v > INT_MAX))
            throw std::invalid_argument("its '" + pmt::symbol_to_string(t.key) + "' tag is " +
                                        pmt::write_string(t.value) +
                                        ", not a non-negative integer");
        if (A)
            p.A = static_cast<size_t>(v);
        else if (G)
            p.G = static_cast<size_t>(v);
        else
            p.rv = static_cast<int>(v);
    }
    return p;
}

/*!
 * @brief A block's transport block parameters, checked as far as the block fixes them: A and
 * G may be 0 (given per packet).
 * @throws std::invalid_argument naming a bad parameter
 */
inline lte_transport_params block_params(size_t A,
                                         size_t G,
                                         int rv,
                                         int Qm,
                                         int NL,
                                         size_t nsoft,
                                         int kc,
                                         int kmimo,
                                         int mdlharq)
{
    lte_transport_params p;
    p.A = A;
    p.G = G;
    p.rv = rv;
    p.Qm = Qm;
    p.NL = NL;
    p.nsoft = nsoft;
    p.kc = kc;
    p.kmimo = kmimo;
    p.mdlharq = mdlharq;
    lte_transport_params full = p; // valid stand-ins where packets give A or G
    full.A = A > 0 ? A : lte_transport_params::min_A;
    full.G = G > 0 ? G : size_t(NL) * size_t(Qm);
    full.validate();
    if (A > 0 && G > 0)
        lte_transport_layout::compute(full);
    return p;
}

} // namespace transport_tags
} // namespace gpufec
} // namespace gr

#endif
