/* What the module's gr-fec objects (FECAPI) share: gr-fec's frame-size contract over a
 * framed convolutional code, the code of each frame length they are asked for, and how they
 * drop a frame (a PDU) of a length no frame has.
 *
 * Dropping: gr-fec's async blocks (GNU Radio 3.10's async_decoder_impl.cc and
 * async_encoder_impl.cc) call set_frame_size() with a length worked out from the PDU; when it
 * returns false they cut the PDU into blocks of get_input_size() values, throw from the message
 * handler unless the PDU is a whole number of blocks (the handler's thread then ends, and with
 * it every later PDU), and call generic_work() once per block (3.10.5's async_decoder calls a
 * decoder that takes bytes once, with the whole PDU), publishing get_output_size() bits per
 * block. So a refused length answers false with blocks of 1 value and 0 bits: every PDU is a
 * whole number of those, nothing is decoded, and gr-fec publishes an empty PDU. The tagged
 * blocks, which ignore the answer, then produce 0 items for the frame.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_FECAPI_FRAMES_H
#define INCLUDED_GPUFEC_FECAPI_FRAMES_H

#include <gnuradio/gpufec/conv/conv_code.h>
#include <gnuradio/logger.h>
#include <string>

namespace gr {
namespace gpufec {

/*! @brief The frame in hand being dropped (above): set_frame_size() refused its length. */
class fecapi_refusal
{
public:
    /*! @param what the object's name, for the log line of a drop */
    explicit fecapi_refusal(std::string what) : d_what(std::move(what)) {}

    /*!
     * @brief set_frame_size() for a length no frame has: the next frame (PDU) is dropped;
     * returns false, what set_frame_size() answers.
     * @param why "frame_size = N ...": what is wrong, for the log line of the drop
     */
    bool refuse(const std::string& why);
    /*! @brief Whether the frame in hand is being dropped. */
    bool refused() const { return d_refused; }
    /*! @brief generic_work() of a refused frame: logs the drop (once per refusal). */
    void drop(const gr::logger_ptr& logger);
    /*! @brief Ends a refusal (the frame was dropped, or a length was taken). */
    void resume() { d_refused = false; }
    /*! @brief gr-fec's get_input_size()/get_output_size() while refusing. */
    static constexpr int refused_input_size = 1;
    static constexpr int refused_output_size = 0;

private:
    std::string d_what;
    bool d_refused = false;
    bool d_drop_logged = false;
    std::string d_why;
};

/*! @brief What gr-fec's tagged and async decoders read of a decoder object to work out the
 *  frame length of a packet (PDU values x rate() - diff, diff = rate() x get_input_size() -
 *  get_output_size(): the tail's share, in double and int arithmetic). */
struct fecapi_decoder_sizes {
    double rate;             //!< rate(): information bits per channel value, without tails
    int input_size;          //!< get_input_size() now
    int output_size;         //!< get_output_size() now
    size_t max_frame_bits;   //!< the frame the object was made with, its longest
    size_t max_frame_values; //!< that frame's channel values
    size_t period_steps;     //!< trellis steps per puncturing period (1 when not punctured)
};

/*! @brief What a decoder object makes of a frame length gr-fec asks for. */
struct fecapi_request {
    std::string refusal;    //!< why the length is refused; "" when it is taken
    size_t whole_frames = 0; //!< m >= 1: taken as m frames of the longest length (the
                             //!< request is longer: set_frame_size() answers false)
};

/*!
 * @brief A frame length @p frame_size that gr-fec asks a decoder object for, from a packet's
 * length. Taken: 1 up to the longest frame in whole puncturing periods (gr-fec's rate
 * arithmetic finds a punctured frame's length exactly only then), or a whole number (2 or
 * more) of the longest frames (set_frame_size() then answers false, as cc_decoder does, and
 * gr-fec decodes the packet as such frames), or what GNU Radio 3.10.5's tagged_decoder asks
 * for a frame of the longest length (its values x rate(), tail included). Refused: 0 and
 * lengths that wrapped around below 0 (a packet shorter than a frame's tail), other lengths
 * of a punctured code, and other lengths beyond the longest frame.
 */
fecapi_request fecapi_decoder_request(unsigned frame_size, const fecapi_decoder_sizes& sizes);

/*! @brief The same for an encoder object, which takes a packet's bits as its length: refused
 *  are 0 and lengths beyond @p max_frame_bits that are not whole frames of it. */
std::string fecapi_encoder_refusal(unsigned frame_size, size_t max_frame_bits);

/*! @brief The frames of a framed conv_code: the code of the frame length in use. */
class fecapi_frames : public fecapi_refusal
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
    conv_code_sptr d_max;  //!< the code as made: its frame length is the longest
    conv_code_sptr d_code; //!< the code of the frame length in use
};

} // namespace gpufec
} // namespace gr

#endif
