/* -*- c++ -*- */
/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef INCLUDED_GPUFEC_LTE_TRANSPORT_DECODER_H
#define INCLUDED_GPUFEC_LTE_TRANSPORT_DECODER_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <gnuradio/gpufec/core/decoder.h>
#include <gnuradio/gpufec/lte/lte_transport.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief LTE transport block decoder (TS 36.212 §5.1), on the GPU or the CPU: packets of G
 * soft values in, A bits out.
 * \ingroup gpufec
 *
 * \details
 * Input: a tagged stream of soft values (float LLRs or int8, positive meaning bit 1 unless
 * invert), one transport block a packet; the length tag on its first value gives G. Each
 * packet is decoded as lte_transport_decoder_engine does (the code blocks of each size in one
 * call of the turbo decoder). Output: the A decoded bits (uint8 0/1) as one packet.
 *
 * A comes from the packet's "tb_size" tag (what lte_transport_encoder adds), else the A
 * parameter; a "G" tag or a G parameter > 0 must equal the packet's length; an "rv" tag
 * overrides rv. Every tag of a packet moves to its first decoded bit, the length tag's value
 * becoming A; "crc_pass" (bool: the CRC24A checks) and "iterations" (long: the most a code
 * block used) are added. Packets that cannot be decoded (no A, a length other than G, bad
 * parameters, no length tag) are dropped with a warning; packets that fail their CRC are
 * output with crc_pass false.
 */
class GPUFEC_API lte_transport_decoder : virtual public gr::block
{
public:
    typedef std::shared_ptr<lte_transport_decoder> sptr;

    /*!
     * \param A the transport block size, or 0: each packet's "tb_size" tag
     * \param G the soft values per transport block, or 0 for any (each packet's length)
     * \param rv, Qm, NL, nsoft, kc, kmimo, mdlharq as lte_transport_encoder takes them
     * \param iterations, algorithm, scaling, early_stop, backend, input, llr_scale, invert,
     *        device, subblocks, guard, metrics as lte_turbo_decoder takes them; early_stop
     *        "crc" stops each code block on the CRC it carries
     * \param length_tag the key of the tag that gives each packet's length
     */
    static sptr make(size_t A = 0,
                     size_t G = 0,
                     int rv = lte_transport_params().rv,
                     int Qm = lte_transport_params().Qm,
                     int NL = lte_transport_params().NL,
                     size_t nsoft = lte_transport_params().nsoft,
                     int kc = lte_transport_params().kc,
                     int kmimo = lte_transport_params().kmimo,
                     int mdlharq = lte_transport_params().mdlharq,
                     int iterations = lte_turbo_params().iterations,
                     const std::string& algorithm = turbo_algorithm_name(lte_turbo_params().algorithm),
                     float scaling = lte_turbo_params().scaling,
                     const std::string& early_stop = early_stop_name(lte_turbo_params().stop),
                     const std::string& backend = backend_name(decoder_options().backend),
                     const std::string& input = soft_type_name(decoder_options().input),
                     float llr_scale = decoder_options().llr_scale,
                     bool invert = decoder_options().invert,
                     int device = decoder_options().device,
                     int subblocks = static_cast<int>(lte_turbo_params().subblocks),
                     int guard = static_cast<int>(lte_turbo_params().guard),
                     const std::string& metrics = turbo_metrics_name(lte_turbo_params().metrics),
                     const std::string& length_tag = "packet_len");

    /*! \brief "cpu" or "cuda": the backend in use. */
    virtual std::string backend() const = 0;
    /*! \brief Transport blocks decoded so far (CRC failures included). */
    virtual uint64_t packets() const = 0;
    /*! \brief Packets dropped so far. */
    virtual uint64_t dropped() const = 0;
    /*! \brief Decoded transport blocks whose CRC24A failed. */
    virtual uint64_t crc_failures() const = 0;
    /*! \brief Non-finite float soft values seen so far (decoded as erasures or saturated). */
    virtual uint64_t nonfinite_count() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_LTE_TRANSPORT_DECODER_H */
