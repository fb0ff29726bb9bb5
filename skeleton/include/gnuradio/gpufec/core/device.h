/* The device-resident entry points of the code families
 * (<gnuradio/gpufec/<family>/<family>_device.h, built with CUDA only): device pointers in and
 * out, work enqueued on the caller's stream, a workspace the caller allocates from the plan's
 * workspace_bytes() (CUB's two-phase call), and nothing allocated or synchronised per call. A
 * plan is built once for a code and its static options (tables on the device, the kernel chosen
 * for this device) over the launchers the CUDA backends run, so that the BER tool, the soak and
 * the benchmarks time and check the kernels the blocks run. Errors are thrown.
 *
 * No CUDA header here: a stream is the runtime's opaque pointer (cudaStream_t is a
 * CUstream_st*), as cuBLAS' users pass it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_DEVICE_H
#define INCLUDED_GPUFEC_CORE_DEVICE_H

struct CUstream_st;

namespace gr {
namespace gpufec {
namespace device {

/*! A cudaStream_t (nullptr: the legacy default stream). */
using stream_t = CUstream_st*;

} // namespace device
} // namespace gpufec
} // namespace gr

#endif
