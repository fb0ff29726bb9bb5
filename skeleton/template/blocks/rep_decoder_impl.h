/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_REP_DECODER_IMPL_H
#define INCLUDED_GPUFEC_REP_DECODER_IMPL_H

#include "skeleton/blocks/decoder_block.h"
#include <gnuradio/gpufec/rep_decoder.h>

namespace gr {
namespace gpufec {

class rep_decoder_impl : public decoder_block<rep_decoder>
{
public:
    rep_decoder_impl(rep_code_sptr code, const rep_options& opts, const std::string& length_tag);

private:
    rep_decoder_impl(std::shared_ptr<rep_decoder_engine> engine, const std::string& length_tag);
};

} // namespace gpufec
} // namespace gr

#endif
