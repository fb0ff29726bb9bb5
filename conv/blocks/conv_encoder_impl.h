/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_CONV_ENCODER_IMPL_H
#define INCLUDED_GPUFEC_CONV_ENCODER_IMPL_H

#include "skeleton/blocks/code_encoder_block.h"
#include <gnuradio/gpufec/conv_encoder.h>

namespace gr {
namespace gpufec {

class conv_encoder_impl : public code_encoder_block<conv_encoder>
{
public:
    explicit conv_encoder_impl(conv_code_sptr code);
};

} // namespace gpufec
} // namespace gr

#endif
