/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "viterbi_decoder_impl.h"
#include <gnuradio/io_signature.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

viterbi_decoder::sptr viterbi_decoder::make(conv_code_sptr code,
                                            const std::string& backend,
                                            const std::string& input,
                                            float llr_scale,
                                            bool invert,
                                            size_t payload,
                                            size_t before,
                                            size_t after,
                                            int device,
                                            const std::string& length_tag)
{
    if (!code)
        throw std::invalid_argument(
            "code is None: pass a convolutional code, e.g. gpufec.conv_code(7, [0o171, 0o133])");
    const decoder_options common =
        decoder_options::from_parameters(backend, input, llr_scale, invert, device);
    const viterbi_options opts(common, viterbi_tiling{ payload, before, after });
    return gnuradio::make_block_sptr<viterbi_decoder_impl>(code, opts, length_tag);
}

namespace {

/* Length-tagged frames: the engine for the same code with frames of that coded length. */
sized_frame_decoder sized_engines(const conv_code_sptr& code, const viterbi_options& opts)
{
    return [code, opts](size_t soft_values) -> std::shared_ptr<frame_decoder> {
        return std::make_shared<viterbi_decoder_engine>(
            conv_code_for_coded_length(*code, soft_values), opts);
    };
}

} // namespace

viterbi_decoder_impl::viterbi_decoder_impl(conv_code_sptr code,
                                           const viterbi_options& opts,
                                           const std::string& length_tag)
    : viterbi_decoder_impl(std::make_shared<viterbi_decoder_engine>(code, opts), opts, length_tag)
{
}

viterbi_decoder_impl::viterbi_decoder_impl(std::shared_ptr<viterbi_decoder_engine> engine,
                                           const viterbi_options& opts,
                                           const std::string& length_tag)
    : gr::block("viterbi_decoder",
                gr::io_signature::make(
                    1, 1, opts.input == soft_type::FLOAT ? sizeof(float) : sizeof(int8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      decoder_block<viterbi_decoder>(
          engine->streaming() ? nullptr : std::shared_ptr<frame_decoder>(engine),
          engine->streaming() ? std::shared_ptr<stream_decoder>(engine) : nullptr,
          opts.input,
          engine->decoded_code().name(),
          length_tag,
          sized_engines(engine->code(), opts),
          engine->soft_per_frame())
{
}

} // namespace gpufec
} // namespace gr
