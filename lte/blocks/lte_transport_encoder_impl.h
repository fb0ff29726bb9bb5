/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_LTE_TRANSPORT_ENCODER_IMPL_H
#define INCLUDED_GPUFEC_LTE_TRANSPORT_ENCODER_IMPL_H

#include "skeleton/blocks/packet_block.h"
#include <gnuradio/gpufec/lte_transport_encoder.h>

namespace gr {
namespace gpufec {

class lte_transport_encoder_impl : public packet_block<lte_transport_encoder>
{
public:
    lte_transport_encoder_impl(const lte_transport_params& p, const std::string& length_tag);

private:
    size_t plan(const packet& p) override;
    void process(const packet& p, const void* in, void* out, uint64_t out_offset) override;

    const lte_transport_params d_params; //!< A = 0: any; G = 0: from the packet's tag
    lte_transport_params d_next;         //!< the packet plan() was called for
};

} // namespace gpufec
} // namespace gr

#endif
