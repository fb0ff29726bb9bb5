/* gpufec_bench: throughput of gr-gpufec's kernels and engines, printed as one table.
 *
 *   gpufec_bench [--quick] [--only GROUP[,GROUP...]] [--repeats N] [--csv FILE]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/bench/cases.h"
#include <gnuradio/gpufec/core/backend.h>
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace {
void usage()
{
    std::cerr << "usage: gpufec_bench [--quick] [--only GROUP[,GROUP...]] [--repeats N] [--csv FILE]\n"
                 "groups:\n";
    for (const auto* g : gpufec_bench::bench_groups())
        std::cerr << "  " << g->help << "\n";
}
} // namespace

int main(int argc, char** argv)
{
    gpufec_bench::config cfg;
    std::string csv;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                usage();
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--quick")
            cfg.quick = true;
        else if (a == "--only") {
            std::stringstream ss(value());
            for (std::string g; std::getline(ss, g, ',');)
                cfg.only.push_back(g);
        } else if (a == "--repeats")
            cfg.repeats = std::atoi(value().c_str());
        else if (a == "--csv")
            csv = value();
        else {
            usage();
            return a == "--help" ? 0 : 2;
        }
    }
    try {
        const int devices = gr::gpufec::cuda_device_count();
        std::cout << "gpufec_bench: " << (devices ? gr::gpufec::cuda_device_name(0) : "no CUDA device")
                  << ", median of " << cfg.repeats << " runs after " << cfg.warmup << " warm-up\n";
        gpufec_bench::table t;
        for (const auto* g : gpufec_bench::bench_groups())
            if (std::any_of(g->names.begin(), g->names.end(),
                            [&](const std::string& n) { return cfg.wants(n); }))
                g->run(cfg, t);
        if (!csv.empty())
            t.write_csv(csv);
        t.print(std::cout);
    } catch (const std::exception& e) {
        std::cerr << "gpufec_bench: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
