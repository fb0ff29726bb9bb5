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
                                            int device)
{
    if (!code)
        throw std::invalid_argument(
            "code is None: pass a convolutional code, e.g. gpufec.conv_code(7, [0o171, 0o133])");
    const decoder_options common =
        decoder_options::from_parameters(backend, input, llr_scale, invert, device);
    auto engine = std::make_shared<viterbi_decoder_engine>(
        code, viterbi_options(common, viterbi_tiling{ payload, before, after }));
    return gnuradio::make_block_sptr<viterbi_decoder_impl>(std::move(engine), common.input);
}

viterbi_decoder_impl::viterbi_decoder_impl(std::shared_ptr<viterbi_decoder_engine> engine,
                                           soft_type input)
    : gr::block("viterbi_decoder",
                gr::io_signature::make(1, 1, input == soft_type::FLOAT ? sizeof(float) : sizeof(int8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      decoder_block<viterbi_decoder>(
          engine->streaming() ? nullptr : std::shared_ptr<frame_decoder>(engine),
          engine->streaming() ? std::shared_ptr<stream_decoder>(engine) : nullptr,
          input,
          engine->decoded_code().name())
{
}

} // namespace gpufec
} // namespace gr
