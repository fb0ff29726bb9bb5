/* gpufec_ber's --channel awgn: BPSK over AWGN, the points being Eb/N0 in dB (Es/N0 = rate
 * Eb/N0, so codes of any rate compare at equal energy per information bit).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/ber/channel_registry.h"
#include <cmath>
#include <stdexcept>

namespace gpufec_ber {

namespace {

void no_arguments(const std::string& args)
{
    if (!args.empty())
        throw std::invalid_argument("--channel awgn:" + args + ": awgn takes no arguments");
}

channel_point make_awgn(const std::string& args, double ebn0_db, double rate)
{
    no_arguments(args);
    channel_point p;
    p.channel = "awgn";
    p.value = ebn0_db;
    p.awgn = gr::gpufec::awgn_noise::from_snr(ebn0_db, gr::gpufec::snr_kind::EBN0, rate);
    return p;
}

/* The column name and its unit are those of every earlier CSV (and the plot reads them). */
point_axis awgn_axis(const std::string& args)
{
    no_arguments(args);
    return { "Eb/N0", "dB", "ebn0_db",
             // uncoded BPSK: Q(sqrt(2 Eb/N0))
             [](double ebn0_db) { return 0.5 * std::erfc(std::sqrt(std::pow(10.0, ebn0_db / 10))); },
             { 0, 8, 1 } };
}

const register_channel awgn_registration({
    "awgn",
    "  awgn                 BPSK over AWGN; the points (--ebn0) are Eb/N0 in dB (default 0:8:1)\n",
    awgn_axis,
    make_awgn,
});

} // namespace

} // namespace gpufec_ber
