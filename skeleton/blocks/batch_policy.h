/* How much a decoder block takes per call, and how it makes GNU Radio size its buffers for
 * that: used by every decoder mode and by bsid's block.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BATCH_POLICY_H
#define INCLUDED_GPUFEC_BATCH_POLICY_H

#include <gnuradio/gpufec/core/backend.h>
#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {

/* Input items per work() call that the buffers are sized for. A GPU call has a fixed cost
 * (launches, copies, one synchronisation) of tens of microseconds and the kernels want
 * thousands of tiles or frames in flight, so it needs megabytes of input per call to pass
 * 1 Gbit/s; GNU Radio's default buffers (32 KiB) would cap it far below that. The CPU decoder
 * only needs enough frames to keep its threads busy. */
constexpr size_t decoder_block_batch_cuda = size_t(1) << 24;
constexpr size_t decoder_block_batch_cpu = size_t(1) << 18;

/* Largest frame a block takes, in input or output items: GNU Radio buffers must hold a few
 * frames, and item counts are ints. */
constexpr size_t decoder_block_max_frame = size_t(1) << 24;

/* Largest output buffer the allocation trick may ask for (posteriors are large items). */
constexpr size_t decoder_block_max_alloc_bytes = size_t(16) << 20;

inline int clamp_int(size_t v) { return static_cast<int>(std::min<size_t>(v, 1u << 30)); }

inline size_t decoder_block_batch(backend_kind kind)
{
    return kind == backend_kind::CUDA ? decoder_block_batch_cuda : decoder_block_batch_cpu;
}

/*!
 * The output multiples of a decoder block. GNU Radio sizes the upstream buffer to at least
 * twice a block's output_multiple times its decimation, and a block cannot size its upstream
 * buffer otherwise. So the output multiple is one batch while the flowgraph allocates buffers
 * (alloc, set in the constructor and at stop()), and whole frames while it runs (work, set at
 * start()): calls then take up to a batch whenever that much input has queued, and still any
 * whole number of frames (the end of a stream too).
 */
struct batch_policy {
    int work_multiple = 1;
    int alloc_multiple = 1;

    /*!
     * @param kind the engine's backend
     * @param in_per, out_per input and output items of a frame (or of a stream's period)
     * @param whole_frames output only in whole frames while running (framed engines)
     * @param out_item_bytes bytes of an output item
     */
    static batch_policy
    make(backend_kind kind, size_t in_per, size_t out_per, bool whole_frames, size_t out_item_bytes)
    {
        batch_policy p;
        const size_t blocks = std::max<size_t>(1, decoder_block_batch(kind) / in_per);
        const size_t batch_items =
            std::min(blocks * out_per,
                     std::max<size_t>(1, decoder_block_max_alloc_bytes / out_item_bytes));
        p.work_multiple = whole_frames ? clamp_int(out_per) : 1;
        p.alloc_multiple = std::max(p.work_multiple, clamp_int(batch_items));
        if (whole_frames)
            p.alloc_multiple -= p.alloc_multiple % p.work_multiple;
        return p;
    }

    /*! Frames of any size up to @p max_in input items (length-tagged frames) at @p in_per
     *  input to @p out_per output items: buffers for two of those, output in any amount while
     *  running. */
    void for_sized_frames(size_t max_in, size_t in_per, size_t out_per)
    {
        work_multiple = 1;
        alloc_multiple =
            std::max(alloc_multiple, clamp_int((2 * max_in * out_per + in_per - 1) / in_per));
    }
};

/*! @throws std::invalid_argument when a frame of @p in_per input and @p out_per output items
 *  is too large for a block (@p in_name, @p out_name: what the items are). */
inline void check_block_frame(const std::string& what,
                              size_t in_per,
                              size_t out_per,
                              const char* in_name = "soft values",
                              const char* out_name = "bits")
{
    if (in_per > decoder_block_max_frame || out_per > decoder_block_max_frame)
        throw std::invalid_argument(what + ": a frame of " + std::to_string(in_per) + " " +
                                    in_name + " and " + std::to_string(out_per) + " " +
                                    out_name + " is too large for a block: at most " +
                                    std::to_string(decoder_block_max_frame) + " of each");
}

} // namespace gpufec
} // namespace gr

#endif
