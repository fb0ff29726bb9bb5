/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "conv_ber_stream_plan.h"

namespace gpufec_ber {

namespace {
uint64_t ceil_div(uint64_t a, uint64_t b) { return a / b + (a % b != 0); }
} // namespace

stream_batch plan_stream_batch(size_t steps_per_block,
                               const gr::gpufec::viterbi_tiling& tiling,
                               size_t frame_bits,
                               uint64_t first_frame,
                               size_t n_frames)
{
    const uint64_t P = tiling.payload;
    const uint64_t begin = first_frame * frame_bits, end = begin + uint64_t(n_frames) * frame_bits;
    const uint64_t t0 = begin / P, t1 = ceil_div(end, P);
    // Tile t reads steps [max(0, tP - before), (t+1)P + after): all of them, for complete tiles.
    const uint64_t from = t0 * P > tiling.before ? t0 * P - tiling.before : 0;
    const uint64_t to = t1 * P + tiling.after;
    const uint64_t b0 = from / steps_per_block, b1 = ceil_div(to, steps_per_block);
    stream_batch b;
    b.first_block = b0;
    b.n_blocks = size_t(b1 - b0);
    b.first_tile = t0;
    b.n_tiles = size_t(t1 - t0);
    b.info_offset = size_t(begin - b0 * steps_per_block);
    b.decoded_offset = size_t(begin - t0 * P);
    return b;
}

size_t stream_batch_max_tiles(const gr::gpufec::viterbi_tiling& tiling, size_t frame_bits, size_t n_frames)
{
    // The frames span n F steps from anywhere: at most n F / P + 2 tiles touch them.
    return n_frames * frame_bits / tiling.payload + 2;
}

size_t stream_batch_max_blocks(size_t steps_per_block,
                               const gr::gpufec::viterbi_tiling& tiling,
                               size_t frame_bits,
                               size_t n_frames)
{
    const size_t steps =
        stream_batch_max_tiles(tiling, frame_bits, n_frames) * tiling.payload + tiling.before + tiling.after;
    return steps / steps_per_block + 2;
}

} // namespace gpufec_ber
