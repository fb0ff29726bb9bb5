/* What the module's gr-fec objects (FECAPI) share: gr-fec's frame-size contract over a
 * framed convolutional code, the code of each frame length they are asked for, and how they
 * drop a frame (a PDU) of a length no frame has.
 *
 * Dropping: gr-fec's async blocks (GNU Radio 3.10's async_decoder_impl.cc and
 * async_encoder_impl.cc) call set_frame_size() with a length worked out from the PDU; when it
 * returns false they cut the PDU into blocks of get_input_size() values, throw from the message
 * handler unless the PDU is a whole number of blocks (the handler's thread then ends, and with
 * it every later PDU), and call generic_work() once per block, publishing get_output_size()
 * bits per block. So a refused length answers false with blocks of 1 value and 0 bits: every
 * PDU is a whole number of those, nothing is decoded, and gr-fec publishes an empty PDU. The
 * tagged blocks, which ignore the answer, then produce 0 items for the frame.
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
     * @brief gr-fec's set_frame_size() for a length the object can take: frames of
     * @p frame_bits (1 or more) information bits, up to the code's own frame length; a larger
     * request keeps that length and returns false (as gr-fec's cc_encoder and cc_decoder do,
     * logging it): gr-fec then takes the PDU as whole frames. Ends a refusal.
     */
    bool set(unsigned frame_bits, const gr::logger_ptr& logger);

    /*!
     * @brief set_frame_size() for a length no frame has: the next frame (PDU) is dropped
     * (see above); returns false, what set_frame_size() answers.
     * @param why "frame_size = N ...": what is wrong, for the log line of the drop
     */
    bool refuse(const std::string& why);
    /*! @brief Whether the frame in hand is being dropped. */
    bool refused() const { return d_refused; }
    /*! @brief generic_work() of a refused frame: logs the drop (once per refusal). */
    void drop(const gr::logger_ptr& logger);
    /*! @brief Ends a refusal (the frame was dropped). */
    void resume() { d_refused = false; }

    /*! @brief The code with the frame length in use. */
    const conv_code_sptr& code() const { return d_code; }
    size_t max_frame_bits() const { return d_max->frame_bits(); }
    /*! @brief Channel values of a frame of the code's own length. */
    size_t max_coded_bits() const { return d_max->coded_bits_per_block(); }
    /*! @brief Trellis steps per puncturing period (1 when not punctured). */
    size_t period_steps() const { return d_max->puncture_pattern().size() / d_max->n(); }
    /*! @brief Channel bits sent per puncturing period. */
    size_t period_sent() const;
    /*! @brief gr-fec's get_input_size()/get_output_size() (1 and 0 while refusing). */
    int input_size(bool decoder) const;
    int output_size(bool decoder) const;

private:
    std::string d_what;
    conv_code_sptr d_max;  //!< the code as made: its frame length is the longest
    conv_code_sptr d_code; //!< the code of the frame length in use
    bool d_refused = false;
    bool d_drop_logged = false;
    std::string d_why;
};

} // namespace gpufec
} // namespace gr

#endif
