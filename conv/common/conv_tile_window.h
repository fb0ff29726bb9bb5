/* The steps a streaming tile reads (docs/viterbi.md), for the engine, both backends and every
 * tile kernel: tile u decodes steps [uP, (u+1)P); its add-compare-select starts `before` steps
 * earlier (at step 0 at the latest, where state 0 is known) and runs `after` steps past the
 * tile, clipped at the end of what is held.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_COMMON_CONV_TILE_WINDOW_H
#define INCLUDED_GPUFEC_COMMON_CONV_TILE_WINDOW_H

#include <gnuradio/gpufec/core/core_api.h>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace conv {

struct tile_window {
    uint64_t first; //!< the tile's first decoded step, uP
    uint64_t begin; //!< where its ACS starts
    uint64_t end;   //!< where its ACS ends (exclusive)
};

GPUFEC_HOST_DEVICE uint64_t tile_begin(uint64_t tile, uint64_t payload, uint64_t before)
{
    const uint64_t first = tile * payload;
    return first > before ? first - before : 0;
}

GPUFEC_HOST_DEVICE tile_window
tile_window_of(uint64_t tile, uint64_t payload, uint64_t before, uint64_t after, uint64_t held_end)
{
    const uint64_t first = tile * payload;
    const uint64_t end = first + payload + after;
    return { first, tile_begin(tile, payload, before), end < held_end ? end : held_end };
}

} // namespace conv
} // namespace gpufec
} // namespace gr

#endif
