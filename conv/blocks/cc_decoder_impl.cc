/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "cc_decoder_impl.h"
#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace gr {
namespace gpufec {

cc_decoder::sptr cc_decoder::make(int frame_size,
                                  int k,
                                  int rate,
                                  std::vector<int> polys,
                                  int start_state,
                                  int end_state,
                                  cc_mode_t mode,
                                  bool padded,
                                  const std::string& backend,
                                  int device,
                                  bool find_pairing)
{
    return std::make_shared<cc_decoder_impl>(
        cc_mode("cc_decoder", frame_size, k, rate, polys, start_state, end_state, mode, padded),
        decoder_options::from_parameters(backend, "int8", 1.0f, false, device),
        find_pairing);
}

cc_decoder_impl::cc_decoder_impl(const cc_mode& cc,
                                 const decoder_options& common,
                                 bool find_pairing)
    : d_cc(cc), d_engines(common), d_frame(cc.max_frame())
{
    if (find_pairing) {
        if (cc.mode() != CC_STREAMING)
            throw std::invalid_argument(
                "cc_decoder: find_pairing needs mode CC_STREAMING: a frame's start fixes the "
                "pairing of its code symbols");
        // gr-fec's blocks puncture, so the object sees the mother code: its n pairings. The
        // values are int8 already (cc_decoder's bytes): the engines' options, with tiles of
        // pairing_payload steps rather than the streaming default 512: the output lags by a
        // tile, and gr-fec's objects have no end of stream to flush at, so a stream's last
        // bits stay inside (K=7 r1/2: 224 bits rather than 608); warm-up and traceback, which
        // decide, stay the code's defaults.
        viterbi_options opts = d_engines.options();
        opts.tiling.payload = pairing_payload;
        d_pairing = std::make_unique<viterbi_pairing_decoder>(
            d_cc.code(termination::STREAMING, d_frame), opts);
        d_delay = d_pairing->max_delay();
        d_code = d_cc.code(termination::STREAMING, d_frame);
        return;
    }
    if (cc.mode() == CC_STREAMING) {
        // The warm-up of the module's streaming decoder for these generators (docs/viterbi.md,
        // "Default tiling"): started from equal metrics that many steps back, a window decides
        // as the whole received history would but rarely, and carries no decision over.
        d_warm_up = viterbi_tiling::defaults(*d_cc.code(termination::STREAMING, 1)).before;
        d_history.assign(d_warm_up * cc.n(), 0);
    }
    use_frame(d_frame);
}

void cc_decoder_impl::use_frame(size_t frame)
{
    const size_t k1 = static_cast<size_t>(d_cc.k() - 1);
    d_frame = frame;
    if (d_pairing) // one stream decoder, whatever the frame
        return;
    d_flips.clear();
    switch (d_cc.mode()) {
    case CC_STREAMING: // k-1 erasures, the warm-up, the frame and the k-1 steps after it
        d_code = d_cc.code(termination::TRUNCATED, k1 + d_warm_up + frame + k1);
        break;
    case CC_TERMINATED:
        if (d_cc.end_state() < 0) { // the tail decoded as data: the best state after it
            d_code = d_cc.code(termination::TRUNCATED, frame + k1);
            d_flips = d_cc.flips(d_cc.start_state(), frame + k1);
        } else {
            d_code = d_cc.code(termination::TERMINATED, frame);
            d_flips = d_cc.flips(d_cc.start_state(), frame + k1, d_cc.end_state());
        }
        break;
    case CC_TRUNCATED:
        d_code = d_cc.code(termination::TRUNCATED, frame);
        d_flips = d_cc.flips(d_cc.start_state(), frame);
        break;
    default:
        d_code = d_cc.code(termination::TAILBITING, frame);
    }
    d_engines.get(d_code); // made now, not in the first call
}

std::string cc_decoder_impl::backend() const
{
    return d_pairing ? backend_name(d_pairing->backend().kind) : d_engines.backend();
}

size_t cc_decoder_impl::frame_values(size_t frame) const
{
    const size_t k1 = static_cast<size_t>(d_cc.k() - 1);
    return d_cc.mode() == CC_TERMINATED ? d_cc.n() * (frame + k1) + d_cc.padding()
                                        : d_cc.n() * frame;
}

int cc_decoder_impl::get_output_size()
{
    return d_refusal.refused() ? fecapi_refusal::refused_output_size
                               : static_cast<int>(d_frames * d_frame);
}

int cc_decoder_impl::get_input_size()
{
    return d_refusal.refused() ? fecapi_refusal::refused_input_size
                               : static_cast<int>(d_frames * frame_values(d_frame));
}

/* gr-fec's fec.decoder block hands a streaming decoder n (k-1) channel bits past the frame. */
int cc_decoder_impl::get_history()
{
    return d_cc.mode() == CC_STREAMING ? static_cast<int>(d_cc.n()) * (d_cc.k() - 1) : 0;
}

/* A frame length no frame has drops the frame (fecapi_frames.h): the request comes from a
 * PDU's length, and throwing would end gr-fec's message handler for good. */
bool cc_decoder_impl::set_frame_size(unsigned int frame_size)
{
    const fecapi_request r = fecapi_decoder_request(
        frame_size,
        { rate(), get_input_size(), get_output_size(), d_cc.max_frame(),
          frame_values(d_cc.max_frame()), 1 });
    if (!r.refusal.empty())
        return d_refusal.refuse(r.refusal);
    d_refusal.resume();
    size_t frame = 0;
    const bool fits = d_cc.clamp_frame(frame_size, frame, d_logger);
    // A packet of whole frames of the largest size is decoded in one call: GNU Radio 3.10.5's
    // async_decoder calls a decoder that takes bytes once per PDU (gr-fec's cc_decoder then
    // decodes its first frame only). get_iterations() ends it, before async_decoder works out
    // the next PDU's length from the sizes (a tail per frame would count otherwise).
    d_frames = d_cc.mode() != CC_STREAMING ? std::max<size_t>(1, r.whole_frames) : 1;
    if (frame != d_frame)
        use_frame(frame);
    return fits;
}

/* async_decoder calls this after each PDU (GNU Radio 3.10), before it works out the next
 * PDU's length from get_input_size() and get_output_size(): a refused PDU, or one of several
 * frames, is over. */
float cc_decoder_impl::get_iterations()
{
    d_refusal.resume();
    d_frames = 1;
    return -1.0f; // gr-fec's "not iterative"
}

void cc_decoder_impl::to_soft(const uint8_t* in,
                              size_t stride,
                              size_t n_frames,
                              const std::vector<uint32_t>& flips)
{
    const size_t coded = d_code->coded_bits_per_block();
    d_soft.resize(n_frames * coded); // grows once: no allocation in steady state
    for (size_t f = 0; f < n_frames; ++f) {
        const uint8_t* u = in + f * stride;
        int8_t* q = d_soft.data() + f * coded;
        for (size_t i = 0; i < coded; ++i) // byte - 128 as int8 (-128 reads as -127)
            q[i] = static_cast<int8_t>(u[i] ^ 0x80u);
        for (uint32_t p : flips)
            q[p] = static_cast<int8_t>(-std::max<int8_t>(q[p], -127));
    }
}

void cc_decoder_impl::generic_work(void* inbuffer, void* outbuffer)
{
    if (d_refusal.refused()) {
        d_refusal.drop(d_logger);
        return;
    }
    // At the first frame, not at construction: GRC makes objects each time it evaluates a
    // definition block.
    if (!d_working) {
        static const char* const modes[] = { "CC_STREAMING", "CC_TERMINATED", "CC_TRUNCATED",
                                             "CC_TAILBITING" };
        d_logger->info("decoding {} frames of {:d} bits as '{}' on the {} backend{}",
                       modes[d_cc.mode()], d_frame, d_code->name(), backend(),
                       d_pairing ? ", finding the symbol pairing (output " +
                                       std::to_string(d_delay) + " bits late)"
                                 : std::string());
        d_working = true;
    }
    const auto* in = static_cast<const uint8_t*>(inbuffer);
    auto* out = static_cast<uint8_t*>(outbuffer);
    if (d_pairing) {
        work_pairing(in, out);
        return;
    }
    if (d_cc.mode() == CC_STREAMING) {
        work_streaming(in, out);
        return;
    }
    const size_t per_frame = static_cast<size_t>(get_input_size()) / d_frames;
    to_soft(in, per_frame, d_frames, d_flips);
    viterbi_decoder_engine& engine = d_engines.get(d_code);
    const size_t decoded = d_code->frame_bits();
    if (decoded == d_frame) {
        engine.decode_frames(d_soft.data(), out, d_frames);
        return;
    }
    d_bits.resize(d_frames * decoded);
    engine.decode_frames(d_soft.data(), d_bits.data(), d_frames);
    for (size_t f = 0; f < d_frames; ++f)
        std::memcpy(out + f * d_frame, d_bits.data() + f * decoded, d_frame);
}

void cc_decoder_impl::work_streaming(const uint8_t* in, uint8_t* out)
{
    // The code starts in state 0: k-1 erasures then reach every state with the same metric.
    const size_t k1 = static_cast<size_t>(d_cc.k() - 1), n = d_cc.n();
    const size_t lead = k1 * n, history = d_warm_up * n, frame = d_frame * n;
    d_soft.resize(d_code->coded_bits_per_block());
    std::fill(d_soft.begin(), d_soft.begin() + lead, int8_t(0));
    std::copy(d_history.begin(), d_history.end(), d_soft.begin() + lead);
    int8_t* q = d_soft.data() + lead + history;
    for (size_t i = 0; i < frame + lead; ++i)
        q[i] = static_cast<int8_t>(in[i] ^ 0x80u);
    d_bits.resize(d_code->frame_bits());
    d_engines.get(d_code).decode_frames(d_soft.data(), d_bits.data(), 1);
    std::memcpy(out, d_bits.data() + k1 + d_warm_up, d_frame);
    // The next frame's warm-up: the last steps up to this frame's end.
    std::copy(q + frame - history, q + frame, d_history.begin());
}

void cc_decoder_impl::work_pairing(const uint8_t* in, uint8_t* out)
{
    // The frame's values only: the k-1 steps after it (gr-fec's history) come next call.
    const size_t values = d_cc.n() * d_frame;
    d_soft.resize(values);
    for (size_t i = 0; i < values; ++i)
        d_soft[i] = static_cast<int8_t>(in[i] ^ 0x80u);
    d_pairing->push(d_soft.data(), values);
    // Output bit i is stream bit i - d_delay: zeros first, then max_delay() guarantees the bits.
    const size_t zeros = d_output < d_delay ? std::min<size_t>(d_frame, d_delay - d_output) : 0;
    std::memset(out, 0, zeros);
    d_pulled.clear();
    const size_t got = d_pairing->pull(out + zeros, d_frame - zeros, d_pulled);
    if (got != d_frame - zeros)
        throw std::logic_error("cc_decoder: the pairing decoder is later than its max_delay()");
    for (pairing_change c : d_pulled) {
        c.bit += d_output + zeros;
        d_logger->info("symbol pairing: offset {:d} from output bit {:d}", c.offset, c.bit);
        d_offset = c.offset;
        d_changes.push_back(c);
        if (d_changes.size() > max_pairing_changes)
            d_changes.pop_front();
    }
    d_output += d_frame;
}

std::vector<pairing_change> cc_decoder_impl::pairing_changes()
{
    std::vector<pairing_change> changes(d_changes.begin(), d_changes.end());
    d_changes.clear();
    return changes;
}

} // namespace gpufec
} // namespace gr
