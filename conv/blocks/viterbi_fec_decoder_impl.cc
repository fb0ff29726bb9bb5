/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "viterbi_fec_decoder_impl.h"

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
      d_llr_scale(common.llr_scale),
      d_engine(&d_engines.get(d_frames.code()))
{
}

void viterbi_fec_decoder_impl::generic_work(void* inbuffer, void* outbuffer)
{
    if (d_frames.refused()) {
        d_frames.drop(d_logger);
        return;
    }
    // At the first frame, not at construction: GRC makes objects each time it evaluates a
    // definition block.
    if (!d_working) {
        d_logger->info("decoding '{}' on the {} backend", d_frames.code()->name(), backend());
        d_working = true;
    }
    const nonfinite_report before = d_engine->nonfinite();
    d_engine->decode_frames(
        static_cast<const float*>(inbuffer), static_cast<uint8_t*>(outbuffer), 1);
    const nonfinite_report after = d_engine->nonfinite();
    const uint64_t seen = after.count - before.count;
    if (seen > 0 && d_nonfinite == 0)
        d_logger->warn("{:d} non-finite soft values in a frame: NaN decodes as an erasure, "
                       "+-Inf as +-127 (nonfinite_count() counts them all)",
                       seen);
    d_nonfinite += seen;
    if (after.erased_batches > before.erased_batches && !d_warned_erased) {
        d_warned_erased = true;
        d_logger->warn("llr_scale = {} quantized every finite nonzero soft value of a frame to "
                       "0, an erasure: the input is far smaller than llr_scale expects "
                       "(|x| * llr_scale < 0.5), so the decoder sees nothing; raise llr_scale "
                       "(docs/conventions.md). This warning is shown once",
                       d_llr_scale);
    }
}

/* gr-fec's tagged and async decoders derive a frame's length from its channel values with
 * this rate (less the tail's share, computed from the current frame), as for cc_decoder:
 * information bits per channel bit of the punctured mother code, without tails. */
double viterbi_fec_decoder_impl::rate()
{
    return static_cast<double>(d_frames.period_steps()) /
           static_cast<double>(d_frames.period_sent());
}

int viterbi_fec_decoder_impl::get_input_size() { return d_frames.input_size(true); }

int viterbi_fec_decoder_impl::get_output_size() { return d_frames.output_size(true); }

/* async_decoder calls this after the blocks of each PDU (GNU Radio 3.10), before it works out
 * the next PDU's length from get_input_size() and get_output_size(): a refused PDU is over. */
float viterbi_fec_decoder_impl::get_iterations()
{
    d_frames.resume();
    return -1.0f; // gr-fec's "not iterative"
}

/* Floats as they are, not gr-fec's 8-bit offset form ("uchar", 48 x + 128): the engine
 * quantizes with its own scale. */
const char* viterbi_fec_decoder_impl::get_input_conversion() { return "none"; }

/* A frame length no frame of the code has drops the frame (fecapi_frames.h): the request comes
 * from a PDU's length, and throwing would end gr-fec's message handler for good. */
bool viterbi_fec_decoder_impl::set_frame_size(unsigned int frame_size)
{
    const fecapi_request r = fecapi_decoder_request(
        frame_size,
        { rate(), get_input_size(), get_output_size(), d_frames.max_frame_bits(),
          d_frames.max_coded_bits(), d_frames.period_steps() });
    if (!r.refusal.empty())
        return d_frames.refuse(r.refusal);
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
