/* The BSID stream decoder as a stream engine (skeleton/include/gnuradio/gpufec/core/engine.h):
 * what the block runs in the skeleton's stream mode. Each decoded frame is written once,
 * straight from the decoder's decisions (or posteriors) into the output the block pulls, and
 * reported as an event: its tags, where its received bits end, and a warning when it was
 * placed after a loss of sync.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BSID_STREAM_ENGINE_H
#define INCLUDED_GPUFEC_BSID_STREAM_ENGINE_H

#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <gnuradio/gpufec/core/engine.h>
#include <atomic>
#include <deque>
#include <vector>

namespace gr {
namespace gpufec {

class bsid_stream_engine final : public stream_engine
{
public:
    /*! @param posteriors output q floats per symbol (else log2 q decided bits per symbol) */
    bsid_stream_engine(tvb_code_sptr code,
                       const bsid_params& channel,
                       const bsid_map_options& opts,
                       bool posteriors);

    const bsid_map_decoder_engine& map_engine() const { return m_dec.engine(); }
    const backend_choice& backend() const override { return m_dec.engine().backend(); }
    stream_shape shape() const override;
    void push(const void* in, size_t n) override;
    size_t flush() override;
    void reset() override;
    size_t pending() const override { return m_dec.pending(); }
    size_t available() const override { return (m_out.size() - m_head) / m_item_bytes; }
    size_t pull(void* out, size_t max) override;
    bool next_event(stream_event& e) override;
    uint64_t frames() const override { return m_frames.load(); }
    /*! A packet's received bits as the output items of the whole frames they make (the
     *  nearest number: the drift moves a frame's end by a few bits). */
    uint64_t out_length(uint64_t in_items) const override;

    /*! Losses of sync detected since the last reset() (any thread). */
    uint64_t resyncs() const { return m_resyncs.load(); }
    /*! The last frame's end drift (any thread). */
    int64_t drift() const { return m_drift.load(); }

private:
    void put(const bsid_stream_frame& f, const uint32_t* symbols, const double* posteriors);

    const tvb_code_sptr m_code;
    const bool m_posteriors;
    const size_t m_item_bytes;
    const size_t m_items_per_frame;
    bsid_stream_decoder m_dec;
    std::vector<uint8_t> m_out; //!< output items not yet pulled, from m_head on
    size_t m_head = 0;
    uint64_t m_put = 0;         //!< output items put since the last reset
    std::deque<stream_event> m_events;
    std::atomic<uint64_t> m_frames{ 0 };
    std::atomic<uint64_t> m_resyncs{ 0 };
    std::atomic<int64_t> m_drift{ 0 };
};

} // namespace gpufec
} // namespace gr

#endif
