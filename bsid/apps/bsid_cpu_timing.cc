/* gpufec_bsid_cpu_timing: throughput of the CPU insertion/deletion MAP decoder (information
 * bits per second) on frames sent through the seeded BSID channel.
 * Usage: gpufec_bsid_cpu_timing [n=10] [q=32] [N=100] [p=0.01] [threads=1] [frames=20]
 *                               [float|double] [ps=0] [corridor|pooled]
 * p is both P_i and P_d. Not installed; docs/bsid.md quotes its output.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <random>
#include <string>

using namespace gr::gpufec;

int main(int argc, char** argv)
{
    try {
        const size_t n = argc > 1 ? size_t(std::atol(argv[1])) : 10;
        const size_t q = argc > 2 ? size_t(std::atol(argv[2])) : 32;
        const size_t N = argc > 3 ? size_t(std::atol(argv[3])) : 100;
        const double p = argc > 4 ? std::atof(argv[4]) : 0.01;
        bsid_map_options o;
        o.backend = backend_kind::CPU;
        o.threads = argc > 5 ? unsigned(std::atoi(argv[5])) : 1;
        const size_t frames = argc > 6 ? size_t(std::atol(argv[6])) : 20;
        o.precision = parse_bsid_precision(argc > 7 ? argv[7] : "float");
        const double ps = argc > 8 ? std::atof(argv[8]) : 0.0;
        o.lattice = parse_bsid_lattice(argc > 9 ? argv[9] : "corridor");

        const auto code = tvb_code::make(n, q, N, {}, "random", 1);
        bsid_params ch;
        ch.pi = ch.pd = p;
        ch.ps = ps;
        bsid_map_decoder_engine dec(code, ch, o);
        std::mt19937 g(1);
        std::vector<uint32_t> sym(frames * N), out(frames * N);
        for (auto& s : sym)
            s = static_cast<uint32_t>(g() % q);
        std::vector<uint8_t> sent(frames * code->tau());
        code->encode_symbols(sym.data(), sent.data(), frames);
        const bsid_channel_model model(ch, 1);
        std::vector<uint8_t> rx;
        std::vector<size_t> ends;
        const bsid_drift_limits& l = dec.limits();
        for (size_t f = 0; f < frames; ++f) {
            auto tx = model.transmit(sent.data() + f * code->tau(), code->tau(), f * code->tau());
            const long d = long(tx.received.size()) - long(code->tau());
            if (d < l.frame_min || d > l.frame_max) { // beyond the limits: this frame again
                tx = model.transmit(sent.data() + f * code->tau(), code->tau(), (f + frames) * code->tau());
            }
            rx.insert(rx.end(), tx.received.begin(), tx.received.end());
            ends.push_back(rx.size());
        }
        const auto t0 = std::chrono::steady_clock::now();
        dec.decode_frames(rx.data(), ends.data(), frames, nullptr, nullptr, out.data());
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        size_t wrong = 0;
        for (size_t i = 0; i < sym.size(); ++i)
            wrong += sym[i] != out[i];
        const double bits = double(frames * N * code->bits_per_symbol());
        std::printf("%s, P_i = P_d = %g, P_s = %g, %s, drift limits [%d, %d] / [%d, %d], "
                    "%s lattice, %u thread(s), %zu frames: %.3f s, %.4f Mbit/s (SER %.2e)\n",
                    code->name().c_str(), p, ps, bsid_precision_name(o.precision).c_str(),
                    l.frame_min, l.frame_max, l.symbol_min, l.symbol_max, bsid_lattice_name(o.lattice).c_str(),
                    o.threads, frames, s,
                    bits / s / 1e6, double(wrong) / double(sym.size()));
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "gpufec_bsid_cpu_timing: %s\n", e.what());
        return 2;
    }
}
