/* gpufec_turbo_cpu_timing: throughput of the CPU turbo decoder (information bits per second).
 * Usage: gpufec_turbo_cpu_timing [K=6144] [iterations=6] [max-log|log-map] [threads=1]
 *                                [blocks=200] [ebn0_db=0.7] [float|int16]
 * int16: 16-bit metrics on the LLRs quantized to int8 with llr_scale 8 (beforehand, untimed).
 * Not installed; docs/turbo.md quotes its output.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lte/core/lte_turbo_map_cpu.h"
#include "skeleton/common/quantize.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

using namespace gr::gpufec;

int main(int argc, char** argv)
{
    try {
        const long K = argc > 1 ? std::atol(argv[1]) : 6144;
        lte_turbo_params p;
        p.iterations = argc > 2 ? std::atoi(argv[2]) : 6;
        p.algorithm = parse_turbo_algorithm(argc > 3 ? argv[3] : "max-log");
        if (p.algorithm == turbo_algorithm::LOG_MAP)
            p.scaling = 1.0f;
        const unsigned threads = argc > 4 ? unsigned(std::atoi(argv[4])) : 1;
        const size_t blocks = argc > 5 ? size_t(std::atol(argv[5])) : 200;
        const double ebn0 = argc > 6 ? std::atof(argv[6]) : 0.7;
        p.metrics = parse_turbo_metrics(argc > 7 ? argv[7] : "float");
        const bool int16 = p.metrics == turbo_metrics::INT16;
        const float llr_scale = 8.0f;

        const auto code = lte_turbo_code::make(K);
        awgn_bpsk_generator gen(code, awgn_noise::from_snr(ebn0, snr_kind::EBN0, code->rate()),
                                soft_output::LLR, 1, backend_kind::CPU);
        std::vector<uint8_t> info(blocks * code->K()), bits(info.size());
        std::vector<float> llr(blocks * code->coded_bits_per_block());
        gen.generate(blocks, info.data(), llr.data());
        std::vector<int8_t> q(int16 ? llr.size() : 0);
        for (size_t i = 0; i < q.size(); ++i)
            q[i] = quantize_llr(llr[i], llr_scale);
        turbo::map_decoder_cpu dec(*code, p, threads);
        const auto run = [&](size_t n) {
            if (int16)
                dec.decode_quantized(q.data(), llr_scale, n, bits.data(), nullptr, nullptr);
            else
                dec.decode(llr.data(), n, bits.data(), nullptr, nullptr);
        };
        run(std::min<size_t>(blocks, 2 * dec.threads())); // warm-up
        const auto t0 = std::chrono::steady_clock::now();
        run(blocks);
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        size_t wrong = 0;
        for (size_t i = 0; i < info.size(); ++i)
            wrong += info[i] != bits[i];
        std::printf("%s, %s, %s metrics, %d iterations, %u thread(s), %zu blocks at %.2f dB: "
                    "%.3f s, %.2f Mbit/s (BER %.2e)\n",
                    code->name().c_str(), turbo_algorithm_name(p.algorithm).c_str(),
                    turbo_metrics_name(p.metrics).c_str(), p.iterations, dec.threads(), blocks, ebn0, s,
                    double(info.size()) / s / 1e6, double(wrong) / double(info.size()));
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "gpufec_turbo_cpu_timing: %s\n", e.what());
        return 2;
    }
}
