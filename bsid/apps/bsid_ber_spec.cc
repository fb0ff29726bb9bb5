/* --code tvb[:KEY=VALUE,...]: messages of N q-ary symbols of a time-varying block code, sent
 * frame after frame over --channel bsid and decoded by the insertion/deletion MAP decoder
 * (bsid_map_decoder_engine) on --backend, each frame where it truly starts and ends. The
 * channel is drawn on the host, as one stream (frame f is its input bits [f tau, (f+1) tau)).
 * Symbol errors are counted as well as bit and frame errors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/ber/code_registry.h"
#include "apps/ber/parse_number.h"
#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <algorithm>
#include <random>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace gpufec_ber {

namespace {

using namespace gr::gpufec;

/* Received bits per batch the host simulation aims at by default. */
constexpr size_t default_batch_bits = size_t(1) << 18;

class tvb_simulator final : public frame_simulator
{
public:
    tvb_simulator(tvb_code_sptr c, const bsid_map_options& o, const sim_setup& s)
        : m_code(c),
          m_channel(s.channel.bsid_channel(c->name()), s.seed),
          m_engine(c, m_channel.params(), o),
          m_rng(s.seed),
          m_max_batch(s.max_batch_frames ? s.max_batch_frames
                                         : std::max<size_t>(1, default_batch_bits / c->tau()))
    {
    }

    size_t max_batch_frames() const override { return m_max_batch; }
    size_t depth() const override { return 1; }

    void launch(size_t n_frames) override
    {
        const size_t N = m_code->N(), tau = m_code->tau(), b = m_code->bits_per_symbol();
        std::vector<uint32_t> sent(n_frames * N);
        for (auto& s : sent)
            s = uint32_t(m_rng() >> (64 - b));
        std::vector<uint8_t> coded(n_frames * tau);
        m_code->encode_symbols(sent.data(), coded.data(), n_frames);
        const bsid_transmission t = m_channel.transmit(coded.data(), coded.size(), m_next * tau);
        m_next += n_frames;
        // Frames whose own drift leaves the decoder's limits (less likely than the drift
        // threshold) cannot be placed: they are decided as all-zero messages.
        const bsid_drift_limits& lim = m_engine.limits();
        std::vector<uint8_t> received;
        std::vector<size_t> ends, placed;
        for (size_t f = 0; f < n_frames; ++f) {
            const int64_t d0 = t.drift[f * tau], d1 = t.drift[(f + 1) * tau];
            if (d1 - d0 < lim.frame_min || d1 - d0 > lim.frame_max)
                continue;
            const size_t from = size_t(int64_t(f * tau) + d0), to = size_t(int64_t((f + 1) * tau) + d1);
            received.insert(received.end(), t.received.begin() + long(from), t.received.begin() + long(to));
            ends.push_back(received.size());
            placed.push_back(f);
        }
        std::vector<uint32_t> decided(placed.size() * N), all(n_frames * N, 0);
        if (!placed.empty())
            m_engine.decode_frames(received.data(), ends.data(), placed.size(), nullptr, nullptr,
                                   decided.data());
        for (size_t k = 0; k < placed.size(); ++k)
            std::copy_n(decided.begin() + long(k * N), N, all.begin() + long(placed[k] * N));
        m_bit_errors.assign(n_frames, 0);
        m_symbol_errors.assign(n_frames, 0);
        m_counts = frame_counts{ n_frames, 0, 0, 0 };
        for (size_t f = 0; f < n_frames; ++f) {
            for (size_t i = f * N; i < (f + 1) * N; ++i) {
                m_symbol_errors[f] += all[i] != sent[i];
                m_bit_errors[f] += uint32_t(__builtin_popcount(all[i] ^ sent[i]));
            }
            m_counts.bit_errors += m_bit_errors[f];
            m_counts.symbol_errors += m_symbol_errors[f];
            m_counts.frame_errors += m_symbol_errors[f] != 0;
        }
    }

    frame_counts wait() override { return m_counts; }

    void frame_bit_errors(size_t first, size_t n, uint32_t* out) override
    {
        copy_out(m_bit_errors, first, n, out);
    }
    void frame_symbol_errors(size_t first, size_t n, uint32_t* out) override
    {
        copy_out(m_symbol_errors, first, n, out);
    }

private:
    static void copy_out(const std::vector<uint32_t>& v, size_t first, size_t n, uint32_t* out)
    {
        if (first + n > v.size())
            throw std::out_of_range("frame errors: past the batch");
        std::copy_n(v.begin() + long(first), n, out);
    }

    tvb_code_sptr m_code;
    bsid_channel_model m_channel;
    bsid_map_decoder_engine m_engine;
    std::mt19937_64 m_rng; //!< the messages, frame after frame
    size_t m_max_batch;
    uint64_t m_next = 0; //!< frames sent so far
    std::vector<uint32_t> m_bit_errors, m_symbol_errors; //!< per frame of the last batch
    frame_counts m_counts;
};

