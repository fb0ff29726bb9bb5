/* Holding a stream while the host enqueues timed work (median_gpu_ms).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BENCH_GPU_HOLD_H
#define INCLUDED_GPUFEC_BENCH_GPU_HOLD_H

#include <cuda_runtime.h>

namespace gpufec_bench {

/*! Enqueues on @p stream one thread that spins for @p microseconds of the GPU's clock. Queued
 *  before a timed region's start event, it keeps the GPU busy while the host enqueues the timed
 *  work, so the events time the work and not the host's enqueueing (the idea of NVBench's
 *  blocking kernel). */
void hold_stream(cudaStream_t stream, unsigned microseconds);

} // namespace gpufec_bench

#endif
