/* gpufec_ber's --channel awgn: BPSK over AWGN, the points being Eb/N0 in dB (Es/N0 = rate
 * Eb/N0, so codes of any rate compare at equal energy per information bit).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "channel_registry.h"
#include <stdexcept>

namespace gpufec_ber {

namespace {

channel_point make_awgn(const std::string& args, double ebn0_db, double rate)
{
    if (!args.empty())
        throw std::invalid_argument("--channel awgn:" + args + ": awgn takes no arguments");
    channel_point p;
    p.channel = "awgn";
    p.value = ebn0_db;
    p.awgn = gr::gpufec::awgn_noise::from_snr(ebn0_db, gr::gpufec::snr_kind::EBN0, rate);
    return p;
}

const register_channel awgn_registration({
    "awgn",
    "  awgn                 BPSK over AWGN; the points (--ebn0) are Eb/N0 in dB\n",
    "Eb/N0 in dB",
    make_awgn,
});

} // namespace

} // namespace gpufec_ber
