/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "conv_fecapi_frames.h"
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace gr {
namespace gpufec {

bool fecapi_refusal::refuse(const std::string& why)
{
    d_refused = true;
    d_drop_logged = false;
    d_why = why;
    return false;
}

void fecapi_refusal::drop(const gr::logger_ptr& logger)
{
    if (d_drop_logged)
        return;
    d_drop_logged = true;
    logger->warn("{}: dropped a frame: {}", d_what, d_why);
}

namespace {

/* m >= 2 when a packet of m frames of the longest length gives @p frame_size through gr-fec's
 * arithmetic (fecapi_decoder_sizes), the tail's share @p diff as gr-fec computes it; else 0. */
size_t whole_frames(unsigned frame_size, const fecapi_decoder_sizes& s, int diff)
{
    const double per_frame = static_cast<double>(s.max_frame_values);
    const double m0 = std::floor((static_cast<double>(frame_size) + diff) / (per_frame * s.rate));
    for (double m = std::max(2.0, m0 - 1); m <= m0 + 1; ++m)
        if (static_cast<long long>(m * per_frame * s.rate - diff) ==
            static_cast<long long>(frame_size))
            return static_cast<size_t>(m);
    return 0;
}

} // namespace

fecapi_request fecapi_decoder_request(unsigned frame_size, const fecapi_decoder_sizes& s)
{
    const int diff = static_cast<int>(s.rate * s.input_size - s.output_size);
    const std::string request = "frame_size = " + std::to_string(frame_size);
    fecapi_request r;
    if (frame_size == 0 || frame_size > static_cast<unsigned>(std::numeric_limits<int>::max())) {
        r.refusal = request + ": a PDU too short for a frame of at least one bit and its tail "
                              "(gr-fec's length arithmetic wraps around below 0)";
    } else if (frame_size > s.max_frame_bits) {
        // GNU Radio 3.10.5's tagged_decoder asks for round(values x rate()), no tail taken
        // off: above the longest frame for a frame of that length, which gr-fec's answer
        // (false, that frame) decodes. (async_decoder would ask so for a PDU one tail longer.)
        const bool untailed = frame_size == static_cast<unsigned>(std::lround(
                                                static_cast<double>(s.max_frame_values) * s.rate));
        r.whole_frames = untailed ? 1 : whole_frames(frame_size, s, diff);
        if (r.whole_frames == 0)
            r.refusal = request + " is longer than the object's frame of " +
                        std::to_string(s.max_frame_bits) + " bits, and no whole number of its " +
                        "frames (" + std::to_string(s.max_frame_values) +
                        " values each) gives that length";
    } else if (frame_size % s.period_steps != 0) {
        r.refusal = request + " is not a whole number of puncturing periods (" +
                    std::to_string(s.period_steps) +
                    " bits each): gr-fec derives a frame's length from its channel values with "
                    "the code's rate, which is exact only for whole periods (or frames of the "
                    "code's " + std::to_string(s.max_frame_bits) + " bits)";
    }
    return r;
}

std::string fecapi_encoder_refusal(unsigned frame_size, size_t max_frame_bits)
{
    if (frame_size == 0)
        return "frame_size = 0: a frame has 1 to " + std::to_string(max_frame_bits) +
               " information bits";
    if (frame_size > max_frame_bits && frame_size % max_frame_bits != 0)
        return "frame_size = " + std::to_string(frame_size) + " is longer than the object's " +
               "frame of " + std::to_string(max_frame_bits) +
               " bits and not a whole number of its frames";
    return "";
}

fecapi_frames::fecapi_frames(conv_code_sptr code, const std::string& what)
    : fecapi_refusal(what), d_max(code), d_code(code)
{
    if (!code)
        throw std::invalid_argument(
            "code is None: pass a framed convolutional code, e.g. "
            "gpufec.conv_code(7, [0o171, 0o133], termination='terminated')");
    if (code->term() == termination::STREAMING)
        throw std::invalid_argument(
            what + ": code '" + code->name() +
            "' is streaming, but gr-fec's encoder and decoder objects work on whole frames: "
            "use a terminated, truncated or tailbiting code (or gpufec.conv_encoder and "
            "gpufec.viterbi_decoder, which take streams)");
}

bool fecapi_frames::set(unsigned frame_bits, const gr::logger_ptr& logger)
{
    if (frame_bits == 0) // the callers refuse it first
        throw std::logic_error("fecapi_frames::set(0)");
    resume();
    const bool fits = frame_bits <= max_frame_bits();
    if (!fits)
        logger->info("tried to set frame to {:d} bits; max possible is {:d}", frame_bits,
                     max_frame_bits());
    const size_t bits = fits ? frame_bits : max_frame_bits();
    if (bits != d_code->frame_bits())
        d_code = bits == d_max->frame_bits() ? d_max : conv_code_with_frame_bits(*d_max, bits);
    return fits;
}

int fecapi_frames::input_size(bool decoder) const
{
    if (refused())
        return refused_input_size;
    return static_cast<int>(decoder ? d_code->coded_bits_per_block() : d_code->frame_bits());
}

int fecapi_frames::output_size(bool decoder) const
{
    if (refused())
        return refused_output_size;
    return static_cast<int>(decoder ? d_code->frame_bits() : d_code->coded_bits_per_block());
}

size_t fecapi_frames::period_sent() const
{
    const auto& p = d_max->puncture_pattern();
    return static_cast<size_t>(std::count(p.begin(), p.end(), 1));
}

} // namespace gpufec
} // namespace gr
