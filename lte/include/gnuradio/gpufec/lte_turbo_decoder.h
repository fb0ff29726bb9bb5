/* -*- c++ -*- */
/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef INCLUDED_GPUFEC_LTE_TURBO_DECODER_H
#define INCLUDED_GPUFEC_LTE_TURBO_DECODER_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <gnuradio/gpufec/core/decoder.h>
#include <gnuradio/gpufec/lte/lte_turbo.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief LTE turbo decoder (TS 36.212 §5.1.3.2), on the GPU or the CPU.
 * \ingroup gpufec
 *
 * \details
 * Input: code blocks of soft values, float or int8, positive meaning bit 1 (GNU Radio's
 * convention; set invert for the opposite). Each block is 3 (K + 4) values d(0) | d(1) | d(2)
 * as the encoder sends them, or, with E > 0, the E values that rate matching with redundancy
 * version rv selected (de-matched before decoding: repeated values summed, bits not sent
 * erased). Float values are LLRs and are decoded as they are, clamped to +-1024 (NaN is an
 * erasure, +-Inf +-1024; both counted); int8 values q are the LLRs q / llr_scale.
 * Output: K decoded bits per block (uint8 0/1). With llr_output, a second output (which may
 * be left unconnected) gives the K a-posteriori LLRs of each block (float, positive meaning
 * bit 1; the sign is the decided bit, 0 deciding 0), as lte_turbo_decoder_engine computes them
 * (lte_turbo_decode with return_llrs in Python), item for item beside the bits.
 *
 * With a length tag, each block's length comes from that tag on its first soft value (GNU
 * Radio's tagged-stream convention): 3 (K' + 4) values decode with the code of block size
 * K' (any of the 188 sizes up to the code's K); with E > 0, E' values (up to E) are de-matched
 * for the code's K with rv.
 *
 * Tags on the first bit of every decoded block: "frame_start" (uint64: the block's index from
 * 0), "crc_pass" (bool: its K bits end in a matching CRC24B, or CRC24A when early_stop is
 * "crc24a") and "iterations" (long: the iterations it used). Input tags move to the first bit
 * of their block; a "packet_len" tag's value becomes the decoded length. The LLR output, when
 * connected, carries the same tags at the same offsets. Each run of the
 * flowgraph starts anew. The CPU and CUDA backends take the same decisions (docs/turbo.md).
 */
class GPUFEC_API lte_turbo_decoder : virtual public gr::block
{
public:
    typedef std::shared_ptr<lte_turbo_decoder> sptr;

    /*!
     * \param code the LTE turbo code (gpufec.lte_turbo_code(K))
     * \param iterations full iterations, 1..32
     * \param algorithm "max-log" (max-log-MAP) or "log-map"
     * \param scaling extrinsic scaling in (0, 1] (0.75 suits max-log-MAP, 1 log-MAP)
     * \param early_stop "none", "crc" (= "crc24b"), "crc24a" or "hard" (decisions unchanged)
     * \param backend "auto" (the GPU when present), "cpu" or "cuda"
     * \param input "float" or "int8": the input item type
     * \param llr_scale int8 input: the LLR is q / llr_scale (> 0)
     * \param invert set when a positive soft value means bit 0
     * \param device the CUDA device index (machines with several GPUs)
     * \param subblocks parallel windows P per constituent decoder, 1..K (1: exact), or 0 for
     *        the backend's default (CPU: 1; GPU: windows of about 48 steps, guard 16)
     * \param guard training steps beyond each window edge, 0..K/P
     * \param length_tag "" for blocks of the code's size, or the key of a tag (e.g.
     *        "packet_len") on each block's first soft value giving its length in soft values
     * \param E 0, or the soft values per received block (rate de-matching)
     * \param rv redundancy version 0..3 (with E > 0)
     * \param ncb circular buffer length N_cb, 0 for the whole buffer (with E > 0)
     * \param llr_output add the optional second output: K float a-posteriori LLRs per block
     * \param metrics "float" (binary32 LLRs) or "int16": 16-bit integer metrics from the
     *        int8 values round(LLR * llr_scale), max-log-MAP only (docs/turbo.md)
     */
    static sptr make(lte_turbo_code_sptr code,
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
                     const std::string& length_tag = "",
                     size_t E = lte_rate_dematching().E,
                     int rv = lte_rate_dematching().rv,
                     size_t ncb = lte_rate_dematching().ncb,
                     bool llr_output = false,
                     const std::string& metrics = turbo_metrics_name(lte_turbo_params().metrics));

    /*!
     * \brief The same block from an options object (lte_turbo_options, described in
     * lte/lte_options.yml; gpufec.lte_turbo_options in Python).
     * \param code the LTE turbo code
     * \param options every decoder option (checked here; those that depend on K by the engine)
     * \param length_tag as above
     * \param llr_output as above
     */
    static sptr make(lte_turbo_code_sptr code,
                     const lte_turbo_options& options,
                     const std::string& length_tag = "",
                     bool llr_output = false);

    /*! \brief "cpu" or "cuda": the backend in use. */
    virtual std::string backend() const = 0;
    /*! \brief Code blocks decoded so far. */
    virtual uint64_t frames_decoded() const = 0;
    /*! \brief Non-finite float soft values seen so far (decoded as described above). */
    virtual uint64_t nonfinite_count() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_LTE_TURBO_DECODER_H */
