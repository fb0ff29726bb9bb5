/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_LTE_TRANSPORT_DECODER_IMPL_H
#define INCLUDED_GPUFEC_LTE_TRANSPORT_DECODER_IMPL_H

#include "skeleton/blocks/packet_block.h"
#include <gnuradio/gpufec/lte/lte_transport.h>
#include <gnuradio/gpufec/lte_transport_decoder.h>

namespace gr {
namespace gpufec {

class lte_transport_decoder_impl : public packet_block<lte_transport_decoder>
{
public:
    lte_transport_decoder_impl(const lte_transport_params& p,
                               const lte_turbo_options& opts,
                               const std::string& length_tag);

    std::string backend() const override { return backend_name(d_engine.backend().kind); }
    uint64_t crc_failures() const override { return d_crc_failures; }
    uint64_t nonfinite_count() const override { return d_engine.nonfinite().count; }
    bool start() override;

private:
    size_t plan(const packet& p) override;
    void process(const packet& p, const void* in, void* out, uint64_t out_offset) override;

    const lte_transport_params d_params; //!< A = 0: from the packet's tag; G = 0: any
    lte_transport_decoder_engine d_engine;
    lte_transport_params d_next;         //!< the packet plan() was called for
    uint64_t d_crc_failures = 0;
    bool d_warned_nonfinite = false;
    bool d_warned_erased = false; //!< llr_scale erased a code block (16-bit metrics)
};

} // namespace gpufec
} // namespace gr

#endif
