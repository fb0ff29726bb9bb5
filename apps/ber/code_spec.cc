/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "code_spec.h"
#include <gnuradio/gpufec/conv_code.h>
#include <gnuradio/gpufec/viterbi.h>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace gpufec_ber {

using namespace gr::gpufec;

std::string code_spec_help()
{
    return "codes (--code):\n"
           "  uncoded            BPSK hard decisions, frames of --frame-bits bits\n"
           "  conv[:KEY=VALUE,...]  convolutional code, soft Viterbi decoding on --backend;\n"
           "                     keys: k (7), polys (octal, ':'-separated: 171:133),\n"
           "                     puncture ('', 2/3, 3/4, 5/6, 7/8 or a 0/1 pattern),\n"
           "                     term (terminated, truncated, tailbiting, streaming),\n"
           "                     scale (LLR to int8 scale, 8); frames of --frame-bits bits\n"
           "                     (term=streaming: each frame is sent as a stream from state 0\n"
           "                     and decoded by the streaming tile decoder with a flush at its\n"
           "                     end; use long frames, e.g. --frame-bits 1048576)\n"
           "  e.g. --code conv:k=7,polys=171:133,puncture=3/4,term=terminated\n";
}

namespace {

code_under_test make_conv(const std::string& spec, size_t frame_bits, backend_kind backend)
{
    int k = 7;
    std::vector<unsigned> polys{ 0171, 0133 };
    std::string puncture, term = "terminated";
    float scale = 8.0f;
    const size_t colon = spec.find(':');
    std::istringstream fields(colon == std::string::npos ? "" : spec.substr(colon + 1));
    for (std::string kv; std::getline(fields, kv, ',');) {
        const size_t eq = kv.find('=');
        if (eq == std::string::npos)
            throw std::invalid_argument("--code " + spec + ": '" + kv + "' is not KEY=VALUE");
        const std::string key = kv.substr(0, eq), value = kv.substr(eq + 1);
        try {
            if (key == "k")
                k = std::stoi(value);
            else if (key == "polys") {
                polys.clear();
                std::istringstream ps(value);
                for (std::string p; std::getline(ps, p, ':');)
                    polys.push_back(static_cast<unsigned>(std::stoul(p, nullptr, 8)));
            } else if (key == "puncture")
                puncture = value;
            else if (key == "term")
                term = value;
            else if (key == "scale")
                scale = std::stof(value);
            else
                throw std::invalid_argument("--code " + spec + ": unknown key '" + key +
                                            "' (k, polys, puncture, term, scale)");
        } catch (const std::logic_error& e) {
            if (dynamic_cast<const std::invalid_argument*>(&e) &&
                std::string(e.what()).rfind("--code", 0) == 0)
                throw;
            throw std::invalid_argument("--code " + spec + ": bad value '" + value + "' for " + key);
        }
    }
    const termination t = parse_termination(term);
    const bool streaming = t == termination::STREAMING;
    // A streaming code has no frames: the simulator's frame is then a stream of frame_bits
    // bits from state 0, i.e. a truncated frame (the pattern restarts with it too), which the
    // streaming (tiled) decoder decodes with a flush at its end.
    auto sent = conv_code::make(k, polys, puncture, streaming ? termination::TRUNCATED : t,
                                frame_bits);
    auto decoded = streaming ? conv_code::make(k, polys, puncture, t) : sent;
    viterbi_options opts;
    opts.backend = backend;
    opts.llr_scale = scale;
    auto engine = std::make_shared<viterbi_decoder_engine>(decoded, opts);
    const size_t soft_per_frame = sent->coded_bits_per_block();
    std::string what = "Viterbi (" + decoded->name() + ") on " + engine->backend().why;
    auto scratch = std::make_shared<std::vector<uint8_t>>();
    auto decode = [engine, streaming, frame_bits, soft_per_frame, scratch](
                      const float* soft, uint8_t* bits, size_t n_frames) {
        if (!streaming) {
            engine->decode_frames(soft, bits, n_frames);
            return;
        }
        for (size_t f = 0; f < n_frames; ++f) {
            engine->push(soft + f * soft_per_frame, soft_per_frame);
            engine->flush();
            if (engine->available() < frame_bits)
                throw std::runtime_error("streaming decoder returned " +
                                         std::to_string(engine->available()) + " bits for a " +
                                         std::to_string(frame_bits) + "-bit frame");
            engine->pull(bits + f * frame_bits, frame_bits);
            // Deleted positions after the frame's last sent value count as received steps:
            // drop their decisions.
            scratch->resize(engine->available());
            engine->pull(scratch->data(), scratch->size());
        }
    };
    return { sent, frame_bits, decode, what };
}

} // namespace

code_under_test make_code(const std::string& spec, size_t frame_bits, backend_kind backend)
{
    if (frame_bits == 0)
        throw std::invalid_argument("--frame-bits 0: a frame needs at least one bit");
    if (spec == "uncoded") {
        return { uncoded(), frame_bits,
                 [frame_bits](const float* soft, uint8_t* bits, size_t n_frames) {
                     for (size_t i = 0; i < n_frames * frame_bits; ++i)
                         bits[i] = soft[i] > 0;
                 },
                 "hard decisions" };
    }
    if (spec == "conv" || spec.rfind("conv:", 0) == 0)
        return make_conv(spec, frame_bits, backend);
    throw std::invalid_argument("--code '" + spec + "' is not known\n" + code_spec_help());
}

} // namespace gpufec_ber
