/* Framed engines in a block: whole frames of a fixed size per call (frame_mode), and what the
 * length-tagged mode (tagged_mode.h) shares with it: the decode call (bits, the optional LLR
 * output, per-frame status: frame_io) and the tags of decoded frames.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_FRAME_MODE_H
#define INCLUDED_GPUFEC_FRAME_MODE_H

#include "block_io.h"
#include <gnuradio/gpufec/core/decoder.h>
#include <memory>
#include <vector>

namespace gr {
namespace gpufec {

/*! @p frames frames with @p dec; their LLRs too when @p app is not null, and their statuses
 *  into @p status when the decoder reports them (else @p status is left empty). */
void decode_frames(frame_decoder& dec,
                   soft_type input,
                   const void* in,
                   uint8_t* out,
                   float* app,
                   size_t frames,
                   std::vector<frame_status>& status);

/*! The output tags of decoded frames: the input's tags on each frame's first bit (length tags
 *  with the decoded length), then frame_start and what the frame's status knows: crc_pass
 *  (bool), iterations (int). */
class frame_tagger
{
public:
    /*! @param length_key the length tag's key besides packet_len (nil for none) */
    frame_tagger(block_io& io, pmt::pmt_t length_key) : d_io(io), d_length_key(std::move(length_key))
    {
    }
    /*! @p frames frames of @p dec, read from input item @p read, just decoded, with their
     *  @p status (empty: none). */
    void tag(const frame_decoder& dec,
             uint64_t read,
             size_t frames,
             const std::vector<frame_status>& status);
    uint64_t frames() const { return d_frames; }
    void reset() { d_frames = 0; }

private:
    block_io& d_io;
    const pmt::pmt_t d_length_key;
    uint64_t d_frames = 0;
};

/*! Frames of the engine's fixed size, up to a batch a call. */
class frame_mode
{
public:
    /*! @param batch_bits the most output items a call gives (a batch, whole frames) */
    frame_mode(block_io& io,
               std::shared_ptr<frame_decoder> dec,
               soft_type input,
               size_t batch_bits);
    void reset();
    int forecast(size_t noutput_items) const;
    int work(size_t noutput_items, size_t ninput_items, const void* in, uint8_t* out, float* app);
    uint64_t frames() const { return d_tagger.frames(); }
    nonfinite_report nonfinite() const { return d_dec->nonfinite(); }
    const frame_decoder& engine() const { return *d_dec; }

private:
    block_io& d_io;
    const std::shared_ptr<frame_decoder> d_dec;
    const soft_type d_input;
    const size_t d_soft_per, d_bits_per, d_batch_bits;
    frame_tagger d_tagger;
    std::vector<frame_status> d_status;
};

} // namespace gpufec
} // namespace gr

#endif
