/* gpufec_bench: throughput of gr-gpufec's kernels and engines, printed as one table.
 *
 *   gpufec_bench [--quick] [--only GROUP[,GROUP...]] [--repeats N] [--csv FILE]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bench/cases.h"
#include <gnuradio/gpufec/backend.h>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace {
void usage()
{
    std::cerr << "usage: gpufec_bench [--quick] [--only GROUP[,GROUP...]] [--repeats N] [--csv FILE]\n"
                 "groups: awgn, viterbi, viterbi-tiling, ber, turbo\n";
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
        if (cfg.wants("awgn"))
            gpufec_bench::bench_awgn(cfg, t);
        if (cfg.wants("viterbi") || cfg.wants("viterbi-tiling"))
            gpufec_bench::bench_viterbi(cfg, t);
        if (cfg.wants("ber"))
            gpufec_bench::bench_ber(cfg, t);
        if (cfg.wants("turbo"))
            gpufec_bench::bench_turbo(cfg, t);
        if (!csv.empty())
            t.write_csv(csv);
        t.print(std::cout);
    } catch (const std::exception& e) {
        std::cerr << "gpufec_bench: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
