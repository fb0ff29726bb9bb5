/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_BSID_MAP_DECODER_IMPL_H
#define INCLUDED_GPUFEC_BSID_MAP_DECODER_IMPL_H

#include <gnuradio/gpufec/bsid_map_decoder.h>
#include <atomic>
#include <deque>
#include <memory>
#include <vector>

namespace gr {
namespace gpufec {

/* Not a decoder_block (skeleton/blocks/decoder_block.h): that skeleton is written for soft
 * input of a fixed item type and for engines whose soft values per decoded bit are fixed, while
 * this decoder takes hard bits and consumes a varying number of them per frame (the drift). It
 * borrows the skeleton's batch sizes and its buffer-allocation trick, and its end-of-stream
 * flush and fresh state at every start(). */
class bsid_map_decoder_impl : public bsid_map_decoder
{
public:
    bsid_map_decoder_impl(tvb_code_sptr code,
                          bsid_channel_model_sptr channel,
                          bool posteriors,
                          const bsid_map_options& opts);

    std::string backend() const override;
    bsid_drift_limits limits() const override { return d_dec.engine().limits(); }
    uint64_t frames_decoded() const override { return d_frames.load(); }
    uint64_t resyncs() const override { return d_resyncs.load(); }
    int64_t drift() const override { return d_drift.load(); }

    bool start() override;
    bool stop() override;
    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override;
    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override;

private:
    bool upstream_done() const;
    size_t unread() const;
    void decode(const uint8_t* in, size_t n, bool last);
    void queue_frame(const bsid_stream_frame& f);
    void move_tags(uint64_t received_end, uint64_t offset);

    const tvb_code_sptr d_code;
    const bool d_posteriors;      //!< output posteriors (else decided bits)
    const size_t d_item_size;     //!< bytes per output item
    const size_t d_items_per_frame;
    const size_t d_push_bits;     //!< input bits pushed per call at most
    int d_alloc_multiple = 1;     //!< output multiple while buffers are allocated
    bsid_stream_decoder d_dec;
    std::vector<uint8_t> d_bits;  //!< the input as 0/1
    std::vector<uint8_t> d_queue; //!< output items not yet written
    size_t d_queue_head = 0;      //!< bytes of d_queue already written
    bool d_flushed = false;
    uint64_t d_origin = 0;        //!< input item of the stream's first bit
    std::deque<gr::tag_t> d_tags; //!< input tags of bits pushed, not yet on a frame
    uint64_t d_last_offset = 0;   //!< output item of the last queued frame's start
    std::atomic<uint64_t> d_frames{ 0 };
    std::atomic<uint64_t> d_resyncs{ 0 };
    std::atomic<int64_t> d_drift{ 0 };
};

} // namespace gpufec
} // namespace gr

#endif
