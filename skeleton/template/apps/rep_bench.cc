/* Repetition decoding throughput on the CPU: the engine on frames in host memory.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/bench/cases.h"
#include <gnuradio/gpufec/rep/rep.h>
#include <vector>

namespace gpufec_bench {

using namespace gr::gpufec;

void bench_rep(const config& cfg, table& out)
{
    const size_t K = 1024, n = 3, frames = cfg.quick ? 256 : 4096;
    const rep_code_sptr c = rep_code::make(K, n);
    std::vector<float> soft(frames * K * n);
    for (size_t i = 0; i < soft.size(); ++i)
        soft[i] = (i * 7919 % 13) < 6 ? -1.0f : 1.0f;
    std::vector<uint8_t> bits(frames * K);
    for (const auto comb : { rep_combining::SOFT, rep_combining::HARD }) {
        rep_options o;
        o.backend = backend_kind::CPU;
        o.combining = comb;
        rep_decoder_engine dec(c, o);
        double spread = 0;
        const double ms =
            median_cpu_ms([&] { dec.decode_frames(soft.data(), bits.data(), frames); }, cfg, &spread);
        out.add({ "rep", "K=1024 n=3, " + rep_combining_name(comb) + " combining, host memory", "cpu",
                  "Mbit/s", frames * K / ms / 1e3, spread_note(spread) });
    }
}

namespace {
const register_bench registration({ { "rep" }, 90, "rep: the template family's CPU decoder",
                                    bench_rep });
} // namespace

} // namespace gpufec_bench
