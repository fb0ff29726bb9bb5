/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "lte_turbo_decoder_impl.h"
#include <gnuradio/io_signature.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

lte_turbo_decoder::sptr lte_turbo_decoder::make(lte_turbo_code_sptr code,
                                                int iterations,
                                                const std::string& algorithm,
                                                float scaling,
                                                const std::string& early_stop,
                                                const std::string& backend,
                                                const std::string& input,
                                                float llr_scale,
                                                bool invert,
                                                int device,
                                                int subblocks,
                                                int guard,
                                                const std::string& length_tag,
                                                size_t E,
                                                int rv,
                                                size_t ncb,
                                                bool llr_output,
                                                const std::string& metrics)
{
    const lte_turbo_options opts(
        decoder_options::from_parameters(backend, input, llr_scale, invert, device),
        lte_turbo_params::from_parameters(
            iterations, algorithm, scaling, early_stop, subblocks, guard, metrics),
        lte_rate_dematching{ E, rv, ncb });
    return make(code, opts, length_tag, llr_output);
}

lte_turbo_decoder::sptr lte_turbo_decoder::make(lte_turbo_code_sptr code,
                                                const lte_turbo_options& options,
                                                const std::string& length_tag,
                                                bool llr_output)
{
    if (!code)
        throw std::invalid_argument(
            "code is None: pass an LTE turbo code, e.g. gpufec.lte_turbo_code(6144)");
    options.check();
    return gnuradio::make_block_sptr<lte_turbo_decoder_impl>(code, options, length_tag, llr_output);
}

namespace {

/* Length-tagged blocks: with rate de-matching the tag gives E for the code's K; without, it
 * gives 3 (K' + 4) for a block size K' (the skeleton refuses lengths beyond the code's own). */
sized_frame_decoder sized_engines(const lte_turbo_code_sptr& code, const lte_turbo_options& opts)
{
    return [code, opts](size_t soft_values) -> std::shared_ptr<frame_decoder> {
        if (opts.rate_match.E > 0) {
            lte_turbo_options o = opts;
            o.rate_match.E = soft_values;
            return std::make_shared<lte_turbo_decoder_engine>(code, o);
        }
        const size_t K = soft_values / 3 >= 4 ? soft_values / 3 - 4 : 0;
        if (soft_values % 3 != 0 || !lte_turbo_code::is_block_size(static_cast<long long>(K)))
            throw std::invalid_argument("a block of 3 (K + 4) soft values needs an LTE code "
                                        "block size K, and " + std::to_string(soft_values) +
                                        " values give none");
        return std::make_shared<lte_turbo_decoder_engine>(lte_turbo_code::make(K), opts);
    };
}

std::string description(const lte_turbo_decoder_engine& e)
{
    const lte_rate_dematching& rm = e.options().rate_match;
    std::string d = e.decoded_code().name() + ", " + std::to_string(e.options().turbo.iterations) +
                     " iterations " + turbo_algorithm_name(e.options().turbo.algorithm) + ", " +
                     turbo_metrics_name(e.options().turbo.metrics) + " metrics";
    if (rm.E > 0)
        d += ", de-matching E=" + std::to_string(rm.E) + " rv=" + std::to_string(rm.rv);
    return d;
}

/* Bits on output 0; with llr_output an optional output 1 of their a-posteriori LLRs. */
gr::io_signature::sptr decoder_outputs(bool llr_output)
{
    if (llr_output)
        return gr::io_signature::make2(1, 2, sizeof(uint8_t), sizeof(float));
    return gr::io_signature::make(1, 1, sizeof(uint8_t));
}

} // namespace

lte_turbo_decoder_impl::lte_turbo_decoder_impl(lte_turbo_code_sptr code,
                                               const lte_turbo_options& opts,
                                               const std::string& length_tag,
                                               bool llr_output)
    : lte_turbo_decoder_impl(
          std::make_shared<lte_turbo_decoder_engine>(code, opts), length_tag, llr_output)
{
}

lte_turbo_decoder_impl::lte_turbo_decoder_impl(std::shared_ptr<lte_turbo_decoder_engine> engine,
                                               const std::string& length_tag,
                                               bool llr_output)
    : gr::block("lte_turbo_decoder",
                gr::io_signature::make(1,
                                       1,
                                       engine->options().input == soft_type::FLOAT
                                           ? sizeof(float)
                                           : sizeof(int8_t)),
                decoder_outputs(llr_output)),
      decoder_block<lte_turbo_decoder>(engine,
                                       nullptr,
                                       engine->options().input,
                                       description(*engine),
                                       length_tag,
                                       sized_engines(engine->code(), engine->options()),
                                       engine->soft_per_frame())
{
}

} // namespace gpufec
} // namespace gr
