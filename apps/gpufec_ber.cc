/* gpufec_ber: BER/FER simulation over an Eb/N0 range (gpufec_ber --help; docs/ber.md).
 *
 * Each point simulates frames on one backend until its stopping rule holds (ber/simulate.h);
 * with --backend cuda everything from the random bits to the error counts stays on the GPU.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ber/code_registry.h"
#include "ber/options.h"
#include "ber/progress.h"
#include "ber/report.h"
#include <gnuradio/gpufec/backend.h>
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
    const channel_spec channel = make_channel(o.channel);
    std::string where;
    const simulator_factory make = choose(cut, o.backend, &where);
    const code& c = *cut.coded;
    std::ofstream csv;
    if (!o.csv.empty()) {
        csv.open(o.csv);
        if (!csv)
            throw std::runtime_error("cannot write " + o.csv);
        csv << csv_header(cut.symbols_per_frame > 0);
    }
    std::printf("code: %s, rate %.4f; %s; %s; %s\n", c.name().c_str(), c.rate(), cut.frames.c_str(),
                cut.decoder.c_str(), where.c_str());
    std::printf("%s", table_header(cut.symbols_per_frame > 0).c_str());
    std::fflush(stdout);

    progress_line progress(o.progress || isatty(fileno(stderr)));
    const auto t0 = std::chrono::steady_clock::now();
    uint64_t all_bits = 0;
    const std::vector<double> points = ebn0_points(o);
    for (size_t i = 0; i < points.size(); ++i) {
        const double ebn0 = points[i];
        const sim_setup setup{ channel.at(ebn0, c.rate()), o.seed + i, size_t(o.batch) };
        point_result r;
        {
            const auto sim = make(setup);
            progress.start(ebn0);
            r = simulate_point(*sim, cut.frame_bits, o.stop_at, [&](const frame_counts& so_far) {
                progress.update(so_far, cut.frame_bits, o.stop_at);
            });
        }
        progress.finish();
        all_bits += r.counts.frames * cut.frame_bits;
        std::printf("%s", table_row(ebn0, cut.frame_bits, r, cut.symbols_per_frame).c_str());
        std::fflush(stdout);
        if (csv)
            csv << csv_row(c.name(), ebn0, cut.frame_bits, r, cut.symbols_per_frame) << std::flush;
        const std::string warning = limit_warning(ebn0, o.stop_at, r);
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
