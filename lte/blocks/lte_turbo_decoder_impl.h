/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_LTE_TURBO_DECODER_IMPL_H
#define INCLUDED_GPUFEC_LTE_TURBO_DECODER_IMPL_H

#include "skeleton/blocks/decoder_block.h"
#include <gnuradio/gpufec/lte/lte_turbo.h>
#include <gnuradio/gpufec/lte_turbo_decoder.h>

namespace gr {
namespace gpufec {

class lte_turbo_decoder_impl : public decoder_block<lte_turbo_decoder>
{
public:
    lte_turbo_decoder_impl(lte_turbo_code_sptr code,
                           const lte_turbo_options& opts,
                           const std::string& length_tag,
                           bool llr_output);

private:
    lte_turbo_decoder_impl(std::shared_ptr<lte_turbo_decoder_engine> engine,
                           const std::string& length_tag,
                           bool llr_output);
};

} // namespace gpufec
} // namespace gr

#endif
