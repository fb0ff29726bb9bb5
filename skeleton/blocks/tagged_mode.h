/* Length-tagged frames in a block, as GNU Radio's tagged-stream blocks read them: a packet
 * starts at every length tag ("packet_len" or the block's key) and its length in soft values
 * chooses the engine, which the family makes on demand, once per length. Frames that no
 * engine can decode, cut short by the next tag or by the end of the stream are dropped with
 * a warning, never a hang.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_TAGGED_MODE_H
#define INCLUDED_GPUFEC_TAGGED_MODE_H

#include "frame_mode.h"
#include <functional>
#include <map>
#include <string>

namespace gr {
namespace gpufec {

/*! Makes the engine for frames of a given number of soft values (length-tagged input), or
 *  throws std::invalid_argument when no frame has that length. */
using sized_frame_decoder = std::function<std::shared_ptr<frame_decoder>(size_t soft_values)>;

class tagged_mode
{
public:
    /*!
     * @param first the engine of the block's own frame length
     * @param max_frame_soft the longest frame accepted
     */
    tagged_mode(block_io& io,
                std::shared_ptr<frame_decoder> first,
                soft_type input,
                const std::string& length_tag,
                sized_frame_decoder sized,
                size_t max_frame_soft);
    void reset();
    int forecast() const;
    int work(size_t noutput_items, size_t ninput_items, const void* in, uint8_t* out, float* app);
    uint64_t frames() const { return d_tagger.frames(); }
    /*! The engines' counts; positions are those of the first frame concerned. */
    nonfinite_report nonfinite() const;
    /*! The engine of the block's own frame length. */
    const frame_decoder& engine() const { return *d_first_engine; }

private:
    std::shared_ptr<frame_decoder> engine_for(size_t soft_values);

    block_io& d_io;
    const soft_type d_input;
    const pmt::pmt_t d_length_tag;
    const sized_frame_decoder d_sized;
    const size_t d_max_frame_soft;
    const std::shared_ptr<frame_decoder> d_first_engine;
    std::map<size_t, std::shared_ptr<frame_decoder>> d_engines; //!< by frame length
    frame_tagger d_tagger;
    std::vector<frame_status> d_status;
    size_t d_need = 1;                   //!< soft values the next frame needs
    uint64_t d_first = UINT64_MAX;        //!< first frame with non-finite values
    uint64_t d_erased_first = UINT64_MAX; //!< first frame llr_scale erased
};

} // namespace gpufec
} // namespace gr

#endif
