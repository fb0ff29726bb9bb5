/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_VITERBI_DECODER_IMPL_H
#define INCLUDED_GPUFEC_VITERBI_DECODER_IMPL_H

#include "skeleton/blocks/decoder_block.h"
#include <gnuradio/gpufec/conv/viterbi.h>
#include <gnuradio/gpufec/viterbi_decoder.h>
#include <gnuradio/gpufec/conv/viterbi_pairing.h>

namespace gr {
namespace gpufec {

class viterbi_decoder_impl : public decoder_block<viterbi_decoder>
{
public:
    viterbi_decoder_impl(conv_code_sptr code,
                         const viterbi_options& opts,
                         const std::string& length_tag,
                         bool find_pairing);

private:
    viterbi_decoder_impl(const conv_code_sptr& code,
                         std::shared_ptr<viterbi_decoder_engine> engine,
                         std::shared_ptr<viterbi_pairing_decoder> pairing,
                         const viterbi_options& opts,
                         const std::string& length_tag);
};

} // namespace gpufec
} // namespace gr

#endif
