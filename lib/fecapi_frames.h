/* What the module's gr-fec objects (FECAPI) share: gr-fec's frame-size contract over a
 * framed convolutional code, and the code of each frame length they are asked for.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_FECAPI_FRAMES_H
#define INCLUDED_GPUFEC_FECAPI_FRAMES_H

#include <gnuradio/gpufec/conv_code.h>
#include <gnuradio/logger.h>
#include <string>

namespace gr {
namespace gpufec {

class fecapi_frames
{
public:
    /*! @throws std::invalid_argument for a null or streaming code (naming @p what) */
    fecapi_frames(conv_code_sptr code, const std::string& what);

    /*!
     * @brief gr-fec's set_frame_size(): frames of @p frame_bits information bits, up to the
     * code's own frame length; a larger request keeps that length and returns false (as
     * gr-fec's cc_encoder and cc_decoder do, logging it).
     * @throws std::invalid_argument for 0
     */
    bool set(unsigned frame_bits, const gr::logger_ptr& logger);

    /*! @brief The code with the frame length in use. */
    const conv_code_sptr& code() const { return d_code; }
    size_t max_frame_bits() const { return d_max->frame_bits(); }
    /*! @brief Trellis steps per puncturing period (1 when not punctured). */
    size_t period_steps() const { return d_max->puncture_pattern().size() / d_max->n(); }
    /*! @brief Channel bits sent per puncturing period. */
    size_t period_sent() const;

private:
    std::string d_what;
    conv_code_sptr d_max;  //!< the code as made: its frame length is the longest
    conv_code_sptr d_code; //!< the code of the frame length in use
};

} // namespace gpufec
} // namespace gr

#endif
