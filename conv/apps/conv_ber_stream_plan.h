/* The pieces of one endless stream that a batch of frames needs, when a streaming code is
 * decoded in tiles (docs/viterbi.md, "Streaming mode"): the GPU-resident simulation decodes a
 * batch as exactly these complete tiles of the stream, which is what the CPU engine does
 * while the stream goes on, so both take the same decisions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_STREAM_PLAN_H
#define INCLUDED_GPUFEC_BER_STREAM_PLAN_H

#include <gnuradio/gpufec/conv/viterbi.h>
#include <cstddef>
#include <cstdint>

namespace gpufec_ber {

/*! Frame f is stream steps (= information bits) [f F, (f + 1) F). */
struct stream_batch {
    uint64_t first_block; //!< code blocks (whole puncturing periods) to generate,
    size_t n_blocks;      //!< covering every step the tiles read
    uint64_t first_tile;  //!< tiles to decode: every tile with a step in the frames
    size_t n_tiles;
    size_t info_offset;    //!< the first frame's first bit among the generated blocks' bits
    size_t decoded_offset; //!< ... and among the decoded tiles' decisions
};

/*! The batch of frames [first_frame, first_frame + n_frames). */
stream_batch plan_stream_batch(size_t steps_per_block,
                               const gr::gpufec::viterbi_tiling& tiling,
                               size_t frame_bits,
                               uint64_t first_frame,
                               size_t n_frames);

/*! Upper bounds of n_tiles and n_blocks over every batch of n_frames frames (buffer sizes). */
size_t stream_batch_max_tiles(const gr::gpufec::viterbi_tiling& tiling, size_t frame_bits, size_t n_frames);
size_t stream_batch_max_blocks(size_t steps_per_block,
                               const gr::gpufec::viterbi_tiling& tiling,
                               size_t frame_bits,
                               size_t n_frames);

} // namespace gpufec_ber

#endif
