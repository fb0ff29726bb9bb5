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
 * Runs job(worker, begin, end) on `workers` contiguous shares of [0, n), one thread each (the
 * calling thread takes share 0), and rethrows the first exception a share threw.
 */
void parallel_for(size_t n,
                  size_t workers,
                  const std::function<void(size_t worker, size_t begin, size_t end)>& job);

/*! Threads worth using for a memory pass of @p bytes (1 below a few MiB: a thread costs
 *  tens of microseconds to start). */
size_t copy_workers(size_t bytes);

/*! memcpy, on several threads when it is large. */
void parallel_copy(void* dst, const void* src, size_t bytes);

} // namespace gpufec
} // namespace gr

#endif
