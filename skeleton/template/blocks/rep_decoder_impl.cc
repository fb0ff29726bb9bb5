/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "rep_decoder_impl.h"
#include <gnuradio/io_signature.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

rep_decoder::sptr
rep_decoder::make(rep_code_sptr code, const rep_options& options, const std::string& length_tag)
{
    if (!code)
        throw std::invalid_argument("code is None: pass a repetition code, e.g. gpufec.rep_code(64, 3)");
    options.check();
    return gnuradio::make_block_sptr<rep_decoder_impl>(code, options, length_tag);
}

namespace {

/* Length-tagged frames: n K' values decode as a frame of K' bits. */
sized_frame_decoder sized_engines(const rep_code_sptr& code, const rep_options& opts)
{
    return [code, opts](size_t soft_values) -> std::shared_ptr<frame_decoder> {
        if (soft_values == 0 || soft_values % code->n() != 0)
            throw std::invalid_argument("a frame of the repetition code is a multiple of n = " +
                                        std::to_string(code->n()) + " soft values, and " +
                                        std::to_string(soft_values) + " is none");
        const auto K = static_cast<long long>(soft_values / code->n());
        return std::make_shared<rep_decoder_engine>(
            rep_code::make(K, static_cast<long long>(code->n())), opts);
    };
}

} // namespace

rep_decoder_impl::rep_decoder_impl(rep_code_sptr code,
                                   const rep_options& opts,
                                   const std::string& length_tag)
    : rep_decoder_impl(std::make_shared<rep_decoder_engine>(code, opts), length_tag)
{
}

rep_decoder_impl::rep_decoder_impl(std::shared_ptr<rep_decoder_engine> engine,
                                   const std::string& length_tag)
    : gr::block("rep_decoder",
                gr::io_signature::make(1,
                                       1,
                                       engine->options().input == soft_type::FLOAT
                                           ? sizeof(float)
                                           : sizeof(int8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      decoder_block<rep_decoder>(engine,
                                 nullptr,
                                 engine->options().input,
                                 engine->code()->name() + " (" +
                                     rep_combining_name(engine->options().combining) + ")",
                                 length_tag,
                                 sized_engines(engine->code(), engine->options()),
                                 engine->soft_per_frame())
{
}

} // namespace gpufec
} // namespace gr
