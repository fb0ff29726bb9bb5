/* Splitting host work over threads: the CPU decoders spread frames over cores, and the GPU
 * backends spread the host-side copies, which one core cannot do at PCIe speed.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_PARALLEL_FOR_H
#define INCLUDED_GPUFEC_CORE_PARALLEL_FOR_H

#include <cstddef>
#include <functional>

namespace gr {
namespace gpufec {

/*!
 * Runs job(worker, begin, end) once for each of `workers` contiguous shares of [0, n), spread
 * over threads (the calling thread among them): those of a process-wide pool, or threads
 * started for the pass while another pass holds the pool. Shares must not wait for each other.
 * Rethrows the first exception a share threw.
 */
void parallel_for(size_t n,
                  size_t workers,
                  const std::function<void(size_t worker, size_t begin, size_t end)>& job);

/*! Threads worth using for a memory pass of @p bytes (one per MiB, at most 8). */
size_t copy_workers(size_t bytes);

/*! memcpy, on several threads when it is large. */
void parallel_copy(void* dst, const void* src, size_t bytes);

} // namespace gpufec
} // namespace gr

#endif
