/* --code lte_turbo[:KEY=VALUE,...]: LTE turbo code blocks (K = --frame-bits, one of the 188
 * sizes) decoded by lte_turbo_decoder_engine. The channel is generated on the host; with
 * --backend cuda the blocks are decoded by the CUDA backend (the same decisions for max-log).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/ber/code_registry.h"
#include "apps/ber/cpu_simulator.h"
#include <gnuradio/gpufec/lte/lte_turbo.h>
#include <stdexcept>
#include <vector>

namespace gpufec_ber {

namespace {

using namespace gr::gpufec;

/* The spec is lte_turbo_options::from_spec's (the option names of lte/lte_options.yml, the old
 * keys it, alg, stop, P and g too); the tool chooses the backend and sends whole blocks. */
lte_turbo_options parse_spec(const std::string& args)
{
    lte_turbo_options o;
    try {
        o = lte_turbo_options::from_spec(args);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("--code lte_turbo:" + args + ": " + e.what());
    }
    refuse_tool_options(o, "lte_turbo");
    const lte_rate_dematching d;
    if (o.rate_match.E != d.E || o.rate_match.rv != d.rv || o.rate_match.ncb != d.ncb)
        throw std::invalid_argument("--code lte_turbo: E/rv/ncb are not simulated (the tool sends "
                                    "whole blocks of 3 (K + 4) values)");
    return o;
}

code_under_test make_turbo(const std::string& args, size_t frame_bits)
{
    if (frame_bits == 0)
        frame_bits = default_frame_bits;
    const lte_turbo_options opts = parse_spec(args);
    const lte_turbo_params& params = opts.turbo;
    const lte_turbo_code_sptr c = lte_turbo_code::make(static_cast<long long>(frame_bits));
    params.validate(frame_bits);
    code_under_test cut;
    cut.coded = c;
    cut.frame_bits = frame_bits;
    cut.frames = "code blocks of K = " + std::to_string(frame_bits) + " bits (--frame-bits)";
    const auto split = [&](backend_kind b) {
        const lte_turbo_params r = params.resolved_for(frame_bits, b);
        return "P = " + std::to_string(r.subblocks) + ", g = " + std::to_string(r.guard);
    };
    cut.decoder = turbo_algorithm_name(params.algorithm) + ", " +
                  turbo_metrics_name(params.metrics) + " metrics, " +
                  std::to_string(params.iterations) + " iterations, " +
                  (params.subblocks > 0 ? split(backend_kind::CPU)
                                        : "the backend's split (cpu: " + split(backend_kind::CPU) +
                                              "; cuda: " + split(backend_kind::CUDA) + ")") +
                  "; channel generated on the host";
    const auto simulator = [c, opts](backend_kind b) {
        return [c, opts, b](const sim_setup& setup) {
            lte_turbo_options o = opts;
            o.backend = b;
            return make_cpu_simulator(c, c->K(), setup,
                                      frame_soft_decoder(std::make_unique<lte_turbo_decoder_engine>(c, o)));
        };
    };
    cut.cpu = simulator(backend_kind::CPU);
    if (built_with_cuda())
        cut.cuda = simulator(backend_kind::CUDA);
    return cut;
}

const register_code_family registration({
    "lte_turbo",
    "  lte_turbo[:KEY=VALUE,...]  LTE turbo code blocks of K = --frame-bits (an LTE size);\n"
    "                        keys: the decoder's options (docs/turbo.md, the names of\n"
    "                        gpufec.lte_turbo_options; its spec() gives this text):\n"
    "                        iterations (default 6), algorithm (max-log, log-map), scaling\n"
    "                        (extrinsic, default 0.75), early_stop (none, crc24b, crc24a,\n"
    "                        hard), subblocks (default 0: the backend's, cpu 1, cuda ~K/48),\n"
    "                        guard (default 0; with subblocks 0 the backend's), metrics\n"
    "                        (float, or int16: 16-bit integer metrics from the LLRs quantized\n"
    "                        to int8 with llr_scale, default 8; max-log only), llr_scale,\n"
    "                        invert, threads, max_batch; decoded on --backend (cuda: the\n"
    "                        CUDA decoder, channel generated on the host)\n"
    "                        e.g. --code lte_turbo:iterations=6,subblocks=128,guard=16\n"
    "                             --frame-bits 6144; --code lte_turbo:metrics=int16\n",
    make_turbo,
});

} // namespace

} // namespace gpufec_ber
