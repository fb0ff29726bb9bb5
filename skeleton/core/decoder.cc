/* The options every decoder shares, checked once for all families.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/core/decoder.h>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {

decoder_options decoder_options::from_parameters(
    const std::string& backend, const std::string& input, float llr_scale, bool invert, int device)
{
    decoder_options o;
    o.backend = parse_backend(backend);
    o.input = parse_soft_type(input);
    o.llr_scale = llr_scale;
    o.invert = invert;
    o.device = device;
    o.check();
    return o;
}

frame_decoder::~frame_decoder() = default;
stream_decoder::~stream_decoder() = default;
siso_decoder::~siso_decoder() = default;

void frame_decoder::decode(const frame_io& io, size_t n_frames)
{
    if (io.app)
        throw std::invalid_argument("this decoder gives no a-posteriori LLRs");
    if (io.in_type == soft_type::FLOAT)
        decode_frames(static_cast<const float*>(io.in), io.bits, n_frames);
    else
        decode_frames(static_cast<const int8_t*>(io.in), io.bits, n_frames);
    if (io.status)
        std::fill(io.status, io.status + n_frames, frame_status());
}

size_t whole_frames(const frame_decoder& dec, size_t n)
{
    const size_t per = dec.soft_per_frame();
    if (n % per != 0)
        throw std::invalid_argument("llrs has " + std::to_string(n) +
                                    " values, which is not a whole number of frames of " +
                                    std::to_string(per) + " soft values");
    return n / per;
}

namespace {

template <typename T>
std::vector<uint8_t> decode_frames_all(frame_decoder& dec, const T* soft, size_t n)
{
    const size_t frames = whole_frames(dec, n);
    std::vector<uint8_t> bits(frames * dec.bits_per_frame());
    dec.decode_frames(soft, bits.data(), frames);
    return bits;
}

template <typename T>
std::vector<uint8_t> decode_stream_all(stream_decoder& dec, const T* soft, size_t n)
{
    dec.push(soft, n);
    const size_t dropped = dec.flush();
    std::vector<uint8_t> bits(dec.available());
    dec.pull(bits.data(), bits.size());
    if (dropped)
        throw std::invalid_argument(
            "llrs has " + std::to_string(n) + " values, which ends inside a trellis step: its last " +
            std::to_string(dropped) + " values cannot be decoded (pass whole steps)");
    return bits;
}

} // namespace

std::vector<uint8_t> decode_all(frame_decoder& dec, const float* soft, size_t n)
{
    return decode_frames_all(dec, soft, n);
}
std::vector<uint8_t> decode_all(frame_decoder& dec, const int8_t* soft, size_t n)
{
    return decode_frames_all(dec, soft, n);
}
std::vector<uint8_t> decode_all(stream_decoder& dec, const float* soft, size_t n)
{
    return decode_stream_all(dec, soft, n);
}
std::vector<uint8_t> decode_all(stream_decoder& dec, const int8_t* soft, size_t n)
{
    return decode_stream_all(dec, soft, n);
}

} // namespace gpufec
} // namespace gr
