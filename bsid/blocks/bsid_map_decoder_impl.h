/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_BSID_MAP_DECODER_IMPL_H
#define INCLUDED_GPUFEC_BSID_MAP_DECODER_IMPL_H

#include "bsid/core/bsid_stream_engine.h"
#include "skeleton/blocks/decoder_block.h"
#include <gnuradio/gpufec/bsid_map_decoder.h>
#include <memory>

namespace gr {
namespace gpufec {

/* The skeleton's stream mode (skeleton/blocks/stream_mode.h) over the BSID stream engine: the
 * skeleton does the batches and buffers, the fresh state at every start(), the end-of-stream
 * flush and the tags (the input's onto the frame whose received bits hold them). */
class bsid_map_decoder_impl : public decoder_block<bsid_map_decoder>
{
public:
    bsid_map_decoder_impl(tvb_code_sptr code,
                          bsid_channel_model_sptr channel,
                          bool posteriors,
                          const bsid_map_options& opts);

    bsid_drift_limits limits() const override { return d_engine->map_engine().limits(); }
    uint64_t resyncs() const override { return d_engine->resyncs(); }
    int64_t drift() const override { return d_engine->drift(); }

private:
    bsid_map_decoder_impl(std::shared_ptr<bsid_stream_engine> engine,
                          const tvb_code& code,
                          const std::string& channel);

    const std::shared_ptr<bsid_stream_engine> d_engine;
};

} // namespace gpufec
} // namespace gr

#endif
