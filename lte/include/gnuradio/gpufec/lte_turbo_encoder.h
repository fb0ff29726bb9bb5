/* -*- c++ -*- */
/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef INCLUDED_GPUFEC_LTE_TURBO_ENCODER_H
#define INCLUDED_GPUFEC_LTE_TURBO_ENCODER_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <gnuradio/gpufec/lte/lte_turbo_code.h>

namespace gr {
namespace gpufec {

/*!
 * \brief LTE turbo encoder (TS 36.212 §5.1.3.2): code blocks of K bits in, 3 (K + 4) coded
 * bits out.
 * \ingroup gpufec
 *
 * \details
 * Input and output are unpacked bits (uint8; any nonzero byte counts as 1, the output holds 0
 * or 1). Each block of K information bits becomes d(0) | d(1) | d(2): the systematic bits,
 * the first and the second encoder's parity bits, each K + 4 long (the termination bits
 * included). Input tags move to the first coded bit of their block; a "packet_len" tag's
 * value (n K bits) becomes the coded length (n 3 (K + 4) bits).
 */
class GPUFEC_API lte_turbo_encoder : virtual public gr::block
{
public:
    typedef std::shared_ptr<lte_turbo_encoder> sptr;

    /*!
     * \param code the LTE turbo code of one block size (gpufec.lte_turbo_code(K))
     */
    static sptr make(lte_turbo_code_sptr code);
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_LTE_TURBO_ENCODER_H */
