/* -*- c++ -*- */
/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef INCLUDED_GPUFEC_REP_DECODER_H
#define INCLUDED_GPUFEC_REP_DECODER_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <gnuradio/gpufec/rep/rep.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief Repetition decoder, the template family's block (scripts/new-family).
 * \ingroup gpufec
 *
 * \details
 * Input: frames of n K soft values, float or int8, each bit's n copies in a row, positive
 * meaning bit 1 (GNU Radio's convention; set invert for the opposite). Output: K bits per
 * frame (uint8 0/1), decided as the options say (rep_options: soft combining or a majority).
 * With a length tag, each frame's length (a multiple of n) comes from that tag on its first
 * soft value. A "frame_start" tag (uint64: the frame's index) marks every decoded frame's first
 * bit; input tags move to the first bit of their frame. Each run of the flowgraph starts anew.
 */
class GPUFEC_API rep_decoder : virtual public gr::block
{
public:
    typedef std::shared_ptr<rep_decoder> sptr;

    /*!
     * \param code the repetition code (gpufec.rep_code(K, n))
     * \param options every decoder option (rep_options, described in rep/rep_options.yml; the
     *        Python block takes them as keywords too)
     * \param length_tag "" for frames of the code's size, or the key of a tag (e.g.
     *        "packet_len") on each frame's first soft value giving its length in soft values
     */
    static sptr make(rep_code_sptr code,
                     const rep_options& options = rep_options(),
                     const std::string& length_tag = "");

    /*! \brief "cpu" or "cuda": the backend in use. */
    virtual std::string backend() const = 0;
    /*! \brief Frames decoded so far. */
    virtual uint64_t frames_decoded() const = 0;
    /*! \brief Non-finite float soft values seen so far (decoded as erasures). */
    virtual uint64_t nonfinite_count() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_REP_DECODER_H */
