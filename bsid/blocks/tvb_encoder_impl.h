/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_TVB_ENCODER_IMPL_H
#define INCLUDED_GPUFEC_TVB_ENCODER_IMPL_H

#include "skeleton/blocks/code_encoder_block.h"
#include <gnuradio/gpufec/tvb_encoder.h>

namespace gr {
namespace gpufec {

class tvb_encoder_impl : public code_encoder_block<tvb_encoder>
{
public:
    explicit tvb_encoder_impl(tvb_code_sptr code);
};

} // namespace gpufec
} // namespace gr

#endif
