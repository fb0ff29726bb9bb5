/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "viterbi_fec_decoder_impl.h"
#include <stdexcept>

namespace gr {
namespace gpufec {

viterbi_fec_decoder::sptr viterbi_fec_decoder::make(
    conv_code_sptr code, const std::string& backend, float llr_scale, bool invert, int device)
{
    return std::make_shared<viterbi_fec_decoder_impl>(
        code, decoder_options::from_parameters(backend, "float", llr_scale, invert, device));
}

viterbi_fec_decoder_impl::viterbi_fec_decoder_impl(conv_code_sptr code,
                                                   const decoder_options& common)
    : d_frames(code, "viterbi_fec_decoder"),
      d_engines(common),
      d_engine(&d_engines.get(d_frames.code()))
{
}

void viterbi_fec_decoder_impl::generic_work(void* inbuffer, void* outbuffer)
{
    // At the first frame, not at construction: GRC makes objects each time it evaluates a
    // definition block.
    if (!d_working) {
        d_logger->info("decoding '{}' on the {} backend", d_frames.code()->name(), backend());
        d_working = true;
    }
    const uint64_t before = d_engine->nonfinite().count;
    d_engine->decode_frames(
        static_cast<const float*>(inbuffer), static_cast<uint8_t*>(outbuffer), 1);
    const uint64_t seen = d_engine->nonfinite().count - before;
    if (seen > 0 && d_nonfinite == 0)
        d_logger->warn("{:d} non-finite soft values in a frame: NaN decodes as an erasure, "
                       "+-Inf as +-127 (nonfinite_count() counts them all)",
                       seen);
    d_nonfinite += seen;
}

/* gr-fec's tagged and async decoders derive a frame's length from its channel values with
 * this rate (less the tail's share, computed from the current frame), as for cc_decoder:
 * information bits per channel bit of the punctured mother code, without tails. */
double viterbi_fec_decoder_impl::rate()
{
    return static_cast<double>(d_frames.period_steps()) /
           static_cast<double>(d_frames.period_sent());
}

int viterbi_fec_decoder_impl::get_input_size()
{
    return static_cast<int>(d_frames.code()->coded_bits_per_block());
}

int viterbi_fec_decoder_impl::get_output_size()
{
    return static_cast<int>(d_frames.code()->frame_bits());
}

/* Floats as they are, not gr-fec's 8-bit offset form ("uchar", 48 x + 128): the engine
 * quantizes with its own scale. */
const char* viterbi_fec_decoder_impl::get_input_conversion() { return "none"; }

bool viterbi_fec_decoder_impl::set_frame_size(unsigned int frame_size)
{
    // The rate arithmetic above finds a punctured frame's length exactly only when the frame
    // is whole puncturing periods; any other length would decode values of another frame.
    const size_t period = d_frames.period_steps();
    if (frame_size % period != 0 && frame_size < d_frames.max_frame_bits())
        throw std::invalid_argument(
            "viterbi_fec_decoder: frame_size = " + std::to_string(frame_size) +
            " is not a whole number of puncturing periods (" + std::to_string(period) +
            " bits each): gr-fec derives a frame's length from its channel values with the "
            "code's rate, which is exact only for whole periods (or frames of the code's " +
            std::to_string(d_frames.max_frame_bits()) + " bits)");
    const bool fits = d_frames.set(frame_size, d_logger);
    d_engine = &d_engines.get(d_frames.code());
    return fits;
}

std::string viterbi_fec_decoder_impl::backend() const
{
    return backend_name(d_engine->backend().kind);
}

} // namespace gpufec
} // namespace gr
