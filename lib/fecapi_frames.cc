/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "fecapi_frames.h"
#include <algorithm>
#include <stdexcept>

namespace gr {
namespace gpufec {

fecapi_frames::fecapi_frames(conv_code_sptr code, const std::string& what)
    : d_what(what), d_max(code), d_code(code)
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

bool fecapi_frames::refuse(const std::string& why)
{
    d_refused = true;
    d_drop_logged = false;
    d_why = why;
    return false;
}

void fecapi_frames::drop(const gr::logger_ptr& logger)
{
    if (d_drop_logged)
        return;
    d_drop_logged = true;
    logger->warn("{}: dropped a frame: {}", d_what, d_why);
}

int fecapi_frames::input_size(bool decoder) const
{
    if (d_refused)
        return 1;
    return static_cast<int>(decoder ? d_code->coded_bits_per_block() : d_code->frame_bits());
}

int fecapi_frames::output_size(bool decoder) const
{
    if (d_refused)
        return 0;
    return static_cast<int>(decoder ? d_code->frame_bits() : d_code->coded_bits_per_block());
}

size_t fecapi_frames::period_sent() const
{
    const auto& p = d_max->puncture_pattern();
    return static_cast<size_t>(std::count(p.begin(), p.end(), 1));
}

} // namespace gpufec
} // namespace gr
