/* --code conv[:KEY=VALUE,...]: convolutional codes with soft Viterbi decoding.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/ber/code_registry.h"
#include "apps/ber/cpu_simulator.h"
#include "apps/ber/parse_number.h"
#include <gnuradio/gpufec/conv/conv_code.h>
#include <gnuradio/gpufec/conv/viterbi.h>
#include <sstream>
#include <stdexcept>
#include <vector>
#ifdef GPUFEC_HAVE_CUDA
#include "apps/ber/gpu_pipelines.h"
#endif

namespace gpufec_ber {

namespace {

using namespace gr::gpufec;

/* The engine on the CPU: whole frames for framed codes, the stream for streaming ones (never
 * flushed: the stream is endless, and each bit comes out once its tile is complete). */
class viterbi_soft_decoder final : public soft_decoder
{
public:
    viterbi_soft_decoder(conv_code_sptr c, float llr_scale)
        : m_code(c), m_engine(c, options(llr_scale))
    {
    }

    void push(const float* soft, size_t n_blocks) override
    {
        if (m_code->term() == termination::STREAMING) {
            m_engine.push(soft, n_blocks * m_code->coded_bits_per_block());
            return;
        }
        const size_t held = m_ready.size();
        m_ready.resize(held + n_blocks * m_code->frame_bits());
        m_engine.decode_frames(soft, m_ready.data() + held, n_blocks);
    }

    size_t pull(uint8_t* bits, size_t max) override
    {
        if (m_code->term() == termination::STREAMING)
            return m_engine.pull(bits, max);
        const size_t n = std::min(max, m_ready.size());
        std::copy_n(m_ready.begin(), n, bits);
        m_ready.erase(m_ready.begin(), m_ready.begin() + n);
        return n;
    }

private:
    static viterbi_options options(float llr_scale)
    {
        viterbi_options o;
        o.backend = backend_kind::CPU;
        o.llr_scale = llr_scale;
        return o;
    }

    conv_code_sptr m_code;
    viterbi_decoder_engine m_engine;
    std::vector<uint8_t> m_ready; //!< framed codes: decoded, not yet pulled
};

struct conv_spec {
    int k = 7;
    std::vector<int> polys{ 0171, 0133 }; //!< negative: an inverted output
    std::string preset;                    //!< a conv_code::preset name, instead of k and polys
    bool custom = false;                   //!< k or polys given
    std::string puncture;
    termination term = termination::TERMINATED;
    float scale = 8.0f;
};

conv_spec parse_spec(const std::string& args)
{
    conv_spec s;
    std::istringstream fields(args);
    for (std::string kv; std::getline(fields, kv, ',');) {
        const size_t eq = kv.find('=');
        if (eq == std::string::npos)
            throw std::invalid_argument("--code conv:" + args + ": '" + kv + "' is not KEY=VALUE");
        const std::string key = kv.substr(0, eq), value = kv.substr(eq + 1);
        const std::string what = "--code conv: " + key;
        if (key == "k") {
            s.k = int(parse_count(what, value, 3, 9));
            s.custom = true;
        } else if (key == "polys") {
            // The code's own syntax (conv_code.h: parse_polys), ':' between generators.
            try {
                s.polys = parse_polys(value, polys_order::OCTAL);
            } catch (const std::invalid_argument& e) {
                throw std::invalid_argument(what + " " + value + ": " + e.what());
            }
            s.custom = true;
        } else if (key == "preset")
            s.preset = value;
        else if (key == "puncture")
            s.puncture = value;
        else if (key == "termination" || key == "term")
            s.term = parse_termination(value);
        else if (key == "llr_scale" || key == "scale") {
            const double v = parse_real(what, value);
            if (!(v > 0) || v > 1e6)
                throw std::invalid_argument(what + " " + value + ": expected a scale in (0, 1e6]");
            s.scale = float(v);
        } else
            throw std::invalid_argument("--code conv: unknown key '" + key +
                                        "' (keys: preset, k, polys, puncture, termination, llr_scale; old names term, scale)");
    }
    if (!s.preset.empty() && s.custom)
        throw std::invalid_argument("--code conv:" + args + ": a preset fixes k and polys: give "
                                    "either preset or k and polys");
    return s;
}

code_under_test make_conv(const std::string& args, size_t frame_bits)
{
    if (frame_bits == 0)
        frame_bits = default_frame_bits;
    const conv_spec s = parse_spec(args);
    const conv_code_sptr c = s.preset.empty()
                                 ? conv_code::make_signed(s.k, s.polys, s.puncture, s.term, frame_bits)
                                 : conv_code::preset(s.preset, s.puncture, s.term, frame_bits);
    const bool streaming = s.term == termination::STREAMING;
    const viterbi_tiling t = viterbi_tiling::defaults(*c);
    code_under_test cut;
    cut.coded = c;
    cut.frame_bits = frame_bits;
    cut.frames = streaming ? "consecutive " + std::to_string(frame_bits) +
                                 "-bit pieces of one endless stream from state 0"
                           : "frames of " + std::to_string(frame_bits) + " bits";
    cut.decoder = streaming ? "Viterbi in tiles of " + std::to_string(t.payload) + " steps (warm-up " +
                                  std::to_string(t.before) + ", traceback " + std::to_string(t.after) + ")"
                            : "Viterbi over whole frames";
    const float scale = s.scale;
    cut.cpu = [c, frame_bits, scale](const sim_setup& setup) {
        return make_cpu_simulator(c, frame_bits, setup,
                                  std::make_unique<viterbi_soft_decoder>(c, scale));
    };
#ifdef GPUFEC_HAVE_CUDA
    cut.cuda = [c, frame_bits, scale](const sim_setup& setup) {
        return make_conv_gpu(c, frame_bits, scale, setup);
    };
#endif
    return cut;
}

const register_code_family registration({
    "conv",
    "  conv[:KEY=VALUE,...]  convolutional code, soft Viterbi decoding; keys:\n"
    "                        k (3..9, default 7), polys (octal, ':'-separated, default 171:133;\n"
    "                        ~133 or -133: that output inverted),\n"
    "                        preset (instead of k and polys: ccsds, nasa-dsn, 802.11, dvb, lte),\n"
    "                        puncture ('' (default), 2/3, 3/4, 5/6, 7/8 or a 0/1 pattern; with a\n"
    "                        preset, a rate its standard defines),\n"
    "                        termination (terminated (default), truncated, tailbiting,\n"
    "                        streaming), llr_scale (LLR to int8 factor, default 8): the\n"
    "                        names of the block's options (term and scale still read)\n"
    "                        e.g. conv:k=7,polys=171:133,puncture=3/4,termination=streaming\n"
    "                             conv:preset=ccsds,termination=streaming\n",
    make_conv,
});

} // namespace

} // namespace gpufec_ber
