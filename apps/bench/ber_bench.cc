/* gpufec_ber's GPU-resident loop (group "ber"): random bits, encoding, noise, quantization,
 * decoding and error counting on the device, run by simulate_point exactly as gpufec_ber
 * runs a point. Figures count decoded information bits per second, end to end.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cases.h"
#include <gnuradio/gpufec/core/backend.h>
#include <chrono>
#include <cstdio>
#include <limits>
#include <vector>

#ifdef GPUFEC_HAVE_CUDA
#include "apps/ber/code_registry.h"
#include "apps/ber/simulate.h"
#endif

namespace gpufec_bench {

void bench_ber(const config& cfg, table& out)
{
#ifdef GPUFEC_HAVE_CUDA
    using namespace gpufec_ber;
    using namespace gr::gpufec;
    if (cuda_device_count() == 0)
        return;
    struct bench_case {
        const char* spec;
        double ebn0;
        int log2_bits; //!< bits per run (without --quick)
        const char* name;
    };
    const bench_case cases[] = {
        { "conv:term=streaming", 4.0, 34, "K=7 r1/2 streaming, frames of 2048" },
        { "conv:puncture=3/4,term=streaming", 5.0, 33, "K=7 r3/4 streaming, frames of 2048" },
        { "conv", 4.0, 32, "K=7 r1/2 terminated frames of 2048 (warp kernel)" },
        { "uncoded", 6.0, 34, "uncoded, frames of 2048" },
    };
    const size_t frame_bits = 2048;
    for (const bench_case& b : cases) {
        const code_under_test cut = make_code(b.spec, frame_bits);
        stop_rule rule;
        rule.min_frame_errors = std::numeric_limits<uint64_t>::max();
        rule.max_frames = std::numeric_limits<uint64_t>::max();
        rule.max_bits = uint64_t(1) << (cfg.quick ? 28 : b.log2_bits);
        const channel_point channel = make_channel("awgn").at(b.ebn0, cut.coded->rate());
        std::vector<double> ms;
        point_result r{};
        for (int i = 0; i < cfg.warmup + std::max(1, cfg.repeats); ++i) {
            const auto sim = cut.cuda(sim_setup{ channel, uint64_t(100 + i), 0 }); // allocation untimed
            const auto t0 = std::chrono::steady_clock::now();
            r = simulate_point(*sim, frame_bits, rule);
            const auto t1 = std::chrono::steady_clock::now();
            if (i >= cfg.warmup)
                ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        }
        double spread = 0;
        const double med = median_ms(ms, &spread);
        const double bits = double(r.counts.frames) * frame_bits;
        char note[160];
        std::snprintf(note, sizeof note, "%s, Eb/N0 %.1f dB, 2^%d bits, BER %.3g", spread_note(spread).c_str(),
                      b.ebn0, cfg.quick ? 28 : b.log2_bits, double(r.counts.bit_errors) / bits);
        out.add({ "ber", std::string("gpufec_ber loop, ") + b.name, "cuda", "Gbit/s", bits / med / 1e6, note });
    }
#else
    (void)cfg;
    (void)out;
#endif
}

namespace {
const register_bench registration({ { "ber" }, 90, "ber: gpufec_ber's GPU-resident loop, end to end",
                                    bench_ber });
} // namespace

} // namespace gpufec_bench
