/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "bsid_map_decoder_impl.h"
#include <gnuradio/io_signature.h>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {

namespace {

bool parse_output(const std::string& output)
{
    if (output == "bits")
        return false;
    if (output == "posteriors")
        return true;
    throw std::invalid_argument("output = '" + output +
                                "': allowed are 'bits' (decided symbols as bits) and "
                                "'posteriors' (q floats per symbol)");
}

} // namespace

bsid_map_decoder::sptr bsid_map_decoder::make(tvb_code_sptr code,
                                              bsid_channel_model_sptr channel,
                                              const std::string& output,
                                              const std::string& backend,
                                              int device,
                                              int max_drift,
                                              size_t lookahead,
                                              const std::string& storage,
                                              const std::string& precision,
                                              unsigned threads,
                                              double drift_threshold,
                                              int max_symbol_drift,
                                              const std::string& lattice)
{
    if (!code)
        throw std::invalid_argument(
            "code is None: pass a time-varying block code, e.g. gpufec.tvb_code(10, 32, 210)");
    if (!channel)
        throw std::invalid_argument("channel is None: pass a channel model, e.g. "
                                    "gpufec.bsid_channel_model(0.01, 0.01, 0.0)");
    bsid_map_options o;
    o.backend = parse_backend(backend);
    o.device = device;
    o.max_drift = max_drift;
    o.lookahead = lookahead;
    o.storage = parse_bsid_storage(storage);
    o.precision = parse_bsid_precision(precision);
    o.threads = threads;
    o.drift_threshold = drift_threshold;
    o.max_symbol_drift = max_symbol_drift;
    o.lattice = parse_bsid_lattice(lattice);
    o.check();
    return gnuradio::make_block_sptr<bsid_map_decoder_impl>(
        code, channel, parse_output(output), o);
}

namespace {

/* The log line: the code, the channel and the drift limits the decoder derived from them. */
std::string description(const bsid_stream_engine& e, const tvb_code& code, const std::string& channel)
{
    const bsid_drift_limits& l = e.map_engine().limits();
    return code.name() + ", " + channel + ", drift limits [" + std::to_string(l.frame_min) + ", " +
           std::to_string(l.frame_max) + "] per frame, [" + std::to_string(l.symbol_min) + ", " +
           std::to_string(l.symbol_max) + "] per codeword";
}

/* Received bits in; decided bits, or q posteriors a symbol, out. */
gr::io_signature::sptr outputs(const tvb_code& code, bool posteriors)
{
    return gr::io_signature::make(1, 1, posteriors ? code.q() * sizeof(float) : sizeof(uint8_t));
}

} // namespace

bsid_map_decoder_impl::bsid_map_decoder_impl(tvb_code_sptr code,
                                             bsid_channel_model_sptr channel,
                                             bool posteriors,
                                             const bsid_map_options& opts)
    : bsid_map_decoder_impl(
          std::make_shared<bsid_stream_engine>(code, channel->params(), opts, posteriors),
          *code,
          channel->name())
{
}

bsid_map_decoder_impl::bsid_map_decoder_impl(std::shared_ptr<bsid_stream_engine> engine,
                                             const tvb_code& code,
                                             const std::string& channel)
    : gr::block("bsid_map_decoder",
                gr::io_signature::make(1, 1, sizeof(uint8_t)),
                outputs(code, engine->shape().out_item_bytes > 1)),
      decoder_block<bsid_map_decoder>(
          nullptr, engine, soft_type::FLOAT, description(*engine, code, channel)),
      d_engine(std::move(engine))
{
}

} // namespace gpufec
} // namespace gr
