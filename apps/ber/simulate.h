/* One Eb/N0 point: batches of frames until a stopping rule holds, the point ending exactly at
 * the first frame at which it holds. Its figures are therefore a function of the seed and the
 * rule alone, not of the batch sizes or the backend.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_SIMULATE_H
#define INCLUDED_GPUFEC_BER_SIMULATE_H

#include "simulator.h"
#include <cstdint>
#include <functional>
#include <limits>

namespace gpufec_ber {

/*! Why a point ended. */
enum class stop_reason { ERRORS, FRAMES, BITS };

const char* stop_reason_name(stop_reason r); //!< "errors", "frames", "bits"

/*!
 * A point ends at the first frame at which it has at least min_frame_errors frame errors and
 * at least min_bit_errors bit errors, or has max_frames frames, or at least max_bits bits
 * (the bit limit is rounded up to whole frames). All four are at least 1.
 */
struct stop_rule {
    uint64_t min_frame_errors = 100;
    uint64_t min_bit_errors = 1;
    uint64_t max_frames = 100000;
    uint64_t max_bits = std::numeric_limits<uint64_t>::max();

    /*! Frames a point runs at most. */
    uint64_t frame_limit(size_t frame_bits) const;
    bool enough_errors(const frame_counts& c) const;
    bool done(const frame_counts& c, size_t frame_bits) const;
    /*! Why a point that is done() ended: the error target first, then the binding limit. */
    stop_reason reason(const frame_counts& c, size_t frame_bits) const;
};

struct point_result {
    frame_counts counts;
    stop_reason reason;
};

/*! Called after each batch with the counts so far. */
using progress_fn = std::function<void(const frame_counts&)>;

/*!
 * Runs batches on @p sim, keeping up to sim.depth() in flight, from small ones (quick points
 * end quickly) doubling up to sim.max_batch_frames(). The batch in which the rule first holds
 * is walked frame by frame to the exact frame.
 */
point_result simulate_point(frame_simulator& sim,
                            size_t frame_bits,
                            const stop_rule& rule,
                            const progress_fn& progress = {});

} // namespace gpufec_ber

#endif
