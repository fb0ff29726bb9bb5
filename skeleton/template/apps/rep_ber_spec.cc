/* --code rep[:KEY=VALUE,...]: frames of K = --frame-bits bits, each sent n times, decoded by
 * rep_decoder_engine on the host.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/ber/code_registry.h"
#include "apps/ber/cpu_simulator.h"
#include "apps/ber/parse_number.h"
#include <gnuradio/gpufec/rep/rep.h>
#include <stdexcept>

namespace gpufec_ber {

namespace {

using namespace gr::gpufec;

/* The number of copies is a key of its own ("n=3"); the rest are rep_options (rep_options.yml). */
code_under_test make_rep(const std::string& args, size_t frame_bits)
{
    if (frame_bits == 0)
        frame_bits = default_frame_bits;
    uint64_t n = 3;
    std::string options;
    for (size_t at = 0; at < args.size();) {
        const size_t end = std::min(args.find(',', at), args.size());
        const std::string item = args.substr(at, end - at);
        if (item.rfind("n=", 0) == 0)
            n = parse_count("--code rep: n", item.substr(2), 1, 1u << 20);
        else
            options += (options.empty() ? "" : ",") + item;
        at = end + 1;
    }
    rep_options opts;
    try {
        opts = rep_options::from_spec(options);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("--code rep:" + args + ": " + e.what());
    }
    refuse_tool_options(opts, "rep");
    const rep_code_sptr c =
        rep_code::make(static_cast<long long>(frame_bits), static_cast<long long>(n));
    code_under_test cut;
    cut.coded = c;
    cut.frame_bits = frame_bits;
    cut.frames = "frames of K = " + std::to_string(frame_bits) + " bits (--frame-bits)";
    cut.decoder = rep_combining_name(opts.combining) + " combining of " + std::to_string(n) +
                  " copies";
    cut.cpu = [c, opts](const sim_setup& setup) {
        rep_options o = opts;
        o.backend = backend_kind::CPU;
        return make_cpu_simulator(c, c->K(), setup,
                                  frame_soft_decoder(std::make_unique<rep_decoder_engine>(c, o)));
    };
    return cut;
}

const register_code_family registration({
    "rep",
    "  rep[:n=N,KEY=VALUE,...]  frames of K = --frame-bits bits, each sent N times (default\n"
    "                        3); keys: the decoder's options (gpufec.rep_options): combining\n"
    "                        (soft: the summed LLRs, hard: a majority vote); decoded on the CPU\n"
    "                        e.g. --code rep:n=5,combining=hard\n",
    make_rep,
});

} // namespace

} // namespace gpufec_ber