struct tvb_spec {
    size_t n = 10, q = 32, N = 0; //!< N = 0: --frame-bits / log2(q)
    std::string construction = "random";
    uint64_t seed = 0;
    bsid_map_options opts;
};

tvb_spec parse_spec(const std::string& args)
{
    tvb_spec s;
    std::istringstream fields(args);
    for (std::string kv; std::getline(fields, kv, ',');) {
        const size_t eq = kv.find('=');
        if (eq == std::string::npos)
            throw std::invalid_argument("--code tvb:" + args + ": '" + kv + "' is not KEY=VALUE");
        const std::string key = kv.substr(0, eq), value = kv.substr(eq + 1);
        const std::string what = "--code tvb: " + key;
        if (key == "n")
            s.n = size_t(parse_count(what, value, 1, 32));
        else if (key == "q")
            s.q = size_t(parse_count(what, value, 2, 65536));
        else if (key == "N")
            s.N = size_t(parse_count(what, value, 1, uint64_t(1) << 31));
        else if (key == "construction")
            s.construction = value;
        else if (key == "seed")
            s.seed = parse_count(what, value, 0, UINT64_MAX);
        else if (key == "precision")
            s.opts.precision = parse_bsid_precision(value);
        else if (key == "storage")
            s.opts.storage = parse_bsid_storage(value);
        else if (key == "lattice")
            s.opts.lattice = parse_bsid_lattice(value);
        else if (key == "max_drift")
            s.opts.max_drift = int(parse_count(what, value, 0, 1u << 30));
        else if (key == "threshold")
            s.opts.drift_threshold = parse_real(what, value);
        else
            throw std::invalid_argument("--code tvb: unknown key '" + key +
                                        "' (keys: n, q, N, construction, seed, precision, "
                                        "storage, lattice, max_drift, threshold)");
    }
    s.opts.check();
    return s;
}

code_under_test make_tvb(const std::string& args, size_t frame_bits)
{
    tvb_spec s = parse_spec(args);
    size_t b = 0;
    while ((size_t(1) << b) < s.q)
        ++b;
    if (s.N == 0 && frame_bits == 0) {
        s.N = default_frame_bits / b;
    } else if (s.N == 0) {
        if (frame_bits % b != 0)
            throw std::invalid_argument("--code tvb: --frame-bits " + std::to_string(frame_bits) +
                                        " is not a whole number of symbols of log2(q) = " +
                                        std::to_string(b) + " bits (or give N)");
        s.N = frame_bits / b;
    }
    const tvb_code_sptr c = tvb_code::make(s.n, s.q, s.N, {}, s.construction, s.seed);
    code_under_test cut;
    cut.coded = c;
    cut.channel = "bsid:pi=x,pd=x";
    cut.frame_bits = c->info_bits_per_block();
    cut.symbols_per_frame = c->N();
    cut.frames = "messages of N = " + std::to_string(c->N()) + " symbols, frames of tau = " +
                 std::to_string(c->tau()) + " bits, each decoded where it starts and ends";
    cut.decoder = "BSID MAP (" + bsid_precision_name(s.opts.precision) + ", " +
                  bsid_lattice_name(s.opts.lattice) + " lattice" +
                  "), drift limits " + (s.opts.max_drift < 0 ? "derived per point" : "+-" + std::to_string(s.opts.max_drift)) +
                  "; channel drawn on the host";
    const auto simulator = [c, s](backend_kind kind) {
        return [c, s, kind](const sim_setup& setup) -> std::unique_ptr<frame_simulator> {
            bsid_map_options o = s.opts;
            o.backend = kind;
            return std::make_unique<tvb_simulator>(c, o, setup);
        };
    };
    cut.cpu = simulator(backend_kind::CPU);
    if (built_with_cuda())
        cut.cuda = simulator(backend_kind::CUDA);
    return cut;
}

const register_code_family registration({
    "tvb",
    "  tvb[:KEY=VALUE,...]  time-varying block code over --channel bsid (default\n"
    "                        bsid:pi=x,pd=x), decoded by the insertion/deletion MAP decoder on\n"
    "                        --backend; keys: n (codeword bits, default 10), q (symbols,\n"
    "                        default 32), N (symbols per message, default --frame-bits / log2 q,\n"
    "                        without --frame-bits the whole symbols in 2048 bits), construction\n"
    "                        (random, watermark, marker), seed (of the construction), precision\n"
    "                        (float, double), storage (auto, global, local), lattice (corridor,\n"
    "                        pooled), max_drift (default: derived), threshold (drift\n"
    "                        threshold, default 1e-10); SER too\n"
    "                        e.g. --code tvb:n=10,q=32,N=210,construction=watermark\n"
    "                             --channel bsid:pi=x,pd=x --points 0.002:0.01:0.002\n",
    make_tvb,
});

} // namespace

} // namespace gpufec_ber
