/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_LTE_TURBO_ENCODER_IMPL_H
#define INCLUDED_GPUFEC_LTE_TURBO_ENCODER_IMPL_H

#include "skeleton/blocks/code_encoder_block.h"
#include <gnuradio/gpufec/lte_turbo_encoder.h>

namespace gr {
namespace gpufec {

class lte_turbo_encoder_impl : public code_encoder_block<lte_turbo_encoder>
{
public:
    explicit lte_turbo_encoder_impl(lte_turbo_code_sptr code);
};

} // namespace gpufec
} // namespace gr

#endif
