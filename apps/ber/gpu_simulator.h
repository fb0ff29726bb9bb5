/* The part of a GPU-resident simulation that every family shares: batches on the two slots of a
 * slot_ring (skeleton/cuda/slot_ring.h: a CUDA stream, an event and the error counters each) so
 * that one batch runs while the host reads the counts of the other, the error counting, and the
 * batch size.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_GPU_SIMULATOR_H
#define INCLUDED_GPUFEC_BER_GPU_SIMULATOR_H

#include "simulator.h"
#include <cuda_runtime.h>
#include <functional>
#include <memory>

namespace gpufec_ber {

/*! A family's device work for one batch, on one of two lanes of buffers. */
class gpu_pipeline
{
public:
    static constexpr unsigned lanes = 2;

    virtual ~gpu_pipeline() = default;
    /*! The frames per batch its buffers were sized for. */
    virtual size_t max_batch_frames() const = 0;

    struct batch_bits {
        const uint8_t* info;    //!< sent bits of the batch's frames (device)
        const uint8_t* decoded; //!< decided bits of the same frames (device)
    };
    /*! Enqueues frames [first_frame, first_frame + n_frames) on @p stream, into @p lane's
     *  buffers (the previous batch of that lane is finished). */
    virtual batch_bits enqueue(unsigned lane, uint64_t first_frame, size_t n_frames, cudaStream_t stream) = 0;
};

/*!
 * Frames per batch: @p requested when not 0, else the most frames of at most 2^27 information
 * bits for which both lanes (lane_bytes(n) each, plus the error counts) take at most half of
 * the free device memory.
 */
size_t gpu_batch_frames(size_t requested, size_t frame_bits, const std::function<size_t(size_t)>& lane_bytes);

/*! Counts the errors of @p pipeline's batches on the device. */
std::unique_ptr<frame_simulator> make_gpu_simulator(std::unique_ptr<gpu_pipeline> pipeline, size_t frame_bits);

} // namespace gpufec_ber

#endif
