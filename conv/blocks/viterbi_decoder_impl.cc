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
                                            const std::string& length_tag,
                                            bool find_pairing)
{
    if (!code)
        throw std::invalid_argument(
            "code is None: pass a convolutional code, e.g. gpufec.conv_code(7, [0o171, 0o133])");
    const decoder_options common =
        decoder_options::from_parameters(backend, input, llr_scale, invert, device);
    const viterbi_options opts(common, viterbi_tiling{ payload, before, after });
    return gnuradio::make_block_sptr<viterbi_decoder_impl>(code, opts, length_tag, find_pairing);
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
                                           const std::string& length_tag,
                                           bool find_pairing)
    : viterbi_decoder_impl(
          code,
          find_pairing ? nullptr : std::make_shared<viterbi_decoder_engine>(code, opts),
          find_pairing ? std::make_shared<viterbi_pairing_decoder>(code, opts) : nullptr,
          opts,
          length_tag)
{
}

/* One of @p engine and @p pairing. */
viterbi_decoder_impl::viterbi_decoder_impl(const conv_code_sptr& code,
                                           std::shared_ptr<viterbi_decoder_engine> engine,
                                           std::shared_ptr<viterbi_pairing_decoder> pairing,
                                           const viterbi_options& opts,
                                           const std::string& length_tag)
    : gr::block("viterbi_decoder",
                gr::io_signature::make(
                    1, 1, opts.input == soft_type::FLOAT ? sizeof(float) : sizeof(int8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      decoder_block<viterbi_decoder>(
          engine && !engine->streaming() ? std::shared_ptr<frame_decoder>(engine) : nullptr,
          pairing ? std::shared_ptr<stream_decoder>(pairing)
                  : engine->streaming() ? std::shared_ptr<stream_decoder>(engine) : nullptr,
          opts.input,
          code->name(),
          length_tag,
          sized_engines(code, opts),
          code->coded_bits_per_block()),
      d_pairing(std::move(pairing))
{
}

size_t viterbi_decoder_impl::pull_stream(uint8_t* out, size_t max, uint64_t offset)
{
    if (!d_pairing)
        return decoder_block<viterbi_decoder>::pull_stream(out, max, offset);
    static const pmt::pmt_t key = pmt::string_to_symbol("pairing");
    d_changes.clear();
    const size_t n = d_pairing->pull(out, max, d_changes);
    for (const auto& c : d_changes)
        add_output_tag(offset + c.bit, key, pmt::from_long(c.offset));
    return n;
}

} // namespace gpufec
} // namespace gr
