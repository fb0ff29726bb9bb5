/* gpufec_ber: BER/FER simulation over a range of channel points, Eb/N0 for AWGN (gpufec_ber
 * --help; docs/ber.md).
 *
 * Each point simulates frames on one backend until its stopping rule holds (ber/simulate.h);
 * with --backend cuda everything from the random bits to the error counts stays on the GPU.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/ber/code_registry.h"
#include "apps/ber/options.h"
#include "apps/ber/progress.h"
#include "apps/ber/report.h"
#include <gnuradio/gpufec/core/backend.h>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <unistd.h>

using namespace gpufec_ber;
using namespace gr::gpufec;

namespace {

/* The simulation to run and what to call it: the GPU-resident one where the backend is CUDA
 * and the code has one. */
simulator_factory choose(const code_under_test& cut, const std::string& backend, std::string* what)
{
    const backend_kind requested = parse_backend(backend);
    const backend_choice b = resolve_backend(requested);
    if (b.kind == backend_kind::CUDA && cut.cuda) {
        *what = b.why + ", on the GPU";
        return cut.cuda;
    }
    if (b.kind == backend_kind::CUDA && requested == backend_kind::CUDA)
        throw std::invalid_argument("--backend cuda: '" + cut.coded->name() +
                                    "' has no GPU-resident simulation (use --backend cpu)");
    *what = b.kind == backend_kind::CUDA ? "backend cpu (the code has no GPU-resident simulation)"
                                         : b.why;
    return cut.cpu;
}

void run(const options& o)
{
    const code_under_test cut = make_code(o.code, o.frame_bits);
    const std::string channel_text = o.channel.empty() ? cut.channel : o.channel;
    const channel_spec channel = make_channel(channel_text);
    const report_format format{ channel.axis(), cut.symbols_per_frame };
    const code& c = *cut.coded;
    const std::vector<double> points = sweep_points(o.points.value_or(format.axis.defaults));
    // Every point's channel is checked before the first point runs.
    for (const double v : points) {
        try {
            channel.at(v, c.rate());
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(format.axis.point(v) + ": " + e.what());
        }
    }
    std::string where;
    const simulator_factory make = choose(cut, o.backend, &where);
    std::ofstream csv;
    if (!o.csv.empty()) {
        csv.open(o.csv);
        if (!csv)
            throw std::runtime_error("cannot write " + o.csv);
        csv << csv_header(format);
    }
    std::printf("code: %s, rate %.4f; %s; %s; channel %s; %s\n", c.name().c_str(), c.rate(),
                cut.frames.c_str(), cut.decoder.c_str(), channel_text.c_str(), where.c_str());
    std::printf("%s", table_header(format).c_str());
    std::fflush(stdout);

    progress_line progress(o.progress || isatty(fileno(stderr)));
    const auto t0 = std::chrono::steady_clock::now();
    uint64_t all_bits = 0;
    for (size_t i = 0; i < points.size(); ++i) {
        const double value = points[i];
        const sim_setup setup{ channel.at(value, c.rate()), o.seed + i, size_t(o.batch) };
        point_result r;
        {
            const auto sim = make(setup);
            progress.start(format.axis.point(value));
            r = simulate_point(*sim, cut.frame_bits, o.stop_at, [&](const frame_counts& so_far) {
                progress.update(so_far, cut.frame_bits, o.stop_at);
            });
        }
        progress.finish();
        all_bits += r.counts.frames * cut.frame_bits;
        std::printf("%s", table_row(format, value, cut.frame_bits, r).c_str());
        std::fflush(stdout);
        if (csv)
            csv << csv_row(format, c.name(), value, cut.frame_bits, r) << std::flush;
        const std::string warning = limit_warning(format.axis, value, o.stop_at, r);
        if (!warning.empty())
            std::fprintf(stderr, "gpufec_ber: %s\n", warning.c_str());
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::fprintf(stderr, "gpufec_ber: %.4g bits in %.3g s (%.3g Gbit/s)\n", double(all_bits), s,
                 double(all_bits) / s / 1e9);
}

} // namespace

int main(int argc, char** argv)
{
    try {
        const options o = parse_options(std::vector<std::string>(argv + 1, argv + argc));
        if (o.help) {
            std::cout << usage();
            return 0;
        }
        run(o);
    } catch (const std::invalid_argument& e) {
        std::cerr << "gpufec_ber: " << e.what() << "\n(gpufec_ber --help lists the options)\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "gpufec_ber: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
