/* --code lte_turbo[:KEY=VALUE,...]: LTE turbo code blocks (K = --frame-bits, one of the 188
 * sizes) decoded by lte_turbo_decoder_engine. The channel is generated on the host; with
 * --backend cuda the blocks are decoded by the CUDA backend (the same decisions for max-log).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/ber/code_registry.h"
#include "apps/ber/cpu_simulator.h"
#include "apps/ber/parse_number.h"
#include <gnuradio/gpufec/lte/lte_turbo.h>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace gpufec_ber {

namespace {

using namespace gr::gpufec;

class turbo_soft_decoder final : public soft_decoder
{
public:
    turbo_soft_decoder(lte_turbo_code_sptr c, const lte_turbo_options& o) : m_engine(c, o) {}

    void push(const float* soft, size_t n_blocks) override
    {
        const size_t held = m_ready.size();
        m_ready.resize(held + n_blocks * m_engine.bits_per_frame());
        m_engine.decode_frames(soft, m_ready.data() + held, n_blocks);
    }

    size_t pull(uint8_t* bits, size_t max) override
    {
        const size_t n = std::min(max, m_ready.size());
        std::copy_n(m_ready.begin(), n, bits);
        m_ready.erase(m_ready.begin(), m_ready.begin() + n);
        return n;
    }

private:
    lte_turbo_decoder_engine m_engine;
    std::vector<uint8_t> m_ready; //!< decoded, not yet pulled
};

lte_turbo_params parse_spec(const std::string& args)
{
    int iterations = lte_turbo_params().iterations;
    std::string algorithm = turbo_algorithm_name(lte_turbo_params().algorithm);
    float scaling = lte_turbo_params().scaling;
    std::string stop = early_stop_name(lte_turbo_params().stop);
    int P = int(lte_turbo_params().subblocks), g = int(lte_turbo_params().guard);
    std::string metrics = turbo_metrics_name(lte_turbo_params().metrics);
    std::istringstream fields(args);
    for (std::string kv; std::getline(fields, kv, ',');) {
        const size_t eq = kv.find('=');
        if (eq == std::string::npos)
            throw std::invalid_argument("--code lte_turbo:" + args + ": '" + kv + "' is not KEY=VALUE");
        const std::string key = kv.substr(0, eq), value = kv.substr(eq + 1);
        const std::string what = "--code lte_turbo: " + key;
        if (key == "it")
            iterations = int(parse_count(what, value, 1, 32));
        else if (key == "alg")
            algorithm = value;
        else if (key == "scaling")
            scaling = float(parse_real(what, value));
        else if (key == "stop")
            stop = value;
        else if (key == "P")
            P = int(parse_count(what, value, 1, 6144));
        else if (key == "g")
            g = int(parse_count(what, value, 0, 6144));
        else if (key == "metrics")
            metrics = value;
        else
            throw std::invalid_argument("--code lte_turbo: unknown key '" + key +
                                        "' (keys: it, alg, scaling, stop, P, g, metrics)");
    }
    return lte_turbo_params::from_parameters(iterations, algorithm, scaling, stop, P, g, metrics);
}

code_under_test make_turbo(const std::string& args, size_t frame_bits)
{
    if (frame_bits == 0)
        frame_bits = default_frame_bits;
    const lte_turbo_params params = parse_spec(args);
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
    const auto simulator = [c, params](backend_kind b) {
        return [c, params, b](const sim_setup& setup) {
            decoder_options common;
            common.backend = b;
            return make_cpu_simulator(
                c, c->K(), setup,
                std::make_unique<turbo_soft_decoder>(c, lte_turbo_options(common, params)));
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
    "                        keys: it (iterations, default 6), alg (max-log, log-map),\n"
    "                        scaling (extrinsic, default 0.75), stop (none, crc, hard),\n"
    "                        P (sub-blocks; default 0: the backend's, cpu 1, cuda ~K/48),\n"
    "                        g (guard steps, default 0; with P = 0 the backend's), metrics\n"
    "                        (float, or int16: 16-bit integer metrics from the LLRs quantized\n"
    "                        to int8 with the LLR scale 8; max-log only); decoded on --backend\n"
    "                        (cuda: the CUDA decoder, channel generated on the host)\n"
    "                        e.g. --code lte_turbo:it=6,P=128,g=16 --frame-bits 6144\n"
    "                             --code lte_turbo:metrics=int16 --frame-bits 1024\n",
    make_turbo,
});

} // namespace

} // namespace gpufec_ber
